// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_hint.h - the level's hints, one at a time, when the player asks (I).
 *
 * A level's "hint" (game_level.h) holds up to GAME_MAX_HINTS texts, a nudge
 * toward the mechanic first and fuller ones after. The opening card states
 * only the goal; the first press shows the nudge, a press while a hint shows
 * brings the next one, a press while the last one shows hides it, and a
 * press while none shows brings back the last one seen. A hint stays up for
 * GAME_HINT_SECONDS. A player long past par is offered the hint, or, once
 * the nudge is seen, the fuller one. No SDL: the app feeds it its clock.
 *
 *   game_hint h;
 *   game_hint_reset(&h);                        // at every (re)start
 *   if (!game_hint_press(&h, level, clock)) ... // I: "this level has no hint"
 *   const char *text = game_hint_text(&h, level, clock); // NULL: none up
 */
#ifndef GAME_HINT_H
#define GAME_HINT_H

#include <stdbool.h>

#include "game_level.h"

#define GAME_HINT_SECONDS 14.0

typedef struct game_hint {
    int seen;     /* hints shown so far, 0..hint_count */
    double until; /* the clock until which the latest shows */
} game_hint;

void game_hint_reset(game_hint *h);
/* The I key at clock (s). False when the level has no hint. */
bool game_hint_press(game_hint *h, const game_level *L, double clock);
/* The hint up at clock, or NULL. */
const char *game_hint_text(const game_hint *h, const game_level *L, double clock);
/* A fuller hint than the last one seen is still to come. */
bool game_hint_more(const game_hint *h, const game_level *L);

#endif /* GAME_HINT_H */
