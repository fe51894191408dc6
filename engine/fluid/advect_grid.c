// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* advect_grid.c - the reduced advection A(r) v (5.8) evaluated through the
 * MAC grid, so that a level needs no r^3 tensor (issue 23).
 *
 * THE IDENTITY. The stored tensor of a walled level is the quadrature
 *     C_ikj = -<b_k, (b_i . grad) b_j>_W                      (5.7)
 * with (u . grad) q the masked central-difference stencil of
 * engine/builder/domain_tensor.c and W the faces' trapezoid weights
 * (eddy_mac_weight), skew-symmetrised slot by slot. Contracting the velocity
 * slot with r and applying the result to v is therefore
 *     A(r) v = -(1/2) B^T (K - K^T) B v,   K = W (u_r . grad),  u_r = B r,
 * where B holds the modes on the grid (B^T W B = I). So: reconstruct u_r once
 * per step (freeze), and per product reconstruct B v, apply the stencil and
 * its transpose (O(N)), and project back. The numbers agree with the tensor
 * contraction to round-off (tests/test_advect_grid.c); only the order of the
 * sums differs.
 *
 * THE STENCIL is domain_tensor.c's, sample for sample: at an open u face
 * (i, j) (both cells fluid, not on the box)
 *     K q = w (u (q_E - q_W) / 2hx + v (q_N - q_S) / 2hy)
 * with u the face's own transport velocity and v the mean of the four v faces
 * around it; a neighbour across the box or inside the rock (both its cells
 * solid) is the face itself (the free-slip mirror), a neighbour on a wall (one
 * cell solid) holds the normal velocity there, zero. The v faces mirror it.
 * Closed faces carry nothing in any mode, so the operator lives on the open
 * faces; a closed neighbour reads a sentinel sample that stays zero.
 *
 * STREAM FUNCTIONS. A walled level's Laplacian eigenmodes are curls of stream
 * functions that vanish on the walls (asset_stream.c). B v for those modes is
 * the curl of Psi v, with Psi the stream functions at the nodes off the walls
 * (about half as many numbers as the two faces per cell), and B^T y is
 * Psi^T curl^T y. The two dense products with Psi are the whole cost:
 * 2 p m multiply-adds per product for p such modes on m nodes (island,
 * painted and POD modes are applied as face samples, 2 per mode and face).
 * Psi is stored node by node (p values per node) so that both products read
 * it once, in order: dot products to reconstruct, scaled additions into the
 * result to project. At 256 modes of the cave (64 x 40 cells) that is 4 MB,
 * held in the processor's cache across the products of a step, where the
 * packed tensor's 67 MB (tensor_packed.c) has to come from memory.
 *
 * THE BOUND. With Q = W^(1/2) B orthonormal, A(r) = -Q^T Y Q with
 * Y = W^(-1/2) (K - K^T) W^(-1/2) / 2 skew, so |A(r)|_2 <= |Y|_2 <= |Y|_inf,
 * and |Y|_inf is at most half the largest row plus column sum of
 * |W^(-1/2) K W^(-1/2)|: about the grid's CFL rate |u| / h. The Taylor series
 * (taylor.c) uses it for its substeps, as it uses |A(r)|_inf for a matrix:
 * every term then shrinks; and to stop as soon as the terms left are known
 * to be small, and to take small terms with the coarse product.
 *
 * SPEED. The two dense products run in the widest vectors the processor has
 * with the same bits on every one (stream_products.c); the coarse product
 * (eddyi_advect_grid_apply_coarse) does them in single precision on a float
 * copy of Psi (stream_products_f32.c), in about half the time. */
#include "advect_grid.h"
#include "domain.h"
#include "stream_products.h"

#include <math.h>
#include <string.h>

struct eddy_advect_grid {
    eddy_mac mac;
    int n;              /* face samples; index n is the zero sentinel */
    int r, p, fm;       /* modes; of them with stream functions; face-sampled ones */
    int m;              /* nodes with stream values */
    int *node;          /* m: node index */
    double *psi;        /* m x p, node by node, scaled: the modes' stream functions */
    int open;           /* open faces */
    int *face;          /* open: sample index */
    int *nb;            /* 4 per open face: west, east, south, north sample (or n) */
    int *across;        /* 4 per open face: the transverse faces averaged (or n) */
    int *ends;          /* 2 per open face: nodes a, b of the curl q = (psi_a - psi_b) k */
    double *k;          /* open: 1 / hy for u faces, -1 / hx for v faces */
    int *gather;        /* 4 per stream node: faces u(i, j-1), u(i, j), v(i-1, j), v(i, j)
                           (or n + 1, a sample that stays zero) */
    int *node_row;      /* ny + 2: stream nodes of node row j are node_row[j].. */
    int *u_row, *v_row; /* ny + 2: open u (v) faces of face row j are u_row[j].. */
    double *faces;      /* fm x open: the face-sampled modes on the open faces */
    double *isw;        /* n + 1: 1 / sqrt(w) per sample (0 for the sentinel) */
    double half_x, half_y; /* 1 / 2hx, 1 / 2hy */
    double *w;          /* open: quadrature weight */
    /* per step */
    double *cx, *cy;    /* open: w u / 2hx, w v / 2hy of the frozen u_r */
    double *frozen;     /* r: the coefficients of u_r */
    bool q_frozen;      /* q holds u_r (until the next product overwrites it) */
    /* scratch */
    double *node_psi;   /* (nx+1)(ny+1): a reconstructed stream function */
    double *q, *y;      /* n + 2 samples each */
    double *g;          /* m: curl^T y at the stream nodes */
    double *sums;       /* m: a reconstructed stream function, node by node */
    float *psi_f;       /* m x p: psi rounded to single precision, for coarse products */
    float *x_f, *out_f; /* p each: a coarse product's input and projection */
    eddy_stream_kernels kern; /* the dense products with Psi (stream_products.c) */
    double *col;        /* n + 1: column sums for the bound */
};

void eddyi_advect_grid_destroy(eddy_advect_grid *op)
{
    if (!op) return;
    eddy_free(op->node), eddy_free(op->psi), eddy_free(op->face), eddy_free(op->nb);
    eddy_free(op->across), eddy_free(op->ends), eddy_free(op->k), eddy_free(op->gather);
    eddy_free(op->faces), eddy_free(op->isw), eddy_free(op->w), eddy_free(op->cx);
    eddy_free(op->cy), eddy_free(op->node_psi), eddy_free(op->q), eddy_free(op->y);
    eddy_free(op->frozen);
    eddy_free(op->g), eddy_free(op->sums), eddy_free(op->col);
    eddy_free(op->psi_f), eddy_free(op->x_f), eddy_free(op->out_f), eddy_free(op->node_row), eddy_free(op->u_row);
    eddy_free(op->v_row);
    eddy_free(op);
}

/* ------------------------------------------------------------ set-up */

static bool solid_cell(const eddy_mac *g, const uint8_t *solid, int i, int j)
{
    return i < 0 || j < 0 || i >= g->nx || j >= g->ny || solid[eddy_cell(g, i, j)];
}

/* A sample that can carry flow: not on the box, no solid cell beside it. */
static bool open_u(const eddy_mac *g, const uint8_t *solid, int i, int j)
{
    return i > 0 && i < g->nx && j >= 0 && j < g->ny && !solid_cell(g, solid, i - 1, j) &&
           !solid_cell(g, solid, i, j);
}

static bool open_v(const eddy_mac *g, const uint8_t *solid, int i, int j)
{
    return j > 0 && j < g->ny && i >= 0 && i < g->nx && !solid_cell(g, solid, i, j - 1) &&
           !solid_cell(g, solid, i, j);
}

/* The u sample (i, j) if it is open, else the sentinel. */
static int u_or_zero(const eddy_advect_grid *op, const uint8_t *solid, int i, int j)
{
    return open_u(&op->mac, solid, i, j) ? eddy_mac_u(&op->mac, i, j) : op->n;
}

static int v_or_zero(const eddy_advect_grid *op, const uint8_t *solid, int i, int j)
{
    return open_v(&op->mac, solid, i, j) ? eddy_mac_v(&op->mac, i, j) : op->n;
}

/* One open u face (i, j): its stencil as domain_tensor.c builds it. */
static void add_u_face(eddy_advect_grid *op, const uint8_t *solid, int i, int j)
{
    const eddy_mac *g = &op->mac;
    int c = op->open++, f = eddy_mac_u(g, i, j);
    bool south = j - 1 < 0 || (solid_cell(g, solid, i - 1, j - 1) && solid_cell(g, solid, i, j - 1));
    bool north = j + 1 >= g->ny || (solid_cell(g, solid, i - 1, j + 1) && solid_cell(g, solid, i, j + 1));
    op->face[c] = f;
    int *nb = &op->nb[4 * c];
    nb[0] = u_or_zero(op, solid, i - 1, j), nb[1] = u_or_zero(op, solid, i + 1, j);
    nb[2] = south ? f : u_or_zero(op, solid, i, j - 1);
    nb[3] = north ? f : u_or_zero(op, solid, i, j + 1);
    int *ac = &op->across[4 * c];
    ac[0] = v_or_zero(op, solid, i - 1, j), ac[1] = v_or_zero(op, solid, i, j);
    ac[2] = v_or_zero(op, solid, i - 1, j + 1), ac[3] = v_or_zero(op, solid, i, j + 1);
    op->ends[2 * c] = eddy_node(g, i, j + 1), op->ends[2 * c + 1] = eddy_node(g, i, j);
    op->k[c] = 1.0 / g->hy;
}

static void add_v_face(eddy_advect_grid *op, const uint8_t *solid, int i, int j)
{
    const eddy_mac *g = &op->mac;
    int c = op->open++, f = eddy_mac_v(g, i, j);
    bool west = i - 1 < 0 || (solid_cell(g, solid, i - 1, j - 1) && solid_cell(g, solid, i - 1, j));
    bool east = i + 1 >= g->nx || (solid_cell(g, solid, i + 1, j - 1) && solid_cell(g, solid, i + 1, j));
    op->face[c] = f;
    int *nb = &op->nb[4 * c];
    nb[0] = west ? f : v_or_zero(op, solid, i - 1, j);
    nb[1] = east ? f : v_or_zero(op, solid, i + 1, j);
    nb[2] = v_or_zero(op, solid, i, j - 1), nb[3] = v_or_zero(op, solid, i, j + 1);
    int *ac = &op->across[4 * c];
    ac[0] = u_or_zero(op, solid, i, j - 1), ac[1] = u_or_zero(op, solid, i + 1, j - 1);
    ac[2] = u_or_zero(op, solid, i, j), ac[3] = u_or_zero(op, solid, i + 1, j);
    op->ends[2 * c] = eddy_node(g, i + 1, j), op->ends[2 * c + 1] = eddy_node(g, i, j);
    op->k[c] = -1.0 / g->hx;
}

static bool alloc_all(eddy_advect_grid *op)
{
    size_t n = (size_t)op->n, m = (size_t)op->m, nodes = (size_t)(op->mac.nx + 1) * (size_t)(op->mac.ny + 1);
    size_t p = (size_t)op->p, fm = (size_t)op->fm;
    op->node = eddy_alloc((m ? m : 1) * sizeof *op->node);
    op->psi = eddy_alloc((m * p > 0 ? m * p : 1) * sizeof *op->psi);
    op->face = eddy_alloc(n * sizeof *op->face);
    op->nb = eddy_alloc(4 * n * sizeof *op->nb);
    op->across = eddy_alloc(4 * n * sizeof *op->across);
    op->ends = eddy_alloc(2 * n * sizeof *op->ends);
    op->k = eddy_alloc(n * sizeof *op->k);
    op->gather = eddy_alloc((m > 0 ? 4 * m : 1) * sizeof *op->gather);
    op->faces = eddy_alloc((fm * n > 0 ? fm * n : 1) * sizeof *op->faces);
    op->isw = eddy_calloc(n + 1, sizeof *op->isw);
    op->w = eddy_alloc(n * sizeof *op->w);
    op->cx = eddy_alloc(n * sizeof *op->cx);
    op->cy = eddy_alloc(n * sizeof *op->cy);
    op->frozen = eddy_alloc((size_t)op->r * sizeof *op->frozen);
    op->node_psi = eddy_calloc(nodes, sizeof *op->node_psi);
    op->q = eddy_calloc(n + 2, sizeof *op->q);
    op->y = eddy_calloc(n + 2, sizeof *op->y);
    size_t rows = (size_t)op->mac.ny + 2;
    op->node_row = eddy_alloc(rows * sizeof *op->node_row);
    op->u_row = eddy_alloc(rows * sizeof *op->u_row);
    op->v_row = eddy_alloc(rows * sizeof *op->v_row);
    op->g = eddy_alloc((m ? m : 1) * sizeof *op->g);
    op->sums = eddy_alloc((m ? m : 1) * sizeof *op->sums);
    op->psi_f = eddy_alloc((m * p > 0 ? m * p : 1) * sizeof *op->psi_f);
    op->x_f = eddy_alloc((p ? p : 1) * sizeof *op->x_f);
    op->out_f = eddy_alloc((p ? p : 1) * sizeof *op->out_f);
    op->col = eddy_calloc(n + 1, sizeof *op->col);
    return op->node && op->psi && op->face && op->nb && op->across && op->ends && op->k &&
           op->gather && op->faces && op->isw && op->w && op->cx && op->cy && op->node_psi &&
           op->q && op->y && op->g && op->sums && op->psi_f && op->x_f && op->out_f && op->col && op->node_row && op->u_row && op->v_row &&
           op->frozen;
}

/* The stream functions node by node, scaled (asset_stream.c stores them
 * mode by mode and unscaled, as the builder made them). */
static void copy_stream(eddy_advect_grid *op, const eddy_asset *a)
{
    const eddy_mac *g = &op->mac;
    size_t p = (size_t)op->p, m = (size_t)op->m;
    for (size_t q = 0; q < m; ++q) {
        int node = a->stream_node[q], i = node % (g->nx + 1), j = node / (g->nx + 1);
        op->node[q] = node;
        for (size_t k = 0; k < p; ++k)
            op->psi[q * p + k] = a->stream[k * m + q] * a->stream_scale[k];
        for (size_t k = 0; k < p; ++k) op->psi_f[q * p + k] = (float)op->psi[q * p + k];
        int *ga = &op->gather[4 * q];
        ga[0] = u_or_zero(op, a->solid, i, j - 1), ga[1] = u_or_zero(op, a->solid, i, j);
        ga[2] = v_or_zero(op, a->solid, i - 1, j), ga[3] = v_or_zero(op, a->solid, i, j);
        for (int k = 0; k < 4; ++k)
            if (ga[k] == op->n) ga[k] = op->n + 1;
    }
    for (int j = 0, q = 0; j <= g->ny + 1; ++j) {
        while (q < op->m && op->node[q] < j * (g->nx + 1)) ++q;
        op->node_row[j] = q;
    }
}

/* Where each face row starts in the open-face list (u faces by row, then v
 * faces by row, as they were added). */
static void face_rows(eddy_advect_grid *op)
{
    const eddy_mac *g = &op->mac;
    int nu = eddy_mac_u_count(g), c = 0;
    for (int j = 0; j <= g->ny + 1; ++j) {
        while (c < op->open && op->face[c] < nu && op->face[c] / (g->nx + 1) < j) ++c;
        op->u_row[j] = c;
    }
    for (int j = 0; j <= g->ny + 1; ++j) {
        while (c < op->open && (op->face[c] < nu || (op->face[c] - nu) / g->nx < j)) ++c;
        op->v_row[j] = c;
    }
}

eddy_result eddyi_advect_grid_create(const eddy_asset *a, eddy_advect_grid **out, eddy_error *err)
{
    *out = NULL;
    if (a->eigen_count != 0 || !a->solid || a->grid_count != a->mode_count)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "advection on the grid needs a level with walls "
                         "(a basis of grid modes); this asset has %d box eigenmodes",
                         a->eigen_count);
    eddy_advect_grid *op = eddy_calloc(1, sizeof *op);
    if (!op) return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the grid advection");
    op->mac = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    const eddy_mac *g = &op->mac;
    op->n = eddy_mac_size(g);
    op->r = a->mode_count, op->p = a->stream_count, op->fm = op->r - op->p;
    op->m = a->stream_nodes;
    op->half_x = 0.5 / g->hx, op->half_y = 0.5 / g->hy;
    op->kern = eddyi_stream_kernels_best();
    if (!alloc_all(op)) {
        eddyi_advect_grid_destroy(op);
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for the grid advection of %d modes",
                         a->mode_count);
    }
    for (int j = 0; j < g->ny; ++j)
        for (int i = 1; i < g->nx; ++i)
            if (open_u(g, a->solid, i, j)) add_u_face(op, a->solid, i, j);
    for (int j = 1; j < g->ny; ++j)
        for (int i = 0; i < g->nx; ++i)
            if (open_v(g, a->solid, i, j)) add_v_face(op, a->solid, i, j);
    for (int c = 0; c < op->open; ++c) {
        op->w[c] = eddy_mac_weight(g, op->face[c]);
        op->isw[op->face[c]] = 1.0 / sqrt(op->w[c]);
    }
    copy_stream(op, a);
    face_rows(op);
    size_t n = (size_t)op->n, open = (size_t)op->open;
    for (int k = 0; k < op->fm; ++k) {
        const double *f = a->grid_modes + (size_t)(op->p + k) * n;
        for (size_t c = 0; c < open; ++c) op->faces[(size_t)k * open + c] = f[op->face[c]];
    }
    *out = op;
    return EDDY_OK;
}

/* ------------------------------------------------------------ products */

/* The stream function sum_k Psi[node][k] x[k] at the stream nodes of node
 * row j (into node_psi). */
static void reconstruct_row(eddy_advect_grid *op, const double *x, int j, bool coarse)
{
    size_t p = (size_t)op->p;
    int from = op->node_row[j], to = op->node_row[j + 1];
    if (coarse)
        op->kern.dots_f32(op->psi_f + (size_t)from * p, p, to - from, op->x_f, op->sums + from);
    else
        op->kern.dots(op->psi + (size_t)from * p, p, to - from, x, op->sums + from);
    for (int node = from; node < to; ++node) op->node_psi[op->node[node]] = op->sums[node];
}

/* q = curl psi + the face-sampled modes at the open faces [from, to). */
static void face_values(eddy_advect_grid *op, const double *x, double *q, int from, int to)
{
    size_t open = (size_t)op->open;
    const double *xf = x + op->p;
    for (int c = from; c < to; ++c) {
        const int *e = &op->ends[2 * c];
        double value = (op->node_psi[e[0]] - op->node_psi[e[1]]) * op->k[c];
        for (int k = 0; k < op->fm; ++k) value += xf[k] * op->faces[(size_t)k * open + (size_t)c];
        q[op->face[c]] = value;
    }
}

/* y += (K - K^T) q for the stencils centred on the open faces [from, to). */
static void stencil(const eddy_advect_grid *op, const double *q, double *y, int from, int to)
{
    for (int c = from; c < to; ++c) {
        int f = op->face[c];
        const int *nb = &op->nb[4 * c];
        double cx = op->cx[c], cy = op->cy[c], qf = q[f];
        y[f] += cx * (q[nb[1]] - q[nb[0]]) + cy * (q[nb[3]] - q[nb[2]]);
        y[nb[1]] -= cx * qf, y[nb[0]] += cx * qf;
        y[nb[3]] -= cy * qf, y[nb[2]] += cy * qf;
    }
}

/* out[k] += sum over the stream nodes of node row j of Psi[node][k] g[node],
 * g = curl^T y. */
static void project_row(eddy_advect_grid *op, const double *y, double *out, int j, bool coarse)
{
    size_t p = (size_t)op->p;
    double ihx = 1.0 / op->mac.hx, ihy = 1.0 / op->mac.hy;
    int from = op->node_row[j], to = op->node_row[j + 1];
    for (int node = from; node < to; ++node) {
        const int *ga = &op->gather[4 * node];
        op->g[node] = (y[ga[0]] - y[ga[1]]) * ihy + (y[ga[3]] - y[ga[2]]) * ihx;
    }
    if (coarse)
        op->kern.spread_f32(op->psi_f + (size_t)from * p, p, to - from, op->g + from, op->out_f);
    else
        op->kern.spread(op->psi + (size_t)from * p, p, to - from, op->g + from, out);
}

double eddyi_advect_grid_freeze(eddy_advect_grid *op, const double *coef)
{
    double *vel = op->q; /* u_r is also the first Taylor term's B x: kept in q */
    for (int j = 0; j <= op->mac.ny; ++j) reconstruct_row(op, coef, j, false);
    face_values(op, coef, vel, 0, op->open);
    memcpy(op->frozen, coef, (size_t)op->r * sizeof *coef);
    op->q_frozen = true;
    double worst = 0.0;
    memset(op->col, 0, ((size_t)op->n + 1) * sizeof *op->col);
    const double *isw = op->isw;
    for (int c = 0; c < op->open; ++c) {
        int f = op->face[c];
        const int *ac = &op->across[4 * c];
        double across = 0.25 * (vel[ac[0]] + vel[ac[1]] + vel[ac[2]] + vel[ac[3]]);
        bool is_u = op->k[c] > 0.0;
        double ux = is_u ? vel[f] : across, vy = is_u ? across : vel[f];
        op->cx[c] = op->w[c] * ux * op->half_x;
        op->cy[c] = op->w[c] * vy * op->half_y;
        /* |W^-1/2 K W^-1/2|: row f, and columns of its neighbours */
        const int *nb = &op->nb[4 * c];
        double ax = fabs(op->cx[c]) * isw[f], ay = fabs(op->cy[c]) * isw[f];
        double row = ax * (isw[nb[0]] + isw[nb[1]]) + ay * (isw[nb[2]] + isw[nb[3]]);
        op->col[nb[0]] += ax * isw[nb[0]], op->col[nb[1]] += ax * isw[nb[1]];
        op->col[nb[2]] += ay * isw[nb[2]], op->col[nb[3]] += ay * isw[nb[3]];
        op->col[f] += row; /* the row sum, kept with the columns */
    }
    for (int c = 0; c < op->open; ++c) {
        double sum = op->col[op->face[c]];
        if (!(sum <= worst)) worst = sum; /* a NaN wins */
    }
    return 0.5 * worst;
}

/* One product in a single sweep up the node rows, so that each row of Psi
 * is read from memory once and again from cache a few rows later: at sweep
 * step J, node row J is reconstructed; the faces whose curl it completes
 * (u faces of row J-1, v faces of row J) get their values; the stencils
 * whose neighbours all have values (u faces of row J-2, v faces of row J-1)
 * are applied; and node row J-3, all of whose faces now hold their final y,
 * is projected. The first product of a step is usually of u_r's own
 * coefficients (the Taylor series starts from r): then q holds B x already. */
/* The face-sampled mode k (an island's circulation, a painted mode) against
 * y on the open faces: four running sums, added in a fixed order, so that
 * the additions do not wait on one another. */
static double face_mode_dot(const eddy_advect_grid *op, int k, const double *y)
{
    size_t open = (size_t)op->open, c = 0;
    const double *f = op->faces + (size_t)k * open;
    const int *face = op->face;
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    for (; c + 3 < open; c += 4) {
        s0 += f[c] * y[face[c]], s1 += f[c + 1] * y[face[c + 1]];
        s2 += f[c + 2] * y[face[c + 2]], s3 += f[c + 3] * y[face[c + 3]];
    }
    for (; c < open; ++c) s0 += f[c] * y[face[c]];
    return (s0 + s1) + (s2 + s3);
}

static void product(eddy_advect_grid *op, const double *x, double *out, bool coarse)
{
    double *q = op->q, *y = op->y;
    int ny = op->mac.ny;
    size_t p = (size_t)op->p;
    bool known = op->q_frozen && memcmp(x, op->frozen, (size_t)op->r * sizeof *x) == 0;
    op->q_frozen = false;
    memset(out, 0, p * sizeof *out);
    if (coarse) {
        for (size_t k = 0; k < p; ++k) op->x_f[k] = (float)x[k];
        memset(op->out_f, 0, p * sizeof *op->out_f);
    }
    for (int J = 0; J <= ny + 3; ++J) {
        if (J <= ny && !known) reconstruct_row(op, x, J, coarse);
        int u_new = J - 1, v_new = J, u_done = J - 2, v_done = J - 1;
        if (u_new >= 0 && u_new <= ny) {
            int a = op->u_row[u_new], b = op->u_row[u_new + 1];
            if (!known) face_values(op, x, q, a, b);
            for (int c = a; c < b; ++c) y[op->face[c]] = 0.0;
        }
        if (v_new <= ny) {
            int a = op->v_row[v_new], b = op->v_row[v_new + 1];
            if (!known) face_values(op, x, q, a, b);
            for (int c = a; c < b; ++c) y[op->face[c]] = 0.0;
        }
        if (u_done >= 0 && u_done <= ny) stencil(op, q, y, op->u_row[u_done], op->u_row[u_done + 1]);
        if (v_done >= 0 && v_done <= ny) stencil(op, q, y, op->v_row[v_done], op->v_row[v_done + 1]);
        if (J - 3 >= 0 && J - 3 <= ny) project_row(op, y, out, J - 3, coarse);
    }
    if (coarse)
        for (size_t k = 0; k < p; ++k) out[k] = op->out_f[k];
    for (size_t k = 0; k < p; ++k) out[k] *= -0.5;
    for (int k = 0; k < op->fm; ++k) out[op->p + k] = -0.5 * face_mode_dot(op, k, y);
}

void eddyi_advect_grid_apply(void *ctx, const double *x, double *out)
{
    product(ctx, x, out, false);
}

/* The same product with the stream-function modes' two dense products in
 * single precision (stream_products_f32.c): psi rounded to float, x and the
 * projection's sums too; the stencil, the face-sampled modes and everything
 * else as in the exact product. */
void eddyi_advect_grid_apply_coarse(void *ctx, const double *x, double *out)
{
    product(ctx, x, out, true);
}
