// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* scene_world.c - a scene's bodies in a new rigid-body world, in a tank of
 * four walls (eddy_coupling_add_walls), coupled to a fluid
 * (eddy_scene_build_world); a level's walls (issue 14) as rock in that world
 * (eddy_scene_add_rock). */
#include "domain.h"
#include "fluid_internal.h"
#include "scene_internal.h"

#include <math.h>
#include <string.h>


void eddy_scene_body_shape(const eddy_scene_body *sb, eddy_shape_desc *sd)
{
    if (!sd) return;
    memset(sd, 0, sizeof *sd);
    if (!sb) return;
    sd->density = sb->density;
    if (sb->shape == EDDY_SCENE_BOX) {
        sd->type = EDDY_SHAPE_BOX;
        sd->half_width = sb->hw, sd->half_height = sb->hh;
    } else if (sb->shape == EDDY_SCENE_CIRCLE) {
        sd->type = EDDY_SHAPE_CIRCLE;
        sd->radius = sb->radius;
    } else {
        sd->type = EDDY_SHAPE_POLYGON;
        sd->vertex_count = sb->point_count;
        memcpy(sd->vertices, sb->points, sizeof sb->points);
    }
}

static eddy_result add_scene_body(const eddy_scene_body *sb, eddy_world *world, eddy_body **out,
                                  eddy_error *err)
{
    eddy_body_desc bd = {0};
    bd.type = sb->type;
    /* A coupled body is pushed by the fluid every step, and a push wakes a
     * sleeping body: sleep would only stop it for a step now and then, and
     * on Box2D v3 every fall asleep and wake allocates (eddy_body.h). */
    bd.disable_sleep = true;
    bd.position[0] = sb->x, bd.position[1] = sb->y;
    bd.angle = sb->angle;
    bd.linear_velocity[0] = sb->vx, bd.linear_velocity[1] = sb->vy;
    bd.angular_velocity = sb->omega;
    eddy_result rc = eddy_body_create(world, &bd, out, err);
    if (rc != EDDY_OK) return rc;
    eddy_shape_desc sd;
    eddy_scene_body_shape(sb, &sd);
    return eddy_body_add_shape(*out, &sd, NULL, err);
}

/* ------------------------------------------------------------ rock for Box2D */

static eddy_result add_polygon(eddy_body *rock, const double (*pts)[2], int n, eddy_error *err)
{
    eddy_shape_desc sd = {0};
    sd.type = EDDY_SHAPE_POLYGON;
    sd.vertex_count = n;
    for (int p = 0; p < n; ++p) sd.vertices[p][0] = pts[p][0], sd.vertices[p][1] = pts[p][1];
    sd.friction = 0.6;
    return eddy_body_add_shape(rock, &sd, NULL, err);
}

/* A polygon wall as its convex pieces (eddyi_wall_rock_pieces: itself when
 * convex, else triangles), each one the checks of eddy_walls_check already
 * passed when the level was built: the same check the body port makes. */
static eddy_result add_pieces(eddy_body *rock, const eddy_wall *w, eddy_error *err)
{
    double pieces[EDDY_WALL_MAX_POINTS][EDDY_OUTLINE_MAX_VERTICES][2];
    int sizes[EDDY_WALL_MAX_POINTS];
    int n = eddyi_wall_rock_pieces(w, pieces, sizes, EDDY_WALL_MAX_POINTS);
    eddy_result rc = EDDY_OK;
    for (int k = 0; k < n && rc == EDDY_OK; ++k)
        rc = add_polygon(rock, (const double(*)[2])pieces[k], sizes[k], err);
    return rc;
}

eddy_result eddy_scene_add_rock(eddy_world *world, const eddy_asset *asset, eddy_body **out,
                                eddy_error *err)
{
    if (out) *out = NULL;
    int count = eddy_asset_wall_count(asset);
    if (count == 0) return EDDY_OK;
    const eddy_wall *walls = eddy_asset_walls(asset); /* polygons counter-clockwise */
    eddy_body_desc bd = {0};
    eddy_body *rock = NULL;
    eddy_result rc = eddy_body_create(world, &bd, &rock, err);
    for (int i = 0; i < count && rc == EDDY_OK; ++i) {
        const eddy_wall *w = &walls[i];
        if (w->kind == EDDY_WALL_CIRCLE) {
            eddy_shape_desc sd = {0};
            sd.type = EDDY_SHAPE_CIRCLE;
            sd.center[0] = w->x, sd.center[1] = w->y;
            sd.radius = w->radius;
            sd.friction = 0.6;
            rc = eddy_body_add_shape(rock, &sd, NULL, err);
        } else {
            rc = add_pieces(rock, w, err);
        }
    }
    if (rc == EDDY_OK && out) *out = rock;
    return rc;
}

eddy_result eddy_scene_build_world(const eddy_scene *scene, eddy_fluid *fluid,
                                   eddy_world **out_world, eddy_coupling **out_coupling,
                                   eddy_body **out_bodies, eddy_error *err)
{
    if (!scene || !fluid || !out_world || !out_coupling)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: NULL argument");
    *out_world = NULL, *out_coupling = NULL;
    eddy_scene_view v;
    eddy_scene_get(scene, &v);
    eddy_world_desc wd = {0};
    wd.gravity[0] = v.gravity[0], wd.gravity[1] = v.gravity[1];
    eddy_world *world = NULL;
    eddy_coupling *coupling = NULL;
    eddy_result rc = eddy_world_create(&wd, &world, err);
    eddy_coupling_desc cd = {0};
    cd.feedback = v.feedback;
    cd.no_buoyancy = !v.buoyancy;
    cd.max_bodies = v.body_count > 64 ? v.body_count : 64;
    cd.wave_viscosity = v.wave_viscosity < 0 ? 0.0 : v.wave_viscosity > 0 ? v.wave_viscosity : -1.0;
    cd.open_top = v.open_top;
    if (rc == EDDY_OK) rc = eddy_coupling_create(fluid, world, &cd, &coupling, err);
    /* the tank's walls: the world's first body, as before the coupling made them */
    if (rc == EDDY_OK) rc = eddy_coupling_add_walls(coupling, NULL, err);
    if (rc == EDDY_OK) rc = eddy_scene_add_rock(world, eddy_fluid_asset(fluid), NULL, err);
    for (int i = 0; i < v.body_count && rc == EDDY_OK; ++i) {
        eddy_body *body = NULL;
        eddy_error inner = {0};
        rc = add_scene_body(&v.bodies[i], world, &body, &inner);
        if (rc == EDDY_OK) rc = eddy_coupling_add_body(coupling, body, &inner);
        if (rc == EDDY_OK && v.bodies[i].drag >= 0)
            rc = eddy_coupling_set_drag(coupling, body, v.bodies[i].drag, &inner);
        if (rc != EDDY_OK) eddy_fail(err, rc, "scene: bodies[%d]: %s", i, inner.message);
        else if (out_bodies) out_bodies[i] = body;
    }
    if (rc != EDDY_OK) {
        eddy_coupling_destroy(coupling);
        eddy_world_destroy(world);
        return rc;
    }
    *out_world = world;
    *out_coupling = coupling;
    return EDDY_OK;
}
