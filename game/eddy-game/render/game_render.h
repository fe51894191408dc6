// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_render.h - drawing one frame of eddy-game with an SDL_Renderer: the
 * window's, or a software renderer on a surface for headless screenshots.
 *
 * The tank fills the window below the HUD bar at the level's aspect ratio.
 * Water is a texture of the dye composited over deep blue; bodies are filled
 * polygons at poses interpolated between the last two physics steps; the
 * debug overlays come from the engine's debug-draw callbacks
 * (eddy_coupling_debug_draw). The HUD, the time-per-frame table (beside the
 * tank, never over it), the help, the pause, the title, the level select,
 * the level's opening card, the tutorial's cards and the win screen (stars,
 * confetti) are drawn here too.
 */
#ifndef GAME_RENDER_H
#define GAME_RENDER_H

#include "game_flow.h"
#include "game_look.h"
#include "game_spray.h"
#include "game_text.h"
#include "game_view.h"

#include <SDL.h>

typedef enum game_screen {
    GAME_SCREEN_PLAY = 0,   /* a level: its card, the play, the result */
    GAME_SCREEN_TITLE,      /* the title over a level that plays itself */
    GAME_SCREEN_LEVELS      /* the level select */
} game_screen;

typedef struct game_menu_entry {
    const char *title;
    const char *id;
    int stars;       /* best so far, 0 = not won */
    double best;     /* s, when stars > 0 */
    bool locked;     /* not open yet */
} game_menu_entry;

typedef struct game_frame_info {
    const game_sim *sim;
    const game_flow *flow;
    const game_spray *spray;     /* droplets over a surface (game_spray.h), or NULL */
    const game_looks *looks;     /* of sim's bodies (game_session.h) */
    const eddy_pose *prev, *cur; /* looks->body_count poses: the last two steps */
    double alpha;                /* 0..1 between prev and cur */
    game_view view;
    game_screen screen;
    bool started;                /* play: the level's card has been dismissed */
    bool waiting;                /* started, but the clock waits for the first move */
    bool stuck;                  /* long past par: the bottom line offers the hint */
    const char *hint;            /* the hint asked for (game_hint.h), or NULL */
    bool hint_more;              /* a fuller hint than the last one seen is to come */
    bool all_done;               /* every level of the list has been won */
    double win_time;             /* s since the win (the win card's animation) */
    bool paused, demo;
    int level_number, level_total; /* 1-based; 0 for a level outside the list */
    const char *tutorial;        /* a card of the first level's tutorial, or NULL */
    bool tutorial_key;           /* the card waits for a key or a click (it says so) */
    bool new_best;               /* the win is the level's best time */
    bool last_level;             /* the level is the last of the list */
    bool muted, silent;          /* sound off by the player; no audio device */
    double clock;                /* s of the app's clock (animations not tied to the sim) */
    double fps;
    double render_ms;            /* drawing the previous frame */
    double present_ms;           /* SDL_RenderPresent of the previous frame */
    const char *renderer;        /* the SDL renderer's name, or NULL */
    double flow_ms[3];           /* sample, dye, tracers */
    double mouse[2];             /* world position of the mouse */
    bool mouse_in_tank, stirring, dragging_paddle;
    const char *message;         /* a transient note (saved a replay, ...), or NULL */
    const char *stale;           /* the level's edited files failed and the game plays the
                                    level as it was: why (a banner until fixed), or NULL */
    int quality;                 /* 0 full; 1, 2 fewer tracers and coarser dye, for
                                    frames that run long (game_app.c adapts it) */
    double clock_rate;           /* game time over real time lately (1: no slow motion) */
    /* the title's menu */
    int title_count, title_selected;
    const char *const *title_items;
    const char *title_note;      /* under the menu (which level Play opens) */
    /* the level select */
    int menu_count, menu_selected;
    const game_menu_entry *menu_entries;
} game_frame_info;

typedef struct game_render game_render;

eddy_result game_render_create(SDL_Renderer *r, int width, int height, game_render **out,
                               eddy_error *err);
void game_render_destroy(game_render *g);
/* The output size changed (window resized): fonts are re-made for it. */
void game_render_resize(game_render *g, int width, int height);
bool game_render_has_font(const game_render *g);

void game_render_frame(game_render *g, const game_frame_info *f);

/* World <-> pixel mapping of the last frame's tank (for mouse input). */
void game_render_to_world(const game_render *g, int px, int py, double out[2]);
bool game_render_in_tank(const game_render *g, int px, int py);
/* Pixel size of one metre in the last frame. */
double game_render_scale(const game_render *g);
/* The row of the list drawn last (the title's menu or the level select)
 * under a pixel, or -1. */
int game_render_list_hit(const game_render *g, int px, int py);

/* The win screen's stars come one by one: how many have come t seconds
 * after the win (the window rings a chime for each). */
int game_render_stars_shown(double t, int stars);

#endif /* GAME_RENDER_H */
