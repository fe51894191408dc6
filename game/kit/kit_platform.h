// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_platform.h - the few file-system and clock calls that POSIX and
 * Windows spell differently, for eddy-game and eddy-paint (issue 33).
 * Header-only, and on Windows through the C run time only (no <windows.h>,
 * whose macros would reach every file that includes this one).
 *
 *   kit_make_dir(path)            mkdir(path, 0755); 0 or -1 with errno
 *   kit_local_time(&t, &tm)       localtime_r; &tm or NULL
 *   kit_real_path(path, out)      realpath(path, out): the absolute name of an
 *                                 existing file (out NULL: a malloc'ed copy),
 *                                 NULL when it does not exist
 *   kit_is_link(path)             a symbolic link (Windows: never)
 *   kit_exe_path(out, cap)        the running program's file; false if unknown
 *   kit_dup_prefix(s, n)          strndup (which MinGW lacks): a malloc'ed copy
 *                                 of at most n bytes of s, NULL without memory
 *
 * Windows accepts '/' in names as POSIX does, and kit_exe_path gives '/'.
 */
#ifndef KIT_PLATFORM_H
#define KIT_PLATFORM_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static inline char *kit_dup_prefix(const char *s, size_t n)
{
    size_t len = 0;
    while (len < n && s[len]) ++len;
    char *copy = malloc(len + 1);
    if (!copy) return NULL;
    memcpy(copy, s, len);
    copy[len] = '\0';
    return copy;
}

#ifdef _WIN32
#include <direct.h>
#include <io.h>

static inline int kit_make_dir(const char *path) { return _mkdir(path); }

static inline struct tm *kit_local_time(const time_t *t, struct tm *out)
{
    return localtime_s(out, t) == 0 ? out : NULL;
}

static inline char *kit_real_path(const char *path, char *out)
{
    if (!path || _access(path, 0) != 0) return NULL;
    return _fullpath(out, path, 4096); /* the callers' buffers are PATH_MAX (4096) */
}

static inline bool kit_is_link(const char *path)
{
    (void)path;
    return false;
}

static inline bool kit_exe_path(char *out, size_t cap)
{
    const char *p = _pgmptr; /* the C run time's full name of the program */
    if (!p || !*p) return false;
    int n = snprintf(out, cap, "%s", p);
    if (n <= 0 || (size_t)n >= cap) return false;
    for (char *c = out; *c; ++c)
        if (*c == '\\') *c = '/';
    return true;
}

#else
#include <unistd.h>

static inline int kit_make_dir(const char *path) { return mkdir(path, 0755); }

static inline struct tm *kit_local_time(const time_t *t, struct tm *out) { return localtime_r(t, out); }

/* a macro: realpath is XSI, declared only where the file asks for it
 * (_XOPEN_SOURCE), as kit_path.c and paint_script.c do */
#define kit_real_path(path, out) realpath(path, out)

static inline bool kit_is_link(const char *path)
{
    struct stat st;
    return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

static inline bool kit_exe_path(char *out, size_t cap)
{
    if (cap < 2) return false;
    ssize_t n = readlink("/proc/self/exe", out, cap - 1);
    if (n <= 0) return false;
    out[n] = '\0';
    return true;
}
#endif

#endif /* KIT_PLATFORM_H */
