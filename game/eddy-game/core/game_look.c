// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_look.c - the looks of one sim's bodies (game_look.h).
 */
#include "game_look.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

static game_color rgb(int r, int g, int b)
{
    game_color c = {(uint8_t)r, (uint8_t)g, (uint8_t)b};
    return c;
}

static game_color darker(game_color c, double k)
{
    return rgb((int)(c.r * k), (int)(c.g * k), (int)(c.b * k));
}

/* The solid shapes of a body, in body space (sensors are not drawn). */
static void outline_of(eddy_body *b, game_body_look *look)
{
    look->pieces = 0;
    for (int s = 0; s < eddy_body_shape_count(b) && look->pieces < GAME_LOOK_PIECES; s++) {
        eddy_shape_info info;
        if (eddy_body_get_shape(b, s, &info, NULL) != EDDY_OK || info.is_sensor) continue;
        int p = look->pieces++;
        if (info.type == EDDY_SHAPE_CIRCLE) {
            look->circle[p] = true;
            look->circle_r[p] = info.radius;
            look->circle_c[p][0] = info.center[0], look->circle_c[p][1] = info.center[1];
            look->count[p] = GAME_LOOK_CIRCLE_POINTS;
            for (int k = 0; k < GAME_LOOK_CIRCLE_POINTS; k++) {
                double a = 2 * PI * k / GAME_LOOK_CIRCLE_POINTS;
                look->local[p][k][0] = info.center[0] + info.radius * cos(a);
                look->local[p][k][1] = info.center[1] + info.radius * sin(a);
            }
        } else {
            int n = info.vertex_count < GAME_LOOK_OUTLINE ? info.vertex_count : GAME_LOOK_OUTLINE;
            look->count[p] = n;
            for (int k = 0; k < n; k++)
                look->local[p][k][0] = info.vertices[k][0], look->local[p][k][1] = info.vertices[k][1];
        }
    }
}

static void colour_of(const game_level *L, const eddy_scene_view *v, int i, game_body_look *look)
{
    const eddy_scene_body *sb = &v->bodies[i];
    if (i == L->body_count && L->paddle.present) {
        look->kind = GAME_LOOK_PADDLE;
        look->fill = L->paddle.color;
    } else if (sb->type != EDDY_BODY_DYNAMIC) {
        look->kind = GAME_LOOK_STATIC;
        look->fill = rgb(52, 66, 86);
    } else {
        look->kind = sb->density < v->density   ? GAME_LOOK_FLOATS
                     : sb->density > v->density ? GAME_LOOK_SINKS
                                                : GAME_LOOK_NEUTRAL;
        if (L->bodies[i].has_color)
            look->fill = L->bodies[i].color;
        else if (look->kind == GAME_LOOK_FLOATS)
            look->fill = rgb(190, 170, 128); /* floats: driftwood */
        else
            look->fill = rgb(112, 100, 160); /* sinks: slate violet */
    }
    look->edge = look->kind == GAME_LOOK_STATIC ? rgb(120, 140, 166) : darker(look->fill, 0.45);
}

/* The painted field of each jet, sampled round its nozzle: a fluid of the
 * level's asset set to the mode's projection (eddy_asset_artist_projection)
 * is that field in the basis. */
static void jet_directions(const game_sim *sim, game_looks *out)
{
    const game_level *L = game_sim_level(sim);
    const eddy_asset *asset = game_sim_asset(sim);
    out->jet_count = L->jet_count;
    eddy_fluid *f = NULL;
    eddy_fluid_desc fd = {0};
    if (L->jet_count == 0 || eddy_fluid_create(asset, &fd, &f, NULL) != EDDY_OK) return;
    int r = eddy_fluid_mode_count(f);
    for (int j = 0; j < L->jet_count; j++) {
        const double *p = eddy_asset_artist_projection(asset, eddy_asset_find_artist(asset, L->jets[j].mode));
        if (!p || eddy_fluid_set_coefficients(f, p, r) != EDDY_OK) continue;
        double sum[2] = {0, 0};
        for (int k = 0; k < 9; k++) { /* the nozzle and eight points 0.3 m round it */
            double a = k * 0.7853981633974483, rad = k == 0 ? 0 : 0.3, uv[2];
            eddy_fluid_velocity(f, L->jets[j].at[0] + rad * cos(a), L->jets[j].at[1] + rad * sin(a), uv);
            sum[0] += uv[0], sum[1] += uv[1];
        }
        double n = hypot(sum[0], sum[1]);
        if (n > 1e-9) out->jet_dir[j][0] = sum[0] / n, out->jet_dir[j][1] = sum[1] / n;
    }
    eddy_fluid_destroy(f);
}

eddy_result game_looks_make(const game_sim *sim, game_looks *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    const game_level *L = game_sim_level(sim);
    int n = game_sim_body_count(sim);
    out->bodies = calloc((size_t)n + 1, sizeof *out->bodies);
    if (!out->bodies) return game_error(err, EDDY_ERR_MEMORY, "looks: out of memory");
    out->body_count = n;
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    for (int i = 0; i < n; i++) {
        outline_of(game_sim_body(sim, i), &out->bodies[i]);
        colour_of(L, &v, i, &out->bodies[i]);
    }
    out->goal_count = L->goal_count;
    for (int g = 0; g < L->goal_count; g++) {
        int b = L->goals[g].body_count > 0 ? L->goals[g].bodies[0] : -1;
        out->goal[g] = b >= 0 && b < n ? out->bodies[b].fill : rgb(236, 242, 250);
    }
    jet_directions(sim, out);
    return EDDY_OK;
}

void game_looks_free(game_looks *looks)
{
    if (!looks) return;
    free(looks->bodies);
    memset(looks, 0, sizeof *looks);
}
