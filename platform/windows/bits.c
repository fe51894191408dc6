// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bits.c - the same run on two systems, printed bit for bit.
 *
 * make check-windows builds this program twice, for Linux and for Windows,
 * runs both on the same assets (built natively by precompute: a box tank on
 * the tensor path and a walled cave on the grid path) and compares their
 * output byte for byte. Every number is printed in hexadecimal floating
 * point (%a), so equal text means equal bits. The run stirs, steps three
 * seconds and samples the velocity on a lattice; it uses the run time's
 * public API only.
 *
 *   bits ASSET.eddy [ASSET.eddy ...]   exit 0 and the numbers, or 1 and a message */
#include <eddy/eddy.h>

#include <stdio.h>

static int run(const char *path)
{
    eddy_error err;
    eddy_asset *asset = NULL;
    if (eddy_asset_load_file(path, &asset, &err) != EDDY_OK) {
        fprintf(stderr, "bits: %s\n", err.message);
        return 1;
    }
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    eddy_fluid_desc desc = {0};
    desc.viscosity = 1e-3;
    eddy_fluid *fluid = NULL;
    if (eddy_fluid_create(asset, &desc, &fluid, &err) != EDDY_OK) {
        fprintf(stderr, "bits: %s\n", err.message);
        eddy_asset_destroy(asset);
        return 1;
    }
    printf("%s: %d modes\n", path, info.mode_count);
    int status = 0;
    for (int n = 1; n <= 180 && status == 0; ++n) {
        if (n <= 90) {
            eddy_stir stir = {.x = 0.3 * info.width, .y = 0.4 * info.height,
                              .radius = 0.1 * info.width, .fx = 40.0, .fy = 10.0};
            status = eddy_fluid_add_stir(fluid, &stir) != EDDY_OK;
        }
        if (status == 0)
            status = eddy_fluid_step(fluid, 1.0 / 60.0) != EDDY_OK;
        if (status == 0 && n % 30 == 0)
            printf("step %d energy %a\n", n, eddy_fluid_kinetic_energy(fluid));
    }
    for (int j = 1; j < 8 && status == 0; ++j)
        for (int i = 1; i < 8; ++i) {
            double uv[2];
            eddy_fluid_velocity(fluid, i * info.width / 8, j * info.height / 8, uv);
            printf("u(%d,%d) %a %a\n", i, j, uv[0], uv[1]);
        }
    if (status != 0)
        fprintf(stderr, "bits: a step of %s failed\n", path);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bits ASSET.eddy [ASSET.eddy ...]\n");
        return 2;
    }
    for (int i = 1; i < argc; ++i)
        if (run(argv[i]) != 0)
            return 1;
    return 0;
}
