// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* feedback_grid.c - feedback of the panels' field into the reduced fluid
 * (5.3.4), the two grid variants of the chapter plus the dispatch:
 *
 *   naive     u_p (5.18) evaluated at every MAC sample, projected with the
 *             grid's quadrature weights: r += B^T W u_p;
 *   quadtree  the same field, but a panel's velocity is evaluated once at the
 *             centre of a quadtree node and used for the whole node when the
 *             precomputed error of doing so (5.19) times the panel's strength
 *             is below a threshold; else the tree is descended;
 *   exact     the vortex-sheet line integrals of panel_feedback_exact.c.
 *
 * The quadtree keeps each node's constant velocity in the node and pushes the
 * sums down to the samples once at the end, so a panel costs one evaluation
 * per node it uses instead of one addition per sample the node covers. */
#include "coupling_internal.h"
#include "panel_fast.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ set-up */

void eddyi_grid_feedback_free(eddy_grid_feedback *g)
{
    eddy_free(g->phi_weighted), eddy_free(g->field), eddy_free(g->xy);
    eddy_free(g->node_uv), eddy_free(g->node_used), eddy_free(g->stack);
    eddyi_quadtree_free(&g->tree);
    eddyi_qt_table_free(&g->table);
    memset(g, 0, sizeof *g);
}

/* The asset's 5.19 table when it was made for this tree and panel length,
 * else a fresh one (tens of milliseconds). */
static eddy_result take_error_table(eddy_grid_feedback *g, const eddy_asset *a, double panel_length,
                                    eddy_error *err)
{
    const eddy_qt_table *stored = &a->quadtree_table;
    if (stored->levels == g->tree.levels && stored->panel_length == panel_length &&
        stored->bin_width == fmin(g->mac.hx, g->mac.hy)) {
        size_t n = (size_t)stored->levels * (size_t)stored->bins;
        g->table = *stored;
        g->table.error = eddy_alloc(n * sizeof(double));
        if (!g->table.error) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the 5.19 table");
        memcpy(g->table.error, stored->error, n * sizeof(double));
        return EDDY_OK;
    }
    return eddyi_qt_table_build(&g->tree, panel_length, &g->table, err);
}

/* Rows w_s phi_k(s) of the projection: box modes sampled at the faces, grid
 * modes (an enriched basis, 5.2) as stored. */
static void sample_basis(eddy_grid_feedback *g, const eddy_asset *a)
{
    double *column = g->field; /* scratch */
    for (int k = 0; k < g->modes; ++k) {
        const double *values = column;
        if (k < a->eigen_count)
            eddyi_box_sample_mode(&a->modes[k], &g->mac, column);
        else
            values = a->grid_modes + (size_t)(k - a->eigen_count) * (size_t)g->samples;
        double *row = g->phi_weighted + (size_t)k * (size_t)g->samples;
        for (int s = 0; s < g->samples; ++s) row[s] = eddy_mac_weight(&g->mac, s) * values[s];
    }
    for (int s = 0; s < g->samples; ++s) eddy_mac_position(&g->mac, s, &g->xy[2 * s], &g->xy[2 * s + 1]);
}

eddy_result eddyi_grid_feedback_init(eddy_grid_feedback *g, const eddy_coupling *c, eddy_error *err)
{
    if (g->ready) return EDDY_OK;
    const eddy_asset *a = c->asset;
    g->mac = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    g->samples = eddy_mac_size(&g->mac);
    g->modes = a->mode_count;
    eddy_result res = eddyi_quadtree_build(&g->mac, &g->tree, err);
    if (res == EDDY_OK) res = take_error_table(g, a, c->desc.panel_spacing, err);
    if (res != EDDY_OK) {
        eddyi_grid_feedback_free(g);
        return res;
    }
    int nodes = g->tree.node_count;
    g->phi_weighted = eddy_alloc((size_t)g->modes * (size_t)g->samples * sizeof(double));
    g->field = eddy_calloc((size_t)g->samples, sizeof(double));
    g->xy = eddy_alloc(2 * (size_t)g->samples * sizeof(double));
    g->node_uv = eddy_calloc(2 * (size_t)nodes, sizeof(double));
    g->node_used = eddy_calloc((size_t)nodes, sizeof(bool));
    g->stack = eddy_alloc((size_t)nodes * sizeof(int));
    if (!g->phi_weighted || !g->field || !g->xy || !g->node_uv || !g->node_used || !g->stack) {
        eddyi_grid_feedback_free(g);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for grid feedback");
    }
    sample_basis(g, a);
    g->ready = true;
    return EDDY_OK;
}

/* ------------------------------------------------------------ fields */

void eddyi_grid_feedback_naive_field(eddy_grid_feedback *g, const eddy_panel_world *w)
{
    for (int s = 0; s < g->samples; ++s) {
        double uv[2];
        eddyi_panel_world_velocity(w, g->xy[2 * s], g->xy[2 * s + 1], uv);
        g->field[s] = s < eddy_mac_u_count(&g->mac) ? uv[0] : uv[1];
    }
}

/* Adds one panel's velocity to the samples of a leaf, exactly; returns the
 * velocity evaluations (two a cell: its u and its v face). */
static int leaf_exact(eddy_grid_feedback *g, const eddy_qt_node *q, const double *seg, double gamma)
{
    const eddy_mac *m = &g->mac;
    double uv[2];
    for (int j = q->j0; j < q->j1; ++j)
        for (int i = q->i0; i < q->i1; ++i) {
            int su = eddy_mac_u(m, i, j), sv = eddy_mac_v(m, i, j);
            eddyi_panel_velocity(seg[0], seg[1], seg[2], seg[3], gamma, g->xy[2 * su],
                                g->xy[2 * su + 1], uv);
            g->field[su] += uv[0];
            eddyi_panel_velocity(seg[0], seg[1], seg[2], seg[3], gamma, g->xy[2 * sv],
                                g->xy[2 * sv + 1], uv);
            g->field[sv] += uv[1];
        }
    return 2 * (q->i1 - q->i0) * (q->j1 - q->j0);
}

/* One panel through the tree (5.19): a node whose tabulated error, scaled by
 * the panel's strength and length, is under the threshold takes the panel's
 * velocity at its centre; otherwise its children are visited; a leaf that
 * still fails is evaluated sample by sample. Returns the panel-velocity
 * evaluations: one a node used, two a sample of a leaf evaluated exactly
 * (the work the run cost model bounds, engine/coupling/step_cost.c). */
static int traverse_panel(eddy_grid_feedback *g, const double *seg, double gamma, double scale,
                          double threshold)
{
    double mx = 0.5 * (seg[0] + seg[2]), my = 0.5 * (seg[1] + seg[3]);
    int top = 0, evaluations = 0;
    g->stack[top++] = 0;
    while (top > 0) {
        int n = g->stack[--top];
        const eddy_qt_node *q = &g->tree.nodes[n];
        double err = fabs(gamma) * scale * eddyi_qt_table_error(&g->table, q->level, hypot(q->cx - mx, q->cy - my));
        if (err < threshold) {
            double uv[2];
            eddyi_panel_velocity(seg[0], seg[1], seg[2], seg[3], gamma, q->cx, q->cy, uv);
            g->node_uv[2 * n] += uv[0];
            g->node_uv[2 * n + 1] += uv[1];
            g->node_used[n] = true;
            ++evaluations;
        } else if (q->child < 0) {
            evaluations += leaf_exact(g, q, seg, gamma);
        } else {
            int kids = eddyi_quadtree_children(&g->tree, n);
            for (int k = 0; k < kids; ++k) g->stack[top++] = q->child + k;
        }
    }
    return evaluations;
}

/* Node constants flow down to the leaves, then onto their samples. */
static void push_down(eddy_grid_feedback *g)
{
    const eddy_mac *m = &g->mac;
    for (int n = 1; n < g->tree.node_count; ++n) {
        int p = g->tree.nodes[n].parent;
        g->node_uv[2 * n] += g->node_uv[2 * p];
        g->node_uv[2 * n + 1] += g->node_uv[2 * p + 1];
    }
    for (int n = 0; n < g->tree.node_count; ++n) {
        const eddy_qt_node *q = &g->tree.nodes[n];
        if (q->child >= 0) continue;
        for (int j = q->j0; j < q->j1; ++j)
            for (int i = q->i0; i < q->i1; ++i) {
                g->field[eddy_mac_u(m, i, j)] += g->node_uv[2 * n];
                g->field[eddy_mac_v(m, i, j)] += g->node_uv[2 * n + 1];
            }
    }
}

int eddyi_grid_feedback_quadtree_field(eddy_grid_feedback *g, const eddy_panel_world *w,
                                      double threshold)
{
    memset(g->field, 0, (size_t)g->samples * sizeof(double));
    memset(g->node_uv, 0, 2 * (size_t)g->tree.node_count * sizeof(double));
    memset(g->node_used, 0, (size_t)g->tree.node_count * sizeof(bool));
    int64_t evaluations = 0;
    double reference = fmin(g->mac.hx, g->mac.hy);
    for (int s = 0; s < w->source_count; ++s) {
        const double *seg = &w->src[4 * s];
        double len = hypot(seg[2] - seg[0], seg[3] - seg[1]);
        evaluations += traverse_panel(g, seg, w->strength[s], len / reference, threshold);
    }
    push_down(g);
    return evaluations < INT_MAX ? (int)evaluations : INT_MAX;
}

void eddyi_grid_feedback_project(const eddy_grid_feedback *g, int r, double *out)
{
    memset(out, 0, (size_t)r * sizeof(double));
    for (int k = 0; k < g->modes; ++k) {
        const double *row = g->phi_weighted + (size_t)k * (size_t)g->samples;
        double sum = 0;
        for (int s = 0; s < g->samples; ++s) sum += row[s] * g->field[s];
        out[k] = sum;
    }
}

void eddyi_grid_feedback_draw(const eddy_grid_feedback *g, const double origin[2],
                             const eddy_debug_draw *d)
{
    if (!g->ready) return;
    for (int n = 0; n < g->tree.node_count; ++n) {
        if (!g->node_used[n]) continue;
        const eddy_qt_node *q = &g->tree.nodes[n];
        d->quadtree_node(d->user, q->i0 * g->mac.hx + origin[0], q->j0 * g->mac.hy + origin[1],
                         q->i1 * g->mac.hx + origin[0], q->j1 * g->mac.hy + origin[1], q->level);
    }
}

/* ------------------------------------------------------------ dispatch */

/* f = the projection of the panels' field u_p with the panel world's current
 * strengths, by the selected variant; false when feedback is off. */
static bool raw_feedback(eddy_coupling *c, double *out)
{
    switch (c->desc.feedback) {
    case EDDY_FEEDBACK_OFF:
        return false;
    case EDDY_FEEDBACK_NAIVE:
        eddyi_grid_feedback_naive_field(&c->grid, c->panels);
        eddyi_grid_feedback_project(&c->grid, c->r, out);
        return true;
    case EDDY_FEEDBACK_QUADTREE: {
        int used = eddyi_grid_feedback_quadtree_field(&c->grid, c->panels, c->desc.quadtree_threshold);
        c->timings.quadtree_nodes = used < INT_MAX - c->timings.quadtree_nodes
                                        ? c->timings.quadtree_nodes + used : INT_MAX;
        eddyi_grid_feedback_project(&c->grid, c->r, out);
        return true;
    }
    default:
        memset(out, 0, (size_t)c->r * sizeof(double));
        /* Gauss points and recurrences (panel_feedback_fast.c); the closed
         * form per mode and panel for the paper pipeline, or when the panels
         * are too long for the Gauss rule */
        if (c->paper_pipeline || !c->box_feedback ||
            !eddyi_box_feedback_apply(c->box_feedback, c->panels, out))
            eddyi_panel_feedback_box(c->panels, c->asset->modes, c->asset->eigen_count, out);
        eddyi_stream_feedback_grid_modes(&c->stream, c->panels, out);
        return true;
    }
}

/* One body's panels projected exactly (docs/design.md, "Exact feedback"): box
 * modes by Gauss points and recurrences (or the closed form per mode and panel
 * for the paper pipeline, or when the panels are too long for the Gauss rule),
 * grid modes by their discrete stream functions. */
static void exact_body_feedback(const eddy_coupling *c, int b, struct eddy_box_feedback *box,
                                double *out)
{
    const eddy_panel_world_body *pb = &c->panels->bodies[b];
    int first = pb->first, count = pb->shape->count, eigen = c->asset->eigen_count;
    /* both box variants write out[0, eigen); the grid modes add to the rest */
    memset(out + eigen, 0, (size_t)(c->r - eigen) * sizeof(double));
    if (c->paper_pipeline || !box ||
        !eddyi_box_feedback_apply_range(box, c->panels, first, count, out))
        eddyi_panel_feedback_box_range(c->panels, first, count, c->asset->modes, eigen, out);
    eddyi_stream_feedback_grid_modes_range(&c->stream, c->panels, first, count, out);
}

/* Every body's strengths, and those of its wall images, scaled by its
 * feedback amplitude (zero for static bodies); false when all are zero. */
static bool scaled_strengths(const eddy_coupling *c, double *out)
{
    const eddy_panel_world *w = c->panels;
    memset(out, 0, (size_t)w->source_count * sizeof(double));
    bool any = false;
    for (int b = 0; b < c->body_count; ++b) {
        double a = c->info[b].fold;
        if (a == 0.0) continue;
        any = true;
        const eddy_panel_world_body *pb = &w->bodies[b];
        int n = pb->shape->count;
        for (int i = 0; i < n; ++i) out[pb->first + i] = a * w->strength[pb->first + i];
        for (int k = 0; k < pb->image_count; ++k) /* each image copy is n sources */
            for (int i = 0; i < n; ++i) out[pb->image_first[k] + i] = a * w->strength[pb->image_first[k] + i];
    }
    return any;
}

/* Feedback (5.3.4) with momentum books: r += the projection of each moving
 * body's panel field times its amplitude (coupling_forces.c), so the water
 * takes up exactly the impulse the drag took from the body. The paper folds
 * every body's whole field in each step, which hands the water the body's
 * whole hydrodynamic impulse sixty times a second: a static body then leaves
 * a stagnant hole in the flow, and a moving one drags along a slug of water
 * that no force paid for. Static bodies fold nothing: their panels, re-solved
 * every step against the current flow, route it around them as u_p.
 *
 * Each body also keeps what it folded in lately (its own wake, exactly, in
 * c->self), so that the flow it meets next step leaves its own wake out
 * (coupling_forces.c). With the exact variant the fold is the sum of those
 * per-body vectors; the grid variants project the scaled strengths of all
 * bodies on the grid as the chapter does. */
#define REACTION_MAX 1e-2

void eddyi_coupling_apply_feedback(eddy_coupling *c)
{
    if (c->reacted) { /* the water's share of the other forces (coupling_forces.c) */
        eddy_fluid_desc fd;
        eddy_fluid_get_desc(c->fluid, &fd);
        const double *r = eddy_fluid_coefficients(c->fluid);
        double rr = 0.0, rd = 0.0, dd = 0.0;
        for (int k = 0; k < c->r; ++k)
            rr += r[k] * r[k], rd += r[k] * c->reaction[k], dd += c->reaction[k] * c->reaction[k];
        /* and the work of carrying their disturbances, on the whole ambient
         * flow: r + dr scaled by s so that rho |.|^2 / 2 gains exactly it */
        double after = rr + 2.0 * rd + dd, want = after + 2.0 * c->reaction_energy / fd.density;
        double s = after > 0.0 && want > 0.0 ? sqrt(want / after) : 1.0;
        /* HOSTILE INPUT: a body at 1e6 m/s would hand the water energies
         * that overflow; a step never changes the water's by more than
         * REACTION_MAX of it (ordinary steps: about 1e-5) */
        double change = fabs(s * s * after - rr), bound = REACTION_MAX * rr;
        double cut = change > bound && change > 0.0 ? bound / change : 1.0;
        for (int k = 0; k < c->r; ++k) c->reaction[k] = cut * ((s - 1.0) * r[k] + s * c->reaction[k]);
        eddy_fluid_add_reduced(c->fluid, c->reaction, c->r);
        c->reacted = false;
    }
    c->timings.quadtree_nodes = 0;
    bool exact = c->desc.feedback == EDDY_FEEDBACK_EXACT, any = false;
    if (exact && eddyi_tasks_workers(&c->tasks) > 1) { /* on the game's workers (coupling_tasks.c) */
        if (eddyi_coupling_feedback_on_workers(c)) eddy_fluid_add_reduced(c->fluid, c->reduced, c->r);
        return;
    }
    if (exact) memset(c->reduced, 0, (size_t)c->r * sizeof(double));
    for (int b = 0; b < c->body_count; ++b) {
        const eddy_coupled_body *info = &c->info[b];
        double *self = c->self + (size_t)b * (size_t)c->r;
        const double fade = info->wake_fade, fold = info->fold;
        if (fold == 0.0 || c->desc.feedback == EDDY_FEEDBACK_OFF) {
            for (int k = 0; k < c->r; ++k) self[k] *= fade;
            continue;
        }
        exact_body_feedback(c, b, c->box_feedback, c->body_fold);
        const double *f = c->body_fold;
        /* the wake fades, then takes this step's fold in (one pass) */
        if (exact)
            for (int k = 0; k < c->r; ++k) {
                double add = fold * f[k];
                self[k] = self[k] * fade + add;
                c->reduced[k] += add;
            }
        else
            for (int k = 0; k < c->r; ++k) self[k] = self[k] * fade + fold * f[k];
        any = true;
    }
    if (!any) return;
    if (!exact) {
        eddy_panel_world *w = c->panels;
        scaled_strengths(c, c->masked_strength);
        double *keep = w->strength;
        w->strength = c->masked_strength;
        raw_feedback(c, c->reduced);
        w->strength = keep;
    }
    eddy_fluid_add_reduced(c->fluid, c->reduced, c->r);
}

/* Exact feedback of a range of bodies on one worker: each body's fold goes
 * to its own row of fold_all (the amount added to the water), its wake to
 * its own row of self; nothing shared is written. */
static void feedback_task(int start, int end, int worker, void *context)
{
    const eddy_coupling *c = context;
    struct eddy_box_feedback *box = worker == 0 ? c->box_feedback : c->worker_box[worker];
    for (int b = start; b < end; ++b) {
        const eddy_coupled_body *info = &c->info[b];
        double *self = c->self + (size_t)b * (size_t)c->r;
        double *add = c->fold_all + (size_t)b * (size_t)c->r;
        const double fade = info->wake_fade, fold = info->fold;
        if (fold == 0.0) {
            for (int k = 0; k < c->r; ++k) self[k] *= fade;
            continue;
        }
        exact_body_feedback(c, b, box, add);
        for (int k = 0; k < c->r; ++k) { /* as the serial loop: the same products */
            double a = fold * add[k];
            self[k] = self[k] * fade + a;
            add[k] = a;
        }
    }
}

bool eddyi_coupling_feedback_on_workers(eddy_coupling *c)
{
    memset(c->reduced, 0, (size_t)c->r * sizeof(double));
    eddyi_tasks_run(&c->tasks, c->body_count, 4, feedback_task, c);
    bool any = false;
    for (int b = 0; b < c->body_count; ++b) { /* summed in body order, as the serial loop */
        if (c->info[b].fold == 0.0) continue;
        const double *add = c->fold_all + (size_t)b * (size_t)c->r;
        for (int k = 0; k < c->r; ++k) c->reduced[k] += add[k];
        any = true;
    }
    return any;
}
