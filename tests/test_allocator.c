// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_allocator.c - eddy takes all its memory through the allocator a
 * program installs (eddy_set_allocator, eddy_base.h), and gives all of it
 * back:
 *   - a walled level is built, encoded, loaded, coupled to a scene's bodies
 *     and stepped with a counting allocator installed: every block comes back
 *     once the objects are destroyed, and every block released is one the
 *     allocator gave (each carries a mark that is checked);
 *   - the coupled step takes no block at all, under the sanitizers too (the
 *     counting is eddy's own, not malloc's);
 *   - out of memory at every single allocation of loading an asset and of
 *     creating a fluid, a scene's world and its coupling: each call fails
 *     with EDDY_ERR_MEMORY and leaves nothing allocated;
 *   - eddy_calloc refuses a size that overflows, eddy_realloc keeps contents. */
#include "test_util.h"

#include "eddy_coupling.h"
#include "eddy_scene.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ counting allocator */

#define MARK 0x65646479u /* "eddy" */

typedef struct header {
    size_t size;
    unsigned mark;
    unsigned pad;
} header;
_Static_assert(sizeof(header) % 16 == 0, "the header keeps 16-byte alignment");

typedef struct counter {
    long live;      /* blocks given and not yet taken back */
    long given;     /* blocks given since the counter was reset */
    long foreign;   /* releases of a block this allocator never gave */
    long fail_at;   /* give NULL for the fail_at-th block (1-based), 0: never */
} counter;

static counter counts;

static void *counting_resize(void *block, size_t size, void *user)
{
    counter *c = user;
    header *h = block ? (header *)block - 1 : NULL;
    if (h && h->mark != MARK) {
        ++c->foreign;
        return NULL;
    }
    if (size == 0) {
        h->mark = 0;
        --c->live;
        free(h);
        return NULL;
    }
    if (c->fail_at != 0 && c->given + 1 == c->fail_at) {
        ++c->given;
        return NULL;
    }
    header *n = malloc(sizeof *n + size);
    if (!n) return NULL;
    n->size = size, n->mark = MARK;
    if (h) {
        memcpy(n + 1, h + 1, h->size < size ? h->size : size);
        h->mark = 0;
        free(h);
    } else {
        ++c->live;
    }
    ++c->given;
    return n + 1;
}

static int install(void **state)
{
    (void)state;
    memset(&counts, 0, sizeof counts);
    eddy_set_allocator(counting_resize, &counts);
    return 0;
}

static int uninstall(void **state)
{
    (void)state;
    eddy_set_allocator(NULL, NULL);
    return 0;
}

/* ------------------------------------------------------------ a level */

static const char SCENE[] =
    "{ \"buoyancy\": true,"
    "  \"walls\": [ { \"shape\": \"polygon\", \"points\": [[6, 2.4], [10, 2.4], [10, 2.9], [6.2, 2.9]] },"
    "               { \"shape\": \"circle\", \"x\": 3.0, \"y\": 3.5, \"radius\": 0.8 } ],"
    "  \"stirs\": [ { \"t0\": 0, \"t1\": 9, \"x\": 5, \"y\": 4.5, \"radius\": 1, \"fx\": 400, \"fy\": 0 } ],"
    "  \"bodies\": [ { \"shape\": \"circle\", \"radius\": 0.3, \"x\": 8, \"y\": 1.5, \"density\": 800 },"
    "              { \"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.2, \"x\": 5, \"y\": 0.5, \"density\": 1300 },"
    "              { \"shape\": \"polygon\", \"points\": [[-0.3, -0.2], [0.3, -0.2], [0, 0.3]],"
    "                \"x\": 1.2, \"y\": 5, \"density\": 500 } ] }";

static eddy_scene *load_scene(void)
{
    eddy_scene *s = NULL;
    eddy_error err = {0};
    if (eddy_scene_load_memory(SCENE, strlen(SCENE), &s, &err) != EDDY_OK) fail_msg("%s", err.message);
    return s;
}

/* The scene's walls built into a basis, then written out as a file's bytes. */
static unsigned char *encoded_level(const eddy_scene *s, size_t *size)
{
    eddy_scene_view v;
    eddy_scene_get(s, &v);
    eddy_build_desc d = {0};
    d.width = 10, d.height = 6, d.nx = 40, d.ny = 24, d.modes = 24;
    d.walls = v.walls, d.wall_count = v.wall_count;
    eddy_asset *built = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &built, &err) != EDDY_OK) fail_msg("%s", err.message);
    unsigned char *bytes = NULL;
    assert_int_equal(eddy_asset_encode(built, &bytes, size, &err), EDDY_OK);
    eddy_asset_destroy(built);
    return bytes;
}

/* ------------------------------------------------------------ tests */

static void every_block_comes_back_and_the_step_takes_none(void **state)
{
    (void)state;
    eddy_scene *s = load_scene();
    size_t size = 0;
    unsigned char *bytes = encoded_level(s, &size);
    eddy_asset *a = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_memory(bytes, size, &a, &err), EDDY_OK);
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(s, &fd);
    eddy_fluid *f = NULL;
    if (eddy_fluid_create(a, &fd, &f, &err) != EDDY_OK) fail_msg("%s", err.message);
    eddy_world *w = NULL;
    eddy_coupling *c = NULL;
    if (eddy_scene_build_world(s, f, &w, &c, NULL, &err) != EDDY_OK) fail_msg("%s", err.message);
    long before_steps = counts.given, live = counts.live;
    double dt = eddy_scene_dt(s);
    for (int step = 0; step < 240; ++step) {
        assert_int_equal(eddy_scene_apply_forces(s, f, step * dt, &err), EDDY_OK);
        assert_int_equal(eddy_coupling_step(c, dt, &err), EDDY_OK);
    }
    print_message("a walled level with three bodies: %ld blocks to build, load and couple, "
                  "%ld taken in 240 coupled steps, %ld live\n",
                  before_steps, counts.given - before_steps, counts.live);
    assert_int_equal(counts.given, before_steps);
    assert_int_equal(counts.live, live);
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    eddy_fluid_destroy(f);
    eddy_asset_destroy(a);
    eddy_free(bytes);
    eddy_scene_destroy(s);
    assert_int_equal(counts.foreign, 0);
    assert_int_equal(counts.live, 0);
}

/* Runs make() with the k-th allocation failing, for k = 1 .. the number a
 * successful make() takes: each must fail with EDDY_ERR_MEMORY and leave
 * nothing behind. */
typedef eddy_result (*make_fn)(void *ctx, eddy_error *err);

static long fail_every_allocation(const char *what, make_fn make, void *ctx, long live_before)
{
    counts.fail_at = 0;
    long start = counts.given;
    eddy_error err = {0};
    if (make(ctx, &err) != EDDY_OK) fail_msg("%s: %s", what, err.message);
    long needed = counts.given - start;
    for (long k = 1; k <= needed; ++k) {
        counts.fail_at = counts.given + k;
        eddy_result rc = make(ctx, &err);
        counts.fail_at = 0;
        if (rc != EDDY_ERR_MEMORY)
            fail_msg("%s with allocation %ld of %ld failing: %s (%s)", what, k, needed,
                     eddy_result_name(rc), rc == EDDY_OK ? "succeeded" : err.message);
        if (counts.live != live_before)
            fail_msg("%s with allocation %ld of %ld failing: %ld blocks left behind", what, k,
                     needed, counts.live - live_before);
    }
    assert_int_equal(counts.foreign, 0);
    return needed;
}

typedef struct level {
    eddy_scene *scene;
    unsigned char *bytes;
    size_t size;
    eddy_asset *asset;
    eddy_fluid *fluid;
} level;

static eddy_result make_asset(void *ctx, eddy_error *err)
{
    level *l = ctx;
    eddy_asset *a = NULL;
    eddy_result rc = eddy_asset_load_memory(l->bytes, l->size, &a, err);
    eddy_asset_destroy(a);
    return rc;
}

static eddy_result make_fluid(void *ctx, eddy_error *err)
{
    level *l = ctx;
    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(l->scene, &fd);
    eddy_fluid *f = NULL;
    eddy_result rc = eddy_fluid_create(l->asset, &fd, &f, err);
    eddy_fluid_destroy(f);
    return rc;
}

static eddy_result make_world(void *ctx, eddy_error *err)
{
    level *l = ctx;
    eddy_world *w = NULL;
    eddy_coupling *c = NULL;
    eddy_result rc = eddy_scene_build_world(l->scene, l->fluid, &w, &c, NULL, err);
    if (rc == EDDY_OK) rc = eddy_coupling_step(c, 1.0 / 60, err);
    eddy_coupling_destroy(c);
    eddy_world_destroy(w);
    return rc;
}

static void out_of_memory_anywhere_leaves_nothing(void **state)
{
    (void)state;
    level l = {0};
    l.scene = load_scene();
    l.bytes = encoded_level(l.scene, &l.size);
    eddy_error err = {0};
    long n_asset = fail_every_allocation("loading the asset", make_asset, &l, counts.live);
    assert_int_equal(eddy_asset_load_memory(l.bytes, l.size, &l.asset, &err), EDDY_OK);
    long n_fluid = fail_every_allocation("creating the fluid", make_fluid, &l, counts.live);
    l.fluid = test_make_fluid(l.asset, 0.0);
    long n_world = fail_every_allocation("the scene's world and coupling", make_world, &l,
                                         counts.live);
    print_message("out of memory at each of %ld allocations (asset), %ld (fluid), %ld (world "
                  "and coupling): EDDY_ERR_MEMORY every time, nothing left behind\n",
                  n_asset, n_fluid, n_world);
    eddy_fluid_destroy(l.fluid);
    eddy_asset_destroy(l.asset);
    eddy_free(l.bytes);
    eddy_scene_destroy(l.scene);
    assert_int_equal(counts.live, 0);
}

static void calloc_and_realloc_keep_their_contracts(void **state)
{
    (void)state;
    assert_null(eddy_calloc(SIZE_MAX / 4, 8));
    unsigned char *p = eddy_calloc(16, 4);
    assert_non_null(p);
    for (int i = 0; i < 64; ++i) assert_int_equal(p[i], 0), p[i] = (unsigned char)i;
    p = eddy_realloc(p, 4096);
    assert_non_null(p);
    for (int i = 0; i < 64; ++i) assert_int_equal(p[i], i);
    assert_int_equal(counts.live, 1);
    eddy_free(p);
    eddy_free(NULL);
    assert_int_equal(counts.live, 0);
    /* back to the C library: blocks are plain malloc blocks again */
    eddy_set_allocator(NULL, NULL);
    void *q = eddy_alloc(32);
    assert_non_null(q);
    free(q);
    assert_int_equal(counts.given, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(every_block_comes_back_and_the_step_takes_none, install,
                                        uninstall),
        cmocka_unit_test_setup_teardown(out_of_memory_anywhere_leaves_nothing, install, uninstall),
        cmocka_unit_test_setup_teardown(calloc_and_realloc_keep_their_contracts, install,
                                        uninstall),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
