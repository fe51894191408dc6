// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_hydrostatics.c - bodies at rest in still water (issue 19, item 1).
 * The hydrostatic pressure rho g depth over a closed outline is Archimedes'
 * force -rho A g at the centroid of the region it encloses, whatever the
 * shape and angle; a body of the water's density at rest in still water
 * therefore stays at rest, and a body of uniform density feels no torque.
 * The references are computed here from the vertices (shoelace), not read
 * from the coupling. */
#include "coupling_rig.h"

typedef struct named_shape {
    const char *name;
    body_spec spec;
} named_shape;

/* The outlines the issue names: a 2:1 octagon, a 2:1 box, a triangle, a
 * 0.6 x 0.3 box and a 0.5 m square. */
static int test_shapes(named_shape out[5])
{
    memset(out, 0, 5 * sizeof *out);
    out[0].name = "2:1 octagon";
    octagon_spec(&out[0].spec, 0.5);
    out[1].name = "2:1 box";
    out[1].spec.shape = EDDY_SHAPE_BOX, out[1].spec.size = 0.8, out[1].spec.aspect = 0.5;
    out[2].name = "triangle";
    out[2].spec.shape = EDDY_SHAPE_POLYGON, out[2].spec.vertex_count = 3;
    const double tri[3][2] = {{-0.4, -0.25}, {0.45, -0.2}, {0.05, 0.35}};
    memcpy(out[2].spec.vertices, tri, sizeof tri);
    out[3].name = "0.6 x 0.3 box";
    out[3].spec.shape = EDDY_SHAPE_BOX, out[3].spec.size = 0.6, out[3].spec.aspect = 0.5;
    out[4].name = "0.5 m square";
    out[4].spec.shape = EDDY_SHAPE_BOX, out[4].spec.size = 0.5, out[4].spec.aspect = 1.0;
    for (int k = 0; k < 5; ++k) out[k].spec.type = EDDY_BODY_DYNAMIC;
    return 5;
}

#define ANGLES 5
static const double angles_deg[ANGLES] = {0, 17, 30, 45, 71};

/* A body of the water's density put down at rest in still water, at any
 * angle, stays where it is: under 0.1 degree and 1 mm over 10 s (before,
 * the one-point panel rule turned a 2:1 octagon by 121 degrees and a 2:1
 * box by 138). Five angles of each shape share a tank, far apart. */
static void neutral_bodies_at_rest_stay_at_rest(void **state)
{
    (void)state;
    named_shape shapes[5];
    int n = test_shapes(shapes);
    for (int k = 0; k < n; ++k) {
        rig_desc d = {.width = 10, .height = 10, .gravity = G};
        rig r = make_rig(&d);
        eddy_body *bodies[ANGLES];
        eddy_pose start[ANGLES];
        for (int a = 0; a < ANGLES; ++a) {
            body_spec s = shapes[k].spec;
            s.x = 1.5 + 1.75 * a, s.y = 5.0 + (a % 2 ? 1.5 : -1.5);
            s.angle = angles_deg[a] * M_PI / 180, s.density = RHO;
            bodies[a] = add_body(&r, &s);
            eddy_body_get_pose(bodies[a], &start[a]);
        }
        step(&r, 600);
        double turned = 0, moved = 0;
        for (int a = 0; a < ANGLES; ++a) {
            eddy_pose p;
            eddy_body_get_pose(bodies[a], &p);
            turned = fmax(turned, fabs(p.angle - start[a].angle) * 180 / M_PI);
            moved = fmax(moved, hypot(p.x - start[a].x, p.y - start[a].y));
        }
        print_message("%-14s neutral, at rest for 10 s at 0..71 degrees: turned %.2e deg, moved "
                      "%.2e m at most\n", shapes[k].name, turned, moved);
        assert_true(turned < 0.1);
        assert_true(moved < 1e-3);
        free_rig(&r);
    }
}

/* From rest in still water the only load is hydrostatic: lift rho A |g| at
 * the outline's centroid, at every angle and density. Its torque about the
 * rigid-body solver's centre of mass, which Box2D keeps in single precision,
 * is that of the lift at the centroid computed here from the vertices: zero
 * but for the solver's rounding. */
static void hydrostatic_load_is_archimedes(void **state)
{
    (void)state;
    named_shape shapes[5];
    int n = test_shapes(shapes);
    const double densities[3] = {300, 1000, 2500};
    double worst_force = 0, worst_torque = 0;
    for (int k = 0; k < n; ++k) {
        rig_desc d = {.width = 10, .height = 10, .gravity = G};
        rig r = make_rig(&d);
        eddy_body *bodies[3][ANGLES];
        for (int i = 0; i < 3; ++i)
            for (int a = 0; a < ANGLES; ++a) {
                body_spec s = shapes[k].spec;
                s.x = 1.5 + 1.75 * a, s.y = 2 + 3 * i;
                s.angle = angles_deg[a] * M_PI / 180, s.density = densities[i];
                bodies[i][a] = add_body(&r, &s);
            }
        eddy_error err = {0}; /* forces only: the bodies stay where the load was taken */
        assert_int_equal(eddy_coupling_advance(r.c, DT, &err), EDDY_OK);
        double lift = RHO * G * area_of(&shapes[k].spec), size = shapes[k].spec.size > 0 ? shapes[k].spec.size : 1;
        for (int i = 0; i < 3; ++i)
            for (int a = 0; a < ANGLES; ++a) {
                double load[3], local[2] = {0, 0}, centre[2];
                assert_int_equal(eddy_coupling_body_load(r.c, bodies[i][a], load), EDDY_OK);
                if (shapes[k].spec.shape == EDDY_SHAPE_POLYGON)
                    polygon_moments(shapes[k].spec.vertex_count,
                                    (const double(*)[2])shapes[k].spec.vertices, local);
                eddy_pose p;
                eddy_body_get_pose(bodies[i][a], &p);
                double world[2] = {p.x + p.c * local[0] - p.s * local[1],
                                   p.y + p.s * local[0] + p.c * local[1]};
                eddy_body_world_center(bodies[i][a], centre);
                double expect = (world[0] - centre[0]) * lift;
                worst_force = fmax(worst_force, hypot(load[0], load[1] - lift) / lift);
                worst_torque = fmax(worst_torque, fabs(load[2] - expect) / (lift * size));
            }
        free_rig(&r);
    }
    print_message("hydrostatic load from rest, 5 shapes x 5 angles x 3 densities: force off "
                  "rho A g by %.1e, torque %.1e of rho A g x size\n", worst_force, worst_torque);
    assert_true(worst_force < 1e-9);
    assert_true(worst_torque < 1e-9);
}

/* The displaced area is the outline's true area, circles included: a disc's
 * panels are chords (an inscribed polygon) but it lifts rho pi R^2 |g|; a
 * capsule (a box with a disc on each end, overlapping it) lifts the area of
 * the union, w h + pi (h / 2)^2, not the sum of its shapes. */
static void curved_outlines_displace_their_true_area(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10, .gravity = G};
    rig r = make_rig(&d);
    body_spec disc = {.type = EDDY_BODY_DYNAMIC, .shape = EDDY_SHAPE_CIRCLE, .x = 3, .y = 5,
                      .size = 0.5, .density = 700};
    eddy_body *b0 = add_body(&r, &disc);
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = 7, bd.position[1] = 5, bd.angle = 0.4;
    eddy_body *b1;
    eddy_error err = {0};
    assert_int_equal(eddy_body_create(r.world, &bd, &b1, &err), EDDY_OK);
    const double w = 0.6, h = 0.3;
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX, sd.half_width = w / 2, sd.half_height = h / 2, sd.density = 700;
    assert_int_equal(eddy_body_add_shape(b1, &sd, NULL, &err), EDDY_OK);
    for (int k = 0; k < 2; ++k) {
        eddy_shape_desc cd = {0};
        cd.type = EDDY_SHAPE_CIRCLE, cd.radius = h / 2, cd.center[0] = (2 * k - 1) * w / 2;
        cd.density = 700;
        assert_int_equal(eddy_body_add_shape(b1, &cd, NULL, &err), EDDY_OK);
    }
    assert_int_equal(eddy_coupling_add_body(r.c, b1, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_advance(r.c, DT, &err), EDDY_OK);
    double l0[3], l1[3];
    eddy_coupling_body_load(r.c, b0, l0);
    eddy_coupling_body_load(r.c, b1, l1);
    double a0 = M_PI * 0.25 * 0.25, a1 = w * h + M_PI * h * h / 4;
    print_message("disc lifts %.4f of rho pi R^2 g, capsule %.6f of rho (w h + pi h^2 / 4) g; "
                  "capsule torque %.1e N m\n", l0[1] / (RHO * G * a0), l1[1] / (RHO * G * a1), l1[2]);
    assert_true(fabs(l0[1] / (RHO * G * a0) - 1) < 1e-12);
    assert_true(fabs(l1[1] / (RHO * G * a1) - 1) < 1e-12);
    assert_true(fabs(l1[2]) < 1e-6 * RHO * G * a1 * w); /* symmetric: centroid at the centre */
    free_rig(&r);
}

/* A body whose mass is not where its volume is: two squares side by side,
 * densities 400 and 1600. Archimedes' lift acts at the centroid of the
 * outline, the weight at the centre of mass, so the water's torque about the
 * centre of mass is rho A |g| (x_centroid - x_mass) across gravity; and the
 * body starts turning at the rate (M + M_a)^-1 (F, tau) gives, solved here
 * from its mass, inertia and the coupling's added-mass tensor. */
static void lopsided_body_rights_itself(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10, .gravity = G};
    rig r = make_rig(&d);
    const double tilt = 0.5;
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = 5, bd.position[1] = 5, bd.angle = tilt;
    eddy_body *b;
    eddy_error err = {0};
    assert_int_equal(eddy_body_create(r.world, &bd, &b, &err), EDDY_OK);
    const double half = 0.2, dens[2] = {400, 1600};
    for (int k = 0; k < 2; ++k) {
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_BOX;
        sd.half_width = sd.half_height = half;
        sd.center[0] = (2 * k - 1) * half;
        sd.density = dens[k];
        assert_int_equal(eddy_body_add_shape(b, &sd, NULL, &err), EDDY_OK);
    }
    assert_int_equal(eddy_coupling_add_body(r.c, b, &err), EDDY_OK);
    double area = 8 * half * half;
    double mass = 4 * half * half * (dens[0] + dens[1]);
    double xm = half * (dens[1] - dens[0]) / (dens[0] + dens[1]); /* body space; centroid at 0 */
    double inertia = 0;
    for (int k = 0; k < 2; ++k) {
        double mk = 4 * half * half * dens[k], xk = (2 * k - 1) * half - xm;
        inertia += mk * (8 * half * half / 12 + xk * xk);
    }
    double cs = cos(tilt), sn = sin(tilt);
    double arm[2] = {-cs * xm, -sn * xm}; /* centroid - centre of mass, world */
    double q[3] = {0, RHO * area * G - mass * G, arm[0] * RHO * area * G};
    step(&r, 1);
    double load[3];
    eddy_coupling_body_load(r.c, b, load);
    print_message("lopsided body: water's torque %.4f N m, rho A g (x_centroid - x_mass) %.4f\n",
                  load[2], q[2]);
    assert_true(fabs(load[1] - RHO * area * G) < 1e-9 * RHO * area * G);
    assert_true(fabs(load[2] - q[2]) < 1e-6 * fabs(q[2]));
    /* (M + M_a) acc = q with M_a rotated to the world */
    double ma[9], k[9];
    eddy_coupling_body_added_mass(r.c, b, ma);
    const double rot[2][2] = {{cs, -sn}, {sn, cs}};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double sum = 0;
            for (int a = 0; a < 3; ++a)
                for (int c = 0; c < 3; ++c) {
                    double ria = i < 2 ? (a < 2 ? rot[i][a] : 0) : (a == 2);
                    double rjc = j < 2 ? (c < 2 ? rot[j][c] : 0) : (c == 2);
                    sum += ria * ma[3 * a + c] * rjc;
                }
            k[3 * i + j] = sum + (i == j ? (i < 2 ? mass : inertia) : 0);
        }
    /* Cramer's rule for the angular acceleration */
    double det = k[0] * (k[4] * k[8] - k[5] * k[7]) - k[1] * (k[3] * k[8] - k[5] * k[6]) +
                 k[2] * (k[3] * k[7] - k[4] * k[6]);
    double det2 = k[0] * (k[4] * q[2] - q[1] * k[7]) - k[1] * (k[3] * q[2] - q[1] * k[6]) +
                  q[0] * (k[3] * k[7] - k[4] * k[6]);
    double alpha = det2 / det, omega = eddy_body_angular_velocity(b);
    print_message("lopsided body starts turning at %.4f rad/s^2, (M + M_a)^-1 q gives %.4f\n",
                  omega / DT, alpha);
    assert_true(alpha < 0); /* the heavy side goes down */
    assert_true(fabs(omega / DT - alpha) < 2e-3 * fabs(alpha));
    free_rig(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(neutral_bodies_at_rest_stay_at_rest),
        cmocka_unit_test(hydrostatic_load_is_archimedes),
        cmocka_unit_test(curved_outlines_displace_their_true_area),
        cmocka_unit_test(lopsided_body_rights_itself),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
