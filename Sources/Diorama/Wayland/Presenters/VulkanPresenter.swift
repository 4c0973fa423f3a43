import DioramaClient
import DioramaModel

/// Vulkan frames (`DrawableLayer.Renderer.vulkan`): the content records
/// into a swapchain image of the scene's `VulkanTarget`, and
/// `vkQueuePresentKHR` attaches and commits it.
@MainActor
final class VulkanPresenter: ScenePresenter {
    let renderer = DrawableLayer.Renderer.vulkan
    let commitsThroughAnotherLibrary = true
    let target: VulkanTarget

    /// Makes the scene's Vulkan surface on `wlSurface`, and the process's
    /// device with the first one (`device` is then set).
    init(instance: VulkanInstance, device: inout VulkanDevice?, wlSurface: OpaquePointer) throws(RendererUnavailable) {
        do throws(VulkanUnavailable) {
            target = try VulkanTarget(instance: instance, device: &device, wlSurface: wlSurface)
        } catch {
            throw RendererUnavailable(.vulkan, error)
        }
    }

    func prepare(_ frame: SceneFrame) throws(PresenterFailure) {
        try vulkan { () throws(VulkanUnavailable) in try target.prepare(bufferSize: frame.bufferSize) }
    }

    func render(_ frame: SceneFrame) throws(PresenterFailure) {
        try vulkan { () throws(VulkanUnavailable) in
            try target.render(
                drawableSize: frame.drawableSize, contentsScale: frame.contentsScale, letterbox: frame.letterbox
            ) { drawable in frame.drawContent(into: drawable) }
        }
    }

    /// Presents the frame; the driver's present commits the surface. A
    /// swapchain out of date at the present commits nothing: the frame is
    /// drawn again into a new swapchain and presented once more. When that
    /// fails too, Vulkan is given up for the scene.
    func commit(_ frame: SceneFrame, to surface: Surface) throws(PresenterFailure) {
        var presented = false
        try vulkan { () throws(VulkanUnavailable) in
            try surface.commit { () throws(VulkanUnavailable) in presented = try target.present() }
        }
        if presented { return }
        try prepare(frame)
        try render(frame)
        try vulkan { () throws(VulkanUnavailable) in presented = try target.present() }
        if !presented {
            throw .rendererUnavailable(
                RendererUnavailable(.vulkan, "vkQueuePresentKHR reported VK_ERROR_OUT_OF_DATE_KHR twice in a row"))
        }
    }

    /// Runs a step of the Vulkan target; its failure gives Vulkan up for the scene.
    private func vulkan(_ step: () throws(VulkanUnavailable) -> Void) throws(PresenterFailure) {
        do throws(VulkanUnavailable) {
            try step()
        } catch {
            throw .rendererUnavailable(RendererUnavailable(.vulkan, error))
        }
    }
}
