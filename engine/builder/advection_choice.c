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
 * Taylor terms of a typical game step, and GRID_PER_TENSOR the measured cost
 * of a grid multiply-add in units of a tensor one (bench/bench_advection.c
 * prints both paths side by side). A box level keeps its tensor: it is
 * sparse (wave numbers couple only to sums and differences), 1024 modes step
 * in about a millisecond, and the grid path is for walled bases only. */
#include "builder_internal.h"

#define TAYLOR_TERMS 8.0
#define GRID_PER_TENSOR 1.0

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

bool eddy_grid_advection_cheaper(double r, double p, double m, double open)
{
    double tensor = r * r * (r - 1.0) / 2.0 + TAYLOR_TERMS * r * r;
    double grid = 2.0 * p * m + 2.0 * (r - p) * open + 12.0 * open;
    return tensor > GRID_PER_TENSOR * (TAYLOR_TERMS + 1.0) * grid;
}

eddy_advection eddy_build_advection(const eddy_build_desc *d, const eddy_asset *a)
{
    if (!a->solid || d->advection == EDDY_ADVECTION_TENSOR) return EDDY_ADVECTION_TENSOR;
    if (d->advection == EDDY_ADVECTION_GRID) return EDDY_ADVECTION_GRID;
    return eddy_grid_advection_cheaper(a->mode_count, a->stream_count, a->stream_nodes,
                                       open_faces(a))
               ? EDDY_ADVECTION_GRID
               : EDDY_ADVECTION_TENSOR;
}
