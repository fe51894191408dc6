// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset.c - what a level's precomputed asset holds and how it is loaded: its
 * sections in the container format (container.c). The builder writes them
 * (builder/asset_write.c) and builds assets (builder/asset_build.c).
 *
 * Sections of an asset (file kind 'ASST'):
 *   DOMN  f64 width, f64 height, i32 nx, i32 ny, i32 modes r, i32 eigenmodes,
 *         u32 flags (bit 0: the reduced Laplacian is diagonal; bit 1: the
 *         level has walls, so no eigenmodes and a section 'WALL'; bit 2,
 *         format 3: advection is evaluated on a grid (advect_grid.c,
 *         advect_box.c), so no section 'ADVT'; for a level with walls or a
 *         basis of box eigenmodes alone)
 *   EMOD  per eigenmode i32 k1, i32 k2 (eigenvalues are recomputed on load)
 *   VISC  the reduced Laplacian D (5.6): r doubles if diagonal, else r*r
 *   ADVT  the advection tensor: u64 nnz, (r+1) u64 slot starts,
 *         nnz (i32 k, i32 j) pairs, nnz f64 values (absent with bit 2)
 * and, for an enriched basis (chapter 5.2, enrich.c), only when not empty:
 *   GMOD  grid modes (modes e+p..r-1): u32 count g = r - e - p, then g
 *         fields of eddy_mac_size f64 samples each (fluid_internal.h layout);
 *         their wall-normal samples must be exactly zero
 * and, format 3, for a level with walls whose eigenmodes are stored as
 * stream functions (asset_stream.c):
 *   GPSI  grid modes 0..p-1 as stream functions at the nodes off the walls
 *   ARTP  artist modes: u32 count, then per artist u32 name length (1..
 *         EDDY_ARTIST_NAME_MAX), the name's bytes zero-padded to a multiple
 *         of 4, f64 fraction held by the eigenmodes alone, f64 fraction held
 *         by the whole basis (both in [0, 1], the first not above the
 *         second), r f64 projection p = B^T f
 * and, for a level with walls (issue 14), always:
 *   WALL  the wall shapes and the walled basis's counts (asset_domain.c);
 *         the loader rasterises the walls again and refuses grid modes that
 *         carry flux through a solid face
 * and, for a tank filled to a depth below its top (issue 20), always:
 *   SURF  the tank's top and the free surface's sloshing modes
 *         (surface_modes.h); DOMN's height is then the water's depth
 * An asset without grid modes has no GMOD and reads as before; readers
 * older than GMOD refuse grid modes with a message (DOMN's counts differ).
 * Formats 1 and 2 still load (they hold no GPSI and always a tensor); a
 * format-2 reader refuses a format-3 file by its version.
 *
 * An asset holds only these sections: a section with any other tag is
 * refused ("unknown section"), not skipped, so that every byte of an asset is
 * one the loader understood (a newer format raises EDDY_ASSET_VERSION).
 * Once decoded, the numbers are checked for what the run time relies on
 * (asset_meaning.c: dissipative viscosity matching the eigenvalues, a skew
 * tensor of sane size, unit grid modes, walls that leave fluid) and the
 * panels of SHAP for finite, closed outlines (asset_shapes.c). */
#include "asset_format.h"
#include "asset_shapes.h"
#include "domain.h"
#include "fluid_internal.h"
#include "surface_modes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void free_asset(eddy_asset *a);

void eddyi_asset_take(const eddy_asset *a)
{
    atomic_fetch_add(&((eddy_asset *)a)->users, 1);
}

/* The last one out frees it: the caller's handle and every fluid count. */
void eddyi_asset_give_back(const eddy_asset *a)
{
    eddy_asset *m = (eddy_asset *)a; /* assets are allocated, never const objects */
    if (atomic_fetch_sub(&m->users, 1) == 0) free_asset(m);
}

void eddy_asset_destroy(eddy_asset *a)
{
    if (a) eddyi_asset_give_back(a);
}

static void free_asset(eddy_asset *a)
{
    eddy_free(a->modes);
    eddy_free(a->viscosity);
    eddyi_tensor_free(&a->tensor);
    eddyi_asset_stream_free(a);
    eddy_free(a->grid_modes);
    eddy_free(a->artist_names);
    eddy_free(a->artist_capture);
    eddy_free(a->artist_projection);
    eddyi_asset_shapes_free(a->shapes, a->shape_count);
    eddyi_qt_table_free(&a->quadtree_table);
    eddyi_asset_domain_free(a);
    eddyi_surface_free(a->surface);
    eddy_free(a);
}

void eddy_asset_get_info(const eddy_asset *a, eddy_asset_info *out)
{
    if (!out) return;
    memset(out, 0, sizeof *out);
    if (!a) return;
    out->format_version = EDDY_ASSET_VERSION;
    out->width = a->width;
    out->height = a->height;
    out->nx = a->nx;
    out->ny = a->ny;
    out->mode_count = a->mode_count;
    out->eigen_mode_count = a->eigen_count;
    for (int m = 0; m < a->eigen_count; ++m) {
        if (a->modes[m].k1 > out->max_wave_x) out->max_wave_x = a->modes[m].k1;
        if (a->modes[m].k2 > out->max_wave_y) out->max_wave_y = a->modes[m].k2;
    }
    out->tensor_nonzeros = a->tensor.nnz;
    double r = a->mode_count;
    out->tensor_density = (double)a->tensor.nnz / (r * r * r);
    out->grid_mode_count = a->grid_count;
    out->artist_count = a->artist_count;
    out->shape_count = a->shape_count;
    out->wall_count = a->wall_count;
    out->island_count = a->island_count;
    out->domain_mode_count = a->domain_eigen;
    out->harmonic_mode_count = a->harmonic_count;
    out->solid_cell_count = a->solid_count;
    out->tank_height = a->tank_height;
    out->depth = a->height;
    out->surface_mode_count = a->surface ? a->surface->count : 0;
    out->advection = a->grid_advection ? EDDY_ADVECTION_GRID : EDDY_ADVECTION_TENSOR;
    out->stream_mode_count = a->stream_count;
}

/* ------------------------------------------------------------ artist modes */

int eddy_asset_artist_count(const eddy_asset *a) { return a ? a->artist_count : 0; }

const char *eddy_asset_artist_name(const eddy_asset *a, int index)
{
    if (!a || index < 0 || index >= a->artist_count) return NULL;
    return a->artist_names[index];
}

int eddy_asset_find_artist(const eddy_asset *a, const char *name)
{
    if (!a || !name) return -1;
    for (int at = 0; at < a->artist_count; ++at)
        if (strcmp(a->artist_names[at], name) == 0) return at;
    return -1;
}

eddy_result eddy_asset_artist_capture(const eddy_asset *a, int index, double *eigen_only,
                                      double *enriched)
{
    if (!a) return EDDY_ERR_ARGUMENT;
    if (index < 0 || index >= a->artist_count) return EDDY_ERR_RANGE;
    if (eigen_only) *eigen_only = a->artist_capture[2 * index];
    if (enriched) *enriched = a->artist_capture[2 * index + 1];
    return EDDY_OK;
}

const double *eddy_asset_artist_projection(const eddy_asset *a, int index)
{
    if (!a || index < 0 || index >= a->artist_count) return NULL;
    return a->artist_projection + (size_t)index * (size_t)a->mode_count;
}

eddy_result eddy_asset_shape(const eddy_asset *a, int index, eddy_asset_shape_info *out)
{
    if (!a || !out || index < 0 || index >= a->shape_count) return EDDY_ERR_RANGE;
    const struct eddy_asset_shape *e = &a->shapes[index];
    out->name = e->name;
    out->pieces = e->piece_count;
    out->panels = e->panels.count;
    out->sigma_min = e->panels.sigma_min;
    out->sigma_max = e->panels.sigma_max;
    return EDDY_OK;
}

/* ------------------------------------------------------------ decoding */

static const eddy_section *require(const eddy_container *c, uint32_t tag, const char *name,
                                   eddy_error *err)
{
    const eddy_section *s = eddyi_container_find(c, tag);
    if (!s) eddy_fail(err, EDDY_ERR_FORMAT, "asset: missing section '%s'", name);
    return s;
}

static eddy_result exact_size(const eddy_reader *r, const char *name, eddy_error *err)
{
    if (r->failed) return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section '%s' is too short", name);
    if (r->left != 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section '%s' has %zu unexpected trailing bytes",
                         name, r->left);
    return EDDY_OK;
}

static eddy_result decode_domain(eddy_asset *a, const eddy_section *s, uint32_t version,
                                 eddy_error *err)
{
    eddy_reader r = eddyi_reader_make(s);
    a->width = eddyi_read_f64(&r);
    a->height = eddyi_read_f64(&r);
    a->nx = eddyi_read_i32(&r);
    a->ny = eddyi_read_i32(&r);
    a->mode_count = eddyi_read_i32(&r);
    a->eigen_count = eddyi_read_i32(&r);
    uint32_t flags = eddyi_read_u32(&r);
    eddy_result res = exact_size(&r, "DOMN", err);
    if (res != EDDY_OK) return res;
    a->viscosity_diagonal = (flags & FLAG_DIAGONAL) != 0;
    if (!(a->width >= EDDY_MIN_SIDE && a->width <= EDDY_MAX_SIDE && a->height >= EDDY_MIN_SIDE &&
          a->height <= EDDY_MAX_SIDE))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'DOMN': "
                         "domain %g x %g m: each side must be in %g..%g m",
                         a->width, a->height, EDDY_MIN_SIDE, EDDY_MAX_SIDE);
    if (a->nx < 2 || a->ny < 2 || a->nx > MAX_GRID || a->ny > MAX_GRID)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'DOMN': "
                         "grid %d x %d is outside 2..%d", a->nx,
                         a->ny, MAX_GRID);
    if (a->mode_count < 1 || a->mode_count > MAX_MODES)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'DOMN': "
                         "%d modes is outside 1..%d", a->mode_count,
                         MAX_MODES);
    a->has_walls_flag = (flags & FLAG_WALLS) != 0;
    if (a->has_walls_flag ? a->eigen_count != 0
                          : (a->eigen_count < 1 || a->eigen_count > a->mode_count))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'DOMN': "
                         "%d eigenmodes of %d modes is outside %s",
                         a->eigen_count, a->mode_count,
                         a->has_walls_flag ? "0..0 (a level with walls)" : "1..r");
    a->grid_count = a->mode_count - a->eigen_count;
    uint32_t known = FLAG_DIAGONAL | FLAG_WALLS | (version >= 3 ? FLAG_GRID_ADVECTION : 0u);
    if (flags & ~known)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'DOMN': "
                         "unknown domain flags 0x%x", flags);
    a->grid_advection = (flags & FLAG_GRID_ADVECTION) != 0;
    if (a->grid_advection && !a->has_walls_flag && a->eigen_count != a->mode_count)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'DOMN': advection on the grid "
                         "(flag 0x%x) is for levels with walls and plain box eigenbases only",
                         FLAG_GRID_ADVECTION);
    return EDDY_OK;
}

static eddy_result decode_eigenmodes(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    if (s->size != 8 * (uint64_t)a->eigen_count)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'EMOD' is %llu bytes, but the "
                         "domain's %d eigenmodes need %llu", (unsigned long long)s->size,
                         a->eigen_count, 8ull * (unsigned long long)a->eigen_count);
    eddy_reader r = eddyi_reader_make(s);
    a->modes = eddy_alloc((size_t)(a->eigen_count > 0 ? a->eigen_count : 1) * sizeof *a->modes);
    if (!a->modes) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    for (int m = 0; m < a->eigen_count; ++m) {
        eddy_box_mode *mode = &a->modes[m];
        mode->k1 = eddyi_read_i32(&r);
        mode->k2 = eddyi_read_i32(&r);
        if (r.failed) break;
        if (mode->k1 < 1 || mode->k2 < 1 || mode->k1 > EDDY_MAX_WAVE || mode->k2 > EDDY_MAX_WAVE)
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'EMOD': "
                             "eigenmode %d has wave numbers (%d, %d) "
                             "outside 1..%d", m, mode->k1, mode->k2, EDDY_MAX_WAVE);
        double a1 = mode->k1 * M_PI / a->width, b1 = mode->k2 * M_PI / a->height;
        mode->lambda = a1 * a1 + b1 * b1;
        /* The builder refuses domains whose eigenvalues or norms overflow
         * (basis_box.c); so must the loader: fuzz_asset found a 2e-322 m wide
         * level whose infinite eigenvalues reached the stir projection. */
        if (!isfinite(mode->lambda) || !(mode->lambda > 0.0) ||
            !isfinite(eddyi_box_norm(mode, a->width, a->height)))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'EMOD': "
                             "eigenmode %d of a %g x %g domain has "
                             "no finite eigenvalue", m, a->width, a->height);
    }
    return exact_size(&r, "EMOD", err);
}

static eddy_result decode_viscosity(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    size_t r = (size_t)a->mode_count;
    uint64_t need = 8 * (uint64_t)r * (a->viscosity_diagonal ? 1 : (uint64_t)r);
    if (s->size != need)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC' is %llu bytes, but a %s D of "
                         "the domain's %zu modes needs %llu", (unsigned long long)s->size,
                         a->viscosity_diagonal ? "diagonal" : "dense", r, (unsigned long long)need);
    eddy_reader rd = eddyi_reader_make(s);
    a->viscosity = eddy_calloc(r * r, sizeof *a->viscosity);
    if (!a->viscosity) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    if (a->viscosity_diagonal) {
        for (size_t k = 0; k < r && !rd.failed; ++k) a->viscosity[k * r + k] = eddyi_read_f64(&rd);
    } else {
        eddyi_read_f64s(&rd, a->viscosity, r * r);
    }
    eddy_result res = exact_size(&rd, "VISC", err);
    if (res != EDDY_OK) return res;
    for (size_t e = 0; e < r * r; ++e)
        if (!isfinite(a->viscosity[e]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'VISC' holds a non-finite value");
    return EDDY_OK;
}

static eddy_result check_slot_starts(const eddy_tensor *t, eddy_error *err)
{
    if (t->start[0] != 0 || t->start[t->r] != t->nnz)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': "
                         "tensor slot table does not span its entries");
    for (int i = 0; i < t->r; ++i)
        if (t->start[i + 1] < t->start[i])
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': "
                             "tensor slot table decreases at slot %d", i);
    return EDDY_OK;
}

static eddy_result decode_tensor(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    eddy_reader rd = eddyi_reader_make(s);
    int r = a->mode_count;
    uint64_t nnz = eddyi_read_u64(&rd);
    /* Each entry takes 16 bytes: refuse counts the section cannot hold
     * before allocating anything for them. */
    if (rd.failed || nnz > rd.left / 16)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': "
                         "tensor claims %llu entries, more than its "
                         "section holds", (unsigned long long)nnz);
    uint64_t need = 8 + 8 * ((uint64_t)r + 1) + 16 * nnz;
    if (s->size != need)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT' is %llu bytes, but %llu "
                         "entries over the domain's %d modes need %llu",
                         (unsigned long long)s->size, (unsigned long long)nnz, r,
                         (unsigned long long)need);
    eddy_result res = eddyi_tensor_alloc(&a->tensor, r, (int64_t)nnz, err);
    if (res != EDDY_OK) return res;
    eddy_tensor *t = &a->tensor;
    for (int i = 0; i <= r; ++i) {
        uint64_t v = eddyi_read_u64(&rd);
        t->start[i] = v > nnz ? -1 : (int64_t)v;
    }
    for (uint64_t e = 0; e < nnz && !rd.failed; ++e) {
        t->k[e] = eddyi_read_i32(&rd);
        t->j[e] = eddyi_read_i32(&rd);
        if (t->k[e] < 0 || t->k[e] >= r || t->j[e] < 0 || t->j[e] >= r)
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': "
                             "tensor entry %llu names a mode outside "
                             "0..%d", (unsigned long long)e, r - 1);
    }
    eddyi_read_f64s(&rd, t->value, (size_t)nnz);
    res = exact_size(&rd, "ADVT", err);
    if (res != EDDY_OK) return res;
    for (uint64_t e = 0; e < nnz; ++e)
        if (!isfinite(t->value[e]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT': "
                             "tensor entry %llu is not finite",
                             (unsigned long long)e);
    return check_slot_starts(t, err);
}

/* GMOD: exactly the grid modes DOMN announces less those GPSI holds (which
 * are remade from their stream functions once the walls are decoded),
 * finite, no wall flux. */
static eddy_result decode_grid_modes(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    int sampled = a->grid_count - a->stream_count;
    if (sampled == 0) {
        if (s)
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD' in an asset without "
                             "sampled grid modes");
    } else if (!s) {
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: %d grid modes but no section 'GMOD'",
                         sampled);
    }
    if (a->grid_count == 0) return EDDY_OK;
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g), total = n * (size_t)sampled;
    size_t first = n * (size_t)a->stream_count;
    a->grid_modes = eddy_calloc(first + total, sizeof *a->grid_modes);
    if (!a->grid_modes) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    if (sampled == 0) return EDDY_OK;
    eddy_reader rd = eddyi_reader_make(s);
    uint32_t count = eddyi_read_u32(&rd);
    if (!rd.failed && count != (uint32_t)sampled)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD' holds %u grid modes, the "
                         "domain says %d", count, sampled);
    if (rd.failed || rd.left != total * 8)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD' is %llu bytes, %d grid modes "
                         "on %d x %d cells need %llu", (unsigned long long)s->size, sampled,
                         a->nx, a->ny, (unsigned long long)(4 + total * 8));
    eddyi_read_f64s(&rd, a->grid_modes + first, total);
    eddy_result res = exact_size(&rd, "GMOD", err);
    if (res != EDDY_OK) return res;
    for (int m = a->stream_count; m < a->grid_count; ++m) {
        const double *f = a->grid_modes + (size_t)m * n;
        for (size_t q = 0; q < n; ++q)
            if (!isfinite(f[q]))
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD': "
                                 "grid mode %d holds a non-finite "
                                 "sample", m);
        for (int j = 0; j < a->ny; ++j)
            if (f[eddy_mac_u(&g, 0, j)] != 0.0 || f[eddy_mac_u(&g, a->nx, j)] != 0.0)
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD': "
                                 "grid mode %d has flow through a "
                                 "side wall", m);
        for (int i = 0; i < a->nx; ++i)
            if (f[eddy_mac_v(&g, i, 0)] != 0.0 || f[eddy_mac_v(&g, i, a->ny)] != 0.0)
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GMOD': "
                                 "grid mode %d has flow through the "
                                 "floor or ceiling", m);
    }
    return EDDY_OK;
}

/* An artist name: 1..EDDY_ARTIST_NAME_MAX bytes, no control bytes, zero
 * padding to a multiple of 4. */
static eddy_result decode_artist_name(eddy_reader *rd, int at, char *name, eddy_error *err)
{
    uint32_t len = eddyi_read_u32(rd);
    if (rd->failed) return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP' is too short");
    if (len < 1 || len > EDDY_ARTIST_NAME_MAX)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP': "
                         "artist %d has a name of %u bytes, not "
                         "1..%d", at, len, EDDY_ARTIST_NAME_MAX);
    uint32_t padded = (len + 3u) & ~3u;
    if (rd->left < padded) return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP' is too short");
    for (uint32_t b = 0; b < padded; ++b) {
        unsigned char ch = rd->p[b];
        if (b >= len) {
            if (ch != 0)
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP': "
                                 "artist %d's name is not "
                                 "zero-padded", at);
            continue;
        }
        if (ch < 0x20 || ch == 0x7f)
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP': "
                             "artist %d's name has a control byte "
                             "0x%02x", at, ch);
        name[b] = (char)ch;
    }
    name[len] = '\0';
    if (eddy_utf8_invalid_at(name, len) >= 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP': artist %d's name is not "
                         "UTF-8", at);
    rd->p += padded;
    rd->left -= padded;
    return EDDY_OK;
}

static eddy_result decode_artists(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    if (!s) return EDDY_OK;
    eddy_reader rd = eddyi_reader_make(s);
    uint32_t count = eddyi_read_u32(&rd);
    size_t r = (size_t)a->mode_count;
    /* Every artist takes at least 4 + 4 + 16 + 8 r bytes: refuse counts the
     * section cannot hold before allocating for them. */
    if (rd.failed || count < 1 || count > MAX_ARTISTS || count > rd.left / (24 + 8 * r))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP' claims %u artist modes, "
                         "not 1..%d or more than it holds", count, MAX_ARTISTS);
    a->artist_count = (int)count;
    a->artist_names = eddy_calloc(count, sizeof *a->artist_names);
    a->artist_capture = eddy_alloc(2 * (size_t)count * sizeof *a->artist_capture);
    a->artist_projection = eddy_alloc((size_t)count * r * sizeof *a->artist_projection);
    if (!a->artist_names || !a->artist_capture || !a->artist_projection)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    for (int at = 0; at < a->artist_count; ++at) {
        eddy_result res = decode_artist_name(&rd, at, a->artist_names[at], err);
        if (res != EDDY_OK) return res;
        for (int prev = 0; prev < at; ++prev)
            if (strcmp(a->artist_names[prev], a->artist_names[at]) == 0)
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP': "
                                 "two artist modes are called '%s'",
                                 a->artist_names[at]);
        double eig = eddyi_read_f64(&rd), all = eddyi_read_f64(&rd);
        double *p = a->artist_projection + (size_t)at * r;
        if (!eddyi_read_f64s(&rd, p, r)) break;
        if (!(eig >= 0.0 && eig <= all && all <= 1.0))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP': "
                             "artist '%s' has captured fractions %g "
                             "and %g, not 0 <= eigen <= enriched <= 1", a->artist_names[at], eig,
                             all);
        a->artist_capture[2 * at] = eig;
        a->artist_capture[2 * at + 1] = all;
        for (size_t k = 0; k < r; ++k)
            if (!isfinite(p[k]))
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ARTP': "
                                 "artist '%s' has a non-finite "
                                 "projection", a->artist_names[at]);
    }
    return exact_size(&rd, "ARTP", err);
}

/* The table must fit this asset's grid and be a bound that only falls with
 * distance: anything else would let quadtree feedback skip real work. */
static eddy_result decode_quadtree_table(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    if (!s) return EDDY_OK;
    eddy_reader r = eddyi_reader_make(s);
    eddy_qt_table *t = &a->quadtree_table;
    uint32_t levels = eddyi_read_u32(&r), bins = eddyi_read_u32(&r);
    t->bin_width = eddyi_read_f64(&r);
    t->panel_length = eddyi_read_f64(&r);
    if (r.failed || levels < 1 || levels > 32 || bins < 2 || bins > (1u << 20) ||
        (size_t)levels * bins > r.left / 8)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'QTRE' has a bad size");
    if (t->bin_width != fmin(a->width / a->nx, a->height / a->ny) || !(t->panel_length > 0) ||
        !isfinite(t->panel_length))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'QTRE' does not fit the grid");
    size_t n = (size_t)levels * bins;
    t->error = eddy_alloc(n * sizeof(double));
    if (!t->error) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    t->levels = (int)levels, t->bins = (int)bins;
    eddyi_read_f64s(&r, t->error, n);
    eddy_result res = exact_size(&r, "QTRE", err);
    if (res != EDDY_OK) return res;
    for (size_t l = 0; l < levels; ++l)
        for (size_t b = 0; b < bins; ++b) {
            double e = t->error[l * bins + b];
            if (isnan(e) || e < 0 || (b > 0 && e > t->error[l * bins + b - 1]))
                return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'QTRE' is not a "
                                 "non-negative bound falling with distance");
        }
    return EDDY_OK;
}

/* Every section must be one this loader reads (see the top of this file);
 * GPSI and SURF from format 3 on. */
static eddy_result check_known_sections(const eddy_container *c, eddy_error *err)
{
    static const uint32_t known[] = {TAG_DOMAIN, TAG_EIGEN,  TAG_VISC,     TAG_ADVECT, TAG_GRID,
                                     TAG_ARTIST, TAG_SHAPES, TAG_QUADTREE, TAG_WALLS,  TAG_STREAM,
                                     TAG_SURFACE};
    for (int s = 0; s < c->count; ++s) {
        uint32_t tag = c->sections[s].tag;
        bool found = false;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; ++k)
            found = found || (tag == known[k] &&
                              ((tag != TAG_STREAM && tag != TAG_SURFACE) || c->version >= 3));
        if (found) continue;
        char name[5];
        for (int b = 0; b < 4; ++b) {
            unsigned char ch = (unsigned char)(tag >> (8 * b));
            name[b] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
        }
        name[4] = '\0';
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: unknown section '%s' (0x%08x): an asset "
                         "holds only DOMN EMOD VISC ADVT GMOD ARTP SHAP QTRE WALL GPSI SURF", name,
                         (unsigned)tag);
    }
    return EDDY_OK;
}

static eddy_result decode_asset(const eddy_container *c, eddy_asset *a, eddy_error *err)
{
    eddy_result known = check_known_sections(c, err);
    if (known != EDDY_OK) return known;
    const eddy_section *dom = require(c, TAG_DOMAIN, "DOMN", err);
    const eddy_section *eig = require(c, TAG_EIGEN, "EMOD", err);
    const eddy_section *vis = require(c, TAG_VISC, "VISC", err);
    if (!dom || !eig || !vis) return EDDY_ERR_FORMAT;
    eddy_result res = decode_domain(a, dom, c->version, err);
    if (res == EDDY_OK) res = decode_eigenmodes(a, eig, err);
    if (res == EDDY_OK) res = decode_viscosity(a, vis, err);
    const eddy_section *adv = eddyi_container_find(c, TAG_ADVECT);
    if (res == EDDY_OK && a->grid_advection && adv)
        res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'ADVT' in an asset whose advection "
                        "is evaluated on the grid (DOMN flag 0x%x)", FLAG_GRID_ADVECTION);
    if (res == EDDY_OK && !a->grid_advection)
        res = adv ? decode_tensor(a, adv, err) : (require(c, TAG_ADVECT, "ADVT", err), EDDY_ERR_FORMAT);
    if (res == EDDY_OK) res = eddyi_asset_stream_decode(a, eddyi_container_find(c, TAG_STREAM), err);
    if (res == EDDY_OK) res = decode_grid_modes(a, eddyi_container_find(c, TAG_GRID), err);
    if (res == EDDY_OK) res = decode_artists(a, eddyi_container_find(c, TAG_ARTIST), err);
    if (res == EDDY_OK) res = eddyi_asset_shapes_decode(a, eddyi_container_find(c, TAG_SHAPES), c->version, err);
    if (res == EDDY_OK) res = decode_quadtree_table(a, eddyi_container_find(c, TAG_QUADTREE), err);
    /* the tank's top before the walls, which may reach above the water */
    if (res == EDDY_OK) res = eddyi_surface_decode(a, eddyi_container_find(c, TAG_SURFACE), err);
    if (res == EDDY_OK) {
        const eddy_section *walls = eddyi_container_find(c, TAG_WALLS);
        if (!walls != !a->has_walls_flag)
            res = eddy_fail(err, EDDY_ERR_FORMAT, "asset: the domain flags and section 'WALL' "
                            "disagree about walls");
        else
            res = eddyi_asset_domain_decode(a, walls, err);
    }
    if (res == EDDY_OK && a->surface) {
        eddy_error inner = {0};
        res = eddyi_surface_finish(a, a->surface, &inner);
        if (res != EDDY_OK) res = eddy_fail(err, res, "asset: section 'SURF': %s", inner.message);
    }
    if (res == EDDY_OK) res = eddyi_asset_check_meaning(a, err);
    return res;
}

eddy_result eddy_asset_load_memory(const void *data, size_t size, eddy_asset **out, eddy_error *err)
{
    if (!data || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "asset: NULL argument");
    *out = NULL;
    eddy_container c;
    eddy_result res = eddyi_container_decode(data, size, KIND_ASSET, EDDY_ASSET_VERSION, &c, err);
    if (res != EDDY_OK) return res;
    eddy_asset *a = eddy_calloc(1, sizeof *a);
    if (!a) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    res = decode_asset(&c, a, err);
    if (res != EDDY_OK) {
        eddy_asset_destroy(a);
        return res;
    }
    *out = a;
    return EDDY_OK;
}

eddy_result eddy_asset_load_file(const char *path, eddy_asset **out, eddy_error *err)
{
    if (!path || !out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "asset: NULL argument");
    *out = NULL;
    uint8_t *data;
    size_t size;
    eddy_result res = eddy_read_file(path, MAX_FILE_BYTES, &data, &size, err);
    if (res != EDDY_OK) return res;
    eddy_error inner;
    res = eddy_asset_load_memory(data, size, out, &inner);
    eddy_free(data);
    if (res != EDDY_OK) return eddy_fail(err, res, "%s: %s", path, inner.message);
    return EDDY_OK;
}
