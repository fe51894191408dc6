// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_domain.c - levels with walls (issue 14): the basis of a walled domain
 * (divergence and wall flux to round-off, orthonormal in the MAC product),
 * its eigenvalues against closed forms and published values, energy and
 * circulation in inviscid flow, bad walls refused, walls through the asset
 * file, enrichment, and the walls' panels keeping a moving body's flow out
 * of a wall. */
#include "test_util.h"

#include "coupling_internal.h"
#include "domain_build.h"
#include "eddy_body.h"
#include "eddy_coupling.h"
#include "fluid_internal.h"
#include "eddy_mode.h"
#include "eddy_scene.h"
#include "panel_walls.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static eddy_wall polygon(int n, const double (*pts)[2])
{
    eddy_wall w;
    memset(&w, 0, sizeof w);
    w.kind = EDDY_WALL_POLYGON;
    w.point_count = n;
    for (int p = 0; p < n; ++p) w.points[p][0] = pts[p][0], w.points[p][1] = pts[p][1];
    return w;
}

static eddy_wall circle(double x, double y, double r)
{
    eddy_wall w;
    memset(&w, 0, sizeof w);
    w.kind = EDDY_WALL_CIRCLE;
    w.x = x, w.y = y, w.radius = r;
    return w;
}

/* A cave: a ceiling with a bump (touching the box), a ledge from the right
 * wall, and a round boulder in the water (an island). */
static int cave_walls(eddy_wall *w)
{
    static const double top[7][2] = {{0, 5.4}, {3, 5.7}, {4.5, 4.9}, {6, 5.8},
                                     {10, 5.3}, {10, 6}, {0, 6}};
    static const double ledge[4][2] = {{6, 2.4}, {10, 2.4}, {10, 2.9}, {6.2, 2.9}};
    w[0] = polygon(7, top);
    w[1] = polygon(4, ledge);
    w[2] = circle(3.0, 2.5, 0.8);
    return 3;
}

static eddy_asset *build_walled(double width, double height, int nx, int ny, int modes,
                                const eddy_wall *walls, int count)
{
    eddy_build_desc d = {0};
    d.width = width, d.height = height, d.nx = nx, d.ny = ny, d.modes = modes;
    d.walls = walls, d.wall_count = count;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("build failed: %s", err.message);
    return a;
}

static eddy_asset *build_cave(int nx, int ny, int modes)
{
    eddy_wall w[3];
    int n = cave_walls(w);
    return build_walled(10, 6, nx, ny, modes, w, n);
}

/* ------------------------------------------------------------ the basis */

static void modes_have_no_divergence_and_no_wall_flux(void **state)
{
    (void)state;
    eddy_asset *a = build_cave(40, 24, 30);
    assert_int_equal(a->island_count, 1);
    assert_int_equal(a->harmonic_count, 1);
    assert_int_equal(a->mode_count, 31);
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    double *div = malloc((size_t)a->nx * (size_t)a->ny * sizeof *div), worst_div = 0.0;
    for (int m = 0; m < a->mode_count; ++m) {
        const double *f = a->grid_modes + (size_t)m * n;
        double biggest = 0.0;
        for (size_t s = 0; s < n; ++s) biggest = fmax(biggest, fabs(f[s]));
        eddy_mac_divergence(&g, f, div);
        for (int c = 0; c < a->nx * a->ny; ++c) {
            assert_true(fabs(div[c]) <= 1e-12 * biggest / fmin(g.hx, g.hy));
            worst_div = fmax(worst_div, fabs(div[c]) * fmin(g.hx, g.hy) / biggest);
        }
        for (size_t s = 0; s < n; ++s)
            if (eddy_face_touches_solid(&g, a->solid, (int)s)) assert_true(f[s] == 0.0);
    }
    free(div);
    print_message("cave, 30 eigenmodes + 1 island mode: divergence h / max|u| at most %.1e, "
                  "flux through every wall face exactly 0\n", worst_div);
    /* and the fluid's velocity is zero inside the rock */
    eddy_fluid *fl = test_make_fluid(a, 0.0);
    double *r = calloc((size_t)a->mode_count, sizeof *r);
    for (int k = 0; k < a->mode_count; ++k) r[k] = 1.0 / (1 + k);
    eddy_fluid_set_coefficients(fl, r, a->mode_count);
    double uv[2];
    eddy_fluid_velocity(fl, 3.0, 2.5, uv); /* the boulder's centre */
    assert_true(uv[0] == 0.0 && uv[1] == 0.0);
    eddy_fluid_velocity(fl, 8.0, 2.65, uv); /* inside the ledge */
    assert_true(uv[0] == 0.0 && uv[1] == 0.0);
    eddy_fluid_velocity(fl, 8.0, 1.0, uv); /* water */
    assert_true(uv[0] != 0.0 || uv[1] != 0.0);
    assert_true(eddy_asset_solid_at(a, 3.0, 2.5));
    assert_false(eddy_asset_solid_at(a, 8.0, 1.0));
    free(r);
    eddy_fluid_destroy(fl);
    eddy_asset_destroy(a);
}

static void basis_is_orthonormal_in_the_mac_product(void **state)
{
    (void)state;
    eddy_asset *a = build_cave(40, 24, 30);
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    double worst = 0.0;
    for (int p = 0; p < a->mode_count; ++p)
        for (int q = 0; q <= p; ++q) {
            double d = eddy_mac_dot(&g, a->grid_modes + (size_t)p * n, a->grid_modes + (size_t)q * n);
            worst = fmax(worst, fabs(d - (p == q ? 1.0 : 0.0)));
        }
    print_message("B^T W B = I to %.1e\n", worst);
    assert_true(worst < 1e-11);
    /* viscosity: -lambda on the eigenmodes, none on the island mode */
    for (int k = 0; k < a->domain_eigen; ++k)
        assert_true(a->viscosity[(size_t)k * (size_t)a->mode_count + (size_t)k] == -a->domain_lambda[k]);
    assert_true(a->viscosity[(size_t)a->mode_count * (size_t)a->mode_count - 1] == 0.0);
    /* vorticity of an eigenmode is lambda psi: its curl energy is lambda */
    eddy_domain_topology t;
    assert_int_equal(eddyi_domain_topology_build(&g, a->solid, &t, NULL), EDDY_OK);
    double *omega = malloc((size_t)t.unknowns * sizeof *omega);
    for (int k = 0; k < 5; ++k) {
        eddyi_domain_vorticity(&t, a->grid_modes + (size_t)k * n, omega);
        double sum = 0.0;
        for (int u = 0; u < t.unknowns; ++u) sum += omega[u] * omega[u];
        assert_true(fabs(g.hx * g.hy * sum - a->domain_lambda[k]) < 1e-9 * a->domain_lambda[k]);
    }
    free(omega);
    eddyi_domain_topology_free(&t);
    eddy_asset_destroy(a);
}

/* The solver on a mask with no solid cell is the box: its eigenvalues are
 * the 5-point Laplacian's in closed form, (2 sin(k pi / 2n) / h)^2 per axis,
 * and approach pi^2 (k1^2 / W^2 + k2^2 / H^2) at second order. */
static void box_eigenvalues_match_the_closed_form(void **state)
{
    (void)state;
    double W = 2.0, H = 1.0, err_prev = 0.0;
    for (int level = 0; level < 2; ++level) {
        int nx = 32 << level, ny = 16 << level, count = 12;
        eddy_mac g = eddy_mac_make(W, H, nx, ny);
        uint8_t *solid = calloc((size_t)nx * (size_t)ny, 1);
        eddy_domain_topology t;
        assert_int_equal(eddyi_domain_topology_build(&g, solid, &t, NULL), EDDY_OK);
        assert_int_equal(t.islands, 0);
        eddy_laplace_factor *f;
        assert_int_equal(eddyi_laplace_factor_create(&t, &f, NULL), EDDY_OK);
        double lambda[12], *vec = malloc((size_t)count * (size_t)t.unknowns * sizeof *vec);
        assert_int_equal(eddyi_domain_eigen_solve(&t, f, count, lambda, vec, NULL), EDDY_OK);
        eddy_box_mode m[12];
        assert_int_equal(eddyi_box_select_modes(W, H, count, m, NULL), EDDY_OK);
        double worst = 0.0;
        for (int k = 0; k < count; ++k) {
            double sx = 2.0 * sin(m[k].k1 * M_PI / (2.0 * nx)) / g.hx;
            double sy = 2.0 * sin(m[k].k2 * M_PI / (2.0 * ny)) / g.hy;
            assert_true(fabs(lambda[k] - (sx * sx + sy * sy)) < 1e-10 * lambda[k]);
            worst = fmax(worst, fabs(lambda[k] - m[k].lambda) / m[k].lambda);
        }
        print_message("box 2 x 1 on %d x %d cells, 12 modes: eigenvalues equal the discrete "
                      "closed form to 1e-10, the continuous one to %.2e\n", nx, ny, worst);
        if (level == 1) {
            double order = log2(err_prev / worst);
            print_message("box: observed order %.3f\n", order);
            assert_true(order > 1.9 && order < 2.1);
        }
        err_prev = worst;
        free(vec), free(solid);
        eddyi_laplace_factor_destroy(f);
        eddyi_domain_topology_free(&t);
    }
}

/* The L-shaped membrane (three unit squares, [0,2]^2 without [1,2]^2): its
 * Dirichlet eigenvalues are known to 10+ digits (Fox, Henrici and Moler
 * 1967; Betcke and Trefethen, SIAM Review 2005): 9.6397238440, 15.197251925,
 * 2 pi^2, 29.521481114, 31.912635957. The third eigenfunction is smooth
 * (sin pi x sin pi y on each square), and so, near enough, are the second
 * and fourth: they converge at the grid's second order. The first has the
 * r^(2/3) singularity of the re-entrant corner and converges more slowly
 * (order 4/3 in the limit; about 1 on these grids: 0.053, 0.034, 0.016). */
static void l_shape_eigenvalues_converge(void **state)
{
    (void)state;
    static const double exact[5] = {9.6397238440219, 15.197251925, 19.739208802178716,
                                    29.521481114, 31.912635957};
    static const double sq[4][2] = {{1, 1}, {2, 1}, {2, 2}, {1, 2}};
    eddy_wall w = polygon(4, sq);
    double err[3][5];
    for (int level = 0; level < 3; ++level) {
        int n = 16 << level;
        eddy_asset *a = build_walled(2, 2, n, n, 5, &w, 1);
        assert_int_equal(a->island_count, 0);
        for (int k = 0; k < 5; ++k) err[level][k] = fabs(a->domain_lambda[k] - exact[k]);
        eddy_asset_destroy(a);
    }
    for (int k = 0; k < 5; ++k) assert_true(err[2][k] < err[1][k] && err[1][k] < err[0][k]);
    for (int k = 1; k < 4; ++k) {
        double order = log2(err[1][k] / err[2][k]);
        assert_true(order > 1.9 && order < 2.1);
    }
    double order1 = log2(err[1][0] / err[2][0]);
    assert_true(order1 > 0.9 && order1 < 1.5);
    assert_true(err[2][0] < 2e-3 * exact[0]);
}

/* ------------------------------------------------------------ dynamics */

static void inviscid_energy_is_kept_for_ten_thousand_steps(void **state)
{
    (void)state;
    eddy_asset *a = build_cave(32, 20, 24);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    int r = a->mode_count;
    double *c = malloc((size_t)r * sizeof *c);
    uint64_t seed = 7;
    for (int k = 0; k < r; ++k) c[k] = test_random(&seed);
    assert_int_equal(eddy_fluid_set_coefficients(f, c, r), EDDY_OK);
    double e0 = eddy_fluid_kinetic_energy(f);
    for (int s = 0; s < 10000; ++s) assert_int_equal(eddy_fluid_step(f, 1.0 / 60.0), EDDY_OK);
    double e1 = eddy_fluid_kinetic_energy(f);
    print_message("inviscid walled fluid, 10,000 steps: energy drift %.1e relative\n", fabs(e1 - e0) / e0);
    assert_true(fabs(e1 - e0) <= 1e-10 * e0);
    /* and the flow did change */
    const double *now = eddy_fluid_coefficients(f);
    double moved = 0.0;
    for (int k = 0; k < r; ++k) moved += (now[k] - c[k]) * (now[k] - c[k]);
    assert_true(moved > 1e-2 * 2.0 * e0 / 1000.0);
    free(c);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

/* Circulation of the discrete field along the loop through the centres of
 * the cells next to the cells [i0, i1] x [j0, j1] (counter-clockwise): the
 * MAC samples on the loop's edges times their length. */
static double loop_circulation(const eddy_mac *g, const double *field, int i0, int i1, int j0,
                               int j1)
{
    double sum = 0.0;
    for (int i = i0; i <= i1 + 1; ++i) { /* bottom row of centres j0 - 1, going east */
        sum += field[eddy_mac_u(g, i, j0 - 1)] * g->hx;
        sum -= field[eddy_mac_u(g, i, j1 + 1)] * g->hx; /* top row, going west */
    }
    for (int j = j0; j <= j1 + 1; ++j) {
        sum += field[eddy_mac_v(g, i1 + 1, j)] * g->hy; /* east column, going north */
        sum -= field[eddy_mac_v(g, i0 - 1, j)] * g->hy; /* west column, going south */
    }
    return sum;
}

/* Flow round a boulder in a basin: the island mode carries net flux past the
 * island (the eigenmodes, with psi = 0 on it, carry none), and in inviscid
 * flow the circulation round the island stays what it was while the flow
 * pattern changes (Kelvin: the island's outline is a material loop). */
static void circulation_round_an_island_is_kept(void **state)
{
    (void)state;
    eddy_wall w = circle(5.0, 3.0, 1.0);
    eddy_asset *a = build_walled(10, 6, 40, 24, 30, &w, 1);
    assert_int_equal(a->harmonic_count, 1);
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    /* the island's solid cells span i0..i1, j0..j1 */
    int i0 = a->nx, i1 = -1, j0 = a->ny, j1 = -1;
    for (int j = 0; j < a->ny; ++j)
        for (int i = 0; i < a->nx; ++i)
            if (a->solid[j * a->nx + i]) {
                i0 = i < i0 ? i : i0, i1 = i > i1 ? i : i1, j0 = j < j0 ? j : j0, j1 = j > j1 ? j : j1;
            }
    /* net flux from the island's top to the lid: psi(lid) - psi(island) */
    int harmonic = a->domain_eigen;
    int column = (i0 + i1) / 2 + 1;
    for (int m = 0; m < a->mode_count; ++m) {
        double flux = 0.0;
        for (int j = j1 + 1; j < a->ny; ++j) flux += a->grid_modes[(size_t)m * n + (size_t)eddy_mac_u(&g, column, j)] * g.hy;
        if (m == harmonic) assert_true(fabs(flux) > 0.1);
        else assert_true(fabs(flux) < 1e-12);
    }
    eddy_fluid *f = test_make_fluid(a, 0.0);
    int r = a->mode_count;
    double *c = calloc((size_t)r, sizeof *c), *field = calloc(n, sizeof *field);
    c[harmonic] = 2.0, c[0] = 1.0, c[3] = -0.7, c[5] = 0.5;
    assert_int_equal(eddy_fluid_set_coefficients(f, c, r), EDDY_OK);
    for (int m = 0; m < r; ++m)
        for (size_t s = 0; s < n; ++s) field[s] += c[m] * a->grid_modes[(size_t)m * n + s];
    double g0 = loop_circulation(&g, field, i0, i1, j0, j1);
    assert_true(fabs(g0) > 0.1);
    for (int s = 0; s < 3000; ++s) assert_int_equal(eddy_fluid_step(f, 1.0 / 60.0), EDDY_OK);
    const double *now = eddy_fluid_coefficients(f);
    memset(field, 0, n * sizeof *field);
    for (int m = 0; m < r; ++m)
        for (size_t s = 0; s < n; ++s) field[s] += now[m] * a->grid_modes[(size_t)m * n + s];
    double g1 = loop_circulation(&g, field, i0, i1, j0, j1);
    double changed = 0.0;
    for (int k = 0; k < r; ++k) changed = fmax(changed, fabs(now[k] - c[k]));
    print_message("circulation round the island over 3000 inviscid steps: %.4f -> %.4f (%.2e relative)\n",
                  g0, g1, fabs(g1 - g0) / fabs(g0));
    assert_true(changed > 0.1); /* the flow moved on */
    assert_true(fabs(g1 - g0) < 0.02 * fabs(g0));
    free(c), free(field);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------ bad walls */

static void expect_refused(const eddy_wall *w, int count, eddy_result code, const char *words)
{
    eddy_build_desc d = {0};
    d.width = 10, d.height = 6, d.nx = 40, d.ny = 24, d.modes = 10;
    d.walls = w, d.wall_count = count;
    eddy_asset *a = (eddy_asset *)1;
    eddy_error err = {0};
    assert_int_equal(eddy_build_asset(&d, &a, &err), code);
    assert_null(a);
    if (!strstr(err.message, words)) fail_msg("message '%s' lacks '%s'", err.message, words);
}

static void bad_walls_are_refused(void **state)
{
    (void)state;
    static const double bowtie[4][2] = {{1, 1}, {3, 3}, {3, 1}, {1, 3}};
    static const double twice[4][2] = {{1, 1}, {3, 1}, {3, 1}, {1, 3}};
    static const double flat[3][2] = {{1, 1}, {2, 2}, {3, 3}};
    static const double outside[3][2] = {{1, 1}, {12, 1}, {1, 3}};
    /* 10 cm thick, between two rows of cell centres (1.125, 1.375): rock for the
     * bodies, nothing for the fluid; 2 cm thick: not even rock */
    static const double thin[4][2] = {{1, 1.26}, {5, 1.26}, {5, 1.36}, {1, 1.36}};
    static const double band[4][2] = {{1, 1.3}, {5, 1.3}, {5, 1.32}, {1, 1.32}};
    static const double all[4][2] = {{0, 0}, {10, 0}, {10, 6}, {0, 6}};
    static const double cut[4][2] = {{4, 0}, {5, 0}, {5, 6}, {4, 6}};
    static const double spike[4][2] = {{1, 1}, {3, 1}, {2, 1}, {2, 3}};
    eddy_wall w = polygon(4, bowtie);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "crosses itself");
    w = polygon(4, twice);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "same point");
    static const double sliver[4][2] = {{1, 1}, {3, 1}, {3, 1 + 1e-14}, {1, 1 + 1e-14}};
    w = polygon(4, sliver);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "no area");
    w = polygon(3, flat);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "turns back");
    w = polygon(3, outside);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "outside");
    w = polygon(4, spike);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "walls[0]");
    w = polygon(2, flat);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "3..");
    w = polygon(3, flat);
    w.points[1][0] = NAN;
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "not finite");
    w = circle(5, 3, 0.0);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "radius");
    w = circle(11, 3, 1.0);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "outside");
    w = circle(5, 3, 1.0);
    w.kind = (eddy_wall_kind)7;
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "kind");
    w = polygon(4, thin);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "covers no cell centre");
    w = polygon(4, band);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "make the wall thicker");
    w = polygon(4, all);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "no fluid");
    w = polygon(4, cut);
    expect_refused(&w, 1, EDDY_ERR_FORMAT, "separate regions");
    /* more modes than the fluid has nodes */
    eddy_build_desc d = {0};
    static const double big[4][2] = {{0, 0}, {10, 0}, {10, 5}, {0, 5}};
    w = polygon(4, big);
    d.width = 10, d.height = 6, d.nx = 40, d.ny = 24, d.modes = 200;
    d.walls = &w, d.wall_count = 1;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_build_asset(&d, &a, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "at most"));
}

/* ------------------------------------------------------------ asset file, box path */

static void walls_survive_the_asset_file(void **state)
{
    (void)state;
    eddy_asset *a = build_cave(32, 20, 16);
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_memory(data, size, &b, &err), EDDY_OK);
    eddy_asset_info ia, ib;
    eddy_asset_get_info(a, &ia);
    eddy_asset_get_info(b, &ib);
    assert_int_equal(ib.wall_count, 3);
    assert_int_equal(ib.island_count, 1);
    assert_int_equal(ib.solid_cell_count, ia.solid_cell_count);
    assert_memory_equal(a->solid, b->solid, (size_t)a->nx * (size_t)a->ny);
    assert_int_equal(eddy_asset_wall_count(b), 3);
    assert_true(eddy_wall_contains(&eddy_asset_walls(b)[2], 3.0, 2.5));
    free(data);
    /* an asset whose mode leaks through a wall is refused on load (the
     * island mode: the Laplacian eigenmodes are stored as stream functions,
     * asset_stream.c, whose curls cannot leak; test_advect_grid.c spoils
     * those) */
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    int leak = -1;
    for (int s = 0; s < eddy_mac_size(&g) && leak < 0; ++s)
        if (eddy_face_touches_solid(&g, a->solid, s)) leak = s;
    assert_int_equal(a->stream_count, a->grid_count - 1);
    a->grid_modes[(size_t)(a->grid_count - 1) * (size_t)eddy_mac_size(&g) + (size_t)leak] = 1e-3;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    eddy_asset *c = NULL;
    assert_int_equal(eddy_asset_load_memory(data, size, &c, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "through a wall"));
    free(data);
    eddy_asset_destroy(a);
    eddy_asset_destroy(b);
}

/* A box level takes the closed-form path exactly as before walls existed:
 * no 'WALL' section, box eigenmodes first, the closed-form tensor. */
static void box_levels_keep_the_closed_form_path(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 64, 64, 73);
    assert_null(a->walls);
    assert_null(a->solid);
    assert_null(a->wall_panels);
    assert_int_equal(a->eigen_count, 73);
    eddy_box_mode m[73];
    assert_int_equal(eddyi_box_select_modes(10, 10, 73, m, NULL), EDDY_OK);
    eddy_tensor t;
    assert_int_equal(eddyi_box_advection_tensor(m, 73, 10, 10, &t, NULL), EDDY_OK);
    assert_int_equal(eddyi_tensor_skew_symmetrize(&t, NULL), EDDY_OK);
    assert_int_equal(t.nnz, a->tensor.nnz);
    assert_memory_equal(t.value, a->tensor.value, (size_t)t.nnz * sizeof *t.value);
    assert_memory_equal(t.k, a->tensor.k, (size_t)t.nnz * sizeof *t.k);
    eddyi_tensor_free(&t);
    eddy_file_section sec[16];
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    assert_int_equal(eddy_asset_load_memory(data, size, &b, NULL), EDDY_OK);
    assert_null(b->walls);
    (void)sec;
    free(data);
    eddy_asset_destroy(b);
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------ enrichment */

static void painted_modes_enrich_a_walled_level(void **state)
{
    (void)state;
    eddy_wall w[3];
    int count = cave_walls(w);
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_create("jet", 10, 6, 40, 24, 1, &set, NULL), EDDY_OK);
    double *f = eddy_mode_set_field(set, 0);
    eddy_mac g = eddy_mac_make(10, 6, 40, 24);
    for (int j = 0; j < g.ny; ++j)
        for (int i = 0; i <= g.nx; ++i) {
            double y = (j + 0.5) * g.hy;
            f[eddy_mac_u(&g, i, j)] = fabs(y - 1.0) < 0.3 ? 2.0 : 0.0; /* a jet along the floor */
        }
    const eddy_mode_set *sets[1] = {set};
    eddy_build_desc d = {0};
    d.width = 10, d.height = 6, d.nx = 40, d.ny = 24, d.modes = 20;
    d.walls = w, d.wall_count = count;
    d.artists = sets, d.artist_count = 1;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("%s", err.message);
    assert_int_equal(a->artist_count, 1);
    assert_true(a->grid_count > 21);
    double eig, all;
    eddy_asset_artist_capture(a, 0, &eig, &all);
    assert_true(all > 0.999 && eig < all);
    size_t n = (size_t)eddy_mac_size(&g);
    for (int m = 0; m < a->mode_count; ++m)
        for (size_t s = 0; s < n; ++s)
            if (eddy_face_touches_solid(&g, a->solid, (int)s)) assert_true(a->grid_modes[(size_t)m * n + s] == 0.0);
    double worst = 0.0;
    for (int p = 0; p < a->mode_count; ++p)
        for (int q = 0; q <= p; ++q)
            worst = fmax(worst, fabs(eddy_mac_dot(&g, a->grid_modes + (size_t)p * n, a->grid_modes + (size_t)q * n) -
                                     (p == q)));
    assert_true(worst < 1e-10);
    eddy_fluid *fl = test_make_fluid(a, 0.0);
    assert_int_equal(eddy_fluid_excite_name(fl, "jet", 1.0), EDDY_OK);
    double e0 = eddy_fluid_kinetic_energy(fl);
    for (int s = 0; s < 600; ++s) assert_int_equal(eddy_fluid_step(fl, 1.0 / 60.0), EDDY_OK);
    assert_true(fabs(eddy_fluid_kinetic_energy(fl) - e0) < 1e-10 * e0);
    eddy_fluid_destroy(fl);
    eddy_asset_destroy(a);
    eddy_mode_set_destroy(set);
}

/* ------------------------------------------------------------ bodies near walls */

/* The flow through the interior walls within 2 m of the body: the largest
 * flux through one wall face (the normal velocity of u_r + u_p integrated
 * along the face by 40 midpoint samples, divided by its length), as a
 * fraction of the body's speed. The fluid's own basis has zero flux through
 * every such face; what is measured is the body's. */
static double wall_leak(const eddy_coupling *c, const eddy_panel_walls *pw, double bx, double by,
                        double speed)
{
    double worst = 0.0;
    for (int p = 0; p < pw->count; ++p) {
        const double *e = &pw->ends[4 * p];
        if (hypot(pw->mid[2 * p] - bx, pw->mid[2 * p + 1] - by) > 2.0) continue;
        double sum = 0.0;
        for (int q = 0; q < 40; ++q) {
            double t = (q + 0.5) / 40.0, uv[2];
            eddy_coupling_velocity(c, e[0] + t * (e[2] - e[0]), e[1] + t * (e[3] - e[1]), uv);
            sum += (uv[0] * pw->normal[2 * p] + uv[1] * pw->normal[2 * p + 1]) / 40.0;
        }
        worst = fmax(worst, fabs(sum));
    }
    return worst / speed;
}

static double leak_for(eddy_asset *a, bool walls, double x, double gap)
{
    eddy_panel_walls *saved = a->wall_panels;
    if (!walls) a->wall_panels = NULL;
    eddy_fluid *f = test_make_fluid(a, 0.0);
    eddy_world_desc wd = {0};
    eddy_world *world;
    assert_int_equal(eddy_world_create(&wd, &world, NULL), EDDY_OK);
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_KINEMATIC;
    bd.position[0] = x, bd.position[1] = 2.4 - gap - 0.3; /* under the ledge */
    eddy_body *body;
    assert_int_equal(eddy_body_create(world, &bd, &body, NULL), EDDY_OK);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE;
    sd.radius = 0.3;
    assert_int_equal(eddy_body_add_shape(body, &sd, NULL, NULL), EDDY_OK);
    double speed = 1.0;
    assert_int_equal(eddy_body_set_velocity(body, 0.0, speed, 0.0, NULL), EDDY_OK); /* towards the ledge */
    eddy_coupling_desc cd = {0};
    cd.feedback = EDDY_FEEDBACK_OFF;
    eddy_coupling *c;
    eddy_error err = {0};
    if (eddy_coupling_create(f, world, &cd, &c, &err) != EDDY_OK) fail_msg("%s", err.message);
    assert_int_equal(eddy_coupling_add_body(c, body, NULL), EDDY_OK);
    assert_int_equal(eddy_body_set_velocity(body, 0.0, speed, 0.0, NULL), EDDY_OK);
    assert_int_equal(eddy_coupling_step(c, 1e-4, &err), EDDY_OK);
    eddy_pose p;
    eddy_body_get_pose(body, &p);
    double leak = wall_leak(c, saved, p.x, p.y, speed);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(f);
    a->wall_panels = saved;
    return leak;
}

static void wall_panels_keep_a_body_flow_out_of_the_wall(void **state)
{
    (void)state;
    eddy_asset *a = build_cave(64, 38, 24);
    assert_non_null(a->wall_panels);
    /* from a hair's breadth (a tenth of a cell) to three cells away */
    static const double gaps[] = {0.01, 0.02, 0.05, 0.15, 0.25, 0.35, 0.45, 0.55};
    for (size_t k = 0; k < sizeof gaps / sizeof gaps[0]; ++k) {
        double gap = gaps[k];
        /* under the ledge's middle, and where a cell's corner is just above */
        double without = 0.0, with = 0.0;
        for (int i = 0; i < 8; ++i) {
            double x = 7.0 + 0.05 * i;
            without = fmax(without, leak_for(a, false, x, gap));
            with = fmax(with, leak_for(a, true, x, gap));
        }
        print_message("body 0.3 m, gap %.2f m below the ledge: leak %.4f without wall panels, "
                      "%.4f with (worst of 8 places)\n", gap, without, with);
        assert_true(with < 0.02);
        assert_true(with < 0.1 * without);
    }
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------ scenes, determinism */

static const char CAVE_SCENE[] =
    "{ \"buoyancy\": true, \"walls\": ["
    "  { \"shape\": \"polygon\", \"points\": [[0, 5.4], [3, 5.7], [4.5, 4.9], [6, 5.8], [10, 5.3], [10, 6], [0, 6]] },"
    "  { \"shape\": \"polygon\", \"points\": [[6, 2.4], [10, 2.4], [10, 2.9], [6.2, 2.9]] },"
    "  { \"shape\": \"circle\", \"x\": 3.0, \"y\": 2.5, \"radius\": 0.8 } ],"
    "  \"bodies\": [ { \"shape\": \"circle\", \"radius\": 0.3, \"x\": 8, \"y\": 1.5, \"density\": 800 },"
    "              { \"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.2, \"x\": 5, \"y\": 0.5, \"density\": 1300 } ] }";

static void scene_walls_round_trip_and_must_match_the_asset(void **state)
{
    (void)state;
    eddy_scene *s = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_scene_load_memory(CAVE_SCENE, strlen(CAVE_SCENE), &s, &err), EDDY_OK);
    eddy_scene_view v;
    eddy_scene_get(s, &v);
    assert_int_equal(v.wall_count, 3);
    char *text = NULL;
    assert_int_equal(eddy_scene_to_json(s, &text, NULL), EDDY_OK);
    eddy_scene *back = NULL;
    assert_int_equal(eddy_scene_load_memory(text, strlen(text), &back, &err), EDDY_OK);
    eddy_scene_view bv;
    eddy_scene_get(back, &bv);
    assert_int_equal(bv.wall_count, 3);
    assert_memory_equal(bv.walls, v.walls, 3 * sizeof *v.walls);
    free(text);
    /* its asset has the walls (polygons stored counter-clockwise: still a match) */
    eddy_asset *a = build_cave(32, 20, 12);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    assert_int_equal(eddy_scene_apply_initial(s, f, &err), EDDY_OK);
    eddy_asset *box = test_build_asset(10, 6, 32, 20, 12);
    eddy_fluid *fb = test_make_fluid(box, 0.0);
    assert_int_equal(eddy_scene_apply_initial(s, fb, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "other walls"));
    /* malformed walls in a scene name the field */
    static const char *bad[][2] = {
        {"{\"walls\": [{\"shape\": \"square\"}]}", "walls[0].shape"},
        {"{\"walls\": [{\"shape\": \"polygon\", \"points\": [[0,0],[1,1]]}]}", "walls[0].points"},
        {"{\"walls\": [{\"shape\": \"circle\", \"x\": 1, \"y\": 1}]}", "radius"},
        {"{\"walls\": [{\"shape\": \"circle\", \"x\": 1, \"y\": 1, \"radius\": 1, \"z\": 2}]}", "walls[0].z"},
        {"{\"walls\": [{\"shape\": \"polygon\", \"points\": [[1,1],[3,3],[3,1],[1,3]]}]}", "crosses itself"},
        {"{\"walls\": 3}", "walls"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; ++k) {
        eddy_scene *x = NULL;
        assert_int_equal(eddy_scene_load_memory(bad[k][0], strlen(bad[k][0]), &x, &err), EDDY_ERR_FORMAT);
        if (!strstr(err.message, bad[k][1])) fail_msg("'%s' lacks '%s'", err.message, bad[k][1]);
    }
    eddy_fluid_destroy(fb), eddy_fluid_destroy(f);
    eddy_asset_destroy(box), eddy_asset_destroy(a);
    eddy_scene_destroy(back), eddy_scene_destroy(s);
}

/* Run a coupled cave scene for n steps; the state into out (r + 6 values). */
static void run_cave(const eddy_asset *a, int n, double *out)
{
    eddy_scene *s = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_scene_load_memory(CAVE_SCENE, strlen(CAVE_SCENE), &s, &err), EDDY_OK);
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(s, &fd);
    eddy_fluid *f = NULL;
    assert_int_equal(eddy_fluid_create(a, &fd, &f, &err), EDDY_OK);
    assert_int_equal(eddy_scene_apply_initial(s, f, &err), EDDY_OK);
    eddy_world *world = NULL;
    eddy_coupling *c = NULL;
    eddy_body *bodies[2];
    if (eddy_scene_build_world(s, f, &world, &c, bodies, &err) != EDDY_OK) fail_msg("%s", err.message);
    for (int k = 0; k < n; ++k) {
        eddy_stir st = {.x = 7, .y = 1.5, .radius = 0.8, .fx = 400 * sin(k * 0.05), .fy = 100};
        eddy_fluid_add_stir(f, &st);
        if (eddy_coupling_step(c, 1.0 / 60, &err) != EDDY_OK) fail_msg("%s", err.message);
    }
    int r = eddy_fluid_mode_count(f);
    memcpy(out, eddy_fluid_coefficients(f), (size_t)r * sizeof *out);
    for (int b = 0; b < 2; ++b) {
        eddy_pose p;
        eddy_body_get_pose(bodies[b], &p);
        out[r + 3 * b] = p.x, out[r + 3 * b + 1] = p.y, out[r + 3 * b + 2] = p.angle;
    }
    /* the bodies stay out of the rock: their centres are in water */
    for (int b = 0; b < 2; ++b) assert_false(eddy_asset_solid_at(a, out[r + 3 * b], out[r + 3 * b + 1]));
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(f);
    eddy_scene_destroy(s);
}

static void walled_levels_are_deterministic(void **state)
{
    (void)state;
    eddy_asset *a = build_cave(40, 24, 20), *b = build_cave(40, 24, 20);
    unsigned char *da, *db;
    size_t na, nb;
    assert_int_equal(eddy_asset_encode(a, &da, &na, NULL), EDDY_OK);
    assert_int_equal(eddy_asset_encode(b, &db, &nb, NULL), EDDY_OK);
    assert_int_equal(na, nb);
    assert_memory_equal(da, db, na); /* the same build, bit for bit */
    free(da), free(db);
    int r = a->mode_count;
    double *x = malloc((size_t)(r + 6) * sizeof *x), *y = malloc((size_t)(r + 6) * sizeof *y);
    run_cave(a, 600, x);
    run_cave(b, 600, y);
    assert_memory_equal(x, y, (size_t)(r + 6) * sizeof *x);
    free(x), free(y);
    eddy_asset_destroy(a), eddy_asset_destroy(b);
}

/* ------------------------------------------------------------ precompute --walls */

/* Exit code of `precompute --walls FILE ARGS -o OUT` ($EDDY_BIN, default
 * build/bin), stderr kept out of the test's output. */
static int precompute_walls(const char *json, const char *args)
{
    const char *bin = getenv("EDDY_BIN") ? getenv("EDDY_BIN") : "build/bin";
    char path[] = "/tmp/eddy-walls-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    if (json) fputs(json, f);
    fclose(f);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s/precompute --walls %s%s %s -q -o %s.eddy 2>/dev/null", bin, path,
             json ? "" : ".missing", args, path);
    int status = system(cmd);
    char out[64];
    snprintf(out, sizeof out, "%s.eddy", path);
    remove(out);
    remove(path);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void precompute_walls_exit_codes(void **state)
{
    (void)state;
    const char *island = "{\"walls\": [{\"shape\": \"circle\", \"x\": 5, \"y\": 5, \"radius\": 1.5}]}";
    assert_int_equal(precompute_walls(island, "--grid 32 --modes 20"), 0);
    assert_int_equal(precompute_walls(NULL, ""), 66); /* no such file */
    assert_int_equal(precompute_walls("{\"walls\": [{\"shape\": \"polygon\", \"points\": "
                                      "[[1,1],[3,3],[3,1],[1,3]]}]}", "--grid 32"), 65);
    assert_int_equal(precompute_walls("{\"walls\": [{\"shape\": \"polygon\", \"points\": "
                                      "[[4,0],[5,0],[5,10],[4,10]]}]}", "--grid 32"), 65);
    assert_int_equal(precompute_walls("{\"dt\": 0.01}", ""), 65); /* no walls in it */
    assert_int_equal(precompute_walls(island, "--grid 8 --modes 100"), 64);
}

/* ------------------------------------------------------------ bodies in a walled level */

/* The tank round a W x H level: four static boxes just outside it. */
static void add_tank(eddy_world *world, double w, double h)
{
    eddy_body_desc bd = {0};
    eddy_body *tank = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_body_create(world, &bd, &tank, &err), EDDY_OK);
    const double box[4][4] = {{w / 2, -0.5, w / 2 + 1, 0.5}, {w / 2, h + 0.5, w / 2 + 1, 0.5},
                              {-0.5, h / 2, 0.5, h / 2 + 1}, {w + 0.5, h / 2, 0.5, h / 2 + 1}};
    for (int k = 0; k < 4; ++k) {
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_BOX;
        sd.center[0] = box[k][0], sd.center[1] = box[k][1];
        sd.half_width = box[k][2], sd.half_height = box[k][3];
        assert_int_equal(eddy_body_add_shape(tank, &sd, NULL, &err), EDDY_OK);
    }
}

/* A dynamic disc, moving with the water where it is put, coupled. */
static eddy_body *add_disc(eddy_world *world, eddy_coupling *c, const eddy_fluid *f, double x,
                           double y, double radius, double density)
{
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = x, bd.position[1] = y;
    eddy_fluid_velocity(f, x, y, bd.linear_velocity);
    eddy_body *b = NULL;
    eddy_error err = {0};
    if (eddy_body_create(world, &bd, &b, &err) != EDDY_OK) fail_msg("%s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE;
    sd.radius = radius;
    sd.density = density;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("%s", err.message);
    if (eddy_coupling_add_body(c, b, &err) != EDDY_OK) fail_msg("%s", err.message);
    return b;
}

/* The coupling's physics (drag, added mass, momentum-book feedback) on a
 * basis of grid modes only. A disc's added mass is the water it displaces,
 * rho pi R^2 (potential flow), whether its panels come from the walled
 * asset's shape catalogue (section 'SHAP', through a save and a load) or are
 * built when it is added; heavy discs sinking through still water past the
 * rock set the water moving (each body's exact feedback reaches the grid
 * modes); and, as in an ideal fluid (d'Alembert: no drag), neutral discs
 * riding a current round the level keep the energy of fluid plus bodies. */
static void bodies_move_like_bodies_in_a_walled_level(void **state)
{
    (void)state;
    static const char catalogue_json[] = "{\"shapes\": [{\"name\": \"disc\", \"pieces\": "
                                         "[{\"shape\": \"circle\", \"radius\": 0.3}]}]}";
    eddy_error err = {0};
    eddy_shape_catalogue *cat = NULL;
    if (eddy_shape_catalogue_load_memory(catalogue_json, strlen(catalogue_json), &cat, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    eddy_wall w[3];
    eddy_build_desc d = {0};
    d.width = 10, d.height = 6, d.nx = 40, d.ny = 24, d.modes = 30;
    d.walls = w, d.wall_count = cave_walls(w);
    d.shapes = cat;
    eddy_asset *built = NULL, *a = NULL;
    if (eddy_build_asset(&d, &built, &err) != EDDY_OK) fail_msg("%s", err.message);
    unsigned char *bytes = NULL;
    size_t size = 0;
    assert_int_equal(eddy_asset_encode(built, &bytes, &size, &err), EDDY_OK);
    if (eddy_asset_load_memory(bytes, size, &a, &err) != EDDY_OK) fail_msg("%s", err.message);
    free(bytes);
    eddy_asset_destroy(built);
    eddy_shape_catalogue_destroy(cat);
    assert_int_equal(a->eigen_count, 0);
    assert_int_equal(a->shape_count, 1);
    assert_non_null(a->wall_panels);

    for (int run = 0; run < 2; ++run) {
        eddy_fluid *f = test_make_fluid(a, 0.0);
        if (run == 1) { /* a current round the level, and round the island */
            int r = eddy_fluid_mode_count(f);
            double *coef = calloc((size_t)r, sizeof *coef);
            coef[0] = 3.0, coef[a->domain_eigen] = 2.0;
            assert_int_equal(eddy_fluid_set_coefficients(f, coef, r), EDDY_OK);
            free(coef);
        }
        eddy_world_desc wd = {0};
        wd.gravity[1] = -9.81;
        wd.disable_sleep = true;
        eddy_world *world = NULL;
        assert_int_equal(eddy_world_create(&wd, &world, &err), EDDY_OK);
        add_tank(world, a->width, a->height);
        assert_int_equal(eddy_scene_add_rock(world, a, NULL, &err), EDDY_OK);
        eddy_coupling_desc cd = {0};
        cd.feedback = EDDY_FEEDBACK_EXACT;
        eddy_coupling *c = NULL;
        if (eddy_coupling_create(f, world, &cd, &c, &err) != EDDY_OK) fail_msg("%s", err.message);
        /* in the open water under the roof: one in the catalogue, one not */
        double density = run == 0 ? 2500 : 1000;
        const double radius[2] = {0.3, 0.25};
        eddy_body *discs[2] = {add_disc(world, c, f, 5.0, 4.3, radius[0], density),
                               add_disc(world, c, f, 8.0, 4.3, radius[1], density)};
        assert_int_equal(c->shapes_from_asset, 1);
        for (int k = 0; k < 2; ++k) {
            double ma[9];
            assert_int_equal(eddy_coupling_body_added_mass(c, discs[k], ma), EDDY_OK);
            double displaced = 1000.0 * M_PI * radius[k] * radius[k];
            if (run == 0)
                print_message("walled level: disc of %.2f m (%s): added mass %.1f, %.1f kg/m, "
                              "displaced %.1f\n", radius[k], k == 0 ? "the asset's panels" :
                              "built now", ma[0], ma[4], displaced);
            assert_true(fabs(ma[0] - displaced) < 0.05 * displaced);
            assert_true(fabs(ma[4] - displaced) < 0.05 * displaced);
            if (run == 1) assert_int_equal(eddy_coupling_set_drag(c, discs[k], 0.0, &err), EDDY_OK);
        }
        double e0 = eddy_coupling_kinetic_energy(c), lo = e0, hi = e0;
        for (int s = 0; s < 120; ++s) {
            if (eddy_coupling_step(c, 1.0 / 60.0, &err) != EDDY_OK) fail_msg("%s", err.message);
            double e = eddy_coupling_kinetic_energy(c);
            lo = fmin(lo, e), hi = fmax(hi, e);
        }
        eddy_pose p[2];
        for (int k = 0; k < 2; ++k) {
            eddy_body_get_pose(discs[k], &p[k]);
            assert_false(eddy_asset_solid_at(a, p[k].x, p[k].y)); /* never in the rock */
        }
        double water = eddy_fluid_kinetic_energy(f);
        if (run == 0) {
            print_message("walled level: heavy discs sank to y %.2f and %.2f in 2 s; the water "
                          "they left behind holds %.2f J\n", p[0].y, p[1].y, water);
            assert_true(p[0].y < 3.5 && p[1].y < 3.5);
            assert_true(water > 0.5);
        } else {
            print_message("walled level: neutral discs riding a current: energy %.2f J, within "
                          "[%.6f, %.6f] of it over 2 s\n", e0, lo / e0, hi / e0);
            assert_true(lo > 0.999 * e0 && hi < 1.001 * e0);
        }
        eddy_coupling_destroy(c);
        eddy_world_destroy(world);
        eddy_fluid_destroy(f);
    }
    eddy_asset_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(modes_have_no_divergence_and_no_wall_flux),
        cmocka_unit_test(basis_is_orthonormal_in_the_mac_product),
        cmocka_unit_test(box_eigenvalues_match_the_closed_form),
        cmocka_unit_test(l_shape_eigenvalues_converge),
        cmocka_unit_test(inviscid_energy_is_kept_for_ten_thousand_steps),
        cmocka_unit_test(circulation_round_an_island_is_kept),
        cmocka_unit_test(bad_walls_are_refused),
        cmocka_unit_test(walls_survive_the_asset_file),
        cmocka_unit_test(box_levels_keep_the_closed_form_path),
        cmocka_unit_test(painted_modes_enrich_a_walled_level),
        cmocka_unit_test(wall_panels_keep_a_body_flow_out_of_the_wall),
        cmocka_unit_test(precompute_walls_exit_codes),
        cmocka_unit_test(scene_walls_round_trip_and_must_match_the_asset),
        cmocka_unit_test(walled_levels_are_deterministic),
        cmocka_unit_test(bodies_move_like_bodies_in_a_walled_level),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
