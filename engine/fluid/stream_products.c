// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* stream_products.c - the grid advection's two dense products with the
 * stream functions Psi (advect_grid.c), which are nearly all of its cost:
 *     reconstruct  psi_node = Psi[node] . x        (dots)
 *     project      out     += sum_node g_node Psi[node]   (spread)
 * 2 p m multiply-adds per product A(r) v for p modes on m nodes.
 *
 * SAME BITS ON EVERY PROCESSOR. A dot product runs in eight lanes, lane l
 * summing the terms k = l (mod 8) in order; the lanes are added as
 *     ((L0 + L4) + (L2 + L6)) + ((L1 + L5) + (L3 + L7)),
 * then the p mod 8 last terms one by one. The portable variant holds the
 * eight lanes in four two-lane vectors, AVX in two four-lane ones, AVX-512
 * in one: the same sums in the same order. A spread adds four rows at a
 * time as (g0 r0 + g1 r1) + (g2 r2 + g3 r3) into out, element by element,
 * then the rows left over one by one: the width of a vector does not enter.
 * No fused multiply-adds (ISO C mode keeps GCC from contracting), so a
 * replay recorded on one machine plays the same on another.
 *
 * The wide variants are compiled for their instruction sets with target
 * attributes and chosen at run time, so one build serves every x86-64. */
#include "stream_products.h"

/* GCC contracts nothing in ISO C mode; Clang would fuse within an
 * expression, changing the wide variants' bits. */
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

#include "simd.h"

#include <string.h>

/* ------------------------------------------------------------ portable */

/* The eight lanes of one row's dot product, in four two-lane vectors. */
EDDY_ALWAYS_INLINE double dot_portable(const double *row, size_t p, const double *x)
{
    size_t p8 = p & ~(size_t)7, k = 0;
    eddy_v2 a0 = eddy_v2_set(0.0), a1 = a0, a2 = a0, a3 = a0;
    for (; k < p8; k += 8) {
        a0 = eddy_v2_add(a0, eddy_v2_mul(eddy_v2_load(&row[k]), eddy_v2_load(&x[k])));
        a1 = eddy_v2_add(a1, eddy_v2_mul(eddy_v2_load(&row[k + 2]), eddy_v2_load(&x[k + 2])));
        a2 = eddy_v2_add(a2, eddy_v2_mul(eddy_v2_load(&row[k + 4]), eddy_v2_load(&x[k + 4])));
        a3 = eddy_v2_add(a3, eddy_v2_mul(eddy_v2_load(&row[k + 6]), eddy_v2_load(&x[k + 6])));
    }
    double sum = eddy_v2_sum(eddy_v2_add(eddy_v2_add(a0, a2), eddy_v2_add(a1, a3)));
    for (; k < p; ++k) sum += row[k] * x[k];
    return sum;
}

/* Two rows at a time: each load of x serves both (the sums are per row, so
 * the grouping leaves the bits alone). */
static void dots_portable(const double *psi, size_t p, int rows, const double *x, double *sums)
{
    size_t p8 = p & ~(size_t)7;
    int i = 0;
    for (; i + 1 < rows; i += 2) {
        const double *r0 = psi + (size_t)i * p, *r1 = r0 + p;
        eddy_v2 a0 = eddy_v2_set(0.0), a1 = a0, a2 = a0, a3 = a0;
        eddy_v2 b0 = a0, b1 = a0, b2 = a0, b3 = a0;
        for (size_t k = 0; k < p8; k += 8) {
            eddy_v2 x0 = eddy_v2_load(&x[k]), x1 = eddy_v2_load(&x[k + 2]);
            eddy_v2 x2 = eddy_v2_load(&x[k + 4]), x3 = eddy_v2_load(&x[k + 6]);
            a0 = eddy_v2_add(a0, eddy_v2_mul(eddy_v2_load(&r0[k]), x0));
            b0 = eddy_v2_add(b0, eddy_v2_mul(eddy_v2_load(&r1[k]), x0));
            a1 = eddy_v2_add(a1, eddy_v2_mul(eddy_v2_load(&r0[k + 2]), x1));
            b1 = eddy_v2_add(b1, eddy_v2_mul(eddy_v2_load(&r1[k + 2]), x1));
            a2 = eddy_v2_add(a2, eddy_v2_mul(eddy_v2_load(&r0[k + 4]), x2));
            b2 = eddy_v2_add(b2, eddy_v2_mul(eddy_v2_load(&r1[k + 4]), x2));
            a3 = eddy_v2_add(a3, eddy_v2_mul(eddy_v2_load(&r0[k + 6]), x3));
            b3 = eddy_v2_add(b3, eddy_v2_mul(eddy_v2_load(&r1[k + 6]), x3));
        }
        double s0 = eddy_v2_sum(eddy_v2_add(eddy_v2_add(a0, a2), eddy_v2_add(a1, a3))), s1 = eddy_v2_sum(eddy_v2_add(eddy_v2_add(b0, b2), eddy_v2_add(b1, b3)));
        for (size_t k = p8; k < p; ++k) s0 += r0[k] * x[k], s1 += r1[k] * x[k];
        sums[i] = s0, sums[i + 1] = s1;
    }
    for (; i < rows; ++i) sums[i] = dot_portable(psi + (size_t)i * p, p, x);
}

/* out[k] += g row[k] for the rows left over after the groups of four. */
EDDY_ALWAYS_INLINE void spread_one(const double *row, size_t p, double g, double *out)
{
    size_t p2 = p & ~(size_t)1, k = 0;
    eddy_v2 gv = eddy_v2_set(g);
    for (; k < p2; k += 2) eddy_v2_store(&out[k], eddy_v2_add(eddy_v2_load(&out[k]), eddy_v2_mul(gv, eddy_v2_load(&row[k]))));
    for (; k < p; ++k) out[k] += g * row[k];
}

EDDY_ALWAYS_INLINE void spread_four_tail(const double *r0, size_t p, size_t from, const double *g, double *out)
{
    const double *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
    for (size_t k = from; k < p; ++k)
        out[k] += (g[0] * r0[k] + g[1] * r1[k]) + (g[2] * r2[k] + g[3] * r3[k]);
}

static void spread_portable(const double *psi, size_t p, int rows, const double *g, double *out)
{
    size_t p2 = p & ~(size_t)1;
    int i = 0;
    for (; i + 3 < rows; i += 4) {
        const double *r0 = psi + (size_t)i * p, *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
        eddy_v2 g0 = eddy_v2_set(g[i]), g1 = eddy_v2_set(g[i + 1]);
        eddy_v2 g2 = eddy_v2_set(g[i + 2]), g3 = eddy_v2_set(g[i + 3]);
        for (size_t k = 0; k < p2; k += 2) {
            eddy_v2 sum = eddy_v2_add(eddy_v2_add(eddy_v2_mul(g0, eddy_v2_load(&r0[k])), eddy_v2_mul(g1, eddy_v2_load(&r1[k]))),
                                      eddy_v2_add(eddy_v2_mul(g2, eddy_v2_load(&r2[k])), eddy_v2_mul(g3, eddy_v2_load(&r3[k]))));
            eddy_v2_store(&out[k], eddy_v2_add(eddy_v2_load(&out[k]), sum));
        }
        spread_four_tail(r0, p, p2, &g[i], out);
    }
    for (; i < rows; ++i) spread_one(psi + (size_t)i * p, p, g[i], out);
}

/* ------------------------------------------------------------ x86-64 */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(EDDY_NO_VECTOR_EXT)
#define EDDY_STREAM_X86 1

typedef double eddy_v4 __attribute__((vector_size(32)));
typedef double eddy_v8 __attribute__((vector_size(64)));

__attribute__((target("avx"))) static inline eddy_v4 load4(const double *p)
{
    eddy_v4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

__attribute__((target("avx512f"))) static inline eddy_v8 load8(const double *p)
{
    eddy_v8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Clears the upper halves of the vector registers before returning to
 * code that may use the legacy two-lane instructions: some processors slow
 * those down while the upper halves hold data. */
__attribute__((target("avx"))) static inline void leave_wide(void) { __builtin_ia32_vzeroupper(); }

/* AVX: the eight lanes as two four-lane vectors, four rows at a time. */
__attribute__((target("avx"))) static inline double finish_v4(eddy_v4 lo, eddy_v4 hi)
{
    eddy_v4 u = lo + hi; /* L0+L4, L1+L5, L2+L6, L3+L7 */
    return (u[0] + u[2]) + (u[1] + u[3]);
}

__attribute__((target("avx"))) static inline double dot_avx(const double *row, size_t p,
                                                            const double *x)
{
    size_t p8 = p & ~(size_t)7, k = 0;
    eddy_v4 lo = {0}, hi = {0};
    for (; k < p8; k += 8) {
        lo += load4(&row[k]) * load4(&x[k]);
        hi += load4(&row[k + 4]) * load4(&x[k + 4]);
    }
    double sum = finish_v4(lo, hi);
    for (; k < p; ++k) sum += row[k] * x[k];
    return sum;
}

__attribute__((target("avx"))) static inline void spread_one_avx(const double *row, size_t p,
                                                                double g, double *out)
{
    size_t p4 = p & ~(size_t)3, k = 0;
    eddy_v4 gv = {g, g, g, g};
    for (; k < p4; k += 4) {
        eddy_v4 o = load4(&out[k]) + gv * load4(&row[k]);
        memcpy(&out[k], &o, sizeof o);
    }
    for (; k < p; ++k) out[k] += g * row[k];
}

__attribute__((target("avx"))) static void dots_avx(const double *psi, size_t p, int rows,
                                                   const double *x, double *sums)
{
    size_t p8 = p & ~(size_t)7;
    int i = 0;
    for (; i + 3 < rows; i += 4) {
        const double *r0 = psi + (size_t)i * p, *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
        eddy_v4 a0 = {0}, a1 = {0}, b0 = {0}, b1 = {0}, c0 = {0}, c1 = {0}, d0 = {0}, d1 = {0};
        for (size_t k = 0; k < p8; k += 8) {
            eddy_v4 x0 = load4(&x[k]), x1 = load4(&x[k + 4]);
            a0 += load4(&r0[k]) * x0, a1 += load4(&r0[k + 4]) * x1;
            b0 += load4(&r1[k]) * x0, b1 += load4(&r1[k + 4]) * x1;
            c0 += load4(&r2[k]) * x0, c1 += load4(&r2[k + 4]) * x1;
            d0 += load4(&r3[k]) * x0, d1 += load4(&r3[k + 4]) * x1;
        }
        double s0 = finish_v4(a0, a1), s1 = finish_v4(b0, b1);
        double s2 = finish_v4(c0, c1), s3 = finish_v4(d0, d1);
        for (size_t k = p8; k < p; ++k)
            s0 += r0[k] * x[k], s1 += r1[k] * x[k], s2 += r2[k] * x[k], s3 += r3[k] * x[k];
        sums[i] = s0, sums[i + 1] = s1, sums[i + 2] = s2, sums[i + 3] = s3;
    }
    for (; i < rows; ++i) sums[i] = dot_avx(psi + (size_t)i * p, p, x);
    leave_wide();
}

__attribute__((target("avx"))) static void spread_avx(const double *psi, size_t p, int rows,
                                                     const double *g, double *out)
{
    size_t p4 = p & ~(size_t)3;
    int i = 0;
    for (; i + 3 < rows; i += 4) {
        const double *r0 = psi + (size_t)i * p, *r1 = r0 + p, *r2 = r1 + p, *r3 = r2 + p;
        eddy_v4 g0 = {g[i], g[i], g[i], g[i]}, g1 = {g[i + 1], g[i + 1], g[i + 1], g[i + 1]};
        eddy_v4 g2 = {g[i + 2], g[i + 2], g[i + 2], g[i + 2]};
        eddy_v4 g3 = {g[i + 3], g[i + 3], g[i + 3], g[i + 3]};
        for (size_t k = 0; k < p4; k += 4) {
            eddy_v4 sum = (g0 * load4(&r0[k]) + g1 * load4(&r1[k])) +
                          (g2 * load4(&r2[k]) + g3 * load4(&r3[k]));
            sum += load4(&out[k]);
            memcpy(&out[k], &sum, sizeof sum);
        }
        spread_four_tail(r0, p, p4, &g[i], out);
    }
    for (; i < rows; ++i) spread_one_avx(psi + (size_t)i * p, p, g[i], out);
    leave_wide();
}

/* AVX-512: the eight lanes in one vector. */
__attribute__((target("avx512f"))) static inline double finish_v8(eddy_v8 v)
{
    eddy_v4 lo = {v[0], v[1], v[2], v[3]}, hi = {v[4], v[5], v[6], v[7]};
    eddy_v4 u = lo + hi;
    return (u[0] + u[2]) + (u[1] + u[3]);
}

/* One row: the same eight lanes in one vector. */
__attribute__((target("avx512f"))) static inline double dot_avx512(const double *row, size_t p,
                                                                  const double *x)
{
    size_t p8 = p & ~(size_t)7, k = 0;
    eddy_v8 a = {0};
    for (; k < p8; k += 8) a += load8(&row[k]) * load8(&x[k]);
    double sum = finish_v8(a);
    for (; k < p; ++k) sum += row[k] * x[k];
    return sum;
}

__attribute__((target("avx512f"))) static inline void spread_one_avx512(const double *row, size_t p,
                                                                       double g, double *out)
{
    size_t p8 = p & ~(size_t)7, k = 0;
    eddy_v8 gv = (eddy_v8){0} + g;
    for (; k < p8; k += 8) {
        eddy_v8 o = load8(&out[k]) + gv * load8(&row[k]);
        memcpy(&out[k], &o, sizeof o);
    }
    for (; k < p; ++k) out[k] += g * row[k];
}

/* Eight rows at a time: eight independent sums keep the adders busy while
 * each waits for its previous result. */
__attribute__((target("avx512f"))) static void dots_avx512(const double *psi, size_t p, int rows,
                                                          const double *x, double *sums)
{
    size_t p8 = p & ~(size_t)7;
    int i = 0;
    for (; i + 7 < rows; i += 8) {
        const double *r0 = psi + (size_t)i * p;
        eddy_v8 a[8] = {{0}};
        for (size_t k = 0; k < p8; k += 8) {
            eddy_v8 xk = load8(&x[k]);
            a[0] += load8(&r0[k]) * xk, a[1] += load8(&r0[p + k]) * xk;
            a[2] += load8(&r0[2 * p + k]) * xk, a[3] += load8(&r0[3 * p + k]) * xk;
            a[4] += load8(&r0[4 * p + k]) * xk, a[5] += load8(&r0[5 * p + k]) * xk;
            a[6] += load8(&r0[6 * p + k]) * xk, a[7] += load8(&r0[7 * p + k]) * xk;
        }
        for (int q = 0; q < 8; ++q) {
            const double *row = r0 + (size_t)q * p;
            double sum = finish_v8(a[q]);
            for (size_t k = p8; k < p; ++k) sum += row[k] * x[k];
            sums[i + q] = sum;
        }
    }
    for (; i < rows; ++i) sums[i] = dot_avx512(psi + (size_t)i * p, p, x);
    leave_wide();
}

/* Two groups of four rows per pass over out: out += group one, then out +=
 * group two, as two passes would add them, with one load and store of out. */
__attribute__((target("avx512f"))) static inline eddy_v8 group8(const double *r0, size_t p, size_t k,
                                                              const eddy_v8 *g)
{
    return (g[0] * load8(&r0[k]) + g[1] * load8(&r0[p + k])) +
           (g[2] * load8(&r0[2 * p + k]) + g[3] * load8(&r0[3 * p + k]));
}

__attribute__((target("avx512f"))) static void spread_avx512(const double *psi, size_t p, int rows,
                                                            const double *g, double *out)
{
    size_t p8 = p & ~(size_t)7;
    int i = 0;
    for (; i + 7 < rows; i += 8) {
        const double *r0 = psi + (size_t)i * p, *r4 = r0 + 4 * p;
        eddy_v8 gv[8];
        for (int q = 0; q < 8; ++q) gv[q] = (eddy_v8){0} + g[i + q];
        for (size_t k = 0; k < p8; k += 8) {
            eddy_v8 o = load8(&out[k]) + group8(r0, p, k, gv);
            o += group8(r4, p, k, gv + 4);
            memcpy(&out[k], &o, sizeof o);
        }
        spread_four_tail(r0, p, p8, &g[i], out);
        spread_four_tail(r4, p, p8, &g[i + 4], out);
    }
    for (; i + 3 < rows; i += 4) {
        const double *r0 = psi + (size_t)i * p;
        eddy_v8 gv[4];
        for (int q = 0; q < 4; ++q) gv[q] = (eddy_v8){0} + g[i + q];
        for (size_t k = 0; k < p8; k += 8) {
            eddy_v8 o = load8(&out[k]) + group8(r0, p, k, gv);
            memcpy(&out[k], &o, sizeof o);
        }
        spread_four_tail(r0, p, p8, &g[i], out);
    }
    for (; i < rows; ++i) spread_one_avx512(psi + (size_t)i * p, p, g[i], out);
    leave_wide();
}
#endif

/* ------------------------------------------------------------ choice */

bool eddyi_stream_isa_available(eddy_stream_isa isa)
{
    switch (isa) {
    case EDDY_STREAM_PORTABLE: return true;
#ifdef EDDY_STREAM_X86
    case EDDY_STREAM_AVX: __builtin_cpu_init(); return __builtin_cpu_supports("avx");
    case EDDY_STREAM_AVX512: __builtin_cpu_init(); return __builtin_cpu_supports("avx512f");
#endif
    default: return false;
    }
}

eddy_stream_kernels eddyi_stream_kernels_of(eddy_stream_isa isa)
{
    eddy_stream_kernels k = {EDDY_STREAM_PORTABLE, dots_portable, spread_portable,
                             eddyi_stream_dots_f32_portable, eddyi_stream_spread_f32_portable};
    if (!eddyi_stream_isa_available(isa)) return k;
#ifdef EDDY_STREAM_X86
    if (isa == EDDY_STREAM_AVX)
        k = (eddy_stream_kernels){isa, dots_avx, spread_avx, eddyi_stream_dots_f32_avx,
                                  eddyi_stream_spread_f32_avx};
    if (isa == EDDY_STREAM_AVX512)
        k = (eddy_stream_kernels){isa, dots_avx512, spread_avx512, eddyi_stream_dots_f32_avx512,
                                  eddyi_stream_spread_f32_avx512};
#endif
    return k;
}

eddy_stream_kernels eddyi_stream_kernels_best(void)
{
    for (int isa = EDDY_STREAM_ISA_COUNT - 1; isa > EDDY_STREAM_PORTABLE; --isa)
        if (eddyi_stream_isa_available((eddy_stream_isa)isa))
            return eddyi_stream_kernels_of((eddy_stream_isa)isa);
    return eddyi_stream_kernels_of(EDDY_STREAM_PORTABLE);
}
