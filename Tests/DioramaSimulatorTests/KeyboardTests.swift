import DioramaModel
import DioramaSimulator
import DioramaSimulatorHarness
import Glibc
import Testing
import WaylandClient

/// The seat's keyboard: an xkb keymap in a file descriptor, focus following
/// the activated window, and typed text as key events.
@Suite struct KeyboardTests {
    @Test func theKeymapArrivesAsAMappableFileAndTextBecomesKeys() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let seat = try client.connection.bind(WlSeat.self)
        let keyboard = seat.getKeyboard()
        var keymapText = ""
        var keymapFormat: UInt32?
        var entered = 0
        var pressed: [UInt32] = []
        var shiftPresses = 0
        keyboard.onEvent = { event in
            switch event {
            case .keymap(let format, let descriptor, let size):
                keymapFormat = format.rawValue
                descriptor.withDescriptor { fd in
                    if let mapping = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED {
                        keymapText = String(cString: mapping.assumingMemoryBound(to: CChar.self))
                        munmap(mapping, Int(size))
                    }
                }
            case .enter: entered += 1
            case .key(_, _, let key, let state):
                if state == .pressed { pressed.append(key) }
            case .modifiers(_, let depressed, _, _, _):
                if depressed != 0 { shiftPresses += 1 }
            default: break
            }
        }
        try harness.roundtrip(client.connection)
        #expect(keymapFormat == WlKeyboard.KeymapFormat.xkbV1.rawValue)
        #expect(keymapText.contains("xkb_keymap"))
        #expect(keymapText.contains("xkb_symbols"))

        try mapWindow(client, in: harness)
        #expect(entered == 1)

        try harness.simulator.typeText("Hi!", into: .appID("org.diorama.test"))
        try harness.roundtrip(client.connection)
        // evdev codes: H = 35, i = 23, ! = Shift+1 = 2.
        #expect(pressed == [35, 23, 2])
        #expect(shiftPresses == 2)
        let typed = harness.simulator.trace.records.compactMap { record -> String? in
            if case .keyboardInput(_, let keys) = record.event { return keys }
            return nil
        }
        #expect(typed == ["Hi!"])

        try harness.simulator.pressKeys(["Return", "Escape"], in: .appID("org.diorama.test"))
        try harness.roundtrip(client.connection)
        #expect(pressed.suffix(2) == [28, 1])
    }

    @Test func untypableTextIsRefused() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        try mapWindow(client, in: harness)
        #expect(throws: SimulatorControlError.untypable("😀")) {
            try harness.simulator.typeText("5😀", into: .appID("org.diorama.test"))
        }
        #expect(throws: SimulatorControlError.unknownKeyName("NoSuchKey")) {
            try harness.simulator.pressKeys(["NoSuchKey"], in: .appID("org.diorama.test"))
        }
    }

    /// xdg-shell, `xdg_popup.grab`: "the top most grabbing popup will always
    /// have keyboard focus". A menu with a grab gets it when it maps, a
    /// nested one above it takes it, and as each goes away the keyboard goes
    /// back to the one below, then to the window.
    @Test func theTopmostGrabbingPopupHasKeyboardFocus() throws {
        let harness = try Simulator.Harness.shipped("laptop.json")
        let client = try WindowingClient(harness: harness)
        let seat = try client.connection.bind(WlSeat.self)
        let keyboard = seat.getKeyboard()
        var mainSurface: WlSurface?
        var menus: [TestPopup] = []
        var focus: [String] = []
        keyboard.onEvent = { event in
            func name(_ surface: WlSurface?) -> String {
                if let surface, surface === mainSurface { return "window" }
                return menus.firstIndex { $0.surface === surface }.map { "menu \($0 + 1)" } ?? "other"
            }
            switch event {
            case .enter(_, let surface, _): focus.append("enter \(name(surface))")
            case .leave(_, let surface): focus.append("leave \(name(surface))")
            default: break
            }
        }
        let window = try mapWindow(client, in: harness)
        mainSurface = window.surface
        focus.removeAll()
        func grabbingMenu(parent: XdgSurface) throws -> TestPopup {
            let menu = TestPopup(client: client)
            menus.append(menu)
            menu.makePopup(parent: parent)
            try #require(menu.popup).grab(seat: seat, serial: 0)
            menu.surface.commit()
            try harness.roundtrip(client.connection)
            try menu.ackAndAttach(width: 100, height: 50)
            try harness.roundtrip(client.connection)
            return menu
        }
        let first = try grabbingMenu(parent: window.xdgSurface)
        let second = try grabbingMenu(parent: first.xdgSurface)
        try #require(second.popup).destroy()
        try harness.roundtrip(client.connection)
        try #require(first.popup).destroy()
        try harness.roundtrip(client.connection)
        #expect(focus == ["leave window", "enter menu 1", "leave menu 1", "enter menu 2", "leave menu 2", "enter menu 1", "leave menu 1", "enter window"])
    }
}
