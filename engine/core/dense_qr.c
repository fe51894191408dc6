// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* dense_qr.c - the full orthogonal factor of a Householder QR (dense.h).
 *
 * Column k of A is reflected onto a multiple of e_k by H_k = I - tau v v^T,
 * v zero above row k, and the reflection is applied to the columns after it.
 * Q = H_0 H_1 ... H_{r-1}, formed by applying the reflectors to the identity
 * from the last to the first. */
#include "dense.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* v (rows k..m-1 of the column x) becomes the Householder vector that maps x
 * onto -sign(x_k) |x| e_k; returns tau = 2 / (v . v), or 0 when the column is
 * already zero there (then H_k = I). */
static double make_reflector(int m, int k, double *x)
{
    double norm2 = 0.0;
    for (int i = k; i < m; i++) norm2 += x[i] * x[i];
    if (norm2 == 0.0) return 0.0;
    double alpha = x[k] >= 0.0 ? -sqrt(norm2) : sqrt(norm2);
    /* v = x - alpha e_k; v . v = |x|^2 - 2 alpha x_k + alpha^2 */
    double vv = norm2 - 2.0 * alpha * x[k] + alpha * alpha;
    x[k] -= alpha;
    return 2.0 / vv;
}

/* y <- H y for one column y (rows k..m-1 touched). */
static void reflect(int m, int k, const double *v, double tau, double *y)
{
    double dot = 0.0;
    for (int i = k; i < m; i++) dot += v[i] * y[i];
    dot *= tau;
    for (int i = k; i < m; i++) y[i] -= dot * v[i];
}

eddy_result eddyi_dense_qr_full(int m, int r, double *q)
{
    if (m < 1 || r < 1 || r > m || !q) return EDDY_ERR_ARGUMENT;
    size_t mm = (size_t)m;
    double *col = eddy_alloc(sizeof(double) * mm * (size_t)r); /* A by columns, then the v's */
    double *tau = eddy_alloc(sizeof(double) * (size_t)r);
    double *y = eddy_alloc(sizeof(double) * mm);
    if (!col || !tau || !y) {
        eddy_free(col), eddy_free(tau), eddy_free(y);
        return EDDY_ERR_MEMORY;
    }
    eddy_result rc = EDDY_OK;
    for (int k = 0; k < r && rc == EDDY_OK; k++)
        for (int i = 0; i < m; i++) {
            col[(size_t)k * mm + i] = q[(size_t)i * mm + k];
            if (!isfinite(col[(size_t)k * mm + i])) rc = EDDY_ERR_NUMERIC;
        }
    for (int k = 0; k < r && rc == EDDY_OK; k++) {
        double *v = col + (size_t)k * mm;
        tau[k] = make_reflector(m, k, v);
        for (int j = k + 1; j < r; j++) reflect(m, k, v, tau[k], col + (size_t)j * mm);
    }
    /* Q = H_0 ... H_{r-1} I, one column of the identity at a time. */
    for (int j = 0; j < m && rc == EDDY_OK; j++) {
        memset(y, 0, sizeof(double) * mm);
        y[j] = 1.0;
        for (int k = r - 1; k >= 0; k--)
            if (tau[k] != 0.0) reflect(m, k, col + (size_t)k * mm, tau[k], y);
        for (int i = 0; i < m; i++) q[(size_t)i * mm + j] = y[i];
    }
    eddy_free(col), eddy_free(tau), eddy_free(y);
    return rc;
}
