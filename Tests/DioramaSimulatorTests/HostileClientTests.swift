import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Glibc
import Testing
import WaylandClient

/// Hostile clients over the real socket (issue #10): each sequence that
/// once hung, crashed or fooled the simulator gets the protocol error the
/// spec names, and the simulator goes on serving a fresh, well-behaved client.
/// Display names that cannot travel in wl_output events are refused where
/// they enter: `LayoutFileTests` (files) and `ControlEndpointTests` (`plug`).
@Suite struct HostileClientTests {
    /// A hostile request sequence and the error the spec names for it.
    enum Attack: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case popupParentIsItself
        case popupsParentEachOther
        case formerToplevelBecomesItsPopupsPopup
        case toplevelParentIsItself
        case toplevelParentCycle
        case resizeEdgeOutOfRange
        case grabAfterMap
        case destroyPopupBelowAnother
        case poolFileShrunkThenScreenshot

        var testDescription: String { rawValue }

        var expected: (interface: String, code: UInt32, name: String) {
            switch self {
            case .popupParentIsItself, .popupsParentEachOther: ("xdg_wm_base", 3, "invalid_popup_parent")
            case .formerToplevelBecomesItsPopupsPopup: ("xdg_wm_base", 0, "role")
            case .toplevelParentIsItself, .toplevelParentCycle: ("xdg_toplevel", 1, "invalid_parent")
            case .resizeEdgeOutOfRange: ("xdg_toplevel", 0, "invalid_resize_edge")
            case .grabAfterMap: ("xdg_popup", 0, "invalid_grab")
            case .destroyPopupBelowAnother: ("xdg_wm_base", 2, "not_the_topmost_popup")
            case .poolFileShrunkThenScreenshot: ("wl_shm", 2, "invalid_fd")
            }
        }

        /// Sends the sequence from `client` (the last requests not yet flushed).
        func send(from client: WindowingClient, harness: Simulator.Harness) throws {
            switch self {
            case .popupParentIsItself:
                let popup = TestPopup(client: client)
                popup.makePopup(parent: popup.xdgSurface)
            case .popupsParentEachOther:
                let first = TestPopup(client: client)
                let second = TestPopup(client: client)
                first.makePopup(parent: second.xdgSurface)
                second.makePopup(parent: first.xdgSurface)
                first.surface.commit()
                second.surface.commit()
            case .formerToplevelBecomesItsPopupsPopup:
                // The toplevel goes, its xdg_surface stays and asks to become
                // a popup of its own popup: a parent cycle if it were allowed.
                let window = try mapWindow(client, in: harness)
                let menu = try TestPopup.mapped(client: client, parent: window.xdgSurface, harness: harness)
                window.toplevel.destroy()
                try harness.roundtrip(client.connection)
                let positioner = client.wmBase.createPositioner()
                positioner.setSize(width: 10, height: 10)
                positioner.setAnchorRect(x: 0, y: 0, width: 1, height: 1)
                _ = window.xdgSurface.getPopup(parent: menu.xdgSurface, positioner: positioner)
                window.surface.commit()
            case .toplevelParentIsItself:
                let window = try mapWindow(client, in: harness)
                window.toplevel.setParent(parent: window.toplevel)
            case .toplevelParentCycle:
                let first = try mapWindow(client, in: harness, appID: "org.diorama.first")
                let second = try mapWindow(client, in: harness, appID: "org.diorama.second")
                second.toplevel.setParent(parent: first.toplevel)
                try harness.roundtrip(client.connection)
                first.toplevel.setParent(parent: second.toplevel)
            case .resizeEdgeOutOfRange:
                let window = try mapWindow(client, in: harness)
                let seat = try client.connection.bind(WlSeat.self)
                window.toplevel.resize(seat: seat, serial: 0, edges: XdgToplevel.ResizeEdge(rawValue: 99))
            case .grabAfterMap:
                let window = try mapWindow(client, in: harness)
                let popup = try TestPopup.mapped(client: client, parent: window.xdgSurface, harness: harness)
                popup.popup?.grab(seat: try client.connection.bind(WlSeat.self), serial: 0)
            case .destroyPopupBelowAnother:
                let window = try mapWindow(client, in: harness)
                let menu = try TestPopup.mapped(client: client, parent: window.xdgSurface, harness: harness)
                _ = try TestPopup.mapped(client: client, parent: menu.xdgSurface, harness: harness)
                menu.popup?.destroy()
            case .poolFileShrunkThenScreenshot:
                let window = client.makeWindow()
                try harness.roundtrip(client.connection)
                window.ackLastConfigure()
                let made = ShmBufferFactory.makeBufferKeepingFile(shm: client.shm, width: 400, height: 300)
                defer { close(made.file) }
                window.surface.attach(buffer: made.buffer, x: 0, y: 0)
                window.surface.commit()
                try harness.roundtrip(client.connection)
                #expect(try harness.simulator.window(.appID("org.diorama.test")).isMapped)
                // The client takes the memory away from under the mapped buffer.
                #expect(ftruncate(made.file, 0) == 0)
                let display = try #require(harness.simulator.displays.first?.name)
                let picture = try harness.simulator.screenshot(ofDisplay: display)
                #expect(picture.image.width > 0)
            }
        }
    }

    @Test(arguments: Attack.allCases)
    func theAttackerGetsTheSpecsErrorAndTheSimulatorServesOthers(_ attack: Attack) throws {
        let harness = try Simulator.Harness.shipped("dual.json")
        let attacker = try WindowingClient(harness: harness)
        let attackerID = try #require(harness.simulator.connectedClients.last?.id)

        try attack.send(from: attacker, harness: harness)
        let error = try harness.roundtripExpectingError(attacker.connection)

        #expect(error.interface == attack.expected.interface)
        #expect(error.code == attack.expected.code)
        let traced = harness.simulator.trace.records.compactMap { record -> ProtocolErrorFact? in
            if case .protocolError(let fact) = record.event { return fact }
            return nil
        }
        #expect(traced.map(\.error) == [attack.expected.name])
        #expect(traced.first?.client == attackerID)
        #expect(harness.simulator.connectedClients.map(\.id).contains(attackerID) == false)
        try expectFreshClientIsServed(by: harness)
    }

    /// A new client can still connect, roundtrip and map a window, and sees
    /// every display.
    private func expectFreshClientIsServed(by harness: Simulator.Harness) throws {
        let fresh = try WindowingClient(harness: harness)
        try mapWindow(fresh, in: harness, appID: "org.diorama.fresh")
        #expect(fresh.connection.protocolError == nil)
        #expect(try harness.simulator.window(.appID("org.diorama.fresh")).isMapped)
        #expect(fresh.outputs.outputs.count == harness.simulator.displays.count)
    }

    // MARK: What the spec asks of the compositor, not the client

    @Test(arguments: [false, true])
    func popupsAreDismissedWhenTheirToplevelGoesAway(destroyingTheToplevel: Bool) throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let menu = try TestPopup.mapped(client: client, parent: window.xdgSurface, harness: harness)
        let submenu = try TestPopup.mapped(client: client, parent: menu.xdgSurface, harness: harness)
        #expect(menu.log == [.configure] && submenu.log == [.configure])
        var dismissed: [String] = []
        menu.onDone = { dismissed.append("menu") }
        submenu.onDone = { dismissed.append("submenu") }

        if destroyingTheToplevel {
            window.toplevel.destroy()
        } else {
            window.surface.attach(buffer: nil, x: 0, y: 0)
            window.surface.commit()
        }
        try harness.roundtrip(client.connection)

        #expect(menu.log == [.configure, .popupDone])
        #expect(submenu.log == [.configure, .popupDone])
        #expect(dismissed == ["submenu", "menu"], "dismissed topmost first")
        // Destroying them topmost first, as the spec asks, is fine.
        submenu.popup?.destroy()
        menu.popup?.destroy()
        try harness.roundtrip(client.connection)
        #expect(client.connection.protocolError == nil)
    }

    @Test func setParentRecordsAMappedParentAndChildrenTakeTheGrandparentWhenItUnmaps() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let root = try mapWindow(client, in: harness, appID: "org.diorama.root")
        let middle = try mapWindow(client, in: harness, appID: "org.diorama.middle")
        let leaf = try mapWindow(client, in: harness, appID: "org.diorama.leaf")
        middle.toplevel.setParent(parent: root.toplevel)
        leaf.toplevel.setParent(parent: middle.toplevel)
        try harness.roundtrip(client.connection)
        let simulator = harness.simulator
        #expect(try simulator.window(.appID("org.diorama.leaf")).parent?.appID == "org.diorama.middle")
        #expect(try simulator.window(.appID("org.diorama.middle")).parent?.appID == "org.diorama.root")

        middle.surface.attach(buffer: nil, x: 0, y: 0)
        middle.surface.commit()
        try harness.roundtrip(client.connection)
        #expect(try simulator.window(.appID("org.diorama.leaf")).parent?.appID == "org.diorama.root")

        // An unmapped parent counts as none; a null parent unsets.
        leaf.toplevel.setParent(parent: middle.toplevel)
        try harness.roundtrip(client.connection)
        #expect(try simulator.window(.appID("org.diorama.leaf")).parent == nil)
        leaf.toplevel.setParent(parent: root.toplevel)
        leaf.toplevel.setParent(parent: nil)
        try harness.roundtrip(client.connection)
        #expect(try simulator.window(.appID("org.diorama.leaf")).parent == nil)
        #expect(client.connection.protocolError == nil)
    }

    @Test func controlCommandsOnAWindowWhoseSurfaceIsDestroyedSayItIsGone() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let window = try mapWindow(client, in: harness)
        let id = try harness.simulator.window(.appID("org.diorama.test")).id
        window.surface.destroy()
        try harness.roundtrip(client.connection)

        let simulator = harness.simulator
        let commands: [(String, () throws(SimulatorControlError) -> Void)] = [
            ("focus", { () throws(SimulatorControlError) in try simulator.focusWindow(.id(id)) }),
            ("type", { () throws(SimulatorControlError) in try simulator.typeText("hi", into: .id(id)) }),
            ("maximize", { () throws(SimulatorControlError) in try simulator.maximizeWindow(.appID("org.diorama.test")) }),
            ("close", { () throws(SimulatorControlError) in try simulator.closeWindow(.id(id)) }),
        ]
        for (name, command) in commands {
            #expect(throws: SimulatorControlError.windowGone(id), "ctl \(name)") { try command() }
        }
        #expect(SimulatorControlError.windowGone(id).description == "window \(id) is gone: its client destroyed its wl_surface")
        #expect(simulator.stackingOrder.isEmpty)
        // The same app's next window is the one selected, not an ambiguity.
        try mapWindow(client, in: harness)
        try simulator.focusWindow(.appID("org.diorama.test"))
    }
}
