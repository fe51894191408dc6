// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_forces.c - fluid -> solid (5.3.5): dynamic pressure (5.20, 5.21)
 * and buoyancy (5.22) as forces at panel centres, summed per body and handed
 * to the rigid-body port as one force at the centre of mass plus a torque.
 *
 * Dynamic pressure. Which panels carry it, along which way of the normal and
 * against which fluid velocity, the text leaves open; a uniform q over a
 * closed outline sums to nothing, so the literal reading gives no drag. The
 * model here:
 *   - the fluid velocity a body meets is the AMBIENT flow: the mean of u_r on
 *     a ring around the body. The body's own disturbance (panels and what
 *     feedback folded into r) is a field of zero circulation whose Laurent
 *     series about the body starts at 1/z^2, and such a field averages to
 *     zero on any circle enclosing the body, so the ring mean is the flow
 *     the body sits in. Taking u_r at the panels instead lets feedback, which
 *     makes u_r flow around the body, cancel the very flow that should push
 *     it (d'Alembert): a free body then never follows a current;
 *   - with u_rel = u_ambient - u_o at a panel midpoint (u_o: the body's
 *     velocity there) and n the outward normal, only panels the relative flow
 *     runs into (u_rel . n < 0) are loaded, with q = rho (u_rel . n)^2 / 2,
 *     pushing inward: f = -A q n (5.21).
 * A flat plate broadside to a stream of speed v feels rho v^2 w / 2; a body
 * held in a current is pushed downstream, and once it moves with the current
 * the push fades; a body coasting through still fluid slows; a body in the
 * wake of another, where feedback left fluid moving along, meets less
 * relative flow (drafting, 5.5).
 *
 * Buoyancy: hydrostatic pressure p = rho g . (m - top) at each panel centre,
 * "top" being the domain corner gravity points away from, and f = -p A n
 * (5.22). For straight panels the one-point rule integrates this linear p
 * exactly, so the sum over a closed outline is -rho g (enclosed area). A
 * circle's panels enclose its inscribed polygon, a few percent less than the
 * circle; the sum is scaled by the true area over the panelled area so that a
 * body of the fluid's density is exactly neutral (Archimedes).
 *
 * The energy the dynamic pressure exchanges with each moving body in a step
 * is recorded (signed): the feedback may change the fluid's energy by exactly
 * its opposite (feedback_grid.c). */
#include "coupling_internal.h"

#include <math.h>

/* Points on the ring whose mean is the ambient flow of a body. */
#define RING_POINTS 12
/* Ring radius: this times the body's bounding radius, plus a panel length. */
#define RING_SCALE 1.5

typedef struct body_load {
    double fx, fy, torque;
} body_load;

static void add_panel_force(body_load *load, const double centre[2], const double *mid,
                            double fx, double fy)
{
    load->fx += fx;
    load->fy += fy;
    load->torque += (mid[0] - centre[0]) * fy - (mid[1] - centre[1]) * fx;
}

/* Mean of u_r over a ring around the body origin (points outside the domain
 * are left out: the fluid is not there). */
static void ambient_flow(const eddy_coupling *c, int b, double out[2])
{
    const eddy_panel_world_body *pb = &c->panels->bodies[b];
    double radius = RING_SCALE * pb->shape->radius + c->desc.panel_spacing;
    double xy[2 * RING_POINTS], uv[2 * RING_POINTS];
    int n = 0;
    for (int k = 0; k < RING_POINTS; ++k) {
        double t = 2.0 * M_PI * k / RING_POINTS;
        double x = pb->state.x + radius * cos(t), y = pb->state.y + radius * sin(t);
        if (x < 0 || y < 0 || x > c->asset->width || y > c->asset->height) continue;
        xy[2 * n] = x, xy[2 * n + 1] = y;
        ++n;
    }
    out[0] = out[1] = 0.0;
    if (n == 0) return;
    eddy_fluid_velocity_many(c->fluid, n, xy, uv);
    for (int k = 0; k < n; ++k) out[0] += uv[2 * k], out[1] += uv[2 * k + 1];
    out[0] /= n, out[1] /= n;
}

/* 5.20, 5.21 on the panels facing into the ambient relative flow. */
static void dynamic_pressure(const eddy_panel_world *w, const eddy_panel_shape *shape, int first,
                             double density, const double ambient[2], const double centre[2],
                             body_load *load)
{
    for (int i = 0; i < shape->count; ++i) {
        int p = first + i;
        const double *n = &w->normal[2 * p], *mid = &w->mid[2 * p];
        double urx = ambient[0] - w->uo[2 * p], ury = ambient[1] - w->uo[2 * p + 1];
        double un = urx * n[0] + ury * n[1];
        if (un >= 0.0) continue;
        double q = 0.5 * density * un * un;
        double a = shape->length[i];
        add_panel_force(load, centre, mid, -a * q * n[0], -a * q * n[1]);
    }
}

/* Area enclosed by the panels (shoelace over every panel, every loop). */
static double panelled_area(const eddy_panel_shape *s)
{
    double twice = 0.0;
    for (int i = 0; i < s->count; ++i) {
        const double *e = &s->ends[4 * i];
        twice += e[0] * e[3] - e[2] * e[1];
    }
    return 0.5 * twice;
}

/* True area of a one-piece body over its panelled area; 1 for compound
 * bodies, whose pieces may overlap (their summed areas overcount). */
static double area_correction(const eddy_body *body, const eddy_panel_shape *s)
{
    eddy_shape_info info;
    int solid = 0;
    double area = 0.0;
    for (int k = 0; k < eddy_body_shape_count(body); ++k) {
        if (eddy_body_get_shape(body, k, &info, NULL) != EDDY_OK || info.is_sensor) continue;
        area += info.area;
        ++solid;
    }
    double panelled = panelled_area(s);
    return solid == 1 && panelled > 0 && area > 0 ? area / panelled : 1.0;
}

/* 5.22 with p measured from the domain corner gravity points away from. */
static void buoyancy(const eddy_coupling *c, const eddy_body *body, const eddy_panel_shape *shape,
                     int first, double density, const double g[2], const double centre[2],
                     body_load *load)
{
    const eddy_panel_world *w = c->panels;
    double top_x = g[0] > 0 ? 0.0 : c->asset->width, top_y = g[1] > 0 ? 0.0 : c->asset->height;
    double scale = area_correction(body, shape);
    for (int i = 0; i < shape->count; ++i) {
        int p = first + i;
        const double *n = &w->normal[2 * p], *mid = &w->mid[2 * p];
        double pressure = density * (g[0] * (mid[0] - top_x) + g[1] * (mid[1] - top_y));
        double a = scale * shape->length[i];
        add_panel_force(load, centre, mid, -pressure * a * n[0], -pressure * a * n[1]);
    }
}

/* Kinetic energy the dynamic pressure gives a body over a step of dt (negative:
 * it takes energy). A constant force F and torque tau acting on velocity v, w
 * change a dynamic body's energy by (F . v + tau w) dt + (|F|^2 / 2m +
 * tau^2 / 2I) dt^2. A kinematic body has no energy to change: the work
 * (F . v + tau w) dt goes to or comes from the hand that moves it. */
static double energy_given(eddy_body *body, const body_load *load, double dt)
{
    double v[2];
    eddy_body_linear_velocity(body, v);
    double w = eddy_body_angular_velocity(body);
    double e = (load->fx * v[0] + load->fy * v[1] + load->torque * w) * dt;
    double m = eddy_body_mass(body), inertia = eddy_body_inertia(body);
    if (eddy_body_get_type(body) == EDDY_BODY_DYNAMIC && m > 0) {
        e += 0.5 * dt * dt * (load->fx * load->fx + load->fy * load->fy) / m;
        if (inertia > 0) e += 0.5 * dt * dt * load->torque * load->torque / inertia;
    }
    return e;
}

void eddy_coupling_apply_body_forces(eddy_coupling *c, double dt)
{
    c->energy_budget = 0.0;
    if (c->body_count == 0 || !c->panels->placed) return;
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    double g[2];
    eddy_world_get_gravity(c->world, g);
    for (int b = 0; b < c->body_count; ++b) {
        eddy_body *body = c->bodies[b];
        eddy_body_type type = eddy_body_get_type(body);
        if (type == EDDY_BODY_STATIC) continue;
        int first = c->panels->bodies[b].first;
        double centre[2], ambient[2];
        eddy_body_world_center(body, centre);
        ambient_flow(c, b, ambient);
        body_load load = {0, 0, 0};
        dynamic_pressure(c->panels, c->shapes[b], first, fd.density, ambient, centre, &load);
        if (!isfinite(load.fx) || !isfinite(load.fy) || !isfinite(load.torque)) continue;
        /* what the fluid gives the body, it must lose (feedback_grid.c) */
        c->energy_budget -= energy_given(body, &load, dt);
        if (type != EDDY_BODY_DYNAMIC) continue;
        if (c->desc.buoyancy) buoyancy(c, body, c->shapes[b], first, fd.density, g, centre, &load);
        if (!isfinite(load.fx) || !isfinite(load.fy) || !isfinite(load.torque)) continue;
        eddy_body_apply_force_to_center(body, load.fx, load.fy, NULL);
        eddy_body_apply_torque(body, load.torque, NULL);
    }
}
