// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* kit_batch.c - coloured triangles gathered for one draw call
 * (kit_batch.h). */
#include "kit_batch.h"

#include <math.h>
#include <stdlib.h>

#define PI_F 3.14159265358979f

void kit_batch_free(kit_batch *b)
{
    free(b->v);
    free(b->index);
    *b = (kit_batch){0};
}

void kit_batch_clear(kit_batch *b) { b->nv = b->ni = 0; }

static bool grow(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap) return true;
    int cap2 = *cap > 0 ? *cap : 256;
    while (cap2 < need) cap2 *= 2;
    void *q = realloc(*p, (size_t)cap2 * size);
    if (!q) return false;
    *p = q;
    *cap = cap2;
    return true;
}

bool kit_batch_reserve(kit_batch *b, int nv, int ni)
{
    return grow((void **)&b->v, &b->cap_v, b->nv + nv, sizeof *b->v) &&
           grow((void **)&b->index, &b->cap_i, b->ni + ni, sizeof *b->index);
}

static void put(kit_batch *b, SDL_FPoint p, SDL_Color c)
{
    b->v[b->nv++] = (SDL_Vertex){p, c, {0, 0}};
}

void kit_batch_triangle(kit_batch *b, SDL_FPoint p0, SDL_FPoint p1, SDL_FPoint p2, SDL_Color c0,
                         SDL_Color c1, SDL_Color c2)
{
    if (!kit_batch_reserve(b, 3, 3)) return;
    int k = b->nv;
    put(b, p0, c0), put(b, p1, c1), put(b, p2, c2);
    b->index[b->ni++] = k, b->index[b->ni++] = k + 1, b->index[b->ni++] = k + 2;
}

void kit_batch_quad(kit_batch *b, const SDL_FPoint p[4], const SDL_Color c[4])
{
    if (!kit_batch_reserve(b, 4, 6)) return;
    int k = b->nv;
    for (int q = 0; q < 4; q++) put(b, p[q], c[q]);
    int *ix = &b->index[b->ni];
    ix[0] = k, ix[1] = k + 1, ix[2] = k + 2, ix[3] = k, ix[4] = k + 2, ix[5] = k + 3;
    b->ni += 6;
}

void kit_batch_line(kit_batch *b, float x0, float y0, float x1, float y1, float width,
                     SDL_Color c0, SDL_Color c1)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
    SDL_FPoint p[4] = {{x0 + nx, y0 + ny}, {x0 - nx, y0 - ny}, {x1 - nx, y1 - ny}, {x1 + nx, y1 + ny}};
    SDL_Color c[4] = {c0, c0, c1, c1};
    kit_batch_quad(b, p, c);
}

void kit_batch_rect(kit_batch *b, float x, float y, float w, float h, SDL_Color c)
{
    if (w <= 0 || h <= 0) return;
    SDL_FPoint p[4] = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
    SDL_Color cc[4] = {c, c, c, c};
    kit_batch_quad(b, p, cc);
}

void kit_batch_outline(kit_batch *b, float x, float y, float w, float h, float t, SDL_Color c)
{
    kit_batch_rect(b, x, y, w, t, c);
    kit_batch_rect(b, x, y + h - t, w, t, c);
    kit_batch_rect(b, x, y + t, t, h - 2 * t, c);
    kit_batch_rect(b, x + w - t, y + t, t, h - 2 * t, c);
}

void kit_batch_disc(kit_batch *b, float cx, float cy, float r, int segments, SDL_Color inner,
                     SDL_Color outer)
{
    if (segments < 3 || !kit_batch_reserve(b, segments + 1, 3 * segments)) return;
    int c = b->nv;
    put(b, (SDL_FPoint){cx, cy}, inner);
    for (int k = 0; k < segments; k++) {
        float a = 2 * PI_F * (float)k / (float)segments;
        put(b, (SDL_FPoint){cx + r * cosf(a), cy + r * sinf(a)}, outer);
        b->index[b->ni++] = c;
        b->index[b->ni++] = c + 1 + k;
        b->index[b->ni++] = c + 1 + (k + 1) % segments;
    }
}

void kit_batch_ring(kit_batch *b, float cx, float cy, float r, float width, int segments,
                     SDL_Color c)
{
    if (segments < 3 || !kit_batch_reserve(b, 2 * segments, 6 * segments)) return;
    int base = b->nv;
    for (int k = 0; k < segments; k++) {
        float a = 2 * PI_F * (float)k / (float)segments, ca = cosf(a), sa = sinf(a);
        put(b, (SDL_FPoint){cx + (r - width / 2) * ca, cy + (r - width / 2) * sa}, c);
        put(b, (SDL_FPoint){cx + (r + width / 2) * ca, cy + (r + width / 2) * sa}, c);
    }
    for (int k = 0; k < segments; k++) {
        int i0 = base + 2 * k, i1 = base + 2 * ((k + 1) % segments);
        int *ix = &b->index[b->ni];
        ix[0] = i0, ix[1] = i0 + 1, ix[2] = i1 + 1, ix[3] = i0, ix[4] = i1 + 1, ix[5] = i1;
        b->ni += 6;
    }
}

void kit_batch_draw(const kit_batch *b, SDL_Renderer *r)
{
    if (b->ni > 0) SDL_RenderGeometry(r, NULL, b->v, b->nv, b->index, b->ni);
}
