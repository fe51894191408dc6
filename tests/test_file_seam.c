// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_file_seam.c - the promises of eddy_file.h kept by each side of the
 * platform seam: the same source runs on Linux (engine/core/atomic_file.c)
 * and, cross-built, on Windows under wine (engine/core/atomic_file_win32.c;
 * make check-windows). Only what both systems can express is here; the
 * POSIX-only attacks (links planted by another user, FIFOs, owners) are in
 * tests/test_reliability.c. */
#include "test_util.h"
#include "eddy_file.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _WIN32
#include <direct.h>
#include <io.h>
#include <process.h>
#define make_dir(p) _mkdir(p)
#define remove_dir(p) _rmdir(p)
#define READ_ONLY _S_IREAD
#define READ_WRITE (_S_IREAD | _S_IWRITE)
#define set_mode _chmod
#else
#include <unistd.h>
#define make_dir(p) mkdir((p), 0755)
#define remove_dir(p) rmdir(p)
#define READ_ONLY 0444
#define READ_WRITE 0644
#define set_mode chmod
#endif

/* The test's own scratch directory, made fresh for the run (its name is
 * private to this process: made with mkdtemp, or from the process id under
 * the user's temporary folder on Windows). */
static char g_base[400];

/* Empties dir (files, and directories one level down) and removes it. */
static void remove_tree(const char *dir)
{
    char path[1024];
    DIR *d = opendir(dir);
    if (d == NULL)
        return;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        (void)set_mode(path, READ_WRITE);
        if (remove(path) != 0)
            remove_tree(path);
    }
    closedir(d);
    (void)remove_dir(dir);
}

static int make_base(void **state)
{
    (void)state;
#ifdef _WIN32
    const char *tmp = getenv("TEMP");
    snprintf(g_base, sizeof g_base, "%s/eddy-seam-%d", tmp ? tmp : ".", _getpid());
    return make_dir(g_base) == 0 ? 0 : -1;
#else
    snprintf(g_base, sizeof g_base, "/tmp/eddy-seam-XXXXXX");
    return mkdtemp(g_base) != NULL ? 0 : -1;
#endif
}

static int remove_base(void **state)
{
    (void)state;
    remove_tree(g_base);
    return 0;
}

/* A fresh empty directory of one test's own inside the scratch directory. */
static void fresh_dir(char *dir, size_t size, const char *name)
{
    snprintf(dir, size, "%s/%s", g_base, name);
    remove_tree(dir);
    assert_int_equal(make_dir(dir), 0);
}

static int entries_in(const char *dir)
{
    int n = test_count_files(dir, "");
    return n < 0 ? n : n - 2; /* "." and ".." */
}

static void expect_content(const char *path, const char *text)
{
    uint8_t *data = NULL;
    size_t size = 0;
    eddy_error err;
    assert_int_equal(eddy_read_file(path, 1 << 20, &data, &size, &err), EDDY_OK);
    assert_int_equal(size, strlen(text));
    assert_memory_equal(data, text, size);
    eddy_free(data);
}

/* A new file, then a replacement: the reader sees one whole content each
 * time, and nothing else is left in the directory. */
static void test_save_and_replace(void **state)
{
    (void)state;
    char dir[512], path[1024];
    fresh_dir(dir, sizeof dir, "replace");
    snprintf(path, sizeof path, "%s/progress.txt", dir);
    eddy_error err;
    assert_int_equal(eddy_write_file_atomic(path, "first", 5, &err), EDDY_OK);
    expect_content(path, "first");
    assert_int_equal(eddy_write_file_atomic(path, "second save", 11, &err), EDDY_OK);
    expect_content(path, "second save");
    assert_int_equal(entries_in(dir), 1);
}

/* A save staged and then abandoned (a tool whose second output failed, or
 * a crash before the commit) leaves the old file whole and no temporary. */
static void test_discarded_save_leaves_old_file(void **state)
{
    (void)state;
    char dir[512], path[1024];
    fresh_dir(dir, sizeof dir, "discard");
    snprintf(path, sizeof path, "%s/level.json", dir);
    eddy_error err;
    assert_int_equal(eddy_write_file_atomic(path, "{\"old\":1}", 9, &err), EDDY_OK);
    eddy_staged_file *staged = NULL;
    assert_int_equal(eddy_stage_file(path, "{\"new\"", 6, 0, &staged, &err), EDDY_OK);
    expect_content(path, "{\"old\":1}"); /* staged: nothing replaced yet */
    eddy_discard_file(staged);
    expect_content(path, "{\"old\":1}");
    assert_int_equal(entries_in(dir), 1);
}

/* Two outputs replaced together only once both are written. */
static void test_two_staged_outputs(void **state)
{
    (void)state;
    char dir[512], a[1024], b[1024];
    fresh_dir(dir, sizeof dir, "two");
    snprintf(a, sizeof a, "%s/a.eddy", dir);
    snprintf(b, sizeof b, "%s/a.log", dir);
    eddy_error err;
    eddy_staged_file *sa = NULL, *sb = NULL;
    assert_int_equal(eddy_stage_file(a, "asset", 5, 0, &sa, &err), EDDY_OK);
    assert_int_equal(eddy_stage_file(b, "log", 3, 0, &sb, &err), EDDY_OK);
    assert_int_equal(eddy_commit_file(sa, &err), EDDY_OK);
    assert_int_equal(eddy_commit_file(sb, &err), EDDY_OK);
    expect_content(a, "asset");
    expect_content(b, "log");
    assert_int_equal(entries_in(dir), 2);
}

/* A directory is never replaced, and neither is a read-only file unless
 * the save is forced; a missing directory is found before any work. */
static void test_refusals(void **state)
{
    (void)state;
    char dir[512], path[1024], sub[1024], missing[1024];
    fresh_dir(dir, sizeof dir, "refuse");
    snprintf(sub, sizeof sub, "%s/sub", dir);
    assert_int_equal(make_dir(sub), 0);
    eddy_error err;
    assert_int_equal(eddy_write_file_atomic(sub, "x", 1, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "directory"));
    assert_int_equal(eddy_check_output(sub, 0, &err), EDDY_ERR_IO);

    snprintf(path, sizeof path, "%s/locked.txt", dir);
    assert_int_equal(eddy_write_file_atomic(path, "kept", 4, &err), EDDY_OK);
    assert_int_equal(set_mode(path, READ_ONLY), 0);
    assert_int_equal(eddy_write_file_atomic(path, "lost", 4, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "read-only"));
    expect_content(path, "kept");
    assert_int_equal(eddy_write_file_atomic_flags(path, "forced", 6, EDDY_SAVE_FORCE, &err),
                     EDDY_OK);
    expect_content(path, "forced");
    (void)set_mode(path, READ_WRITE);

    snprintf(missing, sizeof missing, "%s/no/such/dir/file.txt", dir);
    assert_int_equal(eddy_check_output(missing, 0, &err), EDDY_ERR_IO);
    assert_int_equal(eddy_write_file_atomic(missing, "x", 1, &err), EDDY_ERR_IO);
    /* every refusal left the directory as it was: sub and locked.txt */
    assert_int_equal(entries_in(dir), 2);
}

/* Inputs: a directory is refused with a message that says so; a file is
 * read whole; a limit is kept. */
static void test_inputs(void **state)
{
    (void)state;
    char dir[512], path[1024];
    fresh_dir(dir, sizeof dir, "inputs");
    FILE *f = NULL;
    eddy_error err;
    assert_int_equal(eddy_open_input(dir, &f, &err), EDDY_ERR_IO);
    assert_null(f);
    assert_non_null(strstr(err.message, "directory"));
    snprintf(path, sizeof path, "%s/data.bin", dir);
    const char bytes[] = {'a', '\n', '\r', '\0', 'b'}; /* binary: no text-mode translation */
    assert_int_equal(eddy_write_file_atomic(path, bytes, sizeof bytes, &err), EDDY_OK);
    uint8_t *data = NULL;
    size_t size = 0;
    assert_int_equal(eddy_read_file(path, 4, &data, &size, &err), EDDY_ERR_IO);
    assert_null(data);
    assert_int_equal(eddy_read_file(path, 64, &data, &size, &err), EDDY_OK);
    assert_int_equal(size, sizeof bytes);
    assert_memory_equal(data, bytes, sizeof bytes);
    eddy_free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_save_and_replace),
        cmocka_unit_test(test_discarded_save_leaves_old_file),
        cmocka_unit_test(test_two_staged_outputs),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_inputs),
    };
    return cmocka_run_group_tests(tests, make_base, remove_base);
}
