// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_asset.h - finding and loading a level's precomputed asset.
 *
 * The asset of level ID is ASSETS/levels/ID.eddy, built by `make assets`
 * (eddy-level build, level_build.h). The game only loads it: a missing asset,
 * or one the loader or game_level_check_asset refuses, is an error carrying
 * the loader's own message and what to run to build it. The built-in level's
 * asset is embedded in the program (game_embedded.h).
 *
 * THE SEAM FOR LIVE RELOAD. game_asset_for_level is game_asset_path, then
 * game_asset_load. A caller able to rebuild an asset (running
 * `eddy-level build LEVEL.json --modes ASSETS -o PATH` as a subprocess when
 * the file is missing or older than its level) does so between the two and
 * calls game_asset_load again; nothing else here needs to change, and the
 * game itself never links the builder.
 */
#ifndef GAME_ASSET_H
#define GAME_ASSET_H

#include "game_level.h"

#include <stddef.h>

/* ASSETS/levels/ID.eddy into out (cap bytes). */
void game_asset_path(const game_level *level, const char *assets_dir, char *out, size_t cap);

/* Loads the asset file at path and checks it fits the level. On failure *out
 * is NULL and err says "level ID: no usable asset (make assets builds it,
 * ...): <the loader's message>" (EDDY_ERR_IO for a missing file, FORMAT for a
 * refused one) or game_level_check_asset's message (EDDY_ERR_RANGE). */
eddy_result game_asset_load(const game_level *level, const char *path, eddy_asset **out,
                            eddy_error *err);

/* game_asset_path, then game_asset_load. */
eddy_result game_asset_for_level(const game_level *level, const char *assets_dir,
                                 eddy_asset **out, eddy_error *err);

/* An asset held in memory (the embedded level's), checked the same way. */
eddy_result game_asset_from_memory(const game_level *level, const void *data, size_t size,
                                   eddy_asset **out, eddy_error *err);

/* Where the game's data is. Each is the first of: the given override, the
 * environment variable (EDDY_GAME_LEVELS, EDDY_GAME_ASSETS), then beside the
 * program, PROG_DIR/../share/eddy/levels and PROG_DIR/../share/eddy/assets:
 * the installed layout (PREFIX/bin and PREFIX/share/eddy), which the build
 * tree mirrors (BUILD/share/eddy links to assets/levels and BUILD/assets), so
 * an installed game finds its data wherever the prefix is and whether or not
 * the source tree is still there. Last, relative to the working directory:
 * assets/levels, build/assets. */
void game_find_levels_dir(const char *override, const char *argv0, char *out, size_t cap);
void game_find_assets_dir(const char *override, const char *argv0, char *out, size_t cap);

/* The *.json files of a directory, sorted by name (malloc'd array of
 * malloc'd paths; free with game_free_list). */
int game_list_levels(const char *dir, char ***out);
void game_free_list(char **list, int n);

#endif /* GAME_ASSET_H */
