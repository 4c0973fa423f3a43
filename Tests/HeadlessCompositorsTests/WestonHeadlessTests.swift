import DioramaTestTraits
import Foundation
import Testing

@testable import HeadlessCompositors

#if canImport(Glibc)
    import Glibc
#endif

/// Real weston processes, started headless. Each test owns its instance (own
/// runtime directory and socket name), so the suite runs in parallel safely.
@Suite("weston headless", .ownThreads)
struct WestonHeadlessTests {
    @Test("starts: socket exists, process alive, private runtime dir; stop leaves nothing")
    func startAndStop() throws {
        let weston = try WestonHeadless.start(scale: 2)
        defer { weston.stop() }

        #expect(weston.kind == .weston)
        #expect(weston.isRunning)
        #expect(ProcessStat.isLive(weston.compositorPID))
        #expect(weston.waylandDisplay.hasPrefix("/"))
        #expect(weston.waylandDisplay == weston.runtimeDirectory + "/" + weston.socketName)
        #expect(isSocket(weston.waylandDisplay))
        #expect(socketAcceptsConnections(weston.waylandDisplay))
        #expect(weston.ipcSocketPath == nil)
        #expect(
            weston.environment == [
                "XDG_RUNTIME_DIR": weston.runtimeDirectory,
                "WAYLAND_DISPLAY": weston.waylandDisplay,
            ])
        let dir = try #require(modeAndOwner(weston.runtimeDirectory))
        #expect(dir.mode == 0o700)
        #expect(dir.uid == geteuid())
        // weston's shell and keyboard helpers share its process group.
        #expect(ProcessStat.liveMembers(ofGroup: weston.launcherPID).count >= 1)

        weston.stop()
        expectNothingLeft(weston)
        weston.stop()  // idempotent
        // The log outlives the removed files.
        #expect(weston.logTail().contains("headless-backend.so"))
        #expect(!weston.logTail(maxLines: 1).contains("\n"))
    }

    @Test("a client given `environment` sees one output at the requested scale and size")
    func clientSeesScaleAndSize() throws {
        let weston = try WestonHeadless.start(scale: 2, width: 800, height: 600)
        defer { weston.stop() }

        let result = try runClient(
            "wayland-info", package: "wayland-utils", [],
            environment: weston.clientEnvironment())
        #expect(result.status == 0, "wayland-info failed:\n\(result.output)")
        #expect(result.output.contains("wl_output"))
        #expect(result.output.contains("scale: 2"))
        // The headless output's mode is the logical size times the scale.
        #expect(result.output.contains("width: 1600 px, height: 1200 px"), "\(result.output)")
    }

    @Test("WAYLAND_DISPLAY as an absolute path works without XDG_RUNTIME_DIR")
    func absoluteWaylandDisplay() throws {
        let weston = try WestonHeadless.start(scale: 1)
        defer { weston.stop() }

        var env = weston.clientEnvironment()
        env.removeValue(forKey: "XDG_RUNTIME_DIR")
        let result = try runClient("wayland-info", package: "wayland-utils", [], environment: env)
        #expect(result.status == 0, "wayland-info failed:\n\(result.output)")
        #expect(result.output.contains("wl_compositor"))
    }

    @Test("two instances at once do not collide")
    func parallelInstances() throws {
        let a = try WestonHeadless.start(scale: 1)
        defer { a.stop() }
        let b = try WestonHeadless.start(scale: 2)
        defer { b.stop() }

        #expect(a.socketName != b.socketName)
        #expect(a.runtimeDirectory != b.runtimeDirectory)
        #expect(a.isRunning && b.isRunning)
        a.stop()
        #expect(b.isRunning)
        #expect(socketAcceptsConnections(b.waylandDisplay))
    }

    @Test("a weston that exits at once is reported with its log")
    func earlyExitCarriesLog() throws {
        // An unknown backend makes weston exit during start-up.
        let error = #expect(throws: CompositorLaunchError.self) {
            _ = try WestonHeadless.start(scale: 1, extraArguments: ["--backend=diorama-no-such-backend.so"])
        }
        let text = error.map { "\($0)" } ?? "no error"
        #expect(text.contains("weston exited with status"), "\(text)")
        #expect(text.contains("diorama-no-such-backend"), "the log tail should name the bad backend: \(text)")
    }

    @Test("a weston that never becomes ready times out, is killed, and is reported")
    func startupTimeout() throws {
        // weston stops itself with SIGSTOP before creating its socket.
        let started = Date()
        let error = #expect(throws: CompositorLaunchError.self) {
            _ = try WestonHeadless.start(scale: 1, extraArguments: ["--wait-for-debugger"], startupTimeout: 0.5)
        }
        #expect(Date().timeIntervalSince(started) < 8)
        guard case let .timedOut(compositor, waitingFor, seconds, _) = error else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(compositor == "weston")
        #expect(waitingFor.contains("wayland-diorama-"))
        #expect(seconds == 0.5)
        let leftovers = ProcessStat.all().filter { stat in
            let cmdline = (try? String(contentsOfFile: "/proc/\(stat.pid)/cmdline", encoding: .utf8)) ?? ""
            return stat.isLive && cmdline.contains("--wait-for-debugger") && cmdline.contains("wayland-diorama-\(getpid())-")
        }
        #expect(leftovers.isEmpty, "weston left running: \(leftovers)")
    }
}
