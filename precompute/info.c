// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * info.c - `precompute info FILE [--json]`: what an asset file holds.
 *
 * The file is validated by the library (eddy_file_sections checks the
 * container, eddy_asset_load_file everything else) before anything is shown,
 * so a corrupt file gives one message and exit code 65, never partial output.
 */
#include "precompute.h"
#include "cli.h"

#include <eddy/eddy.h>
#include <eddy/eddy_build.h>

#include <cJSON.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_SECTIONS 64

static void info_usage(FILE *f)
{
    fprintf(f,
            "usage: precompute info FILE [--json]\n"
            "\n"
            "Shows what an asset holds: domain, grid, modes (eigenmodes and grid\n"
            "modes), largest wave numbers, advection tensor size, the artist modes with\n"
            "how much of each the eigenmodes alone and the enriched basis hold, and the\n"
            "file's sections.\n"
            "\n"
            "  --json       one JSON object instead of text\n"
            "  -h, --help   this text\n"
            "\n"
            "exit codes: 0 ok, 64 usage, 65 corrupt or malformed file,\n"
            "66 missing or unreadable file\n");
}

/* A section tag for text output: non-printable bytes become '?'. */
static void printable_tag(const char *tag, char out[5])
{
    for (int i = 0; i < 4; i++) {
        unsigned char c = (unsigned char)tag[i];
        out[i] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    out[4] = '\0';
}

/* "artists": [{"name", "eigen_fraction", "enriched_fraction"}, ...] */
static bool add_artists(cJSON *root, const eddy_asset *asset)
{
    cJSON *list = cJSON_AddArrayToObject(root, "artists");
    bool ok = list != NULL;
    for (int a = 0; ok && a < eddy_asset_artist_count(asset); a++) {
        double eig = 0.0, all = 0.0;
        eddy_asset_artist_capture(asset, a, &eig, &all);
        cJSON *item = cJSON_CreateObject();
        ok = item && cJSON_AddItemToArray(list, item);
        if (!ok) {
            cJSON_Delete(item);
            break;
        }
        ok = cJSON_AddStringToObject(item, "name", eddy_asset_artist_name(asset, a)) &&
             cJSON_AddNumberToObject(item, "eigen_fraction", eig) &&
             cJSON_AddNumberToObject(item, "enriched_fraction", all);
    }
    return ok;
}

/* "shapes": [{"name", "pieces", "panels", "sigma_min", "sigma_max"}, ...] */
static bool add_shapes(cJSON *root, const eddy_asset *asset, int count)
{
    cJSON *list = cJSON_AddArrayToObject(root, "shapes");
    bool ok = list != NULL;
    for (int i = 0; ok && i < count; i++) {
        eddy_asset_shape_info si;
        eddy_asset_shape(asset, i, &si);
        cJSON *item = cJSON_CreateObject();
        ok = item && cJSON_AddItemToArray(list, item);
        if (!ok) {
            cJSON_Delete(item);
            break;
        }
        ok = cJSON_AddStringToObject(item, "name", si.name) &&
             cJSON_AddNumberToObject(item, "pieces", si.pieces) &&
             cJSON_AddNumberToObject(item, "panels", si.panels) &&
             cJSON_AddNumberToObject(item, "sigma_min", si.sigma_min) &&
             cJSON_AddNumberToObject(item, "sigma_max", si.sigma_max);
    }
    return ok;
}

static int print_json(const char *path, long long file_size, const eddy_asset_info *in,
                      const eddy_asset *asset, const eddy_file_section *sec, int count)
{
    cJSON *root = cJSON_CreateObject();
    bool ok = root && cJSON_AddStringToObject(root, "file", path) &&
              cJSON_AddNumberToObject(root, "file_size", (double)file_size) &&
              cJSON_AddNumberToObject(root, "format_version", in->format_version);
    cJSON *domain = ok ? cJSON_AddObjectToObject(root, "domain") : NULL;
    cJSON *grid = domain ? cJSON_AddObjectToObject(root, "grid") : NULL;
    cJSON *modes = grid ? cJSON_AddObjectToObject(root, "modes") : NULL;
    cJSON *wave = modes ? cJSON_AddObjectToObject(root, "max_wave") : NULL;
    cJSON *tensor = wave ? cJSON_AddObjectToObject(root, "tensor") : NULL;
    cJSON *sections = tensor ? cJSON_AddArrayToObject(root, "sections") : NULL;
    ok = sections && cJSON_AddNumberToObject(domain, "width", in->width) &&
         cJSON_AddNumberToObject(domain, "height", in->height) &&
         cJSON_AddNumberToObject(grid, "nx", in->nx) && cJSON_AddNumberToObject(grid, "ny", in->ny) &&
         cJSON_AddNumberToObject(modes, "total", in->mode_count) &&
         cJSON_AddNumberToObject(modes, "eigen", in->eigen_mode_count) &&
         cJSON_AddNumberToObject(modes, "grid", in->grid_mode_count) &&
         cJSON_AddNumberToObject(wave, "x", in->max_wave_x) &&
         cJSON_AddNumberToObject(wave, "y", in->max_wave_y) &&
         cJSON_AddNumberToObject(tensor, "nonzeros", (double)in->tensor_nonzeros) &&
         cJSON_AddNumberToObject(tensor, "density", in->tensor_density) &&
         cJSON_AddStringToObject(root, "advection",
                                 in->advection == EDDY_ADVECTION_GRID ? "grid" : "tensor") &&
         add_artists(root, asset) &&
         add_shapes(root, asset, in->shape_count);
    if (ok && in->surface_mode_count > 0) {
        cJSON *surface = cJSON_AddObjectToObject(root, "surface");
        ok = surface && cJSON_AddNumberToObject(surface, "depth", in->depth) &&
             cJSON_AddNumberToObject(surface, "tank_height", in->tank_height) &&
             cJSON_AddNumberToObject(surface, "modes", in->surface_mode_count);
    }
    if (ok && in->wall_count > 0) {
        cJSON *walls = cJSON_AddObjectToObject(root, "walls");
        ok = walls && cJSON_AddNumberToObject(walls, "count", in->wall_count) &&
             cJSON_AddNumberToObject(walls, "solid_cells", in->solid_cell_count) &&
             cJSON_AddNumberToObject(walls, "islands", in->island_count) &&
             cJSON_AddNumberToObject(walls, "laplacian_modes", in->domain_mode_count) &&
             cJSON_AddNumberToObject(walls, "island_modes", in->harmonic_mode_count);
    }
    for (int i = 0; ok && i < count; i++) {
        cJSON *s = cJSON_CreateObject();
        ok = s != NULL;
        if (ok) {
            cJSON_AddItemToArray(sections, s);
            ok = cJSON_AddStringToObject(s, "tag", sec[i].tag) &&
                 cJSON_AddNumberToObject(s, "size", (double)sec[i].size);
        }
    }
    char *text = ok ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!text)
        return cli_fail(PROG, EX_OSERR, "out of memory while writing JSON");
    puts(text);
    cJSON_free(text);
    return EX_OK;
}

static void print_text(const char *path, long long file_size, const eddy_asset_info *in,
                       const eddy_asset *asset, const eddy_file_section *sec, int count)
{
    printf("file            %s\n", path);
    printf("file size       %lld bytes\n", file_size);
    printf("format version  %u\n", (unsigned)in->format_version);
    if (in->surface_mode_count > 0)
        printf("domain          %g x %g m of water under the lid\n", in->width, in->depth);
    else
        printf("domain          %g x %g m\n", in->width, in->height);
    if (in->surface_mode_count > 0)
        printf("surface         water depth %g m, tank height %g m, %d sloshing modes\n", in->depth,
               in->tank_height, in->surface_mode_count);
    printf("grid            %d x %d cells\n", in->nx, in->ny);
    if (in->grid_mode_count > 0)
        printf("modes           %d (%d eigenmodes, %d grid modes)\n", in->mode_count,
               in->eigen_mode_count, in->grid_mode_count);
    else
        printf("modes           %d (%d eigenmodes)\n", in->mode_count, in->eigen_mode_count);
    printf("max wave        %d x %d\n", in->max_wave_x, in->max_wave_y);
    if (in->wall_count > 0)
        printf("walls           %d (%d solid cells, %d island%s): %d Laplacian eigenmodes, %d "
               "island modes\n", in->wall_count, in->solid_cell_count, in->island_count,
               in->island_count == 1 ? "" : "s", in->domain_mode_count, in->harmonic_mode_count);
    if (in->advection == EDDY_ADVECTION_GRID && in->stream_mode_count > 0)
        printf("advection       on the grid (no tensor; %d modes as stream functions)\n",
               in->stream_mode_count);
    else if (in->advection == EDDY_ADVECTION_GRID)
        printf("advection       on the grid (no tensor)\n");
    else
        printf("tensor          %lld non-zeros, density %.4g\n", (long long)in->tensor_nonzeros,
               in->tensor_density);
    if (in->artist_count > 0) {
        printf("artist modes    %d\n", in->artist_count);
        for (int a = 0; a < in->artist_count; a++) {
            double eig = 0.0, all = 0.0;
            eddy_asset_artist_capture(asset, a, &eig, &all);
            printf("  %s: eigenmodes %.1f%%, enriched %.1f%%\n", eddy_asset_artist_name(asset, a),
                   100.0 * eig, 100.0 * all);
        }
    }
    if (in->shape_count > 0) {
        printf("body shapes     %d (panels and inverted panel matrices)\n", in->shape_count);
        for (int i = 0; i < in->shape_count; i++) {
            eddy_asset_shape_info si;
            eddy_asset_shape(asset, i, &si);
            printf("  %s: %d piece%s, %d panels\n", si.name, si.pieces, si.pieces == 1 ? "" : "s",
                   si.panels);
        }
    }
    printf("sections        %d\n", count);
    for (int i = 0; i < count; i++) {
        char tag[5];
        printable_tag(sec[i].tag, tag);
        printf("  %-4s          %llu bytes\n", tag, sec[i].size);
    }
}

/* The library's I/O messages name the file; its format messages do not. */
static int load_failed(const char *path, const eddy_error *err)
{
    if (err->code == EDDY_ERR_IO)
        return cli_fail(PROG, cli_exit_for_load(err->code), "%s", err->message);
    return cli_fail(PROG, cli_exit_for_load(err->code), "%s: %s", path, err->message);
}

int precompute_info(int argc, char **argv)
{
    static const struct option longs[] = {
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool json = false;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
        switch (c) {
        case 'j': json = true; break;
        case 'h': info_usage(stdout); return cli_finish_stdout(PROG);
        default: return cli_option_error(PROG, c, argv, longs);
        }
    }
    if (optind >= argc)
        return cli_fail(PROG, EX_USAGE, "info: missing FILE (see precompute info --help)");
    if (argc - optind > 1)
        return cli_fail(PROG, EX_USAGE, "info: one FILE at a time, got '%s' too", argv[optind + 1]);
    const char *path = argv[optind];

    struct stat st;
    if (stat(path, &st) != 0)
        return cli_fail(PROG, EX_NOINPUT, "cannot open '%s': %s", path, strerror(errno));
    if (S_ISDIR(st.st_mode))
        return cli_fail(PROG, EX_NOINPUT, "cannot read '%s': it is a directory", path);

    eddy_error err = {0};
    eddy_file_section sections[MAX_SECTIONS];
    int count = 0;
    eddy_result res = eddy_file_sections(path, sections, MAX_SECTIONS, &count, &err);
    if (res != EDDY_OK)
        return load_failed(path, &err);
    if (count < 0)
        count = 0;
    if (count > MAX_SECTIONS)
        count = MAX_SECTIONS;

    eddy_asset *asset = NULL;
    res = eddy_asset_load_file(path, &asset, &err);
    if (res != EDDY_OK)
        return cli_fail(PROG, cli_exit_for_load(res), "%s", err.message); /* names the file */
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);

    int rc = EX_OK;
    if (json)
        rc = print_json(path, (long long)st.st_size, &info, asset, sections, count);
    else
        print_text(path, (long long)st.st_size, &info, asset, sections, count);
    eddy_asset_destroy(asset);
    return rc == EX_OK ? cli_finish_stdout(PROG) : rc;
}
