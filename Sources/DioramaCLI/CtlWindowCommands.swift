import ArgumentParser
import DioramaControlProtocol
import DioramaModel

// `diorama ctl` subcommands that act on one window. WINDOW is an id (3, id:3),
// an app_id (org.example.App, app_id:…) or a title (title:…).

struct CtlMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a window onto a display (keeping its place there) or to a logical position.")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Option(name: .customLong("to"), help: ArgumentHelp("The display to move it to.", valueName: "DISPLAY")) var display: String?
    @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp("The global logical position of its top-left.", valueName: "X,Y"))
    var position: String?

    func validate() throws {
        guard (display == nil) != (position == nil) else { throw ValidationError("give exactly one of --to DISPLAY or --at X,Y") }
        if let position { _ = try CtlArguments.point(position, "--at") }
    }

    func run() throws {
        let destination: ControlWindowDestination =
            try display.map { .display($0) }
            ?? .position(CtlArguments.point(position!, "--at"))
        try connection.send(.moveWindow(WindowSelector(parsing: window), destination), command: "move")
    }
}

struct CtlResizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resize",
        abstract: "Ask a window for a size, at once or as an interactive resize (returns once sent; see wait-settled).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Argument(help: ArgumentHelp("The size in logical points.", valueName: "WxH")) var size: String
    @Flag(name: .long, help: "Resize as a user dragging the corner: configures with the resizing state.") var interactive = false
    @Option(name: .long, help: "Steps of an interactive resize.") var steps = 10

    func validate() throws {
        _ = try CtlArguments.size(size, "the size")
        if let problem = InputRanges.problem("--steps", steps, in: InputRanges.resizeSteps) { throw ValidationError(problem) }
    }

    func run() throws {
        let target = try CtlArguments.size(size, "the size")
        try connection.send(
            .resizeWindow(WindowSelector(parsing: window), target, interactiveSteps: interactive ? steps : nil),
            command: "resize")
    }
}

/// focus, close: a window and nothing else.
struct CtlFocusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "focus", abstract: "Give a window keyboard focus (restoring it if minimized).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    func run() throws { try connection.send(.focusWindow(WindowSelector(parsing: window)), command: "focus") }
}

struct CtlCloseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "close", abstract: "Ask a window to close (xdg_toplevel.close).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    func run() throws { try connection.send(.closeWindow(WindowSelector(parsing: window)), command: "close") }
}

struct CtlMaximizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "maximize", abstract: "Maximize a window on its display (--off restores it).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Flag(name: .long, help: "Restore instead.") var off = false
    func run() throws { try connection.send(.maximizeWindow(WindowSelector(parsing: window), !off), command: "maximize") }
}

struct CtlTileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tile", abstract: "Tile a window to the left or right half of its display (--off untiles it).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Argument(help: ArgumentHelp("left or right (none with --off).", valueName: "SIDE")) var side: String?
    @Flag(name: .long, help: "Untile instead, giving the window its earlier frame back.") var off = false

    func validate() throws {
        switch (off, side) {
        case (true, nil): return
        case (true, _?): throw ValidationError("--off untiles the window and takes no side; leave out \(side ?? "")")
        case (false, nil): throw ValidationError("say which half: diorama ctl tile \(window) left (or right); --off untiles")
        case (false, let side?):
            guard HalfTile(rawValue: side) != nil else { throw ValidationError("unknown side \"\(side)\"; use left or right") }
        }
    }

    func run() throws {
        try connection.send(.halfTileWindow(WindowSelector(parsing: window), side.flatMap(HalfTile.init(rawValue:))), command: "tile")
    }
}

struct CtlMinimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "minimize", abstract: "Minimize a window (--off restores it).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Flag(name: .long, help: "Restore instead.") var off = false
    func run() throws { try connection.send(.minimizeWindow(WindowSelector(parsing: window), !off), command: "minimize") }
}

struct CtlFullscreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fullscreen", abstract: "Make a window fullscreen (--off ends it).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Option(name: .customLong("on"), help: ArgumentHelp("The display (default: the window's).", valueName: "DISPLAY")) var display: String?
    @Flag(name: .long, help: "Leave fullscreen instead.") var off = false
    func run() throws {
        try connection.send(.fullscreenWindow(WindowSelector(parsing: window), display: display, !off), command: "fullscreen")
    }
}

struct CtlTypeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "type", abstract: "Type text into a window (us keymap; focuses it).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Argument(help: "The text (text that starts with - goes after --: ctl type main -- -v).") var text: String
    func run() throws { try connection.send(.typeText(WindowSelector(parsing: window), text), command: "type") }
}

struct CtlKeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "keys", abstract: "Press named keys in a window (Return, Escape, Tab, F1 …).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The window.") var window: String
    @Argument(help: "xkb key names.") var keys: [String]
    func validate() throws { guard !keys.isEmpty else { throw ValidationError("name at least one key, e.g. Return") } }
    func run() throws { try connection.send(.pressKeys(WindowSelector(parsing: window), keys), command: "keys") }
}
