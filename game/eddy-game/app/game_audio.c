// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_audio.c - SDL2 audio output of the synth (game_audio.h).
 */
#include "game_audio.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>

struct game_audio {
    SDL_AudioDeviceID device;
    game_synth *synth;
    bool started_subsystem;
};

/* The audio thread: SDL asks for len bytes of float stereo. */
static void fill(void *user, Uint8 *stream, int len)
{
    game_audio *a = user;
    game_synth_render(a->synth, (float *)(void *)stream, len / (int)(2 * sizeof(float)));
}

game_audio *game_audio_open(bool muted, char *why, size_t why_cap)
{
    game_audio *a = calloc(1, sizeof *a);
    if (!a) {
        snprintf(why, why_cap, "out of memory");
        return NULL;
    }
    if (!SDL_WasInit(SDL_INIT_AUDIO)) {
        if (SDL_InitSubSystem(SDL_INIT_AUDIO) != 0) {
            snprintf(why, why_cap, "%s", SDL_GetError());
            free(a);
            return NULL;
        }
        a->started_subsystem = true;
    }
    SDL_AudioSpec want, have;
    SDL_zero(want);
    want.freq = 48000;
    want.format = AUDIO_F32SYS;
    want.channels = 2;
    want.samples = 1024;
    want.callback = fill;
    want.userdata = a;
    a->synth = game_synth_create(want.freq);
    /* no changes allowed: SDL converts to whatever the device wants */
    a->device = a->synth ? SDL_OpenAudioDevice(NULL, 0, &want, &have, 0) : 0;
    if (a->device == 0) {
        snprintf(why, why_cap, "%s", a->synth ? SDL_GetError() : "out of memory");
        game_audio_close(a);
        return NULL;
    }
    game_synth_set_mute(a->synth, muted);
    SDL_PauseAudioDevice(a->device, 0);
    return a;
}

void game_audio_close(game_audio *a)
{
    if (!a) return;
    if (a->device) SDL_CloseAudioDevice(a->device);
    game_synth_destroy(a->synth);
    if (a->started_subsystem) SDL_QuitSubSystem(SDL_INIT_AUDIO);
    free(a);
}

game_synth *game_audio_lock(game_audio *a)
{
    if (!a) return NULL;
    SDL_LockAudioDevice(a->device);
    return a->synth;
}

void game_audio_unlock(game_audio *a)
{
    if (a) SDL_UnlockAudioDevice(a->device);
}
