// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_path.h - the folder of the running program, from which eddy-game and
 * eddy-paint find their installed data (PROG_DIR/../share/eddy) and the
 * eddy-level beside them.
 */
#ifndef KIT_PATH_H
#define KIT_PATH_H

#include <stddef.h>

/* The folder of /proc/self/exe; where that cannot be read, the folder of
 * argv0 (NULL allowed), else ".". Always a string in out (cap > 0). */
void kit_program_dir(const char *argv0, char *out, size_t cap);

/* PROG_DIR/name when that file is executable (true), else name (false). */
int kit_beside_program(const char *name, char *out, size_t cap);

/* A path as the user knows it: the file symbolic links lead to (the build
 * tree's share/eddy/levels is a link to assets/levels), relative to the
 * working directory when it is under it; raw itself when it does not exist. */
void kit_designer_path(const char *raw, char *out, size_t cap);

#endif /* KIT_PATH_H */
