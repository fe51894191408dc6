// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_tensor.c - the advection tensor: the closed form against independent
 * quadrature (round-off) and the MAC-grid quadrature (converging with the
 * grid), skew-symmetry in the contracted velocity slot, energy neutrality. */
#include "test_util.h"

#include "fluid_internal.h"
#include "builder_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define W 10.0
#define H 7.0

/* Dense copy of a sparse tensor: dense[(i r + k) r + j] = C_ikj. */
static double *densify(const eddy_tensor *t)
{
    size_t r = (size_t)t->r;
    double *d = calloc(r * r * r, sizeof *d);
    for (int i = 0; i < t->r; ++i)
        for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e)
            d[((size_t)i * r + (size_t)t->k[e]) * r + (size_t)t->j[e]] += t->value[e];
    return d;
}

/* Velocity and its gradient of a unit mode, from the analytic formulas. */
static void mode_and_gradient(const eddy_box_mode *m, double x, double y, double v[2], double g[4])
{
    double a = m->k1 * M_PI / W, b = m->k2 * M_PI / H, n = eddyi_box_norm(m, W, H);
    double sx = sin(a * x), cx = cos(a * x), sy = sin(b * y), cy = cos(b * y);
    v[0] = n * b * sx * cy;
    v[1] = -n * a * cx * sy;
    g[0] = n * a * b * cx * cy;  /* du/dx */
    g[1] = -n * b * b * sx * sy; /* du/dy */
    g[2] = n * a * a * sx * sy;  /* dv/dx */
    g[3] = -n * a * b * cx * cy; /* dv/dy */
}

/* -<phi_k, (phi_i . grad) phi_j> by an n x n midpoint rule, which is exact
 * (to round-off) for these trigonometric products when n exceeds the wave
 * numbers involved. */
static double entry_by_quadrature(const eddy_box_mode *m, int i, int k, int j, int n)
{
    double sum = 0, hx = W / n, hy = H / n;
    for (int p = 0; p < n; ++p)
        for (int q = 0; q < n; ++q) {
            double x = (p + 0.5) * hx, y = (q + 0.5) * hy, vi[2], vk[2], vj[2], gi[4], gk[4], gj[4];
            mode_and_gradient(&m[i], x, y, vi, gi);
            mode_and_gradient(&m[k], x, y, vk, gk);
            mode_and_gradient(&m[j], x, y, vj, gj);
            double au = vi[0] * gj[0] + vi[1] * gj[1], av = vi[0] * gj[2] + vi[1] * gj[3];
            sum += vk[0] * au + vk[1] * av;
        }
    return -sum * hx * hy;
}

static void closed_form_matches_exact_quadrature(void **state)
{
    (void)state;
    enum { R = 16 };
    eddy_box_mode m[R];
    eddyi_box_select_modes(W, H, R, m, NULL);
    eddy_tensor t;
    assert_int_equal(eddyi_box_advection_tensor(m, R, W, H, &t, NULL), EDDY_OK);
    double *d = densify(&t);
    double biggest = 0;
    for (size_t e = 0; e < (size_t)R * R * R; ++e) biggest = fmax(biggest, fabs(d[e]));
    assert_true(biggest > 0.1);
    /* Every entry, zero or not, against the quadrature. */
    double worst = 0;
    for (int i = 0; i < R; ++i)
        for (int k = 0; k < R; ++k)
            for (int j = 0; j < R; ++j) {
                double q = entry_by_quadrature(m, i, k, j, 48);
                worst = fmax(worst, fabs(q - d[((size_t)i * R + k) * R + j]));
            }
    print_message("closed form vs exact quadrature: max diff %.3e (max entry %.3f)\n", worst, biggest);
    assert_true(worst < 1e-11 * biggest);
    free(d);
    eddyi_tensor_free(&t);
}

static void closed_form_is_skew_in_velocity_slot_only(void **state)
{
    (void)state;
    enum { R = 40 };
    eddy_box_mode m[R];
    eddyi_box_select_modes(W, H, R, m, NULL);
    eddy_tensor t;
    assert_int_equal(eddyi_box_advection_tensor(m, R, W, H, &t, NULL), EDDY_OK);
    double *d = densify(&t);
    double biggest = 0, skew = 0, other = 0;
    for (int i = 0; i < R; ++i)
        for (int k = 0; k < R; ++k)
            for (int j = 0; j < R; ++j) {
                double c = d[((size_t)i * R + k) * R + j];
                biggest = fmax(biggest, fabs(c));
                skew = fmax(skew, fabs(c + d[((size_t)i * R + j) * R + k]));
                /* contracting j instead: B_j[k][i] = C_ikj is not skew in (k, i) */
                other = fmax(other, fabs(c + d[((size_t)k * R + i) * R + j]));
            }
    print_message("skew defect %.3e, other slot %.3e, max %.3f\n", skew, other, biggest);
    assert_true(skew < 1e-12 * biggest);
    assert_true(other > 1e-2 * biggest);
    assert_true(eddyi_tensor_skew_defect(&t) < 1e-12 * biggest);
    /* It is sparse: at most four k per (i, j). */
    assert_true(t.nnz <= 4 * R * R);
    free(d);
    eddyi_tensor_free(&t);
}

/* Max |C_grid - C_exact| for R modes sampled on an n x n MAC grid. */
static double grid_tensor_error(int n, int count, double *scale)
{
    eddy_box_mode *m = malloc((size_t)count * sizeof *m);
    eddyi_box_select_modes(W, H, count, m, NULL);
    eddy_mac g = eddy_mac_make(W, H, n, n);
    size_t size = (size_t)eddy_mac_size(&g);
    double *fields = malloc((size_t)count * size * sizeof *fields);
    const double **ptr = malloc((size_t)count * sizeof *ptr);
    for (int k = 0; k < count; ++k) {
        eddyi_box_sample_mode(&m[k], &g, fields + (size_t)k * size);
        ptr[k] = fields + (size_t)k * size;
    }
    eddy_tensor exact, grid;
    assert_int_equal(eddyi_box_advection_tensor(m, count, W, H, &exact, NULL), EDDY_OK);
    assert_int_equal(eddyi_grid_advection_tensor(&g, ptr, count, 0.0, &grid, NULL), EDDY_OK);
    double *de = densify(&exact), *dg = densify(&grid);
    double worst = 0, biggest = 0;
    for (size_t e = 0; e < (size_t)count * count * count; ++e) {
        worst = fmax(worst, fabs(de[e] - dg[e]));
        biggest = fmax(biggest, fabs(de[e]));
    }
    *scale = biggest;
    free(de), free(dg), free(fields), free(ptr), free(m);
    eddyi_tensor_free(&exact), eddyi_tensor_free(&grid);
    return worst;
}

static void grid_quadrature_converges_to_closed_form(void **state)
{
    (void)state;
    double s, e16 = grid_tensor_error(16, 10, &s), e32 = grid_tensor_error(32, 10, &s);
    double e64 = grid_tensor_error(64, 10, &s);
    print_message("grid tensor error: 16: %.3e 32: %.3e 64: %.3e (max entry %.3f)\n", e16, e32,
                  e64, s);
    assert_true(e32 < e16 && e64 < e32);
    assert_true(e32 / e64 > 3.0); /* second order */
    assert_true(e64 < 0.02 * s);
}

static void skew_symmetrize_makes_grid_tensor_skew(void **state)
{
    (void)state;
    eddy_box_mode m[8];
    eddyi_box_select_modes(W, H, 8, m, NULL);
    eddy_mac g = eddy_mac_make(W, H, 12, 12);
    size_t size = (size_t)eddy_mac_size(&g);
    double *fields = malloc(8 * size * sizeof *fields);
    const double *ptr[8];
    for (int k = 0; k < 8; ++k) {
        eddyi_box_sample_mode(&m[k], &g, fields + k * size);
        ptr[k] = fields + k * size;
    }
    eddy_tensor t;
    assert_int_equal(eddyi_grid_advection_tensor(&g, ptr, 8, 0.0, &t, NULL), EDDY_OK);
    double before = eddyi_tensor_skew_defect(&t);
    double *d0 = densify(&t);
    assert_int_equal(eddyi_tensor_skew_symmetrize(&t, NULL), EDDY_OK);
    double *d1 = densify(&t);
    /* The symmetric part is a discretisation defect: present before, gone after,
     * and the skew part is untouched. */
    assert_true(before > 1e-8);
    assert_true(eddyi_tensor_skew_defect(&t) == 0.0);
    for (int i = 0; i < 8; ++i)
        for (int k = 0; k < 8; ++k)
            for (int j = 0; j < 8; ++j) {
                double skew0 = 0.5 * (d0[(i * 8 + k) * 8 + j] - d0[(i * 8 + j) * 8 + k]);
                assert_true(fabs(d1[(i * 8 + k) * 8 + j] - skew0) < 1e-15);
            }
    free(d0), free(d1), free(fields);
    eddyi_tensor_free(&t);
}

/* sum_k r_k (A(r) r)_k = 0: the nonlinear term moves energy, never makes it. */
static void contraction_is_energy_neutral(void **state)
{
    (void)state;
    enum { R = 73 };
    eddy_box_mode m[R];
    eddyi_box_select_modes(10, 10, R, m, NULL);
    eddy_tensor t;
    assert_int_equal(eddyi_box_advection_tensor(m, R, 10, 10, &t, NULL), EDDY_OK);
    double r[R], A[R * R];
    uint64_t seed = 7;
    for (int k = 0; k < R; ++k) r[k] = test_random(&seed);
    eddyi_tensor_contract(&t, r, A);
    double power = 0, scale = 0;
    for (int k = 0; k < R; ++k)
        for (int j = 0; j < R; ++j) {
            power += r[k] * A[k * R + j] * r[j];
            scale += fabs(r[k] * A[k * R + j] * r[j]);
        }
    assert_true(fabs(power) < 1e-13 * scale);
    eddyi_tensor_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(closed_form_matches_exact_quadrature),
        cmocka_unit_test(closed_form_is_skew_in_velocity_slot_only),
        cmocka_unit_test(grid_quadrature_converges_to_closed_form),
        cmocka_unit_test(skew_symmetrize_makes_grid_tensor_skew),
        cmocka_unit_test(contraction_is_energy_neutral),
    };
    return cmocka_run_group_tests_name("tensor", tests, NULL, NULL);
}
