// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_kirchhoff.c - bodies coasting through ideal water (issue 19, item 2).
 * A body moving through still ideal fluid carries the momentum of the water
 * it sets moving, (M + M_a) V, and Kirchhoff's equations (in the body's axes)
 *     dp/dt + omega z x p = 0,   dh/dt + (u x p) . z = 0,   (p, h) = (M + M_a) V
 * turn an anisotropic body (the Munk moment (m22 - m11) u v) and bend its
 * path while keeping its energy V . (M + M_a) V / 2. The reference here is
 * an independent fourth-order Runge-Kutta integration of those three
 * equations, with the body's mass, inertia and the coupling's added-mass
 * tensor (itself checked against published coefficients in
 * test_body_physics.c). No gravity, no drag, no viscosity. */
#include "coupling_rig.h"

typedef struct kirchhoff_ode {
    double k[9];    /* M + M_a, body axes, about the centre of mass */
    double kinv[9];
} kirchhoff_ode;

static void invert3(const double *m, double *out)
{
    double c00 = m[4] * m[8] - m[5] * m[7], c01 = m[5] * m[6] - m[3] * m[8],
           c02 = m[3] * m[7] - m[4] * m[6];
    double det = m[0] * c00 + m[1] * c01 + m[2] * c02;
    out[0] = c00 / det, out[3] = c01 / det, out[6] = c02 / det;
    out[1] = (m[2] * m[7] - m[1] * m[8]) / det, out[4] = (m[0] * m[8] - m[2] * m[6]) / det;
    out[7] = (m[1] * m[6] - m[0] * m[7]) / det;
    out[2] = (m[1] * m[5] - m[2] * m[4]) / det, out[5] = (m[2] * m[3] - m[0] * m[5]) / det;
    out[8] = (m[0] * m[4] - m[1] * m[3]) / det;
}

/* d(u, v, omega, theta)/dt */
static void rates(const kirchhoff_ode *o, const double s[4], double out[4])
{
    double u = s[0], v = s[1], w = s[2];
    double p1 = o->k[0] * u + o->k[1] * v + o->k[2] * w;
    double p2 = o->k[3] * u + o->k[4] * v + o->k[5] * w;
    double f[3] = {w * p2, -w * p1, -(u * p2 - v * p1)};
    for (int i = 0; i < 3; ++i)
        out[i] = o->kinv[3 * i] * f[0] + o->kinv[3 * i + 1] * f[1] + o->kinv[3 * i + 2] * f[2];
    out[3] = w;
}

static void rk4(const kirchhoff_ode *o, double s[4], double h)
{
    double k1[4], k2[4], k3[4], k4[4], t[4];
    rates(o, s, k1);
    for (int i = 0; i < 4; ++i) t[i] = s[i] + 0.5 * h * k1[i];
    rates(o, t, k2);
    for (int i = 0; i < 4; ++i) t[i] = s[i] + 0.5 * h * k2[i];
    rates(o, t, k3);
    for (int i = 0; i < 4; ++i) t[i] = s[i] + h * k3[i];
    rates(o, t, k4);
    for (int i = 0; i < 4; ++i) s[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
}

static double ode_energy(const kirchhoff_ode *o, const double s[4])
{
    double e = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) e += s[i] * o->k[3 * i + j] * s[j];
    return 0.5 * e;
}

typedef struct coast_result {
    double speed_error;              /* largest, relative to the reference speed */
    double omega_error;              /* largest, relative to the reference's largest |omega| */
    double speed_lo, speed_hi, omega_lo, omega_hi; /* the reference's range */
    double energy_drift;             /* eddy's, relative */
} coast_result;

/* A body set coasting at (vx, vy, omega) from angle 0, followed for `seconds`
 * by eddy and by the ODE (100 RK4 steps per frame). */
static coast_result coast(body_spec s, double seconds)
{
    rig_desc d = {.width = 12, .height = 12};
    rig r = make_rig(&d);
    s.type = EDDY_BODY_DYNAMIC;
    s.x = 6, s.y = 6;
    eddy_body *b = add_body(&r, &s);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_set_drag(r.c, b, 0.0, &err), EDDY_OK);
    kirchhoff_ode o;
    double ma[9];
    eddy_coupling_body_added_mass(r.c, b, ma);
    memcpy(o.k, ma, sizeof o.k);
    o.k[0] += eddy_body_mass(b), o.k[4] += eddy_body_mass(b), o.k[8] += eddy_body_inertia(b);
    invert3(o.k, o.kinv);
    eddy_pose p0;
    eddy_body_get_pose(b, &p0);
    double st[4] = {cos(p0.angle) * s.vx + sin(p0.angle) * s.vy,
                    -sin(p0.angle) * s.vx + cos(p0.angle) * s.vy, s.omega, p0.angle};
    double e0 = ode_energy(&o, st), eddy0 = eddy_coupling_kinetic_energy(r.c);
    coast_result res = {0, 0, INFINITY, -INFINITY, INFINITY, -INFINITY, 0};
    int frames = (int)lround(seconds / DT);
    for (int f = 0; f < frames; ++f) {
        step(&r, 1);
        for (int k = 0; k < 100; ++k) rk4(&o, st, DT / 100);
        double v[2];
        eddy_body_linear_velocity(b, v);
        double speed = hypot(v[0], v[1]), ref = hypot(st[0], st[1]);
        double w = eddy_body_angular_velocity(b);
        res.speed_error = fmax(res.speed_error, fabs(speed - ref) / ref);
        res.omega_error = fmax(res.omega_error, fabs(w - st[2]));
        res.speed_lo = fmin(res.speed_lo, ref), res.speed_hi = fmax(res.speed_hi, ref);
        res.omega_lo = fmin(res.omega_lo, st[2]), res.omega_hi = fmax(res.omega_hi, st[2]);
        res.energy_drift = fmax(res.energy_drift, fabs(eddy_coupling_kinetic_energy(r.c) / eddy0 - 1));
    }
    assert_true(fabs(ode_energy(&o, st) / e0 - 1) < 1e-6); /* the reference keeps it */
    res.omega_error /= fmax(fabs(res.omega_lo), fabs(res.omega_hi)); /* of its largest */
    free_rig(&r);
    return res;
}

/* A 2:1 box and a 2:1 octagon (an ellipse's stand-in) coasting and spinning
 * follow Kirchhoff's equations within 3 % in speed and angular velocity over
 * 5 s (before, the box kept its 0.300 m/s where the ODE swings between 0.16
 * and 0.30). */
static void coasting_bodies_follow_kirchhoff(void **state)
{
    (void)state;
    body_spec box = {.shape = EDDY_SHAPE_BOX, .size = 0.8, .aspect = 0.5, .density = RHO,
                     .vx = 0.3, .omega = 1.0};
    body_spec oct = {.density = 600, .vx = 0.2, .vy = 0.25, .omega = -0.8};
    octagon_spec(&oct, 0.5);
    body_spec heavy = box;
    heavy.density = 3000, heavy.vy = 0.2, heavy.omega = 0.5;
    const body_spec *cases[3] = {&box, &oct, &heavy};
    const char *names[3] = {"2:1 box, density 1000", "2:1 octagon, density 600",
                            "2:1 box, density 3000"};
    for (int k = 0; k < 3; ++k) {
        coast_result c = coast(*cases[k], 5.0);
        print_message("%-26s: Kirchhoff speed %.3f..%.3f m/s, omega %.3f..%.3f rad/s; eddy off "
                      "by %.2f%% in speed, %.2f%% in omega; energy within %.2e\n", names[k],
                      c.speed_lo, c.speed_hi, c.omega_lo, c.omega_hi, 100 * c.speed_error,
                      100 * c.omega_error, c.energy_drift);
        assert_true(c.speed_hi - c.speed_lo > 0.05 * c.speed_hi); /* the terms matter here */
        assert_true(c.speed_error < 0.03);
        assert_true(c.omega_error < 0.03);
        assert_true(c.energy_drift < 0.01);
    }
}

/* The Munk moment turns an elongated body broadside: a 2:1 octagon coasting
 * nearly along its long axis in ideal water (10 degrees off) swings its long
 * axis across its path; one of density 1500 released at 30 degrees under
 * gravity in water with drag falls broadside (long axis level). */
static void elongated_bodies_turn_broadside(void **state)
{
    (void)state;
    {
        rig_desc d = {.width = 12, .height = 12};
        rig r = make_rig(&d);
        body_spec s = {.type = EDDY_BODY_DYNAMIC, .x = 3, .y = 6, .density = RHO, .vx = 0.4,
                       .angle = 10 * M_PI / 180};
        octagon_spec(&s, 0.5);
        eddy_body *b = add_body(&r, &s);
        eddy_error err = {0};
        eddy_coupling_set_drag(r.c, b, 0.0, &err);
        double widest = 0;
        for (int f = 0; f < 300; ++f) {
            step(&r, 1);
            eddy_pose p;
            double v[2];
            eddy_body_get_pose(b, &p);
            eddy_body_linear_velocity(b, v);
            double attack = fabs(remainder(p.angle - atan2(v[1], v[0]), M_PI));
            widest = fmax(widest, attack);
        }
        print_message("coasting 10 degrees off its long axis, the octagon's angle of attack grows "
                      "to %.1f degrees in 5 s\n", widest * 180 / M_PI);
        assert_true(widest > 60 * M_PI / 180);
        free_rig(&r);
    }
    {
        rig_desc d = {.width = 10, .height = 20, .cells_per_metre = 4, .gravity = G};
        rig r = make_rig(&d);
        body_spec s = {.type = EDDY_BODY_DYNAMIC, .x = 5, .y = 18, .density = 1500,
                       .angle = 30 * M_PI / 180};
        octagon_spec(&s, 0.4);
        eddy_body *b = add_body(&r, &s);
        step(&r, 360);
        eddy_pose p;
        eddy_body_get_pose(b, &p);
        double tilt = fabs(remainder(p.angle, M_PI)) * 180 / M_PI;
        print_message("released at 30 degrees, the octagon falls %.1f m in 6 s and ends %.1f "
                      "degrees from level\n", 18 - p.y, tilt);
        assert_true(tilt < 10);
        free_rig(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coasting_bodies_follow_kirchhoff),
        cmocka_unit_test(elongated_bodies_turn_broadside),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
