import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// xdg_popup placement by positioner, on its parent window's displays.
@Suite struct PopupTests {
    @Test func aPopupIsPlacedByItsPositionerAndShownWhereItsWindowIs() throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 2000, y: 100))
        try harness.roundtrip(client.connection)

        let positioner = client.wmBase.createPositioner()
        positioner.setSize(width: 200, height: 100)
        positioner.setAnchorRect(x: 10, y: 20, width: 50, height: 30)
        positioner.setAnchor(anchor: .bottomLeft)
        positioner.setGravity(gravity: .bottomRight)
        positioner.setOffset(x: 5, y: 0)
        let surface = client.compositor.createSurface()
        var entered: [String] = []
        surface.onEvent = { event in
            if case .enter(let output) = event { entered.append(client.outputs.name(of: output)) }
        }
        let xdgSurface = client.wmBase.getXdgSurface(surface: surface)
        let popup = xdgSurface.getPopup(parent: parent.xdgSurface, positioner: positioner)
        var placed: [Int32] = []
        var serial: UInt32?
        popup.onEvent = { event in
            if case .configure(let x, let y, let width, let height) = event { placed = [x, y, width, height] }
        }
        xdgSurface.onEvent = { event in
            if case .configure(let value) = event { serial = value }
        }
        surface.commit()
        try harness.roundtrip(client.connection)
        // Anchor: the anchor rect's bottom-left (10, 50); gravity bottom-right
        // puts the popup's corner there; then the offset.
        #expect(placed == [15, 50, 200, 100])

        xdgSurface.ackConfigure(serial: try #require(serial))
        surface.attach(buffer: ShmBufferFactory.makeBuffer(shm: client.shm, width: 200, height: 100), x: 0, y: 0)
        surface.commit()
        try harness.roundtrip(client.connection)
        #expect(entered == ["DP-2"])
    }

    @Test func aPositionerWithoutASizeIsInvalid() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let parent = try mapWindow(client, in: harness)
        let positioner = client.wmBase.createPositioner()
        positioner.setAnchorRect(x: 0, y: 0, width: 1, height: 1)
        let xdgSurface = client.wmBase.getXdgSurface(surface: client.compositor.createSurface())
        _ = xdgSurface.getPopup(parent: parent.xdgSurface, positioner: positioner)
        let error = try harness.roundtripExpectingError(client.connection)
        #expect(error.interface == "xdg_wm_base")
        #expect(error.code == 5)  // invalid_positioner
    }
}
