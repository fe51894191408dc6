// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_box2d_v3.h - bring your own Box2D v3 world: a game that already has a
 * b2WorldId and its bodies hands them to eddy and couples them to a fluid.
 * Implemented by the Box2D v3 adapter library, libeddy-box2d-v3 (pkg-config
 * eddy-box2d-v3), not by libeddy, which names no Box2D: the adapter also
 * makes eddy's own worlds (eddy_world_create; eddy_body_get_backend says
 * "box2d-v3"). Installed with that adapter; the Box2D 2.4 adapter,
 * libeddy-box2d, has eddy_box2d_v24.h, with the same names, and runs on
 * the same libeddy.
 *
 * USAGE
 *
 *   b2WorldId game = b2CreateWorld(&def);          // the game's, as ever
 *   b2BodyId crate = b2CreateBody(game, &bd);      // ... and its shapes
 *
 *   eddy_world *world;                             // eddy handles on them
 *   eddy_world_adopt_box2d(game, &world, &err);
 *   eddy_body *crate_e;
 *   eddy_body_adopt_box2d(world, crate, &crate_e, &err); // after its shapes
 *
 *   eddy_coupling_desc cd = {0};
 *   cd.origin[0] = 20; cd.origin[1] = 5;           // the tank's corner in the world
 *   eddy_coupling *c;
 *   eddy_coupling_create(fluid, world, &cd, &c, &err);
 *   eddy_coupling_add_walls(c, NULL, &err);        // optional: the tank's walls
 *   eddy_coupling_add_body(c, crate_e, &err);
 *   for (;;) {                                     // each frame, the split step:
 *       eddy_coupling_advance(c, dt, &err);        // fluid, panels, forces on bodies
 *       b2World_Step(game, dt, 4);                 // the game steps its own world
 *   }
 *   eddy_coupling_destroy(c);                      // gives the bodies back
 *   eddy_world_destroy(world);                     // eddy's handles and the walls
 *   b2DestroyWorld(game);                          // the game's, as ever
 *
 * Link against the adapter's static archive through eddy-box2d-v3-static
 * (it brings libeddy.a and Box2D v3), so that the game and eddy share one
 * Box2D (make install-check builds an example with this very line, game.c
 * replaced):
 *   LINK: cc game.c $(pkg-config --static --cflags --libs eddy-box2d-v3-static) -o game
 * Not `pkg-config --libs eddy-box2d-v3`: that is the shared adapter, which,
 * built with a static Box2D, carries its own hidden copy of Box2D whose
 * world ids are not the game's (eddy_world_adopt_box2d detects that and
 * refuses). An adapter built against a shared libbox2d shares it.
 *
 * WHAT EDDY DOES IN AN ADOPTED WORLD (eddy_body.h, ADOPTED WORLDS)
 *   It never steps, destroys or reconfigures the world, sets no contact or
 *   event hooks and writes no user data into the game's bodies and shapes;
 *   the bodies it creates there (eddy_body_create, eddy_coupling_add_walls)
 *   have NULL user data and are destroyed with eddy_world_destroy. An
 *   adopted body's shapes are read once, at adoption (circles and polygons
 *   without rounding; anything else is refused with a message naming the
 *   shape); its mass, gravity scale and sleep flag are changed only while a
 *   coupling holds it and are given back when the coupling lets go.
 *   eddy_body_destroy on an adopted body drops only the handle.
 *   eddy_world_adopt_box2d adds one body of eddy's to the world, its clock: a
 *   kinematic body named "eddy clock", 100 km above the origin, turning at
 *   0.1 rad/s, with one circle of filter category and mask bit 63, which
 *   collides with nothing and which only a query asking for bit 63 finds. How
 *   far it turned since the last eddy_coupling_advance is how long the game
 *   stepped the world (eddy_coupling.h, LIFETIMES AND MISUSE), and it marks
 *   the world as adopted: a second eddy_world_adopt_box2d on it is refused.
 *   Like every moving body it is in b2World_GetBodyEvents, with NULL user
 *   data. eddy_world_destroy takes it out.
 *
 * LIFETIME
 *   Destroy in any order. eddy asks Box2D about its ids (b2World_IsValid,
 *   b2Body_IsValid; a slot Box2D has reused carries another generation)
 *   before it touches anything, and never reads a destroyed world or body:
 *   - a body the game destroys (b2DestroyBody) while eddy has a handle on it:
 *     the handle stays until eddy_body_destroy, reads zeros (an identity
 *     pose) and refuses changes (EDDY_ERR_ARGUMENT). A coupling holding it
 *     lets go of it at its next eddy_coupling_advance, which returns
 *     EDDY_ERR_ARGUMENT naming the handle (its eddy_world_body index) and the
 *     body's Box2D user data, and does nothing else. A body the game makes
 *     next, in the same slot, is a stranger to eddy: no water, no forces.
 *   - the world destroyed (b2DestroyWorld) before eddy_world_destroy: every
 *     eddy call on it or its bodies reads zeros or refuses; the coupling's
 *     advance returns EDDY_ERR_ARGUMENT; eddy_coupling_destroy and
 *     eddy_world_destroy free eddy's memory and leave Box2D alone (a new
 *     world in the same slot is not touched).
 *   eddy_body_is_valid and eddy_world_is_valid tell which. Shapes added to
 *   or removed from an adopted body in Box2D afterwards are not seen: destroy
 *   its handle and adopt it again. Call eddy between Box2D steps, never from
 *   a Box2D callback (the world is locked: adoption refuses).
 */
#ifndef EDDY_BOX2D_V3_H
#define EDDY_BOX2D_V3_H

#include "eddy_body.h"

#include <box2d/box2d.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Wraps the game's Box2D v3 world in an eddy_world handle it does not own.
 * EDDY_ERR_ARGUMENT for a world that is not live, or when the game and
 * libeddy do not share one Box2D (see above). Gravity is read from the world
 * whenever eddy asks (eddy_world_get_gravity). */
static inline eddy_result eddy_world_adopt_box2d(b2WorldId world, eddy_world **out,
                                                 eddy_error *err);

/* Gives a body of the adopted world an eddy handle: its type, gravity scale
 * and shapes (circles, polygons; density, friction, restitution, sensor flag,
 * user data) are read from Box2D, shapes in the order they were created.
 * Refuses a body that is not live, is in another world, already has a handle,
 * or has a shape eddy cannot read. */
EDDY_API eddy_result eddy_body_adopt_box2d(eddy_world *world, b2BodyId body, eddy_body **out,
                                           eddy_error *err);

/* The way back: the Box2D body or world behind any eddy handle, adopted or
 * eddy's own (b2_nullBodyId, b2_nullWorldId for NULL). In eddy's own world the
 * shapes' and bodies' user data are eddy's: leave them, and install no
 * contact listener there. */
EDDY_API b2BodyId eddy_body_box2d(const eddy_body *body);
EDDY_API b2WorldId eddy_world_box2d(const eddy_world *world);

/* What eddy_world_adopt_box2d calls, with the caller's b2GetVersion, which is
 * libeddy's own only when both use one Box2D. */
EDDY_API eddy_result eddy_world_adopt_box2d_checked(b2WorldId world,
                                                    b2Version (*box2d_version)(void),
                                                    eddy_world **out, eddy_error *err);

static inline eddy_result eddy_world_adopt_box2d(b2WorldId world, eddy_world **out,
                                                 eddy_error *err)
{
    return eddy_world_adopt_box2d_checked(world, b2GetVersion, out, err);
}

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BOX2D_V3_H */
