// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_grid.h - a full-grid MAC fluid solver, in libeddy-build (it uses FFTW).
 * It is the reference the reduced model is checked against, the designers'
 * paint tool's simulator (chapter 5.2: a painted velocity is projected onto a
 * divergence-free field and may then be stepped), and the source of recorded
 * snapshots for data-driven modes (eddy_mode.h, eddy_build.h).
 *
 * Fields use the layout of eddy_mac.h exactly: one array of eddy_mac_size()
 * doubles, all u samples (vertical faces, i = 0..nx, wall faces included) row
 * by row, then all v samples (horizontal faces, j = 0..ny). The caller owns
 * its fields; the solver only owns scratch.
 *
 * One step is the classic splitting of a grid fluid (docs/design.md, "The
 * full-grid solver"): advection, then external forces, then the
 * pressure projection
 *     v <- v - grad p  with  div grad p = div v,
 * where p absorbs dt / rho. The projection is exact for the plain box (cosine
 * transforms, eddy_grid_project_fft) and a preconditioned conjugate gradient
 * when solid cells are present (eddy_grid_project_pcg).
 *
 * USAGE
 *
 *   eddy_grid_desc d = {0};
 *   d.width = 10; d.height = 10; d.nx = 64; d.ny = 64;   // the rest: defaults
 *   eddy_grid_solver *s;
 *   if (eddy_grid_solver_create(&d, &s, &err) != EDDY_OK) ...
 *   double *field = eddy_calloc(eddy_grid_solver_field_size(s), sizeof *field);
 *   ... paint into field ...
 *   eddy_grid_project(s, field, &err);          // divergence-free now
 *   eddy_grid_step(s, field, force_or_NULL, 1.0 / 60, &err);
 *   eddy_grid_solver_destroy(s);
 *
 * Nothing after create allocates. Results are bit-identical for the same
 * inputs on the same build. The solver never prints. Creating and destroying
 * solvers calls the FFTW planner, which is not thread-safe: do not create
 * solvers from two threads at once (stepping distinct solvers is fine).
 */
#ifndef EDDY_GRID_H
#define EDDY_GRID_H

#include "eddy_base.h"
#include "eddy_mac.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How the pressure is found. */
typedef enum eddy_grid_pressure {
    EDDY_GRID_PRESSURE_AUTO = 0, /* cosine transform for the plain box, PCG with solids */
    EDDY_GRID_PRESSURE_FFT,      /* always the transform; an error while solids exist */
    EDDY_GRID_PRESSURE_PCG       /* always the conjugate gradient (for comparisons) */
} eddy_grid_pressure;

typedef enum eddy_grid_advection {
    EDDY_GRID_ADVECT_MACCORMACK = 0, /* default: second order, clamped */
    EDDY_GRID_ADVECT_SEMI_LAGRANGIAN /* first order, most dissipative, most robust */
} eddy_grid_advection;

/* Zero in any field means its default. */
typedef struct eddy_grid_desc {
    double width, height;       /* domain [0,W] x [0,H], metres; required */
    int nx, ny;                 /* cells, each >= 2; required */
    eddy_grid_pressure pressure;
    eddy_grid_advection advection;
    double cg_tolerance;        /* stop when max|div| <= tol * max|u| / min(hx,hy).
                                   Default 1e-10. */
    int cg_max_iterations;      /* default 4 * (nx + ny) + 100 */
    const uint8_t *solid;       /* nx*ny cell mask (row by row in j), non-zero =
                                   solid; copied. NULL: no solids. */
} eddy_grid_desc;

/* What the last projection (alone or inside a step) did. */
typedef struct eddy_grid_stats {
    eddy_grid_pressure method;  /* FFT or PCG: the path actually taken */
    int iterations;             /* CG iterations (0 for the transform) */
    double divergence_before;   /* max |div| over cells after walls and solid
                                   faces were closed, 1/s */
    double divergence_after;    /* the same after the projection */
    double divergence_scale;    /* max |u| / min(hx, hy) before the projection:
                                   the size a divergence is judged against */
    double advect_ms, project_ms; /* wall clock of the last step's phases;
                                     never influences results */
} eddy_grid_stats;

typedef struct eddy_grid_solver eddy_grid_solver;

/* Largest number of cells a solver accepts (keeps every index in an int). */
#define EDDY_GRID_MAX_CELLS (1 << 24)

/* What a solver on an nx x ny grid costs, known before it is made (the
 * grid half of the run cost model; docs/cli.md "Limits" lists the
 * measurements, build/bench/bench_cost measures them again): CPU seconds of
 * one step or projection (the transform for the plain box; with solids the
 * conjugate gradient at its typical iteration count, about (nx + ny) / 2;
 * its cap is 4 (nx + ny) + 100), seconds to create the solver (FFTW plans,
 * buffers), bytes of a solver with one document around it (eddy-paint: its
 * page, base, scratch), and bytes of one more field. */
typedef struct eddy_grid_cost {
    double step_seconds;
    double create_seconds;
    double bytes;
    double field_bytes;
} eddy_grid_cost;

EDDY_BUILD_API void eddy_grid_estimate(int nx, int ny, bool solids, eddy_grid_cost *out);

EDDY_BUILD_API eddy_result eddy_grid_solver_create(const eddy_grid_desc *desc,
                                                   eddy_grid_solver **out, eddy_error *err);
EDDY_BUILD_API void eddy_grid_solver_destroy(eddy_grid_solver *s); /* accepts NULL */

EDDY_BUILD_API const eddy_mac *eddy_grid_solver_mac(const eddy_grid_solver *s);
EDDY_BUILD_API int eddy_grid_solver_field_size(const eddy_grid_solver *s);
EDDY_BUILD_API void eddy_grid_solver_stats(const eddy_grid_solver *s, eddy_grid_stats *out);

/* Replaces the solid mask (nx*ny, NULL clears it). Allocates nothing, so a
 * paint tool may call it while the designer draws obstacles. */
EDDY_BUILD_API eddy_result eddy_grid_set_solid(eddy_grid_solver *s, const uint8_t *solid,
                                               eddy_error *err);
/* True for a cell that is solid. */
EDDY_BUILD_API bool eddy_grid_is_solid(const eddy_grid_solver *s, int i, int j);
/* True for a face sample that may carry flow: not on a wall, and not touching
 * a solid cell. */
EDDY_BUILD_API bool eddy_grid_face_open(const eddy_grid_solver *s, int sample);

/* Sets every closed face (walls, faces touching solids) to zero. */
EDDY_BUILD_API void eddy_grid_close_faces(const eddy_grid_solver *s, double *field);

/* Largest |divergence| over fluid cells, 1/s (solid cells are ignored). */
EDDY_BUILD_API double eddy_grid_max_divergence(const eddy_grid_solver *s, const double *field);

/* Makes field divergence-free with no flow through closed faces: the
 * orthogonal projection in the grid inner product (eddy_mac_dot). A cold
 * solve: the result depends on field and the solids only. Fails with
 * EDDY_ERR_ARGUMENT for a non-finite field (left unchanged) and with
 * EDDY_ERR_NUMERIC when the conjugate gradient did not reach its tolerance
 * within its iteration cap (field then holds the best projection found). */
EDDY_BUILD_API eddy_result eddy_grid_project(eddy_grid_solver *s, double *field, eddy_error *err);

/* out = field carried along itself for dt (advection only: no projection, no
 * wall handling beyond clamping the back-traced points into the domain).
 * out and field must not overlap. */
EDDY_BUILD_API eddy_result eddy_grid_advect(eddy_grid_solver *s, const double *field, double dt,
                                            double *out, eddy_error *err);

/* field += dt * force, force in the same layout (an acceleration, m/s^2). */
EDDY_BUILD_API eddy_result eddy_grid_add_force(eddy_grid_solver *s, double *field,
                                               const double *force, double dt, eddy_error *err);

/* One step: advect, add dt * force (force may be NULL), project. dt must be
 * finite and positive. On any error field is left as it was. With solids the
 * conjugate gradient starts from the previous step's pressure (44 instead of
 * 51 iterations on average in bench_grid_solver at 64 x 64); the result still
 * depends only on the sequence of calls made on this solver. */
EDDY_BUILD_API eddy_result eddy_grid_step(eddy_grid_solver *s, double *field, const double *force,
                                          double dt, eddy_error *err);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_GRID_H */
