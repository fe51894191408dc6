// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * fluid_only.c - the smallest eddy program: load an asset, stir the fluid,
 * step it and read the velocity back. It uses the run-time library alone
 * (eddy.h; no builder, no bodies), so it links with
 *
 *   cc fluid_only.c $(pkg-config --cflags --libs eddy) -o fluid_only
 *
 * and needs nothing but libeddy, libm and the C library at run time (with a
 * static libeddy, `pkg-config --static` adds the rigid-body backend, which
 * this program never pulls in). Make an asset with the builder's tool:
 *
 *   precompute --domain 10x10 --grid 32 --modes 40 -o tank.eddy
 *   ./fluid_only tank.eddy
 *
 * It prints one line per simulated second: the time, the kinetic energy and
 * the velocity at the tank's centre; and exits 1 with a message on any error.
 */
#include <eddy/eddy.h>

#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: fluid_only ASSET.eddy\n");
        return 2;
    }
    /* The header and the library this program runs with must agree. */
    if (eddy_version() != EDDY_VERSION) {
        fprintf(stderr, "fluid_only: built with eddy %s, running with %s\n", EDDY_VERSION_STRING,
                eddy_version_string());
        return 1;
    }
    eddy_error err;
    eddy_asset *asset = NULL;
    if (eddy_asset_load_file(argv[1], &asset, &err) != EDDY_OK) {
        fprintf(stderr, "fluid_only: %s\n", err.message);
        return 1;
    }
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);

    eddy_fluid_desc desc = {0}; /* zero fields take their defaults */
    desc.viscosity = 1e-3;
    eddy_fluid *fluid = NULL;
    if (eddy_fluid_create(asset, &desc, &fluid, &err) != EDDY_OK) {
        fprintf(stderr, "fluid_only: %s\n", err.message);
        eddy_asset_destroy(asset);
        return 1;
    }

    const double dt = 1.0 / 60.0;
    int status = 0;
    for (int n = 1; n <= 180 && status == 0; ++n) {
        /* a push to the right in the lower half for the first second */
        if (n <= 60) {
            eddy_stir stir = {.x = 0.3 * info.width, .y = 0.3 * info.height,
                              .radius = 0.1 * info.width, .fx = 50.0, .fy = 0.0};
            if (eddy_fluid_add_stir(fluid, &stir) != EDDY_OK) status = 1;
        }
        if (status == 0 && eddy_fluid_step(fluid, dt) != EDDY_OK) status = 1;
        if (status == 0 && n % 60 == 0) {
            double uv[2];
            eddy_fluid_velocity(fluid, 0.5 * info.width, 0.5 * info.height, uv);
            printf("t=%.2f s  energy=%.6g J/m  u(centre)=(%.6f, %.6f) m/s\n", n * dt,
                   eddy_fluid_kinetic_energy(fluid), uv[0], uv[1]);
        }
    }
    if (status != 0) fprintf(stderr, "fluid_only: a step failed\n");
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
    return status;
}
