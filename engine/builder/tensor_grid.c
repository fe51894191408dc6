// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tensor_grid.c - the advection tensor of grid-sampled modes by quadrature.
 *
 * For modes that exist only on the MAC grid (painted, recorded) there is no
 * closed form: C_ikj = -<phi_k, A_{phi_i} phi_j> (5.7) with A_u v the linear,
 * central-difference advection of v by u on the staggered grid and <,> the
 * grid's trapezoid inner product. On box eigenmodes sampled onto the grid it
 * converges to the closed form of tensor_box.c, which the tests check. */
#include "builder_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Component values with free-slip ghosts: across a wall the tangential
 * component is mirrored (even), which matches the eigenmodes' cosines. */
static double u_at(const eddy_mac *g, const double *f, int i, int j)
{
    if (j < 0) j = 0;
    if (j >= g->ny) j = g->ny - 1;
    return f[eddy_mac_u(g, i, j)];
}

static double v_at(const eddy_mac *g, const double *f, int i, int j)
{
    if (i < 0) i = 0;
    if (i >= g->nx) i = g->nx - 1;
    return f[eddy_mac_v(g, i, j)];
}

/* (vel . grad) q at an interior u face (i, j): vel's u there, its v averaged
 * from the four surrounding v faces, central differences of q's x component. */
static double advect_u_face(const eddy_mac *g, const double *vel, const double *q, int i, int j)
{
    double uu = vel[eddy_mac_u(g, i, j)];
    double vv = 0.25 * (v_at(g, vel, i - 1, j) + v_at(g, vel, i, j) +
                        v_at(g, vel, i - 1, j + 1) + v_at(g, vel, i, j + 1));
    double ddx = (u_at(g, q, i + 1, j) - u_at(g, q, i - 1, j)) / (2.0 * g->hx);
    double ddy = (u_at(g, q, i, j + 1) - u_at(g, q, i, j - 1)) / (2.0 * g->hy);
    return uu * ddx + vv * ddy;
}

/* (vel . grad) q at an interior v face (i, j), mirror image of the above. */
static double advect_v_face(const eddy_mac *g, const double *vel, const double *q, int i, int j)
{
    double uu = 0.25 * (u_at(g, vel, i, j - 1) + u_at(g, vel, i + 1, j - 1) + u_at(g, vel, i, j) +
                        u_at(g, vel, i + 1, j));
    double vv = vel[eddy_mac_v(g, i, j)];
    double ddx = (v_at(g, q, i + 1, j) - v_at(g, q, i - 1, j)) / (2.0 * g->hx);
    double ddy = (v_at(g, q, i, j + 1) - v_at(g, q, i, j - 1)) / (2.0 * g->hy);
    return uu * ddx + vv * ddy;
}

void eddyi_mac_advect(const eddy_mac *g, const double *u, const double *v, double *out)
{
    memset(out, 0, (size_t)eddy_mac_size(g) * sizeof *out); /* wall-normal faces stay 0 */
    for (int j = 0; j < g->ny; ++j)
        for (int i = 1; i < g->nx; ++i) out[eddy_mac_u(g, i, j)] = advect_u_face(g, u, v, i, j);
    for (int j = 1; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) out[eddy_mac_v(g, i, j)] = advect_v_face(g, u, v, i, j);
}

eddy_result eddyi_grid_advection_tensor(const eddy_mac *g, const double *const *fields, int count,
                                       double drop, eddy_tensor *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    size_t r = (size_t)count, n = (size_t)eddy_mac_size(g);
    double *dense = eddy_alloc(r * r * r * sizeof *dense);
    double *adv = eddy_alloc(n * sizeof *adv);
    if (!dense || !adv) {
        eddy_free(dense), eddy_free(adv);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %d-mode quadrature tensor",
                         count);
    }
    double biggest = 0.0;
    for (size_t i = 0; i < r; ++i)
        for (size_t j = 0; j < r; ++j) {
            eddyi_mac_advect(g, fields[i], fields[j], adv);
            for (size_t k = 0; k < r; ++k) {
                double c = -eddy_mac_dot(g, fields[k], adv);
                dense[(i * r + k) * r + j] = c;
                biggest = fmax(biggest, fabs(c));
            }
        }
    double cut = drop * biggest;
    int64_t nnz = 0;
    for (size_t e = 0; e < r * r * r; ++e) nnz += fabs(dense[e]) > cut;
    eddy_result res = eddyi_tensor_alloc(out, count, nnz, err);
    if (res == EDDY_OK) {
        int64_t e = 0;
        for (size_t i = 0; i < r; ++i) {
            out->start[i] = e;
            for (size_t k = 0; k < r; ++k)
                for (size_t j = 0; j < r; ++j) {
                    double c = dense[(i * r + k) * r + j];
                    if (fabs(c) <= cut) continue;
                    out->k[e] = (int32_t)k, out->j[e] = (int32_t)j, out->value[e] = c;
                    ++e;
                }
        }
        out->start[r] = e;
    }
    eddy_free(dense), eddy_free(adv);
    return res;
}
