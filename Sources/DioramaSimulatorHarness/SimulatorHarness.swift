import DioramaModel
import DioramaPOSIX
import DioramaSimulator
import Foundation
import Glibc
import WaylandClient

extension Simulator {
    /// A simulator and its clients driven by one test thread, deterministically
    /// — SwiftNIO's `EmbeddedEventLoop` for Wayland.
    ///
    /// The harness starts a simulator with a ``ManualClock`` on a socket in a
    /// private directory, connects clients over that real socket, and moves
    /// messages only when the test says so: ``roundtrip(_:)`` exchanges
    /// everything pending between one client and the simulator, ``pump()``
    /// does it for every client. Frame callbacks fire only on
    /// ``Simulator/deliverFrame()`` or ``Simulator/advanceTime(by:)``. So a
    /// test reads as a script: request, roundtrip, check what arrived.
    ///
    /// For real client processes, ``run(until:timeout:)`` dispatches with
    /// short waits until a condition holds.
    public final class Harness {
        /// The simulator the harness pumps, for requests and assertions.
        public let simulator: Simulator
        /// The manual clock, unless the configuration brought another.
        public var clock: ManualClock? { simulator.clock as? ManualClock }
        private var clients: [HarnessClient] = []
        private let directory: String

        /// Starts a simulator on a private socket.
        ///
        /// - Parameters:
        ///   - layout: the displays.
        ///   - configure: adjusts the configuration (profile, policy, limits)
        ///     before the simulator starts; the clock is a ``ManualClock``
        ///     unless this replaces it.
        public init(layout: DisplayLayout, configure: (inout SimulatorConfiguration) -> Void = { _ in }) throws {
            var configuration = SimulatorConfiguration(layout: layout, clock: ManualClock())
            configure(&configuration)
            do {
                directory = try TemporaryDirectory.make(named: "diorama-harness")
            } catch {
                throw HarnessError.connectFailed("\(error)")
            }
            do {
                simulator = try Simulator(configuration: configuration)
                try simulator.start(socketName: "wayland-test", runtimeDirectory: directory)
            } catch {
                try? TemporaryDirectory.remove(directory)
                throw error
            }
        }

        /// A layout file from the package's `Configs/displays/` directory,
        /// found from this source file's location.
        public convenience init(layoutFile name: String, configure: (inout SimulatorConfiguration) -> Void = { _ in }) throws {
            try self.init(layout: DisplayLayout.load(contentsOf: Harness.configsDirectory + "/" + name), configure: configure)
        }

        /// `Configs/displays` of the package this harness was built from.
        public static var configsDirectory: String {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Configs/displays").path
        }

        deinit {
            clients.removeAll()
            simulator.shutDown()
            // The whole private directory: real clients leave things in their
            // XDG_RUNTIME_DIR too (GTK's dconf folder, a control socket), and
            // a link among them is removed, never followed.
            try? TemporaryDirectory.remove(directory)
        }

        /// What a client process needs in its environment.
        public var clientEnvironment: [String: String] { simulator.clientEnvironment }

        /// Connects a client and completes the registry roundtrip, so its
        /// ``HarnessClient/globals`` are filled.
        public func connect() throws -> HarnessClient {
            guard let path = simulator.socketPath else { throw HarnessError.connectFailed("the simulator has no socket") }
            let client = try HarnessClient(socketPath: path)
            clients.append(client)
            try roundtrip(client)
            return client
        }

        /// Sends everything `client` queued, lets the simulator handle it, and
        /// delivers everything the simulator sent back, until a `wl_display.sync`
        /// issued after the client's requests has come back.
        ///
        /// - Throws: ``HarnessError/protocolError(_:)`` when the client got
        ///   disconnected with a protocol error (use ``roundtripExpectingError(_:)``
        ///   when that is the point of the test).
        public func roundtrip(_ client: HarnessClient) throws {
            var done = false
            let callback = client.display.sync()
            callback.onEvent = { _ in done = true }
            for iteration in 0..<10_000 {
                client.flush()
                // Nothing in flight moves without the simulator; after the
                // first few tries, wait a little for the kernel to pass bytes.
                simulator.dispatch(timeout: iteration < 3 ? .zero : .milliseconds(1))
                let dispatched = client.dispatchAvailable()
                if done { return }
                if dispatched < 0 || client.connectionError != 0 {
                    if let error = client.protocolError { throw HarnessError.protocolError(error) }
                    throw HarnessError.connectionLost(errno: client.connectionError)
                }
            }
            throw HarnessError.roundtripIncomplete
        }

        /// A roundtrip that must end with the client disconnected by a
        /// protocol error; returns the error.
        public func roundtripExpectingError(_ client: HarnessClient) throws -> ClientProtocolError {
            do {
                try roundtrip(client)
            } catch HarnessError.protocolError(let error) {
                return error
            }
            throw HarnessError.timedOut("a protocol error (the roundtrip completed without one)")
        }

        /// Roundtrips every connected, healthy client, again and again, until
        /// a whole round adds nothing to the trace: clients that answer events
        /// with requests (auto-responding windows) have then run out of answers.
        public func pump(maximumRounds: Int = 100) throws {
            for round in 0..<maximumRounds {
                let before = simulator.trace.lastSequence
                for client in clients where client.connectionError == 0 {
                    try roundtrip(client)
                }
                if round > 0 && simulator.trace.lastSequence == before { return }
            }
            throw HarnessError.timedOut("the clients to go quiet (\(maximumRounds) rounds)")
        }

        /// Dispatches (waiting up to 10 ms at a time) until `condition` holds,
        /// for clients that are real processes. Healthy harness clients are
        /// pumped too.
        public func run(until condition: () -> Bool, timeout: Duration, _ what: @autoclosure () -> String = "the condition") throws {
            let deadline = ContinuousClock.now + timeout
            while !condition() {
                guard ContinuousClock.now < deadline else { throw HarnessError.timedOut(what()) }
                simulator.dispatch(timeout: .milliseconds(10))
                for client in clients where client.connectionError == 0 {
                    client.flush()
                    client.dispatchAvailable()
                }
            }
        }

        /// Pumps until the window is settled (acked and committed every configure).
        public func settle(_ selector: WindowSelector, timeout: Duration = .seconds(5)) throws {
            try run(until: { (try? simulator.isSettled(selector)) ?? false }, timeout: timeout, "\(selector) to settle")
        }
    }
}
