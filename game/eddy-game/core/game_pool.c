// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_pool.c - the game's worker threads (game_pool.h): the tools' pool of
 * C11 threads (tools/cli_workers.h) with the game's error reporting. */
#include "game_pool.h"
#include "cli_workers.h"
#include "game_level.h"

struct game_pool {
    cli_workers *threads;
};

eddy_result game_pool_create(int workers, game_pool **out, eddy_error *err)
{
    *out = NULL;
    if (workers < 1 || workers > GAME_POOL_MAX)
        return game_error(err, EDDY_ERR_ARGUMENT, "%d workers is not in 1..%d", workers,
                          GAME_POOL_MAX);
    game_pool *p = calloc(1, sizeof *p);
    if (!p) return game_error(err, EDDY_ERR_MEMORY, "out of memory for the worker pool");
    char why[160];
    p->threads = cli_workers_start(workers, why, sizeof why);
    if (!p->threads) {
        free(p);
        return game_error(err, CLI_WORKERS_THREADS ? EDDY_ERR_MEMORY : EDDY_ERR_ARGUMENT, "%s",
                          why);
    }
    *out = p;
    return EDDY_OK;
}

void game_pool_destroy(game_pool *p)
{
    if (!p) return;
    cli_workers_stop(p->threads);
    free(p);
}

int game_pool_workers(const game_pool *p) { return p ? p->threads->workers : 1; }

long game_pool_tasks(const game_pool *p) { return p ? p->threads->tasks : 0; }

eddy_result game_pool_attach(game_pool *p, eddy_coupling *c, eddy_error *err)
{
    return cli_workers_attach(p ? p->threads : NULL, c, err);
}
