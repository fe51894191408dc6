// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* paint_rock.c - walls as rock over a box of eddy-paint's window
 * (paint_rock.h): the game's rock (kit_rock.h), clipped to the box. */
#include "paint_rock.h"
#include "kit_rock.h"

void paint_rock_draw(SDL_Renderer *ren, const SDL_Rect *rect, double width, double height,
                     const eddy_wall *walls, int count)
{
    if (count <= 0 || width <= 0 || height <= 0)
        return;
    kit_batch b = {0};
    kit_rock_map m = {rect->x, rect->y, rect->w / width, rect->h / height, height};
    double px_per_m = rect->w / width < rect->h / height ? rect->w / width : rect->h / height;
    float rim = (float)(px_per_m * 0.02 < 1.0 ? 1.0 : px_per_m * 0.02 > 3.0 ? 3.0 : px_per_m * 0.02);
    kit_rock_build(&b, walls, count, &m, rim);
    SDL_Rect saved;
    bool clipped = SDL_RenderIsClipEnabled(ren);
    SDL_RenderGetClipRect(ren, &saved);
    SDL_RenderSetClipRect(ren, rect); /* a circle may leave the level: the box clips it */
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    kit_batch_draw(&b, ren);
    SDL_RenderSetClipRect(ren, clipped ? &saved : NULL);
    kit_batch_free(&b);
}
