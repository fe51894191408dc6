// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tensor_packed.c - the advection tensor of a walled level, stored for a fast
 * contraction A(r) = sum_i r_i A_i (5.8).
 *
 * The box's closed-form tensor is sparse (a few per cent of r^3: wave numbers
 * only couple to sums and differences), so the slot-by-slot sparse contraction
 * of tensor.c is right for it. The modes of a walled level have no such
 * structure: their quadrature tensor is dense (96 modes of a cave: 99 % of
 * r^3 non-zero), and the sparse form pays an index pair per entry. Every A_i
 * is skew-symmetric, so only its strict upper triangle is stored, packed row
 * by row: r (r - 1) / 2 values per slot, half the dense tensor, and the
 * contraction is r contiguous scaled additions of one packed triangle,
 * which the compiler vectorises; A(r) is then filled by A_jk = -A_kj.
 * At r = 96 the contraction takes 0.075 ms at best (-O2, SSE2; 442,000
 * multiply-adds, 3.5 MB streamed). Single-precision storage was measured
 * too: no faster at -O2 (the conversions eat the halved traffic), 0.044 ms
 * with -march=native; not worth the lost digits in a portable build. */
#include "tensor_packed.h"

#include <stdlib.h>
#include <string.h>

void eddyi_packed_tensor_free(eddy_packed_tensor *p)
{
    eddy_free(p->upper), eddy_free(p->sum);
    memset(p, 0, sizeof *p);
}

eddy_result eddyi_packed_tensor_build(const eddy_tensor *t, eddy_packed_tensor *p, eddy_error *err)
{
    memset(p, 0, sizeof *p);
    size_t r = (size_t)t->r, tri = r * (r - 1) / 2;
    p->r = t->r;
    p->tri = tri;
    p->upper = eddy_calloc(tri * r > 0 ? tri * r : 1, sizeof *p->upper);
    p->sum = eddy_calloc(tri > 0 ? tri : 1, sizeof *p->sum);
    if (!p->upper || !p->sum) {
        eddyi_packed_tensor_free(p);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a packed %d-mode tensor", t->r);
    }
    /* row k of the triangle starts at k r - k (k + 1) / 2 and holds j = k+1.. */
    for (int i = 0; i < t->r; ++i) {
        double *slot = p->upper + (size_t)i * tri;
        for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e) {
            size_t k = (size_t)t->k[e], j = (size_t)t->j[e];
            if (k < j) slot[k * r - k * (k + 1) / 2 + (j - k - 1)] += t->value[e];
        }
    }
    return EDDY_OK;
}

void eddyi_packed_tensor_contract(eddy_packed_tensor *p, const double *coef, double *out)
{
    size_t r = (size_t)p->r, tri = p->tri;
    double *restrict sum = p->sum;
    memset(sum, 0, tri * sizeof *sum);
    for (size_t i = 0; i < r; ++i) {
        double ri = coef[i];
        if (ri == 0.0) continue;
        const double *restrict slot = p->upper + i * tri;
        for (size_t e = 0; e < tri; ++e) sum[e] += ri * slot[e];
    }
    size_t e = 0;
    for (size_t k = 0; k < r; ++k) {
        out[k * r + k] = 0.0;
        for (size_t j = k + 1; j < r; ++j, ++e) {
            out[k * r + j] = sum[e];
            out[j * r + k] = -sum[e];
        }
    }
}
