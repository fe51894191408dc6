// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_spray.h - spray for a tank filled to a depth (include/eddy/eddy_surface.h):
 * droplets thrown up where a body enters or leaves the water, flying as
 * ballistic particles until they fall back in. No SDL; game_surface.c draws
 * them. The droplets are for the eye only: they never touch the simulation,
 * and their random numbers are seeded by the frame and the body, so a replay
 * shows the same spray.
 */
#ifndef GAME_SPRAY_H
#define GAME_SPRAY_H

#include "game_sim.h"

#define GAME_SPRAY_MAX 768 /* droplets at once; the oldest make way */

typedef struct game_drop {
    double x, y, vx, vy; /* world m, m/s */
    double age;          /* s */
    double size;         /* m: radius drawn */
    bool alive;
} game_drop;

typedef struct game_spray {
    game_drop drops[GAME_SPRAY_MAX];
    int next;            /* the slot the next droplet takes */
    int splashes;        /* enter and leave events seen so far */
} game_spray;

void game_spray_reset(game_spray *s);
/* After each physics step of sim: droplets for the step's splashes, then
 * every droplet moved by GAME_DT under the world's gravity; those that fall
 * back below the surface, leave the tank or are older than 4 s are gone. */
void game_spray_step(game_spray *s, const game_sim *sim);
int game_spray_alive(const game_spray *s);

#endif /* GAME_SPRAY_H */
