// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* grid_modes.c - modes that live on the MAC grid (artist and POD modes,
 * chapter 5.2) next to the closed-form box eigenmodes: how a box mode is put
 * on the grid so that both kinds share one inner product, how a grid mode is
 * evaluated at an arbitrary point, and the grid's vector Laplacian for the
 * reduced viscosity of grid modes (5.6).
 *
 * The inner product of the enriched basis is the grid's quadrature product
 * <a, b>_W = sum_s w_s a_s b_s (eddy_mac_dot). See enrich.c for why box modes
 * enter it through eddyi_box_sample_curl and not through point samples. */
#include "fluid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ box modes on the grid */

/* The stream function psi = N sin(a x) sin(b y) is sampled at the grid nodes
 * (i hx, j hy) and the velocity is its discrete curl,
 *     u(i, j+1/2) = (psi(i, j+1) - psi(i, j)) / hy,
 *     v(i+1/2, j) = -(psi(i+1, j) - psi(i, j)) / hx,
 * i.e. the exact mean flux of phi through each face (the face average of
 * dpsi/dy is the difference of psi at the face's ends). Written as products,
 *     u = N sin(a x_i) cos(b y_{j+1/2}) * 2 sin(b hy / 2) / hy,
 *     v = -N cos(a x_{i+1/2}) sin(b y_j) * 2 sin(a hx / 2) / hx.
 * Three properties follow exactly (up to round-off):
 *   - the discrete divergence is zero in every cell (the differences of psi
 *     cancel around the cell) and the wall-normal samples are zero (psi = 0
 *     on the walls): the sampled mode is in the same space as the projected
 *     artist fields;
 *   - for k1 < nx and k2 < ny, two different modes are orthogonal in the
 *     grid product (per component: the discrete sine transform DST-I on the
 *     nodes and the cosine transform DCT-II on the cell centres are
 *     orthogonal), so after scaling each mode to unit grid norm the samples
 *     of the eigenbasis are exactly orthonormal there, as the modes are in L2;
 *   - each component is an eigenvector of the grid Laplacian below (sines
 *     with zero ends, cosines with mirrored ends), with one eigenvalue for
 *     both components.
 * Point samples (eddyi_box_sample_mode) share the last two properties but
 * have a discrete divergence of relative size (k h)^3 / 24, so fields
 * deflated against them (5.10) would stop being divergence-free. */
void eddyi_box_sample_curl(const eddy_box_mode *m, const eddy_mac *g, double *field)
{
    double a = m->k1 * M_PI / g->width, b = m->k2 * M_PI / g->height;
    double du = 2.0 * sin(0.5 * b * g->hy) / g->hy;
    double dv = 2.0 * sin(0.5 * a * g->hx) / g->hx;
    for (int j = 0; j < g->ny; ++j) {
        double cy = cos(b * (j + 0.5) * g->hy);
        for (int i = 0; i <= g->nx; ++i) {
            bool wall = i == 0 || i == g->nx;
            field[eddy_mac_u(g, i, j)] = wall ? 0.0 : sin(a * i * g->hx) * cy * du;
        }
    }
    for (int j = 0; j <= g->ny; ++j) {
        bool wall = j == 0 || j == g->ny;
        double sy = sin(b * j * g->hy);
        for (int i = 0; i < g->nx; ++i)
            field[eddy_mac_v(g, i, j)] = wall ? 0.0 : -cos(a * (i + 0.5) * g->hx) * sy * dv;
    }
    /* N cancels in the normalisation: scale straight to unit grid norm. */
    double norm = sqrt(eddy_mac_dot(g, field, field));
    int n = eddy_mac_size(g);
    if (norm > 0.0)
        for (int s = 0; s < n; ++s) field[s] /= norm;
}

/* ------------------------------------------------------------ evaluation */

/* Bilinear weights along one axis for samples at (idx + offset) h, idx in
 * 0..count-1: the lower index and the weight of the upper one. Outside the
 * outermost samples the nearest value is kept (for a tangential component
 * next to a wall this is the mirror, free-slip, extension). */
static void axis_weights(double pos, double h, double offset, int count, int *lo, double *t)
{
    double f = pos / h - offset;
    int i = (int)floor(f);
    if (i < 0) i = 0;
    if (i > count - 2) i = count - 2;
    double frac = f - i;
    if (frac < 0.0) frac = 0.0;
    if (frac > 1.0) frac = 1.0;
    *lo = i;
    *t = frac;
}

void eddyi_mac_stencil_at(const eddy_mac *g, double x, double y, eddy_mac_stencil *st)
{
    int i, j;
    double tx, ty;
    /* u samples: x = i hx (i = 0..nx), y = (j + 1/2) hy (j = 0..ny-1) */
    axis_weights(x, g->hx, 0.0, g->nx + 1, &i, &tx);
    axis_weights(y, g->hy, 0.5, g->ny, &j, &ty);
    st->u[0] = eddy_mac_u(g, i, j), st->wu[0] = (1.0 - tx) * (1.0 - ty);
    st->u[1] = eddy_mac_u(g, i + 1, j), st->wu[1] = tx * (1.0 - ty);
    st->u[2] = eddy_mac_u(g, i, j + 1), st->wu[2] = (1.0 - tx) * ty;
    st->u[3] = eddy_mac_u(g, i + 1, j + 1), st->wu[3] = tx * ty;
    /* v samples: x = (i + 1/2) hx (i = 0..nx-1), y = j hy (j = 0..ny) */
    axis_weights(x, g->hx, 0.5, g->nx, &i, &tx);
    axis_weights(y, g->hy, 0.0, g->ny + 1, &j, &ty);
    st->v[0] = eddy_mac_v(g, i, j), st->wv[0] = (1.0 - tx) * (1.0 - ty);
    st->v[1] = eddy_mac_v(g, i + 1, j), st->wv[1] = tx * (1.0 - ty);
    st->v[2] = eddy_mac_v(g, i, j + 1), st->wv[2] = (1.0 - tx) * ty;
    st->v[3] = eddy_mac_v(g, i + 1, j + 1), st->wv[3] = tx * ty;
}

void eddyi_grid_modes_values(const eddy_mac *g, const double *fields, int count, double x,
                            double y, double *phi_u, double *phi_v)
{
    eddy_mac_stencil st;
    eddyi_mac_stencil_at(g, x, y, &st);
    size_t n = (size_t)eddy_mac_size(g);
    for (int m = 0; m < count; ++m) {
        const double *f = fields + (size_t)m * n;
        phi_u[m] = st.wu[0] * f[st.u[0]] + st.wu[1] * f[st.u[1]] + st.wu[2] * f[st.u[2]] +
                   st.wu[3] * f[st.u[3]];
        phi_v[m] = st.wv[0] * f[st.v[0]] + st.wv[1] * f[st.v[1]] + st.wv[2] * f[st.v[2]] +
                   st.wv[3] * f[st.v[3]];
    }
}

void eddyi_grid_modes_velocity(const eddy_mac *g, const double *fields, int count,
                              const double *coef, double x, double y, double out_uv[2])
{
    eddy_mac_stencil st;
    eddyi_mac_stencil_at(g, x, y, &st);
    size_t n = (size_t)eddy_mac_size(g);
    double u = 0.0, v = 0.0;
    for (int m = 0; m < count; ++m) {
        if (coef[m] == 0.0) continue;
        const double *f = fields + (size_t)m * n;
        u += coef[m] * (st.wu[0] * f[st.u[0]] + st.wu[1] * f[st.u[1]] + st.wu[2] * f[st.u[2]] +
                        st.wu[3] * f[st.u[3]]);
        v += coef[m] * (st.wv[0] * f[st.v[0]] + st.wv[1] * f[st.v[1]] + st.wv[2] * f[st.v[2]] +
                        st.wv[3] * f[st.v[3]]);
    }
    out_uv[0] += u;
    out_uv[1] += v;
}

/* ------------------------------------------------------------ Laplacian */

/* Five-point Laplacian of each component. A component normal to a wall is
 * zero on it (its wall samples are taken as 0, Dirichlet); a tangential
 * component is mirrored across it (free slip, the eigenmodes' boundary
 * condition: their vorticity lambda psi vanishes on the walls). With these
 * ends the operator is symmetric in the grid product on fields that are zero
 * on the walls, and every box mode sampled by eddyi_box_sample_curl is one of
 * its eigenvectors. Wall-normal samples of the result are zero. */
void eddyi_mac_laplacian(const eddy_mac *g, const double *f, double *out)
{
    double ix2 = 1.0 / (g->hx * g->hx), iy2 = 1.0 / (g->hy * g->hy);
    memset(out, 0, (size_t)eddy_mac_size(g) * sizeof *out);
    for (int j = 0; j < g->ny; ++j)
        for (int i = 1; i < g->nx; ++i) {
            double c = f[eddy_mac_u(g, i, j)];
            double left = i > 1 ? f[eddy_mac_u(g, i - 1, j)] : 0.0;
            double right = i < g->nx - 1 ? f[eddy_mac_u(g, i + 1, j)] : 0.0;
            double down = j > 0 ? f[eddy_mac_u(g, i, j - 1)] : c;
            double up = j < g->ny - 1 ? f[eddy_mac_u(g, i, j + 1)] : c;
            out[eddy_mac_u(g, i, j)] = (left - 2.0 * c + right) * ix2 + (down - 2.0 * c + up) * iy2;
        }
    for (int j = 1; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            double c = f[eddy_mac_v(g, i, j)];
            double left = i > 0 ? f[eddy_mac_v(g, i - 1, j)] : c;
            double right = i < g->nx - 1 ? f[eddy_mac_v(g, i + 1, j)] : c;
            double down = j > 1 ? f[eddy_mac_v(g, i, j - 1)] : 0.0;
            double up = j < g->ny - 1 ? f[eddy_mac_v(g, i, j + 1)] : 0.0;
            out[eddy_mac_v(g, i, j)] = (left - 2.0 * c + right) * ix2 + (down - 2.0 * c + up) * iy2;
        }
}
