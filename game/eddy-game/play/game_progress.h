// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_progress.h - what a player has done, kept between sessions: the best
 * result of every level won, whether every level is open, whether the sound
 * is off. And where the game keeps its files: the user's data directory,
 * $XDG_DATA_HOME/eddy-game (else ~/.local/share/eddy-game), with the
 * progress file, replays/ and screenshots/.
 *
 * The progress file is plain text, saved whole through a temporary name
 * and a rename after every change:
 *
 *   # eddy-game progress
 *   level 01-first-current 3 11.483     (id, stars 1..3, best time in s)
 *   unlock-all 1
 *   sound 0
 *
 * Lines it does not understand are ignored; the results of levels that are
 * not in this catalog are kept as they are. Levels open in order: the first
 * is always open, each next one once the one before it (or itself) has been
 * won, and all of them after unlock-all.
 *
 * No SDL; the library's atomic writer does the saving.
 */
#ifndef GAME_PROGRESS_H
#define GAME_PROGRESS_H

#include "game_run.h"

#define GAME_PROGRESS_MAX_EXTRA 4096

typedef struct game_progress {
    char path[1024];       /* the progress file; "" when there is no data directory */
    int count;             /* levels of the catalog */
    char (*ids)[64];       /* per level: its id (the file name without .json) */
    int *stars;            /* per level: 0 (not won) .. 3 */
    double *best;          /* per level: s, when stars > 0 */
    bool unlock_all;
    bool muted;
    char extra[GAME_PROGRESS_MAX_EXTRA]; /* lines of levels outside the catalog */
} game_progress;

/* dir/sub of the data directory (sub may be NULL or ""), made with its
 * parents when make is true. False when neither XDG_DATA_HOME nor HOME is
 * set, the path does not fit, or the directory cannot be made. */
bool game_data_dir(const char *sub, bool make, char *out, size_t cap);

/* A new file name in the data directory's sub: "PREFIX-YYYYMMDD-HHMMSS.EXT"
 * in local time (with "-2", "-3", ... when that exists). */
bool game_data_file(const char *sub, const char *prefix, const char *ext, char *out, size_t cap);

/* Reads the progress of the catalog's levels (missing or unreadable file:
 * nothing won yet). path_override, if not NULL, is the file to use. */
eddy_result game_progress_open(game_progress *p, const game_catalog *cat,
                               const char *path_override, eddy_error *err);
void game_progress_close(game_progress *p);

bool game_progress_unlocked(const game_progress *p, int index);
/* The first open level not won yet (or the first level when all are won). */
int game_progress_next(const game_progress *p);
/* Records a win; true when it is the level's best time (or first win). */
bool game_progress_record(game_progress *p, int index, int stars, double seconds);
/* Saves atomically; EDDY_OK without doing anything when path is "". */
eddy_result game_progress_save(const game_progress *p, eddy_error *err);

#endif /* GAME_PROGRESS_H */
