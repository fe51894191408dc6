// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * paint_app.c - eddy-paint's window: SDL2 setup, input, the frame loop, the
 * side panel, the help overlay and the text prompts. Everything it does to
 * the document goes through paint_doc.h, the same calls the script mode
 * makes; the preview goes through paint_preview.h.
 */
#include "paint_app.h"
#include "paint_rock.h"

#include "paint_preview.h"
#include "paint_render.h"
#include "paint_script.h"

#include <SDL.h>
#include <SDL_ttf.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#define PANEL_W 336
#define MARGIN 14
#define LABEL_H 24
#define SOLVER_DT (1.0 / 60.0)
#define MAX_STROKE 100000

typedef enum prompt_kind {
    PROMPT_NONE = 0,
    PROMPT_SAVE_AS,
    PROMPT_OPEN,
    PROMPT_RENAME,
    PROMPT_SNAPSHOTS
} prompt_kind;

typedef struct app {
    paint_doc *doc;
    const paint_app_options *opt;
    SDL_Window *win;
    SDL_Renderer *ren;
    paint_style st;
    paint_view *view, *pview[2];
    paint_look look, plook;
    int w, h;

    /* what the views draw */
    double *div;
    size_t div_cap;
    unsigned long div_version;
    double speed_scale;

    /* a stroke or erase being dragged */
    bool painting, erasing, stroke_applied;
    /* the rock tool (W): left drag lays circles of rock, right click takes
       the rock under the mouse away */
    bool rock, rock_drag;
    double rock_last[2];
    double *xy;
    int n, cap;
    int mx, my;
    bool mouse_seen;

    /* full-grid solver */
    bool running, recording;
    double sim_time;

    /* preview */
    paint_preview *preview;
    bool preview_on, hold;
    char preview_error[256];

    /* overlays */
    bool help;
    prompt_kind prompt;
    char input[1024];
    char status[512];
    bool status_bad;
    bool quit_armed, remove_armed, quit;
    int frame;
} app;

/* ------------------------------------------------------------ colours */

static const SDL_Color C_BG = {17, 20, 29, 255};
static const SDL_Color C_PANEL = {24, 28, 40, 255};
static const SDL_Color C_RULE = {52, 58, 78, 255};
static const SDL_Color C_TEXT = {222, 228, 240, 255};
static const SDL_Color C_DIM = {128, 138, 162, 255};
static const SDL_Color C_HEAD = {150, 170, 210, 255};
static const SDL_Color C_ACCENT = {98, 214, 196, 255};
static const SDL_Color C_WARN = {246, 196, 84, 255};
static const SDL_Color C_BAD = {255, 112, 96, 255};
static const SDL_Color C_GOOD = {134, 222, 120, 255};

/* ------------------------------------------------------------ status */

static void say(app *a, bool bad, const char *fmt, ...)
#if defined(__GNUC__)
    EDDY_PRINTF(3, 4)
#endif
    ;

static void say(app *a, bool bad, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->status, sizeof a->status, fmt, ap);
    va_end(ap);
    a->status_bad = bad;
}

/* ------------------------------------------------------------ field sources */

static void doc_velocity(const void *user, int n, const double *xy, double *uv)
{
    const paint_doc *doc = user;
    for (int k = 0; k < n; ++k)
        paint_doc_velocity(doc, xy[2 * k], xy[2 * k + 1], uv + 2 * k);
}

static void eigen_velocity(const void *user, int n, const double *xy, double *uv)
{
    paint_preview_velocity(user, PAINT_PREVIEW_EIGEN, n, xy, uv);
}

static void enriched_velocity(const void *user, int n, const double *xy, double *uv)
{
    paint_preview_velocity(user, PAINT_PREVIEW_ENRICHED, n, xy, uv);
}

static paint_field doc_field(app *a)
{
    const eddy_mac *g = paint_doc_mac(a->doc);
    size_t cells = (size_t)g->nx * g->ny;
    if (a->div_cap < cells) {
        double *d = realloc(a->div, cells * sizeof *d);
        if (d) {
            a->div = d;
            a->div_cap = cells;
            a->div_version = (unsigned long)-1;
        }
    }
    unsigned long version = paint_doc_version(a->doc);
    double top = paint_doc_max_speed(a->doc);
    if (a->div_cap >= cells && a->div_version != version) {
        paint_doc_divergence(a->doc, a->div);
        a->div_version = version;
    }
    /* Full colour at the field's top speed; an empty field is coloured for
     * the brush, so the first stroke shows at its real strength. */
    a->speed_scale = top > 1e-12 ? top : fmax(fabs(paint_doc_brush(a->doc).strength), 1e-6);
    paint_field f = {doc_velocity, a->doc, version, g->width, g->height, a->speed_scale,
                     a->div_cap >= cells ? a->div : NULL, g->nx, g->ny,
                     fmax(top, 1e-300) / fmin(g->hx, g->hy)};
    /* The divergence scale uses face values like the solver does. */
    return f;
}

/* ------------------------------------------------------------ layout */

typedef struct layout {
    SDL_Rect main, eigen, enriched; /* views, below their labels */
    SDL_Rect panel;
} layout;

static layout make_layout(const app *a)
{
    layout L;
    int area_w = a->w - PANEL_W - 2 * MARGIN, area_h = a->h - 2 * MARGIN - LABEL_H;
    L.panel = (SDL_Rect){a->w - PANEL_W, 0, PANEL_W, a->h};
    if (!a->preview_on) {
        L.main = (SDL_Rect){MARGIN, MARGIN + LABEL_H, area_w, area_h};
        L.eigen = L.enriched = (SDL_Rect){0, 0, 0, 0};
        return L;
    }
    int small = (area_h - LABEL_H - MARGIN) / 2;
    int big_w = area_w - small - MARGIN;
    L.main = (SDL_Rect){MARGIN, MARGIN + LABEL_H, big_w, area_h};
    int x = MARGIN + big_w + MARGIN;
    L.eigen = (SDL_Rect){x, MARGIN + LABEL_H, small, small};
    L.enriched = (SDL_Rect){x, MARGIN + LABEL_H + small + MARGIN + LABEL_H, small, small};
    return L;
}

/* ------------------------------------------------------------ document actions */

static void stop_solver(app *a)
{
    if (a->running) {
        a->running = false;
        paint_doc_end_edit(a->doc);
    }
    a->recording = false;
}

static void report(app *a, eddy_result rc, const eddy_error *err, const char *ok_fmt, ...)
#if defined(__GNUC__)
    EDDY_PRINTF(4, 5)
#endif
    ;

/* Shows err when rc failed, else the formatted success message. */
static void report(app *a, eddy_result rc, const eddy_error *err, const char *ok_fmt, ...)
{
    if (rc != EDDY_OK) {
        say(a, true, "%s", err->message);
        return;
    }
    va_list ap;
    va_start(ap, ok_fmt);
    vsnprintf(a->status, sizeof a->status, ok_fmt, ap);
    va_end(ap);
    a->status_bad = false;
}

static void do_undo(app *a, bool redo)
{
    stop_solver(a);
    eddy_error err = {0};
    eddy_result rc = redo ? paint_doc_redo(a->doc, &err) : paint_doc_undo(a->doc, &err);
    report(a, rc, &err, "%s (mode %d)", redo ? "redone" : "undone", paint_doc_page(a->doc) + 1);
}

static void do_project(app *a)
{
    stop_solver(a);
    eddy_error err = {0};
    double before = paint_doc_max_divergence(a->doc);
    eddy_result rc = paint_doc_project(a->doc, &err);
    report(a, rc, &err, "projected: max |div| %.2g -> %.2g 1/s", before,
           paint_doc_max_divergence(a->doc));
}

static const char *default_path(app *a, const char *suffix, char *buf, size_t cap)
{
    const char *p = paint_doc_path(a->doc);
    if (*p && !*suffix)
        return p;
    /* The name, made safe for a file name. */
    char name[80];
    size_t k = 0;
    for (const char *s = paint_doc_name(a->doc); *s && k + 1 < sizeof name; ++s)
        name[k++] = (char)((*s == '/' || *s == ' ' || *s == '\\') ? '_' : *s);
    name[k] = '\0';
    snprintf(buf, cap, "%s%s.mode", name, suffix);
    return buf;
}

static void do_save(app *a, const char *path)
{
    eddy_error err = {0};
    if (a->running)
        paint_doc_end_edit(a->doc); /* the run so far becomes one undo step */
    eddy_result rc = paint_doc_save(a->doc, path, &err);
    if (a->running) {
        eddy_error e2 = {0};
        paint_doc_begin_edit(a->doc, &e2);
    }
    report(a, rc, &err, "saved %d mode%s to %s", paint_doc_page_count(a->doc),
           paint_doc_page_count(a->doc) == 1 ? "" : "s", path);
}

static void do_open(app *a, const char *path)
{
    stop_solver(a);
    eddy_error err = {0};
    eddy_result rc = paint_doc_load(a->doc, path, &err);
    if (rc == EDDY_OK) {
        paint_preview_destroy(a->preview);
        a->preview = NULL;
        a->preview_on = false;
    }
    report(a, rc, &err, "opened %s: \"%s\", %d mode%s", path, paint_doc_name(a->doc),
           paint_doc_page_count(a->doc), paint_doc_page_count(a->doc) == 1 ? "" : "s");
}

static void open_prompt(app *a, prompt_kind kind)
{
    stop_solver(a);
    a->prompt = kind;
    char buf[256];
    switch (kind) {
    case PROMPT_SAVE_AS: snprintf(a->input, sizeof a->input, "%s", default_path(a, "", buf, sizeof buf)); break;
    case PROMPT_SNAPSHOTS: snprintf(a->input, sizeof a->input, "%s", default_path(a, "-run", buf, sizeof buf)); break;
    case PROMPT_RENAME: snprintf(a->input, sizeof a->input, "%s", paint_doc_name(a->doc)); break;
    case PROMPT_OPEN: snprintf(a->input, sizeof a->input, "%s", paint_doc_path(a->doc)); break;
    case PROMPT_NONE: break;
    }
    SDL_StartTextInput();
}

static void close_prompt(app *a, bool accept)
{
    prompt_kind kind = a->prompt;
    a->prompt = PROMPT_NONE;
    SDL_StopTextInput();
    if (!accept)
        return;
    eddy_error err = {0};
    eddy_result rc;
    if (!a->input[0] && kind != PROMPT_NONE) {
        say(a, true, "nothing typed: cancelled");
        return;
    }
    switch (kind) {
    case PROMPT_SAVE_AS: do_save(a, a->input); break;
    case PROMPT_OPEN: do_open(a, a->input); break;
    case PROMPT_RENAME:
        rc = paint_doc_set_name(a->doc, a->input, &err);
        report(a, rc, &err, "renamed to \"%s\"", paint_doc_name(a->doc));
        break;
    case PROMPT_SNAPSHOTS:
        rc = paint_doc_save_frames(a->doc, a->input, &err);
        report(a, rc, &err, "saved %d recorded frames to %s", paint_doc_frame_count(a->doc),
               a->input);
        break;
    case PROMPT_NONE: break;
    }
}

static void toggle_preview(app *a, bool rebuild)
{
    if (a->preview_on && !rebuild) {
        a->preview_on = false;
        say(a, false, "preview off");
        return;
    }
    bool stale = !a->preview ||
                 paint_preview_source_version(a->preview) != paint_doc_version(a->doc) ||
                 paint_preview_source_page(a->preview) != paint_doc_page(a->doc);
    if (stale || rebuild) {
        /* Show that something is happening: the build takes a moment. */
        say(a, false, "building the enriched basis...");
        paint_preview_destroy(a->preview);
        a->preview = NULL;
        eddy_error err = {0};
        eddy_result rc =
            paint_preview_create(a->doc, PAINT_PREVIEW_EIGEN_MODES, 0.0, &a->preview, &err);
        if (rc != EDDY_OK) {
            snprintf(a->preview_error, sizeof a->preview_error, "%s", err.message);
            say(a, true, "preview: %s", err.message);
            a->preview_on = false;
            return;
        }
        a->preview_error[0] = '\0';
    }
    a->preview_on = true;
    paint_view_invalidate(a->pview[0]);
    paint_view_invalidate(a->pview[1]);
    paint_preview_info info;
    paint_preview_get_info(a->preview, &info);
    say(a, false, "preview: eigenmodes hold %.0f%% of the mode, the enriched basis %.0f%%",
        100 * info.capture_eigen, 100 * info.capture_enriched);
}

/* ------------------------------------------------------------ strokes */

static bool in_rect(const SDL_Rect *r, int x, int y)
{
    return x >= r->x && y >= r->y && x < r->x + r->w && y < r->y + r->h;
}

static void mouse_world(app *a, int px, int py, double *x, double *y)
{
    SDL_Rect d = paint_view_domain_rect(a->view);
    const eddy_mac *g = paint_doc_mac(a->doc);
    paint_to_world(&d, g->width, g->height, px, py, x, y);
    *x = fmin(fmax(*x, 0.0), g->width);
    *y = fmin(fmax(*y, 0.0), g->height);
}

/* ------------------------------------------------------------ rock (issue 14) */

/* One circle of rock of the brush's radius at (x, y). */
static void lay_rock(app *a, double x, double y)
{
    eddy_wall w;
    memset(&w, 0, sizeof w);
    w.kind = EDDY_WALL_CIRCLE;
    w.x = x, w.y = y, w.radius = paint_doc_brush(a->doc).radius;
    eddy_error err = {0};
    if (paint_doc_add_wall(a->doc, &w, &err) != EDDY_OK) {
        say(a, true, "rock: %s", err.message);
        a->rock_drag = false;
        return;
    }
    a->rock_last[0] = x, a->rock_last[1] = y;
    say(a, false, "rock: %d walls", paint_doc_wall_count(a->doc));
}

static void rock_click(app *a, int px, int py, bool lay)
{
    double x, y;
    mouse_world(a, px, py, &x, &y);
    if (lay) {
        a->rock_drag = true;
        lay_rock(a, x, y);
        return;
    }
    eddy_error err = {0};
    int removed = paint_doc_remove_walls_at(a->doc, x, y, &err);
    if (removed < 0) say(a, true, "rock: %s", err.message);
    else say(a, false, "rock: removed %d, %d walls left", removed, paint_doc_wall_count(a->doc));
}

/* Dragging lays a circle every radius of travel: a band of rock. */
static void rock_drag_to(app *a, int px, int py)
{
    double x, y;
    mouse_world(a, px, py, &x, &y);
    if (hypot(x - a->rock_last[0], y - a->rock_last[1]) >= paint_doc_brush(a->doc).radius)
        lay_rock(a, x, y);
}

static void save_rock(app *a)
{
    const char *path = paint_doc_path(a->doc);
    char out[4200];
    snprintf(out, sizeof out, "%s.walls.json", path && path[0] ? path : paint_doc_name(a->doc));
    eddy_error err = {0};
    if (paint_doc_save_walls(a->doc, out, &err) != EDDY_OK) say(a, true, "%s", err.message);
    else say(a, false, "saved %d walls to %s", paint_doc_wall_count(a->doc), out);
}

static void apply_drag(app *a)
{
    eddy_error err = {0};
    eddy_result rc = EDDY_OK;
    double r = paint_doc_brush(a->doc).radius;
    if (a->running) {
        /* The field moves under the brush: push with the newest segment. */
        if (a->erasing)
            rc = paint_doc_erase_onto(a->doc, a->xy + 2 * (a->n > 1 ? a->n - 2 : 0),
                                      a->n > 1 ? 2 : 1, r, &err);
        else if (a->n >= 2)
            rc = paint_doc_stroke_onto(a->doc, a->xy + 2 * (a->n - 2), 2, &err);
    } else {
        if (!a->stroke_applied && (a->erasing || a->n >= 2)) {
            rc = paint_doc_begin_edit(a->doc, &err);
            a->stroke_applied = rc == EDDY_OK;
        }
        if (rc == EDDY_OK && a->stroke_applied)
            rc = a->erasing ? paint_doc_erase_live(a->doc, a->xy, a->n, r, &err)
                            : paint_doc_stroke_live(a->doc, a->xy, a->n, &err);
    }
    if (rc != EDDY_OK)
        say(a, true, "%s", err.message);
}

static void add_point(app *a, int px, int py)
{
    double x, y;
    mouse_world(a, px, py, &x, &y);
    if (a->n > 0 && x == a->xy[2 * a->n - 2] && y == a->xy[2 * a->n - 1])
        return;
    if (a->n == a->cap) {
        if (a->cap >= MAX_STROKE)
            return;
        int cap = a->cap ? a->cap * 2 : 256;
        double *xy = realloc(a->xy, sizeof(double) * 2 * (size_t)cap);
        if (!xy)
            return;
        a->xy = xy;
        a->cap = cap;
    }
    a->xy[2 * a->n] = x;
    a->xy[2 * a->n + 1] = y;
    a->n++;
    apply_drag(a);
}

static void begin_drag(app *a, int px, int py, bool erase)
{
    SDL_Rect d = paint_view_domain_rect(a->view);
    if (!in_rect(&d, px, py))
        return;
    a->painting = true;
    a->erasing = erase;
    a->stroke_applied = false;
    a->n = 0;
    add_point(a, px, py);
}

static void end_drag(app *a)
{
    if (!a->painting)
        return;
    a->painting = false;
    if (a->running)
        return;
    if (a->stroke_applied) {
        paint_doc_end_edit(a->doc);
        say(a, false, "%s along %d points", a->erasing ? "erased" : "painted", a->n);
    }
}

/* ------------------------------------------------------------ keys */

static void brush_change(app *a, double radius_factor, double strength_factor, bool flip)
{
    paint_brush b = paint_doc_brush(a->doc);
    const eddy_mac *g = paint_doc_mac(a->doc);
    b.radius = fmin(fmax(b.radius * radius_factor, 0.5 * fmin(g->hx, g->hy)),
                    0.5 * fmax(g->width, g->height));
    b.strength *= strength_factor;
    if (fabs(b.strength) < 1e-3)
        b.strength = copysign(1e-3, b.strength);
    if (fabs(b.strength) > 1e4)
        b.strength = copysign(1e4, b.strength);
    if (flip)
        b.mode = b.mode == PAINT_BRUSH_SET ? PAINT_BRUSH_ADD : PAINT_BRUSH_SET;
    eddy_error err = {0};
    eddy_result rc = paint_doc_set_brush(a->doc, &b, &err);
    b = paint_doc_brush(a->doc);
    report(a, rc, &err, "brush: radius %.3g m, strength %.3g m/s, %s", b.radius, b.strength,
           b.mode == PAINT_BRUSH_SET ? "paints over (set)" : "accumulates (add)");
}

static void request_quit(app *a)
{
    if (paint_doc_dirty(a->doc) && !a->quit_armed) {
        a->quit_armed = true;
        say(a, true, "unsaved changes: Ctrl+S saves; Ctrl+Q or closing again quits without "
                     "saving");
        return;
    }
    a->quit = true;
}

static void screenshot(app *a, const char *path);

static void on_key(app *a, const SDL_Keysym *k)
{
    bool ctrl = (k->mod & KMOD_CTRL) != 0, shift = (k->mod & KMOD_SHIFT) != 0;
    SDL_Keycode key = k->sym;
    if (key != SDLK_q && key != SDLK_ESCAPE)
        a->quit_armed = false;
    if (key != SDLK_DELETE && key != SDLK_BACKSPACE)
        a->remove_armed = false;

    if (a->prompt != PROMPT_NONE) {
        if (key == SDLK_RETURN || key == SDLK_KP_ENTER)
            close_prompt(a, true);
        else if (key == SDLK_ESCAPE)
            close_prompt(a, false);
        else if (key == SDLK_BACKSPACE) {
            size_t n = strlen(a->input);
            while (n > 0 && ((unsigned char)a->input[n - 1] & 0xC0) == 0x80)
                n--; /* a whole UTF-8 character */
            if (n > 0)
                a->input[n - 1] = '\0';
        } else if (ctrl && key == SDLK_u)
            a->input[0] = '\0';
        return;
    }
    if (a->help) {
        a->help = false; /* any key closes the overlay */
        if (key == SDLK_ESCAPE || key == SDLK_F1 || key == SDLK_h || key == SDLK_SLASH)
            return;
    }
    eddy_error err = {0};
    eddy_result rc;
    if (ctrl) {
        switch (key) {
        case SDLK_z: do_undo(a, shift); return;
        case SDLK_y: do_undo(a, true); return;
        case SDLK_s: {
            /* The file last saved or opened, else the one named on the
             * command line, else ask. */
            const char *path = *paint_doc_path(a->doc) ? paint_doc_path(a->doc) : a->opt->path;
            if (shift || !path)
                open_prompt(a, PROMPT_SAVE_AS);
            else
                do_save(a, path);
            return;
        }
        case SDLK_o: open_prompt(a, PROMPT_OPEN); return;
        case SDLK_e: open_prompt(a, PROMPT_SNAPSHOTS); return;
        case SDLK_n:
            stop_solver(a);
            rc = paint_doc_add_page(a->doc, &err);
            report(a, rc, &err, "new mode %d of %d", paint_doc_page(a->doc) + 1,
                   paint_doc_page_count(a->doc));
            return;
        case SDLK_q: a->quit = true; return;
        default: return;
        }
    }
    switch (key) {
    case SDLK_ESCAPE:
        if (a->painting) {
            end_drag(a);
            do_undo(a, false);
            say(a, false, "stroke cancelled");
        } else
            request_quit(a);
        break;
    case SDLK_F1:
    case SDLK_h:
    case SDLK_SLASH: a->help = true; break;
    case SDLK_LEFTBRACKET: brush_change(a, 1 / 1.2, 1, false); break;
    case SDLK_RIGHTBRACKET: brush_change(a, 1.2, 1, false); break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: brush_change(a, 1, 1 / 1.25, false); break;
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS: brush_change(a, 1, 1.25, false); break;
    case SDLK_i: brush_change(a, 1, -1, false); break;
    case SDLK_b: brush_change(a, 1, 1, true); break;
    case SDLK_p: do_project(a); break;
    case SDLK_SPACE:
        if (a->running) {
            stop_solver(a);
            say(a, false, "solver paused at t = %.2f s (the run is one undo step)", a->sim_time);
        } else {
            rc = paint_doc_begin_edit(a->doc, &err);
            a->running = rc == EDDY_OK;
            report(a, rc, &err, "full-grid solver running (dt = 1/60 s); Space pauses");
        }
        break;
    case SDLK_PERIOD:
        stop_solver(a);
        rc = paint_doc_step(a->doc, 1, SOLVER_DT, false, &err);
        if (rc == EDDY_OK)
            a->sim_time += SOLVER_DT;
        report(a, rc, &err, "one solver step (t = %.3f s)", a->sim_time);
        break;
    case SDLK_r:
        if (a->recording) {
            a->recording = false;
            say(a, false, "recording stopped: %d frames (Ctrl+E saves them)",
                paint_doc_frame_count(a->doc));
        } else {
            if (!a->running) {
                rc = paint_doc_begin_edit(a->doc, &err);
                a->running = rc == EDDY_OK;
            }
            a->recording = a->running;
            say(a, !a->running, a->running ? "recording every solver step" : "%s", err.message);
        }
        break;
    case SDLK_x:
        paint_doc_clear_frames(a->doc);
        say(a, false, "recording dropped");
        break;
    case SDLK_c:
        stop_solver(a);
        rc = paint_doc_clear(a->doc, &err);
        report(a, rc, &err, "mode %d cleared (Ctrl+Z brings it back)", paint_doc_page(a->doc) + 1);
        break;
    case SDLK_v:
        a->look.background = (paint_background)((a->look.background + 1) % PAINT_BG_COUNT);
        say(a, false, "background: %s",
            a->look.background == PAINT_BG_LIC     ? "line integral convolution"
            : a->look.background == PAINT_BG_SPEED ? "speed"
                                                   : "plain");
        break;
    case SDLK_a: a->look.arrows = !a->look.arrows; break;
    case SDLK_t: a->look.streaks = !a->look.streaks; break;
    case SDLK_d: a->look.divergence = !a->look.divergence; break;
    case SDLK_e: toggle_preview(a, false); break;
    case SDLK_k:
        if (!a->preview_on)
            toggle_preview(a, false);
        else if (shift)
            toggle_preview(a, true);
        else if (a->preview) {
            if (paint_preview_kick(a->preview, 1.0, &err) != EDDY_OK)
                say(a, true, "preview: %s", err.message);
            else
                say(a, false, "preview: mode excited again");
        }
        break;
    case SDLK_g:
        a->hold = !a->hold;
        say(a, false, a->hold ? "preview: exciting the mode continuously (rate 1/s)"
                              : "preview: continuous excitation off");
        break;
    case SDLK_0:
        if (a->preview) {
            paint_preview_reset(a->preview);
            say(a, false, "preview: both fluids at rest (K excites)");
        }
        break;
    case SDLK_TAB: {
        stop_solver(a);
        int n = paint_doc_page_count(a->doc);
        int k = (paint_doc_page(a->doc) + (shift ? n - 1 : 1)) % n;
        rc = paint_doc_select_page(a->doc, k, &err);
        report(a, rc, &err, "mode %d of %d", k + 1, n);
        break;
    }
    case SDLK_DELETE:
    case SDLK_BACKSPACE:
        if (!a->remove_armed) {
            a->remove_armed = true;
            say(a, true, "press Delete again to remove mode %d (cannot be undone)",
                paint_doc_page(a->doc) + 1);
        } else {
            a->remove_armed = false;
            stop_solver(a);
            rc = paint_doc_remove_page(a->doc, &err);
            report(a, rc, &err, "mode removed; %d left", paint_doc_page_count(a->doc));
        }
        break;
    case SDLK_F2: open_prompt(a, PROMPT_RENAME); break;
    case SDLK_w:
        a->rock = !a->rock;
        say(a, false, a->rock ? "rock tool: left drag lays rock, right click removes it (W: back "
                                "to the brush)"
                              : "brush: painting velocity");
        break;
    case SDLK_F3: save_rock(a); break;
    case SDLK_F12: {
        char name[64];
        snprintf(name, sizeof name, "eddy-paint-%04d.png", a->frame % 10000);
        screenshot(a, name);
        break;
    }
    case SDLK_q: request_quit(a); break;
    default: break;
    }
}

/* ------------------------------------------------------------ panel */

typedef struct pen {
    app *a;
    int x, y, w;
    int limit; /* the status line's top: what would reach below it is left out */
    bool full; /* something was left out: everything after it is too */
} pen;

/* Room for h more pixels above the limit; once there is none, the panel's
 * later (less needed) sections are left out, so a short window (400 px)
 * keeps its text apart instead of overlapping the status line. */
static bool room(pen *p, int h)
{
    if (!p->full && p->limit > 0 && p->y + h > p->limit)
        p->full = true;
    return !p->full;
}

static void line(pen *p, TTF_Font *f, SDL_Color c, const char *fmt, ...)
#if defined(__GNUC__)
    EDDY_PRINTF(4, 5)
#endif
    ;

static void line(pen *p, TTF_Font *f, SDL_Color c, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!room(p, TTF_FontLineSkip(f) + 1))
        return;
    paint_text(p->a->ren, f, p->x, p->y, c, text);
    p->y += TTF_FontLineSkip(f) + 1;
}

static void heading(pen *p, const char *title)
{
    if (!room(p, 28 + TTF_FontLineSkip(p->a->st.text) + 2)) /* a heading needs a row under it */
        return;
    p->y += 8;
    SDL_Rect r = {p->x, p->y + 7, p->w, 1};
    int tw = paint_text_width(p->a->st.small, title);
    paint_fill(p->a->ren, &r, C_RULE);
    SDL_Rect gap = {p->x, p->y, tw + 10, 16};
    paint_fill(p->a->ren, &gap, C_PANEL);
    paint_text(p->a->ren, p->a->st.small, p->x, p->y, C_HEAD, title);
    p->y += 20;
}

/* Key-value row: a dim label, then the value in the mono face. */
static void row(pen *p, const char *label, SDL_Color c, const char *fmt, ...)
#if defined(__GNUC__)
    EDDY_PRINTF(4, 5)
#endif
    ;

static void row(pen *p, const char *label, SDL_Color c, const char *fmt, ...)
{
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!room(p, TTF_FontLineSkip(p->a->st.text) + 2))
        return;
    paint_text(p->a->ren, p->a->st.text, p->x, p->y, C_DIM, label);
    paint_text(p->a->ren, p->a->st.mono, p->x + 112, p->y + 1, c, text);
    p->y += TTF_FontLineSkip(p->a->st.text) + 2;
}

/* Word-wraps text into the panel's width. */
static void wrapped(pen *p, TTF_Font *f, SDL_Color c, const char *text)
{
    char buf[600];
    snprintf(buf, sizeof buf, "%s", text);
    char *s = buf;
    while (*s) {
        size_t best = 0, k = 0;
        for (;;) {
            while (s[k] && s[k] != ' ')
                k++;
            char keep = s[k];
            s[k] = '\0';
            bool fits = paint_text_width(f, s) <= p->w;
            s[k] = keep;
            if (!fits && best > 0)
                break;
            best = k;
            if (!s[k] || !fits)
                break;
            k++;
        }
        if (!room(p, TTF_FontLineSkip(f)))
            return;
        char keep = s[best];
        s[best] = '\0';
        paint_text(p->a->ren, f, p->x, p->y, c, s);
        s[best] = keep;
        p->y += TTF_FontLineSkip(f);
        s += best;
        while (*s == ' ')
            s++;
    }
}

/* A path that fits in width pixels: whole if it fits, else its leading
 * folders give way to "..." (the file's own name stays), and a name too long
 * even alone loses its middle. */
static void elide_path(TTF_Font *f, const char *path, int width, char *out, size_t cap)
{
    snprintf(out, cap, "%s", path);
    if (paint_text_width(f, out) <= width)
        return;
    size_t n = strlen(path);
    const char *base = strrchr(path, '/');
    size_t keep_from = base ? (size_t)(base - path) : 0;
    for (size_t k = 1; k <= keep_from; ++k) { /* drop leading characters, up to the name */
        snprintf(out, cap, "...%s", path + k);
        if (paint_text_width(f, out) <= width)
            return;
    }
    const char *name = path + keep_from;
    size_t len = n - keep_from;
    for (size_t cut = 1; cut < len; ++cut) { /* the name's middle goes */
        size_t head = (len - cut) / 2, tail = len - cut - head;
        snprintf(out, cap, "...%.*s...%s", (int)head, name, name + len - tail);
        if (paint_text_width(f, out) <= width)
            return;
    }
    snprintf(out, cap, "...");
}

static void draw_chip(app *a, int x, int y, const char *text, bool on, int *out_w)
{
    int tw = paint_text_width(a->st.small, text);
    SDL_Rect r = {x, y, tw + 14, 20};
    paint_fill(a->ren, &r, on ? (SDL_Color){46, 112, 112, 255} : (SDL_Color){36, 41, 57, 255});
    paint_frame(a->ren, &r, on ? C_ACCENT : C_RULE);
    paint_text(a->ren, a->st.small, x + 7, y + 3, on ? C_TEXT : C_DIM, text);
    *out_w = r.w;
}

static void draw_panel(app *a, const layout *L, const paint_field *f)
{
    paint_fill(a->ren, &L->panel, C_PANEL);
    SDL_Rect edge = {L->panel.x, 0, 1, a->h};
    paint_fill(a->ren, &edge, C_RULE);
    pen p = {a, L->panel.x + 18, 14, PANEL_W - 36, a->h - 90, false};

    int tw = paint_text(a->ren, a->st.title, p.x, p.y, C_TEXT, "eddy-paint");
    paint_text(a->ren, a->st.small, p.x + tw + 8, p.y + 8, C_DIM, "velocity modes for eddy");
    p.y += 32;
    const char *path = paint_doc_path(a->doc);
    line(&p, a->st.bold, C_ACCENT, "%s", paint_doc_name(a->doc));
    char where[4200], shown[4200];
    if (*path)
        snprintf(where, sizeof where, "%s", path);
    else if (a->opt->path)
        snprintf(where, sizeof where, "%s (new file)", a->opt->path);
    else
        snprintf(where, sizeof where, "not saved yet");
    elide_path(a->st.small, where, p.w, shown, sizeof shown);
    line(&p, a->st.small, C_DIM, "%s", shown);
    if (paint_doc_dirty(a->doc))
        line(&p, a->st.small, C_WARN, "%s", "unsaved changes");

    const eddy_mac *g = paint_doc_mac(a->doc);
    heading(&p, "MODES");
    int x = p.x;
    for (int k = 0; room(&p, 26) && k < paint_doc_page_count(a->doc) && x < p.x + p.w - 40; ++k) {
        char t[16];
        snprintf(t, sizeof t, "%d", k + 1);
        int w;
        draw_chip(a, x, p.y, t, k == paint_doc_page(a->doc), &w);
        x += w + 5;
    }
    if (!p.full)
        p.y += 26;
    row(&p, "grid", C_TEXT, "%gx%g m, %dx%d", g->width, g->height, g->nx, g->ny);

    heading(&p, "BRUSH");
    paint_brush b = paint_doc_brush(a->doc);
    row(&p, "radius", C_TEXT, "%.3g m", b.radius);
    row(&p, "strength", C_TEXT, "%+.3g m/s", b.strength);
    row(&p, "mode", C_TEXT, "%s", b.mode == PAINT_BRUSH_SET ? "set (paints over)" : "add (accumulates)");

    heading(&p, "FIELD");
    double top = paint_doc_max_speed(a->doc), div = paint_doc_max_divergence(a->doc);
    double rel = top > 0 ? div / (top / fmin(g->hx, g->hy)) : 0;
    row(&p, "max speed", C_TEXT, "%.3g m/s", top);
    row(&p, "max |div|", rel < 1e-9 ? C_GOOD : C_WARN, "%.2g 1/s%s", div,
        rel < 1e-9 ? "  free" : "  (P)");
    row(&p, "energy", C_TEXT, "%.4g m^4/s^2", paint_doc_energy(a->doc));
    /* The colour bar of the speed map. */
    if (room(&p, 30)) {
    SDL_Rect bar = {p.x, p.y + 2, p.w, 10};
    for (int i = 0; i < bar.w; ++i) {
        SDL_Color c = paint_speed_color((double)i / (bar.w - 1));
        SDL_SetRenderDrawColor(a->ren, c.r, c.g, c.b, 255);
        SDL_RenderDrawLine(a->ren, bar.x + i, bar.y, bar.x + i, bar.y + bar.h - 1);
    }
    p.y += 14;
    paint_text(a->ren, a->st.small, p.x, p.y, C_DIM, "0");
    char top_text[48];
    snprintf(top_text, sizeof top_text, "%.3g m/s", f->speed_scale);
    paint_text(a->ren, a->st.small, p.x + p.w - paint_text_width(a->st.small, top_text), p.y,
               C_DIM, top_text);
    p.y += 16;
    }

    heading(&p, "FULL-GRID SOLVER");
    row(&p, "state", a->running ? C_ACCENT : C_TEXT, "%s, t = %.2f s",
        a->running ? "running" : "paused", a->sim_time);
    row(&p, "recorded", a->recording ? C_BAD : C_TEXT, "%s%d frames",
        a->recording ? "REC  " : "", paint_doc_frame_count(a->doc));
    row(&p, "history", C_TEXT, "%d undo, %d redo (%.1f MB)", paint_doc_undo_count(a->doc),
        paint_doc_redo_count(a->doc), paint_doc_history_bytes(a->doc) / 1048576.0);

    heading(&p, "VIEW");
    static const char *bg_names[] = {"LIC", "speed", "plain"};
    x = p.x;
    int w;
    if (room(&p, 26)) {
    draw_chip(a, x, p.y, bg_names[a->look.background], true, &w);
    x += w + 5;
    draw_chip(a, x, p.y, "arrows", a->look.arrows, &w);
    x += w + 5;
    draw_chip(a, x, p.y, "streaks", a->look.streaks, &w);
    x += w + 5;
    draw_chip(a, x, p.y, "div", a->look.divergence, &w);
    p.y += 26;
    }

    heading(&p, "REDUCED PREVIEW");
    if (a->preview_on && a->preview) {
        paint_preview_info info;
        paint_preview_get_info(a->preview, &info);
        row(&p, "eigen only", C_TEXT, "%d modes, %.0f%%", info.eigen_modes,
            100 * info.capture_eigen);
        row(&p, "enriched", C_GOOD, "%d+%d modes, %.0f%%", info.eigen_modes, info.grid_modes,
            100 * info.capture_enriched);
        row(&p, "time", C_TEXT, "%.1f s%s", info.time, a->hold ? ", held" : "");
        if (paint_preview_source_version(a->preview) != paint_doc_version(a->doc) ||
            paint_preview_source_page(a->preview) != paint_doc_page(a->doc))
            line(&p, a->st.small, C_DIM, "built from an earlier state; Shift+K rebuilds");
    } else {
        wrapped(&p, a->st.small, a->preview_error[0] ? C_BAD : C_DIM,
                a->preview_error[0] ? a->preview_error
                                    : "E builds the game's basis from this mode and runs it "
                                      "beside the eigenmodes alone");
    }

    /* Status at the bottom, the help hint under it. */
    pen q = p;
    q.y = a->h - 78;
    q.limit = 0, q.full = false;
    SDL_Rect rule = {q.x, q.y - 8, q.w, 1};
    paint_fill(a->ren, &rule, C_RULE);
    wrapped(&q, a->st.small, a->status_bad ? C_BAD : C_TEXT, a->status);
    paint_text(a->ren, a->st.small, p.x, a->h - 24, C_DIM, "F1  every key        Ctrl+S  save");
}

/* ------------------------------------------------------------ help */

static const char *const HELP[][2] = {
    {"Left drag", "paint velocity along the stroke"},
    {"W", "rock tool: left drag lays rock, right click removes it"},
    {"F3", "save the rock as FILE.walls.json (for a level)"},
    {"Right drag", "erase: fade to zero under the brush"},
    {"Wheel,  [  ]", "brush radius smaller / larger"},
    {"Shift+wheel,  -  =", "brush strength down / up"},
    {"Shift+left drag", "erase, too"},
    {"I", "reverse the brush direction"},
    {"B", "brush mode: set (paints over) / add"},
    {"Ctrl+Z,  Ctrl+Y", "undo,  redo (also Ctrl+Shift+Z)"},
    {"Esc while dragging", "cancel the stroke"},
    {"P", "project: make the mode divergence-free"},
    {"Space", "run / pause the full-grid solver"},
    {".", "one solver step of 1/60 s"},
    {"R", "record solver frames (starts the solver)"},
    {"Ctrl+E", "save the recording as snapshots"},
    {"X", "drop the recording"},
    {"C", "clear this mode"},
    {"Tab,  Shift+Tab", "next / previous mode"},
    {"Ctrl+N", "new empty mode"},
    {"Delete twice", "remove this mode"},
    {"F2", "rename the mode set"},
    {"Ctrl+S,  Ctrl+Shift+S", "save (atomic),  save as"},
    {"Ctrl+O", "open a mode file"},
    {"V", "background: LIC / speed / plain"},
    {"A,  T", "arrows,  moving streaks"},
    {"D", "divergence: red source, blue sink"},
    {"E", "reduced preview: eigen only vs enriched"},
    {"K,  Shift+K", "excite the preview again,  rebuild it"},
    {"G,  0", "hold the excitation,  preview at rest"},
    {"F12", "screenshot to eddy-paint-NNNN.png"},
    {"F1,  H,  ?", "this help (any key closes it)"},
    {"Q,  Esc", "quit (asks again if unsaved)"},
    {"Ctrl+Q", "quit now"},
};

static void draw_help(app *a)
{
    SDL_Rect all = {0, 0, a->w, a->h};
    paint_fill(a->ren, &all, (SDL_Color){6, 8, 14, 200});
    enum { ROWS = sizeof HELP / sizeof HELP[0] };
    int half = (ROWS + 1) / 2, row_h = TTF_FontLineSkip(a->st.text) + 7;
    /* Column widths from the text itself. */
    int key_w[2] = {0, 0}, what_w[2] = {0, 0};
    for (int k = 0; k < ROWS; ++k) {
        int c = k / half;
        int kw = paint_text_width(a->st.bold, HELP[k][0]), ww = paint_text_width(a->st.text, HELP[k][1]);
        key_w[c] = kw > key_w[c] ? kw : key_w[c];
        what_w[c] = ww > what_w[c] ? ww : what_w[c];
    }
    int gap = 18, col_gap = 40, pad = 28;
    int pw = 2 * pad + key_w[0] + gap + what_w[0] + col_gap + key_w[1] + gap + what_w[1];
    int ph = half * row_h + 120;
    SDL_Rect box = {(a->w - pw) / 2, (a->h - ph) / 2, pw, ph};
    paint_fill(a->ren, &box, (SDL_Color){26, 31, 45, 250});
    paint_frame(a->ren, &box, C_ACCENT);
    paint_text(a->ren, a->st.title, box.x + pad, box.y + 20, C_TEXT, "eddy-paint keys");
    paint_text(a->ren, a->st.small, box.x + pad, box.y + 52, C_DIM,
               "Paint, project, let the flow develop, save. The same actions run headless "
               "from a text file: eddy-paint --script FILE -o OUT.mode");
    for (int k = 0; k < ROWS; ++k) {
        int c = k / half;
        int cx = box.x + pad + (c ? key_w[0] + gap + what_w[0] + col_gap : 0);
        int cy = box.y + 86 + (k % half) * row_h;
        paint_text(a->ren, a->st.bold, cx, cy, C_ACCENT, HELP[k][0]);
        paint_text(a->ren, a->st.text, cx + key_w[c] + gap, cy, C_TEXT, HELP[k][1]);
    }
    const char *close = "any key or click closes this";
    paint_text(a->ren, a->st.small, box.x + box.w - pad - paint_text_width(a->st.small, close),
               box.y + box.h - 26, C_DIM, close);
}

static void draw_prompt(app *a, const layout *L)
{
    static const char *titles[] = {"", "Save as", "Open", "Name of the mode set",
                                   "Save the recording as"};
    SDL_Rect bar = {L->main.x, L->main.y + L->main.h - 64, L->main.w, 64};
    paint_fill(a->ren, &bar, (SDL_Color){20, 24, 36, 240});
    paint_frame(a->ren, &bar, C_ACCENT);
    paint_text(a->ren, a->st.small, bar.x + 14, bar.y + 8, C_HEAD, titles[a->prompt]);
    char text[1100];
    snprintf(text, sizeof text, "%s%s", a->input, (SDL_GetTicks() / 500) % 2 ? "_" : " ");
    paint_text(a->ren, a->st.mono, bar.x + 14, bar.y + 30, C_TEXT, text);
    const char *hint = "Enter accepts, Esc cancels";
    paint_text(a->ren, a->st.small, bar.x + bar.w - 14 - paint_text_width(a->st.small, hint),
               bar.y + 8, C_DIM, hint);
}

/* ------------------------------------------------------------ frame */

static void draw_brush_cursor(app *a)
{
    if (!a->mouse_seen || a->help || a->prompt)
        return;
    SDL_Rect d = paint_view_domain_rect(a->view);
    if (!in_rect(&d, a->mx, a->my))
        return;
    const eddy_mac *g = paint_doc_mac(a->doc);
    paint_brush b = paint_doc_brush(a->doc);
    float r = (float)(b.radius / g->width * d.w);
    SDL_Color c = a->painting && a->erasing ? C_BAD : (SDL_Color){255, 255, 255, 220};
    paint_circle(a->ren, (float)a->mx, (float)a->my, r, c);
    paint_circle(a->ren, (float)a->mx, (float)a->my, r * 0.5f, (SDL_Color){c.r, c.g, c.b, 90});
    /* The direction being painted. */
    if (a->painting && !a->erasing && a->n >= 2) {
        float x0, y0, x1, y1;
        paint_to_screen(&d, g->width, g->height, a->xy[2 * a->n - 4], a->xy[2 * a->n - 3], &x0, &y0);
        paint_to_screen(&d, g->width, g->height, a->xy[2 * a->n - 2], a->xy[2 * a->n - 1], &x1, &y1);
        float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
        if (len > 0.5f) {
            float s = (float)(b.strength >= 0 ? 1 : -1) * r * 0.9f / len;
            paint_arrow(a->ren, (float)a->mx - dx * s, (float)a->my - dy * s,
                        (float)a->mx + dx * s, (float)a->my + dy * s, 2.5f, C_WARN);
        }
    }
}

/* A level filled to a depth: its water line along the top of the painted
 * water, with the tank's height above it. */
static void draw_water_line(app *a, const SDL_Rect *domain)
{
    double water = paint_doc_mac(a->doc)->height, tank = paint_doc_tank_height(a->doc);
    if (!(tank > water)) return;
    SDL_Rect line = {domain->x, domain->y - 2, domain->w, 4};
    paint_fill(a->ren, &line, (SDL_Color){215, 240, 255, 255});
    char note[96];
    snprintf(note, sizeof note, "water line: %g m of a %g m tank (air above)", water, tank);
    paint_text(a->ren, a->st.small, domain->x + 6, domain->y + 4, (SDL_Color){215, 240, 255, 255},
               note);
}

/* A view's title and a note, just above where the domain will be drawn. */
static void label(app *a, const SDL_Rect *area, const char *left, const char *right)
{
    const eddy_mac *g = paint_doc_mac(a->doc);
    SDL_Rect fit = paint_fit(area, g->width, g->height);
    const SDL_Rect *view = &fit;
    paint_text(a->ren, a->st.bold, view->x, view->y - LABEL_H + 2, C_TEXT, left);
    if (right)
        paint_text(a->ren, a->st.small, view->x + view->w - paint_text_width(a->st.small, right),
                   view->y - LABEL_H + 5, C_DIM, right);
}

/* Under the painted view while the preview runs: what the two small views
 * are, and the keys that drive them. */
static void draw_caption(app *a, const layout *L)
{
    const eddy_mac *g = paint_doc_mac(a->doc);
    SDL_Rect d = paint_fit(&L->main, g->width, g->height);
    int top = d.y + d.h + 18, bottom = a->h - MARGIN;
    if (bottom - top < 60)
        return;
    pen p = {a, d.x, top, d.w, bottom, false};
    line(&p, a->st.bold, C_HEAD, "The reduced simulation, as the game will run it");
    p.y += 2;
    wrapped(&p, a->st.small, C_DIM,
            "Right: the game's reduced fluid (chapter 5.1) excited with this mode and left "
            "to evolve. Top, the box eigenmodes alone; bottom, the same eigenmodes enriched "
            "with this mode (5.2, eq. 5.10). The percentages are the share of the mode's "
            "energy each basis holds.");
    p.y += 6;
    line(&p, a->st.small, C_TEXT, "K  excite again      G  hold the excitation      0  at rest");
    line(&p, a->st.small, C_TEXT, "Shift+K  rebuild from the current mode      E  close");
}

static void draw_frame(app *a)
{
    SDL_GetRendererOutputSize(a->ren, &a->w, &a->h);
    layout L = make_layout(a);
    SDL_SetRenderDrawColor(a->ren, C_BG.r, C_BG.g, C_BG.b, 255);
    SDL_RenderClear(a->ren);

    paint_field f = doc_field(a);
    char right[128];
    snprintf(right, sizeof right, "mode %d of %d   %s", paint_doc_page(a->doc) + 1,
             paint_doc_page_count(a->doc), a->running ? "solver running" : "");
    label(a, &L.main, "painted mode", right);
    paint_view_draw(a->view, a->ren, &L.main, &f, &a->look);
    SDL_Rect domain = paint_view_domain_rect(a->view); /* the field's own rectangle */
    paint_rock_draw(a->ren, &domain, paint_doc_mac(a->doc)->width, paint_doc_mac(a->doc)->height,
                    paint_doc_walls(a->doc), paint_doc_wall_count(a->doc));
    draw_water_line(a, &domain);

    if (a->preview_on && a->preview) {
        paint_preview_info info;
        paint_preview_get_info(a->preview, &info);
        /* Both previews share one colour scale: the larger top speed. */
        const eddy_mac *g = paint_doc_mac(a->doc);
        double scale = fmax(a->speed_scale, 1e-6);
        paint_field pf[2] = {
            {eigen_velocity, a->preview, paint_preview_version(a->preview), g->width,
             g->height, scale, NULL, 0, 0, 0},
            {enriched_velocity, a->preview, paint_preview_version(a->preview), g->width,
             g->height, scale, NULL, 0, 0, 0},
        };
        char t[2][96];
        snprintf(t[0], sizeof t[0], "%d modes, holds %.0f%%", info.eigen_modes,
                 100 * info.capture_eigen);
        snprintf(t[1], sizeof t[1], "%d+%d modes, holds %.0f%%", info.eigen_modes,
                 info.grid_modes, 100 * info.capture_enriched);
        label(a, &L.eigen, "eigenmodes only", t[0]);
        paint_view_draw(a->pview[0], a->ren, &L.eigen, &pf[0], &a->plook);
        label(a, &L.enriched, "enriched (game)", t[1]);
        paint_view_draw(a->pview[1], a->ren, &L.enriched, &pf[1], &a->plook);
        for (int k = 0; k < 2; k++) { /* the rock in the previews too, as in the game */
            SDL_Rect box = paint_view_domain_rect(a->pview[k]);
            paint_rock_draw(a->ren, &box, g->width, g->height, paint_doc_walls(a->doc),
                            paint_doc_wall_count(a->doc));
        }
        draw_caption(a, &L);
    }
    draw_brush_cursor(a);
    draw_panel(a, &L, &f);
    if (a->prompt)
        draw_prompt(a, &L);
    if (a->help)
        draw_help(a);
}

static void screenshot(app *a, const char *path)
{
    draw_frame(a); /* read back exactly what the next present shows */
    char why[256];
    if (paint_screenshot(a->ren, path, why, sizeof why))
        say(a, false, "screenshot saved to %s", path);
    else
        say(a, true, "screenshot: %s", why);
}

/* ------------------------------------------------------------ demo */

/* A built-in sequence of real SDL events (mouse and keys), pushed into the
 * queue frame by frame, so the window can be exercised and checked without
 * anyone at the mouse (--demo). */
static void push_key(SDL_Keycode key, Uint16 mod)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_KEYDOWN;
    e.key.state = SDL_PRESSED;
    e.key.keysym.sym = key;
    e.key.keysym.mod = mod;
    SDL_PushEvent(&e);
    e.type = SDL_KEYUP;
    e.key.state = SDL_RELEASED;
    SDL_PushEvent(&e);
}

static void push_text(const char *text)
{
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = SDL_TEXTINPUT;
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    SDL_PushEvent(&e);
}

static void push_mouse(app *a, Uint32 type, double x, double y, Uint8 button)
{
    SDL_Rect d = paint_view_domain_rect(a->view);
    const eddy_mac *g = paint_doc_mac(a->doc);
    float px, py;
    paint_to_screen(&d, g->width, g->height, x, y, &px, &py);
    SDL_Event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
        e.motion.x = (int)px;
        e.motion.y = (int)py;
        e.motion.state = SDL_BUTTON(button);
    } else {
        e.button.x = (int)px;
        e.button.y = (int)py;
        e.button.button = button;
        e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        e.button.clicks = 1;
    }
    SDL_PushEvent(&e);
}

/* Drags from (x0,y0) to (x1,y1) over frames [f0, f1]; bends the path by
 * `bend` metres sideways at its middle. */
static void demo_drag(app *a, int f, int f0, int f1, double x0, double y0, double x1, double y1,
                      double bend, Uint8 button)
{
    if (f < f0 || f > f1 + 1)
        return;
    double t = f > f1 ? 1.0 : (double)(f - f0) / (f1 - f0);
    double nx = -(y1 - y0), ny = x1 - x0, len = hypot(nx, ny);
    double s = bend * sin(M_PI * t) / (len > 0 ? len : 1);
    double x = x0 + t * (x1 - x0) + s * nx, y = y0 + t * (y1 - y0) + s * ny;
    if (f == f0)
        push_mouse(a, SDL_MOUSEBUTTONDOWN, x, y, button);
    else if (f <= f1)
        push_mouse(a, SDL_MOUSEMOTION, x, y, button);
    else
        push_mouse(a, SDL_MOUSEBUTTONUP, x, y, button);
}

static void demo(app *a)
{
    int f = a->frame;
    const eddy_mac *g = paint_doc_mac(a->doc);
    double W = g->width, H = g->height;
    /* 1. The chapter's jet: a band across the box at mid-height. */
    if (f == 4)
        push_key(SDLK_RIGHTBRACKET, 0); /* a wider brush */
    demo_drag(a, f, 8, 40, 0.03 * W, 0.5 * H, 0.97 * W, 0.5 * H, 0.0, SDL_BUTTON_LEFT);
    /* 2. A curl above it in add mode, then back to set. */
    if (f == 46)
        push_key(SDLK_b, 0);
    demo_drag(a, f, 50, 80, 0.2 * W, 0.8 * H, 0.8 * W, 0.8 * H, 0.12 * W, SDL_BUTTON_LEFT);
    if (f == 84)
        push_key(SDLK_b, 0);
    /* 3. Erase a little of it, undo that, redo it, undo again. */
    demo_drag(a, f, 88, 100, 0.6 * W, 0.85 * H, 0.7 * W, 0.85 * H, 0.0, SDL_BUTTON_RIGHT);
    if (f == 104)
        push_key(SDLK_z, KMOD_LCTRL);
    if (f == 106)
        push_key(SDLK_y, KMOD_LCTRL);
    if (f == 108)
        push_key(SDLK_z, KMOD_LCTRL);
    /* 4. Divergence before and after the projection; arrows. */
    if (f == 112)
        push_key(SDLK_d, 0);
    if (f == 130)
        push_key(SDLK_p, 0);
    if (f == 134)
        push_key(SDLK_a, 0);
    /* 5. The preview: build the enriched basis and run it. */
    if (f == 140)
        push_key(SDLK_e, 0);
    /* 6. Let the painted field develop while recording, then pause. */
    if (f == 150)
        push_key(SDLK_r, 0);
    if (f == 190)
        push_key(SDLK_SPACE, 0);
    /* 7. The help overlay, then streaks. */
    if (f == 200)
        push_key(SDLK_F1, 0);
    if (f == 230)
        push_key(SDLK_ESCAPE, 0);
    if (f == 234)
        push_key(SDLK_t, 0);
    if (f == 236)
        push_key(SDLK_v, 0);
    /* 8. A second mode with a vertical stroke, back to the first, rename
     * through the prompt, save (to FILE when one was given). */
    if (f == 240)
        push_key(SDLK_n, KMOD_LCTRL);
    demo_drag(a, f, 244, 256, 0.3 * W, 0.2 * H, 0.3 * W, 0.8 * H, 0.0, SDL_BUTTON_LEFT);
    if (f == 260)
        push_key(SDLK_TAB, 0);
    if (f == 262)
        push_key(SDLK_F2, 0);
    if (f == 263)
        push_key(SDLK_u, KMOD_LCTRL);
    if (f == 264)
        push_text("windy jet");
    if (f == 265)
        push_key(SDLK_RETURN, 0);
    if (f == 268)
        push_key(SDLK_s, KMOD_LCTRL);
    if (f == 272 && a->prompt)
        push_key(SDLK_ESCAPE, 0); /* no FILE: the save-as prompt opened */
}

/* ------------------------------------------------------------ loop */

static void handle(app *a, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT: request_quit(a); break;
    case SDL_KEYDOWN: on_key(a, &e->key.keysym); break;
    case SDL_TEXTINPUT:
        if (a->prompt && strlen(a->input) + strlen(e->text.text) < sizeof a->input)
            strcat(a->input, e->text.text);
        break;
    case SDL_MOUSEBUTTONDOWN:
        a->mx = e->button.x;
        a->my = e->button.y;
        a->mouse_seen = true;
        if (a->help) {
            a->help = false;
            break;
        }
        if (a->prompt || a->painting)
            break;
        if (a->rock) {
            rock_click(a, e->button.x, e->button.y, e->button.button == SDL_BUTTON_LEFT);
            break;
        }
        if (e->button.button == SDL_BUTTON_LEFT)
            begin_drag(a, e->button.x, e->button.y, (SDL_GetModState() & KMOD_SHIFT) != 0);
        else if (e->button.button == SDL_BUTTON_RIGHT)
            begin_drag(a, e->button.x, e->button.y, true);
        break;
    case SDL_MOUSEMOTION:
        a->mx = e->motion.x;
        a->my = e->motion.y;
        a->mouse_seen = true;
        if (a->painting)
            add_point(a, e->motion.x, e->motion.y);
        if (a->rock_drag)
            rock_drag_to(a, e->motion.x, e->motion.y);
        break;
    case SDL_MOUSEBUTTONUP:
        a->rock_drag = false;
        if (a->painting) {
            add_point(a, e->button.x, e->button.y);
            end_drag(a);
        }
        break;
    case SDL_MOUSEWHEEL: {
        int y = e->wheel.y;
        if (e->wheel.direction == SDL_MOUSEWHEEL_FLIPPED)
            y = -y;
        if (y == 0)
            break;
        double f = pow(y > 0 ? 1.15 : 1 / 1.15, abs(y));
        if (SDL_GetModState() & (KMOD_SHIFT | KMOD_CTRL))
            brush_change(a, 1, f, false);
        else
            brush_change(a, f, 1, false);
        break;
    }
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_LEAVE)
            a->mouse_seen = false;
        break;
    default: break;
    }
}

static void advance(app *a)
{
    eddy_error err = {0};
    if (a->running) {
        if (!paint_doc_editing(a->doc)) {
            if (paint_doc_begin_edit(a->doc, &err) != EDDY_OK) {
                a->running = false;
                say(a, true, "%s", err.message);
            }
        }
        if (a->running) {
            eddy_result rc = paint_doc_step_live(a->doc, SOLVER_DT, a->recording, &err);
            if (rc != EDDY_OK) {
                stop_solver(a);
                say(a, true, "solver stopped: %s", err.message);
            } else
                a->sim_time += SOLVER_DT;
        }
    }
    if (a->preview_on && a->preview) {
        if (paint_preview_step(a->preview, SOLVER_DT, a->hold ? 1.0 : 0.0, &err) != EDDY_OK) {
            say(a, true, "preview stopped: %s", err.message);
            a->preview_on = false;
        }
    }
}

static int run(app *a)
{
    const paint_app_options *o = a->opt;
    Uint64 freq = SDL_GetPerformanceFrequency();
    while (!a->quit) {
        Uint64 t0 = SDL_GetPerformanceCounter();
        if (o->demo && a->frame > 0)
            demo(a);
        SDL_Event e;
        while (SDL_PollEvent(&e))
            handle(a, &e);
        advance(a);
        a->frame++;
        if (o->frames > 0 && a->frame >= o->frames)
            a->quit = true;
        if (a->quit && o->screenshot) {
            char why[256];
            draw_frame(a);
            if (!paint_screenshot(a->ren, o->screenshot, why, sizeof why)) {
                fprintf(stderr, "%s: %s\n", o->prog, why);
                return EX_CANTCREAT;
            }
        }
        draw_frame(a);
        SDL_RenderPresent(a->ren);
        /* Without vsync (e.g. a virtual display) hold about 60 frames a second. */
        double ms = (double)(SDL_GetPerformanceCounter() - t0) * 1000.0 / (double)freq;
        if (ms < 16.0)
            SDL_Delay((Uint32)(16.0 - ms));
    }
    return EX_OK;
}

/* True when a window can be shown: a display server is named, or a video
 * driver was chosen on purpose (e.g. SDL_VIDEODRIVER=offscreen for
 * screenshots without a display). SDL would otherwise fall back to its
 * invisible offscreen driver and run a window nobody sees. */
static bool have_display(void)
{
    const char *names[] = {"DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; ++k) {
        const char *v = getenv(names[k]);
        if (v && *v)
            return true;
    }
    return false;
}

int paint_app_run(paint_doc *doc, const paint_app_options *opt)
{
    if (!have_display()) {
        fprintf(stderr,
                "%s: no display (DISPLAY and WAYLAND_DISPLAY are unset); --script runs "
                "without one, and SDL_VIDEODRIVER=offscreen renders --screenshot files\n",
                opt->prog);
        return EX_UNAVAILABLE;
    }
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "%s: cannot open a window (%s); --script works without one\n",
                opt->prog, SDL_GetError());
        return EX_UNAVAILABLE;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "%s: cannot start SDL_ttf: %s\n", opt->prog, TTF_GetError());
        SDL_Quit();
        return EX_UNAVAILABLE;
    }
    app a;
    memset(&a, 0, sizeof a);
    a.doc = doc;
    a.opt = opt;
    a.look = (paint_look){PAINT_BG_LIC, false, false, false};
    a.plook = (paint_look){PAINT_BG_LIC, false, false, false};
    int code = EX_OK;
    char why[256];
    if (!paint_style_load(&a.st, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", opt->prog, why);
        code = EX_OSFILE;
        goto done;
    }
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    char title[160];
    snprintf(title, sizeof title, "eddy-paint - %s", opt->path ? opt->path : paint_doc_name(doc));
    a.win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, opt->width,
                             opt->height, SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (a.win)
        a.ren = SDL_CreateRenderer(a.win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (a.win && !a.ren)
        a.ren = SDL_CreateRenderer(a.win, -1, SDL_RENDERER_SOFTWARE);
    a.view = paint_view_create(1);
    a.pview[0] = paint_view_create(2);
    a.pview[1] = paint_view_create(2); /* same seed: the two previews look alike where equal */
    if (!a.win || !a.ren || !a.view || !a.pview[0] || !a.pview[1]) {
        fprintf(stderr, "%s: cannot create the window: %s\n", opt->prog, SDL_GetError());
        code = EX_UNAVAILABLE;
        goto done;
    }
    SDL_SetWindowMinimumSize(a.win, 800, 400); /* the panel holds down to 400 px (issue 31) */
    SDL_StopTextInput();
    if (opt->path && !*paint_doc_path(doc))
        say(&a, false, "new document: Ctrl+S saves it to %s", opt->path);
    else if (*paint_doc_path(doc))
        say(&a, false, "opened %s: \"%s\"", paint_doc_path(doc), paint_doc_name(doc));
    else
        say(&a, false, "drag to paint velocity; F1 lists every key");
    code = run(&a);
done:
    paint_preview_destroy(a.preview);
    paint_view_destroy(a.view);
    paint_view_destroy(a.pview[0]);
    paint_view_destroy(a.pview[1]);
    free(a.xy);
    free(a.div);
    paint_style_free(&a.st);
    paint_text_cache_clear();
    if (a.ren)
        SDL_DestroyRenderer(a.ren);
    if (a.win)
        SDL_DestroyWindow(a.win);
    TTF_Quit();
    SDL_Quit();
    return code;
}
