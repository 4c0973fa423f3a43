import DioramaManifest
import DioramaModel
import DioramaSimulator
import Foundation

@testable import Diorama

/// An app of this test process on the real Wayland backend, connected over
/// a real socket to a simulator running on its own thread: for what the
/// fake backend cannot show (frames, presenters, screenshots). Nothing runs
/// the main queue's event loop; tests hand the compositor's events to the
/// runtime themselves (`dispatchEventsAlreadyReceived`, `pump`).
@MainActor
final class InProcessWaylandApp {
    let simulator: BackgroundSimulator
    let backend: WaylandSceneBackend
    let application: Application
    let trace: RuntimeTrace

    /// Starts the simulator on `layout` (its first display the default) —
    /// on a ``ManualClock`` when `manualClock`, so frame callbacks fire only
    /// when the test calls `deliverFrame()` — and an application on the Main
    /// configuration; no scene yet.
    init(layout: DisplayLayout, manualClock: Bool = false) throws {
        let defaultDisplay = layout.displays.first?.name
        simulator = try BackgroundSimulator {
            SimulatorConfiguration(
                layout: layout, clock: manualClock ? ManualClock() : MonotonicClock(), defaultDisplay: defaultDisplay)
        }
        do {
            backend = try WaylandSceneBackend(environment: simulator.clientEnvironment)
        } catch {
            simulator.stop()
            throw error
        }
        trace = RuntimeTrace(descriptor: nil, keepsRecords: true)
        let manifest = try SceneManifest.load(from: try writeInfoPlist(), variables: ["PRODUCT_MODULE_NAME": "DioramaRuntimeTests"])
        let registry = SceneClassRegistry()
        registry.register(RecordingSceneDelegate.self)
        application = Application(
            manifest: manifest, registry: registry, delegate: nil, store: temporaryStore(), backend: backend, trace: trace)
        // Not `attach(to:)`: that would take SIGINT and SIGTERM from the test process.
        backend.application = application
    }

    /// Destroys the scenes' surfaces, then stops the simulator. Call once.
    func stop() {
        for scene in application.connectedScenes { backend.destroyHost(for: scene) }
        simulator.stop()
    }

    /// Handles the compositor's events as the runtime's event loop would (one
    /// batch each time the socket is readable) until `condition` holds. Each
    /// wait for the socket is bounded (100 ms), and so is the whole (20 s).
    func pump(until what: String, _ condition: () throws -> Bool) throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw InProcessWaylandAppError("timed out waiting for \(what)") }
            var socket = pollfd(fd: backend.connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&socket, 1, 100)
            backend.dispatchEventsAlreadyReceived()
            try backend.connection.flush()
        }
    }
}

struct InProcessWaylandAppError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
