// The server half of libwayland (event loop, clients, globals, resources).
// Protocol code comes from Diorama's generated Swift bindings (Sources/WaylandServer).
#include <wayland-server-core.h>
