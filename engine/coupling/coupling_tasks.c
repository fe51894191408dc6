// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_tasks.c - the game's task system in the coupling (issue 32,
 * eddy_coupling.h "WORKERS"): the desc's callbacks as the engine's tasks
 * (tasks.h), and the per-worker scratch of the exact feedback and of the
 * bodies' forces, and the per-body rows both use. The panels' own per-worker
 * scratch is the panel world's (panel_fast.c). */
#include "coupling_internal.h"
#include "panel_fast.h"

const eddy_tasks *eddyi_coupling_tasks(eddy_coupling *c)
{
    const eddy_coupling_desc *d = &c->desc;
    bool given = d->enqueue_task && d->finish_task && d->worker_count > 1 &&
                 d->worker_count <= EDDY_MAX_WORKERS;
    c->tasks.workers = given ? d->worker_count : 1;
    c->tasks.enqueue = given ? d->enqueue_task : NULL;
    c->tasks.finish = given ? d->finish_task : NULL;
    c->tasks.user = d->user_task_context;
    return &c->tasks;
}

eddy_result eddyi_coupling_tasks_init(eddy_coupling *c, eddy_error *err)
{
    const eddy_coupling_desc *d = &c->desc;
    if (d->worker_count < 0 || d->worker_count > EDDY_MAX_WORKERS)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: worker_count %d is not in 0..%d",
                         d->worker_count, EDDY_MAX_WORKERS);
    if (!d->enqueue_task != !d->finish_task)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "coupling: enqueue_task and finish_task go together (one is NULL)");
    eddyi_coupling_tasks(c);
    int workers = eddyi_tasks_workers(&c->tasks);
    /* the forces' rows and scratch, on any number of workers (one: the calling thread) */
    c->fold_all = eddy_calloc((size_t)d->max_bodies * (size_t)c->r, sizeof *c->fold_all);
    c->force_scratch = eddy_calloc((size_t)workers * 3 * (size_t)c->r, sizeof *c->force_scratch);
    if (!c->fold_all || !c->force_scratch)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory creating a coupling");
    if (workers == 1) return EDDY_OK;
    c->worker_box = eddy_calloc((size_t)workers, sizeof *c->worker_box);
    if (!c->worker_box) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory creating a coupling");
    for (int k = 1; k < workers; ++k) {
        eddy_result res = eddyi_box_feedback_create(c->asset->modes, c->asset->eigen_count,
                                                   c->asset->width, c->asset->height,
                                                   &c->worker_box[k], err);
        if (res != EDDY_OK) return res;
    }
    return EDDY_OK;
}

void eddyi_coupling_tasks_free(eddy_coupling *c)
{
    if (c->worker_box)
        for (int k = 1; k < c->tasks.workers; ++k) eddyi_box_feedback_destroy(c->worker_box[k]);
    eddy_free(c->worker_box);
    eddy_free(c->fold_all);
    eddy_free(c->force_scratch);
    c->worker_box = NULL;
    c->fold_all = NULL;
    c->force_scratch = NULL;
}

eddy_result eddy_coupling_set_workers(eddy_coupling *c, int worker_count,
                                      eddy_enqueue_task_fn *enqueue_task,
                                      eddy_finish_task_fn *finish_task, void *user_task_context,
                                      eddy_error *err)
{
    if (!c) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: NULL coupling");
    eddy_coupling_desc before = c->desc;
    eddy_tasks tasks_before = c->tasks;
    struct eddy_box_feedback **box_before = c->worker_box;
    double *fold_before = c->fold_all, *scratch_before = c->force_scratch;
    c->worker_box = NULL, c->fold_all = NULL, c->force_scratch = NULL;
    c->desc.worker_count = worker_count;
    c->desc.enqueue_task = enqueue_task;
    c->desc.finish_task = finish_task;
    c->desc.user_task_context = user_task_context;
    eddy_result res = eddyi_coupling_tasks_init(c, err);
    if (res == EDDY_OK) res = eddyi_panel_world_set_tasks(c->panels, &c->tasks, err);
    if (res != EDDY_OK) { /* back to what it was */
        eddyi_coupling_tasks_free(c);
        c->desc = before;
        c->tasks = tasks_before;
        c->worker_box = box_before, c->fold_all = fold_before, c->force_scratch = scratch_before;
        eddyi_panel_world_set_tasks(c->panels, &c->tasks, NULL);
        return res;
    }
    eddy_tasks now = c->tasks; /* free the old scratch with the old worker count */
    c->tasks = tasks_before;
    struct eddy_box_feedback **box_now = c->worker_box;
    double *fold_now = c->fold_all, *scratch_now = c->force_scratch;
    c->worker_box = box_before, c->fold_all = fold_before, c->force_scratch = scratch_before;
    eddyi_coupling_tasks_free(c);
    c->tasks = now;
    c->worker_box = box_now, c->fold_all = fold_now, c->force_scratch = scratch_now;
    return EDDY_OK;
}
