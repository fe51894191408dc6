// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_internal.h - the coupling layer's PRIVATE header: its state,
 * shared by coupling.c, coupling_shapes.c, coupling_lifetimes.c,
 * coupling_probe.c, coupling_forces.c, feedback_grid.c and the surface
 * files. Not installed; games see eddy_coupling.h only. (Each layer keeps
 * one such header: the fluid's is fluid_internal.h, the port's body_port.h.) */
#ifndef EDDY_COUPLING_INTERNAL_H
#define EDDY_COUPLING_INTERNAL_H

#include "eddy_coupling.h"
#include "fluid_internal.h"
#include "eddy_surface.h"
#include <stdint.h>
#include "panel.h"
#include "quadtree.h"

/* A panelled outline, cached by the exact pieces and spacing it was cut from. */
typedef struct eddy_shape_entry {
    eddy_piece *pieces;
    int piece_count;
    double spacing;
    eddy_panel_shape shape;
} eddy_shape_entry;

/* coupling_shapes.c: the outline cache (one slot per possible body). */
/* Whether entry e was cut from exactly these pieces at this spacing. */
bool eddyi_shape_entry_matches(const eddy_shape_entry *e, const eddy_piece *pieces, int count,
                              double spacing);
/* Fills e with a copy of the pieces and their panels at this spacing; on
 * failure e holds nothing (coupling.c). */
eddy_result eddyi_shape_entry_build(eddy_shape_entry *e, const eddy_piece *pieces, int count,
                                   double spacing, const char *name, eddy_error *err);
/* Makes the cache (max_bodies slots) if there is none yet / frees it. */
eddy_result eddyi_coupling_shape_cache_init(eddy_coupling *c, eddy_error *err);
void eddyi_coupling_shape_cache_free(eddy_coupling *c);
/* Panels and pseudo-inverse for these pieces: from the asset's shape
 * catalogue, else from the cache, else built now and cached. */
eddy_result eddyi_coupling_find_shape(eddy_coupling *c, const eddy_piece *pieces, int count,
                                     const eddy_panel_shape **out, eddy_error *err);
/* The largest distance between two points of the pieces (body space). */
double eddyi_pieces_diameter(const eddy_piece *pieces, int count);

/* Grid feedback (naive and quadtree, 5.3.4): u_p on the MAC samples, then
 * projected on the basis with the grid's quadrature weights. */
typedef struct eddy_grid_feedback {
    bool ready;
    eddy_mac mac;
    int samples;          /* MAC samples */
    int modes;            /* modes projected: the whole basis, box and grid modes */
    double *phi_weighted; /* modes x samples: w_s phi_k(s) */
    double *field;        /* samples: u_p */
    double *xy;           /* 2 x samples: positions */
    /* quadtree */
    eddy_quadtree tree;
    eddy_qt_table table;  /* 5.19, from the asset when it matches */
    double *node_uv;      /* 2 per node: constant velocity given to the node */
    bool *node_used;      /* evaluated at its centre in the last feedback */
    int *stack;           /* traversal stack */
} eddy_grid_feedback;

/* Exact feedback for grid modes (feedback_stream.c): each mode's discrete
 * stream function on the grid nodes. */
typedef struct eddy_stream_feedback {
    eddy_mac mac;
    int eigen;   /* grid modes follow the eigenmodes in the basis */
    int count;   /* grid modes */
    double *psi; /* count x (nx + 1)(ny + 1) */
} eddy_stream_feedback;

eddy_result eddyi_stream_feedback_init(eddy_stream_feedback *s, const eddy_asset *a, eddy_error *err);
void eddyi_stream_feedback_free(eddy_stream_feedback *s);
/* out[eigen + m] += sum_i gamma_i integral_i psi_m ds over the real panels. */
void eddyi_stream_feedback_grid_modes(const eddy_stream_feedback *s, const eddy_panel_world *w,
                                     double *out);
void eddyi_stream_feedback_grid_modes_range(const eddy_stream_feedback *s,
                                           const eddy_panel_world *w, int first, int panels,
                                           double *out);

/* What the coupling keeps per body beside its panels (coupling_forces.c). */
typedef struct eddy_coupled_body {
    double drag;          /* drag coefficient Cd on the frontal width */
    bool drag_set;        /* set by the caller, not the shape's default */
    double added[9];      /* added-mass tensor, kg per metre of depth: fluid density times
                             the shape's (panel_added_mass.c), about the centre of mass,
                             body space, generalised velocity (v_x, v_y, omega) */
    double box2d_added[2]; /* the isotropic part handed to the port: mass, inertia */
    double area;          /* m^2 the outline encloses, exactly (circles included) */
    double centroid[2];   /* its centroid, body space (about the body origin) */
    int circle_count;     /* the outline's circles (body space x, y, radius): its frontal */
    double circles[EDDY_PANEL_MAX_PIECES][3]; /* width, which the chords of panels cut short */
    double weight_mass;   /* kg per metre, summed from the shapes in double precision */
    double weight_centre[2]; /* where the weight acts, body space: the centre of mass in
                             double precision (the rigid-body solver keeps it in single) */
    double spin_drag[2];  /* sum of A |q|^3 over the panels that advance into the fluid when
                             the body turns counter-clockwise [0] or clockwise [1], q the
                             moment arm of a panel's normal about the centre of mass */
    double gravity_scale; /* the caller's: the coupling applies the weight itself */
    bool sleep_enabled;   /* the caller's: a coupled body never sleeps */
    double load[3];       /* last fluid force (N per metre) and torque about the centre */
    double fold;          /* last feedback amplitude (0 for static bodies) */
    double ambient[2];    /* the flow U the body met in the last step */
    const eddy_panel_shape *probe; /* its finer outline for probes (coupling_probe.c), or NULL */
    double wake_fade;     /* factor the body's own wake keeps this step */
} eddy_coupled_body;

struct eddy_coupling {
    eddy_fluid *fluid;
    const eddy_asset *asset;
    eddy_world *world;    /* NULL once eddy_world_destroy took it (body_watch.h) */
    bool panels_stale;    /* a destroyed body's panels could not be taken out (out of
                             memory): the step refuses */
    bool holds_fluid;     /* the fluid is this coupling's (one coupling per fluid) */
    bool clock_armed;     /* the last advance handed forces out for one world step of */
    double clock_dt;      /* ... clock_dt s: the next advance checks the world's clock */
    eddy_coupling_desc desc;
    bool paper_pipeline;  /* eddyi_coupling_set_paper_pipeline (benchmarks only) */
    int r;
    eddy_panel_world *panels;
    int body_count;
    eddy_body **bodies;                 /* max_bodies */
    const eddy_panel_shape **shapes;    /* max_bodies, into cache */
    eddy_shape_entry *cache;
    int cache_count, cache_capacity;
    int shapes_from_asset; /* bodies whose panels came precomputed in the asset */
    eddy_shape_entry *probe_cache; /* probe outlines (coupling_probe.c), max_bodies slots */
    int probe_count;
    double *probe_gamma;  /* max_bodies x EDDY_PROBE_MAX_PANELS: each body's fine strengths */
    uint64_t *probe_solved; /* max_bodies: the probe_epoch they were solved in (0: never) */
    double *probe_xy;     /* 2 x 2 x max_bodies x EDDY_PROBE_MAX_PANELS: fine midpoints, flow */
    int *probe_skip;      /* 2 x max_bodies x EDDY_PROBE_MAX_PANELS: each one's own panels */
    uint64_t probe_epoch; /* changes whenever the panels or the flow probes read change */
    double *reduced;      /* r: feedback vector */
    double *pre_feedback; /* r: the fluid state the panels were solved against */
    double *coef_scratch; /* r: the state after feedback, before it is set */
    double *masked_strength; /* panel sources: strengths of one kind of body */
    eddy_grid_feedback grid;
    eddy_stream_feedback stream;
    struct eddy_box_feedback *box_feedback; /* fast exact feedback (panel_feedback_fast.c) */
    eddy_coupled_body *info;  /* max_bodies */
    double *coef_start;   /* r: the fluid at the start of the step, before it stepped */
    double *coef_rate;    /* r: dr/dt of the fluid's own step (5.4-5.9), no feedback */
    double *sample_xy;    /* 2 x SAMPLES_PER_BODY x max_bodies: where each body meets the flow */
    double *self;         /* max_bodies x r: each body's own recent wake in r (coupling_forces.c) */
    double *body_fold;    /* r: one body's exact feedback vector */
    eddy_tasks tasks;     /* the game's workers, from desc (coupling_tasks.c) */
    struct eddy_box_feedback **worker_box; /* per worker (0 unused: box_feedback), or NULL */
    double *fold_all;     /* max_bodies x r: each body's row on the workers: the water's
                             reaction to its forces (coupling_forces.c), then its feedback */
    double *force_scratch; /* workers x 3 r: per-worker scratch of the forces (r minus a
                             body's wake, the basis values of a point force) */
    struct eddy_force_item *force_items; /* max_bodies: each body's forces, from the
                             workers to the serial close (coupling_forces.c) */
    double *reaction;     /* r: the water's share of the pressure-gradient and added-mass
                             forces this step (coupling_forces.c, water_reaction) */
    bool reacted;         /* reaction holds something to add */
    double reaction_energy; /* J per metre the ambient flow gains this step from carrying the
                             bodies' disturbances along (coupling_forces.c, water_reaction) */
    double dissipated;    /* J per metre: what drag has taken out since creation */
    eddy_coupling_timings timings;
    /* water with a surface (surface.h): the surface (NULL for a full tank),
       every body against it, this step's enter and leave events */
    struct eddy_surface *surface;
    struct eddy_wet_body *wet;          /* max_bodies */
    eddy_splash *splashes;              /* 2 max_bodies */
    int splash_count;
    eddy_lost_body *lost;               /* max_bodies: bodies the last advance let go of */
    int lost_count;
};

/* World <-> fluid coordinates: the fluid domain's (0, 0) is desc.origin in
 * the world. */
static inline void eddy_coupling_to_fluid(const eddy_coupling *c, double xy[2])
{
    xy[0] -= c->desc.origin[0], xy[1] -= c->desc.origin[1];
}

/* coupling_forces.c: the fluid's force on every moving body (drag, the
 * pressure-gradient force, buoyancy 5.22, weight) through its added mass, and
 * each body's feedback amplitude. */
#define EDDY_COUPLING_SAMPLES_PER_BODY 5
void eddyi_coupling_apply_body_forces(eddy_coupling *c, double dt);
/* Allocates c->force_items (max_bodies; freed with eddy_free); false when out of memory. */
bool eddyi_coupling_forces_alloc(eddy_coupling *c);
/* Fills info with the body's added mass (and hands its isotropic part to the
 * port), spin-drag sums and default drag coefficient; takes over its weight. */
eddy_result eddyi_coupling_body_attach(eddy_coupling *c, int b, eddy_error *err);
/* Gives the body back its own mass and gravity scale. */
void eddyi_coupling_body_detach(eddy_coupling *c, int b);
/* The weight the coupling applies to body b (its mass and centre of mass in
 * double precision): again after the game set another mass in Box2D. */
void eddyi_coupling_body_weigh(eddy_coupling *c, int b);
/* Kinetic energy of a dynamic body with its added mass, J per metre. */
double eddyi_coupling_body_energy(const eddy_coupling *c, int b);

/* coupling.c: the index of a coupled body (-1: not coupled); forgets body
 * `at`, giving it back (forced: even when its panels cannot be rebuilt, the
 * step then refuses). */
int eddyi_coupling_find_body(const eddy_coupling *c, const eddy_body *body);
eddy_result eddyi_coupling_remove_at(eddy_coupling *c, int at, bool forced, eddy_error *err);

/* coupling_lifetimes.c: registers the coupling as its world's watcher
 * (body_watch.h); the errors for a world eddy_world_destroy took / whose Box2D
 * world is gone; takes body b over (watched, kept awake) / gives it back its
 * own mass, gravity scale and sleep setting; and what the game did in Box2D
 * since the last advance (refused, or taken on), before anything is read. */
eddy_result eddyi_coupling_watch_world(eddy_coupling *c, eddy_error *err);
eddy_result eddyi_coupling_world_gone(eddy_error *err);
eddy_result eddyi_coupling_box2d_world_gone(eddy_error *err);
void eddyi_coupling_hold_body(eddy_coupling *c, int b);
void eddyi_coupling_release_body(eddy_coupling *c, int b);
void eddyi_coupling_let_states_go(eddy_coupling *c);
eddy_result eddyi_coupling_check_the_game(eddy_coupling *c, eddy_error *err);

/* feedback_grid.c */
eddy_result eddyi_grid_feedback_init(eddy_grid_feedback *g, const eddy_coupling *c,
                                    eddy_error *err);
void eddyi_grid_feedback_free(eddy_grid_feedback *g);
/* Fills g->field with u_p at every MAC sample: exactly (naive) or through the
 * quadtree; returns the panel-velocity evaluations (quadtree: nodes used,
 * and two a sample of the leaves evaluated exactly). */
void eddyi_grid_feedback_naive_field(eddy_grid_feedback *g, const eddy_panel_world *w);
int eddyi_grid_feedback_quadtree_field(eddy_grid_feedback *g, const eddy_panel_world *w,
                                      double threshold);
/* out[k] = sum_s w_s phi_k(s) field[s] for the box modes (zero beyond). */
void eddyi_grid_feedback_project(const eddy_grid_feedback *g, int r, double *out);
/* The quadtree nodes of the last feedback, in world coordinates (the grid's
 * moved by origin). */
void eddyi_grid_feedback_draw(const eddy_grid_feedback *g, const double origin[2],
                             const eddy_debug_draw *d);

/* coupling_probe.c: what probes read near a body. */
eddy_result eddyi_coupling_probe_shape(eddy_coupling *c, const eddy_piece *pieces, int count,
                                      const eddy_panel_shape *coarse,
                                      const eddy_panel_shape **out, eddy_error *err);
void eddyi_coupling_probe_free(eddy_coupling *c);
void eddyi_coupling_probe_correct(const eddy_coupling *c, int n, const double *xy, double *uv);
/* uv[2n] += every panel source at the points xy (fluid coordinates) but the
 * range [skip[2i], skip[2i+1]) point i leaves out (its body's own real
 * panels), no nearer than EDDY_PANEL_NEAR panel lengths, as the Schwarz
 * sweeps see other bodies (panel_treecode.c). */
void eddyi_coupling_sources_velocity(const eddy_coupling *c, int n, const double *xy,
                                    const int *skip, double *uv);
/* The panels or the flow the probes read changed: solved fine strengths are stale. */
static inline void eddy_coupling_probe_invalidate(eddy_coupling *c) { ++c->probe_epoch; }

/* The pipeline as the paper prints it, for benchmarks and the tests that
 * compare against it (never a game's choice, so not in eddy_coupling.h):
 * every Schwarz sweep sums every panel at every other body's midpoints (no
 * far field, no near field kept between sweeps, no warm start), exact
 * feedback by trigonometric closed forms per mode and panel, the fluid
 * sampled point by point. The same answers to the tolerances, far slower.
 * Off by default. Set-up time: the first switch back to the fast pipeline
 * may allocate; not inside a step. */
eddy_result eddyi_coupling_set_paper_pipeline(eddy_coupling *c, bool on, eddy_error *err);

/* coupling_check.c: EDDY_OK when dt is one the fluid and the world both take,
 * checked before a step changes anything (issue 30). */
eddy_result eddyi_coupling_check_step(const eddy_coupling *c, double dt, eddy_error *err);

/* feedback dispatch (feedback_grid.c): r += the projection of u_p. */
void eddyi_coupling_apply_feedback(eddy_coupling *c);

/* coupling_tasks.c: the game's task system (eddy_coupling_desc). */
const eddy_tasks *eddyi_coupling_tasks(eddy_coupling *c); /* filled from c->desc */
eddy_result eddyi_coupling_tasks_init(eddy_coupling *c, eddy_error *err);
void eddyi_coupling_tasks_free(eddy_coupling *c);
/* feedback_grid.c: the exact feedback with bodies spread over the workers,
 * into c->reduced (false: nothing to add). */
bool eddyi_coupling_feedback_on_workers(eddy_coupling *c);

#endif
