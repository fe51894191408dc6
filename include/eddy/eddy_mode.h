// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_mode.h - mode files: a named set of one or more velocity fields on a
 * staggered (MAC) grid, as painted by a designer or recorded from the
 * full-grid solver. The precompute tool reads them to enrich the eigenbasis
 * with artist and data-driven modes (chapter 5.2, eq. 5.10).
 *
 * THE GRID AND A FIELD
 *   The domain [0,W] x [0,H] (metres, y up) is cut into nx x ny cells of size
 *   hx = W / nx, hy = H / ny. A field is one array of
 *       (nx + 1) * ny + nx * (ny + 1)
 *   doubles (m/s): first every u sample, at (i hx, (j + 1/2) hy) for
 *   i = 0..nx, j = 0..ny-1, stored row by row (index j * (nx + 1) + i); then
 *   every v sample, at ((i + 1/2) hx, j hy) for i = 0..nx-1, j = 0..ny,
 *   stored row by row (index (nx + 1) * ny + j * nx + i). The samples at
 *   i = 0, i = nx (u) and j = 0, j = ny (v) lie on the walls.
 *   Fields are stored as given: the paint tool projects them onto a
 *   divergence-free field before saving, and precompute projects again.
 *
 * USAGE
 *
 *   // Paint a jet and save it.
 *   eddy_error err;
 *   eddy_mode_set *set;
 *   if (eddy_mode_set_create("jet", 10.0, 10.0, 64, 64, 1, &set, &err) != EDDY_OK)
 *       ... err.message says why ...
 *   double *u = eddy_mode_set_field(set, 0);       // zero-filled, owned by set
 *   ... write eddy_mode_set_field_size(set) values ...
 *   if (eddy_mode_set_save(set, "assets/modes/jet.mode", &err) != EDDY_OK) ...
 *   eddy_mode_set_destroy(set);
 *
 *   // Load it for a level whose grid must match (or pass NULL to accept any).
 *   eddy_mode_grid want = { .width = 10, .height = 10, .nx = 64, .ny = 64 };
 *   if (eddy_mode_set_load("assets/modes/jet.mode", &want, &set, &err) != EDDY_OK)
 *       fprintf(stderr, "%s\n", err.message);   // e.g. "... grid mismatch ..."
 *
 * OWNERSHIP
 *   A set owns its name and its fields; pointers from eddy_mode_set_name and
 *   eddy_mode_set_field stay valid until the set is destroyed (or renamed,
 *   for the name). Nothing else is shared. A set belongs to one thread at a
 *   time while it is being changed; a set nobody changes may be read (and
 *   built into assets, one build at a time: eddy_build.h) from any thread.
 *
 * ERRORS
 *   Loading rejects, with EDDY_ERR_FORMAT and a message naming the problem:
 *   anything the container catches (truncated, checksum mismatch, wrong file
 *   kind, newer version), missing sections, a grid, count or name out of
 *   range, a data size that does not match the grid, and NaN or Inf values;
 *   with EDDY_ERR_RANGE a grid different from the expected one. Saving
 *   refuses non-finite values and never damages an existing file: it writes a
 *   temporary file and renames it over the old one only when complete.
 *
 * FILE FORMAT (kind 'MODE', version 1, in the eddy container)
 *   'MHDR': u32 kind (0 painted, 1 snapshots), u32 flags (0), f64 W, f64 H,
 *           u32 nx, u32 ny, u32 field count, u32 name length, name bytes
 *           (UTF-8, no NUL) zero-padded to a multiple of 4. Later versions
 *           may append fields; readers ignore trailing bytes they do not know.
 *   'MDAT': count * field size little-endian IEEE doubles, field after field.
 */
#ifndef EDDY_MODE_H
#define EDDY_MODE_H

#include "eddy.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define EDDY_MODE_FORMAT_VERSION 1u
#define EDDY_MODE_NAME_MAX 64       /* bytes of a name, excluding the NUL */
#define EDDY_MODE_MAX_CELLS 4096    /* cells per axis */
#define EDDY_MODE_MAX_FIELDS 65536
#define EDDY_MODE_MAX_VALUES (1 << 27) /* doubles in one set (1 GiB) */

typedef enum eddy_mode_kind {
    EDDY_MODE_PAINTED = 0,  /* each field is a mode a game may excite on its own */
    EDDY_MODE_SNAPSHOTS = 1 /* recorded frames, for a data-driven (POD) basis */
} eddy_mode_kind;

typedef struct eddy_mode_grid {
    double width, height; /* metres */
    int nx, ny;           /* cells */
} eddy_mode_grid;

typedef struct eddy_mode_set eddy_mode_set;

/* A set of count zero fields of kind EDDY_MODE_PAINTED. The name must be 1 to
 * EDDY_MODE_NAME_MAX bytes without control characters; W, H finite and
 * positive; 2 <= nx, ny <= EDDY_MODE_MAX_CELLS; 1 <= count <= EDDY_MODE_MAX_FIELDS. */
EDDY_BUILD_API eddy_result eddy_mode_set_create(const char *name, double width, double height,
                                                int nx, int ny, int count, eddy_mode_set **out,
                                                eddy_error *err);
EDDY_BUILD_API void eddy_mode_set_destroy(eddy_mode_set *set); /* accepts NULL */

EDDY_BUILD_API const char *eddy_mode_set_name(const eddy_mode_set *set);
EDDY_BUILD_API eddy_result eddy_mode_set_rename(eddy_mode_set *set, const char *name,
                                                eddy_error *err);
EDDY_BUILD_API eddy_mode_kind eddy_mode_set_kind(const eddy_mode_set *set);
EDDY_BUILD_API eddy_result eddy_mode_set_assign_kind(eddy_mode_set *set, eddy_mode_kind kind,
                                                     eddy_error *err);
EDDY_BUILD_API eddy_mode_grid eddy_mode_set_grid(const eddy_mode_set *set);
EDDY_BUILD_API int eddy_mode_set_count(const eddy_mode_set *set);
/* Doubles per field: (nx + 1) * ny + nx * (ny + 1). */
EDDY_BUILD_API int eddy_mode_set_field_size(const eddy_mode_set *set);
/* Field k (0 <= k < count) in the layout above, or NULL for a bad k. */
EDDY_BUILD_API double *eddy_mode_set_field(eddy_mode_set *set, int k);
EDDY_BUILD_API const double *eddy_mode_set_field_const(const eddy_mode_set *set, int k);

/* Writes the set atomically: the file at path is either the old one or the
 * complete new one, whatever happens. */
EDDY_BUILD_API eddy_result eddy_mode_set_save(const eddy_mode_set *set, const char *path,
                                              eddy_error *err);
/* The bytes eddy_mode_set_save would write, in a new buffer (release it with
 * eddy_free): for a caller that writes them itself. */
EDDY_BUILD_API eddy_result eddy_mode_set_encode(const eddy_mode_set *set, unsigned char **out,
                                                size_t *out_size, eddy_error *err);

/* Reads a set. With expected non-NULL the file's grid must match it (cells
 * exactly, size to 1e-9 relative), else EDDY_ERR_RANGE. */
EDDY_BUILD_API eddy_result eddy_mode_set_load(const char *path, const eddy_mode_grid *expected,
                                              eddy_mode_set **out, eddy_error *err);
/* The same from a buffer in memory (not kept). */
EDDY_BUILD_API eddy_result eddy_mode_set_load_memory(const void *data, size_t size,
                                                     const eddy_mode_grid *expected,
                                                     eddy_mode_set **out, eddy_error *err);

#ifdef __cplusplus
}
#endif

#endif /* EDDY_MODE_H */
