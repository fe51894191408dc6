// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_rock.c - a level's walls drawn as rock (game_rock.h). Polygons are cut
 * into triangles by the engine (eddy_wall_triangles) and filled with a
 * vertical shade (lighter where light from above would catch the rock);
 * every outline gets a dark rim, circles are triangle fans. */
#include "game_rock.h"

#include <math.h>

#define CIRCLE_SEGMENTS 48

typedef struct rock_map {
    double ox, oy, scale, height;
} rock_map;

static SDL_FPoint px(const rock_map *m, double x, double y)
{
    SDL_FPoint p = {(float)(m->ox + x * m->scale), (float)(m->oy + (m->height - y) * m->scale)};
    return p;
}

/* Rock colour at height y: a warm grey, lighter towards the top. */
static SDL_Color shade_at(const rock_map *m, double y)
{
    double t = m->height > 0 ? y / m->height : 0.5;
    if (t < 0) t = 0;
    if (t > 1) t = 1;
    SDL_Color c = {(Uint8)(58 + 34 * t), (Uint8)(50 + 28 * t), (Uint8)(44 + 22 * t), 255};
    return c;
}

static SDL_Vertex vertex(const rock_map *m, double x, double y)
{
    SDL_Vertex v;
    v.position = px(m, x, y);
    v.color = shade_at(m, y);
    v.tex_coord.x = v.tex_coord.y = 0;
    return v;
}

static void rim(SDL_Renderer *r, SDL_FPoint a, SDL_FPoint b, float width)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0) return;
    float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
    SDL_Color c = {28, 24, 22, 255};
    SDL_Vertex v[4] = {{{a.x + nx, a.y + ny}, c, {0, 0}}, {{b.x + nx, b.y + ny}, c, {0, 0}},
                       {{b.x - nx, b.y - ny}, c, {0, 0}}, {{a.x - nx, a.y - ny}, c, {0, 0}}};
    int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(r, NULL, v, 4, idx, 6);
}

static void draw_polygon(SDL_Renderer *r, const rock_map *m, const eddy_wall *w, float rim_width)
{
    double tri[EDDY_WALL_MAX_POINTS][3][2];
    int n = eddy_wall_triangles(w, tri, EDDY_WALL_MAX_POINTS);
    for (int t = 0; t < n; t++) {
        SDL_Vertex v[3];
        for (int k = 0; k < 3; k++) v[k] = vertex(m, tri[t][k][0], tri[t][k][1]);
        SDL_RenderGeometry(r, NULL, v, 3, NULL, 0);
    }
    for (int p = 0; p < w->point_count; p++) {
        const double *a = w->points[p], *b = w->points[(p + 1) % w->point_count];
        rim(r, px(m, a[0], a[1]), px(m, b[0], b[1]), rim_width);
    }
}

static void draw_circle(SDL_Renderer *r, const rock_map *m, const eddy_wall *w, float rim_width)
{
    SDL_Vertex v[CIRCLE_SEGMENTS + 1];
    int idx[3 * CIRCLE_SEGMENTS];
    v[0] = vertex(m, w->x, w->y);
    for (int k = 0; k < CIRCLE_SEGMENTS; k++) {
        double a = 2.0 * 3.14159265358979 * k / CIRCLE_SEGMENTS;
        v[k + 1] = vertex(m, w->x + w->radius * cos(a), w->y + w->radius * sin(a));
        idx[3 * k] = 0, idx[3 * k + 1] = k + 1, idx[3 * k + 2] = (k + 1) % CIRCLE_SEGMENTS + 1;
    }
    SDL_RenderGeometry(r, NULL, v, CIRCLE_SEGMENTS + 1, idx, 3 * CIRCLE_SEGMENTS);
    for (int k = 0; k < CIRCLE_SEGMENTS; k++)
        rim(r, v[k + 1].position, v[(k + 1) % CIRCLE_SEGMENTS + 1].position, rim_width);
}

void game_rock_draw(SDL_Renderer *r, const eddy_asset *asset, double ox, double oy, double scale,
                    double height, double ui)
{
    int count = eddy_asset_wall_count(asset);
    if (count == 0) return;
    const eddy_wall *walls = eddy_asset_walls(asset);
    rock_map m = {ox, oy, scale, height};
    float rim_width = (float)(3.0 * ui);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    for (int k = 0; k < count; k++) {
        if (walls[k].kind == EDDY_WALL_CIRCLE) draw_circle(r, &m, &walls[k], rim_width);
        else draw_polygon(r, &m, &walls[k], rim_width);
    }
}
