#ifndef CSPAWN_H
#define CSPAWN_H

#include <sys/types.h>

/// Starts the program at `path` with `argv` (NULL-terminated) and `envp`
/// (NULL: this process's environment), its standard input, output and
/// error on `in`, `out` and `err` (-1: /dev/null), every other descriptor
/// closed. The child starts with an empty signal mask and every signal's
/// default action, whatever this process blocks or ignores (an ignored
/// signal would otherwise stay ignored across exec, and a thread of a pool
/// blocks them all). With `own_group`, the child leads a process group of
/// its own, so that it and what it starts can be signalled together.
/// Returns 0 and the child's id in `pid`, or an errno value.
int cspawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int in, int out, int err,
           int own_group);

#endif
