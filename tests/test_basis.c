// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_basis.c - the box eigenbasis: ordering, orthonormality and divergence
 * on the MAC grid (to discretisation order), zero wall flux, fast evaluation. */
#include "test_util.h"

#include "fluid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void modes_are_ordered_and_distinct(void **state)
{
    (void)state;
    eddy_box_mode m[73];
    assert_int_equal(eddyi_box_select_modes(10, 10, 73, m, NULL), EDDY_OK);
    assert_int_equal(m[0].k1, 1);
    assert_int_equal(m[0].k2, 1);
    for (int a = 1; a < 73; ++a) {
        assert_true(m[a].lambda >= m[a - 1].lambda * (1 - 1e-12));
        for (int b = 0; b < a; ++b) assert_false(m[a].k1 == m[b].k1 && m[a].k2 == m[b].k2);
    }
    /* No mode left out has a smaller eigenvalue than the last one taken. */
    for (int k1 = 1; k1 <= 20; ++k1)
        for (int k2 = 1; k2 <= 20; ++k2) {
            double lam = M_PI * M_PI * (k1 * k1 + k2 * k2) / 100.0;
            int taken = 0;
            for (int a = 0; a < 73; ++a) taken |= m[a].k1 == k1 && m[a].k2 == k2;
            if (!taken) assert_true(lam >= m[72].lambda * (1 - 1e-12));
        }
}

static void bad_mode_requests_fail(void **state)
{
    (void)state;
    eddy_box_mode m[4];
    eddy_error err = {0};
    assert_int_equal(eddyi_box_select_modes(-1, 10, 4, m, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "domain"));
    assert_int_equal(eddyi_box_select_modes(10, 10, 0, m, &err), EDDY_ERR_ARGUMENT);
    /* A very elongated domain needs wave numbers beyond the cap. */
    eddy_box_mode *many = malloc(600 * sizeof *many);
    assert_int_equal(eddyi_box_select_modes(1000, 1, 600, many, &err), EDDY_ERR_RANGE);
    /* Sizes whose eigenvalues overflow are refused, not turned into Inf. */
    assert_int_equal(eddyi_box_select_modes(1e-200, 1e-200, 4, m, &err), EDDY_ERR_RANGE);
    assert_int_equal(eddyi_box_select_modes(1e200, 1e200, 4, m, &err), EDDY_ERR_RANGE);
    free(many);
}

/* Largest |G - I| of the Gram matrix of count modes sampled on an n x n grid. */
static double gram_defect(int n, int count, double w, double h)
{
    eddy_box_mode *m = malloc((size_t)count * sizeof *m);
    eddyi_box_select_modes(w, h, count, m, NULL);
    eddy_mac g = eddy_mac_make(w, h, n, n);
    int size = eddy_mac_size(&g);
    double *f = malloc((size_t)count * (size_t)size * sizeof *f);
    for (int k = 0; k < count; ++k) eddyi_box_sample_mode(&m[k], &g, f + (size_t)k * size);
    double worst = 0;
    for (int a = 0; a < count; ++a)
        for (int b = 0; b < count; ++b) {
            double dot = eddy_mac_dot(&g, f + (size_t)a * size, f + (size_t)b * size);
            worst = fmax(worst, fabs(dot - (a == b)));
        }
    free(f), free(m);
    return worst;
}

static void basis_is_orthonormal_on_the_grid(void **state)
{
    (void)state;
    double e32 = gram_defect(32, 20, 10, 7), e64 = gram_defect(64, 20, 10, 7);
    print_message("gram defect: n=32 %.3e, n=64 %.3e\n", e32, e64);
    assert_true(e64 < 1e-2);
    /* Either second order or exact to round-off (trapezoid on trig products). */
    assert_true(e64 < 1e-12 || e32 / e64 > 3.5);
}

/* Largest discrete divergence of one sampled mode, relative to |phi|_max / h. */
static double divergence_of_mode(int n, int k1, int k2)
{
    eddy_box_mode m = {k1, k2, 0};
    m.lambda = pow(k1 * M_PI / 10, 2) + pow(k2 * M_PI / 10, 2);
    eddy_mac g = eddy_mac_make(10, 10, n, n);
    double *f = malloc((size_t)eddy_mac_size(&g) * sizeof *f);
    double *div = malloc((size_t)n * n * sizeof *div);
    eddyi_box_sample_mode(&m, &g, f);
    eddy_mac_divergence(&g, f, div);
    double worst = 0;
    for (int c = 0; c < n * n; ++c) worst = fmax(worst, fabs(div[c]));
    free(f), free(div);
    return worst;
}

static void basis_is_divergence_free_to_second_order(void **state)
{
    (void)state;
    /* k1 != k2: on square cells a mode with k1 == k2 is discretely
     * divergence-free by symmetry, which would hide the order. */
    for (int k1 = 1; k1 <= 3; ++k1) {
        int k2 = k1 + 1;
        double d32 = divergence_of_mode(32, k1, k2), d64 = divergence_of_mode(64, k1, k2);
        double d128 = divergence_of_mode(128, k1, k2);
        print_message("mode (%d,%d) max div: %.3e %.3e %.3e\n", k1, k2, d32, d64, d128);
        assert_true(d32 / d64 > 3.5 && d32 / d64 < 4.5);
        assert_true(d64 / d128 > 3.5 && d64 / d128 < 4.5);
    }
}

static void no_flux_through_walls(void **state)
{
    (void)state;
    eddy_box_mode m[30];
    eddyi_box_select_modes(4, 3, 30, m, NULL);
    for (int k = 0; k < 30; ++k)
        for (int s = 0; s <= 50; ++s) {
            double uv[2];
            double y = 3.0 * s / 50, x = 4.0 * s / 50;
            eddyi_box_mode_velocity(&m[k], 4, 3, 0.0, y, uv);
            assert_true(fabs(uv[0]) < 1e-12);
            eddyi_box_mode_velocity(&m[k], 4, 3, 4.0, y, uv);
            assert_true(fabs(uv[0]) < 1e-12);
            eddyi_box_mode_velocity(&m[k], 4, 3, x, 0.0, uv);
            assert_true(fabs(uv[1]) < 1e-12);
            eddyi_box_mode_velocity(&m[k], 4, 3, x, 3.0, uv);
            assert_true(fabs(uv[1]) < 1e-12);
        }
}

/* Vorticity of a mode is lambda psi: checked by central differences. */
static void mode_vorticity_is_lambda_psi(void **state)
{
    (void)state;
    eddy_box_mode m[10];
    eddyi_box_select_modes(10, 6, 10, m, NULL);
    const double h = 1e-4;
    for (int k = 0; k < 10; ++k) {
        double x = 3.3, y = 1.7, px[2], mx[2], py[2], my[2];
        eddyi_box_mode_velocity(&m[k], 10, 6, x + h, y, px);
        eddyi_box_mode_velocity(&m[k], 10, 6, x - h, y, mx);
        eddyi_box_mode_velocity(&m[k], 10, 6, x, y + h, py);
        eddyi_box_mode_velocity(&m[k], 10, 6, x, y - h, my);
        double curl = (px[1] - mx[1]) / (2 * h) - (py[0] - my[0]) / (2 * h);
        double expect = m[k].lambda * eddyi_box_mode_stream(&m[k], 10, 6, x, y);
        assert_true(fabs(curl - expect) < 1e-6 * (1 + fabs(expect)));
    }
}

/* The recurrence evaluation equals the sum of directly evaluated modes. */
static void recurrence_matches_direct_sum(void **state)
{
    (void)state;
    const int count = 256;
    eddy_box_mode m[256];
    assert_int_equal(eddyi_box_select_modes(10, 5, count, m, NULL), EDDY_OK);
    eddy_box_basis b;
    assert_int_equal(eddyi_box_basis_init(&b, m, count, 10, 5, NULL), EDDY_OK);
    double r[256];
    uint64_t seed = 42;
    for (int k = 0; k < count; ++k) r[k] = test_random(&seed);
    for (int p = 0; p < 50; ++p) {
        double x = 5 + 5 * test_random(&seed), y = 2.5 + 2.5 * test_random(&seed);
        double fast[2], slow[2] = {0, 0}, one[2];
        eddyi_box_basis_velocity(&b, r, x, y, fast);
        for (int k = 0; k < count; ++k) {
            eddyi_box_mode_velocity(&m[k], 10, 5, x, y, one);
            slow[0] += r[k] * one[0];
            slow[1] += r[k] * one[1];
        }
        assert_true(fabs(fast[0] - slow[0]) < 1e-11 && fabs(fast[1] - slow[1]) < 1e-11);
    }
    eddyi_box_basis_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(modes_are_ordered_and_distinct),
        cmocka_unit_test(bad_mode_requests_fail),
        cmocka_unit_test(basis_is_orthonormal_on_the_grid),
        cmocka_unit_test(basis_is_divergence_free_to_second_order),
        cmocka_unit_test(no_flux_through_walls),
        cmocka_unit_test(mode_vorticity_is_lambda_psi),
        cmocka_unit_test(recurrence_matches_direct_sum),
    };
    return cmocka_run_group_tests_name("basis", tests, NULL, NULL);
}
