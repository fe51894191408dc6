// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_surface.c - what water with a surface costs (issue 20): 15 bodies
 * floating in a pool against the same 15 bodies under water, in one run.
 *
 *   build/bench/bench_surface [--steps N] [--warmup W] [--json] [--only SETUP]
 *
 * Three set-ups of one 20 m wide, 4 m deep pool (64 x 13 cells, 73 modes):
 *   floating   the tank 6 m high filled to 4 m (precompute --depth): 15
 *              boxes and discs of 300..700 kg/m^2 dropped onto the surface,
 *              bobbing in their own waves (32 surface modes): every step clips
 *              every body at the surface, steps the waves and their sources;
 *   submerged  the same pool, the same 15 bodies at 1000 kg/m^2 held under
 *              water just below the surface (it is there, the bodies are all
 *              wet): the cost of the surface's bookkeeping for wet bodies;
 *   full tank  a full 20 x 4 m tank (no surface) with the same 15 bodies
 *              under water just below its lid: the coupling as it was before
 *              the surface.
 * A slow current (the fluid's first three modes) keeps the bodies moving in
 * each set-up alike. After W warm-up steps (the floaters settle), N steps are
 * timed by the
 * process's CPU clock (immune to other processes, not to a shared core's
 * caches); the ratios come from one run. The coupled step allocates nothing
 * (tests/test_surface.c).
 *
 *   build/bench/bench_surface --raft [--steps N] [--warmup W] [--workers K]
 *                             [--only raft|spread]
 *
 * A crowd on the surface instead (issue 32): 120 boxes of 0.44 x 0.30 m at
 * half the water's density dropped in three loose rows onto a 30 m pool
 * (30 x 6 m tank filled to 4.5 m, 160 x 32 cells, 128 modes), against the
 * same 120 boxes at the water's density spread over the pool on a lattice,
 * under water; both in the slow current, on K worker threads
 * (bench/task_pool.h; 1: the calling thread). Prints CPU ms a step (all
 * threads' CPU: divide by the wall clock for the speed-up), the wall-clock
 * ms, the sweeps and the ratio raft / spread (target: at most 2x). */
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_coupling.h>
#include <eddy/eddy_surface.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "task_pool.h"

#define BODIES 15

static double cpu_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

typedef struct result {
    double cpu_ms;      /* per step */
    double sweeps;      /* Schwarz sweeps per step (5.17) */
    double images;      /* wall-image panels per step (5.3.3) */
    double surface_ms;  /* the coupling's own clock: fluid, panels, forces, feedback */
    double submerged;   /* mean wet share of the bodies at the end */
} result;

static eddy_asset *build(double depth)
{
    eddy_build_desc d = {0};
    d.width = 20, d.height = depth > 0 ? 6 : 4, d.depth = depth, d.nx = 64, d.ny = 13, d.modes = 73;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) {
        fprintf(stderr, "bench_surface: %s\n", err.message);
        exit(70);
    }
    return a;
}

static result run(const eddy_asset *a, bool floating, int warmup, int steps)
{
    eddy_error err = {0};
    eddy_fluid_desc fd = {0};
    fd.viscosity = 1e-3;
    eddy_fluid *f = NULL;
    eddy_world *w = NULL;
    eddy_coupling *c = NULL;
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_coupling_desc cd = {0};
    cd.schwarz_tolerance = 1e-3;
    if (eddy_fluid_create(a, &fd, &f, &err) != EDDY_OK || eddy_world_create(&wd, &w, &err) != EDDY_OK ||
        eddy_coupling_create(f, w, &cd, &c, &err) != EDDY_OK ||
        eddy_coupling_add_walls(c, NULL, &err) != EDDY_OK) {
        fprintf(stderr, "bench_surface: %s\n", err.message);
        exit(70);
    }
    eddy_body *bodies[BODIES];
    for (int k = 0; k < BODIES; ++k) {
        eddy_body_desc bd = {0};
        bd.type = EDDY_BODY_DYNAMIC;
        bd.position[0] = 1.0 + 1.25 * k;
        /* floaters dropped just above the surface; the others held under it
           at the same height, so that both meet the lid's wall images */
        bd.position[1] = floating ? 4.2 : 3.45;
        bd.disable_sleep = true;
        eddy_body_create(w, &bd, &bodies[k], &err);
        eddy_shape_desc sd = {0};
        sd.density = floating ? 300 + 100 * (k % 5) : 1000;
        if (k % 3 == 0) {
            sd.type = EDDY_SHAPE_CIRCLE, sd.radius = 0.3;
        } else {
            sd.type = EDDY_SHAPE_BOX, sd.half_width = 0.35, sd.half_height = 0.2;
        }
        eddy_body_add_shape(bodies[k], &sd, NULL, &err);
        if (eddy_coupling_add_body(c, bodies[k], &err) != EDDY_OK) {
            fprintf(stderr, "bench_surface: %s\n", err.message);
            exit(70);
        }
    }
    /* a slow current through the pool (its first modes) keeps every body
       moving, in each set-up alike */
    int r0 = eddy_fluid_mode_count(f);
    double *dr = calloc((size_t)r0, sizeof *dr);
    for (int k = 0; k < r0 && k < 3; ++k) dr[k] = 1.5 / (k + 1);
    eddy_fluid_add_reduced(f, dr, r0);
    free(dr);
    for (int n = 0; n < warmup; ++n) eddy_coupling_step(c, 1.0 / 60, &err);
    result r = {0};
    double t0 = cpu_now_ms(), own = 0;
    for (int n = 0; n < steps; ++n) {
        eddy_coupling_step(c, 1.0 / 60, &err);
        eddy_coupling_timings t;
        eddy_coupling_get_timings(c, &t);
        own += t.total_ms - t.bodies_ms;
        r.sweeps += (double)t.schwarz_iterations / steps;
        r.images += (double)t.image_panels / steps;
    }
    r.cpu_ms = (cpu_now_ms() - t0) / steps;
    r.surface_ms = own / steps;
    for (int k = 0; k < BODIES; ++k) r.submerged += eddy_coupling_body_submerged(c, bodies[k]) / BODIES;
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    eddy_fluid_destroy(f);
    return r;
}

/* ------------------------------------------------------------ the raft */

#define RAFT 120

static double wall_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static task_pool raft_pool;

/* The raft (three loose rows on the surface) or the same boxes spread out
 * under water; wall-clock ms a step in *wall_ms. */
static result raft_run(const eddy_asset *a, bool raft, int warmup, int steps, int workers,
                       double *wall_ms)
{
    eddy_error err = {0};
    eddy_fluid_desc fd = {0};
    fd.viscosity = 1e-3;
    eddy_fluid *f = NULL;
    eddy_world *w = NULL;
    eddy_coupling *c = NULL;
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_coupling_desc cd = {0};
    cd.max_bodies = RAFT;
    if (workers > 1) {
        cd.worker_count = workers;
        cd.enqueue_task = task_pool_enqueue;
        cd.finish_task = task_pool_finish;
        cd.user_task_context = &raft_pool;
    }
    if (eddy_fluid_create(a, &fd, &f, &err) != EDDY_OK || eddy_world_create(&wd, &w, &err) != EDDY_OK ||
        eddy_coupling_create(f, w, &cd, &c, &err) != EDDY_OK ||
        eddy_coupling_add_walls(c, NULL, &err) != EDDY_OK) {
        fprintf(stderr, "bench_surface: %s\n", err.message);
        exit(70);
    }
    for (int k = 0; k < RAFT; ++k) {
        eddy_body_desc bd = {0};
        bd.type = EDDY_BODY_DYNAMIC;
        if (raft) { /* 40 a row, 0.7 m apart, rows 0.4 m above each other */
            bd.position[0] = 1.3 + 0.7 * (k % 40) + 0.1 * ((k / 40) % 2);
            bd.position[1] = 4.7 + 0.4 * (k / 40);
        } else { /* 20 x 6 lattice under water */
            bd.position[0] = 0.75 + 1.5 * (k % 20);
            bd.position[1] = 0.6 + 0.65 * (k / 20);
        }
        bd.disable_sleep = true;
        eddy_body *b = NULL;
        eddy_body_create(w, &bd, &b, &err);
        eddy_shape_desc sd = {0};
        sd.density = raft ? 500 : 1000;
        sd.type = EDDY_SHAPE_BOX, sd.half_width = 0.22, sd.half_height = 0.15;
        eddy_body_add_shape(b, &sd, NULL, &err);
        if (eddy_coupling_add_body(c, b, &err) != EDDY_OK) {
            fprintf(stderr, "bench_surface: %s\n", err.message);
            exit(70);
        }
    }
    int r0 = eddy_fluid_mode_count(f);
    double *dr = calloc((size_t)r0, sizeof *dr);
    for (int k = 0; k < r0 && k < 3; ++k) dr[k] = 1.5 / (k + 1);
    eddy_fluid_add_reduced(f, dr, r0);
    free(dr);
    for (int n = 0; n < warmup; ++n) eddy_coupling_step(c, 1.0 / 60, &err);
    result r = {0};
    double t0 = cpu_now_ms(), w0 = wall_now_ms(), own = 0;
    for (int n = 0; n < steps; ++n) {
        eddy_coupling_step(c, 1.0 / 60, &err);
        eddy_coupling_timings t;
        eddy_coupling_get_timings(c, &t);
        own += t.total_ms - t.bodies_ms;
        r.sweeps += (double)t.schwarz_iterations / steps;
        r.images += (double)t.image_panels / steps;
    }
    r.cpu_ms = (cpu_now_ms() - t0) / steps;
    *wall_ms = (wall_now_ms() - w0) / steps;
    r.surface_ms = own / steps;
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    eddy_fluid_destroy(f);
    return r;
}

static int raft_main(int steps, int warmup, int workers, const char *only)
{
    if (workers > 1 && !task_pool_start(&raft_pool, workers)) {
        fprintf(stderr, "bench_surface: cannot start %d threads\n", workers);
        return 70;
    }
    eddy_build_desc d = {0};
    d.width = 30, d.height = 6, d.depth = 4.5, d.nx = 160, d.ny = 32, d.modes = 128;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) {
        fprintf(stderr, "bench_surface: %s\n", err.message);
        return 70;
    }
    double wall_raft = 0, wall_spread = 0;
    result none = {1, 0, 0, 1, 0};
    result raft = !only || strcmp(only, "raft") == 0
                      ? raft_run(a, true, warmup, steps, workers, &wall_raft) : none;
    result spread = !only || strcmp(only, "spread") == 0
                        ? raft_run(a, false, warmup, steps, workers, &wall_spread) : none;
    printf("120 boxes in a 30 x 6 m pool filled to 4.5 m, %d steps after %d, %d worker%s:\n",
           steps, warmup, workers, workers > 1 ? "s" : "");
    printf("  raft (three rows afloat)   %8.3f ms a step (CPU %8.3f), %.1f Schwarz sweeps\n",
           wall_raft, raft.cpu_ms, raft.sweeps);
    printf("  spread out under water     %8.3f ms a step (CPU %8.3f), %.1f Schwarz sweeps\n",
           wall_spread, spread.cpu_ms, spread.sweeps);
    printf("  raft / spread: %.2fx CPU (target: at most 2x)\n", raft.cpu_ms / spread.cpu_ms);
    eddy_asset_destroy(a);
    if (workers > 1) task_pool_stop(&raft_pool);
    return 0;
}

int main(int argc, char **argv)
{
    bool raft = false;
    int workers = 1;
    for (int i = 1; i < argc; ++i) { /* --raft is a run of its own */
        if (strcmp(argv[i], "--raft") == 0) raft = true;
        if (strcmp(argv[i], "--workers") == 0 && i + 1 < argc) workers = atoi(argv[i + 1]);
    }
    int steps = 600, warmup = 180;
    bool json = false;
    const char *only = NULL; /* profile one set-up: floating, submerged or full */
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--steps") == 0 && i + 1 < argc) steps = atoi(argv[++i]);
        else if (strcmp(argv[i], "--warmup") == 0 && i + 1 < argc) warmup = atoi(argv[++i]);
        else if (strcmp(argv[i], "--json") == 0) json = true;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc) only = argv[++i];
        else if (strcmp(argv[i], "--raft") == 0) continue;
        else if (strcmp(argv[i], "--workers") == 0 && i + 1 < argc) ++i;
        else {
            fprintf(stderr, "usage: bench_surface [--steps N] [--warmup W] [--json] "
                            "[--only floating|submerged|full]\n"
                            "       bench_surface --raft [--steps N] [--warmup W] [--workers K] "
                            "[--only raft|spread]\n");
            return 64;
        }
    }
    if (steps < 1 || warmup < 0 || workers < 1 || workers > TASK_POOL_MAX) {
        fprintf(stderr, "bench_surface: --steps >= 1, --warmup >= 0, --workers 1..%d\n",
                TASK_POOL_MAX);
        return 64;
    }
    if (raft) return raft_main(steps, warmup, workers, only);
    eddy_asset *pool = build(4.0), *full = build(0);
    result none = {1, 0, 0, 1, 0};
    bool all = !only;
    result floating = all || strcmp(only, "floating") == 0 ? run(pool, true, warmup, steps) : none;
    result under = all || strcmp(only, "submerged") == 0 ? run(pool, false, warmup, steps) : none;
    result tank = all || strcmp(only, "full") == 0 ? run(full, false, warmup, steps) : none;
    double ratio = floating.cpu_ms / tank.cpu_ms, ratio_under = floating.cpu_ms / under.cpu_ms;
    if (json) {
        printf("{\"bench\":\"surface\",\"steps\":%d,\"floating_ms\":%.4f,\"submerged_ms\":%.4f,"
               "\"full_tank_ms\":%.4f,\"floating_over_full_tank\":%.3f,"
               "\"floating_over_submerged\":%.3f,\"mean_wet_share\":%.3f}\n", steps,
               floating.cpu_ms, under.cpu_ms, tank.cpu_ms, ratio, ratio_under, floating.submerged);
    } else {
        printf("15 bodies in a 20 x 4 m pool, %d steps after %d, CPU ms per coupled step:\n", steps,
               warmup);
        const result *rs[3] = {&floating, &under, &tank};
        const char *names[3] = {"floating (surface, 32 modes)", "under water, same pool",
                                "under water, full tank"};
        for (int k = 0; k < 3; ++k)
            printf("  %-30s %8.4f   (%.1f Schwarz sweeps, %.0f image panels a step; wet share "
                   "%.2f)\n", names[k], rs[k]->cpu_ms, rs[k]->sweeps, rs[k]->images,
                   rs[k]->submerged);
        printf("  floating / full tank: %.2fx, floating / under water in the pool: %.2fx "
               "(target: at most 1.5x)\n", ratio, ratio_under);
    }
    eddy_asset_destroy(pool);
    eddy_asset_destroy(full);
    return !all || ratio <= 1.5 ? 0 : 1;
}
