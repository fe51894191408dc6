// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_surface.c - the water's surface and its spray drawn (game_surface.h).
 * The surface is sampled at SURFACE_POINTS heights across the tank
 * (eddy_coupling_surface_heights); the air above it is a strip of quads down
 * to the line, shaded lighter towards the tank's top; the line is a bright
 * strip with a fainter band of foam-coloured water under it; droplets are
 * small diamonds.
 */
#include "game_surface.h"
#include <eddy/eddy_surface.h>

#include <math.h>

#define SURFACE_POINTS 161

typedef struct surface_map {
    double ox, oy, scale, height;
} surface_map;

static SDL_FPoint px(const surface_map *m, double x, double y)
{
    SDL_FPoint p = {(float)(m->ox + x * m->scale), (float)(m->oy + (m->height - y) * m->scale)};
    return p;
}

static SDL_Vertex vtx(SDL_FPoint p, SDL_Color c)
{
    SDL_Vertex v = {p, c, {0, 0}};
    return v;
}

/* A strip between two polylines a and b (SURFACE_POINTS each), top colour ca,
 * bottom colour cb. */
static void strip(SDL_Renderer *r, const SDL_FPoint *a, SDL_Color ca, const SDL_FPoint *b,
                  SDL_Color cb)
{
    SDL_Vertex v[4 * (SURFACE_POINTS - 1)];
    int idx[6 * (SURFACE_POINTS - 1)], nv = 0, ni = 0;
    for (int k = 0; k + 1 < SURFACE_POINTS; ++k) {
        v[nv] = vtx(a[k], ca), v[nv + 1] = vtx(a[k + 1], ca);
        v[nv + 2] = vtx(b[k + 1], cb), v[nv + 3] = vtx(b[k], cb);
        const int q[6] = {0, 1, 2, 0, 2, 3};
        for (int i = 0; i < 6; ++i) idx[ni++] = nv + q[i];
        nv += 4;
    }
    SDL_RenderGeometry(r, NULL, v, nv, idx, ni);
}

void game_surface_draw(SDL_Renderer *r, const game_sim *sim, double ox, double oy, double scale,
                       double height, double ui)
{
    eddy_coupling *c = game_sim_coupling(sim);
    if (!eddy_coupling_has_surface(c)) return;
    const game_level *L = game_sim_level(sim);
    surface_map m = {ox, oy, scale, height};
    double xs[SURFACE_POINTS], ys[SURFACE_POINTS];
    for (int k = 0; k < SURFACE_POINTS; ++k) xs[k] = L->asset.width * k / (SURFACE_POINTS - 1);
    eddy_coupling_surface_heights(c, SURFACE_POINTS, xs, ys);
    SDL_FPoint top[SURFACE_POINTS], line[SURFACE_POINTS], under[SURFACE_POINTS], edge[SURFACE_POINTS];
    float thick = (float)(2.0 * ui), band = (float)(0.18 * scale);
    for (int k = 0; k < SURFACE_POINTS; ++k) {
        top[k] = px(&m, xs[k], height);
        line[k] = px(&m, xs[k], ys[k]);
        edge[k] = line[k], edge[k].y += thick;
        under[k] = line[k], under[k].y += band;
    }
    /* the air: a night sky over the tank, lighter at the top */
    strip(r, top, (SDL_Color){30, 42, 62, 255}, line, (SDL_Color){16, 24, 38, 255});
    /* foam under the line, then the line itself */
    strip(r, edge, (SDL_Color){150, 205, 235, 90}, under, (SDL_Color){110, 170, 220, 0});
    strip(r, line, (SDL_Color){215, 240, 255, 255}, edge, (SDL_Color){170, 220, 250, 230});
}

void game_surface_draw_spray(SDL_Renderer *r, const game_spray *spray, double ox, double oy,
                             double scale, double height, double ui)
{
    if (!spray) return;
    surface_map m = {ox, oy, scale, height};
    enum { BATCH = 128 };
    SDL_Vertex v[4 * BATCH];
    int idx[6 * BATCH], n = 0;
    for (int i = 0; i < GAME_SPRAY_MAX; ++i) {
        const game_drop *d = &spray->drops[i];
        if (!d->alive) continue;
        SDL_FPoint p = px(&m, d->x, d->y);
        float s = (float)fmax(1.2 * ui, d->size * scale);
        Uint8 a = (Uint8)(230 * fmax(0.0, 1.0 - d->age / 4.0));
        SDL_Color c = {205, 235, 255, a};
        const float dx[4] = {0, s, 0, -s}, dy[4] = {-s, 0, s, 0};
        for (int k = 0; k < 4; ++k) v[4 * n + k] = vtx((SDL_FPoint){p.x + dx[k], p.y + dy[k]}, c);
        const int q[6] = {0, 1, 2, 0, 2, 3};
        for (int k = 0; k < 6; ++k) idx[6 * n + k] = 4 * n + q[k];
        if (++n == BATCH) {
            SDL_RenderGeometry(r, NULL, v, 4 * n, idx, 6 * n);
            n = 0;
        }
    }
    if (n > 0) SDL_RenderGeometry(r, NULL, v, 4 * n, idx, 6 * n);
}
