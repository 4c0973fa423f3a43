import DioramaModel
import DioramaSimulatorHarness
import Testing
import WaylandClient

@testable import DioramaSimulator

/// `xdg_popup.grab` over a real socket: while a client's grabbing popups
/// are up, pointer input reaches only that client, and a press or touch
/// outside its surfaces dismisses the popups (each gets `popup_done`,
/// topmost first) instead of reaching anyone.
@Suite struct PopupGrabTests {
    /// Two clients side by side on the dual layout's first display: the
    /// menu's owner at 100,100 and another at 700,100, both 400x300.
    final class TwoClients {
        let harness: Simulator.Harness
        let owner: WindowingClient
        let ownerWindow: ClientWindow
        let ownerPointer: PointerTests.PointerLog
        let seat: WlSeat
        let other: WindowingClient
        let otherPointer: PointerTests.PointerLog
        var otherTouches: [String] = []

        init() throws {
            harness = try Simulator.Harness(layout: TestLayouts.dual)
            owner = try WindowingClient(harness: harness)
            seat = try owner.connection.bind(WlSeat.self)
            ownerPointer = PointerTests.PointerLog(seat.getPointer())
            ownerWindow = try mapWindow(owner, in: harness, appID: "org.diorama.owner")
            try harness.simulator.moveWindow(.appID("org.diorama.owner"), to: Point(x: 100, y: 100))
            other = try WindowingClient(harness: harness)
            let otherSeat = try other.connection.bind(WlSeat.self)
            otherPointer = PointerTests.PointerLog(otherSeat.getPointer())
            let touch = otherSeat.getTouch()
            touch.onEvent = { [unowned self] event in
                switch event {
                case .down(_, _, _, let id, _, _): otherTouches.append("down \(id)")
                case .up(_, _, let id): otherTouches.append("up \(id)")
                default: break
                }
            }
            try mapWindow(other, in: harness, appID: "org.diorama.other")
            try harness.simulator.moveWindow(.appID("org.diorama.other"), to: Point(x: 700, y: 100))
            try roundtrip()
        }

        /// A 100x50 popup of `parent` at its top-left, grabbing when asked, mapped.
        func popup(of parent: XdgSurface, grab: Bool) throws -> TestPopup {
            try TestPopup.mapped(client: owner, parent: parent, harness: harness, grabbing: grab ? seat : nil)
        }

        func roundtrip() throws {
            try harness.roundtrip(owner.connection)
            try harness.roundtrip(other.connection)
        }

        /// The `popup_done` records so far, as "surface reason".
        var popupDoneRecords: [String] {
            harness.simulator.trace.records.compactMap { record in
                guard case .popupDone(let surface, _, let reason) = record.event else { return nil }
                return "\(surface.map(String.init) ?? "none") \(reason.rawValue)"
            }
        }
    }

    /// A click on another client's window closes the menu and its submenu,
    /// topmost first; a tooltip of the window (below the grab) stays. The
    /// other client gets no enter while the grab is up, nor the click; after
    /// it, the pointer reaches it again.
    @Test func aClickOnAnotherClientDismissesTheGrabbingPopupsAndReachesNoOne() throws {
        let setup = try TwoClients()
        let tooltip = try setup.popup(of: setup.ownerWindow.xdgSurface, grab: false)
        let menu = try setup.popup(of: setup.ownerWindow.xdgSurface, grab: true)
        let submenu = try setup.popup(of: menu.xdgSurface, grab: true)
        var dismissed: [String] = []
        menu.onDone = { dismissed.append("menu") }
        submenu.onDone = { dismissed.append("submenu") }
        tooltip.onDone = { dismissed.append("tooltip") }
        setup.ownerPointer.events.removeAll()

        try setup.harness.simulator.movePointer(to: .global(Point(x: 750, y: 150)))
        try setup.roundtrip()
        #expect(setup.otherPointer.events.isEmpty, "another client gets no enter during the grab: \(setup.otherPointer.events)")

        // As `diorama ctl pointer click` sends it: the answer says what happened.
        let ownerID = try #require(setup.harness.simulator.windows.first { $0.appID == "org.diorama.owner" }).id
        let answer = try setup.harness.simulator.controlRequests.handle(.pointer(.click(.left, at: nil)))
        try setup.roundtrip()
        #expect(answer.warning?.contains("outside the client of window \(ownerID), whose popups held a grab") == true, "\(answer)")
        #expect(dismissed == ["submenu", "menu"], "the grab's popups, topmost first; the tooltip below stays")
        #expect(tooltip.log == [.configure])
        #expect(setup.popupDoneRecords.count == 2 && setup.popupDoneRecords.allSatisfy { $0.hasSuffix(" grab_broken") }, "\(setup.popupDoneRecords)")
        #expect(!setup.otherPointer.events.contains { $0.hasPrefix("press") || $0.hasPrefix("release") }, "\(setup.otherPointer.events)")
        #expect(!setup.ownerPointer.events.contains { $0.hasPrefix("press") || $0.hasPrefix("release") }, "\(setup.ownerPointer.events)")
        #expect(setup.otherPointer.events.first == "enter 50,50", "the grab is over: the window under the pointer gets it: \(setup.otherPointer.events)")

        try #require(submenu.popup).destroy()
        try #require(menu.popup).destroy()
        setup.otherPointer.events.removeAll()
        setup.harness.simulator.clickPointer()
        try setup.roundtrip()
        #expect(setup.otherPointer.events == ["press 272", "frame", "release 272", "frame"])
        #expect(setup.owner.connection.protocolError == nil && setup.other.connection.protocolError == nil)
    }

    /// A press on the grabbing client's own window goes to it: the client
    /// decides whether its menu closes.
    @Test func aPressOnTheGrabbingClientsOwnWindowReachesIt() throws {
        let setup = try TwoClients()
        let menu = try setup.popup(of: setup.ownerWindow.xdgSurface, grab: true)
        try setup.harness.simulator.movePointer(to: .global(Point(x: 300, y: 300)))
        try setup.roundtrip()
        #expect(setup.ownerPointer.events.suffix(2) == ["enter 200,200", "frame"])
        setup.ownerPointer.events.removeAll()
        setup.harness.simulator.clickPointer()
        try setup.roundtrip()
        #expect(setup.ownerPointer.events == ["press 272", "frame", "release 272", "frame"])
        #expect(menu.log == [.configure], "no popup_done")
        #expect(setup.popupDoneRecords.isEmpty)
    }

    /// A touch on the bare desktop breaks the grab too; the touch point is
    /// down (its up is accepted) but reaches no client.
    @Test func aTouchOutsideTheClientDismissesTheMenuAndReachesNoOne() throws {
        let setup = try TwoClients()
        let menu = try setup.popup(of: setup.ownerWindow.xdgSurface, grab: true)
        try setup.harness.simulator.touchDown(id: 4, at: .global(Point(x: 1500, y: 900)))
        try setup.harness.simulator.touchUp(id: 4)
        try setup.roundtrip()
        #expect(menu.log == [.configure, .popupDone])
        #expect(setup.otherTouches.isEmpty)
        // With the grab gone, a touch on the bare desktop is refused again.
        #expect(throws: SimulatorControlError.noWindowAt(Point(x: 1500, y: 900))) {
            try setup.harness.simulator.touchDown(id: 5, at: .global(Point(x: 1500, y: 900)))
        }
        try setup.harness.simulator.touchDown(id: 6, at: .global(Point(x: 750, y: 150)))
        try setup.roundtrip()
        #expect(setup.otherTouches == ["down 6"])
    }

    /// A popup without a grab (a tooltip) is not dismissed by clicks elsewhere.
    @Test func aPopupWithoutAGrabStaysWhenTheUserClicksElsewhere() throws {
        let setup = try TwoClients()
        let tooltip = try setup.popup(of: setup.ownerWindow.xdgSurface, grab: false)
        try setup.harness.simulator.movePointer(to: .global(Point(x: 750, y: 150)))
        setup.harness.simulator.clickPointer()
        try setup.roundtrip()
        #expect(tooltip.log == [.configure])
        #expect(setup.otherPointer.events.contains("press 272"))
    }
}
