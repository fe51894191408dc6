// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_embedded.h - the default level compiled into eddy-game, so the game
 * plays with no data at all (another directory, an install without its
 * share/eddy, a tree before `make assets`).
 *
 * It is the level "builtin", game/eddy-game/app/builtin.json, with its asset as
 * eddy-level builds it: the Makefile builds BUILD/assets/builtin.eddy and
 * turns both files into BUILD/gen/game_embedded.c (tools/embed.sh), so the
 * program carries exactly the bytes make built, and nothing is computed at
 * run time.
 */
#ifndef GAME_EMBEDDED_H
#define GAME_EMBEDDED_H

#include <stddef.h>

extern const unsigned char game_builtin_level[]; /* the level file's bytes, no NUL */
extern const size_t game_builtin_level_size;
extern const unsigned char game_builtin_asset[]; /* the .eddy file's bytes */
extern const size_t game_builtin_asset_size;

#endif /* GAME_EMBEDDED_H */
