// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_advection.c - advection without the r^3 tensor (issue 23): a walled
 * level's fluid step with the stored tensor (the packed skew contraction of
 * engine/fluid/tensor_packed.c) against the same level advecting through the
 * MAC grid (engine/fluid/advect_grid.c), in one run. Numbers, not
 * assertions.
 *
 *   1. per level and mode count: build seconds, asset bytes and load
 *      milliseconds of both kinds of asset, and the fluid step (forces,
 *      advection, viscosity) of both paths on one state, stepped in turn so
 *      that both see the same machine load: CPU median ms, the ratio, and
 *      what the builder's rule (advection_choice.c) picks;
 *   2. 512 walled modes, which only the grid path can build: build, load,
 *      step;
 *   3. a box: its closed-form sparse tensor against the exact collocation of
 *      engine/fluid/advect_box.c.
 *
 * The levels: the game's cave (assets/levels/07-cave.json, 12 x 7.5 m on
 * 64 x 40 cells) and a 10 m disc with a round island on 64 x 64 cells.
 *
 *   build/bench/bench_advection [--quick]    (--quick: up to 128 modes) */
#include "advect_box.h"
#include "builder_internal.h"
#include "eddy.h"
#include "eddy_build.h"

#include <fftw3.h>

#include "bench_levels.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU time of this thread: a step's cost whatever else the machine runs. */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    return v[n / 2];
}

static void die(const char *what, const eddy_error *err)
{
    fprintf(stderr, "bench_advection: %s: %s\n", what, err->message);
    exit(1);
}

/* ------------------------------------------------------------ levels */

/* A disc of radius 5 in the 10 x 10 box (four corner pieces of rock) with
 * a round island of radius 1 in the middle. */
static int disc_walls(eddy_wall *w)
{
    const int arc = 16;
    for (int q = 0; q < 4; ++q) {
        double p[20][2];
        int n = 0;
        double a0 = M_PI * (1.0 + 0.5 * q); /* corner q: the arc from a0 + pi/2 back to a0 */
        double cx = 5.0 + 5.0 * (cos(a0) + cos(a0 + 0.5 * M_PI));
        double cy = 5.0 + 5.0 * (sin(a0) + sin(a0 + 0.5 * M_PI));
        p[n][0] = cx, p[n][1] = cy, ++n;
        for (int k = 0; k <= arc; ++k) {
            double t = a0 + 0.5 * M_PI * (1.0 - (double)k / arc);
            p[n][0] = 5.0 + 5.0 * cos(t), p[n][1] = 5.0 + 5.0 * sin(t), ++n;
        }
        w[q] = bench_wall_polygon(n, (const double (*)[2])p);
    }
    memset(&w[4], 0, sizeof w[4]);
    w[4].kind = EDDY_WALL_CIRCLE;
    w[4].x = 5.0, w[4].y = 5.0, w[4].radius = 1.0;
    return 5;
}

typedef struct level {
    const char *name;
    double width, height;
    int nx, ny;
    int (*walls)(eddy_wall *);
} level;

static const level CAVE = {"cave 64x40", 12.0, 7.5, 64, 40, bench_cave_walls};
static const level DISC = {"disc+island 64x64", 10.0, 10.0, 64, 64, disc_walls};
static const level BOX = {"box 10x10 (64x64)", 10.0, 10.0, 64, 64, NULL};

typedef struct built {
    eddy_asset *asset;
    double build_s, load_ms;
    size_t bytes;
} built;

/* Builds (timed), encodes (its size) and loads the encoding (timed: the
 * median of three); the loaded asset is kept. */
static built build(const level *lv, int modes, eddy_advection advection)
{
    eddy_wall w[8];
    eddy_build_desc d = {0};
    d.width = lv->width, d.height = lv->height, d.nx = lv->nx, d.ny = lv->ny, d.modes = modes;
    if (lv->walls) d.walls = w, d.wall_count = lv->walls(w);
    d.advection = advection;
    built b = {0};
    eddy_error err;
    eddy_asset *a;
    double t0 = wall_s();
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) die("build", &err);
    b.build_s = wall_s() - t0;
    unsigned char *bytes;
    if (eddy_asset_encode(a, &bytes, &b.bytes, &err) != EDDY_OK) die("encode", &err);
    eddy_asset_destroy(a);
    double loads[3];
    for (int k = 0; k < 3; ++k) {
        t0 = wall_s();
        if (eddy_asset_load_memory(bytes, b.bytes, &a, &err) != EDDY_OK) die("load", &err);
        loads[k] = 1e3 * (wall_s() - t0);
        if (k < 2) eddy_asset_destroy(a);
    }
    b.load_ms = median(loads, 3);
    b.asset = a;
    eddy_free(bytes);
    return b;
}

/* What AUTO builds for this level: the builder's rule (advection_choice.c)
 * on the built basis. */
static const char *auto_choice(const level *lv, const eddy_asset *a)
{
    eddy_wall w[8];
    eddy_build_desc d = {0};
    d.width = lv->width, d.height = lv->height, d.nx = lv->nx, d.ny = lv->ny;
    if (lv->walls) d.walls = w, d.wall_count = lv->walls(w);
    return eddyi_build_advection(&d, a) == EDDY_ADVECTION_GRID ? "grid" : "tensor";
}

/* ------------------------------------------------------------ steps */

typedef struct fluid_run {
    eddy_fluid *f;
    double *ms;
    double terms;
} fluid_run;

static void run_start(fluid_run *run, const eddy_asset *a, int steps)
{
    eddy_fluid_desc d = {0};
    d.viscosity = 2e-3; /* the cave level's */
    eddy_error err;
    if (eddy_fluid_create(a, &d, &run->f, &err) != EDDY_OK) die("fluid", &err);
    int r = eddy_fluid_mode_count(run->f);
    double *coef = malloc((size_t)r * sizeof *coef);
    for (int k = 0; k < r; ++k) coef[k] = 2.0 * sin(1.7 * k + 0.3) / (1.0 + 0.2 * k);
    eddy_fluid_set_coefficients(run->f, coef, r);
    free(coef);
    run->ms = malloc((size_t)steps * sizeof *run->ms);
    run->terms = 0.0;
}

static void run_step(fluid_run *run, const level *lv, int s, int steps)
{
    eddy_stir st = {.x = lv->width * (0.5 + 0.15 * sin(s * 0.01)), .y = 0.3 * lv->height,
                    .radius = 0.8, .fx = 300, .fy = 0};
    eddy_fluid_add_stir(run->f, &st);
    double c0 = cpu_ms();
    eddy_fluid_step(run->f, 1.0 / 60.0);
    double c1 = cpu_ms();
    if (s < 0) return;
    run->ms[s] = c1 - c0;
    eddy_timings t;
    eddy_fluid_get_timings(run->f, &t);
    run->terms += (double)t.taylor_terms / steps;
}

static void run_end(fluid_run *run)
{
    eddy_fluid_destroy(run->f);
    free(run->ms);
}

#define BLOCK 10

/* One state, both paths, stepped in turn. */
static void compare(const level *lv, int modes, int steps)
{
    built t = build(lv, modes, EDDY_ADVECTION_TENSOR);
    built g = build(lv, modes, EDDY_ADVECTION_GRID);
    fluid_run rt, rg;
    run_start(&rt, t.asset, steps);
    run_start(&rg, g.asset, steps);
    /* in blocks of BLOCK steps, so that each path runs with its own data in
     * the caches (a game steps one fluid) while both share the machine's load */
    for (int from = -20; from < steps; from += BLOCK) {
        for (int s = from; s < from + BLOCK && s < steps; ++s) run_step(&rt, lv, s, steps);
        for (int s = from; s < from + BLOCK && s < steps; ++s) run_step(&rg, lv, s, steps);
    }
    double mt = median(rt.ms, steps), mg = median(rg.ms, steps);
    int r = eddy_fluid_mode_count(rg.f);
    printf("| %s | %d | %.2f / %.2f | %.2f / %.2f | %.1f / %.1f | %.3f | %.3f | %.1f | **%.1fx** | %s |\n",
           lv->name, r, t.build_s, g.build_s, t.bytes / 1048576.0, g.bytes / 1048576.0, t.load_ms,
           g.load_ms, mt, mg, rg.terms, mt / mg, auto_choice(lv, t.asset));
    fflush(stdout);
    run_end(&rt);
    run_end(&rg);
    eddy_asset_destroy(t.asset);
    eddy_asset_destroy(g.asset);
}

static void grid_only(const level *lv, int modes, int steps)
{
    built g = build(lv, modes, EDDY_ADVECTION_GRID);
    fluid_run rg;
    run_start(&rg, g.asset, steps);
    for (int s = -20; s < steps; ++s) run_step(&rg, lv, s, steps);
    eddy_wall w[8];
    eddy_build_desc d = {0};
    d.width = lv->width, d.height = lv->height, d.nx = lv->nx, d.ny = lv->ny, d.modes = modes;
    d.walls = w, d.wall_count = lv->walls(w);
    d.advection = EDDY_ADVECTION_TENSOR;
    eddy_build_cost c;
    eddy_result tensor = eddy_build_estimate(&d, &c, NULL);
    printf("| %s | %d | %.2f | %.1f | %.1f | %.3f | %.1f | %s %.0f s, %.1f GiB, a %.2f GiB file |\n",
           lv->name, eddy_fluid_mode_count(rg.f), g.build_s, g.bytes / 1048576.0, g.load_ms,
           median(rg.ms, steps), rg.terms, tensor == EDDY_OK ? "would take" : "refused:",
           c.seconds, c.bytes / 1073741824.0, c.file_bytes / 1073741824.0);
    fflush(stdout);
    run_end(&rg);
    eddy_asset_destroy(g.asset);
}

/* What FFTs would do for the box: one product of advect_box.c (five
 * samplings and two projections by separable sums) against seven M x M
 * cosine transforms by FFTW (planned with FFTW_MEASURE), the least a
 * product by FFTs would take. */
static void fftw_estimate(int modes)
{
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 64, .ny = 64, .modes = modes,
                         .advection = EDDY_ADVECTION_GRID};
    eddy_asset *a = NULL;
    eddy_error err;
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) die("box", &err);
    eddy_advect_box *op = NULL;
    if (eddyi_advect_box_create(a, &op, &err) != EDDY_OK) die("box advection", &err);
    double *r = malloc((size_t)modes * sizeof *r), *out = malloc((size_t)modes * sizeof *out);
    for (int k = 0; k < modes; ++k) r[k] = sin(1.7 * k + 0.3) / (1.0 + 0.2 * k);
    eddyi_advect_box_freeze(op, r);
    int reps = modes > 256 ? 200 : 1000;
    double c0 = cpu_ms();
    for (int i = 0; i < reps; ++i) eddyi_advect_box_apply(op, r, out);
    double product_ms = (cpu_ms() - c0) / reps;
    int k = 0;
    for (int i = 0; i < modes; ++i) k = a->modes[i].k1 > k ? a->modes[i].k1 : k;
    int n = 3 * k / 2 + 1;
    double *buf = fftw_alloc_real((size_t)n * (size_t)n);
    fftw_plan plan = fftw_plan_r2r_2d(n, n, buf, buf, FFTW_REDFT01, FFTW_REDFT01, FFTW_MEASURE);
    for (int i = 0; i < n * n; ++i) buf[i] = sin(0.37 * i);
    c0 = cpu_ms();
    for (int i = 0; i < 7 * reps; ++i) fftw_execute(plan);
    double fft_ms = (cpu_ms() - c0) / reps;
    printf("| %d | %d x %d | %.4f | %.4f | %.1fx |\n", modes, n, n, product_ms, fft_ms,
           product_ms / fft_ms);
    fflush(stdout);
    fftw_destroy_plan(plan);
    fftw_free(buf);
    free(r), free(out);
    eddyi_advect_box_destroy(op);
    eddy_asset_destroy(a);
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    if (argc > 1 && !quick) {
        fprintf(stderr, "usage: bench_advection [--quick]\n");
        return 64;
    }
    printf("bench_advection: the walled fluid step, stored tensor against advection on the grid\n"
           "(issue 23). CPU ms per step (forces + advection + viscosity), median; both paths\n"
           "from one state, stepped in turn %d steps at a time; tensor / grid for build s,\n"
           "asset MiB and load ms.\n\n", BLOCK);
    printf("| level | modes | build s | asset MiB | load ms | tensor step ms | grid step ms | "
           "Taylor terms | speed-up | auto picks |\n|---|---|---|---|---|---|---|---|---|---|\n");
    static const int cave_modes[] = {64, 96, 128, 192, 256};
    for (size_t k = 0; k < sizeof cave_modes / sizeof cave_modes[0]; ++k) {
        if (quick && cave_modes[k] > 128) break;
        compare(&CAVE, cave_modes[k], cave_modes[k] > 128 ? 150 : 400);
    }
    static const int disc_modes[] = {128, 256};
    for (size_t k = 0; k < sizeof disc_modes / sizeof disc_modes[0]; ++k) {
        if (quick && disc_modes[k] > 128) break;
        compare(&DISC, disc_modes[k], disc_modes[k] > 128 ? 150 : 400);
    }
    printf("\nOnly on the grid (the tensor's build estimate beside):\n\n"
           "| level | modes | build s | asset MiB | load ms | grid step ms | Taylor terms | the tensor |\n"
           "|---|---|---|---|---|---|---|---|\n");
    grid_only(&CAVE, quick ? 256 : 512, 100);
    if (!quick) grid_only(&DISC, 512, 100);
    printf("\nA box: the closed-form sparse tensor against the exact collocation of\n"
           "advect_box.c (\"grid\"), the same table:\n\n"
           "| level | modes | build s | asset MiB | load ms | tensor step ms | grid step ms | "
           "Taylor terms | speed-up | auto picks |\n|---|---|---|---|---|---|---|---|---|---|\n");
    static const int box_modes[] = {73, 256, 512, 1024};
    for (size_t k = 0; k < sizeof box_modes / sizeof box_modes[0]; ++k) {
        if (quick && box_modes[k] > 256) break;
        compare(&BOX, box_modes[k], box_modes[k] > 256 ? 100 : 400);
    }
    printf("\nOne product A(r) v of the box collocation: advect_box.c's separable sums\n"
           "against seven FFTW cosine transforms of its grid (what FFTs would take at\n"
           "least), CPU ms:\n\n"
           "| modes | grid | separable product | 7 FFTW transforms | ratio |\n|---|---|---|---|---|\n");
    for (size_t k = 0; k < sizeof box_modes / sizeof box_modes[0]; ++k) fftw_estimate(box_modes[k]);
    return 0;
}
