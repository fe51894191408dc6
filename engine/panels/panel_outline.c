// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_outline.c - the area and centroid of the region a body's outline
 * encloses, exactly: what hydrostatics needs (the displaced water and its
 * centre, Archimedes).
 *
 * The panels follow the outline of the union of the body's pieces exactly
 * along straight sides; on a circle each panel is a chord, and the outline
 * bulges past it by a circular segment. So the region is the panels' polygon
 * (the shoelace formula and its first moments) plus one segment per chord of
 * a circle: with R the radius, c the chord length and t = 2 asin(c / 2R) the
 * angle it subtends, the segment has area R^2 (t - sin t) / 2 and its centroid
 * lies on the chord's outward normal through the circle's centre, at
 * 4 R sin^3(t / 2) / (3 (t - sin t)) from the centre. Exact for any union of
 * polygons and circles. */
#include "panel.h"

#include <math.h>

/* t - sin t without the cancellation of small angles. */
static double angle_less_sine(double t)
{
    if (t > 1e-2) return t - sin(t);
    double t2 = t * t;
    return t * t2 / 6.0 * (1.0 - t2 / 20.0 * (1.0 - t2 / 42.0));
}

/* Adds the segment between panel i (a chord of circle piece p) and its arc. */
static void add_segment(const eddy_panel_shape *s, int i, const eddy_piece *p, double sums[3])
{
    double r = p->radius, chord = s->length[i];
    double t = 2.0 * asin(fmin(1.0, chord / (2.0 * r)));
    double area = 0.5 * r * r * angle_less_sine(t);
    double half = sin(0.5 * t);
    double reach = area > 0.0 ? 4.0 * r * half * half * half / (3.0 * angle_less_sine(t)) : r;
    const double *n = &s->normal[2 * i];
    sums[0] += area;
    sums[1] += area * (p->cx + reach * n[0]);
    sums[2] += area * (p->cy + reach * n[1]);
}

void eddyi_panel_outline_moments(const eddy_panel_shape *s, const eddy_piece *pieces,
                                int piece_count, double *area, double centroid[2])
{
    double twice = 0.0, mx = 0.0, my = 0.0; /* 2 A, 6 A x_c, 6 A y_c of the polygon */
    for (int i = 0; i < s->count; ++i) {
        const double *e = &s->ends[4 * i];
        double cross = e[0] * e[3] - e[2] * e[1];
        twice += cross;
        mx += (e[0] + e[2]) * cross;
        my += (e[1] + e[3]) * cross;
    }
    double sums[3] = {0.5 * twice, mx / 6.0, my / 6.0}; /* area, first moments */
    for (int i = 0; pieces && i < s->count; ++i) {
        int p = s->piece[i];
        if (p >= 0 && p < piece_count && pieces[p].kind == EDDY_PIECE_CIRCLE)
            add_segment(s, i, &pieces[p], sums);
    }
    *area = sums[0];
    centroid[0] = sums[0] > 0.0 ? sums[1] / sums[0] : 0.0;
    centroid[1] = sums[0] > 0.0 ? sums[2] / sums[0] : 0.0;
}
