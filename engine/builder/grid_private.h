// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * grid_private.h - the full-grid solver's state, shared by grid_solver.c,
 * grid_project.c and grid_advect.c only. Everything here is sized at creation.
 */
#ifndef EDDY_GRID_PRIVATE_H
#define EDDY_GRID_PRIVATE_H

#include "eddy_grid.h"
#include "fluid_internal.h"

#include <fftw3.h>

struct eddy_grid_solver {
    eddy_mac mac;
    int cells;                  /* nx * ny */
    int faces;                  /* eddy_mac_size: samples per field */
    eddy_grid_pressure pressure;
    eddy_grid_advection advection;
    double cg_tolerance;
    int cg_max_iterations;

    /* Obstacles. */
    uint8_t *solid;             /* cells: 1 = solid */
    uint8_t *open;              /* faces: 1 = may carry flow */
    int solid_count;

    /* Exact box projection: DCT-II / DCT-III of the cell-centred pressure. */
    double *fft_buf;            /* cells, fftw_malloc'd, transformed in place */
    double *fft_inverse_eigen;  /* cells: 1 / (eigenvalue * 4 nx ny), 0 for the mean */
    fftw_plan dct_forward;      /* REDFT10 x REDFT10 */
    fftw_plan dct_inverse;      /* REDFT01 x REDFT01 */

    /* Conjugate gradient on the negated Laplacian A = -div grad over fluid
     * cells: (A p)_c = diag_c p_c + sum of off-diagonals to open neighbours. */
    double *diag;               /* cells */
    double *off_x;              /* cells: coupling to (i+1, j), 0 if closed */
    double *off_y;              /* cells: coupling to (i, j+1), 0 if closed */
    double *precon;             /* cells: modified incomplete Cholesky, 1/sqrt(pivot) */
    double *lower_x, *lower_y;  /* cells: off_x * precon, off_y * precon */
    double *pressure_p;         /* cells: the last solution (the CG's warm start) */
    double *rhs, *resid, *zvec, *dir, *adir;
    int *component;             /* cells: connected fluid region, -1 for solid */
    int component_count;
    int *queue;                 /* cells: flood-fill scratch */
    double *component_sum;      /* cells (at most one component per cell) */
    int *component_size;        /* cells */

    /* Advection scratch (faces each). */
    double *work, *fwd, *bwd, *lo, *hi;

    eddy_grid_stats stats;
};

/* grid_project.c */
void eddyi_grid_dct_eigen_init(eddy_grid_solver *s);
void eddyi_grid_pcg_setup(eddy_grid_solver *s);
/* The projection on a field known to be finite. warm: the conjugate gradient
 * starts from the last pressure found (stepping), else from zero. */
eddy_result eddyi_grid_project_checked(eddy_grid_solver *s, double *field, bool warm,
                                      eddy_error *err);

/* grid_advect.c */
void eddyi_grid_advect_into(eddy_grid_solver *s, const double *field, double dt, double *out);

#endif /* EDDY_GRID_PRIVATE_H */
