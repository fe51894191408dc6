// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_solve.c - solid -> fluid coupling at run time: panel strengths of every
 * body from the violation of no-penetration (5.14, 5.16), Schwarz iterations
 * across bodies (5.17) and wall images (5.3.3), and the panels' velocity u_p
 * anywhere (5.18). Nothing here allocates after eddyi_panel_world_create.
 * Conventions in panel.h. */
#include "panel.h"
#include "panel_fast.h"
#include "panel_lid.h"
#include "panel_walls.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ set-up */

eddy_result eddyi_panel_world_create(const eddy_panel_world_desc *desc, eddy_panel_world **out,
                                    eddy_error *err)
{
    if (!desc || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: NULL argument");
    *out = NULL;
    if (!(desc->width > 0.0) || !(desc->height > 0.0) || !isfinite(desc->width) ||
        !isfinite(desc->height))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: domain %g x %g is not positive",
                         desc->width, desc->height);
    if (desc->max_bodies < 1 || desc->max_panels < 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "panel world: max_bodies (%d) and max_panels (%d) must be positive",
                         desc->max_bodies, desc->max_panels);
    if (desc->image_range < 0.0 || desc->tolerance < 0.0 || desc->max_iterations < 0 ||
        !isfinite(desc->image_range) || !isfinite(desc->tolerance) ||
        !(desc->farfield_tolerance >= 0.0) || !isfinite(desc->farfield_tolerance))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: negative or non-finite option");
    if (desc->max_panels > (1 << 24) / (1 + EDDY_PANEL_MAX_IMAGES))
        return eddy_fail(err, EDDY_ERR_RANGE, "panel world: max_panels %d is too large",
                         desc->max_panels);

    eddy_panel_world *w = eddy_calloc(1, sizeof *w);
    if (!w) return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory");
    w->width = desc->width;
    w->height = desc->height;
    w->images = !desc->no_images;
    w->surface_lid = desc->surface_lid;
    w->image_range = desc->image_range > 0.0 ? desc->image_range : 4.0;
    w->tolerance = desc->tolerance > 0.0 ? desc->tolerance : 1e-8;
    w->max_iterations = desc->max_iterations > 0 ? desc->max_iterations : 100;
    w->farfield_tolerance = desc->farfield_tolerance > 0.0 ? desc->farfield_tolerance : w->tolerance;
    w->max_bodies = desc->max_bodies;
    w->tasks = desc->tasks;
    w->max_panels = desc->max_panels;
    w->max_sources = desc->max_panels * (w->images ? 1 + EDDY_PANEL_MAX_IMAGES : 1);

    size_t np = (size_t)w->max_panels, ns = (size_t)w->max_sources;
    w->bodies = eddy_calloc((size_t)w->max_bodies, sizeof *w->bodies);
    w->src = eddy_calloc(4 * ns, sizeof(double));
    w->strength = eddy_calloc(ns, sizeof(double));
    w->mid = eddy_calloc(2 * np, sizeof(double));
    w->normal = eddy_calloc(2 * np, sizeof(double));
    w->uf = eddy_calloc(2 * np, sizeof(double));
    w->uo = eddy_calloc(2 * np, sizeof(double));
    w->b_orig = eddy_calloc(np, sizeof(double));
    w->b_work = eddy_calloc(np, sizeof(double));
    w->gamma_new = eddy_calloc(np, sizeof(double));
    w->gamma_start = eddy_calloc(np, sizeof(double));
    w->wet = eddy_calloc(np, sizeof(double));
    if (!w->bodies || !w->src || !w->strength || !w->mid || !w->normal || !w->uf || !w->uo ||
        !w->b_orig || !w->b_work || !w->gamma_new || !w->gamma_start || !w->wet) {
        eddyi_panel_world_destroy(w);
        return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory");
    }
    if (desc->walls) {
        eddy_result res = eddyi_wall_state_create(desc->walls, w->max_bodies, w->max_panels,
                                                 &w->walls, err);
        if (res != EDDY_OK) {
            eddyi_panel_world_destroy(w);
            return res;
        }
    }
    if (desc->surface_lid && w->images) {
        eddy_result res = eddyi_panel_lid_create(w->max_bodies, w->max_panels, &w->lid, err);
        if (res != EDDY_OK) {
            eddyi_panel_world_destroy(w);
            return res;
        }
    }
    if (desc->fast) {
        eddy_result res = eddyi_panel_world_set_fast(w, true, err);
        if (res != EDDY_OK) {
            eddyi_panel_world_destroy(w);
            return res;
        }
    }
    *out = w;
    return EDDY_OK;
}

eddy_result eddyi_panel_world_set_fast(eddy_panel_world *w, bool fast, eddy_error *err)
{
    if (!w) return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: NULL world");
    if (fast && !w->fast_state) {
        eddy_result res = eddyi_panel_fast_create(w, err);
        for (int b = 0; b < w->body_count && res == EDDY_OK; b++)
            res = eddyi_panel_fast_add_body(w, b, err);
        if (res != EDDY_OK) {
            eddyi_panel_fast_destroy(w->fast_state);
            w->fast_state = NULL;
            return res;
        }
    }
    w->fast = fast;
    for (int b = 0; b < w->body_count; b++) w->bodies[b].warm = 0;
    return EDDY_OK;
}

eddy_result eddyi_panel_world_set_tasks(eddy_panel_world *w, const eddy_tasks *tasks,
                                       eddy_error *err)
{
    if (!w) return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: NULL world");
    const eddy_tasks *before = w->tasks;
    w->tasks = tasks;
    eddy_result res = w->fast_state ? eddyi_panel_fast_set_workers(w, err) : EDDY_OK;
    if (res != EDDY_OK) w->tasks = before;
    return res;
}

void eddyi_panel_world_destroy(eddy_panel_world *w)
{
    if (!w) return;
    eddyi_panel_fast_destroy(w->fast_state);
    eddyi_wall_state_destroy(w->walls);
    eddyi_panel_lid_destroy(w->lid);
    eddy_free(w->bodies);
    eddy_free(w->src);
    eddy_free(w->strength);
    eddy_free(w->mid);
    eddy_free(w->normal);
    eddy_free(w->uf);
    eddy_free(w->uo);
    eddy_free(w->b_orig);
    eddy_free(w->b_work);
    eddy_free(w->gamma_new);
    eddy_free(w->gamma_start);
    eddy_free(w->wet);
    eddy_free(w);
}

eddy_result eddyi_panel_world_add_body(eddy_panel_world *w, const eddy_panel_shape *shape,
                                      int *index, eddy_error *err)
{
    if (!w || !shape || !shape->pinv || shape->count < 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: add_body needs a built shape");
    if (w->body_count >= w->max_bodies)
        return eddy_fail(err, EDDY_ERR_CAPACITY, "panel world: more than %d bodies",
                         w->max_bodies);
    if (w->panel_count + shape->count > w->max_panels)
        return eddy_fail(err, EDDY_ERR_CAPACITY,
                         "panel world: shape '%s' (%d panels) exceeds max_panels %d",
                         shape->name, shape->count, w->max_panels);
    eddy_result reserved = eddyi_wall_state_reserve(w->walls, w->panel_count + shape->count, err);
    if (reserved != EDDY_OK) return reserved;
    reserved = eddyi_panel_lid_reserve(w->lid, shape->count, err);
    if (reserved != EDDY_OK) return reserved;
    eddy_panel_world_body *b = &w->bodies[w->body_count];
    memset(b, 0, sizeof *b);
    b->shape = shape;
    b->first = w->panel_count;
    w->panel_count += shape->count;
    w->source_count = w->panel_count;
    memset(&w->strength[b->first], 0, sizeof(double) * (size_t)shape->count);
    w->body_count++;
    w->placed = false;
    if (w->fast_state) {
        eddy_result res = eddyi_panel_fast_add_body(w, w->body_count - 1, err);
        if (res != EDDY_OK) {
            w->body_count--;
            w->panel_count -= shape->count;
            w->source_count = w->panel_count;
            return res;
        }
    }
    if (index) *index = w->body_count - 1;
    return EDDY_OK;
}

eddy_result eddyi_panel_world_set_state(eddy_panel_world *w, int body,
                                       const eddy_panel_body_state *state, eddy_error *err)
{
    if (!w || !state || body < 0 || body >= w->body_count)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: no body %d", body);
    if (!isfinite(state->x) || !isfinite(state->y) || !isfinite(state->angle) ||
        !isfinite(state->vx) || !isfinite(state->vy) || !isfinite(state->omega))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel world: body %d has a non-finite state",
                         body);
    w->bodies[body].state = *state;
    w->placed = false;
    return EDDY_OK;
}

/* ------------------------------------------------------------ placement */

/* Body space -> world space for one body's panels, and the body velocity
 * u_o = v + omega x (m - origin) at each midpoint (used in 5.14). */
static void place_body(eddy_panel_world *w, const eddy_panel_world_body *b)
{
    const eddy_panel_shape *s = b->shape;
    const eddy_panel_body_state *st = &b->state;
    double c = cos(st->angle), sn = sin(st->angle);
    for (int j = 0; j < s->count; j++) {
        int g = b->first + j;
        const double *e = &s->ends[4 * j], *n = &s->normal[2 * j];
        double *d = &w->src[4 * g];
        d[0] = st->x + c * e[0] - sn * e[1];
        d[1] = st->y + sn * e[0] + c * e[1];
        d[2] = st->x + c * e[2] - sn * e[3];
        d[3] = st->y + sn * e[2] + c * e[3];
        double mx = 0.5 * (d[0] + d[2]), my = 0.5 * (d[1] + d[3]);
        w->mid[2 * g] = mx;
        w->mid[2 * g + 1] = my;
        w->normal[2 * g] = c * n[0] - sn * n[1];
        w->normal[2 * g + 1] = sn * n[0] + c * n[1];
        w->uo[2 * g] = st->vx - st->omega * (my - st->y);
        w->uo[2 * g + 1] = st->vy + st->omega * (mx - st->x);
    }
}

/* One image copy of a body's panels (5.3.3): end points mirrored across the x
 * wall at wx (if mx) and/or the y wall at wy (if my), order kept. Its strength
 * sign (-1 for one reflection, +1 for two) is applied in set_body_strengths. */
static void add_image(eddy_panel_world *w, eddy_panel_world_body *b, bool mx, double wx,
                      bool my, double wy)
{
    int m = b->shape->count, first = w->source_count;
    for (int j = 0; j < m; j++) {
        const double *e = &w->src[4 * (b->first + j)];
        double *d = &w->src[4 * (first + j)];
        d[0] = mx ? 2.0 * wx - e[0] : e[0];
        d[1] = my ? 2.0 * wy - e[1] : e[1];
        d[2] = mx ? 2.0 * wx - e[2] : e[2];
        d[3] = my ? 2.0 * wy - e[3] : e[3];
    }
    b->image_first[b->image_count] = first;
    b->image_sign[b->image_count] = (mx != my) ? -1.0 : 1.0;
    b->image_mirror[b->image_count] = (mx ? 1 : 0) | (my ? 2 : 0);
    b->image_origin[b->image_count][0] = mx ? 2.0 * wx - b->state.x : b->state.x;
    b->image_origin[b->image_count][1] = my ? 2.0 * wy - b->state.y : b->state.y;
    b->image_count++;
    w->source_count += m;
}

/* Wall images of one body (5.3.3). A body is mirrored across a wall when the gap
 * between its bounding circle and the wall is below image_range radii (a proxy
 * for the text's "violates the wall condition above a threshold": the panels'
 * dipole field at the wall falls off like (radius / distance)^2). Near two
 * walls that meet in a corner it also gets the doubly mirrored copy. */
static void place_images(eddy_panel_world *w, eddy_panel_world_body *b)
{
    double r = b->shape->radius, reach = w->image_range * r;
    double x = b->state.x, y = b->state.y;
    double xw[2], yw[2];
    int nx = 0, ny = 0;
    if (x - r < reach) xw[nx++] = 0.0;
    if (w->width - x - r < reach) xw[nx++] = w->width;
    if (y - r < reach) yw[ny++] = 0.0;
    /* a body reaching through a surface's lid is imaged in it only when its
       own solve holds that image (panel_lid.h) */
    bool through_lid = w->surface_lid && y + r > w->height;
    if (w->height - y - r < reach && (!through_lid || (w->lid && eddyi_panel_lid_pierces(w, b))))
        yw[ny++] = w->height;
    for (int i = 0; i < nx; i++) add_image(w, b, true, xw[i], false, 0.0);
    for (int k = 0; k < ny; k++) add_image(w, b, false, 0.0, true, yw[k]);
    for (int i = 0; i < nx; i++)
        for (int k = 0; k < ny; k++) add_image(w, b, true, xw[i], true, yw[k]);
}

void eddyi_panel_world_place(eddy_panel_world *w)
{
    w->source_count = w->panel_count;
    for (int i = 0; i < w->body_count; i++) {
        w->bodies[i].image_count = 0;
        place_body(w, &w->bodies[i]);
    }
    if (w->images)
        for (int i = 0; i < w->body_count; i++) place_images(w, &w->bodies[i]);
    eddyi_panel_lid_place(w); /* piercing bodies' systems with their lid images */
    eddyi_wall_state_place(w->walls, w); /* interior walls near bodies (panel_walls.c) */
    w->placed = true;
}

/* ------------------------------------------------------------ solving */

/* 5.14: b_j = A_j (u_f - u_o) . n_j at every world midpoint. */
static void compute_violation(eddy_panel_world *w, const eddy_panel_world_body *b)
{
    for (int j = 0; j < b->shape->count; j++) {
        int g = b->first + j;
        double du = w->uf[2 * g] - w->uo[2 * g], dv = w->uf[2 * g + 1] - w->uo[2 * g + 1];
        w->b_orig[g] = b->shape->length[j] * (du * w->normal[2 * g] + dv * w->normal[2 * g + 1]);
    }
    eddyi_panel_mask_body(w, b->first, b->shape->count, &w->b_orig[b->first]);
}

void eddyi_panel_mask_body(const eddy_panel_world *w, int first, int count, double *values)
{
    if (!w->masked) return;
    for (int j = 0; j < count; j++) values[j] *= w->wet[first + j];
}

/* 5.16: gamma = P^+ [b; 0]; the zero rows of 5.15 drop out of the product. */
static void apply_pinv(const eddy_panel_shape *s, const double *b, double *gamma)
{
    for (int i = 0; i < s->count; i++) {
        const double *row = &s->pinv[(size_t)i * s->rows];
        double sum = 0.0;
        for (int j = 0; j < s->count; j++) sum += row[j] * b[j];
        gamma[i] = sum;
    }
}

/* Body i's strengths from its fluxes: its lid system (panel_lid.h) or 5.16. */
static void solve_one(const eddy_panel_world *w, int i, const double *b, double *gamma)
{
    if (!eddyi_panel_lid_solve(w, i, b, gamma)) apply_pinv(w->bodies[i].shape, b, gamma);
}

/* Writes a body's strengths to its real panels and, signed, to its images. */
static void set_body_strengths(eddy_panel_world *w, const eddy_panel_world_body *b,
                               const double *gamma)
{
    int m = b->shape->count;
    memcpy(&w->strength[b->first], gamma, sizeof(double) * (size_t)m);
    for (int c = 0; c < b->image_count; c++) {
        double *dst = &w->strength[b->image_first[c]];
        for (int j = 0; j < m; j++) dst[j] = b->image_sign[c] * gamma[j];
    }
}

/* Normal velocity at (x, y) along n induced by every source except the range
 * [skip_first, skip_first + skip_count) (a body's own real panels) and the
 * one from lid_first as long (its lid image, which its own solve holds:
 * panel_lid.h; -1 none), evaluated no closer than EDDY_PANEL_NEAR panel
 * lengths to any of them. */
static double induced_normal(const eddy_panel_world *w, double x, double y, double nx, double ny,
                             int skip_first, int skip_count, int lid_first)
{
    double sum = 0.0;
    for (int s = 0; s < w->source_count; s++) {
        if (s == skip_first || s == lid_first) {
            s += skip_count - 1;
            continue;
        }
        if (w->strength[s] == 0.0) continue;
        const double *e = &w->src[4 * s];
        sum += w->strength[s] *
               eddyi_panel_normal_influence_near(e[0], e[1], e[2], e[3], x, y, nx, ny);
    }
    return sum;
}

/* One Gauss-Seidel Schwarz sweep (5.17): every body in order re-solves with
 * b = b_orig + (flux induced by all other bodies and all images, its own
 * included), using the newest strengths. Returns |d gamma| / |gamma| and
 * |gamma|^2 in *norm2. */
static double schwarz_sweep(eddy_panel_world *w, double *norm2)
{
    double num = 0.0, den = 0.0;
    for (int i = 0; i < w->body_count; i++) {
        const eddy_panel_world_body *b = &w->bodies[i];
        int m = b->shape->count, own = eddyi_panel_lid_own_copy(w, i);
        int lid_first = own >= 0 ? b->image_first[own] : -1;
        for (int j = 0; j < m; j++) {
            int g = b->first + j;
            double un = induced_normal(w, w->mid[2 * g], w->mid[2 * g + 1], w->normal[2 * g],
                                       w->normal[2 * g + 1], b->first, m, lid_first);
            w->b_work[g] = w->b_orig[g] + b->shape->length[j] * un;
        }
        eddyi_wall_state_body_flux(w->walls, w, i, &w->b_work[b->first]);
        solve_one(w, i, &w->b_work[b->first], w->gamma_new);
        eddyi_panel_mask_body(w, b->first, m, w->gamma_new);
        for (int j = 0; j < m; j++) {
            double d = w->gamma_new[j] - w->strength[b->first + j];
            num += d * d;
            den += w->gamma_new[j] * w->gamma_new[j];
        }
        set_body_strengths(w, b, w->gamma_new);
    }
    eddyi_wall_state_solve(w->walls, w); /* the walls as one more static body */
    *norm2 = den;
    return den > 0.0 ? sqrt(num / den) : 0.0;
}

/* Sweeps until the relative change is below the tolerance or the cap. If they
 * blow up (strengths grow past EDDY_PANEL_BLOWUP times the lone-body solves, or
 * stop being finite; the relative change alone cannot tell, it saturates when
 * the strengths grow geometrically) every body falls back to its lone solve
 * (5.16) and the report says so: the step goes on without body-body coupling
 * rather than with garbage. */
static void iterate_schwarz(eddy_panel_world *w, eddy_panel_report *rep)
{
    double start2 = 0.0;
    for (int s = 0; s < w->panel_count; s++) start2 += w->strength[s] * w->strength[s];
    memcpy(w->gamma_start, w->strength, sizeof(double) * (size_t)w->panel_count);
    rep->converged = false;
    while (rep->iterations < w->max_iterations) {
        double norm2;
        rep->change = schwarz_sweep(w, &norm2);
        rep->iterations++;
        if (!isfinite(rep->change) || !isfinite(norm2) ||
            norm2 > EDDY_PANEL_BLOWUP * EDDY_PANEL_BLOWUP * start2) {
            rep->diverged = true;
            for (int i = 0; i < w->body_count; i++)
                set_body_strengths(w, &w->bodies[i], &w->gamma_start[w->bodies[i].first]);
            return;
        }
        if (rep->change <= w->tolerance) {
            rep->converged = true;
            return;
        }
    }
}

eddy_result eddyi_panel_world_solve_samples(eddy_panel_world *w, const double *uf,
                                           eddy_panel_report *report, eddy_error *err)
{
    eddy_panel_report rep = {0, 0.0, true, false, 0, 0, false};
    if (report) *report = rep;
    if (!w || (!uf && w->panel_count > 0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel solve: NULL argument");
    if (!w->placed)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "panel solve: call eddyi_panel_world_place after changing bodies");
    for (int k = 0; k < 2 * w->panel_count; k++)
        if (!isfinite(uf[k]))
            return eddy_fail(err, EDDY_ERR_NUMERIC,
                             "panel solve: background velocity at panel %d is not finite", k / 2);
    if (uf != w->uf) memcpy(w->uf, uf, sizeof(double) * 2 * (size_t)w->panel_count);

    if (w->fast) {
        for (int i = 0; i < w->body_count; i++) compute_violation(w, &w->bodies[i]);
        rep.image_panels = w->source_count - w->panel_count;
        eddyi_panel_fast_iterate(w, &rep);
        if (report) *report = rep;
        for (int s = 0; s < w->panel_count; s++)
            if (!isfinite(w->strength[s]))
                return eddy_fail(err, EDDY_ERR_NUMERIC,
                                 "panel solve: strength of panel %d diverged", s);
        return EDDY_OK;
    }
    for (int i = 0; i < w->body_count; i++) {
        const eddy_panel_world_body *b = &w->bodies[i];
        compute_violation(w, b);
        solve_one(w, i, &w->b_orig[b->first], w->gamma_new);
        eddyi_panel_mask_body(w, b->first, b->shape->count, w->gamma_new);
        set_body_strengths(w, b, w->gamma_new);
    }
    rep.image_panels = w->source_count - w->panel_count;
    if (w->body_count > 1 || w->source_count > w->panel_count || eddyi_wall_state_active(w->walls) > 0)
        iterate_schwarz(w, &rep);
    if (report) *report = rep;
    for (int s = 0; s < w->panel_count; s++)
        if (!isfinite(w->strength[s]))
            return eddy_fail(err, EDDY_ERR_NUMERIC, "panel solve: strength of panel %d diverged",
                             s);
    return EDDY_OK;
}

eddy_result eddyi_panel_world_solve(eddy_panel_world *w, eddy_panel_field_fn fn, void *user,
                                   eddy_panel_report *report, eddy_error *err)
{
    if (!w) return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel solve: NULL world");
    eddyi_panel_world_place(w);
    if (fn && w->panel_count > 0)
        fn(user, w->panel_count, w->mid, w->uf);
    else
        memset(w->uf, 0, sizeof(double) * 2 * (size_t)w->panel_count);
    return eddyi_panel_world_solve_samples(w, w->uf, report, err);
}

/* ------------------------------------------------------------ evaluation */

/* 5.18: u_p = sum over all sources (real panels and images). Images are summed
 * at every point; only points inside the domain are fluid. */
void eddyi_panel_world_velocity(const eddy_panel_world *w, double x, double y, double out_uv[2])
{
    double u = 0.0, v = 0.0;
    for (int s = 0; s < w->source_count; s++) {
        if (w->strength[s] == 0.0) continue;
        const double *e = &w->src[4 * s];
        double uv[2];
        eddyi_panel_velocity(e[0], e[1], e[2], e[3], w->strength[s], x, y, uv);
        u += uv[0];
        v += uv[1];
    }
    out_uv[0] = u;
    out_uv[1] = v;
    eddyi_wall_state_velocity(w->walls, x, y, out_uv); /* interior walls' sources */
}

void eddyi_panel_world_surface_velocity(const eddy_panel_world *w, int body, double *out_uv)
{
    const eddy_panel_world_body *b = &w->bodies[body];
    for (int j = 0; j < b->shape->count; j++) {
        int g = b->first + j;
        double x = w->mid[2 * g], y = w->mid[2 * g + 1];
        double u = w->uf[2 * g], v = w->uf[2 * g + 1];
        for (int s = 0; s < w->source_count; s++) {
            if (s == g || w->strength[s] == 0.0) continue;
            const double *e = &w->src[4 * s];
            double uv[2];
            bool own = s >= b->first && s < b->first + b->shape->count;
            if (own) /* exact, as in P */
                eddyi_panel_velocity(e[0], e[1], e[2], e[3], w->strength[s], x, y, uv);
            else /* as the Schwarz coupling sees it */
                eddyi_panel_velocity_near(e[0], e[1], e[2], e[3], w->strength[s], x, y, uv);
            u += uv[0];
            v += uv[1];
        }
        double walls[2] = {0.0, 0.0};
        eddyi_wall_state_velocity(w->walls, x, y, walls);
        u += walls[0];
        v += walls[1];
        /* own sheet: fluid-side limit, +gamma/2 along the tangent t = -n rotated */
        double tx = -w->normal[2 * g + 1], ty = w->normal[2 * g];
        u += 0.5 * w->strength[g] * tx;
        v += 0.5 * w->strength[g] * ty;
        out_uv[2 * j] = u;
        out_uv[2 * j + 1] = v;
    }
}
