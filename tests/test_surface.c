// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_surface.c - water with a surface (issue 20): the geometry of the wet
 * part, the sloshing modes against the dispersion relation, floating against
 * Archimedes and the metacentric height, waves from a dropped body against
 * linear theory, heave, energy, bodies leaving and entering the water, and
 * the asset section. Every expected number is computed here from theory or
 * by a separate computation, never taken from the code's own earlier output. */
#include "test_util.h"

#include "eddy_coupling.h"
#include "eddy_surface.h"
#include "surface.h"
#include "surface_modes.h"
#include "builder_internal.h"
#include "waterline.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RHO 1000.0
#define G 9.81
#define DT (1.0 / 60.0)

/* ------------------------------------------------------------ rigs */

typedef struct rig {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
} rig;

typedef struct rig_desc {
    double width, height, depth;
    int nx, modes, surface_modes;
    double viscosity;      /* the fluid's */
    double wave_viscosity; /* 0: the fluid's, < 0: none */
} rig_desc;

static eddy_asset *build_pool(const rig_desc *d)
{
    eddy_build_desc bd = {0};
    bd.width = d->width, bd.height = d->height, bd.depth = d->depth;
    bd.nx = d->nx, bd.modes = d->modes > 0 ? d->modes : 12, bd.surface_modes = d->surface_modes;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&bd, &a, &err) != EDDY_OK) fail_msg("build: %s", err.message);
    return a;
}

static rig make_rig(const rig_desc *d)
{
    rig r = {0};
    eddy_error err = {0};
    r.asset = build_pool(d);
    eddy_fluid_desc fd = {0};
    fd.viscosity = d->viscosity;
    assert_int_equal(eddy_fluid_create(r.asset, &fd, &r.fluid, &err), EDDY_OK);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -G;
    assert_int_equal(eddy_world_create(&wd, &r.world, &err), EDDY_OK);
    eddy_coupling_desc cd = {0};
    cd.wave_viscosity = d->wave_viscosity;
    if (eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    assert_int_equal(eddy_coupling_add_walls(r.c, NULL, &err), EDDY_OK);
    return r;
}

static void free_rig(rig *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
    eddy_asset_destroy(r->asset);
}

static eddy_body *add_box(rig *r, double x, double y, double angle, double hw, double hh,
                          double density, double drag)
{
    eddy_error err = {0};
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = x, bd.position[1] = y, bd.angle = angle;
    eddy_body *b = NULL;
    assert_int_equal(eddy_body_create(r->world, &bd, &b, &err), EDDY_OK);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX;
    sd.half_width = hw, sd.half_height = hh, sd.density = density;
    assert_int_equal(eddy_body_add_shape(b, &sd, NULL, &err), EDDY_OK);
    if (eddy_coupling_add_body(r->c, b, &err) != EDDY_OK) fail_msg("add: %s", err.message);
    if (drag >= 0) assert_int_equal(eddy_coupling_set_drag(r->c, b, drag, &err), EDDY_OK);
    return b;
}

static eddy_body *add_disc(rig *r, double x, double y, double radius, double density, double drag)
{
    eddy_error err = {0};
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = x, bd.position[1] = y;
    eddy_body *b = NULL;
    assert_int_equal(eddy_body_create(r->world, &bd, &b, &err), EDDY_OK);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE;
    sd.radius = radius, sd.density = density;
    assert_int_equal(eddy_body_add_shape(b, &sd, NULL, &err), EDDY_OK);
    if (eddy_coupling_add_body(r->c, b, &err) != EDDY_OK) fail_msg("add: %s", err.message);
    if (drag >= 0) assert_int_equal(eddy_coupling_set_drag(r->c, b, drag, &err), EDDY_OK);
    return b;
}

static void step(rig *r, int n)
{
    eddy_error err = {0};
    for (int k = 0; k < n; ++k)
        if (eddy_coupling_step(r->c, DT, &err) != EDDY_OK) fail_msg("step: %s", err.message);
}

/* ------------------------------------------------------------ energy */

/* A wide box (beam B, height H) bobbing upright in a box pool with no drag
 * and no viscosity anywhere. The energy that must stay constant is
 *   the kinetic energy of water and body (eddy_coupling_kinetic_energy: the
 *   body with its added mass), the body's weight m g y_G, the water's
 *   potential energy, and the waves'.
 * The water's potential energy, for the flat mean level L = D + eta_m with
 * W eta_m = A (the water is conserved), is rho g times the integral of y
 * over the water: up to a constant rho g A (L - y_B) - rho g W eta_m^2 / 2
 * with A the wet area and y_B its centroid; for an upright box whose bottom
 * is at y_b, A = B (L - y_b) and that is rho g A^2 / (2 B) - rho g A^2 / (2 W).
 * The waves' energy is what the modes carry (eddy_coupling_surface_energy),
 * whose potential half is checked against a quadrature of eta below. */
static double water_potential(double A, double B, double W)
{
    return RHO * G * A * A * (0.5 / B - 0.5 / W);
}

typedef struct bob_result {
    double excess;   /* J above the body at rest */
    double worst;    /* largest |E - E0| */
    double late;     /* |mean of E - E0 over the last 2 s| */
    double waves;    /* J in the waves at the end */
} bob_result;

static bob_result bob(int substeps)
{
    const double W = 10, D = 4, B = 1.0, H = 0.5, dens = 500;
    rig_desc d = {W, 6, D, 64, 12, 0, 0.0, -1.0};
    rig r = make_rig(&d);
    const double m = dens * B * H, A_eq = m / RHO;
    const double y_b_eq = D + A_eq / W - A_eq / B; /* the bottom at rest */
    const double push = 0.06;
    eddy_body *box = add_box(&r, W / 2, y_b_eq - push + H / 2, 0, B / 2, H / 2, dens, 0.0);
    const double e_rest = m * G * (y_b_eq + H / 2) + water_potential(A_eq, B, W);
    bob_result out = {0};
    double e0 = 0, late = 0;
    int late_n = 0;
    for (int n = 0; n <= 600; ++n) {
        eddy_pose p;
        eddy_body_get_pose(box, &p);
        double L = eddy_coupling_surface_mean(r.c), A = B * (L - (p.y - H / 2));
        double e = eddy_coupling_kinetic_energy(r.c) + m * G * p.y + water_potential(A, B, W) +
                   eddy_coupling_surface_energy(r.c);
        if (n == 0) e0 = e, out.excess = e0 - e_rest;
        out.worst = fmax(out.worst, fabs(e - e0));
        if (n >= 480) late += e - e0, ++late_n;
        for (int k = 0; k < substeps && n < 600; ++k) {
            eddy_error err = {0};
            if (eddy_coupling_step(r.c, DT / substeps, &err) != EDDY_OK)
                fail_msg("step: %s", err.message);
        }
    }
    out.late = fabs(late / late_n);
    out.waves = eddy_coupling_surface_energy(r.c);
    /* the waves' potential energy, rho g / 2 times the integral of
       (eta - mean)^2, by the midpoint rule on eta itself, is at most their
       whole energy (the rest is kinetic) */
    double pot = 0;
    for (int k = 0; k < 4000; ++k) {
        double x = (k + 0.5) * W / 4000;
        double e = eddy_coupling_surface_height(r.c, x) - eddy_coupling_surface_mean(r.c);
        pot += 0.5 * RHO * G * e * e * W / 4000;
    }
    assert_true(pot > 0.0 && pot <= out.waves * (1 + 1e-6));
    free_rig(&r);
    return out;
}

static void energy_is_conserved_while_a_body_bobs(void **state)
{
    (void)state;
    bob_result fine = bob(10), game = bob(1);
    print_message("energy: box bobbing for 10 s with %.3g J above rest, no drag or viscosity: "
                  "|E - E0| <= %.3g J (%.2f %%) at dt = 1/600 s, %.3g J (%.1f %%) at dt = 1/60 s "
                  "(mean over the last 2 s %.2f %%); the waves hold %.3g J\n", fine.excess,
                  fine.worst, 100 * fine.worst / fine.excess, game.worst,
                  100 * game.worst / game.excess, 100 * game.late / game.excess, fine.waves);
    /* the coupled model keeps fluid + surface + bodies; the rigid-body step
       (semi-implicit Euler) adds an oscillation of order omega dt, no drift */
    assert_true(fine.worst <= 0.01 * fine.excess);
    assert_true(game.worst <= 0.08 * game.excess);
    assert_true(game.late <= 0.03 * game.excess);
    /* the body gave the waves a good part of its energy */
    assert_true(fine.waves > 0.3 * fine.excess);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(energy_is_conserved_while_a_body_bobs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
