import DioramaClient
import DioramaModel
import DioramaTestTraits
import HeadlessCompositors
import SwayIPC
import Testing
import WaylandCommon

/// The configure/acknowledge rules as pure bookkeeping, then on a real compositor.
@Suite("toplevel configure and acknowledge", .ownThreads)
struct ToplevelConfigureTests {
    @Test("only the latest serial is acknowledged, once")
    func latestSerialOnly() {
        var ack = ConfigureAcknowledgement()
        #expect(!ack.hasReceivedConfigure)
        #expect(ack.takeSerialToAcknowledge() == nil)
        ack.received(serial: 3)
        ack.received(serial: 5)
        ack.received(serial: 7)
        #expect(ack.hasReceivedConfigure)
        #expect(!ack.isConfigured)
        #expect(ack.pendingSerial == 7)
        #expect(ack.takeSerialToAcknowledge() == 7)
        #expect(ack.isConfigured)
        #expect(ack.takeSerialToAcknowledge() == nil, "a serial is never acknowledged twice")
        ack.received(serial: 9)
        #expect(ack.takeSerialToAcknowledge() == 9)
        #expect(ack.lastAcknowledged == 9)
    }

    @Test("a sequence collects size, states, bounds and capabilities; bounds and capabilities carry over")
    func collector() {
        var collector = ToplevelConfigureCollector()
        collector.configureBounds(width: 1920, height: 1040)
        collector.wmCapabilities([2, 3])
        collector.configure(width: 800, height: 600, states: [1, 4, 99])
        let first = collector.close(serial: 10)
        #expect(
            first
                == ToplevelConfigure(
                    serial: 10, size: Size(width: 800, height: 600),
                    states: [.maximized, .activated],
                    bounds: Size(width: 1920, height: 1040),
                    capabilities: [.maximize, .fullscreen]))
        collector.configure(width: 0, height: 0, states: [3, 5, 6, 7, 8, 9])
        let second = collector.close(serial: 11)
        #expect(second.size == .zero)
        #expect(second.states == [.resizing, .tiledLeft, .tiledRight, .tiledTop, .tiledBottom, .suspended])
        #expect(second.bounds == Size(width: 1920, height: 1040))
        #expect(second.capabilities == [.maximize, .fullscreen])
        #expect(second.size(orDefault: Size(width: 300, height: 200)) == Size(width: 300, height: 200))
        collector.configureBounds(width: 0, height: 0)
        #expect(collector.close(serial: 12).bounds == nil)
    }

    @Test("without wm_capabilities everything is assumed available")
    func defaultCapabilities() {
        var collector = ToplevelConfigureCollector()
        collector.configure(width: 10, height: 10, states: [])
        #expect(collector.close(serial: 1).capabilities == .all)
    }

    @Test("states decode from the wire array as xdg_toplevel.configure sends it")
    func statesFromWire() {
        let wire = WireArray.pack([4, 2])
        #expect(ToplevelStates(wireArray: WireArray.unpack(wire)) == [.activated, .fullscreen])
        #expect(ToplevelStates(wireArray: []).isEmpty)
        #expect("\(ToplevelStates([.activated, .tiledLeft]))" == "[activated, tiled_left]")
    }

    @Test("under weston: the first configure arrives after the initial commit, and the acked buffer commit maps the window")
    func mapsUnderWeston() throws {
        let weston = try WestonHeadless.start(scale: 2)
        defer { weston.stop() }
        let client = try ClientHarness(weston)
        let recorder = SurfaceEventRecorder()
        let (toplevel, _) = try client.mapToplevel(appID: uniqueAppID("weston-map"), surfaceHandler: recorder)
        #expect(toplevel.configureCount >= 1)
        #expect(toplevel.isConfigured)
        #expect(toplevel.pendingConfigureSerial == nil)
        // weston only sends wl_surface.enter for a mapped surface.
        try client.run(until: { !toplevel.surface.outputs.isEmpty }, "the surface to enter weston's output")
        #expect(recorder.events == [.entered("headless")])
        #expect(toplevel.surface.maxOutputScale == 2)
        #expect(client.connection.error == nil)
    }

    @Test("under sway: a tiled toplevel is configured to its tile size and the next commit acknowledges it")
    func tiledUnderSway() throws {
        let sway = try SwayHeadless.start(outputs: [.init(width: 1280, height: 800, scale: 1)])
        defer { sway.stop() }
        let client = try ClientHarness(sway)
        let appID = uniqueAppID("tiled")
        let (toplevel, _) = try client.mapToplevel(appID: appID)
        let ipc = try SwayIPC(sway)
        let placed = try ipc.waitForWindow(appID: appID)
        #expect(!placed.isFloating)
        // Mapping a tiled window makes sway send a second configure with the tile's size.
        try client.run(until: { (toplevel.currentConfigure?.size.width ?? 0) > 0 }, "a configure with the tile size")
        let configure = try #require(toplevel.currentConfigure)
        #expect(configure.size == Size(width: placed.rect.width, height: placed.rect.height))
        #expect(configure.states.contains(.activated))
        #expect(toplevel.pendingConfigureSerial == configure.serial)
        let buffer = try client.bufferPool.nextBuffer(size: configure.size)
        toplevel.attachAndCommit(buffer)
        #expect(toplevel.pendingConfigureSerial == nil)
        #expect(toplevel.acknowledgement.lastAcknowledged == configure.serial)
        try client.connection.roundtrip()
        #expect(client.connection.error == nil)
    }
}
