// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * reload_seam.c - the game's live rebuild through its process seam
 * (game/eddy-game/level/game_child.c), for `make check-windows`, which runs
 * it under wine64 with the cross-built eddy-level.exe as the child:
 *
 *   reload_seam DIR TOOL MODES
 *
 * DIR: an empty scratch folder; TOOL: eddy-level; MODES: a folder holding
 * check.mode (a painted mode file). Against a level in DIR it checks, with
 * the game's own game_reload.c:
 *   1. the watch makes a private folder, and an untouched level builds nothing;
 *   2. a changed level (a plain box: closed-form, no builder needed) is
 *      rebuilt by the child, its exit code 0 read, and the new level handed
 *      over;
 *   3. a level the tool refuses fails with the tool's first line of
 *      complaint: a broken file ("JSON"), and a level with a painted mode,
 *      which needs the builder (without it, "no builder"; with it, it builds);
 *   4. a build stopped while it runs is killed and reaped, and built again;
 *   5. the private folder is gone with the watch.
 * One line per step on stdout; exit 1 at the first failure.
 */
#include "game_reload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
static void nap(void) { Sleep(10); }
#else
#include <time.h>
static void nap(void)
{
    struct timespec ten_ms = {0, 10000000};
    nanosleep(&ten_ms, NULL);
}
#endif

static int failed(const char *what, const char *detail)
{
    printf("reload_seam: FAILED: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    return 1;
}

/* Polls until READY or FAILED, or until `seconds` of its own clock pass
 * (10 ms a turn, so a slow machine only slows it). */
static game_reload_state wait_for(game_reload *r, double *clock, double seconds)
{
    for (double end = *clock + seconds; *clock < end; *clock += 0.01) {
        game_reload_state s = game_reload_poll(r, *clock);
        if (s == GAME_RELOAD_READY || s == GAME_RELOAD_FAILED) return s;
        nap();
    }
    return GAME_RELOAD_WATCHING;
}

static void write_level(const char *path, const char *title, double x, const char *paint)
{
    FILE *f = fopen(path, "w");
    if (!f) return;
    fprintf(f, "{ \"title\": \"%s\", \"asset\": { \"domain\": [8, 6], \"grid\": [32, 24], "
               "\"modes\": 12%s%s%s }, \"par\": 10, \"gravity\": [0, 0],\n"
               "  \"bodies\": [ { \"name\": \"b\", \"shape\": \"circle\", \"radius\": 0.3, "
               "\"x\": %g, \"y\": 3 } ],\n"
               "  \"goals\": [ { \"rect\": [6, 2, 7.5, 4], \"bodies\": [\"b\"] } ] }\n",
            title, paint ? ", \"paint\": [\"" : "", paint ? paint : "", paint ? "\"]" : "", x);
    fclose(f);
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: reload_seam DIR TOOL MODES\n");
        return 64;
    }
    char level[1024];
    snprintf(level, sizeof level, "%s/live.json", argv[1]);
    write_level(level, "Before", 2, NULL);
    game_reload *r = NULL;
    eddy_error err = {0};
    if (game_reload_create(level, argv[3], argv[2], &r, &err) != EDDY_OK)
        return failed("game_reload_create", err.message);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s", game_reload_directory(r));
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) return failed("no private folder", dir);
    double clock = 0;
    if (wait_for(r, &clock, 1.0) != GAME_RELOAD_WATCHING) return failed("a build of nothing", NULL);
    printf("reload_seam: a private folder, and nothing built while nothing changed\n");

    write_level(level, "After the change", 3, NULL);
    game_reload_state s = wait_for(r, &clock, 120.0);
    if (s != GAME_RELOAD_READY) return failed("the changed level was not rebuilt", game_reload_message(r));
    game_loaded ld;
    if (game_reload_take(r, &ld, &err) != EDDY_OK) return failed("take", err.message);
    bool title = strcmp(ld.level->title, "After the change") == 0;
    game_loaded_free(&ld);
    if (!title) return failed("the level handed over is not the new one", NULL);
    printf("reload_seam: a changed level rebuilt by %s in a child process and handed over\n", argv[2]);

    FILE *f = fopen(level, "w");
    if (f) fputs("{ \"title\": \"broken\", ", f), fclose(f);
    if ((s = wait_for(r, &clock, 120.0)) != GAME_RELOAD_FAILED)
        return failed("a broken level did not fail", NULL);
    if (!strstr(game_reload_message(r), "JSON")) return failed("the tool's complaint", game_reload_message(r));
    printf("reload_seam: a broken level fails with the tool's message: %s\n", game_reload_message(r));

    write_level(level, "Painted", 3, "check");
    s = wait_for(r, &clock, 300.0);
    if (s == GAME_RELOAD_FAILED && strstr(game_reload_message(r), "no builder"))
        printf("reload_seam: a painted level fails where there is no builder: %s\n", game_reload_message(r));
    else if (s == GAME_RELOAD_READY && game_reload_take(r, &ld, &err) == EDDY_OK)
        game_loaded_free(&ld), printf("reload_seam: a painted level rebuilt (this tool has the builder)\n");
    else
        return failed("a painted level", game_reload_message(r));

    write_level(level, "Stopped", 2.5, NULL);
    for (s = GAME_RELOAD_WATCHING; s != GAME_RELOAD_BUILDING && clock < 1000; clock += 0.01) {
        s = game_reload_poll(r, clock);
        if (s == GAME_RELOAD_READY || s == GAME_RELOAD_FAILED) return failed("the build did not start", NULL);
        nap();
    }
    if (s != GAME_RELOAD_BUILDING) return failed("the build did not start", NULL);
    game_reload_stop(r);
    if ((s = wait_for(r, &clock, 120.0)) != GAME_RELOAD_READY) return failed("no build again after a stop", game_reload_message(r));
    if (game_reload_take(r, &ld, &err) != EDDY_OK) return failed("take", err.message);
    title = strcmp(ld.level->title, "Stopped") == 0;
    game_loaded_free(&ld);
    if (!title) return failed("the level built after the stop is not the last one", NULL);
    printf("reload_seam: a build stopped while running is killed, reaped and built again\n");

    game_reload_destroy(r);
    if (stat(dir, &st) == 0) return failed("the private folder outlives the watch", dir);
    printf("reload_seam: the private folder goes with the watch\n");
    return 0;
}
