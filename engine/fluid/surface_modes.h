// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* surface_modes.h - a tank filled to a depth: the water's free surface as the
 * basin's linear sloshing modes, as an asset holds them (section 'SURF',
 * surface_modes.c). Internal; games see eddy_surface.h.
 *
 * The asset's domain [0, W] x [0, D] is the water at rest: the reduced
 * fluid lives there under a rigid lid at y = D, as in a full tank. Above it,
 * up to the tank's top H, is air. The surface elevation is
 *     eta(x, t) = mean(t) + sum_n a_n(t) e_n(x),
 * with e_n the sloshing modes of the basin (Laplace's equation in the water,
 * no flux through the floor, the sides and rock, and the linearised
 * free-surface condition d phi / dy = mu phi at y = D, mu = omega^2 / g).
 * Mode n's velocity potential, for a rate da_n/dt, is (da_n/dt / mu_n) P_n
 * with P_n = e_n on the surface, so its velocity is (da_n/dt) grad P_n / mu_n
 * and its vertical velocity on the surface is (da_n/dt) e_n.
 *   box basin (no walls): e_n = cos(k_n x), k_n = n pi / W,
 *       mu_n = k_n tanh(k_n D), grad P_n / mu_n =
 *       (-sin(k x) cosh(k y), cos(k x) sinh(k y)) / sinh(k D), in closed form;
 *   a level with walls: the builder solves the problem on the water's cells
 *       (builder/surface_build.c) and the asset stores mu_n, e_n at the
 *       columns' centres and the velocity of each mode on the MAC grid.
 * The constant mode (mu = 0, the mean level) is not among them: the mean
 * level follows the water the bodies displace (coupling/surface.c).
 *
 * Section 'SURF' (present exactly when the tank's top is above the water):
 *   f64 tank height H (> D), u32 kind (1 box, 2 grid), u32 count of modes,
 *   kind 2 then: count f64 mu (positive, ascending), count x nx f64 e_n at
 *   the column centres (zero under rock), count x eddy_mac_size f64
 *   velocity fields. */
#ifndef EDDY_SURFACE_MODES_H
#define EDDY_SURFACE_MODES_H

#include "fluid_internal.h"

#define EDDY_SURFACE_MAX_MODES 512
#define EDDY_SURFACE_BOX 1
#define EDDY_SURFACE_GRID 2

typedef struct eddy_asset_surface {
    int kind;
    int count;
    double depth;        /* D: the asset's height */
    double width;        /* W_s: length of the open surface (columns whose top cell is water) */
    double *mu;          /* count: omega^2 / g in 1/m */
    double *k;           /* count: wave number; box n pi / W, grid: mu = k tanh(k D) solved */
    double *norm;        /* count: integral of e_n^2 along the surface */
    double *sinh_scale;  /* box: count values 1 / (1 - exp(-2 k D)) */
    int nx;              /* grid: columns */
    uint8_t *open;       /* grid: nx, 1 where the column's top cell is water */
    double *shape;       /* grid: count x nx, e_n at the column centres */
    double *velocity;    /* grid: count fields of eddy_mac_size samples */
} eddy_asset_surface;

/* Allocates a surface of count modes for the asset's grid (arrays zeroed;
 * the grid arrays only for kind EDDY_SURFACE_GRID). */
eddy_result eddyi_surface_alloc(const eddy_asset *a, int kind, int count, eddy_asset_surface **out,
                               eddy_error *err);
void eddyi_surface_free(eddy_asset_surface *s);

/* The closed-form modes of the box basin W x D of the asset. */
eddy_result eddyi_surface_box_make(const eddy_asset *a, int count, eddy_asset_surface **out,
                                  eddy_error *err);

/* Fills what follows from mu and the grid data (k, norm, width, open) and
 * checks it for what the run time relies on (EDDY_ERR_FORMAT naming what is
 * wrong): the builder calls it on what it solved, the loader on what it read. */
eddy_result eddyi_surface_finish(const eddy_asset *a, eddy_asset_surface *s, eddy_error *err);

/* Section 'SURF' (see above). Decoding needs DOMN decoded; the checks that
 * need the walls' mask run in eddyi_surface_finish after the walls. */
void eddyi_surface_encode(const eddy_asset *a, eddy_writer *w);
eddy_result eddyi_surface_decode(eddy_asset *a, const eddy_section *s, eddy_error *err);

/* e_n(x) of every mode (x in the fluid's coordinates, clamped to [0, W]). */
void eddyi_surface_shapes_at(const eddy_asset_surface *s, const eddy_asset *a, double x, double *e);

/* out_uv += sum_n rate_n grad P_n / mu_n at (x, y), y clamped to [0, D]. */
void eddyi_surface_velocity_at(const eddy_asset_surface *s, const eddy_asset *a, const double *rate,
                              double x, double y, double out_uv[2]);

/* The wave number k with k tanh(k D) = mu (Newton; mu > 0). */
double eddyi_surface_wave_number(double mu, double depth);

#endif
