// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_app.h - eddy-game's window: the SDL front end around the headless
 * core (game_sim.h). Fixed physics steps of GAME_DT with an accumulator,
 * rendering interpolated between the last two steps, 60 frames per second,
 * a resizable window, mouse and keyboard mapped to the core's commands.
 */
#ifndef GAME_APP_H
#define GAME_APP_H

#include <stdbool.h>

typedef struct game_app_options {
    const char *level;       /* NULL: the first level */
    const char *demo;        /* a replay to show instead of taking input */
    const char *record;      /* save the last attempt here on quitting */
    const char *screenshot;  /* save the last frame here on quitting */
    long frames;             /* quit after this many steps (< 0: never) */
    int width, height;
    bool fullscreen;
    bool unlock_all;         /* every level open (saved with the progress) */
    const char *show;        /* overlays on at the start (see --show) */
    const char *levels_dir, *assets_dir, *argv0;
    struct game_pool *pool;  /* worker threads for every level's coupling (game_pool.h), or NULL */
} game_app_options;

/* Returns a <sysexits.h> code: EX_UNAVAILABLE (69) when there is no display
 * (SDL found only its offscreen or dummy video driver, and SDL_VIDEODRIVER
 * did not ask for it). */
int game_app_run(const game_app_options *o);

#endif /* GAME_APP_H */
