// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_rigid.h - PRIVATE to the port: a world made from a game's table
 * (eddy_rigid.h) answers the port's backend hooks through body_rigid.c
 * instead of Box2D. Included by body_port.c and body_adopt.c only, after
 * body_port.h: each hook the port calls becomes "the table's when the world
 * has one, else the Box2D backend's" (the inner call is not expanded again,
 * so it names the backend's function). The backends never see this header.
 */
#ifndef EDDY_BODY_RIGID_H
#define EDDY_BODY_RIGID_H

#include "body_port.h"

/* The table of a world made by eddy_world_from_rigid, or NULL. */
#define EDDY_RIGID_OF_WORLD(w) ((w)->rigid)
#define EDDY_RIGID_OF_BODY(b) ((b)->world->rigid)

void eddyi_rigid_world_destroy(eddy_world *w);
bool eddyi_rigid_world_alive(const eddy_world *w);
bool eddyi_rigid_body_alive(const eddy_body *b);
void eddyi_rigid_clock_start(eddy_world *w);
double eddyi_rigid_clock_read(const eddy_world *w);
void eddyi_rigid_world_gravity(const eddy_world *w, double out[2]);
void eddyi_rigid_body_forget(eddy_body *b);
void eddyi_rigid_body_unadopt(eddy_body *b);
eddy_result eddyi_rigid_body_adopt(eddy_body *b, eddy_error *err);
eddy_body_type eddyi_rigid_body_type(const eddy_body *b);
bool eddyi_rigid_shapes_changed(eddy_body *b);
void eddyi_rigid_pose(const eddy_body *b, double pos[2], double *c, double *s);
void eddyi_rigid_velocity(const eddy_body *b, double v[2], double *w);
void eddyi_rigid_mass(const eddy_body *b, eddy_port_mass *out);
void eddyi_rigid_set_mass(eddy_body *b, double mass, double inertia, const double local_center[2]);
void eddyi_rigid_set_gravity_scale(eddy_body *b, double scale);
double eddyi_rigid_gravity_scale(const eddy_body *b);
bool eddyi_rigid_is_awake(const eddy_body *b);
void eddyi_rigid_set_awake(eddy_body *b, bool awake);
void eddyi_rigid_enable_sleep(eddy_body *b, bool enable);
bool eddyi_rigid_is_sleep_enabled(const eddy_body *b);
void eddyi_rigid_apply(eddy_body *b, eddy_port_push kind, double x, double y, double px, double py);
void eddyi_rigid_set_transform(eddy_body *b, double x, double y, double angle);
void eddyi_rigid_set_velocity(eddy_body *b, double vx, double vy, double w);
bool eddyi_rigid_read(eddy_body *b, eddy_port_state *out);
void eddyi_rigid_apply_wrench(eddy_body *b, double fx, double fy, double torque);

#define EDDY_RIGID_W(w, fn, ...) (EDDY_RIGID_OF_WORLD(w) ? eddyi_rigid_##fn(__VA_ARGS__) : eddyi_native_##fn(__VA_ARGS__))
#define EDDY_RIGID_B(b, fn, ...) (EDDY_RIGID_OF_BODY(b) ? eddyi_rigid_##fn(__VA_ARGS__) : eddyi_native_##fn(__VA_ARGS__))

#define eddyi_native_world_destroy(w) EDDY_RIGID_W(w, world_destroy, w)
#define eddyi_native_world_alive(w) EDDY_RIGID_W(w, world_alive, w)
#define eddyi_native_body_alive(b) EDDY_RIGID_B(b, body_alive, b)
#define eddyi_native_clock_start(w) EDDY_RIGID_W(w, clock_start, w)
#define eddyi_native_clock_read(w) EDDY_RIGID_W(w, clock_read, w)
#define eddyi_native_world_gravity(w, o) EDDY_RIGID_W(w, world_gravity, w, o)
#define eddyi_native_body_forget(b) EDDY_RIGID_B(b, body_forget, b)
#define eddyi_native_body_unadopt(b) EDDY_RIGID_B(b, body_unadopt, b)
#define eddyi_native_body_adopt(b, e) EDDY_RIGID_B(b, body_adopt, b, e)
#define eddyi_native_body_type(b) EDDY_RIGID_B(b, body_type, b)
#define eddyi_native_shapes_changed(b) EDDY_RIGID_B(b, shapes_changed, b)
#define eddyi_native_pose(b, p, c, s) EDDY_RIGID_B(b, pose, b, p, c, s)
#define eddyi_native_velocity(b, v, w) EDDY_RIGID_B(b, velocity, b, v, w)
#define eddyi_native_mass(b, o) EDDY_RIGID_B(b, mass, b, o)
#define eddyi_native_set_mass(b, m, i, c) EDDY_RIGID_B(b, set_mass, b, m, i, c)
#define eddyi_native_set_gravity_scale(b, s) EDDY_RIGID_B(b, set_gravity_scale, b, s)
#define eddyi_native_gravity_scale(b) EDDY_RIGID_B(b, gravity_scale, b)
#define eddyi_native_is_awake(b) EDDY_RIGID_B(b, is_awake, b)
#define eddyi_native_set_awake(b, a) EDDY_RIGID_B(b, set_awake, b, a)
#define eddyi_native_enable_sleep(b, e) EDDY_RIGID_B(b, enable_sleep, b, e)
#define eddyi_native_is_sleep_enabled(b) EDDY_RIGID_B(b, is_sleep_enabled, b)
#define eddyi_native_apply(b, k, x, y, px, py) EDDY_RIGID_B(b, apply, b, k, x, y, px, py)
#define eddyi_native_set_transform(b, x, y, a) EDDY_RIGID_B(b, set_transform, b, x, y, a)
#define eddyi_native_set_velocity(b, x, y, w) EDDY_RIGID_B(b, set_velocity, b, x, y, w)
#define eddyi_native_read(b, o) EDDY_RIGID_B(b, read, b, o)
#define eddyi_native_apply_wrench(b, x, y, t) EDDY_RIGID_B(b, apply_wrench, b, x, y, t)

#endif /* EDDY_BODY_RIGID_H */
