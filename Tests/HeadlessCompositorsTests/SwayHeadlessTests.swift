import DioramaTestTraits
import Foundation
import Testing

@testable import HeadlessCompositors
@testable import SwayIPC

#if canImport(Glibc)
    import Glibc
#endif

/// Real sway processes, started headless (as `diorama-sway` when the tests run
/// as root). Each test owns its instance, so the suite runs in parallel safely.
@Suite("sway headless", .ownThreads)
struct SwayHeadlessTests {
    @Test("starts with two outputs at scales 1 and 2 at the configured positions")
    func twoOutputs() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)

        let outputs = try ipc.outputs()
        #expect(outputs.map(\.name) == ["HEADLESS-1", "HEADLESS-2"])
        #expect(outputs.map(\.scale) == [1, 2])
        #expect(outputs.allSatisfy { $0.active })
        #expect(outputs.map(\.transform) == ["normal", "normal"])
        #expect(outputs[0].rect == SwayRect(x: 0, y: 0, width: 1280, height: 800))
        // Layout coordinates are logical: 1280×800 at scale 2 covers 640×400.
        #expect(outputs[1].rect == SwayRect(x: 1280, y: 0, width: 640, height: 400))
        #expect(outputs.map { $0.currentMode?.width } == [1280, 1280])
        #expect(outputs.map { $0.currentMode?.height } == [800, 800])
        #expect(outputs.filter(\.focused).count == 1)
    }

    @Test("sockets and environment: absolute WAYLAND_DISPLAY, SWAYSOCK, private runtime dir")
    func socketsAndEnvironment() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }

        #expect(sway.kind == .sway)
        #expect(SwayHeadless.isWaylandSocketName(sway.socketName))
        #expect(isSocket(sway.waylandDisplay))
        let ipcPath = try #require(sway.ipcSocketPath)
        #expect(isSocket(ipcPath))
        #expect(ipcPath.hasPrefix(sway.runtimeDirectory + "/sway-ipc."))
        #expect(
            sway.environment == [
                "XDG_RUNTIME_DIR": sway.runtimeDirectory,
                "WAYLAND_DISPLAY": sway.waylandDisplay,
                "SWAYSOCK": ipcPath,
            ])
        let dir = try #require(modeAndOwner(sway.runtimeDirectory))
        #expect(dir.mode == 0o700)
        if geteuid() == 0 {
            // sway refuses root: it runs as the unprivileged user, behind runuser.
            let user = try #require(SystemUser.lookup(SwayHeadless.unprivilegedUser))
            #expect(dir.uid == user.uid)
            #expect(sway.compositorPID != sway.launcherPID)
            #expect(ProcessStat.read(sway.compositorPID)?.ppid == sway.launcherPID)
        } else {
            #expect(dir.uid == geteuid())
        }
        #expect(ProcessStat.isLive(sway.compositorPID))
        let config = try String(contentsOfFile: try #require(sway.configFile), encoding: .utf8)
        #expect(config.contains("output HEADLESS-2 mode 1280x800 position 1280,0 scale 2"))
    }

    @Test("a client given `environment` sees both outputs with their scales")
    func clientSeesBothOutputs() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }

        let result = try runClient(
            "wayland-info", package: "wayland-utils", [],
            environment: sway.clientEnvironment())
        #expect(result.status == 0, "wayland-info failed:\n\(result.output)")
        let scales = result.output.split(separator: "\n").filter { $0.contains("scale:") }
        #expect(scales.count == 2, "\(result.output)")
        #expect(scales.contains { $0.contains("scale: 1") })
        #expect(scales.contains { $0.contains("scale: 2") })
    }

    @Test("`output HEADLESS-2 scale 1` changes what outputs() reports")
    func scaleCommand() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)

        let results = try ipc.command("output HEADLESS-2 scale 1")
        #expect(results == [SwayCommandResult(success: true, error: nil, parseError: nil)])
        let second = try #require(try ipc.outputs().first { $0.name == "HEADLESS-2" })
        #expect(second.scale == 1)
        #expect(second.rect == SwayRect(x: 1280, y: 0, width: 1280, height: 800))
    }

    @Test("a bad command throws with sway's own message")
    func badCommand() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)

        let error = #expect(throws: SwayIPCError.self) {
            try ipc.command("diorama-no-such-command now")
        }
        guard case let .commandFailed(command, errors, results) = error else {
            Issue.record("expected commandFailed, got \(String(describing: error))")
            return
        }
        #expect(command == "diorama-no-such-command now")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("Unknown/invalid command") == true, "\(errors)")
        #expect(results.first?.parseError == true)
        #expect(error.map { "\($0)" }?.contains("diorama-no-such-command") == true)
        // A command that parses but fails to apply is reported too.
        let noMatch = #expect(throws: SwayIPCError.self) { try ipc.command("[app_id=diorama-nobody] kill") }
        #expect(noMatch.map { "\($0)" }?.contains("No matching node") == true)
        // The connection is still usable afterwards.
        #expect(try ipc.outputs().count == 2)
    }

    @Test("pipelined commands are each answered, in order, with a failure in its place")
    func pipelinedCommands() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)

        // 40 messages with at most 8 unanswered: several runs of writes,
        // each reply read while sway still has messages to answer.
        let commands = (0..<40).map { $0 == 17 ? "diorama-no-such-command \($0)" : "output HEADLESS-2 pos \(2000 + $0) 0" }
        let replies = try ipc.pipelinedRequests(.runCommand, payloads: commands, depth: 8)
        let results = try replies.map { try JSONDecoder().decode([SwayCommandResult].self, from: $0) }
        #expect(results.count == 40)
        #expect(results.enumerated().allSatisfy { index, result in result.first?.success == (index != 17) })
        #expect(try ipc.outputs().first { $0.name == "HEADLESS-2" }?.rect.x == 2039, "the last command ran last")
        // The typed form throws on the refused one, as `command` does.
        #expect(throws: SwayIPCError.self) { try ipc.pipelinedCommands(commands, depth: 8) }
        #expect(try ipc.pipelinedCommands(["output HEADLESS-2 pos 1280 0"], depth: 8).first?.first?.success == true)
    }

    @Test("stop leaves no process and no files")
    func stopLeavesNothing() throws {
        let sway = try SwayHeadless.start()
        let started = Date()
        sway.stop()
        // sway is signalled directly, so stop does not wait out runuser's 2 s grace.
        #expect(Date().timeIntervalSince(started) < 1.9)
        expectNothingLeft(sway)
    }

    @Test("three custom outputs: fractional scale, vertical placement, transform")
    func customOutputs() throws {
        let sway = try SwayHeadless.start(outputs: [
            .init(width: 1920, height: 1080, scale: 1, x: 0, y: 0),
            .init(width: 1920, height: 1080, scale: 1.5, x: 1920, y: 0),
            .init(width: 1024, height: 768, scale: 2, x: 0, y: 1080, transform: "90"),
        ])
        defer { sway.stop() }
        let outputs = try SwayIPC(sway).outputs()

        #expect(outputs.map(\.name) == ["HEADLESS-1", "HEADLESS-2", "HEADLESS-3"])
        #expect(outputs.map(\.scale) == [1, 1.5, 2])
        #expect(outputs[1].rect == SwayRect(x: 1920, y: 0, width: 1280, height: 720))
        #expect(outputs[2].transform == "90")
        // Rotated by 90°: the 1024×768 mode covers 384×512 in layout coordinates.
        #expect(outputs[2].rect == SwayRect(x: 0, y: 1080, width: 384, height: 512))
    }

    @Test("a config line sway rejects fails start with sway's message")
    func configErrorFailsStart() throws {
        let error = #expect(throws: CompositorLaunchError.self) {
            _ = try SwayHeadless.start(extraConfig: ["diorama_no_such_directive yes"])
        }
        #expect(error.map { "\($0)" }?.contains("diorama_no_such_directive") == true, "\(String(describing: error))")
    }

    @Test("a client window is found by app_id with its rect and output, and follows a move")
    func findWindowByAppID() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let appID = "diorama-probe-\(getpid())"

        let stopFoot = try startClient(
            "foot", package: "foot", ["--app-id=\(appID)", "sleep", "60"],
            environment: sway.clientEnvironment())
        defer { stopFoot() }

        let placed = try ipc.waitForWindow(appID: appID, timeout: 15)
        #expect(placed.output == "HEADLESS-1")
        #expect(placed.node.appID == appID)
        #expect(placed.node.shell == "xdg_shell")
        #expect(!placed.isFloating)
        // Tiled alone, with no borders, it fills the focused output.
        #expect(placed.rect == SwayRect(x: 0, y: 0, width: 1280, height: 800))

        try ipc.command("[app_id=\"\(appID)\"] move to output HEADLESS-2")
        let moved = try #require(try ipc.window(appID: appID))
        #expect(moved.output == "HEADLESS-2")
        #expect(moved.rect == SwayRect(x: 1280, y: 0, width: 640, height: 400))
    }

    @Test("floatingWindows makes new windows float")
    func floatingWindows() throws {
        let sway = try SwayHeadless.start(floatingWindows: true)
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let appID = "diorama-float-\(getpid())"

        let stopFoot = try startClient(
            "foot", package: "foot", ["--app-id=\(appID)", "sleep", "60"],
            environment: sway.clientEnvironment())
        defer { stopFoot() }

        let placed = try ipc.waitForWindow(appID: appID, timeout: 15)
        #expect(placed.isFloating)
        #expect(placed.output == "HEADLESS-1")
        #expect(placed.rect.width < 1280)
    }
}
