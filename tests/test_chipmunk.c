// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_chipmunk.c - the rigid-body table (eddy_rigid.h) filled by a third
 * engine: a Chipmunk2D 7 crate (adapters/chipmunk) in a stirred tank moves
 * as its Box2D twin does (the game's own Box2D world, native_world.h), has
 * its own mass back when let go, and a body the game frees is never read. */
#include "test_util.h"

#include "eddy_body.h"
#include "eddy_chipmunk.h"
#include "eddy_coupling.h"
#include "eddy_rigid.h"
#include "native_world.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DT (1.0 / 60.0)
#define G 9.81

static void close_to(double a, double b, double tol)
{
    if (!(fabs(a - b) <= tol)) fail_msg("%.9g and %.9g differ by more than %g", a, b, tol);
}

static void ok(eddy_result r, const eddy_error *err)
{
    if (r != EDDY_OK) fail_msg("%s", err->message);
}

typedef struct tank {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_coupling *c;
} tank;

static tank make_tank(eddy_world *w)
{
    tank t;
    t.asset = test_build_asset(10, 10, 24, 24, 30);
    t.fluid = test_make_fluid(t.asset, 0.0);
    eddy_error err = {0};
    eddy_coupling_desc cd = {0};
    ok(eddy_coupling_create(t.fluid, w, &cd, &t.c, &err), &err);
    return t;
}

static void free_tank(tank *t)
{
    eddy_coupling_destroy(t->c);
    eddy_fluid_destroy(t->fluid);
    eddy_asset_destroy(t->asset);
}

static void advance(tank *t)
{
    eddy_stir s = {.x = 5, .y = 2, .radius = 1.5, .fx = 300};
    eddy_fluid_add_stir(t->fluid, &s);
    eddy_error err = {0};
    ok(eddy_coupling_advance(t->c, DT, &err), &err);
}

typedef struct chipmunk_game {
    cpSpace *space;
    cpBody *crate;
    eddy_chipmunk *cm;
    eddy_world *w;
    eddy_body *handle;
    tank t;
} chipmunk_game;

static int crate_tag;

static chipmunk_game make_chipmunk_game(void)
{
    chipmunk_game g;
    g.space = cpSpaceNew(); /* Debian's debug build prints two lines here */
    cpSpaceSetGravity(g.space, cpv(0, -G));
    g.crate = cpSpaceAddBody(g.space, cpBodyNew(0, 0));
    cpBodySetUserData(g.crate, &crate_tag);
    cpShape *box = cpSpaceAddShape(g.space, cpBoxShapeNew(g.crate, 1.0, 0.6, 0.0));
    cpShapeSetDensity(box, 500);
    cpShapeSetFriction(box, 0.6);
    cpBodySetPosition(g.crate, cpv(4, 5));
    eddy_error err = {0};
    ok(eddy_chipmunk_create(g.space, &g.cm, &err), &err);
    ok(eddy_chipmunk_world(g.cm, &g.w, &err), &err);
    ok(eddy_chipmunk_body(g.cm, g.w, g.crate, &g.handle, &err), &err);
    g.t = make_tank(g.w);
    ok(eddy_coupling_add_body(g.t.c, g.handle, &err), &err);
    return g;
}

static void free_shape(cpBody *body, cpShape *shape, void *space)
{
    (void)body;
    cpSpaceRemoveShape(space, shape);
    cpShapeFree(shape);
}

static void free_chipmunk_game(chipmunk_game *g)
{
    free_tank(&g->t);
    eddy_world_destroy(g->w);
    eddy_chipmunk_destroy(g->cm);
    if (g->crate) { /* Chipmunk frees no shape or body of a space it frees */
        cpBodyEachShape(g->crate, free_shape, g->space);
        cpSpaceRemoveBody(g->space, g->crate);
        cpBodyFree(g->crate);
    }
    cpSpaceFree(g->space);
}

/* The same crate (1 x 0.6 m, 500 kg/m^2) in the same stirred tank, one in a
 * Chipmunk space through the table, one in the game's own Box2D world: it
 * rises as its twin does (one step behind it: the engines integrate
 * positions with the velocity before and after the step), with eddy's added mass on top of its own 300 kg while
 * coupled and its own alone after. */
static void a_chipmunk_crate_moves_as_its_box2d_twin(void **state)
{
    (void)state;
    chipmunk_game g = make_chipmunk_game();
    native_world *nw = native_world_create(0, -G);
    int twin_index = native_add_box(nw, EDDY_BODY_DYNAMIC, 4, 5, 0.5, 0.3, 500, NULL);
    eddy_world *bw = NULL;
    eddy_body *twin = NULL;
    eddy_error err = {0};
    ok(native_adopt_world(nw, &bw, &err), &err);
    ok(native_adopt_body(nw, bw, twin_index, &twin, &err), &err);
    tank bt = make_tank(bw);
    ok(eddy_coupling_add_body(bt.c, twin, &err), &err);

    /* each world answers with its own engine's constants: the Chipmunk
     * world's turn weight is Chipmunk's whatever Box2D the build links */
    eddy_body_backend_info cp_info, b2_info, linked;
    eddy_world_get_backend(eddy_body_world(g.handle), &cp_info);
    eddy_world_get_backend(bw, &b2_info);
    eddy_body_get_backend(&linked);
    assert_string_equal(cp_info.name, "chipmunk-7");
    assert_false(cp_info.substeps);
    assert_string_equal(b2_info.name, linked.name);
    assert_int_equal(b2_info.substeps, linked.major >= 3);

    close_to(eddy_body_mass(g.handle), 300, 1e-9);
    double added;
    eddy_body_added_mass(g.handle, &added, NULL);
    assert_true(added > 0.0);
    close_to(cpBodyGetMass(g.crate), 300 + added, 1e-9 * (300 + added));
    for (int k = 0; k < 60; ++k) {
        advance(&g.t), eddy_chipmunk_step(g.cm, DT);
        advance(&bt), native_world_step(nw, DT);
    }
    double p[2];
    native_body_position(nw, twin_index, p);
    cpVect q = cpBodyGetPosition(g.crate);
    print_message("after 1 s: Chipmunk crate at (%.4f, %.4f), Box2D twin at (%.4f, %.4f)\n", q.x,
                  q.y, p[0], p[1]);
    assert_true(q.y > 5.3); /* lighter than water, it rose */
    /* Chipmunk moves a body with the velocity it had before the step's
     * forces, Box2D 2.4 with the one after (one step apart: they agree to
     * 1e-4 m once that step is taken back), v3 in substeps between the two */
    double v[2];
    native_body_velocity(nw, twin_index, v);
    print_message("the twin one step back: y %.4f\n", p[1] - DT * v[1]);
    assert_true(q.y >= p[1] - DT * v[1] - 0.003 && q.y <= p[1] + 0.003);
    close_to(q.x, p[0], fabs(DT * v[0]) + 0.003);

    /* let go: its own mass and Chipmunk's gravity again, so it falls freely */
    ok(eddy_coupling_remove_body(g.t.c, g.handle, &err), &err);
    close_to(cpBodyGetMass(g.crate), 300, 1e-9);
    double vy = cpBodyGetVelocity(g.crate).y;
    for (int k = 0; k < 10; ++k) eddy_chipmunk_step(g.cm, DT);
    close_to(cpBodyGetVelocity(g.crate).y, vy - 10 * DT * G, 1e-9);

    free_tank(&bt);
    eddy_world_destroy(bw);
    native_world_destroy(nw);
    free_chipmunk_game(&g);
}

/* The game frees a coupled Chipmunk body (telling the adapter first, as
 * eddy_chipmunk.h asks): eddy never reads it again (ASan would see it), the
 * coupling lets go of it and reports it with the game's user data, and the
 * water steps on. */
static void a_body_the_game_frees_is_never_read(void **state)
{
    (void)state;
    chipmunk_game g = make_chipmunk_game();
    for (int k = 0; k < 5; ++k) advance(&g.t), eddy_chipmunk_step(g.cm, DT);
    eddy_chipmunk_forget(g.cm, g.crate);
    cpBodyEachShape(g.crate, free_shape, g.space);
    cpSpaceRemoveBody(g.space, g.crate);
    cpBodyFree(g.crate);
    g.crate = NULL;
    assert_false(eddy_body_is_valid(g.handle));
    eddy_error err = {0};
    eddy_rigid_id id = eddy_body_rigid_id(g.handle);
    ok(eddy_coupling_advance(g.t.c, DT, &err), &err); /* the water goes on */
    const eddy_lost_body *lost = NULL;
    assert_int_equal(eddy_coupling_lost_bodies(g.t.c, &lost), 1);
    assert_ptr_equal(lost[0].body, g.handle);
    assert_ptr_equal(lost[0].user_data, &crate_tag); /* cpBodyGetUserData */
    assert_true(lost[0].engine_id == ((uint64_t)id.generation << 32 | id.index));
    assert_int_equal(eddy_coupling_body_count(g.t.c), 0);
    eddy_chipmunk_step(g.cm, DT);
    advance(&g.t);
    eddy_chipmunk_step(g.cm, DT);
    free_chipmunk_game(&g);
}

/* ------------------------------------------------------------ the table's traffic */

/* The adapter's table with every call counted (eddy_rigid.h: what a coupled
 * step may ask of each body). */
typedef struct counting {
    eddy_rigid_interface inner;
    long read, shapes, apply_force, set_mass, set_gravity_scale, set_sleep_enabled, set_awake,
        set_velocity, set_transform, world_alive, gravity, time;
} counting;

static bool count_read(void *c, eddy_rigid_id b, eddy_rigid_state *o)
{
    counting *k = c;
    ++k->read;
    return k->inner.read(k->inner.context, b, o);
}
static int count_shapes(void *c, eddy_rigid_id b, eddy_shape_info *o, int n)
{
    counting *k = c;
    ++k->shapes;
    return k->inner.shapes(k->inner.context, b, o, n);
}
static void count_apply_force(void *c, eddy_rigid_id b, double fx, double fy, double t)
{
    counting *k = c;
    ++k->apply_force;
    k->inner.apply_force(k->inner.context, b, fx, fy, t);
}
static void count_set_mass(void *c, eddy_rigid_id b, double m, double i, const double lc[2])
{
    counting *k = c;
    ++k->set_mass;
    k->inner.set_mass(k->inner.context, b, m, i, lc);
}
static void count_set_gravity_scale(void *c, eddy_rigid_id b, double s)
{
    counting *k = c;
    ++k->set_gravity_scale;
    k->inner.set_gravity_scale(k->inner.context, b, s);
}
static void count_set_sleep_enabled(void *c, eddy_rigid_id b, bool e)
{
    counting *k = c;
    ++k->set_sleep_enabled;
    k->inner.set_sleep_enabled(k->inner.context, b, e);
}
static void count_set_awake(void *c, eddy_rigid_id b, bool a)
{
    counting *k = c;
    ++k->set_awake;
    k->inner.set_awake(k->inner.context, b, a);
}
static void count_set_velocity(void *c, eddy_rigid_id b, double vx, double vy, double w)
{
    counting *k = c;
    ++k->set_velocity;
    k->inner.set_velocity(k->inner.context, b, vx, vy, w);
}
static void count_set_transform(void *c, eddy_rigid_id b, double x, double y, double a)
{
    counting *k = c;
    ++k->set_transform;
    k->inner.set_transform(k->inner.context, b, x, y, a);
}
static bool count_world_alive(void *c)
{
    ++((counting *)c)->world_alive;
    return true;
}
static void count_gravity(void *c, double o[2])
{
    counting *k = c;
    ++k->gravity;
    k->inner.gravity(k->inner.context, o);
}
static double count_time(void *c)
{
    counting *k = c;
    ++k->time;
    return k->inner.time(k->inner.context);
}

static void counting_table(counting *k, eddy_chipmunk *cm, eddy_rigid_interface *t)
{
    memset(k, 0, sizeof *k);
    eddy_chipmunk_table(cm, &k->inner);
    *t = k->inner; /* the engine's constants (name, skin, substeps) as the adapter gave them */
    t->context = k;
    t->read = count_read, t->shapes = count_shapes, t->apply_force = count_apply_force;
    t->set_mass = count_set_mass, t->set_gravity_scale = count_set_gravity_scale;
    t->set_sleep_enabled = count_set_sleep_enabled, t->set_awake = count_set_awake;
    t->set_velocity = count_set_velocity, t->set_transform = count_set_transform;
    t->world_alive = count_world_alive, t->gravity = count_gravity, t->time = count_time;
}

static void zero_counts(counting *k)
{
    eddy_rigid_interface inner = k->inner;
    memset(k, 0, sizeof *k);
    k->inner = inner;
}

static long body_writes(const counting *k)
{
    return k->shapes + k->set_mass + k->set_gravity_scale + k->set_sleep_enabled + k->set_awake +
           k->set_velocity + k->set_transform;
}

static cpBody *add_box_body(cpSpace *space, cpBodyType type, double x, double y)
{
    cpBody *b = cpSpaceAddBody(space, type == CP_BODY_TYPE_KINEMATIC ? cpBodyNewKinematic()
                                                                     : cpBodyNew(0, 0));
    cpShape *box = cpSpaceAddShape(space, cpBoxShapeNew(b, 1.0, 0.6, 0.0));
    cpShapeSetDensity(box, 500);
    cpBodySetPosition(b, cpv(x, y));
    return b;
}

/* The table's traffic, counted: in a steady coupled step each body is read
 * once and each dynamic body in the water gets one force-and-torque write;
 * nothing else is asked of a body. The world is asked its time twice (the
 * step check) and its gravity and liveness a few times, however many bodies
 * there are. A game's change (a new mass) costs one write and one read more,
 * in that step only. */
static void each_body_is_read_once_and_pushed_once_a_step(void **state)
{
    (void)state;
    enum { BODIES = 3, DYNAMIC = 2, STEPS = 20 };
    cpSpace *space = cpSpaceNew();
    cpSpaceSetGravity(space, cpv(0, -G));
    cpBody *bodies[BODIES] = {add_box_body(space, CP_BODY_TYPE_DYNAMIC, 3, 5),
                              add_box_body(space, CP_BODY_TYPE_DYNAMIC, 6, 4),
                              add_box_body(space, CP_BODY_TYPE_KINEMATIC, 5, 7)};
    eddy_error err = {0};
    eddy_chipmunk *cm;
    ok(eddy_chipmunk_create(space, &cm, &err), &err);
    counting k;
    eddy_rigid_interface t;
    counting_table(&k, cm, &t);
    eddy_world *w;
    ok(eddy_world_from_rigid(&t, &w, &err), &err);
    tank tk = make_tank(w);
    for (int i = 0; i < BODIES; ++i) {
        eddy_body *h;
        ok(eddy_chipmunk_body(cm, w, bodies[i], &h, &err), &err);
        ok(eddy_coupling_add_body(tk.c, h, &err), &err);
    }
    advance(&tk), eddy_chipmunk_step(cm, DT); /* the first step settles what adding set */
    zero_counts(&k);
    for (int s = 0; s < STEPS; ++s) advance(&tk), eddy_chipmunk_step(cm, DT);
    print_message("%d steps, %d bodies (%d dynamic): read %ld, apply_force %ld, other body calls "
                  "%ld; world: time %ld, gravity %ld, world_alive %ld\n",
                  STEPS, BODIES, DYNAMIC, k.read, k.apply_force, body_writes(&k), k.time,
                  k.gravity, k.world_alive);
    assert_int_equal(k.read, (long)BODIES * STEPS);
    assert_int_equal(k.apply_force, (long)DYNAMIC * STEPS);
    assert_int_equal(body_writes(&k), 0);
    assert_int_equal(k.time, 2L * STEPS);
    assert_true(k.gravity <= 2L * STEPS && k.world_alive <= 4L * STEPS);

    /* the game's read-modify-write of a mass: taken on with one more write
     * and one more read, in that step only */
    cpBodySetMass(bodies[0], cpBodyGetMass(bodies[0]) * 1.5);
    zero_counts(&k);
    advance(&tk), eddy_chipmunk_step(cm, DT);
    print_message("the step after the game set a mass: read %ld, set_mass %ld, other body "
                  "calls %ld\n", k.read, k.set_mass, body_writes(&k) - k.set_mass);
    assert_int_equal(k.set_mass, 1);
    assert_int_equal(k.read, BODIES + 1);
    assert_int_equal(body_writes(&k), 1);
    zero_counts(&k);
    advance(&tk), eddy_chipmunk_step(cm, DT);
    assert_int_equal(k.read, BODIES);
    assert_int_equal(body_writes(&k), 0);

    free_tank(&tk);
    eddy_world_destroy(w);
    eddy_chipmunk_destroy(cm);
    for (int i = 0; i < BODIES; ++i) {
        cpBodyEachShape(bodies[i], free_shape, space);
        cpSpaceRemoveBody(space, bodies[i]);
        cpBodyFree(bodies[i]);
    }
    cpSpaceFree(space);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_chipmunk_crate_moves_as_its_box2d_twin),
        cmocka_unit_test(a_body_the_game_frees_is_never_read),
        cmocka_unit_test(each_body_is_read_once_and_pushed_once_a_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
