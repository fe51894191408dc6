// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* scene_json.c - JSON numbers that read back to the same bits, for every
 * scene writer (scene.c, scene_bodies.c). */
#include "scene_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A JSON number item whose text reads back to exactly v. cJSON's own
 * printer is not enough: it accepts a 15-digit form when that is only
 * within a relative DBL_EPSILON of v (0.30000000000000004 came back as 0.3),
 * and by the same test it takes 1.79769313486232e+308, which reads back as
 * infinity, for DBL_MAX: fuzz_scene found that one, so a scene it had
 * written failed to load (tests/test_fuzz_regressions.c replays both). So the
 * shortest of %.15g, %.16g, %.17g that strtod turns back into the same bits
 * is written as raw text. */
cJSON *eddyi_scene_exact_number(double v)
{
    char text[40];
    for (int digits = 15; digits <= 17; digits++) {
        snprintf(text, sizeof text, "%.*g", digits, v);
        double back = strtod(text, NULL);
        if (memcmp(&back, &v, sizeof v) == 0)
            break;
    }
    return cJSON_CreateRaw(text);
}
