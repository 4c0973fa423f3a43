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
}
