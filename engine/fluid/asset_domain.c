// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_domain.c - a level's walls in its asset (issue 14).
 *
 * Section 'WALL' (only in assets with walls), all little-endian:
 *   u32 wall count (1..EDDY_MAX_WALLS), then per wall
 *     u32 kind: 1 polygon: u32 n (3..EDDY_WALL_MAX_POINTS), n x (f64 x, f64 y)
 *               2 circle:  f64 x, f64 y, f64 radius
 *   u32 islands, u32 Laplacian eigenmodes e, u32 harmonic modes h (= islands),
 *   e f64 eigenvalues of -L (ascending, > 0).
 * The solid mask is not stored: the loader rasterises the walls again (the
 * same code as the builder), remakes the modes stored as stream functions
 * (section 'GPSI', asset_stream.c), and then refuses a grid mode with any
 * flux through a solid face, so an asset can never promise walls its modes
 * leak through. */
#include "domain.h"
#include "panel_walls.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define KIND_POLYGON 1u
#define KIND_CIRCLE 2u

int eddy_asset_wall_count(const eddy_asset *a) { return a ? a->wall_count : 0; }
const eddy_wall *eddy_asset_walls(const eddy_asset *a) { return a ? a->walls : NULL; }
const uint8_t *eddy_asset_solid_mask(const eddy_asset *a) { return a ? a->solid : NULL; }

bool eddy_asset_solid_at(const eddy_asset *a, double x, double y)
{
    if (!a) return true;
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    return eddyi_mask_solid_at(&g, a->solid, x, y);
}

void eddyi_asset_domain_free(eddy_asset *a)
{
    eddy_free(a->walls);
    eddy_free(a->solid);
    eddy_free(a->domain_lambda);
    eddyi_panel_walls_destroy(a->wall_panels);
    a->walls = NULL, a->solid = NULL, a->domain_lambda = NULL, a->wall_panels = NULL;
}

eddy_result eddyi_panel_walls_build_for_asset(eddy_asset *a, eddy_error *err)
{
    if (!a->solid || a->wall_panels) return EDDY_OK;
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    return eddyi_panel_walls_build(&g, a->solid, &a->wall_panels, err);
}

static double wall_lowest(const eddy_wall *w)
{
    if (w->kind == EDDY_WALL_CIRCLE) return w->y - w->radius;
    double low = INFINITY;
    for (int p = 0; p < w->point_count; ++p) low = fmin(low, w->points[p][1]);
    return low;
}

eddy_result eddyi_asset_set_walls(eddy_asset *a, const eddy_wall *walls, int count, eddy_error *err)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    a->walls = eddy_alloc((size_t)count * sizeof *a->walls);
    a->solid = eddy_alloc((size_t)a->nx * (size_t)a->ny);
    int *covered = eddy_alloc((size_t)count * sizeof *covered);
    if (!a->walls || !a->solid || !covered) {
        eddy_free(covered);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d walls", count);
    }
    memcpy(a->walls, walls, (size_t)count * sizeof *walls);
    a->wall_count = count;
    /* a polygon is kept counter-clockwise: the panels' convention (panel.h) */
    for (int k = 0; k < count; ++k) {
        eddy_wall *w = &a->walls[k];
        if (w->kind != EDDY_WALL_POLYGON) continue;
        double area = 0.0;
        for (int p = 0; p < w->point_count; ++p) {
            const double *u = w->points[p], *v = w->points[(p + 1) % w->point_count];
            area += u[0] * v[1] - v[0] * u[1];
        }
        if (area < 0.0)
            for (int p = 0, q = w->point_count - 1; p < q; ++p, --q)
                for (int c = 0; c < 2; ++c) {
                    double t = w->points[p][c];
                    w->points[p][c] = w->points[q][c];
                    w->points[q][c] = t;
                }
    }
    a->solid_count = eddy_walls_rasterise(a->walls, count, &g, a->solid, covered);
    eddy_result res = EDDY_OK;
    /* rock wholly above the water (a tank filled to a depth) is for the
       bodies only: the fluid has no cells there */
    for (int k = 0; k < count && res == EDDY_OK; ++k)
        if (covered[k] == 0 && !(wall_lowest(&a->walls[k]) >= a->height))
            res = eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d] covers no cell centre of the %d x %d "
                            "grid: make it larger or the grid finer", k, a->nx, a->ny);
    eddy_free(covered);
    return res;
}

/* ------------------------------------------------------------ encoding */

void eddyi_asset_domain_encode(const eddy_asset *a, eddy_writer *w)
{
    eddyi_write_u32(w, (uint32_t)a->wall_count);
    for (int k = 0; k < a->wall_count; ++k) {
        const eddy_wall *wall = &a->walls[k];
        if (wall->kind == EDDY_WALL_CIRCLE) {
            eddyi_write_u32(w, KIND_CIRCLE);
            eddyi_write_f64(w, wall->x);
            eddyi_write_f64(w, wall->y);
            eddyi_write_f64(w, wall->radius);
        } else {
            eddyi_write_u32(w, KIND_POLYGON);
            eddyi_write_u32(w, (uint32_t)wall->point_count);
            for (int p = 0; p < wall->point_count; ++p) {
                eddyi_write_f64(w, wall->points[p][0]);
                eddyi_write_f64(w, wall->points[p][1]);
            }
        }
    }
    eddyi_write_u32(w, (uint32_t)a->island_count);
    eddyi_write_u32(w, (uint32_t)a->domain_eigen);
    eddyi_write_u32(w, (uint32_t)a->harmonic_count);
    eddyi_write_f64s(w, a->domain_lambda, (size_t)a->domain_eigen);
}

/* ------------------------------------------------------------ decoding */

static eddy_result fail_short(eddy_error *err)
{
    return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL' is too short");
}

static eddy_result decode_walls(eddy_reader *rd, eddy_wall *walls, uint32_t count, eddy_error *err)
{
    for (uint32_t k = 0; k < count; ++k) {
        eddy_wall *w = &walls[k];
        memset(w, 0, sizeof *w);
        uint32_t kind = eddyi_read_u32(rd);
        if (rd->failed) return fail_short(err);
        if (kind == KIND_CIRCLE) {
            w->kind = EDDY_WALL_CIRCLE;
            w->x = eddyi_read_f64(rd), w->y = eddyi_read_f64(rd), w->radius = eddyi_read_f64(rd);
        } else if (kind == KIND_POLYGON) {
            w->kind = EDDY_WALL_POLYGON;
            uint32_t n = eddyi_read_u32(rd);
            if (rd->failed || n < 3 || n > EDDY_WALL_MAX_POINTS)
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL': "
                                 "wall %u has %u points, not 3..%d",
                                 k, n, EDDY_WALL_MAX_POINTS);
            w->point_count = (int)n;
            for (uint32_t p = 0; p < n; ++p) {
                w->points[p][0] = eddyi_read_f64(rd);
                w->points[p][1] = eddyi_read_f64(rd);
            }
        } else {
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL': "
                             "wall %u has unknown kind %u", k, kind);
        }
        if (rd->failed) return fail_short(err);
    }
    return EDDY_OK;
}

/* Every grid mode: exactly zero on each face that touches a solid cell. */
static eddy_result check_modes_sealed(const eddy_asset *a, eddy_error *err)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    for (size_t s = 0; s < n; ++s) {
        if (!eddy_face_touches_solid(&g, a->solid, (int)s)) continue;
        for (int m = 0; m < a->grid_count; ++m)
            if (a->grid_modes[(size_t)m * n + s] != 0.0)
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD': "
                                 "grid mode %d has flow through a "
                                 "wall (sample %zu)", m, s);
    }
    return EDDY_OK;
}

static eddy_result check_counts(const eddy_asset *a, eddy_error *err)
{
    if (a->eigen_count != 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL': "
                         "a level with walls has no box eigenmodes, "
                         "this one claims %d", a->eigen_count);
    if (a->harmonic_count != a->island_count)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL': "
                         "%d islands but %d harmonic modes",
                         a->island_count, a->harmonic_count);
    if (a->domain_eigen < 1 || (long)a->domain_eigen + a->harmonic_count > a->grid_count)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL': "
                         "%d eigenmodes and %d harmonic modes do "
                         "not fit in %d grid modes", a->domain_eigen, a->harmonic_count,
                         a->grid_count);
    if (a->stream_count != 0 && a->stream_count != a->domain_eigen)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GPSI' holds %d modes, but the "
                         "level has %d Laplacian eigenmodes", a->stream_count, a->domain_eigen);
    for (int k = 0; k < a->domain_eigen; ++k)
        if (!isfinite(a->domain_lambda[k]) || !(a->domain_lambda[k] > 0.0) ||
            (k > 0 && a->domain_lambda[k] < a->domain_lambda[k - 1]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL': "
                             "eigenvalue %d of the walled domain is "
                             "not positive, finite and ascending", k);
    return EDDY_OK;
}

eddy_result eddyi_asset_domain_decode(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    if (!s) return EDDY_OK;
    eddy_reader rd = eddyi_reader_make(s);
    uint32_t count = eddyi_read_u32(&rd);
    if (rd.failed || count < 1 || count > EDDY_MAX_WALLS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL' claims %u walls, not 1..%d",
                         count, EDDY_MAX_WALLS);
    eddy_wall *walls = eddy_alloc(count * sizeof *walls);
    if (!walls) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading walls");
    eddy_result res = decode_walls(&rd, walls, count, err);
    eddy_error inner = {0};
    if (res == EDDY_OK && eddy_walls_check(walls, (int)count, a->width, a->tank_height, &inner) != EDDY_OK)
        res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: %s", inner.message);
    if (res == EDDY_OK) {
        res = eddyi_asset_set_walls(a, walls, (int)count, &inner);
        if (res != EDDY_OK)
            res = eddy_fail(err, res == EDDY_ERR_MEMORY ? res : EDDY_ERR_FORMAT, "asset: %s",
                            inner.message);
    }
    eddy_free(walls);
    if (res != EDDY_OK) return res;
    uint32_t islands = eddyi_read_u32(&rd), eig = eddyi_read_u32(&rd), harm = eddyi_read_u32(&rd);
    if (rd.failed) return fail_short(err);
    if (eig > (uint32_t)a->grid_count || harm > (uint32_t)a->grid_count ||
        islands > (uint32_t)a->grid_count || rd.left != (size_t)eig * 8)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'WALL' has %u eigenvalues for %d "
                         "grid modes, or the wrong size", eig, a->grid_count);
    a->island_count = (int)islands, a->domain_eigen = (int)eig, a->harmonic_count = (int)harm;
    a->domain_lambda = eddy_alloc((eig > 0 ? eig : 1) * sizeof *a->domain_lambda);
    if (!a->domain_lambda) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading walls");
    eddyi_read_f64s(&rd, a->domain_lambda, eig);
    if (rd.failed || rd.left != 0) return fail_short(err);
    res = check_counts(a, err);
    if (res == EDDY_OK) res = eddyi_asset_stream_fields(a, err);
    if (res == EDDY_OK) res = check_modes_sealed(a, err);
    if (res == EDDY_OK) res = eddyi_panel_walls_build_for_asset(a, err);
    return res;
}
