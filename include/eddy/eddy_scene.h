// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_scene.h - scenes: what a fluid starts with and what stirs it, as JSON.
 *
 * A scene is a small JSON document shared by the `sim` tool, the tests, the
 * fuzzers and the game. It says which fluid to create (density, viscosity),
 * which modes start excited, and which timed stirs push the fluid. It is
 * independent of any asset: indices are checked against an asset when the
 * scene is applied to a fluid made from it.
 *
 * SCHEMA (every field is optional; unknown fields are an error)
 *
 *   {
 *     "comment": "free text, ignored (JSON has no comments)",
 *     "dt": 0.0166666,                          // step in s; default 1/60, > 0
 *     "fluid": { "density": 1000,               // kg/m^2 (2D), > 0; default 1000
 *                "viscosity": 0.001 },          // m^2/s, >= 0; default 0
 *     "gravity": [0, -9.81],                    // m/s^2; default [0, -9.81]
 *     "init_modes": [ { "mode": 0, "amp": 1.5 } ],
 *         // r[mode] += amp at the start; mode is an index in eigenvalue order
 *         // from 0 (an integer >= 0, checked against the asset on apply);
 *         // the same mode may appear twice (the amplitudes add)
 *     "feedback": "exact",                      // exact | quadtree | naive | off
 *     "buoyancy": true,                         // hydrostatic force on bodies (5.22);
 *                                               // default true, false turns it off
 *     "bodies": [ { "shape": "box", "hw": 0.5, "hh": 0.3,   // or
 *                   "shape": "circle", "radius": 0.4,       // or
 *                   "shape": "polygon", "points": [[x,y],..] (3..8, convex, body space),
 *                   "x": 5, "y": 5, "angle": 0,             // pose (required x, y)
 *                   "vx": 0, "vy": 0, "omega": 0,           // initial velocity
 *                   "density": 1000,                        // kg/m^2, default 1000
 *                   "type": "dynamic" } ],                  // dynamic | kinematic | static
 *     "stirs": [ { "t0": 0, "t1": 2,            // active for t0 <= t < t1;
 *                                               // t0 default 0, t1 default forever,
 *                                               // t1 >= t0
 *                  "x": 5, "y": 5,              // centre in m (required)
 *                  "radius": 0.5,               // m, > 0 (required)
 *                  "fx": 20, "fy": 0 } ],       // N/m^2 (required)
 *     "excite": [ { "mode": "jet",              // an artist mode of the asset, by
 *                                               // name (required; checked on apply)
 *                   "t0": 0, "t1": 1,           // active for t0 <= t < t1, as stirs
 *                   "amp": 2 } ]                // a rate in 1/s (required): each
 *         // step active at its start t adds amp * dt * p to r, p the mode's
 *         // stored projection (chapter 5.2); so amp * (t1 - t0) = 1 adds the
 *         // painted field once, and a lasting amp holds it against viscosity
 *     "walls": [ { "shape": "polygon",          // rock inside the level (eddy.h, WALLS):
 *                  "points": [[0,2],[3,2],[3,2.4],[0,2.4]] },  // 3..64 corners, level
 *                                               // coordinates, convex or not, no crossing
 *                { "shape": "circle", "x": 6, "y": 3, "radius": 0.8 } ]
 *         // the walls the scene's asset was built with (precompute --walls FILE
 *         // reads them from a scene); applying the scene to a fluid whose
 *         // asset has other walls is EDDY_ERR_RANGE
 *     "depth": 4,                               // m: the tank is filled to this depth
 *         // (eddy_surface.h; precompute --depth); applying the scene to a fluid
 *         // whose asset's water has another depth is EDDY_ERR_RANGE
 *     "wave_viscosity": 0.002,                  // m^2/s, >= 0: the waves' damping
 *         // (default: the fluid's viscosity; 0: none)
 *     "open_top": false                         // the tank has no top (bodies may fly
 *         // out of it); default false
 *   }
 *
 * Every number must be finite. Gravity does not move the fluid itself (an
 * incompressible fluid of uniform density absorbs it into pressure); it is
 * kept for bodies and buoyancy.
 *
 * USAGE
 *
 *   eddy_error err;
 *   eddy_scene *scene;
 *   if (eddy_scene_load_file("demo.json", &scene, &err) != EDDY_OK) {
 *       fprintf(stderr, "%s\n", err.message);  // e.g. "scene: stirs[1].radius:
 *       return 1;                              //  expected a number > 0"
 *   }
 *   eddy_fluid_desc desc = {0};
 *   eddy_scene_fluid_desc(scene, &desc);       // density, viscosity, stir queue
 *   eddy_fluid *fluid;
 *   eddy_fluid_create(asset, &desc, &fluid, &err);
 *   if (eddy_scene_apply_initial(scene, fluid, &err) != EDDY_OK) { ... } // ranges
 *   double dt = eddy_scene_dt(scene);
 *   for (long n = 0; n < steps; n++) {
 *       eddy_scene_apply_forces(scene, fluid, n * dt, &err); // stirs active at t
 *       eddy_fluid_step(fluid, dt);
 *   }
 *   eddy_scene_destroy(scene);
 *
 * ERRORS
 *   Malformed JSON, a wrong type, a value out of its range, a missing required
 *   field, a duplicate or unknown field: EDDY_ERR_FORMAT, with a message that
 *   starts with "scene: " and names the field path, e.g.
 *     scene: fluid.viscosity: expected a number >= 0
 *     scene: unknown field 'stirz'
 *     scene: invalid JSON at line 3, column 12
 *   A file that cannot be read: EDDY_ERR_IO. A file or buffer larger than
 *   EDDY_SCENE_MAX_BYTES: EDDY_ERR_FORMAT. An init mode beyond the fluid's
 *   basis, found when applying: EDDY_ERR_RANGE
 *     scene: init_modes[2].mode: 80 is outside 0..72
 *   and an excite name the asset lacks, also EDDY_ERR_RANGE
 *     scene: excite[0].mode: the asset has no artist mode 'jat' (it has: jet)
 *   Like the rest of the library, nothing here prints or exits.
 *
 * THREADS
 *   A scene never changes once loaded: threads may share it. The world and
 *   coupling eddy_scene_build_world makes belong to one thread at a time
 *   (eddy_coupling.h).
 *
 * LIBRARY: libeddy-scene (pkg-config eddy-scene), on top of libeddy; it
 * needs cJSON and nothing of the builder, so a game that reads its levels as
 * scenes runs without LAPACK, FFTW, ARPACK or CHOLMOD.
 */
#ifndef EDDY_SCENE_H
#define EDDY_SCENE_H

#include "eddy.h"
#include "eddy_body.h"
#include "eddy_coupling.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest scene document accepted, in bytes. */
#define EDDY_SCENE_MAX_BYTES (4u << 20)
/* Most bodies in a scene (and pieces in a catalogue shape): with the
 * coupling's cap on Schwarz work a step then stays within a few tens of
 * milliseconds (docs/cli.md). */
#define EDDY_SCENE_MAX_BODIES 1024

typedef struct eddy_scene eddy_scene;

/* One initial excitation: r[mode] += amp. */
typedef struct eddy_scene_mode {
    int mode;
    double amp;
} eddy_scene_mode;

/* One timed stir, queued on every step whose start time t has t0 <= t < t1.
 * t1 is +INFINITY when the scene leaves it out. */
typedef struct eddy_scene_stir {
    double t0, t1;
    eddy_stir stir;
} eddy_scene_stir;

/* One timed excitation of an artist mode at a rate amp (1/s), queued with
 * eddy_fluid_excite_rate on every step whose start time t has t0 <= t < t1
 * (t1 is +INFINITY when left out). */
typedef struct eddy_scene_excite {
    char mode[EDDY_ARTIST_NAME_MAX + 1];
    double t0, t1;
    double amp;
} eddy_scene_excite;

typedef enum eddy_scene_shape {
    EDDY_SCENE_BOX = 0,
    EDDY_SCENE_CIRCLE,
    EDDY_SCENE_POLYGON
} eddy_scene_shape;

/* One rigid body of the scene (all lengths in m, body space for points). */
typedef struct eddy_scene_body {
    eddy_scene_shape shape;
    double hw, hh;              /* box half width and height */
    double radius;              /* circle */
    int point_count;            /* polygon, 3..EDDY_MAX_POLYGON_VERTICES */
    double points[EDDY_MAX_POLYGON_VERTICES][2];
    double x, y, angle;         /* pose of the body origin */
    double vx, vy, omega;       /* initial velocity */
    double density;             /* kg/m^2; default 1000 (neutral in water) */
    eddy_body_type type;        /* default dynamic */
    double drag;                /* "drag": drag coefficient on the frontal width, 0..100
                                   (eddy_coupling_set_drag); negative when absent: the
                                   shape's default */
} eddy_scene_body;

/* Everything a scene holds, with defaults filled in. The pointers stay valid
 * until the scene is destroyed. */
typedef struct eddy_scene_view {
    const char *comment;          /* "" when absent */
    double dt;                    /* s */
    double density;               /* kg/m^2 */
    double viscosity;             /* m^2/s */
    double gravity[2];            /* m/s^2 */
    int init_mode_count;
    const eddy_scene_mode *init_modes;
    int stir_count;
    const eddy_scene_stir *stirs;
    int body_count;
    const eddy_scene_body *bodies;
    eddy_feedback_mode feedback;  /* default exact */
    bool buoyancy;                /* default true (eddy_coupling_desc.no_buoyancy) */
    int excite_count;
    const eddy_scene_excite *excites;
    int wall_count;                /* the level's walls (eddy.h, WALLS); 0 for the box */
    const eddy_wall *walls;
    double depth;                  /* the water's depth at rest (eddy_surface.h); 0: a full tank */
    double wave_viscosity;         /* m^2/s of the waves; -1 when left to the fluid's viscosity */
    bool open_top;                 /* the tank's walls leave the top open */
} eddy_scene_view;

/* Parses a scene from a JSON file (at most EDDY_SCENE_MAX_BYTES). */
EDDY_SCENE_API eddy_result eddy_scene_load_file(const char *path, eddy_scene **out,
                                                eddy_error *err);

/* Parses a scene from size bytes of JSON text (no terminating zero needed;
 * a zero byte inside the text is an error). */
EDDY_SCENE_API eddy_result eddy_scene_load_memory(const char *text, size_t size, eddy_scene **out,
                                                  eddy_error *err);

/* Accepts NULL. */
EDDY_SCENE_API void eddy_scene_destroy(eddy_scene *scene);

EDDY_SCENE_API void eddy_scene_get(const eddy_scene *scene, eddy_scene_view *out);

/* The scene's step, in seconds (1/60 unless the scene says otherwise). */
EDDY_SCENE_API double eddy_scene_dt(const eddy_scene *scene);

/* Sets desc->density and desc->viscosity from the scene and, when the scene
 * has more stirs than the fluid's default queue holds, desc->max_stirs; other
 * fields are left as they are. */
EDDY_SCENE_API void eddy_scene_fluid_desc(const eddy_scene *scene, eddy_fluid_desc *desc);

/* Sets the fluid's coefficients to the scene's initial state: zero plus every
 * init mode. Checks every mode index against the fluid's basis first, and
 * every excite entry's name against its asset's artist modes
 * (EDDY_ERR_RANGE, fluid unchanged). Allocates a scratch vector. */
EDDY_SCENE_API eddy_result eddy_scene_apply_initial(const eddy_scene *scene, eddy_fluid *fluid,
                                                    eddy_error *err);

/* Queues every stir and excitation active at time t (t0 <= t < t1) on the
 * fluid. Allocates nothing. Fails if the fluid rejects a stir (e.g. a full
 * queue) or the asset has no artist mode of an excite entry's name
 * (EDDY_ERR_RANGE, "scene: excite[1].mode: ..."); what was queued before the
 * failure stays queued. */
EDDY_SCENE_API eddy_result eddy_scene_apply_forces(const eddy_scene *scene, eddy_fluid *fluid,
                                                   double t, eddy_error *err);

/* The port shape of a scene body, centred on the body origin, with the
 * body's density; other shape fields are left at their defaults. */
EDDY_SCENE_API void eddy_scene_body_shape(const eddy_scene_body *body, eddy_shape_desc *out);

/* Builds the rigid-body side of a scene for a fluid: a world with the
 * scene's gravity, the tank's four walls as one static body that is not
 * coupled (eddy_coupling_add_walls: the fluid has walls of its own; their
 * inner faces stand 0.01 m minus the backend's polygon_skin inside the
 * domain, so that bodies rest inside it on Box2D v3 as on 2.4; the world's
 * first body), the asset's walls as rock (see eddy_scene_add_rock below), the
 * scene's bodies in order (with
 * sleep disabled: the fluid pushes them every step)
 * (out_bodies, if not NULL, receives body_count handles), and a coupling with
 * the scene's feedback and buoyancy. On failure nothing is left allocated;
 * a body outside the fluid's domain is EDDY_ERR_RANGE naming bodies[i]. */
EDDY_SCENE_API eddy_result eddy_scene_build_world(const eddy_scene *scene, eddy_fluid *fluid,
                                                  eddy_world **out_world,
                                                  eddy_coupling **out_coupling,
                                                  eddy_body **out_bodies, eddy_error *err);

/* The asset's walls (eddy.h, WALLS) as one static body of the world, for
 * bodies to collide with; it is not coupled (the fluid has the walls in its
 * basis). Convex polygons of at most EDDY_MAX_POLYGON_VERTICES corners are one
 * shape each, other polygons are cut into triangles. *out (may be NULL) gets
 * the body, NULL for a level without walls. */
EDDY_SCENE_API eddy_result eddy_scene_add_rock(eddy_world *world, const eddy_asset *asset,
                                               eddy_body **out, eddy_error *err);

/* What one step of the scene's coupled world costs (eddy_coupling.h, "what
 * a step costs"): base gives the asset's side (modes, tensor entries, walls,
 * domain, grid, and optionally feedback, sweeps, Taylor terms); the scene
 * gives its bodies, where they start, and its feedback when base leaves it
 * at EDDY_FEEDBACK_DEFAULT. */
EDDY_SCENE_API eddy_result eddy_scene_step_cost(const eddy_scene *scene,
                                                const eddy_step_cost_desc *base,
                                                eddy_step_cost *out, eddy_error *err);

/* EDDY_ERR_RANGE (naming both counts) unless the asset was built with
 * exactly the scene's walls, and (naming both depths) filled to the scene's
 * depth; a scene without walls or depth fits any asset. */
EDDY_SCENE_API eddy_result eddy_scene_check_asset_walls(const eddy_scene *scene,
                                                        const eddy_asset *asset,
                                                        eddy_error *err);

/* Writes the scene back as JSON (every field, defaults included, numbers that
 * parse back to the same doubles) into a new zero-terminated string; release
 * it with eddy_free. Loading the text gives an identical scene. */
EDDY_SCENE_API eddy_result eddy_scene_to_json(const eddy_scene *scene, char **out_text,
                                              eddy_error *err);

/* ---------------------------------------------------------------- JSON helpers */

/* The "walls" of a JSON object (a scene, a game level, a file of walls alone:
 * other keys are ignored), parsed and checked as a scene's walls are, into a
 * new array (*out, release with eddy_free; NULL when *count is 0).
 * EDDY_ERR_FORMAT for text that is not a JSON object ("not a JSON object"),
 * has no "walls" ("no \"walls\""), or walls a scene would refuse. */
EDDY_SCENE_API eddy_result eddy_walls_from_json(const char *text, size_t size, eddy_wall **out,
                                                int *count, eddy_error *err);

/* Walls as a JSON object {"walls": [...]} (an empty object for none),
 * indented, numbers that parse back to the same doubles, into a new
 * zero-terminated string; release it with eddy_free. */
EDDY_SCENE_API eddy_result eddy_walls_to_json(const eddy_wall *walls, int count, char **out_text,
                                              eddy_error *err);

/* The byte offset of the first "\u0000" escape inside a JSON string of text,
 * or -1. A JSON parser that ends a string at the NUL it decodes (cJSON does)
 * would silently read a name "je\u0000t" as "je": eddy's loaders refuse such
 * texts, and a program reading its own JSON with cJSON can do the same. */
EDDY_SCENE_API long eddy_json_find_nul_escape(const char *text, size_t size);

/* Whether text (size bytes, no terminator needed) is a JSON document as
 * every eddy loader reads one: UTF-8 without a zero byte (RFC 8259), exactly
 * one value with nothing but white space after it, and no "\u0000" escape.
 * EDDY_ERR_FORMAT otherwise, with a message that starts "what: " and names
 * the line and column. For a program that parses its own JSON (a game's
 * level files) and wants it held to the same rules. */
EDDY_SCENE_API eddy_result eddy_json_check_text(const char *text, size_t size, const char *what,
                                                eddy_error *err);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_SCENE_H */
