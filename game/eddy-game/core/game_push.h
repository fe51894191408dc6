// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_push.h - how far the paddle may move this step without crushing.
 *
 * The paddle is a kinematic body: nothing stops it, so a lift raising a
 * crate into a shelf would press the crate into the shelf until Box2D lets
 * the crate out on the far side, and a paddle would squeeze a crate into a
 * wall. Before each move the game asks how much of it is safe: the bodies
 * the moved paddle would press into (and those they would press into, in
 * turn) are moved along with it in thought, and if one of them would go
 * deeper into a fixed body (a static body of the level or the tank's walls)
 * the move is cut (halved, up to four times, then dropped). The paddle thus
 * stops on contact and pushes again as soon as the way is free; sliding a
 * body along the floor is not a push into it, since that does not deepen
 * the contact.
 *
 * Depths are those of the separating axis test on the convex shapes (the
 * overlap along the axis where it is smallest; negative: the gap). Pure
 * geometry in double precision, so it keeps the game deterministic.
 */
#ifndef GAME_PUSH_H
#define GAME_PUSH_H

#include <eddy/eddy_body.h>

#define GAME_PUSH_MAX_BODIES 40

/* The fraction (1, 1/2, 1/4, 1/8, 1/16 or 0) of the move (dx, dy) of mover
 * in a step of dt that presses no dynamic body of bodies[] deeper into a
 * static one. A pushed body is taken to move by what it must give way, or
 * by its own velocity times dt if that is more. bodies
 * may hold any types (static ones are the obstacles; the mover itself and
 * kinematic ones are skipped); at most GAME_PUSH_MAX_BODIES are looked at. */
double game_push_fraction(eddy_body *mover, eddy_body *const *bodies, int count, double dx,
                          double dy, double dt);

/* Deepest overlap of two bodies' solid shapes, each shifted by its offset
 * (m; negative: the smallest gap). */
double game_push_depth(eddy_body *a, const double offset_a[2], eddy_body *b,
                       const double offset_b[2]);

#endif /* GAME_PUSH_H */
