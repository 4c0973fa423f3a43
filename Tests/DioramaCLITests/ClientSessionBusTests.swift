import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The clients `diorama sim -- COMMAND`, `run` and `check` launch get a
/// session bus: the caller's own when it has one, else one Diorama starts in
/// a private folder in `TMPDIR` and stops with the run, also when the run is
/// killed by SIGKILL. No bus a client needed is left running afterwards (the
/// orphaned `dbus-daemon --session` processes of issue 19).
@Suite("The clients' session bus: private, stopped with the run", .serialized, .ownThreads)
struct ClientSessionBusTests {
    /// A fresh `TMPDIR` and a client script: it asks the bus for its id with
    /// `gdbus`, writes what it got and its `DBUS_SESSION_BUS_ADDRESS` to
    /// `reply` and `address` (in that order, each written whole), then
    /// waits for a line on the `release` FIFO, which the test holds open for
    /// writing from the start (so the client's open never blocks).
    final class BusClientScene {
        let root: URL
        let temporary: URL
        let outside: URL
        let client: URL
        /// The test's read-write end of `release`.
        let release: Int32

        init() throws {
            root = FileManager.default.temporaryDirectory
                .appendingPathComponent("diorama-bus-test-\(getpid())-\(UUID().uuidString.prefix(8))")
            temporary = root.appendingPathComponent("tmp")
            outside = root.appendingPathComponent("outside")
            client = outside.appendingPathComponent("bus-client")
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            let releasePath = outside.appendingPathComponent("release").path
            guard mkfifo(releasePath, 0o600) == 0 else { throw CleanupTestError("mkfifo \(releasePath) failed") }
            release = open(releasePath, O_RDWR | O_CLOEXEC)
            guard release >= 0 else { throw CleanupTestError("open \(releasePath) failed") }
            let folder = outside.path
            try """
            #!/bin/sh
            gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \\
                --method org.freedesktop.DBus.GetId > '\(folder)/reply.partial' 2>&1
            mv '\(folder)/reply.partial' '\(folder)/reply'
            printf '%s\\n' "${DBUS_SESSION_BUS_ADDRESS-unset}" > '\(folder)/address.partial'
            mv '\(folder)/address.partial' '\(folder)/address'
            read -r line < '\(releasePath)'
            """.write(to: client, atomically: false, encoding: .utf8)
            guard chmod(client.path, 0o755) == 0 else { throw CleanupTestError("chmod \(client.path) failed") }
        }

        deinit {
            close(release)
            try? FileManager.default.removeItem(at: root)
        }

        /// `diorama` with no session bus of the caller's (unless `extra` gives
        /// one) and no runtime directory, `TMPDIR` the scene's.
        func startDiorama(_ arguments: [String], extra: [String: String] = [:]) throws -> ChildProcess {
            var environment = ChildProcess.minimalEnvironment(["TMPDIR": temporary.path, "NO_COLOR": "1"])
            environment.merge(extra) { _, new in new }
            return try ChildProcess(TestExecutable.locate("diorama"), arguments: arguments, environment: environment)
        }

        /// Waits for the client's `address` file (an event: the file
        /// appearing) and returns it with the bus's answer.
        func awaitClient(under diorama: ChildProcess) throws -> (address: String, reply: String) {
            let marker = outside.appendingPathComponent("address")
            let address = try Wait.until(
                "the client to ask the session bus", timeout: 120,
                wakingOn: WaitEvents(files: [marker.path], children: [diorama]),
                details: { "diorama: \(diorama.state); stderr: \(diorama.standardError)" }
            ) { () throws -> String? in
                if let text = try? String(contentsOf: marker, encoding: .utf8) {
                    return text.trimmingCharacters(in: .whitespacesAndNewlines)
                }
                if !diorama.isRunning {
                    throw WaitTimeout(what: "diorama ended (\(diorama.state)) before the client ran", seconds: 0, details: diorama.standardError)
                }
                return nil
            }
            let reply = (try? String(contentsOf: outside.appendingPathComponent("reply"), encoding: .utf8)) ?? ""
            return (address, reply)
        }

        /// Lets the client exit.
        func releaseClient() {
            var line = UInt8(ascii: "\n")
            _ = write(release, &line, 1)
        }

        /// A `dbus-monitor` on the bus at `address`, once it monitors (its
        /// `NameLost` line, sent as it becomes a monitor): it exits when the
        /// bus disconnects it.
        func monitor(_ address: String) throws -> ChildProcess {
            let monitor = try ChildProcess(
                URL(fileURLWithPath: "/usr/bin/dbus-monitor"), arguments: ["--address", address],
                environment: ChildProcess.minimalEnvironment())
            _ = try Wait.until(
                "dbus-monitor to connect to \(address)", timeout: 60,
                wakingOn: WaitEvents(files: [monitor.standardOutputPath], children: [monitor]),
                details: { "monitor: \(monitor.state); \(monitor.standardOutput) \(monitor.standardError)" }
            ) { () -> Bool? in
                monitor.standardOutput.contains("member=NameLost") ? true : nil
            }
            return monitor
        }

        /// The bus the monitor watches has gone: the monitor exited (an
        /// event), within a bound that only a bus left running misses.
        func expectBusGone(_ monitor: ChildProcess) {
            do {
                _ = try monitor.waitForExit(timeout: 30)
            } catch {
                Issue.record("the clients' session bus still runs after diorama ended: \(error)")
            }
        }

        /// The bus is Diorama's: it listens in a `diorama-bus-…` folder in `TMPDIR`.
        func expectPrivateBus(_ client: (address: String, reply: String), _ diorama: ChildProcess) {
            #expect(
                client.address.hasPrefix("unix:path=\(temporary.path)/diorama-bus-"),
                "the client's DBUS_SESSION_BUS_ADDRESS: \(client.address); stderr: \(diorama.standardError)")
            #expect(client.reply.hasPrefix("('"), "gdbus got no id from the bus: \(client.reply)")
        }

        /// Nothing of the run is left in `TMPDIR`.
        func expectNothingLeft(_ result: ChildProcessResult) {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? ["(unreadable)"]
            #expect(left.isEmpty, "left in TMPDIR: \(left); stderr: \(result.standardError)")
        }

        /// The client of `diorama` got a private bus; once the client is
        /// released, `diorama` ends (within `timeout` seconds), the bus
        /// goes with it and nothing is left in `TMPDIR`.
        func expectBusStopped(with diorama: ChildProcess, timeout: TimeInterval) throws {
            let client = try awaitClient(under: diorama)
            expectPrivateBus(client, diorama)
            guard client.address.hasPrefix("unix:") else { return }
            let monitor = try monitor(client.address)
            releaseClient()
            let result = try diorama.waitForExit(timeout: timeout)
            expectBusGone(monitor)
            expectNothingLeft(result)
        }
    }

    @Test("diorama sim -- CLIENT without a session bus: the client gets a private one, stopped when sim ends")
    func simGivesItsClientAPrivateBus() throws {
        let scene = try BusClientScene()
        let sim = try scene.startDiorama(["sim", "--", scene.client.path])
        try scene.expectBusStopped(with: sim, timeout: 60)
    }

    @Test("diorama sim killed by SIGKILL: the clients' bus stops too (its lifeline closes)")
    func simKilledStopsTheBus() throws {
        let scene = try BusClientScene()
        let sim = try scene.startDiorama(["sim", "--", scene.client.path])
        let client = try scene.awaitClient(under: sim)
        scene.expectPrivateBus(client, sim)
        guard client.address.hasPrefix("unix:") else { return }
        let monitor = try scene.monitor(client.address)
        sim.send(SIGKILL)
        _ = try sim.waitForExit(timeout: 60)
        scene.expectBusGone(monitor)
    }

    @Test("diorama sim -- CLIENT passes the caller's DBUS_SESSION_BUS_ADDRESS through untouched and starts no bus")
    func simPassesTheCallersBusThrough() throws {
        let scene = try BusClientScene()
        let callers = "unix:path=\(scene.outside.path)/callers-bus"
        let sim = try scene.startDiorama(["sim", "--", scene.client.path], extra: ["DBUS_SESSION_BUS_ADDRESS": callers])
        let client = try scene.awaitClient(under: sim)
        #expect(client.address == callers)
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: scene.temporary.path)) ?? []
        #expect(!folders.contains { $0.hasPrefix("diorama-bus-") }, "a bus was started anyway: \(folders)")
        scene.releaseClient()
        let result = try sim.waitForExit(timeout: 60)
        #expect(result.status == 0 && !result.exitedBySignal, "\(result.standardError)")
    }

    @Test("diorama run: a launched command gets the private bus, stopped when run ends")
    func runGivesItsClientsAPrivateBus() throws {
        let scene = try BusClientScene()
        let scenario = scene.outside.appendingPathComponent("bus.scenario")
        try """
        timeout: 60s
        display DP-1 1280x800 scale 1 at 0,0
        launch command "\(scene.client.path)" as client
        window main = client app_id "never.shown"
        expect main traits.displayScale 1
        """.write(to: scenario, atomically: false, encoding: .utf8)
        let run = try scene.startDiorama(["run", "--work-dir", scene.outside.appendingPathComponent("work").path, scenario.path])
        try scene.expectBusStopped(with: run, timeout: 120)
    }

    @Test("diorama check -- CLIENT: the client gets the private bus, stopped when check ends")
    func checkGivesItsClientAPrivateBus() throws {
        let scene = try BusClientScene()
        let check = try scene.startDiorama(["check", "--output", scene.outside.appendingPathComponent("report").path, "--", scene.client.path])
        try scene.expectBusStopped(with: check, timeout: 300)
    }
}
