// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* surface.h - the coupling's free surface and the bodies that cross it
 * (issue 20; the public side is include/eddy/eddy_surface.h). Not installed.
 *
 *   surface.c         the surface's state: the sloshing modes stepped as exact
 *                     oscillators, the mean level, the water a body displaces
 *                     put into the modes, queries, energy
 *   surface_bodies.c  each body against the surface: its wet part, what of
 *                     the water's forces it feels (the hooks coupling_forces.c
 *                     calls), its mass and gravity given back out of the water,
 *                     enter and leave events, the panels' wet weights
 *   waterline.c       the geometry of the wet part
 *
 * A full tank has no surface state (c->surface == NULL) and every hook
 * answers "fully wet" for a body inside the domain, so its steps are bit for
 * bit those of a coupling without this file; a body whose origin has left a
 * full tank is dry (no water force, its own mass and gravity). */
#ifndef EDDY_SURFACE_H
#define EDDY_SURFACE_H

#include "coupling_internal.h"
#include "eddy_surface.h"
#include "surface_modes.h"
#include "waterline.h"

typedef struct eddy_surface {
    const eddy_asset *asset;
    const eddy_asset_surface *modes;
    int count;
    double width, depth;   /* W, D: the water at rest */
    double open_width;     /* W_s: length of the open surface */
    double density;        /* rho of the fluid */
    double viscosity;      /* nu of the waves' damping (surface.c, THE DAMPING) */
    double *wall_factor;   /* count: G_n (1/m) of the boundary layers' rate
                              sqrt(nu omega_n / 2) G_n (surface.c) */
    double calm_rate;      /* 1/s: the least amplitude decay rate of every mode, ln(100) /
                              wave_calm_time (0: the physical rates alone) */
    int mirror_cap;        /* points eddyi_wet_mirror_samples can take at once */
    int *mirror_at;        /* mirror_cap: scratch, which sample each mirrored point is */
    double *mirror_xy, *mirror_uv; /* 2 mirror_cap: scratch, the mirrored points, their flow */
    double g;              /* gravity's downward part in the last step (m/s^2) */
    double *amp, *rate;    /* count: a_n (m) and da_n/dt (m/s) */
    double *seen_rate;     /* count: da_n/dt as the step's panels saw it (eddyi_wet_update):
                              the waves' velocity the queries give, with the panels' */
    double *filter;        /* count: scratch, the smoothing a body sees and excites (surface.c) */
    double min_sigma;      /* m: the narrowest smoothing (FILTER / k_max) */
    double *shape_a, *shape_b; /* count: scratch, filtered shapes at two points */
    double lead;           /* the share of a step ahead of its pose at which a body's wet
                              part is taken: the rigid-body step's position update
                              x + dt v + c dt^2 a with a force held over the step keeps
                              a spring's energy only when the force is taken at
                              x + (1 - c) dt v (det of the step's map 1 + (1 - lead - c)
                              (omega dt)^2). Box2D 2.4's one semi-implicit step: c = 1,
                              lead 0; v3's n substeps: c = (n + 1) / 2n, lead (n - 1) / 2n,
                              3/8 for its 4 (a floating body's bobbing grew without it) */
    bool closing;          /* the step under way will be closed (eddyi_wet_will_close) */
    double half_left;      /* s: the modes' rotation left for the close (THE HYDROSTATIC KICKS) */
    double mean;           /* the mean level above D: the water the bodies displace / W_s */
    int settled_bodies;    /* body count when a close settled the mean, -1 when a body has
                              moved since (the advance then settles it again) */
    double displaced;      /* m^2: the bodies' submerged areas summed in the last update */
} eddy_surface;

/* What the coupling knows of one body against the surface. */
typedef struct eddy_wet_body {
    eddy_piece pieces[EDDY_PANEL_MAX_PIECES];
    int piece_count;
    double fraction;       /* s: the share of the body's area under water (0..1) */
    double area;           /* s times the body's area: the water it displaces (m^2) */
    double centroid[2];    /* of the wet part, fluid coordinates */
    double slope;          /* dy/dx of the surface line it floats in */
    double line[4];        /* x0, y0, x1, y1: that line (fluid coordinates) */
    double held_fraction;  /* the s whose added mass the rigid-body solver holds */
    double step_fraction;  /* s at the previous force update (for the slamming term) */
    bool wet;              /* in the water at the last update */
    bool reported;         /* wet as the last events told */
    double reported_x;     /* the wet part's centroid's x when it was last wet */
    bool dry_released;     /* out of the water: its own gravity and mass are back */
    bool pose_known;
    double pose[3];        /* origin and angle (fluid coordinates) at the last source */
    bool split;            /* the last step ended with the closing half of the
                              hydrostatic kick (eddyi_wet_close): the next opens with the
                              other half instead of handing the solver the whole force */
    double kick[3];        /* (M + s M_a)^-1 (buoyancy + weight) at the close, m/s^2, rad/s^2 */
    double expect[3];      /* the velocity the solver should reach with what it was
                              handed (eddyi_wet_handed); anything else touched it */
    bool handed;           /* expect is set for the step under way */
    bool opened;           /* the step under way opened with a half kick */
    bool touched;          /* something besides the coupling moved it in the last step
                              (a contact): the next step hands the solver the whole force */
    double own[3];         /* the solver's own gravity on a dry body in the step under way */
    double whole[3];       /* a step that did not open with one: the acceleration of the
                              buoyancy and weight handed whole (the close takes half back) */
} eddy_wet_body;

/* ------------------------------------------------------------ surface.c */

/* Creates the surface state for a fluid whose asset has a surface (NULL in
 * *out otherwise). */
eddy_result eddyi_surface_create(eddy_coupling *c, eddy_error *err);
void eddyi_surface_destroy(eddy_surface *s);
/* eta at x (fluid coordinates) above D: the mean level plus every mode. */
double eddyi_surface_eta(const eddy_surface *s, double x);
/* The smoothing width of a body of the given width (m). */
double eddyi_surface_sigma(const eddy_surface *s, double width);
/* The smoothed elevation a body sees at x (above D, the mean included) with
 * the smoothing width sigma; the filtered mode shapes go to shapes (count
 * values). */
double eddyi_surface_seen(eddy_surface *s, double x, double sigma, double *shapes);
/* The modes' own velocity at (x, y) (fluid coordinates) as the step's panels saw it
 * (seen_rate), added to uv. */
void eddyi_surface_wave_velocity(const eddy_surface *s, double x, double y, double uv[2]);
/* Puts water displaced near x0 (d0, m^2) and near x1 (d1) into the modes: the
 * projection of two smoothed point sources (the constant part, the mean
 * level, follows the bodies' areas instead). */
void eddyi_surface_displace(eddy_surface *s, double x0, double d0, double x1, double d1,
                           double sigma);
/* The amplitude decay rate (1/s) of mode n at gravity g (surface.c, THE
 * DAMPING). */
double eddyi_surface_damping(const eddy_surface *s, int n, double g);
/* The modes over dt with gravity g (m/s^2, downward): exact rotation of each
 * oscillator, then the decay. */
void eddyi_surface_advance(eddy_surface *s, double dt, double g);
/* Wave energy, J per metre: rho g N_n (a_n^2 + (da_n/dt / omega_n)^2) / 2 summed. */
double eddyi_surface_wave_energy(const eddy_surface *s);

/* ------------------------------------------------------------ surface_bodies.c */

/* THE HYDROSTATIC KICKS (issue 35, item 2). Buoyancy and weight, the stiff
 * conservative part of a floating body's load, are split round the rigid-body
 * step as velocity Verlet splits a force: half a kick at the start of the
 * step, the drift (the solver's step with the other forces), half a kick at
 * the end, at the new pose (surface_bodies.c, eddyi_wet_close). Only
 * eddy_coupling_step can close a step; after eddy_coupling_advance the game
 * steps the world, and the whole force goes to the solver as before. */
/* After the world's step: the water every body displaced into the modes, the
 * mean level, every body against the surface at its new pose, and the closing
 * half kick of every floating body the solver moved freely. */
void eddyi_wet_close(eddy_coupling *c, double dt);
/* Called by eddy_coupling_step before its advance: the step will be closed,
 * so the modes turn by half the step before the rigid bodies' step and by
 * the other half after the water the bodies displaced went in (the wave
 * forces' work then matches the energy the waves take to O(dt^3)). */
void eddyi_wet_will_close(eddy_coupling *c);
/* The opening half kick of body b if the last step closed with one (its
 * velocity is set); true if it did, and the solver is then not to be handed
 * buoyancy and weight. */
bool eddyi_wet_open(eddy_coupling *c, int b, double dt);
/* What the solver was handed for body b (force and torque at its centre of
 * mass, per metre), to tell at the close whether anything else moved it. */
void eddyi_wet_handed(eddy_coupling *c, int b, const double out[3], double dt);
/* (M + s M_a)^-1 times buoyancy and weight of body b at its pose and wet part
 * as measured last (coupling_forces.c), world axes, about the centre of mass,
 * into acc; and into dv the velocity change of the slamming impulse
 * -(ds / 2) M_a q_rel of a change ds of its immersion (eddyi_wet_slam), made
 * to keep the energy exactly together with the half kick of half seconds
 * that follows it. */
void eddyi_coupling_hydrostatic_acceleration(eddy_coupling *c, int b, double ds, double half,
                                            double acc[3], double dv[3]);

/* The surface's part of a coupled step, after the fluid's: every body's
 * displacement since the last step into the modes, then the modes over dt.
 * Clears the events of the last step. */
void eddyi_surface_step(eddy_coupling *c, double dt);
/* Every body's wet part against the surface as it is now; events for those
 * that entered or left; the rigid-body solver's mass and gravity of those
 * that did. Called once per step before the forces. */
void eddyi_wet_update(eddy_coupling *c, double dt);
/* The hooks of coupling_forces.c (each a no-op answer for a body inside a full
 * tank): */
bool eddyi_wet_in_water(const eddy_coupling *c, int b);
double eddyi_wet_fraction(const eddy_coupling *c, int b);
/* Where body b meets the flow: its centre of mass, drawn towards the wet
 * part's centroid as it leaves the water. */
void eddyi_wet_sample_point(const eddy_coupling *c, int b, double centre[2]);
/* The water body b displaces when only part of it is wet: the wet part's
 * area and centroid (fluid coordinates) and the slope of the surface line it
 * floats in (coupling_forces.c turns them into the hydrostatic load, the one
 * code path for every body). False for a full tank and for a body wholly
 * under water (the whole outline then; *slope is still set, 0 in a full
 * tank). */
bool eddyi_wet_region(const eddy_coupling *c, int b, double *area, double centroid[2],
                     double *slope);
/* The frontal width of the wet part across (ex, ey), ramped in over the
 * first WET_DRAG_RAMP of immersion (surface levels only). */
double eddyi_wet_frontal_width(const eddy_coupling *c, int b, double ex, double ey);
/* The waves' velocity where body b meets the flow, added to uv. */
void eddyi_wet_add_waves(const eddy_coupling *c, int b, const double at[2], double uv[2]);
/* The slamming term: the impulse that keeps the kinetic energy of a body whose
 * added mass changed with its immersion, -(ds / 2) M_a q_rel, as a force over
 * dt added to q (generalised, about the centre of mass). */
void eddyi_wet_slam(eddy_coupling *c, int b, const double *ma_full, const double qrel[3], double dt,
                   double q[3]);
/* Whether body b is handed back to Box2D dry (out of the water of a surface
 * level, or out of a full tank's domain): its own gravity scale and mass then stand in Box2D, not the
 * coupling's 0 and added mass (coupling.c's resync_body). */
bool eddyi_wet_released(const eddy_coupling *c, int b);
/* Sets up body b's wet state when it is added (after eddyi_coupling_body_attach). */
void eddyi_wet_attach(eddy_coupling *c, int b);
/* The wet weights of the panels into the panel world, after it placed them:
 * 0 for a body out of the water, else the fraction of each panel's length
 * inside the tank's sides (a full tank: inside [0, W] x [0, D]); a body
 * reaching through the lid keeps its panels above it (surface_bodies.c). */
void eddyi_wet_mask_panels(eddy_coupling *c);
/* The reduced flow at the n points xy above the lid of a surface level
 * replaced by its mirror image in the lid, (u, -v) at (x, 2 D - y): what the
 * panels of a body reaching through the lid see (coef: the fluid's
 * coefficients to use, NULL: its own); and the waves' velocity added at
 * every point (above the lid: (-u, v) at the mirror point). Nothing in a
 * full tank. */
void eddyi_wet_mirror_samples(const eddy_coupling *c, const double *coef, int n, const double *xy,
                             double *uv);
/* The same for the panel solve's samples (xy: every real panel's midpoint,
 * n of them), but the panels of a body solved with its lid image
 * (panel_lid.h) above the lid are not mirrored: they carry nothing and
 * their samples are not read. */
void eddyi_wet_panel_samples(const eddy_coupling *c, int n, const double *xy, double *uv);

#endif
