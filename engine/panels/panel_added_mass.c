// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_added_mass.c - the added-mass tensor of a panelled shape: the fluid a
 * body drags along in potential flow (docs/design.md, "Added mass"; not in
 * the paper).
 *
 * A rigid body moving with generalised velocity q = (v_x, v_y, omega) through
 * still ideal fluid sets it moving with the potential phi = sum_j q_j phi_j,
 * where phi_j is the flow of unit motion j: on the outline its normal
 * derivative is the generalised normal sigma_j = (n_x, n_y, x n_y - y n_x)_j
 * (rotation about the body origin, n outward). The fluid's kinetic energy is
 * q^T M q / 2 with
 *     M_ij = -rho * integral over the outline of phi_j sigma_i ds     (1)
 * (Green's first identity over the fluid).
 *
 * phi_j on the outline comes from Green's representation of an exterior
 * potential that decays at infinity, taken onto the outline at a smooth point
 * (G = ln|x - y| / (2 pi)):
 *     phi(x) / 2 + integral phi(y) dG/dn_y ds_y = integral G(x, y) sigma(y) ds_y   (2)
 * discretised with phi constant on straight panels and collocated at their
 * midpoints; both integrals over a straight panel have closed forms (the
 * subtended angle over 2 pi; the logarithm's antiderivative). This is a
 * potential (source-doublet) panel method, independent of the vortex panels
 * the run time solves with: the vortex panels have about one grid spacing
 * each, too coarse at a corner, where the surface velocity is singular, to
 * integrate (1) to a few parts in a thousand. Here the outline is re-cut:
 * every straight run between two corners gets panels in cosine spacing, fine
 * at both ends (a square: 0.2 % from the published coefficient with 480
 * panels, where the shape's own 13..61 vortex panels gave 6..2.7 %).
 *
 * The panels of a circle enclose its inscribed polygon, a little less area
 * than the circle; the tensor is rescaled as a body of that shape grown to
 * the true area would be (translation by the area ratio s, the coupling terms
 * by s^1.5, rotation by s^2). Polygons are panelled exactly and keep s = 1.
 * The result is per unit fluid density (m^2, m^3, m^4). */
#include "panel.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Panels of the re-cut outline, all runs together. */
#define ADDED_MASS_PANELS 480
/* Consecutive panels turning by less than this (radians) belong to one run. */
#define STRAIGHT_TURN 1e-9

double eddyi_panel_shape_area(const eddy_panel_shape *s)
{
    double twice = 0.0;
    for (int i = 0; i < s->count; ++i) {
        const double *e = &s->ends[4 * i];
        twice += e[0] * e[3] - e[2] * e[1];
    }
    return 0.5 * twice;
}

/* A straight run of the outline, and the fine panels it is cut into. */
typedef struct recut {
    int count;       /* fine panels */
    double *ends;    /* 4 per panel */
} recut;

bool eddyi_panel_shape_link(const eddy_panel_shape *s, int *next)
{
    double scale = 0.0;
    for (int i = 0; i < s->count; ++i) scale = fmax(scale, s->length[i]);
    double tol = 1e-6 * scale;
    for (int i = 0; i < s->count; ++i) {
        const double *e = &s->ends[4 * i];
        next[i] = -1;
        double best = tol;
        for (int k = 0; k < s->count; ++k) {
            double d = hypot(s->ends[4 * k] - e[2], s->ends[4 * k + 1] - e[3]);
            if (k != i && d <= best) best = d, next[i] = k;
        }
        if (next[i] < 0) return false;
    }
    return true;
}

bool eddyi_panel_collinear(const eddy_panel_shape *s, int a, int b)
{
    const double *ea = &s->ends[4 * a], *eb = &s->ends[4 * b];
    double ax = ea[2] - ea[0], ay = ea[3] - ea[1], bx = eb[2] - eb[0], by = eb[3] - eb[1];
    return fabs(atan2(ax * by - ay * bx, ax * bx + ay * by)) < STRAIGHT_TURN;
}

/* Cuts the segment (x0, y0)-(x1, y1) into n panels in cosine spacing. */
static void cut_run(double x0, double y0, double x1, double y1, int n, double *out)
{
    for (int k = 0; k < n; ++k) {
        double t0 = 0.5 * (1.0 - cos(M_PI * k / n)), t1 = 0.5 * (1.0 - cos(M_PI * (k + 1) / n));
        out[4 * k] = x0 + t0 * (x1 - x0), out[4 * k + 1] = y0 + t0 * (y1 - y0);
        out[4 * k + 2] = x0 + t1 * (x1 - x0), out[4 * k + 3] = y0 + t1 * (y1 - y0);
    }
}

/* The outline as straight runs from corner to corner, each cut in cosine
 * spacing, about ADDED_MASS_PANELS in all (at least 4 a run). */
static eddy_result recut_outline(const eddy_panel_shape *s, recut *out, eddy_error *err)
{
    int m = s->count;
    int *next = eddy_alloc(sizeof(int) * (size_t)m);
    bool *starts = eddy_calloc((size_t)m, sizeof(bool));
    if (!next || !starts) {
        eddy_free(next), eddy_free(starts);
        return eddy_fail(err, EDDY_ERR_MEMORY, "shape '%s': out of memory", s->name);
    }
    if (!eddyi_panel_shape_link(s, next)) {
        eddy_free(next), eddy_free(starts);
        return eddy_fail(err, EDDY_ERR_NUMERIC, "shape '%s': its panels do not form closed outlines",
                         s->name);
    }
    /* a run starts at a panel that is not the straight continuation of its
     * predecessor; a loop that is straight all round cannot exist */
    double perimeter = 0.0;
    int runs = 0;
    for (int i = 0; i < m; ++i) {
        perimeter += s->length[i];
        if (!eddyi_panel_collinear(s, i, next[i])) starts[next[i]] = true;
    }
    for (int i = 0; i < m; ++i) runs += starts[i];
    int capacity = ADDED_MASS_PANELS + 4 * runs;
    out->ends = eddy_alloc(sizeof(double) * 4 * (size_t)capacity);
    out->count = 0;
    if (!out->ends || runs == 0) {
        eddy_free(next), eddy_free(starts), eddy_free(out->ends);
        out->ends = NULL;
        return runs == 0 ? eddy_fail(err, EDDY_ERR_NUMERIC, "shape '%s': outline has no corner",
                                     s->name)
                         : eddy_fail(err, EDDY_ERR_MEMORY, "shape '%s': out of memory", s->name);
    }
    for (int i = 0; i < m; ++i) {
        if (!starts[i]) continue;
        double len = 0.0;
        int last = i;
        for (int p = i;; p = next[p]) {
            len += s->length[p];
            last = p;
            if (starts[next[p]]) break;
        }
        int n = (int)lround(ADDED_MASS_PANELS * len / perimeter);
        if (n < 4) n = 4;
        if (out->count + n > capacity) n = capacity - out->count;
        cut_run(s->ends[4 * i], s->ends[4 * i + 1], s->ends[4 * last + 2], s->ends[4 * last + 3], n,
                out->ends + 4 * out->count);
        out->count += n;
    }
    eddy_free(next), eddy_free(starts);
    return EDDY_OK;
}

/* Integral over the panel e of dG/dn_y at x, off the panel: the angle the
 * panel subtends at x (counter-clockwise positive) over 2 pi. (At the panel's
 * own midpoint it is zero; the caller never asks, since rounding there can
 * turn atan2(0, -1) into either +pi or -pi.) */
static double doublet_influence(const double *e, double x, double y)
{
    double ax = e[0] - x, ay = e[1] - y, bx = e[2] - x, by = e[3] - y;
    return atan2(ax * by - ay * bx, ax * bx + ay * by) / (2.0 * M_PI);
}

/* Antiderivative of ln(h^2 + s^2) / 2 in s (h >= 0). */
static double log_antiderivative(double s, double h)
{
    double r2 = h * h + s * s;
    double log_part = r2 > 0.0 ? 0.5 * s * log(r2) : 0.0;
    return log_part - s + (h > 0.0 ? h * atan2(s, h) : 0.0);
}

/* Integral over the panel e of G(x, y) = ln|x - y| / (2 pi). */
static double source_influence(const double *e, double x, double y)
{
    double ex = e[2] - e[0], ey = e[3] - e[1], len = hypot(ex, ey);
    double tx = ex / len, ty = ey / len;
    double s1 = (e[0] - x) * tx + (e[1] - y) * ty, s2 = s1 + len;
    double h = fabs((e[0] - x) * ty - (e[1] - y) * tx);
    return (log_antiderivative(s2, h) - log_antiderivative(s1, h)) / (2.0 * M_PI);
}

/* Generalised normal k (0: x, 1: y, 2: rotation about the origin) at the
 * midpoint of panel e (outward: the right-hand normal of the counter-clockwise
 * outline), and the panel's length. */
static double generalised_normal(const double *e, int k, double *length)
{
    double ex = e[2] - e[0], ey = e[3] - e[1], len = hypot(ex, ey);
    double nx = ey / len, ny = -ex / len, mx = 0.5 * (e[0] + e[2]), my = 0.5 * (e[1] + e[3]);
    if (length) *length = len;
    return k == 0 ? nx : k == 1 ? ny : mx * ny - my * nx;
}

/* Solves a x = b for three right-hand sides (n x n, row-major, overwritten;
 * b is n x 3, overwritten by x) by Gaussian elimination with partial
 * pivoting. False when a pivot vanishes. */
static bool solve_three(double *a, double *b, int n)
{
    for (int k = 0; k < n; ++k) {
        int piv = k;
        for (int i = k + 1; i < n; ++i)
            if (fabs(a[(size_t)i * n + k]) > fabs(a[(size_t)piv * n + k])) piv = i;
        if (!(fabs(a[(size_t)piv * n + k]) > 1e-300)) return false;
        if (piv != k) {
            for (int j = 0; j < n; ++j) {
                double t = a[(size_t)k * n + j];
                a[(size_t)k * n + j] = a[(size_t)piv * n + j], a[(size_t)piv * n + j] = t;
            }
            for (int j = 0; j < 3; ++j) {
                double t = b[3 * k + j];
                b[3 * k + j] = b[3 * piv + j], b[3 * piv + j] = t;
            }
        }
        for (int i = k + 1; i < n; ++i) {
            double f = a[(size_t)i * n + k] / a[(size_t)k * n + k];
            if (f == 0.0) continue;
            for (int j = k; j < n; ++j) a[(size_t)i * n + j] -= f * a[(size_t)k * n + j];
            for (int j = 0; j < 3; ++j) b[3 * i + j] -= f * b[3 * k + j];
        }
    }
    for (int k = n - 1; k >= 0; --k)
        for (int j = 0; j < 3; ++j) {
            double sum = b[3 * k + j];
            for (int i = k + 1; i < n; ++i) sum -= a[(size_t)k * n + i] * b[3 * i + j];
            b[3 * k + j] = sum / a[(size_t)k * n + k];
        }
    return true;
}

/* Equation (2) for the three unit motions on the re-cut outline, then (1). */
static eddy_result potential_tensor(const recut *cut, const char *name, double tensor[3][3],
                                    eddy_error *err)
{
    int n = cut->count;
    double *a = eddy_alloc(sizeof(double) * (size_t)n * (size_t)n);
    double *rhs = eddy_alloc(sizeof(double) * 3 * (size_t)n);
    if (!a || !rhs) {
        eddy_free(a), eddy_free(rhs);
        return eddy_fail(err, EDDY_ERR_MEMORY, "shape '%s': out of memory", name);
    }
    memset(rhs, 0, sizeof(double) * 3 * (size_t)n);
    for (int j = 0; j < n; ++j) {
        const double *ej = &cut->ends[4 * j];
        double x = 0.5 * (ej[0] + ej[2]), y = 0.5 * (ej[1] + ej[3]);
        for (int i = 0; i < n; ++i) {
            const double *ei = &cut->ends[4 * i];
            a[(size_t)j * n + i] = i == j ? 0.5 : doublet_influence(ei, x, y);
            double g = source_influence(ei, x, y);
            for (int k = 0; k < 3; ++k) rhs[3 * j + k] += g * generalised_normal(ei, k, NULL);
        }
    }
    bool ok = solve_three(a, rhs, n);
    eddy_free(a);
    if (!ok) {
        eddy_free(rhs);
        return eddy_fail(err, EDDY_ERR_NUMERIC, "shape '%s': singular added-mass system", name);
    }
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double sum = 0.0;
            for (int p = 0; p < n; ++p) {
                double len;
                double sigma = generalised_normal(&cut->ends[4 * p], i, &len);
                sum += rhs[3 * p + j] * sigma * len;
            }
            tensor[i][j] = -sum;
        }
    eddy_free(rhs);
    return EDDY_OK;
}

eddy_result eddyi_panel_added_mass(eddy_panel_shape *s, double true_area, eddy_error *err)
{
    recut cut = {0, NULL};
    eddy_result rc = recut_outline(s, &cut, err);
    double tensor[3][3] = {{0}};
    if (rc == EDDY_OK) rc = potential_tensor(&cut, s->name, tensor, err);
    eddy_free(cut.ends);
    if (rc != EDDY_OK) return rc;
    double panelled = eddyi_panel_shape_area(s);
    double ratio = true_area > 0.0 && panelled > 0.0 ? true_area / panelled : 1.0;
    double grow[3] = {1.0, 1.0, sqrt(ratio)}; /* length^2 per translation, ^3 with rotation */
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            s->added_mass[3 * i + j] = 0.5 * (tensor[i][j] + tensor[j][i]) * ratio * grow[i] * grow[j];
    s->area = panelled * ratio;
    for (int k = 0; k < 9; ++k)
        if (!isfinite(s->added_mass[k]))
            return eddy_fail(err, EDDY_ERR_NUMERIC, "shape '%s': added mass is not finite", s->name);
    if (!(s->added_mass[0] >= 0.0) || !(s->added_mass[4] >= 0.0) || !(s->added_mass[8] >= 0.0))
        return eddy_fail(err, EDDY_ERR_NUMERIC, "shape '%s': negative added mass (%g, %g, %g)",
                         s->name, s->added_mass[0], s->added_mass[4], s->added_mass[8]);
    return EDDY_OK;
}
