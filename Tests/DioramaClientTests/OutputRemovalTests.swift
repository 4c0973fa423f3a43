import DioramaClient
import DioramaModel
import DioramaTestSupport
import Synchronization
import Testing

/// Output hot-unplug, against the in-process compositor (real libwayland on
/// both sides, over a socket pair).
@Suite("output removal")
struct OutputRemovalTests {
    final class Recorder: OutputHandler, SurfaceHandler {
        var log: [String] = []
        func outputAdded(_ output: Output) { log.append("added \(output.info.name ?? output.info.model)") }
        func outputRemoved(_ output: Output) { log.append("removed \(output.info.name ?? output.info.model)") }
        func surfaceEnteredOutput(_ surface: Surface, output: Output) { log.append("entered \(output.info.name ?? output.info.model)") }
        func surfaceLeftOutput(_ surface: Surface, output: Output) { log.append("left \(output.info.name ?? output.info.model)") }
    }

    @Test("removing an output: surfaces leave it, the handler hears outputRemoved, wl_output v3+ is released; derived geometry without xdg-output")
    func removal() throws {
        let server = try InProcessCompositor()
        server.addOutput(.init(name: "LEFT", version: 4, scale: 1, width: 1920, height: 1080))
        server.addOutput(.init(name: "RIGHT", version: 3, scale: 2, width: 2560, height: 1440, x: 1920))
        let connection = try Connection(adoptingSocket: try #require(server.clientSocket))
        let registry = try Registry(connection: connection)
        let recorder = Recorder()
        let outputs = OutputState(registry: registry, handler: recorder)
        try outputs.waitUntilDescribed()
        #expect(outputs.xdgOutputManager == nil)
        let left = try #require(outputs.output(named: "LEFT"))
        let right = try #require(outputs.outputs.first { $0.info.model == "RIGHT" })
        #expect(right.info.name == nil, "wl_output v3 has no name and there is no xdg-output")
        #expect(right.info.logicalSize == Size(width: 1280, height: 720), "mode 2560x1440 / scale 2")
        #expect(right.info.logicalPosition == Point(x: 1920, y: 0))
        #expect(!right.info.hasXdgOutputGeometry)
        #expect(left.info.logicalSize == Size(width: 1920, height: 1080))

        let compositor = try CompositorState(registry: registry, outputState: outputs)
        let surface = compositor.createSurface()
        surface.handler = recorder
        try connection.roundtrip()
        server.enter(surface: 0, output: "LEFT")
        server.enter(surface: 0, output: "RIGHT")
        try connection.run(until: { surface.outputs.count == 2 }, timeout: .seconds(5), waitingFor: "two enters")
        #expect(surface.maxOutputScale == 2)

        server.removeOutput(named: "RIGHT")
        try connection.run(until: { outputs.outputs.count == 1 }, timeout: .seconds(5), waitingFor: "RIGHT to go")
        #expect(surface.outputs == [left])
        #expect(surface.maxOutputScale == 1)
        #expect(recorder.log.suffix(2) == ["left RIGHT", "removed RIGHT"])
        try connection.roundtrip()
        let released = Mutex<[String]>([])
        server.perform { server in released.withLock { $0 = server.releasedOutputs } }
        #expect(released.withLock { $0 } == ["RIGHT"], "the client released its wl_output (v3)")

        server.addOutput(.init(name: "NEW", version: 4, scale: 3, width: 3840, height: 2160))
        try connection.run(until: { outputs.outputs.count == 2 }, timeout: .seconds(5), waitingFor: "NEW to arrive")
        #expect(recorder.log.last == "added NEW")
        #expect(outputs.output(named: "NEW")?.info.logicalSize == Size(width: 1280, height: 720))
        #expect(connection.error == nil)
    }
}
