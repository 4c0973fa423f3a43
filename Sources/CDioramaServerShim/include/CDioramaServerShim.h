#ifndef CDIORAMA_SERVER_SHIM_H
#define CDIORAMA_SERVER_SHIM_H

#include <stdint.h>

struct wl_resource;
struct wl_client;

// Why: wl_resource_post_error is a C variadic (printf-style) function, which
// Swift cannot call, and libwayland 1.21 (Debian bookworm) has no va_list
// variant. It is the only way to send a protocol error that also marks the
// client for disconnection. The message is passed through "%s", never as a
// format string.
void CDioramaServerShim_post_error(struct wl_resource *resource, uint32_t code, const char *message);

// Why: wl_client_post_implementation_error is printf-style variadic too. The
// simulator uses it when a client crosses a configured limit (buffer size,
// surface count), an error no protocol interface has a code for. The message
// is passed through "%s".
void CDioramaServerShim_post_implementation_error(struct wl_client *client, const char *message);

#endif
