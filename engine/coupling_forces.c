/* coupling_forces.c - fluid -> solid (5.3.5): dynamic pressure (5.20, 5.21)
 * and buoyancy (5.22) as forces at panel centres, summed per body and handed
 * to the rigid-body port as one force at the centre of mass plus a torque.
 *
 * Which panels carry dynamic pressure, and along which way of the normal,
 * the text leaves open; a uniform q over a closed outline sums to nothing,
 * so the literal reading gives no drag at all. The model here: with
 * u_rel = u_f - u_o at a panel midpoint (the relative flow the panel solve
 * already measured, 5.14) and n the outward normal, only panels the flow runs
 * into (u_rel . n < 0) are loaded, with q = rho (u_rel . n)^2 / 2 from the
 * normal component, pushing inward: f = -A q n. A flat plate broadside to a
 * stream of speed v then feels rho v^2 w / 2, a body moving through still
 * fluid is slowed, and a body in a wake that moves along with it meets less
 * relative flow and is pushed less (drafting, 5.5). No panel can do work
 * against the relative flow, so the model takes energy from the relative
 * motion and never adds it.
 *
 * Buoyancy: hydrostatic pressure p = rho g . (m - top) at each panel centre,
 * "top" being the domain corner gravity points away from, and f = -p A n
 * (5.22). For straight panels the one-point rule integrates this linear p
 * exactly, so the sum over a closed outline is -rho g (enclosed area):
 * Archimedes' force for the panelled outline.
 *
 * The work the dynamic pressure does on the bodies in a step is what the
 * fluid may gain from them: it becomes the feedback's energy budget
 * (feedback_grid.c). */
#include "coupling_internal.h"

#include <math.h>

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

/* 5.20, 5.21 on the panels facing into the relative flow. */
static void dynamic_pressure(const eddy_panel_world *w, const eddy_panel_shape *shape, int first,
                             double density, const double centre[2], body_load *load)
{
    for (int i = 0; i < shape->count; ++i) {
        int p = first + i;
        const double *n = &w->normal[2 * p], *mid = &w->mid[2 * p];
        double urx = w->uf[2 * p] - w->uo[2 * p], ury = w->uf[2 * p + 1] - w->uo[2 * p + 1];
        double un = urx * n[0] + ury * n[1];
        if (un >= 0.0) continue;
        double q = 0.5 * density * un * un;
        double a = shape->length[i];
        add_panel_force(load, centre, mid, -a * q * n[0], -a * q * n[1]);
    }
}

/* 5.22 with p measured from the domain corner gravity points away from. */
static void buoyancy(const eddy_coupling *c, const eddy_panel_shape *shape, int first,
                     double density, const double g[2], const double centre[2], body_load *load)
{
    const eddy_panel_world *w = c->panels;
    double top_x = g[0] > 0 ? 0.0 : c->asset->width, top_y = g[1] > 0 ? 0.0 : c->asset->height;
    for (int i = 0; i < shape->count; ++i) {
        int p = first + i;
        const double *n = &w->normal[2 * p], *mid = &w->mid[2 * p];
        double pressure = density * (g[0] * (mid[0] - top_x) + g[1] * (mid[1] - top_y));
        double a = shape->length[i];
        add_panel_force(load, centre, mid, -pressure * a * n[0], -pressure * a * n[1]);
    }
}

/* Energy the dynamic pressure takes from a body over a step of dt: a
 * constant force F and torque tau acting on velocity v, w change the body's
 * kinetic energy by (F . v + tau w) dt + (|F|^2 / 2m + tau^2 / 2I) dt^2.
 * Kinematic bodies have no mass to change: the work they do on the fluid,
 * -(F . v + tau w) dt, is the player's hand stirring. Never negative for this
 * drag model. */
static double drag_energy(eddy_body *body, const body_load *load, double dt)
{
    double v[2];
    eddy_body_linear_velocity(body, v);
    double w = eddy_body_angular_velocity(body);
    double e = -(load->fx * v[0] + load->fy * v[1] + load->torque * w) * dt;
    double m = eddy_body_mass(body), inertia = eddy_body_inertia(body);
    if (eddy_body_get_type(body) == EDDY_BODY_DYNAMIC && m > 0) {
        e -= 0.5 * dt * dt * (load->fx * load->fx + load->fy * load->fy) / m;
        if (inertia > 0) e -= 0.5 * dt * dt * load->torque * load->torque / inertia;
    }
    return e > 0.0 ? e : 0.0;
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
        double centre[2];
        eddy_body_world_center(body, centre);
        body_load load = {0, 0, 0};
        dynamic_pressure(c->panels, c->shapes[b], first, fd.density, centre, &load);
        /* Kinematic bodies are not pushed, but the work they do on the fluid
         * is real: it is the player's hand stirring. */
        c->energy_budget += drag_energy(body, &load, dt);
        if (type != EDDY_BODY_DYNAMIC) continue;
        if (c->desc.buoyancy) buoyancy(c, c->shapes[b], first, fd.density, g, centre, &load);
        if (!isfinite(load.fx) || !isfinite(load.fy) || !isfinite(load.torque)) continue;
        eddy_body_apply_force_to_center(body, load.fx, load.fy, NULL);
        eddy_body_apply_torque(body, load.torque, NULL);
    }
}
