// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_pileup.c - the coupled step's worst case for the Schwarz iteration
 * (issue 15): N bodies placed at one point, every one overlapping every
 * other, in a stirred 10 x 10 m tank (64 cells, 73 modes). Every pair is in
 * the near field, so a sweep costs (all panels)^2 and the sweeps do not
 * converge; the coupling's work cap per step (EDDY_SCHWARZ_WORK_PER_PANEL,
 * panel.h) bounds what a step may spend. Prints one JSON line per N: milliseconds per step
 * (median over the timed steps), sweeps, and how often the cap stopped them.
 *
 *   build/bench/bench_pileup [--steps N] [--bodies LIST] [--size M]
 *   (defaults 20 steps; 10,25,50 bodies; 0.5 m: circles of radius M and boxes
 *   of M x 0.7 M half-sides, alternately, inside the tank's four walls, which
 *   keep the heap from flinging bodies out of the fluid as it bursts apart);
 *   PILEUP_PHASES=1 in the environment
 *   prints every step's phases on stderr */
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_coupling.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void die(const char *what, const eddy_error *err)
{
    fprintf(stderr, "bench_pileup: %s: %s\n", what, err->message);
    exit(1);
}

static void run(const eddy_asset *asset, int bodies, int steps, double size)
{
    eddy_error err = {0};
    eddy_fluid *fluid = NULL;
    eddy_fluid_desc fd = {0};
    if (eddy_fluid_create(asset, &fd, &fluid, &err) != EDDY_OK) die("fluid", &err);
    eddy_world *world = NULL;
    eddy_world_desc wd = {0};
    wd.disable_sleep = true;
    if (eddy_world_create(&wd, &world, &err) != EDDY_OK) die("world", &err);
    eddy_coupling *c = NULL;
    eddy_coupling_desc cd = {0};
    if (eddy_coupling_create(fluid, world, &cd, &c, &err) != EDDY_OK) die("coupling", &err);
    if (eddy_coupling_add_walls(c, NULL, &err) != EDDY_OK) die("walls", &err);
    for (int i = 0; i < bodies; i++) {
        eddy_body_desc bd = {0};
        bd.type = EDDY_BODY_DYNAMIC;
        bd.position[0] = 5.0, bd.position[1] = 5.0;
        eddy_body *b = NULL;
        if (eddy_body_create(world, &bd, &b, &err) != EDDY_OK) die("body", &err);
        eddy_shape_desc sd = {0};
        sd.type = i % 2 ? EDDY_SHAPE_CIRCLE : EDDY_SHAPE_BOX;
        sd.radius = size, sd.half_width = size, sd.half_height = 0.7 * size, sd.density = 1000.0;
        if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) die("shape", &err);
        if (eddy_coupling_add_body(c, b, &err) != EDDY_OK) die("couple", &err);
    }
    double *ms = malloc((size_t)steps * sizeof *ms);
    double first = 0.0;
    long sweeps = 0, capped = 0;
    for (int s = 0; s < steps; s++) {
        eddy_fluid_add_stir(fluid, &(eddy_stir){.x = 3, .y = 5, .radius = 1.5, .fx = 20.0, .fy = 10.0});
        double t0 = now_ms();
        if (eddy_coupling_step(c, 1.0 / 60.0, &err) != EDDY_OK) die("step", &err);
        ms[s] = now_ms() - t0;
        if (s == 0) first = ms[s];
        if (getenv("PILEUP_PHASES")) {
            eddy_coupling_timings ph;
            eddy_coupling_get_timings(c, &ph);
            fprintf(stderr, "step %d: panels %.1f forces %.1f feedback %.1f bodies %.1f fluid %.1f\n", s,
                    ph.panels_ms, ph.forces_ms, ph.feedback_ms, ph.bodies_ms,
                    ph.fluid.advect_ms + ph.fluid.diffuse_ms + ph.fluid.forces_ms);
        }
        eddy_coupling_timings tm;
        eddy_coupling_get_timings(c, &tm);
        sweeps += tm.schwarz_iterations;
        capped += tm.schwarz_capped;
    }
    qsort(ms, (size_t)steps, sizeof *ms, compare);
    printf("{\"bodies\":%d,\"size_m\":%g,\"steps\":%d,\"ms_first_step\":%.2f,"
           "\"ms_per_step_median\":%.2f,\"ms_per_step_max\":%.2f,\"sweeps_per_step\":%.1f,"
           "\"capped_steps\":%ld}\n", bodies, size, steps, first, ms[steps / 2], ms[steps - 1],
           (double)sweeps / steps, capped);
    free(ms);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
}

int main(int argc, char **argv)
{
    int steps = 20;
    double size = 0.5;
    char list[128] = "10,25,50";
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--steps") == 0) steps = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--bodies") == 0) snprintf(list, sizeof list, "%s", argv[i + 1]);
        else if (strcmp(argv[i], "--size") == 0) size = atof(argv[i + 1]);
    }
    if (steps < 1) steps = 1;
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 64, .ny = 64, .modes = 73};
    eddy_asset *asset = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &asset, &err) != EDDY_OK) die("asset", &err);
    for (char *p = strtok(list, ","); p; p = strtok(NULL, ",")) run(asset, atoi(p), steps, size);
    eddy_asset_destroy(asset);
    return 0;
}
