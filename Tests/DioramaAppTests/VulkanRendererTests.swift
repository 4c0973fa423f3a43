import DioramaGraphics
import DioramaModel
import DioramaSimulator
import DioramaTestSupport
import DioramaTestTraits
import Foundation
import Testing

/// GameScene with `--renderer vulkan` where Vulkan cannot start. Its
/// frames on lavapipe (crisp at 2×, letterboxed without a viewport) are
/// checked beside the OpenGL ES ones in `GLESRendererTests`.
@Suite("The Vulkan renderer under the simulator", .ownThreads)
struct VulkanRendererTests {
    /// Lavapipe, named explicitly: the tests run without a GPU, and a
    /// machine with one must not pick its driver instead.
    static let lavapipe = ["VK_ICD_FILENAMES": "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"]

    @Test(
        "Vulkan without a driver: the scene draws in software, with one warning and the reason in the trace",
        .timeLimit(.minutes(10)))
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
