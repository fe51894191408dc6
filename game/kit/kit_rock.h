// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_rock.h - drawing a level's walls (issue 14) as rock: the polygons and
 * circles the fluid's basis was built around (eddy_asset_walls, or a
 * painter's document), filled with a shade lighter towards the top and
 * rimmed dark. Both apps draw rock with it: eddy-game over the water and
 * the tracers, eddy-paint over the painted field and in its previews.
 */
#ifndef KIT_ROCK_H
#define KIT_ROCK_H

#include <eddy/eddy.h>

#include "kit_batch.h"

/* World (x, y), metres with y up, to pixel (ox + x sx, oy + (height - y) sy). */
typedef struct kit_rock_map {
    double ox, oy, sx, sy, height;
} kit_rock_map;

/* Adds the triangles of count walls to the batch, rims rim_width pixels wide.
 * Adds nothing for no walls. */
void kit_rock_build(kit_batch *b, const eddy_wall *walls, int count, const kit_rock_map *m,
                    float rim_width);

#endif /* KIT_ROCK_H */
