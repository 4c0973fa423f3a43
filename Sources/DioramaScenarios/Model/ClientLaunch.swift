import DioramaModel
import Foundation

/// A client a scenario starts: `launch TimerApp as timer with DIORAMA_X=1`.
package struct ClientLaunch: Hashable, Sendable {
    /// What to run.
    package enum Program: Hashable, Sendable, CustomStringConvertible {
        /// A Diorama app by name (`TimerApp`, `GameScene`), found among the built
        /// executables: it writes the runtime trace, so app-level clauses work.
        case dioramaApp(String)
        /// A Diorama app by executable path (`app "../.build/debug/Sketchpad"`),
        /// relative to the scenario's folder: an app built outside this package.
        /// The reference keeps where the path was written, for diagnostics.
        case dioramaAppAtPath(NameReference)
        /// Any command line (`command "foot -e true"`), split by the backend the way a
        /// POSIX shell splits words; only protocol-level clauses apply.
        case command(String)

        package var description: String {
            switch self {
            case .dioramaApp(let name): name
            case .dioramaAppAtPath(let path): "app \"\(path.name)\""
            case .command(let line): "command \"\(line)\""
            }
        }
    }

    /// One `NAME=VALUE` of the `with` list, in the order written.
    package struct EnvironmentVariable: Hashable, Sendable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The name steps use for this client (`quit timer`).
    package var alias: NameReference
    package var program: Program
    /// `info-plist "PATH"` (relative to the scenario's folder): the Info.plist
    /// a Diorama app is started with (`--info-plist`), for an app whose plist
    /// is not in `Configs/apps/<name>/`. Nil: the app finds its own.
    package var infoPlist: NameReference?
    /// `arguments "…"`: more command-line arguments for a Diorama app
    /// (`launch GameScene arguments "--renderer gles" as game`), split into
    /// words as a POSIX shell splits them. Nil: none.
    package var arguments: String?
    package var environment: [EnvironmentVariable]

    package init(
        alias: NameReference, program: Program, infoPlist: NameReference? = nil, arguments: String? = nil,
        environment: [EnvironmentVariable] = []
    ) {
        self.alias = alias
        self.program = program
        self.infoPlist = infoPlist
        self.arguments = arguments
        self.environment = environment
    }

    /// Whether app-level clauses can be observed (the client writes a runtime trace).
    package var isDioramaApp: Bool {
        switch program {
        case .dioramaApp, .dioramaAppAtPath: true
        case .command: false
        }
    }

    /// `path` as written in the scenario, resolved against the folder of the
    /// scenario file (absolute paths stay as they are). A scenario named by a
    /// relative path (`lightbox.scenario`, `scenarios/lightbox.scenario`) is made
    /// absolute against the current directory first: standardizing a relative URL
    /// drops `..` components that climb above its first folder.
    package static func resolve(_ path: NameReference) -> URL {
        if path.name.hasPrefix("/") { return URL(fileURLWithPath: path.name).standardized }
        let scenarioFile =
            path.location.file.hasPrefix("/")
            ? path.location.file : FileManager.default.currentDirectoryPath + "/" + path.location.file
        return URL(fileURLWithPath: scenarioFile).deletingLastPathComponent()
            .appendingPathComponent(path.name).standardized
    }
}
