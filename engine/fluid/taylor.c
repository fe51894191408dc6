// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* taylor.c - exp(dt M) v by the iterative Taylor series (5.9).
 *
 * v_0 = v, v_m = (h / m) M v_{m-1}, exp(h M) v = sum_m v_m. The sum stops when
 * a term falls below tol times the sum. To keep the series short and its
 * terms from growing before they shrink, dt is cut into s substeps of length
 * h with h |M|_inf <= 1; then about 15 terms reach round-off. A map given
 * with a bound of |M|_2 also stops as soon as that bound shows the rest of
 * the series below tol (taylor_substep). */
#include "fluid_internal.h"
#include "simd.h"

#include <math.h>
#include <string.h>

/* Substeps are capped so a hostile |M| cannot stall the caller; past the cap
 * the series still converges, only with more terms than max_terms allows.
 * Callers that must stay accurate (and finite) whatever the input keep
 * dt <= eddyi_taylor_max_time(M), which never needs more than the cap. */
#define TAYLOR_MAX_SUBSTEPS 256

/* Row sums are split over four lanes (two vectors), added in a fixed order:
 * the same bits on every run. */
static double norm_inf(int n, const double *M)
{
    double worst = 0.0;
    for (int k = 0; k < n; ++k) {
        const double *row = M + (size_t)k * (size_t)n;
        eddy_v2 a0 = eddy_v2_set(0.0), a1 = eddy_v2_set(0.0);
        int j = 0;
        for (; j + 3 < n; j += 4) {
            a0 = eddy_v2_add(a0, eddy_v2_abs(eddy_v2_load(&row[j])));
            a1 = eddy_v2_add(a1, eddy_v2_abs(eddy_v2_load(&row[j + 2])));
        }
        double sum = eddy_v2_sum(eddy_v2_add(a0, a1));
        for (; j < n; ++j) sum += fabs(row[j]);
        if (sum > worst) worst = sum; /* as fmax: a NaN row is passed over */
    }
    return worst;
}

static void matvec(int n, const double *M, const double *x, double *y)
{
    for (int k = 0; k < n; ++k) {
        const double *row = M + (size_t)k * (size_t)n;
        eddy_v2 a0 = eddy_v2_set(0.0), a1 = eddy_v2_set(0.0);
        int j = 0;
        for (; j + 3 < n; j += 4) {
            a0 = eddy_v2_add(a0, eddy_v2_mul(eddy_v2_load(&row[j]), eddy_v2_load(&x[j])));
            a1 = eddy_v2_add(a1, eddy_v2_mul(eddy_v2_load(&row[j + 2]), eddy_v2_load(&x[j + 2])));
        }
        double sum = eddy_v2_sum(eddy_v2_add(a0, a1));
        for (; j < n; ++j) sum += row[j] * x[j];
        y[k] = sum;
    }
}

static double norm2(int n, const double *x)
{
    double sum = 0.0;
    for (int k = 0; k < n; ++k) sum += x[k] * x[k];
    return sqrt(sum);
}

/* The dense M as a linear map for the series. */
typedef struct dense_map {
    int n;
    const double *M;
} dense_map;

static void dense_apply(void *ctx, const double *x, double *y)
{
    const dense_map *d = ctx;
    matvec(d->n, d->M, x, y);
}

/* out <- exp(h M) out, in place; returns the terms used.
 *
 * Two ways to stop after term m has been added. The term itself is below tol
 * times the sum (5.9's rule). Or, given rate = h |M|_2 (0: unknown), the rest
 * of the series is known to be: each term is at most rate / (m + 1) of the one
 * before, so everything after term m sums to at most |term| q / (1 - q) with
 * q = rate / (m + 1) <= 1/2 (h |M| <= 1). A map whose products are costly
 * (the grid advection) then skips the product that would only confirm the
 * series has converged.
 *
 * A map with a coarse product (error at most coarse_error |M|_2 |x|) has it
 * used for the next term when that term's error, coarse_error q |term|,
 * stays below half of tol |sum|: for the small late terms only. The terms
 * shrink at least by q <= 1/2 each, so all coarse errors together stay
 * within tol |sum|. */
static int taylor_substep(int n, const eddy_linear_map *map, double h, double rate, double *out,
                          double *term, double *next, double tol, int max_terms)
{
    memcpy(term, out, (size_t)n * sizeof *term);
    double size = norm2(n, term), sum = size;
    int m = 1;
    for (; m <= max_terms; ++m) {
        double q = rate / m; /* bounds |this term| / |previous| */
        bool coarse = map->coarse && rate > 0.0 &&
                      map->coarse_error * q * size <= 0.5 * tol * sum;
        (coarse ? map->coarse : map->apply)(map->ctx, term, next);
        double scale = h / m;
        for (int k = 0; k < n; ++k) {
            term[k] = scale * next[k];
            out[k] += term[k];
        }
        size = norm2(n, term), sum = norm2(n, out), q = rate / (m + 1);
        if (size <= tol * sum) break;
        if (rate > 0.0 && q < 1.0 && size * q <= tol * sum * (1.0 - q)) break;
    }
    return m > max_terms ? max_terms : m;
}

static void taylor_expv(int n, const eddy_linear_map *map, bool norm_is_2, double dt,
                        const double *v, double *out, double *work, double tol, int max_terms,
                        int *terms, int *substeps)
{
    double size = dt * map->norm;
    int s = 1;
    if (size > 1.0) s = size < TAYLOR_MAX_SUBSTEPS ? (int)ceil(size) : TAYLOR_MAX_SUBSTEPS;
    double h = dt / s, rate = norm_is_2 && isfinite(map->norm) ? h * map->norm : 0.0;
    memmove(out, v, (size_t)n * sizeof *out);
    int used = 0;
    for (int step = 0; step < s; ++step)
        used += taylor_substep(n, map, h, rate, out, work, work + n, tol, max_terms);
    if (terms) *terms = used;
    if (substeps) *substeps = s;
}

void eddyi_taylor_expv_map(int n, const eddy_linear_map *map, double dt, const double *v,
                          double *out, double *work, double tol, int max_terms, int *terms,
                          int *substeps)
{
    taylor_expv(n, map, true, dt, v, out, work, tol, max_terms, terms, substeps);
}

void eddyi_taylor_expv(int n, const double *M, double dt, const double *v, double *out,
                      double *work, double tol, int max_terms, int *terms, int *substeps)
{
    dense_map d = {n, M};
    eddy_linear_map map = {.apply = dense_apply, .ctx = &d, .norm = norm_inf(n, M)};
    taylor_expv(n, &map, false, dt, v, out, work, tol, max_terms, terms, substeps);
}

double eddyi_taylor_max_time_of(double norm)
{
    if (!isfinite(norm)) return 0.0;
    return norm > 0.0 ? TAYLOR_MAX_SUBSTEPS / norm : INFINITY;
}

double eddyi_taylor_max_time(int n, const double *M) { return eddyi_taylor_max_time_of(norm_inf(n, M)); }
