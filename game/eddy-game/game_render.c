// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_render.c - one frame of eddy-game (game_render.h).
 */
#include "game_render.h"
#include "game_rock.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define CIRCLE_POINTS 36
#define MAX_OUTLINE 40
#define MAX_TRACER_VERTS (GAME_FLOW_TRACERS * GAME_FLOW_TRAIL * 4)
#define MAX_TRACER_INDEX (GAME_FLOW_TRACERS * GAME_FLOW_TRAIL * 6)

typedef struct body_look {
    int pieces;
    int count[4];                   /* outline points per piece (at most 4 pieces drawn) */
    float local[4][MAX_OUTLINE][2]; /* body space */
    bool circle[4];
    float circle_r[4], circle_c[4][2];
    SDL_Color fill, edge;
    int buoy;                       /* +1 floats, -1 sinks, 0 neither (static, paddle) */
    bool paddle, stat;
} body_look;

struct game_render {
    SDL_Renderer *r;
    int w, h;
    double ui;
    game_text *text;
    SDL_Texture *water;
    int water_w, water_h;
    uint32_t *pixels;
    /* layout of the last frame */
    double ox, oy, scale, W, H;
    int menu_y0, menu_row_h, menu_x0, menu_x1, menu_rows;
    /* bodies of the sim last drawn */
    const game_sim *sim;
    int body_count;
    body_look *looks;
    /* smoothed timings for the table */
    long last_frame;
    double avg[13];
    /* scratch for geometry */
    SDL_Vertex *verts;
    int *index;
};

/* ------------------------------------------------------------ helpers */

static SDL_Color rgba(int r, int g, int b, int a)
{
    SDL_Color c = {(Uint8)r, (Uint8)g, (Uint8)b, (Uint8)a};
    return c;
}

static SDL_Color shade(SDL_Color c, double k, int a)
{
    double r = c.r * k, g = c.g * k, b = c.b * k;
    return rgba(r > 255 ? 255 : (int)r, g > 255 ? 255 : (int)g, b > 255 ? 255 : (int)b, a);
}

static void to_px(const game_render *g, double x, double y, float *px, float *py)
{
    *px = (float)(g->ox + x * g->scale);
    *py = (float)(g->oy + (g->H - y) * g->scale);
}

static void fill_rect(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_FRect rect = {x, y, w, h};
    SDL_RenderFillRectF(r, &rect);
}

static void rect_outline(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c,
                         float t)
{
    fill_rect(r, x, y, w, t, c);
    fill_rect(r, x, y + h - t, w, t, c);
    fill_rect(r, x, y + t, t, h - 2 * t, c);
    fill_rect(r, x + w - t, y + t, t, h - 2 * t, c);
}

/* A thick line as a quad. */
static void thick_line(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width,
                       SDL_Color c0, SDL_Color c1)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1e-3f) return;
    float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
    SDL_Vertex v[4] = {{{x0 + nx, y0 + ny}, c0, {0, 0}}, {{x0 - nx, y0 - ny}, c0, {0, 0}},
                       {{x1 - nx, y1 - ny}, c1, {0, 0}}, {{x1 + nx, y1 + ny}, c1, {0, 0}}};
    static const int idx[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(r, NULL, v, 4, idx, 6);
}

static void arrow(SDL_Renderer *r, float x0, float y0, float x1, float y1, float width,
                  SDL_Color c)
{
    thick_line(r, x0, y0, x1, y1, width, c, c);
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 3) return;
    float ux = dx / len, uy = dy / len, head = fminf(len * 0.45f, 7.0f + width);
    SDL_Vertex v[3] = {{{x1 + ux * 1.5f, y1 + uy * 1.5f}, c, {0, 0}},
                       {{x1 - ux * head - uy * head * 0.55f, y1 - uy * head + ux * head * 0.55f}, c, {0, 0}},
                       {{x1 - ux * head + uy * head * 0.55f, y1 - uy * head - ux * head * 0.55f}, c, {0, 0}}};
    SDL_RenderGeometry(r, NULL, v, 3, NULL, 0);
}

/* A filled disc in pixels (triangle fan). */
static void disc(SDL_Renderer *r, float cx, float cy, float rad, SDL_Color inner, SDL_Color outer)
{
    SDL_Vertex v[26];
    int idx[72];
    v[0] = (SDL_Vertex){{cx, cy}, inner, {0, 0}};
    for (int k = 0; k < 24; k++) {
        double a = 2 * PI * k / 24;
        v[1 + k] = (SDL_Vertex){{cx + rad * (float)cos(a), cy + rad * (float)sin(a)}, outer, {0, 0}};
        idx[3 * k] = 0, idx[3 * k + 1] = 1 + k, idx[3 * k + 2] = 1 + (k + 1) % 24;
    }
    SDL_RenderGeometry(r, NULL, v, 25, idx, 72);
}

static void ring(SDL_Renderer *r, float cx, float cy, float rad, float width, SDL_Color c)
{
    SDL_Vertex v[64];
    int idx[192];
    for (int k = 0; k < 32; k++) {
        double a = 2 * PI * k / 32;
        float ca = (float)cos(a), sa = (float)sin(a);
        v[2 * k] = (SDL_Vertex){{cx + (rad - width / 2) * ca, cy + (rad - width / 2) * sa}, c, {0, 0}};
        v[2 * k + 1] = (SDL_Vertex){{cx + (rad + width / 2) * ca, cy + (rad + width / 2) * sa}, c, {0, 0}};
        int n = (k + 1) % 32;
        idx[6 * k] = 2 * k, idx[6 * k + 1] = 2 * k + 1, idx[6 * k + 2] = 2 * n + 1;
        idx[6 * k + 3] = 2 * k, idx[6 * k + 4] = 2 * n + 1, idx[6 * k + 5] = 2 * n;
    }
    SDL_RenderGeometry(r, NULL, v, 64, idx, 192);
}

/* ------------------------------------------------------------ views */

bool game_view_parse(const char *list, game_view *v, char *bad, size_t bad_cap)
{
    static const char *const names[] = {"dye", "tracers", "arrows", "panels", "quadtree",
                                        "samples", "timings", "help"};
    bool *flags[] = {&v->dye, &v->tracers, &v->arrows, &v->panels, &v->quadtree, &v->samples,
                     &v->timings, &v->help};
    const char *p = list;
    while (p && *p) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        bool found = false;
        if (n == 4 && strncmp(p, "none", 4) == 0) {
            for (int k = 0; k < 8; k++) *flags[k] = false;
            found = true;
        }
        for (int k = 0; k < 8 && !found; k++)
            if (strlen(names[k]) == n && strncmp(p, names[k], n) == 0) *flags[k] = found = true;
        if (!found) {
            snprintf(bad, bad_cap, "%.*s", (int)(n < 40 ? n : 40), p);
            return false;
        }
        p = end ? end + 1 : NULL;
    }
    return true;
}

/* ------------------------------------------------------------ set-up */

static void make_text(game_render *g)
{
    game_text_destroy(g->text);
    g->text = game_text_create(g->r, g->ui);
}

eddy_result game_render_create(SDL_Renderer *r, int width, int height, game_render **out,
                               eddy_error *err)
{
    *out = NULL;
    game_render *g = calloc(1, sizeof *g);
    if (!g) return game_error(err, EDDY_ERR_MEMORY, "render: out of memory");
    g->r = r;
    g->verts = malloc(MAX_TRACER_VERTS * sizeof *g->verts);
    g->index = malloc(MAX_TRACER_INDEX * sizeof *g->index);
    g->water_w = GAME_FLOW_DYE_W, g->water_h = GAME_FLOW_DYE_H;
    g->pixels = malloc((size_t)g->water_w * g->water_h * sizeof(uint32_t));
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    g->water = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING,
                                 g->water_w, g->water_h);
    if (!g->verts || !g->index || !g->pixels || !g->water) {
        game_render_destroy(g);
        return game_error(err, EDDY_ERR_MEMORY, "render: cannot create the water texture (%s)",
                          SDL_GetError());
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    g->w = width, g->h = height;
    g->ui = height / 800.0 < 0.6 ? 0.6 : height / 800.0 > 2.5 ? 2.5 : height / 800.0;
    make_text(g);
    *out = g;
    return EDDY_OK;
}

void game_render_destroy(game_render *g)
{
    if (!g) return;
    game_text_destroy(g->text);
    if (g->water) SDL_DestroyTexture(g->water);
    free(g->pixels);
    free(g->looks);
    free(g->verts);
    free(g->index);
    free(g);
}

void game_render_resize(game_render *g, int width, int height)
{
    double ui = height / 800.0 < 0.6 ? 0.6 : height / 800.0 > 2.5 ? 2.5 : height / 800.0;
    g->w = width, g->h = height;
    if (fabs(ui - g->ui) > 0.02) {
        g->ui = ui;
        make_text(g);
    }
}

bool game_render_has_font(const game_render *g) { return game_text_ok(g->text); }

/* ------------------------------------------------------------ bodies */

static void outline_of(eddy_body *b, body_look *look)
{
    look->pieces = 0;
    for (int s = 0; s < eddy_body_shape_count(b) && look->pieces < 4; s++) {
        eddy_shape_info info;
        if (eddy_body_get_shape(b, s, &info, NULL) != EDDY_OK || info.is_sensor) continue;
        int p = look->pieces++;
        if (info.type == EDDY_SHAPE_CIRCLE) {
            look->circle[p] = true;
            look->circle_r[p] = (float)info.radius;
            look->circle_c[p][0] = (float)info.center[0], look->circle_c[p][1] = (float)info.center[1];
            look->count[p] = CIRCLE_POINTS;
            for (int k = 0; k < CIRCLE_POINTS; k++) {
                double a = 2 * PI * k / CIRCLE_POINTS;
                look->local[p][k][0] = (float)(info.center[0] + info.radius * cos(a));
                look->local[p][k][1] = (float)(info.center[1] + info.radius * sin(a));
            }
        } else {
            look->count[p] = info.vertex_count;
            for (int k = 0; k < info.vertex_count; k++) {
                look->local[p][k][0] = (float)info.vertices[k][0];
                look->local[p][k][1] = (float)info.vertices[k][1];
            }
        }
    }
}

static void prepare_bodies(game_render *g, const game_sim *sim)
{
    if (g->sim == sim && g->looks) return;
    free(g->looks);
    g->sim = sim;
    g->body_count = game_sim_body_count(sim);
    g->looks = calloc((size_t)g->body_count + 1, sizeof *g->looks);
    if (!g->looks) return;
    const game_level *L = game_sim_level(sim);
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    for (int i = 0; i < g->body_count; i++) {
        body_look *look = &g->looks[i];
        eddy_body *b = game_sim_body(sim, i);
        outline_of(b, look);
        const eddy_scene_body *sb = &v.bodies[i];
        if (i == L->body_count && L->paddle.present) {
            look->paddle = true;
            look->fill = rgba(L->paddle.color.r, L->paddle.color.g, L->paddle.color.b, 255);
        } else if (sb->type == EDDY_BODY_STATIC) {
            look->stat = true;
            look->fill = rgba(52, 66, 86, 255);
        } else {
            look->buoy = sb->density < v.density ? 1 : sb->density > v.density ? -1 : 0;
            if (L->bodies[i].has_color)
                look->fill = rgba(L->bodies[i].color.r, L->bodies[i].color.g, L->bodies[i].color.b, 255);
            else if (look->buoy > 0)
                look->fill = rgba(190, 170, 128, 255);  /* floats: driftwood */
            else
                look->fill = rgba(112, 100, 160, 255);  /* sinks: slate violet */
        }
        look->edge = look->stat ? rgba(120, 140, 166, 255) : shade(look->fill, 0.45, 255);
    }
}

static void lerp_pose(const eddy_pose *a, const eddy_pose *b, double t, double *x, double *y,
                      double *ang)
{
    double d = b->angle - a->angle;
    while (d > PI) d -= 2 * PI;
    while (d < -PI) d += 2 * PI;
    *x = a->x + (b->x - a->x) * t;
    *y = a->y + (b->y - a->y) * t;
    *ang = a->angle + d * t;
}

static void draw_body(game_render *g, const body_look *look, double x, double y, double ang)
{
    SDL_Renderer *r = g->r;
    double c = cos(ang), s = sin(ang);
    float edge_px = (float)(1.6 * g->ui);
    for (int p = 0; p < look->pieces; p++) {
        int n = look->count[p];
        float pts[MAX_OUTLINE][2], cx = 0, cy = 0;
        for (int k = 0; k < n; k++) {
            double lx = look->local[p][k][0], ly = look->local[p][k][1];
            to_px(g, x + c * lx - s * ly, y + s * lx + c * ly, &pts[k][0], &pts[k][1]);
            cx += pts[k][0] / n, cy += pts[k][1] / n;
        }
        SDL_Vertex v[MAX_OUTLINE * 2 + 1];
        int idx[MAX_OUTLINE * 3];
        /* the rim, a little larger, in the edge colour */
        v[0] = (SDL_Vertex){{cx, cy}, look->edge, {0, 0}};
        for (int k = 0; k < n; k++) {
            float dx = pts[k][0] - cx, dy = pts[k][1] - cy, len = sqrtf(dx * dx + dy * dy);
            float grow = len > 0 ? (len + edge_px) / len : 1;
            v[1 + k] = (SDL_Vertex){{cx + dx * grow, cy + dy * grow}, look->edge, {0, 0}};
            idx[3 * k] = 0, idx[3 * k + 1] = 1 + k, idx[3 * k + 2] = 1 + (k + 1) % n;
        }
        SDL_RenderGeometry(r, NULL, v, n + 1, idx, 3 * n);
        /* the body, lit from above */
        v[0].color = shade(look->fill, 1.05, 255);
        for (int k = 0; k < n; k++) {
            float dy = pts[k][1] - cy, dx = pts[k][0] - cx, len = sqrtf(dx * dx + dy * dy);
            double up = len > 0 ? -dy / len : 0;
            v[1 + k] = (SDL_Vertex){{pts[k][0], pts[k][1]}, shade(look->fill, 0.82 + 0.3 * up, 255), {0, 0}};
        }
        SDL_RenderGeometry(r, NULL, v, n + 1, idx, 3 * n);
        if (look->circle[p]) { /* a dot near the rim shows the spin */
            double lx = look->circle_c[p][0] + 0.68 * look->circle_r[p], ly = look->circle_c[p][1];
            float ax, ay;
            to_px(g, x + c * lx - s * ly, y + s * lx + c * ly, &ax, &ay);
            float dr = (float)(0.12 * look->circle_r[p] * g->scale);
            disc(r, ax, ay, dr, look->edge, look->edge);
        }
    }
    if (look->buoy != 0) { /* a chevron: floats up or sinks down */
        float px, py;
        to_px(g, x, y, &px, &py);
        float k = (float)(0.11 * g->scale) * (float)look->buoy;
        SDL_Color col = shade(look->fill, 0.5, 200);
        float wdt = (float)(2.2 * g->ui);
        thick_line(r, px - fabsf(k), py + k * 0.45f, px, py - k * 0.55f, wdt, col, col);
        thick_line(r, px, py - k * 0.55f, px + fabsf(k), py + k * 0.45f, wdt, col, col);
    }
}

/* ------------------------------------------------------------ water */

static void draw_water(game_render *g, const game_frame_info *f, const SDL_FRect *tank)
{
    int dw, dh;
    const float *dye = game_flow_dye(f->flow, &dw, &dh);
    for (int j = 0; j < dh; j++) {
        double t = (double)j / (dh - 1); /* 0 bottom, 1 top */
        double base[3] = {0.022 + 0.05 * t, 0.075 + 0.16 * t, 0.16 + 0.26 * t};
        uint32_t *row = g->pixels + (size_t)(dh - 1 - j) * dw;
        for (int i = 0; i < dw; i++) {
            const float *ink = &dye[3 * (j * dw + i)];
            int ch[3];
            for (int q = 0; q < 3; q++) {
                double v = f->view.dye ? 1.0 - (1.0 - base[q]) * exp(-1.35 * ink[q]) : base[q];
                ch[q] = (int)(v * 255.0 + 0.5);
            }
            row[i] = 0xff000000u | (uint32_t)ch[0] << 16 | (uint32_t)ch[1] << 8 | (uint32_t)ch[2];
        }
    }
    SDL_UpdateTexture(g->water, NULL, g->pixels, dw * (int)sizeof(uint32_t));
    SDL_RenderCopyF(g->r, g->water, NULL, tank);
}

static void draw_tracers(game_render *g, const game_flow *flow)
{
    int nv = 0, ni = 0;
    float width = (float)(1.3 * g->ui);
    for (int k = 0; k < game_flow_tracer_count(flow); k++) {
        const game_tracer *t = game_flow_tracer(flow, k);
        double life = t->age / t->life, fade = fmin(1.0, fmin(life * 6.0, (1.0 - life) * 4.0));
        if (fade <= 0) continue;
        double sp = fmin(1.0, t->speed / 1.2);
        int cr = (int)(110 + 135 * sp), cg = (int)(170 + 80 * sp), cb = (int)(215 + 40 * sp);
        if (nv + 4 <= MAX_TRACER_VERTS) { /* the particle itself, a speck even in still water */
            float x, y, h = width;
            to_px(g, t->xy[0][0], t->xy[0][1], &x, &y);
            SDL_Color c = rgba(cr, cg, cb, (int)(170 * fade));
            g->verts[nv] = (SDL_Vertex){{x - h, y - h}, c, {0, 0}};
            g->verts[nv + 1] = (SDL_Vertex){{x + h, y - h}, c, {0, 0}};
            g->verts[nv + 2] = (SDL_Vertex){{x + h, y + h}, c, {0, 0}};
            g->verts[nv + 3] = (SDL_Vertex){{x - h, y + h}, c, {0, 0}};
            int *ix = &g->index[ni];
            ix[0] = nv, ix[1] = nv + 1, ix[2] = nv + 2, ix[3] = nv, ix[4] = nv + 2, ix[5] = nv + 3;
            nv += 4, ni += 6;
        }
        for (int s = 0; s + 1 < t->len && nv + 4 <= MAX_TRACER_VERTS; s++) {
            float x0, y0, x1, y1;
            to_px(g, t->xy[s][0], t->xy[s][1], &x0, &y0);
            to_px(g, t->xy[s + 1][0], t->xy[s + 1][1], &x1, &y1);
            float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
            if (len < 0.05f) continue;
            float nx = -dy / len * width * 0.5f, ny = dx / len * width * 0.5f;
            double a0 = fade * (1.0 - (double)s / t->len), a1 = fade * (1.0 - (double)(s + 1) / t->len);
            SDL_Color c0 = rgba(cr, cg, cb, (int)(210 * a0)), c1 = rgba(cr, cg, cb, (int)(210 * a1));
            g->verts[nv] = (SDL_Vertex){{x0 + nx, y0 + ny}, c0, {0, 0}};
            g->verts[nv + 1] = (SDL_Vertex){{x0 - nx, y0 - ny}, c0, {0, 0}};
            g->verts[nv + 2] = (SDL_Vertex){{x1 - nx, y1 - ny}, c1, {0, 0}};
            g->verts[nv + 3] = (SDL_Vertex){{x1 + nx, y1 + ny}, c1, {0, 0}};
            int *ix = &g->index[ni];
            ix[0] = nv, ix[1] = nv + 1, ix[2] = nv + 2, ix[3] = nv, ix[4] = nv + 2, ix[5] = nv + 3;
            nv += 4, ni += 6;
        }
    }
    if (nv) SDL_RenderGeometry(g->r, NULL, g->verts, nv, g->index, ni);
}

static void draw_arrows(game_render *g, const game_flow *flow)
{
    const int nx = 24, ny = (int)(24 * g->H / g->W + 0.5);
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            double x = (i + 0.5) * g->W / nx, y = (j + 0.5) * g->H / ny, uv[2];
            game_flow_velocity(flow, x, y, uv);
            double sp = hypot(uv[0], uv[1]);
            if (sp < 0.03) continue;
            double len = fmin(0.42 * g->W / nx * 2, sp * 0.4);
            float x0, y0, x1, y1;
            to_px(g, x - 0.5 * len * uv[0] / sp, y - 0.5 * len * uv[1] / sp, &x0, &y0);
            to_px(g, x + 0.5 * len * uv[0] / sp, y + 0.5 * len * uv[1] / sp, &x1, &y1);
            arrow(g->r, x0, y0, x1, y1, (float)(1.4 * g->ui), rgba(235, 245, 255, 150));
        }
}

/* ------------------------------------------------------------ engine debug draw */

static void dbg_panel(void *user, double x1, double y1, double x2, double y2, double gamma,
                      bool image)
{
    game_render *g = user;
    float a, b, c, d;
    to_px(g, x1, y1, &a, &b);
    to_px(g, x2, y2, &c, &d);
    double k = fmin(1.0, fabs(gamma) / 1.5);
    SDL_Color col = gamma >= 0 ? rgba(255, (int)(200 - 120 * k), (int)(90 - 60 * k), 255)
                               : rgba((int)(90 - 60 * k), (int)(200 + 40 * k), 255, 255);
    col.a = (Uint8)(image ? 90 : 150 + 105 * k);
    thick_line(g->r, a, b, c, d, (float)((image ? 1.5 : 2.0 + 3.0 * k) * g->ui), col, col);
    if (!image) { /* a tick along the normal, its length the strength */
        float mx = (a + c) / 2, my = (b + d) / 2, ex = c - a, ey = d - b, len = sqrtf(ex * ex + ey * ey);
        if (len > 0) {
            float t = (float)(gamma * 0.18 * g->scale);
            float cap = (float)(0.5 * g->scale);
            if (t > cap) t = cap;
            if (t < -cap) t = -cap;
            /* screen y is flipped: the outward (right-hand) normal is (-ey, ex) / len */
            thick_line(g->r, mx, my, mx - ey / len * t, my + ex / len * t, (float)(1.2 * g->ui),
                       col, rgba(col.r, col.g, col.b, 40));
        }
    }
}

static void dbg_node(void *user, double x0, double y0, double x1, double y1, int level)
{
    game_render *g = user;
    float a, b, c, d;
    to_px(g, x0, y1, &a, &b);
    to_px(g, x1, y0, &c, &d);
    int alpha = 40 + 25 * (level > 5 ? 5 : level);
    rect_outline(g->r, a, b, c - a, d - b, rgba(140, 255, 170, alpha), 1.0f);
}

static void dbg_sample(void *user, double x, double y, double u, double v)
{
    game_render *g = user;
    double sp = hypot(u, v);
    if (sp < 1e-4) return;
    double len = fmin(0.5, sp * 0.35);
    float a, b, c, d;
    to_px(g, x, y, &a, &b);
    to_px(g, x + len * u / sp, y + len * v / sp, &c, &d);
    arrow(g->r, a, b, c, d, (float)(1.5 * g->ui), rgba(255, 236, 120, 220));
}

/* ------------------------------------------------------------ HUD */

static const SDL_Color WHITE = {236, 242, 250, 255};
static const SDL_Color DIM = {150, 170, 195, 255};
static const SDL_Color GOLD = {255, 210, 90, 255};

static SDL_Color body_color(const game_render *g, int body)
{
    return g->looks && body < g->body_count ? g->looks[body].fill : WHITE;
}

static void stars_text(int n, char *out, size_t cap)
{
    snprintf(out, cap, "%s%s%s", n >= 1 ? "\xe2\x98\x85" : "\xe2\x98\x86",
             n >= 2 ? "\xe2\x98\x85" : "\xe2\x98\x86", n >= 3 ? "\xe2\x98\x85" : "\xe2\x98\x86");
}

static void draw_hud(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    game_text *t = g->text;
    double ui = g->ui;
    float bar = (float)(50 * ui);
    fill_rect(r, 0, 0, (float)g->w, bar, rgba(8, 14, 28, 235));
    fill_rect(r, 0, bar - 1, (float)g->w, 1, rgba(60, 110, 170, 160));
    char s[256];
    int pad = (int)(16 * ui);
    int lh = game_text_line_height(t, GAME_FONT_TITLE);
    if (f->level_number > 0)
        snprintf(s, sizeof s, "%d/%d  %s", f->level_number, f->level_total, L->title);
    else
        snprintf(s, sizeof s, "%s", L->title);
    game_text_draw(t, GAME_FONT_TITLE, s, pad, (int)((bar - lh) / 2), WHITE, GAME_LEFT);

    /* the clock, par and stars in the middle */
    double time = game_sim_status(sim) == GAME_PLAYING ? game_sim_time(sim) : game_sim_finish_time(sim);
    if (L->time_limit > 0)
        snprintf(s, sizeof s, "%.1f s / %.0f", time, L->time_limit);
    else
        snprintf(s, sizeof s, "%.1f s", time);
    int cx = g->w / 2;
    SDL_Color clock = (L->time_limit > 0 && L->time_limit - time < 10 && game_sim_status(sim) == GAME_PLAYING)
                          ? rgba(255, 120, 110, 255) : WHITE;
    game_text_draw(t, GAME_FONT_TITLE, s, cx, (int)(4 * ui), clock, GAME_CENTER);
    char st[32];
    int stars = game_sim_status(sim) == GAME_WON ? game_sim_stars(sim)
                : time <= L->par ? 3 : time <= 2 * L->par ? 2 : 1;
    stars_text(stars, st, sizeof st);
    snprintf(s, sizeof s, "par %.0f s  %s", L->par, st);
    game_text_draw(t, GAME_FONT_SMALL, s, cx, (int)(bar - game_text_line_height(t, GAME_FONT_SMALL) - 3 * ui),
                   GOLD, GAME_CENTER);

    /* jets and the stir meter on the right */
    int x = g->w - pad;
    for (int j = L->jet_count - 1; j >= 0; j--) {
        bool on = game_sim_jet_on(sim, j);
        game_color jc = L->jets[j].color;
        snprintf(s, sizeof s, "%c %s", L->jets[j].key, L->jets[j].label);
        int w, h;
        game_text_size(t, GAME_FONT_BODY, s, &w, &h);
        float bw = (float)(w + 16 * ui), bh = (float)(26 * ui), bx = (float)(x - bw), by = (float)((bar - bh) / 2);
        fill_rect(r, bx, by, bw, bh, on ? rgba(jc.r, jc.g, jc.b, 210) : rgba(30, 40, 60, 220));
        rect_outline(r, bx, by, bw, bh, rgba(jc.r, jc.g, jc.b, 255), (float)(1.5 * ui));
        game_text_draw(t, GAME_FONT_BODY, s, (int)(bx + 8 * ui), (int)(by + (bh - h) / 2),
                       on ? rgba(10, 14, 24, 255) : rgba(jc.r, jc.g, jc.b, 255), GAME_LEFT);
        x = (int)(bx - 8 * ui);
    }
    if (L->stir.enabled) {
        double m = game_sim_stir_meter(sim) / L->stir.capacity;
        float bw = (float)(90 * ui), bh = (float)(8 * ui), bx = (float)(x - bw), by = (float)(bar / 2 + 2 * ui);
        game_text_draw(t, GAME_FONT_SMALL, "stir", (int)(bx + bw / 2),
                       (int)(by - game_text_line_height(t, GAME_FONT_SMALL) - 1), DIM, GAME_CENTER);
        fill_rect(r, bx, by, bw, bh, rgba(30, 40, 60, 255));
        fill_rect(r, bx, by, (float)(bw * m), bh, m > 0.2 ? rgba(120, 210, 255, 255) : rgba(255, 120, 100, 255));
    }

    /* the bottom line: the hint, or the keys */
    float bot = (float)(30 * ui);
    fill_rect(r, 0, (float)g->h - bot, (float)g->w, bot, rgba(8, 14, 28, 200));
    int by = (int)(g->h - bot + (bot - game_text_line_height(t, GAME_FONT_BODY)) / 2);
    const char *keys = f->demo ? "demo: playing a recorded replay   H help   Esc levels   Q quit"
                               : "H help   Esc levels   R restart   P pause   Tab timings";
    if (f->message)
        game_text_draw(t, GAME_FONT_BODY, f->message, pad, by, GOLD, GAME_LEFT);
    else if (f->view.hint && L->hint[0])
        game_text_draw(t, GAME_FONT_BODY, L->hint, pad, by, rgba(200, 225, 255, 255), GAME_LEFT);
    int kw, kh;
    game_text_size(t, GAME_FONT_SMALL, keys, &kw, &kh);
    int hw, hh;
    game_text_size(t, GAME_FONT_BODY, f->message ? f->message : f->view.hint ? L->hint : "", &hw, &hh);
    if (pad + hw + kw + 3 * pad < g->w)
        game_text_draw(t, GAME_FONT_SMALL, keys, g->w - pad, (int)(g->h - bot + (bot - kh) / 2), DIM,
                       GAME_RIGHT);
}

static void smooth(double *avg, double v) { *avg = *avg == 0 ? v : 0.92 * *avg + 0.08 * v; }

static void draw_timings(game_render *g, const game_frame_info *f)
{
    game_step_timings st;
    game_sim_get_timings(f->sim, &st);
    if (game_sim_frame(f->sim) != g->last_frame) {
        g->last_frame = game_sim_frame(f->sim);
        double v[12] = {st.coupling.fluid.advect_ms, st.coupling.fluid.diffuse_ms,
                        st.coupling.fluid.forces_ms, st.coupling.panels_ms, st.coupling.feedback_ms,
                        st.coupling.forces_ms, st.coupling.bodies_ms, st.game_ms, st.step_ms,
                        f->flow_ms[0], f->flow_ms[1] + f->flow_ms[2], 0};
        for (int k = 0; k < 11; k++) smooth(&g->avg[k], v[k]);
    }
    smooth(&g->avg[11], f->render_ms);
    smooth(&g->avg[12], f->present_ms);
    const char *fb = eddy_feedback_name(game_sim_feedback(f->sim));
    char rows[18][96];
    int n = 0;
    snprintf(rows[n++], 96, "per step, ms (avg)");
    snprintf(rows[n++], 96, "advect          %7.3f", g->avg[0]);
    snprintf(rows[n++], 96, "diffuse         %7.3f", g->avg[1]);
    snprintf(rows[n++], 96, "stir forces     %7.3f", g->avg[2]);
    snprintf(rows[n++], 96, "panel solves    %7.3f  (%d panels, %d sweeps)", g->avg[3],
             st.coupling.panel_count, st.coupling.schwarz_iterations);
    snprintf(rows[n++], 96, "feedback        %7.3f  (%s%s)", g->avg[4], fb,
             game_sim_feedback_active(f->sim) ? ", on" : ", idle");
    snprintf(rows[n++], 96, "fluid forces    %7.3f", g->avg[5]);
    snprintf(rows[n++], 96, "Box2D           %7.3f", g->avg[6]);
    snprintf(rows[n++], 96, "game logic      %7.3f", g->avg[7]);
    snprintf(rows[n++], 96, "physics total   %7.3f", g->avg[8]);
    snprintf(rows[n++], 96, "flow sampling   %7.3f", g->avg[9]);
    snprintf(rows[n++], 96, "dye + tracers   %7.3f", g->avg[10]);
    snprintf(rows[n++], 96, "render          %7.3f", g->avg[11]);
    snprintf(rows[n++], 96, "present         %7.3f  (%s)", g->avg[12], f->renderer ? f->renderer : "-");
    snprintf(rows[n++], 96, "frames/s        %7.1f", f->fps);
    game_text *t = g->text;
    int lh = game_text_line_height(t, GAME_FONT_SMALL), wmax = 0;
    for (int k = 0; k < n; k++) {
        int w, h;
        game_text_size(t, GAME_FONT_SMALL, rows[k], &w, &h);
        if (w > wmax) wmax = w;
    }
    float pad = (float)(10 * g->ui), bw = (float)wmax + 2 * pad, bh = (float)(n * lh) + 2 * pad;
    float bx = (float)(g->w - bw - 12 * g->ui), by = (float)(58 * g->ui);
    fill_rect(g->r, bx, by, bw, bh, rgba(6, 12, 26, 200));
    rect_outline(g->r, bx, by, bw, bh, rgba(70, 120, 180, 200), 1);
    for (int k = 0; k < n; k++)
        game_text_draw(t, GAME_FONT_SMALL, rows[k], (int)(bx + pad), (int)(by + pad + k * lh),
                       k == 0 ? GOLD : k == 9 || k == n - 1 ? WHITE : DIM, GAME_LEFT);
}

static void panel_box(game_render *g, float w, float h, float *x, float *y)
{
    *x = (g->w - w) / 2, *y = (g->h - h) / 2;
    fill_rect(g->r, *x, *y, w, h, rgba(6, 12, 26, 232));
    rect_outline(g->r, *x, *y, w, h, rgba(80, 150, 220, 220), (float)(2 * g->ui));
}

static void draw_help(game_render *g)
{
    static const char *const rows[][2] = {
        {"Left mouse", "drag the paddle; elsewhere in the water: stir"},
        {"Right mouse", "stir the water (uses the stir meter)"},
        {"W / S, Up / Down", "slide the paddle along its track"},
        {"A / D, Left / Right", "the same, on a sideways track"},
        {"1 .. 9", "switch a painted jet on or off"},
        {"P or Space", "pause and resume"},
        {". (period)", "one step while paused"},
        {"R", "restart the level"},
        {"N / B", "next / previous level"},
        {"Esc", "level select (Esc again: back)"},
        {"K / T / V", "dye / tracers / velocity arrows"},
        {"F2", "panels and their strengths"},
        {"F3", "quadtree nodes (with quadtree feedback)"},
        {"F4", "velocity samples u_r + u_p"},
        {"F", "feedback: exact, quadtree, naive, off"},
        {"Tab", "timings per phase (the paper's Table 1)"},
        {"F9", "save this attempt as a replay"},
        {"F12", "screenshot (PNG)"},
        {"H or F1", "this help"},
        {"Q", "quit"},
    };
    int n = (int)(sizeof rows / sizeof rows[0]);
    game_text *t = g->text;
    int lh = game_text_line_height(t, GAME_FONT_BODY);
    float w = (float)(640 * g->ui), h = (float)((n + 4) * lh);
    float x, y;
    panel_box(g, w, h, &x, &y);
    game_text_draw(t, GAME_FONT_TITLE, "Keys", (int)(x + w / 2), (int)(y + lh * 0.6), GOLD, GAME_CENTER);
    for (int k = 0; k < n; k++) {
        int ry = (int)(y + (k + 2.2) * lh);
        game_text_draw(t, GAME_FONT_BODY, rows[k][0], (int)(x + 24 * g->ui), ry, WHITE, GAME_LEFT);
        game_text_draw(t, GAME_FONT_BODY, rows[k][1], (int)(x + 230 * g->ui), ry, DIM, GAME_LEFT);
    }
}

static void draw_result(game_render *g, const game_frame_info *f)
{
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    game_text *t = g->text;
    int lh = game_text_line_height(t, GAME_FONT_BODY), bl = game_text_line_height(t, GAME_FONT_BIG);
    float w = (float)(560 * g->ui), h = (float)(bl + 5 * lh);
    float x, y;
    panel_box(g, w, h, &x, &y);
    char s[160], st[32];
    if (game_sim_status(sim) == GAME_WON) {
        stars_text(game_sim_stars(sim), st, sizeof st);
        game_text_draw(t, GAME_FONT_BIG, "Level complete!", (int)(x + w / 2), (int)(y + lh * 0.5), GOLD, GAME_CENTER);
        snprintf(s, sizeof s, "%.1f s  (par %.0f s)   %s", game_sim_finish_time(sim), L->par, st);
        game_text_draw(t, GAME_FONT_TITLE, s, (int)(x + w / 2), (int)(y + lh * 0.5 + bl), WHITE, GAME_CENTER);
        game_text_draw(t, GAME_FONT_BODY, "N next level    R play again    F9 save replay    Esc levels",
                       (int)(x + w / 2), (int)(y + lh * 3.2 + bl), DIM, GAME_CENTER);
    } else {
        game_text_draw(t, GAME_FONT_BIG, "Out of time", (int)(x + w / 2), (int)(y + lh * 0.5),
                       rgba(255, 130, 110, 255), GAME_CENTER);
        snprintf(s, sizeof s, "the time limit is %.0f s", L->time_limit);
        game_text_draw(t, GAME_FONT_TITLE, s, (int)(x + w / 2), (int)(y + lh * 0.5 + bl), WHITE, GAME_CENTER);
        game_text_draw(t, GAME_FONT_BODY, "R try again    Esc levels", (int)(x + w / 2),
                       (int)(y + lh * 3.2 + bl), DIM, GAME_CENTER);
    }
}

static void draw_menu(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    fill_rect(r, 0, 0, (float)g->w, (float)g->h, rgba(4, 10, 22, 225));
    game_text *t = g->text;
    double ui = g->ui;
    int th = game_text_line_height(t, GAME_FONT_BIG), lh = game_text_line_height(t, GAME_FONT_TITLE);
    int y = (int)(60 * ui);
    game_text_draw(t, GAME_FONT_BIG, "eddy", g->w / 2, y, rgba(120, 210, 255, 255), GAME_CENTER);
    y += th;
    game_text_draw(t, GAME_FONT_BODY, "a puzzle in a tank of water: move the objects with the fluid",
                   g->w / 2, y, DIM, GAME_CENTER);
    y += (int)(lh * 1.6);
    int row_h = (int)(lh * 1.45);
    int x0 = (int)(g->w / 2 - 330 * ui), x1 = (int)(g->w / 2 + 330 * ui);
    g->menu_y0 = y, g->menu_row_h = row_h, g->menu_x0 = x0, g->menu_x1 = x1;
    g->menu_rows = f->menu_count;
    for (int k = 0; k < f->menu_count; k++) {
        const game_menu_entry *e = &f->menu_entries[k];
        int ry = y + k * row_h;
        bool sel = k == f->menu_selected;
        if (sel) {
            fill_rect(r, (float)x0, (float)ry, (float)(x1 - x0), (float)row_h - 4, rgba(30, 70, 120, 230));
            rect_outline(r, (float)x0, (float)ry, (float)(x1 - x0), (float)row_h - 4, rgba(110, 190, 255, 255), 2);
        }
        char s[160], st[32];
        snprintf(s, sizeof s, "%d   %s", k + 1, e->title);
        int ty = ry + (row_h - 4 - lh) / 2;
        game_text_draw(t, GAME_FONT_TITLE, s, x0 + (int)(18 * ui), ty, sel ? WHITE : DIM, GAME_LEFT);
        stars_text(e->stars, st, sizeof st);
        if (e->stars > 0) snprintf(s, sizeof s, "%.1f s  %s", e->best, st);
        else snprintf(s, sizeof s, "%s", st);
        game_text_draw(t, GAME_FONT_TITLE, s, x1 - (int)(18 * ui), ty, e->stars ? GOLD : rgba(90, 105, 130, 255),
                       GAME_RIGHT);
    }
    y += f->menu_count * row_h + (int)(20 * ui);
    game_text_draw(t, GAME_FONT_BODY, "Up / Down choose     Enter or click play     Esc back     Q quit",
                   g->w / 2, y, DIM, GAME_CENTER);
}

/* ------------------------------------------------------------ the frame */

void game_render_frame(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    prepare_bodies(g, sim);
    game_text_frame(g->text);
    double ui = g->ui;
    g->W = L->asset.width, g->H = L->asset.height;
    double top = 58 * ui, bottom = 38 * ui, side = 16 * ui;
    double aw = g->w - 2 * side, ah = g->h - top - bottom;
    g->scale = fmin(aw / g->W, ah / g->H);
    if (g->scale < 1) g->scale = 1;
    g->ox = (g->w - g->W * g->scale) / 2;
    g->oy = top + (ah - g->H * g->scale) / 2;
    SDL_FRect tank = {(float)g->ox, (float)g->oy, (float)(g->W * g->scale), (float)(g->H * g->scale)};

    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 5, 9, 18, 255);
    SDL_RenderClear(r);
    /* the tank's glass */
    float gl = (float)(5 * ui);
    fill_rect(r, tank.x - gl, tank.y - gl, tank.w + 2 * gl, tank.h + 2 * gl, rgba(70, 100, 130, 255));
    fill_rect(r, tank.x - gl + 2, tank.y - gl + 2, tank.w + 2 * gl - 4, tank.h + 2 * gl - 4, rgba(24, 34, 50, 255));
    draw_water(g, f, &tank);

    SDL_Rect clip = {(int)tank.x, (int)tank.y, (int)ceilf(tank.w), (int)ceilf(tank.h)};
    SDL_RenderSetClipRect(r, &clip);
    double now = game_sim_time(sim);
    /* goals glow in the colour of the body they wait for */
    for (int k = 0; k < L->goal_count; k++) {
        const game_goal *goal = &L->goals[k];
        SDL_Color c = body_color(g, goal->bodies[0]);
        bool filled = game_sim_goal_filled(sim, k);
        float x0, y0, x1, y1;
        to_px(g, goal->rect[0], goal->rect[3], &x0, &y0);
        to_px(g, goal->rect[2], goal->rect[1], &x1, &y1);
        double pulse = 0.5 + 0.5 * sin(now * 3.0 + k);
        fill_rect(r, x0, y0, x1 - x0, y1 - y0, rgba(c.r, c.g, c.b, (int)((filled ? 70 : 26) + 22 * pulse)));
        for (int ring_i = 1; ring_i <= 3; ring_i++) { /* a soft glow inside the border */
            float in = (float)(ring_i * 4 * ui);
            rect_outline(r, x0 + in, y0 + in, x1 - x0 - 2 * in, y1 - y0 - 2 * in,
                         rgba(c.r, c.g, c.b, (int)((45 - 12 * ring_i) * (0.6 + 0.4 * pulse))), (float)(4 * ui));
        }
        rect_outline(r, x0, y0, x1 - x0, y1 - y0, rgba(c.r, c.g, c.b, filled ? 255 : 190), (float)(2.5 * ui));
        if (goal->label[0]) {
            int lx = (int)((x0 + x1) / 2), ly = (int)(y1 - 6 * ui - game_text_line_height(g->text, GAME_FONT_SMALL));
            game_text_draw(g->text, GAME_FONT_SMALL, goal->label, lx + 1, ly + 1, rgba(0, 0, 0, 200), GAME_CENTER);
            game_text_draw(g->text, GAME_FONT_SMALL, goal->label, lx, ly, rgba(c.r, c.g, c.b, 255), GAME_CENTER);
        }
        if (filled && game_sim_status(sim) == GAME_PLAYING) {
            double p = game_sim_hold_progress(sim);
            fill_rect(r, x0 + 6, y0 + 6 * (float)ui, (float)((x1 - x0 - 12) * p), (float)(4 * ui), rgba(c.r, c.g, c.b, 255));
        }
    }
    /* jets: a nozzle where their dye comes from */
    for (int j = 0; j < L->jet_count; j++) {
        const game_jet *jet = &L->jets[j];
        float px, py;
        to_px(g, jet->at[0], jet->at[1], &px, &py);
        bool on = game_sim_jet_on(sim, j);
        SDL_Color c = rgba(jet->color.r, jet->color.g, jet->color.b, 255);
        float rad = (float)(0.22 * g->scale);
        if (on) disc(r, px, py, rad * 2.2f, rgba(c.r, c.g, c.b, 90), rgba(c.r, c.g, c.b, 0));
        disc(r, px, py, rad, on ? c : rgba(30, 40, 60, 255), on ? shade(c, 0.7, 255) : rgba(20, 28, 44, 255));
        ring(r, px, py, rad, (float)(2 * ui), c);
        char key[2] = {(char)jet->key, 0};
        int lh = game_text_line_height(g->text, GAME_FONT_BODY);
        game_text_draw(g->text, GAME_FONT_BODY, key, (int)px, (int)(py - lh / 2), on ? rgba(10, 14, 24, 255) : c, GAME_CENTER);
    }
    if (f->view.tracers) draw_tracers(g, f->flow);
    if (f->view.arrows) draw_arrows(g, f->flow);
    game_rock_draw(r, game_sim_asset(sim), g->ox, g->oy, g->scale, g->H, ui); /* walls (game_rock.c) */
    /* the paddle's track */
    if (L->paddle.present) {
        float ax, ay, bx, by;
        to_px(g, L->paddle.track[0][0], L->paddle.track[0][1], &ax, &ay);
        to_px(g, L->paddle.track[1][0], L->paddle.track[1][1], &bx, &by);
        int dashes = 24;
        for (int k = 0; k < dashes; k += 2)
            thick_line(r, ax + (bx - ax) * k / dashes, ay + (by - ay) * k / dashes,
                       ax + (bx - ax) * (k + 1) / dashes, ay + (by - ay) * (k + 1) / dashes,
                       (float)(2 * ui), rgba(220, 230, 245, 90), rgba(220, 230, 245, 90));
        double tg[2];
        game_sim_paddle_target(sim, tg);
        float tx, ty;
        to_px(g, tg[0], tg[1], &tx, &ty);
        ring(r, tx, ty, (float)(6 * ui), (float)(1.5 * ui), rgba(220, 230, 245, 140));
    }
    for (int i = 0; i < g->body_count && g->looks; i++) {
        double x, y, a;
        lerp_pose(&f->prev[i], &f->cur[i], f->alpha, &x, &y, &a);
        draw_body(g, &g->looks[i], x, y, a);
    }
    /* engine debug overlays through its debug-draw callbacks */
    if (f->view.panels || f->view.quadtree || f->view.samples) {
        eddy_debug_draw dd = {0};
        dd.user = g;
        if (f->view.panels) dd.panel = dbg_panel;
        if (f->view.quadtree) dd.quadtree_node = dbg_node;
        if (f->view.samples) dd.velocity_sample = dbg_sample, dd.sample_stride = 3;
        eddy_coupling_debug_draw(game_sim_coupling(sim), &dd);
    }
    if (f->mouse_in_tank && (f->stirring || f->dragging_paddle)) {
        float mx, my;
        to_px(g, f->mouse[0], f->mouse[1], &mx, &my);
        float rad = (float)((f->stirring ? L->stir.radius : 0.25) * g->scale);
        bool empty = f->stirring && game_sim_stir_meter(sim) <= 0;
        ring(r, mx, my, rad, (float)(2 * ui), empty ? rgba(255, 110, 100, 200) : rgba(200, 235, 255, 170));
    }
    SDL_RenderSetClipRect(r, NULL);

    draw_hud(g, f);
    if (f->view.timings) draw_timings(g, f);
    if (f->menu) {
        draw_menu(g, f);
    } else if (f->view.help) {
        draw_help(g);
    } else if (game_sim_status(sim) != GAME_PLAYING && !f->demo) {
        draw_result(g, f);
    } else if (f->paused) {
        int bl = game_text_line_height(g->text, GAME_FONT_BIG);
        fill_rect(r, tank.x, tank.y + tank.h / 2 - bl, tank.w, 2.0f * bl, rgba(4, 10, 22, 170));
        game_text_draw(g->text, GAME_FONT_BIG, "Paused", g->w / 2, (int)(tank.y + tank.h / 2 - bl * 0.8),
                       WHITE, GAME_CENTER);
        game_text_draw(g->text, GAME_FONT_BODY, "P or Space to go on,  . to step", g->w / 2,
                       (int)(tank.y + tank.h / 2 + bl * 0.3), DIM, GAME_CENTER);
    }
    if (!game_text_ok(g->text)) { /* no font: at least say so in the window title area */
        fill_rect(r, 0, 0, 8, 8, rgba(255, 80, 80, 255));
    }
}

/* ------------------------------------------------------------ input mapping */

void game_render_to_world(const game_render *g, int px, int py, double out[2])
{
    double s = g->scale > 0 ? g->scale : 1;
    out[0] = (px - g->ox) / s;
    out[1] = g->H - (py - g->oy) / s;
}

bool game_render_in_tank(const game_render *g, int px, int py)
{
    double w[2];
    game_render_to_world(g, px, py, w);
    return w[0] >= 0 && w[0] <= g->W && w[1] >= 0 && w[1] <= g->H;
}

double game_render_scale(const game_render *g) { return g->scale; }

int game_render_menu_hit(const game_render *g, int px, int py)
{
    if (g->menu_row_h <= 0 || px < g->menu_x0 || px > g->menu_x1 || py < g->menu_y0) return -1;
    int k = (py - g->menu_y0) / g->menu_row_h;
    return k < g->menu_rows ? k : -1;
}
