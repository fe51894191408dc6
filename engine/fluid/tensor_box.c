// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tensor_box.c - the exact Galerkin advection tensor of box eigenmodes.
 *
 * C_ikj = -<phi_k, (phi_i . grad) phi_j> (5.7 for the eigenbasis; docs/design.md,
 * "The advection tensor").
 * With phi_m = (U_m, V_m), U_m = cu_m sin(a_m x) cos(b_m y),
 * V_m = -cv_m cos(a_m x) sin(b_m y) (cu = N b, cv = N a), the integrand splits
 * into four products, each a product of three sines/cosines in x times three
 * in y:
 *   U_k U_i dU_j/dx,  U_k V_i dU_j/dy,  V_k U_i dV_j/dx,  V_k V_i dV_j/dy.
 * Every factor has an integer wave number, so each 1D integral is exact by
 * product-to-sum (triple_integral below). Every x and y triple holds an even
 * number of sines, so it reduces to cosines and is non-zero only when the
 * wave numbers satisfy k = i + j or k = |i - j| on that axis: at most four
 * k per pair (i, j), which is why the tensor is sparse. Nothing is folded or
 * overwritten by hand: every entry is computed from its own integral. */
#include "fluid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { SIN = 0, COS = 1 };

/* A term coef * f(n t) with f a sine or a cosine and n any integer. */
typedef struct trig_term {
    int kind;
    int n;
    double coef;
} trig_term;

/* Product of two single trig terms as two trig terms (product-to-sum). */
static void multiply_terms(trig_term p, trig_term q, trig_term out[2])
{
    double c = 0.5 * p.coef * q.coef;
    int sum = p.n + q.n, diff = p.n - q.n;
    if (p.kind == COS && q.kind == COS) {          /* cos cos = [cos(d) + cos(s)] / 2 */
        out[0] = (trig_term){COS, diff, c};
        out[1] = (trig_term){COS, sum, c};
    } else if (p.kind == SIN && q.kind == SIN) {   /* sin sin = [cos(d) - cos(s)] / 2 */
        out[0] = (trig_term){COS, diff, c};
        out[1] = (trig_term){COS, sum, -c};
    } else if (p.kind == SIN) {                    /* sin cos = [sin(s) + sin(d)] / 2 */
        out[0] = (trig_term){SIN, sum, c};
        out[1] = (trig_term){SIN, diff, c};
    } else {                                       /* cos sin = [sin(s) - sin(d)] / 2 */
        out[0] = (trig_term){SIN, sum, c};
        out[1] = (trig_term){SIN, diff, -c};
    }
}

/* Integral over t in [0, pi] of coef * f(n t). */
static double integrate_term(trig_term t)
{
    if (t.kind == COS) return t.n == 0 ? t.coef * M_PI : 0.0;
    if (t.n % 2 == 0) return 0.0; /* also n == 0 */
    return t.coef * 2.0 / t.n;
}

/* Integral over x in [0, L] of f1(m1 pi x / L) f2(m2 pi x / L) f3(m3 pi x / L). */
static double triple_integral(int f1, int m1, int f2, int m2, int f3, int m3, double length)
{
    trig_term pair[2], quad[2];
    multiply_terms((trig_term){f1, m1, 1.0}, (trig_term){f2, m2, 1.0}, pair);
    double sum = 0.0;
    for (int a = 0; a < 2; ++a) {
        multiply_terms(pair[a], (trig_term){f3, m3, 1.0}, quad);
        sum += integrate_term(quad[0]) + integrate_term(quad[1]);
    }
    return sum * length / M_PI;
}

/* What a mode contributes to an entry: its amplitudes cu = N b, cv = N a
 * and wave numbers a, b (per metre) and k1, k2. */
typedef struct box_factors {
    double cu, cv, a, b;
    int k1, k2;
} box_factors;

static box_factors factors_of(const eddy_box_mode *m, double width, double height)
{
    double n = eddyi_box_norm(m, width, height);
    box_factors f = {0.0, 0.0, m->k1 * M_PI / width, m->k2 * M_PI / height, m->k1, m->k2};
    f.cu = n * f.b;
    f.cv = n * f.a;
    return f;
}

typedef struct box_geometry {
    double width, height;
    box_factors *f; /* per mode */
} box_geometry;

/* C_ikj from the four products listed at the top of the file. */
static double entry_of(const box_factors *fi, const box_factors *fk, const box_factors *fj,
                       double W, double H)
{
    /* U_k U_i dU_j/dx: dU_j/dx = cu_j a_j cos(a_j x) cos(b_j y) */
    double t1 = fk->cu * fi->cu * fj->cu * fj->a *
                triple_integral(SIN, fk->k1, SIN, fi->k1, COS, fj->k1, W) *
                triple_integral(COS, fk->k2, COS, fi->k2, COS, fj->k2, H);
    /* U_k V_i dU_j/dy: V_i = -cv_i cos sin, dU_j/dy = -cu_j b_j sin(a_j x) sin(b_j y) */
    double t2 = fk->cu * fi->cv * fj->cu * fj->b *
                triple_integral(SIN, fk->k1, COS, fi->k1, SIN, fj->k1, W) *
                triple_integral(COS, fk->k2, SIN, fi->k2, SIN, fj->k2, H);
    /* V_k U_i dV_j/dx: V_k = -cv_k cos sin, dV_j/dx = cv_j a_j sin(a_j x) sin(b_j y) */
    double t3 = -fk->cv * fi->cu * fj->cv * fj->a *
                triple_integral(COS, fk->k1, SIN, fi->k1, SIN, fj->k1, W) *
                triple_integral(SIN, fk->k2, COS, fi->k2, SIN, fj->k2, H);
    /* V_k V_i dV_j/dy: dV_j/dy = -cv_j b_j cos(a_j x) cos(b_j y); three minus signs */
    double t4 = -fk->cv * fi->cv * fj->cv * fj->b *
                triple_integral(COS, fk->k1, COS, fi->k1, COS, fj->k1, W) *
                triple_integral(SIN, fk->k2, SIN, fi->k2, COS, fj->k2, H);
    return -(t1 + t2 + t3 + t4);
}

static double box_tensor_entry(const box_geometry *g, int i, int k, int j)
{
    return entry_of(&g->f[i], &g->f[k], &g->f[j], g->width, g->height);
}

double eddyi_box_tensor_value(const eddy_box_mode *mi, const eddy_box_mode *mk,
                             const eddy_box_mode *mj, double width, double height)
{
    box_factors fi = factors_of(mi, width, height), fk = factors_of(mk, width, height);
    box_factors fj = factors_of(mj, width, height);
    return entry_of(&fi, &fk, &fj, width, height);
}

/* Candidate wave numbers on one axis: p + q and |p - q| (zero excluded). */
static int axis_candidates(int p, int q, int out[2])
{
    int n = 0, d = abs(p - q);
    out[n++] = p + q;
    if (d != 0 && d != p + q) out[n++] = d;
    return n;
}

typedef struct kj_value {
    int32_t k, j;
    double v;
} kj_value;

static int compare_kj(const void *pa, const void *pb)
{
    const kj_value *a = pa, *b = pb;
    if (a->k != b->k) return a->k < b->k ? -1 : 1;
    return (a->j > b->j) - (a->j < b->j);
}

/* All non-zero C_ikj for one velocity slot i, sorted by (k, j). */
static bool collect_slot(const box_geometry *g, int count, const int *lookup, int stride, int i,
                         kj_value *scratch, eddy_entry_list *list)
{
    const box_factors *fi = &g->f[i];
    int n = 0;
    for (int j = 0; j < count; ++j) {
        const box_factors *fj = &g->f[j];
        int c1[2], c2[2];
        int n1 = axis_candidates(fi->k1, fj->k1, c1), n2 = axis_candidates(fi->k2, fj->k2, c2);
        for (int p = 0; p < n1; ++p)
            for (int q = 0; q < n2; ++q) {
                if (c1[p] >= stride || c2[q] >= stride) continue;
                int k = lookup[c1[p] * stride + c2[q]];
                if (k < 0) continue;
                double v = box_tensor_entry(g, i, k, j);
                if (v != 0.0) scratch[n++] = (kj_value){k, j, v};
            }
    }
    qsort(scratch, (size_t)n, sizeof *scratch, compare_kj);
    for (int e = 0; e < n; ++e)
        if (!eddyi_entry_list_push(list, scratch[e].k, scratch[e].j, scratch[e].v)) return false;
    return true;
}

eddy_result eddyi_box_advection_tensor(const eddy_box_mode *modes, int count, double width,
                                      double height, eddy_tensor *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    int maxk = 0;
    for (int m = 0; m < count; ++m) maxk = (int)fmax(maxk, fmax(modes[m].k1, modes[m].k2));
    int stride = 2 * maxk + 1; /* k = i + j can reach 2 maxk */
    box_geometry g = {width, height, NULL};
    int *lookup = eddy_alloc((size_t)stride * (size_t)stride * sizeof *lookup);
    box_factors *params = eddy_alloc((size_t)count * sizeof *params);
    kj_value *scratch = eddy_alloc(4 * (size_t)count * sizeof *scratch);
    eddy_entry_list list = {0};
    eddy_result res = EDDY_OK;
    if (!lookup || !params || !scratch) {
        res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory building the advection tensor");
        goto done;
    }
    g.f = params;
    for (int s = 0; s < stride * stride; ++s) lookup[s] = -1;
    for (int m = 0; m < count; ++m) {
        g.f[m] = factors_of(&modes[m], width, height);
        lookup[modes[m].k1 * stride + modes[m].k2] = m;
    }
    res = eddyi_tensor_alloc(out, count, 0, err);
    if (res != EDDY_OK) goto done;
    for (int i = 0; i < count; ++i) {
        out->start[i] = list.count;
        if (!collect_slot(&g, count, lookup, stride, i, scratch, &list)) {
            res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory building the advection tensor");
            goto done;
        }
    }
    out->start[count] = list.count;
    out->nnz = list.count;
    eddy_free(out->k), eddy_free(out->j), eddy_free(out->value);
    out->k = list.k, out->j = list.j, out->value = list.value;
    list = (eddy_entry_list){0};
done:
    if (res != EDDY_OK) eddyi_tensor_free(out);
    eddyi_entry_list_free(&list);
    eddy_free(lookup), eddy_free(params), eddy_free(scratch);
    return res;
}
