// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* paint_rock.c - walls as rock over the painted field (paint_rock.h):
 * polygons as the engine's triangles (eddy_wall_triangles), circles as
 * fans, a light rim so the outline reads on any background. */
#include "paint_rock.h"
#include "paint_render.h"

#include <math.h>

#define SEGMENTS 40

static const SDL_Color FILL = {72, 62, 54, 235};
static const SDL_Color RIM = {196, 178, 150, 255};

static SDL_Vertex corner(const SDL_Rect *r, double w, double h, double x, double y, SDL_Color c)
{
    SDL_Vertex v;
    paint_to_screen(r, w, h, x, y, &v.position.x, &v.position.y);
    v.color = c;
    v.tex_coord.x = v.tex_coord.y = 0;
    return v;
}

void paint_rock_draw(SDL_Renderer *ren, const SDL_Rect *rect, double width, double height,
                     const eddy_wall *walls, int count)
{
    SDL_Rect saved;
    bool clipped = SDL_RenderIsClipEnabled(ren);
    SDL_RenderGetClipRect(ren, &saved);
    SDL_RenderSetClipRect(ren, rect); /* a circle may leave the level: the box clips it */
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    for (int k = 0; k < count; k++) {
        const eddy_wall *w = &walls[k];
        SDL_FPoint rim[EDDY_WALL_MAX_POINTS > SEGMENTS ? EDDY_WALL_MAX_POINTS + 1 : SEGMENTS + 1];
        int n = 0;
        if (w->kind == EDDY_WALL_CIRCLE) {
            SDL_Vertex v[SEGMENTS + 1];
            int idx[3 * SEGMENTS];
            v[0] = corner(rect, width, height, w->x, w->y, FILL);
            for (int s = 0; s < SEGMENTS; s++) {
                double a = 2.0 * 3.14159265358979 * s / SEGMENTS;
                v[s + 1] = corner(rect, width, height, w->x + w->radius * cos(a),
                                  w->y + w->radius * sin(a), FILL);
                idx[3 * s] = 0, idx[3 * s + 1] = s + 1, idx[3 * s + 2] = (s + 1) % SEGMENTS + 1;
                rim[n++] = v[s + 1].position;
            }
            SDL_RenderGeometry(ren, NULL, v, SEGMENTS + 1, idx, 3 * SEGMENTS);
        } else {
            double tri[EDDY_WALL_MAX_POINTS][3][2];
            int t = eddy_wall_triangles(w, tri, EDDY_WALL_MAX_POINTS);
            for (int q = 0; q < t; q++) {
                SDL_Vertex v[3];
                for (int c = 0; c < 3; c++) v[c] = corner(rect, width, height, tri[q][c][0], tri[q][c][1], FILL);
                SDL_RenderGeometry(ren, NULL, v, 3, NULL, 0);
            }
            for (int p = 0; p < w->point_count; p++)
                rim[n++] = corner(rect, width, height, w->points[p][0], w->points[p][1], FILL).position;
        }
        rim[n] = rim[0];
        SDL_SetRenderDrawColor(ren, RIM.r, RIM.g, RIM.b, RIM.a);
        SDL_RenderDrawLinesF(ren, rim, n + 1);
    }
    SDL_RenderSetClipRect(ren, clipped ? &saved : NULL);
}
