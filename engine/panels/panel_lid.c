// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_lid.c - a body piercing the lid, solved with its image in it (issue
 * 35, item 1). What and why: panel_lid.h. */
#include "panel_lid.h"

#include <math.h>
#include <string.h>

struct eddy_panel_lid {
    int max_bodies, max_panels;
    int *copy;       /* per body: its lid image's copy index, -1 none */
    int *count;      /* per body: wet panels (unknowns), 0 when not solved here */
    long *offset;    /* per body: its factors in lu */
    int *order;      /* per real panel (at the body's first): wet panels in outline order */
    int *pivot;      /* per real panel: LU row exchanges */
    int *next;       /* per real panel (body-local index at first): the panel after it */
    int *prev;
    unsigned char *wet; /* per real panel: carries strength in its body's lid solve */
    double *rhs;     /* max_panels: scratch */
    double *lu;      /* the factors, sum of every body's count^2 */
    long lu_cap, lu_need;
    /* per body, from its first piercing step on: the stream function of each
       of its panels at each of its midpoints, m x m, in its own frame (it
       does not change as the body moves: psi depends on distances alone) */
    double *psi;
    long psi_cap, psi_need;
    const eddy_panel_shape **psi_shape; /* the shape psi holds, NULL none yet */
    /* a probe's fine outline (panel_probe.c), EDDY_PROBE_MAX_PANELS panels */
    double *fine_lu, *fine_src, *fine_mid, *fine_rhs;
    int *fine_ints; /* order, pivot, next, prev */
};

eddy_result eddyi_panel_lid_create(int max_bodies, int max_panels, eddy_panel_lid **out,
                                  eddy_error *err)
{
    *out = NULL;
    eddy_panel_lid *lid = eddy_calloc(1, sizeof *lid);
    if (!lid) return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory for the lid");
    size_t nb = (size_t)max_bodies, np = (size_t)max_panels;
    lid->max_bodies = max_bodies, lid->max_panels = max_panels;
    lid->copy = eddy_calloc(nb, sizeof(int));
    lid->count = eddy_calloc(nb, sizeof(int));
    lid->offset = eddy_calloc(nb, sizeof(long));
    lid->order = eddy_calloc(np, sizeof(int));
    lid->pivot = eddy_calloc(np, sizeof(int));
    lid->next = eddy_calloc(np, sizeof(int));
    lid->prev = eddy_calloc(np, sizeof(int));
    lid->rhs = eddy_calloc(np, sizeof(double));
    lid->wet = eddy_calloc(np, 1);
    lid->psi_shape = eddy_calloc(nb, sizeof *lid->psi_shape);
    size_t nf = EDDY_PROBE_MAX_PANELS;
    lid->fine_lu = eddy_calloc(nf * nf, sizeof(double));
    lid->fine_src = eddy_calloc(8 * nf, sizeof(double));
    lid->fine_mid = eddy_calloc(2 * nf, sizeof(double));
    lid->fine_rhs = eddy_calloc(nf, sizeof(double));
    lid->fine_ints = eddy_calloc(4 * nf, sizeof(int));
    if (!lid->copy || !lid->count || !lid->offset || !lid->order || !lid->pivot || !lid->next ||
        !lid->prev || !lid->rhs || !lid->wet || !lid->psi_shape || !lid->fine_lu || !lid->fine_src || !lid->fine_mid ||
        !lid->fine_rhs || !lid->fine_ints) {
        eddyi_panel_lid_destroy(lid);
        return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory for the lid");
    }
    for (int t = 0; t < max_bodies; ++t) lid->copy[t] = -1;
    *out = lid;
    return EDDY_OK;
}

void eddyi_panel_lid_destroy(eddy_panel_lid *lid)
{
    if (!lid) return;
    eddy_free(lid->copy), eddy_free(lid->count), eddy_free(lid->offset), eddy_free(lid->order);
    eddy_free(lid->pivot), eddy_free(lid->next), eddy_free(lid->prev), eddy_free(lid->rhs);
    eddy_free(lid->wet), eddy_free(lid->psi), eddy_free(lid->psi_shape);
    eddy_free(lid->lu), eddy_free(lid->fine_lu), eddy_free(lid->fine_src), eddy_free(lid->fine_mid);
    eddy_free(lid->fine_rhs), eddy_free(lid->fine_ints);
    eddy_free(lid);
}

/* Room for need doubles in *a (capacity *cap). */
static bool reserve_doubles(double **a, long *cap, long need)
{
    if (need <= *cap) return true;
    double *grown = eddy_realloc(*a, (size_t)need * sizeof(double));
    if (!grown) return false;
    *a = grown;
    *cap = need;
    return true;
}

eddy_result eddyi_panel_lid_reserve(eddy_panel_lid *lid, int panels, eddy_error *err)
{
    if (!lid) return EDDY_OK;
    long square = (long)panels * panels;
    if (!reserve_doubles(&lid->lu, &lid->lu_cap, lid->lu_need + square) ||
        !reserve_doubles(&lid->psi, &lid->psi_cap, lid->psi_need + square))
        return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory for the lid");
    lid->lu_need += square;
    lid->psi_need += square;
    return EDDY_OK;
}

bool eddyi_panel_lid_pierces(const eddy_panel_world *w, const eddy_panel_world_body *b)
{
    bool below = false, above = false;
    for (int j = 0; j < b->shape->count; ++j) {
        double y = w->mid[2 * (b->first + j) + 1];
        below = below || y < w->height;
        above = above || y > w->height;
    }
    return below && above;
}

/* The lid image among body b's copies (mirrored in y only, across y = H). */
static int lid_copy_of(const eddy_panel_world *w, const eddy_panel_world_body *b)
{
    for (int c = 0; c < b->image_count; ++c)
        if (b->image_mirror[c] == 2 && b->image_origin[c][1] == 2.0 * w->height - b->state.y)
            return c;
    return -1;
}

/* next and prev along the outlines (body-local indices): the panel whose
 * start is this one's end, the following panel first (the shapes are cut
 * in outline order). false when an outline does not close. */
static bool link_outline(const double *src, const eddy_panel_shape *shape, int *next, int *prev)
{
    int m = shape->count;
    double tol = 0.0;
    for (int j = 0; j < m; ++j) tol = fmax(tol, shape->length[j]);
    tol *= 1e-6;
    for (int j = 0; j < m; ++j) prev[j] = -1;
    for (int j = 0; j < m; ++j) {
        const double *e = &src[4 * j];
        int k = j + 1 < m ? j + 1 : 0;
        if (!(fabs(src[4 * k] - e[2]) <= tol && fabs(src[4 * k + 1] - e[3]) <= tol)) {
            k = -1;
            for (int q = 0; q < m && k < 0; ++q)
                if (q != j && fabs(src[4 * q] - e[2]) <= tol && fabs(src[4 * q + 1] - e[3]) <= tol)
                    k = q;
            if (k < 0) return false;
        }
        next[j] = k;
        prev[k] = j;
    }
    for (int j = 0; j < m; ++j)
        if (prev[j] < 0) return false;
    return true;
}

/* The wet panels in outline order, each run from the lid to the lid:
 * returns their count. */
static int wet_order(const double *mid, int m, double H, const int *next, const int *prev,
                     int *order)
{
    int n = 0;
#define WET(j) (mid[2 * (j) + 1] < H)
    for (int s = 0; s < m; ++s) {
        if (!WET(s) || WET(prev[s])) continue; /* a run starts after a dry panel */
        for (int j = s; WET(j) && n < m; j = next[j]) order[n++] = j;
    }
#undef WET
    return n;
}

/* In-place LU with partial pivoting of the n x n row-major a; false when a
 * pivot vanishes. */
static bool lu_factor(int n, double *a, int *pivot)
{
    for (int k = 0; k < n; ++k) {
        int p = k;
        for (int i = k + 1; i < n; ++i)
            if (fabs(a[(size_t)i * n + k]) > fabs(a[(size_t)p * n + k])) p = i;
        pivot[k] = p;
        if (!(fabs(a[(size_t)p * n + k]) > 0.0)) return false;
        if (p != k)
            for (int j = 0; j < n; ++j) {
                double t = a[(size_t)k * n + j];
                a[(size_t)k * n + j] = a[(size_t)p * n + j];
                a[(size_t)p * n + j] = t;
            }
        double inv = 1.0 / a[(size_t)k * n + k];
        for (int i = k + 1; i < n; ++i) {
            double f = a[(size_t)i * n + k] *= inv;
            if (f == 0.0) continue;
            for (int j = k + 1; j < n; ++j) a[(size_t)i * n + j] -= f * a[(size_t)k * n + j];
        }
    }
    return true;
}

static void lu_apply(int n, const double *a, const int *pivot, double *x)
{
    for (int k = 0; k < n; ++k) {
        if (pivot[k] != k) {
            double t = x[k];
            x[k] = x[pivot[k]];
            x[pivot[k]] = t;
        }
        for (int i = k + 1; i < n; ++i) x[i] -= a[(size_t)i * n + k] * x[k];
    }
    for (int i = n - 1; i >= 0; --i) {
        double sum = x[i];
        for (int j = i + 1; j < n; ++j) sum -= a[(size_t)i * n + j] * x[j];
        x[i] = sum / a[(size_t)i * n + i];
    }
}

/* The half plane's kernel: the stream function at the wet midpoints of each
 * wet panel less its lid image's (strength -gamma). The real panels' part
 * from psi (m x m over the whole outline, own_psi) when given, else here. */
static void fill_system(const double *real, const double *image, const double *mid,
                        const int *order, int n, const double *psi, int m, double *a)
{
    for (int i = 0; i < n; ++i) {
        const double *z = &mid[2 * order[i]];
        for (int k = 0; k < n; ++k) {
            const double *e = &real[4 * order[k]], *f = &image[4 * order[k]];
            double own = psi ? psi[(size_t)order[i] * m + order[k]]
                             : eddyi_panel_stream_function(e[0], e[1], e[2], e[3], z[0], z[1]);
            a[(size_t)i * n + k] = own - eddyi_panel_stream_function(f[0], f[1], f[2], f[3], z[0], z[1]);
        }
    }
}

/* psi[i m + k]: the stream function of panel k of the shape at the midpoint
 * of panel i, in the body's frame. */
static void own_psi(const eddy_panel_shape *shape, double *psi)
{
    int m = shape->count;
    for (int i = 0; i < m; ++i) {
        const double *d = &shape->ends[4 * i];
        double x = 0.5 * (d[0] + d[2]), y = 0.5 * (d[1] + d[3]);
        for (int k = 0; k < m; ++k) {
            const double *e = &shape->ends[4 * k];
            psi[(size_t)i * m + k] = eddyi_panel_stream_function(e[0], e[1], e[2], e[3], x, y);
        }
    }
}

void eddyi_panel_lid_place(eddy_panel_world *w)
{
    eddy_panel_lid *lid = w->lid;
    if (!lid) return;
    long used = 0, psi_at = 0;
    for (int t = 0; t < w->body_count; ++t) {
        const eddy_panel_world_body *b = &w->bodies[t];
        int first = b->first, m = b->shape->count;
        long psi_here = psi_at; /* bodies keep their slots: they are only ever added */
        psi_at += (long)m * m;
        lid->copy[t] = lid_copy_of(w, b);
        lid->count[t] = 0;
        lid->offset[t] = used;
        if (lid->copy[t] < 0) continue;
        int *next = &lid->next[first], *prev = &lid->prev[first], *order = &lid->order[first];
        if (!link_outline(&w->src[4 * first], b->shape, next, prev)) continue;
        int n = wet_order(&w->mid[2 * first], b->shape->count, w->height, next, prev, order);
        if (n == 0 || used + (long)n * n > lid->lu_cap) continue;
        double *a = &lid->lu[used], *psi = NULL;
        if (psi_at <= lid->psi_cap) { /* reserved at add_body: computed once */
            psi = &lid->psi[psi_here];
            if (lid->psi_shape[t] != b->shape) own_psi(b->shape, psi);
            lid->psi_shape[t] = b->shape;
        }
        fill_system(&w->src[4 * first], &w->src[4 * b->image_first[lid->copy[t]]],
                    &w->mid[2 * first], order, n, psi, m, a);
        if (!lu_factor(n, a, &lid->pivot[first])) continue;
        lid->count[t] = n;
        used += (long)n * n;
        memset(&lid->wet[first], 0, (size_t)b->shape->count);
        for (int i = 0; i < n; ++i) lid->wet[first + order[i]] = 1;
    }
}

int eddyi_panel_lid_own_copy(const eddy_panel_world *w, int t)
{
    return w->lid && w->lid->count[t] > 0 ? w->lid->copy[t] : -1;
}

const unsigned char *eddyi_panel_lid_wet(const eddy_panel_world *w, int t)
{
    return w->lid && w->lid->count[t] > 0 ? &w->lid->wet[w->bodies[t].first] : NULL;
}

/* gamma (all m panels) from the fluxes b with the factored wet system: the
 * flux of the relative flow through the wet outline from the lid up to each
 * midpoint, half of the panel's own, is the negative of the panels' stream
 * function there (panel_lid.h); the panels above the lid carry nothing. */
static void solve_wet(int n, const double *lu, const int *pivot, const int *order, const int *next,
                      int m, const double *b, double *x, double *gamma)
{
    double run = 0.0;
    for (int i = 0; i < n; ++i) {
        if (i == 0 || next[order[i - 1]] != order[i]) run = 0.0; /* a run starts at the lid */
        x[i] = -(run + 0.5 * b[order[i]]);
        run += b[order[i]];
    }
    lu_apply(n, lu, pivot, x);
    memset(gamma, 0, sizeof(double) * (size_t)m);
    for (int i = 0; i < n; ++i) gamma[order[i]] = x[i];
}

bool eddyi_panel_lid_solve(const eddy_panel_world *w, int t, const double *b, double *gamma)
{
    const eddy_panel_lid *lid = w->lid;
    if (!lid || lid->count[t] == 0) return false;
    const eddy_panel_world_body *pb = &w->bodies[t];
    int first = pb->first;
    solve_wet(lid->count[t], &lid->lu[lid->offset[t]], &lid->pivot[first], &lid->order[first],
              &lid->next[first], pb->shape->count, b, lid->rhs, gamma);
    return true;
}

bool eddyi_panel_lid_probe_solve(const eddy_panel_world *w, int t, const eddy_panel_shape *fine,
                                const double *b, double *gamma)
{
    const eddy_panel_lid *lid = w->lid;
    if (!lid || lid->count[t] == 0 || fine->count > EDDY_PROBE_MAX_PANELS) return false;
    const eddy_panel_body_state *st = &w->bodies[t].state;
    int m = fine->count;
    double *real = lid->fine_src, *image = real + 4 * m, *mid = lid->fine_mid;
    int *order = lid->fine_ints, *pivot = order + m, *next = pivot + m, *prev = next + m;
    double c = cos(st->angle), s = sin(st->angle), H = w->height;
    for (int j = 0; j < m; ++j) { /* placed as the probes place them (panel_probe.c) */
        const double *e = &fine->ends[4 * j];
        double *d = &real[4 * j], *f = &image[4 * j];
        for (int k = 0; k < 2; ++k) {
            d[2 * k] = st->x + c * e[2 * k] - s * e[2 * k + 1];
            d[2 * k + 1] = st->y + s * e[2 * k] + c * e[2 * k + 1];
            f[2 * k] = d[2 * k], f[2 * k + 1] = 2.0 * H - d[2 * k + 1];
        }
        mid[2 * j] = 0.5 * (d[0] + d[2]), mid[2 * j + 1] = 0.5 * (d[1] + d[3]);
    }
    if (!link_outline(real, fine, next, prev)) return false;
    int n = wet_order(mid, m, H, next, prev, order);
    if (n == 0) return false;
    fill_system(real, image, mid, order, n, NULL, m, lid->fine_lu);
    if (!lu_factor(n, lid->fine_lu, pivot)) return false;
    solve_wet(n, lid->fine_lu, pivot, order, next, m, b, lid->fine_rhs, gamma);
    return true;
}
