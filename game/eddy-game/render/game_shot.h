// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_shot.h - screenshots. Headless: the window's renderer (game_render.h)
 * drawing into SDL's software renderer on an offscreen surface, which needs
 * no display; the flow (dye, tracers) is stepped along with the simulation
 * so the picture shows the water as the player would see it.
 */
#ifndef GAME_SHOT_H
#define GAME_SHOT_H

#include "game_sim.h"

#include <SDL.h>

typedef struct game_shot game_shot;

eddy_result game_shot_create(const game_sim *sim, int width, int height, game_shot **out,
                             eddy_error *err);
/* Overlays for the picture, as --show takes them (default: dye, tracers). */
bool game_shot_show(game_shot *shot, const char *list, char *bad, size_t bad_cap);
/* After every game_sim_step. */
void game_shot_step(game_shot *shot);
/* Draws the current frame and saves it as a PNG; *render_ms gets the time
 * the drawing took. game_shot_encode gives the PNG's bytes instead (free
 * them), for a caller that saves them with other outputs. */
eddy_result game_shot_save(game_shot *shot, const char *path, double *render_ms, eddy_error *err);
eddy_result game_shot_encode(game_shot *shot, unsigned char **png, size_t *size,
                             double *render_ms, eddy_error *err);
void game_shot_destroy(game_shot *shot);

/* Reads back what renderer r shows (w x h) and saves it as a PNG (or gives
 * the PNG's bytes: free them). */
eddy_result game_save_renderer_png(SDL_Renderer *r, int w, int h, const char *path,
                                   eddy_error *err);
eddy_result game_renderer_png(SDL_Renderer *r, int w, int h, unsigned char **png, size_t *size,
                              eddy_error *err);

#endif /* GAME_SHOT_H */
