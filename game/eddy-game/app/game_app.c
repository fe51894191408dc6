// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_app.c - the window, the loop, the screens and the input mapping
 * (game_app.h).
 *
 * Screens: the title (over the first open level, which plays by itself),
 * the level select, and a level: its opening card (the clock waits for the
 * player), the play (the first level with its tutorial), the win or the
 * loss. Input never touches the simulation directly: it becomes commands
 * (game_sim.h) in world units, given just before a step, so whatever a
 * player does can be saved as a replay and played back bit for bit.
 */
#include "game_app.h"
#include "game_audio.h"
#include "game_hint.h"
#include "game_quality.h"
#include "game_progress.h"
#include "game_reload.h"
#include "game_render.h"
#include "game_replay.h"
#include "game_session.h"
#include "game_shot.h"
#include "game_sound.h"
#include "game_tutorial.h"
#include "kit_font.h"
#include "kit_path.h"
#include "kit_status.h"

#include <SDL.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sysexits.h>
#include <unistd.h>
#ifdef __EMSCRIPTEN__
#include <emscripten.h>
/* The page's side (platform/web/game_web.js, linked with --js-library). */
extern int eddy_web_fast(void);
extern void eddy_web_saved(void);
extern void eddy_web_report(const char *level, const char *status, double frame, const char *hash,
                            double finish, double step_ms, double draw_ms, double steps, int demo);
extern void eddy_web_exit(int code);
extern int eddy_web_fetch(const char *url, const char *path, const char *title, int shown,
                          char *why, int why_cap);
#endif

/* Catching up after a long frame: at most this much game time in one frame
 * (the clock runs in slow motion only when the physics itself cannot keep
 * up), and the steps of one frame stop once they took STEP_SHARE of the
 * frame (or 25 ms), so a slow machine does not spiral. */
#define CATCH_UP_SECONDS 0.25
#define MAX_STEPS_PER_FRAME 15
#define STEP_SHARE 0.5
/* Long frames lower the drawing's detail, quick ones raise it again
 * (game_quality.h). */
#define MESSAGE_SECONDS 4.0
#define STUCK_PAR 1.5         /* past this many times the par, "Stuck? I for a hint" */
#define TITLE_ITEMS 4

typedef struct app {
    const game_app_options *opt;
    SDL_Window *window;
    SDL_Renderer *renderer;
    bool vsync, fullscreen;
    char renderer_name[32];
    int pw, ph;                   /* output size in pixels */
    double dpi;                   /* pixels per window coordinate */
    game_render *render;
    game_catalog cat;
    char **titles;                /* per catalog entry */
    game_menu_entry *menu;
    game_progress progress;
    game_session s;               /* the level on screen */
    game_sound_watch *watch;
    game_tutorial tutorial;
    bool tutorial_on;
    game_audio *audio;
    game_replay demo;
    int demo_next;
    bool demo_on;
    game_view view;
    game_screen screen;
    bool in_level;                /* a level is being played (not the title's backdrop) */
    bool started, paused, step_once, quit;
    bool moving;                  /* the player's first move was made: the clock runs */
    bool asking_quit;             /* Q pressed in a level: a second Q (or Y) quits */
    game_hint hint;               /* the hints asked for (I) */
    double won_clock;             /* app clock of the win (the win card's animation) */
    game_reload *reload;          /* watches the level's files (edits seen live) */
    char level_tool[4096];        /* eddy-level, which rebuilds a changed level */
    char stale[700];              /* why the game still plays the level as it was before
                                     an edit that failed; "" when it plays the files */
    int title_sel, menu_sel;
    bool new_best;
    int stars_rung;               /* win screen: chimes rung for its stars */
    /* input */
    bool left_down, right_down, drag_paddle;
    double mouse[2], mouse_last[2], mouse_v[2];
    bool mouse_in;
    double paddle_goal[2];
    double paddle_sent_xy[2];
    int key_dir[4];               /* up, down, left, right held */
    game_quality quality;         /* of the drawing (game_frame_info) */
    double clock_rate;            /* game time over real time, smoothed */
    char message[600];
    double message_until, clock;
    long steps_total;
    char title_note[160];
    kit_status ending;            /* a failed --screenshot or --record (kit_status.h) */
    /* the loop's state between frames (frame() is one turn of it) */
    struct {
        Uint64 freq, last;
        double acc, fps, render_ms, present_ms, frame_ms;
        bool was_running;
        long idle_frames;
    } loop;
#ifdef __EMSCRIPTEN__
    game_app_options opt_kept;    /* the options, kept past main's return */
    bool web_fast;                /* the page asked for replays at full speed */
    double web_step_ms, web_draw_ms; /* sums, for the page's report */
    long web_steps, web_frames;
    int web_wait;                 /* 1 + the level whose asset the page fetches to open it */
    bool web_first;               /* the first screen waits for its level's asset */
#endif
} app;

/* ------------------------------------------------------------ helpers */

static void note(app *a, const char *text)
{
    snprintf(a->message, sizeof a->message, "%s", text);
    a->message_until = a->clock + MESSAGE_SECONDS;
}

static void with_synth(app *a, void (*fn)(game_synth *, void *), void *arg)
{
    game_synth *syn = game_audio_lock(a->audio);
    if (syn) fn(syn, arg);
    game_audio_unlock(a->audio);
}

static void synth_click(game_synth *s, void *arg) { (void)arg, game_synth_click(s); }
static void synth_hush(game_synth *s, void *arg) { (void)arg, game_synth_hush(s); }
static void synth_cues(game_synth *s, void *arg) { game_synth_cues(s, arg); }
static void synth_star(game_synth *s, void *arg) { game_synth_chime(s, 5 + *(int *)arg * 2, 0, 0.24); }
static void synth_mute(game_synth *s, void *arg) { game_synth_set_mute(s, *(bool *)arg); }

static void click(app *a) { with_synth(a, synth_click, NULL); }

/* Quitting: on the desktop the game ends; a page has nothing to end to (its
 * tab closes it), so there Quit goes back to the title, the level kept. */
static void go_title(app *a);
static void quit_game(app *a)
{
#ifdef __EMSCRIPTEN__
    bool titled = a->screen == GAME_SCREEN_TITLE;
    go_title(a);
    if (titled) note(a, "In a browser the game ends with its tab; your progress is saved.");
#else
    a->quit = true;
#endif
}

#ifdef __EMSCRIPTEN__
/* In a page only the first level's asset is packed (platform/web/web.mk);
 * the others are fetched when first opened (platform/web/game_web.js) into
 * the asset folder the catalogue reads. 0: level index's asset is there (or
 * it needs none); 1: it is coming (shown: the page says so); -1: the fetch
 * failed, why says how (a later call tries again). */
static int web_asset(const app *a, int index, bool shown, char *why, int cap)
{
    if (index < 0 || index >= a->cat.count) return 0;
    const char *base = strrchr(a->cat.paths[index], '/');
    base = base ? base + 1 : a->cat.paths[index];
    int n = (int)strlen(base);
    if (n > 5 && !strcmp(base + n - 5, ".json")) n -= 5;
    char path[PATH_MAX], url[PATH_MAX];
    snprintf(path, sizeof path, "%.3000s/levels/%.*s.eddy", a->cat.assets_dir, n, base);
    snprintf(url, sizeof url, "levels/%.*s.eddy", n, base);
    const char *title = a->titles && a->titles[index] ? a->titles[index] : base;
    return eddy_web_fetch(url, path, title, shown, why, cap);
}

/* The catalogue's index of a --level or replay's level (game_load_level's
 * rules), or -1: a file of its own or the built-in level, fetched by nobody. */
static int web_spec_index(const app *a, const char *spec)
{
    size_t n = strlen(spec);
    if (!strcmp(spec, "builtin") || strchr(spec, '/') || (n > 5 && !strcmp(spec + n - 5, ".json")))
        return -1;
    if (n > 0 && n < 6 && strspn(spec, "0123456789") == n) {
        int k = atoi(spec) - 1;
        return k >= 0 && k < a->cat.count ? k : -1;
    }
    return game_catalog_find(&a->cat, spec);
}

/* Whether level index can open now; else the page fetches its asset and
 * frame() opens it when it is there, or notes why it could not. */
static bool web_ready(app *a, int index)
{
    char why[300] = "";
    int st = web_asset(a, index, true, why, (int)sizeof why);
    a->web_wait = st == 1 ? index + 1 : 0;
    if (st < 0) {
        char s[600];
        snprintf(s, sizeof s, "Level '%.100s' could not be downloaded (%.300s). Choose it again to retry.",
                 a->titles && a->titles[index] ? a->titles[index] : "?", why);
        fprintf(stderr, "eddy-game: %s\n", s);
        note(a, s);
    }
    return st == 0;
}
#endif

/* In a browser the progress lives in IndexedDB (platform/web/shell.html
 * mounts it): a save is copied there at once. */
static void saved(void)
{
#ifdef __EMSCRIPTEN__
    eddy_web_saved();
#endif
}

static bool level_won(const app *a)
{
    return a->s.sim && game_sim_status(a->s.sim) == GAME_WON;
}

/* ------------------------------------------------------------ levels */

/* Fresh player state for the session's (re)started level. */
static void reset_play(app *a)
{
    a->paused = false;
    a->started = false;
    a->moving = a->demo_on;
    a->asking_quit = false;
    game_hint_reset(&a->hint);
    a->won_clock = 0;
    a->drag_paddle = false;
    game_sim_paddle_target(a->s.sim, a->paddle_goal);
    a->paddle_sent_xy[0] = a->paddle_sent_xy[1] = NAN;
    a->demo_next = 0;
    a->message_until = 0;
    a->new_best = false;
    a->stars_rung = 0;
    game_sound_watch_destroy(a->watch);
    a->watch = NULL;
    if (game_sound_watch_create(a->s.sim, &a->watch, NULL) != EDDY_OK) a->watch = NULL;
    /* the first level of the list teaches the game */
    a->tutorial_on = a->s.index == 0 && !a->demo_on;
    if (a->tutorial_on) game_tutorial_start(&a->tutorial, a->s.loaded.level);
    with_synth(a, synth_hush, NULL);
}

static eddy_result restart(app *a, eddy_error *err)
{
    eddy_result rc = game_session_restart(&a->s, err);
    if (rc == EDDY_OK) reset_play(a);
    return rc;
}

/* A tutorial card is up (the first level, playing, not paused). */
static bool card_up(const app *a)
{
    return a->tutorial_on && a->started && !a->paused && !a->demo_on &&
           game_sim_status(a->s.sim) == GAME_PLAYING && game_tutorial_text(&a->tutorial);
}

/* Watches the open level's file and painted modes (game_reload.h); the
 * built-in level has no file. */
static void watch_level(app *a, int index, const char *spec)
{
    game_reload_destroy(a->reload);
    a->reload = NULL;
    a->stale[0] = '\0';
#ifdef __EMSCRIPTEN__
    (void)index, (void)spec;
    return; /* a browser has no builder to run: levels play as they were packed */
#endif
    /* a file given by --level is watched as itself, in the catalogue or not (issue 30) */
    size_t n = spec ? strlen(spec) : 0;
    bool file = spec && (strchr(spec, '/') || (n > 5 && !strcmp(spec + n - 5, ".json")));
    const char *path = file ? spec : a->s.index >= 0 ? a->cat.paths[a->s.index]
                     : !spec && index >= 0 && index < a->cat.count ? a->cat.paths[index] : NULL;
    if (!path || !strcmp(a->s.loaded.level->id, "builtin") || access(path, R_OK) != 0) return;
    if (!a->level_tool[0]) game_reload_find_tool(a->level_tool, sizeof a->level_tool);
    if (game_reload_create(path, a->cat.assets_dir, a->level_tool, &a->reload, NULL) != EDDY_OK)
        a->reload = NULL;
}

static eddy_result open_level(app *a, int index, const char *spec, eddy_error *err)
{
    eddy_result rc = game_session_open(&a->s, &a->cat, index, spec, err);
    if (rc != EDDY_OK) return rc;
    watch_level(a, index, spec);
    reset_play(a);
    return rc;
}

/* Plays level index: its opening card first. */
static void play_level(app *a, int index)
{
    if (a->cat.count == 0) index = -1;
#ifdef __EMSCRIPTEN__
    if (!web_ready(a, index)) return;
#endif
    eddy_error err = {0};
    a->demo_on = false;
    if (open_level(a, index, NULL, &err) != EDDY_OK) {
        fprintf(stderr, "eddy-game: %s\n", err.message);
        note(a, err.message);
        if (!a->s.sim) a->quit = true;
        return;
    }
    a->screen = GAME_SCREEN_PLAY;
    a->in_level = true;
    a->message_until = 0;
}

/* N and B: the next or previous level, if it is open. */
static void step_level(app *a, int delta)
{
    if (a->cat.count == 0) return;
    int k = a->s.index + delta;
    if (k < 0 || k >= a->cat.count) return;
    if (!game_progress_unlocked(&a->progress, k)) {
        note(a, "That level opens when you win this one.");
        return;
    }
    play_level(a, k);
}

static void load_titles(app *a)
{
    int n = a->cat.count;
    a->titles = calloc((size_t)n + 1, sizeof *a->titles);
    a->menu = calloc((size_t)n + 1, sizeof *a->menu);
    if (!a->titles || !a->menu) return;
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

/* The title's backdrop: the first open level playing by itself. */
static void start_backdrop(app *a)
{
    int k = a->cat.count > 0 ? game_progress_next(&a->progress) : -1;
#ifdef __EMSCRIPTEN__
    /* not fetched yet: the (packed) first level plays while it comes */
    char why[8];
    if (k > 0 && web_asset(a, k, false, why, (int)sizeof why) != 0) k = 0;
#endif
    eddy_error err = {0};
    if (open_level(a, k, NULL, &err) != EDDY_OK && !a->s.sim) {
        fprintf(stderr, "eddy-game: %s\n", err.message);
        a->quit = true;
        return;
    }
    a->in_level = false;
    a->tutorial_on = false;
    a->started = a->moving = true;
}

/* What the backdrop does: every current on, and a slow stir round the tank. */
static void backdrop_commands(app *a)
{
    const game_level *L = game_sim_level(a->s.sim);
    long f = game_sim_frame(a->s.sim);
    eddy_error err = {0};
    if (f == 0)
        for (int j = 0; j < L->jet_count; j++) {
            game_cmd c = {GAME_CMD_JET, j, {1, 0, 0, 0}};
            game_sim_command(a->s.sim, &c, &err);
        }
    if (L->stir.enabled && f % 240 < 60) {
        double t = f * GAME_DT * 0.5;
        double x = L->asset.width * (0.5 + 0.3 * cos(t)), y = L->asset.height * (0.5 + 0.3 * sin(t));
        game_cmd c = {GAME_CMD_STIR, 0, {x, y, -1.5 * sin(t), 1.5 * cos(t)}};
        game_sim_command(a->s.sim, &c, &err);
    }
}

/* ------------------------------------------------------------ commands */

static void command(app *a, const game_cmd *c)
{
    eddy_error err = {0};
    if (game_sim_command(a->s.sim, c, &err) != EDDY_OK) note(a, err.message);
    else if (c->type != GAME_CMD_FEEDBACK) a->moving = true; /* the clock starts */
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
    static const char *const words[] = {"", "exactly", "through a tree of regions",
                                        "on the grid", "not at all"};
    int m = game_sim_feedback(a->s.sim) + 1;
    if (m > EDDY_FEEDBACK_OFF) m = EDDY_FEEDBACK_EXACT;
    game_cmd c = {GAME_CMD_FEEDBACK, m, {0}};
    command(a, &c);
    char s[120];
    snprintf(s, sizeof s, "Moving objects now push the water back %s.", words[m]);
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
    /* a key across the track still answers: up and right go towards the
       track's second end, down and left towards its first */
    if (fabs(along) < 0.2) along = dir[0] + dir[1];
    if (along == 0) return;
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

static void won_now(app *a)
{
    if (a->demo_on || !a->in_level || a->s.index < 0) return;
    a->new_best = game_progress_record(&a->progress, a->s.index, game_sim_stars(a->s.sim),
                                       game_sim_finish_time(a->s.sim));
    eddy_error err = {0};
    if (game_progress_save(&a->progress, &err) != EDDY_OK)
        fprintf(stderr, "eddy-game: could not save the progress: %s\n", err.message);
    else
        saved();
}

static void one_step(app *a)
{
    eddy_error err = {0};
    if (a->demo_on) {
        if (game_replay_feed(&a->demo, a->s.sim, &a->demo_next, &err) != EDDY_OK) note(a, err.message);
    } else if (!a->in_level) {
        backdrop_commands(a);
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
#ifdef __EMSCRIPTEN__
    game_step_timings t;
    game_sim_get_timings(a->s.sim, &t);
    a->web_step_ms += t.step_ms;
    a->web_steps++;
#endif
    if (a->watch) {
        game_sound_cues cues;
        game_sound_watch_step(a->watch, a->s.sim, &cues);
        if (!a->in_level) { /* the backdrop is quieter, and wins nothing */
            cues.water *= 0.6;
            cues.splash_count = cues.chimes = 0;
            cues.won = cues.lost = false;
        }
        with_synth(a, synth_cues, &cues);
    }
    if (before == GAME_PLAYING && level_won(a)) {
        a->won_clock = a->clock;
        won_now(a);
    }
}

/* The win screen's stars each ring as they come. */
static void ring_stars(app *a)
{
    if (!level_won(a) || a->screen != GAME_SCREEN_PLAY) return;
    double t = a->clock - a->won_clock;
    int shown = game_render_stars_shown(t, game_sim_stars(a->s.sim));
    while (a->stars_rung < shown) {
        with_synth(a, synth_star, &a->stars_rung);
        a->stars_rung++;
    }
}

/* ------------------------------------------------------------ saving */

/* True when the replay was saved. */
static bool save_replay(app *a, const char *path)
{
    char auto_path[1024];
    if (!path) {
        if (!game_data_file("replays", game_sim_level(a->s.sim)->id, "replay", auto_path, sizeof auto_path)) {
            note(a, "could not save the replay: no data directory (set HOME or XDG_DATA_HOME)");
            return false;
        }
        path = auto_path;
    }
    game_replay r;
    eddy_error err = {0};
    eddy_result rc = game_replay_from_sim(a->s.sim, &r, &err);
    if (rc == EDDY_OK) rc = game_replay_save_file(&r, path, &err);
    game_replay_free(&r);
    char s[256];
    if (rc == EDDY_OK) saved();
    if (rc == EDDY_OK)
        snprintf(s, sizeof s, "Saved the replay: %.200s", path);
    else
        snprintf(s, sizeof s, "could not save the replay: %.200s", err.message);
    note(a, s);
    if (rc != EDDY_OK) fprintf(stderr, "eddy-game: %s\n", s);
    return rc == EDDY_OK;
}

/* True when the picture was saved. */
static bool screenshot(app *a, const char *path)
{
    char auto_path[1024];
    if (!path) {
        if (!game_data_file("screenshots", "eddy", "png", auto_path, sizeof auto_path)) {
            note(a, "screenshot failed: no data directory (set HOME or XDG_DATA_HOME)");
            return false;
        }
        path = auto_path;
    }
    eddy_error err = {0};
    char s[256];
    bool saved = game_save_renderer_png(a->renderer, a->pw, a->ph, path, &err) == EDDY_OK;
    if (saved)
        snprintf(s, sizeof s, "Saved the picture: %.200s", path);
    else
        snprintf(s, sizeof s, "screenshot failed: %.200s", err.message);
    note(a, s);
    return saved;
}

/* ------------------------------------------------------------ screens */

/* M and the menu's sound item. Without an audio device there is nothing to
 * switch: the game says so and saves nothing (issue 31). */
static void set_mute(app *a, bool muted)
{
    if (!a->audio) {
        note(a, "No sound device: the game is silent, and M has nothing to switch.");
        return;
    }
    a->progress.muted = muted;
    with_synth(a, synth_mute, &muted);
    eddy_error err = {0};
    if (game_progress_save(&a->progress, &err) != EDDY_OK)
        fprintf(stderr, "eddy-game: could not save the settings: %s\n", err.message);
    else
        saved();
    note(a, muted ? "Sound off (M turns it on)." : "Sound on.");
}

static void go_title(app *a)
{
    a->message_until = 0; /* a note belongs to the screen it was made on */
    a->asking_quit = false;
    a->screen = GAME_SCREEN_TITLE;
    a->title_sel = 0;
    a->view.help = false;
}

static void go_levels(app *a)
{
    a->message_until = 0;
    a->screen = GAME_SCREEN_LEVELS;
    a->menu_sel = a->s.index >= 0 ? a->s.index : game_progress_next(&a->progress);
    a->view.help = false;
}

/* The menu resumes a level being played; after a win it offers the next
 * level (the one after the level won, else the first not yet won). */
static bool resumable(const app *a) { return a->in_level && !level_won(a); }

static int level_to_play(const app *a)
{
    if (a->cat.count == 0) return -1;
    if (a->in_level && level_won(a) && a->s.index >= 0 && a->s.index + 1 < a->cat.count)
        return a->s.index + 1;
    return game_progress_next(&a->progress);
}

static void title_items(const app *a, const char *items[TITLE_ITEMS])
{
    items[0] = resumable(a) ? "Continue" : "Play";
    items[1] = "Levels";
    items[2] = !a->audio ? "Sound: no device" : a->progress.muted ? "Sound: off" : "Sound: on";
    items[3] = "Quit";
}

static void title_activate(app *a, int k)
{
    click(a);
    switch (k) {
    case 0:
        if (resumable(a)) a->screen = GAME_SCREEN_PLAY;
        else play_level(a, level_to_play(a));
        break;
    case 1: go_levels(a); break;
    case 2: set_mute(a, !a->progress.muted); break;
    default: quit_game(a); break;
    }
}

static void levels_activate(app *a, int k)
{
    if (k < 0 || k >= a->cat.count) return;
    if (!game_progress_unlocked(&a->progress, k)) {
        note(a, "Locked: win the level before it to open it (or press U to open every level).");
        return;
    }
    click(a);
    play_level(a, k);
}

static void unlock_all(app *a)
{
    a->progress.unlock_all = true;
    eddy_error err = {0};
    if (game_progress_save(&a->progress, &err) != EDDY_OK)
        fprintf(stderr, "eddy-game: could not save the progress: %s\n", err.message);
    else
        saved();
    note(a, "Every level is open now.");
}

/* The player starts the level: the clock runs from here. */
static void start(app *a)
{
    if (a->started) return;
    a->started = true;
    /* the tutorial's first card is read from now on (the window's clock) */
    if (a->tutorial_on) a->tutorial.shown_at = a->tutorial.now = a->clock;
    click(a);
}

/* ------------------------------------------------------------ events */

static void set_mouse(app *a, int wx, int wy)
{
    int px = (int)(wx * a->dpi), py = (int)(wy * a->dpi);
    game_render_to_world(a->render, px, py, a->mouse);
    a->mouse_in = game_render_in_tank(a->render, px, py);
    if (a->screen != GAME_SCREEN_PLAY) {
        int k = game_render_list_hit(a->render, px, py);
        if (k >= 0 && a->screen == GAME_SCREEN_TITLE) a->title_sel = k;
        if (k >= 0 && a->screen == GAME_SCREEN_LEVELS) a->menu_sel = k;
    }
}

/* Distance from the mouse to the paddle's track (m). */
static double track_distance(app *a)
{
    const game_level *L = game_sim_level(a->s.sim);
    const double *p0 = L->paddle.track[0], *p1 = L->paddle.track[1];
    double ex = p1[0] - p0[0], ey = p1[1] - p0[1], len2 = ex * ex + ey * ey;
    double t = len2 > 0 ? ((a->mouse[0] - p0[0]) * ex + (a->mouse[1] - p0[1]) * ey) / len2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(a->mouse[0] - p0[0] - t * ex, a->mouse[1] - p0[1] - t * ey);
}

/* The left button takes the paddle when it goes down on the paddle or close
 * to its dashed track (the paddle then slides to the mouse along it). */
static bool near_paddle(app *a)
{
    eddy_body *p = game_sim_paddle(a->s.sim);
    if (!p) return false;
    if (track_distance(a) < 0.35) return true;
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

static void toggle_fullscreen(app *a)
{
    a->fullscreen = !a->fullscreen;
    SDL_SetWindowFullscreen(a->window, a->fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
}

static bool keys_everywhere(app *a, SDL_Keycode k)
{
    switch (k) {
    case SDLK_m: set_mute(a, !a->progress.muted); return true;
    case SDLK_F11: toggle_fullscreen(a); return true;
    case SDLK_F12: screenshot(a, NULL); return true;
    case SDLK_q:
        /* in a level Q asks first: a second Q quits */
        if (a->screen == GAME_SCREEN_PLAY && a->in_level && !a->asking_quit) {
            a->asking_quit = true;
#ifdef __EMSCRIPTEN__
            note(a, "Back to the title? Press Q again, any other key to go on.");
#else
            note(a, "Quit the game? Press Q again to quit, any other key to go on.");
#endif
        } else {
            quit_game(a);
        }
        return true;
    default: return false;
    }
}

static void key_title(app *a, SDL_Keycode k)
{
    if (k == SDLK_UP || k == SDLK_w) a->title_sel = (a->title_sel + TITLE_ITEMS - 1) % TITLE_ITEMS, click(a);
    else if (k == SDLK_DOWN || k == SDLK_s) a->title_sel = (a->title_sel + 1) % TITLE_ITEMS, click(a);
    else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) title_activate(a, a->title_sel);
    else if (k == SDLK_ESCAPE) {
        if (a->in_level) a->screen = GAME_SCREEN_PLAY;
        else quit_game(a);
    }
}

static void key_levels(app *a, SDL_Keycode k)
{
    int n = a->cat.count;
    if (k == SDLK_ESCAPE) go_title(a);
    else if ((k == SDLK_UP || k == SDLK_w) && n) a->menu_sel = (a->menu_sel + n - 1) % n, click(a);
    else if ((k == SDLK_DOWN || k == SDLK_s) && n) a->menu_sel = (a->menu_sel + 1) % n, click(a);
    else if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_SPACE) levels_activate(a, a->menu_sel);
    else if (k >= SDLK_1 && k <= SDLK_9 && k - SDLK_1 < n) levels_activate(a, (int)(k - SDLK_1));
    else if (k == SDLK_u) unlock_all(a);
}

static void key_play(app *a, SDL_Keycode k, bool repeat)
{
    if (a->view.help && (k == SDLK_ESCAPE || k == SDLK_h || k == SDLK_F1)) {
        a->view.help = false;
        return;
    }
    bool playing = a->started && !a->demo_on && game_sim_status(a->s.sim) == GAME_PLAYING;
    switch (k) {
    case SDLK_ESCAPE: go_title(a); break;
    case SDLK_h:
    case SDLK_F1: a->view.help = !a->view.help; break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        if (!a->started) start(a);
        else if (card_up(a)) game_tutorial_next(&a->tutorial, a->clock);
        else if (level_won(a) && !a->demo_on) {
            if (a->s.index >= 0 && a->s.index + 1 < a->cat.count) play_level(a, a->s.index + 1);
            else go_levels(a);
        }
        break;
    case SDLK_p:
    case SDLK_SPACE:
        if (!a->started) start(a);
        else if (k == SDLK_SPACE && card_up(a)) { /* Space on a card goes on, never pauses */
            if (!repeat) game_tutorial_next(&a->tutorial, a->clock);
        } else if (!repeat) a->paused = !a->paused;
        break;
    case SDLK_PERIOD: a->step_once = a->started; break;
    case SDLK_r: {
        eddy_error err = {0};
        a->demo_on = false;
        a->in_level = true;
        if (restart(a, &err) != EDDY_OK) note(a, err.message);
        break;
    }
    case SDLK_i:
        if (game_hint_press(&a->hint, game_sim_level(a->s.sim), a->clock)) {
            a->message_until = 0;
        } else {
            note(a, "This level has no hint: try what the currents and the paddle do.");
        }
        break;
    case SDLK_n: step_level(a, 1); break;
    case SDLK_b: step_level(a, -1); break;
    case SDLK_k: a->view.dye = !a->view.dye; break;
    case SDLK_t: a->view.tracers = !a->view.tracers; break;
    case SDLK_v: a->view.arrows = !a->view.arrows; break;
    case SDLK_F2: a->view.panels = !a->view.panels; break;
    case SDLK_F3:
        a->view.quadtree = !a->view.quadtree;
        if (a->view.quadtree && game_sim_feedback(a->s.sim) != EDDY_FEEDBACK_QUADTREE)
            note(a, "The regions show while moving objects push the water through a tree of them (F).");
        break;
    case SDLK_F4: a->view.samples = !a->view.samples; break;
    case SDLK_TAB: a->view.timings = !a->view.timings; break;
    case SDLK_f:
        if (playing && !repeat) cycle_feedback(a);
        break;
    case SDLK_F9: save_replay(a, NULL); break;
    case SDLK_w:
    case SDLK_UP: a->key_dir[0] = 1; break;
    case SDLK_s:
    case SDLK_DOWN: a->key_dir[1] = 1; break;
    case SDLK_a:
    case SDLK_LEFT: a->key_dir[2] = 1; break;
    case SDLK_d:
    case SDLK_RIGHT: a->key_dir[3] = 1; break;
    default:
        if (!repeat && !a->demo_on && a->started && game_sim_status(a->s.sim) == GAME_PLAYING) {
            if (k >= SDLK_1 && k <= SDLK_9) toggle_jet(a, '1' + (int)(k - SDLK_1));
            if (k >= SDLK_KP_1 && k <= SDLK_KP_9) toggle_jet(a, '1' + (int)(k - SDLK_KP_1));
        }
        break;
    }
}

static void key_down(app *a, SDL_Keycode k, bool repeat)
{
    if (a->asking_quit && k != SDLK_q) {
        a->asking_quit = false;
        a->message_until = 0;
        if (k != SDLK_y) return; /* the key only answered the question */
        quit_game(a);
        return;
    }
    if (keys_everywhere(a, k)) return;
    if (a->screen == GAME_SCREEN_TITLE) key_title(a, k);
    else if (a->screen == GAME_SCREEN_LEVELS) key_levels(a, k);
    else key_play(a, k, repeat);
}

static void key_up(app *a, SDL_Keycode k)
{
    if (k == SDLK_w || k == SDLK_UP) a->key_dir[0] = 0;
    if (k == SDLK_s || k == SDLK_DOWN) a->key_dir[1] = 0;
    if (k == SDLK_a || k == SDLK_LEFT) a->key_dir[2] = 0;
    if (k == SDLK_d || k == SDLK_RIGHT) a->key_dir[3] = 0;
}

static void mouse_down(app *a, const SDL_MouseButtonEvent *b)
{
    set_mouse(a, b->x, b->y);
    int px = (int)(b->x * a->dpi), py = (int)(b->y * a->dpi);
    if (a->screen == GAME_SCREEN_TITLE) {
        int k = game_render_list_hit(a->render, px, py);
        if (k >= 0 && b->button == SDL_BUTTON_LEFT) title_activate(a, k);
        return;
    }
    if (a->screen == GAME_SCREEN_LEVELS) {
        int k = game_render_list_hit(a->render, px, py);
        if (k >= 0 && b->button == SDL_BUTTON_LEFT) levels_activate(a, k);
        return;
    }
    if (!a->started && !a->demo_on) { /* a click starts the level; it does not stir */
        start(a);
        return;
    }
    if (b->button == SDL_BUTTON_LEFT && card_up(a) && game_tutorial_waits_key(&a->tutorial)) {
        game_tutorial_next(&a->tutorial, a->clock); /* a card that asks only to be read */
        return;
    }
    if (b->button == SDL_BUTTON_LEFT) {
        a->left_down = true;
        a->drag_paddle = !a->demo_on && near_paddle(a);
        a->paddle_sent_xy[0] = a->paddle_sent_xy[1] = NAN;
    }
    if (b->button == SDL_BUTTON_RIGHT) a->right_down = true;
    memcpy(a->mouse_last, a->mouse, sizeof a->mouse);
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
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
            memset(a->key_dir, 0, sizeof a->key_dir);
            a->left_down = a->right_down = a->drag_paddle = false;
        }
        break;
    case SDL_KEYDOWN: key_down(a, e->key.keysym.sym, e->key.repeat != 0); break;
    case SDL_KEYUP: key_up(a, e->key.keysym.sym); break;
    case SDL_MOUSEMOTION: set_mouse(a, e->motion.x, e->motion.y); break;
    case SDL_MOUSEBUTTONDOWN: mouse_down(a, &e->button); break;
    case SDL_MOUSEBUTTONUP:
        if (e->button.button == SDL_BUTTON_LEFT) a->left_down = false, a->drag_paddle = false;
        if (e->button.button == SDL_BUTTON_RIGHT) a->right_down = false;
        break;
    default: break;
    }
}

/* ------------------------------------------------------------ the loop */

/* Every level of the list won (the last level's win card then says so). */
static bool all_done(const app *a)
{
    if (a->cat.count == 0) return false;
    for (int i = 0; i < a->cat.count; i++)
        if (a->progress.stars[i] <= 0) return false;
    return true;
}

static void draw(app *a, double alpha, double fps, double render_ms, double present_ms)
{
    game_frame_info f;
    memset(&f, 0, sizeof f);
    f.sim = a->s.sim;
    f.flow = a->s.flow;
    f.spray = &a->s.spray;
    f.looks = &a->s.looks;
    f.prev = a->s.prev, f.cur = a->s.cur;
    f.alpha = alpha;
    f.view = a->view;
    f.screen = a->screen;
    f.started = a->started;
    f.waiting = a->started && !a->moving && !a->demo_on && a->in_level &&
                game_sim_status(a->s.sim) == GAME_PLAYING;
    f.win_time = a->clock - a->won_clock;
    f.all_done = all_done(a);
    f.hint = game_hint_text(&a->hint, game_sim_level(a->s.sim), a->clock);
    f.hint_more = game_hint_more(&a->hint, game_sim_level(a->s.sim));
    f.view.hint = f.hint != NULL;
    f.stuck = a->in_level && !a->demo_on && game_sim_status(a->s.sim) == GAME_PLAYING &&
              game_sim_time(a->s.sim) > STUCK_PAR * game_sim_level(a->s.sim)->par && !f.hint;
    f.paused = a->paused;
    f.demo = a->demo_on;
    f.level_number = a->s.index >= 0 ? a->s.index + 1 : 0;
    f.level_total = a->cat.count;
    f.tutorial = a->tutorial_on && a->started ? game_tutorial_text(&a->tutorial) : NULL;
    f.tutorial_key = f.tutorial && game_tutorial_waits_key(&a->tutorial);
    f.new_best = a->new_best;
    f.last_level = a->s.index >= 0 && a->s.index == a->cat.count - 1;
    f.muted = a->progress.muted;
    f.silent = a->audio == NULL;
    f.clock = a->clock;
    f.fps = fps;
    f.render_ms = render_ms;
    f.present_ms = present_ms;
    f.quality = a->quality.level;
    f.clock_rate = a->clock_rate;
    f.renderer = a->renderer_name;
    game_flow_cost(a->s.flow, &f.flow_ms[0], &f.flow_ms[1], &f.flow_ms[2]);
    memcpy(f.mouse, a->mouse, sizeof f.mouse);
    f.mouse_in_tank = a->mouse_in;
    f.stirring = !a->demo_on && (a->right_down || (a->left_down && !a->drag_paddle));
    f.dragging_paddle = a->drag_paddle;
    f.message = a->clock < a->message_until ? a->message : NULL;
    f.stale = a->in_level && a->stale[0] ? a->stale : NULL;
    const char *items[TITLE_ITEMS];
    title_items(a, items);
    f.title_count = TITLE_ITEMS;
    f.title_selected = a->title_sel;
    f.title_items = items;
    if (resumable(a))
        snprintf(a->title_note, sizeof a->title_note, "Continue: %s", game_sim_level(a->s.sim)->title);
    else if (a->cat.count > 0) {
        int k = level_to_play(a);
        snprintf(a->title_note, sizeof a->title_note, "Play: level %d, %s", k + 1,
                 a->titles && a->titles[k] ? a->titles[k] : "");
    } else
        snprintf(a->title_note, sizeof a->title_note, "Play: the practice tank");
    f.title_note = f.message && a->screen != GAME_SCREEN_PLAY ? f.message : a->title_note;
    if (a->menu) {
        for (int i = 0; i < a->cat.count; i++) {
            a->menu[i].title = a->titles[i] ? a->titles[i] : "?";
            a->menu[i].stars = a->progress.stars[i];
            a->menu[i].best = a->progress.best[i];
            a->menu[i].locked = !game_progress_unlocked(&a->progress, i);
        }
        f.menu_count = a->cat.count;
        f.menu_selected = a->menu_sel;
        f.menu_entries = a->menu;
    }
    game_render_frame(a->render, &f);
}

/* SDL falls back to its offscreen or dummy video driver when there is no
 * display: a window there is shown nowhere, so that is no display, unless
 * the user asked for that driver by name (SDL_VIDEODRIVER). */
static bool real_display(void)
{
    const char *drv = SDL_GetCurrentVideoDriver();
    if (!drv) return false;
    if (strcmp(drv, "offscreen") != 0 && strcmp(drv, "dummy") != 0 && strcmp(drv, "evdev") != 0)
        return true;
    const char *asked = getenv("SDL_VIDEODRIVER");
    return asked && strcmp(asked, drv) == 0;
}

#ifndef __EMSCRIPTEN__
static bool env_set(const char *name)
{
    const char *v = getenv(name);
    return v && *v;
}
#endif

static int open_window(app *a)
{
    /* Without DISPLAY or WAYLAND_DISPLAY only a console display (KMS/DRM) can
       be there: ask SDL for that alone, so no other driver probes (and
       prints) in vain, and none falls back to drawing offscreen. */
#ifdef __EMSCRIPTEN__
    bool vars = true; /* a browser's canvas is the display */
#else
    bool vars = env_set("DISPLAY") || env_set("WAYLAND_DISPLAY") || env_set("SDL_VIDEODRIVER");
    if (!vars) SDL_SetHint(SDL_HINT_VIDEODRIVER, "kmsdrm");
#endif
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        if (vars)
            fprintf(stderr, "eddy-game: no display: %s (on a machine without one, use --headless)\n",
                    SDL_GetError());
        else
            fprintf(stderr, "eddy-game: no display (DISPLAY and WAYLAND_DISPLAY are not set and "
                    "there is no console display): use --headless\n");
        return EX_UNAVAILABLE;
    }
    if (!real_display()) {
        fprintf(stderr, "eddy-game: no display (SDL found only its '%s' video driver): use "
                "--headless\n", SDL_GetCurrentVideoDriver() ? SDL_GetCurrentVideoDriver() : "none");
        return EX_UNAVAILABLE;
    }
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    a->fullscreen = a->opt->fullscreen;
    if (a->fullscreen) flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
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
        fprintf(stderr, "eddy-game: warning: no font found (%s): the game runs without text\n",
                KIT_FONT_HELP);
    return EX_OK;
}

static int open_first(app *a, const char *spec);

/* The level the window starts on: a replay's, a named one, or the title. */
static int first_screen(app *a)
{
    const game_app_options *o = a->opt;
    eddy_error err = {0};
    if (o->demo) {
        eddy_result rc = game_replay_load_file(o->demo, &a->demo, &err);
        if (rc != EDDY_OK) {
            fprintf(stderr, "eddy-game: --demo: %s\n", err.message);
            return rc == EDDY_ERR_IO ? EX_NOINPUT : EX_DATAERR;
        }
    }
    const char *spec = o->level ? o->level : (o->demo && a->demo.level_id[0] ? a->demo.level_id : NULL);
    if (!spec) {
        start_backdrop(a);
        a->screen = GAME_SCREEN_TITLE;
        return a->s.sim ? EX_OK : EX_DATAERR;
    }
#ifdef __EMSCRIPTEN__
    /* the level's asset is fetched first: web_frame opens it when it came */
    char why[8];
    if (web_asset(a, web_spec_index(a, spec), true, why, (int)sizeof why) != 0) {
        a->web_first = true;
        return EX_OK;
    }
#endif
    return open_first(a, spec);
}

/* The named level (first_screen): a replay's must be the level it names. */
static int open_first(app *a, const char *spec)
{
    const game_app_options *o = a->opt;
    eddy_error err = {0};
    a->demo_on = o->demo != NULL;
    eddy_result rc = open_level(a, 0, spec, &err);
    if (rc != EDDY_OK) {
        fprintf(stderr, "eddy-game: %s\n", err.message);
        return rc == EDDY_ERR_IO ? EX_NOINPUT : rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_DATAERR;
    }
    if (o->demo && strcmp(a->demo.level_id, game_sim_level(a->s.sim)->id) != 0) {
        fprintf(stderr, "eddy-game: --demo %s: recorded on level '%s', not '%s'\n", o->demo,
                a->demo.level_id, game_sim_level(a->s.sim)->id);
        return EX_DATAERR;
    }
    a->screen = GAME_SCREEN_PLAY;
    a->in_level = true;
    a->started = a->demo_on; /* a replay runs at once */
    if (a->cat.count == 0) note(a, "No level files were found: this is the practice tank (see --levels).");
    return EX_OK;
}

/* text with every "from" replaced by "to", in place (cap bytes). */
static void replace_all(char *text, size_t cap, const char *from, const char *to)
{
    size_t nf = strlen(from);
    if (!nf || !strcmp(from, to)) return;
    char out[700];
    size_t o = 0;
    for (const char *p = text; *p && o + 1 < sizeof out;) {
        if (!strncmp(p, from, nf)) {
            o += (size_t)snprintf(out + o, sizeof out - o, "%s", to);
            if (o >= sizeof out) o = sizeof out - 1;
            p += nf;
        } else {
            out[o++] = *p++;
        }
    }
    out[o] = '\0';
    snprintf(text, cap, "%s", out);
}

/* The level's files failed to build or load: the game goes on with the
 * level as it was, and a banner says so until a good edit replaces it,
 * naming the cause and the files as the designer knows them. */
static void mark_stale(app *a, const char *cause)
{
    char msg[700], level[PATH_MAX], modes[PATH_MAX], raw_modes[PATH_MAX];
    snprintf(msg, sizeof msg, "%s", cause);
    const char *path = a->s.index >= 0 && a->s.index < a->cat.count ? a->cat.paths[a->s.index] : NULL;
    if (path) {
        kit_designer_path(path, level, sizeof level);
        replace_all(msg, sizeof msg, path, level);
    }
    kit_designer_path(a->cat.assets_dir, modes, sizeof modes);
    snprintf(raw_modes, sizeof raw_modes, "%.4000s/", a->cat.assets_dir);
    if (strlen(modes) + 1 < sizeof modes) strcat(modes, "/");
    replace_all(msg, sizeof msg, raw_modes, modes);
    bool named = !path || strstr(msg, level);
    snprintf(a->stale, sizeof a->stale, "Still playing the level as it was: %.200s%s%.450s",
             named ? "" : level, named ? "" : ": ", msg);
    fprintf(stderr, "eddy-game: %s\n", a->stale);
}

/* A level rebuilt after its files changed takes the place of the one being
 * played: it starts again at once (no card), with the currents that were
 * on switched on again, so the designer sees the change within seconds. */
static void adopt_reload(app *a)
{
    game_loaded ld;
    eddy_error err = {0};
    char s[600];
    if (game_reload_take(a->reload, &ld, &err) != EDDY_OK) {
        snprintf(s, sizeof s, "The changed level was not loaded: %.500s", err.message);
        mark_stale(a, s);
        return;
    }
    const game_level *old = game_sim_level(a->s.sim);
    bool on[GAME_MAX_JETS] = {false};
    int jets = old->jet_count;
    for (int j = 0; j < jets; j++) on[j] = game_sim_jet_on(a->s.sim, j);
    bool started = a->started, moving = a->moving;
    if (game_session_adopt(&a->s, &ld, &err) != EDDY_OK) {
        mark_stale(a, err.message);
        a->quit = !a->s.sim;
        return;
    }
    a->stale[0] = '\0';
    reset_play(a);
    a->started = started;
    const game_level *L = game_sim_level(a->s.sim);
    for (int j = 0; j < jets && j < L->jet_count && started; j++)
        if (on[j] && !L->jets[j].on) {
            game_cmd c = {GAME_CMD_JET, j, {1, 0, 0, 0}};
            command(a, &c);
        }
    a->moving = a->moving || moving;
    snprintf(s, sizeof s, "The level changed: rebuilt in %.1f s and started again.",
             game_reload_build_seconds(a->reload));
    note(a, s);
}

static void poll_reload(app *a)
{
    if (a->reload && (!a->in_level || a->demo_on)) game_reload_stop(a->reload); /* reaped now */
    if (!a->reload || !a->in_level || a->demo_on) return;
    char s[600];
    switch (game_reload_poll(a->reload, a->clock)) {
    case GAME_RELOAD_READY: adopt_reload(a); break;
    case GAME_RELOAD_FAILED:
        snprintf(s, sizeof s, "the changed level did not build: %.500s", game_reload_message(a->reload));
        mark_stale(a, s);
        break;
    case GAME_RELOAD_BUILDING:
        if (a->clock >= a->message_until) note(a, "The level's files changed: rebuilding it...");
        break;
    default: break;
    }
}

static void loop_start(app *a)
{
    a->loop.freq = SDL_GetPerformanceFrequency();
    a->loop.last = SDL_GetPerformanceCounter();
    a->loop.acc = 0;
    a->loop.fps = 60;
    a->loop.render_ms = a->loop.present_ms = 0;
    a->loop.frame_ms = 1000.0 / 60;
    a->loop.was_running = false;
    a->loop.idle_frames = 0;
}

/* One frame: the events, the steps its time allows, the drawing. The
 * desktop calls it in a loop (run_loop), a browser once per animation
 * frame (game_app_run). False when the game ends. */
static bool frame(app *a)
{
    const game_app_options *o = a->opt;
    Uint64 freq = a->loop.freq;
    if (a->quit) return false;
    SDL_Event e;
    while (SDL_PollEvent(&e)) handle(a, &e);
    if (a->quit || !a->s.sim) return false;
    poll_reload(a);
    if (a->quit || !a->s.sim) return false;
#ifdef __EMSCRIPTEN__
    if (a->web_wait) play_level(a, a->web_wait - 1); /* opens once its asset came */
#endif
    Uint64 now = SDL_GetPerformanceCounter();
    double dt = (double)(now - a->loop.last) / (double)freq;
    a->loop.last = now;
    if (dt > 0.25) dt = 0.25;
#ifdef __EMSCRIPTEN__
    /* the page's check plays a replay as fast as the steps go */
    if (a->web_fast && a->demo_on) dt = CATCH_UP_SECONDS;
#endif
    a->clock += dt;
    /* mouse velocity over the frame drives the stirring */
    double mv[2] = {(a->mouse[0] - a->mouse_last[0]) / fmax(dt, 1e-3),
                    (a->mouse[1] - a->mouse_last[1]) / fmax(dt, 1e-3)};
    a->mouse_v[0] = 0.5 * a->mouse_v[0] + 0.5 * mv[0];
    a->mouse_v[1] = 0.5 * a->mouse_v[1] + 0.5 * mv[1];
    memcpy(a->mouse_last, a->mouse, sizeof a->mouse);
    /* the backdrop plays behind the title and the level select; a level
       runs once started, unless paused or under the help */
    /* a level waits for the player's first move (its clock with it), and
       stands still behind the win card: the goals keep what they hold */
    bool frozen = a->in_level && game_sim_status(a->s.sim) != GAME_PLAYING;
    if (a->screen == GAME_SCREEN_PLAY && a->started && !a->moving && !a->demo_on &&
        a->mouse_in && (a->right_down || a->left_down))
        a->moving = true; /* a stir or a paddle drag: this step carries it */
    if (a->screen == GAME_SCREEN_PLAY && a->started && !a->moving && !a->demo_on &&
        (a->key_dir[0] || a->key_dir[1] || a->key_dir[2] || a->key_dir[3]) &&
        game_sim_level(a->s.sim)->paddle.present)
        a->moving = true;
    if (a->tutorial_on && a->started) game_tutorial_update(&a->tutorial, a->s.sim, a->clock);
    bool running = a->screen == GAME_SCREEN_PLAY
                       ? a->started && a->moving && !a->paused && !a->view.help && !frozen
                       : !a->in_level;
    if (!running && a->loop.was_running) with_synth(a, synth_hush, NULL);
    a->loop.was_running = running;
    if (running) a->loop.acc += dt;
    int steps = 0;
    double budget_ms = fmax(25.0, STEP_SHARE * dt * 1000.0);
    while (running && a->loop.acc >= GAME_DT && steps < MAX_STEPS_PER_FRAME) {
        one_step(a);
        a->loop.acc -= GAME_DT;
        steps++;
        if (o->frames >= 0 && a->steps_total >= o->frames) a->quit = true;
        if ((double)(SDL_GetPerformanceCounter() - now) * 1000.0 / (double)freq > budget_ms) break;
    }
    if (a->loop.acc > CATCH_UP_SECONDS) a->loop.acc = 0; /* too slow even so: let time slip */
    if (running && dt > 0)
        a->clock_rate = 0.95 * a->clock_rate + 0.05 * fmin(2.0, steps * GAME_DT / dt);
    /* --frames while nothing steps (a level's card, a menu over a level):
       frames drawn count instead */
    if (!running && o->frames >= 0 && ++a->loop.idle_frames >= o->frames) a->quit = true;
    if (!running && a->step_once && a->screen == GAME_SCREEN_PLAY) {
        one_step(a);
        a->loop.acc = 0;
    }
    a->step_once = false;
    ring_stars(a);
    if (a->demo_on && a->demo_next >= a->demo.count && game_sim_frame(a->s.sim) == a->demo.frames)
        note(a, "The recorded game has ended: R plays the level yourself.");
    Uint64 r0 = SDL_GetPerformanceCounter();
    draw(a, running ? a->loop.acc / GAME_DT : 1.0, a->loop.fps, a->loop.render_ms,
         a->loop.present_ms);
    Uint64 r1 = SDL_GetPerformanceCounter();
    a->loop.render_ms = (double)(r1 - r0) * 1000.0 / (double)freq;
    if (a->quit && o->screenshot && !screenshot(a, o->screenshot)) {
        fprintf(stderr, "eddy-game: %s\n", a->message);
        a->ending = kit_status_keep(a->ending, KIT_CANT_WRITE);
    }
    SDL_RenderPresent(a->renderer);
    a->loop.present_ms = (double)(SDL_GetPerformanceCounter() - r1) * 1000.0 / (double)freq;
    Uint64 end = SDL_GetPerformanceCounter();
    double used = (double)(end - now) * 1000.0 / (double)freq;
    game_quality_update(&a->quality, dt, used); /* work_ms: the frame without the wait */
#ifndef __EMSCRIPTEN__
    /* a browser paces the frames itself (requestAnimationFrame) */
    if (!a->vsync && used < a->loop.frame_ms) SDL_Delay((Uint32)(a->loop.frame_ms - used));
#else
    a->web_draw_ms += a->loop.render_ms;
    a->web_frames++;
#endif
    a->loop.fps = 0.9 * a->loop.fps + 0.1 / fmax(dt, 1e-4);
    return true;
}

#ifndef __EMSCRIPTEN__
static void run_loop(app *a)
{
    loop_start(a);
    while (frame(a)) {
    }
}
#endif

/* The window, the catalogue, the progress, the sound and the first screen. */
static int app_open(app *a)
{
    const game_app_options *o = a->opt;
    a->clock_rate = 1.0;
    a->view.dye = a->view.tracers = true;
    if (o->show) {
        char bad[48];
        if (!game_view_parse(o->show, &a->view, bad, sizeof bad)) {
            fprintf(stderr, "eddy-game: --show: unknown overlay '%s' (%s)\n", bad, GAME_VIEW_NAMES);
            return EX_USAGE;
        }
    }
    a->s.index = -1;
    a->s.pool = o->pool; /* --workers (game_pool.h) */
    int code = open_window(a);
    if (code == EX_OK) {
        game_catalog_open(&a->cat, o->levels_dir, o->assets_dir, o->argv0);
        load_titles(a);
        eddy_error err = {0};
        if (game_progress_open(&a->progress, &a->cat, NULL, &err) != EDDY_OK) {
            fprintf(stderr, "eddy-game: %s\n", err.message);
            code = EX_OSERR;
        }
        if (o->unlock_all) a->progress.unlock_all = true;
    }
    if (code == EX_OK) {
        char why[256];
        a->audio = game_audio_open(a->progress.muted, why, sizeof why);
        code = first_screen(a);
    }
    return code;
}

/* What the end of the game saves, and everything it frees; returns the
 * exit code. */
static int app_close(app *a, int code)
{
    const game_app_options *o = a->opt;
    if (a->s.sim && o->record && !save_replay(a, o->record))
        a->ending = kit_status_keep(a->ending, KIT_CANT_WRITE);
    if (a->ending != KIT_DONE) code = kit_exit_code(a->ending);
    game_audio_close(a->audio);
    game_reload_destroy(a->reload);
    game_sound_watch_destroy(a->watch);
    game_session_close(&a->s);
    game_replay_free(&a->demo);
    game_render_destroy(a->render);
    if (a->renderer) SDL_DestroyRenderer(a->renderer);
    if (a->window) SDL_DestroyWindow(a->window);
    for (int i = 0; a->titles && i < a->cat.count; i++) free(a->titles[i]);
    free(a->titles);
    free(a->menu);
    game_progress_close(&a->progress);
    game_catalog_close(&a->cat);
    SDL_Quit();
    return code;
}

#ifdef __EMSCRIPTEN__
/* What the page shows and its check reads (platform/web/shell.html): the
 * level, its frame, state and hash (game_sim_hash, as the headless game
 * prints it), the time of the win or loss, the mean step and drawing times. */
static void web_report(const app *a)
{
    static const char *const STATUS[] = {"playing", "won", "lost"};
    const char *level = a->s.sim ? game_sim_level(a->s.sim)->id : "";
    const char *status = !a->s.sim ? "none" : !a->in_level ? "title"
                                            : STATUS[game_sim_status(a->s.sim)];
    double step = a->web_steps > 0 ? a->web_step_ms / (double)a->web_steps : 0;
    double draw_ms = a->web_frames > 0 ? a->web_draw_ms / (double)a->web_frames : 0;
    long f = a->s.sim ? game_sim_frame(a->s.sim) : 0;
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, a->s.sim ? game_sim_hash(a->s.sim) : 0);
    double finish = a->s.sim && game_sim_status(a->s.sim) != GAME_PLAYING
                        ? game_sim_finish_time(a->s.sim) : -1;
    eddy_web_report(level, status, (double)f, hash, finish, step, draw_ms, (double)a->web_steps,
                    a->demo_on);
}

/* One animation frame of the page; at the end, the game closes as on the
 * desktop and tells the page its exit code. */
static void web_frame(void *arg)
{
    app *a = arg;
    int code = EX_OK;
    if (a->web_first) { /* the first level's asset is on its way (first_screen) */
        const char *spec = a->opt->level ? a->opt->level : a->demo.level_id;
        char why[300] = "";
        int st = web_asset(a, web_spec_index(a, spec), true, why, (int)sizeof why);
        if (st == 1) return;
        a->web_first = false;
        if (st == 0) {
            code = open_first(a, spec);
            loop_start(a);
        } else {
            fprintf(stderr, "eddy-game: level %s: its asset could not be downloaded: %s\n", spec, why);
            code = EX_UNAVAILABLE;
        }
    }
    if (code == EX_OK && frame(a)) {
        web_report(a);
        return;
    }
    emscripten_cancel_main_loop();
    code = app_close(a, code);
    eddy_web_exit(code);
}
#endif

int game_app_run(const game_app_options *o)
{
    static app A;
    app *a = &A;
    memset(a, 0, sizeof *a);
    a->opt = o;
#ifdef __EMSCRIPTEN__
    a->opt_kept = *o;
    a->opt = &a->opt_kept;
    a->web_fast = eddy_web_fast() != 0;
    int code = app_open(a);
    if (code != EX_OK) {
        code = app_close(a, code);
        eddy_web_exit(code);
        return code;
    }
    loop_start(a);
    /* the browser calls web_frame at each animation frame; main does not
       return (its stack, and the options' strings in it, stay) */
    emscripten_set_main_loop_arg(web_frame, a, 0, 1);
    return EX_OK;
#else
    int code = app_open(a);
    if (code == EX_OK) run_loop(a);
    return app_close(a, code);
#endif
}
