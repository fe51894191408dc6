// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* kit_font.c - the font files to try, in order (kit_font.h). */
#include "kit_font.h"
#include "kit_path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const SYSTEM_DIRS[] = {
    "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",           "/usr/share/fonts/truetype",
};

static const char *const FALLBACKS[] = {
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
#ifdef _WIN32
    "C:/Windows/Fonts/segoeui.ttf", "C:/Windows/Fonts/arial.ttf",
#endif
};

static bool is_file(const char *p)
{
    struct stat st;
    return p && *p && stat(p, &st) == 0 && S_ISREG(st.st_mode) && access(p, R_OK) == 0;
}

static bool is_dir(const char *p)
{
    struct stat st;
    return p && *p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The folder an environment value names: itself, or a file's folder. */
static void folder_of(const char *v, char *out, size_t cap)
{
    if (is_dir(v)) {
        snprintf(out, cap, "%s", v);
        return;
    }
    snprintf(out, cap, "%s", v ? v : "");
    char *slash = strrchr(out, '/');
    if (slash) *slash = '\0';
    else snprintf(out, cap, ".");
}

/* Calls back every candidate path in order; stops when want reaches 0. */
typedef struct walk {
    int want;
    char *out;
    size_t cap;
} walk;

static bool offer(walk *w, const char *path)
{
    if (!is_file(path)) return false;
    if (w->want-- > 0) return false;
    snprintf(w->out, w->cap, "%s", path);
    return true;
}

static bool offer_in(walk *w, const char *dir, const char *face)
{
    char p[2048];
    if (!dir || !*dir) return false;
    int n = snprintf(p, sizeof p, "%.1000s/%.200s", dir, face);
    return n > 0 && (size_t)n < sizeof p && offer(w, p);
}

bool kit_font_candidate(const char *face, int index, char *out, size_t cap)
{
    walk w = {index, out, cap};
    bool regular = strcmp(face, KIT_FONT_REGULAR) == 0;
    const char *env[] = {getenv(KIT_FONT_ENV), getenv("EDDY_GAME_FONT"), getenv("EDDY_PAINT_FONT_DIR")};
    for (size_t k = 0; k < sizeof env / sizeof env[0]; k++) {
        if (!env[k] || !*env[k]) continue;
        if (regular && !is_dir(env[k]) && offer(&w, env[k])) return true;
        char dir[1024];
        folder_of(env[k], dir, sizeof dir);
        if (offer_in(&w, dir, face)) return true;
    }
#ifdef _WIN32
    /* Windows has no DejaVu of its own: the build puts it in fonts/ beside
     * the program (platform/windows/windows.mk) */
    char beside[1024];
    kit_program_dir(NULL, beside, sizeof beside - 8);
    strcat(beside, "/fonts");
    if (offer_in(&w, beside, face)) return true;
#endif
    for (size_t k = 0; k < sizeof SYSTEM_DIRS / sizeof SYSTEM_DIRS[0]; k++)
        if (offer_in(&w, SYSTEM_DIRS[k], face)) return true;
    for (size_t k = 0; regular && k < sizeof FALLBACKS / sizeof FALLBACKS[0]; k++)
        if (offer(&w, FALLBACKS[k])) return true;
    if (cap) out[0] = '\0';
    return false;
}
