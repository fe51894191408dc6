// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * precompute.c - the offline tool: builds a level's asset file.
 *
 *   precompute [--domain WxH] [--grid N|NXxNY] [--modes R]
 *              [--artist FILE]... [--snapshots FILE... --pod-modes K]
 *              [--shapes CATALOGUE] [-q] -o FILE
 *   precompute info FILE [--json]
 *
 * A thin command line over eddy_build.h. Every failure prints one line on
 * stderr, "precompute: ...", and exits with a <sysexits.h> code (see usage()).
 * The asset is written only through eddy_asset_save_file, which is atomic:
 * an interrupted or failed run leaves any previous file intact.
 */
#include "precompute.h"
#include "cli.h"

#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_mode.h>
#include <eddy/eddy_scene.h>

#include <cblas.h> /* OpenBLAS: openblas_set_num_threads */

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Limits of the tool (the library may refuse less). */
#define GRID_MIN 4
#define GRID_MAX 4096
#define MODES_MIN 1
#define MODES_MAX 4096
/* Mode files per flag (--artist, --snapshots). */
#define MODE_FILES_MAX 256
/* Level sides in metres: millimetres to hundreds of kilometres keeps every
 * eigenvalue pi^2 (k1^2/W^2 + k2^2/H^2) comfortably finite. */
#define SIDE_MIN 1e-3
#define SIDE_MAX 1e5

static void usage(FILE *f)
{
    fprintf(f,
            "usage: precompute [options] -o FILE      build an asset\n"
            "       precompute info FILE [--json]     describe an asset\n"
            "\n"
            "Builds the precomputed data of a box level (eigenmode basis, advection\n"
            "tensor, viscosity) and writes it atomically to FILE.\n"
            "\n"
            "options:\n"
            "  --domain W[xH]    level size in metres, each side in %g..%g (default 10x10)\n"
            "  --grid N[xM]      MAC grid cells per side, %d..%d (default 64)\n"
            "  --modes R         number of eigenmodes, %d..%d (default 73)\n"
            "  --artist FILE     a painted mode file (eddy-paint); each of its fields\n"
            "                    becomes an artist mode a game can excite by name.\n"
            "                    Repeatable. Its grid must match --domain and --grid.\n"
            "  --snapshots FILE  a mode file of recorded fields for a POD basis;\n"
            "                    repeatable, needs --pod-modes\n"
            "  --pod-modes K     POD directions to take from the snapshots, %d..%d\n"
            "  --shapes FILE     a JSON catalogue of the level's body shapes; their\n"
            "                    panels and inverted panel matrices go into the asset\n"
            "  --walls FILE      a scene (JSON) whose \"walls\" are rock inside the level:\n"
            "                    the basis becomes the --modes Laplacian eigenmodes of\n"
            "                    the fluid region plus one mode per island (and its\n"
            "                    \"depth\", when it has one and --depth is not given)\n"
            "  --depth D         fill the tank only to D metres (0 < D <= its height): the\n"
            "                    basis and --grid cover the water, under a rigid lid at D,\n"
            "                    and the asset gets the free surface's sloshing modes\n"
            "                    (closed form in a box, solved on the cells with --walls);\n"
            "                    without --grid the grid is 64 x 64*D/H cells (--grid N\n"
            "                    gives N x N)\n"
            "  --surface-modes N sloshing modes of the surface, 1..512 (default\n"
            "                    min(32, NX / 2))\n"
            "  --advection HOW   auto, tensor or grid (default auto): grid evaluates\n"
            "                    advection on a grid and stores no tensor (levels with\n"
            "                    walls, and box levels without painted or POD modes);\n"
            "                    auto takes the faster one per step (README,\n"
            "                    \"Advection without the tensor\")\n"
            "  -o, --output FILE the asset to write (required)\n"
            "      --force       replace FILE even when it is read-only, has other hard\n"
            "                    links or another owner (its mode is kept)\n"
            "  -q, --quiet       no progress bar and no summary line\n"
            "  -h, --help        this text\n"
            "  -V, --version     the eddy version\n"
            "\n"
            "Artist and POD fields are made divergence-free, and what the eigenmodes\n"
            "cannot hold of them is added as grid modes (chapter 5.2). For every artist\n"
            "field a line says how much of it the eigenmodes alone and the enriched\n"
            "basis hold, e.g. 'jet: eigenmodes 54.8%%, enriched 100.0%%'.\n"
            "\n"
            "A progress bar is drawn on stderr when stderr is a terminal. The build is\n"
            "estimated first and refused (64) when its cells are more than 16 times\n"
            "longer than wide or it would take over 600 s, 4 GiB or a 2 GiB file; the\n"
            "output may not be one of the input files (docs/cli.md, Limits).\n"
            "\n"
            "exit codes: 0 ok, 64 usage (unknown option, malformed or out-of-range\n"
            "value), 65 bad data (corrupt asset or mode file, a mode file on another\n"
            "grid, a painted field with nothing divergence-free), 66 missing input\n"
            "(a mode file that cannot be opened), 70 internal error,\n"
            "71 out of memory, 73 cannot create the output\n"
            "\n"
            "example: precompute --domain 10x10 --grid 64 --modes 73 -o level.eddy\n",
            SIDE_MIN, SIDE_MAX, GRID_MIN, GRID_MAX, MODES_MIN, MODES_MAX, MODES_MIN, MODES_MAX);
}

/* ------------------------------------------------------------ progress bar */

typedef struct progress {
    bool enabled;
    bool drawn;
    int last_percent;
    char last_stage[32];
} progress;

#define BAR_WIDTH 30

static void on_progress(void *user, const char *stage, double fraction)
{
    progress *p = user;
    if (!p->enabled)
        return;
    if (!stage)
        stage = "";
    if (!(fraction >= 0.0))
        fraction = 0.0;
    if (fraction > 1.0)
        fraction = 1.0;
    int percent = (int)(fraction * 100.0);
    /* Redraw only when something visible changed: a build reports often. */
    if (p->drawn && percent == p->last_percent && strncmp(stage, p->last_stage, sizeof p->last_stage - 1) == 0)
        return;
    p->last_percent = percent;
    snprintf(p->last_stage, sizeof p->last_stage, "%s", stage);
    char bar[BAR_WIDTH + 1];
    int fill = (int)(fraction * BAR_WIDTH);
    for (int i = 0; i < BAR_WIDTH; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[BAR_WIDTH] = '\0';
    fprintf(stderr, "\r%-20.20s [%s] %3d%%", p->last_stage, bar, percent);
    fflush(stderr);
    p->drawn = true;
}

static void progress_clear(progress *p)
{
    if (p->drawn)
        fprintf(stderr, "\r%*s\r", 20 + BAR_WIDTH + 8, "");
    p->drawn = false;
}

/* ------------------------------------------------------------ arguments */

static bool parse_domain(const char *s, double *w, double *h)
{
    char a[64], b[64];
    int parts = cli_split2(s, 'x', a, b, sizeof a);
    if (parts == 0 || !cli_parse_double(a, w))
        return false;
    if (parts == 1)
        *h = *w;
    else if (!cli_parse_double(b, h))
        return false;
    return *w >= SIDE_MIN && *w <= SIDE_MAX && *h >= SIDE_MIN && *h <= SIDE_MAX;
}

static bool parse_grid(const char *s, int *nx, int *ny)
{
    char a[32], b[32];
    long x, y;
    int parts = cli_split2(s, 'x', a, b, sizeof a);
    if (parts == 0 || !cli_parse_long(a, GRID_MIN, GRID_MAX, &x))
        return false;
    if (parts == 1)
        y = x;
    else if (!cli_parse_long(b, GRID_MIN, GRID_MAX, &y))
        return false;
    *nx = (int)x;
    *ny = (int)y;
    return true;
}

/* ------------------------------------------------------------ mode files */

typedef struct mode_files {
    const char *path[MODE_FILES_MAX];
    eddy_mode_set *set[MODE_FILES_MAX];
    int count;
} mode_files;

/* ------------------------------------------------------------ build */

/* The asset must not be written over any of the files it is built from. */
static int check_inputs_apart(const char *output, const mode_files *artists,
                              const mode_files *snapshots, const char *shapes, const char *walls)
{
    int rc = cli_refuse_same_file(PROG, "-o", output, "--shapes", shapes);
    if (rc == EX_OK)
        rc = cli_refuse_same_file(PROG, "-o", output, "--walls", walls);
    for (int i = 0; rc == EX_OK && i < artists->count; i++)
        rc = cli_refuse_same_file(PROG, "-o", output, "--artist", artists->path[i]);
    for (int i = 0; rc == EX_OK && i < snapshots->count; i++)
        rc = cli_refuse_same_file(PROG, "-o", output, "--snapshots", snapshots->path[i]);
    return rc;
}

enum { OPT_DOMAIN = 256, OPT_GRID, OPT_MODES, OPT_ARTIST, OPT_SNAPSHOTS, OPT_POD_MODES, OPT_SHAPES,
       OPT_WALLS, OPT_ADVECTION, OPT_DEPTH, OPT_SURFACE_MODES, OPT_FORCE };

static int exit_for_build(eddy_result code)
{
    switch (code) {
    case EDDY_ERR_ARGUMENT:
    case EDDY_ERR_RANGE: return EX_USAGE; /* sizes and counts came from the command line */
    case EDDY_ERR_FORMAT: /* what the mode files hold */
    case EDDY_ERR_NUMERIC: return EX_DATAERR;
    case EDDY_ERR_MEMORY: return EX_OSERR;
    default: return EX_SOFTWARE;
    }
}


static void mode_files_free(mode_files *m)
{
    for (int i = 0; i < m->count; i++)
        eddy_mode_set_destroy(m->set[i]);
}

/* Loads every file of one flag on the level's grid: 66 when a file cannot be
 * opened, 65 when it is malformed or on another grid. */
static int load_mode_files(mode_files *m, const char *flag, const eddy_build_desc *desc)
{
    eddy_mode_grid want = {desc->width, desc->height, desc->nx, desc->ny};
    for (int i = 0; i < m->count; i++) {
        const char *path = m->path[i];
        struct stat st;
        if (stat(path, &st) != 0)
            return cli_fail(PROG, EX_NOINPUT, "%s '%s': cannot open: %s", flag, path, strerror(errno));
        if (S_ISDIR(st.st_mode))
            return cli_fail(PROG, EX_NOINPUT, "%s '%s': cannot read: it is a directory", flag, path);
        eddy_error err = {0};
        eddy_result res = eddy_mode_set_load(path, &want, &m->set[i], &err);
        /* The library's messages about a file usually name it already. */
        bool named = strstr(err.message, path) != NULL;
        if (res == EDDY_ERR_RANGE)
            return cli_fail(PROG, EX_DATAERR, "%s%s%s%s: %s (see --domain and --grid)", flag,
                            named ? "" : " '", named ? "" : path, named ? "" : "'", err.message);
        if (res != EDDY_OK)
            return cli_fail(PROG, cli_exit_for_load(res), "%s%s%s%s: %s", flag, named ? "" : " '",
                            named ? "" : path, named ? "" : "'", err.message);
        if (strcmp(flag, "--artist") == 0 && eddy_mode_set_kind(m->set[i]) == EDDY_MODE_SNAPSHOTS)
            return cli_fail(PROG, EX_DATAERR,
                            "--artist '%s': the file holds recorded snapshots, not painted modes "
                            "(pass it with --snapshots)", path);
    }
    return EX_OK;
}

static bool add_mode_file(mode_files *m, const char *path)
{
    if (m->count >= MODE_FILES_MAX)
        return false;
    m->path[m->count++] = path;
    return true;
}

/* The enrichment summary on stdout: one line per artist mode, one for POD. */
static void print_enrichment(const eddy_asset *asset, const eddy_build_report *rep)
{
    for (int a = 0; a < eddy_asset_artist_count(asset); a++) {
        double eig = 0.0, all = 0.0;
        eddy_asset_artist_capture(asset, a, &eig, &all);
        printf("%s: eigenmodes %.1f%%, enriched %.1f%%\n", eddy_asset_artist_name(asset, a),
               100.0 * eig, 100.0 * all);
    }
    if (rep->snapshot_fields > 0 || rep->snapshot_skipped > 0)
        printf("snapshots: %d fields (%d empty left out), rank %d, %d POD modes kept holding "
               "%.4f%% of their energy\n", rep->snapshot_fields, rep->snapshot_skipped,
               rep->snapshot_rank, rep->pod_kept, 100.0 * rep->pod_energy);
}

static int build(int argc, char **argv)
{
    static const struct option longs[] = {
        {"domain", required_argument, NULL, OPT_DOMAIN},
        {"grid", required_argument, NULL, OPT_GRID},
        {"modes", required_argument, NULL, OPT_MODES},
        {"artist", required_argument, NULL, OPT_ARTIST},
        {"snapshots", required_argument, NULL, OPT_SNAPSHOTS},
        {"pod-modes", required_argument, NULL, OPT_POD_MODES},
        {"shapes", required_argument, NULL, OPT_SHAPES},
        {"walls", required_argument, NULL, OPT_WALLS},
        {"depth", required_argument, NULL, OPT_DEPTH},
        {"surface-modes", required_argument, NULL, OPT_SURFACE_MODES},
        {"advection", required_argument, NULL, OPT_ADVECTION},
        {"output", required_argument, NULL, 'o'},
        {"force", no_argument, NULL, OPT_FORCE},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    eddy_build_desc desc = {.width = 10.0, .height = 10.0, .nx = 64, .ny = 0, .modes = 73};
    bool depth_given = false;
    const char *output = NULL;
    bool quiet = false, force = false;
    static mode_files artists, snapshots; /* static: large, and main runs once */
    bool pod_given = false;
    const char *shapes_path = NULL;
    const char *walls_path = NULL;

    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":o:qhV", longs, NULL)) != -1) {
        switch (c) {
        case OPT_DOMAIN:
            if (!parse_domain(optarg, &desc.width, &desc.height))
                return cli_fail(PROG, EX_USAGE,
                                "--domain '%s': expected W or WxH in metres, each side in %g..%g (e.g. 10x10)",
                                optarg, SIDE_MIN, SIDE_MAX);
            break;
        case OPT_GRID:
            if (!parse_grid(optarg, &desc.nx, &desc.ny))
                return cli_fail(PROG, EX_USAGE,
                                "--grid '%s': expected N or NXxNY cells, each an integer in %d..%d (e.g. 64)",
                                optarg, GRID_MIN, GRID_MAX);
            break;
        case OPT_MODES: {
            long m;
            if (!cli_parse_long(optarg, MODES_MIN, MODES_MAX, &m))
                return cli_fail(PROG, EX_USAGE, "--modes '%s': expected an integer in %d..%d",
                                optarg, MODES_MIN, MODES_MAX);
            desc.modes = (int)m;
            break;
        }
        case OPT_ARTIST:
        case OPT_SNAPSHOTS: {
            const char *flag = c == OPT_ARTIST ? "--artist" : "--snapshots";
            if (!optarg[0])
                return cli_fail(PROG, EX_USAGE, "%s: the file name is empty", flag);
            if (!add_mode_file(c == OPT_ARTIST ? &artists : &snapshots, optarg))
                return cli_fail(PROG, EX_USAGE, "%s: at most %d files", flag, MODE_FILES_MAX);
            break;
        }
        case OPT_POD_MODES: {
            long k;
            if (!cli_parse_long(optarg, MODES_MIN, MODES_MAX, &k))
                return cli_fail(PROG, EX_USAGE, "--pod-modes '%s': expected an integer in %d..%d",
                                optarg, MODES_MIN, MODES_MAX);
            desc.pod_modes = (int)k;
            pod_given = true;
            break;
        }
        case OPT_SHAPES:
            if (!optarg[0] || shapes_path)
                return cli_fail(PROG, EX_USAGE, "--shapes: give one catalogue file");
            shapes_path = optarg;
            break;
        case OPT_DEPTH:
            if (!cli_parse_double(optarg, &desc.depth) || !(desc.depth >= SIDE_MIN) ||
                !(desc.depth <= SIDE_MAX))
                return cli_fail(PROG, EX_USAGE, "--depth '%s': expected metres in %g..%g", optarg,
                                SIDE_MIN, SIDE_MAX);
            depth_given = true;
            break;
        case OPT_SURFACE_MODES: {
            long m;
            if (!cli_parse_long(optarg, 1, 512, &m))
                return cli_fail(PROG, EX_USAGE, "--surface-modes '%s': expected an integer in 1..512",
                                optarg);
            desc.surface_modes = (int)m;
            break;
        }
        case OPT_WALLS:
            if (!optarg[0] || walls_path)
                return cli_fail(PROG, EX_USAGE, "--walls: give one scene file");
            walls_path = optarg;
            break;
        case OPT_ADVECTION:
            if (strcmp(optarg, "auto") == 0) desc.advection = EDDY_ADVECTION_AUTO;
            else if (strcmp(optarg, "tensor") == 0) desc.advection = EDDY_ADVECTION_TENSOR;
            else if (strcmp(optarg, "grid") == 0) desc.advection = EDDY_ADVECTION_GRID;
            else
                return cli_fail(PROG, EX_USAGE, "--advection '%s': expected auto, tensor or grid",
                                optarg);
            break;
        case 'o':
            if (!optarg[0])
                return cli_fail(PROG, EX_USAGE, "-o: the output file name is empty");
            output = optarg;
            break;
        case 'q': quiet = true; break;
        case OPT_FORCE: force = true; break;
        case 'h': usage(stdout); return cli_finish_stdout(PROG);
        case 'V': printf("precompute (eddy) %s\n", EDDY_VERSION_STRING); return cli_finish_stdout(PROG);
        default: return cli_option_error(PROG, c, argv, longs);
        }
    }
    if (optind < argc)
        return cli_fail(PROG, EX_USAGE, "unexpected argument '%s' (see --help)", argv[optind]);
    if (!output)
        return cli_fail(PROG, EX_USAGE, "missing -o FILE, the asset to write (see --help)");
    if (pod_given && snapshots.count == 0)
        return cli_fail(PROG, EX_USAGE, "--pod-modes needs --snapshots FILE, the recorded fields");
    if (snapshots.count > 0 && !pod_given)
        return cli_fail(PROG, EX_USAGE, "--snapshots needs --pod-modes K, how many POD modes to keep");
    if (depth_given && !(desc.depth <= desc.height))
        return cli_fail(PROG, EX_USAGE, "--depth %g: deeper than the %g m tank (--domain)",
                        desc.depth, desc.height);
    if (desc.surface_modes > 0 && !(desc.depth > 0 && desc.depth < desc.height) && depth_given)
        return cli_fail(PROG, EX_USAGE, "--surface-modes: the tank is full (--depth equals its "
                        "height): no surface");
    if (desc.advection == EDDY_ADVECTION_GRID && !walls_path && (artists.count || snapshots.count))
        return cli_fail(PROG, EX_USAGE, "--advection grid: a box level with --artist or --snapshots "
                        "modes has no grid path (use tensor or auto)");
    /* before a possibly long build: an output its save would refuse (a
       missing directory, a read-only file, ...) fails now, not after it */
    int rc = cli_check_output(PROG, "-o", output, force);
    if (rc == EX_OK)
        rc = check_inputs_apart(output, &artists, &snapshots, shapes_path, walls_path);
    if (rc != EX_OK)
        return rc;
    eddy_shape_catalogue *catalogue = NULL;
    if (shapes_path) {
        eddy_error cerr = {0};
        eddy_result cres = eddy_shape_catalogue_load_file(shapes_path, &catalogue, &cerr);
        if (cres != EDDY_OK)
            return cli_fail(PROG, cres == EDDY_ERR_IO ? EX_NOINPUT : EX_DATAERR, "--shapes: %s",
                            cerr.message);
        desc.shapes = catalogue;
    }
    eddy_scene *walls_scene = NULL;
    if (walls_path) {
        eddy_error werr = {0};
        eddy_result wres = eddy_scene_load_file(walls_path, &walls_scene, &werr);
        eddy_scene_view view;
        eddy_scene_get(walls_scene, &view);
        if (wres == EDDY_OK && view.wall_count == 0) {
            eddy_scene_destroy(walls_scene);
            eddy_shape_catalogue_destroy(catalogue);
            return cli_fail(PROG, EX_DATAERR, "--walls '%s': the scene has no \"walls\"",
                            walls_path);
        }
        if (wres != EDDY_OK) {
            eddy_shape_catalogue_destroy(catalogue);
            return cli_fail(PROG, wres == EDDY_ERR_IO ? EX_NOINPUT : EX_DATAERR, "--walls: %s",
                            werr.message);
        }
        desc.walls = view.walls;
        desc.wall_count = view.wall_count;
        if (!depth_given && view.depth > 0) desc.depth = fmin(view.depth, desc.height);
    }
    rc = load_mode_files(&artists, "--artist", &desc);
    if (rc == EX_OK)
        rc = load_mode_files(&snapshots, "--snapshots", &desc);
    if (rc != EX_OK) {
        mode_files_free(&artists);
        mode_files_free(&snapshots);
        eddy_shape_catalogue_destroy(catalogue);
        eddy_scene_destroy(walls_scene);
        return rc;
    }
    eddy_build_report report = {0};
    desc.artists = (const eddy_mode_set *const *)artists.set;
    desc.artist_count = artists.count;
    desc.snapshots = (const eddy_mode_set *const *)snapshots.set;
    desc.snapshot_count = snapshots.count;
    desc.report = &report;

    progress prog = {.enabled = !quiet && isatty(STDERR_FILENO), .last_percent = -1};
    desc.progress = on_progress;
    desc.progress_user = &prog;

    eddy_error err = {0};
    eddy_asset *asset = NULL;
    eddy_result res = eddy_build_asset(&desc, &asset, &err);
    progress_clear(&prog);
    mode_files_free(&artists);
    mode_files_free(&snapshots);
    eddy_shape_catalogue_destroy(catalogue);
    eddy_scene_destroy(walls_scene);
    if (res != EDDY_OK)
        return cli_fail(PROG, exit_for_build(res), "cannot build the asset: %s", err.message);

    unsigned char *bytes = NULL;
    size_t size = 0;
    res = eddy_asset_encode(asset, &bytes, &size, &err);
    if (res == EDDY_OK)
        res = eddy_write_file_atomic_flags(output, bytes, size, cli_save_flags(force), &err);
    eddy_free(bytes);
    if (res != EDDY_OK) {
        eddy_asset_destroy(asset);
        return cli_fail(PROG, res == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT, "%s",
                        err.message);
    }
    if (!quiet) {
        eddy_asset_info info;
        eddy_asset_get_info(asset, &info);
        struct stat st;
        long long bytes = stat(output, &st) == 0 ? (long long)st.st_size : -1;
        print_enrichment(asset, &report);
        char grid_modes[48] = "";
        if (info.grid_mode_count > 0)
            snprintf(grid_modes, sizeof grid_modes, " (%d eigen + %d grid)", info.eigen_mode_count,
                     info.grid_mode_count);
        if (info.wall_count > 0)
            snprintf(grid_modes, sizeof grid_modes, " (%d Laplacian + %d island + %d grid)",
                     info.domain_mode_count, info.harmonic_mode_count,
                     info.grid_mode_count - info.domain_mode_count - info.harmonic_mode_count);
        char shapes[48] = "";
        if (info.shape_count > 0)
            snprintf(shapes, sizeof shapes, ", %d body shapes", info.shape_count);
        char surface[96] = "";
        if (info.surface_mode_count > 0)
            snprintf(surface, sizeof surface, " (water %g m deep, %d surface modes)",
                     info.height, info.surface_mode_count);
        char tensor[64];
        if (info.advection == EDDY_ADVECTION_GRID)
            snprintf(tensor, sizeof tensor, "advection on the grid (no tensor)");
        else
            snprintf(tensor, sizeof tensor, "%lld tensor non-zeros", (long long)info.tensor_nonzeros);
        printf("wrote %s: %gx%g m%s, %dx%d cells, %d modes%s, %s%s, %lld bytes\n",
               output, info.width, info.tank_height, surface, info.nx, info.ny, info.mode_count,
               grid_modes, tensor, shapes, bytes);
    }
    eddy_asset_destroy(asset);
    return cli_finish_stdout(PROG);
}

int main(int argc, char **argv)
{
    /* Enrichment's SVDs and products go through BLAS, whose multithreaded
     * sums round differently for different thread counts: one thread makes
     * an asset's bytes depend on its inputs only (on one machine type).
     * Another BLAS (MSYS2's reference BLAS) has nothing to pin. */
#if defined(OPENBLAS_CONST)
    openblas_set_num_threads(1);
#endif
    if (argc >= 2 && strcmp(argv[1], "info") == 0)
        return precompute_info(argc - 1, argv + 1);
    return build(argc, argv);
}
