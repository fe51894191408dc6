// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * test_game.c - eddy-game's headless core and its command line (issue 6):
 *   - every shipped level loads and plays 600 steps with random input: no
 *     NaN, every body still inside the tank;
 *   - a recorded replay, written to a file and read back, reproduces the run
 *     bit for bit (and so do two runs with the same commands);
 *   - every level has a committed replay (assets/replays/ID.replay, made by
 *     `make replays`), recorded on this version of the level, and playing it
 *     through the headless core wins the level (on Box2D 2.4, where the
 *     replays are recorded; on v3 contacts differ in the last digits, so
 *     there the replays are played and reported and the bots must win);
 *   - the shipped bot wins every level (so `make replays` can always run);
 *   - a headless screenshot shows the scene (a PNG with the tank, the water,
 *     the bodies and the text, not a blank image);
 *   - levels and replays with mistakes are refused, naming the field or line;
 *   - the command line: exit codes of <sysexits.h>, one line on stderr.
 * Runs from the repository root; $EDDY_BIN is where the programs are (make
 * test sets it), the built assets are in $EDDY_BIN/../assets.
 */
#include "eddy_file.h"
#include "game_asset.h"
#include "game_bot.h"
#include "game_embedded.h"
#include "game_flow.h"
#include "game_hint.h"
#include "game_replay.h"
#include "game_reload.h"
#include "game_run.h"
#include "level_build.h"
#include "level_place.h"
#include "test_util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <time.h>
#include <unistd.h>
#ifndef EDDY_GAME_NO_SDL
#include <zlib.h>
#endif

#define LEVELS_DIR "assets/levels"
#define FRAMES 600

static char g_tmp[64];
static char g_assets[512];

static const char *bin_dir(void)
{
    const char *b = getenv("EDDY_BIN");
    return b && *b ? b : "build/bin";
}

static int setup(void **state)
{
    (void)state;
    snprintf(g_tmp, sizeof g_tmp, "/tmp/eddy-test-game-XXXXXX");
    if (!mkdtemp(g_tmp)) return -1;
    snprintf(g_assets, sizeof g_assets, "%s/../assets", bin_dir());
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_tmp);
    return system(cmd) == 0 ? 0 : -1;
}

static const char *tmp_path(const char *name)
{
    static char ring[4][160];
    static int k;
    char *p = ring[k++ % 4];
    snprintf(p, sizeof ring[0], "%s/%s", g_tmp, name);
    return p;
}

/* A level of the shipped catalog with its built asset. */
static void load_shipped(const game_catalog *cat, int i, game_loaded *out)
{
    eddy_error err = {0};
    if (game_load_index(cat, i, out, &err) != EDDY_OK) fail_msg("%s", err.message);
}

static game_sim *make_sim(const game_loaded *l)
{
    game_sim *sim = NULL;
    eddy_error err = {0};
    if (game_sim_create(l->level, l->asset, &sim, &err) != EDDY_OK) fail_msg("%s", err.message);
    return sim;
}

static void step(game_sim *sim)
{
    eddy_error err = {0};
    if (game_sim_step(sim, &err) != EDDY_OK) fail_msg("step %ld: %s", game_sim_frame(sim), err.message);
}

/* What a restless player does: the paddle back and forth, jets on and off,
 * stirring in bursts, now and then another feedback mode. */
static void random_input(game_sim *sim, uint64_t *rng)
{
    const game_level *L = game_sim_level(sim);
    long f = game_sim_frame(sim);
    eddy_error err = {0};
    game_cmd c = {0};
    double W = L->asset.width, H = L->asset.height;
    if (L->paddle.present && f % 40 == 0) {
        c = (game_cmd){GAME_CMD_PADDLE, 0, {W * (0.5 + 0.5 * test_random(rng)), H * (0.5 + 0.5 * test_random(rng)), 0, 0}};
        assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
    }
    if (L->jet_count > 0 && f % 90 == 10) {
        int j = (int)((test_random(rng) + 1) * 0.5 * L->jet_count) % L->jet_count;
        c = (game_cmd){GAME_CMD_JET, j, {game_sim_jet_on(sim, j) ? 0.0 : 1.0, 0, 0, 0}};
        assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
    }
    if (f % 120 < 30) {
        c = (game_cmd){GAME_CMD_STIR, 0, {W * (0.5 + 0.45 * test_random(rng)), H * (0.5 + 0.45 * test_random(rng)),
                                          4 * test_random(rng), 4 * test_random(rng)}};
        assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
    }
    if (f == 250) {
        c = (game_cmd){GAME_CMD_FEEDBACK, EDDY_FEEDBACK_QUADTREE, {0}};
        assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
    }
    if (f == 400) {
        c = (game_cmd){GAME_CMD_FEEDBACK, EDDY_FEEDBACK_EXACT, {0}};
        assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
    }
}

/* ------------------------------------------------------------ every level */

static void every_level_plays_600_frames(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    assert_true(cat.count >= 6);
    for (int i = 0; i < cat.count; i++) {
        game_loaded l;
        load_shipped(&cat, i, &l);
        game_sim *sim = make_sim(&l);
        /* the run cost model's Taylor terms bound every frame's, and are not
         * more than 20 times their mean (issue 30) */
        eddy_step_cost cost;
        eddy_error err = {0};
        assert_int_equal(game_level_step_cost(l.level, l.asset, EDDY_FEEDBACK_DEFAULT, &cost, &err),
                         EDDY_OK);
        double terms = 0, most = 0;
        uint64_t rng = 0x5eed0000u + (uint64_t)i;
        for (int f = 0; f < FRAMES; f++) {
            random_input(sim, &rng);
            step(sim);
            if (game_sim_has_nan(sim)) fail_msg("%s: NaN at frame %d", l.level->id, f);
            if (!game_sim_bodies_inside(sim)) fail_msg("%s: a body left the tank at frame %d", l.level->id, f);
            eddy_coupling_timings tm;
            eddy_coupling_get_timings(game_sim_coupling(sim), &tm);
            terms += tm.fluid.taylor_terms, most = fmax(most, tm.fluid.taylor_terms);
        }
        if (most > cost.taylor_terms || (terms > 0 && cost.taylor_terms > 20.0 * terms / FRAMES))
            fail_msg("%s: Taylor terms estimated %g a frame, measured at most %g, %g on average",
                     l.level->id, cost.taylor_terms, most, terms / FRAMES);
        print_message("%-18s %d bodies, %d jets, %d goals: %d frames, no NaN, all inside; Taylor "
                      "terms %.1f on average, at most %g, estimated %g\n",
                      l.level->id, game_sim_body_count(sim), l.level->jet_count,
                      l.level->goal_count, FRAMES, terms / FRAMES, most, cost.taylor_terms);
        game_sim_destroy(sim);
        game_loaded_free(&l);
    }
    game_catalog_close(&cat);
}

/* The built-in level needs no data: the level file and the asset make built
 * for it (BUILD/assets/builtin.eddy) are in the program, byte for byte, and
 * the asset is the level's recipe with its shapes' panels precomputed. */
static void builtin_level_runs_without_data(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, tmp_path("no-levels"), tmp_path("no-assets"), NULL);
    assert_int_equal(cat.count, 0);
    game_loaded l;
    eddy_error err = {0};
    assert_int_equal(game_load_level(&cat, "builtin", &l, &err), EDDY_OK);
    assert_string_equal(l.level->id, "builtin");
    eddy_asset_info info;
    eddy_asset_get_info(l.asset, &info);
    assert_true(info.width == l.level->asset.width && info.height == l.level->asset.height);
    assert_int_equal(info.nx, l.level->asset.nx);
    assert_int_equal(info.ny, l.level->asset.ny);
    assert_int_equal(info.mode_count, l.level->asset.modes);
    assert_true(info.shape_count >= 1);
    char built[600];
    snprintf(built, sizeof built, "%s/builtin.eddy", g_assets);
    FILE *f = fopen(built, "rb");
    if (!f) fail_msg("%s: not built (make builds it for the game)", built);
    unsigned char *bytes = malloc(game_builtin_asset_size + 1);
    assert_non_null(bytes);
    size_t got = fread(bytes, 1, game_builtin_asset_size + 1, f);
    fclose(f);
    assert_int_equal(got, game_builtin_asset_size);
    assert_memory_equal(bytes, game_builtin_asset, game_builtin_asset_size);
    free(bytes);
    game_sim *sim = make_sim(&l);
    for (int f = 0; f < 120; f++) step(sim);
    assert_false(game_sim_has_nan(sim));
    assert_true(game_sim_bodies_inside(sim));
    game_sim_destroy(sim);
    game_loaded_free(&l);
    game_catalog_close(&cat);
}

/* A level whose asset is missing is not played (the game never builds an
 * asset): the error is the loader's own message with what to run. */
static void missing_asset_says_what_to_run(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, tmp_path("no-assets"), NULL);
    assert_true(cat.count > 0);
    game_loaded l;
    eddy_error err = {0};
    assert_int_equal(game_load_index(&cat, 0, &l, &err), EDDY_ERR_IO);
    assert_null(l.level);
    assert_null(l.asset);
    eddy_asset *a = NULL;
    eddy_error loader = {0};
    char path[256];
    snprintf(path, sizeof path, "%s/levels/%s.eddy", tmp_path("no-assets"), "01-first-current");
    assert_int_equal(eddy_asset_load_file(path, &a, &loader), EDDY_ERR_IO);
    if (!strstr(err.message, loader.message))
        fail_msg("'%s' does not carry the loader's '%s'", err.message, loader.message);
    assert_non_null(strstr(err.message, "make assets"));
    assert_non_null(strstr(err.message, "eddy-level build"));
    game_catalog_close(&cat);
}

/* An asset the loader refuses, or one built for another level, is refused
 * with the reason and what to do; nothing is played. */
static void refused_asset_is_reported(void **state)
{
    (void)state;
    char dir[256], path[300], other[600];
    snprintf(dir, sizeof dir, "%s", tmp_path("stale"));
    mkdir(dir, 0755);
    snprintf(path, sizeof path, "%s/levels", dir);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/levels/01-first-current.eddy", dir);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs("not an asset at all", f);
    fclose(f);
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, dir, NULL);
    game_loaded l;
    eddy_error err = {0};
    assert_int_equal(game_load_level(&cat, "01-first-current", &l, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "make assets"));
    assert_non_null(strstr(err.message, "01-first-current.eddy"));
    /* level 2's asset (no painted modes) under level 1's name: level 1's
       current has no mode to run on */
    snprintf(other, sizeof other, "%s/levels/02-paddle.eddy", g_assets);
    uint8_t *bytes = NULL;
    size_t size = 0;
    assert_int_equal(eddy_read_file(other, 1 << 28, &bytes, &size, &err), EDDY_OK);
    assert_int_equal(eddy_write_file_atomic(path, bytes, size, &err), EDDY_OK);
    eddy_free(bytes);
    assert_int_equal(game_load_level(&cat, "01-first-current", &l, &err), EDDY_ERR_RANGE);
    assert_non_null(strstr(err.message, "jets[0].mode"));
    game_catalog_close(&cat);
}

/* ------------------------------------------------------------ replays */

static void recorded_replay_reproduces_exactly(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    game_loaded l;
    /* the level with the most to record: paddle, three jets, stirring */
    eddy_error err = {0};
    assert_int_equal(game_load_level(&cat, "06-maelstrom", &l, &err), EDDY_OK);
    game_sim *a = make_sim(&l);
    uint64_t rng = 42;
    for (int f = 0; f < 480; f++) {
        random_input(a, &rng);
        step(a);
    }
    uint64_t want = game_sim_hash(a);
    game_replay rec;
    assert_int_equal(game_replay_from_sim(a, &rec, &err), EDDY_OK);
    assert_true(rec.count > 50);
    assert_int_equal(rec.frames, 480);
    assert_int_equal(game_replay_save_file(&rec, tmp_path("run.replay"), &err), EDDY_OK);
    game_replay back;
    assert_int_equal(game_replay_load_file(tmp_path("run.replay"), &back, &err), EDDY_OK);
    assert_int_equal(back.count, rec.count);
    assert_int_equal(back.level_hash, l.level->hash);
    assert_memory_equal(back.events, rec.events, (size_t)rec.count * sizeof *rec.events);

    game_sim *b = make_sim(&l);
    int next = 0;
    for (long f = 0; f < back.frames; f++) {
        assert_int_equal(game_replay_feed(&back, b, &next, &err), EDDY_OK);
        step(b);
    }
    assert_int_equal(next, back.count);
    assert_true(game_sim_hash(b) == want);
    /* and the state itself, number for number */
    const double *ra = eddy_fluid_coefficients(game_sim_fluid(a));
    const double *rb = eddy_fluid_coefficients(game_sim_fluid(b));
    assert_memory_equal(ra, rb, (size_t)eddy_fluid_mode_count(game_sim_fluid(a)) * sizeof(double));
    for (int i = 0; i < game_sim_body_count(a); i++) {
        eddy_pose pa, pb;
        eddy_body_get_pose(game_sim_body(a, i), &pa);
        eddy_body_get_pose(game_sim_body(b, i), &pb);
        assert_memory_equal(&pa, &pb, sizeof pa);
    }
    print_message("replay of %d commands over %ld frames: hash %016llx both times\n", rec.count,
                  rec.frames, (unsigned long long)want);
    game_replay_free(&rec);
    game_replay_free(&back);
    game_sim_destroy(a);
    game_sim_destroy(b);
    game_loaded_free(&l);
    game_catalog_close(&cat);
}

/* The replays are recorded on Box2D 2.4 (CI's backend); true when this build
 * runs on that one, where they must win bit for bit. */
static bool replays_recorded_here(void)
{
    eddy_body_backend_info info;
    eddy_body_get_backend(&info);
    return info.major == 2;
}

/* One level's committed replay, played through the headless core. */
static void play_committed_replay(const game_loaded *l, bool must_win)
{
    const char *id = l->level->id;
    char path[256];
    snprintf(path, sizeof path, "assets/replays/%s.replay", id);
    game_replay r;
    eddy_error err = {0};
    if (game_replay_load_file(path, &r, &err) != EDDY_OK)
        fail_msg("%s: no replay of its win (make replays records one): %s", id, err.message);
    assert_string_equal(r.level_id, id);
    if (r.level_hash != l->level->hash)
        fail_msg("%s: the replay was recorded on another version of the level (make replays)", id);
    game_sim *sim = make_sim(l);
    int next = 0;
    for (long f = 0; f < r.frames; f++) {
        assert_int_equal(game_replay_feed(&r, sim, &next, &err), EDDY_OK);
        step(sim);
    }
    assert_int_equal(next, r.count);
    game_status st = game_sim_status(sim);
    print_message("%-18s replay: %s in %6.2f s (par %3g s), %d stars, %3d commands over %ld frames\n",
                  id, st == GAME_WON ? "won" : st == GAME_LOST ? "LOST" : "NOT WON",
                  game_sim_finish_time(sim), l->level->par, game_sim_stars(sim), r.count, r.frames);
    if (must_win) {
        assert_int_equal(st, GAME_WON);
        assert_true(game_sim_stars(sim) >= 1);
    }
    game_replay_free(&r);
    game_sim_destroy(sim);
}

/* Every level has a replay of a win and it wins; every replay has its level. */
static void committed_replays_win_every_level(void **state)
{
    (void)state;
    bool must_win = replays_recorded_here();
    if (!must_win)
        print_message("Box2D v3: the replays were recorded on 2.4 and are played, not required "
                      "to win bit for bit; bots_win_every_level checks the levels here\n");
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    assert_int_equal(cat.count, test_count_files(LEVELS_DIR, ".json")); /* 11, 12 too */
    for (int i = 0; i < cat.count; i++) {
        game_loaded l;
        load_shipped(&cat, i, &l);
        play_committed_replay(&l, must_win);
        game_loaded_free(&l);
    }
    DIR *d = opendir("assets/replays");
    assert_non_null(d);
    int replays = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n < 8 || strcmp(e->d_name + n - 7, ".replay") != 0) continue;
        char id[256];
        snprintf(id, sizeof id, "%.*s", (int)(n - 7), e->d_name);
        game_loaded l;
        eddy_error err = {0};
        if (game_load_level(&cat, id, &l, &err) != EDDY_OK)
            fail_msg("assets/replays/%s: no level '%s' in %s", e->d_name, id, LEVELS_DIR);
        game_loaded_free(&l);
        replays++;
    }
    closedir(d);
    assert_int_equal(replays, cat.count);
    game_catalog_close(&cat);
}

/* The shipped bot wins every level within its time limit (or two minutes):
 * each level is winnable on this backend, and `make replays` can record it. */
static void bots_win_every_level(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    for (int i = 0; i < cat.count; i++) {
        game_loaded l;
        load_shipped(&cat, i, &l);
        assert_true(game_bot_knows(l.level->id));
        game_sim *sim = make_sim(&l);
        eddy_error err = {0};
        game_status st = game_bot_play(sim, 120 * 60, &err);
        print_message("%-18s bot:    %s in %6.2f s, %d stars\n", l.level->id,
                      st == GAME_WON ? "won" : "NOT WON", game_sim_finish_time(sim),
                      game_sim_stars(sim));
        if (st != GAME_WON) fail_msg("%s: the bot did not win%s%s", l.level->id,
                                     err.message[0] ? ": " : "", err.message);
        game_sim_destroy(sim);
        game_loaded_free(&l);
    }
    game_catalog_close(&cat);
}

/* The levels whose shape is in the basis (issue 14): their rock is in the
 * asset, and with the first current on no tracer or dye is ever inside it. */
static void walled_levels_keep_water_out_of_the_rock(void **state)
{
    (void)state;
    static const char *const ids[] = {"07-cave", "08-island"};
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    for (int k = 0; k < 2; k++) {
        game_loaded l;
        eddy_error err = {0};
        if (game_load_level(&cat, ids[k], &l, &err) != EDDY_OK) fail_msg("%s", err.message);
        assert_true(eddy_asset_wall_count(l.asset) > 0);
        game_sim *sim = make_sim(&l);
        game_flow *flow = NULL;
        assert_int_equal(game_flow_create(sim, &flow, &err), EDDY_OK);
        game_cmd on = {GAME_CMD_JET, 0, {1, 0, 0, 0}};
        game_sim_command(sim, &on, NULL);
        const eddy_wall *walls = eddy_asset_walls(l.asset);
        int nw = eddy_asset_wall_count(l.asset), dw, dh;
        for (int f = 0; f < 600; f++) {
            step(sim);
            game_flow_step(flow, sim);
            const float *dye = game_flow_dye(flow, &dw, &dh);
            double cw = l.level->asset.width / dw, ch = l.level->asset.height / dh;
            for (int t = 0; t < game_flow_tracer_count(flow); t++) {
                const game_tracer *tr = game_flow_tracer(flow, t);
                double x = tr->xy[0][0], y = tr->xy[0][1];
                int deep = 0; /* inside rock by more than a dye cell: at all four offsets */
                for (int q = 0; q < 4; q++)
                    for (int w = 0; w < nw; w++)
                        if (eddy_wall_contains(&walls[w], x + (q & 1 ? cw : -cw), y + (q & 2 ? ch : -ch))) {
                            deep++;
                            break;
                        }
                if (deep == 4) fail_msg("%s frame %d: tracer %d at (%g, %g) is in the rock", ids[k], f, t, x, y);
            }
            if (f % 100 != 99) continue;
            for (int j = 0; j < dh; j++)
                for (int i = 0; i < dw; i++)
                    for (int w = 0; w < nw; w++)
                        if (eddy_wall_contains(&walls[w], (i + 0.5) * cw, (j + 0.5) * ch))
                            assert_true(dye[3 * (j * dw + i)] == 0.0f && dye[3 * (j * dw + i) + 2] == 0.0f);
        }
        game_flow_destroy(flow);
        game_sim_destroy(sim);
        game_loaded_free(&l);
    }
    game_catalog_close(&cat);
}

/* Commands act in the step after they are given; a finished level keeps its
 * result; the goals' hold time counts. */
static void goals_hold_and_finish(void **state)
{
    (void)state;
    const char *text =
        "{ \"title\": \"t\", \"asset\": { \"domain\": [12, 7.5], \"grid\": [16, 10], \"modes\": 12 },"
        "  \"hold\": 0.5, \"par\": 1, \"gravity\": [0, 0],"
        "  \"bodies\": [ { \"name\": \"b\", \"shape\": \"circle\", \"radius\": 0.3, \"x\": 6, \"y\": 4 } ],"
        "  \"goals\": [ { \"rect\": [5, 3, 7, 5], \"bodies\": [\"b\"] } ] }";
    game_level *L;
    eddy_error err = {0};
    assert_int_equal(game_level_load_memory(text, strlen(text), "hold", &L, &err), EDDY_OK);
    eddy_asset *a;
    assert_int_equal(game_asset_build(L, g_tmp, &a, NULL, &err), EDDY_OK);
    game_sim *sim;
    assert_int_equal(game_sim_create(L, a, &sim, &err), EDDY_OK);
    for (int f = 0; f < 29; f++) step(sim);
    assert_int_equal(game_sim_status(sim), GAME_PLAYING);
    assert_true(game_sim_goal_filled(sim, 0));
    step(sim);
    assert_int_equal(game_sim_status(sim), GAME_WON);
    assert_true(fabs(game_sim_finish_time(sim) - 0.5) < 1e-9);
    assert_int_equal(game_sim_stars(sim), 3);
    game_cmd bad = {GAME_CMD_JET, 3, {1, 0, 0, 0}};
    assert_int_equal(game_sim_command(sim, &bad, &err), EDDY_ERR_ARGUMENT);
    game_sim_destroy(sim);
    eddy_asset_destroy(a);
    game_level_destroy(L);
}

/* The third star asks for what the level's "stars" says besides the par
 * time: here at most 0.2 s of stirring. The same quick win with 0.5 s of
 * stirring has two stars, without it three; a level without currents
 * cannot ask for them off. */
static void stars_follow_the_levels_rule(void **state)
{
    (void)state;
    const char *text =
        "{ \"title\": \"t\", \"asset\": { \"domain\": [12, 7.5], \"grid\": [16, 10], \"modes\": 12 },"
        "  \"hold\": 0.5, \"par\": 5, \"gravity\": [0, 0], \"stars\": { \"stirring\": 0.2 },"
        "  \"bodies\": [ { \"name\": \"b\", \"shape\": \"circle\", \"radius\": 0.3, \"x\": 6, \"y\": 4 } ],"
        "  \"goals\": [ { \"rect\": [5, 3, 7, 5], \"bodies\": [\"b\"] } ] }";
    game_level *L;
    eddy_error err = {0};
    assert_int_equal(game_level_load_memory(text, strlen(text), "stars", &L, &err), EDDY_OK);
    assert_true(L->stars.max_stirring == 0.2 && !L->stars.currents_off);
    eddy_asset *a;
    assert_int_equal(game_asset_build(L, g_tmp, &a, NULL, &err), EDDY_OK);
    for (int stir_frames = 0; stir_frames <= 30; stir_frames += 30) {
        game_sim *sim;
        assert_int_equal(game_sim_create(L, a, &sim, &err), EDDY_OK);
        for (int f = 0; f < 60 && game_sim_status(sim) == GAME_PLAYING; f++) {
            if (f < stir_frames) { /* a gentle stir far from the body */
                game_cmd c = {GAME_CMD_STIR, 0, {1.0, 1.0, 0.2, 0}};
                assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
            }
            step(sim);
        }
        assert_int_equal(game_sim_status(sim), GAME_WON);
        assert_true(game_sim_finish_time(sim) <= L->par);
        assert_true(fabs(game_sim_stir_used(sim) - stir_frames * GAME_DT) < 1e-9);
        assert_int_equal(game_sim_stars(sim), stir_frames ? 2 : 3);
        assert_int_equal(game_sim_star_rule(sim), stir_frames == 0);
        game_sim_destroy(sim);
    }
    eddy_asset_destroy(a);
    game_level_destroy(L);
    const char *bad =
        "{ \"title\": \"t\", \"asset\": { \"domain\": [12, 7.5], \"grid\": [16, 10], \"modes\": 12 },"
        "  \"par\": 5, \"stars\": { \"currents_off\": true },"
        "  \"bodies\": [ { \"name\": \"b\", \"shape\": \"circle\", \"radius\": 0.3, \"x\": 6, \"y\": 4 } ],"
        "  \"goals\": [ { \"rect\": [5, 3, 7, 5], \"bodies\": [\"b\"] } ] }";
    assert_int_equal(game_level_load_memory(bad, strlen(bad), "stars", &L, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "stars.currents_off"));
}

/* Level 2 ("Sweep") needs the paddle (issue 24): left alone for 45 s (more
 * than twice the strokes' win; the flat crate holds on the ramp), or
 * stirred hard behind the crate towards the pit (the level has no stirring:
 * none is spent), the crate stays out of the pit; strokes as the keyboard
 * gives them (the paddle's goal slides along its track at the paddle's
 * speed: D held for a stroke out, a pause, A for a stroke back, a pause)
 * win. The dragged paddle (its goal at a track end at once) is what the
 * committed replay plays. (Out and straight back, the two waves cancel:
 * the level's full hint says to pause.) */
static void the_sweep_needs_the_paddle(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    game_loaded l;
    eddy_error err = {0};
    if (game_load_level(&cat, "02-paddle", &l, &err) != EDDY_OK) fail_msg("%s", err.message);
    const game_paddle *pr = &l.level->paddle;
    assert_true(pr->present && l.level->jet_count == 0);
    double len = hypot(pr->track[1][0] - pr->track[0][0], pr->track[1][1] - pr->track[0][1]);
    long stroke = (long)ceil(len / (pr->speed * GAME_DT)); /* frames from one end to the other */
    for (int how = 0; how < 3; how++) { /* idle, stirring, keyboard strokes */
        game_sim *sim = make_sim(&l);
        double goal[2];
        game_sim_paddle_target(sim, goal);
        for (long f = 0; f < 45 * 60 && game_sim_status(sim) == GAME_PLAYING; f++) {
            eddy_pose crate;
            eddy_body_get_pose(game_sim_body(sim, 0), &crate);
            if (how == 1) { /* drag behind the crate, towards the pit */
                game_cmd c = {GAME_CMD_STIR, 0, {crate.x - 0.5, crate.y + 0.2, 4, 0}};
                assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
            }
            long k = f % 300; /* D held for a stroke, a pause, A for a stroke, a pause */
            bool out = k >= 20 && k < 20 + stroke, back = k >= 150 && k < 150 + stroke;
            if (how == 2 && (out || back)) {
                double dir = out ? 1 : -1, step = pr->speed * GAME_DT / len;
                for (int d = 0; d < 2; d++) goal[d] += dir * step * (pr->track[1][d] - pr->track[0][d]);
                game_cmd c = {GAME_CMD_PADDLE, 0, {goal[0], goal[1], 0, 0}};
                assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
                game_sim_paddle_target(sim, goal); /* clamped to the track, as the app does */
            }
            step(sim);
        }
        eddy_pose crate;
        eddy_body_get_pose(game_sim_body(sim, 0), &crate);
        print_message("02-paddle %s: %s in %.1f s (par %g), crate at x = %.2f m (the pit from %g), "
                      "%.2f s stirred\n", how == 0 ? "left alone" : how == 1 ? "stirred  " : "keyboard ",
                      game_sim_status(sim) == GAME_WON ? "won" : "not won", game_sim_finish_time(sim),
                      l.level->par, crate.x, l.level->goals[0].rect[0], game_sim_stir_used(sim));
        if (how < 2) {
            assert_int_equal(game_sim_status(sim), GAME_PLAYING);
            assert_true(crate.x < l.level->goals[0].rect[0]);
            assert_true(game_sim_stir_used(sim) == 0);
        } else { /* the hint's strokes win near par (issue 31: not 112 s of creeping) */
            assert_int_equal(game_sim_status(sim), GAME_WON);
            assert_true(game_sim_finish_time(sim) <= 1.2 * l.level->par);
        }
        game_sim_destroy(sim);
    }
    game_loaded_free(&l);
    game_catalog_close(&cat);
}

/* Level 9's full hint says a leaf is out of the whirlpool's reach, without
 * the recipe (issue 31: which leaf, and how to fetch it, is the player's
 * to find): with the whirlpool on and no stirring
 * for 30 s the level is not won, and that leaf (leaf-a) has drifted off to
 * the top left corner, on either Box2D backend. (Where the other two end is
 * reported: on 2.4 both reach the middle, on v3 one of them may stay by the
 * right bank.) */
static void whirlpool_leaves_the_named_leaf_out(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    game_loaded l;
    eddy_error err = {0};
    if (game_load_level(&cat, "09-whirlpool", &l, &err) != EDDY_OK) fail_msg("%s", err.message);
    const game_level *L = l.level;
    assert_non_null(strstr(L->hints[L->hint_count - 1], "Not every leaf is within its reach"));
    assert_null(strstr(L->hints[L->hint_count - 1], "stir"));
    game_sim *sim = make_sim(&l);
    game_cmd on = {GAME_CMD_JET, 0, {1, 0, 0, 0}};
    assert_int_equal(game_sim_command(sim, &on, &err), EDDY_OK);
    for (int f = 0; f < 30 * 60; f++) step(sim);
    assert_int_equal(game_sim_status(sim), GAME_PLAYING);
    const double *g = L->goals[0].rect;
    for (int b = 0; b < 3; b++) {
        assert_string_equal(L->bodies[b].name, b == 0 ? "leaf-a" : b == 1 ? "leaf-b" : "leaf-c");
        eddy_pose p;
        eddy_body_get_pose(game_sim_body(sim, b), &p);
        bool in = p.x > g[0] && p.x < g[2] && p.y > g[1] && p.y < g[3];
        print_message("09-whirlpool, 30 s of the whirlpool alone: %s at (%.2f, %.2f), %s\n",
                      L->bodies[b].name, p.x, p.y, in ? "in the middle" : "out");
        if (b == 0) assert_true(!in && p.x < 2.0 && p.y > L->asset.height - 2.0);
    }
    game_sim_destroy(sim);
    game_loaded_free(&l);
    game_catalog_close(&cat);
}

/* ------------------------------------------------------------ refusals */

static void expect_level_error(const char *text, const char *needle)
{
    game_level *L = NULL;
    eddy_error err = {0};
    eddy_result rc = game_level_load_memory(text, strlen(text), "bad", &L, &err);
    if (rc == EDDY_OK) fail_msg("accepted: %s", text);
    if (!strstr(err.message, needle)) fail_msg("message '%s' does not name '%s'", err.message, needle);
    assert_null(L);
}

#define BASE "\"title\": \"t\", \"asset\": { \"domain\": [12, 7.5], \"grid\": [16, 10] }, "
#define BODY "\"bodies\": [ { \"name\": \"b\", \"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.3, \"x\": 6, \"y\": 4 } ], "
#define GOAL "\"goals\": [ { \"rect\": [1, 1, 2, 2], \"bodies\": [\"b\"] } ]"

static void bad_levels_are_refused_naming_the_field(void **state)
{
    (void)state;
    expect_level_error("{ " BASE BODY GOAL ", \"speed\": 3 }", "unknown field 'speed'");
    expect_level_error("{ " BODY GOAL " }", "missing field 'title'");
    expect_level_error("{ " BASE BODY "\"goals\": [ { \"rect\": [1, 1, 2, 2], \"bodies\": [\"c\"] } ] }",
                       "goals[0].bodies[0]: no body is named 'c'");
    expect_level_error("{ " BASE BODY "\"goals\": [ { \"rect\": [2, 1, 1, 2], \"bodies\": [\"b\"] } ] }",
                       "goals[0].rect");
    expect_level_error("{ " BASE BODY GOAL ", \"jets\": [ { \"mode\": \"m\", \"key\": \"0\", \"at\": [1, 1] } ] }",
                       "jets[0].key");
    expect_level_error("{ " BASE BODY GOAL ", \"jets\": [ { \"mode\": \"m\" } ] }", "jets[0]: missing field 'at'");
    expect_level_error("{ " BASE "\"bodies\": [ { \"shape\": \"box\", \"hw\": 0.3, \"x\": 6, \"y\": 4 } ], " GOAL " }",
                       "bodies[0]");
    expect_level_error("{ " BASE BODY GOAL ", \"paddle\": { \"shape\": \"box\", \"hw\": 0.1, \"hh\": 1, "
                       "\"track\": [[1, 1]] } }", "paddle.track");
    expect_level_error("{ " BASE BODY GOAL ", \"paddle\": { \"shape\": \"box\", \"hw\": 0.1, \"hh\": 1, "
                       "\"density\": 3, \"track\": [[1, 1], [1, 2]] } }", "unknown field 'paddle.density'");
    expect_level_error("{ " BASE BODY GOAL ", \"paddle\": { \"shape\": \"box\", \"hw\": 0.1, \"radius\": 1, "
                       "\"track\": [[1, 1], [1, 2]] } }", "paddle.radius: not a field of a box");
    expect_level_error("{ " BASE BODY GOAL ", \"stir\": { \"gain\": -1 } }", "stir.gain");
    expect_level_error("{ " BASE BODY GOAL ", \"dt\": 0.01 }", "unknown field 'dt'");
    expect_level_error("{ \"title\": \"t\", \"asset\": { \"domain\": [12, 7.5] }, " BODY GOAL " }", "asset");
    expect_level_error("{ " BASE BODY GOAL, "invalid JSON at line 1");
    expect_level_error("{ " BASE BODY " \"goals\": [] }", "at least one goal");
    expect_level_error("{ " BASE BODY GOAL ", \"stars\": { \"switches\": 1.5 } }",
                       "stars.switches: expected an integer in 0..1000");
    expect_level_error("{ " BASE BODY GOAL ", \"stars\": { \"switches\": 2 } }",
                       "stars.switches: the level has no currents to switch");
    expect_level_error("{ " BASE BODY GOAL ", \"stars\": { \"moves\": 2 } }",
                       "unknown field 'stars.moves'");
    expect_level_error("{ " BASE BODY GOAL ", \"hint\": [] }",
                       "hint: expected a string or an array of 1..3 strings");
    expect_level_error("{ " BASE BODY GOAL ", \"hint\": [\"a\", \"b\", \"c\", \"d\"] }",
                       "hint: expected a string or an array of 1..3 strings");
    expect_level_error("{ " BASE BODY GOAL ", \"hint\": [\"a\", 2] }", "hint[1]: expected a string");
    expect_level_error("{ " BASE BODY GOAL ", \"hint\": [\"a\", \"\"] }", "hint[1]: expected a string of 1..");
    expect_level_error("{ " BASE BODY GOAL ", \"hint\": 3 }", "hint: expected a string");
}

/* A shipped level's text with one piece replaced, parsed under its own id. */
static game_level *shipped_variant(const char *id, const char *from, const char *to)
{
    char path[256], text[16384], edited[16600];
    snprintf(path, sizeof path, LEVELS_DIR "/%s.json", id);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *at = strstr(text, from);
    if (!at) fail_msg("%s: no '%s' in the level", id, from);
    snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    game_level *L = NULL;
    eddy_error err = {0};
    if (game_level_load_memory(edited, strlen(edited), id, &L, &err) != EDDY_OK)
        fail_msg("%s: %s", id, err.message);
    return L;
}

/* A shipped level's text with one piece replaced, which must be refused with
 * a message holding needle; also refused by `eddy-level check` (exit 65). */
static void shipped_refused(const char *id, const char *from, const char *to, const char *needle);

/* Levels that cannot start broken: a body in rock, in another body or out
 * of the tank, a nozzle or a goal in rock, are refused naming both; shapes
 * that only touch (a crate on the floor, on another crate, against rock)
 * are not; every shipped level is sound. */
static void levels_that_start_broken_are_refused(void **state)
{
    (void)state;
    /* the two: a ball in the floor, a ball in level 8's island */
    shipped_refused("01-first-current", "\"x\": 1.6, \"y\": 6.0", "\"x\": 1.6, \"y\": 0.2",
                    "bodies[0] 'ball' at (1.6, 0.2): reaches 0.20 m out of the 12 x 7.5 m tank");
    shipped_refused("08-island", "\"x\": 3.0, \"y\": 3.4", "\"x\": 6.0, \"y\": 3.5",
                    "bodies[0] 'ball' at (6, 3.5): overlaps the rock walls[0]");
    shipped_refused("08-island", "\"x\": 3.0, \"y\": 3.4", "\"x\": 3.0, \"y\": 0.7",
                    "bodies[0] 'ball' at (3, 0.7): overlaps the rock walls[1]");
    shipped_refused("08-island", "\"x\": 10.4, \"y\": 3.6", "\"x\": 3.2, \"y\": 3.5",
                    "bodies[1] 'cork' at (3.2, 3.5): overlaps bodies[0] 'ball' by 0.36 m");
    shipped_refused("08-island", "\"at\": [1.0, 5.0]", "\"at\": [6.0, 3.5]",
                    "jets[0] 'round': its nozzle at (6, 3.5) is inside the rock walls[0]");
    shipped_refused("08-island", "\"rect\": [8.2, 0.5, 12, 4.8]", "\"rect\": [5, 3, 7, 4]",
                    "goals[0] 'ball': its centre is inside the rock walls[0]");
    /* crafted: a box across another, a paddle in a body, a box half out */
    expect_level_error("{ " BASE "\"bodies\": [ { \"name\": \"b\", \"shape\": \"box\", \"hw\": 0.3, "
                       "\"hh\": 0.3, \"x\": 6, \"y\": 4 }, { \"name\": \"c\", \"shape\": \"box\", "
                       "\"hw\": 0.3, \"hh\": 0.3, \"x\": 6.4, \"y\": 4.4, \"angle\": 0.7 } ], " GOAL " }",
                       "bodies[1] 'c' at (6.4, 4.4): overlaps bodies[0] 'b'");
    expect_level_error("{ " BASE BODY GOAL ", \"paddle\": { \"shape\": \"box\", \"hw\": 0.1, \"hh\": 1, "
                       "\"track\": [[6, 3], [6, 5]] } }", "the paddle at (6, 3): overlaps bodies[0] 'b'");
    expect_level_error("{ " BASE "\"bodies\": [ { \"name\": \"b\", \"shape\": \"box\", \"hw\": 0.3, "
                       "\"hh\": 0.3, \"x\": 11.9, \"y\": 4 } ], " GOAL " }",
                       "bodies[0] 'b' at (11.9, 4): reaches 0.20 m out of the 12 x 7.5 m tank");
    /* touching is fine: a box on the floor, a box on it, a circle against rock */
    const char *touching = "{ " BASE "\"walls\": [ { \"shape\": \"circle\", \"x\": 9, \"y\": 3, "
                           "\"radius\": 1 } ], \"bodies\": [ { \"name\": \"b\", \"shape\": \"box\", "
                           "\"hw\": 0.3, \"hh\": 0.3, \"x\": 6, \"y\": 0.3 }, { \"name\": \"c\", "
                           "\"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.3, \"x\": 6.2, \"y\": 0.9 }, "
                           "{ \"name\": \"d\", \"shape\": \"circle\", \"radius\": 0.5, \"x\": 7.5, "
                           "\"y\": 3 } ], " GOAL " }";
    game_level *L = NULL;
    eddy_error err = {0};
    if (game_level_load_memory(touching, strlen(touching), "touching", &L, &err) != EDDY_OK)
        fail_msg("touching shapes refused: %s", err.message);
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    assert_true(fabs(level_place_body_overlap(&v.bodies[0], &v.bodies[1])) < 1e-12);
    assert_true(fabs(level_place_wall_overlap(&v.bodies[2], &v.walls[0])) < 1e-12);
    game_level_destroy(L);
    /* every shipped level: nothing overlaps by more than the slop */
    DIR *d = opendir(LEVELS_DIR);
    assert_non_null(d);
    int levels = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") != 0) continue;
        char path[512], why[256];
        snprintf(path, sizeof path, LEVELS_DIR "/%s", e->d_name);
        if (game_level_load_file(path, &L, &err) != EDDY_OK) fail_msg("%s", err.message);
        if (!level_place_check(L, why, sizeof why)) fail_msg("%s: %s", path, why);
        game_level_destroy(L);
        levels++;
    }
    closedir(d);
    assert_true(levels >= 12);
}

/* The "switches" star rule: a level won under par with its current switched
 * on once has three stars; the same run with the current off and on again
 * has two, because the rule allows one switch. A key pressed to no change
 * (on while on) is not a switch. */
static void stars_count_the_switches(void **state)
{
    (void)state;
    game_level *L = shipped_variant("01-first-current", "\"currents_off\": true", "\"switches\": 1");
    assert_int_equal(L->stars.max_switches, 1);
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    game_loaded l;
    eddy_error err = {0};
    if (game_load_level(&cat, "01-first-current", &l, &err) != EDDY_OK) fail_msg("%s", err.message);
    double finish[2];
    for (int extra = 0; extra < 2; extra++) {
        game_sim *sim;
        assert_int_equal(game_sim_create(L, l.asset, &sim, &err), EDDY_OK);
        for (long f = 0; f < 60 * 60 && game_sim_status(sim) == GAME_PLAYING; f++) {
            game_cmd on = {GAME_CMD_JET, 0, {1, 0, 0, 0}}, off = {GAME_CMD_JET, 0, {0, 0, 0, 0}};
            if (f == 30 || f == 40) assert_int_equal(game_sim_command(sim, &on, &err), EDDY_OK);
            if (extra && f == 32) assert_int_equal(game_sim_command(sim, &off, &err), EDDY_OK);
            if (extra && f == 34) assert_int_equal(game_sim_command(sim, &on, &err), EDDY_OK);
            step(sim);
        }
        assert_int_equal(game_sim_status(sim), GAME_WON);
        finish[extra] = game_sim_finish_time(sim);
        print_message("switches %d: won in %.2f s (par %g), %d stars\n", game_sim_switches(sim),
                      finish[extra], L->par, game_sim_stars(sim));
        assert_true(finish[extra] <= L->par);
        assert_int_equal(game_sim_switches(sim), extra ? 3 : 1);
        assert_int_equal(game_sim_star_rule(sim), !extra);
        assert_int_equal(game_sim_stars(sim), extra ? 2 : 3);
        game_sim_destroy(sim);
    }
    game_loaded_free(&l);
    game_catalog_close(&cat);
    game_level_destroy(L);
}

/* Hints come one at a time: a string is one hint, an array a nudge and
 * fuller ones; I shows the nudge, I again (while it shows) the next, I on
 * the last one hides it, I while none shows brings back the last one seen,
 * and a hint goes after GAME_HINT_SECONDS. Every shipped level has a nudge
 * and a fuller hint, the nudge the shorter. */
static void hints_come_one_at_a_time(void **state)
{
    (void)state;
    const char *text = "{ " BASE BODY GOAL ", \"hint\": [\"nudge\", \"more\", \"all of it\"] }";
    game_level *L = NULL;
    eddy_error err = {0};
    assert_int_equal(game_level_load_memory(text, strlen(text), "hints", &L, &err), EDDY_OK);
    assert_int_equal(L->hint_count, 3);
    game_hint h;
    game_hint_reset(&h);
    assert_null(game_hint_text(&h, L, 0.0));
    assert_true(game_hint_more(&h, L));
    assert_true(game_hint_press(&h, L, 1.0));
    assert_string_equal(game_hint_text(&h, L, 1.0), "nudge");
    assert_null(game_hint_text(&h, L, 1.0 + GAME_HINT_SECONDS)); /* gone after a while */
    assert_true(game_hint_press(&h, L, 20.0));                    /* the nudge again */
    assert_string_equal(game_hint_text(&h, L, 20.0), "nudge");
    assert_true(game_hint_press(&h, L, 21.0));                    /* shown: the next */
    assert_string_equal(game_hint_text(&h, L, 21.5), "more");
    assert_true(game_hint_press(&h, L, 22.0));
    assert_string_equal(game_hint_text(&h, L, 22.0), "all of it");
    assert_false(game_hint_more(&h, L));
    assert_true(game_hint_press(&h, L, 23.0));                    /* the last one hides */
    assert_null(game_hint_text(&h, L, 23.0));
    assert_true(game_hint_press(&h, L, 40.0));                    /* and comes back */
    assert_string_equal(game_hint_text(&h, L, 40.0), "all of it");
    game_level_destroy(L);

    text = "{ " BASE BODY GOAL ", \"hint\": \"just one\" }";
    assert_int_equal(game_level_load_memory(text, strlen(text), "hints", &L, &err), EDDY_OK);
    assert_int_equal(L->hint_count, 1);
    game_hint_reset(&h);
    assert_true(game_hint_press(&h, L, 0.0));
    assert_string_equal(game_hint_text(&h, L, 0.0), "just one");
    assert_false(game_hint_more(&h, L));
    game_level_destroy(L);
    text = "{ " BASE BODY GOAL " }";
    assert_int_equal(game_level_load_memory(text, strlen(text), "hints", &L, &err), EDDY_OK);
    assert_int_equal(L->hint_count, 0);
    game_hint_reset(&h);
    assert_false(game_hint_press(&h, L, 0.0)); /* the app says the level has none */
    assert_null(game_hint_text(&h, L, 0.0));
    game_level_destroy(L);

    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    for (int i = 0; i < cat.count; i++) {
        game_level *S = NULL;
        if (game_level_load_file(cat.paths[i], &S, &err) != EDDY_OK) fail_msg("%s", err.message);
        if (S->hint_count < 2 || strlen(S->hints[0]) >= strlen(S->hints[S->hint_count - 1]))
            fail_msg("%s: a nudge first, then a fuller hint (%d hints)", S->id, S->hint_count);
        game_level_destroy(S);
    }
    game_catalog_close(&cat);
}

static void expect_replay_error(const char *text, const char *needle)
{
    game_replay r;
    eddy_error err = {0};
    if (game_replay_parse(text, strlen(text), "r", &r, &err) == EDDY_OK) fail_msg("accepted: %s", text);
    if (!strstr(err.message, needle)) fail_msg("message '%s' does not name '%s'", err.message, needle);
}

#define HEAD "eddy-game replay 1\nlevel x 0123456789abcdef\nframes 100\n"

static void bad_replays_are_refused_naming_the_line(void **state)
{
    (void)state;
    expect_replay_error("eddy-game replay 2\n", "r:1:");
    expect_replay_error(HEAD "5 jet 0 1\n", "no 'end'");
    expect_replay_error(HEAD "5 fly 1 2\nend\n", "r:4: unknown command 'fly'");
    expect_replay_error(HEAD "5 jet 0 1\n3 jet 0 0\nend\n", "r:5: expected a frame number >= 5");
    expect_replay_error(HEAD "5 stir 1 2 nan 4\nend\n", "r:4: 'nan' is not a finite number");
    expect_replay_error(HEAD "5 paddle 1\nend\n", "takes 2 values");
    expect_replay_error(HEAD "100 jet 0 1\nend\n", "not before the end");
    expect_replay_error(HEAD "end\n5 jet 0 1\n", "after 'end'");
    game_replay r;
    eddy_error err = {0};
    const char *ok = HEAD "\n# a comment\n0 jet 2 1\n7 feedback naive\n9 stir 1.5 2 -3 4e-1\nend\n";
    assert_int_equal(game_replay_parse(ok, strlen(ok), "r", &r, &err), EDDY_OK);
    assert_int_equal(r.count, 3);
    assert_int_equal(r.events[1].cmd.arg, EDDY_FEEDBACK_NAIVE);
    assert_true(r.events[2].cmd.v[3] == 0.4);
    char *text = game_replay_format(&r);
    game_replay again;
    assert_int_equal(game_replay_parse(text, strlen(text), "again", &again, &err), EDDY_OK);
    assert_memory_equal(again.events, r.events, 3 * sizeof *r.events);
    free(text);
    game_replay_free(&again);
    game_replay_free(&r);
}

/* ------------------------------------------------------------ the program */

typedef struct run_result {
    int code;
    char out[4096], err[4096];
} run_result;

static void slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f) fclose(f);
}

/* Runs the program (eddy-game, eddy-level) with args (NULL-terminated),
 * stdout and stderr captured. */
static void run_program(const char *program, const char *const *args, run_result *r)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", bin_dir(), program);
    const char *argv[32] = {path};
    int n = 1;
    for (; args[n - 1] && n < 31; n++) argv[n] = args[n - 1];
    argv[n] = NULL;
    const char *out = tmp_path("stdout"), *err = tmp_path("stderr");
    char out_copy[160], err_copy[160];
    snprintf(out_copy, sizeof out_copy, "%s", out);
    snprintf(err_copy, sizeof err_copy, "%s", err);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int o = open(out_copy, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err_copy, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(126);
        execv(path, (char *const *)argv);
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) fail_msg("waitpid: %s", strerror(errno));
    if (WIFSIGNALED(st)) fail_msg("%s died of signal %d", program, WTERMSIG(st));
    r->code = WEXITSTATUS(st);
    if (r->code == 127) fail_msg("cannot run %s (set EDDY_BIN)", path);
    slurp(out_copy, r->out, sizeof r->out);
    slurp(err_copy, r->err, sizeof r->err);
}

#define GAME(r, ...) run_program("eddy-game", (const char *const[]){__VA_ARGS__, NULL}, (r))
#define LEVEL_TOOL(r, ...) run_program("eddy-level", (const char *const[]){__VA_ARGS__, NULL}, (r))

static void expect_failure(run_result *r, int code, const char *needle)
{
    if (r->code != code) fail_msg("exit %d, want %d; stderr: %s", r->code, code, r->err);
    assert_string_equal(r->out, "");
    assert_true(strncmp(r->err, "eddy-game: ", 11) == 0);
    char *nl = strchr(r->err, '\n');
    assert_non_null(nl);
    assert_string_equal(nl + 1, "");
    if (!strstr(r->err, needle)) fail_msg("stderr '%s' does not say '%s'", r->err, needle);
}

static void shipped_refused(const char *id, const char *from, const char *to, const char *needle)
{
    char path[256], text[16384], edited[16600];
    snprintf(path, sizeof path, LEVELS_DIR "/%s.json", id);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    const char *at = strstr(text, from);
    if (!at) fail_msg("%s: no '%s' in the level", id, from);
    snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    expect_level_error(edited, needle);
    char file[256];
    snprintf(file, sizeof file, "%s", tmp_path("broken.json"));
    f = fopen(file, "w");
    assert_non_null(f);
    fputs(edited, f);
    fclose(f);
    run_result r;
    LEVEL_TOOL(&r, "check", file);
    if (r.code != EX_DATAERR) fail_msg("eddy-level check: exit %d, want 65; %s", r.code, r.err);
    if (!strstr(r.err, needle)) fail_msg("eddy-level check said '%s', not '%s'", r.err, needle);
}

static void command_line_errors_have_their_exit_codes(void **state)
{
    (void)state;
    run_result r;
    GAME(&r, "--headless", "--frames", "10");
    expect_failure(&r, EX_USAGE, "--headless needs --level");
    GAME(&r, "--headless", "--level", "1", "--frames", "ten");
    expect_failure(&r, EX_USAGE, "--frames");
    GAME(&r, "--headless", "--level", "1");
    expect_failure(&r, EX_USAGE, "--frames");
    GAME(&r, "--bogus");
    expect_failure(&r, EX_USAGE, "--bogus");
    GAME(&r, "--headless", "--level", "1", "--frames", "1", "--screenshot", "x.bmp");
    expect_failure(&r, EX_USAGE, ".png");
    GAME(&r, "--headless", "--level", tmp_path("missing.json"), "--frames", "1");
    expect_failure(&r, EX_NOINPUT, "missing.json");
    FILE *f = fopen(tmp_path("bad.json"), "w");
    fputs("{ \"title\": \"t\", \"asset\": { \"domain\": [12, 7.5], \"grid\": [16, 10] }, \"goals\": 3 }", f);
    fclose(f);
    GAME(&r, "--headless", "--level", tmp_path("bad.json"), "--frames", "1");
    expect_failure(&r, EX_DATAERR, "goals");
    f = fopen(tmp_path("bad.replay"), "w");
    fputs("eddy-game replay 1\nlevel 01-first-current 0000000000000000\nframes 10\n3 swim\nend\n", f);
    fclose(f);
    GAME(&r, "--headless", "--level", "1", "--replay", tmp_path("bad.replay"));
    expect_failure(&r, EX_DATAERR, ":4:");
    GAME(&r, "--headless", "--level", "2", "--replay", "assets/replays/01-first-current.replay");
    expect_failure(&r, EX_DATAERR, "recorded on level '01-first-current'");
    GAME(&r, "--headless", "--level", "1", "--frames", "5", "--record", tmp_path("no/such/dir/x.replay"));
    expect_failure(&r, EX_CANTCREAT, "--record");
    GAME(&r, "--headless", "--level", "1", "--frames", "5", "--assets", tmp_path("no-assets"));
    expect_failure(&r, EX_NOINPUT, "make assets");
}

/* The program's replay mode: record a run, play it back, same final hash. */
static void headless_record_and_replay_agree(void **state)
{
    (void)state;
    run_result a, b;
    GAME(&a, "--headless", "--level", "4", "--replay", "assets/replays/04-sort.replay", "--frames",
         "300", "--record", tmp_path("again.replay"));
    if (a.code != 0) fail_msg("exit %d: %s", a.code, a.err);
    GAME(&b, "--headless", "--level", "4", "--replay", tmp_path("again.replay"));
    if (b.code != 0) fail_msg("exit %d: %s", b.code, b.err);
    const char *ha = strstr(a.out, "\"hash\":\""), *hb = strstr(b.out, "\"hash\":\"");
    assert_non_null(ha);
    assert_non_null(hb);
    assert_memory_equal(ha, hb, 8 + 16);
    assert_non_null(strstr(b.out, "\"frames\":300"));
    assert_non_null(strstr(b.out, "\"nan\":false"));
    assert_non_null(strstr(b.out, "\"inside\":true"));
}

#ifndef EDDY_GAME_NO_SDL
static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Reads the PNGs eddy-game writes (8-bit RGB, filter 0 on every row). */
static unsigned char *read_png(const char *path, int *w, int *h)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("no screenshot at %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)size);
    assert_int_equal(fread(data, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    assert_memory_equal(data, "\x89PNG\r\n\x1a\n", 8);
    unsigned char *z = malloc((size_t)size);
    size_t zn = 0;
    *w = *h = 0;
    for (long p = 8; p + 12 <= size;) {
        uint32_t len = be32(data + p);
        const unsigned char *type = data + p + 4, *body = data + p + 8;
        assert_true(p + 12 + (long)len <= size);
        uLong crc = crc32(crc32(0L, Z_NULL, 0), type, len + 4);
        assert_true(crc == be32(body + len));
        if (memcmp(type, "IHDR", 4) == 0) {
            *w = (int)be32(body), *h = (int)be32(body + 4);
            assert_int_equal(body[8], 8);
            assert_int_equal(body[9], 2);
        } else if (memcmp(type, "IDAT", 4) == 0) {
            memcpy(z + zn, body, len);
            zn += len;
        }
        p += 12 + (long)len;
    }
    uLongf raw_size = (uLongf)(*h) * (uLongf)(1 + 3 * *w);
    unsigned char *raw = malloc(raw_size), *rgb = malloc(raw_size);
    assert_int_equal(uncompress(raw, &raw_size, z, (uLong)zn), Z_OK);
    /* undo each row's filter (PNG spec 9.2: none, sub, up, average, Paeth) */
    size_t stride = 3 * (size_t)*w;
    for (int y = 0; y < *h; y++) {
        const unsigned char *in = raw + (size_t)y * (1 + stride);
        unsigned char *out = rgb + (size_t)y * stride, *up = y ? out - stride : NULL;
        int filter = in[0];
        assert_true(filter >= 0 && filter <= 4);
        for (size_t i = 0; i < stride; i++) {
            int a = i >= 3 ? out[i - 3] : 0, b = up ? up[i] : 0, c = (i >= 3 && up) ? up[i - 3] : 0;
            int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
            int paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            int pred = filter == 0 ? 0 : filter == 1 ? a : filter == 2 ? b : filter == 3 ? (a + b) / 2 : paeth;
            out[i] = (unsigned char)(in[1 + i] + pred);
        }
    }
    free(data), free(z), free(raw);
    return rgb;
}

static void screenshot_shows_the_scene(void **state)
{
    (void)state;
    run_result r;
    GAME(&r, "--headless", "--level", "1", "--replay", "assets/replays/01-first-current.replay",
         "--frames", "240", "--screenshot", tmp_path("shot.png"), "--size", "640x400");
    if (r.code != 0) fail_msg("exit %d: %s", r.code, r.err);
    int w, h;
    unsigned char *px = read_png(tmp_path("shot.png"), &w, &h);
    assert_int_equal(w, 640);
    assert_int_equal(h, 400);
    /* a scene, not a blank: many colours, water blue in the middle of the
       tank, the yellow ball somewhere, bright text in the HUD bar */
    static unsigned char seen[1 << 15];
    memset(seen, 0, sizeof seen);
    int colours = 0, ball = 0, water = 0, text = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const unsigned char *p = px + 3 * ((size_t)y * w + x);
            int key = (p[0] >> 3) << 10 | (p[1] >> 3) << 5 | (p[2] >> 3);
            if (!seen[key]) seen[key] = 1, colours++;
            if (p[0] > 200 && p[1] > 170 && p[2] < 110) ball++;
            if (y > h / 4 && y < 3 * h / 4 && p[2] > p[0] + 20 && p[2] > 40) water++;
            if (y < h / 16 && p[0] > 200 && p[1] > 200 && p[2] > 200) text++;
        }
    print_message("screenshot 640x400: %d colours, %d ball pixels, %d water pixels, %d text pixels\n",
                  colours, ball, water, text);
    assert_true(colours > 300);
    assert_true(ball > 200);
    assert_true(water > w * h / 4);
    assert_true(text > 50);
    free(px);
}
#endif

/* Polls a reload until it leaves BUILDING/WATCHING or `seconds` of its
 * clock pass (the alarm of the test runner bounds a hang; this loop sleeps
 * 10 ms a turn and counts its own clock, so a busy machine only slows it). */
static game_reload_state wait_reload(game_reload *r, double *clock, double seconds)
{
    double end = *clock + seconds;
    while (*clock < end) {
        game_reload_state s = game_reload_poll(r, *clock);
        if (s == GAME_RELOAD_READY || s == GAME_RELOAD_FAILED) return s;
        struct timespec ten_ms = {0, 10000000};
        nanosleep(&ten_ms, NULL);
        *clock += 0.01;
    }
    return GAME_RELOAD_WATCHING;
}

static void write_level(const char *path, const char *title, double x)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "{ \"title\": \"%s\", \"asset\": { \"domain\": [12, 7.5], \"grid\": [16, 10], "
               "\"modes\": 12 }, \"par\": 10, \"gravity\": [0, 0],\n"
               "  \"bodies\": [ { \"name\": \"b\", \"shape\": \"circle\", \"radius\": 0.3, "
               "\"x\": %g, \"y\": 4 } ],\n"
               "  \"goals\": [ { \"rect\": [9, 3, 11, 5], \"bodies\": [\"b\"] } ] }\n",
            title, x);
    fclose(f);
}

/* Edits seen live: a changed level file is rebuilt by eddy-level in a child
 * process and handed over (the new title and start position are the
 * file's); a broken file is reported with the tool's own message and
 * leaves nothing to take; a file left alone builds nothing. */
static void a_changed_level_is_rebuilt_in_the_background(void **state)
{
    (void)state;
    char tool[512];
    snprintf(tool, sizeof tool, "%s/eddy-level", bin_dir());
    if (access(tool, X_OK) != 0) skip();
    const char *level = tmp_path("live.json");
    write_level(level, "Before", 3);
    /* Issue 30: another user plants links at the names the game used to
     * write ($TMPDIR/eddy-game-PID-N.eddy and .log) in a shared temporary
     * directory, pointing at a victim's files. The game now writes into a
     * private directory of its own and never follows them. */
    char shared[200], victim[200], link[260];
    snprintf(shared, sizeof shared, "%s/shared-tmp", g_tmp);
    snprintf(victim, sizeof victim, "%s/precious.txt", g_tmp);
    assert_int_equal(mkdir(shared, 01777), 0);
    FILE *vf = fopen(victim, "w");
    assert_non_null(vf);
    fputs("precious\n", vf);
    fclose(vf);
    for (int n = 0; n < 4; n++)
        for (int e = 0; e < 2; e++) {
            snprintf(link, sizeof link, "%s/eddy-game-%ld-%d.%s", shared, (long)getpid(), n,
                     e ? "log" : "eddy");
            assert_int_equal(symlink(victim, link), 0);
        }
    const char *old_tmpdir = getenv("TMPDIR");
    char saved_tmpdir[512] = "";
    if (old_tmpdir) snprintf(saved_tmpdir, sizeof saved_tmpdir, "%s", old_tmpdir);
    setenv("TMPDIR", shared, 1);
    game_reload *r = NULL;
    eddy_error err = {0};
    assert_int_equal(game_reload_create(level, g_tmp, tool, &r, &err), EDDY_OK);
    if (old_tmpdir) setenv("TMPDIR", saved_tmpdir, 1);
    else unsetenv("TMPDIR");
    char private_dir[512];
    snprintf(private_dir, sizeof private_dir, "%s", game_reload_directory(r));
    struct stat pst;
    assert_int_equal(lstat(private_dir, &pst), 0);
    assert_true(S_ISDIR(pst.st_mode) && (pst.st_mode & 0777) == 0700 && pst.st_uid == geteuid());
    assert_int_equal(strncmp(private_dir, shared, strlen(shared)), 0);
    double clock = 0;
    /* nothing changed: nothing is built */
    assert_int_equal(wait_reload(r, &clock, 1.0), GAME_RELOAD_WATCHING);
    /* a change (a second later, so the file's time surely moves) */
    sleep(1);
    write_level(level, "After", 4.5);
    assert_int_equal(wait_reload(r, &clock, 60.0), GAME_RELOAD_READY);
    game_loaded ld;
    assert_int_equal(game_reload_take(r, &ld, &err), EDDY_OK);
    assert_string_equal(ld.level->title, "After");
    game_sim *sim = NULL;
    assert_int_equal(game_sim_create(ld.level, ld.asset, &sim, &err), EDDY_OK);
    double c[2];
    eddy_body_world_center(game_sim_body(sim, 0), c);
    assert_true(fabs(c[0] - 4.5) < 1e-9);
    game_sim_destroy(sim);
    game_loaded_free(&ld);
    assert_true(game_reload_build_seconds(r) > 0);
    /* a broken file: the tool's complaint, once */
    sleep(1);
    FILE *f = fopen(level, "w");
    assert_non_null(f);
    fputs("{ \"title\": ", f);
    fclose(f);
    assert_int_equal(wait_reload(r, &clock, 60.0), GAME_RELOAD_FAILED);
    assert_non_null(strstr(game_reload_message(r), "JSON"));
    assert_int_equal(wait_reload(r, &clock, 1.0), GAME_RELOAD_WATCHING);
    /* a build under way when the player leaves: stopped and reaped at once,
     * and built again at the next poll */
    sleep(1);
    write_level(level, "Again", 4);
    game_reload_state s = GAME_RELOAD_WATCHING;
    for (int k = 0; k < 500 && s == GAME_RELOAD_WATCHING; k++, clock += 0.01)
        s = game_reload_poll(r, clock);
    assert_int_equal(s, GAME_RELOAD_BUILDING);
    game_reload_stop(r);
    assert_int_equal(waitpid(-1, NULL, WNOHANG), -1); /* no child left to reap */
    assert_int_equal(errno, ECHILD);
    assert_int_equal(wait_reload(r, &clock, 60.0), GAME_RELOAD_READY);
    game_reload_destroy(r);
    /* the victim untouched, the links still links, the private directory gone */
    char text[32] = "";
    vf = fopen(victim, "r");
    assert_non_null(vf);
    assert_non_null(fgets(text, sizeof text, vf));
    fclose(vf);
    assert_string_equal(text, "precious\n");
    snprintf(link, sizeof link, "%s/eddy-game-%ld-0.eddy", shared, (long)getpid());
    assert_int_equal(lstat(link, &pst), 0);
    assert_true(S_ISLNK(pst.st_mode));
    assert_int_equal(lstat(private_dir, &pst), -1);
}

/* A loader held back by the test: it says it has started, then waits until
 * the test lets it go (a 2 GB asset on a slow disk, without the disk). */
typedef struct held_load {
    atomic_bool started, release;
    int loads;
} held_load;

static eddy_result held_loader(const char *level, const char *asset, game_loaded *out,
                               eddy_error *err, void *user)
{
    held_load *h = user;
    h->loads++;
    atomic_store(&h->started, true);
    struct timespec ms = {0, 1000000};
    while (!atomic_load(&h->release)) nanosleep(&ms, NULL);
    memset(out, 0, sizeof *out);
    eddy_result rc = game_level_load_file(level, &out->level, err);
    if (rc == EDDY_OK) rc = eddy_asset_load_file(asset, &out->asset, err);
    if (rc != EDDY_OK) game_loaded_free(out);
    unlink(asset);
    return rc;
}

/* Issue 30: the new asset is loaded off the frame. While the load is held,
 * every poll (a frame) returns at once, saying BUILDING: 200 frames go by
 * with the load still under way (counted, not timed: a poll that waited for
 * the load would never return, and the alarm would end the test). Let go,
 * the load is READY and handed over with the level's new title; a load the
 * player walks away from is dropped without being waited for. */
static void a_slow_load_never_blocks_a_frame(void **state)
{
    (void)state;
    char tool[512];
    snprintf(tool, sizeof tool, "%s/eddy-level", bin_dir());
    if (access(tool, X_OK) != 0) skip();
    const char *level = tmp_path("slow.json");
    write_level(level, "Slow before", 3);
    game_reload *r = NULL;
    eddy_error err = {0};
    assert_int_equal(game_reload_create(level, g_tmp, tool, &r, &err), EDDY_OK);
    static held_load h;
    atomic_init(&h.started, false);
    atomic_init(&h.release, false);
    game_reload_set_loader(r, held_loader, &h);
    double clock = 0;
    sleep(1);
    write_level(level, "Slow after", 5);
    /* frames until the build has exited and the load begun */
    game_reload_state s = GAME_RELOAD_WATCHING;
    struct timespec ten_ms = {0, 10000000};
    for (int k = 0; k < 60000 && !atomic_load(&h.started); k++, clock += 0.01) {
        s = game_reload_poll(r, clock);
        assert_true(s == GAME_RELOAD_WATCHING || s == GAME_RELOAD_BUILDING);
        nanosleep(&ten_ms, NULL);
    }
    assert_true(atomic_load(&h.started));
    int frames = 0;
    for (; frames < 200; frames++, clock += 0.01)
        assert_int_equal(game_reload_poll(r, clock), GAME_RELOAD_BUILDING);
    assert_int_equal(frames, 200);
    assert_false(atomic_load(&h.release)); /* the load is still held after all of them */
    game_loaded ld;
    assert_int_not_equal(game_reload_take(r, &ld, &err), EDDY_OK); /* nothing yet */
    atomic_store(&h.release, true);
    assert_int_equal(wait_reload(r, &clock, 60.0), GAME_RELOAD_READY);
    assert_int_equal(game_reload_take(r, &ld, &err), EDDY_OK);
    assert_string_equal(ld.level->title, "Slow after");
    assert_non_null(ld.asset);
    game_loaded_free(&ld);
    assert_int_equal(h.loads, 1);
    /* walked away from during a held load: stop returns at once */
    atomic_store(&h.release, false);
    atomic_store(&h.started, false);
    sleep(1);
    write_level(level, "Slow again", 4);
    for (int k = 0; k < 60000 && !atomic_load(&h.started); k++, clock += 0.01) {
        game_reload_poll(r, clock);
        nanosleep(&ten_ms, NULL);
    }
    assert_true(atomic_load(&h.started));
    game_reload_stop(r);
    assert_int_equal(game_reload_poll(r, clock), GAME_RELOAD_BUILDING); /* still loading */
    atomic_store(&h.release, true);
    game_reload_destroy(r); /* joins the loader; what it loaded is freed */
    assert_int_equal(h.loads, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_level_plays_600_frames),
        cmocka_unit_test(builtin_level_runs_without_data),
        cmocka_unit_test(missing_asset_says_what_to_run),
        cmocka_unit_test(refused_asset_is_reported),
        cmocka_unit_test(recorded_replay_reproduces_exactly),
        cmocka_unit_test(committed_replays_win_every_level),
        cmocka_unit_test(goals_hold_and_finish),
        cmocka_unit_test(stars_follow_the_levels_rule),
        cmocka_unit_test(stars_count_the_switches),
        cmocka_unit_test(the_sweep_needs_the_paddle),
        cmocka_unit_test(whirlpool_leaves_the_named_leaf_out),
        cmocka_unit_test(hints_come_one_at_a_time),
        cmocka_unit_test(bad_levels_are_refused_naming_the_field),
        cmocka_unit_test(levels_that_start_broken_are_refused),
        cmocka_unit_test(bad_replays_are_refused_naming_the_line),
        cmocka_unit_test(command_line_errors_have_their_exit_codes),
        cmocka_unit_test(headless_record_and_replay_agree),
        cmocka_unit_test(bots_win_every_level),
        cmocka_unit_test(walled_levels_keep_water_out_of_the_rock),
        cmocka_unit_test(a_changed_level_is_rebuilt_in_the_background),
        cmocka_unit_test(a_slow_load_never_blocks_a_frame),
#ifndef EDDY_GAME_NO_SDL
        cmocka_unit_test(screenshot_shows_the_scene),
#endif
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
