// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_rock.h - drawing a level's walls (issue 14) as rock: the polygons and
 * circles the fluid's basis was built around (eddy_asset_walls), filled and
 * rimmed, over the water and the tracers. Self-contained: the renderer calls
 * game_rock_draw once per frame with its world-to-pixel mapping.
 */
#ifndef GAME_ROCK_H
#define GAME_ROCK_H

#include <eddy/eddy.h>

#include "game_batch.h"

/* Adds the rock's triangles to the batch. World (x, y) maps to pixel
 * (ox + x scale, oy + (height - y) scale); ui is the interface scale (rim
 * width). Adds nothing for a level without walls. */
void game_rock_build(game_batch *b, const eddy_asset *asset, double ox, double oy, double scale,
                     double height, double ui);

#endif /* GAME_ROCK_H */
