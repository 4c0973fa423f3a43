#ifndef CDIORAMA_CLIENT_SHIM_H
#define CDIORAMA_CLIENT_SHIM_H

// C helpers for the client core (DioramaClient) where Swift cannot reach.
// Every symbol is prefixed `CDioramaClientShim_` and says above it why it exists.

// Receives one formatted libwayland log line (NUL-terminated, may end in '\n').
typedef void (*CDioramaClientShim_log_line_sink)(const char *line);

// Why: libwayland passes its log messages -- among them the text of
// wl_display.error, which it reports nowhere else -- to a callback of type
// `void (*)(const char *format, va_list arguments)`. Swift cannot define a C
// function that takes a va_list, so the callback lives here: it formats the
// line in C and hands the finished string to `sink`. Installs it with
// wl_log_set_handler_client (process-wide, like libwayland's own handler).
void CDioramaClientShim_install_log_handler(CDioramaClientShim_log_line_sink sink);

// Why: a program that runs its own loop on the main thread (the scene
// runtime: one poll for the Wayland socket and the main queue, instead of
// dispatchMain(), whose main queue is drained by a worker thread that
// libdispatch's manager thread wakes -- two thread wake-ups per batch of
// events) drains the main queue itself. libdispatch exports the two hooks
// Foundation's run loop uses for that, but no public header declares them.
// The descriptor is an eventfd (non-blocking) that libdispatch writes to
// when work is queued on the main queue; nothing in libdispatch reads it.
int CDioramaClientShim_main_queue_descriptor(void);
// Runs the work queued on the main queue so far. Main thread only, and only
// when dispatchMain() was never called.
void CDioramaClientShim_drain_main_queue(void);

#endif
