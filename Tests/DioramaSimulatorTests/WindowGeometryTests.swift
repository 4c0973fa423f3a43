import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// The effective window geometry (xdg-shell, `set_window_geometry`): the
/// geometry the client set, clamped to the bounds of its surface and
/// subsurfaces, or those bounds when it set none. weston-scaler set a
/// 421×337 geometry on a 220×308 surface, and `ctl windows` showed the
/// window 421×337 wide under every profile.
@Suite struct WindowGeometryTests {
    /// A window on `laptop.json` whose surface is `buffer` points and whose
    /// client set `geometry` (x, y, width, height) with its first buffer.
    func map(profile name: String, geometry: (Int32, Int32, Int32, Int32)?, buffer: (Int, Int)) throws -> (
        Simulator.Harness, WindowingClient, ClientWindow
    ) {
        let profile = try #require(CompositorProfile.named(name))
        let harness = try Simulator.Harness.shipped("laptop.json") { $0.profile = profile }
        let client = try WindowingClient(harness: harness)
        let window = client.makeWindow(appID: "geometry")
        window.autoRespond = false
        try harness.roundtrip(client.connection)
        let configure = try #require(window.lastConfigure)
        window.xdgSurface.ackConfigure(serial: configure.serial)
        if let geometry { window.xdgSurface.setWindowGeometry(x: geometry.0, y: geometry.1, width: geometry.2, height: geometry.3) }
        window.commitBuffer(width: buffer.0, height: buffer.1)
        try harness.roundtrip(client.connection)
        return (harness, client, window)
    }

    @Test(
        "a geometry larger than the surface is clamped to it; weston 10 keeps it as set",
        arguments: [
            ("modern", Size(width: 220, height: 308)), ("sway-1.7-floating", Size(width: 220, height: 308)),
            ("kwin-5.27", Size(width: 220, height: 308)), ("mutter-43", Size(width: 220, height: 308)),
            ("weston-10", Size(width: 421, height: 337)),
        ])
    func aGeometryLargerThanTheSurface(profile: String, expected: Size) throws {
        let (harness, _, _) = try map(profile: profile, geometry: (0, 0, 421, 337), buffer: (220, 308))
        #expect(try harness.simulator.window(.appID("geometry")).size == expected)
    }

    @Test("a geometry reaching past the surface's edge keeps the part inside it, offset included")
    func aGeometryPartlyOutside() throws {
        let (harness, _, _) = try map(profile: "modern", geometry: (10, 20, 500, 500), buffer: (220, 308))
        let window = try harness.simulator.window(.appID("geometry"))
        #expect(window.size == Size(width: 210, height: 288))
        // The frame's top-left is the geometry's: the surface starts 10, 20 points before it.
        #expect(window.contents.first?.origin == Point(x: window.frame.origin.x - 10, y: window.frame.origin.y - 20))
    }

    @Test("no geometry set: a subsurface reaching out of the surface widens the window at the main surface's next commit")
    func unsetGeometryCoversSubsurfaces() throws {
        let (harness, client, window) = try map(profile: "modern", geometry: nil, buffer: (200, 100))
        #expect(try harness.simulator.window(.appID("geometry")).size == Size(width: 200, height: 100))
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        let child = client.compositor.createSurface()
        let subsurface = subcompositor.getSubsurface(surface: child, parent: window.surface)
        subsurface.setPosition(x: -30, y: 10)
        child.attach(buffer: ShmBufferFactory.makeBuffer(shm: client.shm, width: 50, height: 40), x: 0, y: 0)
        child.commit()
        window.commitBuffer(width: 200, height: 100)
        try harness.roundtrip(client.connection)
        #expect(try harness.simulator.window(.appID("geometry")).size == Size(width: 230, height: 100))
        _ = subsurface
    }
}
