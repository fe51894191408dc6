// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * dense.h - the small dense linear algebra the run time needs, in plain C:
 * a full QR factor (dense_qr.c), a thin singular value decomposition
 * (dense_svd.c) and the inverse of a square matrix (dense_lu.c). The panels
 * use the first two to invert a body's panel matrix (5.13, 5.16) when the
 * body's shape is not in the asset, and the third for the system of a
 * level's wall source panels (panel_walls.c), so the run-time library needs
 * no LAPACK. Matrices are row-major. Set-up time only: both allocate
 * their scratch. Deterministic: the same input gives the same bits on the
 * same build, whatever the machine's core count. tests/test_dense.c checks
 * them against LAPACK. Not installed.
 */
#ifndef EDDY_DENSE_H
#define EDDY_DENSE_H

#include "core_internal.h"

/* Householder QR of the m x r matrix A held in the first r columns of the
 * m x m array q (0 < r <= m). On return q holds the whole orthogonal factor
 * Q of A = Q R: its first r columns span the columns of A, the last m - r
 * are an orthonormal basis of their orthogonal complement (the null space
 * of A^T). The other columns of q are ignored on entry. EDDY_ERR_ARGUMENT
 * for bad sizes, EDDY_ERR_NUMERIC for a non-finite entry, EDDY_ERR_MEMORY. */
eddy_result eddyi_dense_qr_full(int m, int r, double *q);

/* Thin SVD A = U diag(s) V^T of the m x n matrix a (m >= n >= 1) by one-sided
 * Jacobi rotations: s (n values) descending, u m x n with orthonormal
 * columns, vt n x n orthogonal (row l is the right singular vector of s[l]).
 * Singular values below about m eps |A| are round-off (a rank-deficient A):
 * they come out at that level, unsorted among themselves only in the sense
 * that their columns of U are not made orthonormal (left zero for an exact
 * zero). a is not changed. EDDY_ERR_ARGUMENT for bad sizes, EDDY_ERR_NUMERIC for a
 * non-finite entry or no convergence, EDDY_ERR_MEMORY. */
eddy_result eddyi_dense_svd(int m, int n, const double *a, double *s, double *u, double *vt);

/* The inverse of the n x n matrix a, in place, by LU with partial pivoting
 * (P A = L U, then A^-1 = U^-1 L^-1 P). EDDY_ERR_ARGUMENT for n < 1 or no a,
 * EDDY_ERR_NUMERIC for a non-finite entry or a singular matrix (a pivot
 * below n eps max|a_ij|; a is then unchanged) or an inverse that overflows,
 * EDDY_ERR_MEMORY. */
eddy_result eddyi_dense_invert(int n, double *a);

#endif
