// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_refusals.c - a refused call moves nothing (issue 30, item 2).
 *
 * eddy_coupling_step(c, 1e15) used to step the fluid (energy 1.716 -> 2.417
 * J) before the world refused the dt, and every later step then failed
 * ("the world was not stepped since the last advance"). Each public step
 * and setter is driven here with hostile values, then with ordinary ones:
 * the hostile calls return an error and leave fluid, bodies and coupling as
 * they were, which the test checks against a twin that never saw them (the
 * same calls otherwise; bit-identical results on one build, README). */
#include "test_util.h"

#include "eddy_body.h"
#include "eddy_coupling.h"

#include <float.h>
#include <math.h>
#include <string.h>

#define DT (1.0 / 60.0)
#define MODES 20

typedef struct rig {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
    eddy_body *box;
} rig;

static rig make_rig(void)
{
    rig r;
    r.asset = test_build_asset(10, 10, 16, 16, MODES);
    r.fluid = test_make_fluid(r.asset, 1e-3);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_error err = {0};
    if (eddy_world_create(&wd, &r.world, &err) != EDDY_OK) fail_msg("world: %s", err.message);
    eddy_coupling_desc cd = {0};
    if (eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    if (eddy_coupling_add_walls(r.c, NULL, &err) != EDDY_OK) fail_msg("walls: %s", err.message);
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = 5, bd.position[1] = 6;
    if (eddy_body_create(r.world, &bd, &r.box, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX, sd.half_width = 0.5, sd.half_height = 0.3, sd.density = 600;
    if (eddy_body_add_shape(r.box, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    if (eddy_coupling_add_body(r.c, r.box, &err) != EDDY_OK) fail_msg("couple: %s", err.message);
    return r;
}

static void free_rig(rig *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
    eddy_asset_destroy(r->asset);
}

/* Both rigs: a stir and n coupled steps, all of which must succeed. */
static void run(rig *r, int n)
{
    eddy_error err = {0};
    for (int k = 0; k < n; ++k) {
        eddy_stir s = {.x = 3, .y = 3, .radius = 1.5, .fx = 200};
        assert_int_equal(eddy_fluid_add_stir(r->fluid, &s), EDDY_OK);
        if (eddy_coupling_step(r->c, DT, &err) != EDDY_OK) fail_msg("step %d: %s", k, err.message);
    }
}

/* The rig's state as numbers: every coefficient, the box's pose and velocity. */
typedef struct snapshot {
    double coef[MODES];
    eddy_pose pose;
    double energy;
} snapshot;

static snapshot snap(const rig *r)
{
    snapshot s;
    memset(&s, 0, sizeof s);
    memcpy(s.coef, eddy_fluid_coefficients(r->fluid), sizeof s.coef);
    eddy_body_get_pose(r->box, &s.pose);
    s.energy = eddy_fluid_kinetic_energy(r->fluid);
    return s;
}

static void assert_same(const snapshot *a, const snapshot *b)
{
    assert_memory_equal(a->coef, b->coef, sizeof a->coef);
    assert_memory_equal(&a->pose, &b->pose, sizeof a->pose);
    assert_true(a->energy == b->energy);
}

static const double hostile_dt[] = {0.0, -0.0, -DT, 1e-320 * -1, NAN, INFINITY, -INFINITY,
                                    2e6, 1e15, 1e300, DBL_MAX};

/* The sequence: step by 1e15, then by 1/60. Every hostile dt, on
 * both entry points, moves nothing; the rig then steps exactly as its twin. */
static void a_refused_coupled_step_moves_nothing(void **state)
{
    (void)state;
    rig a = make_rig(), b = make_rig();
    run(&a, 10), run(&b, 10);
    snapshot before = snap(&a);
    eddy_error err = {0};
    for (size_t i = 0; i < sizeof hostile_dt / sizeof hostile_dt[0]; ++i) {
        err.message[0] = '\0';
        assert_int_equal(eddy_coupling_step(a.c, hostile_dt[i], &err), EDDY_ERR_ARGUMENT);
        assert_true(err.message[0] != '\0');
        assert_int_equal(eddy_coupling_advance(a.c, hostile_dt[i], &err), EDDY_ERR_ARGUMENT);
        snapshot now = snap(&a);
        assert_same(&before, &now);
    }
    run(&a, 20), run(&b, 20); /* the next valid calls work, as if nothing had come */
    snapshot sa = snap(&a), sb = snap(&b);
    assert_same(&sa, &sb);
    free_rig(&a), free_rig(&b);
}

/* Fluid setters with hostile values: refused, state unchanged, then the
 * coupled steps go on as the twin's. 1e153 per mode is the case
 * (1e152 per mode in its larger level): finite numbers whose energy at
 * density 1000 is infinite. */
static void hostile_fluid_setters_then_steps(void **state)
{
    (void)state;
    rig a = make_rig(), b = make_rig();
    run(&a, 5), run(&b, 5);
    snapshot before = snap(&a);
    double v[MODES];
    const double hostile[] = {NAN, INFINITY, 1e153, 1e160, DBL_MAX};
    for (size_t i = 0; i < sizeof hostile / sizeof hostile[0]; ++i) {
        for (int k = 0; k < MODES; ++k) v[k] = hostile[i];
        assert_int_equal(eddy_fluid_set_coefficients(a.fluid, v, MODES), EDDY_ERR_ARGUMENT);
        assert_int_equal(eddy_fluid_add_reduced(a.fluid, v, MODES), EDDY_ERR_ARGUMENT);
        v[0] = 0.0; /* one hostile entry among ordinary ones */
        for (int k = 1; k < MODES; ++k) v[k] = 0.0;
        v[MODES - 1] = hostile[i] * (i < 2 ? 1.0 : 1e10);
        assert_int_equal(eddy_fluid_set_coefficients(a.fluid, v, MODES), EDDY_ERR_ARGUMENT);
        snapshot now = snap(&a);
        assert_same(&before, &now);
    }
    assert_int_equal(eddy_fluid_set_coefficients(a.fluid, v, MODES - 1), EDDY_ERR_ARGUMENT);
    eddy_stir bad = {.x = NAN, .y = 3, .radius = 1, .fx = 1};
    assert_int_equal(eddy_fluid_add_stir(a.fluid, &bad), EDDY_ERR_ARGUMENT);
    bad = (eddy_stir){.x = 3, .y = 3, .radius = -1, .fx = 1};
    assert_int_equal(eddy_fluid_add_stir(a.fluid, &bad), EDDY_ERR_ARGUMENT);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_set_drag(a.c, a.box, NAN, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_set_drag(a.c, a.box, 1e9, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_set_feedback(a.c, (eddy_feedback_mode)99), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_feedback(a.c), eddy_coupling_feedback(b.c));
    snapshot now = snap(&a);
    assert_same(&before, &now);
    run(&a, 20), run(&b, 20);
    snapshot sa = snap(&a), sb = snap(&b);
    assert_same(&sa, &sb);
    free_rig(&a), free_rig(&b);
}

/* A state with a finite energy is kept finite by the step: a state near the
 * largest accepted is stepped or refused as a whole (EDDY_ERR_NUMERIC),
 * never left with an infinite energy. */
static void the_energy_stays_finite(void **state)
{
    (void)state;
    eddy_asset *asset = test_build_asset(10, 10, 16, 16, MODES);
    eddy_fluid *f = test_make_fluid(asset, 0.0);
    double v[MODES];
    for (int k = 0; k < MODES; ++k) v[k] = 1e151 * (k % 2 ? 1 : -1);
    assert_int_equal(eddy_fluid_set_coefficients(f, v, MODES), EDDY_OK);
    assert_true(isfinite(eddy_fluid_kinetic_energy(f)));
    eddy_stir s = {.x = 5, .y = 5, .radius = 2, .fx = 1e300};
    for (int k = 0; k < 10; ++k) {
        eddy_fluid_add_stir(f, &s);
        eddy_result rc = eddy_fluid_step(f, DT);
        assert_true(rc == EDDY_OK || rc == EDDY_ERR_NUMERIC);
        assert_true(isfinite(eddy_fluid_kinetic_energy(f)));
    }
    for (int k = 0; k < MODES; ++k) v[k] = 1e-3 * k;
    assert_int_equal(eddy_fluid_set_coefficients(f, v, MODES), EDDY_OK);
    assert_int_equal(eddy_fluid_step(f, DT), EDDY_OK); /* an ordinary state steps again */
    eddy_fluid_destroy(f);
    eddy_asset_destroy(asset);
}

/* The world on its own: hostile dt and substeps refused, bodies unmoved,
 * then an ordinary step moves them. */
static void a_refused_world_step_moves_nothing(void **state)
{
    (void)state;
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_world *w = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_world_create(&wd, &w, &err), EDDY_OK);
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[1] = 10;
    eddy_body *ball = NULL;
    assert_int_equal(eddy_body_create(w, &bd, &ball, &err), EDDY_OK);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE, sd.radius = 0.5, sd.density = 100;
    assert_int_equal(eddy_body_add_shape(ball, &sd, NULL, &err), EDDY_OK);
    eddy_pose p0, p;
    eddy_body_get_pose(ball, &p0);
    for (size_t i = 0; i < sizeof hostile_dt / sizeof hostile_dt[0]; ++i) {
        if (hostile_dt[i] > 0 && hostile_dt[i] < 1e15) continue; /* the world's bound is wider */
        assert_int_equal(eddy_world_step(w, hostile_dt[i], 4, &err), EDDY_ERR_ARGUMENT);
    }
    assert_int_equal(eddy_world_step(w, DT, -1, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_world_step(w, DT, 1000, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_world_set_gravity(w, NAN, 0, &err), EDDY_ERR_ARGUMENT);
    eddy_body_get_pose(ball, &p);
    assert_memory_equal(&p, &p0, sizeof p);
    assert_int_equal(eddy_world_step(w, DT, 4, &err), EDDY_OK);
    eddy_body_get_pose(ball, &p);
    assert_true(p.y < p0.y); /* gravity unchanged, and it acts */
    eddy_world_destroy(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_refused_coupled_step_moves_nothing),
        cmocka_unit_test(hostile_fluid_setters_then_steps),
        cmocka_unit_test(the_energy_stays_finite),
        cmocka_unit_test(a_refused_world_step_moves_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
