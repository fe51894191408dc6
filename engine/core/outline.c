// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* outline.c - what a convex polygon must be for the rigid-body solver to
 * simulate the outline it was given: the one check bodies' shapes
 * (engine/bodies/body_port.c) and a level's walls (the convex pieces its
 * rock is cut into, engine/fluid/domain_walls.c) both pass through, so that
 * an outline accepted when a level is built is accepted when it is played. */
#include "core_internal.h"

#include <math.h>

static double cross(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

eddy_result eddyi_convex_outline_check(const double (*v)[2], int n, eddy_error *err)
{
    if (n < 3 || n > EDDY_OUTLINE_MAX_VERTICES)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "polygon needs 3 to %d vertices (got %d)",
                         EDDY_OUTLINE_MAX_VERTICES, n);
    for (int i = 0; i < n; ++i) {
        const double *a = v[i], *b = v[(i + 1) % n];
        double ex = b[0] - a[0], ey = b[1] - a[1];
        double len = sqrt(ex * ex + ey * ey);
        if (!(len >= EDDY_OUTLINE_MIN_EDGE))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "polygon edge %d is %.4g m long; edges must be at least %g m", i,
                             len, EDDY_OUTLINE_MIN_EDGE);
        /* strictly convex: all the other vertices left of this edge */
        for (int j = 0; j < n; ++j) {
            if (j == i || j == (i + 1) % n) continue;
            if (!(cross(ex, ey, v[j][0] - a[0], v[j][1] - a[1]) > 0.0))
                return eddy_fail(err, EDDY_ERR_ARGUMENT,
                                 "polygon is not convex (vertex %d is not inside edge %d)", j, i);
        }
    }
    for (int i = 0; i < n; ++i) {
        const double *a = v[(i + n - 1) % n], *m = v[i], *b = v[(i + 1) % n];
        double cx = b[0] - a[0], cy = b[1] - a[1];
        double offset = -cross(cx, cy, m[0] - a[0], m[1] - a[1]) / sqrt(cx * cx + cy * cy);
        if (!(offset >= EDDY_OUTLINE_MIN_CORNER))
            return eddy_fail(err, EDDY_ERR_ARGUMENT,
                             "polygon vertex %d lies %.4g m off the line through its "
                             "neighbours; at least %g m is needed",
                             i, offset, EDDY_OUTLINE_MIN_CORNER);
    }
    return EDDY_OK;
}
