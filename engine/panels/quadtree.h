// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* quadtree.h - the quadtree over the MAC grid used by quadtree feedback
 * (5.3.4) and its error table (5.19). Not installed. */
#ifndef EDDY_QUADTREE_H
#define EDDY_QUADTREE_H

#include "core_internal.h"

/* One node over a block of MAC cells [i0, i1) x [j0, j1). */
typedef struct eddy_qt_node {
    int i0, j0, i1, j1;
    int level;      /* 0 at the root */
    int child;      /* index of the first child, -1 for a leaf */
    int parent;
    double cx, cy;  /* centre, m */
} eddy_qt_node;

/* Leaves hold at most 4 x 4 cells, the chapter's choice. Nodes are stored
 * breadth first: parents before children, siblings contiguous. */
typedef struct eddy_quadtree {
    eddy_mac mac;
    eddy_qt_node *nodes;
    int node_count, levels;
} eddy_quadtree;

eddy_result eddyi_quadtree_build(const eddy_mac *g, eddy_quadtree *out, eddy_error *err);
void eddyi_quadtree_free(eddy_quadtree *t);
/* How many children node n has (0 for a leaf). */
int eddyi_quadtree_children(const eddy_quadtree *t, int n);

/* The error table of 5.19: error[level * bins + b] bounds how far a unit
 * panel of length panel_length, whose midpoint is b * bin_width or more from a
 * node's centre, deviates inside the node from its value at the centre.
 * Infinity where the panel may be inside the node. */
typedef struct eddy_qt_table {
    int levels, bins;
    double bin_width, panel_length;
    double *error;
} eddy_qt_table;

void eddyi_qt_table_free(eddy_qt_table *t);
/* Bound at distance d for a node of this level (beyond the table: 1/d^2). */
double eddyi_qt_table_error(const eddy_qt_table *t, int level, double d);

/* The error table of 5.19 for this tree and a panel length. */
eddy_result eddyi_qt_table_build(const eddy_quadtree *t, double panel_length, eddy_qt_table *out,
                                eddy_error *err);

/* For checking a stored table against its tree: the distance up to which a
 * level's entries are infinite (the panel may be inside the node), with the
 * half diagonal of that level's largest node; and the deviation one panel
 * orientation theta at direction phi gives at a bin (the table entry is the
 * largest of these over 16 directions and 4 orientations, then made
 * non-increasing), INFINITY within the reach. */
double eddyi_qt_table_reach(const eddy_quadtree *tree, const eddy_qt_table *t, int level,
                           double *half_diagonal);
double eddyi_qt_table_sample(const eddy_quadtree *tree, const eddy_qt_table *t, int level, int bin,
                            double phi, double theta);

#endif
