// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_cost.c - the run cost model (eddy_step_cost_estimate,
 * engine/coupling/step_cost.c; eddy_grid_estimate,
 * engine/builder/grid_solver.c) against what steps cost here: for each
 * configuration, the median CPU time of a coupled step (the thread's CPU
 * clock, so other work on the machine counts little), the estimate and
 * their ratio, and the estimate's parts. A ratio above 1 means the model
 * underestimates: the constants in step_cost.c are measured on one machine
 * and rounded up so that, there, the ratio stays at or below 1.
 *
 *   build/bench/bench_cost [--quick]
 *
 * Configurations: the fluid alone (box assets of 73 to 1024 modes, a walled
 * one whose tensor is packed); bodies spread apart (panels and their solves);
 * bodies heaped on one spot (near fields, capped sweeps, contacts); each
 * feedback mode on two grids; the full-grid solver of eddy-paint (box and
 * walled). One JSON line each. */
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_coupling.h>
#include <eddy/eddy_grid.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void die(const char *what, const eddy_error *err)
{
    fprintf(stderr, "bench_cost: %s: %s\n", what, err->message);
    exit(1);
}

static eddy_asset *build(double w, double h, int nx, int ny, int modes, const eddy_wall *walls,
                         int wall_count, eddy_advection advection)
{
    eddy_build_desc d = {.width = w, .height = h, .nx = nx, .ny = ny, .modes = modes,
                         .walls = walls, .wall_count = wall_count, .advection = advection};
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) die("build", &err);
    return a;
}

typedef enum { SPREAD, HEAP } layout;

typedef struct config {
    const char *name;
    const eddy_asset *asset;
    int bodies;
    layout where;
    double radius;
    eddy_feedback_mode feedback;
    int steps;
    int sweeps; /* Schwarz iterations: 6 as the game, 0 the coupling's 50 as sim */
} config;

/* Where body i goes: on a lattice of 2.5 m spacing away from the walls, or
 * within a radius of the middle. */
static void place(const config *c, int i, double w, double h, double *x, double *y)
{
    if (c->where == HEAP) {
        double a = 2.399963 * i, r = 0.35 * c->radius * sqrt((double)i);
        *x = 0.5 * w + r * cos(a), *y = 0.5 * h + r * sin(a);
        return;
    }
    int per_row = (int)floor((w - 1.0) / 1.6);
    *x = 1.0 + 1.6 * (i % per_row), *y = 1.0 + 1.6 * (i / per_row);
    (void)h;
}

static void run(const config *c)
{
    eddy_error err = {0};
    eddy_asset_info info;
    eddy_asset_get_info(c->asset, &info);
    eddy_fluid_desc fd = {0};
    fd.viscosity = 1e-3;
    eddy_fluid *fluid = NULL;
    if (eddy_fluid_create(c->asset, &fd, &fluid, &err) != EDDY_OK) die("fluid", &err);
    double *r0 = calloc((size_t)info.mode_count, sizeof *r0);
    for (int k = 0; k < info.mode_count; ++k) r0[k] = 0.4 * sin(1.7 * k + 0.3) / (1.0 + 0.05 * k);
    eddy_fluid_set_coefficients(fluid, r0, info.mode_count);
    free(r0);
    eddy_world *world = NULL;
    eddy_world_desc wd = {0};
    wd.disable_sleep = true;
    if (eddy_world_create(&wd, &world, &err) != EDDY_OK) die("world", &err);
    eddy_coupling *cp = NULL;
    eddy_coupling_desc cd = {0};
    cd.feedback = c->feedback;
    cd.max_bodies = c->bodies + 1;
    if (c->sweeps > 0) { /* as the game */
        cd.schwarz_tolerance = 1e-3;
        cd.schwarz_max_iterations = c->sweeps;
    }
    if (eddy_coupling_create(fluid, world, &cd, &cp, &err) != EDDY_OK) die("coupling", &err);
    if (eddy_coupling_add_walls(cp, NULL, &err) != EDDY_OK) die("walls", &err);
    for (int i = 0; i < c->bodies; ++i) {
        eddy_body_desc bd = {0};
        bd.type = EDDY_BODY_DYNAMIC;
        place(c, i, info.width, info.height, &bd.position[0], &bd.position[1]);
        eddy_body *b = NULL;
        if (eddy_body_create(world, &bd, &b, &err) != EDDY_OK) die("body", &err);
        eddy_shape_desc sd = {0};
        sd.type = i % 2 ? EDDY_SHAPE_BOX : EDDY_SHAPE_CIRCLE;
        sd.radius = c->radius;
        sd.half_width = c->radius, sd.half_height = 0.7 * c->radius;
        sd.density = 1000;
        if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) die("shape", &err);
        if (eddy_coupling_add_body(cp, b, &err) != EDDY_OK) die("coupled body", &err);
    }
    eddy_step_cost est;
    eddy_coupling_step_cost(cp, &est);
    int steps = c->steps;
    double *t = malloc((size_t)steps * sizeof *t), phases[4] = {0}, terms = 0;
    for (int s = 0; s < steps; ++s) {
        double t0 = cpu_seconds();
        eddy_result rc = eddy_coupling_step(cp, 1.0 / 60.0, &err);
        t[s] = cpu_seconds() - t0;
        if (rc != EDDY_OK && rc != EDDY_ERR_RANGE) die("step", &err);
        eddy_coupling_timings tm;
        eddy_coupling_get_timings(cp, &tm);
        phases[0] += tm.fluid.forces_ms + tm.fluid.advect_ms + tm.fluid.diffuse_ms;
        phases[1] += tm.panels_ms + tm.forces_ms;
        phases[2] += tm.feedback_ms;
        phases[3] += tm.bodies_ms;
        terms += tm.fluid.taylor_terms;
    }
    double measured = median(t, steps);
    printf("{\"config\":\"%s\",\"modes\":%d,\"nnz\":%lld,\"grid\":[%d,%d],\"bodies\":%d,"
           "\"panels\":%.0f,\"near_pairs\":%.0f,\"feedback\":\"%s\",\"sweeps\":%d,"
           "\"taylor_terms\":%.1f,\"measured_ms\":%.4f,"
           "\"estimate_ms\":%.4f,\"ratio\":%.2f,\"estimate_parts_ms\":[%.4f,%.4f,%.4f,%.4f],"
           "\"measured_parts_ms\":[%.4f,%.4f,%.4f,%.4f]}\n",
           c->name, info.mode_count, (long long)info.tensor_nonzeros, info.nx, info.ny, c->bodies,
           est.panel_count, est.near_pairs, eddy_feedback_name(c->feedback),
           c->sweeps > 0 ? c->sweeps : 50, terms / steps, 1e3 * measured,
           1e3 * est.total, measured / est.total, 1e3 * est.fluid, 1e3 * est.panels,
           1e3 * est.feedback, 1e3 * est.bodies, phases[0] / steps, phases[1] / steps,
           phases[2] / steps, phases[3] / steps);
    fflush(stdout);
    free(t);
    eddy_coupling_destroy(cp);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
}

static void run_grid(const char *name, int nx, int ny, bool solids, int steps)
{
    eddy_grid_desc d = {0};
    d.width = 12, d.height = 7.5, d.nx = nx, d.ny = ny;
    unsigned char *solid = NULL;
    if (solids) { /* a shelf of rock, as the cave level's */
        solid = calloc((size_t)nx * (size_t)ny, 1);
        for (int j = ny / 3; j < ny / 2; ++j)
            for (int i = nx / 4; i < nx; ++i) solid[j * nx + i] = 1;
        d.solid = solid;
    }
    eddy_grid_solver *s = NULL;
    eddy_error err = {0};
    if (eddy_grid_solver_create(&d, &s, &err) != EDDY_OK) die("grid", &err);
    int n = eddy_grid_solver_field_size(s);
    double *f = calloc((size_t)n, sizeof *f), *t = malloc((size_t)steps * sizeof *t);
    for (int k = 0; k < n; ++k) f[k] = sin(0.1 * k) * cos(0.013 * k);
    eddy_grid_project(s, f, &err);
    for (int k = 0; k < steps; ++k) {
        double t0 = cpu_seconds();
        eddy_grid_step(s, f, NULL, 0.01, &err);
        t[k] = cpu_seconds() - t0;
    }
    eddy_grid_cost cost;
    eddy_grid_estimate(nx, ny, solids, &cost);
    double measured = median(t, steps);
    printf("{\"config\":\"%s\",\"grid\":[%d,%d],\"solids\":%s,\"measured_ms\":%.4f,"
           "\"estimate_ms\":%.4f,\"ratio\":%.2f}\n", name, nx, ny, solids ? "true" : "false",
           1e3 * measured, 1e3 * cost.step_seconds, measured / cost.step_seconds);
    fflush(stdout);
    free(f), free(t), free(solid);
    eddy_grid_solver_destroy(s);
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    int steps = quick ? 10 : 40;
    const eddy_advection T = EDDY_ADVECTION_TENSOR, G = EDDY_ADVECTION_GRID;
    eddy_asset *box73 = build(10, 10, 64, 64, 73, NULL, 0, T);
    eddy_asset *box73_128 = build(10, 10, 128, 128, 73, NULL, 0, T);
    eddy_asset *box256 = build(10, 10, 64, 64, 256, NULL, 0, T);
    eddy_asset *box1024 = quick ? NULL : build(10, 10, 128, 128, 1024, NULL, 0, T);
    eddy_asset *box256_grid = build(10, 10, 64, 64, 256, NULL, 0, G);
    eddy_asset *box1024_grid = quick ? NULL : build(10, 10, 128, 128, 1024, NULL, 0, G);
    eddy_wall shelf = {.kind = EDDY_WALL_POLYGON, .point_count = 4,
                       .points = {{3, 2.5}, {12, 2.5}, {12, 3.5}, {3, 3.5}}};
    eddy_asset *walled = build(12, 7.5, 64, 40, 96, &shelf, 1, T);
    eddy_asset *walled_grid = build(12, 7.5, 64, 40, 96, &shelf, 1, G);
    eddy_asset *walled256_grid = quick ? NULL : build(12, 7.5, 64, 40, 256, &shelf, 1, G);
    const config configs[] = {
        {"fluid", box73, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"fluid", box256, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"fluid", box1024, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"fluid packed", walled, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"fluid grid", walled_grid, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"fluid grid", walled256_grid, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"fluid box grid", box256_grid, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"fluid box grid", box1024_grid, 0, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"spread", box73, 8, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"spread", box73, 30, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"spread", box256, 30, SPREAD, 0.3, EDDY_FEEDBACK_OFF, steps, 6},
        {"spread large", box73, 8, SPREAD, 0.7, EDDY_FEEDBACK_OFF, steps, 6},
        {"spread large", box73, 8, SPREAD, 0.7, EDDY_FEEDBACK_OFF, steps, 0},
        {"heap", box73, 10, HEAP, 0.5, EDDY_FEEDBACK_OFF, 5, 6},
        {"heap", box73, 25, HEAP, 0.5, EDDY_FEEDBACK_OFF, 5, 6},
        {"heap", box73, 50, HEAP, 0.5, EDDY_FEEDBACK_OFF, 5, 6},
        {"heap", box73, 10, HEAP, 0.5, EDDY_FEEDBACK_OFF, 5, 0},
        {"heap", box73, 25, HEAP, 0.5, EDDY_FEEDBACK_OFF, 5, 0},
        {"heap", box73, 50, HEAP, 0.5, EDDY_FEEDBACK_OFF, 5, 0},
        {"feedback", box73, 8, SPREAD, 0.3, EDDY_FEEDBACK_EXACT, steps, 6},
        {"feedback", box73, 30, SPREAD, 0.3, EDDY_FEEDBACK_EXACT, steps, 6},
        {"feedback", box256, 30, SPREAD, 0.3, EDDY_FEEDBACK_EXACT, steps, 6},
        {"feedback", box73, 8, SPREAD, 0.3, EDDY_FEEDBACK_QUADTREE, steps, 6},
        {"feedback", box73, 30, SPREAD, 0.3, EDDY_FEEDBACK_QUADTREE, steps, 6},
        {"feedback", box73_128, 8, SPREAD, 0.3, EDDY_FEEDBACK_QUADTREE, 10, 6},
        {"feedback", box73_128, 30, SPREAD, 0.3, EDDY_FEEDBACK_QUADTREE, 10, 6},
        {"feedback", box73, 8, SPREAD, 0.3, EDDY_FEEDBACK_NAIVE, steps, 6},
        {"feedback", box73, 30, SPREAD, 0.3, EDDY_FEEDBACK_NAIVE, 10, 6},
        {"feedback", box73_128, 8, SPREAD, 0.3, EDDY_FEEDBACK_NAIVE, 10, 6},
        {"feedback heap", box73, 25, HEAP, 0.5, EDDY_FEEDBACK_NAIVE, 5, 6},
        {"feedback heap", box73, 50, HEAP, 0.5, EDDY_FEEDBACK_QUADTREE, 5, 6},
        {"walled spread", walled, 6, SPREAD, 0.3, EDDY_FEEDBACK_EXACT, steps, 6},
    };
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; ++i)
        if (configs[i].asset) run(&configs[i]);
    run_grid("paint grid", 256, 256, false, quick ? 3 : 10);
    run_grid("paint grid", 512, 512, false, quick ? 2 : 5);
    run_grid("paint grid walls", 128, 80, true, quick ? 3 : 10);
    run_grid("paint grid walls", 256, 160, true, quick ? 2 : 5);
    eddy_asset_destroy(box73);
    eddy_asset_destroy(box73_128);
    eddy_asset_destroy(box256);
    eddy_asset_destroy(box1024);
    eddy_asset_destroy(walled);
    eddy_asset_destroy(walled_grid);
    eddy_asset_destroy(walled256_grid);
    eddy_asset_destroy(box256_grid);
    eddy_asset_destroy(box1024_grid);
    return 0;
}
