// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_audio.h - the window's sound device: SDL2's audio playing what
 * game_synth.h makes. Without an audio device the game is silent and says
 * so in its help; nothing else changes.
 *
 *   game_audio *au = game_audio_open(muted, why, sizeof why);  // NULL: silent
 *   game_synth *syn = game_audio_lock(au);   // NULL when au is NULL
 *   if (syn) game_synth_cues(syn, &cues);
 *   game_audio_unlock(au);
 */
#ifndef GAME_AUDIO_H
#define GAME_AUDIO_H

#include "game_synth.h"

#include <stddef.h>

typedef struct game_audio game_audio;

/* Opens the default output device (SDL's audio subsystem is started here).
 * NULL, with the reason in why, when there is none. */
game_audio *game_audio_open(bool muted, char *why, size_t why_cap);
void game_audio_close(game_audio *a);

/* The synth, with the audio thread held off until game_audio_unlock. */
game_synth *game_audio_lock(game_audio *a);
void game_audio_unlock(game_audio *a);

#endif /* GAME_AUDIO_H */
