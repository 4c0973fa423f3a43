#ifndef CDIORAMA_SERVER_SHIM_H
#define CDIORAMA_SERVER_SHIM_H

#include <stdint.h>

struct wl_resource;

// Why: wl_resource_post_error is a C variadic (printf-style) function, which
// Swift cannot call, and libwayland 1.21 (Debian bookworm) has no va_list
// variant. It is the only way to send a protocol error that also marks the
// client for disconnection. The message is passed through "%s", never as a
// format string.
void CDioramaServerShim_post_error(struct wl_resource *resource, uint32_t code, const char *message);

#endif
