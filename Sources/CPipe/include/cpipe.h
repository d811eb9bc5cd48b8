#ifndef CPIPE_H
#define CPIPE_H

#include <stddef.h>
#include <sys/types.h>

/// Writes up to `length` bytes from `data` into the pipe `fd` without
/// copying them where the system can (Linux's vmsplice(2)): the pipe then
/// holds references to the caller's pages, which must not change until the
/// reader has read them. Elsewhere, a plain write(2). Never blocks: a full
/// pipe gives -1 with errno EAGAIN. Returns the bytes taken, or -1.
ssize_t cpipe_give(int fd, const void *data, size_t length);

/// The pipe's capacity in bytes, or -1 where it cannot be read.
long cpipe_capacity(int fd);

/// Asks for a pipe of `bytes` (the system may cap it); best effort.
void cpipe_set_capacity(int fd, long bytes);

#endif
