/*
 * body_box2d_v3.c - the rigid-body port (eddy_body.h) on Box2D v3.1, in C.
 *
 * The build uses this file when Box2D v3 headers are found (BOX2D_V3_PREFIX,
 * or /usr/local) and links libbox2d by full path, because a bare -lbox2d finds
 * Debian's 2.4 first. The other backend, body_box2d_v24.cpp, implements the
 * same header on Box2D 2.4; the "port logic" section below is kept word for
 * word the same in both files so that validation, defaults, event filtering
 * and ordering cannot drift apart.
 *
 * What v3 needs from us compared to 2.4:
 *   - sensor events are already polled after the step; we copy them into our
 *     own buffer at once (so a later body destruction cannot leave stale ids
 *     in it), map them to our bodies and sort them;
 *   - every shape must opt in to sensor events (v3 default is off);
 *   - a dynamic body without mass has mass 0 in v3, 1 kg in 2.4: we set 1 kg;
 *   - ray casts take a translation: we pass end - start.
 * Rotational inertia is already about the centre of mass in v3.
 *
 * Two v3.1 details we correct for:
 *   - Box2D v3.1.1 can report a false sensor end (and a begin on a later
 *     step) while a circle still overlaps a sensor: when the circle's centre is
 *     within 0.5 mm of the other shape, b2ShapeDistance skips subtracting the
 *     radii (erincatto/box2d issue #990, fixed upstream by PR #1000 after
 *     v3.1.1). We re-check every end event with an exact overlap test; a
 *     pair that still overlaps is held, its end is reported when it really
 *     separates, and v3's repeated begin for it is swallowed.
 *   - v3 advances a rotation by atan(w h) per sub-step of length h, not by
 *     w h; eddy_body_move_kinematic compensates so the target angle is met.
 */
#include "eddy_body.h"

#include <box2d/box2d.h>

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(B2_MAX_POLYGON_VERTICES) || B2_MAX_POLYGON_VERTICES < EDDY_MAX_POLYGON_VERTICES
#error "body_box2d_v3.c needs the Box2D v3 headers (box2d/collision.h with B2_MAX_POLYGON_VERTICES >= 8)"
#endif

/* ------------------------------------------------------------ handles */

typedef struct port_shape {
    b2ShapeId id;
    eddy_shape_info info;
} port_shape;

struct eddy_body {
    eddy_world *world;
    b2BodyId id;
    eddy_body_type type;
    uint64_t serial;        /* creation order, never reused */
    port_shape *shapes;
    int shape_count, shape_capacity;
    void *user_data;
};

struct eddy_drag {
    eddy_world *world;
    eddy_body *body;        /* NULL once the body is gone */
    b2JointId id;
};

struct eddy_world {
    b2WorldId id;
    b2BodyId anchor;        /* static, shapeless: the fixed end of drags */
    double gravity[2];
    void *user_data;

    eddy_body **bodies;     /* creation order */
    int body_count, body_capacity;
    uint64_t next_serial;

    eddy_drag **drags;
    int drag_count, drag_capacity;

    eddy_sensor_event *begin, *end; /* event_capacity each */
    int begin_count, end_count, event_capacity, dropped;

    eddy_sensor_event *held; /* pairs v3 ended while they still overlap */
    int held_count;          /* at most event_capacity */
    int substeps;            /* of the last step (4 before the first) */
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
    b2Vec2 v = { (float)x, (float)y };
    return v;
}

/* Exact cos/sin rather than v3's fast approximation, so an angle set is the
 * angle read back. */
static b2Rot rot(double angle)
{
    b2Rot q = { (float)cos(angle), (float)sin(angle) };
    return q;
}

static int shape_index(const eddy_body *b, b2ShapeId id)
{
    for (int i = 0; i < b->shape_count; ++i)
        if (B2_ID_EQUALS(b->shapes[i].id, id))
            return i;
    return -1;
}

/* Our body and shape index for a Box2D shape, or NULL when the shape is gone. */
static eddy_body *lookup_shape(b2ShapeId id, int *index)
{
    if (!b2Shape_IsValid(id))
        return NULL;
    eddy_body *b = (eddy_body *)b2Shape_GetUserData(id);
    if (!b)
        return NULL;
    *index = shape_index(b, id);
    return *index >= 0 ? b : NULL;
}

/* v3 leaves a dynamic body whose shapes have no density at 0 kg: it then
 * ignores gravity and forces. The port gives it 1 kg and no rotational
 * inertia (what 2.4 does on a mass reset), in both backends. */
static void normalise_mass(eddy_body *b)
{
    if (b->type == EDDY_BODY_DYNAMIC && b2Body_GetMass(b->id) <= 0.0f) {
        b2MassData m = { 0 };
        m.mass = 1.0f;
        b2Body_SetMassData(b->id, m);
    }
}

/* ------------------------------------------------------------ backend */

void eddy_body_get_backend(eddy_body_backend_info *out)
{
    if (!out)
        return;
    b2Version v = b2GetVersion();
    out->name = "box2d-v3";
    out->major = v.major;
    out->minor = v.minor;
    out->revision = v.revision;
}

/* ------------------------------------------------------------ world */

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

    eddy_world *w = (eddy_world *)calloc(1, sizeof *w);
    if (!w)
        return port_fail(err, EDDY_ERR_MEMORY, "out of memory for a world");
    eddy_result r = port_alloc_events(w, d.event_capacity, err);
    if (r == EDDY_OK) {
        w->held = (eddy_sensor_event *)calloc((size_t)w->event_capacity, sizeof *w->held);
        if (!w->held)
            r = port_fail(err, EDDY_ERR_MEMORY, "out of memory for %d sensor pairs",
                          w->event_capacity);
    }
    if (r != EDDY_OK) {
        free(w->begin);
        free(w->end);
        free(w->held);
        free(w);
        return r;
    }
    w->substeps = PORT_DEFAULT_SUBSTEPS;

    b2WorldDef wd = b2DefaultWorldDef();
    wd.gravity = v2(d.gravity[0], d.gravity[1]);
    wd.enableSleep = !d.disable_sleep;
    w->id = b2CreateWorld(&wd);
    if (B2_IS_NULL(w->id)) {
        free(w->begin);
        free(w->end);
        free(w->held);
        free(w);
        return port_fail(err, EDDY_ERR_CAPACITY, "Box2D v3 has no free world slot");
    }
    b2BodyDef ad = b2DefaultBodyDef();
    ad.type = b2_staticBody;
    w->anchor = b2CreateBody(w->id, &ad);
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
    b2DestroyWorld(w->id);
    for (int i = 0; i < w->body_count; ++i)
        free_body_memory(w->bodies[i]);
    for (int i = 0; i < w->drag_count; ++i)
        free(w->drags[i]);
    free(w->bodies);
    free(w->drags);
    free(w->begin);
    free(w->end);
    free(w->held);
    free(w);
}

/* ------------------------------------------------------------ sensor events */

/* Exact overlap of two of our shapes at the bodies' current poses: the core
 * distance (circle centre, polygon) from b2ShapeDistance without radii, then
 * the radii subtracted here. */
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
    in.transformA = b2Body_GetTransform(e->sensor->id);
    in.transformB = b2Body_GetTransform(e->visitor->id);
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

static int find_held(const eddy_world *w, const eddy_sensor_event *e)
{
    for (int i = 0; i < w->held_count; ++i)
        if (same_pair(&w->held[i], e))
            return i;
    return -1;
}

static void drop_held(eddy_world *w, int i)
{
    w->held[i] = w->held[--w->held_count];
}

/* Copies v3's sensor events of the step into our buffer, as our bodies. */
static void collect_sensor_events(eddy_world *w)
{
    b2SensorEvents ev = b2World_GetSensorEvents(w->id);
    for (int pass = 0; pass < 2; ++pass) {
        bool begin = pass == 0;
        int n = begin ? ev.beginCount : ev.endCount;
        for (int i = 0; i < n; ++i) {
            b2ShapeId sid = begin ? ev.beginEvents[i].sensorShapeId : ev.endEvents[i].sensorShapeId;
            b2ShapeId vid =
                begin ? ev.beginEvents[i].visitorShapeId : ev.endEvents[i].visitorShapeId;
            eddy_sensor_event e;
            e.sensor = lookup_shape(sid, &e.sensor_shape);
            e.visitor = lookup_shape(vid, &e.visitor_shape);
            /* A shape destroyed since (its body was destroyed) reports nothing. */
            if (!e.sensor || !e.visitor)
                continue;
            if (!port_pair_reported(e.sensor, e.sensor->shapes[e.sensor_shape].info.is_sensor,
                                    e.visitor, e.visitor->shapes[e.visitor_shape].info.is_sensor))
                continue;
            int h = find_held(w, &e);
            if (begin && h >= 0) {
                drop_held(w, h); /* v3 sees it again: it never ended for us */
                continue;
            }
            if (!begin && h < 0 && w->held_count < w->event_capacity && pair_overlaps(&e)) {
                w->held[w->held_count++] = e; /* false end (issue #990): hold it */
                continue;
            }
            port_push_event(w, begin, e.sensor, e.sensor_shape, e.visitor, e.visitor_shape);
        }
    }
    /* Held pairs that have really separated now end. */
    for (int i = 0; i < w->held_count;) {
        if (pair_overlaps(&w->held[i])) {
            ++i;
            continue;
        }
        eddy_sensor_event e = w->held[i];
        drop_held(w, i);
        port_push_event(w, false, e.sensor, e.sensor_shape, e.visitor, e.visitor_shape);
    }
}

static void forget_held(eddy_world *w, const eddy_body *b)
{
    for (int i = 0; i < w->held_count;) {
        if (w->held[i].sensor == b || w->held[i].visitor == b)
            drop_held(w, i);
        else
            ++i;
    }
}

eddy_result eddy_world_step(eddy_world *w, double dt, int substeps, eddy_error *err)
{
    eddy_result r = port_check_step(w, dt, &substeps, err);
    if (r != EDDY_OK)
        return r;
    port_clear_events(w);
    w->substeps = substeps;
    b2World_Step(w->id, (float)dt, substeps);
    collect_sensor_events(w);
    port_sort_events(w);
    return port_ok(err);
}

eddy_result eddy_world_set_gravity(eddy_world *w, double gx, double gy, eddy_error *err)
{
    if (!w)
        return port_fail(err, EDDY_ERR_ARGUMENT, "world is NULL");
    if (!port_finite2(gx, gy))
        return port_fail(err, EDDY_ERR_ARGUMENT, "gravity is not finite");
    b2World_SetGravity(w->id, v2(gx, gy));
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

    b2BodyDef bd = b2DefaultBodyDef();
    bd.type = d.type == EDDY_BODY_DYNAMIC     ? b2_dynamicBody
              : d.type == EDDY_BODY_KINEMATIC ? b2_kinematicBody
                                              : b2_staticBody;
    bd.position = v2(d.position[0], d.position[1]);
    bd.rotation = rot(d.angle);
    bd.linearVelocity = v2(d.linear_velocity[0], d.linear_velocity[1]);
    bd.angularVelocity = (float)d.angular_velocity;
    bd.linearDamping = (float)d.linear_damping;
    bd.angularDamping = (float)d.angular_damping;
    bd.gravityScale = (float)port_gravity_scale(&d);
    bd.fixedRotation = d.fixed_rotation;
    bd.isBullet = d.bullet;
    bd.enableSleep = !d.disable_sleep;
    bd.userData = b;
    b->id = b2CreateBody(w->id, &bd);
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
    for (int i = 0; i < w->drag_count; ++i)
        if (w->drags[i]->body == b)
            w->drags[i]->body = NULL;
    b2DestroyBody(b->id);
    port_purge_events(w, b);
    forget_held(w, b);
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

    b2ShapeDef sd = b2DefaultShapeDef();
    sd.density = (float)info.density;
    sd.material.friction = (float)info.friction;
    sd.material.restitution = (float)info.restitution;
    sd.isSensor = info.is_sensor;
    sd.enableSensorEvents = true; /* v3 default is off, for sensors too */
    sd.userData = b;

    b2ShapeId id;
    if (info.type == EDDY_SHAPE_CIRCLE) {
        b2Circle c;
        c.center = v2(info.center[0], info.center[1]);
        c.radius = (float)info.radius;
        id = b2CreateCircleShape(b->id, &sd, &c);
    } else {
        b2Vec2 p[EDDY_MAX_POLYGON_VERTICES];
        for (int i = 0; i < info.vertex_count; ++i)
            p[i] = v2(info.vertices[i][0], info.vertices[i][1]);
        b2Hull hull = b2ComputeHull(p, info.vertex_count);
        if (hull.count != info.vertex_count)
            return port_fail(err, EDDY_ERR_ARGUMENT,
                             "Box2D v3 reduced the polygon from %d to %d vertices",
                             info.vertex_count, hull.count);
        b2Polygon poly = b2MakePolygon(&hull, 0.0f);
        id = b2CreatePolygonShape(b->id, &sd, &poly);
    }
    b->shapes[b->shape_count].id = id;
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
    b2Transform t = b2Body_GetTransform(b->id);
    out->x = t.p.x;
    out->y = t.p.y;
    out->c = t.q.c;
    out->s = t.q.s;
    out->angle = atan2(out->s, out->c);
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
    b2Vec2 v = b2Body_GetLinearVelocity(b->id);
    out[0] = v.x;
    out[1] = v.y;
}

double eddy_body_angular_velocity(const eddy_body *b)
{
    return b ? (double)b2Body_GetAngularVelocity(b->id) : 0.0;
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
    return b2Body_GetMass(b->id);
}

double eddy_body_inertia(const eddy_body *b)
{
    if (!b || b->type != EDDY_BODY_DYNAMIC)
        return 0.0;
    return b2Body_GetRotationalInertia(b->id); /* v3: about the centre of mass */
}

void eddy_body_local_center(const eddy_body *b, double out[2])
{
    out[0] = out[1] = 0.0;
    if (!b)
        return;
    b2Vec2 c = b2Body_GetLocalCenterOfMass(b->id);
    out[0] = c.x;
    out[1] = c.y;
}

void eddy_body_world_center(const eddy_body *b, double out[2])
{
    out[0] = out[1] = 0.0;
    if (!b)
        return;
    b2Vec2 c = b2Body_GetWorldCenterOfMass(b->id);
    out[0] = c.x;
    out[1] = c.y;
}

bool eddy_body_is_awake(const eddy_body *b)
{
    return b && b->type != EDDY_BODY_STATIC && b2Body_IsAwake(b->id);
}

void eddy_body_set_awake(eddy_body *b, bool awake)
{
    if (b && b->type != EDDY_BODY_STATIC)
        b2Body_SetAwake(b->id, awake);
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
        b2Body_ApplyForce(b->id, v2(fx, fy), v2(px, py), true);
    return port_ok(err);
}

eddy_result eddy_body_apply_force_to_center(eddy_body *b, double fx, double fy, eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite2(fx, fy))
        return port_fail(err, EDDY_ERR_ARGUMENT, "force is not finite");
    if (b->type == EDDY_BODY_DYNAMIC)
        b2Body_ApplyForceToCenter(b->id, v2(fx, fy), true);
    return port_ok(err);
}

eddy_result eddy_body_apply_torque(eddy_body *b, double torque, eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite(torque))
        return port_fail(err, EDDY_ERR_ARGUMENT, "torque is not finite");
    if (b->type == EDDY_BODY_DYNAMIC)
        b2Body_ApplyTorque(b->id, (float)torque, true);
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
        b2Body_ApplyLinearImpulse(b->id, v2(ix, iy), v2(px, py), true);
    return port_ok(err);
}

eddy_result eddy_body_set_transform(eddy_body *b, double x, double y, double angle,
                                    eddy_error *err)
{
    if (!b)
        return port_fail(err, EDDY_ERR_ARGUMENT, "body is NULL");
    if (!port_finite2(x, y) || !port_finite(angle))
        return port_fail(err, EDDY_ERR_ARGUMENT, "position or angle is not finite");
    b2Body_SetTransform(b->id, v2(x, y), rot(angle));
    if (b->type != EDDY_BODY_STATIC)
        b2Body_SetAwake(b->id, true);
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
    b2Body_SetLinearVelocity(b->id, v2(vx, vy));
    b2Body_SetAngularVelocity(b->id, (float)w);
    if (vx != 0.0 || vy != 0.0 || w != 0.0)
        b2Body_SetAwake(b->id, true);
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
    /* v3 turns by atan(w h) per sub-step: ask for tan(turn / n) / h. Beyond a
     * quarter turn per sub-step it cannot get there in one step anyway. */
    int n = b->world->substeps;
    double per_substep = turn / n;
    if (fabs(per_substep) < 0.25 * PORT_PI)
        turn = n * tan(per_substep);
    return eddy_body_set_velocity(b, (x - p.x) / dt, (y - p.y) / dt, turn / dt, err);
}

/* ------------------------------------------------------------ queries */

typedef struct ray_context {
    port_ray ray;
} ray_context;

static float ray_callback(b2ShapeId id, b2Vec2 point, b2Vec2 normal, float fraction, void *ctx)
{
    ray_context *c = (ray_context *)ctx;
    int index = -1;
    eddy_body *b = lookup_shape(id, &index);
    if (!b || b->shapes[index].info.is_sensor)
        return -1.0f; /* skip */
    if (b2Shape_TestPoint(id, v2(c->ray.x0, c->ray.y0)))
        return -1.0f; /* the ray starts inside this shape */
    port_ray_offer(&c->ray, b, index, point.x, point.y, normal.x, normal.y, fraction);
    return fraction; /* clip the ray here */
}

bool eddy_world_ray_cast(const eddy_world *w, double x0, double y0, double x1, double y1,
                         eddy_ray_hit *out)
{
    if (!w || !port_finite2(x0, y0) || !port_finite2(x1, y1))
        return false;
    b2Vec2 origin = v2(x0, y0);
    b2Vec2 translation = v2(x1 - x0, y1 - y0); /* v3 wants a translation */
    if (translation.x == 0.0f && translation.y == 0.0f)
        return false;
    ray_context c;
    memset(&c, 0, sizeof c);
    c.ray.x0 = x0;
    c.ray.y0 = y0;
    c.ray.x1 = x1;
    c.ray.y1 = y1;
    b2World_CastRay(w->id, origin, translation, b2DefaultQueryFilter(), ray_callback, &c);
    if (!c.ray.hit)
        return false;
    if (out)
        *out = c.ray.best;
    return true;
}

typedef struct point_context {
    b2Vec2 p;
    eddy_body **out;
    int count, capacity;
} point_context;

static bool point_callback(b2ShapeId id, void *ctx)
{
    point_context *c = (point_context *)ctx;
    int index = -1;
    eddy_body *b = lookup_shape(id, &index);
    if (b && !b->shapes[index].info.is_sensor && b2Shape_TestPoint(id, c->p))
        port_query_insert(c->out, &c->count, c->capacity, b);
    return true;
}

int eddy_world_query_point(const eddy_world *w, double x, double y, eddy_body **out,
                           int capacity)
{
    if (!w || !out || capacity <= 0 || !port_finite2(x, y))
        return 0;
    point_context c;
    c.p = v2(x, y);
    c.out = out;
    c.count = 0;
    c.capacity = capacity;
    b2AABB box;
    box.lowerBound = v2(x - 1e-3, y - 1e-3);
    box.upperBound = v2(x + 1e-3, y + 1e-3);
    b2World_OverlapAABB(w->id, box, b2DefaultQueryFilter(), point_callback, &c);
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
    port_resolve_drag(desc, eddy_body_mass(b), &hertz, &ratio, &max_force);
    b2MouseJointDef jd = b2DefaultMouseJointDef();
    jd.bodyIdA = b->world->anchor;
    jd.bodyIdB = b->id;
    jd.target = v2(x, y);
    jd.hertz = (float)hertz;
    jd.dampingRatio = (float)ratio;
    jd.maxForce = (float)max_force;
    g->world = b->world;
    g->body = b;
    g->id = b2CreateMouseJoint(b->world->id, &jd);
    b2Body_SetAwake(b->id, true);
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
        b2MouseJoint_SetTarget(g->id, v2(x, y));
        b2Body_SetAwake(g->body->id, true);
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
        b2DestroyJoint(g->id);
    port_unregister_drag(g->world, g);
    free(g);
}
