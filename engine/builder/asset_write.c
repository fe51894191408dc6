// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_write.c - writing an asset in the format asset.c reads (its sections
 * are listed there), and listing a file's sections (precompute info). */
#include "asset_format.h"
#include "asset_shapes.h"
#include "builder_internal.h"
#include "domain.h"
#include "surface_modes.h"

#include <stdlib.h>
#include <string.h>

static void encode_domain(const eddy_asset *a, eddy_writer *w)
{
    eddyi_write_f64(w, a->width);
    eddyi_write_f64(w, a->height);
    eddyi_write_i32(w, a->nx);
    eddyi_write_i32(w, a->ny);
    eddyi_write_i32(w, a->mode_count);
    eddyi_write_i32(w, a->eigen_count);
    eddyi_write_u32(w, (a->viscosity_diagonal ? FLAG_DIAGONAL : 0u) |
                          (a->wall_count > 0 ? FLAG_WALLS : 0u) |
                          (a->grid_advection ? FLAG_GRID_ADVECTION : 0u));
}

static void encode_eigenmodes(const eddy_asset *a, eddy_writer *w)
{
    for (int m = 0; m < a->eigen_count; ++m) {
        eddyi_write_i32(w, a->modes[m].k1);
        eddyi_write_i32(w, a->modes[m].k2);
    }
}

static void encode_viscosity(const eddy_asset *a, eddy_writer *w)
{
    size_t r = (size_t)a->mode_count;
    if (a->viscosity_diagonal)
        for (size_t k = 0; k < r; ++k) eddyi_write_f64(w, a->viscosity[k * r + k]);
    else
        eddyi_write_f64s(w, a->viscosity, r * r);
}

/* The grid modes not stored as stream functions (GPSI holds the first). */
static void encode_grid_modes(const eddy_asset *a, eddy_writer *w)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    eddyi_write_u32(w, (uint32_t)(a->grid_count - a->stream_count));
    eddyi_write_f64s(w, a->grid_modes + (size_t)a->stream_count * n,
                    (size_t)(a->grid_count - a->stream_count) * n);
}

static void encode_artists(const eddy_asset *a, eddy_writer *w)
{
    eddyi_write_u32(w, (uint32_t)a->artist_count);
    for (int at = 0; at < a->artist_count; ++at) {
        const char *name = a->artist_names[at];
        uint32_t len = (uint32_t)strlen(name);
        eddyi_write_u32(w, len);
        for (uint32_t b = 0; b < len; b += 4) {
            uint32_t word = 0;
            for (uint32_t q = 0; q < 4 && b + q < len; ++q)
                word |= (uint32_t)(unsigned char)name[b + q] << (8 * q);
            eddyi_write_u32(w, word);
        }
        eddyi_write_f64(w, a->artist_capture[2 * at]);
        eddyi_write_f64(w, a->artist_capture[2 * at + 1]);
        eddyi_write_f64s(w, a->artist_projection + (size_t)at * (size_t)a->mode_count,
                        (size_t)a->mode_count);
    }
}

static void encode_quadtree_table(const eddy_qt_table *t, eddy_writer *w)
{
    eddyi_write_u32(w, (uint32_t)t->levels);
    eddyi_write_u32(w, (uint32_t)t->bins);
    eddyi_write_f64(w, t->bin_width);
    eddyi_write_f64(w, t->panel_length);
    eddyi_write_f64s(w, t->error, (size_t)t->levels * (size_t)t->bins);
}

static void encode_tensor(const eddy_tensor *t, eddy_writer *w)
{
    eddyi_write_u64(w, (uint64_t)t->nnz);
    for (int i = 0; i <= t->r; ++i) eddyi_write_u64(w, (uint64_t)t->start[i]);
    for (int64_t e = 0; e < t->nnz; ++e) {
        eddyi_write_i32(w, t->k[e]);
        eddyi_write_i32(w, t->j[e]);
    }
    eddyi_write_f64s(w, t->value, (size_t)t->nnz);
}

eddy_result eddy_asset_encode(const eddy_asset *a, unsigned char **out, size_t *out_size,
                              eddy_error *err)
{
    if (!a || !out || !out_size) return eddy_fail(err, EDDY_ERR_ARGUMENT, "encode: NULL argument");
    enum { MAX_WRITTEN = 11 };
    eddy_writer w[MAX_WRITTEN] = {{0}};
    uint32_t tags[MAX_WRITTEN] = {TAG_DOMAIN, TAG_EIGEN, TAG_VISC};
    int count = 3;
    encode_domain(a, &w[0]);
    encode_eigenmodes(a, &w[1]);
    encode_viscosity(a, &w[2]);
    if (!a->grid_advection) {
        tags[count] = TAG_ADVECT;
        encode_tensor(&a->tensor, &w[count++]);
    }
    if (a->stream_count > 0) {
        tags[count] = TAG_STREAM;
        eddyi_asset_stream_encode(a, &w[count++]);
    }
    if (a->grid_count > a->stream_count) {
        tags[count] = TAG_GRID;
        encode_grid_modes(a, &w[count++]);
    }
    if (a->artist_count > 0) {
        tags[count] = TAG_ARTIST;
        encode_artists(a, &w[count++]);
    }
    if (a->shape_count > 0) {
        tags[count] = TAG_SHAPES;
        eddyi_asset_shapes_encode(a, &w[count++]);
    }
    if (a->quadtree_table.levels > 0) {
        tags[count] = TAG_QUADTREE;
        encode_quadtree_table(&a->quadtree_table, &w[count++]);
    }
    if (a->wall_count > 0) {
        tags[count] = TAG_WALLS;
        eddyi_asset_domain_encode(a, &w[count++]);
    }
    if (a->surface) {
        tags[count] = TAG_SURFACE;
        eddyi_surface_encode(a, &w[count++]);
    }
    eddy_result res = EDDY_OK;
    for (int s = 0; s < count; ++s)
        if (w[s].failed) res = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory encoding an asset");
    if (res == EDDY_OK) {
        eddy_section sections[MAX_WRITTEN];
        for (int s = 0; s < count; ++s) sections[s] = (eddy_section){tags[s], w[s].data, w[s].size};
        res = eddyi_container_encode(KIND_ASSET, EDDY_ASSET_VERSION, sections, count, out, out_size,
                                    err);
    }
    for (int s = 0; s < count; ++s) eddyi_writer_free(&w[s]);
    return res;
}

eddy_result eddy_asset_save_file(const eddy_asset *a, const char *path, eddy_error *err)
{
    if (!path) return eddy_fail(err, EDDY_ERR_ARGUMENT, "save: no path given");
    unsigned char *data;
    size_t size;
    eddy_result res = eddy_asset_encode(a, &data, &size, err);
    if (res != EDDY_OK) return res;
    res = eddy_write_file_atomic(path, data, size, err);
    eddy_free(data);
    return res;
}

eddy_result eddy_file_sections(const char *path, eddy_file_section *out, int max, int *count,
                               eddy_error *err)
{
    if (!path || !out || !count) return eddy_fail(err, EDDY_ERR_ARGUMENT, "sections: NULL argument");
    *count = 0;
    uint8_t *data;
    size_t size;
    eddy_result res = eddy_read_file(path, MAX_FILE_BYTES, &data, &size, err);
    if (res != EDDY_OK) return res;
    eddy_asset *a = NULL;
    eddy_container c;
    res = eddy_asset_load_memory(data, size, &a, err);
    if (res == EDDY_OK)
        res = eddyi_container_decode(data, size, KIND_ASSET, EDDY_ASSET_VERSION, &c, err);
    if (res == EDDY_OK) {
        for (int s = 0; s < c.count && s < max; ++s) {
            uint32_t tag = c.sections[s].tag;
            for (int b = 0; b < 4; ++b) out[s].tag[b] = (char)((tag >> (8 * b)) & 0xff);
            out[s].tag[4] = '\0';
            out[s].size = c.sections[s].size;
            *count = s + 1;
        }
    }
    eddy_asset_destroy(a);
    eddy_free(data);
    return res;
}
