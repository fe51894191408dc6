// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_matrix.c - the panel matrix of one shape (5.12 + 5.15) and its
 * least-squares pseudo-inverse (5.13, 5.16), all in body space so the body may
 * move and rotate freely. Conventions in panel.h. */
#include "dense.h"
#include "panel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rows 0..M-1 (5.12, scaled to fluxes): P_ji = -(flux through panel j induced
 * by unit strength on panel i). The chapter takes it by the one-point rule,
 * -A_j u_ij . n_j with u_ij at the midpoint of panel j; a panel's own normal
 * velocity there is zero. That is right along a straight side, whose panels
 * see each other's logarithmic end singularities in mirror pairs. Where the
 * outline bends at every panel end (a circle's panels, a polygon cut into a
 * single panel a side), the one-point rule misses the logarithms at the bends
 * and leaks: in a uniform stream 8 % of it went through a disc of 17 panels
 * (4 % at 63). Those rows take the exact flux instead, the difference of
 * panel i's stream function between the ends of panel j (panel_velocity.c):
 * 1.3 % (0.09 % at 63), second order. On straight sides the exact flux would
 * leave the checkerboard pattern of strengths nearly free (collinear panels'
 * fluxes see only the odd part of their neighbours' strengths), so they keep
 * the printed rule. */
static bool bends_at_both_ends(const eddy_panel_shape *s, const int *next, const int *prev, int j)
{
    return !eddy_panel_collinear(s, prev[j], j) && !eddy_panel_collinear(s, j, next[j]);
}

bool eddy_panel_exact_row(const eddy_panel_shape *s, const int *next, const int *prev, int j)
{
    return next && bends_at_both_ends(s, next, prev, j);
}

double eddy_panel_matrix_entry(const eddy_panel_shape *s, bool exact_row, int j, int i)
{
    if (i == j) return 0.0;
    const double *ej = &s->ends[4 * j], *mj = &s->mid[2 * j], *nj = &s->normal[2 * j];
    const double *e = &s->ends[4 * i];
    double flux = exact_row
                      ? eddy_panel_flux_influence(e[0], e[1], e[2], e[3], ej[0], ej[1], ej[2], ej[3])
                      : s->length[j] * eddy_panel_normal_influence(e[0], e[1], e[2], e[3], mj[0],
                                                                   mj[1], nj[0], nj[1]);
    return -flux;
}

static eddy_result fill_influence_rows(const eddy_panel_shape *s, double *out)
{
    int m = s->count;
    int *next = eddy_alloc(sizeof(int) * 2 * (size_t)m), *prev = next ? next + m : NULL;
    if (!next) return EDDY_ERR_MEMORY; /* never a silently different matrix */
    bool linked = eddy_panel_shape_link(s, next);
    if (linked)
        for (int i = 0; i < m; i++) prev[next[i]] = i;
    for (int j = 0; j < m; j++) {
        bool exact = eddy_panel_exact_row(s, linked ? next : NULL, prev, j);
        for (int i = 0; i < m; i++) out[(size_t)j * m + i] = eddy_panel_matrix_entry(s, exact, j, i);
    }
    eddy_free(next);
    return EDDY_OK;
}

/* Rows M..M+R-1 (5.15): sum of A_i gamma_i over each connected group is zero. */
static void fill_circulation_rows(const eddy_panel_shape *s, double *out)
{
    int m = s->count;
    for (int g = 0; g < s->group_count; g++)
        for (int i = 0; i < m; i++)
            out[(size_t)(m + g) * m + i] = s->group[i] == g ? s->length[i] : 0.0;
}

eddy_result eddy_panel_matrix_fill(const eddy_panel_shape *shape, double *out)
{
    eddy_result rc = fill_influence_rows(shape, out);
    if (rc == EDDY_OK) fill_circulation_rows(shape, out);
    return rc;
}

/* Z: orthonormal basis (m x (m - r), row-major) of the strengths with zero
 * circulation in every group, i.e. the null space of the rows of 5.15, from a
 * full QR factorisation of their transpose (dense_qr.c). q is m x m scratch. */
static eddy_result circulation_free_basis(const eddy_panel_shape *s, double *q, double *z)
{
    int m = s->count, r = s->group_count;
    for (int i = 0; i < m; i++)
        for (int k = 0; k < m; k++) q[(size_t)i * m + k] = k < r && s->group[i] == k ? s->length[i] : 0.0;
    eddy_result rc = eddy_dense_qr_full(m, r, q);
    if (rc != EDDY_OK) return rc;
    for (int i = 0; i < m; i++)
        for (int k = 0; k < m - r; k++) z[(size_t)i * (m - r) + k] = q[(size_t)i * m + r + k];
    return EDDY_OK;
}

/* pinv[:, 0:m] = Z V diag(1/s) U^T over the first `kept` singular values of
 * P Z = U diag(s) V^T (n = m - r columns); the dropped ones are exact null
 * directions (minimum-norm solution). pinv[:, m + g] = the minimum-norm
 * strengths with unit circulation in group g (unused at run time: b has zeros
 * there). */
static void assemble_pinv(const eddy_panel_shape *s, int kept, const double *z, const double *u,
                          const double *sv, const double *vt, double *w, double *pinv)
{
    int m = s->count, r = s->group_count, n = m - r, rows = s->rows;
    for (int k = 0; k < n; k++) /* w = V diag(1/s) U^T, n x m */
        for (int j = 0; j < m; j++) {
            double sum = 0.0;
            for (int l = 0; l < kept; l++) sum += vt[(size_t)l * n + k] * u[(size_t)j * n + l] / sv[l];
            w[(size_t)k * m + j] = sum;
        }
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < m; j++) {
            double sum = 0.0;
            for (int k = 0; k < n; k++) sum += z[(size_t)i * n + k] * w[(size_t)k * m + j];
            pinv[(size_t)i * rows + j] = sum;
        }
        for (int g = 0; g < r; g++) pinv[(size_t)i * rows + m + g] = 0.0;
    }
    for (int g = 0; g < r; g++) {
        double l2 = 0.0;
        for (int i = 0; i < m; i++)
            if (s->group[i] == g) l2 += s->length[i] * s->length[i];
        for (int i = 0; i < m; i++)
            if (s->group[i] == g) pinv[(size_t)i * rows + m + g] = s->length[i] / l2;
    }
}

/* Probe fields for the consistency check: two translations, rotation about the
 * body origin (any rigid motion is a sum of these), and two strains. */
typedef void (*probe_fn)(double x, double y, double uv[2]);
static void probe_translate_x(double x, double y, double uv[2])
{
    (void)x, (void)y;
    uv[0] = 1.0, uv[1] = 0.0;
}
static void probe_translate_y(double x, double y, double uv[2])
{
    (void)x, (void)y;
    uv[0] = 0.0, uv[1] = 1.0;
}
static void probe_rotate(double x, double y, double uv[2]) { uv[0] = -y, uv[1] = x; }
static void probe_strain(double x, double y, double uv[2]) { uv[0] = x, uv[1] = -y; }
static void probe_shear(double x, double y, double uv[2]) { uv[0] = y, uv[1] = x; }

/* Residual normal velocity left at the midpoints by the least-squares solution
 * gamma = P^+ b for one probe, max over panels, relative to the probe's largest
 * normal velocity (0 when the probe has none, e.g. a circle spinning about its
 * centre). b and gamma are scratch of rows and m doubles. */
static double probe_residual(const eddy_panel_shape *s, const double *p, probe_fn f, double *b,
                             double *gamma)
{
    int m = s->count, rows = s->rows;
    double peak = 0.0;
    for (int j = 0; j < rows; j++) b[j] = 0.0;
    for (int j = 0; j < m; j++) {
        double uv[2];
        f(s->mid[2 * j], s->mid[2 * j + 1], uv);
        double un = uv[0] * s->normal[2 * j] + uv[1] * s->normal[2 * j + 1];
        b[j] = s->length[j] * un;
        peak = fmax(peak, fabs(un));
    }
    for (int i = 0; i < m; i++) {
        double sum = 0.0;
        for (int j = 0; j < rows; j++) sum += s->pinv[(size_t)i * rows + j] * b[j];
        gamma[i] = sum;
    }
    double worst = 0.0;
    for (int j = 0; j < m; j++) {
        double r = -b[j];
        for (int i = 0; i < m; i++) r += p[(size_t)j * m + i] * gamma[i];
        worst = fmax(worst, fabs(r) / s->length[j]);
    }
    return peak > 1e-12 ? worst / peak : 0.0;
}

static double worst_residual(const eddy_panel_shape *s, const double *p, const probe_fn *probes,
                             int count, double *b, double *gamma)
{
    double worst = 0.0;
    for (int k = 0; k < count; k++) worst = fmax(worst, probe_residual(s, p, probes[k], b, gamma));
    return worst;
}

/* The (M+1) x M system of 5.12 + 5.15 is only consistent where the outline's
 * symmetry makes it so. Measured (tests/test_panel.c, and panel.h):
 *   - generic outlines: every probe to 0.1-1 %, shrinking with h;
 *   - circles with an odd count: every probe to round-off;
 *   - mirror-symmetric polygons with ODD counts per side (a mirror axis cuts two
 *     panels at their midpoints): one exact null direction (dropped above) and
 *     rigid motions to round-off, but one strain pattern is out of reach and
 *     leaves a panel-to-panel sawtooth of normal flow (about 10 % of the strain
 *     velocity on a unit square at h = 0.1, falling like h^0.7);
 *   - the same polygons with EVEN counts: full rank, but rotation is out of reach
 *     (30 % residual at 4 panels per side, 6 % at 16) - the paper's "unable to
 *     cancel the normal velocities induced from rigid body rotation" (5.3.1).
 * So a shape is refused when rigid motion is not reproduced; strains are
 * recorded for information. */
static void measure_consistency(eddy_panel_shape *s, const double *p, double *work)
{
    static const probe_fn rigid[] = {probe_translate_x, probe_translate_y, probe_rotate};
    static const probe_fn strains[] = {probe_strain, probe_shear};
    s->consistency = worst_residual(s, p, rigid, 3, work, work + s->rows);
    s->strain_residual = worst_residual(s, p, strains, 2, work, work + s->rows);
}

/* The solve 5.16 as an equality-constrained least-squares problem: the
 * circulation rows (5.15) hold exactly (Kelvin: a body started from rest keeps
 * zero circulation), the flux rows (5.12) in the least-squares sense. It is the
 * pseudo-inverse of [P; w C] in the limit of a large weight w; with the printed
 * unit weight the circulation would absorb part of the flux residual. */
eddy_result eddy_panel_matrix_build(eddy_panel_shape *shape, double tolerance, eddy_error *err)
{
    int m = shape->count, r = shape->group_count, rows = shape->rows, n = m - r;
    if (m < 1 || r < 1 || n < 1 || rows != m + r)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s': too few panels", shape->name);
    size_t mm = (size_t)m * m, mn = (size_t)m * n;
    double *p = eddy_alloc(sizeof(double) * (size_t)rows * m);
    double *q = eddy_alloc(sizeof(double) * mm);
    double *z = eddy_alloc(sizeof(double) * mn);
    double *pz = eddy_alloc(sizeof(double) * mn);
    double *u = eddy_alloc(sizeof(double) * mn);
    double *vt = eddy_alloc(sizeof(double) * (size_t)n * n);
    double *sv = eddy_alloc(sizeof(double) * (size_t)n);
    double *w = eddy_alloc(sizeof(double) * mn);
    double *pinv = eddy_alloc(sizeof(double) * (size_t)m * rows);
    double *work = eddy_alloc(sizeof(double) * (size_t)(rows + m));
    eddy_result rc = EDDY_OK;
    if (!p || !q || !z || !pz || !u || !vt || !sv || !w || !pinv || !work) {
        rc = eddy_fail(err, EDDY_ERR_MEMORY, "shape '%s': out of memory", shape->name);
        goto done;
    }
    eddy_result step = eddy_panel_matrix_fill(shape, p);
    if (step == EDDY_OK) step = circulation_free_basis(shape, q, z);
    if (step != EDDY_OK) {
        rc = eddy_fail(err, step, step == EDDY_ERR_MEMORY ? "shape '%s': out of memory"
                                                          : "shape '%s': QR of the circulation rows failed",
                       shape->name);
        goto done;
    }
    for (int j = 0; j < m; j++) /* pz = P[0:m, :] Z */
        for (int k = 0; k < n; k++) {
            double sum = 0.0;
            for (int i = 0; i < m; i++) sum += p[(size_t)j * m + i] * z[(size_t)i * n + k];
            pz[(size_t)j * n + k] = sum;
        }
    eddy_result svd = eddy_dense_svd(m, n, pz, sv, u, vt); /* dense_svd.c */
    if (svd != EDDY_OK) {
        rc = eddy_fail(err, svd, "shape '%s': SVD of the panel matrix failed (%s)", shape->name,
                       eddy_result_name(svd));
        goto done;
    }
    shape->sigma_max = sv[0];
    shape->sigma_min = sv[n - 1];
    /* Singular values below tolerance * sigma_max are exact null directions:
     * strength patterns with no normal flux at any midpoint and no circulation
     * (an odd split of a side cut at its middle by a mirror axis has one). They
     * are dropped, giving the minimum-norm solution. */
    int kept = 0;
    while (kept < n && sv[kept] > tolerance * sv[0]) kept++;
    shape->null_count = n - kept;
    if (!(sv[0] > 0.0) || kept == 0) {
        rc = eddy_fail(err, EDDY_ERR_NUMERIC, "shape '%s': panel matrix is zero", shape->name);
        goto done;
    }
    assemble_pinv(shape, kept, z, u, sv, vt, w, pinv);
    eddy_free(shape->pinv);
    shape->pinv = pinv;
    pinv = NULL;
    measure_consistency(shape, p, work);
done:
    eddy_free(p);
    eddy_free(q);
    eddy_free(z);
    eddy_free(pz);
    eddy_free(u);
    eddy_free(vt);
    eddy_free(sv);
    eddy_free(w);
    eddy_free(pinv);
    eddy_free(work);
    return rc;
}

eddy_result eddy_panel_matrix_check(const eddy_panel_shape *shape, double consistency_tolerance,
                                    eddy_error *err)
{
    if (shape->consistency <= consistency_tolerance) return EDDY_OK;
    return eddy_fail(err, EDDY_ERR_NUMERIC,
                     "shape '%s': panel matrix cannot cancel rigid motion (residual normal flow "
                     "%.3g of the body's, limit %.3g; %d null directions, smallest singular "
                     "value %.3g of the largest); cut sides into odd panel counts",
                     shape->name, shape->consistency, consistency_tolerance, shape->null_count,
                     shape->sigma_max > 0.0 ? shape->sigma_min / shape->sigma_max : 0.0);
}
