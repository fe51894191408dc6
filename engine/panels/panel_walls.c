// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_walls.c - source panels on a level's walls, solved with the bodies
 * in the Schwarz iteration so that no body pushes flow through a wall
 * (issue 14, item 4). What and why: panel_walls.h. */
#include "panel_walls.h"
#include "dense.h"
#include "panel_fast.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ static part */

void eddyi_panel_walls_destroy(eddy_panel_walls *w)
{
    if (!w) return;
    eddy_free(w->ends), eddy_free(w->mid), eddy_free(w->normal), eddy_free(w->length), eddy_free(w->self), eddy_free(w->inverse);
    eddy_free(w);
}

void eddyi_source_panel_velocity(const double e[4], double sigma, double x, double y, bool near,
                                double out[2])
{
    double uv[2];
    if (near) eddyi_panel_velocity_near(e[0], e[1], e[2], e[3], sigma, x, y, uv);
    else eddyi_panel_velocity(e[0], e[1], e[2], e[3], sigma, x, y, uv);
    out[0] = uv[1];
    out[1] = -uv[0];
}

static bool cell_solid(const eddy_mac *g, const uint8_t *solid, int i, int j)
{
    return solid[j * g->nx + i] != 0;
}

/* Gauss-Legendre points on [-1, 1] for the face averages, and the most
 * parts a face is cut into for a panel close to it. */
enum { FACE_PARTS_MAX = 32 };
static const double GAUSS_X[4] = {-0.8611363115940526, -0.3399810435848563, 0.3399810435848563,
                                  0.8611363115940526};
static const double GAUSS_W[4] = {0.3478548451374538, 0.6521451548625461, 0.6521451548625461,
                                  0.3478548451374538};

/* Distance from point (px, py) to the segment s = (x1, y1, x2, y2). */
static double point_segment_distance(double px, double py, const double s[4])
{
    double dx = s[2] - s[0], dy = s[3] - s[1], l2 = dx * dx + dy * dy;
    double t = l2 > 0.0 ? ((px - s[0]) * dx + (py - s[1]) * dy) / l2 : 0.0;
    t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
    return hypot(px - s[0] - t * dx, py - s[1] - t * dy);
}

/* Distance between two segments that do not cross (panels and faces meet at
 * most at their ends): the least of the four end-to-segment distances. */
static double segment_distance(const double a[4], const double b[4])
{
    double d = fmin(point_segment_distance(a[0], a[1], b), point_segment_distance(a[2], a[3], b));
    return fmin(d, fmin(point_segment_distance(b[0], b[1], a), point_segment_distance(b[2], b[3], a)));
}

/* How many equal parts of wall face a, each with its own 4-point rule: the
 * panel's field has a logarithmic singularity at its ends, and Gauss-Legendre
 * is accurate on a part no longer than about half its distance from it. */
static int face_parts(const eddy_panel_walls *w, int a, const double e[4])
{
    double d = segment_distance(&w->ends[4 * a], e);
    double want = 2.0 * w->length[a] / fmax(d, 1e-3 * w->length[a]);
    return want <= 1.0 ? 1 : want >= FACE_PARTS_MAX ? FACE_PARTS_MAX : (int)ceil(want);
}

/* The mean normal velocity over wall face a (its flux over its length) of a
 * unit source panel e (vortex = false) or unit vortex panel (true), by
 * composite 4-point Gauss-Legendre along the face (face_parts): the condition
 * the walls enforce is no FLUX through each face, which is what the fluid's
 * basis has there, not no normal velocity at one point of it. */
static double face_flux(const eddy_panel_walls *w, int a, const double e[4], bool vortex)
{
    const double *f = &w->ends[4 * a];
    int parts = face_parts(w, a, e);
    double sum = 0.0;
    for (int part = 0; part < parts; ++part)
        for (int q = 0; q < 4; ++q) {
            double t = (part + 0.5 * (GAUSS_X[q] + 1.0)) / parts;
            double x = f[0] + t * (f[2] - f[0]), y = f[1] + t * (f[3] - f[1]), uv[2];
            if (vortex) eddyi_panel_velocity(e[0], e[1], e[2], e[3], 1.0, x, y, uv);
            else eddyi_source_panel_velocity(e, 1.0, x, y, false, uv);
            sum += 0.5 * GAUSS_W[q] / parts * (uv[0] * w->normal[2 * a] + uv[1] * w->normal[2 * a + 1]);
        }
    return sum;
}

/* Appends the panel from (x1, y1) to (x2, y2); the fluid is on its right. */
static void add_panel(eddy_panel_walls *w, double x1, double y1, double x2, double y2)
{
    int p = w->count++;
    double *e = &w->ends[4 * p];
    e[0] = x1, e[1] = y1, e[2] = x2, e[3] = y2;
    double len = hypot(x2 - x1, y2 - y1);
    w->length[p] = len;
    w->mid[2 * p] = 0.5 * (x1 + x2), w->mid[2 * p + 1] = 0.5 * (y1 + y2);
    w->normal[2 * p] = (y2 - y1) / len, w->normal[2 * p + 1] = -(x2 - x1) / len;
}

/* Every interior face with a solid cell on exactly one side. */
static int count_wall_faces(const eddy_mac *g, const uint8_t *solid, eddy_panel_walls *w)
{
    int n = 0;
    for (int j = 0; j < g->ny; ++j)
        for (int i = 1; i < g->nx; ++i) {
            bool l = cell_solid(g, solid, i - 1, j), r = cell_solid(g, solid, i, j);
            if (l == r) continue;
            ++n;
            if (!w) continue;
            double x = i * g->hx, y0 = j * g->hy, y1 = (j + 1) * g->hy;
            if (l) add_panel(w, x, y1, x, y0); /* fluid to the east */
            else add_panel(w, x, y0, x, y1);   /* fluid to the west */
        }
    for (int j = 1; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            bool b = cell_solid(g, solid, i, j - 1), t = cell_solid(g, solid, i, j);
            if (b == t) continue;
            ++n;
            if (!w) continue;
            double y = j * g->hy, x0 = i * g->hx, x1 = (i + 1) * g->hx;
            if (b) add_panel(w, x1, y, x0, y); /* fluid to the north */
            else add_panel(w, x0, y, x1, y);   /* fluid to the south */
        }
    return n;
}

eddy_result eddyi_panel_walls_build(const eddy_mac *g, const uint8_t *solid, eddy_panel_walls **out,
                                   eddy_error *err)
{
    *out = NULL;
    if (!solid) return EDDY_OK;
    int n = count_wall_faces(g, solid, NULL);
    if (n == 0) return EDDY_OK;
    if (n > 8192)
        return eddy_fail(err, EDDY_ERR_RANGE, "walls: %d wall faces, at most 8192 (a coarser grid "
                         "or simpler walls)", n);
    eddy_panel_walls *w = eddy_calloc(1, sizeof *w);
    if (!w) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for wall panels");
    size_t m = (size_t)n;
    w->ends = eddy_alloc(4 * m * sizeof(double));
    w->mid = eddy_alloc(2 * m * sizeof(double));
    w->normal = eddy_alloc(2 * m * sizeof(double));
    w->length = eddy_alloc(m * sizeof(double));
    w->self = eddy_alloc(m * m * sizeof(double));
    w->inverse = eddy_alloc(m * m * sizeof(double));
    if (!w->ends || !w->mid || !w->normal || !w->length || !w->self || !w->inverse) {
        eddyi_panel_walls_destroy(w);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d wall panels", n);
    }
    count_wall_faces(g, solid, w);
    for (int a = 0; a < n; ++a)
        for (int c = 0; c < n; ++c)
            w->self[(size_t)a * m + (size_t)c] = c == a ? 0.0 : face_flux(w, a, &w->ends[4 * c], false);
    /* G = (I/2 + K)^-1: the walls' answer to any normal flow (a second-kind
     * system, well conditioned: I/2 dominates), by the run time's own LU
     * (dense_lu.c): this runs when an asset is loaded */
    for (size_t e = 0; e < m * m; ++e) w->inverse[e] = w->self[e];
    for (size_t a = 0; a < m; ++a) w->inverse[a * m + a] += 0.5;
    eddy_result res = eddyi_dense_invert(n, w->inverse);
    if (res != EDDY_OK) {
        eddyi_panel_walls_destroy(w);
        if (res == EDDY_ERR_MEMORY)
            return eddy_fail(err, res, "out of memory inverting %d wall panels", n);
        return eddy_fail(err, EDDY_ERR_NUMERIC, "walls: the wall panels' system is singular");
    }
    *out = w;
    return EDDY_OK;
}

/* ------------------------------------------------------------ run time */

struct eddy_wall_state {
    const eddy_panel_walls *walls;
    int max_bodies;
    double *sigma;       /* count */
    double *b;           /* count: normal flow the bodies induce */
    double *next;        /* count: scratch */
    double *g_active;    /* active^2: G's rows and columns of the active faces, contiguous
                            (gathered once a step, applied each pass) */
    double *b_active;    /* count: b of the active faces, in active order */
    int *active;         /* active panels */
    int active_count;
    int *near_first, *near_count; /* per body: its slice of near_list */
    int *near_list;      /* wall panels near each body */
    uint8_t *near_mark;  /* count: scratch */
    long *block_off;     /* per body: into blocks */
    double *blocks;      /* per body: body->wall (near x m), then wall->body (m x near) */
    long block_cap;
    double *coef;        /* 2 EDDY_WALL_ORDER */
};

eddy_result eddyi_wall_state_create(const eddy_panel_walls *walls, int max_bodies, int max_panels,
                                   eddy_wall_state **out, eddy_error *err)
{
    *out = NULL;
    if (!walls) return EDDY_OK;
    eddy_wall_state *s = eddy_calloc(1, sizeof *s);
    if (!s) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the walls' panels");
    size_t n = (size_t)walls->count, nb = (size_t)max_bodies;
    s->walls = walls;
    s->max_bodies = max_bodies;
    s->sigma = eddy_calloc(n, sizeof(double));
    s->b = eddy_calloc(n, sizeof(double));
    s->next = eddy_calloc(n, sizeof(double));
    s->g_active = eddy_alloc(n * n * sizeof(double));
    s->b_active = eddy_calloc(n, sizeof(double));
    s->active = eddy_alloc(n * sizeof(int));
    s->near_first = eddy_calloc(nb, sizeof(int));
    s->near_count = eddy_calloc(nb, sizeof(int));
    s->near_list = eddy_alloc(nb * n * sizeof(int));
    s->near_mark = eddy_calloc(n, 1);
    s->block_off = eddy_calloc(nb, sizeof(long));
    s->coef = eddy_calloc(2 * EDDY_WALL_ORDER, sizeof(double));
    (void)max_panels; /* near blocks grow with the bodies (eddyi_wall_state_reserve) */
    if (!s->sigma || !s->b || !s->next || !s->g_active || !s->b_active || !s->active || !s->near_first || !s->near_count || !s->near_list ||
        !s->near_mark || !s->block_off || !s->coef) {
        eddyi_wall_state_destroy(s);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the walls' panels");
    }
    *out = s;
    return EDDY_OK;
}

/* Room for every wall panel near every body panel, both ways, up to 2^22
 * values (32 MB); beyond that the panels left over are treated as far. */
eddy_result eddyi_wall_state_reserve(eddy_wall_state *s, int panels, eddy_error *err)
{
    if (!s) return EDDY_OK;
    long need = 2L * (long)s->walls->count * (long)panels;
    if (need > (1L << 22)) need = 1L << 22;
    if (need <= s->block_cap) return EDDY_OK;
    double *blocks = eddy_realloc(s->blocks, (size_t)need * sizeof(double));
    if (!blocks) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the walls' panels");
    s->blocks = blocks;
    s->block_cap = need;
    return EDDY_OK;
}

void eddyi_wall_state_destroy(eddy_wall_state *s)
{
    if (!s) return;
    eddy_free(s->sigma), eddy_free(s->b), eddy_free(s->next), eddy_free(s->g_active), eddy_free(s->b_active), eddy_free(s->active), eddy_free(s->near_first), eddy_free(s->near_count);
    eddy_free(s->near_list), eddy_free(s->near_mark), eddy_free(s->block_off), eddy_free(s->blocks), eddy_free(s->coef);
    eddy_free(s);
}

void eddyi_wall_state_reset(eddy_wall_state *s)
{
    if (!s) return;
    memset(s->sigma, 0, (size_t)s->walls->count * sizeof(double));
    s->active_count = 0;
}

int eddyi_wall_state_active(const eddy_wall_state *s) { return s ? s->active_count : 0; }

static double dist2(const double *p, double x, double y)
{
    double dx = p[0] - x, dy = p[1] - y;
    return dx * dx + dy * dy;
}

/* Origin and sign of copy c of body b (-1: the real panels). */
static void copy_of(const eddy_panel_world_body *b, int c, const double **ends_src,
                    const eddy_panel_world *w, double *ox, double *oy, double *sign)
{
    if (c < 0) {
        *ends_src = &w->src[4 * b->first];
        *ox = b->state.x, *oy = b->state.y, *sign = 1.0;
    } else {
        *ends_src = &w->src[4 * b->image_first[c]];
        *ox = b->image_origin[c][0], *oy = b->image_origin[c][1], *sign = b->image_sign[c];
    }
}

/* The two near blocks of body t: body->wall (row per near wall panel, column
 * per body panel, every copy folded in) and wall->body (row per body panel:
 * length times the normal flow of a unit source on each near wall panel). */
static void fill_blocks(eddy_wall_state *s, const eddy_panel_world *w, int t, double *bw,
                        double *wb)
{
    const eddy_panel_walls *pw = s->walls;
    const eddy_panel_world_body *b = &w->bodies[t];
    int m = b->shape->count, nn = s->near_count[t];
    const int *list = &s->near_list[s->near_first[t]];
    for (int q = 0; q < nn; ++q) {
        int a = list[q];
        double *row = &bw[(size_t)q * (size_t)m];
        const double *ends = &w->src[4 * b->first]; /* the real panels; images are far */
        for (int j = 0; j < m; ++j) row[j] = face_flux(pw, a, &ends[4 * j], true);
    }
    for (int j = 0; j < m; ++j) {
        int g = b->first + j;
        double *row = &wb[(size_t)j * (size_t)nn];
        for (int q = 0; q < nn; ++q) {
            double uv[2];
            eddyi_source_panel_velocity(&pw->ends[4 * list[q]], 1.0, w->mid[2 * g], w->mid[2 * g + 1],
                                       true, uv);
            row[q] = b->shape->length[j] * (uv[0] * w->normal[2 * g] + uv[1] * w->normal[2 * g + 1]);
        }
    }
}

int eddyi_wall_state_place(eddy_wall_state *s, const eddy_panel_world *w)
{
    if (!s) return 0;
    const eddy_panel_walls *pw = s->walls;
    int n = pw->count;
    /* active: within EDDY_WALL_RANGE radii of some body */
    memset(s->near_mark, 0, (size_t)n);
    for (int q = 0; q < s->active_count; ++q) s->near_mark[s->active[q]] = 2; /* was active */
    s->active_count = 0;
    for (int a = 0; a < n; ++a) {
        bool on = false;
        for (int t = 0; t < w->body_count && !on; ++t) {
            double reach = (1.0 + EDDY_WALL_RANGE) * w->bodies[t].shape->radius;
            on = dist2(&pw->mid[2 * a], w->bodies[t].state.x, w->bodies[t].state.y) < reach * reach;
        }
        if (on) s->active[s->active_count++] = a;
        else if (s->near_mark[a] == 2) s->sigma[a] = 0.0; /* left the active set */
    }
    memset(s->near_mark, 0, (size_t)n);
    for (int q = 0; q < s->active_count; ++q) s->near_mark[s->active[q]] = 1;
    int na = s->active_count;
    for (int q = 0; q < na; ++q) {
        const double *row = &pw->inverse[(size_t)s->active[q] * (size_t)n];
        double *dst = &s->g_active[(size_t)q * (size_t)na];
        for (int r = 0; r < na; ++r) dst[r] = row[s->active[r]];
    }
    /* near lists and blocks per body */
    long used = 0;
    int listed = 0;
    for (int t = 0; t < w->body_count; ++t) {
        const eddy_panel_world_body *b = &w->bodies[t];
        double reach = EDDY_WALL_NEAR * b->shape->radius;
        s->near_first[t] = listed;
        s->near_count[t] = 0;
        for (int q = 0; q < s->active_count; ++q) {
            int a = s->active[q];
            if (!(dist2(&pw->mid[2 * a], b->state.x, b->state.y) < reach * reach)) continue;
            long need = 2L * (s->near_count[t] + 1) * b->shape->count;
            if (used + need > s->block_cap) break; /* storage full: the rest stays far */
            s->near_list[listed++] = a;
            s->near_count[t]++;
        }
        s->block_off[t] = used;
        long size = (long)s->near_count[t] * b->shape->count;
        fill_blocks(s, w, t, &s->blocks[used], &s->blocks[used + size]);
        used += 2 * size;
    }
    return s->active_count;
}

void eddyi_wall_state_body_flux(const eddy_wall_state *s, const eddy_panel_world *w, int t,
                               double *acc)
{
    if (!s || s->near_count[t] == 0) return;
    const eddy_panel_world_body *b = &w->bodies[t];
    int m = b->shape->count, nn = s->near_count[t];
    const int *list = &s->near_list[s->near_first[t]];
    const double *wb = &s->blocks[s->block_off[t] + (long)nn * m];
    for (int j = 0; j < m; ++j) {
        const double *row = &wb[(size_t)j * (size_t)nn];
        double sum = 0.0;
        for (int q = 0; q < nn; ++q) sum += row[q] * s->sigma[list[q]];
        acc[j] += sum;
    }
}

/* b[a] for every active wall panel from every body's current strengths:
 * near ones by the cached blocks, the rest through each copy's multipole. */
static void wall_violation(eddy_wall_state *s, const eddy_panel_world *w)
{
    const eddy_panel_walls *pw = s->walls;
    for (int q = 0; q < s->active_count; ++q) s->b[s->active[q]] = 0.0;
    for (int t = 0; t < w->body_count; ++t) {
        const eddy_panel_world_body *b = &w->bodies[t];
        int m = b->shape->count, nn = s->near_count[t];
        const int *list = &s->near_list[s->near_first[t]];
        const double *gamma = &w->strength[b->first], *bw = &s->blocks[s->block_off[t]];
        for (int q = 0; q < nn; ++q) {
            const double *row = &bw[(size_t)q * (size_t)m];
            double sum = 0.0;
            for (int j = 0; j < m; ++j) sum += row[j] * gamma[j];
            s->b[list[q]] += sum;
            s->near_mark[list[q]] = 3; /* this body's near panel: skip below */
        }
        for (int c = -1; c < b->image_count; ++c) {
            const double *ends;
            double ox, oy, sign;
            copy_of(b, c, &ends, w, &ox, &oy, &sign);
            eddyi_far_multipole_direct(ends, gamma, m, ox, oy, EDDY_WALL_ORDER, s->coef);
            /* as for activation: beyond this reach a copy's dipole is below
               what a wall panel is activated for */
            double reach = (1.0 + EDDY_WALL_RANGE) * b->shape->radius;
            for (int q = 0; q < s->active_count; ++q) {
                int a = s->active[q];
                if (c < 0 && s->near_mark[a] == 3) continue; /* the block has it */
                if (dist2(&pw->mid[2 * a], ox, oy) > reach * reach) continue;
                double W[2];
                eddyi_far_multipole_eval(s->coef, EDDY_WALL_ORDER, ox, oy, pw->mid[2 * a],
                                        pw->mid[2 * a + 1], W);
                /* W = u - i v, at the face's midpoint (far: smooth over a face) */
                s->b[a] += sign * (W[0] * pw->normal[2 * a] - W[1] * pw->normal[2 * a + 1]);
            }
        }
        for (int q = 0; q < nn; ++q) s->near_mark[list[q]] = 1;
    }
}

/* sigma = -G b on the active panels: the whole walls' answer to the normal
 * flow the bodies push at the active faces, kept where the bodies are (the
 * rest is far from every body, and its field there is weak). */
double eddyi_wall_state_solve(eddy_wall_state *s, const eddy_panel_world *w)
{
    if (!s || s->active_count == 0) return 0.0;
    wall_violation(s, w);
    double num = 0.0, den = 0.0;
    int na = s->active_count;
    for (int q = 0; q < na; ++q) s->b_active[q] = s->b[s->active[q]];
    for (int q = 0; q < na; ++q) {
        const double *restrict row = &s->g_active[(size_t)q * (size_t)na];
        const double *restrict bb = s->b_active;
        double sum = 0.0;
        for (int r = 0; r < na; ++r) sum += row[r] * bb[r];
        s->next[q] = -sum;
    }
    for (int q = 0; q < s->active_count; ++q) {
        int a = s->active[q];
        double d = s->next[q] - s->sigma[a];
        num += d * d;
        den += s->next[q] * s->next[q];
        s->sigma[a] = s->next[q];
    }
    return den > 0.0 ? sqrt(num / den) : 0.0;
}

bool eddyi_wall_state_near_body(const eddy_wall_state *s, int t)
{
    return s && s->near_count[t] > 0;
}

void eddyi_wall_state_velocity(const eddy_wall_state *s, double x, double y, double out[2])
{
    if (!s) return;
    for (int q = 0; q < s->active_count; ++q) {
        int a = s->active[q];
        if (s->sigma[a] == 0.0) continue;
        double uv[2];
        eddyi_source_panel_velocity(&s->walls->ends[4 * a], s->sigma[a], x, y, false, uv);
        out[0] += uv[0];
        out[1] += uv[1];
    }
}
