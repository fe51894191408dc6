// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tensor_box.c - the exact Galerkin advection tensor of box eigenmodes.
 *
 * C_ikj = -<phi_k, (phi_i . grad) phi_j> (5.7 for the eigenbasis, DESIGN §2).
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
#include "eddy_internal.h"

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

typedef struct box_geometry {
    double width, height;
    const eddy_box_mode *modes;
    double *cu, *cv, *a, *b; /* per mode */
} box_geometry;

/* C_ikj from the four products listed at the top of the file. */
static double box_tensor_entry(const box_geometry *g, int i, int k, int j)
{
    const eddy_box_mode *mi = &g->modes[i], *mk = &g->modes[k], *mj = &g->modes[j];
    double W = g->width, H = g->height;
    /* U_k U_i dU_j/dx: dU_j/dx = cu_j a_j cos(a_j x) cos(b_j y) */
    double t1 = g->cu[k] * g->cu[i] * g->cu[j] * g->a[j] *
                triple_integral(SIN, mk->k1, SIN, mi->k1, COS, mj->k1, W) *
                triple_integral(COS, mk->k2, COS, mi->k2, COS, mj->k2, H);
    /* U_k V_i dU_j/dy: V_i = -cv_i cos sin, dU_j/dy = -cu_j b_j sin(a_j x) sin(b_j y) */
    double t2 = g->cu[k] * g->cv[i] * g->cu[j] * g->b[j] *
                triple_integral(SIN, mk->k1, COS, mi->k1, SIN, mj->k1, W) *
                triple_integral(COS, mk->k2, SIN, mi->k2, SIN, mj->k2, H);
    /* V_k U_i dV_j/dx: V_k = -cv_k cos sin, dV_j/dx = cv_j a_j sin(a_j x) sin(b_j y) */
    double t3 = -g->cv[k] * g->cu[i] * g->cv[j] * g->a[j] *
                triple_integral(COS, mk->k1, SIN, mi->k1, SIN, mj->k1, W) *
                triple_integral(SIN, mk->k2, COS, mi->k2, SIN, mj->k2, H);
    /* V_k V_i dV_j/dy: dV_j/dy = -cv_j b_j cos(a_j x) cos(b_j y); three minus signs */
    double t4 = -g->cv[k] * g->cv[i] * g->cv[j] * g->b[j] *
                triple_integral(COS, mk->k1, COS, mi->k1, COS, mj->k1, W) *
                triple_integral(SIN, mk->k2, SIN, mi->k2, COS, mj->k2, H);
    return -(t1 + t2 + t3 + t4);
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
    const eddy_box_mode *mi = &g->modes[i];
    int n = 0;
    for (int j = 0; j < count; ++j) {
        const eddy_box_mode *mj = &g->modes[j];
        int c1[2], c2[2];
        int n1 = axis_candidates(mi->k1, mj->k1, c1), n2 = axis_candidates(mi->k2, mj->k2, c2);
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
        if (!eddy_entry_list_push(list, scratch[e].k, scratch[e].j, scratch[e].v)) return false;
    return true;
}

eddy_result eddy_box_advection_tensor(const eddy_box_mode *modes, int count, double width,
                                      double height, eddy_tensor *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    int maxk = 0;
    for (int m = 0; m < count; ++m) maxk = (int)fmax(maxk, fmax(modes[m].k1, modes[m].k2));
    int stride = 2 * maxk + 1; /* k = i + j can reach 2 maxk */
    box_geometry g = {width, height, modes, NULL, NULL, NULL, NULL};
    int *lookup = eddy_alloc((size_t)stride * (size_t)stride * sizeof *lookup);
    double *params = eddy_alloc(4 * (size_t)count * sizeof *params);
    kj_value *scratch = eddy_alloc(4 * (size_t)count * sizeof *scratch);
    eddy_entry_list list = {0};
    eddy_result res = EDDY_OK;
    if (!lookup || !params || !scratch) {
        res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory building the advection tensor");
        goto done;
    }
    g.cu = params, g.cv = params + count, g.a = params + 2 * count, g.b = params + 3 * count;
    for (int s = 0; s < stride * stride; ++s) lookup[s] = -1;
    for (int m = 0; m < count; ++m) {
        double n = eddy_box_norm(&modes[m], width, height);
        g.a[m] = modes[m].k1 * M_PI / width;
        g.b[m] = modes[m].k2 * M_PI / height;
        g.cu[m] = n * g.b[m];
        g.cv[m] = n * g.a[m];
        lookup[modes[m].k1 * stride + modes[m].k2] = m;
    }
    res = eddy_tensor_alloc(out, count, 0, err);
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
    if (res != EDDY_OK) eddy_tensor_free(out);
    eddy_entry_list_free(&list);
    eddy_free(lookup), eddy_free(params), eddy_free(scratch);
    return res;
}
