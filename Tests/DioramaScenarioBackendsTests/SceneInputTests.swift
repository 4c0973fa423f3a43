import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// Pointer and touch input reaching a real app's scenes (TimerApp, a real
/// process) from the simulator's seat over a real socket, read back from the
/// app's runtime trace: locations in points at any scale, and a drag-move
/// the app starts itself.
@Suite("scene input on the simulator", .serialized, .ownThreads)
struct SceneInputTests {
    /// DP-1 at 1×, DP-2 at 2×, DP-3 at 1.5×, side by side, 1280×800 points each.
    static func layout() -> DisplayLayout {
        func display(_ name: String, x: Int, scale: Scale) -> DisplayConfiguration {
            DisplayConfiguration(
                name: name, mode: DisplayMode(width: scale.pixels(forLogical: 1280), height: scale.pixels(forLogical: 800)),
                scale: scale, position: Point(x: x, y: 0))
        }
        return DisplayLayout(displays: [
            display("DP-1", x: 0, scale: .one), display("DP-2", x: 1280, scale: Scale(integer: 2)!),
            display("DP-3", x: 2560, scale: Scale(numerator120: 180)),
        ])
    }

    /// The simulator, TimerApp on it, and the main scene's window id once it has drawn.
    final class Session {
        let simulator: BackgroundSimulator
        let sandbox: AppSandbox
        let app: RunningApp
        let window: WindowSelector

        init(_ label: String, environment: [String: String] = [:]) throws {
            let simulator = try BackgroundSimulator { SimulatorConfiguration(layout: SceneInputTests.layout()) }
            self.simulator = simulator
            sandbox = try AppSandbox(label: label)
            app = try sandbox.launch("TimerApp", compositor: simulator.clientEnvironment, environment: environment)
            try app.waitForTrace("a first commit") { $0.first(CommitRecord.self) }
            // Looked at after each commit, ack or bind (the simulator's waiters), not on a timer.
            guard
                let id = try simulator.value(timeout: .seconds(20), { sim in sim.windows.first { $0.isMapped && $0.title.hasPrefix("Main") }?.id })
            else { throw WaitTimeout(what: "the main window mapped", seconds: 20, details: app.diagnostics()) }
            window = .id(id)
        }

        /// Places the window's top-left at `point` and waits until the app has drawn for where it is.
        func place(at point: Point) throws {
            let window = window
            try simulator.perform { try $0.moveWindow(window, to: point) }
            try simulator.wait(until: { (try? $0.window(window).isSettled) ?? false }, timeout: .seconds(20), "the window to settle")
        }

        /// The input records after the trace's first `mark` lines.
        func inputs(after mark: Int) throws -> [InputRecord] {
            try app.trace().records(InputRecord.self, after: mark - 1)
        }

        deinit {
            sandbox.remove()
            simulator.stop()
        }
    }

    @Test("touches and clicks arrive in points, not pixels, at 1×, 2× and 1.5×", .timeLimit(.minutes(10)))
    func touchLocationsInPoints() throws {
        let session = try Session("scene-touch")
        let window = session.window
        for (display, origin) in [("DP-1", Point(x: 100, y: 300)), ("DP-2", Point(x: 1380, y: 300)), ("DP-3", Point(x: 2660, y: 300))] {
            try session.place(at: origin)
            let mark = try session.app.trace().entries.count
            try session.simulator.perform { sim in
                try sim.touchDown(id: 1, at: .window(window, Point(x: 40, y: 250)))
                try sim.touchMove(id: 1, to: .window(window, Point(x: 60, y: 270)))
                try sim.touchUp(id: 1)
                try sim.movePointer(to: .window(window, Point(x: 200, y: 120)))
                sim.clickPointer()
            }
            let inputs = try session.app.waitForTrace("input on \(display)") { log -> [InputRecord]? in
                let records = log.records(InputRecord.self, after: mark - 1)
                return records.contains { $0.event == "touchesEnded" && $0.touch == "indirectPointer" } ? records : nil
            }
            let seen = inputs.filter { $0.event.hasPrefix("touches") }.map {
                "\($0.event) \($0.touch ?? "") \($0.id ?? -1) \(Int($0.x ?? -1)),\(Int($0.y ?? -1))"
            }
            #expect(
                seen == [
                    "touchesBegan direct 1 40,250", "touchesMoved direct 1 60,270", "touchesEnded direct 1 60,270",
                    "touchesBegan indirectPointer 272 200,120", "touchesEnded indirectPointer 272 200,120",
                ], "on \(display)")
            #expect(inputs.contains { $0.event == "pointerHovered" && $0.x == 200 && $0.y == 120 }, "on \(display)")
        }
    }

    @Test(
        "a press in TimerApp's top strip drags its window from 1× to 2×: drawn at 2 pixels per point, trait handler saw scale 1",
        .timeLimit(.minutes(10)))
    func dragMoveToDoubleScale() throws {
        let session = try Session("scene-drag")
        let window = session.window
        try session.place(at: Point(x: 100, y: 100))
        let mark = try session.app.trace().entries.count
        try session.simulator.perform { sim in
            try sim.movePointer(to: .window(window, Point(x: 300, y: 10)))
            sim.pressPointerButton()
        }
        // The app answers the press with xdg_toplevel.move.
        try session.simulator.wait(until: { $0.windowBeingMoved != nil }, timeout: .seconds(20), "TimerApp to start a drag-move")
        try session.simulator.perform { sim in
            try sim.movePointer(to: .global(Point(x: 900, y: 200)))
            try sim.movePointer(to: .global(Point(x: 1700, y: 200)))
            sim.releasePointerButton()
        }
        // The modern profile offers fractional scaling: 2 pixels per point
        // arrive as a 2× buffer behind a viewport (buffer_scale stays 1).
        let log = try session.app.waitForTrace("a commit at 2 pixels per point") { log in
            log.records(CommitRecord.self, after: mark - 1).contains { $0.scale120 == 240 && $0.buffer == $0.logical.scaled(by: 2) } ? log : nil
        }
        let handlers = log.records(TraitHandlerCalledRecord.self, after: mark - 1)
        #expect(handlers.contains { $0.changed.contains("displayScale") && $0.previousDisplayScale == 1 }, "\(handlers)")
        #expect(log.records(ScreenRecord.self, after: mark - 1).last?.screen == "DP-2")
        let placed = try session.simulator.perform { sim in try sim.window(window).position }
        #expect(placed == Point(x: 1400, y: 190))
        // The drag's grab took the pointer: the press the app saw was cancelled, not ended.
        let events = log.records(InputRecord.self, after: mark - 1).map(\.event)
        #expect(events.starts(with: ["pointerHovered", "touchesBegan", "touchesCancelled", "pointerExited"]), "\(events)")
    }

    @Test(
        "a pointer entering TimerApp gets the theme's arrow: a non-empty cursor buffer on 1×, buffer scale 2 at twice the pixels on 2×",
        .timeLimit(.minutes(10)))
    func cursorImageFollowsScale() throws {
        let session = try Session("scene-cursor")
        let window = session.window
        try session.place(at: Point(x: 100, y: 300))
        try session.simulator.perform { sim in try sim.movePointer(to: .window(window, Point(x: 200, y: 120))) }
        let single = try Self.cursorImage(in: session.simulator, scale: 1)
        let singleSize = try #require(single.bufferSize)
        #expect(singleSize.width > 0 && singleSize.height > 0)

        // Off the window, then onto it again on DP-2: a new enter, at 2×.
        try session.simulator.perform { sim in try sim.movePointer(to: .global(Point(x: 10, y: 10))) }
        try session.place(at: Point(x: 1380, y: 300))
        try session.simulator.perform { sim in try sim.movePointer(to: .window(window, Point(x: 200, y: 120))) }
        let double = try Self.cursorImage(in: session.simulator, scale: 2)
        #expect(double.bufferSize == Size(width: singleSize.width * 2, height: singleSize.height * 2))
        #expect(double.hotspot == single.hotspot, "the hotspot is in points, the same at any scale")
    }

    /// Waits until the simulator shows a cursor image with a buffer at `scale` (set_cursor and its commit arrived).
    static func cursorImage(in simulator: BackgroundSimulator, scale: Int) throws -> CursorImage {
        try simulator.wait(
            until: { $0.cursorImage?.bufferSize != nil && $0.cursorImage?.bufferScale == scale },
            timeout: .seconds(20), "a cursor image at buffer scale \(scale)")
        return try #require(try simulator.perform { $0.cursorImage })
    }

    @Test(
        "a theme arrow that does not divide into points at 2× gives way to the drawn arrow: 16×24 points at buffer scale 2",
        .timeLimit(.minutes(10)))
    func drawnArrowWhenThemeImageDoesNotFit() throws {
        // A real XCursor theme whose only arrow is 5×5 pixels (hotspot 2,1):
        // fine at 1×, not a whole number of points at 2×.
        let themes = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-cursor-\(getpid())")
        let cursors = themes.appendingPathComponent("odd/cursors")
        try FileManager.default.createDirectory(at: cursors, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: themes) }
        try Self.xcursorFile(width: 5, height: 5, hotspot: (2, 1)).write(to: cursors.appendingPathComponent("left_ptr"))

        let session = try Session(
            "scene-cursor-drawn",
            environment: [
                "XCURSOR_PATH": themes.path, "XCURSOR_THEME": "odd",
                "XCURSOR_SIZE": "24",
            ])
        let window = session.window
        try session.place(at: Point(x: 100, y: 300))
        try session.simulator.perform { sim in try sim.movePointer(to: .window(window, Point(x: 200, y: 120))) }
        let themed = try Self.cursorImage(in: session.simulator, scale: 1)
        #expect(themed.bufferSize == Size(width: 5, height: 5))
        #expect(themed.hotspot == Point(x: 2, y: 1))

        try session.simulator.perform { sim in try sim.movePointer(to: .global(Point(x: 10, y: 10))) }
        try session.place(at: Point(x: 1380, y: 300))
        try session.simulator.perform { sim in try sim.movePointer(to: .window(window, Point(x: 200, y: 120))) }
        let drawn = try Self.cursorImage(in: session.simulator, scale: 2)
        #expect(drawn.bufferSize == Size(width: 32, height: 48))
        #expect(drawn.hotspot == Point(x: 0, y: 0))
    }

    /// A cursor theme folder holding one XCursor file per name (each a
    /// `width`×`height` image, told apart by size), removed by the caller.
    static func cursorTheme(_ label: String, cursors: [String: (width: UInt32, height: UInt32)]) throws -> URL {
        let themes = FileManager.default.temporaryDirectory.appendingPathComponent("diorama-\(label)-\(getpid())")
        let folder = themes.appendingPathComponent("test/cursors")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, size) in cursors {
            try Self.xcursorFile(width: size.width, height: size.height, hotspot: (1, 1)).write(to: folder.appendingPathComponent(name))
        }
        return themes
    }

    /// Waits until the simulator's cursor is `size` (nil: hidden), as set by TimerApp's `c` key.
    static func waitForCursor(_ size: Size?, in simulator: BackgroundSimulator, _ what: String) throws {
        try simulator.wait(until: { $0.cursorImage?.bufferSize == size }, timeout: .seconds(20), what)
    }

    @Test(
        "a scene's cursor: the text beam and hidden (null surface) at once while the pointer is inside, and on the next enter",
        .timeLimit(.minutes(10)))
    func sceneCursorChoice() throws {
        let themes = try Self.cursorTheme("scene-cursor-choice", cursors: ["left_ptr": (5, 5), "text": (7, 9)])
        defer { try? FileManager.default.removeItem(at: themes) }
        let session = try Session("scene-cursor-choice", environment: ["XCURSOR_PATH": themes.path, "XCURSOR_THEME": "test"])
        let window = session.window
        let simulator = session.simulator
        try session.place(at: Point(x: 100, y: 300))
        try simulator.perform { sim in try sim.movePointer(to: .window(window, Point(x: 200, y: 120))) }
        try Self.waitForCursor(Size(width: 5, height: 5), in: simulator, "the arrow on enter")

        // TimerApp's `c`: arrow → text → hidden → arrow, each set while the pointer is inside.
        try simulator.perform { sim in try sim.typeText("c", into: window) }
        try Self.waitForCursor(Size(width: 7, height: 9), in: simulator, "the theme's text cursor")
        try simulator.perform { sim in try sim.typeText("c", into: window) }
        try Self.waitForCursor(nil, in: simulator, "the cursor hidden")
        // The simulator's trace has each set_cursor; hiding is a null surface over the window.
        let cursorEvents = try simulator.perform { sim in
            sim.trace.records.compactMap { record -> (window: UInt32?, surface: UInt32?)? in
                guard case .cursorSet(_, let window, let surface, _, _) = record.event else { return nil }
                return (window, surface)
            }
        }
        #expect(cursorEvents.count >= 3, "arrow on enter, text, hidden")
        #expect(cursorEvents.last.map { $0.surface == nil } == true)
        #expect(cursorEvents.allSatisfy { $0.window.map(WindowSelector.id) == window })
        try simulator.perform { sim in try sim.typeText("c", into: window) }
        try Self.waitForCursor(Size(width: 5, height: 5), in: simulator, "the arrow again")

        // Chosen while the pointer is elsewhere: nothing is set until it enters.
        try simulator.perform { sim in try sim.movePointer(to: .global(Point(x: 10, y: 10))) }
        let mark = try session.app.trace().entries.count
        try simulator.perform { sim in try sim.typeText("c", into: window) }
        _ = try session.app.waitForTrace("the key `c`") { log in
            log.records(InputRecord.self, after: mark - 1).contains { $0.text == "c" } ? true : nil
        }
        #expect(
            try simulator.perform { $0.cursorImage?.bufferSize } == Size(width: 5, height: 5),
            "set_cursor needs the pointer inside")
        try simulator.perform { sim in try sim.movePointer(to: .window(window, Point(x: 200, y: 120))) }
        try Self.waitForCursor(Size(width: 7, height: 9), in: simulator, "the text cursor on enter")
        #expect(!session.app.child.standardError.contains("warning"), "\(session.app.diagnostics())")
    }

    @Test(
        "a cursor name the theme lacks shows the arrow, with one warning however often it is chosen",
        .timeLimit(.minutes(10)))
    func unknownCursorNameFallsBackToArrow() throws {
        let themes = try Self.cursorTheme("scene-cursor-unknown", cursors: ["left_ptr": (5, 5)])
        defer { try? FileManager.default.removeItem(at: themes) }
        let session = try Session("scene-cursor-unknown", environment: ["XCURSOR_PATH": themes.path, "XCURSOR_THEME": "test"])
        let window = session.window
        let simulator = session.simulator
        try session.place(at: Point(x: 100, y: 300))
        try simulator.perform { sim in try sim.movePointer(to: .window(window, Point(x: 200, y: 120))) }
        try Self.waitForCursor(Size(width: 5, height: 5), in: simulator, "the arrow on enter")
        // text (missing: the arrow) → hidden → arrow → text (missing again) → hidden.
        for round in 1...2 {
            try simulator.perform { sim in try sim.typeText("cc", into: window) }
            try Self.waitForCursor(nil, in: simulator, "hidden after the missing text cursor (round \(round))")
            try simulator.perform { sim in try sim.typeText("c", into: window) }
            try Self.waitForCursor(Size(width: 5, height: 5), in: simulator, "the arrow (round \(round))")
        }
        let stderr = session.app.child.standardError
        let warnings = stderr.components(separatedBy: "has no cursor named 'text'").count - 1
        #expect(warnings == 1, "\(stderr)")
        #expect(stderr.contains("the pointer shows the arrow instead"))
    }

    /// An XCursor file with one image of `width`×`height` opaque white pixels
    /// (the layout of Xcursor(3): a header, a table of contents, one image chunk).
    static func xcursorFile(width: UInt32, height: UInt32, hotspot: (x: UInt32, y: UInt32)) -> Data {
        var data = Data()
        func put(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        let imageType: UInt32 = 0xFFFD_0002
        let nominalSize = width
        put(0x7275_6358)  // "Xcur"
        put(16)  // header size
        put(0x1_0000)  // version
        put(1)  // table of contents entries
        put(imageType); put(nominalSize); put(28)  // the one entry: the image chunk starts at byte 28
        put(36); put(imageType); put(nominalSize); put(1)  // chunk header: size, type, subtype, version
        put(width); put(height); put(hotspot.x); put(hotspot.y); put(0)  // delay 0
        for _ in 0..<(width * height) { put(0xFFFF_FFFF) }
        return data
    }
}
