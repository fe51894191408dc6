// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy.h - a model-reduced 2D fluid for games.
 *
 * The fluid fills a rectangular level [0,W] x [0,H] (metres, y up) with solid
 * walls. Its velocity is a short vector r of coefficients over a precomputed
 * basis of divergence-free velocity fields (Laplacian eigenmodes of the box,
 * later also painted and recorded modes). A step costs a few microseconds:
 * advection is r <- exp(dt A(r)) r with A(r) = sum_i r_i A_i (chapter 5.1,
 * eqs. 5.7-5.9), viscosity is r <- exp(dt nu D) r (5.6), external forces are
 * projected onto the basis and added to r (5.4, 5.5).
 *
 * USAGE
 *
 *   // 1. Load the asset written by the `precompute` tool (read-only, can be
 *   //    shared by any number of fluids).
 *   eddy_error err;
 *   eddy_asset *asset;
 *   if (eddy_asset_load_file("level.eddy", &asset, &err) != EDDY_OK) {
 *       fprintf(stderr, "%s\n", err.message);   // the library never prints
 *       return 1;
 *   }
 *
 *   // 2. Create the run-time fluid. Every field of the description may be
 *   //    left zero to get its documented default.
 *   eddy_fluid_desc desc = {0};
 *   desc.viscosity = 1e-3;                       // m^2/s
 *   eddy_fluid *fluid;
 *   if (eddy_fluid_create(asset, &desc, &fluid, &err) != EDDY_OK) { ... }
 *
 *   // 3. Each tick: queue forces, then step. Nothing is allocated here.
 *   eddy_stir stir = { .x = 5, .y = 5, .radius = 0.5, .fx = 20, .fy = 0 };
 *   eddy_fluid_add_stir(fluid, &stir);
 *   eddy_fluid_step(fluid, 1.0 / 60.0);
 *
 *   // 4. Query the velocity anywhere (tracers, dye, probes) and the timings.
 *   double uv[2];
 *   eddy_fluid_velocity(fluid, 2.0, 3.0, uv);
 *   eddy_timings t;
 *   eddy_fluid_get_timings(fluid, &t);
 *
 *   // 5. Clean up: fluids before the asset they were made from.
 *   eddy_fluid_destroy(fluid);
 *   eddy_asset_destroy(asset);
 *
 * ERRORS
 *   Every call that can fail returns an eddy_result and, when given a non-NULL
 *   eddy_error, fills it with the code and a one-line message naming what was
 *   wrong. The library never prints, never exits and never aborts on bad input.
 *   A NULL handle is never dereferenced, in every public header: a call that
 *   can fail returns EDDY_ERR_ARGUMENT, a getter returns 0, NULL, false or
 *   zeros (an identity pose; eddy_asset_solid_at says "no fluid here"), a
 *   setter does nothing, and destroy functions accept NULL. A NULL output
 *   pointer of a getter is left alone.
 *
 * DETERMINISM
 *   The same asset, description and sequence of calls give bit-identical
 *   coefficients on the same build. There are no threads and no hidden globals.
 *
 * THREADS
 *   An asset never changes once loaded (or built): any number of fluids, on
 *   any threads, may share it. A fluid belongs to one thread at a time;
 *   fluids step in parallel without locks.
 *
 * LIFETIMES
 *   Destroy order does not matter: the last user frees. An asset destroyed
 *   while fluids made from it live stays whole until the last of them is
 *   destroyed (the handle must not be used again); a fluid destroyed while a
 *   coupling steps it (eddy_coupling.h) is stepped by the coupling until the
 *   coupling is destroyed, which frees it.
 *
 * UNITS
 *   SI throughout: metres, seconds, kg. Densities are 2D (kg/m^2), the same
 *   unit as Box2D's shape density. Forces on the fluid are force densities
 *   (N/m^2 in 2D, i.e. force per unit area of fluid).
 */
#ifndef EDDY_H
#define EDDY_H

#include "eddy_base.h"
#include "eddy_mac.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- assets */

/* Precomputed, read-only data for one level: domain, grid, basis, reduced
 * operators. Written by the `precompute` tool (see eddy_build.h). */
typedef struct eddy_asset eddy_asset;

/* A level's sides in metres: builds and loads refuse a domain outside these
 * (its eigenvalues and the grid's cells stay meaningful in double precision). */
#define EDDY_MIN_SIDE 1e-3
#define EDDY_MAX_SIDE 1e5

/* How the reduced advection A(r) v (5.8) is evaluated.
 *   TENSOR  contracted from the stored tensor C_ikj (r^3 entries for a
 *           walled level's dense tensor; the box's is sparse);
 *   GRID    on a grid, no tensor stored: for a level with walls the
 *           velocity reconstructed on the MAC grid, advected by the same
 *           stencil the tensor is built from, projected back; for a basis of
 *           box eigenmodes alone an exact collocation grid. The two paths
 *           agree to round-off. README, "Advection without the tensor".
 * AUTO in eddy_build_desc picks the cheaper for the level; in
 * eddy_fluid_desc it takes the asset's. */
typedef enum eddy_advection {
    EDDY_ADVECTION_AUTO = 0,
    EDDY_ADVECTION_TENSOR,
    EDDY_ADVECTION_GRID
} eddy_advection;

typedef struct eddy_asset_info {
    uint32_t format_version;
    double width, height;        /* domain size in metres: the water's (for a tank
                                    filled to a depth, height is its depth) */
    int nx, ny;                  /* MAC grid cells along x and y */
    int mode_count;              /* total basis size r */
    int eigen_mode_count;        /* box eigenmodes, the first modes of the basis */
    int max_wave_x, max_wave_y;  /* largest eigenmode wave numbers */
    int64_t tensor_nonzeros;     /* stored entries of the advection tensor */
    double tensor_density;       /* nonzeros / r^3 */
    int grid_mode_count;         /* artist and POD modes sampled on the MAC grid, the
                                    last modes of the basis (chapter 5.2) */
    int artist_count;            /* painted fields stored with their projection */
    int shape_count;             /* body shapes with precomputed panels (precompute --shapes) */
    /* A level with walls (see WALLS below); all zero for the plain box. */
    int wall_count;              /* wall shapes */
    int island_count;            /* walls (after rasterisation) not touching the outer box */
    int domain_mode_count;       /* Laplacian eigenmodes of the fluid region */
    int harmonic_mode_count;     /* one circulation mode per island */
    int solid_cell_count;        /* MAC cells whose centre lies inside a wall */
    /* A tank filled to a depth (SURFACE below): width x height above is the
       water at rest, the tank reaches up to tank_height. */
    double tank_height;          /* m; equal to height for a full tank */
    int surface_mode_count;      /* the free surface's sloshing modes; 0 for a full tank */
    eddy_advection advection;    /* TENSOR or GRID (then tensor_nonzeros is 0) */
    int stream_mode_count;       /* modes stored as stream functions (walled levels) */
    /* The two heights named apart (issue 29): depth is the water's at rest
       (the height above for a tank filled to a depth, else the domain's
       height), tank_height the tank's walls, from the floor up. */
    double depth;                /* m */
} eddy_asset_info;

/* Loads an asset file. Any malformed, truncated or corrupted file is rejected
 * with EDDY_ERR_FORMAT and a message; nothing is read out of bounds. */
EDDY_API eddy_result eddy_asset_load_file(const char *path, eddy_asset **out, eddy_error *err);

/* Same from a memory buffer, which is copied. */
EDDY_API eddy_result eddy_asset_load_memory(const void *data, size_t size, eddy_asset **out,
                                            eddy_error *err);

EDDY_API void eddy_asset_destroy(eddy_asset *asset);
EDDY_API void eddy_asset_get_info(const eddy_asset *asset, eddy_asset_info *out);

/* Artist modes (chapter 5.2): each painted field the asset was built with,
 * by name (the mode set's name, or "name.k" for field k of a set of several),
 * with its projection p into the basis (length mode_count) so that a game
 * can excite it with one vector add. Indices run over 0..artist_count-1. */
#define EDDY_ARTIST_NAME_MAX 80 /* bytes, without the terminating zero */

EDDY_API int eddy_asset_artist_count(const eddy_asset *asset);
/* NULL for an index out of range. */
EDDY_API const char *eddy_asset_artist_name(const eddy_asset *asset, int index);
/* The index of the artist mode called name, or -1. */
EDDY_API int eddy_asset_find_artist(const eddy_asset *asset, const char *name);
/* Fractions (0..1) of the painted field's energy, after it was made
 * divergence-free, that the eigenmodes alone and the whole enriched basis
 * hold: |E^T f|^2 / |f|^2 and |B^T f|^2 / |f|^2 in the grid's inner product.
 * Either output may be NULL. EDDY_ERR_RANGE for an index out of range. */
EDDY_API eddy_result eddy_asset_artist_capture(const eddy_asset *asset, int index,
                                               double *eigen_only, double *enriched);
/* p = B^T f for the field as painted (amplitude 1 gives its velocity), or
 * NULL for an index out of range. Owned by the asset. */
EDDY_API const double *eddy_asset_artist_projection(const eddy_asset *asset, int index);

/* A body shape of the level's catalogue whose panels and inverted panel
 * matrix (5.12, 5.15) the asset holds: bodies with exactly this outline get
 * them without any computation. */
typedef struct eddy_asset_shape_info {
    const char *name;
    int pieces, panels;
    double sigma_min, sigma_max; /* extreme singular values of the panel matrix */
} eddy_asset_shape_info;

/* EDDY_ERR_RANGE for an index outside 0 .. shape_count - 1. */
EDDY_API eddy_result eddy_asset_shape(const eddy_asset *asset, int index,
                                      eddy_asset_shape_info *out);

/* SURFACE. An asset may fill its tank only to a depth (eddy_build_desc.depth
 * in eddy_build.h): then width x height is the water at rest, the tank
 * reaches tank_height above it, and the asset holds the free surface's
 * sloshing modes. The fluid's own calls work in the water; the surface, its
 * waves and the bodies floating in it belong to a coupling (eddy_surface.h). */

/* ---------------------------------------------------------------- walls */

/* WALLS. A level need not be the bare rectangle: rock inside the W x H box,
 * given as polygons (convex or not, either orientation, no self-crossings) and
 * circles, is part of the fluid's basis. A MAC cell is solid when its centre
 * lies inside some wall (a point exactly on an edge counts by the half-open
 * crossing rule); the fluid is the other cells and must be one connected
 * region. The basis is then the Laplacian eigenmodes of the fluid region plus
 * one circulation ("harmonic") mode per island, all sampled on the MAC grid:
 * no flow ever crosses a solid face, and the velocity is zero inside solid
 * cells. Polygon corners must lie in the box; a circle's centre must, its rim
 * may leave it (the box clips it). Every wall must cover at least one cell
 * centre. Build with eddy_build_desc.walls (eddy_build.h); the asset keeps the
 * shapes for drawing and for the panels that keep bodies' flow out of them. */
#define EDDY_WALL_MAX_POINTS 64
#define EDDY_MAX_WALLS 64

typedef enum eddy_wall_kind {
    EDDY_WALL_POLYGON = 1,
    EDDY_WALL_CIRCLE = 2
} eddy_wall_kind;

typedef struct eddy_wall {
    eddy_wall_kind kind;
    int point_count;                          /* polygon: 3..EDDY_WALL_MAX_POINTS */
    double points[EDDY_WALL_MAX_POINTS][2];   /* polygon corners, metres */
    double x, y, radius;                      /* circle: centre and radius, metres */
} eddy_wall;

/* Checks walls for a W x H level (width <= 0: the shapes alone, no box):
 * EDDY_ERR_FORMAT and a message naming the
 * wall ("walls[2]: ...") for a bad kind, too few or too many points, a
 * non-finite number, a corner outside the box, two equal consecutive
 * corners, a polygon of no area or crossing itself, a radius <= 0, a centre
 * outside the box; more than EDDY_MAX_WALLS walls; a polygon too thin for
 * the rock the rigid bodies collide with (it is cut into convex pieces, and
 * every piece must pass the check bodies' polygons pass: edges of 2.5 cm,
 * corners 1.25 cm off their neighbours' line; a finely drawn arc passes, the
 * rock leaving out the corners it cannot hold). */
EDDY_API eddy_result eddy_walls_check(const eddy_wall *walls, int count, double width,
                                      double height, eddy_error *err);
/* True when (x, y) is inside the wall (the same rule the rasterisation uses). */
EDDY_API bool eddy_wall_contains(const eddy_wall *wall, double x, double y);
/* A polygon wall cut into triangles (ear clipping, the fattest ear first; each
 * counter-clockwise),
 * for drawing it or giving it to a physics engine that wants convex pieces:
 * at most max triangles into out, their count returned (point_count - 2 for
 * a well-formed polygon, fewer when collinear corners give empty ears; 0 for
 * a circle). */
EDDY_API int eddy_wall_triangles(const eddy_wall *wall, double (*out)[3][2], int max);

/* The asset's walls (0 and NULL for a box level); owned by the asset. */
EDDY_API int eddy_asset_wall_count(const eddy_asset *asset);
EDDY_API const eddy_wall *eddy_asset_walls(const eddy_asset *asset);
/* The fluid's view of the walls: nx * ny cells row by row in j, 1 = solid
 * (NULL for a box level). */
EDDY_API const uint8_t *eddy_asset_solid_mask(const eddy_asset *asset);
/* True when (x, y) lies in a solid cell or outside the box: no fluid there. */
EDDY_API bool eddy_asset_solid_at(const eddy_asset *asset, double x, double y);

/* The walls on a MAC grid (eddy_mac.h), by the rule above: mask[c] = 1 for
 * every cell c (nx * ny, row by row in j) whose centre lies inside some wall,
 * else 0; covered[w] (may be NULL, else count entries) receives the number of
 * cell centres wall w covers. Returns the number of solid cells. The walls
 * are not checked: check them first (eddy_walls_check). */
EDDY_API int eddy_walls_rasterise(const eddy_wall *walls, int count, const eddy_mac *g,
                                  uint8_t *mask, int *covered);
/* True for a face sample of g that a solid cell of the mask closes on
 * either side (the box's own faces are not counted: see eddy_mac_weight). */
EDDY_API bool eddy_face_touches_solid(const eddy_mac *g, const uint8_t *solid, int sample);

/* ---------------------------------------------------------------- fluid */

typedef struct eddy_fluid eddy_fluid;

/* Zero in any field means its default. */
typedef struct eddy_fluid_desc {
    double density;          /* kg/m^2 (2D). Default 1000. */
    double viscosity;        /* kinematic, m^2/s. Default 0 (inviscid). */
    double taylor_tolerance; /* stop the Taylor series when a term (or, on the
                                grid path, a bound of all the terms left) is
                                below this times the sum. Default 1e-9. */
    int taylor_max_terms;    /* terms per substep at most. Default 30. */
    int max_stirs;           /* stirs that can be queued between steps. Default 64. */
    eddy_advection advection; /* AUTO (default): the asset's path; TENSOR or GRID
                                 to choose (GRID for a level with walls or a
                                 basis of box eigenmodes alone; TENSOR needs an
                                 asset that stores the tensor): eddy_fluid_create
                                 fails with EDDY_ERR_ARGUMENT otherwise. */
} eddy_fluid_desc;

/* A disc-shaped push on the fluid: force density (fx, fy) in N/m^2 inside a
 * disc of the given radius, falling smoothly to zero at its rim, held for the
 * next step. Parts of the disc outside the domain are ignored. */
typedef struct eddy_stir {
    double x, y;
    double radius;
    double fx, fy;
} eddy_stir;

/* Wall-clock milliseconds spent in each phase of the last step. Timings never
 * influence results. */
typedef struct eddy_timings {
    double forces_ms;    /* projecting queued forces onto the basis (5.4, 5.5) */
    double advect_ms;    /* building A(r) and the Taylor exponential (5.8, 5.9) */
    double diffuse_ms;   /* the viscous factor exp(dt nu D) (5.6) */
    double total_ms;
    int taylor_terms;    /* Taylor terms used by the last advection, all substeps */
    int taylor_substeps; /* substeps the last advection was cut into */
    int advect_clamped;  /* 1 if the last step's advection was shortened by the
                            hostile-input clamp (see eddy_fluid_step) */
} eddy_timings;

EDDY_API eddy_result eddy_fluid_create(const eddy_asset *asset, const eddy_fluid_desc *desc,
                                       eddy_fluid **out, eddy_error *err);
EDDY_API void eddy_fluid_destroy(eddy_fluid *fluid);

/* Advances the fluid by dt seconds: queued forces, advection, viscosity.
 * Allocates nothing. Fails with EDDY_ERR_ARGUMENT for a dt that is not finite,
 * positive and at most 1e6 s (nothing changes), and with EDDY_ERR_NUMERIC (state left as before the step, the
 * queued forces dropped) if the step would produce a non-finite state.
 * Hostile input: when the flow is so fast or dt so long that dt |A(r)| is
 * more than the Taylor series integrates accurately, the advection of this
 * step is shortened to the longest time it does (timings.advect_clamped);
 * forces and viscosity use the full dt. */
EDDY_API eddy_result eddy_fluid_step(eddy_fluid *fluid, double dt);

/* Queues a stir for the next step. EDDY_ERR_CAPACITY when the queue is full,
 * EDDY_ERR_ARGUMENT for non-finite values or a radius <= 0. */
EDDY_API eddy_result eddy_fluid_add_stir(eddy_fluid *fluid, const eddy_stir *stir);

/* Adds a velocity change directly in reduced coordinates (length mode_count).
 * EDDY_ERR_ARGUMENT (and no change) for a non-finite value, or if the result
 * would not be a usable state (see eddy_fluid_set_coefficients). */
EDDY_API eddy_result eddy_fluid_add_reduced(eddy_fluid *fluid, const double *dr, int count);

/* Excites artist mode `artist` (see eddy_asset_artist_count): r += amplitude * p
 * with p its stored projection, at once (one vector add, no projection at run
 * time, chapter 5.2). Amplitude 1 adds the field as painted. EDDY_ERR_RANGE
 * for an unknown index, EDDY_ERR_ARGUMENT for a non-finite amplitude or a
 * result that would not be a usable state (the state is then unchanged). */
EDDY_API eddy_result eddy_fluid_excite(eddy_fluid *fluid, int artist, double amplitude);
/* The same by name (a linear search of the names; allocates nothing). */
EDDY_API eddy_result eddy_fluid_excite_name(eddy_fluid *fluid, const char *name, double amplitude);
/* Queues an excitation at a rate for the next step, like a force:
 * r += rate * dt * p in that step (rate in 1/s). Rates queued before one
 * step add up. */
EDDY_API eddy_result eddy_fluid_excite_rate(eddy_fluid *fluid, int artist, double rate);

/* Reduced coefficients r (length mode_count); valid until the next call that
 * changes the fluid. They are always finite, and so is their energy |r|^2:
 * eddy_fluid_set_coefficients refuses with EDDY_ERR_ARGUMENT a vector with a
 * NaN or Inf, or one whose |r|^2 or kinetic energy (density |r|^2 / 2)
 * overflows a double (|r| above ~1e154 / sqrt(density)); a step that would leave such a
 * state is refused with EDDY_ERR_NUMERIC. */
EDDY_API const double *eddy_fluid_coefficients(const eddy_fluid *fluid);
EDDY_API int eddy_fluid_mode_count(const eddy_fluid *fluid);
EDDY_API eddy_result eddy_fluid_set_coefficients(eddy_fluid *fluid, const double *r, int count);

/* Velocity at a point of the domain (u_r; zero outside the domain and inside
 * the solid cells of walls). */
EDDY_API void eddy_fluid_velocity(const eddy_fluid *fluid, double x, double y, double out_uv[2]);

/* Velocity at n points: xy and uv hold 2n doubles each. */
EDDY_API void eddy_fluid_velocity_many(const eddy_fluid *fluid, int n, const double *xy,
                                       double *uv);

/* Kinetic energy of the fluid, (density / 2) * integral |u|^2 = density |r|^2 / 2,
 * in J per metre of depth. With grid modes the integral is the grid's
 * quadrature, the inner product in which the enriched basis is orthonormal. */
EDDY_API double eddy_fluid_kinetic_energy(const eddy_fluid *fluid);

EDDY_API void eddy_fluid_get_timings(const eddy_fluid *fluid, eddy_timings *out);
EDDY_API void eddy_fluid_get_desc(const eddy_fluid *fluid, eddy_fluid_desc *out);
EDDY_API const eddy_asset *eddy_fluid_asset(const eddy_fluid *fluid);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_H */
