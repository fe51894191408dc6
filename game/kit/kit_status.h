// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_status.h - how a run of eddy-game, eddy-level or eddy-paint ended, as
 * a value the program keeps (never read back from a message), and the
 * <sysexits.h> code each ending exits with.
 */
#ifndef KIT_STATUS_H
#define KIT_STATUS_H

#include <eddy/eddy.h>

typedef enum kit_status {
    KIT_DONE = 0,     /* 0 */
    KIT_BAD_USAGE,    /* 64 EX_USAGE: the command line */
    KIT_BAD_DATA,     /* 65 EX_DATAERR: a level, mode, replay or asset that is wrong */
    KIT_NO_INPUT,     /* 66 EX_NOINPUT: a file missing or unreadable */
    KIT_UNAVAILABLE,  /* 69 EX_UNAVAILABLE: no display, no renderer */
    KIT_INTERNAL,     /* 70 EX_SOFTWARE: a bug */
    KIT_NO_MEMORY,    /* 71 EX_OSERR */
    KIT_CANT_WRITE,   /* 73 EX_CANTCREAT: an output (screenshot, replay, file) not written */
} kit_status;

/* The exit code of an ending. */
int kit_exit_code(kit_status s);

/* The ending an eddy_result means: missing input, bad data, memory; any
 * other failure (an argument, a capacity) is `otherwise`. */
kit_status kit_status_of(eddy_result rc, kit_status otherwise);

/* The worse of two endings (the first failure stays). */
static inline kit_status kit_status_keep(kit_status now, kit_status next)
{
    return now != KIT_DONE ? now : next;
}

#endif /* KIT_STATUS_H */
