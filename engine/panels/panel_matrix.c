// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_matrix.c - the panel matrix of one shape (5.12 + 5.15) and its
 * least-squares pseudo-inverse (5.13, 5.16), all in body space so the body may
 * move and rotate freely. Conventions in panel.h.
 *
 * NO FLOW THROUGH THE OUTLINE, IN STREAM-FUNCTION FORM. No water crosses a
 * closed outline anywhere exactly when the whole flow's stream function is
 * one constant along it: the flux through any chord is the difference of
 * the stream function between its ends. So the strengths are chosen to make
 *     psi_p + psi_rel = C   along every outline (one constant per outline),
 * psi_p the panels' stream function (panel_velocity.c), psi_rel that of the
 * relative flow u_f - u_o, in the least-squares sense over PANEL_SAMPLES
 * points a panel (the integral of (psi - C)^2 along the outline), with the
 * circulation rows (5.15) exact. The run time still hands in the one-point
 * fluxes b_j = A_j (u_f - u_o) . n_j (5.14): psi_rel along an outline is
 * their running sum (the flux through a stretch of the outline is the
 * change of psi along it), taking the normal velocity constant along each
 * panel (off by A^2/8 times its slope: second order) and the outline's net
 * flux out spread by length (a divergence-free flow has none; the one-point
 * rule leaves round-off of it). That running sum is linear in b, so the
 * whole solve stays one matrix, gamma = pinv b: the run time is unchanged.
 *
 * Why not the printed rule. 5.12 asks for zero normal velocity at each
 * panel's midpoint (P_ji = -A_j u_ij . n_j). Between the midpoints the
 * outline's stream function then wandered: full chords through a fixed
 * 0.6 m square of 13 panels carried 26 % of the stream, diagonal ones 78 %,
 * and the inflow through the outline 5 mm outside was 133 % of U w where the
 * potential flow has 14 % (tests/test_no_flow_through.c). The exact flux
 * through each panel (psi at its two ends; this file once used it where the
 * outline bends at both ends of a panel) leaves the checkerboard of
 * strengths free on straight sides (alternating strengths give the same psi
 * at every panel end of a straight row). psi equal at the midpoints alone
 * cut the chords to 15 %, the velocity 0.15 m out to 3 % of 2U, the inflow to
 * 46 %; sampling the whole panel does the rest (numbers in
 * tests/test_no_flow_through.c). */
#include "dense.h"
#include "panel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Stream-function samples per panel, at the middles of equal quarters. */
#define PANEL_SAMPLES 4

int eddyi_panel_matrix_samples(const eddy_panel_shape *shape)
{
    return PANEL_SAMPLES * shape->count;
}

/* The outlines as loops of panels: loop[i] the loop panel i is on,
 * before[i] the length of its loop from the loop's first panel to the start
 * of panel i, total[l] the length of loop l. Returns the loop count, or -1
 * when the panels do not close into loops. */
static int walk_loops(const eddy_panel_shape *s, int *next, int *loop, double *before,
                      double *total)
{
    int m = s->count, loops = 0;
    if (!eddyi_panel_shape_link(s, next)) return -1;
    for (int i = 0; i < m; i++) loop[i] = -1;
    for (int i = 0; i < m; i++) {
        if (loop[i] >= 0) continue;
        double run = 0.0;
        int j = i, steps = 0;
        while (loop[j] < 0 && steps++ <= m) {
            loop[j] = loops;
            before[j] = run;
            run += s->length[j];
            j = next[j];
        }
        if (j != i) return -1; /* ran into another loop: not a cycle */
        total[loops++] = run;
    }
    return loops;
}

/* Sample k: panel k / PANEL_SAMPLES, at fraction f along it, weight A / S. */
static void sample_point(const eddy_panel_shape *s, int k, double *x, double *y, double *f,
                         double *weight)
{
    int j = k / PANEL_SAMPLES;
    *f = ((k % PANEL_SAMPLES) + 0.5) / PANEL_SAMPLES;
    const double *e = &s->ends[4 * j];
    *x = e[0] + *f * (e[2] - e[0]);
    *y = e[1] + *f * (e[3] - e[1]);
    *weight = s->length[j] / PANEL_SAMPLES;
}

/* Subtracts from every row of the k x cols matrix its loop's weighted mean
 * over the loop's samples (removes the outline's constant C), then scales
 * each row by the square root of its weight (the least-squares norm). */
static eddy_result centre_rows(const eddy_panel_shape *s, const int *loop, int loops, int cols,
                               double *a)
{
    int k = eddyi_panel_matrix_samples(s);
    double *mean = eddy_calloc((size_t)loops * (size_t)cols, sizeof(double));
    double *mass = eddy_calloc((size_t)loops, sizeof(double));
    if (!mean || !mass) {
        eddy_free(mean), eddy_free(mass);
        return EDDY_ERR_MEMORY;
    }
    for (int q = 0; q < k; q++) {
        double x, y, f, w;
        sample_point(s, q, &x, &y, &f, &w);
        int l = loop[q / PANEL_SAMPLES];
        mass[l] += w;
        for (int c = 0; c < cols; c++) mean[(size_t)l * cols + c] += w * a[(size_t)q * cols + c];
    }
    for (int q = 0; q < k; q++) {
        double x, y, f, w;
        sample_point(s, q, &x, &y, &f, &w);
        int l = loop[q / PANEL_SAMPLES];
        double root = sqrt(w);
        for (int c = 0; c < cols; c++)
            a[(size_t)q * cols + c] = root * (a[(size_t)q * cols + c] - mean[(size_t)l * cols + c] / mass[l]);
    }
    eddy_free(mean), eddy_free(mass);
    return EDDY_OK;
}

/* K x M: the panels' stream function at the samples, P_ki = psi_i(x_k),
 * centred per loop and weighted (5.12 in stream-function form). */
static eddy_result fill_stream_rows(const eddy_panel_shape *s, const int *loop, int loops,
                                    double *out)
{
    int m = s->count, k = eddyi_panel_matrix_samples(s);
    for (int q = 0; q < k; q++) {
        double x, y, f, w;
        sample_point(s, q, &x, &y, &f, &w);
        for (int i = 0; i < m; i++) {
            const double *e = &s->ends[4 * i];
            out[(size_t)q * m + i] = eddyi_panel_stream_function(e[0], e[1], e[2], e[3], x, y);
        }
    }
    return centre_rows(s, loop, loops, m, out);
}

/* K x M: minus the relative flow's stream function at the samples as a
 * linear form in the one-point fluxes b (the running sum round the loop,
 * its net flux spread by length), centred and weighted like the rows. */
static eddy_result fill_stream_rhs(const eddy_panel_shape *s, const int *loop, int loops,
                                   const double *before, const double *total, double *out)
{
    int m = s->count, k = eddyi_panel_matrix_samples(s);
    memset(out, 0, sizeof(double) * (size_t)k * (size_t)m);
    for (int q = 0; q < k; q++) {
        double x, y, f, w;
        sample_point(s, q, &x, &y, &f, &w);
        int j = q / PANEL_SAMPLES, l = loop[j];
        double reach = (before[j] + f * s->length[j]) / total[l]; /* share of the net flux */
        for (int i = 0; i < m; i++) {
            if (loop[i] != l) continue;
            double c = (before[i] < before[j] ? 1.0 : 0.0) + (i == j ? f : 0.0) - reach;
            out[(size_t)q * m + i] = -c;
        }
    }
    return centre_rows(s, loop, loops, m, out);
}

eddy_result eddyi_panel_matrix_fill(const eddy_panel_shape *shape, double *rows, double *rhs)
{
    int m = shape->count;
    int *next = eddy_alloc(sizeof(int) * 2 * (size_t)m), *loop = next ? next + m : NULL;
    double *before = eddy_alloc(sizeof(double) * 2 * (size_t)m), *total = before ? before + m : NULL;
    eddy_result rc = next && before ? EDDY_OK : EDDY_ERR_MEMORY;
    int loops = rc == EDDY_OK ? walk_loops(shape, next, loop, before, total) : 0;
    if (rc == EDDY_OK && loops < 1) rc = EDDY_ERR_ARGUMENT;
    if (rc == EDDY_OK && rows) rc = fill_stream_rows(shape, loop, loops, rows);
    if (rc == EDDY_OK && rhs) rc = fill_stream_rhs(shape, loop, loops, before, total, rhs);
    eddy_free(next);
    eddy_free(before);
    return rc;
}

eddy_result eddyi_panel_outline_stream(const eddy_panel_shape *s, const double *gamma,
                                      const double *b, int count, const int *samples,
                                      double *psi, int *loop_of)
{
    int m = s->count;
    int *next = eddy_alloc(sizeof(int) * 2 * (size_t)m), *loop = next ? next + m : NULL;
    double *before = eddy_alloc(sizeof(double) * 2 * (size_t)m), *total = before ? before + m : NULL;
    double *net = eddy_calloc((size_t)m, sizeof(double)); /* per loop, at most m loops */
    eddy_result rc = next && before && net ? EDDY_OK : EDDY_ERR_MEMORY;
    int loops = rc == EDDY_OK ? walk_loops(s, next, loop, before, total) : 0;
    if (rc == EDDY_OK && loops < 1) rc = EDDY_ERR_ARGUMENT;
    for (int i = 0; rc == EDDY_OK && i < m; i++) net[loop[i]] += b[i];
    for (int t = 0; rc == EDDY_OK && t < count; t++) {
        int q = samples[t];
        if (q < 0 || q >= eddyi_panel_matrix_samples(s)) {
            rc = EDDY_ERR_ARGUMENT;
            break;
        }
        double x, y, f, w;
        sample_point(s, q, &x, &y, &f, &w);
        int j = q / PANEL_SAMPLES, l = loop[j];
        double panels = 0.0, rel = -net[l] * (before[j] + f * s->length[j]) / total[l];
        for (int i = 0; i < m; i++) {
            const double *e = &s->ends[4 * i];
            panels += gamma[i] * eddyi_panel_stream_function(e[0], e[1], e[2], e[3], x, y);
            if (loop[i] == l && before[i] < before[j]) rel += b[i];
        }
        psi[t] = panels + rel + f * b[j];
        loop_of[t] = l;
    }
    eddy_free(next);
    eddy_free(before);
    eddy_free(net);
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
    eddy_result rc = eddyi_dense_qr_full(m, r, q);
    if (rc != EDDY_OK) return rc;
    for (int i = 0; i < m; i++)
        for (int k = 0; k < m - r; k++) z[(size_t)i * (m - r) + k] = q[(size_t)i * m + r + k];
    return EDDY_OK;
}

/* pinv[:, 0:m] = Z V diag(1/s) U^T L over the first `kept` singular values of
 * P Z = U diag(s) V^T (K x n, n = m - r), L the K x m right-hand side; the
 * dropped ones are null directions (minimum-norm solution). pinv[:, m + g] =
 * the minimum-norm strengths with unit circulation in group g (unused at run
 * time: b has zeros there). w: n x K scratch, wl: n x m scratch. */
static void assemble_pinv(const eddy_panel_shape *s, int kept, const double *z, const double *u,
                          const double *sv, const double *vt, const double *rhs, double *w,
                          double *wl, double *pinv)
{
    int m = s->count, r = s->group_count, n = m - r, rows = s->rows;
    int k = eddyi_panel_matrix_samples(s);
    for (int c = 0; c < n; c++) /* w = V diag(1/s) U^T, n x K */
        for (int q = 0; q < k; q++) {
            double sum = 0.0;
            for (int l = 0; l < kept; l++) sum += vt[(size_t)l * n + c] * u[(size_t)q * n + l] / sv[l];
            w[(size_t)c * k + q] = sum;
        }
    for (int c = 0; c < n; c++) /* wl = w L, n x m */
        for (int j = 0; j < m; j++) {
            double sum = 0.0;
            for (int q = 0; q < k; q++) sum += w[(size_t)c * k + q] * rhs[(size_t)q * m + j];
            wl[(size_t)c * m + j] = sum;
        }
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < m; j++) {
            double sum = 0.0;
            for (int c = 0; c < n; c++) sum += z[(size_t)i * n + c] * wl[(size_t)c * m + j];
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

/* What the least-squares solution gamma = pinv b leaves of the probe's
 * stream function along the outline: the root mean square of
 * psi_p + psi_rel - C over the outline, relative to the probe's largest
 * normal speed there times the outline's length over 2 pi (for a unit
 * stream past a disc of radius R, psi_rel - C has root mean square R / 2^0.5:
 * the scale of the water the motion moves). 0 when the probe moves no water
 * across the outline (a circle spinning about its centre). b (m), gamma (m),
 * res (K) are scratch. */
static double probe_residual(const eddy_panel_shape *s, const double *p, const double *rhs,
                             probe_fn f, double *b, double *gamma, double *res)
{
    int m = s->count, rows = s->rows, k = eddyi_panel_matrix_samples(s);
    double peak = 0.0;
    for (int j = 0; j < m; j++) {
        double uv[2];
        f(s->mid[2 * j], s->mid[2 * j + 1], uv);
        double un = uv[0] * s->normal[2 * j] + uv[1] * s->normal[2 * j + 1];
        b[j] = s->length[j] * un;
        peak = fmax(peak, fabs(un));
    }
    for (int i = 0; i < m; i++) {
        double sum = 0.0;
        for (int j = 0; j < m; j++) sum += s->pinv[(size_t)i * rows + j] * b[j];
        gamma[i] = sum;
    }
    double left = 0.0, perimeter = 0.0;
    for (int q = 0; q < k; q++) {
        double target = 0.0, got = 0.0;
        for (int j = 0; j < m; j++) target += rhs[(size_t)q * m + j] * b[j];
        for (int i = 0; i < m; i++) got += p[(size_t)q * m + i] * gamma[i];
        res[q] = got - target; /* weighted: res^2 sums to the integral */
        left += res[q] * res[q];
    }
    for (int j = 0; j < m; j++) perimeter += s->length[j];
    double scale = peak * perimeter / (2.0 * M_PI);
    return scale > 1e-12 ? sqrt(left / perimeter) / scale : 0.0;
}

static double worst_residual(const eddy_panel_shape *s, const double *p, const double *rhs,
                             const probe_fn *probes, int count, double *work)
{
    double worst = 0.0;
    int m = s->count;
    for (int k = 0; k < count; k++)
        worst = fmax(worst, probe_residual(s, p, rhs, probes[k], work, work + m, work + 2 * m));
    return worst;
}

/* How well the panels cancel rigid motions (the refusal test) and strains
 * (information only), as the share of the relative flow's stream function
 * they leave along the outline. Measured: a circle or a generic polygon
 * 1e-3..3e-2; a 0.6 m square of 3 panels a side 4e-2 (the corners, where
 * constant strengths cannot follow the flow); any shape with one panel a
 * side near 0.3. */
static void measure_consistency(eddy_panel_shape *s, const double *p, const double *rhs,
                                double *work)
{
    static const probe_fn rigid[] = {probe_translate_x, probe_translate_y, probe_rotate};
    static const probe_fn strains[] = {probe_strain, probe_shear};
    s->consistency = worst_residual(s, p, rhs, rigid, 3, work);
    s->strain_residual = worst_residual(s, p, rhs, strains, 2, work);
}

/* The solve 5.16 as an equality-constrained least-squares problem: the
 * circulation rows (5.15) hold exactly (Kelvin: a body started from rest keeps
 * zero circulation), the stream-function rows in the least-squares sense. It
 * is the pseudo-inverse of [P; w C] in the limit of a large weight w; with the
 * printed unit weight the circulation would absorb part of the residual. */
eddy_result eddyi_panel_matrix_build(eddy_panel_shape *shape, double tolerance, eddy_error *err)
{
    int m = shape->count, r = shape->group_count, rows = shape->rows, n = m - r;
    if (m < 1 || r < 1 || n < 1 || rows != m + r)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s': too few panels", shape->name);
    int k = eddyi_panel_matrix_samples(shape);
    size_t mm = (size_t)m * m, mn = (size_t)m * n, km = (size_t)k * m, kn = (size_t)k * n;
    double *p = eddy_alloc(sizeof(double) * km);
    double *rhs = eddy_alloc(sizeof(double) * km);
    double *q = eddy_alloc(sizeof(double) * mm);
    double *z = eddy_alloc(sizeof(double) * mn);
    double *pz = eddy_alloc(sizeof(double) * kn);
    double *u = eddy_alloc(sizeof(double) * kn);
    double *vt = eddy_alloc(sizeof(double) * (size_t)n * n);
    double *sv = eddy_alloc(sizeof(double) * (size_t)n);
    double *w = eddy_alloc(sizeof(double) * kn);
    double *wl = eddy_alloc(sizeof(double) * mn);
    double *pinv = eddy_alloc(sizeof(double) * (size_t)m * rows);
    double *work = eddy_alloc(sizeof(double) * (size_t)(2 * m + k));
    eddy_result rc = EDDY_OK;
    if (!p || !rhs || !q || !z || !pz || !u || !vt || !sv || !w || !wl || !pinv || !work) {
        rc = eddy_fail(err, EDDY_ERR_MEMORY, "shape '%s': out of memory", shape->name);
        goto done;
    }
    eddy_result step = eddyi_panel_matrix_fill(shape, p, rhs);
    if (step == EDDY_ERR_ARGUMENT) {
        rc = eddy_fail(err, step, "shape '%s': the panels do not close into outlines", shape->name);
        goto done;
    }
    if (step == EDDY_OK) step = circulation_free_basis(shape, q, z);
    if (step != EDDY_OK) {
        rc = eddy_fail(err, step, step == EDDY_ERR_MEMORY ? "shape '%s': out of memory"
                                                          : "shape '%s': QR of the circulation rows failed",
                       shape->name);
        goto done;
    }
    for (int j = 0; j < k; j++) /* pz = P Z */
        for (int c = 0; c < n; c++) {
            double sum = 0.0;
            for (int i = 0; i < m; i++) sum += p[(size_t)j * m + i] * z[(size_t)i * n + c];
            pz[(size_t)j * n + c] = sum;
        }
    eddy_result svd = eddyi_dense_svd(k, n, pz, sv, u, vt); /* dense_svd.c */
    if (svd != EDDY_OK) {
        rc = eddy_fail(err, svd, "shape '%s': SVD of the panel matrix failed (%s)", shape->name,
                       eddy_result_name(svd));
        goto done;
    }
    shape->sigma_max = sv[0];
    shape->sigma_min = sv[n - 1];
    /* Singular values below tolerance * sigma_max are null directions:
     * strength patterns that change the stream function along no outline and
     * carry no circulation. They are dropped, giving the minimum-norm
     * solution. */
    int kept = 0;
    while (kept < n && sv[kept] > tolerance * sv[0]) kept++;
    shape->null_count = n - kept;
    if (!(sv[0] > 0.0) || kept == 0) {
        rc = eddy_fail(err, EDDY_ERR_NUMERIC, "shape '%s': panel matrix is zero", shape->name);
        goto done;
    }
    assemble_pinv(shape, kept, z, u, sv, vt, rhs, w, wl, pinv);
    eddy_free(shape->pinv);
    shape->pinv = pinv;
    pinv = NULL;
    measure_consistency(shape, p, rhs, work);
done:
    eddy_free(p);
    eddy_free(rhs);
    eddy_free(q);
    eddy_free(z);
    eddy_free(pz);
    eddy_free(u);
    eddy_free(vt);
    eddy_free(sv);
    eddy_free(w);
    eddy_free(wl);
    eddy_free(pinv);
    eddy_free(work);
    return rc;
}

eddy_result eddyi_panel_matrix_check(const eddy_panel_shape *shape, double consistency_tolerance,
                                    eddy_error *err)
{
    if (shape->consistency <= consistency_tolerance) return EDDY_OK;
    return eddy_fail(err, EDDY_ERR_NUMERIC,
                     "shape '%s': panel matrix cannot cancel rigid motion (it leaves %.3g of the "
                     "flow's stream function along the outline, limit %.3g; %d null directions, "
                     "smallest singular value %.3g of the largest); cut sides into more panels",
                     shape->name, shape->consistency, consistency_tolerance, shape->null_count,
                     shape->sigma_max > 0.0 ? shape->sigma_min / shape->sigma_max : 0.0);
}
