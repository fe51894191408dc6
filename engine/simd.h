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

static inline eddy_v2 eddy_v2_load(const double *p)
{
    eddy_v2 v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void eddy_v2_store(double *p, eddy_v2 v) { memcpy(p, &v, sizeof v); }

static inline eddy_v2 eddy_v2_set(double x) { return (eddy_v2){x, x}; }

/* lane 0 + lane 1 */
static inline double eddy_v2_sum(eddy_v2 v) { return v[0] + v[1]; }

#endif /* EDDY_SIMD_H */
