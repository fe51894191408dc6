// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * paint_doc.h - the document of eddy-paint, the designers' velocity painter.
 *
 * A document is what a designer edits and what a mode file holds: a name, a
 * MAC grid over the domain [0,W] x [0,H] (metres, y up) and one or more
 * painted velocity fields ("modes"), one of them current. Around that it
 * keeps the brush, a bounded undo/redo history, the full-grid solver used to
 * project and to step the current field (chapter 5.2: paint, project to a
 * divergence-free field, then let the flow develop), and a recording of
 * solver frames that can be saved as a snapshot set for a data-driven basis.
 *
 * This part has no SDL in it: the window (paint_main.c), the script mode
 * (paint_script.c) and the tests all drive the same functions.
 *
 * FIELDS use the layout of eddy_mode.h / fluid_internal.h (eddy_mac): all u
 * samples (vertical faces) row by row, then all v samples (horizontal faces).
 *
 * BRUSH. A stroke is a polyline. Every face sample within the brush radius
 * of the polyline gets the weight w = (1 - (d/R)^2)^3 (d: distance to the
 * nearest segment; smooth, 1 on the line, 0 with zero slope at the rim) and
 * the direction t of that nearest segment. In SET mode the sample moves
 * towards the brush velocity, f <- (1 - w) f + w S t; in ADD mode it is
 * pushed, f <- f + w S t (S is the strength in m/s, negative reverses).
 * Erasing scales samples by (1 - w). Wall samples are never painted: no flow
 * may cross a wall.
 *
 * UNDO. Every edit (a stroke, an erase, project, steps, clear) first saves
 * the current field; undo swaps it back, redo swaps it forward again. The
 * history lives in a byte budget (PAINT_UNDO_BUDGET by default): when it
 * is full the oldest entries are dropped, but the latest edit can always be
 * undone. Undo restores fields bit for bit. Structural changes (a new grid,
 * loading a file) clear the history; removing a mode drops the entries of
 * that mode.
 *
 * SAVING writes the modes, each projected to be divergence-free (on copies:
 * the document itself is not changed; a mode that is already divergence-free
 * to round-off is written bit for bit), through eddy_mode_set_save, which is
 * atomic: the previous file stays intact whatever happens.
 */
#ifndef PAINT_DOC_H
#define PAINT_DOC_H

#include <eddy/eddy.h>
#include <eddy/eddy_mac.h>

/* Strict C17 does not define it. */
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include <eddy/eddy_mode.h>

#include <stdbool.h>
#include <stddef.h>

#define PAINT_UNDO_BUDGET ((size_t)64 << 20)       /* bytes of undo + redo fields */
#define PAINT_RECORD_MAX_VALUES ((size_t)1 << 25)  /* doubles of recorded frames (256 MiB) */
#define PAINT_MAX_PAGES 256                        /* modes in one document */

/* The strongest brush, in m/s: strokes then keep every field, its length
 * and its projection finite and meaningful. */
#define PAINT_MAX_STRENGTH 1e6

typedef enum paint_brush_mode {
    PAINT_BRUSH_SET = 0, /* move towards the brush velocity (painting over replaces) */
    PAINT_BRUSH_ADD = 1  /* add the brush velocity (painting over accumulates) */
} paint_brush_mode;

typedef struct paint_brush {
    double radius;   /* metres, > 0 */
    double strength; /* m/s along the stroke, finite (negative reverses) */
    paint_brush_mode mode;
} paint_brush;

typedef struct paint_doc paint_doc;

/* A new document: one zero mode named "untitled" on a W x H domain with
 * nx x ny cells (the ranges of eddy_mode_set_create). */
eddy_result paint_doc_create(double width, double height, int nx, int ny, paint_doc **out,
                             eddy_error *err);
void paint_doc_destroy(paint_doc *doc); /* accepts NULL */

/* Replaces the whole document by a new empty one on another grid (clears
 * modes, history and recording; keeps the brush). On failure nothing changes. */
eddy_result paint_doc_reset(paint_doc *doc, double width, double height, int nx, int ny,
                            eddy_error *err);

/* ------------------------------------------------------------ inspection */

const eddy_mac *paint_doc_mac(const paint_doc *doc);
int paint_doc_field_size(const paint_doc *doc);
const double *paint_doc_field(const paint_doc *doc);           /* the current mode */
const double *paint_doc_page_field(const paint_doc *doc, int k); /* mode k, or NULL */
const char *paint_doc_name(const paint_doc *doc);
eddy_result paint_doc_set_name(paint_doc *doc, const char *name, eddy_error *err);

/* Changes whenever any field of the document changes (for caches in a view). */
unsigned long paint_doc_version(const paint_doc *doc);
/* True when something changed since the last save or load. */
bool paint_doc_dirty(const paint_doc *doc);

/* Velocity of the current mode at (x, y), bilinear between face samples;
 * points outside the domain are clamped onto it. */
void paint_doc_velocity(const paint_doc *doc, double x, double y, double out_uv[2]);
/* Largest |divergence| of the current mode over cells, 1/s (walls closed). */
double paint_doc_max_divergence(const paint_doc *doc);
/* Divergence of the current mode per cell (nx * ny values, row by row in j). */
void paint_doc_divergence(const paint_doc *doc, double *out);
/* Largest speed |u| over face samples of the current mode, m/s. */
double paint_doc_max_speed(const paint_doc *doc);
/* Integral of |u|^2 / 2 over the domain (m^4/s^2; times a density gives energy). */
double paint_doc_energy(const paint_doc *doc);

/* ------------------------------------------------------------ brush */

paint_brush paint_doc_brush(const paint_doc *doc);
/* EDDY_ERR_ARGUMENT for a radius that is not finite and positive, or a
 * strength that is not finite; the brush is then unchanged. */
eddy_result paint_doc_set_brush(paint_doc *doc, const paint_brush *brush, eddy_error *err);

/* True when (x, y) lies in the closed domain [0,W] x [0,H]. */
bool paint_doc_contains(const paint_doc *doc, double x, double y);

/* ------------------------------------------------------------ edits */

/* Paints a stroke along the polyline xy (n >= 2 points, 2n doubles, all in
 * the domain) with the brush, as one undoable edit. Zero-length segments
 * carry no direction and are skipped. */
eddy_result paint_doc_stroke(paint_doc *doc, const double *xy, int n, eddy_error *err);
/* Erases along the polyline xy (n >= 1 points; one point erases a disc)
 * with the given radius, as one undoable edit. */
eddy_result paint_doc_erase(paint_doc *doc, const double *xy, int n, double radius,
                            eddy_error *err);
/* Sets the current mode to zero (undoable). */
eddy_result paint_doc_clear(paint_doc *doc, eddy_error *err);
/* Projects the current mode onto a divergence-free field with no flow
 * through the walls (undoable). */
eddy_result paint_doc_project(paint_doc *doc, eddy_error *err);
/* Steps the full-grid solver count times by dt (advect, project), as one
 * undoable edit. With record, every frame after a step is appended to the
 * recording. On failure the field is as before the call (and no frame of
 * this call stays recorded). */
eddy_result paint_doc_step(paint_doc *doc, int count, double dt, bool record, eddy_error *err);

/* Live editing for an interactive view. begin saves an undo entry and a base
 * copy of the current mode; while the edit is open, the *_live functions
 * change the field without new undo entries (stroke_live and erase_live
 * first restore the base, so a growing polyline may be re-applied on every
 * mouse move and the result equals paint_doc_stroke of the whole polyline);
 * end closes the edit. Undo, redo and structural calls close an open edit
 * first. */
eddy_result paint_doc_begin_edit(paint_doc *doc, eddy_error *err);
bool paint_doc_editing(const paint_doc *doc);
eddy_result paint_doc_stroke_live(paint_doc *doc, const double *xy, int n, eddy_error *err);
eddy_result paint_doc_erase_live(paint_doc *doc, const double *xy, int n, double radius,
                                 eddy_error *err);
/* Applies a stroke or erase on top of the live field (no restore), e.g. while
 * the solver is running and the field moves under the brush. */
eddy_result paint_doc_stroke_onto(paint_doc *doc, const double *xy, int n, eddy_error *err);
eddy_result paint_doc_erase_onto(paint_doc *doc, const double *xy, int n, double radius,
                                 eddy_error *err);
/* One solver step inside an open edit (recording if asked). */
eddy_result paint_doc_step_live(paint_doc *doc, double dt, bool record, eddy_error *err);
void paint_doc_end_edit(paint_doc *doc);

/* ------------------------------------------------------------ walls */

/* WALLS (issue 14): a level's rock (eddy.h, WALLS), so that a field is
 * painted, projected and stepped with the same walls as the level's fluid:
 * the solver keeps flow out of every cell whose centre is inside a wall, and
 * the samples touching such a cell are never painted. Wall edits are not in
 * the undo history; they zero the flow that would cross the new rock in
 * every mode, and keep it aside: removing that rock again gives the flow
 * back (until the document is replaced). A new grid (paint_doc_reset) has
 * no walls. */
int paint_doc_wall_count(const paint_doc *doc);
const eddy_wall *paint_doc_walls(const paint_doc *doc);
/* nx * ny cells, 1 = solid; NULL without walls. */
const uint8_t *paint_doc_solid(const paint_doc *doc);
/* A level filled to a depth (include/eddy/eddy_surface.h): the grid covers the
 * water, which fills the tank to the grid's height; the tank reaches height
 * (>= the grid's; equal: a full tank, the default). Walls may then reach
 * above the water. The window draws the water line. A new grid forgets it.
 * EDDY_ERR_ARGUMENT for a tank lower than the water. */
eddy_result paint_doc_set_tank(paint_doc *doc, double height, eddy_error *err);
/* The tank's top: the grid's height unless paint_doc_set_tank raised it. */
double paint_doc_tank_height(const paint_doc *doc);
/* Replaces the walls (checked as eddy_walls_check does: EDDY_ERR_FORMAT). */
eddy_result paint_doc_set_walls(paint_doc *doc, const eddy_wall *walls, int count, eddy_error *err);
/* EDDY_ERR_CAPACITY beyond EDDY_MAX_WALLS. */
eddy_result paint_doc_add_wall(paint_doc *doc, const eddy_wall *wall, eddy_error *err);
/* Removes every wall containing (x, y); returns how many (-1 on an error). */
int paint_doc_remove_walls_at(paint_doc *doc, double x, double y, eddy_error *err);
/* Reads the "walls" of a JSON file (a game level or a scene: other keys are
 * ignored, but of a level filled to a depth, "asset": {"domain": [W, H],
 * "depth": D}, it takes the tank's height H, paint_doc_set_tank, before the
 * walls) and makes them the document's: EDDY_ERR_IO, EDDY_ERR_FORMAT. */
eddy_result paint_doc_load_walls(paint_doc *doc, const char *path, eddy_error *err);
/* A game level's domain and grid ("asset": {"domain": [W, H], "grid": [NX,
 * NY]}, game/eddy-game/level/game_level.h): what a mode painted for that level must
 * have; for a level filled to a depth ("depth": D) the water's, W x D.
 * EDDY_ERR_IO, EDDY_ERR_FORMAT; EDDY_ERR_RANGE for a file with no
 * "asset" (a scene). */
eddy_result paint_level_grid(const char *path, eddy_mode_grid *out, eddy_error *err);
/* True when the document's domain and grid are g's (sizes to 1e-9 relative,
 * as a level's asset build checks them). */
bool paint_doc_fits_grid(const paint_doc *doc, const eddy_mode_grid *g);
/* Starts the document over (as paint_doc_reset) on a game level's domain
 * and grid, with its walls (and the tank above the water of a level filled
 * to a depth). On failure nothing changes. */
eddy_result paint_doc_open_level(paint_doc *doc, const char *path, eddy_error *err);
/* Writes { "walls": [...] } to path atomically (a scene a level can copy). */
eddy_result paint_doc_save_walls(const paint_doc *doc, const char *path, eddy_error *err);

/* ------------------------------------------------------------ history */

/* EDDY_ERR_RANGE when there is nothing to undo (redo). An undo or redo
 * selects the mode it changed. */
eddy_result paint_doc_undo(paint_doc *doc, eddy_error *err);
eddy_result paint_doc_redo(paint_doc *doc, eddy_error *err);
int paint_doc_undo_count(const paint_doc *doc);
int paint_doc_redo_count(const paint_doc *doc);
size_t paint_doc_history_bytes(const paint_doc *doc);
/* Sets the history budget in bytes (at least one field is always kept);
 * drops the oldest entries if the history is larger. */
void paint_doc_set_history_budget(paint_doc *doc, size_t bytes);

/* ------------------------------------------------------------ modes */

int paint_doc_page_count(const paint_doc *doc);
int paint_doc_page(const paint_doc *doc); /* the current mode, 0-based */
eddy_result paint_doc_select_page(paint_doc *doc, int k, eddy_error *err);
/* Appends a zero mode and selects it (EDDY_ERR_CAPACITY past PAINT_MAX_PAGES). */
eddy_result paint_doc_add_page(paint_doc *doc, eddy_error *err);
/* Removes the current mode (not undoable; refused for the last one). */
eddy_result paint_doc_remove_page(paint_doc *doc, eddy_error *err);

/* ------------------------------------------------------------ recording */

int paint_doc_frame_count(const paint_doc *doc);
const double *paint_doc_frame(const paint_doc *doc, int k);
void paint_doc_clear_frames(paint_doc *doc);

/* ------------------------------------------------------------ files */

/* Saves every mode, projected, as a painted mode set (atomic). With flags
 * EDDY_SAVE_FORCE (eddy-paint --force) a read-only or hard-linked file is
 * replaced too (eddy_write_file_atomic_flags). */
eddy_result paint_doc_save(paint_doc *doc, const char *path, eddy_error *err);
eddy_result paint_doc_save_flags(paint_doc *doc, const char *path, unsigned flags, eddy_error *err);
/* Saves the recording as a snapshot set named after the document (atomic);
 * EDDY_ERR_RANGE when nothing was recorded. */
eddy_result paint_doc_save_frames(const paint_doc *doc, const char *path, eddy_error *err);
/* Replaces the document by a painted mode set from a file (grid, name,
 * modes); clears history and recording. A snapshot set is refused. On
 * failure the document is unchanged. */
eddy_result paint_doc_load(paint_doc *doc, const char *path, eddy_error *err);
/* The path of the last successful save or load ("" if none). */
const char *paint_doc_path(const paint_doc *doc);

#endif /* PAINT_DOC_H */
