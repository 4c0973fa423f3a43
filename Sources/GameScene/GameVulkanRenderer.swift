import Diorama
import Foundation

/// Why GameScene cannot draw with Vulkan.
struct GameVulkanError: Error, CustomStringConvertible {
    var description: String
}

/// GameScene's Vulkan renderer (`--renderer vulkan`): the software
/// renderer's picture — the wrong-scale test pattern, the info overlay, the
/// moving square — drawn by the CPU into a host-visible staging buffer and
/// copied into the frame's image with `vkCmdCopyBufferToImage`. No
/// pipelines and no shaders: the build uses no GLSL→SPIR-V compiler. What it
/// exercises is what the runtime does with Vulkan: the swapchain at each
/// buffer size, the drawable size and scale, presents paced by frame callbacks.
final class GameVulkanRenderer {
    /// The device the staging buffer belongs to.
    let device: VkDevice
    private let physicalDevice: VkPhysicalDevice
    /// The buffer the CPU draws into, sized for the current drawable.
    private var staging: (buffer: VkBuffer, memory: VkDeviceMemory, pixels: UnsafeMutableRawPointer, size: Size)?

    init(drawable: VulkanDrawable) throws(GameVulkanError) {
        // The CPU's ARGB8888 pixels are B, G, R, A bytes in memory.
        guard drawable.format == VK_FORMAT_B8G8R8A8_UNORM else {
            throw GameVulkanError(description: "the swapchain format is \(drawable.format.rawValue), not VK_FORMAT_B8G8R8A8_UNORM")
        }
        device = drawable.device
        physicalDevice = drawable.physicalDevice
    }

    deinit { releaseStaging() }

    /// Lets `picture` draw the frame into the staging buffer, then records
    /// its copy into the drawable's image. The runtime finishes each frame
    /// before the next `draw`, so the one buffer is safe to write again.
    func draw(in drawable: VulkanDrawable, picture: (Drawable) -> Void) throws(GameVulkanError) {
        let pixels = try stagingPixels(size: drawable.size)
        picture(Drawable(pixels: pixels, size: drawable.size, stride: drawable.size.width * 4, contentsScale: drawable.contentsScale))
        guard let staging else { return }
        var region = VkBufferImageCopy(
            bufferOffset: 0, bufferRowLength: 0, bufferImageHeight: 0,
            imageSubresource: VkImageSubresourceLayers(
                aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, mipLevel: 0, baseArrayLayer: 0, layerCount: 1),
            imageOffset: VkOffset3D(x: 0, y: 0, z: 0),
            imageExtent: VkExtent3D(width: UInt32(drawable.size.width), height: UInt32(drawable.size.height), depth: 1))
        vkCmdCopyBufferToImage(
            drawable.commandBuffer, staging.buffer, drawable.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region)
    }

    /// The mapped staging memory for a frame of `size`, made again when the size changes.
    private func stagingPixels(size: Size) throws(GameVulkanError) -> UnsafeMutableRawPointer {
        if let staging, staging.size == size { return staging.pixels }
        releaseStaging()
        let bytes = VkDeviceSize(size.width * size.height * 4)
        var info = VkBufferCreateInfo(
            sType: VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, pNext: nil, flags: 0, size: bytes,
            usage: VK_BUFFER_USAGE_TRANSFER_SRC_BIT.rawValue, sharingMode: VK_SHARING_MODE_EXCLUSIVE,
            queueFamilyIndexCount: 0, pQueueFamilyIndices: nil)
        var created: VkBuffer?
        var result = vkCreateBuffer(device, &info, nil, &created)
        guard result == VK_SUCCESS, let buffer = created else { throw GameVulkanError(description: "vkCreateBuffer failed (\(result.rawValue))") }
        var requirements = VkMemoryRequirements()
        vkGetBufferMemoryRequirements(device, buffer, &requirements)
        var properties = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(physicalDevice, &properties)
        let types = withUnsafeBytes(of: properties.memoryTypes) { Array($0.bindMemory(to: VkMemoryType.self)) }
        let wanted = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.rawValue | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT.rawValue
        guard
            let type = (0..<Int(properties.memoryTypeCount)).first(where: {
                requirements.memoryTypeBits & (1 << UInt32($0)) != 0 && types[$0].propertyFlags & wanted == wanted
            })
        else {
            vkDestroyBuffer(device, buffer, nil)
            throw GameVulkanError(description: "no host-visible, coherent memory for a staging buffer")
        }
        var allocation = VkMemoryAllocateInfo(
            sType: VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, pNext: nil, allocationSize: requirements.size,
            memoryTypeIndex: UInt32(type))
        var allocated: VkDeviceMemory?
        result = vkAllocateMemory(device, &allocation, nil, &allocated)
        guard result == VK_SUCCESS, let memory = allocated else {
            vkDestroyBuffer(device, buffer, nil)
            throw GameVulkanError(description: "vkAllocateMemory failed for \(bytes) bytes (\(result.rawValue))")
        }
        vkBindBufferMemory(device, buffer, memory, 0)
        var mapped: UnsafeMutableRawPointer?
        result = vkMapMemory(device, memory, 0, bytes, 0, &mapped)
        guard result == VK_SUCCESS, let mapped else {
            vkFreeMemory(device, memory, nil)
            vkDestroyBuffer(device, buffer, nil)
            throw GameVulkanError(description: "vkMapMemory failed (\(result.rawValue))")
        }
        staging = (buffer, memory, mapped, size)
        return mapped
    }

    private func releaseStaging() {
        guard let staging else { return }
        vkUnmapMemory(device, staging.memory)
        vkFreeMemory(device, staging.memory, nil)
        vkDestroyBuffer(device, staging.buffer, nil)
        self.staging = nil
    }
}
