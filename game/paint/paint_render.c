// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* paint_render.c - drawing for eddy-paint's window (see paint_render.h). */
#include "paint_render.h"
#include "kit_font.h"
#include "kit_png.h"

#include <eddy/eddy_file.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ------------------------------------------------------------ fonts */

bool paint_style_load(paint_style *s, char *why, size_t cap)
{
    memset(s, 0, sizeof *s);
    char regular[1024], bold[1024], mono[1024];
    for (int k = 0; kit_font_candidate(KIT_FONT_REGULAR, k, regular, sizeof regular); k++) {
        s->text = TTF_OpenFont(regular, 15);
        if (!s->text)
            continue;
        /* A partial family falls back to the regular face. */
        if (!kit_font_candidate(KIT_FONT_BOLD, 0, bold, sizeof bold))
            snprintf(bold, sizeof bold, "%s", regular);
        if (!kit_font_candidate(KIT_FONT_MONO, 0, mono, sizeof mono))
            snprintf(mono, sizeof mono, "%s", regular);
        s->bold = TTF_OpenFont(bold, 15);
        s->title = TTF_OpenFont(bold, 21);
        s->mono = TTF_OpenFont(mono, 14);
        s->small = TTF_OpenFont(regular, 12);
        if (s->bold && s->title && s->mono && s->small)
            return true;
        paint_style_free(s);
    }
    snprintf(why, cap, "no font found (%s)", KIT_FONT_HELP);
    return false;
}

void paint_style_free(paint_style *s)
{
    TTF_Font *all[] = {s->text, s->bold, s->mono, s->title, s->small};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; ++k)
        if (all[k])
            TTF_CloseFont(all[k]);
    memset(s, 0, sizeof *s);
}

/* ------------------------------------------------------------ text cache */

/* Rendered strings are kept for a while: the HUD redraws the same few dozen
 * strings every frame. */
#define TEXT_CACHE 192

typedef struct text_entry {
    TTF_Font *font;
    uint32_t color;
    char *text;
    SDL_Texture *tex;
    SDL_Renderer *ren;
    int w, h;
    unsigned long used;
} text_entry;

static text_entry g_text[TEXT_CACHE];
static unsigned long g_text_clock;

static uint32_t pack(SDL_Color c)
{
    return (uint32_t)c.r << 24 | (uint32_t)c.g << 16 | (uint32_t)c.b << 8 | c.a;
}

static text_entry *text_lookup(SDL_Renderer *ren, TTF_Font *font, SDL_Color c, const char *text)
{
    uint32_t key = pack(c);
    text_entry *oldest = &g_text[0];
    for (int k = 0; k < TEXT_CACHE; ++k) {
        text_entry *e = &g_text[k];
        if (e->text && e->font == font && e->color == key && e->ren == ren &&
            strcmp(e->text, text) == 0) {
            e->used = ++g_text_clock;
            return e;
        }
        if (e->used < oldest->used)
            oldest = e;
    }
    SDL_Surface *surf = TTF_RenderUTF8_Blended(font, text, c);
    if (!surf)
        return NULL;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(ren, surf);
    int w = surf->w, h = surf->h;
    SDL_FreeSurface(surf);
    char *copy = malloc(strlen(text) + 1);
    if (!tex || !copy) {
        if (tex)
            SDL_DestroyTexture(tex);
        free(copy);
        return NULL;
    }
    strcpy(copy, text);
    if (oldest->tex)
        SDL_DestroyTexture(oldest->tex);
    free(oldest->text);
    *oldest = (text_entry){font, key, copy, tex, ren, w, h, ++g_text_clock};
    return oldest;
}

void paint_text_cache_clear(void)
{
    for (int k = 0; k < TEXT_CACHE; ++k) {
        if (g_text[k].tex)
            SDL_DestroyTexture(g_text[k].tex);
        free(g_text[k].text);
    }
    memset(g_text, 0, sizeof g_text);
}

int paint_text(SDL_Renderer *ren, TTF_Font *font, int x, int y, SDL_Color c, const char *text)
{
    if (!text || !*text)
        return 0;
    text_entry *e = text_lookup(ren, font, c, text);
    if (!e)
        return 0;
    SDL_Rect dst = {x, y, e->w, e->h};
    SDL_RenderCopy(ren, e->tex, NULL, &dst);
    return e->w;
}

int paint_text_width(TTF_Font *font, const char *text)
{
    int w = 0, h = 0;
    if (text && *text)
        TTF_SizeUTF8(font, text, &w, &h);
    return w;
}

/* ------------------------------------------------------------ primitives */

void paint_fill(SDL_Renderer *ren, const SDL_Rect *r, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(ren, r);
}

void paint_frame(SDL_Renderer *ren, const SDL_Rect *r, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
    SDL_RenderDrawRect(ren, r);
}

void paint_circle(SDL_Renderer *ren, float cx, float cy, float r, SDL_Color c)
{
    enum { N = 64 };
    SDL_FPoint p[N + 1];
    for (int k = 0; k <= N; ++k) {
        double a = 2 * M_PI * k / N;
        p[k].x = cx + r * (float)cos(a);
        p[k].y = cy + r * (float)sin(a);
    }
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(ren, c.r, c.g, c.b, c.a);
    SDL_RenderDrawLinesF(ren, p, N + 1);
}

static SDL_Vertex vtx(float x, float y, SDL_Color c)
{
    SDL_Vertex v;
    v.position.x = x;
    v.position.y = y;
    v.color = c;
    v.tex_coord.x = 0;
    v.tex_coord.y = 0;
    return v;
}

void paint_arrow(SDL_Renderer *ren, float x0, float y0, float x1, float y1, float w, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len < 1.0f)
        return;
    float ux = dx / len, uy = dy / len, nx = -uy, ny = ux;
    float head = fminf(len * 0.45f, 3.2f * w + 3.0f), hw = head * 0.55f;
    float bx = x1 - ux * head, by = y1 - uy * head, h = 0.5f * w;
    SDL_Vertex v[7] = {
        vtx(x0 + nx * h, y0 + ny * h, c), vtx(x0 - nx * h, y0 - ny * h, c),
        vtx(bx - nx * h, by - ny * h, c), vtx(bx + nx * h, by + ny * h, c),
        vtx(bx + nx * hw, by + ny * hw, c), vtx(bx - nx * hw, by - ny * hw, c),
        vtx(x1, y1, c),
    };
    static const int idx[] = {0, 1, 2, 0, 2, 3, 4, 5, 6};
    SDL_RenderGeometry(ren, NULL, v, 7, idx, 9);
}

SDL_Color paint_speed_color(double t)
{
    /* Deep water to sunlight: dark and calm for slow flow, warm and bright
     * for fast, with the hue changing monotonically so speeds read in order. */
    static const struct { double t; double r, g, b; } stops[] = {
        {0.00, 12, 16, 34},    {0.12, 24, 40, 92},   {0.30, 30, 96, 156},
        {0.50, 34, 158, 160},  {0.70, 128, 202, 96}, {0.86, 242, 206, 72},
        {1.00, 255, 244, 206},
    };
    enum { N = sizeof stops / sizeof stops[0] };
    if (!(t > 0))
        t = 0;
    if (t > 1)
        t = 1;
    int k = 0;
    while (k < N - 2 && t > stops[k + 1].t)
        k++;
    double f = (t - stops[k].t) / (stops[k + 1].t - stops[k].t);
    SDL_Color c = {(Uint8)(stops[k].r + f * (stops[k + 1].r - stops[k].r) + 0.5),
                   (Uint8)(stops[k].g + f * (stops[k + 1].g - stops[k].g) + 0.5),
                   (Uint8)(stops[k].b + f * (stops[k + 1].b - stops[k].b) + 0.5), 255};
    return c;
}

/* ------------------------------------------------------------ mapping */

/* The view as a cglm 3x3 matrix on (x, y, 1): metres (y up) -> pixels
 * (y down). A pixel's centre maps back to the metres under it. */
void paint_view_matrix(const SDL_Rect *r, double width, double height, mat3 out)
{
    glm_translate2d_make(out, (vec2){(float)r->x, (float)(r->y + r->h)});
    glm_scale2d(out, (vec2){(float)(r->w / width), (float)(-r->h / height)});
}

static void apply(mat3 m, double x, double y, float *px, float *py)
{
    vec3 p = {(float)x, (float)y, 1.0f}, q;
    glm_mat3_mulv(m, p, q);
    *px = q[0], *py = q[1];
}

void paint_to_world(const SDL_Rect *r, double width, double height, int px, int py, double *x,
                    double *y)
{
    mat3 m, inv;
    paint_view_matrix(r, width, height, m);
    glm_mat3_inv(m, inv);
    float wx, wy;
    apply(inv, px + 0.5, py + 0.5, &wx, &wy);
    *x = wx, *y = wy;
}

void paint_to_screen(const SDL_Rect *r, double width, double height, double x, double y,
                     float *px, float *py)
{
    mat3 m;
    paint_view_matrix(r, width, height, m);
    apply(m, x, y, px, py);
}

/* ------------------------------------------------------------ views */

#define TRAIL 12
#define MAX_STREAKS 4000

typedef struct streak {
    float x[TRAIL], y[TRAIL]; /* metres, newest first */
    float speed;              /* last |u| / speed_scale: still water hides its streaks */
    int filled;
    int age, life;
} streak;

struct paint_view {
    SDL_Rect domain;
    uint64_t rng;

    /* The background image (LIC or speed) at half the view's resolution. */
    SDL_Renderer *owner;
    SDL_Texture *bg;
    int tw, th;
    unsigned long bg_version;
    unsigned long frames, bg_frame; /* views drawn, and when the image was made */
    int bg_kind;
    double bg_scale;
    bool bg_valid;
    float *noise;           /* tw * th */
    float *dir;             /* tw * th * 2, unit direction in texel space (y down) */
    float *speed;           /* tw * th, |u| / speed_scale */
    uint32_t *pixels;       /* tw * th */
    double *xy, *uv;        /* sample buffers, 2 * max(tw * th, MAX_STREAKS) */
    size_t samples;

    SDL_Texture *div_tex;
    int div_nx, div_ny;
    unsigned long div_version;
    bool div_valid;

    streak *streaks;
    int streak_count;
    unsigned long streak_domain; /* width/height hash: respawn on change */
};

static double rnd(paint_view *v)
{
    uint64_t x = v->rng;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    v->rng = x;
    return (double)((x * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

paint_view *paint_view_create(unsigned seed)
{
    paint_view *v = calloc(1, sizeof *v);
    if (v)
        v->rng = 0x9E3779B97F4A7C15ULL ^ ((uint64_t)seed * 0x100000001B3ULL) ^ 1;
    return v;
}

static void free_background(paint_view *v)
{
    if (v->bg)
        SDL_DestroyTexture(v->bg);
    if (v->div_tex)
        SDL_DestroyTexture(v->div_tex);
    v->bg = NULL;
    v->div_tex = NULL;
    free(v->noise);
    free(v->dir);
    free(v->speed);
    free(v->pixels);
    free(v->xy);
    free(v->uv);
    v->noise = v->dir = v->speed = NULL;
    v->pixels = NULL;
    v->xy = v->uv = NULL;
    v->tw = v->th = 0;
    v->samples = 0;
    v->bg_valid = v->div_valid = false;
}

void paint_view_destroy(paint_view *v)
{
    if (!v)
        return;
    free_background(v);
    free(v->streaks);
    free(v);
}

void paint_view_invalidate(paint_view *v)
{
    v->bg_valid = false;
    v->div_valid = false;
}

SDL_Rect paint_view_domain_rect(const paint_view *v) { return v->domain; }

static bool ensure_samples(paint_view *v, size_t n)
{
    if (n <= v->samples)
        return true;
    double *xy = realloc(v->xy, 2 * n * sizeof *xy);
    if (!xy)
        return false;
    v->xy = xy;
    double *uv = realloc(v->uv, 2 * n * sizeof *uv);
    if (!uv)
        return false;
    v->uv = uv;
    v->samples = n;
    return true;
}

/* (Re)allocates the background buffers for a tw x th image. */
static bool ensure_background(paint_view *v, SDL_Renderer *ren, int tw, int th)
{
    if (v->bg && v->tw == tw && v->th == th && v->owner == ren)
        return true;
    free_background(v);
    size_t n = (size_t)tw * th;
    v->noise = malloc(n * sizeof *v->noise);
    v->dir = malloc(2 * n * sizeof *v->dir);
    v->speed = malloc(n * sizeof *v->speed);
    v->pixels = malloc(n * sizeof *v->pixels);
    v->bg = SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, tw, th);
    if (!v->noise || !v->dir || !v->speed || !v->pixels || !v->bg || !ensure_samples(v, n)) {
        free_background(v);
        return false;
    }
    SDL_SetTextureScaleMode(v->bg, SDL_ScaleModeLinear);
    v->owner = ren;
    v->tw = tw;
    v->th = th;
    for (size_t k = 0; k < n; ++k)
        v->noise[k] = (float)rnd(v);
    return true;
}

/* Samples the field at every texel centre: direction and scaled speed. */
static void sample_texels(paint_view *v, const paint_field *f)
{
    int tw = v->tw, th = v->th;
    size_t n = (size_t)tw * th;
    for (int j = 0; j < th; ++j)
        for (int i = 0; i < tw; ++i) {
            size_t k = (size_t)j * tw + i;
            v->xy[2 * k] = (i + 0.5) / tw * f->width;
            v->xy[2 * k + 1] = (1.0 - (j + 0.5) / th) * f->height;
        }
    f->velocity(f->user, (int)n, v->xy, v->uv);
    double inv = 1.0 / f->speed_scale;
    /* Texel space is stretched differently from metres when the image is not
     * exactly the domain's aspect: scale the components before normalising. */
    double ax = tw / f->width, ay = th / f->height;
    for (size_t k = 0; k < n; ++k) {
        double u = v->uv[2 * k] * ax, w = -v->uv[2 * k + 1] * ay;
        double len = sqrt(u * u + w * w);
        v->speed[k] = (float)(hypot(v->uv[2 * k], v->uv[2 * k + 1]) * inv);
        v->dir[2 * k] = len > 0 ? (float)(u / len) : 0.0f;
        v->dir[2 * k + 1] = len > 0 ? (float)(w / len) : 0.0f;
    }
}

/* Line integral convolution (Cabral and Leedom): each texel averages the
 * noise along the streamline through it, L unit steps each way weighted by
 * a Hann window, so the image is streaked along the flow. */
#define LIC_STEPS 11

static float g_lic_weight[LIC_STEPS + 1];

static float lic_at(const paint_view *v, int i, int j)
{
    int tw = v->tw, th = v->th;
    float sum = v->noise[(size_t)j * tw + i], wsum = 1.0f;
    for (int sign = -1; sign <= 1; sign += 2) {
        float x = i + 0.5f, y = j + 0.5f;
        int ci = i, cj = j;
        for (int s = 1; s <= LIC_STEPS; ++s) {
            const float *d = v->dir + 2 * ((size_t)cj * tw + ci);
            if (d[0] == 0.0f && d[1] == 0.0f)
                break;
            x += sign * d[0];
            y += sign * d[1];
            if (!(x >= 0.0f && y >= 0.0f))
                break;
            ci = (int)x;
            cj = (int)y;
            if (ci >= tw || cj >= th)
                break;
            float w = g_lic_weight[s];
            sum += w * v->noise[(size_t)cj * tw + ci];
            wsum += w;
        }
    }
    return sum / wsum;
}

static uint32_t argb(SDL_Color c) { return 0xFF000000u | (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b; }

static void update_background(paint_view *v, const paint_field *f, int kind)
{
    int tw = v->tw, th = v->th;
    if (g_lic_weight[0] == 0.0f)
        for (int s = 0; s <= LIC_STEPS; ++s)
            g_lic_weight[s] = 0.5f + 0.5f * cosf((float)M_PI * s / (LIC_STEPS + 1));
    sample_texels(v, f);
    for (int j = 0; j < th; ++j)
        for (int i = 0; i < tw; ++i) {
            size_t k = (size_t)j * tw + i;
            double s = v->speed[k];
            SDL_Color c = paint_speed_color(s);
            if (kind == PAINT_BG_LIC) {
                float l = lic_at(v, i, j);
                /* Averaging shrinks the noise's spread: stretch it back. */
                double contrast = 0.5 + 3.2 * (l - 0.5);
                contrast = contrast < 0 ? 0 : contrast > 1 ? 1 : contrast;
                double b = 0.28 + 0.9 * contrast;
                /* Still water keeps only a faint texture. */
                double calm = s < 0.04 ? s / 0.04 : 1.0;
                b = 0.55 + calm * (b - 0.55);
                int r = (int)(c.r * b), g = (int)(c.g * b), bl = (int)(c.b * b);
                c.r = (Uint8)(r > 255 ? 255 : r);
                c.g = (Uint8)(g > 255 ? 255 : g);
                c.b = (Uint8)(bl > 255 ? 255 : bl);
            }
            v->pixels[k] = argb(c);
        }
    SDL_UpdateTexture(v->bg, NULL, v->pixels, tw * 4);
}

static void draw_divergence(paint_view *v, SDL_Renderer *ren, const paint_field *f)
{
    if (!f->divergence || f->nx < 1 || f->ny < 1)
        return;
    if (!v->div_tex || v->div_nx != f->nx || v->div_ny != f->ny) {
        if (v->div_tex)
            SDL_DestroyTexture(v->div_tex);
        v->div_tex = SDL_CreateTexture(ren, SDL_PIXELFORMAT_ARGB8888,
                                       SDL_TEXTUREACCESS_STREAMING, f->nx, f->ny);
        if (!v->div_tex)
            return;
        SDL_SetTextureBlendMode(v->div_tex, SDL_BLENDMODE_BLEND);
        SDL_SetTextureScaleMode(v->div_tex, SDL_ScaleModeLinear);
        v->div_nx = f->nx;
        v->div_ny = f->ny;
        v->div_valid = false;
    }
    if (!v->div_valid || v->div_version != f->version) {
        void *pixels;
        int pitch;
        if (SDL_LockTexture(v->div_tex, NULL, &pixels, &pitch) != 0)
            return;
        double scale = f->divergence_scale > 0 ? f->divergence_scale : 1.0;
        for (int j = 0; j < f->ny; ++j) {
            uint32_t *row = (uint32_t *)((char *)pixels + (size_t)(f->ny - 1 - j) * pitch);
            for (int i = 0; i < f->nx; ++i) {
                double q = f->divergence[(size_t)j * f->nx + i] / scale;
                /* The square root shows small leftovers; round-off (~1e-15
                 * relative) stays invisible. */
                double a = sqrt(fabs(q)) * 2.2;
                a = a > 1 ? 1 : a;
                uint32_t alpha = (uint32_t)(a * 225.0);
                uint32_t rgb = q > 0 ? 0xFF5A3Cu : 0x468CFFu; /* source red, sink blue */
                row[i] = alpha << 24 | rgb;
            }
        }
        SDL_UnlockTexture(v->div_tex);
        v->div_valid = true;
        v->div_version = f->version;
    }
    SDL_RenderCopy(ren, v->div_tex, NULL, &v->domain);
}

static void draw_arrows(paint_view *v, SDL_Renderer *ren, const paint_field *f, bool on_plain)
{
    const SDL_Rect *r = &v->domain;
    int spacing = r->w > 600 ? 26 : 22;
    int cols = r->w / spacing, rows = r->h / spacing;
    if (cols < 1 || rows < 1 || !ensure_samples(v, (size_t)cols * rows))
        return;
    int n = 0;
    for (int j = 0; j < rows; ++j)
        for (int i = 0; i < cols; ++i) {
            v->xy[2 * n] = (i + 0.5) / cols * f->width;
            v->xy[2 * n + 1] = (j + 0.5) / rows * f->height;
            n++;
        }
    f->velocity(f->user, n, v->xy, v->uv);
    mat3 view;
    paint_view_matrix(r, f->width, f->height, view);
    for (int k = 0; k < n; ++k) {
        double u = v->uv[2 * k], w = v->uv[2 * k + 1], s = hypot(u, w);
        double t = s / f->speed_scale;
        if (t < 0.08)
            continue;
        /* The square root keeps moderate flow readable next to the fastest. */
        double len = spacing * 0.9 * sqrt(t > 1 ? 1 : t);
        double dx = u / s * len, dy = -w / s * len;
        float cx, cy;
        apply(view, v->xy[2 * k], v->xy[2 * k + 1], &cx, &cy);
        SDL_Color c = on_plain ? paint_speed_color(0.35 + 0.65 * (t > 1 ? 1 : t))
                               : (SDL_Color){245, 248, 255, (Uint8)(110 + 120 * fmin(t, 1.0))};
        paint_arrow(ren, cx - (float)dx * 0.5f, cy - (float)dy * 0.5f, cx + (float)dx * 0.5f,
                    cy + (float)dy * 0.5f, 1.8f, c);
    }
}

static void respawn(paint_view *v, streak *s, const paint_field *f)
{
    s->x[0] = (float)(rnd(v) * f->width);
    s->y[0] = (float)(rnd(v) * f->height);
    s->filled = 1;
    s->age = 0;
    s->life = 40 + (int)(rnd(v) * 120);
}

/* Streaks: particles carried by the flow, each drawing its last few
 * positions as a fading line. Their clock is the screen's: the fastest flow
 * moves about 2.5 pixels a frame whatever its speed in m/s. */
static void draw_streaks(paint_view *v, SDL_Renderer *ren, const paint_field *f)
{
    const SDL_Rect *r = &v->domain;
    int want = (int)((double)r->w * r->h / 260.0);
    want = want > MAX_STREAKS ? MAX_STREAKS : want < 100 ? 100 : want;
    unsigned long shape = (unsigned long)(f->width * 1000) * 31 + (unsigned long)(f->height * 1000);
    if (!v->streaks) {
        v->streaks = calloc(MAX_STREAKS, sizeof *v->streaks);
        if (!v->streaks)
            return;
    }
    if (v->streak_count != want || v->streak_domain != shape) {
        for (int k = 0; k < want; ++k) {
            respawn(v, &v->streaks[k], f);
            v->streaks[k].age = (int)(rnd(v) * v->streaks[k].life);
        }
        v->streak_count = want;
        v->streak_domain = shape;
    }
    int n = v->streak_count;
    if (!ensure_samples(v, (size_t)n))
        return;
    double px_per_m = r->w / f->width;
    double k_time = 2.5 / (px_per_m * f->speed_scale); /* seconds of flow per frame */
    /* Midpoint rule: velocity at the head, then at the half step. */
    for (int k = 0; k < n; ++k) {
        v->xy[2 * k] = v->streaks[k].x[0];
        v->xy[2 * k + 1] = v->streaks[k].y[0];
    }
    f->velocity(f->user, n, v->xy, v->uv);
    for (int k = 0; k < n; ++k) {
        v->xy[2 * k] += 0.5 * k_time * v->uv[2 * k];
        v->xy[2 * k + 1] += 0.5 * k_time * v->uv[2 * k + 1];
    }
    f->velocity(f->user, n, v->xy, v->uv);
    for (int k = 0; k < n; ++k) {
        streak *s = &v->streaks[k];
        double x = s->x[0] + k_time * v->uv[2 * k], y = s->y[0] + k_time * v->uv[2 * k + 1];
        s->speed = (float)(hypot(v->uv[2 * k], v->uv[2 * k + 1]) / f->speed_scale);
        s->age++;
        if (s->age > s->life || !(x >= 0 && x <= f->width && y >= 0 && y <= f->height)) {
            respawn(v, s, f);
            continue;
        }
        memmove(s->x + 1, s->x, (TRAIL - 1) * sizeof s->x[0]);
        memmove(s->y + 1, s->y, (TRAIL - 1) * sizeof s->y[0]);
        s->x[0] = (float)x;
        s->y[0] = (float)y;
        if (s->filled < TRAIL)
            s->filled++;
    }
    /* One batch of thin quads with an alpha ramp along each trail. */
    enum { MAXV = MAX_STREAKS * (TRAIL - 1) * 4, MAXI = MAX_STREAKS * (TRAIL - 1) * 6 };
    static SDL_Vertex verts[MAXV];
    static int idx[MAXI];
    int nv = 0, ni = 0;
    mat3 view;
    paint_view_matrix(r, f->width, f->height, view);
    for (int k = 0; k < n; ++k) {
        streak *s = &v->streaks[k];
        /* Fade in after a respawn and out before the end of life. */
        double life_fade = fmin(1.0, fmin(s->age / 12.0, (s->life - s->age) / 12.0));
        life_fade *= fmin(1.0, fmax(0.0, (s->speed - 0.05) * 6.0));
        if (life_fade <= 0.02)
            continue;
        for (int t = 0; t + 1 < s->filled; ++t) {
            float x0, y0, x1, y1;
            apply(view, s->x[t], s->y[t], &x0, &y0);
            apply(view, s->x[t + 1], s->y[t + 1], &x1, &y1);
            float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
            if (len < 0.05f)
                continue;
            float nx = -dy / len * 0.8f, ny = dx / len * 0.8f;
            double a0 = life_fade * (1.0 - (double)t / TRAIL);
            double a1 = life_fade * (1.0 - (double)(t + 1) / TRAIL);
            SDL_Color c0 = {235, 245, 255, (Uint8)(230 * a0)};
            SDL_Color c1 = {235, 245, 255, (Uint8)(230 * a1)};
            verts[nv + 0] = vtx(x0 + nx, y0 + ny, c0);
            verts[nv + 1] = vtx(x0 - nx, y0 - ny, c0);
            verts[nv + 2] = vtx(x1 - nx, y1 - ny, c1);
            verts[nv + 3] = vtx(x1 + nx, y1 + ny, c1);
            int q[6] = {nv, nv + 1, nv + 2, nv, nv + 2, nv + 3};
            memcpy(idx + ni, q, sizeof q);
            nv += 4;
            ni += 6;
        }
    }
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    if (ni > 0)
        SDL_RenderGeometry(ren, NULL, verts, nv, idx, ni);
}

SDL_Rect paint_fit(const SDL_Rect *rect, double width, double height)
{
    double aspect = width / height;
    int w = rect->w, h = (int)(rect->w / aspect);
    if (h > rect->h) {
        h = rect->h;
        w = (int)(rect->h * aspect);
    }
    SDL_Rect d = {rect->x + (rect->w - w) / 2, rect->y, w, h};
    return d;
}

void paint_view_draw(paint_view *v, SDL_Renderer *ren, const SDL_Rect *rect,
                     const paint_field *f, const paint_look *look)
{
    SDL_Rect d = paint_fit(rect, f->width, f->height);
    if (d.w != v->domain.w || d.h != v->domain.h)
        paint_view_invalidate(v);
    v->domain = d;
    v->frames++;

    SDL_Color plain = {14, 18, 30, 255};
    if (look->background == PAINT_BG_PLAIN) {
        paint_fill(ren, &d, plain);
    } else {
        int tw = (d.w + 1) / 2, th = (d.h + 1) / 2;
        if (ensure_background(v, ren, tw, th)) {
            /* A field that changes every frame (a running solver, the
             * preview) is redrawn every other frame: the image is the
             * costliest part of a frame and the flow changes slowly. */
            bool changed = !v->bg_valid || v->bg_version != f->version ||
                           v->bg_kind != (int)look->background || v->bg_scale != f->speed_scale;
            bool busy = v->bg_valid && v->frames - v->bg_frame < 2 &&
                        v->bg_kind == (int)look->background;
            if (changed && !busy) {
                v->bg_frame = v->frames;
                update_background(v, f, look->background);
                v->bg_valid = true;
                v->bg_version = f->version;
                v->bg_kind = look->background;
                v->bg_scale = f->speed_scale;
            }
            SDL_RenderCopy(ren, v->bg, NULL, &d);
        } else {
            paint_fill(ren, &d, plain);
        }
    }
    if (look->divergence)
        draw_divergence(v, ren, f);
    if (look->streaks)
        draw_streaks(v, ren, f);
    if (look->arrows)
        draw_arrows(v, ren, f, look->background == PAINT_BG_PLAIN);
    SDL_Rect border = {d.x - 1, d.y - 1, d.w + 2, d.h + 2};
    paint_frame(ren, &border, (SDL_Color){120, 132, 160, 255});
}

/* ------------------------------------------------------------ screenshots */

/* A PNG through the kit's writer (kit_png.h), saved atomically. */
static bool write_png(const char *path, const unsigned char *rgb, int w, int h, char *why,
                      size_t cap)
{
    eddy_error err = {0};
    if (kit_png_save(path, rgb, w, h, 3 * w, &err) == EDDY_OK)
        return true;
    snprintf(why, cap, "%s", err.message);
    return false;
}

bool paint_screenshot(SDL_Renderer *ren, const char *path, char *why, size_t cap)
{
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(ren, &w, &h) != 0 || w <= 0 || h <= 0) {
        snprintf(why, cap, "cannot read the window size: %s", SDL_GetError());
        return false;
    }
    unsigned char *rgb = malloc((size_t)w * h * 3);
    if (!rgb) {
        snprintf(why, cap, "out of memory for the screenshot");
        return false;
    }
    bool ok = SDL_RenderReadPixels(ren, NULL, SDL_PIXELFORMAT_RGB24, rgb, w * 3) == 0;
    if (!ok)
        snprintf(why, cap, "cannot read the window's pixels: %s", SDL_GetError());
    size_t len = strlen(path);
    if (ok && len > 4 && SDL_strcasecmp(path + len - 4, ".png") == 0) {
        ok = write_png(path, rgb, w, h, why, cap);
    } else if (ok) {
        SDL_Surface *s = SDL_CreateRGBSurfaceWithFormatFrom(rgb, w, h, 24, w * 3,
                                                            SDL_PIXELFORMAT_RGB24);
        /* a 24-bit BMP: its headers and rows padded to 4 bytes, in memory */
        size_t bmp_cap = 1024 + (size_t)(w * 3 + 3) / 4 * 4 * (size_t)h;
        unsigned char *bmp = malloc(bmp_cap);
        SDL_RWops *rw = bmp ? SDL_RWFromMem(bmp, (int)bmp_cap) : NULL;
        ok = s && rw && SDL_SaveBMP_RW(s, rw, 0) == 0;
        Sint64 bmp_size = rw ? SDL_RWtell(rw) : -1;
        if (rw)
            SDL_RWclose(rw);
        eddy_error err = {0};
        if (!ok || bmp_size <= 0)
            snprintf(why, cap, "cannot write %s: %s", path, SDL_GetError());
        else if (eddy_write_file_atomic(path, bmp, (size_t)bmp_size, &err) != EDDY_OK)
            snprintf(why, cap, "%s", err.message);
        ok = ok && bmp_size > 0 && err.message[0] == '\0';
        free(bmp);
        if (s)
            SDL_FreeSurface(s);
    }
    free(rgb);
    return ok;
}
