#include "CDioramaServerShim.h"
#include <wayland-server-core.h>

void CDioramaServerShim_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}
