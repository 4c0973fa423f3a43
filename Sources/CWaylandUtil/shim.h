// wayland-util.h alone: the types shared by both halves of libwayland
// (wl_interface, wl_message, wl_argument, wl_array, wl_fixed_t), without
// linking either library. WaylandCommon builds on it.
#include <wayland-util.h>
