// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_child.h - the live rebuild's platform seam (game_reload.c): a private
 * folder, file stamps, and one child process whose standard error goes to a
 * file of that folder. No SDL.
 *
 *   POSIX    mkdtemp (0700) under $TMPDIR or /tmp; posix_spawn(p) with the
 *            log opened O_NOFOLLOW in the child; waitpid; SIGTERM.
 *   Windows  CreateDirectoryW of a random name under %TEMP% (the user's own
 *            folder; an existing name is never reused); the log created
 *            anew (CREATE_NEW: never a file someone put there) and
 *            inherited as the child's standard error, the output to NUL;
 *            CreateProcessW; WaitForSingleObject and GetExitCodeProcess;
 *            TerminateProcess. Names are UTF-8 here, UTF-16 for Windows.
 *
 *   game_private_dir(dir, cap, why, why_cap)   makes the folder; false + why
 *   game_private_dir_remove(dir)               empties and removes it
 *   game_file_stamp(path, &stamp)              modification time and size
 *   game_child_start(&c, argv, log, why, cap)  runs argv[0] (a path, or a
 *                                              name looked up in PATH)
 *   game_child_poll(&c, &code)                 RUNNING, EXITED (code set),
 *                                              KILLED (by a signal) or LOST
 *   game_child_stop(&c)                        kills the child and reaps it
 *   game_open_log(path)                        the log, to read ("r")
 */
#ifndef GAME_CHILD_H
#define GAME_CHILD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* eddy-level's file name, for game_reload_find_tool */
#ifdef _WIN32
#define GAME_LEVEL_TOOL "eddy-level.exe"
#else
#define GAME_LEVEL_TOOL "eddy-level"
#endif

typedef struct game_stamp {
    long long mtime_ns, size;
    bool exists;
} game_stamp;

/* A running child: id is its pid (POSIX) or its process handle (Windows);
 * 0 when there is none. */
typedef struct game_child {
    intptr_t id;
} game_child;

typedef enum game_child_state {
    GAME_CHILD_RUNNING = 0,
    GAME_CHILD_EXITED,  /* it ended by itself: code holds its exit code */
    GAME_CHILD_KILLED,  /* a signal ended it (POSIX) */
    GAME_CHILD_LOST     /* it could not be waited for */
} game_child_state;

bool game_private_dir(char *dir, size_t cap, char *why, size_t why_cap);
void game_private_dir_remove(const char *dir);
game_stamp game_file_stamp(const char *path);
bool game_child_start(game_child *c, char *const argv[], const char *log, char *why, size_t cap);
game_child_state game_child_poll(game_child *c, int *code);
void game_child_stop(game_child *c);
FILE *game_open_log(const char *path);

#endif /* GAME_CHILD_H */
