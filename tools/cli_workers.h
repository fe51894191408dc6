// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * cli_workers.h - a small pool of C11 threads behind eddy's task callbacks
 * (eddy_coupling.h, WORKERS), for the programs' --workers N (sim, and
 * eddy-game through game_pool.h). Header-only (static inline).
 *
 * Worker 0 is the thread that steps; workers 1..N-1 are the pool's threads.
 * A task of some items is cut into N ranges (at least min_range items each);
 * range i runs on worker i, range 0 on the caller inside enqueue, and finish
 * waits for the others. One task at a time (eddy finishes each before it
 * enqueues the next). eddy's results do not depend on N (its parallel work
 * writes each item's result to its own place and sums in a fixed order).
 *
 *   char why[128];
 *   cli_workers *pool = cli_workers_start(4, why, sizeof why);  NULL: why says
 *   cli_workers_attach(pool, coupling, &err);
 *   ... steps ...
 *   cli_workers_stop(pool);           after the coupling is destroyed
 *
 * Without C11 threads (MinGW, the web, a C library that defines
 * __STDC_NO_THREADS__) start fails for N above 1; N = 1 gives a pool with
 * no threads, and attach leaves the coupling on the calling thread.
 */
#ifndef EDDY_CLI_WORKERS_H
#define EDDY_CLI_WORKERS_H

#include <eddy/eddy_coupling.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define CLI_WORKERS_MAX 16 /* largest --workers */

#if defined(__STDC_NO_THREADS__) || defined(_WIN32) || defined(__EMSCRIPTEN__)
#define CLI_WORKERS_THREADS 0
#else
#define CLI_WORKERS_THREADS 1
#include <threads.h>
#endif

typedef struct cli_workers cli_workers;

#if CLI_WORKERS_THREADS
typedef struct cli_worker_thread {
    cli_workers *pool;
    int index;
    thrd_t thread;
} cli_worker_thread;
#endif

struct cli_workers {
    int workers;
    long tasks;                /* handed out so far */
#if CLI_WORKERS_THREADS
    int started;               /* threads running */
    cli_worker_thread threads[CLI_WORKERS_MAX];
    mtx_t lock;
    cnd_t wake, done;
    int pending;               /* ranges of this task not done yet */
    bool quit;
    eddy_task_fn *task;        /* this task */
    void *context;
    int items, chunk;
#endif
};

#if CLI_WORKERS_THREADS
/* Range i of the task: items [i chunk, (i + 1) chunk) cut at items. */
static inline void cli_workers_range(cli_workers *p, int i)
{
    long start = (long)i * p->chunk, end = start + p->chunk;
    if (end > p->items) end = p->items;
    if (start < end) p->task((int)start, (int)end, i, p->context);
}

static inline int cli_workers_main(void *arg)
{
    cli_worker_thread *t = arg;
    cli_workers *p = t->pool;
    long seen = 0;
    mtx_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->tasks == seen) cnd_wait(&p->wake, &p->lock);
        if (p->quit) break;
        seen = p->tasks;
        mtx_unlock(&p->lock);
        cli_workers_range(p, t->index);
        mtx_lock(&p->lock);
        if (--p->pending == 0) cnd_signal(&p->done);
    }
    mtx_unlock(&p->lock);
    return 0;
}

/* eddy_enqueue_task_fn: ranges 1..n-1 to the threads, range 0 here. */
static inline void *cli_workers_enqueue(eddy_task_fn *task, int items, int min_range,
                                        void *context, void *user)
{
    cli_workers *p = user;
    int n = p->workers, chunk = (items + n - 1) / n;
    if (chunk < min_range) chunk = min_range;
    mtx_lock(&p->lock);
    p->task = task;
    p->context = context;
    p->items = items;
    p->chunk = chunk;
    p->pending = n - 1;
    p->tasks++;
    cnd_broadcast(&p->wake);
    mtx_unlock(&p->lock);
    cli_workers_range(p, 0);
    return p;
}

/* eddy_finish_task_fn: waits for the threads' ranges. */
static inline void cli_workers_finish(void *handle, void *user)
{
    (void)user;
    cli_workers *p = handle;
    mtx_lock(&p->lock);
    while (p->pending > 0) cnd_wait(&p->done, &p->lock);
    mtx_unlock(&p->lock);
}
#endif

/* Stops and joins the threads; NULL is ignored. */
static inline void cli_workers_stop(cli_workers *p)
{
    if (!p) return;
#if CLI_WORKERS_THREADS
    mtx_lock(&p->lock);
    p->quit = true;
    cnd_broadcast(&p->wake);
    mtx_unlock(&p->lock);
    for (int i = 1; i <= p->started; i++) thrd_join(p->threads[i].thread, NULL);
    cnd_destroy(&p->wake);
    cnd_destroy(&p->done);
    mtx_destroy(&p->lock);
#endif
    free(p);
}

/* A pool of n workers (1..CLI_WORKERS_MAX); NULL with a sentence in why. */
static inline cli_workers *cli_workers_start(int n, char *why, size_t cap)
{
    if (n < 1 || n > CLI_WORKERS_MAX) {
        snprintf(why, cap, "%d workers is not in 1..%d", n, CLI_WORKERS_MAX);
        return NULL;
    }
#if !CLI_WORKERS_THREADS
    if (n > 1) {
        snprintf(why, cap, "this build has no threads (no C11 <threads.h>): 1 worker only");
        return NULL;
    }
#endif
    cli_workers *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(why, cap, "out of memory for the worker pool");
        return NULL;
    }
    p->workers = n;
#if CLI_WORKERS_THREADS
    bool ok = mtx_init(&p->lock, mtx_plain) == thrd_success;
    if (ok && cnd_init(&p->wake) != thrd_success) {
        mtx_destroy(&p->lock);
        ok = false;
    }
    if (ok && cnd_init(&p->done) != thrd_success) {
        cnd_destroy(&p->wake);
        mtx_destroy(&p->lock);
        ok = false;
    }
    if (!ok) {
        free(p);
        snprintf(why, cap, "cannot make the worker pool's lock");
        return NULL;
    }
    for (int i = 1; i < n; i++) {
        p->threads[i].pool = p;
        p->threads[i].index = i;
        if (thrd_create(&p->threads[i].thread, cli_workers_main, &p->threads[i]) != thrd_success) {
            cli_workers_stop(p);
            snprintf(why, cap, "cannot start worker thread %d of %d", i, n - 1);
            return NULL;
        }
        p->started = i;
    }
#endif
    return p;
}

/* Hands the pool to the coupling (eddy_coupling_set_workers); NULL or one
 * worker: the calling thread alone. */
static inline eddy_result cli_workers_attach(cli_workers *p, eddy_coupling *c, eddy_error *err)
{
    if (!c) return EDDY_OK;
#if CLI_WORKERS_THREADS
    if (p && p->workers > 1)
        return eddy_coupling_set_workers(c, p->workers, cli_workers_enqueue, cli_workers_finish,
                                         p, err);
#endif
    (void)p;
    return eddy_coupling_set_workers(c, 0, NULL, NULL, NULL, err);
}

#endif /* EDDY_CLI_WORKERS_H */
