// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_port.h - the inside of the rigid-body port (eddy_body.h). Not installed.
 *
 * The port is split in two:
 *   body_port.c, body_adopt.c, body_watch.c
 *                      everything that does not depend on Box2D: the handles,
 *                      argument checks, defaults, shape geometry, the body and
 *                      drag lists, sensor event filtering and ordering, query
 *                      ordering (body_port.c: every function of eddy_body.h);
 *                      the port's half of adopting a game's Box2D world and
 *                      bodies (body_adopt.c); the watcher a coupling keeps on
 *                      a world (body_watch.c, body_watch.h).
 *   body_box2d_v3.c or body_box2d_v24.cpp
 *                      one backend per Box2D version, linked alone: the
 *                      hooks of an engine table (eddyi_body_engine, below:
 *                      the only thing of theirs the port calls) and the public
 *                      functions of
 *                      its own header (eddy_box2d_v3.h, eddy_box2d_v24.h),
 *                      the only places that call Box2D.
 * body_port.c is plain C17; the C++ backend includes this header inside
 * extern "C" (done here), so the hooks and helpers have C linkage in both.
 *
 * A hook is only called with valid, checked arguments: non-NULL handles of
 * live bodies and worlds (eddyi_port_body_live: Box2D still has them), finite
 * numbers within EDDY_PORT_MAX_VALUE, resolved defaults. Hooks never fail
 * unless their declaration says so.
 */
#ifndef EDDY_BODY_PORT_H
#define EDDY_BODY_PORT_H

#include "body_watch.h"
#include "eddy_body.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EDDY_PORT_PI 3.14159265358979323846
/* Half the side of the box a point query asks Box2D about (m). */
#define EDDY_PORT_QUERY_HALF 1e-3
/* An adopted world's clock (engine->clock_start): a kinematic body of
 * eddy's turning at EDDY_PORT_CLOCK_RATE rad/s about its origin, which sits
 * EDDY_PORT_CLOCK_Y m above the world's origin, far from anything a game
 * puts in its world; the angle it turned by over the game's steps, divided
 * by the rate, is the time the world was stepped. 0.1 rad/s: a step of
 * 1/60 s turns it by 1.7e-3 rad, read to about 1e-4 of itself in single
 * precision, and v3 (which wraps the angle) reads 31 s before turning half a
 * revolution. */
#define EDDY_PORT_CLOCK_RATE 0.1
#define EDDY_PORT_CLOCK_Y 1.0e5

/* A Box2D object (body, shape, joint) as a backend names it: v3 stores its id
 * (b2StoreBodyId and friends), 2.4 its pointer. The shared code only keeps it
 * and compares it for equality. */
typedef uint64_t eddy_native_ref;

/* Whatever a backend keeps per world (its Box2D world, the anchor body of
 * drags, ...). Defined by the backend. */
typedef struct eddy_native_world eddy_native_world;

/* A world's engine: the hooks the port calls (the engine table, below). */
struct eddyi_body_engine;

/* ------------------------------------------------------------ handles */

typedef struct eddy_port_mass {
    double mass;                /* kg, as Box2D holds it */
    double inertia;             /* about the centre of mass */
    double local_center[2], world_center[2];
} eddy_port_mass;

/* Everything the coupling reads of a body in a step, read in one call
 * (engine->read): the pose of the origin (position, cos and sin of the
 * angle, as the engine holds them), the centre-of-mass velocity, the mass as
 * the engine integrates with it, the type, gravity scale and sleep flags
 * (awake and sleep_enabled: false for static bodies), and for an adopted
 * body whether the game rebuilt its shapes since the port read them. */
typedef struct eddy_port_state {
    double pos[2], c, s;
    double v[2], w;
    eddy_port_mass mass;
    eddy_body_type type;
    double gravity_scale;
    bool awake, sleep_enabled;
    bool shapes_changed;
} eddy_port_state;

typedef struct eddy_port_shape {
    eddy_native_ref native;
    eddy_shape_info info;       /* as checked and resolved by the port */
} eddy_port_shape;

struct eddy_body {
    eddy_world *world;
    eddy_native_ref native;
    eddy_body_type type;
    uint64_t serial;            /* creation order, never reused */
    eddy_port_shape *shapes;    /* in the order they were added */
    int shape_count, shape_capacity;
    void *user_data;
    /* Dynamic bodies: the mass and inertia (about the centre of mass) of the
     * shapes alone, as Box2D computed them at the last shape change, and the
     * added mass and inertia Box2D integrates with on top of them
     * (eddy_body_set_added_mass). */
    double own_mass, own_inertia;
    double added_mass, added_inertia;
    double gravity_scale;
    bool fixed_rotation;
    /* eddy_body_move_kinematic: the pose to be at after the next step and
     * the velocity given for it (x, y, angle; vx, vy, w), until that step
     * or another set_velocity / set_transform */
    bool has_target;
    double target[3], target_velocity[3];
    /* The game's Box2D body (eddy_box2d_v3.h, eddy_box2d_v24.h): its shapes
     * were read from Box2D; eddy never destroys it, never adds to it. */
    bool adopted;
    /* Held by the world's watcher (body_watch.h): destroying the body tells
     * it first, adding a shape asks it. */
    bool watched;
    /* Box2D's body is gone: the game destroyed it, or its world, other than
     * through eddy. The 2.4 backend sets it the moment Box2D destroys the body
     * (its watch fixture, body_box2d_v24.cpp); on v3 eddyi_port_body_live
     * finds it from the ids. From then on no hook is called for the body:
     * getters read zeros, setters refuse (eddy_body.h, LIFETIMES). */
    bool gone;
    /* 2.4: the game destroyed the body's watch fixture with the others (it
     * rebuilt the body's fixtures): the body lives, its shapes changed. */
    bool watch_lost;
    void *box2d_user_data;      /* the Box2D body's own user data when adopted, to name
                                   it in messages once it is gone */
    /* Dynamic bodies: Box2D's mass, inertia and local centre as read back right
     * after eddy last set them; Box2D holding anything else is the game's
     * doing (eddyi_port_resync_mass). */
    eddy_port_mass seen;
    /* Held by a coupled step (eddyi_port_hold_state, until
     * eddyi_port_let_state_go): the body's state is read once, into state,
     * and the getters of eddy_body.h answer from it instead of asking the
     * backend again; a write through eddy marks it stale (state_fresh false)
     * and the next getter reads it again. */
    bool state_held, state_fresh;
    eddy_port_state state;
    /* A table body (eddy_rigid.h): the shape revision its shapes were read
     * at. */
    uint64_t rigid_revision;
};

struct eddy_drag {
    eddy_world *world;
    eddy_body *body;            /* NULL once the body is gone */
    eddy_native_ref native;     /* the joint; meaningless once body is NULL */
};

struct eddy_world {
    const struct eddyi_body_engine *engine; /* whose hooks answer for the world */
    eddy_native_world *native;
    double gravity[2];
    void *user_data;

    eddy_body **bodies;         /* live bodies, creation order */
    int body_count, body_capacity;
    uint64_t next_serial;

    eddy_drag **drags;          /* any order */
    int drag_count, drag_capacity;

    eddy_sensor_event *begin, *end; /* event_capacity each */
    int begin_count, end_count, event_capacity, dropped;

    int substeps;               /* of the last step; the default before one */

    /* The game's Box2D world: not owned, not stepped by eddy_world_step, no
     * contact listener and no user data of eddy's in it (so no sensor
     * events, queries or drags); eddy frees only the bodies it created. */
    bool adopted;
    eddy_world_watcher watcher; /* watcher.user == NULL: none (body_watch.h) */
    bool gone;                  /* Box2D's world is gone (as eddy_body.gone) */
    /* The step clock (body_watch.h): steps and seconds the world was stepped
     * since eddyi_port_clock_start, counted by eddy_world_step in eddy's own
     * world; an adopted world's is read from the backend's clock body. */
    int clock_steps;
    double clock_time;
    /* A world made from a game's table (eddy_rigid.h, body_rigid.c): the
     * table, copied; engine is body_rigid.c's. Also adopted. */
    struct eddy_rigid_interface *rigid;
    double rigid_clock; /* the table's time at eddyi_port_clock_start */
};

/* ------------------------------------------------------------ shared helpers */

/* Defined in error.c (and declared in core_internal.h, which is C only): fill
 * err, if not NULL, with code and a printf-style message / with EDDY_OK. */
eddy_result eddy_fail(eddy_error *err, eddy_result code, const char *fmt, ...) EDDY_PRINTF(3, 4);
void eddyi_clear_error(eddy_error *err);

/* The body that owns the shape Box2D calls native, if b is that body, with the
 * shape's index; NULL when b is NULL or does not hold it. */
eddy_body *eddyi_port_find_shape(eddy_body *b, eddy_native_ref native, int *index);

/* Adoption (body_adopt.c): the backend's eddy_world_adopt_box2d and
 * eddy_body_adopt_box2d check the Box2D handle, then hand it to the port.
 * eddyi_port_adopt_world wraps the backend's n (not freed on failure: the
 * backend frees it). eddyi_port_adopt_body makes the handle of a body of w
 * named native (refused when it has one already) and asks the backend to
 * read it (engine->body_adopt), which hands over every shape, in the
 * order they were created, through eddyi_port_adopt_shape: raw holds the
 * type, circle centre and radius or polygon vertices, material, sensor flag
 * and user data as Box2D has them. */
eddy_result eddyi_port_adopt_world(const struct eddyi_body_engine *e, eddy_native_world *n,
                                   eddy_world **out, eddy_error *err);
eddy_result eddyi_port_adopt_body(eddy_world *w, eddy_native_ref native, eddy_body **out,
                                 eddy_error *err);
eddy_result eddyi_port_adopt_shape(eddy_body *b, eddy_native_ref native, const eddy_shape_info *raw,
                                  eddy_error *err);

/* Shared by body_port.c and body_adopt.c: appends b to w's bodies in
 * creation order (sets b->world and b->serial) / takes it out again; makes
 * room for one more shape on b; measures the n counter-clockwise or
 * clockwise points p of a convex polygon into s (stored counter-clockwise,
 * with area and centroid; false when the area is not positive). */
eddy_result eddyi_port_register_body(eddy_world *w, eddy_body *b, eddy_error *err);
void eddyi_port_unregister_body(eddy_world *w, const eddy_body *b);
eddy_result eddyi_port_reserve_shape(eddy_body *b, eddy_error *err);
bool eddyi_port_measure_polygon(const double (*p)[2], int n, eddy_shape_info *s);
/* Finite and within what is passed on to Box2D (single precision). */
bool eddyi_port_finite(double v);

/* Whether Box2D still has the body (and its world) / the world: false, and
 * remembered in gone, once the game destroyed it other than through eddy. The
 * backends call no hook for a body or world that is not live. */
bool eddyi_port_body_live(const eddy_body *b);
bool eddyi_port_world_live(const eddy_world *w);

/* A shape that collides (not a sensor), on a body that exists. */
bool eddyi_port_is_solid(const eddy_body *b, int index);

/* Sensor events. A backend turns each overlap Box2D reports during or after
 * the step into an event of our bodies and shape indices (either body NULL
 * when a shape is not ours or is gone), keeps it when
 * eddyi_port_pair_reported says so, and adds it with eddyi_port_push_event.
 * The port sorts the lists after the step. */
bool eddyi_port_pair_reported(const eddy_sensor_event *e);
void eddyi_port_push_event(eddy_world *w, bool begin, const eddy_sensor_event *e);

/* Ray casts: the closest solid hit so far, ties going to the earlier body and
 * then the lower shape index. The backend offers every solid shape the ray
 * enters and that does not contain the start point. */
typedef struct eddy_port_ray {
    double x0, y0, x1, y1;      /* the segment, both ends finite */
    bool hit;
    eddy_ray_hit best;
} eddy_port_ray;

void eddyi_port_ray_offer(eddy_port_ray *r, eddy_body *b, int shape, double px, double py,
                         double nx, double ny, double fraction);

/* Point queries: the backend offers every body with a solid shape containing
 * (x, y); the port keeps each once, the earliest created first, at most
 * capacity of them. */
typedef struct eddy_port_query {
    double x, y;
    eddy_body **out;
    int count, capacity;
} eddy_port_query;

void eddyi_port_query_offer(eddy_port_query *q, eddy_body *b);

/* ------------------------------------------------------------ the engine table */

typedef enum eddy_port_push {
    EDDY_PORT_FORCE,            /* (x, y) N at the world point (px, py) */
    EDDY_PORT_FORCE_TO_CENTER,  /* (x, y) N at the centre of mass */
    EDDY_PORT_TORQUE,           /* x N m */
    EDDY_PORT_IMPULSE           /* (x, y) N s at the world point (px, py) */
} eddy_port_push;

/* What a world's rigid-body engine answers the port with: one table per
 * engine, chosen when the world is made (eddyi_port_world_create for eddy's
 * own worlds, eddyi_port_adopt_world for a game's) and kept in w->engine.
 * The port and the coupling reach an engine only through it: the Box2D
 * backends (body_box2d_v24.cpp, body_box2d_v3.c) and a game's table
 * (eddy_rigid.h, body_rigid.c) each fill one. An entry the port never calls
 * for a world of that engine is NULL (a table world has no world_create,
 * world_step, body_create, shape_create, drags, queries: the port refuses
 * or answers those itself for adopted worlds). */
typedef struct eddyi_body_engine {
    /* The engine's constants (eddy_world_get_backend): name, version,
     * polygon skin and whether its solver moves positions in substeps. w is
     * NULL when no world is asked about (eddy_body_get_backend); out is not
     * NULL. */
    void (*backend)(const eddy_world *w, eddy_body_backend_info *out);

    /* Creates w->native with the gravity and sleep setting of d; w's own lists,
     * including the event lists of w->event_capacity, already exist. May fail
     * (out of memory, no Box2D world left) with a message in err. */
    eddy_result (*world_create)(eddy_world *w, const eddy_world_desc *d, eddy_error *err);
    /* Own world: destroys the Box2D world with everything in it, and w->native.
     * Adopted world: takes out the backend's own bodies (the clock) and frees
     * w->native (the port has already destroyed the Box2D bodies eddy created in
     * it). Box2D is not touched when the world is gone (w->gone). The port frees
     * its own handles afterwards. */
    void (*world_destroy)(eddy_world *w);
    /* Whether Box2D still has the world / the body (and its world). v3 asks Box2D
     * about the ids, whose generation tells a reused slot apart; 2.4 answers from
     * what its watch fixtures saw (body_box2d_v24.cpp). Called only while the
     * port has not yet found it gone. */
    bool (*world_alive)(const eddy_world *w);
    bool (*body_alive)(const eddy_body *b);
    /* Adopted worlds: the backend's clock (a kinematic body of eddy's, turning at
     * a known rate) is set back to its start; the seconds the game has stepped
     * the world since, read from how far it turned. */
    void (*clock_start)(eddy_world *w);
    double (*clock_read)(const eddy_world *w);
    /* Adopted worlds: the gravity the Box2D world has now. */
    void (*world_gravity)(const eddy_world *w, double out[2]);
    void (*world_set_gravity)(eddy_world *w, double gx, double gy);
    /* One step; the port has already emptied the event lists, and sorts them
     * afterwards. The backend fills them (eddyi_port_push_event). */
    void (*world_step)(eddy_world *w, double dt, int substeps);

    /* Creates the Box2D body for b (type, user data and world already set) from
     * the checked description d with gravity scale gravity_scale; sets
     * b->native. In an adopted world the body and its shapes get no user data
     * and no sensor events of eddy's. */
    void (*body_create)(eddy_body *b, const eddy_body_desc *d, double gravity_scale);
    /* Destroys b's Box2D body, its shapes and its joints. No sensor event may come
     * out of it. The port then drops b's events, idles its drags and frees it.
     * Never called for an adopted body. */
    void (*body_destroy)(eddy_body *b);
    /* b's handle is about to be freed by eddy_body_destroy, whatever became of
     * its Box2D body: the backend drops what it keeps about it. */
    void (*body_forget)(eddy_body *b);
    /* The handle of a live adopted body is dropped (eddy_body_destroy,
     * eddy_world_destroy): takes out what the backend added to the body at
     * adoption, leaving its mass as it is. */
    void (*body_unadopt)(eddy_body *b);
    /* Reads the adopted Box2D body b->native: sets b->type, b->gravity_scale,
     * b->fixed_rotation and b->box2d_user_data, and hands every shape to
     * eddyi_port_adopt_shape in the order they were created (leaving out anything
     * of the backend's own). Refuses (EDDY_ERR_ARGUMENT, naming the shape) a
     * shape the panels cannot follow: anything but circles and polygons (v3's
     * rounded polygons included). */
    eddy_result (*body_adopt)(eddy_body *b, eddy_error *err);
    /* Adopted bodies: whether the game destroyed or created shapes on the body
     * since the port read them (engine->body_adopt reads them again). */
    bool (*shapes_changed)(eddy_body *b);
    /* The type Box2D has for the body now (the game may have changed it). */
    eddy_body_type (*body_type)(const eddy_body *b);
    /* Adds the resolved shape s to b's Box2D body and stores its name in *out. May
     * refuse (EDDY_ERR_ARGUMENT) a polygon that Box2D would alter. */
    eddy_result (*shape_create)(eddy_body *b, const eddy_shape_info *s,
                                         eddy_native_ref *out, eddy_error *err);

    /* Whether the body is alive (its world too) and, if so, its whole state in
     * out: what engine->pose, _velocity, _mass, _body_type, _gravity_scale,
     * _is_awake, _is_sleep_enabled and _shapes_changed give, in one call. */
    bool (*read)(eddy_body *b, eddy_port_state *out);
    /* Force (fx, fy) at the centre of mass and then the torque (when not 0) on
     * a dynamic body, waking it. */
    void (*apply_wrench)(eddy_body *b, double fx, double fy, double torque);
    /* Pose of the body origin: position, cos and sin of the angle. */
    void (*pose)(const eddy_body *b, double pos[2], double *c, double *s);
    /* Centre-of-mass velocity and angular velocity. */
    void (*velocity)(const eddy_body *b, double v[2], double *w);

    void (*mass)(const eddy_body *b, eddy_port_mass *out);
    /* Mass 1 kg at the origin, no rotational inertia. */
    void (*set_unit_mass)(eddy_body *b);
    /* Mass (kg) and rotational inertia about the given centre of mass (body
     * space), replacing what Box2D computed from the shapes. */
    void (*set_mass)(eddy_body *b, double mass, double inertia, const double local_center[2]);
    void (*set_gravity_scale)(eddy_body *b, double scale);
    double (*gravity_scale)(const eddy_body *b);

    bool (*is_awake)(const eddy_body *b);   /* never asked of static bodies */
    void (*set_awake)(eddy_body *b, bool awake);
    /* Whether the body may fall asleep; disabling it wakes the body. Never
     * asked of static bodies. */
    void (*enable_sleep)(eddy_body *b, bool enable);
    bool (*is_sleep_enabled)(const eddy_body *b);

    /* Applies to a dynamic body and wakes it. */
    void (*apply)(eddy_body *b, eddy_port_push kind, double x, double y, double px,
                           double py);
    void (*set_transform)(eddy_body *b, double x, double y, double angle);
    void (*set_velocity)(eddy_body *b, double vx, double vy, double w);
    /* The turn to ask of a kinematic body for it to turn by `turn` radians in the
     * next step (2.4 turns by exactly w dt; v3 does not). What a backend cannot
     * reach in one step the port corrects after it (eddy_world_step). */
    double (*kinematic_turn)(const eddy_world *w, double turn);

    /* Offers the hits of r's segment (eddyi_port_ray_offer). Casts nothing when the
     * segment has zero length in Box2D's single precision. */
    void (*ray_cast)(const eddy_world *w, eddy_port_ray *r);
    /* Offers the bodies containing the point (eddyi_port_query_offer), asking
     * Box2D about the box of half side EDDY_PORT_QUERY_HALF around it. */
    void (*query_point)(const eddy_world *w, eddy_port_query *q);

    /* Creates g's joint pulling g->body's point (x, y) towards (x, y), from the
     * world's fixed anchor, and sets g->native. mass is the body's. */
    void (*drag_create)(eddy_drag *g, double x, double y, double hertz,
                                 double damping_ratio, double max_force, double mass);
    void (*drag_set_target)(eddy_drag *g, double x, double y);
    /* Only for a drag whose body still exists. */
    void (*drag_destroy)(eddy_drag *g);
} eddyi_body_engine;

/* Makes eddy's own world on engine e (which must have world_create): the
 * port's half of eddy_world_create (body_port.c), called by the backend's
 * eddy_world_create. */
eddy_result eddyi_port_world_create(const eddyi_body_engine *e, const eddy_world_desc *desc,
                                    eddy_world **out, eddy_error *err);
/* The coupling's one read and one write of a body made of the single-value
 * getters and the pushes of its engine (body_native_state.c): the Box2D
 * backends' read and apply_wrench, so that the numbers are the getters'
 * own. */
bool eddyi_port_read_by_getters(eddy_body *b, eddy_port_state *out);
void eddyi_port_wrench_by_pushes(eddy_body *b, double fx, double fy, double torque);

/* ------------------------------------------------------------ the adapter ABI */

/* The Box2D backends are libraries of their own (libeddy-box2d,
 * libeddy-box2d-v3), linked beside libeddy, which names no Box2D symbol. As
 * static archives they call the eddyi_port_* helpers above directly. As
 * shared libraries they cannot: libeddy.so exports nothing but EDDY_API, and
 * a hidden copy of the helpers would be a second port beside libeddy's
 * (allocating eddy's worlds and bodies outside the library that frees
 * them). So libeddy.so hands the helpers over as this table
 * (eddy_adapter_port, eddy_rigid.h: the one export for adapters), and the
 * shared adapter's body_port_link.c defines each eddyi_port_* it
 * calls as a hidden function that calls through the table. The table and the
 * structures above are private to one release: eddy_adapter_port hands it
 * out only to an adapter of the same version (EDDYI_ADAPTER_ABI). */
#define EDDYI_ADAPTER_ABI EDDY_VERSION
struct eddy_adapter_port {
    unsigned abi;   /* EDDYI_ADAPTER_ABI */
    eddy_result (*world_create)(const eddyi_body_engine *e, const eddy_world_desc *desc,
                                eddy_world **out, eddy_error *err);
    eddy_result (*adopt_world)(const eddyi_body_engine *e, eddy_native_world *n,
                               eddy_world **out, eddy_error *err);
    eddy_result (*adopt_body)(eddy_world *w, eddy_native_ref native, eddy_body **out,
                              eddy_error *err);
    eddy_result (*adopt_shape)(eddy_body *b, eddy_native_ref native, const eddy_shape_info *raw,
                               eddy_error *err);
    eddy_body *(*find_shape)(eddy_body *b, eddy_native_ref native, int *index);
    bool (*body_live)(const eddy_body *b);
    bool (*world_live)(const eddy_world *w);
    bool (*is_solid)(const eddy_body *b, int index);
    bool (*pair_reported)(const eddy_sensor_event *e);
    void (*push_event)(eddy_world *w, bool begin, const eddy_sensor_event *e);
    void (*ray_offer)(eddy_port_ray *r, eddy_body *b, int shape, double px, double py,
                      double nx, double ny, double fraction);
    void (*query_offer)(eddy_port_query *q, eddy_body *b);
    bool (*read_by_getters)(eddy_body *b, eddy_port_state *out);
    void (*wrench_by_pushes)(eddy_body *b, double fx, double fy, double torque);
};

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BODY_PORT_H */
