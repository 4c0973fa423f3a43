import DioramaGraphics
import DioramaModel
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

@testable import DioramaSimulator

/// GameScene with `--renderer gles` (each presentation) and `--renderer
/// vulkan` as a real process under the simulator: Mesa's CPU rasterizers
/// (llvmpipe for OpenGL ES, lavapipe for Vulkan, both ending in wl_shm) on
/// the scene's surface, sized and scaled like the software renderer's frames.
@Suite("The GPU renderers (OpenGL ES, Vulkan) under the simulator", .ownThreads(longChain: .seconds(2)))
struct GLESRendererTests {
    /// Two displays: A at 1× (where windows open) and, right of it, B at 2×.
    static func start() throws -> BackgroundSimulator {
        let layout = try DisplayLayout.parse(
            """
            { "displays": [
              { "name": "A", "mode": { "width": 1280, "height": 800 }, "scale": 1, "position": { "x": 0, "y": 0 } },
              { "name": "B", "mode": { "width": 2560, "height": 1600 }, "scale": 2, "position": { "x": 1280, "y": 0 } }
            ] }
            """, file: "GLESRendererTests")
        return try BackgroundSimulator { SimulatorConfiguration(layout: layout, profile: .modern, defaultDisplay: "A") }
    }

    /// Mesa's software renderer: there is no GPU where the tests run.
    static let softwareGL = ["LIBGL_ALWAYS_SOFTWARE": "1"]

    /// How GameScene is asked to draw with a GPU API, and what its trace's
    /// `renderer` record must then say: OpenGL ES with each
    /// `--gl-presentation` (under llvmpipe `automatic` resolves to shared
    /// memory), and Vulkan on lavapipe (no presentation choice).
    struct GPURenderer: CustomTestStringConvertible, Sendable {
        var testDescription: String
        var arguments: [String]
        var environment: [String: String]
        var expectedRenderer: String
        var expectedPresentation: String?

        static func gles(_ presentation: String, expected: String) -> GPURenderer {
            GPURenderer(
                testDescription: presentation == "automatic" ? "OpenGL ES, automatic (→ \(expected))" : "OpenGL ES, \(presentation)",
                arguments: ["--renderer", "gles", "--gl-presentation", presentation], environment: softwareGL,
                expectedRenderer: "openGLES", expectedPresentation: expected)
        }
        static let glesAutomatic = gles("automatic", expected: "sharedMemory")
        static let glesWindowSurface = gles("window-surface", expected: "windowSurface")
        static let glesSharedMemory = gles("shared-memory", expected: "sharedMemory")
        static let vulkan = GPURenderer(
            testDescription: "Vulkan", arguments: ["--renderer", "vulkan"], environment: VulkanRendererTests.lavapipe,
            expectedRenderer: "vulkan", expectedPresentation: nil)
        static let software = GPURenderer(
            testDescription: "software", arguments: [], environment: [:], expectedRenderer: "software", expectedPresentation: nil)
        /// Every way frames take, each once.
        static let distinct = [glesWindowSurface, glesSharedMemory, vulkan]

        /// The trace's `renderer` records hold exactly this renderer and presentation.
        func expectTraced(_ log: RuntimeTraceLog, _ app: RunningApp, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            let records = log.records(RendererRecord.self)
            #expect(records.map(\.renderer) == [expectedRenderer], "\(app.diagnostics())", sourceLocation: sourceLocation)
            #expect(records.map(\.presentation) == [expectedPresentation], "\(app.diagnostics())", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "at 2× the GPU frame is drawn at device resolution: the pattern's 1-pixel patches are exact in a screenshot",
        .timeLimit(.minutes(10)), arguments: [GPURenderer.glesAutomatic, .glesWindowSurface, .glesSharedMemory, .vulkan])
    func crispAtTwoX(renderer: GPURenderer) throws {
        let simulator = try Self.start()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "gpu-2x")
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            arguments: renderer.arguments, environment: renderer.environment)
        let appID = SampleApp.gameSceneID
        // Opened at 1× and moved to 2×: the target is resized for the new scale.
        _ = try app.waitForTrace("a first commit at 1×") { $0.first(CommitRecord.self) }
        try simulator.wait(
            until: { (try? $0.window(.appID(appID)).isSettled) == true }, timeout: .seconds(10),
            "the window to settle at 1×")
        try simulator.perform { try $0.moveWindow(.appID(appID), toDisplay: "B") }
        let log = try app.waitForTrace("a commit at scale 2") { log in
            log.first(CommitRecord.self, where: { $0.scale == 2 }).map { _ in log }
        }
        renderer.expectTraced(log, app)
        let commit = try #require(log.first(CommitRecord.self, where: { $0.scale == 2 }))
        #expect(commit.buffer == commit.logical.scaled(by: 2), "\(log.tail())")

        try Self.expectCrispOnB(simulator)
        try Self.expectPatternAsDrawnOnTheCPU(simulator)
        // Frames keep coming from the GPU API: the main queue hops threads, the context follows.
        let later = try app.waitForTrace("60 commits") { log in log.records(CommitRecord.self).count >= 60 ? log : nil }
        renderer.expectTraced(later, app)
    }

    /// Once GameScene's window settles on B (2×), the simulator holds a
    /// buffer of twice its size and a screenshot shows the pattern's 1-pixel
    /// patches exactly: drawn for 2×, not scaled up from a smaller frame.
    static func expectCrispOnB(_ simulator: BackgroundSimulator, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let appID = SampleApp.gameSceneID
        // A move keeps the size, so no configure waits for an answer: wait
        // for the simulator to hold the 2× buffer the trace says was committed.
        try simulator.wait(
            until: { simulator in
                guard let window = try? simulator.window(.appID(appID)) else { return false }
                return window.bufferSize == Size(width: window.frame.width * 2, height: window.frame.height * 2)
            }, timeout: .seconds(10), "the simulator to receive the GPU client's 2× buffer")
        let (shot, frame, buffer) = try simulator.perform { simulator in
            let window = try simulator.window(.appID(appID))
            return (try simulator.screenshot(ofDisplay: "B"), window.frame, window.bufferSize)
        }
        #expect(
            buffer == Size(width: frame.width * 2, height: frame.height * 2),
            "the simulator received the GPU client's buffer at 2× the window's size", sourceLocation: sourceLocation)
        let origin = shot.pixelPosition(ofLogical: frame.origin)
        let pattern = TestPattern(label: "GameScene")
        let patternSize = Size(width: frame.width * 2, height: frame.height * 2)
        for corner in TestPattern.Corner.allCases {
            let fidelity = pattern.finePatchFidelity(corner, in: shot.image, patternSize: patternSize, origin: origin)
            #expect(fidelity == 1, "\(corner): the 1-pixel patch is exact at 2× (fidelity \(fidelity))", sourceLocation: sourceLocation)
        }
    }

    /// GameScene draws its pattern with GL as geometry (a clear, grid and
    /// border quads) plus its detail rectangles from a texture (with Vulkan
    /// it uploads the CPU's pixels): on B the
    /// screenshot must hold what `TestPattern` draws on the CPU, pixel for
    /// pixel, in the top and bottom bands of the window (the overlay and the
    /// rotating quad lie between them).
    static func expectPatternAsDrawnOnTheCPU(
        _ simulator: BackgroundSimulator, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let (shot, frame) = try simulator.perform { simulator in
            (try simulator.screenshot(ofDisplay: "B"), try simulator.window(.appID(SampleApp.gameSceneID)).frame)
        }
        let size = Size(width: frame.width * 2, height: frame.height * 2)
        var expected = PixelBuffer(width: size.width, height: size.height)
        TestPattern(label: "GameScene").draw(into: &expected)
        let origin = shot.pixelPosition(ofLogical: frame.origin)
        let bands = [0..<(size.height / 4 - 8), (size.height * 3 / 4)..<size.height]
        var mismatches: [String] = []
        var compared = 0
        for rows in bands {
            for y in rows {
                for x in 0..<size.width {
                    compared += 1
                    let seen = shot.image[origin.x + x, origin.y + y].argb & 0xFF_FFFF
                    let drawn = expected[x, y].argb & 0xFF_FFFF
                    if seen != drawn, mismatches.count < 5 {
                        mismatches.append("(\(x), \(y)) is \(String(seen, radix: 16)), not \(String(drawn, radix: 16))")
                    }
                }
            }
        }
        #expect(compared > size.width * size.height / 3, "the bands cover a third of the window", sourceLocation: sourceLocation)
        #expect(mismatches.isEmpty, "the GPU frame's pattern differs from the CPU's at \(mismatches)", sourceLocation: sourceLocation)
    }

    @Test(
        "back on 2× after a visit to 1×, the GPU frame is crisp again (with GL: GameScene's kept 2× pattern texture is the one drawn)",
        .timeLimit(.minutes(10)), arguments: GPURenderer.distinct)
    func crispAgainAfterAVisitToOneX(renderer: GPURenderer) throws {
        let simulator = try Self.start()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "gpu-2x-1x-2x")
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            arguments: renderer.arguments, environment: renderer.environment)
        // It opens on A (1×): first to B, where the 2× pattern texture is made.
        _ = try app.waitForTrace("a first commit") { $0.first(CommitRecord.self) }
        let window = WindowSelector.appID(SampleApp.gameSceneID)
        try simulator.perform { try $0.moveWindow(window, toDisplay: "B") }
        _ = try app.waitForTrace("a commit at scale 2") { log in log.first(CommitRecord.self, where: { $0.scale == 2 }) }
        try simulator.perform { try $0.moveWindow(window, toDisplay: "A") }
        let atOne = try app.waitForTrace("a commit at scale 1") { log in
            log.records(CommitRecord.self).count(where: { $0.scale == 1 }) >= 3 ? log.records(CommitRecord.self).count : nil
        }
        try simulator.perform { try $0.moveWindow(window, toDisplay: "B") }
        let log = try app.waitForTrace("commits at scale 2 again") { log in
            log.records(CommitRecord.self).dropFirst(atOne).count(where: { $0.scale == 2 }) >= 3 ? log : nil
        }
        renderer.expectTraced(log, app)
        try Self.expectCrispOnB(simulator)
    }

    @Test(
        "an app-owned drawable without wp_viewporter is drawn offscreen and letterboxed into the buffer by contentsGravity",
        .timeLimit(.minutes(10)), arguments: GPURenderer.distinct)
    func letterboxesWithoutAViewport(renderer: GPURenderer) throws {
        let layout = try DisplayLayout.parse(
            """
            { "displays": [ { "name": "A", "mode": { "width": 1280, "height": 800 }, "scale": 1, "position": { "x": 0, "y": 0 } } ] }
            """, file: "GLESRendererTests")
        let simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: layout, profile: FramePacingTests.withoutViewporter, defaultDisplay: "A")
        }
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "gpu-letterbox")
        var environment = renderer.environment
        environment["GAMESCENE_RENDER_SIZE"] = "320x320"  // square, in a 960×540 window: bars left and right
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            arguments: renderer.arguments, environment: environment)
        let log = try app.waitForTrace("five commits") { log in log.records(CommitRecord.self).count >= 5 ? log : nil }
        renderer.expectTraced(log, app)
        #expect(log.records(DrawableSizeRecord.self).last?.size == TraceSize(320, 320), "\(log.tail())")
        #expect(log.records(CommitRecord.self).last?.buffer == TraceSize(960, 540), "the buffer is bounds × scale: \(log.tail())")

        let appID = SampleApp.gameSceneID
        try simulator.wait(until: { (try? $0.window(.appID(appID)).isSettled) == true }, timeout: .seconds(10), "the window to settle")
        let (shot, frame) = try simulator.perform { simulator in
            (try simulator.screenshot(ofDisplay: "A"), try simulator.window(.appID(appID)).frame)
        }
        let origin = shot.pixelPosition(ofLogical: frame.origin)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { shot.image[origin.x + x, origin.y + y].argb }
        // resizeAspect: the 320×320 frame scaled to 540×540 in the middle, black bars of 210 px either side.
        #expect(pixel(100, 270) == 0xFF00_0000, "the left bar is the letterbox colour")
        #expect(pixel(860, 270) == 0xFF00_0000, "the right bar is the letterbox colour")
        #expect(pixel(215, 100) != 0xFF00_0000, "the frame starts at x 210: \(String(pixel(215, 100), radix: 16))")
        #expect(pixel(745, 100) != 0xFF00_0000, "and ends at x 750: \(String(pixel(745, 100), radix: 16))")
    }

    @Test(
        "EGL that cannot initialise: the scene draws in software, with one warning and the reason in the trace",
        .timeLimit(.minutes(10)))
    func fallsBackToSoftware() throws {
        let simulator = try Self.start()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "gles-fallback")
        // libglvnd finds no EGL vendor at all: eglGetPlatformDisplay fails,
        // as on a machine without Mesa's EGL.
        var environment = Self.softwareGL
        environment["__EGL_VENDOR_LIBRARY_FILENAMES"] = "/nonexistent/diorama-no-egl-vendor.json"
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            arguments: ["--renderer", "gles"], environment: environment)
        let log = try app.waitForTrace("three commits") { log in
            log.records(CommitRecord.self).count >= 3 ? log : nil
        }
        let renderers = log.records(RendererRecord.self)
        #expect(renderers.map(\.renderer) == ["software"], "\(log.tail())")
        #expect(renderers.first?.fallbackReason?.contains("eglGetPlatformDisplay") == true, "\(renderers)")
        let warning = "warning: OpenGL ES is unavailable"
        let stderr = app.child.standardError
        #expect(stderr.components(separatedBy: warning).count == 2, "exactly one warning: \(stderr)")
        #expect(stderr.contains("LIBGL_ALWAYS_SOFTWARE=1"), "the warning says what to try: \(stderr)")
    }

    /// A scene is opaque: its software frames and its OpenGL ES frames read
    /// into shared memory go out as xrgb8888, so a compositor copies them
    /// instead of blending them over what is behind (argb8888 frames cost
    /// Mutter 43 about six times the CPU).
    @Test(
        "software and shared-memory OpenGL ES frames are xrgb8888 buffers",
        .timeLimit(.minutes(10)), arguments: [GPURenderer.software, .glesSharedMemory])
    func framesAreOpaque(renderer: GPURenderer) throws {
        let simulator = try Self.start()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "opaque-frames")
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment, arguments: renderer.arguments, environment: renderer.environment)
        _ = try app.waitForTrace("three commits") { log in log.records(CommitRecord.self).count >= 3 ? log : nil }
        let appID = SampleApp.gameSceneID
        let format = try simulator.perform { try $0.window(.appID(appID)).surface?.current.buffer?.formatCode }
        #expect(format == PixelFormat.xrgb8888.rawValue, "the committed buffer's wl_shm format: \(String(describing: format))")
    }
}
