// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_tutorial.h - the first level teaches the game in plain words, one
 * card at a time, each waiting for the player to do what it says: the goal
 * and the idea (you move the water, not the objects), then each control the
 * level has (its current, its paddle, stirring), then the goal again. The
 * cards are made
 * from the level itself (its jets' keys, its goal's object, colour and
 * place), so they stay right when the level is changed.
 *
 * No SDL; the window shows game_tutorial_text over the tank.
 */
#ifndef GAME_TUTORIAL_H
#define GAME_TUTORIAL_H

#include "game_sim.h"

#define GAME_TUTORIAL_MAX_CARDS 8

typedef enum game_tutorial_wait {
    GAME_WAIT_KEY = 0,    /* a key or a click (game_tutorial_next; the card says so), or the
                             player doing what the next card asks */
    GAME_WAIT_JET,        /* a current switched on */
    GAME_WAIT_PADDLE,     /* the paddle moved */
    GAME_WAIT_STIR,       /* the water stirred */
    GAME_WAIT_GOAL        /* until the level is won */
} game_tutorial_wait;

typedef struct game_tutorial_card {
    char text[400];
    char late[256];          /* shown instead once the card has been up a while ("" none) */
    game_tutorial_wait wait;
} game_tutorial_card;

typedef struct game_tutorial {
    int count, current;      /* current == count: finished */
    game_tutorial_card cards[GAME_TUTORIAL_MAX_CARDS];
    double shown_at;         /* the caller's clock when the current card came up */
    double now;              /* the caller's clock at the last update */
    bool won;
} game_tutorial;

/* The cards for a level (its first step has not been taken yet). */
void game_tutorial_start(game_tutorial *t, const game_level *level);

/* Moves on when the player has done what the card asks; now is the
 * caller's clock in seconds (the window's real time: a card that only asks
 * to be read is read while the level waits for the player's first move). */
void game_tutorial_update(game_tutorial *t, const game_sim *sim, double now);

/* Space, Enter or a click on a card: the next card (the last one, the goal,
 * goes away). Never a pause: the window calls this instead. */
void game_tutorial_next(game_tutorial *t, double now);

/* True when the card shown waits for a key or a click (the window then
 * says "Space or click: next" under it). */
bool game_tutorial_waits_key(const game_tutorial *t);

/* The card to show now, or NULL when the tutorial is over. */
const char *game_tutorial_text(const game_tutorial *t);

/* What a level asks, in one sentence made from its goals: "Bring the
 * yellow ball into the glowing box at the top right." */
void game_goal_sentence(const game_level *level, char *out, size_t cap);

/* A colour's name in plain words ("yellow", "red", ...). */
const char *game_color_name(game_color c);

#endif /* GAME_TUTORIAL_H */
