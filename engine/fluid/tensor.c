// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tensor.c - the sparse advection tensor C_ikj, stored by velocity slot i.
 *
 * dr_k/dt = sum_ij C_ikj r_i r_j with C_ikj = -<phi_k, (phi_i . grad) phi_j>.
 * Contracting the velocity slot gives A(r) = sum_i r_i A_i (5.8) whose every
 * A_i is skew-symmetric for divergence-free modes with no wall flux, so
 * exp(dt A(r)) is orthogonal and inviscid flow keeps its energy. */
#include "fluid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void eddyi_tensor_free(eddy_tensor *t)
{
    eddy_free(t->start);
    eddy_free(t->k);
    eddy_free(t->j);
    eddy_free(t->value);
    memset(t, 0, sizeof *t);
}

eddy_result eddyi_tensor_alloc(eddy_tensor *t, int r, int64_t nnz, eddy_error *err)
{
    memset(t, 0, sizeof *t);
    t->r = r;
    t->nnz = nnz;
    size_t n = nnz > 0 ? (size_t)nnz : 1;
    t->start = eddy_calloc((size_t)r + 1, sizeof *t->start);
    t->k = eddy_alloc(n * sizeof *t->k);
    t->j = eddy_alloc(n * sizeof *t->j);
    t->value = eddy_alloc(n * sizeof *t->value);
    if (!t->start || !t->k || !t->j || !t->value) {
        eddyi_tensor_free(t);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a tensor of %lld entries",
                         (long long)nnz);
    }
    return EDDY_OK;
}

void eddyi_tensor_contract(const eddy_tensor *t, const double *coef, double *out)
{
    int r = t->r;
    memset(out, 0, (size_t)r * (size_t)r * sizeof *out);
    for (int i = 0; i < r; ++i) {
        double ri = coef[i];
        if (ri == 0.0) continue;
        for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e)
            out[(size_t)t->k[e] * (size_t)r + (size_t)t->j[e]] += ri * t->value[e];
    }
}

bool eddyi_entry_list_push(eddy_entry_list *l, int32_t k, int32_t j, double value)
{
    if (l->count == l->capacity) {
        int64_t cap = l->capacity ? 2 * l->capacity : 1024;
        int32_t *nk = eddy_realloc(l->k, (size_t)cap * sizeof *nk);
        if (nk) l->k = nk;
        int32_t *nj = eddy_realloc(l->j, (size_t)cap * sizeof *nj);
        if (nj) l->j = nj;
        double *nv = eddy_realloc(l->value, (size_t)cap * sizeof *nv);
        if (nv) l->value = nv;
        if (!nk || !nj || !nv) return false; /* what did grow stays owned by l */
        l->capacity = cap;
    }
    l->k[l->count] = k;
    l->j[l->count] = j;
    l->value[l->count] = value;
    ++l->count;
    return true;
}

void eddyi_entry_list_free(eddy_entry_list *l)
{
    eddy_free(l->k), eddy_free(l->j), eddy_free(l->value);
    memset(l, 0, sizeof *l);
}

/* Scatters A_i into a dense r x r scratch (zeroed first). */
static void scatter_slot(const eddy_tensor *t, int i, double *dense)
{
    size_t r = (size_t)t->r;
    memset(dense, 0, r * r * sizeof *dense);
    for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e)
        dense[(size_t)t->k[e] * r + (size_t)t->j[e]] += t->value[e];
}

double eddyi_tensor_skew_defect(const eddy_tensor *t)
{
    size_t r = (size_t)t->r;
    double *dense = eddy_alloc(r * r * sizeof *dense);
    if (!dense) return INFINITY;
    double worst = 0.0;
    for (int i = 0; i < t->r; ++i) {
        scatter_slot(t, i, dense);
        for (size_t k = 0; k < r; ++k)
            for (size_t j = k; j < r; ++j)
                worst = fmax(worst, fabs(dense[k * r + j] + dense[j * r + k]));
    }
    eddy_free(dense);
    return worst;
}

/* One (k, j, value) entry while a slot is being rebuilt. */
typedef struct slot_entry {
    int32_t k, j;
    double value;
} slot_entry;

static int compare_entries(const void *pa, const void *pb)
{
    const slot_entry *a = pa, *b = pb;
    if (a->k != b->k) return a->k < b->k ? -1 : 1;
    return (a->j > b->j) - (a->j < b->j);
}

/* A_i <- (A_i - A_i^T) / 2 for every i: each entry contributes v/2 at (k, j)
 * and -v/2 at (j, k); sorting and merging sums them in a fixed order. */
eddy_result eddyi_tensor_skew_symmetrize(eddy_tensor *t, eddy_error *err)
{
    size_t cap = t->nnz > 0 ? 2 * (size_t)t->nnz : 1;
    slot_entry *buf = eddy_alloc(cap * sizeof *buf);
    int64_t *start = eddy_calloc((size_t)t->r + 1, sizeof *start);
    int32_t *nk = eddy_alloc(cap * sizeof *nk), *nj = eddy_alloc(cap * sizeof *nj);
    double *nv = eddy_alloc(cap * sizeof *nv);
    if (!buf || !start || !nk || !nj || !nv) {
        eddy_free(buf), eddy_free(start), eddy_free(nk), eddy_free(nj), eddy_free(nv);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory skew-symmetrising the tensor");
    }
    int64_t out = 0;
    for (int i = 0; i < t->r; ++i) {
        size_t m = 0;
        for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e) {
            buf[m++] = (slot_entry){t->k[e], t->j[e], 0.5 * t->value[e]};
            buf[m++] = (slot_entry){t->j[e], t->k[e], -0.5 * t->value[e]};
        }
        qsort(buf, m, sizeof *buf, compare_entries);
        start[i] = out;
        for (size_t a = 0; a < m;) {
            size_t b = a;
            double sum = 0.0;
            for (; b < m && buf[b].k == buf[a].k && buf[b].j == buf[a].j; ++b) sum += buf[b].value;
            if (sum != 0.0) {
                nk[out] = buf[a].k;
                nj[out] = buf[a].j;
                nv[out] = sum;
                ++out;
            }
            a = b;
        }
    }
    start[t->r] = out;
    eddy_free(buf);
    eddy_free(t->start), eddy_free(t->k), eddy_free(t->j), eddy_free(t->value);
    t->start = start;
    t->k = nk;
    t->j = nj;
    t->value = nv;
    t->nnz = out;
    return EDDY_OK;
}
