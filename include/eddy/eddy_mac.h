// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_mac.h - the staggered (MAC) grid every grid-sampled velocity field of
 * eddy lives on: painted and recorded modes (eddy_mode.h), the full-grid
 * solver's fields (eddy_grid.h), a level's solid cells (eddy.h, WALLS). Its
 * geometry, where each sample is, and the grid's inner product and
 * divergence. In libeddy.
 *
 * THE GRID
 *   [0,W] x [0,H] (metres, y up) in nx x ny cells of hx = W / nx by
 *   hy = H / ny. A field is one array of eddy_mac_size() doubles: first the
 *   u samples on the vertical faces, at (i hx, (j + 1/2) hy) for i = 0..nx,
 *   j = 0..ny-1, row by row (eddy_mac_u); then the v samples on the
 *   horizontal faces, at ((i + 1/2) hx, j hy) for i = 0..nx-1, j = 0..ny,
 *   row by row (eddy_mac_v). Samples with i = 0 or nx (u), j = 0 or ny (v)
 *   lie on the box's walls. A per-cell array (a solid mask, a divergence)
 *   has nx * ny entries, row by row in j (eddy_mac_cell).
 *
 * USAGE
 *
 *   eddy_mac g = eddy_mac_make(10.0, 10.0, 64, 64);
 *   double *field = eddy_calloc((size_t)eddy_mac_size(&g), sizeof *field);
 *   field[eddy_mac_u(&g, 32, 10)] = 1.0;        // u on the face left of cell (32, 10)
 *   double energy = 0.5 * eddy_mac_dot(&g, field, field);
 *   double *div = eddy_calloc((size_t)g.nx * g.ny, sizeof *div);
 *   eddy_mac_divergence(&g, field, div);        // 1/s per cell
 *
 * THREADS
 *   A grid is a value; the functions only read what they are given.
 */
#ifndef EDDY_MAC_H
#define EDDY_MAC_H

#include "eddy_base.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct eddy_mac {
    int nx, ny;           /* cells */
    double width, height; /* metres */
    double hx, hy;        /* cell size: width / nx, height / ny */
} eddy_mac;

/* The grid of nx x ny cells over [0,width] x [0,height]. */
EDDY_API eddy_mac eddy_mac_make(double width, double height, int nx, int ny);

/* Sample counts and indices (see THE GRID). */
static inline int eddy_mac_u_count(const eddy_mac *g) { return (g->nx + 1) * g->ny; }
static inline int eddy_mac_v_count(const eddy_mac *g) { return g->nx * (g->ny + 1); }
static inline int eddy_mac_size(const eddy_mac *g) { return eddy_mac_u_count(g) + eddy_mac_v_count(g); }
static inline int eddy_mac_u(const eddy_mac *g, int i, int j) { return j * (g->nx + 1) + i; }
static inline int eddy_mac_v(const eddy_mac *g, int i, int j) { return eddy_mac_u_count(g) + j * g->nx + i; }
static inline int eddy_mac_cell(const eddy_mac *g, int i, int j) { return j * g->nx + i; }

/* Quadrature weight of a sample: the area it stands for (half a cell on a
 * wall of the box). */
EDDY_API double eddy_mac_weight(const eddy_mac *g, int sample);
/* Where a sample is; returns 0 for a u sample, 1 for a v sample. */
EDDY_API int eddy_mac_position(const eddy_mac *g, int sample, double *x, double *y);
/* The weighted inner product of two fields, sum of weight * a * b: it
 * approximates the L2 product of the velocity fields, in m^4/s^2 (half of
 * eddy_mac_dot(g, f, f) is the kinetic energy per unit density). */
EDDY_API double eddy_mac_dot(const eddy_mac *g, const double *a, const double *b);
/* The discrete divergence of each cell (nx * ny values, 1/s): the net flow
 * out through its four faces over its size. */
EDDY_API void eddy_mac_divergence(const eddy_mac *g, const double *field, double *div);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_MAC_H */
