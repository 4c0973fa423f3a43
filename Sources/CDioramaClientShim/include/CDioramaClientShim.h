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

#endif
