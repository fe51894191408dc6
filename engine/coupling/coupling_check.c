// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_check.c - a coupled step's arguments checked before anything
 * moves (issue 30: eddy_coupling_step(c, 1e15) used to step the fluid, then
 * have the world refuse the dt, and every later step failed because the
 * world had not been stepped since that advance). The dt must be one both
 * halves take: the fluid's (finite, positive, at most EDDY_FLUID_MAX_DT) and
 * the rigid-body world's, whose bound (1e15 s) is wider. */
#include "coupling_internal.h"
#include "fluid_internal.h"

eddy_result eddyi_coupling_check_step(const eddy_coupling *c, double dt, eddy_error *err)
{
    if (!c) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: NULL coupling");
    if (!eddyi_fluid_dt_ok(dt))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: dt must be finite, positive and at "
                         "most %g s (got %g); nothing was stepped", EDDY_FLUID_MAX_DT, dt);
    return EDDY_OK;
}
