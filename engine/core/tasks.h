// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * tasks.h - the game's task system as the engine sees it (issue 32): work of
 * N items split into ranges that the game's workers run in parallel, in the
 * style of Box2D v3's b2WorldDef.enqueueTask / finishTask. The callbacks are
 * the ones of eddy_coupling_desc (eddy_coupling.h declares the same function
 * types for the game).
 *
 * Determinism: every parallel loop of the engine writes each item's result
 * to that item's own place and reduces across items afterwards on the
 * calling thread, in item order; per-worker memory is scratch only. So the
 * results do not depend on how the items are split, nor on which worker
 * runs which range, nor on the worker count. Not installed.
 */
#ifndef EDDY_TASKS_H
#define EDDY_TASKS_H

/* Runs items [start, end) on worker `worker` (0 .. workers - 1). */
typedef void eddy_task_range_fn(int start, int end, int worker, void *task_context);
/* Starts `task` over item_count items in ranges of at least min_range items;
 * returns a handle for finish, or NULL when it ran the task itself. */
typedef void *eddy_task_enqueue_fn(eddy_task_range_fn *task, int item_count, int min_range,
                                   void *task_context, void *user_context);
/* Waits until the task behind the handle is done. */
typedef void eddy_task_finish_fn(void *user_task, void *user_context);

typedef struct eddy_tasks {
    int workers;                   /* >= 1; 1: everything on the calling thread */
    eddy_task_enqueue_fn *enqueue; /* NULL: no task system */
    eddy_task_finish_fn *finish;
    void *user;                    /* the game's context, handed back to both */
} eddy_tasks;

/* fn over [0, items): through the task system when there is one with more
 * than one worker and more than min_range items, else fn(0, items, 0, ctx)
 * here. Returns when every item is done. t may be NULL. */
void eddyi_tasks_run(const eddy_tasks *t, int items, int min_range, eddy_task_range_fn *fn,
                    void *task_context);

/* Workers per-worker scratch must be sized for (1 without a task system). */
int eddyi_tasks_workers(const eddy_tasks *t);

#endif /* EDDY_TASKS_H */
