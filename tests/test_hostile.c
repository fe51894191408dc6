/* test_hostile.c - hostile physics input (issue 8): huge forces and
 * velocities, absurd time steps, NaN and Inf everywhere, stirs far outside
 * the level. Whatever comes in, a call either succeeds with a finite state or
 * returns an error code, and it never crashes.
 *
 * The clamps this relies on (documented at eddy_fluid_step in eddy.h):
 *   - advection speed clamp (fluid.c, advect): when dt |A(r)|_inf is more than
 *     the Taylor series' 256 substeps integrate accurately, the step advects
 *     for 256 / |A(r)|_inf seconds instead of dt and sets
 *     timings.advect_clamped; forces and viscosity keep the full dt;
 *   - a step whose result would not be finite (a force of 1e300, a state
 *     whose energy overflows) returns EDDY_ERR_NUMERIC and restores the
 *     state from before the step;
 *   - the state is always usable: finite coefficients with a finite energy
 *     |r|^2; eddy_fluid_set_coefficients and eddy_fluid_add_reduced refuse
 *     (EDDY_ERR_ARGUMENT, state unchanged) anything else, and so does the
 *     step (EDDY_ERR_NUMERIC, state restored).
 * No other clamps exist: inputs are either used as given or refused. */
#include "test_util.h"

#include "eddy_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define R 30

static bool finite_state(const eddy_fluid *f)
{
    const double *c = eddy_fluid_coefficients(f);
    for (int k = 0; k < eddy_fluid_mode_count(f); ++k)
        if (!isfinite(c[k])) return false;
    return true;
}

/* A step either succeeds with a finite state, or fails with NUMERIC and
 * leaves the state bit-identical to what it was. Returns the result. */
static eddy_result checked_step(eddy_fluid *f, double dt)
{
    double before[R];
    int n = eddy_fluid_mode_count(f);
    assert_true(n <= R);
    memcpy(before, eddy_fluid_coefficients(f), (size_t)n * sizeof(double));
    eddy_result rc = eddy_fluid_step(f, dt);
    if (rc == EDDY_ERR_NUMERIC)
        assert_memory_equal(before, eddy_fluid_coefficients(f), (size_t)n * sizeof(double));
    else
        assert_int_equal(rc, EDDY_OK);
    assert_true(finite_state(f));
    return rc;
}

static eddy_fluid *fluid_with(const eddy_asset *a, double viscosity, double amp)
{
    eddy_fluid *f = test_make_fluid(a, viscosity);
    double r[R];
    for (int k = 0; k < R; ++k) r[k] = amp * sin(1.3 * k + 0.2) / (1 + 0.1 * k);
    assert_int_equal(eddy_fluid_set_coefficients(f, r, R), EDDY_OK);
    return f;
}

static void huge_stir_forces(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, R);
    eddy_fluid *f = test_make_fluid(a, 1e-3);
    int clamped = 0;
    for (int s = 0; s < 30; ++s) {
        eddy_stir st = {.x = 5 + sin(s), .y = 5, .radius = 1, .fx = 1e12, .fy = -3e11};
        assert_int_equal(eddy_fluid_add_stir(f, &st), EDDY_OK);
        assert_int_equal(checked_step(f, 1.0 / 60), EDDY_OK);
        eddy_timings t;
        eddy_fluid_get_timings(f, &t);
        clamped += t.advect_clamped;
        assert_true(t.taylor_substeps <= 256);
    }
    double e = eddy_fluid_kinetic_energy(f);
    print_message("after 30 stirs of 1e12 N/m^2: energy %.3e J/m, %d clamped steps\n", e, clamped);
    assert_true(isfinite(e) && e > 0);
    assert_true(clamped > 0);
    /* A force whose projection overflows fails the step and is dropped. */
    eddy_stir absurd = {.x = 5, .y = 5, .radius = 2, .fx = 1e308, .fy = 1e308};
    assert_int_equal(eddy_fluid_add_stir(f, &absurd), EDDY_OK);
    assert_int_equal(checked_step(f, 1.0 / 60), EDDY_ERR_NUMERIC);
    assert_int_equal(checked_step(f, 1.0 / 60), EDDY_OK); /* and the fluid goes on */
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void huge_initial_coefficients(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, R);
    const double amps[] = {1e3, 1e6, 1e12, 1e100, 1e150};
    for (size_t i = 0; i < sizeof amps / sizeof amps[0]; ++i) {
        eddy_fluid *f = fluid_with(a, 0.0, amps[i]);
        double e0 = eddy_fluid_kinetic_energy(f);
        for (int s = 0; s < 5; ++s) assert_int_equal(checked_step(f, 1.0 / 60), EDDY_OK);
        eddy_timings t;
        eddy_fluid_get_timings(f, &t);
        double e1 = eddy_fluid_kinetic_energy(f);
        /* inviscid: the clamped advection still conserves energy */
        assert_true(fabs(e1 - e0) <= 1e-9 * e0);
        if (amps[i] >= 1e6) assert_int_equal(t.advect_clamped, 1);
        eddy_fluid_destroy(f);
    }
    /* A state whose energy |r|^2 overflows could never be stepped: it is
     * refused, by set_coefficients and add_reduced alike. */
    eddy_fluid *f = fluid_with(a, 0.0, 1e150);
    double huge[R];
    for (int k = 0; k < R; ++k) huge[k] = 1e160;
    assert_int_equal(eddy_fluid_set_coefficients(f, huge, R), EDDY_ERR_ARGUMENT);
    double dr[R] = {0};
    dr[0] = 1.7e308;
    double before[R];
    memcpy(before, eddy_fluid_coefficients(f), sizeof before);
    assert_int_equal(eddy_fluid_add_reduced(f, dr, R), EDDY_ERR_ARGUMENT); /* sum overflows */
    dr[0] = 1e160;
    assert_int_equal(eddy_fluid_add_reduced(f, dr, R), EDDY_ERR_ARGUMENT); /* energy overflows */
    assert_memory_equal(before, eddy_fluid_coefficients(f), sizeof before);
    /* A force that pushes the energy past the double range fails the step. */
    eddy_stir push = {.x = 5, .y = 5, .radius = 2, .fx = 1e200, .fy = 0};
    assert_int_equal(eddy_fluid_add_stir(f, &push), EDDY_OK);
    assert_int_equal(checked_step(f, 1.0 / 60), EDDY_ERR_NUMERIC);
    assert_int_equal(checked_step(f, 1.0 / 60), EDDY_OK);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void extreme_time_steps(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, R);
    const double dts[] = {1e-9, DBL_MIN, 4.9e-324, 10.0, 1e4, 1e8, 1e300, DBL_MAX};
    for (size_t i = 0; i < sizeof dts / sizeof dts[0]; ++i) {
        for (int visc = 0; visc < 2; ++visc) {
            eddy_fluid *f = fluid_with(a, visc ? 1e-3 : 0.0, 1.0);
            double e0 = eddy_fluid_kinetic_energy(f);
            eddy_stir st = {.x = 3, .y = 4, .radius = 1, .fx = 10, .fy = 0};
            for (int s = 0; s < 3; ++s) {
                eddy_fluid_add_stir(f, &st);
                eddy_result rc = checked_step(f, dts[i]);
                if (dts[i] <= 1e4) assert_int_equal(rc, EDDY_OK);
            }
            /* no stir: an inviscid fluid keeps its energy whatever the dt */
            eddy_fluid_destroy(f);
            f = fluid_with(a, visc ? 1e-3 : 0.0, 1.0);
            assert_int_equal(checked_step(f, dts[i]), EDDY_OK);
            double e1 = eddy_fluid_kinetic_energy(f);
            if (!visc) assert_true(fabs(e1 - e0) <= 1e-9 * e0);
            else assert_true(e1 <= e0 * (1 + 1e-12));
            eddy_fluid_destroy(f);
        }
    }
    eddy_fluid *f = fluid_with(a, 0.0, 1.0);
    const double bad[] = {0.0, -0.0, -1.0, -1e-300, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i)
        assert_int_equal(eddy_fluid_step(f, bad[i]), EDDY_ERR_ARGUMENT);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void non_finite_inputs_are_refused(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, R);
    eddy_fluid *f = fluid_with(a, 1e-3, 1.0);
    const double nonfinite[] = {NAN, INFINITY, -INFINITY};
    double before[R];
    memcpy(before, eddy_fluid_coefficients(f), sizeof before);
    for (int i = 0; i < 3; ++i) {
        double v = nonfinite[i];
        eddy_stir base = {.x = 5, .y = 5, .radius = 1, .fx = 1, .fy = 1};
        for (int field = 0; field < 5; ++field) {
            eddy_stir st = base;
            double *slot[5] = {&st.x, &st.y, &st.radius, &st.fx, &st.fy};
            *slot[field] = v;
            assert_int_equal(eddy_fluid_add_stir(f, &st), EDDY_ERR_ARGUMENT);
        }
        double r[R];
        memcpy(r, before, sizeof r);
        r[R / 2] = v;
        assert_int_equal(eddy_fluid_set_coefficients(f, r, R), EDDY_ERR_ARGUMENT);
        assert_int_equal(eddy_fluid_add_reduced(f, r, R), EDDY_ERR_ARGUMENT);
        eddy_fluid_desc d = {0};
        eddy_fluid *g = NULL;
        d.density = v;
        assert_int_equal(eddy_fluid_create(a, &d, &g, NULL), EDDY_ERR_ARGUMENT);
        d = (eddy_fluid_desc){.viscosity = v};
        assert_int_equal(eddy_fluid_create(a, &d, &g, NULL), EDDY_ERR_ARGUMENT);
        d = (eddy_fluid_desc){.taylor_tolerance = v};
        assert_int_equal(eddy_fluid_create(a, &d, &g, NULL), EDDY_ERR_ARGUMENT);
        assert_null(g);
        /* queries at non-finite points: a still fluid, no crash */
        double uv[2] = {1, 1};
        eddy_fluid_velocity(f, v, 5, uv);
        assert_true(uv[0] == 0 && uv[1] == 0);
        eddy_fluid_velocity(f, 5, v, uv);
        assert_true(uv[0] == 0 && uv[1] == 0);
        double xy[4] = {v, v, 5, 5}, uvs[4];
        eddy_fluid_velocity_many(f, 2, xy, uvs);
        assert_true(uvs[0] == 0 && uvs[1] == 0 && isfinite(uvs[2]) && isfinite(uvs[3]));
    }
    /* none of that touched the state, and it still steps */
    assert_memory_equal(before, eddy_fluid_coefficients(f), sizeof before);
    assert_int_equal(checked_step(f, 1.0 / 60), EDDY_OK);
    /* NULL handles and wrong lengths */
    assert_int_equal(eddy_fluid_step(NULL, 0.01), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_add_stir(NULL, NULL), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_add_stir(f, NULL), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_add_reduced(f, NULL, R), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_add_reduced(f, before, -1), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_set_coefficients(f, before, R + 1), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_create(NULL, NULL, NULL, NULL), EDDY_ERR_ARGUMENT);
    eddy_fluid_velocity_many(f, 0, NULL, NULL);
    eddy_fluid_velocity_many(f, -5, NULL, NULL);
    eddy_fluid_destroy(NULL);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void stirs_far_outside_the_domain(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, R);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    const eddy_stir outside[] = {
        {.x = 1e300, .y = 5, .radius = 1, .fx = 1e6, .fy = 1e6},
        {.x = -1e300, .y = -1e300, .radius = 1e300, .fx = 1e6, .fy = 0},
        {.x = 5, .y = -50, .radius = 10, .fx = 1e6, .fy = 1e6},
        {.x = 5, .y = 5, .radius = 1e300, .fx = 1e6, .fy = 1e6}, /* rings all outside */
        {.x = 5, .y = 5, .radius = 4.9e-324, .fx = 1e6, .fy = 1e6},
        {.x = 5, .y = 5, .radius = 1, .fx = DBL_MAX, .fy = 0}, /* overflows: refused below */
    };
    for (int i = 0; i < 5; ++i) {
        assert_int_equal(eddy_fluid_add_stir(f, &outside[i]), EDDY_OK);
        assert_int_equal(checked_step(f, 1.0 / 60), EDDY_OK);
        const double *c = eddy_fluid_coefficients(f);
        for (int k = 0; k < R; ++k) assert_true(c[k] == 0.0); /* no force reached the fluid */
    }
    assert_int_equal(eddy_fluid_add_stir(f, &outside[5]), EDDY_OK);
    assert_int_equal(checked_step(f, 1.0 / 60), EDDY_ERR_NUMERIC);
    /* Stirs on a wall and in a corner push only the part inside. */
    eddy_stir wall = {.x = 0, .y = 5, .radius = 1, .fx = 0, .fy = 50};
    eddy_stir corner = {.x = 10, .y = 10, .radius = 2, .fx = -50, .fy = 50};
    assert_int_equal(eddy_fluid_add_stir(f, &wall), EDDY_OK);
    assert_int_equal(eddy_fluid_add_stir(f, &corner), EDDY_OK);
    assert_int_equal(checked_step(f, 1.0 / 60), EDDY_OK);
    assert_true(eddy_fluid_kinetic_energy(f) > 0);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

/* Random hostile input, seeded: every call's result is one the API
 * documents, and the state is finite after every step. */
static void random_hostile_sequence(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(12, 7, 16, 10, R);
    eddy_fluid *f = test_make_fluid(a, 1e-3);
    uint64_t seed = 0x5eed;
    const double wild[] = {0, 1, -1, 1e-300, 4.9e-324, 1e6, -1e12, 1e300, DBL_MAX, -DBL_MAX,
                           NAN, INFINITY, -INFINITY, 5, 3.5, -0.0};
    const int nwild = (int)(sizeof wild / sizeof wild[0]);
    int ok = 0, numeric = 0, refused = 0, clamped = 0;
    for (int s = 0; s < 1500; ++s) {
        double pick[8];
        for (int p = 0; p < 8; ++p) {
            double u = test_random(&seed);
            int w = (int)((u + 1.0) * 0.5 * nwild) % nwild;
            pick[p] = u < -0.6 ? 10.0 * u : wild[w]; /* a third ordinary values */
        }
        eddy_stir st = {.x = pick[0], .y = pick[1], .radius = pick[2], .fx = pick[3], .fy = pick[4]};
        eddy_result rc = eddy_fluid_add_stir(f, &st);
        assert_true(rc == EDDY_OK || rc == EDDY_ERR_ARGUMENT || rc == EDDY_ERR_CAPACITY);
        if (s % 7 == 0) {
            double dr[R];
            for (int k = 0; k < R; ++k) dr[k] = pick[(k + s) % 8] * 1e-3;
            rc = eddy_fluid_add_reduced(f, dr, R);
            assert_true(rc == EDDY_OK || rc == EDDY_ERR_ARGUMENT);
            assert_true(finite_state(f));
        }
        double dt = s % 5 == 0 ? pick[5] : 1.0 / 60;
        rc = eddy_fluid_step(f, dt);
        assert_true(rc == EDDY_OK || rc == EDDY_ERR_NUMERIC || rc == EDDY_ERR_ARGUMENT);
        assert_true(finite_state(f));
        ok += rc == EDDY_OK, numeric += rc == EDDY_ERR_NUMERIC, refused += rc == EDDY_ERR_ARGUMENT;
        eddy_timings t;
        eddy_fluid_get_timings(f, &t);
        clamped += rc == EDDY_OK && t.advect_clamped;
        double uv[2];
        eddy_fluid_velocity(f, pick[6], pick[7], uv);
        assert_true(isfinite(uv[0]) && isfinite(uv[1]));
    }
    print_message("1500 hostile steps: %d ok (%d clamped), %d numeric, %d refused\n", ok, clamped,
                  numeric, refused);
    assert_true(ok > 500 && numeric > 0 && refused > 0);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------------------
 * HOSTILE BODY INPUT - to come with the fluid-body coupling (issue 8.4):
 *   - overlapping bodies (two discs at the same centre, a box inside a box);
 *   - bodies touching or crossing a wall and sitting in a corner (images);
 *   - huge forces and velocities on bodies (1e12 N, 1e6 m/s, spin 1e6 rad/s);
 *   - tiny bodies (a 1e-6 m disc, below one panel) and very light ones
 *     (density 1e-9 kg/m^2) next to heavy ones;
 *   - a too-large dt with bodies present;
 * each checking that the coupled step stays finite or reports an error code,
 * with the clamps it needs documented here and at the coupling's step.
 * ------------------------------------------------------------------------ */

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(huge_stir_forces),
        cmocka_unit_test(huge_initial_coefficients),
        cmocka_unit_test(extreme_time_steps),
        cmocka_unit_test(non_finite_inputs_are_refused),
        cmocka_unit_test(stirs_far_outside_the_domain),
        cmocka_unit_test(random_hostile_sequence),
    };
    return cmocka_run_group_tests_name("hostile", tests, NULL, NULL);
}
