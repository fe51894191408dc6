// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_hint.c - a level's hints one at a time (game_hint.h). */
#include "game_hint.h"

void game_hint_reset(game_hint *h)
{
    h->seen = 0;
    h->until = 0;
}

bool game_hint_press(game_hint *h, const game_level *L, double clock)
{
    if (L->hint_count < 1) return false;
    bool up = h->seen > 0 && clock < h->until;
    if (up && h->seen == L->hint_count) {
        h->until = 0; /* the last one hides */
        return true;
    }
    if (up || h->seen == 0) h->seen++;
    h->until = clock + GAME_HINT_SECONDS;
    return true;
}

const char *game_hint_text(const game_hint *h, const game_level *L, double clock)
{
    if (h->seen < 1 || h->seen > L->hint_count || !(clock < h->until)) return NULL;
    return L->hints[h->seen - 1];
}

bool game_hint_more(const game_hint *h, const game_level *L)
{
    return h->seen < L->hint_count;
}
