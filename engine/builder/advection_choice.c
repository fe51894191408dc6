// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* advection_choice.c - which advection path a built asset takes (issue 23).
 *
 * Per step the tensor path contracts A(r) = sum_i r_i A_i once (the packed
 * skew tensor of a walled level: r^2 (r - 1) / 2 multiply-adds over as many
 * stored doubles, streamed from memory once it outgrows the caches) and
 * multiplies by A(r) once per Taylor term (r^2). The grid path
 * (engine/fluid/advect_grid.c) reconstructs and projects once per Taylor
 * term: 2 p m multiply-adds for p stream-function modes on m nodes, plus
 * 2 per face-sampled mode and open face, plus the stencil, over a few MB
 * that stay in cache. RULE (AUTO, levels with walls): advect on the grid when
 *     r^2 (r - 1) / 2 + K r^2  >  GRID_PER_TENSOR (K + 1) c_grid,
 * with c_grid the grid path's multiply-adds per product, K = TAYLOR_TERMS the
 * Taylor terms of a typical game step (4 at the default tolerance 1e-9), and
 * GRID_PER_TENSOR the measured cost of a grid multiply-add in units of a
 * tensor one (bench/bench_advection.c prints both paths side by side): 0.25,
 * the grid's products being in the widest vectors the processor has and its
 * late terms in single precision (stream_products.c, taylor.c), against a
 * tensor entry from memory. On the 64 x 40 cave the grid wins from about
 * 110 modes on.
 *
 * A box level's tensor is sparse (wave numbers couple only to sums and
 * differences: a few per cent of r^3 entries), but its contraction scatters
 * into an r x r matrix that outgrows the caches at some hundreds of modes.
 * Its grid path is the exact collocation of advect_box.c, 7 samplings per
 * product of r My + K1 Mx My multiply-adds each. RULE (AUTO, a basis of box
 * eigenmodes alone; enriched boxes keep the tensor):
 *     nnz BOX_PER_ENTRY + K r^2  >  (K + 1) c_box BOX_PER_SAMPLE,
 * the per-unit costs again from bench_advection. */
#include "builder_internal.h"

#define TAYLOR_TERMS 4.0
#define GRID_PER_TENSOR 0.25
#define BOX_PER_ENTRY 1.0
#define BOX_PER_SAMPLE 0.7

/* Open faces of the walled grid: both cells fluid, not on the box. */
static double open_faces(const eddy_asset *a)
{
    double open = 0.0;
    for (int j = 0; j < a->ny; ++j)
        for (int i = 1; i < a->nx; ++i)
            open += !a->solid[j * a->nx + i - 1] && !a->solid[j * a->nx + i];
    for (int j = 1; j < a->ny; ++j)
        for (int i = 0; i < a->nx; ++i)
            open += !a->solid[(j - 1) * a->nx + i] && !a->solid[j * a->nx + i];
    return open;
}

bool eddyi_grid_advection_cheaper(double r, double p, double m, double open)
{
    double tensor = r * r * (r - 1.0) / 2.0 + TAYLOR_TERMS * r * r;
    double grid = 2.0 * p * m + 2.0 * (r - p) * open + 12.0 * open;
    return tensor > GRID_PER_TENSOR * (TAYLOR_TERMS + 1.0) * grid;
}

/* The box: the closed-form tensor's contraction against the collocation. */
static bool box_collocation_cheaper(const eddy_asset *a)
{
    int k1 = 0, k2 = 0;
    for (int m = 0; m < a->eigen_count; ++m) {
        if (a->modes[m].k1 > k1) k1 = a->modes[m].k1;
        if (a->modes[m].k2 > k2) k2 = a->modes[m].k2;
    }
    double r = a->mode_count, mx = 3 * k1 / 2 + 1, my = 3 * k2 / 2 + 1;
    double tensor = BOX_PER_ENTRY * (double)a->tensor.nnz + TAYLOR_TERMS * r * r;
    double sampling = r * my + k1 * mx * my;
    return tensor > BOX_PER_SAMPLE * (TAYLOR_TERMS + 1.0) * 7.0 * sampling;
}

eddy_advection eddyi_build_advection(const eddy_build_desc *d, const eddy_asset *a)
{
    if (d->advection == EDDY_ADVECTION_TENSOR) return EDDY_ADVECTION_TENSOR;
    if (!a->solid) {
        bool plain = a->eigen_count == a->mode_count && d->artist_count == 0 &&
                     d->snapshot_count == 0 && d->pod_modes == 0;
        if (!plain) return EDDY_ADVECTION_TENSOR;
        return d->advection == EDDY_ADVECTION_GRID || box_collocation_cheaper(a)
                   ? EDDY_ADVECTION_GRID
                   : EDDY_ADVECTION_TENSOR;
    }
    if (d->advection == EDDY_ADVECTION_GRID) return EDDY_ADVECTION_GRID;
    return eddyi_grid_advection_cheaper(a->mode_count, a->stream_count, a->stream_nodes,
                                       open_faces(a))
               ? EDDY_ADVECTION_GRID
               : EDDY_ADVECTION_TENSOR;
}
