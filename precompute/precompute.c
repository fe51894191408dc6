/*
 * precompute.c - the offline tool: builds a level's asset file.
 *
 *   precompute [--domain WxH] [--grid N|NXxNY] [--modes R] [-q] -o FILE
 *   precompute info FILE [--json]
 *
 * A thin command line over eddy_build.h. Every failure prints one line on
 * stderr, "precompute: ...", and exits with a <sysexits.h> code (see usage()).
 * The asset is written only through eddy_asset_save_file, which is atomic:
 * an interrupted or failed run leaves any previous file intact.
 */
#include "precompute.h"
#include "../tools/cli.h"

#include "eddy.h"
#include "eddy_build.h"

#include <getopt.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Limits of the tool (the library may refuse less). */
#define GRID_MIN 4
#define GRID_MAX 4096
#define MODES_MIN 1
#define MODES_MAX 4096
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
            "  -o, --output FILE the asset to write (required)\n"
            "  -q, --quiet       no progress bar and no summary line\n"
            "  -h, --help        this text\n"
            "  -V, --version     the eddy version\n"
            "\n"
            "A progress bar is drawn on stderr when stderr is a terminal.\n"
            "\n"
            "exit codes: 0 ok, 64 usage (unknown option, malformed or out-of-range\n"
            "value), 65 bad data (corrupt asset), 66 missing input, 70 internal error,\n"
            "71 out of memory, 73 cannot create the output\n"
            "\n"
            "example: precompute --domain 10x10 --grid 64 --modes 73 -o level.eddy\n",
            SIDE_MIN, SIDE_MAX, GRID_MIN, GRID_MAX, MODES_MIN, MODES_MAX);
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

/* Checks before a possibly long build that the output can be created: its
 * directory exists and is writable and the path is not a directory. */
static int check_output(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return cli_fail(PROG, EX_CANTCREAT, "cannot create '%s': it is a directory", path);
    char *copy = strdup(path);
    if (!copy)
        return cli_fail(PROG, EX_OSERR, "out of memory");
    const char *dir = dirname(copy);
    int rc = EX_OK;
    if (stat(dir, &st) != 0)
        rc = cli_fail(PROG, EX_CANTCREAT, "cannot create '%s': directory '%s': %s", path, dir,
                      strerror(errno));
    else if (!S_ISDIR(st.st_mode))
        rc = cli_fail(PROG, EX_CANTCREAT, "cannot create '%s': '%s' is not a directory", path, dir);
    else if (access(dir, W_OK | X_OK) != 0)
        rc = cli_fail(PROG, EX_CANTCREAT, "cannot create '%s': directory '%s': %s", path, dir,
                      strerror(errno));
    free(copy);
    return rc;
}

/* ------------------------------------------------------------ build */

enum { OPT_DOMAIN = 256, OPT_GRID, OPT_MODES };

static int exit_for_build(eddy_result code)
{
    switch (code) {
    case EDDY_ERR_ARGUMENT:
    case EDDY_ERR_RANGE: return EX_USAGE; /* every input came from the command line */
    case EDDY_ERR_MEMORY: return EX_OSERR;
    default: return EX_SOFTWARE;
    }
}

static int build(int argc, char **argv)
{
    static const struct option longs[] = {
        {"domain", required_argument, NULL, OPT_DOMAIN},
        {"grid", required_argument, NULL, OPT_GRID},
        {"modes", required_argument, NULL, OPT_MODES},
        {"output", required_argument, NULL, 'o'},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    eddy_build_desc desc = {.width = 10.0, .height = 10.0, .nx = 64, .ny = 64, .modes = 73};
    const char *output = NULL;
    bool quiet = false;

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
        case 'o':
            if (!optarg[0])
                return cli_fail(PROG, EX_USAGE, "-o: the output file name is empty");
            output = optarg;
            break;
        case 'q': quiet = true; break;
        case 'h': usage(stdout); return EX_OK;
        case 'V': printf("precompute (eddy) %s\n", EDDY_VERSION_STRING); return EX_OK;
        default: return cli_option_error(PROG, c, argv, longs);
        }
    }
    if (optind < argc)
        return cli_fail(PROG, EX_USAGE, "unexpected argument '%s' (see --help)", argv[optind]);
    if (!output)
        return cli_fail(PROG, EX_USAGE, "missing -o FILE, the asset to write (see --help)");
    int rc = check_output(output);
    if (rc != EX_OK)
        return rc;

    progress prog = {.enabled = !quiet && isatty(STDERR_FILENO), .last_percent = -1};
    desc.progress = on_progress;
    desc.progress_user = &prog;

    eddy_error err = {0};
    eddy_asset *asset = NULL;
    eddy_result res = eddy_build_asset(&desc, &asset, &err);
    progress_clear(&prog);
    if (res != EDDY_OK)
        return cli_fail(PROG, exit_for_build(res), "cannot build the asset: %s", err.message);

    res = eddy_asset_save_file(asset, output, &err);
    if (res != EDDY_OK) {
        eddy_asset_destroy(asset);
        return cli_fail(PROG, res == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT, "cannot write '%s': %s",
                        output, err.message);
    }
    if (!quiet) {
        eddy_asset_info info;
        eddy_asset_get_info(asset, &info);
        struct stat st;
        long long bytes = stat(output, &st) == 0 ? (long long)st.st_size : -1;
        printf("wrote %s: %gx%g m, %dx%d cells, %d modes, %lld tensor non-zeros, %lld bytes\n",
               output, info.width, info.height, info.nx, info.ny, info.mode_count,
               (long long)info.tensor_nonzeros, bytes);
    }
    eddy_asset_destroy(asset);
    if (fflush(stdout) != 0)
        return cli_fail(PROG, EX_IOERR, "cannot write to standard output: %s", strerror(errno));
    return EX_OK;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "info") == 0)
        return precompute_info(argc - 1, argv + 1);
    return build(argc, argv);
}
