// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * paint_app.h - the window of eddy-paint (paint_app.c, paint_render.c: SDL2
 * and SDL2_ttf). paint_main.c parses the command line and calls
 * paint_app_run; this header has no SDL in it so that the command line also
 * builds without SDL (then paint_app_run only reports that).
 */
#ifndef PAINT_APP_H
#define PAINT_APP_H

#include "paint_doc.h"

typedef struct paint_app_options {
    const char *path;       /* the document's file: opened if it exists, saved to */
    const char *screenshot; /* write the window to this file (.png or .bmp), then quit */
    int frames;             /* quit after this many frames (0: run until closed) */
    bool demo;              /* drive the window with a built-in sequence of inputs */
    int width, height;      /* window size in pixels */
    const char *prog;       /* for messages */
} paint_app_options;

/* Runs the window on doc until the user quits. Returns a <sysexits.h> code
 * (EX_UNAVAILABLE without a display or without SDL, EX_OSFILE without a
 * font, EX_CANTCREAT when the screenshot cannot be written). */
int paint_app_run(paint_doc *doc, const paint_app_options *opt);

#endif /* PAINT_APP_H */
