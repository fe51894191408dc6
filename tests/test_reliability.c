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
 *   5. exit codes and messages for the cases the attack listed.
 *
 * The tools run from $EDDY_BIN (default build/bin) with fork/exec, from the
 * repository root (make test), stdout and stderr captured. Every test that
 * could hang runs under alarm(), so a regression fails instead of blocking. */
#include "test_util.h"
#include "tool_run.h"

#include "eddy_coupling.h"
#include "eddy_internal.h"
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

/* A dead process's temporary file goes at the next save of the same name;
 * a live one's (pid 1) and another name's stay. */
static void save_removes_stale_temporaries_only(void **state)
{
    (void)state;
    pid_t child = fork();
    if (child == 0)
        _exit(0);
    waitpid(child, NULL, 0); /* a pid that no longer exists */
    char dead[192], live[192], other[192];
    snprintf(dead, sizeof dead, "%s.tmp.%ld", in_dir("stale.bin"), (long)child);
    snprintf(live, sizeof live, "%s.tmp.1", in_dir("stale.bin"));
    snprintf(other, sizeof other, "%s.tmp.%ld", in_dir("unrelated.bin"), (long)child);
    write_text(dead, "left by a killed run");
    write_text(live, "a running save");
    write_text(other, "another file's");
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(in_dir("stale.bin"), "data", 4, &err), EDDY_OK);
    assert_false(is_kind(dead, S_IFREG));
    assert_true(is_kind(live, S_IFREG));
    assert_true(is_kind(other, S_IFREG));
    unlink(live);
    unlink(other);
    /* a failed save leaves none either */
    test_fail_writes_after(2);
    assert_int_equal(eddy_write_file_atomic(in_dir("stale.bin"), "longer", 6, &err), EDDY_ERR_IO);
    test_fail_writes_after(0);
    char *text = read_all(in_dir("stale.bin"), NULL);
    assert_string_equal(text, "data");
    free(text);
    assert_int_equal(temp_files(), 0);
}

/* Kills saving processes at many moments: no temporary file survives (the
 * data lives in an anonymous file until it is complete; only a kill in the
 * microseconds between naming it and renaming it could leave one, and the
 * next save of that name removes it). */
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
    assert_int_equal(temp_files(), 0);
}

/* ------------------------------------------------------------ 2. inputs */

static void fifo_inputs_are_refused_at_once(void **state)
{
    (void)state;
    const char *fifo = in_dir("in.fifo");
    assert_int_equal(mkfifo(fifo, 0644), 0);
    alarm(20); /* a blocking open would hang here */
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
    expect_failure(RUN("eddy-level", "build", level, "--modes", "build/assets", "-o", level),
                   EX_USAGE, "eddy-level", "same file", "eddy-level build L -o L");
    char *level_now = read_all(level, NULL);
    assert_string_equal(shipped, level_now);
    free(level_now);
    free(shipped);
    expect_failure(RUN("eddy-level", "build", level, "--modes", "build/assets", "-o",
                       in_dir("X"), "--deps", in_dir("X")),
                   EX_USAGE, "eddy-level", "same file", "eddy-level build -o X --deps X");
    /* a device as output: refused before any work, left alone */
    expect_failure(RUN("precompute", "--grid", "8", "--modes", "4", "-o", in_dir("out.dir")),
                   EX_CANTCREAT, "precompute", NULL, "precompute -o DIRECTORY");
}

/* ------------------------------------------------------------ 3. bounded work */

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
        assert_int_equal(eddy_build_asset(&cases[i].d, &a, &err), EDDY_ERR_RANGE);
        assert_true(tool_now() - t0 < 0.5);
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
    expect_failure(RUN("sim", "--asset", "build/assets/levels/01-first-current.eddy", "--scene",
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
    expect_failure(RUN("eddy-level", "build", in_dir("paddle.json"), "--modes", "build/assets",
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
        cmocka_unit_test(save_removes_stale_temporaries_only),
        cmocka_unit_test(killed_saves_leave_no_temporary),
        cmocka_unit_test(fifo_inputs_are_refused_at_once),
        cmocka_unit_test(tools_refuse_fifo_inputs),
        cmocka_unit_test(tools_refuse_an_output_that_is_an_input),
        cmocka_unit_test(oversized_builds_are_refused_before_any_work),
        cmocka_unit_test(tools_refuse_unbounded_work),
        cmocka_unit_test(heaped_bodies_cost_a_capped_step),
        cmocka_unit_test(help_to_a_full_stdout_exits_74),
        cmocka_unit_test(bad_input_never_exits_70),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
