import DioramaModel
import DioramaSimulator
import Foundation
import HeadlessCompositors

/// Mutter 43's two virtual monitors as the fidelity session lays them out:
/// Meta-0 at 1x, Meta-1 at 2x to its right. 1920x1200 pixels each: Mutter
/// accepts only a mode's listed scales, and lists 2 for a mode only when the
/// logical size at 2 keeps its minimum area (1280x800 at 2 does not), so
/// Meta-0 can be rescaled to 2x in the session.
///
/// Both sides refresh at 10 Hz: Mutter repaints its monitors (with llvmpipe)
/// at their refresh while a client animates, which at 60 Hz cost a core for
/// gtk4-widget-factory; the session compares events, not frame rates, and
/// `wl_output.mode` carries the same 10000 mHz on both sides.
enum FidelityMutterOutputs {
    static let names = [MutterHeadless.monitorName(index: 0), MutterHeadless.monitorName(index: 1)]
    static let size = (width: 1920, height: 1200)
    /// Both monitors' mode, on Mutter and in the simulated layout.
    static let mode = DisplayMode(width: size.width, height: size.height, refreshMilliHz: 10_000)

    /// Meta-0 at 1x at the origin, Meta-1 at 2x right of it (x = 1920).
    static var mutterLayout: [MutterHeadless.LogicalMonitor] {
        [
            .init(x: 0, y: 0, scale: 1, primary: true, connector: names[0]),
            .init(x: size.width, y: 0, scale: 2, primary: false, connector: names[1]),
        ]
    }

    /// Where the session moves Meta-1 once Meta-0 is at 2x (960×600 points,
    /// Meta-1 beside it at x=960): 300 points down, still touching Meta-0.
    static let secondAfterRescale = Point(x: size.width / 2, y: 300)

    static var simulatorLayout: DisplayLayout {
        DisplayLayout(
            displays: mutterLayout.map { logical in
                DisplayConfiguration(
                    name: logical.connector, mode: mode,
                    scale: Scale(integer: Int(logical.scale))!, position: Point(x: logical.x, y: logical.y))
            })
    }
}

/// Real Mutter 43 headless: monitors through DisplayConfig, moves through
/// its move-to-monitor keybinding pressed over one RemoteDesktop session
/// (the session's window is the focused one), as the mutter scenario
/// backend drives it.
final class RealMutterCompositor: FidelityCompositor {
    private let compositor: RunningCompositor
    private var layout = FidelityMutterOutputs.mutterLayout
    /// Started with the compositor, before any client: Mutter adds the
    /// session's virtual keyboard and pointer to its seat asynchronously,
    /// and keys pressed before that are lost (a session started at the
    /// first move sometimes missed Super+Shift+Right).
    private let remoteDesktop: MutterRemoteDesktop
    /// The monitor the session last moved the window to (it starts on Meta-0).
    private var windowMonitor = FidelityMutterOutputs.names[0]
    /// The half the session last tiled the window to.
    private var windowHalf: HalfTile?

    init() throws {
        compositor = try MutterHeadless.start(monitors: Array(repeating: FidelityMutterOutputs.mode, count: 2), layout: layout)
        do {
            try MutterHeadless.applyUnlessCurrent(layout, to: compositor)
            remoteDesktop = try MutterRemoteDesktop(on: compositor)
        } catch {
            compositor.stop()
            throw error
        }
    }

    var clientEnvironment: [String: String] { compositor.clientEnvironment() }

    /// The session has already seen the window's first `enter`: Mutter shows it.
    func waitForWindow(appID: String) throws {}

    /// Presses Super+Shift+Left/Right once per monitor on the way; the
    /// session then waits for the client's events. The window is assumed to
    /// be on its last monitor (the session only moves it here).
    func moveWindow(appID: String, toOutput output: String) throws {
        let state = try MutterHeadless.displayState(of: compositor)
        let source = windowMonitor
        guard let route = MutterHeadless.monitorPath(from: source, to: output, in: state) else {
            throw FidelitySessionError(message: "Mutter cannot move a window from \(source) to \(output) by keybinding")
        }
        for _ in route.hops { try remoteDesktop.moveFocusedWindow(to: route.side) }
        windowMonitor = output
    }

    /// Presses Super+Up: Mutter maximizes the focused window.
    func maximizeWindow(appID: String) throws {
        try remoteDesktop.maximizeFocusedWindow()
    }

    /// Presses Super+Left/Right from the half the session last tiled the
    /// window to, as the mutter backend does.
    func halfTileWindow(appID: String, _ half: HalfTile?) throws {
        let side = { (half: HalfTile?) in half.map { $0 == .left ? MutterHeadless.Side.left : .right } }
        try remoteDesktop.tileFocusedWindow(from: side(windowHalf), to: side(half))
        windowHalf = half
    }

    /// Pushes the RemoteDesktop session's pointer right, past Meta-0's
    /// width (Mutter stops it inside Meta-1): new windows then open there.
    func movePointerOntoSecondMonitor() throws {
        try remoteDesktop.movePointer(dx: Double(FidelityMutterOutputs.size.width) + 300, dy: 0)
    }

    /// Applies the whole layout again with `output` at `scale` and the
    /// monitors right of it moved to stay adjacent: Mutter refuses a layout
    /// with a gap between monitors, so its neighbours always follow.
    func setScale(_ scale: Int, ofOutput output: String) throws {
        let state = try MutterHeadless.displayState(of: compositor)
        guard let monitor = state.monitors.first(where: { $0.connector == output }),
            monitor.supportedScales.contains(Double(scale))
        else {
            throw FidelitySessionError(message: "Mutter does not offer scale \(scale) for \(output): \(state.monitors)")
        }
        guard let index = layout.firstIndex(where: { $0.connector == output }) else {
            throw FidelitySessionError(message: "the session has no monitor \(output)")
        }
        layout[index].scale = Double(scale)
        for next in layout.indices.dropFirst(index + 1) {
            let previous = layout[next - 1]
            let width = Int((Double(FidelityMutterOutputs.size.width) / previous.scale).rounded())
            layout[next].x = previous.x + width
        }
        try MutterHeadless.apply(layout, to: compositor)
    }

    func resizeWindow(appID: String, to size: Size) throws {
        throw FidelitySessionError(message: "Mutter 43 has no interface to resize a window")
    }

    /// Applies the whole layout again with `output` at `position`, its
    /// scale unchanged (Mutter refuses a layout whose monitors do not touch).
    func moveOutput(_ output: String, to position: Point) throws {
        guard let index = layout.firstIndex(where: { $0.connector == output }) else {
            throw FidelitySessionError(message: "the session has no monitor \(output)")
        }
        layout[index].x = position.x
        layout[index].y = position.y
        try MutterHeadless.apply(layout, to: compositor)
    }

    func stop() {
        remoteDesktop.stop()
        compositor.stop()
    }
}
