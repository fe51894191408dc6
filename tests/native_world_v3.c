// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* native_world_v3.c - the game's side of tests/test_own_world.c on Box2D v3
 * (native_world.h): plain Box2D v3 calls, as a game makes them. */
#include "native_world.h"

#include "eddy_box2d_v3.h"

#include <stdlib.h>

struct native_world {
    b2WorldId id;
    b2BodyId bodies[NATIVE_MAX_BODIES];
    int count;
};

static b2Vec2 v2(double x, double y)
{
    b2Vec2 v = {(float)x, (float)y};
    return v;
}

native_world *native_world_create(double gx, double gy)
{
    native_world *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    b2WorldDef wd = b2DefaultWorldDef();
    wd.gravity = v2(gx, gy);
    w->id = b2CreateWorld(&wd);
    return w;
}

void native_world_destroy(native_world *w)
{
    if (!w) return;
    b2DestroyWorld(w->id);
    free(w);
}

void native_world_step(native_world *w, double dt)
{
    b2World_Step(w->id, (float)dt, 4);
}

void native_world_set_gravity(native_world *w, double gx, double gy)
{
    b2World_SetGravity(w->id, v2(gx, gy));
}

int native_world_body_count(const native_world *w)
{
    return b2World_GetCounters(w->id).bodyCount;
}

static int add_body(native_world *w, eddy_body_type type, double x, double y, void *user_data)
{
    b2BodyDef bd = b2DefaultBodyDef();
    bd.type = type == EDDY_BODY_DYNAMIC     ? b2_dynamicBody
              : type == EDDY_BODY_KINEMATIC ? b2_kinematicBody
                                            : b2_staticBody;
    bd.position = v2(x, y);
    bd.userData = user_data;
    w->bodies[w->count] = b2CreateBody(w->id, &bd);
    return w->count++;
}

static b2ShapeDef shape_def(double density, void *user_data)
{
    b2ShapeDef sd = b2DefaultShapeDef();
    sd.density = (float)density;
    sd.material.friction = 0.6f;
    sd.userData = user_data;
    return sd;
}

int native_add_box(native_world *w, eddy_body_type type, double x, double y, double hw,
                   double hh, double density, void *user_data)
{
    int i = add_body(w, type, x, y, user_data);
    b2ShapeDef sd = shape_def(density, user_data);
    b2Polygon box = b2MakeBox((float)hw, (float)hh);
    b2CreatePolygonShape(w->bodies[i], &sd, &box);
    return i;
}

void native_add_circle_fixture(native_world *w, int i, double cx, double cy, double radius,
                               double density, void *user_data)
{
    b2ShapeDef sd = shape_def(density, user_data);
    b2Circle c = {v2(cx, cy), (float)radius};
    b2CreateCircleShape(w->bodies[i], &sd, &c);
}

int native_add_circle(native_world *w, eddy_body_type type, double x, double y, double radius,
                      double density, void *user_data)
{
    int i = add_body(w, type, x, y, user_data);
    native_add_circle_fixture(w, i, 0, 0, radius, density, user_data);
    return i;
}

int native_add_edge(native_world *w, double x0, double y0, double x1, double y1)
{
    int i = add_body(w, EDDY_BODY_STATIC, 0, 0, NULL);
    b2ShapeDef sd = b2DefaultShapeDef();
    b2Segment s = {v2(x0, y0), v2(x1, y1)};
    b2CreateSegmentShape(w->bodies[i], &sd, &s);
    return i;
}

void native_destroy_body(native_world *w, int i)
{
    b2DestroyBody(w->bodies[i]); /* the game keeps the stale id, as games do */
}

bool native_same_slot(const native_world *w, int i, int j)
{
    return w->bodies[i].index1 == w->bodies[j].index1 && w->bodies[i].world0 == w->bodies[j].world0;
}

void native_destroy_box2d_body_of(const eddy_body *b)
{
    b2DestroyBody(eddy_body_box2d(b));
}

void native_body_set_gravity_scale(native_world *w, int i, double scale)
{
    b2Body_SetGravityScale(w->bodies[i], (float)scale);
}

void native_body_set_mass(native_world *w, int i, double mass, double inertia)
{
    b2MassData m = b2Body_GetMassData(w->bodies[i]);
    m.rotationalInertia = (float)inertia; /* about the centre in v3 */
    m.mass = (float)mass;
    b2Body_SetMassData(w->bodies[i], m);
}

void native_body_lower_ballast(native_world *w, int i, double dy)
{
    b2MassData m = b2Body_GetMassData(w->bodies[i]);
    m.center.y -= (float)dy;
    b2Body_SetMassData(w->bodies[i], m);
}

void native_body_set_type(native_world *w, int i, eddy_body_type type)
{
    b2Body_SetType(w->bodies[i], type == EDDY_BODY_DYNAMIC ? b2_dynamicBody
                                 : type == EDDY_BODY_KINEMATIC ? b2_kinematicBody
                                                               : b2_staticBody);
}

void native_body_rebuild_as_circle(native_world *w, int i, double radius, double density)
{
    b2ShapeId shapes[16];
    int n = b2Body_GetShapes(w->bodies[i], shapes, 16);
    for (int k = 0; k < n; ++k) b2DestroyShape(shapes[k], true);
    b2ShapeDef sd = b2DefaultShapeDef();
    sd.density = (float)density;
    sd.material.friction = 0.6f;
    b2Circle circle = {{0.0f, 0.0f}, (float)radius};
    b2CreateCircleShape(w->bodies[i], &sd, &circle);
}

void native_body_set_velocity(native_world *w, int i, double vx, double vy)
{
    b2Body_SetLinearVelocity(w->bodies[i], v2(vx, vy));
}

double native_body_inertia(const native_world *w, int i)
{
    return b2Body_GetRotationalInertia(w->bodies[i]);
}

void native_body_set_sleep_enabled(native_world *w, int i, bool enabled)
{
    b2Body_EnableSleep(w->bodies[i], enabled);
}

void native_body_velocity(const native_world *w, int i, double out[2])
{
    b2Vec2 v = b2Body_GetLinearVelocity(w->bodies[i]);
    out[0] = v.x, out[1] = v.y;
}

void native_body_position(const native_world *w, int i, double out[2])
{
    b2Vec2 p = b2Body_GetPosition(w->bodies[i]);
    out[0] = p.x, out[1] = p.y;
}

double native_body_mass(const native_world *w, int i)
{
    return b2Body_GetMass(w->bodies[i]);
}

double native_body_gravity_scale(const native_world *w, int i)
{
    return b2Body_GetGravityScale(w->bodies[i]);
}

bool native_body_sleep_enabled(const native_world *w, int i)
{
    return b2Body_IsSleepEnabled(w->bodies[i]);
}

void *native_body_user_data(const native_world *w, int i)
{
    return b2Body_GetUserData(w->bodies[i]);
}

void *native_fixture_user_data(const native_world *w, int i)
{
    b2ShapeId shapes[8];
    int n = b2Body_GetShapes(w->bodies[i], shapes, 8);
    return n > 0 ? b2Shape_GetUserData(shapes[n - 1]) : NULL; /* v3 lists newest first */
}

eddy_result native_adopt_world(native_world *w, eddy_world **out, eddy_error *err)
{
    return eddy_world_adopt_box2d(w->id, out, err);
}

eddy_result native_adopt_body(native_world *w, eddy_world *ew, int i, eddy_body **out,
                              eddy_error *err)
{
    return eddy_body_adopt_box2d(ew, w->bodies[i], out, err);
}

bool native_is_body(const native_world *w, int i, const eddy_body *b)
{
    b2BodyId id = eddy_body_box2d(b);
    return B2_ID_EQUALS(id, w->bodies[i]);
}

bool native_is_world(const native_world *w, const eddy_world *ew)
{
    b2WorldId id = eddy_world_box2d(ew);
    return id.index1 == w->id.index1 && id.generation == w->id.generation;
}

typedef struct foreign_check {
    const native_world *w;
    bool clean;
} foreign_check;

static bool check_shape(b2ShapeId shape, void *context)
{
    foreign_check *f = context;
    b2BodyId body = b2Shape_GetBody(shape);
    for (int i = 0; i < f->w->count; ++i)
        if (B2_ID_EQUALS(body, f->w->bodies[i])) return true; /* the game's */
    if (b2Body_GetUserData(body) || b2Shape_GetUserData(shape)) f->clean = false;
    return true;
}

bool native_foreign_bodies_have_no_user_data(const native_world *w)
{
    foreign_check f = {w, true};
    b2AABB all = {v2(-1e4, -1e4), v2(1e4, 1e4)};
#if EDDY_BOX2D_DEV /* Box2D 3.2: the box is relative to an origin */
    b2World_OverlapAABB(w->id, v2(0, 0), all, b2DefaultQueryFilter(), check_shape, &f);
#else
    b2World_OverlapAABB(w->id, all, b2DefaultQueryFilter(), check_shape, &f);
#endif
    return f.clean;
}
