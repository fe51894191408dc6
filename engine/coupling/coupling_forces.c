// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_forces.c - fluid -> solid: the force of the water on every moving
 * body, and how much of its panels' field the body leaves in the water.
 *
 * The paper loads the panels with dynamic pressure (5.20, 5.21). A uniform q
 * on a closed outline sums to nothing, the text leaves open which panels and
 * which way, and the body then moves as if it displaced no water. Here a body
 * is a rigid body in water (docs/design.md, "Forces on bodies"): with c its
 * centre of mass, v its velocity, omega its angular velocity, A its area, m its
 * mass and M_a its added-mass tensor (panel_added_mass.c),
 *
 *   U, grad U      the ambient flow at c: the reduced flow u_r, its gradient
 *                  by central differences half a cell wide;
 *   dU/dt          its rate of change in the fluid's own step (stirs, jets,
 *                  advection, viscosity: 5.4-5.9), feedback left out;
 *   u_rel          U - v, the flow the body meets;
 *
 *   drag           F_d = rho Cd w |u_rel| u_rel / 2, w the body's width across
 *                  u_rel (its frontal width), Cd per body (eddy_coupling.h);
 *   pressure       F_p = (rho A I + M_a) DU/Dt, DU/Dt = dU/dt + (U . grad) U:
 *   gradient       the ambient flow's acceleration pushes the water the body
 *                  displaces and the water it drags along (Froude-Krylov plus
 *                  the added-mass part; Maxey-Riley / Morison without history);
 *   buoyancy       F_b = -rho A g at the centroid of the outline (5.22, exact:
 *                  hydrostatic_load; of the wet part under a surface);
 *   weight         W = s m g (s: the body's gravity scale; the solver's own
 *                  gravity is switched off for a coupled body);
 *   spin drag      tau_d = -(rho Cd / 2) sum_adv A |q|^3 w_rel |w_rel|, over the
 *                  panels advancing into the water as the body turns relative
 *                  to the water's own rotation, w_rel = omega - (curl U) / 2, q a
 *                  panel's normal moment arm (the same pressure law as the
 *                  drag, panel by panel; zero for a disc, as in an ideal fluid);
 *
 *   Kirchhoff      F_k, tau_k: the gyroscopic terms of the added-mass momentum
 *                  (the Munk moment and its force partner; added_mass_step);
 *
 *   (M + M_a) dq/dt = (F_d + F_p + F_b + W + F_k, tau_d + tau_b + tau_k)
 *
 * Added mass is implicit: the port's rigid-body solver integrates mass plus
 * the isotropic part of M_a (the mean of its translational diagonal, and its
 * rotational entry), and the forces handed to it are premultiplied so that
 * the acceleration it produces is (M + M_a)^-1 F with the full tensor. A body
 * a hundred times lighter than water is then as stable as a heavy one;
 * contacts see the isotropic part. Drag is linearly implicit along u_rel
 * (F_d / (1 + k dt / m_eff), k = rho Cd w |u_rel| / 2), so it can never reverse
 * the relative flow in one step. Left out: lift and history forces.
 *
 * Feedback (5.3.4) with momentum books: each step the water receives the drag's
 * reaction, impulse -F_d dt, in the shape the paper folds in, the field u_p of
 * the body's own panels. That field carries the hydrodynamic impulse
 * I_p = rho sum_i gamma_i A_i (y_i, -x_i) (the vortex sheet's first moment), so
 * the body's strengths are scaled by a = -F_d dt . I_p / |I_p|^2 in [0, 1] before
 * the projection (feedback_grid.c). The energy the drag takes, F_d . u_rel dt,
 * is what a bluff body's wake dissipates; it is counted (eddy_coupling.h).
 * The pressure-gradient and added-mass forces have their reactions too
 * (water_reaction: a point force for the momentum, the work of carrying the
 * body's disturbance for the energy). Static bodies feel nothing and fold
 * nothing: their panels are re-solved each step and route the flow around
 * them as u_p. */
#include "coupling_internal.h"
#include "body_pieces.h"
#include "body_watch.h"
#include "surface.h"

#include <math.h>
#include <string.h>
#include <stdlib.h>

/* Default drag coefficients on the frontal width: bluff bodies at the
 * Reynolds numbers of a game's water (1e3..1e5). A circular cylinder is about
 * 1.2; a square or a plate broadside about 2.0; other outlines in between. */
#define DRAG_CIRCLE 1.2
#define DRAG_BOX 2.0
#define DRAG_OTHER 1.6
/* Fewest bodies in a range of the forces on the game's workers (one body is
 * about 40k instructions) */
#define FORCE_TASK_BODIES 4

typedef struct body_motion {
    double c[2], v[2], omega;  /* centre of mass (fluid coordinates), its velocity,
                                  angular velocity */
    double o[2];               /* the body origin (fluid coordinates) */
    double cs, sn;             /* the body's rotation */
} body_motion;

typedef struct ambient {
    double u[2];        /* U at the centre */
    double grad[4];     /* du/dx, du/dy, dv/dx, dv/dy */
    double rate[2];     /* dU/dt of the fluid's own step */
} ambient;

/* One body's forces, from the serial opening (its motion, read after the
 * opening half kick) through the workers (everything computed from it) to the
 * serial close (what is handed to the solver and summed over bodies). */
typedef struct eddy_force_item {
    bool todo;             /* moving and in the water: the workers compute its forces */
    bool split;            /* buoyancy and weight go as kicks (surface.h) */
    bool finite;           /* its load came out finite */
    bool reacted;          /* its row of fold_all holds the water's reaction */
    bool handed;           /* out holds the wrench for the solver */
    body_motion m;
    double lost;           /* the energy its drag took */
    double reaction_energy; /* its share of c->reaction_energy, taken off in body order */
    double out[3];         /* force and torque for the solver */
} eddy_force_item;

/* What one worker computes with: the step's constants and its own scratch. */
typedef struct force_job {
    eddy_coupling *c;
    double dt, density, g[2], turn_weight;
} force_job;

typedef struct force_scratch {
    double *coef;          /* r: r less the body's own wake */
    double *phi_u, *phi_v; /* r each: the basis at a point force */
    eddy_force_item *item;
} force_scratch;

/* ------------------------------------------------------------ set-up */

static double default_drag(const eddy_body *body)
{
    int circles = 0, boxes = 0, others = 0;
    eddy_shape_info info;
    for (int k = 0; k < eddy_body_shape_count(body); ++k) {
        if (eddy_body_get_shape(body, k, &info, NULL) != EDDY_OK || info.is_sensor) continue;
        if (info.type == EDDY_SHAPE_CIRCLE) ++circles;
        else if (info.vertex_count == 4) ++boxes;
        else ++others;
    }
    if (circles > 0 && boxes + others == 0) return DRAG_CIRCLE;
    if (boxes > 0 && circles + others == 0) return DRAG_BOX;
    return DRAG_OTHER;
}

/* The shape's tensor about the body origin, moved to the centre of mass
 * (local centre lc): with q_o = T q_c, T = [[1, 0, lc_y], [0, 1, -lc_x],
 * [0, 0, 1]], the energy q_o^T M_o q_o / 2 is q_c^T (T^T M_o T) q_c / 2. */
static void added_mass_about_centre(const double *origin, const double lc[2], double density,
                                    double *out)
{
    const double t[3][3] = {{1, 0, lc[1]}, {0, 1, -lc[0]}, {0, 0, 1}};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) {
            double sum = 0.0;
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b) sum += t[a][i] * origin[3 * a + b] * t[b][j];
            out[3 * i + j] = density * sum;
        }
}

/* The body's mass and centre of mass from its shapes, in double precision.
 * Box2D keeps both in single precision (about 1e-7 off), which for a body of
 * the water's density is a net force and a torque of that order: enough to
 * turn a triangle at rest by 0.05 degrees in 10 s. The coupling applies the
 * weight itself, so it applies it here, where Archimedes' lift of a uniform
 * body acts too (hydrostatic_load). */
static void weight_of(const eddy_body *body, eddy_coupled_body *info)
{
    if (eddy_body_get_type(body) != EDDY_BODY_DYNAMIC) return;
    double m = 0.0, mx = 0.0, my = 0.0;
    eddy_shape_info s;
    for (int k = 0; k < eddy_body_shape_count(body); ++k) {
        if (eddy_body_get_shape(body, k, &s, NULL) != EDDY_OK) continue;
        double mk = s.density * s.area;
        m += mk, mx += mk * s.center[0], my += mk * s.center[1];
    }
    double box2d = eddy_body_mass(body);
    bool agree = m > 0.0 && fabs(m - box2d) <= 1e-5 * m; /* else trust the solver's */
    info->weight_mass = agree ? m : box2d;
    if (agree) {
        info->weight_centre[0] = mx / m, info->weight_centre[1] = my / m;
    } else {
        eddy_body_local_center(body, info->weight_centre);
    }
}

void eddyi_coupling_body_weigh(eddy_coupling *c, int b) { weight_of(c->bodies[b], &c->info[b]); }

/* Sums of A |q|^3 over the panels that advance when the body turns either
 * way about its centre of mass (body space). */
static void spin_drag_sums(const eddy_panel_shape *s, const double lc[2], double out[2])
{
    out[0] = out[1] = 0.0;
    for (int i = 0; i < s->count; ++i) {
        double rx = s->mid[2 * i] - lc[0], ry = s->mid[2 * i + 1] - lc[1];
        double q = rx * s->normal[2 * i + 1] - ry * s->normal[2 * i];
        out[q > 0.0 ? 0 : 1] += s->length[i] * fabs(q * q * q);
    }
}

eddy_result eddyi_coupling_body_attach(eddy_coupling *c, int b, eddy_error *err)
{
    eddy_body *body = c->bodies[b];
    eddy_coupled_body *info = &c->info[b];
    const eddy_panel_shape *shape = c->shapes[b];
    memset(info, 0, sizeof *info);
    memset(c->self + (size_t)b * (size_t)c->r, 0, (size_t)c->r * sizeof(double));
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    double lc[2];
    eddy_body_local_center(body, lc);
    added_mass_about_centre(shape->added_mass, lc, fd.density, info->added);
    eddy_piece pieces[EDDY_PANEL_MAX_PIECES];
    int piece_count = 0;
    if (eddyi_body_panel_pieces(body, pieces, &piece_count, NULL) != EDDY_OK) piece_count = 0;
    eddyi_panel_outline_moments(shape, piece_count > 0 ? pieces : NULL, piece_count, &info->area,
                               info->centroid);
    for (int k = 0; k < piece_count; ++k)
        if (pieces[k].kind == EDDY_PIECE_CIRCLE) {
            double *cr = info->circles[info->circle_count++];
            cr[0] = pieces[k].cx, cr[1] = pieces[k].cy, cr[2] = pieces[k].radius;
        }
    spin_drag_sums(shape, lc, info->spin_drag);
    info->drag = default_drag(body);
    info->gravity_scale = eddy_body_gravity_scale(body);
    weight_of(body, info);
    double centre[2];
    eddy_body_world_center(body, centre);
    eddy_coupling_to_fluid(c, centre);
    eddy_fluid_velocity(c->fluid, centre[0], centre[1], info->ambient);
    if (eddy_body_get_type(body) != EDDY_BODY_DYNAMIC) return EDDY_OK;
    info->box2d_added[0] = 0.5 * (info->added[0] + info->added[4]);
    info->box2d_added[1] = info->added[8];
    eddy_result res = eddy_body_set_added_mass(body, info->box2d_added[0], info->box2d_added[1], err);
    if (res == EDDY_OK) res = eddy_body_set_gravity_scale(body, 0.0, err);
    return res;
}

void eddyi_coupling_body_detach(eddy_coupling *c, int b)
{
    eddy_body *body = c->bodies[b];
    if (eddy_body_get_type(body) != EDDY_BODY_DYNAMIC) return;
    eddy_body_set_added_mass(body, 0.0, 0.0, NULL);
    eddy_body_set_gravity_scale(body, c->info[b].gravity_scale, NULL);
}

/* ------------------------------------------------------------ per step */

static void read_motion(const eddy_coupling *c, const eddy_body *body, body_motion *m)
{
    eddy_body_world_center(body, m->c);
    eddy_coupling_to_fluid(c, m->c);
    eddy_body_linear_velocity(body, m->v);
    m->omega = eddy_body_angular_velocity(body);
    eddy_pose p;
    eddy_body_get_pose(body, &p);
    m->cs = p.c, m->sn = p.s;
    m->o[0] = p.x, m->o[1] = p.y;
    eddy_coupling_to_fluid(c, m->o);
}

/* The tensor of body b in world axes: translation block rotated, coupling
 * column rotated, rotation entry unchanged. */
static void world_added_mass_at(const double *body_space, double cs, double sn, double *out)
{
    const double r[2][2] = {{cs, -sn}, {sn, cs}};
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
            double sum = 0.0;
            for (int a = 0; a < 2; ++a)
                for (int b = 0; b < 2; ++b) sum += r[i][a] * body_space[3 * a + b] * r[j][b];
            out[3 * i + j] = sum;
        }
        out[3 * i + 2] = out[3 * 2 + i] = r[i][0] * body_space[2] + r[i][1] * body_space[5];
    }
    out[8] = body_space[8];
}

static void world_added_mass(const double *body_space, const body_motion *m, double *out)
{
    world_added_mass_at(body_space, m->cs, m->sn, out);
}

/* The sample points of every moving body: its centre and four points half a
 * cell away, kept inside the domain. */
static double gradient_step(const eddy_coupling *c)
{
    return 0.5 * fmin(c->asset->width / c->asset->nx, c->asset->height / c->asset->ny);
}

static void place_samples(const eddy_coupling *c)
{
    double h = gradient_step(c), w = c->asset->width, ht = c->asset->height;
    static const double offsets[EDDY_COUPLING_SAMPLES_PER_BODY][2] = {
        {0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (int b = 0; b < c->body_count; ++b) {
        double centre[2];
        eddy_body_world_center(c->bodies[b], centre);
        eddy_coupling_to_fluid(c, centre);
        eddyi_wet_sample_point(c, b, centre); /* surface.h: towards the wet part */
        double x = fmin(fmax(centre[0], h), w - h), y = fmin(fmax(centre[1], h), ht - h);
        for (int k = 0; k < EDDY_COUPLING_SAMPLES_PER_BODY; ++k) {
            double *xy = &c->sample_xy[2 * (EDDY_COUPLING_SAMPLES_PER_BODY * b + k)];
            xy[0] = x + h * offsets[k][0], xy[1] = y + h * offsets[k][1];
        }
    }
}

/* The body's own wake moves on with the water. The fluid's step took r to
 * r + dt dr/dt (coef_start, coef_rate): a linear map near r (an orthogonal
 * one, in ideal flow) known only through what it did to r. Of all linear
 * maps that do that, the one closest to the identity (Broyden's rank-one
 * update) moves the wake s by
 *     ds = dt (dr/dt) (r . s) / |r|^2:
 * the whole of r's change when the wake is all of r (a lone body in still
 * water: the vortex pair it shed travels with it and would otherwise meet it
 * again as a current), none when it is orthogonal to r. Returns the share
 * (r . s) / |r|^2 in [0, 1], which also leaves the wake's own change out of
 * dU/dt. A falling body met 2.5 % of its speed as its own wake, and 0.9 %
 * more as that wake's acceleration: it fell 3.4 % faster than the drag law
 * at 7 s, and still creeping. */
static double carry_own_wake(eddy_coupling *c, int b)
{
    double *self = c->self + (size_t)b * (size_t)c->r, rs = 0.0, rr = 0.0;
    for (int k = 0; k < c->r; ++k) rs += c->coef_start[k] * self[k], rr += c->coef_start[k] * c->coef_start[k];
    double share = rr > 0.0 ? fmin(fmax(rs / rr, 0.0), 1.0) : 0.0;
    const double *now = eddy_fluid_coefficients(c->fluid);
    if (share > 0.0)
        for (int k = 0; k < c->r; ++k) self[k] += share * (now[k] - c->coef_start[k]);
    return share;
}

/* U, grad U and dU/dt at body b's samples, from r less the body's own wake
 * (coef: the worker's scratch, r values). */
static void read_ambient(eddy_coupling *c, int b, double *coef, ambient *a)
{
    double share = carry_own_wake(c, b);
    const double *r = eddy_fluid_coefficients(c->fluid), *self = c->self + (size_t)b * (size_t)c->r;
    for (int k = 0; k < c->r; ++k) coef[k] = r[k] - self[k];
    const double *xy = &c->sample_xy[2 * EDDY_COUPLING_SAMPLES_PER_BODY * b];
    double uv[2 * EDDY_COUPLING_SAMPLES_PER_BODY];
    eddyi_fluid_velocity_many_of(c->fluid, coef, EDDY_COUPLING_SAMPLES_PER_BODY, xy, uv);
    double h2 = 2.0 * gradient_step(c);
    a->u[0] = uv[0], a->u[1] = uv[1];
    a->grad[0] = (uv[2] - uv[4]) / h2, a->grad[2] = (uv[3] - uv[5]) / h2; /* d/dx */
    a->grad[1] = (uv[6] - uv[8]) / h2, a->grad[3] = (uv[7] - uv[9]) / h2; /* d/dy */
    eddyi_fluid_velocity_of(c->fluid, c->coef_rate, xy[0], xy[1], a->rate);
    a->rate[0] *= 1.0 - share, a->rate[1] *= 1.0 - share;
}

/* Share of a body's own wake (coupling_internal.h: self) that stays its own
 * over a step. In the water a wake trails behind; in the reduced flow, whose
 * shortest wavelength is far longer than a body, the wake's impulse becomes a
 * vortex pair that travels along with the body, so it stays the body's own
 * until the ambient flow U carries it off: it fades at |U| / l, the rate at
 * which U crosses a basis wavelength l = 2 sqrt(W H / r). */
static double own_wake_fade(const eddy_coupling *c, double speed, double dt)
{
    double wavelength = 2.0 * sqrt(c->asset->width * c->asset->height / c->r);
    return exp(-dt * speed / wavelength);
}

/* Width of the body's outline across the direction (dx, dy): the extent of
 * its real panels' end points and of its circles (the outline of a union of
 * convex pieces reaches as far as the farthest piece; a circle's panels are
 * chords, an 11-gon 2 % narrower than its disc). */
static double frontal_width(const eddy_coupling *c, int b, const body_motion *m, double dx,
                           double dy)
{
    const eddy_panel_world *w = c->panels;
    const eddy_coupled_body *info = &c->info[b];
    int first = w->bodies[b].first, count = w->bodies[b].shape->count;
    double lo = INFINITY, hi = -INFINITY;
    for (int i = first; i < first + count; ++i)
        for (int e = 0; e < 2; ++e) {
            double p = -dy * w->src[4 * i + 2 * e] + dx * w->src[4 * i + 2 * e + 1];
            lo = fmin(lo, p), hi = fmax(hi, p);
        }
    for (int k = 0; k < info->circle_count; ++k) {
        const double *cr = info->circles[k];
        double x = m->o[0] + m->cs * cr[0] - m->sn * cr[1];
        double y = m->o[1] + m->sn * cr[0] + m->cs * cr[1];
        double p = -dy * x + dx * y;
        lo = fmin(lo, p - cr[2]), hi = fmax(hi, p + cr[2]);
    }
    return hi > lo ? hi - lo : 0.0;
}

/* Mass along a unit direction: e^T (m I + M_a) e over the translation block. */
static double mass_along(double mass, const double *ma, double ex, double ey)
{
    return mass + ex * (ma[0] * ex + ma[1] * ey) + ey * (ma[3] * ex + ma[4] * ey);
}

/* Drag F_d = k u_rel, k = rho Cd w |u_rel| / 2, for a dynamic body taken at
 * the end of the step (linearly implicit): with the other forces F_o acting
 * too, the relative flow after the step is (u_rel - dt F_o / m_e) / (1 + k dt / m_e),
 * m_e the mass along u_rel with the added mass. It cannot reverse the
 * relative flow in one step, and at terminal speed it is exactly k u_rel. */
static void drag_force(const eddy_coupling *c, int b, const body_motion *m, double density,
                       double mass, const double *ma, const double urel[2], const double other[2],
                       double dt, double out[2])
{
    out[0] = out[1] = 0.0;
    double speed = hypot(urel[0], urel[1]);
    if (!(speed > 0.0) || c->info[b].drag <= 0.0) return;
    double ex = urel[0] / speed, ey = urel[1] / speed;
    double width = c->surface ? eddyi_wet_frontal_width(c, b, ex, ey) /* the wet part's */
                              : frontal_width(c, b, m, ex, ey);
    double k = 0.5 * density * c->info[b].drag * width * speed;
    if (!(mass > 0.0)) { /* kinematic: the hand holds its velocity */
        out[0] = k * urel[0], out[1] = k * urel[1];
        return;
    }
    double me = mass_along(mass, ma, ex, ey), damp = 1.0 + k * dt / me;
    out[0] = k * (urel[0] - dt * other[0] / me) / damp;
    out[1] = k * (urel[1] - dt * other[1] / me) / damp;
}

/* tau_d about the centre of mass, linearly implicit. */
static double spin_drag(const eddy_coupling *c, int b, double density, double inertia,
                        double omega_rel, double dt)
{
    const eddy_coupled_body *info = &c->info[b];
    double sum = info->spin_drag[omega_rel > 0.0 ? 0 : 1] * eddyi_wet_fraction(c, b);
    double k = 0.5 * density * info->drag * sum * fabs(omega_rel);
    double damp = inertia > 0.0 ? 1.0 + k * dt / (inertia + info->added[8]) : 1.0;
    return -k * omega_rel / damp;
}

/* Hydrostatics (5.22). The pressure rho g . (x - x_top) is linear in x, so
 * over any closed outline it sums, exactly, to Archimedes' force
 * -rho A g acting at the centroid of the region the outline encloses (the
 * centre of buoyancy): the outline's divergence theorem, integral of
 * grad p over the region. Integrating the pressure panel by panel at one
 * point each gets the force right but the torque wrong by about
 * rho g L^3 / 12 a panel, which does not cancel where panels differ in
 * length (a box of 5/4/5/3 panels a side turned by itself at rest). The
 * depth x_top drops out of both.
 *
 * Two steps: the displaced region (area, centroid in fluid coordinates),
 * then the load it gives. Under a free surface (surface.h) the region is the
 * body's wet part, clipped under the straight surface line it floats in, and
 * the pressure rho g (line(x) - y) is still linear, so the same exact sum
 * holds with the pressure's gradient: rho (g_x - g_y slope, g_y) for a line of
 * that slope (gravity's part along the line pushes the body down the wave's
 * slope, the long wave's Froude-Krylov force). A body wholly under water
 * uses its whole outline, as in a full tank. */
static void displaced_region(const eddy_coupling *c, int b, const body_motion *m, const double g[2],
                             double *area, double centroid[2], double pressure_g[2])
{
    const eddy_coupled_body *info = &c->info[b];
    double slope = 0.0;
    if (!eddyi_wet_region(c, b, area, centroid, &slope)) { /* wholly wet: the exact outline */
        *area = info->area;
        centroid[0] = m->o[0] + m->cs * info->centroid[0] - m->sn * info->centroid[1];
        centroid[1] = m->o[1] + m->sn * info->centroid[0] + m->cs * info->centroid[1];
    }
    pressure_g[0] = g[0] - g[1] * slope, pressure_g[1] = g[1];
}

/* The area of the water body b displaces (its wet part's under a surface). */
static double wet_region_area(const eddy_coupling *c, int b)
{
    double area, centroid[2], slope;
    return eddyi_wet_region(c, b, &area, centroid, &slope) ? area : c->info[b].area;
}

/* Force -rho A g at the centroid (g: the pressure's gradient over rho, gravity
 * under a level surface): adds it and its torque about the centre of mass to
 * load (N, N, N m per metre). */
static void hydrostatic_load(double density, const double g[2], double area,
                             const double centroid[2], const double centre[2], double load[3])
{
    double fx = -density * area * g[0], fy = -density * area * g[1];
    load[0] += fx, load[1] += fy;
    load[2] += (centroid[0] - centre[0]) * fy - (centroid[1] - centre[1]) * fx;
}

/* The weight s m g at the centre of mass in double precision (weight_of), as
 * force and torque about the solver's centre of mass c. */
static void weight_load(const eddy_coupled_body *info, const body_motion *m, const double g[2],
                        double out[3])
{
    double w = info->gravity_scale * info->weight_mass;
    double x = m->o[0] + m->cs * info->weight_centre[0] - m->sn * info->weight_centre[1];
    double y = m->o[1] + m->sn * info->weight_centre[0] + m->cs * info->weight_centre[1];
    out[0] = w * g[0], out[1] = w * g[1];
    out[2] = (x - m->c[0]) * out[1] - (y - m->c[1]) * out[0];
}

/* Solves the symmetric 3 x 3 system m x = q by cofactors; false if singular. */
static bool solve3(const double *m, const double *q, double *x)
{
    double c00 = m[4] * m[8] - m[5] * m[7], c01 = m[5] * m[6] - m[3] * m[8];
    double c02 = m[3] * m[7] - m[4] * m[6];
    double det = m[0] * c00 + m[1] * c01 + m[2] * c02;
    if (!(fabs(det) > 0.0) || !isfinite(det)) return false;
    double c11 = m[0] * m[8] - m[2] * m[6], c12 = m[1] * m[6] - m[0] * m[7];
    double c22 = m[0] * m[4] - m[1] * m[3];
    x[0] = (c00 * q[0] + c01 * q[1] + c02 * q[2]) / det;
    x[1] = (c01 * q[0] + c11 * q[1] + c12 * q[2]) / det;
    x[2] = (c02 * q[0] + c12 * q[1] + c22 * q[2]) / det;
    return true;
}

/* M + M_a (world axes); a body that cannot turn keeps the translation block
 * (its own inertia is infinite). */
static void total_mass(const double *ma, double mass, double inertia, double *out)
{
    memcpy(out, ma, 9 * sizeof(double));
    out[0] += mass, out[4] += mass;
    if (inertia > 0.0) {
        out[8] += inertia;
    } else {
        out[2] = out[5] = out[6] = out[7] = 0.0;
        out[8] = 1.0;
    }
}

/* The gyroscopic generalised force of Kirchhoff's equations in world axes at
 * the relative motion R (body axes): with (p, h) = M_a R, in body axes
 * -(omega z x p, (u x p) . z) + M_a (omega z x u, 0) (the part that turns
 * the body's own momentum with its axes drops out). What the load reports;
 * the step itself takes the terms implicitly (added_mass_step). */
static void gyroscopic_force(const double *a, const body_motion *m, const double r[3],
                             double out[3])
{
    double p1 = a[0] * r[0] + a[1] * r[1] + a[2] * r[2];
    double p2 = a[3] * r[0] + a[4] * r[1] + a[5] * r[2];
    double s1 = -r[2] * r[1], s2 = r[2] * r[0]; /* omega z x u */
    double g1 = r[2] * p2 + a[0] * s1 + a[1] * s2;
    double g2 = -r[2] * p1 + a[3] * s1 + a[4] * s2;
    out[0] = m->cs * g1 - m->sn * g2;
    out[1] = m->sn * g1 + m->cs * g2;
    out[2] = -(r[0] * p2 - r[1] * p1) + a[6] * s1 + a[7] * s2;
}

/* The step of the generalised velocity q = (v, omega) under the generalised
 * force Q (N, N, N m per metre), with the added mass implicit and Kirchhoff's
 * equations (Lamb, Hydrodynamics 124, in 2D). A body moving through ideal
 * water carries the impulse of the water it sets moving, M_a r, with
 * r = (v - U, omega) its motion relative to the flow U it meets (U held over
 * the step; its change enters Q as the pressure-gradient force). In the
 * body's own axes, with K = M + M_a (M = diag(m, m, I) about the centre of
 * mass, M_a constant there), R = r in those axes and (p, h) = K R,
 *     K dR/dt = Q_body - (omega z x p, (u x p) . z),   u = R over translation.
 * The extra terms exchange momentum between translation and rotation
 * without work: for M_a = diag(m11, m22, m66) the Munk moment
 * -(m22 - m11) u v turns an elongated body (m11 < m22 along its long axis)
 * broadside, and omega z x p bends its path; for an isotropic tensor (a
 * disc, a square) they only turn the axes with the body.
 * Discretely, the implicit midpoint rule in the body's axes,
 *     K (R' - R) = dt (Q_body - g((R + R') / 2)),
 * keeps R^T K R / 2 exactly when Q = 0 (R . g(R) = 0), and speed and spin
 * to second order; a few fixed-point sweeps solve it (omega dt is small).
 * The new velocity is then turned to world axes at the angle the rigid-body
 * solver will reach, theta + d (Box2D 2.4 moves the angle once with the new
 * angular velocity; v3 once per substep; turn_weight says which), and the
 * solver is handed what makes it reach q' = U + T(theta + d) R'. The angle
 * itself stays the solver's (first order), but speed and spin do not depend
 * on it. Measured on a light 2:1 octagon over 5 s (tests/test_kirchhoff.c):
 * explicit terms changed its energy by 5 %; world-axes schemes that turn the
 * tensor as Box2D turns the body kept the energy but left the angular
 * velocity 3-4 % off Kirchhoff's, falling only like dt; this rule, 0.03 %.
 * M_a is the body-space tensor of what is wet, s M_a (added; the whole
 * tensor in a full tank): a body crossing a surface keeps these equations
 * with the added mass of the moment, and eddyi_wet_slam (surface.h) puts the
 * change of s into Q.
 * Out: the force and torque to hand the solver, which integrates with mass
 * m + box2d_added[0] and inertia I + box2d_added[1] (s times the isotropic
 * part, surface_bodies.c's hand_over), so that its
 * acceleration is (q' - q) / dt; kirchhoff: the gyroscopic generalised force
 * at the start of the step (gyroscopic_force), for the load report. */
#define KIRCHHOFF_SWEEPS 4
static void added_mass_step(const eddy_coupled_body *info, const double *added,
                            const body_motion *m, double mass, double inertia,
                            const double flow[2], const double q[3], double turn_weight, double dt,
                            double out[3], double kirchhoff[3])
{
    bool turns = inertia > 0.0;
    double k[9];
    total_mass(added, mass, inertia, k); /* body axes */
    double wx = m->v[0] - flow[0], wy = m->v[1] - flow[1];
    double r0[3] = {m->cs * wx + m->sn * wy, -m->sn * wx + m->cs * wy, turns ? m->omega : 0.0};
    double r1[3], g[3] = {0.0, 0.0, 0.0};
    memcpy(r1, r0, sizeof r1);
    double theta = atan2(m->sn, m->cs);
    for (int sweep = 0; sweep < KIRCHHOFF_SWEEPS; ++sweep) {
        double mid[3] = {0.5 * (r0[0] + r1[0]), 0.5 * (r0[1] + r1[1]), 0.5 * (r0[2] + r1[2])};
        double p1 = k[0] * mid[0] + k[1] * mid[1] + k[2] * mid[2];
        double p2 = k[3] * mid[0] + k[4] * mid[1] + k[5] * mid[2];
        g[0] = -mid[2] * p2, g[1] = mid[2] * p1; /* omega z x p */
        g[2] = turns ? mid[0] * p2 - mid[1] * p1 : 0.0; /* (u x p) . z */
        double half = theta + 0.5 * dt * mid[2], c = cos(half), sn = sin(half);
        double rhs[3] = {c * q[0] + sn * q[1] - g[0], -sn * q[0] + c * q[1] - g[1],
                         turns ? q[2] - g[2] : 0.0};
        double rate[3];
        if (!solve3(k, rhs, rate)) {
            memcpy(out, q, 3 * sizeof(double));
            memset(kirchhoff, 0, 3 * sizeof(double));
            return;
        }
        for (int i = 0; i < 3; ++i) r1[i] = r0[i] + dt * rate[i];
    }
    double d = dt * (turn_weight * r1[2] + (1.0 - turn_weight) * r0[2]);
    double c1 = cos(theta + d), s1 = sin(theta + d);
    double acc[3] = {(flow[0] + c1 * r1[0] - s1 * r1[1] - m->v[0]) / dt,
                     (flow[1] + s1 * r1[0] + c1 * r1[1] - m->v[1]) / dt, (r1[2] - r0[2]) / dt};
    gyroscopic_force(added, m, r0, kirchhoff);
    out[0] = (mass + info->box2d_added[0]) * acc[0];
    out[1] = (mass + info->box2d_added[0]) * acc[1];
    out[2] = turns ? (inertia + info->box2d_added[1]) * acc[2] : 0.0;
}

/* How far the rigid-body solver turns a body in a step, between omega dt
 * (0) and omega' dt (1): Box2D 2.4 and Chipmunk move positions once with the
 * new velocity; v3 in n substeps, each with its own velocity. Asked of the
 * coupled world's engine (a Chipmunk world on a v3 build gets Chipmunk's). */
static double solver_turn_weight(const eddy_coupling *c)
{
    eddy_body_backend_info bi;
    eddy_world_get_backend(c->world, &bi);
    if (!bi.substeps) return 1.0;
    int n = c->desc.body_substeps > 0 ? c->desc.body_substeps : 1;
    return (n + 1.0) / (2.0 * n);
}

/* Hydrodynamic impulse of body b's panels per unit density (m^2/s). */
static void panel_impulse(const eddy_panel_world *w, int b, const double c[2], double out[2])
{
    const eddy_panel_world_body *pb = &w->bodies[b];
    out[0] = out[1] = 0.0;
    for (int i = pb->first; i < pb->first + pb->shape->count; ++i) {
        double g = w->strength[i] * pb->shape->length[i - pb->first];
        out[0] += g * (w->mid[2 * i + 1] - c[1]);
        out[1] -= g * (w->mid[2 * i] - c[0]);
    }
}

/* a in [0, 1] with a I_p = -F_d dt along I_p: the fraction of the panels'
 * field that carries the drag's reaction into the water. */
static double feedback_amplitude(const eddy_panel_world *w, int b, const double c[2],
                                 double density, const double drag[2], double dt)
{
    double ip[2];
    panel_impulse(w, b, c, ip);
    double ii = density * density * (ip[0] * ip[0] + ip[1] * ip[1]);
    if (!(ii > 0.0)) return 0.0;
    double a = -dt * density * (drag[0] * ip[0] + drag[1] * ip[1]) / ii;
    return isfinite(a) ? fmin(fmax(a, 0.0), 1.0) : 0.0;
}

/* The water's share of the pressure-gradient and added-mass forces on a
 * body (the drag's is its feedback, feedback_amplitude). The reduced flow U
 * fills the whole domain, the body's place included; the water a body really
 * has round it is that flow less the water it displaces, rho A U, plus the
 * disturbance of its motion relative to U, whose impulse is M_a (v - U). So
 * with K = rho A I + M_a (over translation), w = v - U, and P = K w + M_a's
 * coupling column times omega (the impulse the body's presence adds: the
 * displaced water's and the disturbance's),
 *   momentum: the body and its disturbance change by F = K DU/Dt (the
 *     pressure-gradient force, with the added mass's share) less M_a dU/dt
 *     along the body's path, the displaced water by rho A dU/dt along it; what
 *     is left for the reduced flow, so that the total changes only by what
 *     the walls take, is the point force
 *         f = K (dU/dt along the path - DU/Dt) = K (w . grad) U
 *     (nothing for a body riding the flow, w = 0);
 *   energy: water plus bodies (eddyi_coupling_body_energy) changes by
 *     f . U (the point force's work on the water) + w . K DU/Dt (on the
 *     body and its disturbance, less the displaced water) - U . K (w . grad) U;
 *     the first and last cancel, and w . K DU/Dt is what the ambient flow
 *     gains in the full equations from carrying the disturbance along: the
 *     advection of the disturbance by U, (U . grad) of a point impulse P, a
 *     force dipole along U. Its work -P . (U . grad) U leaves
 *     P . dU/dt (the flow's own rate at a fixed point): zero in a steady flow.
 * Both go into the reduced flow as point impulses (eddyi_fluid_project_point):
 * f dt at the centre, and the dipole as +-(|U| dt / 2 e) P at e behind and
 * ahead along U, e the half cell the gradient is taken over. */
static void water_reaction(eddy_coupling *c, int b, const body_motion *m, const ambient *a,
                           const double *ma, double density, double area, double dt,
                           const force_scratch *ws)
{
    double rho_a = density * area;
    double w[2] = {m->v[0] - a->u[0], m->v[1] - a->u[1]};
    double k[4] = {rho_a + ma[0], ma[1], ma[3], rho_a + ma[4]};
    double wg[2] = {w[0] * a->grad[0] + w[1] * a->grad[1], w[0] * a->grad[2] + w[1] * a->grad[3]};
    double f[2] = {k[0] * wg[0] + k[1] * wg[1], k[2] * wg[0] + k[3] * wg[1]};
    double p[2] = {k[0] * w[0] + k[1] * w[1] + ma[2] * m->omega,
                   k[2] * w[0] + k[3] * w[1] + ma[5] * m->omega};
    double *dr = c->fold_all + (size_t)b * (size_t)c->r; /* its own row: summed in body order */
    memset(dr, 0, (size_t)c->r * sizeof(double));
    eddyi_fluid_project_point_with(c->fluid, m->c[0], m->c[1], dt * f[0] / density,
                                  dt * f[1] / density, dr, ws->phi_u, ws->phi_v);
    double *self = c->self + (size_t)b * (size_t)c->r;
    for (int k = 0; k < c->r; ++k) self[k] += dr[k];
    double ug[2] = {a->u[0] * a->grad[0] + a->u[1] * a->grad[1],
                    a->u[0] * a->grad[2] + a->u[1] * a->grad[3]};
    ws->item->reaction_energy = dt * (p[0] * ug[0] + p[1] * ug[1]);
    ws->item->reacted = true;
}

/* The load of one moving body (F_d, F_p, F_b; not its weight) into
 * info->load, its drag into drag[2]; returns the energy the drag takes. */
static double fluid_load(eddy_coupling *c, int b, const body_motion *m, double density,
                         const double g[2], const double weight[3], const double *ma, double dt,
                         const force_scratch *ws, double drag[2], double *ambient_speed,
                         double hydro[3])
{
    eddy_body *body = c->bodies[b];
    eddy_coupled_body *info = &c->info[b];
    bool dynamic = eddy_body_get_type(body) == EDDY_BODY_DYNAMIC;
    double mass = dynamic ? eddy_body_mass(body) : 0.0;
    double inertia = dynamic ? eddy_body_inertia(body) : 0.0;
    ambient a;
    read_ambient(c, b, ws->coef, &a);
    double urel[2] = {a.u[0] - m->v[0], a.u[1] - m->v[1]};
    eddyi_wet_add_waves(c, b, &c->sample_xy[2 * EDDY_COUPLING_SAMPLES_PER_BODY * b], urel);
    info->ambient[0] = a.u[0], info->ambient[1] = a.u[1];
    *ambient_speed = hypot(a.u[0], a.u[1]);
    double *load = info->load;
    load[0] = load[1] = load[2] = 0.0;
    if (dynamic) {
        /* DU/Dt = dU/dt + (U . grad) U, then (rho A I + M_a) DU/Dt */
        double acc[2] = {a.rate[0] + a.u[0] * a.grad[0] + a.u[1] * a.grad[1],
                         a.rate[1] + a.u[0] * a.grad[2] + a.u[1] * a.grad[3]};
        double area, centroid[2], pressure_g[2]; /* the water it displaces (wet part) */
        displaced_region(c, b, m, g, &area, centroid, pressure_g);
        double displaced = density * area;
        load[0] += (displaced + ma[0]) * acc[0] + ma[1] * acc[1];
        load[1] += ma[3] * acc[0] + (displaced + ma[4]) * acc[1];
        load[2] += ma[6] * acc[0] + ma[7] * acc[1];
        water_reaction(c, b, m, &a, ma, density, area, dt, ws);
        if (!c->desc.no_buoyancy) hydrostatic_load(density, pressure_g, area, centroid, m->c, hydro);
        for (int k = 0; k < 3; ++k) load[k] += hydro[k];
    }
    double other[2] = {load[0] + weight[0], load[1] + weight[1]};
    drag_force(c, b, m, density, mass, ma, urel, other, dt, drag);
    double omega_rel = m->omega - 0.5 * (a.grad[2] - a.grad[1]);
    double tau = (dynamic && inertia <= 0.0) ? 0.0 : spin_drag(c, b, density, inertia, omega_rel, dt);
    load[0] += drag[0], load[1] += drag[1], load[2] += tau;
    return (drag[0] * urel[0] + drag[1] * urel[1] - tau * omega_rel) * dt;
}

bool eddyi_coupling_forces_alloc(eddy_coupling *c)
{
    c->force_items = eddy_calloc((size_t)c->desc.max_bodies, sizeof *c->force_items);
    return c->force_items != NULL;
}

/* The serial opening of body b: what the step starts from, the opening half
 * kick (it sets the body's velocity, in the rigid-body engine), its motion
 * read after it. Whether the workers have anything to compute for it. */
static void open_body(eddy_coupling *c, int b, double dt, eddy_force_item *item)
{
    eddy_body *body = c->bodies[b];
    eddy_coupled_body *info = &c->info[b];
    item->todo = item->finite = item->reacted = item->handed = false;
    info->fold = 0.0;
    info->wake_fade = 1.0;
    memset(info->load, 0, sizeof info->load);
    eddy_body_type type = eddy_body_get_type(body);
    if (type == EDDY_BODY_STATIC) return;
    item->split = type == EDDY_BODY_DYNAMIC && eddyi_wet_open(c, b, dt); /* surface.h */
    if (!eddyi_wet_in_water(c, b)) { /* out of the water: nothing (surface.h) */
        info->wake_fade = 0.0; /* and the wake it made stays in the water, not with it */
        return;
    }
    read_motion(c, body, &item->m);
    item->todo = true;
}

/* Body b's load, feedback amplitude, wake and the wrench for the solver, on a
 * worker: it writes only body b's own records (info, self, wet, its row of
 * fold_all, its item) and reads what no worker writes. */
static void body_forces(const force_job *job, int b, const force_scratch *ws)
{
    eddy_coupling *c = job->c;
    eddy_force_item *item = ws->item;
    eddy_body *body = c->bodies[b];
    eddy_coupled_body *info = &c->info[b];
    eddy_body_type type = eddy_body_get_type(body);
    const body_motion *m = &item->m;
    double dt = job->dt;
    /* the added mass of the wet part, s M_a (surface.h; s = 1 in a full tank) */
    double wet = eddyi_wet_fraction(c, b), added[9], ma_full[9], ma[9];
    for (int k = 0; k < 9; ++k) added[k] = wet * info->added[k];
    world_added_mass(info->added, m, ma_full);
    world_added_mass(added, m, ma);
    double drag[2], ambient_speed, weight[3] = {0.0, 0.0, 0.0}, hydro[3] = {0.0, 0.0, 0.0};
    if (type == EDDY_BODY_DYNAMIC) weight_load(info, m, job->g, weight);
    double lost = fluid_load(c, b, m, job->density, job->g, weight, ma, dt, ws, drag,
                             &ambient_speed, hydro);
    if (!isfinite(info->load[0]) || !isfinite(info->load[1]) || !isfinite(info->load[2])) {
        memset(info->load, 0, sizeof info->load);
        return;
    }
    item->finite = true;
    item->lost = lost;
    info->fold = feedback_amplitude(c->panels, b, m->c, job->density, drag, dt);
    info->wake_fade = own_wake_fade(c, ambient_speed, dt);
    if (type != EDDY_BODY_DYNAMIC) return;
    double q[3], gyro[3];
    for (int k = 0; k < 3; ++k) q[k] = info->load[k] + weight[k];
    if (item->split) /* buoyancy and weight go as kicks (surface.h, THE HYDROSTATIC KICKS) */
        for (int k = 0; k < 3; ++k) q[k] -= hydro[k] + weight[k];
    double qrel[3] = {m->v[0] - info->ambient[0], m->v[1] - info->ambient[1], m->omega};
    eddyi_wet_slam(c, b, ma_full, qrel, dt, q); /* a change of immersion (surface.h) */
    added_mass_step(info, added, m, eddy_body_mass(body), eddy_body_inertia(body),
                    info->ambient, q, job->turn_weight, dt, item->out, gyro);
    for (int k = 0; k < 3; ++k) info->load[k] += gyro[k];
    item->handed = true;
}

/* The bodies [start, end) on worker `worker` (tasks.h). */
static void forces_task(int start, int end, int worker, void *context)
{
    const force_job *job = context;
    eddy_coupling *c = job->c;
    double *scratch = c->force_scratch + (size_t)worker * 3 * (size_t)c->r;
    force_scratch ws = {scratch, scratch + c->r, scratch + 2 * (size_t)c->r, NULL};
    for (int b = start; b < end; ++b) {
        ws.item = &c->force_items[b];
        if (ws.item->todo) body_forces(job, b, &ws);
    }
}

/* The serial close of body b, in body order: the sums over bodies (the
 * water's reaction, its energy, the drag's dissipation) and the wrench into
 * the rigid-body engine. */
static void close_body(eddy_coupling *c, int b, double dt, const eddy_force_item *item)
{
    if (!item->todo) return;
    if (item->reacted) {
        const double *dr = c->fold_all + (size_t)b * (size_t)c->r;
        for (int k = 0; k < c->r; ++k) c->reaction[k] += dr[k];
        c->reaction_energy -= item->reaction_energy;
        c->reacted = true;
    }
    if (!item->finite) return;
    c->dissipated += item->lost;
    if (!item->handed) return;
    eddyi_port_apply_wrench(c->bodies[b], item->out[0], item->out[1], item->out[2]); /* body_port.h */
    eddyi_wet_handed(c, b, item->out, dt);
}

/* Every body's forces in three passes: opened in body order on the calling
 * thread, computed body by body on the game's workers (coupling_tasks.c), closed
 * in body order. Each body's results are its own, and every sum is taken in
 * the close in body order: the same bits on any number of workers. */
void eddyi_coupling_apply_body_forces(eddy_coupling *c, double dt)
{
    if (c->body_count == 0 || !c->panels->placed) return;
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    force_job job = {c, dt, fd.density, {0.0, 0.0}, solver_turn_weight(c)};
    eddy_world_get_gravity(c->world, job.g);
    place_samples(c);
    memset(c->reaction, 0, (size_t)c->r * sizeof(double));
    c->reacted = false;
    c->reaction_energy = 0.0;
    for (int b = 0; b < c->body_count; ++b) open_body(c, b, dt, &c->force_items[b]);
    eddyi_tasks_run(&c->tasks, c->body_count, FORCE_TASK_BODIES, forces_task, &job);
    for (int b = 0; b < c->body_count; ++b) close_body(c, b, dt, &c->force_items[b]);
}

void eddyi_coupling_hydrostatic_acceleration(eddy_coupling *c, int b, double ds, double half,
                                            double acc[3], double dv[3])
{
    eddy_body *body = c->bodies[b];
    const eddy_coupled_body *info = &c->info[b];
    body_motion m;
    read_motion(c, body, &m);
    double g[2], q[3] = {0.0, 0.0, 0.0}, area, centroid[2], pressure_g[2];
    eddy_world_get_gravity(c->world, g);
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    weight_load(info, &m, g, q);
    if (!c->desc.no_buoyancy) {
        displaced_region(c, b, &m, g, &area, centroid, pressure_g);
        hydrostatic_load(fd.density, pressure_g, area, centroid, m.c, q);
    }
    double wet = eddyi_wet_fraction(c, b), added[9], ma[9], ma_full[9], k[9];
    for (int i = 0; i < 9; ++i) added[i] = wet * info->added[i];
    world_added_mass(added, &m, ma);
    world_added_mass(info->added, &m, ma_full);
    double inertia = eddy_body_inertia(body);
    bool turns = inertia > 0.0;
    total_mass(ma, eddy_body_mass(body), inertia, k);
    double qrel[3] = {m.v[0] - info->ambient[0], m.v[1] - info->ambient[1], turns ? m.omega : 0.0};
    double slam[3];
    for (int i = 0; i < 3; ++i) {
        double sum = 0.0;
        for (int j = 0; j < 3; ++j) sum += ma_full[3 * i + j] * qrel[j];
        slam[i] = -0.5 * ds * sum;
    }
    if (!turns) q[2] = slam[2] = 0.0;
    if (!solve3(k, q, acc)) acc[0] = acc[1] = acc[2] = 0.0;
    if (!solve3(k, slam, dv)) dv[0] = dv[1] = dv[2] = 0.0;
    if (!turns) acc[2] = dv[2] = 0.0;
    /* The impulse keeps q_rel^T K q_rel / 2 only to first order in ds, and the
       half kick that follows it at the close works on the velocity it changed:
       two errors of order ds dt a step, a first-order drift over a body's
       entry (a box dropped from 5 cm gained 1.3 % of its energy at 1/60 s).
       So the motion it leaves is scaled, mu (q_rel + dv), with mu the root
       nearest 1 of the energy balance of impulse and half kick together,
         q'^T K q' / 2 + h acc^T K q' = q_rel^T (K - ds M_a) q_rel / 2 + h acc^T K q_rel,
       h = half: with it, the kicks keep the energy as velocity Verlet does. */
    if (ds == 0.0) return;
    double moved[3], kq[3], km[3];
    for (int i = 0; i < 3; ++i) moved[i] = qrel[i] + dv[i];
    for (int i = 0; i < 3; ++i) {
        kq[i] = km[i] = 0.0;
        for (int j = 0; j < 3; ++j) kq[i] += k[3 * i + j] * qrel[j], km[i] += k[3 * i + j] * moved[j];
    }
    double qa = 0.0, qb = 0.0, rhs = 0.0;
    for (int i = 0; i < 3; ++i) {
        double slam_i = 0.0;
        for (int j = 0; j < 3; ++j) slam_i += ma_full[3 * i + j] * qrel[j];
        if (i == 2 && !turns) slam_i = 0.0;
        qa += 0.5 * moved[i] * km[i];
        qb += half * acc[i] * km[i];
        rhs += 0.5 * qrel[i] * (kq[i] - ds * slam_i) + half * acc[i] * kq[i];
    }
    double disc = qb * qb + 4.0 * qa * rhs;
    if (!(qa > 0.0) || !(disc >= 0.0)) return;
    double r1 = (-qb + sqrt(disc)) / (2.0 * qa), r2 = (-qb - sqrt(disc)) / (2.0 * qa);
    double mu = fabs(r1 - 1.0) <= fabs(r2 - 1.0) ? r1 : r2;
    if (!(fabs(mu - 1.0) < 0.5)) return; /* far from the first-order impulse: keep that */
    for (int i = 0; i < 3; ++i) dv[i] = mu * moved[i] - qrel[i];
}

/* Kinetic energy a dynamic body adds to the water's, to leading order for a
 * body small against the flow's scale. With U the flow it meets (the reduced
 * flow at its centre less its own wake), u_d the disturbance it makes (the
 * potential flow of its motion relative to U, whose energy is
 * r^T M_a r / 2, r = (v - U, omega)), and A its area, water and body hold
 *   rho/2 int_fluid |U + u_d|^2 + (body)
 *     = rho/2 int_all |U|^2 - rho A |U|^2 / 2 + rho int U . u_d + r^T M_a r / 2 + (body),
 * and rho int_fluid U . u_d = -rho U . (integral of phi_d n over the outline)
 * = U . (M_a r) (Green's identity; U divergence-free and tangent to the
 * walls). So the body adds, with q = (v, omega), U~ = (U, 0),
 *   q^T (M + M_a) q / 2 - U~^T (rho A I + M_a) U~ / 2:
 * its own energy with the water it drags along, less the water it displaces
 * and drags along moving with the flow. Riding the flow (neutrally buoyant,
 * v = U) it adds nothing; in still water, q^T (M + M_a) q / 2. (Without the
 * cross term U . M_a r a heavy disc in a gyre lost 0.6 % of the total in
 * 10 s with no force doing work.) */
double eddyi_coupling_body_energy(const eddy_coupling *c, int b)
{
    const eddy_body *body = c->bodies[b];
    if (eddy_body_get_type(body) != EDDY_BODY_DYNAMIC) return 0.0;
    body_motion m;
    read_motion(c, body, &m);
    double ma[9];
    world_added_mass(c->info[b].added, &m, ma);
    double wet = eddyi_wet_in_water(c, b) ? eddyi_wet_fraction(c, b) : 0.0; /* surface.h */
    for (int k = 0; k < 9; ++k) ma[k] *= wet;
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    double mass = eddy_body_mass(body), inertia = eddy_body_inertia(body);
    double u[2] = {0.0, 0.0}, own[2], area = wet > 0.0 ? wet_region_area(c, b) : 0.0;
    if (wet > 0.0) { /* a dry body meets no flow */
        eddyi_fluid_velocity_of(c->fluid, eddy_fluid_coefficients(c->fluid), m.c[0], m.c[1], u);
        eddyi_fluid_velocity_of(c->fluid, c->self + (size_t)b * (size_t)c->r, m.c[0], m.c[1], own);
        u[0] -= own[0], u[1] -= own[1];
    }
    double q[3] = {m.v[0], m.v[1], inertia > 0.0 ? m.omega : 0.0};
    double e = mass * (q[0] * q[0] + q[1] * q[1]) + inertia * q[2] * q[2] -
               fd.density * area * (u[0] * u[0] + u[1] * u[1]);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) e += q[i] * ma[3 * i + j] * q[j];
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j) e -= u[i] * ma[3 * i + j] * u[j];
    return 0.5 * e;
}
