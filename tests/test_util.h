// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_util.h - small helpers shared by the cmocka test programs. */
#ifndef EDDY_TEST_UTIL_H
#define EDDY_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "eddy.h"
#include "eddy_build.h"

#include <stdlib.h>
#include <dirent.h>
#include <string.h>

/* Every alarm() in the tests bounds a hang, never speed: a correct run on a
 * machine shared by many builds (make sanitize at load 8 on 2 cores runs
 * 10 to 20 times slower than idle) must never reach it, so it is far above
 * the slowest step's idle time (about 15 s). EDDY_TEST_HANG_SECONDS
 * overrides it (e.g. under valgrind). Speed itself is measured by make
 * bench, never asserted by a test. */
#define TEST_HANG_SECONDS 1800u

static inline unsigned test_hang_seconds(void)
{
    const char *env = getenv("EDDY_TEST_HANG_SECONDS");
    long s = env ? strtol(env, NULL, 10) : 0;
    return s > 0 && s < 1000000 ? (unsigned)s : TEST_HANG_SECONDS;
}

/* Deterministic pseudo-random numbers in [-1, 1) (xorshift64*). */
/* How many files in dir end in suffix (the shipped levels: every one must be
 * in the checks that go over the catalog); -1 when dir cannot be read. */
static inline int test_count_files(const char *dir, const char *suffix)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    size_t ls = strlen(suffix);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        n += len > ls && strcmp(e->d_name + len - ls, suffix) == 0;
    }
    closedir(d);
    return n;
}

static inline double test_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return (double)((x * 0x2545F4914F6CDD1DULL) >> 11) / (double)(1ULL << 52) - 1.0;
}

/* Builds a box asset or fails the test with the library's message. */
static inline eddy_asset *test_build_asset(double w, double h, int nx, int ny, int modes)
{
    eddy_build_desc d = {0};
    d.width = w, d.height = h, d.nx = nx, d.ny = ny, d.modes = modes;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("build failed: %s", err.message);
    return a;
}

static inline eddy_fluid *test_make_fluid(const eddy_asset *a, double viscosity)
{
    eddy_fluid_desc d = {0};
    d.viscosity = viscosity;
    eddy_fluid *f = NULL;
    eddy_error err = {0};
    if (eddy_fluid_create(a, &d, &f, &err) != EDDY_OK) fail_msg("fluid failed: %s", err.message);
    return f;
}

#endif
