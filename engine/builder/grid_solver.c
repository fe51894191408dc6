// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* grid_solver.c - the full-grid MAC solver: creation, obstacles, forces and
 * the split step of a grid fluid (docs/design.md, "The full-grid solver"):
 * advect, add forces, project. The projection lives in grid_project.c,
 * advection in grid_advect.c. */
#include "grid_private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ creation */

#define CELL_MIN 1e-100
#define CELL_MAX 1e100
#define CELL_ASPECT_MAX 1e6

static eddy_result check_desc(const eddy_grid_desc *d, eddy_error *err)
{
    if (!(isfinite(d->width) && d->width > 0.0 && isfinite(d->height) && d->height > 0.0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "grid solver: domain %g x %g must be finite and positive", d->width,
                         d->height);
    if (d->nx < 2 || d->ny < 2)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "grid solver: grid %d x %d needs at least 2 cells per axis", d->nx,
                         d->ny);
    /* The solver squares and divides by the cell sides: fuzz_paint found a
     * 12 x 7.51e307 m domain whose hy^2 overflowed, and a projection that
     * filled the field with NaN. Cells between 1e-100 and 1e100 m with an
     * aspect ratio of at most 1e6 keep every such term finite. */
    double hx = d->width / d->nx, hy = d->height / d->ny;
    if (!(hx >= CELL_MIN && hx <= CELL_MAX && hy >= CELL_MIN && hy <= CELL_MAX &&
          hx <= CELL_ASPECT_MAX * hy && hy <= CELL_ASPECT_MAX * hx))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "grid solver: cells of %g x %g m (a %g x %g m domain on %d x %d) are "
                         "outside %g..%g m or more than %g times longer than wide", hx, hy,
                         d->width, d->height, d->nx, d->ny, CELL_MIN, CELL_MAX, CELL_ASPECT_MAX);
    if ((long long)d->nx * d->ny > EDDY_GRID_MAX_CELLS)
        return eddy_fail(err, EDDY_ERR_RANGE, "grid solver: grid %d x %d exceeds %d cells",
                         d->nx, d->ny, EDDY_GRID_MAX_CELLS);
    if (d->pressure < EDDY_GRID_PRESSURE_AUTO || d->pressure > EDDY_GRID_PRESSURE_PCG)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid solver: unknown pressure method %d",
                         (int)d->pressure);
    if (d->advection < EDDY_GRID_ADVECT_MACCORMACK ||
        d->advection > EDDY_GRID_ADVECT_SEMI_LAGRANGIAN)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid solver: unknown advection scheme %d",
                         (int)d->advection);
    if (!(isfinite(d->cg_tolerance) && d->cg_tolerance >= 0.0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "grid solver: CG tolerance %g must be finite and >= 0",
                         d->cg_tolerance);
    if (d->cg_max_iterations < 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid solver: CG iteration cap %d is negative",
                         d->cg_max_iterations);
    return EDDY_OK;
}

static bool allocate_buffers(eddy_grid_solver *s)
{
    size_t c = (size_t)s->cells, f = (size_t)s->faces;
    s->solid = eddy_calloc(c, 1);
    s->open = eddy_calloc(f, 1);
    s->fft_buf = fftw_malloc(c * sizeof(double));
    s->fft_inverse_eigen = eddy_calloc(c, sizeof(double));
    double **cell_arrays[] = {&s->diag,    &s->off_x,   &s->off_y, &s->precon, &s->lower_x,
                              &s->lower_y, &s->pressure_p, &s->rhs, &s->resid, &s->zvec,
                              &s->dir,     &s->adir,    &s->component_sum};
    for (size_t k = 0; k < sizeof cell_arrays / sizeof cell_arrays[0]; ++k)
        *cell_arrays[k] = eddy_calloc(c, sizeof(double));
    double **face_arrays[] = {&s->work, &s->fwd, &s->bwd, &s->lo, &s->hi};
    for (size_t k = 0; k < sizeof face_arrays / sizeof face_arrays[0]; ++k)
        *face_arrays[k] = eddy_calloc(f, sizeof(double));
    s->component = eddy_calloc(c, sizeof(int));
    s->queue = eddy_calloc(c, sizeof(int));
    s->component_size = eddy_calloc(c, sizeof(int));

    bool ok = s->solid && s->open && s->fft_buf && s->fft_inverse_eigen && s->component &&
              s->queue && s->component_size;
    for (size_t k = 0; k < sizeof cell_arrays / sizeof cell_arrays[0]; ++k)
        ok = ok && *cell_arrays[k];
    for (size_t k = 0; k < sizeof face_arrays / sizeof face_arrays[0]; ++k)
        ok = ok && *face_arrays[k];
    return ok;
}

/* Plans are made once, with FFTW_ESTIMATE so that the plan (and so the
 * arithmetic) does not depend on timing measurements. Both act in place on
 * fft_buf, stored row by row in j: FFTW's first dimension is y. */
static bool make_plans(eddy_grid_solver *s)
{
    int nx = s->mac.nx, ny = s->mac.ny;
    s->dct_forward = fftw_plan_r2r_2d(ny, nx, s->fft_buf, s->fft_buf, FFTW_REDFT10,
                                      FFTW_REDFT10, FFTW_ESTIMATE);
    s->dct_inverse = fftw_plan_r2r_2d(ny, nx, s->fft_buf, s->fft_buf, FFTW_REDFT01,
                                      FFTW_REDFT01, FFTW_ESTIMATE);
    return s->dct_forward && s->dct_inverse;
}

/* Measured on one core (x86-64, 2026; make bench: bench_cost), rounded up:
 * a transform step 170 ns a cell (64^2 .. 1024^2); a conjugate-gradient
 * iteration 8 to 11 ns a cell, and 0.3 (nx + ny) iterations a step (64 x 40
 * .. 256 x 160 with a shelf of rock), taken here as 0.5 (nx + ny); a
 * document with its solver 340 bytes a cell. */
#define GRID_S_PER_CELL 2.0e-7
#define GRID_PCG_S_PER_CELL_ITERATION 1.1e-8
#define GRID_PCG_ITERATIONS_PER_SIDE 0.5
#define GRID_CREATE_S_PER_CELL 4.0e-7
#define GRID_BYTES_PER_CELL 400.0

void eddy_grid_estimate(int nx, int ny, bool solids, eddy_grid_cost *out)
{
    double cells = (double)nx * (double)ny;
    out->step_seconds = GRID_S_PER_CELL * cells;
    if (solids)
        out->step_seconds += GRID_PCG_S_PER_CELL_ITERATION * cells *
                             GRID_PCG_ITERATIONS_PER_SIDE * ((double)nx + ny);
    out->create_seconds = GRID_CREATE_S_PER_CELL * cells;
    out->field_bytes = 8.0 * ((double)(nx + 1) * ny + (double)nx * (ny + 1));
    out->bytes = GRID_BYTES_PER_CELL * cells;
}

eddy_result eddy_grid_solver_create(const eddy_grid_desc *desc, eddy_grid_solver **out,
                                    eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid solver: NULL output pointer");
    *out = NULL;
    if (!desc)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid solver: NULL description");
    eddy_result rc = check_desc(desc, err);
    if (rc != EDDY_OK)
        return rc;

    eddy_grid_solver *s = eddy_calloc(1, sizeof *s);
    if (!s)
        return eddy_fail(err, EDDY_ERR_MEMORY, "grid solver: out of memory");
    s->mac = eddy_mac_make(desc->width, desc->height, desc->nx, desc->ny);
    s->cells = desc->nx * desc->ny;
    s->faces = eddy_mac_size(&s->mac);
    s->pressure = desc->pressure;
    s->advection = desc->advection;
    s->cg_tolerance = desc->cg_tolerance > 0.0 ? desc->cg_tolerance : 1e-10;
    s->cg_max_iterations =
        desc->cg_max_iterations > 0 ? desc->cg_max_iterations : 4 * (desc->nx + desc->ny) + 100;

    if (!allocate_buffers(s)) {
        eddy_grid_solver_destroy(s);
        return eddy_fail(err, EDDY_ERR_MEMORY, "grid solver: out of memory for a %d x %d grid",
                         desc->nx, desc->ny);
    }
    if (!make_plans(s)) {
        eddy_grid_solver_destroy(s);
        return eddy_fail(err, EDDY_ERR_MEMORY, "grid solver: FFTW could not plan a %d x %d "
                         "cosine transform", desc->nx, desc->ny);
    }
    eddyi_grid_dct_eigen_init(s);
    rc = eddy_grid_set_solid(s, desc->solid, err);
    if (rc != EDDY_OK) {
        eddy_grid_solver_destroy(s);
        return rc;
    }
    *out = s;
    return EDDY_OK;
}

void eddy_grid_solver_destroy(eddy_grid_solver *s)
{
    if (!s)
        return;
    if (s->dct_forward)
        fftw_destroy_plan(s->dct_forward);
    if (s->dct_inverse)
        fftw_destroy_plan(s->dct_inverse);
    fftw_free(s->fft_buf);
    eddy_free(s->fft_inverse_eigen);
    eddy_free(s->solid);
    eddy_free(s->open);
    double *arrays[] = {s->diag, s->off_x, s->off_y, s->precon, s->lower_x, s->lower_y,
                        s->pressure_p,
                        s->rhs,  s->resid, s->zvec,  s->dir,    s->adir,
                        s->component_sum, s->work, s->fwd, s->bwd, s->lo, s->hi};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; ++k)
        eddy_free(arrays[k]);
    eddy_free(s->component);
    eddy_free(s->queue);
    eddy_free(s->component_size);
    eddy_free(s);
}

const eddy_mac *eddy_grid_solver_mac(const eddy_grid_solver *s) { return &s->mac; }
int eddy_grid_solver_field_size(const eddy_grid_solver *s) { return s->faces; }
void eddy_grid_solver_stats(const eddy_grid_solver *s, eddy_grid_stats *out) { *out = s->stats; }

/* ------------------------------------------------------------ obstacles */

bool eddy_grid_is_solid(const eddy_grid_solver *s, int i, int j)
{
    return s->solid[j * s->mac.nx + i] != 0;
}

bool eddy_grid_face_open(const eddy_grid_solver *s, int sample) { return s->open[sample] != 0; }

/* A face carries flow when it is not on a wall and both cells beside it are
 * fluid (lecture notes: "fluid cannot flow through a solid", v . n = 0). */
static void mark_open_faces(eddy_grid_solver *s)
{
    const eddy_mac *g = &s->mac;
    int nx = g->nx, ny = g->ny;
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i <= nx; ++i) {
            bool open = i > 0 && i < nx && !s->solid[j * nx + i - 1] && !s->solid[j * nx + i];
            s->open[eddy_mac_u(g, i, j)] = open;
        }
    for (int j = 0; j <= ny; ++j)
        for (int i = 0; i < nx; ++i) {
            bool open = j > 0 && j < ny && !s->solid[(j - 1) * nx + i] && !s->solid[j * nx + i];
            s->open[eddy_mac_v(g, i, j)] = open;
        }
}

eddy_result eddy_grid_set_solid(eddy_grid_solver *s, const uint8_t *solid, eddy_error *err)
{
    if (!s)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid solver: NULL solver");
    s->solid_count = 0;
    for (int c = 0; c < s->cells; ++c) {
        s->solid[c] = solid && solid[c] ? 1 : 0;
        s->solid_count += s->solid[c];
    }
    mark_open_faces(s);
    eddyi_grid_pcg_setup(s);
    memset(s->pressure_p, 0, (size_t)s->cells * sizeof *s->pressure_p); /* no stale warm start */
    return EDDY_OK;
}

void eddy_grid_close_faces(const eddy_grid_solver *s, double *field)
{
    for (int k = 0; k < s->faces; ++k)
        if (!s->open[k])
            field[k] = 0.0;
}

double eddy_grid_max_divergence(const eddy_grid_solver *s, const double *field)
{
    const eddy_mac *g = &s->mac;
    double worst = 0.0;
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            if (s->solid[j * g->nx + i])
                continue;
            double du = field[eddy_mac_u(g, i + 1, j)] - field[eddy_mac_u(g, i, j)];
            double dv = field[eddy_mac_v(g, i, j + 1)] - field[eddy_mac_v(g, i, j)];
            double d = fabs(du / g->hx + dv / g->hy);
            if (d > worst)
                worst = d;
        }
    return worst;
}

/* ------------------------------------------------------------ stepping */

static bool all_finite(const double *a, int n)
{
    for (int k = 0; k < n; ++k)
        if (!isfinite(a[k]))
            return false;
    return true;
}

static eddy_result check_dt(double dt, eddy_error *err)
{
    if (!(isfinite(dt) && dt > 0.0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid solver: dt %g must be finite and positive",
                         dt);
    return EDDY_OK;
}

eddy_result eddy_grid_project(eddy_grid_solver *s, double *field, eddy_error *err)
{
    if (!s || !field)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid projection: NULL argument");
    if (!all_finite(field, s->faces))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid projection: field has NaN or Inf values");
    return eddyi_grid_project_checked(s, field, false, err);
}

eddy_result eddy_grid_advect(eddy_grid_solver *s, const double *field, double dt, double *out,
                             eddy_error *err)
{
    if (!s || !field || !out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid advection: NULL argument");
    eddy_result rc = check_dt(dt, err);
    if (rc != EDDY_OK)
        return rc;
    if (!all_finite(field, s->faces))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid advection: field has NaN or Inf values");
    eddyi_grid_advect_into(s, field, dt, out);
    return EDDY_OK;
}

/* Explicit external force (lecture notes: v <- v + dt g). */
static void add_scaled(double *field, const double *force, double dt, int n)
{
    for (int k = 0; k < n; ++k)
        field[k] += dt * force[k];
}

eddy_result eddy_grid_add_force(eddy_grid_solver *s, double *field, const double *force,
                                double dt, eddy_error *err)
{
    if (!s || !field || !force)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid force: NULL argument");
    eddy_result rc = check_dt(dt, err);
    if (rc != EDDY_OK)
        return rc;
    add_scaled(field, force, dt, s->faces);
    return EDDY_OK;
}

eddy_result eddy_grid_step(eddy_grid_solver *s, double *field, const double *force, double dt,
                           eddy_error *err)
{
    if (!s || !field)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid step: NULL argument");
    eddy_result rc = check_dt(dt, err);
    if (rc != EDDY_OK)
        return rc;
    if (!all_finite(field, s->faces))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "grid step: field has NaN or Inf values");

    double t0 = eddyi_now_ms();
    eddyi_grid_advect_into(s, field, dt, s->work);
    double t1 = eddyi_now_ms();
    if (force)
        add_scaled(s->work, force, dt, s->faces);
    if (!all_finite(s->work, s->faces))
        return eddy_fail(err, EDDY_ERR_NUMERIC, "grid step: velocity went non-finite "
                         "(force with NaN/Inf, or overflow)");
    rc = eddyi_grid_project_checked(s, s->work, true, err);
    double t2 = eddyi_now_ms();
    s->stats.advect_ms = t1 - t0;
    s->stats.project_ms = t2 - t1;
    if (rc != EDDY_OK)
        return rc;
    memcpy(field, s->work, (size_t)s->faces * sizeof *field);
    return EDDY_OK;
}
