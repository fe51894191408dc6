// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_workers.c - the coupled step on the game's worker threads (issue 32,
 * eddy_coupling.h "WORKERS"):
 *   - a crowd of 150 bodies (near blocks, far field through local
 *     expansions and at midpoints, wall images, exact feedback, the fluid
 *     at the panels' midpoints in chunks, each body's forces) stepped on
 *     the calling thread alone, and on pools of 1, 2, 3 and 8 POSIX threads
 *     (bench/task_pool.h): fluid coefficients, poses and velocities equal
 *     bit for bit after every run, and the pools were handed every one of
 *     those five kinds of task;
 *   - a raft of 30 boxes at half the water's density afloat in a tank
 *     filled to a depth (surface, wet masks, the lid, the hydrostatic
 *     kicks around the forces): the same bits on none, 1, 2, 3 and 8
 *     threads;
 *   - a pool handed over after some steps (eddy_coupling_set_workers) and
 *     taken away again continues the same bits;
 *   - bad input (worker counts outside 0..EDDY_MAX_WORKERS, one callback
 *     without the other) is refused with a message and changes nothing.
 * `make tsan` builds this test with -fsanitize=thread and runs it. */
#include "test_util.h"

#include "eddy_scene.h"
#include "../bench/task_pool.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MODES 73
#define BODIES 150
#define STEPS 40
#define STATE (MODES + 6 * BODIES)

/* Counts the tasks handed to the pool (the step really ran on it), and the
 * kinds of task (their functions; enqueue runs on the stepping thread). */
static int enqueued;
#define KINDS_MAX 16
static eddy_task_fn *kinds[KINDS_MAX];
static int kind_count;

static void *counting_enqueue(eddy_task_fn *task, int items, int min_range, void *ctx, void *user)
{
    __atomic_add_fetch(&enqueued, 1, __ATOMIC_RELAXED);
    bool known = false;
    for (int k = 0; k < kind_count; ++k) known = known || kinds[k] == task;
    if (!known && kind_count < KINDS_MAX) kinds[kind_count++] = task;
    return task_pool_enqueue(task, items, min_range, ctx, user);
}

/* A crowd: BODIES mixed bodies of about 0.25 m on a jittered lattice over a
 * 10 m level (0.8 m apart), drifting in zero gravity through a stirred fluid. */
static char *crowd_scene(void)
{
    size_t cap = 4096 + (size_t)BODIES * 256, len = 0;
    char *s = malloc(cap);
    assert_non_null(s);
    len += (size_t)snprintf(s + len, cap - len,
        "{\"fluid\":{\"density\":1000,\"viscosity\":0.0005},\"gravity\":[0,0],"
        "\"feedback\":\"exact\",\"init_modes\":[{\"mode\":0,\"amp\":2},{\"mode\":4,\"amp\":-1}],"
        "\"stirs\":[{\"x\":3,\"y\":5,\"radius\":1,\"fx\":300,\"fy\":100},"
        "{\"x\":7,\"y\":4,\"radius\":1,\"fx\":-200,\"fy\":250}],\"bodies\":[");
    int cells = 13;
    double pitch = 9.0 / cells;
    uint64_t seed = 4242;
    for (int i = 0; i < BODIES; ++i) {
        double x = 0.5 + (i % cells + 0.5) * pitch + 0.1 * pitch * test_random(&seed);
        double y = 0.5 + (i / cells + 0.5) * pitch + 0.1 * pitch * test_random(&seed);
        double vx = 0.3 * test_random(&seed), vy = 0.3 * test_random(&seed);
        double angle = 3.1 * test_random(&seed);
        const char *shape = i % 3 == 0   ? "\"shape\":\"circle\",\"radius\":0.12"
                            : i % 3 == 1 ? "\"shape\":\"box\",\"hw\":0.12,\"hh\":0.08"
                                         : "\"shape\":\"polygon\",\"points\":[[-0.13,-0.1],"
                                           "[0.13,-0.1],[0,0.14]]";
        len += (size_t)snprintf(s + len, cap - len,
                                "%s{%s,\"x\":%.6f,\"y\":%.6f,\"angle\":%.6f,\"vx\":%.4f,\"vy\":%.4f}",
                                i ? "," : "", shape, x, y, angle, vx, vy);
    }
    snprintf(s + len, cap - len, "]}");
    return s;
}

typedef struct crowd {
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
    eddy_body *bodies[BODIES];
    double dt;
    long step;
} crowd;

static void crowd_start(crowd *r, const eddy_asset *a, const eddy_scene *scene)
{
    eddy_fluid_desc d = {0};
    eddy_scene_fluid_desc(scene, &d);
    eddy_error err = {0};
    if (eddy_fluid_create(a, &d, &r->fluid, &err) != EDDY_OK ||
        eddy_scene_apply_initial(scene, r->fluid, &err) != EDDY_OK ||
        eddy_scene_build_world(scene, r->fluid, &r->world, &r->c, r->bodies, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    r->dt = eddy_scene_dt(scene);
    r->step = 0;
}

static void crowd_steps(crowd *r, const eddy_scene *scene, int steps)
{
    eddy_error err = {0};
    for (int n = 0; n < steps; ++n, ++r->step) {
        assert_int_equal(eddy_scene_apply_forces(scene, r->fluid, r->step * r->dt, NULL), EDDY_OK);
        eddy_result rc = eddy_coupling_step(r->c, r->dt, &err);
        if (rc != EDDY_OK) fail_msg("step %ld: %s", r->step, err.message);
    }
}

static void crowd_state(const crowd *r, double *out)
{
    memcpy(out, eddy_fluid_coefficients(r->fluid), MODES * sizeof(double));
    for (int b = 0; b < BODIES; ++b) {
        eddy_pose p;
        double v[2];
        eddy_body_get_pose(r->bodies[b], &p);
        eddy_body_linear_velocity(r->bodies[b], v);
        double *s = out + MODES + 6 * b;
        s[0] = p.x, s[1] = p.y, s[2] = p.angle, s[3] = v[0], s[4] = v[1];
        s[5] = eddy_body_angular_velocity(r->bodies[b]);
    }
}

static void crowd_stop(crowd *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
}

/* STEPS steps on `workers` threads (0: no task system at all). */
static void run_on(const eddy_asset *a, const eddy_scene *scene, int workers, double *state)
{
    crowd r;
    crowd_start(&r, a, scene);
    task_pool pool;
    if (workers > 0) {
        assert_true(task_pool_start(&pool, workers));
        eddy_error err = {0};
        if (eddy_coupling_set_workers(r.c, workers, counting_enqueue, task_pool_finish, &pool,
                                      &err) != EDDY_OK)
            fail_msg("%s", err.message);
    }
    int before = enqueued;
    kind_count = 0;
    crowd_steps(&r, scene, STEPS);
    crowd_state(&r, state);
    if (workers > 1) { /* far field, near blocks, samples, forces, feedback: every step */
        assert_true(enqueued - before >= 5 * STEPS);
        assert_true(kind_count >= 5);
    } else {
        assert_int_equal(enqueued, before); /* one worker: the calling thread alone */
    }
    crowd_stop(&r);
    if (workers > 0) task_pool_stop(&pool);
}

static eddy_asset *asset;
static eddy_scene *scene;

static int set_up(void **state)
{
    (void)state;
    alarm(test_hang_seconds());
    asset = test_build_asset(10, 10, 64, 64, MODES);
    char *json = crowd_scene();
    eddy_error err = {0};
    if (eddy_scene_load_memory(json, strlen(json), &scene, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    free(json);
    return 0;
}

static int tear_down(void **state)
{
    (void)state;
    eddy_scene_destroy(scene);
    eddy_asset_destroy(asset);
    return 0;
}

static void any_worker_count_same_bits(void **state)
{
    (void)state;
    static double alone[STATE], other[STATE];
    run_on(asset, scene, 0, alone);
    const int counts[] = {1, 2, 3, 8};
    for (int i = 0; i < 4; ++i) {
        run_on(asset, scene, counts[i], other);
        print_message("%d workers: body 0 at (%.9f, %.9f), r_0 %.9f\n", counts[i],
                      other[MODES], other[MODES + 1], other[0]);
        assert_memory_equal(alone, other, sizeof alone);
    }
    /* the crowd moved: the comparison is not of a still scene */
    double first[STATE];
    crowd r;
    crowd_start(&r, asset, scene);
    crowd_state(&r, first);
    crowd_stop(&r);
    assert_true(fabs(first[MODES] - alone[MODES]) > 1e-4);
}

static void workers_handed_over_midway(void **state)
{
    (void)state;
    static double alone[STATE], mixed[STATE];
    run_on(asset, scene, 0, alone);
    crowd r;
    crowd_start(&r, asset, scene);
    crowd_steps(&r, scene, STEPS / 4);
    task_pool pool;
    assert_true(task_pool_start(&pool, 3));
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_set_workers(r.c, 3, task_pool_enqueue, task_pool_finish, &pool,
                                               &err), EDDY_OK);
    crowd_steps(&r, scene, STEPS / 2);
    assert_int_equal(eddy_coupling_set_workers(r.c, 0, NULL, NULL, NULL, &err), EDDY_OK);
    crowd_steps(&r, scene, STEPS - STEPS / 4 - STEPS / 2);
    crowd_state(&r, mixed);
    crowd_stop(&r);
    task_pool_stop(&pool);
    assert_memory_equal(alone, mixed, sizeof alone);
}

static void bad_worker_settings_refused(void **state)
{
    (void)state;
    crowd r;
    crowd_start(&r, asset, scene);
    task_pool pool;
    assert_true(task_pool_start(&pool, 2));
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_set_workers(r.c, EDDY_MAX_WORKERS + 1, task_pool_enqueue,
                                               task_pool_finish, &pool, &err),
                     EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "worker_count"));
    assert_int_equal(eddy_coupling_set_workers(r.c, -1, task_pool_enqueue, task_pool_finish,
                                               &pool, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_set_workers(r.c, 2, task_pool_enqueue, NULL, &pool, &err),
                     EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "finish_task"));
    assert_int_equal(eddy_coupling_set_workers(NULL, 2, NULL, NULL, NULL, &err), EDDY_ERR_ARGUMENT);
    /* nothing changed: still on the calling thread alone */
    int before = enqueued;
    crowd_steps(&r, scene, 2);
    assert_int_equal(enqueued, before);
    crowd_stop(&r);
    task_pool_stop(&pool);
    /* the same rules at creation */
    eddy_fluid *f = test_make_fluid(asset, 0.0);
    eddy_world_desc wd = {0};
    eddy_world *w = NULL;
    assert_int_equal(eddy_world_create(&wd, &w, &err), EDDY_OK);
    eddy_coupling_desc cd = {.worker_count = 2, .enqueue_task = task_pool_enqueue};
    eddy_coupling *c = NULL;
    assert_int_equal(eddy_coupling_create(f, w, &cd, &c, &err), EDDY_ERR_ARGUMENT);
    assert_null(c);
    cd = (eddy_coupling_desc){.worker_count = -3};
    assert_int_equal(eddy_coupling_create(f, w, &cd, &c, &err), EDDY_ERR_ARGUMENT);
    eddy_world_destroy(w);
    eddy_fluid_destroy(f);
}

/* ------------------------------------------------------------ afloat */

#define RAFT 30

/* 40 steps of RAFT boxes dropped onto the water of a 10 x 6 m tank filled
 * to 4 m, on `workers` threads (0: none); poses and velocities into out. */
static void raft_on(const eddy_asset *a, int workers, double *out)
{
    eddy_error err = {0};
    eddy_fluid_desc fd = {0};
    fd.viscosity = 1e-3;
    eddy_fluid *f = NULL;
    eddy_world *w = NULL;
    eddy_coupling *c = NULL;
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    task_pool pool;
    eddy_coupling_desc cd = {0};
    if (workers > 0) {
        assert_true(task_pool_start(&pool, workers));
        cd.worker_count = workers;
        cd.enqueue_task = task_pool_enqueue;
        cd.finish_task = task_pool_finish;
        cd.user_task_context = &pool;
    }
    if (eddy_fluid_create(a, &fd, &f, &err) != EDDY_OK || eddy_world_create(&wd, &w, &err) != EDDY_OK ||
        eddy_coupling_create(f, w, &cd, &c, &err) != EDDY_OK ||
        eddy_coupling_add_walls(c, NULL, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    eddy_body *b[RAFT];
    for (int k = 0; k < RAFT; ++k) {
        eddy_body_desc bd = {0};
        bd.type = EDDY_BODY_DYNAMIC;
        bd.position[0] = 0.8 + 0.6 * (k % 15);
        bd.position[1] = 4.15 + 0.35 * (k / 15);
        bd.disable_sleep = true;
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_BOX, sd.half_width = 0.22, sd.half_height = 0.15, sd.density = 500;
        if (eddy_body_create(w, &bd, &b[k], &err) != EDDY_OK ||
            eddy_body_add_shape(b[k], &sd, NULL, &err) != EDDY_OK ||
            eddy_coupling_add_body(c, b[k], &err) != EDDY_OK)
            fail_msg("%s", err.message);
    }
    for (int n = 0; n < STEPS; ++n) {
        eddy_stir st = {.x = 5, .y = 2, .radius = 1, .fx = 200, .fy = 0};
        assert_int_equal(eddy_fluid_add_stir(f, &st), EDDY_OK);
        if (eddy_coupling_step(c, 1.0 / 60, &err) != EDDY_OK) fail_msg("%s", err.message);
    }
    for (int k = 0; k < RAFT; ++k) {
        eddy_pose p;
        double v[2];
        eddy_body_get_pose(b[k], &p);
        eddy_body_linear_velocity(b[k], v);
        double *o = out + 6 * k;
        o[0] = p.x, o[1] = p.y, o[2] = p.angle, o[3] = v[0], o[4] = v[1];
        o[5] = eddy_body_angular_velocity(b[k]);
    }
    memcpy(out + 6 * RAFT, eddy_fluid_coefficients(f), MODES * sizeof(double));
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    eddy_fluid_destroy(f);
    if (workers > 0) task_pool_stop(&pool);
}

static void raft_afloat_same_bits(void **state)
{
    (void)state;
    eddy_build_desc d = {0};
    d.width = 10, d.height = 6, d.depth = 4, d.nx = 64, d.ny = 38, d.modes = MODES;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("%s", err.message);
    static double alone[6 * RAFT + MODES], other[6 * RAFT + MODES];
    raft_on(a, 0, alone);
    const int counts[] = {1, 2, 3, 8};
    for (int i = 0; i < 4; ++i) {
        raft_on(a, counts[i], other);
        assert_memory_equal(alone, other, sizeof alone);
    }
    print_message("raft: box 0 at (%.6f, %.6f) after %d steps on none, 1, 2, 3 and 8 workers\n",
                  alone[0], alone[1], STEPS);
    assert_true(fabs(alone[1] - 4.15) > 1e-3); /* it moved */
    eddy_asset_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(any_worker_count_same_bits),
        cmocka_unit_test(raft_afloat_same_bits),
        cmocka_unit_test(workers_handed_over_midway),
        cmocka_unit_test(bad_worker_settings_refused),
    };
    return cmocka_run_group_tests(tests, set_up, tear_down);
}
