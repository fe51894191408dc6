// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_push.c - stopping the paddle before it crushes a body (game_push.h).
 */
#include "game_push.h"

#include <math.h>
#include <stddef.h>
#include <stdbool.h>

#define TOLERANCE 0.004 /* m a contact may deepen in one step: Box2D's own slop */
#define HALVINGS 4

/* A solid shape in world space: a convex polygon or a circle. */
typedef struct convex {
    int n;                              /* 0 for a circle */
    double v[EDDY_MAX_POLYGON_VERTICES][2];
    double c[2], r;
} convex;

static int shapes_of(eddy_body *b, const double off[2], convex *out, int cap)
{
    int m = 0;
    for (int s = 0; s < eddy_body_shape_count(b) && m < cap; s++) {
        eddy_shape_info info;
        if (eddy_body_get_shape(b, s, &info, NULL) != EDDY_OK || info.is_sensor) continue;
        convex *k = &out[m++];
        if (info.type == EDDY_SHAPE_CIRCLE) {
            k->n = 0;
            eddy_body_world_point(b, info.center[0], info.center[1], k->c);
            k->c[0] += off[0], k->c[1] += off[1];
            k->r = info.radius;
        } else {
            k->n = info.vertex_count;
            for (int q = 0; q < info.vertex_count; q++) {
                eddy_body_world_point(b, info.vertices[q][0], info.vertices[q][1], k->v[q]);
                k->v[q][0] += off[0], k->v[q][1] += off[1];
            }
        }
    }
    return m;
}

static void project(const convex *k, double nx, double ny, double *lo, double *hi)
{
    if (k->n == 0) {
        double c = k->c[0] * nx + k->c[1] * ny;
        *lo = c - k->r, *hi = c + k->r;
        return;
    }
    *lo = INFINITY, *hi = -INFINITY;
    for (int q = 0; q < k->n; q++) {
        double p = k->v[q][0] * nx + k->v[q][1] * ny;
        *lo = fmin(*lo, p), *hi = fmax(*hi, p);
    }
}

/* Overlap of the two projections on the unit axis (nx, ny). */
static double overlap_on(const convex *a, const convex *b, double nx, double ny)
{
    double alo, ahi, blo, bhi;
    project(a, nx, ny, &alo, &ahi);
    project(b, nx, ny, &blo, &bhi);
    return fmin(ahi, bhi) - fmax(alo, blo);
}

/* Edge normals of a polygon, and for a circle against a polygon the axis
 * from the circle's centre to the polygon's nearest vertex. */
static double min_over_axes(const convex *a, const convex *b, double depth)
{
    for (int q = 0; q < a->n; q++) {
        const double *p0 = a->v[q], *p1 = a->v[(q + 1) % a->n];
        double ex = p1[0] - p0[0], ey = p1[1] - p0[1], len = hypot(ex, ey);
        if (len > 0) depth = fmin(depth, overlap_on(a, b, ey / len, -ex / len));
    }
    if (a->n > 0 && b->n == 0) {
        double best = INFINITY, ax = 1, ay = 0;
        for (int q = 0; q < a->n; q++) {
            double dx = b->c[0] - a->v[q][0], dy = b->c[1] - a->v[q][1], d = hypot(dx, dy);
            if (d < best && d > 0) best = d, ax = dx / d, ay = dy / d;
        }
        depth = fmin(depth, overlap_on(a, b, ax, ay));
    }
    return depth;
}

/* Penetration depth of two convex shapes by the separating axis test. */
static double convex_depth(const convex *a, const convex *b)
{
    if (a->n == 0 && b->n == 0)
        return a->r + b->r - hypot(a->c[0] - b->c[0], a->c[1] - b->c[1]);
    double depth = min_over_axes(a, b, INFINITY);
    return min_over_axes(b, a, depth);
}

double game_push_depth(eddy_body *a, const double offset_a[2], eddy_body *b,
                       const double offset_b[2])
{
    convex sa[8], sb[8];
    int na = shapes_of(a, offset_a, sa, 8), nb = shapes_of(b, offset_b, sb, 8);
    double depth = -INFINITY;
    for (int i = 0; i < na; i++)
        for (int j = 0; j < nb; j++) depth = fmax(depth, convex_depth(&sa[i], &sb[j]));
    return depth;
}

/* How far `other` (held still) must give way, along the move, when
 * `mover` moves by d: the overlap the move would leave (0 when they do not
 * meet, or the move does not deepen their contact). The overlap Box2D has
 * not yet resolved counts too: a fast kinematic body runs a little into
 * what it pushes, and that body still has to go the whole way. */
static double give_way(eddy_body *mover, const double d[2], eddy_body *other)
{
    static const double still[2] = {0, 0};
    double before = game_push_depth(mover, still, other, still);
    if (before < -hypot(d[0], d[1]) - TOLERANCE) return 0; /* out of reach */
    double after = game_push_depth(mover, d, other, still);
    return after > 0 && after > before + 1e-9 ? after : 0;
}

/* Moving a pushed body by d would leave it deeper in a fixed one than Box2D
 * lets a resting contact be (or deeper than it already is). */
static bool jams(eddy_body *pushed, const double d[2], eddy_body *fixed)
{
    static const double still[2] = {0, 0};
    double before = game_push_depth(pushed, still, fixed, still);
    if (before < -hypot(d[0], d[1]) - TOLERANCE) return false;
    double after = game_push_depth(pushed, d, fixed, still);
    return after > TOLERANCE && after > before + 1e-9;
}

/* How far a pushed body goes along u in this step: what it must give way,
 * or what its own speed takes it, whichever is more (a crate that rides a
 * fast lift keeps going when the lift slows). */
static double carried(eddy_body *b, double give, const double u[2], double dt)
{
    if (!(give > 0)) return 0;
    double v[2];
    eddy_body_linear_velocity(b, v);
    return fmax(give, (v[0] * u[0] + v[1] * u[1]) * dt);
}

/* Whether moving by d crushes something: each body it pushes (directly or
 * through other pushed bodies) gives way along the move by its overlap with
 * its pusher; none may end deeper in a static body. */
static bool crushes(eddy_body *mover, eddy_body *const *bodies, int count, const double d[2],
                    double dt)
{
    double len = hypot(d[0], d[1]);
    if (!(len > 0)) return false;
    double u[2] = {d[0] / len, d[1] / len};
    double shift[GAME_PUSH_MAX_BODIES][2];
    bool pushed[GAME_PUSH_MAX_BODIES] = {false};
    int queue[GAME_PUSH_MAX_BODIES], head = 0, tail = 0;
    for (int i = 0; i < count; i++) {
        if (bodies[i] == mover || eddy_body_get_type(bodies[i]) != EDDY_BODY_DYNAMIC) continue;
        double e = carried(bodies[i], give_way(mover, d, bodies[i]), u, dt);
        if (e > 0) shift[i][0] = e * u[0], shift[i][1] = e * u[1], pushed[i] = true, queue[tail++] = i;
    }
    while (head < tail) {
        int k = queue[head++];
        eddy_body *b = bodies[k];
        for (int i = 0; i < count; i++) {
            eddy_body *o = bodies[i];
            if (o == mover || i == k || pushed[i]) continue;
            eddy_body_type t = eddy_body_get_type(o);
            if (t == EDDY_BODY_STATIC && jams(b, shift[k], o)) return true;
            if (t != EDDY_BODY_DYNAMIC) continue;
            double e = carried(o, give_way(b, shift[k], o), u, dt);
            if (e > 0) shift[i][0] = e * u[0], shift[i][1] = e * u[1], pushed[i] = true, queue[tail++] = i;
        }
    }
    return false;
}

double game_push_fraction(eddy_body *mover, eddy_body *const *bodies, int count, double dx,
                          double dy, double dt)
{
    if (count > GAME_PUSH_MAX_BODIES) count = GAME_PUSH_MAX_BODIES;
    double f = 1.0;
    for (int k = 0; k <= HALVINGS; k++, f *= 0.5) {
        double d[2] = {f * dx, f * dy};
        if (!crushes(mover, bodies, count, d, dt)) return f;
    }
    return 0.0;
}
