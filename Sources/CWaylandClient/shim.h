// The client half of libwayland. Only the core header is imported: the protocol
// headers that wayland-scanner generates for C are replaced by Diorama's own
// generated Swift bindings (see Sources/WaylandClient).
#include <wayland-client-core.h>
