// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_cost_bound.c - the run cost model bounds the work of a step (issue
 * 30, item 7).
 *
 * A 1e6 m/s circle of density 1e9 with quadtree feedback was estimated at
 * 14.2 ms a step and cost about 224 ms: the model took 8 Taylor terms a step
 * where the clamped series took about 2,000, and a constant 8 us a panel of
 * quadtree feedback where its strong panels descended to every sample. The
 * work is counted here, not timed (a busy machine changes the time, not the
 * count): the Taylor terms the fluid reports and the panel-velocity
 * evaluations of the quadtree (eddy_coupling_timings), against the terms and
 * evaluations eddy_step_cost counts. Adversarial scenes (fast, dense, many
 * bodies, quadtree and exact feedback) must stay under both the estimate
 * made before the run and the live one of every step; the shipped scenes
 * must not be overestimated more than 20 times. */
#include "test_util.h"

#include "eddy_body.h"
#include "eddy_coupling.h"
#include "eddy_scene.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct counted {
    double start_terms, start_evaluations; /* the estimate before the run */
    double max_terms, max_evaluations;     /* the most a step did */
    double mean_terms, mean_evaluations;
    double worst_live_terms, worst_live_evaluations; /* measured / live estimate, the most */
} counted;

static eddy_asset *box_asset(int cells)
{
    static eddy_asset *made[2];
    int k = cells == 64 ? 0 : 1;
    if (!made[k]) made[k] = test_build_asset(10, 10, cells, cells, 73);
    return made[k];
}

/* Runs a scene on an asset for steps steps, counting its work. */
static counted run_counted(const eddy_asset *a, const char *json, int steps)
{
    counted out = {0};
    eddy_error err = {0};
    eddy_scene *sc = NULL;
    if (eddy_scene_load_memory(json, strlen(json), &sc, &err) != EDDY_OK)
        fail_msg("scene: %s", err.message);
    eddy_asset_info info;
    eddy_asset_get_info(a, &info);
    eddy_step_cost_desc base = {.mode_count = info.mode_count,
                                .tensor_nonzeros = info.tensor_nonzeros,
                                .walls = info.wall_count > 0, .advection = info.advection,
                                .width = info.width, .height = info.height, .nx = info.nx,
                                .ny = info.ny, .dt = eddy_scene_dt(sc)};
    eddy_step_cost start;
    if (eddy_scene_step_cost(sc, &base, &start, &err) != EDDY_OK) fail_msg("cost: %s", err.message);
    out.start_terms = start.taylor_terms, out.start_evaluations = start.feedback_evaluations;
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(sc, &fd);
    eddy_fluid *f = NULL;
    if (eddy_fluid_create(a, &fd, &f, &err) != EDDY_OK) fail_msg("fluid: %s", err.message);
    assert_int_equal(eddy_scene_apply_initial(sc, f, &err), EDDY_OK);
    eddy_scene_view v;
    eddy_scene_get(sc, &v);
    eddy_body *bodies[64];
    assert_true(v.body_count <= 64);
    eddy_world *w = NULL;
    eddy_coupling *c = NULL;
    if (eddy_scene_build_world(sc, f, &w, &c, bodies, &err) != EDDY_OK)
        fail_msg("world: %s", err.message);
    double dt = eddy_scene_dt(sc);
    for (int s = 0; s < steps; ++s) {
        eddy_step_cost live;
        eddy_coupling_step_cost(c, &live);
        assert_int_equal(eddy_scene_apply_forces(sc, f, s * dt, &err), EDDY_OK);
        if (eddy_coupling_step(c, dt, &err) != EDDY_OK) fail_msg("step %d: %s", s, err.message);
        eddy_coupling_timings tm;
        eddy_coupling_get_timings(c, &tm);
        double terms = tm.fluid.taylor_terms, evaluations = tm.quadtree_nodes;
        out.max_terms = fmax(out.max_terms, terms);
        out.max_evaluations = fmax(out.max_evaluations, evaluations);
        out.mean_terms += terms / steps, out.mean_evaluations += evaluations / steps;
        out.worst_live_terms = fmax(out.worst_live_terms, terms / live.taylor_terms);
        if (live.feedback_evaluations > 0)
            out.worst_live_evaluations =
                fmax(out.worst_live_evaluations, evaluations / live.feedback_evaluations);
    }
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    eddy_fluid_destroy(f);
    eddy_scene_destroy(sc);
    return out;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    char *text = calloc(1 << 16, 1);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    assert_true(n > 0 && n < (1 << 16) - 1);
    return text;
}

static void report(const char *what, const counted *k)
{
    print_message("%-34s terms: estimate %6.0f, measured max %5.0f mean %7.1f (live %.2f); "
                  "evaluations: estimate %9.0f, measured max %8.0f (live %.2f)\n",
                  what, k->start_terms, k->max_terms, k->mean_terms, k->worst_live_terms,
                  k->start_evaluations, k->max_evaluations, k->worst_live_evaluations);
}

/* measured <= estimate, before the run and every step */
static void assert_bounded(const char *what, const counted *k)
{
    report(what, k);
    if (k->max_terms > k->start_terms)
        fail_msg("%s: %g Taylor terms in a step, estimated %g", what, k->max_terms, k->start_terms);
    if (k->max_evaluations > k->start_evaluations)
        fail_msg("%s: %g quadtree evaluations in a step, estimated %g", what, k->max_evaluations,
                 k->start_evaluations);
    if (k->worst_live_terms > 1.0 || k->worst_live_evaluations > 1.0)
        fail_msg("%s: a step did %g times the live estimate's terms, %g its evaluations", what,
                 k->worst_live_terms, k->worst_live_evaluations);
}

static char *circle_scene(char *buf, size_t size, const char *feedback, double speed,
                          double density, double radius)
{
    snprintf(buf, size, "{\"dt\": 0.016666666666666666, \"feedback\": \"%s\", \"bodies\": "
             "[{\"shape\": \"circle\", \"radius\": %g, \"x\": 5, \"y\": 5, \"vx\": %g, "
             "\"vy\": 0, \"density\": %g}]}", feedback, radius, speed, density);
    return buf;
}

/* The circle, and slower, lighter, larger ones. */
static void fast_and_dense_bodies_stay_under_the_estimate(void **state)
{
    (void)state;
    static const struct { double speed, density, radius; const char *feedback; } cases[] = {
        {1e6, 1e9, 0.5, "quadtree"}, {1e4, 1e9, 0.5, "quadtree"}, {1e3, 1000, 1.0, "quadtree"},
        {100, 1e9, 0.25, "quadtree"}, {30, 1000, 0.5, "quadtree"}, {10, 1e9, 0.5, "quadtree"},
        {3, 800, 1.0, "quadtree"},    {1, 1e9, 0.5, "quadtree"}, {1e5, 1e9, 0.5, "exact"},
        {1e3, 500, 1.0, "exact"},     {1e6, 1e9, 0.5, "naive"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; ++i) {
        char json[512], what[96];
        circle_scene(json, sizeof json, cases[i].feedback, cases[i].speed, cases[i].density,
                     cases[i].radius);
        snprintf(what, sizeof what, "%s %g m/s %g kg/m^2 r %g", cases[i].feedback, cases[i].speed,
                 cases[i].density, cases[i].radius);
        counted k = run_counted(box_asset(64), json, 8);
        assert_bounded(what, &k);
    }
}

/* Twenty fast bodies in a heap, quadtree feedback on the finer grid. */
static void many_fast_bodies_stay_under_the_estimate(void **state)
{
    (void)state;
    char json[8192] = "{\"dt\": 0.016666666666666666, \"feedback\": \"quadtree\", \"bodies\": [";
    for (int i = 0; i < 20; ++i) {
        char body[200];
        snprintf(body, sizeof body, "%s{%s, \"x\": %g, \"y\": %g, \"vx\": %g, \"vy\": %g, "
                 "\"omega\": %g, \"density\": 5000}", i ? ", " : "",
                 i % 2 ? "\"shape\": \"circle\", \"radius\": 0.3"
                       : "\"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.2",
                 2.0 + 1.5 * (i % 5), 2.0 + 1.8 * (i / 5), 50.0 * (i % 3), -30.0 * (i % 4),
                 20.0 * (i % 2));
        strcat(json, body);
    }
    strcat(json, "]}");
    counted k = run_counted(box_asset(128), json, 6);
    assert_bounded("20 bodies up to 100 m/s, 128^2", &k);
}

/* The shipped scenes: bounded, and not overestimated more than 20 times. */
static void shipped_scenes_are_estimated_within_twenty_times(void **state)
{
    (void)state;
    static const char *const scenes[] = {"assets/scenes/demo.json", "assets/scenes/drafting.json",
                                         "assets/scenes/paper-game.json"};
    for (size_t i = 0; i < sizeof scenes / sizeof *scenes; ++i) {
        char *json = read_text(scenes[i]);
        counted k = run_counted(box_asset(64), json, 120);
        free(json);
        assert_bounded(scenes[i], &k);
        assert_true(k.start_terms <= 20.0 * k.mean_terms);
        if (k.start_evaluations > 0) assert_true(k.start_evaluations <= 20.0 * k.mean_evaluations);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fast_and_dense_bodies_stay_under_the_estimate),
        cmocka_unit_test(many_fast_bodies_stay_under_the_estimate),
        cmocka_unit_test(shipped_scenes_are_estimated_within_twenty_times),
    };
    alarm(test_hang_seconds());
    return cmocka_run_group_tests(tests, NULL, NULL);
}
