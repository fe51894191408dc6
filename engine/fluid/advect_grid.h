// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* advect_grid.h - the reduced advection A(r) applied through the MAC grid
 * instead of a stored tensor (advect_grid.c; issue 23). Internal.
 *
 *   eddy_advect_grid *op;
 *   eddyi_advect_grid_create(asset, &op, &err);     // sizes everything
 *   double bound = eddyi_advect_grid_freeze(op, r); // u_r for this step
 *   eddyi_advect_grid_apply(op, v, out);            // out = A(r) v, any v
 *
 * Only for a basis of grid modes (a level with walls). Nothing after create
 * allocates; the same inputs give the same bits. */
#ifndef EDDY_ADVECT_GRID_H
#define EDDY_ADVECT_GRID_H

#include "fluid_internal.h"

typedef struct eddy_advect_grid eddy_advect_grid;

/* EDDY_ERR_ARGUMENT for an asset with box eigenmodes; EDDY_ERR_MEMORY. */
eddy_result eddyi_advect_grid_create(const eddy_asset *a, eddy_advect_grid **out,
                                    eddy_error *err);
void eddyi_advect_grid_destroy(eddy_advect_grid *op); /* accepts NULL */

/* Freezes A(r) for the coefficients coef (5.8): reconstructs u_r on the grid
 * and the transport coefficients of the advection stencil. Returns an upper
 * bound of |A(r)|_2 (for the Taylor series' substeps and the step's clamp),
 * not finite when coef is not. */
double eddyi_advect_grid_freeze(eddy_advect_grid *op, const double *coef);

/* out = A(r) x for the frozen r: the skew-symmetric part of the Galerkin
 * advection, as the stored (skew-symmetrised) tensor contracts it. op is an
 * eddy_advect_grid; the signature is eddy_linear_fn's. */
void eddyi_advect_grid_apply(void *op, const double *x, double *out);

/* out = A(r) x with the dense products in single precision, in about half
 * the time of the exact product. Its error is taken to be at most
 * EDDY_ADVECT_GRID_COARSE_ERROR of bound |x| (the bound freeze returned):
 * measured 5e-8 at 256 and 9e-8 at 512 modes of the cave, 1e-8 on the
 * tests' basis (tests/test_advect_grid.c). For the Taylor terms whose size
 * makes that error negligible (taylor.c decides). */
void eddyi_advect_grid_apply_coarse(void *op, const double *x, double *out);
#define EDDY_ADVECT_GRID_COARSE_ERROR 1e-6

#endif /* EDDY_ADVECT_GRID_H */
