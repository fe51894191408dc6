// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_scene_bodies.c - the rigid-body keys of scenes: every shape parses and
 * writes back identically, each malformed body field is named in its message,
 * and a scene builds a coupled world whose bodies are where it says. */
#include "test_util.h"

#include "eddy_scene.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *GOOD =
    "{\"feedback\":\"quadtree\",\"buoyancy\":true,\"gravity\":[0,-9.81],"
    "\"bodies\":["
    "{\"shape\":\"box\",\"hw\":0.5,\"hh\":0.25,\"x\":2,\"y\":3,\"angle\":0.3,\"density\":800},"
    "{\"shape\":\"circle\",\"radius\":0.4,\"x\":5,\"y\":5,\"vx\":1,\"vy\":-0.5,\"omega\":2,"
    "\"drag\":0.5},"
    "{\"shape\":\"polygon\",\"points\":[[-0.5,-0.3],[0.5,-0.3],[0.1,0.4]],\"x\":7,\"y\":2,"
    "\"type\":\"kinematic\",\"vx\":-0.25}]}";

static eddy_scene *load(const char *text, eddy_error *err)
{
    eddy_scene *s = NULL;
    eddy_scene_load_memory(text, strlen(text), &s, err);
    return s;
}

static void bodies_parse_and_round_trip(void **state)
{
    (void)state;
    eddy_error err = {0};
    eddy_scene *s = load(GOOD, &err);
    if (!s) fail_msg("%s", err.message);
    eddy_scene_view v;
    eddy_scene_get(s, &v);
    assert_int_equal(v.body_count, 3);
    assert_int_equal(v.feedback, EDDY_FEEDBACK_QUADTREE);
    assert_true(v.buoyancy);
    assert_int_equal(v.bodies[0].shape, EDDY_SCENE_BOX);
    assert_true(v.bodies[0].hw == 0.5 && v.bodies[0].hh == 0.25 && v.bodies[0].density == 800);
    assert_int_equal(v.bodies[0].type, EDDY_BODY_DYNAMIC);   /* default */
    assert_true(v.bodies[1].density == 1000);                /* default */
    assert_true(v.bodies[1].omega == 2 && v.bodies[1].vy == -0.5);
    assert_true(v.bodies[1].drag == 0.5 && v.bodies[0].drag < 0); /* given; the shape's default */
    assert_int_equal(v.bodies[2].type, EDDY_BODY_KINEMATIC);
    assert_int_equal(v.bodies[2].point_count, 3);
    assert_true(v.bodies[2].points[2][1] == 0.4);
    char *text;
    assert_int_equal(eddy_scene_to_json(s, &text, &err), EDDY_OK);
    eddy_scene *t = load(text, &err);
    assert_non_null(t);
    eddy_scene_view w;
    eddy_scene_get(t, &w);
    assert_int_equal(w.body_count, 3);
    assert_memory_equal(v.bodies, w.bodies, 3 * sizeof *v.bodies);
    assert_int_equal(w.feedback, v.feedback);
    free(text);
    eddy_scene_destroy(s);
    eddy_scene_destroy(t);
}

static void malformed_bodies_are_named(void **state)
{
    (void)state;
    const struct {
        const char *text, *word;
    } bad[] = {
        {"{\"bodies\":[{\"shape\":\"blob\",\"x\":1,\"y\":1}]}", "bodies[0].shape"},
        {"{\"bodies\":[{\"x\":1,\"y\":1,\"radius\":1}]}", "missing field 'shape'"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"x\":1,\"y\":1}]}", "'radius'"},
        {"{\"bodies\":[{\"shape\":\"box\",\"hw\":1,\"hh\":1,\"x\":1}]}", "'y'"},
        {"{\"bodies\":[{\"shape\":\"box\",\"hw\":1,\"hh\":1,\"x\":1,\"y\":1,\"radius\":2}]}",
         "bodies[0].radius: not a field of a box"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":-1,\"x\":1,\"y\":1}]}", "bodies[0].radius"},
        {"{\"bodies\":[{\"shape\":\"polygon\",\"points\":[[0,0],[1,0]],\"x\":1,\"y\":1}]}",
         "bodies[0].points"},
        {"{\"bodies\":[{\"shape\":\"polygon\",\"points\":[[0,0],[1,0],[0,\"a\"]],\"x\":1,\"y\":1}]}",
         "points[2]"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":1,\"x\":1,\"y\":1,\"type\":\"floppy\"}]}",
         "bodies[0].type"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":1,\"x\":1,\"y\":1,\"mass\":3}]}",
         "unknown field 'bodies[0].mass'"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":1,\"x\":1,\"x\":2,\"y\":1}]}", "duplicate"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":1,\"x\":1,\"y\":1,\"density\":0}]}",
         "density"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":1,\"x\":1,\"y\":1,\"drag\":-1}]}",
         "bodies[0].drag"},
        {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":1,\"x\":1,\"y\":1,\"drag\":\"x\"}]}",
         "bodies[0].drag"},
        {"{\"bodies\":{}}", "bodies: expected an array"},
        {"{\"feedback\":\"fast\"}", "feedback"},
        {"{\"buoyancy\":1}", "buoyancy"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        eddy_error err = {0};
        eddy_scene *s = load(bad[i].text, &err);
        assert_null(s);
        assert_int_equal(err.code, EDDY_ERR_FORMAT);
        if (!strstr(err.message, bad[i].word))
            fail_msg("case %zu: '%s' lacks '%s'", i, err.message, bad[i].word);
    }
}

static void scene_builds_a_coupled_world(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 32, 32, 30);
    eddy_error err = {0};
    eddy_scene *s = load(GOOD, &err);
    eddy_fluid *f = test_make_fluid(a, 0);
    eddy_world *w;
    eddy_coupling *c;
    eddy_body *bodies[3];
    assert_int_equal(eddy_scene_build_world(s, f, &w, &c, bodies, &err), EDDY_OK);
    assert_int_equal(eddy_coupling_body_count(c), 3);
    assert_int_equal(eddy_coupling_feedback(c), EDDY_FEEDBACK_QUADTREE);
    eddy_pose p;
    eddy_body_get_pose(bodies[0], &p);
    assert_true(p.x == 2 && p.y == 3 && fabs(p.angle - 0.3) < 1e-6);
    assert_int_equal(eddy_body_get_type(bodies[2]), EDDY_BODY_KINEMATIC);
    assert_true(eddy_coupling_drag(c, bodies[1]) == 0.5); /* as the scene says */
    assert_true(eddy_coupling_drag(c, bodies[0]) == 2.0); /* a box's default */
    double gravity[2];
    eddy_world_get_gravity(w, gravity);
    assert_true(gravity[1] == -9.81);
    /* the tank holds the bodies: the box (800 kg/m^2, lighter than the water,
     * buoyancy on) floats up and comes to rest under the lid */
    for (int k = 0; k < 900; ++k) eddy_coupling_step(c, 1.0 / 60, &err);
    eddy_body_get_pose(bodies[0], &p);
    double v[2];
    eddy_body_linear_velocity(bodies[0], v);
    print_message("floating box after 15 s: y = %.3f, vy = %.4f\n", p.y, v[1]);
    assert_true(p.y > 9.4 && p.y < 9.8);
    assert_true(fabs(v[1]) < 0.05);
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    eddy_scene_destroy(s);
    /* a body outside the fluid's domain is refused, naming it */
    s = load("{\"bodies\":[{\"shape\":\"circle\",\"radius\":0.5,\"x\":5,\"y\":5},"
             "{\"shape\":\"circle\",\"radius\":0.5,\"x\":15,\"y\":5}]}", &err);
    assert_non_null(s);
    assert_int_equal(eddy_scene_build_world(s, f, &w, &c, NULL, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "bodies[1]"));
    eddy_scene_destroy(s);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

/* Defaults a user expects: a scene with gravity and water and nothing said
 * about buoyancy has it, so a body of the water's density (the default)
 * floats where it is put (with buoyancy off by default it sank 1.76 m in
 * 1 s); "buoyancy": false turns it off, and the body then falls as a body in
 * water with no lift does, at g m / (m + M_a) = g / 2 for a disc. */
static void neutral_disc_floats_by_default(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 32, 32, 30);
    const char *texts[2] = {"{\"bodies\":[{\"shape\":\"circle\",\"radius\":0.4,\"x\":5,\"y\":5}]}",
                            "{\"buoyancy\":false,\"bodies\":[{\"shape\":\"circle\",\"radius\":0.4,"
                            "\"x\":5,\"y\":5}]}"};
    for (int k = 0; k < 2; ++k) {
        eddy_error err = {0};
        eddy_scene *s = load(texts[k], &err);
        assert_non_null(s);
        eddy_scene_view v;
        eddy_scene_get(s, &v);
        assert_true(v.buoyancy == (k == 0));
        eddy_fluid *f = test_make_fluid(a, 0);
        eddy_world *w;
        eddy_coupling *c;
        eddy_body *body;
        assert_int_equal(eddy_scene_build_world(s, f, &w, &c, &body, &err), EDDY_OK);
        eddy_coupling_step(c, 1.0 / 60, &err);
        double v1[2];
        eddy_body_linear_velocity(body, v1);
        for (int n = 1; n < 60; ++n) eddy_coupling_step(c, 1.0 / 60, &err);
        eddy_pose p;
        eddy_body_get_pose(body, &p);
        print_message("disc of the water's density, buoyancy %s: starts at %.3f m/s^2, moved %.4f m "
                      "in 1 s\n", k ? "off" : "by default", v1[1] * 60, hypot(p.x - 5, p.y - 5));
        if (k == 0) assert_true(hypot(p.x - 5, p.y - 5) < 1e-3);
        else assert_true(fabs(v1[1] * 60 + 9.81 / 2) < 0.03 * 9.81 / 2);
        eddy_coupling_destroy(c);
        eddy_world_destroy(w);
        eddy_fluid_destroy(f);
        eddy_scene_destroy(s);
    }
    eddy_asset_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bodies_parse_and_round_trip),
        cmocka_unit_test(malformed_bodies_are_named),
        cmocka_unit_test(scene_builds_a_coupled_world),
        cmocka_unit_test(neutral_disc_floats_by_default),
    };
    return cmocka_run_group_tests_name("scene bodies", tests, NULL, NULL);
}
