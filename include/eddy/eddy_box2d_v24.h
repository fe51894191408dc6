// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_box2d_v24.h - bring your own Box2D 2.4 world (Debian's libbox2d-dev,
 * a C++ library, so this header is C++ only): a game that already has a
 * b2World and its bodies hands them to eddy and couples them to a fluid.
 * Installed only when eddy is built on Box2D 2.4 (eddy_body_get_backend says
 * "box2d-v2.4"); the Box2D v3 build has eddy_box2d_v3.h instead, with the
 * same names.
 *
 * USAGE
 *
 *   b2World game(b2Vec2(0, -9.81f));             // the game's, as ever
 *   b2Body *crate = game.CreateBody(&bd);        // ... and its fixtures
 *
 *   eddy_world *world;                           // eddy handles on them
 *   eddy_world_adopt_box2d(&game, &world, &err);
 *   eddy_body *crate_e;
 *   eddy_body_adopt_box2d(world, crate, &crate_e, &err); // after its fixtures
 *
 *   eddy_coupling_desc cd = {};
 *   cd.origin[0] = 20; cd.origin[1] = 5;         // the tank's corner in the world
 *   eddy_coupling *c;
 *   eddy_coupling_create(fluid, world, &cd, &c, &err);
 *   eddy_coupling_add_walls(c, nullptr, &err);   // optional: the tank's walls
 *   eddy_coupling_add_body(c, crate_e, &err);
 *   for (;;) {                                   // each frame, the split step:
 *       eddy_coupling_advance(c, dt, &err);      // fluid, panels, forces on bodies
 *       game.Step(dt, 8, 3);                     // the game steps its own world
 *   }
 *   eddy_coupling_destroy(c);                    // gives the bodies back
 *   eddy_world_destroy(world);                   // eddy's handles and the walls
 *
 * Link with `pkg-config --libs eddy` and Box2D: c++ game.cpp $(pkg-config
 * --cflags --libs eddy) -lbox2d. Keep the world's auto-clear of forces on
 * (b2World::SetAutoClearForces, the default): eddy's forces last one step.
 *
 * WHAT EDDY DOES IN AN ADOPTED WORLD (eddy_body.h, ADOPTED WORLDS)
 *   It never steps, destroys or reconfigures the world, installs no contact
 *   listener and writes no user data into it; the bodies it creates there
 *   (eddy_body_create, eddy_coupling_add_walls) have no user data and are
 *   destroyed with eddy_world_destroy. An adopted body's fixtures are read
 *   once, at adoption (circles and polygons; edges and chains are refused
 *   with a message naming the fixture); its mass, gravity scale and sleep
 *   flag are changed only while a coupling holds it and are given back when
 *   the coupling lets go. eddy_body_destroy on an adopted body drops only the
 *   handle.
 *
 * LIFETIME
 *   Destroy eddy's handles before the Box2D objects: eddy_body_destroy before
 *   b2World::DestroyBody on an adopted body, eddy_world_destroy before the
 *   b2World. Adding or removing fixtures of an adopted body in Box2D
 *   afterwards is not seen: destroy its handle and adopt it again.
 */
#ifndef EDDY_BOX2D_V24_H
#define EDDY_BOX2D_V24_H

#ifndef __cplusplus
#error "eddy_box2d_v24.h is C++: Box2D 2.4 is a C++ library (on Box2D v3 use eddy_box2d_v3.h)"
#endif

#include "eddy_body.h"

/* 2.4-only header names: a Box2D v3 on the include path cannot stand in. */
#include <box2d/b2_body.h>
#include <box2d/b2_world.h>

extern "C" {

/* Wraps the game's b2World in an eddy_world handle it does not own.
 * EDDY_ERR_ARGUMENT for NULL. Gravity is read from the world whenever eddy
 * asks (eddy_world_get_gravity). */
EDDY_API eddy_result eddy_world_adopt_box2d(b2World *world, eddy_world **out, eddy_error *err);

/* Gives a body of the adopted world an eddy handle: its type, gravity scale
 * and fixtures (circles, polygons; density, friction, restitution, sensor
 * flag, user data) are read from Box2D, fixtures in the order they were
 * created. Refuses NULL, a body of another world, one that already has a
 * handle, or one with a fixture eddy cannot read. */
EDDY_API eddy_result eddy_body_adopt_box2d(eddy_world *world, b2Body *body, eddy_body **out,
                                           eddy_error *err);

/* The way back: the Box2D body or world behind any eddy handle, adopted or
 * eddy's own (NULL for NULL). In eddy's own world the bodies' and fixtures'
 * user data and the contact listener are eddy's: leave them. */
EDDY_API b2Body *eddy_body_box2d(const eddy_body *body);
EDDY_API b2World *eddy_world_box2d(const eddy_world *world);

} /* extern "C" */
#endif /* EDDY_BOX2D_V24_H */
