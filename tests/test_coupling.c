// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_coupling.c - the two-way coupling end to end (chapter 5.3): the panel
 * solve against the real reduced fluid, feedback variants against each other,
 * forces on bodies (stream, drag, Archimedes), energy, drafting (5.5). */
#include "test_util.h"
#include "panel_check.h"

#include "coupling_internal.h"
#include "eddy_body.h"
#include "eddy_coupling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct rig {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
} rig;

static rig make_rig(int grid, int modes, double gy, eddy_feedback_mode fb, bool buoyancy)
{
    rig r;
    r.asset = test_build_asset(10, 10, grid, grid, modes);
    r.fluid = test_make_fluid(r.asset, 0.0);
    eddy_world_desc wd = {0};
    wd.gravity[1] = gy;
    wd.disable_sleep = true;
    eddy_error err = {0};
    if (eddy_world_create(&wd, &r.world, &err) != EDDY_OK) fail_msg("world: %s", err.message);
    /* the tank's walls for the bodies (the fluid has its own) */
    eddy_body *walls;
    eddy_body_desc gd = {0};
    eddy_body_create(r.world, &gd, &walls, &err);
    const double box[4][4] = {{5, -0.5, 6, 0.5}, {5, 10.5, 6, 0.5}, {-0.5, 5, 0.5, 6}, {10.5, 5, 0.5, 6}};
    for (int k = 0; k < 4; ++k) {
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_BOX;
        sd.center[0] = box[k][0], sd.center[1] = box[k][1];
        sd.half_width = box[k][2], sd.half_height = box[k][3];
        eddy_body_add_shape(walls, &sd, NULL, &err);
    }
    eddy_coupling_desc cd = {0};
    cd.feedback = fb;
    cd.no_buoyancy = !buoyancy;
    if (eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    return r;
}

static void free_rig(rig *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
    eddy_asset_destroy(r->asset);
}

static eddy_body *add_box(rig *r, eddy_body_type type, double x, double y, double angle, double hw,
                          double hh, double density)
{
    eddy_body_desc bd = {0};
    bd.type = type;
    bd.position[0] = x, bd.position[1] = y, bd.angle = angle;
    eddy_body *b;
    eddy_error err = {0};
    if (eddy_body_create(r->world, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX;
    sd.half_width = hw, sd.half_height = hh, sd.density = density;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    if (eddy_coupling_add_body(r->c, b, &err) != EDDY_OK) fail_msg("couple: %s", err.message);
    return b;
}

static eddy_body *add_circle(rig *r, eddy_body_type type, double x, double y, double radius,
                             double density)
{
    eddy_body_desc bd = {0};
    bd.type = type;
    bd.position[0] = x, bd.position[1] = y;
    eddy_body *b;
    eddy_error err = {0};
    if (eddy_body_create(r->world, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE;
    sd.radius = radius, sd.density = density;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    if (eddy_coupling_add_body(r->c, b, &err) != EDDY_OK) fail_msg("couple: %s", err.message);
    return b;
}

static void excite(rig *r, uint64_t seed, double amp)
{
    int n = eddy_fluid_mode_count(r->fluid);
    double *coef = calloc((size_t)n, sizeof *coef);
    for (int k = 0; k < n; ++k) coef[k] = amp * test_random(&seed) / (1 + k);
    eddy_fluid_set_coefficients(r->fluid, coef, n);
    free(coef);
}

/* How far the solve is from every body's own condition (panel_check.h: the
 * normal equations of the least-squares stream-function rows, with the
 * other bodies and images in them), relative: round-off once Schwarz has
 * converged, the sweep tolerance otherwise. *left: the largest share of the
 * relative flow's stream function the solution leaves along an outline. */
static double worst_normal_flow(const rig *r, double *left)
{
    const eddy_panel_world *w = r->c->panels;
    double worst = 0;
    if (left) *left = 0;
    for (int b = 0; b < w->body_count; ++b) {
        double l;
        worst = fmax(worst, test_panel_condition_residual(w, b, NULL, &l));
        if (left) *left = fmax(*left, l);
    }
    return worst;
}

static double total_circulation(const rig *r, int b)
{
    const eddy_panel_world *w = r->c->panels;
    const eddy_panel_world_body *pb = &w->bodies[b];
    double sum = 0, scale = 0;
    for (int i = 0; i < pb->shape->count; ++i) {
        sum += pb->shape->length[i] * w->strength[pb->first + i];
        scale += fabs(pb->shape->length[i] * w->strength[pb->first + i]);
    }
    return scale > 0 ? fabs(sum) / scale : 0;
}

static void no_penetration_after_the_solve(void **state)
{
    (void)state;
    /* one body; several; one against a wall; one in a corner */
    const double layouts[4][3][2] = {
        {{5, 5}, {-1, -1}, {-1, -1}},
        {{3, 5}, {5.2, 5.6}, {7, 4}},
        {{9.3, 5}, {-1, -1}, {-1, -1}},
        {{0.7, 0.7}, {-1, -1}, {-1, -1}},
    };
    for (int l = 0; l < 4; ++l) {
        rig r = make_rig(64, 40, 0, EDDY_FEEDBACK_OFF, false);
        excite(&r, 17 + l, 3.0);
        for (int b = 0; b < 3 && layouts[l][b][0] > 0; ++b) {
            if (b % 2 == 0) add_box(&r, EDDY_BODY_DYNAMIC, layouts[l][b][0], layouts[l][b][1], 0.3, 0.5, 0.3, 1);
            else add_circle(&r, EDDY_BODY_DYNAMIC, layouts[l][b][0], layouts[l][b][1], 0.4, 1);
        }
        eddy_error err = {0};
        assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
        eddy_coupling_timings t;
        eddy_coupling_get_timings(r.c, &t);
        double flow = worst_normal_flow(&r, NULL);
        print_message("layout %d: relative normal flow %.2e, %d Schwarz sweeps, %d image panels\n",
                      l, flow, t.schwarz_iterations, t.image_panels);
        assert_true(flow < 5e-3);
        assert_true(t.schwarz_converged);
        if (l >= 2) assert_true(t.image_panels > 0);
        for (int b = 0; b < r.c->body_count; ++b) assert_true(total_circulation(&r, b) < 1e-10);
        free_rig(&r);
    }
}

/* What the constant-strength panels cannot cancel, the stream function they
 * leave along the outline between their samples, shrinks with the panel
 * length (one grid spacing): from 3 to 5 panels a side of a box it falls by
 * more than half. */
static void residual_stream_function_falls_with_the_panels(void **state)
{
    (void)state;
    double left[2];
    const int grids[2] = {32, 64};
    for (int g = 0; g < 2; ++g) {
        rig r = make_rig(grids[g], 40, 0, EDDY_FEEDBACK_OFF, false);
        excite(&r, 17, 3.0);
        add_box(&r, EDDY_BODY_DYNAMIC, 5, 5, 0.3, 0.5, 0.3, 1);
        eddy_error err = {0};
        assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
        worst_normal_flow(&r, &left[g]);
        free_rig(&r);
    }
    print_message("stream function left along the outline: h = W/32 %.2e, h = W/64 %.2e\n",
                  left[0], left[1]);
    assert_true(left[0] < 0.1);
    assert_true(left[1] < 0.5 * left[0]);
}

/* Schwarz converges for two bodies a hair apart. */
static void schwarz_converges_for_nearly_touching_bodies(void **state)
{
    (void)state;
    rig r = make_rig(64, 40, 0, EDDY_FEEDBACK_OFF, false);
    excite(&r, 5, 3.0);
    add_box(&r, EDDY_BODY_DYNAMIC, 4.5, 5, 0, 0.5, 0.5, 1);
    add_box(&r, EDDY_BODY_DYNAMIC, 5.52, 5, 0, 0.5, 0.5, 1); /* 2 cm gap */
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
    eddy_coupling_timings t;
    eddy_coupling_get_timings(r.c, &t);
    print_message("2 cm gap: %d sweeps, converged %d, normal flow %.2e\n", t.schwarz_iterations,
                  t.schwarz_converged, worst_normal_flow(&r, NULL));
    assert_true(t.schwarz_converged);
    assert_true(worst_normal_flow(&r, NULL) < 5e-3);
    free_rig(&r);
}

/* Quadtree field within its error bound of the naive field, sample by sample. */
static void quadtree_is_within_threshold_of_naive(void **state)
{
    (void)state;
    rig r = make_rig(64, 73, 0, EDDY_FEEDBACK_QUADTREE, false);
    excite(&r, 9, 4.0);
    add_box(&r, EDDY_BODY_DYNAMIC, 3, 4, 0.2, 0.6, 0.4, 1);
    add_circle(&r, EDDY_BODY_DYNAMIC, 6.5, 6, 0.5, 1);
    add_box(&r, EDDY_BODY_DYNAMIC, 9.2, 1.0, 0, 0.4, 0.4, 1);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
    eddy_grid_feedback *g = &r.c->grid;
    const eddy_panel_world *w = r.c->panels;
    /* the coupling took the asset's precomputed 5.19 table */
    assert_int_equal(g->table.levels, r.asset->quadtree_table.levels);
    assert_memory_equal(g->table.error, r.asset->quadtree_table.error,
                        (size_t)g->table.levels * (size_t)g->table.bins * sizeof(double));
    int n = g->samples;
    double *naive = malloc((size_t)n * sizeof *naive);
    eddyi_grid_feedback_naive_field(g, w);
    memcpy(naive, g->field, (size_t)n * sizeof *naive);
    const double threshold = 1e-3;
    int evaluations = eddyi_grid_feedback_quadtree_field(g, w, threshold);
    double worst = 0, biggest = 0;
    for (int s = 0; s < n; ++s) {
        worst = fmax(worst, fabs(g->field[s] - naive[s]));
        biggest = fmax(biggest, fabs(naive[s]));
    }
    /* each source may be off by at most the threshold at any sample */
    double bound = w->source_count * threshold;
    print_message("quadtree vs naive: max diff %.2e (bound %.2e, field max %.2e), %d node "
                  "evaluations for %d sources\n", worst, bound, biggest, evaluations, w->source_count);
    assert_true(worst <= bound);
    assert_true(evaluations > 0);
    /* and the quadtree is a real saving: far fewer evaluations than samples x sources */
    assert_true((double)evaluations < 0.2 * (double)n * w->source_count);
    free(naive);
    free_rig(&r);
}

/* Exact (line-integral) feedback equals the naive grid projection, with the
 * difference shrinking as the grid is refined. */
static double exact_vs_naive(int grid)
{
    rig r = make_rig(grid, 30, 0, EDDY_FEEDBACK_OFF, false);
    excite(&r, 3, 4.0);
    add_box(&r, EDDY_BODY_DYNAMIC, 4, 5, 0.3, 0.8, 0.5, 1);
    add_circle(&r, EDDY_BODY_DYNAMIC, 7, 3, 0.6, 1);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
    assert_int_equal(eddyi_grid_feedback_init(&r.c->grid, r.c, &err), EDDY_OK);
    double exact[30], naive[30];
    memset(exact, 0, sizeof exact);
    eddyi_panel_feedback_box(r.c->panels, r.asset->modes, 30, exact);
    eddyi_grid_feedback_naive_field(&r.c->grid, r.c->panels);
    eddyi_grid_feedback_project(&r.c->grid, 30, naive);
    double diff = 0, norm = 0;
    for (int k = 0; k < 30; ++k) {
        diff += (exact[k] - naive[k]) * (exact[k] - naive[k]);
        norm += exact[k] * exact[k];
    }
    free_rig(&r);
    return sqrt(diff / norm);
}

static void exact_feedback_equals_naive_on_a_fine_grid(void **state)
{
    (void)state;
    double e32 = exact_vs_naive(32), e64 = exact_vs_naive(64), e128 = exact_vs_naive(128);
    print_message("exact vs naive feedback, relative: 32: %.2e 64: %.2e 128: %.2e\n", e32, e64, e128);
    assert_true(e64 < e32 && e128 < e64);
    assert_true(e128 < 2e-2);
}

/* A neutrally buoyant body at rest in the curved stream at the top of a gyre
 * is taken downstream and, like the water it displaces, bends towards the
 * gyre's centre (the pressure-gradient force). */
static void body_in_a_stream_is_pushed_downstream(void **state)
{
    (void)state;
    rig r = make_rig(32, 20, 0, EDDY_FEEDBACK_EXACT, false);
    double coef[20] = {0};
    coef[0] = 20.0; /* the (1,1) gyre: near the top it flows towards -x */
    eddy_fluid_set_coefficients(r.fluid, coef, 20);
    eddy_body *b = add_box(&r, EDDY_BODY_DYNAMIC, 5, 8, 0, 0.3, 0.3, 1000);
    double flow[2];
    eddy_fluid_velocity(r.fluid, 5, 8, flow);
    assert_true(flow[0] < -0.5 && fabs(flow[1]) < 1e-9);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
    double v[2];
    eddy_body_linear_velocity(b, v);
    print_message("stream %.3f m/s -> body after one step (%.4f, %.4f)\n", flow[0], v[0], v[1]);
    assert_true(v[0] < 0);
    assert_true(v[1] < 0 && fabs(v[1]) < fabs(v[0]));
    free_rig(&r);
}

/* A body coasting through still fluid slows down; the fluid takes up motion;
 * the total never grows. */
static void body_moving_through_still_fluid_slows(void **state)
{
    (void)state;
    rig r = make_rig(32, 40, 0, EDDY_FEEDBACK_EXACT, false);
    eddy_body *b = add_box(&r, EDDY_BODY_DYNAMIC, 3, 5, 0, 0.4, 0.4, 1000);
    eddy_error err = {0};
    assert_int_equal(eddy_body_set_velocity(b, 1.5, 0, 0, &err), EDDY_OK);
    double e0 = eddy_coupling_kinetic_energy(r.c), last = 1.5;
    for (int s = 0; s < 90; ++s) {
        assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
        double v[2];
        eddy_body_linear_velocity(b, v);
        assert_true(v[0] <= last + 1e-9);
        last = v[0];
    }
    print_message("coasting body: 1.5 -> %.3f m/s, fluid energy %.3f J, total %.3f -> %.3f J\n",
                  last, eddy_fluid_kinetic_energy(r.fluid), e0, eddy_coupling_kinetic_energy(r.c));
    /* the drag law for the relative speed u: (m + M_a) du/dt = -rho Cd w u^2 / 2 */
    double m[9];
    eddy_coupling_body_added_mass(r.c, b, m);
    double k = 0.5 * 1000.0 * eddy_coupling_drag(r.c, b) * 0.8 / (640.0 + m[0]);
    double expect = 1.0 / (1.0 / 1.5 + k * 1.5);
    print_message("drag law predicts %.3f m/s\n", expect);
    assert_true(fabs(last / expect - 1) < 0.05);
    assert_true(eddy_fluid_kinetic_energy(r.fluid) > 1e-3);
    assert_true(eddy_coupling_kinetic_energy(r.c) <= e0 * 1.001);
    free_rig(&r);
}

/* Archimedes: from rest in still fluid the first step's acceleration is
 * g (rho_fluid / rho_body - 1) exactly for a box; lighter rises, heavier sinks. */
static void submerged_bodies_feel_archimedes(void **state)
{
    (void)state;
    const double g = 9.81, dt = 1.0 / 60;
    const double densities[2] = {500, 2000};
    for (int c = 0; c < 2; ++c) {
        rig r = make_rig(32, 20, -g, EDDY_FEEDBACK_EXACT, true);
        eddy_body *b = add_box(&r, EDDY_BODY_DYNAMIC, 5, 5, 0, 0.5, 0.3, densities[c]);
        eddy_error err = {0};
        assert_int_equal(eddy_coupling_step(r.c, dt, &err), EDDY_OK);
        double v[2];
        eddy_body_linear_velocity(b, v);
        /* Archimedes through the added mass: (rho_f - rho_b) A g / (rho_b A + M_yy) */
        double m[9];
        assert_int_equal(eddy_coupling_body_added_mass(r.c, b, m), EDDY_OK);
        double area = 1.0 * 0.6;
        double expect = g * (1000.0 - densities[c]) * area / (densities[c] * area + m[4]) * dt;
        print_message("density %.0f: vy %.5f after one step, Archimedes with added mass %.1f kg "
                      "predicts %.5f\n", densities[c], v[1], m[4], expect);
        assert_true(fabs(v[1] - expect) < 0.01 * fabs(expect));
        for (int s = 0; s < 60; ++s) eddy_coupling_step(r.c, dt, &err);
        eddy_pose p;
        eddy_body_get_pose(b, &p);
        if (c == 0) assert_true(p.y > 5.2);
        else assert_true(p.y < 4.8);
        free_rig(&r);
    }
}

/* The paper's drafting experiment (5.5): in each of two falling pairs the
 * upper body rides in the wake of the lower one and closes the gap. */
static void falling_pairs_draft(void **state)
{
    (void)state;
    rig r = make_rig(64, 73, -9.81, EDDY_FEEDBACK_EXACT, true);
    eddy_body *lower[2], *upper[2];
    for (int p = 0; p < 2; ++p) {
        double x = 3.0 + 4.0 * p;
        lower[p] = add_box(&r, EDDY_BODY_DYNAMIC, x, 6.5, 0, 0.3, 0.3, 1400);
        upper[p] = add_box(&r, EDDY_BODY_DYNAMIC, x, 8.0, 0, 0.3, 0.3, 1400);
    }
    double gap0[2], gap1[2];
    for (int p = 0; p < 2; ++p) {
        eddy_pose a, b;
        eddy_body_get_pose(lower[p], &a), eddy_body_get_pose(upper[p], &b);
        gap0[p] = b.y - a.y;
    }
    eddy_error err = {0};
    for (int s = 0; s < 150; ++s) assert_int_equal(eddy_coupling_step(r.c, 1.0 / 60, &err), EDDY_OK);
    for (int p = 0; p < 2; ++p) {
        eddy_pose a, b;
        eddy_body_get_pose(lower[p], &a), eddy_body_get_pose(upper[p], &b);
        gap1[p] = b.y - a.y;
        print_message("pair %d: gap %.3f -> %.3f m (lower at %.2f)\n", p, gap0[p], gap1[p], a.y);
        assert_true(gap1[p] < gap0[p] - 0.1);
        assert_true(a.y < 6.0); /* they really fell */
    }
    free_rig(&r);
}

static void bad_bodies_are_refused(void **state)
{
    (void)state;
    rig r = make_rig(16, 10, 0, EDDY_FEEDBACK_EXACT, false);
    eddy_error err = {0};
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = 12, bd.position[1] = 5; /* outside the 10 x 10 domain */
    eddy_body *b;
    assert_int_equal(eddy_body_create(r.world, &bd, &b, &err), EDDY_OK);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE, sd.radius = 0.3;
    eddy_body_add_shape(b, &sd, NULL, &err);
    assert_int_equal(eddy_coupling_add_body(r.c, b, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "outside"));
    bd.position[0] = 5;
    eddy_body *empty;
    assert_int_equal(eddy_body_create(r.world, &bd, &empty, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_add_body(r.c, empty, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "shape"));
    eddy_body *ball = add_circle(&r, EDDY_BODY_DYNAMIC, 5, 5, 0.3, 500);
    assert_int_equal(eddy_coupling_set_drag(r.c, ball, -0.1, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_set_drag(r.c, ball, NAN, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_set_drag(r.c, ball, 1e3, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_set_drag(r.c, empty, 1.0, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "not coupled"));
    assert_int_equal(eddy_coupling_set_drag(r.c, ball, 0.0, &err), EDDY_OK);
    assert_true(eddy_coupling_drag(r.c, ball) == 0.0);
    assert_int_equal(eddy_coupling_step(r.c, -1, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_step(r.c, NAN, &err), EDDY_ERR_ARGUMENT);
    free_rig(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(no_penetration_after_the_solve),
        cmocka_unit_test(residual_stream_function_falls_with_the_panels),
        cmocka_unit_test(schwarz_converges_for_nearly_touching_bodies),
        cmocka_unit_test(quadtree_is_within_threshold_of_naive),
        cmocka_unit_test(exact_feedback_equals_naive_on_a_fine_grid),
        cmocka_unit_test(body_in_a_stream_is_pushed_downstream),
        cmocka_unit_test(body_moving_through_still_fluid_slows),
        cmocka_unit_test(submerged_bodies_feel_archimedes),
        cmocka_unit_test(falling_pairs_draft),
        cmocka_unit_test(bad_bodies_are_refused),
    };
    return cmocka_run_group_tests_name("coupling", tests, NULL, NULL);
}
