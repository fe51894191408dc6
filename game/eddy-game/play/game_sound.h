// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_sound.h - what the game should sound like after a step, read from
 * the sim: how hard the water is moving, which currents hum, which objects
 * just hit something (a splash, louder for a harder knock, panned to where
 * it happened), which goals just filled (a chime), whether the level was
 * just won or lost. No SDL and no audio here: game_synth.h turns these cues
 * into sound, game_audio.h plays it.
 *
 * Impacts are found from the bodies' velocities: a body whose velocity jumps
 * by more than GAME_SOUND_KNOCK m/s in one step beyond what gravity gives
 * has been hit (contact or paddle); the port has no contact events to use.
 */
#ifndef GAME_SOUND_H
#define GAME_SOUND_H

#include "game_sim.h"

#define GAME_SOUND_MAX_SPLASHES 6
#define GAME_SOUND_KNOCK 0.45  /* m/s of velocity change in a step that is a knock */

typedef struct game_sound_splash {
    double strength;   /* 0..1 */
    double pan;        /* -1 left .. 1 right */
} game_sound_splash;

typedef struct game_sound_cues {
    double water;      /* 0..1: how loud the moving water is */
    double flow_speed; /* m/s: root-mean-square speed of the water */
    int jets;          /* bit j set: jet j runs */
    int splash_count;
    game_sound_splash splash[GAME_SOUND_MAX_SPLASHES];
    int chimes;        /* goals filled in this step */
    bool won, lost;    /* the level ended in this step */
} game_sound_cues;

typedef struct game_sound_watch game_sound_watch;

eddy_result game_sound_watch_create(const game_sim *sim, game_sound_watch **out, eddy_error *err);
void game_sound_watch_destroy(game_sound_watch *w);
/* After every step of the sim it was made for. */
void game_sound_watch_step(game_sound_watch *w, const game_sim *sim, game_sound_cues *out);

#endif /* GAME_SOUND_H */
