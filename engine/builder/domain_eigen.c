// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* domain_eigen.c - the Laplacian eigenmodes of a walled level (issue 14,
 * docs/design.md, "Levels with walls").
 *
 * The stream function psi of a mode lives on the grid nodes, zero on every
 * boundary node (domain_topology.c). On the unknown nodes
 *     (-L psi)_n = (2 psi_n - psi_E - psi_W) / hx^2 + (2 psi_n - psi_N - psi_S) / hy^2,
 * the 5-point Laplacian, a sparse symmetric positive definite matrix (about
 * five entries a row). Its eigenpairs with the smallest lambda are the modes:
 * the velocity is the discrete curl of psi, its vorticity at the unknowns is
 * exactly lambda psi, and its energy in the MAC product is hx hy lambda |psi|^2,
 * so distinct modes are orthogonal there too.
 *
 * The smallest eigenvalues of a large sparse matrix are the largest of its
 * inverse: ARPACK's implicitly restarted Lanczos (dsaupd, mode 3, the
 * shift-invert mode about sigma = 0) only needs products with (-L)^-1, which a
 * sparse Cholesky factorisation (CHOLMOD) gives by two triangular solves;
 * the spectrum of the inverse is well separated at its top, so few restarts
 * are needed. Dense LAPACK on a 128 x 128 grid would be a 16129^2 matrix
 * (2 GB); this takes a few megabytes plus the Lanczos vectors.
 *
 * Determinism: CHOLMOD is asked for a simplicial factorisation with AMD
 * ordering (no BLAS threads, no timing-dependent choices), and ARPACK is
 * given a fixed start vector (its own random one comes from a seed that
 * changes between calls in one process). */
#include "domain_build.h"

#include <arpack/arpack.h>
#include <suitesparse/cholmod.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct eddy_laplace_factor {
    cholmod_common common;
    cholmod_sparse *matrix;
    cholmod_factor *factor;
    cholmod_dense *rhs;
    int n;
};

void eddyi_laplace_factor_destroy(eddy_laplace_factor *f)
{
    if (!f) return;
    cholmod_free_dense(&f->rhs, &f->common);
    cholmod_free_factor(&f->factor, &f->common);
    cholmod_free_sparse(&f->matrix, &f->common);
    cholmod_finish(&f->common);
    eddy_free(f);
}

/* The upper triangle of -L over the unknowns, as triplets. */
static cholmod_sparse *assemble(const eddy_domain_topology *t, cholmod_common *cm)
{
    const eddy_mac *g = &t->mac;
    double ix2 = 1.0 / (g->hx * g->hx), iy2 = 1.0 / (g->hy * g->hy);
    cholmod_triplet *T = cholmod_allocate_triplet((size_t)t->unknowns, (size_t)t->unknowns,
                                                  3 * (size_t)t->unknowns, 1, CHOLMOD_REAL, cm);
    if (!T) return NULL;
    int *ri = T->i, *ci = T->j;
    double *x = T->x;
    size_t e = 0;
    for (int u = 0; u < t->unknowns; ++u) {
        int n = t->unknown_node[u], i = n % (g->nx + 1), j = n / (g->nx + 1);
        ri[e] = u, ci[e] = u, x[e++] = 2.0 * ix2 + 2.0 * iy2;
        int east = t->node_unknown[eddy_node(g, i + 1, j)];
        int north = t->node_unknown[eddy_node(g, i, j + 1)];
        if (east >= 0) ri[e] = u, ci[e] = east, x[e++] = -ix2;
        if (north >= 0) ri[e] = u, ci[e] = north, x[e++] = -iy2;
    }
    T->nnz = e;
    cholmod_sparse *A = cholmod_triplet_to_sparse(T, e, cm);
    cholmod_free_triplet(&T, cm);
    return A;
}

eddy_result eddyi_laplace_factor_create(const eddy_domain_topology *t, eddy_laplace_factor **out,
                                       eddy_error *err)
{
    *out = NULL;
    if (t->unknowns < 1)
        return eddy_fail(err, EDDY_ERR_FORMAT, "the fluid region has no grid node away from the "
                         "walls: every passage is narrower than two cells");
    eddy_laplace_factor *f = eddy_calloc(1, sizeof *f);
    if (!f) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the Laplacian");
    cholmod_start(&f->common);
    f->common.print = 0;
    f->common.error_handler = NULL;
    f->common.supernodal = CHOLMOD_SIMPLICIAL;
    f->common.nmethods = 1;
    f->common.method[0].ordering = CHOLMOD_AMD;
    f->n = t->unknowns;
    f->matrix = assemble(t, &f->common);
    if (f->matrix) f->factor = cholmod_analyze(f->matrix, &f->common);
    if (f->factor) cholmod_factorize(f->matrix, f->factor, &f->common);
    if (f->factor) f->rhs = cholmod_zeros((size_t)f->n, 1, CHOLMOD_REAL, &f->common);
    if (!f->matrix || !f->factor || !f->rhs || f->common.status != CHOLMOD_OK ||
        f->factor->minor < f->factor->n) {
        int status = f->common.status;
        eddyi_laplace_factor_destroy(f);
        return eddy_fail(err, status == CHOLMOD_OUT_OF_MEMORY ? EDDY_ERR_MEMORY : EDDY_ERR_NUMERIC,
                         "the sparse Cholesky factorisation of the %d-node Laplacian failed "
                         "(CHOLMOD status %d)", t->unknowns, status);
    }
    *out = f;
    return EDDY_OK;
}

eddy_result eddyi_laplace_factor_solve(eddy_laplace_factor *f, const double *b, double *x,
                                      eddy_error *err)
{
    memcpy(f->rhs->x, b, (size_t)f->n * sizeof *b);
    cholmod_dense *X = cholmod_solve(CHOLMOD_A, f->factor, f->rhs, &f->common);
    if (!X) return eddy_fail(err, EDDY_ERR_NUMERIC, "a sparse solve with the Laplacian failed");
    memcpy(x, X->x, (size_t)f->n * sizeof *x);
    cholmod_free_dense(&X, &f->common);
    return EDDY_OK;
}

/* A fixed start vector with a component along every eigenvector (a constant
 * or smooth one could be orthogonal to the odd modes of a symmetric level). */
static void start_vector(double *v, int n)
{
    uint64_t s = 0x9e3779b97f4a7c15ull;
    for (int k = 0; k < n; ++k) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        v[k] = (double)(s >> 11) / 9007199254740992.0 - 0.5;
    }
}

typedef struct arpack_work {
    double *resid, *v, *workd, *workl, *d, *z;
    a_int *select;
} arpack_work;

static void free_work(arpack_work *w)
{
    eddy_free(w->resid), eddy_free(w->v), eddy_free(w->workd), eddy_free(w->workl), eddy_free(w->d), eddy_free(w->z);
    eddy_free(w->select);
}

/* The Lanczos iteration: dsaupd's reverse communication, y = (-L)^-1 x. */
static eddy_result lanczos(eddy_laplace_factor *f, int nev, int ncv, arpack_work *w,
                           a_int *iparam, a_int *ipntr, eddy_error *err)
{
    a_int n = f->n, ido = 0, info = 1, lworkl = ncv * (ncv + 8);
    start_vector(w->resid, f->n);
    for (;;) {
        dsaupd_c(&ido, "I", n, "LM", nev, 0.0, w->resid, ncv, w->v, n, iparam, ipntr, w->workd,
                 w->workl, lworkl, &info);
        if (ido != -1 && ido != 1) break;
        eddy_result res = eddyi_laplace_factor_solve(f, &w->workd[ipntr[0] - 1],
                                                    &w->workd[ipntr[1] - 1], err);
        if (res != EDDY_OK) return res;
    }
    if (info < 0 || (info != 0 && info != 1))
        return eddy_fail(err, EDDY_ERR_NUMERIC, "the Lanczos eigensolver (ARPACK dsaupd) failed "
                         "with code %d", (int)info);
    if (iparam[4] < nev)
        return eddy_fail(err, EDDY_ERR_NUMERIC, "the Lanczos eigensolver found %d of %d modes "
                         "within its iteration cap", (int)iparam[4], nev);
    return EDDY_OK;
}

eddy_result eddyi_domain_eigen_solve(const eddy_domain_topology *t, eddy_laplace_factor *f,
                                    int count, double *lambda, double *vectors, eddy_error *err)
{
    int n = t->unknowns;
    if (count < 1 || count >= n)
        return eddy_fail(err, EDDY_ERR_RANGE, "%d modes: the fluid region has %d grid nodes away "
                         "from the walls, so at most %d modes (fewer modes or a finer grid)",
                         count, n, n - 1);
    int ncv = 2 * count + 1 > count + 20 ? 2 * count + 1 : count + 20;
    if (ncv > n) ncv = n;
    arpack_work w = {0};
    w.resid = eddy_alloc((size_t)n * sizeof(double));
    w.v = eddy_alloc((size_t)n * (size_t)ncv * sizeof(double));
    w.workd = eddy_alloc(3 * (size_t)n * sizeof(double));
    w.workl = eddy_alloc((size_t)ncv * (size_t)(ncv + 8) * sizeof(double));
    w.d = eddy_alloc((size_t)count * sizeof(double));
    w.z = eddy_alloc((size_t)n * (size_t)count * sizeof(double));
    w.select = eddy_calloc((size_t)ncv, sizeof(a_int));
    if (!w.resid || !w.v || !w.workd || !w.workl || !w.d || !w.z || !w.select) {
        free_work(&w);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d Lanczos vectors of %d nodes",
                         ncv, n);
    }
    a_int iparam[11] = {0}, ipntr[11] = {0};
    iparam[0] = 1;      /* exact shifts */
    iparam[2] = 3000;   /* restarts at most */
    iparam[3] = 1;
    iparam[6] = 3;      /* shift-invert */
    eddy_result res = lanczos(f, count, ncv, &w, iparam, ipntr, err);
    if (res == EDDY_OK) {
        a_int info = 0;
        dseupd_c(1, "A", w.select, w.d, w.z, n, 0.0, "I", n, "LM", count, 0.0, w.resid, ncv, w.v,
                 n, iparam, ipntr, w.workd, w.workl, ncv * (ncv + 8), &info);
        if (info != 0)
            res = eddy_fail(err, EDDY_ERR_NUMERIC, "the Lanczos eigenvectors (ARPACK dseupd) "
                            "failed with code %d", (int)info);
    }
    if (res == EDDY_OK) {
        /* ascending eigenvalues (insertion sort of the indices; count is small) */
        int *order = eddy_alloc((size_t)count * sizeof *order);
        if (!order) res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory sorting eigenvalues");
        for (int k = 0; order && k < count; ++k) {
            int at = k;
            while (at > 0 && w.d[order[at - 1]] > w.d[k]) {
                order[at] = order[at - 1];
                --at;
            }
            order[at] = k;
        }
        for (int k = 0; order && k < count; ++k) {
            lambda[k] = w.d[order[k]];
            memcpy(vectors + (size_t)k * (size_t)n, w.z + (size_t)order[k] * (size_t)n,
                   (size_t)n * sizeof(double));
        }
        eddy_free(order);
        for (int k = 0; res == EDDY_OK && k < count; ++k)
            if (!(lambda[k] > 0.0) || !isfinite(lambda[k]))
                res = eddy_fail(err, EDDY_ERR_NUMERIC, "eigenvalue %d of the walled domain is %g, "
                                "not positive", k, lambda[k]);
    }
    free_work(&w);
    return res;
}
