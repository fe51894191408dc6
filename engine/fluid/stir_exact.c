// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* stir_exact.c - a stir projected onto the box eigenmodes in closed form
 * (5.4: f~ = B^T f), instead of quadrature over the disc.
 *
 * A stir is a force density f(x) = F g(|x - c| / R) with the radial bump
 * g(s) = (1 - s^2)^2 on s < 1 (fluid.c). Each component of a box mode's
 * velocity is a product like sin(a x) cos(b y) = (sin(a x + b y) + sin(a x - b y)) / 2,
 * a sum of plane waves whose wave vectors (a, +-b) have the same length
 * kappa = sqrt(a^2 + b^2) = sqrt(lambda). For a radial g the integral of
 * g(|x - c|) sin(kappa . x) over the plane is sin(kappa . c) times the Hankel
 * transform of g at kappa (the odd part of the wave integrates to zero), so
 * for a disc wholly inside the domain
 *     integral f . phi_k dA = (F . phi_k(c)) * G(kappa_k R),
 *     G(q) = 2 pi R^2 integral_0^1 (1 - s^2)^2 J_0(q s) s ds = 2 pi R^2 * 8 J_3(q) / q^3
 * (Sonine's integral), and 8 J_3(q) / q^3 = sum_m (-q^2/4)^m / (m! (m+3)!), which
 * is 1/6 at q = 0 (the bump's integral pi R^2 / 3). For q <= 5 the series is
 * summed (its cancellation costs at most a digit there); beyond, J_3(q) comes from Miller's
 * downward recurrence J_(n-1) = (2n / q) J_n - J_(n+1), started far above q
 * and normalised by J_0 + 2 (J_2 + J_4 + ...) = 1, which is stable for every
 * q. A disc that crosses a wall keeps the quadrature of fluid.c. */
#include "fluid_internal.h"

#include <math.h>

/* 8 J_3(q) / q^3 = sum_m (-q^2/4)^m / (m! (m+3)!) for small q. */
static double bump_series(double q)
{
    double z = -0.25 * q * q, term = 1.0 / 6.0, sum = term;
    for (int m = 1; m < 80; ++m) {
        term *= z / (m * (m + 3.0));
        sum += term;
        if (fabs(term) <= 1e-17 * fabs(sum)) break;
    }
    return sum;
}

/* J_3(q) by Miller's recurrence, q > 0. */
static double bessel_j3(double q)
{
    int top = 2 * ((int)(q + 20.0 + 3.0 * sqrt(q + 10.0)) / 2 + 1); /* even, well above q */
    double next = 0.0, cur = 1e-300, norm = 0.0, j3 = 0.0;
    for (int n = top; n >= 1; --n) {
        double prev = (2.0 * n / q) * cur - next; /* J_(n-1) */
        next = cur, cur = prev;
        if (n - 1 == 3) j3 = cur;
        if (n - 1 > 0 && (n - 1) % 2 == 0) norm += 2.0 * cur;
        if (fabs(cur) > 1e250) { /* rescale all that is kept */
            cur *= 1e-250, next *= 1e-250, norm *= 1e-250, j3 *= 1e-250;
        }
    }
    norm += cur; /* J_0 */
    return j3 / norm;
}

static double bump_transform(double q)
{
    if (q <= 5.0) return bump_series(q);
    /* G decays like q^-3.5; far beyond any box mode a stir can meet (q stays
     * below about 2e3 for wave numbers up to EDDY_MAX_WAVE) it is zero, and
     * the recurrence's (int) start index must not see an infinite q. */
    if (!(q <= 1e7)) return 0.0;
    return 8.0 * bessel_j3(q) / (q * q * q);
}

bool eddyi_box_stir_projection(const eddy_box_basis *b, const eddy_stir *st, double *phi_u,
                              double *phi_v, double *cache, double *cache_radius,
                              double *reduced)
{
    double r = st->radius;
    if (!(st->x - r >= 0.0 && st->x + r <= b->width && st->y - r >= 0.0 &&
          st->y + r <= b->height))
        return false;
    eddyi_box_basis_values(b, st->x, st->y, phi_u, phi_v);
    if (*cache_radius != r) { /* a game's stirs keep their radius */
        double area = 2.0 * M_PI * r * r;
        for (int k = 0; k < b->count; ++k)
            cache[k] = area * bump_transform(sqrt(b->modes[k].lambda) * r);
        *cache_radius = r;
    }
    for (int k = 0; k < b->count; ++k) reduced[k] += cache[k] * (st->fx * phi_u[k] + st->fy * phi_v[k]);
    return true;
}
