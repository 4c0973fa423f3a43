#include "CDioramaServerShim.h"
#include <wayland-server-core.h>

void CDioramaServerShim_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

void CDioramaServerShim_post_implementation_error(struct wl_client *client, const char *message) {
    wl_client_post_implementation_error(client, "%s", message);
}
