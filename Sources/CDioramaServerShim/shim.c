#include "CDioramaServerShim.h"
#include <wayland-server-core.h>

void CDioramaServerShim_post_error(struct wl_resource *resource, uint32_t code, const char *message) {
    wl_resource_post_error(resource, code, "%s", message);
}

void CDioramaServerShim_post_implementation_error(struct wl_client *client, const char *message) {
    wl_client_post_implementation_error(client, "%s", message);
}

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/mman.h>

// The one read of client memory under way on this thread. Set before any
// fault can happen, so the handler only reads thread-local storage that
// already exists.
static _Thread_local struct {
    char *start;
    size_t length;
    volatile sig_atomic_t active;
    volatile sig_atomic_t faulted;
} guarded_read;

static struct sigaction previous_sigbus_action;
static pthread_once_t sigbus_handler_once = PTHREAD_ONCE_INIT;

// Fires when a read touches a page of a shared file that no longer exists
// (the client truncated it). A fault inside the guarded range gets anonymous
// zero pages mapped over the whole range, so the read goes on and sees
// zeros; any other SIGBUS is a real bug and is raised again with the handler
// that was installed before.
static void handle_sigbus(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    char *address = info->si_addr;
    if (guarded_read.active && address >= guarded_read.start && address < guarded_read.start + guarded_read.length) {
        void *replaced = mmap(guarded_read.start, guarded_read.length, PROT_READ,
                              MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0);
        if (replaced != MAP_FAILED) {
            guarded_read.faulted = 1;
            return;
        }
    }
    sigaction(signal_number, &previous_sigbus_action, NULL);
    raise(signal_number);
}

static void install_sigbus_handler(void) {
    struct sigaction action = {0};
    action.sa_sigaction = handle_sigbus;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_sigbus_action);
}

void CDioramaServerShim_begin_guarded_read(void *start, size_t length) {
    pthread_once(&sigbus_handler_once, install_sigbus_handler);
    guarded_read.start = start;
    guarded_read.length = length;
    guarded_read.faulted = 0;
    guarded_read.active = 1;
}

bool CDioramaServerShim_end_guarded_read(void) {
    guarded_read.active = 0;
    return guarded_read.faulted != 0;
}
