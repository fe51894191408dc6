// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * no_spawn.c - a browser runs no other program: posix_spawnp, which the
 * game's live rebuild (game_reload.c) names but Emscripten's C library does
 * not provide, fails with ENOSYS. The game never gets there in a browser
 * (game_app.c watches no level there); this only lets the page link.
 */
#include <errno.h>
#include <spawn.h>

int posix_spawnp(pid_t *pid, const char *file, const posix_spawn_file_actions_t *actions,
                 const posix_spawnattr_t *attr, char *const argv[], char *const envp[])
{
    (void)pid, (void)file, (void)actions, (void)attr, (void)argv, (void)envp;
    return ENOSYS;
}
