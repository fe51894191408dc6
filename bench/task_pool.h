// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * task_pool.h - a small pool of POSIX threads behind eddy's task callbacks
 * (eddy_coupling.h, "WORKERS"), for the benchmark and the tests: worker 0 is
 * the thread that calls the step, workers 1..n-1 are threads of the pool.
 * A task of N items is cut into n ranges of at least min_range items; range
 * i runs on worker i. Header-only (static functions); one job at a time.
 *
 *   task_pool pool;
 *   task_pool_start(&pool, 2);
 *   eddy_coupling_set_workers(c, pool.workers, task_pool_enqueue, task_pool_finish,
 *                             &pool, &err);
 *   ... steps ...
 *   task_pool_stop(&pool);   (after the coupling is destroyed)
 */
#ifndef EDDY_TASK_POOL_H
#define EDDY_TASK_POOL_H

#include <eddy/eddy_coupling.h>

#include <pthread.h>
#include <stdbool.h>

#define TASK_POOL_MAX 64

typedef struct task_pool task_pool;
typedef struct task_pool_thread {
    task_pool *pool;
    int index;
    pthread_t thread;
} task_pool_thread;

struct task_pool {
    int workers;
    task_pool_thread threads[TASK_POOL_MAX];
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    unsigned long generation; /* one per job */
    int pending;              /* ranges of the job not done yet */
    bool quit;
    eddy_task_fn *task;
    void *context;
    int items, chunk;
};

static void task_pool_range(task_pool *p, int i)
{
    long start = (long)i * p->chunk, end = start + p->chunk;
    if (end > p->items) end = p->items;
    if (start < end) p->task((int)start, (int)end, i, p->context);
}

static void *task_pool_main(void *arg)
{
    task_pool_thread *t = arg;
    task_pool *p = t->pool;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->quit && p->generation == seen) pthread_cond_wait(&p->wake, &p->lock);
        if (p->quit) break;
        seen = p->generation;
        pthread_mutex_unlock(&p->lock);
        task_pool_range(p, t->index);
        pthread_mutex_lock(&p->lock);
        if (--p->pending == 0) pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* Starts workers - 1 threads (workers 1..TASK_POOL_MAX); false on failure. */
static bool task_pool_start(task_pool *p, int workers)
{
    if (workers < 1 || workers > TASK_POOL_MAX) return false;
    p->workers = workers;
    p->generation = 0;
    p->pending = 0;
    p->quit = false;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    for (int i = 1; i < workers; ++i) {
        p->threads[i] = (task_pool_thread){p, i, 0};
        if (pthread_create(&p->threads[i].thread, NULL, task_pool_main, &p->threads[i]) != 0) {
            p->workers = i;
            return false;
        }
    }
    return true;
}

static void task_pool_stop(task_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->quit = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    for (int i = 1; i < p->workers; ++i) pthread_join(p->threads[i].thread, NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done);
}

/* eddy_enqueue_task_fn: the pool's threads take ranges 1..n-1, the caller
 * runs range 0 before returning. */
static void *task_pool_enqueue(eddy_task_fn *task, int item_count, int min_range,
                               void *task_context, void *user)
{
    task_pool *p = user;
    int n = p->workers;
    int chunk = (item_count + n - 1) / n;
    if (chunk < min_range) chunk = min_range;
    pthread_mutex_lock(&p->lock);
    p->task = task;
    p->context = task_context;
    p->items = item_count;
    p->chunk = chunk;
    p->pending = n - 1;
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    task_pool_range(p, 0);
    return p;
}

/* eddy_finish_task_fn: waits for the threads' ranges. */
static void task_pool_finish(void *handle, void *user)
{
    (void)user;
    task_pool *p = handle;
    pthread_mutex_lock(&p->lock);
    while (p->pending > 0) pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

#endif /* EDDY_TASK_POOL_H */
