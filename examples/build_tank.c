// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * build_tank.c - the precompute side in a dozen lines: build a tank's asset
 * (its box eigenmodes and their advection tensor) and save it. It uses the
 * builder library (eddy_build.h), which brings LAPACKE, OpenBLAS and FFTW:
 *
 *   cc build_tank.c $(pkg-config --cflags --libs eddy-build) -o build_tank
 *   ./build_tank tank.eddy          # then: ./fluid_only tank.eddy
 *
 * A game ships the asset and links only the run time (fluid_only.c).
 */
#include <eddy/eddy_build.h>

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: build_tank OUT.eddy\n");
        return 2;
    }
    eddy_build_desc desc = {0}; /* zero fields take their defaults */
    desc.width = 10.0, desc.height = 10.0; /* metres */
    desc.nx = desc.ny = 32;                /* MAC grid cells */
    desc.modes = 40;                       /* box eigenmodes */
    eddy_asset *asset = NULL;
    eddy_error err;
    if (eddy_build_asset(&desc, &asset, &err) != EDDY_OK ||
        eddy_asset_save_file(asset, argv[1], &err) != EDDY_OK) {
        fprintf(stderr, "build_tank: %s\n", err.message);
        eddy_asset_destroy(asset);
        return 1;
    }
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    printf("%s: %d modes on a %g x %g m tank, %lld tensor entries\n", argv[1], info.mode_count,
           info.width, info.height, (long long)info.tensor_nonzeros);
    eddy_asset_destroy(asset);
    return 0;
}
