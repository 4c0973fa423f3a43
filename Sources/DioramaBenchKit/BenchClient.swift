import DioramaTestSupport
import Foundation

/// A Wayland client the reaction benchmark launches under the simulator:
/// Diorama's sample apps, peers from Debian, and the do-nothing baseline.
public struct BenchClient: Sendable {
    public enum Role: String, Codable, Sendable {
        /// Built by this package.
        case diorama
        /// Another toolkit's program: the comparison.
        case peer
        /// weston-simple-shm: draws at scale 1 whatever happens.
        case baseline
    }

    public var name: String
    public var role: Role
    /// A package executable (found by `TestExecutable.locate`) or an absolute path / PATH name.
    public var program: String
    public var arguments: [String]
    public var environment: [String: String]
    public var currentDirectory: String?
    /// What to install when `program` is missing.
    public var installHint: String

    /// Every client, in the order they run. Peers render in software: GTK with
    /// the cairo renderer, SDL with its software renderer and high-DPI allowed
    /// (without it SDL never draws above scale 1).
    public static let all: [BenchClient] = [
        BenchClient(name: "TimerApp", role: .diorama, program: "TimerApp", arguments: [], environment: [:],
                    installHint: "swift build -c release --product TimerApp"),
        BenchClient(name: "GameScene", role: .diorama, program: "GameScene", arguments: [], environment: [:],
                    installHint: "swift build -c release --product GameScene"),
        BenchClient(name: "weston-simple-shm", role: .baseline, program: "/usr/bin/weston-simple-shm", arguments: [],
                    environment: [:], installHint: "apt-get install weston"),
        BenchClient(name: "foot", role: .peer, program: "/usr/bin/foot", arguments: ["sleep", "3600"],
                    environment: ["TERM": "xterm-256color"], installHint: "apt-get install foot"),
        BenchClient(name: "gtk4-demo", role: .peer, program: "/usr/bin/gtk4-demo", arguments: [],
                    environment: ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none",
                                  "NO_AT_BRIDGE": "1"],
                    installHint: "apt-get install gtk-4-examples"),
        BenchClient(name: "SDL2 testsprite2", role: .peer, program: "/usr/libexec/installed-tests/SDL2/testsprite2",
                    arguments: ["--allow-highdpi", "--resizable"],
                    environment: ["SDL_VIDEODRIVER": "wayland", "SDL_RENDER_DRIVER": "software"],
                    currentDirectory: "/usr/libexec/installed-tests/SDL2",
                    installHint: "apt-get install libsdl2-tests"),
    ]

    /// The executable, or an error saying what to install.
    public func locate() throws -> URL {
        if role == .diorama { return try TestExecutable.locate(program) }
        guard let path = ProgramRunner.which(program) else { throw BenchError("\(program) not found; \(installHint)") }
        return URL(fileURLWithPath: path)
    }
}

/// A measurement that could not be made, with what to do about it.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The names ``BenchClient/all`` answers to, for validating the command line.
public enum BenchClientNames {
    public static var all: [String] { BenchClient.all.map(\.name) }
}
