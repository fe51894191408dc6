// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* mac_grid.c - the staggered (MAC) grid: sample layout, quadrature weights,
 * inner product and discrete divergence. Used for grid-sampled modes, the
 * quadrature tensor and feedback; the reduced step itself never touches it. */
#include "core_internal.h"

eddy_mac eddy_mac_make(double width, double height, int nx, int ny)
{
    eddy_mac g;
    g.nx = nx;
    g.ny = ny;
    g.width = width;
    g.height = height;
    g.hx = width / nx;
    g.hy = height / ny;
    return g;
}

int eddy_mac_position(const eddy_mac *g, int s, double *x, double *y)
{
    int nu = eddy_mac_u_count(g);
    if (s < nu) {
        int i = s % (g->nx + 1), j = s / (g->nx + 1);
        *x = i * g->hx;
        *y = (j + 0.5) * g->hy;
        return 0;
    }
    s -= nu;
    int i = s % g->nx, j = s / g->nx;
    *x = (i + 0.5) * g->hx;
    *y = j * g->hy;
    return 1;
}

/* Trapezoid rule across the faces: a face on a wall stands for half a cell. */
double eddy_mac_weight(const eddy_mac *g, int s)
{
    int nu = eddy_mac_u_count(g);
    double w = g->hx * g->hy;
    if (s < nu) {
        int i = s % (g->nx + 1);
        return (i == 0 || i == g->nx) ? 0.5 * w : w;
    }
    int j = (s - nu) / g->nx;
    return (j == 0 || j == g->ny) ? 0.5 * w : w;
}

double eddy_mac_dot(const eddy_mac *g, const double *a, const double *b)
{
    int n = eddy_mac_size(g);
    double sum = 0.0;
    for (int s = 0; s < n; ++s)
        sum += eddy_mac_weight(g, s) * a[s] * b[s];
    return sum;
}

void eddy_mac_divergence(const eddy_mac *g, const double *f, double *div)
{
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            double du = f[eddy_mac_u(g, i + 1, j)] - f[eddy_mac_u(g, i, j)];
            double dv = f[eddy_mac_v(g, i, j + 1)] - f[eddy_mac_v(g, i, j)];
            div[j * g->nx + i] = du / g->hx + dv / g->hy;
        }
}
