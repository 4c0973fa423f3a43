import ArgumentParser
import DioramaControlProtocol
import DioramaModel
import Foundation

/// `diorama ctl screenshot DISPLAY --out FILE.png` (what the display shows,
/// upright, at its scale) or `--all` (the whole layout, one pixel per point
/// unless --scale says otherwise).
struct CtlScreenshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "screenshot",
        abstract: "Write a PNG of a display, or of the whole layout with --all.")
    @OptionGroup var connection: CtlConnectionOptions
    @Argument(help: "The display.") var display: String?
    @Flag(name: .long, help: "The whole layout instead of one display.") var all = false
    @Option(name: .long, help: ArgumentHelp("The PNG to write.", valueName: "FILE.png")) var out: String
    @Option(name: .long, help: "Pixels per point of an --all picture (default 1).") var scale: String?

    func validate() throws {
        guard (display == nil) == all else { throw ValidationError("name a display or pass --all (not both)") }
        if let scale {
            guard all else { throw ValidationError("--scale applies to --all only; a display is shot at its own scale") }
            _ = try CtlArguments.scale(scale, "--scale")
        }
        guard !out.isEmpty else { throw ValidationError("--out must name a file") }
    }

    func run() throws {
        // The simulator writes the file: hand it an absolute path.
        let path = URL(fileURLWithPath: out, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL.path
        let response = try connection.send(
            .screenshot(display: display, path: path, scale: try scale.map { try CtlArguments.scale($0, "--scale") }),
            command: "screenshot")
        print(response.screenshot ?? path)
    }
}
