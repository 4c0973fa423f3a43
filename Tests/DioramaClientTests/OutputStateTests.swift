import DioramaClient
import DioramaModel
import DioramaTestTraits
import HeadlessCompositors
import SwayIPC
import Testing

/// Outputs as `OutputState` publishes them, from real compositors.
@Suite("output state", .ownThreads)
struct OutputStateTests {
    final class Recorder: OutputHandler {
        var added: [String] = []
        var changed: [(name: String, previous: OutputInfo, current: OutputInfo)] = []
        var removed: [String] = []
        func outputAdded(_ output: Output) { added.append(output.info.name ?? "?") }
        func outputChanged(_ output: Output, previous: OutputInfo) {
            changed.append((output.info.name ?? "?", previous, output.info))
        }
        func outputRemoved(_ output: Output) { removed.append(output.info.name ?? "?") }
    }

    @Test("weston (wl_output v3, xdg-output v2): name from xdg-output, logical size is mode / scale")
    func weston() throws {
        let weston = try WestonHeadless.start(scale: 2, width: 800, height: 600)
        defer { weston.stop() }
        let connection = try Connection(display: weston.waylandDisplay, environment: [:])
        let registry = try Registry(connection: connection)
        let state = OutputState(registry: registry)
        let recorder = Recorder()
        state.handler = recorder
        #expect(state.xdgOutputManager?.version == 2)
        try state.waitUntilDescribed()
        let output = try #require(state.outputs.first)
        #expect(output.wlOutput.version == 3)
        #expect(output.info.name == "headless")
        #expect(output.info.make == "weston")
        #expect(output.info.scale == 2)
        #expect(output.info.modePixels == Size(width: 1600, height: 1200))
        #expect(output.info.logicalSize == Size(width: 800, height: 600))
        #expect(output.info.derivedLogicalSize == Size(width: 800, height: 600))
        #expect(output.info.hasXdgOutputGeometry)
        #expect(output.info.refreshMilliHz == 60000)
        #expect(recorder.added == ["headless"])
        #expect(state.output(named: "headless") === output)
    }

    @Test("sway (wl_output v4, xdg-output v3): a scale change and a new output arrive as atomic updates")
    func swayHotplug() throws {
        let sway = try SwayHeadless.start()
        defer { sway.stop() }
        let ipc = try SwayIPC(sway)
        let connection = try Connection(display: sway.waylandDisplay, environment: [:])
        let registry = try Registry(connection: connection)
        let state = OutputState(registry: registry)
        let recorder = Recorder()
        state.handler = recorder
        try state.waitUntilDescribed()
        #expect(state.xdgOutputManager?.version == 3)
        #expect(recorder.added == ["HEADLESS-1", "HEADLESS-2"])
        let second = try #require(state.output(named: "HEADLESS-2"))
        #expect(second.wlOutput.version == 4)
        #expect(second.info.logicalPosition == Point(x: 1280, y: 0))
        #expect(second.info.logicalSize == Size(width: 640, height: 400))
        #expect(second.info.scale == 2)

        // One update carrying both the new scale and the new logical size.
        _ = try ipc.command("output HEADLESS-2 scale 1")
        try connection.run(
            until: { second.info.scale == 1 && second.info.logicalSize.width == 1280 },
            timeout: .seconds(10), waitingFor: "HEADLESS-2 at scale 1")
        let scaleChanges = recorder.changed.filter { $0.previous.scale != $0.current.scale }
        #expect(scaleChanges.count == 1)
        #expect(scaleChanges.first?.previous.scale == 2)
        #expect(
            scaleChanges.first?.current.logicalSize == Size(width: 1280, height: 800),
            "the scale and the logical size changed in the same update")
        #expect(
            recorder.changed.allSatisfy { !($0.current.scale == 1 && $0.current.logicalSize.width == 640) },
            "no half-applied update was ever published")

        // Hot-plug: sway can create headless outputs at runtime.
        _ = try ipc.command("create_output")
        try connection.run(until: { state.outputs.count == 3 }, timeout: .seconds(10), waitingFor: "a third output")
        #expect(recorder.added.last == "HEADLESS-3")

        // Removal is not exercised here: sway 1.7's headless backend cannot
        // disable an output ("Failed to commit output"), so its global never goes.
        #expect(connection.error == nil)
    }
}
