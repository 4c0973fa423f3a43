import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// Subsurfaces share their window's displays and appear in its contents.
@Suite struct SubsurfaceTests {
    @Test func aSubsurfaceFollowsItsWindowAcrossDisplays() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        let child = client.compositor.createSurface()
        var childLog: [String] = []
        child.onEvent = { event in
            switch event {
            case .enter(let output): childLog.append("enter \(client.outputs.name(of: output))")
            case .leave(let output): childLog.append("leave \(client.outputs.name(of: output))")
            }
        }
        let subsurface = subcompositor.getSubsurface(surface: child, parent: window.surface)
        subsurface.setPosition(x: 10, y: 20)
        child.attach(buffer: ShmBufferFactory.makeBuffer(shm: client.shm, width: 50, height: 40), x: 0, y: 0)
        child.commit()
        try harness.roundtrip(client.connection)
        #expect(childLog == ["enter DP-1"])

        try harness.simulator.moveWindow(.appID("org.diorama.test"), toDisplay: "DP-2")
        try harness.roundtrip(client.connection)
        #expect(childLog == ["enter DP-1", "leave DP-1", "enter DP-2"])

        let contents = try harness.simulator.window(.appID("org.diorama.test")).contents
        #expect(contents.count == 2)
        #expect(contents[1].size == Size(width: 50, height: 40))
        #expect(contents[1].origin == Point(x: contents[0].origin.x + 10, y: contents[0].origin.y + 20))
    }

    @Test func aSurfaceCannotBeItsOwnParent() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        let surface = client.compositor.createSurface()
        _ = subcompositor.getSubsurface(surface: surface, parent: surface)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "wl_subcompositor" && error.code == 0)
    }
}
