import DioramaTestSupport
import Foundation

/// A Wayland client the reaction benchmark launches under the simulator:
/// Diorama's sample apps, peers from Debian, and the do-nothing baseline.
package struct BenchClient: Sendable {
    package enum Role: String, Codable, Sendable {
        /// Built by this package.
        case diorama
        /// Another toolkit's program: the comparison.
        case peer
        /// weston-simple-shm: draws at scale 1 whatever happens.
        case baseline
        /// A Diorama app in another configuration than its default, shown
        /// beside it for comparison; no target is judged on it.
        case variant

        /// Built by this package (`.diorama` or `.variant`): found among the
        /// package's products, and writes a runtime trace.
        package var isDioramaApp: Bool { self == .diorama || self == .variant }
    }

    /// How a client draws its frames. Diorama apps are compared with the
    /// peers that draw the same way: software with software, GL with GL.
    package enum Renderer: String, Codable, Sendable {
        /// CPU pixels into `wl_shm` buffers.
        case software
        /// OpenGL (ES) through EGL; here Mesa's llvmpipe, which also ends in `wl_shm` buffers.
        case openGL
    }

    package var name: String
    package var role: Role
    package var renderer: Renderer
    /// A package executable (found by `TestExecutable.locate`) or an absolute path / PATH name.
    package var program: String
    package var arguments: [String]
    package var environment: [String: String]
    package var currentDirectory: String?
    /// What to install when `program` is missing.
    package var installHint: String

    /// Every client, in the order they run: the software ones, then the GL ones.
    /// Software peers: GTK with the cairo renderer, SDL with its software
    /// renderer and high-DPI allowed (without it SDL never draws above scale 1).
    /// GL clients all run on Mesa's software GL (`LIBGL_ALWAYS_SOFTWARE=1`), the
    /// same rasterizer for Diorama and its peers; weston-simple-egl draws at 1
    /// whatever happens, so it is the GL baseline, not a peer.
    package static let all: [BenchClient] = [
        BenchClient(
            name: "TimerApp", role: .diorama, program: "TimerApp", arguments: [], environment: [:],
            installHint: "swift build -c release --product TimerApp"),
        BenchClient(
            name: "GameScene", role: .diorama, program: "GameScene", arguments: [], environment: [:],
            installHint: "swift build -c release --product GameScene"),
        BenchClient(
            name: "weston-simple-shm", role: .baseline, program: "/usr/bin/weston-simple-shm", arguments: [],
            environment: [:], installHint: "apt-get install weston"),
        BenchClient(
            name: "foot", role: .peer, program: "/usr/bin/foot", arguments: ["sleep", "3600"],
            environment: ["TERM": "xterm-256color"], installHint: "apt-get install foot"),
        BenchClient(
            name: "gtk4-demo", role: .peer, program: "/usr/bin/gtk4-demo", arguments: [],
            environment: [
                "GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "GTK_A11Y": "none",
                "NO_AT_BRIDGE": "1",
            ],
            installHint: "apt-get install gtk-4-examples"),
        BenchClient(
            name: "SDL2 testsprite2", role: .peer, program: "\(sdlTests)/testsprite2",
            arguments: ["--allow-highdpi", "--resizable"],
            environment: ["SDL_VIDEODRIVER": "wayland", "SDL_RENDER_DRIVER": "software"],
            currentDirectory: sdlTests, installHint: "apt-get install libsdl2-tests"),
        BenchClient(
            name: "GameScene --renderer gles", role: .diorama, renderer: .openGL, program: "GameScene",
            arguments: ["--renderer", "gles"], environment: softwareGL,
            installHint: "swift build -c release --product GameScene; apt-get install libegl-mesa0 libgl1-mesa-dri"),
        // The same app with its frames presented through Mesa's EGL window
        // surface instead of the shared-memory presentation that `automatic`
        // picks on llvmpipe: what the presentation is worth, in the same run.
        BenchClient(
            name: "GameScene --renderer gles --gl-presentation window-surface", role: .variant, renderer: .openGL,
            program: "GameScene", arguments: ["--renderer", "gles", "--gl-presentation", "window-surface"],
            environment: softwareGL,
            installHint: "swift build -c release --product GameScene; apt-get install libegl-mesa0 libgl1-mesa-dri"),
        BenchClient(
            name: "weston-simple-egl", role: .baseline, renderer: .openGL, program: "/usr/bin/weston-simple-egl",
            arguments: [], environment: softwareGL, installHint: "apt-get install weston libegl-mesa0"),
        BenchClient(
            name: "SDL2 testgl2", role: .peer, renderer: .openGL, program: "\(sdlTests)/testgl2",
            arguments: ["--allow-highdpi", "--resizable"],
            environment: softwareGL.merging(["SDL_VIDEODRIVER": "wayland"]) { $1 },
            currentDirectory: sdlTests, installHint: "apt-get install libsdl2-tests libgl1-mesa-dri"),
        BenchClient(
            name: "SDL2 testgles2", role: .peer, renderer: .openGL, program: "\(sdlTests)/testgles2",
            arguments: ["--allow-highdpi", "--resizable"],
            environment: softwareGL.merging(["SDL_VIDEODRIVER": "wayland"]) { $1 },
            currentDirectory: sdlTests, installHint: "apt-get install libsdl2-tests libgles2 libgl1-mesa-dri"),
    ]

    /// Debian's libsdl2-tests programs (they load their images from this folder).
    static let sdlTests = "/usr/libexec/installed-tests/SDL2"
    /// Mesa's software rasterizer for every GL client: no GPU here, and the
    /// same one for Diorama and its peers.
    static let softwareGL = ["LIBGL_ALWAYS_SOFTWARE": "1"]

    /// The GL clients' names (`diorama-bench --gl-only`).
    package static var openGLNames: [String] { all.filter { $0.renderer == .openGL }.map(\.name) }

    package init(
        name: String, role: Role, renderer: Renderer = .software, program: String, arguments: [String],
        environment: [String: String], currentDirectory: String? = nil, installHint: String
    ) {
        self.name = name
        self.role = role
        self.renderer = renderer
        self.program = program
        self.arguments = arguments
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.installHint = installHint
    }

    /// The executable, or an error saying what to install.
    package func locate() throws -> URL {
        if role.isDioramaApp { return try TestExecutable.locate(program) }
        guard let path = ProgramRunner.which(program) else { throw BenchError("\(program) not found; \(installHint)") }
        return URL(fileURLWithPath: path)
    }
}

/// A measurement that could not be made, with what to do about it.
package struct BenchError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// The names ``BenchClient/all`` answers to, for validating the command line.
package enum BenchClientNames {
    package static var all: [String] { BenchClient.all.map(\.name) }
}
