// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* builder_none.c - the builder's stages that need LAPACK, OpenBLAS, ARPACK
 * or CHOLMOD, for a build that has none of them (the Windows cross-build:
 * Debian builds none for mingw; MSYS2 has them, README "Windows").
 *
 * Such a build links the rest of libeddy-build unchanged: mode files, shape
 * catalogues, asset writing, cost estimates, the full-grid solver (with
 * fftw_dct.c beside this file) and eddy_build_asset itself, which still
 * builds what is closed-form: a plain box's eigenmodes, its advection tensor
 * and its water's sloshing modes. The three stages below stand in for
 * domain_basis.c (walls: ARPACK over a CHOLMOD factor), enrich.c (painted
 * modes, snapshots, POD: LAPACK's SVD) and surface_build.c's grid case
 * (water with walls); each refuses with NO_BUILDER, so eddy-paint's preview
 * and eddy-level's build say what is missing and how to get it instead of
 * the program failing to link. Never linked beside the real stages. */
#include "builder_internal.h"
#include "domain_build.h"
#include "surface_modes.h"

#include <string.h>

#define NO_BUILDER                                                                  \
    "this build has no builder (LAPACK, ARPACK, CHOLMOD): build eddy with MSYS2's " \
    "packages (README, \"Windows\") or use eddy-level build on Linux"

eddy_result eddyi_domain_build_asset(eddy_asset *a, const eddy_build_desc *d, eddy_error *err)
{
    (void)a, (void)d;
    return eddy_fail(err, EDDY_ERR_ARGUMENT, "walls: %s", NO_BUILDER);
}

/* Nothing to enrich is no work at all, as in enrich.c. */
eddy_result eddyi_enrich_asset(eddy_asset *a, const eddy_build_desc *d, eddy_error *err)
{
    (void)a;
    if (d->report) memset(d->report, 0, sizeof *d->report);
    if (d->artist_count == 0 && d->snapshot_count == 0 && d->pod_modes == 0) return EDDY_OK;
    return eddy_fail(err, EDDY_ERR_ARGUMENT, "painted modes: %s", NO_BUILDER);
}

/* The box's sloshing modes are closed-form (engine/fluid/surface_modes.c). */
eddy_result eddyi_surface_build(eddy_asset *a, int count, eddy_error *err)
{
    if (!a->solid) return eddyi_surface_box_make(a, count, &a->surface, err);
    return eddy_fail(err, EDDY_ERR_ARGUMENT, "water with walls: %s", NO_BUILDER);
}
