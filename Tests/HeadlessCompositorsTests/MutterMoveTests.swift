import DioramaControlProtocol
import DioramaPOSIX
import DioramaTestTraits
import Foundation
import Testing

@testable import HeadlessCompositors

/// Mutter 43's one way to move a window: its move-to-monitor keybinding,
/// pressed through a RemoteDesktop session held on one D-Bus connection.
@Suite("Mutter window moves", .serialized, .ownThreads)
struct MutterMoveTests {
    /// A 1280×800 monitor at 10 Hz: these tests watch where a window is, not
    /// how often it is drawn, and Mutter repaints (with llvmpipe) at the
    /// monitor's refresh.
    static let quietMonitor = DisplayMode(width: 1280, height: 800, refreshMilliHz: 10_000)

    /// The enter and leave events of the first surface that entered an
    /// output, with each output's xdg_output name, from a `WAYLAND_DEBUG` log.
    static func outputEvents(in log: String) -> [String] {
        let messages = WaylandDebugLog.parse(log)
        var xdgOutputOf: [String: String] = [:]  // zxdg_output_v1@N → wl_output@M
        var nameOf: [String: String] = [:]  // wl_output@M → Meta-0
        var surface: String?
        var events: [String] = []
        for message in messages {
            switch (message.interface, message.message) {
            case ("zxdg_output_manager_v1", "get_xdg_output") where message.arguments.count == 2:
                xdgOutputOf[String(message.arguments[0].split(separator: " ").last ?? "")] = message.arguments[1]
            case ("zxdg_output_v1", "name"):
                if let output = xdgOutputOf[message.object], let name = message.arguments.first {
                    nameOf[output] = name.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            case ("wl_surface", "enter"), ("wl_surface", "leave"):
                if surface == nil, message.message == "enter" { surface = message.object }
                guard message.object == surface, let output = message.arguments.first else { continue }
                events.append("\(message.message) \(nameOf[output] ?? output)")
            default:
                continue
            }
        }
        return events
    }

    /// The outputs the surface is on after `events`.
    static func entered(after events: [String]) -> Set<String> {
        events.reduce(into: Set<String>()) { outputs, event in
            let parts = event.split(separator: " ", maxSplits: 1).map(String.init)
            if parts[0] == "enter" { outputs.insert(parts[1]) } else { outputs.remove(parts[1]) }
        }
    }

    @Test("foot moves from Meta-0 to Meta-1 and back by Super+Shift+Right/Left over one RemoteDesktop session, and sees leave and enter")
    func footMovesBetweenMonitors() throws {
        let mutter = try MutterHeadless.start(monitors: Array(repeating: Self.quietMonitor, count: 2))
        defer { mutter.stop() }
        try MutterHeadless.apply(
            [
                .init(x: 0, y: 0, scale: 1, primary: true, connector: "Meta-0"),
                .init(x: 1280, y: 0, scale: 1, primary: false, connector: "Meta-1"),
            ], to: mutter)
        let logFile = mutter.runtimeDirectory + "/foot.log"
        var environment = mutter.clientEnvironment()
        environment["WAYLAND_DEBUG"] = "client"
        let foot = try SpawnedProcess(
            executable: try Executables.require("foot", package: "foot"), arguments: [], environment: environment,
            standardOutput: .null, standardError: .file(logFile, append: false))
        defer { foot.terminate(grace: .seconds(2)) }
        func events() -> [String] { Self.outputEvents(in: (try? String(contentsOfFile: logFile, encoding: .utf8)) ?? "") }
        // Each wait ends when foot's log shows the event (bounded for a loaded machine).
        #expect(poll(timeout: 60) { Self.entered(after: events()) == ["Meta-0"] }, "foot never entered Meta-0: \(events())")

        let keys = try MutterRemoteDesktop(on: mutter)
        defer { keys.stop() }
        try keys.moveFocusedWindow(to: .right)
        #expect(poll(timeout: 60) { Self.entered(after: events()) == ["Meta-1"] }, "foot did not move to Meta-1: \(events())")
        #expect(events().contains("leave Meta-0"))

        // The same session, still open: the second move needs no new one.
        try keys.moveFocusedWindow(to: .left)
        #expect(poll(timeout: 60) { Self.entered(after: events()) == ["Meta-0"] }, "foot did not move back to Meta-0: \(events())")
        #expect(events().filter { $0 == "enter Meta-0" }.count == 2, "\(events())")
    }

    @Test("a ScreenCast virtual monitor plugs while PipeWire's consumer pulls it, at the consumer's size and frame rate, and unplugs with its session")
    func virtualMonitorPlugsAndUnplugs() throws {
        let mutter = try MutterHeadless.start(monitors: [Self.quietMonitor])
        defer { mutter.stop() }
        let pipeWire = try MutterPipeWire(for: mutter)
        defer { pipeWire.stop() }
        let monitor = try MutterVirtualMonitor(on: mutter, width: 1920, height: 1080, refreshMilliHz: 12_500, pipeWire: pipeWire)
        #expect(monitor.connector == "Meta-1")
        let plugged = try MutterHeadless.displayState(of: mutter).monitors
        #expect(plugged.map(\.connector) == ["Meta-0", "Meta-1"])
        #expect(plugged.last.map { ($0.width, $0.height) } ?? (0, 0) == (1920, 1080))
        #expect(plugged.last?.refreshHz == 12.5, "\(plugged)")

        monitor.unplug()
        // Mutter removes the monitor when the session stops: wait for that (bounded).
        #expect(poll(timeout: 30) { (try? MutterHeadless.displayState(of: mutter).monitors.count) == 1 })
    }

    @Test("a RemoteDesktop session is refused with a message naming the call when the bus is gone")
    func sessionOnAStoppedMutter() throws {
        let mutter = try MutterHeadless.start(monitors: [Self.quietMonitor])
        mutter.stop()
        let error = #expect(throws: CompositorLaunchError.self) { try MutterRemoteDesktop(on: mutter) }
        #expect("\(error.map { "\($0)" } ?? "")".contains("connect to unix:path="))
    }

    static func state(_ monitors: [(String, Int, Int, Double)]) -> MutterHeadless.DisplayState {
        MutterHeadless.DisplayState(
            serial: 1,
            monitors: monitors.map { .init(connector: $0.0, modeID: "", width: 2560, height: 1600, refreshHz: 60, supportedScales: [1, 2]) },
            logicalMonitors: monitors.map { .init(x: $0.1, y: $0.2, scale: $0.3, primary: false, connector: $0.0) })
    }

    @Test("the keybinding route: neighbours in a row, either side, across fractional widths; none to a monitor below")
    func monitorRoute() {
        // 2560 px at 1.502347 is 1704 points wide; the next monitor starts there.
        let row = Self.state([("A", 0, 0, 1), ("B", 2560, 0, 1.502347469329834), ("C", 4264, 0, 2)])
        #expect(MutterHeadless.monitorPath(from: "A", to: "C", in: row)?.side == .right)
        #expect(MutterHeadless.monitorPath(from: "A", to: "C", in: row)?.hops == ["B", "C"])
        #expect(MutterHeadless.monitorPath(from: "C", to: "A", in: row)?.side == .left)
        #expect(MutterHeadless.monitorPath(from: "C", to: "A", in: row)?.hops == ["B", "A"])
        #expect(MutterHeadless.monitorPath(from: "B", to: "B", in: row)?.hops == [])
        let stacked = Self.state([("A", 0, 0, 1), ("B", 0, 1600, 1)])
        #expect(MutterHeadless.monitorPath(from: "A", to: "B", in: stacked) == nil)
        #expect(MutterHeadless.monitorPath(from: "A", to: "missing", in: row) == nil)
    }
}
