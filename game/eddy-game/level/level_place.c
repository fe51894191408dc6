// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* level_place.c - the start of a level checked for overlaps (level_place.h).
 *
 * Every shape is a convex polygon or a circle: a body's box or polygon in
 * world coordinates, a wall's polygon cut into triangles by the engine
 * (eddy_wall_triangles). Two convex polygons overlap by the smallest
 * overlap of their projections on the edge normals of both (separating
 * axes); a circle and a convex polygon by the radius minus the centre's
 * signed distance to the polygon; two circles by the sum of their radii
 * minus the distance of their centres. */
#include "level_place.h"

#include <math.h>
#include <stdio.h>

#define MAX_CORNERS (EDDY_MAX_POLYGON_VERTICES > 4 ? EDDY_MAX_POLYGON_VERTICES : 4)

typedef struct shape {
    bool circle;
    double cx, cy, r;           /* circle */
    int n;                      /* polygon corners */
    double p[MAX_CORNERS][2];
} shape;

static shape body_shape(const eddy_scene_body *b)
{
    shape s = {0};
    double c = cos(b->angle), sn = sin(b->angle);
    if (b->shape == EDDY_SCENE_CIRCLE) {
        s.circle = true, s.cx = b->x, s.cy = b->y, s.r = b->radius;
        return s;
    }
    double local[MAX_CORNERS][2];
    if (b->shape == EDDY_SCENE_BOX) {
        const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
        for (int k = 0; k < 4; k++) local[k][0] = sx[k] * b->hw, local[k][1] = sy[k] * b->hh;
        s.n = 4;
    } else {
        s.n = b->point_count < MAX_CORNERS ? b->point_count : MAX_CORNERS;
        for (int k = 0; k < s.n; k++) local[k][0] = b->points[k][0], local[k][1] = b->points[k][1];
    }
    for (int k = 0; k < s.n; k++) {
        s.p[k][0] = b->x + c * local[k][0] - sn * local[k][1];
        s.p[k][1] = b->y + sn * local[k][0] + c * local[k][1];
    }
    return s;
}

/* The polygon's extent along the unit axis (ax, ay). */
static void project(const shape *s, double ax, double ay, double *lo, double *hi)
{
    if (s->circle) {
        double m = s->cx * ax + s->cy * ay;
        *lo = m - s->r, *hi = m + s->r;
        return;
    }
    *lo = INFINITY, *hi = -INFINITY;
    for (int k = 0; k < s->n; k++) {
        double m = s->p[k][0] * ax + s->p[k][1] * ay;
        if (m < *lo) *lo = m;
        if (m > *hi) *hi = m;
    }
}

/* Smallest overlap of the projections on a's edge normals. */
static double axes_overlap(const shape *a, const shape *b)
{
    double least = INFINITY;
    for (int k = 0; k < a->n; k++) {
        const double *p = a->p[k], *q = a->p[(k + 1) % a->n];
        double nx = q[1] - p[1], ny = p[0] - q[0], len = hypot(nx, ny);
        if (len <= 0) continue;
        nx /= len, ny /= len;
        double alo, ahi, blo, bhi;
        project(a, nx, ny, &alo, &ahi);
        project(b, nx, ny, &blo, &bhi);
        double o = fmin(ahi, bhi) - fmax(alo, blo);
        if (o < least) least = o;
    }
    return least;
}

/* Signed distance from (x, y) to the convex polygon: > 0 outside. */
static double polygon_distance(const shape *s, double x, double y)
{
    double inside = INFINITY, cx = 0, cy = 0;
    for (int k = 0; k < s->n; k++) cx += s->p[k][0] / s->n, cy += s->p[k][1] / s->n;
    bool in = true;
    double nearest = INFINITY;
    for (int k = 0; k < s->n; k++) {
        const double *p = s->p[k], *q = s->p[(k + 1) % s->n];
        double ex = q[0] - p[0], ey = q[1] - p[1], len = hypot(ex, ey);
        if (len <= 0) continue;
        double nx = ey / len, ny = -ex / len;
        if ((cx - p[0]) * nx + (cy - p[1]) * ny > 0) nx = -nx, ny = -ny; /* outward */
        double d = (x - p[0]) * nx + (y - p[1]) * ny;
        if (d > 0) in = false;
        if (-d < inside) inside = -d;
        double t = ((x - p[0]) * ex + (y - p[1]) * ey) / (len * len);
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        double dd = hypot(x - (p[0] + t * ex), y - (p[1] + t * ey));
        if (dd < nearest) nearest = dd;
    }
    return in ? -inside : nearest;
}

static double shape_overlap(const shape *a, const shape *b)
{
    if (a->circle && b->circle) return a->r + b->r - hypot(a->cx - b->cx, a->cy - b->cy);
    if (a->circle) return a->r - polygon_distance(b, a->cx, a->cy);
    if (b->circle) return b->r - polygon_distance(a, b->cx, b->cy);
    return fmin(axes_overlap(a, b), axes_overlap(b, a));
}

double level_place_body_overlap(const eddy_scene_body *a, const eddy_scene_body *b)
{
    shape sa = body_shape(a), sb = body_shape(b);
    return shape_overlap(&sa, &sb);
}

double level_place_wall_overlap(const eddy_scene_body *a, const eddy_wall *w)
{
    shape sa = body_shape(a);
    if (w->kind == EDDY_WALL_CIRCLE) {
        shape sw = {.circle = true, .cx = w->x, .cy = w->y, .r = w->radius};
        return shape_overlap(&sa, &sw);
    }
    double tri[EDDY_WALL_MAX_POINTS][3][2];
    int t = eddy_wall_triangles(w, tri, EDDY_WALL_MAX_POINTS);
    double most = -INFINITY;
    for (int k = 0; k < t; k++) {
        shape st = {.n = 3};
        for (int c = 0; c < 3; c++) st.p[c][0] = tri[k][c][0], st.p[c][1] = tri[k][c][1];
        double o = shape_overlap(&sa, &st);
        if (o > most) most = o;
    }
    return most;
}

/* How far the shape reaches out of the W x H tank (m, <= 0 inside). */
static double outside_tank(const shape *s, double W, double H)
{
    double lo, hi, out = -INFINITY;
    project(s, 1, 0, &lo, &hi);
    out = fmax(out, fmax(-lo, hi - W));
    project(s, 0, 1, &lo, &hi);
    out = fmax(out, fmax(-lo, hi - H));
    return out;
}

static void body_name(const game_level *L, int b, char *out, size_t cap)
{
    if (b == L->body_count) snprintf(out, cap, "the paddle");
    else if (L->bodies[b].name[0]) snprintf(out, cap, "bodies[%d] '%s'", b, L->bodies[b].name);
    else snprintf(out, cap, "bodies[%d]", b);
}

static bool inside_rock(const eddy_scene_view *v, double x, double y, int *which)
{
    for (int w = 0; w < v->wall_count; w++)
        if (eddy_wall_contains(&v->walls[w], x, y)) {
            *which = w;
            return true;
        }
    return false;
}

static bool check_bodies(const game_level *L, const eddy_scene_view *v, char *why, size_t cap)
{
    const double W = L->asset.width, H = L->asset.height;
    char a[64], b[64];
    for (int i = 0; i < v->body_count; i++) {
        shape s = body_shape(&v->bodies[i]);
        body_name(L, i, a, sizeof a);
        double out = outside_tank(&s, W, H);
        if (out > LEVEL_PLACE_SLOP) {
            snprintf(why, cap, "%s at (%g, %g): reaches %.2f m out of the %g x %g m tank", a,
                     v->bodies[i].x, v->bodies[i].y, out, W, H);
            return false;
        }
        for (int w = 0; w < v->wall_count; w++) {
            double o = level_place_wall_overlap(&v->bodies[i], &v->walls[w]);
            if (o > LEVEL_PLACE_SLOP) {
                snprintf(why, cap, "%s at (%g, %g): overlaps the rock walls[%d] by %.2f m", a,
                         v->bodies[i].x, v->bodies[i].y, w, o);
                return false;
            }
        }
        for (int j = 0; j < i; j++) {
            double o = level_place_body_overlap(&v->bodies[j], &v->bodies[i]);
            if (o > LEVEL_PLACE_SLOP) {
                body_name(L, j, b, sizeof b);
                snprintf(why, cap, "%s at (%g, %g): overlaps %s by %.2f m", a, v->bodies[i].x,
                         v->bodies[i].y, b, o);
                return false;
            }
        }
    }
    return true;
}

/* The share of a goal's rectangle that is rock, on a 16 x 16 grid of points. */
static double rock_share(const eddy_scene_view *v, const double r[4])
{
    int in = 0, w;
    for (int j = 0; j < 16; j++)
        for (int i = 0; i < 16; i++)
            in += inside_rock(v, r[0] + (i + 0.5) / 16 * (r[2] - r[0]),
                              r[1] + (j + 0.5) / 16 * (r[3] - r[1]), &w);
    return in / 256.0;
}

bool level_place_check(const game_level *L, char *why, size_t cap)
{
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    if (!check_bodies(L, &v, why, cap)) return false;
    int w;
    for (int i = 0; i < L->jet_count; i++)
        if (inside_rock(&v, L->jets[i].at[0], L->jets[i].at[1], &w)) {
            snprintf(why, cap, "jets[%d] '%s': its nozzle at (%g, %g) is inside the rock walls[%d]",
                     i, L->jets[i].label, L->jets[i].at[0], L->jets[i].at[1], w);
            return false;
        }
    for (int i = 0; i < L->goal_count; i++) {
        const double *r = L->goals[i].rect;
        if (inside_rock(&v, 0.5 * (r[0] + r[2]), 0.5 * (r[1] + r[3]), &w)) {
            snprintf(why, cap, "goals[%d] '%s': its centre is inside the rock walls[%d]", i,
                     L->goals[i].label, w);
            return false;
        }
        double share = rock_share(&v, r);
        if (share > 0.5) {
            snprintf(why, cap, "goals[%d] '%s': rock covers %.0f%% of it", i, L->goals[i].label,
                     100 * share);
            return false;
        }
    }
    return true;
}
