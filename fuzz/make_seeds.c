// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* make_seeds.c - writes the binary seed corpora of the fuzz targets with the
 * library's real writers: small assets (eddy_build_asset + eddy_asset_save_file)
 * and small mode files (eddy_mode_set_save). Binary seeds are generated, not
 * committed; `make fuzz` runs this first into fuzz/corpus/asset and
 * fuzz/corpus/mode (git ignores the generated *.eddy and *.mode files).
 *
 *   make_seeds ASSET_DIR [MODE_DIR]
 *
 * Seeds are kept small (a few kilobytes) so that libFuzzer's mutations stay
 * cheap and its default maximum input length stays near the seeds' size. */
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_mode.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void seed_asset(const char *dir, double w, double h, int nx, int ny, int modes)
{
    eddy_build_desc d = {.width = w, .height = h, .nx = nx, .ny = ny, .modes = modes};
    eddy_asset *a = NULL;
    eddy_error err = {0};
    char path[1024];
    snprintf(path, sizeof path, "%s/box_%gx%g_%dx%d_r%d.eddy", dir, w, h, nx, ny, modes);
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK || eddy_asset_save_file(a, path, &err) != EDDY_OK) {
        fprintf(stderr, "make_seeds: %s: %s\n", path, err.message);
        failures++;
    }
    eddy_asset_destroy(a);
}

/* A set whose fields are smooth swirls (different per field), optionally
 * marked as snapshots. */
static void seed_mode(const char *dir, const char *file, const char *name, double w, double h,
                      int nx, int ny, int count, eddy_mode_kind kind)
{
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.mode", dir, file);
    if (eddy_mode_set_create(name, w, h, nx, ny, count, &set, &err) != EDDY_OK ||
        eddy_mode_set_assign_kind(set, kind, &err) != EDDY_OK) {
        fprintf(stderr, "make_seeds: %s: %s\n", path, err.message);
        failures++;
        eddy_mode_set_destroy(set);
        return;
    }
    int n = eddy_mode_set_field_size(set);
    for (int k = 0; k < count; ++k) {
        double *f = eddy_mode_set_field(set, k);
        for (int s = 0; s < n; ++s) f[s] = sin(0.7 * s + k) * (k + 1);
    }
    if (eddy_mode_set_save(set, path, &err) != EDDY_OK) {
        fprintf(stderr, "make_seeds: %s: %s\n", path, err.message);
        failures++;
    }
    eddy_mode_set_destroy(set);
}

/* An enriched asset (chapter 5.2): eigenmodes plus grid modes from two
 * painted fields, so the seeds reach the GMOD and ARTP decoders. */
static void seed_enriched_asset(const char *dir, int nx, int ny, int modes)
{
    eddy_mode_set *set = NULL;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    char path[1024];
    snprintf(path, sizeof path, "%s/enriched_%dx%d_r%d.eddy", dir, nx, ny, modes);
    eddy_result rc = eddy_mode_set_create("jet", 10, 10, nx, ny, 2, &set, &err);
    if (rc == EDDY_OK) {
        int n = eddy_mode_set_field_size(set);
        for (int k = 0; k < 2; ++k) {
            double *f = eddy_mode_set_field(set, k);
            for (int s = 0; s < n; ++s) f[s] = sin(0.9 * s + 2 * k) * (k + 1);
        }
        const eddy_mode_set *artists[1] = {set};
        eddy_build_desc d = {.width = 10, .height = 10, .nx = nx, .ny = ny, .modes = modes};
        d.artists = artists;
        d.artist_count = 1;
        rc = eddy_build_asset(&d, &a, &err);
    }
    if (rc == EDDY_OK) rc = eddy_asset_save_file(a, path, &err);
    if (rc != EDDY_OK) {
        fprintf(stderr, "make_seeds: %s: %s\n", path, err.message);
        failures++;
    }
    eddy_asset_destroy(a);
    eddy_mode_set_destroy(set);
}

/* A level with an island (issue 14: WALL, walled grid modes), one with body
 * shapes (SHAP) and two pools (SURF), so the seeds reach those sections and
 * their checks. */
static void seed_walled_and_shaped_assets(const char *dir)
{
    static const char catalogue[] =
        "{\"shapes\": [{\"name\": \"duck\", \"pieces\": [{\"shape\": \"circle\", \"radius\": "
        "0.4}, {\"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.2, \"x\": 0.5}]}]}";
    eddy_wall island = {.kind = EDDY_WALL_CIRCLE, .x = 5, .y = 5, .radius = 1.5};
    eddy_shape_catalogue *shapes = NULL;
    eddy_error err = {0};
    eddy_build_desc walled = {.width = 10, .height = 10, .nx = 12, .ny = 12, .modes = 4};
    walled.walls = &island;
    walled.wall_count = 1;
    eddy_build_desc shaped = {.width = 10, .height = 10, .nx = 8, .ny = 8, .modes = 4};
    /* advection on the grid (issue 23): no ADVT, the eigenmodes in GPSI */
    eddy_build_desc walled_grid = walled, box_grid = {.width = 10, .height = 10, .nx = 8, .ny = 8,
                                                       .modes = 5};
    walled_grid.advection = box_grid.advection = EDDY_ADVECTION_GRID;
    /* tanks filled to a depth (issue 20: SURF), a box and a rocky one */
    eddy_build_desc pool = {.width = 10, .height = 8, .depth = 5, .nx = 12, .ny = 6, .modes = 4,
                            .surface_modes = 4};
    eddy_wall ledge = {.kind = EDDY_WALL_POLYGON, .point_count = 4,
                       .points = {{7, 3}, {10, 3}, {10, 6}, {7, 6}}};
    eddy_build_desc rocky = pool;
    rocky.walls = &ledge;
    rocky.wall_count = 1;
    const eddy_build_desc *descs[6] = {&walled, &shaped, &walled_grid, &box_grid, &pool, &rocky};
    const char *names[6] = {"walled_12x12_r4.eddy", "shapes_8x8_r4.eddy",
                            "walled_grid_12x12_r4.eddy", "box_grid_8x8_r5.eddy",
                            "pool_12x6_r4.eddy", "rocky_pool_12x6_r4.eddy"};
    eddy_result rc = eddy_shape_catalogue_load_memory(catalogue, strlen(catalogue), &shapes, &err);
    shaped.shapes = shapes;
    for (int k = 0; k < 6 && rc == EDDY_OK; ++k) {
        eddy_asset *a = NULL;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[k]);
        rc = eddy_build_asset(descs[k], &a, &err);
        if (rc == EDDY_OK) rc = eddy_asset_save_file(a, path, &err);
        eddy_asset_destroy(a);
    }
    if (rc != EDDY_OK) {
        fprintf(stderr, "make_seeds: walled or shaped asset: %s\n", err.message);
        failures++;
    }
    eddy_shape_catalogue_destroy(shapes);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: make_seeds ASSET_DIR [MODE_DIR]\n");
        return 64;
    }
    const char *assets = argv[1];
    seed_asset(assets, 10, 10, 8, 8, 1);
    seed_asset(assets, 10, 10, 8, 8, 2);
    seed_asset(assets, 10, 10, 8, 8, 5);
    seed_asset(assets, 12, 7, 6, 4, 9);
    seed_asset(assets, 1, 3, 2, 2, 3);
    seed_asset(assets, 10, 10, 16, 16, 12);
    seed_enriched_asset(assets, 6, 6, 4);
    seed_walled_and_shaped_assets(assets);
    if (argc == 3) {
        const char *modes = argv[2];
        seed_mode(modes, "tiny", "jet", 10, 10, 2, 2, 1, EDDY_MODE_PAINTED);
        seed_mode(modes, "snapshots", "recorded frames", 12, 7, 3, 2, 3, EDDY_MODE_SNAPSHOTS);
        seed_mode(modes, "square", "swirl", 10, 10, 4, 4, 2, EDDY_MODE_PAINTED);
        seed_mode(modes, "long_name", "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
                  1, 1, 2, 3, 1, EDDY_MODE_PAINTED);
        seed_mode(modes, "utf8_name", "v\xc3\xa9rtice \xe2\x86\xbb", 5, 2, 5, 2, 1,
                  EDDY_MODE_SNAPSHOTS);
    }
    return failures ? 1 : 0;
}
