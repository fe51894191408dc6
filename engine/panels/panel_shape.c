// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_shape.c - cutting body outlines into vortex panels (5.3.1).
 *
 * Shapes are unions of convex pieces (boxes, circles, convex polygons) in body
 * space. Each piece is panelled along its own counter-clockwise outline, minus the
 * stretches that are not on the outer outline of the union:
 *   rule 1: a stretch whose fluid side (a point just outside it along its outward
 *           normal) lies in another piece is inside the body (shared edges, parts
 *           of the outline inside another piece) and is removed from every piece;
 *   rule 2: a stretch lying in or on a LOWER-indexed piece is removed, so that of
 *           two coincident outer edges exactly one copy stays (two coincident
 *           panels would make the panel matrix singular).
 * Polygon sides are clipped exactly (segment against convex piece); circles are
 * split at their exact crossings with other pieces and each arc is classified by
 * its middle. Every kept stretch is cut into an ODD number of panels of
 * length about h (5.3.1): equal ones on an arc; on a straight stretch, in
 * cosine spacing (shorter towards its ends, where the outline turns a
 * corner and the flow round it is fastest; emit_stretch).
 */
#include "panel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHAPE_PI 3.14159265358979323846

/* ------------------------------------------------------------ piece helpers */

eddy_piece eddyi_piece_box(double hx, double hy, double cx, double cy, double angle)
{
    eddy_piece p;
    memset(&p, 0, sizeof p);
    p.kind = EDDY_PIECE_BOX;
    p.hx = hx;
    p.hy = hy;
    p.cx = cx;
    p.cy = cy;
    p.angle = angle;
    return p;
}

eddy_piece eddyi_piece_circle(double radius, double cx, double cy)
{
    eddy_piece p;
    memset(&p, 0, sizeof p);
    p.kind = EDDY_PIECE_CIRCLE;
    p.radius = radius;
    p.cx = cx;
    p.cy = cy;
    return p;
}

eddy_piece eddyi_piece_polygon(int count, const double (*vertices)[2])
{
    eddy_piece p;
    memset(&p, 0, sizeof p);
    p.kind = EDDY_PIECE_POLYGON;
    p.vertex_count = count;
    for (int i = 0; i < count && i < EDDY_PANEL_MAX_VERTICES; i++) {
        p.vertices[i][0] = vertices[i][0];
        p.vertices[i][1] = vertices[i][1];
    }
    return p;
}

int eddyi_piece_corners(const eddy_piece *p, double out[EDDY_PANEL_MAX_VERTICES][2])
{
    if (p->kind == EDDY_PIECE_BOX) {
        static const double sx[4] = {-1, 1, 1, -1}, sy[4] = {-1, -1, 1, 1};
        double c = cos(p->angle), s = sin(p->angle);
        for (int k = 0; k < 4; k++) {
            double lx = sx[k] * p->hx, ly = sy[k] * p->hy;
            out[k][0] = p->cx + c * lx - s * ly;
            out[k][1] = p->cy + s * lx + c * ly;
        }
        return 4;
    }
    for (int k = 0; k < p->vertex_count; k++) {
        out[k][0] = p->vertices[k][0];
        out[k][1] = p->vertices[k][1];
    }
    return p->vertex_count;
}

/* Largest coordinate magnitude a piece reaches (sets the tolerance scale). */
static double piece_extent(const eddy_piece *p)
{
    if (p->kind == EDDY_PIECE_CIRCLE)
        return fmax(fabs(p->cx), fabs(p->cy)) + p->radius;
    double v[EDDY_PANEL_MAX_VERTICES][2];
    int n = eddyi_piece_corners(p, v);
    double e = 0.0;
    for (int k = 0; k < n; k++)
        e = fmax(e, fmax(fabs(v[k][0]), fabs(v[k][1])));
    return e;
}

static bool all_finite(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return false;
    return true;
}

static eddy_result check_polygon(const char *name, int index, const eddy_piece *p, double scale,
                                 eddy_error *err)
{
    int n = p->vertex_count;
    if (n < 3 || n > EDDY_PANEL_MAX_VERTICES)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "shape '%s' piece %d: a polygon needs 3..%d vertices, got %d", name,
                         index, EDDY_PANEL_MAX_VERTICES, n);
    if (!all_finite(&p->vertices[0][0], 2 * n))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s' piece %d: non-finite vertex", name,
                         index);
    double area2 = 0.0;
    for (int k = 0; k < n; k++) {
        const double *a = p->vertices[k], *b = p->vertices[(k + 1) % n];
        if (hypot(b[0] - a[0], b[1] - a[1]) <= 1e-9 * scale)
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "shape '%s' piece %d: polygon repeats vertex %d", name, index, k);
        area2 += a[0] * b[1] - a[1] * b[0];
    }
    if (fabs(area2) <= 1e-12 * scale * scale)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s' piece %d: polygon has zero area",
                         name, index);
    if (area2 < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "shape '%s' piece %d: polygon is clockwise (need counter-clockwise)",
                         name, index);
    for (int k = 0; k < n; k++) {
        const double *a = p->vertices[k], *b = p->vertices[(k + 1) % n],
                     *c = p->vertices[(k + 2) % n];
        double e1x = b[0] - a[0], e1y = b[1] - a[1], e2x = c[0] - b[0], e2y = c[1] - b[1];
        double cross = e1x * e2y - e1y * e2x;
        if (cross <= 1e-9 * hypot(e1x, e1y) * hypot(e2x, e2y))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "shape '%s' piece %d: polygon is not strictly convex at vertex %d",
                             name, index, (k + 1) % n);
    }
    return EDDY_OK;
}

static eddy_result check_piece(const char *name, int index, const eddy_piece *p, double scale,
                               eddy_error *err)
{
    switch (p->kind) {
    case EDDY_PIECE_BOX:
        if (!all_finite(&p->cx, 5) || !(p->hx > 0.0) || !(p->hy > 0.0))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "shape '%s' piece %d: a box needs finite positive half widths", name,
                             index);
        return EDDY_OK;
    case EDDY_PIECE_CIRCLE:
        if (!isfinite(p->cx) || !isfinite(p->cy) || !(p->radius > 0.0) || !isfinite(p->radius))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "shape '%s' piece %d: a circle needs a finite positive radius", name,
                             index);
        return EDDY_OK;
    case EDDY_PIECE_POLYGON:
        return check_polygon(name, index, p, scale, err);
    }
    return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s' piece %d: unknown piece kind %d", name,
                     index, (int)p->kind);
}

/* ------------------------------------------------------------ clipping */

/* Is (x, y) in piece q, grown by tol? */
static bool point_in_piece(const eddy_piece *q, double x, double y, double tol)
{
    if (q->kind == EDDY_PIECE_CIRCLE)
        return hypot(x - q->cx, y - q->cy) <= q->radius + tol;
    double v[EDDY_PANEL_MAX_VERTICES][2];
    int n = eddyi_piece_corners(q, v);
    for (int k = 0; k < n; k++) {
        double ex = v[(k + 1) % n][0] - v[k][0], ey = v[(k + 1) % n][1] - v[k][1];
        double len = hypot(ex, ey);
        double mx = ey / len, my = -ex / len; /* outward normal of a CCW edge */
        if (mx * (x - v[k][0]) + my * (y - v[k][1]) > tol) return false;
    }
    return true;
}

/* ------------------------------------------------------------ stretches */

/* A piece of outer outline that is panelled in one go: a straight stretch of a
 * polygon side, or an arc of a circle (angles t0 < t1, counter-clockwise). */
typedef struct stretch {
    int piece;
    bool arc, full;            /* full: the whole circle */
    double ax, ay, bx, by;     /* straight: end points */
    double cx, cy, r, t0, t1;  /* arc */
} stretch;

#define MAX_STRETCHES 4096
#define MAX_CROSSINGS (2 * EDDY_PANEL_MAX_PIECES * EDDY_PANEL_MAX_VERTICES + 2)

typedef struct builder {
    const eddy_panel_shape_desc *desc;
    const char *name;
    double tol;      /* "on the boundary" distance */
    double offset;   /* step to the fluid side of an outline */
    double min_len;  /* shorter stretches are ignored */
    int parent[EDDY_PANEL_MAX_PIECES]; /* union-find over pieces: circulation groups */
    int stretch_count;
    stretch stretches[MAX_STRETCHES];
    int count;       /* panels of the variant being emitted */
    double ends[EDDY_PANEL_MAX_SHAPE_PANELS][4];
    int piece[EDDY_PANEL_MAX_SHAPE_PANELS];
} builder;

static int find_root(const builder *b, int i)
{
    while (b->parent[i] != i) i = b->parent[i];
    return i;
}

static void join(builder *b, int i, int j)
{
    int ri = find_root(b, i), rj = find_root(b, j);
    if (ri < rj) b->parent[rj] = ri;
    else if (rj < ri) b->parent[ri] = rj;
}

static eddy_result add_stretch(builder *b, const stretch *st, eddy_error *err)
{
    if (b->stretch_count >= MAX_STRETCHES)
        return eddy_fail(err, EDDY_ERR_RANGE, "shape '%s': outline too fragmented", b->name);
    b->stretches[b->stretch_count++] = *st;
    return EDDY_OK;
}

/* Is the outline point (x, y) with outward normal (nx, ny) of piece p off the
 * union's outer outline? Rule 1: its fluid side lies in another piece; rule 2:
 * it lies in or on a lower-indexed piece. Joins p with the covering piece. */
static bool point_covered(builder *b, int p, double x, double y, double nx, double ny)
{
    const eddy_panel_shape_desc *d = b->desc;
    bool covered = false;
    for (int q = 0; q < d->piece_count; q++) {
        if (q == p) continue;
        if (point_in_piece(&d->pieces[q], x + b->offset * nx, y + b->offset * ny, b->tol) ||
            (q < p && point_in_piece(&d->pieces[q], x, y, b->tol))) {
            covered = true;
            join(b, p, q);
        }
    }
    return covered;
}

static void sort_doubles(double *v, int n)
{
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
}

/* Parameters t in (0, 1) where the side A + t D meets the outline of piece q:
 * proper crossings with its edges, its vertices lying on the side (the ends of
 * a shared, collinear stretch), crossings with a circle. Exact: no tolerance
 * moves a cut. */
static int side_cuts(const eddy_piece *q, double ax, double ay, double dx, double dy, double tol,
                     double *out)
{
    int count = 0;
    double dd = dx * dx + dy * dy, dlen = sqrt(dd);
    if (q->kind == EDDY_PIECE_CIRCLE) {
        double fx = ax - q->cx, fy = ay - q->cy;
        double qb = 2.0 * (dx * fx + dy * fy), qc = fx * fx + fy * fy - q->radius * q->radius;
        double disc = qb * qb - 4.0 * dd * qc;
        if (disc < 0.0) return 0;
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            double t = (-qb + sgn * sqrt(disc)) / (2.0 * dd);
            if (t > 0.0 && t < 1.0) out[count++] = t;
        }
        return count;
    }
    double v[EDDY_PANEL_MAX_VERTICES][2];
    int n = eddyi_piece_corners(q, v);
    for (int k = 0; k < n; k++) {
        double vx = v[k][0] - ax, vy = v[k][1] - ay;
        double ex = v[(k + 1) % n][0] - v[k][0], ey = v[(k + 1) % n][1] - v[k][1];
        double denom = dx * ey - dy * ex;
        if (fabs(denom) > 1e-12 * dlen * hypot(ex, ey)) { /* not parallel */
            double t = (vx * ey - vy * ex) / denom, s = (vx * dy - vy * dx) / denom;
            if (s >= 0.0 && s <= 1.0 && t > 0.0 && t < 1.0) out[count++] = t;
        }
        if (fabs(vx * dy - vy * dx) / dlen <= tol) { /* vertex on the side's line */
            double t = (vx * dx + vy * dy) / dd;
            if (t > 0.0 && t < 1.0) out[count++] = t;
        }
    }
    return count;
}

/* Sides of a box or polygon piece: split at every meeting with another piece,
 * keep the parts whose middle is on the outer outline (rules 1 and 2), merge
 * neighbouring kept parts. */
static eddy_result polygon_stretches(builder *b, int p, eddy_error *err)
{
    const eddy_panel_shape_desc *d = b->desc;
    double v[EDDY_PANEL_MAX_VERTICES][2];
    int n = eddyi_piece_corners(&d->pieces[p], v);
    for (int k = 0; k < n; k++) {
        double ax = v[k][0], ay = v[k][1], ex = v[(k + 1) % n][0], ey = v[(k + 1) % n][1];
        double dx = ex - ax, dy = ey - ay, len = hypot(dx, dy);
        double nx = dy / len, ny = -dx / len;
        double cut[MAX_CROSSINGS + 2];
        int count = 0;
        cut[count++] = 0.0;
        for (int q = 0; q < d->piece_count; q++)
            if (q != p) count += side_cuts(&d->pieces[q], ax, ay, dx, dy, b->tol, cut + count);
        cut[count++] = 1.0;
        sort_doubles(cut, count);
        double start = -1.0; /* start of the kept run, or -1 */
        double prev = 0.0;
        for (int i = 1; i < count; i++) {
            double t0 = prev, t1 = cut[i];
            if ((t1 - t0) * len <= b->min_len && i + 1 < count) continue; /* repeated cut */
            prev = t1;
            double tm = 0.5 * (t0 + t1);
            bool kept = !point_covered(b, p, ax + tm * dx, ay + tm * dy, nx, ny);
            if (kept && start < 0.0) start = t0;
            if (!kept || i + 1 == count) {
                double stop = kept ? 1.0 : t0;
                if (start >= 0.0 && (stop - start) * len > b->min_len) {
                    stretch st = {.piece = p};
                    st.ax = start == 0.0 ? ax : ax + start * dx;
                    st.ay = start == 0.0 ? ay : ay + start * dy;
                    st.bx = stop == 1.0 ? ex : ax + stop * dx;
                    st.by = stop == 1.0 ? ey : ay + stop * dy;
                    eddy_result rc = add_stretch(b, &st, err);
                    if (rc != EDDY_OK) return rc;
                }
                start = -1.0;
            }
        }
    }
    return EDDY_OK;
}

static double wrap_angle(double t)
{
    t = fmod(t, 2.0 * SHAPE_PI);
    return t < 0.0 ? t + 2.0 * SHAPE_PI : t;
}

/* Angles in [0, 2 pi) where circle piece c crosses the outline of piece q. */
static int circle_crossings(const eddy_piece *c, const eddy_piece *q, double *out)
{
    int count = 0;
    if (q->kind == EDDY_PIECE_CIRCLE) {
        double dx = q->cx - c->cx, dy = q->cy - c->cy, d = hypot(dx, dy);
        if (!(d > 0.0) || d > c->radius + q->radius || d < fabs(c->radius - q->radius)) return 0;
        double along = (c->radius * c->radius - q->radius * q->radius + d * d) / (2.0 * d);
        double across = sqrt(fmax(0.0, c->radius * c->radius - along * along));
        double base = atan2(dy, dx), half = atan2(across, along);
        out[count++] = wrap_angle(base - half);
        out[count++] = wrap_angle(base + half);
        return count;
    }
    double v[EDDY_PANEL_MAX_VERTICES][2];
    int n = eddyi_piece_corners(q, v);
    for (int k = 0; k < n; k++) {
        double px = v[k][0] - c->cx, py = v[k][1] - c->cy;
        double dx = v[(k + 1) % n][0] - v[k][0], dy = v[(k + 1) % n][1] - v[k][1];
        double qa = dx * dx + dy * dy, qb = 2.0 * (dx * px + dy * py);
        double qc = px * px + py * py - c->radius * c->radius;
        double disc = qb * qb - 4.0 * qa * qc;
        if (disc < 0.0) continue;
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            double t = (-qb + sgn * sqrt(disc)) / (2.0 * qa);
            if (t >= 0.0 && t < 1.0) out[count++] = wrap_angle(atan2(py + t * dy, px + t * dx));
        }
    }
    return count;
}

static bool arc_covered(builder *b, int p, double angle)
{
    const eddy_piece *c = &b->desc->pieces[p];
    double nx = cos(angle), ny = sin(angle);
    return point_covered(b, p, c->cx + c->radius * nx, c->cy + c->radius * ny, nx, ny);
}

/* Arcs of a circle piece on the outer outline: split the circle at its exact
 * crossings with the other pieces, classify each arc by its middle, and merge
 * neighbouring kept arcs. */
static eddy_result circle_stretches(builder *b, int p, eddy_error *err)
{
    const eddy_panel_shape_desc *d = b->desc;
    const eddy_piece *c = &d->pieces[p];
    double cut[MAX_CROSSINGS];
    int n = 0;
    for (int q = 0; q < d->piece_count; q++)
        if (q != p) n += circle_crossings(c, &d->pieces[q], cut + n);
    sort_doubles(cut, n);
    int unique = 0; /* drop repeated crossings (tangencies, shared corners) */
    for (int i = 0; i < n; i++)
        if (unique == 0 || (cut[i] - cut[unique - 1]) * c->radius > b->min_len) cut[unique++] = cut[i];
    if (unique > 1 && (cut[0] + 2.0 * SHAPE_PI - cut[unique - 1]) * c->radius <= b->min_len)
        unique--;
    stretch st = {.piece = p, .arc = true, .cx = c->cx, .cy = c->cy, .r = c->radius};
    if (unique < 2) {
        if (arc_covered(b, p, unique ? cut[0] + SHAPE_PI : 0.0)) return EDDY_OK;
        st.full = true;
        st.t0 = 0.0;
        st.t1 = 2.0 * SHAPE_PI;
        return add_stretch(b, &st, err);
    }
    bool keep[MAX_CROSSINGS];
    int kept = 0;
    for (int i = 0; i < unique; i++) {
        double t0 = cut[i], t1 = i + 1 < unique ? cut[i + 1] : cut[0] + 2.0 * SHAPE_PI;
        keep[i] = !arc_covered(b, p, 0.5 * (t0 + t1));
        kept += keep[i];
    }
    if (kept == unique) { /* nothing removed: the whole circle */
        st.full = true;
        st.t0 = 0.0;
        st.t1 = 2.0 * SHAPE_PI;
        return add_stretch(b, &st, err);
    }
    /* start after a removed arc so that merged runs never wrap past the start */
    int start = 0;
    while (keep[start]) start++;
    for (int k = 1; k <= unique; k++) {
        int i = (start + k) % unique;
        if (!keep[i]) continue;
        int j = i; /* extend over the following kept arcs */
        while (keep[(j + 1) % unique] && (j + 1) % unique != start) j = (j + 1) % unique;
        st.t0 = cut[i];
        st.t1 = j + 1 < unique ? cut[j + 1] : cut[(j + 1) % unique] + 2.0 * SHAPE_PI;
        if (st.t1 < st.t0) st.t1 += 2.0 * SHAPE_PI;
        eddy_result rc = add_stretch(b, &st, err);
        if (rc != EDDY_OK) return rc;
        k += (j - i + unique) % unique;
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ panels */

/* Odd panel count closest to len / h (at least 1), unless the test hook forces one. */
static int odd_count(const builder *b, double len)
{
    if (b->desc->force_count > 0) return b->desc->force_count;
    double ideal = len / b->desc->spacing;
    if (ideal > 2.0 * EDDY_PANEL_MAX_SHAPE_PANELS) return 2 * EDDY_PANEL_MAX_SHAPE_PANELS + 1;
    int n = 2 * (int)lround((ideal - 1.0) / 2.0) + 1; /* nearest odd number */
    return n < 1 ? 1 : n;
}

/* Panels on one stretch: odd (5.3.1); arcs get at least 5 panels on a full circle
 * and no panel spanning more than 72 degrees. */
static int stretch_panels(const builder *b, const stretch *st)
{
    if (!st->arc) return odd_count(b, hypot(st->bx - st->ax, st->by - st->ay));
    double span = st->t1 - st->t0;
    int n = odd_count(b, st->r * span);
    if (b->desc->force_count > 0) return n;
    while (n <= EDDY_PANEL_MAX_SHAPE_PANELS && span / n > 0.4 * SHAPE_PI) n += 2;
    return n;
}

static eddy_result emit(builder *b, int piece, double x1, double y1, double x2, double y2,
                        eddy_error *err)
{
    if (b->count >= EDDY_PANEL_MAX_SHAPE_PANELS)
        return eddy_fail(err, EDDY_ERR_RANGE,
                         "shape '%s': more than %d panels (spacing %g too small)", b->name,
                         EDDY_PANEL_MAX_SHAPE_PANELS, b->desc->spacing);
    double *e = b->ends[b->count];
    e[0] = x1;
    e[1] = y1;
    e[2] = x2;
    e[3] = y2;
    b->piece[b->count] = piece;
    b->count++;
    return EDDY_OK;
}

/* Cuts one stretch into n panels: chords of equal angle on an arc; on a
 * straight stretch, ends at (1 - cos(pi i / n)) / 2 of its length. A stretch
 * ends at a corner (or where another piece meets it), where the flow round
 * the outline is singular; the sheet of constant-strength panels follows it
 * there only if they are short: a 0.6 m square of 3 panels a side, equal,
 * let 12.6 % of a stream through full chords, in cosine spacing 10.2 %
 * (tests/test_no_flow_through.c), at no cost at run time. */
static eddy_result emit_stretch(builder *b, const stretch *st, int n, eddy_error *err)
{
    if (n > EDDY_PANEL_MAX_SHAPE_PANELS)
        return eddy_fail(err, EDDY_ERR_RANGE,
                         "shape '%s': more than %d panels (spacing %g too small)", b->name,
                         EDDY_PANEL_MAX_SHAPE_PANELS, b->desc->spacing);
    double px, py;
    if (st->arc) {
        px = st->cx + st->r * cos(st->t0);
        py = st->cy + st->r * sin(st->t0);
    } else {
        px = st->ax;
        py = st->ay;
    }
    double x0 = px, y0 = py;
    for (int i = 1; i <= n; i++) {
        double qx, qy;
        if (st->arc && st->full && i == n) {
            qx = x0; /* close the circle exactly */
            qy = y0;
        } else if (st->arc) {
            double t = st->t0 + (st->t1 - st->t0) * i / n;
            qx = st->cx + st->r * cos(t);
            qy = st->cy + st->r * sin(t);
        } else {
            double t = 0.5 * (1.0 - cos(SHAPE_PI * i / n)); /* cosine spacing */
            qx = i == n ? st->bx : st->ax + (st->bx - st->ax) * t;
            qy = i == n ? st->by : st->ay + (st->by - st->ay) * t;
        }
        eddy_result rc = emit(b, st->piece, px, py, qx, qy, err);
        if (rc != EDDY_OK) return rc;
        px = qx;
        py = qy;
    }
    return EDDY_OK;
}

/* All panels: every stretch odd. */
static eddy_result emit_panels(builder *b, eddy_error *err)
{
    b->count = 0;
    for (int s = 0; s < b->stretch_count; s++) {
        const stretch *st = &b->stretches[s];
        eddy_result rc = emit_stretch(b, st, stretch_panels(b, st), err);
        if (rc != EDDY_OK) return rc;
    }
    if (b->count == 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s': no outline left to panel", b->name);
    return EDDY_OK;
}

static void free_arrays(eddy_panel_shape *s)
{
    eddy_free(s->ends);
    eddy_free(s->mid);
    eddy_free(s->normal);
    eddy_free(s->length);
    eddy_free(s->piece);
    eddy_free(s->group);
    eddy_free(s->pinv);
    s->ends = s->mid = s->normal = s->length = s->pinv = NULL;
    s->piece = s->group = NULL;
}

void eddyi_panel_shape_free(eddy_panel_shape *shape)
{
    if (!shape) return;
    free_arrays(shape);
    shape->count = shape->rows = shape->group_count = 0;
}

/* Copies the builder's panels into the shape: geometry, groups, radius. */
static eddy_result store_panels(const builder *b, eddy_panel_shape *s, eddy_error *err)
{
    int m = b->count;
    s->ends = eddy_alloc(sizeof(double) * 4 * (size_t)m);
    s->mid = eddy_alloc(sizeof(double) * 2 * (size_t)m);
    s->normal = eddy_alloc(sizeof(double) * 2 * (size_t)m);
    s->length = eddy_alloc(sizeof(double) * (size_t)m);
    s->piece = eddy_alloc(sizeof(int) * (size_t)m);
    s->group = eddy_alloc(sizeof(int) * (size_t)m);
    if (!s->ends || !s->mid || !s->normal || !s->length || !s->piece || !s->group)
        return eddy_fail(err, EDDY_ERR_MEMORY, "shape '%s': out of memory", b->name);

    int root_group[EDDY_PANEL_MAX_PIECES]; /* numbered by first appearance */
    for (int i = 0; i < EDDY_PANEL_MAX_PIECES; i++) root_group[i] = -1;
    int groups = 0;
    double radius = 0.0;
    for (int i = 0; i < m; i++) {
        const double *e = b->ends[i];
        double dx = e[2] - e[0], dy = e[3] - e[1], len = hypot(dx, dy);
        memcpy(&s->ends[4 * i], e, sizeof(double) * 4);
        s->mid[2 * i] = 0.5 * (e[0] + e[2]);
        s->mid[2 * i + 1] = 0.5 * (e[1] + e[3]);
        s->normal[2 * i] = dy / len; /* right-hand normal of a CCW outline: outward */
        s->normal[2 * i + 1] = -dx / len;
        s->length[i] = len;
        s->piece[i] = b->piece[i];
        int root = find_root(b, b->piece[i]);
        if (root_group[root] < 0) root_group[root] = groups++;
        s->group[i] = root_group[root];
        radius = fmax(radius, fmax(hypot(e[0], e[1]), hypot(e[2], e[3])));
    }
    s->count = m;
    s->group_count = groups;
    s->rows = m + groups;
    s->radius = radius;
    return EDDY_OK;
}

/* Panels + pseudo-inverse into *out (freed on failure). */
static eddy_result build_panels(builder *b, double singular_tol, eddy_panel_shape *out,
                                eddy_error *err)
{
    memset(out, 0, sizeof *out);
    snprintf(out->name, sizeof out->name, "%s", b->name);
    eddy_result rc = emit_panels(b, err);
    if (rc == EDDY_OK) rc = store_panels(b, out, err);
    if (rc == EDDY_OK) rc = eddyi_panel_matrix_build(out, singular_tol, err);
    if (rc != EDDY_OK) eddyi_panel_shape_free(out);
    return rc;
}

/* The exact area of a one-piece shape (its panels cut a circle's corners);
 * 0 for several pieces, whose union the panels follow exactly unless they
 * hold circles. */
static double single_piece_area(const eddy_panel_shape_desc *d)
{
    if (d->piece_count != 1) return 0.0;
    const eddy_piece *q = &d->pieces[0];
    if (q->kind == EDDY_PIECE_CIRCLE) return M_PI * q->radius * q->radius;
    return 0.0; /* boxes and polygons: the panels lie on the outline */
}

eddy_result eddyi_panel_shape_build(const eddy_panel_shape_desc *desc, eddy_panel_shape *out,
                                   eddy_error *err)
{
    if (!desc || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "panel shape: NULL argument");
    memset(out, 0, sizeof *out);
    const char *name = desc->name && desc->name[0] ? desc->name : "shape";
    snprintf(out->name, sizeof out->name, "%s", name);
    if (!desc->pieces || desc->piece_count < 1 || desc->piece_count > EDDY_PANEL_MAX_PIECES)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s': needs 1..%d pieces, got %d", name,
                         EDDY_PANEL_MAX_PIECES, desc->piece_count);
    if (!(desc->spacing > 0.0) || !isfinite(desc->spacing))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s': panel spacing must be positive",
                         name);
    if (desc->force_count < 0 || desc->singular_tolerance < 0.0 ||
        desc->consistency_tolerance < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "shape '%s': negative option", name);

    double scale = desc->spacing;
    for (int p = 0; p < desc->piece_count; p++)
        if (desc->pieces[p].kind == EDDY_PIECE_POLYGON) /* polygon scale before its checks */
            for (int k = 0; k < desc->pieces[p].vertex_count && k < EDDY_PANEL_MAX_VERTICES; k++)
                if (isfinite(desc->pieces[p].vertices[k][0]) &&
                    isfinite(desc->pieces[p].vertices[k][1]))
                    scale = fmax(scale, fmax(fabs(desc->pieces[p].vertices[k][0]),
                                             fabs(desc->pieces[p].vertices[k][1])));
    for (int p = 0; p < desc->piece_count; p++) {
        eddy_result rc = check_piece(name, p, &desc->pieces[p], scale, err);
        if (rc != EDDY_OK) return rc;
        scale = fmax(scale, piece_extent(&desc->pieces[p]));
    }

    builder *b = eddy_calloc(1, sizeof *b);
    if (!b) return eddy_fail(err, EDDY_ERR_MEMORY, "shape '%s': out of memory", name);
    b->desc = desc;
    b->name = name;
    b->tol = 1e-9 * scale;
    b->offset = 1e-7 * scale;
    b->min_len = 1e-6 * desc->spacing;
    for (int p = 0; p < EDDY_PANEL_MAX_PIECES; p++) b->parent[p] = p;

    eddy_result rc = EDDY_OK;
    for (int p = 0; p < desc->piece_count && rc == EDDY_OK; p++)
        rc = desc->pieces[p].kind == EDDY_PIECE_CIRCLE ? circle_stretches(b, p, err)
                                                       : polygon_stretches(b, p, err);
    double singular_tol =
        desc->singular_tolerance > 0.0 ? desc->singular_tolerance : EDDY_PANEL_SINGULAR_TOL;
    if (rc == EDDY_OK) rc = build_panels(b, singular_tol, out, err);
    eddy_free(b);
    if (rc == EDDY_OK)
        rc = eddyi_panel_matrix_check(out, desc->consistency_tolerance > 0.0
                                              ? desc->consistency_tolerance
                                              : EDDY_PANEL_CONSISTENCY_TOL,
                                     err);
    if (rc == EDDY_OK) rc = eddyi_panel_added_mass(out, single_piece_area(desc), err);
    if (rc != EDDY_OK) eddyi_panel_shape_free(out);
    return rc;
}
