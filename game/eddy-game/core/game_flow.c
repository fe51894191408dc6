// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_flow.c - dye and tracers on the coupled velocity (game_flow.h).
 */
#include "game_flow.h"
#include <eddy/eddy_surface.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NEAR_MARGIN 0.8     /* m beyond a body's bounding circle where u_p is evaluated */
#define CORR_X (GAME_FLOW_VX / 2) /* the coarse grid of the panels' part */
#define CORR_Y (GAME_FLOW_VY / 2)
#define DYE_LIFETIME 30.0   /* s: dye fades as exp(-t / lifetime) */
#define TRAIL_EVERY 2       /* steps between trail points */

struct game_flow {
    double W, H;
    double *xy, *uv;         /* sample points and velocities, VX * VY * 2 */
    bool *near, *was_near;   /* coarse points near a body, this and the last step */
    int *near_k;             /* the coarse point of each refreshed near sample */
    double *raw;             /* the correction before smoothing, per coarse point */
    double *near_xy, *near_uv, *near_ur, *corr;
    int body_count;
    double *radius;          /* bounding radius of every sim body about its origin */
    float *dye, *dye_next;   /* DYE_W * DYE_H * 3 */
    float *uvf;              /* the sampled velocity in cells of the dye per step
                                (VX * VY * 2), for the dye's inner loop */
    int col_i[GAME_FLOW_DYE_W], row_j[GAME_FLOW_DYE_H]; /* sample cell of each dye */
    float col_t[GAME_FLOW_DYE_W], row_t[GAME_FLOW_DYE_H]; /* column, row: weights */
    int corr_phase;          /* which third of the near points is refreshed next */
    uint8_t *rock;           /* DYE_W * DYE_H: 1 where a wall is (the level's rock), or NULL */
    game_tracer tracers[GAME_FLOW_TRACERS];
    uint64_t rng;
    long steps;
    double cost[3];
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static double rnd(game_flow *f) /* uniform in [0, 1), xorshift64* */
{
    f->rng ^= f->rng >> 12;
    f->rng ^= f->rng << 25;
    f->rng ^= f->rng >> 27;
    return (double)((f->rng * 0x2545F4914F6CDD1Dull) >> 11) * (1.0 / 9007199254740992.0);
}

static double body_radius(eddy_body *b)
{
    double r = 0;
    for (int s = 0; s < eddy_body_shape_count(b); s++) {
        eddy_shape_info info;
        if (eddy_body_get_shape(b, s, &info, NULL) != EDDY_OK || info.is_sensor) continue;
        if (info.type == EDDY_SHAPE_CIRCLE)
            r = fmax(r, hypot(info.center[0], info.center[1]) + info.radius);
        for (int k = 0; k < info.vertex_count; k++)
            r = fmax(r, hypot(info.vertices[k][0], info.vertices[k][1]));
    }
    return r;
}

static bool make_rock(game_flow *f, const game_sim *sim);

eddy_result game_flow_create(const game_sim *sim, game_flow **out, eddy_error *err)
{
    *out = NULL;
    game_flow *f = calloc(1, sizeof *f);
    if (!f) return game_error(err, EDDY_ERR_MEMORY, "flow: out of memory");
    const game_level *L = game_sim_level(sim);
    f->W = L->asset.width, f->H = L->asset.height;
    int n = GAME_FLOW_VX * GAME_FLOW_VY;
    f->xy = malloc(2 * (size_t)n * sizeof(double));
    f->uv = calloc(2 * (size_t)n, sizeof(double));
    f->near = calloc((size_t)n, sizeof(bool));
    f->was_near = calloc((size_t)n, sizeof(bool));
    f->near_k = calloc((size_t)n, sizeof(int));
    f->raw = calloc(2 * (size_t)n, sizeof(double));
    f->near_xy = malloc(2 * (size_t)n * sizeof(double));
    f->near_uv = malloc(2 * (size_t)n * sizeof(double));
    f->near_ur = malloc(2 * (size_t)n * sizeof(double));
    f->corr = calloc(2 * (size_t)n, sizeof(double));
    f->body_count = game_sim_body_count(sim);
    f->radius = calloc((size_t)f->body_count + 1, sizeof(double));
    size_t cells = (size_t)GAME_FLOW_DYE_W * GAME_FLOW_DYE_H * 3;
    f->dye = calloc(cells, sizeof(float));
    f->dye_next = calloc(cells, sizeof(float));
    f->uvf = calloc(2 * (size_t)n, sizeof(float));
    if (!f->was_near || !f->near_k || !f->raw || !f->uvf || !f->xy || !f->uv || !f->near || !f->near_xy || !f->near_uv || !f->near_ur || !f->corr ||
        !f->radius || !f->dye ||
        !f->dye_next || !make_rock(f, sim)) {
        game_flow_destroy(f);
        return game_error(err, EDDY_ERR_MEMORY, "flow: out of memory");
    }
    for (int j = 0; j < GAME_FLOW_VY; j++)
        for (int i = 0; i < GAME_FLOW_VX; i++) {
            f->xy[2 * (j * GAME_FLOW_VX + i)] = (i + 0.5) * f->W / GAME_FLOW_VX;
            f->xy[2 * (j * GAME_FLOW_VX + i) + 1] = (j + 0.5) * f->H / GAME_FLOW_VY;
        }
    for (int b = 0; b < f->body_count; b++) f->radius[b] = body_radius(game_sim_body(sim, b));
    /* the sample grid cell and weights of every dye column and row (the dye
       grid is finer than the sample grid by a fixed ratio) */
    for (int i = 0; i < GAME_FLOW_DYE_W; i++) {
        double g = (i + 0.5) / GAME_FLOW_DYE_W * GAME_FLOW_VX - 0.5;
        g = g < 0 ? 0 : g > GAME_FLOW_VX - 1 ? GAME_FLOW_VX - 1 : g;
        int k = (int)g < GAME_FLOW_VX - 1 ? (int)g : GAME_FLOW_VX - 2;
        f->col_i[i] = k, f->col_t[i] = (float)(g - k);
    }
    for (int j = 0; j < GAME_FLOW_DYE_H; j++) {
        double g = (j + 0.5) / GAME_FLOW_DYE_H * GAME_FLOW_VY - 0.5;
        g = g < 0 ? 0 : g > GAME_FLOW_VY - 1 ? GAME_FLOW_VY - 1 : g;
        int k = (int)g < GAME_FLOW_VY - 1 ? (int)g : GAME_FLOW_VY - 2;
        f->row_j[j] = k, f->row_t[j] = (float)(g - k);
    }
    game_flow_reset(f, sim);
    *out = f;
    return EDDY_OK;
}

void game_flow_destroy(game_flow *f)
{
    if (!f) return;
    free(f->xy);
    free(f->uv);
    free(f->near);
    free(f->was_near);
    free(f->near_k);
    free(f->raw);
    free(f->near_xy);
    free(f->near_uv);
    free(f->near_ur);
    free(f->corr);
    free(f->radius);
    free(f->dye);
    free(f->dye_next);
    free(f->uvf);
    free(f->rock);
    free(f);
}

/* ------------------------------------------------------------ velocity */

/* Which coarse points are near a body this step (near[]); a point that was
 * not near in the last step is due at once. */
static void mark_near(game_flow *f, const game_sim *sim)
{
    const int n = CORR_X * CORR_Y;
    const double dx = f->W / CORR_X, dy = f->H / CORR_Y;
    memcpy(f->was_near, f->near, (size_t)n * sizeof(bool));
    memset(f->near, 0, (size_t)n * sizeof(bool));
    for (int b = 0; b < f->body_count; b++) {
        eddy_pose p;
        eddy_body_get_pose(game_sim_body(sim, b), &p);
        double r = f->radius[b] + NEAR_MARGIN;
        int i0 = (int)floor((p.x - r) / dx), i1 = (int)ceil((p.x + r) / dx);
        int j0 = (int)floor((p.y - r) / dy), j1 = (int)ceil((p.y + r) / dy);
        for (int j = j0 < 0 ? 0 : j0; j <= j1 && j < CORR_Y; j++)
            for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < CORR_X; i++) {
                double ex = (i + 0.5) * dx - p.x, ey = (j + 0.5) * dy - p.y;
                if (ex * ex + ey * ey <= r * r) f->near[j * CORR_X + i] = true;
            }
    }
}

/* The panels' part, u_p = (u_r + u_p) - u_r, on the coarse grid near bodies.
 * It costs most of the sampling (every panel and wall image acts on every
 * point), so each step refreshes a third of the near points, taken in turn,
 * plus those that just came near: a point is at most three steps (0.05 s)
 * old, and the cost per step is even. */
static void sample_correction(game_flow *f, const game_sim *sim)
{
    const int n = CORR_X * CORR_Y;
    const double dx = f->W / CORR_X, dy = f->H / CORR_Y;
    mark_near(f, sim);
    int m = 0;
    for (int k = 0; k < n; k++) {
        if (!f->near[k]) {
            f->raw[2 * k] = f->raw[2 * k + 1] = 0;
            continue;
        }
        if (f->was_near[k] && k % 3 != f->corr_phase) continue;
        f->near_k[m] = k;
        f->near_xy[2 * m] = (k % CORR_X + 0.5) * dx;
        f->near_xy[2 * m + 1] = (k / CORR_X + 0.5) * dy;
        m++;
    }
    f->corr_phase = (f->corr_phase + 1) % 3;
    if (m > 0) {
        eddy_coupling_velocity_many(game_sim_coupling(sim), m, f->near_xy, f->near_uv);
        eddy_fluid_velocity_many(game_sim_fluid(sim), m, f->near_xy, f->near_ur);
    }
    for (int q = 0; q < m; q++) {
        int k = f->near_k[q];
        double x = f->near_xy[2 * q], y = f->near_xy[2 * q + 1];
        double cu = f->near_uv[2 * q] - f->near_ur[2 * q], cv = f->near_uv[2 * q + 1] - f->near_ur[2 * q + 1];
        /* inside a body the panels' interior field means nothing: there the
           water goes with the body, and that is what nearby points blend in */
        eddy_body *hit[2];
        if (eddy_world_query_point(game_sim_world(sim), x, y, hit, 1) == 1) {
            double v[2];
            eddy_body_point_velocity(hit[0], x, y, v);
            cu = v[0] - f->near_ur[2 * q], cv = v[1] - f->near_ur[2 * q + 1];
        }
        /* a sample right on a panel sees its singular edge: keep it sane */
        double sp = hypot(cu, cv), cap = 3.0;
        if (!isfinite(sp)) cu = cv = 0;
        else if (sp > cap) cu *= cap / sp, cv *= cap / sp;
        f->raw[2 * k] = cu, f->raw[2 * k + 1] = cv;
    }
    /* the panels' field right next to a long plate alternates from panel to
       panel; on this coarse grid that would draw teeth into the dye, so the
       correction is smoothed once (1-2-1 in each direction) */
    for (int j = 0; j < CORR_Y; j++)
        for (int i = 0; i < CORR_X; i++) {
            int k = j * CORR_X + i;
            f->corr[2 * k] = f->corr[2 * k + 1] = 0;
            if (!f->near[k]) continue;
            double su = 0, sv = 0, sw = 0;
            for (int dj = -1; dj <= 1; dj++)
                for (int di = -1; di <= 1; di++) {
                    int ii = i + di, jj = j + dj;
                    if (ii < 0 || jj < 0 || ii >= CORR_X || jj >= CORR_Y) continue;
                    double w = (di ? 1 : 2) * (dj ? 1 : 2);
                    su += w * f->raw[2 * (jj * CORR_X + ii)];
                    sv += w * f->raw[2 * (jj * CORR_X + ii) + 1];
                    sw += w;
                }
            f->corr[2 * k] = su / sw, f->corr[2 * k + 1] = sv / sw;
        }
}

static void correction_at(const game_flow *f, double x, double y, double out[2])
{
    double gx = x / f->W * CORR_X - 0.5, gy = y / f->H * CORR_Y - 0.5;
    gx = gx < 0 ? 0 : gx > CORR_X - 1 ? CORR_X - 1 : gx;
    gy = gy < 0 ? 0 : gy > CORR_Y - 1 ? CORR_Y - 1 : gy;
    int i = (int)gx < CORR_X - 1 ? (int)gx : CORR_X - 2, j = (int)gy < CORR_Y - 1 ? (int)gy : CORR_Y - 2;
    double tx = gx - i, ty = gy - j;
    const double *a = &f->corr[2 * (j * CORR_X + i)], *b = a + 2, *c = a + 2 * CORR_X, *d = c + 2;
    for (int q = 0; q < 2; q++)
        out[q] = (1 - ty) * ((1 - tx) * a[q] + tx * b[q]) + ty * ((1 - tx) * c[q] + tx * d[q]);
}

static void sample_velocity(game_flow *f, const game_sim *sim)
{
    const int n = GAME_FLOW_VX * GAME_FLOW_VY;
    sample_correction(f, sim);
    eddy_fluid_velocity_many(game_sim_fluid(sim), n, f->xy, f->uv);
    for (int k = 0; k < n; k++) {
        double c[2];
        correction_at(f, f->xy[2 * k], f->xy[2 * k + 1], c);
        f->uv[2 * k] += c[0], f->uv[2 * k + 1] += c[1];
        if (!isfinite(f->uv[2 * k]) || !isfinite(f->uv[2 * k + 1])) f->uv[2 * k] = f->uv[2 * k + 1] = 0;
    }
    /* inside a body the water moves with the body */
    const double dx = f->W / GAME_FLOW_VX, dy = f->H / GAME_FLOW_VY;
    for (int b = 0; b < f->body_count; b++) {
        eddy_body *body = game_sim_body(sim, b);
        eddy_pose p;
        eddy_body_get_pose(body, &p);
        double r = f->radius[b];
        int i0 = (int)floor((p.x - r) / dx), i1 = (int)ceil((p.x + r) / dx);
        int j0 = (int)floor((p.y - r) / dy), j1 = (int)ceil((p.y + r) / dy);
        for (int j = j0 < 0 ? 0 : j0; j <= j1 && j < GAME_FLOW_VY; j++)
            for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < GAME_FLOW_VX; i++) {
                int k = j * GAME_FLOW_VX + i;
                eddy_body *hit[4];
                int h = eddy_world_query_point(game_sim_world(sim), f->xy[2 * k], f->xy[2 * k + 1], hit, 4);
                for (int q = 0; q < h; q++)
                    if (hit[q] == body) eddy_body_point_velocity(body, f->xy[2 * k], f->xy[2 * k + 1], &f->uv[2 * k]);
            }
    }
}

void game_flow_velocity(const game_flow *f, double x, double y, double uv[2])
{
    double gx = x / f->W * GAME_FLOW_VX - 0.5, gy = y / f->H * GAME_FLOW_VY - 0.5;
    if (gx < 0) gx = 0;
    if (gy < 0) gy = 0;
    if (gx > GAME_FLOW_VX - 1) gx = GAME_FLOW_VX - 1;
    if (gy > GAME_FLOW_VY - 1) gy = GAME_FLOW_VY - 1;
    int i = (int)gx, j = (int)gy;
    if (i > GAME_FLOW_VX - 2) i = GAME_FLOW_VX - 2;
    if (j > GAME_FLOW_VY - 2) j = GAME_FLOW_VY - 2;
    double tx = gx - i, ty = gy - j;
    const double *a = &f->uv[2 * (j * GAME_FLOW_VX + i)], *b = a + 2;
    const double *c = a + 2 * GAME_FLOW_VX, *d = c + 2;
    for (int q = 0; q < 2; q++)
        uv[q] = (1 - ty) * ((1 - tx) * a[q] + tx * b[q]) + ty * ((1 - tx) * c[q] + tx * d[q]);
}

/* ------------------------------------------------------------ dye */

/* Adds ink of colour rgb (0..1) at a rate over a disc with a soft rim. */
static void inject(game_flow *f, double x, double y, double radius, const float rgb[3],
                   double amount)
{
    const double cw = f->W / GAME_FLOW_DYE_W, ch = f->H / GAME_FLOW_DYE_H;
    int i0 = (int)floor((x - radius) / cw), i1 = (int)ceil((x + radius) / cw);
    int j0 = (int)floor((y - radius) / ch), j1 = (int)ceil((y + radius) / ch);
    for (int j = j0 < 0 ? 0 : j0; j <= j1 && j < GAME_FLOW_DYE_H; j++)
        for (int i = i0 < 0 ? 0 : i0; i <= i1 && i < GAME_FLOW_DYE_W; i++) {
            double ex = (i + 0.5) * cw - x, ey = (j + 0.5) * ch - y;
            double d2 = (ex * ex + ey * ey) / (radius * radius);
            if (d2 >= 1) continue;
            float w = (float)(amount * (1 - d2) * (1 - d2));
            float *p = &f->dye[3 * (j * GAME_FLOW_DYE_W + i)];
            for (int q = 0; q < 3; q++) {
                p[q] += w * rgb[q];
                if (p[q] > (float)GAME_FLOW_DYE_MAX) p[q] = (float)GAME_FLOW_DYE_MAX;
            }
        }
}

/* ------------------------------------------------------------ rock */

/* The rock of a level with walls on the dye grid: a dye cell is rock when its
 * centre is inside a wall as drawn (eddy_wall_contains). Dye never stays in
 * rock and tracers never step into it. */
static bool make_rock(game_flow *f, const game_sim *sim)
{
    const eddy_asset *a = game_sim_asset(sim);
    int count = eddy_asset_wall_count(a);
    if (count == 0) return true;
    const eddy_wall *walls = eddy_asset_walls(a);
    f->rock = calloc((size_t)GAME_FLOW_DYE_W * GAME_FLOW_DYE_H, 1);
    if (!f->rock) return false;
    const double cw = f->W / GAME_FLOW_DYE_W, ch = f->H / GAME_FLOW_DYE_H;
    for (int j = 0; j < GAME_FLOW_DYE_H; j++)
        for (int i = 0; i < GAME_FLOW_DYE_W; i++)
            for (int k = 0; k < count; k++)
                if (eddy_wall_contains(&walls[k], (i + 0.5) * cw, (j + 0.5) * ch)) {
                    f->rock[j * GAME_FLOW_DYE_W + i] = 1;
                    break;
                }
    return true;
}

static bool in_rock(const game_flow *f, double x, double y)
{
    if (!f->rock) return false;
    int i = (int)(x / f->W * GAME_FLOW_DYE_W), j = (int)(y / f->H * GAME_FLOW_DYE_H);
    if (i < 0 || j < 0 || i >= GAME_FLOW_DYE_W || j >= GAME_FLOW_DYE_H) return false;
    return f->rock[j * GAME_FLOW_DYE_W + i] != 0;
}

static void clear_rock(game_flow *f)
{
    if (!f->rock) return;
    for (int c = 0; c < GAME_FLOW_DYE_W * GAME_FLOW_DYE_H; c++)
        if (f->rock[c]) f->dye[3 * c] = f->dye[3 * c + 1] = f->dye[3 * c + 2] = 0.0f;
}


/* The dye moves back along the flow, one semi-Lagrangian step: each cell
 * takes the (bilinear) dye from where its water was GAME_DT ago. The
 * velocity at the cell comes from the sample grid through the column and row
 * weights made at creation, in single precision: this is the game's largest
 * loop (36,000 cells a step), and nothing of it feeds back into the
 * simulation. */
static void advect_dye(game_flow *f)
{
    const int W = GAME_FLOW_DYE_W, H = GAME_FLOW_DYE_H;
    const float fade = (float)exp(-GAME_DT / DYE_LIFETIME);
    /* velocity in dye cells per step */
    const float kx = (float)(GAME_DT * W / f->W), ky = (float)(GAME_DT * H / f->H);
    for (int k = 0; k < GAME_FLOW_VX * GAME_FLOW_VY; k++)
        f->uvf[2 * k] = (float)f->uv[2 * k] * kx, f->uvf[2 * k + 1] = (float)f->uv[2 * k + 1] * ky;
    for (int j = 0; j < H; j++) {
        const float ty = f->row_t[j];
        const float *r0 = &f->uvf[2 * f->row_j[j] * GAME_FLOW_VX], *r1 = r0 + 2 * GAME_FLOW_VX;
        float *out = &f->dye_next[3 * (size_t)j * W];
        for (int i = 0; i < W; i++) {
            const float tx = f->col_t[i];
            const float *a = r0 + 2 * f->col_i[i], *c = r1 + 2 * f->col_i[i];
            float u = (1 - ty) * ((1 - tx) * a[0] + tx * a[2]) + ty * ((1 - tx) * c[0] + tx * c[2]);
            float v = (1 - ty) * ((1 - tx) * a[1] + tx * a[3]) + ty * ((1 - tx) * c[1] + tx * c[3]);
            float bx = (float)i - u, by = (float)j - v;
            bx = bx < 0 ? 0 : bx > W - 1 ? (float)(W - 1) : bx;
            by = by < 0 ? 0 : by > H - 1 ? (float)(H - 1) : by;
            int i0 = (int)bx < W - 1 ? (int)bx : W - 2, j0 = (int)by < H - 1 ? (int)by : H - 2;
            float sx = bx - (float)i0, sy = by - (float)j0;
            const float *p = &f->dye[3 * ((size_t)j0 * W + i0)], *q = p + 3 * W;
            float w00 = (1 - sx) * (1 - sy) * fade, w10 = sx * (1 - sy) * fade;
            float w01 = (1 - sx) * sy * fade, w11 = sx * sy * fade;
            out[3 * i] = w00 * p[0] + w10 * p[3] + w01 * q[0] + w11 * q[3];
            out[3 * i + 1] = w00 * p[1] + w10 * p[4] + w01 * q[1] + w11 * q[4];
            out[3 * i + 2] = w00 * p[2] + w10 * p[5] + w01 * q[2] + w11 * q[5];
        }
    }
    float *t = f->dye;
    f->dye = f->dye_next;
    f->dye_next = t;
    clear_rock(f);
}

static void add_sources(game_flow *f, const game_sim *sim)
{
    const game_level *L = game_sim_level(sim);
    for (int j = 0; j < L->jet_count; j++) {
        if (!game_sim_jet_on(sim, j)) continue;
        const game_color c = L->jets[j].color;
        const float rgb[3] = {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f};
        inject(f, L->jets[j].at[0], L->jets[j].at[1], 0.45, rgb, 4.0 * GAME_DT);
    }
    if (game_sim_stirring(sim)) {
        double s[4];
        game_sim_last_stir(sim, s);
        const float rgb[3] = {0.55f, 0.85f, 1.0f};
        inject(f, s[0], s[1], 0.6 * L->stir.radius, rgb, 5.0 * GAME_DT);
    }
    /* the paddle leaves a faint wake from its two ends, where it sheds vortices */
    eddy_body *paddle = game_sim_paddle(sim);
    if (paddle) {
        double v[2];
        eddy_body_linear_velocity(paddle, v);
        double sp = hypot(v[0], v[1]);
        if (sp > 0.05) {
            const double r = f->radius[L->body_count];
            const float rgb[3] = {0.55f, 0.62f, 0.85f};
            double ux = v[0] / sp, uy = v[1] / sp;
            for (int end = -1; end <= 1; end += 2) {
                /* the ends across the motion, a little behind */
                double ex = -uy * end * r * 0.9 - ux * 0.15, ey = ux * end * r * 0.9 - uy * 0.15;
                double c[2];
                eddy_body_world_center(paddle, c);
                inject(f, c[0] + ex, c[1] + ey, 0.28, rgb, fmin(1.0, sp / 3.0) * 2.5 * GAME_DT);
            }
        }
    }
}

/* ------------------------------------------------------------ tracers */

static bool inside_body(const game_sim *sim, double x, double y)
{
    eddy_body *hit[2];
    return eddy_world_query_point(game_sim_world(sim), x, y, hit, 2) > 0;
}

/* Above the water of a tank filled to a depth (eddy_surface.h). */
static bool in_air(const game_sim *sim, double x, double y)
{
    const eddy_coupling *c = game_sim_coupling(sim);
    return eddy_coupling_has_surface(c) && y > eddy_coupling_surface_height(c, x);
}

static void spawn(game_flow *f, const game_sim *sim, game_tracer *t, bool fresh)
{
    double x = 0, y = 0;
    for (int tries = 0; tries < 6; tries++) {
        x = (0.02 + 0.96 * rnd(f)) * f->W;
        y = (0.02 + 0.96 * rnd(f)) * f->H;
        if (!inside_body(sim, x, y) && !in_rock(f, x, y) && !in_air(sim, x, y)) break;
    }
    t->xy[0][0] = x, t->xy[0][1] = y;
    t->len = 1;
    t->life = 3.0 + 5.0 * rnd(f);
    t->age = fresh ? rnd(f) * t->life : 0;
    t->speed = 0;
}

static void move_tracers(game_flow *f, const game_sim *sim)
{
    bool push = f->steps % TRAIL_EVERY == 0;
    for (int k = 0; k < GAME_FLOW_TRACERS; k++) {
        game_tracer *t = &f->tracers[k];
        t->age += GAME_DT;
        double x = t->xy[0][0], y = t->xy[0][1], uv[2], mid[2];
        game_flow_velocity(f, x, y, uv);
        game_flow_velocity(f, x + 0.5 * GAME_DT * uv[0], y + 0.5 * GAME_DT * uv[1], mid);
        x += GAME_DT * mid[0], y += GAME_DT * mid[1];
        t->speed = hypot(mid[0], mid[1]);
        bool out = !(x > 0 && x < f->W && y > 0 && y < f->H);
        if (t->age > t->life || out || (k % 8 == (int)(f->steps % 8) && inside_body(sim, x, y)) ||
            in_rock(f, t->xy[0][0], t->xy[0][1]) || in_air(sim, x, y)) {
            spawn(f, sim, t, false);
            continue;
        }
        if (in_rock(f, x, y)) { /* the wall stops it: it waits for the flow to turn */
            x = t->xy[0][0], y = t->xy[0][1];
            t->speed = 0;
        }
        if (push) {
            memmove(&t->xy[1], &t->xy[0], sizeof(t->xy[0]) * (GAME_FLOW_TRAIL - 1));
            if (t->len < GAME_FLOW_TRAIL) t->len++;
        }
        t->xy[0][0] = x, t->xy[0][1] = y;
    }
}

/* ------------------------------------------------------------ public */

void game_flow_reset(game_flow *f, const game_sim *sim)
{
    f->rng = 0x9e3779b97f4a7c15ull;
    f->steps = 0;
    f->corr_phase = 0;
    memset(f->near, 0, (size_t)CORR_X * CORR_Y * sizeof(bool)); /* all due at once */
    for (int j = 0; j < GAME_FLOW_DYE_H; j++) {
        double y = (j + 0.5) * f->H / GAME_FLOW_DYE_H;
        double s = sin(2 * 3.14159265358979 * y / 1.25);
        float band = (float)(s > 0 ? s * s : 0);
        for (int i = 0; i < GAME_FLOW_DYE_W; i++) {
            float *p = &f->dye[3 * (j * GAME_FLOW_DYE_W + i)];
            p[0] = 0.02f * band, p[1] = 0.20f * band, p[2] = 0.26f * band;
        }
    }
    clear_rock(f);
    for (int k = 0; k < GAME_FLOW_TRACERS; k++) spawn(f, sim, &f->tracers[k], true);
    sample_velocity(f, sim);
}

void game_flow_step(game_flow *f, const game_sim *sim)
{
    double t0 = now_ms();
    sample_velocity(f, sim);
    double t1 = now_ms();
    advect_dye(f);
    add_sources(f, sim);
    double t2 = now_ms();
    move_tracers(f, sim);
    f->steps++;
    double t3 = now_ms();
    f->cost[0] = t1 - t0, f->cost[1] = t2 - t1, f->cost[2] = t3 - t2;
}

const float *game_flow_dye(const game_flow *f, int *w, int *h)
{
    *w = GAME_FLOW_DYE_W, *h = GAME_FLOW_DYE_H;
    return f->dye;
}

int game_flow_tracer_count(const game_flow *f)
{
    (void)f;
    return GAME_FLOW_TRACERS;
}

const game_tracer *game_flow_tracer(const game_flow *f, int i) { return &f->tracers[i]; }

void game_flow_cost(const game_flow *f, double *a, double *b, double *c)
{
    *a = f->cost[0], *b = f->cost[1], *c = f->cost[2];
}
