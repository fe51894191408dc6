/* feedback_grid.c - feedback of the panels' field into the reduced fluid
 * (5.3.4), the two grid variants of the chapter plus the dispatch:
 *
 *   naive     u_p (5.18) evaluated at every MAC sample, projected with the
 *             grid's quadrature weights: r += B^T W u_p;
 *   quadtree  the same field, but a panel's velocity is evaluated once at the
 *             centre of a quadtree node and used for the whole node when the
 *             precomputed error of doing so (5.19) times the panel's strength
 *             is below a threshold; else the tree is descended;
 *   exact     the vortex-sheet line integrals of panel_feedback_exact.c.
 *
 * The quadtree keeps each node's constant velocity in the node and pushes the
 * sums down to the samples once at the end, so a panel costs one evaluation
 * per node it uses instead of one addition per sample the node covers. */
#include "coupling_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LEAF_CELLS 4 /* leaves hold at most 4 x 4 cells (the chapter's choice) */
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
static void build_tree(eddy_grid_feedback *g)
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

static int child_count(const eddy_grid_feedback *g, int n)
{
    int first = g->nodes[n].child, k = 0;
    if (first < 0) return 0;
    while (first + k < g->node_count && g->nodes[first + k].parent == n) ++k;
    return k;
}

/* ------------------------------------------------------------ 5.19 table */

/* Largest node extent at each level (levels of uneven splits differ a little). */
static void level_extent(const eddy_grid_feedback *g, int level, double *sx, double *sy)
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
    eddy_panel_velocity(-hx, -hy, hx, hy, 1.0, cx, cy, uc);
    for (int a = 0; a < TABLE_POINTS; ++a)
        for (int b = 0; b < TABLE_POINTS; ++b) {
            double x = cx + sx * ((double)a / (TABLE_POINTS - 1) - 0.5);
            double y = cy + sy * ((double)b / (TABLE_POINTS - 1) - 0.5);
            eddy_panel_velocity(-hx, -hy, hx, hy, 1.0, x, y, us);
            worst = fmax(worst, hypot(us[0] - uc[0], us[1] - uc[1]));
        }
    return worst;
}

/* table[level][bin]: the error of 5.19 for a unit panel whose midpoint is
 * bin * bin_width from the node centre, maximised over directions and panel
 * orientations, then made non-increasing in distance so that the value at a
 * bin's near edge bounds the whole bin. Too close to tell: infinity. */
static void fill_error_table(eddy_grid_feedback *g, double panel_length)
{
    for (int l = 0; l < g->levels; ++l) {
        double sx, sy;
        level_extent(g, l, &sx, &sy);
        double reach = 0.5 * hypot(sx, sy) + 0.5 * panel_length + g->bin_width;
        double *row = g->table + (size_t)l * (size_t)g->bins;
        for (int b = 0; b < g->bins; ++b) {
            double d = b * g->bin_width, worst = 0;
            if (d <= reach) {
                row[b] = INFINITY;
                continue;
            }
            for (int a = 0; a < TABLE_DIRECTIONS; ++a) {
                double phi = 2 * M_PI * a / TABLE_DIRECTIONS;
                for (int o = 0; o < TABLE_ORIENTATIONS; ++o)
                    worst = fmax(worst, node_deviation(panel_length, M_PI * o / TABLE_ORIENTATIONS,
                                                       d * cos(phi), d * sin(phi), sx, sy));
            }
            row[b] = worst;
        }
        for (int b = g->bins - 2; b >= 0; --b) row[b] = fmax(row[b], row[b + 1]);
    }
}

/* ------------------------------------------------------------ set-up */

void eddy_grid_feedback_free(eddy_grid_feedback *g)
{
    free(g->phi_weighted), free(g->field), free(g->xy);
    free(g->nodes), free(g->node_uv), free(g->node_used), free(g->stack), free(g->table);
    memset(g, 0, sizeof *g);
}

static void sample_basis(eddy_grid_feedback *g, const eddy_asset *a)
{
    double *column = g->field; /* scratch */
    for (int k = 0; k < g->modes; ++k) {
        eddy_box_sample_mode(&a->modes[k], &g->mac, column);
        double *row = g->phi_weighted + (size_t)k * (size_t)g->samples;
        for (int s = 0; s < g->samples; ++s) row[s] = eddy_mac_weight(&g->mac, s) * column[s];
    }
    for (int s = 0; s < g->samples; ++s) eddy_mac_position(&g->mac, s, &g->xy[2 * s], &g->xy[2 * s + 1]);
}

eddy_result eddy_grid_feedback_init(eddy_grid_feedback *g, const eddy_coupling *c, eddy_error *err)
{
    if (g->ready) return EDDY_OK;
    const eddy_asset *a = c->asset;
    g->mac = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    g->samples = eddy_mac_size(&g->mac);
    g->modes = a->eigen_count;
    g->node_count = count_nodes(0, 0, a->nx, a->ny);
    g->bin_width = fmin(g->mac.hx, g->mac.hy);
    g->bins = (int)ceil(hypot(a->width, a->height) / g->bin_width) + 2;
    g->phi_weighted = malloc((size_t)g->modes * (size_t)g->samples * sizeof(double));
    g->field = calloc((size_t)g->samples, sizeof(double));
    g->xy = malloc(2 * (size_t)g->samples * sizeof(double));
    g->nodes = calloc((size_t)g->node_count, sizeof *g->nodes);
    g->node_uv = calloc(2 * (size_t)g->node_count, sizeof(double));
    g->node_used = calloc((size_t)g->node_count, sizeof(bool));
    g->stack = malloc((size_t)g->node_count * sizeof(int));
    if (!g->phi_weighted || !g->field || !g->xy || !g->nodes || !g->node_uv || !g->node_used ||
        !g->stack) {
        eddy_grid_feedback_free(g);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for grid feedback");
    }
    build_tree(g);
    g->table = malloc((size_t)g->levels * (size_t)g->bins * sizeof(double));
    if (!g->table) {
        eddy_grid_feedback_free(g);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the quadtree error table");
    }
    sample_basis(g, a);
    fill_error_table(g, c->desc.panel_spacing);
    g->ready = true;
    return EDDY_OK;
}

/* ------------------------------------------------------------ fields */

void eddy_grid_feedback_naive_field(eddy_grid_feedback *g, const eddy_panel_world *w)
{
    for (int s = 0; s < g->samples; ++s) {
        double uv[2];
        eddy_panel_world_velocity(w, g->xy[2 * s], g->xy[2 * s + 1], uv);
        g->field[s] = s < eddy_mac_u_count(&g->mac) ? uv[0] : uv[1];
    }
}

/* Table look-up for a node at distance d: beyond the table the error of a
 * panel's near-uniform far field falls like 1 / d^2. */
static double table_error(const eddy_grid_feedback *g, int level, double d)
{
    const double *row = g->table + (size_t)level * (size_t)g->bins;
    int b = (int)(d / g->bin_width);
    if (b < g->bins) return row[b];
    double edge = (g->bins - 1) * g->bin_width;
    return row[g->bins - 1] * (edge / d) * (edge / d);
}

/* Adds one panel's velocity to the samples of a leaf, exactly. */
static void leaf_exact(eddy_grid_feedback *g, const eddy_qt_node *q, const double *seg, double gamma)
{
    const eddy_mac *m = &g->mac;
    double uv[2];
    for (int j = q->j0; j < q->j1; ++j)
        for (int i = q->i0; i < q->i1; ++i) {
            int su = eddy_mac_u(m, i, j), sv = eddy_mac_v(m, i, j);
            eddy_panel_velocity(seg[0], seg[1], seg[2], seg[3], gamma, g->xy[2 * su],
                                g->xy[2 * su + 1], uv);
            g->field[su] += uv[0];
            eddy_panel_velocity(seg[0], seg[1], seg[2], seg[3], gamma, g->xy[2 * sv],
                                g->xy[2 * sv + 1], uv);
            g->field[sv] += uv[1];
        }
}

/* One panel through the tree (5.19): a node whose tabulated error, scaled by
 * the panel's strength and length, is under the threshold takes the panel's
 * velocity at its centre; otherwise its children are visited; a leaf that
 * still fails is evaluated sample by sample. Returns node evaluations. */
static int traverse_panel(eddy_grid_feedback *g, const double *seg, double gamma, double scale,
                          double threshold)
{
    double mx = 0.5 * (seg[0] + seg[2]), my = 0.5 * (seg[1] + seg[3]);
    int top = 0, evaluations = 0;
    g->stack[top++] = 0;
    while (top > 0) {
        int n = g->stack[--top];
        const eddy_qt_node *q = &g->nodes[n];
        double err = fabs(gamma) * scale * table_error(g, q->level, hypot(q->cx - mx, q->cy - my));
        if (err < threshold) {
            double uv[2];
            eddy_panel_velocity(seg[0], seg[1], seg[2], seg[3], gamma, q->cx, q->cy, uv);
            g->node_uv[2 * n] += uv[0];
            g->node_uv[2 * n + 1] += uv[1];
            g->node_used[n] = true;
            ++evaluations;
        } else if (q->child < 0) {
            leaf_exact(g, q, seg, gamma);
        } else {
            int kids = child_count(g, n);
            for (int k = 0; k < kids; ++k) g->stack[top++] = q->child + k;
        }
    }
    return evaluations;
}

/* Node constants flow down to the leaves, then onto their samples. */
static void push_down(eddy_grid_feedback *g)
{
    const eddy_mac *m = &g->mac;
    for (int n = 1; n < g->node_count; ++n) {
        int p = g->nodes[n].parent;
        g->node_uv[2 * n] += g->node_uv[2 * p];
        g->node_uv[2 * n + 1] += g->node_uv[2 * p + 1];
    }
    for (int n = 0; n < g->node_count; ++n) {
        const eddy_qt_node *q = &g->nodes[n];
        if (q->child >= 0) continue;
        for (int j = q->j0; j < q->j1; ++j)
            for (int i = q->i0; i < q->i1; ++i) {
                g->field[eddy_mac_u(m, i, j)] += g->node_uv[2 * n];
                g->field[eddy_mac_v(m, i, j)] += g->node_uv[2 * n + 1];
            }
    }
}

int eddy_grid_feedback_quadtree_field(eddy_grid_feedback *g, const eddy_panel_world *w,
                                      double threshold)
{
    memset(g->field, 0, (size_t)g->samples * sizeof(double));
    memset(g->node_uv, 0, 2 * (size_t)g->node_count * sizeof(double));
    memset(g->node_used, 0, (size_t)g->node_count * sizeof(bool));
    int evaluations = 0;
    double reference = fmin(g->mac.hx, g->mac.hy);
    for (int s = 0; s < w->source_count; ++s) {
        const double *seg = &w->src[4 * s];
        double len = hypot(seg[2] - seg[0], seg[3] - seg[1]);
        evaluations += traverse_panel(g, seg, w->strength[s], len / reference, threshold);
    }
    push_down(g);
    return evaluations;
}

void eddy_grid_feedback_project(const eddy_grid_feedback *g, int r, double *out)
{
    memset(out, 0, (size_t)r * sizeof(double));
    for (int k = 0; k < g->modes; ++k) {
        const double *row = g->phi_weighted + (size_t)k * (size_t)g->samples;
        double sum = 0;
        for (int s = 0; s < g->samples; ++s) sum += row[s] * g->field[s];
        out[k] = sum;
    }
}

void eddy_grid_feedback_draw(const eddy_grid_feedback *g, const eddy_debug_draw *d)
{
    if (!g->ready) return;
    for (int n = 0; n < g->node_count; ++n) {
        if (!g->node_used[n]) continue;
        const eddy_qt_node *q = &g->nodes[n];
        d->quadtree_node(d->user, q->i0 * g->mac.hx, q->j0 * g->mac.hy, q->i1 * g->mac.hx,
                         q->j1 * g->mac.hy, q->level);
    }
}

/* ------------------------------------------------------------ dispatch */

/* The feedback f may not create energy. Folding the panels' field into r is
 * what gives the fluid its memory of the bodies (5.3.4), but u_p includes the
 * flow a moving body induces around and inside itself, and adding it step
 * after step would pump energy into the fluid that no body paid for. So the
 * fluid may gain at most what the dynamic pressure took from the bodies this
 * step (coupling_forces.c): with E(a) = rho |r + a f|^2 / 2 we take the
 * largest a in [0, 1] with E(a) - E(0) <= budget. Feedback that removes energy
 * (bodies blocking a flow) always passes whole. */
static double energy_limited_scale(const eddy_coupling *c)
{
    const double *r = eddy_fluid_coefficients(c->fluid);
    double rf = 0, ff = 0;
    for (int k = 0; k < c->r; ++k) {
        rf += r[k] * c->reduced[k];
        ff += c->reduced[k] * c->reduced[k];
    }
    eddy_fluid_desc fd;
    eddy_fluid_get_desc(c->fluid, &fd);
    double allowed = 2.0 * c->energy_budget / fd.density; /* in units of |r|^2 */
    if (ff == 0.0 || 2.0 * rf + ff <= allowed) return 1.0;
    /* a^2 ff + 2 a rf - allowed = 0, the root in [0, 1) */
    double a = (-rf + sqrt(rf * rf + ff * allowed)) / ff;
    return a > 0.0 ? (a < 1.0 ? a : 1.0) : 0.0;
}

void eddy_coupling_apply_feedback(eddy_coupling *c)
{
    c->timings.quadtree_nodes = 0;
    switch (c->desc.feedback) {
    case EDDY_FEEDBACK_OFF:
        return;
    case EDDY_FEEDBACK_NAIVE:
        eddy_grid_feedback_naive_field(&c->grid, c->panels);
        eddy_grid_feedback_project(&c->grid, c->r, c->reduced);
        break;
    case EDDY_FEEDBACK_QUADTREE:
        c->timings.quadtree_nodes =
            eddy_grid_feedback_quadtree_field(&c->grid, c->panels, c->desc.quadtree_threshold);
        eddy_grid_feedback_project(&c->grid, c->r, c->reduced);
        break;
    default:
        memset(c->reduced, 0, (size_t)c->r * sizeof(double));
        eddy_panel_feedback_box(c->panels, c->asset->modes, c->asset->eigen_count, c->reduced);
        break;
    }
    c->feedback_scale = energy_limited_scale(c);
    for (int k = 0; k < c->r; ++k) c->reduced[k] *= c->feedback_scale;
    eddy_fluid_add_reduced(c->fluid, c->reduced, c->r);
}
