// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_asset.c - finding and loading a level's asset (game_asset.h).
 */
#include "game_asset.h"
#include "kit_path.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* ------------------------------------------------------------ loading */

void game_asset_path(const game_level *L, const char *assets_dir, char *out, size_t cap)
{
    snprintf(out, cap, "%s/levels/%s.eddy", assets_dir, L->id);
}

/* What to run when a level has no usable asset (it is never built here). */
#define GAME_ASSET_HINT "make assets builds it, or eddy-level build LEVEL.json --modes DIR -o FILE"

/* A loaded asset becomes the level's only if it fits the level. */
static eddy_result keep_if_fits(const game_level *L, eddy_asset *a, eddy_asset **out,
                                eddy_error *err)
{
    eddy_result rc = game_level_check_asset(L, a, err);
    if (rc != EDDY_OK) eddy_asset_destroy(a);
    else *out = a;
    return rc;
}

eddy_result game_asset_load(const game_level *L, const char *path, eddy_asset **out,
                            eddy_error *err)
{
    *out = NULL;
    eddy_asset *a = NULL;
    eddy_error inner = {0};
    eddy_result rc = eddy_asset_load_file(path, &a, &inner);
    if (rc != EDDY_OK)
        return game_error(err, rc, "level %.60s: no usable asset (%s): %s", L->id,
                          GAME_ASSET_HINT, inner.message);
    return keep_if_fits(L, a, out, err);
}

eddy_result game_asset_for_level(const game_level *L, const char *assets_dir, eddy_asset **out,
                                 eddy_error *err)
{
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s/levels/%s.eddy", assets_dir, L->id);
    if (n < 0 || (size_t)n >= sizeof path) /* cut short, it would name another file */
        return game_error(err, EDDY_ERR_IO, "level %.60s: the asset's path in '%.60s...' is "
                          "longer than %d bytes", L->id, assets_dir, PATH_MAX - 1);
    return game_asset_load(L, path, out, err);
}

eddy_result game_asset_from_memory(const game_level *L, const void *data, size_t size,
                                   eddy_asset **out, eddy_error *err)
{
    *out = NULL;
    eddy_asset *a = NULL;
    eddy_error inner = {0};
    eddy_result rc = eddy_asset_load_memory(data, size, &a, &inner);
    if (rc != EDDY_OK)
        return game_error(err, rc, "level %.60s: the embedded asset: %s", L->id, inner.message);
    return keep_if_fits(L, a, out, err);
}

/* ------------------------------------------------------------ directories */

static bool is_dir(const char *p)
{
    struct stat st;
    return p && *p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The first of: the override, the environment variable, PROG_DIR/../share/eddy/sub
 * (an installed prefix, or the build tree's mirror of one, BUILD/share/eddy),
 * then cwd_rel. */
static void find_dir(const char *override, const char *env, const char *sub, const char *cwd_rel,
                     const char *argv0, char *out, size_t cap)
{
    if (override && *override) {
        snprintf(out, cap, "%s", override);
        return;
    }
    const char *e = getenv(env);
    if (e && *e) {
        snprintf(out, cap, "%s", e);
        return;
    }
    char pd[PATH_MAX], cand[PATH_MAX + 64];
    kit_program_dir(argv0, pd, sizeof pd);
    snprintf(cand, sizeof cand, "%s/../share/eddy/%s", pd, sub);
    if (is_dir(cand)) {
        snprintf(out, cap, "%s", cand);
        return;
    }
    snprintf(out, cap, "%s", cwd_rel);
}

void game_find_levels_dir(const char *override, const char *argv0, char *out, size_t cap)
{
    find_dir(override, "EDDY_GAME_LEVELS", "levels", "assets/levels", argv0, out, cap);
}

void game_find_assets_dir(const char *override, const char *argv0, char *out, size_t cap)
{
    find_dir(override, "EDDY_GAME_ASSETS", "assets", "build/assets", argv0, out, cap);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int game_list_levels(const char *dir, char ***out)
{
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0, cap = 0;
    char **list = NULL;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0 || e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 16;
            char **grown = realloc(list, (size_t)cap * sizeof *grown);
            if (!grown) break;
            list = grown;
        }
        size_t plen = strlen(dir) + len + 2;
        list[n] = malloc(plen);
        if (!list[n]) break;
        snprintf(list[n], plen, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n > 1) qsort(list, (size_t)n, sizeof *list, cmp_str);
    *out = list;
    return n;
}

void game_free_list(char **list, int n)
{
    for (int i = 0; i < n; i++) free(list[i]);
    free(list);
}
