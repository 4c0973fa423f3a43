import DioramaGraphics
import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import Foundation
import Testing

/// GameScene with `--renderer vulkan` as a real process under the
/// simulator: Mesa's lavapipe (Vulkan on the CPU, presenting through
/// wl_shm) on the scene's surface, sized and scaled like the software
/// renderer's frames.
@Suite("The Vulkan renderer under the simulator")
struct VulkanRendererTests {
    /// Lavapipe, named explicitly: the tests run without a GPU, and a
    /// machine with one must not pick its driver instead.
    static let lavapipe = ["VK_ICD_FILENAMES": "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"]

    @Test(
        "at 2× the Vulkan frame is drawn at device resolution: the pattern's 1-pixel patches are exact in a screenshot",
        .timeLimit(.minutes(1)))
    func crispAtTwoX() throws {
        let simulator = try GLESRendererTests.start()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "vulkan-2x")
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            arguments: ["--renderer", "vulkan"], environment: Self.lavapipe)
        let appID = SampleApp.gameSceneID
        // Opened at 1× and moved to 2×: the swapchain is made again at the new size.
        _ = try app.waitForTrace("a first commit at 1×") { $0.first(CommitRecord.self) }
        try simulator.wait(
            until: { (try? $0.window(.appID(appID)).isSettled) == true }, timeout: .seconds(10),
            "the Vulkan window to settle at 1×")
        try simulator.perform { try $0.moveWindow(.appID(appID), toDisplay: "B") }
        let log = try app.waitForTrace("a commit at scale 2") { log in
            log.first(CommitRecord.self, where: { $0.scale == 2 }).map { _ in log }
        }
        let renderers = log.records(RendererRecord.self)
        #expect(renderers.map(\.renderer) == ["vulkan"], "the scene draws with Vulkan: \(app.diagnostics())")
        #expect(renderers.map(\.presentation) == [nil], "\(app.diagnostics())")
        let commit = try #require(log.first(CommitRecord.self, where: { $0.scale == 2 }))
        #expect(commit.buffer == commit.logical.scaled(by: 2), "\(log.tail())")

        try GLESRendererTests.expectCrispOnB(simulator)
        try GLESRendererTests.expectPatternAsDrawnOnTheCPU(simulator)
        let later = try app.waitForTrace("30 commits") { log in log.records(CommitRecord.self).count >= 30 ? log : nil }
        #expect(later.records(RendererRecord.self).map(\.renderer) == ["vulkan"], "\(app.diagnostics())")
    }

    @Test(
        "an app-owned drawable without wp_viewporter is drawn into its own image and blitted into the swapchain image by contentsGravity",
        .timeLimit(.minutes(1)))
    func letterboxesWithoutAViewport() throws {
        let layout = try DisplayLayout.parse(
            """
            { "displays": [ { "name": "A", "mode": { "width": 1280, "height": 800 }, "scale": 1, "position": { "x": 0, "y": 0 } } ] }
            """, file: "VulkanRendererTests")
        let simulator = try BackgroundSimulator {
            SimulatorConfiguration(layout: layout, profile: FramePacingTests.withoutViewporter, defaultDisplay: "A")
        }
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "vulkan-letterbox")
        var environment = Self.lavapipe
        environment["GAMESCENE_RENDER_SIZE"] = "320x320"  // square, in a 960×540 window: bars left and right
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            arguments: ["--renderer", "vulkan"], environment: environment)
        let log = try app.waitForTrace("five commits") { log in log.records(CommitRecord.self).count >= 5 ? log : nil }
        #expect(log.records(RendererRecord.self).map(\.renderer) == ["vulkan"], "\(app.diagnostics())")
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
        "Vulkan without a driver: the scene draws in software, with one warning and the reason in the trace",
        .timeLimit(.minutes(1)))
    func fallsBackToSoftware() throws {
        let simulator = try GLESRendererTests.start()
        defer { simulator.stop() }
        let sandbox = try AppSandbox(label: "vulkan-fallback")
        // The loader finds no driver (ICD), so it offers no Wayland surface
        // extension, as on a machine without mesa-vulkan-drivers.
        let app = try sandbox.launch(
            SampleApp.gameScene, compositor: simulator.clientEnvironment,
            arguments: ["--renderer", "vulkan"], environment: ["VK_ICD_FILENAMES": "/nonexistent.json"])
        let log = try app.waitForTrace("three commits") { log in
            log.records(CommitRecord.self).count >= 3 ? log : nil
        }
        let renderers = log.records(RendererRecord.self)
        #expect(renderers.map(\.renderer) == ["software"], "\(log.tail())")
        #expect(renderers.first?.fallbackReason?.contains("no VK_KHR_surface or VK_KHR_wayland_surface instance extension") == true, "\(renderers)")
        let warning = "warning: Vulkan is unavailable"
        let stderr = app.child.standardError
        #expect(stderr.components(separatedBy: warning).count == 2, "exactly one warning: \(stderr)")
        #expect(stderr.contains("mesa-vulkan-drivers"), "the warning says what to install: \(stderr)")
    }
}
