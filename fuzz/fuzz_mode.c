// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fuzz_mode.c - libFuzzer target for the mode-file loader
 * (eddy_mode_set_load_memory, engine/builder/mode_file.c).
 *
 * Like fuzz_asset.c, each input is loaded as given and with its container
 * checksums repaired, once accepting any grid and once expecting a fixed one.
 * A set that loads must be self-consistent: its field size matches its grid,
 * every field is readable to the end and finite, and its name is a short
 * string without control characters. A load that fails reports a documented
 * code with a message and returns no set. */
#include <eddy/eddy.h>
#include <eddy/eddy_mode.h>
#include "fuzz_util.h"

#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void mode_check_set(const eddy_mode_set *set)
{
    eddy_mode_grid g = eddy_mode_set_grid(set);
    fuzz_require(g.nx >= 2 && g.ny >= 2 && g.nx <= EDDY_MODE_MAX_CELLS && g.ny <= EDDY_MODE_MAX_CELLS);
    fuzz_require(isfinite(g.width) && g.width > 0 && isfinite(g.height) && g.height > 0);
    int n = eddy_mode_set_field_size(set);
    fuzz_require(n == (g.nx + 1) * g.ny + g.nx * (g.ny + 1));
    int count = eddy_mode_set_count(set);
    fuzz_require(count >= 1);
    for (int k = 0; k < count; ++k) {
        const double *f = eddy_mode_set_field_const(set, k);
        fuzz_require(f != NULL);
        for (int s = 0; s < n; ++s) fuzz_require(isfinite(f[s]));
    }
    fuzz_require(eddy_mode_set_field_const(set, count) == NULL);
    fuzz_require(eddy_mode_set_field_const(set, -1) == NULL);
    const char *name = eddy_mode_set_name(set);
    size_t length = strlen(name);
    fuzz_require(length >= 1 && length <= EDDY_MODE_NAME_MAX);
    eddy_mode_kind kind = eddy_mode_set_kind(set);
    fuzz_require(kind == EDDY_MODE_PAINTED || kind == EDDY_MODE_SNAPSHOTS);
}

static void mode_try_load(const uint8_t *data, size_t size, const eddy_mode_grid *expected)
{
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    eddy_result rc = eddy_mode_set_load_memory(data, size, expected, &set, &err);
    if (rc != EDDY_OK) {
        fuzz_require(set == NULL);
        fuzz_require(rc == EDDY_ERR_FORMAT || rc == EDDY_ERR_RANGE || rc == EDDY_ERR_MEMORY);
        fuzz_require(err.code == rc && err.message[0] != '\0');
        return;
    }
    fuzz_require(set != NULL);
    mode_check_set(set);
    if (expected) {
        eddy_mode_grid g = eddy_mode_set_grid(set);
        fuzz_require(g.nx == expected->nx && g.ny == expected->ny);
    }
    eddy_mode_set_destroy(set);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const eddy_mode_grid level = {.width = 10, .height = 10, .nx = 2, .ny = 2};
    uint8_t *copy = fuzz_copy(data, size);
    mode_try_load(copy, size, NULL);
    mode_try_load(copy, size, &level);
    if (fuzz_fix_checksums(copy, size)) {
        mode_try_load(copy, size, NULL);
        mode_try_load(copy, size, &level);
    }
    free(copy);
    return 0;
}
