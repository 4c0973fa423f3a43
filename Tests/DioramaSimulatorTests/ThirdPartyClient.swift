import DioramaTestSupport
import Foundation

/// A Wayland program from a Debian package that the scale tests run under
/// the simulator, and how to start it headless with software rendering.
struct ThirdPartyClient: Sendable, CustomStringConvertible {
    /// The name messages use.
    var name: String
    var executable: String
    var arguments: [String] = []
    /// The Debian package that ships it (install hint and version).
    var package: String
    /// Added to the simulator's client environment.
    var environment: [String: String] = [:]
    var workingDirectory: String?
    /// Stop signal: weston-simple-shm ignores SIGINT, so everyone gets SIGTERM.
    var description: String { name }

    static let westonSimpleShm = ThirdPartyClient(
        name: "weston-simple-shm", executable: "/usr/bin/weston-simple-shm",
        package: "weston")
    static let foot = ThirdPartyClient(
        name: "foot", executable: "/usr/bin/foot",
        arguments: ["/bin/sh", "-c", "sleep 600"],
        package: "foot")
    /// GTK 4's demo, drawn by cairo (no GL on a headless machine).
    static let gtk4Demo = ThirdPartyClient(
        name: "gtk4-demo", executable: "/usr/bin/gtk4-demo", package: "gtk-4-examples",
        environment: [
            "GSK_RENDERER": "cairo", "GDK_BACKEND": "wayland",
            "GTK_A11Y": "none", "NO_AT_BRIDGE": "1",
        ])
    /// SDL2's chessboard test: SDL's software renderer into the window surface.
    static let sdl2Chessboard = ThirdPartyClient(
        name: "SDL2 testdrawchessboard",
        executable: "/usr/libexec/installed-tests/SDL2/testdrawchessboard",
        package: "libsdl2-tests",
        environment: ["SDL_VIDEODRIVER": "wayland", "SDL_RENDER_DRIVER": "software"],
        workingDirectory: "/usr/libexec/installed-tests/SDL2")

    /// SDL2's sprite test asking for high DPI, so SDL follows `wl_output.scale`
    /// (and tracks the outputs its surface is on, which is where a `leave`
    /// for a destroyed output used to crash it).
    static let sdl2Sprite = ThirdPartyClient(
        name: "SDL2 testsprite2",
        executable: "/usr/libexec/installed-tests/SDL2/testsprite2",
        arguments: ["--allow-highdpi"],
        package: "libsdl2-tests",
        environment: ["SDL_VIDEODRIVER": "wayland", "SDL_RENDER_DRIVER": "software"],
        workingDirectory: "/usr/libexec/installed-tests/SDL2")
    /// weston's terminal (its toy toolkit picks the buffer scale from the
    /// outputs the surface is on).
    static let westonTerminal = ThirdPartyClient(
        name: "weston-terminal", executable: "/usr/bin/weston-terminal",
        arguments: ["--shell=/bin/sh"], package: "weston")

    static let windowed: [ThirdPartyClient] = [.westonSimpleShm, .foot, .gtk4Demo, .sdl2Chessboard]

    /// Starts the program as a client of a simulator whose client environment
    /// (`XDG_RUNTIME_DIR`, `WAYLAND_DISPLAY`) is `simulatorEnvironment`, with
    /// its own variables on top, in its working directory.
    func launch(under simulatorEnvironment: [String: String]) throws -> ChildProcess {
        try ChildProcess(
            URL(fileURLWithPath: executable), arguments: arguments,
            environment: ChildProcess.minimalEnvironment(simulatorEnvironment.merging(environment) { _, new in new }),
            currentDirectory: workingDirectory.map { URL(fileURLWithPath: $0) })
    }
}
