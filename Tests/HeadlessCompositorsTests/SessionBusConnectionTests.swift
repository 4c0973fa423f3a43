import DioramaPOSIX
import Foundation
import Testing

@testable import HeadlessCompositors

/// The kept D-Bus connection that reads and configures KWin and Mutter, on a
/// real private `dbus-daemon`: a wait woken by the signal it waits for, a wait
/// that runs out, and calls whose arguments and answers are GVariant text.
@Suite("Session bus connection on a private dbus-daemon", .serialized)
struct SessionBusConnectionTests {
    /// A `dbus-daemon` listening in a fresh folder; `stop()` ends it.
    struct PrivateBus {
        let folder: String
        let address: String
        let daemonPID: pid_t

        /// Starts it with `--fork`: the started process exits once the bus
        /// listens, which is what this waits for.
        static func start() throws -> PrivateBus {
            let folder = try TemporaryDirectory.make(prefix: "diorama-bus-test")
            let socket = folder + "/bus", configuration = folder + "/bus.conf", pidFile = folder + "/pid"
            try SessionBusConfiguration.text(listeningAt: socket).write(toFile: configuration, atomically: false, encoding: .utf8)
            let launcher = try SpawnedProcess(
                executable: "dbus-daemon", arguments: ["--config-file=\(configuration)", "--fork", "--print-pid=1"],
                environment: [:], standardOutput: .file(pidFile, append: false), searchPath: true)
            let ended = try #require(launcher.waitForExit(timeout: .seconds(20)), "dbus-daemon --fork did not return")
            #expect(ended.shellStatus == 0)
            let pidText = try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            let pid = try #require(pid_t(pidText), "dbus-daemon printed no pid: \(pidText)")
            return PrivateBus(folder: folder, address: "unix:path=\(socket)", daemonPID: pid)
        }

        func stop() {
            kill(daemonPID, SIGTERM)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test("a wait for a bus name returns when NameOwnerChanged says it was taken, not at a tick or the time limit")
    func waitIsWokenByTheSignal() throws {
        let bus = try PrivateBus.start()
        defer { bus.stop() }
        let waiter = try SessionBusConnection(address: bus.address)
        let owner = try SessionBusConnection(address: bus.address)
        defer {
            waiter.close()
            owner.close()
        }
        let name = "org.diorama.Test"
        var checks = 0
        let started = ContinuousClock.now
        try waiter.wait(
            for: "\(name) on the bus",
            until: {
                checks += 1
                guard checks > 1 else {
                    // Taken only after the first check said no: only the signal can end the wait in time.
                    #expect(try !waiter.nameHasOwner(name))
                    DispatchQueue.global().async {
                        _ = try? owner.call(
                            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                            method: "RequestName", [.string(name), .uint32(4)])
                    }
                    return false
                }
                return try waiter.nameHasOwner(name)
            }, wokenBy: "org.freedesktop.DBus", member: "NameOwnerChanged", arg0: name, timeout: .seconds(20),
            liveness: .seconds(60))
        let waited = ContinuousClock.now - started
        #expect(checks == 2, "checked once more, after the signal: \(checks) checks")
        #expect(waited < .seconds(20), "woken by the signal after \(waited)")
        #expect(try waiter.nameHasOwner(name))
    }

    @Test("a wait for what never happens throws at its time limit, naming what it waited for")
    func waitRunsOut() throws {
        let bus = try PrivateBus.start()
        defer { bus.stop() }
        let waiter = try SessionBusConnection(address: bus.address)
        defer { waiter.close() }
        var checks = 0
        do {
            try waiter.wait(
                for: "org.diorama.Nobody on the bus",
                until: {
                    checks += 1
                    return try waiter.nameHasOwner("org.diorama.Nobody")
                }, wokenBy: "org.freedesktop.DBus", member: "NameOwnerChanged", arg0: "org.diorama.Nobody",
                timeout: .milliseconds(300), liveness: .milliseconds(100))
            Issue.record("the wait returned")
        } catch CompositorLaunchError.dbusCallFailed(_, let message) {
            #expect(message.contains("org.diorama.Nobody on the bus did not happen within"), "\(message)")
        }
        #expect(checks >= 2, "the liveness ticks checked again: \(checks) checks")
    }

    @Test("a call with GVariant text arguments answers in gdbus' printed form; arguments of the wrong type are refused by name")
    func printedCalls() throws {
        let bus = try PrivateBus.start()
        defer { bus.stop() }
        let connection = try SessionBusConnection(address: bus.address)
        defer { connection.close() }
        let answer = try connection.callPrinted(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", method: "NameHasOwner",
            arguments: "('org.freedesktop.DBus',)", signature: "(s)")
        #expect(answer == "(true,)")
        do {
            _ = try connection.callPrinted(
                "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                method: "NameHasOwner", arguments: "(uint32 5,)", signature: "(s)")
            Issue.record("mistyped arguments were sent")
        } catch CompositorLaunchError.dbusCallFailed(let method, let message) {
            #expect(method == "org.freedesktop.DBus.NameHasOwner")
            #expect(message.contains("are not (s)"), "\(message)")
        }
        connection.close()
        #expect(throws: CompositorLaunchError.self) { try connection.nameHasOwner("org.freedesktop.DBus") }
    }
}
