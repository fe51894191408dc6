// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* panel_fast.c - the fast path of the panel solve (5.16, 5.17 with a far
 * field, cached near field and warm start). What it does and why is at the
 * top of panel_fast.h; the multipole algebra is in panel_farfield.c.
 * Everything is sized at set-up; a solve allocates nothing. */
#include "panel_fast.h"
#include "panel_lid.h"
#include "panel_walls.h"
#include "simd.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FAST_PI 3.14159265358979323846
/* Cached near-field entries per real panel before blocks are evaluated on
 * the fly instead (a pile of many bodies touching each other). */
#define NEAR_PER_PANEL 256
/* Bodies a worker takes at least at a time (tasks.h): a body's far field or
 * near blocks cost a few microseconds, a hand-over about one. */
#define TASK_BODIES 8

/* One wall image or the real copy of a body's panels, as a far-field source. */
typedef struct far_group {
    double cx, cy, radius;
    int body;
    int copy;   /* -1 the real panels, else the body's image index */
    int mirror; /* 1: across an x wall, 2: across a y wall, 3: both */
    int lid;    /* real panels of a body solved with its lid image (panel_lid.h):
                   that image's index, folded into this group about (x, H)
                   (build_tree); else -1 */
} far_group;

typedef struct far_node {
    double cx, cy, radius;
    int left, right; /* children, -1 for a leaf */
    int end;         /* one past its subtree: nodes are numbered in preorder */
    int group;       /* leaf: its group */
    int p_need;      /* order some target asked for */
    int p;           /* order computed (>= p_need and the parent's) */
} far_node;

/* A far node some target body uses: through a local expansion about the
 * body origin (q >= 0: multipole order p, local order q), or evaluated at
 * each midpoint (q < 0: order p). */
typedef struct far_use {
    int node;
    short p, q;
    double change;  /* a change s = max_k |da_k| / R^(k-1) of the node's multipole moves
                       the field at the target's midpoints by at most s * change */
    double allow;   /* error allowed the use per unit of the node's absolute circulation */
    double skipped; /* bound on the changes of this use left out so far this step */
} far_use;

/* Bins of the table of local-expansion orders over the ratio 0..theta_local. */
#define ORDER_BINS 512

/* Near-field block: influence on target body t of source body j's near copies
 * (bit c + 1 of copies for image c, bit 0 for the real panels). */
typedef struct near_block {
    int body;
    unsigned copies;
    long offset; /* into near[], or -1: evaluated on the fly */
} near_block;

struct eddy_panel_fast {
    int max_bodies, max_groups, max_nodes;
    /* per body, set-up */
    long *q_off;       /* body-frame multipole matrix: EDDY_FAR_P_MAX x M complex */
    double *q;
    long q_used, q_cap;
    int max_m;
    /* per body, per step */
    double *rot;       /* EDDY_FAR_P_MAX complex per body: e^(i (k-1) theta) */
    int *block_first, *block_count;
    near_block *blocks;
    int block_cap, block_used;
    double *near;
    long near_cap, near_used;
    /* far-field tree, per step */
    far_group *groups;
    int group_count;
    far_node *nodes;
    int node_count;
    int *order;        /* group permutation while building */
    double *coef;      /* EDDY_FAR_P_MAX complex per node */
    int *near_list;    /* scratch: near groups of one target */
    far_use *uses;     /* per target body: the far nodes it uses (classification) */
    int *use_first, *use_count; /* use_count < 0: list overflowed, walk the tree */
    long use_cap, use_used;
    bool any_far;
    double theta, tol;
    double inv_theta;    /* 1 / theta */
    /* local expansions (panel_farfield.c): a node serves a target body through
       one when R_node + R_t <= theta_local D; orders from order_tab, built for
       (tol, theta_local) */
    double theta_local, order_limit, order_tab_tol;
    double order_scale;  /* ORDER_BINS / theta_local */
    double tol_2pi;      /* tol / (2 pi) */
    unsigned char order_tab[ORDER_BINS + 2];
    double binomials[EDDY_FAR_BINOMIALS];
    int workers;       /* eddyi_tasks_workers of the world's tasks */
    double *local;     /* per worker, 2 EDDY_FAR_P_MAX: one target's local expansion */
    int *target_evals; /* per body: far uses evaluated for it in the last pass */
    /* scratch */
    double *far;       /* per real panel: far-field normal flux times length */
    double *gamma_far; /* per real panel: the strengths far[] was evaluated with */
    double *gamma_prev;/* per real panel: the strengths of the solve before the last */
    double *gamma_best;/* per real panel: the iterate of the smallest change (work cap) */
    double *dgamma;    /* per real panel: strength change since then */
    double *node_scale;/* per node: max_k |a_k| / R^(k-1) of the pass's coefficients */
    double *node_abs;  /* per node: absolute circulation sum |gamma| A of its panels */
    double *tx, *ty, *tnx, *tny; /* per real panel: midpoint, normal times length */
    double *inv2pil;   /* per source: 1 / (2 pi length) */
    double *max_length;/* per body: its longest panel */
    double *acc;       /* max_m */
    double *gnew;      /* max_m */
    double *body_coef; /* EDDY_FAR_P_MAX complex per body: rotated Q gamma */
    int *body_p;       /* order of body_coef this pass */
    /* Anderson acceleration of the passes (accelerate): the last
       EDDY_SCHWARZ_DEPTH differences of the iterates' sweep outputs and of
       their changes, a ring of max_panels each, and the previous ones */
    double *aa_dg, *aa_df, *aa_g, *aa_f;
    int aa_count, aa_next;
    eddy_panel_fast_stats stats;
};

/* ------------------------------------------------------------ the kernel */

/* cos and sin of k * 15 degrees, k = 0..4. */
static const double ROT_C[5] = {1.0, 0.96592582628906829, 0.86602540378443865,
                                0.70710678118654752, 0.5};
static const double ROT_S[5] = {0.0, 0.25881904510252076, 0.5, 0.70710678118654752,
                                0.86602540378443865};
/* tan(7.5, 22.5, 37.5, 52.5 degrees): where the nearest multiple of 15 changes. */
static const double ROT_T[4] = {0.13165249758739585, 0.41421356237309505, 0.76732698797896060,
                                1.3032253728412058};

/* Normal velocity along n at z of unit-strength panels (5.11), two (panel,
 * point) pairs at once, with the clamp of eddyi_panel_normal_influence_near:
 * a point closer than EDDY_PANEL_NEAR panel lengths to the panel is first
 * moved straight away from its nearest point on the panel to that distance
 * (to the right-hand side if it lies on the panel). Then
 *   u_t = beta / 2 pi, u_left = ln(d1 / d2) / 2 pi,  beta = arg((z - z1) conj(z - z2)),
 * and with the point at least one panel length from the panel
 * |beta| <= 2 atan(1/2) < 54 degrees, so beta needs no atan2: rotate by the
 * nearest multiple k of 15 degrees (|remainder| <= 7.5 degrees, tangent
 * <= 0.1317) and sum the arctangent series to t^15 (next term < 4e-17); the
 * logarithm is eddy_v2_log. The end-point core of panel.h never acts at that
 * distance. Lanes the formula does not cover (a zero-length panel, a point the
 * clamp left close to the panel, any point when EDDY_PANEL_NEAR is below 1)
 * are flagged in *other, for the reference. clamp false: the caller knows no
 * point is within reach. */
EDDY_ALWAYS_INLINE eddy_v2
kernel2(eddy_v2 x1, eddy_v2 y1, eddy_v2 x2, eddy_v2 y2, eddy_v2 x, eddy_v2 y, eddy_v2 nx,
        eddy_v2 ny, eddy_v2 inv2pil, eddy_v2i *other, const bool clamp)
{
    eddy_v2 ex = eddy_v2_sub(x2, x1), ey = eddy_v2_sub(y2, y1);
    eddy_v2 ee = eddy_v2_add(eddy_v2_mul(ex, ex), eddy_v2_mul(ey, ey));
    eddy_v2 ax = eddy_v2_sub(x, x1), ay = eddy_v2_sub(y, y1);
    eddy_v2 zero = eddy_v2_set(0.0), one = eddy_v2_set(1.0);
    *other = eddy_v2i_not(eddy_v2_gt(ee, zero));
    if (clamp) { /* nearest point of the segment, squared distance d2 */
        eddy_v2 s = eddy_v2_div(eddy_v2_add(eddy_v2_mul(ax, ex), eddy_v2_mul(ay, ey)), ee);
        s = eddy_v2_select(eddy_v2_lt(s, zero), zero, s);
        s = eddy_v2_select(eddy_v2_gt(s, one), one, s);
        eddy_v2 px = eddy_v2_sub(ax, eddy_v2_mul(s, ex)), py = eddy_v2_sub(ay, eddy_v2_mul(s, ey));
        eddy_v2 d2 = eddy_v2_add(eddy_v2_mul(px, px), eddy_v2_mul(py, py));
        eddy_v2i moved =
            eddy_v2_lt(d2, eddy_v2_mul(eddy_v2_set(EDDY_PANEL_NEAR * EDDY_PANEL_NEAR * (1.0 + 1e-6)), ee));
        *other = eddy_v2i_or(*other, eddy_v2i_and(eddy_v2_lt(d2, ee), eddy_v2i_not(moved)));
        /* rare: a neighbour's panel within reach. The clamp itself, operation
         * for operation: for a point on the panel's line its direction comes
         * from rounding, and only the same rounding picks the same side. */
        for (int l = 0; l < 2; ++l) {
            if (!EDDY_LANE(moved, l)) continue;
            double mx = EDDY_LANE(x, l), my = EDDY_LANE(y, l);
            double x1l = EDDY_LANE(x1, l), y1l = EDDY_LANE(y1, l);
            double exl = EDDY_LANE(ex, l), eyl = EDDY_LANE(ey, l), eel = EDDY_LANE(ee, l);
            eddyi_panel_clamp_point(x1l, y1l, EDDY_LANE(x2, l), EDDY_LANE(y2, l), &mx, &my);
            double axl = mx - x1l, ayl = my - y1l;
            EDDY_LANE(ax, l) = axl, EDDY_LANE(ay, l) = ayl;
            /* a point on the panel's line can be moved along it, and stay
             * close: then only the reference formula covers it */
            double sl = (axl * exl + ayl * eyl) / eel;
            sl = sl < 0.0 ? 0.0 : sl > 1.0 ? 1.0 : sl;
            double qx = axl - sl * exl, qy = ayl - sl * eyl;
            if (!(qx * qx + qy * qy >= eel * (1.0 - 1e-6))) EDDY_LANE(*other, l) = -1;
        }
    }
    eddy_v2 bx = eddy_v2_sub(ax, ex), by = eddy_v2_sub(ay, ey);
    /* beta = arg(W), W = (z - z1) conj(z - z2), Re W > 0 here */
    eddy_v2 wr = eddy_v2_add(eddy_v2_mul(ax, bx), eddy_v2_mul(ay, by));
    eddy_v2 wi = eddy_v2_sub(eddy_v2_mul(ay, bx), eddy_v2_mul(ax, by)), a = eddy_v2_abs(wi);
    eddy_v2i votes = eddy_v2_gt(a, eddy_v2_mul(eddy_v2_set(ROT_T[0]), wr));
    for (int r = 1; r < 4; ++r) votes = eddy_v2i_add(votes, eddy_v2_gt(a, eddy_v2_mul(eddy_v2_set(ROT_T[r]), wr)));
    eddy_v2i k = eddy_v2i_neg(votes);
    eddy_v2 c = eddy_v2_make(ROT_C[EDDY_LANE(k, 0)], ROT_C[EDDY_LANE(k, 1)]);
    eddy_v2 sn = eddy_v2_make(ROT_S[EDDY_LANE(k, 0)], ROT_S[EDDY_LANE(k, 1)]);
    eddy_v2 t = eddy_v2_div(eddy_v2_sub(eddy_v2_mul(a, c), eddy_v2_mul(wr, sn)),
                            eddy_v2_add(eddy_v2_mul(wr, c), eddy_v2_mul(a, sn)));
    eddy_v2 z = eddy_v2_mul(t, t);
    static const double odd[] = {1.0 / 13, -1.0 / 11, 1.0 / 9, -1.0 / 7, 1.0 / 5, -1.0 / 3};
    eddy_v2 p = eddy_v2_set(-1.0 / 15);
    for (int i = 0; i < (int)(sizeof odd / sizeof odd[0]); ++i) p = eddy_v2_mul_add(p, z, eddy_v2_set(odd[i]));
    p = eddy_v2_mul_add(p, z, one);
    eddy_v2 angle = eddy_v2_add(eddy_v2_mul(eddy_v2_from_int(k), eddy_v2_set(FAST_PI / 12.0)), eddy_v2_mul(t, p));
    eddy_v2 beta = eddy_v2_select(eddy_v2_lt(wi, zero), eddy_v2_neg(angle), angle);
    eddy_v2 r1 = eddy_v2_add(eddy_v2_mul(ax, ax), eddy_v2_mul(ay, ay));
    eddy_v2 r2 = eddy_v2_add(eddy_v2_mul(bx, bx), eddy_v2_mul(by, by));
    eddy_v2 lnr = eddy_v2_mul(eddy_v2_set(0.5), eddy_v2_log(eddy_v2_div(r1, r2)));
    eddy_v2 along = eddy_v2_add(eddy_v2_mul(ex, nx), eddy_v2_mul(ey, ny));
    eddy_v2 across = eddy_v2_sub(eddy_v2_mul(ex, ny), eddy_v2_mul(ey, nx));
    return eddy_v2_mul(eddy_v2_add(eddy_v2_mul(beta, along), eddy_v2_mul(lnr, across)), inv2pil);
}

double eddyi_panel_fast_normal_influence(double x1, double y1, double x2, double y2, double x,
                                        double y, double nx, double ny)
{
    eddy_v2i other;
    double len = sqrt((x2 - x1) * (x2 - x1) + (y2 - y1) * (y2 - y1));
    eddy_v2 v = kernel2(eddy_v2_set(x1), eddy_v2_set(y1), eddy_v2_set(x2), eddy_v2_set(y2),
                        eddy_v2_set(x), eddy_v2_set(y), eddy_v2_set(nx), eddy_v2_set(ny),
                        eddy_v2_set(1.0 / (2.0 * FAST_PI * len)), &other, true);
    if (EDDY_LANE(other, 0))
        return eddyi_panel_normal_influence_near(x1, y1, x2, y2, x, y, nx, ny);
    return EDDY_LANE(v, 0);
}

/* row[b] += scale * the influence of sources b = 0..count-1 (4 numbers each in
 * src, 1 / (2 pi length) in inv2pil) at (x, y) along (nx, ny): two sources
 * per vector. clamp false: the caller knows no source is within reach. */
EDDY_ALWAYS_INLINE void
influence_row(const double *src, const double *inv2pil, int count, double x, double y, double nx,
              double ny, double scale, double *row, const bool clamp)
{
    eddy_v2 vx = eddy_v2_set(x), vy = eddy_v2_set(y), vnx = eddy_v2_set(nx), vny = eddy_v2_set(ny);
    int b = 0;
    for (; b + 1 < count; b += 2) {
        const double *e0 = &src[4 * b], *e1 = &src[4 * b + 4];
        eddy_v2i other;
        eddy_v2 v = kernel2(eddy_v2_make(e0[0], e1[0]), eddy_v2_make(e0[1], e1[1]),
                            eddy_v2_make(e0[2], e1[2]), eddy_v2_make(e0[3], e1[3]), vx, vy, vnx, vny,
                            eddy_v2_load(&inv2pil[b]), &other, clamp);
        double v0 = EDDY_LANE(v, 0), v1 = EDDY_LANE(v, 1);
        if (EDDY_LANE(other, 0)) v0 = eddyi_panel_normal_influence_near(e0[0], e0[1], e0[2], e0[3], x, y, nx, ny);
        if (EDDY_LANE(other, 1)) v1 = eddyi_panel_normal_influence_near(e1[0], e1[1], e1[2], e1[3], x, y, nx, ny);
        row[b] += scale * v0;
        row[b + 1] += scale * v1;
    }
    for (; b < count; ++b) {
        const double *e = &src[4 * b];
        row[b] += scale * eddyi_panel_fast_normal_influence(e[0], e[1], e[2], e[3], x, y, nx, ny);
    }
}

/* influence_row over the sources that carry strength: all of them when wet
 * is NULL, else the runs of consecutive ones with wet[b] set (a body solved
 * with its lid image, panel_lid.h: the others stay zero). */
EDDY_ALWAYS_INLINE void
influence_row_wet(const double *src, const double *inv2pil, const unsigned char *wet, int count,
                  double x, double y, double nx, double ny, double scale, double *row,
                  const bool clamp)
{
    if (!wet) {
        influence_row(src, inv2pil, count, x, y, nx, ny, scale, row, clamp);
        return;
    }
    for (int b = 0; b < count;) {
        if (!wet[b]) {
            ++b;
            continue;
        }
        int e = b + 1;
        while (e < count && wet[e]) ++e;
        influence_row(&src[4 * b], &inv2pil[b], e - b, x, y, nx, ny, scale, &row[b], clamp);
        b = e;
    }
}

/* ------------------------------------------------------------ set-up */

static bool grow(void **p, long *cap, long need, size_t size)
{
    if (need <= *cap) return true;
    long n = *cap > 0 ? *cap : 256;
    while (n < need) n *= 2;
    void *q = eddy_realloc(*p, (size_t)n * size);
    if (!q) return false;
    *p = q;
    *cap = n;
    return true;
}

eddy_result eddyi_panel_fast_create(eddy_panel_world *w, eddy_error *err)
{
    eddy_panel_fast *f = eddy_calloc(1, sizeof *f);
    if (!f) return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory (fast path)");
    size_t nb = (size_t)w->max_bodies, np = (size_t)w->max_panels;
    f->max_bodies = w->max_bodies;
    f->max_groups = w->max_bodies * (1 + EDDY_PANEL_MAX_IMAGES);
    f->max_nodes = 2 * f->max_groups;
    size_t ng = (size_t)f->max_groups, nn = (size_t)f->max_nodes;
    f->q_off = eddy_calloc(nb, sizeof *f->q_off);
    f->rot = eddy_calloc(nb * 2 * EDDY_FAR_P_MAX, sizeof(double));
    f->block_first = eddy_calloc(nb, sizeof(int));
    f->block_count = eddy_calloc(nb, sizeof(int));
    f->groups = eddy_calloc(ng, sizeof *f->groups);
    f->nodes = eddy_calloc(nn, sizeof *f->nodes);
    f->order = eddy_calloc(ng, sizeof(int));
    f->coef = eddy_calloc(nn * 2 * EDDY_FAR_P_MAX, sizeof(double));
    f->near_list = eddy_calloc(ng, sizeof(int));
    f->far = eddy_calloc(np, sizeof(double));
    f->gamma_far = eddy_calloc(np, sizeof(double));
    f->gamma_prev = eddy_calloc(np, sizeof(double));
    f->gamma_best = eddy_calloc(np, sizeof(double));
    f->dgamma = eddy_calloc(np, sizeof(double));
    f->node_scale = eddy_calloc(nn, sizeof(double));
    f->node_abs = eddy_calloc(nn, sizeof(double));
    f->tx = eddy_calloc(np, sizeof(double));
    f->ty = eddy_calloc(np, sizeof(double));
    f->tnx = eddy_calloc(np, sizeof(double));
    f->tny = eddy_calloc(np, sizeof(double));
    f->inv2pil = eddy_calloc((size_t)w->max_sources, sizeof(double));
    f->max_length = eddy_calloc(nb, sizeof(double));
    f->body_coef = eddy_calloc(nb * 2 * EDDY_FAR_P_MAX, sizeof(double));
    f->body_p = eddy_calloc(nb, sizeof(int));
    f->use_first = eddy_calloc(nb, sizeof(int));
    f->use_count = eddy_calloc(nb, sizeof(int));
    f->workers = eddyi_tasks_workers(w->tasks);
    f->local = eddy_calloc((size_t)f->workers * 2 * EDDY_FAR_P_MAX, sizeof(double));
    f->target_evals = eddy_calloc(nb, sizeof(int));
    f->aa_dg = eddy_calloc((size_t)EDDY_SCHWARZ_DEPTH * np, sizeof(double));
    f->aa_df = eddy_calloc((size_t)EDDY_SCHWARZ_DEPTH * np, sizeof(double));
    f->aa_g = eddy_calloc(np, sizeof(double));
    f->aa_f = eddy_calloc(np, sizeof(double));
    if (!f->aa_dg || !f->aa_df || !f->aa_g || !f->aa_f ||
        !f->q_off || !f->rot || !f->block_first || !f->block_count ||
        !f->groups || !f->nodes || !f->order || !f->coef || !f->near_list ||
        !f->far || !f->gamma_far || !f->gamma_prev || !f->gamma_best || !f->dgamma || !f->node_scale || !f->node_abs || !f->tx ||
        !f->ty || !f->tnx || !f->tny || !f->inv2pil || !f->max_length || !f->body_coef || !f->body_p || !f->use_first || !f->use_count || !f->local || !f->target_evals) {
        eddyi_panel_fast_destroy(f);
        return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory (fast path)");
    }
    eddyi_far_local_binomials(f->binomials);
    w->fast_state = f;
    return EDDY_OK;
}

void eddyi_panel_fast_destroy(eddy_panel_fast *f)
{
    if (!f) return;
    eddy_free(f->q_off), eddy_free(f->q), eddy_free(f->rot);
    eddy_free(f->block_first), eddy_free(f->block_count), eddy_free(f->blocks), eddy_free(f->near);
    eddy_free(f->groups), eddy_free(f->nodes), eddy_free(f->order), eddy_free(f->coef);
    eddy_free(f->gamma_far), eddy_free(f->gamma_prev), eddy_free(f->gamma_best), eddy_free(f->dgamma), eddy_free(f->node_scale), eddy_free(f->node_abs);
    eddy_free(f->tx), eddy_free(f->ty), eddy_free(f->tnx), eddy_free(f->tny), eddy_free(f->inv2pil), eddy_free(f->max_length);
    eddy_free(f->near_list), eddy_free(f->far), eddy_free(f->acc), eddy_free(f->gnew);
    eddy_free(f->local), eddy_free(f->target_evals);
    eddy_free(f->aa_dg), eddy_free(f->aa_df), eddy_free(f->aa_g), eddy_free(f->aa_f);
    eddy_free(f->body_coef), eddy_free(f->body_p), eddy_free(f->uses), eddy_free(f->use_first), eddy_free(f->use_count);
    eddy_free(f);
}

eddy_result eddyi_panel_fast_set_workers(eddy_panel_world *w, eddy_error *err)
{
    eddy_panel_fast *f = w->fast_state;
    int workers = eddyi_tasks_workers(w->tasks);
    if (workers == f->workers) return EDDY_OK;
    double *local = eddy_calloc((size_t)workers * 2 * EDDY_FAR_P_MAX, sizeof(double));
    if (!local) return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory (workers)");
    eddy_free(f->local);
    f->local = local;
    f->workers = workers;
    return EDDY_OK;
}

eddy_result eddyi_panel_fast_add_body(eddy_panel_world *w, int body, eddy_error *err)
{
    eddy_panel_fast *f = w->fast_state;
    const eddy_panel_shape *s = w->bodies[body].shape;
    int m = s->count;
    long qn = 2L * EDDY_FAR_P_MAX * m;
    long blocks = (long)w->body_count * (w->body_count + 1);
    long near_need = (long)NEAR_PER_PANEL * w->panel_count;
    if (!grow((void **)&f->q, &f->q_cap, f->q_used + qn, sizeof(double)) ||
        !grow((void **)&f->near, &f->near_cap, near_need, sizeof(double)) ||
        !grow((void **)&f->uses, &f->use_cap, 64L * w->body_count, sizeof(far_use)))
        return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory (fast path)");
    long bcap = f->block_cap;
    if (!grow((void **)&f->blocks, &bcap, blocks, sizeof(near_block)))
        return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory (fast path)");
    f->block_cap = (int)bcap;
    if (m > f->max_m) {
        double *acc = eddy_realloc(f->acc, (size_t)m * sizeof(double));
        if (acc) f->acc = acc;
        double *gnew = eddy_realloc(f->gnew, (size_t)m * sizeof(double));
        if (gnew) f->gnew = gnew;
        if (!acc || !gnew)
            return eddy_fail(err, EDDY_ERR_MEMORY, "panel world: out of memory (fast path)");
        f->max_m = m;
    }
    /* Q in body coordinates about the body origin: column s is panel s */
    f->q_off[body] = f->q_used;
    f->max_length[body] = 0.0;
    for (int j = 0; j < m; ++j)
        if (s->length[j] > f->max_length[body]) f->max_length[body] = s->length[j];
    double terms[2 * EDDY_FAR_P_MAX];
    for (int j = 0; j < m; ++j) {
        eddyi_far_panel_terms(&s->ends[4 * j], 0.0, 0.0, EDDY_FAR_P_MAX, terms);
        for (int k = 0; k < EDDY_FAR_P_MAX; ++k) {
            f->q[f->q_used + 2 * ((long)k * m + j)] = terms[2 * k];
            f->q[f->q_used + 2 * ((long)k * m + j) + 1] = terms[2 * k + 1];
        }
    }
    f->q_used += qn;
    w->bodies[body].warm = 0;
    return EDDY_OK;
}

/* ------------------------------------------------------------ far-field tree */

static double group_coord(const far_group *g, int axis) { return axis ? g->cy : g->cx; }

/* Puts the group of rank k (by coordinate, then index) of order[lo, hi) at k. */
static void select_rank(const far_group *groups, int *order, int lo, int hi, int k, int axis)
{
    while (hi - lo > 1) {
        int mid = lo + (hi - lo) / 2;
        int piv = order[mid];
        double pv = group_coord(&groups[piv], axis);
        /* three-way partition around (pv, piv) */
        int i = lo, lt = lo, gt = hi;
        while (i < gt) {
            int g = order[i];
            double v = group_coord(&groups[g], axis);
            int cmp = v < pv ? -1 : v > pv ? 1 : (g < piv ? -1 : g > piv ? 1 : 0);
            if (cmp < 0) {
                order[i] = order[lt], order[lt] = g;
                ++lt, ++i;
            } else if (cmp > 0) {
                --gt;
                order[i] = order[gt], order[gt] = g;
            } else {
                ++i;
            }
        }
        if (k < lt) hi = lt;
        else if (k >= gt) lo = gt;
        else return;
    }
}

static int build_node(eddy_panel_fast *f, int lo, int hi)
{
    int idx = f->node_count++;
    far_node *n = &f->nodes[idx];
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    double cx0 = INFINITY, cx1 = -INFINITY, cy0 = INFINITY, cy1 = -INFINITY;
    for (int i = lo; i < hi; ++i) {
        const far_group *g = &f->groups[f->order[i]];
        double lx = g->cx - g->radius, hx = g->cx + g->radius;
        double ly = g->cy - g->radius, hy = g->cy + g->radius;
        x0 = lx < x0 ? lx : x0, x1 = hx > x1 ? hx : x1;
        y0 = ly < y0 ? ly : y0, y1 = hy > y1 ? hy : y1;
        cx0 = g->cx < cx0 ? g->cx : cx0, cx1 = g->cx > cx1 ? g->cx : cx1;
        cy0 = g->cy < cy0 ? g->cy : cy0, cy1 = g->cy > cy1 ? g->cy : cy1;
    }
    n->cx = 0.5 * (x0 + x1);
    n->cy = 0.5 * (y0 + y1);
    double r = 0.0;
    for (int i = lo; i < hi; ++i) {
        const far_group *g = &f->groups[f->order[i]];
        double dx = g->cx - n->cx, dy = g->cy - n->cy, d = sqrt(dx * dx + dy * dy) + g->radius;
        if (d > r) r = d;
    }
    n->radius = r * (1.0 + 1e-12);
    n->p_need = n->p = 0;
    n->end = idx + 2 * (hi - lo) - 1; /* a subtree of k leaves has 2k - 1 nodes */
    if (hi - lo == 1) {
        n->left = n->right = -1;
        n->group = f->order[lo];
        n->cx = f->groups[n->group].cx; /* a leaf expands about its body origin */
        n->cy = f->groups[n->group].cy;
        n->radius = f->groups[n->group].radius * (1.0 + 1e-12);
        return idx;
    }
    int axis = (cy1 - cy0) > (cx1 - cx0);
    int mid = lo + (hi - lo) / 2;
    select_rank(f->groups, f->order, lo, hi, mid, axis);
    n->group = -1;
    int left = build_node(f, lo, mid);
    int right = build_node(f, mid, hi);
    f->nodes[idx].left = left;
    f->nodes[idx].right = right;
    return idx;
}

/* The groups of this step (every body's real panels and each image copy),
 * about the body origin mirrored like its panels. A body solved with its lid
 * image (panel_lid.h) is one group with that image, about the point (x, H)
 * of the lid above or below its origin: the image is the body mirrored
 * across the lid with -gamma, so their expansion about a centre on the lid
 * is real (leaf_coefficients), their net circulation cancels, and one leaf
 * of radius R + |y - H| stands for two of radius R. */
static void build_tree(eddy_panel_world *w, eddy_panel_fast *f)
{
    int n = 0;
    for (int b = 0; b < w->body_count; ++b) {
        const eddy_panel_world_body *pb = &w->bodies[b];
        int lid = eddyi_panel_lid_own_copy(w, b);
        if (lid >= 0)
            f->groups[n++] = (far_group){pb->state.x, w->height,
                                         pb->shape->radius + fabs(pb->state.y - w->height), b,
                                         -1, 0, lid};
        else
            f->groups[n++] = (far_group){pb->state.x, pb->state.y, pb->shape->radius, b, -1, 0, -1};
        for (int c = 0; c < pb->image_count; ++c)
            if (c != lid)
                f->groups[n++] = (far_group){pb->image_origin[c][0], pb->image_origin[c][1],
                                             pb->shape->radius, b, c, pb->image_mirror[c], -1};
    }
    f->group_count = n;
    for (int i = 0; i < n; ++i) f->order[i] = i;
    f->node_count = 0;
    if (n > 0) build_node(f, 0, n);
}

/* ------------------------------------------------------------ classification */

static void add_near(eddy_panel_fast *f, int *count, int group) { f->near_list[(*count)++] = group; }

/* The smallest n with x^n <= order_limit for 0 <= x <= theta_local, read
 * from the table at the upper end of x's bin (the order grows with x). */
static int local_order(const eddy_panel_fast *f, double x)
{
    int bin = (int)(x * f->order_scale) + 1;
    return f->order_tab[bin < ORDER_BINS ? bin : ORDER_BINS];
}

/* The acceptance ratio of the local expansions and their order table for
 * this tolerance: every error term at most tol / 2 (1 - theta) / (1 + theta)
 * (panel_fast.h), the ratio cut until the orders stay within the cap. */
static void prepare_orders(eddy_panel_fast *f)
{
    if (f->order_tab_tol == f->tol && f->theta_local > 0.0) return;
    double theta = EDDY_FAR_THETA_LOCAL, limit;
    for (;;) {
        limit = 0.5 * f->tol * (1.0 - theta) / (1.0 + theta);
        if (theta <= 1e-3 || eddyi_far_order_within(theta, limit) <= EDDY_FAR_P_MAX) break;
        theta *= 0.9;
    }
    f->theta_local = theta, f->order_limit = limit, f->order_tab_tol = f->tol;
    f->order_scale = ORDER_BINS / theta;
    for (int i = 0; i <= ORDER_BINS + 1; ++i) {
        int n = eddyi_far_order_within(theta * (i < ORDER_BINS ? i : ORDER_BINS) / ORDER_BINS, limit);
        f->order_tab[i] = (unsigned char)(n < EDDY_FAR_P_MAX ? n : EDDY_FAR_P_MAX);
    }
}

enum { FAR_NONE, FAR_LOCAL, FAR_POINTS };

/* How node n can serve the target body centred at (tx, ty) with radius tr:
 * through a local expansion (R + R_t <= theta_local D), at each midpoint
 * (R <= theta (D - R_t), panel_fast.h), or not at all; fills *use. */
static inline int far_accept(const eddy_panel_fast *f, const far_node *n, double tx, double ty,
                             double tr, far_use *use)
{
    double dx = n->cx - tx, dy = n->cy - ty, d2 = dx * dx + dy * dy, reach = n->radius + tr;
    use->node = (int)(n - f->nodes), use->skipped = 0.0;
    if (reach * reach <= f->theta_local * f->theta_local * d2) {
        /* rho / (1 - sigma) = R / (d - R_t), sigma / (1 - rho) = R_t / (d - R),
           1 / (D (1 - rho - sigma)) = 1 / (d - R - R_t): four reciprocals
           from one division */
        double d = sqrt(d2), a = d - tr, b = d - n->radius, c = b - tr, e = d + tr;
        double ab = a * b, ce = c * e, inv = 1.0 / (ab * ce);
        use->p = (short)local_order(f, n->radius * (b * ce * inv));
        use->q = (short)(local_order(f, tr * (a * ce * inv)) - 1);
        use->change = ab * e * inv;
        use->allow = f->tol_2pi * (ab * c * inv);
        return FAR_LOCAL;
    }
    /* most nodes a target passes by are near: rejected without a root when
       d is well short of R / theta + R_t (the exact test decides the rest) */
    double reach_points = n->radius * f->inv_theta + tr;
    if (d2 < 0.999 * reach_points * reach_points) return FAR_NONE;
    double gap = sqrt(d2) - tr;
    if (gap > 0.0 && n->radius <= f->theta * gap) {
        double rho = n->radius / gap;
        use->p = (short)eddyi_far_order(rho, f->tol), use->q = -1;
        use->change = 1.0 / (gap * (1.0 - rho));
        use->allow = f->tol / (2.0 * FAST_PI * gap);
        return FAR_POINTS;
    }
    return FAR_NONE;
}

/* Walks the tree for target body t: far nodes record the order they need,
 * near groups go to near_list. Returns the near count. */
static int classify_target(eddy_panel_world *w, eddy_panel_fast *f, int t)
{
    const eddy_panel_world_body *pb = &w->bodies[t];
    double tx = pb->state.x, ty = pb->state.y, tr = pb->shape->radius;
    int m = pb->shape->count, near = 0, own = eddyi_panel_lid_own_copy(w, t);
    f->use_first[t] = (int)f->use_used;
    f->use_count[t] = 0;
    /* depth first, left before right: a node's subtree is [i, end) */
    for (int i = 0; i < f->node_count;) {
        far_node *n = &f->nodes[i];
        if (n->group >= 0 && f->groups[n->group].body == t &&
            (f->groups[n->group].copy < 0 || f->groups[n->group].copy == own)) {
            i = n->end; /* its own panels, and its lid image its solve holds (panel_lid.h) */
            continue;
        }
        far_use use;
        int kind = far_accept(f, n, tx, ty, tr, &use);
        if (kind != FAR_NONE) {
            if (use.p > n->p_need) n->p_need = use.p;
            f->stats.far_terms += kind == FAR_LOCAL ? (long)use.p * (use.q + 1) : (long)m * use.p;
            f->any_far = true;
            if (f->use_count[t] >= 0 && f->use_used < f->use_cap) {
                f->uses[f->use_used++] = use;
                f->use_count[t]++;
            } else if (f->use_count[t] >= 0) { /* full: this target walks the tree */
                f->use_used -= f->use_count[t];
                f->use_count[t] = -1;
            }
            i = n->end;
            continue;
        }
        if (n->group >= 0) add_near(f, &near, n->group);
        i = n->group >= 0 ? n->end : i + 1;
    }
    return near;
}

/* Influence of the copies of source body j in mask on target body t, times
 * the target panel lengths, into out (M_t x M_j, row-major). */
static void fill_block(const eddy_panel_world *w, const eddy_panel_fast *f, int t, int j,
                       unsigned copies, double *out)
{
    const eddy_panel_world_body *tb = &w->bodies[t], *sb = &w->bodies[j];
    int mt = tb->shape->count, ms = sb->shape->count;
    /* a body solved with its lid image reads only its wet panels' fluxes and
       gives only them strength (panel_lid.h): the rest of the block stays 0 */
    const unsigned char *wet_t = eddyi_panel_lid_wet(w, t), *wet_s = eddyi_panel_lid_wet(w, j);
    memset(out, 0, sizeof(double) * (size_t)mt * (size_t)ms);
    for (int c = -1; c < sb->image_count; ++c) {
        if (!(copies & (1u << (c + 1)))) continue;
        int first = c < 0 ? sb->first : sb->image_first[c];
        double sign = c < 0 ? 1.0 : sb->image_sign[c];
        /* the clamp can only act when the two bounding circles come within
         * EDDY_PANEL_NEAR of the longest source panel (with a margin) */
        double ox = c < 0 ? sb->state.x : sb->image_origin[c][0];
        double oy = c < 0 ? sb->state.y : sb->image_origin[c][1];
        double gap = hypot(ox - tb->state.x, oy - tb->state.y) - tb->shape->radius - sb->shape->radius;
        double reach = EDDY_PANEL_NEAR > 1.0 ? EDDY_PANEL_NEAR : 1.0;
        bool clamp = !(gap > 1.01 * reach * f->max_length[j] + 1e-9 * sb->shape->radius);
        for (int a = 0; a < mt; ++a) {
            if (wet_t && !wet_t[a]) continue;
            int g = tb->first + a;
            double x = w->mid[2 * g], y = w->mid[2 * g + 1];
            double nx = w->normal[2 * g], ny = w->normal[2 * g + 1];
            double scale = sign * tb->shape->length[a];
            if (clamp)
                influence_row_wet(&w->src[4 * first], &f->inv2pil[first], wet_s, ms, x, y, nx,
                                  ny, scale, &out[(size_t)a * (size_t)ms], true);
            else
                influence_row_wet(&w->src[4 * first], &f->inv2pil[first], wet_s, ms, x, y, nx,
                                  ny, scale, &out[(size_t)a * (size_t)ms], false);
        }
    }
}

/* Sorts the near groups of one target by (body, copy) and turns them into one
 * block per source body. */
static void assemble_target(eddy_panel_world *w, eddy_panel_fast *f, int t, int near)
{
    int *list = f->near_list;
    for (int i = 1; i < near; ++i) { /* insertion sort: a handful of entries */
        int g = list[i], j = i - 1;
        while (j >= 0 && (f->groups[list[j]].body > f->groups[g].body ||
                          (f->groups[list[j]].body == f->groups[g].body &&
                           f->groups[list[j]].copy > f->groups[g].copy))) {
            list[j + 1] = list[j];
            --j;
        }
        list[j + 1] = g;
    }
    const eddy_panel_world_body *tb = &w->bodies[t];
    int mt = tb->shape->count;
    f->block_first[t] = f->block_used;
    f->block_count[t] = 0;
    for (int i = 0; i < near;) {
        int j = f->groups[list[i]].body;
        unsigned copies = 0;
        for (; i < near && f->groups[list[i]].body == j; ++i) {
            copies |= 1u << (f->groups[list[i]].copy + 1);
            if (f->groups[list[i]].lid >= 0) copies |= 1u << (f->groups[list[i]].lid + 1);
        }
        int ms = w->bodies[j].shape->count;
        long size = (long)mt * ms;
        near_block blk = {j, copies, -1};
        if (f->near_used + size <= f->near_cap) {
            blk.offset = f->near_used; /* filled by fill_task */
            f->near_used += size;
            f->stats.near_entries += size;
        }
        f->blocks[f->block_used++] = blk;
        f->block_count[t]++;
    }
}

/* The cached near blocks of a range of target bodies (each writes only its
 * own blocks). */
typedef struct fill_job {
    const eddy_panel_world *w;
    const eddy_panel_fast *f;
} fill_job;

static void fill_task(int start, int end, int worker, void *context)
{
    (void)worker;
    const fill_job *job = context;
    const eddy_panel_fast *f = job->f;
    for (int t = start; t < end; ++t)
        for (int k = 0; k < f->block_count[t]; ++k) {
            const near_block *blk = &f->blocks[f->block_first[t] + k];
            if (blk->offset >= 0)
                fill_block(job->w, f, t, blk->body, blk->copies, &f->near[blk->offset]);
        }
}

static void classify(eddy_panel_world *w, eddy_panel_fast *f)
{
    memset(&f->stats, 0, sizeof f->stats);
    f->any_far = false;
    f->block_used = 0;
    f->near_used = 0;
    f->use_used = 0;
    build_tree(w, f);
    for (int s = 0; s < w->source_count; ++s) {
        const double *e = &w->src[4 * s];
        double ex = e[2] - e[0], ey = e[3] - e[1];
        f->inv2pil[s] = 1.0 / (2.0 * FAST_PI * sqrt(ex * ex + ey * ey));
    }
    for (int t = 0; t < w->body_count; ++t) {
        int near = classify_target(w, f, t);
        assemble_target(w, f, t, near);
    }
    fill_job fill = {w, f};
    eddyi_tasks_run(w->tasks, w->body_count, TASK_BODIES, fill_task, &fill);
    /* a node's order serves its parent's too (the parent is built from it) */
    for (int i = 0; i < f->node_count; ++i) {
        far_node *n = &f->nodes[i];
        if (n->p_need > n->p) n->p = n->p_need;
        if (n->left >= 0) {
            f->nodes[n->left].p = n->p;
            f->nodes[n->right].p = n->p;
        }
    }
    /* rotations e^(i (k-1) theta) of every body */
    for (int b = 0; b < w->body_count; ++b) {
        double *r = &f->rot[(size_t)b * 2 * EDDY_FAR_P_MAX];
        double c = cos(w->bodies[b].state.angle), s = sin(w->bodies[b].state.angle);
        r[0] = 1.0, r[1] = 0.0;
        for (int k = 1; k < EDDY_FAR_P_MAX; ++k) {
            r[2 * k] = r[2 * k - 2] * c - r[2 * k - 1] * s;
            r[2 * k + 1] = r[2 * k - 2] * s + r[2 * k - 1] * c;
        }
    }
    for (int b = 0; b < w->body_count; ++b) {
        const eddy_panel_world_body *pb = &w->bodies[b];
        for (int j = 0; j < pb->shape->count; ++j) {
            int g = pb->first + j;
            double len = pb->shape->length[j];
            f->tx[g] = w->mid[2 * g], f->ty[g] = w->mid[2 * g + 1];
            f->tnx[g] = len * w->normal[2 * g], f->tny[g] = len * w->normal[2 * g + 1];
        }
    }
    f->stats.groups = f->group_count;
    f->stats.nodes = f->node_count;
}

/* ------------------------------------------------------------ far-field pass */

/* Every body's a_k = e^(i (k-1) theta) (Q gamma)_k up to the largest order
 * any of its copies needs this step (panel_farfield.c). */
static void body_coefficients(const eddy_panel_world *w, eddy_panel_fast *f)
{
    memset(f->body_p, 0, sizeof(int) * (size_t)w->body_count);
    for (int i = 0; i < f->node_count; ++i) {
        const far_node *n = &f->nodes[i];
        if (n->group >= 0 && n->p > f->body_p[f->groups[n->group].body])
            f->body_p[f->groups[n->group].body] = n->p;
    }
    for (int b = 0; b < w->body_count; ++b) {
        const eddy_panel_world_body *pb = &w->bodies[b];
        int m = pb->shape->count, p = f->body_p[b];
        const double *q = &f->q[f->q_off[b]], *gamma = &f->dgamma[pb->first];
        const double *rot = &f->rot[(size_t)b * 2 * EDDY_FAR_P_MAX];
        double *out = &f->body_coef[(size_t)b * 2 * EDDY_FAR_P_MAX];
        /* (Q dgamma)_k, (re, im) in a vector: two rows at a time, each in two
           sums (even and odd panels), so that four chains of additions
           overlap */
        for (int k = 0; k < p; k += 2) {
            const double *r0 = &q[2 * (long)k * m], *r1 = r0 + 2 * m;
            const bool two = k + 1 < p;
            eddy_v2 a0 = eddy_v2_set(0.0), b0 = a0, a1 = a0, b1 = a0;
            int j = 0;
            for (; j + 1 < m; j += 2) {
                eddy_v2 g0 = eddy_v2_set(gamma[j]), g1 = eddy_v2_set(gamma[j + 1]);
                a0 = eddy_v2_add(a0, eddy_v2_mul(eddy_v2_load(&r0[2 * j]), g0));
                b0 = eddy_v2_add(b0, eddy_v2_mul(eddy_v2_load(&r0[2 * j + 2]), g1));
                if (two) {
                    a1 = eddy_v2_add(a1, eddy_v2_mul(eddy_v2_load(&r1[2 * j]), g0));
                    b1 = eddy_v2_add(b1, eddy_v2_mul(eddy_v2_load(&r1[2 * j + 2]), g1));
                }
            }
            if (j < m) {
                eddy_v2 g0 = eddy_v2_set(gamma[j]);
                a0 = eddy_v2_add(a0, eddy_v2_mul(eddy_v2_load(&r0[2 * j]), g0));
                if (two) a1 = eddy_v2_add(a1, eddy_v2_mul(eddy_v2_load(&r1[2 * j]), g0));
            }
            for (int h = 0; h < (two ? 2 : 1); ++h) {
                eddy_v2 sum = h ? eddy_v2_add(a1, b1) : eddy_v2_add(a0, b0);
                double sr = EDDY_LANE(sum, 0), si = EDDY_LANE(sum, 1), cr = rot[2 * (k + h)], ci = rot[2 * (k + h) + 1];
                out[2 * (k + h)] = sr * cr - si * ci;
                out[2 * (k + h) + 1] = sr * ci + si * cr;
            }
        }
    }
}

/* Leaf coefficients: the body's, mirrored for an image copy. A body with
 * its lid image (build_tree): the body's moved to the centre c' on the lid,
 * b_k, plus the image's about the same point, conj(b_k) (the mirror rule
 * across a y wall, panel_farfield.c, about a centre on the wall): 2 Re b_k. */
static void leaf_coefficients(const eddy_panel_world *w, eddy_panel_fast *f, far_node *n)
{
    const far_group *g = &f->groups[n->group];
    const double *a = &f->body_coef[(size_t)g->body * 2 * EDDY_FAR_P_MAX];
    double *out = &f->coef[(size_t)(n - f->nodes) * 2 * EDDY_FAR_P_MAX];
    if (g->lid < 0) {
        eddyi_far_mirror(a, n->p, g->mirror, out);
        return;
    }
    double shifted[2 * EDDY_FAR_P_MAX];
    memset(shifted, 0, sizeof(double) * 2 * (size_t)n->p);
    eddyi_far_shift_add(a, n->p, 0.0, w->bodies[g->body].state.y - g->cy, shifted);
    for (int k = 0; k < n->p; ++k) out[2 * k] = 2.0 * shifted[2 * k], out[2 * k + 1] = 0.0;
}

static void upward(const eddy_panel_world *w, eddy_panel_fast *f)
{
    body_coefficients(w, f);
    for (int i = f->node_count - 1; i >= 0; --i) {
        far_node *n = &f->nodes[i];
        if (n->p == 0) continue;
        if (n->group >= 0) {
            leaf_coefficients(w, f, n);
            continue;
        }
        double *out = &f->coef[(size_t)i * 2 * EDDY_FAR_P_MAX];
        memset(out, 0, sizeof(double) * 2 * (size_t)n->p);
        const int child[2] = {n->left, n->right};
        for (int c = 0; c < 2; ++c) {
            const far_node *ch = &f->nodes[child[c]];
            eddyi_far_shift_add(&f->coef[(size_t)child[c] * 2 * EDDY_FAR_P_MAX], n->p,
                               ch->cx - n->cx, ch->cy - n->cy, out);
        }
    }
}

/* Normal flux (times length) of one node's truncated field at every
 * midpoint of body t, added to f->far; two midpoints per vector. */
static void node_flux(const eddy_panel_world *w, eddy_panel_fast *f, int t, int node, int p)
{
    const eddy_panel_world_body *pb = &w->bodies[t];
    const double *a = &f->coef[(size_t)node * 2 * EDDY_FAR_P_MAX];
    const far_node *n = &f->nodes[node];
    int m = pb->shape->count, g = pb->first, j = 0;
    eddy_v2 cx = eddy_v2_set(n->cx), cy = eddy_v2_set(n->cy), one = eddy_v2_set(1.0);
    for (; j + 1 < m; j += 2) {
        eddy_v2 zr = eddy_v2_sub(eddy_v2_load(&f->tx[g + j]), cx), zi = eddy_v2_sub(eddy_v2_load(&f->ty[g + j]), cy);
        eddy_v2 inv = eddy_v2_div(one, eddy_v2_add(eddy_v2_mul(zr, zr), eddy_v2_mul(zi, zi)));
        eddy_v2 wr = eddy_v2_mul(zr, inv), wi = eddy_v2_mul(eddy_v2_neg(zi), inv);
        eddy_v2 sr = eddy_v2_set(0.0), si = eddy_v2_set(0.0);
        for (int k = p; k >= 1; --k) { /* Horner, as eddyi_far_multipole_eval */
            eddy_v2 tr = eddy_v2_add(sr, eddy_v2_set(a[2 * (k - 1)])), ti = eddy_v2_add(si, eddy_v2_set(a[2 * (k - 1) + 1]));
            sr = eddy_v2_sub(eddy_v2_mul(tr, wr), eddy_v2_mul(ti, wi));
            si = eddy_v2_add(eddy_v2_mul(tr, wi), eddy_v2_mul(ti, wr));
        }
        /* W = u - i v, so u nx + v ny = Re(W (nx + i ny)) */
        eddy_v2 flux = eddy_v2_sub(eddy_v2_mul(sr, eddy_v2_load(&f->tnx[g + j])), eddy_v2_mul(si, eddy_v2_load(&f->tny[g + j])));
        eddy_v2_store(&f->far[g + j], eddy_v2_add(eddy_v2_load(&f->far[g + j]), flux));
    }
    for (; j < m; ++j) {
        double zr = f->tx[g + j] - n->cx, zi = f->ty[g + j] - n->cy;
        double inv = 1.0 / (zr * zr + zi * zi);
        double wr = zr * inv, wi = -zi * inv, sr = 0.0, si = 0.0;
        for (int k = p; k >= 1; --k) {
            double tr = sr + a[2 * (k - 1)], ti = si + a[2 * (k - 1) + 1];
            sr = tr * wr - ti * wi;
            si = tr * wi + ti * wr;
        }
        f->far[g + j] += sr * f->tnx[g + j] - si * f->tny[g + j];
    }
}

/* Normal flux (times length) of the local expansion b (order q, about the
 * body origin) at every midpoint of body t, added to f->far; two midpoints
 * per vector. */
static void local_flux(const eddy_panel_world *w, eddy_panel_fast *f, int t, int q,
                       const double *b)
{
    const eddy_panel_world_body *pb = &w->bodies[t];
    int m = pb->shape->count, g = pb->first, j = 0;
    eddy_v2 cx = eddy_v2_set(pb->state.x), cy = eddy_v2_set(pb->state.y);
    for (; j + 1 < m; j += 2) {
        eddy_v2 zr = eddy_v2_sub(eddy_v2_load(&f->tx[g + j]), cx), zi = eddy_v2_sub(eddy_v2_load(&f->ty[g + j]), cy);
        eddy_v2 sr = eddy_v2_set(0.0), si = eddy_v2_set(0.0);
        for (int l = q; l >= 0; --l) { /* Horner, as eddyi_far_local_eval */
            eddy_v2 tr = eddy_v2_add(eddy_v2_sub(eddy_v2_mul(sr, zr), eddy_v2_mul(si, zi)), eddy_v2_set(b[2 * l]));
            si = eddy_v2_add(eddy_v2_add(eddy_v2_mul(sr, zi), eddy_v2_mul(si, zr)), eddy_v2_set(b[2 * l + 1]));
            sr = tr;
        }
        eddy_v2 flux = eddy_v2_sub(eddy_v2_mul(sr, eddy_v2_load(&f->tnx[g + j])), eddy_v2_mul(si, eddy_v2_load(&f->tny[g + j])));
        eddy_v2_store(&f->far[g + j], eddy_v2_add(eddy_v2_load(&f->far[g + j]), flux));
    }
    for (; j < m; ++j) {
        double uv[2];
        eddyi_far_local_eval(b, q, pb->state.x, pb->state.y, f->tx[g + j], f->ty[g + j], uv);
        f->far[g + j] += uv[0] * f->tnx[g + j] - uv[1] * f->tny[g + j];
    }
}

/* One use of a far node by target body t: into the target's local
 * expansion (order *q so far, raised as needed) or at its midpoints. */
static void apply_use(const eddy_panel_world *w, eddy_panel_fast *f, int t, const far_use *use,
                      int *q, double *local)
{
    if (use->q < 0) {
        node_flux(w, f, t, use->node, use->p);
        return;
    }
    if (use->q > *q) {
        memset(&local[2 * (*q + 1)], 0, sizeof(double) * 2 * (size_t)(use->q - *q));
        *q = use->q;
    }
    const far_node *n = &f->nodes[use->node];
    const eddy_panel_world_body *pb = &w->bodies[t];
    eddyi_far_local_add(&f->coef[(size_t)use->node * 2 * EDDY_FAR_P_MAX], use->p,
                       pb->state.x - n->cx, pb->state.y - n->cy, use->q, f->binomials, local);
}

/* The far field of the pass at target body t's midpoints (every use when
 * first, else those whose change is not provably negligible, far_pass).
 * Returns the uses evaluated. */
static int far_target(const eddy_panel_world *w, eddy_panel_fast *f, int t, bool first,
                      double *local)
{
    int evaluated = 0;
    {
        int q = -1; /* order of the target's local expansion so far */
        if (f->use_count[t] >= 0) {
            for (int u = 0; u < f->use_count[t]; ++u) {
                far_use *use = &f->uses[f->use_first[t] + u];
                if (!first) {
                    double bound = f->node_scale[use->node] * use->change;
                    double allowed = f->node_abs[use->node] * use->allow;
                    if (use->skipped + bound <= allowed) {
                        use->skipped += bound;
                        continue;
                    }
                }
                apply_use(w, f, t, use, &q, local);
                ++evaluated;
            }
        } else { /* the use list overflowed for this target: walk the tree, every use */
            const eddy_panel_world_body *pb = &w->bodies[t];
            double tx = pb->state.x, ty = pb->state.y, tr = pb->shape->radius;
            for (int i = 0; i < f->node_count;) {
                const far_node *n = &f->nodes[i];
                far_use use;
                if (n->group >= 0 && f->groups[n->group].body == t && f->groups[n->group].copy < 0)
                    i = n->end;
                else if (far_accept(f, n, tx, ty, tr, &use) != FAR_NONE) {
                    apply_use(w, f, t, &use, &q, local);
                    ++evaluated;
                    i = n->end;
                } else
                    i = n->group >= 0 ? n->end : i + 1;
            }
        }
        if (q >= 0) local_flux(w, f, t, q, local);
    }
    return evaluated;
}

/* far_target over a range of target bodies on one worker: each writes only
 * its own midpoints' far field, its own uses and its own count. */
typedef struct far_job {
    const eddy_panel_world *w;
    eddy_panel_fast *f;
    bool first;
} far_job;

static void far_task(int start, int end, int worker, void *context)
{
    const far_job *job = context;
    double *local = &job->f->local[(size_t)worker * 2 * EDDY_FAR_P_MAX];
    for (int t = start; t < end; ++t)
        job->f->target_evals[t] = far_target(job->w, job->f, t, job->first, local);
}

/* One far-field pass: f->far += the field of the strength change since the
 * last pass (the first pass of a step starts from zero). A later pass leaves
 * out a (target, node) use when the change it would bring is provably within
 * the error the use is allowed anyway: with s = max_k |da_k| / R^(k-1), the
 * node's change moves the field at every target point by at most
 * s / (gap (1 - rho)) evaluated at the midpoints (sum_k s R^(k-1) / gap^k),
 * s / (D (1 - rho - sigma)) through a local expansion (panel_farfield.c);
 * and the changes left out of one use over a step may add up to the
 * truncation allowance of that use, tolerance * G / (2 pi gap), resp.
 * tolerance * G / (2 pi (D + R_t)) (panel_fast.h), G the node's absolute
 * circulation. So each use errs by at most twice its truncation bound.
 * Returns how many uses were evaluated. */
static int far_pass(eddy_panel_world *w, eddy_panel_fast *f, bool first)
{
    int np = w->panel_count;
    if (first) {
        memset(f->far, 0, sizeof(double) * (size_t)np);
        memset(f->gamma_far, 0, sizeof(double) * (size_t)np);
    }
    for (int s = 0; s < np; ++s) {
        f->dgamma[s] = w->strength[s] - f->gamma_far[s];
        f->gamma_far[s] = w->strength[s];
    }
    if (!f->any_far) return 0;
    upward(w, f);
    if (!first) { /* absolute circulation of every node, children before parents */
        for (int i = f->node_count - 1; i >= 0; --i) {
            const far_node *n = &f->nodes[i];
            if (n->group < 0) {
                f->node_abs[i] = f->node_abs[n->left] + f->node_abs[n->right];
                continue;
            }
            const far_group *g = &f->groups[n->group];
            const eddy_panel_world_body *pb = &w->bodies[g->body];
            double sum = 0.0;
            for (int j = 0; j < pb->shape->count; ++j)
                sum += fabs(w->strength[pb->first + j]) * pb->shape->length[j];
            f->node_abs[i] = g->lid >= 0 ? 2.0 * sum : sum; /* with its lid image */
        }
    }
    for (int i = 0; !first && i < f->node_count; ++i) {
        const far_node *n = &f->nodes[i];
        const double *a = &f->coef[(size_t)i * 2 * EDDY_FAR_P_MAX];
        double scale2 = 0.0, irk2 = 1.0, ir2 = 1.0 / (n->radius * n->radius);
        for (int k = 0; k < n->p; ++k, irk2 *= ir2) { /* |a_k|^2 / R^(2(k-1)) */
            double v = (a[2 * k] * a[2 * k] + a[2 * k + 1] * a[2 * k + 1]) * irk2;
            if (v > scale2) scale2 = v;
        }
        f->node_scale[i] = sqrt(scale2);
    }
    far_job job = {w, f, first};
    eddyi_tasks_run(w->tasks, w->body_count, TASK_BODIES, far_task, &job);
    int evaluated = 0; /* summed here, in body order */
    for (int t = 0; t < w->body_count; ++t) evaluated += f->target_evals[t];
    f->stats.far_passes++;
    return evaluated;
}

/* ------------------------------------------------------------ sweeps */

static void apply_matrix(const double *mat, int rows, int cols, int stride, const double *x,
                         double *y)
{
    for (int i = 0; i < rows; ++i) {
        const double *row = &mat[(size_t)i * stride];
        double sum = 0.0;
        for (int j = 0; j < cols; ++j) sum += row[j] * x[j];
        y[i] = sum;
    }
}

/* acc += influence of one near block at the current strengths. */
static void block_flux(const eddy_panel_world *w, eddy_panel_fast *f, int t, const near_block *blk,
                       double *acc)
{
    const eddy_panel_world_body *tb = &w->bodies[t], *sb = &w->bodies[blk->body];
    int mt = tb->shape->count, ms = sb->shape->count;
    const double *gamma = &w->strength[sb->first];
    const unsigned char *wet = eddyi_panel_lid_wet(w, t); /* the rows its solve reads */
    if (blk->offset >= 0) {
        const double *k = &f->near[blk->offset];
        for (int a = 0; a < mt; ++a) {
            if (wet && !wet[a]) continue;
            const double *row = &k[(size_t)a * ms];
            double sum = 0.0;
            for (int b = 0; b < ms; ++b) sum += row[b] * gamma[b];
            acc[a] += sum;
        }
        return;
    }
    /* not cached (near-field storage full): the same sums, evaluated now */
    for (int c = -1; c < sb->image_count; ++c) {
        if (!(blk->copies & (1u << (c + 1)))) continue;
        int first = c < 0 ? sb->first : sb->image_first[c];
        double sign = c < 0 ? 1.0 : sb->image_sign[c];
        for (int a = 0; a < mt; ++a) {
            if (wet && !wet[a]) continue;
            int g = tb->first + a;
            double sum = 0.0;
            for (int b = 0; b < ms; ++b) {
                const double *e = &w->src[4 * (first + b)];
                sum += gamma[b] * eddyi_panel_fast_normal_influence(
                                      e[0], e[1], e[2], e[3], w->mid[2 * g], w->mid[2 * g + 1],
                                      w->normal[2 * g], w->normal[2 * g + 1]);
            }
            acc[a] += sign * tb->shape->length[a] * sum;
        }
    }
}

/* gamma = P^+ b for body t (5.16). */
static void solve_body(const eddy_panel_world *w, int t, const double *b, double *gamma)
{
    const eddy_panel_shape *s = w->bodies[t].shape;
    if (!eddyi_panel_lid_solve(w, t, b, gamma)) /* its lid system (panel_lid.h) or 5.16 */
        apply_matrix(s->pinv, s->count, s->count, s->rows, b, gamma);
    eddyi_panel_mask_body(w, w->bodies[t].first, s->count, gamma);
}

/* One Gauss-Seidel sweep over the bodies with the near blocks and the far
 * flux of the current pass; returns |d gamma| / |gamma|, |gamma|^2 in *norm2. */
static double sweep(eddy_panel_world *w, eddy_panel_fast *f, double *norm2)
{
    double num = 0.0, den = 0.0;
    for (int t = 0; t < w->body_count; ++t) {
        const eddy_panel_world_body *pb = &w->bodies[t];
        int m = pb->shape->count;
        double *acc = f->acc, *gamma = &w->strength[pb->first];
        for (int a = 0; a < m; ++a) acc[a] = w->b_orig[pb->first + a] + f->far[pb->first + a];
        for (int k = 0; k < f->block_count[t]; ++k)
            block_flux(w, f, t, &f->blocks[f->block_first[t] + k], acc);
        eddyi_wall_state_body_flux(w->walls, w, t, acc); /* interior walls (panel_walls.c) */
        solve_body(w, t, acc, f->gnew);
        for (int a = 0; a < m; ++a) {
            double d = f->gnew[a] - gamma[a];
            num += d * d;
            den += f->gnew[a] * f->gnew[a];
            gamma[a] = f->gnew[a];
        }
    }
    *norm2 = den;
    return den > 0.0 ? sqrt(num / den) : 0.0;
}

static void copy_to_images(eddy_panel_world *w)
{
    for (int i = 0; i < w->body_count; ++i) {
        const eddy_panel_world_body *b = &w->bodies[i];
        int m = b->shape->count;
        for (int c = 0; c < b->image_count; ++c) {
            double *dst = &w->strength[b->image_first[c]];
            const double *src = &w->strength[b->first];
            for (int j = 0; j < m; ++j) dst[j] = b->image_sign[c] * src[j];
        }
    }
}

/* Anderson acceleration (Walker and Ni's form) of the fixed point the
 * passes iterate, gamma = G(gamma), G one far-field update at gamma and a
 * Gauss-Seidel sweep: with x = the strengths the pass started from
 * (gamma_far) and g = G(x) (w->strength), f = g - x, the next iterate is
 *     g - sum_j theta_j dg_j,  theta = argmin |f - sum_j theta_j df_j|,
 * dg_j, df_j the differences of g and f between consecutive passes, the
 * last EDDY_SCHWARZ_DEPTH of them. For a linear G that is GMRES on the
 * system the sweeps precondition (the bodies' own inverses, 5.16, applied
 * Gauss-Seidel), which converges in a handful of passes where the sweeps
 * alone crawl (touching bodies). The least squares go through the normal
 * equations in a fixed order (the columns' Gram matrix, a relative 1e-12
 * on its diagonal, elimination with partial pivoting): deterministic. */
static void accelerate(eddy_panel_world *w, eddy_panel_fast *f, bool start)
{
    const int depth = EDDY_SCHWARZ_DEPTH;
    int np = w->panel_count;
    double *g = w->strength;
    const double *x = f->gamma_far;
    if (start) f->aa_count = f->aa_next = 0;
    else {
        double *dg = &f->aa_dg[(size_t)f->aa_next * (size_t)np];
        double *df = &f->aa_df[(size_t)f->aa_next * (size_t)np];
        for (int s = 0; s < np; ++s) {
            dg[s] = g[s] - f->aa_g[s];
            df[s] = (g[s] - x[s]) - f->aa_f[s];
        }
        f->aa_next = (f->aa_next + 1) % depth;
        if (f->aa_count < depth) f->aa_count++;
    }
    for (int s = 0; s < np; ++s) {
        f->aa_f[s] = g[s] - x[s];
        f->aa_g[s] = g[s];
    }
    int n = f->aa_count;
    if (n == 0) return;
    double a[EDDY_SCHWARZ_DEPTH][EDDY_SCHWARZ_DEPTH + 1];
    const double *col[EDDY_SCHWARZ_DEPTH], *colg[EDDY_SCHWARZ_DEPTH];
    for (int j = 0; j < n; ++j) { /* oldest first */
        int r = (f->aa_next - n + j + depth) % depth;
        col[j] = &f->aa_df[(size_t)r * (size_t)np];
        colg[j] = &f->aa_dg[(size_t)r * (size_t)np];
    }
    double diag = 0.0;
    for (int i = 0; i < n; ++i) {
        for (int j = i; j < n; ++j) {
            double sum = 0.0;
            for (int s = 0; s < np; ++s) sum += col[i][s] * col[j][s];
            a[i][j] = a[j][i] = sum;
        }
        double sum = 0.0;
        for (int s = 0; s < np; ++s) sum += col[i][s] * f->aa_f[s];
        a[i][n] = sum;
        if (a[i][i] > diag) diag = a[i][i];
    }
    if (!(diag > 0.0) || !isfinite(diag)) return;
    for (int i = 0; i < n; ++i) a[i][i] += 1e-12 * diag;
    for (int k = 0; k < n; ++k) { /* elimination, partial pivoting */
        int piv = k;
        for (int i = k + 1; i < n; ++i)
            if (fabs(a[i][k]) > fabs(a[piv][k])) piv = i;
        if (!(fabs(a[piv][k]) > 0.0)) return;
        if (piv != k)
            for (int j = k; j <= n; ++j) {
                double t = a[k][j];
                a[k][j] = a[piv][j], a[piv][j] = t;
            }
        for (int i = k + 1; i < n; ++i) {
            double m = a[i][k] / a[k][k];
            for (int j = k; j <= n; ++j) a[i][j] -= m * a[k][j];
        }
    }
    double theta[EDDY_SCHWARZ_DEPTH];
    for (int i = n - 1; i >= 0; --i) {
        double sum = a[i][n];
        for (int j = i + 1; j < n; ++j) sum -= a[i][j] * theta[j];
        theta[i] = sum / a[i][i];
        if (!isfinite(theta[i])) return;
    }
    for (int j = 0; j < n; ++j)
        for (int s = 0; s < np; ++s) g[s] -= theta[j] * colg[j][s];
}

/* Multiply-adds of one sweep's near field: a cached block costs its
 * target x source panels, one evaluated on the fly about NEAR_UNCACHED_COST
 * times that per copy (an influence is a log and an atan2, not a product). */
#define NEAR_UNCACHED_COST 16.0

static double sweep_work(const eddy_panel_world *w, const eddy_panel_fast *f)
{
    double work = 0.0;
    for (int t = 0; t < w->body_count; ++t) {
        int mt = w->bodies[t].shape->count;
        for (int k = 0; k < f->block_count[t]; ++k) {
            const near_block *blk = &f->blocks[f->block_first[t] + k];
            double pairs = (double)mt * w->bodies[blk->body].shape->count;
            if (blk->offset < 0)
                pairs *= NEAR_UNCACHED_COST * eddy_popcount(blk->copies);
            work += pairs;
        }
    }
    return work;
}

/* The sweeps a step may spend: as many as max_iterations, but no more near
 * work than EDDY_SCHWARZ_WORK_PER_PANEL products per real panel (so the
 * cost of a step grows with the panels, not with their square, however the
 * bodies overlap), and never fewer than EDDY_SCHWARZ_MIN_SWEEPS. */
static int sweep_limit(const eddy_panel_world *w, double work)
{
    double budget = EDDY_SCHWARZ_WORK_PER_PANEL * (double)w->panel_count;
    double allowed = work > 0.0 ? floor(budget / work) : (double)w->max_iterations;
    if (allowed < EDDY_SCHWARZ_MIN_SWEEPS) allowed = EDDY_SCHWARZ_MIN_SWEEPS;
    return allowed < (double)w->max_iterations ? (int)allowed : w->max_iterations;
}

void eddyi_panel_fast_iterate(eddy_panel_world *w, eddy_panel_report *rep)
{
    eddy_panel_fast *f = w->fast_state;
    f->tol = w->farfield_tolerance;
    f->tol_2pi = f->tol / (2.0 * FAST_PI);
    /* the acceptance ratios must leave orders within the cap */
    f->theta = EDDY_FAR_THETA;
    while (f->theta > 1e-3 && eddyi_far_order(f->theta, f->tol) > EDDY_FAR_P_MAX) f->theta *= 0.9;
    f->inv_theta = 1.0 / f->theta;
    prepare_orders(f);
    double t0 = eddyi_now_ms();
    classify(w, f);
    f->stats.classify_ms = eddyi_now_ms() - t0;

    /* Lone-body solves (5.16) are the divergence fallback, as in the
     * reference; the start is the previous step's strengths where there are
     * any (two: extrapolated), else the lone solve. */
    double start2 = 0.0;
    for (int t = 0; t < w->body_count; ++t) {
        const eddy_panel_world_body *pb = &w->bodies[t];
        int m = pb->shape->count;
        double *lone = &w->gamma_start[pb->first];
        solve_body(w, t, &w->b_orig[pb->first], lone);
        for (int a = 0; a < m; ++a) start2 += lone[a] * lone[a];
        double *gamma = &w->strength[pb->first], *prev = &f->gamma_prev[pb->first];
        if (pb->warm >= 2) { /* the last two solves, extrapolated to this step */
            for (int a = 0; a < m; ++a) {
                double last = gamma[a];
                gamma[a] = 2.0 * last - prev[a];
                prev[a] = last;
            }
        } else if (pb->warm == 1) {
            memcpy(prev, gamma, sizeof(double) * (size_t)m);
        } else {
            solve_body(w, t, &w->b_orig[pb->first], gamma);
        }
        /* a body solved with its lid image starts, as its solves leave it,
           with nothing on the panels above the lid (the near blocks skip
           them, fill_block) */
        const unsigned char *wet = eddyi_panel_lid_wet(w, t);
        for (int a = 0; wet && a < m; ++a)
            if (!wet[a]) gamma[a] = 0.0;
    }
    rep->converged = false;
    /* a lone body with no image and no active interior wall near it
       (panel_walls.c): nothing else to see, the lone solve (5.16) is the
       answer; a lone body near a wall still runs the walls' stage below */
    bool lone_only = w->body_count == 1 && w->source_count == w->panel_count &&
                     eddyi_wall_state_active(w->walls) == 0;
    if (lone_only) {
        rep->converged = true;
        memset(f->far, 0, sizeof(double) * (size_t)w->panel_count);
        memcpy(w->strength, w->gamma_start, sizeof(double) * (size_t)w->panel_count);
    }
    const int limit = sweep_limit(w, sweep_work(w, f));
    double best_change = INFINITY;
    for (int pass = 0; !lone_only && rep->iterations < limit; ++pass) {
        double t1 = eddyi_now_ms();
        far_pass(w, f, pass == 0);
        /* interior walls (panel_walls.c) answer the bodies' strengths once per
           pass, like the far field */
        eddyi_wall_state_solve(w->walls, w);
        double t2 = eddyi_now_ms();
        f->stats.far_ms += t2 - t1;
        double norm2;
        rep->change = sweep(w, f, &norm2);
        rep->iterations++;
        f->stats.sweep_ms += eddyi_now_ms() - t2;
        if (!isfinite(rep->change) || !isfinite(norm2) ||
            norm2 > EDDY_PANEL_BLOWUP * EDDY_PANEL_BLOWUP * start2) {
            rep->diverged = true;
            memcpy(w->strength, w->gamma_start, sizeof(double) * (size_t)w->panel_count);
            goto done;
        }
        if (limit < w->max_iterations && rep->change < best_change) {
            best_change = rep->change;
            memcpy(f->gamma_best, w->strength, sizeof(double) * (size_t)w->panel_count);
        }
        /* one sweep with every influence up to date changed gamma by no more
           than the tolerance: the reference's criterion */
        if (rep->change <= w->tolerance) {
            rep->converged = true;
            break;
        }
        accelerate(w, f, pass == 0);
    }
    /* Stopped by the work cap: the step goes on with the iterate that moved
     * least (the best the budget found), and says so. */
    if (!rep->converged && !rep->diverged && !lone_only && limit < w->max_iterations &&
        rep->iterations >= limit) {
        rep->capped = true;
        if (best_change < rep->change) {
            memcpy(w->strength, f->gamma_best, sizeof(double) * (size_t)w->panel_count);
            rep->change = best_change;
        }
    }
done:
    eddyi_wall_state_solve(w->walls, w); /* the walls against the final strengths */
    rep->far_passes = f->stats.far_passes;
    for (int t = 0; t < w->body_count; ++t)
        w->bodies[t].warm = rep->diverged ? 0 : w->bodies[t].warm < 2 ? w->bodies[t].warm + 1 : 2;
    copy_to_images(w);
}

void eddyi_panel_fast_get_stats(const eddy_panel_world *w, eddy_panel_fast_stats *out)
{
    if (w && w->fast_state) *out = w->fast_state->stats;
    else memset(out, 0, sizeof *out);
}
