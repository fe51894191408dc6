// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_rig.h - a box of water with a rigid-body world coupled to it, and
 * bodies of any outline in it: the set-up the body physics tests share
 * (test_body_physics.c, test_hydrostatics.c, test_kirchhoff.c,
 * test_two_way.c, test_no_flow_through.c). */
#ifndef EDDY_COUPLING_RIG_H
#define EDDY_COUPLING_RIG_H

#include "test_util.h"

#include "coupling_internal.h"
#include "eddy_body.h"
#include "eddy_coupling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RHO 1000.0
#define G 9.81
#define DT (1.0 / 60.0)

typedef struct rig {
    eddy_asset *asset;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *c;
    double width, height;
} rig;

typedef struct rig_desc {
    double width, height;
    double cells_per_metre; /* default 6.4 a metre, i.e. 64 cells on 10 m */
    int modes;           /* default 73 */
    double gravity;      /* downwards, m/s^2 */
    bool no_buoyancy;    /* the coupling's default is on */
    bool walls;          /* the tank's walls as a static body outside the domain */
    eddy_feedback_mode feedback;
    bool paper;
    double schwarz_tolerance;
} rig_desc;

static inline rig make_rig(const rig_desc *d)
{
    rig r;
    r.width = d->width, r.height = d->height;
    double cells = d->cells_per_metre > 0 ? d->cells_per_metre : 6.4;
    r.asset = test_build_asset(d->width, d->height, (int)lround(cells * d->width),
                               (int)lround(cells * d->height), d->modes > 0 ? d->modes : 73);
    r.fluid = test_make_fluid(r.asset, 0.0);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -d->gravity;
    wd.disable_sleep = true;
    eddy_error err = {0};
    if (eddy_world_create(&wd, &r.world, &err) != EDDY_OK) fail_msg("world: %s", err.message);
    if (d->walls) {
        eddy_body *walls;
        eddy_body_desc gd = {0};
        eddy_body_create(r.world, &gd, &walls, &err);
        double w = d->width, h = d->height;
        const double box[4][4] = {{w / 2, -0.5, w / 2 + 1, 0.5}, {w / 2, h + 0.5, w / 2 + 1, 0.5},
                                  {-0.5, h / 2, 0.5, h / 2 + 1}, {w + 0.5, h / 2, 0.5, h / 2 + 1}};
        for (int k = 0; k < 4; ++k) {
            eddy_shape_desc sd = {0};
            sd.type = EDDY_SHAPE_BOX;
            sd.center[0] = box[k][0], sd.center[1] = box[k][1];
            sd.half_width = box[k][2], sd.half_height = box[k][3];
            eddy_body_add_shape(walls, &sd, NULL, &err);
        }
    }
    eddy_coupling_desc cd = {0};
    cd.feedback = d->feedback;
    cd.no_buoyancy = d->no_buoyancy;
    cd.schwarz_tolerance = d->schwarz_tolerance;
    if (eddy_coupling_create(r.fluid, r.world, &cd, &r.c, &err) != EDDY_OK)
        fail_msg("coupling: %s", err.message);
    if (eddyi_coupling_set_paper_pipeline(r.c, d->paper, &err) != EDDY_OK)
        fail_msg("paper pipeline: %s", err.message);
    return r;
}

static inline void free_rig(rig *r)
{
    eddy_coupling_destroy(r->c);
    eddy_world_destroy(r->world);
    eddy_fluid_destroy(r->fluid);
    eddy_asset_destroy(r->asset);
}

typedef struct body_spec {
    eddy_body_type type;
    eddy_shape_type shape; /* circle: size = diameter; box: hw = size / 2, hh = aspect * size / 2;
                              polygon: the vertices below */
    double x, y, size, aspect, density;
    double vx, vy, omega;
    double angle;          /* the body's rotation */
    int vertex_count;      /* polygon */
    double vertices[EDDY_MAX_POLYGON_VERTICES][2];
} body_spec;

/* A body of the spec's one shape, not yet coupled. */
static inline eddy_body *make_body(rig *r, const body_spec *s)
{
    eddy_body_desc bd = {0};
    bd.type = s->type;
    bd.position[0] = s->x, bd.position[1] = s->y;
    bd.angle = s->angle;
    bd.linear_velocity[0] = s->vx, bd.linear_velocity[1] = s->vy;
    bd.angular_velocity = s->omega;
    eddy_body *b;
    eddy_error err = {0};
    if (eddy_body_create(r->world, &bd, &b, &err) != EDDY_OK) fail_msg("body: %s", err.message);
    eddy_shape_desc sd = {0};
    sd.type = s->shape;
    sd.radius = 0.5 * s->size;
    sd.half_width = 0.5 * s->size;
    sd.half_height = 0.5 * s->size * (s->aspect > 0 ? s->aspect : 1.0);
    sd.vertex_count = s->vertex_count;
    memcpy(sd.vertices, s->vertices, sizeof sd.vertices);
    sd.density = s->density > 0 ? s->density : RHO;
    if (eddy_body_add_shape(b, &sd, NULL, &err) != EDDY_OK) fail_msg("shape: %s", err.message);
    return b;
}

static inline eddy_body *add_body(rig *r, const body_spec *s)
{
    eddy_body *b = make_body(r, s);
    eddy_error err = {0};
    if (eddy_coupling_add_body(r->c, b, &err) != EDDY_OK) fail_msg("couple: %s", err.message);
    return b;
}

static inline void step(rig *r, int steps)
{
    eddy_error err = {0};
    for (int s = 0; s < steps; ++s)
        if (eddy_coupling_step(r->c, DT, &err) != EDDY_OK) fail_msg("step: %s", err.message);
}

/* The (1,1) gyre of the box, steady in inviscid flow: psi = N sin(pi x / W)
 * sin(pi y / H) with its largest value at the centre. */
static inline void set_gyre(rig *r, double amplitude)
{
    int n = eddy_fluid_mode_count(r->fluid);
    double *coef = calloc((size_t)n, sizeof *coef);
    coef[0] = amplitude;
    eddy_fluid_set_coefficients(r->fluid, coef, n);
    free(coef);
}

static inline double gyre_psi(const rig *r, double x, double y)
{
    return sin(M_PI * x / r->width) * sin(M_PI * y / r->height);
}

/* Area and centroid of a polygon (shoelace), counter-clockwise vertices. */
static inline double polygon_moments(int n, const double (*v)[2], double centroid[2])
{
    double a2 = 0, cx = 0, cy = 0;
    for (int i = 0; i < n; ++i) {
        const double *p = v[i], *q = v[(i + 1) % n];
        double t = p[0] * q[1] - q[0] * p[1];
        a2 += t, cx += t * (p[0] + q[0]), cy += t * (p[1] + q[1]);
    }
    if (centroid) centroid[0] = cx / (3 * a2), centroid[1] = cy / (3 * a2);
    return 0.5 * a2;
}

static inline double area_of(const body_spec *s)
{
    if (s->shape == EDDY_SHAPE_POLYGON)
        return polygon_moments(s->vertex_count, (const double(*)[2])s->vertices, NULL);
    return s->shape == EDDY_SHAPE_CIRCLE ? M_PI * s->size * s->size / 4
                                         : s->size * s->size * (s->aspect > 0 ? s->aspect : 1.0);
}

/* A regular octagon stretched to aspect 2:1: half length a along x, a / 2
 * along y, centred on the origin. */
static inline void octagon_spec(body_spec *s, double a)
{
    s->shape = EDDY_SHAPE_POLYGON;
    s->vertex_count = 8;
    for (int k = 0; k < 8; ++k) {
        double t = M_PI / 8 + k * M_PI / 4;
        s->vertices[k][0] = a * cos(t) / cos(M_PI / 8);
        s->vertices[k][1] = 0.5 * a * sin(t) / cos(M_PI / 8);
    }
}

#endif
