// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_spray.c - droplets where bodies cross the water's surface (game_spray.h).
 *
 * A splash of a body of mass m (kg per metre) crossing at speed v throws
 * n = clamp(v sqrt(m) / 3, 4, 48) droplets from where it crossed: up at
 * 0.3 to 0.9 of the crossing speed (a body falling in throws more than one
 * leaving), spread sideways by half that, each a few millimetres to two
 * centimetres across. Below SPLASH_MIN_SPEED a body slips in without spray.
 */
#include "game_spray.h"
#include <eddy/eddy_surface.h>

#include <math.h>
#include <string.h>

#define SPLASH_MIN_SPEED 0.6 /* m/s */
#define DROP_LIFE 4.0        /* s */

void game_spray_reset(game_spray *s) { memset(s, 0, sizeof *s); }

/* xorshift64*, in [0, 1) */
static double uniform(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12, x ^= x << 25, x ^= x >> 27;
    *state = x;
    return (double)((x * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}

static void throw_drops(game_spray *s, const eddy_splash *e, long frame, int index)
{
    if (!(e->speed >= SPLASH_MIN_SPEED)) return;
    double n = e->speed * sqrt(e->mass > 0 ? e->mass : 1.0) / 3.0;
    int count = (int)fmin(48.0, fmax(4.0, n));
    uint64_t seed = 0x9e3779b97f4a7c15ull ^ ((uint64_t)frame * 0x100000001b3ull) ^ (uint64_t)(index + 1);
    double up = e->kind == EDDY_SPLASH_ENTER ? 0.9 : 0.5;
    for (int k = 0; k < count; ++k) {
        game_drop *d = &s->drops[s->next];
        s->next = (s->next + 1) % GAME_SPRAY_MAX;
        double v = e->speed * up * (0.35 + 0.65 * uniform(&seed));
        double side = (uniform(&seed) - 0.5) * v + 0.3 * e->vx;
        d->x = e->x + (uniform(&seed) - 0.5) * 0.3;
        d->y = e->y + 0.02;
        d->vx = side;
        d->vy = v;
        d->age = 0;
        d->size = 0.006 + 0.014 * uniform(&seed);
        d->alive = true;
    }
}

void game_spray_step(game_spray *s, const game_sim *sim)
{
    eddy_coupling *c = game_sim_coupling(sim);
    if (!eddy_coupling_has_surface(c)) return;
    const eddy_splash *events = NULL;
    int n = eddy_coupling_splashes(c, &events);
    for (int i = 0; i < n; ++i) throw_drops(s, &events[i], game_sim_frame(sim), s->splashes + i);
    s->splashes += n;
    double g[2];
    eddy_world_get_gravity(game_sim_world(sim), g);
    const game_level *L = game_sim_level(sim);
    for (int i = 0; i < GAME_SPRAY_MAX; ++i) {
        game_drop *d = &s->drops[i];
        if (!d->alive) continue;
        d->vx += GAME_DT * g[0], d->vy += GAME_DT * g[1];
        d->x += GAME_DT * d->vx, d->y += GAME_DT * d->vy;
        d->age += GAME_DT;
        bool out = d->x < 0 || d->x > L->asset.width || d->y > L->asset.height || d->age > DROP_LIFE;
        bool back = d->vy < 0 && d->y < eddy_coupling_surface_height(c, d->x);
        if (out || back) d->alive = false;
    }
}

int game_spray_alive(const game_spray *s)
{
    int n = 0;
    for (int i = 0; i < GAME_SPRAY_MAX; ++i) n += s->drops[i].alive;
    return n;
}
