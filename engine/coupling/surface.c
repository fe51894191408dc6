// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* surface.c - the free surface of a tank filled to a depth (surface.h,
 * eddy_surface.h): its sloshing modes stepped as exact oscillators, the mean
 * level, water put into the modes, queries and energy.
 *
 * THE MODES. eta(x, t) = D + mean + sum_n a_n e_n(x) (engine/fluid/
 * surface_modes.h). Linear free-surface flow in a basin separates into one
 * harmonic oscillator per mode,
 *     d^2 a_n / dt^2 = -omega_n^2 a_n,    omega_n^2 = g mu_n
 * (mu_n = k tanh(k D) in a box, the dispersion relation of water waves). Each
 * step rotates (a_n, (da_n/dt) / omega_n) by the angle omega_n dt, the exact
 * solution, so a free wave keeps its energy
 *     E_n = rho g N_n (a_n^2 + (da_n/dt)^2 / omega_n^2) / 2,   N_n = integral e_n^2,
 * to round-off at any time step; the damping then multiplies both by
 * exp(-delta_n dt).
 *
 * THE DAMPING (issue 35, item 3). A real tank's sloshing is damped mostly in
 * the laminar boundary layers on its walls and floor, not in the bulk. The
 * energy method of Case & Parkinson (1957) and Miles (1967) (Ibrahim,
 * "Liquid Sloshing Dynamics", 2005, ch. 2): the Stokes layer under an inviscid
 * slip velocity of amplitude U_t dissipates rho sqrt(nu omega / 2) U_t^2 / 2
 * per unit of wall, while the mode holds rho/2 times the integral of |grad
 * phi|^2 over the water, so the amplitude decays at
 *     delta_wall = (1/2) sqrt(nu omega / 2) (integral over the walls and floor
 *                  of |u_t|^2) / (integral over the water of |u|^2).
 * For phi = cosh(k (y + D)) cos(k x) in a basin W wide (two walls, a floor,
 * no third dimension) that is
 *     delta_wall = sqrt(nu omega / 2) G,   G = 1 / W + (k / sinh(2 k D)) (1 - 2 D / W)
 * (tests/test_surface.c integrates the two integrals numerically). The bulk
 * adds 2 nu k^2 (Lamb, Hydrodynamics, art. 348), so
 *     delta_n = 2 nu k_n^2 + sqrt(nu omega_n / 2) G_n,
 * with nu the coupling's wave_viscosity (default: the fluid's). A level with
 * rock takes the box's G over its open surface. The contact line's damping
 * (Keulegan 1959; Miles 1967 for a pinned line) is left out: it depends on
 * the wetting, which nothing here knows. A game may ask for a calm-down time
 * T instead (eddy_coupling_desc.wave_calm_time): every mode then decays at
 * least at ln(100) / T, so any wave is down to 1 % of itself within T. The
 * decay leaves each mode's frequency as it is (the periods keep their
 * accuracy; a damped oscillator's sqrt(omega^2 - delta^2) differs from omega
 * by delta^2 / (2 omega^2), under 1e-4 for these rates).
 *
 * THE MEAN. The constant mode has no frequency: it is the water the bodies
 * displace. With the water's volume fixed, the integral of eta over the open
 * surface W_s equals the bodies' wet areas, so mean = (sum of wet areas) / W_s
 * (the sloshing modes have no mean: integral e_n = 0).
 *
 * WHAT THE BODIES SEE AND EXCITE (surface_bodies.c). A body displaces water at
 * the two ends of its waterline, spread over about its own size: the water a
 * hull pushes aside rises within a fraction of its beam (for a half-immersed
 * circle the surface flux of the infinite-frequency flow falls off as
 * R^2 / x^2 outside it, and its spectrum vanishes near k R = 0.9). Both the
 * elevation a body feels and the water it puts in go through one spectral
 * filter f_n = exp(-(k_n sigma)^2 / 2), a Gaussian of width sigma: the
 * larger of a quarter of the body's width and FILTER / k_max (which keeps a
 * point source on a finite set of modes from ringing, Gibbs). It is the same
 * operator both ways, which the energy balance needs (the work the surface
 * does on a body equals the energy the waves lose, and the other way round). */
#include "surface.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* sigma k_max: the shortest mode is seen and excited at exp(-FILTER^2 / 2) at
 * most */
#define FILTER 2.0
/* sigma over the body's width */
#define SIGMA_OF_WIDTH 0.25

/* G = 1 / W + (k / sinh(2 k D)) (1 - 2 D / W): the boundary layers' share of
 * a box mode's rate (THE DAMPING above). */
static double wall_factor(double k, double depth, double width)
{
    double x = 2.0 * k * depth, side = x < 700.0 ? k / sinh(x) : 0.0;
    return 1.0 / width + side * (1.0 - 2.0 * depth / width);
}

eddy_result eddyi_surface_create(eddy_coupling *c, eddy_error *err)
{
    c->surface = NULL;
    const eddy_asset_surface *m = c->asset->surface;
    if (!m) return EDDY_OK;
    eddy_surface *s = eddy_calloc(1, sizeof *s);
    if (!s) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface");
    c->surface = s;
    s->asset = c->asset;
    s->modes = m;
    s->count = m->count;
    s->width = c->asset->width;
    s->depth = c->asset->height;
    s->open_width = m->width;
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    s->density = fd.density;
    s->viscosity = c->desc.wave_viscosity > 0.0 ? c->desc.wave_viscosity
                   : c->desc.wave_viscosity < 0.0 ? 0.0
                                                  : fd.viscosity;
    double calm = c->desc.wave_calm_time;
    if (!(calm >= 0.0) || !isfinite(calm))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "surface: wave_calm_time must be a finite number "
                         "of seconds >= 0 (0: the tank's own damping), got %g", calm);
    s->calm_rate = calm > 0.0 ? log(100.0) / calm : 0.0;
    size_t n = (size_t)s->count;
    s->amp = eddy_calloc(n, sizeof *s->amp);
    s->rate = eddy_calloc(n, sizeof *s->rate);
    s->seen_rate = eddy_calloc(n, sizeof *s->seen_rate);
    s->shape_a = eddy_calloc(n, sizeof *s->shape_a);
    s->shape_b = eddy_calloc(n, sizeof *s->shape_b);
    s->filter = eddy_calloc(n, sizeof *s->filter);
    s->wall_factor = eddy_calloc(n, sizeof *s->wall_factor);
    if (!s->filter || !s->amp || !s->rate || !s->seen_rate || !s->shape_a || !s->shape_b || !s->wall_factor)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface");
    for (int k = 0; k < s->count; ++k) s->wall_factor[k] = wall_factor(m->k[k], s->depth, s->open_width);
    int probes = c->desc.max_bodies * EDDY_PROBE_MAX_PANELS, panels = c->panels->max_panels;
    s->settled_bodies = -1; /* no close has settled the mean yet */
    s->mirror_cap = probes > panels ? probes : panels;
    s->mirror_at = eddy_calloc((size_t)s->mirror_cap, sizeof *s->mirror_at);
    s->mirror_xy = eddy_calloc(2 * (size_t)s->mirror_cap, sizeof *s->mirror_xy);
    s->mirror_uv = eddy_calloc(2 * (size_t)s->mirror_cap, sizeof *s->mirror_uv);
    if (!s->mirror_at || !s->mirror_xy || !s->mirror_uv)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface");
    s->min_sigma = FILTER / m->k[s->count - 1];
    eddy_body_backend_info backend;
    eddy_world_get_backend(c->world, &backend); /* the world's engine */
    int steps = c->desc.body_substeps; /* an adopted world: the game's, assumed the same */
    s->lead = backend.substeps && steps > 1 ? (double)(steps - 1) / (2.0 * steps) : 0.0;
    return EDDY_OK;
}

void eddyi_surface_destroy(eddy_surface *s)
{
    if (!s) return;
    eddy_free(s->amp), eddy_free(s->rate), eddy_free(s->seen_rate), eddy_free(s->filter), eddy_free(s->wall_factor);
    eddy_free(s->mirror_at), eddy_free(s->mirror_xy), eddy_free(s->mirror_uv);
    eddy_free(s->shape_a), eddy_free(s->shape_b);
    eddy_free(s);
}

/* f_n = exp(-(k_n sigma)^2 / 2) for every mode into out: for the box, whose
 * k_n = n k_1, by the recurrence f_n = f_{n-1} q^{2n-1}, q = exp(-(k_1 sigma)^2 / 2). */
static void filter_of(const eddy_surface *s, double sigma, double *out)
{
    const eddy_asset_surface *m = s->modes;
    if (m->kind == EDDY_SURFACE_BOX) {
        double q = exp(-0.5 * (m->k[0] * sigma) * (m->k[0] * sigma)), q2 = q * q, f = 1.0, t = q;
        for (int n = 0; n < s->count; ++n) {
            f *= t;
            t *= q2;
            out[n] = f;
        }
        return;
    }
    for (int n = 0; n < s->count; ++n) out[n] = exp(-0.5 * (m->k[n] * sigma) * (m->k[n] * sigma));
}

/* sum_n coef_n e_n(x), without scratch: the box's cosines by recurrence, a
 * grid's shapes interpolated between column centres. */
static double mode_sum(const eddy_surface *s, double x, const double *coef)
{
    const eddy_asset_surface *m = s->modes;
    x = fmin(fmax(x, 0.0), s->width);
    double sum = 0.0;
    if (m->kind == EDDY_SURFACE_BOX) {
        double t = M_PI * x / s->width, c1 = cos(t), s1 = sin(t), c = 1.0, sn = 0.0;
        for (int n = 0; n < s->count; ++n) {
            double cn = c * c1 - sn * s1;
            sn = sn * c1 + c * s1;
            c = cn;
            sum += coef[n] * c;
        }
        return sum;
    }
    int nx = m->nx;
    double hx = s->width / nx, f = x / hx - 0.5;
    int i = (int)floor(f);
    double t = f - i;
    if (i < 0) i = 0, t = 0.0;
    if (i > nx - 2) i = nx - 2, t = f - i > 1.0 ? 1.0 : f - i;
    for (int n = 0; n < s->count; ++n) {
        const double *row = m->shape + (size_t)n * (size_t)nx;
        sum += coef[n] * ((1.0 - t) * row[i] + t * row[i + 1]);
    }
    return sum;
}

double eddyi_surface_eta(const eddy_surface *s, double x)
{
    return s->mean + mode_sum(s, x, s->amp);
}

double eddyi_surface_sigma(const eddy_surface *s, double width)
{
    return fmax(s->min_sigma, SIGMA_OF_WIDTH * width);
}

double eddyi_surface_seen(eddy_surface *s, double x, double sigma, double *shapes)
{
    eddyi_surface_shapes_at(s->modes, s->asset, x, shapes);
    filter_of(s, sigma, s->filter);
    double sum = s->mean;
    for (int n = 0; n < s->count; ++n) {
        shapes[n] *= s->filter[n];
        sum += s->amp[n] * shapes[n];
    }
    return sum;
}

void eddyi_surface_wave_velocity(const eddy_surface *s, double x, double y, double uv[2])
{
    eddyi_surface_velocity_at(s->modes, s->asset, s->seen_rate, x, y, uv);
}

void eddyi_surface_displace(eddy_surface *s, double x0, double d0, double x1, double d1,
                           double sigma)
{
    if (d0 == 0.0 && d1 == 0.0) return;
    eddyi_surface_shapes_at(s->modes, s->asset, x0, s->shape_a);
    eddyi_surface_shapes_at(s->modes, s->asset, x1, s->shape_b);
    filter_of(s, sigma, s->filter);
    const double *norm = s->modes->norm;
    for (int n = 0; n < s->count; ++n)
        s->amp[n] += s->filter[n] * (d0 * s->shape_a[n] + d1 * s->shape_b[n]) / norm[n];
}

double eddyi_surface_damping(const eddy_surface *s, int n, double g)
{
    const eddy_asset_surface *m = s->modes;
    double omega = g > 0.0 ? sqrt(g * m->mu[n]) : 0.0, nu = s->viscosity;
    double rate = 2.0 * nu * m->k[n] * m->k[n] + sqrt(0.5 * nu * omega) * s->wall_factor[n];
    return fmax(rate, s->calm_rate);
}

void eddyi_surface_advance(eddy_surface *s, double dt, double g)
{
    s->g = g;
    if (!(g > 0.0)) return; /* no gravity: nothing restores the surface, it stays as it is */
    const eddy_asset_surface *m = s->modes;
    for (int n = 0; n < s->count; ++n) {
        double omega = sqrt(g * m->mu[n]), c = cos(omega * dt), sn = sin(omega * dt);
        double a = s->amp[n], b = s->rate[n] / omega;
        double decay = exp(-eddyi_surface_damping(s, n, g) * dt);
        s->amp[n] = decay * (c * a + sn * b);
        s->rate[n] = decay * omega * (c * b - sn * a);
    }
}

double eddyi_surface_wave_energy(const eddy_surface *s)
{
    double g = s->g;
    if (!(g > 0.0)) return 0.0;
    double e = 0.0;
    for (int n = 0; n < s->count; ++n) {
        double omega2 = g * s->modes->mu[n];
        e += s->modes->norm[n] * (s->amp[n] * s->amp[n] + s->rate[n] * s->rate[n] / omega2);
    }
    return 0.5 * s->density * g * e;
}

/* ------------------------------------------------------------ public queries */

bool eddy_coupling_has_surface(const eddy_coupling *c) { return c && c->surface; }

double eddy_coupling_surface_height(const eddy_coupling *c, double x)
{
    if (!c) return 0.0;
    if (!c->surface) return c->desc.origin[1] + c->asset->height;
    return c->desc.origin[1] + c->surface->depth + eddyi_surface_eta(c->surface, x - c->desc.origin[0]);
}

void eddy_coupling_surface_heights(const eddy_coupling *c, int n, const double *x, double *y)
{
    for (int i = 0; i < n; ++i) y[i] = eddy_coupling_surface_height(c, x[i]);
}

double eddy_coupling_surface_mean(const eddy_coupling *c)
{
    if (!c) return 0.0;
    return c->desc.origin[1] + c->asset->height + (c->surface ? c->surface->mean : 0.0);
}

int eddy_coupling_splashes(const eddy_coupling *c, const eddy_splash **out)
{
    if (out) *out = c ? c->splashes : NULL;
    return c ? c->splash_count : 0;
}

double eddy_coupling_surface_energy(const eddy_coupling *c)
{
    return c && c->surface ? eddyi_surface_wave_energy(c->surface) : 0.0;
}

eddy_result eddy_coupling_surface_disturb(eddy_coupling *c, double x, double width, double volume,
                                          eddy_error *err)
{
    if (!c || !c->surface)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "surface: the coupling's tank is full (no surface)");
    if (!isfinite(x) || !isfinite(width) || !isfinite(volume) || width < 0.0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "surface: disturb needs finite x, volume and a "
                         "width >= 0 (got %g, %g, %g)", x, volume, width);
    eddy_surface *s = c->surface;
    double xf = x - c->desc.origin[0];
    eddyi_surface_shapes_at(s->modes, s->asset, xf, s->shape_a);
    for (int n = 0; n < s->count; ++n) {
        double k = s->modes->k[n];
        double sigma = fmax(s->min_sigma, 0.5 * width); /* a Gaussian of sd width / 2 */
        s->amp[n] += volume * exp(-0.5 * k * k * sigma * sigma) * s->shape_a[n] / s->modes->norm[n];
    }
    return EDDY_OK;
}
