// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_grid_solver.c - speed and accuracy of the full-grid MAC solver on a
 * 64 x 64 grid (the paper's game scene uses 65 x 65): step time with the
 * cosine-transform projection (plain box) and with the PCG projection (a
 * solid obstacle), split into advection and projection, plus the divergence
 * left and the CG iterations. Numbers, not assertions.
 *
 *   build/bench/bench_grid_solver [--json] [--steps N] [--n CELLS] */
#include <eddy/eddy_grid.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef M_PI /* strict C17 does not define it */
#define M_PI 3.14159265358979323846
#endif

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct run_result {
    double step_median_ms, advect_median_ms, project_median_ms;
    double worst_relative_divergence;
    double mean_iterations;
    int max_iterations;
} run_result;

/* A swirling start: a random discrete stream function, smoothed, so the
 * field is divergence-free and has structure at several scales. */
static void swirl(const eddy_grid_solver *s, double *f)
{
    const eddy_mac *g = eddy_grid_solver_mac(s);
    int nx = g->nx, ny = g->ny;
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            double x = i * g->hx / g->width, y = (j + 0.5) * g->hy / g->height;
            f[eddy_mac_u(g, i, j)] = sin(M_PI * x) * cos(M_PI * y) + 0.3 * sin(3 * M_PI * x) *
                                                                         cos(2 * M_PI * y);
        }
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i < nx; ++i) {
            double x = (i + 0.5) * g->hx / g->width, y = j * g->hy / g->height;
            f[eddy_mac_v(g, i, j)] = -cos(M_PI * x) * sin(M_PI * y) + 0.2 * cos(2 * M_PI * x) *
                                                                          sin(3 * M_PI * y);
        }
}

static int run(int n, int steps, bool obstacle, eddy_grid_advection adv, run_result *out)
{
    uint8_t *mask = NULL;
    if (obstacle) {
        mask = calloc((size_t)n * n, 1);
        for (int j = n / 3; j < n / 2; ++j)
            for (int i = n / 4; i < n / 2; ++i)
                mask[j * n + i] = 1;
    }
    eddy_grid_desc d = {0};
    d.width = 10.0, d.height = 10.0, d.nx = n, d.ny = n;
    d.solid = mask;
    d.advection = adv;
    eddy_grid_solver *s;
    eddy_error err;
    if (eddy_grid_solver_create(&d, &s, &err) != EDDY_OK) {
        fprintf(stderr, "bench_grid_solver: %s\n", err.message);
        return 1;
    }
    int size = eddy_grid_solver_field_size(s);
    double *f = calloc((size_t)size, sizeof *f), *force = calloc((size_t)size, sizeof *f);
    double *t_step = calloc((size_t)steps, sizeof(double));
    double *t_adv = calloc((size_t)steps, sizeof(double));
    double *t_proj = calloc((size_t)steps, sizeof(double));
    swirl(s, f);
    eddy_grid_project(s, f, NULL);
    const eddy_mac *g = eddy_grid_solver_mac(s);
    /* A steady jet pushing right in the left third keeps things moving. */
    for (int j = n / 2 - 3; j < n / 2 + 3; ++j)
        for (int i = 1; i < n / 3; ++i)
            force[eddy_mac_u(g, i, j)] = 5.0;

    memset(out, 0, sizeof *out);
    double iterations = 0.0;
    for (int k = 0; k < steps; ++k) {
        double t0 = now_ms();
        if (eddy_grid_step(s, f, force, 1.0 / 60.0, &err) != EDDY_OK) {
            fprintf(stderr, "bench_grid_solver: step %d: %s\n", k, err.message);
            return 1;
        }
        t_step[k] = now_ms() - t0;
        eddy_grid_stats st;
        eddy_grid_solver_stats(s, &st);
        t_adv[k] = st.advect_ms;
        t_proj[k] = st.project_ms;
        double rel = st.divergence_scale > 0 ? st.divergence_after / st.divergence_scale : 0.0;
        out->worst_relative_divergence = fmax(out->worst_relative_divergence, rel);
        iterations += st.iterations;
        if (st.iterations > out->max_iterations)
            out->max_iterations = st.iterations;
    }
    qsort(t_step, (size_t)steps, sizeof(double), compare_doubles);
    qsort(t_adv, (size_t)steps, sizeof(double), compare_doubles);
    qsort(t_proj, (size_t)steps, sizeof(double), compare_doubles);
    out->step_median_ms = t_step[steps / 2];
    out->advect_median_ms = t_adv[steps / 2];
    out->project_median_ms = t_proj[steps / 2];
    out->mean_iterations = iterations / steps;
    free(t_step);
    free(t_adv);
    free(t_proj);
    free(f);
    free(force);
    free(mask);
    eddy_grid_solver_destroy(s);
    return 0;
}

int main(int argc, char **argv)
{
    bool json = false;
    int steps = 300, n = 64;
    for (int a = 1; a < argc; ++a) {
        if (strcmp(argv[a], "--json") == 0)
            json = true;
        else if (strcmp(argv[a], "--steps") == 0 && a + 1 < argc)
            steps = atoi(argv[++a]);
        else if (strcmp(argv[a], "--n") == 0 && a + 1 < argc)
            n = atoi(argv[++a]);
        else {
            fprintf(stderr, "usage: %s [--json] [--steps N] [--n CELLS]\n", argv[0]);
            return 2;
        }
    }
    if (steps < 1 || n < 2) {
        fprintf(stderr, "bench_grid_solver: need --steps >= 1 and --n >= 2\n");
        return 2;
    }
    struct {
        const char *name;
        bool obstacle;
        eddy_grid_advection adv;
    } cases[] = {{"box_fft_maccormack", false, EDDY_GRID_ADVECT_MACCORMACK},
                 {"box_fft_semi_lagrangian", false, EDDY_GRID_ADVECT_SEMI_LAGRANGIAN},
                 {"obstacle_pcg_maccormack", true, EDDY_GRID_ADVECT_MACCORMACK}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        run_result r;
        if (run(n, steps, cases[c].obstacle, cases[c].adv, &r) != 0)
            return 1;
        if (json)
            printf("{\"bench\":\"grid_solver\",\"case\":\"%s\",\"n\":%d,\"steps\":%d,"
                   "\"step_ms\":%.4f,\"advect_ms\":%.4f,\"project_ms\":%.4f,"
                   "\"worst_relative_divergence\":%.3g,\"mean_cg_iterations\":%.1f,"
                   "\"max_cg_iterations\":%d}\n",
                   cases[c].name, n, steps, r.step_median_ms, r.advect_median_ms,
                   r.project_median_ms, r.worst_relative_divergence, r.mean_iterations,
                   r.max_iterations);
        else
            printf("%-26s %dx%d: step %.3f ms (advect %.3f, project %.3f), "
                   "divergence/(|u|/h) <= %.2g, CG iterations mean %.1f max %d\n",
                   cases[c].name, n, n, r.step_median_ms, r.advect_median_ms,
                   r.project_median_ms, r.worst_relative_divergence, r.mean_iterations,
                   r.max_iterations);
    }
    return 0;
}
