// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_surface.h - drawing the water's surface of a tank filled to a depth
 * (include/eddy/eddy_surface.h): the air above it, the moving water line
 * with a light band under it, and the spray (game_spray.h). Self-contained,
 * like kit_rock.h: the renderer calls it with its world-to-pixel mapping.
 * A full tank draws nothing.
 */
#ifndef GAME_SURFACE_H
#define GAME_SURFACE_H

#include "game_spray.h"

#include <SDL.h>

/* World (x, y) maps to pixel (ox + x scale, oy + (height - y) scale); ui is
 * the interface scale. The air and the water line: over the water, under
 * the bodies. */
void game_surface_draw(SDL_Renderer *r, const game_sim *sim, double ox, double oy, double scale,
                       double height, double ui);
/* The droplets: over the bodies. */
void game_surface_draw_spray(SDL_Renderer *r, const game_spray *spray, double ox, double oy,
                             double scale, double height, double ui);

#endif /* GAME_SURFACE_H */
