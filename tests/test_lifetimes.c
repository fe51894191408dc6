// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_lifetimes.c - destroying and changing what a coupling holds (issue 13,
 * item 2): a coupled body destroyed before the step (the use-after-free of the
 * issue), the world destroyed under the coupling, a shape added to a coupled
 * body, a second coupling on one world, and sleep while coupled; and the
 * misuse of issue 21 in eddy's own world: one fluid in two couplings, an
 * asset for another tank, the split step without its world step or with two.
 * (A game's own Box2D world: tests/test_own_world.c.) Run under
 * AddressSanitizer by `make sanitize`, which sees any read of freed memory. */
#include "test_util.h"

#include "eddy_body.h"
#include "eddy_coupling.h"

#include <math.h>
#include <string.h>

#define DT (1.0 / 60.0)

typedef struct rig {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
} rig;

static rig make_rig(bool world_sleep)
{
    rig r;
    r.asset = test_build_asset(10, 10, 16, 16, 20);
    r.fluid = test_make_fluid(r.asset, 0.0);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    wd.disable_sleep = !world_sleep;
    eddy_error err = {0};
    if (eddy_world_create(&wd, &r.world, &err) != EDDY_OK) fail_msg("world: %s", err.message);
    eddy_coupling_desc cd = {0};
    cd.buoyancy = true;
    if (eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    if (eddy_coupling_add_walls(r.c, NULL, &err) != EDDY_OK) fail_msg("walls: %s", err.message);
    return r;
}

static void free_rig(rig *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
    eddy_asset_destroy(r->asset);
}

static eddy_body *new_box(eddy_world *w, double x, double y, double density, bool disable_sleep)
{
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = x, bd.position[1] = y;
    bd.disable_sleep = disable_sleep;
    eddy_body *b = NULL;
    eddy_error err = {0};
    if (eddy_body_create(w, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX, sd.half_width = 0.5, sd.half_height = 0.3, sd.density = density;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    return b;
}

static eddy_body *coupled_box(rig *r, double x, double y, double density)
{
    eddy_body *b = new_box(r->world, x, y, density, false);
    eddy_error err = {0};
    if (eddy_coupling_add_body(r->c, b, &err) != EDDY_OK) fail_msg("couple: %s", err.message);
    return b;
}

static void stir(rig *r)
{
    eddy_stir s = {.x = 5, .y = 3, .radius = 1.5, .fx = 200};
    eddy_fluid_add_stir(r->fluid, &s);
}

/* The use-after-free: eddy_body_destroy on a coupled body, then
 * eddy_coupling_step. The coupling forgets the body first: the others stay
 * coupled and the flow no longer goes round the destroyed one. */
static void destroying_a_coupled_body_then_stepping(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_body *left = coupled_box(&r, 3, 5, 600), *right = coupled_box(&r, 7, 5, 600);
    eddy_error err = {0};
    for (int k = 0; k < 10; ++k) stir(&r), eddy_coupling_step(r.c, DT, &err);
    eddy_coupling_timings t;
    eddy_coupling_get_timings(r.c, &t);
    const int panels_of_two = t.panel_count;

    eddy_body_destroy(left);
    stir(&r);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK); /* the sequence */
    assert_int_equal(eddy_coupling_body_count(r.c), 1);
    assert_int_equal(eddy_world_body_count(r.world), 2); /* the walls and the right box */
    for (int k = 0; k < 60; ++k) {
        stir(&r);
        assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    }
    eddy_coupling_get_timings(r.c, &t);
    assert_int_equal(2 * t.panel_count, panels_of_two); /* the right box's only */
    double load[3];
    assert_int_equal(eddy_coupling_body_load(r.c, right, load), EDDY_OK);
    assert_true(load[1] > 0); /* buoyancy still acts on it */

    /* the last one too: no panels left, the flow is the fluid's own */
    eddy_body_destroy(right);
    assert_int_equal(eddy_coupling_body_count(r.c), 0);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    double with_panels[2], fluid_only[2];
    eddy_coupling_velocity(r.c, 7, 5, with_panels);
    eddy_fluid_velocity(r.fluid, 7, 5, fluid_only);
    assert_true(with_panels[0] == fluid_only[0] && with_panels[1] == fluid_only[1]);
    free_rig(&r);
}

/* eddy_world_destroy with the coupling still on it: the coupling lets go of
 * the world and its bodies, says so on its next step, and is destroyed
 * safely afterwards. */
static void destroying_the_world_under_the_coupling(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_body *b = coupled_box(&r, 5, 5, 600);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    (void)b;
    eddy_world_destroy(r.world);
    r.world = NULL;
    assert_int_equal(eddy_coupling_body_count(r.c), 0);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "world was destroyed"));
    assert_int_equal(eddy_coupling_advance(r.c, DT, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_add_walls(r.c, NULL, &err), EDDY_ERR_ARGUMENT);
    double uv[2];
    eddy_coupling_velocity(r.c, 5, 5, uv); /* still answers: the fluid's own flow */
    assert_true(isfinite(uv[0]) && isfinite(uv[1]));
    assert_true(isfinite(eddy_coupling_kinetic_energy(r.c)));
    eddy_debug_draw dd = {0};
    eddy_coupling_debug_draw(r.c, &dd);
    free_rig(&r); /* the coupling, then a NULL world */
}

/* A coupled body's panels are cut from its shapes: a shape added while it is
 * coupled is refused, with what to do instead, and that works. */
static void adding_a_shape_to_a_coupled_body(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_body *b = coupled_box(&r, 5, 5, 600);
    eddy_coupling_timings t;
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    eddy_coupling_get_timings(r.c, &t);
    const int panels_before = t.panel_count;
    double mass_before = eddy_body_mass(b);

    eddy_shape_desc fin = {0};
    fin.type = EDDY_SHAPE_CIRCLE, fin.radius = 0.3, fin.center[0] = 0.6;
    assert_int_equal(eddy_body_add_shape(b, &fin, NULL, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "remove it from the coupling first"));
    assert_int_equal(eddy_body_shape_count(b), 1);
    assert_true(eddy_body_mass(b) == mass_before);

    assert_int_equal(eddy_coupling_remove_body(r.c, b, &err), EDDY_OK);
    assert_int_equal(eddy_body_add_shape(b, &fin, NULL, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_add_body(r.c, b, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    eddy_coupling_get_timings(r.c, &t);
    assert_true(t.panel_count > panels_before); /* the outline now has the fin */
    assert_true(eddy_body_mass(b) > mass_before);
    free_rig(&r);
}

/* One coupling per world: a second would step the world twice a frame. */
static void a_second_coupling_on_one_world(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_fluid *other = test_make_fluid(r.asset, 0.0);
    eddy_coupling *second = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_create(other, r.world, NULL, &second, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "already has a coupling"));
    assert_null(second);
    /* the first is untouched by the refusal */
    eddy_body *b = coupled_box(&r, 5, 5, 600);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    /* once it is gone the world takes another, which gets the body */
    eddy_coupling_destroy(r.c);
    assert_int_equal(eddy_coupling_create(other, r.world, NULL, &r.c, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_add_body(r.c, b, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    free_rig(&r);
    eddy_fluid_destroy(other);
}

/* Forces come every step, so a coupled body never sleeps (on v3 each fall
 * asleep and wake also allocates): a box at rest on the tank's floor stays
 * awake, where the same box uncoupled falls asleep; let go, it may sleep
 * again, and a body that was never allowed to sleep keeps that. */
static void a_coupled_body_stays_awake(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_body *b = coupled_box(&r, 5, 0.5, 3000); /* a heavy box on the floor */
    eddy_body *insomniac = new_box(r.world, 8, 0.5, 3000, true);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_add_body(r.c, insomniac, &err), EDDY_OK);
    assert_false(eddy_body_is_sleep_enabled(b));
    for (int k = 0; k < 180; ++k) {
        assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
        assert_true(eddy_body_is_awake(b));
    }
    /* the control: the same box in a world without water sleeps within 3 s */
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_world *dry = NULL;
    assert_int_equal(eddy_world_create(&wd, &dry, &err), EDDY_OK);
    eddy_body *floor = NULL;
    eddy_body_desc fd = {0};
    eddy_body_create(dry, &fd, &floor, &err);
    eddy_shape_desc slab = {0};
    slab.type = EDDY_SHAPE_BOX, slab.half_width = 10, slab.half_height = 0.5;
    slab.center[1] = -0.5;
    eddy_body_add_shape(floor, &slab, NULL, &err);
    eddy_body *control = new_box(dry, 5, 0.31, 3000, false);
    bool slept = false;
    for (int k = 0; k < 180 && !slept; ++k) {
        eddy_world_step(dry, DT, 0, &err);
        slept = !eddy_body_is_awake(control);
    }
    assert_true(slept);
    eddy_world_destroy(dry);

    /* let go, each gets its own setting back */
    assert_int_equal(eddy_coupling_remove_body(r.c, b, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_remove_body(r.c, insomniac, &err), EDDY_OK);
    assert_true(eddy_body_is_sleep_enabled(b));
    assert_false(eddy_body_is_sleep_enabled(insomniac));
    slept = false;
    for (int k = 0; k < 180 && !slept; ++k) {
        eddy_world_step(r.world, DT, 0, &err);
        slept = !eddy_body_is_awake(b);
    }
    assert_true(slept);
    free_rig(&r);
}

/* One fluid, one coupling: a second would step it twice a frame. */
static void one_fluid_in_two_couplings_is_refused(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_world *other = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_world_create(NULL, &other, &err), EDDY_OK);
    eddy_coupling *second = NULL;
    assert_int_equal(eddy_coupling_create(r.fluid, other, NULL, &second, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "the fluid already has a coupling"));
    assert_null(second);
    /* the refused one left the other world free for a coupling of its own */
    eddy_fluid *fresh = test_make_fluid(r.asset, 0.0);
    assert_int_equal(eddy_coupling_create(fresh, other, NULL, &second, &err), EDDY_OK);
    eddy_coupling_destroy(second);
    eddy_fluid_destroy(fresh);
    /* once the first is gone, the fluid takes another */
    eddy_coupling_destroy(r.c);
    r.c = NULL;
    assert_int_equal(eddy_coupling_create(r.fluid, other, NULL, &second, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_step(second, DT, &err), EDDY_OK);
    eddy_coupling_destroy(second);
    eddy_world_destroy(other);
    free_rig(&r);
}

/* The tank the game states (desc.size) against the asset's domain: the rig's
 * asset is 10 x 10 m. */
static void an_asset_for_another_tank_is_refused(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_coupling_destroy(r.c);
    r.c = NULL;
    eddy_coupling_desc cd = {0};
    cd.size[0] = 12, cd.size[1] = 10;
    eddy_coupling *c = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_create(r.fluid, r.world, &cd, &c, &err), EDDY_ERR_ARGUMENT);
    print_message("refused: %s\n", err.message);
    assert_non_null(strstr(err.message, "the asset is for a 10 x 10 m domain"));
    assert_null(c);
    cd.size[0] = -1;
    assert_int_equal(eddy_coupling_create(r.fluid, r.world, &cd, &c, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "positive"));
    cd.size[0] = 10;
    assert_int_equal(eddy_coupling_create(r.fluid, r.world, &cd, &c, &err), EDDY_OK);
    eddy_body *walls = NULL;
    assert_int_equal(eddy_coupling_add_walls(c, &walls, &err), EDDY_OK);
    r.c = c;
    free_rig(&r);
}

/* In eddy's own world the split step is eddy_coupling_advance then
 * eddy_world_step; eddy counts the steps: none or two between advances are
 * refused, and so is a step by another dt. eddy_coupling_step does both. */
static void own_world_split_step_misuse(void **state)
{
    (void)state;
    rig r = make_rig(true);
    eddy_body *b = coupled_box(&r, 5, 5, 600);
    eddy_error err = {0};
    for (int k = 0; k < 5; ++k) assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    double v0[2], v1[2];
    eddy_body_linear_velocity(b, v0);
    assert_int_equal(eddy_coupling_advance(r.c, DT, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_advance(r.c, DT, &err), EDDY_ERR_ARGUMENT); /* forgot the step */
    assert_non_null(strstr(err.message, "not stepped"));
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_ERR_ARGUMENT); /* still waiting */
    assert_int_equal(eddy_world_step(r.world, DT, 0, &err), EDDY_OK);
    eddy_body_linear_velocity(b, v1);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    double v2[2];
    eddy_body_linear_velocity(b, v2);
    print_message("the step after the refused advances changed vy by %.4f m/s, the next one by "
                  "%.4f\n", v1[1] - v0[1], v2[1] - v1[1]);
    assert_true(fabs((v1[1] - v0[1]) - (v2[1] - v1[1])) < 0.1 * fabs(v2[1] - v1[1]));
    assert_int_equal(eddy_world_step(r.world, DT, 0, &err), EDDY_OK); /* one too many */
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "stepped 2 times"));
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_advance(r.c, DT, &err), EDDY_OK);
    assert_int_equal(eddy_world_step(r.world, 2 * DT, 0, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "whose dt was"));
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    free_rig(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(destroying_a_coupled_body_then_stepping),
        cmocka_unit_test(destroying_the_world_under_the_coupling),
        cmocka_unit_test(adding_a_shape_to_a_coupled_body),
        cmocka_unit_test(a_second_coupling_on_one_world),
        cmocka_unit_test(a_coupled_body_stays_awake),
        cmocka_unit_test(one_fluid_in_two_couplings_is_refused),
        cmocka_unit_test(an_asset_for_another_tank_is_refused),
        cmocka_unit_test(own_world_split_step_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
