// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * own_world_chipmunk.c - a game with its own Chipmunk2D 7 space puts a water
 * tank into it through eddy's rigid-body table (eddy_rigid.h), filled by the
 * Chipmunk adapter (libeddy-chipmunk, eddy_chipmunk.h). Built with the
 * recipe eddy_chipmunk.h states:
 *
 *   cc own_world_chipmunk.c $(pkg-config --cflags eddy) -leddy-chipmunk $(pkg-config --libs eddy) \
 *      -lchipmunk -lm -o own_world_chipmunk
 *   ./own_world_chipmunk tank.eddy    # any asset, e.g. from examples/build_tank.c
 *
 * It prints, three times in a second, where the game's crate is and the
 * water's force on it (eddy_coupling_body_load); exits 1 with a message on
 * any error.
 */
#include <eddy/eddy_chipmunk.h>
#include <eddy/eddy_coupling.h>

#include <stdio.h>

static int fail(const char *what, const eddy_error *err)
{
    fprintf(stderr, "own_world_chipmunk: %s: %s\n", what, err->message);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: own_world_chipmunk ASSET.eddy\n");
        return 2;
    }
    eddy_error err;
    eddy_asset *asset = NULL;
    if (eddy_asset_load_file(argv[1], &asset, &err) != EDDY_OK) return fail(argv[1], &err);
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    eddy_fluid *fluid = NULL;
    eddy_fluid_desc fd = {0};
    if (eddy_fluid_create(asset, &fd, &fluid, &err) != EDDY_OK) return fail("fluid", &err);

    /* The game's space and a crate a little lighter than water, in the middle
     * of the tank, which sits with its lower left corner at the origin. */
    cpSpace *space = cpSpaceNew();
    cpSpaceSetGravity(space, cpv(0, -9.81));
    cpBody *crate = cpSpaceAddBody(space, cpBodyNew(0, 0));
    cpShape *box = cpSpaceAddShape(space, cpBoxShapeNew(crate, 1.0, 0.6, 0.0));
    cpShapeSetDensity(box, 900); /* kg/m^2; water is 1000 */
    cpBodySetPosition(crate, cpv(0.5 * info.width, 0.5 * info.height));

    /* The adapter, eddy's handles on the space and the crate, the coupling. */
    eddy_chipmunk *cm = NULL;
    eddy_world *ew = NULL;
    eddy_body *crate_e = NULL;
    eddy_coupling *c = NULL;
    eddy_coupling_desc cd = {0};
    if (eddy_chipmunk_create(space, &cm, &err) != EDDY_OK ||
        eddy_chipmunk_world(cm, &ew, &err) != EDDY_OK ||
        eddy_chipmunk_body(cm, ew, crate, &crate_e, &err) != EDDY_OK ||
        eddy_coupling_create(fluid, ew, &cd, &c, &err) != EDDY_OK ||
        eddy_coupling_add_body(c, crate_e, &err) != EDDY_OK)
        return fail("set-up", &err);

    const double dt = 1.0 / 60.0;
    int status = 0;
    for (int n = 1; n <= 60 && status == 0; ++n) {
        /* the split step: eddy moves the water and pushes the crate ... */
        if (eddy_coupling_advance(c, dt, &err) != EDDY_OK) status = fail("advance", &err);
        /* ... then the game steps its space (through the adapter) */
        eddy_chipmunk_step(cm, dt);
        if (status == 0 && n % 20 == 0) {
            double load[3];
            eddy_coupling_body_load(c, crate_e, load);
            cpVect p = cpBodyGetPosition(crate);
            printf("t=%.2f s  crate at (%.3f, %.3f) m  water force (%.1f, %.1f) N/m  "
                   "torque %.2f N\n", n * dt, p.x, p.y, load[0], load[1], load[2]);
        }
    }
    eddy_coupling_destroy(c);   /* gives the crate its own mass and gravity back */
    eddy_world_destroy(ew);
    eddy_chipmunk_destroy(cm);
    cpSpaceRemoveShape(space, box);
    cpShapeFree(box);
    cpSpaceRemoveBody(space, crate);
    cpBodyFree(crate);
    cpSpaceFree(space);
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
    return status;
}
