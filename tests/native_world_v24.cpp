// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* native_world_v24.cpp - the game's side of tests/test_own_world.c on Box2D
 * 2.4 (native_world.h): plain Box2D 2.4 calls, as a game makes them. */
#include "native_world.h"

#include "eddy_box2d_v24.h"

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_edge_shape.h>
#include <box2d/b2_fixture.h>
#include <box2d/b2_polygon_shape.h>

#include <new>
#include <stdint.h>

struct native_world {
    b2World world;
    b2Body *bodies[NATIVE_MAX_BODIES] = {};
    int count = 0;
    explicit native_world(const b2Vec2 &g) : world(g) {}
};

static b2Vec2 v2(double x, double y)
{
    return b2Vec2((float)x, (float)y);
}

native_world *native_world_create(double gx, double gy)
{
    return new (std::nothrow) native_world(v2(gx, gy));
}

void native_world_destroy(native_world *w)
{
    delete w;
}

void native_world_step(native_world *w, double dt)
{
    w->world.Step((float)dt, 8, 3);
}

void native_world_set_gravity(native_world *w, double gx, double gy)
{
    w->world.SetGravity(v2(gx, gy));
}

int native_world_body_count(const native_world *w)
{
    return w->world.GetBodyCount();
}

static int add_body(native_world *w, eddy_body_type type, double x, double y, void *user_data)
{
    b2BodyDef bd;
    bd.type = type == EDDY_BODY_DYNAMIC     ? b2_dynamicBody
              : type == EDDY_BODY_KINEMATIC ? b2_kinematicBody
                                            : b2_staticBody;
    bd.position = v2(x, y);
    bd.userData.pointer = reinterpret_cast<uintptr_t>(user_data);
    w->bodies[w->count] = w->world.CreateBody(&bd);
    return w->count++;
}

static void add_fixture(b2Body *body, const b2Shape &shape, double density, void *user_data)
{
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = (float)density;
    fd.friction = 0.6f;
    fd.userData.pointer = reinterpret_cast<uintptr_t>(user_data);
    body->CreateFixture(&fd);
}

int native_add_box(native_world *w, eddy_body_type type, double x, double y, double hw,
                   double hh, double density, void *user_data)
{
    int i = add_body(w, type, x, y, user_data);
    b2PolygonShape box;
    box.SetAsBox((float)hw, (float)hh);
    add_fixture(w->bodies[i], box, density, user_data);
    return i;
}

void native_add_circle_fixture(native_world *w, int i, double cx, double cy, double radius,
                               double density, void *user_data)
{
    b2CircleShape c;
    c.m_p = v2(cx, cy);
    c.m_radius = (float)radius;
    add_fixture(w->bodies[i], c, density, user_data);
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
    int i = add_body(w, EDDY_BODY_STATIC, 0, 0, nullptr);
    b2EdgeShape e;
    e.SetTwoSided(v2(x0, y0), v2(x1, y1));
    add_fixture(w->bodies[i], e, 0, nullptr);
    return i;
}

void native_destroy_body(native_world *w, int i)
{
    w->world.DestroyBody(w->bodies[i]); /* the game keeps the stale pointer, as games do */
}

bool native_same_slot(const native_world *w, int i, int j)
{
    return w->bodies[i] == w->bodies[j];
}

void native_destroy_box2d_body_of(const eddy_body *b)
{
    b2Body *body = eddy_body_box2d(b);
    body->GetWorld()->DestroyBody(body);
}

void native_body_set_gravity_scale(native_world *w, int i, double scale)
{
    w->bodies[i]->SetGravityScale((float)scale);
}

void native_body_set_mass(native_world *w, int i, double mass, double inertia)
{
    b2MassData m;
    w->bodies[i]->GetMassData(&m);
    m.mass = (float)mass;
    m.I = (float)(inertia + mass * b2Dot(m.center, m.center)); /* 2.4: about the origin */
    w->bodies[i]->SetMassData(&m);
}

void native_body_lower_ballast(native_world *w, int i, double dy)
{
    b2MassData m;
    w->bodies[i]->GetMassData(&m); /* 2.4: I about the origin, kept as read */
    m.center.y -= (float)dy;
    w->bodies[i]->SetMassData(&m);
}

static b2BodyType native_type(eddy_body_type type)
{
    return type == EDDY_BODY_DYNAMIC ? b2_dynamicBody
           : type == EDDY_BODY_KINEMATIC ? b2_kinematicBody : b2_staticBody;
}

void native_body_set_type(native_world *w, int i, eddy_body_type type)
{
    w->bodies[i]->SetType(native_type(type));
}

void native_body_rebuild_as_circle(native_world *w, int i, double radius, double density)
{
    b2Body *b = w->bodies[i];
    while (b->GetFixtureList()) b->DestroyFixture(b->GetFixtureList());
    b2CircleShape s;
    s.m_radius = (float)radius;
    b2FixtureDef fd;
    fd.shape = &s;
    fd.density = (float)density;
    fd.friction = 0.6f;
    b->CreateFixture(&fd);
}

void native_body_set_velocity(native_world *w, int i, double vx, double vy)
{
    w->bodies[i]->SetLinearVelocity(v2(vx, vy));
}

double native_body_inertia(const native_world *w, int i)
{
    return w->bodies[i]->GetInertia() -
           w->bodies[i]->GetMass() * b2Dot(w->bodies[i]->GetLocalCenter(), w->bodies[i]->GetLocalCenter());
}

void native_body_set_sleep_enabled(native_world *w, int i, bool enabled)
{
    w->bodies[i]->SetSleepingAllowed(enabled);
}

void native_body_velocity(const native_world *w, int i, double out[2])
{
    b2Vec2 v = w->bodies[i]->GetLinearVelocity();
    out[0] = v.x, out[1] = v.y;
}

void native_body_position(const native_world *w, int i, double out[2])
{
    b2Vec2 p = w->bodies[i]->GetPosition();
    out[0] = p.x, out[1] = p.y;
}

double native_body_mass(const native_world *w, int i)
{
    return w->bodies[i]->GetMass();
}

double native_body_gravity_scale(const native_world *w, int i)
{
    return w->bodies[i]->GetGravityScale();
}

bool native_body_sleep_enabled(const native_world *w, int i)
{
    return w->bodies[i]->IsSleepingAllowed();
}

void *native_body_user_data(const native_world *w, int i)
{
    return reinterpret_cast<void *>(w->bodies[i]->GetUserData().pointer);
}

void *native_fixture_user_data(const native_world *w, int i)
{
    b2Fixture *first = nullptr; /* 2.4 lists the newest first */
    for (b2Fixture *f = w->bodies[i]->GetFixtureList(); f; f = f->GetNext()) first = f;
    return first ? reinterpret_cast<void *>(first->GetUserData().pointer) : nullptr;
}

eddy_result native_adopt_world(native_world *w, eddy_world **out, eddy_error *err)
{
    return eddy_world_adopt_box2d(&w->world, out, err);
}

eddy_result native_adopt_body(native_world *w, eddy_world *ew, int i, eddy_body **out,
                              eddy_error *err)
{
    return eddy_body_adopt_box2d(ew, w->bodies[i], out, err);
}

bool native_is_body(const native_world *w, int i, const eddy_body *b)
{
    return eddy_body_box2d(b) == w->bodies[i];
}

bool native_is_world(const native_world *w, const eddy_world *ew)
{
    return eddy_world_box2d(ew) == &w->world;
}

bool native_foreign_bodies_have_no_user_data(const native_world *cw)
{
    native_world *w = const_cast<native_world *>(cw); /* 2.4's user data getters are not const */
    for (b2Body *b = w->world.GetBodyList(); b; b = b->GetNext()) {
        bool ours = false;
        for (int i = 0; i < w->count; ++i) ours = ours || b == w->bodies[i];
        if (ours) continue;
        if (b->GetUserData().pointer) return false;
        for (b2Fixture *f = b->GetFixtureList(); f; f = f->GetNext())
            if (f->GetUserData().pointer) return false;
    }
    return true;
}
