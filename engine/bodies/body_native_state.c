// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_native_state.c - the coupling's one read and one write per body and
 * step (body_port.h: eddyi_native_read, eddyi_native_apply_wrench) for the
 * Box2D backends, made of each backend's own hooks so that they give the
 * same numbers as the single-value getters. Written once for both versions:
 * nothing here calls Box2D. body_rigid.h is not included, so these are the
 * native functions themselves, not the dispatch macros of the same names.
 */
#include "body_port.h"

bool eddyi_native_read(eddy_body *b, eddy_port_state *out)
{
    if (!eddyi_native_body_alive(b))
        return false;
    eddyi_native_pose(b, out->pos, &out->c, &out->s);
    eddyi_native_velocity(b, out->v, &out->w);
    eddyi_native_mass(b, &out->mass);
    out->type = eddyi_native_body_type(b);
    out->gravity_scale = eddyi_native_gravity_scale(b);
    out->awake = eddyi_native_is_awake(b);
    out->sleep_enabled = eddyi_native_is_sleep_enabled(b);
    out->shapes_changed = b->adopted && eddyi_native_shapes_changed(b);
    return true;
}

void eddyi_native_apply_wrench(eddy_body *b, double fx, double fy, double torque)
{
    eddyi_native_apply(b, EDDY_PORT_FORCE_TO_CENTER, fx, fy, 0.0, 0.0);
    if (torque != 0.0)
        eddyi_native_apply(b, EDDY_PORT_TORQUE, torque, 0.0, 0.0, 0.0);
}
