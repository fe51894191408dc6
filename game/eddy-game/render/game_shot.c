// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_shot.c - headless and in-window screenshots (game_shot.h).
 */
#include "game_shot.h"
#include "kit_font.h"
#include "kit_png.h"
#include "game_render.h"
#include <eddy/eddy_file.h> /* eddy_write_file_atomic */

#include <stdlib.h>
#include <string.h>
#include <time.h>

struct game_shot {
    const game_sim *sim;
    SDL_Surface *surface;
    SDL_Renderer *renderer;
    game_render *render;
    game_flow *flow;
    game_spray spray;
    game_looks looks;
    eddy_pose *prev, *cur;
    game_view view;
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static void read_poses(const game_sim *sim, eddy_pose *out)
{
    for (int i = 0; i < game_sim_body_count(sim); i++) eddy_body_get_pose(game_sim_body(sim, i), &out[i]);
}

eddy_result game_shot_create(const game_sim *sim, int width, int height, game_shot **out,
                             eddy_error *err)
{
    *out = NULL;
    game_shot *s = calloc(1, sizeof *s);
    if (!s) return game_error(err, EDDY_ERR_MEMORY, "out of memory");
    s->sim = sim;
    int n = game_sim_body_count(sim) + 1;
    s->prev = calloc((size_t)n, sizeof *s->prev);
    s->cur = calloc((size_t)n, sizeof *s->cur);
    s->surface = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
    s->renderer = s->surface ? SDL_CreateSoftwareRenderer(s->surface) : NULL;
    eddy_result rc = EDDY_OK;
    if (!s->prev || !s->cur || !s->renderer)
        rc = game_error(err, EDDY_ERR_MEMORY, "cannot make an offscreen %dx%d renderer (%s)", width,
                        height, SDL_GetError());
    if (rc == EDDY_OK) rc = game_render_create(s->renderer, width, height, &s->render, err);
    if (rc == EDDY_OK) rc = game_flow_create(sim, &s->flow, err);
    if (rc == EDDY_OK) rc = game_looks_make(sim, &s->looks, err);
    if (rc != EDDY_OK) {
        game_shot_destroy(s);
        return rc;
    }
    read_poses(sim, s->cur);
    memcpy(s->prev, s->cur, (size_t)n * sizeof *s->cur);
    s->view.dye = s->view.tracers = true;
    *out = s;
    return EDDY_OK;
}

bool game_shot_show(game_shot *s, const char *list, char *bad, size_t bad_cap)
{
    return game_view_parse(list, &s->view, bad, bad_cap);
}

void game_shot_step(game_shot *s)
{
    memcpy(s->prev, s->cur, (size_t)game_sim_body_count(s->sim) * sizeof *s->cur);
    read_poses(s->sim, s->cur);
    game_flow_step(s->flow, s->sim);
    game_spray_step(&s->spray, s->sim);
}

eddy_result game_shot_encode(game_shot *s, unsigned char **png, size_t *size, double *render_ms,
                             eddy_error *err)
{
    if (!game_render_has_font(s->render))
        fprintf(stderr, "eddy-game: warning: no font found (%s): the screenshot has no text\n",
                KIT_FONT_HELP);
    game_frame_info f;
    memset(&f, 0, sizeof f);
    f.sim = s->sim;
    f.flow = s->flow;
    f.spray = &s->spray;
    f.looks = &s->looks;
    f.prev = s->prev, f.cur = s->cur;
    f.alpha = 1.0;
    f.view = s->view;
    f.screen = GAME_SCREEN_PLAY;
    f.started = true;              /* the picture of a level being played */
    f.clock = game_sim_time(s->sim);
    if (game_sim_status(s->sim) == GAME_WON)
        f.win_time = game_sim_time(s->sim) - game_sim_finish_time(s->sim);
    f.fps = 60;
    double t0 = now_ms();
    game_render_frame(s->render, &f);
    SDL_RenderPresent(s->renderer);
    *render_ms = now_ms() - t0;
    return game_renderer_png(s->renderer, s->surface->w, s->surface->h, png, size, err);
}

eddy_result game_shot_save(game_shot *s, const char *path, double *render_ms, eddy_error *err)
{
    unsigned char *png = NULL;
    size_t size = 0;
    eddy_result rc = game_shot_encode(s, &png, &size, render_ms, err);
    if (rc == EDDY_OK) rc = eddy_write_file_atomic(path, png, size, err);
    free(png);
    return rc;
}

void game_shot_destroy(game_shot *s)
{
    if (!s) return;
    game_flow_destroy(s->flow);
    game_looks_free(&s->looks);
    game_render_destroy(s->render);
    if (s->renderer) SDL_DestroyRenderer(s->renderer);
    if (s->surface) SDL_FreeSurface(s->surface);
    free(s->prev);
    free(s->cur);
    free(s);
}

eddy_result game_renderer_png(SDL_Renderer *r, int w, int h, unsigned char **png, size_t *size,
                              eddy_error *err)
{
    unsigned char *rgb = malloc((size_t)w * (size_t)h * 3);
    if (!rgb) return game_error(err, EDDY_ERR_MEMORY, "out of memory for a %dx%d screenshot", w, h);
    if (SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_RGB24, rgb, w * 3) != 0) {
        free(rgb);
        return game_error(err, EDDY_ERR_IO, "cannot read the frame back (%s)", SDL_GetError());
    }
    eddy_result rc = kit_png_encode(rgb, w, h, w * 3, png, size, err);
    free(rgb);
    return rc;
}

eddy_result game_save_renderer_png(SDL_Renderer *r, int w, int h, const char *path,
                                   eddy_error *err)
{
    unsigned char *png = NULL;
    size_t size = 0;
    eddy_result rc = game_renderer_png(r, w, h, &png, &size, err);
    if (rc == EDDY_OK) rc = eddy_write_file_atomic(path, png, size, err);
    free(png);
    return rc;
}
