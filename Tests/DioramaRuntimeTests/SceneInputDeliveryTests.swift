import DioramaModel
import DioramaSimulator
import Foundation
import Testing

@testable import Diorama

/// Keys, taps, hovers and scrolls as an app receives them: the simulator's
/// seat over a real socket to a scene of this process, each test waiting for
/// the callbacks it sends for (never for time).
@MainActor @Suite(.serialized) struct SceneInputDeliveryTests {
    /// What the scene's content was told, in order.
    final class InputLog: RootContent {
        var began: [Press] = []
        var ended: [Press] = []
        var cancelled: [Press] = []
        var touchesBegan: [Touch] = []
        var touchesEnded: [Touch] = []
        var hovers: [PointerHover] = []
        var scrolls: [PointerScroll] = []

        func draw(_ drawable: Drawable, in scene: WindowScene) {}
        func pressesBegan(_ presses: [Press], in scene: WindowScene) { began += presses }
        func pressesEnded(_ presses: [Press], in scene: WindowScene) { ended += presses }
        func pressesCancelled(_ presses: [Press], in scene: WindowScene) { cancelled += presses }
        func touchesBegan(_ touches: [Touch], in scene: WindowScene) { touchesBegan += touches }
        func touchesEnded(_ touches: [Touch], in scene: WindowScene) { touchesEnded += touches }
        func pointerHovered(_ hover: PointerHover, in scene: WindowScene) { hovers.append(hover) }
        func scrolled(_ scroll: PointerScroll, in scene: WindowScene) { scrolls.append(scroll) }
    }

    /// One 1× display; the app's first scene mapped on it (window 1) with `log` as its content.
    static func launch() throws -> (app: InProcessWaylandApp, log: InputLog) {
        let layout = DisplayLayout(displays: [
            DisplayConfiguration(name: "DP-1", mode: DisplayMode(width: 1280, height: 800), scale: .one, position: .zero)
        ])
        let app = try InProcessWaylandApp(layout: layout)
        try app.application.launch()
        let scene = try #require(app.application.connectedScenes.first)
        let log = InputLog()
        scene.rootContent = log
        try app.pump(until: "the scene's window mapped") {
            try app.simulator.perform { $0.windows.first?.isMapped == true }
        }
        return (app, log)
    }

    /// Runs `body` on the simulator and sends its events at once.
    static func send(_ app: InProcessWaylandApp, _ body: @escaping @Sendable (Simulator) throws -> Void) throws {
        try app.simulator.perform { simulator in
            try body(simulator)
            simulator.flushClients()
        }
    }

    @Test("named keys go down and up with UIKey's characters, key code and modifier flags")
    func namedKeysAndModifiers() throws {
        let (app, log) = try Self.launch()
        defer { app.stop() }
        try Self.send(app) { try $0.pressKeys(["Right", "Escape", "Return", "Tab", "BackSpace", "F5"], in: .id(1)) }
        try app.pump(until: "six keys down and up") { log.ended.count == 6 }
        #expect(log.began.map(\.key.keyCode) == [.rightArrow, .escape, .returnOrEnter, .tab, .deleteOrBackspace, .f5])
        #expect(log.ended.map(\.key.keyCode) == log.began.map(\.key.keyCode))
        #expect(log.began[0].key.characters == "" && log.began[2].key.characters == "\r")
        #expect(log.began.allSatisfy { !$0.isRepeat && $0.key.modifierFlags.isEmpty })
        #expect(zip(log.began, log.ended).allSatisfy { $0.timestamp <= $1.timestamp })

        // Shift as the simulator types a capital: the characters with it, without it, and the flag.
        try Self.send(app) { try $0.typeText("A", into: .id(1)) }
        try app.pump(until: "Shift+A") { log.ended.count == 7 }
        let shifted = log.began[6].key
        #expect(shifted.keyCode == .a && shifted.characters == "A" && shifted.charactersIgnoringModifiers == "a")
        #expect(shifted.modifierFlags == [.shift])

        // Control held across another key: a control character, the plain letter, the flag.
        try Self.send(app) { simulator in
            try simulator.holdKey("Control_L", in: .id(1))
            try simulator.pressKeys(["c"], in: .id(1))
            try simulator.releaseKey("Control_L", in: .id(1))
        }
        try app.pump(until: "Control+C and Control's release") { log.ended.count == 9 }
        let control = try #require(log.began.first { $0.key.keyCode == .c }?.key)
        #expect(control.modifierFlags == [.control] && control.charactersIgnoringModifiers == "c" && control.characters == "\u{3}")
        #expect(log.began.first { $0.key.keyCode == .leftControl } != nil)
    }

    @Test("a key still down when keyboard focus leaves is cancelled, not ended")
    func focusLossCancelsTheHeldKey() throws {
        let (app, log) = try Self.launch()
        defer { app.stop() }
        try Self.send(app) { simulator in
            try simulator.holdKey("a", in: .id(1))
            try simulator.minimizeWindow(.id(1))
        }
        try app.pump(until: "the held key cancelled") { !log.cancelled.isEmpty }
        #expect(log.began.map(\.key.keyCode) == [.a] && log.began.first?.key.characters == "a")
        #expect(log.cancelled.map(\.key.keyCode) == [.a] && log.ended.isEmpty)
    }

    @Test("a double-click and a double-tap count two taps; a press elsewhere starts again at one")
    func tapCounts() throws {
        let (app, log) = try Self.launch()
        defer { app.stop() }
        try Self.send(app) { simulator in
            try simulator.movePointer(to: .window(.id(1), Point(x: 100, y: 100)))
            simulator.clickPointer()
            simulator.clickPointer()
            try simulator.movePointer(to: .window(.id(1), Point(x: 300, y: 200)))
            simulator.clickPointer()
            for _ in 0..<2 {
                try simulator.touchDown(id: 0, at: .window(.id(1), Point(x: 50, y: 60)))
                try simulator.touchUp(id: 0)
            }
        }
        try app.pump(until: "three clicks and two taps ended") { log.touchesEnded.count == 5 }
        #expect(log.touchesBegan.map(\.tapCount) == [1, 2, 1, 1, 2])
        #expect(log.touchesEnded.map(\.tapCount) == [1, 2, 1, 1, 2])
        #expect(zip(log.touchesBegan, log.touchesEnded).allSatisfy { $0.timestamp <= $1.timestamp })
    }

    @Test("hover and scroll carry the modifier keys held, and scroll its deltas in points")
    func hoverAndScrollModifiers() throws {
        let (app, log) = try Self.launch()
        defer { app.stop() }
        try Self.send(app) { simulator in
            try simulator.movePointer(to: .window(.id(1), Point(x: 40, y: 40)))
            try simulator.holdKey("Shift_L", in: .id(1))
            try simulator.movePointer(to: .window(.id(1), Point(x: 60, y: 50)))
            simulator.scrollPointer(dx: 0, dy: 30)
            try simulator.releaseKey("Shift_L", in: .id(1))
            simulator.scrollPointer(dx: -12, dy: 0)
        }
        try app.pump(until: "two scrolls") { log.scrolls.count == 2 }
        let shiftedHover = try #require(log.hovers.last)
        #expect(shiftedHover.location == CGPoint(x: 60, y: 50) && shiftedHover.modifierFlags == [.shift])
        #expect(log.hovers.first?.modifierFlags == [])
        #expect(log.scrolls[0].delta == CGPoint(x: 0, y: 30) && log.scrolls[0].modifierFlags == [.shift])
        #expect(log.scrolls[0].location == CGPoint(x: 60, y: 50))
        #expect(log.scrolls[1].delta == CGPoint(x: -12, y: 0) && log.scrolls[1].modifierFlags == [])
    }

    @Test("taps continue a series only soon enough, near enough and from the same source")
    func tapCounterLimits() {
        var counter = TapCounter()
        let here = CGPoint(x: 10, y: 10)
        #expect(counter.press(from: 0x110, at: here, timestamp: 1) == 1)
        #expect(counter.press(from: 0x110, at: CGPoint(x: 16, y: 18), timestamp: 1.3) == 2)
        #expect(counter.press(from: 0x110, at: CGPoint(x: 16, y: 18), timestamp: 1.8) == 3)
        #expect(counter.press(from: 0x110, at: CGPoint(x: 16, y: 18), timestamp: 2.31) == 1)  // too late
        #expect(counter.press(from: 0x110, at: CGPoint(x: 27, y: 18), timestamp: 2.4) == 1)  // 11 points away
        #expect(counter.press(from: 0x111, at: CGPoint(x: 27, y: 18), timestamp: 2.5) == 1)  // another button
        #expect(counter.press(from: 0x111, at: CGPoint(x: 27, y: 18), timestamp: 2.5) == 2)
    }

    @Test("each named key code prints its constant's name, and no two share a code")
    func keyCodeNames() {
        let named: [(KeyCode, String)] = [
            (.a, "a"), (.z, "z"), (.m, "m"), (.q, "q"), (.l, "l"), (.digit1, "digit1"), (.digit0, "digit0"),
            (.f1, "f1"), (.f10, "f10"), (.f11, "f11"), (.f12, "f12"), (.returnOrEnter, "returnOrEnter"),
            (.escape, "escape"), (.deleteOrBackspace, "deleteOrBackspace"), (.deleteForward, "deleteForward"),
            (.upArrow, "upArrow"), (.downArrow, "downArrow"), (.leftArrow, "leftArrow"), (.rightArrow, "rightArrow"),
            (.spacebar, "spacebar"), (.leftCommand, "leftCommand"), (.leftShift, "leftShift"), (.home, "home"),
        ]
        for (code, name) in named { #expect(code.description == name) }
        #expect(KeyCode(rawValue: 240).description == "evdev 240")
        #expect(Set(KeyCode.names.values).count == KeyCode.names.count)
    }
}
