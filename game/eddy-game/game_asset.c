// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_asset.c - building, finding and loading a level's asset (game_asset.h).
 */
#include "game_asset.h"
#include "eddy_build.h"
#include "eddy_mode.h"

#include <cJSON.h>

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

static eddy_result afail(eddy_error *err, eddy_result code, const char *id, const char *what,
                         const char *detail)
{
    return game_error(err, code, "level %.50s: %s%s%s", id, what, detail && *detail ? ": " : "",
                      detail ? detail : "");
}

/* ------------------------------------------------------------ the catalogue */

static bool same_shape(const eddy_scene_body *a, const eddy_scene_body *b)
{
    if (a->shape != b->shape) return false;
    if (a->shape == EDDY_SCENE_BOX) return a->hw == b->hw && a->hh == b->hh;
    if (a->shape == EDDY_SCENE_CIRCLE) return a->radius == b->radius;
    return a->point_count == b->point_count &&
           memcmp(a->points, b->points, (size_t)a->point_count * sizeof a->points[0]) == 0;
}

/* Every distinct outline of the level (bodies and paddle), one piece each,
 * in body space: the catalogue JSON of eddy_build.h. */
static char *catalogue_json(const game_level *L)
{
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    cJSON *root = cJSON_CreateObject();
    cJSON *shapes = cJSON_AddArrayToObject(root, "shapes");
    for (int i = 0; shapes && i < v.body_count; i++) {
        bool seen = false;
        for (int k = 0; k < i && !seen; k++) seen = same_shape(&v.bodies[k], &v.bodies[i]);
        if (seen) continue;
        const eddy_scene_body *b = &v.bodies[i];
        cJSON *s = cJSON_CreateObject();
        char name[32]; /* the level's field, so that a refused outline is named */
        if (i == L->body_count && L->paddle.present) snprintf(name, sizeof name, "paddle");
        else snprintf(name, sizeof name, "bodies[%d]", i);
        cJSON_AddStringToObject(s, "name", name);
        cJSON *pieces = cJSON_AddArrayToObject(s, "pieces");
        cJSON *p = cJSON_CreateObject();
        if (b->shape == EDDY_SCENE_BOX) {
            cJSON_AddStringToObject(p, "shape", "box");
            cJSON_AddNumberToObject(p, "hw", b->hw);
            cJSON_AddNumberToObject(p, "hh", b->hh);
        } else if (b->shape == EDDY_SCENE_CIRCLE) {
            cJSON_AddStringToObject(p, "shape", "circle");
            cJSON_AddNumberToObject(p, "radius", b->radius);
        } else {
            cJSON_AddStringToObject(p, "shape", "polygon");
            cJSON *pts = cJSON_AddArrayToObject(p, "points");
            for (int k = 0; k < b->point_count; k++) {
                cJSON *xy = cJSON_CreateArray();
                cJSON_AddItemToArray(xy, cJSON_CreateNumber(b->points[k][0]));
                cJSON_AddItemToArray(xy, cJSON_CreateNumber(b->points[k][1]));
                cJSON_AddItemToArray(pts, xy);
            }
        }
        cJSON_AddItemToArray(pieces, p);
        cJSON_AddItemToArray(shapes, s);
    }
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    return text;
}

/* ------------------------------------------------------------ building */

/* dir + "/" + name + ext in a new buffer, whatever their lengths (NULL when
 * memory ran out). */
static char *join_path(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s%s", dir, name, ext);
    return p;
}

void game_paths_free(game_paths *p)
{
    if (!p) return;
    for (int i = 0; i < p->count; i++) free(p->path[i]);
    memset(p, 0, sizeof *p);
}

eddy_result game_asset_build(const game_level *L, const char *modes_dir, eddy_asset **out,
                             game_paths *deps, eddy_error *err)
{
    *out = NULL;
    if (deps) memset(deps, 0, sizeof *deps);
    eddy_mode_set *sets[GAME_MAX_PAINT] = {0};
    eddy_mode_grid grid = {L->asset.width, L->asset.height, L->asset.nx, L->asset.ny};
    eddy_result rc = EDDY_OK;
    for (int i = 0; i < L->asset.paint_count && rc == EDDY_OK; i++) {
        char *path = join_path(modes_dir, L->asset.paint[i], ".mode");
        eddy_error inner = {0};
        rc = path ? eddy_mode_set_load(path, &grid, &sets[i], &inner)
                  : game_error(&inner, EDDY_ERR_MEMORY, "out of memory");
        if (rc != EDDY_OK) {
            char what[64];
            snprintf(what, sizeof what, "asset.paint[%d]", i);
            afail(err, rc, L->id, what, inner.message);
        } else if (deps) { /* every file read, its whole path: the rule and the
                              input-equals-output check rely on it */
            deps->path[deps->count++] = path;
            path = NULL;
        }
        free(path);
    }
    char *cat_text = rc == EDDY_OK ? catalogue_json(L) : NULL;
    eddy_shape_catalogue *cat = NULL;
    if (rc == EDDY_OK) {
        eddy_error inner = {0};
        rc = cat_text ? eddy_shape_catalogue_load_memory(cat_text, strlen(cat_text), &cat, &inner)
                      : EDDY_ERR_MEMORY;
        if (rc != EDDY_OK) afail(err, rc, L->id, "body shapes", inner.message);
    }
    free(cat_text);
    if (rc == EDDY_OK) {
        eddy_build_desc d = {0};
        d.width = L->asset.width, d.height = L->asset.height;
        d.nx = L->asset.nx, d.ny = L->asset.ny;
        d.modes = L->asset.modes;
        d.artists = (const eddy_mode_set *const *)sets;
        d.artist_count = L->asset.paint_count;
        d.shapes = cat;
        eddy_scene_view view; /* the level's walls (a scene key) go into the basis */
        eddy_scene_get(L->scene, &view);
        d.walls = view.walls;
        d.wall_count = view.wall_count;
        eddy_error inner = {0};
        rc = eddy_build_asset(&d, out, &inner);
        /* everything the build was given came from the level file */
        if (rc == EDDY_ERR_ARGUMENT) rc = EDDY_ERR_FORMAT;
        if (rc != EDDY_OK) afail(err, rc, L->id, "building the asset", inner.message);
    }
    eddy_shape_catalogue_destroy(cat);
    for (int i = 0; i < GAME_MAX_PAINT; i++) eddy_mode_set_destroy(sets[i]);
    if (rc == EDDY_OK && (rc = game_level_check_asset(L, *out, err)) != EDDY_OK) {
        eddy_asset_destroy(*out);
        *out = NULL;
    }
    return rc;
}

eddy_result game_asset_for_level(const game_level *L, const char *assets_dir, eddy_asset **out,
                                 bool *built, eddy_error *err)
{
    *built = false;
    *out = NULL;
    char *levels = join_path(assets_dir, "levels", "");
    char *path = levels ? join_path(levels, L->id, ".eddy") : NULL;
    free(levels);
    if (!path) return game_error(err, EDDY_ERR_MEMORY, "level %.50s: out of memory", L->id);
    eddy_asset *a = NULL;
    eddy_error inner = {0};
    eddy_result rc = eddy_asset_load_file(path, &a, &inner);
    free(path);
    if (rc != EDDY_OK && rc != EDDY_ERR_IO)
        /* there, but refused: say why, rather than build over it (or blame a
           painted mode file the build would then miss) */
        return afail(err, rc, L->id, "its asset was refused (rebuild it: make assets)",
                     inner.message);
    char stale[sizeof inner.message] = "";
    if (rc == EDDY_OK) {
        if ((rc = game_level_check_asset(L, a, &inner)) == EDDY_OK) {
            *out = a;
            return EDDY_OK;
        }
        snprintf(stale, sizeof stale, "%s", inner.message);
        eddy_asset_destroy(a);
    }
    rc = game_asset_build(L, assets_dir, out, NULL, err);
    if (rc == EDDY_OK) *built = true;
    else if (stale[0] && err) { /* both: why the asset was not used, why no other was made */
        char built_msg[sizeof err->message];
        snprintf(built_msg, sizeof built_msg, "%s", err->message);
        game_error(err, rc, "%s; building another in memory failed: %s", stale, built_msg);
    }
    return rc;
}

/* ------------------------------------------------------------ directories */

static bool is_dir(const char *p)
{
    struct stat st;
    return p && *p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static void program_dir(const char *argv0, char *out, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
    } else {
        snprintf(exe, sizeof exe, "%s", argv0 ? argv0 : "");
    }
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(exe, sizeof exe, ".");
    snprintf(out, cap, "%s", exe);
}

static void find_dir(const char *override, const char *env, const char *compiled,
                     const char *prog_rel, const char *cwd_rel, const char *argv0, char *out,
                     size_t cap)
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
    if (compiled && is_dir(compiled)) {
        snprintf(out, cap, "%s", compiled);
        return;
    }
    char pd[PATH_MAX], cand[PATH_MAX + 64];
    program_dir(argv0, pd, sizeof pd);
    snprintf(cand, sizeof cand, "%s/%s", pd, prog_rel);
    if (is_dir(cand)) {
        snprintf(out, cap, "%s", cand);
        return;
    }
    snprintf(out, cap, "%s", cwd_rel);
}

#ifndef EDDY_GAME_DATA_DIR
#define EDDY_GAME_DATA_DIR ""
#endif
#ifndef EDDY_GAME_ASSET_DIR
#define EDDY_GAME_ASSET_DIR ""
#endif

void game_find_levels_dir(const char *override, const char *argv0, char *out, size_t cap)
{
    char compiled[PATH_MAX] = "";
    if (EDDY_GAME_DATA_DIR[0]) snprintf(compiled, sizeof compiled, "%s/levels", EDDY_GAME_DATA_DIR);
    find_dir(override, "EDDY_GAME_LEVELS", compiled, "../../assets/levels", "assets/levels",
             argv0, out, cap);
}

void game_find_assets_dir(const char *override, const char *argv0, char *out, size_t cap)
{
    find_dir(override, "EDDY_GAME_ASSETS", EDDY_GAME_ASSET_DIR, "../assets", "build/assets",
             argv0, out, cap);
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
