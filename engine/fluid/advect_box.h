// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* advect_box.h - the reduced advection of box eigenmodes on an exact
 * collocation grid instead of the stored tensor (advect_box.c; issue 23).
 * Internal; the same use as advect_grid.h:
 *
 *   eddy_advect_box *op;
 *   eddyi_advect_box_create(asset, &op, &err);      // sizes everything
 *   double bound = eddyi_advect_box_freeze(op, r);  // u_r for this step
 *   eddyi_advect_box_apply(op, v, out);             // out = A(r) v
 *
 * Only for a basis of box eigenmodes alone. Nothing after create allocates;
 * the same inputs give the same bits. */
#ifndef EDDY_ADVECT_BOX_H
#define EDDY_ADVECT_BOX_H

#include "fluid_internal.h"

typedef struct eddy_advect_box eddy_advect_box;

/* EDDY_ERR_ARGUMENT for an asset with grid modes or walls; EDDY_ERR_MEMORY. */
eddy_result eddyi_advect_box_create(const eddy_asset *a, eddy_advect_box **out, eddy_error *err);
void eddyi_advect_box_destroy(eddy_advect_box *op); /* accepts NULL */

/* Freezes A(r) for coef (samples u_r); returns an estimate of |A(r)|_2 from
 * above (the largest sampled speed, doubled, times sqrt(lambda_max)). */
double eddyi_advect_box_freeze(eddy_advect_box *op, const double *coef);

/* out = A(r) x (eddy_linear_fn's signature; op is an eddy_advect_box). */
void eddyi_advect_box_apply(void *op, const double *x, double *out);

#endif /* EDDY_ADVECT_BOX_H */
