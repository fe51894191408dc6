// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* scene_bodies.c - the rigid-body keys of a scene ("bodies", "feedback"):
 * parsing and writing them (scene_world.c builds the world). The number fields of a body share one
 * table; "shape", "type" and "points" are read by hand because they are not
 * numbers. */
#include "fluid_internal.h"
#include "scene_internal.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_BODY_DENSITY 1000.0

/* Which shapes a number field belongs to (bit per eddy_scene_shape). */
enum { FOR_BOX = 1, FOR_CIRCLE = 2, FOR_POLYGON = 4, FOR_ALL = 7 };

typedef struct body_field {
    const char *name;
    size_t offset;
    int shapes;
    bool positive; /* > 0 required */
} body_field;

static const body_field BODY_FIELDS[] = {
    {"hw", offsetof(eddy_scene_body, hw), FOR_BOX, true},
    {"hh", offsetof(eddy_scene_body, hh), FOR_BOX, true},
    {"radius", offsetof(eddy_scene_body, radius), FOR_CIRCLE, true},
    {"x", offsetof(eddy_scene_body, x), FOR_ALL, false},
    {"y", offsetof(eddy_scene_body, y), FOR_ALL, false},
    {"angle", offsetof(eddy_scene_body, angle), FOR_ALL, false},
    {"vx", offsetof(eddy_scene_body, vx), FOR_ALL, false},
    {"vy", offsetof(eddy_scene_body, vy), FOR_ALL, false},
    {"omega", offsetof(eddy_scene_body, omega), FOR_ALL, false},
    {"density", offsetof(eddy_scene_body, density), FOR_ALL, true},
};
#define BODY_FIELD_COUNT ((int)(sizeof BODY_FIELDS / sizeof BODY_FIELDS[0]))

static const char *const SHAPE_NAMES[] = {"box", "circle", "polygon"};
static const char *const TYPE_NAMES[] = {"static", "kinematic", "dynamic"};

static int lookup(const char *const *names, int count, const char *s)
{
    for (int k = 0; k < count; ++k)
        if (s && strcmp(names[k], s) == 0) return k;
    return -1;
}

static eddy_result read_points(const cJSON *item, const char *what, const char *path,
                               eddy_scene_body *b, eddy_error *err)
{
    int n = cJSON_IsArray(item) ? cJSON_GetArraySize(item) : -1;
    if (n < 3 || n > EDDY_MAX_POLYGON_VERTICES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s.points: expected an array of 3 to %d "
                         "[x, y] pairs", what, path, EDDY_MAX_POLYGON_VERTICES);
    int i = 0;
    for (const cJSON *p = item->child; p; p = p->next, ++i) {
        const cJSON *x = cJSON_GetArrayItem(p, 0), *y = cJSON_GetArrayItem(p, 1);
        if (!cJSON_IsArray(p) || cJSON_GetArraySize(p) != 2 || !cJSON_IsNumber(x) ||
            !cJSON_IsNumber(y) || !isfinite(x->valuedouble) || !isfinite(y->valuedouble))
            return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s.points[%d]: expected [x, y] with "
                             "finite numbers", what, path, i);
        b->points[i][0] = x->valuedouble + 0.0;
        b->points[i][1] = y->valuedouble + 0.0;
    }
    b->point_count = n;
    return EDDY_OK;
}

static eddy_result read_name(const cJSON *item, const char *what, const char *path,
                             const char *key, const char *const *names, int count, int *out,
                             eddy_error *err)
{
    int k = cJSON_IsString(item) ? lookup(names, count, item->valuestring) : -1;
    if (k < 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s.%s: expected one of \"%s\", \"%s\", "
                         "\"%s\"", what, path, key, names[0], names[1], names[2]);
    *out = k;
    return EDDY_OK;
}

/* The shape first: it says which number fields belong. */
static eddy_result read_shape(const cJSON *obj, const char *what, const char *path,
                              eddy_scene_body *b, eddy_error *err)
{
    const cJSON *shape = cJSON_GetObjectItemCaseSensitive(obj, "shape");
    if (!shape) return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s: missing field 'shape'", what, path);
    int k = 0;
    eddy_result rc = read_name(shape, what, path, "shape", SHAPE_NAMES, 3, &k, err);
    b->shape = (eddy_scene_shape)k;
    return rc;
}

static eddy_result read_body_number(const cJSON *child, const char *what, const char *path,
                                    const body_field *f, eddy_scene_body *b, eddy_error *err)
{
    if (!(f->shapes & (1 << b->shape)))
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s.%s: not a field of a %s", what, path,
                         f->name, SHAPE_NAMES[b->shape]);
    if (!cJSON_IsNumber(child) || !isfinite(child->valuedouble) ||
        (f->positive && !(child->valuedouble > 0)))
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s.%s: expected %s", what, path, f->name,
                         f->positive ? "a number > 0" : "a finite number");
    *(double *)((char *)b + f->offset) = child->valuedouble + 0.0;
    return EDDY_OK;
}

static eddy_result read_body_key(const cJSON *child, const char *what, const char *path,
                                 eddy_scene_body *b, unsigned *seen, eddy_error *err)
{
    const char *key = child->string ? child->string : "";
    if (strcmp(key, "shape") == 0) return EDDY_OK;
    if (strcmp(key, "type") == 0) {
        int k = 0;
        eddy_result rc = read_name(child, what, path, "type", TYPE_NAMES, 3, &k, err);
        b->type = (eddy_body_type)k;
        return rc;
    }
    if (strcmp(key, "drag") == 0) {
        if (!cJSON_IsNumber(child) || !(child->valuedouble >= 0 && child->valuedouble <= 100))
            return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s.drag: expected a drag coefficient "
                             "from 0 to 100", what, path);
        b->drag = child->valuedouble + 0.0;
        return EDDY_OK;
    }
    if (strcmp(key, "points") == 0) {
        if (b->shape != EDDY_SCENE_POLYGON)
            return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s.points: not a field of a %s", what,
                             path, SHAPE_NAMES[b->shape]);
        *seen |= 1u << BODY_FIELD_COUNT;
        return read_points(child, what, path, b, err);
    }
    for (int f = 0; f < BODY_FIELD_COUNT; ++f)
        if (strcmp(key, BODY_FIELDS[f].name) == 0) {
            *seen |= 1u << f;
            return read_body_number(child, what, path, &BODY_FIELDS[f], b, err);
        }
    return eddy_fail(err, EDDY_ERR_FORMAT, "%s: unknown field '%.60s.%.40s'", what, path, key);
}

static eddy_result check_required(const char *what, const char *path, const eddy_scene_body *b,
                                  unsigned seen, bool need_position, eddy_error *err)
{
    /* required: the size fields of this shape, and the position of a body */
    for (int f = 0; f < BODY_FIELD_COUNT; ++f) {
        bool position = strcmp(BODY_FIELDS[f].name, "x") == 0 || strcmp(BODY_FIELDS[f].name, "y") == 0;
        bool required = BODY_FIELDS[f].shapes == (1 << b->shape) || (need_position && position);
        if (required && !(seen & (1u << f)))
            return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s: missing field '%s'", what, path,
                             BODY_FIELDS[f].name);
    }
    if (b->shape == EDDY_SCENE_POLYGON && !(seen & (1u << BODY_FIELD_COUNT)))
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s: missing field 'points'", what, path);
    return EDDY_OK;
}

static eddy_result read_body(const cJSON *obj, const char *what, const char *path,
                             bool need_position, eddy_scene_body *b, eddy_error *err)
{
    memset(b, 0, sizeof *b);
    b->density = DEFAULT_BODY_DENSITY;
    b->type = EDDY_BODY_DYNAMIC;
    b->drag = -1.0;
    if (!cJSON_IsObject(obj))
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s: expected an object", what, path);
    eddy_result rc = read_shape(obj, what, path, b, err);
    unsigned seen = 0;
    for (const cJSON *child = obj->child; child && rc == EDDY_OK; child = child->next) {
        for (const cJSON *other = obj->child; other != child; other = other->next)
            if (other->string && child->string && strcmp(other->string, child->string) == 0)
                return eddy_fail(err, EDDY_ERR_FORMAT, "%s: duplicate field '%.60s.%.40s'",
                                 what, path, child->string);
        rc = read_body_key(child, what, path, b, &seen, err);
    }
    return rc == EDDY_OK ? check_required(what, path, b, seen, need_position, err) : rc;
}

eddy_result eddyi_scene_parse_bodies(const cJSON *item, const char *what, const char *array_path,
                                    bool need_position, eddy_scene_body **out, int *count,
                                    eddy_error *err)
{
    if (!cJSON_IsArray(item))
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s: expected an array of objects", what,
                         array_path);
    int n = cJSON_GetArraySize(item);
    if (n > EDDY_SCENE_MAX_BODIES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s: %d entries, at most %d", what, array_path,
                         n, EDDY_SCENE_MAX_BODIES);
    eddy_scene_body *arr = eddy_calloc(n > 0 ? (size_t)n : 1, sizeof *arr);
    if (!arr) return eddy_fail(err, EDDY_ERR_MEMORY, "%s: %s: out of memory", what, array_path);
    int i = 0;
    for (const cJSON *child = item->child; child; child = child->next, ++i) {
        char path[96];
        snprintf(path, sizeof path, "%.70s[%d]", array_path, i);
        eddy_result rc = read_body(child, what, path, need_position, &arr[i], err);
        if (rc != EDDY_OK) {
            eddy_free(arr);
            return rc;
        }
    }
    *out = arr;
    *count = n;
    return EDDY_OK;
}

static bool add_number(cJSON *obj, const char *name, double v)
{
    cJSON *item = eddyi_scene_exact_number(v);
    if (item && cJSON_AddItemToObject(obj, name, item)) return true;
    cJSON_Delete(item);
    return false;
}

static bool write_body(cJSON *obj, const eddy_scene_body *b)
{
    bool ok = cJSON_AddStringToObject(obj, "shape", SHAPE_NAMES[b->shape]) != NULL &&
              cJSON_AddStringToObject(obj, "type", TYPE_NAMES[b->type]) != NULL;
    for (int f = 0; ok && f < BODY_FIELD_COUNT; ++f)
        if (BODY_FIELDS[f].shapes & (1 << b->shape))
            ok = add_number(obj, BODY_FIELDS[f].name,
                            *(const double *)((const char *)b + BODY_FIELDS[f].offset));
    if (ok && b->drag >= 0) ok = add_number(obj, "drag", b->drag);
    if (ok && b->shape == EDDY_SCENE_POLYGON) {
        cJSON *points = cJSON_AddArrayToObject(obj, "points");
        ok = points != NULL;
        for (int p = 0; ok && p < b->point_count; ++p) {
            cJSON *pair = cJSON_CreateArray();
            ok = pair && cJSON_AddItemToArray(points, pair);
            for (int c = 0; ok && c < 2; ++c) {
                cJSON *v = eddyi_scene_exact_number(b->points[p][c]);
                ok = v && cJSON_AddItemToArray(pair, v);
            }
        }
    }
    return ok;
}

bool eddyi_scene_write_bodies(cJSON *root, const eddy_scene_body *bodies, int count)
{
    if (count == 0) return true;
    cJSON *arr = cJSON_AddArrayToObject(root, "bodies");
    for (int i = 0; arr && i < count; ++i) {
        cJSON *obj = cJSON_CreateObject();
        if (!obj || !cJSON_AddItemToArray(arr, obj) || !write_body(obj, &bodies[i])) return false;
    }
    return arr != NULL;
}

eddy_result eddyi_scene_parse_feedback(const cJSON *item, eddy_feedback_mode *out, eddy_error *err)
{
    const eddy_feedback_mode modes[] = {EDDY_FEEDBACK_EXACT, EDDY_FEEDBACK_QUADTREE,
                                        EDDY_FEEDBACK_NAIVE, EDDY_FEEDBACK_OFF};
    for (int k = 0; k < 4; ++k)
        if (cJSON_IsString(item) && strcmp(item->valuestring, eddy_feedback_name(modes[k])) == 0) {
            *out = modes[k];
            return EDDY_OK;
        }
    return eddy_fail(err, EDDY_ERR_FORMAT,
                     "scene: feedback: expected \"exact\", \"quadtree\", \"naive\" or \"off\"");
}
