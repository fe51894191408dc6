// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_accuracy.c - how close the reduced flow stays to the full one, by
 * mode count, in a box, in the game's cave (issue 23) and in a pool under
 * its lid (issue 35): the table of
 * README "Accuracy". Numbers, not assertions.
 *
 * THE REFERENCE is a vorticity - stream-function solver written here and
 * sharing nothing with the reduced model but the level's walls: on a grid
 * `refine` times finer than the level's (each level cell cut into refine x
 * refine cells, a cut cell solid when its level cell is, so both see the
 * same rock; 256 x 256 cells for the box, 256 x 160 for the cave), the
 * vorticity w lives on the nodes and
 *     dw/dt = J(psi, w) + nu lap w,   -lap psi = w,   u = dpsi/dy, v = -dpsi/dx,
 * with Arakawa's energy- and enstrophy-conserving Jacobian, the 5-point
 * Laplacian, psi = 0 and w = 0 on every wall node (free slip, the walls
 * joined to the box: neither level has an island), third-order strong
 * stability preserving Runge-Kutta at DT_REF, and the Poisson problem
 * solved by a sparse Cholesky factorisation (CHOLMOD) made once. It knows no
 * modes, no Galerkin projection and no MAC stencil.
 *
 * THE REDUCED FLOW is the library's fluid on the level's asset (box
 * eigenmodes with their closed-form tensor, or the cave's Laplacian modes),
 * stepped at the game's 1/60 s with the same viscosity, from the reference's
 * initial flow projected on its basis.
 *
 * THE ERROR is compared on the level's own MAC grid, where the reduced
 * modes live: the reference's velocity there is its exact mean flux through
 * each face (the difference of psi at the face's ends, which are nodes of
 * both grids). Relative L2 in the grid's quadrature (eddy_mac_dot):
 *     error     |u_reduced - u_ref| / |u_ref|
 *     best fit  |u_ref - B B^T W u_ref| / |u_ref|, the least error any
 *               state of these modes can have (the reference projected).
 * The reference's own error is estimated by running it at half the
 * refinement too (its difference from the full one is printed).
 *
 * The flow: four Gaussian vortices (core 0.6 m, peak speeds about 1 m/s,
 * two of each sign) and the level's viscosity 0.002 m^2/s.
 *
 *   build/bench/bench_accuracy [--quick | --pool]   (--quick: 32..128 modes, to 2 s;
 *                                                   --pool: the pool's table alone) */
#include "eddy.h"
#include "eddy_build.h"
#include "fluid_internal.h"

#include <suitesparse/cholmod.h>

#include "bench_levels.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DT_REF (1.0 / 240.0)
#define DT_GAME (1.0 / 60.0)
#define VISCOSITY 0.002
#define CORE 0.6
#define TIMES 3
static const double SAMPLE_S[TIMES] = {1.0, 2.0, 5.0};

static void die(const char *what, const char *why)
{
    fprintf(stderr, "bench_accuracy: %s: %s\n", what, why);
    exit(1);
}

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ------------------------------------------------------------ levels */

typedef struct vortex {
    double x, y, circulation;
} vortex;

typedef struct level {
    const char *name;
    double width, height;
    int nx, ny;
    int (*walls)(eddy_wall *); /* NULL: the box */
    vortex vortices[4];
    int refine;                /* the reference's cells per level cell and side */
    double tank_height;        /* > height: a pool, the tank filled to height (its
                                  depth); the reference is the water under the lid */
} level;

/* Circulation 6 m^2/s on a 0.6 m core: a peak speed of about 1 m/s. */
#define BOX_VORTICES {{3.0, 4.0, 6.0}, {6.0, 6.5, -6.0}, {7.0, 3.0, 4.8}, {3.5, 7.5, -4.8}}
#define CAVE_VORTICES {{3.0, 3.3, 6.0}, {5.5, 4.3, -6.0}, {9.5, 1.5, 4.8}, {9.8, 5.0, -4.8}}
static const level BOX = {"box 10 x 10 m, 64 x 64 cells", 10, 10, 64, 64, NULL, BOX_VORTICES, 4, 0};
static const level CAVE = {"cave (07-cave), 12 x 7.5 m, 64 x 40 cells (the game's grid)", 12, 7.5,
                           64, 40, bench_cave_walls, CAVE_VORTICES, 4, 0};
/* The same cave on a grid twice as fine (the reference as fine as above). */
static const level CAVE_FINE = {"cave (07-cave) on 128 x 80 cells", 12, 7.5, 128, 80, bench_cave_walls,
                                CAVE_VORTICES, 2, 0};
/* A pool (issue 35): a 12 x 7.5 m tank filled to 4.5 m (precompute --depth),
 * on 64 x 24 cells; the reduced flow lives under the rigid lid at the mean
 * level, which is a free-slip wall to the reference (the surface's waves are
 * a separate model, measured in tests/test_surface.c). */
#define POOL_VORTICES {{3.0, 2.0, 6.0}, {5.5, 2.8, -6.0}, {9.0, 1.4, 4.8}, {9.4, 3.2, -4.8}}
static const level POOL = {"pool 12 x 7.5 m filled to 4.5 m, 64 x 24 cells under the lid", 12, 4.5,
                           64, 24, NULL, POOL_VORTICES, 4, 7.5};

/* ------------------------------------------------------------ the reference */

typedef struct reference {
    int refine;              /* fine cells per level cell and side */
    int nx, ny;              /* fine cells */
    double h;                /* fine spacing (square cells) */
    int nodes, unknowns;
    int *unknown_of;         /* nodes: unknown index or -1 (a wall node: psi = w = 0) */
    int *node_of;            /* unknowns: node */
    double *w, *psi;         /* nodes */
    double *w1, *w2, *rate;  /* nodes: Runge-Kutta stages */
    cholmod_common cm;
    cholmod_factor *factor;
    cholmod_dense *rhs;
} reference;

static int node(const reference *s, int i, int j) { return j * (s->nx + 1) + i; }

/* Fine cell (i, j) is solid when its level cell is. */
static bool fine_solid(const uint8_t *solid, int level_nx, int refine, int i, int j)
{
    return solid && solid[(j / refine) * level_nx + i / refine];
}

/* -lap over the unknowns (5-point, Dirichlet 0 elsewhere), factorised. */
static void factorise(reference *s)
{
    cholmod_start(&s->cm);
    cholmod_triplet *T = cholmod_allocate_triplet((size_t)s->unknowns, (size_t)s->unknowns,
                                                  3 * (size_t)s->unknowns, 1, CHOLMOD_REAL, &s->cm);
    if (!T) die("reference", "out of memory");
    double *x = T->x;
    int *ti = T->i, *tj = T->j;
    double c = 1.0 / (s->h * s->h);
    size_t e = 0;
    for (int u = 0; u < s->unknowns; ++u) {
        int n = s->node_of[u];
        ti[e] = u, tj[e] = u, x[e++] = 4.0 * c;
        int right = s->unknown_of[n + 1], up = s->unknown_of[n + s->nx + 1];
        if (right >= 0) ti[e] = u, tj[e] = right, x[e++] = -c;
        if (up >= 0) ti[e] = u, tj[e] = up, x[e++] = -c;
    }
    T->nnz = e;
    cholmod_sparse *A = cholmod_triplet_to_sparse(T, e, &s->cm);
    cholmod_free_triplet(&T, &s->cm);
    s->factor = A ? cholmod_analyze(A, &s->cm) : NULL;
    if (!s->factor || !cholmod_factorize(A, s->factor, &s->cm)) die("reference", "CHOLMOD failed");
    cholmod_free_sparse(&A, &s->cm);
    s->rhs = cholmod_zeros((size_t)s->unknowns, 1, CHOLMOD_REAL, &s->cm);
}

static void reference_create(reference *s, const level *lv, const uint8_t *solid, int refine)
{
    memset(s, 0, sizeof *s);
    s->refine = refine;
    s->nx = lv->nx * refine, s->ny = lv->ny * refine;
    s->h = lv->width / s->nx;
    s->nodes = (s->nx + 1) * (s->ny + 1);
    s->unknown_of = malloc((size_t)s->nodes * sizeof *s->unknown_of);
    s->node_of = malloc((size_t)s->nodes * sizeof *s->node_of);
    s->w = calloc((size_t)s->nodes, sizeof *s->w);
    s->psi = calloc((size_t)s->nodes, sizeof *s->psi);
    s->w1 = calloc((size_t)s->nodes, sizeof *s->w1);
    s->w2 = calloc((size_t)s->nodes, sizeof *s->w2);
    s->rate = calloc((size_t)s->nodes, sizeof *s->rate);
    for (int j = 0; j <= s->ny; ++j)
        for (int i = 0; i <= s->nx; ++i) {
            bool wall = i == 0 || j == 0 || i == s->nx || j == s->ny ||
                        fine_solid(solid, lv->nx, refine, i - 1, j - 1) ||
                        fine_solid(solid, lv->nx, refine, i, j - 1) ||
                        fine_solid(solid, lv->nx, refine, i - 1, j) ||
                        fine_solid(solid, lv->nx, refine, i, j);
            int n = node(s, i, j);
            s->unknown_of[n] = wall ? -1 : s->unknowns;
            if (!wall) s->node_of[s->unknowns++] = n;
        }
    factorise(s);
}

static void reference_free(reference *s)
{
    cholmod_free_dense(&s->rhs, &s->cm);
    cholmod_free_factor(&s->factor, &s->cm);
    cholmod_finish(&s->cm);
    free(s->unknown_of), free(s->node_of), free(s->w), free(s->psi), free(s->w1), free(s->w2);
    free(s->rate);
}

/* psi from w: -lap psi = w at the unknowns, psi = 0 on the walls. */
static void stream_function(reference *s, const double *w)
{
    double *b = s->rhs->x;
    for (int u = 0; u < s->unknowns; ++u) b[u] = w[s->node_of[u]];
    cholmod_dense *x = cholmod_solve(CHOLMOD_A, s->factor, s->rhs, &s->cm);
    if (!x) die("reference", "solve failed");
    const double *xv = x->x;
    for (int u = 0; u < s->unknowns; ++u) s->psi[s->node_of[u]] = xv[u];
    cholmod_free_dense(&x, &s->cm);
}

/* rate = J(psi, w) + nu lap w at the unknowns (Arakawa 1966: the mean of
 * the three second-order forms of psi_x w_y - psi_y w_x). */
static void tendency(reference *s, const double *w)
{
    stream_function(s, w);
    const double *p = s->psi;
    int row = s->nx + 1;
    double jac = 1.0 / (12.0 * s->h * s->h), lap = VISCOSITY / (s->h * s->h);
    for (int u = 0; u < s->unknowns; ++u) {
        int n = s->node_of[u];
        int e = n + 1, wv = n - 1, nn = n + row, sv = n - row;
        double j1 = (p[e] - p[wv]) * (w[nn] - w[sv]) - (p[nn] - p[sv]) * (w[e] - w[wv]);
        double j2 = p[e] * (w[e + row] - w[e - row]) - p[wv] * (w[wv + row] - w[wv - row]) -
                    p[nn] * (w[nn + 1] - w[nn - 1]) + p[sv] * (w[sv + 1] - w[sv - 1]);
        double j3 = w[nn] * (p[nn + 1] - p[nn - 1]) - w[sv] * (p[sv + 1] - p[sv - 1]) -
                    w[e] * (p[e + row] - p[e - row]) + w[wv] * (p[wv + row] - p[wv - row]);
        s->rate[n] = jac * (j1 + j2 + j3) + lap * (w[e] + w[wv] + w[nn] + w[sv] - 4.0 * w[n]);
    }
}

/* One SSP Runge-Kutta 3 step of the vorticity. */
static void reference_step(reference *s, double dt)
{
    tendency(s, s->w);
    for (int u = 0; u < s->unknowns; ++u) {
        int n = s->node_of[u];
        s->w1[n] = s->w[n] + dt * s->rate[n];
    }
    tendency(s, s->w1);
    for (int u = 0; u < s->unknowns; ++u) {
        int n = s->node_of[u];
        s->w2[n] = 0.75 * s->w[n] + 0.25 * (s->w1[n] + dt * s->rate[n]);
    }
    tendency(s, s->w2);
    for (int u = 0; u < s->unknowns; ++u) {
        int n = s->node_of[u];
        s->w[n] = s->w[n] / 3.0 + 2.0 / 3.0 * (s->w2[n] + dt * s->rate[n]);
    }
}

/* The vortices' vorticity at the unknowns (zero on the walls). */
static void reference_start(reference *s, const level *lv)
{
    for (int u = 0; u < s->unknowns; ++u) {
        int n = s->node_of[u];
        double x = (n % (s->nx + 1)) * s->h, y = (n / (s->nx + 1)) * s->h, sum = 0.0;
        for (int v = 0; v < 4; ++v) {
            const vortex *vx = &lv->vortices[v];
            double d2 = (x - vx->x) * (x - vx->x) + (y - vx->y) * (y - vx->y);
            sum += vx->circulation / (M_PI * CORE * CORE) * exp(-d2 / (CORE * CORE));
        }
        s->w[n] = sum;
    }
}

/* The reference's velocity on the level's MAC grid: the flux through each
 * face over its length, from psi at the face's ends. */
static void reference_on_level_grid(reference *s, const eddy_mac *g, double *field)
{
    stream_function(s, s->w);
    int q = s->refine;
    for (int j = 0; j < g->ny; ++j)
        for (int i = 0; i <= g->nx; ++i)
            field[eddy_mac_u(g, i, j)] =
                (s->psi[node(s, q * i, q * (j + 1))] - s->psi[node(s, q * i, q * j)]) / g->hy;
    for (int j = 0; j <= g->ny; ++j)
        for (int i = 0; i < g->nx; ++i)
            field[eddy_mac_v(g, i, j)] =
                -(s->psi[node(s, q * (i + 1), q * j)] - s->psi[node(s, q * i, q * j)]) / g->hx;
}

/* ------------------------------------------------------------ the reduced flow */

static eddy_asset *build(const level *lv, int modes)
{
    eddy_wall w[8];
    eddy_build_desc d = {0};
    d.width = lv->width, d.height = lv->height, d.nx = lv->nx, d.ny = lv->ny, d.modes = modes;
    if (lv->tank_height > lv->height) d.height = lv->tank_height, d.depth = lv->height;
    if (lv->walls) d.walls = w, d.wall_count = lv->walls(w);
    eddy_asset *a = NULL;
    eddy_error err;
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) die("build", err.message);
    return a;
}

/* The basis on the level's grid: box modes as the curls of their stream
 * functions (grid_modes.c), walled modes as stored. r x n, malloc'd. */
static double *basis_fields(const eddy_asset *a, const eddy_mac *g)
{
    size_t n = (size_t)eddy_mac_size(g), r = (size_t)a->mode_count;
    double *b = malloc(r * n * sizeof *b);
    for (int k = 0; k < a->eigen_count; ++k) eddyi_box_sample_curl(&a->modes[k], g, b + (size_t)k * n);
    memcpy(b + (size_t)a->eigen_count * n, a->grid_modes, (size_t)a->grid_count * n * sizeof *b);
    return b;
}

static void project(const eddy_mac *g, const double *b, int r, const double *field, double *coef)
{
    size_t n = (size_t)eddy_mac_size(g);
    for (int k = 0; k < r; ++k) coef[k] = eddy_mac_dot(g, b + (size_t)k * n, field);
}

static void reconstruct(const eddy_mac *g, const double *b, int r, const double *coef, double *field)
{
    size_t n = (size_t)eddy_mac_size(g);
    memset(field, 0, n * sizeof *field);
    for (int k = 0; k < r; ++k)
        for (size_t s = 0; s < n; ++s) field[s] += coef[k] * b[(size_t)k * n + s];
}

static double relative(const eddy_mac *g, const double *a, const double *ref, double *scratch)
{
    size_t n = (size_t)eddy_mac_size(g);
    for (size_t s = 0; s < n; ++s) scratch[s] = a[s] - ref[s];
    return sqrt(eddy_mac_dot(g, scratch, scratch) / eddy_mac_dot(g, ref, ref));
}

/* ------------------------------------------------------------ the table */

typedef struct truth {
    double *field[TIMES]; /* the reference on the level's grid at SAMPLE_S */
    double *start;        /* ... at t = 0 */
} truth;

/* Runs the reference at a refinement to the last sample time. */
static truth reference_run(const level *lv, const uint8_t *solid, const eddy_mac *g, int samples,
                           int refine, double *seconds)
{
    truth t = {0};
    size_t n = (size_t)eddy_mac_size(g);
    reference s;
    double c0 = cpu_s();
    reference_create(&s, lv, solid, refine);
    reference_start(&s, lv);
    t.start = malloc(n * sizeof *t.start);
    reference_on_level_grid(&s, g, t.start);
    int per_game = (int)lround(DT_GAME / DT_REF), step = 0;
    for (int k = 0; k < samples; ++k) {
        int until = (int)lround(SAMPLE_S[k] / DT_GAME) * per_game;
        for (; step < until; ++step) reference_step(&s, DT_REF);
        t.field[k] = malloc(n * sizeof *t.field[k]);
        reference_on_level_grid(&s, g, t.field[k]);
    }
    *seconds = cpu_s() - c0;
    reference_free(&s);
    return t;
}

static void reduced_row(const level *lv, int modes, const truth *t, int samples)
{
    eddy_asset *a = build(lv, modes);
    eddy_mac g = eddy_mac_make(lv->width, lv->height, lv->nx, lv->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    int r = a->mode_count;
    double *b = basis_fields(a, &g), *coef = malloc((size_t)r * sizeof *coef);
    double *field = malloc(n * sizeof *field), *scratch = malloc(n * sizeof *scratch);
    eddy_fluid_desc d = {0};
    d.viscosity = VISCOSITY;
    eddy_fluid *f;
    eddy_error err;
    if (eddy_fluid_create(a, &d, &f, &err) != EDDY_OK) die("fluid", err.message);
    project(&g, b, r, t->start, coef);
    eddy_fluid_set_coefficients(f, coef, r);
    printf("| %d |", r);
    int step = 0;
    double ms = 0.0;
    for (int k = 0; k < samples; ++k) {
        int until = (int)lround(SAMPLE_S[k] / DT_GAME);
        for (; step < until; ++step) {
            double c0 = cpu_s();
            if (eddy_fluid_step(f, DT_GAME) != EDDY_OK) die("step", "failed");
            ms += 1e3 * (cpu_s() - c0);
        }
        reconstruct(&g, b, r, eddy_fluid_coefficients(f), field);
        double e = relative(&g, field, t->field[k], scratch);
        project(&g, b, r, t->field[k], coef);
        reconstruct(&g, b, r, coef, field);
        double best = relative(&g, field, t->field[k], scratch);
        printf(" %.1f %% | %.1f %% |", 100.0 * e, 100.0 * best);
    }
    eddy_asset_info info;
    eddy_asset_get_info(a, &info);
    printf(" %.3f | %s |\n", ms / step, info.advection == EDDY_ADVECTION_GRID ? "grid" : "tensor");
    fflush(stdout);
    eddy_fluid_destroy(f);
    free(b), free(coef), free(field), free(scratch);
    eddy_asset_destroy(a);
}

static void truth_free(truth *t, int samples)
{
    for (int k = 0; k < samples; ++k) free(t->field[k]);
    free(t->start);
}

/* The reference at half the refinement against the full one, at the last
 * sample: an estimate of the reference's own error (second order: the
 * full one's is about a quarter of it). */
static double reference_self_check(const level *lv, const uint8_t *solid, const eddy_mac *g,
                                   const truth *full, int samples)
{
    double seconds;
    truth half = reference_run(lv, solid, g, samples, lv->refine / 2, &seconds);
    double *scratch = malloc((size_t)eddy_mac_size(g) * sizeof *scratch);
    double d = relative(g, half.field[samples - 1], full->field[samples - 1], scratch);
    free(scratch);
    truth_free(&half, samples);
    return d;
}

static void domain_table(const level *lv, const int *modes, int count, int samples)
{
    eddy_asset *a = build(lv, 16);
    const uint8_t *solid = eddy_asset_solid_mask(a);
    eddy_mac g = eddy_mac_make(lv->width, lv->height, lv->nx, lv->ny);
    double seconds;
    truth t = reference_run(lv, solid, &g, samples, lv->refine, &seconds);
    double self = reference_self_check(lv, solid, &g, &t, samples);
    printf("\n%s: reference on %d x %d cells, %.0f s of CPU; at half its refinement it differs by "
           "%.2f %% at %g s\n\n", lv->name, lv->nx * lv->refine, lv->ny * lv->refine, seconds, 100.0 * self,
           SAMPLE_S[samples - 1]);
    printf("| modes |");
    for (int k = 0; k < samples; ++k) printf(" error at %g s | best fit |", SAMPLE_S[k]);
    printf(" step ms | advection |\n|---|");
    for (int k = 0; k < samples; ++k) printf("---|---|");
    printf("---|---|\n");
    for (int m = 0; m < count; ++m) reduced_row(lv, modes[m], &t, samples);
    truth_free(&t, samples);
    eddy_asset_destroy(a);
}

int main(int argc, char **argv)
{
    bool quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    bool pool_only = argc > 1 && strcmp(argv[1], "--pool") == 0;
    if (argc > 2 || (argc > 1 && !quick && !pool_only)) {
        fprintf(stderr, "usage: bench_accuracy [--quick | --pool]\n");
        return 64;
    }
    static const int modes[] = {32, 64, 128, 192, 256, 512}, fine_modes[] = {128, 256, 512};
    int count = quick ? 3 : 6, samples = quick ? 2 : TIMES;
    printf("bench_accuracy: the reduced flow against a vorticity - stream-function reference\n"
           "(RK3 at %g s), relative L2 velocity error on the level's grid; the reduced fluid\n"
           "steps at %g s; viscosity %g m^2/s; four Gaussian vortices\n",
           DT_REF, DT_GAME, VISCOSITY);
    if (!pool_only) {
        domain_table(&BOX, modes, count, samples);
        domain_table(&CAVE, modes, count, samples);
        if (!quick) domain_table(&CAVE_FINE, fine_modes, 3, samples);
    }
    domain_table(&POOL, modes, count, samples);
    return 0;
}
