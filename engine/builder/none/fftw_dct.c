// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fftw_dct.c - the five FFTW calls of the full-grid solver, for a build
 * that has no FFTW (the Windows cross-build: Debian builds none for mingw).
 *
 * grid_solver.c and grid_project.c solve the plain box's pressure with two
 * 2D cosine transforms, FFTW's REDFT10 (DCT-II) and REDFT01 (DCT-III). Here
 * they are computed directly from their definitions, one dimension after the
 * other (FFTW's conventions, unnormalised):
 *   REDFT10: Y_k = 2 sum_{j=0}^{n-1} X_j cos(pi k (2j+1) / 2n)
 *   REDFT01: Y_k = X_0 + 2 sum_{j=1}^{n-1} X_j cos(pi j (2k+1) / 2n)
 * That costs n per output instead of FFTW's log n: a 64 x 64 projection is
 * half a million products, a 256 x 256 one some 70 million, which painting
 * (eddy-paint's strokes and scripts) can afford. The sums run in another
 * order than FFTW's, so the last bits differ from a Linux build's; the
 * transform is the same. Only the calls grid_solver.c makes are given: other
 * kinds and sizes plan to NULL, which it reports as a failed plan.
 *
 * Built only where FFTW is missing (platform/windows/windows.mk), never
 * beside the real library: the names are FFTW's. */
#include <fftw3.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fftw_plan_s {
    int n[2];                /* n[0] rows (the slow index), n[1] per row */
    fftw_r2r_kind kind[2];
    double *in, *out;
    double *cosine[2];       /* 4n: cos(pi m / 2n) for m over a whole turn */
    double *line;            /* max(n) scratch: one line being transformed */
};

void *fftw_malloc(size_t n) { return malloc(n ? n : 1); }

void fftw_free(void *p) { free(p); }

/* cos(pi m / 2n) for m = 0 .. 4n-1: every cosine the transforms of n
 * samples take, their arguments k (2j+1) reduced modulo the turn 4n. */
static double *cosine_table(int n)
{
    double *t = malloc(4 * (size_t)n * sizeof *t);
    if (!t)
        return NULL;
    for (int m = 0; m < 4 * n; ++m)
        t[m] = cos(3.14159265358979323846 * (double)m / (2.0 * n)); /* pi m / 2n */
    return t;
}

fftw_plan fftw_plan_r2r_2d(int n0, int n1, double *in, double *out, fftw_r2r_kind kind0,
                           fftw_r2r_kind kind1, unsigned flags)
{
    (void)flags;
    fftw_r2r_kind kinds[2] = {kind0, kind1};
    for (int d = 0; d < 2; ++d)
        if (kinds[d] != FFTW_REDFT10 && kinds[d] != FFTW_REDFT01)
            return NULL;
    if (n0 < 1 || n1 < 1 || n0 > 65536 || n1 > 65536 || !in || !out)
        return NULL;
    struct fftw_plan_s *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->n[0] = n0, p->n[1] = n1;
    p->kind[0] = kind0, p->kind[1] = kind1;
    p->in = in, p->out = out;
    p->cosine[0] = cosine_table(n0);
    p->cosine[1] = cosine_table(n1);
    p->line = malloc((size_t)(n0 > n1 ? n0 : n1) * sizeof *p->line);
    if (!p->cosine[0] || !p->cosine[1] || !p->line) {
        fftw_destroy_plan(p);
        return NULL;
    }
    return p;
}

void fftw_destroy_plan(fftw_plan p)
{
    if (!p)
        return;
    free(p->cosine[0]);
    free(p->cosine[1]);
    free(p->line);
    free(p);
}

/* One line of n samples, stride apart in data, transformed in place. Along
 * the sum over j the cosine's argument (in units of pi / 2n) steps by 2k
 * (REDFT10) or by 2k+1 (REDFT01), both below the turn 4n, so its table
 * index is kept by additions and one subtraction. */
static void transform_line(const struct fftw_plan_s *p, int d, double *data, size_t stride)
{
    int n = p->n[d], turn = 4 * n;
    const double *c = p->cosine[d];
    double *x = p->line;
    for (int j = 0; j < n; ++j)
        x[j] = data[(size_t)j * stride];
    for (int k = 0; k < n; ++k) {
        double sum = 0.0;
        if (p->kind[d] == FFTW_REDFT10) {
            int step = 2 * k % turn, m = k % turn; /* m = k (2j+1) mod 4n, j = 0 */
            for (int j = 0; j < n; ++j) {
                sum += x[j] * c[m];
                m += step;
                if (m >= turn)
                    m -= turn;
            }
            sum *= 2.0;
        } else {
            int step = 2 * k + 1, m = step; /* m = j (2k+1) mod 4n, j = 1 */
            if (m >= turn)
                m -= turn;
            for (int j = 1; j < n; ++j) {
                sum += x[j] * c[m];
                m += step;
                if (m >= turn)
                    m -= turn;
            }
            sum = x[0] + 2.0 * sum;
        }
        data[(size_t)k * stride] = sum;
    }
}

void fftw_execute(const fftw_plan p)
{
    int n0 = p->n[0], n1 = p->n[1];
    if (p->out != p->in)
        memmove(p->out, p->in, (size_t)n0 * (size_t)n1 * sizeof *p->out);
    for (int r = 0; r < n0; ++r) /* along each row: the second dimension */
        transform_line(p, 1, p->out + (size_t)r * (size_t)n1, 1);
    for (int col = 0; col < n1; ++col) /* down each column: the first */
        transform_line(p, 0, p->out + col, (size_t)n1);
}
