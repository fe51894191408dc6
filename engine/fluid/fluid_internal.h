// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * fluid_internal.h - the fluid layer's declarations shared between the
 * engine's source files (the box basis, the advection tensor, the Taylor
 * exponential, grid modes, the asset), and through core_internal.h everything of
 * the core layer. Every layer above the fluid (coupling, scene, builder) and
 * the tests include it. Not installed; games include eddy.h only.
 */
#ifndef EDDY_FLUID_INTERNAL_H
#define EDDY_FLUID_INTERNAL_H

#include "eddy.h"
#include "core_internal.h"
#include "quadtree.h" /* eddy_qt_table: the asset holds one */

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* ------------------------------------------------------------ basis_box.c */

/* eddy_box_mode, the mode as a value, is in core_internal.h (panels integrate
 * against it too). */

/* Fills modes[0..count) with the count modes of smallest lambda, ties broken by
 * k1 then k2. Fails if that needs a wave number above EDDY_MAX_WAVE. */
eddy_result eddyi_box_select_modes(double width, double height, int count,
                                  eddy_box_mode *modes, eddy_error *err);
double eddyi_box_norm(const eddy_box_mode *m, double width, double height);
/* Velocity of one unit mode at a point (trig calls; for tests and sampling). */
void eddyi_box_mode_velocity(const eddy_box_mode *m, double width, double height,
                            double x, double y, double out_uv[2]);
/* Stream function of one unit mode at a point. */
double eddyi_box_mode_stream(const eddy_box_mode *m, double width, double height,
                            double x, double y);
/* A box basis ready for fast evaluation: per-mode velocity amplitudes
 * coef_u = N b, coef_v = N a, so phi_k = (coef_u sin(a x) cos(b y),
 * -coef_v cos(a x) sin(b y)). */
typedef struct eddy_box_basis {
    int count;
    double width, height;
    int max_k1, max_k2;
    eddy_box_mode *modes; /* owned copy */
    double *coef_u, *coef_v;
    int *by_k1;           /* mode indices by k1, then index: the velocity sums
                             sin(k1 x) (sum over the k1 group of r c cos(k2 y)) */
    int *k1_start;        /* max_k1 + 2: by_k1[k1_start[k1] .. k1_start[k1 + 1]) */
    struct eddy_box_term *terms; /* count, in by_k1's order: what those sums read */
} eddy_box_basis;

/* One mode as the grouped velocity sums read it (basis_box.c). */
typedef struct eddy_box_term {
    int k, k2;            /* mode index, its k2 */
    double cu, cv;        /* coef_u[k], coef_v[k] */
} eddy_box_term;

eddy_result eddyi_box_basis_init(eddy_box_basis *b, const eddy_box_mode *modes, int count,
                                double width, double height, eddy_error *err);
void eddyi_box_basis_free(eddy_box_basis *b);
/* u_r = sum_k r_k phi_k(x, y), by sine/cosine recurrences: four trig calls per
 * point whatever the number of modes. */
void eddyi_box_basis_velocity(const eddy_box_basis *b, const double *r, double x, double y,
                             double out_uv[2]);
/* stir_exact.c: reduced[k] += integral of the stir's force . phi_k over the
 * disc, in closed form, for the basis's box modes; false (nothing added) when
 * the disc crosses a wall (then integrate numerically). phi_u, phi_v: scratch
 * of b->count values; cache: b->count values of the bump's transform for the
 * radius *cache_radius (refilled when the radius changes; start it at 0). */
bool eddyi_box_stir_projection(const eddy_box_basis *b, const eddy_stir *st, double *phi_u,
                              double *phi_v, double *cache, double *cache_radius,
                              double *reduced);
/* eddyi_box_basis_velocity at n points (xy, uv: 2n values), the same bits per
 * point, the mode sums done for several points at once. */
void eddyi_box_basis_velocity_many(const eddy_box_basis *b, const double *r, int n,
                                  const double *xy, double *uv);
/* Every mode's velocity at one point: phi_u[k], phi_v[k] for k < count. */
void eddyi_box_basis_values(const eddy_box_basis *b, double x, double y, double *phi_u,
                           double *phi_v);
/* Samples one unit mode onto the MAC grid (point values at the face centres). */
void eddyi_box_sample_mode(const eddy_box_mode *m, const eddy_mac *g, double *field);

/* ------------------------------------------------------------ sparse tensor */

/* The advection tensor C_ikj (dr_k/dt = sum_ij C_ikj r_i r_j), stored by
 * velocity slot i: entries of A_i (row k, column j) are
 * k[e], j[e], value[e] for e in [start[i], start[i+1]). */
typedef struct eddy_tensor {
    int r;
    int64_t nnz;
    int64_t *start;   /* r + 1 */
    int32_t *k;       /* nnz */
    int32_t *j;       /* nnz */
    double *value;    /* nnz */
} eddy_tensor;

void eddyi_tensor_free(eddy_tensor *t);
/* Allocates storage for nnz entries over r modes (start zeroed). */
eddy_result eddyi_tensor_alloc(eddy_tensor *t, int r, int64_t nnz, eddy_error *err);
/* A growing list of tensor entries (k, j, value), filled slot by slot while a
 * tensor is built (tensor_box.c, enrich.c). */
typedef struct eddy_entry_list {
    int32_t *k, *j;
    double *value;
    int64_t count, capacity;
} eddy_entry_list;
bool eddyi_entry_list_push(eddy_entry_list *l, int32_t k, int32_t j, double value);
void eddyi_entry_list_free(eddy_entry_list *l);

/* A(r) = sum_i r_i A_i (5.8) into dense row-major out[r*r]. */
void eddyi_tensor_contract(const eddy_tensor *t, const double *coef, double *out);
/* Largest |A_i + A_i^T| entry over i: zero for an exactly skew tensor. */
double eddyi_tensor_skew_defect(const eddy_tensor *t);

/* tensor_box.c: the exact Galerkin tensor of box eigenmodes, closed form. */
eddy_result eddyi_box_advection_tensor(const eddy_box_mode *modes, int count, double width,
                                      double height, eddy_tensor *out, eddy_error *err);
/* One entry C_ikj of it, from its three modes (the loader's spot check). */
double eddyi_box_tensor_value(const eddy_box_mode *mi, const eddy_box_mode *mk,
                             const eddy_box_mode *mj, double width, double height);

/* Replaces every A_i by (A_i - A_i^T) / 2. */
eddy_result eddyi_tensor_skew_symmetrize(eddy_tensor *t, eddy_error *err);

/* ------------------------------------------------------------ taylor.c */

/* out = exp(dt M) v for a dense n x n row-major M by the iterative Taylor
 * series (5.9): v_0 = v, v_m = (h / m) M v_{m-1}, summed until |v_m| <= tol |sum|
 * or max_terms; h = dt / s with s substeps chosen so that h |M|_inf <= 1.
 * work holds 2n doubles. Returns the terms used (all substeps) and s. */
void eddyi_taylor_expv(int n, const double *M, double dt, const double *v, double *out,
                      double *work, double tol, int max_terms, int *terms, int *substeps);
/* The same for any linear map y = M x (apply(ctx, x, y); x and y never
 * overlap) given norm, an upper bound of |M|_2: substeps keep h norm <= 1,
 * and the series also stops once h norm / (m + 1) shows that all terms after
 * the m-th sum to less than tol |sum|, one product earlier than the term
 * rule alone (the dense version above, whose |M|_inf need not bound |M|_2,
 * uses the term rule only). A map may offer a cheaper coarse product, good
 * to coarse_error norm |x|; the series uses it for the terms small enough
 * that its error stays below tol / 2 of the sum. */
typedef void (*eddy_linear_fn)(void *ctx, const double *x, double *y);
typedef struct eddy_linear_map {
    eddy_linear_fn apply;  /* y = M x */
    eddy_linear_fn coarse; /* y = M x to coarse_error norm |x|, or NULL */
    double coarse_error;
    void *ctx;
    double norm;           /* upper bound of |M|_2 */
} eddy_linear_map;
void eddyi_taylor_expv_map(int n, const eddy_linear_map *map, double dt, const double *v,
                          double *out, double *work, double tol, int max_terms, int *terms,
                          int *substeps);
/* The longest dt that eddyi_taylor_expv integrates with every substep at
 * h |M|_inf <= 1, i.e. to full accuracy (INFINITY for M = 0; 0 when |M| is
 * not finite). Used by the fluid's hostile-input clamp (fluid.c). */
double eddyi_taylor_max_time(int n, const double *M);
/* The same from a bound of the map's norm (as eddyi_taylor_expv_map's). */
double eddyi_taylor_max_time_of(double norm);

/* ------------------------------------------------------------ fluid.c */

/* u_r at a point for any coefficient vector of the fluid's basis (length
 * mode_count): the coupling evaluates the pre-feedback state with it. */
/* eddyi_fluid_velocity_of at n points at once, bit for bit the same. */
void eddyi_fluid_velocity_many_of(const eddy_fluid *f, const double *coef, int n, const double *xy,
                                 double *uv);
void eddyi_fluid_velocity_of(const eddy_fluid *f, const double *coef, double x, double y,
                            double out_uv[2]);
/* One coupling steps a fluid (eddy_coupling.h): eddyi_fluid_hold is false when
 * another holder has it already; eddyi_fluid_release lets go (if h holds it).
 * A fluid destroyed while held is only marked: the holder keeps stepping it
 * and eddyi_fluid_release frees it (issue 29: never a read of freed memory). */
bool eddyi_fluid_hold(eddy_fluid *f, const void *holder);
/* The limits of what a fluid accepts (eddy.h; issue 30: a refused call
 * moves nothing, so callers above check them first): a step of at most
 * EDDY_FLUID_MAX_DT seconds, a state whose kinetic energy is finite. Forces queued for a step that would overflow the
 * state are dropped with the step's refusal (EDDY_ERR_NUMERIC). */
#define EDDY_FLUID_MAX_DT 1e6
bool eddyi_fluid_dt_ok(double dt);
void eddyi_fluid_release(eddy_fluid *f, const void *holder);

/* The pipeline as the paper prints it, for benchmarks and the tests that
 * compare against it (never a game's choice, so not in eddy.h): A(r)
 * contracted from a dense r x r x r copy of the tensor, as 5.8 is printed
 * (8 r^3 bytes, allocated here: set-up time; the same bits as the sparse
 * contraction), and stirs projected by quadrature rather than in closed
 * form. Off by default; off again frees the dense copy. */
eddy_result eddyi_fluid_set_paper_pipeline(eddy_fluid *f, bool on, eddy_error *err);

/* reduced[k] += phi_k(x, y) . (jx, jy) for every mode (box modes exactly, grid
 * modes bilinear in their MAC samples): B^T of a point force, or, over the
 * density, of a point impulse. Nothing outside the domain. The coupling hands
 * the water the reactions of the forces on bodies this way. */
void eddyi_fluid_project_point(eddy_fluid *f, double x, double y, double jx, double jy,
                              double *reduced);
/* The same with the caller's scratch for the basis values (phi_u, phi_v: r
 * each), so that worker threads may project at once (coupling_forces.c). */
void eddyi_fluid_project_point_with(const eddy_fluid *f, double x, double y, double jx, double jy,
                                   double *reduced, double *phi_u, double *phi_v);

/* ------------------------------------------------------------ asset */

#define EDDY_ASSET_VERSION 3u /* 2: shapes carry their added mass; 3: stream functions
                                  (GPSI), advection on the grid (no ADVT) */

struct eddy_asset {
    double width, height;    /* the water at rest: the fluid's domain [0, W] x [0, D] */
    double tank_height;      /* the tank's top H >= height; above the water is air (surface
                                levels, section 'SURF'), equal to height for a full tank */
    struct eddy_asset_surface *surface; /* the free surface's modes (surface_modes.h), or NULL
                                           for a full tank */
    int nx, ny;
    int mode_count;          /* r */
    int eigen_count;         /* box modes first */
    eddy_box_mode *modes;    /* eigen_count */
    double *viscosity;       /* r*r reduced Laplacian D (5.6), row-major */
    bool viscosity_diagonal; /* D is diagonal (pure eigenbasis) */
    eddy_tensor tensor;
    /* Basis enrichment (chapter 5.2, enrich.c). Grid modes are modes
     * eigen_count..r-1; the basis is orthonormal in the grid product. */
    int grid_count;          /* r - eigen_count */
    double *grid_modes;      /* grid_count fields of eddy_mac_size samples (GMOD) */
    int artist_count;
    char (*artist_names)[EDDY_ARTIST_NAME_MAX + 1]; /* artist_count (ARTP) */
    double *artist_capture;  /* 2 per artist: eigenmodes only, enriched basis */
    double *artist_projection; /* artist_count x r: p = B^T f of each painted field */
    /* Body shapes with precomputed panels (asset_shapes.c, 'SHAP'). */
    int shape_count;
    struct eddy_asset_shape *shapes;
    /* The 5.19 table for quadtree feedback at the default panel length
     * ('QTRE'); levels == 0 when the asset has none. */
    eddy_qt_table quadtree_table;
    /* Walls (domain.h, section 'WALL'): with any, eigen_count is 0 and the
     * basis is grid modes: domain_eigen Laplacian eigenmodes of the fluid
     * region, then harmonic_count island modes, then any artist/POD modes. */
    int wall_count;
    bool has_walls_flag;     /* loading: DOMN's walls flag */
    eddy_wall *walls;        /* wall_count */
    uint8_t *solid;          /* nx*ny cells, 1 = solid (rasterised on build and load) */
    int solid_count;
    int island_count;
    int domain_eigen;        /* Laplacian eigenmodes (the first grid modes) */
    int harmonic_count;      /* island modes, after them */
    double *domain_lambda;   /* domain_eigen eigenvalues of -L, ascending */
    struct eddy_panel_walls *wall_panels; /* the walls' panels (panel_walls.c), or NULL */
    /* Stream functions of the first stream_count grid modes (a walled
     * level's Laplacian eigenmodes; section 'GPSI', asset_stream.c): grid
     * mode m is the curl (eddyi_domain_curl) of stream[m], given at the
     * stream_nodes nodes stream_node[] and zero at every other node, times
     * stream_scale[m], with the faces touching solid cells set to zero. */
    int stream_count;
    int stream_nodes;
    int *stream_node;        /* stream_nodes node indices, ascending */
    double *stream;          /* stream_count x stream_nodes, mode by mode */
    double *stream_scale;    /* stream_count */
    /* Advection evaluated on the grid (advect_grid.c): DOMN's flag, and no
     * section 'ADVT' (tensor then holds no entries, tensor.r = 0). */
    bool grid_advection;
    /* Lifetime (issue 29): the fluids made from this asset, minus one for
     * the caller's own handle once eddy_asset_destroy has let it go. Zero
     * (calloc) is the caller's handle alone; whoever takes it below zero
     * frees the asset. Atomic: fluids on other threads share an asset. */
    atomic_int users;
};

/* Lets the caller's handle go: frees everything an asset owns (also a
 * partly built one) at once, or, while fluids made from it live, when the
 * last of them is destroyed. Accepts NULL. */
void eddy_asset_destroy(eddy_asset *asset);
/* A fluid takes the asset it is made from and gives it back when it is
 * destroyed (fluid.c): the asset outlives its fluids whatever the order. */
void eddyi_asset_take(const eddy_asset *asset);
void eddyi_asset_give_back(const eddy_asset *asset);

/* ------------------------------------------------------------ grid_modes.c */

/* A box mode on the MAC grid as the discrete curl of its stream function at
 * the nodes (the exact flux through each face), scaled to unit grid norm:
 * discretely divergence-free, and orthonormal to the other box modes in the
 * grid product when k1 < nx and k2 < ny. */
void eddyi_box_sample_curl(const eddy_box_mode *m, const eddy_mac *g, double *field);

/* Bilinear interpolation of a MAC field at a point: four u and four v
 * samples with their weights (nearest value beyond the outermost samples). */
typedef struct eddy_mac_stencil {
    int u[4], v[4];
    double wu[4], wv[4];
} eddy_mac_stencil;
void eddyi_mac_stencil_at(const eddy_mac *g, double x, double y, eddy_mac_stencil *st);
/* Interpolated values of count fields (stored one after another) at a point. */
void eddyi_grid_modes_values(const eddy_mac *g, const double *fields, int count, double x,
                            double y, double *phi_u, double *phi_v);
/* out_uv += sum_m coef[m] * field m at the point. */
void eddyi_grid_modes_velocity(const eddy_mac *g, const double *fields, int count,
                              const double *coef, double x, double y, double out_uv[2]);
/* Componentwise five-point Laplacian: zero normal velocity on the walls,
 * mirrored tangential velocity (free slip). Symmetric in the grid product. */
void eddyi_mac_laplacian(const eddy_mac *g, const double *field, double *out);

#endif /* EDDY_FLUID_INTERNAL_H */
