// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_check.h - the condition a panel solve enforces, measured from the
 * outside, for tests that include the engine's panel internals. */
#ifndef EDDY_TEST_PANEL_CHECK_H
#define EDDY_TEST_PANEL_CHECK_H

#include "panel.h"

#include <math.h>
#include <stdlib.h>

/* How far the strengths of one body are from solving its least-squares
 * condition (panel_matrix.c: the whole flow's stream function constant along
 * the outline, sampled), with the other bodies' panels as the solve sees them:
 * b_j = A_j (u_f + other panels - u_o) . n_j at the midpoints, r = P gamma - L b
 * (P, L from eddyi_panel_matrix_fill), and the normal equations P^T r = 0 on the
 * circulation-free strengths. Returns their largest residual over the largest
 * of P^T L b (zero, to round-off, when the solve is exact). Also the largest
 * |u_f - u_o| at the midpoints into *scale, and the root mean square of the
 * relative flow's stream function the solution leaves along the outline over
 * that of the relative flow (the least-squares residual itself) into
 * *stream_left, when they are not NULL. */
static inline double test_panel_condition_residual(const eddy_panel_world *w, int body,
                                                   double *scale, double *stream_left)
{
    const eddy_panel_world_body *b = &w->bodies[body];
    const eddy_panel_shape *s = b->shape;
    int m = s->count, k = eddyi_panel_matrix_samples(s);
    double *uv = malloc(sizeof(double) * 2 * (size_t)m);
    double *p = malloc(sizeof(double) * (size_t)k * (size_t)m);
    double *l = malloc(sizeof(double) * (size_t)k * (size_t)m);
    double *bb = malloc(sizeof(double) * (size_t)m), *g = calloc((size_t)m, sizeof(double));
    double *h = calloc((size_t)m, sizeof(double));
    eddyi_panel_world_surface_velocity(w, body, uv);
    eddyi_panel_matrix_fill(s, p, l);
    double biggest = 0.0;
    for (int j = 0; j < m; j++) {
        int q = b->first + j;
        const double *n = &w->normal[2 * q];
        double own = 0.0; /* the body's own sheet at its midpoint, fluid side */
        for (int i = 0; i < m; i++) {
            const double *e = &w->src[4 * (b->first + i)];
            if (i == j) own += 0.5 * w->strength[q] * ((e[2] - e[0]) * n[0] + (e[3] - e[1]) * n[1]) / s->length[j];
            else {
                double v[2];
                eddyi_panel_velocity(e[0], e[1], e[2], e[3], w->strength[b->first + i], w->mid[2 * q],
                                    w->mid[2 * q + 1], v);
                own += v[0] * n[0] + v[1] * n[1];
            }
        }
        double un = (uv[2 * j] - w->uo[2 * q]) * n[0] + (uv[2 * j + 1] - w->uo[2 * q + 1]) * n[1];
        bb[j] = s->length[j] * (un - own);
        biggest = fmax(biggest, hypot(w->uf[2 * q] - w->uo[2 * q], w->uf[2 * q + 1] - w->uo[2 * q + 1]));
    }
    for (int r = 0; r < k; r++) {
        double res = 0.0, target = 0.0;
        for (int i = 0; i < m; i++) res += p[(size_t)r * m + i] * w->strength[b->first + i];
        for (int j = 0; j < m; j++) target += l[(size_t)r * m + j] * bb[j];
        for (int i = 0; i < m; i++) {
            g[i] += p[(size_t)r * m + i] * (res - target);
            h[i] += p[(size_t)r * m + i] * target;
        }
    }
    for (int grp = 0; grp < s->group_count; grp++) { /* keep the circulation-free part */
        double ga = 0.0, ha = 0.0, aa = 0.0;
        for (int i = 0; i < m; i++)
            if (s->group[i] == grp) ga += g[i] * s->length[i], ha += h[i] * s->length[i], aa += s->length[i] * s->length[i];
        for (int i = 0; i < m; i++)
            if (s->group[i] == grp) g[i] -= ga / aa * s->length[i], h[i] -= ha / aa * s->length[i];
    }
    double worst = 0.0, size = 1e-300, left = 0.0, given = 0.0;
    for (int i = 0; i < m; i++) worst = fmax(worst, fabs(g[i])), size = fmax(size, fabs(h[i]));
    for (int r = 0; r < k; r++) { /* what the least-squares solution leaves */
        double res = 0.0, target = 0.0;
        for (int i = 0; i < m; i++) res += p[(size_t)r * m + i] * w->strength[b->first + i];
        for (int j = 0; j < m; j++) target += l[(size_t)r * m + j] * bb[j];
        left += (res - target) * (res - target), given += target * target;
    }
    free(uv), free(p), free(l), free(bb), free(g), free(h);
    if (scale) *scale = biggest;
    if (stream_left) *stream_left = given > 0.0 ? sqrt(left / given) : 0.0;
    return worst / size;
}

#endif
