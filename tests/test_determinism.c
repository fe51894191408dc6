// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_determinism.c - same scene and inputs, bit-identical state (issue 8.5).
 *
 * A 73-mode fluid is driven by a scene (initial modes, timed stirs) plus
 * seeded random stirs for 10,000 steps, twice, and the final coefficients are
 * compared with memcmp. The second run is interleaved step by step with a
 * differently driven fluid: no hidden global state may couple them. The same
 * for a level with three bodies coupled to the fluid (10,000 coupled steps,
 * twice: coefficients, poses and velocities bit for bit). Then through the
 * `sim` tool ($EDDY_BIN/sim), whose JSON Lines records must be byte-identical
 * between two runs (only its summary line, which holds timings, may differ). */
#include "test_util.h"

#include "eddy_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MODES 73
#define STEPS 10000

static const char SCENE[] =
    "{\"dt\": 0.016666666666666666,"
    " \"fluid\": {\"density\": 1000, \"viscosity\": 0.0005},"
    " \"init_modes\": [{\"mode\": 0, \"amp\": 1.5}, {\"mode\": 3, \"amp\": -0.7},"
    "                  {\"mode\": 40, \"amp\": 0.2}],"
    " \"stirs\": [{\"t0\": 0, \"t1\": 20, \"x\": 3, \"y\": 5, \"radius\": 1, \"fx\": 30, \"fy\": 0},"
    "            {\"t0\": 50, \"t1\": 90, \"x\": 7, \"y\": 2, \"radius\": 0.7, \"fx\": 0, \"fy\": 45},"
    "            {\"t0\": 100, \"x\": 5, \"y\": 8, \"radius\": 1.5, \"fx\": -12, \"fy\": 4}]}";

typedef struct run {
    eddy_fluid *fluid;
    uint64_t seed; /* random stirs */
    long step;
} run;

static void run_start(run *r, const eddy_asset *a, const eddy_scene *scene)
{
    eddy_fluid_desc d = {0};
    eddy_scene_fluid_desc(scene, &d);
    eddy_error err = {0};
    if (eddy_fluid_create(a, &d, &r->fluid, &err) != EDDY_OK) fail_msg("%s", err.message);
    if (eddy_scene_apply_initial(scene, r->fluid, &err) != EDDY_OK) fail_msg("%s", err.message);
    r->seed = 0x00C0FFEE;
    r->step = 0;
}

/* One step: the scene's stirs active now, a random stir on two steps of
 * three, then the step itself. */
static void run_step(run *r, const eddy_scene *scene)
{
    double dt = eddy_scene_dt(scene);
    assert_int_equal(eddy_scene_apply_forces(scene, r->fluid, r->step * dt, NULL), EDDY_OK);
    double u[5];
    for (int i = 0; i < 5; ++i) u[i] = test_random(&r->seed);
    if (r->step % 3 != 0) {
        eddy_stir st = {.x = 5 + 4.5 * u[0], .y = 5 + 4.5 * u[1], .radius = 0.6 + 0.4 * u[2],
                        .fx = 80 * u[3], .fy = 80 * u[4]};
        assert_int_equal(eddy_fluid_add_stir(r->fluid, &st), EDDY_OK);
    }
    assert_int_equal(eddy_fluid_step(r->fluid, dt), EDDY_OK);
    r->step++;
}

static void same_scene_same_bits(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 64, 64, MODES);
    eddy_scene *scene = NULL;
    eddy_error err = {0};
    if (eddy_scene_load_memory(SCENE, sizeof SCENE - 1, &scene, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    double final[2][MODES];
    /* run 0 alone */
    run r, other;
    run_start(&r, a, scene);
    while (r.step < STEPS) run_step(&r, scene);
    memcpy(final[0], eddy_fluid_coefficients(r.fluid), sizeof final[0]);
    eddy_fluid_destroy(r.fluid);
    /* run 1 interleaved step by step with a differently driven fluid */
    run_start(&r, a, scene);
    run_start(&other, a, scene);
    other.seed = 12345;
    while (r.step < STEPS) {
        run_step(&other, scene);
        run_step(&r, scene);
    }
    memcpy(final[1], eddy_fluid_coefficients(r.fluid), sizeof final[1]);
    double e = eddy_fluid_kinetic_energy(r.fluid);
    print_message("after %d steps: energy %.17g J/m, r[0] = %.17g\n", STEPS, e, final[0][0]);
    assert_true(e > 1.0); /* the flow is alive, not decayed to nothing */
    assert_memory_not_equal(final[1], eddy_fluid_coefficients(other.fluid), sizeof final[1]);
    eddy_fluid_destroy(r.fluid);
    eddy_fluid_destroy(other.fluid);
    assert_memory_equal(final[0], final[1], sizeof final[0]);
    eddy_scene_destroy(scene);
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------ with bodies */

static const char BODY_SCENE[] =
    "{\"buoyancy\": true, \"fluid\": {\"viscosity\": 0.002},"
    " \"bodies\": ["
    "  {\"shape\": \"box\", \"hw\": 0.4, \"hh\": 0.3, \"x\": 3, \"y\": 6, \"density\": 1500},"
    "  {\"shape\": \"circle\", \"radius\": 0.35, \"x\": 7, \"y\": 3, \"density\": 400},"
    "  {\"shape\": \"polygon\", \"points\": [[0,0],[0.8,0],[0.4,0.6]], \"x\": 5, \"y\": 8}],"
    " \"stirs\": [{\"t0\": 0, \"t1\": 30, \"x\": 5, \"y\": 4, \"radius\": 1.2, \"fx\": 3000, \"fy\": 800}]}";

#define BODY_COUNT 3
/* Coefficients, then per body x, y, angle, vx, vy, omega. */
#define BODY_STATE (MODES + 6 * BODY_COUNT)

static void coupled_run(const eddy_asset *a, const eddy_scene *scene, double *state_out)
{
    eddy_fluid_desc d = {0};
    eddy_scene_fluid_desc(scene, &d);
    eddy_fluid *f = NULL;
    eddy_world *world = NULL;
    eddy_coupling *c = NULL;
    eddy_body *bodies[BODY_COUNT];
    eddy_error err = {0};
    if (eddy_fluid_create(a, &d, &f, &err) != EDDY_OK ||
        eddy_scene_apply_initial(scene, f, &err) != EDDY_OK ||
        eddy_scene_build_world(scene, f, &world, &c, bodies, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    uint64_t seed = 77;
    double dt = eddy_scene_dt(scene);
    for (long n = 0; n < STEPS; ++n) {
        assert_int_equal(eddy_scene_apply_forces(scene, f, n * dt, NULL), EDDY_OK);
        if (n % 4 == 0) {
            double u[4];
            for (int i = 0; i < 4; ++i) u[i] = test_random(&seed);
            eddy_stir st = {.x = 5 + 4 * u[0], .y = 5 + 4 * u[1], .radius = 0.8,
                            .fx = 4000 * u[2], .fy = 4000 * u[3]};
            assert_int_equal(eddy_fluid_add_stir(f, &st), EDDY_OK);
        }
        eddy_result rc = eddy_coupling_step(c, dt, &err);
        if (rc != EDDY_OK) fail_msg("step %ld: %s", n, err.message);
    }
    memcpy(state_out, eddy_fluid_coefficients(f), MODES * sizeof(double));
    for (int b = 0; b < BODY_COUNT; ++b) {
        eddy_pose p;
        double v[2];
        eddy_body_get_pose(bodies[b], &p);
        eddy_body_linear_velocity(bodies[b], v);
        double *s = state_out + MODES + 6 * b;
        s[0] = p.x, s[1] = p.y, s[2] = p.angle, s[3] = v[0], s[4] = v[1];
        s[5] = eddy_body_angular_velocity(bodies[b]);
    }
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(f);
}

static void coupled_bodies_same_bits(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 64, 64, MODES);
    eddy_scene *scene = NULL;
    eddy_error err = {0};
    if (eddy_scene_load_memory(BODY_SCENE, sizeof BODY_SCENE - 1, &scene, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    double first[BODY_STATE], second[BODY_STATE];
    coupled_run(a, scene, first);
    coupled_run(a, scene, second);
    print_message("after %d coupled steps: body 0 at (%.6f, %.6f), body 1 at (%.6f, %.6f)\n",
                  STEPS, first[MODES], first[MODES + 1], first[MODES + 6], first[MODES + 7]);
    assert_memory_equal(first, second, sizeof first);
    eddy_scene_destroy(scene);
    eddy_asset_destroy(a);
}

/* ------------------------------------------------------------ through sim */

/* The records of one sim run (summary line dropped), malloc'd. */
static char *sim_records(const char *sim, const char *asset, const char *scene)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "'%s' --asset '%s' --scene '%s' --steps %d --every 250 --probe 5,5 --probe 1.5,8.25",
             sim, asset, scene, STEPS);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, size = 0;
    char *out = malloc(cap);
    char line[8192];
    int records = 0;
    while (fgets(line, sizeof line, p)) {
        if (strncmp(line, "{\"summary\"", 10) == 0) continue;
        size_t n = strlen(line);
        if (size + n + 1 > cap) out = realloc(out, cap *= 2);
        memcpy(out + size, line, n);
        size += n;
        records++;
    }
    out[size] = '\0';
    assert_int_equal(pclose(p), 0);
    assert_int_equal(records, STEPS / 250 + 1);
    return out;
}

static void sim_runs_are_identical(void **state)
{
    (void)state;
    const char *bin = getenv("EDDY_BIN");
    if (!bin) {
        print_message("EDDY_BIN not set: skipping the sim comparison\n");
        skip();
    }
    char sim[1024];
    snprintf(sim, sizeof sim, "%s/sim", bin);
    if (access(sim, X_OK) != 0) {
        print_message("%s not found: skipping\n", sim);
        skip();
    }
    char asset_path[] = "/tmp/eddy-det-asset-XXXXXX", scene_path[] = "/tmp/eddy-det-scene-XXXXXX";
    close(mkstemp(asset_path));
    int fd = mkstemp(scene_path);
    assert_true(write(fd, SCENE, sizeof SCENE - 1) == (ssize_t)(sizeof SCENE - 1));
    close(fd);
    eddy_asset *a = test_build_asset(10, 10, 64, 64, MODES);
    assert_int_equal(eddy_asset_save_file(a, asset_path, NULL), EDDY_OK);
    eddy_asset_destroy(a);
    char *first = sim_records(sim, asset_path, scene_path);
    char *second = sim_records(sim, asset_path, scene_path);
    assert_string_equal(first, second);
    free(first), free(second);
    unlink(asset_path), unlink(scene_path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(same_scene_same_bits),
        cmocka_unit_test(coupled_bodies_same_bits),
        cmocka_unit_test(sim_runs_are_identical),
    };
    return cmocka_run_group_tests_name("determinism", tests, NULL, NULL);
}
