// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* surface_build.c - the sloshing modes of a tank filled to a depth (issue 20,
 * engine/fluid/surface_modes.h): the closed form for the box basin, and for a
 * level with rock the Steklov-type eigenproblem solved on the water's cells.
 *
 * THE PROBLEM. A velocity potential phi in the water with no flux through the
 * floor, the sides and rock, and on the free surface y = D the linearised
 * condition g d phi / dy = omega^2 phi (from d eta / dt = d phi / dy and
 * d phi / dt = -g eta). Its weak form is
 *     integral over the water of |grad phi|^2 = mu integral over the surface of phi^2,
 * mu = omega^2 / g: a generalised eigenproblem K x = mu M x with M nonzero only
 * on the surface.
 *
 * DISCRETISATION (finite volumes). phi at the centre of every water cell, and
 * phi_s at the middle of every top face of a water cell in the top row (the
 * open surface). K is the graph Laplacian of the cells' faces: a face between
 * two water cells joins their centres with weight (face length) / (centre
 * distance), hy / hx across a vertical face, hx / hy across a horizontal one;
 * a surface face joins its cell's centre to phi_s with 2 hx / hy (half a cell
 * away); faces on rock, the floor or the sides join nothing (no flux). M is hx
 * on every phi_s. The surface condition then reads, for each surface face,
 *     (2 hx / hy) (phi_s - phi_c) = mu hx phi_s,
 * its flux equals mu phi_s times its length: d phi / dy = mu phi there.
 *
 * SOLUTION. Eliminating the cells leaves the Dirichlet-to-Neumann map on the
 * surface, S = K_ss - K_sc K_cc^-1 K_cs (dense, one row per surface face):
 * K_cc is the cells' Laplacian with the surface links on its diagonal, so it
 * is positive definite (every cell reaches the surface), and factorised once
 * by CHOLMOD; its inverse's top-row block comes from one solve per surface
 * face. Then S v = mu hx v is a small dense symmetric eigenproblem (LAPACK
 * dsyev). Its smallest eigenvalue is 0, the constant (the mean level), which
 * is left out; the next count are the modes. Each mode's cell values follow
 * from one more solve, phi_c = K_cc^-1 (2 hx / hy) v, and its velocity per
 * unit da/dt is grad phi / mu on the MAC faces: differences across open
 * faces, zero on closed ones, (phi_s - phi_c) / (hy / 2) / mu = phi_s on the
 * surface faces (the discrete surface condition above). The error of mu is
 * second order in the cell size: tests/test_surface.c measures it against the
 * closed form on a box. */
#include "builder_internal.h"
#include "domain.h"
#include "surface_modes.h"

#include <lapacke.h>
#include <suitesparse/cholmod.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct steklov {
    eddy_mac g;
    const uint8_t *solid;
    int cells;            /* water cells */
    int *cell_of;         /* nx * ny: water cell index or -1 */
    int surface;          /* open surface faces */
    int *surface_cell;    /* surface face -> its cell (water cell index) */
    int *surface_column;  /* surface face -> column i */
    cholmod_common cm;
    cholmod_sparse *K;
    cholmod_factor *L;
    bool started;
} steklov;

static void steklov_free(steklov *s)
{
    eddy_free(s->cell_of), eddy_free(s->surface_cell), eddy_free(s->surface_column);
    if (s->started) {
        cholmod_free_factor(&s->L, &s->cm);
        cholmod_free_sparse(&s->K, &s->cm);
        cholmod_finish(&s->cm);
    }
}

static bool water(const steklov *s, int i, int j)
{
    return i >= 0 && j >= 0 && i < s->g.nx && j < s->g.ny &&
           (!s->solid || s->solid[(size_t)j * (size_t)s->g.nx + (size_t)i] == 0);
}

static eddy_result index_cells(steklov *s, eddy_error *err)
{
    const eddy_mac *g = &s->g;
    s->cell_of = eddy_alloc((size_t)g->nx * (size_t)g->ny * sizeof *s->cell_of);
    s->surface_cell = eddy_alloc((size_t)g->nx * sizeof *s->surface_cell);
    s->surface_column = eddy_alloc((size_t)g->nx * sizeof *s->surface_column);
    if (!s->cell_of || !s->surface_cell || !s->surface_column)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface modes");
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i)
            s->cell_of[j * g->nx + i] = water(s, i, j) ? s->cells++ : -1;
    for (int i = 0; i < g->nx; ++i)
        if (water(s, i, g->ny - 1)) {
            s->surface_cell[s->surface] = s->cell_of[(g->ny - 1) * g->nx + i];
            s->surface_column[s->surface++] = i;
        }
    if (s->surface < 2)
        return eddy_fail(err, EDDY_ERR_FORMAT, "surface: the water reaches its surface in %d "
                         "column%s: a free surface needs at least two", s->surface,
                         s->surface == 1 ? "" : "s");
    return EDDY_OK;
}

/* K_cc, upper triangle: the cells' faces and the surface links. */
static eddy_result factor_cells(steklov *s, eddy_error *err)
{
    const eddy_mac *g = &s->g;
    double wx = g->hy / g->hx, wy = g->hx / g->hy, ws = 2.0 * g->hx / g->hy;
    cholmod_start(&s->cm);
    s->started = true;
    s->cm.print = 0;
    s->cm.error_handler = NULL;
    s->cm.supernodal = CHOLMOD_SIMPLICIAL;
    s->cm.nmethods = 1;
    s->cm.method[0].ordering = CHOLMOD_AMD;
    cholmod_triplet *T = cholmod_allocate_triplet((size_t)s->cells, (size_t)s->cells,
                                                  3 * (size_t)s->cells, 1, CHOLMOD_REAL, &s->cm);
    if (!T) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface modes");
    int *ri = T->i, *ci = T->j;
    double *x = T->x;
    size_t e = 0;
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            int c = s->cell_of[j * g->nx + i];
            if (c < 0) continue;
            double diag = 0.0;
            if (water(s, i - 1, j)) diag += wx;
            if (water(s, i + 1, j)) {
                diag += wx;
                ri[e] = c, ci[e] = s->cell_of[j * g->nx + i + 1], x[e++] = -wx;
            }
            if (water(s, i, j - 1)) diag += wy;
            if (water(s, i, j + 1)) {
                diag += wy;
                ri[e] = c, ci[e] = s->cell_of[(j + 1) * g->nx + i], x[e++] = -wy;
            }
            if (j == g->ny - 1) diag += ws;
            ri[e] = c, ci[e] = c, x[e++] = diag;
        }
    T->nnz = e;
    s->K = cholmod_triplet_to_sparse(T, e, &s->cm);
    cholmod_free_triplet(&T, &s->cm);
    if (s->K) s->L = cholmod_analyze(s->K, &s->cm);
    if (s->L) cholmod_factorize(s->K, s->L, &s->cm);
    if (!s->K || !s->L || s->cm.status != CHOLMOD_OK || s->L->minor < s->L->n)
        return eddy_fail(err, s->cm.status == CHOLMOD_OUT_OF_MEMORY ? EDDY_ERR_MEMORY
                                                                    : EDDY_ERR_NUMERIC,
                         "surface: the factorisation of the %d water cells failed (CHOLMOD "
                         "status %d)", s->cells, s->cm.status);
    return EDDY_OK;
}

/* x = K_cc^-1 b over the water cells. */
static eddy_result solve_cells(steklov *s, const double *b, double *x, eddy_error *err)
{
    cholmod_dense *B = cholmod_zeros((size_t)s->cells, 1, CHOLMOD_REAL, &s->cm);
    if (!B) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface modes");
    memcpy(B->x, b, (size_t)s->cells * sizeof *b);
    cholmod_dense *X = cholmod_solve(CHOLMOD_A, s->L, B, &s->cm);
    cholmod_free_dense(&B, &s->cm);
    if (!X) return eddy_fail(err, EDDY_ERR_NUMERIC, "surface: a sparse solve failed");
    memcpy(x, X->x, (size_t)s->cells * sizeof *x);
    cholmod_free_dense(&X, &s->cm);
    return EDDY_OK;
}

/* The Dirichlet-to-Neumann map over hx: the matrix of the eigenproblem
 * S v = mu hx v, column-major n x n (symmetric). */
static eddy_result surface_operator(steklov *s, double *A, double *b, double *x, eddy_error *err)
{
    const eddy_mac *g = &s->g;
    int n = s->surface;
    double ws = 2.0 * g->hx / g->hy;
    for (int q = 0; q < n; ++q) {
        memset(b, 0, (size_t)s->cells * sizeof *b);
        b[s->surface_cell[q]] = 1.0;
        eddy_result res = solve_cells(s, b, x, err);
        if (res != EDDY_OK) return res;
        for (int p = 0; p < n; ++p)
            A[(size_t)q * n + p] = ((p == q ? ws : 0.0) - ws * ws * x[s->surface_cell[p]]) / g->hx;
    }
    for (int q = 0; q < n; ++q) /* symmetrise the round-off */
        for (int p = q + 1; p < n; ++p) {
            double m = 0.5 * (A[(size_t)q * n + p] + A[(size_t)p * n + q]);
            A[(size_t)q * n + p] = A[(size_t)p * n + q] = m;
        }
    return EDDY_OK;
}

/* One mode into the surface: shape e (unit sign: its first clear value
 * positive; scaled to integral e^2 = W_s / 2, as cos(k x) over a box) and
 * velocity field grad phi / mu. */
static eddy_result store_mode(steklov *s, eddy_asset_surface *out, int m, double mu, const double *v,
                              double *b, double *phi, eddy_error *err)
{
    const eddy_mac *g = &s->g;
    int n = s->surface;
    double sum = 0.0, sign = 0.0;
    for (int p = 0; p < n; ++p) {
        sum += g->hx * v[p] * v[p];
        if (sign == 0.0 && fabs(v[p]) > 1e-8) sign = v[p] > 0.0 ? 1.0 : -1.0;
    }
    double scale = (sign == 0.0 ? 1.0 : sign) * sqrt(0.5 * n * g->hx / sum);
    double *e = out->shape + (size_t)m * (size_t)g->nx;
    double *vs = b; /* the scaled surface values, indexed by surface face */
    for (int p = 0; p < n; ++p) e[s->surface_column[p]] = vs[p] = scale * v[p];
    double ws = 2.0 * g->hx / g->hy;
    double *rhs = phi + s->cells; /* scratch after the cell values */
    memset(rhs, 0, (size_t)s->cells * sizeof *rhs);
    for (int p = 0; p < n; ++p) rhs[s->surface_cell[p]] = ws * vs[p];
    eddy_result res = solve_cells(s, rhs, phi, err);
    if (res != EDDY_OK) return res;
    out->mu[m] = mu;
    double *f = out->velocity + (size_t)m * (size_t)eddy_mac_size(g);
    for (int j = 0; j < g->ny; ++j)
        for (int i = 1; i < g->nx; ++i) {
            int a = s->cell_of[j * g->nx + i - 1], c = s->cell_of[j * g->nx + i];
            f[eddy_mac_u(g, i, j)] = a >= 0 && c >= 0 ? (phi[c] - phi[a]) / (g->hx * mu) : 0.0;
        }
    for (int j = 1; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            int a = s->cell_of[(j - 1) * g->nx + i], c = s->cell_of[j * g->nx + i];
            f[eddy_mac_v(g, i, j)] = a >= 0 && c >= 0 ? (phi[c] - phi[a]) / (g->hy * mu) : 0.0;
        }
    for (int p = 0; p < n; ++p) {
        int c = s->surface_cell[p];
        f[eddy_mac_v(g, s->surface_column[p], g->ny)] = (vs[p] - phi[c]) / (0.5 * g->hy * mu);
    }
    return EDDY_OK;
}

eddy_result eddyi_surface_grid_solve(const eddy_asset *a, int count, eddy_asset_surface *out,
                                    eddy_error *err)
{
    steklov s = {0};
    s.g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    s.solid = a->solid;
    eddy_result res = index_cells(&s, err);
    if (res == EDDY_OK && count > s.surface - 1)
        res = eddy_fail(err, EDDY_ERR_RANGE, "surface: %d surface modes, but the water's surface "
                        "spans %d cells, which hold %d", count, s.surface, s.surface - 1);
    if (res == EDDY_OK) res = factor_cells(&s, err);
    int n = s.surface;
    double *A = NULL, *w = NULL, *b = NULL, *x = NULL;
    if (res == EDDY_OK) {
        A = eddy_alloc((size_t)n * (size_t)n * sizeof *A);
        w = eddy_alloc((size_t)n * sizeof *w);
        b = eddy_alloc((size_t)(s.cells > n ? s.cells : n) * sizeof *b);
        x = eddy_alloc(2 * (size_t)s.cells * sizeof *x);
        if (!A || !w || !b || !x) res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the "
                                                  "surface modes");
    }
    if (res == EDDY_OK) res = surface_operator(&s, A, b, x, err);
    if (res == EDDY_OK) {
        lapack_int info = LAPACKE_dsyev(LAPACK_COL_MAJOR, 'V', 'U', n, A, n, w);
        if (info != 0)
            res = eddy_fail(err, EDDY_ERR_NUMERIC, "surface: the eigenproblem of %d surface cells "
                            "failed (LAPACK dsyev %d)", n, (int)info);
    }
    /* eigenvalue 0 is the mean level; the modes are the next count */
    for (int m = 0; m < count && res == EDDY_OK; ++m) {
        double mu = w[m + 1];
        if (!(mu > 0.0) || !isfinite(mu)) {
            res = eddy_fail(err, EDDY_ERR_NUMERIC, "surface: mode %d has mu = %g", m, mu);
            break;
        }
        res = store_mode(&s, out, m, mu, A + (size_t)(m + 1) * n, b, x, err);
    }
    eddy_free(A), eddy_free(w), eddy_free(b), eddy_free(x);
    steklov_free(&s);
    return res;
}

eddy_result eddyi_surface_build(eddy_asset *a, int count, eddy_error *err)
{
    if (!a->solid) return eddyi_surface_box_make(a, count, &a->surface, err);
    eddy_result res = eddyi_surface_alloc(a, EDDY_SURFACE_GRID, count, &a->surface, err);
    if (res == EDDY_OK) res = eddyi_surface_grid_solve(a, count, a->surface, err);
    if (res == EDDY_OK) res = eddyi_surface_finish(a, a->surface, err);
    if (res != EDDY_OK) {
        eddyi_surface_free(a->surface);
        a->surface = NULL;
    }
    return res;
}
