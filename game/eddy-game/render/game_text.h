// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_text.h - text for the window and the screenshots: SDL_ttf with a
 * font found by kit_font.h (DejaVu Sans from fonts-dejavu-core; EDDY_FONT
 * overrides), and a cache of rendered strings so that a frame re-renders
 * only the strings that changed.
 */
#ifndef GAME_TEXT_H
#define GAME_TEXT_H

#include <SDL.h>
#include <stdbool.h>

typedef enum game_font {
    GAME_FONT_SMALL = 0, /* HUD details, timings */
    GAME_FONT_BODY,      /* HUD, help */
    GAME_FONT_TITLE,     /* level title, menu */
    GAME_FONT_BIG,       /* "Level complete" */
    GAME_FONT_HUGE,      /* the title */
    GAME_FONT_COUNT
} game_font;

typedef enum game_align { GAME_LEFT = 0, GAME_CENTER, GAME_RIGHT } game_align;

typedef struct game_text game_text;

/* scale multiplies the point sizes (1 at a 800-pixel-high window). Without a
 * usable font every call still works and draws nothing; game_text_ok says so. */
game_text *game_text_create(SDL_Renderer *r, double scale);
void game_text_destroy(game_text *t);
bool game_text_ok(const game_text *t);
const char *game_text_font_path(const game_text *t); /* "" without a font */

/* Draws UTF-8 text with its top at y; x is the left edge, centre or right
 * edge by align. Returns the width in pixels. */
int game_text_draw(game_text *t, game_font font, const char *s, int x, int y, SDL_Color color,
                   game_align align);
/* Text broken into lines of at most width pixels, each line placed by
 * align about x (left edge, centre, right edge). Returns its height. */
int game_text_draw_wrapped(game_text *t, game_font font, const char *s, int x, int y, int width,
                           SDL_Color color, game_align align);
/* The height that text would take (renders it into the cache, so that the
 * same call to game_text_draw_wrapped then draws it at once). */
int game_text_wrapped_height(game_text *t, game_font font, const char *s, int width,
                             SDL_Color color, game_align align);
/* Width and height without drawing. */
void game_text_size(game_text *t, game_font font, const char *s, int *w, int *h);
int game_text_line_height(const game_text *t, game_font font);

/* Call once per frame: drops cached strings not drawn for a while. */
void game_text_frame(game_text *t);

#endif /* GAME_TEXT_H */
