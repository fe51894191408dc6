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
 * is 1/6 at q = 0 (the bump's integral pi R^2 / 3). The series is summed to
 * round-off; it loses about log10(e^q / 60) digits to cancellation, so it is
 * used for q <= 8 only (the paper's level: q <= 4 for a 1 m stir). Discs that
 * cross a wall, or larger q, keep the quadrature of fluid.c. */
#include "eddy_internal.h"

#include <math.h>

#define STIR_Q_MAX 8.0

/* 8 J_3(q) / q^3 by its power series. */
static double bump_transform(double q)
{
    double z = -0.25 * q * q, term = 1.0 / 6.0, sum = term;
    for (int m = 1; m < 80; ++m) {
        term *= z / (m * (m + 3.0));
        sum += term;
        if (fabs(term) <= 1e-17 * fabs(sum)) break;
    }
    return sum;
}

bool eddy_box_stir_projection(const eddy_box_basis *b, const eddy_stir *st, double *phi_u,
                              double *phi_v, double *reduced)
{
    double r = st->radius;
    if (!(st->x - r >= 0.0 && st->x + r <= b->width && st->y - r >= 0.0 &&
          st->y + r <= b->height))
        return false;
    for (int k = 0; k < b->count; ++k)
        if (sqrt(b->modes[k].lambda) * r > STIR_Q_MAX) return false;
    eddy_box_basis_values(b, st->x, st->y, phi_u, phi_v);
    double area = 2.0 * M_PI * r * r;
    for (int k = 0; k < b->count; ++k) {
        double g = area * bump_transform(sqrt(b->modes[k].lambda) * r);
        reduced[k] += g * (st->fx * phi_u[k] + st->fy * phi_v[k]);
    }
    return true;
}
