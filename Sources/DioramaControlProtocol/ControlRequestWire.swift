import DioramaModel
import Foundation

/// The JSON form of a ``ControlRequest``: one flat object whose `command`
/// says which request it is and which other fields it needs
/// (`Docs/control-protocol.md` lists them). Fields a command does not use
/// are left out.
///
/// A flat object rather than an enum's nested encoding, so that a request
/// can be typed by hand: `{"command":"move","window":"foot","display":"DP-2"}`.
package struct ControlRequestWire: Codable, Hashable, Sendable {
    var command: String
    var window: String?
    var display: String?
    var x: Int?
    var y: Int?
    var width: Int?
    var height: Int?
    var steps: Int?
    var enable: Bool?
    var text: String?
    var keys: [String]?
    var scale: Double?
    var transform: String?
    var refreshMilliHz: Int?
    var make: String?
    var model: String?
    var path: String?
    var since: UInt64?
    var follow: Bool?
    var timeoutMilliseconds: Int?
    var action: String?
    var button: String?
    var id: Int?
    var dx: Int?
    var dy: Int?
    var until: String?
    var type: String?
    var side: String?

    enum CodingKeys: String, CodingKey {
        case command, window, display, x, y, width, height, steps, enable, text, keys, scale, transform
        case refreshMilliHz = "refresh_mhz"
        case make, model, path, since, follow
        case timeoutMilliseconds = "timeout_ms"
        case action, button, id, dx, dy, until, type, side
    }

    package init(command: String) { self.command = command }

    /// Decodes only the fields the object has. A request names two to four
    /// of the twenty; asking for each of the others by name cost a third of
    /// the endpoint's time for batched moves (profiled with perf), more than
    /// the move itself. Fields it does not know are ignored, as before.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        command = try container.decode(String.self, forKey: .command)
        for key in container.allKeys {
            switch key {
            case .command: continue
            case .window: window = try container.decodeIfPresent(String.self, forKey: key)
            case .display: display = try container.decodeIfPresent(String.self, forKey: key)
            case .x: x = try container.decodeIfPresent(Int.self, forKey: key)
            case .y: y = try container.decodeIfPresent(Int.self, forKey: key)
            case .width: width = try container.decodeIfPresent(Int.self, forKey: key)
            case .height: height = try container.decodeIfPresent(Int.self, forKey: key)
            case .steps: steps = try container.decodeIfPresent(Int.self, forKey: key)
            case .enable: enable = try container.decodeIfPresent(Bool.self, forKey: key)
            case .text: text = try container.decodeIfPresent(String.self, forKey: key)
            case .keys: keys = try container.decodeIfPresent([String].self, forKey: key)
            case .scale: scale = try container.decodeIfPresent(Double.self, forKey: key)
            case .transform: transform = try container.decodeIfPresent(String.self, forKey: key)
            case .refreshMilliHz: refreshMilliHz = try container.decodeIfPresent(Int.self, forKey: key)
            case .make: make = try container.decodeIfPresent(String.self, forKey: key)
            case .model: model = try container.decodeIfPresent(String.self, forKey: key)
            case .path: path = try container.decodeIfPresent(String.self, forKey: key)
            case .since: since = try container.decodeIfPresent(UInt64.self, forKey: key)
            case .follow: follow = try container.decodeIfPresent(Bool.self, forKey: key)
            case .timeoutMilliseconds: timeoutMilliseconds = try container.decodeIfPresent(Int.self, forKey: key)
            case .action: action = try container.decodeIfPresent(String.self, forKey: key)
            case .button: button = try container.decodeIfPresent(String.self, forKey: key)
            case .id: id = try container.decodeIfPresent(Int.self, forKey: key)
            case .dx: dx = try container.decodeIfPresent(Int.self, forKey: key)
            case .dy: dy = try container.decodeIfPresent(Int.self, forKey: key)
            case .until: until = try container.decodeIfPresent(String.self, forKey: key)
            case .type: type = try container.decodeIfPresent(String.self, forKey: key)
            case .side: side = try container.decodeIfPresent(String.self, forKey: key)
            }
        }
    }

    package init(_ request: ControlRequest) {
        switch request {
        case .listWindows: self.init(command: "windows")
        case .listDisplays: self.init(command: "displays")
        case .moveWindow(let selector, let destination):
            self.init(command: "move", window: selector)
            switch destination {
            case .display(let name): display = name
            case .position(let point): x = point.x; y = point.y
            }
        case .resizeWindow(let selector, let size, let steps):
            self.init(command: "resize", window: selector)
            width = size.width; height = size.height; self.steps = steps
        case .focusWindow(let selector): self.init(command: "focus", window: selector)
        case .maximizeWindow(let selector, let on): self.init(command: "maximize", window: selector); enable = on
        case .minimizeWindow(let selector, let on): self.init(command: "minimize", window: selector); enable = on
        case .halfTileWindow(let selector, let half):
            self.init(command: "tile", window: selector); side = half?.rawValue; enable = half != nil
        case .fullscreenWindow(let selector, let name, let on):
            self.init(command: "fullscreen", window: selector); display = name; enable = on
        case .closeWindow(let selector): self.init(command: "close", window: selector)
        case .typeText(let selector, let value): self.init(command: "type", window: selector); text = value
        case .pressKeys(let selector, let names): self.init(command: "keys", window: selector); keys = names
        case .pointer(let pointerAction):
            self.init(command: "pointer")
            switch pointerAction {
            case .move(let location): action = "move"; setLocation(location)
            case .press(let which, let location): action = "down"; button = which.description; location.map { setLocation($0) }
            case .release(let which, let location): action = "up"; button = which.description; location.map { setLocation($0) }
            case .click(let which, let location): action = "click"; button = which.description; location.map { setLocation($0) }
            case .scroll(let horizontal, let vertical): action = "scroll"; dx = horizontal; dy = vertical
            }
        case .touch(let touchAction):
            self.init(command: "touch")
            switch touchAction {
            case .down(let touchID, let location): action = "down"; id = touchID; setLocation(location)
            case .move(let touchID, let location): action = "move"; id = touchID; setLocation(location)
            case .up(let touchID): action = "up"; id = touchID
            case .cancel: action = "cancel"
            }
        case .setDisplayScale(let name, let value):
            self.init(command: "display_scale"); display = name; scale = value.doubleValue
        case .setDisplayTransform(let name, let value):
            self.init(command: "display_transform"); display = name; transform = value.name
        case .moveDisplay(let name, let point):
            self.init(command: "display_move"); display = name; x = point.x; y = point.y
        case .plugDisplay(let configuration):
            self.init(command: "plug")
            display = configuration.name
            width = configuration.mode.width; height = configuration.mode.height
            refreshMilliHz = configuration.mode.refreshMilliHz
            scale = configuration.scale.doubleValue; transform = configuration.transform.name
            x = configuration.position.x; y = configuration.position.y
            make = configuration.make; model = configuration.model
        case .unplugDisplay(let name): self.init(command: "unplug"); display = name
        case .screenshot(let name, let file, let value):
            self.init(command: "screenshot"); display = name; path = file; scale = value?.doubleValue
        case .trace(let sequence, let following): self.init(command: "trace"); since = sequence; follow = following
        case .wait(let condition, let timeout):
            self.init(command: "wait")
            timeoutMilliseconds = timeout
            switch condition {
            case .settled(let selector): until = "settled"; window = selector.description
            case .drawnForScale(let selector): until = "drawn"; window = selector.description
            case .traceRecord(let recordType, let selector, let sequence):
                until = "trace"; type = recordType; window = selector?.description; since = sequence
            }
        }
    }

    /// `x`, `y` and, for a window-relative point, `window`.
    private mutating func setLocation(_ location: InputLocation) {
        switch location {
        case .global(let point): x = point.x; y = point.y
        case .window(let selector, let point): window = selector.description; x = point.x; y = point.y
        }
    }

    private init(command: String, window selector: WindowSelector) {
        self.init(command: command)
        window = selector.description
    }

    /// The request this object spells.
    ///
    /// - Throws: ``ControlFailure`` (`bad_request`) naming the unknown command,
    ///   the missing field or the bad value.
    package func request() throws(ControlFailure) -> ControlRequest {
        switch command {
        case "windows": return .listWindows
        case "displays": return .listDisplays
        case "move":
            let selector = try requireWindow()
            if let display { return .moveWindow(selector, .display(display)) }
            guard let x, let y else { throw missing("\"display\", or \"x\" and \"y\"") }
            return .moveWindow(selector, .position(try requirePoint(x, y)))
        case "resize":
            let selector = try requireWindow()
            guard let width, let height else { throw missing("\"width\" and \"height\"") }
            let size = try requireSize(width, height)
            if let steps { try check("steps", steps, in: InputRanges.resizeSteps) }
            return .resizeWindow(selector, size, interactiveSteps: steps)
        case "focus": return .focusWindow(try requireWindow())
        case "maximize": return .maximizeWindow(try requireWindow(), enable ?? true)
        case "minimize": return .minimizeWindow(try requireWindow(), enable ?? true)
        case "tile": return .halfTileWindow(try requireWindow(), try halfTile())
        case "fullscreen": return .fullscreenWindow(try requireWindow(), display: display, enable ?? true)
        case "close": return .closeWindow(try requireWindow())
        case "type":
            let selector = try requireWindow()
            guard let text else { throw missing("\"text\"") }
            return .typeText(selector, text)
        case "keys":
            let selector = try requireWindow()
            guard let keys, !keys.isEmpty else { throw missing("\"keys\" (a non-empty array of key names)") }
            return .pressKeys(selector, keys)
        case "pointer": return .pointer(try pointerAction())
        case "touch": return .touch(try touchAction())
        case "display_scale":
            return .setDisplayScale(try requireDisplay(), try requireScale())
        case "display_transform":
            let name = try requireDisplay()
            guard let transform else { throw missing("\"transform\"") }
            guard let value = OutputTransform(name: transform) else {
                throw bad("unknown transform \"\(transform)\"; use one of \(OutputTransform.allCases.map(\.name).joined(separator: ", "))")
            }
            return .setDisplayTransform(name, value)
        case "display_move":
            let name = try requireDisplay()
            guard let x, let y else { throw missing("\"x\" and \"y\"") }
            return .moveDisplay(name, try requirePoint(x, y))
        case "plug":
            let name = try requireDisplay()
            guard let width, let height else { throw missing("\"width\" and \"height\" (the mode in pixels)") }
            let size = try requireSize(width, height)
            let refresh = refreshMilliHz ?? 60_000
            try check("refresh_mhz", refresh, in: InputRanges.refreshMilliHz)
            let position = try requirePoint(x ?? 0, y ?? 0)
            var value = Scale.one
            if scale != nil { value = try requireScale() }
            var rotation = OutputTransform.normal
            if let transform {
                guard let parsed = OutputTransform(name: transform) else { throw bad("unknown transform \"\(transform)\"") }
                rotation = parsed
            }
            return .plugDisplay(
                DisplayConfiguration(
                    name: name, make: make ?? "Diorama", model: model ?? "Virtual Display",
                    mode: DisplayMode(width: size.width, height: size.height, refreshMilliHz: refresh),
                    scale: value, transform: rotation, position: position))
        case "unplug": return .unplugDisplay(try requireDisplay())
        case "screenshot":
            guard let path, path.hasPrefix("/") else { throw missing("\"path\" (an absolute path for the PNG)") }
            do throws(OutputFileFailure) {
                try OutputFileWriter.checkPath(path)
            } catch {
                throw bad("\"path\": \(error.reason)")
            }
            // The simulator writes the file: these would be its own streams.
            if OutputFileWriter.processDescriptor(namedBy: path) != nil {
                throw bad("\"path\": \(path) would be the simulator's own output, not yours; name a file or a FIFO")
            }
            return .screenshot(display: display, path: path, scale: scale == nil ? nil : try requireScale())
        case "trace":
            let sequence = since ?? 0
            try check("since", sequence, in: InputRanges.traceSequence)
            return .trace(since: sequence, follow: follow ?? false)
        case "wait_settled":
            let selector = try requireWindow()
            return .wait(.settled(selector), timeoutMilliseconds: try requireTimeout())
        case "wait":
            return .wait(try waitCondition(), timeoutMilliseconds: try requireTimeout())
        default:
            throw bad("unknown command \"\(command)\"; the commands are \(Self.commands.joined(separator: ", "))")
        }
    }

    /// Every command name, for the error about an unknown one.
    package static let commands = [
        "windows", "displays", "move", "resize", "focus", "maximize", "minimize", "fullscreen", "tile",
        "close", "type", "keys", "pointer", "touch", "display_scale", "display_transform", "display_move", "plug",
        "unplug", "screenshot", "trace", "wait", "wait_settled",
    ]

    /// A `tile` request's half: `side` (`left` or `right`), or nil to untile
    /// with `"enable":false` (and no side).
    private func halfTile() throws(ControlFailure) -> HalfTile? {
        let sides = HalfTile.allCases.map(\.rawValue).joined(separator: " or ")
        if enable == false {
            guard side == nil else { throw bad("\"side\" with \"enable\":false; untiling takes no side") }
            return nil
        }
        guard let side else { throw missing("\"side\" (\(sides)), or \"enable\":false to untile") }
        guard let half = HalfTile(rawValue: side) else { throw bad("unknown side \"\(side)\"; use \(sides)") }
        return half
    }

    /// What a `wait` request waits for, by its `until`.
    private func waitCondition() throws(ControlFailure) -> ControlWaitCondition {
        switch until {
        case "settled": return .settled(try requireWindow())
        case "drawn": return .drawnForScale(try requireWindow())
        case "trace":
            guard let type, !type.isEmpty else { throw missing("\"type\" (a trace record type such as commit or configure_acked)") }
            let sequence = since ?? 0
            try check("since", sequence, in: InputRanges.traceSequence)
            return .traceRecord(type: type, window: window.flatMap { $0.isEmpty ? nil : WindowSelector(parsing: $0) }, since: sequence)
        case nil: throw missing("\"until\" (settled, drawn or trace)")
        case let other?: throw bad("unknown condition \"\(other)\" for \"until\"; use settled, drawn or trace")
        }
    }

    /// `timeout_ms`, 5000 when left out.
    private func requireTimeout() throws(ControlFailure) -> Int {
        let timeout = timeoutMilliseconds ?? 5000
        try check("timeout_ms", timeout, in: InputRanges.timeoutMilliseconds)
        return timeout
    }

    /// A `pointer` request's action; `move` needs a location, the button
    /// actions take one optionally.
    private func pointerAction() throws(ControlFailure) -> PointerAction {
        switch action {
        case "move":
            guard let location = try optionalLocation() else { throw missing("\"x\" and \"y\" (with \"window\": relative to it)") }
            return .move(location)
        case "down": return .press(try requireButton(), at: try optionalLocation())
        case "up": return .release(try requireButton(), at: try optionalLocation())
        case "click": return .click(try requireButton(), at: try optionalLocation())
        case "scroll":
            let horizontal = dx ?? 0, vertical = dy ?? 0
            try check("dx", horizontal, in: InputRanges.scrollDistance)
            try check("dy", vertical, in: InputRanges.scrollDistance)
            guard horizontal != 0 || vertical != 0 else { throw missing("\"dx\" or \"dy\" (points to scroll)") }
            return .scroll(dx: horizontal, dy: vertical)
        case nil: throw missing("\"action\" (move, down, up, click or scroll)")
        case let other?: throw bad("unknown action \"\(other)\"; use move, down, up, click or scroll")
        }
    }

    /// A `touch` request's action, by touch id.
    private func touchAction() throws(ControlFailure) -> TouchAction {
        if action == "cancel" { return .cancel }
        guard let action else { throw missing("\"action\" (down, move, up or cancel)") }
        guard ["down", "move", "up"].contains(action) else { throw bad("unknown action \"\(action)\"; use down, move, up or cancel") }
        let touchID = id ?? 0
        try check("id", touchID, in: InputRanges.touchID)
        if action == "up" { return .up(id: touchID) }
        guard let location = try optionalLocation() else { throw missing("\"x\" and \"y\" (with \"window\": relative to it)") }
        return action == "down" ? .down(id: touchID, at: location) : .move(id: touchID, to: location)
    }

    /// `x`, `y` (checked against ``InputRanges/coordinate``), relative to
    /// `window` when one is named; nil when neither coordinate is given.
    private func optionalLocation() throws(ControlFailure) -> InputLocation? {
        guard x != nil || y != nil else { return nil }
        guard let x, let y else { throw missing("both \"x\" and \"y\"") }
        let point = try requirePoint(x, y)
        if let window, !window.isEmpty { return .window(WindowSelector(parsing: window), point) }
        return .global(point)
    }

    /// `button`, `left` when left out.
    private func requireButton() throws(ControlFailure) -> PointerButton {
        guard let button else { return .left }
        guard let value = PointerButton(name: button) else {
            throw bad("unknown button \"\(button)\"; use left, right, middle or an evdev code 272…287")
        }
        return value
    }

    private func requireWindow() throws(ControlFailure) -> WindowSelector {
        guard let window, !window.isEmpty else { throw missing("\"window\" (an id, app_id or title:TITLE)") }
        return WindowSelector(parsing: window)
    }

    private func requireDisplay() throws(ControlFailure) -> String {
        guard let display, !display.isEmpty else { throw missing("\"display\" (a display name)") }
        return display
    }

    private func requireScale() throws(ControlFailure) -> Scale {
        guard let scale else { throw missing("\"scale\"") }
        if let problem = InputRanges.scaleProblem("scale", scale) { throw bad(problem) }
        guard let value = Scale(scale) else {
            throw bad("scale \(scale) is not a positive multiple of 1/120 (1, 1.25, 1.5, 1.75, 2 …)")
        }
        return value
    }

    /// A point whose fields are inside ``InputRanges/coordinate``, so no
    /// rectangle placed there can overflow.
    private func requirePoint(_ x: Int, _ y: Int) throws(ControlFailure) -> Point {
        try check("x", x, in: InputRanges.coordinate)
        try check("y", y, in: InputRanges.coordinate)
        return Point(x: x, y: y)
    }

    /// A window or mode size, each side inside ``InputRanges/side``.
    private func requireSize(_ width: Int, _ height: Int) throws(ControlFailure) -> Size {
        try check("width", width, in: InputRanges.side)
        try check("height", height, in: InputRanges.side)
        return Size(width: width, height: height)
    }

    private func check<Value: Comparable>(_ field: String, _ value: Value, in range: ClosedRange<Value>) throws(ControlFailure) {
        if let problem = InputRanges.problem(field, value, in: range) { throw bad(problem) }
    }

    private func missing(_ what: String) -> ControlFailure {
        .badRequest("\"\(command)\" needs \(what)")
    }

    private func bad(_ message: String) -> ControlFailure {
        .badRequest("\"\(command)\": \(message)")
    }
}

extension ControlRequestWire {
    /// The request as one line of JSON, keys sorted, fields that are nil
    /// left out: what `JSONEncoder` would write. Written by hand because the
    /// encoder took about 2 µs per request, most of what a batched move costs
    /// the client (profiled); the decoding side is ``ControlRequestScanner``,
    /// and `ControlRequestScannerTests` decodes these lines with `JSONDecoder`.
    package var jsonLine: String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        bytes.reserveCapacity(128)
        /// `"key":` after a comma when a field came before.
        func key(_ key: CodingKeys) {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            JSONLineEncoder.appendQuoted(key.stringValue, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
        }
        func add(_ name: CodingKeys, quoting value: String?) {
            guard let value else { return }
            key(name)
            JSONLineEncoder.appendQuoted(value, to: &bytes)
        }
        func add(_ name: CodingKeys, _ value: (some CustomStringConvertible)?) {
            guard let value else { return }
            key(name)
            bytes += value.description.utf8
        }
        // In the order of the keys' names.
        add(.action, quoting: action)
        add(.button, quoting: button)
        add(.command, quoting: command)
        add(.display, quoting: display)
        add(.dx, dx)
        add(.dy, dy)
        add(.enable, enable)
        add(.follow, follow)
        add(.height, height)
        add(.id, id)
        if let keys {
            key(.keys)
            bytes.append(UInt8(ascii: "["))
            for (index, name) in keys.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONLineEncoder.appendQuoted(name, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        add(.make, quoting: make)
        add(.model, quoting: model)
        add(.path, quoting: path)
        add(.refreshMilliHz, refreshMilliHz)
        add(.scale, scale.map { $0.isFinite ? String($0) : "null" })
        add(.side, quoting: side)
        add(.since, since)
        add(.steps, steps)
        add(.text, quoting: text)
        add(.timeoutMilliseconds, timeoutMilliseconds)
        add(.transform, quoting: transform)
        add(.type, quoting: type)
        add(.until, quoting: until)
        add(.width, width)
        add(.window, quoting: window)
        add(.x, x)
        add(.y, y)
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
