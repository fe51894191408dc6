// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* tank_walls.c - the fluid domain's four walls as one static rigid body
 * (eddy_coupling_add_walls): the fluid has its own walls (the basis is
 * closed there, panels see them through wall images, 5.3.3), the rigid
 * bodies need these to stay in the tank. */
#include "coupling_internal.h"

#include <math.h>

#define WALL_THICKNESS 1.0
/* Box2D lets a body resting on a wall sink into it by about its linear slop
 * (5 mm), and 2.4 keeps a skin of TANK_CLEARANCE around polygons, v3 none:
 * walls right on the domain's edge would hold bodies inside on 2.4 and let
 * a corner resting on a wall cross the edge on v3 (a triangle whose origin
 * is that corner then leaves the domain, which the coupling reports). So
 * the walls' inner faces stand TANK_CLEARANCE - skin inside the edge:
 * bodies rest a few millimetres inside it on both backends
 * (tests/test_tank_origin.c). */
#define TANK_CLEARANCE 0.01
/* The largest side of a tank the rigid-body world holds: the builder's
 * largest domain (eddy_build.h, EDDY_BUILD_MAX_SIDE, 1e5 m). */
#define TANK_MAX_SIDE 1e5

eddy_result eddy_coupling_add_walls(eddy_coupling *c, eddy_body **out, eddy_error *err)
{
    if (out) *out = NULL;
    if (!c) return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: NULL coupling");
    if (!c->world)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: its world was destroyed");
    eddy_body_backend_info backend;
    eddy_world_get_backend(c->world, &backend);
    const double inset = fmax(0.0, TANK_CLEARANCE - backend.polygon_skin);
    /* the tank, up to its top: above the water of a tank filled to a depth */
    const double w = c->asset->width, h = c->asset->tank_height, t = WALL_THICKNESS;
    if (!(w > 0 && w <= TANK_MAX_SIDE && h > 0 && h <= TANK_MAX_SIDE))
        return eddy_fail(err, EDDY_ERR_RANGE,
                         "tank walls: the asset's domain %g x %g m is too large for the rigid-body "
                         "world (each side at most %g m)", w, h, TANK_MAX_SIDE);
    /* in the body's frame, whose origin is the domain's (0, 0) */
    const double lo = inset - t / 2, xhi = w - inset + t / 2, yhi = h - inset + t / 2;
    const double box[4][4] = {{w / 2, lo, w / 2 + t, t / 2}, {w / 2, yhi, w / 2 + t, t / 2},
                              {lo, h / 2, t / 2, h / 2 + t}, {xhi, h / 2, t / 2, h / 2 + t}};
    eddy_body_desc bd = {0}; /* static */
    bd.position[0] = c->desc.origin[0], bd.position[1] = c->desc.origin[1];
    eddy_body *walls = NULL;
    eddy_result rc = eddy_body_create(c->world, &bd, &walls, err);
    for (int k = 0; k < 4 && rc == EDDY_OK; ++k) {
        if (k == 1 && c->surface && c->desc.open_top) continue; /* no lid on a pool */
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_BOX;
        sd.center[0] = box[k][0], sd.center[1] = box[k][1];
        sd.half_width = box[k][2], sd.half_height = box[k][3];
        rc = eddy_body_add_shape(walls, &sd, NULL, err);
    }
    if (rc != EDDY_OK) {
        eddy_body_destroy(walls);
        return rc;
    }
    if (out) *out = walls;
    return EDDY_OK;
}
