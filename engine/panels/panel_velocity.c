// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_velocity.c - the velocity field of one straight vortex panel (5.11).
 * Conventions (strength sign, sides, regularisation) are in panel.h. */
#include "panel.h"

#include <math.h>

#define PANEL_PI 3.14159265358979323846

/* Velocity in the panel frame: x along the tangent from the first end point, y to
 * its left. Returns (u_t, u_left) for unit strength.
 *   u_t    = beta / (2 pi),       beta = arg((z - z1) / (z - z2))
 *   u_left = ln(d1 / d2) / (2 pi)                                     (5.11)
 * arg((z - z1)/(z - z2)) = atan2(Im, Re) of (z - z1) conj(z - z2), which in this
 * frame is (xl (xl - L) + yl^2) - i yl L: its branch cut is the panel itself. */
static void unit_velocity_local(double xl, double yl, double len, double *ut, double *un)
{
    double beta;
    if (fabs(yl) <= EDDY_PANEL_ON_SHEET * len && xl >= 0.0 && xl <= len)
        beta = PANEL_PI; /* on the sheet: the fluid (right-hand) side limit */
    else
        beta = atan2(-yl * len, xl * (xl - len) + yl * yl);

    /* Clamp the end-point distances (the log singularity) to the core radius. */
    double core2 = (EDDY_PANEL_CORE * len) * (EDDY_PANEL_CORE * len);
    double d1sq = xl * xl + yl * yl;
    double d2sq = (xl - len) * (xl - len) + yl * yl;
    if (d1sq < core2) d1sq = core2;
    if (d2sq < core2) d2sq = core2;

    *ut = beta / (2.0 * PANEL_PI);
    *un = 0.25 / PANEL_PI * log(d1sq / d2sq); /* ln(d1/d2) / (2 pi) */
}

/* World-space velocity of a unit-strength panel at (x, y). */
static void unit_velocity(double x1, double y1, double x2, double y2, double x, double y,
                          double out_uv[2])
{
    double ex = x2 - x1, ey = y2 - y1;
    double len = sqrt(ex * ex + ey * ey);
    if (!(len > 0.0)) {
        out_uv[0] = out_uv[1] = 0.0;
        return;
    }
    double tx = ex / len, ty = ey / len;
    double dx = x - x1, dy = y - y1;
    double xl = dx * tx + dy * ty;  /* along the tangent */
    double yl = -dx * ty + dy * tx; /* along the left normal (-ty, tx) */
    double ut, ul;
    unit_velocity_local(xl, yl, len, &ut, &ul);
    out_uv[0] = ut * tx - ul * ty;
    out_uv[1] = ut * ty + ul * tx;
}

void eddyi_panel_velocity(double x1, double y1, double x2, double y2, double gamma, double x,
                         double y, double out_uv[2])
{
    unit_velocity(x1, y1, x2, y2, x, y, out_uv);
    out_uv[0] *= gamma;
    out_uv[1] *= gamma;
}

double eddyi_panel_normal_influence(double x1, double y1, double x2, double y2, double x,
                                   double y, double nx, double ny)
{
    double uv[2];
    unit_velocity(x1, y1, x2, y2, x, y, uv);
    return uv[0] * nx + uv[1] * ny;
}

/* Moves (x, y) straight away from its nearest point on the panel until it is
 * at least min_distance from the panel (a point on the panel goes to its fluid,
 * right-hand side). Points already far enough are unchanged, so the field is
 * exact there and continuous across the clamp. */
static void keep_distance(double x1, double y1, double x2, double y2, double min_distance,
                          double *x, double *y)
{
    double ex = x2 - x1, ey = y2 - y1, ee = ex * ex + ey * ey;
    if (!(ee > 0.0)) return;
    double t = ((*x - x1) * ex + (*y - y1) * ey) / ee;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    double px = x1 + t * ex, py = y1 + t * ey;
    double dx = *x - px, dy = *y - py, d = sqrt(dx * dx + dy * dy);
    if (d >= min_distance) return;
    if (d > 0.0) {
        *x = px + dx * (min_distance / d);
        *y = py + dy * (min_distance / d);
    } else {
        double len = sqrt(ee);
        *x = px + min_distance * ey / len;
        *y = py - min_distance * ex / len;
    }
}

/* A panel's length. sqrt, not hypot: a panel's ends are world coordinates
 * (metres, far from overflow or underflow when squared), and hypot's
 * scaling costs as much as the rest of a near-field velocity in the
 * browser's C library (musl). */
static double panel_length(double x1, double y1, double x2, double y2)
{
    double ex = x2 - x1, ey = y2 - y1;
    return sqrt(ex * ex + ey * ey);
}

void eddyi_panel_clamp_point(double x1, double y1, double x2, double y2, double *x, double *y)
{
    double len = panel_length(x1, y1, x2, y2);
    keep_distance(x1, y1, x2, y2, EDDY_PANEL_NEAR * len, x, y);
}

void eddyi_panel_velocity_near(double x1, double y1, double x2, double y2, double gamma, double x,
                              double y, double out_uv[2])
{
    double len = panel_length(x1, y1, x2, y2);
    keep_distance(x1, y1, x2, y2, EDDY_PANEL_NEAR * len, &x, &y);
    eddyi_panel_velocity(x1, y1, x2, y2, gamma, x, y, out_uv);
}

double eddyi_panel_normal_influence_near(double x1, double y1, double x2, double y2, double x,
                                        double y, double nx, double ny)
{
    double len = panel_length(x1, y1, x2, y2);
    keep_distance(x1, y1, x2, y2, EDDY_PANEL_NEAR * len, &x, &y);
    return eddyi_panel_normal_influence(x1, y1, x2, y2, x, y, nx, ny);
}

/* Antiderivative of ln(h^2 + s^2) / 2 in s, h >= 0. */
static double half_log_antiderivative(double s, double h)
{
    double r2 = h * h + s * s;
    return (r2 > 0.0 ? 0.5 * s * log(r2) : 0.0) - s + (h > 0.0 ? h * atan2(s, h) : 0.0);
}

double eddyi_panel_stream_function(double x1, double y1, double x2, double y2, double x, double y)
{
    double ex = x2 - x1, ey = y2 - y1, len = sqrt(ex * ex + ey * ey);
    if (!(len > 0.0)) return 0.0;
    double tx = ex / len, ty = ey / len;
    double xi = (x - x1) * tx + (y - y1) * ty, eta = fabs((x - x1) * ty - (y - y1) * tx);
    /* psi = -(1 / 2 pi) integral over s in [0, L] of ln |z - z(s)| ds, u = -s + xi */
    double integral = half_log_antiderivative(xi, eta) - half_log_antiderivative(xi - len, eta);
    return -integral / (2.0 * M_PI);
}

double eddyi_panel_flux_influence(double x1, double y1, double x2, double y2, double a1, double b1,
                                 double a2, double b2)
{
    return eddyi_panel_stream_function(x1, y1, x2, y2, a2, b2) -
           eddyi_panel_stream_function(x1, y1, x2, y2, a1, b1);
}
