// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_check.h - the condition a panel solve enforces, measured from the
 * outside, for tests that include the engine's panel internals. */
#ifndef EDDY_TEST_PANEL_CHECK_H
#define EDDY_TEST_PANEL_CHECK_H

#include "panel.h"

#include <math.h>
#include <stdlib.h>

/* Largest normal flow per unit length the solve leaves at one body's panels:
 * its own sheet's flux through panel j (row j of the shape's matrix 5.12: the
 * one-point rule on straight sides, the exact flux where the outline bends at
 * both ends of the panel, panel_matrix.c) plus A_j (u_f + the other bodies'
 * panels - u_o) . n_j at the midpoint, over A_j. Also the largest |u_f - u_o|
 * at the midpoints into *scale, when scale is not NULL. */
static inline double test_panel_condition_residual(const eddy_panel_world *w, int body,
                                                   double *scale)
{
    const eddy_panel_world_body *b = &w->bodies[body];
    const eddy_panel_shape *s = b->shape;
    int m = s->count;
    double *uv = malloc(sizeof(double) * 2 * (size_t)m);
    double *p = malloc(sizeof(double) * (size_t)s->rows * (size_t)m);
    eddy_panel_world_surface_velocity(w, body, uv);
    eddy_panel_matrix_fill(s, p);
    double worst = 0.0, biggest = 0.0;
    for (int j = 0; j < m; j++) {
        int g = b->first + j;
        const double *n = &w->normal[2 * g];
        double own_point = 0.0, own_flux = 0.0;
        for (int i = 0; i < m; i++) {
            const double *e = &w->src[4 * (b->first + i)];
            double gi = w->strength[b->first + i];
            if (i != j)
                own_point += gi * eddy_panel_normal_influence(e[0], e[1], e[2], e[3], w->mid[2 * g],
                                                              w->mid[2 * g + 1], n[0], n[1]);
            own_flux -= p[(size_t)j * m + i] * gi;
        }
        double un = (uv[2 * j] - w->uo[2 * g]) * n[0] + (uv[2 * j + 1] - w->uo[2 * g + 1]) * n[1];
        worst = fmax(worst, fabs(un - own_point + own_flux / s->length[j]));
        biggest = fmax(biggest, hypot(w->uf[2 * g] - w->uo[2 * g], w->uf[2 * g + 1] - w->uo[2 * g + 1]));
    }
    free(uv);
    free(p);
    if (scale) *scale = biggest;
    return worst;
}

#endif
