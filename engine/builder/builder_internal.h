// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * builder_internal.h - declarations shared inside the builder layer (the
 * precompute side: enrichment, the grid tensor, asset building and writing,
 * the shape catalogue). Not installed.
 */
#ifndef EDDY_BUILDER_INTERNAL_H
#define EDDY_BUILDER_INTERNAL_H

#include "eddy_build.h"
#include "eddy_internal.h"

/* ------------------------------------------------------------ tensor_grid.c */

/* tensor_grid.c: the tensor of any grid-sampled modes by quadrature on the MAC
 * grid with a central-difference advection operator; fields[m] holds mode m.
 * Entries with |C| below drop * max|C| are not stored. */
eddy_result eddy_grid_advection_tensor(const eddy_mac *g, const double *const *fields, int count,
                                       double drop, eddy_tensor *out, eddy_error *err);
/* Central-difference (u . grad) v on the MAC grid, free-slip ghosts. */
void eddy_mac_advect(const eddy_mac *g, const double *u, const double *v, double *out);

/* ------------------------------------------------------------ enrich.c */

struct eddy_build_desc;
/* Enriches a freshly built pure-eigen asset with the desc's artist and
 * snapshot sets (chapter 5.2); no-op without them. On failure the asset is
 * left as it was. */
eddy_result eddy_enrich_asset(eddy_asset *a, const struct eddy_build_desc *d, eddy_error *err);

/* ------------------------------------------------------------ advection_choice.c */

/* TENSOR or GRID: how the asset a (its basis built, its tensor not yet)
 * evaluates advection, from d->advection (AUTO: the cheaper per step, by the
 * rule in advection_choice.c). GRID only for a level with walls. */
eddy_advection eddy_build_advection(const struct eddy_build_desc *d, const eddy_asset *a);
/* The rule itself: true when a walled level of r modes, p of them stream
 * functions on m nodes, with `open` open faces, steps faster on the grid. */
bool eddy_grid_advection_cheaper(double r, double p, double m, double open);

/* ------------------------------------------------------------ shape_catalogue.c */

/* Builds every shape of the catalogue into the asset: panels and the
 * pseudo-inverse of each panel matrix (5.12, 5.15). */
eddy_result eddy_asset_build_shapes(eddy_asset *a, const eddy_shape_catalogue *catalogue,
                                    eddy_error *err);

/* ------------------------------------------------------------ threads.c */

/* Pins OpenBLAS to one thread (see eddy_build.h, THREADS). */
void eddy_builder_pin_threads(void);

#endif /* EDDY_BUILDER_INTERNAL_H */
