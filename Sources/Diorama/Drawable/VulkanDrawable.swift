import CVulkan
import DioramaModel

/// One Vulkan frame (`DrawableLayer.Renderer.vulkan`): the counterpart of
/// what `MTKView` hands its delegate's `draw(in:)`. Valid only during
/// `RootContent.draw(in:for:)`: `image`, `imageView` and `commandBuffer`
/// belong to this frame. `instance`, `physicalDevice`, `device` and `queue`
/// are the process's (every Vulkan scene shares them) and stay valid while
/// it runs, across renderer switches, so what an app makes on the device
/// (buffers, pipelines) may be kept.
///
/// Record the frame's commands into `commandBuffer` (already begun; do not
/// end or submit it). `image` is `size` pixels, in
/// `VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL` with undefined contents when the
/// call starts, and must be back in that layout when it returns (copies and
/// clears need nothing more; a render pass on `imageView` ends with that
/// layout). The runtime then submits the commands, waits for them to finish
/// and presents the frame with the buffer scale or viewport for
/// `contentsScale` that it also sets for software frames. Since each frame
/// is finished before the next `draw`, buffers used by the last frame may
/// be written again. The origin is the top-left corner.
public struct VulkanDrawable {
    /// The drawable's size in pixels (`DrawableLayer.drawableSize`).
    public let size: Size
    /// The scale the frame is rendered at (pixels per point).
    public let contentsScale: Double
    /// The command buffer being recorded for this frame.
    public let commandBuffer: VkCommandBuffer
    /// The image to draw: a swapchain image when the drawable is the
    /// buffer's size, else one the runtime scales into the swapchain image
    /// by `contentsGravity` (an app-owned size without `wp_viewporter`).
    /// Usable as a colour attachment and a transfer destination.
    public let image: VkImage
    /// A 2D colour view of `image`.
    public let imageView: VkImageView
    /// `image`'s format: `VK_FORMAT_B8G8R8A8_UNORM` where the surface
    /// offers it (the byte order of `Drawable`'s ARGB8888 pixels).
    public let format: VkFormat
    /// The process's instance, with `VK_KHR_surface` and `VK_KHR_wayland_surface`.
    public let instance: VkInstance
    /// The device `device` was made on.
    public let physicalDevice: VkPhysicalDevice
    /// The scene's device (with `VK_KHR_swapchain`).
    public let device: VkDevice
    /// The queue the runtime submits the frame to; an app submitting its own
    /// work (uploads) to it must do so from the main actor.
    public let queue: VkQueue
    /// `queue`'s family.
    public let queueFamilyIndex: UInt32

    /// Clears the image to the dark grey a scene without content shows
    /// (the software renderer's 0xFF202020).
    func clearToEmptySceneColor() {
        var color = VkClearColorValue(float32: (0x20 / 255, 0x20 / 255, 0x20 / 255, 1))
        var range = VkImageSubresourceRange(
            aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, baseMipLevel: 0, levelCount: 1, baseArrayLayer: 0, layerCount: 1)
        vkCmdClearColorImage(commandBuffer, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &color, 1, &range)
    }
}
