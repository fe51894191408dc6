// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* eddy_web.c - the few C functions the JavaScript API (platform/web/eddy.js)
 * needs beside the run time's own: the ones whose C signatures take a
 * struct (a description, a stir, an asset's info) take plain numbers here,
 * so JavaScript can call them without laying out C structs. Everything else
 * eddy.js calls is the public API itself (eddy.h), exported as it is.
 * No state of its own: every handle and error buffer comes from the caller. */
#include <eddy/eddy.h>

#include <emscripten/emscripten.h>

/* Loads an asset from bytes the caller copied into the module's memory. */
EMSCRIPTEN_KEEPALIVE eddy_asset *eddy_web_asset_load(const void *data, int size, eddy_error *err)
{
    eddy_asset *asset = NULL;
    if (size < 0 || eddy_asset_load_memory(data, (size_t)size, &asset, err) != EDDY_OK)
        return NULL;
    return asset;
}

/* The asset's numbers a page draws with: width, height, nx, ny, modes,
 * painted (artist) modes, walls, body shapes. */
EMSCRIPTEN_KEEPALIVE void eddy_web_asset_info(const eddy_asset *asset, double out[8])
{
    eddy_asset_info info = {0};
    eddy_asset_get_info(asset, &info);
    out[0] = info.width;
    out[1] = info.height;
    out[2] = info.nx;
    out[3] = info.ny;
    out[4] = info.mode_count;
    out[5] = info.artist_count;
    out[6] = info.wall_count;
    out[7] = info.shape_count;
}

/* A fluid with the given kinematic viscosity (m^2/s); every other field of
 * the description takes its default (eddy.h). */
EMSCRIPTEN_KEEPALIVE eddy_fluid *eddy_web_fluid_create(const eddy_asset *asset, double viscosity,
                                                      eddy_error *err)
{
    eddy_fluid_desc desc = {0};
    desc.viscosity = viscosity;
    eddy_fluid *fluid = NULL;
    if (eddy_fluid_create(asset, &desc, &fluid, err) != EDDY_OK)
        return NULL;
    return fluid;
}

/* A stir for the next step: a force density (N/m^2) over a disc. */
EMSCRIPTEN_KEEPALIVE int eddy_web_fluid_stir(eddy_fluid *fluid, double x, double y, double radius,
                                            double fx, double fy)
{
    eddy_stir stir = {.x = x, .y = y, .radius = radius, .fx = fx, .fy = fy};
    return (int)eddy_fluid_add_stir(fluid, &stir);
}

/* The last step's total time in milliseconds (eddy_timings). */
EMSCRIPTEN_KEEPALIVE double eddy_web_fluid_step_ms(const eddy_fluid *fluid)
{
    eddy_timings t = {0};
    eddy_fluid_get_timings(fluid, &t);
    return t.total_ms;
}
