// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_card.c - cards placed clear of the level (game_card.h). */
#include "game_card.h"

#include <math.h>

#define PLACES 13           /* candidate places along each side of the tank */
#define BODY_MARGIN 0.12    /* m of water kept clear round an object */
#define NOZZLE_HALF 0.35    /* m: half the side of the square a nozzle's disc takes */

static double overlap(const double a[4], const double b[4])
{
    double w = fmin(a[2], b[2]) - fmax(a[0], b[0]), h = fmin(a[3], b[3]) - fmax(a[1], b[1]);
    return w > 0 && h > 0 ? w * h : 0;
}

/* The world box round body i's outline, grown by the margin. */
static void body_box(const eddy_body *b, double box[4])
{
    box[0] = box[1] = INFINITY, box[2] = box[3] = -INFINITY;
    for (int s = 0; s < eddy_body_shape_count(b); s++) {
        eddy_shape_info info;
        if (eddy_body_get_shape(b, s, &info, NULL) != EDDY_OK) continue;
        double p[2];
        if (info.type == EDDY_SHAPE_CIRCLE) {
            eddy_body_world_point(b, info.center[0], info.center[1], p);
            box[0] = fmin(box[0], p[0] - info.radius), box[2] = fmax(box[2], p[0] + info.radius);
            box[1] = fmin(box[1], p[1] - info.radius), box[3] = fmax(box[3], p[1] + info.radius);
            continue;
        }
        for (int k = 0; k < info.vertex_count; k++) {
            eddy_body_world_point(b, info.vertices[k][0], info.vertices[k][1], p);
            box[0] = fmin(box[0], p[0]), box[2] = fmax(box[2], p[0]);
            box[1] = fmin(box[1], p[1]), box[3] = fmax(box[3], p[1]);
        }
    }
    box[0] -= BODY_MARGIN, box[1] -= BODY_MARGIN, box[2] += BODY_MARGIN, box[3] += BODY_MARGIN;
}

static void wall_box(const eddy_wall *w, double box[4])
{
    if (w->kind == EDDY_WALL_CIRCLE) {
        box[0] = w->x - w->radius, box[1] = w->y - w->radius;
        box[2] = w->x + w->radius, box[3] = w->y + w->radius;
        return;
    }
    box[0] = box[1] = INFINITY, box[2] = box[3] = -INFINITY;
    for (int k = 0; k < w->point_count; k++) {
        box[0] = fmin(box[0], w->points[k][0]), box[2] = fmax(box[2], w->points[k][0]);
        box[1] = fmin(box[1], w->points[k][1]), box[3] = fmax(box[3], w->points[k][1]);
    }
}

double game_card_cover(const game_sim *sim, const double rect[4])
{
    const game_level *L = game_sim_level(sim);
    double sum = 0, box[4];
    for (int g = 0; g < L->goal_count; g++) sum += 2 * overlap(rect, L->goals[g].rect);
    for (int i = 0; i < game_sim_body_count(sim); i++) {
        body_box(game_sim_body(sim, i), box);
        sum += 3 * overlap(rect, box);
    }
    for (int j = 0; j < L->jet_count; j++) {
        const double *at = L->jets[j].at;
        double nozzle[4] = {at[0] - NOZZLE_HALF, at[1] - NOZZLE_HALF, at[0] + NOZZLE_HALF,
                            at[1] + NOZZLE_HALF};
        sum += 3 * overlap(rect, nozzle);
    }
    if (L->paddle.present) {
        const double(*t)[2] = L->paddle.track;
        double track[4] = {fmin(t[0][0], t[1][0]) - 0.2, fmin(t[0][1], t[1][1]) - 0.2,
                           fmax(t[0][0], t[1][0]) + 0.2, fmax(t[0][1], t[1][1]) + 0.2};
        sum += 2 * overlap(rect, track);
    }
    const eddy_asset *asset = game_sim_asset(sim);
    const eddy_wall *walls = eddy_asset_walls(asset);
    for (int k = 0; k < eddy_asset_wall_count(asset); k++) {
        wall_box(&walls[k], box);
        sum += 0.25 * overlap(rect, box);
    }
    return sum;
}

double game_card_place(const game_sim *sim, double w, double h, double out[4])
{
    const game_level *L = game_sim_level(sim);
    double W = L->asset.width, H = L->asset.height;
    double best = INFINITY, best_d = INFINITY;
    out[0] = (W - w) / 2, out[1] = (H - h) / 2, out[2] = out[0] + w, out[3] = out[1] + h;
    if (w >= W || h >= H) return game_card_cover(sim, out);
    for (int j = 0; j < PLACES; j++)
        for (int i = 0; i < PLACES; i++) {
            double x0 = (W - w) * i / (PLACES - 1), y0 = (H - h) * j / (PLACES - 1);
            double r[4] = {x0, y0, x0 + w, y0 + h};
            double c = game_card_cover(sim, r);
            double d = hypot(x0 + w / 2 - W / 2, y0 + h / 2 - H / 2);
            if (c < best - 1e-9 || (c < best + 1e-9 && d < best_d)) {
                best = c, best_d = d;
                for (int q = 0; q < 4; q++) out[q] = r[q];
            }
        }
    return best;
}

bool game_card_hides_goal(const game_sim *sim, const double rect[4])
{
    const game_level *L = game_sim_level(sim);
    for (int g = 0; g < L->goal_count; g++)
        if (overlap(rect, L->goals[g].rect) > 0) return true;
    return false;
}

bool game_card_place_clear(const game_sim *sim, double w, double h, double out[4])
{
    const game_level *L = game_sim_level(sim);
    double W = L->asset.width, H = L->asset.height;
    double best = INFINITY, best_d = INFINITY;
    if (w >= W || h >= H) return false;
    for (int j = 0; j < PLACES; j++)
        for (int i = 0; i < PLACES; i++) {
            double x0 = (W - w) * i / (PLACES - 1), y0 = (H - h) * j / (PLACES - 1);
            double r[4] = {x0, y0, x0 + w, y0 + h};
            if (game_card_hides_goal(sim, r)) continue;
            double c = game_card_cover(sim, r);
            double d = hypot(x0 + w / 2 - W / 2, y0 + h / 2 - H / 2);
            if (c < best - 1e-9 || (c < best + 1e-9 && d < best_d)) {
                best = c, best_d = d;
                for (int q = 0; q < 4; q++) out[q] = r[q];
            }
        }
    return best < INFINITY;
}
