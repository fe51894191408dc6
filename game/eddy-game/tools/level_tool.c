// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * level_tool.c - eddy-level, the game's asset builder (what `make assets`
 * runs for every level, assets/levels/NAME.json):
 *
 *   eddy-level build LEVEL.json --modes DIR -o OUT.eddy [--deps OUT.d] [--force]
 *   eddy-level check LEVEL.json...
 *   eddy-level solve LEVEL.json --assets DIR -o OUT.replay [--frames N] [--force]
 *
 * build: the level's asset (game_asset.h), saved atomically; --deps writes a
 * make rule naming the level and the painted mode files it used, so that a
 * changed .paint rebuilds exactly the levels that use it.
 * check: parses each level and prints one line per level.
 * solve: plays the level with its bot (game_bot.h) and saves the replay of a
 * win; a level the bot does not win is an error (exit 65).
 * Failures: one "eddy-level: " line on stderr and a <sysexits.h> code.
 */
#include "cli.h"
#include "kit_status.h"
#include <eddy/eddy_build.h>
#include <eddy/eddy_file.h>
#include "game_asset.h"
#include "game_bot.h"
#include "game_replay.h"
#include "level_build.h"

static const char *const PROG = "eddy-level";

static void usage(FILE *f)
{
    fprintf(f, "usage: eddy-level build LEVEL.json --modes DIR -o OUT.eddy [--deps OUT.d] [--force]\n"
               "       eddy-level check LEVEL.json...\n"
               "       eddy-level solve LEVEL.json --assets DIR -o OUT.replay [--frames N] [--force]\n"
               "       eddy-level --version\n"
               "\n"
               "build   precompute a level's asset: the box eigenmodes of its tank, the\n"
               "        painted modes listed in its \"asset.paint\" (DIR/NAME.mode) and the\n"
               "        panels of every body outline; --deps writes a make rule\n"
               "check   parse levels, set each up as the game would (on a stand-in\n"
               "        asset) and print one line each\n"
               "solve   play a shipped level with its bot and save the winning replay\n"
               "        (DIR holds the built assets, levels/ID.eddy)\n"
               "--force replaces an output even when it is read-only, has other hard links\n"
               "        or another owner (its mode is kept)\n"
               "Exit codes: 0 ok, 64 usage, 65 bad level or mode file, 66 missing input,\n"
               "73 cannot write the output.\n");
}

static int exit_for(eddy_result rc)
{
    return kit_exit_code(kit_status_of(rc, KIT_BAD_DATA));
}

/* What eddy-game would refuse when it starts the level: its fluid, world,
 * bodies and coupling are set up (game_sim_create_trial) and stepped once,
 * on a stand-in asset of the level's domain, grid and walls with a few
 * modes, so that no value of the level (a density, a velocity, gravity, an
 * outline) first fails in the game. A build without the builder's libraries
 * (EDDY_BUILDER_NONE: the Windows cross-build, engine/builder/none) cannot
 * make a basis for walls, and the game refuses an asset built without the
 * level's walls: there a level with walls is parsed and checked but not
 * tried, and eddy-level says so once on stderr. */
static eddy_result trial_run(const game_level *L, eddy_error *err)
{
    eddy_scene_view view;
    eddy_scene_get(L->scene, &view);
    eddy_build_desc d = {.width = L->asset.width, .height = L->asset.height, .nx = L->asset.nx,
                         .ny = L->asset.ny, .modes = L->asset.modes < 4 ? L->asset.modes : 4,
                         .walls = view.walls, .wall_count = view.wall_count};
#ifdef EDDY_BUILDER_NONE
    if (d.wall_count > 0) {
        static bool said;
        if (!said)
            fprintf(stderr, "%s: this build has no builder: levels with walls are checked "
                            "without a trial run (its asset needs the builder)\n", PROG);
        said = true;
        return EDDY_OK;
    }
#endif
    eddy_asset *stand_in = NULL;
    eddy_error inner = {0};
    eddy_result rc = eddy_build_asset(&d, &stand_in, &inner);
    if (rc != EDDY_OK)
        return game_error(err, rc == EDDY_ERR_MEMORY ? rc : EDDY_ERR_FORMAT, "level %s: asset: %s",
                          L->id, inner.message);
    game_sim *sim = NULL;
    rc = game_sim_create_trial(L, stand_in, &sim, err);
    if (rc == EDDY_OK && (rc = game_sim_step(sim, &inner)) != EDDY_OK)
        game_error(err, rc == EDDY_ERR_NUMERIC ? rc : EDDY_ERR_FORMAT, "level %s: its first "
                   "step fails: %s", L->id, inner.message);
    if (rc == EDDY_OK && game_sim_has_nan(sim))
        rc = game_error(err, EDDY_ERR_NUMERIC, "level %s: its first step is not finite (a value "
                        "too large for the simulation)", L->id);
    game_sim_destroy(sim);
    eddy_asset_destroy(stand_in);
    return rc;
}

static int cmd_check(int argc, char **argv)
{
    if (argc < 3) return cli_fail(PROG, EX_USAGE, "check: give at least one level");
    for (int i = 2; i < argc; i++) {
        game_level *L;
        eddy_error err = {0};
        eddy_result rc = game_level_load_file(argv[i], &L, &err);
        if (rc != EDDY_OK) return cli_fail(PROG, exit_for(rc), "%s", err.message);
        if ((rc = game_level_check_build(L, &err)) != EDDY_OK || (rc = trial_run(L, &err)) != EDDY_OK) {
            game_level_destroy(L);
            return cli_fail(PROG, exit_for(rc), "%s", err.message);
        }
        printf("%s: \"%s\", %d bodies%s, %d jets, %d goals, par %g s\n", L->id, L->title,
               L->body_count, L->paddle.present ? " and a paddle" : "", L->jet_count,
               L->goal_count, L->par);
        game_level_destroy(L);
    }
    return EX_OK;
}

/* Refuses outputs that would destroy an input or each other: -o and --deps
 * must not be the level or any mode file read (used: the files the build
 * read, or NULL before it), nor one another; and each must be a file its
 * save would replace (cli_check_output: a regular file or a new one in a
 * directory that exists, not read-only unless --force, ...). */
static int check_build_files(const char *level, const char *out, const char *deps,
                             const game_paths *used, bool force)
{
    int code = cli_check_output(PROG, "-o", out, force);
    if (code == EX_OK) code = cli_check_output(PROG, "--deps", deps, force);
    if (code == EX_OK) code = cli_refuse_one_output(PROG, "-o", out, "--deps", deps);
    if (code == EX_OK) code = cli_refuse_same_file(PROG, "-o", out, "level", level);
    if (code == EX_OK && deps) code = cli_refuse_same_file(PROG, "--deps", deps, "level", level);
    for (int i = 0; code == EX_OK && used && i < used->count; i++) {
        code = cli_refuse_same_file(PROG, "-o", out, "mode file", used->path[i]);
        if (code == EX_OK && deps)
            code = cli_refuse_same_file(PROG, "--deps", deps, "mode file", used->path[i]);
    }
    return code;
}

/* text appended to a growing buffer; false when memory ran out */
typedef struct text_buf {
    char *s;
    size_t n, cap;
    bool failed;
} text_buf;

static void put_bytes(text_buf *b, const char *p, size_t n)
{
    if (b->failed) return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n + 1) cap *= 2;
        char *grown = realloc(b->s, cap);
        if (!grown) {
            b->failed = true;
            return;
        }
        b->s = grown, b->cap = cap;
    }
    memcpy(b->s + b->n, p, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* A file name as make reads it in a rule: spaces, '#', ':' and '\' escaped
 * with a backslash, '$' doubled. */
static void put_make_name(text_buf *b, const char *name)
{
    for (const char *p = name; *p; p++) {
        if (*p == '$') put_bytes(b, "$", 1);
        else if (*p == ' ' || *p == '#' || *p == ':' || *p == '\\' || *p == '\t')
            put_bytes(b, "\\", 1);
        put_bytes(b, p, 1);
    }
}

/* "OUT: LEVEL MODE...", then an empty rule per mode file so that a removed
 * one does not stop make (as gcc -MP does for headers). */
static char *deps_rule(const char *out, const char *level, const game_paths *used)
{
    text_buf b = {0};
    put_make_name(&b, out);
    put_bytes(&b, ": ", 2);
    put_make_name(&b, level);
    for (int i = 0; i < used->count; i++) {
        put_bytes(&b, " ", 1);
        put_make_name(&b, used->path[i]);
    }
    put_bytes(&b, "\n", 1);
    for (int i = 0; i < used->count; i++) {
        put_make_name(&b, used->path[i]);
        put_bytes(&b, ":\n", 2);
    }
    if (b.failed) {
        free(b.s);
        return NULL;
    }
    return b.s;
}

/* The asset and the rule, written side by side and replaced together: the
 * old files stay until both new ones are complete. */
static int save_build(const eddy_asset *asset, const char *out, const char *deps,
                      const char *rule, bool force)
{
    eddy_error err = {0};
    unsigned char *bytes = NULL;
    size_t size = 0;
    eddy_staged_file *staged_out = NULL, *staged_deps = NULL;
    eddy_result rc = eddy_asset_encode(asset, &bytes, &size, &err);
    if (rc == EDDY_OK) rc = eddy_stage_file(out, bytes, size, cli_save_flags(force), &staged_out, &err);
    eddy_free(bytes);
    if (rc != EDDY_OK) return cli_fail(PROG, rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT, "%s", err.message);
    if (deps) rc = eddy_stage_file(deps, rule, strlen(rule), cli_save_flags(force), &staged_deps, &err);
    if (rc != EDDY_OK) {
        eddy_discard_file(staged_out);
        return cli_fail(PROG, EX_CANTCREAT, "--deps: %s", err.message);
    }
    if ((rc = eddy_commit_file(staged_out, &err)) != EDDY_OK) {
        eddy_discard_file(staged_deps);
        return cli_fail(PROG, EX_CANTCREAT, "%s", err.message);
    }
    if (staged_deps && (rc = eddy_commit_file(staged_deps, &err)) != EDDY_OK)
        return cli_fail(PROG, EX_CANTCREAT, "--deps: %s", err.message);
    return EX_OK;
}

static int cmd_build(int argc, char **argv)
{
    const char *level = NULL, *modes = NULL, *out = NULL, *deps = NULL;
    bool force = false;
    for (int i = 2; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--modes") == 0) slot = &modes;
        else if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) slot = &out;
        else if (strcmp(argv[i], "--deps") == 0) slot = &deps;
        else if (strcmp(argv[i], "--force") == 0) force = true;
        else if (argv[i][0] == '-') return cli_fail(PROG, EX_USAGE, "build: unknown option '%s'", argv[i]);
        else if (level) return cli_fail(PROG, EX_USAGE, "build: one level at a time");
        else level = argv[i];
        if (slot) {
            if (i + 1 >= argc) return cli_fail(PROG, EX_USAGE, "build: %s needs a value", argv[i]);
            *slot = argv[++i];
        }
    }
    if (!level || !modes || !out)
        return cli_fail(PROG, EX_USAGE, "build: needs LEVEL, --modes DIR and -o OUT");
    int code = check_build_files(level, out, deps, NULL, force);
    if (code != EX_OK) return code;
    game_level *L;
    eddy_error err = {0};
    eddy_result rc = game_level_load_file(level, &L, &err);
    if (rc != EDDY_OK) return cli_fail(PROG, exit_for(rc), "%s", err.message);
    eddy_asset *asset = NULL;
    game_paths used = {0};
    rc = game_level_check_build(L, &err);
    if (rc == EDDY_OK) rc = game_asset_build(L, modes, &asset, &used, &err);
    char *rule = NULL;
    if (rc != EDDY_OK) {
        code = cli_fail(PROG, rc == EDDY_ERR_IO ? EX_NOINPUT : exit_for(rc), "%s", err.message);
    } else if ((code = check_build_files(level, out, deps, &used, force)) == EX_OK) {
        if (deps && !(rule = deps_rule(out, level, &used)))
            code = cli_fail(PROG, EX_OSERR, "out of memory");
        else
            code = save_build(asset, out, deps, rule, force);
    }
    if (code == EX_OK) {
        eddy_asset_info info;
        eddy_asset_get_info(asset, &info);
        char water[64] = "";
        if (info.surface_mode_count > 0)
            snprintf(water, sizeof water, ", water %g m deep", info.height);
        printf("%s: %s (%gx%g m%s, %dx%d cells, %d modes, %d artist, %d body shapes)\n", L->id,
               out, info.width, info.tank_height, water, info.nx, info.ny, info.mode_count,
               info.artist_count, info.shape_count);
    }
    free(rule);
    game_paths_free(&used);
    eddy_asset_destroy(asset);
    game_level_destroy(L);
    return code;
}

static int cmd_solve(int argc, char **argv)
{
    const char *level = NULL, *assets = NULL, *out = NULL, *frames_s = NULL;
    bool force = false;
    for (int i = 2; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--force") == 0) force = true;
        else if (strcmp(argv[i], "--assets") == 0) slot = &assets;
        else if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) slot = &out;
        else if (strcmp(argv[i], "--frames") == 0) slot = &frames_s;
        else if (argv[i][0] == '-') return cli_fail(PROG, EX_USAGE, "solve: unknown option '%s'", argv[i]);
        else if (level) return cli_fail(PROG, EX_USAGE, "solve: one level at a time");
        else level = argv[i];
        if (slot) {
            if (i + 1 >= argc) return cli_fail(PROG, EX_USAGE, "solve: %s needs a value", argv[i]);
            *slot = argv[++i];
        }
    }
    long frames = 36000;
    if (frames_s && !cli_parse_long(frames_s, 1, GAME_MAX_FRAMES, &frames))
        return cli_fail(PROG, EX_USAGE, "solve: --frames: expected an integer in 1..%ld (an hour "
                        "at 60 Hz)", GAME_MAX_FRAMES);
    if (!level || !assets || !out)
        return cli_fail(PROG, EX_USAGE, "solve: needs LEVEL, --assets DIR and -o OUT");
    int checked = cli_check_output(PROG, "-o", out, force);
    if (checked == EX_OK) checked = cli_refuse_same_file(PROG, "-o", out, "level", level);
    if (checked != EX_OK) return checked;
    game_level *L;
    eddy_error err = {0};
    eddy_result rc = game_level_load_file(level, &L, &err);
    if (rc != EDDY_OK) return cli_fail(PROG, exit_for(rc), "%s", err.message);
    if (!game_bot_knows(L->id)) {
        int code = cli_fail(PROG, EX_DATAERR, "solve: no bot plays level '%s'", L->id);
        game_level_destroy(L);
        return code;
    }
    eddy_asset *asset = NULL;
    game_sim *sim = NULL;
    rc = game_asset_for_level(L, assets, &asset, &err);
    if (rc == EDDY_OK) rc = game_sim_create(L, asset, &sim, &err);
    int code = EX_OK;
    eddy_step_cost cost;
    if (rc == EDDY_OK && game_level_step_cost(L, asset, game_sim_feedback(sim), &cost, NULL) == EDDY_OK)
        cli_limit_cpu(PROG, fmax(CLI_BUDGET_FLOOR, CLI_BUDGET_FACTOR * (double)frames * cost.total),
                      "solve: the bot's play");
    if (rc != EDDY_OK) {
        code = cli_fail(PROG, exit_for(rc), "%s", err.message);
    } else if (game_bot_play(sim, frames, &err) != GAME_WON) {
        code = cli_fail(PROG, EX_DATAERR, "solve: the bot did not win '%s' in %ld frames%s%s", L->id,
                        frames, err.message[0] ? ": " : "", err.message);
    } else {
        game_replay r;
        if ((rc = game_replay_from_sim(sim, &r, &err)) == EDDY_OK) {
            char *text = game_replay_format(&r);
            rc = text ? eddy_write_file_atomic_flags(out, text, strlen(text), cli_save_flags(force),
                                                     &err)
                      : game_error(&err, EDDY_ERR_MEMORY, "replay: out of memory");
            free(text);
            if (rc == EDDY_OK)
                printf("%s: won in %.2f s, %d stars, %d commands over %ld frames -> %s\n", L->id,
                       game_sim_finish_time(sim), game_sim_stars(sim), r.count, r.frames, out);
            game_replay_free(&r);
        }
        if (rc != EDDY_OK)
            code = cli_fail(PROG, rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT, "solve: %s",
                            err.message);
    }
    game_sim_destroy(sim);
    eddy_asset_destroy(asset);
    game_level_destroy(L);
    return code;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EX_USAGE;
    }
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return cli_finish_stdout(PROG);
    }
    if (strcmp(argv[1], "-V") == 0 || strcmp(argv[1], "--version") == 0) {
        printf("eddy-level (eddy) %s\n", EDDY_VERSION_STRING);
        return cli_finish_stdout(PROG);
    }
    int code;
    if (strcmp(argv[1], "build") == 0) code = cmd_build(argc, argv);
    else if (strcmp(argv[1], "check") == 0) code = cmd_check(argc, argv);
    else if (strcmp(argv[1], "solve") == 0) code = cmd_solve(argc, argv);
    else return cli_fail(PROG, EX_USAGE, "unknown command '%s' (build, check, solve)", argv[1]);
    /* every line printed must have reached standard output (74 otherwise) */
    return code == EX_OK ? cli_finish_stdout(PROG) : code;
}
