// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_text.c - SDL_ttf text with a small cache (game_text.h).
 */
#include "game_text.h"
#include "kit_font.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CACHE_SIZE 320
#define CACHE_KEEP 30 /* frames an unused string stays */

static const int BASE_PT[GAME_FONT_COUNT] = {13, 16, 24, 40, 96};

typedef struct cached {
    char text[400];
    int wrap;            /* pixels a line may take, 0: one line */
    game_align align;    /* of the lines of wrapped text */
    game_font font;
    SDL_Color color;
    SDL_Texture *tex;
    int w, h;
    long used;
} cached;

struct game_text {
    SDL_Renderer *r;
    TTF_Font *font[GAME_FONT_COUNT];
    char path[512];
    bool ttf_started;
    cached cache[CACHE_SIZE];
    long frame;
};

game_text *game_text_create(SDL_Renderer *r, double scale)
{
    game_text *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->r = r;
    if (!TTF_WasInit()) {
        if (TTF_Init() != 0) return t;
        t->ttf_started = true;
    }
    char p[sizeof t->path];
    for (int k = 0; !t->font[0] && kit_font_candidate(KIT_FONT_REGULAR, k, p, sizeof p); k++) {
        for (int f = 0; f < GAME_FONT_COUNT; f++) {
            int pt = (int)(BASE_PT[f] * scale + 0.5);
            t->font[f] = TTF_OpenFont(p, pt < 6 ? 6 : pt);
            if (!t->font[f]) break;
            TTF_SetFontHinting(t->font[f], TTF_HINTING_LIGHT);
        }
        if (t->font[GAME_FONT_COUNT - 1]) {
            snprintf(t->path, sizeof t->path, "%s", p);
        } else {
            for (int f = 0; f < GAME_FONT_COUNT; f++)
                if (t->font[f]) TTF_CloseFont(t->font[f]), t->font[f] = NULL;
        }
    }
    if (t->font[GAME_FONT_TITLE]) TTF_SetFontStyle(t->font[GAME_FONT_TITLE], TTF_STYLE_BOLD);
    if (t->font[GAME_FONT_BIG]) TTF_SetFontStyle(t->font[GAME_FONT_BIG], TTF_STYLE_BOLD);
    if (t->font[GAME_FONT_HUGE]) TTF_SetFontStyle(t->font[GAME_FONT_HUGE], TTF_STYLE_BOLD);
    return t;
}

void game_text_destroy(game_text *t)
{
    if (!t) return;
    for (int i = 0; i < CACHE_SIZE; i++)
        if (t->cache[i].tex) SDL_DestroyTexture(t->cache[i].tex);
    for (int f = 0; f < GAME_FONT_COUNT; f++)
        if (t->font[f]) TTF_CloseFont(t->font[f]);
    if (t->ttf_started) TTF_Quit();
    free(t);
}

bool game_text_ok(const game_text *t) { return t && t->font[0]; }
const char *game_text_font_path(const game_text *t) { return t ? t->path : ""; }

static cached *lookup(game_text *t, game_font font, const char *s, SDL_Color c, int wrap,
                      game_align align)
{
    if (!game_text_ok(t) || !s || !*s || strlen(s) >= sizeof t->cache[0].text) return NULL;
    int slot = -1;
    for (int i = 0; i < CACHE_SIZE; i++) {
        cached *e = &t->cache[i];
        if (e->tex && e->font == font && e->wrap == wrap && (!wrap || e->align == align) &&
            e->color.r == c.r && e->color.g == c.g &&
            e->color.b == c.b && e->color.a == c.a && strcmp(e->text, s) == 0) {
            e->used = t->frame;
            return e;
        }
        /* an empty slot, else the one unused for longest */
        if (slot < 0 || (t->cache[slot].tex && (!e->tex || e->used < t->cache[slot].used)))
            slot = i;
    }
    int oldest = slot;
    cached *e = &t->cache[oldest];
    if (e->tex) SDL_DestroyTexture(e->tex), e->tex = NULL;
    if (wrap > 0)
        TTF_SetFontWrappedAlign(t->font[font], align == GAME_CENTER  ? TTF_WRAPPED_ALIGN_CENTER
                                               : align == GAME_RIGHT ? TTF_WRAPPED_ALIGN_RIGHT
                                                                     : TTF_WRAPPED_ALIGN_LEFT);
    SDL_Surface *surf = wrap > 0 ? TTF_RenderUTF8_Blended_Wrapped(t->font[font], s, c, (Uint32)wrap)
                                 : TTF_RenderUTF8_Blended(t->font[font], s, c);
    if (!surf) return NULL;
    e->tex = SDL_CreateTextureFromSurface(t->r, surf);
    e->w = surf->w, e->h = surf->h;
    SDL_FreeSurface(surf);
    if (!e->tex) return NULL;
    SDL_SetTextureBlendMode(e->tex, SDL_BLENDMODE_BLEND);
    snprintf(e->text, sizeof e->text, "%s", s);
    e->font = font;
    e->wrap = wrap;
    e->align = align;
    e->color = c;
    e->used = t->frame;
    return e;
}

int game_text_draw(game_text *t, game_font font, const char *s, int x, int y, SDL_Color color,
                   game_align align)
{
    cached *e = lookup(t, font, s, color, 0, GAME_LEFT);
    if (!e) return 0;
    SDL_Rect dst = {x, y, e->w, e->h};
    if (align == GAME_CENTER) dst.x -= e->w / 2;
    if (align == GAME_RIGHT) dst.x -= e->w;
    SDL_RenderCopy(t->r, e->tex, NULL, &dst);
    return e->w;
}

int game_text_draw_wrapped(game_text *t, game_font font, const char *s, int x, int y, int width,
                           SDL_Color color, game_align align)
{
    cached *e = lookup(t, font, s, color, width > 0 ? width : 1, align);
    if (!e) return 0;
    SDL_Rect dst = {x, y, e->w, e->h};
    if (align == GAME_CENTER) dst.x -= e->w / 2;
    if (align == GAME_RIGHT) dst.x -= e->w;
    SDL_RenderCopy(t->r, e->tex, NULL, &dst);
    return e->h;
}

int game_text_wrapped_height(game_text *t, game_font font, const char *s, int width,
                             SDL_Color color, game_align align)
{
    cached *e = lookup(t, font, s, color, width > 0 ? width : 1, align);
    return e ? e->h : 0;
}

void game_text_size(game_text *t, game_font font, const char *s, int *w, int *h)
{
    *w = *h = 0;
    if (!game_text_ok(t) || !s || !*s) return;
    TTF_SizeUTF8(t->font[font], s, w, h);
}

int game_text_line_height(const game_text *t, game_font font)
{
    return game_text_ok(t) ? TTF_FontLineSkip(t->font[font]) : BASE_PT[font] + 4;
}

void game_text_frame(game_text *t)
{
    if (!t) return;
    t->frame++;
    for (int i = 0; i < CACHE_SIZE; i++)
        if (t->cache[i].tex && t->frame - t->cache[i].used > CACHE_KEEP) {
            SDL_DestroyTexture(t->cache[i].tex);
            t->cache[i].tex = NULL;
        }
}
