// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_run.h - what the command line and the window share: choosing a level
 * and loading it with its asset.
 */
#ifndef GAME_RUN_H
#define GAME_RUN_H

#include "game_asset.h"
#include "game_sim.h"

typedef struct game_catalog {
    char levels_dir[4096];
    char assets_dir[4096];
    int count;
    char **paths;         /* level files, sorted; empty: the built-in (embedded) level only */
} game_catalog;

void game_catalog_open(game_catalog *cat, const char *levels_override,
                       const char *assets_override, const char *argv0);
void game_catalog_close(game_catalog *cat);

/* A loaded level: the level, its asset, a sim. */
typedef struct game_loaded {
    game_level *level;
    eddy_asset *asset;
} game_loaded;

/* spec: a file path (contains '/' or ends in .json), a 1-based number into
 * the catalog, a level id of the catalog, or "builtin". */
eddy_result game_load_level(const game_catalog *cat, const char *spec, game_loaded *out,
                            eddy_error *err);
/* Level number index (0-based) of the catalog; -1 means the built-in level
 * (game_embedded.h: its level and asset are in the program). A level of the
 * catalog whose asset is missing or refused is an error (game_asset.h). */
eddy_result game_load_index(const game_catalog *cat, int index, game_loaded *out,
                            eddy_error *err);
void game_loaded_free(game_loaded *l);

#endif /* GAME_RUN_H */
