// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_paint.c - eddy-paint's headless half: the document (painting, undo
 * and redo, project, step, record, modes, files) and the script language,
 * linked without SDL; the reduced preview with an enriched basis; then the
 * binary's --script mode end to end when
 * $EDDY_BIN/eddy-paint exists. */
#include "test_util.h"

#include "paint_doc.h"
#include "paint_preview.h"
#include "paint_script.h"
#include "fault_write.h"
#include <eddy/eddy_grid.h> /* eddy_grid_estimate */

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>

static char g_dir[64]; /* scratch directory of this run */

static const char *in_dir(const char *name)
{
    static char ring[8][192];
    static int next;
    char *p = ring[next++ % 8];
    snprintf(p, sizeof ring[0], "%s/%s", g_dir, name);
    return p;
}

static unsigned char *read_bytes(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot read %s: %s", path, strerror(errno));
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n + 1);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    buf[n] = 0;
    *size = (size_t)n;
    return buf;
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        fail_msg("cannot write %s: %s", path, strerror(errno));
    fputs(text, f);
    fclose(f);
}

static paint_doc *new_doc(void)
{
    paint_doc *doc = NULL;
    eddy_error err = {0};
    if (paint_doc_create(10, 10, 64, 64, &doc, &err) != EDDY_OK)
        fail_msg("create: %s", err.message);
    return doc;
}

/* Scripts of these tests are held in memory (their source names no file
 * in the scratch directory), so their saves go to it through save_dir. */
static paint_script_options scratch_saves(void)
{
    paint_script_options o = {.save_dir = g_dir};
    return o;
}

/* Runs script text on doc; fails the test on an error. */
static void run_ok(paint_doc *doc, const char *text)
{
    paint_script_error e;
    paint_script_options o = scratch_saves();
    if (paint_script_run_with(doc, text, strlen(text), "test", &o, NULL, &e) != EDDY_OK)
        fail_msg("script failed: %s", e.message);
}

static double *copy_field(const paint_doc *doc)
{
    size_t n = (size_t)paint_doc_field_size(doc);
    double *f = malloc(n * sizeof *f);
    memcpy(f, paint_doc_field(doc), n * sizeof *f);
    return f;
}

static bool same_field(const paint_doc *doc, const double *f)
{
    return memcmp(paint_doc_field(doc), f, (size_t)paint_doc_field_size(doc) * sizeof *f) == 0;
}

/* Largest |a - b| over a field. */
static double field_distance(const double *a, const double *b, int n)
{
    double m = 0;
    for (int k = 0; k < n; ++k)
        m = fmax(m, fabs(a[k] - b[k]));
    return m;
}

static double max_abs_divergence(const eddy_mac *g, const double *f)
{
    double *div = malloc(sizeof(double) * (size_t)g->nx * (size_t)g->ny);
    eddy_mac_divergence(g, f, div);
    double m = 0;
    for (int k = 0; k < g->nx * g->ny; ++k)
        m = fmax(m, fabs(div[k]));
    free(div);
    return m;
}

static const char JET[] = "# the chapter's jet\n"
                          "grid 10 10 64 64\n"
                          "name jet\n"
                          "brush radius 0.45 strength 2 mode set\n"
                          "stroke 0 5 10 5\n"
                          "project\n";

/* ------------------------------------------------------------ the jet */

static void test_jet_script_saves_loadable_divergence_free_mode(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    char text[512];
    snprintf(text, sizeof text, "%ssave %s\n", JET, in_dir("jet.mode"));
    run_ok(doc, text);

    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    eddy_mode_grid want = {10, 10, 64, 64};
    if (eddy_mode_set_load(in_dir("jet.mode"), &want, &set, &err) != EDDY_OK)
        fail_msg("load: %s", err.message);
    assert_string_equal(eddy_mode_set_name(set), "jet");
    assert_int_equal(eddy_mode_set_kind(set), EDDY_MODE_PAINTED);
    assert_int_equal(eddy_mode_set_count(set), 1);
    eddy_mode_grid g = eddy_mode_set_grid(set);
    assert_int_equal(g.nx, 64);
    assert_int_equal(g.ny, 64);
    assert_true(g.width == 10 && g.height == 10);

    const double *f = eddy_mode_set_field_const(set, 0);
    eddy_mac mac = eddy_mac_make(10, 10, 64, 64);
    double speed = 0;
    for (int k = 0; k < eddy_mac_size(&mac); ++k)
        speed = fmax(speed, fabs(f[k]));
    /* Divergence-free to round-off against the field's own scale. */
    assert_true(max_abs_divergence(&mac, f) < 1e-10 * speed / mac.hx);
    /* A jet: fast and rightwards on its axis, slow far from it. */
    double uv[2];
    paint_doc_velocity(doc, 5.0, 5.0, uv);
    assert_true(uv[0] > 1.0);
    assert_true(fabs(uv[1]) < 0.1 * uv[0]);
    paint_doc_velocity(doc, 5.0, 1.5, uv);
    assert_true(fabs(uv[0]) < 0.5);
    /* The file holds what the document shows (already projected). */
    assert_memory_equal(f, paint_doc_field(doc), sizeof(double) * (size_t)eddy_mac_size(&mac));
    eddy_mode_set_destroy(set);
    paint_doc_destroy(doc);
}

static void test_save_projects_copies_not_the_document(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    run_ok(doc, "stroke 2 2 8 8\n");
    double *raw = copy_field(doc);
    assert_true(paint_doc_max_divergence(doc) > 1.0);
    eddy_error err = {0};
    assert_int_equal(paint_doc_save(doc, in_dir("raw.mode"), &err), EDDY_OK);
    assert_true(same_field(doc, raw));
    assert_false(paint_doc_dirty(doc));

    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_load(in_dir("raw.mode"), NULL, &set, &err), EDDY_OK);
    eddy_mac mac = eddy_mac_make(10, 10, 64, 64);
    assert_true(max_abs_divergence(&mac, eddy_mode_set_field_const(set, 0)) < 1e-9);
    eddy_mode_set_destroy(set);
    free(raw);
    paint_doc_destroy(doc);
}

/* ------------------------------------------------------------ brush */

static void test_stroke_direction_and_modes(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    double uv[2];
    run_ok(doc, "brush radius 1 strength 3\nstroke 2 5 8 5\n");
    paint_doc_velocity(doc, 5, 5, uv);
    assert_true(uv[0] > 2.5 && uv[0] <= 3.0);
    assert_true(fabs(uv[1]) < 1e-12);
    /* Painting over in set mode does not grow past the brush velocity. */
    run_ok(doc, "stroke 2 5 8 5\nstroke 2 5 8 5\n");
    paint_doc_velocity(doc, 5, 5, uv);
    assert_true(uv[0] <= 3.0 + 1e-12);
    /* The other way round reverses it. */
    run_ok(doc, "clear\nstroke 8 5 2 5\n");
    paint_doc_velocity(doc, 5, 5, uv);
    assert_true(uv[0] < -2.5);
    /* Vertical strokes paint v; add mode accumulates. */
    run_ok(doc, "clear\nbrush mode add strength 1\nstroke 5 2 5 8\n");
    paint_doc_velocity(doc, 5, 5, uv);
    double once = uv[1];
    run_ok(doc, "stroke 5 2 5 8\n");
    paint_doc_velocity(doc, 5, 5, uv);
    assert_true(once > 0.5);
    assert_true(fabs(uv[1] - 2 * once) < 1e-12);
    /* Far from every stroke nothing moved, and walls never carry flow. */
    paint_doc_velocity(doc, 1, 9, uv);
    assert_true(uv[0] == 0 && uv[1] == 0);
    paint_doc_destroy(doc);
}

static void test_brush_is_smooth_and_local(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    run_ok(doc, "brush radius 1 strength 1\nstroke 1 5 9 5\n");
    double prev = 2, uv[2];
    for (int k = 0; k <= 20; ++k) { /* falls monotonically from the axis outwards */
        paint_doc_velocity(doc, 5, 5.08 + 0.05 * k, uv);
        assert_true(uv[0] <= prev + 1e-15);
        prev = uv[0];
    }
    paint_doc_velocity(doc, 5, 6.2, uv);
    assert_true(uv[0] == 0);
    paint_doc_destroy(doc);
}

static void test_erase_fades_to_zero(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    run_ok(doc, "brush radius 2 strength 2\nstroke 0 5 10 5\nerase 5 5 1.5\n");
    double uv[2];
    paint_doc_velocity(doc, 5, 5.08, uv);
    assert_true(fabs(uv[0]) < 0.05);
    paint_doc_velocity(doc, 1, 5.08, uv);
    assert_true(uv[0] > 1.5);
    /* Erasing along a polyline with a wider brush leaves a little of the
     * rim (the falloff is smooth); a second pass leaves less. */
    run_ok(doc, "erase 0 5 10 5 4\n");
    double once = paint_doc_max_speed(doc);
    assert_true(once < 0.3);
    run_ok(doc, "erase 0 5 10 5 4\n");
    assert_true(paint_doc_max_speed(doc) < 0.25 * once);
    paint_doc_destroy(doc);
}

/* ------------------------------------------------------------ undo */

static void test_undo_redo_restore_exact_fields(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    double *f0 = copy_field(doc);
    run_ok(doc, "brush radius 0.7 strength 2.5\nstroke 1 1 9 3 4 8\n");
    double *f1 = copy_field(doc);
    run_ok(doc, "project\n");
    double *f2 = copy_field(doc);
    run_ok(doc, "step 5 0.05\n");
    double *f3 = copy_field(doc);
    assert_false(same_field(doc, f2));

    run_ok(doc, "undo\n");
    assert_true(same_field(doc, f2));
    run_ok(doc, "undo 2\n");
    assert_true(same_field(doc, f0));
    assert_int_equal(paint_doc_redo_count(doc), 3);
    run_ok(doc, "redo\n");
    assert_true(same_field(doc, f1));
    run_ok(doc, "redo 2\n");
    assert_true(same_field(doc, f3));

    paint_script_error e;
    assert_int_not_equal(paint_script_line(doc, "redo", "t", 7, NULL, &e), EDDY_OK);
    assert_int_equal(e.line, 7);
    assert_non_null(strstr(e.message, "nothing to redo"));

    /* A new edit after an undo forgets the redo history. */
    run_ok(doc, "undo\nerase 5 5 1\n");
    assert_int_equal(paint_doc_redo_count(doc), 0);
    run_ok(doc, "undo\n");
    assert_true(same_field(doc, f2));
    free(f0), free(f1), free(f2), free(f3);
    paint_doc_destroy(doc);
}

static void test_live_stroke_equals_script_stroke(void **state)
{
    (void)state;
    const double xy[] = {1, 1, 2, 1.5, 3, 2.5, 4.5, 2.5, 6, 4};
    paint_doc *a = new_doc(), *b = new_doc();
    eddy_error err = {0};
    assert_int_equal(paint_doc_stroke(a, xy, 5, &err), EDDY_OK);
    double *before = copy_field(b);
    assert_int_equal(paint_doc_begin_edit(b, &err), EDDY_OK);
    for (int n = 2; n <= 5; ++n) /* the window re-applies the growing polyline */
        assert_int_equal(paint_doc_stroke_live(b, xy, n, &err), EDDY_OK);
    paint_doc_end_edit(b);
    assert_memory_equal(paint_doc_field(a), paint_doc_field(b),
                        sizeof(double) * (size_t)paint_doc_field_size(a));
    assert_int_equal(paint_doc_undo_count(b), 1);
    assert_int_equal(paint_doc_undo(b, &err), EDDY_OK);
    assert_true(same_field(b, before));
    free(before);
    paint_doc_destroy(a);
    paint_doc_destroy(b);
}

static void test_history_memory_is_bounded(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    size_t field = sizeof(double) * (size_t)paint_doc_field_size(doc);
    paint_doc_set_history_budget(doc, 10 * field);
    double *kept[12];
    for (int k = 0; k < 40; ++k) {
        char line[96];
        snprintf(line, sizeof line, "stroke 1 %g 9 %g\n", 1 + 0.2 * k, 1 + 0.2 * k);
        if (k >= 28)
            kept[k - 28] = copy_field(doc);
        run_ok(doc, line);
        assert_true(paint_doc_history_bytes(doc) <= 10 * field);
    }
    assert_int_equal(paint_doc_undo_count(doc), 10);
    for (int k = 11; k >= 2; --k) { /* the ten newest edits undo exactly */
        run_ok(doc, "undo\n");
        assert_true(same_field(doc, kept[k]));
    }
    paint_script_error e;
    assert_int_not_equal(paint_script_line(doc, "undo", "t", 1, NULL, &e), EDDY_OK);
    /* Even a budget below one field keeps the latest edit undoable. */
    paint_doc_set_history_budget(doc, 1);
    run_ok(doc, "stroke 1 1 2 2\n");
    assert_int_equal(paint_doc_undo_count(doc), 1);
    for (int k = 0; k < 12; ++k)
        free(kept[k]);
    paint_doc_destroy(doc);
}

/* ------------------------------------------------------------ script errors */

typedef struct bad_line {
    const char *text;
    const char *needle; /* expected in the message */
} bad_line;

static void test_bad_lines_are_refused_with_line_number(void **state)
{
    (void)state;
    static const bad_line cases[] = {
        {"strok 1 1 2 2", "unknown command 'strok'"},
        {"stroke 1 1 2", "two or more points"},
        {"stroke 1 1", "two or more points"},
        {"stroke", "two or more points"},
        {"stroke nan 1 2 2", "'nan' is not a finite"},
        {"stroke 1 1 inf 2", "'inf' is not a finite"},
        {"stroke 1 1 0x10 2", "'0x10' is not a finite"},
        {"stroke 1 1 11 2", "outside the domain"},
        {"stroke -0.5 1 2 2", "outside the domain"},
        {"stroke 3 3 3 3", "zero length"},
        {"erase 5 5", "radius"},
        {"erase 5 5 0", "brush radius 0"},
        {"erase 5 50 1", "outside the domain"},
        {"brush radius", "key and value pairs"},
        {"brush radius -1", "radius -1"},
        {"brush strength nan", "'nan' is not a finite"},
        {"brush mode paint", "must be set or add"},
        {"brush size 3", "unknown setting 'size'"},
        {"step 0 0.1", "step count N '0'"},
        {"step 10", "needs more"},
        {"step 10 -0.1", "must be positive"},
        {"step 2.5 0.1", "whole number"},
        {"record 3 nan", "'nan' is not a finite"},
        {"grid 10 10 1 64", "cells NX '1'"},
        {"grid 0 10 64 64", "positive sides"},
        {"grid 10 10 64", "needs more"},
        {"undo 0", "count N '0'"},
        {"undo", "nothing to undo"},
        {"mode select 2", "no mode 2"},
        {"mode remove", "only mode"},
        {"mode paint", "unknown verb 'paint'"},
        {"name", "missing NAME"},
        {"save", "missing PATH"},
        {"save-snapshots x.mode", "nothing recorded"},
        {"project now", "unexpected 'now'"},
        {"info 3", "unexpected '3'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
        paint_doc *doc = new_doc();
        char text[256];
        /* Two good lines first, so the bad one is line 3. */
        snprintf(text, sizeof text, "# header\nbrush radius 0.5\n%s\nstroke 1 1 2 2\n",
                 cases[k].text);
        double *before = copy_field(doc);
        paint_script_error e;
        eddy_result rc = paint_script_run(doc, text, strlen(text), "cases.txt", NULL, &e);
        if (rc == EDDY_OK)
            fail_msg("'%s' was accepted", cases[k].text);
        assert_int_equal(e.line, 3);
        assert_int_equal(e.kind, PAINT_FAIL_LINE);
        assert_int_equal(paint_exit_code(&e), EX_DATAERR);
        if (strncmp(e.message, "cases.txt:3: ", 13) != 0 || !strstr(e.message, cases[k].needle))
            fail_msg("'%s' gave '%s', expected '%s'", cases[k].text, e.message,
                     cases[k].needle);
        /* The script stopped: the refused line and the next changed nothing. */
        assert_true(same_field(doc, before));
        free(before);
        paint_doc_destroy(doc);
    }
}

static void test_comments_blank_lines_and_crlf(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    static const char text[] = "\n   \n# a comment\r\n  name   my jet # trailing comment\r\n"
                               "\tstroke 1 5 9 5   # along x\r\nproject";
    run_ok(doc, text);
    assert_string_equal(paint_doc_name(doc), "my jet");
    assert_int_equal(paint_doc_undo_count(doc), 2);
    paint_script_error e;
    assert_int_not_equal(paint_script_run(doc, "info\n\0stroke", 13, "z", NULL, &e), EDDY_OK);
    assert_int_equal(e.line, 2);
    assert_non_null(strstr(e.message, "NUL"));
    paint_doc_destroy(doc);
}

/* ------------------------------------------------------------ solver, modes */

static void test_step_and_record_snapshots(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    char text[512];
    snprintf(text, sizeof text,
             "%srecord 6 0.05\nsave-snapshots %s\nload %s\n", JET, in_dir("run.mode"),
             in_dir("run.mode"));
    paint_script_error e;
    paint_script_options o = scratch_saves();
    assert_int_not_equal(paint_script_run_with(doc, text, strlen(text), "rec", &o, NULL, &e),
                         EDDY_OK);
    assert_int_equal(e.line, 9);
    assert_int_equal(e.kind, PAINT_FAIL_READ);
    assert_non_null(strstr(e.message, "snapshots"));
    assert_int_equal(paint_doc_frame_count(doc), 6);
    /* Each frame is divergence-free (the solver projects every step). */
    eddy_mac mac = eddy_mac_make(10, 10, 64, 64);
    for (int k = 0; k < 6; ++k)
        assert_true(max_abs_divergence(&mac, paint_doc_frame(doc, k)) < 1e-9);
    assert_true(same_field(doc, paint_doc_frame(doc, 5)));

    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_mode_set_load(in_dir("run.mode"), NULL, &set, &err), EDDY_OK);
    assert_int_equal(eddy_mode_set_kind(set), EDDY_MODE_SNAPSHOTS);
    assert_int_equal(eddy_mode_set_count(set), 6);
    assert_string_equal(eddy_mode_set_name(set), "jet");
    eddy_mode_set_destroy(set);

    /* Undoing the recording run restores the field; the frames stay. */
    run_ok(doc, "undo\n");
    assert_int_equal(paint_doc_frame_count(doc), 6);
    assert_true(paint_doc_max_divergence(doc) < 1e-9);
    run_ok(doc, "drop-snapshots\n");
    assert_int_equal(paint_doc_frame_count(doc), 0);
    paint_doc_destroy(doc);
}

static void test_several_modes_round_trip(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    char text[512];
    snprintf(text, sizeof text,
             "grid 8 4 32 16\nname pair\nstroke 1 2 7 2\nmode add\nstroke 4 0.5 4 3.5\n"
             "mode add\nmode select 2\nsave %s\n",
             in_dir("pair.mode"));
    run_ok(doc, text);
    assert_int_equal(paint_doc_page_count(doc), 3);
    double *second = copy_field(doc);

    paint_doc *back = new_doc();
    snprintf(text, sizeof text, "load %s\n", in_dir("pair.mode"));
    run_ok(back, text);
    assert_int_equal(paint_doc_page_count(back), 3);
    assert_int_equal(paint_doc_mac(back)->nx, 32);
    assert_int_equal(paint_doc_mac(back)->ny, 16);
    assert_string_equal(paint_doc_name(back), "pair");
    assert_false(paint_doc_dirty(back));
    /* The file holds the projected modes. */
    run_ok(back, "mode select 2\n");
    run_ok(doc, "project\n");
    assert_true(field_distance(paint_doc_field(back), paint_doc_field(doc),
                               paint_doc_field_size(doc)) < 1e-12);

    /* Removing a mode drops its undo entries and renumbers the others'. */
    run_ok(doc, "mode select 1\nerase 4 2 1\nmode select 2\nmode remove\n");
    assert_int_equal(paint_doc_page_count(doc), 2);
    assert_int_equal(paint_doc_page(doc), 1);
    run_ok(doc, "undo\n"); /* the erase on mode 1 */
    assert_int_equal(paint_doc_page(doc), 0);
    free(second);
    paint_doc_destroy(back);
    paint_doc_destroy(doc);
}

/* ------------------------------------------------------------ files */

static void test_interrupted_save_keeps_previous_file(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    char text[512];
    snprintf(text, sizeof text, "%ssave %s\n", JET, in_dir("safe.mode"));
    run_ok(doc, text);
    size_t size0 = 0;
    unsigned char *before = read_bytes(in_dir("safe.mode"), &size0);

    run_ok(doc, "name changed\nstroke 5 1 5 9\n");
    snprintf(text, sizeof text, "save %s", in_dir("safe.mode"));
    static const size_t limits[] = {1, 100, 4000, 60000};
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; ++k) {
        test_fail_writes_after(limits[k]);
        paint_script_error e;
        paint_script_options o = scratch_saves();
        eddy_result rc = paint_script_line_with(doc, text, "s", 4, &o, NULL, &e);
        test_fail_writes_after(0);
        assert_int_not_equal(rc, EDDY_OK);
        assert_int_equal(e.kind, PAINT_FAIL_WRITE);
        assert_int_equal(paint_exit_code(&e), EX_CANTCREAT);
        assert_true(paint_doc_dirty(doc));
        size_t size1 = 0;
        unsigned char *after = read_bytes(in_dir("safe.mode"), &size1);
        assert_int_equal(size1, size0);
        assert_memory_equal(after, before, size0);
        free(after);
    }
    /* No temporary files are left behind. */
    char cmd[256];
    snprintf(cmd, sizeof cmd, "ls %s | grep -c tmp > /dev/null", g_dir);
    assert_int_not_equal(system(cmd), 0);
    /* And a save that is not interrupted replaces it. */
    paint_script_error e;
    paint_script_options o = scratch_saves();
    assert_int_equal(paint_script_line_with(doc, text, "s", 5, &o, NULL, &e), EDDY_OK);
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_mode_set_load(in_dir("safe.mode"), NULL, &set, &err), EDDY_OK);
    assert_string_equal(eddy_mode_set_name(set), "changed");
    eddy_mode_set_destroy(set);
    free(before);
    paint_doc_destroy(doc);
}

static void test_load_failures_leave_document(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    run_ok(doc, "name keep\nstroke 1 1 5 5\n");
    double *before = copy_field(doc);
    write_text(in_dir("junk.mode"), "not a mode file at all");
    char text[256];
    paint_script_error e;
    snprintf(text, sizeof text, "load %s", in_dir("missing.mode"));
    assert_int_not_equal(paint_script_line(doc, text, "l", 1, NULL, &e), EDDY_OK);
    assert_int_equal(paint_exit_code(&e), EX_NOINPUT);
    snprintf(text, sizeof text, "load %s", in_dir("junk.mode"));
    assert_int_not_equal(paint_script_line(doc, text, "l", 2, NULL, &e), EDDY_OK);
    assert_int_equal(paint_exit_code(&e), EX_DATAERR);
    assert_string_equal(paint_doc_name(doc), "keep");
    assert_true(same_field(doc, before));
    free(before);
    paint_doc_destroy(doc);
}

/* A relative path a script reads is looked for beside the script first, then
 * in the working directory (docs/paint.md): the shipped scripts name their
 * level as ../levels/NAME.json, which holds in the tree and once installed. */
static void test_script_reads_beside_itself(void **state)
{
    (void)state;
    char sub[128];
    snprintf(sub, sizeof sub, "%s/scripts", g_dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    write_text(in_dir("rock.json"),
               "{ \"walls\": [ { \"shape\": \"circle\", \"x\": 5, \"y\": 5, \"radius\": 1 } ] }");
    write_text(in_dir("scripts/s.paint"), "grid 10 10 32 32\nwalls ../rock.json\n");
    paint_doc *doc = new_doc();
    paint_script_error e;
    if (paint_script_run_file(doc, in_dir("scripts/s.paint"), NULL, &e) != EDDY_OK)
        fail_msg("%s", e.message);
    assert_int_equal(paint_doc_wall_count(doc), 1);
    /* from memory (no script file) the same line is relative to the working
       directory, where there is no ../rock.json */
    assert_int_not_equal(paint_script_line(doc, "walls ../rock.json", "m", 1, NULL, &e), EDDY_OK);
    assert_int_equal(paint_exit_code(&e), EX_NOINPUT);
    /* and a path that exists only relative to the working directory still works */
    assert_int_equal(paint_script_line(doc, "grid 12 7.5 64 40", "m", 2, NULL, &e), EDDY_OK);
    if (paint_script_line(doc, "walls assets/levels/07-cave.json", "m", 3, NULL, &e) != EDDY_OK)
        fail_msg("%s", e.message);
    assert_true(paint_doc_wall_count(doc) >= 1);
    paint_doc_destroy(doc);
}

/* ------------------------------------------------------------ preview */

static void test_preview_enriched_basis_holds_the_jet(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    run_ok(doc, JET);
    paint_preview *p = NULL;
    eddy_error err = {0};
    if (paint_preview_create(doc, 0, 0.0, &p, &err) != EDDY_OK)
        fail_msg("preview: %s", err.message);
    paint_preview_info info;
    paint_preview_get_info(p, &info);
    assert_int_equal(info.eigen_modes, PAINT_PREVIEW_EIGEN_MODES);
    assert_int_equal(info.grid_modes, 1);
    /* The chapter's point (5.4): eigenmodes alone hold the jet poorly, the
     * enriched basis holds all of it. */
    assert_true(info.capture_eigen < 0.7);
    assert_true(info.capture_enriched > 0.999999);
    assert_true(paint_preview_source_version(p) == paint_doc_version(doc));

    /* Excited once, the enriched fluid is the painted field; the eigen one
     * has a much weaker jet axis. */
    double xy[4] = {5.0, 5.0, 2.5, 5.0}, uv[4], painted[2];
    paint_preview_velocity(p, PAINT_PREVIEW_ENRICHED, 2, xy, uv);
    paint_doc_velocity(doc, 5.0, 5.0, painted);
    assert_true(fabs(uv[0] - painted[0]) < 0.02 * painted[0]);
    double eigen_uv[4];
    paint_preview_velocity(p, PAINT_PREVIEW_EIGEN, 2, xy, eigen_uv);
    assert_true(eigen_uv[0] < 0.9 * uv[0]);
    /* The energies are the captured shares of the mode's energy. */
    assert_true(fabs(info.energy[0] / info.energy[1] - info.capture_eigen) < 1e-6);

    /* Stepping keeps both inviscid sides' energy; a kick doubles the state. */
    double e0 = info.energy[1];
    for (int k = 0; k < 60; ++k)
        assert_int_equal(paint_preview_step(p, 1.0 / 60, 0.0, &err), EDDY_OK);
    paint_preview_get_info(p, &info);
    assert_true(fabs(info.energy[1] - e0) < 1e-6 * e0);
    assert_true(fabs(info.time - 1.0) < 1e-12);
    paint_preview_reset(p);
    assert_int_equal(paint_preview_kick(p, 2.0, &err), EDDY_OK);
    paint_preview_get_info(p, &info);
    assert_true(fabs(info.energy[1] - 4 * e0) < 1e-9 * e0);
    assert_int_equal(paint_preview_step(p, 1.0 / 60, 1.0, &err), EDDY_OK);
    assert_int_not_equal(paint_preview_step(p, 0.0, 0.0, &err), EDDY_OK);
    paint_preview_destroy(p);

    /* An empty mode has nothing to enrich with: refused with a message. */
    run_ok(doc, "clear\n");
    p = NULL;
    assert_int_not_equal(paint_preview_create(doc, 0, 0.0, &p, &err), EDDY_OK);
    assert_null(p);
    assert_true(strlen(err.message) > 0);
    paint_doc_destroy(doc);
}

/* Rock standing free of the tank walls (an island) adds one circulation
 * mode per island to the basis (the walled domain's harmonic modes): the
 * preview's eigen side then has more modes than asked for, and exciting it
 * must use all of them. The shipped level 8's island, with the current
 * painted round it. */
static void test_preview_with_an_island(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    eddy_error err = {0};
    if (paint_doc_open_level(doc, "assets/levels/08-island.json", &err) != EDDY_OK)
        fail_msg("open level: %s", err.message);
    /* counter-clockwise round the island, as assets/modes/round-island.paint */
    run_ok(doc, "brush radius 0.8 strength 2\nstroke 10 6.2 2.5 6.2 2.5 1.5 9.5 1.5 9.5 6\n"
                "project\n");
    paint_preview *p = NULL;
    if (paint_preview_create(doc, 40, 0.0, &p, &err) != EDDY_OK)
        fail_msg("preview with an island: %s", err.message);
    paint_preview_info info;
    paint_preview_get_info(p, &info);
    assert_int_equal(info.eigen_modes, 40 + 1); /* one island */
    assert_int_equal(info.grid_modes, 1);
    assert_true(info.capture_enriched > 0.999999);
    assert_true(info.capture_eigen > 0 && info.capture_eigen < 1);
    /* The energies are the captured shares of the mode's energy, on both
     * sides: the eigen kick took every mode of E, island mode included. */
    assert_true(fabs(info.energy[0] / info.energy[1] - info.capture_eigen) < 1e-6);
    assert_int_equal(paint_preview_kick(p, 1.0, &err), EDDY_OK);
    for (int k = 0; k < 30; ++k)
        assert_int_equal(paint_preview_step(p, 1.0 / 60, 1.0, &err), EDDY_OK);
    /* A refused kick says why, once, and leaves both sides as they were. */
    paint_preview_get_info(p, &info);
    double before[2] = {info.energy[0], info.energy[1]};
    assert_int_not_equal(paint_preview_kick(p, NAN, &err), EDDY_OK);
    assert_null(strstr(err.message, "preview:"));
    assert_int_not_equal(paint_preview_kick(p, 1e300, &err), EDDY_OK);
    assert_non_null(strstr(err.message, "non-finite"));
    paint_preview_get_info(p, &info);
    assert_true(info.energy[0] == before[0] && info.energy[1] == before[1]);
    paint_preview_destroy(p);

    /* The cave with one hand-laid 0.26 m circle of rock, projected. */
    assert_int_equal(paint_doc_open_level(doc, "assets/levels/07-cave.json", &err), EDDY_OK);
    run_ok(doc, "brush radius 0.6 strength 1.5\nstroke 1 5.5 11 5.5\nwall circle 6 5.5 0.26\n"
                "project\n");
    p = NULL;
    if (paint_preview_create(doc, 30, 0.0, &p, &err) != EDDY_OK)
        fail_msg("preview of the cave with a circle: %s", err.message);
    paint_preview_get_info(p, &info);
    assert_true(info.eigen_modes > 30);
    assert_true(info.capture_enriched > 0.999999);
    paint_preview_destroy(p);
    paint_doc_destroy(doc);
}

/* Rock laid over painted flow and taken away again gives the flow back, bit
 * for bit, instead of leaving a hole of still water; flow elsewhere is not
 * touched, and rock laid where nothing was painted leaves nothing behind. */
static void test_removed_rock_gives_the_flow_back(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    run_ok(doc, JET);
    double *painted = copy_field(doc);
    eddy_error err = {0};
    eddy_wall rock = {0};
    rock.kind = EDDY_WALL_CIRCLE;
    rock.x = 5.0, rock.y = 5.0, rock.radius = 0.8;
    assert_int_equal(paint_doc_add_wall(doc, &rock, &err), EDDY_OK);
    double uv[2];
    paint_doc_velocity(doc, 5.0, 5.0, uv);
    assert_true(uv[0] == 0 && uv[1] == 0); /* no flow inside rock */
    paint_doc_velocity(doc, 2.0, 5.0, uv);
    assert_true(uv[0] > 1.0); /* the jet goes on away from it */
    assert_int_equal(paint_doc_remove_walls_at(doc, 5.0, 5.0, &err), 1);
    assert_int_equal(paint_doc_wall_count(doc), 0);
    assert_true(same_field(doc, painted));
    /* A second mode painted after the rock went down had nothing under it:
     * removing the rock leaves zero flow there, not the first mode's. */
    assert_int_equal(paint_doc_add_wall(doc, &rock, &err), EDDY_OK);
    assert_int_equal(paint_doc_add_page(doc, &err), EDDY_OK);
    run_ok(doc, "brush radius 0.5 strength 1\nstroke 1 2 9 2\n");
    assert_int_equal(paint_doc_remove_walls_at(doc, 5.0, 5.0, &err), 1);
    paint_doc_velocity(doc, 5.0, 5.0, uv);
    assert_true(uv[0] == 0 && uv[1] == 0);
    assert_int_equal(paint_doc_select_page(doc, 0, &err), EDDY_OK);
    assert_true(same_field(doc, painted));
    free(painted);
    paint_doc_destroy(doc);
}

/* A document opened for a level has the level's domain, grid and walls (the
 * only ones its build accepts); a file that is not a level says so. */
static void test_document_for_a_level(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    eddy_error err = {0};
    eddy_mode_grid g;
    assert_int_equal(paint_level_grid("assets/levels/08-island.json", &g, &err), EDDY_OK);
    assert_true(g.width == 12 && g.height == 7.5 && g.nx == 64 && g.ny == 40);
    assert_false(paint_doc_fits_grid(doc, &g));
    assert_int_equal(paint_doc_open_level(doc, "assets/levels/08-island.json", &err), EDDY_OK);
    assert_true(paint_doc_fits_grid(doc, &g));
    assert_int_equal(paint_doc_wall_count(doc), 2);
    /* the script's twin */
    run_ok(doc, "level assets/levels/02-paddle.json\n");
    assert_int_equal(paint_doc_wall_count(doc), 1); /* the shelf, the ramp and the pit */
    assert_int_equal(paint_level_grid("assets/levels/02-paddle.json", &g, &err), EDDY_OK);
    assert_true(paint_doc_fits_grid(doc, &g));
    /* a scene (walls, no asset), a missing file, not JSON */
    write_text(in_dir("scene.json"), "{\"walls\": [{\"shape\": \"circle\", \"x\": 1, \"y\": 1, "
                                     "\"radius\": 0.5}]}");
    assert_int_equal(paint_level_grid(in_dir("scene.json"), &g, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "not a game level"));
    assert_int_equal(paint_doc_open_level(doc, in_dir("nothing.json"), &err), EDDY_ERR_IO);
    write_text(in_dir("bad.json"), "{\"asset\": {\"domain\": [12, 7.5], \"grid\": [64.5, 40]}}");
    assert_int_equal(paint_doc_open_level(doc, in_dir("bad.json"), &err), EDDY_ERR_FORMAT);
    assert_true(paint_doc_fits_grid(doc, &g)); /* unchanged on failure */
    paint_doc_destroy(doc);
}

/* Opening a mode with its level (eddy-paint --level LEVEL MODE) does not
 * mark it unsaved (issue 31): a mode painted for the level is left as it
 * was by the level's rock. A mode with flow where the rock now stands is
 * changed by it, and is then unsaved. */
static void test_mode_opened_with_its_level_is_saved(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    eddy_error err = {0};
    assert_int_equal(paint_doc_open_level(doc, "assets/levels/08-island.json", &err), EDDY_OK);
    run_ok(doc, "stroke 1 6.6 11 6.6\nproject\n"); /* a jet along the top, clear of the island */
    assert_int_equal(paint_doc_save(doc, in_dir("island.mode"), &err), EDDY_OK);
    paint_doc *again = new_doc();
    assert_int_equal(paint_doc_load(again, in_dir("island.mode"), &err), EDDY_OK);
    assert_false(paint_doc_dirty(again));
    assert_int_equal(paint_doc_load_walls(again, "assets/levels/08-island.json", &err), EDDY_OK);
    assert_int_equal(paint_doc_wall_count(again), 2);
    assert_false(paint_doc_dirty(again));
    /* a mode painted without the rock, through the island: the rock changes it */
    paint_doc *open = new_doc();
    assert_int_equal(paint_doc_reset(open, 12, 7.5, 64, 40, &err), EDDY_OK);
    run_ok(open, "stroke 1 3.7 11 3.7\nproject\n");
    assert_int_equal(paint_doc_save(open, in_dir("through.mode"), &err), EDDY_OK);
    assert_int_equal(paint_doc_load(open, in_dir("through.mode"), &err), EDDY_OK);
    assert_int_equal(paint_doc_load_walls(open, "assets/levels/08-island.json", &err), EDDY_OK);
    assert_true(paint_doc_dirty(open));
    paint_doc_destroy(open);
    paint_doc_destroy(again);
    paint_doc_destroy(doc);
}

/* ------------------------------------------------------------ the binary */

typedef struct run_result {
    int status;
    char *out, *err;
} run_result;

static const char *paint_bin(void)
{
    static char path[256];
    const char *b = getenv("EDDY_BIN");
    snprintf(path, sizeof path, "%s/eddy-paint", b && *b ? b : "build/bin");
    return path;
}

/* Runs eddy-paint with args; video picks the window's SDL video driver
 * (NULL: no display at all). */
static run_result run_paint_video(const char *const *args, const char *video)
{
    const char *argv[32];
    int argc = 0;
    argv[argc++] = paint_bin();
    for (int k = 0; args[k] && argc < 31; ++k)
        argv[argc++] = args[k];
    argv[argc] = NULL;
    char out_path[192], err_path[192];
    snprintf(out_path, sizeof out_path, "%s/.out", g_dir);
    snprintf(err_path, sizeof err_path, "%s/.err", g_dir);
    pid_t pid = fork();
    if (pid == 0) {
        int o = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
            _exit(126);
        unsetenv("DISPLAY"); /* the script mode must not need one */
        unsetenv("WAYLAND_DISPLAY");
        unsetenv("SDL_VIDEODRIVER");
        if (video) {
            setenv("SDL_VIDEODRIVER", video, 1);
            /* Graphics drivers leak a little at exit; that is not ours. */
            setenv("ASAN_OPTIONS", "detect_leaks=0", 1);
        }
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    if (WIFSIGNALED(st))
        fail_msg("eddy-paint crashed with signal %d", WTERMSIG(st));
    run_result r;
    r.status = WEXITSTATUS(st);
    size_t n;
    r.out = (char *)read_bytes(out_path, &n);
    r.err = (char *)read_bytes(err_path, &n);
    return r;
}

static run_result run_paint(const char *const *args) { return run_paint_video(args, NULL); }

#define PAINT(...) run_paint((const char *const[]){__VA_ARGS__, NULL})

/* A failure: the code, nothing on stdout, one "eddy-paint: " line holding needle. */
static void expect_failure(run_result r, int code, const char *needle)
{
    if (r.status != code || r.out[0] || strncmp(r.err, "eddy-paint: ", 12) != 0 ||
        !strstr(r.err, needle) || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
        fail_msg("expected exit %d with '%s', got %d, stdout '%s', stderr '%s'", code, needle,
                 r.status, r.out, r.err);
    free(r.out);
    free(r.err);
}

static void test_binary_script_mode(void **state)
{
    (void)state;
    if (access(paint_bin(), X_OK) != 0) {
        print_message("skipped: %s is not built\n", paint_bin());
        skip();
    }
    write_text(in_dir("jet.txt"), JET);
    write_text(in_dir("bad.txt"), "grid 10 10 64 64\nbrush radius 0.5\nstroke 1 1 12 1\n");
    write_text(in_dir("info.txt"), "name probe\ninfo\n");

    run_result r = PAINT("--script", in_dir("jet.txt"), "-o", in_dir("out.mode"));
    if (r.status != 0)
        fail_msg("jet script failed (%d): %s", r.status, r.err);
    assert_string_equal(r.err, "");
    free(r.out), free(r.err);
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_mode_set_load(in_dir("out.mode"), NULL, &set, &err), EDDY_OK);
    assert_string_equal(eddy_mode_set_name(set), "jet");
    eddy_mode_set_destroy(set);

    /* A document given as FILE is loaded before the script runs. */
    r = PAINT("--script", in_dir("info.txt"), in_dir("out.mode"));
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "name=\"probe\""));
    assert_non_null(strstr(r.out, "cells=64x64"));
    free(r.out), free(r.err);

    expect_failure(PAINT("--script", in_dir("bad.txt"), "-o", in_dir("never.mode")), EX_DATAERR,
                   "bad.txt:3: stroke: stroke point 2 (12, 1) is outside the domain");
    assert_int_not_equal(access(in_dir("never.mode"), F_OK), 0);
    expect_failure(PAINT("--script", in_dir("nope.txt")), EX_NOINPUT, "nope.txt");
    expect_failure(PAINT("--script", in_dir("jet.txt"), "-o", "/nonexistent-dir/x.mode"),
                   EX_CANTCREAT, "/nonexistent-dir/x.mode");
    expect_failure(PAINT("--script", in_dir("jet.txt"), in_dir("nope.mode")), EX_NOINPUT,
                   "nope.mode");
    write_text(in_dir("junk.mode"), "junk");
    expect_failure(PAINT("--script", in_dir("jet.txt"), in_dir("junk.mode")), EX_DATAERR,
                   "junk.mode");
    expect_failure(PAINT("--bogus"), EX_USAGE, "unknown option '--bogus'");
    expect_failure(PAINT("--script"), EX_USAGE, "needs a value");
    expect_failure(PAINT("-o", in_dir("x.mode")), EX_USAGE, "goes with --script");
    expect_failure(PAINT("--grid", "1", "--script", in_dir("jet.txt")), EX_USAGE, "--grid '1'");
    expect_failure(PAINT("--domain", "nanx3", "--script", in_dir("jet.txt")), EX_USAGE,
                   "--domain");
    expect_failure(PAINT("--script", in_dir("jet.txt"), "--demo"), EX_USAGE, "headless");
    expect_failure(PAINT("--script", in_dir("jet.txt"), "a.mode", "b.mode"), EX_USAGE,
                   "one document at most");

    /* A failed save keeps the file that was there. */
    size_t n0, n1;
    unsigned char *before = read_bytes(in_dir("out.mode"), &n0);
    write_text(in_dir("late.txt"), "name later\nstroke 1 1 2 2\nstroke 1 1 30 2\n");
    expect_failure(PAINT("--script", in_dir("late.txt"), "-o", in_dir("out.mode"),
                         in_dir("out.mode")),
                   EX_DATAERR, "late.txt:3:");
    unsigned char *after = read_bytes(in_dir("out.mode"), &n1);
    assert_int_equal(n0, n1);
    assert_memory_equal(before, after, n0);
    free(before), free(after);

    r = PAINT("--help");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "--script"));
    free(r.out), free(r.err);
}

/* The window, driven by its built-in demo (real SDL mouse, key and text
 * events: strokes, erase, undo, redo, project, preview, record, a new mode,
 * rename, save) on SDL's offscreen video driver, ending with a PNG screenshot. */
static void test_binary_window_demo(void **state)
{
    (void)state;
    if (access(paint_bin(), X_OK) != 0) {
        print_message("skipped: %s is not built\n", paint_bin());
        skip();
    }
    /* No display and no driver chosen: one message, EX_UNAVAILABLE. */
    run_result r = PAINT("--frames", "1");
    if (r.status == EX_UNAVAILABLE && strstr(r.err, "no window")) {
        print_message("skipped: eddy-paint was built without SDL2\n");
        free(r.out), free(r.err);
        skip();
    }
    expect_failure(r, EX_UNAVAILABLE, "no display");

    const char *shot = in_dir("demo.png"), *doc = in_dir("demo.mode");
    r = run_paint_video((const char *const[]){"--demo", "--frames", "280", "--size", "1024x640",
                                              "--screenshot", shot, doc, NULL},
                        "offscreen");
    if (r.status == EX_UNAVAILABLE) {
        print_message("skipped: no offscreen video driver: %s", r.err);
        free(r.out), free(r.err);
        skip();
    }
    if (r.status != 0)
        fail_msg("the window demo failed (%d): %s", r.status, r.err);
    free(r.out), free(r.err);
    size_t n = 0;
    unsigned char *png = read_bytes(shot, &n);
    static const unsigned char sig[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    assert_true(n > 1000);
    assert_memory_equal(png, sig, 8);
    assert_memory_equal(png + 12, "IHDR", 4);
    unsigned w = (unsigned)png[16] << 24 | (unsigned)png[17] << 16 | png[18] << 8 | png[19];
    unsigned h = (unsigned)png[20] << 24 | (unsigned)png[21] << 16 | png[22] << 8 | png[23];
    assert_int_equal(w, 1024);
    assert_int_equal(h, 640);
    free(png);

    /* The demo ends by adding a mode, renaming the set through the prompt
     * and saving with Ctrl+S to the file named on the command line. */
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    if (eddy_mode_set_load(doc, NULL, &set, &err) != EDDY_OK)
        fail_msg("the demo's save: %s", err.message);
    assert_string_equal(eddy_mode_set_name(set), "windy jet");
    assert_int_equal(eddy_mode_set_count(set), 2);
    eddy_mac mac = eddy_mac_make(10, 10, 64, 64);
    for (int k = 0; k < 2; ++k) {
        const double *f = eddy_mode_set_field_const(set, k);
        double top = 0;
        for (int i = 0; i < eddy_mac_size(&mac); ++i)
            top = fmax(top, fabs(f[i]));
        assert_true(top > 0.3); /* both modes were painted */
        assert_true(max_abs_divergence(&mac, f) < 1e-9 * top / mac.hx);
    }
    eddy_mode_set_destroy(set);

    /* The window at the sizes designers use, down to 400 px high (issue 31:
       the panel's sections that do not fit are left out instead of running
       into the status line): a mode with its level opens, draws and saves
       its picture at each. */
    static const int sizes[][2] = {{1920, 1080}, {1280, 800}, {1000, 560}, {800, 400}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        char size[32];
        snprintf(size, sizeof size, "%dx%d", sizes[k][0], sizes[k][1]);
        r = run_paint_video((const char *const[]){"--level", "assets/levels/08-island.json", "--frames",
                                                  "3", "--size", size, "--screenshot", shot, NULL},
                            "offscreen");
        if (r.status != 0)
            fail_msg("eddy-paint at %s failed (%d): %s", size, r.status, r.err);
        free(r.out), free(r.err);
        png = read_bytes(shot, &n);
        w = (unsigned)png[16] << 24 | (unsigned)png[17] << 16 | png[18] << 8 | png[19];
        h = (unsigned)png[20] << 24 | (unsigned)png[21] << 16 | png[22] << 8 | png[23];
        assert_int_equal(w, sizes[k][0]);
        assert_int_equal(h, sizes[k][1]);
        free(png);
    }

    /* A screenshot that cannot be written is a failure of its own. */
    r = run_paint_video((const char *const[]){"--frames", "2", "--screenshot",
                                              "/nonexistent-dir/s.png", NULL},
                        "offscreen");
    expect_failure(r, EX_CANTCREAT, "/nonexistent-dir/s.png");
}

/* ------------------------------------------------------------ setup */

static int setup(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/eddy_test_paint_XXXXXX");
    if (!mkdtemp(g_dir))
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* A level filled to a depth: the grid is the water, the tank reaches
 * above it; rock may then stand above the water, and a new grid forgets the
 * tank (eddy_surface.h). */
static void test_tank_above_the_water(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    assert_true(paint_doc_tank_height(doc) == 10.0);
    paint_script_error e;
    const char *low = "tank 8\n";
    assert_int_not_equal(paint_script_run(doc, low, strlen(low), "t", NULL, &e), EDDY_OK);
    assert_non_null(strstr(e.message, "tank"));
    /* without the tank, rock above the water is outside the level */
    const char *shelf = "wall polygon 1 10.5 3 10.5 3 11 1 11\n";
    assert_int_not_equal(paint_script_run(doc, shelf, strlen(shelf), "t", NULL, &e), EDDY_OK);
    run_ok(doc, "tank 14\nwall polygon 1 10.5 3 10.5 3 11 1 11\nwall circle 5 9.8 0.6\n");
    assert_true(paint_doc_tank_height(doc) == 14.0);
    assert_int_equal(paint_doc_wall_count(doc), 2);
    run_ok(doc, "grid 10 6 64 40\n");
    assert_true(paint_doc_tank_height(doc) == 6.0);
    /* a level filled to a depth: the grid is its water, the tank above it */
    eddy_error err = {0};
    eddy_mode_grid g;
    assert_int_equal(paint_level_grid("assets/levels/12-sink-or-swim.json", &g, &err), EDDY_OK);
    assert_true(g.width == 14 && g.height == 4.5 && g.nx == 64 && g.ny == 24);
    run_ok(doc, "level assets/levels/12-sink-or-swim.json\n");
    const eddy_mac *m = paint_doc_mac(doc);
    assert_true(m->height == 4.5 && m->ny == 24 && paint_doc_tank_height(doc) == 8.0);
    assert_true(paint_doc_fits_grid(doc, &g));
    /* rock through the surface; the preview builds the water under it */
    run_ok(doc, "wall polygon 10 3 14 3 14 6 10 6\nbrush radius 0.8 strength 2\n"
                "stroke 2 1 8 1\nproject\n");
    paint_preview *p = NULL;
    if (paint_preview_create(doc, 20, 0.0, &p, &err) != EDDY_OK)
        fail_msg("preview under a surface: %s", err.message);
    for (int k = 0; k < 10; ++k)
        assert_int_equal(paint_preview_step(p, 1.0 / 60, 1.0, &err), EDDY_OK);
    paint_preview_destroy(p);
    paint_doc_destroy(doc);
}

/* A script's solver work adds up line by line against its limit (issue 22):
 * each step line is estimated (eddy_grid_estimate) before it runs, and the
 * line that would take the run past the limit is refused, naming its line;
 * the document is as the last good line left it. */
static void test_solver_work_adds_up_to_the_limit(void **state)
{
    (void)state;
    paint_doc *doc = new_doc();
    eddy_grid_cost cost;
    eddy_grid_estimate(64, 64, false, &cost);
    paint_script_options o = scratch_saves();
    o.work_limit = 10.5 * 5 * cost.step_seconds; /* ten lines of five steps, and a half */
    char text[1024] = "brush radius 1 strength 1\nstroke 2 5 8 5\n";
    for (int k = 0; k < 12; ++k) strcat(text, "step 5 0.01\n");
    paint_script_error e;
    assert_int_not_equal(paint_script_run_with(doc, text, strlen(text), "budget.paint", &o, NULL, &e),
                         EDDY_OK);
    assert_int_equal(e.line, 13); /* lines 3..12 ran, the eleventh step line is refused */
    assert_non_null(strstr(e.message, "before this line"));
    assert_true(o.work <= o.work_limit && o.work >= 10 * 5 * cost.step_seconds * (1 - 1e-12));
    paint_doc_destroy(doc);
}

/* Strokes and erases are estimated in the same cost model and refused over
 * the same limit before any painting (issue 30: an 8,000-point stroke with
 * a brush as wide as a 512^2 grid ran 38 s unestimated). The estimate
 * counts each segment's widened box of samples, so it grows with segments
 * times the cells the brush touches; the refused line leaves the document
 * as it was. */
static void test_strokes_and_erases_count_as_work(void **state)
{
    (void)state;
    paint_doc *doc = NULL;
    eddy_error err = {0};
    assert_int_equal(paint_doc_create(10, 10, 256, 256, &doc, &err), EDDY_OK);
    paint_script_options o = scratch_saves();
    o.work_limit = 1.0;
    /* a short stroke with a small brush is cheap and runs */
    const char *small = "brush radius 0.5 strength 1\nstroke 2 5 8 5\n";
    paint_script_error e;
    assert_int_equal(paint_script_run_with(doc, small, strlen(small), "s.paint", &o, NULL, &e),
                     EDDY_OK);
    double one_small = o.work;
    assert_true(one_small > 0 && one_small < 0.01);
    double *before = copy_field(doc);
    /* 2,000 segments with a brush as wide as the domain: each visits every
       sample (2 x 257^2), about 2.6e8 visits, over the 1 s limit */
    size_t cap = 64 + 2000 * 16;
    char *text = malloc(cap);
    strcpy(text, "brush radius 10\nstroke");
    for (int k = 0; k <= 2000; ++k) strcat(text, k % 2 ? " 9 9" : " 1 1");
    strcat(text, "\n");
    clock_t t0 = clock();
    assert_int_equal(paint_script_run_with(doc, text, strlen(text), "s.paint", &o, NULL, &e),
                     EDDY_ERR_RANGE);
    print_message("refused in %.3f s CPU: %s\n", (double)(clock() - t0) / CLOCKS_PER_SEC, e.message);
    assert_int_equal(e.line, 2);
    assert_non_null(strstr(e.message, "stroke"));
    assert_true(same_field(doc, before));
    /* the same line as an erase (points, then the radius) */
    strcpy(text, "erase");
    for (int k = 0; k <= 2000; ++k) strcat(text, k % 2 ? " 9 9" : " 1 1");
    strcat(text, " 10\n");
    assert_int_equal(paint_script_run_with(doc, text, strlen(text), "e.paint", &o, NULL, &e),
                     EDDY_ERR_RANGE);
    assert_non_null(strstr(e.message, "erase"));
    assert_true(same_field(doc, before));
    /* the estimate grows with segments x cells touched: twenty segments of
       the small stroke's cost twenty times its segment work */
    paint_script_options o2 = scratch_saves();
    const char *ten = "brush radius 0.5 strength 1\nstroke 2 5 8 5 2 5 8 5 2 5 8 5 2 5 8 5 2 5 "
                      "8 5 2 5 8 5 2 5 8 5 2 5 8 5 2 5 8 5 2 5 8 5 2 5\n";
    assert_int_equal(paint_script_run_with(doc, ten, strlen(ten), "t.paint", &o2, NULL, &e),
                     EDDY_OK);
    double sweeps = 4.0 * 2.0 * 256.0 * 256.0 * 1e-8;
    double ratio = (o2.work - sweeps) / (one_small - sweeps);
    print_message("twenty segments / one: %.2f\n", ratio);
    assert_true(ratio > 19.9 && ratio < 20.1);
    free(before);
    free(text);
    paint_doc_destroy(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strokes_and_erases_count_as_work),
        cmocka_unit_test(test_jet_script_saves_loadable_divergence_free_mode),
        cmocka_unit_test(test_save_projects_copies_not_the_document),
        cmocka_unit_test(test_stroke_direction_and_modes),
        cmocka_unit_test(test_brush_is_smooth_and_local),
        cmocka_unit_test(test_erase_fades_to_zero),
        cmocka_unit_test(test_undo_redo_restore_exact_fields),
        cmocka_unit_test(test_live_stroke_equals_script_stroke),
        cmocka_unit_test(test_history_memory_is_bounded),
        cmocka_unit_test(test_bad_lines_are_refused_with_line_number),
        cmocka_unit_test(test_comments_blank_lines_and_crlf),
        cmocka_unit_test(test_step_and_record_snapshots),
        cmocka_unit_test(test_several_modes_round_trip),
        cmocka_unit_test(test_interrupted_save_keeps_previous_file),
        cmocka_unit_test(test_solver_work_adds_up_to_the_limit),
        cmocka_unit_test(test_load_failures_leave_document),
        cmocka_unit_test(test_script_reads_beside_itself),
        cmocka_unit_test(test_preview_enriched_basis_holds_the_jet),
        cmocka_unit_test(test_preview_with_an_island),
        cmocka_unit_test(test_removed_rock_gives_the_flow_back),
        cmocka_unit_test(test_document_for_a_level),
        cmocka_unit_test(test_mode_opened_with_its_level_is_saved),
        cmocka_unit_test(test_binary_script_mode),
        cmocka_unit_test(test_binary_window_demo),
        cmocka_unit_test(test_tank_above_the_water),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
