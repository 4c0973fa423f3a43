import CDioramaShim
import CXKBCommon
import DioramaClient
import DioramaPOSIX
import DioramaTestTraits
import Foundation
import Testing
import WaylandClient

@testable import HeadlessCompositors

#if canImport(Glibc)
    import Glibc
#endif

/// Keymaps through xkbcommon: from a file descriptor as the compositor
/// shares them, and end to end under sway with a virtual keyboard (wtype).
@Suite("keyboard", .ownThreads)
struct KeyboardTests {
    /// A US keymap as text, compiled from RMLVO names by xkbcommon itself.
    private func usKeymapText() throws -> String {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let keymap = try "evdev".withCString { rules in
            try "us".withCString { layout in
                var names = xkb_rule_names(rules: rules, model: nil, layout: layout, variant: nil, options: nil)
                return try #require(
                    xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS),
                    "xkbcommon could not compile a us keymap: is xkb-data installed? (apt-get install xkb-data)")
            }
        }
        defer { xkb_keymap_unref(keymap) }
        let text = try #require(xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1))
        defer { free(text) }
        return String(cString: text)
    }

    @Test("a keymap shared through a memfd compiles; keysyms, text and modifiers follow the state")
    func keymapFromFileDescriptor() throws {
        let text = try usKeymapText()
        let bytes = Array(text.utf8) + [0]  // compositors send the terminating NUL too
        let fd = CDioramaShim_memfd_create("keymap-test", CDioramaShim_MFD_CLOEXEC())
        try #require(fd >= 0)
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)

        let keymap = try Keymap(fd: fd, size: bytes.count)
        #expect(keymap.keyCount > 100)
        let keyA: UInt32 = 30  // evdev KEY_A
        #expect(keymap.keysym(forKeycode: keyA) == 0x61)  // XKB_KEY_a
        #expect(keymap.text(forKeycode: keyA) == "a")
        #expect(Keymap.name(ofKeysym: keymap.keysym(forKeycode: 28)) == "Return")  // KEY_ENTER
        #expect(keymap.text(forKeycode: 42) == nil)  // KEY_LEFTSHIFT types nothing
        #expect(keymap.activeModifiers.isEmpty)

        // Shift is bit 0 of the depressed mask in xkb's standard modifier order.
        keymap.updateModifiers(depressed: 1, latched: 0, locked: 0, group: 0)
        #expect(keymap.activeModifiers == [.shift])
        #expect(keymap.keysym(forKeycode: keyA) == 0x41)  // XKB_KEY_A
        #expect(keymap.text(forKeycode: keyA) == "A")
    }

    @Test("garbage instead of a keymap is an error, not a crash")
    func badKeymap() {
        #expect(throws: KeymapError.compileFailed(size: 17)) { _ = try Keymap(text: "this is no keymap") }
    }

    /// Creates the keyboard as soon as the seat has one, records what arrives.
    final class Recorder: SeatHandler, KeyboardHandler {
        var keymaps = 0
        var pressed: [KeyEvent] = []
        var entered = 0
        func seatCapabilitiesChanged(_ seat: Seat, previous: SeatCapabilities) {
            if seat.capabilities.contains(.keyboard) && seat.keyboard == nil {
                seat.makeKeyboard(handler: self)
            }
        }
        func keymapChanged(_ keyboard: Keyboard, keymap: Keymap) { keymaps += 1 }
        func keyboardEntered(_ keyboard: Keyboard, surface: Surface?, pressedKeycodes: [UInt32]) { entered += 1 }
        func keyPressed(_ keyboard: Keyboard, event: KeyEvent) { pressed.append(event) }
    }

    @Test("under sway, a virtual keyboard's keymap arrives, compiles, and its key types Q into our window")
    func keymapUnderSway() throws {
        let wtype = try Executables.require("wtype", package: "wtype")
        let sway = try SwayHeadless.start(outputs: [.init()])
        defer { sway.stop() }
        let client = try ClientHarness(sway)
        let recorder = Recorder()
        let seats = SeatState(registry: client.registry, compositor: client.compositor, handler: recorder)
        let (toplevel, _) = try client.mapToplevel(appID: uniqueAppID("keyboard"))
        try client.connection.roundtrip()
        let seat = try #require(seats.seats.first)
        #expect(seat.name == "seat0")
        #expect(!seat.capabilities.contains(.keyboard), "headless sway starts without input devices")

        // wtype creates a virtual keyboard (the seat gains a keyboard), waits, types Q, and exits.
        let process = try SpawnedProcess(
            executable: wtype, arguments: ["-s", "1500", "Q", "-s", "500"], environment: sway.clientEnvironment(),
            standardOutput: .null, standardError: .null)
        defer { process.terminate(grace: .seconds(2)) }

        try client.run(
            until: { recorder.pressed.contains { $0.keysym == 0x51 } },
            "wtype's Q to arrive", timeout: .seconds(15))
        let keyboard = try #require(seat.keyboard)
        #expect(recorder.keymaps >= 1)
        #expect(keyboard.keymap != nil)
        #expect(recorder.entered >= 1)
        #expect(keyboard.focusedSurface === toplevel.surface)
        let q = try #require(recorder.pressed.first { $0.keysym == 0x51 })
        #expect(q.keysymName == "Q")
        #expect(q.text == "Q")
        #expect(client.connection.error == nil)
    }
}
