import DioramaPOSIX
import Foundation
import HeadlessCompositors
import Synchronization

/// A private place for one test's app launches: its own `XDG_STATE_HOME`
/// (where saved sessions go) and a fresh `DIORAMA_TRACE` file per launch.
/// Launches share the state home, so a relaunch sees what the last one saved.
/// `remove()` (and `deinit`) deletes it all, unless DIORAMA_KEEP_TEST_FILES
/// is set.
package final class AppSandbox: Sendable {
    package let directory: URL
    /// `XDG_STATE_HOME` for every launch.
    package let stateHome: URL
    private struct State {
        var launches = 0
        var apps: [RunningApp] = []
    }
    private let state = Mutex(State())

    package init(label: String = "app") throws {
        directory = URL(fileURLWithPath: try TemporaryDirectory.make(named: "diorama-\(label)-\(getpid())"), isDirectory: true)
        stateHome = directory.appendingPathComponent("state", isDirectory: true)
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    deinit { remove() }

    /// The app's saved-state folder, `$XDG_STATE_HOME/<appID>/`.
    package func stateDirectory(appID: String) -> URL {
        stateHome.appendingPathComponent(appID, isDirectory: true)
    }

    /// The saved session files of `appID` (`session-*.json`), sorted.
    package func sessionFiles(appID: String) -> [URL] {
        let directory = stateDirectory(appID: appID)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("session-") && $0.hasSuffix(".json") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// Starts the built executable `name` with the compositor's client
    /// environment (`compositor`: WAYLAND_DISPLAY, XDG_RUNTIME_DIR, SWAYSOCK),
    /// this sandbox's XDG_STATE_HOME and a new trace file, plus `environment`.
    package func launch(
        _ name: String, compositor: [String: String], arguments: [String] = [],
        environment extra: [String: String] = [:]
    ) throws -> RunningApp {
        let executable = try TestExecutable.locate(name)
        let number = state.withLock {
            $0.launches += 1; return $0.launches
        }
        let trace = directory.appendingPathComponent("\(name)-\(number).trace.jsonl")
        var environment = ChildProcess.minimalEnvironment(compositor)
        environment["XDG_STATE_HOME"] = stateHome.path
        environment["DIORAMA_TRACE"] = trace.path
        environment.merge(extra) { _, new in new }
        let app = RunningApp(
            name: name, child: try ChildProcess(executable, arguments: arguments, environment: environment),
            traceFile: trace)
        state.withLock { $0.apps.append(app) }
        return app
    }

    /// Stops every app still running and deletes the directory. Idempotent.
    package func remove() {
        let running = state.withLock { state in
            defer { state.apps.removeAll() }
            return state.apps
        }
        for app in running { app.child.stop() }
        TemporaryDirectory.remove(directory.path, unlessSet: "DIORAMA_KEEP_TEST_FILES")
    }
}
