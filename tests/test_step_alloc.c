// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_step_alloc.c - the coupled step allocates nothing (docs/design.md,
 * "Architecture and conventions"; issue 7): the paper-game scene, after
 * warm-up, with every allocation of the process counted while
 * eddy_coupling_step runs.
 *
 * malloc, calloc, realloc and free are defined here, which puts them in front
 * of the C library's for every caller in the process (the shared libraries
 * included), and hand the work to glibc's __libc_* entry points. A call is
 * ours when it returns into this executable, where libeddy.a is linked;
 * Box2D's calls are counted apart and only reported: 2.4 is a shared C++
 * library (its block allocator may grow when new contacts appear), and v3,
 * linked into this executable, is given counting functions through its
 * allocator hook b2SetAllocator (v3 allocates when a body falls asleep or
 * is woken; the scene's coupled bodies never sleep, see eddy_scene.h).
 * Under the sanitizers, which own malloc themselves, the test is skipped. */
#include "test_util.h"

#include "coupling_internal.h" /* eddyi_coupling_set_paper_pipeline, the panel world */
#include "eddy_coupling.h"
#include "eddy_scene.h"
#include "panel_lid.h" /* eddyi_panel_lid_wet: which bodies the lid solve holds */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#define EDDY_OWN_MALLOC 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define EDDY_OWN_MALLOC 0
#endif
#endif
#ifndef EDDY_OWN_MALLOC
#define EDDY_OWN_MALLOC 1
#endif

#if EDDY_OWN_MALLOC
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t size);
extern void __libc_free(void *p);
extern char __executable_start, etext; /* this executable's code (GNU ld) */

static int counting;
static long ours, theirs;

static void count(void *caller)
{
    if (!counting) return;
    const char *c = caller;
    if (c >= &__executable_start && c < &etext) ++ours;
    else ++theirs;
}

void *malloc(size_t size)
{
    count(__builtin_return_address(0));
    return __libc_malloc(size);
}

void *calloc(size_t n, size_t size)
{
    count(__builtin_return_address(0));
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t size)
{
    count(__builtin_return_address(0));
    return __libc_realloc(p, size);
}

void free(void *p)
{
    if (p) count(__builtin_return_address(0));
    __libc_free(p);
}

/* Box2D v3's allocator hook; a weak reference, so that it is NULL on 2.4. */
typedef void *box2d_alloc_fn(unsigned int size, int alignment);
typedef void box2d_free_fn(void *mem);
extern void b2SetAllocator(box2d_alloc_fn *alloc, box2d_free_fn *release) __attribute__((weak));

static void *box2d_alloc(unsigned int size, int alignment)
{
    if (counting) ++theirs;
    size_t n = ((size_t)size + (size_t)alignment - 1) / (size_t)alignment * (size_t)alignment;
    return aligned_alloc((size_t)alignment, n); /* glibc's, not the malloc above */
}

static void box2d_free(void *p)
{
    if (counting && p) ++theirs;
    __libc_free(p);
}
#endif

static void paper_game_step_allocates_nothing(void **state)
{
    (void)state;
#if !EDDY_OWN_MALLOC
    print_message("alloc: skipped under the sanitizers (they own malloc)\n");
    skip();
#else
    if (b2SetAllocator) b2SetAllocator(box2d_alloc, box2d_free);
    eddy_asset *asset = test_build_asset(10, 10, 64, 64, 73);
    eddy_error err;
    eddy_scene *scene;
    if (eddy_scene_load_file("assets/scenes/paper-game.json", &scene, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(scene, &fd);
    eddy_fluid *fluid;
    counting = 1; /* the counter sees the library's own allocations */
    assert_int_equal(eddy_fluid_create(asset, &fd, &fluid, &err), EDDY_OK);
    counting = 0;
    assert_true(ours > 0);
    ours = theirs = 0;
    assert_int_equal(eddy_scene_apply_initial(scene, fluid, &err), EDDY_OK);
    eddy_world *world;
    eddy_coupling *c;
    assert_int_equal(eddy_scene_build_world(scene, fluid, &world, &c, NULL, &err), EDDY_OK);
    double dt = eddy_scene_dt(scene);
    const int warmup = 300, steps = 600;
    long foreign_steps = 0;
    for (int n = 0; n < warmup + steps; ++n) {
        assert_int_equal(eddy_scene_apply_forces(scene, fluid, n * dt, &err), EDDY_OK);
        long before = theirs;
        counting = n >= warmup;
        eddy_result rc = eddy_coupling_step(c, dt, &err);
        counting = 0;
        foreign_steps += theirs != before;
        assert_true(rc == EDDY_OK || rc == EDDY_ERR_RANGE);
    }
    print_message("alloc: %d steps after %d of warm-up: %ld allocations or frees by eddy, %ld by "
                  "Box2D in %ld steps\n", steps, warmup, ours, theirs, foreign_steps);
    assert_int_equal(ours, 0);
    /* the same with every feedback variant and the paper's panels */
    const eddy_feedback_mode modes[3] = {EDDY_FEEDBACK_QUADTREE, EDDY_FEEDBACK_NAIVE,
                                         EDDY_FEEDBACK_EXACT};
    for (int m = 0; m < 3; ++m) {
        assert_int_equal(eddy_coupling_set_feedback(c, modes[m]), EDDY_OK);
        assert_int_equal(eddyi_coupling_set_paper_pipeline(c, m == 2, &err), EDDY_OK);
        for (int n = 0; n < 3; ++n) {
            counting = 1;
            eddy_coupling_step(c, dt, &err);
            counting = 0;
        }
    }
    assert_int_equal(ours, 0);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    eddy_scene_destroy(scene);
    eddy_asset_destroy(asset);
#endif
}

/* A walled level advecting through the grid (advect_grid.c): its scratch is
 * sized when the fluid is made. */
static void grid_advection_step_allocates_nothing(void **state)
{
    (void)state;
#if !EDDY_OWN_MALLOC
    skip();
#else
    eddy_wall island = {.kind = EDDY_WALL_CIRCLE, .x = 5, .y = 5, .radius = 1.5};
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 32, .ny = 32, .modes = 40,
                         .walls = &island, .wall_count = 1, .advection = EDDY_ADVECTION_GRID};
    eddy_asset *asset = NULL;
    eddy_error err;
    if (eddy_build_asset(&d, &asset, &err) != EDDY_OK) fail_msg("%s", err.message);
    eddy_fluid *fluid = test_make_fluid(asset, 1e-3);
    eddy_stir st = {.x = 2, .y = 2, .radius = 1, .fx = 50, .fy = 10};
    ours = theirs = 0;
    for (int n = 0; n < 120; ++n) {
        assert_int_equal(eddy_fluid_add_stir(fluid, &st), EDDY_OK);
        counting = n >= 10;
        assert_int_equal(eddy_fluid_step(fluid, 1.0 / 60.0), EDDY_OK);
        counting = 0;
    }
    print_message("alloc: 110 grid-advection steps: %ld allocations or frees\n", ours);
    assert_int_equal(ours, 0);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
#endif
}

/* A pool (a tank filled to a depth) with bodies reaching through its
 * surface: each is solved with its image in the lid (panel_lid.c), its wet
 * system placed and factored every step in memory reserved when the body was
 * added (eddyi_panel_lid_reserve), and the fast path's near blocks and far
 * field treat it with its image (panel_fast.c). A held box pierces the lid
 * at every step; a floating box and a floating disc bob through it. */
static void pool_step_with_bodies_through_the_lid_allocates_nothing(void **state)
{
    (void)state;
#if !EDDY_OWN_MALLOC
    skip();
#else
    eddy_build_desc d = {.width = 6, .height = 3, .depth = 2, .nx = 48, .modes = 24,
                         .surface_modes = 16};
    eddy_asset *asset = NULL;
    eddy_error err;
    if (eddy_build_asset(&d, &asset, &err) != EDDY_OK) fail_msg("%s", err.message);
    eddy_fluid *fluid = test_make_fluid(asset, 1e-3);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_world *world;
    assert_int_equal(eddy_world_create(&wd, &world, &err), EDDY_OK);
    eddy_coupling_desc cd = {0};
    eddy_coupling *c;
    if (eddy_coupling_create(fluid, world, &cd, &c, &err) != EDDY_OK) fail_msg("%s", err.message);
    const struct {
        eddy_body_type type;
        eddy_shape_desc shape;
        double x, y;
    } bodies[3] = {
        {EDDY_BODY_STATIC, {.type = EDDY_SHAPE_BOX, .half_width = 0.4, .half_height = 0.25, .density = 500}, 3.0, 1.8},
        {EDDY_BODY_DYNAMIC, {.type = EDDY_SHAPE_BOX, .half_width = 0.35, .half_height = 0.2, .density = 500}, 1.5, 2.1},
        {EDDY_BODY_DYNAMIC, {.type = EDDY_SHAPE_CIRCLE, .radius = 0.3, .density = 600}, 4.6, 2.05},
    };
    for (int k = 0; k < 3; ++k) {
        eddy_body_desc bd = {0};
        bd.type = bodies[k].type;
        bd.position[0] = bodies[k].x, bd.position[1] = bodies[k].y;
        bd.disable_sleep = true;
        eddy_body *b;
        assert_int_equal(eddy_body_create(world, &bd, &b, &err), EDDY_OK);
        assert_int_equal(eddy_body_add_shape(b, &bodies[k].shape, NULL, &err), EDDY_OK);
        if (eddy_coupling_add_body(c, b, &err) != EDDY_OK) fail_msg("%s", err.message);
    }
    int r = eddy_fluid_mode_count(fluid);
    double *coef = calloc((size_t)r, sizeof *coef); /* a gyre along the lid */
    coef[0] = 2.0;
    eddy_fluid_set_coefficients(fluid, coef, r);
    free(coef);
    const int warmup = 30, steps = 240;
    int held = 0, floating = 0; /* body-steps solved with the lid image */
    ours = theirs = 0;
    for (int n = 0; n < warmup + steps; ++n) {
        counting = n >= warmup;
        eddy_result rc = eddy_coupling_step(c, 1.0 / 60.0, &err);
        counting = 0;
        assert_int_equal(rc, EDDY_OK);
        if (n < warmup) continue;
        held += eddyi_panel_lid_wet(c->panels, 0) != NULL;
        for (int k = 1; k < 3; ++k) floating += eddyi_panel_lid_wet(c->panels, k) != NULL;
    }
    print_message("alloc: %d pool steps after %d: %ld allocations or frees by eddy; the lid "
                  "solve held the fixed box %d times, the floaters %d times of %d\n",
                  steps, warmup, ours, held, floating, 2 * steps);
    assert_int_equal(ours, 0);
    assert_int_equal(held, steps); /* the lid solve ran in every counted step */
    assert_true(floating > 0);
    eddy_coupling_destroy(c);
    eddy_world_destroy(world);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(paper_game_step_allocates_nothing),
        cmocka_unit_test(grid_advection_step_allocates_nothing),
        cmocka_unit_test(pool_step_with_bodies_through_the_lid_allocates_nothing),
    };
    return cmocka_run_group_tests_name("step_alloc", tests, NULL, NULL);
}
