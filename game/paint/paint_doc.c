// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* paint_doc.c - the document model of eddy-paint (see paint_doc.h). No SDL. */
#include "paint_doc.h"

#include <eddy/eddy_file.h>
#include <eddy/eddy_scene.h>
#include <eddy/eddy_grid.h>

#include <cJSON.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct undo_entry {
    int page;      /* the mode the field belongs to */
    double *field; /* owned */
} undo_entry;

typedef struct history {
    undo_entry *items;
    int count, cap;
} history;

struct paint_doc {
    eddy_mac mac;
    int size; /* doubles per field */
    char name[EDDY_MODE_NAME_MAX + 1];
    double *pages[PAINT_MAX_PAGES];
    /* Per mode, the flow that rock laid since covers (NULL until some does):
     * removing that rock gives it back instead of leaving a still hole. */
    double *under[PAINT_MAX_PAGES];
    int page_count, page;
    paint_brush brush;
    eddy_grid_solver *solver;

    history undo, redo;
    size_t budget; /* bytes the two histories may hold */

    bool editing;
    double *base;   /* the current field when the open edit (or operation) began */
    double *weight; /* brush weight per sample, scratch */
    double *along;  /* the brush direction's component per sample, scratch */

    double **frames;
    int frame_count, frame_cap;

    unsigned long version;
    bool dirty;
    char path[4096];

    /* the level's walls (issue 14): the solver keeps flow out of their cells */
    eddy_wall walls[EDDY_MAX_WALLS];
    int wall_count;
    uint8_t *solid; /* nx * ny */
    /* a level filled to a depth (include/eddy/eddy_surface.h): the grid is the
       water, the tank reaches tank_height (0: the tank is full) */
    double tank_height;
};

/* ------------------------------------------------------------ creation */

static double *alloc_field(int size) { return calloc((size_t)size, sizeof(double)); }

static void history_clear(history *h)
{
    for (int k = 0; k < h->count; ++k)
        free(h->items[k].field);
    h->count = 0;
}

static void history_free(history *h)
{
    history_clear(h);
    free(h->items);
    h->items = NULL;
    h->cap = 0;
}

void paint_doc_clear_frames(paint_doc *doc)
{
    for (int k = 0; k < doc->frame_count; ++k)
        free(doc->frames[k]);
    doc->frame_count = 0;
}

static void free_contents(paint_doc *doc)
{
    for (int k = 0; k < doc->page_count; ++k) {
        free(doc->pages[k]);
        free(doc->under[k]);
        doc->under[k] = NULL;
    }
    doc->page_count = 0;
    history_free(&doc->undo);
    history_free(&doc->redo);
    paint_doc_clear_frames(doc);
    free(doc->frames);
    free(doc->base);
    free(doc->weight);
    free(doc->along);
    eddy_grid_solver_destroy(doc->solver);
    free(doc->solid);
}

void paint_doc_destroy(paint_doc *doc)
{
    if (!doc)
        return;
    free_contents(doc);
    free(doc);
}

/* A fresh document with one zero page; the grid is checked by the same rules
 * a mode file has (through eddy_mode_set_create on a throwaway set). */
static eddy_result make_doc(double width, double height, int nx, int ny, paint_doc **out,
                            eddy_error *err)
{
    eddy_mode_set *probe = NULL;
    eddy_result rc = eddy_mode_set_create("untitled", width, height, nx, ny, 1, &probe, err);
    if (rc != EDDY_OK)
        return rc;
    eddy_mode_set_destroy(probe);

    paint_doc *doc = calloc(1, sizeof *doc);
    if (!doc)
        return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory for a document");
    eddy_grid_desc gd = {0};
    gd.width = width;
    gd.height = height;
    gd.nx = nx;
    gd.ny = ny;
    rc = eddy_grid_solver_create(&gd, &doc->solver, err);
    if (rc != EDDY_OK) {
        free(doc);
        return rc;
    }
    doc->mac = *eddy_grid_solver_mac(doc->solver);
    doc->size = eddy_grid_solver_field_size(doc->solver);
    snprintf(doc->name, sizeof doc->name, "untitled");
    doc->brush.radius = 0.05 * fmin(width, height);
    doc->brush.strength = 1.0;
    doc->brush.mode = PAINT_BRUSH_SET;
    doc->budget = PAINT_UNDO_BUDGET;
    doc->pages[0] = alloc_field(doc->size);
    doc->page_count = doc->pages[0] ? 1 : 0;
    doc->base = alloc_field(doc->size);
    doc->weight = alloc_field(doc->size);
    doc->along = alloc_field(doc->size);
    doc->solid = calloc((size_t)nx * (size_t)ny, 1);
    if (!doc->pages[0] || !doc->base || !doc->weight || !doc->along || !doc->solid) {
        paint_doc_destroy(doc);
        return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory for a %d x %d grid", nx,
                         ny);
    }
    *out = doc;
    return EDDY_OK;
}

eddy_result paint_doc_create(double width, double height, int nx, int ny, paint_doc **out,
                             eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "paint: NULL output");
    *out = NULL;
    return make_doc(width, height, nx, ny, out, err);
}

/* Moves the contents of fresh into doc (keeping doc's brush when it still
 * fits, and its history budget) and frees what doc held. */
static void adopt(paint_doc *doc, paint_doc *fresh)
{
    paint_brush brush = doc->brush;
    size_t budget = doc->budget;
    free_contents(doc);
    *doc = *fresh;
    free(fresh);
    doc->budget = budget;
    if (brush.radius <= fmax(doc->mac.width, doc->mac.height))
        doc->brush = brush;
    doc->version++;
}

eddy_result paint_doc_reset(paint_doc *doc, double width, double height, int nx, int ny,
                            eddy_error *err)
{
    paint_doc *fresh = NULL;
    eddy_result rc = make_doc(width, height, nx, ny, &fresh, err);
    if (rc != EDDY_OK)
        return rc;
    unsigned long version = doc->version;
    adopt(doc, fresh);
    doc->version = version + 1;
    doc->dirty = true;
    return EDDY_OK;
}

/* ------------------------------------------------------------ inspection */

const eddy_mac *paint_doc_mac(const paint_doc *doc) { return &doc->mac; }
int paint_doc_field_size(const paint_doc *doc) { return doc->size; }
const double *paint_doc_field(const paint_doc *doc) { return doc->pages[doc->page]; }
const double *paint_doc_page_field(const paint_doc *doc, int k)
{
    return k >= 0 && k < doc->page_count ? doc->pages[k] : NULL;
}
const char *paint_doc_name(const paint_doc *doc) { return doc->name; }
unsigned long paint_doc_version(const paint_doc *doc) { return doc->version; }
bool paint_doc_dirty(const paint_doc *doc) { return doc->dirty; }
const char *paint_doc_path(const paint_doc *doc) { return doc->path; }

static void touched(paint_doc *doc)
{
    doc->version++;
    doc->dirty = true;
}

eddy_result paint_doc_set_name(paint_doc *doc, const char *name, eddy_error *err)
{
    /* The mode file's own rules decide what a name may be. */
    eddy_mode_set *probe = NULL;
    eddy_result rc = eddy_mode_set_create(name ? name : "", 1, 1, 2, 2, 1, &probe, err);
    if (rc != EDDY_OK)
        return rc;
    eddy_mode_set_destroy(probe);
    if (strcmp(doc->name, name) != 0) {
        snprintf(doc->name, sizeof doc->name, "%s", name);
        touched(doc);
    }
    return EDDY_OK;
}

static double clampd(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Bilinear interpolation of one staggered component. Samples sit at
 * (i + ox) h_x, (j + oy) h_y for i < ni, j < nj, stored from first with row
 * length ni. */
static double sample_component(const double *f, int first, int ni, int nj, double gx, double gy)
{
    gx = clampd(gx, 0.0, ni - 1);
    gy = clampd(gy, 0.0, nj - 1);
    int i0 = (int)gx, j0 = (int)gy;
    if (i0 > ni - 2)
        i0 = ni - 2;
    if (j0 > nj - 2)
        j0 = nj - 2;
    double fx = gx - i0, fy = gy - j0;
    const double *r0 = f + first + (size_t)j0 * ni;
    const double *r1 = r0 + ni;
    double a = r0[i0] + fx * (r0[i0 + 1] - r0[i0]);
    double b = r1[i0] + fx * (r1[i0 + 1] - r1[i0]);
    return a + fy * (b - a);
}

static void field_velocity(const eddy_mac *g, const double *f, double x, double y, double uv[2])
{
    double gx = x / g->hx, gy = y / g->hy;
    uv[0] = sample_component(f, 0, g->nx + 1, g->ny, gx, gy - 0.5);
    uv[1] = sample_component(f, eddy_mac_u_count(g), g->nx, g->ny + 1, gx - 0.5, gy);
}

void paint_doc_velocity(const paint_doc *doc, double x, double y, double out_uv[2])
{
    field_velocity(&doc->mac, doc->pages[doc->page], x, y, out_uv);
}

double paint_doc_max_divergence(const paint_doc *doc)
{
    return eddy_grid_max_divergence(doc->solver, doc->pages[doc->page]);
}

void paint_doc_divergence(const paint_doc *doc, double *out)
{
    eddy_mac_divergence(&doc->mac, doc->pages[doc->page], out);
}

double paint_doc_max_speed(const paint_doc *doc)
{
    const eddy_mac *g = &doc->mac;
    const double *f = doc->pages[doc->page];
    double best = 0.0;
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            double u = 0.5 * (f[eddy_mac_u(g, i, j)] + f[eddy_mac_u(g, i + 1, j)]);
            double v = 0.5 * (f[eddy_mac_v(g, i, j)] + f[eddy_mac_v(g, i, j + 1)]);
            double s = u * u + v * v;
            if (s > best)
                best = s;
        }
    return sqrt(best);
}

double paint_doc_energy(const paint_doc *doc)
{
    const double *f = doc->pages[doc->page];
    return 0.5 * eddy_mac_dot(&doc->mac, f, f);
}

/* ------------------------------------------------------------ brush */

paint_brush paint_doc_brush(const paint_doc *doc) { return doc->brush; }

static eddy_result check_radius(const paint_doc *doc, double r, eddy_error *err)
{
    double most = fmax(doc->mac.width, doc->mac.height);
    if (!(isfinite(r) && r > 0.0 && r <= most))
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "brush radius %g must be positive and at most the domain's size %g", r,
                         most);
    return EDDY_OK;
}

eddy_result paint_doc_set_brush(paint_doc *doc, const paint_brush *brush, eddy_error *err)
{
    if (!brush)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "paint: NULL brush");
    eddy_result rc = check_radius(doc, brush->radius, err);
    if (rc != EDDY_OK)
        return rc;
    if (!isfinite(brush->strength) || fabs(brush->strength) > PAINT_MAX_STRENGTH)
        return eddy_fail(err, EDDY_ERR_ARGUMENT,
                         "brush strength %g: must be within +-%g m/s (a field's length and "
                         "projection must stay finite)", brush->strength, PAINT_MAX_STRENGTH);
    if (brush->mode != PAINT_BRUSH_SET && brush->mode != PAINT_BRUSH_ADD)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "unknown brush mode %d", (int)brush->mode);
    doc->brush = *brush;
    return EDDY_OK;
}

bool paint_doc_contains(const paint_doc *doc, double x, double y)
{
    return x >= 0.0 && x <= doc->mac.width && y >= 0.0 && y <= doc->mac.height;
}

/* ------------------------------------------------------------ history */

static size_t field_bytes(const paint_doc *doc) { return (size_t)doc->size * sizeof(double); }

size_t paint_doc_history_bytes(const paint_doc *doc)
{
    return (size_t)(doc->undo.count + doc->redo.count) * field_bytes(doc);
}

int paint_doc_undo_count(const paint_doc *doc) { return doc->undo.count; }
int paint_doc_redo_count(const paint_doc *doc) { return doc->redo.count; }

static bool history_reserve(history *h, int extra)
{
    if (h->count + extra <= h->cap)
        return true;
    int cap = h->cap ? h->cap : 16;
    while (cap < h->count + extra)
        cap *= 2;
    undo_entry *items = realloc(h->items, (size_t)cap * sizeof *items);
    if (!items)
        return false;
    h->items = items;
    h->cap = cap;
    return true;
}

static void drop_oldest_undo(paint_doc *doc)
{
    free(doc->undo.items[0].field);
    memmove(doc->undo.items, doc->undo.items + 1,
            (size_t)(doc->undo.count - 1) * sizeof *doc->undo.items);
    doc->undo.count--;
}

/* Keeps the history within the budget: redo entries go first (they are the
 * furthest from the present once the budget shrinks), then the oldest undo
 * entries; the newest undo entry always stays. */
static void trim_history(paint_doc *doc)
{
    while (paint_doc_history_bytes(doc) > doc->budget && doc->redo.count > 0) {
        free(doc->redo.items[0].field);
        memmove(doc->redo.items, doc->redo.items + 1,
                (size_t)(doc->redo.count - 1) * sizeof *doc->redo.items);
        doc->redo.count--;
    }
    while (paint_doc_history_bytes(doc) > doc->budget && doc->undo.count > 1)
        drop_oldest_undo(doc);
}

void paint_doc_set_history_budget(paint_doc *doc, size_t bytes)
{
    doc->budget = bytes;
    trim_history(doc);
}

/* Records `before` (a field of the current page) as a new undo entry and
 * forgets the redo history. */
static eddy_result push_undo(paint_doc *doc, const double *before, eddy_error *err)
{
    double *copy = malloc(field_bytes(doc));
    if (!copy || !history_reserve(&doc->undo, 1)) {
        free(copy);
        return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory for the undo history");
    }
    memcpy(copy, before, field_bytes(doc));
    history_clear(&doc->redo);
    doc->undo.items[doc->undo.count++] = (undo_entry){doc->page, copy};
    trim_history(doc);
    return EDDY_OK;
}

/* Moves the top of `from` onto `to`, swapping the page's field with it. */
static eddy_result swap_history(paint_doc *doc, history *from, history *to, const char *what,
                                eddy_error *err)
{
    paint_doc_end_edit(doc);
    if (from->count == 0)
        return eddy_fail(err, EDDY_ERR_RANGE, "nothing to %s", what);
    if (!history_reserve(to, 1))
        return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory for the undo history");
    undo_entry e = from->items[--from->count];
    to->items[to->count++] = (undo_entry){e.page, doc->pages[e.page]};
    doc->pages[e.page] = e.field;
    doc->page = e.page;
    touched(doc);
    return EDDY_OK;
}

eddy_result paint_doc_undo(paint_doc *doc, eddy_error *err)
{
    return swap_history(doc, &doc->undo, &doc->redo, "undo", err);
}

eddy_result paint_doc_redo(paint_doc *doc, eddy_error *err)
{
    return swap_history(doc, &doc->redo, &doc->undo, "redo", err);
}

/* ------------------------------------------------------------ stamping */

static eddy_result check_points(const paint_doc *doc, const char *what, const double *xy, int n,
                                int min_points, eddy_error *err)
{
    if (!xy || n < min_points)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "%s needs at least %d point%s", what,
                         min_points, min_points == 1 ? "" : "s");
    for (int k = 0; k < n; ++k) {
        double x = xy[2 * k], y = xy[2 * k + 1];
        if (!isfinite(x) || !isfinite(y))
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "%s point %d is not a finite number", what,
                             k + 1);
        if (!paint_doc_contains(doc, x, y))
            return eddy_fail(err, EDDY_ERR_RANGE,
                             "%s point %d (%g, %g) is outside the domain [0, %g] x [0, %g]",
                             what, k + 1, x, y, doc->mac.width, doc->mac.height);
    }
    return EDDY_OK;
}

static bool has_length(const double *xy, int n)
{
    for (int k = 1; k < n; ++k)
        if (xy[2 * k] != xy[2 * k - 2] || xy[2 * k + 1] != xy[2 * k - 1])
            return true;
    return false;
}

/* Index range [lo, hi] of samples at (k + off) h inside [a, b], within
 * [kmin, kmax]. */
static void sample_range(double a, double b, double h, double off, int kmin, int kmax, int *lo,
                         int *hi)
{
    double fa = ceil(a / h - off), fb = floor(b / h - off);
    *lo = fa < kmin ? kmin : fa > kmax ? kmax + 1 : (int)fa;
    *hi = fb > kmax ? kmax : fb < kmin ? kmin - 1 : (int)fb;
}

/* One segment's weight over one family of samples (u or v), keeping the
 * largest weight per sample and the direction component that goes with it. */
static void weigh_family(paint_doc *doc, bool is_u, double ax, double ay, double bx, double by,
                         double radius, double tx, double ty)
{
    const eddy_mac *g = &doc->mac;
    double xmin = fmin(ax, bx) - radius, xmax = fmax(ax, bx) + radius;
    double ymin = fmin(ay, by) - radius, ymax = fmax(ay, by) + radius;
    double ox = is_u ? 0.0 : 0.5, oy = is_u ? 0.5 : 0.0;
    /* Wall samples (u at i = 0, nx; v at j = 0, ny) are left out. */
    int i_lo, i_hi, j_lo, j_hi;
    sample_range(xmin, xmax, g->hx, ox, is_u ? 1 : 0, is_u ? g->nx - 1 : g->nx - 1, &i_lo, &i_hi);
    sample_range(ymin, ymax, g->hy, oy, is_u ? 0 : 1, is_u ? g->ny - 1 : g->ny - 1, &j_lo, &j_hi);
    double dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    double r2 = radius * radius, comp = is_u ? tx : ty;
    for (int j = j_lo; j <= j_hi; ++j) {
        double y = (j + oy) * g->hy;
        for (int i = i_lo; i <= i_hi; ++i) {
            double x = (i + ox) * g->hx;
            double t = len2 > 0.0 ? ((x - ax) * dx + (y - ay) * dy) / len2 : 0.0;
            t = clampd(t, 0.0, 1.0);
            double ex = x - (ax + t * dx), ey = y - (ay + t * dy);
            double q = (ex * ex + ey * ey) / r2;
            if (q >= 1.0)
                continue;
            double s = 1.0 - q, w = s * s * s;
            int k = is_u ? eddy_mac_u(g, i, j) : eddy_mac_v(g, i, j);
            if (doc->wall_count > 0 && eddy_face_touches_solid(g, doc->solid, k))
                continue; /* no flow into the rock */
            if (w > doc->weight[k]) {
                doc->weight[k] = w;
                doc->along[k] = comp;
            }
        }
    }
}

/* Fills weight/along for a polyline. With directed, zero-length segments are
 * skipped (they have no direction); otherwise a lone point weighs a disc. */
static void weigh_polyline(paint_doc *doc, const double *xy, int n, double radius, bool directed)
{
    memset(doc->weight, 0, field_bytes(doc));
    memset(doc->along, 0, field_bytes(doc));
    int segments = n > 1 ? n - 1 : 1;
    for (int s = 0; s < segments; ++s) {
        double ax = xy[2 * s], ay = xy[2 * s + 1];
        double bx = n > 1 ? xy[2 * s + 2] : ax, by = n > 1 ? xy[2 * s + 3] : ay;
        double len = hypot(bx - ax, by - ay);
        if (directed && len == 0.0)
            continue;
        double tx = len > 0.0 ? (bx - ax) / len : 0.0, ty = len > 0.0 ? (by - ay) / len : 0.0;
        weigh_family(doc, true, ax, ay, bx, by, radius, tx, ty);
        weigh_family(doc, false, ax, ay, bx, by, radius, tx, ty);
    }
}

static void apply_stroke(paint_doc *doc, double *f)
{
    double s = doc->brush.strength;
    if (doc->brush.mode == PAINT_BRUSH_ADD) {
        for (int k = 0; k < doc->size; ++k)
            if (doc->weight[k] > 0.0)
                f[k] += doc->weight[k] * s * doc->along[k];
    } else {
        for (int k = 0; k < doc->size; ++k)
            if (doc->weight[k] > 0.0) {
                double w = doc->weight[k];
                f[k] = (1.0 - w) * f[k] + w * s * doc->along[k];
            }
    }
}

static void apply_erase(paint_doc *doc, double *f)
{
    for (int k = 0; k < doc->size; ++k)
        if (doc->weight[k] > 0.0)
            f[k] *= 1.0 - doc->weight[k];
}

static eddy_result check_stroke(const paint_doc *doc, const double *xy, int n, eddy_error *err)
{
    eddy_result rc = check_points(doc, "stroke", xy, n, 2, err);
    if (rc == EDDY_OK && !has_length(xy, n))
        rc = eddy_fail(err, EDDY_ERR_ARGUMENT,
                       "stroke has zero length (all its points are the same)");
    return rc;
}

static eddy_result check_erase(const paint_doc *doc, const double *xy, int n, double radius,
                               eddy_error *err)
{
    eddy_result rc = check_points(doc, "erase", xy, n, 1, err);
    if (rc == EDDY_OK)
        rc = check_radius(doc, radius, err);
    return rc;
}

/* ------------------------------------------------------------ edits */

/* An operation outside an open edit: keep the field in base, run op, then
 * either record base as the undo entry or put base back. */
static void op_begin(paint_doc *doc)
{
    paint_doc_end_edit(doc);
    memcpy(doc->base, doc->pages[doc->page], field_bytes(doc));
}

static eddy_result op_end(paint_doc *doc, eddy_result rc, eddy_error *err)
{
    double *f = doc->pages[doc->page];
    if (rc == EDDY_OK)
        rc = push_undo(doc, doc->base, err);
    if (rc != EDDY_OK) {
        memcpy(f, doc->base, field_bytes(doc));
        return rc;
    }
    touched(doc);
    return EDDY_OK;
}

eddy_result paint_doc_stroke(paint_doc *doc, const double *xy, int n, eddy_error *err)
{
    eddy_result rc = check_stroke(doc, xy, n, err);
    if (rc != EDDY_OK)
        return rc;
    op_begin(doc);
    weigh_polyline(doc, xy, n, doc->brush.radius, true);
    apply_stroke(doc, doc->pages[doc->page]);
    return op_end(doc, EDDY_OK, err);
}

eddy_result paint_doc_erase(paint_doc *doc, const double *xy, int n, double radius,
                            eddy_error *err)
{
    eddy_result rc = check_erase(doc, xy, n, radius, err);
    if (rc != EDDY_OK)
        return rc;
    op_begin(doc);
    weigh_polyline(doc, xy, n, radius, false);
    apply_erase(doc, doc->pages[doc->page]);
    return op_end(doc, EDDY_OK, err);
}

eddy_result paint_doc_clear(paint_doc *doc, eddy_error *err)
{
    op_begin(doc);
    memset(doc->pages[doc->page], 0, field_bytes(doc));
    return op_end(doc, EDDY_OK, err);
}

eddy_result paint_doc_project(paint_doc *doc, eddy_error *err)
{
    op_begin(doc);
    eddy_result rc = eddy_grid_project(doc->solver, doc->pages[doc->page], err);
    return op_end(doc, rc, err);
}

static eddy_result check_frames(const paint_doc *doc, int more, eddy_error *err)
{
    size_t values = (size_t)(doc->frame_count + more) * (size_t)doc->size;
    if (doc->frame_count + more > EDDY_MODE_MAX_FIELDS || values > PAINT_RECORD_MAX_VALUES)
        return eddy_fail(err, EDDY_ERR_CAPACITY,
                         "recording full: %d frames of %d values each; save and clear it first",
                         doc->frame_count, doc->size);
    return EDDY_OK;
}

static bool reserve_frames(paint_doc *doc, int more)
{
    if (doc->frame_count + more <= doc->frame_cap)
        return true;
    int cap = doc->frame_cap ? doc->frame_cap : 64;
    while (cap < doc->frame_count + more)
        cap *= 2;
    double **frames = realloc(doc->frames, (size_t)cap * sizeof *frames);
    if (!frames)
        return false;
    doc->frames = frames;
    doc->frame_cap = cap;
    return true;
}

static eddy_result append_frame(paint_doc *doc, eddy_error *err)
{
    eddy_result rc = check_frames(doc, 1, err);
    if (rc != EDDY_OK)
        return rc;
    double *copy = malloc(field_bytes(doc));
    if (!copy || !reserve_frames(doc, 1)) {
        free(copy);
        return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory for the recording");
    }
    memcpy(copy, doc->pages[doc->page], field_bytes(doc));
    doc->frames[doc->frame_count++] = copy;
    return EDDY_OK;
}

static eddy_result check_step(int count, double dt, eddy_error *err)
{
    if (count < 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "step count %d must be at least 1", count);
    if (!(isfinite(dt) && dt > 0.0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "time step %g must be finite and positive", dt);
    return EDDY_OK;
}

eddy_result paint_doc_step(paint_doc *doc, int count, double dt, bool record, eddy_error *err)
{
    eddy_result rc = check_step(count, dt, err);
    if (rc == EDDY_OK && record)
        rc = check_frames(doc, count, err);
    if (rc != EDDY_OK)
        return rc;
    op_begin(doc);
    int frames_before = doc->frame_count;
    double *f = doc->pages[doc->page];
    for (int k = 0; k < count && rc == EDDY_OK; ++k) {
        rc = eddy_grid_step(doc->solver, f, NULL, dt, err);
        if (rc == EDDY_OK && record)
            rc = append_frame(doc, err);
    }
    if (rc != EDDY_OK)
        while (doc->frame_count > frames_before)
            free(doc->frames[--doc->frame_count]);
    return op_end(doc, rc, err);
}

/* ------------------------------------------------------------ live edits */

eddy_result paint_doc_begin_edit(paint_doc *doc, eddy_error *err)
{
    paint_doc_end_edit(doc);
    memcpy(doc->base, doc->pages[doc->page], field_bytes(doc));
    eddy_result rc = push_undo(doc, doc->base, err);
    if (rc == EDDY_OK)
        doc->editing = true;
    return rc;
}

bool paint_doc_editing(const paint_doc *doc) { return doc->editing; }

void paint_doc_end_edit(paint_doc *doc) { doc->editing = false; }

static eddy_result need_edit(const paint_doc *doc, eddy_error *err)
{
    if (!doc->editing)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "paint: no edit is open");
    return EDDY_OK;
}

eddy_result paint_doc_stroke_live(paint_doc *doc, const double *xy, int n, eddy_error *err)
{
    eddy_result rc = need_edit(doc, err);
    if (rc == EDDY_OK)
        rc = check_stroke(doc, xy, n, err);
    if (rc != EDDY_OK)
        return rc;
    double *f = doc->pages[doc->page];
    memcpy(f, doc->base, field_bytes(doc));
    weigh_polyline(doc, xy, n, doc->brush.radius, true);
    apply_stroke(doc, f);
    touched(doc);
    return EDDY_OK;
}

eddy_result paint_doc_erase_live(paint_doc *doc, const double *xy, int n, double radius,
                                 eddy_error *err)
{
    eddy_result rc = need_edit(doc, err);
    if (rc == EDDY_OK)
        rc = check_erase(doc, xy, n, radius, err);
    if (rc != EDDY_OK)
        return rc;
    double *f = doc->pages[doc->page];
    memcpy(f, doc->base, field_bytes(doc));
    weigh_polyline(doc, xy, n, radius, false);
    apply_erase(doc, f);
    touched(doc);
    return EDDY_OK;
}

eddy_result paint_doc_stroke_onto(paint_doc *doc, const double *xy, int n, eddy_error *err)
{
    eddy_result rc = need_edit(doc, err);
    if (rc == EDDY_OK)
        rc = check_stroke(doc, xy, n, err);
    if (rc != EDDY_OK)
        return rc;
    weigh_polyline(doc, xy, n, doc->brush.radius, true);
    apply_stroke(doc, doc->pages[doc->page]);
    touched(doc);
    return EDDY_OK;
}

eddy_result paint_doc_erase_onto(paint_doc *doc, const double *xy, int n, double radius,
                                 eddy_error *err)
{
    eddy_result rc = need_edit(doc, err);
    if (rc == EDDY_OK)
        rc = check_erase(doc, xy, n, radius, err);
    if (rc != EDDY_OK)
        return rc;
    weigh_polyline(doc, xy, n, radius, false);
    apply_erase(doc, doc->pages[doc->page]);
    touched(doc);
    return EDDY_OK;
}

eddy_result paint_doc_step_live(paint_doc *doc, double dt, bool record, eddy_error *err)
{
    eddy_result rc = need_edit(doc, err);
    if (rc == EDDY_OK)
        rc = check_step(1, dt, err);
    if (rc != EDDY_OK)
        return rc;
    rc = eddy_grid_step(doc->solver, doc->pages[doc->page], NULL, dt, err);
    if (rc != EDDY_OK)
        return rc;
    touched(doc);
    return record ? append_frame(doc, err) : EDDY_OK;
}

/* ------------------------------------------------------------ modes */

int paint_doc_page_count(const paint_doc *doc) { return doc->page_count; }
int paint_doc_page(const paint_doc *doc) { return doc->page; }

eddy_result paint_doc_select_page(paint_doc *doc, int k, eddy_error *err)
{
    if (k < 0 || k >= doc->page_count)
        return eddy_fail(err, EDDY_ERR_RANGE, "no mode %d: the document has modes 1 to %d",
                         k + 1, doc->page_count);
    if (k != doc->page) {
        paint_doc_end_edit(doc);
        doc->page = k;
        doc->version++;
    }
    return EDDY_OK;
}

eddy_result paint_doc_add_page(paint_doc *doc, eddy_error *err)
{
    if (doc->page_count >= PAINT_MAX_PAGES)
        return eddy_fail(err, EDDY_ERR_CAPACITY, "a document holds at most %d modes",
                         PAINT_MAX_PAGES);
    double *f = alloc_field(doc->size);
    if (!f)
        return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory for a new mode");
    paint_doc_end_edit(doc);
    doc->pages[doc->page_count] = f;
    doc->under[doc->page_count] = NULL;
    doc->page = doc->page_count++;
    touched(doc);
    return EDDY_OK;
}

/* Drops the entries of page p from h and renumbers those of later pages. */
static void forget_page(history *h, int p)
{
    int kept = 0;
    for (int k = 0; k < h->count; ++k) {
        undo_entry e = h->items[k];
        if (e.page == p) {
            free(e.field);
            continue;
        }
        if (e.page > p)
            e.page--;
        h->items[kept++] = e;
    }
    h->count = kept;
}

eddy_result paint_doc_remove_page(paint_doc *doc, eddy_error *err)
{
    if (doc->page_count <= 1)
        return eddy_fail(err, EDDY_ERR_RANGE, "cannot remove the only mode of a document");
    paint_doc_end_edit(doc);
    int p = doc->page;
    free(doc->pages[p]);
    free(doc->under[p]);
    memmove(doc->pages + p, doc->pages + p + 1,
            (size_t)(doc->page_count - p - 1) * sizeof doc->pages[0]);
    memmove(doc->under + p, doc->under + p + 1,
            (size_t)(doc->page_count - p - 1) * sizeof doc->under[0]);
    doc->page_count--;
    doc->under[doc->page_count] = NULL;
    if (doc->page >= doc->page_count)
        doc->page = doc->page_count - 1;
    forget_page(&doc->undo, p);
    forget_page(&doc->redo, p);
    touched(doc);
    return EDDY_OK;
}

/* ------------------------------------------------------------ recording */

int paint_doc_frame_count(const paint_doc *doc) { return doc->frame_count; }

const double *paint_doc_frame(const paint_doc *doc, int k)
{
    return k >= 0 && k < doc->frame_count ? doc->frames[k] : NULL;
}

/* ------------------------------------------------------------ files */

static eddy_result new_set(const paint_doc *doc, int count, eddy_mode_set **out,
                           eddy_error *err)
{
    return eddy_mode_set_create(doc->name, doc->mac.width, doc->mac.height, doc->mac.nx,
                                doc->mac.ny, count, out, err);
}

/* True when f is already divergence-free to round-off (a projection would
 * only move it by round-off): such fields are saved bit for bit, so a mode the
 * designer projected is exactly the mode in the file. */
static bool divergence_free(const paint_doc *doc, const double *f)
{
    double scale = 0.0;
    for (int k = 0; k < doc->size; ++k) {
        if (f[k] != 0.0 && !eddy_grid_face_open(doc->solver, k))
            return false; /* flow through a wall */
        scale = fmax(scale, fabs(f[k]));
    }
    scale /= fmin(doc->mac.hx, doc->mac.hy);
    return eddy_grid_max_divergence(doc->solver, f) <= 1e-12 * scale;
}

eddy_result paint_doc_save(paint_doc *doc, const char *path, eddy_error *err)
{
    return paint_doc_save_flags(doc, path, 0, err);
}

eddy_result paint_doc_save_flags(paint_doc *doc, const char *path, unsigned flags, eddy_error *err)
{
    if (!path || !*path)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "save: empty path");
    paint_doc_end_edit(doc);
    eddy_mode_set *set = NULL;
    eddy_result rc = new_set(doc, doc->page_count, &set, err);
    for (int k = 0; rc == EDDY_OK && k < doc->page_count; ++k) {
        double *f = eddy_mode_set_field(set, k);
        memcpy(f, doc->pages[k], field_bytes(doc));
        if (!divergence_free(doc, f))
            rc = eddy_grid_project(doc->solver, f, err);
    }
    unsigned char *bytes = NULL;
    size_t size = 0;
    if (rc == EDDY_OK)
        rc = eddy_mode_set_encode(set, &bytes, &size, err);
    if (rc == EDDY_OK)
        rc = eddy_write_file_atomic_flags(path, bytes, size, flags, err);
    eddy_free(bytes);
    eddy_mode_set_destroy(set);
    if (rc != EDDY_OK)
        return rc;
    snprintf(doc->path, sizeof doc->path, "%s", path);
    doc->dirty = false;
    return EDDY_OK;
}

eddy_result paint_doc_save_frames(const paint_doc *doc, const char *path, eddy_error *err)
{
    if (!path || !*path)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "save: empty path");
    if (doc->frame_count == 0)
        return eddy_fail(err, EDDY_ERR_RANGE, "nothing recorded yet (record N dt, or R while "
                                              "the solver runs)");
    eddy_mode_set *set = NULL;
    eddy_result rc = new_set(doc, doc->frame_count, &set, err);
    if (rc == EDDY_OK)
        rc = eddy_mode_set_assign_kind(set, EDDY_MODE_SNAPSHOTS, err);
    for (int k = 0; rc == EDDY_OK && k < doc->frame_count; ++k)
        memcpy(eddy_mode_set_field(set, k), doc->frames[k], field_bytes(doc));
    if (rc == EDDY_OK)
        rc = eddy_mode_set_save(set, path, err);
    eddy_mode_set_destroy(set);
    return rc;
}

eddy_result paint_doc_load(paint_doc *doc, const char *path, eddy_error *err)
{
    if (!path || !*path)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "load: empty path");
    eddy_mode_set *set = NULL;
    eddy_result rc = eddy_mode_set_load(path, NULL, &set, err);
    if (rc != EDDY_OK)
        return rc;
    paint_doc *fresh = NULL;
    if (eddy_mode_set_kind(set) != EDDY_MODE_PAINTED)
        rc = eddy_fail(err, EDDY_ERR_FORMAT,
                       "%s holds recorded snapshots, not painted modes", path);
    else if (eddy_mode_set_count(set) > PAINT_MAX_PAGES)
        rc = eddy_fail(err, EDDY_ERR_CAPACITY, "%s holds %d modes; the painter edits at most %d",
                       path, eddy_mode_set_count(set), PAINT_MAX_PAGES);
    if (rc == EDDY_OK) {
        eddy_mode_grid g = eddy_mode_set_grid(set);
        rc = make_doc(g.width, g.height, g.nx, g.ny, &fresh, err);
    }
    for (int k = 1; rc == EDDY_OK && k < eddy_mode_set_count(set); ++k)
        rc = paint_doc_add_page(fresh, err);
    if (rc == EDDY_OK) {
        for (int k = 0; k < fresh->page_count; ++k) {
            memcpy(fresh->pages[k], eddy_mode_set_field_const(set, k), field_bytes(fresh));
            eddy_grid_close_faces(fresh->solver, fresh->pages[k]); /* no flow through walls */
        }
        fresh->page = 0;
        snprintf(fresh->name, sizeof fresh->name, "%s", eddy_mode_set_name(set));
        snprintf(fresh->path, sizeof fresh->path, "%s", path);
        unsigned long version = doc->version;
        adopt(doc, fresh);
        doc->version = version + 1;
        doc->dirty = false;
    } else {
        paint_doc_destroy(fresh);
    }
    eddy_mode_set_destroy(set);
    return rc;
}

/* ------------------------------------------------------------ walls */

int paint_doc_wall_count(const paint_doc *doc) { return doc->wall_count; }
const eddy_wall *paint_doc_walls(const paint_doc *doc) { return doc->walls; }
const uint8_t *paint_doc_solid(const paint_doc *doc) { return doc->wall_count ? doc->solid : NULL; }

/* open[s] = 1 for every face sample that may carry flow with the solver's
 * present mask. */
static void open_faces(const paint_doc *doc, double *open)
{
    for (int s = 0; s < doc->size; ++s)
        open[s] = eddy_grid_face_open(doc->solver, s) ? 1.0 : 0.0;
}

/* A sample the new rock closes keeps its flow in the mode's under-layer; a
 * sample that removed rock opens again gets that flow back (zero where the
 * rock was laid before anything was painted there). */
static eddy_result trade_under_rock(paint_doc *doc, const double *was_open,
                                    const double *now_open, eddy_error *err)
{
    for (int k = 0; k < doc->page_count; ++k) {
        double *f = doc->pages[k];
        for (int s = 0; s < doc->size; ++s) {
            if (was_open[s] != 0 && now_open[s] == 0 && f[s] != 0) {
                if (!doc->under[k] && !(doc->under[k] = alloc_field(doc->size)))
                    return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory for the flow "
                                                           "under the rock");
                doc->under[k][s] = f[s];
            } else if (was_open[s] == 0 && now_open[s] != 0 && doc->under[k]) {
                f[s] = doc->under[k][s];
                doc->under[k][s] = 0;
            }
        }
    }
    return EDDY_OK;
}

/* The mask of the walls goes to the solver; every mode loses the flow that
 * now crosses a wall (the samples touching a solid cell) and gets back what
 * rock that is gone had covered. */
static eddy_result apply_walls(paint_doc *doc, eddy_error *err)
{
    double *was_open = doc->weight, *now_open = doc->along; /* scratch: no edit is open */
    open_faces(doc, was_open);
    eddy_walls_rasterise(doc->walls, doc->wall_count, &doc->mac, doc->solid, NULL);
    eddy_result rc = eddy_grid_set_solid(doc->solver, doc->wall_count ? doc->solid : NULL, err);
    if (rc != EDDY_OK)
        return rc;
    open_faces(doc, now_open);
    rc = trade_under_rock(doc, was_open, now_open, err);
    for (int k = 0; k < doc->page_count; ++k)
        eddy_grid_close_faces(doc->solver, doc->pages[k]);
    touched(doc);
    return rc;
}

eddy_result paint_doc_set_tank(paint_doc *doc, double height, eddy_error *err)
{
    if (!(height >= doc->mac.height) || !(height <= EDDY_MAX_SIDE))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "paint: a tank %g m high cannot hold the %g m of "
                         "water the grid covers", height, doc->mac.height);
    doc->tank_height = height > doc->mac.height ? height : 0.0;
    touched(doc);
    return EDDY_OK;
}

double paint_doc_tank_height(const paint_doc *doc)
{
    return doc->tank_height > 0 ? doc->tank_height : doc->mac.height;
}

eddy_result paint_doc_set_walls(paint_doc *doc, const eddy_wall *walls, int count, eddy_error *err)
{
    /* the rock of a tank filled to a depth may reach above the water */
    eddy_result rc = eddy_walls_check(walls, count, doc->mac.width, paint_doc_tank_height(doc), err);
    if (rc != EDDY_OK)
        return rc;
    paint_doc_end_edit(doc);
    if (count > 0)
        memcpy(doc->walls, walls, (size_t)count * sizeof *walls);
    doc->wall_count = count;
    return apply_walls(doc, err);
}

eddy_result paint_doc_add_wall(paint_doc *doc, const eddy_wall *wall, eddy_error *err)
{
    if (doc->wall_count >= EDDY_MAX_WALLS)
        return eddy_fail(err, EDDY_ERR_CAPACITY, "paint: at most %d walls", EDDY_MAX_WALLS);
    eddy_wall all[EDDY_MAX_WALLS];
    memcpy(all, doc->walls, (size_t)doc->wall_count * sizeof *all);
    all[doc->wall_count] = *wall;
    return paint_doc_set_walls(doc, all, doc->wall_count + 1, err);
}

int paint_doc_remove_walls_at(paint_doc *doc, double x, double y, eddy_error *err)
{
    eddy_wall kept[EDDY_MAX_WALLS];
    int n = 0;
    for (int k = 0; k < doc->wall_count; ++k)
        if (!eddy_wall_contains(&doc->walls[k], x, y)) kept[n++] = doc->walls[k];
    int removed = doc->wall_count - n;
    if (removed > 0 && paint_doc_set_walls(doc, kept, n, err) != EDDY_OK)
        return -1;
    return removed;
}

/* The text of a level or scene file. */
static eddy_result read_text(const char *path, uint8_t **data, size_t *size, eddy_error *err)
{
    *data = NULL;
    *size = 0;
    return eddy_read_file(path, EDDY_SCENE_MAX_BYTES, data, size, err);
}

/* The text's JSON object (a level or a scene). */
static eddy_result parse_object(const uint8_t *data, size_t size, const char *path, cJSON **out,
                                eddy_error *err)
{
    *out = NULL;
    eddy_result rc = eddy_json_check_text((const char *)data, size, path, err); /* strict */
    if (rc != EDDY_OK) return rc;
    cJSON *root = cJSON_ParseWithLength((const char *)data, size);
    if (!cJSON_IsObject(root)) {
        cJSON_Delete(root);
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: not a JSON object", path);
    }
    *out = root;
    return EDDY_OK;
}

/* The "walls" of a level or scene text, checked as a scene's: EDDY_ERR_FORMAT. */
static eddy_result walls_of(const uint8_t *data, size_t size, const char *path, eddy_wall **walls,
                            int *count, eddy_error *err)
{
    eddy_error inner = {0};
    *walls = NULL;
    *count = 0;
    if (eddy_walls_from_json((const char *)data, size, walls, count, &inner) != EDDY_OK)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: %s", path, inner.message);
    return EDDY_OK;
}

/* The tank's height of a level filled to a depth (its "asset" has "domain"
 * [W, H] and "depth"): H, above the water the grid covers; 0 for anything else. */
static double tank_of(const cJSON *root)
{
    const cJSON *asset = cJSON_GetObjectItemCaseSensitive(root, "asset");
    const cJSON *domain = asset ? cJSON_GetObjectItemCaseSensitive(asset, "domain") : NULL;
    if (!asset || !cJSON_GetObjectItemCaseSensitive(asset, "depth") || !cJSON_IsArray(domain) ||
        cJSON_GetArraySize(domain) != 2 || !cJSON_IsNumber(cJSON_GetArrayItem(domain, 1)))
        return 0;
    return cJSON_GetArrayItem(domain, 1)->valuedouble;
}

/* The "walls" of a level or scene file (any other keys are ignored, so a
 * game level can be read as it is). */
eddy_result paint_doc_load_walls(paint_doc *doc, const char *path, eddy_error *err)
{
    uint8_t *data = NULL;
    size_t size = 0;
    eddy_wall *walls = NULL;
    int count = 0;
    eddy_result rc = read_text(path, &data, &size, err);
    if (rc == EDDY_OK)
        rc = walls_of(data, size, path, &walls, &count, err);
    /* a level filled to a depth: its tank (asset.domain[1]) above the water */
    double tank = 0;
    cJSON *root = NULL;
    if (rc == EDDY_OK && parse_object(data, size, path, &root, NULL) == EDDY_OK)
        tank = tank_of(root);
    cJSON_Delete(root);
    eddy_free(data);
    /* a mode opened with its level (--level) is not changed by the level's
       rock unless the rock closes flow the mode had: only then is it unsaved */
    bool was_dirty = doc->dirty;
    size_t page_bytes = field_bytes(doc);
    int pages = doc->page_count;
    unsigned char *before = was_dirty ? NULL : malloc(page_bytes * (size_t)pages);
    for (int k = 0; before && k < pages; ++k)
        memcpy(before + page_bytes * (size_t)k, doc->pages[k], page_bytes);
    if (rc == EDDY_OK && tank > 0)
        rc = paint_doc_set_tank(doc, tank, err);
    if (rc == EDDY_OK)
        rc = paint_doc_set_walls(doc, walls, count, err);
    bool same = before && rc == EDDY_OK && doc->page_count == pages && field_bytes(doc) == page_bytes;
    for (int k = 0; same && k < pages; ++k)
        same = memcmp(before + page_bytes * (size_t)k, doc->pages[k], page_bytes) == 0;
    if (same)
        doc->dirty = false;
    free(before);
    eddy_free(walls);
    return rc;
}

/* asset.domain and asset.grid of a parsed level (the game's level format,
 * game/eddy-game/level/game_level.h). A level filled to a depth (asset.depth): the
 * grid covers the water, and *tank (when asked) is the tank's height above it;
 * 0 for a full tank. */
static eddy_result grid_of(const cJSON *root, const char *path, eddy_mode_grid *g, double *tank,
                           eddy_error *err)
{
    if (tank) *tank = 0;
    const cJSON *asset = cJSON_GetObjectItemCaseSensitive(root, "asset");
    if (!cJSON_IsObject(asset))
        return eddy_fail(err, EDDY_ERR_RANGE, "%s: no \"asset\" with the level's domain and grid "
                                             "(not a game level)", path);
    const cJSON *dom = cJSON_GetObjectItemCaseSensitive(asset, "domain");
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(asset, "grid");
    if (!cJSON_IsArray(dom) || cJSON_GetArraySize(dom) != 2 || !cJSON_IsArray(grid) ||
        cJSON_GetArraySize(grid) != 2)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: asset.domain and asset.grid must be pairs "
                                              "[W, H] and [NX, NY]", path);
    double v[4];
    for (int k = 0; k < 4; ++k) {
        const cJSON *e = cJSON_GetArrayItem(k < 2 ? dom : grid, k % 2);
        if (!cJSON_IsNumber(e) || !isfinite(e->valuedouble))
            return eddy_fail(err, EDDY_ERR_FORMAT, "%s: asset.%s[%d] is not a number", path,
                             k < 2 ? "domain" : "grid", k % 2);
        v[k] = e->valuedouble;
    }
    if (v[2] != floor(v[2]) || v[3] != floor(v[3]) || v[2] < 2 || v[3] < 2 ||
        v[2] > EDDY_MODE_MAX_CELLS || v[3] > EDDY_MODE_MAX_CELLS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: asset.grid [%g, %g] must be whole numbers "
                                              "of cells, 2 to %d", path, v[2], v[3],
                         EDDY_MODE_MAX_CELLS);
    *g = (eddy_mode_grid){v[0], v[1], (int)v[2], (int)v[3]};
    const cJSON *depth = cJSON_GetObjectItemCaseSensitive(asset, "depth");
    if (depth) {
        if (!cJSON_IsNumber(depth) || !(depth->valuedouble > 0) || !(depth->valuedouble < v[1]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "%s: asset.depth must be metres in (0, %g), "
                                                  "below the tank's top", path, v[1]);
        g->height = depth->valuedouble;
        if (tank) *tank = v[1];
    }
    return EDDY_OK;
}

eddy_result paint_level_grid(const char *path, eddy_mode_grid *out, eddy_error *err)
{
    uint8_t *data = NULL;
    size_t size = 0;
    cJSON *root = NULL;
    eddy_result rc = read_text(path, &data, &size, err);
    if (rc == EDDY_OK)
        rc = parse_object(data, size, path, &root, err);
    if (rc == EDDY_OK)
        rc = grid_of(root, path, out, NULL, err);
    cJSON_Delete(root);
    eddy_free(data);
    return rc;
}

bool paint_doc_fits_grid(const paint_doc *doc, const eddy_mode_grid *g)
{
    const eddy_mac *m = &doc->mac;
    return m->nx == g->nx && m->ny == g->ny &&
           fabs(m->width - g->width) <= 1e-9 * fmax(fabs(g->width), 1.0) &&
           fabs(m->height - g->height) <= 1e-9 * fmax(fabs(g->height), 1.0);
}

eddy_result paint_doc_open_level(paint_doc *doc, const char *path, eddy_error *err)
{
    uint8_t *data = NULL;
    size_t size = 0;
    cJSON *root = NULL;
    eddy_wall *walls = NULL;
    int count = 0;
    eddy_mode_grid g;
    double tank = 0;
    eddy_result rc = read_text(path, &data, &size, err);
    if (rc == EDDY_OK)
        rc = parse_object(data, size, path, &root, err);
    if (rc == EDDY_OK)
        rc = grid_of(root, path, &g, &tank, err);
    if (rc == EDDY_OK && cJSON_GetObjectItemCaseSensitive(root, "walls"))
        rc = walls_of(data, size, path, &walls, &count, err);
    cJSON_Delete(root);
    eddy_free(data);
    /* the walls are checked against the level's domain before anything changes */
    if (rc == EDDY_OK && count > 0)
        rc = eddy_walls_check(walls, count, g.width, tank > 0 ? tank : g.height, err);
    if (rc == EDDY_OK)
        rc = paint_doc_reset(doc, g.width, g.height, g.nx, g.ny, err);
    if (rc == EDDY_OK && tank > 0)
        rc = paint_doc_set_tank(doc, tank, err);
    if (rc == EDDY_OK && count > 0)
        rc = paint_doc_set_walls(doc, walls, count, err);
    eddy_free(walls);
    return rc;
}

eddy_result paint_doc_save_walls(const paint_doc *doc, const char *path, eddy_error *err)
{
    char *text = NULL;
    eddy_error inner = {0};
    if (eddy_walls_to_json(doc->walls, doc->wall_count, &text, &inner) != EDDY_OK)
        return eddy_fail(err, EDDY_ERR_MEMORY, "paint: out of memory writing walls");
    eddy_result rc = eddy_write_file_atomic(path, text, strlen(text), err);
    eddy_free(text);
    return rc;
}
