// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * workers.c - the coupled step on the game's own threads (eddy_coupling.h,
 * WORKERS): a small pool of C11 threads hands eddy enqueue and finish
 * callbacks, the way a game hands Box2D v3 its task system. 60 crates at
 * half the water's density rise through a stirred 10 x 10 m tank; the same
 * run is made on the calling thread alone and on the pool, and the two must
 * end in the same bits (eddy's parallel work does not depend on the worker
 * count). It links with
 *
 *   cc workers.c $(pkg-config --cflags --libs eddy-box2d) -o workers   (or eddy-box2d-v3)
 *   ./workers tank.eddy [WORKERS]     # any asset, e.g. from examples/build_tank.c
 *
 * It prints one line per simulated second of the pooled run, then "same bits
 * on 1 and N workers"; exits 1 with a message on any error or difference.
 */
#include <eddy/eddy.h>
#include <eddy/eddy_body.h>
#include <eddy/eddy_coupling.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

/* ------------------------------------------------------------ the game's pool */

#define POOL_MAX 16

/* Worker 0 is the thread that steps; workers 1..n-1 wait for ranges. */
typedef struct pool {
    int workers;
    thrd_t threads[POOL_MAX];
    int index[POOL_MAX];
    mtx_t lock;
    cnd_t wake, done;
    unsigned long job;  /* counts the jobs handed out */
    int pending;        /* ranges of this job still running */
    bool quit;
    eddy_task_fn *task; /* this job */
    void *context;
    int items, chunk;
} pool;

static pool the_pool;

static void run_range(pool *p, int worker)
{
    int start = worker * p->chunk, end = start + p->chunk < p->items ? start + p->chunk : p->items;
    if (start < end) p->task(start, end, worker, p->context);
}

static int worker_main(void *arg)
{
    int worker = *(int *)arg;
    pool *p = &the_pool;
    unsigned long seen = 0;
    mtx_lock(&p->lock);
    while (!p->quit) {
        if (p->job == seen) {
            cnd_wait(&p->wake, &p->lock);
            continue;
        }
        seen = p->job;
        mtx_unlock(&p->lock);
        run_range(p, worker);
        mtx_lock(&p->lock);
        if (--p->pending == 0) cnd_signal(&p->done);
    }
    mtx_unlock(&p->lock);
    return 0;
}

/* eddy_enqueue_task_fn: n ranges of at least min_range items; this thread
 * runs the first, the pool the others. */
static void *enqueue(eddy_task_fn *task, int items, int min_range, void *task_context, void *user)
{
    pool *p = user;
    int chunk = (items + p->workers - 1) / p->workers;
    mtx_lock(&p->lock);
    p->task = task, p->context = task_context, p->items = items;
    p->chunk = chunk > min_range ? chunk : min_range;
    p->pending = p->workers - 1;
    p->job++;
    cnd_broadcast(&p->wake);
    mtx_unlock(&p->lock);
    run_range(p, 0);
    return p;
}

/* eddy_finish_task_fn: waits for the pool's ranges. */
static void finish(void *handle, void *user)
{
    (void)user;
    pool *p = handle;
    mtx_lock(&p->lock);
    while (p->pending > 0) cnd_wait(&p->done, &p->lock);
    mtx_unlock(&p->lock);
}

static bool pool_start(pool *p, int workers)
{
    memset(p, 0, sizeof *p);
    p->workers = workers;
    if (mtx_init(&p->lock, mtx_plain) != thrd_success || cnd_init(&p->wake) != thrd_success ||
        cnd_init(&p->done) != thrd_success)
        return false;
    for (int i = 1; i < workers; ++i) {
        p->index[i] = i;
        if (thrd_create(&p->threads[i], worker_main, &p->index[i]) != thrd_success) {
            p->workers = i;
            return false;
        }
    }
    return true;
}

static void pool_stop(pool *p)
{
    mtx_lock(&p->lock);
    p->quit = true;
    cnd_broadcast(&p->wake);
    mtx_unlock(&p->lock);
    for (int i = 1; i < p->workers; ++i) thrd_join(p->threads[i], NULL);
    cnd_destroy(&p->wake), cnd_destroy(&p->done), mtx_destroy(&p->lock);
}

/* ------------------------------------------------------------ the game */

#define CRATES 60

static int fail(const char *what, const eddy_error *err)
{
    fprintf(stderr, "workers: %s: %s\n", what, err->message);
    return 1;
}

/* Three seconds of the tank on `workers` threads (1: no task system);
 * out gets every crate's x, y, angle at the end. */
static int run(const eddy_asset *asset, int workers, bool print, double *out)
{
    eddy_error err;
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    eddy_fluid_desc fd = {0};
    fd.viscosity = 1e-3;
    eddy_fluid *fluid = NULL;
    if (eddy_fluid_create(asset, &fd, &fluid, &err) != EDDY_OK) return fail("fluid", &err);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_world *world = NULL;
    if (eddy_world_create(&wd, &world, &err) != EDDY_OK) return fail("world", &err);
    eddy_coupling_desc cd = {0};
    cd.max_bodies = CRATES;
    if (workers > 1) { /* the game's task system */
        cd.worker_count = workers;
        cd.enqueue_task = enqueue;
        cd.finish_task = finish;
        cd.user_task_context = &the_pool;
    }
    eddy_coupling *c = NULL;
    if (eddy_coupling_create(fluid, world, &cd, &c, &err) != EDDY_OK) return fail("coupling", &err);
    if (eddy_coupling_add_walls(c, NULL, &err) != EDDY_OK) return fail("walls", &err);
    eddy_body *crates[CRATES];
    for (int i = 0; i < CRATES; ++i) {
        eddy_body_desc bd = {0};
        bd.type = EDDY_BODY_DYNAMIC;
        bd.position[0] = 1.0 + (i % 10) * 0.88 * info.width / 10.0;
        bd.position[1] = 1.0 + (i / 10) * 0.6;
        bd.angle = 0.3 * i;
        if (eddy_body_create(world, &bd, &crates[i], &err) != EDDY_OK) return fail("crate", &err);
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_BOX;
        sd.half_width = 0.22, sd.half_height = 0.15;
        sd.density = 500.0; /* half the water's */
        if (eddy_body_add_shape(crates[i], &sd, NULL, &err) != EDDY_OK ||
            eddy_coupling_add_body(c, crates[i], &err) != EDDY_OK)
            return fail("crate", &err);
    }
    const double dt = 1.0 / 60.0;
    for (int n = 1; n <= 180; ++n) {
        eddy_stir stir = {.x = 0.5 * info.width, .y = 0.3 * info.height,
                          .radius = 0.15 * info.width, .fx = 40.0 * (n < 90 ? 1 : -1), .fy = 0.0};
        if (eddy_fluid_add_stir(fluid, &stir) != EDDY_OK) return fail("stir", &err);
        if (eddy_coupling_step(c, dt, &err) != EDDY_OK) return fail("step", &err);
        if (print && n % 60 == 0) {
            eddy_pose p;
            eddy_body_get_pose(crates[0], &p);
            printf("t=%.2f s  crate 0 at (%.4f, %.4f)  energy %.6g J/m on %d workers\n", n * dt,
                   p.x, p.y, eddy_coupling_kinetic_energy(c), workers);
        }
    }
    for (int i = 0; i < CRATES; ++i) {
        eddy_pose p;
        eddy_body_get_pose(crates[i], &p);
        out[3 * i] = p.x, out[3 * i + 1] = p.y, out[3 * i + 2] = p.angle;
    }
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    return 0;
}

int main(int argc, char **argv)
{
    int workers = argc == 3 ? atoi(argv[2]) : 2;
    if (argc < 2 || argc > 3 || workers < 2 || workers > POOL_MAX) {
        fprintf(stderr, "usage: workers ASSET.eddy [WORKERS 2..%d]\n", POOL_MAX);
        return 2;
    }
    eddy_error err;
    eddy_asset *asset = NULL;
    if (eddy_asset_load_file(argv[1], &asset, &err) != EDDY_OK) return fail(argv[1], &err);
    if (!pool_start(&the_pool, workers)) {
        fprintf(stderr, "workers: cannot start %d threads\n", workers);
        return 1;
    }
    static double alone[3 * CRATES], pooled[3 * CRATES];
    int status = run(asset, workers, true, pooled);
    if (status == 0) status = run(asset, 1, false, alone);
    pool_stop(&the_pool);
    eddy_asset_destroy(asset);
    if (status != 0) return status;
    if (memcmp(alone, pooled, sizeof alone) != 0) {
        fprintf(stderr, "workers: 1 and %d workers disagree\n", workers);
        return 1;
    }
    printf("same bits on 1 and %d workers\n", workers);
    return 0;
}
