// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* simd.h - two-lane double vectors for the hot loops (issue 7).
 *
 * GCC and Clang vector extensions: one SSE2 register on x86-64 (the baseline,
 * no -march flag needed), NEON on arm64. Every lane does the same IEEE
 * operations in the same order as the scalar code would, so results are the
 * same from run to run; only sums split across lanes and accumulators change
 * their order, and they do so in a fixed way. Loads and stores go through
 * memcpy, so arrays need no particular alignment.
 *
 * The hot loops use only the functions below (eddy_v2_add, eddy_v2_mul, ...,
 * EDDY_LANE for one lane), never the operators, so that a compiler without
 * the vector extensions (MSVC's C compiler, or any build with
 * -DEDDY_NO_VECTOR_EXT) gets simd_portable.h instead: the same types as
 * plain structs of two lanes, the same operation on each lane in the same
 * order, hence the same bits (make check-portable compares the two builds).
 * Each function is one IEEE operation per lane: nothing is fused, and the
 * order of a sum is what the caller writes. */
#ifndef EDDY_SIMD_H
#define EDDY_SIMD_H

#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define EDDY_ALWAYS_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#define EDDY_ALWAYS_INLINE static __forceinline
#else
#define EDDY_ALWAYS_INLINE static inline
#endif

#if defined(EDDY_NO_VECTOR_EXT) || !(defined(__GNUC__) || defined(__clang__))
#include "simd_portable.h"
#else

typedef double eddy_v2 __attribute__((vector_size(16)));
/* Comparisons of eddy_v2 give this: all bits set (-1) where true, 0 where not. */
typedef long long eddy_v2i __attribute__((vector_size(16)));
/* Four single-precision lanes (stream_products_f32.c). */
typedef float eddy_f4 __attribute__((vector_size(16)));

/* One lane, to read or to write: EDDY_LANE(v, 1) = x. */
#define EDDY_LANE(v, i) ((v)[i])

static inline eddy_v2 eddy_v2_load(const double *p)
{
    eddy_v2 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void eddy_v2_store(double *p, eddy_v2 v) { memcpy(p, &v, sizeof v); }
static inline eddy_v2 eddy_v2_set(double x) { return (eddy_v2){x, x}; }
static inline eddy_v2 eddy_v2_make(double lane0, double lane1) { return (eddy_v2){lane0, lane1}; }
static inline eddy_v2 eddy_v2_add(eddy_v2 a, eddy_v2 b) { return a + b; }
static inline eddy_v2 eddy_v2_sub(eddy_v2 a, eddy_v2 b) { return a - b; }
static inline eddy_v2 eddy_v2_mul(eddy_v2 a, eddy_v2 b) { return a * b; }
static inline eddy_v2 eddy_v2_div(eddy_v2 a, eddy_v2 b) { return a / b; }
static inline eddy_v2 eddy_v2_neg(eddy_v2 a) { return -a; }
static inline eddy_v2i eddy_v2_lt(eddy_v2 a, eddy_v2 b) { return a < b; }
static inline eddy_v2i eddy_v2_gt(eddy_v2 a, eddy_v2 b) { return a > b; }
/* integer lanes to doubles */
static inline eddy_v2 eddy_v2_from_int(eddy_v2i k) { return __builtin_convertvector(k, eddy_v2); }

static inline eddy_v2i eddy_v2i_add(eddy_v2i a, eddy_v2i b) { return a + b; }
static inline eddy_v2i eddy_v2i_sub(eddy_v2i a, eddy_v2i b) { return a - b; }
static inline eddy_v2i eddy_v2i_neg(eddy_v2i a) { return -a; }
static inline eddy_v2i eddy_v2i_and(eddy_v2i a, eddy_v2i b) { return a & b; }
static inline eddy_v2i eddy_v2i_or(eddy_v2i a, eddy_v2i b) { return a | b; }
static inline eddy_v2i eddy_v2i_not(eddy_v2i a) { return ~a; }
static inline eddy_v2i eddy_v2i_set(long long x) { return (eddy_v2i){x, x}; }
/* arithmetic shift right of every lane */
static inline eddy_v2i eddy_v2i_shr(eddy_v2i a, int n) { return a >> n; }

static inline eddy_f4 eddy_f4_load(const float *p)
{
    eddy_f4 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void eddy_f4_store(float *p, eddy_f4 v) { memcpy(p, &v, sizeof v); }
static inline eddy_f4 eddy_f4_set(float x) { return (eddy_f4){x, x, x, x}; }
static inline eddy_f4 eddy_f4_add(eddy_f4 a, eddy_f4 b) { return a + b; }
static inline eddy_f4 eddy_f4_mul(eddy_f4 a, eddy_f4 b) { return a * b; }

#endif /* vector extensions */

/* The bits of a double vector as integer lanes and back. */
static inline eddy_v2i eddy_v2_bits(eddy_v2 v)
{
    eddy_v2i b;
    memcpy(&b, &v, sizeof b);
    return b;
}

static inline eddy_v2 eddy_v2_from_bits(eddy_v2i b)
{
    eddy_v2 v;
    memcpy(&v, &b, sizeof v);
    return v;
}

/* mask ? a : b, lane by lane (mask from a comparison) */
static inline eddy_v2 eddy_v2_select(eddy_v2i mask, eddy_v2 a, eddy_v2 b)
{
    eddy_v2i ai = eddy_v2_bits(a), bi = eddy_v2_bits(b);
    return eddy_v2_from_bits(eddy_v2i_or(eddy_v2i_and(ai, mask), eddy_v2i_and(bi, eddy_v2i_not(mask))));
}

static inline eddy_v2 eddy_v2_abs(eddy_v2 v)
{
    return eddy_v2_from_bits(eddy_v2i_and(eddy_v2_bits(v), eddy_v2i_set(0x7fffffffffffffffLL)));
}

/* a * b + c, two roundings (never fused) */
static inline eddy_v2 eddy_v2_mul_add(eddy_v2 a, eddy_v2 b, eddy_v2 c)
{
    return eddy_v2_add(eddy_v2_mul(a, b), c);
}

/* ln x for finite x > 0 without subnormals: x = m 2^e with m in [sqrt(1/2),
 * sqrt(2)), ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716, summed to
 * s^23 (next term below 3e-19 relative); ln 2 in two parts. About one unit in
 * the last place. */
static inline eddy_v2 eddy_v2_log(eddy_v2 x)
{
    eddy_v2i bits = eddy_v2_bits(x);
    eddy_v2i e = eddy_v2i_sub(eddy_v2i_shr(bits, 52), eddy_v2i_set(1023));
    bits = eddy_v2i_or(eddy_v2i_and(bits, eddy_v2i_set(0x000fffffffffffffLL)),
                       eddy_v2i_set(0x3ff0000000000000LL));
    eddy_v2 m = eddy_v2_from_bits(bits);
    eddy_v2i big = eddy_v2_gt(m, eddy_v2_set(1.4142135623730951));
    m = eddy_v2_select(big, eddy_v2_mul(m, eddy_v2_set(0.5)), m);
    e = eddy_v2i_sub(e, big); /* big is -1 where m was halved */
    eddy_v2 one = eddy_v2_set(1.0);
    eddy_v2 s = eddy_v2_div(eddy_v2_sub(m, one), eddy_v2_add(m, one)), z = eddy_v2_mul(s, s);
    static const double odd[] = {1.0 / 21, 1.0 / 19, 1.0 / 17, 1.0 / 15, 1.0 / 13, 1.0 / 11,
                                 1.0 / 9,  1.0 / 7,  1.0 / 5,  1.0 / 3,  1.0};
    eddy_v2 p = eddy_v2_set(1.0 / 23);
    for (int i = 0; i < (int)(sizeof odd / sizeof odd[0]); ++i) p = eddy_v2_mul_add(p, z, eddy_v2_set(odd[i]));
    eddy_v2 ed = eddy_v2_from_int(e);
    const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
    eddy_v2 tail = eddy_v2_add(eddy_v2_mul(ed, eddy_v2_set(ln2_lo)),
                               eddy_v2_mul(eddy_v2_mul(eddy_v2_set(2.0), s), p));
    return eddy_v2_add(eddy_v2_mul(ed, eddy_v2_set(ln2_hi)), tail);
}

/* lane 0 + lane 1 */
static inline double eddy_v2_sum(eddy_v2 v) { return EDDY_LANE(v, 0) + EDDY_LANE(v, 1); }

/* The number of bits set (cost estimates, not arithmetic on results). */
static inline int eddy_popcount(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcount(x);
#else
    int n = 0;
    for (; x; x &= x - 1) ++n;
    return n;
#endif
}

#endif /* EDDY_SIMD_H */
