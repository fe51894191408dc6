// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* kit_path.c - the running program's folder (kit_path.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "kit_path.h"
#include "kit_platform.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

void kit_program_dir(const char *argv0, char *out, size_t cap)
{
    char exe[PATH_MAX];
    if (!kit_exe_path(exe, sizeof exe))
        snprintf(exe, sizeof exe, "%s", argv0 ? argv0 : "");
    char *slash = strrchr(exe, '/');
    if (slash) *slash = '\0';
    else snprintf(exe, sizeof exe, ".");
    snprintf(out, cap, "%s", exe);
}

int kit_beside_program(const char *name, char *out, size_t cap)
{
    char dir[PATH_MAX];
    kit_program_dir(NULL, dir, sizeof dir);
    int n = snprintf(out, cap, "%s/%s", dir, name);
    if (n > 0 && (size_t)n < cap && access(out, X_OK) == 0) return 1;
    snprintf(out, cap, "%s", name);
    return 0;
}

void kit_designer_path(const char *raw, char *out, size_t cap)
{
    char real[PATH_MAX], cwd[PATH_MAX];
    if (!raw || !kit_real_path(raw, real)) {
        snprintf(out, cap, "%s", raw ? raw : "");
        return;
    }
    size_t n = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
    if (n > 1 && strncmp(real, cwd, n) == 0 && real[n] == '/') snprintf(out, cap, "%s", real + n + 1);
    else snprintf(out, cap, "%s", real);
}
