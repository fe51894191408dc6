// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * panel_fast.h - the fast path of the panel solve (issue 7): what changes
 * between it and the paper's reference path of panel_solve.c, and the pieces
 * the tests reach. Internal to the engine.
 *
 * The reference path (5.16, 5.17 as printed) evaluates every source panel at
 * every other body's midpoints with log and atan2 in every Schwarz sweep. The
 * fast path solves the same fixed point,
 *     gamma_i = P_i^+ (b_i + sum over all other sources of their flux at i),
 * with the same conventions (panel.h) and the same near-panel clamp, but:
 *
 *  1. Far field (panel_farfield.c). Each body's panels, and each wall image
 *     of them, form a group with zero net circulation (5.15); its conjugate
 *     velocity outside a disc of radius R about the body origin c is the
 *     Laurent series  W(z) = sum_{k>=1} a_k (z - c)^-k  (panel_farfield.c
 *     derives the a_k and the image rules). Groups are gathered in a binary
 *     tree. A node serves a target body (radius R_t, D the distance between
 *     the centres) through a local expansion about the body origin,
 *     W = sum_{l<=q} b_l (z - c_t)^l from the node's a_1..a_p, when
 *     R_node + R_t <= theta_local D; its error anywhere on the target is at
 *     most (panel_farfield.c)
 *         G / (2 pi D (1 - rho - sigma)) [(rho / (1 - sigma))^p + (sigma / (1 - rho))^(q+1)],
 *     rho = R_node / D, sigma = R_t / D, G the node's absolute circulation
 *     sum |gamma| A, and p, q are the smallest orders that make each term at
 *     most tol / 2 (1 - theta_local) / (1 + theta_local): the error is then at
 *     most tol G / (2 pi (D + R_t)), below tol G / (2 pi D') for every target
 *     point at distance D' from the node centre. All the nodes a body uses
 *     add into one expansion, evaluated once at its midpoints (m q products
 *     instead of m p per node). A node too close for that but with
 *     R_node <= theta (D - R_t) is evaluated at each midpoint: truncated at
 *     order p the error at a target at distance D' >= D - R_t from the node
 *     centre is at most
 *         G / (2 pi D') * rho^p / (1 - rho),   rho = R_node / D',
 *     and p is the smallest order that makes rho^p / (1 - rho) <= the
 *     far-field tolerance. A body solved with its lid image (panel_lid.h)
 *     is one group with that image, about its point (x, H) on the lid,
 *     radius R + |y - H|: the image is the body mirrored with -gamma, so the
 *     group's a_k are twice the real parts of the body's moved there, and
 *     its absolute circulation twice the body's.
 *  2. Near field. Groups a target body cannot use through the tree are near:
 *     their normal-flux influence on the target's midpoints is computed once
 *     per step (geometry is fixed within a step) into dense blocks, one per
 *     (target body, source body) with the source's image copies folded in, so
 *     a Schwarz sweep is a few small matrix-vector products. A body solved
 *     with its lid image reads only its wet panels' fluxes and gives only
 *     them strength: its rows and columns above the lid are left zero.
 *  3. Iteration. Strengths start from the last two steps' solves,
 *     extrapolated linearly (the previous one alone after one step, the
 *     lone-body solve 5.16 for a new body). Each pass brings the far field
 *     up to date (a pass after the first adds only the field of the change
 *     since the last one, and leaves out changes provably below each use's
 *     error allowance) and sweeps the near blocks once, Gauss-Seidel in body
 *     order: converged when that sweep changes gamma by no more than the
 *     tolerance, the reference's criterion (one full sweep with every
 *     influence up to date). Between passes the next iterate is Anderson's
 *     mixture of the last EDDY_SCHWARZ_DEPTH passes (panel_fast.c,
 *     accelerate): for this linear fixed point that is GMRES on the coupled
 *     system with the bodies' own inverses, applied Gauss-Seidel, as the
 *     preconditioner. Touching bodies, where the sweeps alone contract by
 *     0.8 or worse, converge in a handful of passes (tests/test_crowd.c: a
 *     pile and a raft, 14 sweeps from the lone-body start where the sweeps
 *     alone took 85).
 *  4. Kernel. The near blocks use the panel field of 5.11 in closed form with
 *     a branch-free arctangent (only targets at least one panel length from
 *     the panel reach it, so the subtended angle stays below 54 degrees);
 *     closer targets go through eddyi_panel_normal_influence_near itself.
 *  5. Workers (tasks.h, issue 32). With the game's task system the near
 *     blocks (after the serial classification has placed them) and every
 *     far-field pass run one target body per item: an item writes only its
 *     own blocks, its own midpoints' far field, its own uses' bookkeeping
 *     and its own count of evaluated uses, and reads the node coefficients
 *     the serial upward pass made; its local expansion is per-worker
 *     scratch. The counts are summed in body order after the pass, so the
 *     result is the same bits for any worker count. The sweeps stay on the
 *     calling thread (Gauss-Seidel is sequential).
 */
#ifndef EDDY_PANEL_FAST_H
#define EDDY_PANEL_FAST_H

#include "panel.h"

/* Largest multipole order. */
#define EDDY_FAR_P_MAX 24
/* A tree node serves a target body at its midpoints when
 * R_node <= EDDY_FAR_THETA * (D - R_t), through a local expansion about the
 * body origin when R_node + R_t <= EDDY_FAR_THETA_LOCAL * D. */
#define EDDY_FAR_THETA 0.4
#ifndef EDDY_FAR_THETA_LOCAL
#define EDDY_FAR_THETA_LOCAL 0.45
#endif

typedef struct eddy_panel_fast eddy_panel_fast;

/* Set-up (panel_solve.c calls these; they may allocate). */
eddy_result eddyi_panel_fast_create(eddy_panel_world *w, eddy_error *err);
void eddyi_panel_fast_destroy(eddy_panel_fast *f);
eddy_result eddyi_panel_fast_add_body(eddy_panel_world *w, int body, eddy_error *err);
/* Sizes the per-worker scratch for w->tasks (set-up time). */
eddy_result eddyi_panel_fast_set_workers(eddy_panel_world *w, eddy_error *err);

/* The solve after the violation b_orig is known for every body and uf has
 * been copied: strengths into w->strength (images included). */
void eddyi_panel_fast_iterate(eddy_panel_world *w, eddy_panel_report *rep);

/* Normal velocity along (nx, ny) at (x, y) of a unit-strength panel; equal to
 * eddyi_panel_normal_influence_near to round-off (the fast kernel where the
 * clamp cannot act, the reference elsewhere). */
double eddyi_panel_fast_normal_influence(double x1, double y1, double x2, double y2, double x,
                                        double y, double nx, double ny);

/* ------------------------------------------------- panel_feedback_fast.c */

/* The exact box-mode feedback of panel_feedback_exact.c by Gauss-Legendre
 * points and trigonometric recurrences; tables sized at creation. */
typedef struct eddy_box_feedback eddy_box_feedback;

eddy_result eddyi_box_feedback_create(const eddy_box_mode *modes, int count, double width,
                                     double height, eddy_box_feedback **out, eddy_error *err);
void eddyi_box_feedback_destroy(eddy_box_feedback *f);
/* out[k] = sum over real panels gamma_i integral_i psi_k ds for the count
 * modes (overwritten), to within 1e-15 of N_k A_i |gamma_i| per panel. Returns
 * false (out untouched) when the panels are too long for the Gauss rule to
 * reach that (the caller then uses eddyi_panel_feedback_box). */
bool eddyi_box_feedback_apply(eddy_box_feedback *f, const eddy_panel_world *w, double *out);
/* The same over the real panels [first, first + count) only (one body's). */
bool eddyi_box_feedback_apply_range(eddy_box_feedback *f, const eddy_panel_world *w, int first,
                                   int count, double *out);
/* Gauss points per panel of the last apply (0: it declined). */
int eddyi_box_feedback_points(const eddy_box_feedback *f);

/* ------------------------------------------------------ panel_farfield.c */

/* Coefficients a_1..a_p (re, im interleaved) of one unit-strength panel
 * (x1, y1, x2, y2) about (cx, cy); p <= EDDY_FAR_P_MAX. */
void eddyi_far_panel_terms(const double e[4], double cx, double cy, int p, double *out);
/* Multipole of one group about (cx, cy): coefficients a_1..a_p (re, im
 * interleaved, a_k at [2(k-1)]) of W(z) = sum a_k (z - c)^-k from sources
 * [first, first + count) of the world with the given strengths, straight from
 * the definition (used by the tests and the reference of the body-frame
 * matrices). */
void eddyi_far_multipole_direct(const double *ends, const double *strength, int count,
                               double cx, double cy, int p, double *coef);
/* W(z) of a truncated multipole at (x, y): out = (Re W, Im W) = (u, -v). */
void eddyi_far_multipole_eval(const double *coef, int p, double cx, double cy, double x,
                             double y, double out[2]);
/* out[0..2p) += the expansion a (order p, about c) moved to the centre c'
 * with c - c' = (dx, dy): a'_m = sum_{k<=m} C(m-1, k-1) (c - c')^(m-k) a_k,
 * p <= EDDY_FAR_P_MAX. */
void eddyi_far_shift_add(const double *a, int p, double dx, double dy, double *out);
/* The expansion of a group's wall image about the mirrored centre, from the
 * group's own (mirror 1: across an x wall, the image strengths negated;
 * 2: across a y wall, negated; 3: across both, kept; 0: a copy). */
void eddyi_far_mirror(const double *a, int p, int mirror, double *out);
/* Smallest order p with rho^p / (1 - rho) <= tol, or EDDY_FAR_P_MAX + 1 when
 * none up to the cap does. */
int eddyi_far_order(double rho, double tol);
/* Smallest n >= 1 with x^n <= limit, or EDDY_FAR_P_MAX + 1 when none up to
 * the cap does (the orders of a local expansion, panel_farfield.c). */
int eddyi_far_order_within(double x, double limit);
/* The M2L table, EDDY_FAR_BINOMIALS doubles: C(k + l - 1, l) for
 * k = 1..EDDY_FAR_P_MAX, l = 0..EDDY_FAR_P_MAX - 1, each twice, at
 * table[2 (l (EDDY_FAR_P_MAX + 1) + k - 1)], a zero pair ending each row. */
#define EDDY_FAR_BINOMIALS (2 * EDDY_FAR_P_MAX * (EDDY_FAR_P_MAX + 1))
void eddyi_far_local_binomials(double *table);
/* b[0..2q+2) += the local expansion about c_t, coefficients b_0..b_q (re,
 * im interleaved) of W(z) = sum_l b_l (z - c_t)^l, of the multipole a
 * (order p, about c), with c_t - c = (dx, dy); q < EDDY_FAR_P_MAX. */
void eddyi_far_local_add(const double *a, int p, double dx, double dy, int q,
                        const double *binomials, double *b);
/* W(z) of a local expansion of order q about (cx, cy) at (x, y):
 * out = (Re W, Im W) = (u, -v). */
void eddyi_far_local_eval(const double *b, int q, double cx, double cy, double x, double y,
                         double out[2]);

/* Statistics of the last fast solve, for tests and the bench. */
typedef struct eddy_panel_fast_stats {
    int groups, nodes;         /* far-field tree */
    long near_entries;         /* cached near-field influences */
    long far_terms;            /* target x order products of one far-field pass */
    int far_passes;            /* far-field evaluations */
    double classify_ms;        /* tree and near blocks */
    double far_ms;             /* far-field passes */
    double sweep_ms;           /* Gauss-Seidel sweeps */
} eddy_panel_fast_stats;

void eddyi_panel_fast_get_stats(const eddy_panel_world *w, eddy_panel_fast_stats *out);

#endif /* EDDY_PANEL_FAST_H */
