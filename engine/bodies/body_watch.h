// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_watch.h - how a layer above the bodies (the coupling) holds a world and
 * some of its bodies, and hears of their end before it comes. Not installed.
 *
 * A world has at most one watcher: the coupling registers itself when it is
 * created (so a second coupling on the same world is refused) and marks the
 * bodies it couples as watched. Then
 *   - eddy_body_destroy on a watched body calls body_destroyed first, while
 *     the body is still whole: the watcher forgets it (and may give it back
 *     what it lent it);
 *   - eddy_body_add_shape on a watched body asks shape_adding first; a result
 *     other than EDDY_OK refuses the shape with the watcher's message;
 *   - eddy_world_destroy calls world_destroyed first, while the world and
 *     all its bodies are still whole: the watcher forgets them all.
 * The callbacks must not create or destroy bodies or worlds.
 */
#ifndef EDDY_BODY_WATCH_H
#define EDDY_BODY_WATCH_H

#include "eddy_body.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct eddy_world_watcher {
    void *user; /* not NULL; handed to every callback */
    void (*body_destroyed)(void *user, eddy_body *body);
    eddy_result (*shape_adding)(void *user, eddy_body *body, eddy_error *err);
    void (*world_destroyed)(void *user, eddy_world *world);
} eddy_world_watcher;

/* Registers the world's one watcher (every callback set, user not NULL).
 * EDDY_ERR_ARGUMENT when the world already has one. */
eddy_result eddyi_port_watch_world(eddy_world *w, const eddy_world_watcher *watcher,
                                  eddy_error *err);
/* Removes the watcher (its bodies stay marked until unwatched). */
void eddyi_port_unwatch_world(eddy_world *w);
/* Marks or unmarks a body of a watched world. */
void eddyi_port_watch_body(eddy_body *b, bool watched);

/* Whether Box2D still has the body (and its world) / the world: false once the
 * game destroyed it other than through eddy (b2DestroyBody, b2DestroyWorld,
 * b2World::DestroyBody, deleting the b2World). Found without reading anything
 * Box2D has freed, and remembered. NULL reads false. */
bool eddyi_port_body_live(const eddy_body *b);
bool eddyi_port_world_live(const eddy_world *w);
/* The Box2D body's own user data as it was when adopted (NULL for eddy's own
 * bodies), to name a body the game has destroyed. */
void *eddyi_port_box2d_user_data(const eddy_body *b);

/* A coupled step's hold on a body (the coupling's whole traffic with a body
 * in a step is one read and one write): eddyi_port_hold_state reads the
 * body's state once (pose, centre of mass, velocity, mass, type, gravity
 * scale, sleep flags, whether its shapes changed) and returns whether the
 * body is alive (false, and remembered, when the game destroyed it; the
 * caller has found the world alive this step). Until eddyi_port_let_state_go
 * (or eddy_world_step) the getters of eddy_body.h answer from that read; a
 * write through eddy (mass, gravity scale, sleep, velocity) makes the next
 * getter read it again. The game must not run in between: a hold lasts
 * one advance. */
bool eddyi_port_hold_state(eddy_body *b);
void eddyi_port_let_state_go(eddy_body *b);
/* The coupling's force for the next step: (fx, fy) N at the centre of mass
 * and torque N m, in one write; dynamic bodies only, a non-finite part
 * dropped. */
void eddyi_port_apply_wrench(eddy_body *b, double fx, double fy, double torque);

/* The world's step clock: eddyi_port_clock_start sets it to zero;
 * eddyi_port_clock_read gives the seconds the world has been stepped since and,
 * in eddy's own world, in *steps how many steps (counted by eddy_world_step);
 * in an adopted world, which the game steps, *steps is -1 and the seconds are
 * measured in Box2D itself (the backend's clock body). */
void eddyi_port_clock_start(eddy_world *w);
double eddyi_port_clock_read(const eddy_world *w, int *steps);

/* A dynamic body whose mass Box2D no longer holds as eddy last set it (the
 * game called SetMassData or ResetMassData, or added a shape in Box2D): what
 * Box2D has now becomes the body's own mass (eddy_body_mass) and its added
 * mass is put back on top. A mass equal to the total eddy set (to single
 * precision) is the game's read-modify-write (GetMassData, a new centre of
 * mass, SetMassData): the added mass is taken off it again. True when that
 * happened. */
bool eddyi_port_resync_mass(eddy_body *b);
/* The type Box2D has for the body now becomes the handle's (the game called
 * SetType / b2Body_SetType); returns the type it had before. A change drops
 * the added mass (Box2D recomputed the mass from the shapes) and, to
 * dynamic, reads the body's own mass again. */
eddy_body_type eddyi_port_resync_type(eddy_body *b);
/* An adopted body whose shapes the game changed in its engine (fixtures
 * destroyed and made again): true. eddyi_port_reread_shapes then reads them
 * again (and the mass the engine computed from them as the body's own); on
 * failure (a shape eddy cannot panel) the body keeps none. */
bool eddyi_port_shapes_changed(eddy_body *b);
eddy_result eddyi_port_reread_shapes(eddy_body *b, eddy_error *err);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BODY_WATCH_H */
