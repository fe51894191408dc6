// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_look.h - what the objects of one sim look like: each body's outline
 * (in body space), its fill and rim colours and its kind (floats, sinks,
 * static, the paddle), and the colour of every goal (its first body's).
 *
 * No SDL: the window, the headless screenshots and the tests read the same
 * looks. A game_looks is made from one sim and belongs to it (game_session.h
 * makes and frees the two together), so a new level or a restart always gets
 * looks of its own bodies; nothing is cached by address.
 */
#ifndef GAME_LOOK_H
#define GAME_LOOK_H

#include "game_sim.h"

#define GAME_LOOK_PIECES 4        /* shapes drawn per body, at most */
#define GAME_LOOK_OUTLINE 40      /* outline points per shape, at most */
#define GAME_LOOK_CIRCLE_POINTS 36

typedef enum game_look_kind {
    GAME_LOOK_FLOATS = 0,  /* dynamic, lighter than the water */
    GAME_LOOK_SINKS,       /* dynamic, heavier */
    GAME_LOOK_NEUTRAL,     /* dynamic, as heavy as the water */
    GAME_LOOK_STATIC,      /* a fixed part of the level */
    GAME_LOOK_PADDLE       /* the player's paddle or lift */
} game_look_kind;

typedef struct game_body_look {
    game_look_kind kind;
    int pieces;
    int count[GAME_LOOK_PIECES];                       /* outline points per piece */
    double local[GAME_LOOK_PIECES][GAME_LOOK_OUTLINE][2]; /* body space, counter-clockwise */
    bool circle[GAME_LOOK_PIECES];
    double circle_r[GAME_LOOK_PIECES], circle_c[GAME_LOOK_PIECES][2];
    game_color fill, edge;
} game_body_look;

typedef struct game_looks {
    int body_count;                /* game_sim_body_count of its sim */
    game_body_look *bodies;
    int goal_count;
    game_color goal[GAME_MAX_GOALS];
    /* The way each current flows at its nozzle: its painted field averaged
     * over a disc round the nozzle, as a unit vector (0, 0 where the field
     * is still), so a nozzle shows its direction before it is switched on. */
    int jet_count;
    double jet_dir[GAME_MAX_JETS][2];
} game_looks;

/* Looks of every body of sim (the level's bodies, then the paddle). */
eddy_result game_looks_make(const game_sim *sim, game_looks *out, eddy_error *err);
void game_looks_free(game_looks *looks);

#endif /* GAME_LOOK_H */
