#include "CDioramaClientShim.h"
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <wayland-client-core.h>

static _Atomic(CDioramaClientShim_log_line_sink) log_line_sink;

static void format_log_line(const char *format, va_list arguments) {
    char line[4096];
    if (vsnprintf(line, sizeof line, format, arguments) < 0) return;
    CDioramaClientShim_log_line_sink sink = atomic_load(&log_line_sink);
    if (sink) {
        sink(line);
    } else {
        fputs(line, stderr);
    }
}

void CDioramaClientShim_install_log_handler(CDioramaClientShim_log_line_sink sink) {
    atomic_store(&log_line_sink, sink);
    wl_log_set_handler_client(format_log_line);
}

// libdispatch's run-loop hooks (see the header); dispatch_runloop_handle_t is an int on Linux.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *ignored);

int CDioramaClientShim_main_queue_descriptor(void) { return _dispatch_get_main_queue_handle_4CF(); }

void CDioramaClientShim_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(0); }
