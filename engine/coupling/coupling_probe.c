// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_probe.c - the velocity probes read near a body (tracers, dye,
 * eddy_coupling_velocity): the step's panels, corrected within two panel
 * lengths of each body by its finer probe outline (panel_probe.c says why).
 * Outside the step: nothing here runs in eddy_coupling_step, and nothing
 * allocates after the body was added. */
#include "coupling_internal.h"
#include "asset_shapes.h"
#include "surface.h"
#include "panel_lid.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The probe outline of these pieces, built at spacing / EDDY_PROBE_REFINE and
 * cached (one per distinct shape); *out NULL when it would need more than
 * EDDY_PROBE_MAX_PANELS panels (the body's own panels are then short enough
 * against it that probes read them as they are). */
eddy_result eddyi_coupling_probe_shape(eddy_coupling *c, const eddy_piece *pieces, int count,
                                      const eddy_panel_shape *coarse,
                                      const eddy_panel_shape **out, eddy_error *err)
{
    *out = NULL;
    if (coarse->count * EDDY_PROBE_REFINE > EDDY_PROBE_MAX_PANELS) return EDDY_OK;
    double spacing = c->desc.panel_spacing / EDDY_PROBE_REFINE;
    for (int s = 0; s < c->probe_count; ++s) {
        const eddy_shape_entry *e = &c->probe_cache[s];
        if (eddyi_shape_entry_matches(e, pieces, count, spacing)) {
            *out = &e->shape;
            return EDDY_OK;
        }
    }
    if (!c->probe_cache) {
        size_t slots = (size_t)c->desc.max_bodies;
        c->probe_cache = eddy_calloc(slots, sizeof *c->probe_cache);
        c->probe_gamma = eddy_calloc(slots * EDDY_PROBE_MAX_PANELS, sizeof *c->probe_gamma);
        c->probe_solved = eddy_calloc(slots, sizeof *c->probe_solved);
        c->probe_xy = eddy_calloc(slots * 4 * EDDY_PROBE_MAX_PANELS, sizeof *c->probe_xy);
        c->probe_skip = eddy_calloc(slots * 2 * EDDY_PROBE_MAX_PANELS, sizeof *c->probe_skip);
        if (!c->probe_cache || !c->probe_gamma || !c->probe_solved || !c->probe_xy ||
            !c->probe_skip) {
            eddyi_coupling_probe_free(c);
            return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory caching a shape");
        }
    }
    if (c->probe_count == c->desc.max_bodies) return EDDY_OK; /* full: probes read the panels */
    eddy_shape_entry *e = &c->probe_cache[c->probe_count];
    char name[32];
    snprintf(name, sizeof name, "probe shape %d", c->probe_count);
    eddy_result res = eddyi_shape_entry_build(e, pieces, count, spacing, name, err);
    if (res != EDDY_OK) return res == EDDY_ERR_MEMORY ? res : EDDY_OK; /* probes read the panels */
    if (e->shape.count > EDDY_PROBE_MAX_PANELS) {
        eddyi_panel_shape_free(&e->shape);
        eddy_free(e->pieces);
        e->pieces = NULL;
        return EDDY_OK;
    }
    ++c->probe_count;
    *out = &e->shape;
    return EDDY_OK;
}

void eddyi_coupling_probe_free(eddy_coupling *c)
{
    for (int s = 0; s < c->probe_count; ++s) {
        eddyi_panel_shape_free(&c->probe_cache[s].shape);
        eddy_free(c->probe_cache[s].pieces);
    }
    eddy_free(c->probe_cache);
    eddy_free(c->probe_gamma);
    eddy_free(c->probe_solved);
    eddy_free(c->probe_xy);
    eddy_free(c->probe_skip);
    c->probe_xy = NULL;
    c->probe_skip = NULL;
    c->probe_cache = NULL;
    c->probe_gamma = NULL;
    c->probe_solved = NULL;
    c->probe_count = 0;
}

/* Whether every panel of the body is in the water. The step scales a panel
 * crossing the surface, or one of a body out of the water, by its wet share
 * (panel.h, wet); the probe outline has no such weights, so such a body's
 * probes read the step's masked panels as they are. */
static bool all_panels_wet(const eddy_panel_world *w, int body)
{
    if (!w->masked) return true;
    const eddy_panel_world_body *pb = &w->bodies[body];
    for (int j = pb->first; j < pb->first + pb->shape->count; ++j)
        if (w->wet[j] != 1.0) return false;
    return true;
}

/* Whether body `body` reads its fine outline at all. */
static const eddy_panel_shape *fine_outline(const eddy_coupling *c, int body)
{
    const eddy_panel_shape *fine = c->info[body].probe;
    return fine && all_panels_wet(c->panels, body) ? fine : NULL;
}

/* uv[2n] -= the velocity of body b's lid image copy at the n points xy (as
 * the sources' treecode sums it near by): its fine outline is solved with its
 * own image (panel_lid.h), which the probes then read in its place. */
static void less_own_image(const eddy_panel_world *w, int b, int copy, int n, const double *xy,
                           double *uv)
{
    const eddy_panel_world_body *pb = &w->bodies[b];
    int lo = pb->image_first[copy], hi = lo + pb->shape->count;
    for (int i = 0; i < n; ++i)
        for (int s = lo; s < hi; ++s) {
            if (w->strength[s] == 0.0) continue;
            const double *e = &w->src[4 * s];
            double q[2];
            eddyi_panel_velocity_near(e[0], e[1], e[2], e[3], w->strength[s], xy[2 * i],
                                     xy[2 * i + 1], q);
            uv[2 * i] -= q[0], uv[2 * i + 1] -= q[1];
        }
}

/* Every body's fine strengths against the step's flow and panels, solved
 * together once a step (probe_epoch) however many probes read them: the
 * game samples thousands of tracer and dye points a frame near its bodies.
 * The flow at all fine midpoints is one pass of the reduced flow and one of
 * the panels' treecode (coupling.c), each body's own real panels left out:
 * its fine sheet replaces them. The cache is the
 * coupling's own scratch, so the probes too belong to its thread. */
static void solve_fine_outlines(const eddy_coupling *c)
{
    const eddy_panel_world *w = c->panels;
    double *xy = c->probe_xy, *uv = xy + 2 * (size_t)c->desc.max_bodies * EDDY_PROBE_MAX_PANELS;
    int n = 0;
    for (int body = 0; body < c->body_count; ++body) {
        const eddy_panel_shape *fine = fine_outline(c, body);
        if (!fine) continue;
        eddyi_panel_probe_midpoints(w, body, fine, xy + 2 * n);
        const eddy_panel_world_body *pb = &w->bodies[body];
        for (int j = n; j < n + fine->count; ++j) /* its fine sheet replaces its own panels */
            c->probe_skip[2 * j] = pb->first, c->probe_skip[2 * j + 1] = pb->first + pb->shape->count;
        n += fine->count;
    }
    eddyi_fluid_velocity_many_of(c->fluid, c->pre_feedback, n, xy, uv);
    eddyi_wet_mirror_samples(c, c->pre_feedback, n, xy, uv); /* above a lid (surface.h) */
    eddyi_coupling_sources_velocity(c, n, xy, c->probe_skip, uv);
    n = 0;
    for (int body = 0; body < c->body_count; ++body) { /* a lid image its fine solve holds */
        const eddy_panel_shape *fine = fine_outline(c, body);
        if (!fine) continue;
        int own = eddyi_panel_lid_own_copy(w, body);
        if (own >= 0) less_own_image(w, body, own, fine->count, xy + 2 * n, uv + 2 * n);
        n += fine->count;
    }
    n = 0;
    for (int body = 0; body < c->body_count; ++body) {
        const eddy_panel_shape *fine = fine_outline(c, body);
        if (!fine) continue;
        double b[EDDY_PROBE_MAX_PANELS];
        eddyi_panel_probe_strengths(w, body, fine, uv + 2 * n, b,
                                   c->probe_gamma + (size_t)body * EDDY_PROBE_MAX_PANELS);
        c->probe_solved[body] = c->probe_epoch;
        n += fine->count;
    }
}

static const double *fine_strengths(const eddy_coupling *c, int body)
{
    if (c->probe_solved[body] != c->probe_epoch) solve_fine_outlines(c);
    return c->probe_gamma + (size_t)body * EDDY_PROBE_MAX_PANELS;
}

/* uv[2n] += what the probe outline of every body near a point changes there
 * (xy in world coordinates). */
void eddyi_coupling_probe_correct(const eddy_coupling *c, int n, const double *xy, double *uv)
{
    const eddy_panel_world *w = c->panels;
    if (c->body_count == 0 || !w->placed) return;
    const double ox = c->desc.origin[0], oy = c->desc.origin[1];
    for (int body = 0; body < c->body_count; ++body) {
        const eddy_panel_shape *fine = fine_outline(c, body);
        if (!fine) continue;
        const double *gamma = NULL;
        for (int i = 0; i < n; ++i) {
            double x = xy[2 * i] - ox, y = xy[2 * i + 1] - oy;
            double weight = eddyi_panel_probe_weight(w, body, x, y);
            if (weight == 0.0) continue;
            if (!gamma) gamma = fine_strengths(c, body);
            double d[2];
            eddyi_panel_probe_difference(w, body, fine, gamma, x, y, d);
            uv[2 * i] += weight * d[0];
            uv[2 * i + 1] += weight * d[1];
        }
    }
}

void eddyi_coupling_sources_velocity(const eddy_coupling *c, int n, const double *xy,
                                    const int *skip, double *uv)
{
    const eddy_panel_world *w = c->panels;
    eddyi_panel_sources_velocity(w, 0, w->source_count, true, skip, 0.0, 0.0, n, xy, uv);
}
