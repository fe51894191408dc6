// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_format.h - an asset file's kind, section tags and limits (the layout
 * is described at the top of asset.c), shared by the loader (asset.c) and the
 * builder, which builds (builder/asset_build.c) and writes
 * (builder/asset_write.c) assets. Not installed. */
#ifndef EDDY_ASSET_FORMAT_H
#define EDDY_ASSET_FORMAT_H

#include "eddy.h"
#include "core_internal.h"

#define KIND_ASSET EDDY_FOURCC('A', 'S', 'S', 'T')
#define TAG_DOMAIN EDDY_FOURCC('D', 'O', 'M', 'N')
#define TAG_EIGEN EDDY_FOURCC('E', 'M', 'O', 'D')
#define TAG_VISC EDDY_FOURCC('V', 'I', 'S', 'C')
#define TAG_ADVECT EDDY_FOURCC('A', 'D', 'V', 'T')
#define TAG_GRID EDDY_FOURCC('G', 'M', 'O', 'D')
#define TAG_ARTIST EDDY_FOURCC('A', 'R', 'T', 'P')
#define TAG_SHAPES EDDY_FOURCC('S', 'H', 'A', 'P')
#define TAG_QUADTREE EDDY_FOURCC('Q', 'T', 'R', 'E')
#define TAG_WALLS EDDY_FOURCC('W', 'A', 'L', 'L')
#define TAG_SURFACE EDDY_FOURCC('S', 'U', 'R', 'F')
#define TAG_STREAM EDDY_FOURCC('G', 'P', 'S', 'I') /* format 3: asset_stream.c */

#define FLAG_DIAGONAL 1u
#define FLAG_WALLS 2u /* walls: no box eigenmodes, section 'WALL' (asset_domain.c) */
#define FLAG_GRID_ADVECTION 4u /* format 3: advection on the grid, no 'ADVT' (advect_grid.c) */
#define MAX_GRID 4096
#define MAX_MODES 4096
#define MAX_FILE_BYTES ((size_t)1 << 31)
#define MAX_ARTISTS 4096

/* What the numbers of a decoded asset must mean (asset_meaning.c): run by
 * the loader after every section is decoded; EDDY_ERR_FORMAT naming the
 * section and what is wrong. */
eddy_result eddyi_asset_check_meaning(const eddy_asset *a, eddy_error *err);
/* The largest |entry| the advection tensor and the viscosity may hold on this
 * asset's domain, grid and basis (asset_meaning.c explains the bounds). */
double eddyi_asset_advection_bound(const eddy_asset *a);
double eddyi_asset_viscosity_bound(const eddy_asset *a);

#endif
