// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* domain_topology.c - the shape of the fluid region of a masked MAC grid, as
 * the stream function sees it (issue 14).
 *
 * A face carries flow psi(end) - psi(start). A face touching a solid cell
 * must carry none, so the two ends of every such face, i.e. all four corners
 * of a solid cell, share one value of psi; so do all nodes of the outer box
 * (no flow through it). Nodes joined that way form one wall. The wall that
 * holds the box (and everything touching it) has psi = 0; an island, a wall
 * touching nothing else, may carry any constant: that freedom is the
 * circulation round it (a harmonic mode, domain_basis.c). Every other node is
 * an unknown of the eigenproblem.
 *
 * The fluid must be one region (cells joined through the faces between
 * them): two basins would each need their own basis, and a body could not
 * pass between them; both are refused with a message. */
#include "domain_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void eddyi_domain_topology_free(eddy_domain_topology *t)
{
    eddy_free(t->node_unknown), eddy_free(t->node_component), eddy_free(t->unknown_node);
    memset(t, 0, sizeof *t);
}

static int find(int *parent, int a)
{
    while (parent[a] != a) {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}

/* Joins two sets; the smaller root wins, so the result does not depend on the
 * order of the unions. */
static void join(int *parent, int a, int b)
{
    a = find(parent, a), b = find(parent, b);
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
}

/* Fluid cells joined through open faces: the region of the first fluid cell
 * (flood fill); EDDY_ERR_RANGE when some fluid cell is not in it. */
static eddy_result check_fluid_connected(const eddy_mac *g, const uint8_t *solid, int *fluid_cells,
                                         eddy_error *err)
{
    int cells = g->nx * g->ny, first = -1, count = 0;
    for (int c = 0; c < cells; ++c)
        if (!solid[c]) {
            if (first < 0) first = c;
            ++count;
        }
    *fluid_cells = count;
    if (count == 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "the walls leave no fluid: every cell of the %d x %d "
                         "grid is solid", g->nx, g->ny);
    int *queue = eddy_alloc((size_t)cells * sizeof *queue);
    uint8_t *seen = eddy_calloc((size_t)cells, 1);
    if (!queue || !seen) {
        eddy_free(queue), eddy_free(seen);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory checking the fluid region");
    }
    int head = 0, tail = 0, reached = 1;
    queue[tail++] = first;
    seen[first] = 1;
    while (head < tail) {
        int c = queue[head++], i = c % g->nx, j = c / g->nx;
        int next[4] = {i > 0 ? c - 1 : -1, i < g->nx - 1 ? c + 1 : -1, j > 0 ? c - g->nx : -1,
                       j < g->ny - 1 ? c + g->nx : -1};
        for (int k = 0; k < 4; ++k)
            if (next[k] >= 0 && !solid[next[k]] && !seen[next[k]]) {
                seen[next[k]] = 1;
                queue[tail++] = next[k];
                ++reached;
            }
    }
    eddy_result res = EDDY_OK;
    if (reached < count) {
        int other = 0;
        while (solid[other] || seen[other]) ++other;
        res = eddy_fail(err, EDDY_ERR_FORMAT, "the walls cut the fluid into separate regions: cell "
                        "(%d, %d) and cell (%d, %d) are not joined by water (%d of %d fluid cells "
                        "reached); open a passage or fill the closed-off region", first % g->nx,
                        first / g->nx, other % g->nx, other / g->nx, reached, count);
    }
    eddy_free(queue), eddy_free(seen);
    return res;
}

/* Walls: union-find over the nodes (corners of each solid cell, the box). */
static void find_walls(eddy_domain_topology *t, int *parent)
{
    const eddy_mac *g = &t->mac;
    for (int n = 0; n < t->nodes; ++n) parent[n] = n;
    for (int i = 0; i <= g->nx; ++i) {
        join(parent, 0, eddy_node(g, i, 0));
        join(parent, 0, eddy_node(g, i, g->ny));
    }
    for (int j = 0; j <= g->ny; ++j) {
        join(parent, 0, eddy_node(g, 0, j));
        join(parent, 0, eddy_node(g, g->nx, j));
    }
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i) {
            if (!t->solid[eddy_cell(g, i, j)]) continue;
            int a = eddy_node(g, i, j);
            join(parent, a, eddy_node(g, i + 1, j));
            join(parent, a, eddy_node(g, i, j + 1));
            join(parent, a, eddy_node(g, i + 1, j + 1));
        }
}

static bool boundary_node(const eddy_domain_topology *t, int i, int j)
{
    const eddy_mac *g = &t->mac;
    if (i == 0 || j == 0 || i == g->nx || j == g->ny) return true;
    return t->solid[eddy_cell(g, i - 1, j - 1)] || t->solid[eddy_cell(g, i, j - 1)] ||
           t->solid[eddy_cell(g, i - 1, j)] || t->solid[eddy_cell(g, i, j)];
}

eddy_result eddyi_domain_topology_build(const eddy_mac *g, const uint8_t *solid,
                                       eddy_domain_topology *t, eddy_error *err)
{
    memset(t, 0, sizeof *t);
    t->mac = *g;
    t->solid = solid;
    t->nodes = (g->nx + 1) * (g->ny + 1);
    eddy_result res = check_fluid_connected(g, solid, &t->fluid_cells, err);
    if (res != EDDY_OK) return res;
    t->node_unknown = eddy_alloc((size_t)t->nodes * sizeof *t->node_unknown);
    t->node_component = eddy_alloc((size_t)t->nodes * sizeof *t->node_component);
    t->unknown_node = eddy_alloc((size_t)t->nodes * sizeof *t->unknown_node);
    int *parent = eddy_alloc((size_t)t->nodes * sizeof *parent);
    int *label = eddy_alloc((size_t)t->nodes * sizeof *label);
    if (!t->node_unknown || !t->node_component || !t->unknown_node || !parent || !label) {
        eddy_free(parent), eddy_free(label);
        eddyi_domain_topology_free(t);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the grid's nodes");
    }
    find_walls(t, parent);
    /* islands numbered 1.. in node order of their lowest node: deterministic */
    for (int n = 0; n < t->nodes; ++n) label[n] = -1;
    label[find(parent, 0)] = 0;
    for (int j = 0; j <= g->ny; ++j)
        for (int i = 0; i <= g->nx; ++i) {
            int n = eddy_node(g, i, j);
            if (!boundary_node(t, i, j)) {
                t->node_component[n] = -1;
                t->node_unknown[n] = t->unknowns;
                t->unknown_node[t->unknowns++] = n;
                continue;
            }
            int root = find(parent, n);
            if (label[root] < 0) label[root] = ++t->islands;
            t->node_component[n] = label[root];
            t->node_unknown[n] = -1;
        }
    eddy_free(parent), eddy_free(label);
    return EDDY_OK;
}
