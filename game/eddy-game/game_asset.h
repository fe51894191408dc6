// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_asset.h - a level's precomputed asset: building it (what `make
 * assets` runs through eddy-level) and finding it at run time.
 *
 * The asset of level ID is ASSETS/levels/ID.eddy, built from the level's
 * "asset" recipe: the box eigenmodes of its domain and grid, the painted
 * modes it lists (ASSETS/NAME.mode, made from assets/modes/NAME.paint by
 * eddy-paint --script), and a shape catalogue of every distinct outline among
 * its bodies and paddle, so that no panel matrix is inverted at load time.
 */
#ifndef GAME_ASSET_H
#define GAME_ASSET_H

#include "game_level.h"

#include <stdio.h>

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

/* Loads ASSETS/levels/ID.eddy; when it is missing or does not fit the level
 * (game_level_check_asset), builds the asset in memory instead and sets
 * *built (a message for the player, e.g. "run make assets"). An asset that
 * is there but refused by the loader is an error with the loader's message
 * (never built over). */
eddy_result game_asset_for_level(const game_level *level, const char *assets_dir,
                                 eddy_asset **out, bool *built, eddy_error *err);

/* Where the game's data is. Each is the first of: the given override, the
 * environment variable (EDDY_GAME_LEVELS, EDDY_GAME_ASSETS), the directory
 * compiled in by the Makefile, then a directory relative to the program
 * (PROG_DIR/../../assets/levels, PROG_DIR/../assets) or to the working
 * directory (assets/levels, build/assets), that exists. */
void game_find_levels_dir(const char *override, const char *argv0, char *out, size_t cap);
void game_find_assets_dir(const char *override, const char *argv0, char *out, size_t cap);

/* The *.json files of a directory, sorted by name (malloc'd array of
 * malloc'd paths; free with game_free_list). */
int game_list_levels(const char *dir, char ***out);
void game_free_list(char **list, int n);

#endif /* GAME_ASSET_H */
