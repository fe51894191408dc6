// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* scene_walls.c - the "walls" key of a scene (issue 14); the rock that
 * bodies collide with is built in scene_world.c.
 *
 *   "walls": [ { "shape": "polygon", "points": [[0, 2], [3, 2], [3, 2.4], [0, 2.4]] },
 *              { "shape": "circle", "x": 6, "y": 3, "radius": 0.8 } ]
 *
 * Polygons have 3..EDDY_WALL_MAX_POINTS corners (convex or not, either
 * winding, no self-crossing), in level coordinates. A scene's walls describe
 * the level its asset must have been built with: applying the scene to a
 * fluid whose asset has other walls is refused. The fluid keeps its own
 * walls in its basis; Box2D gets the same shapes as one static body that is
 * not coupled (eddy_scene_add_rock), non-convex polygons cut into triangles
 * by ear clipping. */
#include "domain.h"
#include "fluid_internal.h"
#include "scene_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static eddy_result bad(eddy_error *err, int i, const char *what)
{
    return eddy_fail(err, EDDY_ERR_FORMAT, "scene: walls[%d]%s", i, what);
}

static bool read_double(const cJSON *item, double *out)
{
    if (!cJSON_IsNumber(item) || !isfinite(item->valuedouble)) return false;
    *out = item->valuedouble + 0.0;
    return true;
}

static eddy_result parse_points(const cJSON *item, int i, eddy_wall *w, eddy_error *err)
{
    int n = cJSON_IsArray(item) ? cJSON_GetArraySize(item) : -1;
    if (n < 3 || n > EDDY_WALL_MAX_POINTS) {
        char msg[96];
        snprintf(msg, sizeof msg, ".points: expected an array of 3 to %d [x, y] pairs",
                 EDDY_WALL_MAX_POINTS);
        return bad(err, i, msg);
    }
    int p = 0;
    for (const cJSON *pt = item->child; pt; pt = pt->next, ++p) {
        if (!cJSON_IsArray(pt) || cJSON_GetArraySize(pt) != 2 ||
            !read_double(cJSON_GetArrayItem(pt, 0), &w->points[p][0]) ||
            !read_double(cJSON_GetArrayItem(pt, 1), &w->points[p][1]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "scene: walls[%d].points[%d]: expected [x, y] "
                             "with two finite numbers", i, p);
    }
    w->point_count = n;
    return EDDY_OK;
}

static eddy_result parse_wall(const cJSON *obj, int i, eddy_wall *w, eddy_error *err)
{
    if (!cJSON_IsObject(obj)) return bad(err, i, ": expected an object");
    memset(w, 0, sizeof *w);
    const cJSON *shape = cJSON_GetObjectItemCaseSensitive(obj, "shape");
    const char *name = cJSON_IsString(shape) ? shape->valuestring : NULL;
    if (name && strcmp(name, "polygon") == 0) w->kind = EDDY_WALL_POLYGON;
    else if (name && strcmp(name, "circle") == 0) w->kind = EDDY_WALL_CIRCLE;
    else return bad(err, i, ".shape: expected \"polygon\" or \"circle\"");
    int seen_points = 0, seen_x = 0, seen_y = 0, seen_r = 0;
    for (const cJSON *c = obj->child; c; c = c->next) {
        const char *key = c->string ? c->string : "";
        eddy_result rc = EDDY_OK;
        if (strcmp(key, "shape") == 0) continue;
        if (w->kind == EDDY_WALL_POLYGON && strcmp(key, "points") == 0 && !seen_points++) {
            rc = parse_points(c, i, w, err);
        } else if (w->kind == EDDY_WALL_CIRCLE && strcmp(key, "x") == 0 && !seen_x++) {
            if (!read_double(c, &w->x)) rc = bad(err, i, ".x: expected a number");
        } else if (w->kind == EDDY_WALL_CIRCLE && strcmp(key, "y") == 0 && !seen_y++) {
            if (!read_double(c, &w->y)) rc = bad(err, i, ".y: expected a number");
        } else if (w->kind == EDDY_WALL_CIRCLE && strcmp(key, "radius") == 0 && !seen_r++) {
            if (!read_double(c, &w->radius) || !(w->radius > 0.0))
                rc = bad(err, i, ".radius: expected a number > 0");
        } else {
            char clean[40];
            snprintf(clean, sizeof clean, "%s", key);
            for (char *q = clean; *q; ++q)
                if ((unsigned char)*q < 0x20 || *q == 0x7f) *q = '?';
            return eddy_fail(err, EDDY_ERR_FORMAT, "scene: unknown or duplicate field "
                             "'walls[%d].%s'", i, clean);
        }
        if (rc != EDDY_OK) return rc;
    }
    if (w->kind == EDDY_WALL_POLYGON && !seen_points) return bad(err, i, ": missing field 'points'");
    if (w->kind == EDDY_WALL_CIRCLE && !(seen_x && seen_y && seen_r))
        return bad(err, i, ": a circle needs 'x', 'y' and 'radius'");
    return EDDY_OK;
}

eddy_result eddyi_scene_parse_walls(const cJSON *item, eddy_wall **out, int *count, eddy_error *err)
{
    *out = NULL, *count = 0;
    if (!cJSON_IsArray(item))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: walls: expected an array of objects");
    int n = cJSON_GetArraySize(item);
    if (n > EDDY_MAX_WALLS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: walls: %d walls, at most %d", n,
                         EDDY_MAX_WALLS);
    if (n == 0) return EDDY_OK;
    eddy_wall *walls = eddy_calloc((size_t)n, sizeof *walls);
    if (!walls) return eddy_fail(err, EDDY_ERR_MEMORY, "scene: out of memory for walls");
    int i = 0;
    eddy_result rc = EDDY_OK;
    for (const cJSON *c = item->child; c && rc == EDDY_OK; c = c->next, ++i)
        rc = parse_wall(c, i, &walls[i], err);
    /* shape checks that need no level size (crossings, no area, repeats) */
    eddy_error inner = {0};
    if (rc == EDDY_OK && eddy_walls_check(walls, n, 0.0, 0.0, &inner) != EDDY_OK)
        rc = eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s", inner.message);
    if (rc != EDDY_OK) {
        eddy_free(walls);
        return rc;
    }
    *out = walls, *count = n;
    return EDDY_OK;
}

bool eddyi_scene_write_walls(cJSON *root, const eddy_wall *walls, int count)
{
    if (count == 0) return true;
    cJSON *arr = cJSON_AddArrayToObject(root, "walls");
    if (!arr) return false;
    for (int i = 0; i < count; ++i) {
        const eddy_wall *w = &walls[i];
        cJSON *obj = cJSON_CreateObject();
        if (!obj || !cJSON_AddItemToArray(arr, obj)) {
            cJSON_Delete(obj);
            return false;
        }
        bool ok = cJSON_AddStringToObject(obj, "shape", w->kind == EDDY_WALL_CIRCLE ? "circle"
                                                                                  : "polygon");
        if (w->kind == EDDY_WALL_CIRCLE) {
            ok = ok && cJSON_AddItemToObject(obj, "x", eddyi_scene_exact_number(w->x));
            ok = ok && cJSON_AddItemToObject(obj, "y", eddyi_scene_exact_number(w->y));
            ok = ok && cJSON_AddItemToObject(obj, "radius", eddyi_scene_exact_number(w->radius));
        } else {
            cJSON *pts = cJSON_AddArrayToObject(obj, "points");
            ok = ok && pts;
            for (int p = 0; ok && p < w->point_count; ++p) {
                cJSON *pair = cJSON_CreateArray();
                ok = pair && cJSON_AddItemToArray(pts, pair) &&
                     cJSON_AddItemToArray(pair, eddyi_scene_exact_number(w->points[p][0])) &&
                     cJSON_AddItemToArray(pair, eddyi_scene_exact_number(w->points[p][1]));
            }
        }
        if (!ok) return false;
    }
    return true;
}

eddy_result eddy_walls_from_json(const char *text, size_t size, eddy_wall **out, int *count,
                                 eddy_error *err)
{
    if (!out || !count) return eddy_fail(err, EDDY_ERR_ARGUMENT, "walls: NULL output");
    *out = NULL, *count = 0;
    if (!text) return eddy_fail(err, EDDY_ERR_ARGUMENT, "walls: NULL text");
    /* strict as every JSON loader: UTF-8, one value, nothing after it */
    cJSON *root = NULL;
    eddy_result rc = eddyi_json_parse_text(text, size, "walls", &root, err);
    if (rc != EDDY_OK) return rc;
    const cJSON *item = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "walls") : NULL;
    if (!cJSON_IsObject(root))
        rc = eddy_fail(err, EDDY_ERR_FORMAT, "not a JSON object");
    else if (!item)
        rc = eddy_fail(err, EDDY_ERR_FORMAT, "no \"walls\"");
    else
        rc = eddyi_scene_parse_walls(item, out, count, err);
    cJSON_Delete(root);
    return rc;
}

eddy_result eddy_walls_to_json(const eddy_wall *walls, int count, char **out_text,
                               eddy_error *err)
{
    if (!out_text) return eddy_fail(err, EDDY_ERR_ARGUMENT, "walls: NULL output");
    *out_text = NULL;
    if (count < 0 || count > EDDY_MAX_WALLS || (count > 0 && !walls))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "walls: %d walls (0..%d, and the array)", count,
                         EDDY_MAX_WALLS);
    cJSON *root = cJSON_CreateObject();
    char *printed = root && eddyi_scene_write_walls(root, walls, count) ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    /* handed back from eddy's allocator whatever hooks cJSON was given */
    char *copy = printed ? eddy_strdup(printed) : NULL;
    cJSON_free(printed);
    if (!copy) return eddy_fail(err, EDDY_ERR_MEMORY, "walls: out of memory writing JSON");
    *out_text = copy;
    return EDDY_OK;
}

/* The same walls, point for point (the asset keeps polygons counter-clockwise,
 * so a clockwise scene polygon matches its reversal). */
static bool same_wall(const eddy_wall *a, const eddy_wall *b)
{
    if (a->kind != b->kind) return false;
    if (a->kind == EDDY_WALL_CIRCLE) return a->x == b->x && a->y == b->y && a->radius == b->radius;
    int n = a->point_count;
    if (n != b->point_count) return false;
    bool forward = true, backward = true;
    for (int p = 0; p < n; ++p) {
        const double *q = b->points[p], *f = a->points[p], *r = a->points[n - 1 - p];
        forward = forward && q[0] == f[0] && q[1] == f[1];
        backward = backward && q[0] == r[0] && q[1] == r[1];
    }
    return forward || backward;
}

eddy_result eddyi_scene_check_walls(const eddy_wall *walls, int count, const eddy_asset *asset,
                                   eddy_error *err)
{
    if (count == 0) return EDDY_OK;
    int have = eddy_asset_wall_count(asset);
    const eddy_wall *aw = eddy_asset_walls(asset);
    bool same = have == count;
    for (int i = 0; same && i < count; ++i) same = same_wall(&walls[i], &aw[i]);
    if (!same)
        return eddy_fail(err, EDDY_ERR_RANGE, "scene: walls: the asset was built with other walls "
                         "(%d in the scene, %d in the asset): rebuild it with these", count, have);
    return EDDY_OK;
}
