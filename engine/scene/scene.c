// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * scene.c - the JSON scene format of eddy_scene.h.
 *
 * Parsing is table driven at two levels so that a new key costs one table
 * entry:
 *   - ROOT_KEYS maps each top-level key to a parse and a write function;
 *   - objects made of numbers ("fluid", an init mode, a stir) and names (an
 *     excite entry's artist mode) are described by a field_spec table (name,
 *     offset into a C struct, range rule, required or not) that one generic
 *     routine reads and writes.
 * Every error names the field's path ("stirs[1].radius") so a designer can
 * find it; nothing is printed here.
 */
#include "eddy_scene.h"
#include "fluid_internal.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <limits.h>
#include "scene_internal.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCENE_DEFAULT_DT (1.0 / 60.0)
#define SCENE_DEFAULT_DENSITY 1000.0
#define SCENE_DEFAULT_GRAVITY_Y (-9.81)
/* eddy_fluid_desc.max_stirs when left zero (see eddy.h). */
#define FLUID_DEFAULT_MAX_STIRS 64

/* Field paths in messages are cut to this many bytes. */
#define PATH_MAX_LEN 96

struct eddy_scene {
    char *comment;
    double dt;
    double density, viscosity;
    double gravity[2];
    int init_mode_count;
    eddy_scene_mode *init_modes;
    int stir_count;
    eddy_scene_stir *stirs;
    int body_count;
    eddy_scene_body *bodies;
    eddy_feedback_mode feedback;
    bool buoyancy;
    int excite_count;
    eddy_scene_excite *excites;
    int wall_count;
    eddy_wall *walls;
    double depth;          /* 0: a full tank */
    double wave_viscosity; /* -1: the fluid's */
    bool open_top;
};

/* ------------------------------------------------------------ field paths */

/* Copies a JSON key for a message: control bytes become '?', long keys are
 * cut with "...". */
static void clean_name(const char *name, char *out, size_t cap)
{
    size_t n = 0;
    const size_t keep = cap - 4;
    for (; name[n] && n < keep; n++) {
        unsigned char c = (unsigned char)name[n];
        out[n] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    if (name[n]) {
        memcpy(out + n, "...", 3);
        n += 3;
    }
    out[n] = '\0';
}

static void path_join(char *out, const char *parent, const char *name)
{
    char clean[48];
    clean_name(name, clean, sizeof clean);
    if (parent[0])
        snprintf(out, PATH_MAX_LEN, "%s.%s", parent, clean);
    else
        snprintf(out, PATH_MAX_LEN, "%s", clean);
}

static void path_index(char *out, const char *parent, int index)
{
    snprintf(out, PATH_MAX_LEN, "%s[%d]", parent, index);
}

/* ------------------------------------------------------------ numbers */

typedef enum num_rule {
    NUM_ANY,   /* any finite double */
    NUM_GE0,   /* finite, >= 0 */
    NUM_GT0,   /* finite, > 0 */
    NUM_INDEX, /* an integer in 0..INT_MAX, stored as int */
    TEXT_NAME  /* not a number: a string of 1..EDDY_ARTIST_NAME_MAX bytes without
                  control characters, stored in a char[EDDY_ARTIST_NAME_MAX + 1] */
} num_rule;

static const char *rule_text(num_rule rule)
{
    switch (rule) {
    case NUM_ANY: return "a number";
    case NUM_GE0: return "a number >= 0";
    case NUM_GT0: return "a number > 0";
    case NUM_INDEX: return "an integer >= 0";
    case TEXT_NAME: return "a name (a string of 1..80 bytes, no control characters)";
    }
    return "a number";
}

/* Reads a TEXT_NAME field into the char array at dst. */
static eddy_result read_name(const cJSON *item, const char *path, char *dst, eddy_error *err)
{
    const char *text = cJSON_IsString(item) ? item->valuestring : NULL;
    size_t len = text ? strlen(text) : 0;
    bool ok = text && len >= 1 && len <= EDDY_ARTIST_NAME_MAX;
    for (size_t i = 0; ok && i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        ok = c >= 0x20 && c != 0x7f;
    }
    if (!ok)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s: expected %s", path, rule_text(TEXT_NAME));
    memcpy(dst, text, len + 1);
    return EDDY_OK;
}

/* Reads item under rule into *dst (a double, or an int for NUM_INDEX). */
static eddy_result read_number(const cJSON *item, const char *path, num_rule rule, void *dst,
                               eddy_error *err)
{
    if (!cJSON_IsNumber(item))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s: expected %s", path, rule_text(rule));
    double v = item->valuedouble;
    if (!isfinite(v))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s: expected %s, got a value too large to represent",
                         path, rule_text(rule));
    bool ok = true;
    switch (rule) {
    case NUM_ANY: break;
    case NUM_GE0: ok = v >= 0.0; break;
    case NUM_GT0: ok = v > 0.0; break;
    case NUM_INDEX: ok = v >= 0.0 && v <= (double)INT_MAX && v == floor(v); break;
    case TEXT_NAME: ok = false; break; /* read by read_name */
    }
    if (!ok)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s: expected %s, got %.17g", path,
                         rule_text(rule), v);
    if (rule == NUM_INDEX)
        *(int *)dst = (int)v;
    else
        *(double *)dst = v + 0.0; /* -0 becomes +0: cJSON writes both as "0", so
                                     this keeps write-then-read bit-exact */
    return EDDY_OK;
}

/* ------------------------------------------------------------ objects of numbers */

typedef struct field_spec {
    const char *name;
    size_t offset;  /* of the double (or int for NUM_INDEX) in the target struct */
    num_rule rule;
    bool required;
} field_spec;

#define FIELD_COUNT(table) ((int)(sizeof(table) / sizeof((table)[0])))

/* Fills target from a JSON object whose every key must be in specs. Fields
 * left out keep the value target already holds (its default). */
static eddy_result read_fields(const cJSON *obj, const char *path, const field_spec *specs,
                               int count, void *target, eddy_error *err)
{
    if (!cJSON_IsObject(obj))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s: expected an object", path);
    unsigned seen = 0; /* count <= 32 */
    for (const cJSON *child = obj->child; child; child = child->next) {
        char sub[PATH_MAX_LEN];
        path_join(sub, path, child->string ? child->string : "");
        int f = 0;
        while (f < count && strcmp(specs[f].name, child->string ? child->string : "") != 0)
            f++;
        if (f == count)
            return eddy_fail(err, EDDY_ERR_FORMAT, "scene: unknown field '%s'", sub);
        if (seen & (1u << f))
            return eddy_fail(err, EDDY_ERR_FORMAT, "scene: duplicate field '%s'", sub);
        seen |= 1u << f;
        char *dst = (char *)target + specs[f].offset;
        eddy_result rc = specs[f].rule == TEXT_NAME ? read_name(child, sub, dst, err)
                                                    : read_number(child, sub, specs[f].rule, dst, err);
        if (rc != EDDY_OK)
            return rc;
    }
    for (int f = 0; f < count; f++)
        if (specs[f].required && !(seen & (1u << f)))
            return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s: missing field '%s'", path,
                             specs[f].name);
    return EDDY_OK;
}

static bool add_exact_number(cJSON *obj, const char *name, double v)
{
    cJSON *item = eddyi_scene_exact_number(v);
    if (item && cJSON_AddItemToObject(obj, name, item))
        return true;
    cJSON_Delete(item);
    return false;
}

/* Adds every field of target to obj; non-finite values (a t1 of "forever")
 * are left out, which is how they were written. */
static bool write_fields(cJSON *obj, const field_spec *specs, int count, const void *target)
{
    for (int f = 0; f < count; f++) {
        const char *p = (const char *)target + specs[f].offset;
        if (specs[f].rule == TEXT_NAME) {
            if (!cJSON_AddStringToObject(obj, specs[f].name, p))
                return false;
            continue;
        }
        double v = specs[f].rule == NUM_INDEX ? (double)*(const int *)p : *(const double *)p;
        if (!isfinite(v))
            continue;
        if (!add_exact_number(obj, specs[f].name, v))
            return false;
    }
    return true;
}

/* An array of objects of numbers, into a new calloc'd array of elem_size
 * elements, each starting as a copy of *defaults. check (optional) validates
 * relations between the fields of one element. */
typedef eddy_result (*elem_check_fn)(const void *elem, const char *path, eddy_error *err);

static eddy_result read_object_array(const cJSON *item, const char *path, const field_spec *specs,
                                     int spec_count, size_t elem_size, const void *defaults,
                                     elem_check_fn check, void **out, int *out_count,
                                     eddy_error *err)
{
    if (!cJSON_IsArray(item))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s: expected an array of objects", path);
    int n = cJSON_GetArraySize(item);
    unsigned char *arr = NULL;
    if (n > 0) {
        arr = eddy_calloc((size_t)n, elem_size);
        if (!arr)
            return eddy_fail(err, EDDY_ERR_MEMORY, "scene: %s: out of memory for %d entries", path, n);
    }
    int i = 0;
    for (const cJSON *child = item->child; child; child = child->next, i++) {
        char sub[PATH_MAX_LEN];
        path_index(sub, path, i);
        void *elem = arr + (size_t)i * elem_size;
        memcpy(elem, defaults, elem_size);
        eddy_result rc = read_fields(child, sub, specs, spec_count, elem, err);
        if (rc == EDDY_OK && check)
            rc = check(elem, sub, err);
        if (rc != EDDY_OK) {
            eddy_free(arr);
            return rc;
        }
    }
    *out = arr;
    *out_count = n;
    return EDDY_OK;
}

static bool write_object_array(cJSON *root, const char *name, const field_spec *specs,
                               int spec_count, size_t elem_size, const void *elems, int n)
{
    cJSON *arr = cJSON_AddArrayToObject(root, name);
    if (!arr)
        return false;
    for (int i = 0; i < n; i++) {
        cJSON *obj = cJSON_CreateObject();
        if (!obj)
            return false;
        cJSON_AddItemToArray(arr, obj);
        if (!write_fields(obj, specs, spec_count, (const char *)elems + (size_t)i * elem_size))
            return false;
    }
    return true;
}

/* ------------------------------------------------------------ the keys */

static const field_spec FLUID_FIELDS[] = {
    {"density", offsetof(eddy_scene, density), NUM_GT0, false},
    {"viscosity", offsetof(eddy_scene, viscosity), NUM_GE0, false},
};

static const field_spec MODE_FIELDS[] = {
    {"mode", offsetof(eddy_scene_mode, mode), NUM_INDEX, true},
    {"amp", offsetof(eddy_scene_mode, amp), NUM_ANY, true},
};

static const field_spec STIR_FIELDS[] = {
    {"t0", offsetof(eddy_scene_stir, t0), NUM_ANY, false},
    {"t1", offsetof(eddy_scene_stir, t1), NUM_ANY, false},
    {"x", offsetof(eddy_scene_stir, stir.x), NUM_ANY, true},
    {"y", offsetof(eddy_scene_stir, stir.y), NUM_ANY, true},
    {"radius", offsetof(eddy_scene_stir, stir.radius), NUM_GT0, true},
    {"fx", offsetof(eddy_scene_stir, stir.fx), NUM_ANY, true},
    {"fy", offsetof(eddy_scene_stir, stir.fy), NUM_ANY, true},
};

static const field_spec EXCITE_FIELDS[] = {
    {"mode", offsetof(eddy_scene_excite, mode), TEXT_NAME, true},
    {"t0", offsetof(eddy_scene_excite, t0), NUM_ANY, false},
    {"t1", offsetof(eddy_scene_excite, t1), NUM_ANY, false},
    {"amp", offsetof(eddy_scene_excite, amp), NUM_ANY, true},
};

static eddy_result check_excite(const void *elem, const char *path, eddy_error *err)
{
    const eddy_scene_excite *e = elem;
    if (e->t1 < e->t0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s.t1: %.17g is before t0 = %.17g", path,
                         e->t1, e->t0);
    return EDDY_OK;
}

static eddy_result check_stir(const void *elem, const char *path, eddy_error *err)
{
    const eddy_scene_stir *s = elem;
    if (s->t1 < s->t0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %s.t1: %.17g is before t0 = %.17g", path,
                         s->t1, s->t0);
    return EDDY_OK;
}

static eddy_result parse_comment(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    if (!cJSON_IsString(item) || !item->valuestring)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: comment: expected a string");
    char *copy = eddy_strdup(item->valuestring);
    if (!copy)
        return eddy_fail(err, EDDY_ERR_MEMORY, "scene: comment: out of memory");
    eddy_free(s->comment);
    s->comment = copy;
    return EDDY_OK;
}

static bool write_comment(const eddy_scene *s, cJSON *root)
{
    return !s->comment || !s->comment[0] || cJSON_AddStringToObject(root, "comment", s->comment);
}

static eddy_result parse_dt(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    return read_number(item, "dt", NUM_GT0, &s->dt, err);
}

static bool write_dt(const eddy_scene *s, cJSON *root)
{
    return add_exact_number(root, "dt", s->dt);
}

static eddy_result parse_fluid(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    return read_fields(item, "fluid", FLUID_FIELDS, FIELD_COUNT(FLUID_FIELDS), s, err);
}

static bool write_fluid(const eddy_scene *s, cJSON *root)
{
    cJSON *obj = cJSON_AddObjectToObject(root, "fluid");
    return obj && write_fields(obj, FLUID_FIELDS, FIELD_COUNT(FLUID_FIELDS), s);
}

static eddy_result parse_gravity(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    if (!cJSON_IsArray(item) || cJSON_GetArraySize(item) != 2)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: gravity: expected an array of 2 numbers [gx, gy]");
    const char *names[2] = {"gravity[0]", "gravity[1]"};
    int i = 0;
    for (const cJSON *c = item->child; c; c = c->next, i++) {
        eddy_result rc = read_number(c, names[i], NUM_ANY, &s->gravity[i], err);
        if (rc != EDDY_OK)
            return rc;
    }
    return EDDY_OK;
}

static bool write_gravity(const eddy_scene *s, cJSON *root)
{
    cJSON *arr = cJSON_AddArrayToObject(root, "gravity");
    for (int i = 0; arr && i < 2; i++) {
        cJSON *item = eddyi_scene_exact_number(s->gravity[i]);
        if (!item || !cJSON_AddItemToArray(arr, item)) {
            cJSON_Delete(item);
            return false;
        }
    }
    return arr != NULL;
}

static eddy_result parse_init_modes(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    const eddy_scene_mode defaults = {0, 0.0};
    void *arr = NULL;
    int n = 0;
    eddy_result rc = read_object_array(item, "init_modes", MODE_FIELDS, FIELD_COUNT(MODE_FIELDS),
                                       sizeof(eddy_scene_mode), &defaults, NULL, &arr, &n, err);
    if (rc != EDDY_OK)
        return rc;
    eddy_free(s->init_modes);
    s->init_modes = arr;
    s->init_mode_count = n;
    return EDDY_OK;
}

static bool write_init_modes(const eddy_scene *s, cJSON *root)
{
    return write_object_array(root, "init_modes", MODE_FIELDS, FIELD_COUNT(MODE_FIELDS),
                              sizeof(eddy_scene_mode), s->init_modes, s->init_mode_count);
}

static eddy_result parse_stirs(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    const eddy_scene_stir defaults = {.t0 = 0.0, .t1 = INFINITY};
    void *arr = NULL;
    int n = 0;
    eddy_result rc = read_object_array(item, "stirs", STIR_FIELDS, FIELD_COUNT(STIR_FIELDS),
                                       sizeof(eddy_scene_stir), &defaults, check_stir, &arr, &n,
                                       err);
    if (rc != EDDY_OK)
        return rc;
    eddy_free(s->stirs);
    s->stirs = arr;
    s->stir_count = n;
    return EDDY_OK;
}

static bool write_stirs(const eddy_scene *s, cJSON *root)
{
    return write_object_array(root, "stirs", STIR_FIELDS, FIELD_COUNT(STIR_FIELDS),
                              sizeof(eddy_scene_stir), s->stirs, s->stir_count);
}

/* "excite": artist modes by name at a rate (chapter 5.2); names are checked
 * against the asset when the scene is applied. */
static eddy_result parse_excite(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    const eddy_scene_excite defaults = {.t0 = 0.0, .t1 = INFINITY};
    void *arr = NULL;
    int n = 0;
    eddy_result rc = read_object_array(item, "excite", EXCITE_FIELDS, FIELD_COUNT(EXCITE_FIELDS),
                                       sizeof(eddy_scene_excite), &defaults, check_excite, &arr,
                                       &n, err);
    if (rc != EDDY_OK)
        return rc;
    eddy_free(s->excites);
    s->excites = arr;
    s->excite_count = n;
    return EDDY_OK;
}

static bool write_excite(const eddy_scene *s, cJSON *root)
{
    return write_object_array(root, "excite", EXCITE_FIELDS, FIELD_COUNT(EXCITE_FIELDS),
                              sizeof(eddy_scene_excite), s->excites, s->excite_count);
}

static eddy_result parse_feedback(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    return eddyi_scene_parse_feedback(item, &s->feedback, err);
}

static bool write_feedback(const eddy_scene *s, cJSON *root)
{
    return cJSON_AddStringToObject(root, "feedback", eddy_feedback_name(s->feedback)) != NULL;
}

static eddy_result parse_buoyancy(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    if (!cJSON_IsBool(item))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: buoyancy: expected true or false");
    s->buoyancy = cJSON_IsTrue(item);
    return EDDY_OK;
}

static bool write_buoyancy(const eddy_scene *s, cJSON *root)
{
    return cJSON_AddBoolToObject(root, "buoyancy", s->buoyancy) != NULL;
}

static eddy_result parse_bodies(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    eddy_scene_body *bodies = NULL;
    int n = 0;
    eddy_result rc = eddyi_scene_parse_bodies(item, "scene", "bodies", true, &bodies, &n, err);
    if (rc != EDDY_OK)
        return rc;
    eddy_free(s->bodies);
    s->bodies = bodies;
    s->body_count = n;
    return EDDY_OK;
}

static bool write_bodies(const eddy_scene *s, cJSON *root)
{
    return eddyi_scene_write_bodies(root, s->bodies, s->body_count);
}

static eddy_result parse_walls(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    eddy_wall *walls = NULL;
    int n = 0;
    eddy_result rc = eddyi_scene_parse_walls(item, &walls, &n, err);
    if (rc != EDDY_OK)
        return rc;
    eddy_free(s->walls);
    s->walls = walls;
    s->wall_count = n;
    return EDDY_OK;
}

static bool write_walls(const eddy_scene *s, cJSON *root)
{
    return eddyi_scene_write_walls(root, s->walls, s->wall_count);
}

/* A tank filled to a depth (eddy_surface.h): the water's depth at rest, the
 * waves' viscosity, an open top. Written only when given, so that a scene
 * without them reads and writes as before. */
static eddy_result parse_depth(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    if (!cJSON_IsNumber(item) || !(item->valuedouble > 0) || !isfinite(item->valuedouble) ||
        item->valuedouble > EDDY_MAX_SIDE)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: depth: expected a number in (0, %g]",
                         EDDY_MAX_SIDE);
    s->depth = item->valuedouble;
    return EDDY_OK;
}

static bool write_depth(const eddy_scene *s, cJSON *root)
{
    return s->depth == 0 || cJSON_AddNumberToObject(root, "depth", s->depth) != NULL;
}

static eddy_result parse_wave_viscosity(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    if (!cJSON_IsNumber(item) || !(item->valuedouble >= 0) || !isfinite(item->valuedouble))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: wave_viscosity: expected a number >= 0");
    s->wave_viscosity = item->valuedouble;
    return EDDY_OK;
}

static bool write_wave_viscosity(const eddy_scene *s, cJSON *root)
{
    return s->wave_viscosity < 0 ||
           cJSON_AddNumberToObject(root, "wave_viscosity", s->wave_viscosity) != NULL;
}

static eddy_result parse_open_top(eddy_scene *s, const cJSON *item, eddy_error *err)
{
    if (!cJSON_IsBool(item))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: open_top: expected true or false");
    s->open_top = cJSON_IsTrue(item);
    return EDDY_OK;
}

static bool write_open_top(const eddy_scene *s, cJSON *root)
{
    return !s->open_top || cJSON_AddBoolToObject(root, "open_top", true) != NULL;
}

/* Every top-level key. A new key ("bodies", "feedback", ...) is one entry
 * here plus its two functions; the writer order is the order of this table. */
static const struct root_key {
    const char *name;
    eddy_result (*parse)(eddy_scene *s, const cJSON *item, eddy_error *err);
    bool (*write)(const eddy_scene *s, cJSON *root);
} ROOT_KEYS[] = {
    {"comment", parse_comment, write_comment},
    {"dt", parse_dt, write_dt},
    {"fluid", parse_fluid, write_fluid},
    {"gravity", parse_gravity, write_gravity},
    {"init_modes", parse_init_modes, write_init_modes},
    {"stirs", parse_stirs, write_stirs},
    {"feedback", parse_feedback, write_feedback},
    {"buoyancy", parse_buoyancy, write_buoyancy},
    {"bodies", parse_bodies, write_bodies},
    {"excite", parse_excite, write_excite},
    {"walls", parse_walls, write_walls},
    {"depth", parse_depth, write_depth},
    {"wave_viscosity", parse_wave_viscosity, write_wave_viscosity},
    {"open_top", parse_open_top, write_open_top},
};

#define ROOT_KEY_COUNT ((int)(sizeof ROOT_KEYS / sizeof ROOT_KEYS[0]))

/* ------------------------------------------------------------ loading */

static void scene_defaults(eddy_scene *s)
{
    memset(s, 0, sizeof *s);
    s->dt = SCENE_DEFAULT_DT;
    s->density = SCENE_DEFAULT_DENSITY;
    s->viscosity = 0.0;
    s->gravity[0] = 0.0;
    s->gravity[1] = SCENE_DEFAULT_GRAVITY_Y;
    s->feedback = EDDY_FEEDBACK_EXACT;
    s->buoyancy = true; /* the coupling's default: a neutral body floats */
    s->wave_viscosity = -1.0;
}

void eddy_scene_destroy(eddy_scene *scene)
{
    if (!scene)
        return;
    eddy_free(scene->comment);
    eddy_free(scene->init_modes);
    eddy_free(scene->stirs);
    eddy_free(scene->excites);
    eddy_free(scene->bodies);
    eddy_free(scene->walls);
    eddy_free(scene);
}

static eddy_result parse_root(eddy_scene *s, const cJSON *root, eddy_error *err)
{
    if (!cJSON_IsObject(root))
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: the document must be a JSON object {...}");
    bool seen[ROOT_KEY_COUNT] = {false};
    for (const cJSON *child = root->child; child; child = child->next) {
        const char *name = child->string ? child->string : "";
        int k = 0;
        while (k < ROOT_KEY_COUNT && strcmp(ROOT_KEYS[k].name, name) != 0)
            k++;
        char clean[PATH_MAX_LEN];
        if (k == ROOT_KEY_COUNT) {
            path_join(clean, "", name);
            return eddy_fail(err, EDDY_ERR_FORMAT, "scene: unknown field '%s'", clean);
        }
        if (seen[k])
            return eddy_fail(err, EDDY_ERR_FORMAT, "scene: duplicate field '%s'", ROOT_KEYS[k].name);
        seen[k] = true;
        eddy_result rc = ROOT_KEYS[k].parse(s, child, err);
        if (rc != EDDY_OK)
            return rc;
    }
    return EDDY_OK;
}

eddy_result eddy_scene_load_memory(const char *text, size_t size, eddy_scene **out,
                                   eddy_error *err)
{
    eddyi_clear_error(err);
    if (!out || (!text && size > 0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: NULL argument");
    *out = NULL;
    if (size > EDDY_SCENE_MAX_BYTES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: %zu bytes is more than the %u-byte limit",
                         size, (unsigned)EDDY_SCENE_MAX_BYTES);
    cJSON *root = NULL;
    eddy_result parsed = eddyi_json_parse_text(text, size, "scene", &root, err);
    if (parsed != EDDY_OK)
        return parsed;

    eddy_scene *s = eddy_alloc(sizeof *s);
    if (!s) {
        cJSON_Delete(root);
        return eddy_fail(err, EDDY_ERR_MEMORY, "scene: out of memory");
    }
    scene_defaults(s);
    eddy_result rc = parse_root(s, root, err);
    cJSON_Delete(root);
    if (rc != EDDY_OK) {
        eddy_scene_destroy(s);
        return rc;
    }
    *out = s;
    return EDDY_OK;
}

eddy_result eddy_scene_load_file(const char *path, eddy_scene **out, eddy_error *err)
{
    eddyi_clear_error(err);
    if (!path || !out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: NULL argument");
    *out = NULL;
    FILE *f = NULL;
    eddy_error open_err = {0};
    if (eddy_open_input(path, &f, &open_err) != EDDY_OK)
        return eddy_fail(err, EDDY_ERR_IO, "scene: %s", open_err.message);
    /* Read at most one byte past the limit: enough to know it is too big. */
    size_t cap = (size_t)EDDY_SCENE_MAX_BYTES + 1;
    char *buf = eddy_alloc(cap);
    if (!buf) {
        fclose(f);
        return eddy_fail(err, EDDY_ERR_MEMORY, "scene: out of memory");
    }
    size_t n = fread(buf, 1, cap, f);
    int read_errno = ferror(f) ? errno : 0;
    bool failed = ferror(f) != 0;
    fclose(f);
    if (failed) {
        eddy_free(buf);
        return eddy_fail(err, EDDY_ERR_IO, "scene: cannot read '%s': %s", path,
                         read_errno ? strerror(read_errno) : "read error");
    }
    if (n > EDDY_SCENE_MAX_BYTES) {
        eddy_free(buf);
        return eddy_fail(err, EDDY_ERR_FORMAT, "scene: '%s' is larger than the %u-byte limit", path,
                         (unsigned)EDDY_SCENE_MAX_BYTES);
    }
    eddy_result rc = eddy_scene_load_memory(buf, n, out, err);
    eddy_free(buf);
    return rc;
}

/* ------------------------------------------------------------ queries */

void eddy_scene_get(const eddy_scene *scene, eddy_scene_view *out)
{
    if (!out)
        return;
    memset(out, 0, sizeof *out);
    if (!scene)
        return;
    out->comment = scene->comment ? scene->comment : "";
    out->dt = scene->dt;
    out->density = scene->density;
    out->viscosity = scene->viscosity;
    out->gravity[0] = scene->gravity[0];
    out->gravity[1] = scene->gravity[1];
    out->init_mode_count = scene->init_mode_count;
    out->init_modes = scene->init_modes;
    out->stir_count = scene->stir_count;
    out->stirs = scene->stirs;
    out->excite_count = scene->excite_count;
    out->excites = scene->excites;
    out->body_count = scene->body_count;
    out->bodies = scene->bodies;
    out->feedback = scene->feedback;
    out->buoyancy = scene->buoyancy;
    out->wall_count = scene->wall_count;
    out->walls = scene->walls;
    out->depth = scene->depth;
    out->wave_viscosity = scene->wave_viscosity;
    out->open_top = scene->open_top;
}

/* A scene that names a depth must run on an asset filled to it. */
static eddy_result check_depth(const eddy_scene *scene, const eddy_asset *asset, eddy_error *err)
{
    if (scene->depth == 0) return EDDY_OK;
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    if (fabs(info.height - scene->depth) <= 1e-9 * scene->depth) return EDDY_OK;
    return eddy_fail(err, EDDY_ERR_RANGE, "scene: depth: the scene's water is %g m deep, the "
                     "asset's %g m (of a %g m tank)", scene->depth, info.height, info.tank_height);
}

eddy_result eddy_scene_check_asset_walls(const eddy_scene *scene, const eddy_asset *asset,
                                         eddy_error *err)
{
    if (!scene || !asset)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: NULL argument");
    eddy_result rc = eddyi_scene_check_walls(scene->walls, scene->wall_count, asset, err);
    return rc == EDDY_OK ? check_depth(scene, asset, err) : rc;
}

double eddy_scene_dt(const eddy_scene *scene)
{
    return scene ? scene->dt : SCENE_DEFAULT_DT;
}

void eddy_scene_fluid_desc(const eddy_scene *scene, eddy_fluid_desc *desc)
{
    if (!scene || !desc)
        return;
    desc->density = scene->density;
    desc->viscosity = scene->viscosity;
    int queue = desc->max_stirs > 0 ? desc->max_stirs : FLUID_DEFAULT_MAX_STIRS;
    if (scene->stir_count > queue)
        desc->max_stirs = scene->stir_count;
}

/* ------------------------------------------------------------ applying */

/* The artist mode index of excite entry i, or EDDY_ERR_RANGE naming the
 * entry and the names the asset has. */
static eddy_result excite_index(const eddy_scene *scene, int i, const eddy_fluid *fluid,
                                int *index, eddy_error *err)
{
    const eddy_asset *asset = eddy_fluid_asset(fluid);
    const char *name = scene->excites[i].mode;
    *index = eddy_asset_find_artist(asset, name);
    if (*index >= 0)
        return EDDY_OK;
    char known[112] = "";
    size_t used = 0;
    int count = eddy_asset_artist_count(asset);
    for (int a = 0; a < count && used + 4 < sizeof known; a++) {
        int n = snprintf(known + used, sizeof known - used, "%s%s", a ? ", " : "",
                         eddy_asset_artist_name(asset, a));
        used = n < 0 ? sizeof known : used + (size_t)n;
    }
    if (used >= sizeof known)
        memcpy(known + sizeof known - 4, "...", 4);
    char clean[48];
    clean_name(name, clean, sizeof clean);
    if (count == 0)
        return eddy_fail(err, EDDY_ERR_RANGE, "scene: excite[%d].mode: the asset has no artist "
                         "modes (asked for '%s'; build it with precompute --artist)", i, clean);
    return eddy_fail(err, EDDY_ERR_RANGE, "scene: excite[%d].mode: the asset has no artist mode "
                     "'%s' (it has: %s)", i, clean, known);
}

eddy_result eddy_scene_apply_initial(const eddy_scene *scene, eddy_fluid *fluid, eddy_error *err)
{
    eddyi_clear_error(err);
    if (!scene || !fluid)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: NULL argument");
    int r = eddy_fluid_mode_count(fluid);
    for (int i = 0; i < scene->init_mode_count; i++) {
        int m = scene->init_modes[i].mode;
        if (m >= r)
            return eddy_fail(err, EDDY_ERR_RANGE, "scene: init_modes[%d].mode: %d is outside 0..%d",
                             i, m, r - 1);
    }
    for (int i = 0; i < scene->excite_count; i++) {
        int index;
        eddy_result rc = excite_index(scene, i, fluid, &index, err);
        if (rc != EDDY_OK)
            return rc;
    }
    eddy_result walls = eddyi_scene_check_walls(scene->walls, scene->wall_count,
                                               eddy_fluid_asset(fluid), err);
    if (walls != EDDY_OK)
        return walls;
    walls = check_depth(scene, eddy_fluid_asset(fluid), err);
    if (walls != EDDY_OK)
        return walls;
    double *coef = eddy_calloc(r > 0 ? (size_t)r : 1, sizeof *coef);
    if (!coef)
        return eddy_fail(err, EDDY_ERR_MEMORY, "scene: out of memory for %d coefficients", r);
    for (int i = 0; i < scene->init_mode_count; i++)
        coef[scene->init_modes[i].mode] += scene->init_modes[i].amp;
    eddy_result rc = eddy_fluid_set_coefficients(fluid, coef, r);
    eddy_free(coef);
    if (rc != EDDY_OK)
        return eddy_fail(err, rc, "scene: init_modes: the fluid refused the initial state (%s)",
                         eddy_result_name(rc));
    return EDDY_OK;
}

eddy_result eddy_scene_apply_forces(const eddy_scene *scene, eddy_fluid *fluid, double t,
                                    eddy_error *err)
{
    eddyi_clear_error(err);
    if (!scene || !fluid)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: NULL argument");
    if (isnan(t))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: time is NaN");
    for (int i = 0; i < scene->stir_count; i++) {
        const eddy_scene_stir *s = &scene->stirs[i];
        if (!(t >= s->t0 && t < s->t1))
            continue;
        eddy_result rc = eddy_fluid_add_stir(fluid, &s->stir);
        if (rc != EDDY_OK)
            return eddy_fail(err, rc, "scene: stirs[%d]: the fluid refused the stir (%s)", i,
                             eddy_result_name(rc));
    }
    for (int i = 0; i < scene->excite_count; i++) {
        const eddy_scene_excite *e = &scene->excites[i];
        if (!(t >= e->t0 && t < e->t1))
            continue;
        int index;
        eddy_result rc = excite_index(scene, i, fluid, &index, err);
        if (rc == EDDY_OK && (rc = eddy_fluid_excite_rate(fluid, index, e->amp)) != EDDY_OK)
            return eddy_fail(err, rc, "scene: excite[%d]: the fluid refused the excitation (%s)",
                             i, eddy_result_name(rc));
        if (rc != EDDY_OK)
            return rc;
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ writing */

eddy_result eddy_scene_to_json(const eddy_scene *scene, char **out_text, eddy_error *err)
{
    eddyi_clear_error(err);
    if (!scene || !out_text)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene: NULL argument");
    *out_text = NULL;
    cJSON *root = cJSON_CreateObject();
    bool ok = root != NULL;
    for (int k = 0; ok && k < ROOT_KEY_COUNT; k++)
        ok = ROOT_KEYS[k].write(scene, root);
    char *printed = ok ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!printed)
        return eddy_fail(err, EDDY_ERR_MEMORY, "scene: out of memory while writing JSON");
    /* Hand back memory from our own malloc whatever hooks cJSON was given. */
    char *copy = eddy_strdup(printed);
    cJSON_free(printed);
    if (!copy)
        return eddy_fail(err, EDDY_ERR_MEMORY, "scene: out of memory while writing JSON");
    *out_text = copy;
    return EDDY_OK;
}
