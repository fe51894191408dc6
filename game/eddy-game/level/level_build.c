// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * level_build.c - the builder's half of the game (level_build.h): checking
 * that a level's asset can be built, and building it. Linked into
 * eddy-level, never into eddy-game.
 */
#include "level_build.h"

#include <eddy/eddy_build.h>
#include <eddy/eddy_mode.h>

#include <cJSON.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

static eddy_result afail(eddy_error *err, eddy_result code, const char *id, const char *what,
                         const char *detail)
{
    return game_error(err, code, "level %.50s: %s%s%s", id, what, detail && *detail ? ": " : "",
                      detail ? detail : "");
}

eddy_result game_level_check_build(const game_level *L, eddy_error *err)
{
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    eddy_build_desc d = {.width = L->asset.width, .height = L->asset.height, .nx = L->asset.nx,
                         .ny = L->asset.ny, .modes = L->asset.modes, .walls = v.walls,
                         .wall_count = v.wall_count, .depth = L->asset.depth,
                         .surface_modes = L->asset.surface_modes};
    eddy_build_cost cost;
    eddy_error inner = {0};
    if (eddy_build_estimate(&d, &cost, &inner) != EDDY_OK)
        return game_error(err, EDDY_ERR_RANGE, "level %.60s: asset: %s", L->id, inner.message);
    return EDDY_OK;
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
    /* painted modes cover the water: all the tank, or up to its depth */
    double water = L->asset.depth > 0 ? L->asset.depth : L->asset.height;
    eddy_mode_grid grid = {L->asset.width, water, L->asset.nx, L->asset.ny};
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
        d.depth = L->asset.depth, d.surface_modes = L->asset.surface_modes;
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
