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
 * no asset.
 *
 * Whatever loads must also mean what the run time relies on (issue 15: the
 * loader's meaning checks, engine/fluid/asset_meaning.c), checked here
 * independently of the loader's code: viscosity dissipates and matches the
 * eigenvalues, the tensor is skew within its bound, grid modes are unit,
 * shapes are finite with unit normals. A loader that lost one of its checks
 * lets the fuzzer reach one of these.
 *
 * To get there, a custom mutator (LLVMFuzzerCustomMutator) mutates either
 * bytes (libFuzzer's own mutations) or one number inside one section (an
 * aligned f64 or i32 replaced by NaN, an infinity, 1e150, its negative, a
 * nudge by 1e-6, ...), then repairs every checksum, so mutated inputs pass
 * the container's CRCs and reach the section decoders and the meaning
 * checks. The regression test includes this file with FUZZ_REPLAY_ONLY
 * defined (no libFuzzer, so no mutator). */
#include "asset_format.h"
#include "asset_shapes.h"
#include <eddy/eddy.h>
#include <eddy/eddy_build.h>
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

/* The meaning of a loaded asset, checked without the loader's code. */
static void asset_check_viscosity(const eddy_asset *a)
{
    size_t r = (size_t)a->mode_count;
    for (size_t k = 0; k < r; ++k) fuzz_require(a->viscosity[k * r + k] <= 0.0);
    for (int k = 0; k < a->eigen_count; ++k) {
        double lambda = a->modes[k].lambda;
        fuzz_require(fabs(a->viscosity[(size_t)k * r + (size_t)k] + lambda) <= 1e-12 * lambda);
    }
    for (size_t e = 0; e < r * r; ++e)
        fuzz_require(fabs(a->viscosity[e]) <= eddyi_asset_viscosity_bound(a));
}

static void asset_check_tensor(const eddy_asset *a)
{
    double largest = 0.0;
    for (int64_t e = 0; e < a->tensor.nnz; ++e) largest = fmax(largest, fabs(a->tensor.value[e]));
    fuzz_require(largest <= eddyi_asset_advection_bound(a));
    /* (an asset that advects on a grid has no tensor: advect_grid.c) */
    if (a->mode_count <= 64 && !a->grid_advection)
        fuzz_require(eddyi_tensor_skew_defect(&a->tensor) <= 1e-12 * largest);
}

static void asset_check_grid_and_shapes(const eddy_asset *a)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g);
    for (int m = 0; m < a->grid_count; ++m) {
        const double *f = a->grid_modes + (size_t)m * n;
        fuzz_require(fabs(eddy_mac_dot(&g, f, f) - 1.0) <= 1e-6);
    }
    for (int s = 0; s < a->shape_count; ++s) {
        const eddy_panel_shape *p = &a->shapes[s].panels;
        for (int i = 0; i < p->count; ++i) {
            const double *e = &p->ends[4 * i], *nv = &p->normal[2 * i];
            for (int c = 0; c < 4; ++c) fuzz_require(isfinite(e[c]));
            fuzz_require(isfinite(p->mid[2 * i]) && isfinite(p->mid[2 * i + 1]));
            fuzz_require(isfinite(p->length[i]) && p->length[i] > 0);
            fuzz_require(fabs(hypot(nv[0], nv[1]) - 1.0) <= 1e-9);
        }
        fuzz_require(eddyi_panel_shape_area(p) > 0);
    }
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
    asset_check_viscosity(a);
    asset_check_tensor(a);
    asset_check_grid_and_shapes(a);

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

#ifndef FUZZ_REPLAY_ONLY
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static uint32_t asset_next(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* One aligned number of one section replaced by a value that means trouble. */
static void asset_mutate_number(uint8_t *data, size_t size, uint32_t *rng)
{
    uint32_t count = fuzz_get_u32(data + 20);
    if (count == 0 || count > EDDY_MAX_SECTIONS || 32u + 24u * (uint64_t)count > size) return;
    const uint8_t *entry = data + 32 + 24 * (size_t)(asset_next(rng) % count);
    uint64_t off = fuzz_get_u64(entry + 8), len = fuzz_get_u64(entry + 16);
    if (off > size || len > size - off || len < 8) return;
    uint8_t *at = data + off + 4 * (asset_next(rng) % (uint32_t)(len / 4 - 1));
    uint32_t pick = asset_next(rng) % 12;
    if (pick < 3) { /* an i32 (or u32) one up, one down or negated, wrapping */
        uint32_t v = fuzz_get_u32(at);
        const uint32_t ints[3] = {v + 1u, v - 1u, 0u - v};
        fuzz_put_u32(at, ints[pick]);
        return;
    }
    double v;
    memcpy(&v, at, sizeof v);
    const double values[9] = {NAN, INFINITY, -INFINITY, 1e150, -v, v * (1 + 1e-6), 2 * v, 0.0,
                              v + 1.0};
    memcpy(at, &values[pick - 3], sizeof v);
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    uint32_t rng = seed;
    if (size >= 32 && asset_next(&rng) % 2 == 0)
        asset_mutate_number(data, size, &rng);
    else
        size = LLVMFuzzerMutate(data, size, max_size);
    fuzz_fix_checksums(data, size);
    return size;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *copy = fuzz_copy(data, size);
    asset_try_load(copy, size);
    if (fuzz_fix_checksums(copy, size)) asset_try_load(copy, size);
    free(copy);
    return 0;
}
