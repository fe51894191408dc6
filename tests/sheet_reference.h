// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* sheet_reference.h - an independent potential-flow solution for the tests
 * that measure flow through bodies (test_no_flow_through.c, test_lid_flow.c):
 * a closed polygon cut into fine cosine-spaced panels of constant vortex
 * strength, solved directly (dense Gauss elimination, nothing of eddy's
 * panel code) so that the outline is a streamline of ambient + sheets, with
 * zero net circulation. Written apart from engine/panels on purpose. */
#ifndef EDDY_TEST_SHEET_REFERENCE_H
#define EDDY_TEST_SHEET_REFERENCE_H

#include <math.h>
#include <stdlib.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The ambient flow's stream function (u = dpsi/dy, v = -dpsi/dx). */
typedef double (*sheet_ambient_fn)(const void *flow, double x, double y);

/* -1/(2 pi) times the integral of ln |z - zeta| along the segment e (x0, y0,
 * x1, y1): the stream function of a unit counter-clockwise vortex sheet. */
static inline double sheet_psi(const double *e, double x, double y)
{
    double dx = e[2] - e[0], dy = e[3] - e[1], len = hypot(dx, dy);
    double tx = dx / len, ty = dy / len;
    double s = (x - e[0]) * tx + (y - e[1]) * ty, q = -(x - e[0]) * ty + (y - e[1]) * tx;
    double a = -s, b = len - s; /* t from a to b, distance sqrt(t^2 + q^2) */
    double fa = 0.5 * a * log(a * a + q * q + 1e-300) - a + (q != 0 ? q * atan(a / q) : 0);
    double fb = 0.5 * b * log(b * b + q * q + 1e-300) - b + (q != 0 ? q * atan(b / q) : 0);
    return -(fb - fa) / (2 * M_PI);
}

/* The sheets' stream function at (x, y): n panels ends[i] of strength gamma[i]. */
static inline double sheet_field_psi(const double (*ends)[4], const double *gamma, int n, double x,
                                     double y)
{
    double psi = 0;
    for (int i = 0; i < n; ++i) psi += gamma[i] * sheet_psi(ends[i], x, y);
    return psi;
}

/* Gaussian elimination with partial pivoting, n x n in place. */
static inline void sheet_gauss_solve(int n, double *a, double *b)
{
    for (int c = 0; c < n; ++c) {
        int p = c;
        for (int r = c + 1; r < n; ++r)
            if (fabs(a[(size_t)r * n + c]) > fabs(a[(size_t)p * n + c])) p = r;
        for (int k = 0; k < n; ++k) {
            double t = a[(size_t)c * n + k];
            a[(size_t)c * n + k] = a[(size_t)p * n + k], a[(size_t)p * n + k] = t;
        }
        double t = b[c];
        b[c] = b[p], b[p] = t;
        for (int r = c + 1; r < n; ++r) {
            double m = a[(size_t)r * n + c] / a[(size_t)c * n + c];
            for (int k = c; k < n; ++k) a[(size_t)r * n + k] -= m * a[(size_t)c * n + k];
            b[r] -= m * b[c];
        }
    }
    for (int c = n - 1; c >= 0; --c) {
        double s = b[c];
        for (int k = c + 1; k < n; ++k) s -= a[(size_t)c * n + k] * b[k];
        b[c] = s / a[(size_t)c * n + c];
    }
}

/* The closed polygon (counter-clockwise corners) cut into per_side
 * cosine-spaced panels a side, into ends; unknowns the strengths (gamma)
 * and the outline's stream function. Returns the panel count. ends and
 * gamma hold corners * per_side entries. */
static inline int sheet_solve(double (*ends)[4], double *gamma, int corners, const double (*v)[2],
                              int per_side, sheet_ambient_fn ambient, const void *flow)
{
    int n = 0;
    for (int k = 0; k < corners; ++k) {
        const double *a = v[k], *b = v[(k + 1) % corners];
        for (int i = 0; i < per_side; ++i) {
            double s0 = 0.5 * (1 - cos(M_PI * i / per_side)), s1 = 0.5 * (1 - cos(M_PI * (i + 1) / per_side));
            double *e = ends[n++];
            e[0] = a[0] + s0 * (b[0] - a[0]), e[1] = a[1] + s0 * (b[1] - a[1]);
            e[2] = a[0] + s1 * (b[0] - a[0]), e[3] = a[1] + s1 * (b[1] - a[1]);
        }
    }
    int m = n + 1;
    double *a = calloc((size_t)m * m, sizeof *a), *rhs = calloc((size_t)m, sizeof *rhs);
    for (int j = 0; j < n; ++j) {
        double x = 0.5 * (ends[j][0] + ends[j][2]), y = 0.5 * (ends[j][1] + ends[j][3]);
        for (int i = 0; i < n; ++i) a[(size_t)j * m + i] = sheet_psi(ends[i], x, y);
        a[(size_t)j * m + n] = -1;
        rhs[j] = -ambient(flow, x, y);
    }
    for (int i = 0; i < n; ++i) a[(size_t)n * m + i] = hypot(ends[i][2] - ends[i][0], ends[i][3] - ends[i][1]);
    sheet_gauss_solve(m, a, rhs);
    for (int i = 0; i < n; ++i) gamma[i] = rhs[i];
    free(a), free(rhs);
    return n;
}

#endif /* EDDY_TEST_SHEET_REFERENCE_H */
