// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * domain.h - levels with walls (issue 14): the wall shapes, their solid mask
 * on the MAC grid, and the asset section that carries them. Internal.
 *
 *   domain_walls.c   wall geometry: checks, point inside, rasterisation
 *   asset_domain.c   the asset's 'WALL' section and the public wall queries
 *
 * The builder's half (fluid topology, the sparse eigenproblem, harmonic
 * modes, the tensor on a masked grid) is in engine/builder/domain_build.h.
 */
#ifndef EDDY_DOMAIN_H
#define EDDY_DOMAIN_H

#include "fluid_internal.h"

/* A cell index of the mask: row by row in j (eddy_mac_cell of eddy_mac.h). */
static inline int eddy_cell(const eddy_mac *g, int i, int j) { return eddy_mac_cell(g, i, j); }
/* A node (i hx, j hy), i = 0..nx, j = 0..ny, where stream functions live. */
static inline int eddy_node(const eddy_mac *g, int i, int j) { return j * (g->nx + 1) + i; }

/* The convex pieces the rigid bodies' rock is made of (eddy_scene_add_rock):
 * a polygon wall that is strictly convex with at most EDDY_OUTLINE_MAX_VERTICES
 * corners as itself, any other as its triangles (eddy_wall_triangles); each
 * counter-clockwise, sizes[i] corners. At most max pieces; returns the count
 * (0 for a circle). eddy_walls_check refuses a wall one of whose pieces fails
 * eddyi_convex_outline_check, the check bodies' polygons pass. */
int eddyi_wall_rock_pieces(const eddy_wall *wall, double (*pieces)[EDDY_OUTLINE_MAX_VERTICES][2],
                          int *sizes, int max);

/* field = discrete curl of psi on the nodes: u(i, j+1/2) = (psi(i,j+1) -
 * psi(i,j)) / hy, v(i+1/2, j) = -(psi(i+1,j) - psi(i,j)) / hx (domain_walls.c).
 * The builder makes a walled level's modes with it and the loader remakes
 * them from their stored stream functions with it, bit for bit. */
void eddyi_domain_curl(const eddy_mac *g, const double *psi, double *field);

/* eddy_walls_rasterise and eddy_face_touches_solid are public (eddy.h). */

/* Sets every sample on the outer box or touching a solid cell to exactly 0. */
void eddyi_close_solid_faces(const eddy_mac *g, const uint8_t *solid, double *field);

/* True when (x, y) is outside the box or in a solid cell of the mask. */
bool eddyi_mask_solid_at(const eddy_mac *g, const uint8_t *solid, double x, double y);

/* asset_domain.c: the 'WALL' section. */
void eddyi_asset_domain_encode(const eddy_asset *a, eddy_writer *w);
/* Decodes (s may be NULL: a box level), rasterises the mask again and checks
 * that every grid mode carries no flux through a solid face. */
eddy_result eddyi_asset_domain_decode(eddy_asset *a, const eddy_section *s, eddy_error *err);
/* asset_stream.c: the 'GPSI' section, a walled level's Laplacian eigenmodes
 * as stream functions. Decoding needs DOMN (walls flag, grid modes); the
 * fields are remade (eddyi_asset_stream_fields, into grid_modes 0..p-1) once
 * the walls' mask exists. */
void eddyi_asset_stream_encode(const eddy_asset *a, eddy_writer *w);
eddy_result eddyi_asset_stream_decode(eddy_asset *a, const eddy_section *s, eddy_error *err);
eddy_result eddyi_asset_stream_fields(eddy_asset *a, eddy_error *err);
void eddyi_asset_stream_free(eddy_asset *a);
/* Frees what the walls own (also the wall panels). */
void eddyi_asset_domain_free(eddy_asset *a);
/* a->wall_panels (panel_walls.h) from a->solid: nothing for a box level or
 * when they are there already. */
eddy_result eddyi_panel_walls_build_for_asset(eddy_asset *a, eddy_error *err);
/* Fills the asset's wall arrays from the walls and rasterises them;
 * EDDY_ERR_FORMAT for a wall that covers no cell centre, unless it lies
 * wholly above the water (a->height, of a tank filled to a depth). */
eddy_result eddyi_asset_set_walls(eddy_asset *a, const eddy_wall *walls, int count,
                                 eddy_error *err);

#endif /* EDDY_DOMAIN_H */
