import DioramaModel
import DioramaSimulator
import Foundation
import HeadlessCompositors

/// KWin 5.27's two virtual outputs as the fidelity session lays them out:
/// Virtual-0 at 1x, Virtual-1 at 2x to its right, 1280x800 pixels each.
enum FidelityKWinOutputs {
    static let names = ["Virtual-0", "Virtual-1"]
    static var simulatorLayout: DisplayLayout {
        DisplayLayout(displays: [
            DisplayConfiguration(
                name: names[0], mode: DisplayMode(width: 1280, height: 800),
                scale: Scale(integer: 1)!, position: Point(x: 0, y: 0)),
            DisplayConfiguration(
                name: names[1], mode: DisplayMode(width: 1280, height: 800),
                scale: Scale(integer: 2)!, position: Point(x: 1280, y: 0)),
        ])
    }
}

/// Real KWin 5.27 (`--virtual`): outputs through kscreen-doctor, windows
/// through KWin scripts, as the kwin scenario backend drives it.
final class RealKWinCompositor: FidelityCompositor {
    private let compositor: RunningCompositor

    init() throws {
        compositor = try KWinHeadless.start(outputCount: 2)
        do {
            try KWinHeadless.configureOutputs(
                compositor,
                ["output.Virtual-0.position.0,0", "output.Virtual-1.position.1280,0", "output.Virtual-1.scale.2"])
        } catch {
            compositor.stop()
            throw error
        }
    }

    var clientEnvironment: [String: String] { compositor.environment }

    /// The session has already seen the window's first `enter`: KWin shows it.
    func waitForWindow(appID: String) throws {}

    func moveWindow(appID: String, toOutput output: String) throws {
        guard let area = try KWinHeadless.outputs(of: compositor).first(where: { $0.name == output }) else {
            throw FidelitySessionError(message: "KWin has no output \(output)")
        }
        // Centred on the output, as the kwin backend and the simulator place it.
        try script(
            appID,
            """
            var g = c.frameGeometry;
            c.frameGeometry = { x: \(area.x) + Math.max(0, Math.floor((\(area.width) - g.width) / 2)),
                y: \(area.y) + Math.max(0, Math.floor((\(area.height) - g.height) / 2)),
                width: g.width, height: g.height };
            """)
    }

    func setScale(_ scale: Int, ofOutput output: String) throws {
        try KWinHeadless.configureOutputs(compositor, ["output.\(output).scale.\(scale)"])
    }

    func resizeWindow(appID: String, to size: Size) throws {
        try script(appID, "var g = c.frameGeometry; c.frameGeometry = { x: g.x, y: g.y, width: \(size.width), height: \(size.height) };")
    }

    /// Runs `action` on the KWin client `c` whose app id is `appID`.
    private func script(_ appID: String, _ action: String) throws {
        let lines = try KWinHeadless.runScript(
            compositor,
            """
            var c = null;
            var all = workspace.clientList();
            for (var i = 0; i < all.length; i++) {
                if (all[i].desktopFileName == "\(appID)" || all[i].resourceClass == "\(appID)") { c = all[i]; break; }
            }
            if (c) { \(action) report("done"); } else { report("missing"); }
            """)
        guard lines.contains("done") else { throw FidelitySessionError(message: "KWin has no window with app id \(appID)") }
    }

    func stop() { compositor.stop() }
}
