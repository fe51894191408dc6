// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_outline.c - one outline check for walls and bodies (issue 19, item 6).
 * A level's walls become rock the rigid bodies collide with, cut into convex
 * pieces; those pieces are body polygons, so the level's check
 * (eddy_walls_check, what `precompute --walls` runs) refuses exactly what the
 * body port would refuse when the level is played (eddy_scene_add_rock, what
 * `sim` runs). Before, a finely drawn arc built and then would not play. */
#include "test_util.h"

#include "domain.h"
#include "eddy_body.h"
#include "fluid_internal.h"

#include <math.h>
#include <string.h>

/* A half disc of radius r on (cx, cy) whose arc is drawn with `arc` points. */
static eddy_wall half_disc(double cx, double cy, double r, int arc)
{
    eddy_wall w;
    memset(&w, 0, sizeof w);
    w.kind = EDDY_WALL_POLYGON;
    for (int k = 0; k < arc; ++k) {
        double t = M_PI * k / (arc - 1);
        w.points[k][0] = cx + r * cos(t), w.points[k][1] = cy + r * sin(t);
    }
    w.point_count = arc;
    return w;
}

/* Whether a body accepts every convex piece of the wall's rock. */
static bool rock_plays(const eddy_wall *w, eddy_error *err)
{
    eddy_world *world;
    assert_int_equal(eddy_world_create(NULL, &world, NULL), EDDY_OK);
    eddy_body *rock;
    eddy_body_desc bd = {0};
    assert_int_equal(eddy_body_create(world, &bd, &rock, NULL), EDDY_OK);
    double pieces[EDDY_WALL_MAX_POINTS][EDDY_OUTLINE_MAX_VERTICES][2];
    int sizes[EDDY_WALL_MAX_POINTS];
    int n = eddyi_wall_rock_pieces(w, pieces, sizes, EDDY_WALL_MAX_POINTS);
    bool ok = n > 0;
    for (int k = 0; k < n && ok; ++k) {
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_POLYGON;
        sd.vertex_count = sizes[k];
        memcpy(sd.vertices, pieces[k], sizeof(double) * 2 * (size_t)sizes[k]);
        ok = eddy_body_add_shape(rock, &sd, NULL, err) == EDDY_OK;
    }
    eddy_world_destroy(world);
    return ok;
}

/* Walls the level accepts play; walls it refuses would not have. Arcs drawn
 * with 8 to 60 points (2.7 cm apart at 60: before, `precompute` built them
 * and `sim` refused the rock's slivers), an L, a star, a square: accepted and
 * played. A wall a centimetre thick: refused by both, in the body port's
 * words. */
static void walls_accepted_are_walls_that_play(void **state)
{
    (void)state;
    eddy_wall walls[10];
    int count = 0;
    const int arcs[5] = {8, 16, 24, 40, 60};
    for (int k = 0; k < 5; ++k) walls[count++] = half_disc(3, 3, 0.5, arcs[k]);
    eddy_wall l = {.kind = EDDY_WALL_POLYGON, .point_count = 6,
                   .points = {{1, 1}, {3, 1}, {3, 1.5}, {1.5, 1.5}, {1.5, 3}, {1, 3}}};
    walls[count++] = l;
    eddy_wall star = {.kind = EDDY_WALL_POLYGON, .point_count = 10};
    for (int k = 0; k < 10; ++k) {
        double t = M_PI * k / 5, r = k % 2 ? 0.4 : 1.0;
        star.points[k][0] = 5 + r * cos(t), star.points[k][1] = 5 + r * sin(t);
    }
    walls[count++] = star;
    eddy_wall square = {.kind = EDDY_WALL_POLYGON, .point_count = 4,
                        .points = {{6, 1}, {7, 1}, {7, 2}, {6, 2}}};
    walls[count++] = square;
    eddy_wall sliver = {.kind = EDDY_WALL_POLYGON, .point_count = 4,
                        .points = {{1, 8}, {4, 8}, {4, 8.01}, {1, 8.01}}};
    walls[count++] = sliver;
    int refused = 0;
    for (int k = 0; k < count; ++k) {
        eddy_error built = {0}, played = {0};
        bool accepted = eddy_walls_check(&walls[k], 1, 10, 10, &built) == EDDY_OK;
        bool plays = rock_plays(&walls[k], &played);
        print_message("wall %d (%2d points): %s when built, %s when played%s%s\n", k,
                      walls[k].point_count, accepted ? "accepted" : "refused",
                      plays ? "plays" : "refused", accepted ? "" : ": ", accepted ? "" : built.message);
        assert_true(accepted == plays);
        if (!accepted) {
            ++refused;
            assert_int_equal(built.code, EDDY_ERR_FORMAT);
            assert_non_null(strstr(built.message, "walls[0]"));
            assert_non_null(strstr(built.message, "thicker"));
        }
    }
    assert_int_equal(refused, 1); /* the sliver alone */
}

/* The check itself: the limits it names are the ones it enforces. */
static void convex_outline_limits(void **state)
{
    (void)state;
    eddy_error err = {0};
    const double ok[4][2] = {{0, 0}, {0.1, 0}, {0.1, 0.1}, {0, 0.1}};
    assert_int_equal(eddyi_convex_outline_check(ok, 4, &err), EDDY_OK);
    const double short_edge[3][2] = {{0, 0}, {0.02, 0}, {0.01, 0.5}};
    assert_int_equal(eddyi_convex_outline_check(short_edge, 3, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "edge 0"));
    const double flat_corner[4][2] = {{0, 0}, {0.5, -0.005}, {1, 0}, {0.5, 1}};
    assert_int_equal(eddyi_convex_outline_check(flat_corner, 4, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "vertex 1"));
    const double clockwise[3][2] = {{0, 0}, {0, 1}, {1, 0}};
    assert_int_equal(eddyi_convex_outline_check(clockwise, 3, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "not convex"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(walls_accepted_are_walls_that_play),
        cmocka_unit_test(convex_outline_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
