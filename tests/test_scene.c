// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_scene.c - the JSON scene format: every field read back and written
 * back, defaults, one clear message naming each malformed field, limits, and
 * what applying a scene does to a fluid. */
#include "test_util.h"

#include "eddy_coupling.h"
#include "eddy_scene.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static eddy_scene *parse_ok(const char *json)
{
    eddy_scene *s = NULL;
    eddy_error err = {0};
    if (eddy_scene_load_memory(json, strlen(json), &s, &err) != EDDY_OK)
        fail_msg("scene rejected: %s\n%s", err.message, json);
    return s;
}

static const char FULL[] =
    "{\n"
    "  \"comment\": \"every field\",\n"
    "  \"dt\": 0.01,\n"
    "  \"fluid\": {\"density\": 997.5, \"viscosity\": 0.0015},\n"
    "  \"gravity\": [0.25, -3.7],\n"
    "  \"init_modes\": [{\"mode\": 0, \"amp\": 1.5}, {\"mode\": 7, \"amp\": -0.1}],\n"
    "  \"stirs\": [\n"
    "    {\"t0\": 0.5, \"t1\": 2, \"x\": 3, \"y\": 4.5, \"radius\": 0.75, \"fx\": 20, \"fy\": -5},\n"
    "    {\"x\": 1, \"y\": 2, \"radius\": 0.1, \"fx\": 0.3333333333333333, \"fy\": 1e-7}\n"
    "  ]\n"
    "}\n";

static void check_full_view(const eddy_scene_view *v)
{
    assert_string_equal(v->comment, "every field");
    assert_true(v->dt == 0.01);
    assert_true(v->density == 997.5);
    assert_true(v->viscosity == 0.0015);
    assert_true(v->gravity[0] == 0.25 && v->gravity[1] == -3.7);
    assert_int_equal(v->init_mode_count, 2);
    assert_int_equal(v->init_modes[0].mode, 0);
    assert_true(v->init_modes[0].amp == 1.5);
    assert_int_equal(v->init_modes[1].mode, 7);
    assert_true(v->init_modes[1].amp == -0.1);
    assert_int_equal(v->stir_count, 2);
    const eddy_scene_stir *a = &v->stirs[0], *b = &v->stirs[1];
    assert_true(a->t0 == 0.5 && a->t1 == 2.0);
    assert_true(a->stir.x == 3 && a->stir.y == 4.5 && a->stir.radius == 0.75);
    assert_true(a->stir.fx == 20 && a->stir.fy == -5);
    assert_true(b->t0 == 0.0 && isinf(b->t1) && b->t1 > 0); /* defaults */
    assert_true(b->stir.x == 1 && b->stir.y == 2 && b->stir.radius == 0.1);
    assert_true(b->stir.fx == 0.3333333333333333 && b->stir.fy == 1e-7);
}

static void every_field_reads_and_round_trips(void **state)
{
    (void)state;
    eddy_scene *s = parse_ok(FULL);
    eddy_scene_view v;
    eddy_scene_get(s, &v);
    check_full_view(&v);
    assert_true(eddy_scene_dt(s) == 0.01);

    /* Written back and read again: the same scene, bit for bit. */
    char *text = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_scene_to_json(s, &text, &err), EDDY_OK);
    assert_non_null(text);
    eddy_scene *again = parse_ok(text);
    eddy_scene_view w;
    eddy_scene_get(again, &w);
    check_full_view(&w);
    /* And writing that gives the same text. */
    char *text2 = NULL;
    assert_int_equal(eddy_scene_to_json(again, &text2, &err), EDDY_OK);
    assert_string_equal(text, text2);
    free(text);
    free(text2);
    eddy_scene_destroy(again);
    eddy_scene_destroy(s);
}

static void empty_object_takes_defaults(void **state)
{
    (void)state;
    eddy_scene *s = parse_ok("  {}  ");
    eddy_scene_view v;
    eddy_scene_get(s, &v);
    assert_string_equal(v.comment, "");
    assert_true(v.dt == 1.0 / 60.0);
    assert_true(v.density == 1000.0);
    assert_true(v.viscosity == 0.0);
    assert_true(v.gravity[0] == 0.0 && v.gravity[1] == -9.81);
    assert_int_equal(v.init_mode_count, 0);
    assert_int_equal(v.stir_count, 0);

    eddy_fluid_desc d = {0};
    d.taylor_max_terms = 17;
    eddy_scene_fluid_desc(s, &d);
    assert_true(d.density == 1000.0 && d.viscosity == 0.0);
    assert_int_equal(d.max_stirs, 0);        /* the fluid's default queue is enough */
    assert_int_equal(d.taylor_max_terms, 17); /* untouched */

    char *text = NULL;
    assert_int_equal(eddy_scene_to_json(s, &text, NULL), EDDY_OK);
    eddy_scene *again = parse_ok(text);
    eddy_scene_view w;
    eddy_scene_get(again, &w);
    assert_true(w.dt == v.dt && w.gravity[1] == v.gravity[1] && w.density == v.density);
    free(text);
    eddy_scene_destroy(again);
    eddy_scene_destroy(s);
}

/* A bad document, and pieces its message must contain. */
typedef struct bad_case {
    const char *json;
    const char *want[2];
} bad_case;

static const bad_case BAD[] = {
    {"{\"fluid\": {\"viscosity\": -1}}", {"fluid.viscosity: expected a number >= 0", NULL}},
    {"{\"fluid\": {\"viscosity\": \"thick\"}}", {"fluid.viscosity", "a number >= 0"}},
    {"{\"fluid\": {\"density\": 0}}", {"fluid.density", "a number > 0"}},
    {"{\"fluid\": {\"density\": 1e999}}", {"fluid.density", "too large"}},
    {"{\"fluid\": [1, 2]}", {"fluid: expected an object", NULL}},
    {"{\"fluid\": {\"visc\": 1}}", {"unknown field 'fluid.visc'", NULL}},
    {"{\"fluid\": {\"density\": 1, \"density\": 2}}", {"duplicate field 'fluid.density'", NULL}},
    {"{\"gravity\": [0]}", {"gravity", "2 numbers"}},
    {"{\"gravity\": [0, -9.8, 1]}", {"gravity", "2 numbers"}},
    {"{\"gravity\": {\"y\": -9.8}}", {"gravity", "2 numbers"}},
    {"{\"gravity\": [0, \"down\"]}", {"gravity[1]", "a number"}},
    {"{\"gravity\": [null, 1]}", {"gravity[0]", "a number"}},
    {"{\"dt\": 0}", {"dt: expected a number > 0", NULL}},
    {"{\"dt\": -0.01}", {"dt", "> 0"}},
    {"{\"dt\": true}", {"dt", "> 0"}},
    {"{\"dt\": 1, \"dt\": 2}", {"duplicate field 'dt'", NULL}},
    {"{\"comment\": 3}", {"comment", "string"}},
    {"{\"init_modes\": {\"mode\": 1}}", {"init_modes", "array"}},
    {"{\"init_modes\": [7]}", {"init_modes[0]", "object"}},
    {"{\"init_modes\": [{\"mode\": 0, \"amp\": 1}, {\"mode\": 1.5, \"amp\": 1}]}",
     {"init_modes[1].mode", "integer"}},
    {"{\"init_modes\": [{\"mode\": -1, \"amp\": 1}]}", {"init_modes[0].mode", "integer >= 0"}},
    {"{\"init_modes\": [{\"mode\": 1e12, \"amp\": 1}]}", {"init_modes[0].mode", "integer"}},
    {"{\"init_modes\": [{\"amp\": 1}]}", {"init_modes[0]", "missing field 'mode'"}},
    {"{\"init_modes\": [{\"mode\": 2}]}", {"init_modes[0]", "missing field 'amp'"}},
    {"{\"init_modes\": [{\"mode\": 2, \"amp\": 1, \"phase\": 0}]}",
     {"unknown field 'init_modes[0].phase'", NULL}},
    {"{\"init_modes\": [{\"mode\": 2, \"amp\": 1e400}]}", {"init_modes[0].amp", "too large"}},
    {"{\"stirs\": [{\"x\": 1, \"y\": 1, \"radius\": -0.5, \"fx\": 0, \"fy\": 0}]}",
     {"stirs[0].radius", "a number > 0"}},
    {"{\"stirs\": [{\"x\": 1, \"y\": 1, \"radius\": 0, \"fx\": 0, \"fy\": 0}]}",
     {"stirs[0].radius", "> 0"}},
    {"{\"stirs\": [{\"x\": 1, \"y\": 1, \"radius\": 1, \"fx\": 0, \"fy\": 0},"
     " {\"t0\": 2, \"t1\": 1, \"x\": 1, \"y\": 1, \"radius\": 1, \"fx\": 0, \"fy\": 0}]}",
     {"stirs[1].t1", "before t0"}},
    {"{\"stirs\": [{\"x\": 1, \"y\": 1, \"radius\": 1, \"fx\": -1e999, \"fy\": 0}]}",
     {"stirs[0].fx", "too large"}},
    {"{\"stirs\": [{\"x\": 1, \"y\": 1, \"radius\": 1, \"fx\": 0}]}", {"stirs[0]", "missing field 'fy'"}},
    {"{\"stirs\": [{\"x\": 1, \"y\": 1, \"radius\": 1, \"fx\": 0, \"fy\": 0, \"fz\": 1}]}",
     {"unknown field 'stirs[0].fz'", NULL}},
    {"{\"stirs\": [{\"x\": \"1\", \"y\": 1, \"radius\": 1, \"fx\": 0, \"fy\": 0}]}",
     {"stirs[0].x", "a number"}},
    {"{\"stirs\": 5}", {"stirs", "array"}},
    {"{\"stirz\": []}", {"unknown field 'stirz'", NULL}},
    {"{\"Fluid\": {}}", {"unknown field 'Fluid'", NULL}},
    {"[]", {"object", NULL}},
    {"42", {"object", NULL}},
    {"\"fluid\"", {"object", NULL}},
    {"null", {"object", NULL}},
    {"", {"empty", NULL}},
    {"  \n\t ", {"empty", NULL}},
    {"{\"dt\": }", {"invalid JSON", "line 1"}},
    {"{\n  \"dt\": 0.1,\n  oops\n}", {"invalid JSON", "line 3"}},
    {"{\"dt\": 0.1} trailing", {"invalid JSON", NULL}},
    {"{\"dt\": 0.1}{}", {"invalid JSON", NULL}},
    {"{\"dt\": NaN}", {"invalid JSON", NULL}},
    {"{\"dt\": Infinity}", {"invalid JSON", NULL}},
    {"{\"dt\": 0.1", {"invalid JSON", NULL}},
};

static void malformed_fields_are_named(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        eddy_scene *s = (eddy_scene *)&s; /* must be reset to NULL */
        eddy_error err = {0};
        eddy_result rc = eddy_scene_load_memory(BAD[i].json, strlen(BAD[i].json), &s, &err);
        if (rc != EDDY_ERR_FORMAT || s != NULL)
            fail_msg("case %zu accepted or wrong code %d: %s", i, (int)rc, BAD[i].json);
        assert_int_equal(err.code, EDDY_ERR_FORMAT);
        if (strncmp(err.message, "scene: ", 7) != 0)
            fail_msg("case %zu: message lacks the prefix: %s", i, err.message);
        for (int k = 0; k < 2; k++)
            if (BAD[i].want[k] && !strstr(err.message, BAD[i].want[k]))
                fail_msg("case %zu: message '%s' lacks '%s'", i, err.message, BAD[i].want[k]);
        assert_null(strchr(err.message, '\n'));
    }
}

static void zero_byte_and_size_limit_are_rejected(void **state)
{
    (void)state;
    eddy_scene *s = NULL;
    eddy_error err = {0};
    static const char with_nul[] = "{\"dt\": 0.1}\0{}";
    assert_int_equal(eddy_scene_load_memory(with_nul, sizeof with_nul - 1, &s, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "zero byte"));
    assert_null(s);

    /* Exactly at the limit is fine; one byte over is not. */
    size_t n = EDDY_SCENE_MAX_BYTES;
    char *big = malloc(n + 1);
    assert_non_null(big);
    memset(big, ' ', n + 1);
    memcpy(big, "{\"dt\": 0.5}", 11);
    assert_int_equal(eddy_scene_load_memory(big, n, &s, &err), EDDY_OK);
    assert_true(eddy_scene_dt(s) == 0.5);
    eddy_scene_destroy(s);
    s = NULL;
    assert_int_equal(eddy_scene_load_memory(big, n + 1, &s, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "limit"));
    assert_null(s);

    /* Same through a file. */
    char path[] = "/tmp/eddy_scene_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, big, n + 1), (ssize_t)(n + 1));
    close(fd);
    assert_int_equal(eddy_scene_load_file(path, &s, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "limit"));
    unlink(path);
    free(big);

    assert_int_equal(eddy_scene_load_memory(NULL, 3, &s, &err), EDDY_ERR_ARGUMENT);
}

static void files_load_and_missing_files_fail(void **state)
{
    (void)state;
    eddy_scene *s = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_scene_load_file("/nonexistent/dir/scene.json", &s, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "/nonexistent/dir/scene.json"));
    assert_null(s);

    char path[] = "/tmp/eddy_scene_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, FULL, strlen(FULL)), (ssize_t)strlen(FULL));
    close(fd);
    assert_int_equal(eddy_scene_load_file(path, &s, &err), EDDY_OK);
    eddy_scene_view v;
    eddy_scene_get(s, &v);
    check_full_view(&v);
    eddy_scene_destroy(s);
    unlink(path);

    /* The shipped demo scene is valid (tests run from the repository root). */
    assert_int_equal(eddy_scene_load_file("assets/scenes/demo.json", &s, &err), EDDY_OK);
    eddy_scene_destroy(s);
}

static void apply_initial_checks_modes_against_the_fluid(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, 12);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    eddy_error err = {0};

    /* Duplicates add; everything else is zero. */
    eddy_scene *s = parse_ok("{\"init_modes\": [{\"mode\": 3, \"amp\": 1.25}, {\"mode\": 11, \"amp\": -2},"
                             " {\"mode\": 3, \"amp\": 0.5}]}");
    double junk[12];
    for (int i = 0; i < 12; i++)
        junk[i] = 9.0;
    assert_int_equal(eddy_fluid_set_coefficients(f, junk, 12), EDDY_OK);
    assert_int_equal(eddy_scene_apply_initial(s, f, &err), EDDY_OK);
    const double *r = eddy_fluid_coefficients(f);
    for (int i = 0; i < 12; i++) {
        double want = i == 3 ? 1.75 : i == 11 ? -2.0 : 0.0;
        assert_true(r[i] == want);
    }
    eddy_scene_destroy(s);

    /* Mode 12 does not exist in a 12-mode basis: refused, fluid untouched. */
    s = parse_ok("{\"init_modes\": [{\"mode\": 0, \"amp\": 1}, {\"mode\": 12, \"amp\": 1}]}");
    assert_int_equal(eddy_scene_apply_initial(s, f, &err), EDDY_ERR_RANGE);
    assert_string_equal(err.message, "scene: init_modes[1].mode: 12 is outside 0..11");
    r = eddy_fluid_coefficients(f);
    assert_true(r[3] == 1.75 && r[0] == 0.0);
    eddy_scene_destroy(s);

    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static double energy_after_one_step(const eddy_scene *s, eddy_fluid *f, double t)
{
    double zero[12] = {0};
    eddy_error err = {0};
    assert_int_equal(eddy_fluid_set_coefficients(f, zero, 12), EDDY_OK);
    assert_int_equal(eddy_scene_apply_forces(s, f, t, &err), EDDY_OK);
    assert_int_equal(eddy_fluid_step(f, 0.01), EDDY_OK);
    return eddy_fluid_kinetic_energy(f);
}

static void stirs_act_only_inside_their_interval(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 16, 16, 12);
    eddy_fluid *f = test_make_fluid(a, 0.0);
    eddy_scene *timed = parse_ok("{\"stirs\": [{\"t0\": 1, \"t1\": 2, \"x\": 3, \"y\": 4, \"radius\": 2,"
                                 " \"fx\": 50, \"fy\": 10}]}");
    assert_true(energy_after_one_step(timed, f, 0.999) == 0.0);
    assert_true(energy_after_one_step(timed, f, 1.0) > 0.0);  /* t0 is inside */
    assert_true(energy_after_one_step(timed, f, 1.5) > 0.0);
    assert_true(energy_after_one_step(timed, f, 2.0) == 0.0); /* t1 is not */
    eddy_scene_destroy(timed);

    eddy_scene *forever = parse_ok("{\"stirs\": [{\"x\": 3, \"y\": 4, \"radius\": 2, \"fx\": 50, \"fy\": 0}]}");
    assert_true(energy_after_one_step(forever, f, 0.0) > 0.0);
    assert_true(energy_after_one_step(forever, f, 1e6) > 0.0);
    assert_true(energy_after_one_step(forever, f, -1.0) == 0.0);
    eddy_scene_destroy(forever);

    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
}

static void many_stirs_get_a_big_enough_queue(void **state)
{
    (void)state;
    /* 100 stirs all active at once: the fluid description must grow its queue. */
    size_t cap = 100 * 96 + 32;
    char *json = malloc(cap);
    assert_non_null(json);
    size_t len = (size_t)snprintf(json, cap, "{\"fluid\": {\"viscosity\": 0.01}, \"stirs\": [");
    for (int i = 0; i < 100; i++)
        len += (size_t)snprintf(json + len, cap - len,
                                "%s{\"x\": %d, \"y\": 5, \"radius\": 0.5, \"fx\": 1, \"fy\": 0}",
                                i ? "," : "", i % 10);
    snprintf(json + len, cap - len, "]}");
    eddy_scene *s = parse_ok(json);
    free(json);

    eddy_fluid_desc d = {0};
    eddy_scene_fluid_desc(s, &d);
    assert_int_equal(d.max_stirs, 100);
    assert_true(d.viscosity == 0.01 && d.density == 1000.0);

    eddy_asset *a = test_build_asset(10, 10, 16, 16, 12);
    eddy_fluid *f = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_fluid_create(a, &d, &f, &err), EDDY_OK);
    assert_int_equal(eddy_scene_apply_forces(s, f, 0.0, &err), EDDY_OK);
    assert_int_equal(eddy_fluid_step(f, 0.01), EDDY_OK);
    eddy_fluid_destroy(f);

    /* A fluid with the default queue refuses the 65th stir, and says which. */
    f = test_make_fluid(a, 0.0);
    assert_int_equal(eddy_scene_apply_forces(s, f, 0.0, &err), EDDY_ERR_CAPACITY);
    assert_non_null(strstr(err.message, "stirs[64]"));
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
    eddy_scene_destroy(s);
}

/* N discs of 0.12 m radius on a 1 m lattice. */
static char *lattice_scene(int n)
{
    size_t cap = 128 + (size_t)n * 80;
    char *json = malloc(cap);
    assert_non_null(json);
    size_t len = (size_t)snprintf(json, cap, "{\"gravity\": [0, 0], \"bodies\": [");
    for (int i = 0; i < n; ++i)
        len += (size_t)snprintf(json + len, cap - len,
                                "%s{\"shape\": \"circle\", \"radius\": 0.12, \"x\": %.1f, \"y\": %.1f}",
                                i ? "," : "", 0.5 + i % 32, 0.5 + i / 32);
    snprintf(json + len, cap - len, "]}");
    return json;
}

/* The most bodies a scene takes build a coupled world and step, though
 * their panels outnumber the coupling's old fixed capacity (8192: here
 * about ten a body); one more body is refused, naming the limit. */
static void a_thousand_bodies_build_and_one_more_is_refused(void **state)
{
    (void)state;
    char *json = lattice_scene(EDDY_SCENE_MAX_BODIES);
    eddy_scene *s = parse_ok(json);
    free(json);
    eddy_asset *a = test_build_asset(32.5, 32.5, 416, 416, 12); /* 0.078 m cells */
    eddy_fluid *f = test_make_fluid(a, 0.0);
    eddy_world *world = NULL;
    eddy_coupling *c = NULL;
    eddy_error err = {0};
    if (eddy_scene_build_world(s, f, &world, &c, NULL, &err) != EDDY_OK)
        fail_msg("%d bodies: %s", EDDY_SCENE_MAX_BODIES, err.message);
    assert_int_equal(eddy_coupling_body_count(c), EDDY_SCENE_MAX_BODIES);
    assert_int_equal(eddy_coupling_step(c, 1.0 / 60.0, &err), EDDY_OK);
    eddy_coupling_timings t;
    eddy_coupling_get_timings(c, &t);
    assert_true(t.panel_count > 8192);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
    eddy_scene_destroy(s);

    json = lattice_scene(EDDY_SCENE_MAX_BODIES + 1);
    s = NULL;
    assert_int_equal(eddy_scene_load_memory(json, strlen(json), &s, &err), EDDY_ERR_FORMAT);
    assert_null(s);
    char limit[32];
    snprintf(limit, sizeof limit, "at most %d", EDDY_SCENE_MAX_BODIES);
    assert_non_null(strstr(err.message, limit));
    free(json);
}

/* Random byte damage to a valid scene: every result is either a scene or a
 * FORMAT error with a one-line "scene: " message; nothing crashes (the
 * sanitizer build checks the memory side). */
static void damaged_scenes_fail_cleanly(void **state)
{
    (void)state;
    uint64_t rng = 0x5eed5ce2e1234567ULL;
    size_t n = strlen(FULL);
    char *buf = malloc(n);
    assert_non_null(buf);
    static const char alphabet[] = "{}[]\",:-+.eE0123456789 \nabcdefghijklmnopqrstuvwxyz\\";
    int accepted = 0;
    for (int trial = 0; trial < 3000; trial++) {
        memcpy(buf, FULL, n);
        int edits = 1 + (int)((test_random(&rng) + 1.0) * 2.0);
        for (int e = 0; e < edits; e++) {
            size_t at = (size_t)((test_random(&rng) + 1.0) * 0.5 * (double)n) % n;
            size_t pick = (size_t)((test_random(&rng) + 1.0) * 0.5 * (double)(sizeof alphabet - 1));
            buf[at] = alphabet[pick % (sizeof alphabet - 1)];
        }
        size_t len = (size_t)((test_random(&rng) + 1.0) * 0.5 * (double)(n + 1));
        if (trial % 2)
            len = n;
        if (len > n)
            len = n;
        eddy_scene *s = NULL;
        eddy_error err = {0};
        eddy_result rc = eddy_scene_load_memory(buf, len, &s, &err);
        if (rc == EDDY_OK) {
            accepted++;
            char *text = NULL;
            assert_int_equal(eddy_scene_to_json(s, &text, &err), EDDY_OK);
            eddy_scene *again = parse_ok(text);
            free(text);
            eddy_scene_destroy(again);
            eddy_scene_destroy(s);
        } else {
            assert_int_equal(rc, EDDY_ERR_FORMAT);
            assert_null(s);
            assert_int_equal(strncmp(err.message, "scene: ", 7), 0);
            assert_null(strchr(err.message, '\n'));
        }
    }
    free(buf);
    /* Some damage (inside numbers or the comment) leaves a valid scene. */
    assert_true(accepted > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_field_reads_and_round_trips),
        cmocka_unit_test(empty_object_takes_defaults),
        cmocka_unit_test(malformed_fields_are_named),
        cmocka_unit_test(zero_byte_and_size_limit_are_rejected),
        cmocka_unit_test(files_load_and_missing_files_fail),
        cmocka_unit_test(apply_initial_checks_modes_against_the_fluid),
        cmocka_unit_test(stirs_act_only_inside_their_interval),
        cmocka_unit_test(many_stirs_get_a_big_enough_queue),
        cmocka_unit_test(a_thousand_bodies_build_and_one_more_is_refused),
        cmocka_unit_test(damaged_scenes_fail_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
