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
 *   buoyancy       F_b = -(hydrostatic pressure over the panels) (5.22);
 *   weight         W = s m g (s: the body's gravity scale; the solver's own
 *                  gravity is switched off for a coupled body);
 *   spin drag      tau_d = -(rho Cd / 2) sum_adv A |q|^3 w_rel |w_rel|, over the
 *                  panels advancing into the water as the body turns relative
 *                  to the water's own rotation, w_rel = omega - (curl U) / 2, q a
 *                  panel's normal moment arm (the same pressure law as the
 *                  drag, panel by panel; zero for a disc, as in an ideal fluid);
 *
 *   (M + M_a) dq/dt = (F_d + F_p + F_b + W, tau_d + tau_b)        (generalised)
 *
 * Added mass is implicit: the port's rigid-body solver integrates mass plus
 * the isotropic part of M_a (the mean of its translational diagonal, and its
 * rotational entry), and the forces handed to it are premultiplied so that
 * the acceleration it produces is (M + M_a)^-1 F with the full tensor. A body
 * a hundred times lighter than water is then as stable as a heavy one;
 * contacts see the isotropic part. Drag is linearly implicit along u_rel
 * (F_d / (1 + k dt / m_eff), k = rho Cd w |u_rel| / 2), so it can never reverse
 * the relative flow in one step. Left out: the Munk moment and the other
 * gyroscopic terms of Kirchhoff's equations, lift, and history forces.
 *
 * Feedback (5.3.4) with momentum books: each step the water receives the drag's
 * reaction, impulse -F_d dt, in the shape the paper folds in, the field u_p of
 * the body's own panels. That field carries the hydrodynamic impulse
 * I_p = rho sum_i gamma_i A_i (y_i, -x_i) (the vortex sheet's first moment), so
 * the body's strengths are scaled by a = -F_d dt . I_p / |I_p|^2 in [0, 1] before
 * the projection (feedback_grid.c). The energy the drag takes, F_d . u_rel dt,
 * is what a bluff body's wake dissipates; it is counted (eddy_coupling.h).
 * Static bodies feel nothing and fold nothing: their panels are re-solved each
 * step and route the flow around them as u_p. */
#include "coupling_internal.h"
#include "surface.h"

#include <math.h>
#include <string.h>

/* Default drag coefficients on the frontal width: bluff bodies at the
 * Reynolds numbers of a game's water (1e3..1e5). A circular cylinder is about
 * 1.2; a square or a plate broadside about 2.0; other outlines in between. */
#define DRAG_CIRCLE 1.2
#define DRAG_BOX 2.0
#define DRAG_OTHER 1.6

typedef struct body_motion {
    double c[2], v[2], omega;  /* centre of mass (fluid coordinates), its velocity,
                                  angular velocity */
    double cs, sn;             /* the body's rotation */
} body_motion;

typedef struct ambient {
    double u[2];        /* U at the centre */
    double grad[4];     /* du/dx, du/dy, dv/dx, dv/dy */
    double rate[2];     /* dU/dt of the fluid's own step */
} ambient;

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

eddy_result eddy_coupling_body_attach(eddy_coupling *c, int b, eddy_error *err)
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
    spin_drag_sums(shape, lc, info->spin_drag);
    info->drag = default_drag(body);
    info->gravity_scale = eddy_body_gravity_scale(body);
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

void eddy_coupling_body_detach(eddy_coupling *c, int b)
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
}

/* The tensor of body b in world axes: translation block rotated, coupling
 * column rotated, rotation entry unchanged. */
static void world_added_mass(const double *body_space, const body_motion *m, double *out)
{
    const double r[2][2] = {{m->cs, -m->sn}, {m->sn, m->cs}};
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
        eddy_wet_sample_point(c, b, centre); /* surface.h: towards the wet part */
        double x = fmin(fmax(centre[0], h), w - h), y = fmin(fmax(centre[1], h), ht - h);
        for (int k = 0; k < EDDY_COUPLING_SAMPLES_PER_BODY; ++k) {
            double *xy = &c->sample_xy[2 * (EDDY_COUPLING_SAMPLES_PER_BODY * b + k)];
            xy[0] = x + h * offsets[k][0], xy[1] = y + h * offsets[k][1];
        }
    }
}

/* U, grad U and dU/dt at body b's samples, from r less the body's own wake. */
static void read_ambient(eddy_coupling *c, int b, ambient *a)
{
    const double *r = eddy_fluid_coefficients(c->fluid), *self = c->self + (size_t)b * (size_t)c->r;
    for (int k = 0; k < c->r; ++k) c->ambient_coef[k] = r[k] - self[k];
    const double *xy = &c->sample_xy[2 * EDDY_COUPLING_SAMPLES_PER_BODY * b];
    double uv[2 * EDDY_COUPLING_SAMPLES_PER_BODY];
    eddy_fluid_velocity_many_of(c->fluid, c->ambient_coef, EDDY_COUPLING_SAMPLES_PER_BODY, xy, uv);
    double h2 = 2.0 * gradient_step(c);
    a->u[0] = uv[0], a->u[1] = uv[1];
    a->grad[0] = (uv[2] - uv[4]) / h2, a->grad[2] = (uv[3] - uv[5]) / h2; /* d/dx */
    a->grad[1] = (uv[6] - uv[8]) / h2, a->grad[3] = (uv[7] - uv[9]) / h2; /* d/dy */
    eddy_fluid_velocity_of(c->fluid, c->coef_rate, xy[0], xy[1], a->rate);
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

/* Width of the body's real panels across the direction (dx, dy). */
static double frontal_width(const eddy_panel_world *w, int first, int count, double dx, double dy)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = first; i < first + count; ++i)
        for (int e = 0; e < 2; ++e) {
            double p = -dy * w->src[4 * i + 2 * e] + dx * w->src[4 * i + 2 * e + 1];
            lo = fmin(lo, p), hi = fmax(hi, p);
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
static void drag_force(const eddy_coupling *c, int b, double density, double mass,
                       const double *ma, const double urel[2], const double other[2], double dt,
                       double out[2])
{
    out[0] = out[1] = 0.0;
    double speed = hypot(urel[0], urel[1]);
    if (!(speed > 0.0) || c->info[b].drag <= 0.0) return;
    const eddy_panel_world_body *pb = &c->panels->bodies[b];
    double ex = urel[0] / speed, ey = urel[1] / speed;
    double width = c->surface ? eddy_wet_frontal_width(c, b, ex, ey) /* the wet part's */
                              : frontal_width(c->panels, pb->first, pb->shape->count, ex, ey);
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
    double sum = info->spin_drag[omega_rel > 0.0 ? 0 : 1] * eddy_wet_fraction(c, b);
    double k = 0.5 * density * info->drag * sum * fabs(omega_rel);
    double damp = inertia > 0.0 ? 1.0 + k * dt / (inertia + info->added[8]) : 1.0;
    return -k * omega_rel / damp;
}

/* Hydrostatic pressure over the panels (5.22), scaled by the true area over
 * the panelled one (a circle's panels enclose its inscribed polygon), so a
 * body of the water's density is neutral; adds force and torque about c. */
static void buoyancy(const eddy_coupling *c, int b, double density, const double g[2],
                     const double centre[2], double load[3])
{
    const eddy_panel_world *w = c->panels;
    const eddy_panel_shape *shape = c->shapes[b];
    int first = w->bodies[b].first;
    double top_x = g[0] > 0 ? 0.0 : c->asset->width, top_y = g[1] > 0 ? 0.0 : c->asset->height;
    double panelled = eddy_panel_shape_area(shape);
    double scale = panelled > 0.0 ? shape->area / panelled : 1.0;
    for (int i = 0; i < shape->count; ++i) {
        const double *n = &w->normal[2 * (first + i)], *mid = &w->mid[2 * (first + i)];
        double pressure = density * (g[0] * (mid[0] - top_x) + g[1] * (mid[1] - top_y));
        double fx = -pressure * scale * shape->length[i] * n[0];
        double fy = -pressure * scale * shape->length[i] * n[1];
        load[0] += fx, load[1] += fy;
        load[2] += (mid[0] - centre[0]) * fy - (mid[1] - centre[1]) * fx;
    }
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

/* The force and torque to hand the solver, which integrates with mass
 * m + box2d_added[0] and inertia I + box2d_added[1], so that its acceleration
 * is (M + M_a)^-1 q with the full tensor. A body that cannot turn keeps only
 * the translation block. */
static void through_added_mass(const eddy_coupled_body *info, double mass, double inertia,
                               const double *ma, const double q[3], double out[3])
{
    double total[9];
    memcpy(total, ma, sizeof total);
    total[0] += mass, total[4] += mass;
    bool turns = inertia > 0.0;
    if (turns) {
        total[8] += inertia;
    } else { /* decouple rotation: the body's own inertia is infinite */
        total[2] = total[5] = total[6] = total[7] = 0.0;
        total[8] = 1.0;
    }
    double acc[3];
    double qq[3] = {q[0], q[1], turns ? q[2] : 0.0};
    if (!solve3(total, qq, acc)) {
        memcpy(out, q, 3 * sizeof(double));
        return;
    }
    out[0] = (mass + info->box2d_added[0]) * acc[0];
    out[1] = (mass + info->box2d_added[0]) * acc[1];
    out[2] = turns ? (inertia + info->box2d_added[1]) * acc[2] : 0.0;
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

/* The load of one moving body (F_d, F_p, F_b; not its weight) into
 * info->load, its drag into drag[2]; returns the energy the drag takes. */
static double fluid_load(eddy_coupling *c, int b, const body_motion *m, double density,
                         const double g[2], const double *ma, double dt, double drag[2],
                         double *ambient_speed)
{
    eddy_body *body = c->bodies[b];
    eddy_coupled_body *info = &c->info[b];
    bool dynamic = eddy_body_get_type(body) == EDDY_BODY_DYNAMIC;
    double mass = dynamic ? eddy_body_mass(body) : 0.0;
    double inertia = dynamic ? eddy_body_inertia(body) : 0.0;
    ambient a;
    read_ambient(c, b, &a);
    double urel[2] = {a.u[0] - m->v[0], a.u[1] - m->v[1]};
    eddy_wet_add_waves(c, b, &c->sample_xy[2 * EDDY_COUPLING_SAMPLES_PER_BODY * b], urel);
    info->ambient[0] = a.u[0], info->ambient[1] = a.u[1];
    *ambient_speed = hypot(a.u[0], a.u[1]);
    double *load = info->load;
    load[0] = load[1] = load[2] = 0.0;
    if (dynamic) {
        /* DU/Dt = dU/dt + (U . grad) U, then (rho A I + M_a) DU/Dt */
        double acc[2] = {a.rate[0] + a.u[0] * a.grad[0] + a.u[1] * a.grad[1],
                         a.rate[1] + a.u[0] * a.grad[2] + a.u[1] * a.grad[3]};
        double displaced = density * c->shapes[b]->area * eddy_wet_fraction(c, b);
        load[0] += (displaced + ma[0]) * acc[0] + ma[1] * acc[1];
        load[1] += ma[3] * acc[0] + (displaced + ma[4]) * acc[1];
        load[2] += ma[6] * acc[0] + ma[7] * acc[1];
        /* a surface's buoyancy on the wet part (surface.h), else 5.22's */
        if (!eddy_wet_buoyancy(c, b, density, g, m->c, load) && c->desc.buoyancy)
            buoyancy(c, b, density, g, m->c, load);
    }
    double other[2] = {load[0] + info->gravity_scale * mass * g[0],
                       load[1] + info->gravity_scale * mass * g[1]};
    drag_force(c, b, density, mass, ma, urel, other, dt, drag);
    double omega_rel = m->omega - 0.5 * (a.grad[2] - a.grad[1]);
    double tau = (dynamic && inertia <= 0.0) ? 0.0 : spin_drag(c, b, density, inertia, omega_rel, dt);
    load[0] += drag[0], load[1] += drag[1], load[2] += tau;
    return (drag[0] * urel[0] + drag[1] * urel[1] - tau * omega_rel) * dt;
}

void eddy_coupling_apply_body_forces(eddy_coupling *c, double dt)
{
    if (c->body_count == 0 || !c->panels->placed) return;
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    double g[2];
    eddy_world_get_gravity(c->world, g);
    place_samples(c);
    for (int b = 0; b < c->body_count; ++b) {
        eddy_body *body = c->bodies[b];
        eddy_coupled_body *info = &c->info[b];
        info->fold = 0.0;
        info->wake_fade = 1.0;
        memset(info->load, 0, sizeof info->load);
        eddy_body_type type = eddy_body_get_type(body);
        if (type == EDDY_BODY_STATIC) continue;
        if (!eddy_wet_in_water(c, b)) continue; /* out of the water: nothing (surface.h) */
        body_motion m;
        read_motion(c, body, &m);
        double ma_full[9], ma[9], drag[2], ambient_speed;
        world_added_mass(info->added, &m, ma_full);
        double wet = eddy_wet_fraction(c, b); /* the added mass of the wet part */
        for (int k = 0; k < 9; ++k) ma[k] = wet * ma_full[k];
        double lost = fluid_load(c, b, &m, fd.density, g, ma, dt, drag, &ambient_speed);
        if (!isfinite(info->load[0]) || !isfinite(info->load[1]) || !isfinite(info->load[2])) {
            memset(info->load, 0, sizeof info->load);
            continue;
        }
        c->dissipated += lost;
        info->fold = feedback_amplitude(c->panels, b, m.c, fd.density, drag, dt);
        info->wake_fade = own_wake_fade(c, ambient_speed, dt);
        if (type != EDDY_BODY_DYNAMIC) continue;
        double mass = eddy_body_mass(body), q[3], out[3];
        memcpy(q, info->load, sizeof q);
        q[0] += info->gravity_scale * mass * g[0];
        q[1] += info->gravity_scale * mass * g[1];
        double qrel[3] = {m.v[0] - info->ambient[0], m.v[1] - info->ambient[1], m.omega};
        eddy_wet_slam(c, b, ma_full, qrel, dt, q); /* a change of immersion (surface.h) */
        through_added_mass(info, mass, eddy_body_inertia(body), ma, q, out);
        eddy_body_apply_force_to_center(body, out[0], out[1], NULL);
        if (out[2] != 0.0) eddy_body_apply_torque(body, out[2], NULL);
    }
}

/* Kinetic energy a dynamic body adds to the water's, to leading order for a
 * body small against the flow's scale: its own, plus the disturbance it makes
 * moving relative to the flow U it meets, minus the water it displaces, which
 * the reduced flow still counts inside it:
 *   m |v|^2 / 2 + I omega^2 / 2 + q_rel^T M_a q_rel / 2 - rho A |U|^2 / 2,
 *   q_rel = (v - U, omega).
 * A body riding the flow (neutrally buoyant, v = U) adds nothing; in still
 * water it is q^T (M + M_a) q / 2. */
double eddy_coupling_body_energy(const eddy_coupling *c, int b)
{
    const eddy_body *body = c->bodies[b];
    if (eddy_body_get_type(body) != EDDY_BODY_DYNAMIC) return 0.0;
    body_motion m;
    read_motion(c, body, &m);
    double ma[9];
    world_added_mass(c->info[b].added, &m, ma);
    double wet = eddy_wet_in_water(c, b) ? eddy_wet_fraction(c, b) : 0.0; /* surface.h */
    for (int k = 0; k < 9; ++k) ma[k] *= wet;
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    double mass = eddy_body_mass(body), inertia = eddy_body_inertia(body);
    const double *u = c->info[b].ambient;
    double q[3] = {m.v[0] - u[0], m.v[1] - u[1], inertia > 0.0 ? m.omega : 0.0};
    double e = mass * (m.v[0] * m.v[0] + m.v[1] * m.v[1]) + inertia * q[2] * q[2] -
               fd.density * c->shapes[b]->area * wet * (u[0] * u[0] + u[1] * u[1]);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) e += q[i] * ma[3 * i + j] * q[j];
    return 0.5 * e;
}
