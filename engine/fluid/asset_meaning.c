// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_meaning.c - what an asset's numbers must mean before a fluid runs on
 * them (issue 15, item 4). The container's checksums (container.c) only say
 * that the bytes are the ones written; the section decoders (asset.c) say
 * that the sizes, counts and indices fit. These checks run after every
 * section is decoded, and refuse an asset whose numbers the run time could
 * not trust:
 *
 *   EMOD  no eigenmode twice (a repeated mode makes the basis dependent);
 *   VISC  D~ (5.6) dissipates: every diagonal entry <= 0; the entry of a box
 *         eigenmode (and of a walled domain's Laplacian eigenmode) is minus
 *         its eigenvalue recomputed from the wave numbers (relative 1e-12),
 *         two eigenmodes are not coupled; a dense D~ is symmetric (relative
 *         1e-12) and negative semidefinite (a Cholesky factorisation of
 *         -D~ + tau I with tau = 1e-9 max |D_kk|, r^3 / 6 operations); no
 *         entry is beyond VISC_BOUND (below);
 *   ADVT  (when the asset has one: not with advection on the grid, whose
 *         operator is made from the grid modes checked below, or for a box
 *         from its wave numbers, which must then be the box's smallest
 *         modes: K1 K2 <= 4 r + 16, so its collocation grid stays small)
 *         every slot A_i holds its entries in (k, j) order without repeats,
 *         as the builder writes them, and is skew-symmetric (5.8) relative to
 *         the tensor's largest entry (1e-12); the largest entry is within
 *         ADVECTION_BOUND (below); entries between box eigenmodes match the
 *         closed form recomputed from the wave numbers and the domain
 *         (relative 1e-9; every 32nd one: a tensor built for another
 *         domain or rescaled changes them all, a single changed entry
 *         already breaks the skew symmetry);
 *   GMOD  every grid mode has unit norm in the grid product (relative 1e-6),
 *         also those remade from their stream functions (GPSI);
 *   WALL  no more islands than walls.
 * All comparisons are written so that NaN fails them (!(x <= bound)).
 *
 * The bounds on magnitudes (a factor BOUND_FACTOR = 8 above what a unit
 * basis on this domain and grid can produce):
 *   ADVECTION_BOUND = 8 max( sqrt(lambda_max / (W H)),
 *                             1 / (sqrt(hx hy) min(hx, hy)) )
 *     An entry is C_ikj = -<b_k, (b_i . grad) b_j> for unit modes. A box
 *     eigenmode has |b|_inf <= 2 / sqrt(W H) and |grad b|_2 = sqrt(lambda),
 *     so a box entry is at most 2 sqrt(lambda_max / (W H)). A unit grid field
 *     has samples of at most sqrt(2 / (hx hy)) and differences of at most
 *     (2 / h) |b| per direction, so a grid entry is a small multiple of
 *     1 / (sqrt(hx hy) h). The built assets (the shipped levels' too) stay
 *     below 1/1000 of the bound; the test prints the ratio.
 *   VISC_BOUND = 8 max(lambda_max, 8 / min(hx, hy)^2)
 *     The grid Laplacian's largest eigenvalue is 4 / hx^2 + 4 / hy^2.
 * lambda_max is the largest eigenvalue of the box eigenmodes and of the
 * walled domain's eigenmodes.
 *
 * Cost: linear in the tensor's entries (each slot is scattered into an r x r
 * scratch and compared with its transpose; above 1024 modes a binary search
 * per entry inside its slot; one in 32 box entries recomputed), r^2 for VISC (r^3 / 6 when dense), one pass
 * over GMOD; tests/test_asset_meaning.c prints the load time with and
 * without them. */
#include "asset_format.h"
#include "asset_shapes.h"
#include "fluid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BOUND_FACTOR 8.0
#define EIGEN_TOL 1e-12
#define SYMMETRY_TOL 1e-12
#define SEMIDEFINITE_TOL 1e-9
#define SKEW_TOL 1e-12
#define GRID_NORM_TOL 1e-6
#define DENSE_SKEW_MAX_MODES 1024 /* an r x r scratch of at most 8 MiB */
#define BOX_SAMPLE 32            /* every how many box entries are recomputed */
#define BOX_TOL 1e-9             /* relative to the largest entry */

static double largest_eigenvalue(const eddy_asset *a)
{
    double most = 0.0;
    for (int m = 0; m < a->eigen_count; ++m) most = fmax(most, a->modes[m].lambda);
    for (int m = 0; m < a->domain_eigen; ++m) most = fmax(most, a->domain_lambda[m]);
    return most;
}

double eddyi_asset_advection_bound(const eddy_asset *a)
{
    double hx = a->width / a->nx, hy = a->height / a->ny;
    double basis = sqrt(largest_eigenvalue(a) / (a->width * a->height));
    double grid = 1.0 / (sqrt(hx * hy) * fmin(hx, hy));
    return BOUND_FACTOR * fmax(basis, grid);
}

double eddyi_asset_viscosity_bound(const eddy_asset *a)
{
    double h = fmin(a->width / a->nx, a->height / a->ny);
    return BOUND_FACTOR * fmax(largest_eigenvalue(a), 8.0 / (h * h));
}

/* ------------------------------------------------------------ EMOD */

static int compare_modes(const void *pa, const void *pb)
{
    const eddy_box_mode *a = pa, *b = pb;
    if (a->k1 != b->k1) return a->k1 < b->k1 ? -1 : 1;
    return (a->k2 > b->k2) - (a->k2 < b->k2);
}

static eddy_result check_distinct_modes(const eddy_asset *a, eddy_error *err)
{
    if (a->eigen_count < 2) return EDDY_OK;
    eddy_box_mode *sorted = eddy_alloc((size_t)a->eigen_count * sizeof *sorted);
    if (!sorted) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory checking an asset");
    memcpy(sorted, a->modes, (size_t)a->eigen_count * sizeof *sorted);
    qsort(sorted, (size_t)a->eigen_count, sizeof *sorted, compare_modes);
    eddy_result res = EDDY_OK;
    for (int m = 1; m < a->eigen_count && res == EDDY_OK; ++m)
        if (compare_modes(&sorted[m - 1], &sorted[m]) == 0)
            res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'EMOD' holds eigenmode (%d, %d) "
                            "twice", sorted[m].k1, sorted[m].k2);
    eddy_free(sorted);
    return res;
}

/* ------------------------------------------------------------ VISC */

/* lambda of mode k when it is an eigenmode (box or walled domain), else -1. */
static double known_eigenvalue(const eddy_asset *a, int k)
{
    if (k < a->eigen_count) return a->modes[k].lambda;
    if (a->has_walls_flag && k < a->domain_eigen) return a->domain_lambda[k];
    return -1.0;
}

static eddy_result check_eigen_block(const eddy_asset *a, eddy_error *err)
{
    size_t r = (size_t)a->mode_count;
    for (int k = 0; k < a->mode_count; ++k) {
        double lambda = known_eigenvalue(a, k);
        if (lambda < 0) break;
        double d = a->viscosity[(size_t)k * r + (size_t)k];
        if (!(fabs(d + lambda) <= EIGEN_TOL * lambda))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC': entry (%d, %d) is %.17g, "
                             "but eigenmode %d's eigenvalue makes it %.17g", k, k, d, k, -lambda);
        for (int j = 0; j < k; ++j)
            if (a->viscosity[(size_t)k * r + (size_t)j] != 0.0 ||
                a->viscosity[(size_t)j * r + (size_t)k] != 0.0)
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC' couples eigenmodes %d "
                                 "and %d, which the Laplacian keeps apart", j, k);
    }
    return EDDY_OK;
}

static eddy_result check_viscosity_entries(const eddy_asset *a, eddy_error *err)
{
    size_t r = (size_t)a->mode_count;
    double bound = eddyi_asset_viscosity_bound(a);
    for (size_t k = 0; k < r; ++k) {
        double d = a->viscosity[k * r + k];
        if (!(d <= 0.0))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC': diagonal entry %zu is "
                             "%g > 0, so viscosity would feed mode %zu energy", k, d, k);
        for (size_t j = 0; j < r; ++j)
            if (!(fabs(a->viscosity[k * r + j]) <= bound))
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC': entry (%zu, %zu) = %g "
                                 "is beyond the bound %g this grid and basis allow", k, j,
                                 a->viscosity[k * r + j], bound);
    }
    return EDDY_OK;
}

/* -D + tau I = L L^T must exist: D has no direction that gains energy
 * (beyond tau). In place on a copy, lower triangle. */
static eddy_result check_semidefinite(const eddy_asset *a, eddy_error *err)
{
    size_t r = (size_t)a->mode_count;
    double *m = eddy_alloc(r * r * sizeof *m), largest = 0.0;
    if (!m) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory checking an asset");
    for (size_t k = 0; k < r; ++k) largest = fmax(largest, fabs(a->viscosity[k * r + k]));
    double tau = SEMIDEFINITE_TOL * largest + 1e-300;
    for (size_t e = 0; e < r * r; ++e) m[e] = -a->viscosity[e];
    for (size_t k = 0; k < r; ++k) m[k * r + k] += tau;
    eddy_result res = EDDY_OK;
    for (size_t j = 0; j < r && res == EDDY_OK; ++j) {
        double pivot = m[j * r + j];
        for (size_t p = 0; p < j; ++p) pivot -= m[j * r + p] * m[j * r + p];
        if (!(pivot > 0.0)) {
            res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC' is not negative "
                            "semidefinite (pivot %zu): viscosity would feed the flow energy", j);
            break;
        }
        double root = sqrt(pivot);
        m[j * r + j] = root;
        for (size_t i = j + 1; i < r; ++i) {
            double s = m[i * r + j];
            for (size_t p = 0; p < j; ++p) s -= m[i * r + p] * m[j * r + p];
            m[i * r + j] = s / root;
        }
    }
    eddy_free(m);
    return res;
}

static eddy_result check_viscosity(const eddy_asset *a, eddy_error *err)
{
    eddy_result res = check_viscosity_entries(a, err);
    if (res == EDDY_OK) res = check_eigen_block(a, err);
    if (res != EDDY_OK || a->viscosity_diagonal) return res;
    size_t r = (size_t)a->mode_count;
    double largest = 0.0;
    for (size_t e = 0; e < r * r; ++e) largest = fmax(largest, fabs(a->viscosity[e]));
    for (size_t k = 0; k < r; ++k)
        for (size_t j = k + 1; j < r; ++j)
            if (!(fabs(a->viscosity[k * r + j] - a->viscosity[j * r + k]) <= SYMMETRY_TOL * largest))
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC' is not symmetric at "
                                 "(%zu, %zu): %g and %g", k, j, a->viscosity[k * r + j],
                                 a->viscosity[j * r + k]);
    return check_semidefinite(a, err);
}

/* ------------------------------------------------------------ ADVT */

static bool entry_before(const eddy_tensor *t, int64_t e, int32_t k, int32_t j)
{
    return t->k[e] < k || (t->k[e] == k && t->j[e] < j);
}

/* The value at (k, j) of slot i (0 when the slot has no such entry). */
static double slot_value(const eddy_tensor *t, int i, int32_t k, int32_t j)
{
    int64_t lo = t->start[i], hi = t->start[i + 1];
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (entry_before(t, mid, k, j)) lo = mid + 1;
        else hi = mid;
    }
    return lo < t->start[i + 1] && t->k[lo] == k && t->j[lo] == j ? t->value[lo] : 0.0;
}

static eddy_result check_slot_order(const eddy_tensor *t, double *largest, eddy_error *err)
{
    *largest = 0.0;
    for (int i = 0; i < t->r; ++i)
        for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e) {
            *largest = fmax(*largest, fabs(t->value[e]));
            if (e > t->start[i] && !entry_before(t, e - 1, t->k[e], t->j[e]))
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': slot %d is not in "
                                 "(k, j) order or repeats an entry (entry %lld)", i, (long long)e);
        }
    return EDDY_OK;
}

static eddy_result not_skew(const eddy_tensor *t, int i, int64_t e, double mirror, eddy_error *err)
{
    return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': slot %d is not skew-symmetric at "
                     "(%d, %d): %g against %g", i, t->k[e], t->j[e], t->value[e], mirror);
}

/* Skewness with a dense r x r scratch (zero, and left zero): each slot is
 * scattered, compared with its transpose entry by entry, and cleared. */
static eddy_result check_skew_dense(const eddy_tensor *t, double tol, double *dense, eddy_error *err)
{
    size_t r = (size_t)t->r;
    for (int i = 0; i < t->r; ++i) {
        int64_t from = t->start[i], to = t->start[i + 1];
        for (int64_t e = from; e < to; ++e) dense[(size_t)t->k[e] * r + (size_t)t->j[e]] = t->value[e];
        int64_t bad = -1;
        for (int64_t e = from; e < to && bad < 0; ++e) {
            double mirror = dense[(size_t)t->j[e] * r + (size_t)t->k[e]];
            if (!(fabs(t->value[e] + mirror) <= tol)) bad = e;
        }
        for (int64_t e = from; e < to; ++e) dense[(size_t)t->k[e] * r + (size_t)t->j[e]] = 0.0;
        if (bad >= 0)
            return not_skew(t, i, bad, t->k[bad] == t->j[bad] ? t->value[bad]
                                                                : slot_value(t, i, t->j[bad], t->k[bad]), err);
    }
    return EDDY_OK;
}

/* The same by binary search in each slot (no scratch: for large r). */
static eddy_result check_skew_search(const eddy_tensor *t, double tol, eddy_error *err)
{
    for (int i = 0; i < t->r; ++i)
        for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e) {
            double mirror = t->k[e] == t->j[e] ? t->value[e] : slot_value(t, i, t->j[e], t->k[e]);
            if (!(fabs(t->value[e] + mirror) <= tol)) return not_skew(t, i, e, mirror, err);
        }
    return EDDY_OK;
}

/* Entries between box eigenmodes are the closed form's (tensor_box.c),
 * skew-symmetrised as the builder stores them: (C_ikj - C_ijk) / 2. Every
 * BOX_SAMPLE-th such entry is recomputed from the wave numbers and DOMN's
 * domain, so a tensor built for another domain or scaled shows. */
static eddy_result check_box_entries(const eddy_asset *a, double largest, eddy_error *err)
{
    const eddy_tensor *t = &a->tensor;
    int e = a->eigen_count;
    int64_t seen = 0;
    for (int i = 0; i < e; ++i)
        for (int64_t n = t->start[i]; n < t->start[i + 1]; ++n) {
            int k = t->k[n], j = t->j[n];
            if (k >= e || j >= e || seen++ % BOX_SAMPLE != 0) continue;
            const eddy_box_mode *m = a->modes;
            double want = 0.5 * (eddyi_box_tensor_value(&m[i], &m[k], &m[j], a->width, a->height) -
                                 eddyi_box_tensor_value(&m[i], &m[j], &m[k], a->width, a->height));
            if (!(fabs(t->value[n] - want) <= BOX_TOL * largest))
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': entry (%d, %d, %d) "
                                 "is %.17g, but the box modes on a %g x %g domain make it %.17g",
                                 i, k, j, t->value[n], a->width, a->height, want);
        }
    return EDDY_OK;
}

/* Without ADVT a box advects on a collocation grid of about 3 K1 / 2 x
 * 3 K2 / 2 points (advect_box.c). The r smallest box modes fill a quarter
 * ellipse of wave numbers, so K1 K2 stays near 4 r / pi; an asset whose
 * modes are not those (one mode (4096, 4096)) would make that grid, and
 * every product on it, enormous. */
static eddy_result check_collocation(const eddy_asset *a, eddy_error *err)
{
    if (a->has_walls_flag) return EDDY_OK; /* advect_grid.c: bounded by GPSI's size */
    long k1 = 0, k2 = 0;
    for (int m = 0; m < a->eigen_count; ++m) {
        if (a->modes[m].k1 > k1) k1 = a->modes[m].k1;
        if (a->modes[m].k2 > k2) k2 = a->modes[m].k2;
    }
    if (k1 * k2 > 4L * a->mode_count + 16)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'EMOD': wave numbers up to (%ld, %ld) "
                         "for %d modes are not the smallest modes of the box, which advection on "
                         "the grid (DOMN flag 0x%x) needs", k1, k2, a->mode_count,
                         FLAG_GRID_ADVECTION);
    return EDDY_OK;
}

static eddy_result check_tensor(const eddy_asset *a, eddy_error *err)
{
    if (a->grid_advection) return check_collocation(a, err); /* no ADVT */
    const eddy_tensor *t = &a->tensor;
    double largest;
    eddy_result res = check_slot_order(t, &largest, err);
    if (res != EDDY_OK) return res;
    double bound = eddyi_asset_advection_bound(a);
    if (!(largest <= bound))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': an entry of %g is beyond "
                         "the bound %g that a %g x %g domain on %d x %d cells and its basis allow",
                         largest, bound, a->width, a->height, a->nx, a->ny);
    double tol = SKEW_TOL * largest;
    double *dense = NULL;
    if (t->r <= DENSE_SKEW_MAX_MODES) {
        dense = eddy_calloc((size_t)t->r * (size_t)t->r, sizeof *dense);
        if (!dense) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory checking the tensor");
    }
    res = dense ? check_skew_dense(t, tol, dense, err) : check_skew_search(t, tol, err);
    eddy_free(dense);
    return res == EDDY_OK ? check_box_entries(a, largest, err) : res;
}

/* ------------------------------------------------------------ GMOD, WALL */

static eddy_result check_grid_norms(const eddy_asset *a, eddy_error *err)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    for (int m = 0; m < a->grid_count; ++m) {
        const double *f = a->grid_modes + (size_t)m * n;
        double norm2 = eddy_mac_dot(&g, f, f);
        if (!(fabs(norm2 - 1.0) <= GRID_NORM_TOL))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section '%s': grid mode %d has squared "
                             "norm %g, not 1", m < a->stream_count ? "GPSI" : "GMOD", m, norm2);
    }
    return EDDY_OK;
}

/* Grid modes must be divergence-free (the basis is of incompressible
 * fields) and independent of one another and of the eigenmodes (the basis
 * is orthonormal in the grid product, B^T W B = I: README, enrich.c);
 * a grid mode that copies an eigenmode, or two that are one, changes the
 * flow while every norm still reads 1. Sampled so a load stays fast:
 * GRID_SAMPLED of the grid modes (all when fewer), each checked for its
 * divergence, against the next sampled grid mode, and against EIGEN_SAMPLED
 * eigenmodes (0 and three spread over the basis), which are sampled on the
 * grid by separable products (2 (nx + ny) trigonometric calls each). */
#define GRID_SAMPLED 8
#define EIGEN_SAMPLED 4
#define GRID_DIVERGENCE_TOL 1e-6 /* of max |u| / min(hx, hy) */
#define GRID_INDEPENDENCE_TOL 1e-6

/* Box eigenmode m on the grid's faces: u = N b sin(a x) cos(b y) at
 * (i hx, (j + 1/2) hy), v = -N a cos(a x) sin(b y) at ((i + 1/2) hx, j hy)
 * (eddyi_box_mode_velocity, basis_box.c). trig: 4 (nx + ny + 2) doubles. */
static void sample_eigenmode(const eddy_asset *a, const eddy_mac *g, const eddy_box_mode *m,
                             double *out, double *trig)
{
    double ka = m->k1 * M_PI / a->width, kb = m->k2 * M_PI / a->height;
    double n = eddyi_box_norm(m, a->width, a->height);
    double *sin_face_x = trig, *cos_mid_x = trig + (g->nx + 1);
    double *cos_mid_y = cos_mid_x + g->nx, *sin_face_y = cos_mid_y + g->ny;
    for (int i = 0; i <= g->nx; ++i) sin_face_x[i] = sin(ka * i * g->hx);
    for (int i = 0; i < g->nx; ++i) cos_mid_x[i] = cos(ka * (i + 0.5) * g->hx);
    for (int j = 0; j < g->ny; ++j) cos_mid_y[j] = cos(kb * (j + 0.5) * g->hy);
    for (int j = 0; j <= g->ny; ++j) sin_face_y[j] = sin(kb * j * g->hy);
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i <= g->nx; ++i)
            out[eddy_mac_u(g, i, j)] = n * kb * sin_face_x[i] * cos_mid_y[j];
    for (int j = 0; j <= g->ny; ++j)
        for (int i = 0; i < g->nx; ++i)
            out[eddy_mac_v(g, i, j)] = -n * ka * cos_mid_x[i] * sin_face_y[j];
}

static eddy_result divergence_free(const eddy_asset *a, const eddy_mac *g, int m, double *div,
                                   eddy_error *err)
{
    size_t n = (size_t)eddy_mac_size(g), cells = (size_t)g->nx * (size_t)g->ny;
    const double *f = a->grid_modes + (size_t)m * n;
    double speed = 0.0, most = 0.0;
    for (size_t s = 0; s < n; ++s) speed = fmax(speed, fabs(f[s]));
    eddy_mac_divergence(g, f, div);
    for (size_t c = 0; c < cells; ++c) most = fmax(most, fabs(div[c]));
    if (!(most <= GRID_DIVERGENCE_TOL * speed / fmin(g->hx, g->hy)))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD': grid mode %d is not "
                         "divergence-free (a cell's divergence is %g 1/s against speeds of %g "
                         "m/s)", m, most, speed);
    return EDDY_OK;
}

static eddy_result check_grid_modes(const eddy_asset *a, eddy_error *err)
{
    if (a->grid_count == 0) return EDDY_OK;
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g), cells = (size_t)g.nx * (size_t)g.ny;
    int eigen = a->eigen_count < EIGEN_SAMPLED ? a->eigen_count : EIGEN_SAMPLED;
    size_t trig = 4 * ((size_t)g.nx + (size_t)g.ny + 2);
    double *work = eddy_alloc((cells + trig + (size_t)eigen * n) * sizeof *work);
    if (!work) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory checking an asset");
    double *div = work, *angles = work + cells, *modes = angles + trig;
    int eigen_index[EIGEN_SAMPLED];
    for (int k = 0; k < eigen; ++k) {
        eigen_index[k] = (int)((long)k * a->eigen_count / EIGEN_SAMPLED);
        sample_eigenmode(a, &g, &a->modes[eigen_index[k]], modes + (size_t)k * n, angles);
    }
    int stride = a->grid_count > GRID_SAMPLED ? a->grid_count / GRID_SAMPLED : 1;
    eddy_result res = EDDY_OK;
    for (int m = 0; m < a->grid_count && res == EDDY_OK; m += stride)
        res = divergence_free(a, &g, m, div, err);
    for (int m = 0; m < a->grid_count && res == EDDY_OK; m += stride) {
        const double *f = a->grid_modes + (size_t)m * n;
        int other = m + stride < a->grid_count ? m + stride : (m > 0 ? 0 : -1);
        if (res == EDDY_OK && other >= 0) {
            double d = eddy_mac_dot(&g, f, a->grid_modes + (size_t)other * n);
            if (!(fabs(d) <= GRID_INDEPENDENCE_TOL))
                res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD': grid modes %d and "
                                "%d are not independent (their grid product is %g, not 0)",
                                m, other, d);
        }
        for (int k = 0; k < eigen && res == EDDY_OK; ++k) {
            double d = eddy_mac_dot(&g, f, modes + (size_t)k * n);
            if (!(fabs(d) <= GRID_INDEPENDENCE_TOL))
                res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD': grid mode %d is not "
                                "independent of eigenmode %d (their grid product is %g, not 0)",
                                m, eigen_index[k], d);
        }
    }
    eddy_free(work);
    return res;
}

/* ------------------------------------------------------------ QTRE */

/* The error table of 5.19 must be this grid's (the builder's
 * eddyi_qt_table_build): its tree's levels, the bins of the domain's
 * diagonal, the grid spacing as panel length; infinite exactly where a
 * panel may be inside a node; and between two bounds. Below: each entry
 * is the largest deviation over 64 panel placements, so it is at least
 * the deviation of one of them, recomputed at QTRE_SAMPLED bins a level (an
 * all-zero or shrunk table, which would let quadtree feedback skip real
 * work, fails). Above: a unit panel of length L at distance d from a node
 * of half diagonal rho has |u| <= L / (2 pi (d - rho - L / 2)) in the node
 * and at its centre, so the entry is at most twice that (an all-infinite or
 * inflated table, which would make it do needless work, fails). */
#define QTRE_SAMPLED 3
#define QTRE_TOL 1e-9

static eddy_result qtre_fail(eddy_error *err, const char *what, int level, int bin)
{
    return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'QTRE': %s (level %d, bin %d)", what,
                     level, bin);
}

static eddy_result check_table_level(const eddy_quadtree *tree, const eddy_qt_table *t, int l,
                                     eddy_error *err)
{
    double rho, reach = eddyi_qt_table_reach(tree, t, l, &rho);
    const double *row = t->error + (size_t)l * (size_t)t->bins;
    int first = -1;
    for (int b = 0; b < t->bins; ++b) {
        double d = b * t->bin_width, e = row[b];
        if (d <= reach) {
            if (!isinf(e)) return qtre_fail(err, "finite where a panel may be inside a node", l, b);
            continue;
        }
        if (first < 0) first = b;
        double bound = t->panel_length / (M_PI * (d - rho - 0.5 * t->panel_length));
        if (!(e <= bound * (1.0 + QTRE_TOL)))
            return qtre_fail(err, "an entry is beyond the bound a panel's field allows", l, b);
    }
    for (int k = 0; first >= 0 && k < QTRE_SAMPLED; ++k) {
        int b = first + (int)((long)k * (t->bins - 1 - first) / (QTRE_SAMPLED - 1));
        double least = eddyi_qt_table_sample(tree, t, l, b, 0.0, 0.0);
        if (!(row[b] >= least * (1.0 - QTRE_TOL)))
            return qtre_fail(err, "an entry is below the deviation a panel there has", l, b);
    }
    return EDDY_OK;
}

static eddy_result check_quadtree_table(const eddy_asset *a, eddy_error *err)
{
    const eddy_qt_table *t = &a->quadtree_table;
    if (!t->error) return EDDY_OK;
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    eddy_quadtree tree;
    eddy_result res = eddyi_quadtree_build(&g, &tree, err);
    if (res != EDDY_OK) return res;
    int bins = (int)ceil(hypot(g.width, g.height) / t->bin_width) + 2;
    if (t->levels != tree.levels || t->bins != bins || t->panel_length != fmin(g.hx, g.hy))
        res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'QTRE' has %d levels, %d bins and "
                        "panels of %g m; this grid's quadtree has %d levels, %d bins and %g m",
                        t->levels, t->bins, t->panel_length, tree.levels, bins, fmin(g.hx, g.hy));
    for (int l = 0; l < t->levels && res == EDDY_OK; ++l) res = check_table_level(&tree, t, l, err);
    eddyi_quadtree_free(&tree);
    return res;
}

static eddy_result check_walls(const eddy_asset *a, eddy_error *err)
{
    if (!a->has_walls_flag) return EDDY_OK;
    if (a->island_count > a->wall_count)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL': %d islands from %d walls",
                         a->island_count, a->wall_count);
    return EDDY_OK;
}

eddy_result eddyi_asset_check_meaning(const eddy_asset *a, eddy_error *err)
{
    eddy_result res = check_distinct_modes(a, err);
    if (res == EDDY_OK) res = check_viscosity(a, err);
    if (res == EDDY_OK) res = check_tensor(a, err);
    if (res == EDDY_OK) res = check_grid_norms(a, err);
    if (res == EDDY_OK) res = check_grid_modes(a, err);
    if (res == EDDY_OK) res = check_quadtree_table(a, err);
    if (res == EDDY_OK) res = check_walls(a, err);
    return res;
}
