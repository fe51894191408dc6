// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_treecode.c - the velocity of a panel world's sources at many points
 * (5.18) as a two-level treecode, for the probes and
 * eddy_coupling_velocity_many (moved here from coupling.c unchanged). */
#include "panel.h"
#include "panel_fast.h"

#include <stdbool.h>

/* eddyi_panel_sources_velocity sums the panels (5.18) as a two-level
 * treecode (eddy_coupling_velocity_many and the probes use it). The sources are cut into clusters of VEL_LEAF consecutive ones
 * (a stretch of one outline, or of one wall image: compact), and those into
 * groups of VEL_FAN clusters. A cluster or group whose disc (centre c, radius
 * R about c holding every end point) is far from the point, R / |z - c| <=
 * VEL_RHO, acts through its multipole expansion (panel_farfield.c) of the
 * order where the tail bound rho^p / (1 - rho) falls below VEL_TOL (relative
 * to G / (2 pi |z - c|), G the group's summed |gamma| A); a near cluster is
 * summed panel by panel as eddy_coupling_velocity does. The expansions are
 * made VEL_BATCH groups at a time on the stack: nothing is allocated. */
#define VEL_LEAF 4
#define VEL_FAN 4
#define VEL_BATCH 16
#define VEL_RHO 0.4
#define VEL_TOL 1e-6

typedef struct vel_cluster {
    int first, count;
    double cx, cy, far2;          /* far beyond sqrt(far2) from (cx, cy) */
    double coef[2 * EDDY_FAR_P_MAX];
} vel_cluster;

/* Centre and multipole of sources [first, first + count). */
static void vel_cluster_make(const eddy_panel_world *w, int first, int count, int p,
                             vel_cluster *k)
{
    const double *e = &w->src[4 * first];
    double cx = 0.0, cy = 0.0, r2 = 0.0;
    for (int s = 0; s < count; ++s) cx += e[4 * s] + e[4 * s + 2], cy += e[4 * s + 1] + e[4 * s + 3];
    cx /= 2.0 * count, cy /= 2.0 * count;
    for (int q = 0; q < 2 * count; ++q) {
        double dx = e[2 * q] - cx, dy = e[2 * q + 1] - cy;
        if (dx * dx + dy * dy > r2) r2 = dx * dx + dy * dy;
    }
    k->first = first, k->count = count, k->cx = cx, k->cy = cy;
    k->far2 = r2 / (VEL_RHO * VEL_RHO);
    eddyi_far_multipole_direct(e, &w->strength[first], count, cx, cy, p, k->coef);
}

/* True (and uv += the expansion) when the point is far from the cluster. */
static bool vel_far_add(const vel_cluster *k, int p, double x, double y, double uv[2])
{
    double dx = x - k->cx, dy = y - k->cy;
    if (!(dx * dx + dy * dy > k->far2)) return false;
    double w[2];
    eddyi_far_multipole_eval(k->coef, p, k->cx, k->cy, x, y, w);
    uv[0] += w[0], uv[1] -= w[1]; /* W = u - i v */
    return true;
}

/* A near cluster panel by panel; regularised: no closer than EDDY_PANEL_NEAR
 * panel lengths to any of them, as the Schwarz sweeps see other bodies. */
static void vel_near_add(const eddy_panel_world *w, const vel_cluster *k, bool regularised,
                         const int *skip, double x, double y, double uv[2])
{
    for (int s = k->first; s < k->first + k->count; ++s) {
        if (w->strength[s] == 0.0 || (skip && s >= skip[0] && s < skip[1])) continue;
        const double *e = &w->src[4 * s];
        double q[2];
        if (regularised)
            eddyi_panel_velocity_near(e[0], e[1], e[2], e[3], w->strength[s], x, y, q);
        else
            eddyi_panel_velocity(e[0], e[1], e[2], e[3], w->strength[s], x, y, q);
        uv[0] += q[0], uv[1] += q[1];
    }
}

/* Whether cluster k holds any of the sources [skip[0], skip[1]). */
static bool vel_overlaps(const vel_cluster *k, const int *skip)
{
    return skip && k->first < skip[1] && skip[0] < k->first + k->count;
}

/* uv[2n] += the velocity of sources [lo, hi) at the points xy - origin (the
 * treecode above); skip (2 per point, or NULL) a range of sources each point
 * leaves out, whose clusters it sums panel by panel. */
void eddyi_panel_sources_velocity(const eddy_panel_world *w, int lo, int hi, bool regularised,
                                 const int *skip, double ox, double oy, int n, const double *xy,
                                 double *uv)
{
    const int p = eddyi_far_order(VEL_RHO, VEL_TOL);
    const int per_group = VEL_LEAF * VEL_FAN;
    vel_cluster group[VEL_BATCH], leaf[VEL_BATCH][VEL_FAN];
    int leaves[VEL_BATCH];
    for (int s0 = lo; s0 < hi; s0 += per_group * VEL_BATCH) {
        int groups = 0;
        for (int g0 = s0; g0 < hi && groups < VEL_BATCH; g0 += per_group, ++groups) {
            int gn = hi - g0 < per_group ? hi - g0 : per_group;
            vel_cluster_make(w, g0, gn, p, &group[groups]);
            leaves[groups] = 0;
            for (int l0 = g0; l0 < g0 + gn; l0 += VEL_LEAF) {
                int ln = g0 + gn - l0 < VEL_LEAF ? g0 + gn - l0 : VEL_LEAF;
                vel_cluster_make(w, l0, ln, p, &leaf[groups][leaves[groups]++]);
            }
        }
        for (int i = 0; i < n; ++i) {
            double x = xy[2 * i] - ox, y = xy[2 * i + 1] - oy, *out = uv + 2 * i;
            const int *own = skip ? skip + 2 * i : NULL;
            for (int g = 0; g < groups; ++g) {
                if (!vel_overlaps(&group[g], own) && vel_far_add(&group[g], p, x, y, out)) continue;
                for (int l = 0; l < leaves[g]; ++l) {
                    const vel_cluster *k = &leaf[g][l];
                    if (vel_overlaps(k, own) || !vel_far_add(k, p, x, y, out))
                        vel_near_add(w, k, regularised, own, x, y, out);
                }
            }
        }
    }
}
