// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tool_run.h - running the built command-line tools from a cmocka test: a
 * scratch directory, files in it, a tool run with its stdout and stderr
 * captured, and the rule every failure of a tool keeps (its exit code,
 * nothing on stdout, one "tool: message" line on stderr).
 *
 * The tools come from $EDDY_BIN (default build/bin); tests run from the
 * repository root (make test). A run is killed after test_hang_seconds()
 * (30 min: a hang bound, not a speed limit; test_util.h), so a tool that
 * hangs fails its test instead of blocking the suite. Header-only: each test
 * program that runs tools includes it once. */
#ifndef EDDY_TOOL_RUN_H
#define EDDY_TOOL_RUN_H

#include "test_util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char g_dir[64]; /* this run's scratch directory (tool_scratch_create) */

/* Makes g_dir from a template such as "/tmp/eddy_cli_XXXXXX"; false on failure. */
static inline bool tool_scratch_create(const char *pattern)
{
    snprintf(g_dir, sizeof g_dir, "%s", pattern);
    return mkdtemp(g_dir) != NULL;
}

/* Removes g_dir and everything in it; 0 on success (a cmocka teardown). */
static inline int tool_scratch_remove(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static inline const char *bin_dir(void)
{
    const char *b = getenv("EDDY_BIN");
    return b && *b ? b : "build/bin";
}

/* g_dir/name, in a ring of static buffers (enough for one call's arguments). */
static inline const char *in_dir(const char *name)
{
    static char ring[16][192];
    static int next;
    char *p = ring[next++ % 16];
    snprintf(p, sizeof ring[0], "%s/%s", g_dir, name);
    return p;
}

/* A whole file, zero-terminated, in a new buffer (free it); size if not NULL. */
static inline char *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot read %s: %s", path, strerror(errno));
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap);
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    buf[n] = '\0';
    if (size) *size = n;
    return buf;
}

static inline void write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f) fail_msg("cannot write %s: %s", path, strerror(errno));
    assert_int_equal(fwrite(data, 1, size, f), size);
    assert_int_equal(fclose(f), 0);
}

static inline void write_text(const char *path, const char *text)
{
    write_file(path, text, strlen(text));
}

static inline bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static inline int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

typedef struct result {
    int status;       /* exit code */
    char *out, *err;  /* what it printed */
    double seconds;   /* how long it ran */
} result;

static inline void result_free(result *r)
{
    free(r->out);
    free(r->err);
}

static inline double tool_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Runs bin/tool with args (NULL-terminated, argv[0] left out), its stdout
 * into stdout_to (a file or a device) when not NULL, else captured. A crash
 * or a hang (a run past test_hang_seconds()) fails the test. */
static inline result run_tool_to(const char *tool, const char *const *args, const char *stdout_to)
{
    char path[256], out_path[192], err_path[192];
    snprintf(path, sizeof path, "%s/%s", bin_dir(), tool);
    const char *argv[64];
    int argc = 0;
    argv[argc++] = path;
    for (; args[argc - 1] && argc < 63; argc++) argv[argc] = args[argc - 1];
    argv[argc] = NULL;
    /* not through in_dir: its ring holds the caller's paths */
    if (stdout_to) snprintf(out_path, sizeof out_path, "%s", stdout_to);
    else snprintf(out_path, sizeof out_path, "%s/.stdout", g_dir);
    snprintf(err_path, sizeof err_path, "%s/.stderr", g_dir);
    double t0 = tool_now();
    pid_t pid = fork();
    if (pid < 0) fail_msg("fork: %s", strerror(errno));
    if (pid == 0) {
        int o = open(out_path, O_WRONLY | O_CREAT | (stdout_to ? 0 : O_TRUNC), 0644);
        int e = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(126);
        close(o);
        close(e);
        alarm(test_hang_seconds());
        execv(path, (char *const *)argv);
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) fail_msg("waitpid: %s", strerror(errno));
    result r = {0};
    r.seconds = tool_now() - t0;
    if (WIFSIGNALED(st))
        fail_msg("%s %s: killed by signal %d after %.1f s (a crash or a hang)", tool,
                 args[0] ? args[0] : "", WTERMSIG(st), r.seconds);
    r.status = WEXITSTATUS(st);
    if (r.status == 127) fail_msg("cannot run %s (set EDDY_BIN to the tools' directory)", path);
    r.out = stdout_to ? calloc(1, 1) : read_all(out_path, NULL);
    r.err = read_all(err_path, NULL);
    return r;
}

#define RUN(tool, ...) run_tool_to((tool), (const char *const[]){__VA_ARGS__, NULL}, NULL)

/* A failure as every tool reports one: exit code, nothing on stdout, one
 * line on stderr starting "tool: " and holding want (if not NULL). With
 * verbose the line is printed with the time the run took. Frees r. */
static inline void expect_tool_failure(result r, int code, const char *tool, const char *want,
                                       const char *what, bool verbose)
{
    size_t len = strlen(tool);
    if (r.status != code) fail_msg("%s: exit %d, expected %d; stderr: %s", what, r.status, code, r.err);
    if (r.out[0]) fail_msg("%s: unexpected stdout: %s", what, r.out);
    if (count_lines(r.err) != 1) fail_msg("%s: expected one line on stderr, got: %s", what, r.err);
    if (strncmp(r.err, tool, len) != 0 || strncmp(r.err + len, ": ", 2) != 0)
        fail_msg("%s: message lacks the '%s: ' prefix: %s", what, tool, r.err);
    if (want && !strstr(r.err, want)) fail_msg("%s: message lacks '%s': %s", what, want, r.err);
    if (verbose) print_message("%-44s exit %d in %.2f s: %s", what, r.status, r.seconds, r.err);
    result_free(&r);
}

#endif
