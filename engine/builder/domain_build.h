// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * domain_build.h - the builder's half of levels with walls (issue 14):
 *
 *   domain_topology.c  which grid nodes are unknowns, which lie on the outer
 *                      boundary or on an island; the fluid must be one region
 *   domain_eigen.c     -L psi = lambda psi over the unknown nodes (5-point
 *                      Laplacian, psi = 0 on every boundary node) by ARPACK in
 *                      shift-invert mode over a CHOLMOD factorisation
 *   domain_basis.c     the modes on the MAC grid (discrete curl of psi), the
 *                      harmonic island modes, viscosity, the asset
 *   domain_tensor.c    the advection tensor by quadrature on the masked grid
 *
 * Stream functions live on the nodes (i hx, j hy), i = 0..nx, j = 0..ny,
 * node index j (nx + 1) + i. Internal; precompute only (allocates freely).
 */
#ifndef EDDY_DOMAIN_BUILD_H
#define EDDY_DOMAIN_BUILD_H

#include "domain.h"

struct eddy_build_desc;

/* The nodes of a masked grid. A node is a boundary node when it is on the
 * outer box or a corner of a solid cell; boundary nodes joined through solid
 * cells (or the box) form one wall: component 0 is the box and every wall
 * touching it, components 1..islands are the islands. The other nodes are
 * the unknowns of the stream function. */
typedef struct eddy_domain_topology {
    eddy_mac mac;
    const uint8_t *solid;  /* not owned */
    int nodes;
    int unknowns;
    int islands;
    int fluid_cells;
    int *node_unknown;     /* nodes: unknown index, or -1 on a boundary */
    int *node_component;   /* nodes: -1 for an unknown, else its wall */
    int *unknown_node;     /* unknowns: node index */
} eddy_domain_topology;

/* EDDY_ERR_FORMAT when no cell is fluid or the fluid cells (joined through
 * the faces between them) form more than one region; the message names a
 * cell of two of them. */
eddy_result eddyi_domain_topology_build(const eddy_mac *g, const uint8_t *solid,
                                       eddy_domain_topology *t, eddy_error *err);
void eddyi_domain_topology_free(eddy_domain_topology *t);

/* The 5-point operator -L over the unknowns (Dirichlet elsewhere), factorised
 * by CHOLMOD (simplicial LDL', AMD ordering: deterministic, no threads). */
typedef struct eddy_laplace_factor eddy_laplace_factor;
eddy_result eddyi_laplace_factor_create(const eddy_domain_topology *t, eddy_laplace_factor **out,
                                       eddy_error *err);
void eddyi_laplace_factor_destroy(eddy_laplace_factor *f);
/* x = (-L)^-1 b over the unknowns. */
eddy_result eddyi_laplace_factor_solve(eddy_laplace_factor *f, const double *b, double *x,
                                      eddy_error *err);

/* The count smallest eigenvalues lambda[] of -L over the unknowns (ascending)
 * and their eigenvectors (count x unknowns, unit Euclidean length): ARPACK's
 * symmetric Lanczos in shift-invert mode about 0, a fixed start vector.
 * EDDY_ERR_RANGE for count >= unknowns, EDDY_ERR_NUMERIC when ARPACK fails
 * or does not converge. */
eddy_result eddyi_domain_eigen_solve(const eddy_domain_topology *t, eddy_laplace_factor *f,
                                    int count, double *lambda, double *vectors, eddy_error *err);

/* Nodal vorticity of a MAC field at the unknowns (curl of u; equals -L psi
 * for field = curl psi): omega[unknowns]. */
void eddyi_domain_vorticity(const eddy_domain_topology *t, const double *field, double *omega);

/* (u . grad) v on a masked MAC grid: central differences, the tangential
 * value mirrored across the box and into solid (free slip), the wall-normal
 * samples (zero) used as they are; closed faces of the result are zero. */
void eddyi_mac_advect_masked(const eddy_mac *g, const uint8_t *solid, const double *u,
                            const double *v, double *out);

/* The tensor C_ikj = -<b_k, (b_i . grad) b_j>_W of count MAC fields (stored
 * one after another) by quadrature with eddyi_mac_advect_masked, one slot at a
 * time with a matrix product; entries below drop times the largest are not
 * stored; then skew-symmetrised. */
eddy_result eddyi_domain_tensor(const eddy_mac *g, const uint8_t *solid, const double *fields,
                               int count, double drop, eddy_tensor *out,
                               const struct eddy_build_desc *progress, eddy_error *err);

/* Builds the basis of a level with walls into a fresh asset (domain, grid and
 * desc already checked): walls, mask, modes, viscosity, tensor, wall panels. */
eddy_result eddyi_domain_build_asset(eddy_asset *a, const struct eddy_build_desc *d,
                                    eddy_error *err);

#endif /* EDDY_DOMAIN_BUILD_H */
