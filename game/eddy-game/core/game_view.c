// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_view.c - overlay names (game_view.h).
 */
#include "game_view.h"

#include <stdio.h>
#include <string.h>

bool game_view_parse(const char *list, game_view *v, char *bad, size_t bad_cap)
{
    static const char *const names[] = {"dye", "tracers", "arrows", "panels", "quadtree",
                                        "samples", "timings", "help"};
    bool *flags[] = {&v->dye, &v->tracers, &v->arrows, &v->panels, &v->quadtree, &v->samples,
                     &v->timings, &v->help};
    enum { N = sizeof names / sizeof names[0] };
    const char *p = list;
    if (!p || !*p) {
        snprintf(bad, bad_cap, "%s", "");
        return false;
    }
    while (p) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        bool found = false;
        if (n == 4 && strncmp(p, "none", 4) == 0) {
            for (int k = 0; k < N; k++) *flags[k] = false;
            found = true;
        }
        for (int k = 0; k < N && !found; k++)
            if (strlen(names[k]) == n && strncmp(p, names[k], n) == 0) *flags[k] = found = true;
        if (!found) {
            snprintf(bad, bad_cap, "%.*s", (int)(n < 40 ? n : 40), p);
            return false;
        }
        p = end ? end + 1 : NULL;
    }
    return true;
}
