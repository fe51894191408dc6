// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* shape_catalogue.c - a level's catalogue of body shapes (JSON) and building
 * their panels into an asset at precompute time.
 *
 *   { "shapes": [ { "name": "crate",
 *                   "pieces": [ { "shape": "box", "hw": 0.4, "hh": 0.3 },
 *                               { "shape": "circle", "radius": 0.2, "x": 0.4 } ] } ] }
 *
 * Pieces take the keys of scene bodies (shape, hw/hh, radius, points, and x,
 * y, angle placing the piece in body space); velocities and types do not
 * belong here. Each shape is instantiated through the rigid-body port and its
 * outline read back exactly as the coupling will read a live body's, so the
 * asset's panels are found again at run time by exact comparison. */
#include "asset_shapes.h"
#include "body_pieces.h"
#include "builder_internal.h"
#include "scene_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CATALOGUE_MAX_BYTES (4u << 20)
#define CATALOGUE_MAX_SHAPES 1024

typedef struct catalogue_shape {
    char name[EDDY_SHAPE_NAME_MAX + 1];
    int piece_count;
    eddy_scene_body *pieces;
} catalogue_shape;

struct eddy_shape_catalogue {
    int count;
    catalogue_shape *shapes;
};

void eddy_shape_catalogue_destroy(eddy_shape_catalogue *c)
{
    if (!c) return;
    for (int s = 0; s < c->count; ++s) eddy_free(c->shapes[s].pieces);
    eddy_free(c->shapes);
    eddy_free(c);
}

int eddy_shape_catalogue_count(const eddy_shape_catalogue *c) { return c ? c->count : 0; }

static eddy_result read_name(const cJSON *obj, int i, char *out, const eddy_shape_catalogue *c,
                             eddy_error *err)
{
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(obj, "name");
    size_t len = cJSON_IsString(name) ? strlen(name->valuestring) : 0;
    if (len < 1 || len > EDDY_SHAPE_NAME_MAX)
        return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: shapes[%d].name: expected a string of "
                         "1..%d characters", i, EDDY_SHAPE_NAME_MAX);
    for (size_t b = 0; b < len; ++b)
        if ((unsigned char)name->valuestring[b] < 0x20)
            return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: shapes[%d].name: control character", i);
    for (int s = 0; s < i; ++s)
        if (strcmp(c->shapes[s].name, name->valuestring) == 0)
            return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: shapes[%d].name: '%s' is already "
                             "shapes[%d]", i, name->valuestring, s);
    memcpy(out, name->valuestring, len + 1);
    return EDDY_OK;
}

/* Pieces are bodies without motion: refuse what would be silently ignored. */
static eddy_result check_pieces(const catalogue_shape *s, int i, eddy_error *err)
{
    for (int p = 0; p < s->piece_count; ++p) {
        const eddy_scene_body *b = &s->pieces[p];
        if (b->vx != 0 || b->vy != 0 || b->omega != 0 || b->type != EDDY_BODY_DYNAMIC)
            return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: shapes[%d].pieces[%d]: velocities "
                             "and types do not belong in a shape catalogue", i, p);
    }
    if (s->piece_count < 1 || s->piece_count > EDDY_PANEL_MAX_PIECES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: shapes[%d].pieces: expected 1..%d "
                         "pieces", i, EDDY_PANEL_MAX_PIECES);
    return EDDY_OK;
}

static eddy_result read_shape(const cJSON *obj, int i, eddy_shape_catalogue *c, eddy_error *err)
{
    catalogue_shape *s = &c->shapes[i];
    if (!cJSON_IsObject(obj))
        return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: shapes[%d]: expected an object", i);
    for (const cJSON *k = obj->child; k; k = k->next)
        if (strcmp(k->string, "name") != 0 && strcmp(k->string, "pieces") != 0)
            return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: unknown field 'shapes[%d].%.40s'", i,
                             k->string);
    eddy_result res = read_name(obj, i, s->name, c, err);
    if (res != EDDY_OK) return res;
    char path[48];
    snprintf(path, sizeof path, "shapes[%d].pieces", i);
    const cJSON *pieces = cJSON_GetObjectItemCaseSensitive(obj, "pieces");
    if (!pieces) return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: %s: missing", path);
    res = eddyi_scene_parse_bodies(pieces, "catalogue", path, false, &s->pieces, &s->piece_count,
                                  err);
    return res == EDDY_OK ? check_pieces(s, i, err) : res;
}

static eddy_result read_catalogue(const cJSON *root, eddy_shape_catalogue *c, eddy_error *err)
{
    if (!cJSON_IsObject(root))
        return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: the document must be a JSON object");
    for (const cJSON *k = root->child; k; k = k->next)
        if (strcmp(k->string, "shapes") != 0 && strcmp(k->string, "comment") != 0)
            return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: unknown field '%.40s'", k->string);
    const cJSON *shapes = cJSON_GetObjectItemCaseSensitive(root, "shapes");
    int n = cJSON_IsArray(shapes) ? cJSON_GetArraySize(shapes) : -1;
    if (n < 1 || n > CATALOGUE_MAX_SHAPES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: shapes: expected an array of 1..%d "
                         "shapes", CATALOGUE_MAX_SHAPES);
    c->shapes = eddy_calloc((size_t)n, sizeof *c->shapes);
    if (!c->shapes) return eddy_fail(err, EDDY_ERR_MEMORY, "catalogue: out of memory");
    int i = 0;
    for (const cJSON *s = shapes->child; s; s = s->next, ++i) {
        c->count = i + 1;
        eddy_result res = read_shape(s, i, c, err);
        if (res != EDDY_OK) return res;
    }
    return EDDY_OK;
}

eddy_result eddy_shape_catalogue_load_memory(const char *text, size_t size,
                                             eddy_shape_catalogue **out, eddy_error *err)
{
    if (!text || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "catalogue: NULL argument");
    *out = NULL;
    if (size > CATALOGUE_MAX_BYTES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "catalogue: not a JSON text of at most %u bytes",
                         CATALOGUE_MAX_BYTES);
    cJSON *root = NULL;
    eddy_result parsed = eddyi_json_parse_text(text, size, "catalogue", &root, err);
    if (parsed != EDDY_OK) return parsed;
    eddy_shape_catalogue *c = eddy_calloc(1, sizeof *c);
    eddy_result res = c ? read_catalogue(root, c, err)
                        : eddy_fail(err, EDDY_ERR_MEMORY, "catalogue: out of memory");
    cJSON_Delete(root);
    if (res != EDDY_OK) {
        eddy_shape_catalogue_destroy(c);
        return res;
    }
    *out = c;
    return EDDY_OK;
}

eddy_result eddy_shape_catalogue_load_file(const char *path, eddy_shape_catalogue **out,
                                           eddy_error *err)
{
    if (!path || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "catalogue: NULL argument");
    *out = NULL;
    uint8_t *data;
    size_t size;
    eddy_result res = eddy_read_file(path, CATALOGUE_MAX_BYTES, &data, &size, err);
    if (res != EDDY_OK) return res;
    eddy_error inner = {0};
    res = eddy_shape_catalogue_load_memory((const char *)data, size, out, &inner);
    eddy_free(data);
    if (res != EDDY_OK) return eddy_fail(err, res, "%s: %s", path, inner.message);
    return EDDY_OK;
}

/* ------------------------------------------------------------ building */

/* Panels of one piece at this spacing, at most (panel_shape.c cuts each
 * straight side into the odd count nearest its length over the spacing and
 * a circle into that of its circumference, at least 5): the pieces' own
 * outlines, before overlaps are trimmed away, so an upper bound. */
static double piece_panels(const eddy_scene_body *b, double spacing)
{
    if (b->shape == EDDY_SCENE_BOX)
        return 4.0 * 2.0 + 4.0 * (b->hw + b->hh) / spacing;
    if (b->shape == EDDY_SCENE_CIRCLE)
        return 6.0 + 2.0 * M_PI * b->radius / spacing;
    double n = 0.0;
    for (int v = 0; v < b->point_count; ++v) {
        const double *p = b->points[v], *q = b->points[(v + 1) % b->point_count];
        n += 2.0 + hypot(q[0] - p[0], q[1] - p[1]) / spacing;
    }
    return n;
}

double eddyi_shape_catalogue_panel_bound(const eddy_shape_catalogue *c, int i, double spacing)
{
    if (!c || i < 0 || i >= c->count || !(spacing > 0)) return 0.0;
    double n = 0.0;
    for (int p = 0; p < c->shapes[i].piece_count; ++p) n += piece_panels(&c->shapes[i].pieces[p], spacing);
    return n;
}

const char *eddyi_shape_catalogue_name(const eddy_shape_catalogue *c, int i)
{
    return c && i >= 0 && i < c->count ? c->shapes[i].name : "";
}

/* A catalogue piece as a port shape: x, y, angle place it in body space. */
static eddy_shape_desc piece_shape(const eddy_scene_body *b)
{
    eddy_shape_desc sd = {0};
    double c = cos(b->angle), s = sin(b->angle);
    if (b->shape == EDDY_SCENE_BOX) {
        sd.type = EDDY_SHAPE_BOX;
        sd.half_width = b->hw, sd.half_height = b->hh, sd.angle = b->angle;
        sd.center[0] = b->x, sd.center[1] = b->y;
    } else if (b->shape == EDDY_SCENE_CIRCLE) {
        sd.type = EDDY_SHAPE_CIRCLE;
        sd.radius = b->radius;
        sd.center[0] = b->x, sd.center[1] = b->y;
    } else {
        sd.type = EDDY_SHAPE_POLYGON;
        sd.vertex_count = b->point_count;
        for (int v = 0; v < b->point_count; ++v) {
            sd.vertices[v][0] = b->x + c * b->points[v][0] - s * b->points[v][1];
            sd.vertices[v][1] = b->y + s * b->points[v][0] + c * b->points[v][1];
        }
    }
    return sd;
}

/* The outline of one catalogue shape, through a throwaway port body. */
static eddy_result shape_pieces(const catalogue_shape *cs, eddy_piece *pieces, int *count,
                                eddy_error *err)
{
    eddy_world *world = NULL;
    eddy_body *body = NULL;
    eddy_result res = eddy_world_create(NULL, &world, err);
    eddy_body_desc bd = {0};
    if (res == EDDY_OK) res = eddy_body_create(world, &bd, &body, err);
    for (int p = 0; p < cs->piece_count && res == EDDY_OK; ++p) {
        eddy_shape_desc sd = piece_shape(&cs->pieces[p]);
        res = eddy_body_add_shape(body, &sd, NULL, err);
    }
    if (res == EDDY_OK) res = eddyi_body_panel_pieces(body, pieces, count, err);
    eddy_world_destroy(world);
    return res;
}

eddy_result eddyi_asset_build_shapes(eddy_asset *a, const eddy_shape_catalogue *cat, eddy_error *err)
{
    if (!cat || cat->count == 0) return EDDY_OK;
    a->shapes = eddy_calloc((size_t)cat->count, sizeof *a->shapes);
    if (!a->shapes) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory building shapes");
    double spacing = fmin(a->width / a->nx, a->height / a->ny);
    for (int i = 0; i < cat->count; ++i) {
        struct eddy_asset_shape *e = &a->shapes[i];
        a->shape_count = i + 1;
        memcpy(e->name, cat->shapes[i].name, sizeof e->name);
        e->spacing = spacing;
        eddy_error inner = {0};
        eddy_result res = shape_pieces(&cat->shapes[i], e->pieces, &e->piece_count, &inner);
        eddy_panel_shape_desc sd = {0};
        sd.name = e->name;
        sd.pieces = e->pieces;
        sd.piece_count = e->piece_count;
        sd.spacing = spacing;
        if (res == EDDY_OK) res = eddyi_panel_shape_build(&sd, &e->panels, &inner);
        if (res != EDDY_OK)
            return eddy_fail(err, res, "catalogue: shapes[%d] '%s': %s", i, e->name, inner.message);
    }
    return EDDY_OK;
}
