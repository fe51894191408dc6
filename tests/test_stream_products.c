// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_stream_products.c - the grid advection's dense products with the
 * stream functions (engine/fluid/stream_products.c, stream_products_f32.c)
 * and the Taylor series that calls them (engine/fluid/taylor.c).
 *
 *   - every variant this processor runs (portable, AVX, AVX-512) gives the
 *     portable variant's bits, double and single precision, for row lengths
 *     and row counts that leave every tail (p mod 16, rows mod 8);
 *   - the double products agree with long-double sums to round-off, the
 *     single ones to the 1e-6 the Taylor series assumes;
 *   - the series' bound rule stops one product sooner than the term rule
 *     where the bound allows and stays within tol of the exact exponential,
 *     and coarse products as wrong as they may be are used only where the
 *     result stays within tol. */
#include "test_util.h"

#include "fluid_internal.h"
#include "stream_products.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void fill(double *x, size_t n, uint64_t *seed)
{
    for (size_t k = 0; k < n; ++k) x[k] = test_random(seed);
}

static const size_t LENGTHS[] = {1, 7, 8, 15, 16, 17, 40, 256, 257};
static const int ROWS[] = {1, 3, 4, 5, 8, 9, 13, 19};
#define NL (sizeof LENGTHS / sizeof LENGTHS[0])
#define NR (sizeof ROWS / sizeof ROWS[0])

/* Every available variant against the portable one, bit for bit. */
static void variants_give_the_same_bits(void **state)
{
    (void)state;
    eddy_stream_kernels base = eddyi_stream_kernels_of(EDDY_STREAM_PORTABLE);
    uint64_t seed = 5;
    int compared = 0;
    for (size_t l = 0; l < NL; ++l)
        for (size_t c = 0; c < NR; ++c) {
            size_t p = LENGTHS[l];
            int rows = ROWS[c];
            double *psi = malloc((size_t)rows * p * sizeof *psi), *x = malloc(p * sizeof *x);
            double *g = malloc((size_t)rows * sizeof *g);
            float *psi_f = malloc((size_t)rows * p * sizeof *psi_f), *x_f = malloc(p * sizeof *x_f);
            fill(psi, (size_t)rows * p, &seed), fill(x, p, &seed), fill(g, (size_t)rows, &seed);
            for (size_t k = 0; k < (size_t)rows * p; ++k) psi_f[k] = (float)psi[k];
            for (size_t k = 0; k < p; ++k) x_f[k] = (float)x[k];
            double want_d[19], want_df[19], *want_s = calloc(p, sizeof *want_s);
            float *want_sf = calloc(p, sizeof *want_sf);
            base.dots(psi, p, rows, x, want_d);
            base.spread(psi, p, rows, g, want_s);
            base.dots_f32(psi_f, p, rows, x_f, want_df);
            base.spread_f32(psi_f, p, rows, g, want_sf);
            for (int isa = EDDY_STREAM_AVX; isa < EDDY_STREAM_ISA_COUNT; ++isa) {
                if (!eddyi_stream_isa_available((eddy_stream_isa)isa)) continue;
                eddy_stream_kernels k = eddyi_stream_kernels_of((eddy_stream_isa)isa);
                assert_int_equal(k.isa, isa);
                double got_d[19], got_df[19], *got_s = calloc(p, sizeof *got_s);
                float *got_sf = calloc(p, sizeof *got_sf);
                k.dots(psi, p, rows, x, got_d);
                k.spread(psi, p, rows, g, got_s);
                k.dots_f32(psi_f, p, rows, x_f, got_df);
                k.spread_f32(psi_f, p, rows, g, got_sf);
                assert_memory_equal(got_d, want_d, (size_t)rows * sizeof *got_d);
                assert_memory_equal(got_s, want_s, p * sizeof *got_s);
                assert_memory_equal(got_df, want_df, (size_t)rows * sizeof *got_df);
                assert_memory_equal(got_sf, want_sf, p * sizeof *got_sf);
                free(got_s), free(got_sf);
                ++compared;
            }
            free(psi), free(x), free(g), free(psi_f), free(x_f), free(want_s), free(want_sf);
        }
    print_message("%d size pairs compared on %d wider variants (best here: %d)\n",
                  (int)(NL * NR), compared / (int)(NL * NR), (int)eddyi_stream_kernels_best().isa);
}

/* The best variant's sums against long double: round-off for the double
 * products, about 1e-6 of sum |psi x| for the single ones. */
static void products_are_accurate(void **state)
{
    (void)state;
    eddy_stream_kernels k = eddyi_stream_kernels_best();
    uint64_t seed = 9;
    size_t p = 257;
    int rows = 19;
    double *psi = malloc((size_t)rows * p * sizeof *psi), x[257], g[19], dots[19], dots_f[19];
    float *psi_f = malloc((size_t)rows * p * sizeof *psi_f), x_f[257], spread_f[257] = {0};
    double spread[257] = {0};
    fill(psi, (size_t)rows * p, &seed), fill(x, p, &seed), fill(g, (size_t)rows, &seed);
    for (size_t e = 0; e < (size_t)rows * p; ++e) psi_f[e] = (float)psi[e];
    for (size_t e = 0; e < p; ++e) x_f[e] = (float)x[e];
    k.dots(psi, p, rows, x, dots), k.dots_f32(psi_f, p, rows, x_f, dots_f);
    k.spread(psi, p, rows, g, spread), k.spread_f32(psi_f, p, rows, g, spread_f);
    double worst_d = 0, worst_f = 0;
    for (int i = 0; i < rows; ++i) {
        long double exact = 0, scale = 0;
        for (size_t e = 0; e < p; ++e) {
            exact += (long double)psi[(size_t)i * p + e] * x[e];
            scale += fabsl((long double)psi[(size_t)i * p + e] * x[e]);
        }
        worst_d = fmax(worst_d, (double)(fabsl(dots[i] - exact) / scale));
        worst_f = fmax(worst_f, (double)(fabsl(dots_f[i] - exact) / scale));
    }
    for (size_t e = 0; e < p; ++e) {
        long double exact = 0, scale = 0;
        for (int i = 0; i < rows; ++i) {
            exact += (long double)psi[(size_t)i * p + e] * g[i];
            scale += fabsl((long double)psi[(size_t)i * p + e] * g[i]);
        }
        worst_d = fmax(worst_d, (double)(fabsl(spread[e] - exact) / scale));
        worst_f = fmax(worst_f, (double)(fabsl(spread_f[e] - exact) / scale));
    }
    print_message("error / sum |terms|: double %.1e, single %.1e\n", worst_d, worst_f);
    assert_true(worst_d < 1e-15);
    assert_true(worst_f < 1e-6);
    free(psi), free(psi_f);
}

/* ------------------------------------------------------------ the series */

enum { N = 24 };

typedef struct skew_map {
    double M[N * N];
    int exact_calls, coarse_calls;
    double noise; /* the coarse product's error, relative to bound |x| */
    double bound; /* |M|_F, which bounds |M|_2 */
} skew_map;

static double norm_of(const double *x, int n)
{
    double s = 0;
    for (int k = 0; k < n; ++k) s += x[k] * x[k];
    return sqrt(s);
}

static void skew_apply(void *ctx, const double *x, double *y)
{
    skew_map *m = ctx;
    ++m->exact_calls;
    for (int i = 0; i < N; ++i) {
        double s = 0;
        for (int j = 0; j < N; ++j) s += m->M[i * N + j] * x[j];
        y[i] = s;
    }
}

/* The exact product plus an error of the size the coarse product may have. */
static void skew_coarse(void *ctx, const double *x, double *y)
{
    skew_map *m = ctx;
    skew_apply(ctx, x, y);
    --m->exact_calls, ++m->coarse_calls;
    double size = m->noise * m->bound * norm_of(x, N) / sqrt((double)N);
    for (int i = 0; i < N; ++i) y[i] += (i % 2 ? size : -size);
}

/* exp(M) v for skew M by the series summed in long double to 60 terms. */
static void reference(const double *M, const double *v, double *out)
{
    long double term[N], next[N], sum[N];
    for (int i = 0; i < N; ++i) term[i] = sum[i] = v[i];
    for (int m = 1; m <= 60; ++m) {
        for (int i = 0; i < N; ++i) {
            long double s = 0;
            for (int j = 0; j < N; ++j) s += (long double)M[i * N + j] * term[j];
            next[i] = s / m;
        }
        for (int i = 0; i < N; ++i) term[i] = next[i], sum[i] += next[i];
    }
    for (int i = 0; i < N; ++i) out[i] = (double)sum[i];
}

static void bound_rule_and_coarse_terms(void **state)
{
    (void)state;
    static skew_map map;
    uint64_t seed = 17;
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < i; ++j) {
            double a = 0.05 * test_random(&seed) / N;
            map.M[i * N + j] = a, map.M[j * N + i] = -a;
        }
    double frob = norm_of(map.M, N * N); /* >= |M|_2 */
    map.bound = frob;
    double v[N], ref[N], out[N], work[2 * N];
    fill(v, N, &seed);
    reference(map.M, v, ref);
    const double tols[] = {1e-13, 1e-9, 1e-6};
    for (int c = 0; c < 3; ++c) {
        double tol = tols[c];
        int term_rule, bound_rule;
        eddyi_taylor_expv(N, map.M, 1.0, v, out, work, tol, 40, &term_rule, NULL);
        eddy_linear_map plain = {.apply = skew_apply, .ctx = &map, .norm = frob};
        map.exact_calls = map.coarse_calls = 0;
        eddyi_taylor_expv_map(N, &plain, 1.0, v, out, work, tol, 40, &bound_rule, NULL);
        double err = 0;
        for (int i = 0; i < N; ++i) err = fmax(err, fabs(out[i] - ref[i]));
        assert_int_equal(map.exact_calls, bound_rule);
        assert_true(bound_rule <= term_rule);
        assert_true(err <= tol * norm_of(ref, N));
        /* coarse products, as wrong as they may be */
        eddy_linear_map mixed = plain;
        mixed.coarse = skew_coarse, mixed.coarse_error = 1e-5;
        map.noise = mixed.coarse_error;
        map.exact_calls = map.coarse_calls = 0;
        int mixed_terms;
        eddyi_taylor_expv_map(N, &mixed, 1.0, v, out, work, tol, 40, &mixed_terms, NULL);
        double err_mixed = 0;
        for (int i = 0; i < N; ++i) err_mixed = fmax(err_mixed, fabs(out[i] - ref[i]));
        print_message("tol %.0e: term rule %d products, bound rule %d (error %.1e), with coarse "
                      "products %d exact + %d coarse (error %.1e)\n", tol, term_rule, bound_rule,
                      err / norm_of(ref, N), map.exact_calls, map.coarse_calls,
                      err_mixed / norm_of(ref, N));
        assert_true(err_mixed <= tol * norm_of(ref, N));
        assert_true(map.coarse_calls >= 1);
        if (c == 0) assert_true(map.exact_calls >= 2); /* tight: the big terms exactly */
    }
    int fewer;
    eddy_linear_map plain = {.apply = skew_apply, .ctx = &map, .norm = frob};
    int term_rule;
    eddyi_taylor_expv(N, map.M, 1.0, v, out, work, 1e-9, 40, &term_rule, NULL);
    eddyi_taylor_expv_map(N, &plain, 1.0, v, out, work, 1e-9, 40, &fewer, NULL);
    assert_true(fewer < term_rule); /* this matrix's bound is tight enough to save one */
    /* without a bound (0: unknown) neither the bound rule nor a coarse product */
    eddy_linear_map blind = {.apply = skew_apply, .coarse = skew_coarse, .coarse_error = 1e-5,
                             .ctx = &map, .norm = 0.0};
    map.exact_calls = map.coarse_calls = 0;
    int blind_terms;
    eddyi_taylor_expv_map(N, &blind, 1.0, v, out, work, 1e-9, 40, &blind_terms, NULL);
    assert_int_equal(map.coarse_calls, 0);
    assert_int_equal(blind_terms, term_rule);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(variants_give_the_same_bits),
        cmocka_unit_test(products_are_accurate),
        cmocka_unit_test(bound_rule_and_coarse_terms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
