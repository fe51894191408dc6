// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tasks.c - running a parallel loop on the game's task system (tasks.h). */
#include "tasks.h"

#include <stddef.h>

int eddyi_tasks_workers(const eddy_tasks *t)
{
    return t && t->enqueue && t->finish && t->workers > 1 ? t->workers : 1;
}

void eddyi_tasks_run(const eddy_tasks *t, int items, int min_range, eddy_task_range_fn *fn,
                    void *task_context)
{
    if (items <= 0) return;
    if (min_range < 1) min_range = 1;
    if (eddyi_tasks_workers(t) == 1 || items <= min_range) {
        fn(0, items, 0, task_context);
        return;
    }
    void *handle = t->enqueue(fn, items, min_range, task_context, t->user);
    if (handle) t->finish(handle, t->user);
}
