// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* basis_box.c - Laplacian eigenmodes of the box [0,W] x [0,H] (docs/design.md,
 * "The box basis").
 *
 * Mode k = (k1, k2), k1, k2 >= 1: stream function psi = N sin(a x) sin(b y),
 * a = k1 pi / W, b = k2 pi / H; velocity phi = (dpsi/dy, -dpsi/dx)
 *   = N (b sin(a x) cos(b y), -a cos(a x) sin(b y)).
 * phi is divergence-free, has no normal component on any wall, and its
 * vorticity is lambda psi with lambda = a^2 + b^2. Since the integral of
 * |phi|^2 is N^2 lambda W H / 4, N = 2 / sqrt(lambda W H) makes it unit. */
#include "fluid_internal.h"
#include "simd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double box_lambda(int k1, int k2, double width, double height)
{
    double a = k1 * M_PI / width, b = k2 * M_PI / height;
    return a * a + b * b;
}

/* Eigenvalue order; near-equal eigenvalues (equal in exact arithmetic) fall
 * back to k1, then k2, so the choice never depends on rounding. */
static int compare_modes(const void *pa, const void *pb)
{
    const eddy_box_mode *a = pa, *b = pb;
    double tol = 1e-12 * fmax(a->lambda, b->lambda);
    if (a->lambda < b->lambda - tol) return -1;
    if (a->lambda > b->lambda + tol) return 1;
    if (a->k1 != b->k1) return a->k1 < b->k1 ? -1 : 1;
    return (a->k2 > b->k2) - (a->k2 < b->k2);
}

eddy_result eddyi_box_select_modes(double width, double height, int count, eddy_box_mode *modes,
                                  eddy_error *err)
{
    if (!(width > 0) || !(height > 0) || !isfinite(width) || !isfinite(height))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "domain %g x %g: both sides must be positive",
                         width, height);
    if (count < 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode count %d: need at least 1", count);
    /* Every mode among the count smallest has k1 <= count and k2 <= count
     * (a mode (k1, k2) is preceded by (1..k1-1, k2) at least); search the
     * rectangle up to that bound, capped by EDDY_MAX_WAVE. */
    int kx = count < EDDY_MAX_WAVE ? count : EDDY_MAX_WAVE;
    int ky = kx;
    size_t n = (size_t)kx * (size_t)ky;
    eddy_box_mode *all = eddy_alloc(n * sizeof *all);
    if (!all) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory selecting %d modes", count);
    size_t m = 0;
    for (int k1 = 1; k1 <= kx; ++k1)
        for (int k2 = 1; k2 <= ky; ++k2)
            all[m++] = (eddy_box_mode){k1, k2, box_lambda(k1, k2, width, height)};
    qsort(all, m, sizeof *all, compare_modes);
    if ((size_t)count > m) {
        eddy_free(all);
        return eddy_fail(err, EDDY_ERR_RANGE, "%d modes need wave numbers above %d", count,
                         EDDY_MAX_WAVE);
    }
    /* The cap could have cut off a mode with a smaller eigenvalue than the
     * last one taken: only possible when kx hit EDDY_MAX_WAVE. */
    double last = all[count - 1].lambda;
    bool capped = count > EDDY_MAX_WAVE &&
                  (box_lambda(EDDY_MAX_WAVE + 1, 1, width, height) <= last ||
                   box_lambda(1, EDDY_MAX_WAVE + 1, width, height) <= last);
    if (capped) {
        eddy_free(all);
        return eddy_fail(err, EDDY_ERR_RANGE,
                         "%d modes on a %g x %g domain need wave numbers above %d", count, width,
                         height, EDDY_MAX_WAVE);
    }
    /* Absurd domain sizes (1e-200 m) overflow the eigenvalues or the norms. */
    for (int m = 0; m < count; ++m)
        if (!isfinite(all[m].lambda) || !isfinite(eddyi_box_norm(&all[m], width, height)) ||
            all[m].lambda <= 0.0) {
            eddy_free(all);
            return eddy_fail(err, EDDY_ERR_RANGE,
                             "domain %g x %g: eigenvalues are not finite at this scale", width,
                             height);
        }
    memcpy(modes, all, (size_t)count * sizeof *modes);
    eddy_free(all);
    return EDDY_OK;
}

double eddyi_box_norm(const eddy_box_mode *m, double width, double height)
{
    return 2.0 / sqrt(m->lambda * width * height);
}

void eddyi_box_mode_velocity(const eddy_box_mode *m, double width, double height, double x,
                            double y, double out[2])
{
    double a = m->k1 * M_PI / width, b = m->k2 * M_PI / height;
    double n = eddyi_box_norm(m, width, height);
    out[0] = n * b * sin(a * x) * cos(b * y);
    out[1] = -n * a * cos(a * x) * sin(b * y);
}

double eddyi_box_mode_stream(const eddy_box_mode *m, double width, double height, double x,
                            double y)
{
    double a = m->k1 * M_PI / width, b = m->k2 * M_PI / height;
    return eddyi_box_norm(m, width, height) * sin(a * x) * sin(b * y);
}

void eddyi_box_sample_mode(const eddy_box_mode *m, const eddy_mac *g, double *field)
{
    int n = eddy_mac_size(g);
    for (int s = 0; s < n; ++s) {
        double x, y, uv[2];
        int comp = eddy_mac_position(g, s, &x, &y);
        eddyi_box_mode_velocity(m, g->width, g->height, x, y, uv);
        field[s] = uv[comp];
    }
}

eddy_result eddyi_box_basis_init(eddy_box_basis *b, const eddy_box_mode *modes, int count,
                                double width, double height, eddy_error *err)
{
    memset(b, 0, sizeof *b);
    b->count = count;
    b->width = width;
    b->height = height;
    size_t alloc = (size_t)(count > 0 ? count : 1); /* a level with walls has none */
    b->modes = eddy_alloc(alloc * sizeof *b->modes);
    b->coef_u = eddy_alloc(alloc * sizeof *b->coef_u);
    b->coef_v = eddy_alloc(alloc * sizeof *b->coef_v);
    if (!b->modes || !b->coef_u || !b->coef_v) {
        eddyi_box_basis_free(b);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %d-mode basis", count);
    }
    for (int k = 0; k < count; ++k) {
        const eddy_box_mode *m = &modes[k];
        if (m->k1 < 1 || m->k2 < 1 || m->k1 > EDDY_MAX_WAVE || m->k2 > EDDY_MAX_WAVE) {
            eddyi_box_basis_free(b);
            return eddy_fail(err, EDDY_ERR_RANGE, "mode %d has wave numbers (%d, %d) outside 1..%d",
                             k, m->k1, m->k2, EDDY_MAX_WAVE);
        }
        b->modes[k] = *m;
        double n = eddyi_box_norm(m, width, height);
        b->coef_u[k] = n * m->k2 * M_PI / height;
        b->coef_v[k] = n * m->k1 * M_PI / width;
        if (m->k1 > b->max_k1) b->max_k1 = m->k1;
        if (m->k2 > b->max_k2) b->max_k2 = m->k2;
    }
    b->by_k1 = eddy_alloc(alloc * sizeof *b->by_k1);
    b->k1_start = eddy_calloc((size_t)b->max_k1 + 2, sizeof *b->k1_start);
    b->terms = eddy_alloc(alloc * sizeof *b->terms);
    if (!b->by_k1 || !b->k1_start || !b->terms) {
        eddyi_box_basis_free(b);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %d-mode basis", count);
    }
    eddy_box_modes_by_k1(modes, count, b->max_k1, b->by_k1, b->k1_start);
    for (int i = 0; i < count; ++i) {
        int k = b->by_k1[i];
        b->terms[i] = (eddy_box_term){k, modes[k].k2, b->coef_u[k], b->coef_v[k]};
    }
    return EDDY_OK;
}

void eddyi_box_basis_free(eddy_box_basis *b)
{
    eddy_free(b->modes);
    eddy_free(b->coef_u);
    eddy_free(b->coef_v);
    eddy_free(b->by_k1);
    eddy_free(b->k1_start);
    eddy_free(b->terms);
    memset(b, 0, sizeof *b);
}

/* sin(n t) and cos(n t) for n = 0..count by repeated rotation through t:
 * (c + i s)_{n+1} = (c + i s)_n (cos t + i sin t). Errors grow only linearly. */
static void trig_table(double t, int count, double *s, double *c)
{
    double st = sin(t), ct = cos(t);
    s[0] = 0.0;
    c[0] = 1.0;
    for (int n = 0; n < count; ++n) {
        s[n + 1] = s[n] * ct + c[n] * st;
        c[n + 1] = c[n] * ct - s[n] * st;
    }
}

void eddyi_box_basis_velocity(const eddy_box_basis *b, const double *r, double x, double y,
                             double out[2])
{
    double sx[EDDY_MAX_WAVE + 1], cx[EDDY_MAX_WAVE + 1];
    double sy[EDDY_MAX_WAVE + 1], cy[EDDY_MAX_WAVE + 1];
    trig_table(M_PI * x / b->width, b->max_k1, sx, cx);
    trig_table(M_PI * y / b->height, b->max_k2, sy, cy);
    /* u = sum_k1 sin(k1 x) sum_k2 r c_u cos(k2 y), v likewise: the order
       eddyi_box_basis_velocity_many keeps */
    double u = 0.0, v = 0.0;
    for (int k1 = 1; k1 <= b->max_k1; ++k1) {
        double gu = 0.0, gv = 0.0;
        for (int i = b->k1_start[k1]; i < b->k1_start[k1 + 1]; ++i) {
            const eddy_box_term *t = &b->terms[i];
            gu += r[t->k] * t->cu * cy[t->k2];
            gv += r[t->k] * t->cv * sy[t->k2];
        }
        u += sx[k1] * gu;
        v -= cx[k1] * gv;
    }
    out[0] = u;
    out[1] = v;
}

void eddyi_box_basis_values(const eddy_box_basis *b, double x, double y, double *phi_u,
                           double *phi_v)
{
    double sx[EDDY_MAX_WAVE + 1], cx[EDDY_MAX_WAVE + 1];
    double sy[EDDY_MAX_WAVE + 1], cy[EDDY_MAX_WAVE + 1];
    trig_table(M_PI * x / b->width, b->max_k1, sx, cx);
    trig_table(M_PI * y / b->height, b->max_k2, sy, cy);
    for (int k = 0; k < b->count; ++k) {
        int k1 = b->modes[k].k1, k2 = b->modes[k].k2;
        phi_u[k] = b->coef_u[k] * sx[k1] * cy[k2];
        phi_v[k] = -b->coef_v[k] * cx[k1] * sy[k2];
    }
}

/* Points per batch of eddyi_box_basis_velocity_many: its tables live on the
 * stack, (max_k1 + max_k2 + 2) x 2 x batch doubles within BATCH_DOUBLES. */
#define BATCH_DOUBLES 6144
#define BATCH_MAX 64
#define MODE_CHUNK 256

/* rows[k * n + p] = sin(k t_p), cols[...] = cos(k t_p), k = 0..count, by the
 * rotation of trig_table, for n points at once (n even): lane by lane the same
 * operations as trig_table, so each point's values are bit for bit its own. */
static void trig_rows(const double *t, int n, int count, double *rows, double *cols)
{
    double st[BATCH_MAX], ct[BATCH_MAX];
    for (int p = 0; p < n; ++p) st[p] = sin(t[p]), ct[p] = cos(t[p]);
    for (int p = 0; p < n; p += 2) { /* two points down all k, in registers */
        eddy_v2 sa = eddy_v2_load(&st[p]), ca = eddy_v2_load(&ct[p]);
        eddy_v2 s = eddy_v2_set(0.0), c = eddy_v2_set(1.0);
        double *sr = &rows[p], *cr = &cols[p];
        eddy_v2_store(sr, s), eddy_v2_store(cr, c);
        for (int k = 0; k < count; ++k) {
            eddy_v2 s1 = eddy_v2_add(eddy_v2_mul(s, ca), eddy_v2_mul(c, sa));
            c = eddy_v2_sub(eddy_v2_mul(c, ca), eddy_v2_mul(s, sa)), s = s1;
            sr += n, cr += n;
            eddy_v2_store(sr, s), eddy_v2_store(cr, c);
        }
    }
}

/* The grouped sums of eddyi_box_basis_velocity_many for a batch of at most
 * eight points (nb vectors of two): every sum in registers, the mode factors
 * formed where they are used. acc: u of the mm = 2 nb points, then v. */
EDDY_ALWAYS_INLINE void
small_batch(const eddy_box_basis *b, const double *r, const double *sx, const double *cx,
            const double *sy, const double *cy, double *acc, const int nb)
{
    const int mm = 2 * nb;
    eddy_v2 u[4], v[4];
    for (int j = 0; j < nb; ++j) u[j] = v[j] = eddy_v2_set(0.0);
    for (int k1 = 1; k1 <= b->max_k1; ++k1) {
        eddy_v2 gu[4], gv[4];
        for (int j = 0; j < nb; ++j) gu[j] = gv[j] = eddy_v2_set(0.0);
        for (int i = b->k1_start[k1]; i < b->k1_start[k1 + 1]; ++i) {
            const eddy_box_term *t = &b->terms[i];
            eddy_v2 fu = eddy_v2_set(r[t->k] * t->cu), fv = eddy_v2_set(r[t->k] * t->cv);
            const double *c = &cy[(size_t)t->k2 * mm], *sn = &sy[(size_t)t->k2 * mm];
#pragma GCC unroll 4
            for (int j = 0; j < nb; ++j) {
                gu[j] = eddy_v2_add(gu[j], eddy_v2_mul(fu, eddy_v2_load(&c[2 * j])));
                gv[j] = eddy_v2_add(gv[j], eddy_v2_mul(fv, eddy_v2_load(&sn[2 * j])));
            }
        }
        for (int j = 0; j < nb; ++j) {
            u[j] = eddy_v2_add(u[j], eddy_v2_mul(eddy_v2_load(&sx[(size_t)k1 * mm + 2 * j]), gu[j]));
            v[j] = eddy_v2_sub(v[j], eddy_v2_mul(eddy_v2_load(&cx[(size_t)k1 * mm + 2 * j]), gv[j]));
        }
    }
    for (int j = 0; j < nb; ++j) eddy_v2_store(&acc[2 * j], u[j]), eddy_v2_store(&acc[mm + 2 * j], v[j]);
}

void eddyi_box_basis_velocity_many(const eddy_box_basis *b, const double *r, int n,
                                  const double *xy, double *uv)
{
    int per = BATCH_DOUBLES / (2 * (b->max_k1 + b->max_k2 + 2));
    per = per > BATCH_MAX ? BATCH_MAX : per < 2 ? 2 : per & ~1;
    double buf[BATCH_DOUBLES > 8 * (EDDY_MAX_WAVE + 1) ? BATCH_DOUBLES : 8 * (EDDY_MAX_WAVE + 1)];
    for (int p0 = 0; p0 < n; p0 += per) {
        int m = n - p0 < per ? n - p0 : per, mm = (m + 1) & ~1;
        if ((size_t)2 * (b->max_k1 + b->max_k2 + 2) * (size_t)mm > sizeof buf / sizeof buf[0]) {
            /* wave numbers too high for the stack tables: one point at a time */
            for (int p = p0; p < p0 + m; ++p)
                eddyi_box_basis_velocity(b, r, xy[2 * p], xy[2 * p + 1], uv + 2 * p);
            continue;
        }
        double tx[BATCH_MAX], ty[BATCH_MAX];
        for (int p = 0; p < mm; ++p) {
            int q = p0 + (p < m ? p : m - 1); /* a short batch repeats its last point */
            tx[p] = M_PI * xy[2 * q] / b->width;
            ty[p] = M_PI * xy[2 * q + 1] / b->height;
        }
        double *sx = buf, *cx = sx + (size_t)(b->max_k1 + 1) * mm;
        double *sy = cx + (size_t)(b->max_k1 + 1) * mm, *cy = sy + (size_t)(b->max_k2 + 1) * mm;
        trig_rows(tx, mm, b->max_k1, sx, cx);
        trig_rows(ty, mm, b->max_k2, sy, cy);
        /* per k1 group, four points at a time (two at the end): the group sums in registers
           (in gsum between chunks of a long group, in the same order), then
           times sin(k1 x), cos(k1 x) into the point's sums */
        double acc[2 * BATCH_MAX], gsum[2 * BATCH_MAX];
        memset(acc, 0, sizeof(double) * 2 * (size_t)mm);
        /* sin(k2 y) rows sit before the cos rows: a signed offset, since an
           unsigned one would wrap (pointer overflow, undefined behaviour) */
        const ptrdiff_t to_sin = sy - cy;
        switch (mm) { /* a few points (a body's samples): the sums in registers */
        case 2: small_batch(b, r, sx, cx, sy, cy, acc, 1); break;
        case 4: small_batch(b, r, sx, cx, sy, cy, acc, 2); break;
        case 6: small_batch(b, r, sx, cx, sy, cy, acc, 3); break;
        case 8: small_batch(b, r, sx, cx, sy, cy, acc, 4); break;
        default: break;
        }
        for (int k1 = 1; k1 <= b->max_k1 && mm > 8; ++k1) {
            int g0 = b->k1_start[k1], gn = b->k1_start[k1 + 1] - g0;
            if (gn == 0) continue;
            memset(gsum, 0, sizeof(double) * 2 * (size_t)mm);
            for (int g = 0; g < gn; g += MODE_CHUNK) {
                int kn = gn - g < MODE_CHUNK ? gn - g : MODE_CHUNK;
                double cu[2 * MODE_CHUNK], cv[2 * MODE_CHUNK];
                const double *row[MODE_CHUNK];
                for (int i = 0; i < kn; ++i) { /* factors as pairs, rows by k2 */
                    const eddy_box_term *t = &b->terms[g0 + g + i];
                    cu[2 * i] = cu[2 * i + 1] = r[t->k] * t->cu;
                    cv[2 * i] = cv[2 * i + 1] = r[t->k] * t->cv;
                    row[i] = &cy[(size_t)t->k2 * mm];
                }
                int p = 0;
                for (; p + 4 <= mm; p += 4) {
                    double *gu = &gsum[p], *gv = &gsum[mm + p];
                    eddy_v2 u0 = eddy_v2_load(gu), u1 = eddy_v2_load(gu + 2);
                    eddy_v2 v0 = eddy_v2_load(gv), v1 = eddy_v2_load(gv + 2);
                    for (int i = 0; i < kn; ++i) {
                        const double *c = row[i] + p, *sn = c + to_sin;
                        eddy_v2 fu = eddy_v2_load(&cu[2 * i]), fv = eddy_v2_load(&cv[2 * i]);
                        u0 = eddy_v2_add(u0, eddy_v2_mul(fu, eddy_v2_load(c))), u1 = eddy_v2_add(u1, eddy_v2_mul(fu, eddy_v2_load(c + 2)));
                        v0 = eddy_v2_add(v0, eddy_v2_mul(fv, eddy_v2_load(sn))), v1 = eddy_v2_add(v1, eddy_v2_mul(fv, eddy_v2_load(sn + 2)));
                    }
                    eddy_v2_store(gu, u0), eddy_v2_store(gu + 2, u1);
                    eddy_v2_store(gv, v0), eddy_v2_store(gv + 2, v1);
                }
                if (p < mm) { /* two points left */
                    double *gu = &gsum[p], *gv = &gsum[mm + p];
                    eddy_v2 u0 = eddy_v2_load(gu), v0 = eddy_v2_load(gv);
                    for (int i = 0; i < kn; ++i) {
                        const double *c = row[i] + p;
                        u0 = eddy_v2_add(u0, eddy_v2_mul(eddy_v2_load(&cu[2 * i]), eddy_v2_load(c)));
                        v0 = eddy_v2_add(v0, eddy_v2_mul(eddy_v2_load(&cv[2 * i]), eddy_v2_load(c + to_sin)));
                    }
                    eddy_v2_store(gu, u0), eddy_v2_store(gv, v0);
                }
            }
            const double *sxr = &sx[(size_t)k1 * mm], *cxr = &cx[(size_t)k1 * mm];
            for (int p = 0; p < mm; p += 2) {
                eddy_v2_store(&acc[p], eddy_v2_add(eddy_v2_load(&acc[p]),
                                                  eddy_v2_mul(eddy_v2_load(&sxr[p]), eddy_v2_load(&gsum[p]))));
                eddy_v2_store(&acc[mm + p], eddy_v2_sub(eddy_v2_load(&acc[mm + p]),
                                                        eddy_v2_mul(eddy_v2_load(&cxr[p]), eddy_v2_load(&gsum[mm + p]))));
            }
        }
        for (int p = 0; p < m; ++p) {
            uv[2 * (p0 + p)] = acc[p];
            uv[2 * (p0 + p) + 1] = acc[mm + p];
        }
    }
}
