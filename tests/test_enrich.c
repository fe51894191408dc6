// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_enrich.c - basis enrichment (chapter 5.2): the paper's painted jet
 * (5.4) as numbers, B^T W B = I, energy of an enriched inviscid run,
 * excitation by the stored projection, POD of a known rank-2 family, the
 * rank threshold, asset round trips and malformed GMOD / ARTP sections,
 * bad build requests, and scenes that excite artist modes. */
#include "test_util.h"

#include "fluid_internal.h"
#include "eddy_mode.h"
#include "eddy_scene.h"
#include "eddy_grid.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define W 10.0
#define H 10.0
#define N 64
#define MODES 73

/* ------------------------------------------------------------ fields */

/* The paper's jet (5.4): a narrow horizontal band of fast flow inside the
 * box, from x = 2 to 8 at y = 5 +- 0.3 (at least a row of samples on coarse
 * grids), painted as raw velocity (not divergence-free: the build projects
 * it). */
static void paint_jet(eddy_mode_set *set, int k, double speed)
{
    eddy_mode_grid g = eddy_mode_set_grid(set);
    eddy_mac mac = eddy_mac_make(g.width, g.height, g.nx, g.ny);
    double *f = eddy_mode_set_field(set, k);
    double half = fmax(0.03 * g.height, 0.6 * mac.hy);
    for (int s = 0; s < eddy_mac_size(&mac); ++s) {
        double x, y;
        int comp = eddy_mac_position(&mac, s, &x, &y);
        bool band = fabs(y - 0.5 * g.height) < half && x > 0.2 * g.width && x < 0.8 * g.width;
        f[s] = comp == 0 && band ? speed : 0.0;
    }
}

/* A smooth vortex blob centred at (cx, cy), painted as velocity. */
static void paint_vortex(double *f, const eddy_mac *mac, double cx, double cy, double radius,
                         double spin)
{
    for (int s = 0; s < eddy_mac_size(mac); ++s) {
        double x, y;
        int comp = eddy_mac_position(mac, s, &x, &y);
        double dx = x - cx, dy = y - cy, q = exp(-(dx * dx + dy * dy) / (radius * radius));
        f[s] = spin * q * (comp == 0 ? -dy : dx);
    }
}

static eddy_mode_set *make_set(const char *name, int count, int nx, int ny)
{
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    if (eddy_mode_set_create(name, W, H, nx, ny, count, &set, &err) != EDDY_OK)
        fail_msg("mode set: %s", err.message);
    return set;
}

static eddy_asset *build_enriched(const eddy_mode_set *const *artists, int na,
                                  const eddy_mode_set *const *snaps, int ns, int pod,
                                  int modes, int n, eddy_build_report *rep)
{
    eddy_build_desc d = {0};
    d.width = W, d.height = H, d.nx = d.ny = n, d.modes = modes;
    d.artists = artists, d.artist_count = na;
    d.snapshots = snaps, d.snapshot_count = ns, d.pod_modes = pod;
    d.report = rep;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("build failed: %s", err.message);
    return a;
}

/* Samples of basis mode b of an asset on its grid (eigenmodes by their curl
 * samples, the build's representation of them). */
static void basis_field(const eddy_asset *a, const eddy_mac *mac, int b, double *out)
{
    int n = eddy_mac_size(mac);
    if (b < a->eigen_count)
        eddyi_box_sample_curl(&a->modes[b], mac, out);
    else
        memcpy(out, a->grid_modes + (size_t)(b - a->eigen_count) * (size_t)n, (size_t)n * sizeof *out);
}

static double *basis_fields(const eddy_asset *a, const eddy_mac *mac)
{
    size_t n = (size_t)eddy_mac_size(mac);
    double *B = malloc((size_t)a->mode_count * n * sizeof *B);
    for (int b = 0; b < a->mode_count; ++b) basis_field(a, mac, b, B + (size_t)b * n);
    return B;
}

static eddy_grid_solver *make_solver(int n)
{
    eddy_grid_desc gd = {0};
    gd.width = W, gd.height = H, gd.nx = gd.ny = n;
    eddy_grid_solver *s = NULL;
    assert_int_equal(eddy_grid_solver_create(&gd, &s, NULL), EDDY_OK);
    return s;
}

/* Fraction of f's grid energy held by the first count fields of B (which
 * must be orthonormal). */
static double captured(const eddy_mac *mac, const double *B, int count, const double *f)
{
    size_t n = (size_t)eddy_mac_size(mac);
    double held = 0.0;
    for (int b = 0; b < count; ++b) {
        double c = eddy_mac_dot(mac, B + (size_t)b * n, f);
        held += c * c;
    }
    return held / eddy_mac_dot(mac, f, f);
}

static double elapsed(struct timespec t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
}

/* ------------------------------------------------------------ the jet (5.4) */

static eddy_asset *g_jet;        /* 73 eigenmodes + the jet, 64 x 64 */
static double *g_jet_field;      /* the jet after projection */
static double g_jet_seconds;

static int setup_jet(void **state)
{
    (void)state;
    eddy_mode_set *jet = make_set("jet", 1, N, N);
    paint_jet(jet, 0, 2.0);
    const eddy_mode_set *arts[1] = {jet};
    eddy_build_report rep;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    g_jet = build_enriched(arts, 1, NULL, 0, 0, MODES, N, &rep);
    g_jet_seconds = elapsed(t0);
    eddy_mac mac = eddy_mac_make(W, H, N, N);
    size_t n = (size_t)eddy_mac_size(&mac);
    g_jet_field = malloc(n * sizeof *g_jet_field);
    memcpy(g_jet_field, eddy_mode_set_field_const(jet, 0), n * sizeof *g_jet_field);
    eddy_grid_solver *s = make_solver(N);
    assert_int_equal(eddy_grid_project(s, g_jet_field, NULL), EDDY_OK);
    eddy_grid_solver_destroy(s);
    eddy_mode_set_destroy(jet);
    return 0;
}

static int teardown_jet(void **state)
{
    (void)state;
    eddy_asset_destroy(g_jet);
    free(g_jet_field);
    return 0;
}

static void jet_needs_the_enriched_basis(void **state)
{
    (void)state;
    eddy_asset_info info;
    eddy_asset_get_info(g_jet, &info);
    assert_int_equal(info.eigen_mode_count, MODES);
    assert_int_equal(info.grid_mode_count, 1);
    assert_int_equal(info.mode_count, MODES + 1);
    assert_int_equal(info.artist_count, 1);
    assert_int_equal(eddy_asset_artist_count(g_jet), 1);
    assert_string_equal(eddy_asset_artist_name(g_jet, 0), "jet");
    assert_int_equal(eddy_asset_find_artist(g_jet, "jet"), 0);
    assert_int_equal(eddy_asset_find_artist(g_jet, "jets"), -1);
    assert_null(eddy_asset_artist_name(g_jet, 1));
    double eig, all;
    assert_int_equal(eddy_asset_artist_capture(g_jet, 0, &eig, &all), EDDY_OK);
    assert_int_equal(eddy_asset_artist_capture(g_jet, 1, &eig, &all), EDDY_ERR_RANGE);
    assert_int_equal(eddy_asset_artist_capture(NULL, 0, &eig, &all), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_asset_artist_capture(g_jet, 0, &eig, &all), EDDY_OK);
    print_message("jet: eigenmodes %.1f%%, enriched %.6f%% (build %.2f s, %lld tensor entries)\n",
                  100 * eig, 100 * all, g_jet_seconds, (long long)info.tensor_nonzeros);
    assert_true(eig < 0.9);
    assert_true(all >= 0.9999);

    /* The same numbers from first principles: the painted field projected
     * here, against the first 73 and all 74 basis fields. */
    eddy_mac mac = eddy_mac_make(W, H, N, N);
    double *B = basis_fields(g_jet, &mac);
    double e73 = captured(&mac, B, MODES, g_jet_field), e74 = captured(&mac, B, MODES + 1, g_jet_field);
    print_message("recomputed: eigenmodes %.6f%%, enriched %.12f%%\n", 100 * e73, 100 * e74);
    assert_true(fabs(e73 - eig) < 1e-12);
    assert_true(fabs(e74 - all) < 1e-12);
    assert_true(1.0 - e74 < 1e-12); /* exact up to round-off */
    free(B);
}

static void basis_is_orthonormal_and_divergence_free(void **state)
{
    (void)state;
    eddy_mac mac = eddy_mac_make(W, H, N, N);
    size_t n = (size_t)eddy_mac_size(&mac);
    int r = g_jet->mode_count;
    double *B = basis_fields(g_jet, &mac);
    double worst = 0.0, worst_er = 0.0;
    for (int a = 0; a < r; ++a)
        for (int b = a; b < r; ++b) {
            double d = eddy_mac_dot(&mac, B + (size_t)a * n, B + (size_t)b * n) - (a == b);
            worst = fmax(worst, fabs(d));
            if (a < MODES && b >= MODES) worst_er = fmax(worst_er, fabs(d));
        }
    print_message("B^T W B = I: max error %.2e (E-R block %.2e)\n", worst, worst_er);
    assert_true(worst < 1e-10);
    /* Grid modes: no divergence, no wall flux. */
    double *div = malloc((size_t)N * N * sizeof *div), biggest = 0.0, field_max = 0.0;
    for (int m = MODES; m < r; ++m) {
        const double *f = B + (size_t)m * n;
        eddy_mac_divergence(&mac, f, div);
        for (int c = 0; c < N * N; ++c) biggest = fmax(biggest, fabs(div[c]));
        for (size_t s = 0; s < n; ++s) field_max = fmax(field_max, fabs(f[s]));
        for (int j = 0; j < N; ++j) {
            assert_true(f[eddy_mac_u(&mac, 0, j)] == 0.0 && f[eddy_mac_u(&mac, N, j)] == 0.0);
            assert_true(f[eddy_mac_v(&mac, j, 0)] == 0.0 && f[eddy_mac_v(&mac, j, N)] == 0.0);
        }
    }
    double scale = field_max / mac.hx;
    print_message("grid modes: max |div| %.2e (scale |u|/h %.2e)\n", biggest, scale);
    assert_true(biggest < 1e-10 * scale);
    free(div);
    free(B);
}

/* D~ is symmetric, not positive, and -lambda on the eigen diagonal; the
 * tensor is skew in every slot. */
static void reduced_operators_are_consistent(void **state)
{
    (void)state;
    int r = g_jet->mode_count;
    const double *D = g_jet->viscosity;
    assert_false(g_jet->viscosity_diagonal);
    double asym = 0.0, er = 0.0;
    for (int a = 0; a < r; ++a)
        for (int b = 0; b < r; ++b) {
            asym = fmax(asym, fabs(D[a * r + b] - D[b * r + a]));
            if (a < MODES && b >= MODES) er = fmax(er, fabs(D[a * r + b]));
        }
    for (int k = 0; k < MODES; ++k) assert_true(D[k * r + k] == -g_jet->modes[k].lambda);
    for (int m = MODES; m < r; ++m) assert_true(D[m * r + m] < 0.0);
    print_message("viscosity: asymmetry %.1e, largest E-R entry %.2e, jet mode %.3f 1/m^2\n", asym,
                  er, D[MODES * r + MODES]);
    assert_true(asym == 0.0);
    assert_true(er < 1e-8 * fabs(D[MODES * r + MODES]));
    assert_true(eddyi_tensor_skew_defect(&g_jet->tensor) == 0.0);
}

static void enriched_inviscid_run_keeps_its_energy(void **state)
{
    (void)state;
    eddy_fluid *f = test_make_fluid(g_jet, 0.0);
    int r = eddy_fluid_mode_count(f);
    assert_int_equal(eddy_fluid_excite(f, 0, 1.0), EDDY_OK);
    double *start = malloc((size_t)r * sizeof *start);
    uint64_t seed = 11;
    const double *c = eddy_fluid_coefficients(f);
    for (int k = 0; k < r; ++k) start[k] = c[k] + 0.2 * test_random(&seed) / (1 + k / 10.0);
    assert_int_equal(eddy_fluid_set_coefficients(f, start, r), EDDY_OK);
    double e0 = eddy_fluid_kinetic_energy(f), jet0 = start[MODES];
    for (int s = 0; s < 5000; ++s) assert_int_equal(eddy_fluid_step(f, 1.0 / 60), EDDY_OK);
    double e1 = eddy_fluid_kinetic_energy(f), moved = 0.0;
    c = eddy_fluid_coefficients(f);
    for (int k = 0; k < r; ++k) moved += fabs(c[k] - start[k]);
    print_message("enriched inviscid, 5000 steps: energy rel drift %.2e, jet coefficient %.4f -> "
                  "%.4f, coefficients moved %.3f\n", fabs(e1 - e0) / e0, jet0, c[MODES], moved);
    assert_true(fabs(e1 - e0) <= 1e-10 * e0);
    assert_true(moved > 1.0);
    assert_true(fabs(c[MODES] - jet0) > 1e-3); /* the grid mode takes part */
    eddy_fluid_destroy(f);
    free(start);
}

static void excitation_adds_the_stored_projection(void **state)
{
    (void)state;
    eddy_fluid *f = test_make_fluid(g_jet, 0.0);
    int r = eddy_fluid_mode_count(f);
    const double *p = eddy_asset_artist_projection(g_jet, 0);
    assert_non_null(p);
    assert_null(eddy_asset_artist_projection(g_jet, 1));
    assert_int_equal(eddy_fluid_excite(f, 0, 1.0), EDDY_OK);
    assert_memory_equal(eddy_fluid_coefficients(f), p, (size_t)r * sizeof *p); /* bitwise */
    /* by name, on top: r = p + 2.5 p, exactly as the vector add does it */
    assert_int_equal(eddy_fluid_excite_name(f, "jet", 2.5), EDDY_OK);
    for (int k = 0; k < r; ++k) assert_true(eddy_fluid_coefficients(f)[k] == p[k] + 2.5 * p[k]);
    /* refusals leave the state alone */
    assert_int_equal(eddy_fluid_excite(f, 1, 1.0), EDDY_ERR_RANGE);
    assert_int_equal(eddy_fluid_excite(f, -1, 1.0), EDDY_ERR_RANGE);
    assert_int_equal(eddy_fluid_excite_name(f, "nope", 1.0), EDDY_ERR_RANGE);
    assert_int_equal(eddy_fluid_excite(f, 0, NAN), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_excite(f, 0, 1e300), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_fluid_excite_rate(f, 0, INFINITY), EDDY_ERR_ARGUMENT);
    for (int k = 0; k < r; ++k) assert_true(eddy_fluid_coefficients(f)[k] == p[k] + 2.5 * p[k]);

    /* The excited velocity is the painted jet (as projected): compare at
     * every u face of the band's rows. */
    eddy_fluid *g = test_make_fluid(g_jet, 0.0);
    assert_int_equal(eddy_fluid_excite(g, 0, 1.0), EDDY_OK);
    eddy_mac mac = eddy_mac_make(W, H, N, N);
    double err2 = 0.0, ref2 = 0.0;
    for (int s = 0; s < eddy_mac_u_count(&mac); ++s) {
        double x, y, uv[2];
        eddy_mac_position(&mac, s, &x, &y);
        eddy_fluid_velocity(g, x, y, uv);
        err2 += (uv[0] - g_jet_field[s]) * (uv[0] - g_jet_field[s]);
        ref2 += g_jet_field[s] * g_jet_field[s];
    }
    double uv[2];
    eddy_fluid_velocity(g, 5.0, 5.0, uv);
    print_message("excited jet: velocity at the centre (%.3f, %.3f) m/s, relative error on the u "
                  "faces %.2e\n", uv[0], uv[1], sqrt(err2 / ref2));
    assert_true(sqrt(err2 / ref2) < 0.02);
    assert_true(uv[0] > 1.0);

    /* A rate is applied in the next step, times its dt, like a force. */
    eddy_fluid *h = test_make_fluid(g_jet, 0.0), *k1 = test_make_fluid(g_jet, 0.0);
    const double dt = 1.0 / 60, rate = 3.0;
    assert_int_equal(eddy_fluid_excite_rate(h, 0, rate), EDDY_OK);
    assert_true(eddy_fluid_kinetic_energy(h) == 0.0); /* queued, not yet applied */
    assert_int_equal(eddy_fluid_excite(k1, 0, rate * dt), EDDY_OK);
    assert_int_equal(eddy_fluid_step(h, dt), EDDY_OK);
    assert_int_equal(eddy_fluid_step(k1, dt), EDDY_OK);
    for (int q = 0; q < r; ++q)
        assert_true(fabs(eddy_fluid_coefficients(h)[q] - eddy_fluid_coefficients(k1)[q]) <= 1e-14);
    assert_int_equal(eddy_fluid_step(h, dt), EDDY_OK); /* consumed: not applied twice */
    assert_int_equal(eddy_fluid_step(k1, dt), EDDY_OK);
    for (int q = 0; q < r; ++q)
        assert_true(fabs(eddy_fluid_coefficients(h)[q] - eddy_fluid_coefficients(k1)[q]) <= 1e-14);
    eddy_fluid_destroy(f), eddy_fluid_destroy(g), eddy_fluid_destroy(h), eddy_fluid_destroy(k1);
}

/* A stir projects onto grid modes too (5.4): B^T W f, the grid quadrature
 * of the stir's force against the grid mode, checked against a brute-force
 * sum over every face. */
static void stirs_reach_grid_modes(void **state)
{
    (void)state;
    eddy_fluid *f = test_make_fluid(g_jet, 0.0);
    eddy_stir st = {.x = 4.3, .y = 5.2, .radius = 1.0, .fx = 1000.0, .fy = 300.0};
    assert_int_equal(eddy_fluid_add_stir(f, &st), EDDY_OK);
    double dt = 1e-3;
    assert_int_equal(eddy_fluid_step(f, dt), EDDY_OK);
    double got = eddy_fluid_coefficients(f)[MODES];
    eddy_mac mac = eddy_mac_make(W, H, N, N);
    const double *R = g_jet->grid_modes;
    double sum = 0.0;
    for (int s = 0; s < eddy_mac_size(&mac); ++s) {
        double x, y;
        int comp = eddy_mac_position(&mac, s, &x, &y);
        double t = 1.0 - ((x - st.x) * (x - st.x) + (y - st.y) * (y - st.y));
        if (t > 0) sum += eddy_mac_weight(&mac, s) * t * t * (comp ? st.fy : st.fx) * R[s];
    }
    double want = dt / 1000.0 * sum;
    print_message("stir on the jet mode: %.10e (sum over all faces %.10e)\n", got, want);
    assert_true(fabs(got) > 1e-6);
    /* the step's advection moves it by O(dt |r|^2), far below this */
    assert_true(fabs(got - want) < 1e-6 * fabs(want));
    eddy_fluid_destroy(f);
}

/* ------------------------------------------------------------ POD (5.2) */

/* Two divergence-free fields F1, F2 (projected vortices) and snapshots
 * a_t F1 + b_t F2: POD must find exactly two directions spanning them. */
static void pod_recovers_a_rank_two_family(void **state)
{
    (void)state;
    const int n32 = 32, frames = 30;
    eddy_mac mac = eddy_mac_make(W, H, n32, n32);
    size_t n = (size_t)eddy_mac_size(&mac);
    double *F = malloc(2 * n * sizeof *F);
    paint_vortex(F, &mac, 3.0, 6.5, 0.8, 2.0);
    paint_vortex(F + n, &mac, 7.0, 3.0, 0.5, -3.0);
    eddy_grid_solver *s = make_solver(n32);
    assert_int_equal(eddy_grid_project(s, F, NULL), EDDY_OK);
    assert_int_equal(eddy_grid_project(s, F + n, NULL), EDDY_OK);
    eddy_grid_solver_destroy(s);

    for (int variant = 0; variant < 3; ++variant) {
        /* 0: exact family; 1: plus noise at 1e-12 (below the threshold);
         * 2: plus noise at 1e-5 (above it) */
        const double noise[3] = {0.0, 1e-12, 1e-5};
        eddy_mode_set *snaps = make_set("rec", frames, n32, n32);
        eddy_mode_set_assign_kind(snaps, EDDY_MODE_SNAPSHOTS, NULL);
        uint64_t seed = 99;
        for (int t = 0; t < frames; ++t) {
            double a = cos(0.3 * t), b = sin(0.7 * t) + 0.2;
            double *x = eddy_mode_set_field(snaps, t);
            for (size_t q = 0; q < n; ++q)
                x[q] = a * F[q] + b * F[n + q] + noise[variant] * test_random(&seed);
        }
        const eddy_mode_set *sets[1] = {snaps};
        eddy_build_report rep;
        eddy_asset *a = build_enriched(NULL, 0, sets, 1, 5, 20, n32, &rep);
        print_message("POD (noise %g): %d snapshots, rank %d, kept %d (energy %.15f), grid modes %d\n",
                      noise[variant], rep.snapshot_fields, rep.snapshot_rank, rep.pod_kept,
                      rep.pod_energy, rep.grid_modes);
        assert_int_equal(rep.snapshot_fields, frames);
        assert_int_equal(rep.snapshot_skipped, 0);
        if (variant < 2) {
            assert_int_equal(rep.snapshot_rank, 2);
            assert_int_equal(rep.pod_kept, 2);
            assert_int_equal(rep.grid_modes, 2);
            assert_true(rep.pod_energy > 1.0 - 1e-12);
            /* span(E, R) holds F1 and F2; R spans exactly their part outside E */
            double *B = basis_fields(a, &mac);
            double c1 = captured(&mac, B, a->mode_count, F), c2 = captured(&mac, B, a->mode_count, F + n);
            double e1 = captured(&mac, B, a->eigen_count, F);
            print_message("  F1: eigenmodes %.4f%%, enriched %.12f%%; F2 enriched %.12f%%\n",
                          100 * e1, 100 * c1, 100 * c2);
            assert_true(1.0 - c1 < 1e-12 && 1.0 - c2 < 1e-12);
            /* Subspace angle: each R direction lies in the deflated span of
             * F1, F2 (orthonormalised here independently). */
            double *G = malloc(2 * n * sizeof *G);
            memcpy(G, F, 2 * n * sizeof *G);
            for (int g2 = 0; g2 < 2; ++g2) {
                double *v = G + (size_t)g2 * n;
                for (int pass = 0; pass < 2; ++pass)
                    for (int b = 0; b < a->eigen_count + g2; ++b) {
                        const double *u = b < a->eigen_count ? B + (size_t)b * n : G + (size_t)(b - a->eigen_count) * n;
                        double d = eddy_mac_dot(&mac, u, v);
                        for (size_t q = 0; q < n; ++q) v[q] -= d * u[q];
                    }
                double len = sqrt(eddy_mac_dot(&mac, v, v));
                for (size_t q = 0; q < n; ++q) v[q] /= len;
            }
            double worst = 0.0;
            for (int m = 0; m < 2; ++m) {
                const double *R = B + (size_t)(a->eigen_count + m) * n;
                double c = captured(&mac, G, 2, R);
                worst = fmax(worst, acos(fmin(1.0, sqrt(c))));
            }
            print_message("  largest angle between R and the deflated family: %.2e rad\n", worst);
            assert_true(worst < 1e-6);
            free(G);
            free(B);
        } else {
            assert_true(rep.snapshot_rank > 2);
            assert_int_equal(rep.pod_kept, 5); /* K caps what is taken */
            assert_int_equal(rep.grid_modes, 5);
        }
        eddy_asset_destroy(a);
        eddy_mode_set_destroy(snaps);
    }
    free(F);
}

/* Painted fields that are (nearly) copies: the threshold EDDY_ENRICH_RANK_TOL
 * decides whether the difference is a direction of its own. Each field keeps
 * its own name, projection and fractions either way. */
static void rank_threshold_drops_near_copies(void **state)
{
    (void)state;
    const int n32 = 32;
    eddy_mac mac = eddy_mac_make(W, H, n32, n32);
    size_t n = (size_t)eddy_mac_size(&mac);
    double *other = malloc(n * sizeof *other);
    paint_vortex(other, &mac, 6.0, 6.0, 0.6, 1.0);
    const double eps[2] = {1e-11, 1e-5};
    for (int v = 0; v < 2; ++v) {
        eddy_mode_set *set = make_set("pair", 2, n32, n32);
        paint_jet(set, 0, 1.0);
        paint_jet(set, 1, 1.0);
        double *second = eddy_mode_set_field(set, 1);
        for (size_t q = 0; q < n; ++q) second[q] += eps[v] * other[q];
        const eddy_mode_set *sets[1] = {set};
        eddy_build_report rep;
        eddy_asset *a = build_enriched(sets, 1, NULL, 0, 0, 20, n32, &rep);
        print_message("copies differing by %g: rank %d, grid modes %d\n", eps[v], rep.artist_rank,
                      rep.grid_modes);
        assert_int_equal(rep.artist_fields, 2);
        assert_int_equal(rep.artist_rank, v == 0 ? 1 : 2);
        assert_int_equal(rep.grid_modes, v == 0 ? 1 : 2);
        assert_int_equal(eddy_asset_artist_count(a), 2);
        assert_string_equal(eddy_asset_artist_name(a, 0), "pair.0");
        assert_string_equal(eddy_asset_artist_name(a, 1), "pair.1");
        double eig, all;
        assert_int_equal(eddy_asset_artist_capture(a, 1, &eig, &all), EDDY_OK);
        assert_true(all > 1.0 - 1e-9);
        eddy_asset_destroy(a);
        eddy_mode_set_destroy(set);
    }
    free(other);
}

/* A field the eigenmodes already hold adds no grid mode but is still an
 * artist mode (no GMOD, an ARTP), captured fully by the eigenmodes. */
static void eigenmode_painting_adds_no_grid_mode(void **state)
{
    (void)state;
    const int n32 = 32;
    eddy_mode_set *set = make_set("swirl", 1, n32, n32);
    eddy_mac mac = eddy_mac_make(W, H, n32, n32);
    eddy_box_mode m[20];
    assert_int_equal(eddyi_box_select_modes(W, H, 20, m, NULL), EDDY_OK);
    eddyi_box_sample_curl(&m[3], &mac, eddy_mode_set_field(set, 0));
    const eddy_mode_set *sets[1] = {set};
    eddy_build_report rep;
    eddy_asset *a = build_enriched(sets, 1, NULL, 0, 0, 20, n32, &rep);
    assert_int_equal(rep.grid_modes, 0);
    assert_int_equal(a->mode_count, 20);
    assert_true(a->viscosity_diagonal);
    double eig, all;
    assert_int_equal(eddy_asset_artist_capture(a, 0, &eig, &all), EDDY_OK);
    print_message("painted eigenmode: eigenmodes %.15f, enriched %.15f\n", eig, all);
    assert_true(eig > 1.0 - 1e-12 && all == eig);
    const double *p = eddy_asset_artist_projection(a, 0);
    double scale = sqrt(eddy_mac_dot(&mac, eddy_mode_set_field_const(set, 0),
                                     eddy_mode_set_field_const(set, 0)));
    assert_true(fabs(p[3] - scale) < 1e-12 * scale);
    eddy_asset_destroy(a);
    eddy_mode_set_destroy(set);
}

/* ------------------------------------------------------------ asset files */

static void assert_same_enriched(const eddy_asset *a, const eddy_asset *b)
{
    assert_int_equal(a->mode_count, b->mode_count);
    assert_int_equal(a->eigen_count, b->eigen_count);
    assert_int_equal(a->grid_count, b->grid_count);
    assert_true(a->viscosity_diagonal == b->viscosity_diagonal);
    size_t r = (size_t)a->mode_count;
    assert_memory_equal(a->viscosity, b->viscosity, r * r * sizeof(double));
    assert_int_equal(a->tensor.nnz, b->tensor.nnz);
    assert_memory_equal(a->tensor.value, b->tensor.value, (size_t)a->tensor.nnz * sizeof(double));
    eddy_mac mac = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    assert_memory_equal(a->grid_modes, b->grid_modes,
                        (size_t)a->grid_count * (size_t)eddy_mac_size(&mac) * sizeof(double));
    assert_int_equal(a->artist_count, b->artist_count);
    for (int at = 0; at < a->artist_count; ++at)
        assert_string_equal(a->artist_names[at], b->artist_names[at]);
    assert_memory_equal(a->artist_capture, b->artist_capture, 2 * (size_t)a->artist_count * sizeof(double));
    assert_memory_equal(a->artist_projection, b->artist_projection,
                        (size_t)a->artist_count * r * sizeof(double));
}

static void round_trip_with_grid_modes_is_bit_exact(void **state)
{
    (void)state;
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(g_jet, &data, &size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_memory(data, size, &b, &err), EDDY_OK);
    assert_same_enriched(g_jet, b);
    unsigned char *again;
    size_t again_size;
    assert_int_equal(eddy_asset_encode(b, &again, &again_size, NULL), EDDY_OK);
    assert_int_equal(again_size, size);
    assert_memory_equal(again, data, size);
    /* fluids from either step identically */
    eddy_fluid *fa = test_make_fluid(g_jet, 1e-3), *fb = test_make_fluid(b, 1e-3);
    eddy_fluid_excite(fa, 0, 1.0), eddy_fluid_excite(fb, 0, 1.0);
    for (int s = 0; s < 50; ++s) eddy_fluid_step(fa, 0.02), eddy_fluid_step(fb, 0.02);
    assert_memory_equal(eddy_fluid_coefficients(fa), eddy_fluid_coefficients(fb),
                        (size_t)g_jet->mode_count * sizeof(double));
    /* the file lists GMOD and ARTP (and QTRE, the quadtree table every asset
     * has); a pure-eigen asset has neither GMOD nor ARTP */
    char path[] = "/tmp/eddy-enrich-XXXXXX";
    close(mkstemp(path));
    assert_int_equal(eddy_asset_save_file(g_jet, path, &err), EDDY_OK);
    eddy_file_section sec[16];
    int count = 0;
    assert_int_equal(eddy_file_sections(path, sec, 16, &count, &err), EDDY_OK);
    assert_int_equal(count, 7);
    assert_string_equal(sec[4].tag, "GMOD");
    assert_string_equal(sec[5].tag, "ARTP");
    assert_string_equal(sec[6].tag, "QTRE");
    eddy_asset *plain = test_build_asset(W, H, 16, 16, 10);
    assert_int_equal(eddy_asset_save_file(plain, path, &err), EDDY_OK);
    assert_int_equal(eddy_file_sections(path, sec, 16, &count, &err), EDDY_OK);
    assert_int_equal(count, 5);
    for (int i = 0; i < count; ++i) assert_true(strcmp(sec[i].tag, "GMOD") && strcmp(sec[i].tag, "ARTP"));
    eddy_asset_info info;
    eddy_asset_get_info(plain, &info);
    assert_int_equal(info.grid_mode_count, 0);
    assert_int_equal(info.artist_count, 0);
    unlink(path);
    eddy_asset_destroy(plain);
    eddy_fluid_destroy(fa), eddy_fluid_destroy(fb);
    eddy_asset_destroy(b);
    free(data), free(again);
}

static void builds_are_deterministic(void **state)
{
    (void)state;
    const int n16 = 16;
    eddy_mode_set *set = make_set("jet", 1, n16, n16);
    paint_jet(set, 0, 1.0);
    const eddy_mode_set *sets[1] = {set};
    eddy_asset *a = build_enriched(sets, 1, NULL, 0, 0, 12, n16, NULL);
    eddy_asset *b = build_enriched(sets, 1, NULL, 0, 0, 12, n16, NULL);
    unsigned char *da, *db;
    size_t sa, sb;
    assert_int_equal(eddy_asset_encode(a, &da, &sa, NULL), EDDY_OK);
    assert_int_equal(eddy_asset_encode(b, &db, &sb, NULL), EDDY_OK);
    assert_int_equal(sa, sb);
    assert_memory_equal(da, db, sa);
    free(da), free(db);
    eddy_asset_destroy(a), eddy_asset_destroy(b);
    eddy_mode_set_destroy(set);
}

/* Re-encodes a valid small enriched asset with one section replaced. */
typedef struct sections {
    eddy_section s[8];
    int count;
    uint8_t *file;
} sections;

static sections *g_small; /* a 16 x 16, 6 + grid modes asset, split into sections */

static void load_sections(sections *out, const eddy_asset *a)
{
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &out->file, &size, NULL), EDDY_OK);
    eddy_container c;
    assert_int_equal(eddyi_container_decode(out->file, size, EDDY_FOURCC('A', 'S', 'S', 'T'),
                                           EDDY_ASSET_VERSION, &c, NULL), EDDY_OK);
    out->count = c.count;
    for (int q = 0; q < c.count; ++q) out->s[q] = c.sections[q];
}

static int section_index(const sections *s, const char *tag)
{
    for (int q = 0; q < s->count; ++q)
        if (s->s[q].tag == EDDY_FOURCC(tag[0], tag[1], tag[2], tag[3])) return q;
    fail_msg("no section %s", tag);
    return -1;
}

/* Loads the sections with section `tag` replaced by data (or dropped if
 * data is NULL); returns the result and the message. */
static eddy_result load_with(const char *tag, const void *data, size_t size, eddy_error *err)
{
    sections s = *g_small;
    int at = section_index(&s, tag);
    if (data) {
        s.s[at].data = data;
        s.s[at].size = size;
    } else {
        s.s[at] = s.s[--s.count];
    }
    uint8_t *file;
    size_t file_size;
    assert_int_equal(eddyi_container_encode(EDDY_FOURCC('A', 'S', 'S', 'T'), EDDY_ASSET_VERSION, s.s,
                                           s.count, &file, &file_size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    err->message[0] = 0;
    eddy_result res = eddy_asset_load_memory(file, file_size, &b, err);
    assert_true(res == EDDY_OK || b == NULL);
    eddy_asset_destroy(b);
    free(file);
    return res;
}

static void expect_refused(const char *tag, const void *data, size_t size, const char *word,
                           const char *what)
{
    eddy_error err = {0};
    eddy_result res = load_with(tag, data, size, &err);
    if (res != EDDY_ERR_FORMAT) fail_msg("%s: loaded (result %d)", what, res);
    if (!strstr(err.message, word)) fail_msg("%s: message '%s' lacks '%s'", what, err.message, word);
}

static void malformed_grid_and_artist_sections_are_refused(void **state)
{
    (void)state;
    const int n16 = 16;
    eddy_mode_set *set = make_set("jet", 2, n16, n16);
    paint_jet(set, 0, 1.0);
    eddy_mac mac = eddy_mac_make(W, H, n16, n16);
    paint_vortex(eddy_mode_set_field(set, 1), &mac, 4, 4, 1, 1);
    const eddy_mode_set *sets[1] = {set};
    eddy_asset *a = build_enriched(sets, 1, NULL, 0, 0, 6, n16, NULL);
    sections small;
    load_sections(&small, a);
    g_small = &small;
    eddy_error err = {0};
    eddy_result base = load_with("GMOD", small.s[section_index(&small, "GMOD")].data,
                                 small.s[section_index(&small, "GMOD")].size, &err);
    if (base != EDDY_OK) fail_msg("the unmodified sections do not load: %s", err.message);

    /* GMOD */
    const eddy_section *gm = &small.s[section_index(&small, "GMOD")];
    size_t gsize = gm->size;
    uint8_t *g = malloc(gsize + 8);
    memcpy(g, gm->data, gsize);
    expect_refused("GMOD", NULL, 0, "GMOD", "missing GMOD");
    expect_refused("GMOD", g, gsize - 8, "GMOD", "short GMOD");
    expect_refused("GMOD", g, gsize + 8, "GMOD", "long GMOD");
    g[0] ^= 1; /* count off by one */
    expect_refused("GMOD", g, gsize, "grid modes", "GMOD count");
    g[0] ^= 1;
    double nan = NAN, one = 1.0, saved;
    size_t inner = 4 + 8 * (size_t)eddy_mac_u(&mac, 3, 5); /* an interior u sample of mode 0 */
    memcpy(&saved, g + inner, 8);
    memcpy(g + inner, &nan, 8);
    expect_refused("GMOD", g, gsize, "non-finite", "NaN in GMOD");
    memcpy(g + inner, &saved, 8);
    size_t wall = 4 + 8 * (size_t)eddy_mac_u(&mac, 0, 5);
    memcpy(g + wall, &one, 8);
    expect_refused("GMOD", g, gsize, "wall", "flow through a wall");
    free(g);

    /* ARTP: count u32, then name length u32 = 5, "jet.0" padded to 8, two
     * fractions, r projections, then the second artist. */
    const eddy_section *ap = &small.s[section_index(&small, "ARTP")];
    size_t asize = ap->size;
    uint8_t *t = malloc(asize + 16);
    memcpy(t, ap->data, asize);
    uint32_t v32;
    memcpy(&v32, t, 4);
    assert_int_equal(v32, 2);
    v32 = 0, memcpy(t, &v32, 4);
    expect_refused("ARTP", t, asize, "artist modes", "zero artists");
    v32 = 1000000, memcpy(t, &v32, 4);
    expect_refused("ARTP", t, asize, "artist modes", "absurd artist count");
    v32 = 2, memcpy(t, &v32, 4);
    expect_refused("ARTP", t, asize - 8, "ARTP", "short ARTP");
    memset(t + asize, 0, 8);
    expect_refused("ARTP", t, asize + 8, "trailing", "long ARTP");
    v32 = 0, memcpy(t + 4, &v32, 4);
    expect_refused("ARTP", t, asize, "name", "empty name");
    v32 = EDDY_ARTIST_NAME_MAX + 1, memcpy(t + 4, &v32, 4);
    expect_refused("ARTP", t, asize, "name", "long name");
    v32 = 5, memcpy(t + 4, &v32, 4);
    t[9] = 0x07;
    expect_refused("ARTP", t, asize, "control", "control byte in a name");
    t[9] = 'e';
    t[15] = 'x';
    expect_refused("ARTP", t, asize, "padded", "dirty padding");
    t[15] = 0;
    t[12] = '1'; /* "jet.1" twice */
    expect_refused("ARTP", t, asize, "two artist modes", "duplicate names");
    t[12] = '0';
    double frac, big = 1.5;
    memcpy(&frac, t + 16, 8);
    memcpy(t + 16, &big, 8);
    expect_refused("ARTP", t, asize, "fractions", "eigen fraction above one");
    memcpy(t + 16, &frac, 8);
    memcpy(t + 24, &big, 8);
    expect_refused("ARTP", t, asize, "fractions", "enriched fraction above one");
    memcpy(t + 24, &frac, 8);
    memcpy(t + 32, &nan, 8);
    expect_refused("ARTP", t, asize, "non-finite", "NaN projection");
    memcpy(t + 32, &frac, 8);
    assert_int_equal(load_with("ARTP", t, asize, &err), EDDY_OK); /* all restored */
    free(t);

    /* GMOD in a pure-eigen asset */
    eddy_asset *plain = test_build_asset(W, H, n16, n16, 6);
    sections ps;
    load_sections(&ps, plain);
    ps.s[ps.count++] = *gm;
    uint8_t *file;
    size_t file_size;
    assert_int_equal(eddyi_container_encode(EDDY_FOURCC('A', 'S', 'S', 'T'), EDDY_ASSET_VERSION, ps.s,
                                           ps.count, &file, &file_size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    assert_int_equal(eddy_asset_load_memory(file, file_size, &b, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "GMOD"));
    free(file), free(ps.file);
    eddy_asset_destroy(plain);

    /* Every truncation of the enriched file is refused. */
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    for (size_t cut = 0; cut < size; cut += 7) {
        eddy_asset *c = NULL;
        assert_int_equal(eddy_asset_load_memory(data, cut, &c, &err), EDDY_ERR_FORMAT);
        assert_null(c);
    }
    free(data);
    free(small.file);
    eddy_asset_destroy(a);
    eddy_mode_set_destroy(set);
}

/* ------------------------------------------------------------ bad requests */

static void expect_build_error(const eddy_build_desc *d, eddy_result code, const char *word)
{
    eddy_asset *a = NULL;
    eddy_error err = {0};
    eddy_result res = eddy_build_asset(d, &a, &err);
    if (res != code) fail_msg("expected %s, got %s: %s", eddy_result_name(code), eddy_result_name(res), err.message);
    assert_null(a);
    if (!strstr(err.message, word)) fail_msg("message '%s' lacks '%s'", err.message, word);
}

static void bad_enrichment_requests_fail(void **state)
{
    (void)state;
    eddy_mode_set *jet = make_set("jet", 1, 16, 16), *other = make_set("jet", 1, 32, 16);
    eddy_mode_set *zero = make_set("blank", 1, 16, 16), *grad = make_set("slope", 1, 16, 16);
    paint_jet(jet, 0, 1.0);
    paint_jet(other, 0, 1.0);
    /* a pure gradient: u = x, v = y has no divergence-free part with walls */
    eddy_mac mac = eddy_mac_make(W, H, 16, 16);
    double *gf = eddy_mode_set_field(grad, 0);
    for (int s = 0; s < eddy_mac_size(&mac); ++s) {
        double x, y;
        int comp = eddy_mac_position(&mac, s, &x, &y);
        gf[s] = comp == 0 ? x - 5 : y - 5;
    }
    eddy_build_desc d = {.width = W, .height = H, .nx = 16, .ny = 16, .modes = 10};
    const eddy_mode_set *one[1] = {other};
    d.artists = one, d.artist_count = 1;
    expect_build_error(&d, EDDY_ERR_ARGUMENT, "32 x 16");
    const eddy_mode_set *twice[2] = {jet, jet};
    d.artists = twice, d.artist_count = 2;
    expect_build_error(&d, EDDY_ERR_FORMAT, "'jet'");
    const eddy_mode_set *blank[1] = {zero};
    d.artists = blank, d.artist_count = 1;
    expect_build_error(&d, EDDY_ERR_FORMAT, "'blank'");
    const eddy_mode_set *slope[1] = {grad};
    d.artists = slope;
    expect_build_error(&d, EDDY_ERR_FORMAT, "'slope'");
    d.artists = NULL, d.artist_count = 0, d.pod_modes = 3;
    expect_build_error(&d, EDDY_ERR_ARGUMENT, "pod_modes");
    const eddy_mode_set *snaps[1] = {jet};
    d.snapshots = snaps, d.snapshot_count = 1, d.pod_modes = 0;
    expect_build_error(&d, EDDY_ERR_ARGUMENT, "pod_modes");
    d.snapshots = blank, d.pod_modes = 2;
    expect_build_error(&d, EDDY_ERR_FORMAT, "snapshots");
    /* 200 eigenmodes need wave numbers >= 16 on a 16 x 16 grid */
    d.snapshots = NULL, d.snapshot_count = 0, d.pod_modes = 0;
    d.artists = snaps, d.artist_count = 1, d.modes = 200;
    expect_build_error(&d, EDDY_ERR_RANGE, "too fine");
    d.modes = 10, d.artist_count = 2, d.artists = NULL;
    expect_build_error(&d, EDDY_ERR_ARGUMENT, "artist");
    eddy_mode_set_destroy(jet), eddy_mode_set_destroy(other);
    eddy_mode_set_destroy(zero), eddy_mode_set_destroy(grad);
}

/* ------------------------------------------------------------ scenes */

static void scenes_excite_artist_modes(void **state)
{
    (void)state;
    const char *text = "{\"excite\": [{\"mode\": \"jet\", \"t0\": 0.5, \"t1\": 1.0, \"amp\": 2},"
                       " {\"mode\": \"jet\", \"amp\": -0.25}]}";
    eddy_scene *sc = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_scene_load_memory(text, strlen(text), &sc, &err), EDDY_OK);
    eddy_scene_view v;
    eddy_scene_get(sc, &v);
    assert_int_equal(v.excite_count, 2);
    assert_string_equal(v.excites[0].mode, "jet");
    assert_true(v.excites[0].t0 == 0.5 && v.excites[0].t1 == 1.0 && v.excites[0].amp == 2.0);
    assert_true(v.excites[1].t0 == 0.0 && isinf(v.excites[1].t1) && v.excites[1].amp == -0.25);
    /* written back and read again: the same scene */
    char *json = NULL;
    assert_int_equal(eddy_scene_to_json(sc, &json, &err), EDDY_OK);
    eddy_scene *again = NULL;
    assert_int_equal(eddy_scene_load_memory(json, strlen(json), &again, &err), EDDY_OK);
    eddy_scene_view w;
    eddy_scene_get(again, &w);
    assert_int_equal(w.excite_count, 2);
    assert_string_equal(w.excites[1].mode, "jet");
    assert_true(w.excites[0].amp == 2.0 && isinf(w.excites[1].t1));
    free(json);
    eddy_scene_destroy(again);

    /* Applied over time: amp is a rate, each active step adds amp dt p. */
    eddy_fluid *f = test_make_fluid(g_jet, 0.0), *ref = test_make_fluid(g_jet, 0.0);
    assert_int_equal(eddy_scene_apply_initial(sc, f, &err), EDDY_OK);
    const double dt = 0.25;
    for (int step = 0; step < 6; ++step) {
        double t = step * dt;
        assert_int_equal(eddy_scene_apply_forces(sc, f, t, &err), EDDY_OK);
        double rate = -0.25 + (t >= 0.5 && t < 1.0 ? 2.0 : 0.0);
        assert_int_equal(eddy_fluid_excite_rate(ref, 0, rate), EDDY_OK);
        eddy_fluid_step(f, dt), eddy_fluid_step(ref, dt);
    }
    int r = eddy_fluid_mode_count(f);
    for (int k = 0; k < r; ++k)
        assert_true(fabs(eddy_fluid_coefficients(f)[k] - eddy_fluid_coefficients(ref)[k]) < 1e-13);
    eddy_fluid_destroy(f), eddy_fluid_destroy(ref);
    eddy_scene_destroy(sc);

    /* An unknown name is refused when the scene meets the asset. */
    const char *bad = "{\"excite\": [{\"mode\": \"jet\", \"amp\": 1}, {\"mode\": \"jat\", \"amp\": 1}]}";
    assert_int_equal(eddy_scene_load_memory(bad, strlen(bad), &sc, &err), EDDY_OK);
    f = test_make_fluid(g_jet, 0.0);
    assert_int_equal(eddy_scene_apply_initial(sc, f, &err), EDDY_ERR_RANGE);
    print_message("%s\n", err.message);
    assert_non_null(strstr(err.message, "excite[1].mode"));
    assert_non_null(strstr(err.message, "jat"));
    assert_int_equal(eddy_scene_apply_forces(sc, f, 0.0, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "excite[1].mode"));
    eddy_fluid_destroy(f);
    eddy_scene_destroy(sc);

    /* Malformed excite entries are named. */
    const struct {
        const char *text, *word;
    } wrong[] = {
        {"{\"excite\": [{\"amp\": 1}]}", "excite[0]: missing field 'mode'"},
        {"{\"excite\": [{\"mode\": \"jet\"}]}", "excite[0]: missing field 'amp'"},
        {"{\"excite\": [{\"mode\": 3, \"amp\": 1}]}", "excite[0].mode"},
        {"{\"excite\": [{\"mode\": \"\", \"amp\": 1}]}", "excite[0].mode"},
        {"{\"excite\": [{\"mode\": \"a\\u0001b\", \"amp\": 1}]}", "excite[0].mode"},
        {"{\"excite\": [{\"mode\": \"jet\", \"amp\": 1, \"t0\": 2, \"t1\": 1}]}", "excite[0].t1"},
        {"{\"excite\": [{\"mode\": \"jet\", \"amp\": 1, \"speed\": 1}]}", "excite[0].speed"},
        {"{\"excite\": {\"mode\": \"jet\"}}", "excite"},
    };
    for (size_t q = 0; q < sizeof wrong / sizeof wrong[0]; ++q) {
        eddy_scene *s2 = NULL;
        assert_int_equal(eddy_scene_load_memory(wrong[q].text, strlen(wrong[q].text), &s2, &err),
                         EDDY_ERR_FORMAT);
        if (!strstr(err.message, wrong[q].word))
            fail_msg("case %zu: '%s' lacks '%s'", q, err.message, wrong[q].word);
    }
    char longname[200] = "{\"excite\": [{\"amp\": 1, \"mode\": \"";
    size_t at = strlen(longname);
    memset(longname + at, 'x', EDDY_ARTIST_NAME_MAX + 1);
    strcpy(longname + at + EDDY_ARTIST_NAME_MAX + 1, "\"}]}");
    assert_int_equal(eddy_scene_load_memory(longname, strlen(longname), &sc, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "excite[0].mode"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(jet_needs_the_enriched_basis),
        cmocka_unit_test(basis_is_orthonormal_and_divergence_free),
        cmocka_unit_test(reduced_operators_are_consistent),
        cmocka_unit_test(enriched_inviscid_run_keeps_its_energy),
        cmocka_unit_test(excitation_adds_the_stored_projection),
        cmocka_unit_test(stirs_reach_grid_modes),
        cmocka_unit_test(pod_recovers_a_rank_two_family),
        cmocka_unit_test(rank_threshold_drops_near_copies),
        cmocka_unit_test(eigenmode_painting_adds_no_grid_mode),
        cmocka_unit_test(round_trip_with_grid_modes_is_bit_exact),
        cmocka_unit_test(builds_are_deterministic),
        cmocka_unit_test(malformed_grid_and_artist_sections_are_refused),
        cmocka_unit_test(bad_enrichment_requests_fail),
        cmocka_unit_test(scenes_excite_artist_modes),
    };
    return cmocka_run_group_tests_name("enrich", tests, setup_jet, teardown_jet);
}
