import ArgumentParser
import DioramaClient
import DioramaModel
import Foundation

/// `diorama outputs`: lists the running compositor's outputs.
///
/// Output formats (both stable; scripts may rely on them):
/// - table (default): one header line, then one line per output, columns
///   separated by at least two spaces: NAME, DESCRIPTION, MODE (`WxH` pixels),
///   REFRESH (`60.000 Hz`), POSITION (logical `x,y`), LOGICAL SIZE (`WxH`),
///   SCALE (integer), TRANSFORM (`normal`, `90`, `180`, `270`, `flipped`,
///   `flipped-90`, `flipped-180`, `flipped-270`). A missing name or
///   description prints as `-`.
/// - `--json`: an object `{"outputs": [...]}`, keys sorted; each output has
///   `name`, `description` (null when unknown), `make`, `model`,
///   `mode` {`width`, `height`} (pixels), `refreshMilliHz` (integer),
///   `refreshHz` (number), `logicalPosition` {`x`, `y`}, `logicalSize`
///   {`width`, `height`}, `logicalGeometrySource` (`xdg-output` or
///   `derived`), `scale` (integer), `transform` (names as above),
///   `physicalSizeMM` {`width`, `height`}.
/// Outputs are listed left to right, then top to bottom, by logical position.
struct OutputsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outputs",
        abstract: "List the outputs of the running Wayland compositor.",
        discussion: """
            Connects to the compositor named by WAYLAND_DISPLAY (a socket name inside \
            XDG_RUNTIME_DIR, or an absolute path), or by --display, and prints each output's \
            name, description, mode, refresh rate, logical position and size, integer scale \
            and transform. Exit status 2 when no compositor can be reached.

            Examples:
              diorama outputs                       the compositor of WAYLAND_DISPLAY
              diorama outputs --json | jq '.[].scale'
              diorama outputs --display wayland-1   another compositor's socket
            """)

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The compositor's socket: a name inside XDG_RUNTIME_DIR or an absolute path.",
            valueName: "NAME|PATH"))
    var display: String?

    @Flag(name: .long, help: "Print JSON instead of a table.")
    var json = false

    @Option(name: .long, help: "Seconds to wait for the compositor's answers.")
    var timeout: Double = 5

    func validate() throws {
        _ = try CtlArguments.milliseconds(ofSeconds: timeout, "--timeout")
        if let display, display.isEmpty {
            throw ValidationError("--display must not be empty")
        }
    }

    func run() throws {
        let outputs: [OutputInfo]
        do {
            outputs = try OutputsProbe.describeOutputs(display: display, timeout: .milliseconds(try CtlArguments.milliseconds(ofSeconds: timeout, "--timeout")))
        } catch {
            DescriptorWriter.reportToStandardError("diorama outputs: \(error)")
            throw DioramaExitCode.badInput
        }
        let report = OutputsReport(outputs: outputs)
        print(json ? report.json() : report.table(), terminator: "")
    }
}

/// Connects, binds the outputs and waits until each is described.
enum OutputsProbe {
    static func describeOutputs(display: String?, timeout: Duration) throws(ConnectionError) -> [OutputInfo] {
        let connection = try Connection(display: display, displayOption: "--display")
        connection.defaultTimeout = timeout
        let registry = try Registry(connection: connection)
        let state = OutputState(registry: registry)
        try state.waitUntilDescribed(timeout: timeout)
        return state.outputs.map(\.info)
    }
}
