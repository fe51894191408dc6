// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_stream.c - a walled level's Laplacian eigenmodes stored as stream
 * functions (section 'GPSI', asset format 3; issue 23).
 *
 * Each such mode is the discrete curl of a stream function that is zero on
 * every wall node (domain_basis.c), so the asset needs its values at the
 * nodes away from the walls only: about half the samples of the MAC field
 * (two faces per cell), less in a level with much rock. The run time remakes
 * the field exactly as the builder made it (eddyi_domain_curl, times the
 * stored scale, faces touching solid cells set to zero), bit for bit, and the
 * grid advection (advect_grid.c) works on the stream functions directly.
 *
 * Section 'GPSI', little-endian:
 *   u32 p      modes stored this way: grid modes 0..p-1 (the level's
 *              Laplacian eigenmodes; the island modes and any painted or POD
 *              modes stay in 'GMOD', which then holds grid modes p..)
 *   u32 m      nodes stored
 *   ceil((nx+1)(ny+1) / 32) u32 words: bit b of word w is node 32 w + b
 *              (node j (nx+1) + i), set for the m stored nodes; never a node
 *              on the outer box, and no bits past the last node
 *   p f64      scales (finite, non-zero)
 *   p x m f64  the stream functions, mode by mode, at the stored nodes in
 *              ascending order (finite)
 * The loader then checks what every walled asset's modes must satisfy (no
 * flux through a solid face, unit norm: asset_domain.c, asset_meaning.c). */
#include "asset_format.h"
#include "domain.h"

#include <math.h>
#include <string.h>

void eddyi_asset_stream_free(eddy_asset *a)
{
    eddy_free(a->stream_node), eddy_free(a->stream), eddy_free(a->stream_scale);
    a->stream_node = NULL, a->stream = NULL, a->stream_scale = NULL;
    a->stream_count = a->stream_nodes = 0;
}

static size_t node_count(const eddy_asset *a) { return (size_t)(a->nx + 1) * (size_t)(a->ny + 1); }

void eddyi_asset_stream_encode(const eddy_asset *a, eddy_writer *w)
{
    size_t nodes = node_count(a), words = (nodes + 31) / 32;
    eddyi_write_u32(w, (uint32_t)a->stream_count);
    eddyi_write_u32(w, (uint32_t)a->stream_nodes);
    int next = 0;
    for (size_t word = 0; word < words; ++word) {
        uint32_t bits = 0;
        while (next < a->stream_nodes && (size_t)a->stream_node[next] / 32 == word)
            bits |= 1u << (a->stream_node[next++] % 32);
        eddyi_write_u32(w, bits);
    }
    eddyi_write_f64s(w, a->stream_scale, (size_t)a->stream_count);
    eddyi_write_f64s(w, a->stream, (size_t)a->stream_count * (size_t)a->stream_nodes);
}

static eddy_result bad(eddy_error *err, const char *what)
{
    return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GPSI': %s", what);
}

/* The node bitmap: m set bits, none on the outer box or past the last node. */
static eddy_result decode_nodes(eddy_asset *a, eddy_reader *rd, uint32_t m, eddy_error *err)
{
    size_t nodes = node_count(a), words = (nodes + 31) / 32;
    if (rd->left < words * 4) return bad(err, "too short for its node map");
    a->stream_node = eddy_alloc((m > 0 ? m : 1) * sizeof *a->stream_node);
    if (!a->stream_node) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    uint32_t seen = 0;
    for (size_t word = 0; word < words; ++word) {
        uint32_t bits = eddyi_read_u32(rd);
        for (int b = 0; b < 32 && bits; ++b, bits >>= 1) {
            if (!(bits & 1u)) continue;
            size_t n = word * 32 + (size_t)b;
            int i = (int)(n % (size_t)(a->nx + 1)), j = (int)(n / (size_t)(a->nx + 1));
            if (n >= nodes) return bad(err, "its node map names nodes past the grid's last");
            if (i == 0 || j == 0 || i == a->nx || j == a->ny)
                return bad(err, "a stream function is stored on the outer box, where it is zero");
            if (seen == m) return bad(err, "its node map has more nodes than it says");
            a->stream_node[seen++] = (int)n;
        }
    }
    if (seen != m) return bad(err, "its node map has fewer nodes than it says");
    return EDDY_OK;
}

eddy_result eddyi_asset_stream_decode(eddy_asset *a, const eddy_section *s, eddy_error *err)
{
    if (!s) return EDDY_OK;
    if (!a->has_walls_flag) return bad(err, "stream functions in an asset without walls");
    eddy_reader rd = eddyi_reader_make(s);
    uint32_t p = eddyi_read_u32(&rd), m = eddyi_read_u32(&rd);
    if (rd.failed) return bad(err, "too short");
    if (p < 1 || p > (uint32_t)a->grid_count)
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GPSI' holds %u modes, not 1..%d "
                         "(the domain's grid modes)", p, a->grid_count);
    if (m < 1 || m > node_count(a))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GPSI' stores %u nodes, not 1..%zu",
                         m, node_count(a));
    eddy_result res = decode_nodes(a, &rd, m, err);
    if (res != EDDY_OK) return res;
    if (rd.left != 8 * (uint64_t)p * ((uint64_t)m + 1))
        return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GPSI' is %llu bytes, %u modes at %u "
                         "nodes need %llu", (unsigned long long)s->size, p, m,
                         (unsigned long long)(s->size - rd.left + 8 * (uint64_t)p * (m + 1ull)));
    a->stream_count = (int)p, a->stream_nodes = (int)m;
    a->stream_scale = eddy_alloc(p * sizeof *a->stream_scale);
    a->stream = eddy_alloc((size_t)p * m * sizeof *a->stream);
    if (!a->stream_scale || !a->stream)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    eddyi_read_f64s(&rd, a->stream_scale, p);
    eddyi_read_f64s(&rd, a->stream, (size_t)p * m);
    if (rd.failed || rd.left != 0) return bad(err, "too short");
    for (uint32_t k = 0; k < p; ++k)
        if (!isfinite(a->stream_scale[k]) || a->stream_scale[k] == 0.0)
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GPSI': mode %u has scale %g, "
                             "not finite and non-zero", k, a->stream_scale[k]);
    for (size_t e = 0; e < (size_t)p * m; ++e)
        if (!isfinite(a->stream[e]))
            return eddy_fail(err, EDDY_ERR_FORMAT, "asset: section 'GPSI': mode %zu holds a "
                             "non-finite value", e / m);
    return EDDY_OK;
}

eddy_result eddyi_asset_stream_fields(eddy_asset *a, eddy_error *err)
{
    if (a->stream_count == 0) return EDDY_OK;
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    double *psi = eddy_calloc(node_count(a), sizeof *psi);
    if (!psi) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory loading an asset");
    for (int k = 0; k < a->stream_count; ++k) {
        const double *values = a->stream + (size_t)k * (size_t)a->stream_nodes;
        for (int q = 0; q < a->stream_nodes; ++q) psi[a->stream_node[q]] = values[q];
        double *f = a->grid_modes + (size_t)k * n, scale = a->stream_scale[k];
        eddyi_domain_curl(&g, psi, f);
        for (size_t s = 0; s < n; ++s) f[s] *= scale;
        eddyi_close_solid_faces(&g, a->solid, f);
    }
    eddy_free(psi);
    return EDDY_OK;
}
