// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_batch.h - a batch of coloured triangles drawn with one
 * SDL_RenderGeometry call.
 *
 * A software rasteriser (Mesa's llvmpipe under Xvfb, or a laptop without a
 * GPU driver) pays for every draw call and, far more, for every pixel it
 * fills: the renderer therefore gathers what it can into batches (the
 * tracers, the rock, the tank's glass) and keeps the batches of what does
 * not move between frames, rebuilding them only when the layout changes.
 * Shapes are given in pixels. A batch that cannot grow (out of memory)
 * keeps what it holds and drops the rest, so drawing never fails.
 */
#ifndef KIT_BATCH_H
#define KIT_BATCH_H

#include <SDL.h>
#include <stdbool.h>

typedef struct kit_batch {
    SDL_Vertex *v;
    int *index;
    int nv, ni;         /* in use */
    int cap_v, cap_i;   /* allocated */
} kit_batch;

void kit_batch_free(kit_batch *b);
void kit_batch_clear(kit_batch *b);
/* Room for nv more vertices and ni more indices; false when it cannot grow. */
bool kit_batch_reserve(kit_batch *b, int nv, int ni);

/* A triangle, a quad (corners in order), a line of the given width from
 * colour c0 to c1, an axis-aligned rectangle, a rectangle's outline of
 * thickness t (inside the rectangle). */
void kit_batch_triangle(kit_batch *b, SDL_FPoint p0, SDL_FPoint p1, SDL_FPoint p2, SDL_Color c0,
                         SDL_Color c1, SDL_Color c2);
void kit_batch_quad(kit_batch *b, const SDL_FPoint p[4], const SDL_Color c[4]);
void kit_batch_line(kit_batch *b, float x0, float y0, float x1, float y1, float width,
                     SDL_Color c0, SDL_Color c1);
void kit_batch_rect(kit_batch *b, float x, float y, float w, float h, SDL_Color c);
void kit_batch_outline(kit_batch *b, float x, float y, float w, float h, float t, SDL_Color c);
/* A disc as a fan of segments triangles, inner colour at the centre. */
void kit_batch_disc(kit_batch *b, float cx, float cy, float r, int segments, SDL_Color inner,
                     SDL_Color outer);
/* A ring of the given width, centred on radius r. */
void kit_batch_ring(kit_batch *b, float cx, float cy, float r, float width, int segments,
                     SDL_Color c);

/* One SDL_RenderGeometry call for everything in the batch (none when empty). */
void kit_batch_draw(const kit_batch *b, SDL_Renderer *r);

#endif /* KIT_BATCH_H */
