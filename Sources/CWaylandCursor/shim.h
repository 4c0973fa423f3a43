// libwayland-cursor: loads an XCursor theme (XCURSOR_THEME, XCURSOR_SIZE)
// into shared-memory wl_buffers. Its wl_shm and wl_buffer pointers are the
// raw proxies behind Diorama's generated bindings (`Proxy.wireObject`).
#include <wayland-cursor.h>
