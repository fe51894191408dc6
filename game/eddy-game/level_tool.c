// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * level_tool.c - eddy-level, the game's asset builder (what `make assets`
 * runs for every level, assets/levels/NAME.json):
 *
 *   eddy-level build LEVEL.json --modes DIR -o OUT.eddy [--deps OUT.d]
 *   eddy-level check LEVEL.json...
 *   eddy-level solve LEVEL.json --assets DIR -o OUT.replay [--frames N]
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
#include <eddy/eddy_build.h>
#include <eddy/eddy_file.h>
#include "game_asset.h"
#include "game_bot.h"
#include "game_replay.h"
#include "level_build.h"

static const char *const PROG = "eddy-level";

static void usage(FILE *f)
{
    fprintf(f, "usage: eddy-level build LEVEL.json --modes DIR -o OUT.eddy [--deps OUT.d]\n"
               "       eddy-level check LEVEL.json...\n"
               "       eddy-level solve LEVEL.json --assets DIR -o OUT.replay [--frames N]\n"
               "\n"
               "build   precompute a level's asset: the box eigenmodes of its tank, the\n"
               "        painted modes listed in its \"asset.paint\" (DIR/NAME.mode) and the\n"
               "        panels of every body outline; --deps writes a make rule\n"
               "check   parse levels and print one line each\n"
               "solve   play a shipped level with its bot and save the winning replay\n"
               "        (DIR holds the built assets, levels/ID.eddy)\n"
               "Exit codes: 0 ok, 64 usage, 65 bad level or mode file, 66 missing input,\n"
               "73 cannot write the output.\n");
}

static int exit_for(eddy_result rc)
{
    switch (rc) {
    case EDDY_ERR_IO: return EX_NOINPUT;
    case EDDY_ERR_MEMORY: return EX_OSERR;
    default: return EX_DATAERR;
    }
}

static int cmd_check(int argc, char **argv)
{
    if (argc < 3) return cli_fail(PROG, EX_USAGE, "check: give at least one level");
    for (int i = 2; i < argc; i++) {
        game_level *L;
        eddy_error err = {0};
        eddy_result rc = game_level_load_file(argv[i], &L, &err);
        if (rc != EDDY_OK) return cli_fail(PROG, exit_for(rc), "%s", err.message);
        if ((rc = game_level_check_build(L, &err)) != EDDY_OK) {
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
 * must not be the level or any mode file read (used: the space-separated
 * list the build returned, or NULL before it), nor one another, nor a
 * device, FIFO or directory. */
static int check_build_files(const char *level, const char *out, const char *deps,
                             const char *used)
{
    int code = cli_refuse_special_output(PROG, "-o", out);
    if (code == EX_OK && deps) code = cli_refuse_special_output(PROG, "--deps", deps);
    if (code == EX_OK) code = cli_refuse_one_output(PROG, "-o", out, "--deps", deps);
    if (code == EX_OK) code = cli_refuse_same_file(PROG, "-o", out, "level", level);
    if (code == EX_OK && deps) code = cli_refuse_same_file(PROG, "--deps", deps, "level", level);
    for (const char *p = used; code == EX_OK && p && *p;) {
        const char *sp = strchr(p, ' ');
        size_t n = sp ? (size_t)(sp - p) : strlen(p);
        char mode[1024];
        snprintf(mode, sizeof mode, "%.*s", (int)(n < sizeof mode ? n : sizeof mode - 1), p);
        if (mode[0]) code = cli_refuse_same_file(PROG, "-o", out, "mode file", mode);
        if (code == EX_OK && deps && mode[0])
            code = cli_refuse_same_file(PROG, "--deps", deps, "mode file", mode);
        p = sp ? sp + 1 : p + n;
    }
    return code;
}

static int cmd_build(int argc, char **argv)
{
    const char *level = NULL, *modes = NULL, *out = NULL, *deps = NULL;
    for (int i = 2; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--modes") == 0) slot = &modes;
        else if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--output") == 0) slot = &out;
        else if (strcmp(argv[i], "--deps") == 0) slot = &deps;
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
    int code = check_build_files(level, out, deps, NULL);
    if (code != EX_OK) return code;
    game_level *L;
    eddy_error err = {0};
    eddy_result rc = game_level_load_file(level, &L, &err);
    if (rc != EDDY_OK) return cli_fail(PROG, exit_for(rc), "%s", err.message);
    eddy_asset *asset = NULL;
    char used[4096];
    rc = game_level_check_build(L, &err);
    if (rc == EDDY_OK) rc = game_asset_build(L, modes, &asset, used, sizeof used, &err);
    if (rc != EDDY_OK) {
        game_level_destroy(L);
        return cli_fail(PROG, rc == EDDY_ERR_IO ? EX_NOINPUT : exit_for(rc), "%s", err.message);
    }
    if ((code = check_build_files(level, out, deps, used)) != EX_OK) {
        eddy_asset_destroy(asset);
        game_level_destroy(L);
        return code;
    }
    rc = eddy_asset_save_file(asset, out, &err);
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    eddy_asset_destroy(asset);
    if (rc != EDDY_OK) {
        game_level_destroy(L);
        return cli_fail(PROG, EX_CANTCREAT, "%s", err.message);
    }
    if (deps) {
        /* the rule, and an empty rule per mode file so that a removed one
           does not stop make (as gcc -MP does for headers) */
        char rule[16384];
        int n = snprintf(rule, sizeof rule, "%s: %s %s\n", out, level, used);
        for (char *p = used, *sp; *p && n < (int)sizeof rule - 1; p = sp + 1) {
            sp = strchr(p, ' ');
            if (!sp) break;
            n += snprintf(rule + n, sizeof rule - (size_t)n, "%.*s:\n", (int)(sp - p), p);
        }
        if (n >= (int)sizeof rule) n = (int)sizeof rule - 1;
        if ((code = cli_refuse_one_output(PROG, "-o", out, "--deps", deps)) != EX_OK) {
            game_level_destroy(L);
            return code;
        }
        if (eddy_write_file_atomic(deps, rule, (size_t)n, &err) != EDDY_OK) {
            game_level_destroy(L);
            return cli_fail(PROG, EX_CANTCREAT, "--deps: %s", err.message);
        }
    }
    printf("%s: %s (%gx%g m, %dx%d cells, %d modes, %d artist, %d body shapes)\n", L->id, out,
           info.width, info.height, info.nx, info.ny, info.mode_count, info.artist_count,
           info.shape_count);
    game_level_destroy(L);
    return EX_OK;
}

static int cmd_solve(int argc, char **argv)
{
    const char *level = NULL, *assets = NULL, *out = NULL, *frames_s = NULL;
    for (int i = 2; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--assets") == 0) slot = &assets;
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
    int checked = cli_refuse_special_output(PROG, "-o", out);
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
    if (rc != EDDY_OK) {
        code = cli_fail(PROG, exit_for(rc), "%s", err.message);
    } else if (game_bot_play(sim, frames, &err) != GAME_WON) {
        code = cli_fail(PROG, EX_DATAERR, "solve: the bot did not win '%s' in %ld frames%s%s", L->id,
                        frames, err.message[0] ? ": " : "", err.message);
    } else {
        game_replay r;
        if ((rc = game_replay_from_sim(sim, &r, &err)) == EDDY_OK) {
            rc = game_replay_save_file(&r, out, &err);
            printf("%s: won in %.2f s, %d stars, %d commands over %ld frames -> %s\n", L->id,
                   game_sim_finish_time(sim), game_sim_stars(sim), r.count, r.frames, out);
            game_replay_free(&r);
        }
        if (rc != EDDY_OK) code = cli_fail(PROG, EX_CANTCREAT, "solve: %s", err.message);
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
    if (strcmp(argv[1], "build") == 0) return cmd_build(argc, argv);
    if (strcmp(argv[1], "check") == 0) return cmd_check(argc, argv);
    if (strcmp(argv[1], "solve") == 0) return cmd_solve(argc, argv);
    return cli_fail(PROG, EX_USAGE, "unknown command '%s' (build, check, solve)", argv[1]);
}
