// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * paint_main.c - eddy-paint's command line.
 *
 *   eddy-paint [options] [FILE.mode]                  the window
 *   eddy-paint --script SCRIPT [-o OUT.mode] [--save-dir DIR] [--force] [FILE]
 *                                                     headless: run SCRIPT
 *
 * The script mode never touches SDL (it needs no display): it loads FILE if
 * given, runs the script's lines through paint_script.c, the same document
 * code the window drives, and saves to OUT if given. One "eddy-paint: "
 * line on stderr and a <sysexits.h> code for every failure.
 */
#include "cli.h"
#include "paint_app.h"
#include "paint_script.h"

#include <sys/stat.h>

static const char *const PROG = "eddy-paint";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: eddy-paint [options] [FILE.mode]\n"
            "       eddy-paint --script SCRIPT [-o OUT.mode] [--save-dir DIR] [--force]\n"
            "                  [FILE.mode]\n"
            "\n"
            "Paint velocity modes for eddy: brush strokes, project to divergence-free,\n"
            "let the full-grid solver develop the flow, record snapshots, save mode files.\n"
            "\n"
            "  -s, --script SCRIPT  run SCRIPT headless ('-' reads stdin) and exit;\n"
            "                       the commands are listed in docs/paint.md\n"
            "  -o, --output FILE    after the script, save the document to FILE\n"
            "      --force          replace FILE even when it is read-only, has other hard\n"
            "                       links or another owner (its mode is kept)\n"
            "      --save-dir DIR   the script's own save commands may also write in DIR\n"
            "                       (else only beside the script)\n"
            "  -d, --domain WxH     domain of a new document in metres (default 10x10)\n"
            "  -g, --grid N|NXxNY   cells of a new document (default 64)\n"
            "      --walls FILE     the \"walls\" of a game level or scene (JSON): painted,\n"
            "                       projected and stepped around the same rock as its fluid;\n"
            "                       a level also gives a new document its domain and grid\n"
            "      --level FILE     the same as --walls FILE\n"
            "      --size WxH       window size in pixels (default 1280x800)\n"
            "      --demo           drive the window with a built-in sequence of inputs\n"
            "      --frames N       quit the window after N frames\n"
            "      --screenshot F   save the window as F (.png or .bmp) when it quits\n"
            "  -h, --help           this text\n"
            "  -V, --version        the version\n"
            "\n"
            "FILE is opened when it exists and is where Ctrl+S saves. In the window,\n"
            "F1 lists every key. Exit codes: 0 ok, 64 usage, 65 bad script line or mode\n"
            "file, 66 missing input, 69 no display, 71 out of memory, 72 no font,\n"
            "73 a save failed (the previous file is kept).\n");
}

static bool parse_pair(const char *s, double *a, double *b)
{
    char x[64], y[64];
    return cli_split2(s, 'x', x, y, sizeof x) == 2 && cli_parse_double(x, a) &&
           cli_parse_double(y, b);
}

static bool parse_cells(const char *s, long *nx, long *ny)
{
    char x[64], y[64];
    int parts = cli_split2(s, 'x', x, y, sizeof x);
    if (parts == 1)
        return cli_parse_long(x, 2, EDDY_MODE_MAX_CELLS, nx) && (*ny = *nx, true);
    return parts == 2 && cli_parse_long(x, 2, EDDY_MODE_MAX_CELLS, nx) &&
           cli_parse_long(y, 2, EDDY_MODE_MAX_CELLS, ny);
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* A new document started as FILE.mode is called FILE (if that is a valid
 * name; else it stays "untitled"). */
static void name_after_file(paint_doc *doc, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char name[EDDY_MODE_NAME_MAX + 1];
    snprintf(name, sizeof name, "%s", base);
    char *dot = strrchr(name, '.');
    if (dot && dot != name)
        *dot = '\0';
    eddy_error err = {0};
    paint_doc_set_name(doc, name, &err); /* a refused name keeps "untitled" */
}

/* --walls FILE: a game level gives a new document its domain and grid (a
 * mode painted for it must have them: the level's build refuses any other),
 * and must match a document loaded from a mode file; a scene gives walls
 * only. */
static int open_walls(paint_doc *doc, const char *walls, const char *loaded, bool sized)
{
    eddy_error err = {0};
    eddy_mode_grid g;
    eddy_result rc = paint_level_grid(walls, &g, &err);
    if (rc == EDDY_ERR_IO)
        return cli_fail(PROG, EX_NOINPUT, "--walls: %s", err.message);
    if (rc == EDDY_ERR_FORMAT)
        return cli_fail(PROG, EX_DATAERR, "--walls: %s", err.message);
    if (rc == EDDY_OK && !paint_doc_fits_grid(doc, &g) && (loaded || sized)) {
        const eddy_mac *m = paint_doc_mac(doc);
        return cli_fail(PROG, loaded ? EX_DATAERR : EX_USAGE,
                        "%s is %g x %g m in %d x %d cells, but the level %s is %g x %g m in %d x "
                        "%d cells: a mode painted for it must match (%s)",
                        loaded ? loaded : "the document", m->width, m->height, m->nx, m->ny,
                        walls, g.width, g.height, g.nx, g.ny,
                        loaded ? "paint a new one with --walls LEVEL alone"
                               : "leave out --domain and --grid");
    }
    if (rc == EDDY_OK && !loaded) {
        char name[EDDY_MODE_NAME_MAX + 1];
        snprintf(name, sizeof name, "%s", paint_doc_name(doc));
        rc = paint_doc_open_level(doc, walls, &err);
        if (rc == EDDY_OK)
            paint_doc_set_name(doc, name, &err);
    } else {
        rc = paint_doc_load_walls(doc, walls, &err);
    }
    if (rc != EDDY_OK)
        return cli_fail(PROG, rc == EDDY_ERR_IO ? EX_NOINPUT : rc == EDDY_ERR_MEMORY ? EX_OSERR
                                                                              : EX_DATAERR,
                        "--walls: %s", err.message);
    return EX_OK;
}

int main(int argc, char **argv)
{
    enum { OPT_SIZE = 256, OPT_DEMO, OPT_FRAMES, OPT_SHOT, OPT_WALLS, OPT_FORCE, OPT_SAVE_DIR };
    static const struct option longs[] = {
        {"script", required_argument, NULL, 's'},
        {"output", required_argument, NULL, 'o'},
        {"domain", required_argument, NULL, 'd'},
        {"grid", required_argument, NULL, 'g'},
        {"size", required_argument, NULL, OPT_SIZE},
        {"demo", no_argument, NULL, OPT_DEMO},
        {"frames", required_argument, NULL, OPT_FRAMES},
        {"screenshot", required_argument, NULL, OPT_SHOT},
        {"walls", required_argument, NULL, OPT_WALLS},
        {"level", required_argument, NULL, OPT_WALLS},
        {"force", no_argument, NULL, OPT_FORCE},
        {"save-dir", required_argument, NULL, OPT_SAVE_DIR},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    const char *script = NULL, *output = NULL, *walls = NULL, *save_dir = NULL;
    bool force = false;
    double width = 10, height = 10;
    long nx = 64, ny = 64;
    paint_app_options app = {0};
    app.width = 1280;
    app.height = 800;
    app.prog = PROG;
    bool window_flags = false, sized = false; /* --domain or --grid given */

    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":s:o:d:g:hV", longs, NULL)) != -1) {
        switch (c) {
        case 's': script = optarg; break;
        case 'o': output = optarg; break;
        case 'd':
            sized = true;
            if (!parse_pair(optarg, &width, &height) || !(width > 0 && height > 0))
                return cli_fail(PROG, EX_USAGE,
                                "--domain '%s' must be WxH with positive sizes in metres",
                                optarg);
            break;
        case 'g':
            sized = true;
            if (!parse_cells(optarg, &nx, &ny))
                return cli_fail(PROG, EX_USAGE,
                                "--grid '%s' must be N or NXxNY cells, each 2 to %d", optarg,
                                EDDY_MODE_MAX_CELLS);
            break;
        case OPT_SIZE: {
            long w = 0, h = 0;
            if (!parse_cells(optarg, &w, &h) || w < 480 || h < 360 || w > 8192 || h > 8192)
                return cli_fail(PROG, EX_USAGE,
                                "--size '%s' must be WxH pixels, from 480x360 to 8192x8192",
                                optarg);
            app.width = (int)w;
            app.height = (int)h;
            window_flags = true;
            break;
        }
        case OPT_DEMO: app.demo = true; window_flags = true; break;
        case OPT_FRAMES: {
            long n = 0;
            if (!cli_parse_long(optarg, 1, 216000, &n)) /* an hour at 60 Hz */
                return cli_fail(PROG, EX_USAGE, "--frames '%s' must be a whole number in "
                                "1..216000", optarg);
            app.frames = (int)n;
            window_flags = true;
            break;
        }
        case OPT_SHOT: app.screenshot = optarg; window_flags = true; break;
        case OPT_WALLS: walls = optarg; break;
        case OPT_FORCE: force = true; break;
        case OPT_SAVE_DIR: save_dir = optarg; break;
        case 'h': usage(stdout); return cli_finish_stdout(PROG);
        case 'V': printf("eddy-paint %s\n", EDDY_VERSION_STRING); return cli_finish_stdout(PROG);
        default: return cli_option_error(PROG, c, argv, longs);
        }
    }
    if (argc - optind > 1)
        return cli_fail(PROG, EX_USAGE, "one document at most, got '%s' and '%s' (see --help)",
                        argv[optind], argv[optind + 1]);
    const char *path = optind < argc ? argv[optind] : NULL;
    if (script && window_flags)
        return cli_fail(PROG, EX_USAGE, "--script runs headless: it takes no window options");
    if (output && !script)
        return cli_fail(PROG, EX_USAGE, "-o/--output goes with --script (in the window, "
                                        "give the file as FILE and press Ctrl+S)");
    if ((force || save_dir) && !script)
        return cli_fail(PROG, EX_USAGE, "%s goes with --script", force ? "--force" : "--save-dir");
    struct stat dir_st;
    if (save_dir && (stat(save_dir, &dir_st) != 0 || !S_ISDIR(dir_st.st_mode)))
        return cli_fail(PROG, EX_CANTCREAT, "--save-dir '%s': not a directory", save_dir);

    /* The document FILE may be saved back (an edit); the script and the
     * walls it reads may not be overwritten by the mode file. */
    int checked = cli_check_output(PROG, "-o", output, force);
    if (checked == EX_OK && output && strcmp(script, "-") != 0)
        checked = cli_refuse_same_file(PROG, "-o", output, "--script", script);
    if (checked == EX_OK && output)
        checked = cli_refuse_same_file(PROG, "-o", output, "--walls", walls);
    if (checked != EX_OK)
        return checked;

    eddy_error err = {0};
    paint_doc *doc = NULL;
    eddy_result rc = paint_doc_create(width, height, (int)nx, (int)ny, &doc, &err);
    if (rc != EDDY_OK)
        return cli_fail(PROG, rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_USAGE, "%s", err.message);

    int code = EX_OK;
    if (path && !script && !file_exists(path))
        name_after_file(doc, path);
    if (path && (script || file_exists(path))) {
        rc = paint_doc_load(doc, path, &err);
        if (rc != EDDY_OK) {
            paint_doc_destroy(doc);
            return cli_fail(PROG, cli_exit_for_load(rc), "%s", err.message);
        }
    }
    if (walls && (code = open_walls(doc, walls, path && (script || file_exists(path)) ? path : NULL,
                                    sized)) != EX_OK) {
        paint_doc_destroy(doc);
        return code;
    }
    if (script) {
        paint_script_error se = {0};
        paint_script_options opts = {.save_dir = save_dir};
        rc = paint_script_run_file_with(doc, script, &opts, stdout, &se);
        int read_at = output ? paint_script_input_line(&opts, output) : 0;
        if (rc != EDDY_OK)
            code = cli_fail(PROG, paint_exit_code(&se), "%s", se.message);
        else if (read_at > 0) /* inputs are never outputs (issue 30) */
            code = cli_fail(PROG, EX_USAGE, "-o '%s' is the same file as the input read at line "
                            "%d of %s: refusing to overwrite an input (write to another file)",
                            output, read_at, script);
        else if (output &&
                 (rc = paint_doc_save_flags(doc, output, cli_save_flags(force), &err)) != EDDY_OK)
            code = cli_fail(PROG, rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT, "%s",
                            err.message);
        if (code == EX_OK)
            code = cli_finish_stdout(PROG);
    } else {
        app.path = path;
        code = paint_app_run(doc, &app);
    }
    paint_doc_destroy(doc);
    return code;
}

#ifdef EDDY_PAINT_NO_SDL
/* Built without SDL2/SDL2_ttf (see the Makefile): the script mode works, the
 * window does not. */
int paint_app_run(paint_doc *doc, const paint_app_options *opt)
{
    (void)doc;
    return cli_fail(opt->prog, EX_UNAVAILABLE,
                    "this build has no window (SDL2 and SDL2_ttf were not found when it was "
                    "built); --script works");
}
#endif
