// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_native_state.c - the coupling's one read and one write per body and
 * step (body_port.h: eddy_native_read, eddy_native_apply_wrench) for the
 * Box2D backends, made of each backend's own hooks so that they give the
 * same numbers as the single-value getters. Written once for both versions:
 * nothing here calls Box2D. body_rigid.h is not included, so these are the
 * native functions themselves, not the dispatch macros of the same names.
 */
#include "body_port.h"

bool eddy_native_read(eddy_body *b, eddy_port_state *out)
{
    if (!eddy_native_body_alive(b))
        return false;
    eddy_native_pose(b, out->pos, &out->c, &out->s);
    eddy_native_velocity(b, out->v, &out->w);
    eddy_native_mass(b, &out->mass);
    out->type = eddy_native_body_type(b);
    out->gravity_scale = eddy_native_gravity_scale(b);
    out->awake = eddy_native_is_awake(b);
    out->sleep_enabled = eddy_native_is_sleep_enabled(b);
    out->shapes_changed = b->adopted && eddy_native_shapes_changed(b);
    return true;
}

void eddy_native_apply_wrench(eddy_body *b, double fx, double fy, double torque)
{
    eddy_native_apply(b, EDDY_PORT_FORCE_TO_CENTER, fx, fy, 0.0, 0.0);
    if (torque != 0.0)
        eddy_native_apply(b, EDDY_PORT_TORQUE, torque, 0.0, 0.0, 0.0);
}
