// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_build.h - the offline half of eddy: building and saving assets.
 *
 * The `precompute` tool is a thin command line over this header; tests and
 * tools that need an asset in memory call it directly.
 *
 *   eddy_build_desc d = {0};            // zero fields take the defaults below
 *   d.width = 10; d.height = 10; d.nx = d.ny = 64; d.modes = 73;
 *   eddy_asset *a;
 *   eddy_error err;
 *   if (eddy_build_asset(&d, &a, &err) != EDDY_OK) { report(err.message); }
 *   eddy_asset_save_file(a, "level.eddy", &err);   // atomic: temp name + rename
 *   eddy_asset_destroy(a);
 *
 * Building is not real-time work: it allocates freely and may take seconds.
 *
 * LIBRARY: libeddy-build (pkg-config eddy-build), with eddy_grid.h and
 * eddy_mode.h, on top of libeddy and libeddy-scene; it needs LAPACKE,
 * OpenBLAS, FFTW, ARPACK and CHOLMOD, which the run time (libeddy) does not.
 *
 * THREADS
 *   Build on one thread at a time: FFTW's planner and OpenBLAS's thread count
 *   are process-wide. eddy_build_asset sets OpenBLAS to one thread
 *   (openblas_set_num_threads(1)) and leaves it so: the build's sums are then
 *   cut the same way on every machine, so its bits do not depend on the core
 *   count, and a game that builds a level while it plays keeps its cores. A
 *   program that wants threaded BLAS for its own work sets it back after.
 *   A catalogue never changes once loaded and may be shared by threads;
 *   assets built here are like loaded ones (eddy.h).
 */
#ifndef EDDY_BUILD_H
#define EDDY_BUILD_H

#include "eddy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Progress of a long build: fraction in [0,1] of the named stage. */
typedef void (*eddy_progress_fn)(void *user, const char *stage, double fraction);

/* A set of painted or recorded MAC fields (eddy_mode.h). */
typedef struct eddy_mode_set eddy_mode_set;

/* A singular value counts as non-zero (its direction is kept) when it is
 * above this many times the largest one of its matrix; for the deflated
 * directions (5.10) the reference is 1, the length of each direction before
 * deflation. See engine/builder/enrich.c. */
#define EDDY_ENRICH_RANK_TOL 1e-8

/* What basis enrichment (chapter 5.2) did, for tools to report. */
typedef struct eddy_build_report {
    int artist_fields;     /* painted fields, one artist mode each */
    int artist_rank;       /* independent directions among them (first SVD) */
    int snapshot_fields;   /* snapshots used */
    int snapshot_skipped;  /* snapshots left out: zero, or nothing divergence-free */
    int snapshot_rank;     /* non-zero singular values of the snapshots */
    int pod_kept;          /* POD directions taken: min(pod_modes, snapshot_rank) */
    double pod_energy;     /* fraction of the snapshots' energy (each scaled to unit
                              length) those directions hold, in [0, 1] */
    int grid_modes;        /* directions the eigenmodes did not hold: the grid modes */
} eddy_build_report;

/* A level's catalogue of body shapes (JSON, see engine/builder/shape_catalogue.c):
 *   { "shapes": [ { "name": "crate", "pieces": [ { "shape": "box", "hw": 0.4,
 *                   "hh": 0.3 }, { "shape": "circle", "radius": 0.2, "x": 0.4 } ] } ] }
 * Pieces take the keys of scene bodies; x, y, angle place a piece in body
 * space. Errors name the field, e.g. "catalogue: shapes[1].pieces[0].radius". */
typedef struct eddy_shape_catalogue eddy_shape_catalogue;
EDDY_BUILD_API eddy_result eddy_shape_catalogue_load_file(const char *path,
                                                          eddy_shape_catalogue **out,
                                                          eddy_error *err);
EDDY_BUILD_API eddy_result eddy_shape_catalogue_load_memory(const char *text, size_t size,
                                                            eddy_shape_catalogue **out,
                                                            eddy_error *err);
EDDY_BUILD_API void eddy_shape_catalogue_destroy(eddy_shape_catalogue *catalogue);
EDDY_BUILD_API int eddy_shape_catalogue_count(const eddy_shape_catalogue *catalogue);

typedef struct eddy_build_desc {
    double width, height;     /* domain in metres. Default 10 x 10. */
    int nx, ny;               /* MAC grid cells. Default 64 x 64. */
    int modes;                /* box eigenmodes. Default 73 (the paper's game). */
    eddy_progress_fn progress; /* optional */
    void *progress_user;

    /* Basis enrichment (chapter 5.2, eq. 5.10); all optional. Every set must
     * be on the asset's grid (nx x ny cells on width x height). */
    const eddy_mode_set *const *artists; /* painted sets: each field becomes an artist
                                            mode a game can excite by name */
    int artist_count;                    /* sets in artists */
    const eddy_mode_set *const *snapshots; /* recorded fields for a POD basis */
    int snapshot_count;                  /* sets in snapshots */
    int pod_modes;            /* K: POD directions taken from the snapshots; >= 1
                                 with snapshots, 0 without */
    eddy_build_report *report; /* optional: filled with what enrichment did */

    /* Body shapes whose panels and panel-matrix pseudo-inverses (5.12, 5.15)
     * are computed now and stored, at the grid spacing min(W/nx, H/ny) the
     * coupling uses by default. A singular shape fails the build, naming it. */
    const eddy_shape_catalogue *shapes;

    /* Walls inside the box (eddy.h, WALLS): with any, `modes` counts the
     * Laplacian eigenmodes of the fluid region (found by a sparse
     * shift-invert eigensolver on the grid's nodes), and one harmonic mode
     * per island is added. Errors: EDDY_ERR_FORMAT for a bad wall (see
     * eddy_walls_check), one that covers no cell centre, walls that leave
     * no fluid, or fluid cut into separate regions; EDDY_ERR_RANGE for
     * more modes than the fluid region has grid nodes away from the walls. */
    const eddy_wall *walls;
    int wall_count;

    /* A tank filled to a depth (eddy_surface.h): the water at rest fills
     * [0, width] x [0, depth] of the width x height tank, with air above it.
     * The reduced fluid's basis, the grid (nx x ny cells) and the painted
     * modes then cover the water only, under a rigid lid at y = depth, and
     * the asset gets the free surface's sloshing modes: in closed form for
     * the box, from the Steklov-type eigenproblem on the water's cells for a
     * level with walls (walls are given in the tank's coordinates and may
     * reach above the water; one wholly above it is for bodies only).
     * 0 or height: a full tank, exactly as without the field. ny defaults to
     * nx * depth / height (the full tank's cells). EDDY_ERR_ARGUMENT for a
     * depth outside (0, height]. */
    double depth;
    int surface_modes;        /* sloshing modes of the surface; default min(32, nx / 2),
                                 at most 512 (and, with walls, fewer than the surface's
                                 cells) */
    /* How the fluid will evaluate advection (eddy.h, eddy_advection). AUTO
     * (default): on a grid when that is the cheaper per step
     * (engine/builder/advection_choice.c states the rule: a walled level
     * from about 160 modes on a 64 x 40 grid, a box from several hundred).
     * GRID stores no tensor (the asset is then a fraction of the size and
     * builds in a fraction of the time); it is EDDY_ERR_ARGUMENT for a box
     * level with painted or POD modes, which keeps its tensor. */
    eddy_advection advection;
} eddy_build_desc;

/* Builds a box-domain asset: eigenbasis, exact advection tensor, viscosity.
 *
 * With artists or snapshots the basis is enriched (5.2): every field is made
 * divergence-free on the grid and scaled to unit length; the painted fields'
 * and the snapshots' left singular directions (at most pod_modes of the
 * latter) are deflated against the eigenmodes (5.10) and decomposed again;
 * the non-zero directions (EDDY_ENRICH_RANK_TOL) become grid modes after the
 * eigenmodes, B = [E | R], orthonormal in the grid's inner product. The
 * tensor and the viscosity then cover the whole basis, and each painted field
 * is stored with its projection into B (eddy_fluid_excite) and the fractions
 * of it that E alone and B hold (eddy_asset_artist_capture).
 * Errors: EDDY_ERR_ARGUMENT for a set on another grid or pod_modes without
 * snapshots (or 0 with them); EDDY_ERR_FORMAT for a painted field with no
 * divergence-free part, only empty snapshots, or two artist modes of one
 * name; EDDY_ERR_RANGE for an eigenmode too fine for the grid (enrichment
 * needs wave numbers k1 < nx, k2 < ny) or too many modes in all. */
EDDY_BUILD_API eddy_result eddy_build_asset(const eddy_build_desc *desc, eddy_asset **out,
                                            eddy_error *err);

/* What a build costs, estimated before it starts from the description alone
 * (measured on one core; docs/cli.md). eddy_build_asset refuses with
 * EDDY_ERR_RANGE, before any work, a description over any limit below, or
 * whose cells are more than 16 times longer than wide. */
#define EDDY_BUILD_MAX_SECONDS 600.0
#define EDDY_BUILD_MIN_SIDE EDDY_MIN_SIDE /* domain sides in metres (eddy.h) */
#define EDDY_BUILD_MAX_SIDE EDDY_MAX_SIDE
#define EDDY_BUILD_MAX_BYTES (4.0 * 1073741824.0)      /* peak memory */
#define EDDY_BUILD_MAX_FILE_BYTES (2.0 * 1073741824.0) /* the loader's limit */
typedef struct eddy_build_cost {
    double seconds;     /* wall time of the build */
    double bytes;       /* peak memory */
    double file_bytes;  /* size of the asset file */
    double cell_aspect; /* a cell's longer side over its shorter */
    double table_bins;  /* bins of the quadtree error table */
} eddy_build_cost;

/* Fills out for desc (zero fields take eddy_build_asset's defaults) and
 * returns EDDY_ERR_RANGE with a message naming the sizes when the build
 * would pass a limit; out is filled either way. */
EDDY_BUILD_API eddy_result eddy_build_estimate(const eddy_build_desc *desc, eddy_build_cost *out,
                                               eddy_error *err);

/* Serialises an asset into a new buffer (release it with eddy_free). */
EDDY_BUILD_API eddy_result eddy_asset_encode(const eddy_asset *asset, unsigned char **out,
                                             size_t *out_size, eddy_error *err);

/* Writes an asset to path atomically: a temporary name, then rename. On any
 * failure the file previously at path is left intact. */
EDDY_BUILD_API eddy_result eddy_asset_save_file(const eddy_asset *asset, const char *path,
                                                eddy_error *err);

/* What an eddy file holds, section by section (for `precompute info`). */
typedef struct eddy_file_section {
    char tag[5];          /* four characters and a terminating zero */
    unsigned long long size; /* bytes */
} eddy_file_section;

/* Lists up to max sections of the file at path into out and sets *count; the
 * file is fully validated first (same checks as eddy_asset_load_file). */
EDDY_BUILD_API eddy_result eddy_file_sections(const char *path, eddy_file_section *out, int max,
                                              int *count, eddy_error *err);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BUILD_H */
