// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_build.c - building an asset (eddy_build_asset): for the box, the
 * eigenbasis and its exact advection tensor (5.6-5.8); for a level with
 * walls, the walled domain's grid modes (domain_basis.c); then enrichment
 * with painted and recorded fields (5.2, enrich.c), the quadtree table of
 * 5.19 and the panels of the level's shape catalogue (shape_catalogue.c). */
#include "asset_format.h"
#include "builder_internal.h"
#include "domain_build.h"
#include "surface_modes.h"

#include <math.h>
#include <stdlib.h>

static void report(const eddy_build_desc *d, const char *stage, double fraction)
{
    if (d->progress) d->progress(d->progress_user, stage, fraction);
}

static eddy_result check_build_desc(const eddy_build_desc *d, eddy_error *err)
{
    if (!isfinite(d->width) || !isfinite(d->height) || d->width <= 0 || d->height <= 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "domain %g x %g: sides must be positive",
                         d->width, d->height);
    if (d->nx < 2 || d->ny < 2 || d->nx > MAX_GRID || d->ny > MAX_GRID)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid %d x %d: cells per side must be in 2..%d",
                         d->nx, d->ny, MAX_GRID);
    if (d->modes < 1 || d->modes > MAX_MODES)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "%d modes: must be in 1..%d", d->modes, MAX_MODES);
    if (d->width < EDDY_BUILD_MIN_SIDE || d->width > EDDY_BUILD_MAX_SIDE ||
        d->height < EDDY_BUILD_MIN_SIDE || d->height > EDDY_BUILD_MAX_SIDE)
        return eddy_fail(err, EDDY_ERR_RANGE, "domain %g x %g m: each side must be in %g..%g m",
                         d->width, d->height, EDDY_BUILD_MIN_SIDE, EDDY_BUILD_MAX_SIDE);
    if (d->advection < EDDY_ADVECTION_AUTO || d->advection > EDDY_ADVECTION_GRID)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "advection %d: must be auto, tensor or grid",
                         (int)d->advection);
    bool enriched = d->artist_count > 0 || d->snapshot_count > 0 || d->pod_modes > 0;
    if (d->advection == EDDY_ADVECTION_GRID && d->wall_count == 0 && !d->walls && enriched)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "advection on the grid: a box level with painted "
                         "or POD modes has no grid path (its eigenmodes' tensor is exact in "
                         "closed form); use tensor or auto");
    eddy_build_cost cost;
    return eddy_build_estimate(d, &cost, err);
}

static eddy_result build_quadtree_table(eddy_asset *a, eddy_error *err)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    eddy_quadtree tree;
    eddy_result res = eddyi_quadtree_build(&g, &tree, err);
    if (res == EDDY_OK) res = eddyi_qt_table_build(&tree, fmin(g.hx, g.hy), &a->quadtree_table, err);
    eddyi_quadtree_free(&tree);
    return res;
}

static eddy_result finish_build(eddy_asset *a, const eddy_build_desc *d, eddy_result res,
                                eddy_asset **out, eddy_error *err);

/* Surface modes by default: one per two columns of the grid, at most 32 (the
 * shortest wave is then about two cells long on a coarse grid, W / 16 on a
 * fine one). */
#define DEFAULT_SURFACE_MODES 32

eddy_result eddyi_build_resolve(eddy_build_desc *d, double *tank, eddy_error *err)
{
    if (d->width == 0) d->width = 10.0;
    if (d->height == 0) d->height = 10.0;
    if (d->nx == 0) d->nx = 64;
    if (d->modes == 0) d->modes = 73;
    *tank = d->height;
    if (d->depth != 0 && !(d->depth > 0 && d->depth <= d->height))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "depth %g m: the water must fill (0, %g] m of "
                         "the tank", d->depth, d->height);
    bool surface = d->depth != 0 && d->depth < d->height;
    if (d->ny == 0)
        d->ny = surface ? (int)fmax(2.0, floor(d->nx * d->depth / d->height + 0.5)) : d->nx;
    if (d->surface_modes < 0 || d->surface_modes > EDDY_SURFACE_MAX_MODES)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "%d surface modes: must be in 0..%d",
                         d->surface_modes, EDDY_SURFACE_MAX_MODES);
    if (surface) {
        d->height = d->depth;
        if (d->surface_modes == 0)
            d->surface_modes = d->nx / 2 < DEFAULT_SURFACE_MODES ? d->nx / 2 : DEFAULT_SURFACE_MODES;
        if (d->surface_modes < 1) d->surface_modes = 1;
    } else {
        d->surface_modes = 0;
    }
    d->depth = 0;
    return EDDY_OK;
}

eddy_result eddy_build_asset(const eddy_build_desc *desc, eddy_asset **out, eddy_error *err)
{
    eddyi_builder_pin_threads();
    if (!out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "build: out is required");
    *out = NULL;
    eddy_build_desc d = desc ? *desc : (eddy_build_desc){0};
    double tank;
    eddy_result res = eddyi_build_resolve(&d, &tank, err);
    if (res == EDDY_OK) res = check_build_desc(&d, err);
    if (res == EDDY_OK && !(tank <= EDDY_BUILD_MAX_SIDE))
        res = eddy_fail(err, EDDY_ERR_RANGE, "tank %g m high: at most %g m", tank,
                        EDDY_BUILD_MAX_SIDE);
    if (res != EDDY_OK) return res;

    eddy_asset *a = eddy_calloc(1, sizeof *a);
    if (!a) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory building an asset");
    a->width = d.width, a->height = d.height, a->nx = d.nx, a->ny = d.ny;
    a->tank_height = tank;
    if (d.wall_count != 0 || d.walls) { /* a level with walls: domain_basis.c */
        res = eddyi_domain_build_asset(a, &d, err);
        if (res == EDDY_OK) res = eddyi_enrich_asset(a, &d, err);
        return finish_build(a, &d, res, out, err);
    }
    a->mode_count = a->eigen_count = d.modes;
    a->viscosity_diagonal = true;
    a->modes = eddy_alloc((size_t)d.modes * sizeof *a->modes);
    a->viscosity = eddy_calloc((size_t)d.modes * (size_t)d.modes, sizeof *a->viscosity);
    if (!a->modes || !a->viscosity) {
        eddy_asset_destroy(a);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory building an asset");
    }
    report(&d, "eigenbasis", 0.0);
    res = eddyi_box_select_modes(d.width, d.height, d.modes, a->modes, err);
    if (res != EDDY_OK) {
        eddy_asset_destroy(a);
        return res;
    }
    /* D~ = B^T lap B (5.6) is -lambda_k on the diagonal for eigenmodes. */
    for (int k = 0; k < d.modes; ++k)
        a->viscosity[(size_t)k * (size_t)d.modes + (size_t)k] = -a->modes[k].lambda;
    report(&d, "advection tensor", 0.1);
    /* the closed-form tensor, unless the level advects on its collocation
     * grid (advect_box.c; advection_choice.c decides AUTO from it) */
    if (d.advection != EDDY_ADVECTION_GRID) {
        res = eddyi_box_advection_tensor(a->modes, d.modes, d.width, d.height, &a->tensor, err);
        if (res == EDDY_OK) res = eddyi_tensor_skew_symmetrize(&a->tensor, err);
    }
    if (res == EDDY_OK && eddyi_build_advection(&d, a) == EDDY_ADVECTION_GRID) {
        a->grid_advection = true;
        eddyi_tensor_free(&a->tensor);
    }
    /* Artist and POD modes (5.2), when the desc has any. */
    if (res == EDDY_OK) res = eddyi_enrich_asset(a, &d, err);
    return finish_build(a, &d, res, out, err);
}

/* The parts every asset gets once its basis is there. */
static eddy_result finish_build(eddy_asset *a, const eddy_build_desc *dp, eddy_result res,
                                eddy_asset **out, eddy_error *err)
{
    eddy_build_desc d = *dp;
    /* The 5.19 table for quadtree feedback at the coupling's default panel
     * length, one grid spacing. */
    if (res == EDDY_OK) {
        report(&d, "quadtree table", 0.8);
        res = build_quadtree_table(a, err);
    }
    /* The free surface's sloshing modes, when the water is below the top. */
    if (res == EDDY_OK && a->tank_height > a->height) {
        report(&d, "surface modes", 0.85);
        res = eddyi_surface_build(a, d.surface_modes, err);
    }
    /* Panels of the level's body shapes (5.12, 5.15), when it has a catalogue. */
    if (res == EDDY_OK && d.shapes) {
        report(&d, "body shapes", 0.9);
        res = eddyi_asset_build_shapes(a, d.shapes, err);
    }
    if (res != EDDY_OK) {
        eddy_asset_destroy(a);
        return res;
    }
    report(&d, "done", 1.0);
    *out = a;
    return EDDY_OK;
}
