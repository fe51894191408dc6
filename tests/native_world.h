// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * native_world.h - the game's side of tests/test_own_world.c: a Box2D world
 * the test makes, fills and steps with Box2D's own calls, as a game would,
 * and then hands to eddy through the backend's header (eddy_box2d_v3.h or
 * eddy_box2d_v24.h). Written once per backend, in its language:
 * native_world_v3.c, native_world_v24.cpp; this header is plain C.
 */
#ifndef EDDY_NATIVE_WORLD_H
#define EDDY_NATIVE_WORLD_H

#include "eddy_body.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NATIVE_MAX_BODIES 16

typedef struct native_world native_world;

/* A Box2D world with this gravity; NULL when out of memory. */
native_world *native_world_create(double gx, double gy);
void native_world_destroy(native_world *w);
/* One step as eddy_world_step takes it with 4 sub-steps (v3: 4 sub-steps;
 * 2.4: 8 velocity and 3 position iterations), so that a game's world and
 * eddy's own step alike. */
void native_world_step(native_world *w, double dt);
void native_world_set_gravity(native_world *w, double gx, double gy);
/* Bodies in the Box2D world, the game's and any eddy made there. */
int native_world_body_count(const native_world *w);

/* The game's bodies, numbered 0, 1, ... in creation order. type is an
 * eddy_body_type; one fixture each (friction 0.6 as eddy's default), with
 * the given user data on body and fixture. */
int native_add_box(native_world *w, eddy_body_type type, double x, double y, double hw,
                   double hh, double density, void *user_data);
int native_add_circle(native_world *w, eddy_body_type type, double x, double y, double radius,
                      double density, void *user_data);
/* A second fixture on body i: a circle at (cx, cy) in body space. */
void native_add_circle_fixture(native_world *w, int i, double cx, double cy, double radius,
                               double density, void *user_data);
/* A static body with one edge (2.4) or segment (v3): eddy cannot panel it. */
int native_add_edge(native_world *w, double x0, double y0, double x1, double y1);
/* b2DestroyBody / b2World::DestroyBody on body i, which keeps its number
 * (and its stale id or pointer, read by nothing but native_same_slot). */
void native_destroy_body(native_world *w, int i);
/* Whether bodies i and j took the same slot in Box2D: the same v3 index (a
 * new generation), the same 2.4 address. */
bool native_same_slot(const native_world *w, int i, int j);
/* Destroys, with Box2D's own call, the Box2D body behind an eddy handle of
 * any world (the misuse eddy must survive). */
void native_destroy_box2d_body_of(const eddy_body *b);

/* What a game may set on its body i while eddy holds it. set_mass: mass and
 * rotational inertia about the centre of mass, which stays where it is. */
void native_body_set_gravity_scale(native_world *w, int i, double scale);
void native_body_set_mass(native_world *w, int i, double mass, double inertia);
void native_body_set_sleep_enabled(native_world *w, int i, bool enabled);
void native_body_velocity(const native_world *w, int i, double out[2]);

/* The game's ordinary idioms (issue 29): read the mass data, lower the
 * centre of mass by dy (ballast) and write it back; change the body's type;
 * change its shape by destroying every fixture it has and adding a circle. */
void native_body_lower_ballast(native_world *w, int i, double dy);
void native_body_set_type(native_world *w, int i, eddy_body_type type);
void native_body_rebuild_as_circle(native_world *w, int i, double radius, double density);
double native_body_inertia(const native_world *w, int i); /* about the centre of mass */
void native_body_set_velocity(native_world *w, int i, double vx, double vy);

void native_body_position(const native_world *w, int i, double out[2]);
double native_body_mass(const native_world *w, int i);
double native_body_gravity_scale(const native_world *w, int i);
bool native_body_sleep_enabled(const native_world *w, int i);
void *native_body_user_data(const native_world *w, int i);
void *native_fixture_user_data(const native_world *w, int i); /* its first fixture */

/* eddy_world_adopt_box2d / eddy_body_adopt_box2d on this world or body i. */
eddy_result native_adopt_world(native_world *w, eddy_world **out, eddy_error *err);
eddy_result native_adopt_body(native_world *w, eddy_world *ew, int i, eddy_body **out,
                              eddy_error *err);
/* Whether eddy_body_box2d(b) / eddy_world_box2d(ew) name this Box2D body i /
 * world. */
bool native_is_body(const native_world *w, int i, const eddy_body *b);
bool native_is_world(const native_world *w, const eddy_world *ew);
/* User data of every body in the Box2D world that is not one of the game's
 * (those eddy made): true when all are NULL. */
bool native_foreign_bodies_have_no_user_data(const native_world *w);

#ifdef __cplusplus
}
#endif
#endif
