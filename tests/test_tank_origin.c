// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_tank_origin.c - the tank may sit anywhere in the world
 * (eddy_coupling_desc.origin): the same scene moved by an offset moves the
 * same, meets the same flow and is drawn where it is; the tank's walls
 * (eddy_coupling_add_walls) stand around the moved domain and keep bodies
 * in it. */
#include "test_util.h"

#include "eddy_body.h"
#include "eddy_coupling.h"

#include <math.h>
#include <string.h>

#define DT (1.0 / 60.0)
#define G 9.81

typedef struct rig {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
    eddy_body *crate, *stone;
} rig;

static eddy_body *make_body(eddy_world *w, double x, double y, bool circle, double size,
                            double density)
{
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = x, bd.position[1] = y;
    eddy_body *b = NULL;
    eddy_error err = {0};
    if (eddy_body_create(w, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = circle ? EDDY_SHAPE_CIRCLE : EDDY_SHAPE_BOX;
    sd.radius = size, sd.half_width = size, sd.half_height = 0.6 * size;
    sd.density = density;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    return b;
}

/* A stirred tank with a crate that floats and a stone that sinks, its
 * domain's (0, 0) at (ox, oy); walls when asked. */
static rig make_rig(double ox, double oy, bool walls)
{
    rig r;
    r.asset = test_build_asset(10, 10, 24, 24, 30);
    r.fluid = test_make_fluid(r.asset, 0.0);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -G;
    eddy_error err = {0};
    if (eddy_world_create(&wd, &r.world, &err) != EDDY_OK) fail_msg("world: %s", err.message);
    eddy_coupling_desc cd = {0};
    cd.feedback = EDDY_FEEDBACK_QUADTREE; /* the grid feedback's drawing too */
    cd.origin[0] = ox, cd.origin[1] = oy;
    if (eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    if (walls && eddy_coupling_add_walls(r.c, NULL, &err) != EDDY_OK)
        fail_msg("walls: %s", err.message);
    r.crate = make_body(r.world, ox + 3, oy + 5, false, 0.5, 500);
    r.stone = make_body(r.world, ox + 7, oy + 6, true, 0.4, 2500);
    if (eddy_coupling_add_body(r.c, r.crate, &err) != EDDY_OK ||
        eddy_coupling_add_body(r.c, r.stone, &err) != EDDY_OK)
        fail_msg("couple: %s", err.message);
    return r;
}

static void free_rig(rig *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
    eddy_asset_destroy(r->asset);
}

static eddy_result run(rig *r, int steps)
{
    eddy_error err = {0};
    eddy_result res = EDDY_OK;
    for (int k = 0; k < steps && res == EDDY_OK; ++k) {
        if (k < 60) { /* stirs are in the fluid's own coordinates */
            eddy_stir s = {.x = 5, .y = 2, .radius = 1.5, .fx = 300};
            eddy_fluid_add_stir(r->fluid, &s);
        }
        res = eddy_coupling_step(r->c, DT, &err);
    }
    return res;
}

typedef struct drawn {
    double first_panel[4], first_sample[4], first_node[2];
    int panels, samples, nodes;
} drawn;

static void on_panel(void *user, double x1, double y1, double x2, double y2, double gamma,
                     bool image)
{
    (void)gamma, (void)image;
    drawn *d = user;
    if (d->panels++ == 0) d->first_panel[0] = x1, d->first_panel[1] = y1, d->first_panel[2] = x2,
                          d->first_panel[3] = y2;
}

static void on_sample(void *user, double x, double y, double u, double v)
{
    drawn *d = user;
    if (d->samples++ == 0) d->first_sample[0] = x, d->first_sample[1] = y, d->first_sample[2] = u,
                           d->first_sample[3] = v;
}

static void on_node(void *user, double x0, double y0, double x1, double y1, int level)
{
    (void)x1, (void)y1, (void)level;
    drawn *d = user;
    if (d->nodes++ == 0) d->first_node[0] = x0, d->first_node[1] = y0;
}

static drawn draw(const rig *r)
{
    drawn d;
    memset(&d, 0, sizeof d);
    eddy_debug_draw dd = {0};
    dd.panel = on_panel, dd.velocity_sample = on_sample, dd.quadtree_node = on_node;
    dd.user = &d;
    eddy_coupling_debug_draw(r->c, &dd);
    return d;
}

static void close_to(double a, double b, double tol, const char *what)
{
    if (!(fabs(a - b) <= tol)) fail_msg("%s: %.9g and %.9g differ by more than %g", what, a, b, tol);
}

/* The scene with its tank at (0, 0) and at (37.5, -12.25): everything the
 * coupling takes or hands out in world coordinates differs by exactly the
 * offset, to Box2D's single precision at 40 m (a few micrometres). */
static void the_tank_may_sit_anywhere(void **state)
{
    (void)state;
    const double ox = 37.5, oy = -12.25;
    rig a = make_rig(0, 0, true), b = make_rig(ox, oy, true);
    assert_int_equal(run(&a, 120), EDDY_OK);
    assert_int_equal(run(&b, 120), EDDY_OK);

    eddy_body *ba[2] = {a.crate, a.stone}, *bb[2] = {b.crate, b.stone};
    double worst = 0;
    for (int i = 0; i < 2; ++i) {
        eddy_pose pa, pb;
        eddy_body_get_pose(ba[i], &pa);
        eddy_body_get_pose(bb[i], &pb);
        worst = fmax(worst, fmax(fabs(pb.x - ox - pa.x), fabs(pb.y - oy - pa.y)));
        close_to(pb.x - ox, pa.x, 1e-3, "x");
        close_to(pb.y - oy, pa.y, 1e-3, "y");
        close_to(pb.angle, pa.angle, 1e-3, "angle");
        double la[3], lb[3];
        eddy_coupling_body_load(a.c, ba[i], la);
        eddy_coupling_body_load(b.c, bb[i], lb);
        close_to(lb[0], la[0], 1e-3 * fabs(la[1]), "load x");
        close_to(lb[1], la[1], 1e-3 * fabs(la[1]), "load y");
    }
    print_message("tank moved by (%g, %g): bodies within %.3g m of the unmoved run\n", ox, oy,
                  worst);
    /* they moved (the crate rose, the stone sank) far more than they differ */
    eddy_pose crate, stone;
    eddy_body_get_pose(a.crate, &crate);
    eddy_body_get_pose(a.stone, &stone);
    assert_true(crate.y > 5.5 && stone.y < 5.5);

    /* the same water, read at the same place of the tank */
    const double *ra = eddy_fluid_coefficients(a.fluid), *rb = eddy_fluid_coefficients(b.fluid);
    double gap = 0, scale = 0;
    for (int k = 0; k < eddy_fluid_mode_count(a.fluid); ++k)
        gap = fmax(gap, fabs(ra[k] - rb[k])), scale = fmax(scale, fabs(ra[k]));
    assert_true(scale > 0 && gap <= 1e-4 * scale);
    double xy_a[4] = {2.5, 3.0, crate.x + 0.8, crate.y}, uv_a[4], uv_b[4];
    double xy_b[4] = {2.5 + ox, 3.0 + oy, crate.x + 0.8 + ox, crate.y + oy};
    eddy_coupling_velocity_many(a.c, 2, xy_a, uv_a);
    eddy_coupling_velocity_many(b.c, 2, xy_b, uv_b);
    double speed = hypot(uv_a[0], uv_a[1]);
    assert_true(speed > 1e-3);
    for (int k = 0; k < 4; ++k) close_to(uv_b[k], uv_a[k], 1e-3 * speed + 1e-9, "velocity");
    /* outside the moved domain the fluid is not there: the same point in
       world coordinates reads differently */
    double at_a[2], at_b[2];
    eddy_coupling_velocity(a.c, 2.5, 3.0, at_a);
    eddy_coupling_velocity(b.c, 2.5, 3.0, at_b);
    assert_true(fabs(at_a[0] - at_b[0]) + fabs(at_a[1] - at_b[1]) > 1e-2 * speed);

    /* drawn where they are */
    drawn da = draw(&a), db = draw(&b);
    assert_int_equal(da.panels, db.panels);
    assert_true(da.panels > 0 && da.samples > 0 && da.nodes > 0);
    for (int k = 0; k < 4; ++k)
        close_to(db.first_panel[k], da.first_panel[k] + (k % 2 ? oy : ox), 1e-3, "panel");
    close_to(db.first_sample[0], da.first_sample[0] + ox, 1e-12, "sample x");
    close_to(db.first_sample[1], da.first_sample[1] + oy, 1e-12, "sample y");
    close_to(db.first_sample[2], da.first_sample[2], 1e-3 * speed + 1e-9, "sample u");
    close_to(db.first_node[0], da.first_node[0] + ox, 1e-12, "node x");
    close_to(db.first_node[1], da.first_node[1] + oy, 1e-12, "node y");
    free_rig(&a);
    free_rig(&b);
}

/* The walls keep bodies in the moved tank: the stone comes to rest on the
 * bottom wall, in the domain, a few millimetres above its edge (6 mm on
 * 2.4, 10 mm on v3: eddy_coupling_add_walls); without the walls it falls
 * out and the step says so. */
static void the_walls_hold_the_bodies_in_the_tank(void **state)
{
    (void)state;
    const double ox = -20, oy = 30;
    rig r = make_rig(ox, oy, true);
    assert_int_equal(run(&r, 240), EDDY_OK);
    eddy_pose p;
    eddy_body_get_pose(r.stone, &p);
    double gap = (p.y - oy) - 0.4; /* the stone's lowest point above the tank's floor */
    print_message("stone at rest %.4f m above the floor of the tank at (%g, %g)\n", gap, ox, oy);
    assert_true(gap > 0.0 && gap < 0.02);
    assert_true(p.x - ox > 0.4 && p.x - ox < 10 - 0.4);
    free_rig(&r);

    rig bare = make_rig(ox, oy, false);
    eddy_result res = run(&bare, 240);
    assert_int_equal(res, EDDY_ERR_RANGE); /* the stone fell through the floor */
    eddy_body_get_pose(bare.stone, &p);
    assert_true(p.y < oy);
    free_rig(&bare);
}

static void the_origin_is_checked(void **state)
{
    (void)state;
    eddy_asset *asset = test_build_asset(10, 10, 16, 16, 12);
    eddy_fluid *fluid = test_make_fluid(asset, 0.0);
    eddy_world *world = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_world_create(NULL, &world, &err), EDDY_OK);
    eddy_coupling_desc cd = {0};
    eddy_coupling *c = NULL;
    cd.origin[0] = NAN;
    assert_int_equal(eddy_coupling_create(fluid, world, &cd, &c, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "origin"));
    assert_null(c);
    cd.origin[0] = 30, cd.origin[1] = -7;
    assert_int_equal(eddy_coupling_create(fluid, world, &cd, &c, &err), EDDY_OK);
    /* a body at (5, 5) is outside the tank [30, 40] x [-7, 3] */
    eddy_body *b = make_body(world, 5, 5, true, 0.3, 1000);
    assert_int_equal(eddy_coupling_add_body(c, b, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "(30, -7)"));
    eddy_body_set_transform(b, 35, -2, 0, &err);
    assert_int_equal(eddy_coupling_add_body(c, b, &err), EDDY_OK);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_tank_may_sit_anywhere),
        cmocka_unit_test(the_walls_hold_the_bodies_in_the_tank),
        cmocka_unit_test(the_origin_is_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
