// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * paint_script.h - eddy-paint's plain-text script language, the headless
 * twin of the window: every line is one command on the document of
 * paint_doc.h, so `eddy-paint --script strokes.txt -o jet.mode` does exactly
 * what the same strokes and keys do in the window. No SDL.
 *
 * SYNTAX
 *   One command per line; words are separated by spaces or tabs. Empty lines
 *   are skipped; '#' at the start of a word starts a comment that runs to the
 *   end of the line. Numbers are decimal (1, -2.5, 3e-2); NaN, infinities and
 *   hex are refused. Coordinates are metres in the domain [0,W] x [0,H],
 *   y up; a point outside it is an error. Paths and names are the rest of the
 *   line (so they may contain spaces), relative to the working directory.
 *
 * COMMANDS
 *   grid W H NX NY         start over: a W x H metre domain, NX x NY cells, one
 *                          empty mode (the default document is 10 10 64 64)
 *   level PATH             start over on a game level's domain and grid (its
 *                          "asset"), with its walls
 *   name NAME              name the mode set (what the game refers to)
 *   brush [radius R] [strength S] [mode set|add]
 *                          any of the three, in any order. radius in metres;
 *                          strength in m/s along the stroke (negative
 *                          reverses); set paints over, add accumulates
 *   stroke X Y X Y [...]   paint along a polyline of two or more points
 *   erase X Y [X Y ...] R  fade the velocity to zero within R of the points
 *                          (one point: a disc; more: along the polyline)
 *   clear                  zero the current mode
 *   undo [N], redo [N]     take back / redo the last N edits (default 1)
 *   project                make the current mode divergence-free
 *   step N DT              run the full-grid solver N steps of DT seconds
 *   record N DT            the same, keeping every frame in the recording
 *   mode add               append an empty mode and make it current
 *   mode select K          make mode K (1-based) current
 *   mode remove            delete the current mode (not undoable)
 *   save PATH              save every mode, projected, as a painted mode file
 *                          (saves write only beside the script or in the
 *                          directory eddy-paint's --save-dir names: LIMITS)
 *   save-snapshots PATH    save the recording as a snapshot mode file
 *   drop-snapshots         forget the recording
 *   load PATH              replace the document by a painted mode file
 *   info                   print one line about the document on the output
 *
 * LIMITS
 *   A script is code (`make assets` runs the shipped ones), so it is bounded
 *   like one: a line whose document would need more than
 *   PAINT_SCRIPT_MAX_BYTES of memory (grid, mode add) or whose solver work
 *   would take the run past PAINT_SCRIPT_MAX_WORK seconds (step, record,
 *   project, grid; estimated by eddy_grid_estimate before the line runs) is
 *   refused with its line number; a save (save, save-snapshots, save-walls)
 *   writes only in the script's own directory or in options.save_dir, links
 *   followed; a script read from standard input ("-") has no directory of
 *   its own.
 *
 * ERRORS
 *   The first failing line stops the script; the message starts with
 *   "SOURCE:LINE: ". Saves are atomic: a failed save leaves the previous file.
 */
#ifndef PAINT_SCRIPT_H
#define PAINT_SCRIPT_H

#include "paint_doc.h"

#include <stdio.h>

#define PAINT_SCRIPT_MAX_LINE 65536      /* bytes in one line */
#define PAINT_SCRIPT_MAX_SIZE (64 << 20) /* bytes in one script */
#define PAINT_SCRIPT_MAX_WORK 600.0      /* estimated solver seconds in one run */
#define PAINT_SCRIPT_MAX_BYTES (2.0 * 1073741824.0) /* estimated memory of its document */

/* How a script runs. Zero-initialised: saves only beside the script. */
#define PAINT_SCRIPT_MAX_INPUTS 64 /* files one run may read (level, load, walls) */

/* A file a run has read, by identity (device and inode, never by name): no
 * save of the run may replace it (issue 30: `level L` then `save L`). */
typedef struct paint_script_input {
    unsigned long long dev, ino;
    int line;
} paint_script_input;

typedef struct paint_script_options {
    const char *save_dir; /* a directory saves may write in besides the script's own */
    double work;          /* estimated solver seconds spent so far: each line adds its own,
                             so a run shares one options struct across its lines */
    double work_limit;    /* seconds of it a run may take; 0: PAINT_SCRIPT_MAX_WORK */
    int input_count;      /* the files read so far, filled in by the run */
    paint_script_input inputs[PAINT_SCRIPT_MAX_INPUTS];
} paint_script_options;

/* The line that read path in this run (the same device and inode), or 0. */
int paint_script_input_line(const paint_script_options *opts, const char *path);

typedef enum paint_fail {
    PAINT_FAIL_NONE = 0,
    PAINT_FAIL_LINE,  /* a line is malformed or its command was refused */
    PAINT_FAIL_READ,  /* a file to read (the script, a load) is missing or bad */
    PAINT_FAIL_WRITE  /* a save failed (the previous file is intact) */
} paint_fail;

typedef struct paint_script_error {
    paint_fail kind;
    eddy_result code; /* the library's code behind it */
    int line;         /* 1-based line number, 0 when not about a line */
    char message[768];
} paint_script_error;

/* Runs one line (without its newline) of the script named source (used in
 * messages, and where its saves may go). info prints to out when out is not
 * NULL. The _with forms take options (NULL: the defaults). */
eddy_result paint_script_line(paint_doc *doc, const char *line, const char *source, int line_no,
                              FILE *out, paint_script_error *e);
eddy_result paint_script_line_with(paint_doc *doc, const char *line, const char *source,
                                   int line_no, paint_script_options *opts, FILE *out,
                                   paint_script_error *e);

/* Runs a script held in memory, line after line, stopping at the first error. */
eddy_result paint_script_run(paint_doc *doc, const char *text, size_t size, const char *source,
                             FILE *out, paint_script_error *e);
eddy_result paint_script_run_with(paint_doc *doc, const char *text, size_t size,
                                  const char *source, paint_script_options *opts, FILE *out,
                                  paint_script_error *e);

/* Reads and runs a script file. */
eddy_result paint_script_run_file(paint_doc *doc, const char *path, FILE *out,
                                  paint_script_error *e);
eddy_result paint_script_run_file_with(paint_doc *doc, const char *path,
                                       paint_script_options *opts, FILE *out,
                                       paint_script_error *e);

/* The <sysexits.h> code for a failure: EX_DATAERR for a bad line or a
 * malformed file, EX_NOINPUT for a missing input, EX_CANTCREAT for a failed
 * save, EX_OSERR when memory ran out, EX_OK for none. */
int paint_exit_code(const paint_script_error *e);

/* One line describing the document (for `info` and the window's title). */
void paint_describe(const paint_doc *doc, char *out, size_t cap);

#endif /* PAINT_SCRIPT_H */
