// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_farfield.c - the multipole far field of a group of vortex panels
 * (docs/design.md, "Far field"; not in the paper). Conventions in panel.h.
 *
 * One panel of strength gamma from z1 to z2 (unit tangent t, length A) has
 * conjugate velocity  W(z) = u - i v = gamma / (2 pi i) conj(t) log((z - z1) / (z - z2)).
 * Outside a disc |z - c| <= R that holds both ends, expand each logarithm:
 *     log((z - z1) / (z - z2)) = log(1 - (z1 - c)/(z - c)) - log(1 - (z2 - c)/(z - c))
 *                              = sum_{k>=1} [(z2 - c)^k - (z1 - c)^k] / (k (z - c)^k)
 * (the principal logarithm on the left is analytic outside the disc, its only
 * cut being the panel, and both sides vanish at infinity). So a group of
 * panels has
 *     W(z) = sum_{k>=1} a_k (z - c)^-k,
 *     a_k  = sum_s gamma_s conj(t_s) [(z2_s - c)^k - (z1_s - c)^k] / (2 pi i k).
 * a_1 = sum gamma_s A_s / (2 pi i) is the total circulation: zero for a body
 * (5.15), so its field falls off like a dipole.
 *
 * Error bound. |(z2 - c)^k - (z1 - c)^k| = |k integral of w^(k-1) dw along the
 * panel| <= k A R^(k-1), so |a_k| <= G R^(k-1) / (2 pi) with G = sum |gamma| A,
 * and the tail after order p at |z - c| = D > R is at most
 *     G / (2 pi D) * rho^p / (1 - rho),   rho = R / D.
 *
 * Body frame. With the body at angle theta, z - c = e^(i theta) z_body and
 * conj(t) = e^(-i theta) conj(t_body), so a_k = e^(i (k-1) theta) (Q gamma)_k
 * with Q_ks = conj(t_s) (z2_s^k - z1_s^k) / (2 pi i k) in body coordinates:
 * Q is built once per body at set-up and a step only rotates.
 *
 * Wall images (5.3.3). Mirroring every end point across the wall x = x_w
 * (z' = 2 x_w - conj z) with strength -gamma gives, about the mirrored centre,
 * a'_k = (-1)^(k+1) conj(a_k); across y = y_w (z' = conj z + 2 i y_w),
 * a'_k = conj(a_k); across both (strength +gamma), a'_k = (-1)^(k+1) a_k.
 *
 * Moving a centre (M2M). From c to c' with d = c - c', 1/(z - c)^k expands
 * in powers of 1/(z - c') as sum_j C(k+j-1, j) d^j (z - c')^-(k+j), so
 * a'_m = sum_{k=1..m} C(m-1, k-1) d^(m-k) a_k: the first p coefficients about
 * c' need only the first p about c, and the bound above holds with R' the
 * radius about c' of all the group's panels.
 *
 * Local expansion (M2L). For targets z in a disc |z - c_t| <= R_t, with
 * d = c_t - c and u = (z - c_t) / d, (z - c)^-k = d^-k (1 + u)^-k and
 * (1 + u)^-k = sum_{l>=0} C(k+l-1, l) (-u)^l, so
 *     W(z) = sum_{l>=0} b_l (z - c_t)^l,
 *     b_l  = (-1/d)^l sum_k C(k+l-1, l) a_k d^-k.
 * Error bound. Write each source point as c + s (|s| <= R) and each target
 * as c_t + t (|t| <= R_t), D = |d|, rho = R / D, sigma = R_t / D. For one
 * point vortex 1 / (z - w) = 1 / (d + t - s) = sum_{k>=1, l>=0} C(k+l-1, l)
 * s^(k-1) (-t)^l d^-(k+l): the multipole of order p followed by the local
 * of order q keeps exactly the terms k <= p, l <= q. Summing the dropped
 * ones in absolute value (sum_l C(k+l-1, l) x^l = (1 - x)^-k),
 *     |W - W_pq| <= G / (2 pi D (1 - rho - sigma))
 *                   * [ (rho / (1 - sigma))^p + (sigma / (1 - rho))^(q+1) ],
 * G = sum |gamma| A as above, for rho + sigma < 1; both ratios are at most
 * rho + sigma. And a change da of the multipole with s = max_k |da_k| /
 * R^(k-1) changes W_pq by at most s / (D (1 - rho - sigma)) anywhere in
 * the target disc. */
#include "panel_fast.h"
#include "simd.h"

#include <math.h>
#include <string.h>

#define FAR_PI 3.14159265358979323846

int eddyi_far_order(double rho, double tol)
{
    if (!(rho >= 0.0) || rho >= 1.0) return EDDY_FAR_P_MAX + 1;
    double bound = 1.0 / (1.0 - rho);
    for (int p = 1; p <= EDDY_FAR_P_MAX; ++p) {
        bound *= rho;
        if (bound <= tol) return p;
    }
    return EDDY_FAR_P_MAX + 1;
}

void eddyi_far_panel_terms(const double e[4], double cx, double cy, int p, double *out)
{
    double ex = e[2] - e[0], ey = e[3] - e[1], len = sqrt(ex * ex + ey * ey);
    if (!(len > 0.0)) {
        memset(out, 0, sizeof(double) * 2 * (size_t)p);
        return;
    }
    /* conj(t) / (2 pi i) = (tx - i ty) (-i) / (2 pi) = (-ty - i tx) / (2 pi) */
    double g = 1.0 / (2.0 * FAR_PI * len);
    double fr = -g * ey, fi = -g * ex;
    double z1r = e[0] - cx, z1i = e[1] - cy, z2r = e[2] - cx, z2i = e[3] - cy;
    double p1r = 1.0, p1i = 0.0, p2r = 1.0, p2i = 0.0;
    for (int k = 1; k <= p; ++k) {
        double t;
        t = p1r * z1r - p1i * z1i, p1i = p1r * z1i + p1i * z1r, p1r = t;
        t = p2r * z2r - p2i * z2i, p2i = p2r * z2i + p2i * z2r, p2r = t;
        double dr = (p2r - p1r) / k, di = (p2i - p1i) / k;
        out[2 * (k - 1)] = fr * dr - fi * di;
        out[2 * (k - 1) + 1] = fr * di + fi * dr;
    }
}

void eddyi_far_multipole_direct(const double *ends, const double *strength, int count,
                               double cx, double cy, int p, double *coef)
{
    double terms[2 * EDDY_FAR_P_MAX];
    memset(coef, 0, sizeof(double) * 2 * (size_t)p);
    for (int s = 0; s < count; ++s) {
        if (strength[s] == 0.0) continue;
        eddyi_far_panel_terms(&ends[4 * s], cx, cy, p, terms);
        for (int k = 0; k < 2 * p; ++k) coef[k] += strength[s] * terms[k];
    }
}

void eddyi_far_multipole_eval(const double *coef, int p, double cx, double cy, double x, double y,
                             double out[2])
{
    double zr = x - cx, zi = y - cy, inv = 1.0 / (zr * zr + zi * zi);
    double wr = zr * inv, wi = -zi * inv; /* 1 / (z - c) */
    double sr = 0.0, si = 0.0;
    for (int k = p; k >= 1; --k) { /* Horner: (((a_p w + a_{p-1}) w + ...) + a_1) w */
        double tr = sr + coef[2 * (k - 1)], ti = si + coef[2 * (k - 1) + 1];
        sr = tr * wr - ti * wi;
        si = tr * wi + ti * wr;
    }
    out[0] = sr;
    out[1] = si;
}

void eddyi_far_shift_add(const double *a, int p, double dx, double dy, double *out)
{
    double d2 = dx * dx + dy * dy;
    if (p <= 0) return;
    if (d2 > 0.0) {
        /* a'_m = d^m S_m with S_m = sum_k C(m-1, k-1) c_k, c_k = a_k d^-k: the
         * binomial sums by Pascal's rule, p (p - 1) / 2 complex additions,
         * instead of p^2 / 2 complex products */
        double c[2 * EDDY_FAR_P_MAX], ir = dx / d2, ii = -dy / d2; /* 1 / d */
        double pr = 1.0, pi = 0.0;
        for (int k = 0; k < p; ++k) { /* c_k = a_k d^-k */
            double t = pr * ir - pi * ii;
            pi = pr * ii + pi * ir, pr = t;
            c[2 * k] = a[2 * k] * pr - a[2 * k + 1] * pi;
            c[2 * k + 1] = a[2 * k] * pi + a[2 * k + 1] * pr;
        }
        for (int step = 1; step < p; ++step)
            for (int m = p - 1; m >= step; --m) {
                c[2 * m] += c[2 * (m - 1)];
                c[2 * m + 1] += c[2 * (m - 1) + 1];
            }
        pr = 1.0, pi = 0.0;
        for (int m = 0; m < p; ++m) { /* times d^m */
            double t = pr * dx - pi * dy;
            pi = pr * dy + pi * dx, pr = t;
            out[2 * m] += c[2 * m] * pr - c[2 * m + 1] * pi;
            out[2 * m + 1] += c[2 * m] * pi + c[2 * m + 1] * pr;
        }
        return;
    }
    for (int k = 0; k < 2 * p; ++k) out[k] += a[k]; /* same centre */
}

void eddyi_far_mirror(const double *a, int p, int mirror, double *out)
{
    for (int k = 1; k <= p; ++k) {
        double ar = a[2 * (k - 1)], ai = a[2 * (k - 1) + 1];
        bool flip = (k % 2) == 0; /* (-1)^(k+1) = -1 */
        switch (mirror) {
        case 1: out[2 * (k - 1)] = flip ? -ar : ar, out[2 * (k - 1) + 1] = flip ? ai : -ai; break;
        case 2: out[2 * (k - 1)] = ar, out[2 * (k - 1) + 1] = -ai; break;
        case 3: out[2 * (k - 1)] = flip ? -ar : ar, out[2 * (k - 1) + 1] = flip ? -ai : ai; break;
        default: out[2 * (k - 1)] = ar, out[2 * (k - 1) + 1] = ai; break;
        }
    }
}

int eddyi_far_order_within(double x, double limit)
{
    if (!(x >= 0.0) || x >= 1.0 || !(limit > 0.0)) return EDDY_FAR_P_MAX + 1;
    double power = 1.0;
    for (int n = 1; n <= EDDY_FAR_P_MAX; ++n) {
        power *= x;
        if (power <= limit) return n;
    }
    return EDDY_FAR_P_MAX + 1;
}

void eddyi_far_local_binomials(double *table)
{
    /* C(k + l - 1, l) by Pascal's rule along both indices, C(k+l-1, l) =
     * C(k+l-2, l-1) + C(k+l-2, l), exact in doubles; each twice (a vector's
     * lanes), a zero after each row */
    const int n = EDDY_FAR_P_MAX, stride = 2 * (EDDY_FAR_P_MAX + 1);
    for (int l = 0; l < n; ++l) {
        double *row = &table[l * stride];
        for (int k = 1; k <= n; ++k)
            row[2 * (k - 1)] = row[2 * (k - 1) + 1] =
                (k == 1 || l == 0) ? 1.0 : table[(l - 1) * stride + 2 * (k - 1)] + row[2 * (k - 2)];
        row[2 * n] = row[2 * n + 1] = 0.0;
    }
}

/* Complex products, one complex number a vector (re, im): with b and b
 * swapped ({b_im, b_re}) at hand and a in memory, a b = a_re b + a_im
 * (-b_im, b_re); the running powers of 1/d go the same way, so the loops
 * need one shuffle a product. */
static inline eddy_v2 complex_mul_split(const double *a, eddy_v2 b, eddy_v2 b_swapped)
{
    return eddy_v2_add(eddy_v2_mul(eddy_v2_set(a[0]), b), eddy_v2_mul(eddy_v2_make(-a[1], a[1]), b_swapped));
}

/* {v_im, v_re} */
static inline eddy_v2 swap_lanes(eddy_v2 v) { return eddy_v2_make(EDDY_LANE(v, 1), EDDY_LANE(v, 0)); }

/* v w_re + v_swapped w_im: the next power (or scale) of a complex number */
static inline eddy_v2 complex_step(eddy_v2 v, eddy_v2 w_re, eddy_v2 w_im)
{
    return eddy_v2_add(eddy_v2_mul(v, w_re), eddy_v2_mul(swap_lanes(v), w_im));
}

void eddyi_far_local_add(const double *a, int p, double dx, double dy, int q,
                        const double *binomials, double *b)
{
    double inv = 1.0 / (dx * dx + dy * dy), wr = dx * inv, wi = -dy * inv; /* 1 / d */
    const eddy_v2 w_re = eddy_v2_set(wr), w_im = eddy_v2_make(-wi, wi);
    const int stride = 2 * (EDDY_FAR_P_MAX + 1);
    eddy_v2 sum[EDDY_FAR_P_MAX], power = eddy_v2_make(1.0, 0.0);
    if (q <= 3) {
        /* the usual case (a small target far from a large node): the four
         * sums S_l = sum_k C(k+l-1, l) c_k, c_k = a_k d^-k, in registers */
        const double *b1 = &binomials[stride], *b2 = b1 + stride, *b3 = b2 + stride;
        eddy_v2 s0 = eddy_v2_set(0.0), s1 = s0, s2 = s0, s3 = s0;
        for (int k = 0; k < p; ++k) {
            power = complex_step(power, w_re, w_im); /* d^-k */
            eddy_v2 c = complex_mul_split(&a[2 * k], power, swap_lanes(power));
            s0 = eddy_v2_add(s0, c); /* C(k, 0) = 1 */
            s1 = eddy_v2_add(s1, eddy_v2_mul(eddy_v2_load(&b1[2 * k]), c));
            s2 = eddy_v2_add(s2, eddy_v2_mul(eddy_v2_load(&b2[2 * k]), c));
            s3 = eddy_v2_add(s3, eddy_v2_mul(eddy_v2_load(&b3[2 * k]), c));
        }
        sum[0] = s0, sum[1] = s1, sum[2] = s2, sum[3] = s3;
    } else {
        double c[2 * EDDY_FAR_P_MAX + 2];
        for (int k = 0; k < p; ++k) { /* c_k = a_k d^-k */
            power = complex_step(power, w_re, w_im);
            eddy_v2_store(&c[2 * k], complex_mul_split(&a[2 * k], power, swap_lanes(power)));
        }
        c[2 * p] = c[2 * p + 1] = 0.0; /* pads an odd order */
        for (int l = 0; l <= q; ++l) { /* S_l, two terms at a time */
            const double *row = &binomials[l * stride];
            eddy_v2 s0 = eddy_v2_set(0.0), s1 = s0;
            for (int k = 0; k < p; k += 2) {
                s0 = eddy_v2_add(s0, eddy_v2_mul(eddy_v2_load(&row[2 * k]), eddy_v2_load(&c[2 * k])));
                s1 = eddy_v2_add(s1, eddy_v2_mul(eddy_v2_load(&row[2 * k + 2]), eddy_v2_load(&c[2 * k + 2])));
            }
            sum[l] = eddy_v2_add(s0, s1);
        }
    }
    /* b_l += (-1/d)^l S_l, the power of -1/d carried as for d^-k */
    const eddy_v2 step_re = eddy_v2_neg(w_re), step_im = eddy_v2_neg(w_im);
    eddy_v2 scale = eddy_v2_make(1.0, 0.0);
    for (int l = 0; l <= q; ++l) {
        double s[2];
        eddy_v2_store(s, sum[l]);
        eddy_v2 term = complex_mul_split(s, scale, swap_lanes(scale));
        eddy_v2_store(&b[2 * l], eddy_v2_add(eddy_v2_load(&b[2 * l]), term));
        scale = complex_step(scale, step_re, step_im);
    }
}

void eddyi_far_local_eval(const double *b, int q, double cx, double cy, double x, double y,
                         double out[2])
{
    double zr = x - cx, zi = y - cy, sr = 0.0, si = 0.0;
    for (int l = q; l >= 0; --l) { /* Horner: ((b_q z + b_{q-1}) z + ...) + b_0 */
        double t = sr * zr - si * zi + b[2 * l];
        si = sr * zi + si * zr + b[2 * l + 1];
        sr = t;
    }
    out[0] = sr;
    out[1] = si;
}
