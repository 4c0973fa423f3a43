import ArgumentParser
import DioramaControlProtocol
import DioramaModel

// `diorama ctl` subcommands that change displays.

struct CtlDisplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display", abstract: "Rescale, rotate or move a display.",
        subcommands: [CtlDisplayScaleCommand.self, CtlDisplayRotateCommand.self, CtlDisplayMoveCommand.self])
}

struct CtlDisplayScaleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "scale", abstract: "Change a display's scale (1, 1.25, 1.5, 2 …).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The display.") var name: String
    @Argument(help: "The new scale.") var scale: String
    func validate() throws { _ = try CtlArguments.scale(scale, "the scale") }
    func run() throws { try connection.send(.setDisplayScale(name, CtlArguments.scale(scale, "the scale")), command: "display scale") }
}

struct CtlDisplayRotateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Change a display's transform: normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270.")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The display.") var name: String
    @Argument(help: "The transform.") var transform: String
    func validate() throws { _ = try CtlArguments.transform(transform) }
    func run() throws { try connection.send(.setDisplayTransform(name, CtlArguments.transform(transform)), command: "display rotate") }
}

struct CtlDisplayMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move a display's top-left to a logical position.")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The display.") var name: String
    @Argument(help: ArgumentHelp("The new position (a negative one goes after --: display move DP-2 -- -1280,0).", valueName: "X,Y"))
    var position: String
    func validate() throws { _ = try CtlArguments.point(position, "the position") }
    func run() throws { try connection.send(.moveDisplay(name, CtlArguments.point(position, "the position")), command: "display move") }
}

struct CtlPlugCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plug", abstract: "Plug in a new display.")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "Its name (connector), e.g. HDMI-A-2.") var name: String
    @Argument(help: ArgumentHelp("Its mode in pixels.", valueName: "WxH")) var mode: String
    @Option(name: .long, parsing: .unconditional, help: "Its scale.") var scale = "1"
    @Option(name: .customLong("at"), parsing: .unconditional, help: ArgumentHelp("Its logical top-left.", valueName: "X,Y")) var position = "0,0"
    @Option(name: .long, parsing: .unconditional, help: "Its refresh rate in Hz.") var refresh: Double = 60
    @Option(name: .long, help: "Its transform.") var transform = "normal"

    func validate() throws {
        _ = try CtlArguments.size(mode, "the mode")
        _ = try CtlArguments.scale(scale, "--scale")
        _ = try CtlArguments.point(position, "--at")
        _ = try CtlArguments.transform(transform)
        _ = try CtlArguments.refreshMilliHz(ofHertz: refresh, "--refresh")
    }

    func run() throws {
        let pixels = try CtlArguments.size(mode, "the mode")
        let configuration = DisplayConfiguration(
            name: name,
            mode: DisplayMode(width: pixels.width, height: pixels.height, refreshMilliHz: try CtlArguments.refreshMilliHz(ofHertz: refresh, "--refresh")),
            scale: try CtlArguments.scale(scale, "--scale"), transform: try CtlArguments.transform(transform),
            position: try CtlArguments.point(position, "--at"))
        try connection.send(.plugDisplay(configuration), command: "plug")
    }
}

struct CtlUnplugCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unplug",
        abstract: "Unplug a display; its windows move to the default display (after the last one, they wait for a plug).")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The display.") var name: String
    func run() throws { try connection.send(.unplugDisplay(name), command: "unplug") }
}
