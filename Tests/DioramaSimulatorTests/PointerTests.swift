import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Testing
import WaylandClient

/// The seat's pointer over a real socket: focus by position, surface-local
/// coordinates in logical points, frames, button serials, and the drags a
/// client starts with `xdg_toplevel.move`.
@Suite struct PointerTests {
    /// What a test client's wl_pointer was told, one entry per event.
    final class PointerLog {
        var events: [String] = []
        var lastButtonSerial: UInt32 = 0

        init(_ pointer: WlPointer) {
            pointer.onEvent = { [unowned self] event in
                switch event {
                case .enter(_, _, let x, let y): events.append("enter \(Int(x)),\(Int(y))")
                case .leave: events.append("leave")
                case .motion(_, let x, let y): events.append("motion \(Int(x)),\(Int(y))")
                case .button(let serial, _, let button, let state):
                    lastButtonSerial = serial
                    events.append("\(state == .pressed ? "press" : "release") \(button)")
                case .axis(_, let axis, let value): events.append("axis \(axis.rawValue) \(Int(value))")
                case .frame: events.append("frame")
                default: break
                }
            }
        }
    }

    @Test func focusFollowsThePositionWithSurfaceLocalPointsAndFrames() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let pointer = try client.connection.bind(WlSeat.self).getPointer()
        let log = PointerLog(pointer)
        try mapWindow(client, in: harness, size: (400, 300), scale: 2)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 100, y: 100))
        try harness.roundtrip(client.connection)

        try harness.simulator.movePointer(to: .global(Point(x: 150, y: 120)))
        try harness.simulator.movePointer(to: .window(.appID("org.diorama.test"), Point(x: 60, y: 30)))
        harness.simulator.clickPointer(.left)
        harness.simulator.scrollPointer(dx: 0, dy: 30)
        try harness.simulator.movePointer(to: .global(Point(x: 900, y: 900)))
        try harness.roundtrip(client.connection)
        // Buffer scale 2 changes nothing: wl_pointer speaks logical points.
        #expect(
            log.events == [
                "enter 50,20", "frame", "motion 60,30", "frame", "press 272", "frame", "release 272", "frame",
                "axis 0 30", "frame", "leave", "frame",
            ])
        let traced = harness.simulator.trace.records.compactMap { record -> String? in
            if case .pointerInput(_, let action, let x, let y) = record.event { return "\(action) \(x),\(y)" }
            return nil
        }
        #expect(traced.first == "enter 50,20")
        #expect(traced.contains("press left 60,30"))
    }

    @Test func aHeldButtonKeepsFocusOnTheWindowItPressed() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let log = PointerLog(try client.connection.bind(WlSeat.self).getPointer())
        try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 100, y: 100))
        try harness.simulator.movePointer(to: .global(Point(x: 110, y: 110)))
        harness.simulator.pressPointerButton()
        try harness.simulator.movePointer(to: .global(Point(x: 50, y: 60)))
        harness.simulator.releasePointerButton()
        try harness.roundtrip(client.connection)
        #expect(
            log.events == [
                "enter 10,10", "frame", "press 272", "frame", "motion -50,-40", "frame", "release 272", "frame",
                "leave", "frame",
            ])
    }

    @Test func aMoveWithThePressSerialCarriesTheWindowToTheDoubleScaleDisplay() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let seat = try client.connection.bind(WlSeat.self)
        let log = PointerLog(seat.getPointer())
        let window = try mapWindow(client, in: harness)
        window.autoRespond = true
        let selector = WindowSelector.appID("org.diorama.test")
        try harness.simulator.moveWindow(selector, to: Point(x: 100, y: 100))
        try harness.simulator.movePointer(to: .window(selector, Point(x: 20, y: 20)))
        harness.simulator.pressPointerButton()
        try harness.roundtrip(client.connection)
        window.toplevel.move(seat: seat, serial: log.lastButtonSerial)
        try harness.roundtrip(client.connection)
        #expect(harness.simulator.windowBeingMoved?.appID == "org.diorama.test")

        try harness.simulator.movePointer(to: .global(Point(x: 1000, y: 300)))
        try harness.simulator.movePointer(to: .global(Point(x: 2500, y: 300)))
        harness.simulator.releasePointerButton()
        try harness.roundtrip(client.connection)
        let moved = try harness.simulator.window(selector)
        #expect(moved.position == Point(x: 2480, y: 280))
        #expect(moved.enteredDisplayNames == ["DP-2"])
        #expect(moved.homeDisplayName == "DP-2")
        #expect(moved.preferredScale == Scale(integer: 2))
        #expect(harness.simulator.windowBeingMoved == nil)
        let grabs = harness.simulator.trace.records.compactMap { record -> String? in
            if case .interactiveGrab(_, let kind, let ended) = record.event { return ended ? "\(kind) ended" : kind }
            return nil
        }
        #expect(grabs == ["move", "move ended"])
    }

    @Test func aMoveWithAStaleSerialIsIgnored() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let seat = try client.connection.bind(WlSeat.self)
        let log = PointerLog(seat.getPointer())
        try mapWindow(client, in: harness)
        let selector = WindowSelector.appID("org.diorama.test")
        try harness.simulator.moveWindow(selector, to: Point(x: 100, y: 100))
        try harness.simulator.movePointer(to: .window(selector, Point(x: 20, y: 20)))
        harness.simulator.clickPointer()
        try harness.roundtrip(client.connection)
        // The button is up again: its serial no longer starts a drag.
        let window = client.windows[0]
        window.toplevel.move(seat: seat, serial: log.lastButtonSerial)
        try harness.roundtrip(client.connection)
        #expect(harness.simulator.windowBeingMoved == nil)
        try harness.simulator.movePointer(to: .global(Point(x: 500, y: 500)))
        #expect(try harness.simulator.window(selector).position == Point(x: 100, y: 100))
        #expect(client.connection.protocolError == nil)
    }

    @Test func aResizeWithThePressSerialSendsResizingConfiguresThenAFinalOne() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let seat = try client.connection.bind(WlSeat.self)
        let log = PointerLog(seat.getPointer())
        let window = try mapWindow(client, in: harness, size: (400, 300))
        window.autoRespond = true
        let selector = WindowSelector.appID("org.diorama.test")
        try harness.simulator.moveWindow(selector, to: Point(x: 100, y: 100))
        try harness.simulator.movePointer(to: .window(selector, Point(x: 399, y: 299)))
        harness.simulator.pressPointerButton()
        try harness.roundtrip(client.connection)
        window.toplevel.resize(seat: seat, serial: log.lastButtonSerial, edges: .bottomRight)
        try harness.roundtrip(client.connection)
        let before = window.configures.count
        try harness.simulator.movePointer(to: .window(selector, Point(x: 499, y: 349)))
        harness.simulator.releasePointerButton()
        try harness.roundtrip(client.connection)
        let sequence = Array(window.configures.dropFirst(before))
        #expect(sequence.map { [$0.width, $0.height] } == [[500, 350], [500, 350]])
        #expect(sequence.map { $0.has(.resizing) } == [true, false])
    }
}

/// The seat's touchscreen over a real socket.
@Suite struct TouchTests {
    @Test func touchesArriveInSurfaceLocalPointsWithFramesAndStayWithTheirWindow() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let seat = try client.connection.bind(WlSeat.self)
        var capabilities: WlSeat.Capability = []
        seat.onEvent = { if case .capabilities(let value) = $0 { capabilities = value } }
        let touch = seat.getTouch()
        var events: [String] = []
        touch.onEvent = { event in
            switch event {
            case .down(_, _, _, let id, let x, let y): events.append("down \(id) \(Int(x)),\(Int(y))")
            case .motion(_, let id, let x, let y): events.append("motion \(id) \(Int(x)),\(Int(y))")
            case .up(_, _, let id): events.append("up \(id)")
            case .frame: events.append("frame")
            case .cancel: events.append("cancel")
            default: break
            }
        }
        try mapWindow(client, in: harness, scale: 2)
        let selector = WindowSelector.appID("org.diorama.test")
        try harness.simulator.moveWindow(selector, to: Point(x: 1920 + 100, y: 100))
        try harness.simulator.touchDown(id: 0, at: .global(Point(x: 2040, y: 130)))
        try harness.simulator.touchMove(id: 0, to: .window(selector, Point(x: 500, y: 40)))
        try harness.simulator.touchUp(id: 0)
        try harness.simulator.touchDown(id: 1, at: .window(selector, Point(x: 5, y: 5)))
        harness.simulator.cancelTouches()
        try harness.roundtrip(client.connection)
        #expect(capabilities.contains(.touch))
        #expect(events == ["down 0 20,30", "frame", "motion 0 500,40", "frame", "up 0", "frame", "down 1 5,5", "frame", "cancel"])
        #expect(client.connection.protocolError == nil)
    }

    @Test func touchesWhereNoWindowIsOrOfUnknownIdsAreRefused() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness)
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 100, y: 100))
        #expect(throws: SimulatorControlError.noWindowAt(Point(x: 3000, y: 900))) {
            try harness.simulator.touchDown(id: 0, at: .global(Point(x: 3000, y: 900)))
        }
        #expect(throws: SimulatorControlError.touchNotDown(3)) { try harness.simulator.touchUp(id: 3) }
        try harness.simulator.touchDown(id: 0, at: .global(Point(x: 110, y: 110)))
        #expect(throws: SimulatorControlError.touchAlreadyDown(0)) {
            try harness.simulator.touchDown(id: 0, at: .global(Point(x: 120, y: 120)))
        }
    }

    /// The pointer reaches the surface under it, not only a window's main
    /// surface: a GTK menu (a popup) closed when its click went to the
    /// window below, and foot's title bar (a subsurface above its main
    /// surface) got no input at all.
    @Test func popupsAndSubsurfacesGetPointerInputAtTheirOwnCoordinates() throws {
        let harness = try Simulator.Harness(layout: TestLayouts.dual)
        let client = try WindowingClient(harness: harness)
        let pointer = try client.connection.bind(WlSeat.self).getPointer()
        let window = try mapWindow(client, in: harness, size: (400, 300))
        try harness.simulator.moveWindow(.appID("org.diorama.test"), to: Point(x: 100, y: 100))
        let subcompositor = try client.connection.bind(WlSubcompositor.self)
        let titleBar = client.compositor.createSurface()
        let subsurface = subcompositor.getSubsurface(surface: titleBar, parent: window.surface)
        subsurface.setPosition(x: 0, y: -20)
        titleBar.attach(buffer: ShmBufferFactory.makeBuffer(shm: client.shm, width: 400, height: 20), x: 0, y: 0)
        titleBar.commit()
        // A 100x50 menu centred on 305,155 of the window, clear of the title bar.
        let menu = TestPopup(client: client)
        let positioner = client.wmBase.createPositioner()
        positioner.setSize(width: 100, height: 50)
        positioner.setAnchorRect(x: 300, y: 150, width: 10, height: 10)
        menu.makePopup(parent: window.xdgSurface, positioner: positioner)
        positioner.destroy()
        menu.surface.commit()
        try harness.roundtrip(client.connection)
        try menu.ackAndAttach(width: 100, height: 50)
        try harness.roundtrip(client.connection)
        let placement = try #require(menu.configures.last)
        var events: [String] = []
        pointer.onEvent = { event in
            func name(_ surface: WlSurface?) -> String {
                surface === titleBar ? "title bar" : surface === menu.surface ? "menu" : surface === window.surface ? "main" : "other"
            }
            switch event {
            case .enter(_, let surface, let x, let y): events.append("enter \(name(surface)) \(Int(x)),\(Int(y))")
            case .leave(_, let surface): events.append("leave \(name(surface))")
            case .motion(_, let x, let y): events.append("motion \(Int(x)),\(Int(y))")
            case .button(_, _, _, let state): events.append(state == .pressed ? "press" : "release")
            default: break
            }
        }
        try harness.roundtrip(client.connection)

        // The menu: its configure is relative to the window geometry, at 100,100.
        let onMenu = Point(x: 100 + Int(placement[0]) + 7, y: 100 + Int(placement[1]) + 9)
        try harness.simulator.movePointer(to: .global(onMenu))
        harness.simulator.clickPointer()
        // The title bar, 20 points above the main surface.
        try harness.simulator.movePointer(to: .global(Point(x: 150, y: 85)))
        harness.simulator.clickPointer()
        try harness.simulator.movePointer(to: .global(Point(x: 151, y: 86)))
        // Down onto the main surface.
        try harness.simulator.movePointer(to: .global(Point(x: 150, y: 250)))
        try harness.roundtrip(client.connection)
        #expect(
            events == [
                "enter menu 7,9", "press", "release", "leave menu", "enter title bar 50,5", "press", "release", "motion 51,6",
                "leave title bar", "enter main 50,150",
            ])
        #expect(try harness.simulator.window(under: .global(Point(x: 150, y: 85)))?.appID == "org.diorama.test")
        _ = subsurface
    }
}
