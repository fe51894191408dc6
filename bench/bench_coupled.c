// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_coupled.c - speed of the whole coupled step (issue 7): fluid, panels
 * (5.13-5.17), forces (5.20-5.22), feedback (5.3.4) and Box2D, phase by
 * phase, for the fast pipeline and the paper's pipeline in the same binary,
 * so every speed-up is a ratio measured in one run.
 *
 *   build/bench/bench_coupled [--json] [--steps N] [--paper-steps K]
 *                             [--warmup W] [--scene all|paper-game|drafting|stress]
 *                             [--pipeline both|fast|paper]
 *                             [--stress-min N] [--stress-max N]
 *
 * Scenes:
 *   paper-game  assets/scenes/paper-game.json: the chapter's Table 5.1 game,
 *               73 modes, 64-cell grid, 15 bodies of mixed shapes
 *   drafting    assets/scenes/drafting.json: the two falling pairs of 5.5,
 *               67 modes, 128-cell grid
 *   stress      N mixed bodies of about 0.25 m (N = 25, 50, 100, 200, 400, 700,
 *               1000, those from --stress-min to --stress-max) on a jittered
 *               lattice, one per square metre, drifting in zero gravity through
 *               a stirred fluid of 256 modes; the level grows with N (side
 *               10 sqrt(N / 100) m, 5 to 31.6 m) and its grid with it (12.8
 *               cells per metre, as 128 cells on 10 m: 405 cells at 1000), so
 *               every body keeps its panels and its neighbourhood: the cost per
 *               body should stay flat. --crowded keeps the 10 m level instead
 *               (the bodies get closer as N grows: 0.45 m apart at 400, 0.3 m
 *               at 1000). The "bodies" phase is Box2D's own step.
 *
 * Pipelines:
 *   fast              the default of eddy_coupling_desc and eddy_fluid_desc
 *   paper/naive       the paper pipeline of fluid and coupling
 *                     (eddyi_fluid_set_paper_pipeline and
 *                     eddyi_coupling_set_paper_pipeline, internal: dense
 *                     tensor, direct panel sums every Schwarz sweep, lone-body
 *                     start) with naive feedback (u_p at every MAC sample)
 *   paper/quadtree    the same with the quadtree feedback of 5.19
 * Every run first takes W warm-up steps with the fast panels (the scene's
 * bodies settle; the fluid of a paper run already contracts its dense
 * tensor, which gives the same bits), then switches to its pipeline and
 * times N steps (fast) or K steps (paper: 100 to 300 ms a step). Medians and
 * 95th percentiles per phase are over the timed steps; the scene's stirs are
 * queued outside the step. Timings are wall-clock milliseconds of the
 * library's own phase clocks. */
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_coupling.h>
#include <eddy/eddy_scene.h>
/* Internal on purpose: the paper pipeline this benchmark times against is a
 * switch for benchmarks, not part of the public API. */
#include "coupling_internal.h"
#include "task_pool.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

enum { PH_FORCES, PH_ADVECT, PH_PANELS, PH_BODY_FORCES, PH_FEEDBACK, PH_BODIES, PH_TOTAL, PH_COUNT };
static const char *const PHASE_NAMES[PH_COUNT] = {"forces", "advect", "panels", "body_forces",
                                                  "feedback", "bodies", "total"};

typedef struct result {
    char scene[32];
    int bodies, panels, modes, grid;
    const char *pipeline; /* "fast", "paper/naive", "paper/quadtree" */
    int steps;
    double median[PH_COUNT], p95[PH_COUNT];
    double sweeps, far_passes, image_panels;
    int unconverged;
    double cpu_ms; /* process CPU time per timed step: immune to other processes */
    double side;   /* level side, m */
} result;

typedef struct options {
    int json, steps, paper_steps, warmup, stress_min, stress_max, crowded;
    int workers; /* --workers N: the coupling runs on a pool of N threads (task_pool.h) */
    const char *scene, *pipeline;
} options;

static task_pool pool; /* --workers */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void die(const char *what, const eddy_error *err)
{
    fprintf(stderr, "bench_coupled: %s: %s\n", what, err ? err->message : "failed");
    exit(1);
}

/* ------------------------------------------------------------ assets */

typedef struct asset_entry {
    double side;
    int grid, modes;
    eddy_asset *asset;
} asset_entry;

static asset_entry assets[16];
static int asset_count;

static const eddy_asset *get_asset(double side, int grid, int modes)
{
    for (int i = 0; i < asset_count; ++i)
        if (assets[i].side == side && assets[i].grid == grid && assets[i].modes == modes)
            return assets[i].asset;
    eddy_build_desc d = {.width = side, .height = side, .nx = grid, .ny = grid, .modes = modes};
    eddy_error err;
    eddy_asset *a;
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) die("building an asset", &err);
    assets[asset_count++] = (asset_entry){side, grid, modes, a};
    return a;
}

/* ------------------------------------------------------------ scenes */

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench_coupled: cannot open %s (run from the repository root)\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)n + 1);
    if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) die("reading a scene", NULL);
    text[n] = 0;
    fclose(f);
    return text;
}

static double lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) / (double)(1ULL << 53);
}

/* N bodies on a jittered lattice over a level of the given side, a third
 * each circles, boxes and triangles of about 0.25 m, drifting in zero gravity
 * through a fluid stirred at two places. */
static char *stress_scene(int n, double side)
{
    size_t cap = 4096 + (size_t)n * 256, len = 0;
    char *s = malloc(cap);
    if (!s) die("out of memory", NULL);
    len += (size_t)snprintf(s + len, cap - len,
        "{\"comment\":\"stress: %d bodies\",\"fluid\":{\"density\":1000,\"viscosity\":0.0005},"
        "\"gravity\":[0,0],\"feedback\":\"exact\",\"init_modes\":[{\"mode\":0,\"amp\":2},"
        "{\"mode\":4,\"amp\":-1}],\"stirs\":[{\"x\":%.3f,\"y\":%.3f,\"radius\":1,\"fx\":300,"
        "\"fy\":100},{\"x\":%.3f,\"y\":%.3f,\"radius\":1,\"fx\":-200,\"fy\":250}],\"bodies\":[",
        n, 0.3 * side, 0.5 * side, 0.7 * side, 0.4 * side);
    int cells = (int)ceil(sqrt((double)n));
    double pitch = (side - 1.0) / cells;
    uint64_t seed = 12345u + (uint64_t)n;
    for (int i = 0; i < n; ++i) {
        double x = 0.5 + (i % cells + 0.5) * pitch + 0.2 * pitch * (lcg(&seed) - 0.5);
        double y = 0.5 + (i / cells + 0.5) * pitch + 0.2 * pitch * (lcg(&seed) - 0.5);
        double vx = 0.6 * (lcg(&seed) - 0.5), vy = 0.6 * (lcg(&seed) - 0.5);
        double angle = 6.283 * lcg(&seed);
        const char *shape;
        switch (i % 3) {
        case 0: shape = "\"shape\":\"circle\",\"radius\":0.12"; break;
        case 1: shape = "\"shape\":\"box\",\"hw\":0.12,\"hh\":0.08"; break;
        default: shape = "\"shape\":\"polygon\",\"points\":[[-0.13,-0.1],[0.13,-0.1],[0,0.14]]"; break;
        }
        len += (size_t)snprintf(s + len, cap - len,
                                "%s{%s,\"x\":%.6f,\"y\":%.6f,\"angle\":%.6f,\"vx\":%.4f,\"vy\":%.4f}",
                                i ? "," : "", shape, x, y, angle, vx, vy);
    }
    snprintf(s + len, cap - len, "]}");
    return s;
}

/* ------------------------------------------------------------ one run */

static void run(const char *name, const char *json, double side, int grid, int modes,
                const char *pipeline, const options *o, result *out)
{
    bool paper = strncmp(pipeline, "paper", 5) == 0;
    eddy_feedback_mode fb = !paper ? EDDY_FEEDBACK_EXACT
                            : strcmp(pipeline, "paper/naive") == 0 ? EDDY_FEEDBACK_NAIVE
                                                                   : EDDY_FEEDBACK_QUADTREE;
    int steps = paper ? o->paper_steps : o->steps;
    const eddy_asset *asset = get_asset(side, grid, modes);
    eddy_error err;
    eddy_scene *scene;
    if (eddy_scene_load_memory(json, strlen(json), &scene, &err) != EDDY_OK) die(name, &err);
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(scene, &fd);
    eddy_fluid *fluid;
    if (eddy_fluid_create(asset, &fd, &fluid, &err) != EDDY_OK) die(name, &err);
    if (eddyi_fluid_set_paper_pipeline(fluid, paper, &err) != EDDY_OK) die(name, &err);
    if (eddy_scene_apply_initial(scene, fluid, &err) != EDDY_OK) die(name, &err);
    eddy_world *world;
    eddy_coupling *c;
    if (eddy_scene_build_world(scene, fluid, &world, &c, NULL, &err) != EDDY_OK) die(name, &err);
    if (o->workers > 1 && eddy_coupling_set_workers(c, o->workers, task_pool_enqueue,
                                                    task_pool_finish, &pool, &err) != EDDY_OK)
        die(name, &err);
    double dt = eddy_scene_dt(scene);
    double *ms = malloc(sizeof(double) * (size_t)steps * PH_COUNT);
    if (!ms) die("out of memory", NULL);
    memset(out, 0, sizeof *out);
    snprintf(out->scene, sizeof out->scene, "%s", name);
    out->bodies = eddy_coupling_body_count(c);
    out->modes = modes;
    out->grid = grid;
    out->side = side;
    out->pipeline = pipeline;
    out->steps = steps;
    long n = 0;
    double cpu0 = 0.0;
    for (int s = 0; s < o->warmup + steps; ++s, ++n) {
        if (s == o->warmup) {
            cpu0 = cpu_now_ms();
            if (eddyi_coupling_set_paper_pipeline(c, paper, &err) != EDDY_OK) die(name, &err);
            if (eddy_coupling_set_feedback(c, fb) != EDDY_OK) die("feedback", NULL);
        }
        if (eddy_scene_apply_forces(scene, fluid, n * dt, &err) != EDDY_OK) die(name, &err);
        eddy_result rc = eddy_coupling_step(c, dt, &err);
        if (rc != EDDY_OK && rc != EDDY_ERR_RANGE) die(name, &err);
        if (s < o->warmup) continue;
        eddy_coupling_timings t;
        eddy_coupling_get_timings(c, &t);
        double *row = &ms[(size_t)(s - o->warmup) * PH_COUNT];
        row[PH_FORCES] = t.fluid.forces_ms;
        row[PH_ADVECT] = t.fluid.advect_ms + t.fluid.diffuse_ms;
        row[PH_PANELS] = t.panels_ms;
        row[PH_BODY_FORCES] = t.forces_ms;
        row[PH_FEEDBACK] = t.feedback_ms;
        row[PH_BODIES] = t.bodies_ms;
        row[PH_TOTAL] = t.total_ms;
        out->sweeps += t.schwarz_iterations;
        out->far_passes += t.far_passes;
        out->image_panels += t.image_panels;
        out->unconverged += !t.schwarz_converged;
        out->panels = t.panel_count;
    }
    out->cpu_ms = (cpu_now_ms() - cpu0) / steps;
    double *col = malloc(sizeof(double) * (size_t)steps);
    for (int p = 0; p < PH_COUNT; ++p) {
        for (int s = 0; s < steps; ++s) col[s] = ms[(size_t)s * PH_COUNT + p];
        qsort(col, (size_t)steps, sizeof *col, compare_doubles);
        out->median[p] = col[steps / 2];
        out->p95[p] = col[(int)(0.95 * (steps - 1) + 0.5)];
    }
    out->sweeps /= steps;
    out->far_passes /= steps;
    out->image_panels /= steps;
    free(col), free(ms);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    eddy_scene_destroy(scene);
}

/* ------------------------------------------------------------ output */

static void print_header(void)
{
    printf("%-11s %4s %5s %-15s %5s", "scene", "bods", "pnls", "pipeline", "steps");
    for (int p = 0; p < PH_COUNT; ++p) printf(" %15s", PHASE_NAMES[p]);
    printf(" %6s %5s %8s\n", "sweeps", "far", "cpu/step");
    printf("%-11s %4s %5s %-15s %5s", "", "", "", "", "");
    for (int p = 0; p < PH_COUNT; ++p) printf(" %15s", "median / p95");
    printf(" %6s %5s %8s\n", "mean", "mean", "mean");
}

static void print_result(const result *r, int json)
{
    if (json) {
        printf("{\"scene\":\"%s\",\"bodies\":%d,\"panels\":%d,\"modes\":%d,\"grid\":%d,"
               "\"pipeline\":\"%s\",\"steps\":%d,\"phases_ms\":{",
               r->scene, r->bodies, r->panels, r->modes, r->grid, r->pipeline, r->steps);
        for (int p = 0; p < PH_COUNT; ++p)
            printf("%s\"%s\":{\"median\":%.6f,\"p95\":%.6f}", p ? "," : "", PHASE_NAMES[p],
                   r->median[p], r->p95[p]);
        printf("},\"sweeps_mean\":%.3f,\"far_passes_mean\":%.3f,\"image_panels_mean\":%.1f,"
               "\"unconverged_steps\":%d,\"cpu_ms_per_step\":%.6f,\"level_m\":%.3f}\n",
               r->sweeps, r->far_passes, r->image_panels, r->unconverged, r->cpu_ms, r->side);
    } else {
        printf("%-11s %4d %5d %-15s %5d", r->scene, r->bodies, r->panels, r->pipeline, r->steps);
        for (int p = 0; p < PH_COUNT; ++p) {
            char cell[32];
            int prec = r->median[p] >= 10 ? 1 : r->median[p] >= 1 ? 2 : 3;
            snprintf(cell, sizeof cell, "%.*f / %.*f", prec, r->median[p], prec, r->p95[p]);
            printf(" %15s", cell);
        }
        printf(" %6.1f %5.2f %8.3f\n", r->sweeps, r->far_passes, r->cpu_ms);
    }
    fflush(stdout);
}

/* Least-squares slope of log(y) against log(x). */
static double loglog_slope(const double *x, const double *y, int n)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (int i = 0; i < n; ++i) {
        double lx = log(x[i]), ly = log(y[i]);
        sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly;
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_coupled [--json] [--steps N] [--paper-steps K] [--warmup W]\n"
                    "       [--scene all|paper-game|drafting|stress] [--pipeline both|fast|paper]\n"
                    "       [--stress-min N] [--stress-max N] [--crowded] [--workers N]\n");
    exit(64);
}

int main(int argc, char **argv)
{
    options o = {0, 1000, 60, 300, 0, 1000, 0, 1, "all", "both"};
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) o.json = 1;
        else if (!strcmp(a, "--steps") && v) o.steps = atoi(argv[++i]);
        else if (!strcmp(a, "--paper-steps") && v) o.paper_steps = atoi(argv[++i]);
        else if (!strcmp(a, "--warmup") && v) o.warmup = atoi(argv[++i]);
        else if (!strcmp(a, "--scene") && v) o.scene = argv[++i];
        else if (!strcmp(a, "--pipeline") && v) o.pipeline = argv[++i];
        else if (!strcmp(a, "--stress-min") && v) o.stress_min = atoi(argv[++i]);
        else if (!strcmp(a, "--stress-max") && v) o.stress_max = atoi(argv[++i]);
        else if (!strcmp(a, "--crowded")) o.crowded = 1;
        else if (!strcmp(a, "--workers") && v) o.workers = atoi(argv[++i]);
        else usage();
    }
    if (o.steps < 1 || o.paper_steps < 1 || o.warmup < 0 || o.workers < 1 ||
        o.workers > TASK_POOL_MAX)
        usage();
    if (o.workers > 1 && !task_pool_start(&pool, o.workers)) die("starting the worker threads", NULL);
    bool all = !strcmp(o.scene, "all");
    bool fast = strcmp(o.pipeline, "paper") != 0, paper = strcmp(o.pipeline, "fast") != 0;
    if (!o.json) {
        printf("eddy coupled step: wall-clock ms per phase, median / p95; %d fast steps and %d "
               "paper steps per run after %d warm-up steps\n", o.steps, o.paper_steps, o.warmup);
        print_header();
    }
    const struct { const char *name, *path; int grid, modes; } fixed[] = {
        {"paper-game", "assets/scenes/paper-game.json", 64, 73},
        {"drafting", "assets/scenes/drafting.json", 128, 67},
    };
    for (int s = 0; s < 2; ++s) {
        if (!all && strcmp(o.scene, fixed[s].name)) continue;
        char *json = read_file(fixed[s].path);
        result rf = {0}, rn = {0}, rq = {0};
        if (fast) run(fixed[s].name, json, 10.0, fixed[s].grid, fixed[s].modes, "fast", &o, &rf),
                  print_result(&rf, o.json);
        if (paper) {
            run(fixed[s].name, json, 10.0, fixed[s].grid, fixed[s].modes, "paper/naive", &o, &rn);
            print_result(&rn, o.json);
            run(fixed[s].name, json, 10.0, fixed[s].grid, fixed[s].modes, "paper/quadtree", &o, &rq);
            print_result(&rq, o.json);
        }
        if (fast && paper) {
            double vn = rn.median[PH_TOTAL] / rf.median[PH_TOTAL];
            double vq = rq.median[PH_TOTAL] / rf.median[PH_TOTAL];
            double pn = rn.median[PH_PANELS] / rf.median[PH_PANELS];
            double fn = rn.median[PH_FEEDBACK] / rf.median[PH_FEEDBACK];
            double fq = rq.median[PH_FEEDBACK] / rf.median[PH_FEEDBACK];
            if (o.json)
                printf("{\"scene\":\"%s\",\"speedup_total_vs_paper_naive\":%.1f,"
                       "\"speedup_total_vs_paper_quadtree\":%.1f,\"speedup_panels\":%.1f,"
                       "\"speedup_feedback_vs_naive\":%.1f,\"speedup_feedback_vs_quadtree\":%.1f}\n",
                       fixed[s].name, vn, vq, pn, fn, fq);
            else
                printf("  %s: whole step %.0fx faster than paper/naive, %.0fx than paper/quadtree "
                       "(panels %.0fx, feedback %.0fx / %.0fx)\n",
                       fixed[s].name, vn, vq, pn, fn, fq);
        }
        free(json);
    }
    if ((all || !strcmp(o.scene, "stress")) && fast) {
        const int sizes[] = {25, 50, 100, 200, 400, 700, 1000};
        enum { SIZES = sizeof sizes / sizeof sizes[0] };
        double x[SIZES], total[SIZES], panels[SIZES], cpu[SIZES];
        int n = 0;
        for (int k = 0; k < SIZES && sizes[k] <= o.stress_max; ++k) {
            if (sizes[k] < o.stress_min) continue;
            double side = o.crowded ? 10.0 : 10.0 * sqrt(sizes[k] / 100.0);
            int grid = (int)lround(12.8 * side);
            char *json = stress_scene(sizes[k], side);
            char name[32];
            snprintf(name, sizeof name, "%s-%d", o.crowded ? "crowded" : "stress", sizes[k]);
            result r;
            run(name, json, side, grid, 256, "fast", &o, &r);
            print_result(&r, o.json);
            x[n] = sizes[k], total[n] = r.median[PH_TOTAL], panels[n] = r.median[PH_PANELS];
            cpu[n] = r.cpu_ms;
            ++n;
            free(json);
        }
        if (n >= 2) {
            double st = loglog_slope(x, total, n), sp = loglog_slope(x, panels, n);
            double sc = loglog_slope(x, cpu, n);
            if (o.json)
                printf("{\"scene\":\"%s\",\"loglog_slope_total\":%.3f,\"loglog_slope_panels\":%.3f,"
                       "\"loglog_slope_cpu\":%.3f}\n", o.crowded ? "crowded" : "stress", st, sp, sc);
            else
                printf("  %s: log-log slope against bodies of the median step %.2f, of its panels "
                       "%.2f, of CPU time per step %.2f\n", o.crowded ? "crowded" : "stress", st, sp,
                       sc);
        }
    }
    for (int i = 0; i < asset_count; ++i) eddy_asset_destroy(assets[i].asset);
    if (o.workers > 1) task_pool_stop(&pool);
    return 0;
}
