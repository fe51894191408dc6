// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fuzz_scene.c - libFuzzer target for the scene (level) JSON loader.
 *
 * For every input that loads:
 *   - eddy_scene_to_json succeeds, its text loads again, and that scene holds
 *     bit-identical values and writes the identical text (the round trip
 *     eddy_scene.h promises);
 *   - the scene is applied to a small fluid (its description, its initial
 *     modes, its stirs over a few steps of its dt) and nothing crashes: each
 *     call either succeeds or reports a documented error code, and the
 *     fluid's state stays finite;
 *   - built as fuzz_scene_world (FUZZ_SCENE_WORLD=1), a scene with a few
 *     bodies also gets its world built (rigid-body port, panels, coupling)
 *     and takes coupled steps instead: hostile shapes, poses and velocities
 *     must be refused or stepped, never crash. That costs about a
 *     millisecond an input, a hundred times the rest, so the plain target
 *     leaves it out and reaches its ten million runs in minutes.
 * For every input that does not load: EDDY_ERR_FORMAT with a message that
 * starts with "scene: ", and no scene. */
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
#include <eddy/eddy_scene.h>
#include "fuzz_util.h"

#include <math.h>
#include <string.h>

#define FUZZ_STEPS 3
#ifndef FUZZ_SCENE_WORLD
#define FUZZ_SCENE_WORLD 0
#endif
/* Scenes with more bodies than this only get the fluid steps (cost). */
#define FUZZ_MAX_BODIES 4

static eddy_asset *scene_small_asset;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    eddy_build_desc d = {.width = 10, .height = 6, .nx = 8, .ny = 6, .modes = 12};
    eddy_error err = {0};
    if (eddy_build_asset(&d, &scene_small_asset, &err) != EDDY_OK) {
        fprintf(stderr, "fuzz_scene: cannot build the test asset: %s\n", err.message);
        abort();
    }
    return 0;
}

static int scene_same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void scene_require_same(const eddy_scene *x, const eddy_scene *y)
{
    eddy_scene_view a, b;
    eddy_scene_get(x, &a);
    eddy_scene_get(y, &b);
    fuzz_require(strcmp(a.comment, b.comment) == 0);
    fuzz_require(scene_same_double(a.dt, b.dt));
    fuzz_require(scene_same_double(a.density, b.density));
    fuzz_require(scene_same_double(a.viscosity, b.viscosity));
    fuzz_require(scene_same_double(a.gravity[0], b.gravity[0]) && scene_same_double(a.gravity[1], b.gravity[1]));
    fuzz_require(a.init_mode_count == b.init_mode_count && a.stir_count == b.stir_count);
    for (int i = 0; i < a.init_mode_count; ++i) {
        fuzz_require(a.init_modes[i].mode == b.init_modes[i].mode);
        fuzz_require(scene_same_double(a.init_modes[i].amp, b.init_modes[i].amp));
    }
    for (int i = 0; i < a.stir_count; ++i) {
        const eddy_scene_stir *s = &a.stirs[i], *t = &b.stirs[i];
        fuzz_require(scene_same_double(s->t0, t->t0) && scene_same_double(s->t1, t->t1));
        fuzz_require(scene_same_double(s->stir.x, t->stir.x) && scene_same_double(s->stir.y, t->stir.y));
        fuzz_require(scene_same_double(s->stir.radius, t->stir.radius));
        fuzz_require(scene_same_double(s->stir.fx, t->stir.fx) && scene_same_double(s->stir.fy, t->stir.fy));
    }
    fuzz_require(a.excite_count == b.excite_count);
    for (int i = 0; i < a.excite_count; ++i) {
        const eddy_scene_excite *p = &a.excites[i], *q = &b.excites[i];
        fuzz_require(strcmp(p->mode, q->mode) == 0);
        fuzz_require(scene_same_double(p->t0, q->t0) && scene_same_double(p->t1, q->t1));
        fuzz_require(scene_same_double(p->amp, q->amp));
    }
    fuzz_require(a.body_count == b.body_count);
    fuzz_require(a.feedback == b.feedback && a.buoyancy == b.buoyancy);
    for (int i = 0; i < a.body_count; ++i) {
        const eddy_scene_body *p = &a.bodies[i], *q = &b.bodies[i];
        fuzz_require(p->shape == q->shape && p->type == q->type);
        fuzz_require(p->point_count == q->point_count);
        const double u[] = {p->hw, p->hh, p->radius, p->x, p->y, p->angle, p->vx, p->vy,
                            p->omega, p->density, p->drag};
        const double v[] = {q->hw, q->hh, q->radius, q->x, q->y, q->angle, q->vx, q->vy,
                            q->omega, q->density, q->drag};
        for (size_t k = 0; k < sizeof u / sizeof u[0]; ++k)
            fuzz_require(scene_same_double(u[k], v[k]));
        for (int k = 0; k < p->point_count; ++k)
            fuzz_require(scene_same_double(p->points[k][0], q->points[k][0]) &&
                         scene_same_double(p->points[k][1], q->points[k][1]));
    }
}

static void scene_require_finite(const eddy_fluid *f)
{
    const double *c = eddy_fluid_coefficients(f);
    for (int k = 0; k < eddy_fluid_mode_count(f); ++k) fuzz_require(isfinite(c[k]));
}

static void scene_apply_to_fluid(const eddy_scene *scene)
{
    eddy_fluid_desc desc = {0};
    eddy_scene_fluid_desc(scene, &desc);
    eddy_fluid *f = NULL;
    eddy_error err = {0};
    eddy_result rc = eddy_fluid_create(scene_small_asset, &desc, &f, &err);
    if (rc != EDDY_OK) { /* e.g. more stirs than a fluid's queue may hold */
        fuzz_require(f == NULL && rc == EDDY_ERR_ARGUMENT && err.message[0] != '\0');
        return;
    }
    rc = eddy_scene_apply_initial(scene, f, &err);
    /* RANGE: a mode the basis lacks; ARGUMENT: the fluid refused the state
     * (amplitudes whose energy overflows, e.g. an amp of 1e308) */
    fuzz_require(rc == EDDY_OK || rc == EDDY_ERR_RANGE || rc == EDDY_ERR_ARGUMENT);
    scene_require_finite(f);
    double dt = eddy_scene_dt(scene);
    eddy_scene_view view;
    eddy_scene_get(scene, &view);
    eddy_world *world = NULL;
    eddy_coupling *coupling = NULL;
    if (FUZZ_SCENE_WORLD && view.body_count > 0 && view.body_count <= FUZZ_MAX_BODIES) {
        rc = eddy_scene_build_world(scene, f, &world, &coupling, NULL, &err);
        if (rc != EDDY_OK) {
            fuzz_require(world == NULL && coupling == NULL && err.message[0] != '\0');
            fuzz_require(rc == EDDY_ERR_ARGUMENT || rc == EDDY_ERR_RANGE ||
                         rc == EDDY_ERR_NUMERIC || rc == EDDY_ERR_CAPACITY);
        }
    }
    for (int n = 0; n < FUZZ_STEPS; ++n) {
        rc = eddy_scene_apply_forces(scene, f, n * dt, &err);
        fuzz_require(rc == EDDY_OK || rc == EDDY_ERR_CAPACITY || rc == EDDY_ERR_RANGE);
        if (coupling) {
            rc = eddy_coupling_step(coupling, dt, &err);
            fuzz_require(rc == EDDY_OK || rc == EDDY_ERR_NUMERIC || rc == EDDY_ERR_ARGUMENT ||
                         rc == EDDY_ERR_RANGE);
            double uv[2];
            eddy_coupling_velocity(coupling, 5.0, 3.0, uv);
            fuzz_require(isfinite(uv[0]) && isfinite(uv[1]));
        } else {
            rc = eddy_fluid_step(f, dt);
            fuzz_require(rc == EDDY_OK || rc == EDDY_ERR_NUMERIC || rc == EDDY_ERR_ARGUMENT);
        }
        scene_require_finite(f);
    }
    eddy_coupling_destroy(coupling);
    eddy_world_destroy(world);
    double uv[2];
    eddy_fluid_velocity(f, 5.0, 3.0, uv);
    fuzz_require(isfinite(uv[0]) && isfinite(uv[1]));
    eddy_fluid_destroy(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = (char *)fuzz_copy(data, size);
    eddy_scene *scene = NULL;
    eddy_error err = {0};
    eddy_result rc = eddy_scene_load_memory(text, size, &scene, &err);
    /* a scene that loads is UTF-8 text (issue 22: everything it names may be
       echoed, as JSON too) */
    fuzz_require(rc != EDDY_OK || eddy_utf8_invalid_at(text, size) < 0);
    free(text);
    if (rc != EDDY_OK) {
        fuzz_require(scene == NULL);
        fuzz_require(rc == EDDY_ERR_FORMAT || rc == EDDY_ERR_MEMORY);
        fuzz_require(strncmp(err.message, "scene: ", 7) == 0);
        return 0;
    }
    fuzz_require(scene != NULL);

    char *json = NULL, *json2 = NULL;
    fuzz_require(eddy_scene_to_json(scene, &json, &err) == EDDY_OK);
    eddy_scene *again = NULL;
    rc = eddy_scene_load_memory(json, strlen(json), &again, &err);
    if (rc != EDDY_OK) fprintf(stderr, "written scene does not load: %s\n%s\n", err.message, json);
    fuzz_require(rc == EDDY_OK);
    scene_require_same(scene, again);
    fuzz_require(eddy_scene_to_json(again, &json2, &err) == EDDY_OK);
    fuzz_require(strcmp(json, json2) == 0);
    free(json), free(json2);
    eddy_scene_destroy(again);

    scene_apply_to_fluid(scene);
    eddy_scene_destroy(scene);
    return 0;
}
