// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * paint_render.h - drawing for eddy-paint's window (SDL2, SDL2_ttf): a view
 * of a velocity field (line integral convolution or speed shading, arrows,
 * moving streaks, a divergence heat map), text, panels, and screenshots.
 *
 * A view draws any velocity field through a paint_field callback, so the
 * painted mode and the reduced previews share one drawing path. A view keeps
 * caches (the LIC image, the streak particles) and redraws them only when
 * the field's version changes.
 */
#ifndef PAINT_RENDER_H
#define PAINT_RENDER_H

#include <SDL.h>
#include <SDL_ttf.h>
#include <cglm/cglm.h>

#include <stdbool.h>

/* Velocity of a field at n points (xy, uv: 2n doubles each). */
typedef void (*paint_velocity_fn)(const void *user, int n, const double *xy, double *uv);

typedef struct paint_field {
    paint_velocity_fn velocity;
    const void *user;
    unsigned long version; /* changes whenever the field changes */
    double width, height;  /* the domain, metres */
    double speed_scale;    /* speed shown at full colour, m/s (> 0) */
    /* Optional divergence per cell (nx * ny, row by row in j, 1/s) and the
     * scale it is judged against (max |u| / h). NULL: no heat map. */
    const double *divergence;
    int nx, ny;
    double divergence_scale;
} paint_field;

typedef enum paint_background {
    PAINT_BG_LIC = 0, /* line integral convolution tinted by speed */
    PAINT_BG_SPEED,   /* speed only */
    PAINT_BG_PLAIN,   /* dark, for arrows and streaks on their own */
    PAINT_BG_COUNT
} paint_background;

typedef struct paint_look {
    paint_background background;
    bool arrows, streaks, divergence;
} paint_look;

/* Fonts and colours shared by everything drawn. */
typedef struct paint_style {
    TTF_Font *text, *bold, *mono, *title, *small;
} paint_style;

typedef struct paint_view paint_view;

/* Loads the fonts: the DejaVu family found by kit_font.h (EDDY_FONT or the
 * usual system folders). Returns false with a message in why. */
bool paint_style_load(paint_style *s, char *why, size_t cap);
void paint_style_free(paint_style *s);

paint_view *paint_view_create(unsigned seed);
void paint_view_destroy(paint_view *v);
/* Draws field f into rect (placed by paint_fit; paint_view_domain_rect
 * tells where it went), advancing streaks by one frame. */
void paint_view_draw(paint_view *v, SDL_Renderer *ren, const SDL_Rect *rect,
                     const paint_field *f, const paint_look *look);
/* Where the domain was drawn last time (pixels), for mapping the mouse. */
SDL_Rect paint_view_domain_rect(const paint_view *v);
/* Forgets the caches (e.g. after the window was resized). */
void paint_view_invalidate(paint_view *v);

/* Where a width x height domain goes inside rect: as large as fits with its
 * aspect, at the top, centred across. */
SDL_Rect paint_fit(const SDL_Rect *rect, double width, double height);

/* Pixel <-> metre mapping of a domain drawn into r (y up in metres): the
 * view matrix (cglm, on (x, y, 1)), and a point either way through it. */
void paint_view_matrix(const SDL_Rect *r, double width, double height, mat3 out);
void paint_to_world(const SDL_Rect *r, double width, double height, int px, int py, double *x,
                    double *y);
void paint_to_screen(const SDL_Rect *r, double width, double height, double x, double y,
                     float *px, float *py);

/* ------------------------------------------------------------ drawing helpers */

/* Text at (x, y) (top left); returns its width in pixels. NULL or "" draws nothing. */
int paint_text(SDL_Renderer *ren, TTF_Font *font, int x, int y, SDL_Color c, const char *text);
int paint_text_width(TTF_Font *font, const char *text);
/* Frees the rendered strings kept for reuse (before the renderer goes). */
void paint_text_cache_clear(void);
void paint_fill(SDL_Renderer *ren, const SDL_Rect *r, SDL_Color c);
void paint_frame(SDL_Renderer *ren, const SDL_Rect *r, SDL_Color c);
/* A circle outline of radius r pixels. */
void paint_circle(SDL_Renderer *ren, float cx, float cy, float r, SDL_Color c);
/* A filled arrow from (x0, y0) to (x1, y1) with shaft width w pixels. */
void paint_arrow(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float w, SDL_Color c);
/* The colour of the speed map at t in [0, 1]. */
SDL_Color paint_speed_color(double t);

/* Writes the renderer's current target as a PNG (name ending in .png) or a
 * BMP (anything else). Returns false with a message in why. */
bool paint_screenshot(SDL_Renderer *ren, const char *path, char *why, size_t cap);

#endif /* PAINT_RENDER_H */
