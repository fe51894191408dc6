// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_render.c - one frame of eddy-game (game_render.h).
 */
#include "game_render.h"
#include "kit_batch.h"
#include "game_card.h"
#include "game_quality.h"
#include "game_tutorial.h"
#include "game_xform.h"
#include "kit_rock.h"
#include "game_surface.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846
#define INK_TABLE 1024 /* entries of the dye colour table (draw_water) */
#define INK_K 1.35     /* how deep a unit of ink colours the water */
#define MAX_TRACER_VERTS (GAME_FLOW_TRACERS * GAME_FLOW_TRAIL * 4)
#define MAX_TRACER_INDEX (GAME_FLOW_TRACERS * GAME_FLOW_TRAIL * 6)

struct game_render {
    SDL_Renderer *r;
    int w, h;
    double ui;
    game_text *text;
    SDL_Texture *water, *water_lo; /* the dye, at full and at half resolution */
    int water_w, water_h;
    uint32_t *pixels;
    /* layout of the last frame: the tank's place and the world -> pixel matrix */
    double ox, oy, scale, W, H;
    mat3 view;
    float ink[INK_TABLE];        /* exp(-INK_K ink) over 0..GAME_FLOW_DYE_MAX */
    int menu_y0, menu_row_h, menu_x0, menu_x1, menu_rows;
    /* smoothed timings for the table */
    long last_frame;
    double avg[13];
    /* where the last tutorial card went (tank metres), kept while it hides
       nothing, so the card does not hop about as the objects move */
    double card[4];
    const void *card_level;
    /* scratch for geometry */
    SDL_Vertex *verts;
    int *index;
    /* What stays put from frame to frame in one batch: the tank's glass, the
     * rock, the paddle's track. Rebuilt when its key (the layout, the
     * asset) changes. */
    kit_batch still;
    struct still_key {
        const eddy_asset *asset;
        double ox, oy, scale, ui;
        double track[2][2];
        bool paddle;
    } still_key;
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

static void to_px(game_render *g, double x, double y, float *px, float *py)
{
    float p[2];
    game_xform_point(g->view, x, y, p);
    *px = p[0], *py = p[1];
}

static void fill_rect(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c)
{
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_FRect rect = {x, y, w, h};
    SDL_RenderFillRectF(r, &rect);
}

/* An opaque fill where nothing shows through: without blending, which a
 * software rasteriser does faster. */
static void fill_opaque(SDL_Renderer *r, float x, float y, float w, float h, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    fill_rect(r, x, y, w, h, c);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
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
    g->water_lo = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING,
                                    g->water_w / 2, g->water_h / 2);
    if (!g->verts || !g->index || !g->pixels || !g->water || !g->water_lo) {
        game_render_destroy(g);
        return game_error(err, EDDY_ERR_MEMORY, "render: cannot create the water texture (%s)",
                          SDL_GetError());
    }
    /* the water is opaque: copied without blending, the cheapest fill there is */
    SDL_SetTextureBlendMode(g->water, SDL_BLENDMODE_NONE);
    SDL_SetTextureBlendMode(g->water_lo, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    g->w = width, g->h = height;
    glm_mat3_identity(g->view);
    for (int k = 0; k < INK_TABLE; k++)
        g->ink[k] = (float)exp(-INK_K * GAME_FLOW_DYE_MAX * k / (INK_TABLE - 1));
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
    if (g->water_lo) SDL_DestroyTexture(g->water_lo);
    kit_batch_free(&g->still);
    free(g->pixels);
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

static SDL_Color sdl_col(game_color c, int a) { return rgba(c.r, c.g, c.b, a); }

/* A body at a pose: each piece's outline through the model-view matrix
 * (view * pose), a rim in the edge colour, the fill lit from above. */
static void draw_body(game_render *g, const game_body_look *look, const eddy_pose *pose)
{
    SDL_Renderer *r = g->r;
    mat3 model, mv;
    game_xform_pose(pose, model);
    game_xform_mul(g->view, model, mv);
    float edge_px = (float)(1.6 * g->ui);
    SDL_Color fill = sdl_col(look->fill, 255), edge = sdl_col(look->edge, 255);
    for (int p = 0; p < look->pieces; p++) {
        int n = look->count[p];
        float pts[GAME_LOOK_OUTLINE][2], cx = 0, cy = 0;
        for (int k = 0; k < n; k++) {
            game_xform_point(mv, look->local[p][k][0], look->local[p][k][1], pts[k]);
            cx += pts[k][0] / n, cy += pts[k][1] / n;
        }
        SDL_Vertex v[GAME_LOOK_OUTLINE + 1];
        int idx[GAME_LOOK_OUTLINE * 3];
        /* the rim, a little larger, in the edge colour */
        v[0] = (SDL_Vertex){{cx, cy}, edge, {0, 0}};
        for (int k = 0; k < n; k++) {
            float dx = pts[k][0] - cx, dy = pts[k][1] - cy, len = sqrtf(dx * dx + dy * dy);
            float grow = len > 0 ? (len + edge_px) / len : 1;
            v[1 + k] = (SDL_Vertex){{cx + dx * grow, cy + dy * grow}, edge, {0, 0}};
            idx[3 * k] = 0, idx[3 * k + 1] = 1 + k, idx[3 * k + 2] = 1 + (k + 1) % n;
        }
        SDL_RenderGeometry(r, NULL, v, n + 1, idx, 3 * n);
        /* the body, lit from above */
        v[0].color = shade(fill, 1.05, 255);
        for (int k = 0; k < n; k++) {
            float dy = pts[k][1] - cy, dx = pts[k][0] - cx, len = sqrtf(dx * dx + dy * dy);
            double up = len > 0 ? -dy / len : 0;
            v[1 + k] = (SDL_Vertex){{pts[k][0], pts[k][1]}, shade(fill, 0.82 + 0.3 * up, 255), {0, 0}};
        }
        SDL_RenderGeometry(r, NULL, v, n + 1, idx, 3 * n);
        if (look->circle[p]) { /* a dot near the rim shows the spin */
            float a[2];
            game_xform_point(mv, look->circle_c[p][0] + 0.68 * look->circle_r[p], look->circle_c[p][1], a);
            float dr = (float)(0.12 * look->circle_r[p] * g->scale);
            disc(r, a[0], a[1], dr, edge, edge);
        }
    }
    int buoy = look->kind == GAME_LOOK_FLOATS ? 1 : look->kind == GAME_LOOK_SINKS ? -1 : 0;
    if (buoy != 0) { /* a chevron: floats up or sinks down */
        float px, py;
        to_px(g, pose->x, pose->y, &px, &py);
        float k = (float)(0.11 * g->scale) * (float)buoy;
        SDL_Color c = shade(fill, 0.5, 200);
        float wdt = (float)(2.2 * g->ui);
        thick_line(r, px - fabsf(k), py + k * 0.45f, px, py - k * 0.55f, wdt, c, c);
        thick_line(r, px, py - k * 0.55f, px + fabsf(k), py + k * 0.45f, wdt, c, c);
    }
}

/* ------------------------------------------------------------ water */

/* Ink over deep water: each channel is 1 - (1 - base) exp(-k ink), the base
 * colour deepening towards the bottom. exp comes from a table (the texture
 * has 36,000 cells of three channels a frame). */
static void draw_water(game_render *g, const game_frame_info *f, const SDL_FRect *tank)
{
    int dw, dh;
    const float *dye = game_flow_dye(f->flow, &dw, &dh);
    const float to_index = (float)((INK_TABLE - 1) / GAME_FLOW_DYE_MAX);
    /* coarser dye when frames run long: every second cell each way */
    int c = game_quality_dye_cell(f->quality), tw = dw / c, th = dh / c;
    SDL_Texture *tex = c == 1 ? g->water : g->water_lo;
    for (int j = 0; j < th; j++) {
        float t = (float)j / (float)(th - 1); /* 0 bottom, 1 top */
        float base[3] = {0.022f + 0.05f * t, 0.075f + 0.16f * t, 0.16f + 0.26f * t};
        float deep[3] = {255 * (1 - base[0]), 255 * (1 - base[1]), 255 * (1 - base[2])};
        uint32_t *row = g->pixels + (size_t)(th - 1 - j) * tw;
        const float *ink = &dye[3 * (size_t)(j * c) * dw];
        for (int i = 0; i < tw; i++, ink += 3 * c) {
            uint32_t px = 0xff000000u;
            for (int q = 0; q < 3; q++) {
                float e = 1.0f;
                if (f->view.dye) {
                    float x = ink[q] * to_index;
                    int k = x <= 0 ? 0 : x >= INK_TABLE - 1 ? INK_TABLE - 1 : (int)(x + 0.5f);
                    e = g->ink[k];
                }
                int ch = (int)(255.5f - deep[q] * e);
                px |= (uint32_t)(ch < 0 ? 0 : ch > 255 ? 255 : ch) << (16 - 8 * q);
            }
            row[i] = px;
        }
    }
    SDL_UpdateTexture(tex, NULL, g->pixels, tw * (int)sizeof(uint32_t));
    SDL_RenderCopyF(g->r, tex, NULL, tank);
}

/* The tracers, one batch: a speck for each, and its trail as quads that fade
 * towards the tail. quality (game_frame_info) thins them when frames run
 * long: every tracer, then every second, then every fourth with a shorter
 * tail. A trail's quad spans two of its points (a trail is a smooth curve
 * at this scale), which halves the triangles a software rasteriser sets up. */
static void draw_tracers(game_render *g, const game_flow *flow, int quality)
{
    int nv = 0, ni = 0;
    float width = (float)(1.3 * g->ui);
    int every = game_quality_tracer_every(quality);
    int keep = game_quality_trail(quality, GAME_FLOW_TRAIL);
    const int stride = 2;
    for (int k = 0; k < game_flow_tracer_count(flow); k += every) {
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
        int len = t->len < keep ? t->len : keep;
        float pts[GAME_FLOW_TRAIL][2]; /* the trail in pixels */
        for (int q = 0; q < len; q += stride) game_xform_point(g->view, t->xy[q][0], t->xy[q][1], pts[q]);
        if (len > 1 && (len - 1) % stride) /* the tail's end too */
            game_xform_point(g->view, t->xy[len - 1][0], t->xy[len - 1][1], pts[len - 1]);
        for (int s = 0; s + 1 < len && nv + 4 <= MAX_TRACER_VERTS; s += stride) {
            int e = s + stride < len ? s + stride : len - 1;
            double a0 = fade * (1.0 - (double)s / len), a1 = fade * (1.0 - (double)e / len);
            if (210 * a0 < 4) break; /* the rest of the tail is not to be seen */
            float x0 = pts[s][0], y0 = pts[s][1], x1 = pts[e][0], y1 = pts[e][1];
            float dx = x1 - x0, dy = y1 - y0, d = sqrtf(dx * dx + dy * dy);
            if (d < 0.05f) continue;
            float nx = -dy / d * width * 0.5f, ny = dx / d * width * 0.5f;
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
static const SDL_Color SKY = {120, 210, 255, 255};

static void stars_text(int n, char *out, size_t cap)
{
    snprintf(out, cap, "%s%s%s", n >= 1 ? "\xe2\x98\x85" : "\xe2\x98\x86",
             n >= 2 ? "\xe2\x98\x85" : "\xe2\x98\x86", n >= 3 ? "\xe2\x98\x85" : "\xe2\x98\x86");
}

/* Text with a soft dark shadow, for text over the water. */
static void shadow_text(game_render *g, game_font font, const char *s, int x, int y, SDL_Color c,
                        game_align align)
{
    int d = (int)(2 * g->ui + 0.5);
    game_text_draw(g->text, font, s, x + d, y + d, rgba(0, 0, 0, 170), align);
    game_text_draw(g->text, font, s, x, y, c, align);
}

/* What the third star asks besides the par time, in words ("" for none):
 * ", with every current off at the end", ", with at most 2 s of stirring",
 * ", without stirring and switching currents at most 3 times". */
static void star_rule_text(const game_level *L, char *out, size_t cap)
{
    const game_star_rule *r = &L->stars;
    out[0] = '\0';
    if (r->currents_off) snprintf(out, cap, ", with every current off at the end");
    size_t n = strlen(out);
    if (r->max_stirring == 0)
        snprintf(out + n, cap - n, "%s", n ? " and no stirring" : ", without stirring");
    else if (r->max_stirring > 0)
        snprintf(out + n, cap - n, "%s at most %g s of stirring", n ? " and" : ", with",
                 r->max_stirring);
    n = strlen(out);
    if (r->max_switches >= 0)
        snprintf(out + n, cap - n, "%s switching currents at most %d time%s", n ? " and" : ",",
                 r->max_switches, r->max_switches == 1 ? "" : "s");
}

/* The same, short, for the HUD's par line: ", currents off", ", no stirring". */
static const char *star_rule_short(const game_level *L)
{
    const game_star_rule *r = &L->stars;
    return r->currents_off ? ", currents off" : r->max_stirring == 0 ? ", no stirring"
           : r->max_stirring > 0 ? ", little stirring" : r->max_switches >= 0 ? ", few switches" : "";
}


/* The banner of an edit that failed (f->stale): over the bottom of the tank,
 * just above the bottom line (bottom), in red, for as long as the game plays
 * the level as it was; wrapped to the window's width. */
static void draw_stale_banner(game_render *g, const char *text, float bottom)
{
    SDL_Renderer *r = g->r;
    game_text *t = g->text;
    double ui = g->ui;
    int pad = (int)(12 * ui), w = g->w - 2 * pad;
    SDL_Color ink = rgba(255, 236, 230, 255);
    int th = game_text_wrapped_height(t, GAME_FONT_BODY, text, w, ink, GAME_LEFT);
    float bh = (float)(th + 12 * ui), top = bottom - bh;
    fill_rect(r, 0, top, (float)g->w, bh, rgba(150, 32, 28, 235));
    fill_rect(r, 0, top, (float)g->w, (float)(2 * ui), rgba(255, 120, 100, 255));
    game_text_draw_wrapped(t, GAME_FONT_BODY, text, pad, (int)(top + 6 * ui), w, ink, GAME_LEFT);
}

static void draw_hud(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    game_text *t = g->text;
    double ui = g->ui;
    float bar = (float)(50 * ui);
    /* the bar lies over the background only: opaque, no blending to pay for */
    fill_opaque(r, 0, 0, (float)g->w, bar, rgba(8, 14, 27, 255));
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
                : time <= L->par && game_sim_star_rule(sim) ? 3 : time <= 2 * L->par ? 2 : 1;
    stars_text(stars, st, sizeof st);
    snprintf(s, sizeof s, "par %.0f s%s  %s", L->par, star_rule_short(L), st);
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
        game_text_draw(t, GAME_FONT_SMALL, "stirring", (int)(bx + bw / 2),
                       (int)(by - game_text_line_height(t, GAME_FONT_SMALL) - 1), DIM, GAME_CENTER);
        fill_rect(r, bx, by, bw, bh, rgba(30, 40, 60, 255));
        fill_rect(r, bx, by, (float)(bw * m), bh, m > 0.2 ? SKY : rgba(255, 120, 100, 255));
    }

    /* the bottom line: a note, the hint, or the keys; a hint too long for one
       line wraps, and the bar grows upwards to hold it */
    const char *sound = f->silent ? "no sound device" : f->muted ? "M sound (off)" : "M sound";
    char keys[160];
    snprintf(keys, sizeof keys, f->demo ? "a recorded game   H help   Esc menu   %s   Q quit"
                                        : "I hint   H help   R restart   P pause   %s   Esc menu", sound);
    /* a note, the hint asked for (I), the wait for the first move, the offer
       of a hint to a player long past par, or nothing but the keys */
    char hint[GAME_TEXT_MAX + 40];
    if (f->hint) snprintf(hint, sizeof hint, "%s%s", f->hint, f->hint_more ? "   (I again: more)" : "");
    const char *line = f->message ? f->message
                       : f->hint && f->started ? hint
                       : f->waiting && !f->tutorial ? "Your move: the clock starts when you switch a current on, move the paddle or stir."
                       : f->stuck && L->hint_count > 0 && !f->tutorial
                           ? (f->hint_more ? "Stuck? Press I for a hint." : "Stuck? Press I to see the hint again.")
                       : "";
    SDL_Color ink = f->message || (f->stuck && !f->hint) ? GOLD : rgba(200, 225, 255, 255);
    int body_h = game_text_line_height(t, GAME_FONT_BODY);
    int text_h = *line ? game_text_wrapped_height(t, GAME_FONT_BODY, line, g->w - 2 * pad, ink, GAME_LEFT) : body_h;
    float bot = (float)(30 * ui) + (float)(text_h > body_h ? text_h - body_h : 0);
    if (g->h - bot >= g->oy + g->H * g->scale + 5 * ui) /* below the tank: opaque */
        fill_opaque(r, 0, (float)g->h - bot, (float)g->w, bot, rgba(7, 13, 26, 255));
    else
        fill_rect(r, 0, (float)g->h - bot, (float)g->w, bot, rgba(8, 14, 28, 200));
    int by = (int)(g->h - bot + (bot - text_h) / 2);
    if (*line) game_text_draw_wrapped(t, GAME_FONT_BODY, line, pad, by, g->w - 2 * pad, ink, GAME_LEFT);
    int kw, kh, hw, hh;
    game_text_size(t, GAME_FONT_SMALL, keys, &kw, &kh);
    game_text_size(t, GAME_FONT_BODY, line, &hw, &hh);
    if (text_h <= body_h && pad + hw + kw + 3 * pad < g->w)
        game_text_draw(t, GAME_FONT_SMALL, keys, g->w - pad, (int)(g->h - bot + (bot - kh) / 2), DIM,
                       GAME_RIGHT);
    if (f->stale) draw_stale_banner(g, f->stale, (float)g->h - bot);
}

/* ------------------------------------------------------------ time per frame */

static void smooth(double *avg, double v) { *avg = *avg == 0 ? v : 0.92 * *avg + 0.08 * v; }

#define TIMING_ROWS 18

/* The rows of the time-per-frame table (Tab), in plain words. */
static int timing_rows(game_render *g, const game_frame_info *f, char rows[TIMING_ROWS][96])
{
    game_step_timings st;
    game_sim_get_timings(f->sim, &st);
    if (game_sim_frame(f->sim) != g->last_frame) {
        g->last_frame = game_sim_frame(f->sim);
        double v[11] = {st.coupling.fluid.advect_ms + st.coupling.fluid.diffuse_ms, 0,
                        st.coupling.fluid.forces_ms, st.coupling.panels_ms, st.coupling.feedback_ms,
                        st.coupling.forces_ms, st.coupling.bodies_ms, st.game_ms, st.step_ms,
                        f->flow_ms[0], f->flow_ms[1] + f->flow_ms[2]};
        for (int k = 0; k < 11; k++) smooth(&g->avg[k], v[k]);
    }
    smooth(&g->avg[11], f->render_ms);
    smooth(&g->avg[12], f->present_ms);
    static const char *const method[] = {"exact", "exact", "tree", "grid", "off"};
    int fb = (int)game_sim_feedback(f->sim);
    int n = 0;
    snprintf(rows[n++], 96, "time per frame, ms");
    snprintf(rows[n++], 96, "the water flows     %6.2f", g->avg[0]);
    snprintf(rows[n++], 96, "your stirring       %6.2f", g->avg[2]);
    snprintf(rows[n++], 96, "water around objects %5.2f", g->avg[3]);
    snprintf(rows[n++], 96, "  (%d edge pieces, %d passes)", st.coupling.panel_count, st.coupling.schwarz_iterations);
    snprintf(rows[n++], 96, "objects push water  %6.2f", g->avg[4]);
    snprintf(rows[n++], 96, "  (%s, %s)", method[fb >= 0 && fb <= 4 ? fb : 0],
             game_sim_feedback_active(f->sim) ? "working" : "resting");
    snprintf(rows[n++], 96, "water pushes objects %5.2f", g->avg[5]);
    snprintf(rows[n++], 96, "objects collide     %6.2f", g->avg[6]);
    snprintf(rows[n++], 96, "game rules          %6.2f", g->avg[7]);
    snprintf(rows[n++], 96, "physics in all      %6.2f", g->avg[8]);
    snprintf(rows[n++], 96, "water sampled       %6.2f", g->avg[9]);
    snprintf(rows[n++], 96, "dye and specks      %6.2f", g->avg[10]);
    snprintf(rows[n++], 96, "drawing             %6.2f", g->avg[11]);
    snprintf(rows[n++], 96, "showing it          %6.2f", g->avg[12]);
    snprintf(rows[n++], 96, "frames per second   %6.1f", f->fps);
    snprintf(rows[n++], 96, "game clock          %5.0f%%", 100 * f->clock_rate);
    snprintf(rows[n++], 96, "detail              %6s", f->quality == 0 ? "full" : f->quality == 1 ? "less" : "least");
    return n;
}

/* The table's width in pixels, so the tank can make room for it. */
static double timing_width(game_render *g)
{
    int w, h;
    game_text_size(g->text, GAME_FONT_SMALL, "water pushes objects 00.00  ", &w, &h);
    return w + 20 * g->ui;
}

static void draw_timings(game_render *g, const game_frame_info *f)
{
    char rows[TIMING_ROWS][96];
    int n = timing_rows(g, f, rows);
    game_text *t = g->text;
    int lh = game_text_line_height(t, GAME_FONT_SMALL);
    float pad = (float)(10 * g->ui), bw = (float)timing_width(g), bh = (float)(n * lh) + 2 * pad;
    float bx = (float)(g->w - bw - 8 * g->ui), by = (float)(58 * g->ui);
    fill_rect(g->r, bx, by, bw, bh, rgba(6, 12, 26, 220));
    rect_outline(g->r, bx, by, bw, bh, rgba(70, 120, 180, 200), 1);
    for (int k = 0; k < n; k++)
        game_text_draw(t, GAME_FONT_SMALL, rows[k], (int)(bx + pad), (int)(by + pad + k * lh),
                       k == 0 ? GOLD : k == 10 || k == n - 3 ? WHITE : DIM, GAME_LEFT);
}

/* ------------------------------------------------------------ cards and panels */

static void panel_at(game_render *g, float x, float y, float w, float h, int alpha)
{
    fill_rect(g->r, x, y, w, h, rgba(6, 12, 26, alpha));
    rect_outline(g->r, x, y, w, h, rgba(80, 150, 220, 220), (float)(2 * g->ui));
    rect_outline(g->r, x + 3 * (float)g->ui, y + 3 * (float)g->ui, w - 6 * (float)g->ui,
                 h - 6 * (float)g->ui, rgba(80, 150, 220, 50), 1);
}

static void panel_box(game_render *g, float w, float h, float *x, float *y)
{
    *x = (g->w - w) / 2, *y = (g->h - h) / 2;
    panel_at(g, *x, *y, w, h, 232);
}

static void draw_help(game_render *g, const game_frame_info *f)
{
    static const char *const rows[][2] = {
        {"Left mouse", "drag the paddle; elsewhere in the water: stir"},
        {"Right mouse", "stir the water (while the stirring bar lasts)"},
        {"W / S or Up / Down", "slide the paddle along its track"},
        {"A / D or Left / Right", "the same, on a sideways track"},
        {"1 .. 9", "switch a current on or off"},
        {"Space, Enter, click", "start the level; after a win, Enter: the next"},
        {"Space or P", "pause and go on;  . one step while paused"},
        {"I", "a hint for this level"},
        {"R", "start the level again"},
        {"N / B", "next / previous level"},
        {"Esc", "the menu and the levels"},
        {"M / F11", "sound on or off / full screen"},
        {"F9 / F12", "save this game as a replay / a picture"},
        {"H or F1", "this help;  Q quit"},
        {"", ""},
        {"For the curious", ""},
        {"K / T / V", "dye / specks / arrows of the water's speed"},
        {"F2", "the invisible edges that let objects push the water"},
        {"F3 / F4", "where the simulation looks closer / the water's speed"},
        {"F", "how moving objects push the water back (4 ways)"},
        {"Tab", "where each frame's time goes"},
    };
    int n = (int)(sizeof rows / sizeof rows[0]);
    game_text *t = g->text;
    int lh = game_text_line_height(t, GAME_FONT_BODY);
    float w = (float)(780 * g->ui), h = (float)((n + 5) * lh);
    float x, y;
    panel_box(g, w, h, &x, &y);
    game_text_draw(t, GAME_FONT_TITLE, "How to play", (int)(x + w / 2), (int)(y + lh * 0.6), GOLD, GAME_CENTER);
    for (int k = 0; k < n; k++) {
        int ry = (int)(y + (k + 2.2) * lh);
        bool head = rows[k][0][0] && !rows[k][1][0];
        game_text_draw(t, GAME_FONT_BODY, rows[k][0], (int)(x + 28 * g->ui), ry, head ? SKY : WHITE, GAME_LEFT);
        game_text_draw(t, GAME_FONT_BODY, rows[k][1], (int)(x + 270 * g->ui), ry, DIM, GAME_LEFT);
    }
    const char *foot = f->silent ? "No sound device was found: the game is silent."
                                 : "You move the water; the water moves everything else.";
    game_text_draw(t, GAME_FONT_SMALL, foot, (int)(x + w / 2), (int)(y + h - 1.6 * lh), DIM, GAME_CENTER);
}

/* A five-pointed star of outer radius R about (cx, cy): filled, or a rim. */
static void star(SDL_Renderer *r, float cx, float cy, float R, SDL_Color fill, SDL_Color rim, bool filled)
{
    SDL_Vertex v[11];
    int idx[30];
    float pts[10][2];
    for (int k = 0; k < 10; k++) {
        double a = -PI / 2 + k * PI / 5, rad = k % 2 ? 0.45 * R : R;
        pts[k][0] = cx + (float)(rad * cos(a)), pts[k][1] = cy + (float)(rad * sin(a));
    }
    for (int k = 0; k < 10; k++) /* the rim: each edge as a quad */
        thick_line(r, pts[k][0], pts[k][1], pts[(k + 1) % 10][0], pts[(k + 1) % 10][1], R * 0.09f, rim, rim);
    if (!filled) return;
    v[0] = (SDL_Vertex){{cx, cy}, shade(fill, 1.15, 255), {0, 0}};
    for (int k = 0; k < 10; k++) {
        v[1 + k] = (SDL_Vertex){{pts[k][0], pts[k][1]}, fill, {0, 0}};
        idx[3 * k] = 0, idx[3 * k + 1] = 1 + k, idx[3 * k + 2] = 1 + (k + 1) % 10;
    }
    SDL_RenderGeometry(r, NULL, v, 11, idx, 30);
}

int game_render_stars_shown(double t, int stars)
{
    int n = t < 0.8 ? 0 : (int)((t - 0.8) / 0.4) + 1;
    return n < stars ? n : stars;
}

/* A hash of an integer to [0, 1): the confetti need no state. */
static double hash01(uint32_t x)
{
    x ^= x >> 16, x *= 0x7feb352du, x ^= x >> 15, x *= 0x846ca68bu, x ^= x >> 16;
    return (x & 0xffffff) / 16777216.0;
}

/* One piece of confetti as a turning quad. */
static void confetti_piece(game_render *g, int *nv, int *ni, float x, float y, double spin, float sz,
                           SDL_Color c)
{
    float cs = (float)cos(spin) * sz, sn = (float)sin(spin) * sz * 0.5f;
    SDL_Vertex *v = &g->verts[*nv];
    v[0] = (SDL_Vertex){{x - cs, y - sn}, c, {0, 0}};
    v[1] = (SDL_Vertex){{x + sn, y - cs}, c, {0, 0}};
    v[2] = (SDL_Vertex){{x + cs, y + sn}, c, {0, 0}};
    v[3] = (SDL_Vertex){{x - sn, y + cs}, c, {0, 0}};
    int *ix = &g->index[*ni];
    ix[0] = *nv, ix[1] = *nv + 1, ix[2] = *nv + 2, ix[3] = *nv, ix[4] = *nv + 2, ix[5] = *nv + 3;
    *nv += 4, *ni += 6;
}

/* Confetti, t seconds after the win, from no state at all (each piece's
 * path is a function of its number): pieces thrown up from every goal, and
 * a rain over the whole window, fluttering down in the goals' colours, gold
 * and white. Air drag takes a throw v0 to the slow flutter speed w:
 * v(t) = w + (v0 - w) e^(-d t), whose integral places the piece. */
static void draw_confetti(game_render *g, const game_frame_info *f, double t)
{
    if (t < 0 || t > 9) return;
    const game_level *L = game_sim_level(f->sim);
    enum { PER_GOAL = 60, RAIN = 160 };
    int nv = 0, ni = 0;
    Uint8 alpha = (Uint8)(230 * (t < 7 ? 1.0 : (9 - t) / 2));
    const double drag = 1.6, e = (1 - exp(-drag * t)) / drag;
    for (int gi = 0; gi < L->goal_count && gi < GAME_MAX_GOALS; gi++) {
        float gx, gy;
        to_px(g, (L->goals[gi].rect[0] + L->goals[gi].rect[2]) / 2, (L->goals[gi].rect[1] + L->goals[gi].rect[3]) / 2, &gx, &gy);
        SDL_Color base = sdl_col(f->looks->goal[gi], 255);
        for (int k = 0; k < PER_GOAL && nv + 4 <= MAX_TRACER_VERTS; k++) {
            uint32_t id = (uint32_t)(gi * 1000 + k);
            double ang = -PI / 2 + (hash01(id * 3 + 1) - 0.5) * 2.4, sp = (260 + 420 * hash01(id * 3 + 2)) * g->ui;
            double w = (80 + 80 * hash01(id * 11)) * g->ui;
            float x = gx + (float)(cos(ang) * sp * e + 24 * g->ui * sin(t * (2 + hash01(id)) + k));
            float y = gy + (float)(sin(ang) * sp * e + w * (t - e));
            SDL_Color c = k % 3 == 0 ? GOLD : k % 3 == 1 ? base : WHITE;
            c.a = alpha;
            confetti_piece(g, &nv, &ni, x, y, t * (4 + 6 * hash01(id * 7)) + k,
                           (float)((4 + 4 * hash01(id * 5)) * g->ui), c);
        }
    }
    for (int k = 0; k < RAIN && nv + 4 <= MAX_TRACER_VERTS; k++) {
        uint32_t id = (uint32_t)(50000 + k);
        double w = (90 + 110 * hash01(id * 11)) * g->ui;
        float x = (float)(g->w * hash01(id * 3) + 30 * g->ui * sin(t * (1.5 + hash01(id)) + k));
        float y = (float)(-20 * g->ui - 0.6 * g->h * hash01(id * 5) + w * t);
        int gi = L->goal_count > 0 ? k % L->goal_count : 0;
        SDL_Color c = k % 3 == 0 ? GOLD : k % 3 == 1 && L->goal_count ? sdl_col(f->looks->goal[gi], 255) : WHITE;
        c.a = alpha;
        confetti_piece(g, &nv, &ni, x, y, t * (3 + 5 * hash01(id * 7)) + k,
                       (float)((4 + 4 * hash01(id * 13)) * g->ui), c);
    }
    if (nv) SDL_RenderGeometry(g->r, NULL, g->verts, nv, g->index, ni);
}

/* The win: the stars one by one, the time against par, a new best, what
 * next; and confetti from the goals. t: seconds since the win. */
/* A card of w x h pixels put where it hides the least of the level
 * (game_card.c); *x, *y its top left corner in pixels. */
static void place_card(game_render *g, const game_frame_info *f, float w, float h, float *x, float *y)
{
    double r[4];
    game_card_place(f->sim, w / g->scale, h / g->scale, r);
    float px, py;
    to_px(g, r[0], r[3], &px, &py);
    *x = px, *y = py;
}

/* The win and loss cards sit clear of every goal (game_card_place_clear), so
 * the player sees what the goals hold: the wide card where it fits, else the
 * narrow one (*narrow), else the wide one where it hides the least. */
static void place_result_card(game_render *g, const game_frame_info *f, const float wide[2],
                              const float slim[2], float *x, float *y, bool *narrow)
{
    double r[4];
    *narrow = false;
    if (!game_card_place_clear(f->sim, wide[0] / g->scale, wide[1] / g->scale, r)) {
        *narrow = game_card_place_clear(f->sim, slim[0] / g->scale, slim[1] / g->scale, r);
        if (!*narrow) game_card_place(f->sim, wide[0] / g->scale, wide[1] / g->scale, r);
    }
    to_px(g, r[0], r[3], x, y);
}

static void draw_win(game_render *g, const game_frame_info *f, double t)
{
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    game_text *tx = g->text;
    if (t < 0.35) {
        draw_confetti(g, f, t);
        return;
    }
    int stars = game_sim_stars(sim), shown = game_render_stars_shown(t, stars);
    char rule[120], missed[200];
    star_rule_text(L, rule, sizeof rule);
    snprintf(missed, sizeof missed, "Under par: the third star is for doing it%s.", rule);
    bool rule_missed = game_sim_finish_time(sim) <= L->par && !game_sim_star_rule(sim);
    const char *praise = stars == 3 ? "Under par: three stars!" : rule_missed ? missed
                         : stars == 2 ? "Beat the par time for the third star."
                                      : "Try it faster for more stars.";
    if (f->new_best && !f->demo) praise = stars == 3 ? "A new best, under par!" : "A new best time!";
    SDL_Color praise_ink = f->new_best && !f->demo ? GOLD : DIM;
    /* the keys: one line on the wide card, two on the narrow one */
    const char *keys[2] = {f->demo ? "R  play it yourself       Esc  menu"
                           : f->last_level ? "Enter  the levels      R  play again      F9  save the replay"
                                           : "Enter  next level      R  play again      F9  save the replay      Esc  menu",
                           NULL};
    const char *slim_keys[2] = {f->demo ? "R  play it yourself" : f->last_level ? "Enter  the levels      R  again"
                                                                                  : "Enter  next level      R  again",
                                f->demo ? "Esc  menu" : "F9  save the replay      Esc  menu"};
    int lh = game_text_line_height(tx, GAME_FONT_BODY), bl = game_text_line_height(tx, GAME_FONT_BIG);
    float wide[2] = {(float)(620 * g->ui), 0}, slim[2] = {(float)(400 * g->ui), 0};
    float wide_r = (float)(42 * g->ui), slim_r = (float)(30 * g->ui);
    int wide_ph = game_text_wrapped_height(tx, GAME_FONT_BODY, praise, (int)(wide[0] - 30 * g->ui), praise_ink, GAME_CENTER);
    int slim_ph = game_text_wrapped_height(tx, GAME_FONT_BODY, praise, (int)(slim[0] - 30 * g->ui), praise_ink, GAME_CENTER);
    wide[1] = (float)(bl * 1.15 + wide_r * 2.6 + lh * 1.6 + wide_ph + lh * 0.5 + lh * 1.6 + lh * 0.6);
    slim[1] = (float)(bl * 1.15 + slim_r * 2.6 + lh * 1.6 + slim_ph + lh * 0.5 + lh * 2.6 + lh * 0.6);
    float x, y;
    bool narrow;
    place_result_card(g, f, wide, slim, &x, &y, &narrow);
    float w = narrow ? slim[0] : wide[0], h = narrow ? slim[1] : wide[1], R = narrow ? slim_r : wide_r;
    panel_at(g, x, y, w, h, 232);
    int cx = (int)(x + w / 2);
    float yy = y + (float)(lh * 0.6);
    shadow_text(g, GAME_FONT_BIG, f->last_level && f->all_done ? "Every level done!" : "Level complete!", cx, (int)yy, GOLD, GAME_CENTER);
    yy += (float)bl * 1.15f;
    for (int k = 0; k < 3; k++) {
        float sx = (float)cx + (k - 1) * R * 2.5f, sy = yy + R * 1.05f;
        bool on = k < shown;
        float pop = 1;
        if (on) { /* it arrives big and settles */
            double age = t - (0.8 + 0.4 * k);
            pop = (float)(1 + 0.5 * exp(-age * 9) * cos(age * 14));
        }
        star(g->r, sx, sy, R * pop, GOLD, on ? shade(GOLD, 0.55, 255) : rgba(70, 85, 110, 255), on);
    }
    yy += R * 2.6f;
    char s[160];
    snprintf(s, sizeof s, "%.1f s   (par %.0f s)", game_sim_finish_time(sim), L->par);
    game_text_draw(tx, GAME_FONT_TITLE, s, cx, (int)yy, WHITE, GAME_CENTER);
    yy += (float)lh * 1.6f;
    game_text_draw_wrapped(tx, GAME_FONT_BODY, praise, cx, (int)yy, (int)(w - 30 * g->ui), praise_ink,
                           GAME_CENTER);
    yy += (float)(narrow ? slim_ph : wide_ph) + (float)lh * 0.5f;
    for (int k = 0; k < 2; k++) {
        const char *line = narrow ? slim_keys[k] : keys[k];
        if (!line) break;
        game_text_draw(tx, GAME_FONT_BODY, line, cx, (int)yy, SKY, GAME_CENTER);
        yy += (float)lh * 1.1f;
    }
    draw_confetti(g, f, t);
}

static void draw_lost(game_render *g, const game_frame_info *f)
{
    const game_level *L = game_sim_level(f->sim);
    game_text *t = g->text;
    int lh = game_text_line_height(t, GAME_FONT_BODY), bl = game_text_line_height(t, GAME_FONT_BIG);
    char s[160];
    snprintf(s, sizeof s, "This level has to be done within %.0f seconds.", L->time_limit);
    float wide[2] = {(float)(560 * g->ui), 0}, slim[2] = {(float)(400 * g->ui), 0};
    int wide_h = game_text_wrapped_height(t, GAME_FONT_BODY, s, (int)(wide[0] - 30 * g->ui), WHITE, GAME_CENTER);
    int slim_h = game_text_wrapped_height(t, GAME_FONT_BODY, s, (int)(slim[0] - 30 * g->ui), WHITE, GAME_CENTER);
    wide[1] = (float)(bl + wide_h + 3.5 * lh), slim[1] = (float)(bl + slim_h + 3.5 * lh);
    float x, y;
    bool narrow;
    place_result_card(g, f, wide, slim, &x, &y, &narrow);
    float w = narrow ? slim[0] : wide[0], h = narrow ? slim[1] : wide[1];
    panel_at(g, x, y, w, h, 232);
    game_text_draw(t, GAME_FONT_BIG, "Out of time", (int)(x + w / 2), (int)(y + lh * 0.5),
                   rgba(255, 130, 110, 255), GAME_CENTER);
    game_text_draw_wrapped(t, GAME_FONT_BODY, s, (int)(x + w / 2), (int)(y + lh * 0.5 + bl),
                           (int)(w - 30 * g->ui), WHITE, GAME_CENTER);
    game_text_draw(t, GAME_FONT_BODY, "R  try again        Esc  menu", (int)(x + w / 2),
                   (int)(y + lh * 1.6 + bl + (narrow ? slim_h : wide_h)), SKY, GAME_CENTER);
}

/* The level's card before it starts: what it is, what to do, the clock. */
/* The level's opening card: which level, what it asks (made from its goals;
 * the hint waits for I), par and limit, how to begin. */
static void draw_intro(game_render *g, const game_frame_info *f, const SDL_FRect *tank)
{
    const game_level *L = game_sim_level(f->sim);
    game_text *t = g->text;
    int lh = game_text_line_height(t, GAME_FONT_BODY), bl = game_text_line_height(t, GAME_FONT_BIG);
    float w = (float)fmin(540 * g->ui, tank->w * 0.8);
    int wrap = (int)(w - 48 * g->ui);
    char goal[400];
    game_goal_sentence(L, goal, sizeof goal);
    SDL_Color ink = rgba(210, 228, 250, 255);
    int goal_h = game_text_wrapped_height(t, GAME_FONT_BODY, goal, wrap, ink, GAME_CENTER);
    char s[240], rule[120];
    star_rule_text(L, rule, sizeof rule);
    if (L->time_limit > 0) snprintf(s, sizeof s, "three stars: par %.0f s%s      time limit %.0f s", L->par, rule, L->time_limit);
    else snprintf(s, sizeof s, "three stars: par %.0f s%s", L->par, rule);
    int par_h = game_text_wrapped_height(t, GAME_FONT_BODY, s, wrap, GOLD, GAME_CENTER);
    int go_h = game_text_line_height(t, GAME_FONT_TITLE);
    float h = (float)(bl + goal_h + par_h + go_h + 2.9 * lh + 16 * g->ui);
    float x, y;
    place_card(g, f, w, h, &x, &y);
    panel_at(g, x, y, w, h, 225);
    int cx = (int)(x + w / 2);
    float yy = y + (float)(lh * 0.6);
    char head[64];
    if (f->level_number > 0) snprintf(head, sizeof head, "Level %d of %d", f->level_number, f->level_total);
    else snprintf(head, sizeof head, "A practice level");
    game_text_draw(t, GAME_FONT_BODY, head, cx, (int)yy, DIM, GAME_CENTER);
    yy += (float)lh * 1.1f;
    shadow_text(g, GAME_FONT_BIG, L->title, cx, (int)yy, WHITE, GAME_CENTER);
    yy += (float)bl + 4 * (float)g->ui;
    game_text_draw_wrapped(t, GAME_FONT_BODY, goal, cx, (int)yy, wrap, ink, GAME_CENTER);
    yy += (float)goal_h + (float)lh * 0.6f;
    game_text_draw_wrapped(t, GAME_FONT_BODY, s, cx, (int)yy, wrap, GOLD, GAME_CENTER);
    yy += (float)par_h + (float)lh * 0.3f;
    double pulse = 0.6 + 0.4 * sin(f->clock * 4);
    game_text_draw(t, GAME_FONT_TITLE, "Click or press Space to start", cx, (int)yy,
                   rgba(120, 210, 255, (int)(255 * pulse)), GAME_CENTER);
}

/* A tutorial card, where it hides the least; it stays put while the place
 * it has hides nothing. */
static void draw_tutorial(game_render *g, const game_frame_info *f, const char *text, const SDL_FRect *tank)
{
    game_text *t = g->text;
    float w = (float)fmin(640 * g->ui, tank->w * 0.7);
    int wrap = (int)(w - 40 * g->ui);
    SDL_Color c = rgba(236, 242, 250, 255);
    int th = game_text_wrapped_height(t, GAME_FONT_TITLE, text, wrap, c, GAME_CENTER);
    int sh = game_text_line_height(t, GAME_FONT_SMALL);
    float h = (float)(th + sh + 26 * g->ui + (f->tutorial_key ? sh + 6 * g->ui : 0));
    double mw = w / g->scale, mh = h / g->scale;
    bool same = g->card_level == (const void *)f->sim && fabs(g->card[2] - g->card[0] - mw) < 1e-6 &&
                fabs(g->card[3] - g->card[1] - mh) < 1e-6;
    if (!same || game_card_cover(f->sim, g->card) > 0) {
        game_card_place(f->sim, mw, mh, g->card);
        g->card_level = f->sim;
    }
    float x, y;
    to_px(g, g->card[0], g->card[3], &x, &y);
    fill_rect(g->r, x, y, w, h, rgba(10, 24, 44, 215));
    rect_outline(g->r, x, y, w, h, rgba(255, 210, 90, 200), (float)(2 * g->ui));
    game_text_draw(t, GAME_FONT_SMALL, "HOW TO PLAY", (int)(x + w / 2), (int)(y + 7 * g->ui), GOLD, GAME_CENTER);
    game_text_draw_wrapped(t, GAME_FONT_TITLE, text, (int)(x + w / 2), (int)(y + 10 * g->ui + sh), wrap, c, GAME_CENTER);
    if (f->tutorial_key) {
        double pulse = 0.65 + 0.35 * sin(f->clock * 4);
        game_text_draw(t, GAME_FONT_SMALL, "Space or click: next", (int)(x + w / 2),
                       (int)(y + h - sh - 8 * g->ui), rgba(120, 210, 255, (int)(255 * pulse)), GAME_CENTER);
    }
}

/* Rows of a list (title menu, level select), remembered for the mouse. */
static void list_layout(game_render *g, int x0, int x1, int y0, int row_h, int rows)
{
    g->menu_x0 = x0, g->menu_x1 = x1, g->menu_y0 = y0, g->menu_row_h = row_h, g->menu_rows = rows;
}

/* The title: the word eddy rippling over the water, the menu, the keys. */
static void draw_title(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    game_text *t = g->text;
    double ui = g->ui;
    /* darker towards the top, where the words are: one quad, its colours
       blended from top to bottom */
    SDL_Color top = rgba(3, 8, 20, 215), low = rgba(3, 8, 20, 60);
    float W = (float)g->w, H = (float)g->h;
    SDL_Vertex v[4] = {{{0, 0}, top, {0, 0}}, {{W, 0}, top, {0, 0}}, {{W, H}, low, {0, 0}}, {{0, H}, low, {0, 0}}};
    static const int quad[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(r, NULL, v, 4, quad, 6);
    const char *word = "eddy";
    int hl = game_text_line_height(t, GAME_FONT_HUGE), total = 0, wch[8];
    for (int k = 0; word[k]; k++) {
        char ch[2] = {word[k], 0};
        int hh;
        game_text_size(t, GAME_FONT_HUGE, ch, &wch[k], &hh);
        total += wch[k];
    }
    int x = g->w / 2 - total / 2, y = (int)(70 * ui);
    for (int k = 0; word[k]; k++) { /* each letter bobs on its own wave */
        char ch[2] = {word[k], 0};
        int dy = (int)(7 * ui * sin(f->clock * 1.7 + k * 0.9));
        game_text_draw(t, GAME_FONT_HUGE, ch, x + (int)(4 * ui), y + dy + (int)(5 * ui), rgba(0, 10, 30, 190), GAME_LEFT);
        game_text_draw(t, GAME_FONT_HUGE, ch, x, y + dy, rgba(140 + 20 * k, 220, 255, 255), GAME_LEFT);
        x += wch[k];
    }
    y += hl;
    game_text_draw(t, GAME_FONT_TITLE, "a puzzle in a tank of water", g->w / 2, y, rgba(190, 220, 245, 255), GAME_CENTER);
    y += (int)(game_text_line_height(t, GAME_FONT_TITLE) * 1.1);
    game_text_draw(t, GAME_FONT_BODY, "You never touch the objects: you move the water, and the water moves them.",
                   g->w / 2, y, DIM, GAME_CENTER);
    y += (int)(game_text_line_height(t, GAME_FONT_BODY) * 2.4);
    int row_h = (int)(game_text_line_height(t, GAME_FONT_TITLE) * 1.55), bw = (int)(360 * ui);
    int x0 = g->w / 2 - bw / 2, x1 = g->w / 2 + bw / 2;
    list_layout(g, x0, x1, y, row_h, f->title_count);
    for (int k = 0; k < f->title_count; k++) {
        int ry = y + k * row_h;
        bool sel = k == f->title_selected;
        fill_rect(r, (float)x0, (float)ry, (float)bw, (float)row_h - 8, sel ? rgba(30, 80, 140, 235) : rgba(8, 18, 36, 200));
        rect_outline(r, (float)x0, (float)ry, (float)bw, (float)row_h - 8,
                     sel ? rgba(140, 210, 255, 255) : rgba(60, 100, 150, 200), (float)(sel ? 2 * ui : 1));
        int ty = ry + (row_h - 8 - game_text_line_height(t, GAME_FONT_TITLE)) / 2;
        game_text_draw(t, GAME_FONT_TITLE, f->title_items[k], g->w / 2, ty, sel ? WHITE : DIM, GAME_CENTER);
    }
    y += f->title_count * row_h + (int)(6 * ui);
    if (f->title_note) game_text_draw(t, GAME_FONT_BODY, f->title_note, g->w / 2, y, GOLD, GAME_CENTER);
    game_text_draw(t, GAME_FONT_SMALL, "Up / Down choose     Enter or click to go     M sound     Q quit",
                   g->w / 2, g->h - (int)(34 * ui), DIM, GAME_CENTER);
}

static void draw_levels(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    fill_rect(r, 0, 0, (float)g->w, (float)g->h, rgba(4, 10, 22, 228));
    game_text *t = g->text;
    double ui = g->ui;
    int th = game_text_line_height(t, GAME_FONT_BIG), lh = game_text_line_height(t, GAME_FONT_TITLE);
    int y = (int)(50 * ui);
    shadow_text(g, GAME_FONT_BIG, "Levels", g->w / 2, y, rgba(120, 210, 255, 255), GAME_CENTER);
    y += th;
    int won = 0;
    for (int k = 0; k < f->menu_count; k++) won += f->menu_entries[k].stars > 0;
    char s[160], st[32];
    snprintf(s, sizeof s, "%d of %d done", won, f->menu_count);
    game_text_draw(t, GAME_FONT_BODY, s, g->w / 2, y, DIM, GAME_CENTER);
    y += (int)(lh * 1.4);
    int row_h = (int)(lh * 1.45);
    int x0 = (int)(g->w / 2 - 340 * ui), x1 = (int)(g->w / 2 + 340 * ui);
    list_layout(g, x0, x1, y, row_h, f->menu_count);
    for (int k = 0; k < f->menu_count; k++) {
        const game_menu_entry *e = &f->menu_entries[k];
        int ry = y + k * row_h;
        bool sel = k == f->menu_selected;
        if (sel) {
            fill_rect(r, (float)x0, (float)ry, (float)(x1 - x0), (float)row_h - 4,
                      e->locked ? rgba(40, 45, 60, 230) : rgba(30, 70, 120, 230));
            rect_outline(r, (float)x0, (float)ry, (float)(x1 - x0), (float)row_h - 4,
                         e->locked ? rgba(110, 120, 140, 255) : rgba(110, 190, 255, 255), 2);
        }
        int ty = ry + (row_h - 4 - lh) / 2;
        snprintf(s, sizeof s, "%d   %s", k + 1, e->title);
        SDL_Color c = e->locked ? rgba(90, 100, 120, 255) : sel ? WHITE : DIM;
        game_text_draw(t, GAME_FONT_TITLE, s, x0 + (int)(18 * ui), ty, c, GAME_LEFT);
        if (e->locked) {
            game_text_draw(t, GAME_FONT_BODY, "locked", x1 - (int)(18 * ui), ty + (lh - game_text_line_height(t, GAME_FONT_BODY)) / 2,
                           rgba(110, 120, 140, 255), GAME_RIGHT);
            continue;
        }
        stars_text(e->stars, st, sizeof st);
        if (e->stars > 0) snprintf(s, sizeof s, "%.1f s  %s", e->best, st);
        else snprintf(s, sizeof s, "%s", st);
        game_text_draw(t, GAME_FONT_TITLE, s, x1 - (int)(18 * ui), ty, e->stars ? GOLD : rgba(90, 105, 130, 255),
                       GAME_RIGHT);
    }
    y += f->menu_count * row_h + (int)(18 * ui);
    bool any_locked = false;
    for (int k = 0; k < f->menu_count; k++) any_locked |= f->menu_entries[k].locked;
    game_text_draw(t, GAME_FONT_BODY,
                   any_locked ? "Win a level to open the next one.   U opens every level."
                              : "Every level is open.",
                   g->w / 2, y, DIM, GAME_CENTER);
    if (f->message)
        game_text_draw(t, GAME_FONT_BODY, f->message, g->w / 2, y + (int)(game_text_line_height(t, GAME_FONT_BODY) * 1.5),
                       GOLD, GAME_CENTER);
    game_text_draw(t, GAME_FONT_SMALL, "Up / Down choose     Enter or click to play     Esc back     Q quit",
                   g->w / 2, g->h - (int)(34 * ui), DIM, GAME_CENTER);
}

/* ------------------------------------------------------------ the frame */

static void draw_goals(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    double now = game_sim_time(sim), ui = g->ui;
    for (int k = 0; k < L->goal_count; k++) {
        const game_goal *goal = &L->goals[k];
        SDL_Color c = sdl_col(f->looks->goal[k], 255);
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
        if (filled && game_sim_status(sim) == GAME_PLAYING) {
            double p = game_sim_hold_progress(sim);
            fill_rect(r, x0 + 6, y0 + 6 * (float)ui, (float)((x1 - x0 - 12) * p), (float)(4 * ui), rgba(c.r, c.g, c.b, 255));
        }
    }
}

/* The goals' labels, over the rock: at the bottom of the box, or at its top
 * where rock fills the bottom (level 8's floor). */
static void draw_goal_labels(game_render *g, const game_frame_info *f)
{
    const game_level *L = game_sim_level(f->sim);
    const eddy_asset *asset = game_sim_asset(f->sim);
    int lh = game_text_line_height(g->text, GAME_FONT_SMALL);
    double pad = (lh + 8 * g->ui) / g->scale; /* the label's height in metres */
    for (int k = 0; k < L->goal_count; k++) {
        const game_goal *goal = &L->goals[k];
        if (!goal->label[0]) continue;
        double cx = (goal->rect[0] + goal->rect[2]) / 2, y = goal->rect[1] + 0.5 * pad;
        bool low_clear = !eddy_asset_solid_at(asset, cx, y) &&
                         !eddy_asset_solid_at(asset, cx - 0.3, y) && !eddy_asset_solid_at(asset, cx + 0.3, y);
        float lx, ly;
        if (low_clear) {
            to_px(g, cx, goal->rect[1], &lx, &ly);
            ly -= (float)(6 * g->ui + lh);
        } else {
            to_px(g, cx, goal->rect[3], &lx, &ly);
            ly += (float)(6 * g->ui);
        }
        SDL_Color c = sdl_col(f->looks->goal[k], 255);
        game_text_draw(g->text, GAME_FONT_SMALL, goal->label, (int)lx + 1, (int)ly + 1, rgba(0, 0, 0, 200), GAME_CENTER);
        game_text_draw(g->text, GAME_FONT_SMALL, goal->label, (int)lx, (int)ly, c, GAME_CENTER);
    }
}

static void draw_jets(game_render *g, const game_frame_info *f)
{
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    for (int j = 0; j < L->jet_count; j++) {
        const game_jet *jet = &L->jets[j];
        float px, py;
        to_px(g, jet->at[0], jet->at[1], &px, &py);
        bool on = game_sim_jet_on(sim, j);
        SDL_Color c = rgba(jet->color.r, jet->color.g, jet->color.b, 255);
        float rad = (float)(0.22 * g->scale);
        if (on) disc(g->r, px, py, rad * 2.2f, rgba(c.r, c.g, c.b, 90), rgba(c.r, c.g, c.b, 0));
        disc(g->r, px, py, rad, on ? c : rgba(30, 40, 60, 255), on ? shade(c, 0.7, 255) : rgba(20, 28, 44, 255));
        ring(g->r, px, py, rad, (float)(2 * g->ui), c);
        if (j < f->looks->jet_count && (f->looks->jet_dir[j][0] != 0 || f->looks->jet_dir[j][1] != 0)) {
            /* the way its current will flow, on or off: a chevron beyond the rim */
            float dx = (float)f->looks->jet_dir[j][0], dy = -(float)f->looks->jet_dir[j][1];
            float tip = rad * 1.9f, back = rad * 1.25f, side = rad * 0.5f;
            SDL_Color a = on ? c : rgba(c.r, c.g, c.b, 200);
            SDL_Vertex v[3] = {{{px + dx * tip, py + dy * tip}, a, {0, 0}},
                               {{px + dx * back - dy * side, py + dy * back + dx * side}, a, {0, 0}},
                               {{px + dx * back + dy * side, py + dy * back - dx * side}, a, {0, 0}}};
            SDL_RenderGeometry(g->r, NULL, v, 3, NULL, 0);
        }
        char key[2] = {(char)jet->key, 0};
        int lh = game_text_line_height(g->text, GAME_FONT_BODY);
        game_text_draw(g->text, GAME_FONT_BODY, key, (int)px, (int)(py - lh / 2), on ? rgba(10, 14, 24, 255) : c, GAME_CENTER);
    }
}

/* The paddle's goal on its track (the track itself is in the still batch). */
static void draw_paddle_goal(game_render *g, const game_frame_info *f)
{
    const game_level *L = game_sim_level(f->sim);
    if (!L->paddle.present) return;
    double tg[2];
    game_sim_paddle_target(f->sim, tg);
    float tx, ty;
    to_px(g, tg[0], tg[1], &tx, &ty);
    ring(g->r, tx, ty, (float)(6 * g->ui), (float)(1.5 * g->ui), rgba(220, 230, 245, 140));
}

/* The tank's glass: a frame round the water, strips only (the water covers
 * the inside, so nothing is filled twice), the dashes of the paddle's track
 * and the rock. */
static void build_still(game_render *g, const game_frame_info *f, const SDL_FRect *tank)
{
    const game_level *L = game_sim_level(f->sim);
    kit_batch *b = &g->still;
    kit_batch_clear(b);
    float gl = (float)(5 * g->ui);
    kit_batch_outline(b, tank->x - gl, tank->y - gl, tank->w + 2 * gl, tank->h + 2 * gl, 2,
                       rgba(70, 100, 130, 255));
    kit_batch_outline(b, tank->x - gl + 2, tank->y - gl + 2, tank->w + 2 * gl - 4,
                       tank->h + 2 * gl - 4, gl - 2, rgba(24, 34, 50, 255));
    const eddy_asset *asset = game_sim_asset(f->sim);
    kit_rock_map rock = {g->ox, g->oy, g->scale, g->scale, g->H};
    kit_rock_build(b, eddy_asset_walls(asset), eddy_asset_wall_count(asset), &rock,
                   (float)(3.0 * g->ui));
    if (L->paddle.present) {
        float ax, ay, bx, by;
        to_px(g, L->paddle.track[0][0], L->paddle.track[0][1], &ax, &ay);
        to_px(g, L->paddle.track[1][0], L->paddle.track[1][1], &bx, &by);
        int dashes = 24;
        SDL_Color c = rgba(220, 230, 245, 90);
        for (int k = 0; k < dashes; k += 2)
            kit_batch_line(b, ax + (bx - ax) * k / dashes, ay + (by - ay) * k / dashes,
                            ax + (bx - ax) * (k + 1) / dashes, ay + (by - ay) * (k + 1) / dashes,
                            (float)(2 * g->ui), c, c);
    }
}

static void draw_still(game_render *g, const game_frame_info *f, const SDL_FRect *tank)
{
    const game_level *L = game_sim_level(f->sim);
    struct still_key key;
    memset(&key, 0, sizeof key);
    key.asset = game_sim_asset(f->sim);
    key.ox = g->ox, key.oy = g->oy, key.scale = g->scale, key.ui = g->ui;
    key.paddle = L->paddle.present;
    if (key.paddle) memcpy(key.track, L->paddle.track, sizeof key.track);
    if (memcmp(&key, &g->still_key, sizeof key) != 0 || g->still.ni == 0) {
        build_still(g, f, tank);
        g->still_key = key;
    }
    kit_batch_draw(&g->still, g->r);
}

/* Where the tank goes: below the HUD bar, above the bottom line, at the
 * level's aspect, beside the time-per-frame table when that is shown. */
static void layout(game_render *g, const game_frame_info *f)
{
    double ui = g->ui;
    double top = 58 * ui, bottom = 38 * ui, side = 16 * ui, right = side;
    if (f->view.timings && f->screen == GAME_SCREEN_PLAY) right = timing_width(g) + 16 * ui;
    double aw = g->w - side - right, ah = g->h - top - bottom;
    g->scale = fmin(aw / g->W, ah / g->H);
    if (g->scale < 1) g->scale = 1;
    g->ox = side + (aw - g->W * g->scale) / 2;
    g->oy = top + (ah - g->H * g->scale) / 2;
    game_xform_view(g->ox, g->oy, g->scale, g->H, g->view);
}

void game_render_frame(game_render *g, const game_frame_info *f)
{
    SDL_Renderer *r = g->r;
    const game_sim *sim = f->sim;
    const game_level *L = game_sim_level(sim);
    game_text_frame(g->text);
    double ui = g->ui;
    g->W = L->asset.width, g->H = L->asset.height;
    g->menu_rows = 0;
    layout(g, f);
    SDL_FRect tank = {(float)g->ox, (float)g->oy, (float)(g->W * g->scale), (float)(g->H * g->scale)};

    /* Every pixel filled costs a software rasteriser time: the background is
       a clear, the water one opaque texture, the glass a frame round it. */
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 5, 9, 18, 255);
    SDL_RenderClear(r);
    draw_water(g, f, &tank);

    SDL_Rect clip = {(int)tank.x, (int)tank.y, (int)ceilf(tank.w), (int)ceilf(tank.h)};
    SDL_RenderSetClipRect(r, &clip);
    game_surface_draw(r, sim, g->ox, g->oy, g->scale, g->H, ui); /* air above water (game_surface.c) */
    bool play = f->screen == GAME_SCREEN_PLAY;
    if (play) draw_goals(g, f);
    draw_jets(g, f);
    if (f->view.tracers) draw_tracers(g, f->flow, f->quality);
    if (f->view.arrows) draw_arrows(g, f->flow);
    SDL_RenderSetClipRect(r, NULL);
    draw_still(g, f, &tank); /* glass, rock (kit_rock.c), the paddle's track */
    SDL_RenderSetClipRect(r, &clip);
    if (play) draw_goal_labels(g, f);
    if (play) draw_paddle_goal(g, f);
    /* spray behind the bodies: a stone entering the water stays in view */
    game_surface_draw_spray(r, f->spray, g->ox, g->oy, g->scale, g->H, ui);
    for (int i = 0; i < f->looks->body_count; i++) {
        eddy_pose pose = game_pose_lerp(&f->prev[i], &f->cur[i], f->alpha);
        draw_body(g, &f->looks->bodies[i], &pose);
    }
    /* engine debug overlays through its debug-draw callbacks */
    if (play && (f->view.panels || f->view.quadtree || f->view.samples)) {
        eddy_debug_draw dd = {0};
        dd.user = g;
        if (f->view.panels) dd.panel = dbg_panel;
        if (f->view.quadtree) dd.quadtree_node = dbg_node;
        if (f->view.samples) dd.velocity_sample = dbg_sample, dd.sample_stride = 3;
        eddy_coupling_debug_draw(game_sim_coupling(sim), &dd);
    }
    if (play && f->started && f->mouse_in_tank && (f->stirring || f->dragging_paddle)) {
        float mx, my;
        to_px(g, f->mouse[0], f->mouse[1], &mx, &my);
        float rad = (float)((f->stirring ? L->stir.radius : 0.25) * g->scale);
        bool empty = f->stirring && game_sim_stir_meter(sim) <= 0;
        ring(r, mx, my, rad, (float)(2 * ui), empty ? rgba(255, 110, 100, 200) : rgba(200, 235, 255, 170));
    }
    SDL_RenderSetClipRect(r, NULL);

    if (f->screen == GAME_SCREEN_TITLE) {
        draw_title(g, f);
        return;
    }
    if (f->screen == GAME_SCREEN_LEVELS) {
        draw_levels(g, f);
        return;
    }
    draw_hud(g, f);
    if (f->view.timings) draw_timings(g, f);
    game_status status = game_sim_status(sim);
    if (f->view.help) {
        draw_help(g, f);
    } else if (!f->started && !f->demo) {
        draw_intro(g, f, &tank);
    } else if (status == GAME_WON) {
        draw_win(g, f, f->win_time);
    } else if (status == GAME_LOST && !f->demo) {
        draw_lost(g, f);
    } else if (f->paused) {
        int bl = game_text_line_height(g->text, GAME_FONT_BIG);
        fill_rect(r, tank.x, tank.y + tank.h / 2 - bl, tank.w, 2.0f * bl, rgba(4, 10, 22, 170));
        game_text_draw(g->text, GAME_FONT_BIG, "Paused", (int)(tank.x + tank.w / 2), (int)(tank.y + tank.h / 2 - bl * 0.8),
                       WHITE, GAME_CENTER);
        game_text_draw(g->text, GAME_FONT_BODY, "Space or P to go on,  . for one step", (int)(tank.x + tank.w / 2),
                       (int)(tank.y + tank.h / 2 + bl * 0.3), DIM, GAME_CENTER);
    } else if (f->tutorial) {
        draw_tutorial(g, f, f->tutorial, &tank);
    }
    if (!game_text_ok(g->text)) { /* no font: at least say so in the window title area */
        fill_rect(r, 0, 0, 8, 8, rgba(255, 80, 80, 255));
    }
}

/* ------------------------------------------------------------ input mapping */

void game_render_to_world(const game_render *g, int px, int py, double out[2])
{
    mat3 view;
    memcpy(view, g->view, sizeof view);
    game_xform_unproject(view, px, py, out);
}

bool game_render_in_tank(const game_render *g, int px, int py)
{
    double w[2];
    game_render_to_world(g, px, py, w);
    return w[0] >= 0 && w[0] <= g->W && w[1] >= 0 && w[1] <= g->H;
}

double game_render_scale(const game_render *g) { return g->scale; }

int game_render_list_hit(const game_render *g, int px, int py)
{
    if (g->menu_rows <= 0 || g->menu_row_h <= 0 || px < g->menu_x0 || px > g->menu_x1 || py < g->menu_y0)
        return -1;
    int k = (py - g->menu_y0) / g->menu_row_h;
    return k < g->menu_rows ? k : -1;
}
