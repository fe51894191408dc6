// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_fast.c - every fast path of issue 7 against its exact counterpart:
 * the multipole far field against direct sums within its bound, its image
 * and translation rules, the vectorised near-field kernel against
 * eddyi_panel_normal_influence_near, the fast panel solve against the
 * reference solve, the Gauss-point feedback against the closed form, batched
 * point evaluation against single points, the closed-form stir against
 * quadrature, the dense tensor against the sparse one, and the whole fast
 * pipeline against the paper pipeline after many coupled steps. Speed is not
 * asserted here (bench/bench_coupled.c measures it). Printed numbers carry a
 * "fast:" prefix. */
#include "test_util.h"

#include "coupling_internal.h"
#include "eddy_coupling.h"
#include "eddy_scene.h"
#include "panel_fast.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

/* ------------------------------------------------------------ helpers */

static eddy_panel_shape build_shape(const eddy_piece *pieces, int count, double h)
{
    eddy_panel_shape_desc d = {0};
    d.name = "test";
    d.pieces = pieces;
    d.piece_count = count;
    d.spacing = h;
    eddy_panel_shape s;
    eddy_error err = {0};
    if (eddyi_panel_shape_build(&d, &s, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    return s;
}

/* A compound outline (box and disc overlapping) with zero-circulation
 * strengths: the pseudo-inverse of a random violation, placed at (x, y, angle)
 * into world-space ends. */
typedef struct group {
    eddy_panel_shape shape;
    double *ends;   /* 4 per panel, world */
    double *gamma;
    double cx, cy, radius, abs_circ;
} group;

static group make_group(double x, double y, double angle, uint64_t seed)
{
    group g;
    eddy_piece pieces[2] = {eddyi_piece_box(0.4, 0.25, 0.1, 0.0, 0.3),
                            eddyi_piece_circle(0.3, -0.25, 0.1)};
    g.shape = build_shape(pieces, 2, 0.06);
    int m = g.shape.count;
    g.ends = malloc(sizeof(double) * 4 * (size_t)m);
    g.gamma = malloc(sizeof(double) * (size_t)m);
    double *b = calloc((size_t)g.shape.rows, sizeof(double));
    for (int j = 0; j < m; ++j) b[j] = test_random(&seed);
    g.abs_circ = 0.0;
    for (int i = 0; i < m; ++i) {
        double sum = 0.0;
        for (int j = 0; j < m; ++j) sum += g.shape.pinv[(size_t)i * g.shape.rows + j] * b[j];
        g.gamma[i] = sum;
        g.abs_circ += fabs(sum) * g.shape.length[i];
    }
    double c = cos(angle), s = sin(angle);
    for (int j = 0; j < m; ++j)
        for (int e = 0; e < 2; ++e) {
            double bx = g.shape.ends[4 * j + 2 * e], by = g.shape.ends[4 * j + 2 * e + 1];
            g.ends[4 * j + 2 * e] = x + c * bx - s * by;
            g.ends[4 * j + 2 * e + 1] = y + s * bx + c * by;
        }
    g.cx = x, g.cy = y, g.radius = g.shape.radius;
    free(b);
    return g;
}

static void free_group(group *g)
{
    eddyi_panel_shape_free(&g->shape);
    free(g->ends), free(g->gamma);
}

/* u - i v of a group by direct summation of 5.11 (out: Re, Im). */
static void direct_field(const double *ends, const double *gamma, int m, double x, double y,
                         double out[2])
{
    double u = 0.0, v = 0.0;
    for (int j = 0; j < m; ++j) {
        double uv[2];
        const double *e = &ends[4 * j];
        eddyi_panel_velocity(e[0], e[1], e[2], e[3], gamma[j], x, y, uv);
        u += uv[0], v += uv[1];
    }
    out[0] = u, out[1] = -v;
}

/* ------------------------------------------------------------ far field */

static void multipole_within_its_bound(void **state)
{
    (void)state;
    group g = make_group(3.0, 2.0, 0.7, 11);
    int m = g.shape.count;
    double coef[2 * EDDY_FAR_P_MAX];
    eddyi_far_multipole_direct(g.ends, g.gamma, m, g.cx, g.cy, EDDY_FAR_P_MAX, coef);
    /* zero circulation (5.15): a_1 vanishes */
    assert_true(hypot(coef[0], coef[1]) < 1e-14 * g.abs_circ);
    const double rhos[] = {0.15, 0.3, 0.5, 0.7};
    double worst_ratio = 0.0;
    for (int r = 0; r < 4; ++r) {
        double dist = g.radius / rhos[r];
        for (int p = 1; p <= EDDY_FAR_P_MAX; ++p) {
            double bound = g.abs_circ / (2 * PI * dist) * pow(rhos[r], p) / (1 - rhos[r]);
            for (int a = 0; a < 24; ++a) {
                double x = g.cx + dist * cos(a * PI / 12 + 0.1), y = g.cy + dist * sin(a * PI / 12 + 0.1);
                double exact[2], approx[2];
                direct_field(g.ends, g.gamma, m, x, y, exact);
                eddyi_far_multipole_eval(coef, p, g.cx, g.cy, x, y, approx);
                double err = hypot(exact[0] - approx[0], exact[1] - approx[1]);
                assert_true(err <= bound + 1e-14 * g.abs_circ);
                if (bound > 1e-12 * g.abs_circ) worst_ratio = fmax(worst_ratio, err / bound);
            }
        }
    }
    print_message("fast: multipole error / bound at most %.3f over 4 distances and orders 1..%d\n",
                  worst_ratio, EDDY_FAR_P_MAX);
    /* the order rule: rho^p / (1 - rho) <= tol */
    assert_int_equal(eddyi_far_order(0.5, 1e-4), 15);
    assert_true(eddyi_far_order(0.99, 1e-12) > EDDY_FAR_P_MAX);
    free_group(&g);
}

static void multipole_rotation_mirror_and_shift(void **state)
{
    (void)state;
    const int p = 16;
    group g = make_group(2.0, 1.5, 0.9, 5);
    int m = g.shape.count;
    double world[2 * EDDY_FAR_P_MAX], body[2 * EDDY_FAR_P_MAX];
    eddyi_far_multipole_direct(g.ends, g.gamma, m, g.cx, g.cy, p, world);
    eddyi_far_multipole_direct(g.shape.ends, g.gamma, m, 0.0, 0.0, p, body);
    double scale = 0.0, worst = 0.0;
    for (int k = 1; k <= p; ++k) { /* a_k(world) = e^(i (k-1) theta) a_k(body) */
        double c = cos((k - 1) * 0.9), s = sin((k - 1) * 0.9);
        double br = body[2 * (k - 1)], bi = body[2 * (k - 1) + 1];
        worst = fmax(worst, hypot(world[2 * (k - 1)] - (br * c - bi * s),
                                  world[2 * (k - 1) + 1] - (br * s + bi * c)));
        scale = fmax(scale, hypot(br, bi));
    }
    assert_true(worst <= 1e-13 * scale);
    /* images (5.3.3): ends mirrored, order kept, strength -gamma across one
     * wall and +gamma across two */
    double *mends = malloc(sizeof(double) * 4 * (size_t)m), *mg = malloc(sizeof(double) * (size_t)m);
    const double wx = 0.0, wy = 10.0;
    for (int mirror = 1; mirror <= 3; ++mirror) {
        bool mx = mirror & 1, my = mirror & 2;
        for (int j = 0; j < 4 * m; j += 2) {
            mends[j] = mx ? 2 * wx - g.ends[j] : g.ends[j];
            mends[j + 1] = my ? 2 * wy - g.ends[j + 1] : g.ends[j + 1];
        }
        for (int j = 0; j < m; ++j) mg[j] = (mx != my) ? -g.gamma[j] : g.gamma[j];
        double direct[2 * EDDY_FAR_P_MAX], rule[2 * EDDY_FAR_P_MAX];
        eddyi_far_multipole_direct(mends, mg, m, mx ? 2 * wx - g.cx : g.cx, my ? 2 * wy - g.cy : g.cy,
                                  p, direct);
        eddyi_far_mirror(world, p, mirror, rule);
        double diff = 0.0;
        for (int k = 0; k < 2 * p; ++k) diff = fmax(diff, fabs(direct[k] - rule[k]));
        /* a_1 is the total circulation, zero up to round-off of the sums */
        assert_true(diff <= 1e-12 * scale);
    }
    /* moving the centre: the first p coefficients about c' follow from the
     * first p about c */
    double shifted[2 * EDDY_FAR_P_MAX] = {0}, about[2 * EDDY_FAR_P_MAX];
    double ccx = g.cx + 0.3, ccy = g.cy - 0.2;
    eddyi_far_shift_add(world, p, g.cx - ccx, g.cy - ccy, shifted);
    eddyi_far_multipole_direct(g.ends, g.gamma, m, ccx, ccy, p, about);
    double diff = 0.0, big = 0.0;
    for (int k = 0; k < 2 * p; ++k) {
        diff = fmax(diff, fabs(shifted[k] - about[k]));
        big = fmax(big, fabs(about[k]));
    }
    print_message("fast: rotation rule %.1e, moved centre %.1e (relative)\n", worst / scale,
                  diff / big);
    assert_true(diff <= 1e-12 * big);
    free(mends), free(mg);
    free_group(&g);
}

/* The local expansion (M2L) of a group's multipole about a target disc
 * keeps within the bound of panel_farfield.c for every pair of orders, at
 * targets spread over the disc, against the direct sum of 5.11. */
static void local_expansion_within_its_bound(void **state)
{
    (void)state;
    group g = make_group(3.0, 2.0, 0.7, 17);
    int m = g.shape.count;
    double coef[2 * EDDY_FAR_P_MAX], table[EDDY_FAR_BINOMIALS];
    eddyi_far_multipole_direct(g.ends, g.gamma, m, g.cx, g.cy, EDDY_FAR_P_MAX, coef);
    eddyi_far_local_binomials(table);
    /* the table is C(k + l - 1, l), twice, against the product formula */
    for (int l = 0; l < EDDY_FAR_P_MAX; ++l)
        for (int k = 1; k <= EDDY_FAR_P_MAX; ++k) {
            double c = 1.0;
            for (int i = 1; i <= l; ++i) c = c * (k - 1 + i) / i;
            const double *pair = &table[2 * (l * (EDDY_FAR_P_MAX + 1) + k - 1)];
            assert_true(pair[0] == c && pair[1] == c);
        }
    /* (rho, sigma): the source and target radii over the distance */
    const double cases[][2] = {{0.3, 0.2}, {0.45, 0.05}, {0.1, 0.4}, {0.25, 0.25}, {0.6, 0.3}};
    double worst_ratio = 0.0;
    int checked = 0;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        double rho = cases[c][0], sigma = cases[c][1], dist = g.radius / rho, rt = sigma * dist;
        double tx = g.cx + dist * cos(2.1), ty = g.cy + dist * sin(2.1);
        for (int p = 1; p <= EDDY_FAR_P_MAX; p += 3)
            for (int q = 0; q < EDDY_FAR_P_MAX; q += 3) {
                double b[2 * EDDY_FAR_P_MAX] = {0};
                eddyi_far_local_add(coef, p, tx - g.cx, ty - g.cy, q, table, b);
                double bound = g.abs_circ / (2 * PI * dist * (1 - rho - sigma)) *
                               (pow(rho / (1 - sigma), p) + pow(sigma / (1 - rho), q + 1));
                for (int a = 0; a < 16; ++a) { /* on the disc's rim and half way in */
                    double r = (a % 2 ? 1.0 : 0.5) * rt, phi = a * PI / 8 + 0.2;
                    double x = tx + r * cos(phi), y = ty + r * sin(phi), exact[2], approx[2];
                    direct_field(g.ends, g.gamma, m, x, y, exact);
                    eddyi_far_local_eval(b, q, tx, ty, x, y, approx);
                    double err = hypot(exact[0] - approx[0], exact[1] - approx[1]);
                    assert_true(err <= bound + 1e-13 * g.abs_circ);
                    if (bound > 1e-12 * g.abs_circ) worst_ratio = fmax(worst_ratio, err / bound);
                    ++checked;
                }
            }
    }
    print_message("fast: local expansion error / bound at most %.3f over %d targets, orders "
                  "p, q up to %d\n", worst_ratio, checked, EDDY_FAR_P_MAX);
    /* the order rule of the local expansions: the fewest n with x^n <= limit */
    assert_int_equal(eddyi_far_order_within(0.5, 1e-4), 14);
    assert_int_equal(eddyi_far_order_within(0.0, 1e-4), 1);
    assert_true(eddyi_far_order_within(0.99, 1e-12) > EDDY_FAR_P_MAX);
    free_group(&g);
}

/* ------------------------------------------------------------ near field */

static void kernel_matches_the_reference(void **state)
{
    (void)state;
    uint64_t seed = 3;
    const double e[4] = {0.2, -0.1, 0.35, -0.08};
    double worst = 0.0, big = 0.0;
    for (int i = 0; i < 400000; ++i) {
        double x = 0.275 + 0.6 * test_random(&seed), y = -0.09 + 0.6 * test_random(&seed);
        if (i % 7 == 0) { /* on the panel's line, on and beside the panel */
            double t = 1.5 * test_random(&seed) + 0.5;
            x = e[0] + t * (e[2] - e[0]), y = e[1] + t * (e[3] - e[1]);
        }
        double nx = test_random(&seed), ny = test_random(&seed), nn = hypot(nx, ny);
        nx /= nn, ny /= nn;
        double a = eddyi_panel_fast_normal_influence(e[0], e[1], e[2], e[3], x, y, nx, ny);
        double b = eddyi_panel_normal_influence_near(e[0], e[1], e[2], e[3], x, y, nx, ny);
        worst = fmax(worst, fabs(a - b));
        big = fmax(big, fabs(b));
    }
    print_message("fast: near-field kernel vs reference, max diff %.1e of max %.2f\n", worst, big);
    assert_true(worst <= 1e-15 * big);
}

/* ------------------------------------------------------------ the solve */

typedef struct layout {
    const char *name;
    int count;
    double body[6][3]; /* x, y, angle */
    int shape[6];      /* 0 box, 1 disc, 2 triangle */
} layout;

static void linear_flow(void *user, int n, const double *xy, double *uv)
{
    (void)user;
    for (int i = 0; i < n; ++i) {
        uv[2 * i] = 1.0 + 0.2 * xy[2 * i + 1];
        uv[2 * i + 1] = 0.3 - 0.1 * xy[2 * i];
    }
}

static eddy_panel_world *make_world(double tol, bool fast, const eddy_panel_shape *shapes,
                                    const layout *l)
{
    eddy_panel_world_desc d = {0};
    d.width = 6, d.height = 4, d.max_bodies = 8, d.max_panels = 2000;
    d.tolerance = tol, d.max_iterations = 1000, d.fast = fast;
    eddy_panel_world *w;
    eddy_error err;
    assert_int_equal(eddyi_panel_world_create(&d, &w, &err), EDDY_OK);
    for (int b = 0; b < l->count; ++b) {
        int index;
        assert_int_equal(eddyi_panel_world_add_body(w, &shapes[l->shape[b]], &index, &err), EDDY_OK);
        eddy_panel_body_state st = {l->body[b][0], l->body[b][1], l->body[b][2], 0.1 * b, -0.2, 0.3};
        assert_int_equal(eddyi_panel_world_set_state(w, index, &st, &err), EDDY_OK);
    }
    return w;
}

static double relative_difference(const double *a, const double *b, int n)
{
    double num = 0.0, den = 0.0;
    for (int i = 0; i < n; ++i) num += (a[i] - b[i]) * (a[i] - b[i]), den += b[i] * b[i];
    return den > 0.0 ? sqrt(num / den) : sqrt(num);
}

static void fast_solve_matches_reference(void **state)
{
    (void)state;
    eddy_piece box = eddyi_piece_box(0.3, 0.2, 0, 0, 0), disc = eddyi_piece_circle(0.25, 0, 0);
    const double tri[3][2] = {{-0.3, -0.2}, {0.3, -0.2}, {0.0, 0.3}};
    eddy_piece triangle = eddyi_piece_polygon(3, tri);
    eddy_panel_shape shapes[3] = {build_shape(&box, 1, 0.06), build_shape(&disc, 1, 0.06),
                                  build_shape(&triangle, 1, 0.06)};
    const layout layouts[] = {
        {"apart", 4, {{1, 1, 0.2}, {3, 2.2, 0}, {5, 1.2, 1}, {2.5, 3.1, 2}}, {0, 1, 2, 0}},
        {"touching", 3, {{2, 2, 0}, {2.55, 2, 0}, {3.02, 2.1, 0.5}}, {1, 1, 0}},
        {"walls and corner", 4, {{0.32, 2, 0.1}, {5.7, 0.3, 0.4}, {3, 3.75, 0}, {3, 1.5, 0}},
         {0, 2, 1, 0}},
        {"crowd", 6, {{1.5, 1.5, 0}, {2.1, 1.6, 1}, {1.8, 2.2, 2}, {4, 2, 0.3}, {4.6, 2.1, 0}, {4.3, 2.7, 1}},
         {0, 1, 2, 1, 0, 2}},
    };
    for (size_t k = 0; k < sizeof layouts / sizeof layouts[0]; ++k) {
        const layout *l = &layouts[k];
        double diff[2];
        int sweeps[2][2];
        const double tols[2] = {1e-12, 1e-4};
        for (int t = 0; t < 2; ++t) {
            eddy_panel_world *ref = make_world(tols[t], false, shapes, l);
            eddy_panel_world *fast = make_world(tols[t], true, shapes, l);
            eddy_panel_report rr, rf;
            eddy_error err;
            assert_int_equal(eddyi_panel_world_solve(ref, linear_flow, NULL, &rr, &err), EDDY_OK);
            assert_int_equal(eddyi_panel_world_solve(fast, linear_flow, NULL, &rf, &err), EDDY_OK);
            assert_true(rr.converged && rf.converged);
            assert_int_equal(rr.image_panels, rf.image_panels);
            diff[t] = relative_difference(fast->strength, ref->strength, ref->source_count);
            sweeps[t][0] = rr.iterations, sweeps[t][1] = rf.iterations;
            /* a second, warm solve after everything moved a little */
            for (int b = 0; b < l->count; ++b) {
                eddy_panel_body_state st = {l->body[b][0] + 0.004, l->body[b][1] - 0.003,
                                            l->body[b][2] + 0.01, 0.1 * b, -0.2, 0.3};
                eddyi_panel_world_set_state(ref, b, &st, &err);
                eddyi_panel_world_set_state(fast, b, &st, &err);
            }
            assert_int_equal(eddyi_panel_world_solve(ref, linear_flow, NULL, &rr, &err), EDDY_OK);
            assert_int_equal(eddyi_panel_world_solve(fast, linear_flow, NULL, &rf, &err), EDDY_OK);
            double warm = relative_difference(fast->strength, ref->strength, ref->source_count);
            diff[t] = fmax(diff[t], warm);
            eddyi_panel_world_destroy(ref);
            eddyi_panel_world_destroy(fast);
        }
        print_message("fast: solve '%s': strengths vs reference %.1e at tolerance 1e-12 (%d / %d "
                      "sweeps), %.1e at 1e-4 (%d / %d)\n", l->name, diff[0], sweeps[0][0],
                      sweeps[0][1], diff[1], sweeps[1][0], sweeps[1][1]);
        assert_true(diff[0] < 1e-9);
        assert_true(diff[1] < 5e-3);
    }
    for (int s = 0; s < 3; ++s) eddyi_panel_shape_free(&shapes[s]);
}

/* ------------------------------------------------------------ feedback */

static void fast_feedback_matches_closed_form(void **state)
{
    (void)state;
    const int counts[2] = {73, 256};
    for (int c = 0; c < 2; ++c) {
        eddy_asset *a = test_build_asset(10, 10, 16, 16, counts[c]);
        eddy_piece box = eddyi_piece_box(0.5, 0.3, 0, 0, 0), disc = eddyi_piece_circle(0.4, 0, 0);
        eddy_panel_shape shapes[2] = {build_shape(&box, 1, 10.0 / 64), build_shape(&disc, 1, 10.0 / 128)};
        eddy_panel_world_desc d = {0};
        d.width = 10, d.height = 10, d.max_bodies = 8, d.max_panels = 1000;
        eddy_panel_world *w;
        eddy_error err;
        assert_int_equal(eddyi_panel_world_create(&d, &w, &err), EDDY_OK);
        const double pos[4][3] = {{2, 3, 0.3}, {7, 7, 0}, {0.6, 9.3, 1.1}, {5, 0.45, 0}};
        for (int b = 0; b < 4; ++b) {
            int index;
            eddyi_panel_world_add_body(w, &shapes[b % 2], &index, &err);
            eddy_panel_body_state st = {pos[b][0], pos[b][1], pos[b][2], 0.5, -0.3, 1.0};
            eddyi_panel_world_set_state(w, index, &st, &err);
        }
        assert_int_equal(eddyi_panel_world_solve(w, linear_flow, NULL, NULL, &err), EDDY_OK);
        double *exact = calloc((size_t)counts[c], sizeof(double)), *fast = calloc((size_t)counts[c], sizeof(double));
        eddyi_panel_feedback_box(w, a->modes, counts[c], exact);
        eddy_box_feedback *fb;
        assert_int_equal(eddyi_box_feedback_create(a->modes, counts[c], 10, 10, &fb, &err), EDDY_OK);
        assert_true(eddyi_box_feedback_apply(fb, w, fast));
        double worst = 0.0, big = 0.0;
        for (int k = 0; k < counts[c]; ++k) {
            worst = fmax(worst, fabs(fast[k] - exact[k]));
            big = fmax(big, fabs(exact[k]));
        }
        print_message("fast: feedback of %d modes, %d Gauss points a panel: max diff %.1e of max %.2e\n",
                      counts[c], eddyi_box_feedback_points(fb), worst, big);
        assert_true(worst <= 1e-12 * big);
        eddyi_box_feedback_destroy(fb);
        free(exact), free(fast);
        eddyi_panel_world_destroy(w);
        for (int s = 0; s < 2; ++s) eddyi_panel_shape_free(&shapes[s]);
        eddy_asset_destroy(a);
    }
}

/* ------------------------------------------------------------ the fluid */

static void batched_velocity_is_the_same_bits(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 7, 32, 24, 120);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    uint64_t seed = 9;
    double coef[120];
    for (int k = 0; k < 120; ++k) coef[k] = test_random(&seed) / (1 + k);
    eddy_fluid_set_coefficients(f, coef, 120);
    enum { N = 301 };
    double xy[2 * N], many[2 * N];
    for (int p = 0; p < N; ++p) {
        xy[2 * p] = 5 + 5.5 * test_random(&seed); /* some outside the domain */
        xy[2 * p + 1] = 3.5 + 3.8 * test_random(&seed);
    }
    eddy_fluid_velocity_many(f, N, xy, many);
    for (int p = 0; p < N; ++p) {
        double one[2];
        eddy_fluid_velocity(f, xy[2 * p], xy[2 * p + 1], one);
        assert_memory_equal(one, &many[2 * p], sizeof one);
    }
    /* a few points at a time (a body's samples) take their own path */
    for (int n = 1; n <= 9; ++n) {
        eddy_fluid_velocity_many(f, n, xy + 2 * n, many);
        for (int p = 0; p < n; ++p) {
            double one[2];
            eddy_fluid_velocity(f, xy[2 * (n + p)], xy[2 * (n + p) + 1], one);
            assert_memory_equal(one, &many[2 * p], sizeof one);
        }
    }
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

/* integral of the stir's force . phi_k over the disc (and the domain, as
 * fluid.c does): 8-point Gauss-Legendre on 24 pieces of the radius, the
 * periodic trapezoid rule on 720 angles. */
static void stir_by_quadrature(const eddy_asset *a, const eddy_stir *st, double *out)
{
    static const double gx[8] = {-0.9602898564975363, -0.7966664774136267, -0.5255324099163290,
                                 -0.1834346424956498, 0.1834346424956498, 0.5255324099163290,
                                 0.7966664774136267, 0.9602898564975363};
    static const double gw[8] = {0.1012285362903763, 0.2223810344533745, 0.3137066458778873,
                                 0.3626837833783620, 0.3626837833783620, 0.3137066458778873,
                                 0.2223810344533745, 0.1012285362903763};
    const int pieces = 24, angles = 720;
    double h = st->radius / pieces;
    memset(out, 0, sizeof(double) * (size_t)a->eigen_count);
    for (int i = 0; i < pieces; ++i)
        for (int q = 0; q < 8; ++q) {
            double r = (i + 0.5 + 0.5 * gx[q]) * h, s = r / st->radius;
            double w = (1 - s * s) * (1 - s * s) * r * 0.5 * h * gw[q] * (2 * PI / angles);
            for (int j = 0; j < angles; ++j) {
                double th = (j + 0.5) * 2 * PI / angles, x = st->x + r * cos(th), y = st->y + r * sin(th);
                if (x < 0 || x > a->width || y < 0 || y > a->height) continue;
                for (int k = 0; k < a->eigen_count; ++k) {
                    double uv[2];
                    eddyi_box_mode_velocity(&a->modes[k], a->width, a->height, x, y, uv);
                    out[k] += w * (st->fx * uv[0] + st->fy * uv[1]);
                }
            }
        }
}

static void stir_closed_form_matches_quadrature(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, 256);
    eddy_box_basis basis;
    eddy_error err;
    assert_int_equal(eddyi_box_basis_init(&basis, a->modes, a->eigen_count, 10, 10, &err), EDDY_OK);
    double *pu = malloc(256 * sizeof(double)), *pv = malloc(256 * sizeof(double));
    double *closed = malloc(256 * sizeof(double)), *quad = malloc(256 * sizeof(double));
    const eddy_stir stirs[3] = {{5, 1.2, 1.0, 400, 150}, {3, 6.5, 2.5, -2, 1}, {2.2, 7.1, 0.3, 0, 5}};
    for (int s = 0; s < 3; ++s) {
        memset(closed, 0, 256 * sizeof(double));
        double cache[256], cache_radius = 0.0;
        assert_true(eddyi_box_stir_projection(&basis, &stirs[s], pu, pv, cache, &cache_radius, closed));
        stir_by_quadrature(a, &stirs[s], quad);
        double worst = 0.0, big = 0.0;
        for (int k = 0; k < 256; ++k) worst = fmax(worst, fabs(closed[k] - quad[k])), big = fmax(big, fabs(quad[k]));
        print_message("fast: stir radius %.1f (q up to %.0f): closed form vs quadrature %.1e of %.2e\n",
                      stirs[s].radius, sqrt(a->modes[255].lambda) * stirs[s].radius, worst, big);
        assert_true(worst <= 1e-10 * big);
    }
    eddy_stir crossing = {0.5, 5, 1, 1, 1}; /* crosses the wall x = 0: not in closed form */
    double cache[256], cache_radius = 0.0;
    assert_false(eddyi_box_stir_projection(&basis, &crossing, pu, pv, cache, &cache_radius, closed));
    free(pu), free(pv), free(closed), free(quad);
    eddyi_box_basis_free(&basis);
    eddy_asset_destroy(a);
}

static void dense_tensor_gives_the_same_bits(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, 73);
    eddy_fluid_desc d = {0};
    d.viscosity = 1e-3;
    eddy_fluid *sparse, *dense;
    eddy_error err;
    assert_int_equal(eddy_fluid_create(a, &d, &sparse, &err), EDDY_OK);
    assert_int_equal(eddy_fluid_create(a, &d, &dense, &err), EDDY_OK);
    assert_int_equal(eddyi_fluid_set_paper_pipeline(dense, true, &err), EDDY_OK);
    uint64_t seed = 4;
    double coef[73];
    for (int k = 0; k < 73; ++k) coef[k] = 3 * test_random(&seed) / (1 + k);
    eddy_fluid_set_coefficients(sparse, coef, 73);
    eddy_fluid_set_coefficients(dense, coef, 73);
    for (int s = 0; s < 300; ++s) {
        eddy_fluid_step(sparse, 1.0 / 60);
        eddy_fluid_step(dense, 1.0 / 60);
    }
    assert_memory_equal(eddy_fluid_coefficients(sparse), eddy_fluid_coefficients(dense), sizeof coef);
    eddy_fluid_destroy(sparse);
    eddy_fluid_destroy(dense);
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------ the pipeline */

/* A small coupled scene without stirs (the paper pipeline projects stirs by
 * quadrature, 1e-6 off the closed form): bodies coasting through a swirling
 * fluid, one near a wall, none touching within the run. */
static const char PIPELINE_SCENE[] =
    "{\"fluid\":{\"density\":1000,\"viscosity\":0.0005},\"gravity\":[0,-2],\"buoyancy\":true,"
    "\"init_modes\":[{\"mode\":0,\"amp\":2},{\"mode\":3,\"amp\":-1.5},{\"mode\":6,\"amp\":1}],"
    "\"bodies\":["
    "{\"shape\":\"box\",\"hw\":0.3,\"hh\":0.2,\"x\":2.5,\"y\":5,\"angle\":0.3,\"density\":1100,\"vx\":0.4},"
    "{\"shape\":\"circle\",\"radius\":0.3,\"x\":5,\"y\":6,\"density\":900,\"omega\":1},"
    "{\"shape\":\"polygon\",\"points\":[[-0.3,-0.2],[0.3,-0.2],[0,0.3]],\"x\":7.5,\"y\":4,\"density\":1000},"
    "{\"shape\":\"box\",\"hw\":0.25,\"hh\":0.25,\"x\":5,\"y\":0.7,\"density\":1000,\"vy\":0.2}]}";

/* One body alone in the middle (no wall image in reach: the one-body path),
 * one beside a wall, and static, kinematic and dynamic bodies together. */
static const char LONE_SCENE[] =
    "{\"fluid\":{\"density\":1000,\"viscosity\":0.0005},\"gravity\":[0,-2],\"buoyancy\":true,"
    "\"init_modes\":[{\"mode\":0,\"amp\":2},{\"mode\":3,\"amp\":-1.5}],"
    "\"bodies\":[{\"shape\":\"box\",\"hw\":0.3,\"hh\":0.2,\"x\":5,\"y\":5,\"angle\":0.3,"
    "\"density\":1400,\"vx\":0.4}]}";
static const char WALL_SCENE[] =
    "{\"fluid\":{\"density\":1000,\"viscosity\":0.0005},\"gravity\":[0,-2],\"buoyancy\":true,"
    "\"init_modes\":[{\"mode\":0,\"amp\":2},{\"mode\":3,\"amp\":-1.5}],"
    "\"bodies\":[{\"shape\":\"circle\",\"radius\":0.3,\"x\":9.2,\"y\":5,\"density\":700}]}";
static const char KINDS_SCENE[] =
    "{\"fluid\":{\"density\":1000,\"viscosity\":0.0005},\"gravity\":[0,-2],\"buoyancy\":true,"
    "\"init_modes\":[{\"mode\":0,\"amp\":2},{\"mode\":3,\"amp\":-1.5}],"
    "\"bodies\":[{\"shape\":\"box\",\"hw\":0.4,\"hh\":0.3,\"x\":3,\"y\":5,\"type\":\"static\"},"
    "{\"shape\":\"box\",\"hw\":0.5,\"hh\":0.1,\"x\":5,\"y\":3,\"type\":\"kinematic\",\"vx\":0.3},"
    "{\"shape\":\"circle\",\"radius\":0.3,\"x\":6.5,\"y\":6,\"density\":800,\"omega\":1}]}";

#define PIPELINE_BODIES 4

typedef struct pipeline_run {
    double coef[40];
    double pose[PIPELINE_BODIES][3];
    double sweeps;
    int bodies;
} pipeline_run;

static void run_pipeline(const eddy_asset *a, const char *json, bool paper, eddy_feedback_mode fb,
                         int steps, pipeline_run *out)
{
    eddy_error err;
    eddy_scene *scene;
    assert_int_equal(eddy_scene_load_memory(json, strlen(json), &scene, &err), EDDY_OK);
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(scene, &fd);
    eddy_fluid *fluid;
    assert_int_equal(eddy_fluid_create(a, &fd, &fluid, &err), EDDY_OK);
    assert_int_equal(eddyi_fluid_set_paper_pipeline(fluid, paper, &err), EDDY_OK);
    assert_int_equal(eddy_scene_apply_initial(scene, fluid, &err), EDDY_OK);
    eddy_world *world;
    eddy_coupling *c;
    eddy_body *bodies[PIPELINE_BODIES];
    assert_int_equal(eddy_scene_build_world(scene, fluid, &world, &c, bodies, &err), EDDY_OK);
    out->bodies = eddy_coupling_body_count(c);
    /* tight tolerances on both sides, so what remains is round-off */
    c->panels->tolerance = 1e-11;
    c->panels->farfield_tolerance = 1e-13;
    c->panels->max_iterations = 2000;
    assert_int_equal(eddyi_coupling_set_paper_pipeline(c, paper, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_set_feedback(c, fb), EDDY_OK);
    out->sweeps = 0;
    for (int s = 0; s < steps; ++s) {
        assert_int_equal(eddy_coupling_step(c, eddy_scene_dt(scene), &err), EDDY_OK);
        eddy_coupling_timings t;
        eddy_coupling_get_timings(c, &t);
        assert_true(t.schwarz_converged);
        out->sweeps += t.schwarz_iterations;
    }
    out->sweeps /= steps;
    memcpy(out->coef, eddy_fluid_coefficients(fluid), sizeof out->coef);
    for (int b = 0; b < out->bodies; ++b) {
        eddy_pose p;
        eddy_body_get_pose(bodies[b], &p);
        out->pose[b][0] = p.x, out->pose[b][1] = p.y, out->pose[b][2] = p.angle;
    }
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    eddy_scene_destroy(scene);
}

/* The fast pipeline and the paper's (5.16, 5.17 by direct sums) give the same
 * coupled run to round-off: one body alone and one beside a wall, several,
 * static, kinematic and dynamic ones, with every feedback variant. */
static void fast_pipeline_agrees_with_paper_pipeline(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 32, 32, 40);
    const int steps = 120;
    struct {
        const char *name, *json;
        eddy_feedback_mode fb;
    } runs[] = {
        {"lone body", LONE_SCENE, EDDY_FEEDBACK_EXACT},
        {"body by a wall", WALL_SCENE, EDDY_FEEDBACK_EXACT},
        {"four bodies", PIPELINE_SCENE, EDDY_FEEDBACK_EXACT},
        {"four bodies, quadtree", PIPELINE_SCENE, EDDY_FEEDBACK_QUADTREE},
        {"four bodies, naive", PIPELINE_SCENE, EDDY_FEEDBACK_NAIVE},
        {"four bodies, no feedback", PIPELINE_SCENE, EDDY_FEEDBACK_OFF},
        {"static, kinematic, dynamic", KINDS_SCENE, EDDY_FEEDBACK_EXACT},
    };
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; ++k) {
        pipeline_run fast, paper;
        run_pipeline(a, runs[k].json, false, runs[k].fb, steps, &fast);
        run_pipeline(a, runs[k].json, true, runs[k].fb, steps, &paper);
        double dc = relative_difference(fast.coef, paper.coef, 40), dp = 0.0;
        for (int b = 0; b < fast.bodies; ++b)
            for (int i = 0; i < 3; ++i) dp = fmax(dp, fabs(fast.pose[b][i] - paper.pose[b][i]));
        print_message("fast: %-27s after %d coupled steps, fast vs paper pipeline: coefficients "
                      "%.1e (relative), poses %.1e m / rad; %.1f vs %.1f sweeps a step\n",
                      runs[k].name, steps, dc, dp, fast.sweeps, paper.sweeps);
        /* Box2D keeps poses in float: 1e-6 m is its resolution here */
        assert_true(dc < 1e-6);
        assert_true(dp < 1e-5);
    }
    eddy_asset_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(multipole_within_its_bound),
        cmocka_unit_test(multipole_rotation_mirror_and_shift),
        cmocka_unit_test(local_expansion_within_its_bound),
        cmocka_unit_test(kernel_matches_the_reference),
        cmocka_unit_test(fast_solve_matches_reference),
        cmocka_unit_test(fast_feedback_matches_closed_form),
        cmocka_unit_test(batched_velocity_is_the_same_bits),
        cmocka_unit_test(stir_closed_form_matches_quadrature),
        cmocka_unit_test(dense_tensor_gives_the_same_bits),
        cmocka_unit_test(fast_pipeline_agrees_with_paper_pipeline),
    };
    return cmocka_run_group_tests_name("fast", tests, NULL, NULL);
}
