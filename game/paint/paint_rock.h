// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* paint_rock.h - the document's walls drawn over the painted field in
 * eddy-paint (issue 14): rock where the level's fluid has walls. */
#ifndef PAINT_ROCK_H
#define PAINT_ROCK_H

#include <eddy/eddy.h>

#include <SDL.h>

/* Draws count walls of a width x height domain shown in rect. */
void paint_rock_draw(SDL_Renderer *ren, const SDL_Rect *rect, double width, double height,
                     const eddy_wall *walls, int count);

#endif /* PAINT_ROCK_H */
