// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_port.c - the half of the rigid-body port (eddy_body.h) that does not
 * depend on Box2D, shared by both backends.
 *
 * Every public function of eddy_body.h is here: it checks its arguments,
 * resolves defaults, keeps the port's own records (bodies in creation order,
 * shapes as given, drags, sensor events) and asks the world's engine
 * (body_box2d_v3.c, body_box2d_v24.cpp or a game's table, body_rigid.c)
 * through the engine table the world carries (eddyi_body_engine, body_port.h)
 * for what only the engine knows or does. Because validation, defaults,
 * event filtering and all ordering live only here, the two backends cannot
 * drift apart on them. No Box2D header is included.
 */
#include "body_port.h"

#include "core_internal.h" /* eddy_fail and eddyi_clear_error, also declared in body_port.h */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PORT_DEFAULT_EVENT_CAPACITY 256
#define PORT_DEFAULT_SUBSTEPS 4
#define PORT_MAX_SUBSTEPS 64
#define PORT_DEFAULT_DENSITY 1.0
#define PORT_DEFAULT_FRICTION 0.6
#define PORT_DRAG_HERTZ 5.0
#define PORT_DRAG_DAMPING_RATIO 0.7
#define PORT_DRAG_FORCE_PER_KG 1000.0
/* Polygons: eddyi_convex_outline_check (engine/core/outline.c), the check a
 * level's walls pass too. */
_Static_assert(EDDY_MAX_POLYGON_VERTICES == EDDY_OUTLINE_MAX_VERTICES,
               "a body's polygon and a wall's rock piece hold as many vertices");
/* Largest magnitude accepted for any number passed on to Box2D, which works
 * in single precision. */
#define PORT_MAX_VALUE 1e15

/* ==================================================================== *
 * Checks and defaults                                                   *
 * ==================================================================== */

static eddy_result port_ok(eddy_error *err)
{
    eddyi_clear_error(err);
    return EDDY_OK;
}

static bool port_finite(double v)
{
    return isfinite(v) && fabs(v) < PORT_MAX_VALUE;
}

static bool port_finite2(double a, double b)
{
    return port_finite(a) && port_finite(b);
}

/* The same angle in (-pi, pi]. */
static double port_wrap_angle(double a)
{
    a = fmod(a, 2.0 * EDDY_PORT_PI);
    if (a > EDDY_PORT_PI)
        a -= 2.0 * EDDY_PORT_PI;
    else if (a <= -EDDY_PORT_PI)
        a += 2.0 * EDDY_PORT_PI;
    return a;
}

static double port_cross(double ax, double ay, double bx, double by)
{
    return ax * by - ay * bx;
}

bool eddyi_port_finite(double v)
{
    return port_finite(v);
}

bool eddyi_port_measure_polygon(const double (*p)[2], int n, eddy_shape_info *s)
{
    double twice_area = 0.0;
    for (int i = 0; i < n; ++i) {
        const double *a = p[i], *b = p[(i + 1) % n];
        twice_area += port_cross(a[0], a[1], b[0], b[1]);
    }
    for (int i = 0; i < n; ++i) { /* reversed when clockwise */
        int k = twice_area >= 0.0 ? i : (n - i) % n;
        s->vertices[i][0] = p[k][0];
        s->vertices[i][1] = p[k][1];
    }
    const double (*v)[2] = (const double (*)[2])s->vertices;
    /* area and centroid, measured from the first vertex to keep precision */
    double area2 = 0.0, cx = 0.0, cy = 0.0;
    for (int i = 1; i + 1 < n; ++i) {
        double ax = v[i][0] - v[0][0], ay = v[i][1] - v[0][1];
        double bx = v[i + 1][0] - v[0][0], by = v[i + 1][1] - v[0][1];
        double t = port_cross(ax, ay, bx, by);
        area2 += t;
        cx += t * (ax + bx);
        cy += t * (ay + by);
    }
    s->type = EDDY_SHAPE_POLYGON;
    s->vertex_count = n;
    s->area = 0.5 * area2;
    s->radius = 0.0;
    if (!(area2 > 0.0)) { /* flat: no centroid */
        s->center[0] = v[0][0];
        s->center[1] = v[0][1];
        return false;
    }
    s->center[0] = v[0][0] + cx / (3.0 * area2);
    s->center[1] = v[0][1] + cy / (3.0 * area2);
    return isfinite(s->center[0]) && isfinite(s->center[1]);
}

/* Checks the n points of a polygon given in either winding and stores them
 * counter-clockwise in s, with the area and the centroid. */
static eddy_result port_prepare_polygon(const double (*p)[2], int n, eddy_shape_info *s,
                                        eddy_error *err)
{
    eddyi_port_measure_polygon(p, n, s); /* a flat one fails the checks below */
    return eddyi_convex_outline_check((const double (*)[2])s->vertices, n, err);
}

/* Checks a shape description and turns it into the geometry and material the
 * body will hold, defaults resolved. */
static eddy_result port_prepare_shape(const eddy_shape_desc *d, eddy_shape_info *s,
                                      eddy_error *err)
{
    memset(s, 0, sizeof *s);
    if (!d)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape description is NULL");

    eddy_result r = EDDY_OK;
    switch (d->type) {
    case EDDY_SHAPE_CIRCLE:
        if (!port_finite2(d->center[0], d->center[1]))
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "circle centre is not finite");
        if (!port_finite(d->radius) || !(d->radius > 0.0))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "circle radius must be positive and finite (got %g)", d->radius);
        s->type = EDDY_SHAPE_CIRCLE;
        s->center[0] = d->center[0];
        s->center[1] = d->center[1];
        s->radius = d->radius;
        s->area = EDDY_PORT_PI * d->radius * d->radius;
        break;
    case EDDY_SHAPE_BOX: {
        if (!port_finite2(d->center[0], d->center[1]) || !port_finite(d->angle))
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "box centre or angle is not finite");
        if (!port_finite2(d->half_width, d->half_height) || !(d->half_width > 0.0) ||
            !(d->half_height > 0.0))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "box half sizes must be positive and finite (got %g x %g)",
                             d->half_width, d->half_height);
        double c = cos(d->angle), sn = sin(d->angle);
        static const double corner[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
        double p[4][2];
        for (int i = 0; i < 4; ++i) {
            double x = corner[i][0] * d->half_width, y = corner[i][1] * d->half_height;
            p[i][0] = d->center[0] + c * x - sn * y;
            p[i][1] = d->center[1] + sn * x + c * y;
        }
        r = port_prepare_polygon((const double (*)[2])p, 4, s, err);
        break;
    }
    case EDDY_SHAPE_POLYGON:
        if (d->vertex_count < 3 || d->vertex_count > EDDY_MAX_POLYGON_VERTICES)
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "polygon needs 3 to %d vertices (got %d)",
                             EDDY_MAX_POLYGON_VERTICES, d->vertex_count);
        for (int i = 0; i < d->vertex_count; ++i)
            if (!port_finite2(d->vertices[i][0], d->vertices[i][1]))
                return eddy_fail(err, EDDY_ERR_ARGUMENT, "polygon vertex %d is not finite", i);
        r = port_prepare_polygon((const double (*)[2])d->vertices, d->vertex_count, s, err);
        break;
    default:
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "unknown shape type %d", (int)d->type);
    }
    if (r != EDDY_OK)
        return r;

    if (d->massless)
        s->density = 0.0;
    else if (d->density == 0.0)
        s->density = d->is_sensor ? 0.0 : PORT_DEFAULT_DENSITY;
    else if (port_finite(d->density) && d->density > 0.0)
        s->density = d->density;
    else
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "density must be positive, finite and below "
                         "1e15 (got %g)",
                         d->density);

    if (d->frictionless)
        s->friction = 0.0;
    else if (d->friction == 0.0)
        s->friction = PORT_DEFAULT_FRICTION;
    else if (port_finite(d->friction) && d->friction > 0.0)
        s->friction = d->friction;
    else
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "friction must be >= 0 and finite (got %g)",
                         d->friction);

    if (!port_finite(d->restitution) || d->restitution < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "restitution must be >= 0 and finite (got %g)",
                         d->restitution);
    s->restitution = d->restitution;
    s->is_sensor = d->is_sensor;
    s->user_data = d->user_data;
    return EDDY_OK;
}

static eddy_result port_check_body_desc(const eddy_body_desc *d, eddy_error *err)
{
    if (d->type != EDDY_BODY_STATIC && d->type != EDDY_BODY_KINEMATIC &&
        d->type != EDDY_BODY_DYNAMIC)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "unknown body type %d", (int)d->type);
    if (!port_finite2(d->position[0], d->position[1]) || !port_finite(d->angle))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "body position or angle is not finite and "
                         "within %g (got %g, %g, %g)", PORT_MAX_VALUE, d->position[0],
                         d->position[1], d->angle);
    if (!port_finite2(d->linear_velocity[0], d->linear_velocity[1]) ||
        !port_finite(d->angular_velocity))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "body velocity is not finite and within %g "
                         "(got %g, %g, %g)", PORT_MAX_VALUE, d->linear_velocity[0],
                         d->linear_velocity[1], d->angular_velocity);
    if (!port_finite2(d->linear_damping, d->angular_damping) || d->linear_damping < 0.0 ||
        d->angular_damping < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "damping must be >= 0 and finite");
    if (!port_finite(d->gravity_scale))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "gravity scale is not finite");
    return EDDY_OK;
}

static double port_gravity_scale(const eddy_body_desc *d)
{
    if (d->no_gravity)
        return 0.0;
    return d->gravity_scale == 0.0 ? 1.0 : d->gravity_scale;
}

static eddy_result port_check_step(const eddy_world *w, double dt, int *substeps,
                                   eddy_error *err)
{
    if (!w)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    if (!port_finite(dt) || !(dt > 0.0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "time step must be positive and finite (got %g)",
                         dt);
    if (*substeps == 0)
        *substeps = PORT_DEFAULT_SUBSTEPS;
    if (*substeps < 1 || *substeps > PORT_MAX_SUBSTEPS)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "substeps must be 1..%d (got %d)",
                         PORT_MAX_SUBSTEPS, *substeps);
    return EDDY_OK;
}

static eddy_result port_check_drag_desc(const eddy_drag_desc *d, eddy_error *err)
{
    if (!d)
        return EDDY_OK;
    if (!port_finite(d->hertz) || d->hertz < 0.0 || !port_finite(d->damping_ratio) ||
        d->damping_ratio < 0.0 || !port_finite(d->max_force) || d->max_force < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "drag hertz, damping ratio and max force must be >= 0 and finite");
    return EDDY_OK;
}

static void port_resolve_drag(const eddy_drag_desc *d, double mass, double *hertz,
                              double *ratio, double *max_force)
{
    *hertz = d && d->hertz > 0.0 ? d->hertz : PORT_DRAG_HERTZ;
    *ratio = d && d->damping_ratio > 0.0 ? d->damping_ratio : PORT_DRAG_DAMPING_RATIO;
    *max_force = d && d->max_force > 0.0 ? d->max_force : PORT_DRAG_FORCE_PER_KG * mass;
}

/* ==================================================================== *
 * The state a coupled step holds                                        *
 * ==================================================================== */

/* The body's state read once for the coupled step that holds it
 * (eddyi_port_hold_state), read again after a write made it stale; NULL when
 * no step holds the body (the getters then ask the backend). A body found
 * gone keeps its last state and is asked nothing more (gone). A handle is
 * never allocated const, so the record may be refreshed through a const
 * pointer. */
static const eddy_port_state *port_held(const eddy_body *cb)
{
    if (!cb || !cb->state_held)
        return NULL;
    eddy_body *b = (eddy_body *)cb;
    if (!b->state_fresh) {
        eddy_port_state now;
        memset(&now, 0, sizeof now);
        if (!b->gone && b->world->engine->read(b, &now))
            b->state = now;
        else
            b->gone = true;
        b->state_fresh = true;
    }
    return &b->state;
}

/* A write through eddy: what was read may have changed. */
static void port_stale(eddy_body *b)
{
    b->state_fresh = false;
}

static void port_read_mass(const eddy_body *b, eddy_port_mass *out)
{
    const eddy_port_state *st = port_held(b);
    if (st)
        *out = st->mass;
    else
        b->world->engine->mass(b, out);
}

/* The caller has found the world alive this step (eddyi_port_world_live). */
bool eddyi_port_hold_state(eddy_body *b)
{
    if (!b || b->gone)
        return false;
    if (b->world->gone)
        b->gone = true;
    b->state_held = true;
    b->state_fresh = false;
    port_held(b);
    if (b->gone)
        b->state_held = b->state_fresh = false;
    return !b->gone;
}

void eddyi_port_let_state_go(eddy_body *b)
{
    if (b)
        b->state_held = b->state_fresh = false;
}

void eddyi_port_apply_wrench(eddy_body *b, double fx, double fy, double torque)
{
    if (!b || b->type != EDDY_BODY_DYNAMIC || !eddyi_port_body_live(b))
        return;
    if (!port_finite2(fx, fy))
        fx = fy = 0.0;
    if (!port_finite(torque))
        torque = 0.0;
    b->world->engine->apply_wrench(b, fx, fy, torque);
    if (b->state_fresh)
        b->state.awake = true; /* forces wake a body; nothing else they change is read */
}

/* Hands Box2D the body's own mass with its added mass on top, about the
 * centre of mass lc (body space), and keeps what Box2D then holds: anything
 * else found there later was set by the game (eddyi_port_resync_mass). */
static void port_set_total_mass(eddy_body *b, const double lc[2])
{
    b->world->engine->set_mass(b, b->own_mass + b->added_mass,
                         b->fixed_rotation ? 0.0 : b->own_inertia + b->added_inertia, lc);
    port_stale(b);
    port_read_mass(b, &b->seen);
}

static bool port_same_mass(const eddy_port_mass *a, const eddy_port_mass *b)
{
    return a->mass == b->mass && a->inertia == b->inertia &&
           a->local_center[0] == b->local_center[0] && a->local_center[1] == b->local_center[1];
}

/* Neither Box2D gives a dynamic body whose shapes have no density any mass
 * (v3 keeps it at 0 kg, 2.4 until a mass reset), so it would ignore gravity
 * and forces. The port gives it 1 kg and no rotational inertia, what 2.4's
 * mass reset would do. */
static void port_normalise_mass(eddy_body *b)
{
    if (b->type != EDDY_BODY_DYNAMIC)
        return;
    eddy_port_mass m;
    port_read_mass(b, &m);
    if (m.mass <= 0.0 && !b->adopted) { /* the game's body keeps what it has */
        b->world->engine->set_unit_mass(b);
        port_stale(b);
        port_read_mass(b, &m);
    }
    b->own_mass = m.mass;
    b->own_inertia = b->fixed_rotation ? 0.0 : m.inertia;
    b->seen = m;
    if (b->added_mass > 0.0 || b->added_inertia > 0.0)
        port_set_total_mass(b, m.local_center);
}

/* ==================================================================== *
 * Lifetimes                                                             *
 * ==================================================================== */

/* A Box2D body or world the game destroyed other than through eddy is found
 * here before any hook touches it (the backends tell how without reading
 * freed memory), and remembered: a handle is never allocated const, so the
 * flag may be set through a const pointer. */
bool eddyi_port_world_live(const eddy_world *w)
{
    if (!w || w->gone)
        return false;
    if (w->engine->world_alive(w))
        return true;
    ((eddy_world *)w)->gone = true;
    return false;
}

bool eddyi_port_body_live(const eddy_body *b)
{
    if (!b || b->gone)
        return false;
    if (b->state_held) /* found alive by the step's read; the game does not run inside it */
        return true;
    if (eddyi_port_world_live(b->world) && b->world->engine->body_alive(b))
        return true;
    ((eddy_body *)b)->gone = true;
    return false;
}

void *eddyi_port_box2d_user_data(const eddy_body *b)
{
    return b ? b->box2d_user_data : NULL;
}

static eddy_result port_body_gone(const eddy_body *b, eddy_error *err)
{
    return eddy_fail(err, EDDY_ERR_ARGUMENT,
                     "the Box2D body of this handle (Box2D user data %p, eddy user data %p) was "
                     "destroyed outside eddy, or its world was: destroy the handle "
                     "(eddy_body_destroy)",
                     b->box2d_user_data, b->user_data);
}

static eddy_result port_world_gone(eddy_error *err)
{
    return eddy_fail(err, EDDY_ERR_ARGUMENT,
                     "the Box2D world of this handle was destroyed outside eddy: destroy the "
                     "handle (eddy_world_destroy)");
}

/* The checks of a call that changes a body: not NULL, still in Box2D. */
static eddy_result port_check_body(const eddy_body *b, eddy_error *err)
{
    if (!b)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!eddyi_port_body_live(b))
        return port_body_gone(b, err);
    return EDDY_OK;
}

bool eddyi_port_resync_mass(eddy_body *b)
{
    if (!b || b->type != EDDY_BODY_DYNAMIC || !eddyi_port_body_live(b))
        return false;
    eddy_port_mass m;
    port_read_mass(b, &m);
    if (port_same_mass(&m, &b->seen))
        return false;
    /* the total eddy set, written back (with a new centre, say): the game
     * read its mass with eddy's added mass in it */
    bool read_back = b->added_mass > 0.0 && fabs(m.mass - b->seen.mass) <= 1e-6 * b->seen.mass &&
                     m.mass > b->added_mass;
    if (read_back) {
        b->own_mass = m.mass - b->added_mass;
        if (!b->fixed_rotation && m.inertia > b->added_inertia)
            b->own_inertia = m.inertia - b->added_inertia;
    } else { /* all Box2D has now is the body's own */
        b->own_mass = m.mass;
        b->own_inertia = b->fixed_rotation ? 0.0 : m.inertia;
    }
    b->seen = m;
    if (b->added_mass > 0.0 || b->added_inertia > 0.0)
        port_set_total_mass(b, m.local_center);
    return true;
}

eddy_body_type eddyi_port_resync_type(eddy_body *b)
{
    if (!b || !eddyi_port_body_live(b))
        return b ? b->type : EDDY_BODY_STATIC;
    const eddy_port_state *st = port_held(b);
    eddy_body_type was = b->type, now = st ? st->type : b->world->engine->body_type(b);
    if (now == was)
        return was;
    b->type = now;
    b->added_mass = b->added_inertia = 0.0; /* Box2D recomputed the mass from the shapes */
    b->has_target = false;
    port_normalise_mass(b);
    return was;
}

bool eddyi_port_shapes_changed(eddy_body *b)
{
    if (!b || !b->adopted || !eddyi_port_body_live(b))
        return false;
    const eddy_port_state *st = port_held(b);
    return st ? st->shapes_changed : b->world->engine->shapes_changed(b);
}

eddy_result eddyi_port_reread_shapes(eddy_body *b, eddy_error *err)
{
    b->shape_count = 0;
    b->added_mass = b->added_inertia = 0.0;
    eddy_result r = b->world->engine->body_adopt(b, err);
    port_stale(b);
    if (r != EDDY_OK)
        b->shape_count = 0;
    port_normalise_mass(b);
    return r;
}

/* The step clock: in eddy's own world eddy_world_step counts; in an adopted
 * one the game steps, and the backend's clock body measures it. */
void eddyi_port_clock_start(eddy_world *w)
{
    if (!eddyi_port_world_live(w))
        return;
    w->clock_steps = 0;
    w->clock_time = 0.0;
    if (w->adopted)
        w->engine->clock_start(w);
}

double eddyi_port_clock_read(const eddy_world *w, int *steps)
{
    *steps = 0;
    if (!eddyi_port_world_live(w))
        return 0.0;
    if (!w->adopted) {
        *steps = w->clock_steps;
        return w->clock_time;
    }
    *steps = -1;
    return w->engine->clock_read(w);
}

/* ==================================================================== *
 * Registries                                                            *
 * ==================================================================== */

/* Appends b to the world's bodies, which stay in creation order. */
eddy_result eddyi_port_register_body(eddy_world *w, eddy_body *b, eddy_error *err)
{
    if (w->body_count == w->body_capacity) {
        int cap = w->body_capacity ? 2 * w->body_capacity : 16;
        eddy_body **p = (eddy_body **)eddy_realloc(w->bodies, (size_t)cap * sizeof *p);
        if (!p)
            return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d bodies", cap);
        w->bodies = p;
        w->body_capacity = cap;
    }
    b->world = w;
    b->serial = w->next_serial++;
    w->bodies[w->body_count++] = b;
    return EDDY_OK;
}

void eddyi_port_unregister_body(eddy_world *w, const eddy_body *b)
{
    for (int i = 0; i < w->body_count; ++i) {
        if (w->bodies[i] == b) {
            memmove(w->bodies + i, w->bodies + i + 1,
                    (size_t)(w->body_count - i - 1) * sizeof *w->bodies);
            w->body_count--;
            return;
        }
    }
}

static void port_free_body(eddy_body *b)
{
    eddy_free(b->shapes);
    eddy_free(b);
}

eddy_result eddyi_port_reserve_shape(eddy_body *b, eddy_error *err)
{
    if (b->shape_count < b->shape_capacity)
        return EDDY_OK;
    int cap = b->shape_capacity ? 2 * b->shape_capacity : 4;
    eddy_port_shape *p = (eddy_port_shape *)eddy_realloc(b->shapes, (size_t)cap * sizeof *p);
    if (!p)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d shapes", cap);
    b->shapes = p;
    b->shape_capacity = cap;
    return EDDY_OK;
}

static eddy_result port_register_drag(eddy_world *w, eddy_drag *g, eddy_error *err)
{
    if (w->drag_count == w->drag_capacity) {
        int cap = w->drag_capacity ? 2 * w->drag_capacity : 4;
        eddy_drag **p = (eddy_drag **)eddy_realloc(w->drags, (size_t)cap * sizeof *p);
        if (!p)
            return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d drags", cap);
        w->drags = p;
        w->drag_capacity = cap;
    }
    w->drags[w->drag_count++] = g;
    return EDDY_OK;
}

static void port_unregister_drag(eddy_world *w, const eddy_drag *g)
{
    for (int i = 0; i < w->drag_count; ++i) {
        if (w->drags[i] == g) {
            w->drags[i] = w->drags[--w->drag_count];
            return;
        }
    }
}

eddy_body *eddyi_port_find_shape(eddy_body *b, eddy_native_ref native, int *index)
{
    if (!b)
        return NULL;
    for (int i = 0; i < b->shape_count; ++i) {
        if (b->shapes[i].native == native) {
            *index = i;
            return b;
        }
    }
    return NULL;
}

bool eddyi_port_is_solid(const eddy_body *b, int index)
{
    return b && !b->shapes[index].info.is_sensor;
}

/* ==================================================================== *
 * Sensor events                                                         *
 * ==================================================================== */

/* The one rule for which overlaps are reported, whatever the backend: 2.4
 * only makes pairs with a dynamic body, v3 also lets a sensor see a sensor. */
bool eddyi_port_pair_reported(const eddy_sensor_event *e)
{
    const eddy_body *s = e->sensor, *v = e->visitor;
    return s && v && s->shapes[e->sensor_shape].info.is_sensor &&
           !v->shapes[e->visitor_shape].info.is_sensor && s != v &&
           (s->type == EDDY_BODY_DYNAMIC || v->type == EDDY_BODY_DYNAMIC);
}

void eddyi_port_push_event(eddy_world *w, bool begin, const eddy_sensor_event *e)
{
    eddy_sensor_event *list = begin ? w->begin : w->end;
    int *count = begin ? &w->begin_count : &w->end_count;
    if (*count >= w->event_capacity) {
        w->dropped++;
        return;
    }
    list[(*count)++] = *e;
}

/* Creation order of the sensor body, sensor shape, visitor body, visitor
 * shape: never Box2D's internal order. */
static int port_compare_events(const void *pa, const void *pb)
{
    const eddy_sensor_event *a = (const eddy_sensor_event *)pa;
    const eddy_sensor_event *b = (const eddy_sensor_event *)pb;
    if (a->sensor->serial != b->sensor->serial)
        return a->sensor->serial < b->sensor->serial ? -1 : 1;
    if (a->sensor_shape != b->sensor_shape)
        return a->sensor_shape < b->sensor_shape ? -1 : 1;
    if (a->visitor->serial != b->visitor->serial)
        return a->visitor->serial < b->visitor->serial ? -1 : 1;
    if (a->visitor_shape != b->visitor_shape)
        return a->visitor_shape < b->visitor_shape ? -1 : 1;
    return 0;
}

static void port_sort_events(eddy_world *w)
{
    if (w->begin_count > 1)
        qsort(w->begin, (size_t)w->begin_count, sizeof *w->begin, port_compare_events);
    if (w->end_count > 1)
        qsort(w->end, (size_t)w->end_count, sizeof *w->end, port_compare_events);
}

static int port_purge_list(eddy_sensor_event *list, int count, const eddy_body *b)
{
    int k = 0;
    for (int i = 0; i < count; ++i)
        if (list[i].sensor != b && list[i].visitor != b)
            list[k++] = list[i];
    return k;
}

static eddy_result port_alloc_events(eddy_world *w, int capacity, eddy_error *err)
{
    if (capacity < 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "event capacity must be >= 0 (got %d)",
                         capacity);
    w->event_capacity = capacity ? capacity : PORT_DEFAULT_EVENT_CAPACITY;
    w->begin = (eddy_sensor_event *)eddy_calloc((size_t)w->event_capacity, sizeof *w->begin);
    w->end = (eddy_sensor_event *)eddy_calloc((size_t)w->event_capacity, sizeof *w->end);
    if (!w->begin || !w->end)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d sensor events",
                         w->event_capacity);
    return EDDY_OK;
}

/* ==================================================================== *
 * Query results                                                         *
 * ==================================================================== */

void eddyi_port_query_offer(eddy_port_query *q, eddy_body *b)
{
    int i = 0;
    while (i < q->count && q->out[i]->serial < b->serial)
        ++i;
    if (i < q->count && q->out[i] == b)
        return; /* already there (another of its shapes) */
    if (i >= q->capacity)
        return; /* full of earlier bodies */
    int last = q->count < q->capacity ? q->count : q->capacity - 1;
    memmove(q->out + i + 1, q->out + i, (size_t)(last - i) * sizeof *q->out);
    q->out[i] = b;
    if (q->count < q->capacity)
        q->count++;
}

void eddyi_port_ray_offer(eddy_port_ray *r, eddy_body *b, int shape, double px, double py,
                         double nx, double ny, double fraction)
{
    if (r->hit && (fraction > r->best.fraction ||
                   (fraction == r->best.fraction &&
                    (b->serial > r->best.body->serial ||
                     (b == r->best.body && shape >= r->best.shape)))))
        return;
    r->hit = true;
    r->best.body = b;
    r->best.shape = shape;
    r->best.point[0] = px;
    r->best.point[1] = py;
    r->best.normal[0] = nx;
    r->best.normal[1] = ny;
    r->best.fraction = fraction;
}

/* ==================================================================== *
 * eddy_body.h                                                           *
 * ==================================================================== */

/* ------------------------------------------------------------ backend */

/* eddy_body_get_backend, which names no world, is the Box2D backend's own
 * (the build's one Box2D). */
void eddy_world_get_backend(const eddy_world *w, eddy_body_backend_info *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (w)
        w->engine->backend(w, out);
}

/* ------------------------------------------------------------ world */

eddy_result eddyi_port_world_create(const eddyi_body_engine *e, const eddy_world_desc *desc,
                                    eddy_world **out, eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    eddy_world_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    if (!port_finite2(d.gravity[0], d.gravity[1]))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "gravity is not finite and within %g m/s^2",
                         PORT_MAX_VALUE);

    eddy_world *w = (eddy_world *)eddy_calloc(1, sizeof *w);
    if (!w)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a world");
    w->substeps = PORT_DEFAULT_SUBSTEPS;
    w->engine = e;
    eddy_result r = port_alloc_events(w, d.event_capacity, err);
    if (r == EDDY_OK)
        r = w->engine->world_create(w, &d, err);
    if (r != EDDY_OK) {
        eddy_free(w->begin);
        eddy_free(w->end);
        eddy_free(w);
        return r;
    }
    w->gravity[0] = d.gravity[0];
    w->gravity[1] = d.gravity[1];
    w->user_data = d.user_data;
    *out = w;
    return port_ok(err);
}

void eddy_world_destroy(eddy_world *w)
{
    if (!w)
        return;
    if (w->watcher.user) /* a coupling forgets the world while it is whole */
        w->watcher.world_destroyed(w->watcher.user, w);
    if (w->adopted && eddyi_port_world_live(w)) { /* the game's world stays: take out only
                                                    what eddy put in */
        for (int i = 0; i < w->body_count; ++i) {
            eddy_body *b = w->bodies[i];
            if (!eddyi_port_body_live(b))
                continue; /* the game destroyed it already */
            if (b->adopted)
                b->world->engine->body_unadopt(b);
            else
                b->world->engine->body_destroy(b);
        }
    }
    /* own world: Box2D's bodies, shapes and joints with it; Box2D is left
     * alone when the game has destroyed the world already */
    eddyi_port_world_live(w);
    w->engine->world_destroy(w);
    for (int i = 0; i < w->body_count; ++i)
        port_free_body(w->bodies[i]);
    for (int i = 0; i < w->drag_count; ++i)
        eddy_free(w->drags[i]);
    eddy_free(w->bodies);
    eddy_free(w->drags);
    eddy_free(w->begin);
    eddy_free(w->end);
    eddy_free(w);
}

/* Kinematic bodies moved with eddy_body_move_kinematic end the step at
 * their target. Box2D caps a step's motion (2.4: a quarter turn and 2 m per
 * step, also for kinematic bodies, and it keeps the capped velocity; v3:
 * what atan(w h) per sub-step can reach): a body short of its target by more
 * than PORT_TARGET_SLACK (m or rad, well above Box2D's single-precision
 * round-off at game scales) is placed there, with the velocity it was given. */
#define PORT_TARGET_SLACK 1e-4

static void port_finish_kinematic_moves(eddy_world *w)
{
    for (int i = 0; i < w->body_count; ++i) {
        eddy_body *b = w->bodies[i];
        if (!b->has_target)
            continue;
        b->has_target = false;
        if (!eddyi_port_body_live(b))
            continue;
        double pos[2], c, s;
        b->world->engine->pose(b, pos, &c, &s);
        double turn = port_wrap_angle(b->target[2] - atan2(s, c));
        if (fabs(pos[0] - b->target[0]) <= PORT_TARGET_SLACK &&
            fabs(pos[1] - b->target[1]) <= PORT_TARGET_SLACK && fabs(turn) <= PORT_TARGET_SLACK)
            continue;
        b->world->engine->set_transform(b, b->target[0], b->target[1], b->target[2]);
        b->world->engine->set_velocity(b, b->target_velocity[0], b->target_velocity[1],
                                 b->target_velocity[2]);
    }
}

eddy_result eddy_world_step(eddy_world *w, double dt, int substeps, eddy_error *err)
{
    eddy_result r = port_check_step(w, dt, &substeps, err);
    if (r != EDDY_OK)
        return r;
    if (w->adopted)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the world is the game's own Box2D world (adopted): the game steps it");
    if (!eddyi_port_world_live(w))
        return port_world_gone(err);
    w->begin_count = w->end_count = w->dropped = 0;
    w->substeps = substeps;
    for (int i = 0; i < w->body_count; ++i) /* a coupled step's reads are over */
        eddyi_port_let_state_go(w->bodies[i]);
    w->engine->world_step(w, dt, substeps);
    w->clock_steps++;
    w->clock_time += dt;
    port_finish_kinematic_moves(w);
    port_sort_events(w);
    return port_ok(err);
}

eddy_result eddy_world_set_gravity(eddy_world *w, double gx, double gy, eddy_error *err)
{
    if (!w)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    if (!port_finite2(gx, gy))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "gravity is not finite and within %g m/s^2",
                         PORT_MAX_VALUE);
    if (!eddyi_port_world_live(w))
        return port_world_gone(err);
    if (w->rigid)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the world is the game's own engine (eddy_rigid.h): set its gravity there");
    w->engine->world_set_gravity(w, gx, gy);
    w->gravity[0] = gx;
    w->gravity[1] = gy;
    return port_ok(err);
}

void eddy_world_get_gravity(const eddy_world *w, double out[2])
{
    if (!out)
        return;
    if (w && w->adopted) { /* the game may change it at any time */
        if (eddyi_port_world_live(w))
            w->engine->world_gravity(w, out);
        else
            out[0] = out[1] = 0.0;
        return;
    }
    out[0] = w ? w->gravity[0] : 0.0;
    out[1] = w ? w->gravity[1] : 0.0;
}

bool eddy_world_is_valid(const eddy_world *w)
{
    return eddyi_port_world_live(w);
}

bool eddy_body_is_valid(const eddy_body *b)
{
    return eddyi_port_body_live(b);
}

bool eddy_world_is_adopted(const eddy_world *w)
{
    return w && w->adopted;
}

void *eddy_world_user_data(const eddy_world *w)
{
    return w ? w->user_data : NULL;
}

int eddy_world_body_count(const eddy_world *w)
{
    return w ? w->body_count : 0;
}

eddy_body *eddy_world_body(const eddy_world *w, int index)
{
    if (!w || index < 0 || index >= w->body_count)
        return NULL;
    return w->bodies[index];
}

void eddy_world_get_sensor_events(const eddy_world *w, eddy_sensor_events *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!w)
        return;
    out->begin = w->begin;
    out->begin_count = w->begin_count;
    out->end = w->end;
    out->end_count = w->end_count;
    out->dropped = w->dropped;
}

/* ------------------------------------------------------------ bodies */

eddy_result eddy_body_create(eddy_world *w, const eddy_body_desc *desc, eddy_body **out,
                             eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!w)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    if (!eddyi_port_world_live(w))
        return port_world_gone(err);
    if (w->rigid)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the world is the game's own engine "
                         "(eddy_rigid.h): make the body there and hand it over "
                         "(eddy_body_from_rigid)");
    eddy_body_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    eddy_result r = port_check_body_desc(&d, err);
    if (r != EDDY_OK)
        return r;
    /* Damping acts on dynamic bodies only: 2.4 skips kinematic bodies, v3
     * would slow them down, so that they trail the velocity they are given. */
    if (d.type != EDDY_BODY_DYNAMIC)
        d.linear_damping = d.angular_damping = 0.0;

    eddy_body *b = (eddy_body *)eddy_calloc(1, sizeof *b);
    if (!b)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a body");
    r = eddyi_port_register_body(w, b, err);
    if (r != EDDY_OK) {
        eddy_free(b);
        return r;
    }
    b->type = d.type;
    b->user_data = d.user_data;
    b->gravity_scale = port_gravity_scale(&d);
    b->fixed_rotation = d.fixed_rotation;
    b->world->engine->body_create(b, &d, b->gravity_scale);
    port_normalise_mass(b);
    *out = b;
    return port_ok(err);
}

void eddy_body_destroy(eddy_body *b)
{
    if (!b)
        return;
    eddy_world *w = b->world;
    if (b->watched && w->watcher.user) /* its coupling forgets it first */
        w->watcher.body_destroyed(w->watcher.user, b);
    /* Box2D takes the body's joints with it: drags on it go idle. */
    for (int i = 0; i < w->drag_count; ++i) {
        if (w->drags[i]->body == b) {
            w->drags[i]->body = NULL;
            w->drags[i]->native = 0;
        }
    }
    if (eddyi_port_body_live(b)) { /* else the game destroyed it: only the handle goes */
        if (b->adopted) /* the game's: only the handle goes, and what eddy added */
            b->world->engine->body_unadopt(b);
        else
            b->world->engine->body_destroy(b);
    }
    b->world->engine->body_forget(b);
    w->begin_count = port_purge_list(w->begin, w->begin_count, b);
    w->end_count = port_purge_list(w->end, w->end_count, b);
    eddyi_port_unregister_body(w, b);
    port_free_body(b);
}

eddy_world *eddy_body_world(const eddy_body *b)
{
    return b ? b->world : NULL;
}

eddy_body_type eddy_body_get_type(const eddy_body *b)
{
    return b ? b->type : EDDY_BODY_STATIC;
}

bool eddy_body_is_adopted(const eddy_body *b)
{
    return b && b->adopted;
}

void eddy_body_set_user_data(eddy_body *b, void *user_data)
{
    if (b)
        b->user_data = user_data;
}

void *eddy_body_user_data(const eddy_body *b)
{
    return b ? b->user_data : NULL;
}

void *eddy_body_game_user_data(const eddy_body *b)
{
    if (!b)
        return NULL;
    return b->adopted ? b->box2d_user_data : b->user_data;
}

uint64_t eddy_body_engine_id(const eddy_body *b)
{
    return b ? (uint64_t)b->native : 0;
}

/* ------------------------------------------------------------ shapes */

eddy_result eddy_body_add_shape(eddy_body *b, const eddy_shape_desc *desc, int *out_index,
                                eddy_error *err)
{
    if (!b)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (b->adopted)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the body is the game's (adopted): give it its shapes in Box2D "
                         "before adopting it");
    if (!eddyi_port_body_live(b))
        return port_body_gone(b, err);
    eddy_shape_info info;
    eddy_result r = port_prepare_shape(desc, &info, err);
    if (r != EDDY_OK)
        return r;
    if (b->watched && b->world->watcher.user) { /* a coupling may refuse */
        r = b->world->watcher.shape_adding(b->world->watcher.user, b, err);
        if (r != EDDY_OK)
            return r;
    }
    r = eddyi_port_reserve_shape(b, err);
    if (r != EDDY_OK)
        return r;
    eddy_native_ref native = 0;
    r = b->world->engine->shape_create(b, &info, &native, err); /* Box2D recomputes the mass */
    if (r != EDDY_OK)
        return r;
    b->shapes[b->shape_count].native = native;
    b->shapes[b->shape_count].info = info;
    if (out_index)
        *out_index = b->shape_count;
    b->shape_count++;
    port_normalise_mass(b);
    return port_ok(err);
}

int eddy_body_shape_count(const eddy_body *b)
{
    return b ? b->shape_count : 0;
}

eddy_result eddy_body_get_shape(const eddy_body *b, int index, eddy_shape_info *out,
                                eddy_error *err)
{
    if (!b || !out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "body or out is NULL");
    if (index < 0 || index >= b->shape_count)
        return eddy_fail(err, EDDY_ERR_RANGE, "shape index %d outside 0..%d", index,
                         b->shape_count - 1);
    *out = b->shapes[index].info;
    return port_ok(err);
}

/* ------------------------------------------------------------ state */

void eddy_body_get_pose(const eddy_body *b, eddy_pose *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    out->c = 1.0;
    if (!eddyi_port_body_live(b))
        return;
    double pos[2];
    const eddy_port_state *st = port_held(b);
    if (st)
        pos[0] = st->pos[0], pos[1] = st->pos[1], out->c = st->c, out->s = st->s;
    else
        b->world->engine->pose(b, pos, &out->c, &out->s);
    out->x = pos[0];
    out->y = pos[1];
    /* from the rotation, so wrapped on both backends (2.4 keeps an unwrapped
     * angle, v3 none) */
    out->angle = atan2(out->s, out->c);
}

void eddy_body_world_point(const eddy_body *b, double lx, double ly, double out[2])
{
    if (!out)
        return;
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    out[0] = p.x + p.c * lx - p.s * ly;
    out[1] = p.y + p.s * lx + p.c * ly;
}

void eddy_body_local_point(const eddy_body *b, double wx, double wy, double out[2])
{
    if (!out)
        return;
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    double dx = wx - p.x, dy = wy - p.y;
    out[0] = p.c * dx + p.s * dy;
    out[1] = -p.s * dx + p.c * dy;
}

void eddy_body_linear_velocity(const eddy_body *b, double out[2])
{
    if (!out)
        return;
    out[0] = out[1] = 0.0;
    if (!eddyi_port_body_live(b))
        return;
    const eddy_port_state *st = port_held(b);
    if (st) {
        out[0] = st->v[0], out[1] = st->v[1];
        return;
    }
    double w;
    b->world->engine->velocity(b, out, &w);
}

double eddy_body_angular_velocity(const eddy_body *b)
{
    if (!eddyi_port_body_live(b))
        return 0.0;
    const eddy_port_state *st = port_held(b);
    if (st)
        return st->w;
    double v[2], w;
    b->world->engine->velocity(b, v, &w);
    return w;
}

void eddy_body_point_velocity(const eddy_body *b, double wx, double wy, double out[2])
{
    if (!out)
        return;
    double v[2], c[2];
    eddy_body_linear_velocity(b, v);
    eddy_body_world_center(b, c);
    double w = eddy_body_angular_velocity(b);
    out[0] = v[0] - w * (wy - c[1]);
    out[1] = v[1] + w * (wx - c[0]);
}

double eddy_body_mass(const eddy_body *b)
{
    if (!b || b->type != EDDY_BODY_DYNAMIC)
        return 0.0;
    return b->own_mass;
}

double eddy_body_inertia(const eddy_body *b)
{
    if (!b || b->type != EDDY_BODY_DYNAMIC)
        return 0.0;
    return b->own_inertia;
}

eddy_result eddy_body_set_added_mass(eddy_body *b, double mass, double inertia, eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (!port_finite(mass) || !port_finite(inertia) || mass < 0.0 || inertia < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "added mass and inertia must be finite and >= 0 (got %g, %g)", mass,
                         inertia);
    if (b->type != EDDY_BODY_DYNAMIC)
        return port_ok(err); /* only dynamic bodies have a mass to add to */
    eddyi_port_resync_mass(b); /* what the game set in Box2D stays the body's own */
    b->added_mass = mass;
    b->added_inertia = inertia;
    eddy_port_mass m;
    port_read_mass(b, &m);
    port_set_total_mass(b, m.local_center);
    return port_ok(err);
}

void eddy_body_added_mass(const eddy_body *b, double *mass, double *inertia)
{
    bool dynamic = b && b->type == EDDY_BODY_DYNAMIC;
    if (mass)
        *mass = dynamic ? b->added_mass : 0.0;
    if (inertia)
        *inertia = dynamic ? b->added_inertia : 0.0;
}

eddy_result eddy_body_set_gravity_scale(eddy_body *b, double scale, eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (!port_finite(scale))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "gravity scale must be finite (got %g)", scale);
    b->gravity_scale = scale;
    b->world->engine->set_gravity_scale(b, scale);
    port_stale(b);
    return port_ok(err);
}

/* Box2D's own: the game may have set it there. */
double eddy_body_gravity_scale(const eddy_body *b)
{
    if (!eddyi_port_body_live(b))
        return 0.0;
    const eddy_port_state *st = port_held(b);
    return st ? st->gravity_scale : b->world->engine->gravity_scale(b);
}

void eddy_body_local_center(const eddy_body *b, double out[2])
{
    if (!out)
        return;
    out[0] = out[1] = 0.0;
    if (!eddyi_port_body_live(b))
        return;
    eddy_port_mass m;
    port_read_mass(b, &m);
    out[0] = m.local_center[0];
    out[1] = m.local_center[1];
}

void eddy_body_world_center(const eddy_body *b, double out[2])
{
    if (!out)
        return;
    out[0] = out[1] = 0.0;
    if (!eddyi_port_body_live(b))
        return;
    eddy_port_mass m;
    port_read_mass(b, &m);
    out[0] = m.world_center[0];
    out[1] = m.world_center[1];
}

bool eddy_body_is_awake(const eddy_body *b)
{
    if (!b || b->type == EDDY_BODY_STATIC || !eddyi_port_body_live(b))
        return false;
    const eddy_port_state *st = port_held(b);
    return st ? st->awake : b->world->engine->is_awake(b);
}

void eddy_body_set_awake(eddy_body *b, bool awake)
{
    if (b && b->type != EDDY_BODY_STATIC && eddyi_port_body_live(b)) {
        b->world->engine->set_awake(b, awake);
        port_stale(b);
    }
}

void eddy_body_enable_sleep(eddy_body *b, bool enable)
{
    if (b && b->type != EDDY_BODY_STATIC && eddyi_port_body_live(b)) {
        b->world->engine->enable_sleep(b, enable);
        port_stale(b);
    }
}

bool eddy_body_is_sleep_enabled(const eddy_body *b)
{
    if (!b)
        return false;
    if (b->type == EDDY_BODY_STATIC)
        return true;
    if (!eddyi_port_body_live(b))
        return false;
    const eddy_port_state *st = port_held(b);
    return st ? st->sleep_enabled : b->world->engine->is_sleep_enabled(b);
}

/* ------------------------------------------------------------ actions */

/* Forces, torques and impulses act on dynamic bodies only; the others accept
 * and ignore them. */
static void port_push(eddy_body *b, eddy_port_push kind, double x, double y, double px,
                      double py)
{
    if (b->type == EDDY_BODY_DYNAMIC) {
        b->world->engine->apply(b, kind, x, y, px, py);
        port_stale(b); /* an impulse changes the velocity; any of them wakes */
    }
}

eddy_result eddy_body_apply_force(eddy_body *b, double fx, double fy, double px, double py,
                                  eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (!port_finite2(fx, fy) || !port_finite2(px, py))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "force or point is not finite");
    port_push(b, EDDY_PORT_FORCE, fx, fy, px, py);
    return port_ok(err);
}

eddy_result eddy_body_apply_force_to_center(eddy_body *b, double fx, double fy, eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (!port_finite2(fx, fy))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "force is not finite");
    port_push(b, EDDY_PORT_FORCE_TO_CENTER, fx, fy, 0.0, 0.0);
    return port_ok(err);
}

eddy_result eddy_body_apply_torque(eddy_body *b, double torque, eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (!port_finite(torque))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "torque is not finite");
    port_push(b, EDDY_PORT_TORQUE, torque, 0.0, 0.0, 0.0);
    return port_ok(err);
}

eddy_result eddy_body_apply_impulse(eddy_body *b, double ix, double iy, double px, double py,
                                    eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (!port_finite2(ix, iy) || !port_finite2(px, py))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "impulse or point is not finite");
    port_push(b, EDDY_PORT_IMPULSE, ix, iy, px, py);
    return port_ok(err);
}

eddy_result eddy_body_set_transform(eddy_body *b, double x, double y, double angle,
                                    eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (!port_finite2(x, y) || !port_finite(angle))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "position or angle is not finite");
    b->world->engine->set_transform(b, x, y, angle);
    port_stale(b);
    b->has_target = false;
    /* woken on both backends: 2.4 would leave a sleeping body asleep, and then
     * not see it leave a sensor */
    if (b->type != EDDY_BODY_STATIC)
        b->world->engine->set_awake(b, true);
    return port_ok(err);
}

eddy_result eddy_body_set_velocity(eddy_body *b, double vx, double vy, double w,
                                   eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (b->type == EDDY_BODY_STATIC)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "a static body cannot be given a velocity");
    if (!port_finite2(vx, vy) || !port_finite(w))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "velocity is not finite");
    b->world->engine->set_velocity(b, vx, vy, w);
    port_stale(b);
    b->has_target = false;
    if (vx != 0.0 || vy != 0.0 || w != 0.0)
        b->world->engine->set_awake(b, true);
    return port_ok(err);
}

eddy_result eddy_body_move_kinematic(eddy_body *b, double x, double y, double angle, double dt,
                                     eddy_error *err)
{
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (b->type != EDDY_BODY_KINEMATIC)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "only kinematic bodies can be moved this way");
    if (b->world->adopted) /* port_finish_kinematic_moves runs in eddy_world_step */
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "eddy_body_move_kinematic needs eddy_world_step; in the game's own "
                         "world (adopted) set the velocity (eddy_body_set_velocity)");
    if (!port_finite2(x, y) || !port_finite(angle) || !port_finite(dt) || !(dt > 0.0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "target pose or time step is not valid");
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    double turn = port_wrap_angle(angle - p.angle);
    double vx = (x - p.x) / dt, vy = (y - p.y) / dt;
    double w = b->world->engine->kinematic_turn(b->world, turn) / dt;
    r = eddy_body_set_velocity(b, vx, vy, w, err);
    if (r != EDDY_OK)
        return r;
    b->has_target = true; /* port_finish_kinematic_moves */
    b->target[0] = x;
    b->target[1] = y;
    b->target[2] = p.angle + turn;
    b->target_velocity[0] = vx;
    b->target_velocity[1] = vy;
    b->target_velocity[2] = w;
    return EDDY_OK;
}

/* ------------------------------------------------------------ queries */

bool eddy_world_ray_cast(const eddy_world *w, double x0, double y0, double x1, double y1,
                         eddy_ray_hit *out)
{
    /* an adopted world's shapes carry the game's user data, not eddy's */
    if (!w || w->adopted || !eddyi_port_world_live(w) || !port_finite2(x0, y0) ||
        !port_finite2(x1, y1))
        return false;
    eddy_port_ray r;
    memset(&r, 0, sizeof r);
    r.x0 = x0;
    r.y0 = y0;
    r.x1 = x1;
    r.y1 = y1;
    w->engine->ray_cast(w, &r);
    if (!r.hit)
        return false;
    if (out)
        *out = r.best;
    return true;
}

int eddy_world_query_point(const eddy_world *w, double x, double y, eddy_body **out,
                           int capacity)
{
    if (!w || w->adopted || !eddyi_port_world_live(w) || !out || capacity <= 0 ||
        !port_finite2(x, y))
        return 0;
    eddy_port_query q;
    q.x = x;
    q.y = y;
    q.out = out;
    q.count = 0;
    q.capacity = capacity;
    w->engine->query_point(w, &q);
    return q.count;
}

/* ------------------------------------------------------------ drag */

eddy_result eddy_drag_create(eddy_body *b, double x, double y, const eddy_drag_desc *desc,
                             eddy_drag **out, eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    eddy_result r = port_check_body(b, err);
    if (r != EDDY_OK)
        return r;
    if (b->type != EDDY_BODY_DYNAMIC)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "only dynamic bodies can be dragged");
    if (b->world->adopted)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "no drags in the game's own Box2D world (adopted): use a Box2D "
                         "mouse joint there");
    if (!port_finite2(x, y))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "drag point is not finite");
    r = port_check_drag_desc(desc, err);
    if (r != EDDY_OK)
        return r;

    eddy_drag *g = (eddy_drag *)eddy_calloc(1, sizeof *g);
    if (!g)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a drag");
    r = port_register_drag(b->world, g, err);
    if (r != EDDY_OK) {
        eddy_free(g);
        return r;
    }
    double hertz, ratio, max_force;
    double mass = eddy_body_mass(b);
    port_resolve_drag(desc, mass, &hertz, &ratio, &max_force);
    g->world = b->world;
    g->body = b;
    g->world->engine->drag_create(g, x, y, hertz, ratio, max_force, mass);
    b->world->engine->set_awake(b, true);
    *out = g;
    return port_ok(err);
}

eddy_result eddy_drag_set_target(eddy_drag *g, double x, double y, eddy_error *err)
{
    if (!g)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "drag is NULL");
    if (!port_finite2(x, y))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "drag target is not finite");
    if (g->body && eddyi_port_body_live(g->body)) {
        g->world->engine->drag_set_target(g, x, y);
        g->body->world->engine->set_awake(g->body, true);
    }
    return port_ok(err);
}

eddy_body *eddy_drag_body(const eddy_drag *g)
{
    return g ? g->body : NULL;
}

void eddy_drag_destroy(eddy_drag *g)
{
    if (!g)
        return;
    if (g->body && eddyi_port_body_live(g->body)) /* Box2D took the joint with the body */
        g->world->engine->drag_destroy(g);
    port_unregister_drag(g->world, g);
    eddy_free(g);
}
