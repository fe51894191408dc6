// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* surface_bodies.c - bodies against the water's surface (surface.h): what is
 * wet, what the water then does to a body, what a body does to the water.
 *
 * THE SURFACE A BODY FLOATS IN. Over a body's horizontal extent [x0, x1] the
 * surface is taken as the straight line through (x0, D + eta~(x0)) and
 * (x1, D + eta~(x1)), eta~ the elevation the bodies see (surface.c: the mean
 * level and the filtered modes). The water is the region under that line,
 * above the floor and between the tank's sides; the body's pieces are clipped
 * by it exactly (waterline.c).
 *
 * FORCES (the hooks coupling_forces.c calls), with A the body's area, A_w the
 * wet area, s = A_w / A, M_a the added-mass tensor of the whole body:
 *   buoyancy   the hydrostatic pressure rho g (line(x) - y) over the wet part:
 *              linear in x and y, so its force is exact at the wet part's
 *              centroid, rho g A_w (-dline/dx, 1): Archimedes with the
 *              restoring moment of the centre of buoyancy, and, on a sloping
 *              surface, the push of the wave's pressure gradient down the
 *              slope (Froude-Krylov of the long wave). The wet part and the
 *              slope come from here (eddyi_wet_region), the load from the
 *              hydrostatics every body gets (coupling_forces.c,
 *              hydrostatic_load);
 *   added mass s M_a. For a body symmetric about its waterline half under
 *              water (s = 1/2) this is exactly the free-surface (high
 *              frequency, phi = 0 on the surface) added mass in heave, half
 *              that of the body and its mirror image; the part of the added
 *              mass that depends on the frequency is what the waves the body
 *              makes carry away (Cummins' split of the radiation force);
 *   pressure   (rho A_w I + s M_a) DU/Dt of the flow under the lid (currents,
 *              stirs, jets); the waves' acceleration is not added again, the
 *              hydrostatic pressure at the local surface already holds it;
 *   drag       on the wet part's frontal width, ramped in over the first
 *              WET_DRAG_RAMP of immersion, against U plus the waves' velocity;
 *   slamming   when s changes by ds in a step the solver's mass changes at
 *              the same velocity, so the kinetic energy q^T M_a q / 2 would
 *              jump by ds q^T M_a q / 2: the impulse -(ds / 2) M_a q takes it
 *              back (the Lagrangian of a body whose added mass depends on its
 *              position gives the same force, -(1/2) (dM_a/dt) q);
 *   dry        s = 0: nothing at all, and the rigid-body solver gets the
 *              body's own mass, inertia and gravity back; they go to the
 *              coupling again when it touches the water.
 * All of it changes with s, so no force jumps by more than the change of the
 * immersion over a step.
 *
 * WAVES FROM BODIES. The water a body displaces is G = A_w l(x_c), l the
 * linear interpolation between the line's ends of the filtered mode shapes
 * (so A_w l(x_c) is the integral of l over the wet part). Each step, with the
 * line held fixed, the change of G between the body's last pose and its
 * present one is added to the modes: a_n += (dG0 f_n e_n(x0) + dG1 f_n
 * e_n(x1)) / N_n, the wet area's change split between the waterline's ends by
 * where its centroid lies. To first order in the wave height, the work the
 * line's tilt and height do on the body, -rho g sum_n a_n dG_n, is then exactly
 * the energy the waves gain, rho g sum_n N_n a_n da_n: fluid, bodies and waves
 * together keep their energy (tests/test_surface.c measures the drift). A
 * body moving slowly leaves the surface flat (every mode follows its source
 * quasi-statically to zero); the mean level takes the volume.
 *
 * IN TIME. The forces are handed to the rigid-body step once and act for all
 * of it, while the water a body displaces in the step reaches the modes only
 * at the next. Two things keep that from making energy: the surface a body
 * floats in is raised by half the bump its present velocity will make
 * (midstep_line), and its wet part is taken a little ahead of its pose where
 * the backend integrates in substeps (eddy_surface.lead). */
#include "surface.h"
#include "body_pieces.h"
#include "panel_lid.h"

#include <math.h>
#include <string.h>

/* Drag is ramped in over the first tenth of a body's immersion: a flat bottom
 * touching the water does not meet the full drag of its width at once. */
#define WET_DRAG_RAMP 0.1
/* The steepest surface line a body is clipped by (the linear waves are far
 * flatter; this only bounds the geometry of hostile input). */
#define MAX_SLOPE 1.0

/* The body's origin and angle in the fluid's coordinates. */
static void fluid_pose(const eddy_coupling *c, const eddy_body *body, double pose[3])
{
    eddy_pose p;
    eddy_body_get_pose(body, &p);
    pose[0] = p.x - c->desc.origin[0];
    pose[1] = p.y - c->desc.origin[1];
    pose[2] = p.angle;
}

static void pieces_extent(const eddy_wet_body *w, const double pose[3], double *lo, double *hi)
{
    double cs = cos(pose[2]), sn = sin(pose[2]);
    *lo = INFINITY, *hi = -INFINITY;
    for (int k = 0; k < w->piece_count; ++k) {
        const eddy_piece *p = &w->pieces[k];
        if (p->kind == EDDY_PIECE_CIRCLE) {
            double x = pose[0] + cs * p->cx - sn * p->cy;
            *lo = fmin(*lo, x - p->radius), *hi = fmax(*hi, x + p->radius);
            continue;
        }
        for (int v = 0; v < p->vertex_count; ++v) {
            double x = pose[0] + cs * p->vertices[v][0] - sn * p->vertices[v][1];
            *lo = fmin(*lo, x), *hi = fmax(*hi, x);
        }
    }
}

/* The surface line over the body at pose and the water under it; *sigma gets
 * the smoothing width the body sees the surface with (surface.c). */
static void water_under(eddy_surface *s, const eddy_wet_body *w, const double pose[3],
                        double line[4], eddy_water_region *r, double *sigma)
{
    double lo, hi;
    pieces_extent(w, pose, &lo, &hi);
    *sigma = eddyi_surface_sigma(s, hi - lo);
    double x0 = fmin(fmax(lo, 0.0), s->width), x1 = fmin(fmax(hi, 0.0), s->width);
    if (!(x1 - x0 > 1e-9 * s->width)) { /* a sliver or outside: a flat surface */
        double mid = 0.5 * (x0 + x1);
        x0 = fmax(mid - 0.5e-9 * s->width, 0.0), x1 = x0 + 1e-9 * s->width;
    }
    double y0 = s->depth + eddyi_surface_seen(s, x0, *sigma, s->shape_a);
    double y1 = s->depth + eddyi_surface_seen(s, x1, *sigma, s->shape_b);
    double slope = (y1 - y0) / (x1 - x0);
    if (slope > MAX_SLOPE || slope < -MAX_SLOPE) {
        double mid = 0.5 * (y0 + y1), clamped = slope > 0 ? MAX_SLOPE : -MAX_SLOPE;
        y0 = mid - 0.5 * clamped * (x1 - x0), y1 = mid + 0.5 * clamped * (x1 - x0);
    }
    line[0] = x0, line[1] = y0, line[2] = x1, line[3] = y1;
    r->x0 = 0.0, r->x1 = s->width, r->floor = 0.0;
    r->top0 = y0 + (0.0 - x0) * (y1 - y0) / (x1 - x0);
    r->top1 = y0 + (s->width - x0) * (y1 - y0) / (x1 - x0);
}

static void region_of_line(const eddy_surface *s, const double line[4], eddy_water_region *r)
{
    double x0 = line[0], y0 = line[1], x1 = line[2], y1 = line[3];
    r->x0 = 0.0, r->x1 = s->width, r->floor = 0.0;
    r->top0 = y0 + (0.0 - x0) * (y1 - y0) / (x1 - x0);
    r->top1 = y0 + (s->width - x0) * (y1 - y0) / (x1 - x0);
}

/* Wet area (scaled to the body's true area: pieces that overlap count once)
 * and its centroid. */
static double wet_area(const eddy_coupling *c, int b, const eddy_wet_part *part)
{
    double whole = c->shapes[b]->area;
    return part->full_area > 0.0 ? whole * (part->area / part->full_area) : 0.0;
}

/* ------------------------------------------------------------ the source */

/* The two halves of G = A_w l(x_c): the wet area split between the line's
 * ends by where its centroid lies. */
static void displaced_halves(double area, double xc, const double line[4], double out[2])
{
    double w1 = (xc - line[0]) / (line[2] - line[0]);
    w1 = fmin(fmax(w1, 0.0), 1.0);
    out[0] = area * (1.0 - w1), out[1] = area * w1;
}

static double downward_gravity(const eddy_coupling *c)
{
    double g[2];
    eddy_world_get_gravity(c->world, g);
    return -g[1];
}

/* The water every body displaced since its last source, into the modes. */
static void displace_bodies(eddy_coupling *c)
{
    eddy_surface *s = c->surface;
    for (int b = 0; b < c->body_count; ++b) {
        eddy_wet_body *w = &c->wet[b];
        double now[3];
        fluid_pose(c, c->bodies[b], now);
        if (!w->pose_known || now[0] != w->pose[0] || now[1] != w->pose[1] || now[2] != w->pose[2])
            s->settled_bodies = -1; /* the mean must be settled again */
        if (w->pose_known && (now[0] != w->pose[0] || now[1] != w->pose[1] || now[2] != w->pose[2])) {
            double line[4], sigma;
            eddy_water_region r;
            water_under(s, w, now, line, &r, &sigma);
            eddy_wet_part was, is;
            eddyi_wet_part_of(w->pieces, w->piece_count, w->pose[0], w->pose[1], w->pose[2], &r, &was);
            eddyi_wet_part_of(w->pieces, w->piece_count, now[0], now[1], now[2], &r, &is);
            double g0[2], g1[2];
            displaced_halves(wet_area(c, b, &was), was.cx, line, g0);
            displaced_halves(wet_area(c, b, &is), is.cx, line, g1);
            eddyi_surface_displace(s, line[0], g1[0] - g0[0], line[2], g1[1] - g0[1], sigma);
        }
        memcpy(w->pose, now, sizeof now);
        w->pose_known = true;
    }
}

void eddyi_surface_step(eddy_coupling *c, double dt)
{
    c->splash_count = 0;
    eddy_surface *s = c->surface;
    if (!s) return;
    displace_bodies(c);
    double turn = dt + s->half_left; /* (a close that did not come: the rest of its turn) */
    s->half_left = s->closing ? 0.5 * dt : 0.0;
    eddyi_surface_advance(s, turn - s->half_left, downward_gravity(c));
}

void eddyi_wet_will_close(eddy_coupling *c)
{
    if (c && c->surface) c->surface->closing = true;
}

/* ------------------------------------------------------------ wet state */

static void push_splash(eddy_coupling *c, int b, eddy_splash_kind kind, double xf)
{
    if (c->splash_count >= 2 * c->desc.max_bodies) return;
    eddy_splash *e = &c->splashes[c->splash_count++];
    eddy_body *body = c->bodies[b];
    double v[2];
    eddy_body_linear_velocity(body, v);
    e->kind = kind;
    e->body = body;
    e->x = xf + c->desc.origin[0];
    e->y = eddy_coupling_surface_height(c, e->x);
    e->vx = v[0], e->vy = v[1];
    e->speed = hypot(v[0], v[1]);
    e->mass = eddy_body_mass(body);
    e->user_data = eddy_body_game_user_data(body);
    e->engine_id = eddy_body_engine_id(body);
}

/* The rigid-body solver's mass and gravity for body b at wetness s. */
static void hand_over(eddy_coupling *c, int b, double s)
{
    eddy_body *body = c->bodies[b];
    eddy_wet_body *w = &c->wet[b];
    eddy_coupled_body *info = &c->info[b];
    if (eddy_body_get_type(body) != EDDY_BODY_DYNAMIC) return;
    if (s > 0.0) {
        if (w->dry_released) {
            eddy_body_set_gravity_scale(body, 0.0, NULL);
            w->dry_released = false;
        }
        if (s != w->held_fraction) {
            double iso_mass = 0.5 * (info->added[0] + info->added[4]), iso_inertia = info->added[8];
            info->box2d_added[0] = s * iso_mass, info->box2d_added[1] = s * iso_inertia;
            eddy_body_set_added_mass(body, info->box2d_added[0], info->box2d_added[1], NULL);
            w->held_fraction = s;
        }
    } else if (!w->dry_released) {
        info->box2d_added[0] = info->box2d_added[1] = 0.0;
        eddy_body_set_added_mass(body, 0.0, 0.0, NULL);
        eddy_body_set_gravity_scale(body, info->gravity_scale, NULL);
        w->dry_released = true;
        w->held_fraction = 0.0;
    }
}

static bool origin_inside(const eddy_coupling *c, const eddy_body *body)
{
    double p[3];
    fluid_pose(c, body, p);
    return p[0] >= 0 && p[0] <= c->asset->width && p[1] >= 0 && p[1] <= c->asset->height;
}

/* The surface a body floats in during a step, taken at the step's middle.
 * The water the body displaces in the step goes into the modes only at the
 * next step (eddyi_surface_step), after the body has moved; a body feeling the
 * surface of the step's start would do the work of the first order only,
 * while the kick a_n += da_n gives the waves rho g N_n (a_n da_n + da_n^2 / 2):
 * the second term, the body's own bump, is energy from nowhere, about 9 % of
 * a bobbing body's energy in 10 s at 60 Hz (measured). So the line is raised
 * by half the bump the body's present velocity will make over dt: the work
 * then matches both terms, leaving an error of third order per step. */
static void midstep_line(eddy_coupling *c, int b, const double pose[3], double dt,
                         const eddy_wet_part *now)
{
    eddy_surface *s = c->surface;
    eddy_wet_body *w = &c->wet[b];
    double v[2], next[3];
    eddy_body_point_velocity(c->bodies[b], pose[0] + c->desc.origin[0], pose[1] + c->desc.origin[1], v);
    next[0] = pose[0] + dt * v[0];
    next[1] = pose[1] + dt * v[1];
    next[2] = pose[2] + dt * eddy_body_angular_velocity(c->bodies[b]);
    eddy_water_region r;
    region_of_line(s, w->line, &r);
    eddy_wet_part later;
    eddyi_wet_part_of(w->pieces, w->piece_count, next[0], next[1], next[2], &r, &later);
    double g0[2], g1[2];
    displaced_halves(wet_area(c, b, now), now->cx, w->line, g0);
    displaced_halves(wet_area(c, b, &later), later.cx, w->line, g1);
    double d0 = g1[0] - g0[0], d1 = g1[1] - g0[1], up0 = 0.0, up1 = 0.0;
    if (d0 == 0.0 && d1 == 0.0) return;
    /* shape_a, shape_b hold the filtered shapes at the line's ends (water_under) */
    for (int n = 0; n < s->count; ++n) {
        double da = (d0 * s->shape_a[n] + d1 * s->shape_b[n]) / s->modes->norm[n];
        up0 += 0.5 * da * s->shape_a[n], up1 += 0.5 * da * s->shape_b[n];
    }
    w->line[1] += up0, w->line[3] += up1;
}

/* Body b's wet part against the surface as it is now (dt > 0: the surface at
 * the middle of the coming step, midstep_line). */
static void measure_body(eddy_coupling *c, int b, double dt)
{
    eddy_wet_body *w = &c->wet[b];
    if (!c->surface) { /* a full tank: wet while the origin is in the domain */
        w->wet = origin_inside(c, c->bodies[b]);
        w->fraction = w->wet ? 1.0 : 0.0;
        w->area = w->wet ? c->shapes[b]->area : 0.0;
        double centre[2];
        eddy_body_world_center(c->bodies[b], centre);
        eddy_coupling_to_fluid(c, centre);
        w->centroid[0] = centre[0], w->centroid[1] = centre[1];
    } else {
        double pose[3], ahead[2] = {0.0, 0.0};
        fluid_pose(c, c->bodies[b], pose);
        if (dt > 0.0 && c->surface->lead > 0.0) { /* see eddy_surface.lead */
            double v[2];
            eddy_body_point_velocity(c->bodies[b], pose[0] + c->desc.origin[0],
                                     pose[1] + c->desc.origin[1], v);
            double t = c->surface->lead * dt;
            ahead[0] = t * v[0], ahead[1] = t * v[1];
            pose[0] += ahead[0], pose[1] += ahead[1];
            pose[2] += t * eddy_body_angular_velocity(c->bodies[b]);
        }
        eddy_water_region r;
        double sigma;
        water_under(c->surface, w, pose, w->line, &r, &sigma);
        eddy_wet_part part;
        eddyi_wet_part_of(w->pieces, w->piece_count, pose[0], pose[1], pose[2], &r, &part);
        if (dt > 0.0 && part.area > 0.0) {
            midstep_line(c, b, pose, dt, &part);
            region_of_line(c->surface, w->line, &r);
            eddyi_wet_part_of(w->pieces, w->piece_count, pose[0], pose[1], pose[2], &r, &part);
        }
        w->fraction = part.full_area > 0.0 ? fmin(part.area / part.full_area, 1.0) : 0.0;
        w->area = wet_area(c, b, &part);
        w->wet = w->area > 0.0;
        w->centroid[0] = part.cx - ahead[0], w->centroid[1] = part.cy - ahead[1];
        w->slope = (w->line[3] - w->line[1]) / (w->line[2] - w->line[0]);
    }
}

/* Body b against the surface as it is now: its wet part, and the events and
 * hand-overs of a change between wet and dry. */
static void update_body(eddy_coupling *c, int b, bool events, double dt)
{
    eddy_wet_body *w = &c->wet[b];
    measure_body(c, b, dt);
    if (events && w->reported != w->wet)
        push_splash(c, b, w->wet ? EDDY_SPLASH_ENTER : EDDY_SPLASH_LEAVE,
                    w->wet ? w->centroid[0] : w->reported_x);
    w->reported = w->wet;
    if (w->wet) w->reported_x = w->centroid[0];
    hand_over(c, b, w->fraction);
}

/* The water all bodies displace below a flat level at D + mean (m^2). */
static double displaced_at(eddy_coupling *c, double mean)
{
    eddy_surface *s = c->surface;
    double level = s->depth + mean, sum = 0.0;
    eddy_water_region r = {0.0, s->width, 0.0, level, level};
    for (int b = 0; b < c->body_count; ++b) {
        eddy_wet_body *w = &c->wet[b];
        double pose[3];
        fluid_pose(c, c->bodies[b], pose);
        eddy_wet_part part;
        eddyi_wet_part_of(w->pieces, w->piece_count, pose[0], pose[1], pose[2], &r, &part);
        sum += wet_area(c, b, &part);
    }
    return sum;
}

/* The mean level holds the water the bodies displace, and that depends on
 * the level: mean = sum A_w(D + mean) / W_s, with the wet areas below the
 * flat mean level (to first order in the waves, the water a body displaces;
 * the waves' part of it is in the modes, surface.c). Solved to round-off by
 * secant steps from the last step's mean (the map contracts by the bodies'
 * waterline widths over W_s, too slowly for plain iteration when many bodies
 * float). A mean that lagged a step would feed a bobbing body energy. */
#define MEAN_STEPS 12

static void settle_mean(eddy_coupling *c)
{
    eddy_surface *s = c->surface;
    if (!s) return;
    double m0 = s->mean, f0 = m0 - displaced_at(c, m0) / s->open_width;
    double m1 = m0 - f0;
    for (int k = 0; k < MEAN_STEPS && f0 != 0.0; ++k) {
        double f1 = m1 - displaced_at(c, m1) / s->open_width;
        if (fabs(f1) <= 1e-14 * s->depth || f1 == f0) {
            m0 = m1;
            break;
        }
        double next = m1 - f1 * (m1 - m0) / (f1 - f0);
        m0 = m1, f0 = f1, m1 = next;
    }
    s->mean = m0;
    s->displaced = m0 * s->open_width;
}

void eddyi_wet_update(eddy_coupling *c, double dt)
{
    /* the close settled the mean where the bodies still are: nothing to do */
    if (!c->surface || c->surface->settled_bodies != c->body_count) settle_mean(c);
    if (c->surface) c->surface->settled_bodies = -1;
    if (c->surface)
        memcpy(c->surface->seen_rate, c->surface->rate, (size_t)c->surface->count * sizeof(double));
    bool closing = c->surface && c->surface->closing;
    for (int b = 0; b < c->body_count; ++b) /* a kicked body's force is not held over the step */
        update_body(c, b, true, closing && !c->wet[b].touched ? 0.0 : dt);
}

/* ------------------------------------------------------------ the kicks */

/* Adds t times rate (linear, angular) to body b's velocity. */
static void kick(eddy_coupling *c, int b, const double rate[3], double t)
{
    eddy_body *body = c->bodies[b];
    double v[2];
    eddy_body_linear_velocity(body, v);
    eddy_body_set_velocity(body, v[0] + t * rate[0], v[1] + t * rate[1],
                           eddy_body_angular_velocity(body) + t * rate[2], NULL);
}

/* Whether the solver's step left body b where the force it was handed takes
 * it: no contact, joint, damping or clamp acted (their impulses are the
 * solver's; a body they touched is not kicked, and gets the whole force the
 * next step). Box2D keeps velocities in single precision. */
static bool moved_freely(const eddy_coupling *c, int b, double dt)
{
    const eddy_wet_body *w = &c->wet[b];
    eddy_body *body = c->bodies[b];
    double v[3];
    eddy_body_linear_velocity(body, v);
    v[2] = eddy_body_angular_velocity(body);
    double g = fabs(downward_gravity(c)) * dt;
    for (int i = 0; i < 3; ++i)
        if (!(fabs(v[i] - w->expect[i]) <= 1e-5 * (fabs(w->expect[i]) + g + 1e-3))) return false;
    return true;
}

void eddyi_wet_handed(eddy_coupling *c, int b, const double out[3], double dt)
{
    if (!c->surface) return;
    eddy_wet_body *w = &c->wet[b];
    const eddy_coupled_body *info = &c->info[b];
    eddy_body *body = c->bodies[b];
    double v[2], mass = eddy_body_mass(body) + info->box2d_added[0];
    double inertia = eddy_body_inertia(body), turn = inertia + info->box2d_added[1];
    eddy_body_linear_velocity(body, v);
    w->expect[0] = v[0] + dt * out[0] / mass;
    w->expect[1] = v[1] + dt * out[1] / mass;
    w->expect[2] = eddy_body_angular_velocity(body) + (inertia > 0.0 ? dt * out[2] / turn : 0.0);
    w->handed = true;
    if (!w->opened && c->surface->closing) { /* the first step of a split, or after a contact */
        double none[3];
        eddyi_coupling_hydrostatic_acceleration(c, b, 0.0, 0.0, w->whole, none);
    }
}

/* The acceleration the solver's own gravity gives a body handed back to it
 * dry (its gravity scale times the world's gravity). */
static void own_gravity(const eddy_coupling *c, int b, double out[3])
{
    double g[2];
    eddy_world_get_gravity(c->world, g);
    double scale = c->info[b].gravity_scale;
    out[0] = scale * g[0], out[1] = scale * g[1], out[2] = 0.0;
}

/* A dry body gets nothing from the coupling: the solver should end the step
 * with its velocity now plus its own gravity's. */
static void expect_own(eddy_coupling *c, int b, const double own[3], double dt)
{
    eddy_wet_body *w = &c->wet[b];
    double v[2];
    eddy_body_linear_velocity(c->bodies[b], v);
    w->expect[0] = v[0] + dt * own[0], w->expect[1] = v[1] + dt * own[1];
    w->expect[2] = eddy_body_angular_velocity(c->bodies[b]);
    w->handed = true;
}

bool eddyi_wet_open(eddy_coupling *c, int b, double dt)
{
    eddy_wet_body *w = &c->wet[b];
    bool split = w->split;
    w->opened = w->split = false;
    if (!c->surface || !c->surface->closing) return false;
    double own[3] = {0.0, 0.0, 0.0}; /* what the solver adds itself over the step */
    if (w->dry_released) own_gravity(c, b, own);
    memcpy(w->own, own, sizeof own);
    if (!split) { /* the first step, one after a contact, or entering the water */
        if (w->touched || !(w->wet || w->dry_released)) {
            if (w->dry_released) { /* the solver applies its whole gravity */
                memcpy(w->whole, own, sizeof own);
                expect_own(c, b, own, dt);
            }
            return false;
        }
        double none[3];
        eddyi_coupling_hydrostatic_acceleration(c, b, 0.0, 0.0, w->kick, none);
    }
    /* the solver moves the position by c dt^2 of its own gravity, c = 1 -
       lead (Box2D 2.4: 1; v3's n substeps: (n + 1) / 2n): taking c dt of it
       off the velocity first leaves the position velocity Verlet's, and the
       close takes the rest, (1 - c) dt */
    double dv[3], c_own = 1.0 - c->surface->lead;
    for (int i = 0; i < 3; ++i) dv[i] = 0.5 * dt * w->kick[i] - c_own * dt * own[i];
    kick(c, b, dv, 1.0);
    w->opened = true;
    if (w->dry_released) expect_own(c, b, own, dt);
    return true;
}

/* The close of a step (surface.h, THE HYDROSTATIC KICKS): the surface as the
 * bodies left it (their water in the modes, the mean level), each body's wet
 * part at its new pose, and for each floating body that moved freely its
 * slamming impulse and the closing half of its kick. Buoyancy and weight then
 * act as in velocity Verlet: a spring's energy is kept to (omega dt)^2 / 8
 * where the one-sided step (the whole force held over the solver's step,
 * positions moved with the new velocity) swings by omega dt / 2, and the
 * state between steps has its velocity at the same time as its position. */
void eddyi_wet_close(eddy_coupling *c, double dt)
{
    eddy_surface *s = c->surface;
    if (!s) return;
    displace_bodies(c);
    if (s->half_left > 0.0) eddyi_surface_advance(s, s->half_left, downward_gravity(c));
    s->half_left = 0.0;
    s->closing = false;
    settle_mean(c);
    s->settled_bodies = c->body_count;
    for (int b = 0; b < c->body_count; ++b) {
        eddy_wet_body *w = &c->wet[b];
        bool free = w->handed && moved_freely(c, b, dt), opened = w->opened;
        if (w->handed) w->touched = !free;
        w->handed = false, w->split = false, w->opened = false;
        measure_body(c, b, 0.0);
        if (!free) continue;
        hand_over(c, b, w->fraction);
        double dv[3], ds = w->wet ? w->fraction - w->step_fraction : 0.0;
        eddyi_coupling_hydrostatic_acceleration(c, b, ds, 0.5 * dt, w->kick, dv); /* dry: its weight */
        if (w->wet) w->step_fraction = w->fraction;
        for (int i = 0; i < 3; ++i) /* a whole kick at the start stood for two halves */
            dv[i] += 0.5 * dt * (w->kick[i] - (opened ? 0.0 : w->whole[i])) -
                     (opened ? s->lead * dt * w->own[i] : 0.0);
        kick(c, b, dv, 1.0);
        w->split = true;
    }
}

void eddyi_wet_attach(eddy_coupling *c, int b)
{
    eddy_wet_body *w = &c->wet[b];
    memset(w, 0, sizeof *w);
    if (eddyi_body_panel_pieces(c->bodies[b], w->pieces, &w->piece_count, NULL) != EDDY_OK)
        w->piece_count = 0;
    /* attach handed the whole added mass and the weight to the coupling */
    w->held_fraction = 1.0;
    w->wet = true;
    settle_mean(c);
    update_body(c, b, false, 0.0);
    w->step_fraction = w->fraction;
}

/* ------------------------------------------------------------ the hooks */

bool eddyi_wet_in_water(const eddy_coupling *c, int b) { return c->wet[b].wet; }

bool eddyi_wet_released(const eddy_coupling *c, int b)
{
    return c->wet[b].dry_released;
}

double eddyi_wet_fraction(const eddy_coupling *c, int b)
{
    return c->surface ? c->wet[b].fraction : 1.0;
}

void eddyi_wet_sample_point(const eddy_coupling *c, int b, double centre[2])
{
    if (!c->surface) return;
    const eddy_wet_body *w = &c->wet[b];
    double s = w->fraction;
    centre[0] = w->centroid[0] + s * (centre[0] - w->centroid[0]);
    centre[1] = w->centroid[1] + s * (centre[1] - w->centroid[1]);
}

bool eddyi_wet_region(const eddy_coupling *c, int b, double *area, double centroid[2],
                     double *slope)
{
    *slope = 0.0;
    if (!c->surface) return false;
    const eddy_wet_body *w = &c->wet[b];
    *slope = w->slope;
    if (!(w->fraction < 1.0)) return false;
    *area = w->area;
    centroid[0] = w->centroid[0], centroid[1] = w->centroid[1];
    return true;
}

double eddyi_wet_frontal_width(const eddy_coupling *c, int b, double ex, double ey)
{
    const eddy_wet_body *w = &c->wet[b];
    eddy_water_region r;
    region_of_line(c->surface, w->line, &r);
    double pose[3];
    fluid_pose(c, c->bodies[b], pose);
    double width = eddyi_wet_width(w->pieces, w->piece_count, pose[0], pose[1], pose[2], &r, ex, ey);
    return width * fmin(1.0, w->fraction / WET_DRAG_RAMP);
}

void eddyi_wet_add_waves(const eddy_coupling *c, int b, const double at[2], double uv[2])
{
    (void)b;
    if (c->surface) eddyi_surface_wave_velocity(c->surface, at[0], at[1], uv);
}

void eddyi_wet_slam(eddy_coupling *c, int b, const double *ma_full, const double qrel[3], double dt,
                   double q[3])
{
    if (!c->surface) return;
    eddy_wet_body *w = &c->wet[b];
    double ds = w->fraction - w->step_fraction;
    w->step_fraction = w->fraction;
    if (ds == 0.0) return;
    for (int i = 0; i < 3; ++i) {
        double sum = 0.0;
        for (int j = 0; j < 3; ++j) sum += ma_full[3 * i + j] * qrel[j];
        q[i] -= 0.5 * ds * sum / dt;
    }
}

/* ------------------------------------------------------------ panels */

/* The share of the segment (x1, y1)-(x2, y2) inside [0, W] x [0, D]
 * (Liang-Barsky). */
static double share_inside(double x1, double y1, double x2, double y2, double W, double D)
{
    double t0 = 0.0, t1 = 1.0, dx = x2 - x1, dy = y2 - y1;
    const double p[4] = {-dx, dx, -dy, dy}, q[4] = {x1, W - x1, y1, D - y1};
    for (int k = 0; k < 4; ++k) {
        if (p[k] == 0.0) {
            if (q[k] < 0.0) return 0.0;
            continue;
        }
        double t = q[k] / p[k];
        if (p[k] < 0.0) t0 = fmax(t0, t);
        else t1 = fmin(t1, t);
    }
    return t1 > t0 ? t1 - t0 : 0.0;
}

/* A body that reaches through the lid keeps its whole closed outline
 * (issue 35, item 1). Scaling its panels by their share in the water, as it
 * once did, left the wet part an open sheet whose strengths had been solved
 * for the closed one: 40-48 % of a stream along the lid went through the wet
 * part (tests/test_lid_flow.c). Closed, the outline keeps the stream out of
 * its inside whatever the panels above the lid carry; what they see there is
 * the flow under the lid mirrored in it (eddyi_wet_mirror_samples), the
 * stream the mirrored wet part would meet. Only the sides of the tank
 * still cut a panel (a body reaching out of the domain sideways). */
void eddyi_wet_mask_panels(eddy_coupling *c)
{
    eddy_panel_world *pw = c->panels;
    bool any = c->surface != NULL;
    for (int b = 0; b < c->body_count && !any; ++b) any = !c->wet[b].wet;
    pw->masked = any;
    if (!any) return;
    double W = c->asset->width, D = c->asset->height, top = c->surface ? 4.0 * D + 1e3 : D;
    for (int b = 0; b < c->body_count; ++b) {
        const eddy_panel_world_body *pb = &pw->bodies[b];
        bool dry = !c->wet[b].wet;
        for (int j = 0; j < pb->shape->count; ++j) {
            int g = pb->first + j;
            const double *e = &pw->src[4 * g];
            pw->wet[g] = dry ? 0.0 : c->surface ? share_inside(e[0], e[1], e[2], e[3], W, top) : 1.0;
        }
    }
}

/* The waves' velocity at the panels (issue 35, item 1: a drifting hull let
 * 8 % of the stream through its wet part, the waves' flow passing through it
 * as the panels did not see it). Under the lid as it is; above it, at the
 * mirror point as (-u, v): a divergence-free continuation (the reduced
 * flow's (u, -v) has the waves' flux through the lid as a source sheet the
 * closed outline's vortex panels could not cancel), so the panels cancel the
 * waves inside the whole outline too. */
static void add_waves_to_samples(const eddy_surface *s, double D, int n, const double *xy,
                                 double *uv)
{
    for (int p = 0; p < n; ++p) {
        double x = xy[2 * p], y = xy[2 * p + 1], w[2] = {0.0, 0.0};
        bool above = y > D;
        eddyi_surface_wave_velocity(s, x, above ? fmax(2.0 * D - y, 0.0) : y, w);
        uv[2 * p] += above ? -w[0] : w[0];
        uv[2 * p + 1] += w[1];
    }
}

void eddyi_wet_mirror_samples(const eddy_coupling *c, const double *coef, int n, const double *xy,
                             double *uv)
{
    eddy_surface *s = c->surface;
    if (!s) return;
    double D = c->asset->height;
    for (int from = 0; from < n;) { /* in batches of the scratch's size (one, in practice) */
        int count = 0;
        for (; from < n && count < s->mirror_cap; ++from) {
            if (!(xy[2 * from + 1] > D)) continue;
            s->mirror_at[count] = from;
            s->mirror_xy[2 * count] = xy[2 * from];
            s->mirror_xy[2 * count + 1] = fmax(2.0 * D - xy[2 * from + 1], 0.0);
            ++count;
        }
        if (count == 0) continue;
        if (coef) eddyi_fluid_velocity_many_of(c->fluid, coef, count, s->mirror_xy, s->mirror_uv);
        else eddy_fluid_velocity_many(c->fluid, count, s->mirror_xy, s->mirror_uv);
        for (int q = 0; q < count; ++q) {
            int p = s->mirror_at[q];
            uv[2 * p] = s->mirror_uv[2 * q];
            uv[2 * p + 1] = -s->mirror_uv[2 * q + 1];
        }
    }
    add_waves_to_samples(s, D, n, xy, uv);
}

void eddyi_wet_panel_samples(const eddy_coupling *c, int n, const double *xy, double *uv)
{
    eddy_surface *s = c->surface;
    if (!s) return;
    const eddy_panel_world *w = c->panels;
    double D = c->asset->height;
    for (int b = 0; b < c->body_count; ++b) {
        const eddy_panel_world_body *pb = &w->bodies[b];
        int lo = pb->first, m = pb->shape->count;
        if (lo + m > n) break;
        if (eddyi_panel_lid_own_copy(w, b) < 0) {
            eddyi_wet_mirror_samples(c, NULL, m, xy + 2 * lo, uv + 2 * lo);
            continue;
        }
        /* solved with its lid image (panel_lid.h): what its panels above the
           lid would see is not read, they carry nothing */
        for (int j = lo; j < lo + m; ++j)
            if (!(xy[2 * j + 1] > D)) add_waves_to_samples(s, D, 1, xy + 2 * j, uv + 2 * j);
    }
}

/* ------------------------------------------------------------ queries */

double eddy_coupling_body_submerged(const eddy_coupling *c, const eddy_body *body)
{
    for (int b = 0; c && body && b < c->body_count; ++b)
        if (c->bodies[b] == body) return c->wet[b].fraction;
    return 0.0;
}
