// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_session.h - the level being played in the window: the loaded level
 * and asset, its sim, the visible water (game_flow.h), the looks of its
 * bodies (game_look.h) and their poses at the last two steps. No SDL.
 *
 * All of these are made together and freed together, so whatever the order
 * of level changes, restarts and picks from the level select, what is drawn
 * (looks, poses, flow) always belongs to the sim being stepped: the arrays
 * have exactly game_sim_body_count entries of that sim.
 */
#ifndef GAME_SESSION_H
#define GAME_SESSION_H

#include "game_flow.h"
#include "game_look.h"
#include "game_run.h"
#include "game_spray.h"

typedef struct game_session {
    game_loaded loaded;     /* level and asset */
    game_sim *sim;          /* NULL while nothing is open */
    game_flow *flow;
    game_looks looks;
    eddy_pose *prev, *cur;  /* looks.body_count poses: the last two steps */
    int index;              /* into the catalog; -1 for a level outside it */
    game_spray spray;       /* droplets of a tank filled to a depth (game_spray.h) */
    struct game_pool *pool; /* the game's worker threads (game_pool.h), handed to every
                               sim made; NULL: the calling thread alone */
} game_session;

/* Opens level number index of the catalog (0-based; -1: the built-in level),
 * or the level spec names when spec is not NULL (game_load_level). On
 * failure the session keeps the level it had. */
eddy_result game_session_open(game_session *s, const game_catalog *cat, int index,
                              const char *spec, eddy_error *err);

/* The same level from its start: a new sim, flow, looks and poses. On
 * failure the session is closed (sim NULL). */
eddy_result game_session_restart(game_session *s, eddy_error *err);

/* Takes over a newly loaded level and asset (a level rebuilt while it was
 * played, game_reload.h) and starts it; the catalog index stays. *ld is
 * emptied. On failure the session is closed (sim NULL). */
eddy_result game_session_adopt(game_session *s, game_loaded *ld, eddy_error *err);

/* One physics step, then the water's: the poses move on (prev = cur). */
eddy_result game_session_step(game_session *s, eddy_error *err);

void game_session_close(game_session *s);

/* The catalog index of the level with this id, or -1. */
int game_catalog_find(const game_catalog *cat, const char *id);

#endif /* GAME_SESSION_H */
