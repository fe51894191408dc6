// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_synth.h - eddy-game's sound, synthesised in code: no sound files.
 *
 *   water    brown noise through a low-pass whose cut-off and level follow
 *            how hard the water moves (game_sound_cues.water), with a slow
 *            random swell; a faint bed even in still water
 *   hum      each running current: a low tone with two overtones and a slow
 *            tremolo, its own pitch per current, fading in and out
 *   splash   a knock: a burst of noise through a band-pass sweeping down,
 *            and a short falling "plop", panned to where it happened
 *   chime    a goal filled: a bell of four inharmonic partials, each
 *            decaying at its own rate
 *   fanfare  a win: a rising arpeggio of chimes; a loss: a low falling tone
 *   click    a menu moved
 *
 * Stereo float samples at the rate given, rendered in blocks by
 * game_synth_render (the audio thread calls it; anything else must hold the
 * device's lock). Muting fades out in a few milliseconds, so nothing clicks.
 * No SDL: the tests render sound into buffers and measure it.
 */
#ifndef GAME_SYNTH_H
#define GAME_SYNTH_H

#include "game_sound.h"

typedef struct game_synth game_synth;

game_synth *game_synth_create(int rate);
void game_synth_destroy(game_synth *s);

void game_synth_set_mute(game_synth *s, bool muted);
bool game_synth_muted(const game_synth *s);

/* Follows a step's cues: the water's level and the hums become targets the
 * sound glides to; splashes, chimes, a win or a loss start voices. */
void game_synth_cues(game_synth *s, const game_sound_cues *cues);
/* Water and hums glide to silence (a paused game, a menu, a new level). */
void game_synth_hush(game_synth *s);

void game_synth_splash(game_synth *s, double strength, double pan);
/* A bell on note (0, 1, 2, ... up a pentatonic scale) after delay s. */
void game_synth_chime(game_synth *s, int note, double delay, double amp);
void game_synth_fanfare(game_synth *s);
void game_synth_lose(game_synth *s);
void game_synth_click(game_synth *s);

/* frames stereo frames (2 floats each) into out, in -1..1. */
void game_synth_render(game_synth *s, float *out, int frames);

/* Voices sounding now (for the tests). */
int game_synth_voices(const game_synth *s);

#endif /* GAME_SYNTH_H */
