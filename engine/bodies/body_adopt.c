// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* body_adopt.c - the port's half of bringing a game's own Box2D world and
 * bodies under eddy handles (eddy_box2d_v3.h, eddy_box2d_v24.h). The backend
 * checks the Box2D handles and reads Box2D; here the handles are made, the
 * shapes checked and measured as eddy_body_add_shape would, and the records
 * kept in creation order like any other body's. An adopted world is not
 * owned: eddy_world_destroy frees eddy's handles and the Box2D bodies eddy
 * itself created in it, nothing else (body_port.c). */
#include "body_port.h"

#include <stdlib.h>
#include <string.h>

eddy_result eddyi_port_adopt_world(const eddyi_body_engine *e, eddy_native_world *n,
                                   eddy_world **out, eddy_error *err)
{
    eddy_world *w = (eddy_world *)eddy_calloc(1, sizeof *w);
    if (!w)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a world");
    /* No event lists: an adopted world hands out no sensor events. */
    w->engine = e;
    w->native = n;
    w->adopted = true;
    w->substeps = 4;
    *out = w;
    eddyi_clear_error(err);
    return EDDY_OK;
}

static void free_adopted(eddy_world *w, eddy_body *b)
{
    eddyi_port_unregister_body(w, b);
    eddy_free(b->shapes);
    eddy_free(b);
}

eddy_result eddyi_port_adopt_body(eddy_world *w, eddy_native_ref native, eddy_body **out,
                                 eddy_error *err)
{
    for (int i = 0; i < w->body_count; ++i)
        if (w->bodies[i]->native == native && eddyi_port_body_live(w->bodies[i]))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "the Box2D body already has an eddy handle (body %d of the world)",
                             i);
    eddy_body *b = (eddy_body *)eddy_calloc(1, sizeof *b);
    if (!b)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a body");
    eddy_result r = eddyi_port_register_body(w, b, err);
    if (r != EDDY_OK) {
        eddy_free(b);
        return r;
    }
    b->native = native;
    b->adopted = true;
    r = b->world->engine->body_adopt(b, err);
    if (r != EDDY_OK) {
        free_adopted(w, b);
        return r;
    }
    if (b->type == EDDY_BODY_DYNAMIC) { /* the mass Box2D gives it now, kept as its own */
        eddy_port_mass m;
        b->world->engine->mass(b, &m);
        b->own_mass = m.mass;
        b->own_inertia = b->fixed_rotation ? 0.0 : m.inertia;
        b->seen = m;
    }
    *out = b;
    eddyi_clear_error(err);
    return EDDY_OK;
}

static bool finite_pair(const double *p)
{
    return eddyi_port_finite(p[0]) && eddyi_port_finite(p[1]);
}

/* Box2D checked the geometry when the game made the shape; here only what
 * the panels need: finite numbers, a positive radius or a convex polygon of
 * positive area, stored counter-clockwise with its centroid. */
static eddy_result adopt_geometry(const eddy_shape_info *raw, int index, eddy_shape_info *s,
                                  eddy_error *err)
{
    if (raw->type == EDDY_SHAPE_CIRCLE) {
        if (!finite_pair(raw->center) || !eddyi_port_finite(raw->radius) || !(raw->radius > 0.0))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "Box2D shape %d: a circle without a finite positive radius", index);
        s->type = EDDY_SHAPE_CIRCLE;
        s->center[0] = raw->center[0];
        s->center[1] = raw->center[1];
        s->radius = raw->radius;
        s->area = EDDY_PORT_PI * raw->radius * raw->radius;
        return EDDY_OK;
    }
    int n = raw->vertex_count;
    if (raw->type != EDDY_SHAPE_POLYGON || n < 3 || n > EDDY_MAX_POLYGON_VERTICES)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "Box2D shape %d: eddy reads circles and polygons of 3 to %d vertices",
                         index, EDDY_MAX_POLYGON_VERTICES);
    for (int i = 0; i < n; ++i)
        if (!finite_pair(raw->vertices[i]))
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "Box2D shape %d: vertex %d is not finite",
                             index, i);
    if (!eddyi_port_measure_polygon((const double (*)[2])raw->vertices, n, s))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "Box2D shape %d: a polygon with no area", index);
    return EDDY_OK;
}

eddy_result eddyi_port_adopt_shape(eddy_body *b, eddy_native_ref native, const eddy_shape_info *raw,
                                  eddy_error *err)
{
    int index = b->shape_count;
    eddy_shape_info s;
    memset(&s, 0, sizeof s);
    eddy_result r = adopt_geometry(raw, index, &s, err);
    if (r != EDDY_OK)
        return r;
    if (!eddyi_port_finite(raw->density) || raw->density < 0.0 ||
        !eddyi_port_finite(raw->friction) || raw->friction < 0.0 ||
        !eddyi_port_finite(raw->restitution) || raw->restitution < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "Box2D shape %d: density, friction or restitution is negative or not "
                         "finite", index);
    s.density = raw->density;
    s.friction = raw->friction;
    s.restitution = raw->restitution;
    s.is_sensor = raw->is_sensor;
    s.user_data = raw->user_data;
    r = eddyi_port_reserve_shape(b, err);
    if (r != EDDY_OK)
        return r;
    b->shapes[index].native = native;
    b->shapes[index].info = s;
    b->shape_count++;
    return EDDY_OK;
}
