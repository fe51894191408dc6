// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_bot.h - small closed-loop players for the shipped levels, which is
 * how assets/replays/ is made: each looks at the bodies every step and
 * decides what a player would do next (switch a current, raise the lift,
 * stir behind a crate). A fixed list of commands breaks as soon as the
 * physics changes in the last digits; a policy that watches the state still
 * wins, and records a fresh replay (eddy-level solve, make replays).
 */
#ifndef GAME_BOT_H
#define GAME_BOT_H

#include "game_sim.h"

/* True when there is a policy for the level (by its id). */
bool game_bot_knows(const char *level_id);

/* Plays the level from its start in sim for at most max_frames steps, and
 * 90 steps past a win (so a replay shows the goals filled). Returns the
 * status at the end; the commands are in the sim's log. */
game_status game_bot_play(game_sim *sim, long max_frames, eddy_error *err);

#endif /* GAME_BOT_H */
