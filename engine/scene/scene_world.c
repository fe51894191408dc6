// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* scene_world.c - a scene's bodies in a new rigid-body world, in a tank of
 * four walls (eddy_coupling_add_walls), coupled to a fluid
 * (eddy_scene_build_world). */
#include "eddy_internal.h"
#include "scene_internal.h"

#include <string.h>

void eddy_scene_body_shape(const eddy_scene_body *sb, eddy_shape_desc *sd)
{
    memset(sd, 0, sizeof *sd);
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
    cd.buoyancy = v.buoyancy;
    cd.max_bodies = v.body_count > 64 ? v.body_count : 64;
    if (rc == EDDY_OK) rc = eddy_coupling_create(fluid, world, &cd, &coupling, err);
    /* the tank's walls: the world's first body, as before the coupling made them */
    if (rc == EDDY_OK) rc = eddy_coupling_add_walls(coupling, NULL, err);
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
