// Vulkan for the scene runtime's Vulkan renderer, through the loader
// (libvulkan.so.1, which finds the driver: lavapipe without a GPU).
// VK_KHR_wayland_surface's declarations only need the Wayland types'
// names, so they are declared here instead of including wayland-client.h,
// which CWaylandClient already owns.
#include <vulkan/vulkan_core.h>
struct wl_display;
struct wl_surface;
#include <vulkan/vulkan_wayland.h>
