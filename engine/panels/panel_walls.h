// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * panel_walls.h - keeping bodies' flow out of a level's walls (issue 14,
 * item 4). Internal to the engine.
 *
 * The reduced fluid never crosses a wall (its modes are built that way), but
 * a body's panels induce a free-space field u_p that does. Wall images
 * (5.3.3) fix that for the box's four sides only. For walls inside the box
 * every face between a fluid cell and a solid cell carries one SOURCE panel
 * (the faces where the fluid's basis has its zero flux, so the panels seal
 * exactly the walls the fluid sees). Each step, the wall panels near moving
 * bodies take part in the Schwarz iteration (5.17) as one more static body:
 * their strengths sigma cancel the normal flow that the bodies (and their
 * wall images) induce at the panel midpoints, and the bodies see the walls'
 * field when they solve.
 *
 * Why sources and not vortex panels: a wall face may belong to an open wall
 * (one touching the box), and a vortex sheet on an open, mostly straight run
 * of panels induces no normal flow on its own line except through the
 * logarithm's odd part, which leaves the system singular; a source sheet's
 * own midpoint sees half its strength along the normal, so the system is
 * (1/2) sigma + K sigma = -b with K small (zero between panels on one
 * straight run): well conditioned, open or closed, and its inverse is
 * computed once with the walls. A source sheet's field in the fluid is a gradient,
 * which is orthogonal to every divergence-free mode with no wall flux, so it
 * needs no feedback into the reduced fluid (5.3.4): it only corrects u_p.
 *
 * Source panel convention: strength sigma (m^2/s per m, flux per length),
 * velocity (u, v) = (v_v, -u_v) with (u_v, v_v) the vortex panel field of
 * the same strength (panel.h), i.e. +sigma/2 along the fluid-side normal on
 * the sheet.
 *
 * Cost control: a wall panel takes part only when some body's origin is
 * within EDDY_WALL_RANGE body radii of its bounding circle (a body's field
 * falls off like a dipole, (R / d)^2: 9 radii from its centre, 1.2 % of
 * its speed); within EDDY_WALL_NEAR radii of its centre a body and the walls see
 * each other panel by panel (cached once per step), beyond it, and for every
 * wall image of a body, the body reaches the wall through its multipole
 * (panel_farfield.c) and the wall's weak far response is not fed back to the
 * body.
 */
#ifndef EDDY_PANEL_WALLS_H
#define EDDY_PANEL_WALLS_H

#include "panel.h"

#define EDDY_WALL_RANGE 8.0
#define EDDY_WALL_NEAR 2.5
#define EDDY_WALL_ORDER 6

/* The static part: panel geometry and the wall-wall influences. Built with
 * the asset and again when it is loaded (asset_domain.c), shared read-only
 * by every coupling. */
typedef struct eddy_panel_walls {
    int count;
    double *ends;   /* 4 per panel: x1, y1, x2, y2 (the fluid on the right) */
    double *mid;    /* 2 per panel */
    double *normal; /* 2 per panel: into the fluid */
    double *length; /* per panel */
    double *self;   /* count x count: mean normal velocity over face a (row) of
                       a unit source on panel c (column), zero diagonal */
    double *inverse; /* count x count: G = (I/2 + self)^-1, row-major */
} eddy_panel_walls;

/* The wall panels of a solid mask (NULL: none). */
eddy_result eddyi_panel_walls_build(const eddy_mac *g, const uint8_t *solid,
                                   eddy_panel_walls **out, eddy_error *err);
void eddyi_panel_walls_destroy(eddy_panel_walls *w);

/* Velocity of a source panel of strength sigma at (x, y); with near, clamped
 * like eddyi_panel_velocity_near. */
void eddyi_source_panel_velocity(const double e[4], double sigma, double x, double y, bool near,
                                double out_uv[2]);

/* ------------------------------------------------ run time (panel world) */

typedef struct eddy_wall_state eddy_wall_state;

/* The condition is zero FLUX through each wall face (the face average of the
 * normal velocity, 4-point Gauss-Legendre), the fluid's own condition there.
 * The faces' system (I/2 + K) sigma = -b is inverted once when the walls are
 * built (G, count^2 values); each Schwarz sweep applies G's rows and columns
 * of the active faces. */
eddy_result eddyi_wall_state_create(const eddy_panel_walls *walls, int max_bodies, int max_panels,
                                   eddy_wall_state **out, eddy_error *err);
void eddyi_wall_state_destroy(eddy_wall_state *s);
/* Set-up time (add_body): room for the near blocks of this many body panels. */
eddy_result eddyi_wall_state_reserve(eddy_wall_state *s, int panels, eddy_error *err);
/* After placement: the active wall panels and the near blocks of this step
 * (strengths of panels that left the active set are zeroed). Returns the
 * number of active panels. */
int eddyi_wall_state_place(eddy_wall_state *s, const eddy_panel_world *w);
int eddyi_wall_state_active(const eddy_wall_state *s);
/* acc[a] += length_a * normal flow the walls induce at body t's midpoint a. */
void eddyi_wall_state_body_flux(const eddy_wall_state *s, const eddy_panel_world *w, int t,
                               double *acc);
/* Re-solves the wall strengths against the bodies' current strengths (their
 * images' strengths taken as sign * gamma). Returns |d sigma| / |sigma|. */
double eddyi_wall_state_solve(eddy_wall_state *s, const eddy_panel_world *w);
/* True when wall panels are near body t this step (its near list is not empty). */
bool eddyi_wall_state_near_body(const eddy_wall_state *s, int t);
/* out_uv += the walls' velocity at (x, y). */
void eddyi_wall_state_velocity(const eddy_wall_state *s, double x, double y, double out_uv[2]);
/* Forgets the strengths (a new world state). */
void eddyi_wall_state_reset(eddy_wall_state *s);

#endif /* EDDY_PANEL_WALLS_H */
