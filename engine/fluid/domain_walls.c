// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* domain_walls.c - the geometry of a level's walls: what a well-formed wall
 * is, which points are inside one, and the solid mask it leaves on the MAC
 * grid (issue 14).
 *
 * RASTERISATION. A cell is solid when its centre is inside a wall. Of the
 * usual rules (centre inside, any overlap, most of the area) this one keeps a
 * wall's solid cells within half a cell of its outline on every side, so the
 * fluid's walls sit where the designer drew them to half a cell, neither
 * grown nor shrunk on average; "any overlap" would thicken every wall by a
 * cell and close narrow passages the drawing leaves open. A wall thinner
 * than a cell can then cover no centre at all: that is refused (the fluid
 * would not see it) rather than silently dropped.
 *
 * INSIDE. A polygon by the crossing rule with half-open edges (a point on a
 * rising edge's left or on a lower end counts, consistently, so two walls
 * sharing an edge cover every point of it once); a circle strictly inside its
 * rim.
 *
 * CURL. A walled level's modes are discrete curls of stream functions on the
 * grid's nodes (eddyi_domain_curl, at the end). */
#include "domain.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------ checks */

static void wall_bounds(const eddy_wall *w, double box[4]);

static double orient(const double a[2], const double b[2], const double c[2])
{
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

static bool on_segment(const double a[2], const double b[2], const double c[2])
{
    return fmin(a[0], b[0]) <= c[0] && c[0] <= fmax(a[0], b[0]) && fmin(a[1], b[1]) <= c[1] &&
           c[1] <= fmax(a[1], b[1]);
}

/* Segments ab and cd share at least one point. */
static bool segments_meet(const double a[2], const double b[2], const double c[2],
                          const double d[2])
{
    double o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
    if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
        return true;
    return (o1 == 0 && on_segment(a, b, c)) || (o2 == 0 && on_segment(a, b, d)) ||
           (o3 == 0 && on_segment(c, d, a)) || (o4 == 0 && on_segment(c, d, b));
}

static double polygon_area(const eddy_wall *w)
{
    double sum = 0.0;
    for (int p = 0; p < w->point_count; ++p) {
        const double *a = w->points[p], *b = w->points[(p + 1) % w->point_count];
        sum += a[0] * b[1] - b[0] * a[1];
    }
    return 0.5 * sum;
}

static bool in_box(double x, double y, double width, double height)
{
    double tx = 1e-9 * width, ty = 1e-9 * height;
    return x >= -tx && x <= width + tx && y >= -ty && y <= height + ty;
}

static eddy_result check_polygon(const eddy_wall *w, int index, double width, double height,
                                 eddy_error *err)
{
    int n = w->point_count;
    if (n < 3 || n > EDDY_WALL_MAX_POINTS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: a polygon needs 3..%d points, not %d",
                         index, EDDY_WALL_MAX_POINTS, n);
    for (int p = 0; p < n; ++p) {
        double x = w->points[p][0], y = w->points[p][1];
        if (!isfinite(x) || !isfinite(y))
            return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d].points[%d] is not finite", index, p);
        if (width > 0.0 && !in_box(x, y, width, height))
            return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d].points[%d] (%g, %g) is outside the "
                             "%g x %g level", index, p, x, y, width, height);
    }
    for (int p = 0; p < n; ++p) {
        const double *a = w->points[p], *b = w->points[(p + 1) % n];
        if (a[0] == b[0] && a[1] == b[1])
            return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: points %d and %d are the same "
                             "point", index, p, (p + 1) % n);
    }
    for (int p = 0; p < n; ++p) {
        const double *a = w->points[p], *b = w->points[(p + 1) % n];
        /* an edge folding back onto the previous one */
        const double *prev = w->points[(p + n - 1) % n];
        if (orient(prev, a, b) == 0.0 &&
            (b[0] - a[0]) * (a[0] - prev[0]) + (b[1] - a[1]) * (a[1] - prev[1]) < 0.0)
            return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: the outline turns back on itself "
                             "at point %d", index, p);
        for (int q = p + 2; q < n; ++q) {
            if (p == 0 && q == n - 1) continue; /* adjacent through the closing edge */
            const double *c = w->points[q], *d = w->points[(q + 1) % n];
            if (segments_meet(a, b, c, d))
                return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: the outline crosses itself "
                                 "(edges %d and %d)", index, p, q);
        }
    }
    double box[4];
    wall_bounds(w, box);
    double scale = width > 0.0 ? width * height : (box[2] - box[0]) * (box[3] - box[1]);
    if (!(fabs(polygon_area(w)) > 1e-12 * scale))
        return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: the polygon has no area", index);
    return EDDY_OK;
}

/* Every convex piece of the rock (eddyi_wall_rock_pieces) must be a polygon
 * the rigid bodies can hold: the check bodies pass (engine/core/outline.c),
 * so a level built is a level that plays. Finely drawn arcs are fine (the
 * rock leaves out the corners Box2D could not hold); a wall thinner than
 * that is not. */
static eddy_result check_rock(const eddy_wall *w, int index, eddy_error *err)
{
    double pieces[EDDY_WALL_MAX_POINTS][EDDY_OUTLINE_MAX_VERTICES][2];
    int sizes[EDDY_WALL_MAX_POINTS];
    int n = eddyi_wall_rock_pieces(w, pieces, sizes, EDDY_WALL_MAX_POINTS);
    if (n == 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: too thin to make rock for the rigid "
                         "bodies (corners within %g m of a line); make the wall thicker", index,
                         EDDY_OUTLINE_MIN_CORNER);
    for (int k = 0; k < n; ++k) {
        eddy_error inner = {0};
        if (eddyi_convex_outline_check((const double (*)[2])pieces[k], sizes[k], &inner) == EDDY_OK)
            continue;
        int corner[EDDY_OUTLINE_MAX_VERTICES] = {0};
        for (int v = 0; v < sizes[k]; ++v)
            for (int p = 0; p < w->point_count; ++p)
                if (w->points[p][0] == pieces[k][v][0] && w->points[p][1] == pieces[k][v][1]) corner[v] = p;
        return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: rock piece on points %d, %d, %d%s is "
                         "not a polygon the rigid bodies hold (%s); make the wall thicker there",
                         index, corner[0], corner[1], corner[2], sizes[k] > 3 ? ".." : "",
                         inner.message);
    }
    return EDDY_OK;
}

eddy_result eddy_walls_check(const eddy_wall *walls, int count, double width, double height,
                             eddy_error *err)
{
    if (count < 0 || count > EDDY_MAX_WALLS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%d walls: at most %d", count, EDDY_MAX_WALLS);
    if (count > 0 && !walls) return eddy_fail(err, EDDY_ERR_ARGUMENT, "walls: NULL array");
    for (int k = 0; k < count; ++k) {
        const eddy_wall *w = &walls[k];
        if (w->kind == EDDY_WALL_POLYGON) {
            eddy_result res = check_polygon(w, k, width, height, err);
            if (res == EDDY_OK) res = check_rock(w, k, err);
            if (res != EDDY_OK) return res;
        } else if (w->kind == EDDY_WALL_CIRCLE) {
            if (!isfinite(w->x) || !isfinite(w->y) || !isfinite(w->radius))
                return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: the circle is not finite", k);
            if (!(w->radius > 0.0))
                return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d].radius %g: must be > 0", k,
                                 w->radius);
            if (width > 0.0 && !in_box(w->x, w->y, width, height))
                return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: the centre (%g, %g) is outside "
                                 "the %g x %g level", k, w->x, w->y, width, height);
        } else {
            return eddy_fail(err, EDDY_ERR_FORMAT, "walls[%d]: unknown kind %d (polygon or "
                             "circle)", k, (int)w->kind);
        }
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ inside */

bool eddy_wall_contains(const eddy_wall *w, double x, double y)
{
    if (!w) return false;
    if (w->kind == EDDY_WALL_CIRCLE) {
        double dx = x - w->x, dy = y - w->y;
        return dx * dx + dy * dy < w->radius * w->radius;
    }
    if (w->kind != EDDY_WALL_POLYGON) return false;
    bool inside = false;
    int n = w->point_count;
    for (int p = 0, q = n - 1; p < n; q = p++) {
        double xi = w->points[p][0], yi = w->points[p][1];
        double xj = w->points[q][0], yj = w->points[q][1];
        if ((yi > y) != (yj > y) && x < xi + (y - yi) * (xj - xi) / (yj - yi)) inside = !inside;
    }
    return inside;
}

static void wall_bounds(const eddy_wall *w, double box[4])
{
    if (w->kind == EDDY_WALL_CIRCLE) {
        box[0] = w->x - w->radius, box[1] = w->y - w->radius;
        box[2] = w->x + w->radius, box[3] = w->y + w->radius;
        return;
    }
    box[0] = box[2] = w->points[0][0];
    box[1] = box[3] = w->points[0][1];
    for (int p = 1; p < w->point_count; ++p) {
        box[0] = fmin(box[0], w->points[p][0]), box[2] = fmax(box[2], w->points[p][0]);
        box[1] = fmin(box[1], w->points[p][1]), box[3] = fmax(box[3], w->points[p][1]);
    }
}

int eddy_walls_rasterise(const eddy_wall *walls, int count, const eddy_mac *g, uint8_t *mask,
                         int *covered)
{
    memset(mask, 0, (size_t)g->nx * (size_t)g->ny);
    if (covered) memset(covered, 0, (size_t)(count > 0 ? count : 0) * sizeof *covered);
    for (int k = 0; k < count; ++k) {
        double box[4];
        wall_bounds(&walls[k], box);
        int i0 = (int)fmax(0.0, floor(box[0] / g->hx - 0.5));
        int i1 = (int)fmin(g->nx - 1.0, ceil(box[2] / g->hx - 0.5));
        int j0 = (int)fmax(0.0, floor(box[1] / g->hy - 0.5));
        int j1 = (int)fmin(g->ny - 1.0, ceil(box[3] / g->hy - 0.5));
        for (int j = j0; j <= j1; ++j)
            for (int i = i0; i <= i1; ++i)
                if (eddy_wall_contains(&walls[k], (i + 0.5) * g->hx, (j + 0.5) * g->hy)) {
                    mask[eddy_cell(g, i, j)] = 1;
                    if (covered) ++covered[k];
                }
    }
    int solid = 0;
    for (int c = 0; c < g->nx * g->ny; ++c) solid += mask[c];
    return solid;
}

/* ------------------------------------------------------------ faces */

bool eddy_face_touches_solid(const eddy_mac *g, const uint8_t *solid, int s)
{
    if (!solid) return false;
    int nu = eddy_mac_u_count(g);
    if (s < nu) {
        int i = s % (g->nx + 1), j = s / (g->nx + 1);
        return (i > 0 && solid[eddy_cell(g, i - 1, j)]) || (i < g->nx && solid[eddy_cell(g, i, j)]);
    }
    s -= nu;
    int i = s % g->nx, j = s / g->nx;
    return (j > 0 && solid[eddy_cell(g, i, j - 1)]) || (j < g->ny && solid[eddy_cell(g, i, j)]);
}

void eddyi_close_solid_faces(const eddy_mac *g, const uint8_t *solid, double *f)
{
    for (int j = 0; j < g->ny; ++j) f[eddy_mac_u(g, 0, j)] = f[eddy_mac_u(g, g->nx, j)] = 0.0;
    for (int i = 0; i < g->nx; ++i) f[eddy_mac_v(g, i, 0)] = f[eddy_mac_v(g, i, g->ny)] = 0.0;
    if (!solid) return;
    int n = eddy_mac_size(g);
    for (int s = 0; s < n; ++s)
        if (eddy_face_touches_solid(g, solid, s)) f[s] = 0.0;
}

bool eddyi_mask_solid_at(const eddy_mac *g, const uint8_t *solid, double x, double y)
{
    if (!(x >= 0.0 && x <= g->width && y >= 0.0 && y <= g->height)) return true;
    if (!solid) return false;
    int i = (int)(x / g->hx), j = (int)(y / g->hy);
    if (i >= g->nx) i = g->nx - 1;
    if (j >= g->ny) j = g->ny - 1;
    return solid[eddy_cell(g, i, j)] != 0;
}

/* ------------------------------------------------------------ triangles */

static double cross3(const double *a, const double *b, const double *c)
{
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

static bool in_triangle(const double *p, const double *a, const double *b, const double *c)
{
    return cross3(a, b, p) >= 0.0 && cross3(b, c, p) >= 0.0 && cross3(c, a, p) >= 0.0;
}

/* The smallest height of triangle abc (each corner's distance from the
 * opposite side): how far it is from a sliver. */
static double triangle_fatness(const double *a, const double *b, const double *c)
{
    double twice = fabs(cross3(a, b, c));
    double ab = hypot(b[0] - a[0], b[1] - a[1]), bc = hypot(c[0] - b[0], c[1] - b[1]);
    double ca = hypot(a[0] - c[0], a[1] - c[1]), longest = fmax(ab, fmax(bc, ca));
    return longest > 0.0 ? twice / longest : 0.0;
}

/* Ear clipping: repeatedly cut off a convex corner whose triangle holds no
 * other corner (a simple polygon always has one: two ears theorem), the
 * fattest such ear first, so that no needless sliver is cut (the rigid
 * bodies' rock is made of these, eddyi_wall_rock_pieces). */
int eddy_wall_triangles(const eddy_wall *w, double (*out)[3][2], int max)
{
    if (!w || w->kind != EDDY_WALL_POLYGON || w->point_count < 3 ||
        w->point_count > EDDY_WALL_MAX_POINTS)
        return 0;
    int idx[EDDY_WALL_MAX_POINTS], n = w->point_count, count = 0;
    double area = 0.0;
    for (int p = 0; p < n; ++p) {
        const double *a = w->points[p], *b = w->points[(p + 1) % n];
        area += a[0] * b[1] - b[0] * a[1];
    }
    for (int p = 0; p < n; ++p) idx[p] = area >= 0.0 ? p : n - 1 - p; /* counter-clockwise */
    while (n >= 3) {
        int best = -1;
        double fattest = -1.0;
        for (int k = 0; k < n; ++k) {
            const double *a = w->points[idx[(k + n - 1) % n]], *b = w->points[idx[k]],
                         *c = w->points[idx[(k + 1) % n]];
            double turn = cross3(a, b, c);
            if (turn < 0.0) continue; /* a reflex corner */
            bool empty = true;
            for (int q = 0; q < n && empty; ++q)
                if (q != k && q != (k + 1) % n && q != (k + n - 1) % n)
                    empty = !in_triangle(w->points[idx[q]], a, b, c);
            if (!empty) continue;
            double fat = turn > 0.0 ? triangle_fatness(a, b, c) : 0.0;
            if (fat > fattest) fattest = fat, best = k;
        }
        if (best < 0) break; /* not a simple polygon: stop */
        const double *a = w->points[idx[(best + n - 1) % n]], *b = w->points[idx[best]],
                     *c = w->points[idx[(best + 1) % n]];
        if (cross3(a, b, c) > 0.0 && count < max) {
            const double *t[3] = {a, b, c};
            for (int v = 0; v < 3; ++v) out[count][v][0] = t[v][0], out[count][v][1] = t[v][1];
            ++count;
        }
        for (int q = best; q < n - 1; ++q) idx[q] = idx[q + 1];
        --n;
    }
    return count;
}

/* Offset of corner p from the line through its neighbours in the ring
 * idx[0..n) (positive where the outline turns left, counter-clockwise). */
static double corner_offset(const double (*v)[2], const int *idx, int n, int p)
{
    const double *a = v[idx[(p + n - 1) % n]], *m = v[idx[p]], *b = v[idx[(p + 1) % n]];
    double cx = b[0] - a[0], cy = b[1] - a[1], len = hypot(cx, cy);
    return len > 0.0 ? cross3(a, b, m) / -len : 0.0;
}

/* The outline the rock follows: the wall's corners less those the rigid
 * bodies could not hold, a corner closer than EDDY_OUTLINE_MIN_EDGE to the
 * next or nearer than EDDY_OUTLINE_MIN_CORNER to the line through its
 * neighbours (a finely drawn arc), the flattest first, so the rock strays
 * from the drawing by less than EDDY_OUTLINE_MIN_CORNER (the fluid's walls
 * are cells, far coarser). Counter-clockwise into out; returns its corners. */
static int rock_outline(const eddy_wall *w, double (*out)[2])
{
    int n = w->point_count, idx[EDDY_WALL_MAX_POINTS];
    double area = 0.0;
    for (int p = 0; p < n; ++p) {
        const double *a = w->points[p], *b = w->points[(p + 1) % n];
        area += a[0] * b[1] - b[0] * a[1];
    }
    for (int p = 0; p < n; ++p) idx[p] = area >= 0.0 ? p : n - 1 - p;
    while (n > 3) {
        int drop = -1;
        double flattest = INFINITY;
        for (int p = 0; p < n; ++p) {
            const double *m = w->points[idx[p]], *b = w->points[idx[(p + 1) % n]];
            double off = fabs(corner_offset(w->points, idx, n, p));
            bool close = hypot(b[0] - m[0], b[1] - m[1]) < EDDY_OUTLINE_MIN_EDGE;
            if ((off < EDDY_OUTLINE_MIN_CORNER || close) && off < flattest) flattest = off, drop = p;
        }
        if (drop < 0) break;
        for (int q = drop; q + 1 < n; ++q) idx[q] = idx[q + 1];
        --n;
    }
    for (int p = 0; p < n; ++p) out[p][0] = w->points[idx[p]][0], out[p][1] = w->points[idx[p]][1];
    return n;
}

/* Strictly convex and counter-clockwise, corner by corner. */
static bool convex_ccw(const double (*pts)[2], int n)
{
    for (int p = 0; p < n; ++p)
        if (!(cross3(pts[p], pts[(p + 1) % n], pts[(p + 2) % n]) > 0.0)) return false;
    return true;
}

int eddyi_wall_rock_pieces(const eddy_wall *w, double (*pieces)[EDDY_OUTLINE_MAX_VERTICES][2],
                          int *sizes, int max)
{
    if (!w || w->kind != EDDY_WALL_POLYGON || max < 1 || w->point_count < 3 ||
        w->point_count > EDDY_WALL_MAX_POINTS)
        return 0;
    eddy_wall rock = *w;
    rock.point_count = rock_outline(w, rock.points);
    int n = rock.point_count;
    if (n <= EDDY_OUTLINE_MAX_VERTICES && convex_ccw((const double (*)[2])rock.points, n)) {
        for (int p = 0; p < n; ++p) pieces[0][p][0] = rock.points[p][0], pieces[0][p][1] = rock.points[p][1];
        sizes[0] = n;
        return 1;
    }
    double tri[EDDY_WALL_MAX_POINTS][3][2];
    int count = eddy_wall_triangles(&rock, tri, EDDY_WALL_MAX_POINTS < max ? EDDY_WALL_MAX_POINTS : max);
    for (int t = 0; t < count; ++t) {
        for (int v = 0; v < 3; ++v) pieces[t][v][0] = tri[t][v][0], pieces[t][v][1] = tri[t][v][1];
        sizes[t] = 3;
    }
    return count;
}

void eddyi_domain_curl(const eddy_mac *g, const double *psi, double *field)
{
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i <= g->nx; ++i)
            field[eddy_mac_u(g, i, j)] = (psi[eddy_node(g, i, j + 1)] - psi[eddy_node(g, i, j)]) / g->hy;
    for (int j = 0; j <= g->ny; ++j)
        for (int i = 0; i < g->nx; ++i)
            field[eddy_mac_v(g, i, j)] = -(psi[eddy_node(g, i + 1, j)] - psi[eddy_node(g, i, j)]) / g->hx;
}
