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

void eddyi_asset_shapes_free(struct eddy_asset_shape *shapes, int count)
{
    if (!shapes) return;
    for (int s = 0; s < count; ++s) eddyi_panel_shape_free(&shapes[s].panels);
    eddy_free(shapes);
}

/* Field by field: struct padding never decides whether two outlines match. */
bool eddyi_pieces_equal(const eddy_piece *a, const eddy_piece *b, int count)
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

const eddy_panel_shape *eddyi_asset_find_shape(const eddy_asset *a, const eddy_piece *pieces,
                                              int count, double spacing)
{
    for (int s = 0; s < a->shape_count; ++s) {
        const struct eddy_asset_shape *e = &a->shapes[s];
        if (e->piece_count == count && e->spacing == spacing &&
            eddyi_pieces_equal(e->pieces, pieces, count))
            return &e->panels;
    }
    return NULL;
}

/* ------------------------------------------------------------ writing */

static void encode_piece(const eddy_piece *p, eddy_writer *w)
{
    eddyi_write_i32(w, (int32_t)p->kind);
    const double fields[7] = {p->cx, p->cy, p->angle, p->hx, p->hy, p->radius, 0.0};
    eddyi_write_f64s(w, fields, 6);
    eddyi_write_i32(w, p->vertex_count);
    eddyi_write_f64s(w, &p->vertices[0][0], 2 * EDDY_PANEL_MAX_VERTICES);
}

static void encode_ints(eddy_writer *w, const int *v, int n)
{
    for (int i = 0; i < n; ++i) eddyi_write_i32(w, v[i]);
}

static void encode_panels(const eddy_panel_shape *p, eddy_writer *w)
{
    size_t m = (size_t)p->count;
    eddyi_write_i32(w, p->count);
    eddyi_write_i32(w, p->group_count);
    eddyi_write_f64(w, p->sigma_min);
    eddyi_write_f64(w, p->sigma_max);
    eddyi_write_f64(w, p->radius);
    eddyi_write_f64s(w, p->ends, 4 * m);
    eddyi_write_f64s(w, p->mid, 2 * m);
    eddyi_write_f64s(w, p->normal, 2 * m);
    eddyi_write_f64s(w, p->length, m);
    encode_ints(w, p->piece, p->count);
    encode_ints(w, p->group, p->count);
    eddyi_write_f64s(w, p->pinv, m * (size_t)p->rows);
    eddyi_write_f64(w, p->area); /* format 2 on */
    eddyi_write_f64s(w, p->added_mass, 9);
}

void eddyi_asset_shapes_encode(const eddy_asset *a, eddy_writer *w)
{
    eddyi_write_u32(w, (uint32_t)a->shape_count);
    for (int s = 0; s < a->shape_count; ++s) {
        const struct eddy_asset_shape *e = &a->shapes[s];
        eddyi_write_string(w, e->name);
        eddyi_write_i32(w, e->piece_count);
        for (int p = 0; p < e->piece_count; ++p) encode_piece(&e->pieces[p], w);
        eddyi_write_f64(w, e->spacing);
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
    int kind = eddyi_read_i32(r);
    double fields[6];
    eddyi_read_f64s(r, fields, 6);
    p->vertex_count = eddyi_read_i32(r);
    eddyi_read_f64s(r, &p->vertices[0][0], 2 * EDDY_PANEL_MAX_VERTICES);
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
        v[i] = eddyi_read_i32(r);
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
    if (!(eddyi_panel_shape_area(p) > 0))
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
        if (eddyi_panel_added_mass(p, 0.0, &inner) != EDDY_OK)
            return bad(err, shape, "its added mass cannot be computed");
        return EDDY_OK;
    }
    p->area = eddyi_read_f64(r);
    eddyi_read_f64s(r, p->added_mass, 9);
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
    p->count = eddyi_read_i32(r);
    p->group_count = eddyi_read_i32(r);
    p->sigma_min = eddyi_read_f64(r);
    p->sigma_max = eddyi_read_f64(r);
    p->radius = eddyi_read_f64(r);
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
    eddyi_read_f64s(r, p->ends, 4 * m);
    eddyi_read_f64s(r, p->mid, 2 * m);
    eddyi_read_f64s(r, p->normal, 2 * m);
    eddyi_read_f64s(r, p->length, m);
    if (!read_ints(r, p->piece, p->count, pieces) || !read_ints(r, p->group, p->count, p->group_count))
        return bad(err, shape, "a panel names a piece or group that does not exist");
    eddyi_read_f64s(r, p->pinv, m * (size_t)p->rows);
    if (r->failed) return bad(err, shape, "too short");
    if (!all_finite(p->ends, 4 * m) || !all_finite(p->mid, 2 * m) || !all_finite(p->normal, 2 * m) ||
        !all_finite(p->length, m) || !all_finite(p->pinv, m * (size_t)p->rows) ||
        !isfinite(p->sigma_min) || !isfinite(p->sigma_max) || !(p->radius > 0) || !isfinite(p->radius))
        return bad(err, shape, "holds a non-finite number");
    const char *defect = panel_geometry_defect(p);
    if (!defect) defect = panel_outline_defect(p);
    return defect ? bad(err, shape, defect) : EDDY_OK;
}

/* ------------------------------------------------------------ consistency (issue 22) */

static double segment_distance(const double a[2], const double b[2], double x, double y)
{
    double dx = b[0] - a[0], dy = b[1] - a[1], len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((x - a[0]) * dx + (y - a[1]) * dy) / len2 : 0.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(x - (a[0] + t * dx), y - (a[1] + t * dy));
}

/* Distance from (x, y) to the outline of a piece; *inside when (x, y) lies
 * inside it (corners counter-clockwise, panel.h). */
static double outline_distance(const eddy_piece *p, double x, double y, bool *inside)
{
    if (p->kind == EDDY_PIECE_CIRCLE) {
        double d = hypot(x - p->cx, y - p->cy);
        *inside = d < p->radius;
        return fabs(d - p->radius);
    }
    double v[EDDY_PANEL_MAX_VERTICES][2], best = INFINITY;
    int n = eddyi_piece_corners(p, v);
    *inside = n >= 3;
    for (int k = 0; k < n; ++k) {
        const double *a = v[k], *b = v[(k + 1) % n];
        best = fmin(best, segment_distance(a, b, x, y));
        if ((b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]) <= 0) *inside = false;
    }
    return best;
}

static double piece_perimeter(const eddy_piece *p)
{
    if (p->kind == EDDY_PIECE_CIRCLE) return 2.0 * M_PI * p->radius;
    double v[EDDY_PANEL_MAX_VERTICES][2], sum = 0.0;
    int n = eddyi_piece_corners(p, v);
    for (int k = 0; k < n; ++k) sum += hypot(v[(k + 1) % n][0] - v[k][0], v[(k + 1) % n][1] - v[k][1]);
    return sum;
}

/* The panels must be cut from the shape's own pieces (panel_shape.c): every
 * panel's ends on the outline of the piece it names and inside no piece
 * (the panels follow the outer outline of the union), and no more panel
 * length than the pieces' outlines hold. Panels of another shape, or moved,
 * scaled or rotated ones, fail this. Within 1e-6 of the bounding radius. */
static const char *outline_defect(const struct eddy_asset_shape *e)
{
    const eddy_panel_shape *p = &e->panels;
    double tol = 1e-6 * p->radius, perimeter = 0.0, length = 0.0;
    for (int k = 0; k < e->piece_count; ++k) perimeter += piece_perimeter(&e->pieces[k]);
    for (int i = 0; i < p->count; ++i) {
        length += p->length[i];
        for (int end = 0; end < 2; ++end) {
            double x = p->ends[4 * i + 2 * end], y = p->ends[4 * i + 2 * end + 1];
            bool inside;
            if (!(outline_distance(&e->pieces[p->piece[i]], x, y, &inside) <= tol))
                return "a panel does not lie on the outline of its piece";
            for (int k = 0; k < e->piece_count; ++k)
                if (outline_distance(&e->pieces[k], x, y, &inside) > tol && inside)
                    return "a panel lies inside one of the shape's pieces";
        }
    }
    if (!(length <= perimeter + tol))
        return "its panels are longer than the outlines of its pieces";
    return NULL;
}

/* A translating or turning body drags at most the water of a disc about it
 * (per unit density, a body inside a disc of radius R about its origin has
 * an added mass below 2 pi R^2 and an added moment below 2 pi R^4; a plate
 * across the disc has pi R^2 and pi R^4 / 8): entries up to 4 times those,
 * off-diagonal ones no larger than the tensor's positive semidefiniteness
 * allows. A stored 1e300 would otherwise reach the rigid-body solver. */
static const char *added_mass_defect(const eddy_panel_shape *p)
{
    const double *m = p->added_mass, r2 = p->radius * p->radius;
    double lin = 8.0 * M_PI * r2, rot = 8.0 * M_PI * r2 * r2;
    if (!(m[0] <= lin && m[4] <= lin && m[8] <= rot))
        return "its added-mass tensor is larger than a body of its size can have";
    static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    for (int k = 0; k < 3; ++k) {
        int a = pairs[k][0], b = pairs[k][1];
        double bound = sqrt(m[4 * a] * m[4 * b]);
        if (!(fabs(m[3 * a + b]) <= bound * (1.0 + 1e-6) + 1e-12 * (lin + rot)))
            return "its added-mass tensor is not positive semidefinite";
    }
    return NULL;
}

#define PINV_PROBES 3   /* rigid motions tried per shape */
#define PINV_POINTS 8   /* outline samples compared per motion */
#define PINV_SPREAD 1.0 /* largest spread of psi along an outline, in the motion's scale */
#define PINV_KELVIN 1e-9 /* circulation left, relative to the strengths' sum */

/* The one-point fluxes b_j = A_j u . n_j (5.14) of rigid motion `probe`:
 * 0, 1 translate in x, y; 2 turns about the origin. Returns the largest
 * normal speed. */
static double probe_fluxes(const eddy_panel_shape *p, int probe, double *b)
{
    double peak = 0.0;
    for (int j = 0; j < p->count; ++j) {
        double x = p->mid[2 * j], y = p->mid[2 * j + 1];
        double u = probe == 0 ? 1.0 : probe == 1 ? 0.0 : -y;
        double v = probe == 0 ? 0.0 : probe == 1 ? 1.0 : x;
        double un = u * p->normal[2 * j] + v * p->normal[2 * j + 1];
        b[j] = p->length[j] * un;
        peak = fmax(peak, fabs(un));
    }
    return peak;
}

/* pinv must solve these panels' system (5.12 in stream-function form, 5.15,
 * panel_matrix.c): for a rigid motion's fluxes b, gamma = pinv b carries no
 * circulation in any group, and the whole flow's stream function comes out
 * nearly one constant along each outline. The build refuses a shape whose
 * least-squares residual exceeds a quarter of the motion's scale (root mean
 * square); here PINV_POINTS samples spread round the outlines may differ by
 * PINV_SPREAD of it. Measured over every shape the tests load: at most 0.30
 * (a box of one panel a side), typically 0.015; an inverse negated spreads
 * them by 2.5, one scaled by 1e6 by about a million. Costs PINV_PROBES (M^2 products + PINV_POINTS M stream functions). */
static const char *pinv_defect(const eddy_panel_shape *p, double *b, double *g)
{
    int m = p->count, k = eddyi_panel_matrix_samples(p), samples[PINV_POINTS], loop[PINV_POINTS];
    double psi[PINV_POINTS], perimeter = 0.0;
    for (int j = 0; j < m; ++j) perimeter += p->length[j];
    for (int t = 0; t < PINV_POINTS; ++t) samples[t] = (int)(((long long)(2 * t + 1) * k) / (2 * PINV_POINTS));
    for (int probe = 0; probe < PINV_PROBES; ++probe) {
        double scale = probe_fluxes(p, probe, b) * perimeter / (2.0 * M_PI);
        for (int i = 0; i < m; ++i) {
            const double *row = p->pinv + (size_t)i * (size_t)p->rows;
            double sum = 0.0;
            for (int r = 0; r < m; ++r) sum += row[r] * b[r];
            g[i] = sum;
        }
        for (int grp = 0; grp < p->group_count; ++grp) {
            double net = 0.0, size = 0.0;
            for (int i = 0; i < m; ++i)
                if (p->group[i] == grp) net += p->length[i] * g[i], size += fabs(p->length[i] * g[i]);
            if (!(fabs(net) <= PINV_KELVIN * size + 1e-300))
                return "its inverted panel matrix leaves circulation (not the inverse of its panels' matrix)";
        }
        if (!(scale > 1e-12)) continue; /* moves no water across the outline */
        if (eddyi_panel_outline_stream(p, g, b, PINV_POINTS, samples, psi, loop) != EDDY_OK)
            return "its panels do not close into outlines";
        for (int a = 0; a < PINV_POINTS; ++a)
            for (int c = a + 1; c < PINV_POINTS; ++c)
                if (loop[a] == loop[c] && !(fabs(psi[a] - psi[c]) <= PINV_SPREAD * scale))
                    return "its inverted panel matrix is not the inverse of its panels' matrix";
    }
    return NULL;
}

/* Panels, added mass and inverse checked against the shape they claim to
 * be (issue 22). */
static eddy_result check_consistency(const struct eddy_asset_shape *e, int shape, eddy_error *err)
{
    const char *defect = outline_defect(e);
    if (!defect) defect = added_mass_defect(&e->panels);
    if (defect) return bad(err, shape, defect);
    size_t m = (size_t)e->panels.count;
    double *b = eddy_alloc(2 * m * sizeof *b);
    if (!b) defect = "out of memory";
    else defect = pinv_defect(&e->panels, b, b + m);
    eddy_free(b);
    if (defect && strcmp(defect, "out of memory") == 0)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory checking shape %d", shape);
    return defect ? bad(err, shape, defect) : EDDY_OK;
}

static eddy_result decode_shape(eddy_reader *r, struct eddy_asset_shape *e, int shape,
                                uint32_t version, eddy_error *err)
{
    const char *why = eddyi_read_string(r, e->name, EDDY_SHAPE_NAME_MAX);
    if (why) return bad(err, shape, "its name is malformed");
    snprintf(e->panels.name, sizeof e->panels.name, "%s", e->name);
    e->piece_count = eddyi_read_i32(r);
    if (r->failed || e->piece_count < 1 || e->piece_count > EDDY_PANEL_MAX_PIECES)
        return bad(err, shape, "piece count outside 1..16");
    for (int p = 0; p < e->piece_count; ++p) {
        eddy_result res = decode_piece(r, &e->pieces[p], shape, err);
        if (res != EDDY_OK) return res;
    }
    e->spacing = eddyi_read_f64(r);
    if (r->failed || !(e->spacing > 0) || !isfinite(e->spacing))
        return bad(err, shape, "bad panel spacing");
    eddy_result res = decode_panels(r, &e->panels, e->piece_count, shape, err);
    if (res == EDDY_OK) res = decode_added_mass(r, &e->panels, version, shape, err);
    if (res == EDDY_OK) res = check_consistency(e, shape, err);
    return res;
}

eddy_result eddyi_asset_shapes_decode(eddy_asset *a, const eddy_section *s, uint32_t version,
                                     eddy_error *err)
{
    if (!s) return EDDY_OK;
    eddy_reader r = eddyi_reader_make(s);
    uint32_t count = eddyi_read_u32(&r);
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
