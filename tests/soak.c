// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* soak.c - `make soak`: one hour of game time (216,000 steps at 60 Hz) of a
 * headless level driven by random but seeded input, checked every step.
 *
 *   soak [--steps N] [--seed S] [--modes R] [--force F] [--viscosity NU] [--bodies]
 *
 * Every step: the state is finite; the kinetic energy stays under a bound
 * (see ENERGY_BOUND) and shows no secular growth (the largest energy of the
 * last quarter of the run may not exceed twice that of the second quarter);
 * the step allocates nothing (malloc, calloc, realloc and free are wrapped at
 * link time, -Wl,--wrap=..., and counted while stepping); tracer particles
 * carried by the flow stay inside the level. Memory is flat: the resident set
 * (from /proc/self/statm) at the end may not exceed the one after setup by
 * more than MAX_RSS_GROWTH_KB. Prints one JSON line and exits 1 on any
 * violation.
 *
 * The input: each step, with probability 2/3, one to three stirs at random
 * points of the level (10 m x 10 m, 73 modes), random radius 0.3..1.5 m and
 * random force up to F = 2e4 N/m^2 (a player's swipe: about 0.3 m/s added in
 * one step of 1/60 s), and every 10 s of game time a burst of ten stirs up to
 * 5F, over a fluid of viscosity 5e-3 m^2/s. The flow settles at about
 * 0.8 m/s on average.
 *
 * With --bodies the level also holds four bodies coupled to the fluid (a
 * heavy box, a light disc, a plank, and a cork a hundred times lighter than
 * the water, whose added mass is ten times its own; buoyancy on), built from a scene by
 * eddy_scene_build_world, and each step is eddy_coupling_step. Then every
 * step also checks that each body's pose and velocity are finite and that no
 * body's origin leaves the level; the energy checked is the coupling's
 * (fluid plus bodies). Allocation counting covers the C library only: Box2D
 * 2.4 is a shared C++ library whose own allocations are not wrapped. */
#include "eddy.h"
#include "eddy_build.h"
#include "eddy_scene.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------ allocation counting */

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

static long allocations, frees;

void *__wrap_malloc(size_t size) { allocations++; return __real_malloc(size); }
void *__wrap_calloc(size_t n, size_t size) { allocations++; return __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t size) { allocations++; return __real_realloc(p, size); }
void __wrap_free(void *p) { if (p) frees++; __real_free(p); }

/* ------------------------------------------------------------ helpers */

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#define DT (1.0 / 60.0)
#define WIDTH 10.0
#define HEIGHT 10.0
#define TRACERS 64
/* Energy bound, J per metre of depth. With the default input the energy
 * settles between 3e4 and 6e4 J/m (mean speed about 0.8 m/s). 1e6 J/m is a
 * mean speed of 4.5 m/s over the whole level: out of reach of this input
 * unless the step gains energy by itself. */
#define ENERGY_BOUND 1e6
#define MAX_RSS_GROWTH_KB 64
#define WARMUP_STEPS 600

static double uniform(uint64_t *s) /* [0, 1) */
{
    uint64_t x = *s;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    *s = x;
    return (double)((x * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

static long rss_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = -1, resident = -1;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = -1;
        fclose(f);
    }
    return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

static bool finite_state(const eddy_fluid *f)
{
    const double *c = eddy_fluid_coefficients(f);
    for (int k = 0; k < eddy_fluid_mode_count(f); ++k)
        if (!isfinite(c[k])) return false;
    return true;
}

/* One tracer step (midpoint rule); a tracer that a finite step would carry
 * through a wall is held at the wall, as a body would be by its contacts.
 * Returns false if the velocity is not finite. */
static bool move_tracer(const eddy_fluid *f, double *p)
{
    double uv[2], mid[2];
    eddy_fluid_velocity(f, p[0], p[1], uv);
    mid[0] = fmin(fmax(p[0] + 0.5 * DT * uv[0], 0.0), WIDTH);
    mid[1] = fmin(fmax(p[1] + 0.5 * DT * uv[1], 0.0), HEIGHT);
    eddy_fluid_velocity(f, mid[0], mid[1], uv);
    if (!isfinite(uv[0]) || !isfinite(uv[1])) return false;
    p[0] = fmin(fmax(p[0] + DT * uv[0], 0.0), WIDTH);
    p[1] = fmin(fmax(p[1] + DT * uv[1], 0.0), HEIGHT);
    return true;
}

/* ------------------------------------------------------------ main */

typedef struct violation {
    long step;
    const char *what;
} violation;

int main(int argc, char **argv)
{
    long steps = 216000;
    uint64_t seed = 20260101;
    int modes = 73;
    double force_max = 2e4, viscosity = 5e-3;
    bool with_bodies = false;
    for (int i = 1; i < argc; i += 2) {
        if (strcmp(argv[i], "--bodies") == 0) {
            with_bodies = true;
            i--;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "soak: %s needs a value\n", argv[i]);
            return 64;
        }
        if (strcmp(argv[i], "--steps") == 0) steps = atol(argv[i + 1]);
        else if (strcmp(argv[i], "--seed") == 0) seed = strtoull(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--modes") == 0) modes = atoi(argv[i + 1]);
        else if (strcmp(argv[i], "--force") == 0) force_max = atof(argv[i + 1]);
        else if (strcmp(argv[i], "--viscosity") == 0) viscosity = atof(argv[i + 1]);
        else {
            fprintf(stderr, "usage: soak [--steps N] [--seed S] [--modes R] [--force F] "
                            "[--viscosity NU] [--bodies]\n");
            return 64;
        }
    }
    if (steps < 4 || modes < 1) {
        fprintf(stderr, "soak: need --steps >= 4 and --modes >= 1\n");
        return 64;
    }

    eddy_error err = {0};
    eddy_build_desc bd = {.width = WIDTH, .height = HEIGHT, .nx = 64, .ny = 64, .modes = modes};
    eddy_asset *asset = NULL;
    if (eddy_build_asset(&bd, &asset, &err) != EDDY_OK) {
        fprintf(stderr, "soak: %s\n", err.message);
        return 1;
    }
    eddy_fluid_desc fd = {0};
    fd.viscosity = viscosity;
    eddy_fluid *fluid = NULL;
    if (eddy_fluid_create(asset, &fd, &fluid, &err) != EDDY_OK) {
        fprintf(stderr, "soak: %s\n", err.message);
        return 1;
    }
    uint64_t rng = seed ? seed : 1;
    double tracer[TRACERS][2];
    for (int p = 0; p < TRACERS; ++p)
        tracer[p][0] = WIDTH * uniform(&rng), tracer[p][1] = HEIGHT * uniform(&rng);

    /* ---- BODIES (--bodies): a world coupled to the fluid. */
    enum { BODIES = 4 };
    static const char BODY_SCENE[] =
        "{\"buoyancy\": true, \"bodies\": ["
        " {\"shape\": \"box\", \"hw\": 0.4, \"hh\": 0.3, \"x\": 3, \"y\": 6, \"density\": 1500},"
        " {\"shape\": \"circle\", \"radius\": 0.35, \"x\": 7, \"y\": 3, \"density\": 400},"
        " {\"shape\": \"box\", \"hw\": 0.9, \"hh\": 0.08, \"x\": 5, \"y\": 8, \"density\": 700},"
        " {\"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.3, \"x\": 2, \"y\": 2, \"density\": 10}]}";
    eddy_scene *body_scene = NULL;
    eddy_world *world = NULL;
    eddy_coupling *coupling = NULL;
    eddy_body *bodies[BODIES];
    if (with_bodies &&
        (eddy_scene_load_memory(BODY_SCENE, sizeof BODY_SCENE - 1, &body_scene, &err) != EDDY_OK ||
         eddy_scene_build_world(body_scene, fluid, &world, &coupling, bodies, &err) != EDDY_OK)) {
        fprintf(stderr, "soak: bodies: %s\n", err.message);
        return 1;
    }
    long bodies_outside = 0, schwarz_capped = 0;
    double body_speed_max = 0.0;

    /* Memory is measured from the end of a warm-up of WARMUP_STEPS: the first
     * steps touch pages of buffers, code and libm for the first time. */
    long rss_start = -1, rss_peak = 0;
    long alloc_start = allocations;
    long step_allocations = 0, step_frees = 0;
    double energy_max = 0.0, quarter_max[4] = {0, 0, 0, 0}, energy_sum = 0.0;
    long stirs = 0, numeric = 0, clamped = 0, tracer_escapes = 0;
    double worst_ms = 0.0, total_ms = 0.0;
    violation first = {-1, NULL};

    for (long n = 0; n < steps; ++n) {
        int count = 0;
        double strength = force_max;
        if (n % 600 == 0) count = 10, strength = 5 * force_max; /* a burst every 10 s */
        else if (uniform(&rng) < 2.0 / 3.0) count = 1 + (int)(3.0 * uniform(&rng));
        for (int s = 0; s < count; ++s) {
            double angle = 2.0 * M_PI * uniform(&rng);
            double force = strength * uniform(&rng);
            eddy_stir st = {.x = WIDTH * uniform(&rng), .y = HEIGHT * uniform(&rng),
                            .radius = 0.3 + 1.2 * uniform(&rng), .fx = force * cos(angle),
                            .fy = force * sin(angle)};
            if (eddy_fluid_add_stir(fluid, &st) == EDDY_OK) stirs++;
        }
        if (n == (steps < 4 * WARMUP_STEPS ? steps / 4 : WARMUP_STEPS)) rss_start = rss_kb();
        if (n % 3600 == 0) rss_peak = rss_kb() > rss_peak ? rss_kb() : rss_peak;
        long a0 = allocations, f0 = frees;
        eddy_result rc = coupling ? eddy_coupling_step(coupling, DT, NULL) : eddy_fluid_step(fluid, DT);
        step_allocations += allocations - a0;
        step_frees += frees - f0;
        if (rc == EDDY_ERR_NUMERIC) numeric++;
        eddy_timings t;
        eddy_fluid_get_timings(fluid, &t);
        clamped += t.advect_clamped;
        double step_ms = t.total_ms;
        bool bodies_ok = true;
        if (coupling) {
            eddy_coupling_timings ct;
            eddy_coupling_get_timings(coupling, &ct);
            step_ms = ct.total_ms;
            schwarz_capped += !ct.schwarz_converged;
            for (int b = 0; b < BODIES; ++b) {
                eddy_pose pose;
                double v[2];
                eddy_body_get_pose(bodies[b], &pose);
                eddy_body_linear_velocity(bodies[b], v);
                if (!isfinite(pose.x) || !isfinite(pose.y) || !isfinite(pose.angle) ||
                    !isfinite(v[0]) || !isfinite(v[1]))
                    bodies_ok = false;
                else if (pose.x < 0 || pose.x > WIDTH || pose.y < 0 || pose.y > HEIGHT)
                    bodies_outside++;
                body_speed_max = fmax(body_speed_max, hypot(v[0], v[1]));
            }
        }
        worst_ms = fmax(worst_ms, step_ms);
        total_ms += step_ms;

        double e = coupling ? eddy_coupling_kinetic_energy(coupling) : eddy_fluid_kinetic_energy(fluid);
        energy_max = fmax(energy_max, e);
        energy_sum += e;
        int q = (int)(4 * n / steps);
        quarter_max[q] = fmax(quarter_max[q], e);
        for (int p = 0; p < TRACERS; ++p) {
            if (!move_tracer(fluid, tracer[p]) && first.what == NULL)
                first = (violation){n, "non-finite velocity"};
            if (tracer[p][0] <= 0 || tracer[p][0] >= WIDTH || tracer[p][1] <= 0 ||
                tracer[p][1] >= HEIGHT)
                tracer_escapes++; /* held at the wall: counted, not a failure */
        }
        if (first.what == NULL) {
            if (rc != EDDY_OK) first = (violation){n, "step failed"};
            else if (!finite_state(fluid)) first = (violation){n, "non-finite state"};
            else if (!bodies_ok) first = (violation){n, "non-finite body"};
            else if (bodies_outside > 0) first = (violation){n, "a body left the level"};
            else if (!(e <= ENERGY_BOUND)) first = (violation){n, "energy above bound"};
            else if (allocations != a0 || frees != f0) first = (violation){n, "allocation in step"};
        }
    }
    long rss_end = rss_kb();
    rss_peak = rss_end > rss_peak ? rss_end : rss_peak;
    long other_allocations = allocations - alloc_start - step_allocations;
    if (first.what == NULL && quarter_max[3] > 2.0 * quarter_max[1])
        first = (violation){steps - 1, "energy grows (last quarter > 2x second quarter)"};
    if (first.what == NULL && (rss_start < 0 || rss_end - rss_start > MAX_RSS_GROWTH_KB))
        first = (violation){steps - 1, "resident memory grew"};

    printf("{\"soak\":{\"steps\":%ld,\"game_seconds\":%.1f,\"seed\":%llu,\"modes\":%d,"
           "\"stirs\":%ld,\"energy_max\":%.6g,\"energy_mean\":%.6g,\"energy_bound\":%g,"
           "\"energy_quarter_max\":[%.6g,%.6g,%.6g,%.6g],\"energy_final\":%.6g,"
           "\"numeric_failures\":%ld,\"clamped_steps\":%ld,\"allocations_in_steps\":%ld,"
           "\"frees_in_steps\":%ld,\"allocations_outside_steps\":%ld,\"rss_kb_start\":%ld,"
           "\"rss_kb_end\":%ld,\"rss_kb_peak\":%ld,\"tracer_wall_contacts\":%ld,\"step_ms_mean\":%.4f,"
           "\"step_ms_max\":%.4f,\"bodies\":%d,\"bodies_outside\":%ld,"
           "\"body_speed_max\":%.4g,\"schwarz_capped_steps\":%ld,\"ok\":%s",
           steps, steps * DT, (unsigned long long)seed, modes, stirs, energy_max,
           energy_sum / steps, ENERGY_BOUND, quarter_max[0], quarter_max[1], quarter_max[2],
           quarter_max[3], eddy_fluid_kinetic_energy(fluid), numeric, clamped, step_allocations,
           step_frees, other_allocations, rss_start, rss_end, rss_peak, tracer_escapes, total_ms / steps,
           worst_ms, coupling ? BODIES : 0, bodies_outside, body_speed_max, schwarz_capped,
           first.what ? "false" : "true");
    if (first.what) printf(",\"violation\":\"%s\",\"violation_step\":%ld", first.what, first.step);
    printf("}}\n");
    eddy_coupling_destroy(coupling);
    eddy_world_destroy(world);
    eddy_scene_destroy(body_scene);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
    return first.what ? 1 : 0;
}
