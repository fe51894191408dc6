// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* body_pieces.c - a rigid body's outline read back through the port as the
 * pieces panels are cut from (5.3.1). */
#include "body_pieces.h"

eddy_result eddyi_body_panel_pieces(const eddy_body *body, eddy_piece *pieces, int *count,
                                   eddy_error *err)
{
    int n = 0, shapes = eddy_body_shape_count(body);
    for (int s = 0; s < shapes; ++s) {
        eddy_shape_info info;
        eddy_result res = eddy_body_get_shape(body, s, &info, err);
        if (res != EDDY_OK) return res;
        if (info.is_sensor) continue;
        if (n == EDDY_PANEL_MAX_PIECES)
            return eddy_fail(err, EDDY_ERR_CAPACITY, "a body has more than %d shapes",
                             EDDY_PANEL_MAX_PIECES);
        if (info.type == EDDY_SHAPE_CIRCLE)
            pieces[n++] = eddyi_piece_circle(info.radius, info.center[0], info.center[1]);
        else
            pieces[n++] = eddyi_piece_polygon(info.vertex_count, (const double (*)[2])info.vertices);
    }
    *count = n;
    if (n == 0) return eddy_fail(err, EDDY_ERR_ARGUMENT, "the body has no solid shape to panel");
    return EDDY_OK;
}
