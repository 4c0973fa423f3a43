#define _GNU_SOURCE
#include "CDioramaShim.h"
#include <dlfcn.h>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

int CDioramaShim_memfd_create(const char *name, unsigned int flags) {
    return memfd_create(name, flags);
}

const void *CDioramaShim_libwayland_interface(const char *symbol) {
    return dlsym(RTLD_DEFAULT, symbol);
}

unsigned int CDioramaShim_MFD_CLOEXEC(void) { return MFD_CLOEXEC; }
unsigned int CDioramaShim_MFD_ALLOW_SEALING(void) { return MFD_ALLOW_SEALING; }

int CDioramaShim_seal_shrink_grow(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL);
}

int CDioramaShim_peer_uid(int fd, unsigned int *uid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *uid = (unsigned int)credentials.uid;
    return 0;
}

int CDioramaShim_accept_cloexec(int fd) {
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC);
}

int CDioramaShim_spawn_actions_close_from(void *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, lowest);
}

int CDioramaShim_spawn_actions_chdir(void *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np((posix_spawn_file_actions_t *)actions, path);
}

int CDioramaShim_pipe_cloexec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

void *CDioramaShim_mremap_grow(void *address, size_t size, size_t new_size) {
    void *moved = mremap(address, size, new_size, MREMAP_MAYMOVE);
    return moved == MAP_FAILED ? NULL : moved;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

int CDioramaShim_populate_write(void *address, size_t length) {
    return madvise(address, length, MADV_POPULATE_WRITE);
}

int CDioramaShim_allocate_file_range(int fd, long long offset, long long length) {
    return fallocate(fd, 0, (off_t)offset, (off_t)length);
}

int CDioramaShim_pidfd_open(int pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}
