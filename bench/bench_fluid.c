// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_fluid.c - speed of the reduced fluid core: advect + diffuse per step
 * for 73 and 256 modes, asset build time and size. Numbers, not assertions:
 * speed targets live here rather than in timed unit tests.
 *
 *   build/bench/bench_fluid [--json] [--steps N] */
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct step_stats {
    double median_ms, p95_ms, mean_terms;
} step_stats;

/* Steps a fluid that is really moving (energy spread over all modes with
 * a k^-1 spectrum, a stir every step) and records advect + diffuse times. */
static step_stats time_steps(const eddy_asset *a, int steps)
{
    eddy_fluid_desc d = {0};
    d.viscosity = 1e-4;
    eddy_fluid *f;
    eddy_error err;
    if (eddy_fluid_create(a, &d, &f, &err) != EDDY_OK) {
        fprintf(stderr, "bench: %s\n", err.message);
        exit(1);
    }
    int r = eddy_fluid_mode_count(f);
    double *coef = malloc((size_t)r * sizeof *coef);
    for (int k = 0; k < r; ++k) coef[k] = 2.0 * sin(1.7 * k + 0.3) / (1.0 + k);
    eddy_fluid_set_coefficients(f, coef, r);
    double *ms = malloc((size_t)steps * sizeof *ms);
    double terms = 0;
    for (int s = -200; s < steps; ++s) {
        eddy_stir st = {.x = 5 + 2 * sin(s * 0.01), .y = 5, .radius = 0.8, .fx = 200, .fy = 0};
        eddy_fluid_add_stir(f, &st);
        eddy_fluid_step(f, 1.0 / 60);
        if (s < 0) continue;
        eddy_timings t;
        eddy_fluid_get_timings(f, &t);
        ms[s] = t.advect_ms + t.diffuse_ms;
        terms += t.taylor_terms;
    }
    qsort(ms, (size_t)steps, sizeof *ms, compare_doubles);
    step_stats out = {ms[steps / 2], ms[(int)(0.95 * steps)], terms / steps};
    free(ms), free(coef);
    eddy_fluid_destroy(f);
    return out;
}

int main(int argc, char **argv)
{
    int json = 0, steps = 2000;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--json")) json = 1;
        else if (!strcmp(argv[i], "--steps") && i + 1 < argc) steps = atoi(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_fluid [--json] [--steps N]\n");
            return 64;
        }
    }
    if (steps < 10) steps = 10;
    const struct { int modes, grid; } cases[] = {{73, 64}, {256, 128}};
    if (!json) printf("%-6s %-5s %12s %12s %12s %10s %12s %10s\n", "modes", "grid", "build s",
                      "asset KiB", "tensor nnz", "terms", "step med ms", "p95 ms");
    for (int c = 0; c < 2; ++c) {
        eddy_build_desc d = {.width = 10, .height = 10, .nx = cases[c].grid, .ny = cases[c].grid,
                             .modes = cases[c].modes};
        eddy_asset *a;
        eddy_error err;
        double t0 = now_s();
        if (eddy_build_asset(&d, &a, &err) != EDDY_OK) {
            fprintf(stderr, "bench: %s\n", err.message);
            return 1;
        }
        unsigned char *bytes;
        size_t size;
        eddy_asset_encode(a, &bytes, &size, &err);
        double build_s = now_s() - t0;
        free(bytes);
        eddy_asset_info info;
        eddy_asset_get_info(a, &info);
        step_stats st = time_steps(a, steps);
        if (json)
            printf("{\"modes\":%d,\"grid\":%d,\"build_s\":%.4f,\"asset_bytes\":%zu,\"tensor_nnz\":%lld,"
                   "\"taylor_terms\":%.1f,\"advect_diffuse_median_ms\":%.5f,\"advect_diffuse_p95_ms\":%.5f}\n",
                   cases[c].modes, cases[c].grid, build_s, size, (long long)info.tensor_nonzeros,
                   st.mean_terms, st.median_ms, st.p95_ms);
        else
            printf("%-6d %-5d %12.3f %12.1f %12lld %10.1f %12.4f %10.4f\n", cases[c].modes,
                   cases[c].grid, build_s, size / 1024.0, (long long)info.tensor_nonzeros,
                   st.mean_terms, st.median_ms, st.p95_ms);
        eddy_asset_destroy(a);
    }
    return 0;
}
