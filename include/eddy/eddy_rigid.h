// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_rigid.h - the rigid-body interface: a table of functions that a game
 * (or a small adapter for its physics engine) fills in, so that eddy couples
 * bodies of any 2D engine, not only Box2D. Plain C, a context pointer, no
 * ownership taken (the style of Box2D v3's b2WorldDef.enqueueTask).
 *
 * The table is read through the port's handles (eddy_body.h): a world made
 * from a table (eddy_world_from_rigid) and its bodies (eddy_body_from_rigid)
 * are eddy_world and eddy_body handles like the Box2D ones, so
 * eddy_coupling_create, eddy_coupling_add_body, the splash events and every
 * getter of eddy_body.h work on them unchanged. Everything ADOPTED WORLDS in
 * eddy_body.h says holds for them (the game steps its own world after
 * eddy_coupling_advance; no sensor events, queries, drags or kinematic moves;
 * shapes are the game's). Box2D 2.4 and v3 are reached through their own
 * backends (eddy_box2d_v24.h, eddy_box2d_v3.h); Chipmunk2D 7 through the
 * adapter in adapters/chipmunk (eddy_chipmunk.h, about 300 lines, built as
 * libeddy-chipmunk.a), which is the worked example of filling this table.
 *
 * USAGE
 *
 *   eddy_rigid_interface t = {0};
 *   t.context = my_physics;
 *   t.read = my_read;  t.shapes = my_shapes;  t.apply_force = my_force; ...
 *   eddy_world *w;
 *   eddy_world_from_rigid(&t, &w, &err);          // the table is copied
 *   eddy_body *crate;
 *   eddy_body_from_rigid(w, my_id_of(crate_in_my_engine), &crate, &err);
 *   eddy_coupling_create(fluid, w, &cd, &c, &err);
 *   eddy_coupling_add_body(c, crate, &err);
 *   each frame: eddy_coupling_advance(c, dt, &err); then step my engine by dt
 *
 * THE CONTRACT
 *   - Bodies are named by generational handles (eddy_rigid_id): an index and
 *     a generation that changes when the slot is reused, as b2BodyId. Once
 *     `read` says a body is gone it is never asked about again (eddy_body.h,
 *     LIFETIMES).
 *   - A coupled step calls, for each coupled body: `read` once (everything
 *     eddy needs of it, its liveness and shape revision included) and
 *     `apply_force` once (dynamic bodies in the water); `set_mass`,
 *     `set_gravity_scale`, `set_sleep_enabled` and `set_awake` only when
 *     the body is coupled or let go, enters or leaves the water, or the game
 *     changed its mass, type, shapes, gravity scale or sleep flag since the
 *     last step (then one more `read` follows a write); and for the world
 *     `world_alive`, `gravity` and `time` (twice). tests/test_chipmunk.c
 *     counts these calls. `read` must be cheap and side-effect free.
 *   - Mass: eddy adds the fluid's added mass to the body's own through
 *     `set_mass` (the total the engine integrates with; contacts must see it)
 *     and takes it off again when the body is let go. A total the game reads
 *     back and writes again (a new centre of mass) is recognised as its own
 *     mass plus eddy's (eddy_coupling.h).
 *   - Gravity: a coupled dynamic body's weight is applied by eddy, which sets
 *     its gravity scale to 0 through `set_gravity_scale` and gives it back.
 *   - Forces given by `apply_force` act for the next step only (cleared by
 *     the engine after it, as Box2D and Chipmunk do).
 *   - `time` is the seconds the game has stepped its world, ever increasing:
 *     eddy checks that the world was stepped once, by the advance's dt,
 *     between two advances.
 *   - Nothing in the table may call back into eddy.
 *   - The constants at the end of the table (name, polygon_skin, substeps)
 *     are the world's engine's, read once: the coupling weighs a body's turn
 *     by the world's own substep scheme, so bodies of different engines in
 *     one program each get their engine's.
 */
#ifndef EDDY_RIGID_H
#define EDDY_RIGID_H

#include "eddy_body.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A body of the game's engine: a slot index and the slot's generation. */
typedef struct eddy_rigid_id {
    uint32_t index;
    uint32_t generation;
} eddy_rigid_id;

/* What eddy reads of a body, in one call. SI units, y up, body space is the
 * frame of the body origin. */
typedef struct eddy_rigid_state {
    double position[2];      /* body origin, world space */
    double angle;            /* radians, counter-clockwise */
    double local_center[2];  /* centre of mass, body space */
    double velocity[2];      /* of the centre of mass */
    double angular_velocity; /* rad/s */
    double mass;             /* kg the engine integrates with now */
    double inertia;          /* kg m^2 about the centre of mass (0: no rotation) */
    eddy_body_type type;
    double gravity_scale;
    bool sleep_enabled;
    bool awake;
    void *user_data;         /* the game's own, handed back in messages and events */
    /* Any number that changes whenever the body's shapes change (a counter
     * the adapter keeps, or a hash of the engine's shape handles): eddy
     * reads the shapes again (`shapes`) when it does. */
    uint64_t shape_revision;
} eddy_rigid_state;

typedef struct eddy_rigid_interface {
    void *context; /* handed to every function; eddy never frees it */
    /* read: the whole state of a live body in out (zeroed by eddy first);
     * false, out untouched, when the body is gone (destroyed, or its slot
     * reused: another generation). The only call eddy makes per body per
     * step besides apply_force. */
    bool (*read)(void *context, eddy_rigid_id body, eddy_rigid_state *out);
    /* The body's collision shapes in body space (circles and convex
     * polygons: type, vertices or centre and radius, density, friction,
     * restitution, sensor flag, user data; area and centroid are eddy's to
     * compute): fills at most capacity, returns how many there are, or -1
     * for a shape eddy cannot panel (a segment, say). */
    int (*shapes)(void *context, eddy_rigid_id body, eddy_shape_info *out, int capacity);
    /* write */
    void (*apply_force)(void *context, eddy_rigid_id body, double fx, double fy, double torque);
    void (*set_mass)(void *context, eddy_rigid_id body, double mass, double inertia,
                     const double local_center[2]);
    void (*set_gravity_scale)(void *context, eddy_rigid_id body, double scale);
    void (*set_sleep_enabled)(void *context, eddy_rigid_id body, bool enabled);
    void (*set_awake)(void *context, eddy_rigid_id body, bool awake);
    void (*set_velocity)(void *context, eddy_rigid_id body, double vx, double vy, double w);
    void (*set_transform)(void *context, eddy_rigid_id body, double x, double y, double angle);
    /* world */
    bool (*world_alive)(void *context); /* NULL: always */
    void (*gravity)(void *context, double out[2]);
    double (*time)(void *context);
    /* constants of the engine, read when the world is made (zero means the
     * default); eddy_world_get_backend hands them back */
    const char *name;       /* NULL: "rigid-table" */
    double polygon_skin;    /* m: the gap the engine keeps around polygons */
    /* The solver moves positions in substeps, each with its own velocity
     * (as Box2D v3): the coupling weighs its turn (eddy_body_backend_info).
     * false (the default): once per step with the new velocity (Box2D 2.4,
     * Chipmunk's integrator). */
    bool substeps;
} eddy_rigid_interface;

/* A world handle over the game's engine through the table (copied; every
 * function but world_alive is required). EDDY_ERR_ARGUMENT naming the first
 * missing entry. */
EDDY_API eddy_result eddy_world_from_rigid(const eddy_rigid_interface *table, eddy_world **out,
                                           eddy_error *err);
/* A handle on one of the game's bodies (its shapes are read now; refused
 * when it has none eddy can panel, or when it has a handle already). */
EDDY_API eddy_result eddy_body_from_rigid(eddy_world *world, eddy_rigid_id body, eddy_body **out,
                                          eddy_error *err);
/* The game's id of a body handle made by eddy_body_from_rigid ({0, 0} for
 * any other). */
EDDY_API eddy_rigid_id eddy_body_rigid_id(const eddy_body *body);

/* ADAPTER ABI. Not for games: eddy's own Box2D adapters, built as shared
 * libraries (libeddy-box2d.so, libeddy-box2d-v3.so, README "Link recipes"),
 * reach libeddy.so's rigid-body port through the table this returns, whose
 * layout is private to one release; abi is the adapter's EDDY_VERSION, and
 * NULL comes back for any other (an adapter of another release: the adapter
 * then refuses to make or adopt a world, with a message). A table-driven
 * engine (eddy_world_from_rigid, the Chipmunk adapter) needs nothing of it. */
struct eddy_adapter_port;
EDDY_API const struct eddy_adapter_port *eddy_adapter_port(unsigned abi);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_RIGID_H */
