// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_reload_none.c - the Windows build's game_reload.h: no live rebuild.
 *
 * The live rebuild runs eddy-level, which needs the builder (LAPACK, FFTW,
 * ARPACK, SuiteSparse); the cross-build makes no eddy-level.exe, and
 * game_reload.c's child processes and private folder are POSIX (posix_spawn,
 * mkdtemp). Until both exist for Windows, creating a watch says so and the
 * game plays the level as loaded (game_app.c goes on without a watch), as
 * it does on Linux when the level's file cannot be read. */
#include "game_reload.h"

#include <stdio.h>

eddy_result game_reload_create(const char *level_path, const char *modes_dir, const char *tool,
                               game_reload **out, eddy_error *err)
{
    (void)level_path, (void)modes_dir, (void)tool;
    *out = NULL;
    return game_error(err, EDDY_ERR_IO, "reload: the Windows build has no live rebuild "
                      "(no eddy-level there)");
}

void game_reload_destroy(game_reload *r) { (void)r; }
void game_reload_stop(game_reload *r) { (void)r; }
const char *game_reload_directory(const game_reload *r) { return (void)r, ""; }
game_reload_state game_reload_poll(game_reload *r, double now) { return (void)r, (void)now, GAME_RELOAD_WATCHING; }

eddy_result game_reload_take(game_reload *r, game_loaded *out, eddy_error *err)
{
    (void)r, (void)out;
    return game_error(err, EDDY_ERR_IO, "reload: the Windows build has no live rebuild");
}

const char *game_reload_message(const game_reload *r) { return (void)r, ""; }
double game_reload_build_seconds(const game_reload *r) { return (void)r, 0.0; }

void game_reload_find_tool(char *out, size_t cap)
{
    if (cap) snprintf(out, cap, "%s", "");
}
