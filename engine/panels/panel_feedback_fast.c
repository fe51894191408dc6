// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_feedback_fast.c - the exact feedback (docs/design.md) for box modes,
 * (B^T u_p)_k = sum over real panels of gamma_i * integral_i psi_k ds, at the
 * cost of a few multiply-adds per panel and mode instead of four trigonometric
 * calls (panel_feedback_exact.c evaluates the closed form per panel and mode).
 *
 * Along a panel x = xm + tau dx/2, y = ym + tau dy/2, tau in [-1, 1], so
 *     integral_i psi_k ds = N_k (A_i / 2) integral_-1^1 sin(a x(tau)) sin(b y(tau)) dtau
 * with a = k1 pi / W, b = k2 pi / H. The integrand is a sum of two cosines of
 * tau with frequencies (a dx -+ b dy) / 2, at most theta = (K1 pi |dx| / W +
 * K2 pi |dy| / H) / 2 over the modes (K1, K2 the largest wave numbers), so
 * Q-point Gauss-Legendre errs by at most
 *     c_Q theta^(2Q),   c_Q = 2^(2Q+1) (Q!)^4 / ((2Q+1) ((2Q)!)^3),
 * on the tau integral (whose size is at most 2). Q is the smallest that makes
 * c_Q theta^(2Q) <= 1e-15 (5 points on the paper's grid); beyond 12 points the
 * closed form is used instead.
 *
 * At every Gauss point sin(k a x) for all k comes from sin(a x), cos(a x) by
 * rotation (the recurrence of basis_box.c's trig_table); sin(a x), cos(a x)
 * at a panel's midpoint from a table of e^(i pi j / 1024) times a short
 * Taylor series of the remainder (|remainder| <= pi / 2048), and at its Gauss
 * points by rotating that through the small angles +-a tau dx / 2 (Taylor
 * again, the nodes coming in pairs +-tau): no trigonometric call in the step. With
 * the point weights gamma_i A_i w_q / 2 folded into the x rows, mode k is one
 * dot product:  out_k = N_k sum_points X[k1][pt] Y[k2][pt]. */
#include "panel_fast.h"
#include "simd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FB_PI 3.14159265358979323846
#define FB_MAX_Q 12
#define FB_TABLE 1024      /* base angles pi j / FB_TABLE */
#define FB_CHUNK 512       /* Gauss points per pass over the modes (multiple of 4) */

struct eddy_box_feedback {
    int count, k1max, k2max;
    double width, height;
    double ax, by;           /* pi / width, pi / height */
    double inv_width, inv_height;
    int *k1, *k2;
    double *norm;
    double gl_x[FB_MAX_Q + 1][FB_MAX_Q], gl_w[FB_MAX_Q + 1][FB_MAX_Q];
    double gl_c[FB_MAX_Q + 1]; /* c_Q */
    double gl_theta[FB_MAX_Q + 1]; /* largest theta Q points take: c_Q theta^2Q <= 1e-15 */
    int *by_k1, *k1_start;   /* mode indices by k1, then index; group k1 is
                                by_k1[k1_start[k1] .. k1_start[k1 + 1]) */
    double *tab;             /* (FB_TABLE + 1) complex: e^(i pi j / FB_TABLE) */
    double *sx, *sy;         /* (k1max + 1) x FB_CHUNK, (k2max + 1) x FB_CHUNK */
    double *c1x, *s1x, *c1y, *s1y, *wgt;
    int last_q;
};

/* Gauss-Legendre nodes and weights on [-1, 1] by Newton's method on P_n. */
static void gauss_legendre(int n, double *x, double *w)
{
    for (int i = 0; i < n; ++i) {
        double z = cos(FB_PI * (i + 0.75) / (n + 0.5)), dp = 1.0;
        for (int it = 0; it < 100; ++it) {
            double p0 = 1.0, p1 = z;
            for (int k = 2; k <= n; ++k) {
                double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
                p0 = p1, p1 = p2;
            }
            dp = n * (z * p1 - p0) / (z * z - 1.0);
            double dz = p1 / dp;
            z -= dz;
            if (fabs(dz) < 1e-16) break;
        }
        /* recompute the derivative at the converged node */
        double p0 = 1.0, p1 = z;
        for (int k = 2; k <= n; ++k) {
            double p2 = ((2.0 * k - 1.0) * z * p1 - (k - 1.0) * p0) / k;
            p0 = p1, p1 = p2;
        }
        dp = n * (z * p1 - p0) / (z * z - 1.0);
        x[i] = -z;
        w[i] = 2.0 / ((1.0 - z * z) * dp * dp);
    }
    for (int i = 0; i < n / 2; ++i) { /* exactly symmetric: x[n-1-i] = -x[i] */
        x[n - 1 - i] = -x[i];
        w[n - 1 - i] = w[i];
    }
    if (n % 2) x[n / 2] = 0.0;
}

eddy_result eddyi_box_feedback_create(const eddy_box_mode *modes, int count, double width,
                                     double height, eddy_box_feedback **out, eddy_error *err)
{
    *out = NULL;
    eddy_box_feedback *f = eddy_calloc(1, sizeof *f);
    if (!f) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the feedback tables");
    f->count = count;
    f->width = width;
    f->height = height;
    f->ax = FB_PI / width, f->by = FB_PI / height;
    f->inv_width = 1.0 / width, f->inv_height = 1.0 / height;
    for (int k = 0; k < count; ++k) {
        if (modes[k].k1 > f->k1max) f->k1max = modes[k].k1;
        if (modes[k].k2 > f->k2max) f->k2max = modes[k].k2;
    }
    size_t c = FB_CHUNK + 4;
    f->k1 = eddy_alloc((size_t)(count > 0 ? count : 1) * sizeof(int));
    f->k2 = eddy_alloc((size_t)(count > 0 ? count : 1) * sizeof(int));
    f->norm = eddy_alloc((size_t)(count > 0 ? count : 1) * sizeof(double));
    f->tab = eddy_alloc(2 * (FB_TABLE + 1) * sizeof(double));
    f->sx = eddy_alloc((size_t)(f->k1max + 1) * c * sizeof(double));
    f->sy = eddy_alloc((size_t)(f->k2max + 1) * c * sizeof(double));
    f->c1x = eddy_alloc(c * sizeof(double));
    f->s1x = eddy_alloc(c * sizeof(double));
    f->c1y = eddy_alloc(c * sizeof(double));
    f->s1y = eddy_alloc(c * sizeof(double));
    f->wgt = eddy_alloc(c * sizeof(double));
    f->by_k1 = eddy_alloc((size_t)(count > 0 ? count : 1) * sizeof(int));
    f->k1_start = eddy_calloc((size_t)f->k1max + 2, sizeof(int));
    if (!f->k1 || !f->k2 || !f->norm || !f->tab || !f->sx || !f->sy ||
        !f->c1x || !f->s1x || !f->c1y || !f->s1y || !f->wgt || !f->by_k1 || !f->k1_start) {
        eddyi_box_feedback_destroy(f);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the feedback tables");
    }
    for (int k = 0; k < count; ++k) {
        f->k1[k] = modes[k].k1;
        f->k2[k] = modes[k].k2;
        double a = modes[k].k1 * FB_PI / width, b = modes[k].k2 * FB_PI / height;
        f->norm[k] = 2.0 / sqrt((a * a + b * b) * width * height);
    }
    for (int j = 0; j <= FB_TABLE; ++j) {
        f->tab[2 * j] = cos(FB_PI * j / FB_TABLE);
        f->tab[2 * j + 1] = sin(FB_PI * j / FB_TABLE);
    }
    for (int q = 1; q <= FB_MAX_Q; ++q) {
        gauss_legendre(q, f->gl_x[q], f->gl_w[q]);
        /* c_Q = 2^(2Q+1) (Q!)^4 / ((2Q+1) ((2Q)!)^3) */
        double fq = 1.0, f2q = 1.0;
        for (int i = 2; i <= q; ++i) fq *= i;
        for (int i = 2; i <= 2 * q; ++i) f2q *= i;
        f->gl_c[q] = pow(2.0, 2 * q + 1) * pow(fq, 4) / ((2 * q + 1) * pow(f2q, 3));
        f->gl_theta[q] = pow(1e-15 / f->gl_c[q], 1.0 / (2 * q));
        /* the root may round up: step down until the rule's own test holds */
        while (f->gl_c[q] * pow(f->gl_theta[q], 2 * q) > 1e-15)
            f->gl_theta[q] = nextafter(f->gl_theta[q], 0.0);
    }
    eddy_box_modes_by_k1(modes, count, f->k1max, f->by_k1, f->k1_start);
    *out = f;
    return EDDY_OK;
}

void eddyi_box_feedback_destroy(eddy_box_feedback *f)
{
    if (!f) return;
    eddy_free(f->k1), eddy_free(f->k2), eddy_free(f->norm), eddy_free(f->tab), eddy_free(f->sx), eddy_free(f->sy);
    eddy_free(f->c1x), eddy_free(f->s1x), eddy_free(f->c1y), eddy_free(f->s1y);
    eddy_free(f->wgt), eddy_free(f->by_k1), eddy_free(f->k1_start);
    eddy_free(f);
}

int eddyi_box_feedback_points(const eddy_box_feedback *f) { return f->last_q; }

/* cos and sin of pi t / L for a coordinate t in a side of length L
 * (inv_side = 1 / L): table entry at the nearest multiple of L / FB_TABLE
 * times the Taylor series of the remainder (|phi| <= pi / 2048, error below
 * 1e-23); off the table (a panel poking out of the domain) or far off it,
 * the library. */
static void base_angle(const double *tab, double t, double inv_side, double *c, double *s)
{
    double u = t * inv_side; /* the fraction of the side, 0..1 on it */
    double j = floor(u * FB_TABLE + 0.5);
    double phi = FB_PI * (u - j * (1.0 / FB_TABLE));
    if (!(j >= 0.0 && j <= FB_TABLE && fabs(phi) <= 0.01)) {
        *c = cos(FB_PI * u), *s = sin(FB_PI * u);
        return;
    }
    /* the Taylor coefficients as products by constants: no division */
    double z = phi * phi;
    double sp = phi * (1.0 - z * (1.0 / 6) * (1.0 - z * (1.0 / 20) * (1.0 - z * (1.0 / 42))));
    double cp = 1.0 - z * 0.5 * (1.0 - z * (1.0 / 12) * (1.0 - z * (1.0 / 30) * (1.0 - z * (1.0 / 56))));
    int i = (int)j;
    double tc = tab[2 * i], ts = tab[2 * i + 1];
    *c = tc * cp - ts * sp;
    *s = ts * cp + tc * sp;
}

/* cos and sin of a small angle phi (|phi| <= 0.1: Taylor to phi^9, error
 * below 3e-15 relative at the limit, 1e-23 for the paper's panels). */
static void small_angle(double phi, double *c, double *s)
{
    if (fabs(phi) > 0.1) {
        *c = cos(phi), *s = sin(phi);
        return;
    }
    double z = phi * phi;
    *s = phi * (1.0 - z * (1.0 / 6) * (1.0 - z * (1.0 / 20) * (1.0 - z * (1.0 / 42) * (1.0 - z * (1.0 / 72)))));
    *c = 1.0 - z * 0.5 * (1.0 - z * (1.0 / 12) * (1.0 - z * (1.0 / 30) * (1.0 - z * (1.0 / 56))));
}

/* rows[k][i] = sin(k angle_i) for k = 0..kmax, by rotation, for n points
 * (n a multiple of 2), times weight[i] (NULL: 1, which changes no bit; the
 * rotation itself runs on the plain values). Two points at a time down all
 * k, the running sine and cosine in registers. */
static void sine_rows(int kmax, int n, const double *c1, const double *s1, double *rows,
                      const double *weight)
{
    memset(rows, 0, sizeof(double) * (size_t)n);
    if (kmax < 1) return;
    for (int i = 0; i < n; i += 2) {
        eddy_v2 ct = eddy_v2_load(&c1[i]), st = eddy_v2_load(&s1[i]), sp = st, cp = ct;
        eddy_v2 wv = weight ? eddy_v2_load(&weight[i]) : eddy_v2_set(1.0);
        double *out = &rows[n + i];
        eddy_v2_store(out, eddy_v2_mul(sp, wv));
        for (int k = 2; k <= kmax; ++k) {
            eddy_v2 sn = eddy_v2_add(eddy_v2_mul(sp, ct), eddy_v2_mul(cp, st));
            cp = eddy_v2_sub(eddy_v2_mul(cp, ct), eddy_v2_mul(sp, st)), sp = sn;
            out += n;
            eddy_v2_store(out, eddy_v2_mul(sp, wv));
        }
    }
}

/* Gauss order for the panel's largest integrand frequency theta: the
 * fewest points (at least two) with c_Q theta^(2Q) <= 1e-15, or 0 when even
 * FB_MAX_Q points are not enough. */
static int choose_points(const eddy_box_feedback *f, double theta)
{
    for (int q = 2; q <= FB_MAX_Q; ++q)
        if (theta <= f->gl_theta[q]) return q;
    return 0;
}

bool eddyi_box_feedback_apply(eddy_box_feedback *f, const eddy_panel_world *w, double *out)
{
    return eddyi_box_feedback_apply_range(f, w, 0, w->panel_count, out);
}

/* The largest integrand frequency on the panel e (file header). */
static double panel_theta(const eddy_box_feedback *f, const double *e)
{
    return 0.5 * (f->k1max * f->ax * fabs(e[2] - e[0]) + f->k2max * f->by * fabs(e[3] - e[1]));
}

/* The Gauss points of one panel (q of them) at f's arrays from n on:
 * e^(i a x), e^(i b y) and the weight gamma A w / 2 of each. */
static void panel_points(eddy_box_feedback *f, const double *e, double g, int q, int n)
{
    const double *gx = f->gl_x[q], *gw = f->gl_w[q];
    double dx = e[2] - e[0], dy = e[3] - e[1], len = sqrt(dx * dx + dy * dy);
    double xm = 0.5 * (e[0] + e[2]), ym = 0.5 * (e[1] + e[3]);
    /* e^(i a x) at the midpoint from the table, then rotated by
     * e^(+-i a tau dx / 2) for the pair of nodes +-tau */
    double mcx, msx, mcy, msy;
    base_angle(f->tab, xm, f->inv_width, &mcx, &msx);
    base_angle(f->tab, ym, f->inv_height, &mcy, &msy);
    for (int i = 0; i < (q + 1) / 2; ++i) {
        int j = q - 1 - i; /* gx[j] = -gx[i] */
        double rcx, rsx, rcy, rsy;
        small_angle(0.5 * gx[i] * dx * f->ax, &rcx, &rsx);
        small_angle(0.5 * gx[i] * dy * f->by, &rcy, &rsy);
        f->c1x[n + i] = mcx * rcx - msx * rsx, f->s1x[n + i] = msx * rcx + mcx * rsx;
        f->c1y[n + i] = mcy * rcy - msy * rsy, f->s1y[n + i] = msy * rcy + mcy * rsy;
        f->c1x[n + j] = mcx * rcx + msx * rsx, f->s1x[n + j] = msx * rcx - mcx * rsx;
        f->c1y[n + j] = mcy * rcy + msy * rsy, f->s1y[n + j] = msy * rcy - mcy * rsy;
        f->wgt[n + i] = g * 0.5 * len * gw[i];
        f->wgt[n + j] = g * 0.5 * len * gw[j];
    }
}

/* out[k] += N_k sum over the n points of X[k1][i] Y[k2][i] (weights in the X
 * rows), four points a step in two vector sums; the modes of one k1 four at
 * a time, so that each X row is read once for four Y rows. */
static void mode_sums(const eddy_box_feedback *f, int n, double *out)
{
    for (int k1 = 1; k1 <= f->k1max; ++k1) {
        const double *x = &f->sx[(size_t)k1 * n];
        const int *group = &f->by_k1[f->k1_start[k1]];
        int gn = f->k1_start[k1 + 1] - f->k1_start[k1], g = 0;
        for (; g + 4 <= gn; g += 4) {
            const double *y0 = &f->sy[(size_t)f->k2[group[g]] * n];
            const double *y1 = &f->sy[(size_t)f->k2[group[g + 1]] * n];
            const double *y2 = &f->sy[(size_t)f->k2[group[g + 2]] * n];
            const double *y3 = &f->sy[(size_t)f->k2[group[g + 3]] * n];
            eddy_v2 a0 = eddy_v2_set(0.0), b0 = a0, a1 = a0, b1 = a0, a2 = a0, b2 = a0, a3 = a0, b3 = a0;
            for (int i = 0; i < n; i += 4) {
                eddy_v2 xa = eddy_v2_load(&x[i]), xb = eddy_v2_load(&x[i + 2]);
                a0 = eddy_v2_add(a0, eddy_v2_mul(xa, eddy_v2_load(&y0[i])));
                b0 = eddy_v2_add(b0, eddy_v2_mul(xb, eddy_v2_load(&y0[i + 2])));
                a1 = eddy_v2_add(a1, eddy_v2_mul(xa, eddy_v2_load(&y1[i])));
                b1 = eddy_v2_add(b1, eddy_v2_mul(xb, eddy_v2_load(&y1[i + 2])));
                a2 = eddy_v2_add(a2, eddy_v2_mul(xa, eddy_v2_load(&y2[i])));
                b2 = eddy_v2_add(b2, eddy_v2_mul(xb, eddy_v2_load(&y2[i + 2])));
                a3 = eddy_v2_add(a3, eddy_v2_mul(xa, eddy_v2_load(&y3[i])));
                b3 = eddy_v2_add(b3, eddy_v2_mul(xb, eddy_v2_load(&y3[i + 2])));
            }
            out[group[g]] += f->norm[group[g]] * eddy_v2_sum(eddy_v2_add(a0, b0));
            out[group[g + 1]] += f->norm[group[g + 1]] * eddy_v2_sum(eddy_v2_add(a1, b1));
            out[group[g + 2]] += f->norm[group[g + 2]] * eddy_v2_sum(eddy_v2_add(a2, b2));
            out[group[g + 3]] += f->norm[group[g + 3]] * eddy_v2_sum(eddy_v2_add(a3, b3));
        }
        for (; g < gn; ++g) {
            const double *y = &f->sy[(size_t)f->k2[group[g]] * n];
            eddy_v2 a = eddy_v2_set(0.0), b = a;
            for (int i = 0; i < n; i += 4) {
                a = eddy_v2_add(a, eddy_v2_mul(eddy_v2_load(&x[i]), eddy_v2_load(&y[i])));
                b = eddy_v2_add(b, eddy_v2_mul(eddy_v2_load(&x[i + 2]), eddy_v2_load(&y[i + 2])));
            }
            out[group[g]] += f->norm[group[g]] * eddy_v2_sum(eddy_v2_add(a, b));
        }
    }
}

bool eddyi_box_feedback_apply_range(eddy_box_feedback *f, const eddy_panel_world *w, int first,
                                   int count, double *out)
{
    int end = first + count, most = 0;
    for (int s = first; s < end; ++s) { /* each panel its own rule; all must have one */
        int q = choose_points(f, panel_theta(f, &w->src[4 * s]));
        if (q == 0) {
            f->last_q = 0;
            return false;
        }
        if (q > most) most = q;
    }
    f->last_q = most;
    memset(out, 0, sizeof(double) * (size_t)f->count);
    for (int s = first; s < end;) {
        int n = 0;
        for (; s < end; ++s) { /* the panels whose points fit this pass */
            double g = w->strength[s];
            if (g == 0.0) continue; /* real panels only (panel_feedback_exact.c) */
            const double *e = &w->src[4 * s];
            int q = choose_points(f, panel_theta(f, e));
            if (n + q > FB_CHUNK - 3) break; /* room to pad to a multiple of 4 */
            panel_points(f, e, g, q, n);
            n += q;
        }
        while (n % 4 != 0) { /* pad with weightless points */
            f->c1x[n] = f->c1y[n] = 1.0;
            f->s1x[n] = f->s1y[n] = f->wgt[n] = 0.0;
            ++n;
        }
        if (n == 0) continue;
        sine_rows(f->k1max, n, f->c1x, f->s1x, f->sx, f->wgt); /* weights in the x rows */
        sine_rows(f->k2max, n, f->c1y, f->s1y, f->sy, NULL);
        mode_sums(f, n, out);
    }
    return true;
}
