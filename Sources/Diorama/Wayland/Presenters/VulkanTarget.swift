import CVulkan
import DioramaModel
import Foundation

/// Why the Vulkan renderer cannot be used: the step that failed and the
/// `VkResult` it returned. The runtime then draws the scene in software.
struct VulkanUnavailable: Error, CustomStringConvertible {
    /// What failed, e.g. `vkCreateInstance`.
    var step: String
    /// What the call returned, when it was a Vulkan call.
    var result: VkResult?

    static func failure(_ step: String, _ result: VkResult) -> VulkanUnavailable {
        VulkanUnavailable(step: step, result: result)
    }

    var description: String {
        guard let result else { return step }
        return "\(step) failed (\(Self.name(of: result)))"
    }

    /// The results a failed setup or frame reports, by their spec names.
    private static func name(of result: VkResult) -> String {
        let names: [(VkResult, String)] = [
            (VK_ERROR_INCOMPATIBLE_DRIVER, "VK_ERROR_INCOMPATIBLE_DRIVER: no Vulkan driver (ICD) could be loaded"),
            (VK_ERROR_INITIALIZATION_FAILED, "VK_ERROR_INITIALIZATION_FAILED"),
            (VK_ERROR_EXTENSION_NOT_PRESENT, "VK_ERROR_EXTENSION_NOT_PRESENT"),
            (VK_ERROR_OUT_OF_HOST_MEMORY, "VK_ERROR_OUT_OF_HOST_MEMORY"),
            (VK_ERROR_OUT_OF_DEVICE_MEMORY, "VK_ERROR_OUT_OF_DEVICE_MEMORY"),
            (VK_ERROR_DEVICE_LOST, "VK_ERROR_DEVICE_LOST"),
            (VK_ERROR_SURFACE_LOST_KHR, "VK_ERROR_SURFACE_LOST_KHR"),
            (VK_ERROR_OUT_OF_DATE_KHR, "VK_ERROR_OUT_OF_DATE_KHR"),
            (VK_TIMEOUT, "VK_TIMEOUT"),
        ]
        return names.first { $0.0 == result }?.1 ?? "VkResult \(result.rawValue)"
    }
}

/// The process's Vulkan instance, with the Wayland surface extensions,
/// created once when the first scene renders with Vulkan and shared by
/// every scene that does.
final class VulkanInstance {
    let instance: VkInstance
    /// The Wayland display the scenes' surfaces belong to.
    let wlDisplay: OpaquePointer

    static let requiredExtensions = ["VK_KHR_surface", "VK_KHR_wayland_surface"]

    /// Fails when the loader offers no Wayland surface extension or no
    /// driver (ICD) can be loaded (`VK_ICD_FILENAMES` naming none, no
    /// `mesa-vulkan-drivers`).
    init(wlDisplay: OpaquePointer) throws(VulkanUnavailable) {
        var (result, properties) = vulkanList(filling: VkExtensionProperties()) {
            vkEnumerateInstanceExtensionProperties(nil, $0, $1)
        }
        guard result == VK_SUCCESS else { throw .failure("vkEnumerateInstanceExtensionProperties", result) }
        let offered = Set(properties.map { fixedString($0.extensionName) })
        let missing = Self.requiredExtensions.filter { !offered.contains($0) }
        guard missing.isEmpty else {
            // The loader lists the surface extensions its drivers offer:
            // none found (VK_ICD_FILENAMES naming none) lists none.
            throw VulkanUnavailable(
                step: "the Vulkan loader offers no \(missing.joined(separator: " or ")) instance extension "
                    + "(no Vulkan driver (ICD) with Wayland support was found)")
        }
        var created: VkInstance?
        result = withCStrings(Self.requiredExtensions) { extensions in
            withCStrings(["Diorama"]) { name in
                var application = VkApplicationInfo(
                    sType: VK_STRUCTURE_TYPE_APPLICATION_INFO, pNext: nil, pApplicationName: name[0], applicationVersion: 1,
                    pEngineName: name[0], engineVersion: 1, apiVersion: vulkanAPIVersion)
                return withUnsafePointer(to: &application) { application in
                    var info = VkInstanceCreateInfo(
                        sType: VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, pNext: nil, flags: 0, pApplicationInfo: application,
                        enabledLayerCount: 0, ppEnabledLayerNames: nil,
                        enabledExtensionCount: UInt32(extensions.count), ppEnabledExtensionNames: extensions.baseAddress)
                    return vkCreateInstance(&info, nil, &created)
                }
            }
        }
        guard result == VK_SUCCESS, let created else { throw .failure("vkCreateInstance", result) }
        instance = created
        self.wlDisplay = wlDisplay
    }

    deinit { vkDestroyInstance(instance, nil) }
}

/// The device every Vulkan scene of the process draws with, and its queue:
/// made for the first scene's surface, kept for the process's life, so
/// what an app makes on it outlives a switch of renderer (Metal's one
/// `MTLDevice`). A later scene checks its surface can be presented from it.
final class VulkanDevice {
    let instance: VulkanInstance
    let physicalDevice: VkPhysicalDevice
    let queueFamilyIndex: UInt32
    let device: VkDevice
    let queue: VkQueue

    /// The first device with a queue family that draws and presents to
    /// `surface` on the scene's Wayland display, and offers swapchains.
    init(instance: VulkanInstance, surface: VkSurfaceKHR) throws(VulkanUnavailable) {
        let (result, devices) = vulkanList(filling: VkPhysicalDevice?.none) {
            vkEnumeratePhysicalDevices(instance.instance, $0, $1)
        }
        guard result == VK_SUCCESS || result == VK_INCOMPLETE else { throw .failure("vkEnumeratePhysicalDevices", result) }
        let candidates = devices.compactMap { $0 }.filter(Self.offersSwapchains)
        guard
            let (physicalDevice, family) = candidates.lazy.compactMap({ device in
                Self.presentingQueueFamily(of: device, instance: instance, surface: surface).map { (device, $0) }
            }).first
        else {
            throw VulkanUnavailable(step: "none of the \(devices.count) Vulkan devices can draw and present to the scene's Wayland surface")
        }
        self.instance = instance
        self.physicalDevice = physicalDevice
        queueFamilyIndex = family
        device = try Self.makeDevice(physicalDevice, queueFamily: family)
        var queue: VkQueue?
        vkGetDeviceQueue(device, family, 0, &queue)
        guard let queue else {
            vkDestroyDevice(device, nil)
            throw VulkanUnavailable(step: "vkGetDeviceQueue returned no queue")
        }
        self.queue = queue
    }

    deinit { vkDestroyDevice(device, nil) }

    /// Whether this device's queue can present to `surface` (another scene's).
    func canPresent(to surface: VkSurfaceKHR) -> Bool {
        Self.presentingQueueFamily(of: physicalDevice, instance: instance, surface: surface, only: queueFamilyIndex) != nil
    }

    private static func presentingQueueFamily(
        of device: VkPhysicalDevice, instance: VulkanInstance, surface: VkSurfaceKHR, only wanted: UInt32? = nil
    ) -> UInt32? {
        let families = vulkanList(filling: VkQueueFamilyProperties()) {
            vkGetPhysicalDeviceQueueFamilyProperties(device, $0, $1)
        }
        for (index, family) in families.enumerated() {
            let family32 = UInt32(index)
            guard wanted == nil || wanted == family32, family.queueFlags & VK_QUEUE_GRAPHICS_BIT.rawValue != 0 else { continue }
            var supported: VkBool32 = 0
            vkGetPhysicalDeviceSurfaceSupportKHR(device, family32, surface, &supported)
            guard supported == VK_TRUE,
                vkGetPhysicalDeviceWaylandPresentationSupportKHR(device, family32, instance.wlDisplay) == VK_TRUE
            else { continue }
            return family32
        }
        return nil
    }

    private static func offersSwapchains(_ device: VkPhysicalDevice) -> Bool {
        vulkanList(filling: VkExtensionProperties()) { vkEnumerateDeviceExtensionProperties(device, nil, $0, $1) }
            .items.contains { fixedString($0.extensionName) == "VK_KHR_swapchain" }
    }

    private static func makeDevice(_ physicalDevice: VkPhysicalDevice, queueFamily: UInt32) throws(VulkanUnavailable) -> VkDevice {
        var priority: Float = 1
        var device: VkDevice?
        let result = withUnsafePointer(to: &priority) { priority in
            var queueInfo = VkDeviceQueueCreateInfo(
                sType: VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, pNext: nil, flags: 0, queueFamilyIndex: queueFamily,
                queueCount: 1, pQueuePriorities: priority)
            return withUnsafePointer(to: &queueInfo) { queueInfo in
                withCStrings(["VK_KHR_swapchain"]) { extensions in
                    var info = VkDeviceCreateInfo(
                        sType: VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, pNext: nil, flags: 0, queueCreateInfoCount: 1,
                        pQueueCreateInfos: queueInfo, enabledLayerCount: 0, ppEnabledLayerNames: nil,
                        enabledExtensionCount: 1, ppEnabledExtensionNames: extensions.baseAddress, pEnabledFeatures: nil)
                    return vkCreateDevice(physicalDevice, &info, nil, &device)
                }
            }
        }
        guard result == VK_SUCCESS, let device else { throw .failure("vkCreateDevice", result) }
        return device
    }
}

/// Vulkan 1.1: the version the renderer asks for (lavapipe offers 1.3).
private let vulkanAPIVersion: UInt32 = (1 << 22) | (1 << 12)

/// One scene's Vulkan objects: a `VkSurfaceKHR` on its `wl_surface`, a
/// command buffer for the shared `VulkanDevice`, and a swapchain of the buffer size, whose present
/// attaches and commits the frame (through `wl_shm` with lavapipe).
///
/// Like `GLESTarget` it only puts pixels into buffers: the size, buffer
/// scale and viewport are the scene state's (`SceneFrame`); `VulkanPresenter`
/// drives it, and `SceneSurface` sends the buffer scale, viewport and frame
/// callback before the present. The present mode never waits for the compositor
/// (immediate, or mailbox): frames are paced by the frame callbacks the
/// scene asks for itself (`FramePacer`).
///
/// Each frame is finished on the CPU before `render` returns (a fence), as
/// `GLESTarget` calls `glFinish`: the scene reads the socket after drawing
/// and redraws a frame made stale meanwhile, so drawing must be done then;
/// and the next frame's `draw` may reuse whatever the last one used.
final class VulkanTarget {
    let shared: VulkanDevice
    var device: VkDevice { shared.device }
    /// The swapchain's pixel format: B8G8R8A8_UNORM where offered (the
    /// byte order of `wl_shm`'s xrgb8888 and of `Drawable`'s pixels).
    let format: VkFormat
    let presentMode: VkPresentModeKHR
    private let surface: VkSurfaceKHR
    private let commandPool: VkCommandPool
    private let commandBuffer: VkCommandBuffer
    /// Signalled when a frame's commands finished.
    private let frameFence: VkFence
    /// Signalled when an acquired image can be written.
    private let acquireFence: VkFence
    private var swapchain: Swapchain?
    /// The image the frame drawn last went into, until it is presented. A
    /// frame abandoned at the same size is drawn again into it.
    private var acquiredImage: UInt32?
    /// The swapchain reported itself suboptimal or out of date: the next
    /// frame gets a new one.
    private var swapchainIsStale = false
    /// The drawable-size image a letterboxed frame draws into (an app-owned
    /// drawable size without a viewport, a letterboxing gravity during an
    /// interactive resize), kept while the size stays.
    private var letterboxSource: OwnedImage?

    /// Makes the scene's surface, and the process's device with it when
    /// there is none yet (`device` is then set).
    init(instance: VulkanInstance, device shared: inout VulkanDevice?, wlSurface: OpaquePointer) throws(VulkanUnavailable) {
        var undo: [() -> Void] = []
        func rollBack() { for step in undo.reversed() { step() } }
        let vkInstance = instance.instance
        var surfaceInfo = VkWaylandSurfaceCreateInfoKHR(
            sType: VK_STRUCTURE_TYPE_WAYLAND_SURFACE_CREATE_INFO_KHR, pNext: nil, flags: 0,
            display: instance.wlDisplay, surface: wlSurface)
        var createdSurface: VkSurfaceKHR?
        var result = vkCreateWaylandSurfaceKHR(vkInstance, &surfaceInfo, nil, &createdSurface)
        guard result == VK_SUCCESS, let surface = createdSurface else { throw .failure("vkCreateWaylandSurfaceKHR", result) }
        undo.append { vkDestroySurfaceKHR(vkInstance, surface, nil) }
        do throws(VulkanUnavailable) {
            let made: VulkanDevice
            if let shared {
                made = shared
            } else {
                made = try VulkanDevice(instance: instance, surface: surface)
                shared = made
            }
            guard made.canPresent(to: surface) else {
                throw VulkanUnavailable(step: "the Vulkan device of the process's first scene cannot present to this scene's surface")
            }
            let device = made.device, family = made.queueFamilyIndex
            var poolInfo = VkCommandPoolCreateInfo(
                sType: VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, pNext: nil,
                flags: VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT.rawValue, queueFamilyIndex: family)
            var pool: VkCommandPool?
            result = vkCreateCommandPool(device, &poolInfo, nil, &pool)
            guard result == VK_SUCCESS, let pool else { throw .failure("vkCreateCommandPool", result) }
            undo.append { vkDestroyCommandPool(device, pool, nil) }
            var bufferInfo = VkCommandBufferAllocateInfo(
                sType: VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, pNext: nil, commandPool: pool,
                level: VK_COMMAND_BUFFER_LEVEL_PRIMARY, commandBufferCount: 1)
            var commandBuffer: VkCommandBuffer?
            result = vkAllocateCommandBuffers(device, &bufferInfo, &commandBuffer)
            guard result == VK_SUCCESS, let commandBuffer else { throw .failure("vkAllocateCommandBuffers", result) }
            let frameFence = try Self.makeFence(device)
            undo.append { vkDestroyFence(device, frameFence, nil) }
            let acquireFence = try Self.makeFence(device)
            undo.append { vkDestroyFence(device, acquireFence, nil) }
            let (format, presentMode) = try Self.chooseFormatAndPresentMode(made.physicalDevice, surface: surface)
            self.shared = made
            self.surface = surface
            self.commandPool = pool
            self.commandBuffer = commandBuffer
            self.frameFence = frameFence
            self.acquireFence = acquireFence
            self.format = format
            self.presentMode = presentMode
        } catch {
            rollBack()
            throw error
        }
    }

    deinit {
        vkDeviceWaitIdle(device)
        letterboxSource = nil
        swapchain = nil
        vkDestroyFence(device, frameFence, nil)
        vkDestroyFence(device, acquireFence, nil)
        vkDestroyCommandPool(device, commandPool, nil)
        vkDestroySurfaceKHR(shared.instance.instance, surface, nil)
    }

    /// Gets a swapchain image of `bufferSize` pixels for the next frame:
    /// the swapchain is made again first when the buffer size changed or it
    /// went stale.
    func prepare(bufferSize: Size) throws(VulkanUnavailable) {
        if swapchain?.extent != bufferSize || swapchainIsStale { try replaceSwapchain(size: bufferSize) }
        try acquireImage(size: bufferSize)
    }

    /// Lets `draw` record one frame of `drawableSize` pixels into the image
    /// `prepare` acquired; the frame waits there for `present()`. When the
    /// drawable is not the buffer's size (`letterbox` says where it goes)
    /// the content draws into an image of its own, which is then scaled into
    /// the swapchain image (`vkCmdBlitImage`), as every presenter places it.
    func render(
        drawableSize: Size, contentsScale: Double, letterbox: LetterboxPlacement?, draw: (VulkanDrawable) -> Void
    ) throws(VulkanUnavailable) {
        guard let swapchain, let imageIndex = acquiredImage else { preconditionFailure("render() follows prepare()") }
        let swapchainImage = swapchain.images[Int(imageIndex)]
        if letterbox == nil {
            letterboxSource = nil
        } else if letterboxSource?.size != drawableSize {
            letterboxSource = nil
            letterboxSource = try OwnedImage(target: self, size: drawableSize)
        }
        let target = letterboxSource.map { ($0.image, $0.view) } ?? (swapchainImage, swapchain.views[Int(imageIndex)])

        vkResetCommandBuffer(commandBuffer, 0)
        var begin = VkCommandBufferBeginInfo(
            sType: VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, pNext: nil,
            flags: VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT.rawValue, pInheritanceInfo: nil)
        var result = vkBeginCommandBuffer(commandBuffer, &begin)
        guard result == VK_SUCCESS else { throw .failure("vkBeginCommandBuffer", result) }
        let drawnAccess = VK_ACCESS_TRANSFER_WRITE_BIT.rawValue | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT.rawValue
        barrier(target.0, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, after: 0, before: drawnAccess)
        draw(
            VulkanDrawable(
                size: drawableSize, contentsScale: contentsScale, commandBuffer: commandBuffer, image: target.0,
                imageView: target.1, format: format, instance: shared.instance.instance,
                physicalDevice: shared.physicalDevice, device: device, queue: shared.queue,
                queueFamilyIndex: shared.queueFamilyIndex))
        if let letterbox {
            barrier(
                target.0, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                after: drawnAccess, before: VK_ACCESS_TRANSFER_READ_BIT.rawValue)
            place(target.0, size: drawableSize, into: swapchainImage, letterbox)
        }
        barrier(
            swapchainImage, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
            after: drawnAccess, before: 0)
        result = vkEndCommandBuffer(commandBuffer)
        guard result == VK_SUCCESS else { throw .failure("vkEndCommandBuffer (the commands the app recorded)", result) }
        var commandBuffer: VkCommandBuffer? = self.commandBuffer
        result = withUnsafePointer(to: &commandBuffer) { commands in
            var submit = VkSubmitInfo(
                sType: VK_STRUCTURE_TYPE_SUBMIT_INFO, pNext: nil, waitSemaphoreCount: 0, pWaitSemaphores: nil,
                pWaitDstStageMask: nil, commandBufferCount: 1, pCommandBuffers: commands, signalSemaphoreCount: 0,
                pSignalSemaphores: nil)
            return vkQueueSubmit(shared.queue, 1, &submit, frameFence)
        }
        guard result == VK_SUCCESS else { throw .failure("vkQueueSubmit", result) }
        try wait(for: frameFence, step: "waiting for the frame's commands")
    }

    /// Presents the frame drawn last: the driver attaches its buffer, damages
    /// it and commits the surface (with whatever buffer scale, viewport and
    /// frame callback were sent before). Returns false when the swapchain was
    /// out of date and nothing was committed; the next frame gets a new one.
    func present() throws(VulkanUnavailable) -> Bool {
        guard let swapchain, let imageIndex = acquiredImage else { preconditionFailure("present() follows render()") }
        acquiredImage = nil
        var handle: VkSwapchainKHR? = swapchain.handle
        var index = imageIndex
        let result = withUnsafePointer(to: &handle) { handles in
            withUnsafePointer(to: &index) { indices in
                var info = VkPresentInfoKHR(
                    sType: VK_STRUCTURE_TYPE_PRESENT_INFO_KHR, pNext: nil, waitSemaphoreCount: 0, pWaitSemaphores: nil,
                    swapchainCount: 1, pSwapchains: handles, pImageIndices: indices, pResults: nil)
                return vkQueuePresentKHR(shared.queue, &info)
            }
        }
        switch result {
        case VK_SUCCESS:
            return true
        case VK_SUBOPTIMAL_KHR:
            swapchainIsStale = true
            return true
        case VK_ERROR_OUT_OF_DATE_KHR:
            swapchainIsStale = true
            return false
        default:
            throw .failure("vkQueuePresentKHR", result)
        }
    }

    // MARK: Swapchain

    /// Makes a swapchain of `size` pixels, retiring the current one (an
    /// image acquired from it and not presented is given up).
    private func replaceSwapchain(size: Size) throws(VulkanUnavailable) {
        vkDeviceWaitIdle(device)
        acquiredImage = nil
        swapchainIsStale = false
        var capabilities = VkSurfaceCapabilitiesKHR()
        let result = vkGetPhysicalDeviceSurfaceCapabilitiesKHR(shared.physicalDevice, surface, &capabilities)
        guard result == VK_SUCCESS else { throw .failure("vkGetPhysicalDeviceSurfaceCapabilitiesKHR", result) }
        let replacement = try Swapchain(target: self, size: size, capabilities: capabilities, old: swapchain)
        swapchain = replacement
    }

    /// Sets `acquiredImage` to a swapchain image to draw into: the one
    /// acquired for an abandoned frame, or a newly acquired one. An out-of-date swapchain is
    /// replaced once; a suboptimal one still serves this frame.
    private func acquireImage(size: Size) throws(VulkanUnavailable) {
        if acquiredImage != nil { return }
        for attempt in 0..<2 {
            guard let swapchain else { break }
            var index: UInt32 = 0
            // Bounded: with immediate or mailbox presents an image is free
            // unless the compositor holds every buffer.
            let result = vkAcquireNextImageKHR(device, swapchain.handle, 2_000_000_000, nil, acquireFence, &index)
            if result == VK_ERROR_OUT_OF_DATE_KHR, attempt == 0 {
                try replaceSwapchain(size: size)
                continue
            }
            guard result == VK_SUCCESS || result == VK_SUBOPTIMAL_KHR else {
                throw .failure("vkAcquireNextImageKHR (the compositor kept every buffer for 2 s, or the surface is gone)", result)
            }
            if result == VK_SUBOPTIMAL_KHR { swapchainIsStale = true }
            try wait(for: acquireFence, step: "waiting for an acquired swapchain image")
            acquiredImage = index
            return
        }
        throw VulkanUnavailable(step: "vkAcquireNextImageKHR kept reporting VK_ERROR_OUT_OF_DATE_KHR after a new swapchain")
    }

    // MARK: Commands

    private func wait(for fence: VkFence, step: String) throws(VulkanUnavailable) {
        var fence: VkFence? = fence
        let result = vkWaitForFences(device, 1, &fence, VkBool32(VK_TRUE), UInt64.max)
        guard result == VK_SUCCESS else { throw .failure(step, result) }
        vkResetFences(device, 1, &fence)
    }

    /// Records a layout transition of a whole colour image.
    private func barrier(
        _ image: VkImage, from old: VkImageLayout, to new: VkImageLayout, after sourceAccess: VkAccessFlags,
        before destinationAccess: VkAccessFlags
    ) {
        var barrier = VkImageMemoryBarrier(
            sType: VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER, pNext: nil, srcAccessMask: sourceAccess,
            dstAccessMask: destinationAccess, oldLayout: old, newLayout: new, srcQueueFamilyIndex: VK_QUEUE_FAMILY_IGNORED,
            dstQueueFamilyIndex: VK_QUEUE_FAMILY_IGNORED, image: image, subresourceRange: wholeColorImage)
        let allCommands = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT.rawValue
        vkCmdPipelineBarrier(commandBuffer, allCommands, allCommands, 0, 0, nil, 0, nil, 1, &barrier)
    }

    /// Clears `destination` (the swapchain image, in TRANSFER_DST layout) to
    /// the letterbox colour and scales `source` (TRANSFER_SRC) into the
    /// drawable's place, both top-left based.
    private func place(_ source: VkImage, size: Size, into destination: VkImage, _ letterbox: LetterboxPlacement) {
        let components = letterbox.colorComponents
        var color = VkClearColorValue(float32: (components.red, components.green, components.blue, 1))
        var range = wholeColorImage
        barrier(destination, from: VK_IMAGE_LAYOUT_UNDEFINED, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, after: 0, before: 0)
        vkCmdClearColorImage(commandBuffer, destination, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &color, 1, &range)
        let placed = letterbox.destination
        guard placed.width > 0, placed.height > 0 else { return }
        // The blit writes over the clear: it waits for it.
        let write = VK_ACCESS_TRANSFER_WRITE_BIT.rawValue
        barrier(
            destination, from: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, to: VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
            after: write, before: write)
        let layers = VkImageSubresourceLayers(
            aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, mipLevel: 0, baseArrayLayer: 0, layerCount: 1)
        var region = VkImageBlit(
            srcSubresource: layers,
            srcOffsets: (VkOffset3D(x: 0, y: 0, z: 0), VkOffset3D(x: Int32(size.width), y: Int32(size.height), z: 1)),
            dstSubresource: layers,
            dstOffsets: (
                VkOffset3D(x: Int32(placed.minX), y: Int32(placed.minY), z: 0),
                VkOffset3D(x: Int32(placed.maxX), y: Int32(placed.maxY), z: 1)
            ))
        vkCmdBlitImage(
            commandBuffer, source, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, destination, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
            &region, VK_FILTER_LINEAR)
    }

    // MARK: Setup

    private static func makeFence(_ device: VkDevice) throws(VulkanUnavailable) -> VkFence {
        var info = VkFenceCreateInfo(sType: VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, pNext: nil, flags: 0)
        var fence: VkFence?
        let result = vkCreateFence(device, &info, nil, &fence)
        guard result == VK_SUCCESS, let fence else { throw .failure("vkCreateFence", result) }
        return fence
    }

    /// B8G8R8A8_UNORM where offered, else the first format; immediate
    /// presents where offered, else mailbox. A surface with neither would
    /// block the event loop in every present: it is not used.
    private static func chooseFormatAndPresentMode(
        _ physicalDevice: VkPhysicalDevice, surface: VkSurfaceKHR
    ) throws(VulkanUnavailable) -> (VkFormat, VkPresentModeKHR) {
        let formats = vulkanList(filling: VkSurfaceFormatKHR()) {
            vkGetPhysicalDeviceSurfaceFormatsKHR(physicalDevice, surface, $0, $1)
        }.items
        guard let format = formats.first(where: { $0.format == VK_FORMAT_B8G8R8A8_UNORM }) ?? formats.first else {
            throw VulkanUnavailable(step: "the scene's Vulkan surface offers no pixel format")
        }
        let modes = vulkanList(filling: VK_PRESENT_MODE_FIFO_KHR) {
            vkGetPhysicalDeviceSurfacePresentModesKHR(physicalDevice, surface, $0, $1)
        }.items
        guard let mode = [VK_PRESENT_MODE_IMMEDIATE_KHR, VK_PRESENT_MODE_MAILBOX_KHR].first(where: modes.contains)
        else {
            throw VulkanUnavailable(
                step: "the scene's Vulkan surface offers neither the immediate nor the mailbox present mode (presents would wait for the compositor)")
        }
        return (format.format, mode)
    }

    /// The memory type for an image of `requirements`: device-local where one fits.
    fileprivate func memoryType(for requirements: VkMemoryRequirements) -> UInt32? {
        var properties = VkPhysicalDeviceMemoryProperties()
        vkGetPhysicalDeviceMemoryProperties(shared.physicalDevice, &properties)
        let types = withUnsafeBytes(of: properties.memoryTypes) { Array($0.bindMemory(to: VkMemoryType.self)) }
        let fitting = (0..<Int(properties.memoryTypeCount)).filter { requirements.memoryTypeBits & (1 << UInt32($0)) != 0 }
        let deviceLocal = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT.rawValue
        return (fitting.first { types[$0].propertyFlags & deviceLocal != 0 } ?? fitting.first).map { UInt32($0) }
    }

    fileprivate func makeView(of image: VkImage) throws(VulkanUnavailable) -> VkImageView {
        var info = VkImageViewCreateInfo(
            sType: VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, pNext: nil, flags: 0, image: image,
            viewType: VK_IMAGE_VIEW_TYPE_2D, format: format,
            components: VkComponentMapping(
                r: VK_COMPONENT_SWIZZLE_IDENTITY, g: VK_COMPONENT_SWIZZLE_IDENTITY, b: VK_COMPONENT_SWIZZLE_IDENTITY,
                a: VK_COMPONENT_SWIZZLE_IDENTITY),
            subresourceRange: wholeColorImage)
        var view: VkImageView?
        let result = vkCreateImageView(device, &info, nil, &view)
        guard result == VK_SUCCESS, let view else { throw .failure("vkCreateImageView", result) }
        return view
    }
}

/// A swapchain with its images and their views.
private final class Swapchain {
    let device: VkDevice
    let handle: VkSwapchainKHR
    let extent: Size
    let images: [VkImage]
    private(set) var views: [VkImageView] = []

    /// Images a frame can draw into by rendering (a render pass on `views`)
    /// or by transfers (copies, clears, blits).
    static let usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.rawValue | VK_IMAGE_USAGE_TRANSFER_DST_BIT.rawValue

    init(target: VulkanTarget, size: Size, capabilities: VkSurfaceCapabilitiesKHR, old: Swapchain?) throws(VulkanUnavailable) {
        let minimum = capabilities.minImageExtent, maximum = capabilities.maxImageExtent
        guard size.width >= minimum.width, size.width <= maximum.width, size.height >= minimum.height,
            size.height <= maximum.height
        else {
            throw VulkanUnavailable(
                step: "a \(size) swapchain is outside the surface's limits \(minimum.width)x\(minimum.height)…\(maximum.width)x\(maximum.height)")
        }
        guard capabilities.supportedUsageFlags & Self.usage == Self.usage else {
            throw VulkanUnavailable(step: "the surface's images cannot be colour attachments and transfer destinations")
        }
        // One more than the driver needs: an image is free while the
        // compositor holds the one on screen and the one before it.
        var imageCount = capabilities.minImageCount + 1
        if capabilities.maxImageCount > 0 { imageCount = min(imageCount, capabilities.maxImageCount) }
        let opaque = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR.rawValue
        let alpha = VkCompositeAlphaFlagBitsKHR(
            rawValue: capabilities.supportedCompositeAlpha & opaque != 0
                ? opaque : capabilities.supportedCompositeAlpha & ~(capabilities.supportedCompositeAlpha - 1))
        let identity = VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR
        var info = VkSwapchainCreateInfoKHR(
            sType: VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR, pNext: nil, flags: 0, surface: target.surfaceHandle,
            minImageCount: imageCount, imageFormat: target.format, imageColorSpace: VK_COLOR_SPACE_SRGB_NONLINEAR_KHR,
            imageExtent: VkExtent2D(width: UInt32(size.width), height: UInt32(size.height)), imageArrayLayers: 1,
            imageUsage: Self.usage, imageSharingMode: VK_SHARING_MODE_EXCLUSIVE, queueFamilyIndexCount: 0,
            pQueueFamilyIndices: nil,
            preTransform: capabilities.supportedTransforms & identity.rawValue != 0 ? identity : capabilities.currentTransform,
            compositeAlpha: alpha, presentMode: target.presentMode, clipped: VkBool32(VK_TRUE), oldSwapchain: old?.handle)
        let device = target.device
        var created: VkSwapchainKHR?
        var result = vkCreateSwapchainKHR(device, &info, nil, &created)
        guard result == VK_SUCCESS, let created else { throw .failure("vkCreateSwapchainKHR (\(size))", result) }
        let listed: [VkImage?]
        (result, listed) = vulkanList(filling: VkImage?.none) { vkGetSwapchainImagesKHR(device, created, $0, $1) }
        self.device = device
        handle = created
        extent = size
        self.images = listed.compactMap { $0 }
        guard result == VK_SUCCESS, self.images.count == listed.count else { throw .failure("vkGetSwapchainImagesKHR", result) }
        for image in self.images { views.append(try target.makeView(of: image)) }
    }

    deinit {
        for view in views { vkDestroyImageView(device, view, nil) }
        vkDestroySwapchainKHR(device, handle, nil)
    }
}

/// An image the runtime owns, with its memory and view: the drawable of a
/// letterboxed frame.
private final class OwnedImage {
    let device: VkDevice
    let size: Size
    let image: VkImage
    let memory: VkDeviceMemory
    let view: VkImageView

    init(target: VulkanTarget, size: Size) throws(VulkanUnavailable) {
        let device = target.device
        var info = VkImageCreateInfo(
            sType: VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, pNext: nil, flags: 0, imageType: VK_IMAGE_TYPE_2D,
            format: target.format, extent: VkExtent3D(width: UInt32(size.width), height: UInt32(size.height), depth: 1),
            mipLevels: 1, arrayLayers: 1, samples: VK_SAMPLE_COUNT_1_BIT, tiling: VK_IMAGE_TILING_OPTIMAL,
            usage: Swapchain.usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT.rawValue, sharingMode: VK_SHARING_MODE_EXCLUSIVE,
            queueFamilyIndexCount: 0, pQueueFamilyIndices: nil, initialLayout: VK_IMAGE_LAYOUT_UNDEFINED)
        var created: VkImage?
        var result = vkCreateImage(device, &info, nil, &created)
        guard result == VK_SUCCESS, let image = created else { throw .failure("vkCreateImage (\(size))", result) }
        var requirements = VkMemoryRequirements()
        vkGetImageMemoryRequirements(device, image, &requirements)
        guard let type = target.memoryType(for: requirements) else {
            vkDestroyImage(device, image, nil)
            throw VulkanUnavailable(step: "no memory type can hold a \(size) image")
        }
        var allocation = VkMemoryAllocateInfo(
            sType: VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, pNext: nil, allocationSize: requirements.size, memoryTypeIndex: type)
        var allocated: VkDeviceMemory?
        result = vkAllocateMemory(device, &allocation, nil, &allocated)
        guard result == VK_SUCCESS, let memory = allocated else {
            vkDestroyImage(device, image, nil)
            throw .failure("vkAllocateMemory (a \(size) image)", result)
        }
        vkBindImageMemory(device, image, memory, 0)
        do throws(VulkanUnavailable) {
            view = try target.makeView(of: image)
        } catch {
            vkDestroyImage(device, image, nil)
            vkFreeMemory(device, memory, nil)
            throw error
        }
        self.device = device
        self.size = size
        self.image = image
        self.memory = memory
    }

    deinit {
        vkDestroyImageView(device, view, nil)
        vkDestroyImage(device, image, nil)
        vkFreeMemory(device, memory, nil)
    }
}

extension VulkanTarget {
    fileprivate var surfaceHandle: VkSurfaceKHR { surface }
}

/// Mip level 0, layer 0 of a colour image: every image here has only that.
private let wholeColorImage = VkImageSubresourceRange(
    aspectMask: VK_IMAGE_ASPECT_COLOR_BIT.rawValue, baseMipLevel: 0, levelCount: 1, baseArrayLayer: 0, layerCount: 1)

/// Vulkan's two-call listing: the first call says how many items there
/// are, the second writes them — no more than asked for, and the count it
/// leaves says how many (`VK_INCOMPLETE` when there were more by then). The
/// first call's failure is returned with no items.
private func vulkanList<Item>(
    filling empty: Item, _ call: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Item>?) -> VkResult
) -> (result: VkResult, items: [Item]) {
    var count: UInt32 = 0
    let counted = call(&count, nil)
    guard counted == VK_SUCCESS else { return (counted, []) }
    var items = [Item](repeating: empty, count: Int(count))
    let filled = items.withUnsafeMutableBufferPointer { call(&count, $0.baseAddress) }
    return (filled, Array(items.prefix(Int(count))))
}

/// The same for the listings that cannot fail (queue families).
private func vulkanList<Item>(
    filling empty: Item, _ call: (UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<Item>?) -> Void
) -> [Item] {
    vulkanList(filling: empty) { count, items -> VkResult in
        call(count, items)
        return VK_SUCCESS
    }.items
}

/// A NUL-terminated C array imported as a tuple (`extensionName`), as a String.
private func fixedString<T>(_ tuple: T) -> String {
    withUnsafeBytes(of: tuple) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}

/// Runs `body` with `strings` as an array of C strings (Vulkan's `pp…Names`).
private func withCStrings<Result>(
    _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
) -> Result {
    let copies = strings.map { UnsafePointer(strdup($0)) }
    defer { for copy in copies { free(UnsafeMutablePointer(mutating: copy)) } }
    return copies.withUnsafeBufferPointer(body)
}
