// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_own_world.c - bring your own Box2D world (eddy_box2d_v3.h,
 * eddy_box2d_v24.h): a game's world and bodies, made with Box2D's own calls
 * (native_world.h), are adopted into eddy handles, coupled to a fluid with
 * the split step, and handed back untouched. On either backend, whichever
 * the build links. */
#include "test_util.h"

#include "body_port.h" /* the engine table, to count what a step asks of Box2D */
#include "eddy_body.h"
#include "eddy_coupling.h"
#include "native_world.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
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
    /* the game's crate, eddy's box, and the clock eddy keeps in an adopted world */
    assert_int_equal(native_world_body_count(nw), 3);
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
    assert_int_equal(native_world_body_count(nw), 3);
    close_to(native_body_mass(nw, crate), 500, 500 * FLOAT_TOL);
    /* destroying eddy's world takes out only what eddy made (its box, its clock) */
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

/* ------------------------------------------------------------ lifetimes */

static int handle_index(const eddy_world *w, const eddy_body *b)
{
    for (int i = 0; i < eddy_world_body_count(w); ++i)
        if (eddy_world_body(w, i) == b) return i;
    return -1;
}

static void frame(eddy_coupling *c, native_world *nw, tank *t)
{
    eddy_error err = {0};
    stir(t);
    if (eddy_coupling_advance(c, DT, &err) != EDDY_OK) fail_msg("advance: %s", err.message);
    native_world_step(nw, DT);
}

/* The sequence: the game destroys a coupled body with Box2D's own
 * call and spawns a new one, which Box2D puts in the dead body's slot. eddy
 * reads nothing of the dead body, says which it was (its handle and the
 * game's user data), lets go of it, and the newcomer, uncoupled, falls as
 * anything in the game's world does: freely (it once rose, pushed by the
 * dead body's water). */
static void a_body_the_game_destroys_is_let_go(void **state)
{
    (void)state;
    tank t = make_tank();
    native_world *nw = native_world_create(0, -G);
    int crate = native_add_box(nw, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500, &tag_a);
    int stone = native_add_circle(nw, EDDY_BODY_DYNAMIC, 7, 5, 0.4, 600, &tag_b);
    eddy_world *w = adopt_world(nw);
    eddy_body *bc = adopt(nw, w, crate), *bs = adopt(nw, w, stone);
    eddy_coupling *c = couple(&t, w, 0, 0);
    couple_body(c, bc);
    couple_body(c, bs);
    for (int k = 0; k < 30; ++k) frame(c, nw, &t);
    const int crate_handle = handle_index(w, bc);
    assert_true(crate_handle >= 0);

    native_destroy_body(nw, crate);
    assert_false(eddy_body_is_valid(bc));
    assert_true(eddy_body_is_valid(bs));
    eddy_pose p;
    eddy_body_get_pose(bc, &p); /* nothing read: an identity pose */
    assert_true(p.x == 0 && p.y == 0 && p.c == 1 && p.s == 0);
    double v[2];
    eddy_body_linear_velocity(bc, v);
    assert_true(v[0] == 0 && v[1] == 0);
    eddy_error err = {0};
    assert_int_equal(eddy_body_apply_force_to_center(bc, 0, 1, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "destroyed outside eddy"));

    /* 300 kg/m^2, lighter than water: were it given the crate's water forces
     * it would rise */
    int fresh = native_add_box(nw, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 300, &tag_c);
    assert_true(native_same_slot(nw, crate, fresh)); /* the hazard is real */
    /* destroying a body is gameplay: the advance goes on for the rest of the
     * water and reports the body in the game's terms */
    const double *r0 = eddy_fluid_coefficients(t.fluid);
    double before = r0[0];
    assert_int_equal(eddy_coupling_advance(c, DT, &err), EDDY_OK);
    assert_true(eddy_fluid_coefficients(t.fluid)[0] != before); /* the water stepped */
    const eddy_lost_body *lost = NULL;
    assert_int_equal(eddy_coupling_lost_bodies(c, &lost), 1);
    assert_ptr_equal(lost[0].body, bc);
    assert_ptr_equal(lost[0].user_data, &tag_a);
    assert_true(lost[0].engine_id == eddy_body_engine_id(bc));
    assert_int_equal(handle_index(w, lost[0].body), crate_handle);
    assert_int_equal(eddy_coupling_body_count(c), 1);
    double y0[2];
    native_body_position(nw, fresh, y0);
    native_world_step(nw, DT);
    const int steps = 30;
    for (int k = 1; k < steps; ++k) frame(c, nw, &t);
    assert_int_equal(eddy_coupling_lost_bodies(c, &lost), 0);
    double vf[2], pf[2];
    native_body_velocity(nw, fresh, vf);
    native_body_position(nw, fresh, pf);
    print_message("the new body in the old slot after %d steps: vy %.4f m/s (free fall %.4f)\n",
                  steps, vf[1], -G * steps * DT);
    close_to(vf[1], -G * steps * DT, 1e-4 * G * steps * DT);
    close_to(vf[0], 0, 1e-6);
    double load[3];
    assert_int_equal(eddy_coupling_body_load(c, bs, load), EDDY_OK);
    assert_true(load[1] > 0); /* the stone is still in the water */

    /* the stale handle goes without touching the newcomer, which eddy can adopt */
    const int bodies = native_world_body_count(nw);
    eddy_body_destroy(bc);
    assert_int_equal(native_world_body_count(nw), bodies);
    close_to(native_body_mass(nw, fresh), 300 * 0.6, 1e-5 * 300 * 0.6);
    assert_ptr_equal(native_body_user_data(nw, fresh), &tag_c);
    eddy_body *bf = adopt(nw, w, fresh);
    couple_body(c, bf);
    frame(c, nw, &t);
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    assert_int_equal(native_world_body_count(nw), 2); /* the stone and the newcomer */
    native_world_destroy(nw);
    free_tank(&t);
}

/* eddy's own world: a body destroyed behind its back through Box2D (the
 * handle's eddy_body_box2d) is let go of the same way. */
static void a_body_of_eddys_world_destroyed_in_box2d(void **state)
{
    (void)state;
    tank t = make_tank();
    eddy_world_desc wd = {0};
    wd.gravity[1] = -G;
    eddy_world *w = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_world_create(&wd, &w, &err), EDDY_OK);
    eddy_coupling *c = couple(&t, w, 0, 0);
    eddy_body *crate = eddy_box(w, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500);
    eddy_body *stone = eddy_disc(w, 7, 5, 0.4, 600);
    couple_body(c, crate);
    couple_body(c, stone);
    for (int k = 0; k < 10; ++k) assert_int_equal(eddy_coupling_step(c, DT, &err), EDDY_OK);
    native_destroy_box2d_body_of(crate);
    assert_false(eddy_body_is_valid(crate));
    assert_int_equal(eddy_coupling_step(c, DT, &err), EDDY_OK);
    const eddy_lost_body *lost = NULL;
    assert_int_equal(eddy_coupling_lost_bodies(c, &lost), 1);
    assert_ptr_equal(lost[0].body, crate);
    assert_int_equal(eddy_coupling_body_count(c), 1);
    for (int k = 0; k < 10; ++k) assert_int_equal(eddy_coupling_step(c, DT, &err), EDDY_OK);
    eddy_body_destroy(crate); /* the handle only */
    assert_int_equal(eddy_world_body_count(w), 2); /* the walls and the stone */
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    free_tank(&t);
}

/* Shutdown in every order of: the coupling, eddy's world handle, the game's
 * world, the game destroying a coupled body with Box2D, eddy_body_destroy on
 * its handle; a frame between each, with what it must say. Run under
 * AddressSanitizer by `make sanitize`: nothing freed is read, nothing leaks. */
enum { END_COUPLING, END_EDDY_WORLD, END_GAME_WORLD, END_GAME_BODY, END_HANDLE, END_COUNT };

static bool next_permutation(int *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1]) --i;
    if (i < 0) return false;
    int j = n - 1;
    while (a[j] <= a[i]) --j;
    int x = a[i]; a[i] = a[j]; a[j] = x;
    for (int l = i + 1, r = n - 1; l < r; ++l, --r) x = a[l], a[l] = a[r], a[r] = x;
    return true;
}

typedef struct ending {
    native_world *nw;
    eddy_world *w;
    eddy_coupling *c;
    eddy_body *crate, *stone;
    int crate_index;
    bool game_world, eddy_world, coupling, game_body, handle, lost_unreported;
} ending;

static void end_one(ending *e, int what)
{
    switch (what) {
    case END_COUPLING: eddy_coupling_destroy(e->c), e->coupling = false; break;
    case END_EDDY_WORLD: eddy_world_destroy(e->w), e->eddy_world = false, e->handle = false; break;
    case END_GAME_WORLD:
        native_world_destroy(e->nw), e->game_world = false, e->game_body = false;
        e->lost_unreported = false;
        break;
    case END_GAME_BODY:
        native_destroy_body(e->nw, e->crate_index), e->game_body = false;
        e->lost_unreported = e->handle && e->coupling && e->eddy_world;
        break;
    case END_HANDLE: eddy_body_destroy(e->crate), e->handle = false, e->lost_unreported = false; break;
    }
}

/* What an advance must answer in this state; then the game's step. */
static void frame_after(ending *e)
{
    eddy_error err = {0};
    if (e->coupling) {
        eddy_result r = eddy_coupling_advance(e->c, DT, &err);
        if (!e->eddy_world) {
            assert_int_equal(r, EDDY_ERR_ARGUMENT);
            assert_non_null(strstr(err.message, "eddy_world_destroy"));
        } else if (!e->game_world) {
            assert_int_equal(r, EDDY_ERR_ARGUMENT);
            assert_non_null(strstr(err.message, "Box2D world was destroyed"));
        } else if (e->lost_unreported) {
            if (r != EDDY_OK) fail_msg("advance: %s", err.message);
            const eddy_lost_body *lost = NULL;
            assert_true(eddy_coupling_lost_bodies(e->c, &lost) >= 1);
            e->lost_unreported = false;
        } else {
            if (r != EDDY_OK) fail_msg("advance: %s", err.message);
        }
    }
    if (e->eddy_world) {
        double g[2];
        eddy_world_get_gravity(e->w, g);
        assert_true(e->game_world ? g[1] < 0 : g[1] == 0);
        assert_true(eddy_body_is_valid(e->stone) == e->game_world);
        eddy_pose p;
        eddy_body_get_pose(e->stone, &p);
        assert_true(e->game_world ? p.y > 1 : p.y == 0);
        if (e->handle) assert_true(eddy_body_is_valid(e->crate) == e->game_body);
    }
    if (e->game_world) native_world_step(e->nw, DT);
}

static void shutdown_in_any_order(void **state)
{
    (void)state;
    tank t = make_tank();
    int order[END_COUNT] = {0, 1, 2, 3, 4}, orders = 0;
    do {
        bool possible = true; /* the game's body dies with its world; a handle with eddy's */
        for (int i = 0; i < END_COUNT; ++i)
            for (int j = 0; j < i; ++j)
                if ((order[i] == END_GAME_BODY && order[j] == END_GAME_WORLD) ||
                    (order[i] == END_HANDLE && order[j] == END_EDDY_WORLD))
                    possible = false;
        if (!possible) continue;
        ending e = {0};
        e.nw = native_world_create(0, -G);
        e.crate_index = native_add_box(e.nw, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500, &tag_a);
        int stone = native_add_circle(e.nw, EDDY_BODY_DYNAMIC, 7, 5, 0.4, 600, &tag_b);
        e.w = adopt_world(e.nw);
        e.crate = adopt(e.nw, e.w, e.crate_index);
        e.stone = adopt(e.nw, e.w, stone);
        e.c = couple(&t, e.w, 0, 0);
        couple_body(e.c, e.crate);
        couple_body(e.c, e.stone);
        e.game_world = e.eddy_world = e.coupling = e.game_body = e.handle = true;
        frame_after(&e);
        for (int i = 0; i < END_COUNT; ++i) {
            end_one(&e, order[i]);
            frame_after(&e);
            frame_after(&e);
        }
        ++orders;
    } while (next_permutation(order, END_COUNT));
    print_message("%d orders of shutdown, each safe\n", orders);
    assert_int_equal(orders, 30); /* 120, less those that end a body after its world */
    free_tank(&t);
}

/* A world the game destroys and makes again (v3 hands out the same slot with
 * a new generation; 2.4 may hand out the same address): eddy's old handle
 * answers for the old world only, and leaves the new one alone. */
static void a_new_world_in_the_old_slot(void **state)
{
    (void)state;
    native_world *old = native_world_create(0, -G);
    int crate = native_add_box(old, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500, &tag_a);
    eddy_world *w = adopt_world(old);
    eddy_body *b = adopt(old, w, crate);
    native_world_destroy(old);
    native_world *now = native_world_create(0, -G);
    int other = native_add_box(now, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500, &tag_b);
    assert_false(eddy_world_is_valid(w));
    assert_false(eddy_body_is_valid(b));
    eddy_error err = {0};
    eddy_body *x = NULL;
    assert_int_equal(native_adopt_body(now, w, other, &x, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "destroyed"));
    eddy_world_destroy(w);
    assert_int_equal(native_world_body_count(now), 1);
    assert_ptr_equal(native_body_user_data(now, other), &tag_b);
    eddy_world *w2 = adopt_world(now); /* the new world takes a handle of its own */
    eddy_world_destroy(w2);
    native_world_destroy(now);
}

/* ------------------------------------------------------------ misuse */

/* Twin games: one plays by the rules, the other makes a mistake that eddy
 * refuses, then carries on by the rules; a refused advance does nothing at
 * all, so the two stay bit for bit alike. */
typedef struct game {
    tank t;
    native_world *nw;
    eddy_world *w;
    eddy_coupling *c;
    eddy_body *crate;
    int crate_index;
} game;

static game make_game_of(eddy_body_type type, double gravity_scale, double density)
{
    game g;
    g.t = make_tank();
    g.nw = native_world_create(0, -G);
    g.crate_index = native_add_box(g.nw, type, 4, 5, 0.5, 0.3, density, &tag_a);
    g.w = adopt_world(g.nw);
    g.crate = adopt(g.nw, g.w, g.crate_index);
    /* set in Box2D after adoption: what the coupling takes is Box2D's */
    if (gravity_scale != 1.0) native_body_set_gravity_scale(g.nw, g.crate_index, gravity_scale);
    g.c = couple(&g.t, g.w, 0, 0);
    couple_body(g.c, g.crate);
    return g;
}

static game make_game(double gravity_scale, double density)
{
    return make_game_of(EDDY_BODY_DYNAMIC, gravity_scale, density);
}

static void free_game(game *g)
{
    eddy_coupling_destroy(g->c);
    eddy_world_destroy(g->w);
    native_world_destroy(g->nw);
    free_tank(&g->t);
}

static void same_state(const game *a, const game *b, double tol)
{
    eddy_pose pa, pb;
    eddy_body_get_pose(a->crate, &pa);
    eddy_body_get_pose(b->crate, &pb);
    double va[2], vb[2];
    eddy_body_linear_velocity(a->crate, va);
    eddy_body_linear_velocity(b->crate, vb);
    close_to(pb.x, pa.x, tol);
    close_to(pb.y, pa.y, tol);
    close_to(pb.angle, pa.angle, tol);
    close_to(vb[0], va[0], tol);
    close_to(vb[1], va[1], tol);
    const double *ra = eddy_fluid_coefficients(a->t.fluid), *rb = eddy_fluid_coefficients(b->t.fluid);
    for (int k = 0; k < eddy_fluid_mode_count(a->t.fluid); ++k) close_to(rb[k], ra[k], tol);
}

static void expect_refusal(game *g, const char *says)
{
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_advance(g->c, DT, &err), EDDY_ERR_ARGUMENT);
    print_message("refused: %s\n", err.message);
    assert_non_null(strstr(err.message, says));
}

/* A forgotten world step (the forces of two advances would act in one step:
 * the vy 0.945 -> 2.342 m/s), two steps, and a step by another dt:
 * each refused by the next advance, before anything moves. */
static void a_missed_or_doubled_world_step_is_refused(void **state)
{
    (void)state;
    game a = make_game(1.0, 500), b = make_game(1.0, 500);
    for (int k = 0; k < 20; ++k) frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);

    /* b forgets its step: the second advance is refused and does nothing */
    eddy_error err = {0};
    stir(&b.t);
    assert_int_equal(eddy_coupling_advance(b.c, DT, &err), EDDY_OK);
    expect_refusal(&b, "not stepped");
    native_world_step(b.nw, DT);
    stir(&a.t);
    assert_int_equal(eddy_coupling_advance(a.c, DT, &err), EDDY_OK);
    native_world_step(a.nw, DT);
    for (int k = 0; k < 20; ++k) frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
    same_state(&a, &b, 0.0);

    /* two steps: refused; then back to one a frame */
    native_world_step(b.nw, DT);
    expect_refusal(&b, "2 times its dt");
    frame(b.c, b.nw, &b.t);
    frame(b.c, b.nw, &b.t);
    /* a step by another dt: 2% off is refused, 0.5% is within the clock's 1% */
    assert_int_equal(eddy_coupling_advance(b.c, DT, &err), EDDY_OK);
    native_world_step(b.nw, 1.02 * DT);
    expect_refusal(&b, "whose dt was");
    assert_int_equal(eddy_coupling_advance(b.c, DT, &err), EDDY_OK); /* nothing waited */
    native_world_step(b.nw, 0.98 * DT);
    expect_refusal(&b, "whose dt was");
    assert_int_equal(eddy_coupling_advance(b.c, DT, &err), EDDY_OK);
    native_world_step(b.nw, 1.005 * DT);
    assert_int_equal(eddy_coupling_advance(b.c, DT, &err), EDDY_OK);
    native_world_step(b.nw, 0.995 * DT);
    assert_int_equal(eddy_coupling_advance(b.c, DT, &err), EDDY_OK);
    /* and at other rates: a step of dt is read as one at 240 Hz and 20 Hz */
    const double rates[2] = {1.0 / 240, 1.0 / 20};
    for (int i = 0; i < 2; ++i) {
        native_world_step(b.nw, DT);
        assert_int_equal(eddy_coupling_advance(b.c, rates[i], &err), EDDY_OK);
        native_world_step(b.nw, rates[i]);
        assert_int_equal(eddy_coupling_advance(b.c, DT, &err), EDDY_OK);
    }
    native_world_step(b.nw, DT);
    free_game(&a);
    free_game(&b);
}

/* Two handles on one world would couple its bodies twice (the issue: the
 * added mass counted twice, 1228.64 kg for 714.32). */
static void adopting_a_world_twice_is_refused(void **state)
{
    (void)state;
    game g = make_game(1.0, 500);
    eddy_world *second = NULL;
    eddy_error err = {0};
    assert_int_equal(native_adopt_world(g.nw, &second, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "adopted twice"));
    assert_null(second);
    double added;
    eddy_body_added_mass(g.crate, &added, NULL);
    close_to(native_body_mass(g.nw, g.crate_index), 500 * 0.6 + added, 1e-5 * (300 + added));
    frame(g.c, g.nw, &g.t);
    /* once the first handle is gone, the world can be adopted again */
    eddy_coupling_destroy(g.c);
    eddy_world_destroy(g.w);
    assert_int_equal(native_adopt_world(g.nw, &g.w, &err), EDDY_OK);
    g.crate = adopt(g.nw, g.w, g.crate_index);
    g.c = couple(&g.t, g.w, 0, 0);
    couple_body(g.c, g.crate);
    frame(g.c, g.nw, &g.t);
    free_game(&g);
}

/* What the game sets on a coupled body in Box2D is the body's own from the
 * next advance on (eddy_coupling.h: pushed every step): a gravity scale or a
 * mass set before an advance gives the motion of a body that had them from
 * the start, and they are what the body gets back. Once, a gravity scale of 1
 * set by the game doubled the weight and sank a floating crate. */
static void let_go(game *g)
{
    eddy_error err = {0};
    assert_int_equal(eddy_coupling_remove_body(g->c, g->crate, &err), EDDY_OK);
}

static void the_games_settings_on_a_coupled_body_are_its_own(void **state)
{
    (void)state;
    /* the game writes its body's gravity scale of 1 every frame */
    game a = make_game(1.0, 500), b = make_game(1.0, 500);
    for (int k = 0; k < 60; ++k) {
        native_body_set_gravity_scale(b.nw, b.crate_index, 1.0);
        frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
        assert_true(native_body_gravity_scale(b.nw, b.crate_index) == 0.0); /* eddy weighs it */
    }
    same_state(&a, &b, 0.0);
    eddy_pose p;
    eddy_body_get_pose(b.crate, &p);
    print_message("a crate of 500 kg/m^3 whose gravity scale the game keeps at 1: y 5 -> %.3f m\n",
                  p.y);
    assert_true(p.y > 5.3); /* lighter than water, it rose */
    free_game(&a);
    free_game(&b);

    /* a gravity scale of 0.5 set while coupled = 0.5 from the start */
    a = make_game(0.5, 2000), b = make_game(1.0, 2000);
    native_body_set_gravity_scale(b.nw, b.crate_index, 0.5);
    for (int k = 0; k < 60; ++k) frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
    same_state(&a, &b, 0.0);
    let_go(&b);
    close_to(native_body_gravity_scale(b.nw, b.crate_index), 0.5, 0);
    free_game(&a);
    free_game(&b);

    /* a mass set while coupled = that mass from the start: 600 kg and the
     * inertia to match on a crate of 500 kg/m^2 (1 x 0.6 m) move it as a crate
     * of 1000 kg/m^2 */
    a = make_game(1.0, 1000), b = make_game(1.0, 500);
    native_body_set_mass(b.nw, b.crate_index, 600, 600 * (1.0 + 0.36) / 12);
    for (int k = 0; k < 60; ++k) frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
    close_to(eddy_body_mass(b.crate), 600, 600 * FLOAT_TOL);
    same_state(&a, &b, 1e-5);
    double added;
    eddy_body_added_mass(b.crate, &added, NULL);
    close_to(native_body_mass(b.nw, b.crate_index), 600 + added, 1e-5 * 600);
    let_go(&b);
    close_to(native_body_mass(b.nw, b.crate_index), 600, 600 * FLOAT_TOL);

    /* sleep allowed again by the game: disallowed again at the next advance,
     * and the game's setting comes back on release */
    native_body_set_sleep_enabled(a.nw, a.crate_index, true);
    frame(a.c, a.nw, &a.t);
    assert_false(native_body_sleep_enabled(a.nw, a.crate_index));
    let_go(&a);
    assert_true(native_body_sleep_enabled(a.nw, a.crate_index));
    free_game(&a);
    free_game(&b);
}

/* ------------------------------------------------------------ the game's idioms (issue 29) */

static double crate_y(const game *g)
{
    double p[2];
    native_body_position(g->nw, g->crate_index, p);
    return p[1];
}

/* The ballast idiom: read the mass data, lower the centre of mass, write it
 * back. Box2D's mass then holds eddy's added mass too (680 kg for a 300 kg
 * crate), which the coupling once took as the crate's own: it sank to the
 * floor and kept 680 kg after it was let go. The crate must rise as its twin
 * does, and come back with its own mass. */
static void the_mass_read_back_and_written_is_the_games(void **state)
{
    (void)state;
    game a = make_game(1.0, 500), b = make_game(1.0, 500);
    for (int k = 0; k < 5; ++k) frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
    native_body_lower_ballast(b.nw, b.crate_index, 0.1);
    for (int k = 0; k < 55; ++k) frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
    print_message("ballast written back: crate y %.3f (its twin %.3f), own mass %.2f kg\n",
                  crate_y(&b), crate_y(&a), eddy_body_mass(b.crate));
    close_to(eddy_body_mass(b.crate), 300, 300 * 1e-5);
    assert_true(crate_y(&b) > 5.3); /* lighter than water, it rose */
    close_to(crate_y(&b), crate_y(&a), 0.05);
    let_go(&b);
    close_to(native_body_mass(b.nw, b.crate_index), 300, 300 * 1e-5);
    free_game(&a);
    free_game(&b);
}

/* A body's type is the game's to change while it is coupled, both ways: a
 * crate adopted while kinematic and made dynamic floats like its twin (it
 * once sank without buoyancy); a dynamic crate made kinematic (picked up)
 * keeps the velocity the game gives it (on v3 the water once sped it from 2
 * to 5.4 m/s), and made dynamic again it has its own mass back plus eddy's. */
static void a_type_the_game_changes_is_followed(void **state)
{
    (void)state;
    /* b: adopted and coupled while kinematic, then made dynamic */
    game a = make_game(1.0, 500), b = make_game_of(EDDY_BODY_KINEMATIC, 1.0, 500);
    frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
    native_body_set_type(b.nw, b.crate_index, EDDY_BODY_DYNAMIC);
    for (int k = 0; k < 59; ++k) frame(a.c, a.nw, &a.t), frame(b.c, b.nw, &b.t);
    print_message("made dynamic while coupled: crate y %.3f (its twin %.3f)\n", crate_y(&b),
                  crate_y(&a));
    assert_true(crate_y(&b) > 5.3);
    double added;
    eddy_body_added_mass(b.crate, &added, NULL);
    assert_true(added > 0.0);
    close_to(native_body_mass(b.nw, b.crate_index), 300 + added, 1e-5 * (300 + added));

    /* picked up: kinematic at 2 m/s up for half a second in a stirred tank */
    native_body_set_type(b.nw, b.crate_index, EDDY_BODY_KINEMATIC);
    native_body_set_velocity(b.nw, b.crate_index, 0.0, 2.0);
    for (int k = 0; k < 30; ++k) {
        frame(b.c, b.nw, &b.t);
        double v[2];
        native_body_velocity(b.nw, b.crate_index, v);
        close_to(v[0], 0.0, 1e-6);
        close_to(v[1], 2.0, 1e-6);
    }
    /* put down: dynamic again, its own mass under eddy's */
    native_body_set_type(b.nw, b.crate_index, EDDY_BODY_DYNAMIC);
    frame(b.c, b.nw, &b.t);
    close_to(eddy_body_mass(b.crate), 300, 300 * 1e-5);
    let_go(&b);
    close_to(native_body_mass(b.nw, b.crate_index), 300, 300 * 1e-5);
    close_to(native_body_gravity_scale(b.nw, b.crate_index), 1.0, 0.0);
    free_game(&a);
    free_game(&b);
}

/* Rebuilding a coupled body's fixtures (destroy them all, add a circle) is
 * an ordinary way to change its shape. On 2.4 it once took eddy's watch
 * fixture with it and eddy declared the body destroyed, leaving it with
 * gravity scale 0 and sleep off, hanging in mid-air; on v3 the old outline
 * stayed. The body is coupled again with the new outline: it floats like a
 * disc of its density, and it comes back whole when let go. */
static void fixtures_the_game_rebuilds_are_followed(void **state)
{
    (void)state;
    game g = make_game(1.0, 500);
    for (int k = 0; k < 5; ++k) frame(g.c, g.nw, &g.t);
    native_body_rebuild_as_circle(g.nw, g.crate_index, 0.4, 500);
    for (int k = 0; k < 55; ++k) frame(g.c, g.nw, &g.t);
    assert_int_equal(eddy_coupling_body_count(g.c), 1);
    assert_true(eddy_body_is_valid(g.crate));
    assert_int_equal(eddy_body_shape_count(g.crate), 1);
    eddy_shape_info info;
    eddy_error err = {0};
    assert_int_equal(eddy_body_get_shape(g.crate, 0, &info, &err), EDDY_OK);
    assert_int_equal(info.type, EDDY_SHAPE_CIRCLE);
    const double own = 500 * M_PI * 0.16;
    close_to(eddy_body_mass(g.crate), own, own * 1e-5);
    double added[9];
    assert_int_equal(eddy_coupling_body_added_mass(g.c, g.crate, added), EDDY_OK);
    close_to(added[0], 1000 * M_PI * 0.16, 0.05 * 1000 * M_PI * 0.16); /* a disc's: rho A */
    print_message("rebuilt as a disc: y %.3f, own mass %.2f kg\n", crate_y(&g),
                  eddy_body_mass(g.crate));
    assert_true(crate_y(&g) > 5.3); /* lighter than water, it rose */
    assert_true(native_body_gravity_scale(g.nw, g.crate_index) == 0.0); /* eddy weighs it */
    let_go(&g);
    close_to(native_body_mass(g.nw, g.crate_index), own, own * 1e-5);
    close_to(native_body_gravity_scale(g.nw, g.crate_index), 1.0, 0.0);
    assert_true(native_body_sleep_enabled(g.nw, g.crate_index));
    free_game(&g);
}

/* ------------------------------------------------------------ calls per body */

/* The adopted world's engine table (body_port.h) wrapped by one that counts
 * every entry a coupled step uses, then calls the backend's own. The Box2D
 * backend's read and apply_wrench are made of its single-value getters and
 * pushes (body_native_state.c): they go through the world's table too, so
 * they are counted apart, as the Box2D calls inside the two. */
static const eddyi_body_engine *inner;
static struct {
    long read, wrench, writes, inside, world;
    bool in_wrench;
} calls;

static bool c_read(eddy_body *b, eddy_port_state *o) { ++calls.read; return inner->read(b, o); }
static void c_wrench(eddy_body *b, double fx, double fy, double t)
{
    ++calls.wrench;
    calls.in_wrench = true;
    inner->apply_wrench(b, fx, fy, t);
    calls.in_wrench = false;
}
static void c_set_mass(eddy_body *b, double m, double i, const double lc[2])
{
    ++calls.writes;
    inner->set_mass(b, m, i, lc);
}
static void c_set_gravity_scale(eddy_body *b, double s) { ++calls.writes; inner->set_gravity_scale(b, s); }
static void c_set_awake(eddy_body *b, bool a) { ++calls.writes; inner->set_awake(b, a); }
static void c_enable_sleep(eddy_body *b, bool e) { ++calls.writes; inner->enable_sleep(b, e); }
static void c_apply(eddy_body *b, eddy_port_push k, double x, double y, double px, double py)
{
    if (calls.in_wrench) ++calls.inside; else ++calls.writes;
    inner->apply(b, k, x, y, px, py);
}
static void c_pose(const eddy_body *b, double p[2], double *c, double *s)
{
    ++calls.inside;
    inner->pose(b, p, c, s);
}
static void c_velocity(const eddy_body *b, double v[2], double *w)
{
    ++calls.inside;
    inner->velocity(b, v, w);
}
static void c_mass(const eddy_body *b, eddy_port_mass *o) { ++calls.inside; inner->mass(b, o); }
static eddy_body_type c_body_type(const eddy_body *b) { ++calls.inside; return inner->body_type(b); }
static double c_gravity_scale(const eddy_body *b) { ++calls.inside; return inner->gravity_scale(b); }
static bool c_is_awake(const eddy_body *b) { ++calls.inside; return inner->is_awake(b); }
static bool c_is_sleep_enabled(const eddy_body *b)
{
    ++calls.inside;
    return inner->is_sleep_enabled(b);
}
static bool c_shapes_changed(eddy_body *b) { ++calls.inside; return inner->shapes_changed(b); }
static bool c_body_alive(const eddy_body *b) { ++calls.inside; return inner->body_alive(b); }
static bool c_world_alive(const eddy_world *w) { ++calls.world; return inner->world_alive(w); }
static double c_clock_read(const eddy_world *w) { ++calls.world; return inner->clock_read(w); }
static void c_clock_start(eddy_world *w) { ++calls.world; inner->clock_start(w); }
static void c_world_gravity(const eddy_world *w, double o[2])
{
    ++calls.world;
    inner->world_gravity(w, o);
}

static void counting_engine(eddy_world *w, eddyi_body_engine *e)
{
    inner = w->engine;
    *e = *inner;
    e->read = c_read, e->apply_wrench = c_wrench;
    e->set_mass = c_set_mass, e->set_gravity_scale = c_set_gravity_scale;
    e->set_awake = c_set_awake, e->enable_sleep = c_enable_sleep, e->apply = c_apply;
    e->pose = c_pose, e->velocity = c_velocity, e->mass = c_mass, e->body_type = c_body_type;
    e->gravity_scale = c_gravity_scale, e->is_awake = c_is_awake;
    e->is_sleep_enabled = c_is_sleep_enabled, e->shapes_changed = c_shapes_changed;
    e->body_alive = c_body_alive;
    e->world_alive = c_world_alive, e->clock_read = c_clock_read;
    e->clock_start = c_clock_start, e->world_gravity = c_world_gravity;
    w->engine = e;
    memset(&calls, 0, sizeof calls);
}

/* What issue 29 measures: the table calls a coupled step makes per body. A
 * Box2D world answers through the same table as a Chipmunk one
 * (test_chipmunk.c): one read per body and one write per dynamic body in
 * the water, nothing else about a body once it is coupled. */
static void each_box2d_body_is_read_once_and_pushed_once_a_step(void **state)
{
    (void)state;
    enum { BODIES = 3, DYNAMIC = 2, STEPS = 20 };
    tank t = make_tank();
    native_world *nw = native_world_create(0, -G);
    int index[BODIES] = {native_add_box(nw, EDDY_BODY_DYNAMIC, 3, 5, 0.5, 0.3, 500, NULL),
                         native_add_box(nw, EDDY_BODY_DYNAMIC, 6, 4, 0.4, 0.4, 600, NULL),
                         native_add_box(nw, EDDY_BODY_KINEMATIC, 5, 7, 0.5, 0.2, 1, NULL)};
    eddy_world *w = adopt_world(nw);
    eddy_coupling_desc cd = {0};
    eddy_coupling *c = NULL;
    eddy_error err = {0};
    if (eddy_coupling_create(t.fluid, w, &cd, &c, &err) != EDDY_OK) fail_msg("%s", err.message);
    for (int i = 0; i < BODIES; ++i) couple_body(c, adopt(nw, w, index[i]));
    stir(&t);
    if (eddy_coupling_advance(c, DT, &err) != EDDY_OK) fail_msg("%s", err.message);
    native_world_step(nw, DT); /* the first step settles what adding set */

    eddyi_body_engine counting;
    const eddyi_body_engine *own = w->engine;
    counting_engine(w, &counting);
    for (int s = 0; s < STEPS; ++s) {
        stir(&t);
        if (eddy_coupling_advance(c, DT, &err) != EDDY_OK) fail_msg("%s", err.message);
        native_world_step(nw, DT);
    }
    print_message("%d steps, %d Box2D bodies (%d dynamic): read %ld, apply_wrench %ld, other "
                  "body calls %ld (Box2D calls inside read and apply_wrench: %ld); world calls "
                  "%ld\n",
                  STEPS, BODIES, DYNAMIC, calls.read, calls.wrench, calls.writes, calls.inside,
                  calls.world);
    assert_int_equal(calls.read, (long)BODIES * STEPS);
    assert_int_equal(calls.wrench, (long)DYNAMIC * STEPS);
    assert_int_equal(calls.writes, 0);
    assert_true(calls.world <= 8L * STEPS); /* per world, whatever the bodies */

    w->engine = own;
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
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
        cmocka_unit_test(a_body_the_game_destroys_is_let_go),
        cmocka_unit_test(a_body_of_eddys_world_destroyed_in_box2d),
        cmocka_unit_test(shutdown_in_any_order),
        cmocka_unit_test(a_new_world_in_the_old_slot),
        cmocka_unit_test(a_missed_or_doubled_world_step_is_refused),
        cmocka_unit_test(adopting_a_world_twice_is_refused),
        cmocka_unit_test(the_games_settings_on_a_coupled_body_are_its_own),
        cmocka_unit_test(the_mass_read_back_and_written_is_the_games),
        cmocka_unit_test(a_type_the_game_changes_is_followed),
        cmocka_unit_test(fixtures_the_game_rebuilds_are_followed),
        cmocka_unit_test(each_box2d_body_is_read_once_and_pushed_once_a_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
