// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_two_way.c - every force both ways (issue 19, item 3): in ideal water
 * (no viscosity, no drag, no gravity) the energy of water and bodies
 * together, eddy_coupling_kinetic_energy, stays where it was, with bodies
 * lighter and heavier than water, round and elongated, drifting through a
 * gyre. */
#include "coupling_rig.h"

typedef struct energy_run {
    double lo, hi;           /* total, relative to the start */
    double fluid_change;     /* the water's own energy: end over start */
    double drift;            /* how far the bodies moved relative to the flow */
} energy_run;

static energy_run gyre_run(const body_spec *specs, int count, double seconds)
{
    rig_desc d = {.width = 10, .height = 10};
    rig r = make_rig(&d);
    set_gyre(&r, 8.0);
    eddy_body *bodies[8];
    for (int i = 0; i < count; ++i) {
        body_spec s = specs[i];
        double u[2];
        eddy_fluid_velocity(r.fluid, s.x, s.y, u);
        s.type = EDDY_BODY_DYNAMIC, s.vx = u[0], s.vy = u[1];
        bodies[i] = add_body(&r, &s);
        eddy_error err = {0};
        assert_int_equal(eddy_coupling_set_drag(r.c, bodies[i], 0.0, &err), EDDY_OK);
    }
    double e0 = eddy_coupling_kinetic_energy(r.c), f0 = eddy_fluid_kinetic_energy(r.fluid);
    energy_run run = {1, 1, 1, 0};
    int steps = (int)lround(seconds / DT);
    for (int s = 0; s < steps; ++s) {
        step(&r, 1);
        double e = eddy_coupling_kinetic_energy(r.c) / e0;
        run.lo = fmin(run.lo, e), run.hi = fmax(run.hi, e);
    }
    run.fluid_change = eddy_fluid_kinetic_energy(r.fluid) / f0;
    for (int i = 0; i < count; ++i) {
        double v[2], u[2];
        eddy_pose p;
        eddy_body_linear_velocity(bodies[i], v);
        eddy_body_get_pose(bodies[i], &p);
        eddy_fluid_velocity(r.fluid, p.x, p.y, u);
        run.drift = fmax(run.drift, hypot(v[0] - u[0], v[1] - u[1]));
    }
    free_rig(&r);
    return run;
}

/* Discs of density 300 and 3000 and 2:1 boxes of the same densities ride a
 * gyre of 32 000 J for 10 s with no drag: the light ones drift in, the heavy
 * ones out, trading energy with the water, and the total stays within 0.5 %
 * (before, the water kept exactly its 32 000 J while the bodies gained 141). */
static void ideal_gyre_keeps_the_energy_of_water_and_bodies(void **state)
{
    (void)state;
    body_spec light = {.shape = EDDY_SHAPE_CIRCLE, .x = 5, .y = 7.5, .size = 0.6, .density = 300};
    body_spec heavy = {.shape = EDDY_SHAPE_CIRCLE, .x = 2.5, .y = 5, .size = 0.6, .density = 3000};
    body_spec long_light = {.shape = EDDY_SHAPE_BOX, .x = 7.5, .y = 5, .size = 0.8, .aspect = 0.5,
                            .density = 300};
    body_spec long_heavy = {.shape = EDDY_SHAPE_BOX, .x = 5, .y = 2.5, .size = 0.8, .aspect = 0.5,
                            .density = 3000, .angle = 0.6};
    const body_spec all[4] = {light, heavy, long_light, long_heavy};
    struct { const char *name; const body_spec *specs; int count; } cases[5] = {
        {"disc 300", &all[0], 1}, {"disc 3000", &all[1], 1}, {"2:1 box 300", &all[2], 1},
        {"2:1 box 3000", &all[3], 1}, {"all four", all, 4}};
    for (int k = 0; k < 5; ++k) {
        energy_run run = gyre_run(cases[k].specs, cases[k].count, 10.0);
        print_message("%-13s in an ideal gyre, 10 s: total energy within [%.5f, %.5f] of the "
                      "start; the water's own %.5f; bodies up to %.2f m/s off the flow\n",
                      cases[k].name, run.lo, run.hi, run.fluid_change, run.drift);
        assert_true(run.drift > 0.05); /* they do move through the water */
        assert_true(run.lo > 0.995 && run.hi < 1.005);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ideal_gyre_keeps_the_energy_of_water_and_bodies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
