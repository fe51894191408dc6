/*
 * body_box2d_v24.cpp - the rigid-body port (eddy_body.h) on Debian's Box2D 2.4.
 *
 * Debian 12 packages only Box2D 2.4.1 (libbox2d-dev, C++). Its type names
 * clash with Box2D v3's, so this backend lives alone in one C++ file and
 * exports the port's C functions (eddy_body.h declares them extern "C").
 * The build uses it unless Box2D v3 is found; link with -lbox2d -lstdc++.
 * The "port logic" section below is kept word for word the same as in
 * body_box2d_v3.c, so validation, defaults, event filtering and ordering are
 * the same code in both backends.
 *
 * What 2.4 needs from us compared to v3:
 *   - rotational inertia: 2.4 reports it about the body origin; we subtract
 *     m |c|^2 to give it about the centre of mass;
 *   - ray casts take an end point (the port's own convention);
 *   - sensor overlaps arrive as contact-listener callbacks during the step:
 *     we buffer them in the preallocated event lists and sort them after the
 *     step; the callbacks fired while destroying a body are ignored;
 *   - fixture defaults are density 0 and friction 0.2: we always pass the
 *     port's resolved values;
 *   - no sub-steps: one Step with 2 x substeps velocity iterations.
 * Nothing here throws: the only allocation with new uses std::nothrow, and
 * Box2D 2.4 allocates with malloc.
 */
#include "eddy_body.h"

/* 2.4-only header names, so a Box2D v3 in /usr/local/include cannot be picked
 * up by mistake. */
#include <box2d/b2_body.h>
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_common.h>
#include <box2d/b2_contact.h>
#include <box2d/b2_fixture.h>
#include <box2d/b2_mouse_joint.h>
#include <box2d/b2_polygon_shape.h>
#include <box2d/b2_world.h>
#include <box2d/b2_world_callbacks.h>

#include <math.h>
#include <new>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static_assert(b2_maxPolygonVertices >= EDDY_MAX_POLYGON_VERTICES,
              "Box2D 2.4 must allow 8-vertex polygons");

/* ------------------------------------------------------------ handles */

typedef struct port_shape {
    b2Fixture *fixture;
    eddy_shape_info info;
} port_shape;

struct eddy_body {
    eddy_world *world;
    b2Body *b2;
    eddy_body_type type;
    uint64_t serial;        /* creation order, never reused */
    port_shape *shapes;
    int shape_count, shape_capacity;
    void *user_data;
};

struct eddy_drag {
    eddy_world *world;
    eddy_body *body;        /* NULL once the body is gone */
    b2MouseJoint *joint;
};

/* Buffers the sensor begin/end callbacks Box2D 2.4 makes during Step. */
class port_listener : public b2ContactListener {
public:
    eddy_world *world = nullptr;
    void BeginContact(b2Contact *contact) override;
    void EndContact(b2Contact *contact) override;
};

struct eddy_world {
    b2World *b2;
    b2Body *anchor;         /* static, shapeless: the fixed end of drags */
    port_listener listener;
    bool destroying_body;   /* ignore the callbacks DestroyBody makes */
    double gravity[2];
    void *user_data;

    eddy_body **bodies;     /* creation order */
    int body_count, body_capacity;
    uint64_t next_serial;

    eddy_drag **drags;
    int drag_count, drag_capacity;

    eddy_sensor_event *begin, *end; /* event_capacity each */
    int begin_count, end_count, event_capacity, dropped;
};

/* ==================================================================== *
 * Port logic. Kept identical in body_box2d_v3.c and body_box2d_v24.cpp *
 * (C17 / C++17 common subset).                                          *
 * ==================================================================== */

#define PORT_PI 3.14159265358979323846
#define PORT_DEFAULT_EVENT_CAPACITY 256
#define PORT_DEFAULT_SUBSTEPS 4
#define PORT_MAX_SUBSTEPS 64
#define PORT_DEFAULT_DENSITY 1.0
#define PORT_DEFAULT_FRICTION 0.6
#define PORT_DRAG_HERTZ 5.0
#define PORT_DRAG_DAMPING_RATIO 0.7
#define PORT_DRAG_FORCE_PER_KG 1000.0
/* Box2D v3 merges polygon points closer than 4 linear slops (0.02 m) and drops
 * points within 2 slops (0.01 m) of the line through their neighbours; 2.4 is
 * more lenient. We refuse anything either would alter, with a margin, so the
 * geometry we report is exactly the geometry Box2D simulates. */
#define PORT_MIN_EDGE 0.025
#define PORT_MIN_CORNER 0.0125
/* Magnitude limit for every number handed to Box2D (single precision). */
#define PORT_MAX_VALUE 1e15

static eddy_result port_fail(eddy_error *err, eddy_result code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static eddy_result port_fail(eddy_error *err, eddy_result code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        err->code = code;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

static eddy_result port_ok(eddy_error *err)
{
    if (err) {
        err->code = EDDY_OK;
        err->message[0] = '\0';
    }
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

/* An angle in (-pi, pi]. */
static double port_wrap_angle(double a)
{
    a = fmod(a, 2.0 * PORT_PI);
    if (a > PORT_PI)
        a -= 2.0 * PORT_PI;
    else if (a <= -PORT_PI)
        a += 2.0 * PORT_PI;
    return a;
}

static double port_cross(double ax, double ay, double bx, double by)
{
    return ax * by - ay * bx;
}

/* Checks a polygon (n points, either winding) and stores it counter-clockwise
 * with its area and centroid. */
static eddy_result port_prepare_polygon(const double (*p)[2], int n, eddy_shape_info *s,
                                        eddy_error *err)
{
    double twice_area = 0.0;
    for (int i = 0; i < n; ++i) {
        const double *a = p[i], *b = p[(i + 1) % n];
        twice_area += port_cross(a[0], a[1], b[0], b[1]);
    }
    /* copy, counter-clockwise */
    for (int i = 0; i < n; ++i) {
        int k = twice_area >= 0.0 ? i : (n - i) % n;
        s->vertices[i][0] = p[k][0];
        s->vertices[i][1] = p[k][1];
    }
    const double (*v)[2] = (const double (*)[2])s->vertices;
    for (int i = 0; i < n; ++i) {
        const double *a = v[i], *b = v[(i + 1) % n];
        double ex = b[0] - a[0], ey = b[1] - a[1];
        double len = sqrt(ex * ex + ey * ey);
        if (!(len >= PORT_MIN_EDGE))
            return port_fail(err, EDDY_ERR_ARGUMENT,
                             "polygon edge %d is %.4g m long; edges must be at least %g m", i,
                             len, PORT_MIN_EDGE);
        /* strictly convex: every other vertex on the left of this edge */
        for (int j = 0; j < n; ++j) {
            if (j == i || j == (i + 1) % n)
                continue;
            if (!(port_cross(ex, ey, v[j][0] - a[0], v[j][1] - a[1]) > 0.0))
                return port_fail(err, EDDY_ERR_ARGUMENT,
                                 "polygon is not convex (vertex %d is not inside edge %d)", j,
                                 i);
        }
    }
    for (int i = 0; i < n; ++i) {
        const double *a = v[(i + n - 1) % n], *m = v[i], *b = v[(i + 1) % n];
        double cx = b[0] - a[0], cy = b[1] - a[1];
        double offset = -port_cross(cx, cy, m[0] - a[0], m[1] - a[1]) / sqrt(cx * cx + cy * cy);
        if (!(offset >= PORT_MIN_CORNER))
            return port_fail(err, EDDY_ERR_ARGUMENT,
                             "polygon vertex %d lies %.4g m off the line through its "
                             "neighbours; at least %g m is needed",
                             i, offset, PORT_MIN_CORNER);
    }
    /* area and centroid, relative to the first vertex for accuracy */
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
    s->center[0] = v[0][0] + cx / (3.0 * area2);
    s->center[1] = v[0][1] + cy / (3.0 * area2);
    s->radius = 0.0;
    return EDDY_OK;
}

/* Validates a shape description and resolves it into the geometry and
 * material the body will hold. */
static eddy_result port_prepare_shape(const eddy_shape_desc *d, eddy_shape_info *s,
                                      eddy_error *err)
{
    memset(s, 0, sizeof *s);
    if (!d)
        return port_fail(err, EDDY_ERR_ARGUMENT, "shape description is NULL");

    eddy_result r = EDDY_OK;
    switch (d->type) {
    case EDDY_SHAPE_CIRCLE:
        if (!port_finite2(d->center[0], d->center[1]))
            return port_fail(err, EDDY_ERR_ARGUMENT, "circle centre is not finite");
        if (!port_finite(d->radius) || !(d->radius > 0.0))
            return port_fail(err, EDDY_ERR_ARGUMENT,
                             "circle radius must be positive and finite (got %g)", d->radius);
        s->type = EDDY_SHAPE_CIRCLE;
        s->center[0] = d->center[0];
        s->center[1] = d->center[1];
        s->radius = d->radius;
        s->area = PORT_PI * d->radius * d->radius;
        break;
    case EDDY_SHAPE_BOX: {
        if (!port_finite2(d->center[0], d->center[1]) || !port_finite(d->angle))
            return port_fail(err, EDDY_ERR_ARGUMENT, "box centre or angle is not finite");
        if (!port_finite2(d->half_width, d->half_height) || !(d->half_width > 0.0) ||
            !(d->half_height > 0.0))
            return port_fail(err, EDDY_ERR_ARGUMENT,
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
            return port_fail(err, EDDY_ERR_ARGUMENT,
                             "polygon needs 3 to %d vertices (got %d)",
                             EDDY_MAX_POLYGON_VERTICES, d->vertex_count);
        for (int i = 0; i < d->vertex_count; ++i)
            if (!port_finite2(d->vertices[i][0], d->vertices[i][1]))
                return port_fail(err, EDDY_ERR_ARGUMENT, "polygon vertex %d is not finite", i);
        r = port_prepare_polygon((const double (*)[2])d->vertices, d->vertex_count, s, err);
        break;
    default:
        return port_fail(err, EDDY_ERR_ARGUMENT, "unknown shape type %d", (int)d->type);
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
        return port_fail(err, EDDY_ERR_ARGUMENT, "density must be positive and finite (got %g)",
                         d->density);

    if (d->frictionless)
        s->friction = 0.0;
    else if (d->friction == 0.0)
        s->friction = PORT_DEFAULT_FRICTION;
    else if (port_finite(d->friction) && d->friction > 0.0)
        s->friction = d->friction;
    else
        return port_fail(err, EDDY_ERR_ARGUMENT, "friction must be >= 0 and finite (got %g)",
                         d->friction);

    if (!port_finite(d->restitution) || d->restitution < 0.0)
        return port_fail(err, EDDY_ERR_ARGUMENT, "restitution must be >= 0 and finite (got %g)",
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
        return port_fail(err, EDDY_ERR_ARGUMENT, "unknown body type %d", (int)d->type);
    if (!port_finite2(d->position[0], d->position[1]) || !port_finite(d->angle))
        return port_fail(err, EDDY_ERR_ARGUMENT, "body position or angle is not finite");
    if (!port_finite2(d->linear_velocity[0], d->linear_velocity[1]) ||
        !port_finite(d->angular_velocity))
        return port_fail(err, EDDY_ERR_ARGUMENT, "body velocity is not finite");
    if (!port_finite2(d->linear_damping, d->angular_damping) || d->linear_damping < 0.0 ||
        d->angular_damping < 0.0)
        return port_fail(err, EDDY_ERR_ARGUMENT, "damping must be >= 0 and finite");
    if (!port_finite(d->gravity_scale))
        return port_fail(err, EDDY_ERR_ARGUMENT, "gravity scale is not finite");
    return EDDY_OK;
}

static double port_gravity_scale(const eddy_body_desc *d)
{
    if (d->no_gravity)
        return 0.0;
    return d->gravity_scale == 0.0 ? 1.0 : d->gravity_scale;
}

/* Adds a body at the end of the world's creation-ordered list. */
static eddy_result port_register_body(eddy_world *w, eddy_body *b, eddy_error *err)
{
    if (w->body_count == w->body_capacity) {
        int cap = w->body_capacity ? 2 * w->body_capacity : 16;
        eddy_body **p = (eddy_body **)realloc(w->bodies, (size_t)cap * sizeof *p);
        if (!p)
            return port_fail(err, EDDY_ERR_MEMORY, "out of memory for %d bodies", cap);
        w->bodies = p;
        w->body_capacity = cap;
    }
    b->world = w;
    b->serial = w->next_serial++;
    w->bodies[w->body_count++] = b;
    return EDDY_OK;
}

static void port_unregister_body(eddy_world *w, const eddy_body *b)
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

static eddy_result port_reserve_shape(eddy_body *b, eddy_error *err)
{
    if (b->shape_count < b->shape_capacity)
        return EDDY_OK;
    int cap = b->shape_capacity ? 2 * b->shape_capacity : 4;
    port_shape *p = (port_shape *)realloc(b->shapes, (size_t)cap * sizeof *p);
    if (!p)
        return port_fail(err, EDDY_ERR_MEMORY, "out of memory for %d shapes", cap);
    b->shapes = p;
    b->shape_capacity = cap;
    return EDDY_OK;
}

static eddy_result port_register_drag(eddy_world *w, eddy_drag *g, eddy_error *err)
{
    if (w->drag_count == w->drag_capacity) {
        int cap = w->drag_capacity ? 2 * w->drag_capacity : 4;
        eddy_drag **p = (eddy_drag **)realloc(w->drags, (size_t)cap * sizeof *p);
        if (!p)
            return port_fail(err, EDDY_ERR_MEMORY, "out of memory for %d drags", cap);
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

/* The one rule both backends apply to sensor pairs (2.4 can only produce
 * pairs with a dynamic body; v3 also lets sensors see sensors). */
static bool port_pair_reported(const eddy_body *sensor, bool sensor_is_sensor,
                               const eddy_body *visitor, bool visitor_is_sensor)
{
    return sensor && visitor && sensor_is_sensor && !visitor_is_sensor && sensor != visitor &&
           (sensor->type == EDDY_BODY_DYNAMIC || visitor->type == EDDY_BODY_DYNAMIC);
}

static void port_push_event(eddy_world *w, bool begin, eddy_body *sensor, int sensor_shape,
                            eddy_body *visitor, int visitor_shape)
{
    eddy_sensor_event *list = begin ? w->begin : w->end;
    int *count = begin ? &w->begin_count : &w->end_count;
    if (*count >= w->event_capacity) {
        w->dropped++;
        return;
    }
    eddy_sensor_event *e = &list[(*count)++];
    e->sensor = sensor;
    e->sensor_shape = sensor_shape;
    e->visitor = visitor;
    e->visitor_shape = visitor_shape;
}

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

static void port_clear_events(eddy_world *w)
{
    w->begin_count = w->end_count = w->dropped = 0;
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

static void port_purge_events(eddy_world *w, const eddy_body *b)
{
    w->begin_count = port_purge_list(w->begin, w->begin_count, b);
    w->end_count = port_purge_list(w->end, w->end_count, b);
}

static eddy_result port_alloc_events(eddy_world *w, int capacity, eddy_error *err)
{
    if (capacity < 0)
        return port_fail(err, EDDY_ERR_ARGUMENT, "event capacity must be >= 0 (got %d)",
                         capacity);
    w->event_capacity = capacity ? capacity : PORT_DEFAULT_EVENT_CAPACITY;
    w->begin = (eddy_sensor_event *)calloc((size_t)w->event_capacity, sizeof *w->begin);
    w->end = (eddy_sensor_event *)calloc((size_t)w->event_capacity, sizeof *w->end);
    if (!w->begin || !w->end)
        return port_fail(err, EDDY_ERR_MEMORY, "out of memory for %d sensor events",
                         w->event_capacity);
    return EDDY_OK;
}

/* Point-query results: unique bodies sorted by creation, at most capacity,
 * keeping the earliest created whatever order Box2D reports them in. */
static void port_query_insert(eddy_body **out, int *count, int capacity, eddy_body *b)
{
    int i = 0;
    while (i < *count && out[i]->serial < b->serial)
        ++i;
    if (i < *count && out[i] == b)
        return;
    if (i >= capacity)
        return;
    int last = *count < capacity ? *count : capacity - 1;
    memmove(out + i + 1, out + i, (size_t)(last - i) * sizeof *out);
    out[i] = b;
    if (*count < capacity)
        (*count)++;
}

/* Closest-hit bookkeeping for ray casts; ties go to the earlier body. */
typedef struct port_ray {
    double x0, y0, x1, y1;
    bool hit;
    eddy_ray_hit best;
} port_ray;

static void port_ray_offer(port_ray *r, eddy_body *b, int shape, double px, double py,
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

static eddy_result port_check_step(const eddy_world *w, double dt, int *substeps,
                                   eddy_error *err)
{
    if (!w)
        return port_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    if (!port_finite(dt) || !(dt > 0.0))
        return port_fail(err, EDDY_ERR_ARGUMENT, "time step must be positive and finite (got %g)",
                         dt);
    if (*substeps == 0)
        *substeps = PORT_DEFAULT_SUBSTEPS;
    if (*substeps < 1 || *substeps > PORT_MAX_SUBSTEPS)
        return port_fail(err, EDDY_ERR_ARGUMENT, "substeps must be 1..%d (got %d)",
                         PORT_MAX_SUBSTEPS, *substeps);
    return EDDY_OK;
}

static void port_resolve_drag(const eddy_drag_desc *d, double mass, double *hertz,
                              double *ratio, double *max_force)
{
    *hertz = d && d->hertz > 0.0 ? d->hertz : PORT_DRAG_HERTZ;
    *ratio = d && d->damping_ratio > 0.0 ? d->damping_ratio : PORT_DRAG_DAMPING_RATIO;
    *max_force = d && d->max_force > 0.0 ? d->max_force : PORT_DRAG_FORCE_PER_KG * mass;
}

static eddy_result port_check_drag_desc(const eddy_drag_desc *d, eddy_error *err)
{
    if (!d)
        return EDDY_OK;
    if (!port_finite(d->hertz) || d->hertz < 0.0 || !port_finite(d->damping_ratio) ||
        d->damping_ratio < 0.0 || !port_finite(d->max_force) || d->max_force < 0.0)
        return port_fail(err, EDDY_ERR_ARGUMENT,
                         "drag hertz, damping ratio and max force must be >= 0 and finite");
    return EDDY_OK;
}

/* ==================================================================== *
 * End of the shared port logic.                                         *
 * ==================================================================== */

/* ------------------------------------------------------------ Box2D helpers */

static b2Vec2 v2(double x, double y)
{
    return b2Vec2((float)x, (float)y);
}

static eddy_body *fixture_body(b2Fixture *f, int *index)
{
    eddy_body *b = reinterpret_cast<eddy_body *>(f->GetUserData().pointer);
    if (!b)
        return NULL;
    for (int i = 0; i < b->shape_count; ++i) {
        if (b->shapes[i].fixture == f) {
            *index = i;
            return b;
        }
    }
    return NULL;
}

/* Box2D 2.4 leaves a dynamic body whose shapes have no density at 0 kg (it
 * then ignores gravity and forces) until a mass reset, which would make it
 * 1 kg with no rotational inertia. The port applies that rule at once, as the
 * v3 backend does. */
static void normalise_mass(eddy_body *b)
{
    if (b->type == EDDY_BODY_DYNAMIC && b->b2->GetMass() <= 0.0f) {
        b2MassData m;
        m.mass = 1.0f;
        m.center.SetZero();
        m.I = 0.0f;
        b->b2->SetMassData(&m);
    }
}

/* Called by Box2D during Step: record, never touch the world. */
static void on_contact(eddy_world *w, b2Contact *c, bool begin)
{
    if (!w || w->destroying_body)
        return;
    b2Fixture *fa = c->GetFixtureA(), *fb = c->GetFixtureB();
    b2Fixture *sensor = fa->IsSensor() ? fa : fb;
    b2Fixture *visitor = sensor == fa ? fb : fa;
    int si = -1, vi = -1;
    eddy_body *sb = fixture_body(sensor, &si);
    eddy_body *vb = fixture_body(visitor, &vi);
    if (port_pair_reported(sb, sensor->IsSensor(), vb, visitor->IsSensor()))
        port_push_event(w, begin, sb, si, vb, vi);
}

void port_listener::BeginContact(b2Contact *contact)
{
    on_contact(world, contact, true);
}

void port_listener::EndContact(b2Contact *contact)
{
    on_contact(world, contact, false);
}

/* ------------------------------------------------------------ backend */

void eddy_body_get_backend(eddy_body_backend_info *out)
{
    if (!out)
        return;
    out->name = "box2d-v2.4";
    out->major = b2_version.major;
    out->minor = b2_version.minor;
    out->revision = b2_version.revision;
}

/* ------------------------------------------------------------ world */

static void free_world_memory(eddy_world *w)
{
    free(w->bodies);
    free(w->drags);
    free(w->begin);
    free(w->end);
    delete w;
}

eddy_result eddy_world_create(const eddy_world_desc *desc, eddy_world **out, eddy_error *err)
{
    if (!out)
        return port_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    eddy_world_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    if (!port_finite2(d.gravity[0], d.gravity[1]))
        return port_fail(err, EDDY_ERR_ARGUMENT, "gravity is not finite");

    eddy_world *w = new (std::nothrow) eddy_world();
    if (!w)
        return port_fail(err, EDDY_ERR_MEMORY, "out of memory for a world");
    eddy_result r = port_alloc_events(w, d.event_capacity, err);
    if (r != EDDY_OK) {
        free_world_memory(w);
        return r;
    }
    w->b2 = new (std::nothrow) b2World(v2(d.gravity[0], d.gravity[1]));
    if (!w->b2) {
        free_world_memory(w);
        return port_fail(err, EDDY_ERR_MEMORY, "out of memory for a Box2D world");
    }
    w->b2->SetAllowSleeping(!d.disable_sleep);
    w->listener.world = w;
    w->b2->SetContactListener(&w->listener);
    b2BodyDef ad;
    ad.type = b2_staticBody;
    w->anchor = w->b2->CreateBody(&ad);
    w->gravity[0] = d.gravity[0];
    w->gravity[1] = d.gravity[1];
    w->user_data = d.user_data;
    *out = w;
    return port_ok(err);
}

static void free_body_memory(eddy_body *b)
{
    free(b->shapes);
    free(b);
}

void eddy_world_destroy(eddy_world *w)
{
    if (!w)
        return;
    w->b2->SetContactListener(NULL);
    delete w->b2;
    for (int i = 0; i < w->body_count; ++i)
        free_body_memory(w->bodies[i]);
    for (int i = 0; i < w->drag_count; ++i)
        free(w->drags[i]);
    free_world_memory(w);
}

eddy_result eddy_world_step(eddy_world *w, double dt, int substeps, eddy_error *err)
{
    eddy_result r = port_check_step(w, dt, &substeps, err);
    if (r != EDDY_OK)
        return r;
    port_clear_events(w);
    /* 2.4 has no sub-steps; spend the same effort on velocity iterations. */
    w->b2->Step((float)dt, 2 * substeps, 3); /* the listener fills the lists */
    port_sort_events(w);
    return port_ok(err);
}

eddy_result eddy_world_set_gravity(eddy_world *w, double gx, double gy, eddy_error *err)
{
    if (!w)
        return port_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    if (!port_finite2(gx, gy))
        return port_fail(err, EDDY_ERR_ARGUMENT, "gravity is not finite");
    w->b2->SetGravity(v2(gx, gy));
    w->gravity[0] = gx;
    w->gravity[1] = gy;
    return port_ok(err);
}

void eddy_world_get_gravity(const eddy_world *w, double out[2])
{
    out[0] = w ? w->gravity[0] : 0.0;
    out[1] = w ? w->gravity[1] : 0.0;
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
        return port_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!w)
        return port_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    eddy_body_desc d;
    memset(&d, 0, sizeof d);
    if (desc)
        d = *desc;
    eddy_result r = port_check_body_desc(&d, err);
    if (r != EDDY_OK)
        return r;

    eddy_body *b = (eddy_body *)calloc(1, sizeof *b);
    if (!b)
        return port_fail(err, EDDY_ERR_MEMORY, "out of memory for a body");
    r = port_register_body(w, b, err);
    if (r != EDDY_OK) {
        free(b);
        return r;
    }
    b->type = d.type;
    b->user_data = d.user_data;

    b2BodyDef bd;
    bd.type = d.type == EDDY_BODY_DYNAMIC     ? b2_dynamicBody
              : d.type == EDDY_BODY_KINEMATIC ? b2_kinematicBody
                                              : b2_staticBody;
    bd.position = v2(d.position[0], d.position[1]);
    bd.angle = (float)d.angle;
    bd.linearVelocity = v2(d.linear_velocity[0], d.linear_velocity[1]);
    bd.angularVelocity = (float)d.angular_velocity;
    bd.linearDamping = (float)d.linear_damping;
    bd.angularDamping = (float)d.angular_damping;
    bd.gravityScale = (float)port_gravity_scale(&d);
    bd.fixedRotation = d.fixed_rotation;
    bd.bullet = d.bullet;
    bd.allowSleep = !d.disable_sleep;
    bd.awake = true;
    bd.userData.pointer = reinterpret_cast<uintptr_t>(b);
    b->b2 = w->b2->CreateBody(&bd);
    normalise_mass(b);
    *out = b;
    return port_ok(err);
}

void eddy_body_destroy(eddy_body *b)
{
    if (!b)
        return;
    eddy_world *w = b->world;
    /* Box2D destroys the body's joints with it: our drags on it go idle. */
    for (int i = 0; i < w->drag_count; ++i) {
        if (w->drags[i]->body == b) {
            w->drags[i]->body = NULL;
            w->drags[i]->joint = NULL;
        }
    }
    w->destroying_body = true; /* DestroyBody calls EndContact: no events */
    w->b2->DestroyBody(b->b2);
    w->destroying_body = false;
    port_purge_events(w, b);
    port_unregister_body(w, b);
    free_body_memory(b);
}

eddy_world *eddy_body_world(const eddy_body *b)
{
    return b ? b->world : NULL;
}

eddy_body_type eddy_body_get_type(const eddy_body *b)
{
    return b ? b->type : EDDY_BODY_STATIC;
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

/* ------------------------------------------------------------ shapes */

eddy_result eddy_body_add_shape(eddy_body *b, const eddy_shape_desc *desc, int *out_index,
                                eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    eddy_shape_info info;
    eddy_result r = port_prepare_shape(desc, &info, err);
    if (r != EDDY_OK)
        return r;
    r = port_reserve_shape(b, err);
    if (r != EDDY_OK)
        return r;

    b2FixtureDef fd; /* 2.4 defaults (density 0, friction 0.2) all overridden */
    fd.density = (float)info.density;
    fd.friction = (float)info.friction;
    fd.restitution = (float)info.restitution;
    fd.isSensor = info.is_sensor;
    fd.userData.pointer = reinterpret_cast<uintptr_t>(b);

    b2CircleShape circle;
    b2PolygonShape polygon;
    if (info.type == EDDY_SHAPE_CIRCLE) {
        circle.m_p = v2(info.center[0], info.center[1]);
        circle.m_radius = (float)info.radius;
        fd.shape = &circle;
    } else {
        b2Vec2 p[EDDY_MAX_POLYGON_VERTICES];
        for (int i = 0; i < info.vertex_count; ++i)
            p[i] = v2(info.vertices[i][0], info.vertices[i][1]);
        polygon.Set(p, info.vertex_count);
        if (polygon.m_count != info.vertex_count)
            return port_fail(err, EDDY_ERR_ARGUMENT,
                             "Box2D 2.4 reduced the polygon from %d to %d vertices",
                             info.vertex_count, (int)polygon.m_count);
        fd.shape = &polygon;
    }
    b2Fixture *f = b->b2->CreateFixture(&fd); /* recomputes the mass if density > 0 */
    b->shapes[b->shape_count].fixture = f;
    b->shapes[b->shape_count].info = info;
    if (out_index)
        *out_index = b->shape_count;
    b->shape_count++;
    normalise_mass(b);
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
        return port_fail(err, EDDY_ERR_ARGUMENT, "body or out is NULL");
    if (index < 0 || index >= b->shape_count)
        return port_fail(err, EDDY_ERR_RANGE, "shape index %d outside 0..%d", index,
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
    if (!b)
        return;
    const b2Transform &t = b->b2->GetTransform();
    out->x = t.p.x;
    out->y = t.p.y;
    out->c = t.q.c;
    out->s = t.q.s;
    out->angle = atan2(out->s, out->c); /* 2.4 keeps an unwrapped angle; v3 cannot */
}

void eddy_body_world_point(const eddy_body *b, double lx, double ly, double out[2])
{
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    out[0] = p.x + p.c * lx - p.s * ly;
    out[1] = p.y + p.s * lx + p.c * ly;
}

void eddy_body_local_point(const eddy_body *b, double wx, double wy, double out[2])
{
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    double dx = wx - p.x, dy = wy - p.y;
    out[0] = p.c * dx + p.s * dy;
    out[1] = -p.s * dx + p.c * dy;
}

void eddy_body_linear_velocity(const eddy_body *b, double out[2])
{
    out[0] = out[1] = 0.0;
    if (!b)
        return;
    const b2Vec2 &v = b->b2->GetLinearVelocity();
    out[0] = v.x;
    out[1] = v.y;
}

double eddy_body_angular_velocity(const eddy_body *b)
{
    return b ? (double)b->b2->GetAngularVelocity() : 0.0;
}

void eddy_body_point_velocity(const eddy_body *b, double wx, double wy, double out[2])
{
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
    return b->b2->GetMass();
}

double eddy_body_inertia(const eddy_body *b)
{
    if (!b || b->type != EDDY_BODY_DYNAMIC)
        return 0.0;
    /* 2.4 reports I about the body origin: move it to the centre of mass. */
    const b2Vec2 &c = b->b2->GetLocalCenter();
    double m = b->b2->GetMass();
    double i = (double)b->b2->GetInertia() - m * ((double)c.x * c.x + (double)c.y * c.y);
    return i > 0.0 ? i : 0.0;
}

void eddy_body_local_center(const eddy_body *b, double out[2])
{
    out[0] = out[1] = 0.0;
    if (!b)
        return;
    const b2Vec2 &c = b->b2->GetLocalCenter();
    out[0] = c.x;
    out[1] = c.y;
}

void eddy_body_world_center(const eddy_body *b, double out[2])
{
    out[0] = out[1] = 0.0;
    if (!b)
        return;
    const b2Vec2 &c = b->b2->GetWorldCenter();
    out[0] = c.x;
    out[1] = c.y;
}

bool eddy_body_is_awake(const eddy_body *b)
{
    return b && b->type != EDDY_BODY_STATIC && b->b2->IsAwake();
}

void eddy_body_set_awake(eddy_body *b, bool awake)
{
    if (b && b->type != EDDY_BODY_STATIC)
        b->b2->SetAwake(awake);
}

/* ------------------------------------------------------------ actions */

eddy_result eddy_body_apply_force(eddy_body *b, double fx, double fy, double px, double py,
                                  eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite2(fx, fy) || !port_finite2(px, py))
        return port_fail(err, EDDY_ERR_ARGUMENT, "force or point is not finite");
    if (b->type == EDDY_BODY_DYNAMIC)
        b->b2->ApplyForce(v2(fx, fy), v2(px, py), true);
    return port_ok(err);
}

eddy_result eddy_body_apply_force_to_center(eddy_body *b, double fx, double fy, eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite2(fx, fy))
        return port_fail(err, EDDY_ERR_ARGUMENT, "force is not finite");
    if (b->type == EDDY_BODY_DYNAMIC)
        b->b2->ApplyForceToCenter(v2(fx, fy), true);
    return port_ok(err);
}

eddy_result eddy_body_apply_torque(eddy_body *b, double torque, eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite(torque))
        return port_fail(err, EDDY_ERR_ARGUMENT, "torque is not finite");
    if (b->type == EDDY_BODY_DYNAMIC)
        b->b2->ApplyTorque((float)torque, true);
    return port_ok(err);
}

eddy_result eddy_body_apply_impulse(eddy_body *b, double ix, double iy, double px, double py,
                                    eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite2(ix, iy) || !port_finite2(px, py))
        return port_fail(err, EDDY_ERR_ARGUMENT, "impulse or point is not finite");
    if (b->type == EDDY_BODY_DYNAMIC)
        b->b2->ApplyLinearImpulse(v2(ix, iy), v2(px, py), true);
    return port_ok(err);
}

eddy_result eddy_body_set_transform(eddy_body *b, double x, double y, double angle,
                                    eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite2(x, y) || !port_finite(angle))
        return port_fail(err, EDDY_ERR_ARGUMENT, "position or angle is not finite");
    b->b2->SetTransform(v2(x, y), (float)angle);
    /* 2.4 neither wakes the body nor updates a sleeping body's contacts */
    if (b->type != EDDY_BODY_STATIC)
        b->b2->SetAwake(true);
    return port_ok(err);
}

eddy_result eddy_body_set_velocity(eddy_body *b, double vx, double vy, double w,
                                   eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (b->type == EDDY_BODY_STATIC)
        return port_fail(err, EDDY_ERR_ARGUMENT, "a static body cannot be given a velocity");
    if (!port_finite2(vx, vy) || !port_finite(w))
        return port_fail(err, EDDY_ERR_ARGUMENT, "velocity is not finite");
    b->b2->SetLinearVelocity(v2(vx, vy));
    b->b2->SetAngularVelocity((float)w);
    if (vx != 0.0 || vy != 0.0 || w != 0.0)
        b->b2->SetAwake(true);
    return port_ok(err);
}

eddy_result eddy_body_move_kinematic(eddy_body *b, double x, double y, double angle, double dt,
                                     eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (b->type != EDDY_BODY_KINEMATIC)
        return port_fail(err, EDDY_ERR_ARGUMENT, "only kinematic bodies can be moved this way");
    if (!port_finite2(x, y) || !port_finite(angle) || !port_finite(dt) || !(dt > 0.0))
        return port_fail(err, EDDY_ERR_ARGUMENT, "target pose or time step is not valid");
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    double turn = port_wrap_angle(angle - p.angle);
    return eddy_body_set_velocity(b, (x - p.x) / dt, (y - p.y) / dt, turn / dt, err);
}

/* ------------------------------------------------------------ queries */

namespace {

class ray_callback : public b2RayCastCallback {
public:
    port_ray ray;
    float ReportFixture(b2Fixture *f, const b2Vec2 &point, const b2Vec2 &normal,
                        float fraction) override
    {
        int index = -1;
        eddy_body *b = fixture_body(f, &index);
        if (!b || f->IsSensor())
            return -1.0f; /* skip */
        if (f->TestPoint(v2(ray.x0, ray.y0)))
            return -1.0f; /* the ray starts inside this shape */
        port_ray_offer(&ray, b, index, point.x, point.y, normal.x, normal.y, fraction);
        return fraction; /* clip the ray here */
    }
};

class point_callback : public b2QueryCallback {
public:
    b2Vec2 p;
    eddy_body **out = nullptr;
    int count = 0, capacity = 0;
    bool ReportFixture(b2Fixture *f) override
    {
        int index = -1;
        eddy_body *b = fixture_body(f, &index);
        if (b && !f->IsSensor() && f->TestPoint(p))
            port_query_insert(out, &count, capacity, b);
        return true;
    }
};

} // namespace

bool eddy_world_ray_cast(const eddy_world *w, double x0, double y0, double x1, double y1,
                         eddy_ray_hit *out)
{
    if (!w || !port_finite2(x0, y0) || !port_finite2(x1, y1))
        return false;
    b2Vec2 p1 = v2(x0, y0), p2 = v2(x1, y1); /* 2.4 wants the end point */
    if (p1.x == p2.x && p1.y == p2.y)
        return false;
    ray_callback c;
    memset(&c.ray, 0, sizeof c.ray);
    c.ray.x0 = x0;
    c.ray.y0 = y0;
    c.ray.x1 = x1;
    c.ray.y1 = y1;
    w->b2->RayCast(&c, p1, p2);
    if (!c.ray.hit)
        return false;
    if (out)
        *out = c.ray.best;
    return true;
}

int eddy_world_query_point(const eddy_world *w, double x, double y, eddy_body **out,
                           int capacity)
{
    if (!w || !out || capacity <= 0 || !port_finite2(x, y))
        return 0;
    point_callback c;
    c.p = v2(x, y);
    c.out = out;
    c.capacity = capacity;
    b2AABB box;
    box.lowerBound = v2(x - 1e-3, y - 1e-3);
    box.upperBound = v2(x + 1e-3, y + 1e-3);
    w->b2->QueryAABB(&c, box);
    return c.count;
}

/* ------------------------------------------------------------ drag */

eddy_result eddy_drag_create(eddy_body *b, double x, double y, const eddy_drag_desc *desc,
                             eddy_drag **out, eddy_error *err)
{
    if (!out)
        return port_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (b->type != EDDY_BODY_DYNAMIC)
        return port_fail(err, EDDY_ERR_ARGUMENT, "only dynamic bodies can be dragged");
    if (!port_finite2(x, y))
        return port_fail(err, EDDY_ERR_ARGUMENT, "drag point is not finite");
    eddy_result r = port_check_drag_desc(desc, err);
    if (r != EDDY_OK)
        return r;

    eddy_drag *g = (eddy_drag *)calloc(1, sizeof *g);
    if (!g)
        return port_fail(err, EDDY_ERR_MEMORY, "out of memory for a drag");
    r = port_register_drag(b->world, g, err);
    if (r != EDDY_OK) {
        free(g);
        return r;
    }
    double hertz, ratio, max_force;
    double mass = eddy_body_mass(b);
    port_resolve_drag(desc, mass, &hertz, &ratio, &max_force);
    /* 2.4 takes a spring constant and a damper rather than a frequency and a
     * ratio: k = m omega^2, c = 2 m zeta omega for the dragged mass. */
    double omega = 2.0 * PORT_PI * hertz;
    b2MouseJointDef jd;
    jd.bodyA = b->world->anchor;
    jd.bodyB = b->b2;
    jd.target = v2(x, y);
    jd.maxForce = (float)max_force;
    jd.stiffness = (float)(mass * omega * omega);
    jd.damping = (float)(2.0 * mass * ratio * omega);
    g->world = b->world;
    g->body = b;
    g->joint = static_cast<b2MouseJoint *>(b->world->b2->CreateJoint(&jd));
    b->b2->SetAwake(true);
    *out = g;
    return port_ok(err);
}

eddy_result eddy_drag_set_target(eddy_drag *g, double x, double y, eddy_error *err)
{
    if (!g)
        return port_fail(err, EDDY_ERR_ARGUMENT, "drag is NULL");
    if (!port_finite2(x, y))
        return port_fail(err, EDDY_ERR_ARGUMENT, "drag target is not finite");
    if (g->body) {
        g->joint->SetTarget(v2(x, y));
        g->body->b2->SetAwake(true);
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
    if (g->body)
        g->world->b2->DestroyJoint(g->joint);
    port_unregister_drag(g->world, g);
    free(g);
}
