// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_coupling.h - two-way coupling of the reduced fluid with rigid bodies
 * (chapter 5.3): bodies push the fluid through vortex panels, the fluid pushes
 * bodies as water pushes bodies: drag, the pressure gradient of its own
 * acceleration, buoyancy, and the water each body drags along (added mass).
 *
 * A coupling ties one fluid (eddy.h) to one rigid-body world (eddy_body.h):
 * eddy's own, or a game's own Box2D world given a handle (eddy_box2d_v3.h,
 * eddy_box2d_v24.h). Every body you register gets panels along its outline,
 * cut from its shapes at about one grid spacing, and an added-mass tensor
 * computed from its outline in potential flow. The fluid's domain, [0, W] x
 * [0, H] in the asset, sits at desc.origin in the world: every position the
 * coupling takes or hands out is in world coordinates (the fluid's own calls
 * in eddy.h, stirs and eddy_fluid_velocity, keep the fluid's coordinates).
 * One coupled step, in this order (docs/design.md, "The pipeline"):
 *   1. the fluid steps: queued stirs, advection, viscosity (5.4-5.9);
 *   2. solid -> fluid: panel strengths from the no-penetration violation at
 *      every panel (5.13, 5.14, 5.16), Schwarz sweeps across bodies and wall
 *      images (5.17, 5.3.3), for every body every step;
 *   3. fluid -> solid, at each moving body's centre of mass (U the flow it
 *      meets, v its velocity, M_a its added-mass tensor, A its area):
 *        drag      F_d = rho Cd w |U - v| (U - v) / 2   (w: frontal width)
 *        pressure  F_p = (rho A + M_a) DU/Dt             (the flow's acceleration)
 *        buoyancy  F_b = -rho A g at the outline's centroid (5.22, exact;
 *                  on unless desc.no_buoyancy)
 *        weight    W = m g, applied here, not by the rigid-body solver
 *      and (m + M_a) dv/dt = F_d + F_p + F_b + W: the added mass is given to
 *      the rigid-body solver with the body's own (implicit, so a body far
 *      lighter than water stays stable);
 *   4. feedback: each moving body folds into the reduced fluid the share of
 *      its panels' field that carries the drag's reaction (5.3.4 with
 *      momentum books), and the water receives its share of the
 *      pressure-gradient and added-mass forces; static bodies fold nothing,
 *      their panels route the flow around them every step;
 *   5. the rigid bodies step.
 * eddy_coupling_advance does 1 to 4 (the forces are handed to the bodies,
 * for the world's next step); eddy_coupling_step is advance, then
 * eddy_world_step of eddy's own world. A game with its own Box2D world calls
 * advance and then steps its world itself (the split step); both read the
 * bodies' poses and velocities at the start of the next step.
 * A tank filled to a depth (an asset built with eddy_build_desc.depth) has
 * water with a surface: bodies float, leave the water and come back, and
 * make waves (eddy_surface.h: the model, the queries, the events).
 * A coupled body's mass, inertia, gravity scale and sleep setting in the
 * rigid-body world are the coupling's while it is coupled: its own mass with
 * the added mass on top, gravity scale 0 (the weight comes with the forces,
 * times the body's own gravity scale) and sleep disabled, pushed again at
 * every advance. What the game sets meanwhile becomes the body's own
 * (LIFETIMES AND MISUSE); removing the body or destroying the coupling gives
 * the body's own back.
 *
 * USAGE
 *
 *   eddy_coupling_desc cd = {0};             // zero fields = defaults (buoyancy on)
 *   eddy_coupling *c;
 *   if (eddy_coupling_create(fluid, world, &cd, &c, &err) != EDDY_OK) { ... }
 *   eddy_coupling_add_walls(c, NULL, &err);  // the tank's walls, for the bodies
 *   eddy_coupling_add_body(c, crate, &err);  // after its shapes are added
 *   for (;;) {
 *       eddy_coupling_step(c, 1.0 / 60.0, &err);
 *       double uv[2];
 *       eddy_coupling_velocity(c, x, y, uv); // u_r + u_p: tracers, dye, probes
 *       double load[3];
 *       eddy_coupling_body_load(c, crate, load); // the water's force, torque
 *   }
 *   eddy_coupling_destroy(c);                // before the fluid
 *
 * A game's own Box2D world (eddy_box2d_v3.h, eddy_box2d_v24.h), its tank at
 * (20, 5) in it:
 *
 *   cd.origin[0] = 20; cd.origin[1] = 5;
 *   eddy_coupling_create(fluid, adopted_world, &cd, &c, &err);
 *   eddy_coupling_add_body(c, adopted_crate, &err);
 *   for (;;) {
 *       eddy_coupling_advance(c, dt, &err);  // fluid, panels, forces, feedback
 *       b2World_Step(game_world, dt, 4);     // the game steps its world (2.4: Step)
 *   }
 *
 * LIFETIMES AND MISUSE
 *   Anything may be destroyed in any order:
 *   - the fluid destroyed before its coupling (or its asset before the
 *     fluid): the coupling keeps stepping it, as if it had not been
 *     destroyed, and frees it when it is destroyed itself (eddy.h, LIFETIMES);
 *   - a coupled body destroyed with eddy_body_destroy: the coupling forgets it
 *     first. One the game destroys in Box2D behind eddy's back (a game's own
 *     world: eddy_box2d_v3.h, eddy_box2d_v24.h; or eddy_body_box2d's body):
 *     the next advance lets go of it without reading it, reports it
 *     (eddy_coupling_lost_bodies: its handle, the game's user data and the
 *     engine's id) and steps the rest of the water as usual: destroying
 *     bodies is ordinary gameplay. A body the game makes later in the same
 *     Box2D slot is not coupled.
 *   - the world destroyed before the coupling (eddy_world_destroy, or the
 *     game destroying its Box2D world): the coupling gives its bodies back
 *     where Box2D still has them, and its steps return EDDY_ERR_ARGUMENT;
 *     destroy it.
 *   Refused with EDDY_ERR_ARGUMENT and a message:
 *   - a second coupling on one world, or on one fluid (it would step twice a
 *     frame), until the first is destroyed; a world adopted twice is refused
 *     by eddy_world_adopt_box2d;
 *   - a shape added to a coupled body (remove the body, add the shape, add
 *     it again);
 *   - an asset for another tank: desc.size, when set, is the tank the game
 *     built its level around (its walls, its level's extent); an asset whose
 *     domain is not that size (to 1e-9 of it) is refused at creation. Left
 *     0, the tank is whatever the asset says;
 *   - a split step without its world step, or with two: between two
 *     eddy_coupling_advance calls the world must step once, by the first
 *     one's dt (to 1%). eddy counts eddy_world_step calls in its own world;
 *     in a game's it reads a clock body it keeps there (eddy_box2d_v3.h).
 *     An advance that finds the world not stepped (the last advance's forces
 *     still wait in Box2D, and its own would pile up on them), stepped twice
 *     or by another dt refuses before anything moves. Box2D clears forces
 *     after every step: a world stepped in pieces that add up to dt gets
 *     eddy's forces in the first piece only, which the clock cannot tell from
 *     one step (2.4 with auto-clear off: eddy_box2d_v24.h).
 *   Taken on, from the next advance: what the game sets on a coupled body in
 *   Box2D (or through eddy_body.h) while the coupling holds it. A gravity
 *   scale is the body's own and scales the weight the coupling applies
 *   (Box2D's goes back to 0); a mass (SetMassData, ResetMassData, a shape
 *   added in Box2D) is the body's own, with the added mass put back on top;
 *   sleep allowed again is the body's own setting (disallowed again). The
 *   body gets them back when the coupling lets go. Set between an advance
 *   and the world's step, they act in that step as Box2D has them.
 *
 * FEEDBACK (5.3.4) is selectable at run time:
 *   EDDY_FEEDBACK_EXACT     the panels' vortex sheets integrated against every
 *                           mode's stream function: no grid, exact (default);
 *   EDDY_FEEDBACK_QUADTREE  u_p on the MAC grid through the quadtree of 5.19,
 *                           then projected;
 *   EDDY_FEEDBACK_NAIVE     u_p at every MAC sample, then projected;
 *   EDDY_FEEDBACK_OFF       none (panels only affect probes; forces still act).
 *
 * Nothing here allocates inside eddy_coupling_step or eddy_coupling_advance:
 * buffers are sized by the description's capacities and by
 * eddy_coupling_add_body.
 *
 * THREADS: a coupling steps its fluid and its world on the calling thread;
 * the three (and the world's bodies) belong to one thread at a time. That
 * includes the velocity queries: they solve each body's fine probe outline
 * once a step and keep it in the coupling.
 * Couplings with their own fluids and worlds run in parallel and may share
 * one asset.
 */
#ifndef EDDY_COUPLING_H
#define EDDY_COUPLING_H

#include "eddy.h"
#include "eddy_body.h"

#include <stdint.h>

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum eddy_feedback_mode {
    EDDY_FEEDBACK_DEFAULT = 0, /* the exact variant */
    EDDY_FEEDBACK_EXACT,
    EDDY_FEEDBACK_QUADTREE,
    EDDY_FEEDBACK_NAIVE,
    EDDY_FEEDBACK_OFF
} eddy_feedback_mode;

EDDY_API const char *eddy_feedback_name(eddy_feedback_mode mode);

/* WORKERS (optional; the style of Box2D v3's b2WorldDef.enqueueTask /
 * finishTask). A game with a task system hands it over in the desc: eddy
 * calls enqueue_task with a task and a number of items; the game runs
 * task(start, end, worker, task_context) over ranges that cover
 * [0, item_count) once, each of at least min_range items (the last may be
 * shorter), on its workers, with worker in [0, worker_count) and no two
 * ranges running at once on the same worker index; it returns a handle, or
 * NULL when it ran every range itself before returning. eddy then calls
 * finish_task(handle, user_task_context), which must return once every
 * range is done. Both run on the thread that called the step, inside it.
 * The panels' far field and near field, the fluid at the panels'
 * midpoints, each body's forces and the exact feedback run this way; their
 * results do not depend on worker_count or on how the game
 * splits the items (every item writes its own result, sums are taken in a
 * fixed order afterwards): a replay gives the same bits on any number of
 * workers. eddy allocates per-worker scratch at creation and nothing in
 * the step. examples/workers.c runs a small pool of threads; eddy-game and
 * sim take --workers N. */
typedef void eddy_task_fn(int start, int end, int worker, void *task_context);
typedef void *eddy_enqueue_task_fn(eddy_task_fn *task, int item_count, int min_range,
                                   void *task_context, void *user_task_context);
typedef void eddy_finish_task_fn(void *user_task, void *user_task_context);

typedef struct eddy_coupling_desc {
    int max_bodies;              /* default 64 */
    int max_panels;              /* real panels over all bodies, default the larger
                                    of 8192 and 32 per max_bodies */
    eddy_feedback_mode feedback; /* default exact */
    bool no_buoyancy;            /* true: no hydrostatic force (5.22). Default (false): on,
                                    so that in a world with gravity a body of the water's
                                    density floats where it is put; the coupling applies
                                    every coupled body's weight itself, so without buoyancy
                                    a "neutral" body sinks. With zero gravity it is zero */
    double quadtree_threshold;   /* m/s of tolerated velocity error per panel and
                                    node in quadtree feedback. Default 1e-3 */
    double schwarz_tolerance;    /* relative change of the strengths in one sweep. Default
                                    1e-4: well below the panels' own discretisation error
                                    (about 1e-2 of the flow at the outline, see the tests), and met
                                    within the sweep cap by touching bodies, where 1e-6 is
                                    not always */
    int schwarz_max_iterations;  /* default 50 */
    bool no_wall_images;         /* turn the method of images off (for comparison) */
    int body_substeps;           /* rigid-body solver substeps, default 4 */
    double panel_spacing;        /* target panel length in m. Default: the grid
                                    spacing min(W/nx, H/ny) */
    double farfield_tolerance;   /* multipole far field of the panels: every term cut off is
                                    at most this fraction of the speed of a point vortex of
                                    the source's absolute circulation (panel_fast.h).
                                    Default: schwarz_tolerance */
    double origin[2];            /* m: where the fluid domain's (0, 0) is in the world;
                                    its far corner is origin + (W, H). Default (0, 0) */
    double size[2];              /* m: the tank the game built its level around, W x H
                                    (its walls, eddy_coupling_add_walls, span origin to
                                    origin + size). The asset must be for this domain:
                                    one for another size is refused (EDDY_ERR_ARGUMENT).
                                    A tank filled to a depth (eddy_surface.h): H is the
                                    tank's top, eddy_asset_info.tank_height.
                                    Default (0, 0): the asset's domain, whatever it is */
    /* A tank filled to a depth (eddy_surface.h); ignored for a full tank: */
    double wave_viscosity;       /* m^2/s: nu of the waves' damping, in the bulk (2 nu k^2)
                                    and in the boundary layers of the tank's walls and
                                    floor (sqrt(nu omega / 2) per metre of wall, the
                                    sloshing literature; eddy_surface.h). Default (0):
                                    the fluid's viscosity; negative: none */
    double wave_calm_time;       /* s: the designer's knob. Every wave falls to 1 % of its
                                    height within this time at the latest (each mode
                                    decays at least at ln(100) / wave_calm_time; the
                                    periods stay as they are). Default (0): the tank's
                                    own damping above alone. Negative: refused */
    bool open_top;               /* eddy_coupling_add_walls leaves the tank's top open:
                                    bodies may fly out of it (default: closed at its top) */
    /* WORKERS above: all three or none (default: everything on the calling thread) */
    int worker_count;            /* 1..EDDY_MAX_WORKERS; 0: 1 */
    eddy_enqueue_task_fn *enqueue_task;
    eddy_finish_task_fn *finish_task;
    void *user_task_context;     /* handed back to both, never read by eddy */
} eddy_coupling_desc;

/* Largest eddy_coupling_desc.worker_count. */
#define EDDY_MAX_WORKERS 64

typedef struct eddy_coupling eddy_coupling;

/* Ties fluid and world together. Gravity for buoyancy is read from the world
 * at every step. The fluid must outlive the coupling; the world may not (see
 * LIFETIMES AND MISUSE). EDDY_ERR_ARGUMENT when the world or the fluid
 * already has a coupling, or the asset is not for desc.size. */
EDDY_API eddy_result eddy_coupling_create(eddy_fluid *fluid, eddy_world *world,
                                          const eddy_coupling_desc *desc, eddy_coupling **out,
                                          eddy_error *err);
EDDY_API void eddy_coupling_destroy(eddy_coupling *c);

/* The desc's WORKERS fields for a coupling made elsewhere (a scene's,
 * eddy_scene_build_world): the same rules; enqueue_task NULL goes back to
 * the calling thread alone. Set-up time (it allocates), never inside a
 * step. EDDY_ERR_ARGUMENT for a worker_count outside 0..EDDY_MAX_WORKERS or
 * one callback without the other; on any error nothing changes. */
EDDY_API eddy_result eddy_coupling_set_workers(eddy_coupling *c, int worker_count,
                                               eddy_enqueue_task_fn *enqueue_task,
                                               eddy_finish_task_fn *finish_task,
                                               void *user_task_context, eddy_error *err);

/* Registers a body of the world: panels along the outline of its non-sensor
 * shapes (an odd number per side), the inverse of its panel matrix (5.12,
 * 5.15) taken from the asset's shape catalogue when the shape is there, else
 * computed now and cached. Refuses a body of another world or with no shape
 * (EDDY_ERR_ARGUMENT), a singular outline (EDDY_ERR_NUMERIC, the message
 * names it), a body whose origin is outside the domain or too big to fit in
 * it at any angle (EDDY_ERR_RANGE), or more bodies/panels than the
 * capacities (EDDY_ERR_CAPACITY). Set-up time: this may allocate.
 * A POOL (a tank filled to a depth, eddy_surface.h) is different: a body
 * anywhere, in the air above the water, beside the tank or below its floor,
 * is neither refused nor reported with EDDY_ERR_RANGE, at adoption or in a
 * step. Whatever of it lies under the surface and between the tank's sides
 * is wet and gets the water's forces and panels; a body with nothing wet is
 * dry: no water force, its own mass and gravity scale back in the rigid-body
 * world, an EDDY_SPLASH_LEAVE event when it leaves and EDDY_SPLASH_ENTER
 * when it comes back (the events are in eddy_surface.h). */
EDDY_API eddy_result eddy_coupling_add_body(eddy_coupling *c, eddy_body *body, eddy_error *err);

/* Forgets a body (it stays in the world). Set-up time: this may allocate. */
EDDY_API eddy_result eddy_coupling_remove_body(eddy_coupling *c, eddy_body *body, eddy_error *err);
EDDY_API int eddy_coupling_body_count(const eddy_coupling *c);

/* A coupled body the game destroyed in its engine (Box2D, a rigid-body
 * table) behind eddy's back, found and let go of by the last advance: its
 * handle (valid until eddy_body_destroy or eddy_world_destroy, but never
 * read again) and the game's names for it (eddy_body_game_user_data,
 * eddy_body_engine_id). */
typedef struct eddy_lost_body {
    eddy_body *body;
    void *user_data;
    uint64_t engine_id;
} eddy_lost_body;

/* The bodies the last advance (or step) let go of, in coupling order;
 * *out NULL when none. */
EDDY_API int eddy_coupling_lost_bodies(const eddy_coupling *c, const eddy_lost_body **out);

/* Adds the tank's four walls to the world as one static body (out, may be
 * NULL, receives it): 1 m thick boxes around [origin, origin + (W, H)] (H the
 * tank's top, above the water of a tank filled to a depth, whose top is left
 * off with desc.open_top), their
 * inner faces 1 cm inside the domain's edge less Box2D's polygon skin (2.4:
 * on the edge, its 1 cm skin keeps bodies off it; v3, no skin: 1 cm inside),
 * so that a body resting on a wall stays a few millimetres inside the domain
 * on both backends (a disc on the floor: 6 mm on 2.4, 10 mm on v3). The fluid
 * has its own walls; these keep the bodies in. The body is eddy's:
 * eddy_world_destroy frees it, in an adopted world too. Not coupled. Set-up
 * time: this allocates. */
EDDY_API eddy_result eddy_coupling_add_walls(eddy_coupling *c, eddy_body **out, eddy_error *err);

/* The coupled step of dt seconds but the rigid bodies' own (1 to 4 at the
 * top): the fluid steps, the panels are solved against the bodies' poses
 * and velocities as they are now, the water's forces are handed to the
 * bodies (eddy_body_apply_force_to_center and _torque: they act in the
 * world's next step), the feedback is folded in. Then step the world: with
 * a game's own Box2D world, the game does (b2World_Step; 2.4 b2World::Step)
 * once, with the same dt. A body that has left the domain is reported with
 * EDDY_ERR_RANGE naming it (the step still completes for the others: its
 * panels are ignored). EDDY_ERR_ARGUMENT, before anything moves, once the
 * world was destroyed, when the world was not stepped once by the last
 * advance's dt since it, or when a coupled body was destroyed in Box2D
 * (LIFETIMES AND MISUSE). Allocates nothing (but in letting go of a
 * destroyed body). */
EDDY_API eddy_result eddy_coupling_advance(eddy_coupling *c, double dt, eddy_error *err);

/* One coupled step of dt seconds (see the order at the top):
 * eddy_coupling_advance, then eddy_world_step with desc.body_substeps. For
 * eddy's own worlds: an adopted one is refused (EDDY_ERR_ARGUMENT) before
 * anything moves, since the game steps it. Otherwise errors as
 * eddy_coupling_advance's. */
EDDY_API eddy_result eddy_coupling_step(eddy_coupling *c, double dt, eddy_error *err);

EDDY_API eddy_result eddy_coupling_set_feedback(eddy_coupling *c, eddy_feedback_mode mode);
EDDY_API eddy_feedback_mode eddy_coupling_feedback(const eddy_coupling *c);
/* Buoyancy on or off at run time (desc.no_buoyancy at creation). */
EDDY_API void eddy_coupling_set_buoyancy(eddy_coupling *c, bool on);

/* The true velocity u_r + u_p at a world point (5.3.4): use it for anything
 * that moves with the fluid. Zero outside the domain and inside bodies is not
 * enforced (the panel field inside a body is not physical). */
EDDY_API void eddy_coupling_velocity(const eddy_coupling *c, double x, double y, double out_uv[2]);
EDDY_API void eddy_coupling_velocity_many(const eddy_coupling *c, int n, const double *xy,
                                          double *uv);

/* Kinetic energy of water and bodies, J per metre of depth: the reduced fluid's
 * (density |r|^2 / 2) plus, for every dynamic body, what it adds to leading
 * order: q^T (M + M_a) q / 2 - U~^T (rho A I + M_a) U~ / 2, with q = (v,
 * omega) its motion, M its mass and inertia, M_a its added-mass tensor, U~ =
 * (U, 0) the flow it meets and A its area: its own energy with the water it
 * drags along, less the displaced and dragged water moving with the flow
 * (which the reduced fluid counts). In still water a body adds
 * q^T (M + M_a) q / 2; riding the flow (neutrally buoyant, v = U) nothing.
 * With no viscosity, gravity, contacts or drag (an ideal fluid) it is
 * conserved: the water receives the reactions of the pressure-gradient and
 * added-mass forces (README, "The force model"). */
EDDY_API double eddy_coupling_kinetic_energy(const eddy_coupling *c);

/* Energy the drag has taken out of fluid and bodies since creation (J per
 * metre): the sum of F_d . u_rel dt, what a bluff body's wake dissipates. With
 * no viscosity, no gravity and no contacts, kinetic energy plus this stays
 * constant. */
EDDY_API double eddy_coupling_dissipated_energy(const eddy_coupling *c);

/* Drag coefficient Cd of a coupled body, on its frontal width (the width of
 * its outline across the relative flow): F_d = rho Cd w |u_rel| u_rel / 2.
 * Defaults by shape, bluff bodies at game Reynolds numbers: 1.2 for a body of
 * circles, 2.0 for a body of boxes, 1.6 otherwise. 0 is an ideal fluid (no
 * drag, d'Alembert). EDDY_ERR_ARGUMENT for a body not coupled or a value
 * outside 0..100. */
EDDY_API eddy_result eddy_coupling_set_drag(eddy_coupling *c, eddy_body *body, double drag_coefficient,
                                   eddy_error *err);
EDDY_API double eddy_coupling_drag(const eddy_coupling *c, const eddy_body *body);

/* The body's added-mass tensor (kg per metre of depth, about its centre of
 * mass, in body axes, generalised velocity (v_x, v_y, omega); row-major 3 x 3),
 * computed from its outline in potential flow. */
EDDY_API eddy_result eddy_coupling_body_added_mass(const eddy_coupling *c, const eddy_body *body,
                                          double out[9]);

/* The water's force (N per metre: x, y) and torque (N m per metre, about the
 * centre of mass) on the body in the last step: drag, the pressure-gradient
 * force and buoyancy, not the body's weight. */
EDDY_API eddy_result eddy_coupling_body_load(const eddy_coupling *c, const eddy_body *body, double out[3]);

/* Milliseconds of the last coupled step, phase by phase (the paper's Table 1). */
typedef struct eddy_coupling_timings {
    eddy_timings fluid;   /* forces, advect, diffuse */
    double panels_ms;     /* violation, solves, Schwarz sweeps (5.13-5.17) */
    double forces_ms;     /* dynamic pressure and buoyancy (5.20-5.22) */
    double feedback_ms;   /* 5.3.4 */
    double bodies_ms;     /* the rigid-body step */
    double total_ms;
    int schwarz_iterations; /* sweeps */
    bool schwarz_converged;
    int far_passes;       /* far-field evaluations of the fast pipeline (0 for the paper's) */
    int panel_count;      /* real panels */
    int image_panels;     /* wall images in use */
    int quadtree_nodes;   /* panel-velocity evaluations of the last quadtree feedback:
                             one a node used, two a sample of a leaf evaluated
                             exactly (at most INT_MAX) */
    bool schwarz_capped;  /* the sweeps stopped unconverged at the step's work cap (at
                             most 16384 near-field products per panel; the
                             sweeps may stop before the first): bodies heaped on one another cost a bounded
                             step, with the best iterate found */
} eddy_coupling_timings;

EDDY_API void eddy_coupling_get_timings(const eddy_coupling *c, eddy_coupling_timings *out);

/* Debug drawing: any callback may be NULL. Coordinates are world metres (the
 * fluid's moved by desc.origin). */
typedef struct eddy_debug_draw {
    /* every panel with its strength gamma (counter-clockwise positive);
       image = true for wall images */
    void (*panel)(void *user, double x1, double y1, double x2, double y2, double gamma,
                  bool image);
    /* quadtree nodes the last quadtree feedback evaluated at their centre */
    void (*quadtree_node)(void *user, double x0, double y0, double x1, double y1, int level);
    /* the velocity u_r + u_p at MAC-grid cell centres, every sample_stride cells */
    void (*velocity_sample)(void *user, double x, double y, double u, double v);
    int sample_stride;    /* default 4 */
    void *user;
    /* the water's surface as a polyline of n points (x, y pairs), left to right:
       the waves of a tank filled to a depth, the lid of a full one */
    void (*surface)(void *user, const double *xy, int n);
} eddy_debug_draw;

EDDY_API void eddy_coupling_debug_draw(const eddy_coupling *c, const eddy_debug_draw *draw);

/* ------------------------------------------------------------ what a step costs
 *
 * The CPU seconds of one coupled step (fluid, panels, feedback, bodies),
 * estimated from the sizes that decide it, before anything is made
 * (engine/coupling/step_cost.c has the model; docs/cli.md "Limits" the
 * measurements, and build/bench/bench_cost measures them again). A tool
 * multiplies it by its steps and refuses a run over its limit before it
 * starts; the live form, from a coupling as its bodies are now, tells a run
 * when bodies heaping up have made it dearer. */

/* One body as the estimate sees it: where it is (fluid coordinates), the
 * radius of a disc about there holding it, its outline's length (or its
 * panels, when known), and whether it moves (only moving bodies fold
 * feedback). */
typedef struct eddy_step_cost_body {
    double x, y;
    double radius;
    double perimeter;  /* m; panels = perimeter / panel spacing when panels is 0 */
    int panels;
    bool moving;
    double speed;      /* m/s, its fastest point's (|v| + |omega| radius); 0: at rest */
} eddy_step_cost_body;

typedef struct eddy_step_cost_desc {
    int mode_count;           /* r */
    int64_t tensor_nonzeros;  /* stored entries (eddy_asset_info); 0: the most r modes of this
                                 kind hold (about 2.5 r^2 for a box, r^3 with walls) */
    bool walls;               /* a walled level (a dense tensor) */
    eddy_advection advection; /* the asset's path (eddy_asset_info): TENSOR or GRID; AUTO:
                                 the cheaper of the two a level of this kind can have */
    double width, height;     /* the domain, m */
    int nx, ny;               /* the MAC grid */
    eddy_feedback_mode feedback; /* default: exact */
    const eddy_step_cost_body *bodies;
    int body_count;
    double panel_spacing;     /* default min(W / nx, H / ny), as the coupling's */
    int schwarz_max_iterations; /* default 50, as the coupling's */
    int taylor_terms;         /* Taylor terms the last step took (eddy_timings), when known:
                                 the estimate takes at least these */
    double dt;                /* s; default 1/60 */
    double speed;             /* m/s the water moves at, at its fastest; default: as fast
                                 as the fastest body, at least EDDY_STEP_COST_WATER_SPEED */
    double quadtree_threshold; /* default 1e-3, the coupling's */
    int taylor_max_terms;     /* default 30, the fluid's */
} eddy_step_cost_desc;

/* The water speed (m/s) the estimate assumes at least: a game level's
 * currents and a body they carry. */
#define EDDY_STEP_COST_WATER_SPEED 2.0

typedef struct eddy_step_cost {
    double fluid, panels, feedback, bodies; /* CPU seconds of each part of one step */
    double total;
    double panel_count;       /* the panels it counted */
    double near_pairs;        /* pairs of bodies in each other's near field */
    /* The work it counted, bounds of what a step does (the tests compare them
     * with eddy_coupling_timings): */
    double taylor_terms;      /* terms of the fluid's Taylor series (timings.fluid.taylor_terms) */
    double feedback_evaluations; /* panel velocities a grid feedback evaluates
                                    (timings.quadtree_nodes for quadtree) */
} eddy_step_cost;

/* EDDY_ERR_ARGUMENT for sizes that are not positive or a body with no
 * finite place, radius or outline; out is zeroed then. */
EDDY_API eddy_result eddy_step_cost_estimate(const eddy_step_cost_desc *desc, eddy_step_cost *out,
                                             eddy_error *err);
/* The estimate for this coupling's next step, its bodies where they are now
 * (zeros for NULL). Allocates a little; not for inside a step. */
EDDY_API void eddy_coupling_step_cost(const eddy_coupling *c, eddy_step_cost *out);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_COUPLING_H */
