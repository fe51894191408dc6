// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_probe.c - the flow a probe sees right next to a body: a finer sheet.
 *
 * A body's run-time panels are about one grid spacing long. Their sheet keeps
 * water out of the body in the least-squares sense (panel_matrix.c) and gets
 * the flow a panel length away right (2 % of 2U at 0.15 m from a 0.6 m square
 * of 12 panels), but within a panel length of the outline the constant-
 * strength panels show themselves: between their ends the outline's stream
 * function wanders, so chords through the body still carried 10 % of the
 * stream and the inflow through the outline grown by 5 mm was three times
 * the potential flow's (tests/test_no_flow_through.c). Three times as many
 * panels fix both and cost the step 44 % more on the paper's scene.
 *
 * So the step keeps its panels, and only what a probe reads near a body
 * (tracers, dye, eddy_coupling_velocity) comes from a second outline of the
 * same shape cut three times finer (EDDY_PROBE_REFINE), solved once a step,
 * when a probe first needs it (coupling_probe.c), against the same flow: the
 * reduced flow at its midpoints, every other source (other bodies, wall
 * images, interior walls) as the Schwarz sweeps see it (eddyi_panel_velocity_near
 * close by, the panels' treecode farther off), the body's own motion. Its strengths are the
 * fine shape's pseudo-inverse applied to those fluxes, exactly as the step
 * solves its own; the tank's walls see it through the body's images, mirrored
 * as the step mirrors its panels (5.3.3). A body near a level's interior walls
 * keeps its run-time panels for probes too: the walls' sources (panel_walls.c)
 * are solved against those, and a finer sheet beside them would leak through
 * the wall. */
#include "panel.h"
#include "panel_lid.h"
#include "panel_walls.h"

#include <math.h>

/* One fine panel placed in the fluid's frame for the body's pose. */
static void place(const eddy_panel_body_state *st, const double *local, double *out)
{
    double c = cos(st->angle), s = sin(st->angle);
    for (int e = 0; e < 2; ++e) {
        double x = local[2 * e], y = local[2 * e + 1];
        out[2 * e] = st->x + c * x - s * y;
        out[2 * e + 1] = st->y + s * x + c * y;
    }
}

void eddyi_panel_probe_midpoints(const eddy_panel_world *w, int body,
                                const eddy_panel_shape *fine, double *xy)
{
    const eddy_panel_body_state *st = &w->bodies[body].state;
    for (int j = 0; j < fine->count; ++j) {
        double e[4];
        place(st, &fine->ends[4 * j], e);
        xy[2 * j] = 0.5 * (e[0] + e[2]);
        xy[2 * j + 1] = 0.5 * (e[1] + e[3]);
    }
}

void eddyi_panel_probe_strengths(const eddy_panel_world *w, int body,
                                const eddy_panel_shape *fine, const double *uf, double *b,
                                double *gamma)
{
    const eddy_panel_body_state *st = &w->bodies[body].state;
    double c = cos(st->angle), s = sin(st->angle);
    for (int j = 0; j < fine->count; ++j) {
        double e[4];
        place(st, &fine->ends[4 * j], e);
        double x = 0.5 * (e[0] + e[2]), y = 0.5 * (e[1] + e[3]);
        double nx = c * fine->normal[2 * j] - s * fine->normal[2 * j + 1];
        double ny = s * fine->normal[2 * j] + c * fine->normal[2 * j + 1];
        double u = uf[2 * j] - (st->vx - st->omega * (y - st->y));
        double v = uf[2 * j + 1] - (st->vy + st->omega * (x - st->x));
        double walls[2] = {0.0, 0.0};
        eddyi_wall_state_velocity(w->walls, x, y, walls);
        b[j] = fine->length[j] * ((u + walls[0]) * nx + (v + walls[1]) * ny);
    }
    if (eddyi_panel_lid_probe_solve(w, body, fine, b, gamma)) return; /* panel_lid.h */
    for (int i = 0; i < fine->count; ++i) {
        const double *row = &fine->pinv[(size_t)i * fine->rows];
        double sum = 0.0;
        for (int j = 0; j < fine->count; ++j) sum += row[j] * b[j];
        gamma[i] = sum;
    }
}

/* The fine sheet, mirrored as wall image k of the body is (mirror 0: the body
 * itself), its velocity at (x, y) added to uv with the image's sign; less
 * the run-time panels of that copy. */
static void copy_difference(const eddy_panel_world *w, int body, const eddy_panel_shape *fine,
                            const double *gamma, int k, double x, double y, double uv[2])
{
    const eddy_panel_world_body *pb = &w->bodies[body];
    int mirror = k < 0 ? 0 : pb->image_mirror[k], first = k < 0 ? pb->first : pb->image_first[k];
    double sign = k < 0 ? 1.0 : pb->image_sign[k];
    double wx = k < 0 ? 0.0 : 0.5 * (pb->image_origin[k][0] + pb->state.x);
    double wy = k < 0 ? 0.0 : 0.5 * (pb->image_origin[k][1] + pb->state.y);
    for (int j = 0; j < fine->count; ++j) {
        double e[4], q[2];
        place(&pb->state, &fine->ends[4 * j], e);
        for (int c = 0; c < 2; ++c) {
            if (mirror & 1) e[2 * c] = 2.0 * wx - e[2 * c];
            if (mirror & 2) e[2 * c + 1] = 2.0 * wy - e[2 * c + 1];
        }
        eddyi_panel_velocity(e[0], e[1], e[2], e[3], sign * gamma[j], x, y, q);
        uv[0] += q[0], uv[1] += q[1];
    }
    for (int i = first; i < first + pb->shape->count; ++i) {
        const double *e = &w->src[4 * i];
        double q[2];
        eddyi_panel_velocity(e[0], e[1], e[2], e[3], w->strength[i], x, y, q);
        uv[0] -= q[0], uv[1] -= q[1];
    }
}

void eddyi_panel_probe_difference(const eddy_panel_world *w, int body,
                                 const eddy_panel_shape *fine, const double *gamma, double x,
                                 double y, double out_uv[2])
{
    out_uv[0] = out_uv[1] = 0.0;
    copy_difference(w, body, fine, gamma, -1, x, y, out_uv);
    /* the tank's walls see it too, through the body's images; the two sheets
     * differ only within a couple of panel lengths of a copy's outline (where
     * eddyi_panel_probe_weight stops reading them for the body itself), so
     * images farther from the point are left out */
    const eddy_panel_world_body *pb = &w->bodies[body];
    double reach = 0.0;
    for (int i = 0; i < pb->shape->count; ++i) reach = fmax(reach, pb->shape->length[i]);
    for (int k = 0; k < pb->image_count; ++k) {
        double gap = hypot(x - pb->image_origin[k][0], y - pb->image_origin[k][1]) -
                     pb->shape->radius;
        if (gap < 2.0 * reach) copy_difference(w, body, fine, gamma, k, x, y, out_uv);
    }
}

double eddyi_panel_probe_weight(const eddy_panel_world *w, int body, double x, double y)
{
    const eddy_panel_world_body *pb = &w->bodies[body];
    /* interior walls' sources are solved against the run-time panels: near
     * them the finer sheet would leak through the wall */
    if (eddyi_wall_state_near_body(w->walls, body)) return 0.0;
    double reach = 0.0;
    for (int i = 0; i < pb->shape->count; ++i) reach = fmax(reach, pb->shape->length[i]);
    double gap = hypot(x - pb->state.x, y - pb->state.y) - pb->shape->radius;
    if (gap <= reach) return 1.0;
    if (gap >= 2.0 * reach) return 0.0;
    return 2.0 - gap / reach;
}
