import ArgumentParser
import DioramaControlProtocol
import DioramaModel

// `diorama ctl pointer …` and `diorama ctl touch …`: drive the simulator's
// seat as a user would. A point is `--at X,Y` in global logical points, or
// relative to a window's top-left with `--window WINDOW`.

struct CtlPointerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pointer",
        abstract: "Move the pointer, press, release or click a button, or scroll.",
        subcommands: [
            CtlPointerMoveCommand.self, CtlPointerButtonCommand<Press>.self, CtlPointerButtonCommand<Release>.self,
            CtlPointerButtonCommand<Click>.self, CtlPointerScrollCommand.self,
        ])
}

struct CtlTouchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touch",
        abstract: "Put a finger down, move it, lift it, or cancel every touch.",
        subcommands: [CtlTouchDownCommand.self, CtlTouchMoveCommand.self, CtlTouchUpCommand.self, CtlTouchCancelCommand.self])
}

/// `--at X,Y [--window WINDOW]`, shared by every command that takes a point.
struct CtlInputLocationOptions: ParsableArguments {
    @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp("The point, in logical points.", valueName: "X,Y"))
    var point: String?
    @Option(help: ArgumentHelp("Make --at relative to this window's top-left (an id, app_id or title:TITLE).", valueName: "WINDOW"))
    var window: String?

    func validate() throws {
        if let point { _ = try CtlArguments.point(point, "--at") }
        if window != nil && point == nil { throw ValidationError("--window needs --at X,Y (the point inside the window)") }
    }

    /// The location, or nil when no `--at` was given.
    func location() throws -> InputLocation? {
        guard let point else { return nil }
        let value = try CtlArguments.point(point, "--at")
        return window.map { .window(WindowSelector(parsing: $0), value) } ?? .global(value)
    }

    func requiredLocation(_ command: String) throws -> InputLocation {
        guard let location = try location() else { throw ValidationError("\(command) needs --at X,Y") }
        return location
    }
}

struct CtlPointerMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move the pointer (enter/leave/motion follow; a window the app is dragging follows too).")
    @OptionGroup var connection: CtlConnectionOptions
    @OptionGroup var location: CtlInputLocationOptions
    func validate() throws { _ = try location.requiredLocation("pointer move") }
    func run() throws { try connection.send(.pointer(.move(location.requiredLocation("pointer move"))), command: "pointer move") }
}

/// down, up and click differ only in name and in the action they send.
protocol CtlPointerButtonKind {
    static var name: String { get }
    static var abstract: String { get }
    static func action(_ button: PointerButton, _ location: InputLocation?) -> PointerAction
}

enum Press: CtlPointerButtonKind {
    static let name = "down"
    static let abstract = "Press a button (first moving to --at when given)."
    static func action(_ button: PointerButton, _ location: InputLocation?) -> PointerAction { .press(button, at: location) }
}

enum Release: CtlPointerButtonKind {
    static let name = "up"
    static let abstract = "Release a button (first moving to --at when given); ends a drag the app started."
    static func action(_ button: PointerButton, _ location: InputLocation?) -> PointerAction { .release(button, at: location) }
}

enum Click: CtlPointerButtonKind {
    static let name = "click"
    static let abstract = "Press and release a button (first moving to --at when given)."
    static func action(_ button: PointerButton, _ location: InputLocation?) -> PointerAction { .click(button, at: location) }
}

struct CtlPointerButtonCommand<Kind: CtlPointerButtonKind>: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: Kind.name, abstract: Kind.abstract) }
    @OptionGroup var connection: CtlConnectionOptions
    @OptionGroup var location: CtlInputLocationOptions
    @Option(help: "left, right, middle, or an evdev code (272…287).") var button = "left"

    func validate() throws { _ = try pointerButton() }

    private func pointerButton() throws -> PointerButton {
        guard let value = PointerButton(name: button) else {
            throw ValidationError("--button must be left, right, middle or an evdev code 272…287, got \"\(button)\"")
        }
        return value
    }

    func run() throws {
        try connection.send(.pointer(Kind.action(pointerButton(), location.location())), command: "pointer \(Kind.name)")
    }
}

struct CtlPointerScrollCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scroll",
        abstract: "Scroll the window under the pointer, in logical points (a wheel notch is 15).")
    @OptionGroup var connection: CtlConnectionOptions
    @Option(parsing: .unconditional, help: "Points to scroll right (negative: left).") var dx = 0
    @Option(parsing: .unconditional, help: "Points to scroll down (negative: up).") var dy = 0

    func validate() throws {
        for (name, value) in [("--dx", dx), ("--dy", dy)] {
            if let problem = InputRanges.problem(name, value, in: InputRanges.scrollDistance) { throw ValidationError(problem) }
        }
        if dx == 0 && dy == 0 { throw ValidationError("give --dx or --dy (points to scroll)") }
    }

    func run() throws { try connection.send(.pointer(.scroll(dx: dx, dy: dy)), command: "pointer scroll") }
}

/// `--id N`, the touch point, 0 when left out.
struct CtlTouchIDOption: ParsableArguments {
    @Option(help: "The touch point's id (a finger), 0…31.") var id = 0
    func validate() throws {
        if let problem = InputRanges.problem("--id", id, in: InputRanges.touchID) { throw ValidationError(problem) }
    }
}

struct CtlTouchDownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "down", abstract: "Put a finger down on the window under --at.")
    @OptionGroup var connection: CtlConnectionOptions
    @OptionGroup var touch: CtlTouchIDOption
    @OptionGroup var location: CtlInputLocationOptions
    func validate() throws { _ = try location.requiredLocation("touch down") }
    func run() throws { try connection.send(.touch(.down(id: touch.id, at: location.requiredLocation("touch down"))), command: "touch down") }
}

struct CtlTouchMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a finger that is down.")
    @OptionGroup var connection: CtlConnectionOptions
    @OptionGroup var touch: CtlTouchIDOption
    @OptionGroup var location: CtlInputLocationOptions
    func validate() throws { _ = try location.requiredLocation("touch move") }
    func run() throws { try connection.send(.touch(.move(id: touch.id, to: location.requiredLocation("touch move"))), command: "touch move") }
}

struct CtlTouchUpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "up", abstract: "Lift a finger.")
    @OptionGroup var connection: CtlConnectionOptions
    @OptionGroup var touch: CtlTouchIDOption
    func run() throws { try connection.send(.touch(.up(id: touch.id)), command: "touch up") }
}

struct CtlTouchCancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Cancel every touch that is down (wl_touch.cancel).")
    @OptionGroup var connection: CtlConnectionOptions
    func run() throws { try connection.send(.touch(.cancel), command: "touch cancel") }
}
