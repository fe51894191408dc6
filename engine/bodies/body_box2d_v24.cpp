// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_box2d_v24.cpp - the Box2D 2.4 backend of the rigid-body port (Debian's
 * libbox2d-dev).
 *
 * The port itself (eddy_body.h: argument checks, defaults, records, event and
 * query ordering) is engine/bodies/body_port.c; this file implements only its
 * hooks, the calls into Box2D 2.4, handed to the port as one engine table
 * (eddyi_body_engine, body_port.h) by eddy_world_create and the adoption
 * functions at the end: the port never calls this file by name. Debian 12
 * packages only Box2D 2.4.1, a C++ library whose type names clash with v3's,
 * so this backend is one C++ file giving the hooks C linkage. The build uses
 * it unless Box2D v3 is found; link with -lbox2d -lstdc++.
 *
 * Where 2.4 needs more than a call:
 *   - rotational inertia is about the body origin in 2.4: m |c|^2 is taken off
 *     to give it about the centre of mass;
 *   - sensor overlaps come as contact-listener callbacks during the step: they
 *     go straight into the port's preallocated event lists (the port sorts
 *     them after the step); those made while a body is destroyed are ignored;
 *   - fixture defaults (density 0, friction 0.2) are always overridden by the
 *     port's resolved values;
 *   - no sub-steps: one Step with 2 x substeps velocity iterations;
 *   - the mouse joint takes a stiffness and a damping, not a frequency and a
 *     ratio;
 *   - objects are kept in the port's records by pointer.
 * A game's own b2World and bodies (eddy_box2d_v24.h) are adopted as they
 * are: no contact listener, no anchor body, no user data of eddy's on the
 * bodies and fixtures eddy creates in it; the game's bodies are read (type,
 * gravity scale, fixtures) and changed only through the port's own calls
 * (forces, mass, gravity scale, sleep).
 *
 * Lifetimes. Box2D 2.4 frees a destroyed body into a pool that hands the
 * same address to the next body made, and tells nothing of it (its
 * destruction listener is the game's, and hears of fixtures and joints
 * only). So eddy hangs a watch fixture of its own on every body it holds in a
 * game's world (see watch_shape): a sensor with no mass, no collisions, no
 * ray or point hits and a broad-phase box far from everything, whose shape,
 * when Box2D destroys it with its body (b2World::DestroyBody) or with its
 * world (~b2World), sets the handle's `gone` flag from its destructor. eddy
 * then knows at once, reads nothing freed, and a new body at the old address
 * is a stranger. The world itself is watched through its clock (a kinematic
 * body of eddy's, body_port.h), which carries one too. In eddy's own world
 * the destruction listener is eddy's, and its fixtures' user data name their
 * bodies.
 * Nothing here throws: both allocations with new use std::nothrow, and Box2D
 * 2.4 allocates with malloc.
 */
#include "body_port.h" /* C linkage: the header wraps itself in extern "C" */
#include "eddy_box2d_v24.h"

/* 2.4-only header names, so a Box2D v3 in /usr/local/include cannot be picked
 * up by mistake. */
#include <box2d/b2_block_allocator.h>
#include <box2d/b2_body.h>
#include <box2d/b2_circle_shape.h>
#include <box2d/b2_common.h>
#include <box2d/b2_contact.h>
#include <box2d/b2_fixture.h>
#include <box2d/b2_mouse_joint.h>
#include <box2d/b2_polygon_shape.h>
#include <box2d/b2_world.h>
#include <box2d/b2_world_callbacks.h>

#include <new>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static_assert(b2_maxPolygonVertices >= EDDY_MAX_POLYGON_VERTICES,
              "Box2D 2.4 must allow 8-vertex polygons");

namespace { /* internal linkage: no C++ name leaves the static library either */

/* Buffers the sensor begin/end callbacks Box2D 2.4 makes during Step. */
class port_listener : public b2ContactListener {
public:
    eddy_world *world = nullptr;
    void BeginContact(b2Contact *contact) override;
    void EndContact(b2Contact *contact) override;
};

} // namespace

namespace {

/* eddy's own world: a body the game destroys through Box2D is told by its
 * fixtures, whose user data name eddy's body. */
class port_goodbye : public b2DestructionListener {
public:
    void SayGoodbye(b2Joint *) override {}
    void SayGoodbye(b2Fixture *f) override;
};

} // namespace

struct eddy_native_world {
    b2World *b2 = nullptr;
    b2Body *anchor = nullptr;     /* static, shapeless: the fixed end of drags */
    b2Body *clock = nullptr;      /* an adopted world's step clock (body_port.h) */
    port_listener listener;
    port_goodbye goodbye;
    bool destroying_body = false; /* ignore the callbacks DestroyBody makes */
};

/* ------------------------------------------------------------ conversions */

static b2Vec2 v2(double x, double y)
{
    return b2Vec2((float)x, (float)y);
}

static eddy_native_ref ref_of(const void *p)
{
    return static_cast<eddy_native_ref>(reinterpret_cast<uintptr_t>(p));
}

static b2Body *body_of(const eddy_body *b)
{
    return reinterpret_cast<b2Body *>(static_cast<uintptr_t>(b->native));
}

static b2MouseJoint *joint_of(const eddy_drag *g)
{
    return reinterpret_cast<b2MouseJoint *>(static_cast<uintptr_t>(g->native));
}

/* Our body and shape index for a fixture, or NULL when it is not ours. */
static eddy_body *fixture_body(b2Fixture *f, int *index)
{
    eddy_body *b = reinterpret_cast<eddy_body *>(f->GetUserData().pointer);
    return eddyi_port_find_shape(b, ref_of(f), index);
}

/* ------------------------------------------------------------ watch fixtures */

namespace {

/* The shape of a watch fixture. Box2D 2.4 clones a fixture's shape through
 * its virtual Clone and ends it with a virtual destructor call
 * (b2Fixture::Destroy: s->~b2PolygonShape()), both when the body is destroyed
 * and when the world is: this subclass of the same size takes over both, and
 * its destructor sets the flag eddy gave it. It is invisible to the world's
 * queries: no mass, no point or ray hits, and a broad-phase box at a point of
 * its own far above the world (distinct for every watch, so that no two are
 * ever paired and no contact filter is asked about them); it draws as a
 * 2 mm square at the body's origin. What it keeps lives in vertex slots the
 * 4-vertex square leaves free:
 *   slot 5: the broad-phase point; slot 6: the flag's address;
 *   slot 7: what it watches (WATCH_BODY or WATCH_CLOCK) and whether it is a
 *           clone in a fixture (only those set the flag: the prototype eddy
 *           hands to CreateFixture ends on eddy's stack). */
enum { WATCH_BODY = 1, WATCH_CLOCK = 2, WATCH_ARMED = 4 };

class watch_shape final : public b2PolygonShape {
public:
    watch_shape(bool *flag, int kind, b2Vec2 far)
    {
        SetAsBox(1e-3f, 1e-3f);
        m_vertices[5] = far;
        set_word(6, reinterpret_cast<uintptr_t>(flag));
        set_word(7, static_cast<uintptr_t>(kind));
        hold(nullptr, nullptr);
    }
    /* Destroyed with its body or world: the flag. Destroyed alone
     * (b2Body::DestroyFixture, which first unhooks the fixture from its
     * body: the game rebuilt the body's fixtures), the body lives on: the
     * second flag, when there is one, says the watch is lost. */
    ~watch_shape() override
    {
        if (!(word(7) & WATCH_ARMED))
            return;
        const b2Fixture *f = reinterpret_cast<const b2Fixture *>(normal_word(0));
        bool *lost = reinterpret_cast<bool *>(normal_word(1));
        if (f && lost && f->GetBody() == nullptr)
            *lost = true;
        else
            *reinterpret_cast<bool *>(word(6)) = true;
    }
    /* Its fixture, and the flag its loss alone sets (NULL: none). */
    void hold(const b2Fixture *f, bool *lost)
    {
        set_normal_word(0, reinterpret_cast<uintptr_t>(f));
        set_normal_word(1, reinterpret_cast<uintptr_t>(lost));
    }
    b2Shape *Clone(b2BlockAllocator *allocator) const override
    {
        void *memory = allocator->Allocate(sizeof(b2PolygonShape)); /* freed at that size */
        watch_shape *clone = new (memory) watch_shape(*this);
        clone->set_word(7, word(7) | WATCH_ARMED);
        return clone;
    }
    bool TestPoint(const b2Transform &, const b2Vec2 &) const override { return false; }
    bool RayCast(b2RayCastOutput *, const b2RayCastInput &, const b2Transform &,
                 int32) const override
    {
        return false;
    }
    void ComputeAABB(b2AABB *aabb, const b2Transform &, int32) const override
    {
        aabb->lowerBound = aabb->upperBound = m_vertices[5];
    }
    void ComputeMass(b2MassData *mass, float) const override
    {
        mass->mass = 0.0f;
        mass->center.SetZero();
        mass->I = 0.0f;
    }
    bool watches(const bool *flag) const { return word(6) == reinterpret_cast<uintptr_t>(flag); }
    /* From now on its end tells nobody: for a watch Box2D may outlive the flag
     * (eddy's handle is freed while the world is locked, and Box2D refuses to
     * destroy anything). */
    void disarm() { set_word(7, word(7) & ~static_cast<uintptr_t>(WATCH_ARMED)); }
    bool is_clock() const { return (word(7) & WATCH_CLOCK) != 0; }

private:
    uintptr_t word(int slot) const
    {
        uintptr_t w;
        memcpy(&w, &m_vertices[slot], sizeof w);
        return w;
    }
    void set_word(int slot, uintptr_t w) { memcpy(static_cast<void *>(&m_vertices[slot]), &w, sizeof w); }
    /* The normals' slots 4.. are free too (the square uses 0..3). */
    uintptr_t normal_word(int k) const
    {
        uintptr_t w;
        memcpy(&w, &m_normals[4 + k], sizeof w);
        return w;
    }
    void set_normal_word(int k, uintptr_t w)
    {
        memcpy(static_cast<void *>(&m_normals[4 + k]), &w, sizeof w);
    }
};

static_assert(sizeof(watch_shape) == sizeof(b2PolygonShape),
              "Box2D frees a polygon's shape at sizeof(b2PolygonShape)");
static_assert(sizeof(uintptr_t) <= sizeof(b2Vec2), "a word fits in a vertex slot");

} // namespace

static const watch_shape *watch_of(const b2Fixture *f)
{
    return dynamic_cast<const watch_shape *>(f->GetShape());
}

/* The broad-phase point of watch number k: 8 m apart, 10 m above the clock. */
static b2Vec2 watch_point(uint64_t k)
{
    return b2Vec2((float)(8.0 * (double)k), (float)(EDDY_PORT_CLOCK_Y + 10.0));
}

/* Hangs a watch on the body: its destruction will set *flag. A fixture of no
 * density: the body's mass stays as it is. */
static void add_watch(b2Body *body, bool *flag, int kind, uint64_t k, bool *lost = nullptr)
{
    watch_shape shape(flag, kind, watch_point(k));
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = 0.0f;
    fd.isSensor = true;
    fd.filter.categoryBits = 0; /* collides with nothing, under the default filter too */
    fd.filter.maskBits = 0;
    b2Fixture *f = body->CreateFixture(&fd);
    if (f)
        static_cast<watch_shape *>(f->GetShape())->hold(f, lost);
}

/* Whether the body carries a live watch setting this flag. */
static bool has_watch(b2Body *body, const bool *flag)
{
    for (b2Fixture *f = body->GetFixtureList(); f; f = f->GetNext()) {
        const watch_shape *w = watch_of(f);
        if (w && w->watches(flag))
            return true;
    }
    return false;
}

/* Takes the watch off a live body. b2Body::DestroyFixture recomputes the mass
 * from the fixtures, which would undo a mass the game or eddy set: it is put
 * back as it was. Disarmed first: inside a step (the world locked) Box2D
 * destroys nothing, and the watch stays behind, inert. */
static void disarm_watch(b2Body *body, const bool *flag)
{
    for (b2Fixture *f = body->GetFixtureList(); f; f = f->GetNext()) {
        watch_shape *w = dynamic_cast<watch_shape *>(f->GetShape());
        if (w && w->watches(flag))
            w->disarm();
    }
}

static void remove_watch(b2Body *body, const bool *flag)
{
    disarm_watch(body, flag);
    for (b2Fixture *f = body->GetFixtureList(); f; f = f->GetNext()) {
        const watch_shape *w = watch_of(f);
        if (!w || !w->watches(flag))
            continue;
        b2MassData mass;
        body->GetMassData(&mass);
        body->DestroyFixture(f);
        body->SetMassData(&mass);
        return;
    }
}

void port_goodbye::SayGoodbye(b2Fixture *f)
{
    eddy_body *b = reinterpret_cast<eddy_body *>(f->GetUserData().pointer);
    if (b)
        b->gone = true;
}

/* ------------------------------------------------------------ backend, world */

static void native_backend(const eddy_world *w, eddy_body_backend_info *out)
{
    (void)w;
    out->name = "box2d-v2.4";
    out->major = b2_version.major;
    out->minor = b2_version.minor;
    out->revision = b2_version.revision;
    out->substeps = false;
    out->polygon_skin = b2_polygonRadius;
}

/* Called by Box2D during Step: records, never touches the world. */
static void on_contact(eddy_world *w, b2Contact *c, bool begin)
{
    if (!w || w->native->destroying_body)
        return;
    b2Fixture *fa = c->GetFixtureA(), *fb = c->GetFixtureB();
    b2Fixture *sensor = fa->IsSensor() ? fa : fb;
    b2Fixture *visitor = sensor == fa ? fb : fa;
    eddy_sensor_event e;
    e.sensor_shape = e.visitor_shape = -1;
    e.sensor = fixture_body(sensor, &e.sensor_shape);
    e.visitor = fixture_body(visitor, &e.visitor_shape);
    if (eddyi_port_pair_reported(&e))
        eddyi_port_push_event(w, begin, &e);
}

void port_listener::BeginContact(b2Contact *contact)
{
    on_contact(world, contact, true);
}

void port_listener::EndContact(b2Contact *contact)
{
    on_contact(world, contact, false);
}

static eddy_result native_world_create(eddy_world *w, const eddy_world_desc *d, eddy_error *err)
{
    eddy_native_world *n = new (std::nothrow) eddy_native_world();
    if (n)
        n->b2 = new (std::nothrow) b2World(v2(d->gravity[0], d->gravity[1]));
    if (!n || !n->b2) {
        delete n;
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a Box2D world");
    }
    n->b2->SetAllowSleeping(!d->disable_sleep);
    n->listener.world = w;
    n->b2->SetContactListener(&n->listener);
    n->b2->SetDestructionListener(&n->goodbye);
    b2BodyDef ad;
    ad.type = b2_staticBody;
    n->anchor = n->b2->CreateBody(&ad);
    w->native = n;
    return EDDY_OK;
}

static void native_world_destroy(eddy_world *w)
{
    eddy_native_world *n = w->native;
    if (!w->adopted) {
        n->b2->SetContactListener(NULL);
        n->b2->SetDestructionListener(NULL);
        delete n->b2;
    } else if (!w->gone) { /* the game's world is the game's: only the clock goes */
        disarm_watch(n->clock, &w->gone);
        n->b2->DestroyBody(n->clock);
    }
    delete n;
    w->native = NULL;
}

/* The watches set the flags the port checks first: what is still asked about
 * is alive. */
static bool native_world_alive(const eddy_world *)
{
    return true;
}

static bool native_body_alive(const eddy_body *)
{
    return true;
}
static void native_world_gravity(const eddy_world *w, double out[2])
{
    b2Vec2 g = w->native->b2->GetGravity();
    out[0] = g.x;
    out[1] = g.y;
}

static void native_world_set_gravity(eddy_world *w, double gx, double gy)
{
    w->native->b2->SetGravity(v2(gx, gy));
}

static void native_world_step(eddy_world *w, double dt, int substeps)
{
    /* 2.4 has no sub-steps; the same effort goes into velocity iterations.
     * The listener fills the event lists. */
    w->native->b2->Step((float)dt, 2 * substeps, 3);
}

/* ------------------------------------------------------------ bodies, shapes */

static void native_body_create(eddy_body *b, const eddy_body_desc *d, double gravity_scale)
{
    b2BodyDef bd;
    bd.type = d->type == EDDY_BODY_DYNAMIC     ? b2_dynamicBody
              : d->type == EDDY_BODY_KINEMATIC ? b2_kinematicBody
                                               : b2_staticBody;
    bd.position = v2(d->position[0], d->position[1]);
    bd.angle = (float)d->angle;
    bd.linearVelocity = v2(d->linear_velocity[0], d->linear_velocity[1]);
    bd.angularVelocity = (float)d->angular_velocity;
    bd.linearDamping = (float)d->linear_damping;
    bd.angularDamping = (float)d->angular_damping;
    bd.gravityScale = (float)gravity_scale;
    bd.fixedRotation = d->fixed_rotation;
    bd.bullet = d->bullet;
    bd.allowSleep = !d->disable_sleep;
    bd.awake = true;
    if (!b->world->adopted) /* a game's world: its user data only */
        bd.userData.pointer = reinterpret_cast<uintptr_t>(b);
    b2Body *body = b->world->native->b2->CreateBody(&bd);
    b->native = ref_of(body);
    if (b->world->adopted) /* the game may destroy it, or its world */
        add_watch(body, &b->gone, WATCH_BODY, b->serial + 1);
}

static void native_body_destroy(eddy_body *b)
{
    eddy_native_world *n = b->world->native;
    if (b->world->adopted)
        disarm_watch(body_of(b), &b->gone); /* the handle goes, whatever Box2D does */
    n->destroying_body = true; /* DestroyBody calls EndContact: no events */
    n->b2->DestroyBody(body_of(b));
    n->destroying_body = false;
}

static eddy_result native_shape_create(eddy_body *b, const eddy_shape_info *s,
                                     eddy_native_ref *out, eddy_error *err)
{
    b2FixtureDef fd; /* 2.4 defaults (density 0, friction 0.2) all overridden */
    fd.density = (float)s->density;
    fd.friction = (float)s->friction;
    fd.restitution = (float)s->restitution;
    fd.isSensor = s->is_sensor;
    if (!b->world->adopted)
        fd.userData.pointer = reinterpret_cast<uintptr_t>(b);

    b2CircleShape circle;
    b2PolygonShape polygon;
    if (s->type == EDDY_SHAPE_CIRCLE) {
        circle.m_p = v2(s->center[0], s->center[1]);
        circle.m_radius = (float)s->radius;
        fd.shape = &circle;
    } else {
        b2Vec2 p[EDDY_MAX_POLYGON_VERTICES];
        for (int i = 0; i < s->vertex_count; ++i)
            p[i] = v2(s->vertices[i][0], s->vertices[i][1]);
        polygon.Set(p, s->vertex_count);
        if (polygon.m_count != s->vertex_count)
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "Box2D 2.4 reduced the polygon from %d to %d vertices",
                             s->vertex_count, (int)polygon.m_count);
        fd.shape = &polygon;
    }
    *out = ref_of(body_of(b)->CreateFixture(&fd)); /* recomputes the mass if density > 0 */
    return EDDY_OK;
}

/* ------------------------------------------------------------ state */

static void native_pose(const eddy_body *b, double pos[2], double *c, double *s)
{
    const b2Transform &t = body_of(b)->GetTransform();
    pos[0] = t.p.x;
    pos[1] = t.p.y;
    *c = t.q.c;
    *s = t.q.s;
}

static void native_velocity(const eddy_body *b, double v[2], double *w)
{
    const b2Body *body = body_of(b);
    const b2Vec2 &lv = body->GetLinearVelocity();
    v[0] = lv.x;
    v[1] = lv.y;
    *w = body->GetAngularVelocity();
}

static void native_mass(const eddy_body *b, eddy_port_mass *out)
{
    const b2Body *body = body_of(b);
    const b2Vec2 &lc = body->GetLocalCenter();
    const b2Vec2 &wc = body->GetWorldCenter();
    out->mass = body->GetMass();
    /* 2.4 gives I about the body origin: move it to the centre of mass. */
    double i = (double)body->GetInertia() - out->mass * ((double)lc.x * lc.x + (double)lc.y * lc.y);
    out->inertia = i > 0.0 ? i : 0.0;
    out->local_center[0] = lc.x;
    out->local_center[1] = lc.y;
    out->world_center[0] = wc.x;
    out->world_center[1] = wc.y;
}

static void native_set_unit_mass(eddy_body *b)
{
    b2MassData m;
    m.mass = 1.0f;
    m.center.SetZero();
    m.I = 0.0f;
    body_of(b)->SetMassData(&m);
}

static void native_set_mass(eddy_body *b, double mass, double inertia, const double local_center[2])
{
    b2MassData m;
    m.mass = (float)mass;
    m.center.Set((float)local_center[0], (float)local_center[1]);
    /* 2.4 takes the inertia about the body origin */
    m.I = (float)(inertia + mass * (local_center[0] * local_center[0] +
                                    local_center[1] * local_center[1]));
    body_of(b)->SetMassData(&m);
}

static void native_set_gravity_scale(eddy_body *b, double scale)
{
    body_of(b)->SetGravityScale((float)scale);
}

static double native_gravity_scale(const eddy_body *b)
{
    return body_of(b)->GetGravityScale();
}

/* An adopted body's fixture as the port takes it; false for a kind of shape
 * panels cannot follow (edges, chains). */
static bool read_fixture(b2Fixture *f, eddy_shape_info *raw)
{
    *raw = eddy_shape_info();
    b2Shape *shape = f->GetShape();
    if (f->GetType() == b2Shape::e_circle) {
        const b2CircleShape *c = static_cast<b2CircleShape *>(shape);
        raw->type = EDDY_SHAPE_CIRCLE;
        raw->center[0] = c->m_p.x;
        raw->center[1] = c->m_p.y;
        raw->radius = c->m_radius;
    } else if (f->GetType() == b2Shape::e_polygon) {
        const b2PolygonShape *p = static_cast<b2PolygonShape *>(shape);
        if (p->m_count > EDDY_MAX_POLYGON_VERTICES)
            return false;
        raw->type = EDDY_SHAPE_POLYGON;
        raw->vertex_count = p->m_count;
        for (int i = 0; i < p->m_count; ++i) {
            raw->vertices[i][0] = p->m_vertices[i].x;
            raw->vertices[i][1] = p->m_vertices[i].y;
        }
    } else {
        return false;
    }
    raw->density = f->GetDensity();
    raw->friction = f->GetFriction();
    raw->restitution = f->GetRestitution();
    raw->is_sensor = f->IsSensor();
    raw->user_data = reinterpret_cast<void *>(f->GetUserData().pointer);
    return true;
}

/* The game's fixtures, in the order they were created, to the port. */
static eddy_result read_fixtures(eddy_body *b, b2Body *body, eddy_error *err)
{
    int count = 0;
    for (b2Fixture *f = body->GetFixtureList(); f; f = f->GetNext())
        count += watch_of(f) ? 0 : 1;
    if (count == 0)
        return EDDY_OK; /* the coupling refuses a body with no shape */
    b2Fixture **list = new (std::nothrow) b2Fixture *[count];
    if (!list)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory reading %d fixtures", count);
    int k = count;
    for (b2Fixture *f = body->GetFixtureList(); f; f = f->GetNext())
        if (!watch_of(f))
            list[--k] = f; /* 2.4 lists the newest first: the port keeps creation order */
    eddy_result r = EDDY_OK;
    for (int i = 0; i < count && r == EDDY_OK; ++i) {
        eddy_shape_info raw;
        if (!read_fixture(list[i], &raw))
            r = eddy_fail(err, EDDY_ERR_ARGUMENT,
                          "Box2D fixture %d of the body is %s: eddy reads circles and "
                          "polygons only", i,
                          list[i]->GetType() == b2Shape::e_edge    ? "an edge"
                          : list[i]->GetType() == b2Shape::e_chain ? "a chain"
                                                                   : "of an unknown kind");
        else
            r = eddyi_port_adopt_shape(b, ref_of(list[i]), &raw, err);
    }
    delete[] list;
    return r;
}

static eddy_body_type native_body_type(const eddy_body *b)
{
    b2BodyType t = body_of(b)->GetType();
    return t == b2_dynamicBody     ? EDDY_BODY_DYNAMIC
           : t == b2_kinematicBody ? EDDY_BODY_KINEMATIC
                                   : EDDY_BODY_STATIC;
}

static eddy_result native_body_adopt(eddy_body *b, eddy_error *err)
{
    b2Body *body = body_of(b);
    b->type = body->GetType() == b2_dynamicBody     ? EDDY_BODY_DYNAMIC
              : body->GetType() == b2_kinematicBody ? EDDY_BODY_KINEMATIC
                                                    : EDDY_BODY_STATIC;
    b->gravity_scale = body->GetGravityScale();
    b->fixed_rotation = body->IsFixedRotation();
    b->box2d_user_data = reinterpret_cast<void *>(body->GetUserData().pointer);
    eddy_result r = read_fixtures(b, body, err);
    if (r == EDDY_OK && !has_watch(body, &b->gone)) { /* from now on eddy hears of its end */
        b->watch_lost = false;
        add_watch(body, &b->gone, WATCH_BODY, b->serial + 1, &b->watch_lost);
    }
    return r;
}

/* The game destroyed or created fixtures since the port read them: the
 * watch went with them, or the fixtures are not the ones read. */
static bool native_shapes_changed(eddy_body *b)
{
    if (b->watch_lost)
        return true;
    int count = 0;
    for (b2Fixture *f = body_of(b)->GetFixtureList(); f; f = f->GetNext()) {
        if (watch_of(f))
            continue;
        int at;
        if (!eddyi_port_find_shape(b, ref_of(f), &at))
            return true;
        ++count;
    }
    return count != b->shape_count;
}

static void native_body_unadopt(eddy_body *b)
{
    remove_watch(body_of(b), &b->gone);
}

static void native_body_forget(eddy_body *)
{
    /* 2.4 keeps nothing about a body outside Box2D */
}

static bool native_is_awake(const eddy_body *b)
{
    return body_of(b)->IsAwake();
}

static void native_set_awake(eddy_body *b, bool awake)
{
    body_of(b)->SetAwake(awake);
}

static void native_enable_sleep(eddy_body *b, bool enable)
{
    body_of(b)->SetSleepingAllowed(enable); /* false also wakes it */
}

static bool native_is_sleep_enabled(const eddy_body *b)
{
    return body_of(b)->IsSleepingAllowed();
}

static void native_apply(eddy_body *b, eddy_port_push kind, double x, double y, double px,
                       double py)
{
    b2Body *body = body_of(b);
    switch (kind) {
    case EDDY_PORT_FORCE:
        body->ApplyForce(v2(x, y), v2(px, py), true);
        break;
    case EDDY_PORT_FORCE_TO_CENTER:
        body->ApplyForceToCenter(v2(x, y), true);
        break;
    case EDDY_PORT_TORQUE:
        body->ApplyTorque((float)x, true);
        break;
    case EDDY_PORT_IMPULSE:
        body->ApplyLinearImpulse(v2(x, y), v2(px, py), true);
        break;
    }
}

static void native_set_transform(eddy_body *b, double x, double y, double angle)
{
    /* neither wakes the body nor updates a sleeping body's contacts: the port
     * wakes it */
    body_of(b)->SetTransform(v2(x, y), (float)angle);
}

static void native_set_velocity(eddy_body *b, double vx, double vy, double w)
{
    b2Body *body = body_of(b);
    body->SetLinearVelocity(v2(vx, vy));
    body->SetAngularVelocity((float)w);
}

static double native_kinematic_turn(const eddy_world *, double turn)
{
    return turn; /* 2.4 turns by exactly w dt */
}

/* ------------------------------------------------------------ queries */

namespace {

class ray_callback : public b2RayCastCallback {
public:
    eddy_port_ray *ray = nullptr;
    float ReportFixture(b2Fixture *f, const b2Vec2 &point, const b2Vec2 &normal,
                        float fraction) override
    {
        int index = -1;
        eddy_body *b = fixture_body(f, &index);
        if (!eddyi_port_is_solid(b, index))
            return -1.0f; /* skip */
        if (f->TestPoint(v2(ray->x0, ray->y0)))
            return -1.0f; /* the ray starts inside this shape */
        eddyi_port_ray_offer(ray, b, index, point.x, point.y, normal.x, normal.y, fraction);
        return fraction; /* clip the ray here */
    }
};

class point_callback : public b2QueryCallback {
public:
    b2Vec2 p;
    eddy_port_query *query = nullptr;
    bool ReportFixture(b2Fixture *f) override
    {
        int index = -1;
        eddy_body *b = fixture_body(f, &index);
        if (eddyi_port_is_solid(b, index) && f->TestPoint(p))
            eddyi_port_query_offer(query, b);
        return true;
    }
};

} // namespace

static void native_ray_cast(const eddy_world *w, eddy_port_ray *r)
{
    b2Vec2 p1 = v2(r->x0, r->y0), p2 = v2(r->x1, r->y1); /* 2.4 takes the end point */
    if (p1.x == p2.x && p1.y == p2.y)
        return;
    ray_callback c;
    c.ray = r;
    w->native->b2->RayCast(&c, p1, p2);
}

static void native_query_point(const eddy_world *w, eddy_port_query *q)
{
    point_callback c;
    c.p = v2(q->x, q->y);
    c.query = q;
    b2AABB box;
    box.lowerBound = v2(q->x - EDDY_PORT_QUERY_HALF, q->y - EDDY_PORT_QUERY_HALF);
    box.upperBound = v2(q->x + EDDY_PORT_QUERY_HALF, q->y + EDDY_PORT_QUERY_HALF);
    w->native->b2->QueryAABB(&c, box);
}

/* ------------------------------------------------------------ drags */

static void native_drag_create(eddy_drag *g, double x, double y, double hertz,
                             double damping_ratio, double max_force, double mass)
{
    /* 2.4 takes a spring constant and a damper rather than a frequency and a
     * ratio: k = m omega^2, c = 2 m zeta omega for the dragged mass. */
    double omega = 2.0 * EDDY_PORT_PI * hertz;
    eddy_native_world *n = g->world->native;
    b2MouseJointDef jd;
    jd.bodyA = n->anchor;
    jd.bodyB = body_of(g->body);
    jd.target = v2(x, y);
    jd.maxForce = (float)max_force;
    jd.stiffness = (float)(mass * omega * omega);
    jd.damping = (float)(2.0 * mass * damping_ratio * omega);
    g->native = ref_of(n->b2->CreateJoint(&jd));
}

static void native_drag_set_target(eddy_drag *g, double x, double y)
{
    joint_of(g)->SetTarget(v2(x, y));
}

static void native_drag_destroy(eddy_drag *g)
{
    g->world->native->b2->DestroyJoint(joint_of(g));
}

/* ------------------------------------------------------------ the clock */

/* An adopted world's step clock (body_port.h): a kinematic body far above the
 * game's world, turning in place, carrying a watch that tells eddy when the
 * world (or the clock) is destroyed. A second adoption of the world finds it. */
static bool world_has_clock(b2World *world)
{
    for (b2Body *b = world->GetBodyList(); b; b = b->GetNext())
        for (b2Fixture *f = b->GetFixtureList(); f; f = f->GetNext()) {
            const watch_shape *w = watch_of(f);
            if (w && w->is_clock())
                return true;
        }
    return false;
}

static b2Body *make_clock(b2World *world, bool *gone)
{
    b2BodyDef bd;
    bd.type = b2_kinematicBody;
    bd.position = v2(0.0, EDDY_PORT_CLOCK_Y);
    bd.angularVelocity = (float)EDDY_PORT_CLOCK_RATE;
    bd.allowSleep = false;
    b2Body *clock = world->CreateBody(&bd);
    add_watch(clock, gone, WATCH_CLOCK, 0);
    return clock;
}

static void native_clock_start(eddy_world *w)
{
    b2Body *clock = w->native->clock;
    clock->SetTransform(v2(0.0, EDDY_PORT_CLOCK_Y), 0.0f);
    clock->SetLinearVelocity(b2Vec2(0.0f, 0.0f));
    clock->SetAngularVelocity((float)EDDY_PORT_CLOCK_RATE);
}

static double native_clock_read(const eddy_world *w)
{
    return w->native->clock->GetAngle() / EDDY_PORT_CLOCK_RATE; /* 2.4 keeps it unwrapped */
}

/* ------------------------------------------------------------ the engine table */

/* constexpr: the table is constant-initialised, ready before any constructor
 * of a game's asks for a world */
static constexpr eddyi_body_engine make_engine()
{
    eddyi_body_engine e = {};
    e.backend = native_backend;
    e.world_create = native_world_create;
    e.world_destroy = native_world_destroy;
    e.world_alive = native_world_alive;
    e.body_alive = native_body_alive;
    e.clock_start = native_clock_start;
    e.clock_read = native_clock_read;
    e.world_gravity = native_world_gravity;
    e.world_set_gravity = native_world_set_gravity;
    e.world_step = native_world_step;
    e.body_create = native_body_create;
    e.body_destroy = native_body_destroy;
    e.body_forget = native_body_forget;
    e.body_unadopt = native_body_unadopt;
    e.body_adopt = native_body_adopt;
    e.shapes_changed = native_shapes_changed;
    e.body_type = native_body_type;
    e.shape_create = native_shape_create;
    e.pose = native_pose;
    e.velocity = native_velocity;
    e.mass = native_mass;
    e.set_unit_mass = native_set_unit_mass;
    e.set_mass = native_set_mass;
    e.set_gravity_scale = native_set_gravity_scale;
    e.gravity_scale = native_gravity_scale;
    e.is_awake = native_is_awake;
    e.set_awake = native_set_awake;
    e.enable_sleep = native_enable_sleep;
    e.is_sleep_enabled = native_is_sleep_enabled;
    e.apply = native_apply;
    e.set_transform = native_set_transform;
    e.set_velocity = native_set_velocity;
    e.kinematic_turn = native_kinematic_turn;
    e.ray_cast = native_ray_cast;
    e.query_point = native_query_point;
    e.drag_create = native_drag_create;
    e.drag_set_target = native_drag_set_target;
    e.drag_destroy = native_drag_destroy;
    e.read = eddyi_port_read_by_getters;
    e.apply_wrench = eddyi_port_wrench_by_pushes;
    return e;
}

static constexpr eddyi_body_engine box2d_engine = make_engine();

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

/* ------------------------------------------------------------ eddy_box2d_v24.h */

eddy_result eddy_world_adopt_box2d(b2World *world, eddy_world **out, eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!world)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the Box2D world is NULL");
    if (world->IsLocked())
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the Box2D world is locked (inside its step): adopt it between steps");
    /* two handles on one world would couple its bodies twice */
    if (world_has_clock(world))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the Box2D world already has an eddy handle (adopted twice): use that "
                         "one, or eddy_world_destroy it first");
    eddy_native_world *n = new (std::nothrow) eddy_native_world();
    if (!n)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a Box2D world");
    n->b2 = world; /* no listener, no anchor: no drags or events in a game's world */
    eddy_result r = eddyi_port_adopt_world(&box2d_engine, n, out, err);
    if (r != EDDY_OK) {
        delete n;
        return r;
    }
    n->clock = make_clock(world, &(*out)->gone);
    return EDDY_OK;
}

eddy_result eddy_body_adopt_box2d(eddy_world *world, b2Body *body, eddy_body **out,
                                  eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "out is NULL");
    *out = NULL;
    if (!world || !body)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "world or Box2D body is NULL");
    if (!eddyi_port_world_live(world))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the Box2D world of this handle was destroyed: destroy the handle");
    if (world->native->b2->IsLocked())
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "the Box2D world is locked (inside its step): adopt between steps");
    if (body->GetWorld() != world->native->b2)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the Box2D body is not in this world");
    return eddyi_port_adopt_body(world, ref_of(body), out, err);
}

b2Body *eddy_body_box2d(const eddy_body *body)
{
    return body ? body_of(body) : NULL;
}

b2World *eddy_world_box2d(const eddy_world *world)
{
    return world ? world->native->b2 : NULL;
}
