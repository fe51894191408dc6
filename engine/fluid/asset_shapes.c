// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_shapes.c - the 'SHAP' section of an asset: precomputed panels and
 * panel-matrix pseudo-inverses of the level's body shapes, written and read
 * with the same strict checks as every other section. */
#include "asset_shapes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void eddy_asset_shapes_free(struct eddy_asset_shape *shapes, int count)
{
    if (!shapes) return;
    for (int s = 0; s < count; ++s) eddy_panel_shape_free(&shapes[s].panels);
    eddy_free(shapes);
}

/* Field by field: struct padding never decides whether two outlines match. */
bool eddy_pieces_equal(const eddy_piece *a, const eddy_piece *b, int count)
{
    for (int p = 0; p < count; ++p) {
        const eddy_piece *x = &a[p], *y = &b[p];
        if (x->kind != y->kind || x->cx != y->cx || x->cy != y->cy || x->angle != y->angle ||
            x->hx != y->hx || x->hy != y->hy || x->radius != y->radius ||
            x->vertex_count != y->vertex_count)
            return false;
        for (int v = 0; v < x->vertex_count && v < EDDY_PANEL_MAX_VERTICES; ++v)
            if (x->vertices[v][0] != y->vertices[v][0] || x->vertices[v][1] != y->vertices[v][1])
                return false;
    }
    return true;
}

const eddy_panel_shape *eddy_asset_find_shape(const eddy_asset *a, const eddy_piece *pieces,
                                              int count, double spacing)
{
    for (int s = 0; s < a->shape_count; ++s) {
        const struct eddy_asset_shape *e = &a->shapes[s];
        if (e->piece_count == count && e->spacing == spacing &&
            eddy_pieces_equal(e->pieces, pieces, count))
            return &e->panels;
    }
    return NULL;
}

/* ------------------------------------------------------------ writing */

static void encode_piece(const eddy_piece *p, eddy_writer *w)
{
    eddy_write_i32(w, (int32_t)p->kind);
    const double fields[7] = {p->cx, p->cy, p->angle, p->hx, p->hy, p->radius, 0.0};
    eddy_write_f64s(w, fields, 6);
    eddy_write_i32(w, p->vertex_count);
    eddy_write_f64s(w, &p->vertices[0][0], 2 * EDDY_PANEL_MAX_VERTICES);
}

static void encode_ints(eddy_writer *w, const int *v, int n)
{
    for (int i = 0; i < n; ++i) eddy_write_i32(w, v[i]);
}

static void encode_panels(const eddy_panel_shape *p, eddy_writer *w)
{
    size_t m = (size_t)p->count;
    eddy_write_i32(w, p->count);
    eddy_write_i32(w, p->group_count);
    eddy_write_f64(w, p->sigma_min);
    eddy_write_f64(w, p->sigma_max);
    eddy_write_f64(w, p->radius);
    eddy_write_f64s(w, p->ends, 4 * m);
    eddy_write_f64s(w, p->mid, 2 * m);
    eddy_write_f64s(w, p->normal, 2 * m);
    eddy_write_f64s(w, p->length, m);
    encode_ints(w, p->piece, p->count);
    encode_ints(w, p->group, p->count);
    eddy_write_f64s(w, p->pinv, m * (size_t)p->rows);
    eddy_write_f64(w, p->area); /* format 2 on */
    eddy_write_f64s(w, p->added_mass, 9);
}

void eddy_asset_shapes_encode(const eddy_asset *a, eddy_writer *w)
{
    eddy_write_u32(w, (uint32_t)a->shape_count);
    for (int s = 0; s < a->shape_count; ++s) {
        const struct eddy_asset_shape *e = &a->shapes[s];
        eddy_write_string(w, e->name);
        eddy_write_i32(w, e->piece_count);
        for (int p = 0; p < e->piece_count; ++p) encode_piece(&e->pieces[p], w);
        eddy_write_f64(w, e->spacing);
        encode_panels(&e->panels, w);
    }
}

/* ------------------------------------------------------------ reading */

static eddy_result bad(eddy_error *err, int shape, const char *what)
{
    return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SHAP', shape %d: %s", shape, what);
}

static bool all_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; ++i)
        if (!isfinite(v[i])) return false;
    return true;
}

static eddy_result decode_piece(eddy_reader *r, eddy_piece *p, int shape, eddy_error *err)
{
    memset(p, 0, sizeof *p);
    int kind = eddy_read_i32(r);
    double fields[6];
    eddy_read_f64s(r, fields, 6);
    p->vertex_count = eddy_read_i32(r);
    eddy_read_f64s(r, &p->vertices[0][0], 2 * EDDY_PANEL_MAX_VERTICES);
    if (r->failed) return bad(err, shape, "too short");
    if (kind < EDDY_PIECE_BOX || kind > EDDY_PIECE_POLYGON) return bad(err, shape, "unknown piece kind");
    p->kind = (eddy_piece_kind)kind;
    p->cx = fields[0], p->cy = fields[1], p->angle = fields[2];
    p->hx = fields[3], p->hy = fields[4], p->radius = fields[5];
    if (!all_finite(fields, 6) || !all_finite(&p->vertices[0][0], 2 * EDDY_PANEL_MAX_VERTICES))
        return bad(err, shape, "a piece holds a non-finite number");
    if (p->kind == EDDY_PIECE_POLYGON &&
        (p->vertex_count < 3 || p->vertex_count > EDDY_PANEL_MAX_VERTICES))
        return bad(err, shape, "a polygon piece has a bad vertex count");
    if (p->kind == EDDY_PIECE_CIRCLE && !(p->radius > 0)) return bad(err, shape, "a circle piece has no radius");
    return EDDY_OK;
}

static bool read_ints(eddy_reader *r, int *v, int n, int limit)
{
    for (int i = 0; i < n; ++i) {
        v[i] = eddy_read_i32(r);
        if (v[i] < 0 || v[i] >= limit) return false;
    }
    return !r->failed;
}

/* Geometry that must hold for any panelled outline: every panel a straight
 * segment of positive length, its midpoint between its end points and its
 * unit normal the right-hand one of its direction (outward on a
 * counter-clockwise outline), all to 1e-9. NaN fails every comparison. */
static const char *panel_geometry_defect(const eddy_panel_shape *p)
{
    for (int i = 0; i < p->count; ++i) {
        const double *e = &p->ends[4 * i], *n = &p->normal[2 * i];
        double dx = e[2] - e[0], dy = e[3] - e[1], len = hypot(dx, dy);
        double scale = 1e-9 * (1.0 + fabs(e[0]) + fabs(e[1]) + fabs(e[2]) + fabs(e[3]));
        if (!(p->length[i] > 0) || !(fabs(len - p->length[i]) <= scale))
            return "a panel's length does not match its end points";
        if (!(fabs(0.5 * (e[0] + e[2]) - p->mid[2 * i]) <= scale) ||
            !(fabs(0.5 * (e[1] + e[3]) - p->mid[2 * i + 1]) <= scale))
            return "a panel's midpoint is not between its end points";
        if (!(fabs(hypot(n[0], n[1]) - 1.0) <= 1e-9))
            return "a panel's normal is not a unit vector";
        if (!(fabs(n[0] - dy / len) <= 1e-9) || !(fabs(n[1] + dx / len) <= 1e-9))
            return "a panel's normal is not the outward one of its direction";
    }
    return NULL;
}

/* Each group of panels (one connected body part) must close: around a
 * closed outline the normals weighted by the lengths sum to zero (the
 * divergence theorem for a constant field), so a missing, extra or reversed
 * panel shows. The outline must enclose a positive area about the bounding
 * radius, and every panel of a piece belongs to one group. */
static const char *panel_outline_defect(const eddy_panel_shape *p)
{
    double sum[2 * EDDY_PANEL_MAX_PIECES] = {0}, perimeter[EDDY_PANEL_MAX_PIECES] = {0};
    int group_of_piece[EDDY_PANEL_MAX_PIECES];
    for (int k = 0; k < EDDY_PANEL_MAX_PIECES; ++k) group_of_piece[k] = -1;
    double reach = 0.0;
    for (int i = 0; i < p->count; ++i) {
        int g = p->group[i], piece = p->piece[i];
        if (group_of_piece[piece] >= 0 && group_of_piece[piece] != g)
            return "the panels of one piece are in two groups";
        group_of_piece[piece] = g;
        sum[2 * g] += p->normal[2 * i] * p->length[i];
        sum[2 * g + 1] += p->normal[2 * i + 1] * p->length[i];
        perimeter[g] += p->length[i];
        const double *e = &p->ends[4 * i];
        reach = fmax(reach, fmax(hypot(e[0], e[1]), hypot(e[2], e[3])));
    }
    for (int g = 0; g < p->group_count; ++g)
        if (!(perimeter[g] > 0) || !(hypot(sum[2 * g], sum[2 * g + 1]) <= 1e-9 * perimeter[g]))
            return "its panels do not form closed outlines";
    if (!(fabs(p->radius - reach) <= 1e-9 * (1.0 + reach)))
        return "its bounding radius does not match its panels";
    if (!(eddy_panel_shape_area(p) > 0))
        return "its outline encloses no area (clockwise or degenerate)";
    if (!(p->sigma_min >= 0 && p->sigma_min <= p->sigma_max))
        return "its singular values are not 0 <= sigma_min <= sigma_max";
    return NULL;
}

/* Area and added-mass tensor (panel_added_mass.c): stored from format 2 on,
 * computed from the panels for a format-1 asset. A stored tensor must be
 * symmetric with a non-negative diagonal, as every added-mass tensor is. */
static eddy_result decode_added_mass(eddy_reader *r, eddy_panel_shape *p, uint32_t version,
                                     int shape, eddy_error *err)
{
    if (version < 2) {
        eddy_error inner = {0};
        if (eddy_panel_added_mass(p, 0.0, &inner) != EDDY_OK)
            return bad(err, shape, "its added mass cannot be computed");
        return EDDY_OK;
    }
    p->area = eddy_read_f64(r);
    eddy_read_f64s(r, p->added_mass, 9);
    if (r->failed) return bad(err, shape, "too short");
    if (!all_finite(p->added_mass, 9) || !isfinite(p->area) || !(p->area > 0))
        return bad(err, shape, "holds a non-finite number");
    const double *m = p->added_mass;
    double scale = fabs(m[0]) + fabs(m[4]) + fabs(m[8]);
    if (m[0] < 0 || m[4] < 0 || m[8] < 0 || fabs(m[1] - m[3]) > 1e-9 * scale ||
        fabs(m[2] - m[6]) > 1e-9 * scale || fabs(m[5] - m[7]) > 1e-9 * scale)
        return bad(err, shape, "its added-mass tensor is not symmetric with a non-negative diagonal");
    return EDDY_OK;
}

static eddy_result decode_panels(eddy_reader *r, eddy_panel_shape *p, int pieces, int shape,
                                 eddy_error *err)
{
    p->count = eddy_read_i32(r);
    p->group_count = eddy_read_i32(r);
    p->sigma_min = eddy_read_f64(r);
    p->sigma_max = eddy_read_f64(r);
    p->radius = eddy_read_f64(r);
    if (r->failed) return bad(err, shape, "too short");
    if (p->count < 1 || p->count > EDDY_PANEL_MAX_SHAPE_PANELS)
        return bad(err, shape, "panel count outside 1..4096");
    if (p->group_count < 1 || p->group_count > pieces)
        return bad(err, shape, "circulation rows outside 1..pieces");
    size_t m = (size_t)p->count;
    p->rows = p->count + p->group_count;
    /* 4+2+2+1 doubles, 2 ints and a pinv row per panel must fit before allocating */
    if (m > r->left / (8 * (9 + (size_t)p->rows) + 8)) return bad(err, shape, "too short");
    p->ends = eddy_alloc(4 * m * sizeof(double));
    p->mid = eddy_alloc(2 * m * sizeof(double));
    p->normal = eddy_alloc(2 * m * sizeof(double));
    p->length = eddy_alloc(m * sizeof(double));
    p->piece = eddy_alloc(m * sizeof(int));
    p->group = eddy_alloc(m * sizeof(int));
    p->pinv = eddy_alloc(m * (size_t)p->rows * sizeof(double));
    if (!p->ends || !p->mid || !p->normal || !p->length || !p->piece || !p->group || !p->pinv)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading shape %d", shape);
    eddy_read_f64s(r, p->ends, 4 * m);
    eddy_read_f64s(r, p->mid, 2 * m);
    eddy_read_f64s(r, p->normal, 2 * m);
    eddy_read_f64s(r, p->length, m);
    if (!read_ints(r, p->piece, p->count, pieces) || !read_ints(r, p->group, p->count, p->group_count))
        return bad(err, shape, "a panel names a piece or group that does not exist");
    eddy_read_f64s(r, p->pinv, m * (size_t)p->rows);
    if (r->failed) return bad(err, shape, "too short");
    if (!all_finite(p->ends, 4 * m) || !all_finite(p->mid, 2 * m) || !all_finite(p->normal, 2 * m) ||
        !all_finite(p->length, m) || !all_finite(p->pinv, m * (size_t)p->rows) ||
        !isfinite(p->sigma_min) || !isfinite(p->sigma_max) || !(p->radius > 0) || !isfinite(p->radius))
        return bad(err, shape, "holds a non-finite number");
    const char *defect = panel_geometry_defect(p);
    if (!defect) defect = panel_outline_defect(p);
    return defect ? bad(err, shape, defect) : EDDY_OK;
}

static eddy_result decode_shape(eddy_reader *r, struct eddy_asset_shape *e, int shape,
                                uint32_t version, eddy_error *err)
{
    const char *why = eddy_read_string(r, e->name, EDDY_SHAPE_NAME_MAX);
    if (why) return bad(err, shape, "its name is malformed");
    snprintf(e->panels.name, sizeof e->panels.name, "%s", e->name);
    e->piece_count = eddy_read_i32(r);
    if (r->failed || e->piece_count < 1 || e->piece_count > EDDY_PANEL_MAX_PIECES)
        return bad(err, shape, "piece count outside 1..16");
    for (int p = 0; p < e->piece_count; ++p) {
        eddy_result res = decode_piece(r, &e->pieces[p], shape, err);
        if (res != EDDY_OK) return res;
    }
    e->spacing = eddy_read_f64(r);
    if (r->failed || !(e->spacing > 0) || !isfinite(e->spacing))
        return bad(err, shape, "bad panel spacing");
    eddy_result res = decode_panels(r, &e->panels, e->piece_count, shape, err);
    if (res == EDDY_OK) res = decode_added_mass(r, &e->panels, version, shape, err);
    return res;
}

eddy_result eddy_asset_shapes_decode(eddy_asset *a, const eddy_section *s, uint32_t version,
                                     eddy_error *err)
{
    if (!s) return EDDY_OK;
    eddy_reader r = eddy_reader_make(s);
    uint32_t count = eddy_read_u32(&r);
    if (r.failed || count > 4096 || count > r.left / 16)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SHAP' claims %u shapes", count);
    a->shapes = eddy_calloc(count > 0 ? count : 1, sizeof *a->shapes);
    if (!a->shapes) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading shapes");
    for (uint32_t i = 0; i < count; ++i) {
        a->shape_count = (int)i + 1; /* so a partial load is freed whole */
        eddy_result res = decode_shape(&r, &a->shapes[i], (int)i, version, err);
        if (res != EDDY_OK) return res;
    }
    if (r.left != 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SHAP' has trailing bytes");
    return EDDY_OK;
}
