// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* surface_modes.c - the sloshing modes of a tank filled to a depth, as an
 * asset holds them (surface_modes.h): the closed form of the box basin,
 * section 'SURF', what a loaded surface must satisfy, and evaluation of the
 * modes' shapes and velocities at a point. */
#include "surface_modes.h"
#include "domain.h"

#include <math.h>
#include <string.h>

eddy_result eddyi_surface_alloc(const eddy_asset *a, int kind, int count, eddy_asset_surface **out,
                               eddy_error *err)
{
    *out = NULL;
    if (count < 1 || count > EDDY_SURFACE_MAX_MODES)
        return eddy_fail(err, EDDY_ERR_RANGE, "surface: %d modes is outside 1..%d", count,
                         EDDY_SURFACE_MAX_MODES);
    eddy_asset_surface *s = eddy_calloc(1, sizeof *s);
    if (!s) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface's modes");
    s->kind = kind;
    s->count = count;
    s->depth = a->height;
    s->nx = a->nx;
    size_t n = (size_t)count;
    s->mu = eddy_calloc(n, sizeof *s->mu);
    s->k = eddy_calloc(n, sizeof *s->k);
    s->norm = eddy_calloc(n, sizeof *s->norm);
    s->sinh_scale = eddy_calloc(n, sizeof *s->sinh_scale);
    bool ok = s->mu && s->k && s->norm && s->sinh_scale;
    if (ok && kind == EDDY_SURFACE_GRID) {
        eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
        s->open = eddy_calloc((size_t)a->nx, 1);
        s->shape = eddy_calloc(n * (size_t)a->nx, sizeof *s->shape);
        s->velocity = eddy_calloc(n * (size_t)eddy_mac_size(&g), sizeof *s->velocity);
        ok = s->open && s->shape && s->velocity;
    }
    if (!ok) {
        eddyi_surface_free(s);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the surface's modes");
    }
    *out = s;
    return EDDY_OK;
}

void eddyi_surface_free(eddy_asset_surface *s)
{
    if (!s) return;
    eddy_free(s->mu), eddy_free(s->k), eddy_free(s->norm), eddy_free(s->sinh_scale);
    eddy_free(s->open), eddy_free(s->shape), eddy_free(s->velocity);
    eddy_free(s);
}

double eddyi_surface_wave_number(double mu, double depth)
{
    /* f(k) = k tanh(k D) - mu is increasing and convex for k > 0: Newton from
     * above the root (the larger of the deep-water and shallow-water guesses)
     * falls monotonically onto it. */
    double k = fmax(mu, sqrt(mu / depth));
    for (int it = 0; it < 100; ++it) {
        double t = tanh(k * depth), f = k * t - mu;
        double df = t + k * depth * (1.0 - t * t);
        double next = k - f / df;
        if (!(next > 0.0) || !isfinite(next)) break;
        if (fabs(next - k) <= 1e-15 * k) {
            k = next;
            break;
        }
        k = next;
    }
    return k;
}

eddy_result eddyi_surface_box_make(const eddy_asset *a, int count, eddy_asset_surface **out,
                                  eddy_error *err)
{
    eddy_result res = eddyi_surface_alloc(a, EDDY_SURFACE_BOX, count, out, err);
    if (res != EDDY_OK) return res;
    eddy_asset_surface *s = *out;
    s->width = a->width;
    for (int n = 0; n < count; ++n) {
        double k = (n + 1) * M_PI / a->width;
        s->k[n] = k;
        s->mu[n] = k * tanh(k * a->height);
        s->norm[n] = 0.5 * a->width;
        s->sinh_scale[n] = 1.0 / (-expm1(-2.0 * k * a->height));
        if (!(s->mu[n] > 0.0) || !isfinite(s->mu[n]) || !isfinite(s->sinh_scale[n])) {
            eddyi_surface_free(s);
            *out = NULL;
            return eddy_fail(err, EDDY_ERR_RANGE, "surface: mode %d of a %g x %g basin has no "
                             "finite frequency", n + 1, a->width, a->height);
        }
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ grid surfaces */

static bool column_open(const eddy_asset *a, int i)
{
    return !a->solid || a->solid[(size_t)(a->ny - 1) * (size_t)a->nx + (size_t)i] == 0;
}

static eddy_result check_grid_fields(const eddy_asset *a, const eddy_asset_surface *s, int n,
                                     eddy_error *err)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t size = (size_t)eddy_mac_size(&g);
    const double *e = s->shape + (size_t)n * (size_t)a->nx, *f = s->velocity + (size_t)n * size;
    double top = 0.0;
    for (int i = 0; i < a->nx; ++i) top = fmax(top, fabs(e[i]));
    for (size_t q = 0; q < size; ++q) {
        if (!isfinite(f[q]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "surface: mode %d's velocity is not finite", n);
        double x, y;
        int comp = eddy_mac_position(&g, (int)q, &x, &y);
        bool side = comp == 0 && (q % (size_t)(a->nx + 1) == 0 || q % (size_t)(a->nx + 1) == (size_t)a->nx);
        bool floor_face = comp == 1 && (q - (size_t)eddy_mac_u_count(&g)) < (size_t)a->nx;
        bool lid = comp == 1 && (q - (size_t)eddy_mac_u_count(&g)) >= (size_t)a->nx * (size_t)a->ny;
        bool closed = side || floor_face || (a->solid && eddy_face_touches_solid(&g, a->solid, (int)q));
        if (lid) {
            int i = (int)(q - (size_t)eddy_mac_u_count(&g) - (size_t)a->nx * (size_t)a->ny);
            double want = s->open[i] ? e[i] : 0.0;
            if (!(fabs(f[q] - want) <= 1e-6 * top))
                return eddy_fail(err, EDDY_ERR_FORMAT, "surface: mode %d's vertical velocity at the "
                                 "surface (column %d) is not its shape", n, i);
        } else if (closed && f[q] != 0.0) {
            return eddy_fail(err, EDDY_ERR_FORMAT, "surface: mode %d has flow through a wall "
                             "(sample %zu)", n, q);
        }
    }
    return EDDY_OK;
}

eddy_result eddyi_surface_finish(const eddy_asset *a, eddy_asset_surface *s, eddy_error *err)
{
    if (!(a->tank_height > a->height) || !(a->tank_height <= EDDY_MAX_SIDE))
        return eddy_fail(err, EDDY_ERR_FORMAT, "surface: the tank's top %g m is not above the "
                         "water's %g m, or above %g m", a->tank_height, a->height, EDDY_MAX_SIDE);
    if (s->kind == EDDY_SURFACE_BOX) return EDDY_OK; /* closed form, checked as made */
    double hx = a->width / a->nx;
    s->width = 0.0;
    for (int i = 0; i < a->nx; ++i) {
        s->open[i] = column_open(a, i) ? 1 : 0;
        if (s->open[i]) s->width += hx;
    }
    if (!(s->width > 0.0))
        return eddy_fail(err, EDDY_ERR_FORMAT, "surface: rock covers the whole surface");
    for (int n = 0; n < s->count; ++n) {
        if (!(s->mu[n] > 0.0) || !isfinite(s->mu[n]) || (n > 0 && s->mu[n] < s->mu[n - 1]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "surface: the modes' mu = omega^2 / g are not "
                             "positive, finite and ascending (mode %d)", n);
        s->k[n] = eddyi_surface_wave_number(s->mu[n], a->height);
        const double *e = s->shape + (size_t)n * (size_t)a->nx;
        double norm = 0.0;
        for (int i = 0; i < a->nx; ++i) {
            if (!isfinite(e[i]) || (!s->open[i] && e[i] != 0.0))
                return eddy_fail(err, EDDY_ERR_FORMAT, "surface: mode %d's shape is not finite or "
                                 "not zero under rock (column %d)", n, i);
            norm += hx * e[i] * e[i];
        }
        if (!(norm > 0.0) || !isfinite(s->k[n]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "surface: mode %d has no shape", n);
        s->norm[n] = norm;
        eddy_result res = check_grid_fields(a, s, n, err);
        if (res != EDDY_OK) return res;
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ section 'SURF' */

void eddyi_surface_encode(const eddy_asset *a, eddy_writer *w)
{
    const eddy_asset_surface *s = a->surface;
    eddyi_write_f64(w, a->tank_height);
    eddyi_write_u32(w, (uint32_t)s->kind);
    eddyi_write_u32(w, (uint32_t)s->count);
    if (s->kind != EDDY_SURFACE_GRID) return;
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    eddyi_write_f64s(w, s->mu, (size_t)s->count);
    eddyi_write_f64s(w, s->shape, (size_t)s->count * (size_t)a->nx);
    eddyi_write_f64s(w, s->velocity, (size_t)s->count * (size_t)eddy_mac_size(&g));
}

eddy_result eddyi_surface_decode(eddy_asset *a, const eddy_section *sec, eddy_error *err)
{
    a->tank_height = a->height;
    if (!sec) return EDDY_OK;
    eddy_reader r = eddyi_reader_make(sec);
    double top = eddyi_read_f64(&r);
    uint32_t kind = eddyi_read_u32(&r), count = eddyi_read_u32(&r);
    if (r.failed) return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SURF' is too short");
    if (!(top > a->height) || !(top <= EDDY_MAX_SIDE))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SURF': the tank's top %g m is not "
                         "above the water's %g m, or above %g m", top, a->height, EDDY_MAX_SIDE);
    if ((kind != EDDY_SURFACE_BOX && kind != EDDY_SURFACE_GRID) || count < 1 ||
        count > EDDY_SURFACE_MAX_MODES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SURF': kind %u with %u modes, not "
                         "1 or 2 with 1..%d", kind, count, EDDY_SURFACE_MAX_MODES);
    if (kind == EDDY_SURFACE_GRID && a->eigen_count > 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SURF': grid surface modes in a box "
                         "level (its modes have a closed form)");
    if (kind == EDDY_SURFACE_BOX && a->has_walls_flag)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SURF': box surface modes in a level "
                         "with walls");
    a->tank_height = top;
    eddy_error inner = {0};
    eddy_result res = kind == EDDY_SURFACE_BOX
                          ? eddyi_surface_box_make(a, (int)count, &a->surface, &inner)
                          : eddyi_surface_alloc(a, (int)kind, (int)count, &a->surface, &inner);
    if (res != EDDY_OK)
        return eddy_fail(err, res == EDDY_ERR_MEMORY ? res : EDDY_ERR_FORMAT,
                         "asset: section 'SURF': %s", inner.message);
    if (kind == EDDY_SURFACE_GRID) {
        eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
        size_t shapes = (size_t)count * (size_t)a->nx;
        size_t fields = (size_t)count * (size_t)eddy_mac_size(&g);
        if (r.left != 8 * ((size_t)count + shapes + fields))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SURF' is %llu bytes, %u grid "
                             "surface modes on %d x %d cells need %llu",
                             (unsigned long long)sec->size, count, a->nx, a->ny,
                             (unsigned long long)(16 + 8 * ((size_t)count + shapes + fields)));
        eddyi_read_f64s(&r, a->surface->mu, count);
        eddyi_read_f64s(&r, a->surface->shape, shapes);
        eddyi_read_f64s(&r, a->surface->velocity, fields);
    }
    if (r.failed || r.left != 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'SURF' has the wrong size");
    return EDDY_OK;
}

/* ------------------------------------------------------------ evaluation */

void eddyi_surface_shapes_at(const eddy_asset_surface *s, const eddy_asset *a, double x, double *e)
{
    x = fmin(fmax(x, 0.0), a->width);
    if (s->kind == EDDY_SURFACE_BOX) {
        /* cos(n t) by the angle-addition recurrence */
        double t = M_PI * x / a->width, c1 = cos(t), s1 = sin(t), c = 1.0, sn = 0.0;
        for (int n = 0; n < s->count; ++n) {
            double cn = c * c1 - sn * s1;
            sn = sn * c1 + c * s1;
            c = cn;
            e[n] = c;
        }
        return;
    }
    double hx = a->width / a->nx, f = x / hx - 0.5;
    int i = (int)floor(f);
    double t = f - i;
    if (i < 0) i = 0, t = 0.0;
    if (i > a->nx - 2) i = a->nx - 2, t = f - i > 1.0 ? 1.0 : f - i;
    for (int n = 0; n < s->count; ++n) {
        const double *row = s->shape + (size_t)n * (size_t)a->nx;
        e[n] = (1.0 - t) * row[i] + t * row[i + 1];
    }
}

void eddyi_surface_velocity_at(const eddy_asset_surface *s, const eddy_asset *a, const double *rate,
                              double x, double y, double out_uv[2])
{
    x = fmin(fmax(x, 0.0), a->width);
    y = fmin(fmax(y, 0.0), a->height);
    if (s->kind == EDDY_SURFACE_GRID) {
        eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
        eddyi_grid_modes_velocity(&g, s->velocity, s->count, rate, x, y, out_uv);
        return;
    }
    /* (-sin(k x) cosh(k y), cos(k x) sinh(k y)) / sinh(k D) with
     * cosh(k y) / sinh(k D) = (e^{k (y - D)} + e^{-k (y + D)}) / (1 - e^{-2 k D}),
     * every power of e^{pi (y -+ D) / W} by recurrence, never overflowing */
    double t = M_PI * x / a->width, c1 = cos(t), s1 = sin(t), c = 1.0, sn = 0.0;
    double p1 = exp(M_PI * (y - a->height) / a->width), q1 = exp(-M_PI * (y + a->height) / a->width);
    double p = 1.0, q = 1.0, u = 0.0, v = 0.0;
    for (int n = 0; n < s->count; ++n) {
        double cn = c * c1 - sn * s1;
        sn = sn * c1 + c * s1;
        c = cn;
        p *= p1, q *= q1;
        if (rate[n] == 0.0) continue;
        double ch = (p + q) * s->sinh_scale[n], sh = (p - q) * s->sinh_scale[n];
        u -= rate[n] * sn * ch;
        v += rate[n] * c * sh;
    }
    out_uv[0] += u;
    out_uv[1] += v;
}
