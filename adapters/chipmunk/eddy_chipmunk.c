// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* eddy_chipmunk.c - eddy's rigid-body table (eddy_rigid.h) filled from a
 * Chipmunk2D 7 space (eddy_chipmunk.h says how a game uses it). Bodies are
 * kept in slots whose generation changes when a slot is reused, so a body
 * the game forgot and freed is never read again. */
#include "eddy_chipmunk.h"

#include <chipmunk/chipmunk_structs.h> /* a shape's kind (cpShapeClass) */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct slot {
    cpBody *body;          /* NULL: free, or the game freed it */
    uint32_t generation;
    double gravity_scale;  /* Chipmunk has none: eddy_chipmunk_step applies it */
    bool sleep_enabled;
} slot;

struct eddy_chipmunk {
    cpSpace *space;
    slot *slots;
    int count, capacity;
    double time;           /* seconds eddy_chipmunk_step has stepped */
    bool has_world;
};

static slot *slot_of(eddy_chipmunk *cm, eddy_rigid_id id)
{
    if (id.index >= (uint32_t)cm->count) return NULL;
    slot *s = &cm->slots[id.index];
    return s->body && s->generation == id.generation ? s : NULL;
}

/* ------------------------------------------------------------ the table */

/* The shapes' revision: their count and handles mixed (Chipmunk keeps no
 * counter of its own). */
static void mix_shape(cpBody *body, cpShape *shape, void *data)
{
    (void)body;
    uint64_t *h = data;
    *h = (*h ^ (uint64_t)(uintptr_t)shape) * 0x100000001b3u;
}

static bool cm_read(void *ctx, eddy_rigid_id id, eddy_rigid_state *out)
{
    slot *s = slot_of(ctx, id);
    if (!s) return false;
    cpBody *b = s->body;
    cpVect p = cpBodyGetPosition(b), c = cpBodyGetCenterOfGravity(b), v = cpBodyGetVelocity(b);
    out->position[0] = p.x, out->position[1] = p.y;
    out->angle = cpBodyGetAngle(b);
    out->local_center[0] = c.x, out->local_center[1] = c.y;
    out->velocity[0] = v.x, out->velocity[1] = v.y;
    out->angular_velocity = cpBodyGetAngularVelocity(b);
    cpBodyType type = cpBodyGetType(b);
    out->type = type == CP_BODY_TYPE_DYNAMIC     ? EDDY_BODY_DYNAMIC
                : type == CP_BODY_TYPE_KINEMATIC ? EDDY_BODY_KINEMATIC
                                                 : EDDY_BODY_STATIC;
    if (out->type == EDDY_BODY_DYNAMIC) {
        double moment = cpBodyGetMoment(b);
        out->mass = cpBodyGetMass(b);
        out->inertia = isfinite(moment) ? moment : 0.0; /* infinite: it does not turn */
    }
    out->gravity_scale = s->gravity_scale;
    out->sleep_enabled = s->sleep_enabled;
    out->awake = !cpBodyIsSleeping(b);
    out->user_data = cpBodyGetUserData(b);
    uint64_t h = 0xcbf29ce484222325u;
    cpBodyEachShape(b, mix_shape, &h);
    out->shape_revision = h;
    return true;
}

typedef struct shape_reader {
    eddy_shape_info *out;
    int capacity, count;
    bool refused;
} shape_reader;

static void read_shape(cpBody *body, cpShape *shape, void *data)
{
    (void)body;
    shape_reader *r = data;
    eddy_shape_info info;
    memset(&info, 0, sizeof info);
    cpVect offset;
    int n;
    switch (shape->klass->type) {
    case CP_CIRCLE_SHAPE:
        offset = cpCircleShapeGetOffset(shape);
        info.type = EDDY_SHAPE_CIRCLE;
        info.center[0] = offset.x, info.center[1] = offset.y;
        info.radius = cpCircleShapeGetRadius(shape);
        break;
    case CP_POLY_SHAPE:
        n = cpPolyShapeGetCount(shape);
        if (cpPolyShapeGetRadius(shape) != 0.0 || n > EDDY_MAX_POLYGON_VERTICES) {
            r->refused = true;
            return;
        }
        info.type = EDDY_SHAPE_POLYGON;
        info.vertex_count = n;
        for (int i = 0; i < n; ++i) {
            cpVect q = cpPolyShapeGetVert(shape, i);
            info.vertices[i][0] = q.x, info.vertices[i][1] = q.y;
        }
        break;
    default: /* segments: no area to panel */
        r->refused = true;
        return;
    }
    info.density = cpShapeGetDensity(shape);
    info.friction = cpShapeGetFriction(shape);
    info.restitution = cpShapeGetElasticity(shape);
    info.is_sensor = cpShapeGetSensor(shape);
    info.user_data = cpShapeGetUserData(shape);
    if (r->count < r->capacity) r->out[r->count] = info;
    ++r->count;
}

static int cm_shapes(void *ctx, eddy_rigid_id id, eddy_shape_info *out, int capacity)
{
    slot *s = slot_of(ctx, id);
    if (!s) return 0;
    shape_reader r = {out, capacity, 0, false};
    cpBodyEachShape(s->body, read_shape, &r);
    return r.refused ? -1 : r.count;
}

static void cm_apply_force(void *ctx, eddy_rigid_id id, double fx, double fy, double torque)
{
    slot *s = slot_of(ctx, id);
    if (!s || cpBodyGetType(s->body) != CP_BODY_TYPE_DYNAMIC) return;
    cpBodySetForce(s->body, cpvadd(cpBodyGetForce(s->body), cpv(fx, fy)));
    cpBodySetTorque(s->body, cpBodyGetTorque(s->body) + torque);
}

static void cm_set_mass(void *ctx, eddy_rigid_id id, double mass, double inertia,
                        const double local_center[2])
{
    slot *s = slot_of(ctx, id);
    if (!s || cpBodyGetType(s->body) != CP_BODY_TYPE_DYNAMIC || !(mass > 0.0)) return;
    cpBodySetMass(s->body, mass);
    cpBodySetMoment(s->body, inertia > 0.0 ? inertia : INFINITY);
    cpBodySetCenterOfGravity(s->body, cpv(local_center[0], local_center[1]));
}

static void cm_set_gravity_scale(void *ctx, eddy_rigid_id id, double scale)
{
    slot *s = slot_of(ctx, id);
    if (s) s->gravity_scale = scale;
}

static void cm_set_sleep_enabled(void *ctx, eddy_rigid_id id, bool enabled)
{
    slot *s = slot_of(ctx, id);
    if (s) s->sleep_enabled = enabled;
}

static void cm_set_awake(void *ctx, eddy_rigid_id id, bool awake)
{
    slot *s = slot_of(ctx, id);
    if (!s || cpBodyGetType(s->body) == CP_BODY_TYPE_STATIC) return;
    if (awake) cpBodyActivate(s->body);
    else cpBodySleep(s->body);
}

static void cm_set_velocity(void *ctx, eddy_rigid_id id, double vx, double vy, double w)
{
    slot *s = slot_of(ctx, id);
    if (!s) return;
    cpBodySetVelocity(s->body, cpv(vx, vy));
    cpBodySetAngularVelocity(s->body, w);
}

static void cm_set_transform(void *ctx, eddy_rigid_id id, double x, double y, double angle)
{
    slot *s = slot_of(ctx, id);
    if (!s) return;
    cpBodySetAngle(s->body, angle);
    cpBodySetPosition(s->body, cpv(x, y));
    if (cpBodyGetType(s->body) == CP_BODY_TYPE_STATIC)
        cpSpaceReindexShapesForBody(((eddy_chipmunk *)ctx)->space, s->body);
}

static void cm_gravity(void *ctx, double out[2])
{
    cpVect g = cpSpaceGetGravity(((eddy_chipmunk *)ctx)->space);
    out[0] = g.x, out[1] = g.y;
}

static double cm_time(void *ctx) { return ((eddy_chipmunk *)ctx)->time; }

/* ------------------------------------------------------------ the adapter */

static eddy_result fail(eddy_error *err, eddy_result code, const char *message)
{
    if (err) {
        err->code = code;
        snprintf(err->message, sizeof err->message, "eddy_chipmunk: %s", message);
    }
    return code;
}

eddy_result eddy_chipmunk_create(cpSpace *space, eddy_chipmunk **out, eddy_error *err)
{
    if (!out || !space) return fail(err, EDDY_ERR_ARGUMENT, "space and out are required");
    *out = NULL;
    eddy_chipmunk *cm = calloc(1, sizeof *cm);
    if (!cm) return fail(err, EDDY_ERR_MEMORY, "out of memory");
    cm->space = space;
    *out = cm;
    return EDDY_OK;
}

void eddy_chipmunk_destroy(eddy_chipmunk *cm)
{
    if (!cm) return;
    free(cm->slots);
    free(cm);
}

void eddy_chipmunk_table(eddy_chipmunk *cm, eddy_rigid_interface *out)
{
    eddy_rigid_interface t = {0};
    t.context = cm;
    t.read = cm_read;
    t.shapes = cm_shapes;
    t.apply_force = cm_apply_force;
    t.set_mass = cm_set_mass;
    t.set_gravity_scale = cm_set_gravity_scale;
    t.set_sleep_enabled = cm_set_sleep_enabled;
    t.set_awake = cm_set_awake;
    t.set_velocity = cm_set_velocity;
    t.set_transform = cm_set_transform;
    t.gravity = cm_gravity;
    t.time = cm_time;
    t.name = "chipmunk-7"; /* one velocity, then positions: no substeps, no skin */
    *out = t;
}

eddy_result eddy_chipmunk_world(eddy_chipmunk *cm, eddy_world **out, eddy_error *err)
{
    eddy_rigid_interface t;
    if (cm) eddy_chipmunk_table(cm, &t);
    return eddy_world_from_rigid(cm ? &t : NULL, out, err);
}

eddy_result eddy_chipmunk_body(eddy_chipmunk *cm, eddy_world *w, cpBody *body, eddy_body **out,
                               eddy_error *err)
{
    if (!cm || !body || !out) return fail(err, EDDY_ERR_ARGUMENT, "adapter, body and out are required");
    int at = -1;
    for (int i = 0; i < cm->count; ++i) {
        if (cm->slots[i].body == body) {
            at = i;
            break;
        }
        if (!cm->slots[i].body && at < 0) at = i;
    }
    if (at < 0 || cm->slots[at].body != body) {
        if (at < 0) {
            if (cm->count == cm->capacity) {
                int cap = cm->capacity ? 2 * cm->capacity : 16;
                slot *grown = realloc(cm->slots, (size_t)cap * sizeof *grown);
                if (!grown) return fail(err, EDDY_ERR_MEMORY, "out of memory");
                cm->slots = grown, cm->capacity = cap;
            }
            at = cm->count++;
            cm->slots[at].generation = 0;
        }
        slot *s = &cm->slots[at];
        s->body = body;
        ++s->generation;
        s->gravity_scale = 1.0;
        s->sleep_enabled = true;
    }
    eddy_rigid_id id = {(uint32_t)at, cm->slots[at].generation};
    return eddy_body_from_rigid(w, id, out, err);
}

cpBody *eddy_chipmunk_body_of(const eddy_chipmunk *cm, const eddy_body *b)
{
    if (!cm || !b) return NULL;
    slot *s = slot_of((eddy_chipmunk *)cm, eddy_body_rigid_id(b));
    return s ? s->body : NULL;
}

void eddy_chipmunk_forget(eddy_chipmunk *cm, cpBody *body)
{
    for (int i = 0; cm && body && i < cm->count; ++i)
        if (cm->slots[i].body == body) cm->slots[i].body = NULL;
}

void eddy_chipmunk_step(eddy_chipmunk *cm, double dt)
{
    cpVect g = cpSpaceGetGravity(cm->space);
    for (int i = 0; i < cm->count; ++i) {
        slot *s = &cm->slots[i];
        if (!s->body || s->gravity_scale == 1.0 || cpBodyGetType(s->body) != CP_BODY_TYPE_DYNAMIC)
            continue;
        double k = (s->gravity_scale - 1.0) * cpBodyGetMass(s->body);
        cpBodySetForce(s->body, cpvadd(cpBodyGetForce(s->body), cpvmult(g, k)));
    }
    cpSpaceStep(cm->space, dt);
    cm->time += dt;
}
