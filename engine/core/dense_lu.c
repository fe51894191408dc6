// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* dense_lu.c - the inverse of a square matrix by LU with partial pivoting
 * (dense.h).
 *
 * P A = L U by Doolittle elimination, row by row (row-major, so every update
 * is a contiguous row operation); then A^-1 = U^-1 L^-1 P, one row of the
 * result at a time: forward substitution L Y = P, back substitution
 * U X = Y. A pivot that is zero, or that is round-off against the largest
 * entry of A, means A is singular. */
#include "dense.h"
#include "simd.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* y[0..n) -= s x[0..n): the one inner loop, two lanes at a time (simd.h). */
static void row_axpy(int n, double s, const double *restrict x, double *restrict y)
{
    eddy_v2 sv = eddy_v2_set(s);
    int j = 0;
    for (; j + 2 <= n; j += 2) eddy_v2_store(&y[j], eddy_v2_sub(eddy_v2_load(&y[j]), eddy_v2_mul(sv, eddy_v2_load(&x[j]))));
    for (; j < n; j++) y[j] -= s * x[j];
}

/* LU in place; perm[i] is the row of A that became row i. Returns false for
 * a singular A (a pivot at or below tiny). */
static bool factor(int n, double *lu, int *perm, double tiny)
{
    size_t nn = (size_t)n;
    for (int i = 0; i < n; i++) perm[i] = i;
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(lu[(size_t)i * nn + k]) > fabs(lu[(size_t)p * nn + k])) p = i;
        double *rk = lu + (size_t)k * nn;
        if (!(fabs(lu[(size_t)p * nn + k]) > tiny)) return false;
        if (p != k) {
            double *rp = lu + (size_t)p * nn;
            for (int j = 0; j < n; j++) {
                double t = rk[j];
                rk[j] = rp[j];
                rp[j] = t;
            }
            int t = perm[k];
            perm[k] = perm[p];
            perm[p] = t;
        }
        for (int i = k + 1; i < n; i++) {
            double *ri = lu + (size_t)i * nn;
            double l = ri[k] / rk[k];
            ri[k] = l;
            if (l != 0.0) row_axpy(n - k - 1, l, rk + k + 1, ri + k + 1);
        }
    }
    return true;
}

eddy_result eddyi_dense_invert(int n, double *a)
{
    if (n < 1 || !a) return EDDY_ERR_ARGUMENT;
    size_t nn = (size_t)n;
    double largest = 0.0;
    for (size_t e = 0; e < nn * nn; e++) {
        if (!isfinite(a[e])) return EDDY_ERR_NUMERIC;
        largest = fmax(largest, fabs(a[e]));
    }
    double *lu = eddy_alloc(sizeof(double) * nn * nn);
    int *perm = eddy_alloc(sizeof(int) * nn);
    if (!lu || !perm) {
        eddy_free(lu), eddy_free(perm);
        return EDDY_ERR_MEMORY;
    }
    memcpy(lu, a, sizeof(double) * nn * nn);
    eddy_result rc = EDDY_OK;
    if (largest == 0.0 || !factor(n, lu, perm, (double)n * DBL_EPSILON * largest)) {
        rc = EDDY_ERR_NUMERIC;
    } else {
        /* Y = L^-1 P, into a: row i of P has its 1 in column perm[i] */
        for (int i = 0; i < n; i++) {
            double *yi = a + (size_t)i * nn;
            memset(yi, 0, sizeof(double) * nn);
            yi[perm[i]] = 1.0;
            const double *li = lu + (size_t)i * nn;
            for (int k = 0; k < i; k++)
                if (li[k] != 0.0) row_axpy(n, li[k], a + (size_t)k * nn, yi);
        }
        /* X = U^-1 Y, from the last row up */
        for (int i = n - 1; i >= 0; i--) {
            double *xi = a + (size_t)i * nn;
            const double *ui = lu + (size_t)i * nn;
            for (int k = i + 1; k < n; k++)
                if (ui[k] != 0.0) row_axpy(n, ui[k], a + (size_t)k * nn, xi);
            double inv = 1.0 / ui[i];
            for (int j = 0; j < n; j++) xi[j] *= inv;
        }
        for (size_t e = 0; e < nn * nn && rc == EDDY_OK; e++)
            if (!isfinite(a[e])) rc = EDDY_ERR_NUMERIC;
    }
    eddy_free(lu), eddy_free(perm);
    return rc;
}
