// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fluid.c - the run-time reduced fluid: one step is forces (5.4, 5.5), then
 * advection r <- exp(dt A(r)) r (5.8, 5.9), then viscosity r <- exp(dt nu D) r
 * (5.6). All scratch is allocated at creation; the step allocates nothing.
 * Grid modes of an enriched basis (5.2) enter the velocity and the stir
 * projection by bilinear interpolation of their MAC samples; artist modes are
 * excited by adding their stored projection (eddy_fluid_excite).
 *
 * Advection and viscosity are applied one after the other rather than as one
 * exponential of nu D + A(r): advection alone is exactly energy-conserving
 * (A(r) is skew), so its result can be renormalised to the energy it had,
 * which removes the O(dt^2) energy drift of a truncated series without
 * guessing how much the viscous part should have taken; viscosity is then
 * exact (for the eigenbasis, D is diagonal). The splitting error is of the
 * same first order in dt as freezing A(r) over the step. */
#include "advect_box.h"
#include "advect_grid.h"
#include "domain.h"
#include "fluid_internal.h"
#include "tensor_packed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_DENSITY 1000.0
/* The Taylor series (5.9) stops at a term below 1e-9 of the sum. Freezing
 * A(r) over a step already costs far more: the cave's 256 modes at 1/60 s
 * end one second 6e-4 (relative) from the same second in 16 times finer
 * steps, and 5e-9 from a series summed to 1e-15; the energy is exact either
 * way (renormalise). Each term below 1e-9 costs a walled level's grid path
 * one product with the stream functions (advect_grid.c), the tensor path
 * almost nothing, so the tighter 1e-13 of earlier versions only slowed the
 * grid path. */
#define DEFAULT_TAYLOR_TOL 1e-9
#define DEFAULT_TAYLOR_TERMS 30
#define DEFAULT_MAX_STIRS 64

/* Quadrature of a stir disc: 8-point Gauss-Legendre rings in radius (the
 * integrand is smooth in the radius), uniform angles (periodic, so the
 * trapezoid rule converges fast). */
#define STIR_RINGS 8
#define STIR_ANGLES 24
static const double gauss8_node[STIR_RINGS] = {
    -0.9602898564975363, -0.7966664774136267, -0.5255324099163290, -0.1834346424956498,
    0.1834346424956498,  0.5255324099163290,  0.7966664774136267,  0.9602898564975363};
static const double gauss8_weight[STIR_RINGS] = {
    0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.3626837833783620,
    0.3626837833783620, 0.3137066458778873, 0.2223810344533745, 0.1012285362903763};

struct eddy_fluid {
    const eddy_asset *asset;
    eddy_fluid_desc desc;
    int r;
    eddy_box_basis basis;
    double *coef;        /* r: the state */
    double *saved;       /* r: state before the step, restored on failure */
    double *advection;   /* r*r: A(r) of the current step */
    double *taylor_out;  /* r */
    double *taylor_work; /* 2r */
    double *reduced_force; /* r */
    double *phi_u, *phi_v; /* r: basis values at one point */
    int *row_sample;       /* nx + 2: a stir's samples in one face row (project_stir_grid) */
    double *row_weight;    /* nx + 2: their weights */
    double *viscous;     /* r*r: nu D for a non-diagonal D, else NULL */
    double *decay;       /* r: exp(dt nu D_kk) for the cached dt */
    double decay_dt;
    eddy_stir *stirs;
    int stir_count;
    eddy_timings timings;
    /* Grid modes (chapter 5.2): modes eig..r-1 are MAC fields of the asset,
     * evaluated by bilinear interpolation per staggered component. */
    int eig;             /* box eigenmodes, the first modes */
    eddy_mac mac;
    double *excite_rate; /* r: queued artist excitations, per second */
    bool excite_pending;
    bool paper_pipeline;  /* eddyi_fluid_set_paper_pipeline (benchmarks only) */
    double *dense_tensor; /* r^3, paper pipeline only: [i][k][j] = C_ikj */
    double *stir_transform; /* r: the stir bump's transform per mode (stir_exact.c) */
    double stir_radius;     /* ... for this radius (0: none yet) */
    eddy_packed_tensor packed; /* dense tensors (walled levels): tensor_packed.c; r = 0 if unused */
    eddy_advect_grid *grid_advect; /* A(r) v through the MAC grid (advect_grid.c), or NULL */
    eddy_advect_box *box_advect;   /* ... on the box's collocation grid (advect_box.c), or NULL */
    const void *holder;  /* the coupling that steps it, if any (eddyi_fluid_hold) */
    bool destroyed;      /* eddy_fluid_destroy came while held: the holder frees it */
};

static void apply_defaults(eddy_fluid_desc *d)
{
    if (d->density == 0.0) d->density = DEFAULT_DENSITY;
    if (d->taylor_tolerance == 0.0) d->taylor_tolerance = DEFAULT_TAYLOR_TOL;
    if (d->taylor_max_terms == 0) d->taylor_max_terms = DEFAULT_TAYLOR_TERMS;
    if (d->max_stirs == 0) d->max_stirs = DEFAULT_MAX_STIRS;
}

static eddy_result check_desc(const eddy_fluid_desc *d, eddy_error *err)
{
    if (!isfinite(d->density) || d->density <= 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "fluid density %g: must be positive", d->density);
    if (!isfinite(d->viscosity) || d->viscosity < 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "fluid viscosity %g: must be >= 0", d->viscosity);
    if (!isfinite(d->taylor_tolerance) || d->taylor_tolerance <= 0 || d->taylor_tolerance >= 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "taylor tolerance %g: must be in (0, 1)",
                         d->taylor_tolerance);
    if (d->taylor_max_terms < 1 || d->taylor_max_terms > 1000)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "taylor max terms %d: must be in 1..1000",
                         d->taylor_max_terms);
    if (d->max_stirs < 1 || d->max_stirs > 1 << 20)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "max stirs %d: must be in 1..1048576",
                         d->max_stirs);
    if (d->advection < EDDY_ADVECTION_AUTO || d->advection > EDDY_ADVECTION_GRID)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "advection %d: must be AUTO, TENSOR or GRID",
                         (int)d->advection);
    return EDDY_OK;
}

/* Which path advects (eddy.h, eddy_advection): the asset's, unless the
 * description asks for the other one and the asset allows it. */
static eddy_result choose_advection(const eddy_asset *a, const eddy_fluid_desc *d, bool *grid,
                                    eddy_error *err)
{
    *grid = a->grid_advection;
    if (d->advection == EDDY_ADVECTION_TENSOR && a->grid_advection)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "fluid: advection TENSOR asked for, but this asset "
                         "stores no tensor (it was built to advect on the grid)");
    if (d->advection == EDDY_ADVECTION_GRID && !a->solid && a->eigen_count != a->mode_count)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "fluid: advection GRID asked for, but a box level "
                         "with painted or POD modes has no grid path (only walled levels and "
                         "plain box eigenbases do)");
    if (d->advection != EDDY_ADVECTION_AUTO) *grid = d->advection == EDDY_ADVECTION_GRID;
    return EDDY_OK;
}

static bool alloc_buffers(eddy_fluid *f)
{
    size_t r = (size_t)f->r;
    f->coef = eddy_calloc(r, sizeof(double));
    f->saved = eddy_calloc(r, sizeof(double));
    bool on_grid = f->grid_advect || f->box_advect;
    f->advection = eddy_calloc(on_grid ? 1 : r * r, sizeof(double));
    f->taylor_out = eddy_calloc(r, sizeof(double));
    f->taylor_work = eddy_calloc(2 * r, sizeof(double));
    f->reduced_force = eddy_calloc(r, sizeof(double));
    f->phi_u = eddy_calloc(r, sizeof(double));
    f->phi_v = eddy_calloc(r, sizeof(double));
    f->decay = eddy_calloc(r, sizeof(double));
    f->stirs = eddy_calloc((size_t)f->desc.max_stirs, sizeof *f->stirs);
    f->excite_rate = eddy_calloc(r, sizeof(double));
    f->stir_transform = eddy_calloc(r, sizeof(double));
    f->row_sample = eddy_calloc((size_t)f->asset->nx + 2, sizeof *f->row_sample);
    f->row_weight = eddy_calloc((size_t)f->asset->nx + 2, sizeof *f->row_weight);
    bool ok = f->stir_transform && f->row_sample && f->row_weight && f->coef && f->saved && f->advection && f->taylor_out && f->taylor_work &&
              f->reduced_force && f->phi_u && f->phi_v && f->decay && f->stirs && f->excite_rate;
    const eddy_tensor *t = &f->asset->tensor;
    double density = (double)t->nnz / ((double)r * (double)r * (double)r);
    if (ok && !on_grid && density > EDDY_PACKED_DENSITY)
        ok = eddyi_packed_tensor_build(t, &f->packed, NULL) == EDDY_OK;
    if (ok && !f->asset->viscosity_diagonal) {
        f->viscous = eddy_alloc(r * r * sizeof(double));
        ok = f->viscous != NULL;
        if (ok)
            for (size_t e = 0; e < r * r; ++e)
                f->viscous[e] = f->desc.viscosity * f->asset->viscosity[e];
    }
    return ok;
}

eddy_result eddy_fluid_create(const eddy_asset *asset, const eddy_fluid_desc *desc,
                              eddy_fluid **out, eddy_error *err)
{
    if (!asset || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "fluid: asset and out are required");
    *out = NULL;
    eddy_fluid_desc d = desc ? *desc : (eddy_fluid_desc){0};
    apply_defaults(&d);
    eddy_result res = check_desc(&d, err);
    if (res != EDDY_OK) return res;
    eddy_fluid *f = eddy_calloc(1, sizeof *f);
    if (!f) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory creating a fluid");
    f->asset = asset;
    eddyi_asset_take(asset); /* given back by eddy_fluid_destroy */
    f->desc = d;
    f->r = asset->mode_count;
    f->eig = asset->eigen_count;
    f->mac = eddy_mac_make(asset->width, asset->height, asset->nx, asset->ny);
    f->decay_dt = -1.0;
    bool grid = false;
    res = choose_advection(asset, &d, &grid, err);
    if (res == EDDY_OK)
        res = eddyi_box_basis_init(&f->basis, asset->modes, asset->eigen_count, asset->width,
                                  asset->height, err);
    if (res == EDDY_OK && grid)
        res = asset->solid ? eddyi_advect_grid_create(asset, &f->grid_advect, err)
                           : eddyi_advect_box_create(asset, &f->box_advect, err);
    if (res == EDDY_OK && !alloc_buffers(f))
        res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory creating a %d-mode fluid", f->r);
    if (res != EDDY_OK) {
        eddy_fluid_destroy(f);
        return res;
    }
    *out = f;
    return EDDY_OK;
}

/* The paper's dense A_i (5.8), filled from the sparse tensor: 8 r^3 bytes. */
static bool make_dense_tensor(eddy_fluid *f)
{
    size_t r = (size_t)f->r;
    const eddy_tensor *t = &f->asset->tensor;
    f->dense_tensor = eddy_calloc(r * r * r, sizeof(double));
    if (!f->dense_tensor) return false;
    for (int i = 0; i < t->r; ++i)
        for (int64_t e = t->start[i]; e < t->start[i + 1]; ++e)
            f->dense_tensor[((size_t)i * r + (size_t)t->k[e]) * r + (size_t)t->j[e]] += t->value[e];
    return true;
}

eddy_result eddyi_fluid_set_paper_pipeline(eddy_fluid *f, bool on, eddy_error *err)
{
    if (!f) return eddy_fail(err, EDDY_ERR_ARGUMENT, "fluid: NULL fluid");
    if (on && (f->grid_advect || f->box_advect))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "fluid: the paper pipeline contracts the stored "
                         "tensor (5.8), and this fluid advects on the grid");
    if (on && !f->dense_tensor && !make_dense_tensor(f))
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the dense %d-mode tensor", f->r);
    if (!on) {
        eddy_free(f->dense_tensor);
        f->dense_tensor = NULL;
    }
    f->paper_pipeline = on;
    return EDDY_OK;
}

static void free_fluid(eddy_fluid *f);

/* Destroying a fluid that a coupling still steps (issue 29) only marks it:
 * the coupling keeps working and frees it when it is destroyed itself. */
void eddy_fluid_destroy(eddy_fluid *f)
{
    if (!f) return;
    if (f->holder) {
        f->destroyed = true;
        return;
    }
    free_fluid(f);
}

static void free_fluid(eddy_fluid *f)
{
    eddyi_box_basis_free(&f->basis);
    eddy_free(f->coef), eddy_free(f->saved), eddy_free(f->advection), eddy_free(f->taylor_out);
    eddy_free(f->taylor_work), eddy_free(f->reduced_force), eddy_free(f->phi_u), eddy_free(f->phi_v);
    eddy_free(f->viscous), eddy_free(f->decay), eddy_free(f->stirs), eddy_free(f->excite_rate);
    eddy_free(f->dense_tensor), eddy_free(f->stir_transform);
    eddy_free(f->row_sample), eddy_free(f->row_weight);
    eddyi_packed_tensor_free(&f->packed);
    eddyi_advect_grid_destroy(f->grid_advect);
    eddyi_advect_box_destroy(f->box_advect);
    eddyi_asset_give_back(f->asset);
    eddy_free(f);
}

/* ------------------------------------------------------------ forces (5.4, 5.5) */

static bool inside_domain(const eddy_asset *a, double x, double y)
{
    return x >= 0.0 && x <= a->width && y >= 0.0 && y <= a->height;
}

/* Smooth bump 1 at the centre, 0 with zero slope at the rim: (1 - s^2)^2. */
static double stir_profile(double s)
{
    double t = 1.0 - s * s;
    return t > 0.0 ? t * t : 0.0;
}

/* Index range [lo, hi] of samples at (idx + offset) h, idx in 0..count-1,
 * that lie within [c - radius, c + radius]; empty when lo > hi. */
static void sample_range(double c, double radius, double h, double offset, int count, int *lo,
                         int *hi)
{
    double a = ceil((c - radius) / h - offset), b = floor((c + radius) / h - offset);
    *lo = a < 0.0 ? 0 : (a > count ? count : (int)a);
    *hi = b > count - 1 ? count - 1 : (b < -1.0 ? -1 : (int)b);
}

/* The grid modes' part of B^T f for one stir: the grid's own quadrature,
 * sum_s w_s f(x_s) R_s, the inner product in which the enriched basis is
 * orthonormal (chapter 5.2). Grid modes are only piecewise smooth (a painted
 * jet has edges a cell wide), which the stir's rings would undersample. */
static void project_stir_grid(eddy_fluid *f, const eddy_stir *st, double *reduced)
{
    const eddy_mac *g = &f->mac;
    int count = f->r - f->eig;
    size_t n = (size_t)eddy_mac_size(g);
    const double *modes = f->asset->grid_modes;
    for (int comp = 0; comp < 2; ++comp) {
        double force = comp == 0 ? st->fx : st->fy;
        if (force == 0.0) continue;
        int i0, i1, j0, j1;
        sample_range(st->x, st->radius, g->hx, comp == 0 ? 0.0 : 0.5, comp == 0 ? g->nx + 1 : g->nx,
                     &i0, &i1);
        sample_range(st->y, st->radius, g->hy, comp == 0 ? 0.5 : 0.0, comp == 0 ? g->ny : g->ny + 1,
                     &j0, &j1);
        for (int j = j0; j <= j1; ++j) {
            int row = 0;
            for (int i = i0; i <= i1; ++i) {
                int s = comp == 0 ? eddy_mac_u(g, i, j) : eddy_mac_v(g, i, j);
                double x, y;
                eddy_mac_position(g, s, &x, &y);
                double dx = x - st->x, dy = y - st->y;
                double weight = stir_profile(sqrt(dx * dx + dy * dy) / st->radius);
                if (weight == 0.0) continue;
                f->row_sample[row] = s, f->row_weight[row++] = weight * (eddy_mac_weight(g, s) * force);
            }
            /* mode by mode along the row: each mode's samples lie together */
            for (int m = 0; m < count; ++m) {
                const double *mode = modes + (size_t)m * n;
                double sum = reduced[m];
                for (int q = 0; q < row; ++q) sum += f->row_weight[q] * mode[f->row_sample[q]];
                reduced[m] = sum;
            }
        }
    }
}

/* f~ += B^T f for one stir (5.4): the disc is integrated on fixed rings for
 * the eigenmodes, by the grid's quadrature for grid modes. */
static void project_stir(eddy_fluid *f, const eddy_stir *st, double *reduced)
{
    int eig = f->basis.count;
    if (f->r > eig) project_stir_grid(f, st, reduced + eig);
    if (!f->paper_pipeline &&
        eddyi_box_stir_projection(&f->basis, st, f->phi_u, f->phi_v, f->stir_transform,
                                 &f->stir_radius, reduced))
        return;
    double half = 0.5 * st->radius, dtheta = 2.0 * M_PI / STIR_ANGLES;
    for (int ring = 0; ring < STIR_RINGS; ++ring) {
        double rho = half * (gauss8_node[ring] + 1.0);
        double weight = stir_profile(rho / st->radius) * rho * half * gauss8_weight[ring] * dtheta;
        for (int a = 0; a < STIR_ANGLES; ++a) {
            double theta = (a + 0.5) * dtheta;
            double x = st->x + rho * cos(theta), y = st->y + rho * sin(theta);
            if (!inside_domain(f->asset, x, y)) continue;
            eddyi_box_basis_values(&f->basis, x, y, f->phi_u, f->phi_v);
            double wx = weight * st->fx, wy = weight * st->fy;
            for (int k = 0; k < eig; ++k) reduced[k] += wx * f->phi_u[k] + wy * f->phi_v[k];
        }
    }
}

/* r += (dt / rho) B^T f (5.5): force density over density is acceleration.
 * Queued artist excitations are rates: r += dt * sum(rate * p). */
static void apply_forces(eddy_fluid *f, double dt)
{
    if (f->excite_pending) {
        for (int k = 0; k < f->r; ++k) f->coef[k] += dt * f->excite_rate[k];
        memset(f->excite_rate, 0, (size_t)f->r * sizeof(double));
        f->excite_pending = false;
    }
    if (f->stir_count == 0) return;
    memset(f->reduced_force, 0, (size_t)f->r * sizeof(double));
    for (int s = 0; s < f->stir_count; ++s) project_stir(f, &f->stirs[s], f->reduced_force);
    double scale = dt / f->desc.density;
    for (int k = 0; k < f->r; ++k) f->coef[k] += scale * f->reduced_force[k];
    f->stir_count = 0;
}

/* A usable state (eddy.h, eddy_fluid_coefficients): the kinetic energy
 * rho |x|^2 / 2 finite. A state of finite numbers whose |x|^2 overflows
 * could never be stepped again (issue 8), and one whose energy overflows
 * reported an infinite energy (issue 30: 1e152 per mode, density 1000), so
 * the fluid accepts neither. */
static double sum_squares(const double *x, int n)
{
    double sum = 0.0;
    for (int k = 0; k < n; ++k) sum += x[k] * x[k];
    return sum;
}

static bool usable_sum(const eddy_fluid *f, double sum)
{
    return isfinite(sum) && isfinite(0.5 * f->desc.density * sum); /* NaN fails too */
}

static bool usable_state(const eddy_fluid *f, const double *x)
{
    return usable_sum(f, sum_squares(x, f->r));
}

eddy_result eddy_fluid_add_stir(eddy_fluid *f, const eddy_stir *st)
{
    if (!f || !st) return EDDY_ERR_ARGUMENT;
    if (!isfinite(st->x) || !isfinite(st->y) || !isfinite(st->fx) || !isfinite(st->fy) ||
        !isfinite(st->radius) || st->radius <= 0.0)
        return EDDY_ERR_ARGUMENT;
    if (f->stir_count >= f->desc.max_stirs) return EDDY_ERR_CAPACITY;
    f->stirs[f->stir_count++] = *st;
    return EDDY_OK;
}

eddy_result eddy_fluid_add_reduced(eddy_fluid *f, const double *dr, int count)
{
    if (!f || !dr || count != f->r) return EDDY_ERR_ARGUMENT;
    /* The result is checked before any of it is stored (1e308 + 1e308
     * overflows; so can the energy): the state is never left unusable. */
    double sum = 0.0;
    for (int k = 0; k < count; ++k) {
        double v = f->coef[k] + dr[k];
        if (!isfinite(dr[k])) return EDDY_ERR_ARGUMENT;
        sum += v * v;
    }
    if (!usable_sum(f, sum)) return EDDY_ERR_ARGUMENT;
    for (int k = 0; k < count; ++k) f->coef[k] += dr[k];
    return EDDY_OK;
}

/* ------------------------------------------------------------ artist modes (5.2) */

static const double *artist_projection(const eddy_fluid *f, int artist)
{
    return eddy_asset_artist_projection(f->asset, artist);
}

/* r += amplitude * p, refused (state unchanged) when the result would not be
 * a usable state; the same test as eddy_fluid_add_reduced. */
eddy_result eddy_fluid_excite(eddy_fluid *f, int artist, double amplitude)
{
    if (!f) return EDDY_ERR_ARGUMENT;
    const double *p = artist_projection(f, artist);
    if (!p) return EDDY_ERR_RANGE;
    if (!isfinite(amplitude)) return EDDY_ERR_ARGUMENT;
    double sum = 0.0;
    for (int k = 0; k < f->r; ++k) {
        double v = f->coef[k] + amplitude * p[k];
        sum += v * v;
    }
    if (!usable_sum(f, sum)) return EDDY_ERR_ARGUMENT;
    for (int k = 0; k < f->r; ++k) f->coef[k] += amplitude * p[k];
    return EDDY_OK;
}

eddy_result eddy_fluid_excite_name(eddy_fluid *f, const char *name, double amplitude)
{
    if (!f || !name) return EDDY_ERR_ARGUMENT;
    int artist = eddy_asset_find_artist(f->asset, name);
    if (artist < 0) return EDDY_ERR_RANGE;
    return eddy_fluid_excite(f, artist, amplitude);
}

eddy_result eddy_fluid_excite_rate(eddy_fluid *f, int artist, double rate)
{
    if (!f) return EDDY_ERR_ARGUMENT;
    const double *p = artist_projection(f, artist);
    if (!p) return EDDY_ERR_RANGE;
    if (!isfinite(rate)) return EDDY_ERR_ARGUMENT;
    for (int k = 0; k < f->r; ++k)
        if (!isfinite(f->excite_rate[k] + rate * p[k])) return EDDY_ERR_ARGUMENT;
    for (int k = 0; k < f->r; ++k) f->excite_rate[k] += rate * p[k];
    f->excite_pending = true;
    return EDDY_OK;
}

/* ------------------------------------------------------------ advection (5.8, 5.9) */

static double norm2(const double *x, int n)
{
    double sum = 0.0;
    for (int k = 0; k < n; ++k) sum += x[k] * x[k];
    return sqrt(sum);
}

/* coef = taylor_out rescaled to the norm before the advection. */
static void renormalise(eddy_fluid *f, double before)
{
    double after = norm2(f->taylor_out, f->r);
    double scale = after > 0.0 ? before / after : 1.0;
    for (int k = 0; k < f->r; ++k) f->coef[k] = scale * f->taylor_out[k];
}

/* The same step with A(r) applied through a grid (advect_grid.c for walled
 * levels, advect_box.c for box eigenmodes): u_r is sampled once, each
 * Taylor term is one product; the clamp below uses the operator's bound of
 * |A(r)|_2 where the matrix path uses |A(r)|_inf. */
static void advect_on_grid(eddy_fluid *f, double dt, double before)
{
    bool box = f->box_advect != NULL;
    double bound = box ? eddyi_advect_box_freeze(f->box_advect, f->coef)
                       : eddyi_advect_grid_freeze(f->grid_advect, f->coef);
    double longest = eddyi_taylor_max_time_of(bound);
    if (dt > longest) {
        dt = longest;
        f->timings.advect_clamped = 1;
    }
    if (!(dt > 0.0)) return;
    eddy_linear_map map = {.norm = bound};
    if (box) {
        map.apply = eddyi_advect_box_apply, map.ctx = f->box_advect;
    } else {
        map.apply = eddyi_advect_grid_apply, map.ctx = f->grid_advect;
        map.coarse = eddyi_advect_grid_apply_coarse;
        map.coarse_error = EDDY_ADVECT_GRID_COARSE_ERROR;
    }
    eddyi_taylor_expv_map(f->r, &map, dt, f->coef, f->taylor_out, f->taylor_work,
                         f->desc.taylor_tolerance, f->desc.taylor_max_terms,
                         &f->timings.taylor_terms, &f->timings.taylor_substeps);
    renormalise(f, before);
}

/* r <- exp(dt A(r)) r with A(r) frozen over the step, then rescaled to the
 * norm it had: the exact flow of a skew A(r) keeps |r|, the truncated
 * series does not quite.
 *
 * CLAMP (hostile input, issue 8): the series is accurate only while each of
 * its at most 256 substeps has h |A(r)|_inf <= 1. A flow of absurd speed (a
 * stir of 1e12 N/m^2, coefficients of 1e6) or a step of many seconds would
 * need more, and the unconverged series gives garbage or overflows. Instead
 * this step advects only for the longest time the series integrates
 * exactly, eddyi_taylor_max_time(A(r)) = 256 / |A(r)|_inf seconds (reported
 * as timings.advect_clamped); forces and viscosity still use the full dt.
 * The result stays finite and keeps the energy of an inviscid flow. Ordinary
 * flows never reach the clamp: at 1/60 s a 10 m level of 73 modes needs
 * speeds of thousands of m/s. */
static void advect(eddy_fluid *f, double dt)
{
    double before = norm2(f->coef, f->r);
    f->timings.advect_clamped = 0;
    if (!isfinite(before)) return; /* forces overflowed it: the step will fail */
    if (before == 0.0) {
        f->timings.taylor_terms = 0;
        f->timings.taylor_substeps = 0;
        return;
    }
    if (f->grid_advect || f->box_advect) { /* through a grid: advect_grid.c, advect_box.c */
        advect_on_grid(f, dt, before);
        return;
    }
    if (f->dense_tensor) { /* the paper's 5.8: every r_i A_i, zeros included */
        size_t rr = (size_t)f->r * (size_t)f->r;
        memset(f->advection, 0, rr * sizeof(double));
        for (int i = 0; i < f->r; ++i) {
            const double *a = &f->dense_tensor[(size_t)i * rr];
            double ri = f->coef[i];
            for (size_t e = 0; e < rr; ++e) f->advection[e] += ri * a[e];
        }
    } else if (f->packed.r > 0) { /* a dense tensor of a walled level */
        eddyi_packed_tensor_contract(&f->packed, f->coef, f->advection);
    } else {
        eddyi_tensor_contract(&f->asset->tensor, f->coef, f->advection);
    }
    double longest = eddyi_taylor_max_time(f->r, f->advection);
    if (dt > longest) {
        dt = longest;
        f->timings.advect_clamped = 1;
    }
    if (!(dt > 0.0)) return; /* A(r) not finite: the step's final check fails it */
    eddyi_taylor_expv(f->r, f->advection, dt, f->coef, f->taylor_out, f->taylor_work,
                     f->desc.taylor_tolerance, f->desc.taylor_max_terms, &f->timings.taylor_terms,
                     &f->timings.taylor_substeps);
    renormalise(f, before);
}

/* ------------------------------------------------------------ viscosity (5.6) */

static void diffuse(eddy_fluid *f, double dt)
{
    double nu = f->desc.viscosity;
    if (nu == 0.0) return;
    if (f->viscous) {
        eddyi_taylor_expv(f->r, f->viscous, dt, f->coef, f->taylor_out, f->taylor_work,
                         f->desc.taylor_tolerance, f->desc.taylor_max_terms, NULL, NULL);
        memcpy(f->coef, f->taylor_out, (size_t)f->r * sizeof(double));
        return;
    }
    if (dt != f->decay_dt) { /* exp per mode only when dt changes */
        for (int k = 0; k < f->r; ++k)
            f->decay[k] = exp(dt * nu * f->asset->viscosity[(size_t)k * (size_t)f->r + (size_t)k]);
        f->decay_dt = dt;
    }
    for (int k = 0; k < f->r; ++k) f->coef[k] *= f->decay[k];
}

/* ------------------------------------------------------------ step */

bool eddyi_fluid_dt_ok(double dt)
{
    return isfinite(dt) && dt > 0.0 && dt <= EDDY_FLUID_MAX_DT;
}

eddy_result eddy_fluid_step(eddy_fluid *f, double dt)
{
    if (!f || !eddyi_fluid_dt_ok(dt)) return EDDY_ERR_ARGUMENT;
    memcpy(f->saved, f->coef, (size_t)f->r * sizeof(double));
    double t0 = eddyi_now_ms();
    apply_forces(f, dt);
    double t1 = eddyi_now_ms();
    advect(f, dt);
    double t2 = eddyi_now_ms();
    diffuse(f, dt);
    double t3 = eddyi_now_ms();
    f->timings.forces_ms = t1 - t0;
    f->timings.advect_ms = t2 - t1;
    f->timings.diffuse_ms = t3 - t2;
    f->timings.total_ms = t3 - t0;
    if (!usable_state(f, f->coef)) {
        memcpy(f->coef, f->saved, (size_t)f->r * sizeof(double));
        return EDDY_ERR_NUMERIC;
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ queries */

/* Getters take a NULL fluid (eddy.h, ERRORS): zeros, NULL; a NULL out is
 * left alone. */
const double *eddy_fluid_coefficients(const eddy_fluid *f) { return f ? f->coef : NULL; }
int eddy_fluid_mode_count(const eddy_fluid *f) { return f ? f->r : 0; }
const eddy_asset *eddy_fluid_asset(const eddy_fluid *f) { return f ? f->asset : NULL; }

void eddy_fluid_get_timings(const eddy_fluid *f, eddy_timings *out)
{
    if (!out) return;
    if (f) *out = f->timings;
    else memset(out, 0, sizeof *out);
}

void eddy_fluid_get_desc(const eddy_fluid *f, eddy_fluid_desc *out)
{
    if (!out) return;
    if (f) *out = f->desc;
    else memset(out, 0, sizeof *out);
}

eddy_result eddy_fluid_set_coefficients(eddy_fluid *f, const double *r, int count)
{
    if (!f || !r || count != f->r || !usable_state(f, r)) return EDDY_ERR_ARGUMENT;
    memcpy(f->coef, r, (size_t)count * sizeof(double));
    return EDDY_OK;
}

/* Inside the box and not in a wall's solid cell (domain.h). */
static bool in_fluid(const eddy_fluid *f, double x, double y)
{
    if (!inside_domain(f->asset, x, y)) return false;
    return !f->asset->solid || !eddyi_mask_solid_at(&f->mac, f->asset->solid, x, y);
}

bool eddyi_fluid_hold(eddy_fluid *f, const void *holder)
{
    if (f->holder && f->holder != holder) return false;
    f->holder = holder;
    return true;
}

void eddyi_fluid_release(eddy_fluid *f, const void *holder)
{
    if (f->holder != holder) return;
    f->holder = NULL;
    if (f->destroyed) free_fluid(f);
}

void eddyi_fluid_velocity_of(const eddy_fluid *f, const double *coef, double x, double y,
                            double out[2])
{
    out[0] = out[1] = 0.0;
    if (!in_fluid(f, x, y)) return;
    eddyi_box_basis_velocity(&f->basis, coef, x, y, out);
    if (f->r > f->eig)
        eddyi_grid_modes_velocity(&f->mac, f->asset->grid_modes, f->r - f->eig, coef + f->eig, x, y,
                                 out);
}

void eddy_fluid_velocity(const eddy_fluid *f, double x, double y, double out[2])
{
    if (!out) return;
    if (!f) {
        out[0] = out[1] = 0.0;
        return;
    }
    eddyi_fluid_velocity_of(f, f->coef, x, y, out);
}

void eddyi_fluid_project_point(eddy_fluid *f, double x, double y, double jx, double jy,
                              double *reduced)
{
    eddyi_fluid_project_point_with(f, x, y, jx, jy, reduced, f->phi_u, f->phi_v);
}

void eddyi_fluid_project_point_with(const eddy_fluid *f, double x, double y, double jx, double jy,
                                   double *reduced, double *phi_u, double *phi_v)
{
    if (!in_fluid(f, x, y)) return;
    int eig = f->eig;
    if (eig > 0) {
        eddyi_box_basis_values(&f->basis, x, y, phi_u, phi_v);
        for (int k = 0; k < eig; ++k) reduced[k] += jx * phi_u[k] + jy * phi_v[k];
    }
    if (f->r > eig) {
        eddyi_grid_modes_values(&f->mac, f->asset->grid_modes, f->r - eig, x, y, phi_u + eig,
                               phi_v + eig);
        for (int k = eig; k < f->r; ++k) reduced[k] += jx * phi_u[k] + jy * phi_v[k];
    }
}

void eddyi_fluid_velocity_many_of(const eddy_fluid *f, const double *coef, int n, const double *xy,
                                 double *uv)
{
    /* the box modes for all points at once (bit for bit eddyi_fluid_velocity_of) */
    eddyi_box_basis_velocity_many(&f->basis, coef, n, xy, uv);
    for (int p = 0; p < n; ++p) {
        double x = xy[2 * p], y = xy[2 * p + 1];
        if (!in_fluid(f, x, y)) {
            uv[2 * p] = uv[2 * p + 1] = 0.0;
            continue;
        }
        if (f->r > f->eig)
            eddyi_grid_modes_velocity(&f->mac, f->asset->grid_modes, f->r - f->eig, coef + f->eig, x,
                                     y, uv + 2 * p);
    }
}

void eddy_fluid_velocity_many(const eddy_fluid *f, int n, const double *xy, double *uv)
{
    if (!uv || n <= 0) return;
    if (!f || !xy) {
        memset(uv, 0, 2 * (size_t)n * sizeof *uv);
        return;
    }
    eddyi_fluid_velocity_many_of(f, f->coef, n, xy, uv);
}

double eddy_fluid_kinetic_energy(const eddy_fluid *f)
{
    if (!f) return 0.0;
    double e = 0.0;
    for (int k = 0; k < f->r; ++k) e += f->coef[k] * f->coef[k];
    return 0.5 * f->desc.density * e;
}
