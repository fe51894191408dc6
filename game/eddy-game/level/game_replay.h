// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_replay.h - recorded play: a level's id and hash, a length in frames,
 * and the commands with the frames they act in. A plain text file:
 *
 *   eddy-game replay 1
 *   level 01-first-current 9f3a61c0b2d4e857
 *   frames 1800
 *   12 jet 0 1
 *   40 paddle 1.5 3.25
 *   41 stir 3.125 2 1.5 0.25
 *   300 feedback quadtree
 *   end
 *
 * Numbers are written with 17 significant digits, so they read back as the
 * same doubles and a replay reproduces the recorded run bit for bit.
 * Saving is atomic (a temporary file, then a rename).
 */
#ifndef GAME_REPLAY_H
#define GAME_REPLAY_H

#include "game_sim.h"

/* The longest replay and the longest headless run, in frames (1/60 s): one
 * hour of game time, so that a few bytes of replay cannot ask for hours of
 * work (docs/cli.md gives the seconds it costs). */
#define GAME_MAX_FRAMES 216000L

typedef struct game_replay {
    char level_id[64];
    uint64_t level_hash;
    long frames;          /* length of the recording in steps */
    int count;
    game_event *events;   /* sorted by frame (stable) */
    int *lines;           /* the file line of each event (NULL: not from a file) */
    char source[128];     /* the file name, for messages */
} game_replay;

/* EDDY_ERR_FORMAT naming the line for anything malformed, EDDY_ERR_IO for a
 * file that cannot be read. */
eddy_result game_replay_load_file(const char *path, game_replay *out, eddy_error *err);
eddy_result game_replay_parse(const char *text, size_t size, const char *name, game_replay *out,
                              eddy_error *err);
/* Text of a replay (malloc'd, zero-terminated). */
char *game_replay_format(const game_replay *replay);
eddy_result game_replay_save_file(const game_replay *replay, const char *path, eddy_error *err);
void game_replay_free(game_replay *replay);

/* The replay of what a sim has been given so far (copies the log). */
eddy_result game_replay_from_sim(const game_sim *sim, game_replay *out, eddy_error *err);

/* Plays a replay into a sim: gives the commands of frame f before step f.
 * *next is the index of the next event to give (start at 0); call it once
 * before every step. A command the level cannot take (a jet it lacks) is
 * EDDY_ERR_FORMAT naming the replay's file and line. */
eddy_result game_replay_feed(const game_replay *replay, game_sim *sim, int *next,
                             eddy_error *err);

#endif /* GAME_REPLAY_H */
