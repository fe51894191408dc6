// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* feedback_stream.c - exact feedback (docs/design.md) for the grid modes of an
 * enriched basis (5.2): the box modes have closed-form stream functions
 * (panel_feedback_exact.c); a painted or recorded mode R_m has a discrete one.
 *
 * R_m is discretely divergence-free with no flux through the walls, so a
 * stream function psi_m on the grid nodes reproduces it exactly:
 * u(i, j + 1/2) = (psi(i, j+1) - psi(i, j)) / hy, v(i + 1/2, j) =
 * -(psi(i+1, j) - psi(i, j)) / hx, with psi = 0 on the walls. It is built by
 * summing u up every column of nodes. Then, as for box modes,
 *   (B^T u_p)_m = integral phi_m . u_p dA = sum_i gamma_i integral_i psi_m ds,
 * the line integrals taken by 3-point Gauss-Legendre along each real panel of
 * the bilinear interpolant of psi_m. No grid sample of u_p is needed. */
#include "coupling_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NODE(g, i, j) ((size_t)(j) * (size_t)((g)->nx + 1) + (size_t)(i))

/* psi on the nodes of one MAC field: cumulative sums of u up each column. */
static void stream_of_field(const eddy_mac *g, const double *field, double *psi)
{
    for (int i = 0; i <= g->nx; ++i) {
        psi[NODE(g, i, 0)] = 0.0;
        for (int j = 0; j < g->ny; ++j)
            psi[NODE(g, i, j + 1)] = psi[NODE(g, i, j)] + g->hy * field[eddy_mac_u(g, i, j)];
    }
}

eddy_result eddyi_stream_feedback_init(eddy_stream_feedback *s, const eddy_asset *a, eddy_error *err)
{
    memset(s, 0, sizeof *s);
    s->mac = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    s->eigen = a->eigen_count;
    s->count = a->grid_count;
    if (s->count == 0) return EDDY_OK;
    size_t nodes = (size_t)(a->nx + 1) * (size_t)(a->ny + 1), size = (size_t)eddy_mac_size(&s->mac);
    s->psi = eddy_alloc((size_t)s->count * nodes * sizeof(double));
    if (!s->psi) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for grid-mode stream functions");
    for (int m = 0; m < s->count; ++m)
        stream_of_field(&s->mac, a->grid_modes + (size_t)m * size, s->psi + (size_t)m * nodes);
    return EDDY_OK;
}

void eddyi_stream_feedback_free(eddy_stream_feedback *s)
{
    eddy_free(s->psi);
    memset(s, 0, sizeof *s);
}

/* out[m] += weight * psi_m(x, y) for every grid mode, bilinear on the nodes. */
static void add_stream_values(const eddy_stream_feedback *s, double x, double y, double weight,
                              double *out)
{
    const eddy_mac *g = &s->mac;
    double fx = x / g->hx, fy = y / g->hy;
    if (!(fx >= 0 && fy >= 0 && fx <= g->nx && fy <= g->ny)) return; /* psi = 0 outside */
    int i = (int)fx < g->nx ? (int)fx : g->nx - 1, j = (int)fy < g->ny ? (int)fy : g->ny - 1;
    double tx = fx - i, ty = fy - j;
    double w00 = (1 - tx) * (1 - ty), w10 = tx * (1 - ty), w01 = (1 - tx) * ty, w11 = tx * ty;
    size_t n00 = NODE(g, i, j), n10 = NODE(g, i + 1, j), n01 = NODE(g, i, j + 1), n11 = NODE(g, i + 1, j + 1);
    size_t nodes = (size_t)(g->nx + 1) * (size_t)(g->ny + 1);
    for (int m = 0; m < s->count; ++m) {
        const double *p = s->psi + (size_t)m * nodes;
        out[m] += weight * (w00 * p[n00] + w10 * p[n10] + w01 * p[n01] + w11 * p[n11]);
    }
}

void eddyi_stream_feedback_grid_modes(const eddy_stream_feedback *s, const eddy_panel_world *w,
                                     double *out)
{
    eddyi_stream_feedback_grid_modes_range(s, w, 0, w->panel_count, out);
}

void eddyi_stream_feedback_grid_modes_range(const eddy_stream_feedback *s,
                                           const eddy_panel_world *w, int first, int panels,
                                           double *out)
{
    static const double node[3] = {-0.7745966692414834, 0.0, 0.7745966692414834};
    static const double weight[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
    if (s->count == 0) return;
    double *grid_part = out + s->eigen;
    for (int p = first; p < first + panels; ++p) { /* real panels only, as for box modes */
        const double *seg = &w->src[4 * p];
        double half = 0.5 * hypot(seg[2] - seg[0], seg[3] - seg[1]);
        for (int q = 0; q < 3; ++q) {
            double t = 0.5 * (node[q] + 1.0);
            double x = seg[0] + t * (seg[2] - seg[0]), y = seg[1] + t * (seg[3] - seg[1]);
            add_stream_values(s, x, y, w->strength[p] * half * weight[q], grid_part);
        }
    }
}
