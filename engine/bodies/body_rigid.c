// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* body_rigid.c - the port's hooks for a world made from a game's table
 * (eddy_rigid.h): each reads or writes the game's engine through one entry
 * of the table, the way body_box2d_v3.c / body_box2d_v24.cpp do through
 * Box2D. A body's eddy_rigid_id lives in its native reference (index in the
 * low 32 bits, generation in the high). The world's engine table
 * (rigid_engine, at the end) routes the port's calls here. */
#include "body_port.h"
#include "eddy_rigid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Shapes read from one of the game's bodies, at most. */
#define RIGID_MAX_SHAPES 16

static eddy_rigid_id rigid_id(const eddy_body *b)
{
    eddy_rigid_id id = {(uint32_t)(b->native & 0xffffffffu), (uint32_t)(b->native >> 32)};
    return id;
}

static const eddyi_body_engine rigid_engine;

static const eddy_rigid_interface *table_of(const eddy_body *b) { return b->world->rigid; }

/* The one call that reads a body: false when it is gone. */
static bool read_state(const eddy_body *b, eddy_rigid_state *s)
{
    memset(s, 0, sizeof *s);
    const eddy_rigid_interface *t = table_of(b);
    return t->read(t->context, rigid_id(b), s);
}

/* ------------------------------------------------------------ world */

static const char *missing_entry(const eddy_rigid_interface *t)
{
    if (!t->read) return "read";
    if (!t->shapes) return "shapes";
    if (!t->apply_force) return "apply_force";
    if (!t->set_mass) return "set_mass";
    if (!t->set_gravity_scale) return "set_gravity_scale";
    if (!t->set_sleep_enabled) return "set_sleep_enabled";
    if (!t->set_awake) return "set_awake";
    if (!t->set_velocity) return "set_velocity";
    if (!t->set_transform) return "set_transform";
    if (!t->gravity) return "gravity";
    if (!t->time) return "time";
    return NULL;
}

eddy_result eddy_world_from_rigid(const eddy_rigid_interface *table, eddy_world **out,
                                  eddy_error *err)
{
    if (!out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!table) return eddy_fail(err, EDDY_ERR_ARGUMENT, "the rigid-body table is NULL");
    const char *missing = missing_entry(table);
    if (missing)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the rigid-body table has no %s (eddy_rigid.h)",
                         missing);
    eddy_rigid_interface *copy = eddy_alloc(sizeof *copy);
    if (!copy) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a world");
    *copy = *table;
    eddy_world *w = NULL;
    eddy_result r = eddyi_port_adopt_world(&rigid_engine, NULL, &w, err);
    if (r != EDDY_OK) {
        eddy_free(copy);
        return r;
    }
    w->rigid = copy;
    *out = w;
    return EDDY_OK;
}

static void rigid_world_destroy(eddy_world *w)
{
    eddy_free(w->rigid);
    w->rigid = NULL;
}

/* The engine's constants, as the table gave them. */
static void rigid_backend(const eddy_world *w, eddy_body_backend_info *out)
{
    out->name = w->rigid->name ? w->rigid->name : "rigid-table";
    out->polygon_skin = w->rigid->polygon_skin;
    out->substeps = w->rigid->substeps;
}

static bool rigid_world_alive(const eddy_world *w)
{
    return !w->rigid->world_alive || w->rigid->world_alive(w->rigid->context);
}

static void rigid_clock_start(eddy_world *w) { w->rigid_clock = w->rigid->time(w->rigid->context); }

static double rigid_clock_read(const eddy_world *w)
{
    return w->rigid->time(w->rigid->context) - w->rigid_clock;
}

static void rigid_world_gravity(const eddy_world *w, double out[2])
{
    out[0] = out[1] = 0.0;
    w->rigid->gravity(w->rigid->context, out);
}

/* ------------------------------------------------------------ bodies */

eddy_result eddy_body_from_rigid(eddy_world *w, eddy_rigid_id id, eddy_body **out,
                                 eddy_error *err)
{
    if (!out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!w || !w->rigid)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the world was not made from a rigid-body table (eddy_world_from_rigid)");
    if (!eddyi_port_world_live(w))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the game's world is gone");
    eddy_rigid_state s;
    memset(&s, 0, sizeof s);
    if (!w->rigid->read(w->rigid->context, id, &s))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the game's body %u (generation %u) is not alive",
                         id.index, id.generation);
    eddy_native_ref native = (eddy_native_ref)id.index | ((eddy_native_ref)id.generation << 32);
    return eddyi_port_adopt_body(w, native, out, err);
}

eddy_rigid_id eddy_body_rigid_id(const eddy_body *b)
{
    eddy_rigid_id none = {0, 0};
    return b && b->world && b->world->rigid ? rigid_id(b) : none;
}

static bool rigid_body_alive(const eddy_body *b)
{
    eddy_rigid_state s;
    return read_state(b, &s);
}

static void rigid_body_forget(eddy_body *b) { (void)b; }
static void rigid_body_unadopt(eddy_body *b) { (void)b; }

static eddy_result rigid_body_adopt(eddy_body *b, eddy_error *err)
{
    const eddy_rigid_interface *t = table_of(b);
    eddy_rigid_state s;
    read_state(b, &s);
    b->type = s.type;
    b->gravity_scale = s.gravity_scale;
    b->fixed_rotation = s.type == EDDY_BODY_DYNAMIC && !(s.inertia > 0.0);
    b->box2d_user_data = s.user_data;
    b->rigid_revision = s.shape_revision;
    eddy_shape_info shapes[RIGID_MAX_SHAPES];
    int n = t->shapes(t->context, rigid_id(b), shapes, RIGID_MAX_SHAPES);
    if (n < 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the game's body has a shape eddy cannot panel "
                         "(circles and convex polygons only)");
    if (n > RIGID_MAX_SHAPES)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the game's body has %d shapes, more than %d",
                         n, RIGID_MAX_SHAPES);
    for (int k = 0; k < n; ++k) {
        eddy_result r = eddyi_port_adopt_shape(b, (eddy_native_ref)k, &shapes[k], err);
        if (r != EDDY_OK) return r;
    }
    return EDDY_OK;
}

/* The shapes changed when their revision did (eddy_rigid_state). */
static bool rigid_shapes_changed(eddy_body *b)
{
    eddy_rigid_state s;
    read_state(b, &s);
    return s.shape_revision != b->rigid_revision;
}

static eddy_body_type rigid_body_type(const eddy_body *b)
{
    eddy_rigid_state s;
    read_state(b, &s);
    return s.type;
}

static void rigid_pose(const eddy_body *b, double pos[2], double *c, double *s)
{
    eddy_rigid_state st;
    read_state(b, &st);
    pos[0] = st.position[0], pos[1] = st.position[1];
    *c = cos(st.angle), *s = sin(st.angle);
}

static void rigid_velocity(const eddy_body *b, double v[2], double *w)
{
    eddy_rigid_state s;
    read_state(b, &s);
    v[0] = s.velocity[0], v[1] = s.velocity[1];
    *w = s.angular_velocity;
}

static void mass_of(const eddy_rigid_state *st, eddy_port_mass *out)
{
    const eddy_rigid_state s = *st;
    out->mass = s.mass;
    out->inertia = s.inertia;
    out->local_center[0] = s.local_center[0], out->local_center[1] = s.local_center[1];
    double c = cos(s.angle), sn = sin(s.angle);
    out->world_center[0] = s.position[0] + c * s.local_center[0] - sn * s.local_center[1];
    out->world_center[1] = s.position[1] + sn * s.local_center[0] + c * s.local_center[1];
}

static void rigid_mass(const eddy_body *b, eddy_port_mass *out)
{
    eddy_rigid_state s;
    read_state(b, &s);
    mass_of(&s, out);
}

/* The coupling's one read of the body in a step (body_port.h). */
static bool rigid_read(eddy_body *b, eddy_port_state *out)
{
    eddy_rigid_state s;
    if (!read_state(b, &s))
        return false;
    out->pos[0] = s.position[0], out->pos[1] = s.position[1];
    out->c = cos(s.angle), out->s = sin(s.angle);
    out->v[0] = s.velocity[0], out->v[1] = s.velocity[1];
    out->w = s.angular_velocity;
    mass_of(&s, &out->mass);
    out->type = s.type;
    out->gravity_scale = s.gravity_scale;
    out->awake = s.awake;
    out->sleep_enabled = s.sleep_enabled;
    out->shapes_changed = b->adopted && s.shape_revision != b->rigid_revision;
    return true;
}

/* ... and its one write. */
static void rigid_apply_wrench(eddy_body *b, double fx, double fy, double torque)
{
    const eddy_rigid_interface *t = table_of(b);
    t->apply_force(t->context, rigid_id(b), fx, fy, torque);
}

static void rigid_set_mass(eddy_body *b, double mass, double inertia, const double local_center[2])
{
    const eddy_rigid_interface *t = table_of(b);
    t->set_mass(t->context, rigid_id(b), mass, inertia, local_center);
}

static void rigid_set_gravity_scale(eddy_body *b, double scale)
{
    const eddy_rigid_interface *t = table_of(b);
    t->set_gravity_scale(t->context, rigid_id(b), scale);
}

static double rigid_gravity_scale(const eddy_body *b)
{
    eddy_rigid_state s;
    read_state(b, &s);
    return s.gravity_scale;
}

static bool rigid_is_awake(const eddy_body *b)
{
    eddy_rigid_state s;
    read_state(b, &s);
    return s.awake;
}

static void rigid_set_awake(eddy_body *b, bool awake)
{
    const eddy_rigid_interface *t = table_of(b);
    t->set_awake(t->context, rigid_id(b), awake);
}

static void rigid_enable_sleep(eddy_body *b, bool enable)
{
    const eddy_rigid_interface *t = table_of(b);
    t->set_sleep_enabled(t->context, rigid_id(b), enable);
    if (!enable) t->set_awake(t->context, rigid_id(b), true);
}

static bool rigid_is_sleep_enabled(const eddy_body *b)
{
    eddy_rigid_state s;
    read_state(b, &s);
    return s.sleep_enabled;
}

/* Forces at a point become force and torque about the centre of mass; an
 * impulse becomes the velocity change it makes. */
static void rigid_apply(eddy_body *b, eddy_port_push kind, double x, double y, double px, double py)
{
    const eddy_rigid_interface *t = table_of(b);
    eddy_rigid_id id = rigid_id(b);
    if (kind == EDDY_PORT_FORCE_TO_CENTER) {
        t->apply_force(t->context, id, x, y, 0.0);
        return;
    }
    if (kind == EDDY_PORT_TORQUE) {
        t->apply_force(t->context, id, 0.0, 0.0, x);
        return;
    }
    eddy_port_mass m;
    rigid_mass(b, &m);
    double rx = px - m.world_center[0], ry = py - m.world_center[1], moment = rx * y - ry * x;
    if (kind == EDDY_PORT_FORCE) {
        t->apply_force(t->context, id, x, y, moment);
        return;
    }
    eddy_rigid_state s;
    read_state(b, &s);
    if (!(s.mass > 0.0)) return;
    double w = s.angular_velocity + (s.inertia > 0.0 ? moment / s.inertia : 0.0);
    t->set_velocity(t->context, id, s.velocity[0] + x / s.mass, s.velocity[1] + y / s.mass, w);
}

static void rigid_set_transform(eddy_body *b, double x, double y, double angle)
{
    const eddy_rigid_interface *t = table_of(b);
    t->set_transform(t->context, rigid_id(b), x, y, angle);
}

static void rigid_set_velocity(eddy_body *b, double vx, double vy, double w)
{
    const eddy_rigid_interface *t = table_of(b);
    t->set_velocity(t->context, rigid_id(b), vx, vy, w);
}

/* ------------------------------------------------------------ the engine table */

/* What a table world answers the port with. Its bodies are the game's
 * (adopted): the port never asks it to make a world, step, make or destroy
 * a body, add a shape, drag, move kinematically or query (those entries
 * stay NULL). */
static const eddyi_body_engine rigid_engine = {
    .world_destroy = rigid_world_destroy,
    .backend = rigid_backend,
    .world_alive = rigid_world_alive,
    .clock_start = rigid_clock_start,
    .clock_read = rigid_clock_read,
    .world_gravity = rigid_world_gravity,
    .body_alive = rigid_body_alive,
    .body_forget = rigid_body_forget,
    .body_unadopt = rigid_body_unadopt,
    .body_adopt = rigid_body_adopt,
    .shapes_changed = rigid_shapes_changed,
    .body_type = rigid_body_type,
    .pose = rigid_pose,
    .velocity = rigid_velocity,
    .mass = rigid_mass,
    .read = rigid_read,
    .apply_wrench = rigid_apply_wrench,
    .set_mass = rigid_set_mass,
    .set_gravity_scale = rigid_set_gravity_scale,
    .gravity_scale = rigid_gravity_scale,
    .is_awake = rigid_is_awake,
    .set_awake = rigid_set_awake,
    .enable_sleep = rigid_enable_sleep,
    .is_sleep_enabled = rigid_is_sleep_enabled,
    .apply = rigid_apply,
    .set_transform = rigid_set_transform,
    .set_velocity = rigid_set_velocity,
};
