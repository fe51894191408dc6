// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_view.h - which overlays the drawing shows, and their names on the
 * command line (--show). No SDL, so a build without the window still checks
 * a --show list.
 */
#ifndef GAME_VIEW_H
#define GAME_VIEW_H

#include <stdbool.h>
#include <stddef.h>

typedef struct game_view {
    bool dye, tracers, arrows;          /* the water */
    bool panels, quadtree, samples;     /* engine debug overlays */
    bool timings;                       /* the time-per-frame panel */
    bool help;
    bool hint;                          /* the level's hint on the bottom line (I) */
} game_view;

/* The names --show takes, for messages. */
#define GAME_VIEW_NAMES "dye, tracers, arrows, panels, quadtree, samples, timings, help, none"

/* Turns on the overlays named in a comma-separated list (GAME_VIEW_NAMES;
 * none turns every one off). Returns false, naming the first unknown word in
 * *bad, for a bad list (an empty word included). */
bool game_view_parse(const char *list, game_view *view, char *bad, size_t bad_cap);

#endif /* GAME_VIEW_H */
