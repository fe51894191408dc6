// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * level_build.h - building a level's precomputed asset: what `make assets`
 * runs through eddy-level. The builder's half of the game (it needs
 * libeddy-build: LAPACK, FFTW, ARPACK, CHOLMOD), linked into eddy-level and
 * the tests only; eddy-game loads what this built (game_asset.h) and never
 * builds anything.
 *
 * The asset of level ID is ASSETS/levels/ID.eddy, built from the level's
 * "asset" recipe: the box eigenmodes of its domain and grid, the painted
 * modes it lists (ASSETS/NAME.mode, made from assets/modes/NAME.paint by
 * eddy-paint --script), and a shape catalogue of every distinct outline among
 * its bodies and paddle, so that no panel matrix is inverted at load time.
 */
#ifndef LEVEL_BUILD_H
#define LEVEL_BUILD_H

#include "game_level.h"

#include <stddef.h>

/* EDDY_ERR_RANGE ("level ID: asset: ...") when the level's asset could not be
 * built in bounded time and memory (eddy_build_estimate): what eddy-level
 * build would refuse, eddy-level check refuses too. The painted modes, not
 * read yet, are left to the build's own check. */
eddy_result game_level_check_build(const game_level *level, eddy_error *err);

/* The painted mode files a build read, every path whole (malloc'd; free
 * them with game_paths_free). */
typedef struct game_paths {
    char *path[GAME_MAX_PAINT];
    int count;
} game_paths;
void game_paths_free(game_paths *paths);

/* Builds the asset. modes_dir holds the painted mode files. deps, if not
 * NULL, receives the mode files read (a make rule's prerequisites); free it
 * with game_paths_free, on failure too. */
eddy_result game_asset_build(const game_level *level, const char *modes_dir, eddy_asset **out,
                             game_paths *deps, eddy_error *err);

#endif /* LEVEL_BUILD_H */
