// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_pool.c - the game's worker threads behind eddy's task callbacks
 * (game_pool.h), on C11 threads where the C library has them. */
#include "game_pool.h"
#include "game_level.h"

#include <stdbool.h>
#include <stdlib.h>

#if defined(__STDC_NO_THREADS__) || defined(_WIN32) || defined(__EMSCRIPTEN__)
#define GAME_POOL_THREADS 0
#else
#define GAME_POOL_THREADS 1
#include <threads.h>
#endif

#if GAME_POOL_THREADS

typedef struct pool_thread {
    game_pool *pool;
    int index;
    thrd_t thread;
} pool_thread;

struct game_pool {
    int workers;
    int started;              /* threads running (workers - 1 once all started) */
    pool_thread threads[GAME_POOL_MAX];
    mtx_t lock;
    cnd_t wake, done;
    unsigned long job;        /* counts the tasks handed out */
    int pending;              /* ranges of this task not done yet */
    bool quit;
    eddy_task_fn *task;       /* this task */
    void *context;
    int items, chunk;
};

/* Range i of the task: items [i chunk, (i + 1) chunk) cut at items. */
static void run_range(game_pool *p, int i)
{
    long start = (long)i * p->chunk, end = start + p->chunk;
    if (end > p->items) end = p->items;
    if (start < end) p->task((int)start, (int)end, i, p->context);
}

static int thread_main(void *arg)
{
    pool_thread *t = arg;
    game_pool *p = t->pool;
    unsigned long seen = 0;
    mtx_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->job == seen) cnd_wait(&p->wake, &p->lock);
        if (p->quit) break;
        seen = p->job;
        mtx_unlock(&p->lock);
        run_range(p, t->index);
        mtx_lock(&p->lock);
        if (--p->pending == 0) cnd_signal(&p->done);
    }
    mtx_unlock(&p->lock);
    return 0;
}

static void stop_threads(game_pool *p)
{
    mtx_lock(&p->lock);
    p->quit = true;
    cnd_broadcast(&p->wake);
    mtx_unlock(&p->lock);
    for (int i = 1; i <= p->started; i++) thrd_join(p->threads[i].thread, NULL);
}

eddy_result game_pool_create(int workers, game_pool **out, eddy_error *err)
{
    *out = NULL;
    if (workers < 1 || workers > GAME_POOL_MAX)
        return game_error(err, EDDY_ERR_ARGUMENT, "%d workers is not in 1..%d", workers,
                          GAME_POOL_MAX);
    game_pool *p = calloc(1, sizeof *p);
    if (!p) return game_error(err, EDDY_ERR_MEMORY, "out of memory for the worker pool");
    p->workers = workers;
    if (mtx_init(&p->lock, mtx_plain) != thrd_success) {
        free(p);
        return game_error(err, EDDY_ERR_MEMORY, "cannot make the worker pool's lock");
    }
    if (cnd_init(&p->wake) != thrd_success || cnd_init(&p->done) != thrd_success) {
        mtx_destroy(&p->lock);
        free(p);
        return game_error(err, EDDY_ERR_MEMORY, "cannot make the worker pool's conditions");
    }
    for (int i = 1; i < workers; i++) {
        p->threads[i] = (pool_thread){p, i, (thrd_t){0}};
        if (thrd_create(&p->threads[i].thread, thread_main, &p->threads[i]) != thrd_success) {
            game_pool_destroy(p);
            return game_error(err, EDDY_ERR_MEMORY, "cannot start worker thread %d of %d", i,
                              workers - 1);
        }
        p->started = i;
    }
    *out = p;
    return EDDY_OK;
}

void game_pool_destroy(game_pool *p)
{
    if (!p) return;
    stop_threads(p);
    cnd_destroy(&p->wake);
    cnd_destroy(&p->done);
    mtx_destroy(&p->lock);
    free(p);
}

/* eddy_enqueue_task_fn: ranges 1..n-1 to the threads, range 0 here. */
static void *pool_enqueue(eddy_task_fn *task, int items, int min_range, void *context, void *user)
{
    game_pool *p = user;
    int n = p->workers, chunk = (items + n - 1) / n;
    if (chunk < min_range) chunk = min_range;
    mtx_lock(&p->lock);
    p->task = task;
    p->context = context;
    p->items = items;
    p->chunk = chunk;
    p->pending = n - 1;
    p->job++;
    cnd_broadcast(&p->wake);
    mtx_unlock(&p->lock);
    run_range(p, 0);
    return p;
}

/* eddy_finish_task_fn: waits for the threads' ranges. */
static void pool_finish(void *handle, void *user)
{
    (void)user;
    game_pool *p = handle;
    mtx_lock(&p->lock);
    while (p->pending > 0) cnd_wait(&p->done, &p->lock);
    mtx_unlock(&p->lock);
}

int game_pool_workers(const game_pool *p) { return p ? p->workers : 1; }

long game_pool_tasks(const game_pool *p) { return p ? (long)p->job : 0; }

eddy_result game_pool_attach(game_pool *p, eddy_coupling *c, eddy_error *err)
{
    if (!c) return EDDY_OK;
    if (!p || p->workers < 2) return eddy_coupling_set_workers(c, 0, NULL, NULL, NULL, err);
    return eddy_coupling_set_workers(c, p->workers, pool_enqueue, pool_finish, p, err);
}

#else /* no C11 threads in this build */

struct game_pool {
    int workers;
};

eddy_result game_pool_create(int workers, game_pool **out, eddy_error *err)
{
    *out = NULL;
    if (workers != 1)
        return game_error(err, EDDY_ERR_ARGUMENT, "this build of the game has no "
                          "threads (no C11 <threads.h>); only 1 worker");
    game_pool *p = calloc(1, sizeof *p);
    if (!p) return game_error(err, EDDY_ERR_MEMORY, "out of memory for the worker pool");
    p->workers = 1;
    *out = p;
    return EDDY_OK;
}

void game_pool_destroy(game_pool *p) { free(p); }

int game_pool_workers(const game_pool *p) { return p ? p->workers : 1; }

long game_pool_tasks(const game_pool *p)
{
    (void)p;
    return 0;
}

eddy_result game_pool_attach(game_pool *p, eddy_coupling *c, eddy_error *err)
{
    (void)p;
    return c ? eddy_coupling_set_workers(c, 0, NULL, NULL, NULL, err) : EDDY_OK;
}

#endif
