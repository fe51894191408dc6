// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_pool.h - the game's own worker threads, handed to eddy as its task
 * system (eddy_coupling.h, WORKERS; eddy-game --workers N).
 *
 * A pool of N workers is the thread that steps (worker 0) and N - 1 C11
 * threads that wait for work. eddy hands it tasks of a number of items; the
 * pool cuts each into N ranges, runs range 0 on the calling thread and the
 * others on its threads, and finish waits for them. One task at a time (eddy
 * calls finish before it enqueues the next). The results do not depend on N:
 * eddy's parallel work writes each item's result to its own place and sums
 * in a fixed order, so a replay gives the same state hash on any N.
 *
 *   game_pool *pool;
 *   game_pool_create(4, &pool, &err);
 *   game_pool_attach(pool, game_sim_coupling(sim), &err);   after every sim made
 *   ... steps ...
 *   game_pool_destroy(pool);                               after the sims
 *
 * A build without C11 threads (MinGW, the web) has no pool: create fails
 * with EDDY_ERR_ARGUMENT and a message for any N above 1.
 */
#ifndef GAME_POOL_H
#define GAME_POOL_H

#include <eddy/eddy_coupling.h>

#define GAME_POOL_MAX 16 /* largest --workers (CLI_WORKERS_MAX, tools/cli_workers.h) */

typedef struct game_pool game_pool;

/* workers in 1..GAME_POOL_MAX (1: no threads, eddy runs on the caller). */
eddy_result game_pool_create(int workers, game_pool **out, eddy_error *err);
/* Stops and joins the threads. The couplings it was attached to must be
 * destroyed (or detached) first. NULL is ignored. */
void game_pool_destroy(game_pool *pool);
int game_pool_workers(const game_pool *pool); /* 1 for NULL */
/* Tasks eddy has handed the pool so far (0 for NULL or one worker). */
long game_pool_tasks(const game_pool *pool);
/* Hands the pool to the coupling (eddy_coupling_set_workers); a NULL pool
 * or one worker leaves the coupling on the calling thread. */
eddy_result game_pool_attach(game_pool *pool, eddy_coupling *c, eddy_error *err);

#endif /* GAME_POOL_H */
