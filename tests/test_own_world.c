// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_own_world.c - bring your own Box2D world (eddy_box2d_v3.h,
 * eddy_box2d_v24.h): a game's world and bodies, made with Box2D's own calls
 * (native_world.h), are adopted into eddy handles, coupled to a fluid with
 * the split step, and handed back untouched. On either backend, whichever
 * the build links. */
#include "test_util.h"

#include "eddy_body.h"
#include "eddy_coupling.h"
#include "native_world.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DT (1.0 / 60.0)
#define G 9.81
/* Box2D keeps single precision */
#define FLOAT_TOL 1e-6

static int tag_a, tag_b, tag_c; /* user data a game would keep */

static eddy_world *adopt_world(native_world *nw)
{
    eddy_world *w = NULL;
    eddy_error err = {0};
    if (native_adopt_world(nw, &w, &err) != EDDY_OK) fail_msg("adopt world: %s", err.message);
    return w;
}

static eddy_body *adopt(native_world *nw, eddy_world *w, int i)
{
    eddy_body *b = NULL;
    eddy_error err = {0};
    if (native_adopt_body(nw, w, i, &b, &err) != EDDY_OK) fail_msg("adopt body: %s", err.message);
    return b;
}

static void close_to(double a, double b, double tol)
{
    if (!(fabs(a - b) <= tol)) fail_msg("%.9g and %.9g differ by more than %g", a, b, tol);
}

/* ------------------------------------------------------------ adoption */

static void adopts_the_games_shapes_as_box2d_holds_them(void **state)
{
    (void)state;
    native_world *nw = native_world_create(0, -G);
    int crate = native_add_box(nw, EDDY_BODY_DYNAMIC, 3, 4, 0.5, 0.25, 700, &tag_a);
    native_add_circle_fixture(nw, crate, 0.5, 0, 0.2, 300, &tag_b);
    int post = native_add_circle(nw, EDDY_BODY_STATIC, 1, 1, 0.3, 1, &tag_c);
    eddy_world *w = adopt_world(nw);
    eddy_body *b = adopt(nw, w, crate), *s = adopt(nw, w, post);

    assert_true(eddy_world_is_adopted(w));
    assert_true(eddy_body_is_adopted(b));
    assert_true(native_is_world(nw, w));
    assert_true(native_is_body(nw, crate, b));
    assert_int_equal(eddy_world_body_count(w), 2);
    assert_ptr_equal(eddy_body_user_data(b), NULL); /* eddy's own slot, not the game's */

    /* the fixtures in the order the game made them, as Box2D holds them */
    assert_int_equal(eddy_body_get_type(b), EDDY_BODY_DYNAMIC);
    assert_int_equal(eddy_body_shape_count(b), 2);
    eddy_shape_info box, disc;
    eddy_error err = {0};
    assert_int_equal(eddy_body_get_shape(b, 0, &box, &err), EDDY_OK);
    assert_int_equal(eddy_body_get_shape(b, 1, &disc, &err), EDDY_OK);
    assert_int_equal(box.type, EDDY_SHAPE_POLYGON);
    assert_int_equal(box.vertex_count, 4);
    close_to(box.area, 0.5, FLOAT_TOL);
    close_to(box.center[0], 0, FLOAT_TOL);
    close_to(box.center[1], 0, FLOAT_TOL);
    close_to(box.density, 700, 700 * FLOAT_TOL);
    close_to(box.friction, 0.6, FLOAT_TOL);
    assert_false(box.is_sensor);
    assert_ptr_equal(box.user_data, &tag_a);
    assert_int_equal(disc.type, EDDY_SHAPE_CIRCLE);
    close_to(disc.center[0], 0.5, FLOAT_TOL);
    close_to(disc.radius, 0.2, FLOAT_TOL);
    close_to(disc.density, 300, 300 * FLOAT_TOL);
    assert_ptr_equal(disc.user_data, &tag_b);
    /* mass and pose are Box2D's: m = sum of density x area */
    double mass = 700 * 0.5 + 300 * acos(-1.0) * 0.04;
    close_to(eddy_body_mass(b), mass, 1e-5 * mass);
    close_to(eddy_body_mass(b), native_body_mass(nw, crate), 1e-5 * mass);
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    close_to(p.x, 3, FLOAT_TOL);
    close_to(p.y, 4, FLOAT_TOL);
    assert_int_equal(eddy_body_get_type(s), EDDY_BODY_STATIC);

    /* gravity is the game's world's, read when asked */
    double g[2];
    eddy_world_get_gravity(w, g);
    close_to(g[1], -G, FLOAT_TOL * G);
    native_world_set_gravity(nw, 0.5, -3);
    eddy_world_get_gravity(w, g);
    close_to(g[0], 0.5, FLOAT_TOL);
    close_to(g[1], -3, FLOAT_TOL);

    eddy_world_destroy(w);
    native_world_destroy(nw);
}

static void refuses_what_it_cannot_adopt(void **state)
{
    (void)state;
    native_world *nw = native_world_create(0, -G), *other = native_world_create(0, -G);
    int crate = native_add_box(nw, EDDY_BODY_DYNAMIC, 3, 4, 0.5, 0.5, 1, NULL);
    int edge = native_add_edge(nw, 0, 0, 5, 0);
    int stranger = native_add_box(other, EDDY_BODY_DYNAMIC, 1, 1, 0.5, 0.5, 1, NULL);
    eddy_world *w = adopt_world(nw);
    eddy_body *b = NULL;
    eddy_error err = {0};

    assert_int_equal(native_adopt_body(nw, w, edge, &b, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "circles and polygons"));
    assert_null(b);
    assert_int_equal(native_adopt_body(other, w, stranger, &b, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "not in this world"));
    adopt(nw, w, crate);
    assert_int_equal(native_adopt_body(nw, w, crate, &b, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "already has an eddy handle"));
    assert_int_equal(eddy_world_body_count(w), 1); /* nothing half-made */
    assert_int_equal(native_adopt_world(nw, NULL, &err), EDDY_ERR_ARGUMENT);

    eddy_world_destroy(w);
    native_world_destroy(other);
    native_world_destroy(nw);
}

/* eddy never steps, frees or marks the game's world, and refuses what needs
 * what it may not install there (user data, a contact listener). */
static void leaves_the_games_world_to_the_game(void **state)
{
    (void)state;
    native_world *nw = native_world_create(0, -G);
    int crate = native_add_box(nw, EDDY_BODY_DYNAMIC, 3, 4, 0.5, 0.5, 500, &tag_a);
    eddy_world *w = adopt_world(nw);
    eddy_body *b = adopt(nw, w, crate);
    eddy_error err = {0};

    /* a body eddy makes in the game's world carries no user data */
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_KINEMATIC;
    bd.position[0] = 8, bd.position[1] = 4;
    eddy_body *mine = NULL;
    assert_int_equal(eddy_body_create(w, &bd, &mine, &err), EDDY_OK);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX, sd.half_width = sd.half_height = 0.5;
    assert_int_equal(eddy_body_add_shape(mine, &sd, NULL, &err), EDDY_OK);
    assert_int_equal(native_world_body_count(nw), 2);
    assert_true(native_foreign_bodies_have_no_user_data(nw));

    /* what needs eddy's own world is refused, with a message */
    assert_int_equal(eddy_world_step(w, DT, 0, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "the game steps it"));
    eddy_drag *drag = NULL;
    assert_int_equal(eddy_drag_create(b, 3, 4, NULL, &drag, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "mouse joint"));
    assert_int_equal(eddy_body_move_kinematic(mine, 9, 4, 0, DT, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_body_add_shape(b, &sd, NULL, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "adopted"));
    assert_int_equal(eddy_body_shape_count(b), 1);
    eddy_ray_hit hit;
    assert_false(eddy_world_ray_cast(w, 0, 4, 10, 4, &hit)); /* through both bodies */
    eddy_body *found[2];
    assert_int_equal(eddy_world_query_point(w, 3, 4, found, 2), 0);
    eddy_sensor_events ev;
    eddy_world_get_sensor_events(w, &ev);
    assert_int_equal(ev.begin_count + ev.end_count, 0);

    /* the game steps its world; eddy reads the motion */
    for (int k = 0; k < 30; ++k) native_world_step(nw, DT);
    eddy_pose p;
    eddy_body_get_pose(b, &p);
    close_to(p.y, 4 - 0.5 * G * pow(30 * DT, 2), 0.05); /* free fall */

    /* dropping the handle of the game's body leaves the body */
    eddy_body_destroy(b);
    assert_int_equal(native_world_body_count(nw), 2);
    close_to(native_body_mass(nw, crate), 500, 500 * FLOAT_TOL);
    /* destroying eddy's world takes out only what eddy made */
    eddy_world_destroy(w);
    assert_int_equal(native_world_body_count(nw), 1);
    assert_ptr_equal(native_body_user_data(nw, crate), &tag_a);
    assert_ptr_equal(native_fixture_user_data(nw, crate), &tag_a);
    native_world_step(nw, DT); /* still the game's, still working */
    native_world_destroy(nw);
}

/* ------------------------------------------------------------ coupled */

typedef struct tank {
    eddy_asset *asset;
    eddy_fluid *fluid;
} tank;

static tank make_tank(void)
{
    tank t;
    t.asset = test_build_asset(10, 10, 24, 24, 30);
    t.fluid = test_make_fluid(t.asset, 0.0);
    return t;
}

static void free_tank(tank *t)
{
    eddy_fluid_destroy(t->fluid);
    eddy_asset_destroy(t->asset);
}

static eddy_coupling *couple(tank *t, eddy_world *w, double ox, double oy)
{
    eddy_coupling_desc cd = {0};
    cd.origin[0] = ox, cd.origin[1] = oy;
    eddy_coupling *c = NULL;
    eddy_error err = {0};
    if (eddy_coupling_create(t->fluid, w, &cd, &c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    if (eddy_coupling_add_walls(c, NULL, &err) != EDDY_OK) fail_msg("walls: %s", err.message);
    return c;
}

static void couple_body(eddy_coupling *c, eddy_body *b)
{
    eddy_error err = {0};
    if (eddy_coupling_add_body(c, b, &err) != EDDY_OK) fail_msg("add body: %s", err.message);
}

static void stir(tank *t)
{
    eddy_stir s = {.x = 5, .y = 2, .radius = 1.5, .fx = 300};
    eddy_fluid_add_stir(t->fluid, &s);
}

static eddy_body *eddy_box(eddy_world *w, eddy_body_type type, double x, double y, double hw,
                           double hh, double density)
{
    eddy_body_desc bd = {0};
    bd.type = type;
    bd.position[0] = x, bd.position[1] = y;
    eddy_body *b = NULL;
    eddy_error err = {0};
    if (eddy_body_create(w, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_BOX, sd.half_width = hw, sd.half_height = hh, sd.density = density;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    return b;
}

static eddy_body *eddy_disc(eddy_world *w, double x, double y, double r, double density)
{
    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = x, bd.position[1] = y;
    eddy_body *b = NULL;
    eddy_error err = {0};
    if (eddy_body_create(w, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_CIRCLE, sd.radius = r, sd.density = density;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    return b;
}

/* One code path: a crate that floats and a stone that sinks, in a stirred
 * tank, move the same whether they are eddy's bodies stepped by
 * eddy_coupling_step or the game's, adopted, with eddy_coupling_advance and
 * the game stepping its own world (the same Box2D step either way). Only the
 * order of the bodies in Box2D and the first vertex of the crate's polygon
 * differ, so the runs agree to Box2D's single precision, not bit for bit. */
static void the_split_step_is_the_coupled_step(void **state)
{
    (void)state;
    const int steps = 120;
    double own[2][3], split[2][3], coef_gap = 0, coef_scale = 0;

    tank ta = make_tank();
    eddy_world_desc wd = {0};
    wd.gravity[1] = -G;
    eddy_world *wa = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_world_create(&wd, &wa, &err), EDDY_OK);
    eddy_coupling *ca = couple(&ta, wa, 0, 0);
    eddy_body *crate_a = eddy_box(wa, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500);
    eddy_body *stone_a = eddy_disc(wa, 7, 7, 0.4, 2500);
    couple_body(ca, crate_a);
    couple_body(ca, stone_a);
    for (int k = 0; k < steps; ++k) {
        if (k < 60) stir(&ta);
        assert_int_equal(eddy_coupling_step(ca, DT, &err), EDDY_OK);
    }

    tank tb = make_tank();
    native_world *nw = native_world_create(0, -G);
    eddy_world *wb = adopt_world(nw);
    eddy_coupling *cb = couple(&tb, wb, 0, 0);
    eddy_body *crate_b = adopt(nw, wb, native_add_box(nw, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500, NULL));
    eddy_body *stone_b = adopt(nw, wb, native_add_circle(nw, EDDY_BODY_DYNAMIC, 7, 7, 0.4, 2500, NULL));
    couple_body(cb, crate_b);
    couple_body(cb, stone_b);
    /* the whole step on a game's world is refused before anything moves */
    assert_int_equal(eddy_coupling_step(cb, DT, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "eddy_coupling_advance"));
    for (int k = 0; k < steps; ++k) {
        if (k < 60) stir(&tb);
        assert_int_equal(eddy_coupling_advance(cb, DT, &err), EDDY_OK);
        native_world_step(nw, DT);
    }

    eddy_body *a[2] = {crate_a, stone_a}, *b[2] = {crate_b, stone_b};
    for (int i = 0; i < 2; ++i) {
        eddy_pose p;
        eddy_body_get_pose(a[i], &p);
        own[i][0] = p.x, own[i][1] = p.y, own[i][2] = p.angle;
        eddy_body_get_pose(b[i], &p);
        split[i][0] = p.x, split[i][1] = p.y, split[i][2] = p.angle;
    }
    const double *ra = eddy_fluid_coefficients(ta.fluid), *rb = eddy_fluid_coefficients(tb.fluid);
    for (int k = 0; k < eddy_fluid_mode_count(ta.fluid); ++k) {
        coef_gap = fmax(coef_gap, fabs(ra[k] - rb[k]));
        coef_scale = fmax(coef_scale, fabs(ra[k]));
    }
    print_message("split step vs coupled step after %d steps: crate (%.3g, %.3g) m, stone "
                  "(%.3g, %.3g) m apart; fluid %.3g of its largest coefficient\n",
                  steps, split[0][0] - own[0][0], split[0][1] - own[0][1],
                  split[1][0] - own[1][0], split[1][1] - own[1][1], coef_gap / coef_scale);
    /* they moved: the crate rose, the stone sank, by far more than they differ */
    assert_true(own[0][1] > 5 + 0.5);
    assert_true(own[1][1] < 7 - 0.5);
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 3; ++j) close_to(split[i][j], own[i][j], 1e-4);
    assert_true(coef_gap <= 1e-3 * coef_scale);
    double la[3], lb[3];
    assert_int_equal(eddy_coupling_body_load(ca, crate_a, la), EDDY_OK);
    assert_int_equal(eddy_coupling_body_load(cb, crate_b, lb), EDDY_OK);
    for (int j = 0; j < 2; ++j) close_to(lb[j], la[j], 1e-2 * fabs(la[1]));

    eddy_coupling_destroy(ca);
    eddy_world_destroy(wa);
    free_tank(&ta);
    eddy_coupling_destroy(cb);
    eddy_world_destroy(wb);
    native_world_destroy(nw);
    free_tank(&tb);
}

/* What the coupling changes on a game's body while it holds it (mass,
 * gravity scale, sleep) comes back when it lets go: on removal, on the
 * coupling's destruction, on eddy_world_destroy and on eddy_body_destroy. */
static void the_games_bodies_are_given_back(void **state)
{
    (void)state;
    tank t = make_tank();
    native_world *nw = native_world_create(0, -G);
    int crate = native_add_box(nw, EDDY_BODY_DYNAMIC, 4, 5, 0.5, 0.3, 500, &tag_a);
    const double mass = native_body_mass(nw, crate);
    eddy_error err = {0};
    for (int ending = 0; ending < 4; ++ending) {
        eddy_world *w = adopt_world(nw);
        eddy_body *b = adopt(nw, w, crate);
        eddy_coupling *c = couple(&t, w, 0, 0);
        couple_body(c, b);
        /* held: weight applied by the coupling, water dragged along, awake */
        assert_true(native_body_gravity_scale(nw, crate) == 0.0);
        double added;
        eddy_body_added_mass(b, &added, NULL);
        assert_true(added > 0.1 * mass);
        close_to(native_body_mass(nw, crate), mass + added, 1e-5 * mass);
        assert_false(native_body_sleep_enabled(nw, crate));
        assert_int_equal(eddy_coupling_advance(c, DT, &err), EDDY_OK);
        native_world_step(nw, DT);

        if (ending == 0) {
            assert_int_equal(eddy_coupling_remove_body(c, b, &err), EDDY_OK);
        } else if (ending == 1) {
            eddy_coupling_destroy(c);
            c = NULL;
        } else if (ending == 2) {
            eddy_world_destroy(w); /* the coupling still on it */
            w = NULL;
            assert_int_equal(eddy_coupling_advance(c, DT, &err), EDDY_ERR_ARGUMENT);
            assert_non_null(strstr(err.message, "world was destroyed"));
        } else {
            eddy_body_destroy(b);
            assert_int_equal(eddy_coupling_body_count(c), 0);
            assert_int_equal(eddy_coupling_advance(c, DT, &err), EDDY_OK);
        }
        close_to(native_body_gravity_scale(nw, crate), 1.0, 0);
        close_to(native_body_mass(nw, crate), mass, 1e-5 * mass);
        assert_true(native_body_sleep_enabled(nw, crate));
        assert_ptr_equal(native_body_user_data(nw, crate), &tag_a);
        eddy_coupling_destroy(c);
        eddy_world_destroy(w);
        assert_int_equal(native_world_body_count(nw), 1); /* the walls went with eddy's world */
    }
    native_world_destroy(nw);
    free_tank(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(adopts_the_games_shapes_as_box2d_holds_them),
        cmocka_unit_test(refuses_what_it_cannot_adopt),
        cmocka_unit_test(leaves_the_games_world_to_the_game),
        cmocka_unit_test(the_split_step_is_the_coupled_step),
        cmocka_unit_test(the_games_bodies_are_given_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
