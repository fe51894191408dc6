// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* simd.h - two-lane double vectors for the hot loops (issue 7).
 *
 * GCC and Clang vector extensions: one SSE2 register on x86-64 (the baseline,
 * no -march flag needed), NEON on arm64. Every lane does the same IEEE
 * operations in the same order as the scalar code would, so results are the
 * same from run to run; only sums split across lanes and accumulators change
 * their order, and they do so in a fixed way. Loads and stores go through
 * memcpy, so arrays need no particular alignment. */
#ifndef EDDY_SIMD_H
#define EDDY_SIMD_H

#include <string.h>

#if !defined(__GNUC__) && !defined(__clang__)
#error "eddy's hot loops use GCC/Clang vector extensions"
#endif

typedef double eddy_v2 __attribute__((vector_size(16)));
/* Comparisons of eddy_v2 give this: all bits set (-1) where true, 0 where not. */
typedef long long eddy_v2i __attribute__((vector_size(16)));

static inline eddy_v2 eddy_v2_load(const double *p)
{
    eddy_v2 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void eddy_v2_store(double *p, eddy_v2 v) { memcpy(p, &v, sizeof v); }

static inline eddy_v2 eddy_v2_set(double x) { return (eddy_v2){x, x}; }

/* mask ? a : b, lane by lane (mask from a comparison) */
static inline eddy_v2 eddy_v2_select(eddy_v2i mask, eddy_v2 a, eddy_v2 b)
{
    eddy_v2i ai, bi;
    memcpy(&ai, &a, sizeof ai);
    memcpy(&bi, &b, sizeof bi);
    eddy_v2i r = (ai & mask) | (bi & ~mask);
    eddy_v2 out;
    memcpy(&out, &r, sizeof out);
    return out;
}

static inline eddy_v2 eddy_v2_abs(eddy_v2 v)
{
    eddy_v2i bits;
    memcpy(&bits, &v, sizeof bits);
    bits &= (eddy_v2i){0x7fffffffffffffffLL, 0x7fffffffffffffffLL};
    memcpy(&v, &bits, sizeof v);
    return v;
}

/* ln x for finite x > 0 without subnormals: x = m 2^e with m in [sqrt(1/2),
 * sqrt(2)), ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716, summed to
 * s^23 (next term below 3e-19 relative); ln 2 in two parts. About one unit in
 * the last place. */
static inline eddy_v2 eddy_v2_log(eddy_v2 x)
{
    eddy_v2i bits;
    memcpy(&bits, &x, sizeof bits);
    eddy_v2i e = (bits >> 52) - 1023;
    bits = (bits & (eddy_v2i){0x000fffffffffffffLL, 0x000fffffffffffffLL}) |
           (eddy_v2i){0x3ff0000000000000LL, 0x3ff0000000000000LL};
    eddy_v2 m;
    memcpy(&m, &bits, sizeof m);
    eddy_v2i big = m > (eddy_v2){1.4142135623730951, 1.4142135623730951};
    m = eddy_v2_select(big, m * 0.5, m);
    e -= big; /* big is -1 where m was halved */
    eddy_v2 s = (m - 1.0) / (m + 1.0), z = s * s;
    eddy_v2 p = eddy_v2_set(1.0 / 23);
    p = p * z + 1.0 / 21, p = p * z + 1.0 / 19, p = p * z + 1.0 / 17, p = p * z + 1.0 / 15;
    p = p * z + 1.0 / 13, p = p * z + 1.0 / 11, p = p * z + 1.0 / 9, p = p * z + 1.0 / 7;
    p = p * z + 1.0 / 5, p = p * z + 1.0 / 3, p = p * z + 1.0;
    eddy_v2 ed = __builtin_convertvector(e, eddy_v2);
    const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
    return ed * ln2_hi + (ed * ln2_lo + 2.0 * s * p);
}

/* lane 0 + lane 1 */
static inline double eddy_v2_sum(eddy_v2 v) { return v[0] + v[1]; }

#endif /* EDDY_SIMD_H */
