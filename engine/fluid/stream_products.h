// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* stream_products.h - the two dense products of the grid advection with the
 * modes' stream functions (stream_products.c), in the widest vectors the
 * processor has. Internal.
 *
 *   eddy_stream_kernels k = eddyi_stream_kernels_best();
 *   k.dots(psi, p, rows, x, sums);   // sums[i] = psi row i . x
 *   k.spread(psi, p, rows, g, out);  // out += sum_i g[i] psi row i
 *   k.dots_f32, k.spread_f32         // the same in single precision
 *                                    // (stream_products_f32.c)
 *
 * psi holds `rows` rows of p doubles each, one after the other. Every
 * variant returns the same bits as the portable one: the lanes and the order
 * of every sum are fixed, only how many lanes one instruction carries
 * differs. */
#ifndef EDDY_STREAM_PRODUCTS_H
#define EDDY_STREAM_PRODUCTS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum eddy_stream_isa {
    EDDY_STREAM_PORTABLE = 0, /* two-lane vectors (SSE2 on x86-64, NEON on arm64) */
    EDDY_STREAM_AVX,          /* four lanes (x86-64 with AVX) */
    EDDY_STREAM_AVX512,       /* eight lanes (x86-64 with AVX-512F) */
    EDDY_STREAM_ISA_COUNT
} eddy_stream_isa;

typedef struct eddy_stream_kernels {
    eddy_stream_isa isa;
    void (*dots)(const double *psi, size_t p, int rows, const double *x, double *sums);
    void (*spread)(const double *psi, size_t p, int rows, const double *g, double *out);
    void (*dots_f32)(const float *psi, size_t p, int rows, const float *x, double *sums);
    void (*spread_f32)(const float *psi, size_t p, int rows, const double *g, float *out);
} eddy_stream_kernels;

/* The single-precision variants (stream_products_f32.c), for the table. */
void eddyi_stream_dots_f32_portable(const float *psi, size_t p, int rows, const float *x,
                                   double *sums);
void eddyi_stream_spread_f32_portable(const float *psi, size_t p, int rows, const double *g,
                                     float *out);
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
void eddyi_stream_dots_f32_avx(const float *psi, size_t p, int rows, const float *x, double *sums);
void eddyi_stream_spread_f32_avx(const float *psi, size_t p, int rows, const double *g, float *out);
void eddyi_stream_dots_f32_avx512(const float *psi, size_t p, int rows, const float *x,
                                 double *sums);
void eddyi_stream_spread_f32_avx512(const float *psi, size_t p, int rows, const double *g,
                                   float *out);
#endif

/* Whether this processor (and its operating system) runs the variant. */
bool eddyi_stream_isa_available(eddy_stream_isa isa);

/* The variant isa; the portable one if it is not available. */
eddy_stream_kernels eddyi_stream_kernels_of(eddy_stream_isa isa);

/* The widest available variant. */
eddy_stream_kernels eddyi_stream_kernels_best(void);

#endif /* EDDY_STREAM_PRODUCTS_H */
