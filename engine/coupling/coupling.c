// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling.c - the coupled step of chapter 5.3: fluid, panels, forces,
 * feedback (eddy_coupling_advance), then rigid bodies (eddy_coupling_step),
 * in that order (docs/design.md, "The pipeline"). The pieces live in their own files: panels
 * in panel_*.c, forces in coupling_forces.c, grid feedback in
 * feedback_grid.c, the exact feedback in panel_feedback_exact.c, the tank's
 * walls in tank_walls.c, the outline cache in coupling_shapes.c, the
 * velocity treecode in panel_treecode.c, the lifetime checks below in
 * coupling_lifetimes.c.
 *
 * Lifetimes: the coupling is its world's watcher (body_watch.h), so a second
 * coupling on the world is refused, a coupled body being destroyed is
 * forgotten first, a shape added to one is refused, and a world destroyed
 * under the coupling is let go. It holds its fluid, so a second coupling on
 * the fluid is refused. What the game does in Box2D behind eddy's back is
 * found at the start of every advance, before anything is read (LIFETIMES AND
 * MISUSE in eddy_coupling.h): a body or world it destroyed, a world stepped
 * other than once by the advance's dt, a mass, gravity scale or sleep flag
 * it set on a coupled body. */
#include "coupling_internal.h"
#include "asset_shapes.h"
#include "body_pieces.h"
#include "body_watch.h"
#include "panel_fast.h"
#include "surface.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_BODIES 64
#define DEFAULT_MAX_PANELS 8192
#define DEFAULT_PANELS_PER_BODY 32 /* the default grows past 8192 with max_bodies */
#define DEFAULT_QUADTREE_THRESHOLD 1e-3
#define DEFAULT_SCHWARZ_TOL 1e-4
#define DEFAULT_SCHWARZ_ITERATIONS 50
#define DEFAULT_BODY_SUBSTEPS 4
/* desc.size against the asset's domain, relative: round-off in a level file's
 * numbers, not another tank */
#define TANK_TOLERANCE 1e-9

const char *eddy_feedback_name(eddy_feedback_mode mode)
{
    switch (mode) {
    case EDDY_FEEDBACK_DEFAULT:
    case EDDY_FEEDBACK_EXACT: return "exact";
    case EDDY_FEEDBACK_QUADTREE: return "quadtree";
    case EDDY_FEEDBACK_NAIVE: return "naive";
    case EDDY_FEEDBACK_OFF: return "off";
    }
    return "unknown";
}

static eddy_result resolve_desc(const eddy_asset *a, eddy_coupling_desc *d, eddy_error *err)
{
    if (d->max_bodies == 0) d->max_bodies = DEFAULT_MAX_BODIES;
    if (d->max_panels == 0)
        d->max_panels = d->max_bodies > 0 && d->max_bodies <= (1 << 24) / DEFAULT_PANELS_PER_BODY &&
                                DEFAULT_PANELS_PER_BODY * d->max_bodies > DEFAULT_MAX_PANELS
                            ? DEFAULT_PANELS_PER_BODY * d->max_bodies
                            : DEFAULT_MAX_PANELS;
    if (d->feedback == EDDY_FEEDBACK_DEFAULT) d->feedback = EDDY_FEEDBACK_EXACT;
    if (d->quadtree_threshold == 0) d->quadtree_threshold = DEFAULT_QUADTREE_THRESHOLD;
    if (d->schwarz_tolerance == 0) d->schwarz_tolerance = DEFAULT_SCHWARZ_TOL;
    if (d->farfield_tolerance == 0) d->farfield_tolerance = d->schwarz_tolerance;
    if (d->schwarz_max_iterations == 0) d->schwarz_max_iterations = DEFAULT_SCHWARZ_ITERATIONS;
    if (d->body_substeps == 0) d->body_substeps = DEFAULT_BODY_SUBSTEPS;
    if (d->panel_spacing == 0) d->panel_spacing = fmin(a->width / a->nx, a->height / a->ny);
    if (d->max_bodies < 1 || d->max_panels < 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: capacities must be positive");
    if (d->feedback < EDDY_FEEDBACK_EXACT || d->feedback > EDDY_FEEDBACK_OFF)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: unknown feedback mode %d", d->feedback);
    if (!(d->quadtree_threshold > 0) || !(d->schwarz_tolerance > 0) ||
        !(d->farfield_tolerance > 0) || !isfinite(d->farfield_tolerance) ||
        !(d->panel_spacing > 0) || !isfinite(d->panel_spacing))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "coupling: threshold, tolerance and panel spacing must be positive");
    if (d->schwarz_max_iterations < 0 || d->body_substeps < 1 || d->body_substeps > 64)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "coupling: iterations >= 0 and body substeps in 1..64 required");
    if (!isfinite(d->origin[0]) || !isfinite(d->origin[1]) || fabs(d->origin[0]) > 1e9 ||
        fabs(d->origin[1]) > 1e9)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: origin must be finite (got %g, %g)",
                         d->origin[0], d->origin[1]);
    return EDDY_OK;
}

/* The tank the game says it built (desc.size) is the asset's domain. */
static eddy_result check_tank(const eddy_asset *a, const eddy_coupling_desc *d, eddy_error *err)
{
    const double *size = d->size;
    if (size[0] == 0.0 && size[1] == 0.0) return EDDY_OK; /* the asset's, whatever it is */
    if (!(size[0] > 0.0) || !(size[1] > 0.0) || !isfinite(size[0]) || !isfinite(size[1]))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: size must be positive and finite "
                         "(got %g x %g)", size[0], size[1]);
    /* a tank filled to a depth: the tank's top, not the water's (eddy_surface.h) */
    if (fabs(size[0] - a->width) > TANK_TOLERANCE * a->width ||
        fabs(size[1] - a->tank_height) > TANK_TOLERANCE * a->tank_height)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the asset is for a %g x %g m domain, "
                         "the tank (desc.size) is %g x %g m: build the asset for this tank",
                         a->width, a->tank_height, size[0], size[1]);
    return EDDY_OK;
}

static eddy_result make_panel_world(eddy_coupling *c, eddy_error *err)
{
    eddy_panel_world_desc pd = {0};
    pd.width = c->asset->width;
    pd.height = c->asset->height;
    pd.max_bodies = c->desc.max_bodies;
    pd.max_panels = c->desc.max_panels;
    pd.no_images = c->desc.no_wall_images;
    pd.tolerance = c->desc.schwarz_tolerance;
    pd.max_iterations = c->desc.schwarz_max_iterations;
    pd.fast = !c->paper_pipeline;
    pd.farfield_tolerance = c->desc.farfield_tolerance;
    pd.walls = c->asset->wall_panels; /* interior walls' source panels (issue 14) */
    pd.surface_lid = c->asset->surface != NULL; /* a tank filled to a depth (surface.h) */
    pd.tasks = eddyi_coupling_tasks(c); /* the game's workers (coupling_tasks.c) */
    return eddyi_panel_world_create(&pd, &c->panels, err);
}

eddy_result eddy_coupling_create(eddy_fluid *fluid, eddy_world *world,
                                 const eddy_coupling_desc *desc, eddy_coupling **out,
                                 eddy_error *err)
{
    if (!fluid || !world || !out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: fluid, world and out are required");
    *out = NULL;
    eddy_coupling *c = eddy_calloc(1, sizeof *c);
    if (!c) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory creating a coupling");
    c->probe_epoch = 1; /* no body's fine strengths are solved yet (stamps 0) */
    c->fluid = fluid;
    c->world = world;
    c->asset = eddy_fluid_asset(fluid);
    c->desc = desc ? *desc : (eddy_coupling_desc){0};
    c->r = eddy_fluid_mode_count(fluid);
    eddy_result res = resolve_desc(c->asset, &c->desc, err);
    if (res == EDDY_OK) res = check_tank(c->asset, &c->desc, err);
    if (res == EDDY_OK) {
        c->holds_fluid = eddyi_fluid_hold(fluid, c);
        if (!c->holds_fluid)
            res = eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the fluid already has a coupling, "
                            "which steps it (one per fluid: destroy that one first)");
    }
    if (res == EDDY_OK) res = eddyi_coupling_watch_world(c, err);
    if (res != EDDY_OK) c->world = NULL; /* not ours to let go of */
    if (res == EDDY_OK) res = make_panel_world(c, err);
    if (res == EDDY_OK) {
        c->bodies = eddy_calloc((size_t)c->desc.max_bodies, sizeof *c->bodies);
        c->shapes = eddy_calloc((size_t)c->desc.max_bodies, sizeof *c->shapes);
        c->reduced = eddy_calloc((size_t)c->r, sizeof *c->reduced);
        c->pre_feedback = eddy_calloc((size_t)c->r, sizeof *c->pre_feedback);
        c->coef_scratch = eddy_calloc((size_t)c->r, sizeof *c->coef_scratch);
        c->masked_strength = eddy_calloc((size_t)c->panels->max_sources, sizeof *c->masked_strength);
        c->info = eddy_calloc((size_t)c->desc.max_bodies, sizeof *c->info);
        c->coef_start = eddy_calloc((size_t)c->r, sizeof *c->coef_start);
        c->coef_rate = eddy_calloc((size_t)c->r, sizeof *c->coef_rate);
        size_t samples = 2 * EDDY_COUPLING_SAMPLES_PER_BODY * (size_t)c->desc.max_bodies;
        c->sample_xy = eddy_calloc(samples, sizeof *c->sample_xy);
        c->self = eddy_calloc((size_t)c->desc.max_bodies * (size_t)c->r, sizeof *c->self);
        c->body_fold = eddy_calloc((size_t)c->r, sizeof *c->body_fold);
        c->reaction = eddy_calloc((size_t)c->r, sizeof *c->reaction);
        c->wet = eddy_calloc((size_t)c->desc.max_bodies, sizeof *c->wet);
        c->splashes = eddy_calloc(2 * (size_t)c->desc.max_bodies, sizeof *c->splashes);
        c->lost = eddy_calloc((size_t)c->desc.max_bodies, sizeof *c->lost);
        if (!c->bodies || !c->shapes || !c->reduced || !c->pre_feedback || !c->coef_scratch ||
            !c->masked_strength || !c->info || !c->coef_start || !c->coef_rate || !c->sample_xy ||
            !c->self || !eddyi_coupling_forces_alloc(c) || !c->body_fold || !c->reaction || !c->wet ||
            !c->splashes || !c->lost)
            res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory creating a coupling");
    }
    if (res == EDDY_OK) res = eddyi_surface_create(c, err); /* a tank filled to a depth */
    if (res == EDDY_OK) res = eddyi_stream_feedback_init(&c->stream, c->asset, err);
    if (res == EDDY_OK)
        res = eddyi_box_feedback_create(c->asset->modes, c->asset->eigen_count, c->asset->width,
                                       c->asset->height, &c->box_feedback, err);
    if (res == EDDY_OK) res = eddy_coupling_set_feedback(c, c->desc.feedback);
    if (res == EDDY_OK) res = eddyi_coupling_tasks_init(c, err); /* coupling_tasks.c */
    if (res != EDDY_OK) {
        if (res == EDDY_ERR_MEMORY) eddy_fail(err, res, "out of memory creating a coupling");
        eddy_coupling_destroy(c);
        return res;
    }
    memcpy(c->pre_feedback, eddy_fluid_coefficients(fluid), (size_t)c->r * sizeof(double));
    *out = c;
    return EDDY_OK;
}

void eddy_coupling_destroy(eddy_coupling *c)
{
    if (!c) return;
    if (c->world) { /* else eddy_world_destroy has already let it go */
        for (int b = 0; b < c->body_count; ++b) eddyi_coupling_release_body(c, b);
        eddyi_port_unwatch_world(c->world);
    }
    if (c->holds_fluid) eddyi_fluid_release(c->fluid, c);
    eddyi_panel_world_destroy(c->panels);
    eddyi_coupling_shape_cache_free(c);
    eddyi_coupling_probe_free(c);
    eddy_free(c->bodies), eddy_free(c->shapes), eddy_free(c->reduced), eddy_free(c->pre_feedback);
    eddy_free(c->coef_scratch), eddy_free(c->masked_strength);
    eddy_free(c->info), eddy_free(c->coef_start), eddy_free(c->coef_rate), eddy_free(c->sample_xy);
    eddy_free(c->self), eddy_free(c->force_items), eddy_free(c->body_fold);
    eddy_free(c->reaction);
    eddy_free(c->wet), eddy_free(c->splashes), eddy_free(c->lost);
    eddyi_surface_destroy(c->surface);
    eddyi_grid_feedback_free(&c->grid);
    eddyi_box_feedback_destroy(c->box_feedback);
    eddyi_coupling_tasks_free(c);
    eddyi_stream_feedback_free(&c->stream);
    eddy_free(c);
}

/* ------------------------------------------------------------ bodies */

/* The body's origin in the fluid's coordinates. */
static void fluid_position(const eddy_coupling *c, const eddy_body *body, eddy_pose *p)
{
    eddy_body_get_pose(body, p);
    p->x -= c->desc.origin[0], p->y -= c->desc.origin[1];
}

static bool body_inside_domain(const eddy_coupling *c, const eddy_body *body)
{
    eddy_pose p;
    fluid_position(c, body, &p);
    return p.x >= 0 && p.x <= c->asset->width && p.y >= 0 && p.y <= c->asset->height;
}

eddy_result eddy_coupling_add_body(eddy_coupling *c, eddy_body *body, eddy_error *err)
{
    if (!c || !body) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: NULL body");
    if (!c->world) return eddyi_coupling_world_gone(err);
    if (!eddyi_port_world_live(c->world)) return eddyi_coupling_box2d_world_gone(err);
    if (eddy_body_world(body) != c->world)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the body is in another world");
    if (!eddyi_port_body_live(body))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the body's Box2D body was destroyed "
                         "outside eddy: destroy its handle (eddy_body_destroy)");
    for (int b = 0; b < c->body_count; ++b)
        if (c->bodies[b] == body)
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: body %d is already coupled", b);
    if (c->body_count == c->desc.max_bodies)
        return eddy_fail(err, EDDY_ERR_CAPACITY, "coupling: already %d bodies (max_bodies)",
                         c->desc.max_bodies);
    /* with a surface a body may be anywhere: out of the water it is dry */
    if (!c->surface && !body_inside_domain(c, body))
        return eddy_fail(err, EDDY_ERR_RANGE, "coupling: the body's origin is outside the "
                         "%g x %g domain at (%g, %g)", c->asset->width, c->asset->height,
                         c->desc.origin[0], c->desc.origin[1]);
    eddy_piece pieces[EDDY_PANEL_MAX_PIECES];
    int count = 0;
    const eddy_panel_shape *shape = NULL;
    eddy_result res = eddyi_coupling_shape_cache_init(c, err);
    if (res == EDDY_OK) {
        eddy_error inner = {0};
        res = eddyi_body_panel_pieces(body, pieces, &count, &inner);
        if (res != EDDY_OK) eddy_fail(err, res, "coupling: %s", inner.message);
    }
    /* HOSTILE INPUT (issue 8, found by fuzz_scene_world): a body that cannot
     * fit in the level at any pose (wider than its diagonal) would cross
     * every wall, so all its wall images stay active, and its outline may
     * need thousands of panels: a 340 m box took 20 s to build and step.
     * Refuse it before building anything. */
    if (res == EDDY_OK) {
        double diagonal = hypot(c->asset->width, c->asset->tank_height);
        double diameter = eddyi_pieces_diameter(pieces, count);
        if (!(diameter <= diagonal))
            res = eddy_fail(err, EDDY_ERR_RANGE, "coupling: the body is %g m across, more than "
                            "the %g x %g domain can hold at any angle", diameter,
                            c->asset->width, c->asset->tank_height);
    }
    if (res == EDDY_OK) res = eddyi_coupling_find_shape(c, pieces, count, &shape, err);
    const eddy_panel_shape *probe = NULL;
    if (res == EDDY_OK) res = eddyi_coupling_probe_shape(c, pieces, count, shape, &probe, err);
    int index = 0;
    if (res == EDDY_OK) res = eddyi_panel_world_add_body(c->panels, shape, &index, err);
    if (res != EDDY_OK) return res;
    c->bodies[c->body_count] = body;
    c->shapes[c->body_count] = shape;
    ++c->body_count;
    res = eddyi_coupling_body_attach(c, c->body_count - 1, err);
    c->info[c->body_count - 1].probe = probe;
    eddy_coupling_probe_invalidate(c);
    if (res == EDDY_OK) {
        eddyi_coupling_hold_body(c, c->body_count - 1);
        eddyi_wet_attach(c, c->body_count - 1); /* in the water or out of it (surface.h) */
    } else {
        c->info[c->body_count - 1].sleep_enabled = eddy_body_is_sleep_enabled(body);
        eddy_error ignored;
        eddyi_coupling_remove_at(c, c->body_count - 1, false, &ignored);
    }
    return res;
}

/* Forgets body `at`, giving it back. The panel world only grows, so it is
 * rebuilt without the body; when that fails (out of memory) the body stays
 * coupled, unless forced (it is being destroyed): then it is forgotten all
 * the same and the step refuses until the coupling is rebuilt. */
eddy_result eddyi_coupling_remove_at(eddy_coupling *c, int at, bool forced, eddy_error *err)
{
    eddy_coupling_probe_invalidate(c); /* the bodies after it move down a slot */
    eddy_panel_world *old = c->panels;
    eddy_result res = make_panel_world(c, err);
    if (res != EDDY_OK) {
        c->panels = old;
        if (!forced) return res;
        c->panels_stale = true;
        old = NULL;
    }
    eddyi_coupling_release_body(c, at);
    for (int b = at; b + 1 < c->body_count; ++b) {
        c->bodies[b] = c->bodies[b + 1];
        c->shapes[b] = c->shapes[b + 1];
        c->info[b] = c->info[b + 1];
        c->wet[b] = c->wet[b + 1];
        memcpy(c->self + (size_t)b * (size_t)c->r, c->self + (size_t)(b + 1) * (size_t)c->r,
               (size_t)c->r * sizeof(double));
    }
    --c->body_count;
    if (!old) return res; /* stale: keeps the old panels until rebuilt */
    for (int b = 0; b < c->body_count && res == EDDY_OK; ++b) {
        int index;
        res = eddyi_panel_world_add_body(c->panels, c->shapes[b], &index, err);
    }
    eddyi_panel_world_destroy(old);
    return res;
}

eddy_result eddy_coupling_remove_body(eddy_coupling *c, eddy_body *body, eddy_error *err)
{
    if (!c || !body) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: NULL body");
    int at = eddyi_coupling_find_body(c, body);
    if (at < 0) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the body is not coupled");
    return eddyi_coupling_remove_at(c, at, false, err);
}

int eddy_coupling_body_count(const eddy_coupling *c) { return c ? c->body_count : 0; }

int eddy_coupling_lost_bodies(const eddy_coupling *c, const eddy_lost_body **out)
{
    if (out) *out = c && c->lost_count > 0 ? c->lost : NULL;
    return c ? c->lost_count : 0;
}

/* ------------------------------------------------------------ the step */

/* The midpoints in chunks of SAMPLE_CHUNK on the game's workers (tasks.h):
 * every point's velocity is its own (eddy_fluid_velocity_many gives each
 * point the bits eddy_fluid_velocity would), and the chunks do not depend on
 * the worker count. */
#define SAMPLE_CHUNK 64
#define SAMPLE_TASK_CHUNKS 2

typedef struct sample_job {
    const eddy_fluid *fluid;
    int n;
    const double *xy;
    double *uv;
} sample_job;

static void sample_task(int start, int end, int worker, void *context)
{
    (void)worker;
    const sample_job *job = context;
    for (int k = start; k < end; ++k) {
        int p0 = k * SAMPLE_CHUNK, m = job->n - p0 < SAMPLE_CHUNK ? job->n - p0 : SAMPLE_CHUNK;
        eddy_fluid_velocity_many(job->fluid, m, job->xy + 2 * (size_t)p0, job->uv + 2 * (size_t)p0);
    }
}

/* u_f for the panel solve: the reduced fluid at the panel midpoints. */
static void sample_reduced_fluid(void *user, int n, const double *xy, double *uv)
{
    eddy_coupling *c = user;
    eddyi_wet_mask_panels(c); /* placed: which panels are in the water (surface.h) */
    if (c->paper_pipeline) { /* point by point, as a straightforward port would */
        for (int p = 0; p < n; ++p) eddy_fluid_velocity(c->fluid, xy[2 * p], xy[2 * p + 1], uv + 2 * p);
    } else {
        sample_job job = {c->fluid, n, xy, uv};
        eddyi_tasks_run(&c->tasks, (n + SAMPLE_CHUNK - 1) / SAMPLE_CHUNK, SAMPLE_TASK_CHUNKS,
                        sample_task, &job);
    }
    eddyi_wet_panel_samples(c, n, xy, uv); /* above a lid: mirrored (surface.h) */
}

/* Pose and velocities of each body's origin into the panel world, which
 * works in the fluid's coordinates. */
static int set_panel_states(eddy_coupling *c, eddy_error *err)
{
    int outside = -1;
    for (int b = 0; b < c->body_count; ++b) {
        eddy_body *body = c->bodies[b];
        eddy_pose p;
        eddy_body_get_pose(body, &p);
        double v[2];
        eddy_body_point_velocity(body, p.x, p.y, v);
        eddy_panel_body_state s = {p.x - c->desc.origin[0], p.y - c->desc.origin[1], p.angle,
                                   v[0], v[1], eddy_body_angular_velocity(body)};
        eddyi_panel_world_set_state(c->panels, b, &s, err);
        /* a body out of a tank filled to a depth is not lost, only dry */
        if (outside < 0 && !c->surface && !body_inside_domain(c, body)) outside = b;
    }
    return outside;
}

/* The coupled step up to the rigid bodies' own: fluid, panels, forces handed
 * to the bodies, feedback. A hard failure is returned; a body that has left
 * the domain is not one (the step completes for the others): it comes back
 * in *outside (-1 for none). */
static eddy_result advance(eddy_coupling *c, double dt, int *outside, eddy_error *err)
{
    *outside = -1;
    eddy_result res = eddyi_coupling_check_step(c, dt, err);
    if (res != EDDY_OK) return res;
    if (!c->world) return eddyi_coupling_world_gone(err);
    res = eddyi_coupling_check_the_game(c, err);
    if (res != EDDY_OK) return res;
    if (c->panels_stale)
        return eddy_fail(err, EDDY_ERR_MEMORY, "coupling: out of memory taking a destroyed "
                         "body's panels out; remove and add a body to rebuild them");
    double t0 = eddyi_now_ms();
    memcpy(c->coef_start, eddy_fluid_coefficients(c->fluid), (size_t)c->r * sizeof(double));
    res = eddy_fluid_step(c->fluid, dt);
    if (res != EDDY_OK) return eddy_fail(err, res, "coupling: the fluid step failed (%s)",
                                         eddy_result_name(res));
    const double *after = eddy_fluid_coefficients(c->fluid);
    for (int k = 0; k < c->r; ++k) c->coef_rate[k] = (after[k] - c->coef_start[k]) / dt;
    eddyi_surface_step(c, dt); /* the waves: what bodies displaced, then the modes over dt */
    eddyi_wet_update(c, dt);   /* every body against the surface, enter and leave events */
    double t1 = eddyi_now_ms();
    *outside = set_panel_states(c, err);
    eddy_panel_report report = {0};
    if (c->body_count > 0) {
        res = eddyi_panel_world_solve(c->panels, sample_reduced_fluid, c, &report, err);
        if (res != EDDY_OK) return res;
    }
    double t2 = eddyi_now_ms();
    eddyi_coupling_apply_body_forces(c, dt);
    if (c->body_count > 0) { /* for one step of the world, by dt: the next advance checks */
        eddyi_port_clock_start(c->world);
        c->clock_armed = true;
        c->clock_dt = dt;
    }
    double t3 = eddyi_now_ms();
    memcpy(c->pre_feedback, eddy_fluid_coefficients(c->fluid), (size_t)c->r * sizeof(double));
    eddy_coupling_probe_invalidate(c); /* new panels, new flow */
    if (c->body_count > 0) eddyi_coupling_apply_feedback(c);
    double t4 = eddyi_now_ms();
    eddy_fluid_get_timings(c->fluid, &c->timings.fluid);
    c->timings.panels_ms = t2 - t1;
    c->timings.forces_ms = t3 - t2;
    c->timings.feedback_ms = t4 - t3;
    c->timings.bodies_ms = 0.0;
    c->timings.total_ms = t4 - t0;
    c->timings.schwarz_iterations = report.iterations;
    c->timings.schwarz_converged = report.converged;
    c->timings.schwarz_capped = report.capped;
    c->timings.far_passes = report.far_passes;
    c->timings.panel_count = c->panels->panel_count;
    c->timings.image_panels = report.image_panels;
    return EDDY_OK;
}

static eddy_result left_domain(eddy_error *err, int body)
{
    return eddy_fail(err, EDDY_ERR_RANGE, "coupling: body %d has left the domain", body);
}

eddy_result eddy_coupling_advance(eddy_coupling *c, double dt, eddy_error *err)
{
    int outside;
    eddy_result res = advance(c, dt, &outside, err);
    eddyi_coupling_let_states_go(c);
    if (res != EDDY_OK) return res;
    return outside >= 0 ? left_domain(err, outside) : EDDY_OK;
}

eddy_result eddy_coupling_step(eddy_coupling *c, double dt, eddy_error *err)
{
    if (c && c->world && eddy_world_is_adopted(c->world))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the world is the game's own Box2D "
                         "world (adopted): call eddy_coupling_advance, then step the world");
    int outside;
    eddyi_wet_will_close(c); /* surface.h: THE HYDROSTATIC KICKS */
    eddy_result res = advance(c, dt, &outside, err);
    eddyi_coupling_let_states_go(c);
    if (res != EDDY_OK) return res;
    double t4 = eddyi_now_ms();
    res = eddy_world_step(c->world, dt, c->desc.body_substeps, err);
    if (res == EDDY_OK) eddyi_wet_close(c, dt); /* the hydrostatic kicks' closing half (surface.h) */
    double t5 = eddyi_now_ms();
    c->timings.bodies_ms = t5 - t4;
    c->timings.total_ms += t5 - t4;
    if (res != EDDY_OK) return res;
    return outside >= 0 ? left_domain(err, outside) : EDDY_OK;
}

eddy_result eddy_coupling_set_feedback(eddy_coupling *c, eddy_feedback_mode mode)
{
    if (!c) return EDDY_ERR_ARGUMENT;
    if (mode == EDDY_FEEDBACK_DEFAULT) mode = EDDY_FEEDBACK_EXACT;
    if (mode < EDDY_FEEDBACK_EXACT || mode > EDDY_FEEDBACK_OFF) return EDDY_ERR_ARGUMENT;
    if (mode == EDDY_FEEDBACK_NAIVE || mode == EDDY_FEEDBACK_QUADTREE) {
        eddy_result res = eddyi_grid_feedback_init(&c->grid, c, NULL);
        if (res != EDDY_OK) return res;
    }
    c->desc.feedback = mode;
    return EDDY_OK;
}

eddy_result eddyi_coupling_set_paper_pipeline(eddy_coupling *c, bool on, eddy_error *err)
{
    if (!c) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: NULL coupling");
    eddy_result res = eddyi_panel_world_set_fast(c->panels, !on, err);
    if (res == EDDY_OK) c->paper_pipeline = on;
    return res;
}

eddy_feedback_mode eddy_coupling_feedback(const eddy_coupling *c)
{
    return c ? c->desc.feedback : EDDY_FEEDBACK_DEFAULT;
}

void eddy_coupling_set_buoyancy(eddy_coupling *c, bool on)
{
    if (c) c->desc.no_buoyancy = !on;
}

/* ------------------------------------------------------------ queries */

/* A tank filled to a depth: the waves' velocity in the water, nothing in the
 * air above the lid. */
static void surface_velocity(const eddy_coupling *c, double x, double y, double out[2])
{
    if (!c->surface) return;
    if (y > c->asset->height) {
        out[0] = out[1] = 0.0;
        return;
    }
    eddyi_surface_wave_velocity(c->surface, x, y, out);
}

void eddy_coupling_velocity(const eddy_coupling *c, double x, double y, double out[2])
{
    if (!out) return;
    if (!c) {
        out[0] = out[1] = 0.0;
        return;
    }
    x -= c->desc.origin[0], y -= c->desc.origin[1]; /* world -> fluid */
    eddyi_fluid_velocity_of(c->fluid, c->pre_feedback, x, y, out);
    if (c->body_count == 0 || !c->panels->placed) {
        surface_velocity(c, x, y, out);
        return;
    }
    double up[2];
    eddyi_panel_world_velocity(c->panels, x, y, up);
    out[0] += up[0];
    out[1] += up[1];
    double xy[2] = {x + c->desc.origin[0], y + c->desc.origin[1]};
    eddyi_coupling_probe_correct(c, 1, xy, out);
    surface_velocity(c, x, y, out);
}

static void panels_velocity_many(const eddy_coupling *c, int n, const double *xy, double *uv);

void eddy_coupling_velocity_many(const eddy_coupling *c, int n, const double *xy, double *uv)
{
    if (!uv || n <= 0) return;
    if (!c || !xy) {
        memset(uv, 0, 2 * (size_t)n * sizeof *uv);
        return;
    }
    const double ox = c->desc.origin[0], oy = c->desc.origin[1]; /* world -> fluid */
    for (int i = 0; i < n; ++i)
        eddyi_fluid_velocity_of(c->fluid, c->pre_feedback, xy[2 * i] - ox, xy[2 * i + 1] - oy,
                               uv + 2 * i);
    panels_velocity_many(c, n, xy, uv);
    for (int i = 0; c->surface && i < n; ++i)
        surface_velocity(c, xy[2 * i] - ox, xy[2 * i + 1] - oy, uv + 2 * i);
}

/* u_p at the points, added to uv. */
static void panels_velocity_many(const eddy_coupling *c, int n, const double *xy, double *uv)
{
    const eddy_panel_world *w = c->panels;
    if (c->body_count == 0 || !w->placed || w->source_count == 0) return;
    eddyi_panel_sources_velocity(w, 0, w->source_count, false, NULL, c->desc.origin[0], c->desc.origin[1], n,
                     xy, uv);
    eddyi_coupling_probe_correct(c, n, xy, uv);
}

double eddy_coupling_kinetic_energy(const eddy_coupling *c)
{
    if (!c) return 0.0;
    double e = eddy_fluid_kinetic_energy(c->fluid);
    for (int b = 0; b < c->body_count; ++b) e += eddyi_coupling_body_energy(c, b);
    return e;
}

double eddy_coupling_dissipated_energy(const eddy_coupling *c) { return c ? c->dissipated : 0.0; }

int eddyi_coupling_find_body(const eddy_coupling *c, const eddy_body *body)
{
    for (int b = 0; c && body && b < c->body_count; ++b)
        if (c->bodies[b] == body) return b;
    return -1;
}

eddy_result eddy_coupling_set_drag(eddy_coupling *c, eddy_body *body, double drag_coefficient,
                                   eddy_error *err)
{
    int b = eddyi_coupling_find_body(c, body);
    if (b < 0) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the body is not coupled");
    if (!isfinite(drag_coefficient) || drag_coefficient < 0.0 || drag_coefficient > 100.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "coupling: drag coefficient must be in 0..100 (got %g)", drag_coefficient);
    c->info[b].drag = drag_coefficient;
    c->info[b].drag_set = true;
    return EDDY_OK;
}

double eddy_coupling_drag(const eddy_coupling *c, const eddy_body *body)
{
    int b = eddyi_coupling_find_body(c, body);
    return b < 0 ? 0.0 : c->info[b].drag;
}

eddy_result eddy_coupling_body_added_mass(const eddy_coupling *c, const eddy_body *body,
                                          double out[9])
{
    int b = eddyi_coupling_find_body(c, body);
    if (b < 0 || !out) return EDDY_ERR_ARGUMENT;
    memcpy(out, c->info[b].added, 9 * sizeof(double));
    return EDDY_OK;
}

eddy_result eddy_coupling_body_load(const eddy_coupling *c, const eddy_body *body, double out[3])
{
    int b = eddyi_coupling_find_body(c, body);
    if (b < 0 || !out) return EDDY_ERR_ARGUMENT;
    memcpy(out, c->info[b].load, 3 * sizeof(double));
    return EDDY_OK;
}

void eddy_coupling_get_timings(const eddy_coupling *c, eddy_coupling_timings *out)
{
    if (!out) return;
    if (c) *out = c->timings;
    else memset(out, 0, sizeof *out);
}

/* Debug drawing hands out world coordinates: the panel world's and the
 * grid's, which are the fluid's, moved by the origin. */
void eddy_coupling_debug_draw(const eddy_coupling *c, const eddy_debug_draw *d)
{
    if (!c || !d) return;
    const eddy_panel_world *w = c->panels;
    const double ox = c->desc.origin[0], oy = c->desc.origin[1];
    if (d->panel && w->placed && c->body_count > 0)
        for (int s = 0; s < w->source_count; ++s)
            d->panel(d->user, w->src[4 * s] + ox, w->src[4 * s + 1] + oy, w->src[4 * s + 2] + ox,
                     w->src[4 * s + 3] + oy, w->strength[s], s >= w->panel_count);
    if (d->quadtree_node) eddyi_grid_feedback_draw(&c->grid, c->desc.origin, d);
    if (d->velocity_sample) {
        int stride = d->sample_stride > 0 ? d->sample_stride : 4;
        double hx = c->asset->width / c->asset->nx, hy = c->asset->height / c->asset->ny;
        for (int j = stride / 2; j < c->asset->ny; j += stride)
            for (int i = stride / 2; i < c->asset->nx; i += stride) {
                double x = (i + 0.5) * hx + ox, y = (j + 0.5) * hy + oy, uv[2];
                eddy_coupling_velocity(c, x, y, uv);
                d->velocity_sample(d->user, x, y, uv[0], uv[1]);
            }
    }
    if (d->surface) { /* the water line, left to right */
        enum { POINTS = 129 };
        double xy[2 * POINTS];
        for (int k = 0; k < POINTS; ++k) {
            xy[2 * k] = ox + c->asset->width * k / (POINTS - 1);
            xy[2 * k + 1] = eddy_coupling_surface_height(c, xy[2 * k]);
        }
        d->surface(d->user, xy, POINTS);
    }
}
