// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_app.c - the window, the loop and the input mapping (game_app.h).
 *
 * Input never touches the simulation directly: it becomes commands
 * (game_sim.h) in world units, given just before a step, so whatever a player
 * does can be saved as a replay and played back bit for bit.
 */
#include "game_app.h"
#include "game_render.h"
#include "game_replay.h"
#include "game_session.h"
#include "game_shot.h"
#include "eddy_internal.h" /* eddy_write_file_atomic */

#include <SDL.h>
#include <sys/stat.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>

#define MAX_STEPS_PER_FRAME 4
#define MESSAGE_SECONDS 4.0
#define HINT_SECONDS 10.0

typedef struct level_result {
    int stars;
    double best;
} level_result;

typedef struct app {
    const game_app_options *opt;
    SDL_Window *window;
    SDL_Renderer *renderer;
    bool vsync;
    char renderer_name[32];
    int pw, ph;                   /* output size in pixels */
    double dpi;                   /* pixels per window coordinate */
    game_render *render;
    game_catalog cat;
    char **titles;                /* per catalog entry */
    level_result *results;
    game_menu_entry *menu;
    game_session s;               /* the level being played */
    game_replay demo;
    int demo_next;
    bool demo_on;
    game_view view;
    bool paused, step_once, menu_on, quit;
    int menu_sel;
    /* input */
    bool left_down, right_down, drag_paddle;
    double mouse[2], mouse_last[2], mouse_v[2];
    bool mouse_in;
    double paddle_goal[2];
    double paddle_sent_xy[2];
    bool paddle_sent;
    char progress_path[512];
    int key_dir[4];               /* up, down, left, right held */
    char message[256];
    double message_until, clock;
    long steps_total;
    int shots;
} app;

/* ------------------------------------------------------------ levels */

static void note(app *a, const char *text)
{
    size_t n = strlen(text);
    if (n > sizeof a->message - 1) n = sizeof a->message - 1;
    memcpy(a->message, text, n);
    a->message[n] = '\0';
    a->message_until = a->clock + MESSAGE_SECONDS;
}

/* Fresh player state for the session's (re)started level. */
static void reset_play(app *a)
{
    a->paused = false;
    a->drag_paddle = false;
    a->paddle_sent = false;
    game_sim_paddle_target(a->s.sim, a->paddle_goal);
    a->demo_next = 0;
    a->view.hint = true;
    a->message_until = 0;
}

static eddy_result restart(app *a, eddy_error *err)
{
    eddy_result rc = game_session_restart(&a->s, err);
    if (rc == EDDY_OK) reset_play(a);
    return rc;
}

static eddy_result open_level(app *a, int index, const char *spec, eddy_error *err)
{
    eddy_result rc = game_session_open(&a->s, &a->cat, index, spec, err);
    if (rc != EDDY_OK) return rc;
    reset_play(a);
    if (a->s.loaded.asset_built && strcmp(a->s.loaded.level->id, "builtin") != 0)
        note(a, "This level's data was missing, so it was prepared just now.");
    return rc;
}

static void switch_level(app *a, int index)
{
    if (a->cat.count == 0) return;
    index = (index % a->cat.count + a->cat.count) % a->cat.count;
    eddy_error err = {0};
    if (open_level(a, index, NULL, &err) != EDDY_OK) {
        fprintf(stderr, "eddy-game: %s\n", err.message);
        note(a, err.message);
        if (!a->s.sim) a->quit = true;
    }
    a->demo_on = false;
}

static void load_titles(app *a)
{
    int n = a->cat.count;
    a->titles = calloc((size_t)n + 1, sizeof *a->titles);
    a->results = calloc((size_t)n + 1, sizeof *a->results);
    a->menu = calloc((size_t)n + 1, sizeof *a->menu);
    if (!a->titles || !a->results || !a->menu) return;
    for (int i = 0; i < n; i++) {
        game_level *L;
        const char *base = strrchr(a->cat.paths[i], '/');
        base = base ? base + 1 : a->cat.paths[i];
        if (game_level_load_file(a->cat.paths[i], &L, NULL) == EDDY_OK) {
            a->titles[i] = strdup(L->title);
            game_level_destroy(L);
        } else {
            a->titles[i] = strdup(base);
        }
    }
}

/* ------------------------------------------------------------ progress */

/* Best results survive the session in $XDG_DATA_HOME/eddy-game/progress (or
 * ~/.local/share/...): one "ID STARS SECONDS" line per level won, saved
 * atomically after every win. Nothing is written headless. */
static void progress_path(app *a)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char dir[400];
    if (xdg && *xdg) snprintf(dir, sizeof dir, "%.380s/eddy-game", xdg);
    else if (home && *home) snprintf(dir, sizeof dir, "%.360s/.local/share/eddy-game", home);
    else return;
    /* make the directory and its parents */
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0755);
            *p = '/';
        }
    mkdir(dir, 0755);
    snprintf(a->progress_path, sizeof a->progress_path, "%s/progress", dir);
}

static void load_progress(app *a)
{
    progress_path(a);
    FILE *f = a->progress_path[0] ? fopen(a->progress_path, "r") : NULL;
    if (!f) return;
    char id[80];
    int stars;
    double best;
    while (fscanf(f, "%79s %d %lf", id, &stars, &best) == 3)
        for (int i = 0; i < a->cat.count; i++) {
            const char *base = strrchr(a->cat.paths[i], '/');
            base = base ? base + 1 : a->cat.paths[i];
            if (strncmp(base, id, strlen(id)) == 0 && strcmp(base + strlen(id), ".json") == 0 &&
                stars >= 1 && stars <= 3 && best > 0)
                a->results[i].stars = stars, a->results[i].best = best;
        }
    fclose(f);
}

static void save_progress(app *a)
{
    if (!a->progress_path[0]) return;
    char text[8192];
    size_t n = 0;
    for (int i = 0; i < a->cat.count && n < sizeof text - 128; i++) {
        if (a->results[i].stars <= 0) continue;
        const char *base = strrchr(a->cat.paths[i], '/');
        base = base ? base + 1 : a->cat.paths[i];
        int len = (int)strlen(base) - 5;
        n += (size_t)snprintf(text + n, sizeof text - n, "%.*s %d %.3f\n", len > 70 ? 70 : len, base,
                              a->results[i].stars, a->results[i].best);
    }
    eddy_error err = {0};
    if (eddy_write_file_atomic(a->progress_path, text, n, &err) != EDDY_OK)
        fprintf(stderr, "eddy-game: could not save the progress: %s\n", err.message);
}

/* ------------------------------------------------------------ commands */

static void command(app *a, const game_cmd *c)
{
    eddy_error err = {0};
    if (game_sim_command(a->s.sim, c, &err) != EDDY_OK) note(a, err.message);
}

static void toggle_jet(app *a, int key)
{
    const game_level *L = game_sim_level(a->s.sim);
    for (int j = 0; j < L->jet_count; j++)
        if (L->jets[j].key == key) {
            game_cmd c = {GAME_CMD_JET, j, {game_sim_jet_on(a->s.sim, j) ? 0.0 : 1.0, 0, 0, 0}};
            command(a, &c);
        }
}

static void cycle_feedback(app *a)
{
    int m = game_sim_feedback(a->s.sim) + 1;
    if (m > EDDY_FEEDBACK_OFF) m = EDDY_FEEDBACK_EXACT;
    game_cmd c = {GAME_CMD_FEEDBACK, m, {0}};
    command(a, &c);
    char s[96];
    snprintf(s, sizeof s, "feedback: %s (it runs while the paddle moves)",
             eddy_feedback_name((eddy_feedback_mode)m));
    note(a, s);
}

/* Held keys slide the paddle's goal along its track at the paddle's speed. */
static void keys_move_paddle(app *a)
{
    const game_level *L = game_sim_level(a->s.sim);
    if (!L->paddle.present) return;
    double dir[2] = {(double)(a->key_dir[3] - a->key_dir[2]), (double)(a->key_dir[0] - a->key_dir[1])};
    if (dir[0] == 0 && dir[1] == 0) return;
    double ex = L->paddle.track[1][0] - L->paddle.track[0][0];
    double ey = L->paddle.track[1][1] - L->paddle.track[0][1], len = hypot(ex, ey);
    if (len <= 0) return;
    double along = (dir[0] * ex + dir[1] * ey) / len;
    if (fabs(along) < 0.2) return;
    double step = (along > 0 ? 1 : -1) * L->paddle.speed * GAME_DT;
    a->paddle_goal[0] += step * ex / len;
    a->paddle_goal[1] += step * ey / len;
    game_cmd c = {GAME_CMD_PADDLE, 0, {a->paddle_goal[0], a->paddle_goal[1], 0, 0}};
    command(a, &c);
    game_sim_paddle_target(a->s.sim, a->paddle_goal); /* clamped to the track */
}

/* The commands of the player for the coming step. */
static void player_commands(app *a)
{
    keys_move_paddle(a);
    if (a->drag_paddle && (a->mouse[0] != a->paddle_sent_xy[0] || a->mouse[1] != a->paddle_sent_xy[1])) {
        game_cmd c = {GAME_CMD_PADDLE, 0, {a->mouse[0], a->mouse[1], 0, 0}};
        command(a, &c);
        memcpy(a->paddle_sent_xy, a->mouse, sizeof a->mouse);
        game_sim_paddle_target(a->s.sim, a->paddle_goal);
    }
    bool stir = a->mouse_in && (a->right_down || (a->left_down && !a->drag_paddle));
    if (stir && hypot(a->mouse_v[0], a->mouse_v[1]) > 0.05) {
        game_cmd c = {GAME_CMD_STIR, 0, {a->mouse[0], a->mouse[1], a->mouse_v[0], a->mouse_v[1]}};
        command(a, &c);
    }
}

static void one_step(app *a)
{
    eddy_error err = {0};
    if (a->demo_on) {
        if (game_replay_feed(&a->demo, a->s.sim, &a->demo_next, &err) != EDDY_OK) note(a, err.message);
    } else if (game_sim_status(a->s.sim) == GAME_PLAYING) {
        player_commands(a);
    }
    game_status before = game_sim_status(a->s.sim);
    if (game_session_step(&a->s, &err) != EDDY_OK) {
        fprintf(stderr, "eddy-game: %s\n", err.message);
        note(a, err.message);
        a->paused = true;
    }
    a->steps_total++;
    if (game_sim_time(a->s.sim) > HINT_SECONDS) a->view.hint = false;
    if (before == GAME_PLAYING && game_sim_status(a->s.sim) == GAME_WON && a->s.index >= 0 && a->results) {
        level_result *r = &a->results[a->s.index];
        double t = game_sim_finish_time(a->s.sim);
        if (r->stars == 0 || t < r->best) r->best = t;
        if (game_sim_stars(a->s.sim) > r->stars) r->stars = game_sim_stars(a->s.sim);
        if (!a->demo_on) save_progress(a);
    }
}

/* ------------------------------------------------------------ saving */

static void save_replay(app *a, const char *path)
{
    char auto_path[128];
    if (!path) {
        snprintf(auto_path, sizeof auto_path, "eddy-%s-%ld.replay", game_sim_level(a->s.sim)->id,
                 (long)game_sim_frame(a->s.sim));
        path = auto_path;
    }
    game_replay r;
    eddy_error err = {0};
    eddy_result rc = game_replay_from_sim(a->s.sim, &r, &err);
    if (rc == EDDY_OK) rc = game_replay_save_file(&r, path, &err);
    game_replay_free(&r);
    char s[200];
    if (rc == EDDY_OK)
        snprintf(s, sizeof s, "saved the replay %.120s", path);
    else
        snprintf(s, sizeof s, "could not save the replay: %.150s", err.message);
    note(a, s);
    if (rc != EDDY_OK) fprintf(stderr, "eddy-game: %s\n", s);
}

static void draw(app *a, double alpha, double fps, double render_ms, double present_ms);

static void screenshot(app *a, const char *path)
{
    char auto_path[64];
    if (!path) {
        snprintf(auto_path, sizeof auto_path, "eddy-shot-%03d.png", ++a->shots);
        path = auto_path;
    }
    eddy_error err = {0};
    char s[200];
    if (game_save_renderer_png(a->renderer, a->pw, a->ph, path, &err) == EDDY_OK)
        snprintf(s, sizeof s, "saved the screenshot %.120s", path);
    else
        snprintf(s, sizeof s, "screenshot failed: %.150s", err.message);
    note(a, s);
}

/* ------------------------------------------------------------ events */

static void set_mouse(app *a, int wx, int wy)
{
    int px = (int)(wx * a->dpi), py = (int)(wy * a->dpi);
    game_render_to_world(a->render, px, py, a->mouse);
    a->mouse_in = game_render_in_tank(a->render, px, py);
}

static bool near_paddle(app *a)
{
    eddy_body *p = game_sim_paddle(a->s.sim);
    if (!p) return false;
    /* inside the paddle's outline grown by a little slack (it may be thin) */
    double local[2];
    eddy_body_local_point(p, a->mouse[0], a->mouse[1], local);
    const double slack = 0.3;
    for (int s = 0; s < eddy_body_shape_count(p); s++) {
        eddy_shape_info info;
        if (eddy_body_get_shape(p, s, &info, NULL) != EDDY_OK) continue;
        if (info.type == EDDY_SHAPE_CIRCLE) {
            if (hypot(local[0] - info.center[0], local[1] - info.center[1]) < info.radius + slack)
                return true;
            continue;
        }
        double lo[2] = {1e9, 1e9}, hi[2] = {-1e9, -1e9};
        for (int k = 0; k < info.vertex_count; k++)
            for (int q = 0; q < 2; q++) {
                lo[q] = fmin(lo[q], info.vertices[k][q]);
                hi[q] = fmax(hi[q], info.vertices[k][q]);
            }
        if (local[0] > lo[0] - slack && local[0] < hi[0] + slack && local[1] > lo[1] - slack &&
            local[1] < hi[1] + slack)
            return true;
    }
    return false;
}

static void screenshot(app *a, const char *path);

static void key_down(app *a, SDL_Keycode k, bool repeat)
{
    if (a->menu_on) {
        int n = a->cat.count;
        if (k == SDLK_F12) screenshot(a, NULL);
        else if (k == SDLK_ESCAPE) a->menu_on = false;
        else if (k == SDLK_q) a->quit = true;
        else if ((k == SDLK_UP || k == SDLK_w) && n) a->menu_sel = (a->menu_sel + n - 1) % n;
        else if ((k == SDLK_DOWN || k == SDLK_s) && n) a->menu_sel = (a->menu_sel + 1) % n;
        else if ((k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) && n) {
            switch_level(a, a->menu_sel);
            a->menu_on = false;
        } else if (k >= SDLK_1 && k <= SDLK_9 && k - SDLK_1 < n) {
            switch_level(a, (int)(k - SDLK_1));
            a->menu_on = false;
        }
        return;
    }
    if (a->view.help && (k == SDLK_ESCAPE || k == SDLK_h || k == SDLK_F1)) {
        a->view.help = false;
        return;
    }
    switch (k) {
    case SDLK_q: a->quit = true; break;
    case SDLK_ESCAPE:
        a->menu_on = true;
        a->menu_sel = a->s.index >= 0 ? a->s.index : 0;
        break;
    case SDLK_h:
    case SDLK_F1: a->view.help = !a->view.help; break;
    case SDLK_p:
    case SDLK_SPACE:
        if (!repeat) a->paused = !a->paused;
        break;
    case SDLK_PERIOD: a->step_once = true; break;
    case SDLK_r: {
        eddy_error err = {0};
        if (restart(a, &err) != EDDY_OK) note(a, err.message);
        a->demo_on = false;
        break;
    }
    case SDLK_n: switch_level(a, a->s.index + 1); break;
    case SDLK_b: switch_level(a, a->s.index - 1); break;
    case SDLK_k: a->view.dye = !a->view.dye; break;
    case SDLK_t: a->view.tracers = !a->view.tracers; break;
    case SDLK_v: a->view.arrows = !a->view.arrows; break;
    case SDLK_F2: a->view.panels = !a->view.panels; break;
    case SDLK_F3:
        a->view.quadtree = !a->view.quadtree;
        if (a->view.quadtree && game_sim_feedback(a->s.sim) != EDDY_FEEDBACK_QUADTREE)
            note(a, "quadtree nodes show when the feedback is quadtree (F) and the paddle moves");
        break;
    case SDLK_F4: a->view.samples = !a->view.samples; break;
    case SDLK_TAB: a->view.timings = !a->view.timings; break;
    case SDLK_f:
        if (!a->demo_on && !repeat) cycle_feedback(a);
        break;
    case SDLK_F9: save_replay(a, NULL); break;
    case SDLK_F12: screenshot(a, NULL); break;
    case SDLK_w:
    case SDLK_UP: a->key_dir[0] = 1; break;
    case SDLK_s:
    case SDLK_DOWN: a->key_dir[1] = 1; break;
    case SDLK_a:
    case SDLK_LEFT: a->key_dir[2] = 1; break;
    case SDLK_d:
    case SDLK_RIGHT: a->key_dir[3] = 1; break;
    default:
        if (!repeat && !a->demo_on && game_sim_status(a->s.sim) == GAME_PLAYING) {
            if (k >= SDLK_1 && k <= SDLK_9) toggle_jet(a, '1' + (int)(k - SDLK_1));
            if (k >= SDLK_KP_1 && k <= SDLK_KP_9) toggle_jet(a, '1' + (int)(k - SDLK_KP_1));
        }
        break;
    }
}

static void key_up(app *a, SDL_Keycode k)
{
    if (k == SDLK_w || k == SDLK_UP) a->key_dir[0] = 0;
    if (k == SDLK_s || k == SDLK_DOWN) a->key_dir[1] = 0;
    if (k == SDLK_a || k == SDLK_LEFT) a->key_dir[2] = 0;
    if (k == SDLK_d || k == SDLK_RIGHT) a->key_dir[3] = 0;
}

static void handle(app *a, const SDL_Event *e)
{
    switch (e->type) {
    case SDL_QUIT: a->quit = true; break;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED || e->window.event == SDL_WINDOWEVENT_RESIZED) {
            int ww, wh;
            SDL_GetRendererOutputSize(a->renderer, &a->pw, &a->ph);
            SDL_GetWindowSize(a->window, &ww, &wh);
            a->dpi = ww > 0 ? (double)a->pw / ww : 1;
            game_render_resize(a->render, a->pw, a->ph);
        }
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST)
            memset(a->key_dir, 0, sizeof a->key_dir), a->left_down = a->right_down = false,
            a->drag_paddle = false;
        break;
    case SDL_KEYDOWN: key_down(a, e->key.keysym.sym, e->key.repeat != 0); break;
    case SDL_KEYUP: key_up(a, e->key.keysym.sym); break;
    case SDL_MOUSEMOTION: set_mouse(a, e->motion.x, e->motion.y); break;
    case SDL_MOUSEBUTTONDOWN:
        set_mouse(a, e->button.x, e->button.y);
        if (a->menu_on) {
            int k = game_render_menu_hit(a->render, (int)(e->button.x * a->dpi), (int)(e->button.y * a->dpi));
            if (k >= 0) {
                switch_level(a, k);
                a->menu_on = false;
            }
            break;
        }
        if (e->button.button == SDL_BUTTON_LEFT) {
            a->left_down = true;
            a->drag_paddle = !a->demo_on && near_paddle(a);
            a->paddle_sent_xy[0] = a->paddle_sent_xy[1] = NAN;
        }
        if (e->button.button == SDL_BUTTON_RIGHT) a->right_down = true;
        memcpy(a->mouse_last, a->mouse, sizeof a->mouse);
        break;
    case SDL_MOUSEBUTTONUP:
        if (e->button.button == SDL_BUTTON_LEFT) a->left_down = false, a->drag_paddle = false;
        if (e->button.button == SDL_BUTTON_RIGHT) a->right_down = false;
        break;
    default: break;
    }
}

/* ------------------------------------------------------------ the loop */

static void draw(app *a, double alpha, double fps, double render_ms, double present_ms)
{
    game_frame_info f;
    memset(&f, 0, sizeof f);
    f.sim = a->s.sim;
    f.flow = a->s.flow;
    f.looks = &a->s.looks;
    f.prev = a->s.prev, f.cur = a->s.cur;
    f.alpha = alpha;
    f.view = a->view;
    f.paused = a->paused;
    f.demo = a->demo_on;
    f.level_number = a->s.index >= 0 ? a->s.index + 1 : 0;
    f.level_total = a->cat.count;
    f.fps = fps;
    f.render_ms = render_ms;
    f.present_ms = present_ms;
    f.renderer = a->renderer_name;
    game_flow_cost(a->s.flow, &f.flow_ms[0], &f.flow_ms[1], &f.flow_ms[2]);
    memcpy(f.mouse, a->mouse, sizeof f.mouse);
    f.mouse_in_tank = a->mouse_in;
    f.stirring = !a->demo_on && (a->right_down || (a->left_down && !a->drag_paddle));
    f.dragging_paddle = a->drag_paddle;
    f.message = a->clock < a->message_until ? a->message : NULL;
    if (a->menu_on && a->menu) {
        for (int i = 0; i < a->cat.count; i++) {
            a->menu[i].title = a->titles[i] ? a->titles[i] : "?";
            a->menu[i].stars = a->results[i].stars;
            a->menu[i].best = a->results[i].best;
        }
        f.menu = true;
        f.menu_count = a->cat.count;
        f.menu_selected = a->menu_sel;
        f.menu_entries = a->menu;
    }
    game_render_frame(a->render, &f);
}

static int open_window(app *a)
{
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "eddy-game: no display: %s (on a machine without one, try --headless)\n",
                SDL_GetError());
        return EX_UNAVAILABLE;
    }
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (a->opt->fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    a->window = SDL_CreateWindow("eddy - a water tank puzzle", SDL_WINDOWPOS_CENTERED,
                                 SDL_WINDOWPOS_CENTERED, a->opt->width, a->opt->height, flags);
    if (!a->window) {
        fprintf(stderr, "eddy-game: cannot open a window: %s\n", SDL_GetError());
        return EX_UNAVAILABLE;
    }
    SDL_SetWindowMinimumSize(a->window, 480, 320);
    a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!a->renderer) a->renderer = SDL_CreateRenderer(a->window, -1, SDL_RENDERER_SOFTWARE);
    if (!a->renderer) {
        fprintf(stderr, "eddy-game: cannot create a renderer: %s\n", SDL_GetError());
        return EX_UNAVAILABLE;
    }
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(a->renderer, &info) == 0) {
        a->vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
        snprintf(a->renderer_name, sizeof a->renderer_name, "%s", info.name);
    }
    SDL_GetRendererOutputSize(a->renderer, &a->pw, &a->ph);
    int ww, wh;
    SDL_GetWindowSize(a->window, &ww, &wh);
    a->dpi = ww > 0 ? (double)a->pw / ww : 1;
    eddy_error err = {0};
    if (game_render_create(a->renderer, a->pw, a->ph, &a->render, &err) != EDDY_OK) {
        fprintf(stderr, "eddy-game: %s\n", err.message);
        return EX_SOFTWARE;
    }
    if (!game_render_has_font(a->render))
        fprintf(stderr, "eddy-game: warning: no font found (install fonts-dejavu-core, or set "
                "EDDY_GAME_FONT to a .ttf file): the game runs without text\n");
    return EX_OK;
}

int game_app_run(const game_app_options *o)
{
    static app A;
    app *a = &A;
    memset(a, 0, sizeof *a);
    a->opt = o;
    a->view.dye = a->view.tracers = true;
    if (o->show) {
        char bad[48];
        if (!game_view_parse(o->show, &a->view, bad, sizeof bad)) {
            fprintf(stderr, "eddy-game: --show: unknown overlay '%s' (dye, tracers, arrows, panels, "
                    "quadtree, samples, timings, help, none)\n", bad);
            return EX_USAGE;
        }
    }
    a->s.index = -1;
    game_catalog_open(&a->cat, o->levels_dir, o->assets_dir, o->argv0);
    load_titles(a);
    if (a->results) load_progress(a);
    int code = EX_OK;
    eddy_error err = {0};
    if (o->demo) {
        eddy_result rc = game_replay_load_file(o->demo, &a->demo, &err);
        if (rc != EDDY_OK) {
            fprintf(stderr, "eddy-game: --demo: %s\n", err.message);
            code = rc == EDDY_ERR_IO ? EX_NOINPUT : EX_DATAERR;
        }
    }
    const char *spec = o->level ? o->level : (o->demo && a->demo.level_id[0] ? a->demo.level_id : NULL);
    if (code == EX_OK) {
        eddy_result rc = spec ? open_level(a, 0, spec, &err)
                              : open_level(a, a->cat.count > 0 ? 0 : -1, NULL, &err);
        if (rc != EDDY_OK) {
            fprintf(stderr, "eddy-game: %s\n", err.message);
            code = rc == EDDY_ERR_IO ? EX_NOINPUT : rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_DATAERR;
        }
        if (a->cat.count == 0 && code == EX_OK)
            note(a, "No level files found: playing the built-in level (see --levels).");
    }
    if (code == EX_OK && o->demo && strcmp(a->demo.level_id, game_sim_level(a->s.sim)->id) != 0) {
        fprintf(stderr, "eddy-game: --demo %s: recorded on level '%s', not '%s'\n", o->demo,
                a->demo.level_id, game_sim_level(a->s.sim)->id);
        code = EX_DATAERR;
    }
    if (code == EX_OK) code = open_window(a);
    a->demo_on = o->demo != NULL;
    if (code == EX_OK && !a->cat.count) a->s.index = -1;

    Uint64 freq = SDL_GetPerformanceFrequency(), last = SDL_GetPerformanceCounter();
    double acc = 0, fps = 60, render_ms = 0, present_ms = 0, frame_ms = 1000.0 / 60;
    while (code == EX_OK && !a->quit) {
        SDL_Event e;
        while (SDL_PollEvent(&e)) handle(a, &e);
        if (a->quit || !a->s.sim) break;
        Uint64 now = SDL_GetPerformanceCounter();
        double dt = (double)(now - last) / (double)freq;
        last = now;
        if (dt > 0.25) dt = 0.25;
        a->clock += dt;
        /* mouse velocity over the frame drives the stirring */
        double mv[2] = {(a->mouse[0] - a->mouse_last[0]) / fmax(dt, 1e-3),
                        (a->mouse[1] - a->mouse_last[1]) / fmax(dt, 1e-3)};
        a->mouse_v[0] = 0.5 * a->mouse_v[0] + 0.5 * mv[0];
        a->mouse_v[1] = 0.5 * a->mouse_v[1] + 0.5 * mv[1];
        memcpy(a->mouse_last, a->mouse, sizeof a->mouse);
        bool running = !a->paused && !a->menu_on && !a->view.help;
        if (running) acc += dt;
        int steps = 0;
        while (running && acc >= GAME_DT && steps < MAX_STEPS_PER_FRAME) {
            one_step(a);
            acc -= GAME_DT;
            steps++;
            if (o->frames >= 0 && a->steps_total >= o->frames) a->quit = true;
        }
        if (steps == MAX_STEPS_PER_FRAME && acc > GAME_DT) acc = 0; /* too slow: let time slip */
        if (!running && a->step_once && !a->menu_on) {
            one_step(a);
            acc = 0;
        }
        a->step_once = false;
        if (a->demo_on && a->demo_next >= a->demo.count && game_sim_frame(a->s.sim) >= a->demo.frames &&
            a->message_until < a->clock && game_sim_frame(a->s.sim) == a->demo.frames)
            note(a, "the recorded replay has ended");
        Uint64 r0 = SDL_GetPerformanceCounter();
        draw(a, running ? acc / GAME_DT : 1.0, fps, render_ms, present_ms);
        Uint64 r1 = SDL_GetPerformanceCounter();
        render_ms = (double)(r1 - r0) * 1000.0 / (double)freq;
        if (a->quit && o->screenshot) screenshot(a, o->screenshot);
        SDL_RenderPresent(a->renderer);
        present_ms = (double)(SDL_GetPerformanceCounter() - r1) * 1000.0 / (double)freq;
        Uint64 end = SDL_GetPerformanceCounter();
        double used = (double)(end - now) * 1000.0 / (double)freq;
        if (!a->vsync && used < frame_ms) SDL_Delay((Uint32)(frame_ms - used));
        fps = 0.9 * fps + 0.1 / fmax(dt, 1e-4);
    }
    if (a->s.sim && o->record) save_replay(a, o->record);
    if (a->s.sim && o->screenshot && strncmp(a->message, "screenshot failed", 17) == 0) {
        fprintf(stderr, "eddy-game: %s\n", a->message);
        code = EX_CANTCREAT;
    }
    if (a->s.sim && o->record && strncmp(a->message, "could not save", 14) == 0) code = EX_CANTCREAT;
    game_session_close(&a->s);
    game_replay_free(&a->demo);
    game_render_destroy(a->render);
    if (a->renderer) SDL_DestroyRenderer(a->renderer);
    if (a->window) SDL_DestroyWindow(a->window);
    for (int i = 0; a->titles && i < a->cat.count; i++) free(a->titles[i]);
    free(a->titles);
    free(a->results);
    free(a->menu);
    game_catalog_close(&a->cat);
    SDL_Quit();
    return code;
}
