// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* grid_project.c - the pressure projection of the full-grid solver.
 *
 * The projection of a grid fluid (docs/design.md, "The full-grid solver"):
 * v <- v - grad p with div grad p = div v, where the divergence of a cell is
 *     (u_{i+1,j} - u_{i,j}) / hx + (v_{i,j+1} - v_{i,j}) / hy
 * and the gradient on an open face is the difference of the two cell
 * pressures over the spacing (p absorbs dt / rho). On closed faces (walls,
 * faces touching a solid) the gradient is zero, which is the Neumann
 * condition dp/dn = 0. With the grid inner product the gradient is minus the
 * adjoint of the divergence, so v - grad (div grad)^+ div v is the orthogonal
 * projection onto discretely divergence-free fields: it never adds energy.
 *
 * Two solvers for div grad p = d:
 *  - the plain box: the Neumann 5-point Laplacian on cell centres is
 *    diagonalised by the DCT-II basis cos(pi k (i + 1/2) / nx), eigenvalue
 *    -(2 sin(pi k / 2nx) / hx)^2 - (2 sin(pi l / 2ny) / hy)^2, so one forward
 *    transform, a division and one inverse transform solve it exactly; the
 *    constant mode (eigenvalue 0, the null space) is dropped;
 *  - with solids: conjugate gradient on A = -div grad over fluid cells,
 *    preconditioned by a modified incomplete Cholesky factorisation (the
 *    lecture's "solve using conjugate gradient method").
 */
#include "grid_private.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------ shared pieces */

static double max_abs(const double *a, int n)
{
    double m = 0.0;
    for (int k = 0; k < n; ++k)
        if (fabs(a[k]) > m)
            m = fabs(a[k]);
    return m;
}

/* d = div field on every cell (zero on solid cells, whose faces are closed). */
static void cell_divergence(const eddy_grid_solver *s, const double *field, double *d)
{
    eddy_mac_divergence(&s->mac, field, d);
}

/* field -= grad p on open faces. */
static void subtract_gradient(const eddy_grid_solver *s, const double *p, double *field)
{
    const eddy_mac *g = &s->mac;
    int nx = g->nx, ny = g->ny;
    double ihx = 1.0 / g->hx, ihy = 1.0 / g->hy;
    for (int j = 0; j < ny; ++j)
        for (int i = 1; i < nx; ++i) {
            int f = eddy_mac_u(g, i, j);
            if (s->open[f])
                field[f] -= (p[j * nx + i] - p[j * nx + i - 1]) * ihx;
        }
    for (int j = 1; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            int f = eddy_mac_v(g, i, j);
            if (s->open[f])
                field[f] -= (p[j * nx + i] - p[(j - 1) * nx + i]) * ihy;
        }
}

/* ------------------------------------------------------------ cosine transform */

/* Eigenvalue of the 1D Neumann second difference for cosine mode k of n cells:
 * -(2 - 2 cos(pi k / n)) / h^2, written with a sine to keep small k accurate. */
static double neumann_eigen(int k, int n, double h)
{
    double s = 2.0 * sin(M_PI * k / (2.0 * n)) / h;
    return -s * s;
}

void eddyi_grid_dct_eigen_init(eddy_grid_solver *s)
{
    int nx = s->mac.nx, ny = s->mac.ny;
    /* FFTW's REDFT10 followed by REDFT01 multiplies by 2n per dimension. */
    double norm = 4.0 * nx * ny;
    for (int l = 0; l < ny; ++l)
        for (int k = 0; k < nx; ++k) {
            double lambda = neumann_eigen(k, nx, s->mac.hx) + neumann_eigen(l, ny, s->mac.hy);
            s->fft_inverse_eigen[l * nx + k] = (k == 0 && l == 0) ? 0.0 : 1.0 / (lambda * norm);
        }
}

/* p = (div grad)^+ d for the plain box. */
static void solve_pressure_dct(eddy_grid_solver *s, const double *d, double *p)
{
    memcpy(s->fft_buf, d, (size_t)s->cells * sizeof *d);
    fftw_execute(s->dct_forward);
    for (int c = 0; c < s->cells; ++c)
        s->fft_buf[c] *= s->fft_inverse_eigen[c];
    fftw_execute(s->dct_inverse);
    memcpy(p, s->fft_buf, (size_t)s->cells * sizeof *p);
}

/* ------------------------------------------------------------ PCG set-up */

/* Coefficients of A = -div grad: a closed face contributes nothing. */
static void assemble_matrix(eddy_grid_solver *s)
{
    const eddy_mac *g = &s->mac;
    int nx = g->nx, ny = g->ny;
    double cx = 1.0 / (g->hx * g->hx), cy = 1.0 / (g->hy * g->hy);
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            int c = j * nx + i;
            bool west = s->open[eddy_mac_u(g, i, j)], east = s->open[eddy_mac_u(g, i + 1, j)];
            bool south = s->open[eddy_mac_v(g, i, j)], north = s->open[eddy_mac_v(g, i, j + 1)];
            s->diag[c] = (west + east) * cx + (south + north) * cy;
            s->off_x[c] = east ? -cx : 0.0;
            s->off_y[c] = north ? -cy : 0.0;
        }
}

/* Labels the connected fluid regions (through open faces). Each region's
 * pressure is determined up to its own constant, and a solvable right-hand
 * side must sum to zero over each region. */
static void label_components(eddy_grid_solver *s)
{
    const eddy_mac *g = &s->mac;
    int nx = g->nx;
    for (int c = 0; c < s->cells; ++c)
        s->component[c] = -1;
    int count = 0;
    for (int seed = 0; seed < s->cells; ++seed) {
        if (s->solid[seed] || s->component[seed] >= 0)
            continue;
        int head = 0, tail = 0;
        s->queue[tail++] = seed;
        s->component[seed] = count;
        while (head < tail) {
            int c = s->queue[head++], i = c % nx, j = c / nx;
            int next[4] = {-1, -1, -1, -1};
            if (s->open[eddy_mac_u(g, i, j)]) next[0] = c - 1;
            if (s->open[eddy_mac_u(g, i + 1, j)]) next[1] = c + 1;
            if (s->open[eddy_mac_v(g, i, j)]) next[2] = c - nx;
            if (s->open[eddy_mac_v(g, i, j + 1)]) next[3] = c + nx;
            for (int k = 0; k < 4; ++k)
                if (next[k] >= 0 && s->component[next[k]] < 0) {
                    s->component[next[k]] = count;
                    s->queue[tail++] = next[k];
                }
        }
        ++count;
    }
    s->component_count = count;
}

/* Modified incomplete Cholesky, MIC(0): the factor L has the sparsity of A's
 * lower triangle; each pivot subtracts what the earlier cells' pivots remove,
 * plus tau times the fill-in the factorisation drops (which keeps row sums
 * right and speeds convergence on Laplacians). A pivot that would fall below
 * sigma times the diagonal (the singular Neumann problem drives the last one
 * towards zero) is replaced by the diagonal. precon stores 1/sqrt(pivot). */
static void factor_mic0(eddy_grid_solver *s)
{
    const double tau = 0.97, sigma = 0.25;
    int nx = s->mac.nx, ny = s->mac.ny;
    for (int j = 0; j < ny; ++j)
        for (int i = 0; i < nx; ++i) {
            int c = j * nx + i;
            if (s->diag[c] == 0.0) { /* solid, or fluid sealed on all four sides */
                s->precon[c] = 0.0;
                continue;
            }
            double e = s->diag[c];
            if (i > 0) {
                double a = s->off_x[c - 1] * s->precon[c - 1];
                e -= a * a + tau * s->off_x[c - 1] * s->off_y[c - 1] * s->precon[c - 1] *
                                 s->precon[c - 1];
            }
            if (j > 0) {
                double a = s->off_y[c - nx] * s->precon[c - nx];
                e -= a * a + tau * s->off_y[c - nx] * s->off_x[c - nx] * s->precon[c - nx] *
                                 s->precon[c - nx];
            }
            if (e < sigma * s->diag[c])
                e = s->diag[c];
            s->precon[c] = 1.0 / sqrt(e);
        }
    for (int c = 0; c < s->cells; ++c) {
        s->lower_x[c] = s->off_x[c] * s->precon[c];
        s->lower_y[c] = s->off_y[c] * s->precon[c];
    }
}

void eddyi_grid_pcg_setup(eddy_grid_solver *s)
{
    assemble_matrix(s);
    label_components(s);
    factor_mic0(s);
}

/* ------------------------------------------------------------ PCG solve */

/* One row of y = A x for cells [from, to), all of whose neighbours in the
 * directions asked for exist. Couplings across walls are zero in off_x and
 * off_y, so the only index tests are which rows lie below and above. */
static double matrix_rows(const eddy_grid_solver *s, const double *x, double *y, int from, int to,
                          bool below, bool above)
{
    int nx = s->mac.nx;
    const double *d = s->diag, *ox = s->off_x, *oy = s->off_y;
    double xy = 0.0;
    for (int c = from; c < to; ++c) {
        double v = d[c] * x[c];
        if (c > 0) v += ox[c - 1] * x[c - 1];
        if (c + 1 < s->cells) v += ox[c] * x[c + 1];
        if (below) v += oy[c - nx] * x[c - nx];
        if (above) v += oy[c] * x[c + nx];
        y[c] = v;
        xy += x[c] * v;
    }
    return xy;
}

/* y = A x; returns x . y. */
static double apply_matrix(const eddy_grid_solver *s, const double *x, double *y)
{
    int nx = s->mac.nx, n = s->cells;
    double xy = matrix_rows(s, x, y, 0, nx, false, true);
    xy += matrix_rows(s, x, y, nx, n - nx, true, true);
    xy += matrix_rows(s, x, y, n - nx, n, true, false);
    return xy;
}

/* z = (L L^T)^-1 r: forward then backward substitution with the MIC(0)
 * factor, whose off-diagonal entries are lower_x = off_x * precon and
 * lower_y = off_y * precon and whose diagonal is 1 / precon. A solid cell has
 * precon 0 and so gets z = 0. The substitutions are sequential; keeping the
 * products precomputed shortens the dependency chain from cell to cell. */
static void apply_preconditioner(const eddy_grid_solver *s, const double *r, double *z)
{
    int nx = s->mac.nx, n = s->cells;
    const double *pc = s->precon, *lx = s->lower_x, *ly = s->lower_y;
    z[0] = r[0] * pc[0];
    for (int c = 1; c < nx; ++c)
        z[c] = (r[c] - lx[c - 1] * z[c - 1]) * pc[c];
    for (int c = nx; c < n; ++c)
        z[c] = (r[c] - ly[c - nx] * z[c - nx] - lx[c - 1] * z[c - 1]) * pc[c];
    z[n - 1] *= pc[n - 1];
    for (int c = n - 2; c >= n - nx; --c)
        z[c] = (z[c] - lx[c] * z[c + 1]) * pc[c];
    for (int c = n - nx - 1; c >= 0; --c)
        z[c] = (z[c] - ly[c] * z[c + nx] - lx[c] * z[c + 1]) * pc[c];
}

/* Four partial sums (a fixed order, so still deterministic) let the
 * additions overlap instead of waiting on each other. */
static double dot(const double *a, const double *b, int n)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int k = 0;
    for (; k + 4 <= n; k += 4) {
        s0 += a[k] * b[k];
        s1 += a[k + 1] * b[k + 1];
        s2 += a[k + 2] * b[k + 2];
        s3 += a[k + 3] * b[k + 3];
    }
    for (; k < n; ++k)
        s0 += a[k] * b[k];
    return (s0 + s1) + (s2 + s3);
}

/* Removes each fluid region's mean from b so that A x = b is consistent
 * (round-off in the divergence otherwise leaves a part no pressure can
 * cancel, and CG would stall on it). */
static void remove_component_means(eddy_grid_solver *s, double *b)
{
    int m = s->component_count;
    for (int k = 0; k < m; ++k) {
        s->component_sum[k] = 0.0;
        s->component_size[k] = 0;
    }
    for (int c = 0; c < s->cells; ++c)
        if (s->component[c] >= 0) {
            s->component_sum[s->component[c]] += b[c];
            s->component_size[s->component[c]] += 1;
        }
    for (int c = 0; c < s->cells; ++c)
        if (s->component[c] >= 0)
            b[c] -= s->component_sum[s->component[c]] / s->component_size[s->component[c]];
        else
            b[c] = 0.0;
}

/* Solves A p = -d (that is div grad p = d) until max|residual| <= threshold.
 * The residual of this system is exactly minus the divergence the projected
 * field will have, so the threshold bounds the divergence directly.
 * warm: start from the p passed in (the previous step's pressure, usually
 * close), else from zero. Returns the iterations used, or -1 if the cap was
 * reached first. */
static int pcg_iterate(eddy_grid_solver *s, const double *d, double threshold, double *p,
                       bool warm)
{
    int n = s->cells;
    double *r = s->resid, *z = s->zvec, *dir = s->dir, *q = s->adir;
    for (int c = 0; c < n; ++c)
        r[c] = -d[c];
    remove_component_means(s, r);
    if (warm) {
        apply_matrix(s, p, q);
        for (int c = 0; c < n; ++c)
            r[c] -= q[c];
    } else {
        memset(p, 0, (size_t)n * sizeof *p);
    }
    if (max_abs(r, n) <= threshold)
        return 0;
    apply_preconditioner(s, r, z);
    memcpy(dir, z, (size_t)n * sizeof *z);
    double rho = dot(r, z, n);
    for (int it = 1; it <= s->cg_max_iterations; ++it) {
        double curvature = apply_matrix(s, dir, q);
        if (!(curvature > 0.0))
            return -1; /* breakdown: nothing left that A can reduce */
        double alpha = rho / curvature, largest = 0.0;
        for (int c = 0; c < n; ++c) {
            p[c] += alpha * dir[c];
            r[c] -= alpha * q[c];
            double size = fabs(r[c]);
            largest = size > largest ? size : largest;
        }
        if (largest <= threshold)
            return it;
        apply_preconditioner(s, r, z);
        double rho_next = dot(r, z, n);
        double beta = rho_next / rho;
        rho = rho_next;
        for (int c = 0; c < n; ++c)
            dir[c] = z[c] + beta * dir[c];
    }
    return -1;
}

static int solve_pressure_pcg(eddy_grid_solver *s, const double *d, double threshold, double *p,
                              bool warm)
{
    int iterations = pcg_iterate(s, d, threshold, p, warm);
    /* The preconditioner lets constants (the null space) creep into p; they
     * change no gradient, but a warm start would carry them on forever. */
    remove_component_means(s, p);
    return iterations;
}

/* ------------------------------------------------------------ projection */

static double fluid_max_abs(const eddy_grid_solver *s, const double *d)
{
    double m = 0.0;
    for (int c = 0; c < s->cells; ++c)
        if (!s->solid[c] && fabs(d[c]) > m)
            m = fabs(d[c]);
    return m;
}

eddy_result eddyi_grid_project_checked(eddy_grid_solver *s, double *field, bool warm,
                                      eddy_error *err)
{
    eddy_grid_stats *st = &s->stats;
    bool use_pcg = s->pressure == EDDY_GRID_PRESSURE_PCG ||
                   (s->pressure == EDDY_GRID_PRESSURE_AUTO && s->solid_count > 0);
    if (!use_pcg && s->solid_count > 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "grid projection: the cosine transform cannot handle %d solid cells",
                         s->solid_count);

    eddy_grid_close_faces(s, field);
    double hmin = fmin(s->mac.hx, s->mac.hy);
    double *d = s->rhs, *p = s->pressure_p;
    cell_divergence(s, field, d);
    st->method = use_pcg ? EDDY_GRID_PRESSURE_PCG : EDDY_GRID_PRESSURE_FFT;
    st->iterations = 0;
    st->divergence_scale = max_abs(field, s->faces) / hmin;
    st->divergence_before = fluid_max_abs(s, d);

    int iterations = 0;
    if (use_pcg)
        iterations = solve_pressure_pcg(s, d, s->cg_tolerance * st->divergence_scale, p, warm);
    else
        solve_pressure_dct(s, d, p);
    subtract_gradient(s, p, field);
    st->iterations = iterations < 0 ? s->cg_max_iterations : iterations;
    st->divergence_after = eddy_grid_max_divergence(s, field);
    if (iterations < 0)
        return eddy_fail(err, EDDY_ERR_NUMERIC,
                         "grid projection: conjugate gradient did not converge in %d "
                         "iterations (divergence %.3g, scale %.3g)",
                         s->cg_max_iterations, st->divergence_after, st->divergence_scale);
    return EDDY_OK;
}
