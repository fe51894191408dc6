// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_shapes.c - the coupling's cache of panelled outlines: one entry
 * per distinct set of pieces and spacing, never moved (the panel world points
 * into it), shared by the bodies' panels and the probes' finer outlines
 * (coupling_probe.c). Moved here from coupling.c unchanged. */
#include "coupling_internal.h"
#include "asset_shapes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

bool eddyi_shape_entry_matches(const eddy_shape_entry *e, const eddy_piece *pieces, int count,
                              double spacing)
{
    return e->piece_count == count && e->spacing == spacing &&
           eddyi_pieces_equal(e->pieces, pieces, count);
}

eddy_result eddyi_shape_entry_build(eddy_shape_entry *e, const eddy_piece *pieces, int count,
                                   double spacing, const char *name, eddy_error *err)
{
    memset(e, 0, sizeof *e);
    e->pieces = eddy_alloc((size_t)count * sizeof *pieces);
    if (!e->pieces) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory caching a shape");
    memcpy(e->pieces, pieces, (size_t)count * sizeof *pieces);
    e->piece_count = count;
    e->spacing = spacing;
    eddy_panel_shape_desc sd = {0};
    sd.name = name;
    sd.pieces = pieces;
    sd.piece_count = count;
    sd.spacing = spacing;
    eddy_result res = eddyi_panel_shape_build(&sd, &e->shape, err);
    if (res != EDDY_OK) {
        eddyi_panel_shape_free(&e->shape);
        eddy_free(e->pieces);
        e->pieces = NULL;
    }
    return res;
}

/* Panels and pseudo-inverse for these pieces: from the asset's shape
 * catalogue, else from the coupling's cache, else built now and cached. */
eddy_result eddyi_coupling_find_shape(eddy_coupling *c, const eddy_piece *pieces, int count,
                                     const eddy_panel_shape **out, eddy_error *err)
{
    *out = eddyi_asset_find_shape(c->asset, pieces, count, c->desc.panel_spacing);
    if (*out) {
        ++c->shapes_from_asset;
        return EDDY_OK;
    }
    for (int s = 0; s < c->cache_count; ++s)
        if (eddyi_shape_entry_matches(&c->cache[s], pieces, count, c->desc.panel_spacing)) {
            *out = &c->cache[s].shape;
            return EDDY_OK;
        }
    if (c->cache_count == c->cache_capacity) {
        /* Shapes are referenced by pointer from the panel world: the cache
         * never moves, it has one slot per possible body. */
        return eddy_fail(err, EDDY_ERR_CAPACITY, "coupling: shape cache full (%d shapes)",
                         c->cache_capacity);
    }
    eddy_shape_entry *e = &c->cache[c->cache_count];
    char name[32];
    snprintf(name, sizeof name, "body shape %d", c->cache_count);
    eddy_result res = eddyi_shape_entry_build(e, pieces, count, c->desc.panel_spacing, name, err);
    if (res != EDDY_OK) return res;
    ++c->cache_count;
    *out = &e->shape;
    return EDDY_OK;
}

/* The largest distance between two points of a body's pieces (body space).
 * Each piece is a set of discs: a box's or polygon's corners (radius 0), a
 * circle's centre (its radius); the diameter is the largest
 * |p_i - p_j| + r_i + r_j over all pairs, a disc with itself included. */
double eddyi_pieces_diameter(const eddy_piece *pieces, int count)
{
    double px[EDDY_PANEL_MAX_PIECES * EDDY_PANEL_MAX_VERTICES];
    double py[EDDY_PANEL_MAX_PIECES * EDDY_PANEL_MAX_VERTICES];
    double pr[EDDY_PANEL_MAX_PIECES * EDDY_PANEL_MAX_VERTICES];
    int n = 0;
    for (int k = 0; k < count; ++k) {
        const eddy_piece *q = &pieces[k];
        if (q->kind == EDDY_PIECE_CIRCLE) {
            px[n] = q->cx, py[n] = q->cy, pr[n++] = q->radius;
        } else if (q->kind == EDDY_PIECE_BOX) {
            double c = cos(q->angle), s = sin(q->angle);
            for (int corner = 0; corner < 4; ++corner) {
                double u = (corner & 1) ? q->hx : -q->hx, v = (corner & 2) ? q->hy : -q->hy;
                px[n] = q->cx + c * u - s * v, py[n] = q->cy + s * u + c * v, pr[n++] = 0.0;
            }
        } else {
            for (int v = 0; v < q->vertex_count && v < EDDY_PANEL_MAX_VERTICES; ++v)
                px[n] = q->vertices[v][0], py[n] = q->vertices[v][1], pr[n++] = 0.0;
        }
    }
    double widest = 0.0;
    for (int i = 0; i < n; ++i)
        for (int j = i; j < n; ++j)
            widest = fmax(widest, hypot(px[i] - px[j], py[i] - py[j]) + pr[i] + pr[j]);
    return widest;
}

eddy_result eddyi_coupling_shape_cache_init(eddy_coupling *c, eddy_error *err)
{
    if (c->cache) return EDDY_OK;
    c->cache_capacity = c->desc.max_bodies;
    c->cache = eddy_calloc((size_t)c->cache_capacity, sizeof *c->cache);
    if (!c->cache) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the shape cache");
    return EDDY_OK;
}

/* Frees every cached outline and the cache. */
void eddyi_coupling_shape_cache_free(eddy_coupling *c)
{
    for (int s = 0; s < c->cache_count; ++s) {
        eddyi_panel_shape_free(&c->cache[s].shape);
        eddy_free(c->cache[s].pieces);
    }
    eddy_free(c->cache);
}
