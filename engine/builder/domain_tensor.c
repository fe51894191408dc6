// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* domain_tensor.c - the advection tensor (5.7) of modes on a grid with walls
 * (issue 14): C_ikj = -<b_k, (b_i . grad) b_j>_W by quadrature, as
 * tensor_grid.c does for the box, with the walls in the difference stencils.
 *
 * Near a wall the central differences need samples on the far side of it.
 * A face inside the rock (both its cells solid, or beyond the box) takes the
 * value of the face being differenced, the mirror (free-slip) ghost that
 * tensor_grid.c uses at the box: the modes' vorticity lambda psi vanishes on
 * every wall, as it does on the box. A face on the wall itself (one solid
 * cell) holds the normal velocity there, zero, which is used as it is.
 * Whatever the stencil does at walls, the tensor is skew-symmetrised after,
 * so inviscid flow keeps its energy exactly.
 *
 * Cost: per velocity slot i, r advections on the grid (V_j = W (b_i . grad)
 * b_j), then -B^T V by one matrix product (BLAS dgemm): r^3 n multiply-adds
 * in all, n the samples; 128 modes on 128 x 128 cells take a few seconds. */
#include "domain_build.h"
#include "eddy_build.h"

#include <cblas.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

static bool solid_cell(const eddy_mac *g, const uint8_t *solid, int i, int j)
{
    return i < 0 || j < 0 || i >= g->nx || j >= g->ny || solid[eddy_cell(g, i, j)];
}

/* u at face (i, j) as seen from the open u face (ic, jc). */
static double u_near(const eddy_mac *g, const uint8_t *solid, const double *f, int i, int j,
                     int ic, int jc)
{
    if (j < 0 || j >= g->ny || (solid_cell(g, solid, i - 1, j) && solid_cell(g, solid, i, j)))
        return f[eddy_mac_u(g, ic, jc)];
    return f[eddy_mac_u(g, i, j)];
}

static double v_near(const eddy_mac *g, const uint8_t *solid, const double *f, int i, int j,
                     int ic, int jc)
{
    if (i < 0 || i >= g->nx || (solid_cell(g, solid, i, j - 1) && solid_cell(g, solid, i, j)))
        return f[eddy_mac_v(g, ic, jc)];
    return f[eddy_mac_v(g, i, j)];
}

void eddyi_mac_advect_masked(const eddy_mac *g, const uint8_t *solid, const double *vel,
                            const double *q, double *out)
{
    memset(out, 0, (size_t)eddy_mac_size(g) * sizeof *out);
    double ihx = 0.5 / g->hx, ihy = 0.5 / g->hy;
    for (int j = 0; j < g->ny; ++j)
        for (int i = 1; i < g->nx; ++i) {
            if (solid[eddy_cell(g, i - 1, j)] || solid[eddy_cell(g, i, j)]) continue;
            double uu = vel[eddy_mac_u(g, i, j)];
            double vv = 0.25 * (vel[eddy_mac_v(g, i - 1, j)] + vel[eddy_mac_v(g, i, j)] +
                                vel[eddy_mac_v(g, i - 1, j + 1)] + vel[eddy_mac_v(g, i, j + 1)]);
            double ddx = (q[eddy_mac_u(g, i + 1, j)] - q[eddy_mac_u(g, i - 1, j)]) * ihx;
            double ddy = (u_near(g, solid, q, i, j + 1, i, j) - u_near(g, solid, q, i, j - 1, i, j)) *
                         ihy;
            out[eddy_mac_u(g, i, j)] = uu * ddx + vv * ddy;
        }
    for (int j = 1; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            if (solid[eddy_cell(g, i, j - 1)] || solid[eddy_cell(g, i, j)]) continue;
            double uu = 0.25 * (vel[eddy_mac_u(g, i, j - 1)] + vel[eddy_mac_u(g, i + 1, j - 1)] +
                                vel[eddy_mac_u(g, i, j)] + vel[eddy_mac_u(g, i + 1, j)]);
            double vv = vel[eddy_mac_v(g, i, j)];
            double ddx = (v_near(g, solid, q, i + 1, j, i, j) - v_near(g, solid, q, i - 1, j, i, j)) *
                         ihx;
            double ddy = (q[eddy_mac_v(g, i, j + 1)] - q[eddy_mac_v(g, i, j - 1)]) * ihy;
            out[eddy_mac_v(g, i, j)] = uu * ddx + vv * ddy;
        }
}

/* eddyi_mac_advect_masked as a fixed stencil, for the many products of one
 * build: per open face, the samples its differences take (the ghost rule
 * above resolved once) and, per velocity slot, the transport velocity and
 * quadrature weight folded into two coefficients, so that each product is
 * out[f] = cx[f] (q[east] - q[west]) + cy[f] (q[north] - q[south]). */
typedef struct advect_stencil {
    int count;          /* open faces */
    int *face;          /* count: the face sample */
    int *nb;            /* 4 per face: west, east, south, north sample */
    double *cx, *cy;    /* count: per slot, w (vel_x) / 2hx and w (vel_y) / 2hy */
} advect_stencil;

static void stencil_free(advect_stencil *s)
{
    eddy_free(s->face), eddy_free(s->nb), eddy_free(s->cx), eddy_free(s->cy);
}

static bool stencil_build(const eddy_mac *g, const uint8_t *solid, advect_stencil *s)
{
    size_t n = (size_t)eddy_mac_size(g);
    s->face = eddy_alloc(n * sizeof *s->face);
    s->nb = eddy_alloc(4 * n * sizeof *s->nb);
    s->cx = eddy_alloc(n * sizeof *s->cx);
    s->cy = eddy_alloc(n * sizeof *s->cy);
    s->count = 0;
    if (!s->face || !s->nb || !s->cx || !s->cy) return false;
    for (int j = 0; j < g->ny; ++j)
        for (int i = 1; i < g->nx; ++i) {
            if (solid[eddy_cell(g, i - 1, j)] || solid[eddy_cell(g, i, j)]) continue;
            int c = s->count++, f = eddy_mac_u(g, i, j);
            bool south = j - 1 < 0 || (solid_cell(g, solid, i - 1, j - 1) && solid_cell(g, solid, i, j - 1));
            bool north = j + 1 >= g->ny || (solid_cell(g, solid, i - 1, j + 1) && solid_cell(g, solid, i, j + 1));
            s->face[c] = f;
            s->nb[4 * c] = eddy_mac_u(g, i - 1, j), s->nb[4 * c + 1] = eddy_mac_u(g, i + 1, j);
            s->nb[4 * c + 2] = south ? f : eddy_mac_u(g, i, j - 1);
            s->nb[4 * c + 3] = north ? f : eddy_mac_u(g, i, j + 1);
        }
    for (int j = 1; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            if (solid[eddy_cell(g, i, j - 1)] || solid[eddy_cell(g, i, j)]) continue;
            int c = s->count++, f = eddy_mac_v(g, i, j);
            bool west = i - 1 < 0 || (solid_cell(g, solid, i - 1, j - 1) && solid_cell(g, solid, i - 1, j));
            bool east = i + 1 >= g->nx || (solid_cell(g, solid, i + 1, j - 1) && solid_cell(g, solid, i + 1, j));
            s->face[c] = f;
            s->nb[4 * c] = west ? f : eddy_mac_v(g, i - 1, j);
            s->nb[4 * c + 1] = east ? f : eddy_mac_v(g, i + 1, j);
            s->nb[4 * c + 2] = eddy_mac_v(g, i, j - 1), s->nb[4 * c + 3] = eddy_mac_v(g, i, j + 1);
        }
    return true;
}

/* The slot's coefficients: the transport velocity at each open face (its own
 * component, the other averaged from the four around it, as in
 * eddyi_mac_advect_masked) times the face's weight over twice the spacing. */
static void stencil_slot(const eddy_mac *g, advect_stencil *s, const double *vel, const double *w)
{
    int nu = eddy_mac_u_count(g);
    for (int c = 0; c < s->count; ++c) {
        int f = s->face[c];
        double ux, vy;
        if (f < nu) {
            int i = f % (g->nx + 1), j = f / (g->nx + 1);
            ux = vel[f];
            vy = 0.25 * (vel[eddy_mac_v(g, i - 1, j)] + vel[eddy_mac_v(g, i, j)] +
                         vel[eddy_mac_v(g, i - 1, j + 1)] + vel[eddy_mac_v(g, i, j + 1)]);
        } else {
            int i = (f - nu) % g->nx, j = (f - nu) / g->nx;
            ux = 0.25 * (vel[eddy_mac_u(g, i, j - 1)] + vel[eddy_mac_u(g, i + 1, j - 1)] +
                         vel[eddy_mac_u(g, i, j)] + vel[eddy_mac_u(g, i + 1, j)]);
            vy = vel[f];
        }
        s->cx[c] = w[f] * ux * 0.5 / g->hx;
        s->cy[c] = w[f] * vy * 0.5 / g->hy;
    }
}

/* out = W (vel . grad) q on the open faces (zero elsewhere). */
static void stencil_apply(const advect_stencil *s, const double *q, double *out, size_t n)
{
    memset(out, 0, n * sizeof *out);
    for (int c = 0; c < s->count; ++c) {
        const int *nb = &s->nb[4 * c];
        out[s->face[c]] = s->cx[c] * (q[nb[1]] - q[nb[0]]) + s->cy[c] * (q[nb[3]] - q[nb[2]]);
    }
}

eddy_result eddyi_domain_tensor(const eddy_mac *g, const uint8_t *solid, const double *fields,
                               int count, double drop, eddy_tensor *out,
                               const eddy_build_desc *d, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    size_t r = (size_t)count, n = (size_t)eddy_mac_size(g);
    double *dense = eddy_alloc(r * r * r * sizeof *dense); /* [i][k][j] */
    double *V = eddy_alloc(r * n * sizeof *V);
    double *w = eddy_alloc(n * sizeof *w);
    advect_stencil st = {0};
    if (!dense || !V || !w || !stencil_build(g, solid, &st)) {
        eddy_free(dense), eddy_free(V), eddy_free(w);
        stencil_free(&st);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %d-mode tensor", count);
    }
    for (size_t s = 0; s < n; ++s) w[s] = eddy_mac_weight(g, (int)s);
    double biggest = 0.0;
    for (size_t i = 0; i < r; ++i) {
        stencil_slot(g, &st, fields + i * n, w);
        for (size_t j = 0; j < r; ++j) stencil_apply(&st, fields + j * n, V + j * n, n);
        /* column-major C (r x r) = -V^T B: C[j + k r] = -<V_j, b_k> = C_ikj,
         * which is A_i row-major, row k, column j */
        double *slot = dense + i * r * r;
        cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, count, count, (int)n, -1.0, V,
                    (int)n, fields, (int)n, 0.0, slot, count);
        for (size_t e = 0; e < r * r; ++e) biggest = fmax(biggest, fabs(slot[e]));
        if (d && d->progress)
            d->progress(d->progress_user, "advection tensor", 0.5 + 0.45 * (double)(i + 1) / r);
    }
    double cut = drop * biggest;
    int64_t nnz = 0;
    for (size_t e = 0; e < r * r * r; ++e) nnz += fabs(dense[e]) > cut;
    eddy_result res = eddyi_tensor_alloc(out, count, nnz, err);
    if (res == EDDY_OK) {
        int64_t e = 0;
        for (size_t i = 0; i < r; ++i) {
            out->start[i] = e;
            for (size_t k = 0; k < r; ++k)
                for (size_t j = 0; j < r; ++j) {
                    double c = dense[(i * r + k) * r + j];
                    if (fabs(c) <= cut) continue;
                    out->k[e] = (int32_t)k, out->j[e] = (int32_t)j, out->value[e] = c;
                    ++e;
                }
        }
        out->start[r] = e;
        res = eddyi_tensor_skew_symmetrize(out, err);
        if (res != EDDY_OK) eddyi_tensor_free(out);
    }
    eddy_free(dense), eddy_free(V), eddy_free(w);
    stencil_free(&st);
    return res;
}
