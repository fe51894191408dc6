// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_asset_load.c - what loading an asset costs, and how much of it the
 * loader's checks of meaning and consistency take (engine/fluid/
 * asset_meaning.c, asset_shapes.c): for each asset, the median CPU time of
 * a whole load (eddy_asset_load_memory: decode, the shapes' checks, the
 * meaning checks) and of the meaning checks alone (eddyi_asset_check_meaning
 * on the loaded asset), over LOADS loads. The assets: box bases of 73 and
 * 256 modes, an enriched one (73 eigenmodes + 4 painted fields), a walled
 * one (96 modes on the cave's grid), and the shipped levels' when make
 * assets has built them (their body shapes carry panels and inverses).
 *
 *   build/bench/bench_asset_load [ASSET.eddy ...]
 *
 * One JSON line per asset. */
#include "asset_format.h"
#include "eddy_build.h"
#include "fluid_internal.h"
#include "eddy_mode.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOADS 21

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void die(const char *what, const eddy_error *err)
{
    fprintf(stderr, "bench_asset_load: %s: %s\n", what, err->message);
    exit(1);
}

static void time_bytes(const char *name, const unsigned char *data, size_t size)
{
    double load[LOADS], check[LOADS];
    eddy_error err = {0};
    for (int k = 0; k < LOADS; ++k) {
        eddy_asset *a = NULL;
        double t0 = cpu_ms();
        if (eddy_asset_load_memory(data, size, &a, &err) != EDDY_OK) die(name, &err);
        double t1 = cpu_ms();
        if (eddyi_asset_check_meaning(a, &err) != EDDY_OK) die(name, &err);
        double t2 = cpu_ms();
        load[k] = t1 - t0, check[k] = t2 - t1;
        eddy_asset_destroy(a);
    }
    qsort(load, LOADS, sizeof *load, compare);
    qsort(check, LOADS, sizeof *check, compare);
    printf("{\"asset\":\"%s\",\"bytes\":%zu,\"load_ms\":%.3f,\"meaning_checks_ms\":%.3f}\n", name,
           size, load[LOADS / 2], check[LOADS / 2]);
    fflush(stdout);
}

static void time_asset(const char *name, const eddy_asset *a)
{
    unsigned char *data = NULL;
    size_t size = 0;
    eddy_error err = {0};
    if (eddy_asset_encode(a, &data, &size, &err) != EDDY_OK) die(name, &err);
    time_bytes(name, data, size);
    eddy_free(data);
}

static void time_built(const char *name, eddy_build_desc *d)
{
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(d, &a, &err) != EDDY_OK) die(name, &err);
    time_asset(name, a);
    eddy_asset_destroy(a);
}

static void time_file(const char *path)
{
    uint8_t *data = NULL;
    size_t size = 0;
    eddy_error err = {0};
    if (eddy_read_file(path, (size_t)1 << 31, &data, &size, &err) != EDDY_OK) die(path, &err);
    const char *base = strrchr(path, '/');
    time_bytes(base ? base + 1 : path, data, size);
    eddy_free(data);
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int i = 1; i < argc; ++i) time_file(argv[i]);
        return 0;
    }
    eddy_build_desc box73 = {.width = 10, .height = 10, .nx = 64, .ny = 64, .modes = 73};
    time_built("box 73 modes, 64 x 64", &box73);
    eddy_build_desc box256 = {.width = 10, .height = 10, .nx = 128, .ny = 128, .modes = 256};
    time_built("box 256 modes, 128 x 128", &box256);
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    if (eddy_mode_set_create("jets", 10, 10, 64, 64, 4, &set, &err) != EDDY_OK) die("set", &err);
    for (int k = 0; k < 4; ++k) {
        double *f = eddy_mode_set_field(set, k);
        for (int s = 0; s < eddy_mode_set_field_size(set); ++s) f[s] = sin(0.37 * s + k) * (k + 1);
    }
    const eddy_mode_set *sets[1] = {set};
    eddy_build_desc enriched = {.width = 10, .height = 10, .nx = 64, .ny = 64, .modes = 73,
                                .artists = sets, .artist_count = 1};
    time_built("enriched 73 + 4 painted, 64 x 64", &enriched);
    eddy_mode_set_destroy(set);
    eddy_wall shelf = {.kind = EDDY_WALL_POLYGON, .point_count = 4,
                       .points = {{3, 2.5}, {12, 2.5}, {12, 3.5}, {3, 3.5}}};
    eddy_build_desc walled = {.width = 12, .height = 7.5, .nx = 64, .ny = 40, .modes = 96,
                              .walls = &shelf, .wall_count = 1};
    time_built("walled 96 modes, 64 x 40", &walled);
    const char *dir = "build/assets/levels";
    DIR *d = opendir(dir);
    for (struct dirent *e = d ? readdir(d) : NULL; e; e = readdir(d)) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".eddy") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        time_file(path);
    }
    if (d) closedir(d);
    return 0;
}
