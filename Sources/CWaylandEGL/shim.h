// wl_egl_window: the native window EGL renders into, sized in buffer pixels
// (wl_egl_window_create, wl_egl_window_resize) on a wl_surface.
#include <wayland-egl-core.h>
