// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fuzz_asset.c - libFuzzer target for the asset loader (eddy_asset_load_memory).
 *
 * Each input is loaded twice: as given (the container's checksums reject
 * nearly every mutation) and with its checksums repaired (so the section
 * decoders see the mutated content). Whatever loads must be usable:
 *   - encoding it and loading the encoding succeeds and encodes to the same
 *     bytes (a stable round trip);
 *   - a small one makes a fluid that steps without crashing, and every step
 *     either succeeds with a finite state or reports EDDY_ERR_NUMERIC.
 * Whatever fails must fail with EDDY_ERR_FORMAT (or MEMORY), a message, and
 * no asset. */
#include "eddy.h"
#include "eddy_build.h"
#include "fuzz_util.h"

#include <math.h>
#include <string.h>

/* Fluids are only made for assets this small: a hostile tensor can make a
 * step cost (substeps x terms x r^2), and this target is about the loader. */
#define FUZZ_FLUID_MAX_MODES 24

static void asset_exercise_fluid(const eddy_asset *a)
{
    eddy_fluid *f = NULL;
    eddy_error err = {0};
    eddy_fluid_desc d = {0};
    d.viscosity = 1e-2;
    if (eddy_fluid_create(a, &d, &f, &err) != EDDY_OK) {
        fuzz_require(f == NULL && err.message[0] != '\0');
        return;
    }
    int r = eddy_fluid_mode_count(f);
    double coef[FUZZ_FLUID_MAX_MODES];
    for (int k = 0; k < r; ++k) coef[k] = 1.0 / (1 + k);
    fuzz_require(eddy_fluid_set_coefficients(f, coef, r) == EDDY_OK);
    eddy_asset_info info;
    eddy_asset_get_info(a, &info);
    eddy_stir st = {.x = 0.5 * info.width, .y = 0.5 * info.height,
                    .radius = 0.25 * fmin(info.width, info.height), .fx = 10, .fy = -5};
    for (int s = 0; s < 2; ++s) {
        eddy_fluid_add_stir(f, &st);
        eddy_result rc = eddy_fluid_step(f, 1.0 / 60.0);
        fuzz_require(rc == EDDY_OK || rc == EDDY_ERR_NUMERIC);
        const double *c = eddy_fluid_coefficients(f);
        for (int k = 0; k < r; ++k) fuzz_require(isfinite(c[k]));
    }
    double uv[2];
    eddy_fluid_velocity(f, st.x, st.y, uv);
    eddy_fluid_destroy(f);
}

static void asset_try_load(const uint8_t *data, size_t size)
{
    eddy_asset *a = NULL;
    eddy_error err = {0};
    eddy_result rc = eddy_asset_load_memory(data, size, &a, &err);
    if (rc != EDDY_OK) {
        fuzz_require(a == NULL);
        fuzz_require(rc == EDDY_ERR_FORMAT || rc == EDDY_ERR_MEMORY);
        fuzz_require(err.code == rc && err.message[0] != '\0');
        return;
    }
    fuzz_require(a != NULL);
    eddy_asset_info info;
    eddy_asset_get_info(a, &info);
    fuzz_require(info.mode_count >= 1);

    unsigned char *once = NULL, *twice = NULL;
    size_t once_size = 0, twice_size = 0;
    fuzz_require(eddy_asset_encode(a, &once, &once_size, &err) == EDDY_OK);
    eddy_asset *b = NULL;
    rc = eddy_asset_load_memory(once, once_size, &b, &err);
    if (rc != EDDY_OK) fprintf(stderr, "re-load of an encoded asset failed: %s\n", err.message);
    fuzz_require(rc == EDDY_OK);
    fuzz_require(eddy_asset_encode(b, &twice, &twice_size, &err) == EDDY_OK);
    fuzz_require(once_size == twice_size && memcmp(once, twice, once_size) == 0);
    free(once), free(twice);
    eddy_asset_destroy(b);

    if (info.mode_count <= FUZZ_FLUID_MAX_MODES) asset_exercise_fluid(a);
    eddy_asset_destroy(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = fuzz_copy(data, size);
    asset_try_load(copy, size);
    if (fuzz_fix_checksums(copy, size)) asset_try_load(copy, size);
    free(copy);
    return 0;
}
