// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_reliability.c - the attacks of issue 15 ("Reliability, round two"),
 * each one replayed against the library and the built tools:
 *
 *   1. saves: a symbolic link is written through to its target, a FIFO or
 *      directory at the path is refused and left alone, an output that is
 *      an input is refused with the input intact, no temporary file outlives
 *      a failed, killed or stale save;
 *   2. inputs: a FIFO given as any input is refused at once (no hang);
 *   3. bounded work: builds too big for the limits are refused before any
 *      work, replays and headless runs have a frame bound, bodies heaped on
 *      one point cost a capped and reported Schwarz iteration;
 *   5. exit codes and messages for the cases the attack listed;
 * and those of issue 22 ("round three"): saves keep the mode, owner and hard
 * links of what they replace (or refuse, unless forced), every output is
 * checked before any work, inputs are never overwritten whatever the length
 * of their paths, and a lost standard output is exit 74 in every tool.
 *
 * The tools run from $EDDY_BIN (default build/bin) with fork/exec, from the
 * repository root (make test), stdout and stderr captured. Every test that
 * could hang runs under alarm(), so a regression fails instead of blocking. */
#include "test_util.h"
#include "tool_run.h"

/* The built assets beside the tools ($EDDY_BIN/../assets): the sanitizer
 * build's own when make sanitize runs this test, so it never waits on (or
 * races) the plain build's. Set first thing in main. */
static char g_assets[256], g_level01[320], g_level02[320];

static void find_assets(void)
{
    snprintf(g_assets, sizeof g_assets, "%s/../assets", bin_dir());
    snprintf(g_level01, sizeof g_level01, "%s/levels/01-first-current.eddy", g_assets);
    snprintf(g_level02, sizeof g_level02, "%s/levels/02-paddle.eddy", g_assets);
}


#include "eddy_coupling.h"

#include <cJSON.h>
#include "fluid_internal.h"
#include "asset_shapes.h"
#include "eddy_mode.h"
#include "eddy_scene.h"
#include "panel.h"
#include "fault_write.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>


/* ------------------------------------------------------------ helpers */

static bool is_kind(const char *path, mode_t kind)
{
    struct stat st;
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == kind;
}

/* Files in g_dir whose name contains ".tmp.". */
static int temp_files(void)
{
    DIR *d = opendir(g_dir);
    int n = 0;
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d))
        n += strstr(e->d_name, ".tmp.") != NULL;
    if (d)
        closedir(d);
    return n;
}

/* Removes the ".tmp." files a killed save may leave in g_dir, so that the
 * group's later tests (which share g_dir) count only their own. */
static void remove_temp_files(void)
{
    DIR *d = opendir(g_dir);
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d))
        if (strstr(e->d_name, ".tmp.") != NULL) {
            char path[sizeof g_dir + sizeof e->d_name + 2];
            snprintf(path, sizeof path, "%s/%s", g_dir, e->d_name);
            unlink(path);
        }
    if (d)
        closedir(d);
}


/* Exit code, nothing on stdout, one "tool: " line on stderr holding want;
 * printed with the time the run took. */
#define expect_failure(r, code, tool, want, what) \
    expect_tool_failure((r), (code), (tool), (want), (what), true)

/* ------------------------------------------------------------ 1. saves */

static void save_writes_through_a_symlink(void **state)
{
    (void)state;
    const char *target = in_dir("target.bin"), *link = in_dir("link.bin");
    write_text(target, "old");
    assert_int_equal(symlink("target.bin", link), 0); /* relative, as users make them */
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(link, "new", 3, &err), EDDY_OK);
    assert_true(is_kind(link, S_IFLNK)); /* the link stays a link */
    char *text = read_all(target, NULL);
    assert_string_equal(text, "new"); /* and its target got the data */
    free(text);
    /* a dangling link: the target is created beside it */
    assert_int_equal(symlink("fresh.bin", in_dir("dangling.bin")), 0);
    assert_int_equal(eddy_write_file_atomic(in_dir("dangling.bin"), "x", 1, &err), EDDY_OK);
    assert_true(is_kind(in_dir("fresh.bin"), S_IFREG));
    assert_true(is_kind(in_dir("dangling.bin"), S_IFLNK));
    assert_int_equal(temp_files(), 0);
}

static void save_refuses_what_is_not_a_regular_file(void **state)
{
    (void)state;
    const char *fifo = in_dir("out.fifo"), *dir = in_dir("out.dir");
    assert_int_equal(mkfifo(fifo, 0644), 0);
    assert_int_equal(mkdir(dir, 0755), 0);
    assert_int_equal(symlink("out.fifo", in_dir("to-fifo")), 0);
    const char *paths[] = {fifo, dir, in_dir("to-fifo")};
    for (int i = 0; i < 3; i++) {
        eddy_error err = {0};
        assert_int_equal(eddy_write_file_atomic(paths[i], "x", 1, &err), EDDY_ERR_IO);
        assert_non_null(strstr(err.message, "not a regular file"));
        print_message("refused: %s\n", err.message);
    }
    assert_true(is_kind(fifo, S_IFIFO)); /* left exactly as they were */
    assert_true(is_kind(dir, S_IFDIR));
    assert_true(is_kind(in_dir("to-fifo"), S_IFLNK));
    assert_int_equal(temp_files(), 0);
}

/* A save removes no file but its own temporary one (issue 30): a user's
 * file named like a temporary of a dead process ("<target>.tmp.<digits>")
 * or of a live one stays, byte for byte; a failed save leaves no new one. */
static void saves_never_remove_a_users_tmp_files(void **state)
{
    (void)state;
    pid_t child = fork();
    if (child == 0)
        _exit(0);
    waitpid(child, NULL, 0); /* a pid that no longer exists */
    char dead[192], live[192], mine[192];
    snprintf(dead, sizeof dead, "%s.tmp.%ld", in_dir("stale.bin"), (long)child);
    snprintf(live, sizeof live, "%s.tmp.1", in_dir("stale.bin"));
    snprintf(mine, sizeof mine, "%s.tmp.%ld", in_dir("stale.bin"), (long)getpid());
    write_text(dead, "the user's own notes");
    write_text(live, "a running save");
    write_text(mine, "named like this process's old temporary");
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(in_dir("stale.bin"), "data", 4, &err), EDDY_OK);
    const char *kept[] = {dead, live, mine};
    const char *want[] = {"the user's own notes", "a running save",
                          "named like this process's old temporary"};
    for (int i = 0; i < 3; i++) {
        char *text = read_all(kept[i], NULL);
        assert_string_equal(text, want[i]);
        free(text);
    }
    assert_int_equal(temp_files(), 3);
    /* a failed save leaves none either, and names no file that never existed */
    test_fail_writes_after(2);
    assert_int_equal(eddy_write_file_atomic(in_dir("stale.bin"), "longer", 6, &err), EDDY_ERR_IO);
    test_fail_writes_after(0);
    print_message("failed save: %s\n", err.message);
    const char *quoted = strstr(err.message, "' failed");
    assert_true(quoted == NULL || strstr(err.message, ".tmp.") == NULL ||
                strstr(err.message, "a temporary file in") != NULL);
    char *text = read_all(in_dir("stale.bin"), NULL);
    assert_string_equal(text, "data");
    free(text);
    assert_int_equal(temp_files(), 3);
    for (int i = 0; i < 3; i++)
        unlink(kept[i]);
}

/* Links planted where a save makes its temporary file and at its target, as
 * another local user would (issue 30): in a sticky, world-writable
 * directory, by a second uid when the test runs as root (CI does), else by
 * this user at every name a save of this process could have used before
 * (names "<target>.tmp.<pid>", which linkat and O_EXCL never follow). The
 * victim file is never written, truncated or removed. */
static void planted_links_are_never_followed(void **state)
{
    (void)state;
    char shared[192], victim[192], target[224], link[288];
    /* beside the scratch directory, which a second user could not enter */
    snprintf(shared, sizeof shared, "/tmp/eddy-shared-XXXXXX");
    assert_non_null(mkdtemp(shared));
    assert_int_equal(chmod(shared, 01777), 0); /* like /tmp */
    snprintf(victim, sizeof victim, "%s/precious.txt", g_dir);
    write_text(victim, "precious");
    snprintf(target, sizeof target, "%s/out.eddy", shared);
    /* the old predictable temporary names, and a few around them */
    for (long d = -2; d <= 2; d++) {
        snprintf(link, sizeof link, "%s.tmp.%ld", target, (long)getpid() + d);
        assert_int_equal(symlink(victim, link), 0);
    }
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(target, "asset", 5, &err), EDDY_OK);
    char *text = read_all(target, NULL);
    assert_string_equal(text, "asset");
    free(text);
    text = read_all(victim, NULL);
    assert_string_equal(text, "precious");
    free(text);
    snprintf(link, sizeof link, "%s.tmp.%ld", target, (long)getpid());
    assert_true(is_kind(link, S_IFLNK)); /* left as planted */
    char cleanup[256];
    snprintf(cleanup, sizeof cleanup, "rm -rf '%s'", shared);
    if (geteuid() != 0) {
        print_message("not root: links planted by this user only\n");
        assert_int_equal(system(cleanup), 0);
        return;
    }
    /* as root: a second user plants a link at the target itself */
    char bait[224];
    snprintf(bait, sizeof bait, "%s/bait.eddy", shared);
    pid_t pid = fork();
    if (pid == 0) {
        if (setgid(65534) != 0 || setuid(65534) != 0)
            _exit(2);
        _exit(symlink(victim, bait) == 0 ? 0 : 3);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    struct stat st;
    assert_int_equal(lstat(bait, &st), 0);
    assert_int_equal((long)st.st_uid, 65534L);
    assert_int_equal(eddy_write_file_atomic(bait, "asset", 5, &err), EDDY_ERR_IO);
    print_message("refused: %s\n", err.message);
    assert_non_null(strstr(err.message, "refusing to follow"));
    assert_int_equal(eddy_check_output(bait, EDDY_SAVE_FORCE, &err), EDDY_ERR_IO);
    text = read_all(victim, NULL);
    assert_string_equal(text, "precious");
    free(text);
    assert_true(is_kind(bait, S_IFLNK));
    assert_int_equal(system(cleanup), 0);
}

/* Kills saving processes at many moments: no temporary file survives (the
 * data lives in an anonymous file until it is complete; only a kill in the
 * microseconds between naming it and renaming it could leave one, which
 * then stays: a save removes no file it cannot prove its own). */
static void killed_saves_leave_no_temporary(void **state)
{
    (void)state;
    size_t size = 16u << 20;
    char *big = malloc(size);
    memset(big, 'e', size);
    int kills = 0;
    for (int k = 0; k < 20; k++) {
        pid_t pid = fork();
        if (pid == 0) {
            for (;;)
                (void)eddy_write_file_atomic(in_dir("killed.bin"), big, size, NULL);
        }
        struct timespec pause = {0, 5000000L + 3000000L * k};
        nanosleep(&pause, NULL);
        kill(pid, k % 2 ? SIGKILL : SIGTERM);
        waitpid(pid, NULL, 0);
        kills++;
    }
    free(big);
    int left = temp_files();
    print_message("%d saves of 16 MiB killed, temporary files left: %d\n", kills, left);
    assert_true(left <= 1);
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(in_dir("killed.bin"), "next", 4, &err), EDDY_OK);
    assert_int_equal(temp_files(), left); /* the save adds none */
    /* a kill that lands between the temporary's creation and its rename
     * leaves it (more often on a busy machine): clear it for the next tests */
    remove_temp_files();
    assert_int_equal(temp_files(), 0);
}

/* ------------------------------------------------------------ 2. inputs */

static void fifo_inputs_are_refused_at_once(void **state)
{
    (void)state;
    const char *fifo = in_dir("in.fifo");
    assert_int_equal(mkfifo(fifo, 0644), 0);
    alarm(test_hang_seconds()); /* a blocking open would hang here */
    uint8_t *data = NULL;
    size_t size = 0;
    eddy_error err = {0};
    assert_int_equal(eddy_read_file(fifo, 1024, &data, &size, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "FIFO"));
    eddy_asset *asset = NULL;
    assert_int_equal(eddy_asset_load_file(fifo, &asset, &err), EDDY_ERR_IO);
    eddy_scene *scene = NULL;
    assert_int_equal(eddy_scene_load_file(fifo, &scene, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "not a regular file"));
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_load(fifo, NULL, &set, &err), EDDY_ERR_IO);
    alarm(0);
}

static void tools_refuse_fifo_inputs(void **state)
{
    (void)state;
    const char *fifo = in_dir("tool.fifo");
    assert_int_equal(mkfifo(fifo, 0644), 0);
    expect_failure(RUN("precompute", "info", fifo), EX_NOINPUT, "precompute", "FIFO",
                   "precompute info FIFO");
    expect_failure(RUN("sim", "--asset", fifo, "--scene", "assets/scenes/demo.json", "--steps",
                       "1"),
                   EX_NOINPUT, "sim", "FIFO", "sim --asset FIFO");
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--replay", fifo, "-q"),
                   EX_NOINPUT, "eddy-game", "FIFO", "eddy-game --replay FIFO");
    expect_failure(RUN("eddy-level", "check", fifo), EX_NOINPUT, "eddy-level", "FIFO",
                   "eddy-level check FIFO");
    expect_failure(RUN("eddy-paint", "--script", fifo), EX_NOINPUT, "eddy-paint", "FIFO",
                   "eddy-paint --script FIFO");
}

/* ------------------------------------------------------------ 1. outputs that are inputs */

static void tools_refuse_an_output_that_is_an_input(void **state)
{
    (void)state;
    /* a painted mode file, then precompute --artist m.mode -o m.mode */
    const char *script = in_dir("s.paint"), *mode = in_dir("m.mode");
    write_text(script, "grid 10 10 32 32\nname jet\nbrush radius 2 strength 1 mode set\n"
                       "stroke 2 5 8 5\nproject\n");
    result r = RUN("eddy-paint", "--script", script, "-o", mode);
    assert_int_equal(r.status, 0);
    result_free(&r);
    size_t before = 0, after = 0;
    char *old = read_all(mode, &before);
    expect_failure(RUN("precompute", "--grid", "32", "--modes", "20", "--artist", mode, "-o", mode),
                   EX_USAGE, "precompute", "same file", "precompute --artist X -o X");
    char *now = read_all(mode, &after);
    assert_true(before == after && memcmp(old, now, before) == 0);
    free(old);
    free(now);
    /* through a symbolic link too (device and inode, not names) */
    assert_int_equal(symlink("m.mode", in_dir("m-link.mode")), 0);
    expect_failure(RUN("precompute", "--grid", "32", "--modes", "20", "--artist", mode, "-o",
                       in_dir("m-link.mode")),
                   EX_USAGE, "precompute", "same file", "precompute --artist X -o link-to-X");
    /* the paint script itself */
    char *text = read_all(script, NULL);
    expect_failure(RUN("eddy-paint", "--script", script, "-o", script), EX_USAGE, "eddy-paint",
                   "same file", "eddy-paint --script S -o S");
    char *kept = read_all(script, NULL);
    assert_string_equal(text, kept);
    free(text);
    free(kept);
    /* eddy-level: the level, and --deps equal to -o */
    const char *level = in_dir("L.json");
    char *shipped = read_all("assets/levels/01-first-current.json", NULL);
    write_text(level, shipped);
    expect_failure(RUN("eddy-level", "build", level, "--modes", g_assets, "-o", level),
                   EX_USAGE, "eddy-level", "same file", "eddy-level build L -o L");
    char *level_now = read_all(level, NULL);
    assert_string_equal(shipped, level_now);
    free(level_now);
    free(shipped);
    expect_failure(RUN("eddy-level", "build", level, "--modes", g_assets, "-o",
                       in_dir("X"), "--deps", in_dir("X")),
                   EX_USAGE, "eddy-level", "same file", "eddy-level build -o X --deps X");
    /* a device as output: refused before any work, left alone */
    expect_failure(RUN("precompute", "--grid", "8", "--modes", "4", "-o", in_dir("out.dir")),
                   EX_CANTCREAT, "precompute", NULL, "precompute -o DIRECTORY");
}

/* ------------------------------------------------------------ 3. bounded work */

static void count_progress(void *user, const char *stage, double fraction)
{
    (void)stage, (void)fraction;
    ++*(int *)user;
}

/* Body shapes are priced by their panels, n^3 each (issue 30: one shape of
 * ~1,480 panels ran over 600 s unestimated): a circle as wide as the level
 * on a fine grid is refused by the estimate, before any work; the estimate
 * grows as the cube of the panels (a grid twice as fine, about 8 to 16
 * times the shape's seconds); a catalogue of many shapes adds them up. */
static void shape_catalogues_are_estimated(void **state)
{
    (void)state;
    const char *one = "{\"shapes\":[{\"name\":\"c\",\"pieces\":[{\"shape\":\"circle\","
                      "\"radius\":4}]}]}";
    eddy_shape_catalogue *cat = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_shape_catalogue_load_memory(one, strlen(one), &cat, &err), EDDY_OK);
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 128, .ny = 128, .modes = 20};
    eddy_build_cost bare, coarse, fine;
    assert_int_equal(eddy_build_estimate(&d, &bare, &err), EDDY_OK);
    d.shapes = cat;
    assert_int_equal(eddy_build_estimate(&d, &coarse, &err), EDDY_OK);
    d.nx = d.ny = 256;
    assert_int_equal(eddy_build_estimate(&d, &fine, &err), EDDY_OK);
    double s1 = coarse.seconds - bare.seconds, s2 = fine.seconds - bare.seconds;
    print_message("circle r 4: 128^2 %.3g s, 256^2 %.3g s (measured 4.6 s and 61 s)\n", s1, s2);
    assert_true(s1 > 0 && s2 / s1 > 8.0 && s2 / s1 < 16.0);
    d.nx = d.ny = 600; /* about 1,500 panels: the shape */
    assert_int_equal(eddy_build_estimate(&d, &fine, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "shapes"));
    eddy_asset *a = NULL;
    double t0 = tool_now();
    assert_int_equal(eddy_build_asset(&d, &a, &err), EDDY_ERR_RANGE);
    print_message("refused in %.3f s: %s\n", tool_now() - t0, err.message);
    assert_null(a);
    eddy_shape_catalogue_destroy(cat);
}

static void oversized_builds_are_refused_before_any_work(void **state)
{
    (void)state;
    struct {
        eddy_build_desc d;
        const char *want;
    } cases[] = {
        {{.width = 1e5, .height = 1e-3, .nx = 4, .ny = 4, .modes = 4}, "longer than wide"},
        {{.width = 1000, .height = 1, .nx = 8, .ny = 512, .modes = 73}, "longer than wide"},
        {{.width = 1e150, .height = 10, .nx = 64, .ny = 64, .modes = 73}, "domain"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        eddy_error err = {0};
        eddy_asset *a = NULL;
        double t0 = tool_now();
        /* refused before any work: no stage ever reports progress (how fast
           that is belongs to make bench, not to a test) */
        int stages = 0;
        cases[i].d.progress = count_progress;
        cases[i].d.progress_user = &stages;
        assert_int_equal(eddy_build_asset(&cases[i].d, &a, &err), EDDY_ERR_RANGE);
        assert_int_equal(stages, 0);
        assert_null(a);
        assert_non_null(strstr(err.message, cases[i].want));
        print_message("refused in %.3f s: %s\n", tool_now() - t0, err.message);
    }
    /* walls with many modes and their r^3 tensor: the estimate passes the
     * limits; advecting on the grid (the default for them) they fit */
    eddy_wall wall = {.kind = EDDY_WALL_CIRCLE, .x = 5, .y = 5, .radius = 1};
    eddy_build_desc walls = {.width = 10, .height = 10, .nx = 64, .ny = 64, .modes = 1000,
                             .walls = &wall, .wall_count = 1, .advection = EDDY_ADVECTION_TENSOR};
    eddy_build_cost cost;
    eddy_error err = {0};
    assert_int_equal(eddy_build_estimate(&walls, &cost, &err), EDDY_ERR_RANGE);
    assert_true(cost.seconds > EDDY_BUILD_MAX_SECONDS || cost.bytes > EDDY_BUILD_MAX_BYTES);
    walls.advection = EDDY_ADVECTION_AUTO;
    assert_int_equal(eddy_build_estimate(&walls, &cost, &err), EDDY_OK);
    print_message("1000 walled modes advecting on the grid: estimated %.0f s, %.0f MiB, a %.0f MiB "
                  "file\n", cost.seconds, cost.bytes / 1048576.0, cost.file_bytes / 1048576.0);
    assert_true(cost.file_bytes < 64.0 * 1048576.0);
    /* and what the shipped levels and the defaults need passes */
    eddy_build_desc cave = {.width = 12, .height = 7.5, .nx = 64, .ny = 40, .modes = 96,
                            .walls = &wall, .wall_count = 1};
    assert_int_equal(eddy_build_estimate(&cave, &cost, &err), EDDY_OK);
    print_message("a cave-like level: estimated %.2f s, %.0f MiB\n", cost.seconds,
                  cost.bytes / 1048576.0);
    eddy_build_desc box = {.width = 10, .height = 10, .nx = 64, .ny = 64, .modes = 4096};
    assert_int_equal(eddy_build_estimate(&box, &cost, &err), EDDY_OK);
}

static void tools_refuse_unbounded_work(void **state)
{
    (void)state;
    expect_failure(RUN("precompute", "--domain", "100000x0.001", "--grid", "4", "--modes", "4",
                       "-o", in_dir("q.eddy")),
                   EX_USAGE, "precompute", "longer than wide", "precompute 100000x0.001 grid 4");
    /* the 337 s level: domain 1000 x 1 on 8 x 512 cells */
    write_text(in_dir("wide.json"),
               "{\"title\": \"Wide\", \"asset\": {\"domain\": [1000, 1], \"grid\": [8, 512]},"
               " \"bodies\": [{\"name\": \"ball\", \"shape\": \"circle\", \"radius\": 0.2,"
               " \"x\": 5, \"y\": 0.5, \"density\": 500}],"
               " \"goals\": [{\"rect\": [1, 0.1, 2, 0.9], \"bodies\": [\"ball\"]}]}");
    expect_failure(RUN("eddy-level", "check", in_dir("wide.json")), EX_DATAERR, "eddy-level",
                   "longer than wide", "eddy-level check 1000x1 on 8x512");
    /* a 60-byte replay asking for 1e8 frames */
    write_text(in_dir("long.replay"),
               "eddy-game replay 1\nlevel 01-first-current 0000000000000000\nframes 100000000\n"
               "end\n");
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--replay",
                       in_dir("long.replay"), "-q"),
                   EX_DATAERR, "eddy-game", "216000", "replay of 1e8 frames");
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--frames", "100000000"),
                   EX_USAGE, "eddy-game", "216000", "eddy-game --frames 1e8");
}

/* 50 bodies on one point: the sweeps stop at the work cap, the step reports
 * it, and everything stays finite. */
static void heaped_bodies_cost_a_capped_step(void **state)
{
    (void)state;
    eddy_asset *asset = test_build_asset(10, 10, 64, 64, 73);
    eddy_fluid *fluid = test_make_fluid(asset, 0.0);
    eddy_error err = {0};
    eddy_world *world = NULL;
    eddy_world_desc wd = {0};
    wd.disable_sleep = true;
    assert_int_equal(eddy_world_create(&wd, &world, &err), EDDY_OK);
    eddy_coupling *c = NULL;
    eddy_coupling_desc cd = {0};
    assert_int_equal(eddy_coupling_create(fluid, world, &cd, &c, &err), EDDY_OK);
    for (int i = 0; i < 50; i++) {
        eddy_body_desc bd = {0};
        bd.type = EDDY_BODY_DYNAMIC;
        bd.position[0] = 5.0, bd.position[1] = 5.0;
        eddy_body *b = NULL;
        assert_int_equal(eddy_body_create(world, &bd, &b, &err), EDDY_OK);
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_CIRCLE;
        sd.radius = 0.5, sd.density = 900;
        assert_int_equal(eddy_body_add_shape(b, &sd, NULL, &err), EDDY_OK);
        assert_int_equal(eddy_coupling_add_body(c, b, &err), EDDY_OK);
    }
    int capped = 0, most = 0;
    for (int s = 0; s < 5; s++) {
        eddy_fluid_add_stir(fluid, &(eddy_stir){.x = 3, .y = 5, .radius = 1.5, .fx = 20, .fy = 10});
        assert_int_equal(eddy_coupling_step(c, 1.0 / 60.0, &err), EDDY_OK);
        eddy_coupling_timings tm;
        eddy_coupling_get_timings(c, &tm);
        capped += tm.schwarz_capped;
        if (tm.schwarz_iterations > most)
            most = tm.schwarz_iterations;
        /* the cap: no more near-field products than the budget per panel */
        double pairs = (double)tm.panel_count * tm.panel_count; /* every pair is near */
        assert_true(tm.schwarz_iterations * pairs <=
                    EDDY_SCHWARZ_WORK_PER_PANEL * tm.panel_count + pairs * EDDY_SCHWARZ_MIN_SWEEPS);
        double uv[2];
        eddy_coupling_velocity(c, 5.2, 5.1, uv);
        assert_true(isfinite(uv[0]) && isfinite(uv[1]));
        assert_true(isfinite(eddy_fluid_kinetic_energy(fluid)));
    }
    print_message("50 bodies on one point: %d of 5 steps capped, at most %d sweeps\n", capped,
                  most);
    assert_true(capped >= 1);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
}

/* ------------------------------------------------------------ 5. codes and messages */

static void help_to_a_full_stdout_exits_74(void **state)
{
    (void)state;
    struct stat st;
    if (stat("/dev/full", &st) != 0)
        skip();
    const char *tools[] = {"precompute", "sim", "eddy-level", "eddy-paint", "eddy-game"};
    for (int i = 0; i < 5; i++) {
        result r = run_tool_to(tools[i], (const char *const[]){"--help", NULL}, "/dev/full");
        char what[64];
        snprintf(what, sizeof what, "%s --help > /dev/full", tools[i]);
        expect_failure(r, EX_IOERR, tools[i], "standard output", what);
    }
}

static void bad_input_never_exits_70(void **state)
{
    (void)state;
    expect_failure(RUN("sim", "--asset", g_level01, "--scene",
                       "assets/scenes/demo.json", "--steps", "3", "--dt", "1e30"),
                   EX_USAGE, "sim", "--dt", "sim --dt 1e30");
    /* an asset claiming a 1e150 m domain: the message is about the domain
     * (the loader's or the tank's), never the scene's "box centre" */
    eddy_asset *huge = test_build_asset(10, 10, 16, 16, 8);
    huge->width = 1e150;
    eddy_error save_err = {0};
    assert_int_equal(eddy_asset_save_file(huge, in_dir("huge.eddy"), &save_err), EDDY_OK);
    eddy_asset_destroy(huge);
    result r = RUN("sim", "--asset", in_dir("huge.eddy"), "--scene", "assets/scenes/demo.json",
                   "--steps", "1");
    assert_null(strstr(r.err, "box centre"));
    expect_failure(r, EX_DATAERR, "sim", "domain", "sim on a 1e150 m domain");
    /* a replay line asking for a jet the level lacks */
    char *shipped = read_all("assets/replays/01-first-current.replay", NULL);
    char *jet = strstr(shipped, " jet 0 ");
    assert_non_null(jet);
    jet[5] = '7';
    write_text(in_dir("jet.replay"), shipped);
    free(shipped);
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--replay",
                       in_dir("jet.replay"), "-q"),
                   EX_DATAERR, "eddy-game", "jet.replay:4", "replay with a missing jet");
    /* a paddle outline that cannot be built is named as the paddle (by
       eddy-level, which builds the level's asset: the game only loads one) */
    char *level = read_all("assets/levels/02-paddle.json", NULL);
    char *shape = strstr(level, "\"shape\": \"box\", \"hw\": 0.12, \"hh\": 1.0,");
    assert_non_null(shape);
    const char *polygon = "\"shape\": \"polygon\", \"points\": [[0,0],[1,0],[1,1],[0.5,-1],[0,1]],";
    char *bad = malloc(strlen(level) + strlen(polygon) + 1);
    size_t head = (size_t)(shape - level);
    memcpy(bad, level, head);
    strcpy(bad + head, polygon);
    strcat(bad, shape + strlen("\"shape\": \"box\", \"hw\": 0.12, \"hh\": 1.0,"));
    write_text(in_dir("paddle.json"), bad);
    free(bad);
    free(level);
    expect_failure(RUN("eddy-level", "build", in_dir("paddle.json"), "--modes", g_assets,
                       "-o", in_dir("paddle.eddy")),
                   EX_DATAERR, "eddy-level", "'paddle'", "paddle polygon not convex");
    /* a name with a NUL escape */
    char *first = read_all("assets/levels/01-first-current.json", NULL);
    char *title = strstr(first, "\"First current\"");
    assert_non_null(title);
    const char *nul_title = "\"First\\u0000current\"";
    char *cut = malloc(strlen(first) + 16);
    memcpy(cut, first, (size_t)(title - first));
    strcpy(cut + (title - first), nul_title);
    strcat(cut, title + strlen("\"First current\""));
    write_text(in_dir("nul.json"), cut);
    free(cut);
    free(first);
    expect_failure(RUN("eddy-level", "check", in_dir("nul.json")), EX_DATAERR, "eddy-level",
                   "\\u0000", "level title with \\u0000");
    write_text(in_dir("nul-scene.json"), "{\"feedback\": \"ex\\u0000act\"}");
    eddy_scene *scene = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_scene_load_file(in_dir("nul-scene.json"), &scene, &err),
                     EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "\\u0000"));
    /* a painted field too large to project: refused honestly */
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_create("huge", 10, 10, 16, 16, 1, &set, &err), EDDY_OK);
    double *f = eddy_mode_set_field(set, 0);
    for (int k = 0; k < eddy_mode_set_field_size(set); k++)
        f[k] = 1e300 * sin(0.37 * k);
    const eddy_mode_set *sets[1] = {set};
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 16, .ny = 16, .modes = 10,
                         .artists = sets, .artist_count = 1};
    eddy_asset *asset = NULL;
    assert_int_not_equal(eddy_build_asset(&d, &asset, &err), EDDY_OK);
    assert_null(strstr(err.message, "pure gradient"));
    assert_non_null(strstr(err.message, "overflow"));
    print_message("huge painted field: %s\n", err.message);
    eddy_mode_set_destroy(set);
}


/* ------------------------------------------------------------ issue 22: saves keep what they replace */

static mode_t mode_of(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_mode & 07777;
}

static void expect_contents(const char *path, const char *want)
{
    char *text = read_all(path, NULL);
    if (strcmp(text, want) != 0) fail_msg("%s holds '%s', expected '%s'", path, text, want);
    free(text);
}

/* A 0600 file stays 0600, a 0644 one 0644: the mode is the target's, not the
 * process's umask. */
static void saves_keep_the_mode(void **state)
{
    (void)state;
    const mode_t modes[] = {0600, 0640, 0644, 0664};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        const char *path = in_dir("moded.bin");
        unlink(path);
        write_text(path, "old");
        assert_int_equal(chmod(path, modes[i]), 0);
        eddy_error err = {0};
        assert_int_equal(eddy_write_file_atomic(path, "new", 3, &err), EDDY_OK);
        expect_contents(path, "new");
        assert_int_equal(mode_of(path), modes[i]);
    }
    /* never a set-user-id bit carried over onto new data */
    const char *path = in_dir("moded.bin");
    assert_int_equal(chmod(path, 04755), 0);
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(path, "newer", 5, &err), EDDY_OK);
    assert_int_equal(mode_of(path), 0755);
    assert_int_equal(temp_files(), 0);
}

/* A read-only file and a hard-linked one are refused with the old data
 * kept; forced, they are replaced (the mode kept; the other link keeps the
 * old data, which is why it takes force). */
static void read_only_and_hard_linked_targets_need_force(void **state)
{
    (void)state;
    const char *ro = in_dir("ro.bin");
    write_text(ro, "old");
    assert_int_equal(chmod(ro, 0444), 0);
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(ro, "new", 3, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "read-only"));
    print_message("refused: %s\n", err.message);
    expect_contents(ro, "old");
    assert_int_equal(eddy_check_output(ro, 0, &err), EDDY_ERR_IO);
    assert_int_equal(eddy_check_output(ro, EDDY_SAVE_FORCE, &err), EDDY_OK);
    assert_int_equal(eddy_write_file_atomic_flags(ro, "new", 3, EDDY_SAVE_FORCE, &err), EDDY_OK);
    expect_contents(ro, "new");
    assert_int_equal(mode_of(ro), 0444);

    const char *a = in_dir("linked-a.bin"), *b = in_dir("linked-b.bin");
    write_text(a, "shared");
    assert_int_equal(link(a, b), 0);
    assert_int_equal(eddy_write_file_atomic(a, "mine", 4, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "hard links"));
    print_message("refused: %s\n", err.message);
    expect_contents(a, "shared");
    expect_contents(b, "shared");
    assert_int_equal(eddy_write_file_atomic_flags(a, "mine", 4, EDDY_SAVE_FORCE, &err), EDDY_OK);
    expect_contents(a, "mine");
    expect_contents(b, "shared");
    assert_int_equal(temp_files(), 0);
}

/* The owner and group are kept (root can give them back); a process that
 * cannot keep them is refused, and forced never hands the group's rights to
 * its own group. */
static void saves_keep_the_owner_or_refuse(void **state)
{
    (void)state;
    if (geteuid() != 0) {
        print_message("not root: the owner part needs root to set up files of two users\n");
        skip();
    }
    const uid_t nobody = 65534;
    const char *theirs = in_dir("theirs.bin");
    write_text(theirs, "old");
    assert_int_equal(chown(theirs, nobody, nobody), 0);
    assert_int_equal(chmod(theirs, 0640), 0);
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(theirs, "new", 3, &err), EDDY_OK);
    struct stat st;
    assert_int_equal(stat(theirs, &st), 0);
    assert_int_equal(st.st_uid, nobody);
    assert_int_equal(st.st_gid, nobody);
    assert_int_equal(st.st_mode & 0777, 0640);

    /* as nobody, in a directory anyone may write: root's 0666 file */
    assert_int_equal(chmod(g_dir, 0711), 0); /* nobody may pass through the scratch dir */
    const char *open_dir = in_dir("open");
    assert_int_equal(mkdir(open_dir, 0777), 0);
    assert_int_equal(chmod(open_dir, 0777), 0);
    char roots[256];
    snprintf(roots, sizeof roots, "%s/root.bin", open_dir);
    write_text(roots, "root's");
    assert_int_equal(chmod(roots, 0666), 0);
    pid_t pid = fork();
    if (pid == 0) {
        if (setgid(nobody) != 0 || setuid(nobody) != 0) _exit(90);
        eddy_error e = {0};
        if (eddy_write_file_atomic(roots, "nobody's", 8, &e) != EDDY_ERR_IO) _exit(91);
        if (!strstr(e.message, "belongs to")) _exit(92);
        if (eddy_write_file_atomic_flags(roots, "nobody's", 8, EDDY_SAVE_FORCE, &e) != EDDY_OK)
            _exit(93);
        _exit(0);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
    expect_contents(roots, "nobody's");
    assert_int_equal(stat(roots, &st), 0);
    assert_int_equal(st.st_uid, nobody);
    assert_int_equal(st.st_mode & 0777, 0606); /* root's group lost its rights */
}

/* The tools: a read-only output is refused before any work and replaced
 * with --force, its mode kept. */
static void tools_refuse_a_read_only_output_unless_forced(void **state)
{
    (void)state;
    const char *out = in_dir("ro.eddy");
    write_text(out, "old");
    assert_int_equal(chmod(out, 0444), 0);
    expect_failure(RUN("precompute", "--grid", "8", "--modes", "4", "-q", "-o", out), EX_CANTCREAT,
                   "precompute", "--force", "precompute -o READ-ONLY");
    expect_contents(out, "old");
    result r = RUN("precompute", "--grid", "8", "--modes", "4", "-q", "--force", "-o", out);
    assert_int_equal(r.status, 0);
    result_free(&r);
    assert_int_equal(mode_of(out), 0444);
    eddy_asset *a = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_file(out, &a, &err), EDDY_OK);
    eddy_asset_destroy(a);
    /* eddy-paint -o and eddy-game --record likewise */
    write_text(in_dir("s.paint"), "grid 10 10 16 16\ninfo\n");
    const char *mode = in_dir("ro.mode");
    write_text(mode, "old");
    assert_int_equal(chmod(mode, 0444), 0);
    expect_failure(RUN("eddy-paint", "--script", in_dir("s.paint"), "-o", mode), EX_CANTCREAT,
                   "eddy-paint", "read-only", "eddy-paint -o READ-ONLY");
    expect_contents(mode, "old");
    const char *rec = in_dir("ro.replay");
    write_text(rec, "old");
    assert_int_equal(chmod(rec, 0444), 0);
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--frames", "3", "-q",
                       "--record", rec),
                   EX_CANTCREAT, "eddy-game", "read-only", "eddy-game --record READ-ONLY");
    r = RUN("eddy-game", "--headless", "--level", "1", "--frames", "3", "-q", "--record", rec,
            "--force");
    assert_int_equal(r.status, 0);
    result_free(&r);
    char *replay = read_all(rec, NULL);
    assert_non_null(strstr(replay, "frames 3"));
    free(replay);
}

/* ------------------------------------------------------------ issue 22: check early */

/* Every output is checked before any work, and none is replaced until all
 * are written. */
static void outputs_are_checked_before_any_work(void **state)
{
    (void)state;
    const char *out = in_dir("early.eddy");
    write_text(out, "old");
    expect_failure(RUN("eddy-level", "build", "assets/levels/01-first-current.json", "--modes",
                       g_assets, "-o", out, "--deps", "/nonexistent/x.d"),
                   EX_CANTCREAT, "eddy-level", "does not exist", "eddy-level build --deps /nonexistent/x.d");
    expect_contents(out, "old");
    /* a painted script never runs (its info line would be on stdout) */
    write_text(in_dir("early.paint"), "grid 10 10 16 16\ninfo\n");
    expect_failure(RUN("eddy-paint", "--script", in_dir("early.paint"), "-o",
                       in_dir("missing/x.mode")),
                   EX_CANTCREAT, "eddy-paint", "does not exist", "eddy-paint -o missing/x");
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--frames", "216000",
                       "--record", in_dir("missing/r.replay")),
                   EX_CANTCREAT, "eddy-game", "does not exist", "eddy-game --record missing/r");
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--frames", "216000",
                       "--screenshot", in_dir("missing/s.png")),
                   EX_CANTCREAT, "eddy-game", "does not exist", "eddy-game --screenshot missing/s");
    expect_failure(RUN("eddy-level", "solve", "assets/levels/01-first-current.json", "--assets",
                       g_assets, "-o", in_dir("missing/s.replay")),
                   EX_CANTCREAT, "eddy-level", "does not exist", "eddy-level solve -o missing/s");
    /* both written: the asset and its rule */
    const char *deps = in_dir("early.d");
    result r = RUN("eddy-level", "build", "assets/levels/01-first-current.json", "--modes",
                   g_assets, "-o", out, "--deps", deps);
    if (r.status != 0) fail_msg("eddy-level build: %s", r.err);
    result_free(&r);
    char *rule = read_all(deps, NULL);
    assert_non_null(strstr(rule, "ceiling-east.mode"));
    free(rule);
    assert_int_equal(temp_files(), 0);
}

/* ------------------------------------------------------------ issue 22: inputs never destroyed */

/* Painted modes in a directory whose path is about 1.4 KB long: the build
 * sees every one of them, so an output onto any of them is refused and the
 * rule names all three, whole. */
static void long_mode_paths_are_never_dropped(void **state)
{
    (void)state;
    char dir[2048];
    snprintf(dir, sizeof dir, "%s", g_dir);
    for (int level = 0; level < 7; level++) {
        size_t n = strlen(dir);
        dir[n++] = '/';
        memset(dir + n, 'd' + level % 3, 199);
        dir[n + 199] = '\0';
        assert_int_equal(mkdir(dir, 0755), 0);
    }
    print_message("modes directory: %zu bytes\n", strlen(dir));
    static const char *const names[3] = {"first", "second", "third"};
    char mode[3][2200];
    for (int k = 0; k < 3; k++) {
        char script[256];
        snprintf(script, sizeof script, "%s/%s.paint", g_dir, names[k]);
        char text[256];
        snprintf(text, sizeof text, "grid 12 7.5 64 40\nname %s\nbrush radius 1 strength 2\n"
                 "stroke 1 %d 11 %d\nproject\n", names[k], 2 + 2 * k, 2 + 2 * k);
        write_text(script, text);
        snprintf(mode[k], sizeof mode[k], "%s/%s.mode", dir, names[k]);
        result r = RUN("eddy-paint", "--script", script, "-o", mode[k]);
        if (r.status != 0) fail_msg("painting %s: %s", names[k], r.err);
        result_free(&r);
    }
    const char *level = in_dir("three.json");
    write_text(level, "{\"title\": \"Three\", \"asset\": {\"domain\": [12, 7.5], \"grid\": [64, 40],"
               " \"modes\": 20, \"paint\": [\"first\", \"second\", \"third\"]},"
               " \"bodies\": [{\"name\": \"ball\", \"shape\": \"circle\", \"radius\": 0.3,"
               " \"x\": 2, \"y\": 2, \"density\": 500}],"
               " \"goals\": [{\"rect\": [9, 0, 12, 3], \"bodies\": [\"ball\"]}]}");
    for (int k = 0; k < 3; k++) {
        size_t before = 0;
        char *old = read_all(mode[k], &before);
        result r = RUN("eddy-level", "build", level, "--modes", dir, "-o", mode[k]);
        char what[64];
        snprintf(what, sizeof what, "eddy-level build -o %s.mode (a 1.4 KB path)", names[k]);
        expect_tool_failure(r, EX_USAGE, "eddy-level", "same file", what, false);
        size_t after = 0;
        char *now = read_all(mode[k], &after);
        assert_true(before == after && memcmp(old, now, before) == 0);
        free(old);
        free(now);
    }
    const char *deps = in_dir("three.d");
    result r = RUN("eddy-level", "build", level, "--modes", dir, "-o", in_dir("three.eddy"), "--deps", deps);
    if (r.status != 0) fail_msg("eddy-level build: %s", r.err);
    result_free(&r);
    char *rule = read_all(deps, NULL);
    for (int k = 0; k < 3; k++) assert_non_null(strstr(rule, mode[k]));
    free(rule);
}

/* ------------------------------------------------------------ issue 22: stdout */

/* Every tool exits 74, with one line, when what it printed was lost. */
/* The closed-pipe rule (docs/cli.md): a tool whose reader has gone dies
 * quietly of SIGPIPE, as `sim ... | head` expects, and says nothing on
 * stderr; --version of every tool, eddy-level's included (issue 30). */
static void a_closed_pipe_ends_a_tool_quietly(void **state)
{
    (void)state;
    const char *tools[] = {"precompute", "sim", "eddy-level", "eddy-paint", "eddy-game"};
    for (size_t i = 0; i < sizeof tools / sizeof tools[0]; i++) {
        char path[512], err_path[256];
        snprintf(path, sizeof path, "%s/%s", bin_dir(), tools[i]);
        snprintf(err_path, sizeof err_path, "%s", in_dir("pipe.err"));
        int fds[2];
        assert_int_equal(pipe(fds), 0);
        close(fds[0]); /* the reader is gone before the tool writes */
        pid_t pid = fork();
        if (pid == 0) {
            signal(SIGPIPE, SIG_DFL);
            dup2(fds[1], STDOUT_FILENO);
            int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
            dup2(e, STDERR_FILENO);
            execl(path, tools[i], "--version", (char *)NULL);
            _exit(127);
        }
        close(fds[1]);
        int status = 0;
        waitpid(pid, &status, 0);
        char *err = read_all(err_path, NULL);
        print_message("%-10s --version | (closed): %s, stderr '%s'\n", tools[i],
                      WIFSIGNALED(status) ? "SIGPIPE" : "exited", err);
        assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE);
        assert_string_equal(err, "");
        free(err);
        /* and to an open pipe, the version line */
        result r = RUN(tools[i], "--version");
        assert_int_equal(r.status, 0);
        assert_non_null(strstr(r.out, EDDY_VERSION_STRING));
        result_free(&r);
    }
}

static void every_tool_reports_a_lost_stdout(void **state)
{
    (void)state;
    if (!exists("/dev/full")) skip();
    struct {
        const char *tool;
        const char *args[12];
    } runs[] = {
        {"eddy-level", {"check", "assets/levels/01-first-current.json"}},
        {"eddy-level", {"build", "assets/levels/01-first-current.json", "--modes", g_assets,
                        "-o", NULL}},
        {"eddy-level", {"solve", "assets/levels/01-first-current.json", "--assets", g_assets,
                        "-o", NULL}},
        {"eddy-paint", {"--script", NULL}},
        {"eddy-game", {"--headless", "--level", "1", "--frames", "2"}},
        {"precompute", {"--grid", "8", "--modes", "4", "-o", NULL}},
        {"sim", {"--asset", g_level01, "--scene",
                 "assets/scenes/demo.json", "--steps", "400"}},
    };
    write_text(in_dir("info.paint"), "grid 10 10 16 16\ninfo\n");
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        const char **a = runs[i].args;
        for (int k = 0; k < 12; k++)
            if (k > 0 && a[k] == NULL && a[k - 1] && (!strcmp(a[k - 1], "-o") || !strcmp(a[k - 1], "--script"))) {
                a[k] = !strcmp(a[k - 1], "--script") ? in_dir("info.paint") : in_dir("full.out");
                break;
            }
        result r = run_tool_to(runs[i].tool, a, "/dev/full");
        char what[96];
        snprintf(what, sizeof what, "%s %s > /dev/full", runs[i].tool, a[0]);
        expect_failure(r, EX_IOERR, runs[i].tool, "standard output", what);
    }
}


/* ------------------------------------------------------------ issue 22: NULL handles */

/* Every public function takes a NULL handle (eddy.h, ERRORS): getters give
 * zeros, NULL or false, calls that can fail EDDY_ERR_ARGUMENT, destroy
 * functions nothing; a NULL out pointer is left alone, with real handles too. */
static void public_functions_take_null_handles(void **state)
{
    (void)state;
    double d2[2] = {7, 7}, d9[9], m = 7, i = 7;
    eddy_asset_info ai;
    memset(&ai, 0xff, sizeof ai);
    eddy_asset_get_info(NULL, &ai);
    assert_int_equal(ai.mode_count, 0);
    eddy_asset_get_info(NULL, NULL);
    assert_int_equal(eddy_asset_artist_count(NULL), 0);
    assert_null(eddy_asset_artist_name(NULL, 0));
    assert_int_equal(eddy_asset_find_artist(NULL, "x"), -1);
    assert_int_equal(eddy_asset_artist_capture(NULL, 0, &m, &i), EDDY_ERR_ARGUMENT);
    assert_null(eddy_asset_artist_projection(NULL, 0));
    assert_int_equal(eddy_asset_wall_count(NULL), 0);
    assert_null(eddy_asset_walls(NULL));
    assert_true(eddy_asset_solid_at(NULL, 1, 1)); /* no asset: no fluid anywhere */
    eddy_asset_destroy(NULL);

    assert_null(eddy_fluid_coefficients(NULL));
    assert_int_equal(eddy_fluid_mode_count(NULL), 0);
    assert_null(eddy_fluid_asset(NULL));
    eddy_fluid_velocity(NULL, 1, 1, d2);
    assert_true(d2[0] == 0 && d2[1] == 0);
    d2[0] = d2[1] = 7;
    eddy_fluid_velocity_many(NULL, 1, d2, d2);
    assert_true(d2[0] == 0 && d2[1] == 0);
    assert_true(eddy_fluid_kinetic_energy(NULL) == 0);
    eddy_timings tm;
    eddy_fluid_get_timings(NULL, &tm);
    assert_true(tm.advect_ms == 0);
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(NULL, &fd);
    assert_true(fd.density == 0);
    assert_int_equal(eddy_fluid_step(NULL, 0.1), EDDY_ERR_ARGUMENT);
    eddy_fluid_destroy(NULL);

    assert_int_equal(eddy_coupling_body_count(NULL), 0);
    assert_int_equal(eddy_coupling_feedback(NULL), EDDY_FEEDBACK_DEFAULT);
    eddy_coupling_set_buoyancy(NULL, true);
    d2[0] = d2[1] = 7;
    eddy_coupling_velocity(NULL, 1, 1, d2);
    assert_true(d2[0] == 0 && d2[1] == 0);
    d2[0] = d2[1] = 7;
    eddy_coupling_velocity_many(NULL, 1, d2, d2);
    assert_true(d2[0] == 0 && d2[1] == 0);
    assert_true(eddy_coupling_kinetic_energy(NULL) == 0);
    eddy_coupling_timings ct;
    eddy_coupling_get_timings(NULL, &ct);
    assert_true(ct.total_ms == 0);
    assert_int_equal(eddy_coupling_step(NULL, 0.1, NULL), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_coupling_body_added_mass(NULL, NULL, d9), EDDY_ERR_ARGUMENT);
    eddy_coupling_destroy(NULL);

    eddy_world_get_gravity(NULL, NULL);
    eddy_body_world_point(NULL, 0, 0, NULL);
    eddy_body_local_point(NULL, 0, 0, NULL);
    eddy_body_linear_velocity(NULL, NULL);
    eddy_body_point_velocity(NULL, 0, 0, NULL);
    eddy_body_world_center(NULL, NULL);
    eddy_body_local_center(NULL, NULL);
    eddy_body_get_pose(NULL, NULL);
    eddy_body_added_mass(NULL, NULL, NULL);
    assert_true(eddy_body_mass(NULL) == 0);
    eddy_scene_body_shape(NULL, NULL);
    eddy_scene_get(NULL, NULL);
    assert_null(eddy_mode_set_name(NULL));
    assert_int_equal(eddy_mode_set_count(NULL), 0);
    assert_int_equal(eddy_mode_set_field_size(NULL), 0);
    assert_int_equal(eddy_mode_set_grid(NULL).nx, 0);
    assert_int_equal(eddy_shape_catalogue_count(NULL), 0);

    /* real handles, NULL outs */
    eddy_asset *asset = test_build_asset(10, 10, 16, 16, 8);
    eddy_fluid *fluid = test_make_fluid(asset, 0.0);
    eddy_asset_get_info(asset, NULL);
    eddy_fluid_velocity(fluid, 1, 1, NULL);
    eddy_fluid_velocity_many(fluid, 1, NULL, NULL);
    eddy_fluid_get_timings(fluid, NULL);
    eddy_fluid_get_desc(fluid, NULL);
    eddy_world *world = NULL;
    eddy_world_desc wd = {0};
    eddy_error err = {0};
    assert_int_equal(eddy_world_create(&wd, &world, &err), EDDY_OK);
    eddy_coupling *c = NULL;
    eddy_coupling_desc cd = {0};
    assert_int_equal(eddy_coupling_create(fluid, world, &cd, &c, &err), EDDY_OK);
    eddy_coupling_velocity(c, 1, 1, NULL);
    eddy_coupling_velocity_many(c, 2, NULL, NULL);
    d2[0] = d2[1] = 7;
    eddy_coupling_velocity_many(c, 1, NULL, d2);
    assert_true(d2[0] == 0 && d2[1] == 0);
    eddy_coupling_get_timings(c, NULL);
    eddy_world_get_gravity(world, NULL);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
}


/* ------------------------------------------------------------ issue 22: the same strictness */

/* The validator against RFC 3629's rules, case by case (Markus Kuhn's
 * stress-test classes): valid text of every length, then overlong forms,
 * surrogates, code points past U+10FFFF, stray continuation bytes and cut
 * sequences. */
static void utf8_is_checked_as_rfc_3629_says(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        long bad; /* offset, -1 when valid */
    } cases[] = {
        {"plain ASCII", -1},
        {"caf\xc3\xa9", -1},                 /* U+00E9 */
        {"\xe2\x82\xac 5", -1},              /* U+20AC */
        {"\xf0\x9f\x8c\x8a", -1},            /* U+1F30A */
        {"\xf4\x8f\xbf\xbf", -1},            /* U+10FFFF, the last */
        {"\xed\x9f\xbf", -1},                /* U+D7FF, just below the surrogates */
        {"\xee\x80\x80", -1},                /* U+E000, just above */
        {"ab\xff", 2},                       /* never in UTF-8 */
        {"\x80", 0},                         /* a continuation byte alone */
        {"\xc0\xaf", 0},                     /* '/' as two bytes: overlong */
        {"\xc1\xbf", 0},                     /* overlong */
        {"\xe0\x80\xaf", 0},                 /* overlong three bytes */
        {"\xe0\x9f\xbf", 0},                 /* U+07FF in three: overlong */
        {"\xf0\x8f\xbf\xbf", 0},             /* U+FFFF in four: overlong */
        {"x\xed\xa0\x80", 1},                /* U+D800, a surrogate */
        {"\xed\xbf\xbf", 0},                 /* U+DFFF */
        {"\xf4\x90\x80\x80", 0},             /* U+110000 */
        {"\xf5\x80\x80\x80", 0},
        {"ok \xe2\x82", 3},                  /* cut short at the end */
        {"\xe2\x28\xa1", 0},                 /* a second byte that is not a continuation */
        {"\xc3\xa9\xc3", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long got = eddy_utf8_invalid_at(cases[i].text, strlen(cases[i].text));
        if (got != cases[i].bad)
            fail_msg("case %zu: invalid at %ld, expected %ld", i, got, cases[i].bad);
    }
}

/* A level's text must be UTF-8 and one object, as a scene's: a title with
 * raw bytes and trailing garbage are refused (65), in eddy-level check and
 * in the game, while a title in other scripts stays valid JSON in the
 * headless line. */
/* Numbers as RFC 8259 writes them (issue 30: "dt": 01 was accepted): a
 * leading zero, a bare point or exponent are refused with their place; the
 * same digits inside strings, and every valid form, are not. */
static void json_numbers_are_strict(void **state)
{
    (void)state;
    const char *bad[] = {"{\"dt\": 01}", "{\"dt\": -007}", "{\"a\": [1, 00]}",
                         "{\"dt\": 1.}", "{\"dt\": 1.e3}", "{\"dt\": 00.5}"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        eddy_error err = {0};
        eddy_result rc = eddy_json_check_text(bad[i], strlen(bad[i]), "scene", &err);
        if (rc != EDDY_ERR_FORMAT) fail_msg("accepted: %s", bad[i]);
        assert_non_null(strstr(err.message, "column"));
        print_message("%-22s %s\n", bad[i], err.message);
    }
    eddy_error err = {0};
    assert_int_equal(eddy_json_check_text(bad[0], strlen(bad[0]), "scene", &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "leading zero"));
    const char *good[] = {"{\"dt\": 0}", "{\"dt\": -0.5e-3}", "{\"dt\": 10, \"n\": \"01\"}",
                          "{\"a\": [0, 1.25E+2, -0, 100]}", "{\"s\": \"a\\\"01\"}"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        if (eddy_json_check_text(good[i], strlen(good[i]), "scene", &err) != EDDY_OK)
            fail_msg("refused %s: %s", good[i], err.message);
}

static void level_text_is_utf8_and_one_object(void **state)
{
    (void)state;
    char *base = read_all("assets/levels/01-first-current.json", NULL);
    const char *title = "\"First current\"";
    char *at = strstr(base, title);
    assert_non_null(at);
    struct {
        const char *name, *replacement, *tail, *want;
    } bad[] = {
        {"raw.json", "\"First \xff current\"", "", "not UTF-8"},
        {"overlong.json", "\"First \xc0\xaf current\"", "", "not UTF-8"},
        {"trailing.json", title, "\n}garbage\n", "text after the value"},
        {"second.json", title, "{\"title\": \"again\"}", "text after the value"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *text = malloc(strlen(base) + 256);
        size_t head = (size_t)(at - base);
        memcpy(text, base, head);
        strcpy(text + head, bad[i].replacement);
        strcat(text, at + strlen(title));
        strcat(text, bad[i].tail);
        write_text(in_dir(bad[i].name), text);
        free(text);
        char what[64];
        snprintf(what, sizeof what, "eddy-level check %s", bad[i].name);
        expect_failure(RUN("eddy-level", "check", in_dir(bad[i].name)), EX_DATAERR, "eddy-level",
                       bad[i].want, what);
        snprintf(what, sizeof what, "eddy-game --level %s", bad[i].name);
        expect_failure(RUN("eddy-game", "--headless", "--level", in_dir(bad[i].name), "--frames",
                           "1"),
                       EX_DATAERR, "eddy-game", bad[i].want, what);
    }
    /* UTF-8 in other scripts: the headless line is JSON with the same title */
    const char *wide = "\"Premi\xc3\xa8re vague \xe2\x80\x94 \xe6\xb3\xa2 \xf0\x9f\x8c\x8a\"";
    char *text = malloc(strlen(base) + 256);
    size_t head = (size_t)(at - base);
    memcpy(text, base, head);
    strcpy(text + head, wide);
    strcat(text, at + strlen(title));
    write_text(in_dir("01-first-current.json"), text);
    free(text);
    result r = RUN("eddy-game", "--headless", "--level", in_dir("01-first-current.json"),
                   "--frames", "2");
    if (r.status != 0) fail_msg("eddy-game: %s", r.err);
    cJSON *j = cJSON_Parse(r.out);
    assert_non_null(j);
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(j, "title");
    assert_true(cJSON_IsString(t));
    assert_string_equal(t->valuestring, "Premi\xc3\xa8re vague \xe2\x80\x94 \xe6\xb3\xa2 \xf0\x9f\x8c\x8a");
    assert_int_equal(eddy_utf8_invalid_at(r.out, strlen(r.out)), -1);
    cJSON_Delete(j);
    result_free(&r);
    free(base);
    /* a shape catalogue with trailing data, as precompute reads it */
    write_text(in_dir("shapes.json"), "{\"shapes\": []} []");
    expect_failure(RUN("precompute", "--grid", "8", "--modes", "4", "--shapes",
                       in_dir("shapes.json"), "-o", in_dir("s.eddy")),
                   EX_DATAERR, "precompute", "text after the value", "precompute --shapes trailing");
}


/* ------------------------------------------------------------ issue 22: exit codes, errors reported */

/* A value the user wrote is 65 wherever it is caught: what the game refuses
 * when it sets a level up, eddy-level check refuses first (it sets the
 * level up on a stand-in asset), both with the same message; sim says 65
 * for the same values in a scene. */
static void level_values_the_game_refuses_are_65_in_check_too(void **state)
{
    (void)state;
    char *base = read_all("assets/levels/01-first-current.json", NULL);
    size_t level1_size = 0;
    char *level1 = read_all(g_level01, &level1_size);
    const char *assets = in_dir("game-assets");
    assert_int_equal(mkdir(assets, 0755), 0);
    char levels[256];
    snprintf(levels, sizeof levels, "%s/levels", assets);
    assert_int_equal(mkdir(levels, 0755), 0);
    struct {
        const char *name, *from, *to, *want;
    } cases[] = {
        {"fluid-density", "\"density\": 1000", "\"density\": 1e300", "added mass"},
        {"body-density", "\"density\": 820", "\"density\": 1e300", "density"},
        {"body-vx", "\"x\": 1.6, \"y\": 6.0,", "\"x\": 1.6, \"y\": 6.0, \"vx\": 1e30,", "velocity"},
        {"gravity", "\"buoyancy\": true,", "\"buoyancy\": true, \"gravity\": [0, -1e30],", "gravity"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *at = strstr(base, cases[i].from);
        assert_non_null(at);
        char *text = malloc(strlen(base) + 64);
        memcpy(text, base, (size_t)(at - base));
        strcpy(text + (at - base), cases[i].to);
        strcat(text, at + strlen(cases[i].from));
        char name[64];
        snprintf(name, sizeof name, "%s.json", cases[i].name);
        write_text(in_dir(name), text);
        free(text);
        char what[96];
        snprintf(what, sizeof what, "eddy-level check (%s)", cases[i].name);
        expect_failure(RUN("eddy-level", "check", in_dir(name)), EX_DATAERR, "eddy-level",
                       cases[i].want, what);
        /* the game plays it with level 1's asset, filed under the level's id */
        char asset[512];
        snprintf(asset, sizeof asset, "%s/%s.eddy", levels, cases[i].name);
        write_file(asset, level1, level1_size);
        snprintf(what, sizeof what, "eddy-game --level (%s)", cases[i].name);
        expect_failure(RUN("eddy-game", "--headless", "--level", in_dir(name), "--frames", "2",
                           "-q", "--assets", assets),
                       EX_DATAERR, "eddy-game", cases[i].want, what);
    }
    free(base);
    free(level1);
    /* the shipped levels pass the same check */
    result r = RUN("eddy-level", "check", "assets/levels/01-first-current.json",
                   "assets/levels/07-cave.json");
    if (r.status != 0) fail_msg("eddy-level check of shipped levels: %s", r.err);
    result_free(&r);
}

/* A refused asset is reported with the loader's message (65), never built
 * over in silence nor blamed on a missing painted mode: a corrupted copy of
 * level 1's asset, and one whose body shape claims an added mass of 1e300. */
static void a_refused_asset_is_reported_with_the_loaders_message(void **state)
{
    (void)state;
    const char *assets = in_dir("assets");
    assert_int_equal(mkdir(assets, 0755), 0);
    char levels[256], path[512];
    snprintf(levels, sizeof levels, "%s/levels", assets);
    assert_int_equal(mkdir(levels, 0755), 0);
    size_t size = 0;
    char *bytes = read_all(g_level01, &size);
    bytes[size / 2] ^= 0x5a; /* a flipped byte: a checksum fails */
    snprintf(path, sizeof path, "%s/01-first-current.eddy", levels);
    write_file(path, bytes, size);
    free(bytes);
    expect_failure(RUN("eddy-game", "--headless", "--level", "1", "--frames", "2", "-q",
                       "--assets", assets),
                   EX_DATAERR, "eddy-game", "checksum", "eddy-game on a corrupted asset");
    expect_failure(RUN("eddy-level", "solve", "assets/levels/01-first-current.json", "--assets",
                       assets, "-o", in_dir("x.replay")),
                   EX_DATAERR, "eddy-level", "checksum", "eddy-level solve on a corrupted asset");
    /* level 2's asset with its paddle's added mass made 1e300 */
    eddy_asset *a = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_file(g_level02, &a, &err), EDDY_OK);
    assert_true(a->shape_count > 0);
    a->shapes[0].panels.added_mass[0] = 1e300;
    snprintf(path, sizeof path, "%s/02-paddle.eddy", levels);
    assert_int_equal(eddy_asset_save_file(a, path, &err), EDDY_OK);
    eddy_asset_destroy(a);
    expect_failure(RUN("eddy-game", "--headless", "--level", "2", "--frames", "2", "-q",
                       "--assets", assets),
                   EX_DATAERR, "eddy-game", "added-mass", "eddy-game on an added mass of 1e300");
}


/* ------------------------------------------------------------ issue 22: bounded on every path */

static eddy_step_cost_desc cost_box(int bodies_count, eddy_step_cost_body *bodies,
                                    eddy_feedback_mode feedback)
{
    eddy_step_cost_desc d = {.mode_count = 73, .tensor_nonzeros = 9966, .width = 10,
                             .height = 10, .nx = 64, .ny = 64, .feedback = feedback,
                             .bodies = bodies, .body_count = bodies_count};
    return d;
}

/* The model's shape, not its constants (those are make bench's): it
 * counts what it says it counts and grows with every size it takes. */
static void step_cost_counts_bodies_crowding_and_feedback(void **state)
{
    (void)state;
    enum { N = 20 };
    eddy_step_cost_body spread[N], heap[N];
    for (int i = 0; i < N; ++i) {
        spread[i] = (eddy_step_cost_body){.x = 1.5 + 1.75 * (i % 5), .y = 1.5 + 2.2 * (i / 5),
                                          .radius = 0.3, .perimeter = 2 * M_PI * 0.3,
                                          .moving = true};
        heap[i] = spread[i];
        heap[i].x = 5 + 0.01 * i, heap[i].y = 5;
    }
    eddy_step_cost a, b, c, e, q, nv, off, none;
    eddy_error err = {0};
    eddy_step_cost_desc d = cost_box(N, spread, EDDY_FEEDBACK_EXACT);
    assert_int_equal(eddy_step_cost_estimate(&d, &a, &err), EDDY_OK);
    assert_true(a.near_pairs == 0); /* 1.75 m apart, 0.3 m discs: the far field reaches */
    /* panels: the outline at the grid spacing, and one more */
    assert_true(fabs(a.panel_count - N * (ceil(2 * M_PI * 0.3 / (10.0 / 64)) + 1)) < 1e-9);
    d.bodies = heap;
    assert_int_equal(eddy_step_cost_estimate(&d, &b, &err), EDDY_OK);
    assert_true(b.near_pairs == N * (N - 1) / 2); /* every pair on one spot */
    assert_true(b.panels > 10 * a.panels && b.bodies > a.bodies);
    d.bodies = spread;
    d.mode_count = 256, d.tensor_nonzeros = 136824;
    assert_int_equal(eddy_step_cost_estimate(&d, &c, &err), EDDY_OK);
    assert_true(c.fluid > a.fluid && c.panels > a.panels && c.feedback > a.feedback);
    d = cost_box(N, spread, EDDY_FEEDBACK_EXACT);
    eddy_step_cost_estimate(&d, &e, &err);
    d.feedback = EDDY_FEEDBACK_QUADTREE;
    eddy_step_cost_estimate(&d, &q, &err);
    d.feedback = EDDY_FEEDBACK_NAIVE;
    eddy_step_cost_estimate(&d, &nv, &err);
    d.feedback = EDDY_FEEDBACK_OFF;
    eddy_step_cost_estimate(&d, &off, &err);
    assert_true(off.feedback == 0 && e.feedback > 0 && q.feedback > e.feedback && nv.feedback > q.feedback);
    d.nx = d.ny = 128, d.feedback = EDDY_FEEDBACK_NAIVE;
    eddy_step_cost nv128;
    eddy_step_cost_estimate(&d, &nv128, &err);
    assert_true(nv128.feedback > 3.0 * nv.feedback); /* four times the samples, twice the panels */
    /* static bodies fold no feedback */
    for (int i = 0; i < N; ++i) spread[i].moving = false;
    d = cost_box(N, spread, EDDY_FEEDBACK_NAIVE);
    eddy_step_cost_estimate(&d, &none, &err);
    assert_true(none.feedback == 0);
    /* a walled level's dense tensor costs more than its entries say for a box */
    d = cost_box(0, NULL, EDDY_FEEDBACK_EXACT);
    d.mode_count = 96, d.tensor_nonzeros = 0, d.walls = true;
    eddy_step_cost w;
    eddy_step_cost_estimate(&d, &w, &err);
    assert_true(w.fluid > a.fluid);
    /* nonsense is refused */
    d.nx = 0;
    assert_int_equal(eddy_step_cost_estimate(&d, &w, &err), EDDY_ERR_ARGUMENT);
    d = cost_box(1, heap, EDDY_FEEDBACK_EXACT);
    heap[0].radius = NAN;
    assert_int_equal(eddy_step_cost_estimate(&d, &w, &err), EDDY_ERR_ARGUMENT);
    print_message("20 bodies spread %.3g ms, heaped %.3g ms; feedback exact %.3g, quadtree %.3g, "
                  "naive %.3g ms (128 grid %.3g ms)\n", 1e3 * a.total, 1e3 * b.total,
                  1e3 * e.feedback, 1e3 * q.feedback, 1e3 * nv.feedback, 1e3 * nv128.feedback);
}

/* The runs: each is refused before it starts, naming what makes it
 * dear; and what the estimate lets run stops at its budget. */
static void runs_over_an_hour_are_refused_before_they_start(void **state)
{
    (void)state;
    /* sim: 50 bodies on one point with naive feedback */
    char scene[8192] = "{\"feedback\": \"naive\", \"bodies\": [";
    for (int i = 0; i < 50; i++) {
        char body[160];
        snprintf(body, sizeof body, "%s{\"shape\": \"circle\", \"radius\": 0.5, \"x\": %.3f, "
                 "\"y\": 5, \"density\": 900}", i ? ", " : "", 5.0 + 0.001 * i);
        strcat(scene, body);
    }
    strcat(scene, "]}");
    write_text(in_dir("heap.json"), scene);
    expect_failure(RUN("sim", "--asset", g_level01, "--scene",
                       in_dir("heap.json"), "--steps", "216000"),
                   EX_USAGE, "sim", "feedback naive", "sim: 50 bodies on one point, naive");
    /* a level of 32 bodies with naive feedback, which check passed before */
    char level[16384];
    strcpy(level, "{\"title\": \"Crowd\", \"feedback\": \"naive\", \"asset\": {\"domain\": [12, 7.5], "
                  "\"grid\": [64, 40], \"modes\": 73}, \"bodies\": [");
    for (int i = 0; i < 32; i++) {
        char body[200];
        snprintf(body, sizeof body, "%s{\"name\": \"b%d\", \"shape\": \"circle\", \"radius\": 0.3, "
                 "\"x\": %.2f, \"y\": %.2f, \"density\": 900}", i ? ", " : "", i,
                 1.0 + 1.3 * (i % 8), 1.0 + 1.5 * (i / 8));
        strcat(level, body);
    }
    strcat(level, "], \"goals\": [{\"rect\": [10, 0, 12, 2], \"bodies\": [\"b0\"]}]}");
    write_text(in_dir("crowd.json"), level);
    expect_failure(RUN("eddy-level", "check", in_dir("crowd.json")), EX_DATAERR, "eddy-level",
                   "an hour of play", "eddy-level check: 32 bodies, naive feedback");
    expect_failure(RUN("eddy-game", "--headless", "--level", in_dir("crowd.json"), "--frames", "10"),
                   EX_DATAERR, "eddy-game", "an hour of play", "eddy-game: 32 bodies, naive");
    /* the same level on a 512 x 320 grid, exact feedback: refused too (a build and a run) */
    /* shipped level 2 and a replay that switches feedback to naive for an hour */
    char *shipped = read_all("assets/replays/02-paddle.replay", NULL);
    char *second = strchr(shipped, '\n') + 1, *third = strchr(second, '\n') + 1;
    char replay[256];
    snprintf(replay, sizeof replay, "eddy-game replay 1\n%.*sframes 216000\n0 feedback naive\nend\n",
             (int)(third - second), second);
    free(shipped);
    write_text(in_dir("naive.replay"), replay);
    expect_failure(RUN("eddy-game", "--headless", "--level", "2", "--replay",
                       in_dir("naive.replay"), "-q"),
                   EX_DATAERR, "eddy-game", "feedback naive", "eddy-game: a replay line 0 feedback naive");
    /* within the estimate but past the budget given: stopped with a message */
    /* (sim streams its records: they go to /dev/null here, the failure is the
       one line on stderr) */
    expect_failure(run_tool_to("sim", (const char *const[]){"--asset",
                               g_level01, "--scene",
                               in_dir("heap.json"), "--steps", "2000", "--max-seconds", "0.2",
                               NULL}, "/dev/null"),
                   EX_DATAERR, "sim", "over its budget", "sim --max-seconds 0.2 on a heap");
    expect_failure(RUN("eddy-game", "--headless", "--level", "6", "--frames", "216000",
                       "--max-seconds", "0.2", "-q"),
                   EX_DATAERR, "eddy-game", "over its budget", "eddy-game --max-seconds 0.2");
}

/* A run the estimate lets start (24 bodies spread: about 0.3 ms a step,
 * 5 million steps under the hour) whose bodies then crowd together (thrown
 * at the middle, about 1.7 ms a step: over the hour) is stopped by the live
 * re-estimate, at once and with the reason, not hours later. */
static void runs_whose_bodies_crowd_stop_when_they_do(void **state)
{
    (void)state;
    char scene[8192] = "{\"feedback\": \"off\", \"gravity\": [0, 0], \"bodies\": [";
    for (int i = 0; i < 24; i++) {
        double x = 1.5 + 1.8 * (i % 6), y = 1.0 + 1.8 * (i / 6);
        char body[200];
        snprintf(body, sizeof body, "%s{\"shape\": \"circle\", \"radius\": 0.5, \"x\": %.2f, "
                 "\"y\": %.2f, \"vx\": %.3f, \"vy\": %.3f}", i ? ", " : "", x, y, 6.0 - x,
                 3.75 - y);
        strcat(scene, body);
    }
    strcat(scene, "]}");
    write_text(in_dir("converge.json"), scene);
    /* the estimate from where they start lets it run */
    eddy_asset *a = NULL;
    eddy_scene *sc = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_file(g_level01, &a, &err),
                     EDDY_OK);
    assert_int_equal(eddy_scene_load_file(in_dir("converge.json"), &sc, &err), EDDY_OK);
    eddy_asset_info info;
    eddy_asset_get_info(a, &info);
    eddy_step_cost_desc base = {.mode_count = info.mode_count,
                                .tensor_nonzeros = info.tensor_nonzeros,
                                .walls = info.wall_count > 0, .width = info.width,
                                .height = info.height, .nx = info.nx, .ny = info.ny,
                                .advection = info.advection};
    eddy_step_cost start;
    assert_int_equal(eddy_scene_step_cost(sc, &base, &start, &err), EDDY_OK);
    assert_true(5e6 * start.total < 3600.0);
    assert_true(start.near_pairs == 0);
    eddy_scene_destroy(sc);
    eddy_asset_destroy(a);
    expect_failure(run_tool_to("sim", (const char *const[]){"--asset",
                               g_level01, "--scene",
                               in_dir("converge.json"), "--steps", "5000000", "--every", "100000",
                               NULL}, "/dev/null"),
                   EX_DATAERR, "sim", "as the bodies are now", "sim: bodies thrown together");
}

/* eddy-paint scripts: grids, memory and solver work bounded before a line
 * runs; saves only beside the script or in --save-dir. */
/* Inputs are never outputs in a paint script (issue 30): a level, a loaded
 * mode or a walls file the script read is refused as the target of save,
 * save-walls, save-snapshots and -o, by device and inode (a link to it, or
 * another name, too); each file is left byte for byte. */
static void paint_script_inputs_are_never_outputs(void **state)
{
    (void)state;
    const char *dir = in_dir("inputs");
    assert_int_equal(mkdir(dir, 0755), 0);
    char level[256], walls[256], mode[256], script[256], text[1024];
    snprintf(level, sizeof level, "%s/L.json", dir);
    snprintf(walls, sizeof walls, "%s/W.json", dir);
    snprintf(mode, sizeof mode, "%s/M.mode", dir);
    snprintf(script, sizeof script, "%s/s.paint", dir);
    char *shipped = read_all("assets/levels/01-first-current.json", NULL);
    write_text(level, shipped);
    /* a walls file and a mode made by a first script */
    write_text(script, "grid 10 10 16 16\nwall circle 5 5 1\nsave-walls W.json\n"
                       "stroke 1 3 9 3\nproject\nsave M.mode\n");
    result r = RUN("eddy-paint", "--script", script);
    if (r.status != 0) fail_msg("making the inputs: %s", r.err);
    result_free(&r);
    char *walls_text = read_all(walls, NULL), *mode_text = NULL;
    size_t mode_size = 0;
    mode_text = read_all(mode, &mode_size);
    assert_int_equal(symlink("L.json", in_dir("inputs/L-link.json")), 0);
    assert_int_equal(link(walls, in_dir("inputs/W-hard.json")), 0);
    struct {
        const char *lines, *what;
    } cases[] = {
        {"level L.json\nsave L.json\n", "level L, save L"},
        {"level L.json\nsave-walls L.json\n", "level L, save-walls L"},
        {"level L.json\nsave L-link.json\n", "level L, save through a link to L"},
        {"level L-link.json\nsave-snapshots L.json\n", "level via a link, save-snapshots L"},
        {"grid 10 10 16 16\nwalls W.json\nsave-walls W-hard.json\n", "walls W, save-walls to a hard link of W"},
        {"grid 10 10 16 16\nwalls W.json\nsave-walls W.json\n", "walls W, save-walls W"},
        {"load M.mode\nsave M.mode\n", "load M, save M"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        write_text(script, cases[i].lines);
        expect_failure(RUN("eddy-paint", "--script", script), EX_DATAERR, "eddy-paint",
                       "same file as the input", cases[i].what);
    }
    /* -o after the script: the level it read */
    write_text(script, "level L.json\n");
    snprintf(text, sizeof text, "%s/L-link.json", dir);
    expect_failure(RUN("eddy-paint", "--script", script, "-o", text), EX_USAGE, "eddy-paint",
                   "same file as the input", "eddy-paint -o a level the script read");
    char *now = read_all(level, NULL);
    assert_string_equal(now, shipped);
    free(now);
    now = read_all(walls, NULL);
    assert_string_equal(now, walls_text);
    free(now);
    size_t size = 0;
    now = read_all(mode, &size);
    assert_true(size == mode_size && memcmp(now, mode_text, size) == 0);
    free(now);
    /* an output that is no input still saves */
    write_text(script, "level L.json\nsave-walls fresh.json\n");
    r = RUN("eddy-paint", "--script", script);
    if (r.status != 0) fail_msg("a save to a new file: %s", r.err);
    result_free(&r);
    free(shipped), free(walls_text), free(mode_text);
}

static void paint_scripts_are_bounded_and_confined(void **state)
{
    (void)state;
    const char *huge = in_dir("huge.paint");
    write_text(huge, "grid 10 10 4096 4096\nstep 1 0.01\n");
    expect_failure(RUN("eddy-paint", "--script", huge), EX_DATAERR, "eddy-paint", "huge.paint:1",
                   "eddy-paint grid 4096 x 4096");
    const char *long_run = in_dir("long.paint");
    write_text(long_run, "grid 10 10 64 64\nstroke 1 5 9 5\nstep 1000000 0.01\n");
    expect_failure(RUN("eddy-paint", "--script", long_run), EX_DATAERR, "eddy-paint",
                   "long.paint:3", "eddy-paint step 1000000 on 64 x 64");
    /* (lines that are each cheap adding up: test_paint, with a small limit) */
    /* saves */
    const char *elsewhere = in_dir("elsewhere");
    assert_int_equal(mkdir(elsewhere, 0755), 0);
    char script[512];
    snprintf(script, sizeof script, "grid 10 10 16 16\nstroke 1 5 9 5\nsave %s/out.mode\n", elsewhere);
    const char *sub = in_dir("scripts");
    assert_int_equal(mkdir(sub, 0755), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/away.paint", sub);
    write_text(path, script);
    expect_failure(RUN("eddy-paint", "--script", path), EX_DATAERR, "eddy-paint", "beside the script",
                   "eddy-paint: save into another directory");
    char target[256];
    snprintf(target, sizeof target, "%s/out.mode", elsewhere);
    assert_false(exists(target));
    result r = RUN("eddy-paint", "--script", path, "--save-dir", elsewhere);
    if (r.status != 0) fail_msg("--save-dir: %s", r.err);
    result_free(&r);
    assert_true(exists(target));
    /* beside the script; and a link beside it that points away is away */
    /* a relative save is beside the script, whatever the working directory */
    snprintf(path, sizeof path, "%s/here.paint", sub);
    write_text(path, "grid 10 10 16 16\nstroke 1 5 9 5\nsave here.mode\n");
    r = RUN("eddy-paint", "--script", path);
    if (r.status != 0) fail_msg("a relative save beside the script: %s", r.err);
    result_free(&r);
    char here[512];
    snprintf(here, sizeof here, "%s/here.mode", sub);
    assert_true(exists(here));
    assert_false(exists("here.mode"));
    write_text(path, "grid 10 10 16 16\nstroke 1 5 9 5\nsave ../escaped.mode\n");
    expect_failure(RUN("eddy-paint", "--script", path), EX_DATAERR, "eddy-paint", "beside the script",
                   "eddy-paint: a relative save that climbs out of the script's directory");
    assert_false(exists(in_dir("escaped.mode")));
    snprintf(script, sizeof script, "grid 10 10 16 16\nstroke 1 5 9 5\nsave %s/here.mode\n", sub);
    write_text(path, script);
    r = RUN("eddy-paint", "--script", path);
    if (r.status != 0) fail_msg("a save beside the script: %s", r.err);
    result_free(&r);
    char link_path[256];
    snprintf(link_path, sizeof link_path, "%s/link.mode", sub);
    assert_int_equal(symlink(target, link_path), 0);
    snprintf(script, sizeof script, "grid 10 10 16 16\nsave %s\n", link_path);
    write_text(path, script);
    expect_failure(RUN("eddy-paint", "--script", path), EX_DATAERR, "eddy-paint", "beside the script",
                   "eddy-paint: a save through a link that points away");
    /* a script on standard input saves relative to --save-dir, and only there */
    const char *piped = in_dir("piped.paint");
    write_text(piped, "grid 10 10 16 16\nstroke 1 5 9 5\nsave piped.mode\n");
    int saved_stdin = dup(0);
    assert_true(saved_stdin >= 0);
    for (int k = 0; k < 2; k++) {
        int fd = open(piped, O_RDONLY);
        assert_true(fd >= 0 && dup2(fd, 0) == 0);
        close(fd);
        r = k == 0 ? RUN("eddy-paint", "--script", "-", "--save-dir", elsewhere)
                   : RUN("eddy-paint", "--script", "-");
        if (k == 0 && r.status != 0) fail_msg("a piped script with --save-dir: %s", r.err);
        if (k == 1 && (r.status != EX_DATAERR || !strstr(r.err, "beside the script")))
            fail_msg("a piped script without --save-dir: exit %d: %s", r.status, r.err);
        result_free(&r);
    }
    assert_int_equal(dup2(saved_stdin, 0), 0);
    close(saved_stdin);
    snprintf(target, sizeof target, "%s/piped.mode", elsewhere);
    assert_true(exists(target));
    assert_false(exists("piped.mode"));
    /* the shipped scripts still build as make assets runs them */
    r = RUN("eddy-paint", "--script", "assets/modes/cave-out.paint", "-o", in_dir("cave-out.mode"));
    if (r.status != 0) fail_msg("cave-out.paint: %s", r.err);
    result_free(&r);
}

/* ------------------------------------------------------------ main */

static int setup(void **state)
{
    (void)state;
    return tool_scratch_create("/tmp/eddy-rel-XXXXXX") ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    return tool_scratch_remove();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(save_writes_through_a_symlink),
        cmocka_unit_test(save_refuses_what_is_not_a_regular_file),
        cmocka_unit_test(saves_never_remove_a_users_tmp_files),
        cmocka_unit_test(planted_links_are_never_followed),
        cmocka_unit_test(paint_script_inputs_are_never_outputs),
        cmocka_unit_test(json_numbers_are_strict),
        cmocka_unit_test(a_closed_pipe_ends_a_tool_quietly),
        cmocka_unit_test(killed_saves_leave_no_temporary),
        cmocka_unit_test(fifo_inputs_are_refused_at_once),
        cmocka_unit_test(tools_refuse_fifo_inputs),
        cmocka_unit_test(tools_refuse_an_output_that_is_an_input),
        cmocka_unit_test(oversized_builds_are_refused_before_any_work),
        cmocka_unit_test(shape_catalogues_are_estimated),
        cmocka_unit_test(tools_refuse_unbounded_work),
        cmocka_unit_test(heaped_bodies_cost_a_capped_step),
        cmocka_unit_test(help_to_a_full_stdout_exits_74),
        cmocka_unit_test(bad_input_never_exits_70),
        cmocka_unit_test(saves_keep_the_mode),
        cmocka_unit_test(read_only_and_hard_linked_targets_need_force),
        cmocka_unit_test(saves_keep_the_owner_or_refuse),
        cmocka_unit_test(tools_refuse_a_read_only_output_unless_forced),
        cmocka_unit_test(outputs_are_checked_before_any_work),
        cmocka_unit_test(long_mode_paths_are_never_dropped),
        cmocka_unit_test(every_tool_reports_a_lost_stdout),
        cmocka_unit_test(public_functions_take_null_handles),
        cmocka_unit_test(utf8_is_checked_as_rfc_3629_says),
        cmocka_unit_test(level_text_is_utf8_and_one_object),
        cmocka_unit_test(level_values_the_game_refuses_are_65_in_check_too),
        cmocka_unit_test(a_refused_asset_is_reported_with_the_loaders_message),
        cmocka_unit_test(step_cost_counts_bodies_crowding_and_feedback),
        cmocka_unit_test(runs_over_an_hour_are_refused_before_they_start),
        cmocka_unit_test(runs_whose_bodies_crowd_stop_when_they_do),
        cmocka_unit_test(paint_scripts_are_bounded_and_confined),
    };
    find_assets();
    return cmocka_run_group_tests(tests, setup, teardown);
}
