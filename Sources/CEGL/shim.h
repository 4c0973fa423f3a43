// EGL for the scene runtime's OpenGL ES renderer. WL_EGL_PLATFORM makes the
// native types Wayland's (wl_display, wl_egl_window) instead of X11's, so no
// X11 headers are needed. Extension prototypes (EGL_KHR_platform_wayland's
// constants) come from eglext.h.
#define WL_EGL_PLATFORM 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
