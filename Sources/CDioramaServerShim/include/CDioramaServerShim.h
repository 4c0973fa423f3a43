#ifndef CDIORAMA_SERVER_SHIM_H
#define CDIORAMA_SERVER_SHIM_H

#include <stdbool.h>
#include <stddef.h>
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

// Why: a client may shrink its wl_shm pool file after the simulator mapped
// it, and reading the vanished pages raises SIGBUS, which kills the process.
// Swift cannot install a signal handler that must run async-signal-safe code
// (it needs sigaction with SA_SIGINFO and mmap inside the handler), so this
// guard does what libwayland's wl_shm_buffer_begin_access does for its own
// wl_shm: between begin and end, a SIGBUS inside [start, start + length)
// maps zero pages over that range and the read goes on. One guarded read at
// a time per thread; `start` must be the page-aligned start of the mapping.
void CDioramaServerShim_begin_guarded_read(void *start, size_t length);

// Ends the guarded read; true when it faulted (the range now reads as zeros,
// and the client that owns it should be told with a protocol error).
bool CDioramaServerShim_end_guarded_read(void);

#endif
