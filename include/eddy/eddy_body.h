// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_body.h - the engine's rigid-body port: a small world of rigid bodies
 * the fluid pushes around and is pushed back by.
 *
 * The engine and the game reach Box2D only through this header. It is
 * implemented by engine/bodies/body_port.c (everything that does not depend on Box2D:
 * checks, defaults, registries, event order) and by one of two backends that
 * hold only the Box2D calls; the build links exactly one of them:
 *   engine/bodies/body_box2d_v3.c    Box2D v3.1 (C), used when v3 is installed;
 *   engine/bodies/body_box2d_v24.cpp Debian's Box2D 2.4 (C++), used otherwise.
 * Both hide the places where the two Box2D versions disagree, so the same
 * calls give the same behaviour (within solver tolerance, see DIFFERENCES).
 * A game with its own Box2D world gives it and its bodies eddy handles
 * through the backend's header, eddy_box2d_v3.h or eddy_box2d_v24.h (ADOPTED
 * WORLDS below).
 *
 * USAGE
 *
 *   eddy_error err;
 *   eddy_world_desc wd = {0};
 *   wd.gravity[1] = -9.81;                        // used as given, no default
 *   eddy_world *world;
 *   if (eddy_world_create(&wd, &world, &err) != EDDY_OK) { ... err.message ... }
 *
 *   // A static ground and a dynamic box. Every field left zero gets its
 *   // documented default (static body, density 1, friction 0.6, ...).
 *   eddy_body_desc gd = {0};
 *   eddy_body *ground;
 *   eddy_body_create(world, &gd, &ground, &err);
 *   eddy_shape_desc floor = {0};
 *   floor.type = EDDY_SHAPE_BOX;
 *   floor.half_width = 10; floor.half_height = 0.5;
 *   eddy_body_add_shape(ground, &floor, NULL, &err);
 *
 *   eddy_body_desc bd = {0};
 *   bd.type = EDDY_BODY_DYNAMIC;
 *   bd.position[1] = 4;
 *   eddy_body *box;
 *   eddy_body_create(world, &bd, &box, &err);
 *   eddy_shape_desc sd = {0};
 *   sd.type = EDDY_SHAPE_BOX;
 *   sd.half_width = sd.half_height = 0.5;
 *   eddy_body_add_shape(box, &sd, NULL, &err);     // several shapes = one
 *                                                  // body of convex pieces
 *   // Each tick: forces (cleared by the step), step, then read back.
 *   eddy_body_apply_force(box, 0, 30, 0.5, 4.0, &err);   // at a world point
 *   eddy_world_step(world, 1.0 / 60.0, 0, &err);         // 0: 4 substeps
 *   eddy_pose pose;
 *   eddy_body_get_pose(box, &pose);
 *   eddy_sensor_events ev;
 *   eddy_world_get_sensor_events(world, &ev);             // polled after the step
 *
 *   eddy_world_destroy(world);                  // frees its bodies and drags
 *
 * CONVENTIONS
 *   SI units, y up, angles in radians counter-clockwise. "Body space" is the
 *   frame of the body origin (the position given at creation), not of the
 *   centre of mass. Box2D computes in single precision; the port takes and
 *   returns doubles.
 *
 * ERRORS
 *   Calls that can fail return an eddy_result and, when err is not NULL, fill
 *   it with a one-line message. Bad input (NULL handles, NaN or infinite
 *   numbers, a concave polygon, an unknown type) is refused with
 *   EDDY_ERR_ARGUMENT; nothing in the port prints, exits or aborts.
 *   Getters on a NULL handle, or on one whose Box2D body is gone (MEMORY AND
 *   LIFETIME), return zeros (an identity pose).
 *
 * MEMORY AND LIFETIME
 *   A world owns its bodies and drags: eddy_world_destroy frees them all.
 *   eddy_body_destroy frees one body at once; its pointer is invalid after it.
 *   A drag handle stays valid until eddy_drag_destroy or the world's
 *   destruction, even when its body is destroyed first (it then goes idle).
 *   The sensor event buffer is sized at creation; stepping allocates nothing
 *   in the port.
 *   Bodies coupled to a fluid (eddy_coupling.h) may be destroyed at any time:
 *   the coupling forgets them first. Their shapes are fixed while they are
 *   coupled: eddy_body_add_shape refuses, saying to remove the body from the
 *   coupling first. Destroying a world with a coupling on it is safe too: the
 *   coupling forgets the world, and its next step returns an error.
 *   A Box2D body or world destroyed other than through eddy (b2DestroyBody,
 *   b2World::DestroyBody, b2DestroyWorld, deleting a b2World: a game's own
 *   world, eddy_box2d_v3.h, eddy_box2d_v24.h, or the Box2D object behind an
 *   eddy handle) is never read again: its handles stay until eddy_body_destroy
 *   or eddy_world_destroy (which then touch nothing of Box2D), getters read
 *   zeros (an identity pose), calls that change it return EDDY_ERR_ARGUMENT,
 *   and eddy_body_is_valid / eddy_world_is_valid read false. In eddy's own
 *   world on Box2D 2.4 eddy hears of a body through its shapes (a body with
 *   none goes unseen); eddy's own world itself is eddy's to destroy.
 *
 * ADOPTED WORLDS (bring your own Box2D: eddy_box2d_v3.h, eddy_box2d_v24.h)
 *   A game's own Box2D world and bodies can be given eddy handles and then be
 *   coupled like eddy's own. Everything above holds for them, except:
 *   - eddy_world_step refuses: the game steps its world itself (after
 *     eddy_coupling_advance);
 *   - eddy never writes user data or installs a contact listener there, and
 *     these rely on them: eddy_world_get_sensor_events hands out no events,
 *     eddy_world_ray_cast and eddy_world_query_point find nothing, and
 *     eddy_drag_create and eddy_body_move_kinematic refuse (use Box2D's
 *     own queries, events and mouse joint there);
 *   - eddy_world_get_gravity reads the Box2D world's gravity each time;
 *   - an adopted body's shapes come from Box2D (circles and polygons, read
 *     at adoption, and again at the next advance when the game rebuilds a
 *     coupled body's fixtures); eddy_body_add_shape refuses; its type is
 *     read again at every advance (eddy_coupling.h follows a change); eddy_body_destroy drops the
 *     handle and leaves the Box2D body alone;
 *   - eddy_world_destroy frees eddy's handles and the Box2D bodies eddy
 *     created in the world (eddy_body_create), never the world or the
 *     game's bodies;
 *   - eddy keeps a clock body in the world, and on Box2D 2.4 a watch fixture
 *     on each body it has a handle on (the backend's header says what they
 *     are and are not); they go with eddy's handles;
 *   - destroy in any order: a Box2D world or body the game destroys first is
 *     found and never read (MEMORY AND LIFETIME).
 *
 * THREADS
 *   A world, its bodies and its drags belong to one thread at a time;
 *   distinct worlds may step on distinct threads. On Box2D v3 do not create
 *   or destroy worlds on two threads at once: v3 keeps one process-wide table
 *   of its worlds (at most 128). The port itself keeps no global state.
 *
 * DETERMINISM
 *   The same calls give the same results on the same build. Lists the port
 *   hands out (bodies, sensor events, point queries) are in body creation
 *   order, never in Box2D's internal order, so both backends order them alike.
 *
 * DIFFERENCES THE PORT HIDES
 *   - Rotational inertia: v3 reports it about the centre of mass, 2.4 about the
 *     body origin. The port always reports it about the centre of mass.
 *   - Ray casts: v3 takes a translation, 2.4 an end point. The port takes a
 *     start and an end point; the hit fraction is along that segment.
 *   - Sensor events: v3 hands them out after the step, 2.4 calls back during
 *     it. The port buffers the 2.4 callbacks and hands both out after the step
 *     through eddy_world_get_sensor_events, with the same filtering and order.
 *   - Default density and friction: v3 uses 1 and 0.6, 2.4 uses 0 and 0.2.
 *     The port sets both backends to density 1 kg/m^2 (0 for sensors),
 *     friction 0.6, restitution 0.
 *   - A dynamic body whose shapes have no density: both Box2D versions leave
 *     it at 0 kg, which makes it ignore gravity and forces. The port gives it
 *     1 kg and no rotational inertia.
 *   - Sub-steps: v3 sub-steps the solver; 2.4 has none, so it steps once with
 *     2 x substeps velocity iterations and 3 position iterations.
 *   - Box2D v3.1.1 can report a false sensor end (and a new begin later) while
 *     a circle still overlaps a sensor, when the circle's centre is within
 *     0.5 mm of the sensor's outline (erincatto/box2d#990, fixed upstream
 *     after 3.1.1). The v3 backend re-checks every end with an exact overlap
 *     test and reports the end only when the shapes really separate.
 *   - A teleport (eddy_body_set_transform) wakes the body: 2.4 would not, and
 *     would then not notice it leaving a sensor.
 *   - Damping: v3 damps kinematic bodies too (so one trails the velocity it
 *     is given), 2.4 does not. The port gives kinematic and static bodies no
 *     damping on both.
 *   - Sleep: v3 puts a body to sleep below 0.05 m/s, 2.4 below 0.01 m/s (a
 *     body drifting at 3 cm/s stopped on v3). The port sets v3 to 0.01 m/s.
 *     (v3 compares |v| + |w| times the body's extent with it, 2.4 |v| and,
 *     apart, |w| with 2 degrees per second.)
 *   - Kinematic moves: Box2D caps a step's motion, also a kinematic body's
 *     (2.4: a quarter turn and 2 m per step, keeping the capped velocity;
 *     v3: an eighth of a turn per step, and atan(w h) per sub-step). v3
 *     kinematic bodies may rotate fast, and eddy_body_move_kinematic reaches
 *     its target after one step on both: where Box2D falls short, the port
 *     places the body there after the step, with the velocity it was given.
 *
 * DIFFERENCES THAT REMAIN (solver tolerances, documented not hidden)
 *   - 2.4 keeps a 0.01 m skin around polygons: at rest a box sits 15 mm above
 *     the ground and a circle on a box 5 mm; on v3 both sit within 0.1 mm of
 *     contact. The geometry the port reports is the one given, without skin;
 *     eddy_body_get_backend reports the skin (polygon_skin), and
 *     eddy_scene_build_world sets its tank walls in by 0.01 m less it, so
 *     bodies rest the same distance inside the tank on both.
 *   - v3's contacts are soft springs: a body pushed into a static wall at
 *     acceleration a sinks in by about a / (2 pi 67 Hz)^2 (0.06 mm at 1 g,
 *     6 mm at 100 g) and goes through a 1 m wall from about 3000 g; 2.4's
 *     contacts are rigid and hold up to about 1e6 g (at 60 Hz, 4 sub-steps).
 *   - 2.4 finds sensor overlaps at the start of a step (with the skin), v3 at
 *     its end: a 2.4 event can come a step or two later than the v3 one.
 *   - Speed limits of dynamic bodies: 2.4 moves one at most 2 m and a quarter
 *     turn per step (120 m/s and 94 rad/s at 60 Hz), v3 at most 400 m/s and
 *     an eighth of a turn per step (47 rad/s at 60 Hz).
 *   - v3 advances a rotation by atan(w h) per sub-step of length h, 2.4 by
 *     w h: at 60 Hz and 4 sub-steps a body spinning at 18 rad/s turns 0.2%
 *     slower on v3; below 5 rad/s the difference is under 0.02%.
 *     eddy_body_move_kinematic compensates (so the angular velocity it sets
 *     reads n tan(turn / n) / dt on v3), and reaches its target on both.
 *   - Allocation in a step: the port allocates nothing; Box2D may. Both
 *     versions when new contacts need more room than they had (the room is
 *     kept), and v3 whenever a body falls asleep or is woken (it moves bodies
 *     between solver sets; any force wakes a body). Give a body that is
 *     pushed every step disable_sleep; a coupling does that for the bodies
 *     it holds (eddy_body_enable_sleep).
 *   - v3.1.1 does not see a circle whose centre starts (or rests) within
 *     0.5 mm outside a sensor's outline until it moves out of that band
 *     (the missing-begin side of erincatto/box2d#990).
 *   - The v3 drag joint also damps rotation; the 2.4 one pulls only a point.
 */
#ifndef EDDY_BODY_H
#define EDDY_BODY_H

#include "eddy_base.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Both Box2D versions allow convex polygons of up to 8 vertices. */
#define EDDY_MAX_POLYGON_VERTICES 8

typedef struct eddy_world eddy_world;
typedef struct eddy_body eddy_body;
typedef struct eddy_drag eddy_drag;

/* ---------------------------------------------------------------- backend */

typedef struct eddy_body_backend_info {
    const char *name;            /* "box2d-v3" or "box2d-v2.4" (a table
                                    world: its engine's, eddy_rigid.h) */
    int major, minor, revision;  /* version of the linked Box2D library */
    double polygon_skin;         /* m: the gap Box2D keeps around polygons
                                    in contacts (2.4: 0.01, v3: 0) */
    bool substeps;               /* the solver moves positions in substeps,
                                    each with its own velocity (v3); false:
                                    once, with the new velocity (2.4,
                                    Chipmunk) */
} eddy_body_backend_info;

/* Which Box2D the linked adapter library runs on (libeddy-box2d: 2.4, or
 * libeddy-box2d-v3). Defined by that library, not by libeddy. */
EDDY_API void eddy_body_get_backend(eddy_body_backend_info *out);
/* The engine a world runs on: the Box2D of its backend, or for a world made
 * from a table (eddy_rigid.h) the constants the table gave. Zeros for
 * NULL. */
EDDY_API void eddy_world_get_backend(const eddy_world *world, eddy_body_backend_info *out);

/* ---------------------------------------------------------------- world */

typedef struct eddy_world_desc {
    double gravity[2];   /* m/s^2. Used as given: zero means weightless. */
    int event_capacity;  /* sensor begin events and, separately, end events
                            kept per step; more are dropped and counted.
                            Default 256. */
    bool disable_sleep;  /* default: bodies at rest may sleep (a force, an
                            impulse, a velocity or a drag wakes them) */
    void *user_data;
} eddy_world_desc;

/* desc may be NULL: all defaults, no gravity. eddy's own world is a Box2D
 * world: this function is defined by the Box2D adapter library the program
 * links (libeddy-box2d or libeddy-box2d-v3, before libeddy; pkg-config
 * eddy-box2d), which decides the Box2D. A program that makes no world of
 * eddy's (a table world, eddy_rigid.h; Chipmunk; the fluid alone) needs no
 * adapter; one that calls this without an adapter fails to link, naming
 * eddy_world_create (docs/design.md, "Libraries"). */
EDDY_API eddy_result eddy_world_create(const eddy_world_desc *desc, eddy_world **out,
                                       eddy_error *err);

/* Frees the world, its bodies and its drags. Accepts NULL. */
EDDY_API void eddy_world_destroy(eddy_world *world);

/* Advances all bodies by dt > 0 seconds with substeps solver sub-steps
 * (0 means 4; at most 64). Forces and torques applied since the last step act
 * during this step and are then cleared. Replaces the sensor events of the
 * previous step. The port allocates nothing; Box2D may (DIFFERENCES THAT
 * REMAIN: new contacts, and on v3 bodies falling asleep or woken).
 * EDDY_ERR_ARGUMENT for an adopted world: the game steps it. */
EDDY_API eddy_result eddy_world_step(eddy_world *world, double dt, int substeps, eddy_error *err);

/* Sets the Box2D world's gravity (an adopted world's too). */
EDDY_API eddy_result eddy_world_set_gravity(eddy_world *world, double gx, double gy,
                                            eddy_error *err);
EDDY_API void eddy_world_get_gravity(const eddy_world *world, double out[2]);
EDDY_API void *eddy_world_user_data(const eddy_world *world);
/* True for a game's own Box2D world given a handle (ADOPTED WORLDS). */
EDDY_API bool eddy_world_is_adopted(const eddy_world *world);
/* False once the Box2D world behind the handle was destroyed other than
 * through eddy_world_destroy (MEMORY AND LIFETIME). NULL reads false. */
EDDY_API bool eddy_world_is_valid(const eddy_world *world);

/* Live bodies in creation order: index 0 .. count-1. */
EDDY_API int eddy_world_body_count(const eddy_world *world);
EDDY_API eddy_body *eddy_world_body(const eddy_world *world, int index);

/* ---------------------------------------------------------------- bodies */

typedef enum eddy_body_type {
    EDDY_BODY_STATIC = 0,    /* never moves (the default) */
    EDDY_BODY_KINEMATIC = 1, /* moves with the velocity you set, pushes dynamic
                                bodies, is not pushed; forces are ignored */
    EDDY_BODY_DYNAMIC = 2,   /* moved by gravity, forces, contacts, drags */
    EDDY_BODY_TYPE_MAX_ENUM = 0x7fffffff /* not a type: makes any int value a
                                valid load in C++, so bad input is refused
                                rather than undefined */
} eddy_body_type;

typedef struct eddy_body_desc {
    eddy_body_type type;        /* default static */
    double position[2];         /* world position of the body origin */
    double angle;               /* radians */
    double linear_velocity[2];  /* m/s (a new body has its centre of mass at
                                   its origin until shapes are added) */
    double angular_velocity;    /* rad/s */
    double linear_damping;      /* 1/s, default 0; dynamic bodies only */
    double angular_damping;     /* 1/s, default 0; dynamic bodies only */
    double gravity_scale;       /* default 1 (zero means default) */
    bool no_gravity;            /* gravity scale exactly 0 */
    bool fixed_rotation;        /* never rotates; inertia reads 0 */
    bool bullet;                /* continuous collision against dynamic bodies */
    bool disable_sleep;         /* this body never sleeps (below 0.01 m/s for
                                   half a second a body may, on both backends) */
    void *user_data;
} eddy_body_desc;

EDDY_API eddy_result eddy_body_create(eddy_world *world, const eddy_body_desc *desc,
                                      eddy_body **out, eddy_error *err);

/* Destroys the body, its shapes and its drags (drag handles go idle). Sensor
 * events of the last step that name this body are removed from the list
 * eddy_world_get_sensor_events hands out; destroying a body reports no end
 * event. Accepts NULL. */
EDDY_API void eddy_body_destroy(eddy_body *body);

EDDY_API eddy_world *eddy_body_world(const eddy_body *body);
EDDY_API eddy_body_type eddy_body_get_type(const eddy_body *body);
/* True for a body of the game's own Box2D world given a handle (ADOPTED
 * WORLDS); false for the bodies eddy_body_create makes. */
EDDY_API bool eddy_body_is_adopted(const eddy_body *body);
/* False once the Box2D body behind the handle, or its world, was destroyed
 * other than through eddy (MEMORY AND LIFETIME). NULL reads false. */
EDDY_API bool eddy_body_is_valid(const eddy_body *body);
EDDY_API void eddy_body_set_user_data(eddy_body *body, void *user_data);
EDDY_API void *eddy_body_user_data(const eddy_body *body);
/* The body in the game's terms, for events (eddy_coupling_lost_bodies,
 * splashes): the user data the game's engine holds for it (Box2D's or the
 * rigid-body table's, read at adoption; eddy_body_user_data for eddy's own
 * bodies), and the engine's id of it (v3: b2StoreBodyId of its b2BodyId; 2.4:
 * its b2Body * as an integer; a table's: index | generation << 32). Both stay
 * readable after the body is gone. */
EDDY_API void *eddy_body_game_user_data(const eddy_body *body);
EDDY_API uint64_t eddy_body_engine_id(const eddy_body *body);

/* ---------------------------------------------------------------- shapes */

typedef enum eddy_shape_type {
    EDDY_SHAPE_CIRCLE = 1,
    EDDY_SHAPE_BOX = 2,     /* a rectangle, stored and reported as a polygon */
    EDDY_SHAPE_POLYGON = 3, /* convex, 3 to 8 vertices */
    EDDY_SHAPE_TYPE_MAX_ENUM = 0x7fffffff /* not a type (see eddy_body_type) */
} eddy_shape_type;

typedef struct eddy_shape_desc {
    eddy_shape_type type;     /* required */
    double center[2];         /* circle, box: centre in body space */
    double radius;            /* circle, > 0 */
    double half_width;        /* box, > 0 */
    double half_height;       /* box, > 0 */
    double angle;             /* box: rotation in body space */
    int vertex_count;         /* polygon: 3 .. EDDY_MAX_POLYGON_VERTICES */
    double vertices[EDDY_MAX_POLYGON_VERTICES][2]; /* polygon, body space, strictly
                                 convex, either winding, edges >= 0.005 m */
    double density;           /* kg/m^2. Default 1, or 0 for a sensor */
    double friction;          /* default 0.6 */
    double restitution;       /* default 0 */
    bool massless;            /* density exactly 0 */
    bool frictionless;        /* friction exactly 0 */
    bool is_sensor;           /* detects overlaps, never collides */
    void *user_data;
} eddy_shape_desc;

/* Adds a convex piece to the body; the body's mass, centre of mass and
 * inertia are recomputed. out_index (may be NULL) receives the shape's index
 * on the body: 0, 1, 2 ... in the order shapes were added. EDDY_ERR_ARGUMENT
 * for a body coupled to a fluid (remove it from the coupling first) and for
 * an adopted body (its shapes are Box2D's). */
EDDY_API eddy_result eddy_body_add_shape(eddy_body *body, const eddy_shape_desc *desc,
                                         int *out_index, eddy_error *err);

/* A shape as the body holds it, in body space. */
typedef struct eddy_shape_info {
    eddy_shape_type type;     /* EDDY_SHAPE_CIRCLE or EDDY_SHAPE_POLYGON */
    int vertex_count;         /* polygon; 0 for a circle */
    double vertices[EDDY_MAX_POLYGON_VERTICES][2]; /* counter-clockwise */
    double center[2];         /* circle centre, or polygon centroid */
    double radius;            /* circle; 0 for a polygon */
    double area;              /* m^2 */
    double density, friction, restitution; /* defaults resolved */
    bool is_sensor;
    void *user_data;
} eddy_shape_info;

EDDY_API int eddy_body_shape_count(const eddy_body *body);
/* EDDY_ERR_RANGE for an index outside 0 .. count-1. */
EDDY_API eddy_result eddy_body_get_shape(const eddy_body *body, int index, eddy_shape_info *out,
                                         eddy_error *err);

/* ---------------------------------------------------------------- state */

typedef struct eddy_pose {
    double x, y;      /* body origin, world space */
    double angle;     /* radians, wrapped to (-pi, pi] */
    double c, s;      /* cos and sin of the angle */
} eddy_pose;

EDDY_API void eddy_body_get_pose(const eddy_body *body, eddy_pose *out);
/* Body space <-> world space through the current pose. */
EDDY_API void eddy_body_world_point(const eddy_body *body, double lx, double ly, double out[2]);
EDDY_API void eddy_body_local_point(const eddy_body *body, double wx, double wy, double out[2]);

/* Velocity of the centre of mass (for static and kinematic bodies the centre
 * of mass is the origin) and angular velocity. */
EDDY_API void eddy_body_linear_velocity(const eddy_body *body, double out[2]);
EDDY_API double eddy_body_angular_velocity(const eddy_body *body);
/* Velocity of the body's material at a world point: v + w x (p - c). */
EDDY_API void eddy_body_point_velocity(const eddy_body *body, double wx, double wy, double out[2]);

/* Mass (kg), centre of mass, and rotational inertia about the centre of mass
 * (kg m^2) of the body's own shapes. Static and kinematic bodies read mass 0
 * and inertia 0. */
EDDY_API double eddy_body_mass(const eddy_body *body);
EDDY_API double eddy_body_inertia(const eddy_body *body);

/* Added mass (kg) and rotational inertia (kg m^2, about the centre of mass)
 * that the rigid-body solver integrates with on top of the shapes' own: the
 * fluid a body drags along (eddy_coupling.h sets it for coupled bodies).
 * Contacts, impulses and forces then accelerate mass + added mass. Kept when
 * shapes are added; 0, 0 removes it. Dynamic bodies only (others ignore it);
 * EDDY_ERR_ARGUMENT for negative or non-finite values. */
EDDY_API eddy_result eddy_body_set_added_mass(eddy_body *body, double mass, double inertia,
                                     eddy_error *err);
EDDY_API void eddy_body_added_mass(const eddy_body *body, double *mass, double *inertia);

/* The factor of the world's gravity the solver applies to the body (its
 * total mass, added mass included): 1 by default, 0 for no gravity; read
 * from Box2D, where a game may set it too. eddy_coupling.h sets it to 0 for
 * coupled bodies and applies their weight itself. EDDY_ERR_ARGUMENT when not
 * finite. */
EDDY_API eddy_result eddy_body_set_gravity_scale(eddy_body *body, double scale, eddy_error *err);
EDDY_API double eddy_body_gravity_scale(const eddy_body *body);
EDDY_API void eddy_body_local_center(const eddy_body *body, double out[2]);
EDDY_API void eddy_body_world_center(const eddy_body *body, double out[2]);

EDDY_API bool eddy_body_is_awake(const eddy_body *body);
EDDY_API void eddy_body_set_awake(eddy_body *body, bool awake);
/* Whether the body may fall asleep (eddy_body_desc.disable_sleep at
 * creation); disabling sleep wakes it. eddy_coupling.h disables it while a
 * body is coupled and gives the setting back afterwards. Static bodies ignore
 * it and read true. */
EDDY_API void eddy_body_enable_sleep(eddy_body *body, bool enable);
EDDY_API bool eddy_body_is_sleep_enabled(const eddy_body *body);

/* ---------------------------------------------------------------- actions */

/* Force (N) at a world point, torque (N m), impulses (N s, N m s). They act on
 * dynamic bodies only and are ignored for static and kinematic ones; they wake
 * the body. Forces and torques last for the next step. */
EDDY_API eddy_result eddy_body_apply_force(eddy_body *body, double fx, double fy, double px,
                                           double py, eddy_error *err);
EDDY_API eddy_result eddy_body_apply_force_to_center(eddy_body *body, double fx, double fy,
                                                     eddy_error *err);
EDDY_API eddy_result eddy_body_apply_torque(eddy_body *body, double torque, eddy_error *err);
EDDY_API eddy_result eddy_body_apply_impulse(eddy_body *body, double ix, double iy, double px,
                                             double py, eddy_error *err);

/* Teleports the body origin (any body type; contacts and sensor overlaps are
 * found again on the next step) and wakes it. */
EDDY_API eddy_result eddy_body_set_transform(eddy_body *body, double x, double y, double angle,
                                             eddy_error *err);
/* Sets the centre-of-mass velocity and angular velocity of a kinematic or
 * dynamic body; EDDY_ERR_ARGUMENT for a static body. */
EDDY_API eddy_result eddy_body_set_velocity(eddy_body *body, double vx, double vy, double w,
                                            eddy_error *err);
/* Kinematic bodies only: sets the velocities that bring the origin to (x, y,
 * angle) after a step of dt (the shorter way round for the angle), and the
 * next eddy_world_step ends with the body there however far that is (see
 * DIFFERENCES THE PORT HIDES). */
EDDY_API eddy_result eddy_body_move_kinematic(eddy_body *body, double x, double y, double angle,
                                              double dt, eddy_error *err);

/* ---------------------------------------------------------------- sensors */

/* A sensor shape and a solid shape that began or stopped overlapping. Pairs
 * are reported when the visitor is not a sensor, the two shapes are on
 * different bodies and at least one of the two bodies is dynamic. */
typedef struct eddy_sensor_event {
    eddy_body *sensor;
    int sensor_shape;         /* index on the sensor body */
    eddy_body *visitor;
    int visitor_shape;
} eddy_sensor_event;

/* Events of the last step, each list sorted by (sensor body creation order,
 * sensor shape, visitor body creation order, visitor shape). Valid until the
 * next step, body destruction or world destruction. */
typedef struct eddy_sensor_events {
    const eddy_sensor_event *begin;
    int begin_count;
    const eddy_sensor_event *end;
    int end_count;
    int dropped;  /* events lost in the last step because a list was full */
} eddy_sensor_events;

EDDY_API void eddy_world_get_sensor_events(const eddy_world *world, eddy_sensor_events *out);

/* ---------------------------------------------------------------- queries */

typedef struct eddy_ray_hit {
    eddy_body *body;
    int shape;             /* index on the body */
    double point[2];       /* world space */
    double normal[2];      /* unit surface normal at the hit, world space */
    double fraction;       /* 0 at the start point, 1 at the end point */
} eddy_ray_hit;

/* Closest solid shape the segment from (x0, y0) to (x1, y1) enters. Sensors
 * are ignored, and so is a shape that contains the start point. Returns false
 * (and leaves out untouched) when nothing is hit, when the segment has zero
 * length or a coordinate is not finite. */
EDDY_API bool eddy_world_ray_cast(const eddy_world *world, double x0, double y0, double x1,
                                  double y1, eddy_ray_hit *out);

/* Bodies with a solid shape containing the point, each once, in creation
 * order; at most capacity are written (the earliest created). Returns how many
 * were written. */
EDDY_API int eddy_world_query_point(const eddy_world *world, double x, double y, eddy_body **out,
                                    int capacity);

/* ---------------------------------------------------------------- drag */

/* A soft spring that pulls one point of a dynamic body towards a target: the
 * mouse joint of Box2D. */
typedef struct eddy_drag_desc {
    double hertz;          /* stiffness as a frequency. Default 5 */
    double damping_ratio;  /* default 0.7 */
    double max_force;      /* N. Default 1000 x the body's mass (in kg) */
} eddy_drag_desc;

/* Grabs the body at the world point (x, y), which is also the first target.
 * desc may be NULL. EDDY_ERR_ARGUMENT unless the body is dynamic. */
EDDY_API eddy_result eddy_drag_create(eddy_body *body, double x, double y,
                                      const eddy_drag_desc *desc, eddy_drag **out, eddy_error *err);
/* Moves the target (wakes the body). A drag whose body was destroyed accepts
 * and ignores it. */
EDDY_API eddy_result eddy_drag_set_target(eddy_drag *drag, double x, double y, eddy_error *err);
/* The dragged body, or NULL once that body has been destroyed. */
EDDY_API eddy_body *eddy_drag_body(const eddy_drag *drag);
/* Releases the body and frees the handle. Accepts NULL. */
EDDY_API void eddy_drag_destroy(eddy_drag *drag);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BODY_H */
