// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* waterline.h - the part of a body under a water surface: exact area, centroid
 * and widths of convex pieces (polygons and discs) clipped by a convex water
 * region, the quadrilateral under a straight surface line inside the tank's
 * sides and floor. The coupling's surface model (surface_bodies.c) takes its
 * buoyancy, its submerged fraction and its wetted widths from here. Not
 * installed. */
#ifndef EDDY_WATERLINE_H
#define EDDY_WATERLINE_H

#include "panel.h"

#include <stdbool.h>

/* Most corners a clipped piece can have: a piece's own (EDDY_PANEL_MAX_VERTICES)
 * plus one per side of the region. */
#define EDDY_CLIP_MAX (EDDY_PANEL_MAX_VERTICES + 8)

/* The water: x in [x0, x1], y above floor and below the line through
 * (x0, top0) and (x1, top1). A convex quadrilateral, counter-clockwise. */
typedef struct eddy_water_region {
    double x0, x1, floor;
    double top0, top1;
} eddy_water_region;

/* The region's corners, counter-clockwise; a line that dips below the floor
 * is raised to it there (the region then has less area, never a negative one). */
int eddyi_water_region_corners(const eddy_water_region *r, double out[4][2]);
/* The height of the region's top at x (the surface line, not clamped). */
double eddyi_water_region_top(const eddy_water_region *r, double x);

/* Clips the convex counter-clockwise polygon p (n corners) by the convex
 * counter-clockwise polygon q (m corners, Sutherland-Hodgman); returns the
 * corners written to out (at most n + m, 0 when nothing is left). */
int eddyi_clip_convex(const double (*p)[2], int n, const double (*q)[2], int m, double (*out)[2]);

/* Area and first moments (integral of x and of y) of a simple polygon,
 * counter-clockwise positive. */
void eddyi_polygon_moments(const double (*p)[2], int n, double *area, double *mx, double *my);

/* Area and first moments of the disc (cx, cy, radius) inside the convex
 * counter-clockwise polygon q, exactly: triangles and circular sectors from
 * the disc's centre over every side of q. */
void eddyi_disc_moments_in(double cx, double cy, double radius, const double (*q)[2], int m,
                          double *area, double *mx, double *my);

/* What of a body lies in the water. Sums over its pieces (overlapping pieces
 * count twice, as in the rigid-body solver's mass). */
typedef struct eddy_wet_part {
    double area;         /* m^2 under water */
    double full_area;    /* m^2 of all pieces, wherever they are */
    double cx, cy;       /* centroid of the wet part (valid when area > 0) */
    double xmin, xmax;   /* horizontal extent of the whole body (all pieces) */
} eddy_wet_part;

/* A body's pieces (body space, panel.h) at pose (x, y, angle) against the
 * region. */
void eddyi_wet_part_of(const eddy_piece *pieces, int count, double x, double y, double angle,
                      const eddy_water_region *r, eddy_wet_part *out);

/* Width of the wet part across the unit direction (ex, ey): the extent of its
 * points along (-ey, ex). 0 when nothing is wet. */
double eddyi_wet_width(const eddy_piece *pieces, int count, double x, double y, double angle,
                      const eddy_water_region *r, double ex, double ey);

#endif
