// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_native_state.c - the coupling's one read and one write per body and
 * step (the engine table's read and apply_wrench, body_port.h) for an
 * engine that has single-value getters and pushes (the Box2D backends), made
 * of those entries so that they give the same numbers as the getters.
 * Written once for both Box2D versions: nothing here calls Box2D.
 */
#include "body_port.h"

bool eddyi_port_read_by_getters(eddy_body *b, eddy_port_state *out)
{
    const eddyi_body_engine *e = b->world->engine;
    if (!e->body_alive(b))
        return false;
    e->pose(b, out->pos, &out->c, &out->s);
    e->velocity(b, out->v, &out->w);
    e->mass(b, &out->mass);
    out->type = e->body_type(b);
    out->gravity_scale = e->gravity_scale(b);
    out->awake = e->is_awake(b);
    out->sleep_enabled = e->is_sleep_enabled(b);
    out->shapes_changed = b->adopted && e->shapes_changed(b);
    return true;
}

void eddyi_port_wrench_by_pushes(eddy_body *b, double fx, double fy, double torque)
{
    const eddyi_body_engine *e = b->world->engine;
    e->apply(b, EDDY_PORT_FORCE_TO_CENTER, fx, fy, 0.0, 0.0);
    if (torque != 0.0)
        e->apply(b, EDDY_PORT_TORQUE, torque, 0.0, 0.0, 0.0);
}
