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
 * the frame boundary where it polls. */
#include "game_reload.h"
#include "kit_path.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

extern char **environ;

typedef struct stamp {
    long long mtime_ns, size;
    bool exists;
} stamp;

struct game_reload {
    char level[PATH_MAX], modes[PATH_MAX], tool[PATH_MAX];
    char dir[PATH_MAX];                  /* private (mkdtemp), holds the two below */
    char out[PATH_MAX], log[PATH_MAX];   /* the child's output and stderr */
    int watched;                         /* 1 + the level's paint names */
    char files[1 + GAME_MAX_PAINT][PATH_MAX];
    stamp seen[1 + GAME_MAX_PAINT];      /* as last built (or at the start) */
    stamp now[1 + GAME_MAX_PAINT];
    double last_look, changed_at;        /* clock */
    bool dirty;                          /* a change not built yet */
    pid_t child;                         /* 0: none */
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

static stamp stamp_of(const char *path)
{
    struct stat st;
    stamp s = {0, 0, false};
    if (stat(path, &st) == 0) {
        s.exists = true;
        s.size = (long long)st.st_size;
        s.mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
    }
    return s;
}

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
    kit_beside_program("eddy-level", out, cap);
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
    const char *tmp = getenv("TMPDIR");
    tmp = tmp && *tmp && strlen(tmp) < 3000 ? tmp : "/tmp";
    snprintf(r->dir, sizeof r->dir, "%s/eddy-game-XXXXXX", tmp);
    if (!mkdtemp(r->dir)) {
        eddy_result rc = game_error(err, EDDY_ERR_IO, "reload: cannot make a private directory "
                                    "in %s: %s", tmp, strerror(errno));
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
    if (r->child <= 0) return;
    kill(r->child, SIGTERM);
    while (waitpid(r->child, NULL, 0) < 0 && errno == EINTR) {}
    r->child = 0;
    r->dirty = true; /* the files still differ from what was last built */
    r->pending = GAME_RELOAD_WATCHING;
}

/* Empties and removes the private directory: the output, the log and
 * whatever a killed build left (its temporary file). Only this process's
 * own directory is read, so no entry can be another user's. */
static void remove_dir(game_reload *r)
{
    DIR *d = opendir(r->dir);
    if (d) {
        int fd = dirfd(d);
        for (struct dirent *e; (e = readdir(d)) != NULL;)
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) unlinkat(fd, e->d_name, 0);
        closedir(d);
    }
    rmdir(r->dir);
}

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
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, r->log,
                                     O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
    char *argv[] = {r->tool, "build", r->level, "--modes", r->modes, "-o", r->out, NULL};
    pid_t pid = 0;
    int rc = strchr(r->tool, '/') ? posix_spawn(&pid, r->tool, &fa, NULL, argv, environ)
                                  : posix_spawnp(&pid, r->tool, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    r->dirty = false;
    memcpy(r->seen, r->now, sizeof r->seen);
    if (rc != 0) {
        snprintf(r->message, sizeof r->message, "cannot run %.300s: %s", r->tool, strerror(rc));
        r->pending = GAME_RELOAD_FAILED;
        return;
    }
    r->child = pid;
    r->build_started = now;
}

/* The first line the tool wrote on stderr, without its "eddy-level: ". */
static void read_complaint(game_reload *r, int status)
{
    char line[400] = "";
    int fd = open(r->log, O_RDONLY | O_NOFOLLOW);
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (!f && fd >= 0) close(fd);
    if (f) {
        if (!fgets(line, sizeof line, f)) line[0] = '\0';
        fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    const char *text = strncmp(line, "eddy-level: ", 12) == 0 ? line + 12 : line;
    if (*text)
        snprintf(r->message, sizeof r->message, "%s", text);
    else if (WIFEXITED(status))
        snprintf(r->message, sizeof r->message, "%.300s exited with code %d", r->tool, WEXITSTATUS(status));
    else
        snprintf(r->message, sizeof r->message, "%.300s stopped by a signal", r->tool);
}

static void reap(game_reload *r, double now)
{
    int status = 0;
    pid_t w = waitpid(r->child, &status, WNOHANG);
    if (w == 0) return;
    r->child = 0;
    r->build_seconds = now - r->build_started;
    if (w < 0) {
        snprintf(r->message, sizeof r->message, "lost the build process: %s", strerror(errno));
        r->pending = GAME_RELOAD_FAILED;
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        start_load(r); /* READY once it is loaded */
    } else {
        read_complaint(r, status);
        r->pending = GAME_RELOAD_FAILED;
    }
}

game_reload_state game_reload_poll(game_reload *r, double now)
{
    if (r->child > 0) reap(r, now);
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
    if (r->dirty && r->child == 0 && !r->loading && now - r->changed_at >= GAME_RELOAD_SETTLE)
        start_build(r, now);
    if (r->pending != GAME_RELOAD_WATCHING) { /* could not start */
        game_reload_state s = r->pending;
        r->pending = GAME_RELOAD_WATCHING;
        return s;
    }
    return r->child > 0 ? GAME_RELOAD_BUILDING : GAME_RELOAD_WATCHING;
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
