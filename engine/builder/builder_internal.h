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
#include "fluid_internal.h"

/* ------------------------------------------------------------ tensor_grid.c */

/* tensor_grid.c: the tensor of any grid-sampled modes by quadrature on the MAC
 * grid with a central-difference advection operator; fields[m] holds mode m.
 * Entries with |C| below drop * max|C| are not stored. */
eddy_result eddyi_grid_advection_tensor(const eddy_mac *g, const double *const *fields, int count,
                                       double drop, eddy_tensor *out, eddy_error *err);
/* Central-difference (u . grad) v on the MAC grid, free-slip ghosts. */
void eddyi_mac_advect(const eddy_mac *g, const double *u, const double *v, double *out);

/* ------------------------------------------------------------ enrich.c */

struct eddy_build_desc;
/* Enriches a freshly built pure-eigen asset with the desc's artist and
 * snapshot sets (chapter 5.2); no-op without them. On failure the asset is
 * left as it was. */
eddy_result eddyi_enrich_asset(eddy_asset *a, const struct eddy_build_desc *d, eddy_error *err);

/* ------------------------------------------------------------ advection_choice.c */

/* TENSOR or GRID: how the asset a (its basis built, its tensor not yet)
 * evaluates advection, from d->advection (AUTO: the cheaper per step, by the
 * rule in advection_choice.c). GRID only for a level with walls. */
eddy_advection eddyi_build_advection(const struct eddy_build_desc *d, const eddy_asset *a);
/* The rule itself: true when a walled level of r modes, p of them stream
 * functions on m nodes, with `open` open faces, steps faster on the grid. */
bool eddyi_grid_advection_cheaper(double r, double p, double m, double open);

/* ------------------------------------------------------------ shape_catalogue.c */

/* Builds every shape of the catalogue into the asset: panels and the
 * pseudo-inverse of each panel matrix (5.12, 5.15). */
eddy_result eddyi_asset_build_shapes(eddy_asset *a, const eddy_shape_catalogue *catalogue,
                                    eddy_error *err);

/* ------------------------------------------------------------ surface_build.c */

struct eddy_asset_surface;
/* The free surface's modes of a tank filled to a depth (a->tank_height above
 * a->height) into a->surface: the closed form for a box, the grid's
 * Steklov-type eigenproblem for a level with walls (surface_build.c). */
eddy_result eddyi_surface_build(eddy_asset *a, int count, eddy_error *err);
/* The grid eigenproblem alone, into a surface of kind EDDY_SURFACE_GRID made
 * by eddyi_surface_alloc for a (a->solid may be NULL: the plain box, which the
 * tests compare with the closed form). */
eddy_result eddyi_surface_grid_solve(const eddy_asset *a, int count, struct eddy_asset_surface *out,
                                    eddy_error *err);

/* ------------------------------------------------------------ asset_build.c */

/* The description with every default filled in (eddy_build.h); a tank filled
 * to a depth becomes the water's domain: height = depth, *tank = the tank's
 * top (height itself for a full tank), ny from the full tank's cell shape
 * when not given, surface_modes defaulted. EDDY_ERR_ARGUMENT for a depth
 * that is not in (0, height] or surface modes outside 0..512. */
eddy_result eddyi_build_resolve(eddy_build_desc *d, double *tank, eddy_error *err);

/* ------------------------------------------------------------ shape_catalogue.c */

/* An upper bound on the panels shape i of the catalogue gets at this panel
 * spacing (build_cost.c prices a shape by it, before any is built). */
double eddyi_shape_catalogue_panel_bound(const eddy_shape_catalogue *c, int i, double spacing);
/* Shape i's name ("" when there is none). */
const char *eddyi_shape_catalogue_name(const eddy_shape_catalogue *c, int i);

/* ------------------------------------------------------------ threads.c */

/* Pins OpenBLAS to one thread (see eddy_build.h, THREADS). */
void eddyi_builder_pin_threads(void);

#endif /* EDDY_BUILDER_INTERNAL_H */
