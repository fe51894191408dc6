// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_game.c - eddy-game's frame budget (issue 12): the game's own work
 * per frame, everything but presenting it, for every level.
 *
 *   build/bench/bench_game [--frames N] [--level ID|N] [--size WxH] [--present]
 *                          [--quality 0..2] [--json]
 *
 * Each level plays its committed replay (assets/replays/ID.replay, or no
 * input when there is none) for N frames (default 1200, 20 s of game time)
 * at one physics step per frame, with dye, tracers and the HUD on, drawn at
 * 1280 x 800 like the window's default. Per frame it times:
 *   physics   game_sim_step (fluid, panels, forces, Box2D, goals)
 *   water     game_flow_step: the velocity sampled on the coarse grid, the
 *             dye advected, the tracers moved
 *   draw      game_render_frame: everything the window's frame does before
 *             SDL_RenderPresent
 * The drawing goes to SDL's software renderer (in a window of SDL's
 * offscreen video driver, which needs no display) with render batching
 * forced on, so the draw calls are queued as on the window's OpenGL renderer
 * and rasterised only at present, which is not counted (on a desktop the GPU
 * does it; under Xvfb llvmpipe does, in present). The first 60 frames warm
 * the text cache and are not counted. Medians and 95th percentiles of the
 * wall-clock time in ms, and the median of the thread's CPU time (on a busy
 * machine the wall clock also counts the time other programs took; the CPU
 * time is the game's own); the parts are wall-clock medians of their own.
 * The budget: at most 4 ms median on the sixth level, judged on the
 * CPU time (what the game itself spends; on an idle machine the wall clock
 * is the same).
 *
 * --present draws into a shown window on the display instead (under Xvfb:
 * Mesa's llvmpipe through SDL's OpenGL renderer, as the game's window gets
 * it) and times SDL_RenderPresent, "showing it" in the game's Tab table:
 * the wall clock, and the CPU time of every thread of the process over the
 * call, which counts llvmpipe's rasterising threads and is not inflated by
 * other programs. --quality draws at the reduced detail the game falls back
 * to when frames run long. */
#include "game_replay.h"
#include "game_session.h"
#ifndef EDDY_GAME_NO_SDL
#include "game_render.h"
#endif

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define WARMUP 60
#define BUDGET_MS 4.0

typedef struct options {
    long frames;
    const char *level;
    int width, height;
    int json;
    int present; /* --present: a real window on the display, present timed */
    int quality; /* --quality: the drawing's detail, 0 full .. 2 (game_render.h) */
} options;

#ifndef EDDY_GAME_NO_SDL

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* CPU time of this thread: what the frame cost the game itself, whatever
 * else the machine is running. */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* CPU time of the whole process, every thread: with --present it counts the
 * software rasteriser's worker threads too (Mesa's llvmpipe draws in
 * threads of its own), which a busy machine does not inflate. */
static double process_cpu_ms(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 +
           (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e-3;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double mean(const double *v, int n)
{
    double sum = 0;
    for (int k = 0; k < n; k++) sum += v[k];
    return n > 0 ? sum / n : 0;
}

static double quantile(double *v, int n, double q)
{
    if (n <= 0) return 0;
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    int k = (int)(q * (n - 1) + 0.5);
    return v[k];
}

enum { PART_TOTAL, PART_CPU, PART_PHYSICS, PART_WATER, PART_DRAW, PART_SAMPLE, PART_DYE, PART_TRACERS,
       PART_PRESENT, PART_PRESENT_CPU, PART_COUNT };

static const char *renderer_name(SDL_Renderer *r)
{
    SDL_RendererInfo info;
    return SDL_GetRendererInfo(r, &info) == 0 ? info.name : "?";
}

static int bench_level(const game_catalog *cat, int index, const options *o)
{
    game_session s;
    memset(&s, 0, sizeof s);
    s.index = -1;
    eddy_error err = {0};
    if (game_session_open(&s, cat, index, NULL, &err) != EDDY_OK) {
        fprintf(stderr, "bench_game: %s\n", err.message);
        return 1;
    }
    const game_level *L = game_sim_level(s.sim);
    char path[4200];
    snprintf(path, sizeof path, "%s/../replays/%s.replay", cat->levels_dir, L->id);
    game_replay replay = {0};
    bool have_replay = game_replay_load_file(path, &replay, NULL) == EDDY_OK;
    /* a window of SDL's offscreen driver, so that the renderer is made by
       SDL_CreateRenderer and honours the batching hint; with --present a
       shown window on the display and the renderer the game's window gets
       (without vsync, so that present is the drawing's own time) */
    SDL_Window *window = SDL_CreateWindow("bench", 0, 0, o->width, o->height,
                                          o->present ? SDL_WINDOW_SHOWN : SDL_WINDOW_HIDDEN);
    SDL_Renderer *renderer = window ? SDL_CreateRenderer(window, -1, o->present ? SDL_RENDERER_ACCELERATED
                                                                          : SDL_RENDERER_SOFTWARE)
                                    : NULL;
    if (!renderer && window && o->present) renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
    game_render *render = NULL;
    if (!renderer || game_render_create(renderer, o->width, o->height, &render, &err) != EDDY_OK) {
        fprintf(stderr, "bench_game: no software renderer: %s\n", renderer ? err.message : SDL_GetError());
        return 1;
    }
    long n = o->frames;
    double *t[PART_COUNT];
    for (int p = 0; p < PART_COUNT; p++) t[p] = calloc((size_t)n, sizeof(double));
    int next = 0, counted = 0;
    for (long f = 0; f < n + WARMUP; f++) {
        double t0 = now_ms(), c0 = cpu_ms();
        if (have_replay) game_replay_feed(&replay, s.sim, &next, NULL);
        if (game_session_step(&s, &err) != EDDY_OK) {
            fprintf(stderr, "bench_game: %s: %s\n", L->id, err.message);
            break;
        }
        double t1 = now_ms();
        game_frame_info fi;
        memset(&fi, 0, sizeof fi);
        fi.sim = s.sim;
        fi.flow = s.flow;
        fi.spray = &s.spray;
        fi.looks = &s.looks;
        fi.prev = s.prev, fi.cur = s.cur;
        fi.alpha = 0.5;
        fi.view.dye = fi.view.tracers = fi.view.hint = true;
        fi.hint = L->hint_count > 0 ? L->hints[L->hint_count - 1] : NULL; /* the longest line */
        fi.level_number = index + 1, fi.level_total = cat->count;
        fi.fps = 60;
        fi.started = true;
        fi.quality = o->quality;
        fi.clock_rate = 1;
        game_render_frame(render, &fi);
        double t2 = now_ms(), c2 = cpu_ms();
        double p2 = process_cpu_ms();
        SDL_RenderPresent(renderer); /* the rasterising: not the game's work */
        double t3 = now_ms(), p3 = process_cpu_ms();
        if (o->present) {
            SDL_Event e;
            while (SDL_PollEvent(&e)) continue;
        }
        if (f < WARMUP) continue;
        double sample, dye, tracers;
        game_flow_cost(s.flow, &sample, &dye, &tracers);
        game_step_timings st;
        game_sim_get_timings(s.sim, &st);
        t[PART_TOTAL][counted] = t2 - t0;
        t[PART_CPU][counted] = c2 - c0;
        t[PART_PHYSICS][counted] = st.step_ms;
        t[PART_WATER][counted] = sample + dye + tracers;
        t[PART_DRAW][counted] = t2 - t1;
        t[PART_SAMPLE][counted] = sample;
        t[PART_DYE][counted] = dye;
        t[PART_TRACERS][counted] = tracers;
        t[PART_PRESENT][counted] = t3 - t2;
        t[PART_PRESENT_CPU][counted] = p3 - p2;
        counted++;
    }
    double med[PART_COUNT], p95[PART_COUNT];
    for (int p = 0; p < PART_COUNT; p++) {
        med[p] = quantile(t[p], counted, 0.5);
        p95[p] = quantile(t[p], counted, 0.95);
    }
    if (o->json)
        printf("{\"bench\":\"game_frame\",\"level\":\"%s\",\"frames\":%d,\"size\":[%d,%d],"
               "\"median_ms\":{\"total\":%.3f,\"cpu\":%.3f,\"physics\":%.3f,\"water\":%.3f,"
               "\"draw\":%.3f,\"sample\":%.3f,\"dye\":%.3f,\"tracers\":%.3f},"
               "\"present\":%.3f},\"p95_ms\":{\"total\":%.3f,\"cpu\":%.3f,\"present\":%.3f}}\n",
               L->id, counted, o->width, o->height, med[PART_TOTAL], med[PART_CPU],
               med[PART_PHYSICS], med[PART_WATER], med[PART_DRAW], med[PART_SAMPLE], med[PART_DYE],
               med[PART_TRACERS], med[PART_PRESENT], p95[PART_TOTAL], p95[PART_CPU], p95[PART_PRESENT]);
    else
        printf("%-18s %7.2f %7.2f %7.2f   %7.2f %7.2f %7.2f   (%.2f sample, %.2f dye, %.2f tracers)\n",
               L->id, med[PART_TOTAL], p95[PART_TOTAL], med[PART_CPU], med[PART_PHYSICS],
               med[PART_WATER], med[PART_DRAW], med[PART_SAMPLE], med[PART_DYE], med[PART_TRACERS]);
    if (o->present && !o->json)
        printf("  showing it (SDL_RenderPresent on '%s'): median %.2f ms, p95 %.2f ms; CPU of every "
               "thread of the process %.2f ms (mean %.2f)\n",
               renderer_name(renderer), med[PART_PRESENT], p95[PART_PRESENT], med[PART_PRESENT_CPU],
               mean(t[PART_PRESENT_CPU], counted));
    if (index == 5 && !o->json)
        printf("  budget: level 6, the game's own work (CPU) median %.2f ms %s %.1f ms "
               "(wall clock %.2f ms)\n", med[PART_CPU], med[PART_CPU] <= BUDGET_MS ? "<=" : "> (OVER)",
               BUDGET_MS, med[PART_TOTAL]);
    for (int p = 0; p < PART_COUNT; p++) free(t[p]);
    game_render_destroy(render);
    SDL_DestroyRenderer(renderer);
    SDL_DestroyWindow(window);
    game_replay_free(&replay);
    game_session_close(&s);
    return 0;
}
#endif

int main(int argc, char **argv)
{
    options o = {1200, NULL, 1280, 800, 0, 0, 0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--json")) o.json = 1;
        else if (!strcmp(a, "--present")) o.present = 1;
        else if (!strcmp(a, "--quality") && v) o.quality = atoi(argv[++i]);
        else if (!strcmp(a, "--frames") && v) o.frames = atol(argv[++i]);
        else if (!strcmp(a, "--level") && v) o.level = argv[++i];
        else if (!strcmp(a, "--size") && v && sscanf(argv[++i], "%dx%d", &o.width, &o.height) == 2) continue;
        else {
            fprintf(stderr, "usage: bench_game [--frames N] [--level ID|N] [--size WxH] [--present] [--quality 0..2] [--json]\n");
            return 64;
        }
    }
    if (o.frames < 1 || o.width < 64 || o.height < 64 || o.quality < 0 || o.quality > 2) {
        fprintf(stderr, "bench_game: --frames must be >= 1, --size at least 64x64, --quality 0..2\n");
        return 64;
    }
#ifdef EDDY_GAME_NO_SDL
    printf("bench_game: skipped (eddy-game was built without SDL2)\n");
    return 0;
#else
    SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    if (!o.present) SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "bench_game: %s video driver: %s\n", o.present ? "the display's" : "SDL's offscreen",
                SDL_GetError());
        return 69;
    }
    game_catalog cat;
    game_catalog_open(&cat, NULL, NULL, argv[0]);
    if (cat.count == 0) {
        fprintf(stderr, "bench_game: no levels in %s\n", cat.levels_dir);
        return 66;
    }
    if (!o.json) {
        printf("eddy-game frame budget: the game's work per frame, everything but present, %dx%d,\n"
               "dye + tracers + HUD, each level's replay for %ld frames (ms)\n", o.width, o.height,
               o.frames);
        printf("%-18s %7s %7s %7s   %7s %7s %7s\n", "level", "median", "p95", "cpu", "physics",
               "water", "draw");
    }
    int rc = 0;
    for (int i = 0; i < cat.count && rc == 0; i++) {
        const char *base = strrchr(cat.paths[i], '/');
        base = base ? base + 1 : cat.paths[i];
        char num[16];
        snprintf(num, sizeof num, "%d", i + 1);
        if (o.level && strcmp(o.level, num) != 0 && strncmp(base, o.level, strlen(o.level)) != 0) continue;
        rc = bench_level(&cat, i, &o);
    }
    game_catalog_close(&cat);
    SDL_Quit();
    return rc;
#endif
}
