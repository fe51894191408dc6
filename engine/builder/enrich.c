// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* enrich.c - basis enrichment (chapter 5.2): painted and recorded velocity
 * fields join the box eigenbasis E as grid modes R, B = [E | R].
 *
 * THE INNER PRODUCT
 *   Everything here (lengths, SVDs, deflation, orthonormality, projections,
 *   captured fractions, the reduced operators of grid modes) uses the MAC
 *   grid's quadrature product <a, b>_W = sum_s w_s a_s b_s (eddy_mac_dot,
 *   w_s the area a sample stands for). An SVD in that product is an ordinary
 *   SVD of the samples multiplied by sqrt(w_s), divided by it again after.
 *   A box mode enters it through eddyi_box_sample_curl: the discrete curl of
 *   its stream function, scaled to unit length. Those samples are exactly
 *   orthonormal in W (discrete sine and cosine orthogonality, needs k1 < nx
 *   and k2 < ny) as the closed-form modes are in L2, and exactly
 *   divergence-free with no wall flux. So the product is consistent over all
 *   of B: E-E entries are the closed-form L2 values (delta), E-R and R-R
 *   entries are grid sums, and B^T W B = I to round-off. The state's energy
 *   |r|^2 / 2 rho is the grid quadrature of the velocity's energy.
 *   (Point samples of E would be orthonormal too, but their discrete
 *   divergence, of relative size (k h)^3 / 24, would leak into R through the
 *   deflation; the curl samples make the choice between exact orthogonality
 *   and exact divergence unnecessary.)
 *
 * THE STEPS (5.10)
 *   1. Every input field is made discretely divergence-free with no flow
 *      through the walls (eddy_grid_project, the same grid) and scaled to unit
 *      length. A painted field with nothing left is an error; such a snapshot
 *      is skipped.
 *   2. Painted fields D: SVD, keep the left singular directions U_a whose
 *      singular value is above EDDY_ENRICH_RANK_TOL times the largest.
 *      Snapshots: SVD, the same rule gives their rank; keep the first
 *      min(K, rank) directions U_p (the POD basis).
 *   3. U = [U_a | U_p] is deflated against E: U_d = U - E E^T W U (5.10). E's
 *      samples are orthonormal, so this is the orthogonal projection; it is
 *      applied twice (classical Gram-Schmidt with one re-orthogonalisation,
 *      "twice is enough") so that round-off in the first pass cannot leave
 *      an E component behind.
 *   4. SVD of U_d; the directions with a singular value above
 *      EDDY_ENRICH_RANK_TOL (the columns of U have length 1 and U_d's
 *      singular values measure how much of them E did not hold, so 1 is the
 *      reference) are R. A kept singular value sigma amplifies the round-off
 *      of U_d by 1/sigma, so R is deflated once more and re-orthonormalised
 *      (modified Gram-Schmidt, twice), and each column's sign is fixed (its
 *      largest sample positive) so the result does not depend on the LAPACK
 *      build's sign choices.
 *   R is divergence-free with no wall flux (a combination of such fields),
 *   orthonormal in W and orthogonal to E.
 *
 * REDUCED OPERATORS
 *   Advection (5.7): the E-E-E block keeps the closed form (tensor_box.c);
 *   every entry with a grid mode in any slot is the quadrature
 *   C_ikj = -<b_k, (b_i . grad) b_j>_W with the central-difference MAC
 *   advection (eddyi_mac_advect) on the sampled fields; then the whole tensor
 *   is skew-symmetrised, so inviscid flow keeps |r| exactly. Entries below
 *   1e-13 of the closed form's largest are quadrature round-off of entries
 *   that vanish and are not stored.
 *   Viscosity (5.6): -lambda_k on the E diagonal; the rest is B^T W L B with
 *   L the grid Laplacian (grid_modes.c), symmetrised. Each sampled box mode
 *   is an eigenvector of L, so the E-R block is round-off and D is in effect
 *   block diagonal, but it is stored dense (the fluid then uses the Taylor
 *   exponential for viscosity).
 *
 * ARTIST DATA
 *   For each painted field f (divergence-free, at its painted amplitude) the
 *   asset stores p = B^T W f, which a game adds to r to excite it (5.2, last
 *   paragraph), and the captured fractions |E^T W f|^2 / |f|^2 (eigenmodes
 *   alone) and |B^T W f|^2 / |f|^2 (enriched).
 *
 * LEVELS WITH WALLS (issue 14): E is then the walled domain's Laplacian and
 * island modes (domain_basis.c), already grid modes of the asset; the
 * projection keeps flow out of the solid cells (the full-grid solver with
 * the same mask, by conjugate gradient), every closed face is set to exactly
 * zero, the E-E-E block of the tensor is the quadrature one already built,
 * the advection stencil is the masked one (domain_tensor.c) and the
 * viscosity of grid modes is -<omega_a, omega_b> over the nodes away from
 * the walls (free slip; the E block stays -lambda on the diagonal). The
 * asset's grid modes become [E | R].
 *
 * Precompute only: allocates freely, not real-time. Deterministic for the
 * same inputs, build and machine and the same number of BLAS threads:
 * LAPACK's dgesvd and BLAS's dgemm round differently when their sums are cut
 * differently between threads (by about 1e-13), so eddy_build_asset runs
 * BLAS on one thread (threads.c). */
#include "eddy_build.h"
#include "builder_internal.h"
#include "eddy_mode.h"
#include "domain_build.h"
#include "eddy_grid.h"

#include <cblas.h>
#include <lapacke.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MODES 4096
#define MAX_ARTISTS 4096
/* A projected field shorter than this times its painted length has no
 * divergence-free part worth keeping (it was zero or a pure gradient). */
#define EMPTY_FIELD_TOL 1e-10
/* Quadrature entries of the tensor below this times the closed form's
 * largest entry are not stored. */
#define TENSOR_DROP 1e-13

typedef struct enrich {
    const eddy_build_desc *d;
    const uint8_t *solid; /* walls' mask, or NULL for the box */
    eddy_mac mac;
    int n;             /* samples per field */
    int e;             /* eigenmodes */
    double *w;         /* n quadrature weights */
    double *sw;        /* n square roots of them */
    double *eig;       /* e fields: the eigenmodes on the grid */
    eddy_grid_solver *solver;
    double *field;     /* n scratch */
    /* painted fields */
    int artists;
    char (*names)[EDDY_ARTIST_NAME_MAX + 1];
    double *painted;   /* artists fields, divergence-free, as painted */
    /* directions: artist then POD (step 2), then R (step 4) */
    double *dirs;      /* n x m, column-major, unscaled samples */
    int m;
    double *grid;      /* grid_count fields: R */
    int grid_count;
    eddy_build_report rep;
} enrich;

static void progress(const enrich *c, const char *stage, double fraction)
{
    if (c->d->progress) c->d->progress(c->d->progress_user, stage, fraction);
}

static double wdot(const double *w, const double *a, const double *b, int n)
{
    double sum = 0.0;
    for (int s = 0; s < n; ++s) sum += w[s] * a[s] * b[s];
    return sum;
}

static void free_enrich(enrich *c)
{
    eddy_free(c->w), eddy_free(c->sw), eddy_free(c->eig), eddy_free(c->field);
    eddy_free(c->names), eddy_free(c->painted), eddy_free(c->dirs), eddy_free(c->grid);
    eddy_grid_solver_destroy(c->solver);
}

/* ------------------------------------------------------------ checks */

static bool same_grid(eddy_mode_grid mg, const eddy_asset *a)
{
    return mg.nx == a->nx && mg.ny == a->ny && fabs(mg.width - a->width) <= 1e-9 * a->width &&
           fabs(mg.height - a->height) <= 1e-9 * a->height;
}

static eddy_result check_sets(const eddy_asset *a, const eddy_mode_set *const *sets, int count,
                              const char *what, eddy_error *err)
{
    if (count < 0 || (count > 0 && !sets))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "build: %d %s sets but no array of them",
                         count, what);
    for (int s = 0; s < count; ++s) {
        if (!sets[s])
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "build: %s set %d is NULL", what, s);
        eddy_mode_grid mg = eddy_mode_set_grid(sets[s]);
        if (!same_grid(mg, a))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "%s set '%s' is on %d x %d cells over %g x %g m, the level on %d x "
                             "%d cells over %g x %g m", what, eddy_mode_set_name(sets[s]), mg.nx,
                             mg.ny, mg.width, mg.height, a->nx, a->ny, a->width, a->height);
    }
    return EDDY_OK;
}

static eddy_result check_request(const eddy_asset *a, const eddy_build_desc *d, eddy_error *err)
{
    eddy_result res = check_sets(a, d->artists, d->artist_count, "artist", err);
    if (res == EDDY_OK) res = check_sets(a, d->snapshots, d->snapshot_count, "snapshot", err);
    if (res != EDDY_OK) return res;
    if (d->snapshot_count > 0 && d->pod_modes < 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "build: snapshots need pod_modes >= 1, got %d",
                         d->pod_modes);
    if (d->snapshot_count == 0 && d->pod_modes != 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "build: pod_modes %d without snapshots",
                         d->pod_modes);
    for (int k = 0; k < a->eigen_count; ++k)
        if (a->modes[k].k1 >= a->nx || a->modes[k].k2 >= a->ny)
            return eddy_fail(err, EDDY_ERR_RANGE,
                             "eigenmode (%d, %d) is too fine for the %d x %d grid: enrichment "
                             "needs wave numbers below the cell counts (fewer modes or a finer "
                             "grid)", a->modes[k].k1, a->modes[k].k2, a->nx, a->ny);
    return EDDY_OK;
}

/* ------------------------------------------------------------ setup */

static eddy_result setup(enrich *c, const eddy_asset *a, eddy_error *err)
{
    c->mac = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    c->n = eddy_mac_size(&c->mac);
    c->solid = a->solid;
    c->e = a->solid ? a->grid_count : a->eigen_count;
    size_t n = (size_t)c->n;
    c->w = eddy_alloc(n * sizeof *c->w);
    c->sw = eddy_alloc(n * sizeof *c->sw);
    c->field = eddy_alloc(n * sizeof *c->field);
    c->eig = eddy_alloc((size_t)c->e * n * sizeof *c->eig);
    if (!c->w || !c->sw || !c->field || !c->eig)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory sampling %d eigenmodes on the grid",
                         c->e);
    for (int s = 0; s < c->n; ++s) {
        c->w[s] = eddy_mac_weight(&c->mac, s);
        c->sw[s] = sqrt(c->w[s]);
    }
    if (c->solid)
        memcpy(c->eig, a->grid_modes, (size_t)c->e * n * sizeof *c->eig);
    else
        for (int k = 0; k < c->e; ++k)
            eddyi_box_sample_curl(&a->modes[k], &c->mac, c->eig + (size_t)k * n);
    eddy_grid_desc gd = {0};
    gd.width = a->width, gd.height = a->height, gd.nx = a->nx, gd.ny = a->ny;
    gd.pressure = c->solid ? EDDY_GRID_PRESSURE_PCG : EDDY_GRID_PRESSURE_FFT;
    gd.solid = c->solid;
    return eddy_grid_solver_create(&gd, &c->solver, err);
}

/* Copies a set's field k into c->field and makes it divergence-free. Returns
 * its length before (*raw) and after (*len) in the grid norm. */
/* The largest velocity a painted or recorded field may hold, in m/s: its
 * squares summed over the grid then stay far from overflow, so its length and
 * its projection keep their meaning. */
#define FIELD_VALUE_MAX 1e100

static eddy_result project_field(enrich *c, const eddy_mode_set *set, int k, double *raw,
                                 double *len, eddy_error *err)
{
    memcpy(c->field, eddy_mode_set_field_const(set, k), (size_t)c->n * sizeof *c->field);
    double peak = 0.0;
    for (int s = 0; s < c->n; ++s) {
        if (!isfinite(c->field[s]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "set '%s' field %d holds a NaN or Inf value",
                             eddy_mode_set_name(set), k);
        peak = fmax(peak, fabs(c->field[s]));
    }
    if (peak > FIELD_VALUE_MAX)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "set '%s' field %d holds a velocity of %g m/s, more than %g: its "
                         "length and projection would overflow (scale the field down)",
                         eddy_mode_set_name(set), k, peak, FIELD_VALUE_MAX);
    *raw = sqrt(wdot(c->w, c->field, c->field, c->n));
    eddy_result res = eddy_grid_project(c->solver, c->field, err);
    if (res != EDDY_OK) return res;
    *len = sqrt(wdot(c->w, c->field, c->field, c->n));
    if (!isfinite(*raw) || !isfinite(*len))
        return eddy_fail(err, EDDY_ERR_NUMERIC,
                         "set '%s' field %d: its projection overflowed (values up to %g m/s)",
                         eddy_mode_set_name(set), k, peak);
    return EDDY_OK;
}

/* ------------------------------------------------------------ linear algebra */

/* Left singular directions of the n x m column-major matrix x in the grid
 * product: x holds unscaled fields; on return its first min(n, m) columns
 * are the directions (unscaled, unit W length) in order of decreasing
 * singular value sv[]. */
static eddy_result svd_directions(const enrich *c, double *x, int m, double *sv, eddy_error *err)
{
    size_t n = (size_t)c->n;
    for (int col = 0; col < m; ++col)
        for (size_t s = 0; s < n; ++s) x[(size_t)col * n + s] *= c->sw[s];
    int kmin = c->n < m ? c->n : m;
    double *superb = eddy_alloc((size_t)(kmin > 1 ? kmin : 2) * sizeof *superb);
    if (!superb) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for an SVD");
    lapack_int info = LAPACKE_dgesvd(LAPACK_COL_MAJOR, 'O', 'N', c->n, m, x, c->n, sv, NULL, 1,
                                     NULL, 1, superb);
    eddy_free(superb);
    if (info != 0)
        return eddy_fail(err, EDDY_ERR_NUMERIC, "SVD of %d fields failed (LAPACK info %d)", m,
                         (int)info);
    for (int col = 0; col < kmin; ++col)
        for (size_t s = 0; s < n; ++s) x[(size_t)col * n + s] /= c->sw[s];
    return EDDY_OK;
}

/* x -= E E^T W x for each of the m columns, twice (5.10). */
static void deflate(const enrich *c, double *x, int m, double *coef)
{
    size_t n = (size_t)c->n;
    for (int pass = 0; pass < 2; ++pass)
        for (int col = 0; col < m; ++col) {
            double *v = x + (size_t)col * n;
            for (int k = 0; k < c->e; ++k) coef[k] = wdot(c->w, c->eig + (size_t)k * n, v, c->n);
            for (int k = 0; k < c->e; ++k) {
                const double *ek = c->eig + (size_t)k * n;
                for (size_t s = 0; s < n; ++s) v[s] -= coef[k] * ek[s];
            }
        }
}

/* Sets the wall-normal samples to exactly zero. Every field combined here is
 * zero there, but an SVD's Householder reflections leave round-off (1e-17)
 * in rows that were zero; the asset promises no wall flux at all. */
static void close_walls(const eddy_mac *g, double *f)
{
    for (int j = 0; j < g->ny; ++j) f[eddy_mac_u(g, 0, j)] = f[eddy_mac_u(g, g->nx, j)] = 0.0;
    for (int i = 0; i < g->nx; ++i) f[eddy_mac_v(g, i, 0)] = f[eddy_mac_v(g, i, g->ny)] = 0.0;
}

/* Closes the walls of m columns, then modified Gram-Schmidt in W, twice;
 * then each column's largest-magnitude sample (the first of equals) is made
 * positive. */
static void orthonormalise(const enrich *c, double *x, int m)
{
    size_t n = (size_t)c->n;
    for (int col = 0; col < m; ++col) {
        close_walls(&c->mac, x + (size_t)col * n);
        if (c->solid) eddyi_close_solid_faces(&c->mac, c->solid, x + (size_t)col * n);
    }
    for (int pass = 0; pass < 2; ++pass)
        for (int col = 0; col < m; ++col) {
            double *v = x + (size_t)col * n;
            for (int prev = 0; prev < col; ++prev) {
                const double *p = x + (size_t)prev * n;
                double d = wdot(c->w, p, v, c->n);
                for (size_t s = 0; s < n; ++s) v[s] -= d * p[s];
            }
            double len = sqrt(wdot(c->w, v, v, c->n));
            for (size_t s = 0; s < n; ++s) v[s] /= len;
        }
    for (int col = 0; col < m; ++col) {
        double *v = x + (size_t)col * n;
        size_t big = 0;
        for (size_t s = 1; s < n; ++s)
            if (fabs(v[s]) > fabs(v[big])) big = s;
        if (v[big] < 0.0)
            for (size_t s = 0; s < n; ++s) v[s] = -v[s];
    }
}

/* ------------------------------------------------------------ inputs */

static eddy_result name_artists(enrich *c, eddy_error *err)
{
    const eddy_build_desc *d = c->d;
    long total = 0;
    for (int s = 0; s < d->artist_count; ++s) total += eddy_mode_set_count(d->artists[s]);
    if (total > MAX_ARTISTS)
        return eddy_fail(err, EDDY_ERR_RANGE, "%ld painted fields: at most %d", total, MAX_ARTISTS);
    c->artists = (int)total;
    if (total == 0) return EDDY_OK;
    c->names = eddy_calloc((size_t)total, sizeof *c->names);
    c->painted = eddy_alloc((size_t)total * (size_t)c->n * sizeof *c->painted);
    if (!c->names || !c->painted)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %ld painted fields", total);
    int at = 0;
    for (int s = 0; s < d->artist_count; ++s) {
        const char *base = eddy_mode_set_name(d->artists[s]);
        int count = eddy_mode_set_count(d->artists[s]);
        for (int k = 0; k < count; ++k, ++at) {
            if (count == 1)
                snprintf(c->names[at], sizeof c->names[at], "%s", base);
            else
                snprintf(c->names[at], sizeof c->names[at], "%s.%d", base, k);
            for (int prev = 0; prev < at; ++prev)
                if (strcmp(c->names[prev], c->names[at]) == 0)
                    return eddy_fail(err, EDDY_ERR_FORMAT,
                                     "two artist modes are called '%s': give the mode sets "
                                     "different names", c->names[at]);
        }
    }
    return EDDY_OK;
}

/* Step 1 and 2 for the painted fields: c->dirs gets their rank directions. */
static eddy_result painted_directions(enrich *c, double *x, double *sv, eddy_error *err)
{
    const eddy_build_desc *d = c->d;
    size_t n = (size_t)c->n;
    int at = 0;
    for (int s = 0; s < d->artist_count; ++s)
        for (int k = 0; k < eddy_mode_set_count(d->artists[s]); ++k, ++at) {
            double raw, len;
            eddy_result res = project_field(c, d->artists[s], k, &raw, &len, err);
            if (res != EDDY_OK) return res;
            if (!(raw > 0.0) || !(len > EMPTY_FIELD_TOL * raw))
                return eddy_fail(err, EDDY_ERR_FORMAT,
                                 "artist field '%s' has no divergence-free part (it is zero or "
                                 "a pure gradient)", c->names[at]);
            memcpy(c->painted + (size_t)at * n, c->field, n * sizeof *c->field);
            for (size_t q = 0; q < n; ++q) x[(size_t)at * n + q] = c->field[q] / len;
        }
    if (c->artists == 0) return EDDY_OK;
    eddy_result res = svd_directions(c, x, c->artists, sv, err);
    if (res != EDDY_OK) return res;
    int kmin = c->artists < c->n ? c->artists : c->n, rank = 0;
    while (rank < kmin && sv[rank] > EDDY_ENRICH_RANK_TOL * sv[0]) ++rank;
    c->rep.artist_fields = c->artists;
    c->rep.artist_rank = rank;
    memcpy(c->dirs, x, (size_t)rank * n * sizeof *x);
    c->m = rank;
    return EDDY_OK;
}

/* Step 1 and 2 for the snapshots: appends the POD directions to c->dirs. */
static eddy_result pod_directions(enrich *c, double *x, double *sv, eddy_error *err)
{
    const eddy_build_desc *d = c->d;
    size_t n = (size_t)c->n;
    int used = 0;
    for (int s = 0; s < d->snapshot_count; ++s)
        for (int k = 0; k < eddy_mode_set_count(d->snapshots[s]); ++k) {
            double raw, len;
            eddy_result res = project_field(c, d->snapshots[s], k, &raw, &len, err);
            if (res != EDDY_OK) return res;
            if (!(raw > 0.0) || !(len > EMPTY_FIELD_TOL * raw)) {
                c->rep.snapshot_skipped++;
                continue;
            }
            for (size_t q = 0; q < n; ++q) x[(size_t)used * n + q] = c->field[q] / len;
            ++used;
        }
    if (d->snapshot_count == 0) return EDDY_OK;
    if (used == 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "snapshots: all %d fields are zero or pure "
                         "gradients", c->rep.snapshot_skipped);
    eddy_result res = svd_directions(c, x, used, sv, err);
    if (res != EDDY_OK) return res;
    int kmin = used < c->n ? used : c->n, rank = 0;
    double total = 0.0, kept_energy = 0.0;
    for (int q = 0; q < kmin; ++q) total += sv[q] * sv[q];
    while (rank < kmin && sv[rank] > EDDY_ENRICH_RANK_TOL * sv[0]) ++rank;
    int keep = rank < c->d->pod_modes ? rank : c->d->pod_modes;
    for (int q = 0; q < keep; ++q) kept_energy += sv[q] * sv[q];
    c->rep.snapshot_fields = used;
    c->rep.snapshot_rank = rank;
    c->rep.pod_kept = keep;
    c->rep.pod_energy = fmin(1.0, kept_energy / total);
    memcpy(c->dirs + (size_t)c->m * n, x, (size_t)keep * n * sizeof *x);
    c->m += keep;
    return EDDY_OK;
}

static int count_fields(const eddy_mode_set *const *sets, int count)
{
    int total = 0;
    for (int s = 0; s < count; ++s) total += eddy_mode_set_count(sets[s]);
    return total;
}

/* Steps 1 to 4: c->grid gets R. */
static eddy_result grid_directions(enrich *c, eddy_error *err)
{
    const eddy_build_desc *d = c->d;
    size_t n = (size_t)c->n;
    int snaps = count_fields(d->snapshots, d->snapshot_count);
    int widest = c->artists > snaps ? c->artists : snaps;
    int most = c->artists + (snaps < d->pod_modes ? snaps : d->pod_modes);
    double *x = eddy_alloc((size_t)(widest > 1 ? widest : 1) * n * sizeof *x);
    double *sv = eddy_alloc((size_t)(widest + most + 1) * sizeof *sv);
    double *coef = eddy_alloc((size_t)c->e * sizeof *coef);
    c->dirs = eddy_alloc((size_t)(most > 1 ? most : 1) * n * sizeof *c->dirs);
    eddy_result res = EDDY_OK;
    if (!x || !sv || !coef || !c->dirs)
        res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d fields of %d samples", widest,
                        c->n);
    if (res == EDDY_OK) {
        progress(c, "artist modes", 0.05);
        res = painted_directions(c, x, sv, err);
    }
    if (res == EDDY_OK) {
        progress(c, "snapshot POD", 0.1);
        res = pod_directions(c, x, sv, err);
    }
    if (res == EDDY_OK && c->m > 0) {
        progress(c, "deflation", 0.2);
        deflate(c, c->dirs, c->m, coef);
        memcpy(x, c->dirs, (size_t)c->m * n * sizeof *x);
        res = svd_directions(c, x, c->m, sv, err);
    }
    if (res == EDDY_OK && c->m > 0) {
        int kmin = c->m < c->n ? c->m : c->n, keep = 0;
        while (keep < kmin && sv[keep] > EDDY_ENRICH_RANK_TOL) ++keep;
        c->grid = eddy_alloc((size_t)(keep > 1 ? keep : 1) * n * sizeof *c->grid);
        if (!c->grid) {
            res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d grid modes", keep);
        } else {
            memcpy(c->grid, x, (size_t)keep * n * sizeof *x);
            deflate(c, c->grid, keep, coef);
            orthonormalise(c, c->grid, keep);
            c->grid_count = keep;
        }
        c->rep.grid_modes = keep;
    }
    eddy_free(x), eddy_free(sv), eddy_free(coef);
    return res;
}

/* ------------------------------------------------------------ reduced operators */

/* The grid samples of basis mode b: eigenmodes first, then R. */
static const double *mode_field(const enrich *c, int b)
{
    size_t n = (size_t)c->n;
    return b < c->e ? c->eig + (size_t)b * n : c->grid + (size_t)(b - c->e) * n;
}

/* D~ (5.6) of a level with walls: the E block as built (diagonal), and
 * -hx hy sum omega_a omega_b over the nodes away from the walls wherever a
 * grid mode is involved (the free-slip vector Laplacian, domain_basis.c). */
static eddy_result walled_viscosity(const enrich *c, const eddy_asset *a, double *D, double **out,
                                    eddy_error *err)
{
    int r = c->e + c->grid_count;
    size_t rr = (size_t)r;
    eddy_domain_topology t;
    eddy_result res = eddyi_domain_topology_build(&c->mac, c->solid, &t, err);
    double *omega = res == EDDY_OK ? eddy_alloc(rr * (size_t)(t.unknowns > 0 ? t.unknowns : 1) *
                                            sizeof *omega)
                                   : NULL;
    if (res == EDDY_OK && !omega)
        res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %d-mode viscosity", r);
    if (res != EDDY_OK) {
        eddy_free(D), eddy_free(omega);
        eddyi_domain_topology_free(&t);
        return res;
    }
    size_t nu = (size_t)t.unknowns;
    for (int b = 0; b < r; ++b) eddyi_domain_vorticity(&t, mode_field(c, b), omega + (size_t)b * nu);
    double area = c->mac.hx * c->mac.hy;
    for (int k = 0; k < c->e; ++k) D[(size_t)k * rr + (size_t)k] = a->viscosity[(size_t)k * (size_t)a->mode_count + (size_t)k];
    for (int row = 0; row < r; ++row)
        for (int col = row < c->e ? c->e : row; col < r; ++col) {
            double sum = 0.0;
            const double *p = omega + (size_t)row * nu, *q = omega + (size_t)col * nu;
            for (size_t u = 0; u < nu; ++u) sum += p[u] * q[u];
            D[(size_t)row * rr + (size_t)col] = D[(size_t)col * rr + (size_t)row] = -area * sum;
        }
    eddy_free(omega);
    eddyi_domain_topology_free(&t);
    *out = D;
    return EDDY_OK;
}

/* D~ (5.6): -lambda_k on the eigen diagonal, B^T W L B wherever a grid mode
 * is involved, symmetrised. */
static eddy_result enriched_viscosity(const enrich *c, const eddy_asset *a, double **out,
                                      eddy_error *err)
{
    int r = c->e + c->grid_count;
    size_t rr = (size_t)r;
    double *D = eddy_calloc(rr * rr, sizeof *D), *lap = eddy_alloc((size_t)c->n * sizeof *lap);
    if (!D || !lap) {
        eddy_free(D), eddy_free(lap);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %d-mode viscosity", r);
    }
    if (c->solid) {
        eddy_free(lap);
        return walled_viscosity(c, a, D, out, err);
    }
    for (int k = 0; k < c->e; ++k) D[(size_t)k * rr + (size_t)k] = -a->modes[k].lambda;
    for (int b = 0; b < r; ++b) {
        eddyi_mac_laplacian(&c->mac, mode_field(c, b), lap);
        for (int row = b < c->e ? c->e : 0; row < r; ++row)
            D[(size_t)row * rr + (size_t)b] = wdot(c->w, mode_field(c, row), lap, c->n);
    }
    for (int row = 0; row < r; ++row)
        for (int col = row + 1; col < r; ++col) {
            if (row < c->e && col < c->e) continue;
            double mean = 0.5 * (D[(size_t)row * rr + (size_t)col] + D[(size_t)col * rr + (size_t)row]);
            D[(size_t)row * rr + (size_t)col] = D[(size_t)col * rr + (size_t)row] = mean;
        }
    eddy_free(lap);
    *out = D;
    return EDDY_OK;
}

/* The whole tensor (5.7): the closed-form box block, quadrature wherever a
 * grid mode is involved, then skew-symmetrised.
 *
 * Slot i: the columns V_j = W (b_i . grad) b_j for all j (one MAC advection
 * each), then C_i = -B^T V by matrix products (BLAS dgemm, which makes a
 * 61-grid-mode build five times faster than plain loops). For an eigen slot
 * only the rows or columns of grid modes are needed: R^T V_E (g x e) and
 * B^T V_R (r x g); the eigen-eigen-eigen entries are the closed form's. */
static eddy_result enriched_tensor(const enrich *c, const eddy_tensor *box, eddy_tensor *out,
                                   eddy_error *err)
{
    int r = c->e + c->grid_count, e = c->e, g = c->grid_count;
    size_t rr = (size_t)r, n = (size_t)c->n;
    double *A = eddy_alloc(rr * rr * sizeof *A);      /* A_i, row-major (k, j) */
    double *C = eddy_alloc(rr * rr * sizeof *C);      /* products, column-major */
    double *all = eddy_alloc(rr * n * sizeof *all);   /* B: column b = mode b */
    double *V = eddy_alloc(rr * n * sizeof *V);       /* W (b_i . grad) b_j */
    int64_t *start = eddy_calloc(rr + 1, sizeof *start);
    eddy_entry_list list = {0};
    eddy_result res = EDDY_OK;
    if (!A || !C || !all || !V || !start)
        res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %d-mode tensor", r);
    for (int b = 0; b < r && res == EDDY_OK; ++b)
        memcpy(all + (size_t)b * n, mode_field(c, b), n * sizeof *all);
    double biggest = 0.0;
    for (int64_t q = 0; q < box->nnz; ++q) biggest = fmax(biggest, fabs(box->value[q]));
    double cut = TENSOR_DROP * biggest;
    for (int i = 0; i < r && res == EDDY_OK; ++i) {
        memset(A, 0, rr * rr * sizeof *A);
        if (i < e)
            for (int64_t q = box->start[i]; q < box->start[i + 1]; ++q)
                A[(size_t)box->k[q] * rr + (size_t)box->j[q]] += box->value[q];
        for (int j = 0; j < r; ++j) {
            double *v = V + (size_t)j * n;
            if (c->solid) eddyi_mac_advect_masked(&c->mac, c->solid, mode_field(c, i), mode_field(c, j), v);
            else eddyi_mac_advect(&c->mac, mode_field(c, i), mode_field(c, j), v);
            for (size_t s = 0; s < n; ++s) v[s] *= c->w[s];
        }
        if (i < e) {
            /* k in R, j in E: C (g x e) = -R^T V_E */
            cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, g, e, c->n, -1.0,
                        all + (size_t)e * n, c->n, V, c->n, 0.0, C, g);
            for (int j = 0; j < e; ++j)
                for (int k = 0; k < g; ++k)
                    A[(size_t)(e + k) * rr + (size_t)j] = C[(size_t)j * (size_t)g + (size_t)k];
            /* all k, j in R: C (r x g) = -B^T V_R */
            cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, r, g, c->n, -1.0, all, c->n,
                        V + (size_t)e * n, c->n, 0.0, C, r);
            for (int j = 0; j < g; ++j)
                for (int k = 0; k < r; ++k)
                    A[(size_t)k * rr + (size_t)(e + j)] = C[(size_t)j * rr + (size_t)k];
        } else {
            cblas_dgemm(CblasColMajor, CblasTrans, CblasNoTrans, r, r, c->n, -1.0, all, c->n, V,
                        c->n, 0.0, C, r);
            for (int j = 0; j < r; ++j)
                for (int k = 0; k < r; ++k) A[(size_t)k * rr + (size_t)j] = C[(size_t)j * rr + (size_t)k];
        }
        start[i] = list.count;
        for (int k = 0; k < r && res == EDDY_OK; ++k)
            for (int j = 0; j < r; ++j) {
                double v = A[(size_t)k * rr + (size_t)j];
                bool closed_form = i < e && j < e && k < e;
                if (closed_form ? v == 0.0 : fabs(v) <= cut) continue;
                if (!eddyi_entry_list_push(&list, (int32_t)k, (int32_t)j, v)) {
                    res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the tensor's "
                                    "entries");
                    break;
                }
            }
        if (c->d->progress) progress(c, "grid tensor", 0.3 + 0.65 * (i + 1) / (double)r);
    }
    if (res == EDDY_OK) {
        start[r] = list.count;
        res = eddyi_tensor_alloc(out, r, list.count, err);
    }
    if (res == EDDY_OK) {
        memcpy(out->start, start, (rr + 1) * sizeof *start);
        memcpy(out->k, list.k, (size_t)list.count * sizeof *list.k);
        memcpy(out->j, list.j, (size_t)list.count * sizeof *list.j);
        memcpy(out->value, list.value, (size_t)list.count * sizeof *list.value);
        res = eddyi_tensor_skew_symmetrize(out, err);
        if (res != EDDY_OK) eddyi_tensor_free(out);
    }
    eddy_free(A), eddy_free(C), eddy_free(all), eddy_free(V), eddy_free(start);
    eddyi_entry_list_free(&list);
    return res;
}

/* ------------------------------------------------------------ artist data */

/* p = B^T W f for every painted field, and the fractions E and B hold. */
static eddy_result artist_data(const enrich *c, double **proj, double **capture, eddy_error *err)
{
    int r = c->e + c->grid_count;
    size_t n = (size_t)c->n;
    *proj = eddy_alloc((size_t)c->artists * (size_t)r * sizeof **proj);
    *capture = eddy_alloc((size_t)c->artists * 2 * sizeof **capture);
    if (!*proj || !*capture)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d artist projections",
                         c->artists);
    for (int at = 0; at < c->artists; ++at) {
        const double *f = c->painted + (size_t)at * n;
        double *p = *proj + (size_t)at * (size_t)r;
        double whole = wdot(c->w, f, f, c->n), eigen = 0.0, all = 0.0;
        for (int b = 0; b < r; ++b) {
            p[b] = wdot(c->w, mode_field(c, b), f, c->n);
            if (b < c->e) eigen += p[b] * p[b];
            all += p[b] * p[b];
        }
        (*capture)[2 * at] = fmin(1.0, eigen / whole);
        (*capture)[2 * at + 1] = fmin(1.0, all / whole);
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ entry point */

eddy_result eddyi_enrich_asset(eddy_asset *a, const eddy_build_desc *d, eddy_error *err)
{
    if (d->report) memset(d->report, 0, sizeof *d->report);
    if (d->artist_count == 0 && d->snapshot_count == 0 && d->pod_modes == 0) return EDDY_OK;
    eddy_result res = check_request(a, d, err);
    if (res != EDDY_OK) return res;
    enrich c = {0};
    c.d = d;
    res = setup(&c, a, err);
    if (res == EDDY_OK) res = name_artists(&c, err);
    if (res == EDDY_OK) res = grid_directions(&c, err);
    if (res == EDDY_OK && c.e + c.grid_count > MAX_MODES)
        res = eddy_fail(err, EDDY_ERR_RANGE, "%d eigenmodes and %d grid modes: at most %d modes "
                        "in all", c.e, c.grid_count, MAX_MODES);
    double *visc = NULL, *proj = NULL, *capture = NULL, *all_grid = NULL;
    eddy_tensor tensor = {0};
    if (res == EDDY_OK && c.grid_count > 0 && c.solid) { /* the asset's modes become [E | R] */
        size_t n = (size_t)c.n;
        all_grid = eddy_alloc((size_t)(c.e + c.grid_count) * n * sizeof *all_grid);
        if (!all_grid) res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the grid modes");
        else {
            memcpy(all_grid, c.eig, (size_t)c.e * n * sizeof *all_grid);
            memcpy(all_grid + (size_t)c.e * n, c.grid, (size_t)c.grid_count * n * sizeof *all_grid);
        }
    }
    if (res == EDDY_OK && c.grid_count > 0) {
        progress(&c, "grid viscosity", 0.25);
        res = enriched_viscosity(&c, a, &visc, err);
        if (res == EDDY_OK && !a->grid_advection) /* else advect_grid.c: no tensor */
            res = enriched_tensor(&c, &a->tensor, &tensor, err);
    }
    char(*names)[EDDY_ARTIST_NAME_MAX + 1] = NULL;
    if (res == EDDY_OK && c.artists > 0) {
        res = artist_data(&c, &proj, &capture, err);
        names = c.names;
    }
    if (res != EDDY_OK) {
        eddy_free(visc), eddy_free(proj), eddy_free(capture), eddy_free(all_grid);
        eddyi_tensor_free(&tensor);
        free_enrich(&c);
        return res;
    }
    /* Commit: nothing below can fail. */
    if (c.grid_count > 0) {
        eddy_free(a->viscosity);
        a->viscosity = visc;
        a->viscosity_diagonal = false;
        eddyi_tensor_free(&a->tensor);
        a->tensor = tensor;
        if (c.solid) { /* E were the asset's grid modes already */
            eddy_free(a->grid_modes);
            a->grid_modes = all_grid;
            a->grid_count = c.e + c.grid_count;
        } else {
            a->grid_modes = c.grid;
            c.grid = NULL;
            a->grid_count = c.grid_count;
        }
        a->mode_count = c.e + c.grid_count;
    }
    if (c.artists > 0) {
        a->artist_count = c.artists;
        a->artist_names = names;
        c.names = NULL;
        a->artist_projection = proj;
        a->artist_capture = capture;
    }
    if (d->report) *d->report = c.rep;
    progress(&c, "enriched", 1.0);
    free_enrich(&c);
    return EDDY_OK;
}
