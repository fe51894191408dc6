// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* step_cost.c - what one coupled step costs, known before a run starts
 * (eddy_step_cost_estimate, eddy_coupling_step_cost; eddy_coupling.h), so
 * that the tools refuse a run that would take hours instead of starting it,
 * and can tell, while it runs, when bodies heaping up have made it dearer.
 *
 * The model is empirical, like the build's (engine/builder/build_cost.c):
 * each term is the measured CPU time of one part of the step (one core,
 * x86-64, 2026; build/bench/bench_cost measures every term again and prints
 * the estimate beside the measurement, docs/cli.md "Limits" lists them), as
 * a function of the sizes that decide it:
 *   fluid     advection contracts the tensor once, A(r) = sum_i r_i A_i
 *             (5.8): its stored entries (nnz), or r^3 / 2 when the fluid
 *             packs a dense tensor (walled levels, tensor_packed.h); then
 *             the Taylor series (5.9) costs r^2 a term, its terms bounded
 *             from the water's speed (taylor_terms);
 *   panels    every panel samples the reduced fluid at its midpoint (r modes
 *             each) and every body solves its own panels (P_b^2, 5.13);
 *             bodies near one another (closer than the far field reaches,
 *             panel_fast.h: D < R_t + R_s / 0.4) fill near-field blocks of
 *             P_a P_b influences both ways and sweep them (5.17), at most
 *             EDDY_SCHWARZ_WORK_PER_PANEL products per panel; a body near a
 *             wall has a near image of itself (5.3.3); the far field costs a
 *             little per panel and tree level;
 *   feedback  exact: every moving body's panels against every mode (5.3.4);
 *             naive: every MAC sample sums every panel, then the samples are
 *             projected onto the modes; quadtree (5.19): the nodes and
 *             leaf samples a panel evaluates, more the stronger it is, up to
 *             every sample (quadtree_evaluations); off: nothing;
 *   bodies    the rigid-body step: each body and each pair in contact, per
 *             substep (and a handful of Box2D's broad phase).
 * Constants round the measurements up, so a step estimated just under a
 * limit runs under it on this machine. */
#include "coupling_internal.h"
#include "tensor_packed.h"

#include <math.h>
#include <string.h>

/* Measured with build/bench/bench_cost (CPU time of a step, median; x86-64,
 * 2026), rounded up; the comment after each says from what.
 * fluid: 73 modes 0.012 ms, 256 0.15 ms, 1024 (2.3 million entries) 10.8 ms,
 * walled 96 (packed) 0.13 ms, at 5 to 6 Taylor terms a step; the r^2 term's
 * cost grows once A(r) leaves the cache (0.2 ns at 256 modes, 1.3 ns at 1024). */
#define FLUID_S_FIXED 3e-6
#define FLUID_S_PER_NONZERO 1.5e-9
#define FLUID_S_PER_PACKED 5e-10    /* per r^3 / 2 */
#define TAYLOR_TOL 1e-9             /* the fluid's default tolerance (fluid.c) */
#define TAYLOR_MAX_TERMS 30         /* its default cap of terms a substep */
#define TAYLOR_MAX_SUBSTEPS 256.0   /* taylor.c's cap, which the fluid's clamp keeps */
#define DEFAULT_DT (1.0 / 60.0)
/* |A(r)|_inf h over the water's root-mean-square speed: measured 1.2 (73
 * modes on 64^2, water stirred by bodies of 1e3 to 1e6 m/s), taken as 4 */
#define WATER_PEAK_PER_RMS 4.0
#define FLUID_S_PER_R2_TERM 1.4e-9
/* advection on the grid (advect_grid.c, advect_box.c; issue 23), per Taylor
 * term: a walled level's two products with its stream functions, 2 r m
 * multiply-adds over m nodes (about 0.04 ns each in the widest vectors, the
 * late terms in single precision: 96 and 256 modes of the cave's grid, 0.15
 * and 0.25 ms a step of 3 terms), and the stencil over the faces; a box
 * eigenbasis's five samplings and two projections on its 3/2-rule
 * collocation grid of Mx x My points, K1 Mx My + r My each (256 modes on
 * 64 x 64 0.20 ms a step, 1024 on 128 x 128 1.7 ms) */
#define FLUID_S_PER_MODE_NODE 6e-11
#define FLUID_S_PER_FACE 2e-9
#define FLUID_S_PER_BOX_SAMPLE 4e-10
/* panels: 0.25 to 0.31 us a panel at 73 modes, 0.54 at 256 (8 and 30 bodies
 * spread); near fields 12 to 15 ns an influence with the game's 6 sweeps,
 * 21 to 30 with the coupling's 50 (heaps of 10 to 50 bodies) */
#define PANEL_S_PER_PANEL 3e-7
#define PANEL_S_PER_PANEL_MODE 1.5e-9
#define PANEL_S_PER_SELF 5e-10      /* P_b^2 per body */
#define PANEL_S_PER_NEAR 1.5e-8     /* an influence of a near block, filled once a step */
#define PANEL_S_PER_SWEEP 1.5e-9    /* an influence, per sweep */
#define PANEL_SWEEPS_SEEN 12.0      /* sweeps rarely go further before converging */
#define PANEL_NEAR_THETA 0.4        /* EDDY_FAR_THETA (panel_fast.h) */
#define PANEL_IMAGE_RANGE 4.0       /* a body within 4 radii of a wall has its image */
/* feedback: exact 2.8 ns a panel and mode (73 and 256 modes); quadtree 6.3 to
 * 6.5 us a panel on 64^2 and 128^2 grids plus the projection, 0.66 ns a
 * sample and mode; naive 24 ns a sample and source panel (images counted)
 * on 64^2 and 128^2 */
#define FEEDBACK_S_PER_PANEL_MODE 3.5e-9
#define FEEDBACK_S_PER_EVALUATION 2e-7 /* a panel's velocity at a node or leaf sample (0.17 us
                                          measured, the 1e6 m/s circle on 64^2) */
#define QUADTREE_THRESHOLD 1e-3     /* the coupling's default */
#define QUADTREE_WEAK_PANEL 100.0   /* evaluations of a panel of no strength */
#define QUADTREE_PER_STRENGTH 0.03  /* evaluations per |gamma| len / (h threshold) */
#define FEEDBACK_S_PER_SAMPLE_SOURCE 2.5e-8
#define FEEDBACK_S_PER_SAMPLE_MODE 1e-9
/* bodies: 65 ns a body and substep spread, about 0.4 us a contact pair and
 * substep in a heap */
#define BODY_S_PER_SUBSTEP 1e-7
#define CONTACT_S_PER_SUBSTEP 8e-7
#define BODY_SUBSTEPS 4.0
#define DEFAULT_SWEEPS 50.0         /* the coupling's schwarz_max_iterations */

/* The most entries a tensor of r modes stores: a box basis keeps about
 * 2.2 r^2 of the r^3 (the closed form's selection rules; 73 modes hold
 * 9966, 1024 hold 2.3 million), a walled or enriched one all of them. */
static double tensor_entries(const eddy_step_cost_desc *d)
{
    double r = d->mode_count;
    if (d->tensor_nonzeros > 0) return (double)d->tensor_nonzeros;
    return d->walls ? r * r * r : fmin(r * r * r, 2.5 * r * r);
}

/* The fastest the water moves: as given, else as fast as the fastest body
 * pushes it (feedback never makes the water outrun what moves it), at least
 * a game level's currents. */
static double water_speed(const eddy_step_cost_desc *d)
{
    double v = fmax(d->speed, EDDY_STEP_COST_WATER_SPEED);
    for (int b = 0; b < d->body_count; ++b)
        if (d->bodies[b].moving && d->bodies[b].speed > v) v = d->bodies[b].speed;
    return v;
}

/* Terms one substep of the series takes at most (taylor.c): h |A(r)|_inf
 * <= 1 makes term m at most 1/m! of v in the largest entry, so sqrt(r)/m!
 * of |v| in the 2-norm on which the series stops at tol; and never more
 * than max_terms. */
static double terms_per_substep(const eddy_step_cost_desc *d)
{
    int cap = d->taylor_max_terms > 0 ? d->taylor_max_terms : TAYLOR_MAX_TERMS;
    double bound = sqrt((double)d->mode_count), m = 1.0;
    while (bound > TAYLOR_TOL && m < cap) bound /= ++m;
    return m;
}

/* The Taylor terms of a step, bounded (5.9, taylor.c): dt is cut into
 * s = ceil(dt |A(r)|_inf) substeps, at most 256 (the fluid's clamp, fluid.c
 * advect), each of at most terms_per_substep. |A(r)| is the advection of
 * the modes by the water, about its speed over the cell it resolves:
 * measured 0.1 V / h (73 modes on 64^2, bodies of 1 to 1e5 m/s, 0.25 to 1 m
 * wide, 1 to 1e9 kg/m^2) and taken as V / h. */
static double taylor_terms(const eddy_step_cost_desc *d)
{
    double dt = d->dt > 0 ? d->dt : DEFAULT_DT;
    double cell = fmin(d->width / d->nx, d->height / d->ny);
    double substeps = fmin(TAYLOR_MAX_SUBSTEPS, fmax(1.0, ceil(dt * water_speed(d) / cell)));
    return fmax(substeps * terms_per_substep(d), (double)d->taylor_terms);
}

/* Through the stored tensor: contracted once, then r^2 a term. */
static double tensor_path(const eddy_step_cost_desc *d)
{
    double r = d->mode_count, nnz = tensor_entries(d);
    double contract = nnz / (r * r * r) > EDDY_PACKED_DENSITY
                          ? FLUID_S_PER_PACKED * 0.5 * r * r * r
                          : FLUID_S_PER_NONZERO * nnz;
    return contract + FLUID_S_PER_R2_TERM * taylor_terms(d) * r * r;
}

/* Through the grid: every term reconstructs and projects (eddy.h,
 * eddy_advection). A box basis of r modes reaches wave numbers of about
 * K1 = sqrt(4 r W / (pi H)) (the r smallest eigenvalues fill a quarter
 * ellipse), sampled on Mx = 3 K1 / 2 + 1 points. */
static double grid_path(const eddy_step_cost_desc *d)
{
    double r = d->mode_count, per_term;
    if (d->walls) {
        double nodes = (d->nx + 1.0) * (d->ny + 1.0), faces = 2.0 * d->nx * d->ny;
        per_term = FLUID_S_PER_MODE_NODE * 2.0 * r * nodes + FLUID_S_PER_FACE * faces;
    } else {
        double k1 = sqrt(4.0 * r * d->width / (M_PI * d->height));
        double k2 = sqrt(4.0 * r * d->height / (M_PI * d->width));
        double mx = floor(1.5 * k1) + 1.0, my = floor(1.5 * k2) + 1.0;
        per_term = FLUID_S_PER_BOX_SAMPLE * 7.0 * (k1 * mx * my + r * my);
    }
    return per_term * (taylor_terms(d) + 1.0); /* the freeze: one more sampling */
}

static double fluid_cost(const eddy_step_cost_desc *d)
{
    double path;
    switch (d->advection) {
    case EDDY_ADVECTION_TENSOR: path = tensor_path(d); break;
    case EDDY_ADVECTION_GRID: path = grid_path(d); break;
    default: path = fmin(tensor_path(d), grid_path(d)); break;
    }
    return FLUID_S_FIXED + path;
}

/* Panel-velocity evaluations of a quadtree feedback (feedback_grid.c,
 * traverse_panel): a panel of strength gamma and length len takes a node's
 * centre value once the node's tabulated error (5.19), which falls off as
 * (size / distance)^2, times |gamma| len / h is under the threshold. So the
 * nodes it opens, and the leaf samples it evaluates exactly (two a cell),
 * grow with |gamma| len / (h threshold): a weak panel uses a few hundred
 * nodes, a strong one every sample of the grid. gamma, the slip at the
 * outline, is at most twice the speed between body and water (a disc's
 * sheet, 2 U sin theta; corners count in QUADTREE_PER_STRENGTH). Measured on
 * 64^2 and 128^2 (tests/test_cost_bound.c), rounded up. */
static double quadtree_evaluations(const eddy_step_cost_desc *d, double sources, double spacing)
{
    double cell = fmin(d->width / d->nx, d->height / d->ny);
    double threshold = d->quadtree_threshold > 0 ? d->quadtree_threshold : QUADTREE_THRESHOLD;
    double fastest = 0.0;
    for (int b = 0; b < d->body_count; ++b)
        if (d->bodies[b].speed > fastest) fastest = d->bodies[b].speed;
    double gamma = 2.0 * (fastest + water_speed(d));
    double cells = (double)d->nx * d->ny;
    double all = 2.0 * cells + cells / 3.0; /* every sample, every node (leaves of 4 or more cells) */
    double per_panel = QUADTREE_WEAK_PANEL +
                       QUADTREE_PER_STRENGTH * gamma * (spacing / cell) / threshold;
    return sources * fmin(all, per_panel);
}

/* Panels of a body: as given, or its outline cut at the spacing (an odd
 * count per stretch, panel_shape.c: about one more). */
static double panels_of(const eddy_step_cost_body *b, double spacing)
{
    if (b->panels > 0) return b->panels;
    return fmax(3.0, ceil(b->perimeter / spacing)) + 1.0;
}

/* Near-field influences (both ways) of pairs of bodies the far field does
 * not reach, and of bodies with their own images in a wall nearby; and the
 * source panels a grid feedback sums (every body's and its images'). */
static double near_influences(const eddy_step_cost_desc *d, double spacing, double *pairs,
                              double *sources)
{
    double sum = 0.0;
    *pairs = 0.0, *sources = 0.0;
    for (int a = 0; a < d->body_count; ++a) {
        const eddy_step_cost_body *p = &d->bodies[a];
        double pa = panels_of(p, spacing);
        double walls[4] = {p->x, d->width - p->x, p->y, d->height - p->y};
        int mirrored[2] = {0, 0};
        for (int k = 0; k < 4; ++k) {
            if (2.0 * walls[k] < p->radius * (1.0 + 1.0 / PANEL_NEAR_THETA)) /* 2 gaps away */
                sum += pa * pa;
            if (walls[k] - p->radius < PANEL_IMAGE_RANGE * p->radius) mirrored[k / 2]++;
        }
        /* a body crossing a cell a step can be at a corner by the next, with
         * three images of itself */
        double dt = d->dt > 0 ? d->dt : DEFAULT_DT;
        if (p->moving && p->speed * dt >= fmin(d->width / d->nx, d->height / d->ny))
            mirrored[0] = mirrored[1] = 1;
        *sources += pa * (1.0 + mirrored[0] + mirrored[1] + mirrored[0] * mirrored[1]);
        for (int b = a + 1; b < d->body_count; ++b) {
            const eddy_step_cost_body *q = &d->bodies[b];
            double reach = fmax(p->radius + q->radius / PANEL_NEAR_THETA,
                                q->radius + p->radius / PANEL_NEAR_THETA);
            if (hypot(p->x - q->x, p->y - q->y) < reach) {
                sum += 2.0 * pa * panels_of(q, spacing);
                *pairs += 1.0;
            }
        }
    }
    return sum;
}

static double contacts_of(const eddy_step_cost_desc *d)
{
    double n = 0.0;
    for (int a = 0; a < d->body_count; ++a)
        for (int b = a + 1; b < d->body_count; ++b)
            if (hypot(d->bodies[a].x - d->bodies[b].x, d->bodies[a].y - d->bodies[b].y) <
                d->bodies[a].radius + d->bodies[b].radius)
                n += 1.0;
    return n;
}

eddy_result eddy_step_cost_estimate(const eddy_step_cost_desc *d, eddy_step_cost *out,
                                    eddy_error *err)
{
    if (!out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "step cost: NULL argument");
    memset(out, 0, sizeof *out);
    if (!d || d->mode_count < 1 || d->nx < 1 || d->ny < 1 || !(d->width > 0) ||
        !(d->height > 0) || d->body_count < 0 || (d->body_count > 0 && !d->bodies))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "step cost: modes, grid and domain must be "
                         "positive, and bodies given");
    double spacing = d->panel_spacing > 0 ? d->panel_spacing
                                          : fmin(d->width / d->nx, d->height / d->ny);
    double r = d->mode_count, panels = 0.0, moving = 0.0, self = 0.0;
    for (int b = 0; b < d->body_count; ++b) {
        const eddy_step_cost_body *p = &d->bodies[b];
        if (!(isfinite(p->x) && isfinite(p->y) && p->radius > 0 && isfinite(p->radius) &&
              ((p->perimeter > 0 && isfinite(p->perimeter)) || p->panels > 0)))
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "step cost: body %d has no finite place, "
                             "radius or outline", b);
        double pb = panels_of(p, spacing);
        panels += pb;
        self += pb * pb;
        if (p->moving) moving += pb;
    }
    double pairs = 0.0, sources = 0.0;
    double near = d->body_count > 0 ? near_influences(d, spacing, &pairs, &sources) : 0.0;
    out->panel_count = panels;
    out->near_pairs = pairs;
    out->fluid = fluid_cost(d);
    out->taylor_terms = taylor_terms(d);
    if (d->body_count > 0) {
        double sweeps = d->schwarz_max_iterations > 0 ? d->schwarz_max_iterations : DEFAULT_SWEEPS;
        double swept = fmin(fmin(sweeps, PANEL_SWEEPS_SEEN) * near,
                            EDDY_SCHWARZ_WORK_PER_PANEL * panels);
        out->panels = (PANEL_S_PER_PANEL + PANEL_S_PER_PANEL_MODE * r) * panels +
                      PANEL_S_PER_SELF * self + PANEL_S_PER_NEAR * near +
                      PANEL_S_PER_SWEEP * swept;
        double samples = 2.0 * d->nx * d->ny + d->nx + d->ny;
        double projection = FEEDBACK_S_PER_SAMPLE_MODE * samples * r;
        if (moving > 0) switch (d->feedback) {
            case EDDY_FEEDBACK_OFF: break;
            case EDDY_FEEDBACK_NAIVE:
                out->feedback_evaluations = samples * sources;
                out->feedback = FEEDBACK_S_PER_SAMPLE_SOURCE * samples * sources + projection;
                break;
            case EDDY_FEEDBACK_QUADTREE:
                out->feedback_evaluations = quadtree_evaluations(d, sources, spacing);
                out->feedback = FEEDBACK_S_PER_EVALUATION * out->feedback_evaluations + projection;
                break;
            default: out->feedback = FEEDBACK_S_PER_PANEL_MODE * moving * r; break;
            }
        out->bodies = BODY_SUBSTEPS * (BODY_S_PER_SUBSTEP * d->body_count +
                                       CONTACT_S_PER_SUBSTEP * contacts_of(d));
    }
    out->total = out->fluid + out->panels + out->feedback + out->bodies;
    return EDDY_OK;
}

void eddy_coupling_step_cost(const eddy_coupling *c, eddy_step_cost *out)
{
    if (!out) return;
    memset(out, 0, sizeof *out);
    if (!c) return;
    eddy_step_cost_body *bodies =
        c->body_count > 0 ? eddy_alloc((size_t)c->body_count * sizeof *bodies) : NULL;
    if (c->body_count > 0 && !bodies) return;
    for (int b = 0; b < c->body_count; ++b) {
        double at[2];
        eddy_body_world_center(c->bodies[b], at);
        eddy_step_cost_body *e = &bodies[b];
        memset(e, 0, sizeof *e);
        e->x = at[0] - c->desc.origin[0];
        e->y = at[1] - c->desc.origin[1];
        e->radius = c->shapes[b]->radius;
        e->panels = c->shapes[b]->count;
        e->moving = eddy_body_get_type(c->bodies[b]) != EDDY_BODY_STATIC;
        double v[2];
        eddy_body_linear_velocity(c->bodies[b], v);
        e->speed = hypot(v[0], v[1]) + fabs(eddy_body_angular_velocity(c->bodies[b])) * e->radius;
    }
    eddy_step_cost_desc d = {0};
    d.mode_count = c->r;
    d.tensor_nonzeros = c->asset->tensor.nnz;
    d.walls = c->asset->wall_count > 0;
    d.advection = c->asset->grid_advection ? EDDY_ADVECTION_GRID : EDDY_ADVECTION_TENSOR;
    d.width = c->asset->width, d.height = c->asset->height;
    d.nx = c->asset->nx, d.ny = c->asset->ny;
    d.feedback = c->desc.feedback;
    d.bodies = bodies;
    d.body_count = c->body_count;
    d.panel_spacing = c->desc.panel_spacing;
    d.schwarz_max_iterations = c->desc.schwarz_max_iterations;
    d.taylor_terms = c->timings.fluid.taylor_terms;
    /* the water now: its root-mean-square speed from its energy (eddy.h,
     * rho |r|^2 / 2 over the domain), and its peaks a few times that */
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    double energy = eddy_fluid_kinetic_energy(c->fluid);
    double mean_square = 2.0 * energy / (fd.density * c->asset->width * c->asset->height);
    if (fd.density > 0 && mean_square > 0 && isfinite(mean_square)) d.speed = WATER_PEAK_PER_RMS * sqrt(mean_square);
    d.dt = c->clock_dt;
    d.quadtree_threshold = c->desc.quadtree_threshold;
    (void)eddy_step_cost_estimate(&d, out, NULL);
    eddy_free(bodies);
}
