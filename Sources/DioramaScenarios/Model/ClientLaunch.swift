import DioramaModel

/// A client a scenario starts: `launch TimerApp as timer with DIORAMA_X=1`.
public struct ClientLaunch: Hashable, Sendable {
    /// What to run.
    public enum Program: Hashable, Sendable, CustomStringConvertible {
        /// A Diorama sample app by name (`TimerApp`, `GameScene`): it writes the
        /// runtime trace, so app-level clauses work.
        case dioramaApp(String)
        /// Any command line (`command "foot -e true"`), split by the backend the way a
        /// POSIX shell splits words; only protocol-level clauses apply.
        case command(String)

        public var description: String {
            switch self {
            case .dioramaApp(let name): name
            case .command(let line): "command \"\(line)\""
            }
        }
    }

    /// One `NAME=VALUE` of the `with` list, in the order written.
    public struct EnvironmentVariable: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The name steps use for this client (`quit timer`).
    public var alias: NameReference
    public var program: Program
    public var environment: [EnvironmentVariable]

    public init(alias: NameReference, program: Program, environment: [EnvironmentVariable] = []) {
        self.alias = alias
        self.program = program
        self.environment = environment
    }

    /// Whether app-level clauses can be observed (the client writes a runtime trace).
    public var isDioramaApp: Bool {
        if case .dioramaApp = program { return true }
        return false
    }
}
