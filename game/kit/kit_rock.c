// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* kit_rock.c - a level's walls as rock (kit_rock.h). Polygons are cut
 * into triangles by the engine (eddy_wall_triangles) and filled with a
 * vertical shade (lighter where light from above would catch the rock);
 * every outline gets a dark rim, circles are triangle fans. All of it goes
 * into one batch. */
#include "kit_rock.h"

#include <math.h>

#define CIRCLE_SEGMENTS 48

static SDL_FPoint px(const kit_rock_map *m, double x, double y)
{
    SDL_FPoint p = {(float)(m->ox + x * m->sx), (float)(m->oy + (m->height - y) * m->sy)};
    return p;
}

/* Rock colour at height y: a warm grey, lighter towards the top. */
static SDL_Color shade_at(const kit_rock_map *m, double y)
{
    double t = m->height > 0 ? y / m->height : 0.5;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    SDL_Color c = {(Uint8)(58 + 34 * t), (Uint8)(50 + 28 * t), (Uint8)(44 + 22 * t), 255};
    return c;
}

static void rim(kit_batch *b, SDL_FPoint a, SDL_FPoint c, float width)
{
    SDL_Color dark = {28, 24, 22, 255};
    kit_batch_line(b, a.x, a.y, c.x, c.y, width, dark, dark);
}

static void add_polygon(kit_batch *b, const kit_rock_map *m, const eddy_wall *w, float rim_width)
{
    double tri[EDDY_WALL_MAX_POINTS][3][2];
    int n = eddy_wall_triangles(w, tri, EDDY_WALL_MAX_POINTS);
    for (int t = 0; t < n; t++)
        kit_batch_triangle(b, px(m, tri[t][0][0], tri[t][0][1]), px(m, tri[t][1][0], tri[t][1][1]),
                            px(m, tri[t][2][0], tri[t][2][1]), shade_at(m, tri[t][0][1]),
                            shade_at(m, tri[t][1][1]), shade_at(m, tri[t][2][1]));
    for (int p = 0; p < w->point_count; p++) {
        const double *a = w->points[p], *c = w->points[(p + 1) % w->point_count];
        rim(b, px(m, a[0], a[1]), px(m, c[0], c[1]), rim_width);
    }
}

static void add_circle(kit_batch *b, const kit_rock_map *m, const eddy_wall *w, float rim_width)
{
    SDL_FPoint centre = px(m, w->x, w->y), edge[CIRCLE_SEGMENTS];
    double ey[CIRCLE_SEGMENTS];
    for (int k = 0; k < CIRCLE_SEGMENTS; k++) {
        double a = 2.0 * 3.14159265358979 * k / CIRCLE_SEGMENTS;
        ey[k] = w->y + w->radius * sin(a);
        edge[k] = px(m, w->x + w->radius * cos(a), ey[k]);
    }
    for (int k = 0; k < CIRCLE_SEGMENTS; k++) {
        int n = (k + 1) % CIRCLE_SEGMENTS;
        kit_batch_triangle(b, centre, edge[k], edge[n], shade_at(m, w->y), shade_at(m, ey[k]),
                            shade_at(m, ey[n]));
    }
    for (int k = 0; k < CIRCLE_SEGMENTS; k++)
        rim(b, edge[k], edge[(k + 1) % CIRCLE_SEGMENTS], rim_width);
}

void kit_rock_build(kit_batch *b, const eddy_wall *walls, int count, const kit_rock_map *m,
                    float rim_width)
{
    for (int k = 0; walls && k < count; k++) {
        if (walls[k].kind == EDDY_WALL_CIRCLE) add_circle(b, m, &walls[k], rim_width);
        else add_polygon(b, m, &walls[k], rim_width);
    }
}
