// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_dense.c - the run time's own QR, SVD and inverse
 * (engine/core/dense_*.c) against LAPACK, which the builder links: the same
 * singular values, the same subspaces, the same least-squares solutions, the
 * same pseudo-inverse of real panel matrices (5.13, 5.16) as the LAPACK
 * pipeline the panels used before, and the same inverse as LU by dgetrf and
 * dgetri (what the walls' source panels used, panel_walls.c). */
#include "test_util.h"

#include "dense.h"
#include "panel.h"

#include <lapacke.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double *random_matrix(int m, int n, uint64_t *seed)
{
    double *a = malloc(sizeof(double) * (size_t)m * (size_t)n);
    assert_non_null(a);
    for (int i = 0; i < m * n; i++) a[i] = test_random(seed);
    return a;
}

/* c = a b, a m x k, b k x n, row-major */
static void multiply(int m, int k, int n, const double *a, const double *b, double *c)
{
    for (int i = 0; i < m; i++)
        for (int j = 0; j < n; j++) {
            double sum = 0.0;
            for (int l = 0; l < k; l++) sum += a[i * k + l] * b[l * n + j];
            c[i * n + j] = sum;
        }
}

static double frobenius(int count, const double *a)
{
    double sum = 0.0;
    for (int i = 0; i < count; i++) sum += a[i] * a[i];
    return sqrt(sum);
}

/* Largest |X^T X - I| over the first k columns of the m x n matrix x. */
static double orthonormality_defect(int m, int n, int k, const double *x)
{
    double worst = 0.0;
    for (int p = 0; p < k; p++)
        for (int q = 0; q < k; q++) {
            double sum = 0.0;
            for (int i = 0; i < m; i++) sum += x[i * n + p] * x[i * n + q];
            worst = fmax(worst, fabs(sum - (p == q ? 1.0 : 0.0)));
        }
    return worst;
}

typedef struct svd {
    int m, n;
    double *s, *u, *vt;
} svd;

static svd svd_alloc(int m, int n)
{
    svd d = {m, n, malloc(sizeof(double) * (size_t)n), malloc(sizeof(double) * (size_t)m * n),
             malloc(sizeof(double) * (size_t)n * n)};
    assert_true(d.s && d.u && d.vt);
    return d;
}

static void svd_free(svd *d) { free(d->s), free(d->u), free(d->vt); }

static svd ours(int m, int n, const double *a)
{
    svd d = svd_alloc(m, n);
    assert_int_equal(eddyi_dense_svd(m, n, a, d.s, d.u, d.vt), EDDY_OK);
    return d;
}

static svd lapack(int m, int n, const double *a)
{
    svd d = svd_alloc(m, n);
    double *copy = malloc(sizeof(double) * (size_t)m * n), *superb = malloc(sizeof(double) * (size_t)n + 8);
    memcpy(copy, a, sizeof(double) * (size_t)m * n);
    assert_int_equal(LAPACKE_dgesvd(LAPACK_ROW_MAJOR, 'S', 'A', m, n, copy, n, d.s, d.u, n, d.vt, n,
                                    superb),
                     0);
    free(copy), free(superb);
    return d;
}

/* x = V diag(1/s) U^T b over the singular values above tol * s[0]: the
 * minimum-norm least-squares solution of a x = b, rank cut at tol. */
static void solve(const svd *d, double tol, const double *b, double *x)
{
    for (int k = 0; k < d->n; k++) x[k] = 0.0;
    for (int l = 0; l < d->n && d->s[l] > tol * d->s[0]; l++) {
        double c = 0.0;
        for (int i = 0; i < d->m; i++) c += d->u[i * d->n + l] * b[i];
        c /= d->s[l];
        for (int k = 0; k < d->n; k++) x[k] += c * d->vt[l * d->n + k];
    }
}

/* Ours against LAPACK on one matrix whose rank is `rank`. */
static void compare(int m, int n, const double *a, int rank, const char *what)
{
    svd mine = ours(m, n, a), ref = lapack(m, n, a);
    double smax = ref.s[0], worst_s = 0.0;
    for (int l = 0; l < n; l++) {
        worst_s = fmax(worst_s, fabs(mine.s[l] - ref.s[l]));
        if (l > 0) assert_true(mine.s[l] <= mine.s[l - 1]); /* descending */
        if (l >= rank) assert_true(mine.s[l] <= 1e-13 * smax); /* null directions */
    }
    assert_true(worst_s <= 1e-13 * smax);
    assert_true(orthonormality_defect(m, n, rank, mine.u) <= 1e-12);
    assert_true(orthonormality_defect(n, n, n, mine.vt) <= 1e-12); /* rows of V^T: V^T V */
    /* A = U diag(s) V^T */
    double *us = malloc(sizeof(double) * (size_t)m * n), *back = malloc(sizeof(double) * (size_t)m * n);
    for (int i = 0; i < m; i++)
        for (int l = 0; l < n; l++) us[i * n + l] = mine.u[i * n + l] * mine.s[l];
    multiply(m, n, n, us, mine.vt, back);
    for (int i = 0; i < m * n; i++) back[i] -= a[i];
    double residual = frobenius(m * n, back) / frobenius(m * n, a);
    assert_true(residual <= 1e-13);
    /* the same minimum-norm least-squares solution */
    uint64_t seed = 99;
    double *b = random_matrix(m, 1, &seed), *x1 = malloc(sizeof(double) * n), *x2 = malloc(sizeof(double) * n);
    solve(&mine, 1e-10, b, x1);
    solve(&ref, 1e-10, b, x2);
    double dx = 0.0;
    for (int k = 0; k < n; k++) dx = fmax(dx, fabs(x1[k] - x2[k]));
    double cond = ref.s[0] / ref.s[rank - 1];
    assert_true(dx <= 1e-13 * cond * frobenius(n, x2) + 1e-300);
    /* the same bits again */
    svd again = ours(m, n, a);
    assert_memory_equal(again.s, mine.s, sizeof(double) * n);
    assert_memory_equal(again.vt, mine.vt, sizeof(double) * n * n);
    print_message("svd %-26s %3d x %3d rank %3d: singular values %.1e, A - USV^T %.1e, "
                  "solution %.1e (of the largest s)\n", what, m, n, rank, worst_s / smax, residual,
                  dx / frobenius(n, x2));
    svd_free(&again), svd_free(&mine), svd_free(&ref);
    free(us), free(back), free(b), free(x1), free(x2);
}

static void svd_matches_lapack(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    const int sizes[][2] = {{1, 1}, {3, 1}, {7, 3}, {30, 30}, {64, 41}, {151, 150}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int m = sizes[k][0], n = sizes[k][1];
        double *a = random_matrix(m, n, &seed);
        compare(m, n, a, n, "random");
        free(a);
    }
    /* rank-deficient: a product through a narrower inner dimension */
    const int deficient[][3] = {{40, 30, 12}, {90, 80, 79}, {25, 25, 1}};
    for (size_t k = 0; k < sizeof deficient / sizeof deficient[0]; k++) {
        int m = deficient[k][0], n = deficient[k][1], r = deficient[k][2];
        double *b = random_matrix(m, r, &seed), *c = random_matrix(r, n, &seed);
        double *a = malloc(sizeof(double) * (size_t)m * n);
        multiply(m, r, n, b, c, a);
        compare(m, n, a, r, "rank-deficient");
        free(a), free(b), free(c);
    }
    /* graded columns: singular values over 12 decades */
    double *a = random_matrix(50, 20, &seed);
    for (int i = 0; i < 50; i++)
        for (int j = 0; j < 20; j++) a[i * 20 + j] *= pow(10.0, -0.6 * j);
    compare(50, 20, a, 20, "graded");
    free(a);
}

/* The full Q of a QR: orthogonal, its first r columns span A, the rest are
 * orthogonal to A, and the complement is LAPACK's (same projector). */
static void qr_full_matches_lapack(void **state)
{
    (void)state;
    uint64_t seed = 777;
    const int sizes[][2] = {{1, 1}, {5, 1}, {40, 1}, {40, 3}, {61, 7}, {12, 12}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int m = sizes[k][0], r = sizes[k][1];
        double *a = random_matrix(m, r, &seed);
        double *q = calloc((size_t)m * m, sizeof(double)), *ql = calloc((size_t)m * m, sizeof(double));
        double *tau = malloc(sizeof(double) * r);
        for (int i = 0; i < m; i++)
            for (int j = 0; j < r; j++) q[i * m + j] = ql[i * m + j] = a[i * r + j];
        assert_int_equal(eddyi_dense_qr_full(m, r, q), EDDY_OK);
        assert_int_equal(LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, m, r, ql, m, tau), 0);
        assert_int_equal(LAPACKE_dorgqr(LAPACK_ROW_MAJOR, m, m, r, ql, m, tau), 0);
        assert_true(orthonormality_defect(m, m, m, q) <= 1e-13);
        double worst_span = 0.0, worst_null = 0.0, worst_proj = 0.0;
        for (int j = 0; j < r; j++) { /* a_j = Q_r Q_r^T a_j, and Z^T a_j = 0 */
            for (int i = 0; i < m; i++) {
                double back = 0.0;
                for (int l = 0; l < r; l++) {
                    double c = 0.0;
                    for (int t = 0; t < m; t++) c += q[t * m + l] * a[t * r + j];
                    back += q[i * m + l] * c;
                }
                worst_span = fmax(worst_span, fabs(back - a[i * r + j]));
            }
            for (int l = r; l < m; l++) {
                double c = 0.0;
                for (int t = 0; t < m; t++) c += q[t * m + l] * a[t * r + j];
                worst_null = fmax(worst_null, fabs(c));
            }
        }
        for (int i = 0; i < m; i++) /* Z Z^T against LAPACK's */
            for (int j = 0; j < m; j++) {
                double p1 = 0.0, p2 = 0.0;
                for (int l = r; l < m; l++) {
                    p1 += q[i * m + l] * q[j * m + l];
                    p2 += ql[i * m + l] * ql[j * m + l];
                }
                worst_proj = fmax(worst_proj, fabs(p1 - p2));
            }
        assert_true(worst_span <= 1e-13 && worst_null <= 1e-13 && worst_proj <= 1e-13);
        free(a), free(q), free(ql), free(tau);
    }
}

/* The pseudo-inverse of a panel matrix as the panels build it, with LAPACK
 * (Z from dgeqrf/dorgqr, the SVD of P Z from dgesvd, the same rank cut), P and
 * the right-hand side L from eddyi_panel_matrix_fill: pinv = Z (P Z)^+ L, against
 * the one eddyi_panel_shape_build makes with dense.h. */
static double *lapack_panel_pinv(const eddy_panel_shape *s, double tol, int *null_count)
{
    int m = s->count, r = s->group_count, n = m - r, rows = s->rows;
    int k = eddyi_panel_matrix_samples(s);
    double *p = malloc(sizeof(double) * (size_t)k * m), *l = malloc(sizeof(double) * (size_t)k * m);
    double *q = calloc((size_t)m * m, sizeof(double));
    double *tau = malloc(sizeof(double) * r), *pz = malloc(sizeof(double) * (size_t)k * n);
    assert_int_equal(eddyi_panel_matrix_fill(s, p, l), EDDY_OK);
    for (int i = 0; i < m; i++) q[i * m + s->group[i]] = s->length[i];
    assert_int_equal(LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, m, r, q, m, tau), 0);
    assert_int_equal(LAPACKE_dorgqr(LAPACK_ROW_MAJOR, m, m, r, q, m, tau), 0);
    for (int j = 0; j < k; j++) /* P Z, Z = columns r.. of Q */
        for (int c = 0; c < n; c++) {
            double sum = 0.0;
            for (int i = 0; i < m; i++) sum += p[(size_t)j * m + i] * q[i * m + r + c];
            pz[(size_t)j * n + c] = sum;
        }
    svd d = lapack(k, n, pz);
    int kept = 0;
    while (kept < n && d.s[kept] > tol * d.s[0]) kept++;
    *null_count = n - kept;
    double *zv = calloc((size_t)m * n, sizeof(double)), *w = calloc((size_t)m * k, sizeof(double));
    for (int i = 0; i < m; i++) /* Z V */
        for (int c = 0; c < kept; c++)
            for (int a = 0; a < n; a++) zv[(size_t)i * n + c] += q[i * m + r + a] * d.vt[(size_t)c * n + a];
    for (int i = 0; i < m; i++) /* W = Z V S^+ U^T */
        for (int j = 0; j < k; j++)
            for (int c = 0; c < kept; c++) w[(size_t)i * k + j] += zv[(size_t)i * n + c] * d.u[(size_t)j * n + c] / d.s[c];
    double *pinv = calloc((size_t)m * rows, sizeof(double));
    for (int i = 0; i < m; i++) /* W L */
        for (int j = 0; j < k; j++)
            for (int col = 0; col < m; col++) pinv[i * rows + col] += w[(size_t)i * k + j] * l[(size_t)j * m + col];
    free(zv), free(w);
    for (int g = 0; g < r; g++) { /* unit circulation in group g, minimum norm */
        double l2 = 0.0;
        for (int i = 0; i < m; i++)
            if (s->group[i] == g) l2 += s->length[i] * s->length[i];
        for (int i = 0; i < m; i++)
            if (s->group[i] == g) pinv[i * rows + m + g] = s->length[i] / l2;
    }
    svd_free(&d);
    free(p), free(l), free(q), free(tau), free(pz);
    return pinv;
}

static void panel_pseudo_inverse_matches_lapack(void **state)
{
    (void)state;
    const double tri[3][2] = {{0, 0}, {0.8, 0}, {0.4, 0.6}};
    const double hex[6][2] = {{0.5, 0}, {0.25, 0.43}, {-0.25, 0.43}, {-0.5, 0}, {-0.25, -0.43},
                              {0.25, -0.43}};
    struct {
        const char *name;
        eddy_piece pieces[2];
        int count;
        double spacing;
    } cases[] = {
        {"box", {eddyi_piece_box(0.6, 0.35, 0, 0, 0)}, 1, 0.1},
        {"circle", {eddyi_piece_circle(0.4, 0, 0)}, 1, 0.08},
        {"triangle", {eddyi_piece_polygon(3, tri)}, 1, 0.05},
        {"hexagon", {eddyi_piece_polygon(6, hex)}, 1, 0.04},
        {"box and disc", {eddyi_piece_box(0.4, 0.3, 0, 0, 0.2), eddyi_piece_circle(0.25, 0.5, 0)}, 2,
         0.08},
        {"two apart", {eddyi_piece_circle(0.2, -0.6, 0), eddyi_piece_circle(0.2, 0.6, 0)}, 2, 0.06},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        eddy_panel_shape_desc d = {0};
        d.name = cases[k].name;
        d.pieces = cases[k].pieces;
        d.piece_count = cases[k].count;
        d.spacing = cases[k].spacing;
        eddy_panel_shape s;
        eddy_error err;
        if (eddyi_panel_shape_build(&d, &s, &err) != EDDY_OK) fail_msg("%s", err.message);
        int null_count = -1;
        double *ref = lapack_panel_pinv(&s, EDDY_PANEL_SINGULAR_TOL, &null_count);
        assert_int_equal(null_count, s.null_count);
        double worst = 0.0, scale = 0.0;
        for (int i = 0; i < s.count * s.rows; i++) {
            worst = fmax(worst, fabs(s.pinv[i] - ref[i]));
            scale = fmax(scale, fabs(ref[i]));
        }
        print_message("panels %-13s %3d panels, %d groups, %d null: pseudo-inverse off LAPACK's "
                      "by %.1e of its largest entry\n", cases[k].name, s.count, s.group_count,
                      s.null_count, worst / scale);
        assert_true(worst <= 1e-10 * scale);
        free(ref);
        eddyi_panel_shape_free(&s);
    }
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    double a[6] = {1, 2, 3, 4, 5, 6}, s[3], u[6], vt[9];
    assert_int_equal(eddyi_dense_svd(2, 3, a, s, u, vt), EDDY_ERR_ARGUMENT); /* m < n */
    assert_int_equal(eddyi_dense_svd(0, 0, a, s, u, vt), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddyi_dense_svd(3, 2, NULL, s, u, vt), EDDY_ERR_ARGUMENT);
    a[4] = NAN;
    assert_int_equal(eddyi_dense_svd(3, 2, a, s, u, vt), EDDY_ERR_NUMERIC);
    a[4] = INFINITY;
    assert_int_equal(eddyi_dense_svd(3, 2, a, s, u, vt), EDDY_ERR_NUMERIC);
    double q[9] = {1, 0, 0, 2, 0, 0, NAN, 0, 0};
    assert_int_equal(eddyi_dense_qr_full(3, 4, q), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddyi_dense_qr_full(3, 0, q), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddyi_dense_qr_full(3, 1, q), EDDY_ERR_NUMERIC);
    /* the zero matrix: zero singular values, U left zero, V orthogonal */
    double z[6] = {0};
    assert_int_equal(eddyi_dense_svd(3, 2, z, s, u, vt), EDDY_OK);
    assert_true(s[0] == 0.0 && s[1] == 0.0 && frobenius(6, u) == 0.0);
    assert_true(orthonormality_defect(2, 2, 2, vt) == 0.0);
}

/* ------------------------------------------------------------ inverse */

/* |A X - I| largest entry, X the inverse of A. */
static double inverse_defect(int n, const double *a, const double *x)
{
    double *ax = malloc(sizeof(double) * (size_t)n * n);
    assert_non_null(ax);
    multiply(n, n, n, a, x, ax);
    double worst = 0.0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) worst = fmax(worst, fabs(ax[i * n + j] - (i == j ? 1.0 : 0.0)));
    free(ax);
    return worst;
}

static void invert_matches_lapack(void **state)
{
    (void)state;
    uint64_t seed = 0x1d1dULL;
    struct {
        const char *kind;
        int n;
        double shift; /* added to the diagonal */
        bool zero_diagonal;
    } cases[] = {
        {"second kind (I/2 + K)", 1, 0.5, false}, {"second kind (I/2 + K)", 7, 0.5, false},
        {"second kind (I/2 + K)", 120, 0.5, false}, {"random", 2, 0.0, false},
        {"random", 40, 0.0, false}, {"random", 151, 0.0, false},
        {"zero diagonal (pivots)", 30, 0.0, true},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int n = cases[k].n;
        double *a = random_matrix(n, n, &seed);
        for (int i = 0; i < n; i++) {
            if (cases[k].shift != 0.0) /* a small K beside I/2, as for wall panels */
                for (int j = 0; j < n; j++) a[i * n + j] *= 0.5 / n;
            a[i * n + i] = cases[k].zero_diagonal ? 0.0 : a[i * n + i] + cases[k].shift;
        }
        double *x = malloc(sizeof(double) * (size_t)n * n), *ref = malloc(sizeof(double) * (size_t)n * n);
        lapack_int *pivot = malloc(sizeof(lapack_int) * (size_t)n);
        assert_true(x && ref && pivot);
        memcpy(x, a, sizeof(double) * (size_t)n * n);
        memcpy(ref, a, sizeof(double) * (size_t)n * n);
        assert_int_equal(eddyi_dense_invert(n, x), EDDY_OK);
        assert_int_equal(LAPACKE_dgetrf(LAPACK_ROW_MAJOR, n, n, ref, n, pivot), 0);
        assert_int_equal(LAPACKE_dgetri(LAPACK_ROW_MAJOR, n, ref, n, pivot), 0);
        double worst = 0.0, scale = 0.0;
        for (int i = 0; i < n * n; i++) {
            worst = fmax(worst, fabs(x[i] - ref[i]));
            scale = fmax(scale, fabs(ref[i]));
        }
        double defect = inverse_defect(n, a, x);
        print_message("inverse %-24s %3d x %3d: off LAPACK's by %.1e of its largest entry, "
                      "|A X - I| %.1e\n", cases[k].kind, n, n, worst / scale, defect);
        assert_true(worst <= 1e-10 * scale);
        assert_true(defect <= 1e-10);
        free(a), free(x), free(ref), free(pivot);
    }
}

static void singular_matrices_are_refused(void **state)
{
    (void)state;
    /* rank 2 of 3: the third row is the sum of the first two */
    double a[9] = {1, 2, 3, 4, 5, 6, 5, 7, 9}, keep[9];
    memcpy(keep, a, sizeof a);
    assert_int_equal(eddyi_dense_invert(3, a), EDDY_ERR_NUMERIC);
    assert_memory_equal(a, keep, sizeof a); /* left as it was */
    double zero[4] = {0};
    assert_int_equal(eddyi_dense_invert(2, zero), EDDY_ERR_NUMERIC);
    double bad[4] = {1, 0, 0, NAN};
    assert_int_equal(eddyi_dense_invert(2, bad), EDDY_ERR_NUMERIC);
    bad[3] = INFINITY;
    assert_int_equal(eddyi_dense_invert(2, bad), EDDY_ERR_NUMERIC);
    assert_int_equal(eddyi_dense_invert(0, a), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddyi_dense_invert(3, NULL), EDDY_ERR_ARGUMENT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(svd_matches_lapack),
        cmocka_unit_test(qr_full_matches_lapack),
        cmocka_unit_test(panel_pseudo_inverse_matches_lapack),
        cmocka_unit_test(bad_input_is_refused),
        cmocka_unit_test(invert_matches_lapack),
        cmocka_unit_test(singular_matrices_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
