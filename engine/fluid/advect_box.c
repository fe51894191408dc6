// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* advect_box.c - the reduced advection A(r) v of box eigenmodes (5.8)
 * evaluated on a collocation grid instead of the stored tensor (issue 23),
 * as in Cui, Sen and Kim 2018, "Scalable Laplacian Eigenfluids", without
 * their fast transforms.
 *
 * The stored box tensor is the exact Galerkin integral (tensor_box.c), so a
 * grid path that is to agree with it to round-off must integrate exactly.
 * Every velocity and derivative of a box mode is a product of sin or cos of
 * k1 pi x / W and of k2 pi y / H; the integrand phi_k . (u_r . grad) u_v
 * multiplies three of them, so along x it is a sum of cos(m pi x / W) with
 * m <= 3 K1 (K1 the largest k1 of the basis), and the midpoint rule with Mx
 * points integrates cos(m pi x / W) exactly for every m < 2 Mx. With
 * Mx > 3 K1 / 2 (and My > 3 K2 / 2) the products below are exact: the 3/2
 * rule of spectral methods. So A(r) v = -B^T P (u_r . grad) u_v with the
 * fields sampled at the Mx x My cell midpoints, equal to the closed-form
 * contraction to round-off (tests/test_advect_grid.c); no skew-symmetric
 * part needs forming (the exact integral is skew already).
 *
 * Each field is a sum over the modes of separable products, sampled in two
 * stages: over k2 for every (k1, y_q) pair (r My multiply-adds), then over
 * k1 for every point (K1 Mx My); a projection runs the stages backwards. A
 * product takes five samplings (u, v, du/dx, du/dy, dv/dx of B v; dv/dy is
 * -du/dx) and two projections, the freeze two samplings (u_r). The tables
 * hold sin and cos of every wave number at every midpoint; nothing after
 * create allocates. FFTs would make a sampling O(M^2 log M) instead of
 * K1 M^2 + r M; bench/bench_advection.c measures this path against the
 * sparse tensor, which the game's box levels keep (README, "Advection
 * without the tensor"). */
#include "advect_box.h"

#include <math.h>
#include <string.h>

struct eddy_advect_box {
    int r, k1max, k2max, mx, my;
    double weight;            /* the midpoint rule's area per point */
    double lambda_max;
    int *k1, *k2;             /* r: wave numbers (1-based) */
    double *cu, *cv;          /* r: u = cu sin(ax) cos(by), v = -cv cos(ax) sin(by) */
    double *a, *b;            /* r: k1 pi / W, k2 pi / H */
    double *sx, *cx;          /* k1max x mx: sin, cos of k1 pi x_p / W */
    double *sy, *cy;          /* k2max x my */
    /* per step: u_r at the points */
    double *ur, *vr;          /* mx x my, point (p, q) at p my + q */
    /* scratch */
    double *coef;             /* r */
    double *stage;            /* k1max x my */
    double *u, *v, *ux, *uy, *vx; /* mx x my */
};

void eddyi_advect_box_destroy(eddy_advect_box *op)
{
    if (!op) return;
    eddy_free(op->k1), eddy_free(op->k2), eddy_free(op->cu), eddy_free(op->cv);
    eddy_free(op->a), eddy_free(op->b), eddy_free(op->sx), eddy_free(op->cx);
    eddy_free(op->sy), eddy_free(op->cy), eddy_free(op->ur), eddy_free(op->vr);
    eddy_free(op->coef), eddy_free(op->stage), eddy_free(op->u), eddy_free(op->v);
    eddy_free(op->ux), eddy_free(op->uy), eddy_free(op->vx);
    eddy_free(op);
}

static bool alloc_all(eddy_advect_box *op)
{
    size_t r = (size_t)op->r, pts = (size_t)op->mx * (size_t)op->my;
    op->k1 = eddy_alloc(r * sizeof *op->k1), op->k2 = eddy_alloc(r * sizeof *op->k2);
    op->cu = eddy_alloc(r * sizeof *op->cu), op->cv = eddy_alloc(r * sizeof *op->cv);
    op->a = eddy_alloc(r * sizeof *op->a), op->b = eddy_alloc(r * sizeof *op->b);
    op->sx = eddy_alloc((size_t)op->k1max * (size_t)op->mx * sizeof *op->sx);
    op->cx = eddy_alloc((size_t)op->k1max * (size_t)op->mx * sizeof *op->cx);
    op->sy = eddy_alloc((size_t)op->k2max * (size_t)op->my * sizeof *op->sy);
    op->cy = eddy_alloc((size_t)op->k2max * (size_t)op->my * sizeof *op->cy);
    op->coef = eddy_alloc(r * sizeof *op->coef);
    op->stage = eddy_alloc((size_t)op->k1max * (size_t)op->my * sizeof *op->stage);
    double **fields[] = {&op->ur, &op->vr, &op->u, &op->v, &op->ux, &op->uy, &op->vx};
    bool ok = op->k1 && op->k2 && op->cu && op->cv && op->a && op->b && op->sx && op->cx &&
              op->sy && op->cy && op->coef && op->stage;
    for (size_t f = 0; f < sizeof fields / sizeof fields[0]; ++f) {
        *fields[f] = eddy_alloc(pts * sizeof **fields[f]);
        ok = ok && *fields[f];
    }
    return ok;
}

eddy_result eddyi_advect_box_create(const eddy_asset *a, eddy_advect_box **out, eddy_error *err)
{
    *out = NULL;
    if (a->eigen_count != a->mode_count || a->solid)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the box collocation advection needs a basis of "
                         "box eigenmodes only; this asset has %d other modes",
                         a->mode_count - a->eigen_count);
    eddy_advect_box *op = eddy_calloc(1, sizeof *op);
    if (!op) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the box advection");
    op->r = a->mode_count;
    for (int m = 0; m < op->r; ++m) {
        if (a->modes[m].k1 > op->k1max) op->k1max = a->modes[m].k1;
        if (a->modes[m].k2 > op->k2max) op->k2max = a->modes[m].k2;
        op->lambda_max = fmax(op->lambda_max, a->modes[m].lambda);
    }
    op->mx = 3 * op->k1max / 2 + 1, op->my = 3 * op->k2max / 2 + 1; /* M > 3K/2 */
    op->weight = (a->width / op->mx) * (a->height / op->my);
    if (!alloc_all(op)) {
        eddyi_advect_box_destroy(op);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the box advection of %d modes",
                         a->mode_count);
    }
    for (int m = 0; m < op->r; ++m) {
        const eddy_box_mode *md = &a->modes[m];
        double n = eddyi_box_norm(md, a->width, a->height);
        op->k1[m] = md->k1, op->k2[m] = md->k2;
        op->a[m] = md->k1 * M_PI / a->width, op->b[m] = md->k2 * M_PI / a->height;
        op->cu[m] = n * op->b[m], op->cv[m] = n * op->a[m];
    }
    for (int k = 1; k <= op->k1max; ++k)
        for (int p = 0; p < op->mx; ++p) {
            double t = k * M_PI * (p + 0.5) / op->mx;
            op->sx[(size_t)(k - 1) * (size_t)op->mx + (size_t)p] = sin(t);
            op->cx[(size_t)(k - 1) * (size_t)op->mx + (size_t)p] = cos(t);
        }
    for (int k = 1; k <= op->k2max; ++k)
        for (int q = 0; q < op->my; ++q) {
            double t = k * M_PI * (q + 0.5) / op->my;
            op->sy[(size_t)(k - 1) * (size_t)op->my + (size_t)q] = sin(t);
            op->cy[(size_t)(k - 1) * (size_t)op->my + (size_t)q] = cos(t);
        }
    *out = op;
    return EDDY_OK;
}

/* field(p, q) = sum_m coef[m] X_k1(x_p) Y_k2(y_q). */
static void sample(eddy_advect_box *op, const double *coef, const double *X, const double *Y,
                   double *field)
{
    size_t mx = (size_t)op->mx, my = (size_t)op->my;
    memset(op->stage, 0, (size_t)op->k1max * my * sizeof *op->stage);
    for (int m = 0; m < op->r; ++m) {
        double *row = op->stage + (size_t)(op->k1[m] - 1) * my;
        const double *y = Y + (size_t)(op->k2[m] - 1) * my;
        double c = coef[m];
        for (size_t q = 0; q < my; ++q) row[q] += c * y[q];
    }
    memset(field, 0, mx * my * sizeof *field);
    for (int k = 0; k < op->k1max; ++k) {
        const double *x = X + (size_t)k * mx, *row = op->stage + (size_t)k * my;
        for (size_t p = 0; p < mx; ++p) {
            double xp = x[p];
            double *f = field + p * my;
            for (size_t q = 0; q < my; ++q) f[q] += xp * row[q];
        }
    }
}

/* out[m] += scale * sum_{p,q} X_k1(x_p) Y_k2(y_q) field(p, q) * factor[m]. */
static void project(eddy_advect_box *op, const double *field, const double *X, const double *Y,
                    const double *factor, double scale, double *out)
{
    size_t mx = (size_t)op->mx, my = (size_t)op->my;
    memset(op->stage, 0, (size_t)op->k1max * my * sizeof *op->stage);
    for (int k = 0; k < op->k1max; ++k) {
        const double *x = X + (size_t)k * mx;
        double *row = op->stage + (size_t)k * my;
        for (size_t p = 0; p < mx; ++p) {
            double xp = x[p];
            const double *f = field + p * my;
            for (size_t q = 0; q < my; ++q) row[q] += xp * f[q];
        }
    }
    for (int m = 0; m < op->r; ++m) {
        const double *row = op->stage + (size_t)(op->k1[m] - 1) * my;
        const double *y = Y + (size_t)(op->k2[m] - 1) * my;
        double sum = 0.0;
        for (size_t q = 0; q < my; ++q) sum += row[q] * y[q];
        out[m] += scale * factor[m] * sum;
    }
}

double eddyi_advect_box_freeze(eddy_advect_box *op, const double *coef)
{
    for (int m = 0; m < op->r; ++m) op->coef[m] = coef[m] * op->cu[m];
    sample(op, op->coef, op->sx, op->cy, op->ur);
    for (int m = 0; m < op->r; ++m) op->coef[m] = -coef[m] * op->cv[m];
    sample(op, op->coef, op->cx, op->sy, op->vr);
    /* |A(r)|_2 <= |u_r|_inf sqrt(lambda_max) (|grad u_v| <= sqrt(lambda_max)
     * |v| for eigenmodes); |u_r|_inf taken from the points, doubled for what
     * lies between them */
    double speed = 0.0;
    size_t pts = (size_t)op->mx * (size_t)op->my;
    for (size_t s = 0; s < pts; ++s) {
        double sp = op->ur[s] * op->ur[s] + op->vr[s] * op->vr[s];
        if (!(sp <= speed)) speed = sp; /* a NaN wins */
    }
    return 2.0 * sqrt(speed) * sqrt(op->lambda_max);
}

void eddyi_advect_box_apply(void *ctx, const double *x, double *out)
{
    eddy_advect_box *op = ctx;
    int r = op->r;
    for (int m = 0; m < r; ++m) op->coef[m] = x[m] * op->cu[m];
    sample(op, op->coef, op->sx, op->cy, op->u);
    for (int m = 0; m < r; ++m) op->coef[m] = x[m] * op->cu[m] * op->a[m];
    sample(op, op->coef, op->cx, op->cy, op->ux);
    for (int m = 0; m < r; ++m) op->coef[m] = -x[m] * op->cu[m] * op->b[m];
    sample(op, op->coef, op->sx, op->sy, op->uy);
    for (int m = 0; m < r; ++m) op->coef[m] = -x[m] * op->cv[m];
    sample(op, op->coef, op->cx, op->sy, op->v);
    for (int m = 0; m < r; ++m) op->coef[m] = x[m] * op->cv[m] * op->a[m];
    sample(op, op->coef, op->sx, op->sy, op->vx);
    /* (u_r . grad) u_v: x part into u, y part into v (dv/dy = -du/dx) */
    size_t pts = (size_t)op->mx * (size_t)op->my;
    for (size_t s = 0; s < pts; ++s) {
        double U = op->ur[s], V = op->vr[s];
        double nx = U * op->ux[s] + V * op->uy[s], ny = U * op->vx[s] - V * op->ux[s];
        op->u[s] = nx, op->v[s] = ny;
    }
    /* out = -B^T W N: phi_k . N = cu_k S C N_x - cv_k C S N_y */
    memset(out, 0, (size_t)r * sizeof *out);
    project(op, op->u, op->sx, op->cy, op->cu, -op->weight, out);
    project(op, op->v, op->cx, op->sy, op->cv, op->weight, out);
}
