// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_quality.h - the drawing's detail, lowered when frames run long and
 * raised again when they are quick (issue 24: quality adapts before the
 * game falls into slow motion).
 *
 * The window feeds each frame's work (its time without the wait for the
 * next frame) and the frame's length; no clock is read here, so a test
 * drives it with made-up frame times. Work over GAME_QUALITY_SLOW_MS for
 * GAME_QUALITY_SLOW_S seconds running lowers the level by one; work under
 * GAME_QUALITY_QUICK_MS for GAME_QUALITY_QUICK_S seconds running raises it.
 * A frame between the two, or one of the other kind, starts the count
 * again, so one long frame among quick ones changes nothing.
 *
 * What each level draws: level 0 every tracer with its whole trail and the
 * dye at full resolution; level 1 every second tracer; level 2 every fourth
 * with half its trail, and the dye at half resolution each way.
 *
 *   game_quality q;
 *   game_quality_reset(&q);
 *   ... each frame: game_quality_update(&q, frame_s, work_ms);
 *   draw with game_quality_tracer_every(q.level), ...
 */
#ifndef GAME_QUALITY_H
#define GAME_QUALITY_H

#define GAME_QUALITY_SLOW_MS 22.0
#define GAME_QUALITY_QUICK_MS 17.5
#define GAME_QUALITY_SLOW_S 1.0
#define GAME_QUALITY_QUICK_S 5.0
#define GAME_QUALITY_LOWEST 2

typedef struct game_quality {
    int level;                /* 0 full .. GAME_QUALITY_LOWEST */
    double slow_for, quick_for; /* s the frames have been slow, quick */
} game_quality;

void game_quality_reset(game_quality *q);
/* One frame of dt seconds that took work_ms of work; returns the level. */
int game_quality_update(game_quality *q, double dt, double work_ms);

/* What a level draws: every n-th tracer, the points of each trail out of
 * trail_max, and dye cells per drawn texel each way. */
int game_quality_tracer_every(int level);
int game_quality_trail(int level, int trail_max);
int game_quality_dye_cell(int level);

#endif /* GAME_QUALITY_H */
