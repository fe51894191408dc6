// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tensor_packed.h - a dense, skew-packed copy of the advection tensor for the
 * fast contraction of walled levels (tensor_packed.c). Internal. */
#ifndef EDDY_TENSOR_PACKED_H
#define EDDY_TENSOR_PACKED_H

#include "fluid_internal.h"

/* Above this fraction of r^3 stored entries the fluid contracts the packed
 * copy instead of the sparse tensor (box tensors are far below it, so box
 * levels keep the sparse contraction and its exact numbers). */
#define EDDY_PACKED_DENSITY 0.2

typedef struct eddy_packed_tensor {
    int r;
    size_t tri;     /* r (r - 1) / 2 */
    double *upper;  /* r slots of tri values: A_i's strict upper triangle, row by row */
    double *sum;    /* tri scratch */
} eddy_packed_tensor;

/* Packs a skew-symmetric tensor (only the entries above the diagonal are read). */
eddy_result eddyi_packed_tensor_build(const eddy_tensor *t, eddy_packed_tensor *p, eddy_error *err);
void eddyi_packed_tensor_free(eddy_packed_tensor *p);
/* out (r x r, row-major) = sum_i coef_i A_i. Allocates nothing. */
void eddyi_packed_tensor_contract(eddy_packed_tensor *p, const double *coef, double *out);

#endif /* EDDY_TENSOR_PACKED_H */
