// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* waterline.c - exact geometry of what lies under a water surface
 * (waterline.h): convex polygons clipped by the water region
 * (Sutherland-Hodgman), discs intersected with it as triangles and circular
 * sectors seen from the centre, and the widths of the wetted parts. */
#include "waterline.h"

#include <math.h>
#include <string.h>

static double cross2(const double a[2], const double b[2]) { return a[0] * b[1] - a[1] * b[0]; }

double eddyi_water_region_top(const eddy_water_region *r, double x)
{
    double span = r->x1 - r->x0;
    if (!(span > 0.0)) return 0.5 * (r->top0 + r->top1);
    return r->top0 + (r->top1 - r->top0) * (x - r->x0) / span;
}

int eddyi_water_region_corners(const eddy_water_region *r, double out[4][2])
{
    out[0][0] = r->x0, out[0][1] = r->floor;
    out[1][0] = r->x1, out[1][1] = r->floor;
    out[2][0] = r->x1, out[2][1] = fmax(r->top1, r->floor);
    out[3][0] = r->x0, out[3][1] = fmax(r->top0, r->floor);
    return 4;
}

/* Which side of the directed edge a -> b the point p is on: > 0 left (inside
 * a counter-clockwise polygon). */
static double side(const double a[2], const double b[2], const double p[2])
{
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
}

int eddyi_clip_convex(const double (*p)[2], int n, const double (*q)[2], int m, double (*out)[2])
{
    double buf[2][EDDY_CLIP_MAX + 8][2];
    int count = n;
    for (int k = 0; k < n; ++k) buf[0][k][0] = p[k][0], buf[0][k][1] = p[k][1];
    int from = 0;
    for (int e = 0; e < m && count > 0; ++e) {
        const double *a = q[e], *b = q[(e + 1) % m];
        double(*in)[2] = buf[from];
        double(*res)[2] = buf[1 - from];
        int kept = 0;
        for (int k = 0; k < count; ++k) {
            const double *s = in[k], *t = in[(k + 1) % count];
            double ds = side(a, b, s), dt = side(a, b, t);
            if (ds >= 0.0) res[kept][0] = s[0], res[kept][1] = s[1], ++kept;
            if ((ds >= 0.0) != (dt >= 0.0)) { /* the side crosses the edge */
                double f = ds / (ds - dt);
                res[kept][0] = s[0] + f * (t[0] - s[0]);
                res[kept][1] = s[1] + f * (t[1] - s[1]);
                ++kept;
            }
        }
        count = kept < EDDY_CLIP_MAX + 8 ? kept : EDDY_CLIP_MAX + 8;
        from = 1 - from;
    }
    for (int k = 0; k < count; ++k) out[k][0] = buf[from][k][0], out[k][1] = buf[from][k][1];
    return count;
}

void eddyi_polygon_moments(const double (*p)[2], int n, double *area, double *mx, double *my)
{
    double a = 0.0, sx = 0.0, sy = 0.0;
    for (int k = 0; k < n; ++k) {
        const double *u = p[k], *v = p[(k + 1) % n];
        double c = cross2(u, v);
        a += c;
        sx += (u[0] + v[0]) * c;
        sy += (u[1] + v[1]) * c;
    }
    *area = 0.5 * a;
    *mx = sx / 6.0;
    *my = sy / 6.0;
}

/* The disc of radius R at the origin intersected with the triangle (0, p, q),
 * signed by the triangle's orientation: where the side p -> q runs inside the
 * disc a triangle, where it runs outside a sector of the angle it subtends. */
static void side_moments(const double p[2], const double q[2], double R, double acc[3])
{
    double d[2] = {q[0] - p[0], q[1] - p[1]};
    double a = d[0] * d[0] + d[1] * d[1], b = 2.0 * (p[0] * d[0] + p[1] * d[1]);
    double c = p[0] * p[0] + p[1] * p[1] - R * R;
    double cuts[4] = {0.0, 0.0, 0.0, 1.0};
    int nc = 1;
    double disc = b * b - 4.0 * a * c;
    if (a > 0.0 && disc > 0.0) {
        double sq = sqrt(disc), t1 = (-b - sq) / (2.0 * a), t2 = (-b + sq) / (2.0 * a);
        if (t1 > 0.0 && t1 < 1.0) cuts[nc++] = t1;
        if (t2 > 0.0 && t2 < 1.0) cuts[nc++] = t2;
    }
    cuts[nc++] = 1.0;
    for (int k = 0; k + 1 < nc; ++k) {
        double u[2] = {p[0] + cuts[k] * d[0], p[1] + cuts[k] * d[1]};
        double v[2] = {p[0] + cuts[k + 1] * d[0], p[1] + cuts[k + 1] * d[1]};
        double t = 0.5 * (cuts[k] + cuts[k + 1]);
        double mid[2] = {p[0] + t * d[0], p[1] + t * d[1]};
        if (mid[0] * mid[0] + mid[1] * mid[1] <= R * R) { /* triangle (0, u, v) */
            double area = 0.5 * cross2(u, v);
            acc[0] += area;
            acc[1] += area * (u[0] + v[0]) / 3.0;
            acc[2] += area * (u[1] + v[1]) / 3.0;
        } else { /* sector from the direction of u to that of v */
            double lu = hypot(u[0], u[1]), lv = hypot(v[0], v[1]);
            if (!(lu > 0.0) || !(lv > 0.0)) continue;
            double uh[2] = {u[0] / lu, u[1] / lu}, vh[2] = {v[0] / lv, v[1] / lv};
            double theta = atan2(cross2(uh, vh), uh[0] * vh[0] + uh[1] * vh[1]);
            double r3 = R * R * R / 3.0;
            acc[0] += 0.5 * R * R * theta;
            acc[1] += r3 * (vh[1] - uh[1]);
            acc[2] += r3 * (uh[0] - vh[0]);
        }
    }
}

void eddyi_disc_moments_in(double cx, double cy, double radius, const double (*q)[2], int m,
                          double *area, double *mx, double *my)
{
    /* wholly outside one side, or inside every side: exactly nothing or all
       (the sectors' sum would leave round-off) */
    bool inside = true;
    for (int e = 0; e < m; ++e) {
        const double *a = q[e], *b = q[(e + 1) % m];
        double len = hypot(b[0] - a[0], b[1] - a[1]);
        if (!(len > 0.0)) continue;
        double d = side(a, b, (const double[2]){cx, cy}) / len; /* > 0 inside */
        if (d <= -radius) {
            *area = *mx = *my = 0.0;
            return;
        }
        if (d < radius) inside = false;
    }
    if (inside) {
        *area = M_PI * radius * radius;
        *mx = cx * *area, *my = cy * *area;
        return;
    }
    double acc[3] = {0.0, 0.0, 0.0};
    for (int e = 0; e < m; ++e) {
        double p[2] = {q[e][0] - cx, q[e][1] - cy};
        double r[2] = {q[(e + 1) % m][0] - cx, q[(e + 1) % m][1] - cy};
        side_moments(p, r, radius, acc);
    }
    *area = acc[0];
    *mx = acc[1] + cx * acc[0];
    *my = acc[2] + cy * acc[0];
}

/* ------------------------------------------------------------ pieces */

typedef struct placed_piece {
    bool circle;
    double cx, cy, radius;         /* circle, world */
    int n;
    double corners[EDDY_PANEL_MAX_VERTICES][2]; /* polygon, world, counter-clockwise */
} placed_piece;

static void place_piece(const eddy_piece *pc, double x, double y, double cs, double sn,
                        placed_piece *out)
{
    double local[EDDY_PANEL_MAX_VERTICES][2];
    int n = 0;
    out->circle = pc->kind == EDDY_PIECE_CIRCLE;
    if (out->circle) {
        out->cx = x + cs * pc->cx - sn * pc->cy;
        out->cy = y + sn * pc->cx + cs * pc->cy;
        out->radius = pc->radius;
        out->n = 0;
        return;
    }
    if (pc->kind == EDDY_PIECE_BOX) {
        static const double sgn[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        double c = cos(pc->angle), s = sin(pc->angle);
        for (int k = 0; k < 4; ++k) {
            double u = sgn[k][0] * pc->hx, v = sgn[k][1] * pc->hy;
            local[k][0] = pc->cx + c * u - s * v;
            local[k][1] = pc->cy + s * u + c * v;
        }
        n = 4;
    } else {
        n = pc->vertex_count < EDDY_PANEL_MAX_VERTICES ? pc->vertex_count : EDDY_PANEL_MAX_VERTICES;
        for (int k = 0; k < n; ++k) local[k][0] = pc->vertices[k][0], local[k][1] = pc->vertices[k][1];
    }
    for (int k = 0; k < n; ++k) {
        out->corners[k][0] = x + cs * local[k][0] - sn * local[k][1];
        out->corners[k][1] = y + sn * local[k][0] + cs * local[k][1];
    }
    out->n = n;
}

/* Where a placed piece lies against the region, from its bounding box alone:
 * +1 wholly in the water, -1 wholly out of it, 0 across its edge (clip it). */
static int quick_side(const placed_piece *pp, const eddy_water_region *r)
{
    double lo[2], hi[2];
    if (pp->circle) {
        lo[0] = pp->cx - pp->radius, hi[0] = pp->cx + pp->radius;
        lo[1] = pp->cy - pp->radius, hi[1] = pp->cy + pp->radius;
    } else {
        lo[0] = hi[0] = pp->corners[0][0], lo[1] = hi[1] = pp->corners[0][1];
        for (int v = 1; v < pp->n; ++v)
            for (int k = 0; k < 2; ++k)
                lo[k] = fmin(lo[k], pp->corners[v][k]), hi[k] = fmax(hi[k], pp->corners[v][k]);
    }
    double top_lo = fmin(eddyi_water_region_top(r, lo[0]), eddyi_water_region_top(r, hi[0]));
    double top_hi = fmax(eddyi_water_region_top(r, lo[0]), eddyi_water_region_top(r, hi[0]));
    if (hi[0] <= r->x0 || lo[0] >= r->x1 || hi[1] <= r->floor || lo[1] >= top_hi) return -1;
    if (lo[0] >= r->x0 && hi[0] <= r->x1 && lo[1] >= r->floor && hi[1] <= top_lo) return 1;
    return 0;
}

void eddyi_wet_part_of(const eddy_piece *pieces, int count, double x, double y, double angle,
                      const eddy_water_region *r, eddy_wet_part *out)
{
    double q[4][2];
    int m = eddyi_water_region_corners(r, q);
    double cs = cos(angle), sn = sin(angle);
    double area = 0.0, mx = 0.0, my = 0.0, full = 0.0;
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < count; ++k) {
        placed_piece pp;
        place_piece(&pieces[k], x, y, cs, sn, &pp);
        double a, sx, sy;
        int where = quick_side(&pp, r); /* most pieces are wholly in or out */
        if (pp.circle) {
            double fa = M_PI * pp.radius * pp.radius;
            full += fa;
            lo = fmin(lo, pp.cx - pp.radius), hi = fmax(hi, pp.cx + pp.radius);
            if (where > 0) a = fa, sx = pp.cx * fa, sy = pp.cy * fa;
            else if (where < 0) a = sx = sy = 0.0;
            else eddyi_disc_moments_in(pp.cx, pp.cy, pp.radius, (const double(*)[2])q, m, &a, &sx, &sy);
        } else {
            double fa, fx, fy;
            eddyi_polygon_moments((const double(*)[2])pp.corners, pp.n, &fa, &fx, &fy);
            full += fa;
            for (int v = 0; v < pp.n; ++v) lo = fmin(lo, pp.corners[v][0]), hi = fmax(hi, pp.corners[v][0]);
            if (where > 0) {
                a = fa, sx = fx, sy = fy;
            } else if (where < 0) {
                a = sx = sy = 0.0;
            } else {
                double clipped[EDDY_CLIP_MAX][2];
                int c = eddyi_clip_convex((const double(*)[2])pp.corners, pp.n, (const double(*)[2])q,
                                         m, clipped);
                if (c >= 3) eddyi_polygon_moments((const double(*)[2])clipped, c, &a, &sx, &sy);
                else a = sx = sy = 0.0;
            }
        }
        if (a > 0.0) area += a, mx += sx, my += sy;
    }
    out->area = area;
    out->full_area = full;
    out->cx = area > 0.0 ? mx / area : x;
    out->cy = area > 0.0 ? my / area : y;
    out->xmin = lo, out->xmax = hi;
}

static bool inside_convex(const double (*q)[2], int m, const double p[2])
{
    for (int e = 0; e < m; ++e)
        if (side(q[e], q[(e + 1) % m], p) < 0.0) return false;
    return true;
}

/* Extent along (nx, ny) of a disc inside the convex polygon q: over the
 * polygon's corners in the disc, its sides' crossings with the circle and the
 * disc's own extreme points in the polygon. */
static void disc_extent(const placed_piece *pp, const double (*q)[2], int m, double nx, double ny,
                        double *lo, double *hi)
{
    double R2 = pp->radius * pp->radius;
    for (int e = 0; e < m; ++e) {
        const double *a = q[e], *b = q[(e + 1) % m];
        double p[2] = {a[0] - pp->cx, a[1] - pp->cy}, d[2] = {b[0] - a[0], b[1] - a[1]};
        if (p[0] * p[0] + p[1] * p[1] <= R2) {
            double s = a[0] * nx + a[1] * ny;
            *lo = fmin(*lo, s), *hi = fmax(*hi, s);
        }
        double aa = d[0] * d[0] + d[1] * d[1], bb = 2.0 * (p[0] * d[0] + p[1] * d[1]);
        double disc = bb * bb - 4.0 * aa * (p[0] * p[0] + p[1] * p[1] - R2);
        if (!(aa > 0.0) || disc < 0.0) continue;
        for (int sgn = -1; sgn <= 1; sgn += 2) {
            double t = (-bb + sgn * sqrt(disc)) / (2.0 * aa);
            if (t < 0.0 || t > 1.0) continue;
            double s = (a[0] + t * d[0]) * nx + (a[1] + t * d[1]) * ny;
            *lo = fmin(*lo, s), *hi = fmax(*hi, s);
        }
    }
    for (int sgn = -1; sgn <= 1; sgn += 2) {
        double p[2] = {pp->cx + sgn * pp->radius * nx, pp->cy + sgn * pp->radius * ny};
        if (!inside_convex(q, m, p)) continue;
        double s = p[0] * nx + p[1] * ny;
        *lo = fmin(*lo, s), *hi = fmax(*hi, s);
    }
}

double eddyi_wet_width(const eddy_piece *pieces, int count, double x, double y, double angle,
                      const eddy_water_region *r, double ex, double ey)
{
    double q[4][2];
    int m = eddyi_water_region_corners(r, q);
    double cs = cos(angle), sn = sin(angle), nx = -ey, ny = ex;
    double lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < count; ++k) {
        placed_piece pp;
        place_piece(&pieces[k], x, y, cs, sn, &pp);
        int where = quick_side(&pp, r);
        if (where < 0) continue;
        if (pp.circle) {
            if (where > 0) {
                double s = pp.cx * nx + pp.cy * ny;
                lo = fmin(lo, s - pp.radius), hi = fmax(hi, s + pp.radius);
            } else {
                disc_extent(&pp, (const double(*)[2])q, m, nx, ny, &lo, &hi);
            }
            continue;
        }
        double clipped[EDDY_CLIP_MAX][2];
        int c = where > 0 ? pp.n
                          : eddyi_clip_convex((const double(*)[2])pp.corners, pp.n,
                                             (const double(*)[2])q, m, clipped);
        if (where > 0) memcpy(clipped, pp.corners, sizeof pp.corners);
        for (int v = 0; v < c; ++v) {
            double s = clipped[v][0] * nx + clipped[v][1] * ny;
            lo = fmin(lo, s), hi = fmax(hi, s);
        }
    }
    return hi > lo ? hi - lo : 0.0;
}
