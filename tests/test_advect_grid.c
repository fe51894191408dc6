// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_advect_grid.c - advection through the MAC grid (issue 23,
 * engine/fluid/advect_grid.c) against the stored tensor it replaces.
 *
 *   - A(r) v through the grid equals the contraction of the stored,
 *     skew-symmetrised quadrature tensor to round-off, on walled bases with
 *     islands, with painted (face-sampled) modes, and on a format-2 asset
 *     whose modes are all face samples;
 *   - the grid operator is skew by itself (x . A y = -y . A x), so inviscid
 *     flow keeps its energy, and its bound holds (|A v| <= bound |v|);
 *   - fluids on both paths, from one asset, stay together to round-off;
 *   - an asset built to advect on the grid stores no tensor, is smaller, and
 *     loads to the very bits it was built with (stream functions remade into
 *     the same fields); its fluid is bit-identical run to run;
 *   - the builder's choice follows its rule, and every wrong request (a box
 *     on the grid, a tensor that is not there, the paper pipeline without a
 *     tensor, a bad --advection) is refused with a message. */
#include "test_util.h"

#include "advect_box.h"
#include "advect_grid.h"
#include "asset_format.h"
#include "builder_internal.h"
#include "domain.h"
#include "fluid_internal.h"
#include "eddy_mode.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static eddy_wall circle(double x, double y, double r)
{
    eddy_wall w;
    memset(&w, 0, sizeof w);
    w.kind = EDDY_WALL_CIRCLE;
    w.x = x, w.y = y, w.radius = r;
    return w;
}

/* A 10 x 6 m level: a shelf from the east wall and two islands. */
static int two_islands(eddy_wall *w)
{
    static const double shelf[4][2] = {{6, 2.4}, {10, 2.4}, {10, 2.9}, {6.2, 2.9}};
    memset(&w[0], 0, sizeof w[0]);
    w[0].kind = EDDY_WALL_POLYGON;
    w[0].point_count = 4;
    for (int p = 0; p < 4; ++p) w[0].points[p][0] = shelf[p][0], w[0].points[p][1] = shelf[p][1];
    w[1] = circle(3.0, 2.5, 0.8);
    w[2] = circle(7.5, 4.5, 0.6);
    return 3;
}

static eddy_asset *build(int modes, eddy_advection advection, const eddy_mode_set *painted)
{
    eddy_wall w[3];
    eddy_build_desc d = {0};
    d.width = 10, d.height = 6, d.nx = 40, d.ny = 24, d.modes = modes;
    d.walls = w, d.wall_count = two_islands(w);
    d.advection = advection;
    if (painted) d.artists = &painted, d.artist_count = 1;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("build: %s", err.message);
    return a;
}

/* A jet along the floor, painted on the level's grid. */
static eddy_mode_set *floor_jet(void)
{
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_create("jet", 10, 6, 40, 24, 1, &set, NULL), EDDY_OK);
    double *f = eddy_mode_set_field(set, 0);
    eddy_mac g = eddy_mac_make(10, 6, 40, 24);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            f[eddy_mac_u(&g, i, j)] = fabs((j + 0.5) * g.hy - 1.0) < 0.3 ? 2.0 : 0.0;
    return set;
}

static double norm(const double *x, int n)
{
    double s = 0.0;
    for (int k = 0; k < n; ++k) s += x[k] * x[k];
    return sqrt(s);
}

static double dot(const double *x, const double *y, int n)
{
    double s = 0.0;
    for (int k = 0; k < n; ++k) s += x[k] * y[k];
    return s;
}

/* y = A(r) x from the stored tensor (dense contraction, then a product). */
static void tensor_product(const eddy_asset *a, const double *r, const double *x, double *y)
{
    int n = a->mode_count;
    double *A = malloc((size_t)n * (size_t)n * sizeof *A);
    eddyi_tensor_contract(&a->tensor, r, A);
    for (int k = 0; k < n; ++k) y[k] = dot(A + (size_t)k * (size_t)n, x, n);
    free(A);
}

/* The grid product equals the tensor's for five random (r, v); returns the
 * worst relative difference. */
static double compare_paths(const eddy_asset *a, uint64_t seed)
{
    int n = a->mode_count;
    eddy_advect_grid *op = NULL;
    eddy_error err = {0};
    if (eddyi_advect_grid_create(a, &op, &err) != EDDY_OK) fail_msg("%s", err.message);
    double *r = malloc((size_t)n * sizeof *r), *v = malloc((size_t)n * sizeof *v);
    double *y1 = malloc((size_t)n * sizeof *y1), *y2 = malloc((size_t)n * sizeof *y2);
    double worst = 0.0;
    for (int trial = 0; trial < 5; ++trial) {
        for (int k = 0; k < n; ++k) r[k] = test_random(&seed), v[k] = test_random(&seed);
        tensor_product(a, r, v, y1);
        double bound = eddyi_advect_grid_freeze(op, r);
        eddyi_advect_grid_apply(op, v, y2);
        double diff = 0.0;
        for (int k = 0; k < n; ++k) diff += (y1[k] - y2[k]) * (y1[k] - y2[k]);
        worst = fmax(worst, sqrt(diff) / norm(y1, n));
        /* the bound is a bound of |A(r)|_2 */
        assert_true(norm(y2, n) <= bound * norm(v, n));
    }
    free(r), free(v), free(y1), free(y2);
    eddyi_advect_grid_destroy(op);
    return worst;
}

static void grid_product_equals_the_tensor_contraction(void **state)
{
    (void)state;
    eddy_asset *a = build(40, EDDY_ADVECTION_TENSOR, NULL);
    assert_int_equal(a->island_count, 2);
    assert_int_equal(a->stream_count, 40);
    double islands = compare_paths(a, 11);
    eddy_mode_set *jet = floor_jet();
    eddy_asset *b = build(30, EDDY_ADVECTION_TENSOR, jet);
    assert_true(b->grid_count > 32); /* 30 Laplacian + 2 island + painted */
    double painted = compare_paths(b, 12);
    print_message("A(r) v, grid against tensor, relative: two islands %.2e, with a painted mode "
                  "%.2e\n", islands, painted);
    assert_true(islands < 1e-13);
    assert_true(painted < 1e-13);
    eddy_mode_set_destroy(jet);
    eddy_asset_destroy(a);
    eddy_asset_destroy(b);
}

/* Box eigenmodes on their collocation grid (advect_box.c) against the
 * closed-form tensor, on three domains. */
static void box_collocation_equals_the_closed_form_tensor(void **state)
{
    (void)state;
    const struct { double w, h; int modes; } cases[] = {{10, 6, 73}, {10, 10, 200}, {12, 3, 60}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        eddy_asset *a = test_build_asset(cases[c].w, cases[c].h, 32, 32, cases[c].modes);
        int n = a->mode_count;
        eddy_advect_box *op = NULL;
        eddy_error err = {0};
        if (eddyi_advect_box_create(a, &op, &err) != EDDY_OK) fail_msg("%s", err.message);
        double *r = malloc((size_t)n * sizeof *r), *v = malloc((size_t)n * sizeof *v);
        double *y1 = malloc((size_t)n * sizeof *y1), *y2 = malloc((size_t)n * sizeof *y2);
        uint64_t seed = 21 + c;
        double worst = 0.0;
        for (int trial = 0; trial < 3; ++trial) {
            for (int k = 0; k < n; ++k) r[k] = test_random(&seed), v[k] = test_random(&seed);
            tensor_product(a, r, v, y1);
            double bound = eddyi_advect_box_freeze(op, r);
            eddyi_advect_box_apply(op, v, y2);
            double diff = 0.0;
            for (int k = 0; k < n; ++k) diff += (y1[k] - y2[k]) * (y1[k] - y2[k]);
            worst = fmax(worst, sqrt(diff) / norm(y1, n));
            assert_true(norm(y2, n) <= bound * norm(v, n));
        }
        print_message("box %g x %g, %d modes: collocation against the closed form %.2e\n",
                      cases[c].w, cases[c].h, n, worst);
        assert_true(worst < 1e-13);
        free(r), free(v), free(y1), free(y2);
        eddyi_advect_box_destroy(op);
        eddy_asset_destroy(a);
    }
}

static double *run(const eddy_asset *a, eddy_advection path, double viscosity, int steps,
                   double *energy_drift);
static bool has_section(const unsigned char *data, size_t size, uint32_t tag);

/* A box asset built for the grid path stores no tensor and steps as the
 * tensor does, to round-off. */
static void box_fluids_on_both_paths_agree(void **state)
{
    (void)state;
    eddy_asset *t = test_build_asset(10, 6, 40, 24, 60);
    eddy_build_desc d = {.width = 10, .height = 6, .nx = 40, .ny = 24, .modes = 60,
                         .advection = EDDY_ADVECTION_GRID};
    eddy_asset *g = NULL;
    assert_int_equal(eddy_build_asset(&d, &g, NULL), EDDY_OK);
    assert_true(g->grid_advection);
    assert_int_equal(g->tensor.nnz, 0);
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(g, &data, &size, NULL), EDDY_OK);
    assert_false(has_section(data, size, TAG_ADVECT));
    eddy_asset *back = NULL;
    eddy_error err = {0};
    if (eddy_asset_load_memory(data, size, &back, &err) != EDDY_OK) fail_msg("%s", err.message);
    double *st = run(t, EDDY_ADVECTION_TENSOR, 0.0, 240, NULL);
    double *sg = run(back, EDDY_ADVECTION_AUTO, 0.0, 240, NULL);
    double *sg2 = run(t, EDDY_ADVECTION_GRID, 0.0, 240, NULL);
    double diff = 0.0;
    for (int k = 0; k < 60; ++k) diff += (st[k] - sg[k]) * (st[k] - sg[k]);
    print_message("box, 240 steps: collocation against tensor %.2e relative\n", sqrt(diff) / norm(st, 60));
    assert_true(sqrt(diff) < 1e-10 * norm(st, 60));
    assert_memory_equal(sg, sg2, 60 * sizeof(double));
    free(st), free(sg), free(sg2), free(data);
    eddy_asset_destroy(back);
    eddy_asset_destroy(g);
    eddy_asset_destroy(t);
}

/* The same on a format-2 asset, which stores every walled mode as face
 * samples (no stream functions): the grid path then applies them all as
 * face-sampled modes. */
static void format_2_assets_load_and_advect_either_way(void **state)
{
    (void)state;
    eddy_asset *a = build(24, EDDY_ADVECTION_TENSOR, NULL);
    a->stream_count = 0; /* so the encoder writes every mode into GMOD */
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    eddy_container c;
    assert_int_equal(eddyi_container_decode(data, size, KIND_ASSET, EDDY_ASSET_VERSION, &c, NULL), EDDY_OK);
    unsigned char *old;
    size_t old_size;
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 2, c.sections, c.count, &old, &old_size, NULL),
                     EDDY_OK);
    eddy_asset *b = NULL;
    eddy_error err = {0};
    if (eddy_asset_load_memory(old, old_size, &b, &err) != EDDY_OK) fail_msg("%s", err.message);
    assert_int_equal(b->stream_count, 0);
    assert_false(b->grid_advection);
    double diff = compare_paths(b, 13);
    print_message("format 2, all modes face-sampled: grid against tensor %.2e\n", diff);
    assert_true(diff < 1e-13);
    free(data), free(old);
    eddy_asset_destroy(a);
    eddy_asset_destroy(b);
}

/* A grid operator over 30 walled modes and a painted jet (face-sampled),
 * for the tests of the operator alone. */
typedef struct jet_grid {
    eddy_mode_set *jet;
    eddy_asset *asset;
    eddy_advect_grid *op;
    int n;
} jet_grid;

static int jet_grid_setup(void **state)
{
    jet_grid *g = calloc(1, sizeof *g);
    g->jet = floor_jet();
    g->asset = build(30, EDDY_ADVECTION_GRID, g->jet);
    g->n = g->asset->mode_count;
    if (g->n > 64 || eddyi_advect_grid_create(g->asset, &g->op, NULL) != EDDY_OK) return -1;
    *state = g;
    return 0;
}

static int jet_grid_teardown(void **state)
{
    jet_grid *g = *state;
    eddyi_advect_grid_destroy(g->op);
    eddy_asset_destroy(g->asset);
    eddy_mode_set_destroy(g->jet);
    free(g);
    return 0;
}

/* x . A(r) y = -y . A(r) x by the grid operator alone. */
static void grid_operator_is_skew(void **state)
{
    jet_grid *g = *state;
    eddy_advect_grid *op = g->op;
    int n = g->n;
    double r[64] = {0}, x[64] = {0}, y[64] = {0}, ax[64], ay[64];
    uint64_t seed = 5;
    for (int k = 0; k < n; ++k) r[k] = test_random(&seed), x[k] = test_random(&seed), y[k] = test_random(&seed);
    eddyi_advect_grid_freeze(op, r);
    eddyi_advect_grid_apply(op, x, ax);
    eddyi_advect_grid_apply(op, y, ay);
    double scale = norm(ax, n) * norm(y, n);
    print_message("skew: x.Ay + y.Ax = %.2e, x.Ax = %.2e (of %.3g)\n", dot(x, ay, n) + dot(y, ax, n),
                  dot(x, ax, n), scale);
    assert_true(fabs(dot(x, ay, n) + dot(y, ax, n)) < 1e-13 * scale);
    assert_true(fabs(dot(x, ax, n)) < 1e-13 * scale);
}

/* The coarse product (single-precision dense products, for the Taylor
 * series' late terms) stays within the error the series is told it has,
 * EDDY_ADVECT_GRID_COARSE_ERROR of bound |x|, on a basis with a painted
 * (face-sampled) mode; and it does not disturb the exact product after it. */
static void coarse_product_within_its_error(void **state)
{
    jet_grid *g = *state;
    eddy_advect_grid *op = g->op;
    int n = g->n;
    double r[64] = {0}, x[64] = {0}, exact[64], coarse[64], again[64];
    uint64_t seed = 23;
    for (int k = 0; k < n; ++k) r[k] = test_random(&seed);
    double bound = eddyi_advect_grid_freeze(op, r);
    double worst = 0.0;
    for (int trial = 0; trial < 8; ++trial) {
        for (int k = 0; k < n; ++k) x[k] = test_random(&seed) * pow(10.0, -trial);
        eddyi_advect_grid_apply(op, x, exact);
        eddyi_advect_grid_apply_coarse(op, x, coarse);
        eddyi_advect_grid_apply(op, x, again);
        assert_memory_equal(exact, again, (size_t)n * sizeof *exact);
        double d = 0.0;
        for (int k = 0; k < n; ++k) d += (coarse[k] - exact[k]) * (coarse[k] - exact[k]);
        worst = fmax(worst, sqrt(d) / (bound * norm(x, n)));
    }
    print_message("coarse product: error %.1e of bound |x| (allowed %.0e)\n", worst,
                  EDDY_ADVECT_GRID_COARSE_ERROR);
    assert_true(worst <= EDDY_ADVECT_GRID_COARSE_ERROR);
    assert_true(worst > 0.0); /* it is single precision */
}

/* Steps a fluid with stirs and returns its state (r doubles, malloc'd);
 * tol is the Taylor tolerance (0: the default). */
static double *run_tol(const eddy_asset *a, eddy_advection path, double viscosity, int steps,
                       double *energy_drift, double tol)
{
    eddy_fluid_desc d = {0};
    d.viscosity = viscosity;
    d.taylor_tolerance = tol;
    d.advection = path;
    eddy_fluid *f = NULL;
    eddy_error err = {0};
    if (eddy_fluid_create(a, &d, &f, &err) != EDDY_OK) fail_msg("%s", err.message);
    int n = eddy_fluid_mode_count(f);
    double *coef = malloc((size_t)n * sizeof *coef);
    for (int k = 0; k < n; ++k) coef[k] = 2.0 * sin(1.7 * k + 0.3) / (1.0 + 0.2 * k);
    assert_int_equal(eddy_fluid_set_coefficients(f, coef, n), EDDY_OK);
    double drift = 0.0;
    for (int s = 0; s < steps; ++s) {
        if (s < steps / 2) {
            eddy_stir st = {.x = 2 + 0.02 * s, .y = 1.2, .radius = 0.6, .fx = 80, .fy = 20};
            assert_int_equal(eddy_fluid_add_stir(f, &st), EDDY_OK);
        }
        double e0 = eddy_fluid_kinetic_energy(f);
        assert_int_equal(eddy_fluid_step(f, 1.0 / 60.0), EDDY_OK);
        if (s >= steps / 2) drift = fmax(drift, fabs(eddy_fluid_kinetic_energy(f) - e0) / e0);
    }
    memcpy(coef, eddy_fluid_coefficients(f), (size_t)n * sizeof *coef);
    if (energy_drift) *energy_drift = drift;
    eddy_fluid_destroy(f);
    return coef;
}

static double *run(const eddy_asset *a, eddy_advection path, double viscosity, int steps,
                   double *energy_drift)
{
    return run_tol(a, path, viscosity, steps, energy_drift, 0.0);
}

/* Summed to 1e-13 the two paths agree to round-off; at the default 1e-9
 * they differ by what the two series leave out (the grid path stops one
 * term sooner on its bound and takes its last terms in single precision,
 * taylor.c), far below what freezing A(r) over a step costs (fluid.c). */
static void fluids_on_both_paths_agree(void **state)
{
    (void)state;
    eddy_asset *a = build(40, EDDY_ADVECTION_TENSOR, NULL);
    int n = a->mode_count;
    double drift_t, drift_g;
    double *t = run_tol(a, EDDY_ADVECTION_TENSOR, 0.0, 240, &drift_t, 1e-13);
    double *g = run_tol(a, EDDY_ADVECTION_GRID, 0.0, 240, &drift_g, 1e-13);
    double diff = 0.0;
    for (int k = 0; k < n; ++k) diff += (t[k] - g[k]) * (t[k] - g[k]);
    print_message("240 inviscid steps at tolerance 1e-13: states differ by %.2e relative; energy "
                  "drift once the stirs stop: tensor %.1e, grid %.1e\n", sqrt(diff) / norm(t, n),
                  drift_t, drift_g);
    assert_true(sqrt(diff) < 1e-10 * norm(t, n));
    assert_true(drift_g < 1e-13 && drift_t < 1e-13);
    free(g);
    g = run(a, EDDY_ADVECTION_GRID, 0.0, 240, &drift_g);
    diff = 0.0;
    for (int k = 0; k < n; ++k) diff += (t[k] - g[k]) * (t[k] - g[k]);
    print_message("at the default tolerance: %.2e relative from the 1e-13 tensor run; energy "
                  "drift %.1e\n", sqrt(diff) / norm(t, n), drift_g);
    assert_true(sqrt(diff) < 240 * 1e-9 * norm(t, n));
    assert_true(drift_g < 1e-13);
    free(t), free(g);
    eddy_asset_destroy(a);
}

/* Sections of an encoded asset by tag. */
static bool has_section(const unsigned char *data, size_t size, uint32_t tag)
{
    eddy_container c;
    assert_int_equal(eddyi_container_decode(data, size, KIND_ASSET, EDDY_ASSET_VERSION, &c, NULL), EDDY_OK);
    return eddyi_container_find(&c, tag) != NULL;
}

static void grid_assets_store_no_tensor_and_load_bit_for_bit(void **state)
{
    (void)state;
    eddy_mode_set *jet = floor_jet();
    eddy_asset *g = build(40, EDDY_ADVECTION_GRID, jet);
    eddy_asset *t = build(40, EDDY_ADVECTION_TENSOR, jet);
    /* the basis is the same whichever path: only the tensor differs */
    eddy_mac mac = eddy_mac_make(10, 6, 40, 24);
    size_t n = (size_t)eddy_mac_size(&mac) * (size_t)g->grid_count;
    assert_int_equal(g->grid_count, t->grid_count);
    assert_memory_equal(g->grid_modes, t->grid_modes, n * sizeof(double));
    assert_true(g->grid_advection);
    assert_int_equal(g->tensor.nnz, 0);
    unsigned char *gd, *td;
    size_t gs, ts;
    assert_int_equal(eddy_asset_encode(g, &gd, &gs, NULL), EDDY_OK);
    assert_int_equal(eddy_asset_encode(t, &td, &ts, NULL), EDDY_OK);
    assert_false(has_section(gd, gs, TAG_ADVECT));
    assert_true(has_section(gd, gs, TAG_STREAM));
    assert_true(has_section(td, ts, TAG_ADVECT));
    print_message("43 walled modes + painted: %zu bytes on the grid, %zu with the tensor\n", gs, ts);
    assert_true(gs < ts);
    eddy_asset *back = NULL;
    eddy_error err = {0};
    if (eddy_asset_load_memory(gd, gs, &back, &err) != EDDY_OK) fail_msg("%s", err.message);
    assert_true(back->grid_advection);
    assert_memory_equal(back->grid_modes, g->grid_modes, n * sizeof(double));
    eddy_asset_info info;
    eddy_asset_get_info(back, &info);
    assert_int_equal(info.advection, EDDY_ADVECTION_GRID);
    assert_int_equal(info.stream_mode_count, 40);
    /* the fluid of the loaded asset is the built one's, bit for bit, and
     * the same on a second run */
    int r = g->mode_count;
    double *s1 = run(g, EDDY_ADVECTION_AUTO, 2e-3, 120, NULL);
    double *s2 = run(back, EDDY_ADVECTION_AUTO, 2e-3, 120, NULL);
    double *s3 = run(back, EDDY_ADVECTION_AUTO, 2e-3, 120, NULL);
    assert_memory_equal(s1, s2, (size_t)r * sizeof(double));
    assert_memory_equal(s2, s3, (size_t)r * sizeof(double));
    free(s1), free(s2), free(s3), free(gd), free(td);
    eddy_asset_destroy(back);
    eddy_asset_destroy(g);
    eddy_asset_destroy(t);
    eddy_mode_set_destroy(jet);
}

/* A hostile state: the step clamps its advection to what the series can
 * integrate, as the tensor path does, and stays finite. */
static void absurd_speeds_are_clamped_on_the_grid_too(void **state)
{
    (void)state;
    eddy_asset *a = build(20, EDDY_ADVECTION_GRID, NULL);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    int n = eddy_fluid_mode_count(f);
    double coef[32];
    for (int k = 0; k < n; ++k) coef[k] = 1e7 / (1 + k);
    assert_int_equal(eddy_fluid_set_coefficients(f, coef, n), EDDY_OK);
    double e0 = eddy_fluid_kinetic_energy(f);
    assert_int_equal(eddy_fluid_step(f, 1.0 / 60.0), EDDY_OK);
    eddy_timings t;
    eddy_fluid_get_timings(f, &t);
    assert_int_equal(t.advect_clamped, 1);
    assert_true(fabs(eddy_fluid_kinetic_energy(f) - e0) < 1e-12 * e0);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void auto_follows_the_rule(void **state)
{
    (void)state;
    /* few modes on a fine grid: the tensor is small and cached */
    eddy_asset *small = build(16, EDDY_ADVECTION_AUTO, NULL);
    assert_false(small->grid_advection);
    assert_false(eddyi_grid_advection_cheaper(18, 16, small->stream_nodes, 1800));
    /* many modes: the r^3 tensor loses */
    assert_true(eddyi_grid_advection_cheaper(300, 300, small->stream_nodes, 1800));
    eddy_asset_destroy(small);
    /* a box of few modes keeps its sparse tensor */
    eddy_build_desc box = {.width = 10, .height = 10, .nx = 32, .ny = 32, .modes = 73};
    eddy_asset *b = NULL;
    assert_int_equal(eddy_build_asset(&box, &b, NULL), EDDY_OK);
    assert_false(b->grid_advection);
    eddy_asset_destroy(b);
}

static int precompute(const char *args)
{
    const char *bin = getenv("EDDY_BIN") ? getenv("EDDY_BIN") : "build/bin";
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/precompute %s -q -o /tmp/eddy-advect-grid-%d.eddy 2>/dev/null",
             bin, args, (int)getpid());
    int status = system(cmd);
    snprintf(cmd, sizeof cmd, "/tmp/eddy-advect-grid-%d.eddy", (int)getpid());
    remove(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A box with a painted mode on the level's grid. */
static eddy_asset *painted_box(void)
{
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_create("jet", 10, 6, 40, 24, 1, &set, NULL), EDDY_OK);
    double *f = eddy_mode_set_field(set, 0);
    eddy_mac g = eddy_mac_make(10, 6, 40, 24);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i)
            f[eddy_mac_u(&g, i, j)] = fabs((j + 0.5) * g.hy - 3.0) < 0.4 ? 1.0 : 0.0;
    const eddy_mode_set *sets[1] = {set};
    eddy_build_desc d = {.width = 10, .height = 6, .nx = 40, .ny = 24, .modes = 12};
    d.artists = sets, d.artist_count = 1;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("%s", err.message);
    d.advection = EDDY_ADVECTION_GRID;
    eddy_asset *none = NULL;
    assert_int_equal(eddy_build_asset(&d, &none, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "painted or POD"));
    assert_null(none);
    eddy_mode_set_destroy(set);
    return a;
}

static void wrong_requests_are_refused(void **state)
{
    (void)state;
    eddy_error err = {0};
    eddy_asset *box = painted_box();
    eddy_asset *grid = build(12, EDDY_ADVECTION_GRID, NULL);
    eddy_fluid *f = NULL;
    eddy_fluid_desc d = {0};
    d.advection = EDDY_ADVECTION_GRID;
    assert_int_equal(eddy_fluid_create(box, &d, &f, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "painted or POD"));
    d.advection = EDDY_ADVECTION_TENSOR;
    assert_int_equal(eddy_fluid_create(grid, &d, &f, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "stores no tensor"));
    d.advection = EDDY_ADVECTION_AUTO;
    assert_int_equal(eddy_fluid_create(grid, &d, &f, &err), EDDY_OK);
    assert_int_equal(eddyi_fluid_set_paper_pipeline(f, true, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "paper pipeline"));
    eddy_fluid_destroy(f);
    f = NULL;
    d.advection = (eddy_advection)7;
    assert_int_equal(eddy_fluid_create(grid, &d, &f, &err), EDDY_ERR_ARGUMENT);
    assert_null(f);
    assert_int_equal(precompute("--grid 16 --modes 12 --advection sideways"), 64);
    assert_int_equal(precompute("--grid 16 --modes 12 --advection tensor"), 0);
    assert_int_equal(precompute("--grid 16 --modes 12 --advection grid"), 0);
    eddy_asset_destroy(box);
    eddy_asset_destroy(grid);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grid_product_equals_the_tensor_contraction),
        cmocka_unit_test(format_2_assets_load_and_advect_either_way),
        cmocka_unit_test(box_collocation_equals_the_closed_form_tensor),
        cmocka_unit_test(box_fluids_on_both_paths_agree),
        cmocka_unit_test_setup_teardown(grid_operator_is_skew, jet_grid_setup, jet_grid_teardown),
        cmocka_unit_test_setup_teardown(coarse_product_within_its_error, jet_grid_setup,
                                        jet_grid_teardown),
        cmocka_unit_test(fluids_on_both_paths_agree),
        cmocka_unit_test(grid_assets_store_no_tensor_and_load_bit_for_bit),
        cmocka_unit_test(absurd_speeds_are_clamped_on_the_grid_too),
        cmocka_unit_test(auto_follows_the_rule),
        cmocka_unit_test(wrong_requests_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
