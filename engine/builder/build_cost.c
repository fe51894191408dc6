// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* build_cost.c - what a build will cost, known before it starts
 * (eddy_build_estimate), so that eddy_build_asset refuses a description
 * that would run for hours or make a file the loader cannot read, instead
 * of starting it.
 *
 * The model is empirical: each term is the measured cost of one stage of
 * the build (one core, x86-64, 2026; docs/cli.md lists the measurements),
 * as a function of
 *   e      box eigenmodes (sparse analytic tensor),
 *   g      grid modes: every mode of a level with walls, or the painted
 *          fields and POD directions added to a box,
 *   r      e + g, all modes,
 *   cells  nx * ny.
 * The dense tensor of grid modes grows as r^2 g, its quadrature over the
 * grid as r^2 g cells; the walls' eigensolver and tensor as r^2 cells and
 * r^3. A level that advects on the grid (advection_choice.c) has no tensor:
 * only the eigensolver's terms remain, and its file holds the eigenmodes'
 * stream functions (8 bytes a node) instead. Each body shape of the
 * catalogue costs its dense panel matrix, its pseudo-inverse and added
 * mass: n^3 in its n panels (issue 30: one shape of ~1,480 panels ran for
 * more than 600 s unestimated). The constants round the
 * measurements up, so a description just under the limits runs in less
 * than the limit. */
#include "builder_internal.h"

#include "eddy_mode.h"

#include <math.h>
#include <string.h>

/* Side of a cell: the longer over the shorter. The quadtree error table
 * has one bin per shorter side along the domain's diagonal, so a long thin
 * cell makes it huge (100000 x 0.001 m on 4 x 4 cells: 4e8 bins). */
#define MAX_CELL_ASPECT 16.0

/* The quadtree error table: a few quadratures per bin and tree level. */
#define TABLE_S_PER_BIN 9e-4
/* Box: tensor and selection ~ e^2, grid-sized arrays ~ cells. */
#define BOX_S_PER_E2 1.6e-6
#define BOX_S_PER_CELL 6.5e-7
#define BOX_B_PER_E2 110.0
#define BOX_B_PER_CELL 4.5
#define BOX_FILE_PER_E2 37.0
/* Enrichment of a box: quadrature of the tensor entries with a grid mode. */
#define ENRICH_S_PER_R2_G_CELL 1.2e-8
#define ENRICH_B_PER_R2_G 600.0
#define ENRICH_FILE_PER_R2_G 48.0
/* Walls: Lanczos and grid tensor ~ r^2 cells, its dense part ~ r^3. */
#define WALLS_S_PER_R2_CELL 3.1e-8
#define WALLS_S_PER_R3 6.5e-7
#define WALLS_B_PER_R3 48.0
#define WALLS_B_PER_R_CELL 64.0
#define WALLS_FILE_PER_R3 16.0
/* Grid modes are stored as face samples: 2 cells x 8 bytes each; a walled
 * level's eigenmodes as stream functions, at most a node per cell. */
#define GRID_MODE_FILE_PER_CELL 16.0
/* The free surface of a walled level (surface_build.c): sparse solves over the
 * water cells, and the dense eigenproblem of the surface cells. */
#define SURFACE_S_PER_SOLVE_CELL 1e-7
#define SURFACE_S_PER_N3 2e-9
#define STREAM_FILE_PER_CELL 8.0
/* A catalogue shape of n panels (eddyi_asset_build_shapes): the panel matrix
 * and its SVD pseudo-inverse, n^3, slower than n^3 once the matrices leave
 * the caches. Measured on one core (x86-64, 2026), a circle of 161, 322 and
 * 643 panels: 0.53, 4.6 and 60.8 s; the model says 0.93, 8.1 and 76 s.
 * Memory: a few n x n matrices; the file keeps two per shape. */
#define SHAPE_S_PER_N3 2e-7
#define SHAPE_CACHE_PANELS 1500.0
#define SHAPE_B_PER_N2 64.0
#define SHAPE_FILE_PER_N2 16.0

static int fields_of(const eddy_mode_set *const *sets, int count)
{
    int n = 0;
    for (int i = 0; sets && i < count; i++)
        if (sets[i]) n += eddy_mode_set_count(sets[i]);
    return n;
}

/* Grid modes the description asks for (an upper bound: enrichment may keep
 * fewer). */
static double grid_modes_of(const eddy_build_desc *d)
{
    double g = fields_of(d->artists, d->artist_count);
    if (d->snapshot_count > 0) g += d->pod_modes;
    return g;
}

/* The catalogue's shapes at the asset's panel spacing (the shorter side of
 * a cell, as eddyi_asset_build_shapes uses): time adds up, memory is the
 * largest shape's, the file holds every one. */
static double shape_seconds(double n)
{
    return SHAPE_S_PER_N3 * n * n * n * (1.0 + n / SHAPE_CACHE_PANELS);
}

/* A single shape over the time limit is refused by name, before the whole
 * build is judged: the designer learns which shape to make smaller. */
static eddy_result check_each_shape(const eddy_build_desc *d, eddy_error *err)
{
    const double spacing = fmin(d->width / d->nx, d->height / d->ny);
    for (int i = 0; i < eddy_shape_catalogue_count(d->shapes); ++i) {
        double n = eddyi_shape_catalogue_panel_bound(d->shapes, i, spacing);
        if (shape_seconds(n) > EDDY_BUILD_MAX_SECONDS)
            return eddy_fail(err, EDDY_ERR_RANGE,
                             "shapes[%d] '%s': about %.0f panels at the grid's spacing of %.3g m, "
                             "whose panel inverse would take about %.3g s to build (limit %g s): "
                             "make the shape smaller or the grid coarser",
                             i, eddyi_shape_catalogue_name(d->shapes, i), n, spacing,
                             shape_seconds(n), EDDY_BUILD_MAX_SECONDS);
    }
    return EDDY_OK;
}

static void estimate_shapes(const eddy_build_desc *d, eddy_build_cost *c)
{
    const double spacing = fmin(d->width / d->nx, d->height / d->ny);
    double largest = 0.0;
    for (int i = 0; i < eddy_shape_catalogue_count(d->shapes); ++i) {
        double n = eddyi_shape_catalogue_panel_bound(d->shapes, i, spacing);
        c->seconds += shape_seconds(n);
        c->file_bytes += SHAPE_FILE_PER_N2 * n * n;
        largest = fmax(largest, n);
    }
    c->bytes += SHAPE_B_PER_N2 * largest * largest;
}

static void estimate(const eddy_build_desc *d, eddy_build_cost *c)
{
    const double cells = (double)d->nx * (double)d->ny;
    const double hx = d->width / d->nx, hy = d->height / d->ny;
    c->cell_aspect = fmax(hx, hy) / fmin(hx, hy);
    c->table_bins = ceil(hypot(d->width, d->height) / fmin(hx, hy)) + 2.0;
    c->seconds = BOX_S_PER_CELL * cells + TABLE_S_PER_BIN * c->table_bins;
    c->bytes = BOX_B_PER_CELL * cells;
    c->file_bytes = 0.0;
    double g = grid_modes_of(d);
    if (d->wall_count > 0) {
        const double r = d->modes + d->wall_count; /* one island mode per wall at most */
        /* the walled fluid has at most a node and two open faces per cell */
        bool grid = d->advection == EDDY_ADVECTION_GRID ||
                    (d->advection == EDDY_ADVECTION_AUTO &&
                     eddyi_grid_advection_cheaper(r, d->modes, cells, 2.0 * cells));
        c->seconds += WALLS_S_PER_R2_CELL * r * r * cells + (grid ? 0.0 : WALLS_S_PER_R3 * r * r * r);
        c->bytes += (grid ? 0.0 : WALLS_B_PER_R3 * r * r * r) + WALLS_B_PER_R_CELL * r * cells;
        c->file_bytes += grid ? STREAM_FILE_PER_CELL * d->modes * cells +
                                    GRID_MODE_FILE_PER_CELL * d->wall_count * cells
                              : WALLS_FILE_PER_R3 * r * r * r + GRID_MODE_FILE_PER_CELL * r * cells;
    } else {
        const double e = d->modes;
        c->seconds += BOX_S_PER_E2 * e * e;
        c->bytes += BOX_B_PER_E2 * e * e;
        c->file_bytes += BOX_FILE_PER_E2 * e * e;
    }
    /* the surface of a walled level: one sparse solve per surface cell and per
       mode, and a dense eigenproblem over the surface cells */
    if (d->surface_modes > 0 && d->wall_count > 0) {
        c->seconds += SURFACE_S_PER_SOLVE_CELL * (d->nx + d->surface_modes) * cells +
                      SURFACE_S_PER_N3 * (double)d->nx * d->nx * d->nx;
        c->file_bytes += 8.0 * d->surface_modes * 3.0 * cells;
    }
    const double r = d->modes + g + (d->wall_count > 0 ? d->wall_count : 0);
    c->seconds += ENRICH_S_PER_R2_G_CELL * r * r * g * cells;
    c->bytes += ENRICH_B_PER_R2_G * r * r * g;
    c->file_bytes += ENRICH_FILE_PER_R2_G * r * r * g + GRID_MODE_FILE_PER_CELL * g * cells;
    /* (with advection on the grid enrichment skips its tensor: an over-estimate) */
    estimate_shapes(d, c);
}

eddy_result eddy_build_estimate(const eddy_build_desc *desc, eddy_build_cost *out,
                                eddy_error *err)
{
    if (!desc || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "build estimate: NULL argument");
    memset(out, 0, sizeof *out);
    eddy_build_desc d = *desc;
    double tank;
    eddy_result resolved = eddyi_build_resolve(&d, &tank, err);
    if (resolved != EDDY_OK) return resolved;
    if (!(d.width > 0 && d.height > 0 && d.nx > 0 && d.ny > 0 && d.modes > 0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "build estimate: sizes must be positive");
    estimate(&d, out);
    eddy_result shapes_ok = check_each_shape(&d, err);
    if (shapes_ok != EDDY_OK) return shapes_ok;
    if (out->cell_aspect > MAX_CELL_ASPECT)
        return eddy_fail(err, EDDY_ERR_RANGE,
                         "domain %g x %g m on %d x %d cells: the cells are %.3g times longer than "
                         "wide (at most %g; the quadtree table alone would have %.3g bins): "
                         "choose a grid closer to the domain's shape",
                         d.width, d.height, d.nx, d.ny, out->cell_aspect, MAX_CELL_ASPECT,
                         out->table_bins);
    if (out->seconds > EDDY_BUILD_MAX_SECONDS || out->bytes > EDDY_BUILD_MAX_BYTES ||
        out->file_bytes > EDDY_BUILD_MAX_FILE_BYTES)
        return eddy_fail(err, EDDY_ERR_RANGE,
                         "%d modes%s on %d x %d cells: the build would take about %.3g s, "
                         "%.3g GiB of memory and a %.3g GiB file (limits %g s, %g GiB, %g GiB): "
                         "use fewer modes, fewer painted or POD modes, fewer or smaller body "
                         "shapes, or a coarser grid",
                         d.modes, d.wall_count > 0 ? " with walls" : "", d.nx, d.ny, out->seconds,
                         out->bytes / 1073741824.0, out->file_bytes / 1073741824.0,
                         EDDY_BUILD_MAX_SECONDS, EDDY_BUILD_MAX_BYTES / 1073741824.0,
                         EDDY_BUILD_MAX_FILE_BYTES / 1073741824.0);
    return EDDY_OK;
}
