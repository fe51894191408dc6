// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * level_place.h - a level that cannot start broken (issue 31): where the
 * level puts things at its start, checked against the tank, the rock and
 * each other.
 *
 *   - every body (the paddle too) lies inside the tank and overlaps no
 *     rock (the level's walls) and no other body;
 *   - no current's nozzle ("at") is inside rock;
 *   - no goal's centre is inside rock, and rock covers at most half of a
 *     goal's rectangle.
 *
 * Touching is fine (a crate resting on the floor or on another crate):
 * only shapes that overlap by more than LEVEL_PLACE_SLOP are refused.
 * Called by game_level_load_memory, so `eddy-level check`, the asset build
 * and the live rebuild (game_reload.h, which runs eddy-level) all refuse
 * such a level, with one message naming the thing and what it overlaps.
 */
#ifndef LEVEL_PLACE_H
#define LEVEL_PLACE_H

#include "game_level.h"

#include <stdbool.h>
#include <stddef.h>

#define LEVEL_PLACE_SLOP 0.01 /* m of overlap forgiven (rounding in a level's numbers) */

/* True when the level's start is sound; otherwise false and one line in why
 * ("bodies[1] 'ball': overlaps the rock walls[0] by 0.30 m"). */
bool level_place_check(const game_level *L, char *why, size_t cap);

/* How deep two bodies of a scene overlap at their start (m, > 0 overlap,
 * <= 0 apart by at least that), and a body and a wall. For tests. */
double level_place_body_overlap(const eddy_scene_body *a, const eddy_scene_body *b);
double level_place_wall_overlap(const eddy_scene_body *a, const eddy_wall *w);

#endif /* LEVEL_PLACE_H */
