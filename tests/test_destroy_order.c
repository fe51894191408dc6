// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_destroy_order.c - eddy's own objects destroyed while something still
 * uses them (issue 29, item 3): the fluid before its coupling, the asset
 * before its fluid. Each order used to read freed memory (fluid.c from
 * eddy_coupling_advance, fluid.c from eddy_coupling_destroy, tensor.c from
 * eddy_fluid_step); `make sanitize` runs these under AddressSanitizer, which
 * would stop at any such read. The rule (eddy.h, eddy_coupling.h): the last
 * user frees. A fluid destroyed under its coupling is stepped by the
 * coupling until the coupling is destroyed; an asset destroyed under its
 * fluids lives until the last of them is destroyed. The tests check that
 * the water keeps moving exactly as it would have (same coefficients, bit
 * for bit, as a twin whose owner destroyed nothing). */
#include "test_util.h"

#include "eddy_body.h"
#include "eddy_coupling.h"

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
    r.fluid = test_make_fluid(r.asset, 0.0);
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
    bd.position[0] = 5, bd.position[1] = 5;
    if (eddy_body_create(r.world, &bd, &r.box, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX, sd.half_width = 0.5, sd.half_height = 0.3, sd.density = 600;
    if (eddy_body_add_shape(r.box, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    if (eddy_coupling_add_body(r.c, r.box, &err) != EDDY_OK) fail_msg("couple: %s", err.message);
    eddy_stir s = {.x = 3, .y = 3, .radius = 1.5, .fx = 300};
    eddy_fluid_add_stir(r.fluid, &s);
    for (int k = 0; k < 5; ++k)
        if (eddy_coupling_step(r.c, DT, &err) != EDDY_OK) fail_msg("step: %s", err.message);
    return r;
}

/* The coupling's velocity at a few points: what a game reads from the water. */
static void sample(const eddy_coupling *c, double out[6])
{
    eddy_coupling_velocity(c, 2.0, 2.0, out);
    eddy_coupling_velocity(c, 7.5, 4.0, out + 2);
    eddy_coupling_velocity(c, 5.0, 8.0, out + 4);
}

/* The fluid destroyed first, then the coupling advanced (the first
 * site: the fluid read from eddy_coupling_advance) and stepped on: the same
 * water as the twin whose fluid lives, and the box still afloat. */
static void fluid_destroyed_before_its_coupling_keeps_stepping(void **state)
{
    (void)state;
    rig a = make_rig(), b = make_rig();
    eddy_error err = {0};
    eddy_fluid_destroy(a.fluid); /* the coupling still steps it */
    a.fluid = NULL;
    for (int k = 0; k < 30; ++k) {
        assert_int_equal(eddy_coupling_advance(a.c, DT, &err), EDDY_OK);
        assert_int_equal(eddy_world_step(a.world, DT, 4, &err), EDDY_OK);
        assert_int_equal(eddy_coupling_step(b.c, DT, &err), EDDY_OK);
    }
    double ua[6], ub[6];
    sample(a.c, ua), sample(b.c, ub);
    double moving = 0.0;
    for (int i = 0; i < 6; ++i) {
        assert_true(ua[i] == ub[i]); /* same calls, same build: bit for bit */
        moving += fabs(ua[i]);
    }
    assert_true(moving > 1e-6); /* the stir still shows: the test can tell a dead fluid */
    eddy_coupling_destroy(a.c); /* the second site; frees the fluid too */
    eddy_world_destroy(a.world);
    eddy_asset_destroy(a.asset);
    eddy_coupling_destroy(b.c);
    eddy_world_destroy(b.world);
    eddy_fluid_destroy(b.fluid);
    eddy_asset_destroy(b.asset);
}

/* The fluid destroyed, then its coupling at once (no step between), with the
 * world gone first as well: nothing left behind (LeakSanitizer) and no read
 * of freed memory. */
static void fluid_then_world_then_coupling(void **state)
{
    (void)state;
    rig r = make_rig();
    eddy_fluid_destroy(r.fluid);
    eddy_world_destroy(r.world);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_ERR_ARGUMENT); /* world gone */
    eddy_coupling_destroy(r.c);
    eddy_asset_destroy(r.asset);
}

/* The asset destroyed before its fluid (the third site: the tensor
 * read in the fluid step): the fluid steps on exactly as its twin. */
static void asset_destroyed_before_its_fluid(void **state)
{
    (void)state;
    eddy_asset *asset = test_build_asset(10, 10, 16, 16, MODES);
    eddy_fluid *f = test_make_fluid(asset, 0.0), *twin = test_make_fluid(asset, 0.0);
    eddy_stir s = {.x = 4, .y = 6, .radius = 2.0, .fy = 250};
    eddy_fluid_add_stir(f, &s);
    eddy_fluid_add_stir(twin, &s);
    eddy_asset_destroy(asset); /* both fluids still use it */
    for (int k = 0; k < 40; ++k) {
        assert_int_equal(eddy_fluid_step(f, DT), EDDY_OK);
        assert_int_equal(eddy_fluid_step(twin, DT), EDDY_OK);
    }
    assert_memory_equal(eddy_fluid_coefficients(f), eddy_fluid_coefficients(twin),
                        MODES * sizeof(double));
    assert_true(eddy_fluid_kinetic_energy(f) > 0.0);
    eddy_asset_info info;
    eddy_asset_get_info(eddy_fluid_asset(f), &info); /* the asset is still whole */
    assert_int_equal(info.mode_count, MODES);
    eddy_fluid_destroy(f);
    assert_int_equal(eddy_fluid_step(twin, DT), EDDY_OK); /* the last fluid still has it */
    eddy_fluid_destroy(twin); /* frees the asset */
}

/* Everything in the worst order: asset, fluid, then the coupling steps and is
 * destroyed; the coupling's shapes and walls come from the asset. */
static void asset_and_fluid_destroyed_under_a_coupling(void **state)
{
    (void)state;
    rig r = make_rig();
    eddy_asset_destroy(r.asset);
    eddy_fluid_destroy(r.fluid);
    eddy_error err = {0};
    for (int k = 0; k < 10; ++k)
        assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    double load[3];
    assert_int_equal(eddy_coupling_body_load(r.c, r.box, load), EDDY_OK);
    assert_true(isfinite(load[0]) && isfinite(load[1]) && load[1] != 0.0);
    eddy_coupling_destroy(r.c); /* frees the fluid, which frees the asset */
    eddy_world_destroy(r.world);
}

/* A fluid that never had a coupling, or whose coupling is gone, is freed at
 * once: destroy is not deferred without a reason (LeakSanitizer would see a
 * fluid kept for ever). And a second coupling may take a fluid whose first
 * coupling was destroyed. */
static void released_fluids_are_ordinary(void **state)
{
    (void)state;
    rig r = make_rig();
    eddy_coupling_destroy(r.c);
    eddy_error err = {0};
    eddy_coupling_desc cd = {0};
    assert_int_equal(eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
    eddy_coupling_destroy(r.c);
    eddy_fluid_destroy(r.fluid);
    eddy_world_destroy(r.world);
    eddy_asset_destroy(r.asset);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fluid_destroyed_before_its_coupling_keeps_stepping),
        cmocka_unit_test(fluid_then_world_then_coupling),
        cmocka_unit_test(asset_destroyed_before_its_fluid),
        cmocka_unit_test(asset_and_fluid_destroyed_under_a_coupling),
        cmocka_unit_test(released_fluids_are_ordinary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
