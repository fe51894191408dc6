// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* paint_script.c - the text script interpreter of eddy-paint (see
 * paint_script.h for the language). No SDL. */
/* realpath (POSIX puts it in the XSI option) */
#define _XOPEN_SOURCE 700
#include "paint_script.h"

#include "cli.h"
#include "kit_platform.h"
#include <eddy/eddy_grid.h>
#include <eddy/eddy_file.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>

/* ------------------------------------------------------------ messages */

static eddy_result fail_line(paint_script_error *e, paint_fail kind, eddy_result code,
                             const char *source, int line, const char *fmt, ...)
#if defined(__GNUC__)
    EDDY_PRINTF(6, 7)
#endif
    ;

static eddy_result fail_line(paint_script_error *e, paint_fail kind, eddy_result code,
                             const char *source, int line, const char *fmt, ...)
{
    if (e) {
        e->kind = kind;
        e->code = code;
        e->line = line;
        int n = line > 0 ? snprintf(e->message, sizeof e->message, "%s:%d: ", source, line)
                         : snprintf(e->message, sizeof e->message, "%s: ", source);
        if (n < 0 || (size_t)n >= sizeof e->message)
            n = 0;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->message + n, sizeof e->message - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return code == EDDY_OK ? EDDY_ERR_ARGUMENT : code;
}

int paint_exit_code(const paint_script_error *e)
{
    if (!e || e->kind == PAINT_FAIL_NONE)
        return EX_OK;
    if (e->code == EDDY_ERR_MEMORY)
        return EX_OSERR;
    switch (e->kind) {
    case PAINT_FAIL_READ: return e->code == EDDY_ERR_IO ? EX_NOINPUT : EX_DATAERR;
    case PAINT_FAIL_WRITE: return EX_CANTCREAT;
    default: return EX_DATAERR;
    }
}

void paint_describe(const paint_doc *doc, char *out, size_t cap)
{
    const eddy_mac *g = paint_doc_mac(doc);
    paint_brush b = paint_doc_brush(doc);
    snprintf(out, cap,
             "name=\"%s\" grid=%gx%g cells=%dx%d mode=%d/%d max_speed=%.6g max_div=%.3g "
             "energy=%.6g brush_radius=%g brush_strength=%g brush_mode=%s undo=%d redo=%d "
             "frames=%d",
             paint_doc_name(doc), g->width, g->height, g->nx, g->ny, paint_doc_page(doc) + 1,
             paint_doc_page_count(doc), paint_doc_max_speed(doc), paint_doc_max_divergence(doc),
             paint_doc_energy(doc), b.radius, b.strength,
             b.mode == PAINT_BRUSH_ADD ? "add" : "set", paint_doc_undo_count(doc),
             paint_doc_redo_count(doc), paint_doc_frame_count(doc));
}

/* ------------------------------------------------------------ words */

typedef struct line_ctx {
    paint_doc *doc;
    const char *source;
    int line;
    FILE *out;
    paint_script_error *e;
    paint_script_options *opts; /* never NULL */
    char **word; /* word[0] is the command */
    int count;
    const char *rest; /* the raw text after the command word, comment cut */
    size_t rest_len;
} line_ctx;

#define BAD(c, ...) fail_line((c)->e, PAINT_FAIL_LINE, EDDY_ERR_ARGUMENT, (c)->source, \
                              (c)->line, __VA_ARGS__)

static eddy_result number(line_ctx *c, int k, const char *what, double *out)
{
    if (k >= c->count)
        return BAD(c, "%s: missing %s", c->word[0], what);
    if (!cli_parse_double(c->word[k], out))
        return BAD(c, "%s: %s '%s' is not a finite decimal number", c->word[0], what,
                   c->word[k]);
    return EDDY_OK;
}

static eddy_result integer(line_ctx *c, int k, const char *what, long min, long max, long *out)
{
    if (k >= c->count)
        return BAD(c, "%s: missing %s", c->word[0], what);
    if (!cli_parse_long(c->word[k], min, max, out))
        return BAD(c, "%s: %s '%s' must be a whole number from %ld to %ld", c->word[0], what,
                   c->word[k], min, max);
    return EDDY_OK;
}

static eddy_result arity(line_ctx *c, int min, int max, const char *usage)
{
    if (c->count - 1 < min)
        return BAD(c, "%s needs more: usage '%s'", c->word[0], usage);
    if (c->count - 1 > max)
        return BAD(c, "%s: unexpected '%s': usage '%s'", c->word[0], c->word[max + 1], usage);
    return EDDY_OK;
}

/* The library refused a well-formed command: keep its message, name the line. */
static eddy_result refused(line_ctx *c, eddy_result rc, const eddy_error *err)
{
    return fail_line(c->e, PAINT_FAIL_LINE, rc, c->source, c->line, "%s: %s", c->word[0],
                     err->message);
}

/* The rest of the line as a path or a name (NUL-terminated copy in buf). */
static eddy_result rest_text(line_ctx *c, const char *what, char *buf, size_t cap)
{
    if (c->rest_len == 0)
        return BAD(c, "%s: missing %s", c->word[0], what);
    if (c->rest_len >= cap)
        return BAD(c, "%s: %s is too long (%zu bytes)", c->word[0], what, c->rest_len);
    memcpy(buf, c->rest, c->rest_len);
    buf[c->rest_len] = '\0';
    return EDDY_OK;
}

/* Parses pairs of coordinates from word[from] on into a new array. */
static eddy_result points(line_ctx *c, int from, int pairs, double **out)
{
    double *xy = malloc(sizeof(double) * 2 * (size_t)(pairs > 0 ? pairs : 1));
    if (!xy)
        return fail_line(c->e, PAINT_FAIL_LINE, EDDY_ERR_MEMORY, c->source, c->line,
                         "out of memory");
    for (int k = 0; k < 2 * pairs; ++k) {
        char what[48];
        snprintf(what, sizeof what, "%c of point %d", k % 2 ? 'y' : 'x', k / 2 + 1);
        eddy_result rc = number(c, from + k, what, &xy[k]);
        if (rc != EDDY_OK) {
            free(xy);
            return rc;
        }
    }
    *out = xy;
    return EDDY_OK;
}

/* ------------------------------------------------------------ limits */

/* Seconds of one solver step (or projection) on the document's grid. */
static double step_seconds(const paint_doc *doc)
{
    const eddy_mac *g = paint_doc_mac(doc);
    eddy_grid_cost cost;
    eddy_grid_estimate(g->nx, g->ny, paint_doc_wall_count(doc) > 0, &cost);
    return cost.step_seconds;
}

/* Memory of the document with more_pages more modes. */
static double document_bytes(const paint_doc *doc, int more_pages)
{
    const eddy_mac *g = paint_doc_mac(doc);
    eddy_grid_cost cost;
    eddy_grid_estimate(g->nx, g->ny, false, &cost);
    return cost.bytes + (double)(paint_doc_page_count(doc) - 1 + more_pages) * cost.field_bytes;
}

/* Refuses, before it runs, a line whose document would need more memory
 * than PAINT_SCRIPT_MAX_BYTES or whose solver work would take the script's
 * past PAINT_SCRIPT_MAX_WORK seconds (paint_script.h); counts the work. */
static eddy_result within_limits(line_ctx *c, const char *what, double bytes, double seconds)
{
    if (!(bytes <= PAINT_SCRIPT_MAX_BYTES))
        return fail_line(c->e, PAINT_FAIL_LINE, EDDY_ERR_RANGE, c->source, c->line,
                         "%s: the document would need about %.3g GiB of memory, more than the "
                         "%.3g GiB a script may use: use a coarser grid or fewer modes", what,
                         bytes / 1073741824.0, PAINT_SCRIPT_MAX_BYTES / 1073741824.0);
    double total = c->opts->work + seconds;
    double limit = c->opts->work_limit > 0 ? c->opts->work_limit : PAINT_SCRIPT_MAX_WORK;
    if (!(total <= limit))
        return fail_line(c->e, PAINT_FAIL_LINE, EDDY_ERR_RANGE, c->source, c->line,
                         "%s: about %.3g s of solver work (%.3g s before this line), more than "
                         "the %g s a script may take: use fewer steps or a coarser grid", what,
                         total, c->opts->work, limit);
    c->opts->work = total;
    return EDDY_OK;
}

/* The directory part of path, links of the final name followed (so a link
 * beside the script to a file elsewhere counts as elsewhere), resolved to
 * an absolute name in a new buffer; NULL when it cannot be resolved. */
static char *resolved_directory(const char *path)
{
    char *target = NULL;
    if (kit_is_link(path)) {
        target = kit_real_path(path, NULL); /* NULL for a dangling link: refused */
        if (!target) return NULL;
        path = target;
    }
    const char *slash = strrchr(path, '/');
    char *dir = slash ? kit_dup_prefix(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
    char *real = dir ? kit_real_path(dir, NULL) : NULL;
    free(dir);
    free(target);
    return real;
}

/* A script writes only beside itself or in the directory the command line
 * gave for saves (opts->save_dir): `make assets` runs the shipped scripts,
 * which makes them code, and code from a level pack must not reach every
 * file the user can write. */
static eddy_result save_allowed(line_ctx *c, const char *path)
{
    char *where = resolved_directory(path);
    bool stdin_script = strcmp(c->source, "-") == 0;
    char *beside = stdin_script ? NULL : resolved_directory(c->source);
    char *given = c->opts->save_dir ? kit_real_path(c->opts->save_dir, NULL) : NULL;
    bool ok = where && ((beside && strcmp(where, beside) == 0) || (given && strcmp(where, given) == 0));
    free(where);
    free(beside);
    free(given);
    if (ok)
        return EDDY_OK;
    return fail_line(c->e, PAINT_FAIL_LINE, EDDY_ERR_RANGE, c->source, c->line,
                     "%s: '%s' is not beside the script%s: a script saves only in its own "
                     "directory or in the directory given by --save-dir", c->word[0], path,
                     c->opts->save_dir ? " nor in --save-dir" : "");
}

/* ------------------------------------------------------------ commands */

static eddy_result cmd_grid(line_ctx *c)
{
    eddy_result rc = arity(c, 4, 4, "grid W H NX NY");
    double w = 0, h = 0;
    long nx = 0, ny = 0;
    if (rc == EDDY_OK)
        rc = number(c, 1, "width W", &w);
    if (rc == EDDY_OK)
        rc = number(c, 2, "height H", &h);
    if (rc == EDDY_OK)
        rc = integer(c, 3, "cells NX", 2, EDDY_MODE_MAX_CELLS, &nx);
    if (rc == EDDY_OK)
        rc = integer(c, 4, "cells NY", 2, EDDY_MODE_MAX_CELLS, &ny);
    if (rc != EDDY_OK)
        return rc;
    if (!(w > 0 && h > 0))
        return BAD(c, "grid: the domain %g x %g must have positive sides", w, h);
    if ((double)nx * (double)ny > (double)EDDY_GRID_MAX_CELLS)
        return BAD(c, "grid: %ld x %ld cells is more than %d", nx, ny, EDDY_GRID_MAX_CELLS);
    eddy_grid_cost cost;
    eddy_grid_estimate((int)nx, (int)ny, false, &cost);
    rc = within_limits(c, "grid", cost.bytes, cost.create_seconds);
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    rc = paint_doc_reset(c->doc, w, h, (int)nx, (int)ny, &err);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result cmd_name(line_ctx *c)
{
    char name[EDDY_MODE_NAME_MAX + 1];
    eddy_result rc = rest_text(c, "NAME", name, sizeof name);
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    rc = paint_doc_set_name(c->doc, name, &err);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result cmd_brush(line_ctx *c)
{
    static const char usage[] = "brush [radius R] [strength S] [mode set|add]";
    if (c->count < 3 || (c->count - 1) % 2 != 0)
        return BAD(c, "brush needs key and value pairs: usage '%s'", usage);
    paint_brush b = paint_doc_brush(c->doc);
    for (int k = 1; k < c->count; k += 2) {
        const char *key = c->word[k];
        eddy_result rc = EDDY_OK;
        if (strcmp(key, "radius") == 0)
            rc = number(c, k + 1, "radius", &b.radius);
        else if (strcmp(key, "strength") == 0)
            rc = number(c, k + 1, "strength", &b.strength);
        else if (strcmp(key, "mode") == 0) {
            if (strcmp(c->word[k + 1], "set") == 0)
                b.mode = PAINT_BRUSH_SET;
            else if (strcmp(c->word[k + 1], "add") == 0)
                b.mode = PAINT_BRUSH_ADD;
            else
                rc = BAD(c, "brush: mode '%s' must be set or add", c->word[k + 1]);
        } else
            rc = BAD(c, "brush: unknown setting '%s': usage '%s'", key, usage);
        if (rc != EDDY_OK)
            return rc;
    }
    eddy_error err = {0};
    eddy_result rc = paint_doc_set_brush(c->doc, &b, &err);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

/* Seconds a stroke or an erase along the n points xy with this radius
 * takes, in the cost model of the solver lines (issue 30: an 8,000-point
 * stroke with a brush as wide as a 512^2 grid took 38 s, unestimated). The
 * painter visits, for each segment and each of the two face families, every
 * sample in the segment's box widened by the radius (clipped to the grid),
 * then sweeps the whole field four times; measured about 9 ns a visit (one
 * core, x86-64, 2026), counted as PAINT_SECONDS_PER_VISIT. */
#define PAINT_SECONDS_PER_VISIT 1.0e-8

static double box_samples(double lo, double hi, double h, int cells)
{
    double n = floor(hi / h) - ceil(lo / h) + 2.0; /* both families' offsets, at most one more */
    return n < 1.0 ? 1.0 : n > cells + 1.0 ? cells + 1.0 : n;
}

static double stroke_seconds(const paint_doc *doc, const double *xy, int n, double radius)
{
    const eddy_mac *g = paint_doc_mac(doc);
    double visits = 4.0 * 2.0 * g->nx * (double)g->ny; /* the sweeps of the whole field */
    int segments = n > 1 ? n - 1 : 1;
    for (int s = 0; s < segments; ++s) {
        double ax = xy[2 * s], ay = xy[2 * s + 1];
        double bx = n > 1 ? xy[2 * s + 2] : ax, by = n > 1 ? xy[2 * s + 3] : ay;
        double wide = box_samples(fmin(ax, bx) - radius, fmax(ax, bx) + radius, g->hx, g->nx);
        double tall = box_samples(fmin(ay, by) - radius, fmax(ay, by) + radius, g->hy, g->ny);
        visits += 2.0 * wide * tall;
    }
    return visits * PAINT_SECONDS_PER_VISIT;
}

static eddy_result cmd_stroke(line_ctx *c)
{
    int numbers = c->count - 1;
    if (numbers < 4 || numbers % 2 != 0)
        return BAD(c, "stroke needs two or more points as X Y pairs, got %d number%s", numbers,
                   numbers == 1 ? "" : "s");
    double *xy = NULL;
    eddy_result rc = points(c, 1, numbers / 2, &xy);
    if (rc != EDDY_OK)
        return rc;
    rc = within_limits(c, "stroke", document_bytes(c->doc, 0),
                       stroke_seconds(c->doc, xy, numbers / 2, paint_doc_brush(c->doc).radius));
    if (rc != EDDY_OK) {
        free(xy);
        return rc;
    }
    eddy_error err = {0};
    rc = paint_doc_stroke(c->doc, xy, numbers / 2, &err);
    free(xy);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result cmd_erase(line_ctx *c)
{
    int numbers = c->count - 1;
    if (numbers < 3 || numbers % 2 != 1)
        return BAD(c, "erase needs points as X Y pairs and then a radius R (X Y R, or "
                      "X Y X Y ... R), got %d number%s",
                   numbers, numbers == 1 ? "" : "s");
    double *xy = NULL, r = 0;
    eddy_result rc = points(c, 1, numbers / 2, &xy);
    if (rc == EDDY_OK)
        rc = number(c, numbers, "radius R", &r);
    if (rc != EDDY_OK) {
        free(xy);
        return rc;
    }
    if (rc == EDDY_OK && isfinite(r))
        rc = within_limits(c, "erase", document_bytes(c->doc, 0),
                           stroke_seconds(c->doc, xy, numbers / 2, r));
    if (rc != EDDY_OK) {
        free(xy);
        return rc;
    }
    eddy_error err = {0};
    rc = paint_doc_erase(c->doc, xy, numbers / 2, r, &err);
    free(xy);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result cmd_history(line_ctx *c, bool undo)
{
    eddy_result rc = arity(c, 0, 1, undo ? "undo [N]" : "redo [N]");
    long n = 1;
    if (rc == EDDY_OK && c->count > 1)
        rc = integer(c, 1, "count N", 1, 1000000, &n);
    for (long k = 0; rc == EDDY_OK && k < n; ++k) {
        eddy_error err = {0};
        rc = undo ? paint_doc_undo(c->doc, &err) : paint_doc_redo(c->doc, &err);
        if (rc != EDDY_OK)
            return fail_line(c->e, PAINT_FAIL_LINE, rc, c->source, c->line,
                             "%s: %s (after %ld of %ld)", c->word[0], err.message, k, n);
    }
    return rc;
}

static eddy_result cmd_plain(line_ctx *c, eddy_result (*op)(paint_doc *, eddy_error *))
{
    eddy_result rc = arity(c, 0, 0, c->word[0]);
    if (rc == EDDY_OK && op == paint_doc_project)
        rc = within_limits(c, "project", document_bytes(c->doc, 0), step_seconds(c->doc));
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    rc = op(c->doc, &err);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result cmd_step(line_ctx *c, bool record)
{
    eddy_result rc = arity(c, 2, 2, record ? "record N DT" : "step N DT");
    long n = 0;
    double dt = 0;
    if (rc == EDDY_OK)
        rc = integer(c, 1, "step count N", 1, 1000000, &n);
    if (rc == EDDY_OK)
        rc = number(c, 2, "time step DT", &dt);
    if (rc != EDDY_OK)
        return rc;
    if (!(dt > 0))
        return BAD(c, "%s: time step DT %g must be positive", c->word[0], dt);
    rc = within_limits(c, c->word[0], document_bytes(c->doc, 0), (double)n * step_seconds(c->doc));
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    rc = paint_doc_step(c->doc, (int)n, dt, record, &err);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result cmd_mode(line_ctx *c)
{
    static const char usage[] = "mode add | mode select K | mode remove";
    if (c->count < 2)
        return BAD(c, "mode needs a verb: usage '%s'", usage);
    const char *verb = c->word[1];
    eddy_error err = {0};
    eddy_result rc;
    if (strcmp(verb, "add") == 0 || strcmp(verb, "remove") == 0) {
        if (c->count > 2)
            return BAD(c, "mode %s: unexpected '%s'", verb, c->word[2]);
        if (verb[0] == 'a' && (rc = within_limits(c, "mode add", document_bytes(c->doc, 1), 0.0)))
            return rc;
        rc = verb[0] == 'a' ? paint_doc_add_page(c->doc, &err)
                            : paint_doc_remove_page(c->doc, &err);
    } else if (strcmp(verb, "select") == 0) {
        long k = 0;
        if (c->count != 3)
            return BAD(c, "mode select needs one number K (1 to %d)",
                       paint_doc_page_count(c->doc));
        rc = integer(c, 2, "mode number K", 1, PAINT_MAX_PAGES, &k);
        if (rc != EDDY_OK)
            return rc;
        rc = paint_doc_select_page(c->doc, (int)k - 1, &err);
    } else
        return BAD(c, "mode: unknown verb '%s': usage '%s'", verb, usage);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

/* A relative path a script reads (load, walls) is looked for beside the
 * script first, then in the working directory: a script and the level it
 * takes its walls from can move together (assets/modes and assets/levels in
 * the tree, PREFIX/share/eddy/modes and .../levels once installed). */
static void input_path(const line_ctx *c, const char *path, char *out, size_t cap)
{
    snprintf(out, cap, "%s", path);
    const char *slash = strrchr(c->source, '/');
    if (path[0] == '/' || !slash)
        return;
    char beside[8192];
    int n = snprintf(beside, sizeof beside, "%.*s/%s", (int)(slash - c->source), c->source, path);
    struct stat st;
    if (n > 0 && (size_t)n < sizeof beside && (size_t)n < cap && stat(beside, &st) == 0)
        memcpy(out, beside, (size_t)n + 1);
}

/* ------------------------------------------------------------ inputs are never outputs */

int paint_script_input_line(const paint_script_options *o, const char *path)
{
    cli_file_id id;
    if (!o || !cli_file_identity(path, &id))
        return 0;
    for (int i = 0; i < o->input_count; i++)
        if (o->inputs[i].dev == id.dev && o->inputs[i].ino == id.ino)
            return o->inputs[i].line;
    return 0;
}

/* Notes a file the line has just read (level, load, walls). A run that
 * reads more files than it can note is refused rather than left unguarded. */
static eddy_result note_input(line_ctx *c, const char *path)
{
    cli_file_id id;
    if (!cli_file_identity(path, &id) || paint_script_input_line(c->opts, path) > 0)
        return EDDY_OK;
    if (c->opts->input_count >= PAINT_SCRIPT_MAX_INPUTS)
        return BAD(c, "%s: a script may read at most %d files", c->word[0],
                   PAINT_SCRIPT_MAX_INPUTS);
    paint_script_input *in = &c->opts->inputs[c->opts->input_count++];
    in->dev = id.dev;
    in->ino = id.ino;
    in->line = c->line;
    return EDDY_OK;
}

/* Refuses a save onto a file this run has read. */
static eddy_result refuse_input(line_ctx *c, const char *path)
{
    int line = paint_script_input_line(c->opts, path);
    if (line == 0)
        return EDDY_OK;
    return BAD(c, "%s: '%s' is the same file as the input read at line %d: refusing to "
                  "overwrite an input (save to another file)", c->word[0], path, line);
}

/* Where a save of path goes: a relative path beside the script (as an input
 * found there is read), an absolute one as given; refused unless that is
 * beside the script or in --save-dir (save_allowed). */
static eddy_result save_path(line_ctx *c, const char *path, char *out, size_t cap)
{
    /* relative to the script's directory; a script from standard input has
       only --save-dir */
    const char *slash = strrchr(c->source, '/');
    bool stdin_script = strcmp(c->source, "-") == 0;
    const char *save_dir = c->opts->save_dir;
    int n = path[0] == '/' || (stdin_script && !save_dir) || (!stdin_script && !slash)
                ? snprintf(out, cap, "%s", path)
            : stdin_script ? snprintf(out, cap, "%s/%s", save_dir, path)
                           : snprintf(out, cap, "%.*s/%s", (int)(slash - c->source), c->source,
                                      path);
    if (n < 0 || (size_t)n >= cap)
        return BAD(c, "%s: '%s' beside the script is a path too long", c->word[0], path);
    if (cli_same_file(out, c->source))
        return BAD(c, "%s: '%s' is the script being run: refusing to overwrite it", c->word[0],
                   path);
    eddy_result rc = refuse_input(c, out);
    return rc == EDDY_OK ? save_allowed(c, out) : rc;
}

static eddy_result cmd_file(line_ctx *c)
{
    char path[4096];
    eddy_result rc = rest_text(c, "PATH", path, sizeof path);
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    const char *cmd = c->word[0];
    bool reading = strcmp(cmd, "load") == 0;
    if (!reading && cli_same_file(path, c->source))
        return BAD(c, "%s: '%s' is the script being run: refusing to overwrite it", cmd, path);
    char found[4096];
    if (reading)
        input_path(c, path, found, sizeof found);
    else if ((rc = save_path(c, path, found, sizeof found)) != EDDY_OK)
        return rc;
    if (reading && (rc = paint_doc_load(c->doc, found, &err)) == EDDY_OK)
        return note_input(c, found);
    else if (reading)
        ; /* reported below */
    else if (strcmp(cmd, "save") == 0)
        rc = paint_doc_save(c->doc, found, &err);
    else
        rc = paint_doc_save_frames(c->doc, found, &err);
    if (rc == EDDY_OK)
        return rc;
    paint_fail kind = reading ? PAINT_FAIL_READ : PAINT_FAIL_WRITE;
    if (rc == EDDY_ERR_RANGE && !reading) /* nothing recorded: the line's fault */
        kind = PAINT_FAIL_LINE;
    return fail_line(c->e, kind, rc, c->source, c->line, "%s: %s", cmd, err.message);
}

/* wall polygon X1 Y1 X2 Y2 X3 Y3 ... | wall circle X Y R | unwall X Y */
static eddy_result cmd_wall(line_ctx *c)
{
    static const char usage[] = "wall polygon X1 Y1 X2 Y2 X3 Y3 ... | wall circle X Y R";
    if (c->count < 2)
        return BAD(c, "wall needs a shape: usage '%s'", usage);
    eddy_wall w;
    memset(&w, 0, sizeof w);
    eddy_result rc = EDDY_OK;
    if (strcmp(c->word[1], "circle") == 0) {
        if (c->count != 5)
            return BAD(c, "wall circle needs X Y R: usage '%s'", usage);
        w.kind = EDDY_WALL_CIRCLE;
        rc = number(c, 2, "X", &w.x);
        if (rc == EDDY_OK) rc = number(c, 3, "Y", &w.y);
        if (rc == EDDY_OK) rc = number(c, 4, "R", &w.radius);
    } else if (strcmp(c->word[1], "polygon") == 0) {
        int n = (c->count - 2) / 2;
        if ((c->count - 2) % 2 != 0 || n < 3 || n > EDDY_WALL_MAX_POINTS)
            return BAD(c, "wall polygon needs 3 to %d X Y pairs: usage '%s'", EDDY_WALL_MAX_POINTS,
                       usage);
        w.kind = EDDY_WALL_POLYGON;
        w.point_count = n;
        for (int p = 0; p < n && rc == EDDY_OK; ++p) {
            rc = number(c, 2 + 2 * p, "X", &w.points[p][0]);
            if (rc == EDDY_OK) rc = number(c, 3 + 2 * p, "Y", &w.points[p][1]);
        }
    } else
        return BAD(c, "wall: unknown shape '%s': usage '%s'", c->word[1], usage);
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    rc = paint_doc_add_wall(c->doc, &w, &err);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result cmd_unwall(line_ctx *c)
{
    double x, y;
    eddy_result rc = arity(c, 2, 2, "unwall X Y");
    if (rc == EDDY_OK) rc = number(c, 1, "X", &x);
    if (rc == EDDY_OK) rc = number(c, 2, "Y", &y);
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    int removed = paint_doc_remove_walls_at(c->doc, x, y, &err);
    if (removed < 0)
        return refused(c, EDDY_ERR_ARGUMENT, &err);
    if (removed == 0)
        return BAD(c, "unwall: no wall at (%g, %g)", x, y);
    return EDDY_OK;
}

/* walls FILE (read a level's or scene's walls) | save-walls FILE */
static eddy_result cmd_walls_file(line_ctx *c)
{
    char path[4096];
    eddy_result rc = rest_text(c, "PATH", path, sizeof path);
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    bool reading = strcmp(c->word[0], "walls") == 0;
    if (!reading && cli_same_file(path, c->source))
        return BAD(c, "%s: '%s' is the script being run: refusing to overwrite it", c->word[0],
                   path);
    char found[4096];
    if (reading)
        input_path(c, path, found, sizeof found);
    else if ((rc = save_path(c, path, found, sizeof found)) != EDDY_OK)
        return rc;
    rc = reading ? paint_doc_load_walls(c->doc, found, &err) : paint_doc_save_walls(c->doc, found, &err);
    if (rc == EDDY_OK)
        return reading ? note_input(c, found) : rc;
    return fail_line(c->e, reading ? PAINT_FAIL_READ : PAINT_FAIL_WRITE, rc, c->source, c->line,
                     "%s: %s", c->word[0], err.message);
}

/* level FILE: start over on a game level's domain and grid, with its walls */
static eddy_result cmd_level(line_ctx *c)
{
    char path[4096];
    eddy_result rc = rest_text(c, "PATH", path, sizeof path);
    if (rc != EDDY_OK)
        return rc;
    eddy_error err = {0};
    char found[4096]; /* beside the script when it is there, as load and walls read */
    input_path(c, path, found, sizeof found);
    rc = paint_doc_open_level(c->doc, found, &err);
    if (rc == EDDY_OK)
        return note_input(c, found);
    return fail_line(c->e, rc == EDDY_ERR_IO ? PAINT_FAIL_READ : PAINT_FAIL_LINE, rc, c->source,
                     c->line, "level: %s", err.message);
}

static eddy_result cmd_info(line_ctx *c)
{
    eddy_result rc = arity(c, 0, 0, "info");
    if (rc == EDDY_OK && c->out) {
        char text[1024];
        paint_describe(c->doc, text, sizeof text);
        fprintf(c->out, "%s\n", text);
    }
    return rc;
}

/* tank H: the grid is the water of a tank H metres high (eddy_surface.h) */
static eddy_result cmd_tank(line_ctx *c)
{
    double h = 0;
    eddy_result rc = arity(c, 1, 1, "tank H");
    if (rc == EDDY_OK) rc = number(c, 1, "tank height H", &h);
    if (rc != EDDY_OK) return rc;
    eddy_error err = {0};
    rc = paint_doc_set_tank(c->doc, h, &err);
    return rc == EDDY_OK ? rc : refused(c, rc, &err);
}

static eddy_result drop_frames(paint_doc *doc, eddy_error *err)
{
    (void)err;
    paint_doc_clear_frames(doc);
    return EDDY_OK;
}

static eddy_result run_words(line_ctx *c)
{
    const char *cmd = c->word[0];
    if (strcmp(cmd, "grid") == 0) return cmd_grid(c);
    if (strcmp(cmd, "name") == 0) return cmd_name(c);
    if (strcmp(cmd, "brush") == 0) return cmd_brush(c);
    if (strcmp(cmd, "stroke") == 0) return cmd_stroke(c);
    if (strcmp(cmd, "erase") == 0) return cmd_erase(c);
    if (strcmp(cmd, "clear") == 0) return cmd_plain(c, paint_doc_clear);
    if (strcmp(cmd, "undo") == 0) return cmd_history(c, true);
    if (strcmp(cmd, "redo") == 0) return cmd_history(c, false);
    if (strcmp(cmd, "project") == 0) return cmd_plain(c, paint_doc_project);
    if (strcmp(cmd, "step") == 0) return cmd_step(c, false);
    if (strcmp(cmd, "record") == 0) return cmd_step(c, true);
    if (strcmp(cmd, "mode") == 0) return cmd_mode(c);
    if (strcmp(cmd, "save") == 0 || strcmp(cmd, "load") == 0 ||
        strcmp(cmd, "save-snapshots") == 0)
        return cmd_file(c);
    if (strcmp(cmd, "drop-snapshots") == 0) return cmd_plain(c, drop_frames);
    if (strcmp(cmd, "info") == 0) return cmd_info(c);
    if (strcmp(cmd, "wall") == 0) return cmd_wall(c);
    if (strcmp(cmd, "unwall") == 0) return cmd_unwall(c);
    if (strcmp(cmd, "walls") == 0 || strcmp(cmd, "save-walls") == 0) return cmd_walls_file(c);
    if (strcmp(cmd, "tank") == 0) return cmd_tank(c);
    if (strcmp(cmd, "level") == 0) return cmd_level(c);
    return BAD(c, "unknown command '%s' (commands: grid level name brush stroke erase clear "
                  "undo redo project step record mode save save-snapshots drop-snapshots load "
                  "info wall unwall walls save-walls tank)",
               cmd);
}

/* ------------------------------------------------------------ lines */

static bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

eddy_result paint_script_line(paint_doc *doc, const char *line, const char *source, int line_no,
                              FILE *out, paint_script_error *e)
{
    return paint_script_line_with(doc, line, source, line_no, NULL, out, e);
}

eddy_result paint_script_line_with(paint_doc *doc, const char *line, const char *source,
                                   int line_no, paint_script_options *opts, FILE *out,
                                   paint_script_error *e)
{
    if (e)
        memset(e, 0, sizeof *e);
    if (!source)
        source = "script";
    paint_script_options own = {0};
    if (!opts)
        opts = &own;
    size_t len = strlen(line);
    if (len > PAINT_SCRIPT_MAX_LINE)
        return fail_line(e, PAINT_FAIL_LINE, EDDY_ERR_ARGUMENT, source, line_no,
                         "line is too long (%zu bytes, at most %d)", len, PAINT_SCRIPT_MAX_LINE);
    for (size_t k = 0; k < len; ++k) {
        unsigned char ch = (unsigned char)line[k];
        if (ch < 0x20 && ch != '\t' && ch != '\r')
            return fail_line(e, PAINT_FAIL_LINE, EDDY_ERR_ARGUMENT, source, line_no,
                             "control character 0x%02x at column %zu", ch, k + 1);
    }
    long bad = eddy_utf8_invalid_at(line, len); /* words are echoed in messages and names */
    if (bad >= 0)
        return fail_line(e, PAINT_FAIL_LINE, EDDY_ERR_ARGUMENT, source, line_no,
                         "the line is not UTF-8 (byte 0x%02x at column %ld)",
                         (unsigned char)line[bad], bad + 1);
    /* Cut the comment: a '#' that starts a word. */
    size_t end = len;
    for (size_t k = 0; k < len; ++k)
        if (line[k] == '#' && (k == 0 || blank(line[k - 1]))) {
            end = k;
            break;
        }
    while (end > 0 && blank(line[end - 1]))
        end--;

    char *copy = malloc(end + 1);
    char **word = malloc(sizeof(char *) * (end / 2 + 2));
    if (!copy || !word) {
        free(copy);
        free(word);
        return fail_line(e, PAINT_FAIL_LINE, EDDY_ERR_MEMORY, source, line_no, "out of memory");
    }
    memcpy(copy, line, end);
    copy[end] = '\0';
    line_ctx c = {doc, source, line_no, out, e, opts, word, 0, NULL, 0};
    for (char *p = copy; *p;) {
        while (blank(*p))
            p++;
        if (!*p)
            break;
        word[c.count++] = p;
        while (*p && !blank(*p))
            p++;
        if (*p)
            *p++ = '\0';
    }
    eddy_result rc = EDDY_OK;
    if (c.count > 0) {
        const char *r = line;
        while (blank(*r))
            r++;
        while (*r && !blank(*r))
            r++;
        while (blank(*r))
            r++;
        c.rest = r;
        c.rest_len = r < line + end ? (size_t)(line + end - r) : 0;
        rc = run_words(&c);
    }
    free(word);
    free(copy);
    return rc;
}

eddy_result paint_script_run(paint_doc *doc, const char *text, size_t size, const char *source,
                             FILE *out, paint_script_error *e)
{
    return paint_script_run_with(doc, text, size, source, NULL, out, e);
}

eddy_result paint_script_run_with(paint_doc *doc, const char *text, size_t size,
                                  const char *source, paint_script_options *opts, FILE *out,
                                  paint_script_error *e)
{
    if (e)
        memset(e, 0, sizeof *e);
    if (!source)
        source = "script";
    paint_script_options own = {0};
    if (!opts)
        opts = &own;
    char *line = malloc(PAINT_SCRIPT_MAX_LINE + 1);
    if (!line)
        return fail_line(e, PAINT_FAIL_LINE, EDDY_ERR_MEMORY, source, 0, "out of memory");
    size_t pos = 0;
    int number = 0;
    eddy_result rc = EDDY_OK;
    while (pos < size && rc == EDDY_OK) {
        number++;
        size_t start = pos;
        while (pos < size && text[pos] != '\n')
            pos++;
        size_t len = pos - start;
        if (pos < size)
            pos++; /* the newline */
        if (memchr(text + start, '\0', len))
            rc = fail_line(e, PAINT_FAIL_LINE, EDDY_ERR_ARGUMENT, source, number,
                           "NUL byte in the line (is this a text file?)");
        else if (len > PAINT_SCRIPT_MAX_LINE)
            rc = fail_line(e, PAINT_FAIL_LINE, EDDY_ERR_ARGUMENT, source, number,
                           "line is too long (%zu bytes, at most %d)", len,
                           PAINT_SCRIPT_MAX_LINE);
        else {
            memcpy(line, text + start, len);
            line[len] = '\0';
            rc = paint_script_line_with(doc, line, source, number, opts, out, e);
        }
    }
    free(line);
    return rc;
}

eddy_result paint_script_run_file(paint_doc *doc, const char *path, FILE *out,
                                  paint_script_error *e)
{
    return paint_script_run_file_with(doc, path, NULL, out, e);
}

eddy_result paint_script_run_file_with(paint_doc *doc, const char *path,
                                       paint_script_options *opts, FILE *out,
                                       paint_script_error *e)
{
    if (e)
        memset(e, 0, sizeof *e);
    FILE *f = stdin;
    eddy_error open_err = {0};
    if (strcmp(path, "-") != 0 && eddy_open_input(path, &f, &open_err) != EDDY_OK)
        return fail_line(e, PAINT_FAIL_READ, EDDY_ERR_IO, path, 0, "cannot open the script: %s",
                         open_err.message);
    size_t cap = 4096, size = 0;
    char *text = malloc(cap);
    eddy_result rc = EDDY_OK;
    while (text) {
        if (size == cap) {
            if (cap >= PAINT_SCRIPT_MAX_SIZE) {
                rc = fail_line(e, PAINT_FAIL_READ, EDDY_ERR_FORMAT, path, 0,
                               "script is larger than %d bytes", PAINT_SCRIPT_MAX_SIZE);
                break;
            }
            char *grown = realloc(text, cap * 2);
            if (!grown) {
                free(text);
                text = NULL;
                break;
            }
            text = grown;
            cap *= 2;
        }
        size_t got = fread(text + size, 1, cap - size, f);
        size += got;
        if (got == 0)
            break;
    }
    if (rc == EDDY_OK && !text)
        rc = fail_line(e, PAINT_FAIL_READ, EDDY_ERR_MEMORY, path, 0, "out of memory");
    if (rc == EDDY_OK && ferror(f))
        rc = fail_line(e, PAINT_FAIL_READ, EDDY_ERR_IO, path, 0, "cannot read the script: %s",
                       strerror(errno));
    if (f != stdin)
        fclose(f);
    if (rc == EDDY_OK)
        rc = paint_script_run_with(doc, text, size, path, opts, out, e);
    free(text);
    return rc;
}
