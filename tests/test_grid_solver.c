// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_grid_solver.c - the full-grid MAC solver: physics of the projection
 * (divergence-free, no flow through walls and solids, idempotent, orthogonal,
 * exact on discretely divergence-free fields), advection, energy, forces,
 * determinism, no allocation in the step, and rejection of bad input. */
#include "test_util.h"

#include "eddy_grid.h"
#include "fluid_internal.h" /* M_PI, eddy_calloc */

#include <malloc.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

static eddy_grid_solver *make_solver(double w, double h, int nx, int ny, const uint8_t *solid,
                                     eddy_grid_pressure pressure, eddy_grid_advection adv)
{
    eddy_grid_desc d = {0};
    d.width = w, d.height = h, d.nx = nx, d.ny = ny;
    d.solid = solid;
    d.pressure = pressure;
    d.advection = adv;
    eddy_grid_solver *s = NULL;
    eddy_error err = {0};
    if (eddy_grid_solver_create(&d, &s, &err) != EDDY_OK)
        fail_msg("create failed: %s", err.message);
    return s;
}

static double *new_field(const eddy_grid_solver *s)
{
    double *f = calloc((size_t)eddy_grid_solver_field_size(s), sizeof *f);
    assert_non_null(f);
    return f;
}

static double *random_field(const eddy_grid_solver *s, uint64_t seed)
{
    double *f = new_field(s);
    for (int k = 0; k < eddy_grid_solver_field_size(s); ++k)
        f[k] = test_random(&seed);
    return f;
}

static double *copy_field(const eddy_grid_solver *s, const double *src)
{
    double *f = new_field(s);
    memcpy(f, src, (size_t)eddy_grid_solver_field_size(s) * sizeof *f);
    return f;
}

static double max_abs_diff(const double *a, const double *b, int n)
{
    double m = 0.0;
    for (int k = 0; k < n; ++k)
        m = fmax(m, fabs(a[k] - b[k]));
    return m;
}

static double max_abs(const double *a, int n)
{
    double m = 0.0;
    for (int k = 0; k < n; ++k)
        m = fmax(m, fabs(a[k]));
    return m;
}

static double energy(const eddy_grid_solver *s, const double *f)
{
    return 0.5 * eddy_mac_dot(eddy_grid_solver_mac(s), f, f);
}

/* A solid block plus a thin wall hanging from the top: two obstacles, one
 * touching a wall, so the fluid region is non-convex. */
static uint8_t *obstacle_mask(int nx, int ny)
{
    uint8_t *m = calloc((size_t)nx * ny, 1);
    assert_non_null(m);
    for (int j = ny / 3; j < ny / 2; ++j)
        for (int i = nx / 4; i < nx / 2; ++i)
            m[j * nx + i] = 1;
    for (int j = 2 * ny / 3; j < ny; ++j)
        m[j * nx + 3 * nx / 4] = 1;
    return m;
}

/* Every closed face is exactly zero. */
static void assert_closed_faces_zero(const eddy_grid_solver *s, const double *f)
{
    int walls = 0, solids = 0;
    const eddy_mac *g = eddy_grid_solver_mac(s);
    for (int k = 0; k < eddy_grid_solver_field_size(s); ++k)
        if (!eddy_grid_face_open(s, k)) {
            assert_true(f[k] == 0.0);
            double x, y;
            int is_v = eddy_mac_position(g, k, &x, &y);
            bool wall = is_v ? (y == 0.0 || fabs(y - g->height) < 1e-12)
                             : (x == 0.0 || fabs(x - g->width) < 1e-12);
            wall ? ++walls : ++solids;
        }
    assert_true(walls == 2 * (g->nx + g->ny));
    (void)solids;
}

/* A discretely divergence-free field from a stream function on cell corners:
 * u = (psi(i, j+1) - psi(i, j)) / hy, v = -(psi(i+1, j) - psi(i, j)) / hx.
 * psi is zero on the walls and on every corner of a solid cell, so no flow
 * crosses walls or solid faces. smooth selects a sin*sin vortex pair instead
 * of random values. */
static double *stream_field(const eddy_grid_solver *s, uint64_t seed, bool smooth)
{
    const eddy_mac *g = eddy_grid_solver_mac(s);
    int nx = g->nx, ny = g->ny;
    double *psi = calloc((size_t)(nx + 1) * (ny + 1), sizeof *psi);
    assert_non_null(psi);
    for (int j = 1; j < ny; ++j)
        for (int i = 1; i < nx; ++i) {
            double x = (double)i / nx, y = (double)j / ny;
            psi[j * (nx + 1) + i] = smooth ? sin(M_PI * x) * sin(M_PI * y) +
                                                 0.5 * sin(2 * M_PI * x) * sin(M_PI * y)
                                           : test_random(&seed);
        }
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i)
            if (eddy_grid_is_solid(s, i, j))
                for (int c = 0; c < 4; ++c)
                    psi[(j + c / 2) * (nx + 1) + i + c % 2] = 0.0;
    double *f = new_field(s);
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i <= nx; ++i)
            f[eddy_mac_u(g, i, j)] = (psi[(j + 1) * (nx + 1) + i] - psi[j * (nx + 1) + i]) / g->hy;
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i < nx; ++i)
            f[eddy_mac_v(g, i, j)] = -(psi[j * (nx + 1) + i + 1] - psi[j * (nx + 1) + i]) / g->hx;
    free(psi);
    return f;
}

static void project_ok(eddy_grid_solver *s, double *f)
{
    eddy_error err = {0};
    if (eddy_grid_project(s, f, &err) != EDDY_OK)
        fail_msg("projection failed: %s", err.message);
}

/* ------------------------------------------------------------ projection */

static void fft_projection_is_divergence_free(void **state)
{
    (void)state;
    eddy_grid_solver *s = make_solver(3.0, 2.0, 48, 40, NULL, 0, 0);
    double *f = random_field(s, 11);
    project_ok(s, f);
    eddy_grid_stats st;
    eddy_grid_solver_stats(s, &st);
    assert_int_equal(st.method, EDDY_GRID_PRESSURE_FFT);
    double rel = eddy_grid_max_divergence(s, f) / st.divergence_scale;
    printf("    FFT 48x40: divergence %.3g -> %.3g 1/s, relative to |u|/h %.3g\n",
           st.divergence_before, st.divergence_after, rel);
    assert_true(st.divergence_before > 1.0);
    assert_true(rel < 1e-12);
    assert_closed_faces_zero(s, f);
    free(f);
    eddy_grid_solver_destroy(s);
}

static void pcg_projection_with_obstacles_is_divergence_free(void **state)
{
    (void)state;
    int nx = 48, ny = 40;
    uint8_t *mask = obstacle_mask(nx, ny);
    eddy_grid_solver *s = make_solver(3.0, 2.0, nx, ny, mask, 0, 0);
    double *f = random_field(s, 12);
    project_ok(s, f);
    eddy_grid_stats st;
    eddy_grid_solver_stats(s, &st);
    assert_int_equal(st.method, EDDY_GRID_PRESSURE_PCG);
    double rel = eddy_grid_max_divergence(s, f) / st.divergence_scale;
    printf("    PCG 48x40 + obstacles: divergence %.3g -> %.3g 1/s, relative %.3g, "
           "%d iterations\n",
           st.divergence_before, st.divergence_after, rel, st.iterations);
    assert_true(rel <= 1e-10 * 1.01); /* the default CG tolerance */
    assert_true(st.iterations > 0 && st.iterations < 200);
    assert_closed_faces_zero(s, f);
    /* Faces touching the solid block are closed. */
    assert_false(eddy_grid_face_open(s, eddy_mac_u(eddy_grid_solver_mac(s), nx / 4, ny / 3)));
    free(f);
    free(mask);
    eddy_grid_solver_destroy(s);
}

static void projection_is_idempotent(void **state)
{
    (void)state;
    uint8_t *mask = obstacle_mask(32, 32);
    const uint8_t *masks[2] = {NULL, mask};
    for (int m = 0; m < 2; ++m) {
        eddy_grid_solver *s = make_solver(1.0, 1.0, 32, 32, masks[m], 0, 0);
        int n = eddy_grid_solver_field_size(s);
        double *f = random_field(s, 21);
        project_ok(s, f);
        double *once = copy_field(s, f);
        project_ok(s, f);
        double change = max_abs_diff(f, once, n) / max_abs(once, n);
        printf("    idempotence (%s): relative change %.3g\n", m ? "PCG" : "FFT", change);
        assert_true(change < (m ? 1e-9 : 1e-13));
        free(f);
        free(once);
        eddy_grid_solver_destroy(s);
    }
    free(mask);
}

static void divergence_free_field_comes_back_unchanged(void **state)
{
    (void)state;
    int nx = 40, ny = 24;
    uint8_t *mask = obstacle_mask(nx, ny);
    const uint8_t *masks[2] = {NULL, mask};
    for (int m = 0; m < 2; ++m) {
        eddy_grid_solver *s = make_solver(2.5, 1.5, nx, ny, masks[m], 0, 0);
        int n = eddy_grid_solver_field_size(s);
        double *f = stream_field(s, 31, false);
        assert_true(eddy_grid_max_divergence(s, f) < 1e-10 * max_abs(f, n) * nx);
        double *before = copy_field(s, f);
        project_ok(s, f);
        double change = max_abs_diff(f, before, n) / max_abs(before, n);
        printf("    stream-function field (%s): relative change %.3g\n", m ? "PCG" : "FFT",
               change);
        assert_true(change < 1e-12);
        free(f);
        free(before);
        eddy_grid_solver_destroy(s);
    }
    free(mask);
}

/* P is an orthogonal projector in the grid inner product: |Pu| <= |u| and
 * <Pu, u - Pu> = 0. */
static void projection_is_orthogonal_and_never_adds_energy(void **state)
{
    (void)state;
    uint8_t *mask = obstacle_mask(32, 24);
    const uint8_t *masks[2] = {NULL, mask};
    for (int m = 0; m < 2; ++m) {
        eddy_grid_solver *s = make_solver(2.0, 1.5, 32, 24, masks[m], 0, 0);
        const eddy_mac *g = eddy_grid_solver_mac(s);
        int n = eddy_grid_solver_field_size(s);
        for (uint64_t seed = 1; seed <= 5; ++seed) {
            double *u = random_field(s, 40 + seed);
            double *pu = copy_field(s, u);
            project_ok(s, pu);
            double *rest = new_field(s);
            for (int k = 0; k < n; ++k)
                rest[k] = u[k] - pu[k];
            double eu = energy(s, u), epu = energy(s, pu);
            assert_true(epu <= eu);
            assert_true(epu > 0.0);
            double cross = eddy_mac_dot(g, pu, rest) / (2.0 * eu);
            assert_true(fabs(cross) < (m ? 1e-9 : 1e-13));
            free(u);
            free(pu);
            free(rest);
        }
        eddy_grid_solver_destroy(s);
    }
    free(mask);
}

static void pcg_agrees_with_fft_on_the_plain_box(void **state)
{
    (void)state;
    eddy_grid_solver *fft = make_solver(1.0, 2.0, 24, 48, NULL, EDDY_GRID_PRESSURE_FFT, 0);
    eddy_grid_solver *pcg = make_solver(1.0, 2.0, 24, 48, NULL, EDDY_GRID_PRESSURE_PCG, 0);
    int n = eddy_grid_solver_field_size(fft);
    double *a = random_field(fft, 51), *b = copy_field(fft, a);
    project_ok(fft, a);
    project_ok(pcg, b);
    eddy_grid_stats st;
    eddy_grid_solver_stats(pcg, &st);
    assert_int_equal(st.method, EDDY_GRID_PRESSURE_PCG);
    double diff = max_abs_diff(a, b, n) / max_abs(a, n);
    printf("    PCG vs FFT on the box: %d iterations, relative difference %.3g\n", st.iterations,
           diff);
    assert_true(diff < 1e-8);
    free(a);
    free(b);
    eddy_grid_solver_destroy(fft);
    eddy_grid_solver_destroy(pcg);
}

/* A region sealed off by solids gets its own pressure constant; its
 * divergence-free part survives and the rest of the field still projects. */
static void sealed_pocket_is_handled(void **state)
{
    (void)state;
    int nx = 16, ny = 16;
    uint8_t *mask = calloc((size_t)nx * ny, 1);
    for (int i = 0; i < nx; ++i)
        mask[8 * nx + i] = 1; /* a full-width wall: two separate regions */
    mask[2 * nx + 2] = 1;
    eddy_grid_solver *s = make_solver(1.0, 1.0, nx, ny, mask, 0, 0);
    double *f = random_field(s, 61);
    project_ok(s, f);
    eddy_grid_stats st;
    eddy_grid_solver_stats(s, &st);
    assert_true(eddy_grid_max_divergence(s, f) <= 1e-10 * st.divergence_scale * 1.01);
    assert_closed_faces_zero(s, f);
    /* All solid: nothing can move, and nothing breaks. */
    memset(mask, 1, (size_t)nx * ny);
    assert_int_equal(eddy_grid_set_solid(s, mask, NULL), EDDY_OK);
    free(f);
    f = random_field(s, 62);
    project_ok(s, f);
    assert_true(max_abs(f, eddy_grid_solver_field_size(s)) == 0.0);
    assert_int_equal(eddy_grid_step(s, f, NULL, 0.1, NULL), EDDY_OK);
    free(f);
    free(mask);
    eddy_grid_solver_destroy(s);
}

/* A CG that runs out of iterations says so, and a step then keeps the field. */
static void unconverged_pcg_is_reported(void **state)
{
    (void)state;
    uint8_t *mask = obstacle_mask(32, 32);
    eddy_grid_desc d = {0};
    d.width = 1, d.height = 1, d.nx = 32, d.ny = 32, d.solid = mask, d.cg_max_iterations = 3;
    eddy_grid_solver *s = NULL;
    assert_int_equal(eddy_grid_solver_create(&d, &s, NULL), EDDY_OK);
    int n = eddy_grid_solver_field_size(s);
    double *f = random_field(s, 63), *keep = copy_field(s, f);
    eddy_error err = {0};
    assert_int_equal(eddy_grid_step(s, f, NULL, 0.01, &err), EDDY_ERR_NUMERIC);
    assert_non_null(strstr(err.message, "did not converge"));
    assert_memory_equal(f, keep, (size_t)n * sizeof *f);
    assert_int_equal(eddy_grid_project(s, f, &err), EDDY_ERR_NUMERIC);
    eddy_grid_stats st;
    eddy_grid_solver_stats(s, &st);
    assert_true(st.divergence_after < st.divergence_before); /* still the best found */
    free(f);
    free(keep);
    free(mask);
    eddy_grid_solver_destroy(s);
}

/* ------------------------------------------------------------ advection and stepping */

static void advection_keeps_a_uniform_field(void **state)
{
    (void)state;
    for (int scheme = 0; scheme < 2; ++scheme) {
        eddy_grid_solver *s = make_solver(2.0, 1.0, 32, 16, NULL, 0, scheme);
        const eddy_mac *g = eddy_grid_solver_mac(s);
        double *f = new_field(s), *out = new_field(s);
        for (int k = 0; k < eddy_mac_u_count(g); ++k)
            f[k] = 1.3;
        for (int k = eddy_mac_u_count(g); k < eddy_mac_size(g); ++k)
            f[k] = -0.4;
        eddy_error err = {0};
        assert_int_equal(eddy_grid_advect(s, f, 0.05, out, &err), EDDY_OK);
        for (int j = 1; j < g->ny - 1; ++j)
            for (int i = 1; i < g->nx; ++i)
                assert_true(fabs(out[eddy_mac_u(g, i, j)] - 1.3) < 1e-14);
        for (int j = 1; j < g->ny; ++j)
            for (int i = 1; i < g->nx - 1; ++i)
                assert_true(fabs(out[eddy_mac_v(g, i, j)] + 0.4) < 1e-14);
        free(f);
        free(out);
        eddy_grid_solver_destroy(s);
    }
}

/* Semi-Lagrangian transport of a solid-body translation moves a linear
 * profile exactly: u = 1, v = a + b x is carried to v(x - dt). */
static void advection_translates_a_linear_profile(void **state)
{
    (void)state;
    eddy_grid_solver *s = make_solver(2.0, 1.0, 32, 16, NULL, 0, EDDY_GRID_ADVECT_SEMI_LAGRANGIAN);
    const eddy_mac *g = eddy_grid_solver_mac(s);
    double *f = new_field(s), *out = new_field(s);
    for (int k = 0; k < eddy_mac_u_count(g); ++k)
        f[k] = 1.0;
    for (int j = 0; j <= g->ny; ++j)
        for (int i = 0; i < g->nx; ++i)
            f[eddy_mac_v(g, i, j)] = 0.2 + 0.3 * (i + 0.5) * g->hx;
    double dt = 0.1;
    assert_int_equal(eddy_grid_advect(s, f, dt, out, NULL), EDDY_OK);
    for (int j = 0; j <= g->ny; ++j)
        for (int i = 2; i < g->nx; ++i) /* away from the inflow wall */
            assert_true(fabs(out[eddy_mac_v(g, i, j)] -
                             (0.2 + 0.3 * ((i + 0.5) * g->hx - dt))) < 1e-12);
    free(f);
    free(out);
    eddy_grid_solver_destroy(s);
}

/* Steps a smooth divergence-free field 100 times; energy must never grow.
 * Returns the fraction of the energy left. */
static double run_energy_check(const uint8_t *mask, eddy_grid_advection scheme, const char *label)
{
    int nx = 48, ny = 32;
    eddy_grid_solver *s = make_solver(3.0, 2.0, nx, ny, mask, 0, scheme);
    double *f = stream_field(s, 0, true);
    project_ok(s, f);
    int n = eddy_grid_solver_field_size(s);
    /* dt for a CFL number of about 1.5 cells per step. */
    double dt = 1.5 * eddy_grid_solver_mac(s)->hx / max_abs(f, n);
    double e0 = energy(s, f), e = e0;
    for (int step = 0; step < 100; ++step) {
        eddy_error err = {0};
        if (eddy_grid_step(s, f, NULL, dt, &err) != EDDY_OK)
            fail_msg("step failed: %s", err.message);
        double next = energy(s, f);
        assert_true(next <= e * (1.0 + 1e-12));
        e = next;
        eddy_grid_stats st;
        eddy_grid_solver_stats(s, &st);
        assert_true(st.divergence_after <= 1e-10 * 1.01 * st.divergence_scale);
    }
    printf("    energy after 100 steps at CFL 1.5 (%s): %.4f of the start\n", label, e / e0);
    assert_closed_faces_zero(s, f);
    free(f);
    eddy_grid_solver_destroy(s);
    return e / e0;
}

static void stepping_without_forces_never_gains_energy(void **state)
{
    (void)state;
    uint8_t *mask = obstacle_mask(48, 32);
    double mc = run_energy_check(NULL, EDDY_GRID_ADVECT_MACCORMACK, "MacCormack, box");
    double sl = run_energy_check(NULL, EDDY_GRID_ADVECT_SEMI_LAGRANGIAN, "semi-Lagrangian, box");
    double ob = run_energy_check(mask, EDDY_GRID_ADVECT_MACCORMACK, "MacCormack, obstacles");
    /* The second-order scheme loses less than the first-order one; all of
     * them keep a sizeable part (the advection/projection splitting is first
     * order in time, so some loss is inherent). */
    assert_true(mc > sl);
    assert_true(sl > 0.3 && ob > 0.1);
    free(mask);
}

/* In a closed box a uniform force (gravity) is balanced by pressure
 * (hydrostatics): still fluid stays still. A force along a closed channel's
 * free direction is not a gradient and does accelerate the fluid. */
static void uniform_force_is_balanced_by_pressure(void **state)
{
    (void)state;
    eddy_grid_solver *s = make_solver(1.0, 1.0, 32, 32, NULL, 0, 0);
    const eddy_mac *g = eddy_grid_solver_mac(s);
    int n = eddy_grid_solver_field_size(s);
    double *f = new_field(s), *force = new_field(s);
    for (int k = eddy_mac_u_count(g); k < n; ++k)
        force[k] = -9.81;
    for (int step = 0; step < 10; ++step)
        assert_int_equal(eddy_grid_step(s, f, force, 1.0 / 60, NULL), EDDY_OK);
    assert_true(max_abs(f, n) < 1e-12);

    /* A swirling force (curl non-zero) does set the fluid turning. */
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i <= g->nx; ++i)
            force[eddy_mac_u(g, i, j)] = (j + 0.5) * g->hy - 0.5;
    for (int k = eddy_mac_u_count(g); k < n; ++k)
        force[k] = 0.0;
    assert_int_equal(eddy_grid_step(s, f, force, 1.0 / 60, NULL), EDDY_OK);
    assert_true(energy(s, f) > 1e-6);
    free(f);
    free(force);
    eddy_grid_solver_destroy(s);
}

static void stepping_is_deterministic_and_allocates_nothing(void **state)
{
    (void)state;
    uint8_t *mask = obstacle_mask(40, 40);
    eddy_grid_solver *a = make_solver(1.0, 1.0, 40, 40, mask, 0, 0);
    eddy_grid_solver *b = make_solver(1.0, 1.0, 40, 40, mask, 0, 0);
    int n = eddy_grid_solver_field_size(a);
    double *fa = random_field(a, 71), *fb = copy_field(a, fa);
    project_ok(a, fa);
    project_ok(b, fb);
    struct mallinfo2 before = mallinfo2();
    for (int step = 0; step < 20; ++step) {
        assert_int_equal(eddy_grid_step(a, fa, NULL, 0.01, NULL), EDDY_OK);
        assert_int_equal(eddy_grid_step(b, fb, NULL, 0.01, NULL), EDDY_OK);
    }
    struct mallinfo2 after = mallinfo2();
    assert_true(before.uordblks == after.uordblks);
    assert_memory_equal(fa, fb, (size_t)n * sizeof *fa);
    free(fa);
    free(fb);
    free(mask);
    eddy_grid_solver_destroy(a);
    eddy_grid_solver_destroy(b);
}

/* Obstacles can be repainted on a live solver; the FFT path then refuses. */
static void solids_can_change_at_run_time(void **state)
{
    (void)state;
    eddy_grid_solver *s = make_solver(1.0, 1.0, 24, 24, NULL, EDDY_GRID_PRESSURE_FFT, 0);
    double *f = random_field(s, 81);
    uint8_t *mask = obstacle_mask(24, 24);
    eddy_error err = {0};
    assert_int_equal(eddy_grid_set_solid(s, mask, &err), EDDY_OK);
    assert_true(eddy_grid_is_solid(s, 24 / 4, 24 / 3));
    assert_int_equal(eddy_grid_project(s, f, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "solid"));
    assert_int_equal(eddy_grid_set_solid(s, NULL, &err), EDDY_OK);
    assert_false(eddy_grid_is_solid(s, 24 / 4, 24 / 3));
    project_ok(s, f);
    free(f);
    free(mask);
    eddy_grid_solver_destroy(s);
}

/* ------------------------------------------------------------ bad input */

static void bad_input_is_rejected(void **state)
{
    (void)state;
    eddy_grid_desc d = {0};
    d.width = 1, d.height = 1, d.nx = 1, d.ny = 8;
    static char dummy;
    eddy_grid_solver *s = (eddy_grid_solver *)(void *)&dummy; /* must be reset to NULL */
    eddy_error err = {0};
    assert_int_equal(eddy_grid_solver_create(&d, &s, &err), EDDY_ERR_ARGUMENT);
    assert_null(s);
    assert_non_null(strstr(err.message, "at least 2"));
    d.nx = 8, d.width = NAN;
    assert_int_equal(eddy_grid_solver_create(&d, &s, &err), EDDY_ERR_ARGUMENT);
    d.width = 1, d.cg_tolerance = -1;
    assert_int_equal(eddy_grid_solver_create(&d, &s, &err), EDDY_ERR_ARGUMENT);
    d.cg_tolerance = 0, d.nx = 1 << 13, d.ny = 1 << 13;
    assert_int_equal(eddy_grid_solver_create(&d, &s, &err), EDDY_ERR_RANGE);
    assert_int_equal(eddy_grid_solver_create(NULL, &s, &err), EDDY_ERR_ARGUMENT);

    s = make_solver(1.0, 1.0, 8, 8, NULL, 0, 0);
    int n = eddy_grid_solver_field_size(s);
    double *f = random_field(s, 91), *keep = copy_field(s, f);
    assert_int_equal(eddy_grid_step(s, f, NULL, NAN, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "dt"));
    assert_int_equal(eddy_grid_step(s, f, NULL, -0.1, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_grid_step(s, f, NULL, INFINITY, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_grid_advect(s, f, NAN, keep, &err), EDDY_ERR_ARGUMENT);
    assert_memory_equal(f, keep, (size_t)n * sizeof *f);
    f[3] = NAN;
    assert_int_equal(eddy_grid_project(s, f, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "NaN"));
    assert_int_equal(eddy_grid_step(s, f, NULL, 0.1, &err), EDDY_ERR_ARGUMENT);
    f[3] = keep[3];
    double *force = new_field(s);
    force[5] = INFINITY;
    assert_int_equal(eddy_grid_step(s, f, force, 0.1, &err), EDDY_ERR_NUMERIC);
    assert_memory_equal(f, keep, (size_t)n * sizeof *f);
    free(force);
    free(f);
    free(keep);
    eddy_grid_solver_destroy(s);
    eddy_grid_solver_destroy(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fft_projection_is_divergence_free),
        cmocka_unit_test(pcg_projection_with_obstacles_is_divergence_free),
        cmocka_unit_test(projection_is_idempotent),
        cmocka_unit_test(divergence_free_field_comes_back_unchanged),
        cmocka_unit_test(projection_is_orthogonal_and_never_adds_energy),
        cmocka_unit_test(pcg_agrees_with_fft_on_the_plain_box),
        cmocka_unit_test(sealed_pocket_is_handled),
        cmocka_unit_test(unconverged_pcg_is_reported),
        cmocka_unit_test(advection_keeps_a_uniform_field),
        cmocka_unit_test(advection_translates_a_linear_profile),
        cmocka_unit_test(stepping_without_forces_never_gains_energy),
        cmocka_unit_test(uniform_force_is_balanced_by_pressure),
        cmocka_unit_test(stepping_is_deterministic_and_allocates_nothing),
        cmocka_unit_test(solids_can_change_at_run_time),
        cmocka_unit_test(bad_input_is_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
