// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_reload.h - edits seen live: a running game watches the level it
 * plays, rebuilds its asset in the background when the level's file or a
 * painted mode it lists changes, and hands the new level and asset over.
 * No SDL; processes, file times and the private directory go through
 * game_child.h (POSIX or Windows).
 *
 * What is watched: the level's JSON file (its walls are in it) and, for
 * every name in its "asset.paint", the mode file MODES/NAME.mode the asset
 * is built from (what eddy-paint saves and `make assets` writes). A change
 * is a new modification time or size; the build starts once the files have
 * been still for GAME_RELOAD_SETTLE seconds (an editor's save may come in
 * pieces), so a designer saving twice quickly builds once.
 *
 * The build runs `eddy-level build LEVEL --modes MODES -o DIR/level.eddy`,
 * DIR a private directory made for this watch (mkdtemp; on Windows a new
 * folder of a random name under %TEMP%), as a child process (the game does not link the builder); the game goes on
 * while it runs and polls it once a frame. Its output is loaded, checked
 * against the level (game_level_check_asset) and removed, on a loader
 * thread, so that a large asset never stalls a frame: the poll says
 * BUILDING until it is loaded, then READY, and the game swaps the loaded
 * level in where it polls, at a frame boundary. A failed build
 * leaves the game as it was and keeps the tool's first line of complaint;
 * a change made during a build builds again after it.
 */
#ifndef GAME_RELOAD_H
#define GAME_RELOAD_H

#include "game_run.h"

#define GAME_RELOAD_SETTLE 0.3 /* s the files must be still before a build */
#define GAME_RELOAD_POLL 0.25  /* s between looks at the files */

typedef enum game_reload_state {
    GAME_RELOAD_WATCHING = 0, /* nothing to do */
    GAME_RELOAD_BUILDING,     /* the child process runs */
    GAME_RELOAD_READY,        /* a new level and asset wait: game_reload_take */
    GAME_RELOAD_FAILED        /* the last build failed: game_reload_message */
} game_reload_state;

typedef struct game_reload game_reload;

/* Watches level_path. modes_dir holds the painted mode files; tool is the
 * eddy-level program (a path, or a name looked up in PATH). */
eddy_result game_reload_create(const char *level_path, const char *modes_dir, const char *tool,
                               game_reload **out, eddy_error *err);
/* Stops a running build (the child is killed and waited for) and removes
 * the watch's private directory. */
void game_reload_destroy(game_reload *r);
/* Stops a running build now (the player left the level): the child is
 * killed and reaped; the change is built again at the next poll. A load
 * under way is not waited for: what it loads is dropped when it ends. */
void game_reload_stop(game_reload *r);
/* The private directory (mkdtemp, 0700; Windows: game_child.h) the build
 * writes into. */
const char *game_reload_directory(const game_reload *r);

/* Once a frame, with a clock in seconds: looks at the files, starts and
 * reaps the build. Returns the state; READY and FAILED are reported once
 * (the next poll is WATCHING or BUILDING again). */
game_reload_state game_reload_poll(game_reload *r, double now);

/* After READY: the new level and asset (the caller owns them), loaded and
 * checked already; the call does no I/O. */
eddy_result game_reload_take(game_reload *r, game_loaded *out, eddy_error *err);

/* What loads a build's output, on the loader thread: the level at level,
 * the asset at asset (removed after), checked. Tests replace it (a slow
 * load, to see frames go on); NULL restores the game's own. Ignored while a
 * load runs. */
typedef eddy_result (*game_reload_loader)(const char *level, const char *asset,
                                          game_loaded *out, eddy_error *err, void *user);
void game_reload_set_loader(game_reload *r, game_reload_loader loader, void *user);

/* What the last build said when it failed; what changed before a build. */
const char *game_reload_message(const game_reload *r);
/* Seconds the last build took. */
double game_reload_build_seconds(const game_reload *r);

/* The eddy-level next to the running program (/proc/self/exe; Windows:
 * eddy-level.exe), else the name for PATH. */
void game_reload_find_tool(char *out, size_t cap);

#endif /* GAME_RELOAD_H */
