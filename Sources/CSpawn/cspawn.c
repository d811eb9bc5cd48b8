#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include "cspawn.h"

extern char **environ;

static int stream(posix_spawn_file_actions_t *actions, int fd, int target, int flags) {
    if (fd >= 0) return posix_spawn_file_actions_adddup2(actions, fd, target);
    return posix_spawn_file_actions_addopen(actions, target, "/dev/null", flags, 0);
}

int cspawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int in, int out, int err,
           int own_group) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | (own_group ? POSIX_SPAWN_SETPGROUP : 0);
    if ((result = stream(&actions, in, 0, O_RDONLY)) == 0 && (result = stream(&actions, out, 1, O_WRONLY)) == 0
        && (result = stream(&actions, err, 2, O_WRONLY)) == 0
        && (result = posix_spawn_file_actions_addclosefrom_np(&actions, 3)) == 0
        && (result = posix_spawnattr_setsigdefault(&attributes, &all)) == 0
        && (result = posix_spawnattr_setsigmask(&attributes, &none)) == 0
        && (result = posix_spawnattr_setpgroup(&attributes, 0)) == 0
        && (result = posix_spawnattr_setflags(&attributes, flags)) == 0) {
        result = posix_spawn(pid, path, &actions, &attributes, argv, envp ? envp : environ);
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}
