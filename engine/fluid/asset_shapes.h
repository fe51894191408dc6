// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* asset_shapes.h - body shapes precomputed into an asset (issue: shape
 * catalogue): each shape's panels and the pseudo-inverse of its panel matrix
 * (5.12, 5.15), so a level's bodies need no SVD at load time. Not installed. */
#ifndef EDDY_ASSET_SHAPES_H
#define EDDY_ASSET_SHAPES_H

#include "fluid_internal.h"
#include "panel.h"

#define EDDY_SHAPE_NAME_MAX 47

struct eddy_asset_shape {
    char name[EDDY_SHAPE_NAME_MAX + 1];
    int piece_count;
    eddy_piece pieces[EDDY_PANEL_MAX_PIECES]; /* as the rigid-body port reports them */
    double spacing;                           /* panel length it was cut at */
    eddy_panel_shape panels;
};

void eddyi_asset_shapes_free(struct eddy_asset_shape *shapes, int count);
/* 'SHAP' section: u32 count, then per shape its name, pieces, spacing, panels,
 * and (asset format 2 on) its area and added-mass tensor. */
void eddyi_asset_shapes_encode(const eddy_asset *a, eddy_writer *w);
eddy_result eddyi_asset_shapes_decode(eddy_asset *a, const eddy_section *s, uint32_t version,
                                     eddy_error *err);

/* The same outline pieces, compared field by field. */
bool eddyi_pieces_equal(const eddy_piece *a, const eddy_piece *b, int count);

/* The asset's panels for exactly these pieces at this spacing, or NULL. */
const eddy_panel_shape *eddyi_asset_find_shape(const eddy_asset *a, const eddy_piece *pieces,
                                              int count, double spacing);

#endif
