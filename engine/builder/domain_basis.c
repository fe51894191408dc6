// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* domain_basis.c - the reduced basis of a level with walls (issue 14,
 * docs/design.md, "Levels with walls").
 *
 * MODES. Every mode is the discrete curl of a stream function psi on the grid
 * nodes (eddyi_domain_curl). Its divergence is zero in every cell (the four
 * differences of psi cancel), and a face touching a solid cell joins two nodes
 * of one wall, which share psi, so its flux is exactly zero: no mode ever
 * crosses a wall, by construction rather than by projection.
 *   - Eigenmodes: psi = 0 on every wall, -L psi = lambda psi at the unknowns
 *     (domain_eigen.c), the `modes` smallest lambda.
 *   - Harmonic modes, one per island: psi = 1 on that island, 0 on the other
 *     walls, L psi = 0 at the unknowns (one sparse solve with the same
 *     factorisation). The eigenmodes' psi is zero on islands, so none of them
 *     can carry flow round an island with circulation; these do. Their MAC
 *     product with an eigenmode psi_k is sum_n psi_k(n) (-L psi_h)(n) hx hy
 *     over the unknowns, zero: they are orthogonal to the eigenmodes exactly
 *     (to the solver's round-off); among themselves they are orthonormalised
 *     by Gram-Schmidt.
 * Every mode is scaled to unit length in the MAC product (eddy_mac_dot), the
 * one enrich.c, feedback and the fluid's energy use, and its sign fixed (its
 * product with fixed generic weights positive) so the result does not depend
 * on ARPACK's.
 *
 * VISCOSITY (5.6). D~ = B^T W (nu-free) Laplacian B. For a curl field the
 * vector Laplacian is the curl of the vorticity, and with free slip (the
 * vorticity zero on the walls, as the eigenmodes' lambda psi is) integrating
 * by parts gives <b_a, lap b_b> = -<omega_a, omega_b> over the fluid. The
 * vorticity of an eigenmode at the unknowns is lambda psi, so D~ is diagonal,
 * -lambda_k, exactly as for the box; a harmonic mode has no vorticity and is
 * not damped (free slip lets potential flow round an island go on).
 *
 * TENSOR (5.7): quadrature on the masked grid (domain_tensor.c), unless the
 * level advects on the grid (advect_grid.c; eddyi_build_advection decides).
 *
 * STORAGE: the eigenmodes' stream functions (the eigenvectors) and scales go
 * into the asset (asset_stream.c), which remakes these fields from them bit
 * for bit. */
#include "builder_internal.h"
#include "domain_build.h"
#include "eddy_build.h"
#include "panel_walls.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MODES 4096
/* Quadrature entries below this times the largest are round-off of entries
 * that vanish; they are not stored (as enrich.c). */
#define TENSOR_DROP 1e-13

void eddyi_domain_vorticity(const eddy_domain_topology *t, const double *f, double *omega)
{
    const eddy_mac *g = &t->mac;
    for (int u = 0; u < t->unknowns; ++u) {
        int n = t->unknown_node[u], i = n % (g->nx + 1), j = n / (g->nx + 1);
        double dvdx = (f[eddy_mac_v(g, i, j)] - f[eddy_mac_v(g, i - 1, j)]) / g->hx;
        double dudy = (f[eddy_mac_u(g, i, j)] - f[eddy_mac_u(g, i, j - 1)]) / g->hy;
        omega[u] = dvdx - dudy;
    }
}

static void report(const eddy_build_desc *d, const char *stage, double fraction)
{
    if (d->progress) d->progress(d->progress_user, stage, fraction);
}

/* A fixed weight in [-1/2, 1/2) per sample, with no pattern a level's
 * symmetry could share (a multiplicative hash of the index). */
static double sign_weight(int s)
{
    uint32_t h = (uint32_t)s * 2654435761u;
    h ^= h >> 15;
    h *= 2246822519u;
    h ^= h >> 13;
    return (double)h / 4294967296.0 - 0.5;
}

/* Unit MAC length, and a sign that round-off cannot flip: the sum of the
 * samples times fixed generic weights positive. (The largest sample is not
 * enough: on a level with a mirror symmetry an odd mode's largest samples
 * are mirror pairs of opposite sign, and round-off, such as BLAS's thread
 * count inside the eigensolver, picks which one comes first.) */
static double normalise(const eddy_mac *g, double *field)
{
    int n = eddy_mac_size(g);
    double len = sqrt(eddy_mac_dot(g, field, field));
    double probe = 0.0;
    for (int s = 0; s < n; ++s) probe += sign_weight(s) * field[s];
    double scale = (probe < 0.0 ? -1.0 : 1.0) / len;
    for (int s = 0; s < n; ++s) field[s] *= scale;
    return scale;
}

/* field -= <field, b> b for the count fields before it, twice. */
static void orthogonalise(const eddy_mac *g, const double *fields, int count, double *field)
{
    size_t n = (size_t)eddy_mac_size(g);
    for (int pass = 0; pass < 2; ++pass)
        for (int m = 0; m < count; ++m) {
            const double *b = fields + (size_t)m * n;
            double d = eddy_mac_dot(g, b, field);
            for (size_t s = 0; s < n; ++s) field[s] -= d * b[s];
        }
}

/* The eigenmodes' fields from their eigenvectors over the unknowns: field k
 * is the curl of the eigenvector (zero on every wall node) times scale[k],
 * which the asset stores instead of the field (asset_stream.c remakes it). */
static void eigen_fields(const eddy_domain_topology *t, const double *vectors, int count,
                         double *psi, double *fields, double *scale)
{
    size_t n = (size_t)eddy_mac_size(&t->mac);
    for (int k = 0; k < count; ++k) {
        memset(psi, 0, (size_t)t->nodes * sizeof *psi);
        const double *vec = vectors + (size_t)k * (size_t)t->unknowns;
        for (int u = 0; u < t->unknowns; ++u) psi[t->unknown_node[u]] = vec[u];
        double *f = fields + (size_t)k * n;
        eddyi_domain_curl(&t->mac, psi, f);
        scale[k] = normalise(&t->mac, f);
    }
}

/* Harmonic mode of island c: psi = 1 on it, 0 on the other walls, L psi = 0
 * at the unknowns, i.e. (-L) x = b with b the island's couplings. */
static eddy_result harmonic_field(const eddy_domain_topology *t, eddy_laplace_factor *factor,
                                  int island, double *b, double *x, double *psi, double *field,
                                  eddy_error *err)
{
    const eddy_mac *g = &t->mac;
    double ix2 = 1.0 / (g->hx * g->hx), iy2 = 1.0 / (g->hy * g->hy);
    for (int u = 0; u < t->unknowns; ++u) {
        int n = t->unknown_node[u], i = n % (g->nx + 1), j = n / (g->nx + 1);
        double sum = 0.0;
        if (t->node_component[eddy_node(g, i - 1, j)] == island) sum += ix2;
        if (t->node_component[eddy_node(g, i + 1, j)] == island) sum += ix2;
        if (t->node_component[eddy_node(g, i, j - 1)] == island) sum += iy2;
        if (t->node_component[eddy_node(g, i, j + 1)] == island) sum += iy2;
        b[u] = sum;
    }
    eddy_result res = eddyi_laplace_factor_solve(factor, b, x, err);
    if (res != EDDY_OK) return res;
    for (int n = 0; n < t->nodes; ++n) psi[n] = t->node_component[n] == island ? 1.0 : 0.0;
    for (int u = 0; u < t->unknowns; ++u) psi[t->unknown_node[u]] = x[u];
    eddyi_domain_curl(g, psi, field);
    return EDDY_OK;
}

typedef struct domain_work {
    eddy_domain_topology topo;
    eddy_laplace_factor *factor;
    double *lambda, *vectors, *fields, *psi, *b, *x, *scale;
} domain_work;

static void free_work(domain_work *w)
{
    eddyi_laplace_factor_destroy(w->factor);
    eddyi_domain_topology_free(&w->topo);
    eddy_free(w->lambda), eddy_free(w->vectors), eddy_free(w->fields), eddy_free(w->psi), eddy_free(w->b), eddy_free(w->x);
    eddy_free(w->scale);
}

static eddy_result build_modes(eddy_asset *a, const eddy_build_desc *d, domain_work *w,
                               eddy_error *err)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    eddy_result res = eddyi_domain_topology_build(&g, a->solid, &w->topo, err);
    if (res != EDDY_OK) return res;
    const eddy_domain_topology *t = &w->topo;
    int r = d->modes + t->islands;
    if (r > MAX_MODES)
        return eddy_fail(err, EDDY_ERR_RANGE, "%d eigenmodes and %d island modes: at most %d modes",
                         d->modes, t->islands, MAX_MODES);
    report(d, "sparse Laplacian", 0.05);
    res = eddyi_laplace_factor_create(t, &w->factor, err);
    if (res != EDDY_OK) return res;
    w->lambda = eddy_alloc((size_t)d->modes * sizeof *w->lambda);
    w->vectors = eddy_alloc((size_t)d->modes * (size_t)t->unknowns * sizeof *w->vectors);
    w->fields = eddy_alloc((size_t)r * n * sizeof *w->fields);
    w->psi = eddy_alloc((size_t)t->nodes * sizeof *w->psi);
    w->b = eddy_alloc((size_t)t->unknowns * sizeof *w->b);
    w->x = eddy_alloc((size_t)t->unknowns * sizeof *w->x);
    w->scale = eddy_alloc((size_t)d->modes * sizeof *w->scale);
    if (!w->lambda || !w->vectors || !w->fields || !w->psi || !w->b || !w->x || !w->scale)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d modes of %zu samples", r, n);
    report(d, "eigenmodes (Lanczos)", 0.1);
    res = eddyi_domain_eigen_solve(t, w->factor, d->modes, w->lambda, w->vectors, err);
    if (res != EDDY_OK) return res;
    eigen_fields(t, w->vectors, d->modes, w->psi, w->fields, w->scale);
    report(d, "island modes", 0.45);
    for (int c = 1; c <= t->islands && res == EDDY_OK; ++c) {
        double *f = w->fields + (size_t)(d->modes + c - 1) * n;
        res = harmonic_field(t, w->factor, c, w->b, w->x, w->psi, f, err);
        if (res != EDDY_OK) break;
        orthogonalise(&g, w->fields, d->modes + c - 1, f);
        normalise(&g, f);
    }
    for (int m = 0; m < r && res == EDDY_OK; ++m) eddyi_close_solid_faces(&g, a->solid, w->fields + (size_t)m * n);
    return res;
}

/* The eigenmodes' stream functions into the asset (asset_stream.c): the
 * eigenvectors at the unknowns and their scales, which remake the fields. */
static eddy_result keep_stream(eddy_asset *a, domain_work *w, eddy_error *err)
{
    const eddy_domain_topology *t = &w->topo;
    a->stream_node = eddy_alloc((size_t)t->unknowns * sizeof *a->stream_node);
    if (!a->stream_node) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory");
    memcpy(a->stream_node, t->unknown_node, (size_t)t->unknowns * sizeof *a->stream_node);
    a->stream_count = a->domain_eigen;
    a->stream_nodes = t->unknowns;
    a->stream = w->vectors, w->vectors = NULL;
    a->stream_scale = w->scale, w->scale = NULL;
    return EDDY_OK;
}

eddy_result eddyi_domain_build_asset(eddy_asset *a, const eddy_build_desc *d, eddy_error *err)
{
    eddy_result res = eddy_walls_check(d->walls, d->wall_count, a->width, a->tank_height, err);
    if (res == EDDY_OK) res = eddyi_asset_set_walls(a, d->walls, d->wall_count, err);
    domain_work w = {0};
    if (res == EDDY_OK) res = build_modes(a, d, &w, err);
    if (res != EDDY_OK) {
        free_work(&w);
        return res;
    }
    int r = d->modes + w.topo.islands;
    a->mode_count = a->grid_count = r;
    a->eigen_count = 0;
    a->island_count = a->harmonic_count = w.topo.islands;
    a->domain_eigen = d->modes;
    a->domain_lambda = w.lambda;
    w.lambda = NULL;
    a->grid_modes = w.fields;
    w.fields = NULL;
    a->modes = eddy_alloc(sizeof *a->modes); /* no box modes; a valid pointer all the same */
    a->viscosity = eddy_calloc((size_t)r * (size_t)r, sizeof *a->viscosity);
    a->viscosity_diagonal = true;
    if (!a->modes || !a->viscosity) res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory");
    for (int k = 0; res == EDDY_OK && k < a->domain_eigen; ++k)
        a->viscosity[(size_t)k * (size_t)r + (size_t)k] = -a->domain_lambda[k];
    if (res == EDDY_OK) res = keep_stream(a, &w, err);
    free_work(&w);
    a->grid_advection = eddyi_build_advection(d, a) == EDDY_ADVECTION_GRID;
    if (res == EDDY_OK && !a->grid_advection) {
        report(d, "advection tensor", 0.5);
        eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
        res = eddyi_domain_tensor(&g, a->solid, a->grid_modes, r, TENSOR_DROP, &a->tensor, d, err);
    }
    if (res == EDDY_OK) res = eddyi_panel_walls_build_for_asset(a, err);
    return res;
}
