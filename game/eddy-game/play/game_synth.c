// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_synth.c - sound synthesised in code (game_synth.h).
 */
#include "game_synth.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define MAX_VOICES 32
#define MAX_HUMS 9
#define BELL_PARTIALS 4

typedef enum voice_kind { VOICE_FREE = 0, VOICE_SPLASH, VOICE_BELL, VOICE_SWEEP } voice_kind;

typedef struct voice {
    voice_kind kind;
    double t;                 /* s since it started (negative: waiting) */
    double length;            /* s, then it is free */
    double amp, pan, freq;
    double phase[BELL_PARTIALS];
    double low, band;         /* state-variable filter of a splash */
} voice;

struct game_synth {
    double rate, dt;
    double k_gain, k_water, k_swell, k_hum_up, k_hum_down; /* glide factors per sample */
    uint64_t rng;
    bool muted;
    double gain;              /* master, glides to 0 when muted */
    /* water */
    double water_target, water, brown, lp1, lp2, swell, swell_target;
    int swell_countdown;
    /* currents */
    double hum_target[MAX_HUMS], hum[MAX_HUMS], hum_phase[MAX_HUMS], hum_lfo;
    voice voices[MAX_VOICES];
    int chimes_rung;          /* notes rise with every goal filled in a level */
};

static double white(game_synth *s) /* uniform in [-1, 1) */
{
    s->rng ^= s->rng >> 12;
    s->rng ^= s->rng << 25;
    s->rng ^= s->rng >> 27;
    return (double)((s->rng * 0x2545F4914F6CDD1Dull) >> 11) / 4503599627370496.0 - 1.0;
}

/* A pentatonic scale from C6. */
static double note_freq(int note)
{
    static const int steps[5] = {0, 2, 4, 7, 9};
    int octave = note / 5, k = note % 5;
    return 1046.5 * pow(2.0, octave + steps[k] / 12.0);
}

game_synth *game_synth_create(int rate)
{
    game_synth *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->rate = rate > 8000 ? rate : 48000;
    s->dt = 1.0 / s->rate;
    s->rng = 0x853c49e6748fea9bull;
    s->gain = 1.0;
    s->swell = s->swell_target = 1.0;
    s->k_gain = 1 - exp(-s->dt / 0.005);
    s->k_water = 1 - exp(-s->dt / 0.35);
    s->k_swell = 1 - exp(-s->dt / 0.12);
    s->k_hum_up = 1 - exp(-s->dt / 0.25);
    s->k_hum_down = 1 - exp(-s->dt / 0.5);
    return s;
}

void game_synth_destroy(game_synth *s) { free(s); }
void game_synth_set_mute(game_synth *s, bool muted) { s->muted = muted; }
bool game_synth_muted(const game_synth *s) { return s->muted; }

static voice *new_voice(game_synth *s, voice_kind kind, double delay, double length)
{
    voice *v = NULL;
    for (int k = 0; k < MAX_VOICES && !v; k++)
        if (s->voices[k].kind == VOICE_FREE) v = &s->voices[k];
    if (!v) { /* all busy: take the one nearest its end */
        v = &s->voices[0];
        for (int k = 1; k < MAX_VOICES; k++)
            if (s->voices[k].length - s->voices[k].t < v->length - v->t) v = &s->voices[k];
    }
    memset(v, 0, sizeof *v);
    v->kind = kind;
    v->t = -delay;
    v->length = length;
    return v;
}

void game_synth_splash(game_synth *s, double strength, double pan)
{
    voice *v = new_voice(s, VOICE_SPLASH, 0, 0.45);
    v->amp = 0.45 * fmin(1.0, fmax(0.05, strength));
    v->pan = fmax(-1.0, fmin(1.0, pan));
    v->freq = 150 + 120 * strength; /* the plop starts here and falls */
}

void game_synth_chime(game_synth *s, int note, double delay, double amp)
{
    voice *v = new_voice(s, VOICE_BELL, delay, 2.5);
    v->amp = amp;
    v->freq = note_freq(note < 0 ? 0 : note > 14 ? 14 : note);
}

void game_synth_fanfare(game_synth *s)
{
    static const int notes[5] = {0, 2, 3, 5, 8};
    for (int k = 0; k < 5; k++) game_synth_chime(s, notes[k], 0.13 * k, k == 4 ? 0.26 : 0.18);
}

void game_synth_lose(game_synth *s)
{
    voice *v = new_voice(s, VOICE_SWEEP, 0, 1.2);
    v->amp = 0.22;
    v->freq = 220;
}

void game_synth_click(game_synth *s)
{
    voice *v = new_voice(s, VOICE_BELL, 0, 0.25);
    v->amp = 0.06;
    v->freq = 2093.0;
}

void game_synth_cues(game_synth *s, const game_sound_cues *c)
{
    s->water_target = c->water;
    for (int j = 0; j < MAX_HUMS; j++) s->hum_target[j] = (c->jets >> j) & 1 ? 1.0 : 0.0;
    for (int k = 0; k < c->splash_count; k++) game_synth_splash(s, c->splash[k].strength, c->splash[k].pan);
    for (int k = 0; k < c->chimes; k++) game_synth_chime(s, s->chimes_rung++ % 10, 0.09 * k, 0.22);
    if (c->won) game_synth_fanfare(s);
    if (c->lost) game_synth_lose(s);
}

void game_synth_hush(game_synth *s)
{
    s->water_target = 0;
    for (int j = 0; j < MAX_HUMS; j++) s->hum_target[j] = 0;
    s->chimes_rung = 0;
}

int game_synth_voices(const game_synth *s)
{
    int n = 0;
    for (int k = 0; k < MAX_VOICES; k++) n += s->voices[k].kind != VOICE_FREE;
    return n;
}

/* ------------------------------------------------------------ rendering */

/* The water: brown noise (leaky integral of white noise) through two
 * one-pole low-passes whose cut-off rises with the flow, times a swell that
 * drifts to a new random level every fraction of a second. */
static double water_sample(game_synth *s)
{
    s->water += (s->water_target - s->water) * s->k_water;
    if (--s->swell_countdown <= 0) {
        s->swell_target = 0.55 + 0.45 * fabs(white(s));
        s->swell_countdown = (int)(s->rate * (0.15 + 0.25 * fabs(white(s))));
    }
    s->swell += (s->swell_target - s->swell) * s->k_swell;
    s->brown = 0.996 * s->brown + 0.06 * white(s);
    double cut = 180 + 1400 * s->water;
    double a = 1 - exp(-2 * PI * cut * s->dt);
    s->lp1 += a * (s->brown - s->lp1);
    s->lp2 += a * (s->lp1 - s->lp2);
    double level = 0.03 + 0.32 * pow(s->water, 0.8);
    return s->lp2 * level * s->swell;
}

/* The currents: a low tone each, 2nd and 3rd harmonics, a slow tremolo. */
static double hum_sample(game_synth *s)
{
    static const double base[MAX_HUMS] = {73.4, 82.4, 98.0, 110.0, 65.4, 87.3, 123.5, 61.7, 92.5};
    s->hum_lfo += 2 * PI * 0.31 * s->dt;
    if (s->hum_lfo > 2 * PI) s->hum_lfo -= 2 * PI;
    double out = 0;
    for (int j = 0; j < MAX_HUMS; j++) {
        double k = s->hum_target[j] > s->hum[j] ? s->k_hum_up : s->k_hum_down;
        s->hum[j] += (s->hum_target[j] - s->hum[j]) * k;
        if (s->hum[j] < 1e-4 && s->hum_target[j] == 0) continue;
        s->hum_phase[j] += 2 * PI * base[j] * s->dt;
        if (s->hum_phase[j] > 2 * PI) s->hum_phase[j] -= 2 * PI;
        double p = s->hum_phase[j];
        double tone = sin(p) + 0.45 * sin(2 * p + 0.3) + 0.2 * sin(3 * p + 1.1);
        out += 0.04 * s->hum[j] * (1 + 0.25 * sin(s->hum_lfo + j)) * tone;
    }
    return out;
}

/* One voice, one sample; returns the mono value (panned by the caller). */
static double voice_sample(game_synth *s, voice *v)
{
    double t = v->t;
    v->t += s->dt;
    if (t < 0) return 0;
    if (t >= v->length) {
        v->kind = VOICE_FREE;
        return 0;
    }
    double attack = fmin(1.0, t / 0.003);
    switch (v->kind) {
    case VOICE_SPLASH: {
        /* noise through a state-variable band-pass sweeping 2.6 kHz -> 400 Hz */
        double fc = 400 + 2200 * exp(-t / 0.07);
        double f = 2 * sin(PI * fc * s->dt), q = 0.6;
        double hi = white(s) - v->low - q * v->band;
        v->band += f * hi;
        v->low += f * v->band;
        double noise = v->band * exp(-t / 0.09);
        /* the plop: a sine falling in pitch */
        double pf = v->freq * (0.55 + 0.45 * exp(-t / 0.05));
        v->phase[0] += 2 * PI * pf * s->dt;
        double plop = 0.8 * sin(v->phase[0]) * exp(-t / 0.06);
        return v->amp * attack * (noise + plop);
    }
    case VOICE_BELL: {
        static const double ratio[BELL_PARTIALS] = {1.0, 2.0, 2.76, 4.07};
        static const double gain[BELL_PARTIALS] = {1.0, 0.45, 0.28, 0.12};
        static const double decay[BELL_PARTIALS] = {0.9, 0.6, 0.35, 0.2};
        double out = 0;
        for (int k = 0; k < BELL_PARTIALS; k++) {
            v->phase[k] += 2 * PI * v->freq * ratio[k] * s->dt;
            if (v->phase[k] > 2 * PI) v->phase[k] -= 2 * PI;
            out += gain[k] * sin(v->phase[k]) * exp(-t / decay[k]);
        }
        return v->amp * attack * out;
    }
    case VOICE_SWEEP: {
        double f = v->freq * exp(-t / 0.8);
        v->phase[0] += 2 * PI * f * s->dt;
        double tone = sin(v->phase[0]) + 0.3 * sin(2 * v->phase[0]);
        return v->amp * attack * tone * exp(-t / 0.45);
    }
    default: return 0;
    }
}

void game_synth_render(game_synth *s, float *out, int frames)
{
    for (int i = 0; i < frames; i++) {
        double target = s->muted ? 0.0 : 1.0;
        s->gain += (target - s->gain) * s->k_gain;
        if (s->muted && s->gain < 1e-4) s->gain = 0; /* -80 dB: off */
        double mono = water_sample(s) + hum_sample(s);
        double l = mono, r = mono;
        for (int k = 0; k < MAX_VOICES; k++) {
            voice *v = &s->voices[k];
            if (v->kind == VOICE_FREE) continue;
            double x = voice_sample(s, v);
            /* constant-power pan */
            double a = (v->pan + 1) * PI / 4;
            l += x * cos(a) * 1.41421356;
            r += x * sin(a) * 1.41421356;
        }
        /* a gentle limiter: several knocks at once must not clip */
        out[2 * i] = (float)(tanh(l * s->gain));
        out[2 * i + 1] = (float)(tanh(r * s->gain));
    }
}
