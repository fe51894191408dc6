// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_box2d_v24.h - bring your own Box2D 2.4 world (Debian's libbox2d-dev,
 * a C++ library, so this header is C++ only): a game that already has a
 * b2World and its bodies hands them to eddy and couples them to a fluid.
 * Implemented by the Box2D 2.4 adapter library, libeddy-box2d (pkg-config
 * eddy-box2d), not by libeddy, which names no Box2D: the adapter also makes
 * eddy's own worlds (eddy_world_create; eddy_body_get_backend says
 * "box2d-v2.4"). Installed with that adapter; the Box2D v3 adapter,
 * libeddy-box2d-v3, has eddy_box2d_v3.h, with the same names, and runs on
 * the same libeddy.
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
 * Link with the shared adapter (which brings libeddy) and Box2D, which the
 * game and the adapter share (make install-check builds an example with this
 * very line, game.cpp replaced):
 *   LINK: c++ game.cpp $(pkg-config --cflags --libs eddy-box2d) -lbox2d -o game
 * Statically: $(pkg-config --static --libs eddy-box2d-static) -lbox2d, the
 * adapter's archive before libeddy.a.
 * eddy's forces are meant for dt: keep the
 * world's auto-clear of forces on (b2World::SetAutoClearForces, the default)
 * and step once per advance, by its dt; or, with auto-clear off, step in as
 * many pieces as you like that add up to dt and call b2World::ClearForces
 * before the next advance (then they act over all the pieces). With
 * auto-clear on, pieces get eddy's forces in the first only, which eddy
 * cannot tell from one step (eddy_coupling.h, LIFETIMES AND MISUSE).
 *
 * WHAT EDDY DOES IN AN ADOPTED WORLD (eddy_body.h, ADOPTED WORLDS)
 *   It never steps, destroys or reconfigures the world, installs no contact
 *   or destruction listener and writes no user data into the game's bodies
 *   and fixtures; the bodies it creates there (eddy_body_create,
 *   eddy_coupling_add_walls) have no user data and are destroyed with
 *   eddy_world_destroy. An adopted body's fixtures are read once, at
 *   adoption (circles and polygons; edges and chains are refused with a
 *   message naming the fixture); its mass, gravity scale and sleep flag are
 *   changed only while a coupling holds it and are given back when the
 *   coupling lets go. eddy_body_destroy on an adopted body drops only the
 *   handle (and eddy's watch fixture, below).
 *   It adds to the world:
 *   - its clock (eddy_world_adopt_box2d): a kinematic body 100 km above the
 *     origin, turning at 0.1 rad/s; how far it turned since the last
 *     eddy_coupling_advance is how long the game stepped the world
 *     (eddy_coupling.h, LIFETIMES AND MISUSE), and it marks the world as
 *     adopted: a second eddy_world_adopt_box2d on it is refused.
 *     eddy_world_destroy takes it out.
 *   - a watch fixture on every body of the world it has a handle on (the
 *     game's adopted bodies, the bodies eddy makes there, the clock): a
 *     sensor of no density and filter bits 0, which no ray cast (RayCast) or
 *     point test (TestPoint) hits, whose broad-phase box lies far above the
 *     world (no query, contact or contact filter meets it), drawn as a 2 mm
 *     square at the body's origin (b2World::DebugDraw). It is the newest of
 *     the body's fixtures, so first in GetFixtureList, while the handle
 *     lives, and goes with the handle, leaving the body's mass as it was.
 *     Box2D 2.4 reuses a destroyed body's memory for the next body and tells
 *     nothing of bodies: the watch is how eddy hears, the moment Box2D
 *     destroys it with its body or its world. The game's own destruction
 *     listener, if it has one, hears of it like any fixture of the body (its
 *     user data is 0).
 *
 * LIFETIME
 *   Destroy in any order. eddy never reads a destroyed b2World or b2Body:
 *   - a body the game destroys (b2World::DestroyBody) while eddy has a
 *     handle on it: the handle stays until eddy_body_destroy, reads zeros (an
 *     identity pose) and refuses changes (EDDY_ERR_ARGUMENT). A coupling
 *     holding it lets go of it at its next eddy_coupling_advance, which
 *     returns EDDY_ERR_ARGUMENT naming the handle (its eddy_world_body index)
 *     and the body's Box2D user data, and does nothing else. A body the game
 *     makes next, at the same address, is a stranger to eddy: no water, no
 *     forces.
 *   - the b2World deleted before eddy_world_destroy: every eddy call on it or
 *     its bodies reads zeros or refuses; the coupling's advance returns
 *     EDDY_ERR_ARGUMENT; eddy_coupling_destroy and eddy_world_destroy free
 *     eddy's memory and leave Box2D alone (a new world at the same address is
 *     not touched). The game destroying eddy's clock body (say, every body of
 *     the world on a level reset) counts as destroying the world.
 *   eddy_body_is_valid and eddy_world_is_valid tell which. Fixtures added to
 *   or removed from an adopted body in Box2D afterwards are not seen: destroy
 *   its handle and adopt it again; leave eddy's watch fixture on (destroying
 *   it reads as the body's destruction). Call eddy between Box2D steps,
 *   never from a Box2D callback (the world is locked: adoption refuses).
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
