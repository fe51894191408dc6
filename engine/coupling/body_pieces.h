// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* body_pieces.h - a rigid body's outline as panel pieces: where the bodies
 * layer meets the panels layer. Not installed. */
#ifndef EDDY_BODY_PIECES_H
#define EDDY_BODY_PIECES_H

#include "eddy_body.h"
#include "panel.h"

/* The outline pieces of a body's solid (non-sensor) shapes, in body space,
 * exactly as the port reports them: the one place panels get their geometry,
 * at precompute time (the builder's shape catalogue) and at run time (the
 * coupling) alike, so the asset's precomputed panels are found again by exact
 * comparison (eddyi_asset_find_shape). */
eddy_result eddyi_body_panel_pieces(const eddy_body *body, eddy_piece *pieces, int *count,
                                   eddy_error *err);

#endif
