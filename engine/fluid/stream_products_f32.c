// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* stream_products_f32.c - the grid advection's two dense products with the
 * stream functions in single precision, for the Taylor terms too small for
 * its rounding to matter (advect_grid.c, taylor.c).
 *
 * Past its first terms the series (5.9) adds terms of 1e-4 and less of the
 * sum; a product good to about 1e-6 of |A| |x| computes them well below the
 * series' tolerance, and taylor.c checks that before it asks for one. It
 * reads half the bytes of the double product (stream_products.c) and does
 * twice the lanes of arithmetic per instruction.
 *
 * SAME BITS ON EVERY PROCESSOR, as in stream_products.c. A dot product runs
 * in sixteen lanes, lane l summing the terms k = l (mod 16) in order; then
 * u_l = L_l + L_{l+8} (l < 8), v_l = u_l + u_{l+4} (l < 4),
 * w_l = v_l + v_{l+2} (l < 2), w_0 + w_1, and the p mod 16 last terms one by
 * one. A spread adds four rows at a time as (g0 r0 + g1 r1) + (g2 r2 + g3 r3)
 * into single-precision sums, element by element, then the rows left over.
 * Portable: four four-lane vectors; AVX: two eight-lane ones; AVX-512: one
 * sixteen-lane. */
#include "stream_products.h"

/* GCC contracts nothing in ISO C mode; Clang would fuse within an
 * expression, changing the wide variants' bits. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "simd.h"

#include <string.h>

#define loadf4 eddy_f4_load
#define splatf4 eddy_f4_set

/* v_0..v_3 to the sum: w_l = v_l + v_{l+2}, then w_0 + w_1. */
static inline float finish_f4(eddy_f4 v)
{
    float w0 = EDDY_LANE(v, 0) + EDDY_LANE(v, 2), w1 = EDDY_LANE(v, 1) + EDDY_LANE(v, 3);
    return w0 + w1;
}

/* The p mod 16 terms after the lanes. */
static inline float dot_tail_f32(const float *row, size_t from, size_t p, const float *x, float sum)
{
    for (size_t k = from; k < p; ++k) sum += row[k] * x[k];
    return sum;
}

/* ------------------------------------------------------------ portable */

EDDY_ALWAYS_INLINE float dot_f32_portable(const float *row, size_t p,
                                                                    const float *x)
{
    size_t p16 = p & ~(size_t)15;
    eddy_f4 a = splatf4(0.0f), b = a, c = a, d = a;
    for (size_t k = 0; k < p16; k += 16) {
        a = eddy_f4_add(a, eddy_f4_mul(loadf4(&row[k]), loadf4(&x[k])));
        b = eddy_f4_add(b, eddy_f4_mul(loadf4(&row[k + 4]), loadf4(&x[k + 4])));
        c = eddy_f4_add(c, eddy_f4_mul(loadf4(&row[k + 8]), loadf4(&x[k + 8])));
        d = eddy_f4_add(d, eddy_f4_mul(loadf4(&row[k + 12]), loadf4(&x[k + 12])));
    }
    return dot_tail_f32(row, p16, p, x, finish_f4(eddy_f4_add(eddy_f4_add(a, c), eddy_f4_add(b, d))));
}

void eddyi_stream_dots_f32_portable(const float *psi, size_t p, int rows, const float *x,
                                   double *sums)
{
    for (int i = 0; i < rows; ++i) sums[i] = dot_f32_portable(psi + (size_t)i * p, p, x);
}

EDDY_ALWAYS_INLINE void spread_f32_four_tail(const float *r0, size_t p,
                                                                       size_t from, const float *g,
                                                                       float *out)
{
    const float *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
    for (size_t k = from; k < p; ++k)
        out[k] += (g[0] * r0[k] + g[1] * r1[k]) + (g[2] * r2[k] + g[3] * r3[k]);
}

EDDY_ALWAYS_INLINE void spread_f32_one(const float *row, size_t p,
                                                                 float g, float *out)
{
    for (size_t k = 0; k < p; ++k) out[k] += g * row[k];
}

void eddyi_stream_spread_f32_portable(const float *psi, size_t p, int rows, const double *g,
                                     float *out)
{
    size_t p4 = p & ~(size_t)3;
    int i = 0;
    for (; i + 3 < rows; i += 4) {
        const float *r0 = psi + (size_t)i * p, *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
        float gf[4] = {(float)g[i], (float)g[i + 1], (float)g[i + 2], (float)g[i + 3]};
        eddy_f4 g0 = splatf4(gf[0]), g1 = splatf4(gf[1]), g2 = splatf4(gf[2]), g3 = splatf4(gf[3]);
        for (size_t k = 0; k < p4; k += 4) {
            eddy_f4 o = eddy_f4_add(loadf4(&out[k]),
                                    eddy_f4_add(eddy_f4_add(eddy_f4_mul(g0, loadf4(&r0[k])), eddy_f4_mul(g1, loadf4(&r1[k]))),
                                                eddy_f4_add(eddy_f4_mul(g2, loadf4(&r2[k])), eddy_f4_mul(g3, loadf4(&r3[k])))));
            eddy_f4_store(&out[k], o);
        }
        spread_f32_four_tail(r0, p, p4, gf, out);
    }
    for (; i < rows; ++i) spread_f32_one(psi + (size_t)i * p, p, (float)g[i], out);
}

/* ------------------------------------------------------------ x86-64 */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(EDDY_NO_VECTOR_EXT)

typedef float eddy_f8 __attribute__((vector_size(32)));
typedef float eddy_f16 __attribute__((vector_size(64)));

__attribute__((target("avx"))) static inline eddy_f8 loadf8(const float *p)
{
    eddy_f8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

__attribute__((target("avx512f"))) static inline eddy_f16 loadf16(const float *p)
{
    eddy_f16 v;
    memcpy(&v, p, sizeof v);
    return v;
}

__attribute__((target("avx"))) static inline void leave_wide_f32(void) { __builtin_ia32_vzeroupper(); }

/* u_0..u_7 to the sum. */
__attribute__((target("avx"))) static inline float finish_f8(eddy_f8 u)
{
    eddy_f4 lo = {u[0], u[1], u[2], u[3]}, hi = {u[4], u[5], u[6], u[7]};
    return finish_f4(lo + hi);
}

__attribute__((target("avx"))) static inline float dot_f32_avx(const float *row, size_t p,
                                                               const float *x)
{
    size_t p16 = p & ~(size_t)15;
    eddy_f8 a = {0}, b = {0};
    for (size_t k = 0; k < p16; k += 16) {
        a += loadf8(&row[k]) * loadf8(&x[k]);
        b += loadf8(&row[k + 8]) * loadf8(&x[k + 8]);
    }
    return dot_tail_f32(row, p16, p, x, finish_f8(a + b));
}

/* Four rows at a time, eight independent sums. */
__attribute__((target("avx"))) void eddyi_stream_dots_f32_avx(const float *psi, size_t p, int rows,
                                                             const float *x, double *sums)
{
    size_t p16 = p & ~(size_t)15;
    int i = 0;
    for (; i + 3 < rows; i += 4) {
        const float *r0 = psi + (size_t)i * p, *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
        eddy_f8 a0 = {0}, a1 = {0}, b0 = {0}, b1 = {0}, c0 = {0}, c1 = {0}, d0 = {0}, d1 = {0};
        for (size_t k = 0; k < p16; k += 16) {
            eddy_f8 x0 = loadf8(&x[k]), x1 = loadf8(&x[k + 8]);
            a0 += loadf8(&r0[k]) * x0, a1 += loadf8(&r0[k + 8]) * x1;
            b0 += loadf8(&r1[k]) * x0, b1 += loadf8(&r1[k + 8]) * x1;
            c0 += loadf8(&r2[k]) * x0, c1 += loadf8(&r2[k + 8]) * x1;
            d0 += loadf8(&r3[k]) * x0, d1 += loadf8(&r3[k + 8]) * x1;
        }
        sums[i] = dot_tail_f32(r0, p16, p, x, finish_f8(a0 + a1));
        sums[i + 1] = dot_tail_f32(r1, p16, p, x, finish_f8(b0 + b1));
        sums[i + 2] = dot_tail_f32(r2, p16, p, x, finish_f8(c0 + c1));
        sums[i + 3] = dot_tail_f32(r3, p16, p, x, finish_f8(d0 + d1));
    }
    for (; i < rows; ++i) sums[i] = dot_f32_avx(psi + (size_t)i * p, p, x);
    leave_wide_f32();
}

__attribute__((target("avx"))) void eddyi_stream_spread_f32_avx(const float *psi, size_t p, int rows,
                                                               const double *g, float *out)
{
    size_t p8 = p & ~(size_t)7;
    int i = 0;
    for (; i + 3 < rows; i += 4) {
        const float *r0 = psi + (size_t)i * p, *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
        float gf[4] = {(float)g[i], (float)g[i + 1], (float)g[i + 2], (float)g[i + 3]};
        eddy_f8 g0 = (eddy_f8){0} + gf[0], g1 = (eddy_f8){0} + gf[1];
        eddy_f8 g2 = (eddy_f8){0} + gf[2], g3 = (eddy_f8){0} + gf[3];
        for (size_t k = 0; k < p8; k += 8) {
            eddy_f8 o = loadf8(&out[k]) + ((g0 * loadf8(&r0[k]) + g1 * loadf8(&r1[k])) +
                                           (g2 * loadf8(&r2[k]) + g3 * loadf8(&r3[k])));
            memcpy(&out[k], &o, sizeof o);
        }
        spread_f32_four_tail(r0, p, p8, gf, out);
    }
    for (; i < rows; ++i) {
        const float *row = psi + (size_t)i * p;
        float gi = (float)g[i];
        eddy_f8 gv = (eddy_f8){0} + gi;
        size_t k = 0;
        for (; k < p8; k += 8) {
            eddy_f8 o = loadf8(&out[k]) + gv * loadf8(&row[k]);
            memcpy(&out[k], &o, sizeof o);
        }
        for (; k < p; ++k) out[k] += gi * row[k];
    }
    leave_wide_f32();
}

/* u_0..u_7 from the sixteen lanes. */
__attribute__((target("avx512f"))) static inline float finish_f16(eddy_f16 v)
{
    eddy_f8 lo = {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
    eddy_f8 hi = {v[8], v[9], v[10], v[11], v[12], v[13], v[14], v[15]};
    eddy_f8 u = lo + hi;
    eddy_f4 ulo = {u[0], u[1], u[2], u[3]}, uhi = {u[4], u[5], u[6], u[7]};
    return finish_f4(ulo + uhi);
}

/* Eight rows at a time, eight independent sums. */
__attribute__((target("avx512f"))) void eddyi_stream_dots_f32_avx512(const float *psi, size_t p,
                                                                    int rows, const float *x,
                                                                    double *sums)
{
    size_t p16 = p & ~(size_t)15;
    int i = 0;
    for (; i + 7 < rows; i += 8) {
        const float *r0 = psi + (size_t)i * p;
        eddy_f16 a[8] = {{0}};
        for (size_t k = 0; k < p16; k += 16) {
            eddy_f16 xk = loadf16(&x[k]);
            a[0] += loadf16(&r0[k]) * xk, a[1] += loadf16(&r0[p + k]) * xk;
            a[2] += loadf16(&r0[2 * p + k]) * xk, a[3] += loadf16(&r0[3 * p + k]) * xk;
            a[4] += loadf16(&r0[4 * p + k]) * xk, a[5] += loadf16(&r0[5 * p + k]) * xk;
            a[6] += loadf16(&r0[6 * p + k]) * xk, a[7] += loadf16(&r0[7 * p + k]) * xk;
        }
        for (int q = 0; q < 8; ++q)
            sums[i + q] = dot_tail_f32(r0 + (size_t)q * p, p16, p, x, finish_f16(a[q]));
    }
    for (; i < rows; ++i) {
        const float *row = psi + (size_t)i * p;
        eddy_f16 a = {0};
        for (size_t k = 0; k < p16; k += 16) a += loadf16(&row[k]) * loadf16(&x[k]);
        sums[i] = dot_tail_f32(row, p16, p, x, finish_f16(a));
    }
    leave_wide_f32();
}

__attribute__((target("avx512f"))) static inline eddy_f16 group_f16(const float *r0, size_t p,
                                                                   size_t k, const eddy_f16 *g)
{
    return (g[0] * loadf16(&r0[k]) + g[1] * loadf16(&r0[p + k])) +
           (g[2] * loadf16(&r0[2 * p + k]) + g[3] * loadf16(&r0[3 * p + k]));
}

/* Two groups of four rows per pass over out, added one after the other. */
__attribute__((target("avx512f"))) void eddyi_stream_spread_f32_avx512(const float *psi, size_t p,
                                                                      int rows, const double *g,
                                                                      float *out)
{
    size_t p16 = p & ~(size_t)15;
    int i = 0;
    for (; i + 7 < rows; i += 8) {
        const float *r0 = psi + (size_t)i * p, *r4 = r0 + 4 * p;
        float gf[8];
        eddy_f16 gv[8];
        for (int q = 0; q < 8; ++q) gf[q] = (float)g[i + q], gv[q] = (eddy_f16){0} + gf[q];
        for (size_t k = 0; k < p16; k += 16) {
            eddy_f16 o = loadf16(&out[k]) + group_f16(r0, p, k, gv);
            o += group_f16(r4, p, k, gv + 4);
            memcpy(&out[k], &o, sizeof o);
        }
        spread_f32_four_tail(r0, p, p16, gf, out);
        spread_f32_four_tail(r4, p, p16, gf + 4, out);
    }
    for (; i + 3 < rows; i += 4) {
        const float *r0 = psi + (size_t)i * p;
        float gf[4];
        eddy_f16 gv[4];
        for (int q = 0; q < 4; ++q) gf[q] = (float)g[i + q], gv[q] = (eddy_f16){0} + gf[q];
        for (size_t k = 0; k < p16; k += 16) {
            eddy_f16 o = loadf16(&out[k]) + group_f16(r0, p, k, gv);
            memcpy(&out[k], &o, sizeof o);
        }
        spread_f32_four_tail(r0, p, p16, gf, out);
    }
    for (; i < rows; ++i) {
        const float *row = psi + (size_t)i * p;
        float gi = (float)g[i];
        eddy_f16 gv = (eddy_f16){0} + gi;
        size_t k = 0;
        for (; k < p16; k += 16) {
            eddy_f16 o = loadf16(&out[k]) + gv * loadf16(&row[k]);
            memcpy(&out[k], &o, sizeof o);
        }
        for (; k < p; ++k) out[k] += gi * row[k];
    }
    leave_wide_f32();
}
#endif
