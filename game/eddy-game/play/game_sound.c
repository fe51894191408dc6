// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_sound.c - sound cues from the sim (game_sound.h).
 */
#include "game_sound.h"
#include <eddy/eddy_surface.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define QUIET_STEPS 9          /* a body knocks at most once in this many steps */
#define LOUD_SPEED 1.2         /* m/s of rms flow that is full volume */

struct game_sound_watch {
    int body_count;
    double *v;                 /* 2 per body: velocity after the last step */
    int *quiet;                /* steps until a body may knock again */
    bool filled[GAME_MAX_GOALS];
    game_status status;
};

static void read_velocities(game_sound_watch *w, const game_sim *sim)
{
    for (int i = 0; i < w->body_count; i++) eddy_body_linear_velocity(game_sim_body(sim, i), &w->v[2 * i]);
}

eddy_result game_sound_watch_create(const game_sim *sim, game_sound_watch **out, eddy_error *err)
{
    *out = NULL;
    game_sound_watch *w = calloc(1, sizeof *w);
    int n = game_sim_body_count(sim);
    if (w) {
        w->v = calloc(2 * (size_t)n + 2, sizeof *w->v);
        w->quiet = calloc((size_t)n + 1, sizeof *w->quiet);
    }
    if (!w || !w->v || !w->quiet) {
        game_sound_watch_destroy(w);
        return game_error(err, EDDY_ERR_MEMORY, "sound: out of memory");
    }
    w->body_count = n;
    read_velocities(w, sim);
    for (int g = 0; g < game_sim_level(sim)->goal_count; g++) w->filled[g] = game_sim_goal_filled(sim, g);
    w->status = game_sim_status(sim);
    *out = w;
    return EDDY_OK;
}

void game_sound_watch_destroy(game_sound_watch *w)
{
    if (!w) return;
    free(w->v);
    free(w->quiet);
    free(w);
}

/* Root-mean-square speed of the reduced flow: the modes are orthonormal, so
 * the integral of |u|^2 over the tank is |r|^2. */
static double rms_speed(const game_sim *sim)
{
    const eddy_fluid *f = game_sim_fluid(sim);
    const double *r = eddy_fluid_coefficients(f);
    double e = 0;
    for (int k = 0; k < eddy_fluid_mode_count(f); k++) e += r[k] * r[k];
    const game_level *L = game_sim_level(sim);
    return sqrt(e / (L->asset.width * L->asset.height));
}

void game_sound_watch_step(game_sound_watch *w, const game_sim *sim, game_sound_cues *out)
{
    memset(out, 0, sizeof *out);
    const game_level *L = game_sim_level(sim);
    eddy_scene_view view;
    eddy_scene_get(L->scene, &view);
    out->flow_speed = rms_speed(sim);
    out->water = fmin(1.0, out->flow_speed / LOUD_SPEED);
    for (int j = 0; j < L->jet_count && j < 30; j++)
        if (game_sim_jet_on(sim, j)) out->jets |= 1 << j;
    for (int i = 0; i < w->body_count; i++) {
        eddy_body *b = game_sim_body(sim, i);
        double v[2];
        eddy_body_linear_velocity(b, v);
        /* what gravity alone would have added is no knock */
        double dvx = v[0] - w->v[2 * i] - view.gravity[0] * GAME_DT;
        double dvy = v[1] - w->v[2 * i + 1] - view.gravity[1] * GAME_DT;
        double knock = hypot(dvx, dvy);
        w->v[2 * i] = v[0], w->v[2 * i + 1] = v[1];
        if (w->quiet[i] > 0) w->quiet[i]--;
        if (eddy_body_get_type(b) != EDDY_BODY_DYNAMIC || knock < GAME_SOUND_KNOCK || w->quiet[i] > 0)
            continue;
        w->quiet[i] = QUIET_STEPS;
        if (out->splash_count < GAME_SOUND_MAX_SPLASHES) {
            double c[2];
            eddy_body_world_center(b, c);
            game_sound_splash *s = &out->splash[out->splash_count++];
            s->strength = fmin(1.0, knock / 3.0);
            s->pan = fmax(-1.0, fmin(1.0, 2.0 * c[0] / L->asset.width - 1.0));
        }
    }
    /* a body falling into the water of a tank filled to a depth splashes
       (eddy_surface.h's enter events) */
    const eddy_splash *events = NULL;
    int entered = eddy_coupling_splashes(game_sim_coupling(sim), &events);
    for (int e = 0; e < entered && out->splash_count < GAME_SOUND_MAX_SPLASHES; e++) {
        if (events[e].kind != EDDY_SPLASH_ENTER || events[e].speed < 1.0) continue;
        game_sound_splash *s = &out->splash[out->splash_count++];
        s->strength = fmin(1.0, events[e].speed / 5.0);
        s->pan = fmax(-1.0, fmin(1.0, 2.0 * events[e].x / L->asset.width - 1.0));
    }
    for (int g = 0; g < L->goal_count; g++) {
        bool now = game_sim_goal_filled(sim, g);
        if (now && !w->filled[g]) out->chimes++;
        w->filled[g] = now;
    }
    game_status st = game_sim_status(sim);
    out->won = st == GAME_WON && w->status != GAME_WON;
    out->lost = st == GAME_LOST && w->status != GAME_LOST;
    w->status = st;
}
