// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_feedback_exact.c - exact projection of the panels' field onto box
 * eigenmodes (docs/design.md, "Exact feedback"; replaces the grid sum of 5.3.4
 * for box modes).
 *
 * For a mode with stream function psi_k vanishing on the walls and velocity
 * phi_k = (dpsi/dy, -dpsi/dx), integration by parts gives, for any velocity w,
 *     integral_domain phi_k . w dA = integral_domain psi_k curl(w) dA.
 * The curl of u_p inside the domain is the real panels' vortex sheets,
 * gamma_i ds counter-clockwise positive (panel.h), so
 *     (B^T u_p)_k = + sum_{real panels i} gamma_i integral_i psi_k ds.
 * Wall images carry no vorticity inside the domain, so they add nothing (their
 * field there is a potential flow, orthogonal to every phi_k), though they are
 * part of u_p. Cost O(panels x modes), no grid, no near-field error.
 */
#include "panel.h"

#include <math.h>

#define FEEDBACK_PI 3.14159265358979323846

/* sin(x) / x, exact at and near x = 0 (the degenerate zero-frequency case). */
static double sinc(double x)
{
    if (fabs(x) < 1e-4) return 1.0 - x * x / 6.0; /* next term x^4/120 < 1e-18 */
    return sin(x) / x;
}

/* integral_0^1 cos(c0 + c1 t) dt = cos(c0 + c1/2) sinc(c1/2): for c1 -> 0 this
 * becomes cos(c0) without a division by zero. */
static double mean_cos(double c_mid, double c1)
{
    return cos(c_mid) * sinc(0.5 * c1);
}

/* Mode constants with eddy_box_mode / eddyi_box_norm semantics (core_internal.h):
 * a = k1 pi / W, b = k2 pi / H, N = 2 / sqrt(lambda W H), lambda = a^2 + b^2. */
static void mode_constants(const eddy_box_mode *m, double width, double height, double *a,
                           double *b, double *norm)
{
    *a = m->k1 * FEEDBACK_PI / width;
    *b = m->k2 * FEEDBACK_PI / height;
    double lambda = *a * *a + *b * *b;
    *norm = 2.0 / sqrt(lambda * width * height);
}

/* Along x = x1 + t dx, y = y1 + t dy (t in [0,1], ds = L dt):
 *   sin(a x) sin(b y) = (cos(a x - b y) - cos(a x + b y)) / 2,
 * and both cosines have arguments linear in t, so
 *   integral psi ds = N L / 2 [ cos(a xm - b ym) sinc((a dx - b dy)/2)
 *                             - cos(a xm + b ym) sinc((a dx + b dy)/2) ],
 * with (xm, ym) the midpoint. */
static double segment_integral(double a, double b, double norm, double x1, double y1, double x2,
                               double y2)
{
    double dx = x2 - x1, dy = y2 - y1;
    double len = sqrt(dx * dx + dy * dy);
    double xm = 0.5 * (x1 + x2), ym = 0.5 * (y1 + y2);
    double diff = mean_cos(a * xm - b * ym, a * dx - b * dy);
    double sum = mean_cos(a * xm + b * ym, a * dx + b * dy);
    return 0.5 * norm * len * (diff - sum);
}

double eddyi_panel_box_segment_integral(const eddy_box_mode *m, double width, double height,
                                       double x1, double y1, double x2, double y2)
{
    double a, b, norm;
    mode_constants(m, width, height, &a, &b, &norm);
    return segment_integral(a, b, norm, x1, y1, x2, y2);
}

void eddyi_panel_feedback_box(const eddy_panel_world *w, const eddy_box_mode *modes, int count,
                             double *out)
{
    eddyi_panel_feedback_box_range(w, 0, w->panel_count, modes, count, out);
}

void eddyi_panel_feedback_box_range(const eddy_panel_world *w, int first, int panels,
                                   const eddy_box_mode *modes, int count, double *out)
{
    for (int k = 0; k < count; k++) {
        double a, b, norm;
        mode_constants(&modes[k], w->width, w->height, &a, &b, &norm);
        double sum = 0.0;
        for (int s = first; s < first + panels; s++) { /* real panels only, see above */
            if (w->strength[s] == 0.0) continue;
            const double *e = &w->src[4 * s];
            sum += w->strength[s] * segment_integral(a, b, norm, e[0], e[1], e[2], e[3]);
        }
        out[k] = sum;
    }
}
