// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_card.h - where a card (the level's opening card, a tutorial card,
 * the win card) goes in the tank so that it hides none of the level: not a
 * goal, an object, a current's nozzle, the paddle's track, nor (if it can be
 * helped) the rock. No SDL; world units (metres, y up), so the tests check
 * the placement on every level without a window.
 *
 * What a card would cover is weighed: an object or a nozzle counts three
 * times its area, a goal or the paddle's track twice, rock a quarter. Of a
 * grid of places the card could take in the tank, the one covering the
 * least wins (the nearest to the tank's middle among equals). A card larger
 * than the tank is centred on it.
 */
#ifndef GAME_CARD_H
#define GAME_CARD_H

#include "game_sim.h"

/* The weighted area (m^2) of the level's elements inside rect (x0, y0, x1,
 * y1), the objects where they are now in sim. */
double game_card_cover(const game_sim *sim, const double rect[4]);

/* The place for a card of w x h metres: out = (x0, y0, x1, y1) inside the
 * tank when it fits. Returns what it covers (game_card_cover). */
double game_card_place(const game_sim *sim, double w, double h, double out[4]);

/* The same among the places that hide no goal at all (the win and loss
 * cards: the player sees what the goals hold). False, with out untouched,
 * when the card cannot sit clear of every goal. */
bool game_card_place_clear(const game_sim *sim, double w, double h, double out[4]);

/* True when rect overlaps a goal. */
bool game_card_hides_goal(const game_sim *sim, const double rect[4]);

#endif /* GAME_CARD_H */
