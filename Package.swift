// swift-tools-version:6.1
// Diorama — UIKit-style resizable scenes on Wayland, a headless multi-display
// simulator, and scenario tests. Targets are listed bottom-up, in the order the
// layers depend on each other (see ARCHITECTURE.md):
//   C libraries → C shim → generated bindings → client/server core
//   → scene runtime / simulator → scenarios → CLI
import PackageDescription

let package = Package(
    name: "Diorama",
    platforms: [.macOS(.v14)],
    products: [
        // What a package outside this one may depend on; every other target is
        // an implementation layer, and what targets share is `package` access
        // (ARCHITECTURE.md, "Public API"). DioramaStructureTests holds this list.
        .executable(name: "diorama", targets: ["diorama"]),
        // What an app depends on: `import Diorama` re-exports the model and
        // graphics modules (see Examples/Sketchpad for an outside package).
        .library(name: "Diorama", targets: ["Diorama"]),
        // The headless simulator and its in-process harness (deterministic
        // pumping of a simulator and raw-binding clients), for a program or
        // test that runs the simulator itself.
        .library(name: "DioramaSimulator", targets: ["DioramaSimulator", "DioramaSimulatorHarness"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `make docs`: the API reference (swift package generate-documentation).
        // A command plugin only: plain `swift build` never builds it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // Libraries log through swift-log; programs choose the handler (DioramaLogging).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    ],
    targets: [
        // MARK: C libraries (system, through pkg-config) and the C shim
        .systemLibrary(
            name: "CWaylandClient", pkgConfig: "wayland-client",
            providers: [.apt(["libwayland-dev"])]),
        // Cursor themes (XCursor) loaded into wl_shm buffers, for the pointer's image.
        .systemLibrary(
            name: "CWaylandCursor", pkgConfig: "wayland-cursor",
            providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(
            name: "CWaylandServer", pkgConfig: "wayland-server",
            providers: [.apt(["libwayland-dev"])]),
        // Header-only: the types both halves share (wl_interface, wl_argument, …).
        .systemLibrary(name: "CWaylandUtil"),
        .systemLibrary(
            name: "CXKBCommon", pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev"])]),
        // Deflate and CRC-32 for PNG screenshots (inflate for the tests' PNG reader).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // EGL, OpenGL ES and wl_egl_window: the scene runtime's GPU renderer only
        // (nothing that does not render links them; Mesa's llvmpipe runs them without a GPU).
        .systemLibrary(name: "CEGL", pkgConfig: "egl", providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES", pkgConfig: "glesv2", providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CWaylandEGL", pkgConfig: "wayland-egl", providers: [.apt(["libwayland-dev"])]),
        // The Vulkan loader and headers: the scene runtime's Vulkan renderer only
        // (Mesa's lavapipe runs it without a GPU).
        .systemLibrary(name: "CVulkan", pkgConfig: "vulkan", providers: [.apt(["libvulkan-dev"])]),
        // Cairo and Pango (pkg-config `pangocairo`, which brings cairo's flags):
        // the scene runtime's Cairo renderer, 2D shapes and text in points.
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        // GIO's GDBus: the D-Bus connection a Mutter backend keeps open (HeadlessCompositors).
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .target(name: "CDioramaShim"),
        .target(name: "CDioramaServerShim", dependencies: ["CWaylandServer"]),
        .target(name: "CDioramaClientShim", dependencies: ["CWaylandClient"]),

        // MARK: Scanner: protocol XML → Swift, run at build time by the plugin
        .target(name: "WaylandScannerKit"),
        .executableTarget(
            name: "diorama-wayland-scanner",
            dependencies: ["WaylandScannerKit"],
            path: "Sources/WaylandScanner"),
        .plugin(
            name: "WaylandBindingsPlugin", capability: .buildTool(),
            dependencies: ["diorama-wayland-scanner"]),

        // MARK: Generated bindings (client proxies, server resources)
        .target(name: "WaylandCommon", dependencies: ["CWaylandUtil", "CDioramaShim"]),
        .target(
            name: "WaylandClient",
            dependencies: ["WaylandCommon", "CWaylandClient", "CDioramaShim"],
            plugins: ["WaylandBindingsPlugin"]),
        .target(
            name: "WaylandServer",
            dependencies: ["WaylandCommon", "CWaylandServer", "CDioramaShim", "CDioramaServerShim"],
            plugins: ["WaylandBindingsPlugin"]),

        // MARK: Client core
        .target(
            name: "DioramaClient",
            dependencies: [
                "WaylandClient", "WaylandCommon", "CWaylandClient", "CWaylandCursor", "CXKBCommon", "CDioramaShim", "CDioramaClientShim",
                "DioramaModel", "DioramaPOSIX", "DioramaLogging",
            ]),

        // MARK: POSIX layer: child processes, Unix sockets, private directories
        // The one place that spawns and stops processes and fills sockaddr_un
        // (ARCHITECTURE.md says why not swift-subprocess).
        .target(name: "DioramaPOSIX", dependencies: ["CDioramaShim"]),

        // MARK: Logging: the libraries' loggers and the plain stderr handler programs bootstrap
        .target(
            name: "DioramaLogging",
            dependencies: ["DioramaModel", .product(name: "Logging", package: "swift-log")]),

        // MARK: Scene model (pure values: scale, traits, geometry, restrictions, source locations)
        .target(name: "DioramaModel"),
        // Property lists (XML and binary, with source locations), Info.plist and the scene manifest.
        .target(name: "DioramaManifest", dependencies: ["DioramaModel"]),
        // Saved scene sessions on disk (atomic, fsync'd writes).
        .target(name: "DioramaSessionStore", dependencies: ["DioramaModel"]),

        // MARK: Simulator: a headless multi-display Wayland compositor (server side)
        // The control protocol both ends share: displays, window selectors, requests
        // and responses, their one-line JSON form, the line-framed socket.
        .target(name: "DioramaControlProtocol", dependencies: ["DioramaModel", "DioramaPOSIX"]),
        // `diorama ctl`'s client: talks to a running simulator without linking it.
        .target(name: "DioramaControlClient", dependencies: ["DioramaControlProtocol", "DioramaPOSIX"]),
        .target(
            name: "DioramaSimulator",
            dependencies: [
                "DioramaControlProtocol", "DioramaModel", "DioramaPOSIX", "DioramaLogging", "DioramaGraphics", "WaylandServer", "WaylandCommon",
                "CWaylandServer",
                "CXKBCommon", "CDioramaShim", "CDioramaServerShim",
            ]),
        // In-process test harness for the simulator: deterministic pumping of a
        // simulator and raw-binding clients on one thread (like NIOEmbedded).
        .target(
            name: "DioramaSimulatorHarness",
            dependencies: ["DioramaSimulator", "DioramaPOSIX", "WaylandClient", "CWaylandClient", "CDioramaShim", "DioramaModel", "WaylandCommon"]),

        // MARK: Software pixels (canvas, font, PNG) — used by the scene runtime and the simulator
        // Depends on the model only for its geometry values (Rect, Size, OutputTransform),
        // on zlib for the PNG writer's compression.
        .target(name: "DioramaGraphics", dependencies: ["DioramaModel", "CZlib"]),

        // MARK: Scene runtime (UIKit-style app model on the client core)
        .target(
            name: "Diorama",
            dependencies: [
                "DioramaModel", "DioramaManifest", "DioramaSessionStore", "DioramaClient", "DioramaGraphics",
                "DioramaLogging", "DioramaPOSIX", "CEGL", "CGLES", "CWaylandEGL", "CVulkan", "CPangoCairo",
            ]),

        // MARK: Sample apps (each with its Info.plist in Configs/apps/<name>)
        // They depend on `Diorama` alone, as an outside app would. The example
        // package in Examples/Sketchpad is outside this target graph: it
        // depends on this package by path (`make test` builds and runs it).
        .executableTarget(name: "TimerApp", dependencies: ["Diorama"]),
        .executableTarget(name: "GameScene", dependencies: ["Diorama"]),

        // MARK: Migration readiness of iOS projects (diorama lint)
        .target(name: "DioramaLint", dependencies: ["DioramaModel", "DioramaManifest"]),

        // MARK: Real compositors started headless (sway, weston), for tests and scenarios
        // The sway IPC client (i3-ipc over a Unix socket), on its own: it needs no launcher.
        .target(name: "SwayIPC", dependencies: ["DioramaPOSIX"]),
        .target(name: "HeadlessCompositors", dependencies: ["SwayIPC", "DioramaPOSIX", "CGio", "DioramaControlProtocol", "DioramaModel"]),

        // MARK: Scenarios (language, validation, evaluation, reports; backends plug in later)
        // Pure of the simulator and the runtime: an executor implements ScenarioBackend.
        .target(name: "DioramaScenarios", dependencies: ["DioramaModel"]),

        // MARK: Scenario backends (run scenarios on the simulator; sway and weston plug in here)
        // Not on the runtime: apps are separate processes, read through their trace.
        .target(
            name: "DioramaScenarioBackends",
            dependencies: ["DioramaScenarios", "DioramaSimulator", "DioramaModel", "DioramaPOSIX", "HeadlessCompositors", "SwayIPC"]),

        // MARK: Client compatibility check (diorama check): a fixed battery on one client
        // The simulator in-process, the client as a process (ScenarioBackends' ClientProcess).
        .target(
            name: "DioramaCheck",
            dependencies: [
                "DioramaSimulator", "DioramaModel", "DioramaPOSIX", "DioramaScenarioBackends", "DioramaScenarios",
                "HeadlessCompositors",
            ]),

        // MARK: Benchmarks (make bench): reaction latency, stale frames, throughput, memory
        // Runs the simulator, the sample apps and peer programs side by side in one run.
        .target(
            name: "DioramaBenchKit",
            dependencies: [
                "DioramaSimulator", "DioramaSimulatorHarness", "DioramaModel", "DioramaPOSIX", "DioramaGraphics",
                "HeadlessCompositors", "DioramaTestSupport", "DioramaLint", "DioramaSessionStore", "SwayIPC",
                "DioramaControlClient", "WaylandClient",
            ]),
        .executableTarget(
            name: "diorama-bench",
            dependencies: [
                "DioramaBenchKit", "DioramaModel",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/DioramaBench"),

        // MARK: Fuzzers (make fuzz; a short run in make test): mutated inputs for every parser
        // Seeds are the checkout's own files; each target runs in a child process that
        // a crash or hang may kill (Docs/reliability.md).
        .target(
            name: "DioramaFuzzKit",
            dependencies: [
                "DioramaScenarios", "DioramaSimulator", "DioramaLint", "DioramaModel", "DioramaManifest", "DioramaLogging",
                "DioramaPOSIX", "DioramaSessionStore", "DioramaGraphics", "DioramaSimulatorHarness", "DioramaControlClient",
                "WaylandClient",
            ]),
        .executableTarget(
            name: "diorama-fuzz",
            dependencies: [
                "DioramaFuzzKit", "DioramaLogging", .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/DioramaFuzz"),

        // MARK: CLI
        .target(
            name: "DioramaCLI",
            dependencies: [
                "DioramaClient", "DioramaModel", "DioramaPOSIX", "DioramaLogging",
                .product(name: "Logging", package: "swift-log"), "DioramaLint", "DioramaSimulator",
                "DioramaScenarios", "DioramaScenarioBackends", "DioramaCheck",
                "DioramaControlClient", "DioramaControlProtocol", "HeadlessCompositors",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(
            name: "diorama", dependencies: ["DioramaCLI"],
            path: "Sources/diorama"),

        // MARK: Tests
        // Shared by the test targets that run real processes (and by the bench):
        // locating built executables, running them with timeouts, reading the
        // runtime trace, and a tiny in-process libwayland compositor.
        .target(
            name: "DioramaTestSupport",
            dependencies: ["HeadlessCompositors", "DioramaPOSIX", "WaylandServer", "CWaylandServer", "DioramaModel", "CDioramaServerShim"]),
        // Reading PNGs (only tests do: screenshots compared pixel by pixel).
        .target(name: "DioramaPNGTestSupport", dependencies: ["DioramaGraphics", "CZlib"]),
        // Swift Testing traits the test targets share (`.ownThreads`: tests that
        // block while other processes work run off the shared cooperative pool).
        .target(name: "DioramaTestTraits", dependencies: ["DioramaPOSIX"]),
        // The traits' admission policy, queue order and slot log.
        .testTarget(name: "DioramaTestTraitsTests", dependencies: ["DioramaTestTraits", "DioramaPOSIX"]),
        // Package.swift, the sources and ARCHITECTURE.md agree: every import of a
        // package target is a declared dependency, and the document names every target.
        .testTarget(name: "DioramaStructureTests", dependencies: ["DioramaTestTraits"]),
        .testTarget(
            name: "WaylandScannerTests", dependencies: ["WaylandScannerKit"],
            exclude: ["Golden"]),
        // The scanner's test protocol, generated for both sides, for round trips.
        .target(
            name: "TestProtocolClient",
            dependencies: ["WaylandCommon", "CWaylandClient", "CDioramaShim", "WaylandClient"],
            path: "Tests/Fixtures/TestProtocolClient", exclude: ["bindings.list"],
            plugins: ["WaylandBindingsPlugin"]),
        .target(
            name: "TestProtocolServer",
            dependencies: ["WaylandCommon", "CWaylandServer", "CDioramaShim", "WaylandServer"],
            path: "Tests/Fixtures/TestProtocolServer", exclude: ["bindings.list"],
            plugins: ["WaylandBindingsPlugin"]),
        .testTarget(
            name: "WaylandBindingsTests",
            dependencies: [
                "TestProtocolClient", "TestProtocolServer",
                "WaylandClient", "WaylandServer", "CWaylandClient", "CWaylandServer", "DioramaModel",
                "WaylandCommon", "DioramaPOSIX",
            ]),
        .testTarget(
            name: "DioramaRuntimeTests",
            dependencies: [
                "Diorama", "DioramaModel", "DioramaTestSupport", "DioramaManifest", "DioramaSessionStore", "DioramaPOSIX",
                "DioramaSimulator", "DioramaGraphics",
            ]),
        // The model's values, and the plist/manifest readers and session store split out of it.
        .testTarget(
            name: "DioramaModelTests",
            dependencies: ["DioramaModel", "DioramaManifest", "DioramaSessionStore", "DioramaPOSIX", "DioramaTestTraits"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "DioramaGraphicsTests",
            dependencies: ["DioramaGraphics", "DioramaModel", "DioramaPNGTestSupport", "DioramaPOSIX", "DioramaTestTraits"]),
        .testTarget(
            name: "DioramaScenariosTests",
            dependencies: [
                "DioramaScenarios", "DioramaModel", "DioramaGraphics", "DioramaPNGTestSupport",
                "HeadlessCompositors", "DioramaPOSIX",
            ],
            exclude: ["Snapshots", "Fixtures"]),
        .testTarget(name: "DioramaPOSIXTests", dependencies: ["DioramaPOSIX"]),
        .testTarget(
            name: "DioramaLoggingTests",
            dependencies: ["DioramaLogging", .product(name: "Logging", package: "swift-log")]),
        .testTarget(
            name: "HeadlessCompositorsTests",
            dependencies: ["HeadlessCompositors", "SwayIPC", "DioramaPOSIX", "DioramaTestTraits", "DioramaControlProtocol"]),
        .testTarget(
            name: "DioramaClientTests",
            dependencies: [
                "DioramaClient", "DioramaPOSIX", "HeadlessCompositors", "WaylandClient", "DioramaModel",
                "CXKBCommon", "CDioramaShim", "DioramaTestSupport", "SwayIPC", "WaylandCommon", "DioramaTestTraits",
            ]),
        .testTarget(
            name: "DioramaLintTests", dependencies: ["DioramaLint", "DioramaModel", "DioramaManifest", "DioramaTestTraits"],
            exclude: ["Fixtures", "Snapshots"]),
        // "diorama" so that `swift test` builds the executable the CLI tests run.
        .testTarget(
            name: "DioramaCLITests",
            dependencies: [
                "HeadlessCompositors", "DioramaCLI", "DioramaCheck", "DioramaTestSupport", "DioramaGraphics",
                "DioramaPNGTestSupport", "diorama", "DioramaClient", "DioramaModel", "DioramaScenarios", "TimerApp",
                "DioramaSimulator", "DioramaTestTraits",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The sample apps run as real processes under real compositors and the
        // simulator; depending on the executables makes `swift test` build them.
        .testTarget(
            name: "DioramaAppTests",
            dependencies: [
                "DioramaTestSupport", "HeadlessCompositors", "DioramaModel", "DioramaSimulator",
                "TimerApp", "GameScene", "DioramaSessionStore", "SwayIPC", "DioramaGraphics", "DioramaTestTraits",
            ],
            exclude: ["Fixtures"]),
        // The shipped scenario suite on the simulator (library call), the
        // observation logic on recorded traces, and `diorama run`/`demo` end to end.
        .testTarget(
            name: "DioramaScenarioBackendsTests",
            dependencies: [
                "DioramaScenarioBackends", "DioramaScenarios", "DioramaSimulator", "DioramaModel",
                "DioramaTestSupport", "TimerApp", "GameScene", "diorama", "HeadlessCompositors", "SwayIPC",
                "DioramaTestTraits", "DioramaPOSIX",
            ]),

        // The bench harness in a tiny configuration (a smoke run, no timing assertions);
        // depends on the sample apps so `swift test` builds the client it launches.
        .testTarget(
            name: "DioramaBenchTests",
            dependencies: ["DioramaBenchKit", "DioramaTestSupport", "HeadlessCompositors", "TimerApp", "DioramaTestTraits"]),
        // The fuzzers' harness (mutator, crash and hang capture) and the short
        // deterministic run of every target; depends on the executable it runs.
        .testTarget(
            name: "DioramaFuzzTests", dependencies: ["DioramaFuzzKit", "DioramaTestSupport", "diorama-fuzz", "DioramaTestTraits"]),
        .testTarget(
            name: "DioramaSimulatorTests",
            dependencies: [
                "DioramaSimulator", "DioramaSimulatorHarness", "DioramaModel", "DioramaPOSIX", "DioramaGraphics",
                "DioramaPNGTestSupport", "WaylandClient", "HeadlessCompositors", "DioramaTestSupport",
                "TimerApp", "SwayIPC", "WaylandCommon", "DioramaControlClient", "DioramaControlProtocol",
                "DioramaTestTraits",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
