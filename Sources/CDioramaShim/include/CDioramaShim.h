#ifndef CDIORAMA_SHIM_H
#define CDIORAMA_SHIM_H

// Small C helpers for the few things Swift cannot reach directly on Linux.
// Every symbol is prefixed `CDioramaShim_` and says above it why it exists.

#include <stddef.h>
#include <stdint.h>

// Why: glibc declares memfd_create only under _GNU_SOURCE, which the Swift
// Glibc module map does not define, so Swift cannot see it. wl_shm pools and
// the xkb keymap the simulator sends are anonymous shared-memory files.
int CDioramaShim_memfd_create(const char *name, unsigned int flags);

// Why: libwayland exports the core interface tables (`wl_surface_interface`,
// ...) as C globals. Taking `&wl_surface_interface` from Swift yields the
// address of a temporary copy, which libwayland would not recognise as its own
// table. Looking the symbol up by name returns the real, stable address, so
// cross-protocol references (xdg_surface -> wl_surface) use the very tables
// libwayland uses. Returns NULL when the symbol is not exported.
const void *CDioramaShim_libwayland_interface(const char *symbol);

// Why: MFD_CLOEXEC / MFD_ALLOW_SEALING and the F_SEAL_* constants come from
// headers Swift does not import without _GNU_SOURCE.
unsigned int CDioramaShim_MFD_CLOEXEC(void);
unsigned int CDioramaShim_MFD_ALLOW_SEALING(void);
int CDioramaShim_seal_shrink_grow(int fd);

// Why: `struct ucred` and SO_PEERCRED are declared only under _GNU_SOURCE.
// The simulator's control socket accepts only peers of its own user.
// Stores the connected peer's user id in *uid; returns 0, or -1 with errno.
int CDioramaShim_peer_uid(int fd, unsigned int *uid);

// Why: accept4 (which sets close-on-exec atomically, so a child spawned on
// another thread never inherits an accepted connection) is declared only
// under _GNU_SOURCE. Returns the descriptor, or -1 with errno.
int CDioramaShim_accept_cloexec(int fd);

// Why: posix_spawn_file_actions_addclosefrom_np and _addchdir_np are GNU
// extensions (_GNU_SOURCE). DioramaPOSIX's SpawnedProcess closes every
// inherited descriptor above stderr in the child, and starts it in a chosen
// directory. `actions` is a posix_spawn_file_actions_t *; return 0 or an errno.
int CDioramaShim_spawn_actions_close_from(void *actions, int lowest);
int CDioramaShim_spawn_actions_chdir(void *actions, const char *path);

// Why: pipe2 is a GNU extension (_GNU_SOURCE), so Swift's Glibc module lacks
// it. A pipe made close-on-exec in one call cannot leak into a child another
// thread spawns in between (SpawnedProcess's exit pipe). Returns 0 or -1 with errno.
int CDioramaShim_pipe_cloexec(int ends[2]);

// Why: mremap is variadic in glibc and declared only under _GNU_SOURCE;
// Swift cannot call C variadics. A grown wl_shm pool keeps its mapping
// (and the page-table entries of the buffers already in it) instead of being
// mapped again from scratch. Returns the new address, or NULL with errno.
void *CDioramaShim_mremap_grow(void *address, size_t size, size_t new_size);

// Why: MADV_POPULATE_WRITE (Linux 5.14) is newer than some glibc headers.
// Allocates and maps the pages of [address, address + length) writable in one
// call, as the first writes would one fault at a time. Returns 0, or -1 with
// errno (EINVAL on an older kernel: the pages then fault in on first touch).
int CDioramaShim_populate_write(void *address, size_t length);

// Why: fallocate is a GNU extension (_GNU_SOURCE), so Swift's Glibc module
// lacks it. Allocating a new buffer's pages in the memfd first, then mapping
// them (CDioramaShim_populate_write), costs less than allocating each page in
// its own write fault. Returns 0, or -1 with errno (the pages then come with
// the populate or the first writes).
int CDioramaShim_allocate_file_range(int fd, long long offset, long long length);

// Why: pidfd_open (Linux 5.3) has no wrapper in the glibc headers Swift
// imports, and `syscall` is variadic. A pidfd becomes readable when its
// process ends, so waiting for processes that are not our children (a
// compositor's helpers) sleeps until they exit instead of re-reading /proc.
// Returns the descriptor (close-on-exec), or -1 with errno.
int CDioramaShim_pidfd_open(int pid);

#endif
