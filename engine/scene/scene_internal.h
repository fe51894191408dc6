// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* scene_internal.h - the bodies and walls parts of a scene (scene_bodies.c,
 * scene_walls.c), for scene.c's key table. Not installed. */
#ifndef EDDY_SCENE_INTERNAL_H
#define EDDY_SCENE_INTERNAL_H

#include "eddy_scene.h"

#include <cjson/cJSON.h>
#include <stdbool.h>

/* An array of body objects ("bodies" of a scene, "pieces" of a shape
 * catalogue entry) into a new calloc'd array (eddy_free() it). Messages read
 * "<what>: <array_path>[i].<field>: ...". need_position: x and y are
 * required (bodies) rather than 0 by default (pieces placed in body space). */
eddy_result eddyi_scene_parse_bodies(const cJSON *item, const char *what, const char *array_path,
                                    bool need_position, eddy_scene_body **out, int *count,
                                    eddy_error *err);
bool eddyi_scene_write_bodies(cJSON *root, const eddy_scene_body *bodies, int count);

/* "feedback": "exact" | "quadtree" | "naive" | "off" */
eddy_result eddyi_scene_parse_feedback(const cJSON *item, eddy_feedback_mode *out, eddy_error *err);

/* scene_walls.c: "walls" into a new calloc'd array (eddy_free() it); shape checks
 * that need no level size. */
eddy_result eddyi_scene_parse_walls(const cJSON *item, eddy_wall **out, int *count, eddy_error *err);
bool eddyi_scene_write_walls(cJSON *root, const eddy_wall *walls, int count);
/* EDDY_ERR_RANGE unless the asset has exactly these walls (none: anything). */
eddy_result eddyi_scene_check_walls(const eddy_wall *walls, int count, const eddy_asset *asset,
                                   eddy_error *err);

/* Numbers written so that they read back to the same bits (scene_json.c). */
cJSON *eddyi_scene_exact_number(double v);

/* eddy_json_find_nul_escape (json_text.c), eddy_json_check_text,
 * eddy_walls_from_json and eddy_walls_to_json are public (eddy_scene.h). */
/* json_text.c: line and column (from 1) of byte pos of text. */
void eddyi_json_line_column(const char *text, size_t pos, long *line, long *column);
/* Parses text (size bytes, no terminator needed) as one JSON document, the
 * strict way every JSON loader reads: EDDY_ERR_FORMAT, with a message that
 * starts "what: " and names the line and column, for a zero byte, text that
 * is not UTF-8, an empty document, invalid JSON, anything but white space
 * after the value, or a "\u0000" escape. *out: cJSON_Delete it. */
eddy_result eddyi_json_parse_text(const char *text, size_t size, const char *what, cJSON **out,
                                 eddy_error *err);

#endif
