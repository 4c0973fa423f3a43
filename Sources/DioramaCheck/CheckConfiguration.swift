import DioramaModel
import DioramaScenarios
import DioramaSimulator
import Foundation

/// What `diorama check` runs and where it writes: the client's command, the
/// simulator's layout and profile, the waits, the report folder.
package struct CheckConfiguration: Sendable {
    /// The client's command line: a program (looked up in `PATH` when it has
    /// no slash) and its arguments.
    package var command: [String]
    package var layout: DisplayLayout
    /// How the layout was named (`studio` or a path), for the report.
    package var layoutName: String
    package var profile: CompositorProfile
    /// Where screenshots of failures and the client's stdout/stderr go.
    package var outputDirectory: String
    /// The client's environment before the simulator's `XDG_RUNTIME_DIR` and
    /// `WAYLAND_DISPLAY` replace the caller's (and `DISPLAY`, `WAYLAND_SOCKET`
    /// are dropped, so the client cannot reach another display server).
    package var environment: [String: String]
    /// How long the client gets to map a window with a frame.
    package var startTimeout: Duration
    /// How long the client gets to answer each change (a new scale, a configure).
    package var answerTimeout: Duration
    /// A CI shard: run only this shard's checks of the battery (dealt
    /// round-robin in battery order, ``CheckBattery/checkNames``); nil runs all.
    package var shard: Shard?
    /// The real compositor to run the battery on (`--on`); nil: the simulator.
    package var stage: BackendKind?
    /// Only these checks run (`--explore` skips, under a variation, the
    /// checks that already failed without it); nil runs all.
    package var onlyChecks: Set<String>?

    /// The refresh of the display the battery plugs in (`CHECK-1`): the
    /// layout's first display's, so that `--refresh` (which sets every
    /// display of the layout) reaches it too.
    var plugRefreshMilliHz: Int {
        layout.displays.first?.mode.refreshMilliHz ?? DisplaySpec.defaultRefreshMilliHz
    }

    /// Whether the check named `name` runs in this configuration's shard
    /// and among ``onlyChecks``.
    func runs(_ name: String) -> Bool {
        (shard.map { $0.deal(CheckBattery.checkNames).contains(name) } ?? true) && onlyChecks?.contains(name) != false
    }

    package init(
        command: [String], layout: DisplayLayout, layoutName: String, profile: CompositorProfile = .modern,
        outputDirectory: String, environment: [String: String] = ProcessInfo.processInfo.environment,
        startTimeout: Duration = .seconds(30), answerTimeout: Duration = .seconds(5), shard: Shard? = nil,
        stage: BackendKind? = nil
    ) {
        self.stage = stage
        self.command = command
        self.layout = layout
        self.layoutName = layoutName
        self.profile = profile
        self.outputDirectory = outputDirectory
        self.environment = environment
        self.startTimeout = startTimeout
        self.answerTimeout = answerTimeout
        self.shard = shard
    }
}

/// Why a check run could not start (exit 2), as opposed to a check failing (exit 1).
package enum CheckError: Error, CustomStringConvertible, Equatable {
    case noCommand
    case clientNotFound(String, searched: [String])
    case clientDidNotStart(String, reason: String)
    case outputDirectory(String, reason: String)
    /// `--explore-out` cannot be made or written.
    case findingsDirectory(String, reason: String)
    case simulator(String)
    /// `--on NAME`: the compositor could not start (its message says what to install).
    case compositor(String, String)

    package var description: String {
        switch self {
        case .noCommand:
            "no client to check; put its command after --, e.g. diorama check -- foot"
        case .clientNotFound(let name, let searched):
            "\(name): no such executable (searched \(searched.isEmpty ? "nothing: PATH is empty" : searched.joined(separator: ", "))); give a path or install it"
        case .clientDidNotStart(let name, let reason):
            "\(name) could not be started: \(reason)"
        case .outputDirectory(let path, let reason):
            "\(path): cannot write the report folder: \(reason); pass another with --output"
        case .findingsDirectory(let path, let reason):
            "\(path): cannot write the findings' scenarios: \(reason); pass another folder with --explore-out"
        case .simulator(let message):
            "the simulator could not start: \(message)"
        case .compositor(let name, let message):
            "\(name) could not start for the check: \(message)"
        }
    }
}

/// The displays of the layout that play each part of the battery: the
/// first at scale 1, the first at scale 2, the first at another scale
/// ("fractional": 1.5, or 3 under the `scale-3` variation).
/// A part the layout has no display for makes its checks not applicable.
struct CheckDisplays: Sendable {
    var single: DisplayConfiguration?
    var double: DisplayConfiguration?
    var fractional: DisplayConfiguration?

    init(_ layout: DisplayLayout) {
        single = layout.displays.first { $0.scale == .one }
        double = layout.displays.first { $0.scale == Scale(integer: 2) }
        fractional = layout.displays.first { $0.scale != .one && $0.scale != Scale(integer: 2) }
    }

    var roles: [String: String] {
        var roles: [String: String] = [:]
        roles["1x"] = single?.name
        roles["2x"] = double?.name
        roles["fractional"] = fractional?.name
        return roles
    }
}

/// Where `execvp` would find a program: a name with a slash is a path; a
/// bare name is looked up in each `PATH` directory.
enum ExecutableSearch {
    static func locate(_ name: String, path: String?) throws(CheckError) -> URL {
        if name.contains("/") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: name, isDirectory: &isFolder) else { throw .clientNotFound(name, searched: [name]) }
            guard !isFolder.boolValue else { throw .clientDidNotStart(name, reason: "it is a folder, not a program; give the program's path") }
            guard FileManager.default.isExecutableFile(atPath: name) else {
                throw .clientDidNotStart(name, reason: "it is not executable; make it so (chmod +x) or give the program that runs it")
            }
            return URL(fileURLWithPath: name)
        }
        let candidates = (path ?? "").split(separator: ":").map { "\($0.isEmpty ? "." : String($0))/\(name)" }
        guard let found = candidates.first(where: { Self.isProgram($0) }) else {
            throw .clientNotFound(name, searched: candidates)
        }
        return URL(fileURLWithPath: found)
    }

    /// An executable file that is not a folder (folders have the x bit too).
    private static func isProgram(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }
}
