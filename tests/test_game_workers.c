// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_game_workers.c - the game on its own worker threads (issue 32;
 * game_pool.h, eddy-game --workers N):
 *   - a shipped replay (06-maelstrom, seven bodies: the paddle moved twice,
 *     a jet switched on and off in the frames played)
 *     played through the headless core on the calling thread alone and on
 *     game pools of 1, 2 and 4 workers ends in the same state hash
 *     (game_sim_hash) and the same fluid coefficients and poses, bit for
 *     bit, and the pools of 2 and 4 were handed work;
 *   - a pool of a worker count outside 1..GAME_POOL_MAX is refused with a
 *     message.
 * `make tsan` runs this test under ThreadSanitizer too.
 * Run from the repository root; $EDDY_BIN (build/bin unless the test sets it)
 * says where the built assets are ($EDDY_BIN/../assets). */
#include "game_pool.h"
#include "game_replay.h"
#include "game_run.h"
#include "test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LEVELS_DIR "assets/levels"
#define LEVEL "06-maelstrom"
#define FRAMES 720 /* 12 s of the replay's 35.6 */

static char g_assets[512];

typedef struct outcome {
    uint64_t hash;
    double coef[4096];
    eddy_pose poses[64];
    int modes, bodies;
    long tasks;
} outcome;

/* FRAMES frames of the level's replay on `workers` threads of a game pool
 * (0: no pool at all). */
static void play(int workers, outcome *out)
{
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    game_loaded l;
    eddy_error err = {0};
    if (game_load_level(&cat, LEVEL, &l, &err) != EDDY_OK) fail_msg("%s", err.message);
    game_replay r;
    if (game_replay_load_file("assets/replays/" LEVEL ".replay", &r, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    assert_true(r.frames >= FRAMES);
    game_sim *sim = NULL;
    if (game_sim_create(l.level, l.asset, &sim, &err) != EDDY_OK) fail_msg("%s", err.message);
    game_pool *pool = NULL;
    if (workers > 0) {
        if (game_pool_create(workers, &pool, &err) != EDDY_OK) fail_msg("%s", err.message);
        if (game_pool_attach(pool, game_sim_coupling(sim), &err) != EDDY_OK)
            fail_msg("%s", err.message);
    }
    int next = 0;
    for (long f = 0; f < FRAMES; f++) {
        if (game_replay_feed(&r, sim, &next, &err) != EDDY_OK) fail_msg("%s", err.message);
        if (game_sim_step(sim, &err) != EDDY_OK) fail_msg("frame %ld: %s", f, err.message);
    }
    memset(out, 0, sizeof *out);
    out->hash = game_sim_hash(sim);
    out->modes = eddy_fluid_mode_count(game_sim_fluid(sim));
    assert_true(out->modes <= 4096);
    memcpy(out->coef, eddy_fluid_coefficients(game_sim_fluid(sim)),
           (size_t)out->modes * sizeof(double));
    out->bodies = game_sim_body_count(sim);
    assert_true(out->bodies <= 64);
    for (int i = 0; i < out->bodies; i++) eddy_body_get_pose(game_sim_body(sim, i), &out->poses[i]);
    out->tasks = game_pool_tasks(pool);
    game_sim_destroy(sim);
    game_pool_destroy(pool); /* after the sim, whose coupling it ran */
    game_replay_free(&r);
    game_loaded_free(&l);
    game_catalog_close(&cat);
}

static void replay_same_bits_on_1_2_4_workers(void **state)
{
    (void)state;
    static outcome alone, other;
    play(0, &alone);
    const int counts[] = {1, 2, 4};
    for (int i = 0; i < 3; i++) {
        play(counts[i], &other);
        print_message("%s, %d frames on %d workers: hash %016llx, %ld tasks on the pool\n", LEVEL,
                      FRAMES, counts[i], (unsigned long long)other.hash, other.tasks);
        assert_true(other.hash == alone.hash);
        assert_int_equal(other.modes, alone.modes);
        assert_int_equal(other.bodies, alone.bodies);
        assert_memory_equal(other.coef, alone.coef, (size_t)alone.modes * sizeof(double));
        assert_memory_equal(other.poses, alone.poses, (size_t)alone.bodies * sizeof(eddy_pose));
        if (counts[i] > 1) assert_true(other.tasks >= FRAMES); /* the pool did the work */
        else assert_int_equal(other.tasks, 0);
    }
}

static void bad_worker_counts_refused(void **state)
{
    (void)state;
    game_pool *pool = (game_pool *)&pool;
    eddy_error err = {0};
    assert_int_equal(game_pool_create(0, &pool, &err), EDDY_ERR_ARGUMENT);
    assert_null(pool);
    assert_non_null(strstr(err.message, "1.."));
    assert_int_equal(game_pool_create(GAME_POOL_MAX + 1, &pool, &err), EDDY_ERR_ARGUMENT);
    assert_null(pool);
    assert_int_equal(game_pool_workers(NULL), 1);
    assert_int_equal(game_pool_tasks(NULL), 0);
    assert_int_equal(game_pool_attach(NULL, NULL, &err), EDDY_OK);
    game_pool_destroy(NULL);
}

static int setup(void **state)
{
    (void)state;
    alarm(test_hang_seconds());
    const char *b = getenv("EDDY_BIN");
    snprintf(g_assets, sizeof g_assets, "%s/../assets", b && *b ? b : "build/bin");
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(replay_same_bits_on_1_2_4_workers),
        cmocka_unit_test(bad_worker_counts_refused),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
