// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_box2d_v3.c - the Box2D v3.1 backend of the rigid-body port, in C.
 *
 * The port itself (eddy_body.h: argument checks, defaults, records, event and
 * query ordering) is engine/bodies/body_port.c; this file implements only its
 * hooks, the calls into Box2D v3, handed to the port as one engine table
 * (eddyi_body_engine, body_port.h) by eddy_world_create and the adoption
 * functions at the end: the port never calls this file by name. The build uses
 * it when Box2D v3 headers are found (BOX2D_V3_PREFIX, or /usr/local) and
 * links libbox2d by full path, because a bare -lbox2d finds Debian's 2.4 first.
 *
 * Where v3 needs more than a call:
 *   - sensor events are polled after the step: they are copied into the port's
 *     lists at once (a later body destruction cannot leave stale ids in them);
 *   - every shape opts in to sensor events (off by default in v3);
 *   - ray casts take a translation: end - start is passed;
 *   - ids are kept in the port's records through b2StoreBodyId and friends.
 * v3 already reports rotational inertia about the centre of mass.
 *
 * Box2D's development line (3.2) renamed or reshaped five things this file
 * uses; the build defines EDDY_BOX2D_DEV when the headers have them (the
 * Makefile looks for b2MotionLocks) and the same file compiles against both:
 * one relative transform in b2DistanceInput, motion locks for fixed rotation,
 * b2Body_GetLocalCenter/GetWorldCenter, an origin for b2World_OverlapAABB, and
 * no mouse joint (drags use a motor joint's linear spring instead).
 *
 * A game's own world and bodies (eddy_box2d_v3.h) are adopted as they are:
 * the world gets no anchor body and no event bookkeeping, the bodies and
 * shapes eddy creates in it no user data and no sensor events, and the
 * game's bodies are read (type, gravity scale, shapes) but never changed
 * except through the port's own calls (forces, mass, gravity scale, sleep).
 *
 * v3 behaviours corrected here (DIFFERENCES THE PORT HIDES in eddy_body.h):
 *   - v3 puts a body to sleep below 0.05 m/s, 2.4 below 0.01 m/s: a body
 *     drifting at 3 cm/s would stop on v3. Bodies get 2.4's threshold.
 *   - v3 caps every body's rotation at an eighth of a turn per step, also a
 *     kinematic one, which then cannot follow what it is told: kinematic
 *     bodies may rotate fast (allowFastRotation), as they are only ever
 *     moved as told.
 *   - Box2D v3.1.1 can report a false sensor end (and a begin some steps later)
 *     while a circle still overlaps a sensor: with the circle's centre within
 *     0.5 mm of the other shape, b2ShapeDistance leaves the radii in
 *     (erincatto/box2d issue #990, fixed upstream by PR #1000 after v3.1.1).
 *     Every end is checked again with an exact overlap test; a pair that still
 *     overlaps is held, reported as ended once it really separates, and v3's
 *     second begin for it is dropped.
 *   - v3 turns a body by atan(w h) per sub-step of length h rather than w h;
 *     native_kinematic_turn asks for the rate that meets the target.
 */
#include "body_port.h"
#include "eddy_box2d_v3.h"

#include <box2d/box2d.h>

#ifndef EDDY_BOX2D_DEV
#define EDDY_BOX2D_DEV 0
#endif

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if !defined(B2_MAX_POLYGON_VERTICES) || B2_MAX_POLYGON_VERTICES < EDDY_MAX_POLYGON_VERTICES
#error "body_box2d_v3.c needs the Box2D v3 headers (box2d/collision.h with B2_MAX_POLYGON_VERTICES >= 8)"
#endif

/* Box2D 2.4's b2_linearSleepTolerance (m/s), for v3's sleepThreshold. */
#define PORT_SLEEP_SPEED 0.01f

struct eddy_native_world {
    b2WorldId id;
    b2BodyId anchor;         /* static, shapeless: the fixed end of drags */
    b2BodyId clock;          /* an adopted world's step clock (body_port.h) */
    eddy_sensor_event *held; /* pairs v3 ended while they still overlap */
    int held_count;          /* at most the world's event_capacity */
};

/* ------------------------------------------------------------ conversions */

static b2Vec2 v2(double x, double y)
{
    b2Vec2 v = { (float)x, (float)y };
    return v;
}

/* Exact cos and sin, not v3's fast approximation, so that the angle set is
 * the angle read back. */
static b2Rot rot(double angle)
{
    b2Rot q = { (float)cos(angle), (float)sin(angle) };
    return q;
}

static b2BodyId body_id(const eddy_body *b)
{
    return b2LoadBodyId(b->native);
}

/* Our body and shape index for a v3 shape, or NULL once the shape is gone. */
static eddy_body *lookup_shape(b2ShapeId id, int *index)
{
    if (!b2Shape_IsValid(id))
        return NULL;
    return eddyi_port_find_shape((eddy_body *)b2Shape_GetUserData(id), b2StoreShapeId(id), index);
}

/* ------------------------------------------------------------ backend, world */

static void native_backend(const eddy_world *w, eddy_body_backend_info *out)
{
    (void)w;
    b2Version v = b2GetVersion();
    out->name = "box2d-v3";
    out->major = v.major;
    out->minor = v.minor;
    out->revision = v.revision;
    out->substeps = true;
    out->polygon_skin = 0.0; /* v3 polygons have no radius unless asked */
}

static void free_native_world(eddy_native_world *n)
{
    eddy_free(n->held);
    eddy_free(n);
}

static eddy_result native_world_create(eddy_world *w, const eddy_world_desc *d, eddy_error *err)
{
    eddy_native_world *n = (eddy_native_world *)eddy_calloc(1, sizeof *n);
    if (!n)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a Box2D world");
    n->held = (eddy_sensor_event *)eddy_calloc((size_t)w->event_capacity, sizeof *n->held);
    if (!n->held) {
        free_native_world(n);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d sensor pairs",
                         w->event_capacity);
    }
    b2WorldDef wd = b2DefaultWorldDef();
    wd.gravity = v2(d->gravity[0], d->gravity[1]);
    wd.enableSleep = !d->disable_sleep;
    n->id = b2CreateWorld(&wd);
    if (B2_IS_NULL(n->id)) {
        free_native_world(n);
        return eddy_fail(err, EDDY_ERR_CAPACITY, "Box2D v3 has no free world slot");
    }
    b2BodyDef ad = b2DefaultBodyDef();
    ad.type = b2_staticBody;
    n->anchor = b2CreateBody(n->id, &ad);
    w->native = n;
    return EDDY_OK;
}

static void native_world_destroy(eddy_world *w)
{
    if (!w->gone) { /* else the game destroyed it already */
        if (!w->adopted)
            b2DestroyWorld(w->native->id);
        else if (b2Body_IsValid(w->native->clock)) /* the game's world is the game's */
            b2DestroyBody(w->native->clock);
    }
    free_native_world(w->native);
    w->native = NULL;
}

/* The ids carry a generation: a slot Box2D has reused for another world or
 * body does not answer to the old id (b2World_IsValid, b2Body_IsValid read
 * only Box2D's tables, never freed memory). */
static bool native_world_alive(const eddy_world *w)
{
    return b2World_IsValid(w->native->id);
}

static bool native_body_alive(const eddy_body *b)
{
    return b2Body_IsValid(body_id(b));
}

static void native_world_gravity(const eddy_world *w, double out[2])
{
    b2Vec2 g = b2World_GetGravity(w->native->id);
    out[0] = g.x;
    out[1] = g.y;
}

static void native_world_set_gravity(eddy_world *w, double gx, double gy)
{
    b2World_SetGravity(w->native->id, v2(gx, gy));
}

/* ------------------------------------------------------------ sensor events */

/* Exact overlap of two of our shapes at their bodies' current poses: the
 * distance between the cores (circle centre, polygon) from b2ShapeDistance
 * without radii, the radii subtracted here. */
static b2ShapeProxy core_proxy(const eddy_shape_info *s)
{
    b2Vec2 p[EDDY_MAX_POLYGON_VERTICES];
    if (s->type == EDDY_SHAPE_CIRCLE) {
        p[0] = v2(s->center[0], s->center[1]);
        return b2MakeProxy(p, 1, (float)s->radius);
    }
    for (int i = 0; i < s->vertex_count; ++i)
        p[i] = v2(s->vertices[i][0], s->vertices[i][1]);
    return b2MakeProxy(p, s->vertex_count, 0.0f);
}

static bool pair_overlaps(const eddy_sensor_event *e)
{
    b2DistanceInput in;
    memset(&in, 0, sizeof in);
    in.proxyA = core_proxy(&e->sensor->shapes[e->sensor_shape].info);
    in.proxyB = core_proxy(&e->visitor->shapes[e->visitor_shape].info);
#if EDDY_BOX2D_DEV
    in.transform = b2InvMulTransforms(b2Body_GetTransform(body_id(e->sensor)),
                                      b2Body_GetTransform(body_id(e->visitor)));
#else
    in.transformA = b2Body_GetTransform(body_id(e->sensor));
    in.transformB = b2Body_GetTransform(body_id(e->visitor));
#endif
    in.useRadii = false;
    b2SimplexCache cache;
    memset(&cache, 0, sizeof cache);
    b2DistanceOutput out = b2ShapeDistance(&in, &cache, NULL, 0);
    return out.distance < in.proxyA.radius + in.proxyB.radius + 10.0f * FLT_EPSILON;
}

static bool same_pair(const eddy_sensor_event *a, const eddy_sensor_event *b)
{
    return a->sensor == b->sensor && a->sensor_shape == b->sensor_shape &&
           a->visitor == b->visitor && a->visitor_shape == b->visitor_shape;
}

static int find_held(const eddy_native_world *n, const eddy_sensor_event *e)
{
    for (int i = 0; i < n->held_count; ++i)
        if (same_pair(&n->held[i], e))
            return i;
    return -1;
}

static void drop_held(eddy_native_world *n, int i)
{
    n->held[i] = n->held[--n->held_count];
}

/* Hands v3's sensor events of the step to the port, as our bodies. */
static void collect_sensor_events(eddy_world *w)
{
    eddy_native_world *n = w->native;
    b2SensorEvents ev = b2World_GetSensorEvents(n->id);
    for (int pass = 0; pass < 2; ++pass) {
        bool begin = pass == 0;
        int count = begin ? ev.beginCount : ev.endCount;
        for (int i = 0; i < count; ++i) {
            b2ShapeId sid = begin ? ev.beginEvents[i].sensorShapeId : ev.endEvents[i].sensorShapeId;
            b2ShapeId vid =
                begin ? ev.beginEvents[i].visitorShapeId : ev.endEvents[i].visitorShapeId;
            eddy_sensor_event e;
            e.sensor_shape = e.visitor_shape = -1;
            e.sensor = lookup_shape(sid, &e.sensor_shape); /* NULL once destroyed */
            e.visitor = lookup_shape(vid, &e.visitor_shape);
            /* a shape destroyed since, with its body, yields nothing */
            if (!eddyi_port_pair_reported(&e))
                continue;
            int h = find_held(n, &e);
            if (begin && h >= 0) {
                drop_held(n, h); /* seen again by v3: for us it never ended */
                continue;
            }
            if (!begin && h < 0 && n->held_count < w->event_capacity && pair_overlaps(&e)) {
                n->held[n->held_count++] = e; /* a false end (issue #990): hold it */
                continue;
            }
            eddyi_port_push_event(w, begin, &e);
        }
    }
    /* held pairs that have now really separated end here (or whose bodies the
     * game destroyed: they end without an event, as a destroyed body's do) */
    for (int i = 0; i < n->held_count;) {
        if (!eddyi_port_body_live(n->held[i].sensor) || !eddyi_port_body_live(n->held[i].visitor)) {
            drop_held(n, i);
            continue;
        }
        if (pair_overlaps(&n->held[i])) {
            ++i;
            continue;
        }
        eddy_sensor_event e = n->held[i];
        drop_held(n, i);
        eddyi_port_push_event(w, false, &e);
    }
}

static void native_world_step(eddy_world *w, double dt, int substeps)
{
    b2World_Step(w->native->id, (float)dt, substeps);
    collect_sensor_events(w);
}

/* ------------------------------------------------------------ bodies, shapes */

static void native_body_create(eddy_body *b, const eddy_body_desc *d, double gravity_scale)
{
    b2BodyDef bd = b2DefaultBodyDef();
    bd.type = d->type == EDDY_BODY_DYNAMIC     ? b2_dynamicBody
              : d->type == EDDY_BODY_KINEMATIC ? b2_kinematicBody
                                               : b2_staticBody;
    bd.position = v2(d->position[0], d->position[1]);
    bd.rotation = rot(d->angle);
    bd.linearVelocity = v2(d->linear_velocity[0], d->linear_velocity[1]);
    bd.angularVelocity = (float)d->angular_velocity;
    bd.linearDamping = (float)d->linear_damping;
    bd.angularDamping = (float)d->angular_damping;
    bd.gravityScale = (float)gravity_scale;
#if EDDY_BOX2D_DEV
    bd.motionLocks.angularZ = d->fixed_rotation;
#else
    bd.fixedRotation = d->fixed_rotation;
#endif
    bd.isBullet = d->bullet;
    bd.enableSleep = !d->disable_sleep;
    bd.sleepThreshold = PORT_SLEEP_SPEED;
    bd.allowFastRotation = d->type == EDDY_BODY_KINEMATIC;
    bd.userData = b->world->adopted ? NULL : b; /* a game's world: its user data only */
    b->native = b2StoreBodyId(b2CreateBody(b->world->native->id, &bd));
}

static void native_body_destroy(eddy_body *b)
{
    b2DestroyBody(body_id(b)); /* reports no sensor event */
}

/* The sensor pairs held on its account go with the handle (also when the game
 * destroyed the body first). */
static void native_body_forget(eddy_body *b)
{
    eddy_native_world *n = b->world->native;
    for (int i = 0; i < n->held_count;) {
        if (n->held[i].sensor == b || n->held[i].visitor == b)
            drop_held(n, i);
        else
            ++i;
    }
}

static eddy_result native_shape_create(eddy_body *b, const eddy_shape_info *s,
                                     eddy_native_ref *out, eddy_error *err)
{
    b2ShapeDef sd = b2DefaultShapeDef();
    sd.density = (float)s->density;
    sd.material.friction = (float)s->friction;
    sd.material.restitution = (float)s->restitution;
    sd.isSensor = s->is_sensor;
    if (!b->world->adopted) { /* in a game's world, no events or user data of ours */
        sd.enableSensorEvents = true; /* off by default in v3, for sensors too */
        sd.userData = b;
    }

    b2ShapeId id;
    if (s->type == EDDY_SHAPE_CIRCLE) {
        b2Circle c;
        c.center = v2(s->center[0], s->center[1]);
        c.radius = (float)s->radius;
        id = b2CreateCircleShape(body_id(b), &sd, &c);
    } else {
        b2Vec2 p[EDDY_MAX_POLYGON_VERTICES];
        for (int i = 0; i < s->vertex_count; ++i)
            p[i] = v2(s->vertices[i][0], s->vertices[i][1]);
        b2Hull hull = b2ComputeHull(p, s->vertex_count);
        if (hull.count != s->vertex_count)
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "Box2D v3 reduced the polygon from %d to %d vertices",
                             s->vertex_count, hull.count);
        b2Polygon poly = b2MakePolygon(&hull, 0.0f);
        id = b2CreatePolygonShape(body_id(b), &sd, &poly);
    }
    *out = b2StoreShapeId(id);
    return EDDY_OK;
}

/* ------------------------------------------------------------ state */

static void native_pose(const eddy_body *b, double pos[2], double *c, double *s)
{
    b2Transform t = b2Body_GetTransform(body_id(b));
    pos[0] = t.p.x;
    pos[1] = t.p.y;
    *c = t.q.c;
    *s = t.q.s;
}

static void native_velocity(const eddy_body *b, double v[2], double *w)
{
    b2Vec2 lv = b2Body_GetLinearVelocity(body_id(b));
    v[0] = lv.x;
    v[1] = lv.y;
    *w = b2Body_GetAngularVelocity(body_id(b));
}

static void native_mass(const eddy_body *b, eddy_port_mass *out)
{
    b2BodyId id = body_id(b);
#if EDDY_BOX2D_DEV
    b2Vec2 lc = b2Body_GetLocalCenter(id), wc = b2Body_GetWorldCenter(id);
#else
    b2Vec2 lc = b2Body_GetLocalCenterOfMass(id), wc = b2Body_GetWorldCenterOfMass(id);
#endif
    out->mass = b2Body_GetMass(id);
    out->inertia = b2Body_GetRotationalInertia(id); /* about the centre of mass in v3 */
    out->local_center[0] = lc.x;
    out->local_center[1] = lc.y;
    out->world_center[0] = wc.x;
    out->world_center[1] = wc.y;
}

static void native_set_unit_mass(eddy_body *b)
{
    b2MassData m = { 0 };
    m.mass = 1.0f;
    b2Body_SetMassData(body_id(b), m);
}

static void native_set_mass(eddy_body *b, double mass, double inertia, const double local_center[2])
{
    b2MassData m = { 0 };
    m.mass = (float)mass;
    m.center = (b2Vec2){ (float)local_center[0], (float)local_center[1] };
    m.rotationalInertia = (float)inertia; /* about the centre of mass in v3 */
    b2Body_SetMassData(body_id(b), m);
}

static void native_set_gravity_scale(eddy_body *b, double scale)
{
    b2Body_SetGravityScale(body_id(b), (float)scale);
}

static double native_gravity_scale(const eddy_body *b)
{
    return b2Body_GetGravityScale(body_id(b));
}

/* An adopted body's shape as the port takes it; false for a kind of shape
 * panels cannot follow. */
static bool read_shape(b2ShapeId id, eddy_shape_info *raw)
{
    memset(raw, 0, sizeof *raw);
    b2ShapeType type = b2Shape_GetType(id);
    if (type == b2_circleShape) {
        b2Circle c = b2Shape_GetCircle(id);
        raw->type = EDDY_SHAPE_CIRCLE;
        raw->center[0] = c.center.x;
        raw->center[1] = c.center.y;
        raw->radius = c.radius;
    } else if (type == b2_polygonShape) {
        b2Polygon p = b2Shape_GetPolygon(id);
        if (p.radius != 0.0f || p.count > EDDY_MAX_POLYGON_VERTICES)
            return false; /* rounded: its outline is not the polygon's */
        raw->type = EDDY_SHAPE_POLYGON;
        raw->vertex_count = p.count;
        for (int i = 0; i < p.count; ++i) {
            raw->vertices[i][0] = p.vertices[i].x;
            raw->vertices[i][1] = p.vertices[i].y;
        }
    } else {
        return false;
    }
    raw->density = b2Shape_GetDensity(id);
    raw->friction = b2Shape_GetFriction(id);
    raw->restitution = b2Shape_GetRestitution(id);
    raw->is_sensor = b2Shape_IsSensor(id);
    raw->user_data = b2Shape_GetUserData(id);
    return true;
}

static const char *shape_kind(b2ShapeId id)
{
    switch (b2Shape_GetType(id)) {
    case b2_circleShape: return "circle";
    case b2_capsuleShape: return "capsule";
    case b2_segmentShape: return "segment";
    case b2_polygonShape: return "rounded polygon";
    case b2_chainSegmentShape: return "chain";
    default: return "shape of an unknown kind";
    }
}

static eddy_body_type native_body_type(const eddy_body *b)
{
    b2BodyType t = b2Body_GetType(body_id(b));
    return t == b2_dynamicBody     ? EDDY_BODY_DYNAMIC
           : t == b2_kinematicBody ? EDDY_BODY_KINEMATIC
                                   : EDDY_BODY_STATIC;
}

static eddy_result native_body_adopt(eddy_body *b, eddy_error *err)
{
    b2BodyId id = body_id(b);
    b2BodyType type = b2Body_GetType(id);
    b->type = type == b2_dynamicBody     ? EDDY_BODY_DYNAMIC
              : type == b2_kinematicBody ? EDDY_BODY_KINEMATIC
                                         : EDDY_BODY_STATIC;
    b->gravity_scale = b2Body_GetGravityScale(id);
    b->box2d_user_data = b2Body_GetUserData(id);
#if EDDY_BOX2D_DEV
    b->fixed_rotation = b2Body_GetMotionLocks(id).angularZ;
#else
    b->fixed_rotation = b2Body_IsFixedRotation(id);
#endif
    int count = b2Body_GetShapeCount(id);
    if (count <= 0)
        return EDDY_OK; /* the coupling refuses a body with no shape */
    b2ShapeId *ids = (b2ShapeId *)eddy_alloc((size_t)count * sizeof *ids);
    if (!ids)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory reading %d shapes", count);
    count = b2Body_GetShapes(id, ids, count);
    eddy_result r = EDDY_OK;
    /* v3 lists a body's shapes newest first: the port keeps creation order */
    for (int k = count - 1; k >= 0 && r == EDDY_OK; --k) {
        eddy_shape_info raw;
        if (!read_shape(ids[k], &raw))
            r = eddy_fail(err, EDDY_ERR_ARGUMENT,
                          "Box2D shape %d of the body is a %s: eddy reads circles and "
                          "polygons (not rounded) only", count - 1 - k, shape_kind(ids[k]));
        else
            r = eddyi_port_adopt_shape(b, b2StoreShapeId(ids[k]), &raw, err);
    }
    eddy_free(ids);
    return r;
}

/* The shapes v3 has for the body now are not the ones the port read: other
 * ids (a shape destroyed, one created), or another count. */
static bool native_shapes_changed(eddy_body *b)
{
    b2BodyId id = body_id(b);
    int count = b2Body_GetShapeCount(id);
    if (count != b->shape_count)
        return true;
    enum { BATCH = 16 };
    b2ShapeId ids[BATCH];
    if (count > BATCH)
        return false; /* not looked at beyond a batch: eddy reads few shapes per body */
    count = b2Body_GetShapes(id, ids, count);
    for (int k = 0; k < count; ++k) {
        int at;
        if (!eddyi_port_find_shape(b, b2StoreShapeId(ids[k]), &at))
            return true;
    }
    return false;
}

static void native_body_unadopt(eddy_body *b)
{
    (void)b; /* v3 needs nothing on the game's bodies: the ids tell when they go */
}

static bool native_is_awake(const eddy_body *b)
{
    return b2Body_IsAwake(body_id(b));
}

static void native_set_awake(eddy_body *b, bool awake)
{
    b2Body_SetAwake(body_id(b), awake);
}

static void native_enable_sleep(eddy_body *b, bool enable)
{
    b2Body_EnableSleep(body_id(b), enable); /* false also wakes it */
}

static bool native_is_sleep_enabled(const eddy_body *b)
{
    return b2Body_IsSleepEnabled(body_id(b));
}

static void native_apply(eddy_body *b, eddy_port_push kind, double x, double y, double px,
                       double py)
{
    b2BodyId id = body_id(b);
    switch (kind) {
    case EDDY_PORT_FORCE:
        b2Body_ApplyForce(id, v2(x, y), v2(px, py), true);
        break;
    case EDDY_PORT_FORCE_TO_CENTER:
        b2Body_ApplyForceToCenter(id, v2(x, y), true);
        break;
    case EDDY_PORT_TORQUE:
        b2Body_ApplyTorque(id, (float)x, true);
        break;
    case EDDY_PORT_IMPULSE:
        b2Body_ApplyLinearImpulse(id, v2(x, y), v2(px, py), true);
        break;
    }
}

static void native_set_transform(eddy_body *b, double x, double y, double angle)
{
    b2Body_SetTransform(body_id(b), v2(x, y), rot(angle));
}

static void native_set_velocity(eddy_body *b, double vx, double vy, double w)
{
    b2Body_SetLinearVelocity(body_id(b), v2(vx, vy));
    b2Body_SetAngularVelocity(body_id(b), (float)w);
}

/* v3 turns by atan(w h) per sub-step: ask for n tan(turn / n) so that the
 * step turns by `turn` (kinematic bodies are not capped: allowFastRotation).
 * Close to a quarter turn per sub-step tan runs away and a quarter turn
 * cannot be had at all: that is asked for as it is, and the port places the
 * body at its target after the step (eddy_world_step). With the default 4
 * sub-steps every turn of move_kinematic (at most a half turn) is reached. */
static double native_kinematic_turn(const eddy_world *w, double turn)
{
    int n = w->substeps;
    double per_substep = turn / n;
    if (fabs(per_substep) < 0.45 * EDDY_PORT_PI)
        turn = n * tan(per_substep);
    return turn;
}

/* ------------------------------------------------------------ queries */

static float ray_callback(b2ShapeId id, b2Vec2 point, b2Vec2 normal, float fraction, void *ctx)
{
    eddy_port_ray *r = (eddy_port_ray *)ctx;
    int index = -1;
    eddy_body *b = lookup_shape(id, &index);
    if (!eddyi_port_is_solid(b, index))
        return -1.0f; /* skip */
    if (b2Shape_TestPoint(id, v2(r->x0, r->y0)))
        return -1.0f; /* the ray starts inside this shape */
    eddyi_port_ray_offer(r, b, index, point.x, point.y, normal.x, normal.y, fraction);
    return fraction; /* clip the ray here */
}

static void native_ray_cast(const eddy_world *w, eddy_port_ray *r)
{
    b2Vec2 translation = v2(r->x1 - r->x0, r->y1 - r->y0); /* v3 takes a translation */
    if (translation.x == 0.0f && translation.y == 0.0f)
        return;
    b2World_CastRay(w->native->id, v2(r->x0, r->y0), translation, b2DefaultQueryFilter(),
                    ray_callback, r);
}

typedef struct point_context {
    b2Vec2 p;
    eddy_port_query *q;
} point_context;

static bool point_callback(b2ShapeId id, void *ctx)
{
    point_context *c = (point_context *)ctx;
    int index = -1;
    eddy_body *b = lookup_shape(id, &index);
    if (eddyi_port_is_solid(b, index) && b2Shape_TestPoint(id, c->p))
        eddyi_port_query_offer(c->q, b);
    return true;
}

static void native_query_point(const eddy_world *w, eddy_port_query *q)
{
    point_context c;
    c.p = v2(q->x, q->y);
    c.q = q;
    b2AABB box;
#if EDDY_BOX2D_DEV /* the box is relative to an origin */
    box.lowerBound = v2(-EDDY_PORT_QUERY_HALF, -EDDY_PORT_QUERY_HALF);
    box.upperBound = v2(EDDY_PORT_QUERY_HALF, EDDY_PORT_QUERY_HALF);
    b2World_OverlapAABB(w->native->id, c.p, box, b2DefaultQueryFilter(), point_callback, &c);
#else
    box.lowerBound = v2(q->x - EDDY_PORT_QUERY_HALF, q->y - EDDY_PORT_QUERY_HALF);
    box.upperBound = v2(q->x + EDDY_PORT_QUERY_HALF, q->y + EDDY_PORT_QUERY_HALF);
    b2World_OverlapAABB(w->native->id, box, b2DefaultQueryFilter(), point_callback, &c);
#endif
}

/* ------------------------------------------------------------ drags */

#if EDDY_BOX2D_DEV
/* Box2D 3.2 has no mouse joint: a motor joint's linear spring pulls the grab
 * point (frame B) towards the target, held as frame A on the anchor body. */
static b2Transform anchor_frame(const eddy_drag *g, double x, double y)
{
    b2Transform t = {b2Body_GetLocalPoint(g->world->native->anchor, v2(x, y)), b2Rot_identity};
    return t;
}

static void native_drag_create(eddy_drag *g, double x, double y, double hertz,
                             double damping_ratio, double max_force, double mass)
{
    (void)mass; /* the spring takes the frequency and ratio as they are */
    b2MotorJointDef jd = b2DefaultMotorJointDef();
    jd.base.bodyIdA = g->world->native->anchor;
    jd.base.bodyIdB = body_id(g->body);
    jd.base.localFrameA = anchor_frame(g, x, y);
    jd.base.localFrameB.p = b2Body_GetLocalPoint(body_id(g->body), v2(x, y));
    jd.base.localFrameB.q = b2Rot_identity;
    jd.linearHertz = (float)hertz;
    jd.linearDampingRatio = (float)damping_ratio;
    jd.maxSpringForce = (float)max_force;
    g->native = b2StoreJointId(b2CreateMotorJoint(g->world->native->id, &jd));
}

static void native_drag_set_target(eddy_drag *g, double x, double y)
{
    b2JointId id = b2LoadJointId(g->native);
    b2Joint_SetLocalFrameA(id, anchor_frame(g, x, y));
    b2Joint_WakeBodies(id);
}
#else
static void native_drag_create(eddy_drag *g, double x, double y, double hertz,
                             double damping_ratio, double max_force, double mass)
{
    (void)mass; /* v3 takes the frequency and ratio as they are */
    b2MouseJointDef jd = b2DefaultMouseJointDef();
    jd.bodyIdA = g->world->native->anchor;
    jd.bodyIdB = body_id(g->body);
    jd.target = v2(x, y);
    jd.hertz = (float)hertz;
    jd.dampingRatio = (float)damping_ratio;
    jd.maxForce = (float)max_force;
    g->native = b2StoreJointId(b2CreateMouseJoint(g->world->native->id, &jd));
}

static void native_drag_set_target(eddy_drag *g, double x, double y)
{
    b2MouseJoint_SetTarget(b2LoadJointId(g->native), v2(x, y));
}
#endif

static void native_drag_destroy(eddy_drag *g)
{
    b2DestroyJoint(b2LoadJointId(g->native));
}

/* ------------------------------------------------------------ the clock */

/* An adopted world's step clock (body_port.h): a kinematic body far above the
 * game's world, turning in place, with one small circle that collides with
 * nothing and that no query finds unless it asks for EDDY_CLOCK_BITS: a
 * second eddy_world_adopt_box2d on the world asks, and finds it. The circle
 * carries the address of clock_tag (a constant of libeddy, never read through)
 * as its user data, which nothing else can carry. */
#define EDDY_CLOCK_BITS (UINT64_C(1) << 63)

static const char clock_tag[] = "eddy clock";

static b2Vec2 clock_position(void)
{
    return v2(0.0, EDDY_PORT_CLOCK_Y);
}

static b2QueryFilter clock_filter(void)
{
    b2QueryFilter f = b2DefaultQueryFilter();
    f.categoryBits = EDDY_CLOCK_BITS;
    f.maskBits = EDDY_CLOCK_BITS;
    return f;
}

static bool find_clock(b2ShapeId id, void *context)
{
    if (b2Shape_GetUserData(id) != (void *)clock_tag)
        return true;
    *(bool *)context = true;
    return false; /* found: stop */
}

static bool world_has_clock(b2WorldId world)
{
    bool found = false;
    b2Vec2 c = clock_position();
    b2AABB box = {v2(c.x - 1.0, c.y - 1.0), v2(c.x + 1.0, c.y + 1.0)};
#if EDDY_BOX2D_DEV
    b2World_OverlapAABB(world, v2(0, 0), box, clock_filter(), find_clock, &found);
#else
    b2World_OverlapAABB(world, box, clock_filter(), find_clock, &found);
#endif
    return found;
}

static b2BodyId make_clock(b2WorldId world)
{
    b2BodyDef bd = b2DefaultBodyDef();
    bd.type = b2_kinematicBody;
    bd.position = clock_position();
    bd.angularVelocity = (float)EDDY_PORT_CLOCK_RATE;
    bd.enableSleep = false;
    bd.name = clock_tag;
    b2BodyId clock = b2CreateBody(world, &bd); /* null while the world is locked */
    if (B2_IS_NULL(clock))
        return clock;
    b2ShapeDef sd = b2DefaultShapeDef();
    sd.density = 0.0f;
    sd.filter.categoryBits = EDDY_CLOCK_BITS;
    sd.filter.maskBits = EDDY_CLOCK_BITS;
    sd.enableSensorEvents = false;
    sd.enableContactEvents = false;
    sd.userData = (void *)clock_tag;
    b2Circle dot = {v2(0, 0), 0.25f};
    b2CreateCircleShape(clock, &sd, &dot);
    return clock;
}

static void native_clock_start(eddy_world *w)
{
    b2BodyId clock = w->native->clock;
    b2Body_SetTransform(clock, clock_position(), b2Rot_identity);
    b2Body_SetLinearVelocity(clock, v2(0, 0));
    b2Body_SetAngularVelocity(clock, (float)EDDY_PORT_CLOCK_RATE);
}

/* The angle from the rotation itself (b2Rot_GetAngle approximates). */
static double native_clock_read(const eddy_world *w)
{
    b2Rot q = b2Body_GetRotation(w->native->clock);
    return atan2((double)q.s, (double)q.c) / EDDY_PORT_CLOCK_RATE;
}

/* ------------------------------------------------------------ the engine table */

static const eddyi_body_engine box2d_engine = {
    .backend = native_backend,
    .world_create = native_world_create,
    .world_destroy = native_world_destroy,
    .world_alive = native_world_alive,
    .body_alive = native_body_alive,
    .clock_start = native_clock_start,
    .clock_read = native_clock_read,
    .world_gravity = native_world_gravity,
    .world_set_gravity = native_world_set_gravity,
    .world_step = native_world_step,
    .body_create = native_body_create,
    .body_destroy = native_body_destroy,
    .body_forget = native_body_forget,
    .body_unadopt = native_body_unadopt,
    .body_adopt = native_body_adopt,
    .shapes_changed = native_shapes_changed,
    .body_type = native_body_type,
    .shape_create = native_shape_create,
    .pose = native_pose,
    .velocity = native_velocity,
    .mass = native_mass,
    .set_unit_mass = native_set_unit_mass,
    .set_mass = native_set_mass,
    .set_gravity_scale = native_set_gravity_scale,
    .gravity_scale = native_gravity_scale,
    .is_awake = native_is_awake,
    .set_awake = native_set_awake,
    .enable_sleep = native_enable_sleep,
    .is_sleep_enabled = native_is_sleep_enabled,
    .apply = native_apply,
    .set_transform = native_set_transform,
    .set_velocity = native_set_velocity,
    .kinematic_turn = native_kinematic_turn,
    .ray_cast = native_ray_cast,
    .query_point = native_query_point,
    .drag_create = native_drag_create,
    .drag_set_target = native_drag_set_target,
    .drag_destroy = native_drag_destroy,
    .read = eddyi_port_read_by_getters,
    .apply_wrench = eddyi_port_wrench_by_pushes,
};

/* eddy's own worlds on this Box2D (eddy_body.h): the port makes the world,
 * this backend's table answers for it. */
eddy_result eddy_world_create(const eddy_world_desc *desc, eddy_world **out, eddy_error *err)
{
    return eddyi_port_world_create(&box2d_engine, desc, out, err);
}

void eddy_body_get_backend(eddy_body_backend_info *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    native_backend(NULL, out);
}

/* ------------------------------------------------------------ eddy_box2d_v3.h */

/* A libeddy.so that carries its own (hidden) copy of Box2D v3 has its own
 * table of worlds: ids made by the game's copy mean nothing to it, and the
 * wrong world would be stepped or a freed slot read. The game's b2GetVersion
 * (passed by the inline eddy_world_adopt_box2d) is this library's own only
 * when the two share one Box2D. */
eddy_result eddy_world_adopt_box2d_checked(b2WorldId world, b2Version (*box2d_version)(void),
                                           eddy_world **out, eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (box2d_version != b2GetVersion)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the game and libeddy run two copies of Box2D (a shared libeddy with "
                         "Box2D built in): link libeddy statically (pkg-config --static), or "
                         "build it against a shared libbox2d");
    if (!b2World_IsValid(world))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "not a live Box2D v3 world");
    /* two handles on one world would couple its bodies twice */
    if (world_has_clock(world))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the Box2D world already has an eddy handle (adopted twice): use that "
                         "one, or eddy_world_destroy it first");
    eddy_native_world *n = (eddy_native_world *)eddy_calloc(1, sizeof *n);
    if (!n)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a Box2D world");
    n->id = world;
    n->anchor = b2_nullBodyId; /* no drags in a game's world */
    n->clock = make_clock(world);
    if (B2_IS_NULL(n->clock)) {
        free_native_world(n);
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the Box2D world is locked (inside its step): adopt it between steps");
    }
    eddy_result r = eddyi_port_adopt_world(&box2d_engine, n, out, err);
    if (r != EDDY_OK) {
        b2DestroyBody(n->clock);
        free_native_world(n);
    }
    return r;
}

eddy_result eddy_body_adopt_box2d(eddy_world *world, b2BodyId body, eddy_body **out,
                                  eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!world)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    if (!eddyi_port_world_live(world))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the Box2D world of this handle was destroyed: destroy the handle");
    if (!b2Body_IsValid(body))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "not a live Box2D v3 body");
    b2WorldId owner = b2Body_GetWorld(body);
    if (owner.index1 != world->native->id.index1 ||
        owner.generation != world->native->id.generation)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the Box2D body is not in this world");
    return eddyi_port_adopt_body(world, b2StoreBodyId(body), out, err);
}

b2BodyId eddy_body_box2d(const eddy_body *body)
{
    return body ? body_id(body) : b2_nullBodyId;
}

b2WorldId eddy_world_box2d(const eddy_world *world)
{
    return world ? world->native->id : b2_nullWorldId;
}
