import ArgumentParser
import DioramaControlClient
import DioramaControlProtocol
import DioramaModel
import Foundation

/// `diorama ctl`: drives a running `diorama sim` through its control socket
/// (`Docs/control-protocol.md`).
///
/// Exit status: 0 done; 1 the simulator could not do it (an unknown window —
/// the message lists the windows —, a layout that would overlap, a timeout);
/// 2 bad usage, or no simulator to talk to.
struct CtlCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Control a running display simulator.",
        discussion: """
            Talks to the simulator named by DIORAMA_CONTROL (printed by `diorama sim`) or --control. \
            Windows are named by id (3 or id:3), app_id (org.example.App or app_id:…) or title (title:…).

            Examples:
              diorama ctl windows
              diorama ctl move foot --to DP-2
              diorama ctl display scale DP-2 1.5
              diorama ctl screenshot --all --out layout.png
            """,
        subcommands: [
            CtlWindowsCommand.self, CtlDisplaysCommand.self,
            CtlMoveCommand.self, CtlResizeCommand.self, CtlFocusCommand.self, CtlMaximizeCommand.self,
            CtlMinimizeCommand.self, CtlFullscreenCommand.self, CtlTileCommand.self, CtlCloseCommand.self,
            CtlTypeCommand.self, CtlKeysCommand.self, CtlPointerCommand.self, CtlTouchCommand.self,
            CtlDisplayCommand.self, CtlPlugCommand.self, CtlUnplugCommand.self,
            CtlScreenshotCommand.self, CtlTraceCommand.self, CtlWaitSettledCommand.self,
        ])
}

/// `--control PATH`, shared by every `ctl` subcommand, and the one way they
/// send a request and turn its outcome into an exit status.
struct CtlConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The simulator's control socket (default: $DIORAMA_CONTROL).", valueName: "PATH"))
    var control: String?

    /// Connects, or exits 2 with a message saying how to start a simulator
    /// (1 when the simulator is busy: the request was fine, try again later).
    func connect(_ command: String) throws -> ControlClient {
        do {
            return try ControlClient(path: ControlClient.endpointPath(explicit: control))
        } catch {
            if case .refused(let failure) = error { throw Self.exit(command, failure) }
            Self.report(command, "\(error)")
            throw DioramaExitCode.badInput
        }
    }

    /// Sends `request`; a failure is printed and exits 1 (failed) or 2 (bad request).
    @discardableResult
    func send(_ request: ControlRequest, command: String) throws -> ControlResponse {
        let client = try connect(command)
        let response: ControlResponse
        do {
            response = try client.send(request)
        } catch {
            Self.report(command, "\(error)")
            throw DioramaExitCode.badInput
        }
        if let failure = response.failure { throw Self.exit(command, failure) }
        // Carried out, but with something to know: a client behind on its
        // events, a click that reached no window.
        if let warning = response.warning { Self.report(command, "warning: \(warning)") }
        return response
    }

    /// Prints `failure` and gives the exit code its kind calls for.
    static func exit(_ command: String, _ failure: ControlFailure) -> ExitCode {
        report(command, failure.message)
        if case .badRequest = failure { return DioramaExitCode.badInput }
        return DioramaExitCode.checkFailed
    }

    /// Prints `message` (which may quote a client's title) terminal-safe,
    /// its own line breaks and backslashes kept.
    static func report(_ command: String, _ message: String) {
        var standardError = StandardError()
        print("diorama ctl \(command): \(CtlOutput.terminalSafe(message, keeping: ["\n", "\\"]))", to: &standardError)
    }
}

/// Argument parsing shared by the `ctl` subcommands.
enum CtlArguments {
    /// `WxH`, each side inside ``InputRanges/side``.
    static func size(_ text: String, _ what: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let range = InputRanges.side
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            range.contains(width), range.contains(height)
        else {
            throw ValidationError(
                "\(what) must be WIDTHxHEIGHT with whole numbers within \(range.lowerBound)…\(range.upperBound) (e.g. 1920x1080), got \"\(text)\"")
        }
        return Size(width: width, height: height)
    }

    /// `X,Y`, whole numbers inside ``InputRanges/coordinate`` (negative
    /// allowed: write `--at=-100,0`).
    static func point(_ text: String, _ what: String) throws -> Point {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let range = InputRanges.coordinate
        guard parts.count == 2, let x = Int(parts[0].trimmingCharacters(in: .whitespaces)),
            let y = Int(parts[1].trimmingCharacters(in: .whitespaces)), range.contains(x), range.contains(y)
        else {
            throw ValidationError("\(what) must be X,Y with whole numbers within \(range.lowerBound)…\(range.upperBound) (e.g. 1920,0), got \"\(text)\"")
        }
        return Point(x: x, y: y)
    }

    /// A scale such as 1, 1.25, 1.5 (a multiple of 1/120).
    static func scale(_ text: String, _ what: String) throws -> Scale {
        if let value = Double(text), let problem = InputRanges.scaleProblem(what, value) { throw ValidationError(problem) }
        guard let value = Double(text), let scale = Scale(value) else {
            throw ValidationError("\(what) must be a positive multiple of 1/120 such as 1, 1.25, 1.5 or 2, got \"\(text)\"")
        }
        return scale
    }

    /// A number of seconds such as `--timeout 2.5`, as milliseconds inside
    /// ``InputRanges/timeoutMilliseconds``.
    static func milliseconds(ofSeconds seconds: Double, _ option: String) throws -> Int {
        if let problem = InputRanges.secondsProblem(option, seconds) { throw ValidationError(problem) }
        return InputRanges.milliseconds(ofSeconds: seconds)
    }

    /// A refresh rate in Hz such as `--refresh 59.94`, as mHz inside
    /// ``InputRanges/refreshMilliHz``.
    static func refreshMilliHz(ofHertz hertz: Double, _ option: String) throws -> Int {
        let range = InputRanges.refreshMilliHz
        let milliHz = (hertz * 1000).rounded()
        guard milliHz.isFinite, milliHz >= Double(range.lowerBound), milliHz <= Double(range.upperBound) else {
            throw ValidationError("\(option) must be within \(Double(range.lowerBound) / 1000)…\(range.upperBound / 1000) Hz, got \(hertz)")
        }
        return Int(milliHz)
    }

    /// A transform as layout files spell it; `0` is `normal`.
    static func transform(_ text: String) throws -> OutputTransform {
        if text == "0" { return .normal }
        guard let transform = OutputTransform(name: text) else {
            throw ValidationError("the rotation must be one of \(OutputTransform.allCases.map(\.name).joined(separator: ", ")), got \"\(text)\"")
        }
        return transform
    }
}
