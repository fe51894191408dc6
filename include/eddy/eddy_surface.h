// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_surface.h - water with a surface: a tank filled to a depth, its waves,
 * and bodies that float, leave the water and come back (issue 20).
 *
 * A level's asset may fill its tank only to a depth (eddy_build_desc.depth,
 * `precompute --depth`, the scene and level key "depth"): the water at rest
 * is [0, W] x [0, D] of the W x H tank, with air above. Then:
 *   - the reduced fluid (eddy.h) lives in the water, under a rigid lid at the
 *     mean level: currents, stirs and jets work as in a full tank; the
 *     fluid's own calls (eddy_fluid_velocity, stirs) take coordinates in
 *     [0, W] x [0, D];
 *   - the surface moves: eta(x, t) = mean + sum_n a_n(t) e_n(x), the basin's
 *     linear sloshing modes (cos(n pi x / W) in a box, omega^2 = g k tanh(k D);
 *     computed by the builder for a level with rock), each stepped as an
 *     exact oscillator, energy-exact without viscosity; each mode decays at
 *     the rate a real tank gives it, 2 nu k^2 in the bulk plus the laminar
 *     boundary layers of the walls and floor, sqrt(nu omega / 2) G (Case &
 *     Parkinson 1957, Miles 1967; G and the derivation in docs/design.md),
 *     with the coupling's wave_viscosity nu, or faster where the game sets a
 *     calm-down time (eddy_coupling_desc.wave_calm_time: any wave is down to
 *     1 % of its height within it). The modes'
 *     potential-flow velocity is added to the flow bodies feel and to
 *     eddy_coupling_velocity;
 *   - a coupled body feels the water through the part of it under the
 *     surface (the outline clipped at the local surface, exactly; circles as
 *     circular segments): buoyancy rho g A_wet at the wet part's centroid
 *     (Archimedes and the restoring moment), added mass and pressure-gradient
 *     force scaled by the wet fraction s = A_wet / A, drag on the wet part's
 *     frontal width. Out of the water it feels nothing and the rigid-body
 *     world has its own mass, inertia and gravity back; forces change with s,
 *     never by a jump;
 *   - a body that moves displaces the surface: the change of its wet area
 *     goes into the waves at the ends of its waterline and into the mean
 *     level (water is conserved: the integral of eta equals the bodies' wet
 *     areas), so a dropped crate sends out waves and a bobbing one radiates
 *     them and comes to rest;
 *   - enter and leave events, polled after a step, tell a game where to
 *     splash.
 * The model, its sources and what was measured are in README.md ("Water with
 * a surface") and docs/design.md.
 *
 * USAGE
 *
 *   // precompute --domain 12x8 --depth 5 -o pool.eddy   (or eddy_build_desc.depth)
 *   eddy_coupling_desc cd = {0};
 *   cd.wave_viscosity = 1e-3;                 // m^2/s; default: the fluid's viscosity
 *   cd.wave_calm_time = 8.0;                  // s: waves down to 1 % within 8 s
 *   eddy_coupling_create(fluid, world, &cd, &c, &err);
 *   eddy_coupling_add_walls(c, NULL, &err);  // sides, floor and the tank's top
 *   eddy_coupling_add_body(c, crate, &err);  // anywhere: in the water or above it
 *   for (;;) {
 *       eddy_coupling_step(c, 1.0 / 60.0, &err);
 *       const eddy_splash *sp;
 *       int n = eddy_coupling_splashes(c, &sp);    // this step's events
 *       for (int i = 0; i < n; i++) play_splash(sp[i].x, sp[i].y, sp[i].speed, sp[i].mass);
 *       double y = eddy_coupling_surface_height(c, x);   // draw the water line
 *       double s = eddy_coupling_body_submerged(c, crate); // 0 dry .. 1 under
 *   }
 *
 * A full tank (no depth, or depth = height) has no surface: these calls then
 * answer as for a lid at the top (height H, nothing submerged outside the
 * tank, no events but for a body that leaves the domain or comes back).
 * Nothing here allocates in a step. THREADS: as eddy_coupling.h.
 */
#ifndef EDDY_SURFACE_H_PUBLIC
#define EDDY_SURFACE_H_PUBLIC

#include "eddy_coupling.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum eddy_splash_kind {
    EDDY_SPLASH_ENTER = 1, /* the body touched the water (it was wholly out of it) */
    EDDY_SPLASH_LEAVE = 2  /* the body came wholly out of the water */
} eddy_splash_kind;

/* One event of the last step. World coordinates. */
typedef struct eddy_splash {
    eddy_splash_kind kind;
    eddy_body *body;
    double x, y;      /* where it crosses the surface: the wet part's centroid's x (on
                         entering) or the last one (on leaving), and the surface there */
    double vx, vy;    /* the body's velocity at its centre of mass, m/s */
    double speed;     /* |(vx, vy)| */
    double mass;      /* the body's own mass, kg per metre of depth */
    void *user_data;  /* the game's names for the body (eddy_body_game_user_data, */
    uint64_t engine_id; /* eddy_body_engine_id): its engine's user data and id */
} eddy_splash;

/* True when the coupling's fluid fills its tank only to a depth. */
EDDY_API bool eddy_coupling_has_surface(const eddy_coupling *c);

/* Height (world y) of the water's surface at world x (clamped to the tank's
 * width): the mean level and the waves. A full tank: its top. */
EDDY_API double eddy_coupling_surface_height(const eddy_coupling *c, double x);
/* The same at n points: x[n] in, y[n] out. */
EDDY_API void eddy_coupling_surface_heights(const eddy_coupling *c, int n, const double *x,
                                            double *y);
/* The mean level (world y): the depth at rest raised by the water the bodies
 * displace (their wet areas over the surface's width). */
EDDY_API double eddy_coupling_surface_mean(const eddy_coupling *c);

/* The share (0..1) of the body's area under water at the last step; 0 for a
 * body not coupled. */
EDDY_API double eddy_coupling_body_submerged(const eddy_coupling *c, const eddy_body *body);

/* The enter and leave events of the last step (advance or step), in body
 * order: *out points into the coupling, valid until the next step. */
EDDY_API int eddy_coupling_splashes(const eddy_coupling *c, const eddy_splash **out);

/* Energy of the waves, J per metre: sum over the modes of
 * rho g N_n (a_n^2 + (da_n/dt)^2 / omega_n^2) / 2, N_n the integral of e_n^2
 * (0 for a full tank). Without viscosity and bodies it stays constant. With
 * bodies, fluid + bodies + waves is conserved (README, "Water with a
 * surface"). */
EDDY_API double eddy_coupling_surface_energy(const eddy_coupling *c);

/* Displaces volume (m^2 per metre, negative to draw water away) at world x,
 * spread over about width metres: a splash, a stone, a game's wave maker. The
 * waves take it; the mean level does not change. EDDY_ERR_ARGUMENT for a
 * coupling without a surface or non-finite values. */
EDDY_API eddy_result eddy_coupling_surface_disturb(eddy_coupling *c, double x, double width,
                                                   double volume, eddy_error *err);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_SURFACE_H_PUBLIC */
