// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * own_world_v24.cpp - a game that already has its own Box2D world (Debian's
 * Box2D 2.4, C++) puts a water tank into it: eddy adopts the world and two of
 * the game's bodies, couples them to a fluid, and the game keeps stepping its
 * world itself. Links with the run time and Box2D:
 *
 *   c++ own_world_v24.cpp $(pkg-config --cflags --libs eddy-box2d) -lbox2d -o own_world_v24
 *   ./own_world_v24 tank.eddy        # any asset, e.g. from examples/build_tank.c
 *
 * It prints, once a second, where the game's crate is and the water's force
 * on it (eddy_coupling_body_load); exits 1 with a message on any error.
 */
#include <eddy/eddy_box2d_v24.h>
#include <eddy/eddy_coupling.h>

#include <box2d/b2_circle_shape.h>
#include <box2d/b2_fixture.h>
#include <box2d/b2_polygon_shape.h>

#include <stdio.h>

/* The game's own bodies, made the game's way. */
static b2Body *game_body(b2World &world, float x, float y, const b2Shape &shape, float density)
{
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position.Set(x, y);
    b2Body *body = world.CreateBody(&bd);
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = density; /* kg/m^2; water is 1000 */
    fd.friction = 0.6f;
    body->CreateFixture(&fd);
    return body;
}

static int fail(const char *what, const eddy_error &err)
{
    fprintf(stderr, "own_world_v24: %s: %s\n", what, err.message);
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: own_world_v24 ASSET.eddy\n");
        return 2;
    }
    eddy_error err;
    eddy_asset *asset = nullptr;
    if (eddy_asset_load_file(argv[1], &asset, &err) != EDDY_OK) return fail(argv[1], err);
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    eddy_fluid *fluid = nullptr;
    eddy_fluid_desc fd = {};
    if (eddy_fluid_create(asset, &fd, &fluid, &err) != EDDY_OK) return fail("fluid", err);

    /* The game's world: a crate that floats and a stone that sinks, placed
     * in the tank, which sits with its lower left corner at (20, 1). */
    const double ox = 20.0, oy = 1.0;
    b2World world(b2Vec2(0.0f, -9.81f));
    b2PolygonShape box;
    box.SetAsBox(0.5f, 0.3f);
    b2CircleShape ball;
    ball.m_radius = 0.4f;
    b2Body *crate = game_body(world, (float)(ox + 0.3 * info.width), (float)(oy + 0.5 * info.height),
                              box, 500.0f);
    b2Body *stone = game_body(world, (float)(ox + 0.7 * info.width), (float)(oy + 0.7 * info.height),
                              ball, 2500.0f);

    /* eddy's handles on the game's world and bodies, and the coupling. */
    eddy_world *ew = nullptr;
    eddy_body *crate_e = nullptr, *stone_e = nullptr;
    eddy_coupling *c = nullptr;
    eddy_coupling_desc cd = {};
    cd.origin[0] = ox, cd.origin[1] = oy; /* the tank's (0, 0) in the world */
    if (eddy_world_adopt_box2d(&world, &ew, &err) != EDDY_OK ||
        eddy_body_adopt_box2d(ew, crate, &crate_e, &err) != EDDY_OK ||
        eddy_body_adopt_box2d(ew, stone, &stone_e, &err) != EDDY_OK ||
        eddy_coupling_create(fluid, ew, &cd, &c, &err) != EDDY_OK ||
        eddy_coupling_add_walls(c, nullptr, &err) != EDDY_OK || /* keeps the bodies in */
        eddy_coupling_add_body(c, crate_e, &err) != EDDY_OK ||
        eddy_coupling_add_body(c, stone_e, &err) != EDDY_OK)
        return fail("set-up", err);

    const double dt = 1.0 / 60.0;
    int status = 0;
    for (int n = 1; n <= 180 && status == 0; ++n) {
        /* a current to the right along the bottom for the first second
           (stirs are in the fluid's own coordinates, eddy.h) */
        if (n <= 60) {
            eddy_stir stir = {};
            stir.x = 0.5 * info.width, stir.y = 0.2 * info.height;
            stir.radius = 0.15 * info.width, stir.fx = 400.0;
            eddy_fluid_add_stir(fluid, &stir);
        }
        /* the split step: eddy moves the water and pushes the bodies ... */
        if (eddy_coupling_advance(c, dt, &err) != EDDY_OK) status = fail("advance", err);
        /* ... then the game steps its world as it always does */
        world.Step((float)dt, 8, 3);
        if (status == 0 && n % 60 == 0) {
            double load[3];
            eddy_coupling_body_load(c, crate_e, load);
            b2Vec2 p = crate->GetPosition();
            printf("t=%.2f s  crate at (%.3f, %.3f) m  water force (%.1f, %.1f) N/m  "
                   "torque %.2f N\n", n * dt, p.x, p.y, load[0], load[1], load[2]);
        }
    }
    eddy_coupling_destroy(c);   /* gives the crate and the stone back to the game */
    eddy_world_destroy(ew);     /* eddy's handles and the walls; the world stays */
    eddy_fluid_destroy(fluid);
    eddy_asset_destroy(asset);
    return status;              /* the game's b2World goes with main */
}
