// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* mode_file.c - named sets of MAC-grid velocity fields and their file format
 * (see eddy_mode.h): painted artist modes and recorded snapshots, the inputs
 * of basis enrichment (chapter 5.2). Stored in the eddy container with file
 * kind 'MODE', sections 'MHDR' (grid, count, name) and 'MDAT' (the doubles). */
#include "eddy_mode.h"
#include "fluid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define KIND_MODE EDDY_FOURCC('M', 'O', 'D', 'E')
#define TAG_MHDR EDDY_FOURCC('M', 'H', 'D', 'R')
#define TAG_MDAT EDDY_FOURCC('M', 'D', 'A', 'T')

struct eddy_mode_set {
    char name[EDDY_MODE_NAME_MAX + 1];
    eddy_mode_kind kind;
    eddy_mode_grid grid;
    int count;
    int field_size;
    double *data; /* count * field_size, field after field */
};

/* ------------------------------------------------------------ validation */

static eddy_result check_name(const char *name, size_t length, eddy_error *err)
{
    if (length == 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set name is empty");
    if (length > EDDY_MODE_NAME_MAX)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set name is too long: %zu bytes, at most %d",
                         length, EDDY_MODE_NAME_MAX);
    for (size_t k = 0; k < length; ++k) {
        unsigned char c = (unsigned char)name[k];
        if (c < 0x20 || c == 0x7f)
            return eddy_fail(err, EDDY_ERR_FORMAT,
                             "mode set name has a control character (byte %zu is 0x%02x)", k, c);
    }
    long bad = eddy_utf8_invalid_at(name, length);
    if (bad >= 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set name is not UTF-8 (byte %ld is 0x%02x)",
                         bad, (unsigned char)name[bad]);
    return EDDY_OK;
}

static int field_size_of(int nx, int ny) { return (nx + 1) * ny + nx * (ny + 1); }

static eddy_result check_shape(double width, double height, long long nx, long long ny,
                               long long count, eddy_error *err)
{
    if (!(isfinite(width) && width > 0.0 && isfinite(height) && height > 0.0))
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set domain %g x %g m must be finite and "
                         "positive", width, height);
    if (nx < 2 || ny < 2 || nx > EDDY_MODE_MAX_CELLS || ny > EDDY_MODE_MAX_CELLS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set grid %lld x %lld is outside 2..%d cells "
                         "per axis", nx, ny, EDDY_MODE_MAX_CELLS);
    if (count < 1 || count > EDDY_MODE_MAX_FIELDS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set field count %lld is outside 1..%d",
                         count, EDDY_MODE_MAX_FIELDS);
    long long values = count * field_size_of((int)nx, (int)ny);
    if (values > EDDY_MODE_MAX_VALUES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set of %lld fields on %lld x %lld cells "
                         "is too large (%lld values, at most %d)", count, nx, ny, values,
                         EDDY_MODE_MAX_VALUES);
    return EDDY_OK;
}

/* Where a non-finite value sits, for a message a designer can act on. */
static eddy_result check_finite(const eddy_mode_set *set, eddy_error *err)
{
    int nx = set->grid.nx, nu = (nx + 1) * set->grid.ny;
    for (int k = 0; k < set->count; ++k) {
        const double *f = set->data + (size_t)k * set->field_size;
        for (int s = 0; s < set->field_size; ++s) {
            if (isfinite(f[s]))
                continue;
            bool is_u = s < nu;
            int local = is_u ? s : s - nu, row = is_u ? nx + 1 : nx;
            return eddy_fail(err, EDDY_ERR_FORMAT,
                             "field %d has a NaN or Inf value (%s sample i=%d j=%d)", k,
                             is_u ? "u" : "v", local % row, local / row);
        }
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ the set */

static eddy_result allocate_set(const char *name, size_t name_length, eddy_mode_kind kind,
                                eddy_mode_grid grid, int count, eddy_mode_set **out,
                                eddy_error *err)
{
    eddy_mode_set *set = eddy_calloc(1, sizeof *set);
    if (set)
        set->field_size = field_size_of(grid.nx, grid.ny);
    if (set)
        set->data = eddy_calloc((size_t)count * (size_t)set->field_size, sizeof *set->data);
    if (!set || !set->data) {
        eddy_mode_set_destroy(set);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for %d fields on %d x %d cells",
                         count, grid.nx, grid.ny);
    }
    memcpy(set->name, name, name_length);
    set->name[name_length] = '\0';
    set->kind = kind;
    set->grid = grid;
    set->count = count;
    *out = set;
    return EDDY_OK;
}

/* Errors from argument checks are the caller's fault, not the file's. */
static eddy_result as_argument_error(eddy_result rc, eddy_error *err)
{
    if (rc == EDDY_ERR_FORMAT && err)
        err->code = EDDY_ERR_ARGUMENT;
    return rc == EDDY_ERR_FORMAT ? EDDY_ERR_ARGUMENT : rc;
}

eddy_result eddy_mode_set_create(const char *name, double width, double height, int nx, int ny,
                                 int count, eddy_mode_set **out, eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set: NULL output pointer");
    *out = NULL;
    if (!name)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set: NULL name");
    size_t length = strnlen(name, EDDY_MODE_NAME_MAX + 1);
    eddy_result rc = check_name(name, length, err);
    if (rc == EDDY_OK)
        rc = check_shape(width, height, nx, ny, count, err);
    if (rc != EDDY_OK)
        return as_argument_error(rc, err);
    eddy_mode_grid grid = {width, height, nx, ny};
    return allocate_set(name, length, EDDY_MODE_PAINTED, grid, count, out, err);
}

void eddy_mode_set_destroy(eddy_mode_set *set)
{
    if (!set)
        return;
    eddy_free(set->data);
    eddy_free(set);
}

const char *eddy_mode_set_name(const eddy_mode_set *set) { return set ? set->name : NULL; }

eddy_result eddy_mode_set_rename(eddy_mode_set *set, const char *name, eddy_error *err)
{
    if (!set || !name)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set rename: NULL argument");
    size_t length = strnlen(name, EDDY_MODE_NAME_MAX + 1);
    eddy_result rc = check_name(name, length, err);
    if (rc != EDDY_OK)
        return as_argument_error(rc, err);
    memcpy(set->name, name, length);
    set->name[length] = '\0';
    return EDDY_OK;
}

eddy_mode_kind eddy_mode_set_kind(const eddy_mode_set *set)
{
    return set ? set->kind : (eddy_mode_kind)0;
}

eddy_result eddy_mode_set_assign_kind(eddy_mode_set *set, eddy_mode_kind kind, eddy_error *err)
{
    if (!set)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set: NULL set");
    if (kind != EDDY_MODE_PAINTED && kind != EDDY_MODE_SNAPSHOTS)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set: unknown kind %d", (int)kind);
    set->kind = kind;
    return EDDY_OK;
}

eddy_mode_grid eddy_mode_set_grid(const eddy_mode_set *set)
{
    eddy_mode_grid none = {0};
    return set ? set->grid : none;
}
int eddy_mode_set_count(const eddy_mode_set *set) { return set ? set->count : 0; }
int eddy_mode_set_field_size(const eddy_mode_set *set) { return set ? set->field_size : 0; }

double *eddy_mode_set_field(eddy_mode_set *set, int k)
{
    if (!set || k < 0 || k >= set->count)
        return NULL;
    return set->data + (size_t)k * set->field_size;
}

const double *eddy_mode_set_field_const(const eddy_mode_set *set, int k)
{
    return eddy_mode_set_field((eddy_mode_set *)set, k);
}

/* ------------------------------------------------------------ saving */

static void write_header_section(const eddy_mode_set *set, eddy_writer *w)
{
    size_t length = strlen(set->name);
    eddyi_write_u32(w, (uint32_t)set->kind);
    eddyi_write_u32(w, 0); /* flags */
    eddyi_write_f64(w, set->grid.width);
    eddyi_write_f64(w, set->grid.height);
    eddyi_write_u32(w, (uint32_t)set->grid.nx);
    eddyi_write_u32(w, (uint32_t)set->grid.ny);
    eddyi_write_u32(w, (uint32_t)set->count);
    eddyi_write_u32(w, (uint32_t)length);
    for (size_t k = 0; k < length; k += 4) { /* name bytes, padded with zeros to 4 */
        uint32_t word = 0;
        for (size_t b = 0; b < 4 && k + b < length; ++b)
            word |= (uint32_t)(unsigned char)set->name[k + b] << (8 * b);
        eddyi_write_u32(w, word);
    }
}

/* Encodes the whole file into a new buffer. */
static eddy_result encode_set(const eddy_mode_set *set, uint8_t **out, size_t *out_size,
                              eddy_error *err)
{
    eddy_writer head = {0}, body = {0};
    write_header_section(set, &head);
    eddyi_write_f64s(&body, set->data, (size_t)set->count * set->field_size);
    eddy_result rc = EDDY_OK;
    if (head.failed || body.failed)
        rc = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory encoding mode set '%s'", set->name);
    else {
        eddy_section sections[2] = {{TAG_MHDR, head.data, head.size},
                                    {TAG_MDAT, body.data, body.size}};
        rc = eddyi_container_encode(KIND_MODE, EDDY_MODE_FORMAT_VERSION, sections, 2, out,
                                   out_size, err);
    }
    eddyi_writer_free(&head);
    eddyi_writer_free(&body);
    return rc;
}

/* Puts "context: " before the message already in err. */
static eddy_result with_context(eddy_result rc, eddy_error *err, const char *what,
                                const char *path)
{
    if (rc == EDDY_OK || !err)
        return rc;
    char inner[sizeof err->message];
    memcpy(inner, err->message, sizeof inner);
    inner[sizeof inner - 1] = '\0';
    if (path)
        return eddy_fail(err, rc, "%s '%s': %s", what, path, inner);
    return eddy_fail(err, rc, "%s: %s", what, inner);
}

eddy_result eddy_mode_set_encode(const eddy_mode_set *set, unsigned char **out, size_t *out_size,
                                 eddy_error *err)
{
    if (!set || !out || !out_size)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set encode: NULL argument");
    *out = NULL;
    *out_size = 0;
    eddy_result rc = check_finite(set, err);
    if (rc != EDDY_OK)
        return with_context(as_argument_error(rc, err), err, "refusing to encode mode set",
                            NULL);
    return encode_set(set, out, out_size, err);
}

eddy_result eddy_mode_set_save(const eddy_mode_set *set, const char *path, eddy_error *err)
{
    if (!set || !path || !path[0])
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set save: NULL set or empty path");
    eddy_result rc = check_finite(set, err);
    if (rc != EDDY_OK)
        return with_context(as_argument_error(rc, err), err, "refusing to save mode file", path);
    uint8_t *bytes = NULL;
    size_t size = 0;
    rc = encode_set(set, &bytes, &size, err);
    if (rc == EDDY_OK)
        rc = eddy_write_file_atomic(path, bytes, size, err);
    eddy_free(bytes);
    return with_context(rc, err, "saving mode file", path);
}

/* ------------------------------------------------------------ loading */

typedef struct mode_header {
    uint32_t kind, flags;
    double width, height;
    uint32_t nx, ny, count, name_length;
    char name[EDDY_MODE_NAME_MAX + 1];
} mode_header;

static eddy_result read_header_section(const eddy_section *s, mode_header *h, eddy_error *err)
{
    eddy_reader r = eddyi_reader_make(s);
    h->kind = eddyi_read_u32(&r);
    h->flags = eddyi_read_u32(&r);
    h->width = eddyi_read_f64(&r);
    h->height = eddyi_read_f64(&r);
    h->nx = eddyi_read_u32(&r);
    h->ny = eddyi_read_u32(&r);
    h->count = eddyi_read_u32(&r);
    h->name_length = eddyi_read_u32(&r);
    if (r.failed)
        return eddy_fail(err, EDDY_ERR_FORMAT, "truncated: section 'MHDR' has only %llu bytes",
                         (unsigned long long)s->size);
    if (h->name_length == 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set name is empty");
    if (h->name_length > EDDY_MODE_NAME_MAX)
        return eddy_fail(err, EDDY_ERR_FORMAT, "mode set name is too long: %u bytes, at most %d",
                         (unsigned)h->name_length, EDDY_MODE_NAME_MAX);
    for (uint32_t k = 0; k < h->name_length; k += 4) {
        uint32_t word = eddyi_read_u32(&r);
        for (uint32_t b = 0; b < 4 && k + b < h->name_length; ++b)
            h->name[k + b] = (char)(unsigned char)(word >> (8 * b));
    }
    if (r.failed)
        return eddy_fail(err, EDDY_ERR_FORMAT, "truncated: section 'MHDR' ends inside the name");
    h->name[h->name_length] = '\0';
    if (h->kind != EDDY_MODE_PAINTED && h->kind != EDDY_MODE_SNAPSHOTS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "unknown mode set kind %u", (unsigned)h->kind);
    eddy_result rc = check_name(h->name, h->name_length, err);
    if (rc == EDDY_OK)
        rc = check_shape(h->width, h->height, h->nx, h->ny, h->count, err);
    return rc;
}

static bool same_size(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b)); }

static eddy_result check_expected_grid(const mode_header *h, const eddy_mode_grid *want,
                                       eddy_error *err)
{
    if (!want)
        return EDDY_OK;
    if ((int)h->nx == want->nx && (int)h->ny == want->ny && same_size(h->width, want->width) &&
        same_size(h->height, want->height))
        return EDDY_OK;
    return eddy_fail(err, EDDY_ERR_RANGE,
                     "grid mismatch: the file has %u x %u cells on %g x %g m, the level needs "
                     "%d x %d cells on %g x %g m",
                     (unsigned)h->nx, (unsigned)h->ny, h->width, h->height, want->nx, want->ny,
                     want->width, want->height);
}

static eddy_result decode_set(const void *data, size_t size, const eddy_mode_grid *expected,
                              eddy_mode_set **out, eddy_error *err)
{
    eddy_container c;
    eddy_result rc =
        eddyi_container_decode(data, size, KIND_MODE, EDDY_MODE_FORMAT_VERSION, &c, err);
    if (rc != EDDY_OK)
        return rc;
    const eddy_section *head = eddyi_container_find(&c, TAG_MHDR);
    const eddy_section *body = eddyi_container_find(&c, TAG_MDAT);
    if (!head || !body)
        return eddy_fail(err, EDDY_ERR_FORMAT, "missing section '%s'", head ? "MDAT" : "MHDR");
    mode_header h = {0};
    rc = read_header_section(head, &h, err);
    if (rc == EDDY_OK)
        rc = check_expected_grid(&h, expected, err);
    if (rc != EDDY_OK)
        return rc;

    uint64_t want = (uint64_t)h.count * (uint64_t)field_size_of((int)h.nx, (int)h.ny) * 8u;
    if (body->size != want)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "%s: section 'MDAT' has %llu bytes, %u fields on %u x %u cells need %llu",
                         body->size < want ? "truncated" : "size mismatch",
                         (unsigned long long)body->size, (unsigned)h.count, (unsigned)h.nx,
                         (unsigned)h.ny, (unsigned long long)want);
    eddy_mode_grid grid = {h.width, h.height, (int)h.nx, (int)h.ny};
    eddy_mode_set *set = NULL;
    rc = allocate_set(h.name, h.name_length, (eddy_mode_kind)h.kind, grid, (int)h.count, &set, err);
    if (rc != EDDY_OK)
        return rc;
    eddy_reader r = eddyi_reader_make(body);
    if (!eddyi_read_f64s(&r, set->data, (size_t)set->count * set->field_size))
        rc = eddy_fail(err, EDDY_ERR_FORMAT, "truncated: section 'MDAT'");
    else
        rc = check_finite(set, err);
    if (rc != EDDY_OK) {
        eddy_mode_set_destroy(set);
        return rc;
    }
    *out = set;
    return EDDY_OK;
}

eddy_result eddy_mode_set_load_memory(const void *data, size_t size,
                                      const eddy_mode_grid *expected, eddy_mode_set **out,
                                      eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set load: NULL output pointer");
    *out = NULL;
    return with_context(decode_set(data, size, expected, out, err), err, "mode data", NULL);
}

eddy_result eddy_mode_set_load(const char *path, const eddy_mode_grid *expected,
                               eddy_mode_set **out, eddy_error *err)
{
    if (!out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set load: NULL output pointer");
    *out = NULL;
    if (!path)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "mode set load: NULL path");
    /* Largest legal file: the data limit plus generous room for the rest. */
    size_t limit = (size_t)EDDY_MODE_MAX_VALUES * 8u + 65536u;
    uint8_t *bytes = NULL;
    size_t size = 0;
    eddy_result rc = eddy_read_file(path, limit, &bytes, &size, err);
    if (rc != EDDY_OK)
        return rc; /* the message already names the path */
    rc = decode_set(bytes, size, expected, out, err);
    eddy_free(bytes);
    return with_context(rc, err, "mode file", path);
}
