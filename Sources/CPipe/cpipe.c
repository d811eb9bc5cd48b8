#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "cpipe.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/uio.h>
#endif

ssize_t cpipe_give(int fd, const void *data, size_t length) {
#if defined(__linux__)
    struct iovec piece = {.iov_base = (void *)data, .iov_len = length};
    ssize_t given = vmsplice(fd, &piece, 1, SPLICE_F_NONBLOCK);
    // A kernel or a file that cannot splice: copy instead.
    if (given >= 0 || (errno != EINVAL && errno != ENOSYS)) return given;
#endif
    return write(fd, data, length);
}

long cpipe_capacity(int fd) {
#if defined(__linux__)
    return fcntl(fd, F_GETPIPE_SZ);
#else
    (void)fd;
    return -1;
#endif
}

void cpipe_set_capacity(int fd, long bytes) {
#if defined(__linux__)
    (void)fcntl(fd, F_SETPIPE_SZ, (int)bytes);
#else
    (void)fd;
    (void)bytes;
#endif
}
