// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_domain.c - levels with walls (issue 14): numbers, not assertions.
 *
 *   1. build time and peak memory of a walled basis by grid and mode count
 *      (each build in a child process, so its peak resident size is its own);
 *   2. eigenvalue convergence on the L-shaped membrane against the published
 *      values (Fox, Henrici and Moler 1967; Betcke and Trefethen 2005);
 *   3. tensor density and the fluid step's cost as r grows, on a cave;
 *   4. the flow a moving body pushes through a wall, with and without the
 *      walls' panels;
 *   5. a cave level with 96 modes: the fluid step alone, and the coupled step
 *      with 6 bodies (median and p95 over 1200 steps).
 *
 *   build/bench/bench_domain [--quick]     (--quick: smaller builds only) */
#define _DEFAULT_SOURCE /* wait4: a child's own peak memory */
#include <eddy/eddy.h>
#include <eddy/eddy_body.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_coupling.h>
#include "fluid_internal.h"
#include <eddy/eddy_scene.h>
#include "panel_walls.h"

#include <cblas.h>

#include "bench_levels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* CPU time of this thread: what a step costs whatever else the machine runs
 * (the development machine is shared: wall-clock medians move with its load). */
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

static double percentile(double *v, int n, double p)
{
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    int k = (int)(p * (n - 1) + 0.5);
    return v[k];
}

static void die(const char *what, const eddy_error *err)
{
    fprintf(stderr, "bench_domain: %s: %s\n", what, err->message);
    exit(1);
}

static eddy_asset *build_cave(int nx, int ny, int modes)
{
    eddy_wall w[4];
    eddy_build_desc d = {0};
    d.width = 12, d.height = 7.5, d.nx = nx, d.ny = ny, d.modes = modes;
    d.walls = w, d.wall_count = bench_cave_walls(w);
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) die("build", &err);
    return a;
}

/* ------------------------------------------------------------ 1. builds */

static void build_table(bool quick)
{
    static const int grids[][2] = {{64, 40}, {128, 80}, {128, 128}};
    static const int modes[] = {32, 64, 128};
    printf("\n1. Building a walled basis (the cave's walls scaled to the grid; eigenmodes,\n"
           "   island modes, tensor by quadrature, wall panels), one child process each:\n\n");
    printf("| grid | modes | build s (wall) | CPU s | peak memory MiB | tensor non-zeros | density |\n");
    printf("|---|---|---|---|---|---|---|\n");
    fflush(stdout);
    for (size_t g = 0; g < sizeof grids / sizeof grids[0]; ++g)
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; ++m) {
            if (quick && (grids[g][0] > 64 || modes[m] > 64)) continue;
            int fd[2];
            if (pipe(fd) != 0) return;
            pid_t pid = fork();
            if (pid == 0) {
                close(fd[0]);
                double t0 = now_ms();
                eddy_asset *a = build_cave(grids[g][0], grids[g][1], modes[m]);
                double t1 = now_ms();
                eddy_asset_info info;
                eddy_asset_get_info(a, &info);
                double out[3] = {(t1 - t0) / 1e3, (double)info.tensor_nonzeros, info.tensor_density};
                if (write(fd[1], out, sizeof out) != (ssize_t)sizeof out) _exit(2);
                eddy_asset_destroy(a);
                _exit(0);
            }
            close(fd[1]);
            double got[3] = {0};
            ssize_t n = read(fd[0], got, sizeof got);
            close(fd[0]);
            int status = 0;
            struct rusage ru;
            wait4(pid, &status, 0, &ru);
            if (n != (ssize_t)sizeof got || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                printf("| %dx%d | %d | failed | | | | |\n", grids[g][0], grids[g][1], modes[m]);
                continue;
            }
            double cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec +
                         ru.ru_stime.tv_usec * 1e-6;
            printf("| %dx%d | %d | %.2f | %.2f | %.0f | %.0f | %.3f |\n", grids[g][0], grids[g][1],
                   modes[m], got[0], cpu, ru.ru_maxrss / 1024.0, got[1], got[2]);
            fflush(stdout);
        }
}

/* ------------------------------------------------------------ 2. L-shape */

static void l_shape_table(bool quick)
{
    static const double exact[5] = {9.6397238440219, 15.197251925, 19.739208802178716,
                                    29.521481114, 31.912635957};
    static const double sq[4][2] = {{1, 1}, {2, 1}, {2, 2}, {1, 2}};
    eddy_wall w = bench_wall_polygon(4, sq);
    int levels = quick ? 3 : 4;
    double err[4][5];
    printf("\n2. Eigenvalues of the L-shaped membrane (three unit squares), 5-point\n"
           "   Laplacian on N x N cells of [0,2]^2, relative error and observed order:\n\n");
    printf("| N | l1 = 9.63972 | order | l2 = 15.19725 | order | l3 = 2 pi^2 | order | l4 = 29.52148 | order | l5 = 31.91264 | order |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int l = 0; l < levels; ++l) {
        int n = 16 << l;
        eddy_build_desc d = {0};
        d.width = d.height = 2, d.nx = d.ny = n, d.modes = 5;
        d.walls = &w, d.wall_count = 1;
        eddy_asset *a = NULL;
        eddy_error e = {0};
        if (eddy_build_asset(&d, &a, &e) != EDDY_OK) die("L-shape", &e);
        /* the eigenvalues are the negated viscosity diagonal */
        eddy_fluid *f = NULL;
        eddy_fluid_desc fd = {0};
        fd.viscosity = 1.0;
        eddy_fluid_create(a, &fd, &f, &e);
        printf("| %d |", n);
        for (int k = 0; k < 5; ++k) {
            double *r = calloc(5, sizeof *r);
            r[k] = 1.0;
            eddy_fluid_set_coefficients(f, r, 5);
            eddy_fluid_step(f, 1e-3); /* exp(-dt nu lambda): lambda from the decay */
            double lambda = -log(eddy_fluid_coefficients(f)[k]) / 1e-3;
            free(r);
            err[l][k] = fabs(lambda - exact[k]) / exact[k];
            if (l == 0) printf(" %.2e | |", err[l][k]);
            else printf(" %.2e | %.2f |", err[l][k], log2(err[l - 1][k] / err[l][k]));
        }
        printf("\n");
        eddy_fluid_destroy(f);
        eddy_asset_destroy(a);
    }
}

/* ------------------------------------------------------------ 3. tensor and step cost */

typedef struct step_cost {
    double median, p95, cpu_median;
} step_cost;

static step_cost fluid_steps(const eddy_asset *a, int steps)
{
    eddy_fluid_desc d = {0};
    d.viscosity = 2e-3;
    eddy_fluid *f;
    eddy_error err;
    if (eddy_fluid_create(a, &d, &f, &err) != EDDY_OK) die("fluid", &err);
    int r = eddy_fluid_mode_count(f);
    double *coef = malloc((size_t)r * sizeof *coef), *ms = malloc((size_t)steps * sizeof *ms);
    double *cpu = malloc((size_t)steps * sizeof *cpu);
    for (int k = 0; k < r; ++k) coef[k] = 2.0 * sin(1.7 * k + 0.3) / (1.0 + 0.2 * k);
    eddy_fluid_set_coefficients(f, coef, r);
    for (int s = -100; s < steps; ++s) {
        eddy_stir st = {.x = 6 + 2 * sin(s * 0.01), .y = 2, .radius = 0.8, .fx = 300, .fy = 0};
        eddy_fluid_add_stir(f, &st);
        double c0 = cpu_ms();
        eddy_fluid_step(f, 1.0 / 60);
        double c1 = cpu_ms();
        if (s < 0) continue;
        eddy_timings t;
        eddy_fluid_get_timings(f, &t);
        ms[s] = t.total_ms;
        cpu[s] = c1 - c0;
    }
    step_cost c = {percentile(ms, steps, 0.5), percentile(ms, steps, 0.95),
                   percentile(cpu, steps, 0.5)};
    free(coef), free(ms), free(cpu);
    eddy_fluid_destroy(f);
    return c;
}

static void tensor_table(void)
{
    static const int rs[] = {24, 48, 64, 96, 128};
    printf("\n3. The cave on 64 x 40 cells: tensor density and the fluid step (forces,\n"
           "   advection with the packed skew tensor, viscosity) as r grows; 2000 steps:\n\n");
    printf("| modes r | non-zeros | density | step median ms | p95 ms | CPU median ms | CPU ms / r^3 x 1e6 |\n");
    printf("|---|---|---|---|---|---|---|\n");
    for (size_t k = 0; k < sizeof rs / sizeof rs[0]; ++k) {
        eddy_asset *a = build_cave(64, 40, rs[k]);
        eddy_asset_info info;
        eddy_asset_get_info(a, &info);
        step_cost c = fluid_steps(a, 2000);
        double r = info.mode_count;
        printf("| %d | %lld | %.3f | %.4f | %.4f | %.4f | %.3f |\n", info.mode_count,
               (long long)info.tensor_nonzeros, info.tensor_density, c.median, c.p95, c.cpu_median,
               1e6 * c.cpu_median / (r * r * r));
        fflush(stdout);
        eddy_asset_destroy(a);
    }
}

/* ------------------------------------------------------------ 4. wall leak */

/* Largest flux through one interior wall face within 2 m of the body (40
 * samples along the face), over the body's speed. */
static double leak(const eddy_coupling *c, const eddy_asset *a, double bx, double by)
{
    const uint8_t *solid = eddy_asset_solid_mask(a);
    eddy_asset_info info;
    eddy_asset_get_info(a, &info);
    double hx = info.width / info.nx, hy = info.height / info.ny, worst = 0.0;
    for (int j = 0; j < info.ny; ++j)
        for (int i = 0; i < info.nx; ++i)
            for (int dir = 0; dir < 2; ++dir) {
                int i2 = dir == 0 ? i + 1 : i, j2 = dir == 0 ? j : j + 1;
                if (i2 >= info.nx || j2 >= info.ny) continue;
                bool s1 = solid[j * info.nx + i], s2 = solid[j2 * info.nx + i2];
                if (s1 == s2) continue;
                double x0 = dir == 0 ? i2 * hx : i * hx, y0 = dir == 0 ? j * hy : j2 * hy;
                double x1 = dir == 0 ? x0 : x0 + hx, y1 = dir == 0 ? y0 + hy : y0;
                if (hypot(0.5 * (x0 + x1) - bx, 0.5 * (y0 + y1) - by) > 2.0) continue;
                double sum = 0.0;
                for (int q = 0; q < 40; ++q) {
                    double t = (q + 0.5) / 40, uv[2];
                    eddy_coupling_velocity(c, x0 + t * (x1 - x0), y0 + t * (y1 - y0), uv);
                    sum += (dir == 0 ? uv[0] : uv[1]) / 40;
                }
                worst = fmax(worst, fabs(sum));
            }
    return worst;
}

static double leak_case(eddy_asset *a, bool walls, double gap, double *time_ms)
{
    /* without: the coupling sees no wall panels (internal: fluid_internal.h) */
    struct eddy_panel_walls *kept = a->wall_panels;
    if (!walls) a->wall_panels = NULL;
    eddy_fluid *f;
    eddy_error err;
    eddy_fluid_create(a, NULL, &f, &err);
    eddy_world *world;
    eddy_world_desc wd = {0};
    eddy_world_create(&wd, &world, &err);
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_KINEMATIC;
    bd.position[0] = 9.0, bd.position[1] = 2.9 - gap - 0.3; /* under the shelf */
    eddy_body *body;
    eddy_body_create(world, &bd, &body, &err);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE;
    sd.radius = 0.3;
    eddy_body_add_shape(body, &sd, NULL, &err);
    eddy_coupling_desc cd = {0};
    cd.feedback = EDDY_FEEDBACK_OFF;
    eddy_coupling *c;
    if (eddy_coupling_create(f, world, &cd, &c, &err) != EDDY_OK) die("coupling", &err);
    eddy_coupling_add_body(c, body, &err);
    eddy_body_set_velocity(body, 0.0, 1.0, 0.0, &err); /* 1 m/s towards the shelf */
    double t0 = now_ms();
    eddy_coupling_step(c, 1e-4, &err);
    *time_ms = now_ms() - t0;
    eddy_pose p;
    eddy_body_get_pose(body, &p);
    double l = leak(c, a, p.x, p.y);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(f);
    a->wall_panels = kept;
    return l;
}

static void leak_table(void)
{
    eddy_asset *a = build_cave(64, 40, 48);
    printf("\n4. A disc of radius 0.3 m moving at 1 m/s straight at the cave's shelf from\n"
           "   below: the largest flux through one wall face within 2 m, per metre of\n"
           "   face, over the body's speed (the fluid's own flux there is zero):\n\n");
    printf("| gap m | without wall panels | with wall panels | panel step ms without / with |\n");
    printf("|---|---|---|---|\n");
    for (int k = 0; k < 6; ++k) {
        double gap = k == 0 ? 0.02 : 0.05 + 0.15 * (k - 1), t0, t1;
        double without = leak_case(a, false, gap, &t0), with = leak_case(a, true, gap, &t1);
        printf("| %.2f | %.4f | %.4f | %.3f / %.3f |\n", gap, without, with, t0, t1);
    }
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------ 5. the cave level */

static const char CAVE_SCENE[] =
    "{ \"buoyancy\": true, \"fluid\": { \"viscosity\": 0.002 }, \"bodies\": ["
    "  { \"shape\": \"circle\", \"radius\": 0.32, \"x\": 10.4, \"y\": 1.4, \"density\": 800 },"
    "  { \"shape\": \"box\", \"hw\": 0.35, \"hh\": 0.25, \"x\": 8.6, \"y\": 0.6, \"density\": 1400 },"
    "  { \"shape\": \"circle\", \"radius\": 0.3, \"x\": 2.0, \"y\": 4.0, \"density\": 1000 },"
    "  { \"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.3, \"x\": 4.5, \"y\": 3.0, \"density\": 950 },"
    "  { \"shape\": \"polygon\", \"points\": [[-0.3, -0.2], [0.3, -0.2], [0.0, 0.3]],"
    "    \"x\": 6.5, \"y\": 2.0, \"density\": 1100 },"
    "  { \"shape\": \"circle\", \"radius\": 0.25, \"x\": 9.5, \"y\": 4.5, \"density\": 900 } ] }";

/* with_walls false: the same level with the walls' panels left out of the
 * coupling (what they cost). */
static void cave_level(int steps, bool with_walls)
{
    eddy_asset *a = build_cave(64, 40, 96);
    if (!with_walls) {
        eddyi_panel_walls_destroy(a->wall_panels);
        a->wall_panels = NULL;
    }
    step_cost fluid = fluid_steps(a, steps);
    eddy_scene *scene;
    eddy_error err;
    if (eddy_scene_load_memory(CAVE_SCENE, strlen(CAVE_SCENE), &scene, &err) != EDDY_OK)
        die("scene", &err);
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(scene, &fd);
    eddy_fluid *f;
    eddy_fluid_create(a, &fd, &f, &err);
    eddy_world *world;
    eddy_coupling *c;
    if (eddy_scene_build_world(scene, f, &world, &c, NULL, &err) != EDDY_OK) die("world", &err);
    double *total = malloc((size_t)steps * sizeof *total), *panels = malloc((size_t)steps * sizeof *panels);
    double *advect = malloc((size_t)steps * sizeof *advect), *cpu = malloc((size_t)steps * sizeof *cpu);
    for (int s = -300; s < steps; ++s) {
        eddy_stir st = {.x = 6 + 3 * sin(s * 0.02), .y = 2.5 + sin(s * 0.013), .radius = 0.8,
                        .fx = 600 * cos(s * 0.011), .fy = 200};
        eddy_fluid_add_stir(f, &st);
        double c0 = cpu_ms();
        if (eddy_coupling_step(c, 1.0 / 60, &err) != EDDY_OK) die("step", &err);
        double c1 = cpu_ms();
        if (s < 0) continue;
        cpu[s] = c1 - c0;
        eddy_coupling_timings t;
        eddy_coupling_get_timings(c, &t);
        total[s] = t.total_ms, panels[s] = t.panels_ms, advect[s] = t.fluid.advect_ms;
    }
    printf("\n5. The cave level, 64 x 40 cells, 96 Laplacian modes (%d in all), %d steps,\n"
           "   %s the walls' panels:\n\n", eddy_fluid_mode_count(f), steps,
           with_walls ? "with" : "WITHOUT");
    printf("| what | median ms | p95 ms | CPU median ms |\n|---|---|---|---|\n");
    printf("| fluid step alone | %.4f | %.4f | %.4f |\n", fluid.median, fluid.p95, fluid.cpu_median);
    printf("| coupled step, 6 bodies (whole) | %.4f | %.4f | %.4f |\n", percentile(total, steps, 0.5),
           percentile(total, steps, 0.95), percentile(cpu, steps, 0.5));
    printf("| ... of it panels (bodies + wall panels) | %.4f | %.4f | |\n",
           percentile(panels, steps, 0.5), percentile(panels, steps, 0.95));
    printf("| ... of it advection | %.4f | %.4f | |\n", percentile(advect, steps, 0.5),
           percentile(advect, steps, 0.95));
    free(total), free(panels), free(advect), free(cpu);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(f);
    eddy_scene_destroy(scene);
    eddy_asset_destroy(a);
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    openblas_set_num_threads(1); /* as the precompute tool: one core */
    printf("bench_domain: levels with walls (issue 14)%s\n", quick ? ", quick" : "");
    cave_level(1200, true);
    cave_level(1200, false);
    tensor_table();
    leak_table();
    l_shape_table(quick);
    build_table(quick);
    return 0;
}
