// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* quadtree.c - the quadtree over the MAC grid (leaves of at most 4 x 4
 * cells) and the error table of 5.19 that decides how deep quadtree feedback
 * descends. The table depends only on the grid and the panel length, so the
 * precompute tool stores it in the asset ('QTRE') and the coupling takes it
 * from there. */
#include "panel.h"
#include "quadtree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEAF_CELLS 4
#define TABLE_DIRECTIONS 16
#define TABLE_ORIENTATIONS 4
#define TABLE_POINTS 5 /* sample points per side of a node when tabulating 5.19 */

/* ------------------------------------------------------------ the tree */

static int count_nodes(int i0, int j0, int i1, int j1)
{
    if (i1 - i0 <= LEAF_CELLS && j1 - j0 <= LEAF_CELLS) return 1;
    int im = i1 - i0 > LEAF_CELLS ? (i0 + i1) / 2 : i1, jm = j1 - j0 > LEAF_CELLS ? (j0 + j1) / 2 : j1;
    int n = 1 + count_nodes(i0, j0, im, jm);
    if (im < i1) n += count_nodes(im, j0, i1, jm);
    if (jm < j1) n += count_nodes(i0, jm, im, j1);
    if (im < i1 && jm < j1) n += count_nodes(im, jm, i1, j1);
    return n;
}

/* Breadth-first layout: every parent comes before its children, and the
 * children of a node are contiguous (first .. first + count - 1). */
static void build_tree(eddy_quadtree *g)
{
    const eddy_mac *m = &g->mac;
    g->nodes[0] = (eddy_qt_node){0, 0, m->nx, m->ny, 0, -1, -1, 0, 0};
    int next = 1;
    g->levels = 1;
    for (int n = 0; n < next; ++n) {
        eddy_qt_node *q = &g->nodes[n];
        q->cx = 0.5 * (q->i0 + q->i1) * m->hx;
        q->cy = 0.5 * (q->j0 + q->j1) * m->hy;
        if (q->i1 - q->i0 <= LEAF_CELLS && q->j1 - q->j0 <= LEAF_CELLS) continue;
        int im = q->i1 - q->i0 > LEAF_CELLS ? (q->i0 + q->i1) / 2 : q->i1;
        int jm = q->j1 - q->j0 > LEAF_CELLS ? (q->j0 + q->j1) / 2 : q->j1;
        int box[4][4] = {{q->i0, q->j0, im, jm}, {im, q->j0, q->i1, jm},
                         {q->i0, jm, im, q->j1}, {im, jm, q->i1, q->j1}};
        q->child = next;
        for (int k = 0; k < 4; ++k) {
            if (box[k][0] >= box[k][2] || box[k][1] >= box[k][3]) continue;
            g->nodes[next] = (eddy_qt_node){box[k][0], box[k][1], box[k][2], box[k][3],
                                            q->level + 1, -1, n, 0, 0};
            if (q->level + 2 > g->levels) g->levels = q->level + 2;
            ++next;
        }
    }
}

int eddyi_quadtree_children(const eddy_quadtree *g, int n)
{
    int first = g->nodes[n].child, k = 0;
    if (first < 0) return 0;
    while (first + k < g->node_count && g->nodes[first + k].parent == n) ++k;
    return k;
}

/* ------------------------------------------------------------ 5.19 table */

/* Largest node extent at each level (levels of uneven splits differ a little). */
static void level_extent(const eddy_quadtree *g, int level, double *sx, double *sy)
{
    *sx = *sy = 0;
    for (int n = 0; n < g->node_count; ++n)
        if (g->nodes[n].level == level) {
            *sx = fmax(*sx, (g->nodes[n].i1 - g->nodes[n].i0) * g->mac.hx);
            *sy = fmax(*sy, (g->nodes[n].j1 - g->nodes[n].j0) * g->mac.hy);
        }
}

/* max_j |u(c) - u(s_j)| for a unit panel of length len at the origin with
 * angle theta, over points of a node of extent sx x sy centred at (cx, cy). */
static double node_deviation(double len, double theta, double cx, double cy, double sx, double sy)
{
    double hx = 0.5 * len * cos(theta), hy = 0.5 * len * sin(theta), uc[2], us[2], worst = 0;
    eddyi_panel_velocity(-hx, -hy, hx, hy, 1.0, cx, cy, uc);
    for (int a = 0; a < TABLE_POINTS; ++a)
        for (int b = 0; b < TABLE_POINTS; ++b) {
            double x = cx + sx * ((double)a / (TABLE_POINTS - 1) - 0.5);
            double y = cy + sy * ((double)b / (TABLE_POINTS - 1) - 0.5);
            eddyi_panel_velocity(-hx, -hy, hx, hy, 1.0, x, y, us);
            worst = fmax(worst, hypot(us[0] - uc[0], us[1] - uc[1]));
        }
    return worst;
}

/* table[level][bin]: the error of 5.19 for a unit panel whose midpoint is
 * bin * bin_width from the node centre, maximised over directions and panel
 * orientations, then made non-increasing in distance so that the value at a
 * bin's near edge bounds the whole bin. Too close to tell: infinity. */
static double level_reach(const eddy_qt_table *t, double sx, double sy)
{
    return 0.5 * hypot(sx, sy) + 0.5 * t->panel_length + t->bin_width;
}

double eddyi_qt_table_reach(const eddy_quadtree *g, const eddy_qt_table *t, int level,
                           double *half_diagonal)
{
    double sx, sy;
    level_extent(g, level, &sx, &sy);
    if (half_diagonal) *half_diagonal = 0.5 * hypot(sx, sy);
    return level_reach(t, sx, sy);
}

double eddyi_qt_table_sample(const eddy_quadtree *g, const eddy_qt_table *t, int level, int bin,
                            double phi, double theta)
{
    double sx, sy;
    level_extent(g, level, &sx, &sy);
    double d = bin * t->bin_width;
    if (d <= level_reach(t, sx, sy)) return INFINITY;
    return node_deviation(t->panel_length, theta, d * cos(phi), d * sin(phi), sx, sy);
}

static void fill_error_table(const eddy_quadtree *g, eddy_qt_table *t)
{
    for (int l = 0; l < t->levels; ++l) {
        double sx, sy;
        level_extent(g, l, &sx, &sy);
        double reach = level_reach(t, sx, sy);
        double *row = t->error + (size_t)l * (size_t)t->bins;
        for (int b = 0; b < t->bins; ++b) {
            double d = b * t->bin_width, worst = 0;
            if (d <= reach) {
                row[b] = INFINITY;
                continue;
            }
            for (int a = 0; a < TABLE_DIRECTIONS; ++a) {
                double phi = 2 * M_PI * a / TABLE_DIRECTIONS;
                for (int o = 0; o < TABLE_ORIENTATIONS; ++o)
                    worst = fmax(worst, node_deviation(t->panel_length, M_PI * o / TABLE_ORIENTATIONS,
                                                       d * cos(phi), d * sin(phi), sx, sy));
            }
            row[b] = worst;
        }
        for (int b = t->bins - 2; b >= 0; --b) row[b] = fmax(row[b], row[b + 1]);
    }
}

/* ------------------------------------------------------------ set-up */

eddy_result eddyi_quadtree_build(const eddy_mac *g, eddy_quadtree *t, eddy_error *err)
{
    memset(t, 0, sizeof *t);
    t->mac = *g;
    t->node_count = count_nodes(0, 0, g->nx, g->ny);
    t->nodes = eddy_calloc((size_t)t->node_count, sizeof *t->nodes);
    if (!t->nodes) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the quadtree");
    build_tree(t);
    return EDDY_OK;
}

void eddyi_quadtree_free(eddy_quadtree *t)
{
    eddy_free(t->nodes);
    memset(t, 0, sizeof *t);
}

eddy_result eddyi_qt_table_build(const eddy_quadtree *tree, double panel_length, eddy_qt_table *t,
                                eddy_error *err)
{
    memset(t, 0, sizeof *t);
    t->levels = tree->levels;
    t->panel_length = panel_length;
    t->bin_width = fmin(tree->mac.hx, tree->mac.hy);
    t->bins = (int)ceil(hypot(tree->mac.width, tree->mac.height) / t->bin_width) + 2;
    t->error = eddy_alloc((size_t)t->levels * (size_t)t->bins * sizeof(double));
    if (!t->error) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the 5.19 table");
    fill_error_table(tree, t);
    return EDDY_OK;
}

void eddyi_qt_table_free(eddy_qt_table *t)
{
    eddy_free(t->error);
    memset(t, 0, sizeof *t);
}

double eddyi_qt_table_error(const eddy_qt_table *t, int level, double d)
{
    const double *row = t->error + (size_t)level * (size_t)t->bins;
    int b = (int)(d / t->bin_width);
    if (b < t->bins) return row[b];
    double edge = (t->bins - 1) * t->bin_width;
    return row[t->bins - 1] * (edge / d) * (edge / d);
}
