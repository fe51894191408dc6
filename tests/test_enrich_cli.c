// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_enrich_cli.c - basis enrichment through the tools: precompute
 * --artist / --snapshots / --pod-modes (the capture lines, info in text and
 * JSON, every refusal with its exit code and one message), and sim running a
 * scene that excites an artist mode by name.
 *
 * The tools come from $EDDY_BIN (default build/bin); mode files are written
 * here with the library's own writer. */
#include "test_util.h"
#include "tool_run.h"

#include "fluid_internal.h"
#include "eddy_mode.h"

#include <cJSON.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>

#define CELLS 32



/* A failure of precompute or sim (whichever printed it): tool_run.h's rule. */
static void expect_failure(result r, int code, const char *want, const char *what)
{
    const char *tool = strncmp(r.err, "sim: ", 5) == 0 ? "sim" : "precompute";
    expect_tool_failure(r, code, tool, want, what, false);
}

/* ------------------------------------------------------------ mode files */

/* A painted jet (raw, not divergence-free) named name on n x n cells. */
static void write_jet(const char *path, const char *name, int n, double width)
{
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_create(name, width, 10.0, n, n, 1, &set, NULL), EDDY_OK);
    eddy_mac mac = eddy_mac_make(width, 10.0, n, n);
    double *f = eddy_mode_set_field(set, 0);
    for (int s = 0; s < eddy_mac_size(&mac); ++s) {
        double x, y;
        int comp = eddy_mac_position(&mac, s, &x, &y);
        f[s] = comp == 0 && fabs(y - 5.0) < 0.35 && x > 0.2 * width && x < 0.8 * width ? 2.0 : 0.0;
    }
    eddy_error err = {0};
    if (eddy_mode_set_save(set, path, &err) != EDDY_OK) fail_msg("%s", err.message);
    eddy_mode_set_destroy(set);
}

/* frames snapshots a_t F1 + b_t F2 of two vortices: rank 2. */
static void write_snapshots(const char *path, int frames)
{
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_create("rec", 10.0, 10.0, CELLS, CELLS, frames, &set, NULL), EDDY_OK);
    assert_int_equal(eddy_mode_set_assign_kind(set, EDDY_MODE_SNAPSHOTS, NULL), EDDY_OK);
    eddy_mac mac = eddy_mac_make(10.0, 10.0, CELLS, CELLS);
    for (int t = 0; t < frames; ++t) {
        double *f = eddy_mode_set_field(set, t), a = cos(0.3 * t), b = sin(0.7 * t) + 0.2;
        for (int s = 0; s < eddy_mac_size(&mac); ++s) {
            double x, y;
            int comp = eddy_mac_position(&mac, s, &x, &y);
            double d1x = x - 3, d1y = y - 6.5, d2x = x - 7, d2y = y - 3;
            double q1 = exp(-(d1x * d1x + d1y * d1y) / 0.64), q2 = -3 * exp(-(d2x * d2x + d2y * d2y) / 0.25);
            f[s] = a * q1 * (comp ? d1x : -d1y) + b * q2 * (comp ? d2x : -d2y);
        }
    }
    eddy_error err = {0};
    if (eddy_mode_set_save(set, path, &err) != EDDY_OK) fail_msg("%s", err.message);
    eddy_mode_set_destroy(set);
}

static int setup(void **state)
{
    (void)state;
    if (!tool_scratch_create("/tmp/eddy_enrich_cli_XXXXXX")) return -1;
    write_jet(in_dir("jet.mode"), "jet", CELLS, 10.0);
    write_jet(in_dir("jet16.mode"), "jet", 16, 10.0);
    write_jet(in_dir("wide.mode"), "jet", CELLS, 12.0);
    write_jet(in_dir("other.mode"), "other", CELLS, 10.0);
    write_snapshots(in_dir("rec.mode"), 30);
    FILE *f = fopen(in_dir("junk.mode"), "wb");
    fputs("this is not a mode file", f);
    fclose(f);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return tool_scratch_remove();
}

/* ------------------------------------------------------------ tests */

static double percent_after(const char *text, const char *label)
{
    const char *p = strstr(text, label);
    if (!p) fail_msg("'%s' not in: %s", label, text);
    return strtod(p + strlen(label), NULL);
}

static void artist_build_reports_and_info_lists(void **state)
{
    (void)state;
    const char *out = in_dir("jet.eddy");
    result r = RUN("precompute", "--grid", "32", "--modes", "40", "--artist", in_dir("jet.mode"),
                   "--artist", in_dir("other.mode"), "-o", out);
    if (r.status != 0) fail_msg("exit %d: %s", r.status, r.err);
    assert_string_equal(r.err, "");
    print_message("%s", r.out);
    /* one capture line per artist field, then the summary */
    assert_int_equal(count_lines(r.out), 3);
    assert_true(strncmp(r.out, "jet: eigenmodes ", 16) == 0);
    double eig = percent_after(r.out, "jet: eigenmodes "), all = percent_after(r.out, "%, enriched ");
    assert_true(eig < 90.0);
    assert_true(all == 100.0);
    assert_non_null(strstr(r.out, "\nother: eigenmodes "));
    assert_non_null(strstr(r.out, "41 modes (40 eigen + 1 grid)")); /* the same jet twice: one direction */
    result_free(&r);

    r = RUN("precompute", "info", out);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "modes           41 (40 eigenmodes, 1 grid modes)"));
    assert_non_null(strstr(r.out, "artist modes    2\n  jet: eigenmodes "));
    assert_non_null(strstr(r.out, "GMOD"));
    assert_non_null(strstr(r.out, "ARTP"));
    result_free(&r);

    r = RUN("precompute", "info", "--json", out);
    assert_int_equal(r.status, 0);
    cJSON *j = cJSON_Parse(r.out);
    assert_non_null(j);
    const cJSON *modes = cJSON_GetObjectItem(j, "modes");
    assert_true(cJSON_GetObjectItem(modes, "grid")->valuedouble == 1);
    assert_true(cJSON_GetObjectItem(modes, "eigen")->valuedouble == 40);
    const cJSON *arts = cJSON_GetObjectItem(j, "artists");
    assert_int_equal(cJSON_GetArraySize(arts), 2);
    const cJSON *jet = cJSON_GetArrayItem(arts, 0);
    assert_string_equal(cJSON_GetObjectItem(jet, "name")->valuestring, "jet");
    double fe = cJSON_GetObjectItem(jet, "eigen_fraction")->valuedouble;
    double fa = cJSON_GetObjectItem(jet, "enriched_fraction")->valuedouble;
    assert_true(fabs(100 * fe - eig) <= 0.05);
    assert_true(fa > 0.9999 && fa <= 1.0);
    cJSON_Delete(j);
    result_free(&r);

    /* A pure-eigen asset says so: grid 0, no artists. */
    const char *plain = in_dir("plain.eddy");
    r = RUN("precompute", "--grid", "16", "--modes", "5", "-o", plain);
    assert_int_equal(r.status, 0);
    assert_int_equal(count_lines(r.out), 1);
    result_free(&r);
    r = RUN("precompute", "info", "--json", plain);
    j = cJSON_Parse(r.out);
    assert_true(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "modes"), "grid")->valuedouble == 0);
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItem(j, "artists")), 0);
    cJSON_Delete(j);
    result_free(&r);
}

static void pod_build_reports_the_rank(void **state)
{
    (void)state;
    const char *out = in_dir("pod.eddy");
    result r = RUN("precompute", "--grid", "32", "--modes", "40", "--snapshots", in_dir("rec.mode"),
                   "--pod-modes", "6", "-q", "-o", out);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, ""); /* -q */
    result_free(&r);
    r = RUN("precompute", "--grid", "32", "--modes", "40", "--snapshots", in_dir("rec.mode"),
            "--pod-modes", "6", "--artist", in_dir("jet.mode"), "-o", out);
    if (r.status != 0) fail_msg("exit %d: %s", r.status, r.err);
    print_message("%s", r.out);
    assert_non_null(strstr(r.out, "snapshots: 30 fields (0 empty left out), rank 2, 2 POD modes kept"));
    assert_non_null(strstr(r.out, "43 modes (40 eigen + 3 grid)"));
    result_free(&r);
}

static void bad_enrichment_inputs_exit_with_their_codes(void **state)
{
    (void)state;
    const char *out = in_dir("bad.eddy");
    const char *jet = in_dir("jet.mode"), *rec = in_dir("rec.mode");
    expect_failure(RUN("precompute", "--grid", "32", "--artist", in_dir("none.mode"), "-o", out),
                   EX_NOINPUT, "none.mode", "missing artist file");
    expect_failure(RUN("precompute", "--grid", "32", "--artist", g_dir, "-o", out), EX_NOINPUT,
                   "directory", "artist directory");
    expect_failure(RUN("precompute", "--grid", "32", "--snapshots", in_dir("none.mode"), "--pod-modes",
                       "2", "-o", out), EX_NOINPUT, "--snapshots", "missing snapshot file");
    expect_failure(RUN("precompute", "--artist", jet, "-o", out), EX_DATAERR, "grid mismatch",
                   "default grid 64 vs a 32 file");
    expect_failure(RUN("precompute", "--grid", "32", "--artist", in_dir("jet16.mode"), "-o", out),
                   EX_DATAERR, "--grid", "16-cell file");
    expect_failure(RUN("precompute", "--grid", "32", "--artist", in_dir("wide.mode"), "-o", out),
                   EX_DATAERR, "--domain", "12 m file");
    expect_failure(RUN("precompute", "--grid", "32", "--artist", in_dir("junk.mode"), "-o", out),
                   EX_DATAERR, "junk.mode", "not a mode file");
    expect_failure(RUN("precompute", "--grid", "32", "--artist", rec, "-o", out), EX_DATAERR,
                   "--snapshots", "snapshots given as an artist");
    expect_failure(RUN("precompute", "--grid", "32", "--artist", jet, "--artist", jet, "-o", out),
                   EX_DATAERR, "'jet'", "two artists of one name");
    expect_failure(RUN("precompute", "--grid", "32", "--pod-modes", "3", "-o", out), EX_USAGE,
                   "--snapshots", "--pod-modes alone");
    expect_failure(RUN("precompute", "--grid", "32", "--snapshots", rec, "-o", out), EX_USAGE,
                   "--pod-modes", "--snapshots alone");
    expect_failure(RUN("precompute", "--grid", "32", "--snapshots", rec, "--pod-modes", "0", "-o", out),
                   EX_USAGE, "--pod-modes", "K = 0");
    expect_failure(RUN("precompute", "--grid", "32", "--snapshots", rec, "--pod-modes", "-2", "-o", out),
                   EX_USAGE, "--pod-modes", "K < 0");
    expect_failure(RUN("precompute", "--grid", "32", "--snapshots", rec, "--pod-modes", "two", "-o", out),
                   EX_USAGE, "--pod-modes", "K not a number");
    expect_failure(RUN("precompute", "--grid", "32", "--artist"), EX_USAGE, "--artist", "no value");
    expect_failure(RUN("precompute", "--grid", "32", "--modes", "2000", "--artist", jet, "-o", out),
                   EX_USAGE, "too fine", "eigenmodes finer than the grid");
    assert_false(exists(out));
}

static void sim_excites_an_artist_mode_by_name(void **state)
{
    (void)state;
    const char *asset = in_dir("jet.eddy"); /* from the first test */
    if (!exists(asset)) {
        result r = RUN("precompute", "--grid", "32", "--modes", "40", "--artist", in_dir("jet.mode"),
                       "--artist", in_dir("other.mode"), "-q", "-o", asset);
        assert_int_equal(r.status, 0);
        result_free(&r);
    }
    const char *scene = in_dir("excite.json");
    FILE *f = fopen(scene, "w");
    fputs("{\"excite\": [{\"mode\": \"jet\", \"t0\": 0, \"t1\": 0.5, \"amp\": 2}]}", f);
    fclose(f);
    result r = RUN("sim", "--asset", asset, "--scene", scene, "--steps", "30", "--every", "30",
                   "--probe", "5,5");
    if (r.status != 0) fail_msg("sim exit %d: %s", r.status, r.err);
    /* after 0.5 s at rate 2 the painted jet (2 m/s, projected) is there once */
    const char *probe = strstr(r.out, "\"step\":30");
    assert_non_null(probe);
    probe = strstr(probe, "\"probes\":[[");
    double u = strtod(probe + 11, NULL);
    print_message("sim: u(5, 5) after the excitation %.4f m/s\n", u);
    assert_true(u > 1.0 && u < 2.5);
    result_free(&r);

    f = fopen(scene, "w");
    fputs("{\"excite\": [{\"mode\": \"jot\", \"amp\": 2}]}", f);
    fclose(f);
    expect_failure(RUN("sim", "--asset", asset, "--scene", scene, "--steps", "3"), EX_DATAERR,
                   "excite[0].mode: the asset has no artist mode 'jot' (it has: jet, other)",
                   "unknown artist name");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(artist_build_reports_and_info_lists),
        cmocka_unit_test(pod_build_reports_the_rank),
        cmocka_unit_test(bad_enrichment_inputs_exit_with_their_codes),
        cmocka_unit_test(sim_excites_an_artist_mode_by_name),
    };
    return cmocka_run_group_tests_name("enrich_cli", tests, setup, teardown);
}
