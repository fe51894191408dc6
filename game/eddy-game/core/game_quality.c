// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_quality.c - the drawing's detail follows the frames' work
 * (game_quality.h). */
#include "game_quality.h"

void game_quality_reset(game_quality *q)
{
    q->level = 0;
    q->slow_for = q->quick_for = 0;
}

int game_quality_update(game_quality *q, double dt, double work_ms)
{
    q->slow_for = work_ms > GAME_QUALITY_SLOW_MS ? q->slow_for + dt : 0;
    q->quick_for = work_ms < GAME_QUALITY_QUICK_MS ? q->quick_for + dt : 0;
    if (q->slow_for > GAME_QUALITY_SLOW_S && q->level < GAME_QUALITY_LOWEST)
        q->level++, q->slow_for = 0;
    if (q->quick_for > GAME_QUALITY_QUICK_S && q->level > 0) q->level--, q->quick_for = 0;
    return q->level;
}

int game_quality_tracer_every(int level) { return level <= 0 ? 1 : level == 1 ? 2 : 4; }
int game_quality_trail(int level, int trail_max) { return level >= 2 ? trail_max / 2 : trail_max; }
int game_quality_dye_cell(int level) { return level >= 2 ? 2 : 1; }
