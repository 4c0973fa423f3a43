import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness

/// Layouts built in code for tests that need a shape the shipped files do not have.
enum TestLayouts {
    static func display(
        _ name: String, x: Int, width: Int = 1920, height: Int = 1080, scale: Scale = .one,
        y: Int = 0
    ) -> DisplayConfiguration {
        DisplayConfiguration(
            name: name, mode: DisplayMode(width: scale.pixels(forLogical: width), height: scale.pixels(forLogical: height)),
            scale: scale, position: Point(x: x, y: y))
    }

    /// Two 1920x1080-point displays side by side: DP-1 at 1x, DP-2 at 2x.
    static var dual: DisplayLayout {
        DisplayLayout(displays: [display("DP-1", x: 0), display("DP-2", x: 1920, scale: Scale(integer: 2)!)])
    }
}

extension Simulator.Harness {
    /// A harness on a shipped layout file.
    static func shipped(_ file: String, configure: (inout SimulatorConfiguration) -> Void = { _ in }) throws -> Simulator.Harness {
        try Simulator.Harness(layoutFile: file, configure: configure)
    }
}

/// Maps a window on `harness` (a `dual.json` layout) moved to `position`
/// (on DP-2 unless told), then unplugs DP-2: what the window was told by the
/// time `global_remove` arrived (nil if it did not), and everything it was
/// told by the unplug.
func unplugDisplayUnderWindow(
    in harness: Simulator.Harness, at position: Point = Point(x: 2100, y: 200)
) throws -> (beforeRemoval: [ClientWindowEvent]?, all: [ClientWindowEvent]) {
    let client = try WindowingClient(harness: harness)
    let window = try mapWindow(client, in: harness)
    try harness.simulator.moveWindow(.appID("org.diorama.test"), to: position)
    try harness.roundtrip(client.connection)
    window.clearLog()
    var toldBeforeRemoval: [ClientWindowEvent]?
    client.connection.onGlobalRemove = { _ in toldBeforeRemoval = window.log }

    try harness.simulator.unplugDisplay("DP-2")
    try harness.roundtrip(client.connection)
    return (toldBeforeRemoval, window.log)
}

/// Maps a test window: initial configure, ack, buffer, roundtrip.
@discardableResult
func mapWindow(
    _ client: WindowingClient, in harness: Simulator.Harness, appID: String = "org.diorama.test",
    size: (Int32, Int32) = (400, 300), scale: Int32 = 1, fractional: Bool = true
) throws -> ClientWindow {
    let window = client.makeWindow(appID: appID, fractional: fractional)
    window.preferredSize = size
    window.bufferScale = scale
    try harness.roundtrip(client.connection)
    window.ackAndCommit()
    try harness.roundtrip(client.connection)
    return window
}
