// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* grid_advect.c - advection of a staggered velocity field by itself.
 *
 * Semi-Lagrangian (docs/design.md, "The full-grid solver"):
 * the value a sample has after dt is the value the field had at the point
 * the fluid there came from, x - dt v, found by a midpoint (RK2) back-trace
 * and read by bilinear interpolation of the component's own staggered grid.
 * MacCormack adds one backward semi-Lagrangian pass to estimate the forward
 * pass's error and corrects half of it, then clamps the result to the range
 * of the samples the forward pass interpolated, so no new extrema appear.
 */
#include "grid_private.h"

#include <math.h>

/* Bilinear read of one component's sample lattice. The lattice has columns
 * x = (i + ox) hx, i = 0..ni-1, and rows y = (j + oy) hy, j = 0..nj-1, stored
 * at base + j * ni + i. Points outside the lattice take the nearest edge value
 * (clamping). lo/hi (if not NULL) receive the range of the four samples used. */
typedef struct lattice {
    const double *base;
    int ni, nj;
    double ox, oy;
} lattice;

static double clampd(double x, double a, double b) { return x < a ? a : (x > b ? b : x); }
static double min2(double a, double b) { return a < b ? a : b; }
static double max2(double a, double b) { return a > b ? a : b; }

static double lattice_read(const lattice *L, const eddy_mac *g, double x, double y, double *lo,
                           double *hi)
{
    double fx = clampd(x / g->hx - L->ox, 0.0, L->ni - 1);
    double fy = clampd(y / g->hy - L->oy, 0.0, L->nj - 1);
    int i = (int)fx, j = (int)fy;
    if (i > L->ni - 2) i = L->ni - 2;
    if (j > L->nj - 2) j = L->nj - 2;
    double tx = fx - i, ty = fy - j;
    const double *row0 = L->base + (size_t)j * L->ni + i, *row1 = row0 + L->ni;
    double a = row0[0], b = row0[1], c = row1[0], d = row1[1];
    if (lo) {
        *lo = min2(min2(a, b), min2(c, d));
        *hi = max2(max2(a, b), max2(c, d));
    }
    return (1.0 - ty) * ((1.0 - tx) * a + tx * b) + ty * ((1.0 - tx) * c + tx * d);
}

/* The u lattice: vertical faces (i hx, (j + 1/2) hy); the v lattice:
 * horizontal faces ((i + 1/2) hx, j hy). */
static lattice u_lattice(const eddy_mac *g, const double *field)
{
    return (lattice){field, g->nx + 1, g->ny, 0.0, 0.5};
}

static lattice v_lattice(const eddy_mac *g, const double *field)
{
    return (lattice){field + eddy_mac_u_count(g), g->nx, g->ny + 1, 0.5, 0.0};
}

static void velocity_at(const eddy_mac *g, const lattice *U, const lattice *V, double x,
                        double y, double *u, double *v)
{
    *u = lattice_read(U, g, x, y, NULL, NULL);
    *v = lattice_read(V, g, x, y, NULL, NULL);
}

/* Where the fluid now at (x, y) was dt ago: midpoint rule through the velocity
 * lattices U, V, clamped into the domain. */
static void trace_back(const eddy_mac *g, const lattice *U, const lattice *V, double dt,
                       double x, double y, double *bx, double *by)
{
    double u, v;
    velocity_at(g, U, V, x, y, &u, &v);
    double mx = x - 0.5 * dt * u, my = y - 0.5 * dt * v;
    velocity_at(g, U, V, mx, my, &u, &v);
    *bx = clampd(x - dt * u, 0.0, g->width);
    *by = clampd(y - dt * v, 0.0, g->height);
}

/* out = q carried for dt by the velocity field vel (one semi-Lagrangian pass
 * over every sample of both components). lo/hi (may be NULL) receive the
 * interpolation stencil's range per sample. */
static void semi_lagrangian(const eddy_mac *g, const double *vel, const double *q, double dt,
                            double *out, double *lo, double *hi)
{
    lattice U = u_lattice(g, vel), V = v_lattice(g, vel);
    lattice QU = u_lattice(g, q), QV = v_lattice(g, q);
    int nx = g->nx, ny = g->ny;
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            int s = eddy_mac_u(g, i, j);
            double bx, by;
            trace_back(g, &U, &V, dt, i * g->hx, (j + 0.5) * g->hy, &bx, &by);
            out[s] = lattice_read(&QU, g, bx, by, lo ? lo + s : NULL, hi ? hi + s : NULL);
        }
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i < nx; ++i) {
            int s = eddy_mac_v(g, i, j);
            double bx, by;
            trace_back(g, &U, &V, dt, (i + 0.5) * g->hx, j * g->hy, &bx, &by);
            out[s] = lattice_read(&QV, g, bx, by, lo ? lo + s : NULL, hi ? hi + s : NULL);
        }
}

/* MacCormack (Selle et al. 2008): forward pass f, backward pass b from f;
 * f + (q - b) / 2 cancels the leading error of the forward pass. Clamped to
 * the forward stencil's range, which also makes it exact on uniform fields. */
static void maccormack(eddy_grid_solver *s, const double *q, double dt, double *out)
{
    const eddy_mac *g = &s->mac;
    semi_lagrangian(g, q, q, dt, s->fwd, s->lo, s->hi);
    semi_lagrangian(g, q, s->fwd, -dt, s->bwd, NULL, NULL);
    for (int k = 0; k < s->faces; ++k)
        out[k] = clampd(s->fwd[k] + 0.5 * (q[k] - s->bwd[k]), s->lo[k], s->hi[k]);
}

void eddyi_grid_advect_into(eddy_grid_solver *s, const double *field, double dt, double *out)
{
    if (s->advection == EDDY_GRID_ADVECT_SEMI_LAGRANGIAN)
        semi_lagrangian(&s->mac, field, field, dt, out, NULL, NULL);
    else
        maccormack(s, field, dt, out);
}
