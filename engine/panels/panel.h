// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * panel.h - vortex panels: how rigid bodies act on the fluid (chapter 5.3.1-5.3.3)
 * and the exact projection of the panels' field onto box eigenmodes (docs/design.md,
 * "Exact feedback").
 * Internal to the engine; games never see it.
 *
 * Where each equation lives:
 *   5.11  field of one panel ................ panel_velocity.c  eddyi_panel_velocity
 *   5.12  panel matrix P ..................... panel_matrix.c    fill_influence_rows
 *   5.15  zero-circulation row(s) ............ panel_matrix.c    fill_circulation_rows
 *   5.13/5.16 gamma = P^+ b, pseudo-inverse .. panel_matrix.c    eddyi_panel_matrix_build
 *   5.3.1 panel counts, odd per side ......... panel_shape.c     odd_count, balance_counts
 *   5.14  boundary violation b ............... panel_solve.c     compute_violation
 *   5.17  Schwarz iteration across bodies .... panel_solve.c     schwarz_sweep
 *   5.3.2 "too close to a panel" ............. panel_velocity.c  eddyi_panel_velocity_near
 *   5.3.3 wall images ........................ panel_solve.c     place_images
 *   5.18  u_p = sum of panel fields ......... panel_solve.c     eddyi_panel_world_velocity
 *   exact feedback (docs/design.md) .......... panel_feedback_exact.c
 *   added-mass tensor (docs/design.md) ....... panel_added_mass.c
 *
 * ===================== SIGN CONVENTIONS (written once, here) =====================
 *
 * Strength. gamma is circulation per unit length, COUNTER-CLOCKWISE POSITIVE: a
 *   panel of strength gamma from z1 to z2 is a continuous row of point vortices,
 *   the one at z carrying circulation gamma ds. A counter-clockwise point vortex of
 *   circulation G at z0 has conjugate velocity  u - i v = G / (2 pi i (z - z0)).
 *
 * Field of a panel (5.11). With t = (z2 - z1) / L the unit tangent,
 *       u - i v = gamma / (2 pi i) * conj(t) * log((z - z1) / (z - z2)),
 *   principal log. In the panel frame (x along t from z1, y to the LEFT of t) this
 *   is u_t = gamma beta / (2 pi), u_left = gamma / (2 pi) ln(d1 / d2), beta the
 *   signed angle subtended (atan2), d1, d2 the distances to z1, z2 - exactly 5.11
 *   with the paper's d_o = d1, d_e = d2. The field does not depend on which end
 *   is called z1 (swapping them flips both t and the log).
 *
 * Outlines. Every closed outline runs COUNTER-CLOCKWISE, so the body is on the
 *   left of t and the OUTWARD NORMAL is the right-hand normal n = (t_y, -t_x).
 *
 * On the sheet. Tangential velocity jumps by gamma across a panel: +gamma/2 along t
 *   on the right (outside, fluid) side, -gamma/2 on the left (inside); the normal
 *   component is continuous. A point ON a panel (within 1e-10 L of it, e.g. its own
 *   midpoint) gets the fluid-side limit: zero normal part (at the midpoint),
 *   +gamma/2 along t. Where the total flow just inside the outline is zero (a
 *   body at rest in a stream), gamma is the fluid-side tangential velocity along t.
 *
 * Regularisation. The only singularity of a straight constant-strength panel is
 *   the logarithm at its two ends. Distances d1, d2 are clamped from below to
 *   EDDY_PANEL_CORE * L before taking the log (the paper's epsilon, but only
 *   where it matters, so the field is exact everywhere outside those two tiny
 *   discs and continuous inside them). beta stays exact: its jump across the
 *   sheet is the physics.
 *
 * Panel matrix (5.12), stream-function form. No water crosses a closed outline
 *   exactly when the whole flow's stream function is constant along it, so the
 *   strengths make psi_p + psi_rel = C (one C per outline) in the least-squares
 *   sense over four points a panel (panel_matrix.c says why not the printed
 *   one-point rule). psi_rel comes from the one-point fluxes the run time
 *   computes, b_j = A_j (u_f - u_o) . n_j (5.14), as their running sum along the
 *   outline, so the solve stays gamma = pinv b. One extra row per connected
 *   group of pieces: sum_i A_i gamma_i = 0 (5.15), held exactly (Kelvin; the
 *   limit of a heavily weighted row; panel_matrix.c).
 *
 * Parity (5.3.1). With the printed midpoint rule an even count per side could
 *   not cancel rotation and an odd count on a side cut in the middle by a mirror
 *   axis made the system exactly singular; a balancing search once traded one
 *   for the other, and some spacings of a 2:1 octagon fell between (refused on
 *   80- and 96-cell grids of a 10 m level, accepted on 64 and 128). The stream-
 *   function rows sample whole panels, so neither happens: odd counts stay (the
 *   paper's rule, harmless) but any count works, and refusal (by the residual on
 *   rigid motions, panel_matrix.c) only catches outlines of one or two panels a
 *   side.
 *
 * Violation (5.14). b_j = A_j (u_f - u_o) . n_j at the world-space midpoint, with
 *   u_o = v + omega x (m_j - origin), omega counter-clockwise positive.
 *
 * Wall images (5.3.3). The mirror image of a panel across a wall has both end
 *   points mirrored, the same order, and strength -gamma (a reflection turns
 *   counter-clockwise into clockwise); a corner image (mirrored across an x wall
 *   and a y wall) keeps +gamma. The body + image pair has zero normal velocity on
 *   the wall by symmetry; tests/test_panel.c checks it.
 *
 * Feedback (docs/design.md, "Exact feedback"). For a box mode with stream function psi_k (zero on the
 *   walls) and velocity phi_k = (dpsi/dy, -dpsi/dx), integrating by parts,
 *   integral_domain phi_k . u_p dA = + sum_{real panels} gamma_i integral_i psi_k ds.
 *   Sign +1 with counter-clockwise positive gamma (checked against quadrature).
 *   Image panels do NOT enter: their vorticity lies outside the domain, so inside it
 *   their field is a potential flow, orthogonal to every phi_k. (Adding their line
 *   integrals would add the body's contribution once more per image: psi_k is odd
 *   under each wall reflection, and so is the image's strength.)
 * ==================================================================================
 */
#ifndef EDDY_PANEL_H
#define EDDY_PANEL_H

#include "core_internal.h"
#include "tasks.h"

#include <stdbool.h>

/* Fraction of a panel's length within which the end-point logarithm is clamped. */
#define EDDY_PANEL_CORE 1e-2
/* A point within this fraction of L from a panel's segment counts as on the sheet. */
#define EDDY_PANEL_ON_SHEET 1e-10
/* Other bodies' panels are evaluated no closer than this fraction of their length
 * (see eddyi_panel_velocity_near). Closer, a piecewise-constant sheet's field shows
 * its individual panels and the Schwarz iteration diverges: two discs of 63
 * panels 0.4 L apart did with 0, 0.25 and 0.5; with 1 every gap down to touching
 * and overlapping converges in about 30 sweeps. Bodies farther apart than one
 * panel length are not affected at all. */
#ifndef EDDY_PANEL_NEAR
#define EDDY_PANEL_NEAR 1.0
#endif
/* Schwarz gives up (and falls back to the lone-body solves) when the strengths
 * grow past this factor times the lone-body ones. */
#define EDDY_PANEL_BLOWUP 1e3

#define EDDY_PANEL_MAX_VERTICES 8    /* per convex polygon piece */
#define EDDY_PANEL_MAX_PIECES 16     /* per body */
#define EDDY_PANEL_MAX_SHAPE_PANELS 4096
#define EDDY_PANEL_MAX_IMAGES 8      /* per body: 4 walls + 4 corners */

/* Singular values of P on circulation-free strengths below this times the largest
 * are null directions and are dropped from the pseudo-inverse (truncated SVD).
 * The stream-function rows (panel_matrix.c) have none on any shape measured
 * (squares, boxes, discs, octagons, triangles, 1..6 panels a side: the smallest
 * at 2e-3..4e-1 of the largest); the printed midpoint rule had one on every
 * mirror-symmetric outline cut into odd counts. */
#define EDDY_PANEL_SINGULAR_TOL 1e-8
/* A shape is refused when its panels leave more than this share of a rigid
 * motion's stream function along the outline (panel_matrix.c). Measured: 3..20
 * panels a side 2e-3..6e-2; 2 panels a side of a square 0.22, 1 a side
 * 0.1..0.15; no spacing refuses a shape a coarser one accepts. */
#define EDDY_PANEL_CONSISTENCY_TOL 0.25

/* --------------------------------------------------------- panel_velocity.c */

/* Velocity at (x, y) of a panel from (x1, y1) to (x2, y2) with strength gamma
 * (5.11, conventions above). Writes out_uv. */
void eddyi_panel_velocity(double x1, double y1, double x2, double y2, double gamma,
                         double x, double y, double out_uv[2]);

/* Normal component (along (nx, ny)) of a unit-strength panel's velocity at (x, y). */
double eddyi_panel_normal_influence(double x1, double y1, double x2, double y2,
                                   double x, double y, double nx, double ny);

/* Stream function at (x, y) of a unit-strength panel (u = dpsi/dy, v = -dpsi/dx),
 * psi = -(1 / 2 pi) integral of ln |z - z(s)| ds along the panel: continuous
 * everywhere, the sheet included. */
double eddyi_panel_stream_function(double x1, double y1, double x2, double y2, double x, double y);

/* Flux of a unit-strength panel's field through the segment (a1, b1)-(a2, b2),
 * counted along the segment's right-hand normal: psi(end) - psi(start). Exact
 * for any segment, the panel's own included (zero there). */
double eddyi_panel_flux_influence(double x1, double y1, double x2, double y2, double a1, double b1,
                                 double a2, double b2);

/* The same two, for a point on ANOTHER body (5.3.2: "velocities evaluated too
 * close to a panel should not be relied upon"): a point closer than
 * EDDY_PANEL_NEAR * L to the panel is first moved straight away from it to that
 * distance. Used by the Schwarz coupling and the surface velocity, not by probes. */
void eddyi_panel_velocity_near(double x1, double y1, double x2, double y2, double gamma,
                              double x, double y, double out_uv[2]);
double eddyi_panel_normal_influence_near(double x1, double y1, double x2, double y2,
                                        double x, double y, double nx, double ny);
/* The point those two evaluate at: (x, y) moved as described (unchanged when
 * far enough). */
void eddyi_panel_clamp_point(double x1, double y1, double x2, double y2, double *x, double *y);

/* ------------------------------------------------------------ panel_shape.c */

typedef enum eddy_piece_kind {
    EDDY_PIECE_BOX = 1,
    EDDY_PIECE_CIRCLE,
    EDDY_PIECE_POLYGON
} eddy_piece_kind;

/* One convex piece of a body, in body space. */
typedef struct eddy_piece {
    eddy_piece_kind kind;
    double cx, cy;      /* box and circle: centre */
    double angle;       /* box: rotation (radians, counter-clockwise) */
    double hx, hy;      /* box: half widths */
    double radius;      /* circle */
    int vertex_count;   /* polygon: 3..EDDY_PANEL_MAX_VERTICES, counter-clockwise, convex */
    double vertices[EDDY_PANEL_MAX_VERTICES][2];
} eddy_piece;

eddy_piece eddyi_piece_box(double hx, double hy, double cx, double cy, double angle);
/* Corners of a box or polygon piece, counter-clockwise; returns the count
 * (0 for a circle). */
int eddyi_piece_corners(const eddy_piece *p, double out[EDDY_PANEL_MAX_VERTICES][2]);
eddy_piece eddyi_piece_circle(double radius, double cx, double cy);
eddy_piece eddyi_piece_polygon(int count, const double (*vertices)[2]);

typedef struct eddy_panel_shape_desc {
    const char *name;          /* used in messages; default "shape" */
    const eddy_piece *pieces;
    int piece_count;           /* 1..EDDY_PANEL_MAX_PIECES */
    double spacing;            /* target panel length h (the grid spacing), > 0 */
    double singular_tolerance; /* 0: EDDY_PANEL_SINGULAR_TOL */
    double consistency_tolerance; /* 0: EDDY_PANEL_CONSISTENCY_TOL */
    /* TEST HOOK: > 0 forces exactly this many panels on every polygon side and on
     * every circle (even counts allowed), to reproduce the singular symmetric
     * systems of 5.3.1. 0: automatic odd counts. */
    int force_count;
} eddy_panel_shape_desc;

/* A body's panels and the pseudo-inverse of its panel matrix, all in body space.
 * Build once (precompute or load time); read-only afterwards. */
typedef struct eddy_panel_shape {
    char name[48];
    int count;            /* M panels, counter-clockwise per outline */
    int group_count;      /* R zero-circulation rows (5.15), one per connected group */
    int rows;             /* M + R */
    double *ends;         /* 4M: x1, y1, x2, y2 of each panel */
    double *mid;          /* 2M midpoints */
    double *normal;       /* 2M outward unit normals */
    double *length;       /* M panel lengths A_i */
    int *piece;           /* M: piece each panel came from */
    int *group;           /* M: circulation row of each panel */
    double *pinv;         /* M x rows, row-major: gamma = pinv [b; 0] (5.16),
                             circulation rows exact (panel_matrix.c) */
    double sigma_min, sigma_max; /* extreme singular values of P, circulation-free */
    int null_count;       /* singular directions dropped from pinv (see panel_matrix.c) */
    double consistency;   /* share of a rigid motion's stream function the panels leave
                             along the outline (refusal test, panel_matrix.c) */
    double strain_residual; /* same for two linear strains (information only) */
    double radius;        /* bounding radius about the body origin */
    double area;          /* enclosed area (m^2): a circle's true one, not its polygon's */
    double added_mass[9]; /* 3 x 3 row-major, per unit fluid density, body space, about the
                             body origin, generalised velocity (v_x, v_y, omega):
                             panel_added_mass.c */
} eddy_panel_shape;

/* Cuts the outlines into panels and builds the pseudo-inverse.
 * Pieces: each convex piece is panelled along its own counter-clockwise outline;
 * where pieces touch or overlap, the stretches of a piece's outline whose fluid
 * side is covered by another piece (shared edges, parts inside another piece)
 * are removed, and of two coincident outer edges only the lower-indexed piece
 * keeps its panels - so the panels follow the outer outline of the union.
 * Polygon sides and circles are split exactly where they cross other pieces.
 * Pieces that touch form one group with one circulation row (5.15); separate
 * pieces of one body get one row each.
 * Counts: every stretch (a kept part of a side, an arc, a circle) gets an ODD
 * number of panels of length about h (5.3.1): equal on arcs, in cosine spacing
 * on straight stretches (shorter towards the corners; panel_shape.c).
 * Errors: EDDY_ERR_ARGUMENT (bad or degenerate geometry: zero area, repeated or
 * collinear vertices, clockwise or reflex polygons), EDDY_ERR_RANGE (too many
 * panels), EDDY_ERR_NUMERIC (panels that cannot cancel rigid motion, e.g. an
 * even split forced by the test hook), EDDY_ERR_MEMORY. */
eddy_result eddyi_panel_shape_build(const eddy_panel_shape_desc *desc, eddy_panel_shape *out,
                                   eddy_error *err);
void eddyi_panel_shape_free(eddy_panel_shape *shape);

/* ------------------------------------------------------- panel_added_mass.c */

/* next[i] = the panel that starts where panel i ends (the outlines are closed
 * loops); false when one does not close. */
bool eddyi_panel_shape_link(const eddy_panel_shape *shape, int *next);
/* Panels a and b point the same way (within 1e-9 radians). */
bool eddyi_panel_collinear(const eddy_panel_shape *shape, int a, int b);

/* Area enclosed by the panels (shoelace over every panel, every loop). */
double eddyi_panel_shape_area(const eddy_panel_shape *shape);

/* ----------------------------------------------------------- panel_outline.c */

/* Area and centroid (body space) of the region the outline of the pieces the
 * shape was cut from encloses, exactly: the panels' polygon plus the circular
 * segment beyond every chord of a circle piece. pieces may be NULL (the
 * panels' polygon alone). */
void eddyi_panel_outline_moments(const eddy_panel_shape *shape, const eddy_piece *pieces,
                                int piece_count, double *area, double centroid[2]);

/* Fills shape->added_mass and shape->area from the shape's own panel solution in
 * still fluid (needs pinv). true_area > 0 is the exact area when the panels only
 * approximate the outline (a circle's); 0 takes the panelled area. */
eddy_result eddyi_panel_added_mass(eddy_panel_shape *shape, double true_area, eddy_error *err);

/* ----------------------------------------------------------- panel_matrix.c */

/* The stream-function form of 5.12 (panel_matrix.c): K = eddyi_panel_matrix_samples
 * points along the outlines, rows (K x M, row-major) the panels' stream function
 * there and rhs (K x M) minus the relative flow's as a linear form in the one-point
 * fluxes b, both centred per outline and weighted for least squares. Either may be
 * NULL. The solve is gamma = Z (rows Z)^+ rhs b, Z the circulation-free strengths
 * (5.15). EDDY_ERR_ARGUMENT when the panels do not close into outlines. */
int eddyi_panel_matrix_samples(const eddy_panel_shape *shape);
eddy_result eddyi_panel_matrix_fill(const eddy_panel_shape *shape, double *rows, double *rhs);
/* The whole flow's stream function psi_p + psi_rel (uncentred: up to one
 * constant per outline) at `count` of the K samples, for strengths gamma
 * and one-point fluxes b; loop_of[t] the outline sample t lies on. What the
 * solve makes one constant per outline; the loader checks a stored inverse
 * with it. EDDY_ERR_ARGUMENT for a sample out of range or open outlines. */
eddy_result eddyi_panel_outline_stream(const eddy_panel_shape *shape, const double *gamma,
                                      const double *b, int count, const int *samples,
                                      double *psi, int *loop_of);

/* Builds shape->pinv by truncated SVD (singular values below tolerance * sigma_max
 * are dropped as exact null directions) and measures how well it cancels rigid
 * motions and strains (shape->consistency, shape->strain_residual). */
eddy_result eddyi_panel_matrix_build(eddy_panel_shape *shape, double tolerance, eddy_error *err);

/* Refuses (EDDY_ERR_NUMERIC, message names the shape) a shape whose panels leave
 * more than consistency_tolerance of a rigid motion's stream function. */
eddy_result eddyi_panel_matrix_check(const eddy_panel_shape *shape, double consistency_tolerance,
                                    eddy_error *err);

/* ------------------------------------------------------------ panel_solve.c */

/* Pose and velocity of one body: origin (x, y) in world space, rotation angle
 * (counter-clockwise), velocity (vx, vy) of the origin, angular velocity omega. */
typedef struct eddy_panel_body_state {
    double x, y, angle;
    double vx, vy, omega;
} eddy_panel_body_state;

/* Background fluid velocity at n world points xy[2n] into uv[2n]. */
typedef void (*eddy_panel_field_fn)(void *user, int n, const double *xy, double *uv);

/* Zero fields take the defaults. */
typedef struct eddy_panel_world_desc {
    double width, height;  /* the box domain [0,W] x [0,H]; required, > 0 */
    int max_bodies;        /* required, > 0 */
    int max_panels;        /* real panels over all bodies; required, > 0 */
    bool no_images;        /* true: no wall images (for comparisons) */
    double image_range;    /* mirror a body across a wall when the gap between its
                              bounding circle and the wall is below image_range
                              times its radius. Default 4 (dipole leak ~ 1/25). */
    double tolerance;      /* Schwarz stops when |d gamma| / |gamma| <= this. Default 1e-8 */
    int max_iterations;    /* Schwarz sweep cap. Default 100 */
    bool fast;             /* the fast path of panel_fast.h (multipole far field, near field
                              cached per step, warm start); false: the reference path below,
                              direct sums in every sweep as the paper does */
    double farfield_tolerance; /* fast path: bound on rho^p / (1 - rho) of every multipole
                              term cut off (panel_fast.h). Default: tolerance */
    const struct eddy_panel_walls *walls; /* a level's interior walls (panel_walls.h), or
                              NULL: their source panels join the Schwarz iteration */
    bool surface_lid;      /* the top wall is a free surface's mean level (a tank filled
                              to a depth): a body reaching through it is imaged in it
                              and solved with that image (panel_lid.h) */
    const eddy_tasks *tasks; /* the game's workers (tasks.h), or NULL; must outlive the
                              world. The fast path's far field and near blocks run on
                              them, with results independent of the worker count */
} eddy_panel_world_desc;

typedef struct eddy_panel_report {
    int iterations;      /* Schwarz sweeps done after the per-body solves (5.17) */
    double change;       /* relative change of gamma in the last sweep */
    bool converged;      /* change <= tolerance (or nothing to iterate) */
    bool diverged;       /* sweeps blew up: strengths reset to the lone-body solves */
    int image_panels;    /* image panels in use this step */
    int far_passes;      /* fast path: far-field evaluations */
    bool capped;         /* fast path: the sweeps stopped at the work cap, unconverged */
} eddy_panel_report;

/* The fast path's work cap per step (panel_fast.c): the Gauss-Seidel sweeps
 * may spend at most this many near-field products per real panel, and
 * always at least EDDY_SCHWARZ_MIN_SWEEPS sweeps (none: a heap too large for
 * one sweep keeps the warm start or the lone-body solves). In ordinary
 * scenes a sweep costs a few hundred products per panel and the cap never
 * binds (a test's touching bodies at tolerance 1e-12 need a few dozen
 * sweeps and get them); a heap of bodies on one point costs (all panels)^2 a sweep and
 * is cut to a few sweeps. */
#define EDDY_SCHWARZ_WORK_PER_PANEL 16384.0
#define EDDY_SCHWARZ_MIN_SWEEPS 0
/* Passes the Anderson acceleration of the fast path remembers (panel_fast.c). */
#define EDDY_SCHWARZ_DEPTH 6

typedef struct eddy_panel_world_body {
    const eddy_panel_shape *shape;
    eddy_panel_body_state state;
    int first;                          /* index of its first real panel */
    int image_count;                    /* image copies this step */
    int image_first[EDDY_PANEL_MAX_IMAGES]; /* source index of each copy */
    double image_sign[EDDY_PANEL_MAX_IMAGES];
    int image_mirror[EDDY_PANEL_MAX_IMAGES]; /* 1 across an x wall, 2 a y wall, 3 both */
    double image_origin[EDDY_PANEL_MAX_IMAGES][2]; /* the body origin, mirrored likewise */
    int warm;                           /* fast path: solves whose strengths can start the
                                           next one (0, 1, or 2: extrapolate linearly) */
} eddy_panel_world_body;

/* Run-time state of all panels. Everything is allocated by create; add_body,
 * set_state, place, solve, velocity and feedback allocate nothing. Fields are
 * read-only outside panel_*.c. "Sources" are all panels that induce velocity:
 * the real ones first (index = real panel index), then the images. */
typedef struct eddy_panel_world {
    double width, height;
    bool images;
    bool surface_lid;  /* see eddy_panel_world_desc */
    double image_range, tolerance;
    int max_iterations;
    int max_bodies, body_count;
    int max_panels, panel_count;     /* real panels */
    int max_sources, source_count;   /* real + image panels */
    eddy_panel_world_body *bodies;
    double *src;       /* 4 per source: world x1, y1, x2, y2 */
    double *strength;  /* per source: gamma (real) or sign * gamma (image) */
    double *mid;       /* 2 per real panel: world midpoint */
    double *normal;    /* 2 per real panel: world outward normal */
    double *uf;        /* 2 per real panel: background velocity of the last solve */
    double *uo;        /* 2 per real panel: body velocity at the midpoint */
    double *b_orig;    /* per real panel: 5.14 */
    double *b_work;    /* per real panel: 5.14 + other bodies (5.17) */
    double *gamma_new; /* scratch, max_panels */
    double *gamma_start; /* per real panel: lone-body solves (divergence fallback) */
    double *wet;       /* per real panel: the share of it in the water, when masked: its
                          violation (5.14) and its strength are scaled by it, so panels out
                          of the water (a tank filled to a depth, a body that left) carry
                          nothing. Filled by the caller after placing */
    bool masked;       /* false: every panel is wet (wet is not read) */
    bool placed;
    bool fast;                         /* solve by panel_fast.c */
    double farfield_tolerance;
    struct eddy_panel_fast *fast_state; /* NULL until the fast path is first used */
    const eddy_tasks *tasks;            /* see eddy_panel_world_desc */
    struct eddy_wall_state *walls;      /* interior walls' source panels (panel_walls.c), or NULL */
    struct eddy_panel_lid *lid;         /* bodies piercing a surface's lid (panel_lid.c), or NULL */
} eddy_panel_world;

eddy_result eddyi_panel_world_create(const eddy_panel_world_desc *desc, eddy_panel_world **out,
                                    eddy_error *err);
void eddyi_panel_world_destroy(eddy_panel_world *w);

/* Registers a body (set-up time; the shape must outlive the world). Body indices
 * count from 0 in the order added. EDDY_ERR_CAPACITY past max_bodies/max_panels. */
eddy_result eddyi_panel_world_add_body(eddy_panel_world *w, const eddy_panel_shape *shape,
                                      int *index, eddy_error *err);
eddy_result eddyi_panel_world_set_state(eddy_panel_world *w, int body,
                                       const eddy_panel_body_state *state, eddy_error *err);

/* The workers the fast path runs on (tasks.h; NULL: none), set-up time: sizes
 * their scratch. tasks must outlive the world. */
eddy_result eddyi_panel_world_set_tasks(eddy_panel_world *w, const eddy_tasks *tasks,
                                       eddy_error *err);

/* Switches between the fast and the reference path (set-up time: the first
 * switch to the fast path allocates its buffers). Strengths carry over. */
eddy_result eddyi_panel_world_set_fast(eddy_panel_world *w, bool fast, eddy_error *err);

/* Moves every panel to world space and chooses this step's wall images. After
 * it, w->mid holds the midpoints where u_f is wanted (2 * panel_count values). */
void eddyi_panel_world_place(eddy_panel_world *w);

/* One coupling solve with u_f given at the placed midpoints (2 * panel_count):
 * 5.14, 5.16 per body, then Schwarz sweeps (5.17) over bodies and images. */
eddy_result eddyi_panel_world_solve_samples(eddy_panel_world *w, const double *uf,
                                           eddy_panel_report *report, eddy_error *err);

/* place + u_f from the callback + solve_samples. fn may be NULL (still fluid). */
eddy_result eddyi_panel_world_solve(eddy_panel_world *w, eddy_panel_field_fn fn, void *user,
                                   eddy_panel_report *report, eddy_error *err);

/* values[j] *= the wet share of real panel first + j, j < count (nothing
 * unless the world is masked). */
void eddyi_panel_mask_body(const eddy_panel_world *w, int first, int count, double *values);

/* u_p (5.18): velocity of all panels, images included, at a point. */
void eddyi_panel_world_velocity(const eddy_panel_world *w, double x, double y, double out_uv[2]);

/* u_f + u_p at each midpoint of one body, fluid-side limit of its own sheet
 * (2 * its panel count values): the relative flow for forces is this minus uo.
 * Other bodies' panels are seen as the solve sees them (eddyi_panel_velocity_near). */
void eddyi_panel_world_surface_velocity(const eddy_panel_world *w, int body, double *out_uv);

/* ------------------------------------------------------------ panel_probe.c */

/* What a probe reads near a body: the same outline cut EDDY_PROBE_REFINE times
 * finer (built at set-up, eddyi_panel_shape_build with spacing / EDDY_PROBE_REFINE;
 * none for bodies whose fine outline would pass EDDY_PROBE_MAX_PANELS), solved on
 * demand against the flow the step's panels were solved against. */
#define EDDY_PROBE_REFINE 3
#define EDDY_PROBE_MAX_PANELS 256

/* The fine outline's midpoints (2 per panel) for body `body`'s current pose, in
 * the panel world's frame: where the caller samples u_f. */
void eddyi_panel_probe_midpoints(const eddy_panel_world *w, int body,
                                const eddy_panel_shape *fine, double *xy);
/* The fine strengths: b_j = A_j (u_f + every other source - u_o) . n_j at the fine
 * midpoints, uf (2 per panel) the reduced flow plus every source but the body's
 * own real panels there (the caller sums them: coupling.c's treecode), the
 * interior walls and the body's motion added here; gamma = fine pinv b.
 * b: scratch of fine->count. */
void eddyi_panel_probe_strengths(const eddy_panel_world *w, int body,
                                const eddy_panel_shape *fine, const double *uf, double *b,
                                double *gamma);
/* The fine sheet's velocity at (x, y) less that of the body's own run-time panels,
 * with the body's wall images of both: what to add to u_p there. */
void eddyi_panel_probe_difference(const eddy_panel_world *w, int body,
                                 const eddy_panel_shape *fine, const double *gamma, double x,
                                 double y, double out_uv[2]);
/* How much of that difference a point takes: 1 within one run-time panel length
 * of the body's bounding circle, 0 beyond two, linear between (so u is
 * continuous); 0 for a body near interior walls (panel_probe.c). */
double eddyi_panel_probe_weight(const eddy_panel_world *w, int body, double x, double y);

/* --------------------------------------------------- panel_feedback_exact.c */

/* integral over the segment (x1,y1)-(x2,y2) of psi_k ds for the unit box mode m
 * (psi = N sin(a x) sin(b y), a = k1 pi / W, b = k2 pi / H, N = 2 / sqrt(lambda W H)),
 * in closed form. */
double eddyi_panel_box_segment_integral(const eddy_box_mode *m, double width, double height,
                                       double x1, double y1, double x2, double y2);

/* Exact feedback (docs/design.md): out[k] = integral_domain phi_k . u_p dA
 * = sum over REAL panels gamma_i integral_i psi_k ds, for count box modes. The
 * caller adds out to r. Cost O(panels * count), no grid. */
void eddyi_panel_feedback_box(const eddy_panel_world *w, const eddy_box_mode *modes, int count,
                             double *out);
/* The same over the real panels [first, first + panels) only (one body's). */
void eddyi_panel_feedback_box_range(const eddy_panel_world *w, int first, int panels,
                                   const eddy_box_mode *modes, int count, double *out);

/* panel_treecode.c: uv[2n] += the velocity of sources [lo, hi) of w at the
 * points xy - (ox, oy), as a two-level treecode (multipoles of clusters of
 * consecutive sources, far within 1e-6); skip (2 per point, or NULL) a range
 * of sources each point leaves out; regularised: no closer than
 * EDDY_PANEL_NEAR panel lengths to any panel. Allocates nothing. */
void eddyi_panel_sources_velocity(const eddy_panel_world *w, int lo, int hi, bool regularised,
                                 const int *skip, double ox, double oy, int n, const double *xy,
                                 double *uv);

#endif /* EDDY_PANEL_H */
