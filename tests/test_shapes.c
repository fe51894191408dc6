// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_shapes.c - the level's shape catalogue: parsing with named errors,
 * panels precomputed into the asset and found again for live bodies, the
 * 'SHAP' section's round trip and its rejection of inconsistent content. */
#include "test_util.h"

#include "asset_shapes.h"
#include "coupling_internal.h"
#include "eddy_coupling.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *CATALOGUE =
    "{\"comment\":\"crates and floats\",\"shapes\":["
    "{\"name\":\"crate\",\"pieces\":[{\"shape\":\"box\",\"hw\":0.4,\"hh\":0.3}]},"
    "{\"name\":\"ball\",\"pieces\":[{\"shape\":\"circle\",\"radius\":0.35}]},"
    "{\"name\":\"wedge\",\"pieces\":[{\"shape\":\"polygon\",\"points\":[[-0.4,-0.3],[0.4,-0.3],[0,0.4]]}]},"
    "{\"name\":\"hammer\",\"pieces\":[{\"shape\":\"box\",\"hw\":0.5,\"hh\":0.1},"
    "{\"shape\":\"box\",\"hw\":0.12,\"hh\":0.25,\"x\":0.45,\"angle\":0.2}]}]}";

static eddy_shape_catalogue *load(const char *text, eddy_error *err)
{
    eddy_shape_catalogue *c = NULL;
    eddy_shape_catalogue_load_memory(text, strlen(text), &c, err);
    return c;
}

static eddy_asset *build_with(const eddy_shape_catalogue *c, eddy_error *err)
{
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 64, .ny = 64, .modes = 30, .shapes = c};
    eddy_asset *a = NULL;
    eddy_build_asset(&d, &a, err);
    return a;
}

static void catalogue_errors_are_named(void **state)
{
    (void)state;
    const struct {
        const char *text, *word;
    } bad[] = {
        {"{\"shapes\":[]}", "shapes: expected an array of 1.."},
        {"{\"shape\":[]}", "unknown field 'shape'"},
        {"{\"shapes\":[{\"pieces\":[{\"shape\":\"circle\",\"radius\":1}]}]}", "shapes[0].name"},
        {"{\"shapes\":[{\"name\":\"a\",\"pieces\":[{\"shape\":\"circle\",\"radius\":1}]},"
         "{\"name\":\"a\",\"pieces\":[{\"shape\":\"circle\",\"radius\":1}]}]}", "already shapes[0]"},
        {"{\"shapes\":[{\"name\":\"a\",\"pieces\":[{\"shape\":\"circle\"}]}]}",
         "shapes[0].pieces[0]: missing field 'radius'"},
        {"{\"shapes\":[{\"name\":\"a\",\"pieces\":[{\"shape\":\"circle\",\"radius\":1,\"vx\":2}]}]}",
         "velocities"},
        {"{\"shapes\":[{\"name\":\"a\",\"pieces\":[]}]}", "1..16 pieces"},
        {"{\"shapes\":[{\"name\":\"a\",\"colour\":1,\"pieces\":[]}]}", "shapes[0].colour"},
        {"[1,2]", "JSON object"},
        {"{\"shapes\":", "invalid JSON"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        eddy_error err = {0};
        assert_null(load(bad[i].text, &err));
        assert_int_equal(err.code, EDDY_ERR_FORMAT);
        if (!strstr(err.message, bad[i].word))
            fail_msg("case %zu: '%s' lacks '%s'", i, err.message, bad[i].word);
    }
}

static void shapes_round_trip_through_the_asset(void **state)
{
    (void)state;
    eddy_error err = {0};
    eddy_shape_catalogue *c = load(CATALOGUE, &err);
    if (!c) fail_msg("%s", err.message);
    assert_int_equal(eddy_shape_catalogue_count(c), 4);
    eddy_asset *a = build_with(c, &err);
    if (!a) fail_msg("%s", err.message);
    eddy_asset_info info;
    eddy_asset_get_info(a, &info);
    assert_int_equal(info.shape_count, 4);
    eddy_asset_shape_info si;
    assert_int_equal(eddy_asset_shape(a, 3, &si), EDDY_OK);
    assert_string_equal(si.name, "hammer");
    assert_int_equal(si.pieces, 2);
    assert_true(si.panels > 10 && si.sigma_max > 0);
    assert_int_equal(eddy_asset_shape(a, 4, &si), EDDY_ERR_RANGE);
    unsigned char *bytes;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &bytes, &size, &err), EDDY_OK);
    eddy_asset *b = NULL;
    assert_int_equal(eddy_asset_load_memory(bytes, size, &b, &err), EDDY_OK);
    for (int s = 0; s < 4; ++s) {
        const eddy_panel_shape *p = &a->shapes[s].panels, *q = &b->shapes[s].panels;
        assert_int_equal(p->count, q->count);
        assert_memory_equal(p->ends, q->ends, 4 * (size_t)p->count * sizeof(double));
        assert_memory_equal(p->pinv, q->pinv, (size_t)p->count * (size_t)p->rows * sizeof(double));
        assert_true(eddyi_pieces_equal(a->shapes[s].pieces, b->shapes[s].pieces, a->shapes[s].piece_count));
    }
    free(bytes);
    eddy_asset_destroy(b);
    eddy_asset_destroy(a);
    eddy_shape_catalogue_destroy(c);
}

/* Bodies built like catalogue shapes take the asset's panels; others are
 * computed; both solve to the same strengths. */
static void live_bodies_find_their_precomputed_panels(void **state)
{
    (void)state;
    eddy_error err = {0};
    eddy_shape_catalogue *c = load(CATALOGUE, &err);
    eddy_asset *with = build_with(c, &err);
    eddy_asset *without = build_with(NULL, &err);
    double strengths[2][64];
    int panels = 0;
    for (int run = 0; run < 2; ++run) {
        eddy_fluid *f = test_make_fluid(run ? without : with, 0);
        double r[30] = {0};
        r[0] = 3, r[4] = -1;
        eddy_fluid_set_coefficients(f, r, 30);
        eddy_world *w;
        eddy_world_create(NULL, &w, &err);
        eddy_coupling *cp;
        assert_int_equal(eddy_coupling_create(f, w, NULL, &cp, &err), EDDY_OK);
        /* the crate of the catalogue, and a box of another size */
        const double sizes[2][2] = {{0.4, 0.3}, {0.45, 0.3}};
        for (int b = 0; b < 2; ++b) {
            eddy_body_desc bd = {.type = EDDY_BODY_DYNAMIC, .position = {3.0 + 4 * b, 5}};
            eddy_body *body;
            eddy_body_create(w, &bd, &body, &err);
            eddy_shape_desc sd = {.type = EDDY_SHAPE_BOX, .half_width = sizes[b][0], .half_height = sizes[b][1]};
            eddy_body_add_shape(body, &sd, NULL, &err);
            assert_int_equal(eddy_coupling_add_body(cp, body, &err), EDDY_OK);
        }
        assert_int_equal(cp->shapes_from_asset, run ? 0 : 1);
        assert_int_equal(eddy_coupling_step(cp, 1.0 / 60, &err), EDDY_OK);
        panels = cp->panels->bodies[0].shape->count;
        assert_true(panels <= 64);
        memcpy(strengths[run], cp->panels->strength, (size_t)panels * sizeof(double));
        eddy_coupling_destroy(cp);
        eddy_world_destroy(w);
        eddy_fluid_destroy(f);
    }
    /* the same SVD of the same matrix: bit-identical strengths */
    assert_memory_equal(strengths[0], strengths[1], (size_t)panels * sizeof(double));
    eddy_asset_destroy(with);
    eddy_asset_destroy(without);
    eddy_shape_catalogue_destroy(c);
}

/* A shape the panel builder refuses fails the whole build, naming the shape
 * (singular outlines are refused the same way; tests/test_panel.c makes
 * them with its panel-count hook, which a catalogue cannot reach). */
static void refused_shape_fails_the_build_by_name(void **state)
{
    (void)state;
    const char *huge = "{\"shapes\":[{\"name\":\"ok\",\"pieces\":[{\"shape\":\"circle\",\"radius\":0.3}]},"
                       "{\"name\":\"barge\",\"pieces\":[{\"shape\":\"box\",\"hw\":400,\"hh\":1}]}]}";
    eddy_error err = {0};
    eddy_shape_catalogue *c = load(huge, &err);
    if (!c) fail_msg("%s", err.message);
    assert_null(build_with(c, &err));
    assert_non_null(strstr(err.message, "shapes[1] 'barge'"));
    print_message("refused: %s\n", err.message);
    eddy_shape_catalogue_destroy(c);
}

/* Checksums are right but a panel names a piece that does not exist. */
static void inconsistent_shape_section_is_refused(void **state)
{
    (void)state;
    eddy_error err = {0};
    eddy_shape_catalogue *c = load(CATALOGUE, &err);
    eddy_asset *a = build_with(c, &err);
    a->shapes[1].panels.piece[2] = 7;
    unsigned char *bytes;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &bytes, &size, &err), EDDY_OK);
    eddy_asset *b = NULL;
    assert_int_equal(eddy_asset_load_memory(bytes, size, &b, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "SHAP"));
    free(bytes);
    a->shapes[1].panels.piece[2] = 0;
    a->shapes[2].panels.normal[0] += 0.5; /* no longer a unit normal */
    assert_int_equal(eddy_asset_encode(a, &bytes, &size, &err), EDDY_OK);
    assert_int_equal(eddy_asset_load_memory(bytes, size, &b, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "shape 2"));
    free(bytes);
    eddy_asset_destroy(a);
    eddy_shape_catalogue_destroy(c);
}

static int run(const char *cmd)
{
    int status = system(cmd);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* precompute --shapes end to end: exit codes, and info lists the shapes. */
static void precompute_takes_a_catalogue(void **state)
{
    (void)state;
    const char *bin = getenv("EDDY_BIN");
    if (!bin) {
        print_message("EDDY_BIN not set: skipping the command-line check\n");
        skip();
    }
    char dir[] = "/tmp/eddy-shapes-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], cmd[1024];
    snprintf(path, sizeof path, "%s/cat.json", dir);
    FILE *f = fopen(path, "w");
    fputs(CATALOGUE, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s/precompute --grid 32 --modes 12 --shapes %s -q -o %s/a.eddy",
             bin, path, dir);
    assert_int_equal(run(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s/precompute info %s/a.eddy --json > %s/info.json", bin, dir, dir);
    assert_int_equal(run(cmd), 0);
    snprintf(path, sizeof path, "%s/info.json", dir);
    f = fopen(path, "r");
    char text[16384];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    cJSON *root = cJSON_Parse(text);
    cJSON *shapes = cJSON_GetObjectItem(root, "shapes");
    assert_int_equal(cJSON_GetArraySize(shapes), 4);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(shapes, 2), "name")->valuestring,
                        "wedge");
    cJSON_Delete(root);
    snprintf(cmd, sizeof cmd, "%s/precompute --shapes %s/missing.json -o %s/b.eddy 2>/dev/null",
             bin, dir, dir);
    assert_int_equal(run(cmd), 66);
    snprintf(path, sizeof path, "%s/bad.json", dir);
    f = fopen(path, "w");
    fputs("{\"shapes\":[{\"name\":\"x\",\"pieces\":[{\"shape\":\"box\",\"hw\":1}]}]}", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s/precompute --shapes %s -o %s/b.eddy 2>/dev/null", bin, path, dir);
    assert_int_equal(run(cmd), 65);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    run(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(catalogue_errors_are_named),
        cmocka_unit_test(shapes_round_trip_through_the_asset),
        cmocka_unit_test(live_bodies_find_their_precomputed_panels),
        cmocka_unit_test(refused_shape_fails_the_build_by_name),
        cmocka_unit_test(inconsistent_shape_section_is_refused),
        cmocka_unit_test(precompute_takes_a_catalogue),
    };
    return cmocka_run_group_tests_name("shapes", tests, NULL, NULL);
}
