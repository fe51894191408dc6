// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_step.c - the reduced step: energy conservation, steady single modes,
 * viscous decay exp(-nu lambda t), the Taylor exponential against a reference,
 * stir forces against brute-force projection, bad input, determinism. */
#include "test_util.h"

#include "fluid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double energy_of(const double *r, int n)
{
    double e = 0;
    for (int k = 0; k < n; ++k) e += r[k] * r[k];
    return e;
}

static void inviscid_energy_is_conserved(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 64, 64, 73);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    double r[73];
    uint64_t seed = 3;
    for (int k = 0; k < 73; ++k) r[k] = 2.0 * test_random(&seed) / (1 + k / 10.0);
    assert_int_equal(eddy_fluid_set_coefficients(f, r, 73), EDDY_OK);
    double e0 = eddy_fluid_kinetic_energy(f);
    double moved = 0;
    for (int s = 0; s < 10000; ++s) assert_int_equal(eddy_fluid_step(f, 1.0 / 60), EDDY_OK);
    const double *c = eddy_fluid_coefficients(f);
    for (int k = 0; k < 73; ++k) moved += fabs(c[k] - r[k]);
    double e1 = eddy_fluid_kinetic_energy(f);
    print_message("energy %.17g -> %.17g (rel %.2e), coefficients moved %.3f\n", e0, e1,
                  fabs(e1 - e0) / e0, moved);
    assert_true(fabs(e1 - e0) <= 1e-10 * e0);
    assert_true(moved > 1.0); /* the flow really evolved: energy moved between modes */
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

/* Without renormalisation the truncated series drifts; the step must not. */
static void energy_is_kept_even_with_a_short_series(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 32, 32, 40);
    eddy_fluid_desc d = {0};
    d.taylor_max_terms = 2; /* like a second-order explicit scheme */
    eddy_fluid *f;
    assert_int_equal(eddy_fluid_create(a, &d, &f, NULL), EDDY_OK);
    double r[40];
    uint64_t seed = 5;
    for (int k = 0; k < 40; ++k) r[k] = 3.0 * test_random(&seed);
    eddy_fluid_set_coefficients(f, r, 40);
    double e0 = eddy_fluid_kinetic_energy(f);
    for (int s = 0; s < 2000; ++s) eddy_fluid_step(f, 1.0 / 30);
    assert_true(fabs(eddy_fluid_kinetic_energy(f) - e0) <= 1e-10 * e0);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void single_mode_is_steady_and_decays_viscously(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(8, 5, 32, 32, 30);
    const double nu = 0.01, dt = 1.0 / 60;
    for (int mode = 0; mode < 30; mode += 7) {
        eddy_fluid *still = test_make_fluid(a, 0.0), *visc = test_make_fluid(a, nu);
        double r[30] = {0};
        r[mode] = 1.5;
        eddy_fluid_set_coefficients(still, r, 30);
        eddy_fluid_set_coefficients(visc, r, 30);
        for (int s = 0; s < 600; ++s) {
            eddy_fluid_step(still, dt);
            eddy_fluid_step(visc, dt);
        }
        const double *cs = eddy_fluid_coefficients(still), *cv = eddy_fluid_coefficients(visc);
        eddy_asset_info info;
        eddy_asset_get_info(a, &info);
        eddy_box_mode m[30];
        eddyi_box_select_modes(8, 5, 30, m, NULL);
        double expect = 1.5 * exp(-nu * m[mode].lambda * 600 * dt);
        for (int k = 0; k < 30; ++k) {
            assert_true(fabs(cs[k] - r[k]) < 1e-12);
            if (k != mode) assert_true(fabs(cv[k]) < 1e-12);
        }
        assert_true(fabs(cv[mode] - expect) < 1e-12 * 1.5);
        assert_true(expect < 1.45); /* the decay is visible */
        eddy_fluid_destroy(still);
        eddy_fluid_destroy(visc);
    }
    eddy_asset_destroy(a);
}

/* Reference exp(dt M) v: RK4 on dv/dt = M v with many tiny steps in long double. */
static void reference_expv(int n, const double *M, double dt, const double *v, double *out)
{
    long double x[16], k1[16], k2[16], k3[16], k4[16], tmp[16];
    const int steps = 20000;
    long double h = (long double)dt / steps;
    for (int i = 0; i < n; ++i) x[i] = v[i];
    for (int s = 0; s < steps; ++s) {
        long double *ks[4] = {k1, k2, k3, k4};
        for (int stage = 0; stage < 4; ++stage) {
            long double c = stage == 0 ? 0 : (stage == 3 ? h : h / 2);
            for (int i = 0; i < n; ++i) tmp[i] = x[i] + (stage ? c * ks[stage - 1][i] : 0);
            for (int i = 0; i < n; ++i) {
                long double sum = 0;
                for (int j = 0; j < n; ++j) sum += (long double)M[i * n + j] * tmp[j];
                ks[stage][i] = sum;
            }
        }
        for (int i = 0; i < n; ++i) x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
    }
    for (int i = 0; i < n; ++i) out[i] = (double)x[i];
}

static void taylor_matches_reference(void **state)
{
    (void)state;
    enum { N = 12 };
    double M[N * N], v[N], out[N], ref[N], work[2 * N];
    uint64_t seed = 11;
    for (int i = 0; i < N; ++i) v[i] = test_random(&seed);
    const double sizes[] = {0.05, 1.0, 7.5}; /* |dt M| small, unit, needing substeps */
    for (int c = 0; c < 3; ++c) {
        for (int i = 0; i < N; ++i)
            for (int j = 0; j < N; ++j) M[i * N + j] = test_random(&seed) * sizes[c] / N;
        int terms, substeps;
        eddyi_taylor_expv(N, M, 1.0, v, out, work, 1e-15, 40, &terms, &substeps);
        reference_expv(N, M, 1.0, v, ref);
        double err = 0, scale = 0;
        for (int i = 0; i < N; ++i) {
            err = fmax(err, fabs(out[i] - ref[i]));
            scale = fmax(scale, fabs(ref[i]));
        }
        print_message("|dtM|~%.2f: %d terms, %d substeps, max rel err %.2e\n", sizes[c], terms,
                      substeps, err / scale);
        assert_true(err < 1e-12 * scale);
        if (c == 2) assert_true(substeps > 1);
    }
}

/* The stir's reduced force against brute-force projection of the same force
 * field onto each mode on a fine grid. */
static void stir_projection_matches_brute_force(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 32, 32, 20);
    eddy_fluid_desc d = {0};
    d.density = 1.0;
    eddy_fluid *f;
    assert_int_equal(eddy_fluid_create(a, &d, &f, NULL), EDDY_OK);
    eddy_stir st = {.x = 3.0, .y = 6.5, .radius = 1.2, .fx = 2.0, .fy = -1.0};
    assert_int_equal(eddy_fluid_add_stir(f, &st), EDDY_OK);
    const double dt = 0.01;
    assert_int_equal(eddy_fluid_step(f, dt), EDDY_OK);
    /* From rest the advection of a tiny state is negligible: r = dt B^T f. */
    const double *r = eddy_fluid_coefficients(f);
    eddy_box_mode m[20];
    eddyi_box_select_modes(10, 10, 20, m, NULL);
    const int n = 500;
    double worst = 0, biggest = 0;
    for (int k = 0; k < 20; ++k) {
        double sum = 0, h = 10.0 / n;
        for (int p = 0; p < n; ++p)
            for (int q = 0; q < n; ++q) {
                double x = (p + 0.5) * h, y = (q + 0.5) * h, uv[2];
                double s2 = ((x - st.x) * (x - st.x) + (y - st.y) * (y - st.y)) / (st.radius * st.radius);
                if (s2 >= 1) continue;
                double w = (1 - s2) * (1 - s2);
                eddyi_box_mode_velocity(&m[k], 10, 10, x, y, uv);
                sum += w * (st.fx * uv[0] + st.fy * uv[1]) * h * h;
            }
        worst = fmax(worst, fabs(r[k] / dt - sum));
        biggest = fmax(biggest, fabs(sum));
    }
    print_message("stir projection: max diff %.3e of max %.3e\n", worst, biggest);
    assert_true(worst < 1e-3 * biggest);
    /* and the fluid now moves along the push at the stir centre */
    double uv[2];
    eddy_fluid_velocity(f, st.x, st.y, uv);
    assert_true(uv[0] * st.fx + uv[1] * st.fy > 0);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, 10);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    assert_int_equal(eddy_fluid_step(f, 0.0), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_step(f, -1.0), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_step(f, NAN), EDDY_ERR_ARGUMENT);
    eddy_stir bad = {.x = NAN, .y = 1, .radius = 1};
    assert_int_equal(eddy_fluid_add_stir(f, &bad), EDDY_ERR_ARGUMENT);
    eddy_stir neg = {.x = 1, .y = 1, .radius = -1};
    assert_int_equal(eddy_fluid_add_stir(f, &neg), EDDY_ERR_ARGUMENT);
    eddy_stir ok = {.x = 1, .y = 1, .radius = 1, .fx = 1};
    for (int s = 0; s < 64; ++s) assert_int_equal(eddy_fluid_add_stir(f, &ok), EDDY_OK);
    assert_int_equal(eddy_fluid_add_stir(f, &ok), EDDY_ERR_CAPACITY);
    double r[10] = {0};
    r[3] = INFINITY;
    assert_int_equal(eddy_fluid_set_coefficients(f, r, 10), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_set_coefficients(f, r, 9), EDDY_ERR_ARGUMENT);
    eddy_fluid_desc d = {.density = -1};
    eddy_error err = {0};
    eddy_fluid *g = NULL;
    assert_int_equal(eddy_fluid_create(a, &d, &g, &err), EDDY_ERR_ARGUMENT);
    assert_null(g);
    assert_non_null(strstr(err.message, "density"));
    /* Outside the domain the fluid is still. */
    double uv[2];
    eddy_fluid_velocity(f, -1, 5, uv);
    assert_true(uv[0] == 0 && uv[1] == 0);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void runs_are_bit_identical(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, 50);
    double final[2][50];
    for (int run = 0; run < 2; ++run) {
        eddy_fluid *f = test_make_fluid(a, 1e-3);
        for (int s = 0; s < 500; ++s) {
            eddy_stir st = {.x = 5 + 3 * sin(s * 0.05), .y = 5, .radius = 1, .fx = 50, .fy = 10};
            eddy_fluid_add_stir(f, &st);
            assert_int_equal(eddy_fluid_step(f, 1.0 / 60), EDDY_OK);
        }
        memcpy(final[run], eddy_fluid_coefficients(f), sizeof final[run]);
        assert_true(energy_of(final[run], 50) > 0);
        eddy_fluid_destroy(f);
    }
    assert_memory_equal(final[0], final[1], sizeof final[0]);
    eddy_asset_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(inviscid_energy_is_conserved),
        cmocka_unit_test(energy_is_kept_even_with_a_short_series),
        cmocka_unit_test(single_mode_is_steady_and_decays_viscously),
        cmocka_unit_test(taylor_matches_reference),
        cmocka_unit_test(stir_projection_matches_brute_force),
        cmocka_unit_test(bad_input_is_refused),
        cmocka_unit_test(runs_are_bit_identical),
    };
    return cmocka_run_group_tests_name("step", tests, NULL, NULL);
}
