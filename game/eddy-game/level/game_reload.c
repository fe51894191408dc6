// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_reload.c - rebuilding a level's asset in a child process when its
 * files change (game_reload.h).
 *
 * The child's output and log live in a directory of the game's own, made by
 * mkdtemp (mode 0700) under $TMPDIR or /tmp: no other user can create, link
 * or rename anything in it, so nothing the game writes there can be a link
 * someone planted (issue 30: the old names $TMPDIR/eddy-game-PID-N.eddy and
 * .log were predictable, and a second user's symlinks made the game
 * overwrite and truncate that user's victim's files). The directory goes
 * when the watch does.
 *
 * Loading the new level and asset (and checking one against the other) is
 * done on a thread of its own once the build has exited, so a large asset
 * never stalls a frame (issue 30): the poll says BUILDING until the load is
 * done, and READY hands over what was loaded, which the game swaps in at
 * the frame boundary where it polls.
 *
 * What POSIX and Windows do differently (the private directory, file times,
 * the child process: posix_spawn or CreateProcessW) is game_child.c's. */
#include "game_reload.h"
#include "game_child.h"
#include "kit_path.h"

#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

typedef game_stamp stamp;

struct game_reload {
    char level[PATH_MAX], modes[PATH_MAX], tool[PATH_MAX];
    char dir[PATH_MAX];                  /* private (game_private_dir), holds the two below */
    char out[PATH_MAX], log[PATH_MAX];   /* the child's output and stderr */
    int watched;                         /* 1 + the level's paint names */
    char files[1 + GAME_MAX_PAINT][PATH_MAX];
    stamp seen[1 + GAME_MAX_PAINT];      /* as last built (or at the start) */
    stamp now[1 + GAME_MAX_PAINT];
    double last_look, changed_at;        /* clock */
    bool dirty;                          /* a change not built yet */
    game_child child;                    /* id 0: none */
    double build_started, build_seconds;
    game_reload_state pending;           /* READY or FAILED to report */
    char message[512];
    /* the load after a build: on the loader thread while loading */
    game_reload_loader loader;
    void *loader_user;
    bool loading, threaded, discard;     /* discard: the player left, drop what it loads */
    pthread_t thread;
    atomic_bool loaded;                  /* the thread is done with the fields below */
    eddy_result load_rc;
    game_loaded result;                  /* READY: what game_reload_take hands over */
    bool have_result;
    char load_message[512];
};

static stamp stamp_of(const char *path) { return game_file_stamp(path); }

static bool same(stamp a, stamp b)
{
    return a.exists == b.exists && a.size == b.size && a.mtime_ns == b.mtime_ns;
}

/* The files: the level, then MODES/NAME.mode for each painted mode the
 * level lists now (a level that does not parse keeps the list it had). */
static void list_files(game_reload *r)
{
    game_level *L = NULL;
    snprintf(r->files[0], sizeof r->files[0], "%s", r->level);
    if (game_level_load_file(r->level, &L, NULL) != EDDY_OK) {
        if (r->watched < 1) r->watched = 1;
        return;
    }
    r->watched = 1;
    for (int i = 0; i < L->asset.paint_count; i++, r->watched++)
        snprintf(r->files[r->watched], sizeof r->files[0], "%.4000s/%.63s.mode", r->modes, L->asset.paint[i]);
    game_level_destroy(L);
}

static void look(game_reload *r, stamp *into)
{
    for (int k = 0; k < r->watched; k++) into[k] = stamp_of(r->files[k]);
}

/* The level and the asset the build wrote, checked one against the other;
 * the asset file is removed whatever the outcome. */
static eddy_result load_built(const char *level, const char *asset, game_loaded *out,
                              eddy_error *err, void *user)
{
    (void)user;
    memset(out, 0, sizeof *out);
    eddy_result rc = game_level_load_file(level, &out->level, err);
    if (rc == EDDY_OK) rc = eddy_asset_load_file(asset, &out->asset, err);
    if (rc == EDDY_OK) rc = game_level_check_asset(out->level, out->asset, err);
    unlink(asset);
    if (rc != EDDY_OK) game_loaded_free(out);
    return rc;
}

/* The loader thread's whole work: it reads only r->level and r->out, which
 * the main thread leaves alone while loading, and writes only the result
 * fields, which the main thread reads after the join. */
static void *load_task(void *arg)
{
    game_reload *r = arg;
    eddy_error err = {0};
    r->load_rc = r->loader(r->level, r->out, &r->result, &err, r->loader_user);
    snprintf(r->load_message, sizeof r->load_message, "%s",
             err.message[0] ? err.message : "the new asset was refused");
    atomic_store_explicit(&r->loaded, true, memory_order_release);
    return NULL;
}

static void start_load(game_reload *r)
{
    r->loading = true, r->discard = false, r->have_result = false;
    atomic_store_explicit(&r->loaded, false, memory_order_relaxed);
    r->threaded = pthread_create(&r->thread, NULL, load_task, r) == 0;
    if (!r->threaded) load_task(r); /* no thread to be had: load here, as before */
}

/* After the load: its outcome to report, or nothing when it was discarded. */
static void finish_load(game_reload *r)
{
    if (r->threaded) pthread_join(r->thread, NULL);
    r->loading = r->threaded = false;
    if (r->discard) {
        if (r->load_rc == EDDY_OK) game_loaded_free(&r->result);
        r->discard = false;
        return;
    }
    if (r->load_rc == EDDY_OK) {
        r->have_result = true;
        r->pending = GAME_RELOAD_READY;
    } else {
        snprintf(r->message, sizeof r->message, "%s", r->load_message);
        r->pending = GAME_RELOAD_FAILED;
    }
}

void game_reload_set_loader(game_reload *r, game_reload_loader loader, void *user)
{
    if (!r || r->loading) return;
    r->loader = loader ? loader : load_built;
    r->loader_user = user;
}

void game_reload_find_tool(char *out, size_t cap)
{
    kit_beside_program(GAME_LEVEL_TOOL, out, cap);
}

eddy_result game_reload_create(const char *level_path, const char *modes_dir, const char *tool,
                               game_reload **out, eddy_error *err)
{
    *out = NULL;
    if (!level_path || !modes_dir || !tool)
        return game_error(err, EDDY_ERR_ARGUMENT, "reload: NULL argument");
    game_reload *r = calloc(1, sizeof *r);
    if (!r) return game_error(err, EDDY_ERR_MEMORY, "reload: out of memory");
    snprintf(r->level, sizeof r->level, "%s", level_path);
    snprintf(r->modes, sizeof r->modes, "%s", modes_dir);
    snprintf(r->tool, sizeof r->tool, "%s", tool);
    char why[400];
    if (!game_private_dir(r->dir, sizeof r->dir, why, sizeof why)) {
        eddy_result rc = game_error(err, EDDY_ERR_IO, "reload: %s", why);
        free(r);
        return rc;
    }
    snprintf(r->out, sizeof r->out, "%.4000s/level.eddy", r->dir);
    snprintf(r->log, sizeof r->log, "%.4000s/build.log", r->dir);
    r->loader = load_built;
    atomic_init(&r->loaded, false);
    list_files(r);
    look(r, r->seen);
    *out = r;
    return EDDY_OK;
}

/* Kills a running build and waits for it; its change is built again later. */
void game_reload_stop(game_reload *r)
{
    if (!r) return;
    if (r->loading || r->have_result) { /* what it loads or loaded is dropped, unwaited */
        r->discard = r->loading;
        if (r->have_result) game_loaded_free(&r->result);
        r->have_result = false;
        r->dirty = true;
        r->pending = GAME_RELOAD_WATCHING;
    }
    if (r->child.id == 0) return;
    game_child_stop(&r->child);
    r->dirty = true; /* the files still differ from what was last built */
    r->pending = GAME_RELOAD_WATCHING;
}

/* Empties and removes the private directory: the output, the log and
 * whatever a killed build left (its temporary file). */
static void remove_dir(game_reload *r) { game_private_dir_remove(r->dir); }

void game_reload_destroy(game_reload *r)
{
    if (!r) return;
    game_reload_stop(r);
    if (r->loading) finish_load(r); /* the thread must be done before r goes */
    remove_dir(r);
    free(r);
}

const char *game_reload_directory(const game_reload *r) { return r->dir; }

static void start_build(game_reload *r, double now)
{
    unlink(r->out);
    char *argv[] = {r->tool, "build", r->level, "--modes", r->modes, "-o", r->out, NULL};
    bool started = game_child_start(&r->child, argv, r->log, r->message, sizeof r->message);
    r->dirty = false;
    memcpy(r->seen, r->now, sizeof r->seen);
    if (!started) {
        r->pending = GAME_RELOAD_FAILED;
        return;
    }
    r->build_started = now;
}

/* The first line the tool wrote on stderr, without its "eddy-level: ". */
static void read_complaint(game_reload *r, game_child_state how, int code)
{
    char line[400] = "";
    FILE *f = game_open_log(r->log);
    if (f) {
        if (!fgets(line, sizeof line, f)) line[0] = '\0';
        fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    const char *text = strncmp(line, "eddy-level: ", 12) == 0 ? line + 12 : line;
    if (*text)
        snprintf(r->message, sizeof r->message, "%s", text);
    else if (how == GAME_CHILD_EXITED)
        snprintf(r->message, sizeof r->message, "%.300s exited with code %d", r->tool, code);
    else
        snprintf(r->message, sizeof r->message, "%.300s stopped by a signal", r->tool);
}

static void reap(game_reload *r, double now)
{
    int code = 0;
    game_child_state how = game_child_poll(&r->child, &code);
    if (how == GAME_CHILD_RUNNING) return;
    r->build_seconds = now - r->build_started;
    if (how == GAME_CHILD_LOST) {
        snprintf(r->message, sizeof r->message, "lost the build process");
        r->pending = GAME_RELOAD_FAILED;
    } else if (how == GAME_CHILD_EXITED && code == 0) {
        start_load(r); /* READY once it is loaded */
    } else {
        read_complaint(r, how, code);
        r->pending = GAME_RELOAD_FAILED;
    }
}

game_reload_state game_reload_poll(game_reload *r, double now)
{
    if (r->child.id != 0) reap(r, now);
    if (r->loading) {
        if (!atomic_load_explicit(&r->loaded, memory_order_acquire)) return GAME_RELOAD_BUILDING;
        finish_load(r);
    }
    if (r->pending != GAME_RELOAD_WATCHING) {
        game_reload_state s = r->pending;
        r->pending = GAME_RELOAD_WATCHING;
        return s;
    }
    if (now - r->last_look >= GAME_RELOAD_POLL || r->dirty) {
        r->last_look = now;
        stamp was[1 + GAME_MAX_PAINT];
        memcpy(was, r->now, sizeof was);
        if (!same(stamp_of(r->level), was[0])) list_files(r); /* its paint list may be new */
        look(r, r->now);
        bool moved = false, differs = false;
        for (int k = 0; k < r->watched; k++) {
            moved = moved || !same(was[k], r->now[k]);
            differs = differs || !same(r->seen[k], r->now[k]);
        }
        if (moved) r->changed_at = now;
        if (differs && !r->dirty) {
            r->dirty = true;
            r->changed_at = now;
        }
    }
    if (r->dirty && r->child.id == 0 && !r->loading && now - r->changed_at >= GAME_RELOAD_SETTLE)
        start_build(r, now);
    if (r->pending != GAME_RELOAD_WATCHING) { /* could not start */
        game_reload_state s = r->pending;
        r->pending = GAME_RELOAD_WATCHING;
        return s;
    }
    return r->child.id != 0 ? GAME_RELOAD_BUILDING : GAME_RELOAD_WATCHING;
}

eddy_result game_reload_take(game_reload *r, game_loaded *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    if (!r->have_result)
        return game_error(err, EDDY_ERR_ARGUMENT, "reload: nothing loaded to take (poll said "
                          "READY?)");
    *out = r->result;
    memset(&r->result, 0, sizeof r->result);
    r->have_result = false;
    return EDDY_OK;
}

const char *game_reload_message(const game_reload *r) { return r->message; }
double game_reload_build_seconds(const game_reload *r) { return r->build_seconds; }
