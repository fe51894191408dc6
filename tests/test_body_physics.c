// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_body_physics.c - bodies that move like bodies in water (issue 11),
 * against independent references: potential-flow added-mass coefficients,
 * the start of a released body, terminal speeds and time constants of the
 * drag law, a tracer's streamline, Archimedes, and the energy books. Lone
 * bodies far from every wall as well as bodies beside one. */
#include "test_util.h"

#include "coupling_internal.h"
#include "eddy_body.h"
#include "eddy_coupling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RHO 1000.0
#define G 9.81
#define DT (1.0 / 60.0)

typedef struct rig {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
    double width, height;
} rig;

typedef struct rig_desc {
    double width, height;
    int cells_per_metre; /* default 6.4 a metre, i.e. 64 cells on 10 m */
    int modes;           /* default 73 */
    double gravity;      /* downwards, m/s^2 */
    bool buoyancy;
    bool walls;          /* the tank's walls as a static body outside the domain */
    eddy_feedback_mode feedback;
    bool paper;
    double schwarz_tolerance;
} rig_desc;

static rig make_rig(const rig_desc *d)
{
    rig r;
    r.width = d->width, r.height = d->height;
    double cells = d->cells_per_metre > 0 ? d->cells_per_metre : 6.4;
    r.asset = test_build_asset(d->width, d->height, (int)lround(cells * d->width),
                               (int)lround(cells * d->height), d->modes > 0 ? d->modes : 73);
    r.fluid = test_make_fluid(r.asset, 0.0);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -d->gravity;
    wd.disable_sleep = true;
    eddy_error err = {0};
    if (eddy_world_create(&wd, &r.world, &err) != EDDY_OK) fail_msg("world: %s", err.message);
    if (d->walls) {
        eddy_body *walls;
        eddy_body_desc gd = {0};
        eddy_body_create(r.world, &gd, &walls, &err);
        double w = d->width, h = d->height;
        const double box[4][4] = {{w / 2, -0.5, w / 2 + 1, 0.5}, {w / 2, h + 0.5, w / 2 + 1, 0.5},
                                  {-0.5, h / 2, 0.5, h / 2 + 1}, {w + 0.5, h / 2, 0.5, h / 2 + 1}};
        for (int k = 0; k < 4; ++k) {
            eddy_shape_desc sd = {0};
            sd.type = EDDY_SHAPE_BOX;
            sd.center[0] = box[k][0], sd.center[1] = box[k][1];
            sd.half_width = box[k][2], sd.half_height = box[k][3];
            eddy_body_add_shape(walls, &sd, NULL, &err);
        }
    }
    eddy_coupling_desc cd = {0};
    cd.feedback = d->feedback;
    cd.buoyancy = d->buoyancy;
    cd.schwarz_tolerance = d->schwarz_tolerance;
    if (eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    if (eddy_coupling_set_paper_pipeline(r.c, d->paper, &err) != EDDY_OK)
        fail_msg("paper pipeline: %s", err.message);
    return r;
}

static void free_rig(rig *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
    eddy_asset_destroy(r->asset);
}

typedef struct body_spec {
    eddy_body_type type;
    eddy_shape_type shape; /* circle: size = diameter; box: hw = size / 2, hh = aspect * size / 2 */
    double x, y, size, aspect, density;
    double vx, vy, omega;
} body_spec;

static eddy_body *add_body(rig *r, const body_spec *s)
{
    eddy_body_desc bd = {0};
    bd.type = s->type;
    bd.position[0] = s->x, bd.position[1] = s->y;
    bd.linear_velocity[0] = s->vx, bd.linear_velocity[1] = s->vy;
    bd.angular_velocity = s->omega;
    eddy_body *b;
    eddy_error err = {0};
    if (eddy_body_create(r->world, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = s->shape;
    sd.radius = 0.5 * s->size;
    sd.half_width = 0.5 * s->size;
    sd.half_height = 0.5 * s->size * (s->aspect > 0 ? s->aspect : 1.0);
    sd.density = s->density > 0 ? s->density : RHO;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    if (eddy_coupling_add_body(r->c, b, &err) != EDDY_OK) fail_msg("couple: %s", err.message);
    return b;
}

static void step(rig *r, int steps)
{
    eddy_error err = {0};
    for (int s = 0; s < steps; ++s)
        if (eddy_coupling_step(r->c, DT, &err) != EDDY_OK) fail_msg("step: %s", err.message);
}

/* The (1,1) gyre of the box, steady in inviscid flow: psi = N sin(pi x / W)
 * sin(pi y / H) with its largest value at the centre. */
static void set_gyre(rig *r, double amplitude)
{
    int n = eddy_fluid_mode_count(r->fluid);
    double *coef = calloc((size_t)n, sizeof *coef);
    coef[0] = amplitude;
    eddy_fluid_set_coefficients(r->fluid, coef, n);
    free(coef);
}

static double gyre_psi(const rig *r, double x, double y)
{
    return sin(M_PI * x / r->width) * sin(M_PI * y / r->height);
}

static double area_of(const body_spec *s)
{
    return s->shape == EDDY_SHAPE_CIRCLE ? M_PI * s->size * s->size / 4
                                         : s->size * s->size * (s->aspect > 0 ? s->aspect : 1.0);
}

/* ------------------------------------------------------------ added mass */

/* Potential-flow added mass against published coefficients. The disc's is
 * the displaced mass, rho pi R^2, and it has none for turning. A rectangle of
 * half width a across the motion and half length b along it has C_A rho pi a^2
 * (Patton's table as DNV-RP-C205 gives it: a/b = 10: 1.14, 5: 1.21, 2: 1.36,
 * 1: 1.51, 0.5: 1.70, 0.2: 1.98, 0.1: 2.23); the square's 1.51 is the 4.754
 * rho (a/2)^2 of the literature. A thin plate of half length a turning about
 * its centre tends to rho pi a^4 / 8 (Lamb) as it gets thinner. No coupling of
 * rotation and translation where symmetry forbids it. */
static void added_mass_matches_potential_flow(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10};
    rig r = make_rig(&d);
    body_spec disc = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 2, 2, 0.8, 0, 500, 0, 0, 0};
    double m[9];
    eddy_body *b = add_body(&r, &disc);
    assert_int_equal(eddy_coupling_body_added_mass(r.c, b, m), EDDY_OK);
    print_message("disc R 0.4: Mxx %.2f Myy %.2f (rho pi R^2 = %.2f), Mrr %.1e\n", m[0], m[4],
                  RHO * M_PI * 0.16, m[8]);
    assert_true(fabs(m[0] / (RHO * M_PI * 0.16) - 1) < 0.02);
    assert_true(fabs(m[4] / (RHO * M_PI * 0.16) - 1) < 0.02);
    assert_true(fabs(m[8]) < 2e-3 * m[0] * 0.16); /* a 17-gon's corners: none for a disc */
    const double ratio[7] = {10, 5, 2, 1, 0.5, 0.2, 0.1}, published[7] = {1.14, 1.21, 1.36, 1.51,
                                                                         1.70, 1.98, 2.23};
    for (int k = 0; k < 7; ++k) {
        double a = 0.3, len = a / ratio[k]; /* moving along x: half width a is across (y) */
        body_spec box = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_BOX, 1.5 + 1.1 * k, 6, 2 * len, a / len,
                         500, 0, 0, 0};
        b = add_body(&r, &box);
        assert_int_equal(eddy_coupling_body_added_mass(r.c, b, m), EDDY_OK);
        double ca = m[0] / (RHO * M_PI * a * a), scale = m[0] + m[4];
        print_message("rectangle a/b = %4.1f: C_A %.4f (published %.2f), off-diagonal %.1e\n",
                      ratio[k], ca, published[k], fmax(fabs(m[1]), fmax(fabs(m[2]), fabs(m[5]))) / scale);
        assert_true(fabs(ca / published[k] - 1) < 0.015);
        assert_true(fabs(m[1]) < 1e-6 * scale && fabs(m[2]) < 1e-6 * scale &&
                    fabs(m[5]) < 1e-6 * scale);
        assert_true(m[1] == m[3] && m[2] == m[6] && m[5] == m[7]);
    }
    double last = INFINITY;
    const double thickness[3] = {0.1, 0.05, 0.025}; /* Box2D's thinnest edge */
    for (int k = 0; k < 3; ++k) {
        body_spec plate = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_BOX, 5, 2 + 1.5 * k, 2.0, thickness[k] / 2,
                           500, 0, 0, 0};
        b = add_body(&r, &plate);
        eddy_coupling_body_added_mass(r.c, b, m);
        double j = m[8] / (RHO * M_PI / 8);
        print_message("plate 2 x %.2f: turning %.4f of rho pi a^4 / 8\n", thickness[k], j);
        assert_true(j > 1.0 && j < last);
        if (k == 2) assert_true(j - 1.0 < 0.75 * (last - 1.0)); /* converging on Lamb's value */
        last = j;
    }
    assert_true(last < 1.06);
    free_rig(&r);
}

/* Released from rest in still water, a disc starts at
 * g (rho_f - rho_b) / (rho_b + rho_f): buoyancy less weight over mass plus
 * added mass (rho_f pi R^2). Lone discs, far from every wall. */
static void released_discs_start_with_their_added_mass(void **state)
{
    (void)state;
    const double densities[3] = {500, 2000, 10};
    for (int k = 0; k < 3; ++k) {
        rig_desc d = {.width = 10, .height = 10, .gravity = G, .buoyancy = true};
        rig r = make_rig(&d);
        body_spec s = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 5, 5, 0.6, 0, densities[k], 0, 0, 0};
        eddy_body *b = add_body(&r, &s);
        step(&r, 1);
        double v[2];
        eddy_body_linear_velocity(b, v);
        double expect = G * (RHO - densities[k]) / (densities[k] + RHO);
        eddy_coupling_timings t;
        eddy_coupling_get_timings(r.c, &t);
        print_message("density %5.0f: starts at %.4f m/s^2, expected %.4f (no added mass: %.2f); "
                      "%d image panels\n", densities[k], v[1] / DT, expect,
                      G * (RHO / densities[k] - 1), t.image_panels);
        assert_int_equal(t.image_panels, 0); /* truly alone */
        assert_true(fabs(v[1] / DT - expect) < 0.03 * fabs(expect));
        assert_true(fabs(v[0]) < 1e-9);
        free_rig(&r);
    }
}

/* A cork a hundred times lighter than water, in a stirred tank with walls,
 * for 20 s: every number stays finite, it never outruns the terminal speed
 * the drag law gives it by much, and it ends up floating at the lid. */
static void very_light_body_stays_stable(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10, .gravity = G, .buoyancy = true, .walls = true};
    rig r = make_rig(&d);
    set_gyre(&r, 5.0);
    body_spec s = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_BOX, 5, 1.5, 0.5, 1, 10, 0, 0, 0};
    eddy_body *b = add_body(&r, &s);
    double vt = sqrt(2 * (RHO - 10) * area_of(&s) * G / (RHO * 2.0 * 0.5));
    double fastest = 0.0;
    eddy_error err = {0};
    for (int k = 0; k < 1200; ++k) {
        assert_int_equal(eddy_coupling_step(r.c, DT, &err), EDDY_OK);
        double v[2], u[2];
        eddy_body_linear_velocity(b, v);
        eddy_fluid_velocity(r.fluid, 5, 5, u);
        assert_true(isfinite(v[0]) && isfinite(v[1]) && isfinite(eddy_body_angular_velocity(b)));
        fastest = fmax(fastest, hypot(v[0], v[1]));
    }
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    double umax = 5.0 * 2.0 / sqrt(100.0) * M_PI * sqrt(2.0) / 2; /* gyre's top speed, roughly */
    print_message("cork of density 10: fastest %.2f m/s (terminal %.2f, flow about %.2f), ends at "
                  "(%.2f, %.2f)\n", fastest, vt, umax, p.x, p.y);
    assert_true(fastest < 1.5 * vt + umax);
    assert_true(p.y > 9.0);
    free_rig(&r);
}

/* The coupling takes over a body's weight and hands the rigid-body solver
 * its added mass; a body that leaves the coupling gets both back. */
static void coupling_lends_and_returns_mass_and_weight(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10, .gravity = G, .buoyancy = true};
    rig r = make_rig(&d);
    body_spec s = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 5, 5, 0.6, 0, 700, 0, 0, 0};
    eddy_body *b = add_body(&r, &s);
    double added, inertia, mass = eddy_body_mass(b);
    eddy_body_added_mass(b, &added, &inertia);
    print_message("coupled disc: own mass %.1f kg, added %.1f kg (rho pi R^2 = %.1f), gravity "
                  "scale %.0f\n", mass, added, RHO * M_PI * 0.09, eddy_body_gravity_scale(b));
    assert_true(fabs(mass - 700 * M_PI * 0.09) < 1e-3 * mass); /* its own, as before */
    assert_true(fabs(added / (RHO * M_PI * 0.09) - 1) < 0.02);
    assert_true(eddy_body_gravity_scale(b) == 0.0);
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_remove_body(r.c, b, &err), EDDY_OK);
    eddy_body_added_mass(b, &added, &inertia);
    assert_true(added == 0.0 && inertia == 0.0 && eddy_body_gravity_scale(b) == 1.0);
    /* uncoupled, it falls at g again */
    assert_int_equal(eddy_world_step(r.world, DT, 0, &err), EDDY_OK);
    double v[2];
    eddy_body_linear_velocity(b, v);
    assert_true(fabs(v[1] / DT + G) < 1e-3 * G);
    free_rig(&r);
}

/* ------------------------------------------------------------ pressure gradient */

/* A neutrally buoyant disc released with the flow in a steady gyre rides its
 * streamline like a tracer: the stream function at its centre stays within
 * 5 % over 10 s (without the pressure-gradient force it was flung out:
 * 0.89 -> 0.10 of the largest value in 12 s). */
static void neutral_disc_keeps_its_streamline(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10};
    rig r = make_rig(&d);
    set_gyre(&r, 10.0);
    double x0 = 5, y0 = 8.5, u[2];
    eddy_fluid_velocity(r.fluid, x0, y0, u);
    body_spec s = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, x0, y0, 0.5, 0, RHO, u[0], u[1], 0};
    eddy_body *b = add_body(&r, &s);
    double psi0 = gyre_psi(&r, x0, y0), lo = psi0, hi = psi0;
    for (int k = 0; k < 600; ++k) {
        step(&r, 1);
        eddy_pose p;
        eddy_body_get_pose(b, &p);
        double psi = gyre_psi(&r, p.x, p.y);
        lo = fmin(lo, psi), hi = fmax(hi, psi);
    }
    print_message("neutral disc in a gyre: psi / psi_max %.3f, within [%.3f, %.3f] over 10 s\n",
                  psi0, lo, hi);
    assert_true(lo > 0.95 * psi0 && hi < 1.05 * psi0);
    free_rig(&r);
}

/* In the same gyre, with no gravity, a body lighter than water drifts in
 * towards the core and a heavier one out towards the walls. */
static void light_bodies_gather_in_a_vortex(void **state)
{
    (void)state;
    const double densities[2] = {200, 3000};
    double psi_end[2];
    for (int k = 0; k < 2; ++k) {
        rig_desc d = {.width = 10, .height = 10, .walls = true};
        rig r = make_rig(&d);
        set_gyre(&r, 10.0);
        double u[2];
        eddy_fluid_velocity(r.fluid, 5, 7.5, u);
        body_spec s = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 5, 7.5, 0.5, 0, densities[k], u[0], u[1], 0};
        eddy_body *b = add_body(&r, &s);
        step(&r, 600);
        eddy_pose p;
        eddy_body_get_pose(b, &p);
        psi_end[k] = gyre_psi(&r, p.x, p.y);
        free_rig(&r);
    }
    double psi0 = sin(M_PI * 0.5) * sin(M_PI * 0.75);
    print_message("after 10 s in a gyre: light body psi %.3f -> %.3f, heavy %.3f -> %.3f\n", psi0,
                  psi_end[0], psi0, psi_end[1]);
    assert_true(psi_end[0] > psi0 + 0.05);
    assert_true(psi_end[1] < psi0 - 0.2);
}

/* ------------------------------------------------------------ drag */

/* Falling through still water a disc and a box reach the terminal speed of
 * the drag law, sqrt(2 (m - rho A) g / (rho Cd w)), within 5 %. */
static void terminal_speeds_follow_the_drag_law(void **state)
{
    (void)state;
    for (int k = 0; k < 2; ++k) {
        rig_desc d = {.width = 10, .height = 15, .gravity = G, .buoyancy = true};
        rig r = make_rig(&d);
        body_spec s = {EDDY_BODY_DYNAMIC, k ? EDDY_SHAPE_BOX : EDDY_SHAPE_CIRCLE, 5, 13.5, 0.5, 1,
                       1500, 0, 0, 0};
        eddy_body *b = add_body(&r, &s);
        double cd = eddy_coupling_drag(r.c, b), a = area_of(&s);
        double vt = sqrt(2 * (1500 - RHO) * a * G / (RHO * cd * s.size));
        step(&r, 240); /* 4 s: more than six time constants */
        double v[2];
        eddy_body_linear_velocity(b, v);
        eddy_pose p;
        eddy_body_get_pose(b, &p);
        print_message("%s (Cd %.1f): %.3f m/s after falling %.1f m, drag law %.3f (%+.1f%%)\n",
                      k ? "box " : "disc", cd, -v[1], 13.5 - p.y, vt, 100 * (-v[1] / vt - 1));
        assert_true(fabs(-v[1] / vt - 1) < 0.05);
        assert_true(fabs(v[0]) < 0.01 * vt);
        free_rig(&r);
    }
}

/* A free box resting in a current is taken up with the time constant the
 * drag law predicts: (m + M_a) du/dt = -rho Cd w u |u| / 2 for the relative
 * speed u gives u(t) = u0 / (1 + t / tau), tau = 2 (m + M_a) / (rho Cd w u0).
 * The current is the top of a wide gyre, nearly straight there. */
static void free_body_takes_up_a_current(void **state)
{
    (void)state;
    rig_desc d = {.width = 30, .height = 10, .cells_per_metre = 4};
    rig r = make_rig(&d);
    set_gyre(&r, 25.0);
    double u0[2];
    eddy_fluid_velocity(r.fluid, 15, 8.5, u0);
    body_spec s = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_BOX, 15, 8.5, 0.5, 1, RHO, 0, 0, 0};
    eddy_body *b = add_body(&r, &s);
    double m[9];
    eddy_coupling_body_added_mass(r.c, b, m);
    double tau = 2 * (RHO * 0.25 + m[0]) / (RHO * 2.0 * 0.5 * fabs(u0[0]));
    int steps = (int)lround(tau / DT);
    step(&r, steps);
    double v[2], u[2];
    eddy_body_linear_velocity(b, v);
    const double *amb = r.c->info[0].ambient;
    eddy_fluid_velocity(r.fluid, 15, 8.5, u);
    double rel = (amb[0] - v[0]) / u0[0];
    print_message("current %.2f m/s: after tau = %.2f s the body moves at %.2f m/s; relative speed "
                  "%.3f of the start (drag law 0.5), ambient %.2f m/s\n", u0[0], steps * DT, v[0],
                  rel, amb[0]);
    assert_true(fabs(rel - 0.5) < 0.05);
    free_rig(&r);
}

/* ------------------------------------------------------------ static bodies */

/* Flow through a body: the mean of u_r + u_p along the stream, over the middle
 * of the chord through (cx, cy) across the stream (|t| < 0.6 half), over the
 * stream speed. The field of a vortex sheet cut into panels is exact only
 * beyond about half a panel from it, so the ends of the chord are left out;
 * the water's own turning inside the body averages out across a centred
 * chord. */
static double flow_through(const rig *r, double cx, double cy, double half, double scale)
{
    double U[2];
    eddy_fluid_velocity(r->fluid, cx, cy, U);
    double speed = hypot(U[0], U[1]), ex = U[0] / speed, ey = U[1] / speed, sum = 0.0;
    const int n = 24;
    for (int k = 0; k < n; ++k) {
        double t = 0.6 * half * (-1 + (2 * k + 1.0) / n), uv[2];
        eddy_coupling_velocity(r->c, cx - t * ey, cy + t * ex, uv);
        sum += uv[0] * ex + uv[1] * ey;
    }
    return fabs(sum / n) / scale;
}

/* Largest |surface speed - 2 U sin theta| / 2U just outside a disc in a
 * stream U (potential flow round a cylinder), theta from the stream. */
static double surface_error(const rig *r, double cx, double cy, double radius)
{
    double U[2];
    eddy_fluid_velocity(r->fluid, cx, cy, U);
    double speed = hypot(U[0], U[1]), worst = 0.0;
    for (int k = 0; k < 24; ++k) {
        double t = 2 * M_PI * (k + 0.5) / 24, uv[2];
        double x = cx + 1.05 * radius * cos(t), y = cy + 1.05 * radius * sin(t);
        eddy_coupling_velocity(r->c, x, y, uv);
        double along = (U[0] * cos(t) + U[1] * sin(t)) / speed; /* cos of angle from the stream */
        double theory = 2 * speed * sqrt(fmax(0.0, 1 - along * along)) *
                        (1 + 1 / (1.05 * 1.05)) / 2; /* the potential-flow speed at 1.05 R */
        worst = fmax(worst, fabs(hypot(uv[0], uv[1]) - theory) / (2 * speed));
    }
    return worst;
}

/* Level geometry made of static bodies routes the flow around itself and
 * costs it nothing: a static disc in the steady stream at the top of a gyre,
 * far from every wall, for 10 s at 73 modes. */
static void static_disc_keeps_the_flow(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10};
    rig r = make_rig(&d);
    set_gyre(&r, 20.0);
    body_spec s = {EDDY_BODY_STATIC, EDDY_SHAPE_CIRCLE, 5, 7.5, 0.8, 0, RHO, 0, 0, 0};
    add_body(&r, &s);
    double U[2];
    eddy_fluid_velocity(r.fluid, 5, 7.5, U);
    double stream = hypot(U[0], U[1]), e0 = eddy_coupling_kinetic_energy(r.c);
    double worst_surface = 0, worst_through = 0, emin = e0, emax = e0;
    for (int k = 0; k < 10; ++k) {
        step(&r, 60);
        worst_surface = fmax(worst_surface, surface_error(&r, 5, 7.5, 0.4));
        worst_through = fmax(worst_through, flow_through(&r, 5, 7.5, 0.4, stream));
        double e = eddy_coupling_kinetic_energy(r.c);
        emin = fmin(emin, e), emax = fmax(emax, e);
    }
    print_message("static disc in a %.2f m/s stream, 10 s: surface speed off potential flow by "
                  "%.1f%% at most, flow through it %.1f%%, energy within [%.4f, %.4f] of start\n",
                  stream, 100 * worst_surface, 100 * worst_through, emin / e0, emax / e0);
    assert_true(worst_surface < 0.15);
    assert_true(worst_through < 0.05);
    assert_true(emin > 0.8 * e0 && emax < e0 * (1 + 1e-9));
    free_rig(&r);
}

/* A static box alone in the middle of a current (no wall image in reach) is
 * re-solved every step: the water gains no energy and does not pass through
 * it (the one-body path once kept the first step's panels: 300-fold energy
 * growth in 5 s and 17 m/s through the box). */
static void lone_static_box_in_a_current(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10};
    rig r = make_rig(&d);
    set_gyre(&r, 7.0); /* 0.7 m/s at the box */
    body_spec s = {EDDY_BODY_STATIC, EDDY_SHAPE_BOX, 5, 7.5, 0.6, 1, RHO, 0, 0, 0};
    add_body(&r, &s);
    double U[2];
    eddy_fluid_velocity(r.fluid, 5, 7.5, U);
    double stream = hypot(U[0], U[1]), e0 = eddy_coupling_kinetic_energy(r.c), worst = 0;
    for (int k = 0; k < 5; ++k) {
        step(&r, 60);
        eddy_coupling_timings t;
        eddy_coupling_get_timings(r.c, &t);
        assert_int_equal(t.image_panels, 0);
        worst = fmax(worst, flow_through(&r, 5, 7.5, 0.3, stream));
    }
    double e = eddy_coupling_kinetic_energy(r.c);
    print_message("lone static box in a %.2f m/s current: energy %.3f -> %.3f J, flow through %.1f%%\n",
                  stream, e0, e, 100 * worst);
    assert_true(e <= e0 * (1 + 1e-9));
    assert_true(worst < 0.10); /* three panels a side; the disc above is held to 5 % */
    free_rig(&r);
}

/* A lone disc falling through still water far from the walls sets it moving
 * (the one-body path once left it at exactly 0 J), and the water behind it
 * follows it down. */
static void lone_falling_body_moves_the_water(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10, .gravity = G, .buoyancy = true};
    rig r = make_rig(&d);
    body_spec s = {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 5, 8, 0.5, 0, 2000, 0, 0, 0};
    eddy_body *b = add_body(&r, &s);
    step(&r, 60);
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    double behind[2];
    eddy_fluid_velocity(r.fluid, p.x, p.y + 0.8, behind);
    double e = eddy_fluid_kinetic_energy(r.fluid);
    print_message("after 1 s the disc is at y %.2f, the water holds %.2f J and moves at %.3f m/s "
                  "just above it\n", p.y, e, behind[1]);
    assert_true(e > 1.0);
    assert_true(behind[1] < -0.01);
    free_rig(&r);
}

/* ------------------------------------------------------------ energy */

/* With no gravity, no contacts and no viscosity in an ideal fluid (no drag,
 * as d'Alembert says), fluid plus bodies keep their energy: bodies coasting
 * and spinning through still water, and neutrally buoyant ones riding a
 * gyre. */
static void ideal_fluid_keeps_energy(void **state)
{
    (void)state;
    for (int k = 0; k < 2; ++k) {
        rig_desc d = {.width = 10, .height = 10};
        rig r = make_rig(&d);
        if (k == 1) set_gyre(&r, 8.0);
        body_spec specs[3] = {
            {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 3, 7, 0.6, 0, k ? RHO : 700, 0.3, -0.1, 0.5},
            {EDDY_BODY_DYNAMIC, EDDY_SHAPE_BOX, 6, 6, 0.5, 1, k ? RHO : 1400, -0.2, 0.2, -0.8},
            {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 5, 3, 0.4, 0, RHO, 0.25, 0.05, 0},
        };
        for (int i = 0; i < 3; ++i) {
            if (k == 1) { /* with the flow */
                double u[2];
                eddy_fluid_velocity(r.fluid, specs[i].x, specs[i].y, u);
                specs[i].vx = u[0], specs[i].vy = u[1], specs[i].omega = 0;
            }
            eddy_body *b = add_body(&r, &specs[i]);
            eddy_error err = {0};
            assert_int_equal(eddy_coupling_set_drag(r.c, b, 0.0, &err), EDDY_OK);
        }
        double e0 = eddy_coupling_kinetic_energy(r.c), lo = e0, hi = e0;
        for (int s = 0; s < 600; ++s) {
            step(&r, 1);
            double e = eddy_coupling_kinetic_energy(r.c);
            lo = fmin(lo, e), hi = fmax(hi, e);
        }
        print_message("ideal fluid, %s: energy %.4f J, within [%.6f, %.6f] of it over 10 s\n",
                      k ? "bodies riding a gyre" : "bodies coasting in still water", e0, lo / e0,
                      hi / e0);
        assert_true(lo > 0.999 * e0 && hi < 1.001 * e0);
        free_rig(&r);
    }
}

/* With drag the total only falls, by no more than what the drag dissipates
 * (the rest is the wake the water keeps), and never grows. */
static void drag_only_takes_energy(void **state)
{
    (void)state;
    rig_desc d = {.width = 10, .height = 10};
    rig r = make_rig(&d);
    set_gyre(&r, 4.0);
    body_spec specs[3] = {
        {EDDY_BODY_DYNAMIC, EDDY_SHAPE_CIRCLE, 3, 7, 0.6, 0, 700, 0.8, -0.3, 1.5},
        {EDDY_BODY_DYNAMIC, EDDY_SHAPE_BOX, 6, 6, 0.5, 1, 1400, -0.6, 0.4, -2},
        {EDDY_BODY_KINEMATIC, EDDY_SHAPE_BOX, 5, 2.5, 0.8, 0.3, RHO, 0.3, 0, 0},
    };
    for (int i = 0; i < 3; ++i) add_body(&r, &specs[i]);
    double e0 = eddy_coupling_kinetic_energy(r.c), last = e0;
    for (int s = 0; s < 600; ++s) {
        step(&r, 1);
        double e = eddy_coupling_kinetic_energy(r.c);
        last = e;
        (void)last;
    }
    double lost = e0 - eddy_coupling_kinetic_energy(r.c), dissipated = eddy_coupling_dissipated_energy(r.c);
    print_message("with drag, 10 s: energy %.3f -> %.3f J, drag dissipated %.3f J\n", e0,
                  e0 - lost, dissipated);
    assert_true(dissipated > 0);
    assert_true(lost <= dissipated * 1.001 + 1e-9 * e0);
    free_rig(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(added_mass_matches_potential_flow),
        cmocka_unit_test(released_discs_start_with_their_added_mass),
        cmocka_unit_test(very_light_body_stays_stable),
        cmocka_unit_test(coupling_lends_and_returns_mass_and_weight),
        cmocka_unit_test(neutral_disc_keeps_its_streamline),
        cmocka_unit_test(light_bodies_gather_in_a_vortex),
        cmocka_unit_test(terminal_speeds_follow_the_drag_law),
        cmocka_unit_test(free_body_takes_up_a_current),
        cmocka_unit_test(static_disc_keeps_the_flow),
        cmocka_unit_test(lone_static_box_in_a_current),
        cmocka_unit_test(lone_falling_body_moves_the_water),
        cmocka_unit_test(ideal_fluid_keeps_energy),
        cmocka_unit_test(drag_only_takes_energy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
