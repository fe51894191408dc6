// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_fuzz_regressions.c - every input the fuzzers (fuzz/) ever crashed on,
 * replayed through exactly the checks of the fuzz targets, plus the seed
 * corpora that are committed.
 *
 * The targets' sources are included here with fuzz_require() turned into a
 * cmocka failure, so a regression fails this test with the harness's own
 * message instead of aborting. Inputs live as small files:
 *   tests/data/fuzz/<target>/   one file per finding (named after the bug)
 *   tests/data/fuzz/asset/meaning-*  one asset per meaning check of the loader
 *                               (issue 15, written by test_asset_meaning with
 *                               EDDY_SAVE_MEANING_CASES): checksums valid,
 *                               one section's numbers spoiled; all refused
 *   fuzz/corpus/scene/          committed JSON seeds
 *   assets/scenes/              the shipped scenes
 *   assets/replays, assets/levels, assets/modes/NAME.paint
 *                               the seeds of fuzz_replay, fuzz_level, fuzz_paint
 * Findings so far (see the comment at each fix):
 *   scene: a scene holding DBL_MAX wrote "1.79769313486232e+308", which reads
 *          back as infinity, so eddy_scene_to_json produced a scene that did
 *          not load; and 0.30000000000000004 came back as 0.3 (cJSON accepts
 *          a 15-digit form within a relative epsilon). Fixed in
 *          engine/scene/scene.c (exact_number).
 *   scene: an init amplitude of 1e308 makes a state whose energy overflows;
 *          the fluid refuses it and eddy_scene_apply_initial reports
 *          EDDY_ERR_ARGUMENT (the harness expected only RANGE).
 *   asset: a level 2.37e-322 m wide loaded with infinite eigenvalues, and
 *          the stir projection converted an infinite argument to int
 *          (UBSan). Fixed in engine/fluid/asset.c, guarded in engine/fluid/stir_exact.c.
 *   paint: the harness cut a long grid word to 40 bytes when it capped the
 *          grid, and "000...0100r22..." became "000...0100", a 100-cell
 *          grid the script then accepted (the harness's own invariant
 *          fired; the interpreter was right). Fixed in fuzz/fuzz_paint.c:
 *          words are copied whole (tests/data/fuzz/paint/).
 *   paint: a "level NAME" line run on its own after a failed script read
 *          a missing file, a read failure (PAINT_FAIL_READ), which the
 *          harness took for a refused line (its own invariant fired; the
 *          interpreter was right). Fixed in fuzz/fuzz_paint.c: "level" is
 *          skipped with the other file commands
 *          (tests/data/fuzz/paint/level-line-reads-a-file).
 *   paint: "grid 12 7.51e307 ..." made a document whose cells were 4.7e306 m
 *          tall; hy^2 overflowed and "project" filled the field with NaN.
 *          Fixed in engine/builder/grid_solver.c: cells must be 1e-100 to
 *          1e100 m with an aspect ratio of at most 1e6, so the painter
 *          refuses the grid line.
 *   scene_world: a 340 m box in a 10 m level took 20 s to build and step
 *          (every wall image active, thousands of panels). Fixed in
 *          engine/coupling/coupling.c: a body that cannot fit in the level at any
 *          angle is refused with EDDY_ERR_RANGE.
 *   scene_world: an unmutated seed (a static pentagon, issue 30) made UBSan
 *          stop in engine/fluid/basis_box.c: the offset from the cos rows
 *          back to the sin rows was negative but kept as size_t, so c +
 *          offset overflowed the pointer. Fixed with a signed offset
 *          (tests/data/fuzz/scene/basis_box_negative_row_offset.json; run
 *          under make sanitize to see the old fault). */
#include "test_util.h"

#include "fluid_internal.h"
#include "eddy_mode.h"
#include "eddy_scene.h"
#include "game_level.h"
#include "game_replay.h"
#include "paint_script.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define fuzz_require(cond)                                                                 \
    do {                                                                                   \
        if (!(cond)) fail_msg("fuzz invariant failed at %s:%d: %s", __FILE__, __LINE__, #cond); \
    } while (0)

#define FUZZ_REPLAY_ONLY 1 /* no libFuzzer here: no custom mutator */
#define LLVMFuzzerTestOneInput fuzz_asset_input
#include "../fuzz/fuzz_asset.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput fuzz_scene_input
#define LLVMFuzzerInitialize fuzz_scene_init
#define FUZZ_SCENE_WORLD 1 /* the checks of fuzz_scene_world, bodies included */
#include "../fuzz/fuzz_scene.c"
#undef LLVMFuzzerTestOneInput
#undef LLVMFuzzerInitialize

#define LLVMFuzzerTestOneInput fuzz_mode_input
#include "../fuzz/fuzz_mode.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput fuzz_replay_input
#include "../fuzz/fuzz_replay.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput fuzz_level_input
#include "../fuzz/fuzz_level.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput fuzz_paint_input
#include "../fuzz/fuzz_paint.c"
#undef LLVMFuzzerTestOneInput

typedef int (*fuzz_entry)(const uint8_t *data, size_t size);

static uint8_t *read_whole(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) fail_msg("cannot open %s", path);
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *size = n;
    return buf;
}

/* Runs every regular file of dir through entry; returns how many. A missing
 * directory counts as empty. */
static int replay_dir(const char *dir, fuzz_entry entry)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size;
        uint8_t *data = read_whole(path, &size);
        entry(data, size);
        free(data);
        count++;
    }
    closedir(d);
    return count;
}

static void scene_findings_and_seeds(void **state)
{
    (void)state;
    fuzz_scene_init(NULL, NULL);
    int findings = replay_dir("tests/data/fuzz/scene", fuzz_scene_input);
    int seeds = replay_dir("fuzz/corpus/scene", fuzz_scene_input);
    int shipped = replay_dir("assets/scenes", fuzz_scene_input);
    print_message("scene: %d findings, %d seeds, %d shipped scenes replayed\n", findings, seeds,
                  shipped);
    assert_true(findings >= 4 && seeds >= 10 && shipped >= 1);
    eddy_asset_destroy(scene_small_asset);
    scene_small_asset = NULL;
}

/* The two scene findings, spelled out: the written text loads again and
 * gives the same bits. */
static void scene_numbers_round_trip_exactly(void **state)
{
    (void)state;
    const char *texts[] = {
        "{\"fluid\":{\"density\":1.7976931348623157e308}}",
        "{\"dt\":0.30000000000000004,\"gravity\":[0.30000000000000004,-9.81]}",
        "{\"dt\":4.9406564584124654e-324,\"gravity\":[-0.0,2.2250738585072014e-308]}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; ++i) {
        eddy_scene *a = NULL, *b = NULL;
        eddy_error err = {0};
        assert_int_equal(eddy_scene_load_memory(texts[i], strlen(texts[i]), &a, &err), EDDY_OK);
        char *json = NULL;
        assert_int_equal(eddy_scene_to_json(a, &json, &err), EDDY_OK);
        if (eddy_scene_load_memory(json, strlen(json), &b, &err) != EDDY_OK)
            fail_msg("case %zu: written scene does not load: %s\n%s", i, err.message, json);
        eddy_scene_view va, vb;
        eddy_scene_get(a, &va);
        eddy_scene_get(b, &vb);
        assert_memory_equal(&va.dt, &vb.dt, sizeof va.dt);
        assert_memory_equal(&va.density, &vb.density, sizeof va.density);
        assert_memory_equal(va.gravity, vb.gravity, sizeof va.gravity);
        free(json);
        eddy_scene_destroy(a), eddy_scene_destroy(b);
    }
}

/* fuzz_asset: a level 2.37e-322 m wide (a denormal) loaded, its eigenvalues
 * were infinite, and the stir projection converted an infinite Bessel
 * argument to int (UBSan: engine/fluid/stir_exact.c). Fixed in engine/fluid/asset.c (the
 * loader refuses eigenvalues and norms that are not finite, as the builder
 * does) and guarded in engine/fluid/stir_exact.c. */
static const uint8_t ASSET_DENORMAL_WIDTH[] = {
    0x45, 0x44, 0x44, 0x59, 0x46, 0x49, 0x4c, 0x45, 0x41, 0x53, 0x53, 0x54,
    0x01, 0x00, 0x00, 0x00, 0x04, 0x03, 0x02, 0x01, 0x04, 0x00, 0x00, 0x00,
    0x43, 0xa5, 0x99, 0x59, 0xc0, 0xa5, 0xae, 0x5e, 0x44, 0x4f, 0x4d, 0x4e,
    0x6e, 0x83, 0xe9, 0xd4, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x24, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x45, 0x4d, 0x4f, 0x44,
    0xbe, 0x5e, 0xd5, 0xbf, 0xa8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x56, 0x49, 0x53, 0x43,
    0x6e, 0xbc, 0x84, 0x06, 0xb8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x41, 0x44, 0x56, 0x54,
    0xad, 0x55, 0x0a, 0x19, 0xc8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x30, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x24, 0x40,
    0x08, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
    0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
    0x02, 0x00, 0x00, 0x00, 0x26, 0x78, 0x45, 0xd9, 0x24, 0x44, 0xc9, 0xc5,
    0x30, 0xd7, 0x96, 0x0f, 0x2e, 0x95, 0xbf, 0xdf, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00,
};

/* Binary findings are C arrays here; tests/data/fuzz/asset may hold more as
 * files. The generated seeds are replayed when `make fuzz-seeds` made them. */
static void asset_findings(void **state)
{
    (void)state;
    fuzz_asset_input(ASSET_DENORMAL_WIDTH, sizeof ASSET_DENORMAL_WIDTH);
    /* the input as the target saw it, checksums repaired: now refused */
    uint8_t *fixed = fuzz_copy(ASSET_DENORMAL_WIDTH, sizeof ASSET_DENORMAL_WIDTH);
    fuzz_fix_checksums(fixed, sizeof ASSET_DENORMAL_WIDTH);
    eddy_asset *a = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_memory(fixed, sizeof ASSET_DENORMAL_WIDTH, &a, &err),
                     EDDY_ERR_FORMAT);
    /* a denormal width: refused as a domain outside EDDY_MIN_SIDE..EDDY_MAX_SIDE
       (before that check existed, by the eigenvalues it overflowed) */
    assert_non_null(strstr(err.message, "domain"));
    free(fixed);
    int findings = replay_dir("tests/data/fuzz/asset", fuzz_asset_input);
    int seeds = replay_dir("fuzz/corpus/asset", fuzz_asset_input);
    print_message("asset: %d findings, %d generated seeds replayed\n", findings, seeds);
}

/* Every meaning-* asset passes the checksums and is refused for its meaning,
 * with a message naming the section. */
static void asset_meaning_cases_are_refused(void **state)
{
    (void)state;
    const char *dir = "tests/data/fuzz/asset";
    DIR *d = opendir(dir);
    assert_non_null(d);
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strncmp(e->d_name, "meaning-", 8) != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size;
        uint8_t *data = read_whole(path, &size);
        eddy_container c;
        eddy_error err = {0};
        if (eddyi_container_decode(data, size, KIND_ASSET, EDDY_ASSET_VERSION, &c, &err) != EDDY_OK)
            fail_msg("%s: the checksums should pass: %s", e->d_name, err.message);
        eddy_asset *a = NULL;
        assert_int_equal(eddy_asset_load_memory(data, size, &a, &err), EDDY_ERR_FORMAT);
        if (!strstr(err.message, "section '")) fail_msg("%s: '%s' names no section", e->d_name, err.message);
        free(data);
        count++;
    }
    closedir(d);
    print_message("asset: %d meaning cases refused\n", count);
    assert_true(count >= 25);
}

/* The game's and the painter's parsers: their findings and the shipped files. */
static void game_findings_and_shipped_files(void **state)
{
    (void)state;
    int replays = replay_dir("tests/data/fuzz/replay", fuzz_replay_input) +
                  replay_dir("assets/replays", fuzz_replay_input);
    int levels = replay_dir("tests/data/fuzz/level", fuzz_level_input) +
                 replay_dir("assets/levels", fuzz_level_input);
    int scripts = replay_dir("tests/data/fuzz/paint", fuzz_paint_input) +
                  replay_dir("assets/modes", fuzz_paint_input);
    print_message("replay: %d, level: %d, paint: %d inputs replayed\n", replays, levels, scripts);
    assert_true(replays >= 6 && levels >= 8 && scripts >= 13);
}

static void mode_findings(void **state)
{
    (void)state;
    int findings = replay_dir("tests/data/fuzz/mode", fuzz_mode_input);
    int seeds = replay_dir("fuzz/corpus/mode", fuzz_mode_input);
    print_message("mode: %d findings, %d generated seeds replayed\n", findings, seeds);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scene_findings_and_seeds),
        cmocka_unit_test(scene_numbers_round_trip_exactly),
        cmocka_unit_test(asset_findings),
        cmocka_unit_test(asset_meaning_cases_are_refused),
        cmocka_unit_test(mode_findings),
        cmocka_unit_test(game_findings_and_shipped_files),
    };
    return cmocka_run_group_tests_name("fuzz_regressions", tests, NULL, NULL);
}
