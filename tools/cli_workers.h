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
#endif

/* ThreadSanitizer (GCC 12, clang 14) does not intercept C11 threads: a
 * thread made by thrd_create crashes in its first instrumented call, and
 * mtx_lock / cnd_wait would be invisible to it. Under TSan (make tsan) the
 * pool runs on the POSIX calls glibc's C11 threads are made of; the pool's
 * logic is the same code. */
#if defined(__SANITIZE_THREAD__)
#define CLI_WORKERS_POSIX 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CLI_WORKERS_POSIX 1
#endif
#endif
#ifndef CLI_WORKERS_POSIX
#define CLI_WORKERS_POSIX 0
#endif

#if CLI_WORKERS_THREADS && CLI_WORKERS_POSIX
#include <pthread.h>
typedef pthread_t cli_thread;
typedef pthread_mutex_t cli_mutex;
typedef pthread_cond_t cli_cond;
static inline bool cli_mutex_init(cli_mutex *m) { return pthread_mutex_init(m, NULL) == 0; }
static inline bool cli_cond_init(cli_cond *c) { return pthread_cond_init(c, NULL) == 0; }
#define cli_mutex_lock pthread_mutex_lock
#define cli_mutex_unlock pthread_mutex_unlock
#define cli_mutex_destroy pthread_mutex_destroy
#define cli_cond_wait pthread_cond_wait
#define cli_cond_signal pthread_cond_signal
#define cli_cond_broadcast pthread_cond_broadcast
#define cli_cond_destroy pthread_cond_destroy
#elif CLI_WORKERS_THREADS
#include <threads.h>
typedef thrd_t cli_thread;
typedef mtx_t cli_mutex;
typedef cnd_t cli_cond;
static inline bool cli_mutex_init(cli_mutex *m) { return mtx_init(m, mtx_plain) == thrd_success; }
static inline bool cli_cond_init(cli_cond *c) { return cnd_init(c) == thrd_success; }
#define cli_mutex_lock mtx_lock
#define cli_mutex_unlock mtx_unlock
#define cli_mutex_destroy mtx_destroy
#define cli_cond_wait cnd_wait
#define cli_cond_signal cnd_signal
#define cli_cond_broadcast cnd_broadcast
#define cli_cond_destroy cnd_destroy
#endif

typedef struct cli_workers cli_workers;

#if CLI_WORKERS_THREADS
typedef struct cli_worker_thread {
    cli_workers *pool;
    int index;
    cli_thread thread;
} cli_worker_thread;
#endif

struct cli_workers {
    int workers;
    long tasks;                /* handed out so far */
#if CLI_WORKERS_THREADS
    int started;               /* threads running */
    cli_worker_thread threads[CLI_WORKERS_MAX];
    cli_mutex lock;
    cli_cond wake, done;
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

static inline void cli_workers_loop(void *arg)
{
    cli_worker_thread *t = arg;
    cli_workers *p = t->pool;
    long seen = 0;
    cli_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->tasks == seen) cli_cond_wait(&p->wake, &p->lock);
        if (p->quit) break;
        seen = p->tasks;
        cli_mutex_unlock(&p->lock);
        cli_workers_range(p, t->index);
        cli_mutex_lock(&p->lock);
        if (--p->pending == 0) cli_cond_signal(&p->done);
    }
    cli_mutex_unlock(&p->lock);
}

/* A worker thread's start: its loop, under either thread API. */
#if CLI_WORKERS_POSIX
static inline void *cli_workers_main(void *arg)
{
    cli_workers_loop(arg);
    return NULL;
}

static inline bool cli_thread_start(cli_thread *t, cli_worker_thread *w)
{
    return pthread_create(t, NULL, cli_workers_main, w) == 0;
}

static inline void cli_thread_join(cli_thread t) { pthread_join(t, NULL); }
#else
static inline int cli_workers_main(void *arg)
{
    cli_workers_loop(arg);
    return 0;
}

static inline bool cli_thread_start(cli_thread *t, cli_worker_thread *w)
{
    return thrd_create(t, cli_workers_main, w) == thrd_success;
}

static inline void cli_thread_join(cli_thread t) { thrd_join(t, NULL); }
#endif

/* eddy_enqueue_task_fn: ranges 1..n-1 to the threads, range 0 here. */
static inline void *cli_workers_enqueue(eddy_task_fn *task, int items, int min_range,
                                        void *context, void *user)
{
    cli_workers *p = user;
    int n = p->workers, chunk = (items + n - 1) / n;
    if (chunk < min_range) chunk = min_range;
    cli_mutex_lock(&p->lock);
    p->task = task;
    p->context = context;
    p->items = items;
    p->chunk = chunk;
    p->pending = n - 1;
    p->tasks++;
    cli_cond_broadcast(&p->wake);
    cli_mutex_unlock(&p->lock);
    cli_workers_range(p, 0);
    return p;
}

/* eddy_finish_task_fn: waits for the threads' ranges. */
static inline void cli_workers_finish(void *handle, void *user)
{
    (void)user;
    cli_workers *p = handle;
    cli_mutex_lock(&p->lock);
    while (p->pending > 0) cli_cond_wait(&p->done, &p->lock);
    cli_mutex_unlock(&p->lock);
}
#endif

/* Stops and joins the threads; NULL is ignored. */
static inline void cli_workers_stop(cli_workers *p)
{
    if (!p) return;
#if CLI_WORKERS_THREADS
    cli_mutex_lock(&p->lock);
    p->quit = true;
    cli_cond_broadcast(&p->wake);
    cli_mutex_unlock(&p->lock);
    for (int i = 1; i <= p->started; i++) cli_thread_join(p->threads[i].thread);
    cli_cond_destroy(&p->wake);
    cli_cond_destroy(&p->done);
    cli_mutex_destroy(&p->lock);
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
    bool ok = cli_mutex_init(&p->lock);
    if (ok && !cli_cond_init(&p->wake)) {
        cli_mutex_destroy(&p->lock);
        ok = false;
    }
    if (ok && !cli_cond_init(&p->done)) {
        cli_cond_destroy(&p->wake);
        cli_mutex_destroy(&p->lock);
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
        if (!cli_thread_start(&p->threads[i].thread, &p->threads[i])) {
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
