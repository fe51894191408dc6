// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_cli.c - end-to-end tests of the command-line tools (precompute, sim).
 *
 * Runs the binaries in $EDDY_BIN (default build/bin) with fork/exec, stdout
 * and stderr captured to files, and checks every documented exit code with
 * its cause, that each failure prints exactly one "tool: " line on stderr and
 * nothing on stdout, and the tools' output against what was asked for. */
#include "test_util.h"
#include "tool_run.h"

#include <cJSON.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>

static char g_asset[128];   /* a small asset built by the tool itself */
static char g_scene[128];   /* a small valid scene with stirs */

/* ------------------------------------------------------------ helpers */


/* A failure: the expected code, nothing on stdout, one "tool: " line on
 * stderr containing want (if given). */
#define expect_failure(r, code, tool, want, what) \
    expect_tool_failure((r), (code), (tool), (want), (what), false)

static void expect_success(result r, const char *what)
{
    if (r.status != 0)
        fail_msg("%s: exit %d; stderr: %s", what, r.status, r.err);
}

/* Splits text into lines (modifies it); returns the count, at most max. */
static int split_lines(char *text, char **lines, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l && n < max; l = strtok_r(NULL, "\n", &save))
        lines[n++] = l;
    return n;
}

static double json_number(const cJSON *obj, const char *key)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsNumber(it))
        fail_msg("missing number '%s'", key);
    return it->valuedouble;
}

static const cJSON *json_object(const cJSON *obj, const char *key)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!cJSON_IsObject(it))
        fail_msg("missing object '%s'", key);
    return it;
}

/* ------------------------------------------------------------ fixture */

static int setup(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/eddy_cli_XXXXXX");
    if (!mkdtemp(g_dir))
        return -1;
    snprintf(g_asset, sizeof g_asset, "%s/small.eddy", g_dir);
    snprintf(g_scene, sizeof g_scene, "%s/scene.json", g_dir);
    write_text(g_scene,
               "{\"fluid\": {\"viscosity\": 0.001},\n"
               " \"init_modes\": [{\"mode\": 0, \"amp\": 1}, {\"mode\": 4, \"amp\": -0.5}],\n"
               " \"stirs\": [{\"t0\": 0.05, \"t1\": 0.15, \"x\": 3, \"y\": 6, \"radius\": 1.5,"
               " \"fx\": 200, \"fy\": -50}]}\n");
    result r = RUN("precompute", "--grid", "16", "--modes", "12", "-q", "-o", g_asset);
    int ok = r.status == 0 && exists(g_asset);
    if (!ok)
        fprintf(stderr, "setup: precompute failed (%d): %s\n", r.status, r.err);
    result_free(&r);
    return ok ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    DIR *d = opendir(g_dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            char p[512];
            snprintf(p, sizeof p, "%s/%s", g_dir, e->d_name);
            chmod(p, 0700);
            if (unlink(p) != 0)
                rmdir(p);
        }
        closedir(d);
    }
    rmdir(g_dir);
    return 0;
}

/* ------------------------------------------------------------ tests */

static void help_and_version_exit_zero(void **state)
{
    (void)state;
    const char *const tools[] = {"precompute", "sim"};
    for (int t = 0; t < 2; t++) {
        result r = RUN(tools[t], "--help");
        expect_success(r, "--help");
        assert_non_null(strstr(r.out, "usage"));
        assert_non_null(strstr(r.out, "exit codes"));
        assert_string_equal(r.err, "");
        result_free(&r);

        r = RUN(tools[t], "-h");
        expect_success(r, "-h");
        assert_non_null(strstr(r.out, "usage"));
        result_free(&r);

        r = RUN(tools[t], "--version");
        expect_success(r, "--version");
        assert_non_null(strstr(r.out, EDDY_VERSION_STRING));
        assert_int_equal(count_lines(r.out), 1);
        assert_string_equal(r.err, "");
        result_free(&r);
    }
    result r = RUN("precompute", "info", "--help");
    expect_success(r, "info --help");
    assert_non_null(strstr(r.out, "precompute info FILE"));
    result_free(&r);
}

static void usage_errors_exit_64(void **state)
{
    (void)state;
    const char *out = in_dir("never.eddy");
    /* precompute: unknown flags, malformed or out-of-range values, missing -o. */
    expect_failure(RUN("precompute", "--bogus", "-o", out), EX_USAGE, "precompute", "--bogus", "unknown long flag");
    expect_failure(RUN("precompute", "-Z", "-o", out), EX_USAGE, "precompute", "-Z", "unknown short flag");
    expect_failure(RUN("precompute", "--domain", "10x", "-o", out), EX_USAGE, "precompute", "--domain", "10x");
    expect_failure(RUN("precompute", "--domain", "10x10x10", "-o", out), EX_USAGE, "precompute", "--domain", "3 sides");
    expect_failure(RUN("precompute", "--domain", "ten", "-o", out), EX_USAGE, "precompute", "--domain", "words");
    expect_failure(RUN("precompute", "--domain", "0x5", "-o", out), EX_USAGE, "precompute", "--domain", "zero side");
    expect_failure(RUN("precompute", "--domain", "-5x5", "-o", out), EX_USAGE, "precompute", "--domain", "negative side");
    expect_failure(RUN("precompute", "--domain", "nan", "-o", out), EX_USAGE, "precompute", "--domain", "nan");
    expect_failure(RUN("precompute", "--domain", "1e999x1", "-o", out), EX_USAGE, "precompute", "--domain", "overflow");
    expect_failure(RUN("precompute", "--domain", "0x10", "-o", out), EX_USAGE, "precompute", "--domain", "hex-looking");
    expect_failure(RUN("precompute", "--domain", "1e-200", "-o", out), EX_USAGE, "precompute", "--domain", "tiny side");
    expect_failure(RUN("precompute", "--domain", "10x1e6", "-o", out), EX_USAGE, "precompute", "--domain", "huge side");
    expect_failure(RUN("precompute", "--grid", "64abc", "-o", out), EX_USAGE, "precompute", "--grid", "64abc");
    expect_failure(RUN("precompute", "--grid", "3", "-o", out), EX_USAGE, "precompute", "--grid", "grid 3");
    expect_failure(RUN("precompute", "--grid", "16x", "-o", out), EX_USAGE, "precompute", "--grid", "16x");
    expect_failure(RUN("precompute", "--grid", "16.5", "-o", out), EX_USAGE, "precompute", "--grid", "16.5");
    expect_failure(RUN("precompute", "--modes", "0", "-o", out), EX_USAGE, "precompute", "--modes", "modes 0");
    expect_failure(RUN("precompute", "--modes", "12abc", "-o", out), EX_USAGE, "precompute", "--modes", "12abc");
    expect_failure(RUN("precompute", "--modes", "99999", "-o", out), EX_USAGE, "precompute", "--modes", "too many");
    expect_failure(RUN("precompute", "--modes"), EX_USAGE, "precompute", "--modes", "missing value");
    expect_failure(RUN("precompute", "--quiet=1", "-o", out), EX_USAGE, "precompute", "--quiet", "value to a flag");
    expect_failure(RUN("precompute", "--modes", "12"), EX_USAGE, "precompute", "-o", "missing -o");
    expect_failure(RUN("precompute", "stray", "-o", out), EX_USAGE, "precompute", "stray", "stray argument");
    expect_failure(RUN("precompute", "info"), EX_USAGE, "precompute", "FILE", "info without a file");
    expect_failure(RUN("precompute", "info", g_asset, g_asset), EX_USAGE, "precompute", NULL, "info with two files");
    expect_failure(RUN("precompute", "info", "--bogus", g_asset), EX_USAGE, "precompute", "--bogus", "info flag");
    assert_false(exists(out));

    /* sim: the same discipline, plus probes outside the domain. */
    const char *A = g_asset, *S = g_scene;
    expect_failure(RUN("sim", "--bogus"), EX_USAGE, "sim", "--bogus", "sim unknown flag");
    expect_failure(RUN("sim", "--scene", S, "--steps", "5"), EX_USAGE, "sim", "--asset", "no asset");
    expect_failure(RUN("sim", "--asset", A, "--steps", "5"), EX_USAGE, "sim", "--scene", "no scene");
    expect_failure(RUN("sim", "--asset", A, "--scene", S), EX_USAGE, "sim", "--steps", "no steps");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5x"), EX_USAGE, "sim", "--steps", "5x");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "-1"), EX_USAGE, "sim", "--steps", "-1");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "--every", "0"), EX_USAGE, "sim", "--every", "every 0");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "--dt", "0"), EX_USAGE, "sim", "--dt", "dt 0");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "--dt", "1/60"), EX_USAGE, "sim", "--dt", "dt 1/60");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "--probe", "5"), EX_USAGE, "sim", "--probe", "probe 5");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "--probe", "5,5,5"), EX_USAGE, "sim", "--probe", "probe 5,5,5");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "--probe", "5,5", "--probe", "11,5"), EX_USAGE, "sim", "outside", "probe right of the domain");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "--probe", "5,-0.01"), EX_USAGE, "sim", "outside", "probe below the domain");
    expect_failure(RUN("sim", "--asset", A, "--scene", S, "--steps", "5", "extra"), EX_USAGE, "sim", "extra", "sim stray argument");
}

static void missing_inputs_exit_66(void **state)
{
    (void)state;
    const char *none = in_dir("none.eddy");
    expect_failure(RUN("precompute", "info", none), EX_NOINPUT, "precompute", "none.eddy", "info on a missing file");
    expect_failure(RUN("precompute", "info", g_dir), EX_NOINPUT, "precompute", NULL, "info on a directory");
    expect_failure(RUN("sim", "--asset", none, "--scene", g_scene, "--steps", "3"), EX_NOINPUT, "sim", "none.eddy",
                   "sim with a missing asset");
    expect_failure(RUN("sim", "--asset", g_asset, "--scene", in_dir("none.json"), "--steps", "3"), EX_NOINPUT, "sim",
                   "none.json", "sim with a missing scene");
}

static void uncreatable_output_exits_73(void **state)
{
    (void)state;
    const char *deep = in_dir("no_such_dir/level.eddy");
    expect_failure(RUN("precompute", "--grid", "16", "--modes", "12", "-o", deep), EX_CANTCREAT, "precompute",
                   "no_such_dir", "output in a missing directory");
    assert_false(exists(deep));
    expect_failure(RUN("precompute", "--grid", "16", "--modes", "12", "-o", g_dir), EX_CANTCREAT, "precompute",
                   "directory", "output onto a directory");
    if (geteuid() != 0) { /* root may write anywhere */
        const char *ro = in_dir("readonly");
        assert_int_equal(mkdir(ro, 0555), 0);
        char target[200];
        snprintf(target, sizeof target, "%s/level.eddy", ro);
        expect_failure(RUN("precompute", "--grid", "16", "--modes", "12", "-o", target), EX_CANTCREAT,
                       "precompute", NULL, "output in a read-only directory");
        assert_false(exists(target));
    }
}

static void bad_data_exits_65(void **state)
{
    (void)state;
    size_t size = 0;
    char *good = read_all(g_asset, &size);
    assert_true(size > 200);

    const char *garbage = in_dir("garbage.eddy");
    write_text(garbage, "this is not an eddy asset, just some text\n");
    const char *empty = in_dir("empty.eddy");
    write_file(empty, "", 0);
    const char *truncated = in_dir("truncated.eddy");
    write_file(truncated, good, size / 2);
    const char *flipped = in_dir("flipped.eddy");
    good[size / 2] ^= 0x40;
    write_file(flipped, good, size);
    free(good);

    const char *const bad[] = {garbage, empty, truncated, flipped};
    for (int i = 0; i < 4; i++) {
        expect_failure(RUN("precompute", "info", bad[i]), EX_DATAERR, "precompute", NULL, bad[i]);
        expect_failure(RUN("precompute", "info", "--json", bad[i]), EX_DATAERR, "precompute", NULL, bad[i]);
        expect_failure(RUN("sim", "--asset", bad[i], "--scene", g_scene, "--steps", "3"), EX_DATAERR, "sim", NULL,
                       bad[i]);
    }

    /* Scenes: invalid JSON, a malformed field, a mode the asset lacks. */
    const char *s1 = in_dir("broken.json");
    write_text(s1, "{\"fluid\": {\"viscosity\": 0.001,}\n");
    expect_failure(RUN("sim", "--asset", g_asset, "--scene", s1, "--steps", "3"), EX_DATAERR, "sim", "invalid JSON",
                   "scene with a JSON syntax error");
    const char *s2 = in_dir("negative.json");
    write_text(s2, "{\"fluid\": {\"viscosity\": -1}}");
    expect_failure(RUN("sim", "--asset", g_asset, "--scene", s2, "--steps", "3"), EX_DATAERR, "sim",
                   "fluid.viscosity", "scene with a negative viscosity");
    const char *s3 = in_dir("unknown.json");
    write_text(s3, "{\"stirz\": []}");
    expect_failure(RUN("sim", "--asset", g_asset, "--scene", s3, "--steps", "3"), EX_DATAERR, "sim", "stirz",
                   "scene with an unknown field");
    const char *s4 = in_dir("range.json");
    write_text(s4, "{\"init_modes\": [{\"mode\": 12, \"amp\": 1}]}");
    expect_failure(RUN("sim", "--asset", g_asset, "--scene", s4, "--steps", "3"), EX_DATAERR, "sim",
                   "init_modes[0].mode: 12 is outside 0..11", "scene with a mode the asset lacks");
}

/* Builds with the requested parameters, then checks that `info --json`
 * reports exactly them (compared with the request, not stored output). */
static void check_build_and_info(double w, double h, int nx, int ny, int modes)
{
    char domain[64], grid[32], count[16];
    snprintf(domain, sizeof domain, "%.17gx%.17g", w, h);
    snprintf(grid, sizeof grid, "%dx%d", nx, ny);
    snprintf(count, sizeof count, "%d", modes);
    const char *path = in_dir("built.eddy");
    result r = RUN("precompute", "--domain", domain, "--grid", grid, "--modes", count, "-o", path);
    expect_success(r, "precompute");
    assert_string_equal(r.err, ""); /* stderr is not a terminal: no progress bar */
    assert_non_null(strstr(r.out, path));
    result_free(&r);

    r = RUN("precompute", "info", path, "--json");
    expect_success(r, "info --json");
    assert_string_equal(r.err, "");
    cJSON *j = cJSON_Parse(r.out);
    if (!j)
        fail_msg("info --json is not JSON: %s", r.out);
    const cJSON *d = json_object(j, "domain"), *g = json_object(j, "grid"), *m = json_object(j, "modes");
    assert_true(json_number(d, "width") == w);
    assert_true(json_number(d, "height") == h);
    assert_true(json_number(g, "nx") == nx);
    assert_true(json_number(g, "ny") == ny);
    assert_true(json_number(m, "total") == modes);
    assert_true(json_number(m, "eigen") == modes);
    const cJSON *wave = json_object(j, "max_wave");
    assert_true(json_number(wave, "x") >= 1 && json_number(wave, "y") >= 1);
    const cJSON *t = json_object(j, "tensor");
    double nnz = json_number(t, "nonzeros");
    assert_true(nnz >= 0);
    assert_true(fabs(json_number(t, "density") - nnz / ((double)modes * modes * modes)) < 1e-12);
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_true(json_number(j, "file_size") == (double)st.st_size);
    /* The sections and the header account for the file. */
    const cJSON *secs = cJSON_GetObjectItemCaseSensitive(j, "sections");
    assert_true(cJSON_IsArray(secs) && cJSON_GetArraySize(secs) > 0);
    double sum = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, secs)
    {
        const cJSON *tag = cJSON_GetObjectItemCaseSensitive(s, "tag");
        assert_true(cJSON_IsString(tag) && strlen(tag->valuestring) == 4);
        sum += json_number(s, "size");
    }
    assert_true(sum > 0 && sum < (double)st.st_size);
    cJSON_Delete(j);
    result_free(&r);

    /* The text form says the same things. */
    r = RUN("precompute", "info", path);
    expect_success(r, "info");
    char want[64];
    snprintf(want, sizeof want, "%d x %d cells", nx, ny);
    assert_non_null(strstr(r.out, want));
    snprintf(want, sizeof want, "modes           %d", modes);
    assert_non_null(strstr(r.out, want));
    result_free(&r);
}

static void precompute_then_info_reports_the_request(void **state)
{
    (void)state;
    check_build_and_info(10, 10, 16, 16, 12);
    check_build_and_info(12.5, 7, 24, 16, 20);
    check_build_and_info(0.75, 3.25, 8, 40, 1);

    /* -q prints nothing; a failed run leaves an existing file as it was. */
    const char *path = in_dir("kept.eddy");
    result r = RUN("precompute", "--grid", "16", "--modes", "5", "-q", "-o", path);
    expect_success(r, "precompute -q");
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, "");
    result_free(&r);
    size_t before_size, after_size;
    char *before = read_all(path, &before_size);
    expect_failure(RUN("precompute", "--grid", "16", "--modes", "0", "-o", path), EX_USAGE, "precompute", NULL,
                   "bad rebuild");
    char *after = read_all(path, &after_size);
    assert_int_equal(before_size, after_size);
    assert_memory_equal(before, after, before_size);
    free(before);
    free(after);
}

/* Runs sim and returns its stdout, which must be records then a summary. */
static char *run_sim_ok(const char *const *args)
{
    result r = run_tool_to("sim", args, NULL);
    expect_success(r, "sim");
    assert_string_equal(r.err, "");
    free(r.err);
    return r.out;
}

static void check_records(long steps, long every, const char *every_text, const char *dt_text, int probes)
{
    char steps_text[32];
    snprintf(steps_text, sizeof steps_text, "%ld", steps);
    const char *args[32];
    int n = 0;
    args[n++] = "--asset", args[n++] = g_asset, args[n++] = "--scene", args[n++] = g_scene;
    args[n++] = "--steps", args[n++] = steps_text;
    if (every_text)
        args[n++] = "--every", args[n++] = every_text;
    if (dt_text)
        args[n++] = "--dt", args[n++] = dt_text;
    static const char *const probe_args[] = {"5,5", "0,0", "10,10", "2.5,7.25"};
    for (int p = 0; p < probes; p++)
        args[n++] = "--probe", args[n++] = probe_args[p];
    args[n] = NULL;
    char *out = run_sim_ok(args);

    long want_records = steps / every + 1;
    char *lines[4096];
    int count = split_lines(out, lines, 4096);
    assert_int_equal(count, want_records + 1);
    double dt = dt_text ? atof(dt_text) : 1.0 / 60.0;
    for (int i = 0; i < count - 1; i++) {
        cJSON *rec = cJSON_Parse(lines[i]);
        if (!rec)
            fail_msg("record %d is not JSON: %s", i, lines[i]);
        assert_true(json_number(rec, "step") == (double)(i * every));
        assert_true(json_number(rec, "t") == (double)(i * every) * dt);
        double e = json_number(rec, "energy");
        assert_true(isfinite(e) && e > 0);
        const cJSON *pr = cJSON_GetObjectItemCaseSensitive(rec, "probes");
        assert_true(cJSON_IsArray(pr));
        assert_int_equal(cJSON_GetArraySize(pr), probes);
        const cJSON *uv;
        cJSON_ArrayForEach(uv, pr)
        {
            assert_true(cJSON_IsArray(uv) && cJSON_GetArraySize(uv) == 2);
            assert_true(cJSON_IsNumber(uv->child) && cJSON_IsNumber(uv->child->next));
        }
        cJSON_Delete(rec);
    }
    cJSON *sum_line = cJSON_Parse(lines[count - 1]);
    if (!sum_line)
        fail_msg("summary is not JSON: %s", lines[count - 1]);
    const cJSON *sum = json_object(sum_line, "summary");
    assert_true(json_number(sum, "steps") == (double)steps);
    assert_true(json_number(sum, "modes") == 12);
    assert_true(json_number(sum, "records") == (double)want_records);
    const cJSON *tm = json_object(sum, "timings_ms");
    static const char *const phases[] = {"forces", "advect", "diffuse", "total"};
    for (int p = 0; p < 4; p++) {
        const cJSON *ph = json_object(tm, phases[p]);
        if (steps > 0) {
            double mean = json_number(ph, "mean"), median = json_number(ph, "median"),
                   max = json_number(ph, "max");
            assert_true(mean >= 0 && median >= 0 && max >= median && max >= mean);
        }
    }
    cJSON_Delete(sum_line);
    free(out);
}

static void sim_prints_one_record_per_k_steps(void **state)
{
    (void)state;
    check_records(10, 3, "3", NULL, 2);
    check_records(12, 4, "4", "0.02", 1);
    check_records(5, 1, NULL, NULL, 0);
    check_records(0, 1, NULL, NULL, 4);
    check_records(7, 100, "100", "0.001", 3);
    check_records(240, 1, NULL, NULL, 1);
}

static double record_energy(const char *line)
{
    cJSON *rec = cJSON_Parse(line);
    if (!rec)
        fail_msg("not JSON: %s", line);
    double e = json_number(rec, "energy");
    cJSON_Delete(rec);
    return e;
}

static void inviscid_run_keeps_its_energy(void **state)
{
    (void)state;
    const char *scene = in_dir("inviscid.json");
    write_text(scene, "{\"fluid\": {\"viscosity\": 0},"
                      " \"init_modes\": [{\"mode\": 0, \"amp\": 1.0}, {\"mode\": 1, \"amp\": -0.7},"
                      " {\"mode\": 3, \"amp\": 0.4}, {\"mode\": 6, \"amp\": 0.9}, {\"mode\": 11, \"amp\": 0.3}]}");
    char *out = run_sim_ok((const char *const[]){"--asset", g_asset, "--scene", scene, "--steps", "600",
                                                 "--every", "100", "--probe", "3,3", NULL});
    char *lines[16];
    int n = split_lines(out, lines, 16);
    assert_int_equal(n, 8);
    double first = record_energy(lines[0]), last = record_energy(lines[n - 2]);
    assert_true(first > 0);
    if (!(fabs(last - first) <= 1e-9 * first))
        fail_msg("energy drifted from %.17g to %.17g", first, last);
    /* The modes did interact: the velocity at the probe changed. */
    const char *p0 = strstr(lines[0], "\"probes\""), *p1 = strstr(lines[n - 2], "\"probes\"");
    assert_true(p0 && p1 && strcmp(p0, p1) != 0);
    free(out);

    /* With viscosity the same run loses energy. */
    const char *viscous = in_dir("viscous.json");
    write_text(viscous, "{\"fluid\": {\"viscosity\": 0.01},"
                        " \"init_modes\": [{\"mode\": 0, \"amp\": 1.0}, {\"mode\": 6, \"amp\": 0.9}]}");
    out = run_sim_ok((const char *const[]){"--asset", g_asset, "--scene", viscous, "--steps", "600",
                                           "--every", "600", NULL});
    n = split_lines(out, lines, 16);
    assert_int_equal(n, 3);
    assert_true(record_energy(lines[1]) < record_energy(lines[0]));
    free(out);
}

/* A full disk: the output cannot be written, which must not pass for success. */
static void unwritable_stdout_exits_74(void **state)
{
    (void)state;
    if (!exists("/dev/full"))
        skip();
    expect_failure(run_tool_to("sim", (const char *const[]){"--asset", g_asset, "--scene", g_scene, "--steps",
                                                            "20", NULL}, "/dev/full"),
                   EX_IOERR, "sim", "standard output", "sim > /dev/full");
    expect_failure(run_tool_to("precompute", (const char *const[]){"info", "--json", g_asset, NULL}, "/dev/full"),
                   EX_IOERR, "precompute", "standard output", "info > /dev/full");
}

static void sim_is_deterministic(void **state)
{
    (void)state;
    const char *const args[] = {"--asset", g_asset, "--scene", g_scene, "--steps", "120", "--every", "7",
                                "--probe", "5,5", "--probe", "1.25,8.5", NULL};
    char *a = run_sim_ok(args);
    char *b = run_sim_ok(args);
    char *la[64], *lb[64];
    int na = split_lines(a, la, 64), nb = split_lines(b, lb, 64);
    assert_int_equal(na, 120 / 7 + 2);
    assert_int_equal(na, nb);
    for (int i = 0; i < na - 1; i++) /* every record; the summary has timings */
        assert_string_equal(la[i], lb[i]);
    assert_non_null(strstr(lb[na - 1], "\"summary\""));
    free(a);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(help_and_version_exit_zero),
        cmocka_unit_test(usage_errors_exit_64),
        cmocka_unit_test(missing_inputs_exit_66),
        cmocka_unit_test(uncreatable_output_exits_73),
        cmocka_unit_test(bad_data_exits_65),
        cmocka_unit_test(precompute_then_info_reports_the_request),
        cmocka_unit_test(sim_prints_one_record_per_k_steps),
        cmocka_unit_test(inviscid_run_keeps_its_energy),
        cmocka_unit_test(unwritable_stdout_exits_74),
        cmocka_unit_test(sim_is_deterministic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
