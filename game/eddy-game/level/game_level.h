// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_level.h - a level of eddy-game: a JSON file under assets/levels/.
 *
 * A level is a scene (include/eddy/eddy_scene.h: fluid, gravity, buoyancy,
 * feedback, init_modes, stirs, excite, bodies, walls) plus the keys of the
 * game. A level's "walls" (rock inside the tank) go into its asset's basis
 * (the fluid never crosses them), into Box2D as rock, and are drawn.
 * The game keys are read here; everything else is handed, as JSON, to
 * eddy_scene_load_memory, so the scene keys keep exactly their meaning and
 * their error messages ("scene: bodies[2].radius: ..."). Unknown keys are
 * an error naming the field.
 *
 *   {
 *     "title": "First current",                  // required, 1..63 bytes
 *     "hint": ["Something in the water can move the ball.", // hints on demand (I):
 *              "Switch the current on with 1."],  // a nudge first, then fuller
 *                                                 // ones (1..3; or one string)
 *     "asset": { "domain": [12, 7.5],             // the tank in metres
 *                "depth": 4.5,                    // water to this depth, air above
 *                                                 // (default: full to the top; see
 *                                                 // include/eddy/eddy_surface.h)
 *                "surface_modes": 32,             // sloshing modes (default min(32, nx/2))
 *                "grid": [64, 40],                // MAC cells (of the water)
 *                "modes": 73,                     // box eigenmodes
 *                "paint": ["updraft"] },          // painted modes, built from
 *                                                 // assets/modes/NAME.paint
 *     "par": 20,              // s: three stars at or under par, two under 2 par
 *     "time_limit": 120,      // s, 0 = none (default 0): the level is lost after it
 *     "hold": 1.0,            // s every goal must stay filled to win (default 1)
 *     "damping": 0.15,        // 1/s: the fluid's velocity decays as exp(-damping t)
 *                             // (bottom friction of a shallow tank; default 0.1)
 *     "wave_viscosity": 0.02, // m^2/s: the surface's waves decay as exp(-2 nu k^2 t)
 *                             // (a scene key; default the fluid's viscosity)
 *     "bodies": [ { ...scene body..., "name": "ball", "color": "#ffcc33",
 *                   "friction": 0.4 } ],  // Box2D friction (default 0.4; two
 *                                         // touching bodies use sqrt(f1 f2))
 *     "paddle": { "shape": "box", "hw": 0.12, "hh": 0.8,  // any scene shape
 *                 "x": 1.5, "y": 3.75, "angle": 0,        // start (projected
 *                                                         // onto the track)
 *                 "track": [[1.5, 1.2], [1.5, 6.3]],      // the segment it slides on
 *                 "speed": 4,                             // m/s at most (default 4)
 *                 "color": "#e0e6f0" },
 *     "jets": [ { "mode": "updraft",        // an artist mode of the asset
 *                 "key": "1",               // '1'..'9' (default: its index + 1)
 *                 "strength": 1,            // amplitude of the painted field the jet
 *                                           // drives the flow to (1 = as painted)
 *                 "hold": 1,                // 1/s: how hard it drives it (default 1)
 *                 "label": "Updraft",       // default: the mode's name
 *                 "at": [3, 1],             // where its dye comes from (required)
 *                 "on": false,              // on at the start (default false)
 *                 "color": "#ff6b9a" } ],
 *     "goals": [ { "rect": [9, 5, 11.5, 7.3],  // x0, y0, x1, y1 in metres
 *                  "bodies": ["ball"],         // named bodies that must be inside
 *                  "label": "Home" } ],
 *     "coupling": { "wall_images": true,    // method of images at the walls (5.3.3)
 *                   "schwarz_iterations": 6,  // sweeps across bodies at most (5.17)
 *                   "feedback_when": "paddle" }, // "paddle": the scene's feedback
 *                   // runs in the steps the paddle moves; "always": every step
 *
 * Why feedback follows the paddle by default: folding the panels' field into
 * the reduced fluid (5.3.4) lets a moving paddle push the water, which the
 * game is about; but a body at rest folds in, step after step, a field that
 * cancels the flow through it, and with a few dozen smooth modes that stops
 * the current in a metre around it and the body never feels the current
 * (measured: a 0.7 m box in a 1.1 m/s stream reaches 0.09 m/s after 4 s with
 * feedback, 1 m/s within 2 s without). The panels still shape the visible
 * flow around every body (u_r + u_p) and carry the forces.
 *     "stars": { "stirring": 2,       // the third star also asks for at most this
 *                                     // many seconds of stirring (default: any)
 *                "currents_off": true, // ... and every current off at the win
 *                "switches": 3 },      // ... and at most 3 switches of a current
 *                                      // (on or off; a key pressed to no change
 *                                      // does not count)
 *                                     // (default false); two stars under 2 par
 *     "stir": { "enabled": true,    // the mouse may stir the water (default true)
 *               "capacity": 4,      // s of stirring in a full meter (default 4)
 *               "recharge": 0.5,    // meter seconds regained per second (0.5)
 *               "gain": 3,          // 1/s: force density = rho gain v_mouse (3)
 *               "radius": 0.7 }     // m (0.7)
 *   }
 *
 * A body's "name" (letters, digits, '-', '_', '.'; unique) lets goals refer
 * to it; "color" is #rrggbb; "friction" >= 0. The paddle becomes the scene's last body, kinematic.
 * The level's fixed step is 1/60 s, so "dt" is not a level key.
 */
#ifndef GAME_LEVEL_H
#define GAME_LEVEL_H

#include <eddy/eddy.h>
#include <eddy/eddy_scene.h>

#include <stdbool.h>
#include <stdint.h>

#define GAME_DT (1.0 / 60.0)
/* The most work one run of a level may take (its longest, an hour of game
 * time, GAME_MAX_FRAMES frames), in CPU seconds of the run cost model
 * (eddy_step_cost_estimate): a level estimated over it is refused when it
 * loads (so by eddy-level check too), a replay or --frames over it when the
 * run starts. An hour for an hour of play: a frame may cost 16.7 ms. */
#define GAME_MAX_RUN_SECONDS 3600.0
#define GAME_HOUR_OF_FRAMES 216000.0
#define GAME_MAX_BODIES 32  /* scene bodies of a level, paddle excluded */
#define GAME_MAX_JETS 9
#define GAME_MAX_GOALS 8
#define GAME_MAX_PAINT 8
#define GAME_MAX_HINTS 3
#define GAME_NAME_MAX 31
#define GAME_TEXT_MAX 255

typedef struct game_color {
    uint8_t r, g, b;
} game_color;

typedef struct game_body_info {
    char name[GAME_NAME_MAX + 1]; /* "" when unnamed */
    bool has_color;
    game_color color;
    double friction;
} game_body_info;

typedef struct game_paddle {
    bool present;
    double track[2][2];   /* end points of the segment its origin slides on */
    double start;         /* 0..1 along the track */
    double speed;         /* m/s */
    game_color color;
} game_paddle;

typedef struct game_jet {
    char mode[EDDY_ARTIST_NAME_MAX + 1];
    char label[64];
    int key;              /* '1' .. '9' */
    double strength, hold;
    double at[2];
    bool on;
    game_color color;
} game_jet;

typedef struct game_goal {
    double rect[4];       /* x0, y0, x1, y1 with x0 < x1, y0 < y1 */
    int body_count;
    int bodies[GAME_MAX_BODIES]; /* scene body indices */
    char label[64];
} game_goal;

typedef struct game_stir_rule {
    bool enabled;
    double capacity, recharge, gain, radius;
} game_stir_rule;

/* How closely the panels are solved: a game trades digits for frame time
 * (the wall images multiply the panels a sweep visits by up to four). */
typedef struct game_coupling_rule {
    bool wall_images;
    int schwarz_iterations;
    bool feedback_always;
} game_coupling_rule;

/* What the third star asks for besides the par time. */
typedef struct game_star_rule {
    double max_stirring;  /* s of stirring at most; < 0: any */
    int max_switches;     /* times a current is switched (on or off) at most; < 0: any */
    bool currents_off;    /* every current off when the level is won */
} game_star_rule;

typedef struct game_asset_recipe {
    double width, height;  /* the tank */
    double depth;          /* the water's depth at rest, 0: full (eddy_surface.h) */
    int surface_modes;     /* 0: the builder's default */
    int nx, ny, modes;     /* the grid covers the water */
    int paint_count;
    char paint[GAME_MAX_PAINT][64];
} game_asset_recipe;

typedef struct game_level {
    char id[64];          /* file name without directory and ".json" */
    char title[64];
    char hints[GAME_MAX_HINTS][GAME_TEXT_MAX + 1]; /* a nudge first, then fuller (game_hint.h) */
    int hint_count;
    double par, time_limit, hold, damping;
    game_asset_recipe asset;
    eddy_scene *scene;    /* bodies 0..body_count-1, then the paddle if present */
    int body_count;       /* the level's own bodies (paddle excluded) */
    game_body_info bodies[GAME_MAX_BODIES];
    game_paddle paddle;
    int jet_count;
    game_jet jets[GAME_MAX_JETS];
    int goal_count;
    game_goal goals[GAME_MAX_GOALS];
    game_stir_rule stir;
    game_coupling_rule coupling;
    game_star_rule stars;
    uint64_t hash;        /* FNV-1a of the file's bytes (replays check it) */
} game_level;

/* Parses a level. id names it in messages ("levels/01-lift: jets[0].key:
 * expected ..."). EDDY_ERR_FORMAT for anything malformed, EDDY_ERR_IO for a
 * file that cannot be read. */
eddy_result game_level_load_memory(const char *text, size_t size, const char *id,
                                   game_level **out, eddy_error *err);
eddy_result game_level_load_file(const char *path, game_level **out, eddy_error *err);
void game_level_destroy(game_level *level);

/* What one frame of the level costs (eddy_scene_step_cost) with this
 * feedback, its bodies where they start: with its asset the real tensor,
 * without (NULL) the most the recipe's modes can hold. */
eddy_result game_level_step_cost(const game_level *level, const eddy_asset *asset,
                                 eddy_feedback_mode feedback, eddy_step_cost *out,
                                 eddy_error *err);

/* Checks the level against an asset: same domain and grid, every jet's mode
 * one of the asset's artist modes (EDDY_ERR_RANGE naming the field). */
eddy_result game_level_check_asset(const game_level *level, const eddy_asset *asset,
                                   eddy_error *err);

/* Fills err (when not NULL) with code and the formatted message, cut to fit;
 * returns code. */
eddy_result game_error(eddy_error *err, eddy_result code, const char *fmt, ...)
#if defined(__GNUC__)
    EDDY_PRINTF(3, 4)
#endif
    ;

/* 64-bit FNV-1a. */
uint64_t game_hash_bytes(uint64_t h, const void *data, size_t size);
#define GAME_HASH_SEED 0xcbf29ce484222325ull

#endif /* GAME_LEVEL_H */
