// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_internal.h - declarations shared between the engine's source files.
 * Not installed; games include eddy.h only.
 */
#ifndef EDDY_INTERNAL_H
#define EDDY_INTERNAL_H

#include "eddy.h"

#include <stdbool.h>
#include <stdint.h>

/* Strict C17 does not define M_PI. */
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ------------------------------------------------------------ error.c */

/* Fills err (if not NULL) with code and a printf-style message; returns code. */
eddy_result eddy_fail(eddy_error *err, eddy_result code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void eddy_clear_error(eddy_error *err);

/* ------------------------------------------------------------ mac_grid.c */

/* A staggered (MAC) grid over [0,W] x [0,H] with nx x ny cells.
 * u samples sit on vertical faces at (i hx, (j + 1/2) hy), i = 0..nx, j = 0..ny-1;
 * v samples sit on horizontal faces at ((i + 1/2) hx, j hy), i = 0..nx-1, j = 0..ny.
 * A sampled field is one array: all u samples (row by row in j), then all v. */
typedef struct eddy_mac {
    int nx, ny;
    double width, height;
    double hx, hy;
} eddy_mac;

eddy_mac eddy_mac_make(double width, double height, int nx, int ny);
static inline int eddy_mac_u_count(const eddy_mac *g) { return (g->nx + 1) * g->ny; }
static inline int eddy_mac_v_count(const eddy_mac *g) { return g->nx * (g->ny + 1); }
static inline int eddy_mac_size(const eddy_mac *g) { return eddy_mac_u_count(g) + eddy_mac_v_count(g); }
static inline int eddy_mac_u(const eddy_mac *g, int i, int j) { return j * (g->nx + 1) + i; }
static inline int eddy_mac_v(const eddy_mac *g, int i, int j) { return eddy_mac_u_count(g) + j * g->nx + i; }
/* Quadrature weight of a sample: the area it stands for (half at a wall). */
double eddy_mac_weight(const eddy_mac *g, int sample);
/* Position of a sample; returns 0 for a u sample, 1 for a v sample. */
int eddy_mac_position(const eddy_mac *g, int sample, double *x, double *y);
/* Weighted inner product of two sampled fields (approximates the L2 product). */
double eddy_mac_dot(const eddy_mac *g, const double *a, const double *b);
/* Discrete divergence per cell (nx*ny values), central on the staggered grid. */
void eddy_mac_divergence(const eddy_mac *g, const double *field, double *div);

/* ------------------------------------------------------------ basis_box.c */

/* Box eigenmode k: stream function psi = N sin(a x) sin(b y),
 * a = k1 pi / W, b = k2 pi / H, velocity (dpsi/dy, -dpsi/dx),
 * lambda = a^2 + b^2, N = 2 / sqrt(lambda W H) so that |phi|_L2 = 1. */
typedef struct eddy_box_mode {
    int k1, k2;
    double lambda;
} eddy_box_mode;

/* Largest wave number per axis a box basis may use (bounds stack scratch). */
#define EDDY_MAX_WAVE 512

/* Fills modes[0..count) with the count modes of smallest lambda, ties broken by
 * k1 then k2. Fails if that needs a wave number above EDDY_MAX_WAVE. */
eddy_result eddy_box_select_modes(double width, double height, int count,
                                  eddy_box_mode *modes, eddy_error *err);
double eddy_box_norm(const eddy_box_mode *m, double width, double height);
/* Velocity of one unit mode at a point (trig calls; for tests and sampling). */
void eddy_box_mode_velocity(const eddy_box_mode *m, double width, double height,
                            double x, double y, double out_uv[2]);
/* Stream function of one unit mode at a point. */
double eddy_box_mode_stream(const eddy_box_mode *m, double width, double height,
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
} eddy_box_basis;

eddy_result eddy_box_basis_init(eddy_box_basis *b, const eddy_box_mode *modes, int count,
                                double width, double height, eddy_error *err);
void eddy_box_basis_free(eddy_box_basis *b);
/* u_r = sum_k r_k phi_k(x, y), by sine/cosine recurrences: four trig calls per
 * point whatever the number of modes. */
void eddy_box_basis_velocity(const eddy_box_basis *b, const double *r, double x, double y,
                             double out_uv[2]);
/* stir_exact.c: reduced[k] += integral of the stir's force . phi_k over the
 * disc, in closed form, for the basis's box modes; false (nothing added) when
 * the disc crosses a wall (then integrate numerically). phi_u, phi_v: scratch
 * of b->count values; cache: b->count values of the bump's transform for the
 * radius *cache_radius (refilled when the radius changes; start it at 0). */
bool eddy_box_stir_projection(const eddy_box_basis *b, const eddy_stir *st, double *phi_u,
                              double *phi_v, double *cache, double *cache_radius,
                              double *reduced);
/* eddy_box_basis_velocity at n points (xy, uv: 2n values), the same bits per
 * point, the mode sums done for several points at once. */
void eddy_box_basis_velocity_many(const eddy_box_basis *b, const double *r, int n,
                                  const double *xy, double *uv);
/* Every mode's velocity at one point: phi_u[k], phi_v[k] for k < count. */
void eddy_box_basis_values(const eddy_box_basis *b, double x, double y, double *phi_u,
                           double *phi_v);
/* Samples one unit mode onto the MAC grid (point values at the face centres). */
void eddy_box_sample_mode(const eddy_box_mode *m, const eddy_mac *g, double *field);

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

void eddy_tensor_free(eddy_tensor *t);
/* Allocates storage for nnz entries over r modes (start zeroed). */
eddy_result eddy_tensor_alloc(eddy_tensor *t, int r, int64_t nnz, eddy_error *err);
/* A growing list of tensor entries (k, j, value), filled slot by slot while a
 * tensor is built (tensor_box.c, enrich.c). */
typedef struct eddy_entry_list {
    int32_t *k, *j;
    double *value;
    int64_t count, capacity;
} eddy_entry_list;
bool eddy_entry_list_push(eddy_entry_list *l, int32_t k, int32_t j, double value);
void eddy_entry_list_free(eddy_entry_list *l);

/* A(r) = sum_i r_i A_i (5.8) into dense row-major out[r*r]. */
void eddy_tensor_contract(const eddy_tensor *t, const double *coef, double *out);
/* Largest |A_i + A_i^T| entry over i: zero for an exactly skew tensor. */
double eddy_tensor_skew_defect(const eddy_tensor *t);

/* tensor_box.c: the exact Galerkin tensor of box eigenmodes, closed form. */
eddy_result eddy_box_advection_tensor(const eddy_box_mode *modes, int count, double width,
                                      double height, eddy_tensor *out, eddy_error *err);

/* tensor_grid.c: the tensor of any grid-sampled modes by quadrature on the MAC
 * grid with a central-difference advection operator; fields[m] holds mode m.
 * Entries with |C| below drop * max|C| are not stored. */
eddy_result eddy_grid_advection_tensor(const eddy_mac *g, const double *const *fields, int count,
                                       double drop, eddy_tensor *out, eddy_error *err);
/* Replaces every A_i by (A_i - A_i^T) / 2. */
eddy_result eddy_tensor_skew_symmetrize(eddy_tensor *t, eddy_error *err);
/* Central-difference (u . grad) v on the MAC grid, free-slip ghosts. */
void eddy_mac_advect(const eddy_mac *g, const double *u, const double *v, double *out);

/* ------------------------------------------------------------ taylor.c */

/* out = exp(dt M) v for a dense n x n row-major M by the iterative Taylor
 * series (5.9): v_0 = v, v_m = (h / m) M v_{m-1}, summed until |v_m| <= tol |sum|
 * or max_terms; h = dt / s with s substeps chosen so that h |M|_inf <= 1.
 * work holds 2n doubles. Returns the terms used (all substeps) and s. */
void eddy_taylor_expv(int n, const double *M, double dt, const double *v, double *out,
                      double *work, double tol, int max_terms, int *terms, int *substeps);
/* The longest dt that eddy_taylor_expv integrates with every substep at
 * h |M|_inf <= 1, i.e. to full accuracy (INFINITY for M = 0; 0 when |M| is
 * not finite). Used by the fluid's hostile-input clamp (fluid.c). */
double eddy_taylor_max_time(int n, const double *M);

/* ------------------------------------------------------------ fluid.c */

/* u_r at a point for any coefficient vector of the fluid's basis (length
 * mode_count): the coupling evaluates the pre-feedback state with it. */
void eddy_fluid_velocity_of(const eddy_fluid *f, const double *coef, double x, double y,
                            double out_uv[2]);

/* ------------------------------------------------------------ quadtree.c */

/* The error table of 5.19: error[level * bins + b] bounds how far a unit
 * panel of length panel_length, whose midpoint is b * bin_width or more from a
 * node's centre, deviates inside the node from its value at the centre.
 * Infinity where the panel may be inside the node. */
typedef struct eddy_qt_table {
    int levels, bins;
    double bin_width, panel_length;
    double *error;
} eddy_qt_table;

void eddy_qt_table_free(eddy_qt_table *t);
/* Bound at distance d for a node of this level (beyond the table: 1/d^2). */
double eddy_qt_table_error(const eddy_qt_table *t, int level, double d);

/* ------------------------------------------------------------ asset */

#define EDDY_ASSET_VERSION 1u

struct eddy_asset {
    double width, height;
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
};

/* Frees everything an asset owns (also a partly built one); accepts NULL. */
void eddy_asset_destroy(eddy_asset *asset);

/* ------------------------------------------------------------ grid_modes.c */

/* A box mode on the MAC grid as the discrete curl of its stream function at
 * the nodes (the exact flux through each face), scaled to unit grid norm:
 * discretely divergence-free, and orthonormal to the other box modes in the
 * grid product when k1 < nx and k2 < ny. */
void eddy_box_sample_curl(const eddy_box_mode *m, const eddy_mac *g, double *field);

/* Bilinear interpolation of a MAC field at a point: four u and four v
 * samples with their weights (nearest value beyond the outermost samples). */
typedef struct eddy_mac_stencil {
    int u[4], v[4];
    double wu[4], wv[4];
} eddy_mac_stencil;
void eddy_mac_stencil_at(const eddy_mac *g, double x, double y, eddy_mac_stencil *st);
/* Interpolated values of count fields (stored one after another) at a point. */
void eddy_grid_modes_values(const eddy_mac *g, const double *fields, int count, double x,
                            double y, double *phi_u, double *phi_v);
/* out_uv += sum_m coef[m] * field m at the point. */
void eddy_grid_modes_velocity(const eddy_mac *g, const double *fields, int count,
                              const double *coef, double x, double y, double out_uv[2]);
/* Componentwise five-point Laplacian: zero normal velocity on the walls,
 * mirrored tangential velocity (free slip). Symmetric in the grid product. */
void eddy_mac_laplacian(const eddy_mac *g, const double *field, double *out);

/* ------------------------------------------------------------ enrich.c */

struct eddy_build_desc;
/* Enriches a freshly built pure-eigen asset with the desc's artist and
 * snapshot sets (chapter 5.2); no-op without them. On failure the asset is
 * left as it was. */
eddy_result eddy_enrich_asset(eddy_asset *a, const struct eddy_build_desc *d, eddy_error *err);

/* ------------------------------------------------------------ container.c */

/* The versioned binary container every eddy file uses. Layout, all integers
 * little-endian:
 *   header (32 bytes): magic "EDDYFILE", u32 kind (fourcc of the file type),
 *   u32 version, u32 byte-order mark 0x01020304, u32 section count,
 *   u32 CRC-32 of the section table, u32 CRC-32 of the first 28 header bytes;
 *   section table: per section u32 tag (fourcc), u32 CRC-32 of the data,
 *   u64 offset from the file start, u64 size;
 *   section data, each 8-byte aligned. */
#define EDDY_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

typedef struct eddy_section {
    uint32_t tag;
    const void *data;
    uint64_t size;
} eddy_section;

#define EDDY_MAX_SECTIONS 64

typedef struct eddy_container {
    uint32_t kind;
    uint32_t version;
    int count;
    eddy_section sections[EDDY_MAX_SECTIONS]; /* data points into the parsed buffer */
} eddy_container;

uint32_t eddy_crc32(const void *data, size_t size);

/* Serialises sections into a new malloc'd buffer. */
eddy_result eddy_container_encode(uint32_t kind, uint32_t version, const eddy_section *sections,
                                  int count, uint8_t **out, size_t *out_size, eddy_error *err);
/* Checks and indexes a buffer; rejects anything malformed with a message. */
eddy_result eddy_container_decode(const void *data, size_t size, uint32_t kind,
                                  uint32_t max_version, eddy_container *out, eddy_error *err);
const eddy_section *eddy_container_find(const eddy_container *c, uint32_t tag);

/* atomic_file.c: writes a whole buffer to path through "path.tmp.<pid>", fsync,
 * rename. On any failure the previous file at path is untouched. */
eddy_result eddy_write_file_atomic(const char *path, const void *data, size_t size,
                                   eddy_error *err);
/* Reads a whole file into a malloc'd buffer (limit: max_size bytes). */
eddy_result eddy_read_file(const char *path, size_t max_size, uint8_t **out, size_t *out_size,
                           eddy_error *err);

/* Fault injection for tests of safe saves: when set, the atomic writer stops
 * after this many bytes and reports an I/O error. 0 disables it. */
void eddy_debug_fail_write_after(size_t bytes);

/* Bounded little-endian reader and growable writer for section payloads. */
typedef struct eddy_reader {
    const uint8_t *p;
    size_t left;
    bool failed;
} eddy_reader;

eddy_reader eddy_reader_make(const eddy_section *s);
uint32_t eddy_read_u32(eddy_reader *r);
int32_t eddy_read_i32(eddy_reader *r);
uint64_t eddy_read_u64(eddy_reader *r);
double eddy_read_f64(eddy_reader *r);
/* Reads n doubles into out; false (and r->failed) if fewer remain. */
bool eddy_read_f64s(eddy_reader *r, double *out, size_t n);
/* Reads a string written by eddy_write_string, of 1..max printable bytes, into
 * out (max + 1 bytes). NULL on success, else what is wrong ("too short",
 * "has a bad length", "is not zero-padded", "has a control byte"). */
const char *eddy_read_string(eddy_reader *r, char *out, size_t max);

typedef struct eddy_writer {
    uint8_t *data;
    size_t size, capacity;
    bool failed; /* an allocation failed */
} eddy_writer;

void eddy_write_u32(eddy_writer *w, uint32_t v);
void eddy_write_i32(eddy_writer *w, int32_t v);
void eddy_write_u64(eddy_writer *w, uint64_t v);
void eddy_write_f64(eddy_writer *w, double v);
void eddy_write_f64s(eddy_writer *w, const double *v, size_t n);
/* u32 byte length, then the bytes in 4-byte words, zero-padded. */
void eddy_write_string(eddy_writer *w, const char *s);
void eddy_writer_free(eddy_writer *w);

/* ------------------------------------------------------------ timing */

double eddy_now_ms(void);

#endif /* EDDY_INTERNAL_H */
