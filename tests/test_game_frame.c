// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * test_game_frame.c - eddy-game around the simulation (issue 12), all in
 * the headless core:
 *   - what would be drawn belongs to the level being played, whatever the
 *     order of level changes, restarts and picks (the looks, the poses and
 *     the outlines through the drawing's own transforms match the sim's
 *     bodies and the level's colours);
 *   - the view transform maps the tank onto its pixels and the mouse back;
 *   - the drawing's detail falls when frames run long and comes back when
 *     they are quick (game_quality.h), on made-up frame times.
 * Runs from the repository root; $EDDY_BIN/../assets holds the built assets.
 */
#include "kit_path.h"
#include "game_asset.h"
#include "level_build.h"
#include "eddy_build.h" /* eddy_asset_save_file */
#include "game_progress.h"
#include "game_quality.h"
#include "game_flow.h"
#include "game_replay.h"
#include "game_session.h"
#include "game_synth.h"
#include "game_tutorial.h"
#include "game_card.h"
#include "game_xform.h"
#include "test_util.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <unistd.h>

#define LEVELS_DIR "assets/levels"

static char g_assets[512];

static int setup(void **state)
{
    (void)state;
    const char *b = getenv("EDDY_BIN");
    snprintf(g_assets, sizeof g_assets, "%s/../assets", b && *b ? b : "build/bin");
    return 0;
}

static bool same_color(game_color a, game_color b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

/* Every body of the session's sim is drawn as itself: its kind and colour
 * from the level, its outline (through game_xform, at the pose the drawing
 * holds for it) on the body's true outline in the world. */
static void check_drawn(const game_session *s)
{
    const game_sim *sim = s->sim;
    const game_level *L = game_sim_level(sim);
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    int n = game_sim_body_count(sim);
    assert_int_equal(s->looks.body_count, n);
    assert_int_equal(s->looks.goal_count, L->goal_count);
    for (int i = 0; i < n; i++) {
        const game_body_look *look = &s->looks.bodies[i];
        eddy_body *body = game_sim_body(sim, i);
        /* kind and colour from the level's own data */
        if (L->paddle.present && i == L->body_count) {
            assert_int_equal(look->kind, GAME_LOOK_PADDLE);
            assert_true(same_color(look->fill, L->paddle.color));
        } else if (v.bodies[i].type != EDDY_BODY_DYNAMIC) {
            assert_int_equal(look->kind, GAME_LOOK_STATIC);
        } else {
            game_look_kind want = v.bodies[i].density < v.density   ? GAME_LOOK_FLOATS
                                  : v.bodies[i].density > v.density ? GAME_LOOK_SINKS
                                                                    : GAME_LOOK_NEUTRAL;
            assert_int_equal(look->kind, want);
            if (L->bodies[i].has_color) assert_true(same_color(look->fill, L->bodies[i].color));
        }
        /* the pose the drawing holds is the body's, and the outline drawn
           through it lies on the body's shapes */
        eddy_pose now, drawn;
        eddy_body_get_pose(body, &now);
        drawn = game_pose_lerp(&s->prev[i], &s->cur[i], 1.0);
        assert_true(fabs(drawn.x - now.x) < 1e-5 && fabs(drawn.y - now.y) < 1e-5);
        mat3 model;
        game_xform_pose(&drawn, model);
        int piece = 0;
        for (int k = 0; k < eddy_body_shape_count(body); k++) {
            eddy_shape_info info;
            assert_int_equal(eddy_body_get_shape(body, k, &info, NULL), EDDY_OK);
            if (info.is_sensor) continue;
            assert_true(piece < look->pieces);
            float p[2];
            double w[2];
            if (info.type == EDDY_SHAPE_CIRCLE) {
                assert_true(look->circle[piece]);
                eddy_body_world_point(body, info.center[0], info.center[1], w);
                for (int q = 0; q < look->count[piece]; q++) {
                    game_xform_point(model, look->local[piece][q][0], look->local[piece][q][1], p);
                    assert_true(fabs(hypot(p[0] - w[0], p[1] - w[1]) - info.radius) < 1e-4);
                }
            } else {
                assert_int_equal(look->count[piece], info.vertex_count);
                for (int q = 0; q < info.vertex_count; q++) {
                    game_xform_point(model, look->local[piece][q][0], look->local[piece][q][1], p);
                    eddy_body_world_point(body, info.vertices[q][0], info.vertices[q][1], w);
                    assert_true(fabs(p[0] - w[0]) < 1e-4 && fabs(p[1] - w[1]) < 1e-4);
                }
            }
            piece++;
        }
        assert_int_equal(piece, look->pieces);
    }
    /* a goal glows in the colour of the body it waits for */
    for (int g = 0; g < L->goal_count; g++)
        assert_true(same_color(s->looks.goal[g], s->looks.bodies[L->goals[g].bodies[0]].fill));
}

/* Moves the paddle and steps, so the poses are not the starting ones. */
static void play(game_session *s, int frames)
{
    const game_level *L = game_sim_level(s->sim);
    eddy_error err = {0};
    if (L->paddle.present) {
        game_cmd c = {GAME_CMD_PADDLE, 0, {L->paddle.track[1][0], L->paddle.track[1][1], 0, 0}};
        assert_int_equal(game_sim_command(s->sim, &c, &err), EDDY_OK);
    }
    for (int f = 0; f < frames; f++)
        if (game_session_step(s, &err) != EDDY_OK) fail_msg("%s", err.message);
}

/* Level changes, restarts and picks in an order that reuses freed memory:
 * after each, what would be drawn is the new level's. */
static void drawing_follows_level_changes(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    assert_true(cat.count >= 6);
    game_session s;
    memset(&s, 0, sizeof s);
    s.index = -1;
    eddy_error err = {0};
    /* index -2: restart the level being played; -1: the built-in level */
    const int order[] = {0, 1, 0, -2, 2, 5, -2, 4, 4, -1, 3, 0, 1, -2, 5};
    const int n = (int)(sizeof order / sizeof order[0]);
    for (int k = 0; k < n; k++) {
        eddy_result rc = order[k] == -2 ? game_session_restart(&s, &err)
                                        : game_session_open(&s, &cat, order[k], NULL, &err);
        if (rc != EDDY_OK) fail_msg("step %d: %s", k, err.message);
        if (order[k] >= 0) assert_int_equal(s.index, order[k]);
        check_drawn(&s);
        play(&s, 45);
        check_drawn(&s);
    }
    print_message("%d level changes and restarts: every body drawn as itself\n", n);
    game_session_close(&s);
    game_catalog_close(&cat);
}

/* The view puts the tank's corners on the tank's pixels (y flipped), and the
 * inverse brings a pixel back to the point under it. */
static void view_maps_the_tank_and_back(void **state)
{
    (void)state;
    mat3 view;
    const double ox = 16, oy = 58, scale = 94.5, H = 7.5;
    game_xform_view(ox, oy, scale, H, view);
    float p[2];
    game_xform_point(view, 0, 0, p);
    assert_true(fabs(p[0] - ox) < 1e-3 && fabs(p[1] - (oy + scale * H)) < 1e-3);
    game_xform_point(view, 12, 7.5, p);
    assert_true(fabs(p[0] - (ox + 12 * scale)) < 1e-3 && fabs(p[1] - oy) < 1e-3);
    double w[2];
    game_xform_unproject(view, 500.5, 300.25, w);
    game_xform_point(view, w[0], w[1], p);
    assert_true(fabs(p[0] - 500.5) < 1e-3 && fabs(p[1] - 300.25) < 1e-3);
    /* a pose: a quarter turn about (2, 1) takes body (1, 0) to world (2, 2) */
    eddy_pose pose = {2, 1, 1.5707963267948966, 0, 1};
    mat3 model;
    game_xform_pose(&pose, model);
    game_xform_point(model, 1, 0, p);
    assert_true(fabs(p[0] - 2) < 1e-6 && fabs(p[1] - 2) < 1e-6);
    /* between two poses the angle goes the short way across +-pi */
    eddy_pose a = {0, 0, 3.0, 0, 0}, b = {1, 0, -3.0, 0, 0};
    eddy_pose m = game_pose_lerp(&a, &b, 0.5);
    assert_true(fabs(fabs(m.angle) - 3.14159265) < 1e-6);
    assert_true(fabs(m.x - 0.5) < 1e-6);
}


/* ------------------------------------------------------------ the paddle never crushes */

/* A level with a lift (the paddle) and one crate, built on the spot. */
static game_sim *lift_level(const char *bodies, const char *paddle, game_level **L, eddy_asset **a)
{
    char text[2048];
    snprintf(text, sizeof text,
             "{ \"title\": \"push\", \"asset\": { \"domain\": [8, 6], \"grid\": [16, 12], \"modes\": 12 },"
             "  \"fluid\": { \"density\": 1000 }, \"buoyancy\": true, \"stir\": false,"
             "  \"bodies\": [ %s ], \"paddle\": { %s },"
             "  \"goals\": [ { \"rect\": [0, 0, 0.5, 0.5], \"bodies\": [\"crate\"] } ] }",
             bodies, paddle);
    eddy_error err = {0};
    if (game_level_load_memory(text, strlen(text), "push", L, &err) != EDDY_OK) fail_msg("%s", err.message);
    if (game_asset_build(*L, "/nonexistent", a, NULL, &err) != EDDY_OK) fail_msg("%s", err.message);
    game_sim *sim;
    if (game_sim_create(*L, *a, &sim, &err) != EDDY_OK) fail_msg("%s", err.message);
    return sim;
}

/* Lowest and highest world y of a body's outline, and its x range. */
static void extent(eddy_body *b, double lo[2], double hi[2])
{
    lo[0] = lo[1] = 1e9, hi[0] = hi[1] = -1e9;
    for (int s = 0; s < eddy_body_shape_count(b); s++) {
        eddy_shape_info info;
        eddy_body_get_shape(b, s, &info, NULL);
        for (int k = 0; k < info.vertex_count; k++) {
            double w[2];
            eddy_body_world_point(b, info.vertices[k][0], info.vertices[k][1], w);
            for (int q = 0; q < 2; q++) lo[q] = fmin(lo[q], w[q]), hi[q] = fmax(hi[q], w[q]);
        }
    }
}

static void command_paddle(game_sim *sim, double x, double y)
{
    eddy_error err = {0};
    game_cmd c = {GAME_CMD_PADDLE, 0, {x, y, 0, 0}};
    assert_int_equal(game_sim_command(sim, &c, &err), EDDY_OK);
}

static void step_sim(game_sim *sim)
{
    eddy_error err = {0};
    if (game_sim_step(sim, &err) != EDDY_OK) fail_msg("%s", err.message);
}

/* A lift raising a crate into a shelf stops under it: the crate is never
 * pressed into the shelf, never left behind under the lift; and the lift,
 * lowered onto a crate on the floor, stops on top of it. */
static void the_lift_never_crushes_a_crate(void **state)
{
    (void)state;
    game_level *L;
    eddy_asset *a;
    /* crate (0.5 m) on the lift at y 0.1; the shelf's underside at 3.0; the
       track would take the lift's top to 4.1 */
    game_sim *sim = lift_level(
        "{ \"name\": \"crate\", \"shape\": \"box\", \"hw\": 0.25, \"hh\": 0.25, \"x\": 2, \"y\": 0.46,"
        "  \"density\": 1400 },"
        "{ \"name\": \"shelf\", \"shape\": \"box\", \"hw\": 1.5, \"hh\": 0.1, \"x\": 2, \"y\": 3.1,"
        "  \"type\": \"static\" }",
        "\"shape\": \"box\", \"hw\": 0.8, \"hh\": 0.1, \"x\": 2, \"y\": 0.1,"
        "\"track\": [[2, 0.1], [2, 4.0]], \"speed\": 3",
        &L, &a);
    eddy_body *crate = game_sim_body(sim, 0), *lift = game_sim_paddle(sim);
    double worst_shelf = 0, worst_lift = 0;
    command_paddle(sim, 2, 4.0);
    for (int f = 0; f < 240; f++) {
        step_sim(sim);
        double clo[2], chi[2], llo[2], lhi[2];
        extent(crate, clo, chi);
        extent(lift, llo, lhi);
        if (clo[0] < 3.5 && chi[0] > 0.5) worst_shelf = fmax(worst_shelf, chi[1] - 3.0);
        worst_lift = fmax(worst_lift, lhi[1] - clo[1]);
    }
    double clo[2], chi[2], llo[2], lhi[2];
    extent(crate, clo, chi);
    extent(lift, llo, lhi);
    print_message("raised into a shelf: crate top %.3f (shelf 3.000), lift top %.3f, deepest into the "
                  "shelf %.4f m, lift into the crate %.4f m\n", chi[1], lhi[1], worst_shelf, worst_lift);
    assert_true(worst_shelf < 0.01);
    assert_true(worst_lift < 0.02);
    assert_true(clo[1] > lhi[1] - 0.02);        /* still on top of the lift */
    assert_true(chi[1] > 2.9);                  /* and the lift did raise it */
    assert_true(lhi[1] < 2.5 + 0.03);           /* stopped under the shelf */

    game_sim_destroy(sim);
    eddy_asset_destroy(a);
    game_level_destroy(L);

    /* a lift coming down on a crate resting on the floor */
    sim = lift_level(
        "{ \"name\": \"crate\", \"shape\": \"box\", \"hw\": 0.25, \"hh\": 0.25, \"x\": 2, \"y\": 0.26,"
        "  \"density\": 1400 }",
        "\"shape\": \"box\", \"hw\": 0.8, \"hh\": 0.1, \"x\": 2, \"y\": 3,"
        "\"track\": [[2, 0.1], [2, 4.0]], \"speed\": 3",
        &L, &a);
    crate = game_sim_body(sim, 0), lift = game_sim_paddle(sim);
    command_paddle(sim, 2, 0.1);
    double worst_floor = 0;
    worst_lift = 0;
    for (int f = 0; f < 240; f++) {
        step_sim(sim);
        extent(crate, clo, chi);
        extent(lift, llo, lhi);
        worst_floor = fmax(worst_floor, -clo[1]);
        worst_lift = fmax(worst_lift, chi[1] - llo[1]);
    }
    print_message("lowered onto a crate: crate top %.3f, lift bottom %.3f, deepest into the floor "
                  "%.4f m, lift into the crate %.4f m\n", chi[1], llo[1], worst_floor, worst_lift);
    assert_true(worst_floor < 0.01);
    assert_true(worst_lift < 0.02);
    assert_true(llo[1] > chi[1] - 0.02);         /* above the crate, not through it */
    assert_true(llo[1] < 0.55 + 0.05);           /* came down until it touched */
    game_sim_destroy(sim);
    eddy_asset_destroy(a);
    game_level_destroy(L);
}

/* A paddle sliding sideways pushes a ball along the floor (it is not stopped
 * by the floor the ball rolls on) but not into the tank's wall. */
static void the_paddle_pushes_along_but_not_into_a_wall(void **state)
{
    (void)state;
    game_level *L;
    eddy_asset *a;
    game_sim *sim = lift_level(
        "{ \"name\": \"crate\", \"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.3, \"x\": 4, \"y\": 0.31,"
        "  \"density\": 1300, \"friction\": 0.2 }",
        "\"shape\": \"box\", \"hw\": 0.1, \"hh\": 0.6, \"x\": 1, \"y\": 0.65,"
        "\"track\": [[1, 0.65], [7.9, 0.65]], \"speed\": 2",
        &L, &a);
    eddy_body *crate = game_sim_body(sim, 0), *paddle = game_sim_paddle(sim);
    command_paddle(sim, 7.9, 0.65);
    double worst_wall = 0, worst_paddle = 0, clo[2], chi[2], plo[2], phi[2];
    for (int f = 0; f < 360; f++) {
        step_sim(sim);
        extent(crate, clo, chi);
        extent(paddle, plo, phi);
        worst_wall = fmax(worst_wall, chi[0] - 8.0);
        worst_paddle = fmax(worst_paddle, phi[0] - clo[0]);
    }
    print_message("pushed into the wall: crate right %.3f (wall 8.000), paddle right %.3f, deepest "
                  "into the wall %.4f m, paddle into the crate %.4f m\n", chi[0], phi[0], worst_wall,
                  worst_paddle);
    assert_true(chi[0] > 7.9);                   /* pushed all the way along the floor */
    assert_true(worst_wall < 0.01);
    assert_true(worst_paddle < 0.02);
    assert_true(phi[0] < clo[0] + 0.02);         /* stopped behind the crate */
    game_sim_destroy(sim);
    eddy_asset_destroy(a);
    game_level_destroy(L);
}

/* ------------------------------------------------------------ batched sampling */

/* eddy_coupling_velocity_many (a treecode over the panels and their wall
 * images) gives what eddy_coupling_velocity gives point by point, near the
 * bodies and far from them, to the far-field tolerance. */
static void batched_velocity_matches_point_by_point(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    game_session s;
    memset(&s, 0, sizeof s);
    eddy_error err = {0};
    if (game_session_open(&s, &cat, 5, NULL, &err) != EDDY_OK) fail_msg("%s", err.message);
    game_cmd jet = {GAME_CMD_JET, 0, {1, 0, 0, 0}};
    assert_int_equal(game_sim_command(s.sim, &jet, &err), EDDY_OK);
    play(&s, 240);
    const game_level *L = game_sim_level(s.sim);
    enum { NX = 97, NY = 61, N = NX * NY };
    static double xy[2 * N], many[2 * N];
    for (int j = 0; j < NY; j++)
        for (int i = 0; i < NX; i++) {
            xy[2 * (j * NX + i)] = (i + 0.5) * L->asset.width / NX;
            xy[2 * (j * NX + i) + 1] = (j + 0.5) * L->asset.height / NY;
        }
    const eddy_coupling *c = game_sim_coupling(s.sim);
    eddy_coupling_velocity_many(c, N, xy, many);
    double worst = 0, top = 0;
    for (int k = 0; k < N; k++) {
        double one[2];
        eddy_coupling_velocity(c, xy[2 * k], xy[2 * k + 1], one);
        double d = hypot(many[2 * k] - one[0], many[2 * k + 1] - one[1]);
        if (!(d <= worst)) worst = d;
        top = fmax(top, hypot(one[0], one[1]));
    }
    print_message("%d points: largest difference %.2e m/s (largest speed %.2f m/s)\n", N, worst, top);
    assert_true(top > 0.1);
    assert_true(worst < 1e-5);
    game_session_close(&s);
    game_catalog_close(&cat);
}

/* ------------------------------------------------------------ progress */

/* Levels open in order as they are won, all at once with unlock-all; the
 * file keeps results, settings and other catalogs' levels across sessions;
 * lines it does not understand are skipped. */
static void progress_opens_levels_in_order_and_survives(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    char path[128];
    snprintf(path, sizeof path, "/tmp/eddy-progress-%d", (int)getpid());
    FILE *f = fopen(path, "w");
    fputs("# an older file\n01-first-current 2 14.5\nlevel gone-level 3 9.000\nnonsense here\n"
          "level 02-paddle 7 1.0\nlevel 03-lift 1 -4\nsound 0\n", f);
    fclose(f);
    game_progress p;
    eddy_error err = {0};
    assert_int_equal(game_progress_open(&p, &cat, path, &err), EDDY_OK);
    assert_int_equal(p.stars[0], 2);                 /* the first version's line */
    assert_true(fabs(p.best[0] - 14.5) < 1e-9);
    assert_int_equal(p.stars[1], 0);                 /* 7 stars: refused */
    assert_int_equal(p.stars[2], 0);                 /* a negative time: refused */
    assert_true(p.muted);
    assert_true(game_progress_unlocked(&p, 0) && game_progress_unlocked(&p, 1));
    assert_false(game_progress_unlocked(&p, 2));
    assert_int_equal(game_progress_next(&p), 1);
    assert_false(game_progress_record(&p, 0, 1, 20.0)); /* slower: not a best, stars kept */
    assert_int_equal(p.stars[0], 2);
    assert_true(game_progress_record(&p, 1, 3, 11.25));
    assert_true(game_progress_unlocked(&p, 2));
    assert_false(game_progress_unlocked(&p, 3));
    assert_int_equal(game_progress_save(&p, &err), EDDY_OK);
    game_progress_close(&p);

    assert_int_equal(game_progress_open(&p, &cat, path, &err), EDDY_OK);
    assert_int_equal(p.stars[1], 3);
    assert_true(fabs(p.best[1] - 11.25) < 1e-9);
    assert_true(strstr(p.extra, "gone-level 3") != NULL); /* kept for its catalog */
    assert_false(game_progress_unlocked(&p, cat.count - 1));
    p.unlock_all = true;
    for (int i = 0; i < cat.count; i++) assert_true(game_progress_unlocked(&p, i));
    assert_int_equal(game_progress_save(&p, &err), EDDY_OK);
    game_progress_close(&p);
    assert_int_equal(game_progress_open(&p, &cat, path, &err), EDDY_OK);
    assert_true(p.unlock_all && p.muted);
    game_progress_close(&p);
    unlink(path);
    game_catalog_close(&cat);
}

/* The data directory follows XDG_DATA_HOME, else HOME; replays and pictures
 * get new dated names there. */
static void data_files_go_to_the_users_data_directory(void **state)
{
    (void)state;
    char base[96], dir[512], file[512];
    snprintf(base, sizeof base, "/tmp/eddy-xdg-%d", (int)getpid());
    char *old_xdg = getenv("XDG_DATA_HOME") ? strdup(getenv("XDG_DATA_HOME")) : NULL;
    setenv("XDG_DATA_HOME", base, 1);
    assert_true(game_data_dir("replays", true, dir, sizeof dir));
    char want[160];
    snprintf(want, sizeof want, "%s/eddy-game/replays", base);
    assert_string_equal(dir, want);
    assert_true(game_data_file("replays", "01-first-current", "replay", file, sizeof file));
    assert_true(strncmp(file, want, strlen(want)) == 0);
    assert_true(strstr(file, "/01-first-current-") && strstr(file, ".replay"));
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    char second[512];
    assert_true(game_data_file("replays", "01-first-current", "replay", second, sizeof second));
    assert_string_not_equal(file, second); /* the same second: a new name */
    unlink(file);
    setenv("XDG_DATA_HOME", "relative/ignored", 1); /* not absolute: HOME is used */
    assert_true(game_data_dir(NULL, false, dir, sizeof dir));
    assert_true(strstr(dir, "/.local/share/eddy-game") != NULL);
    if (old_xdg) setenv("XDG_DATA_HOME", old_xdg, 1), free(old_xdg);
    else unsetenv("XDG_DATA_HOME");
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    assert_int_equal(system(cmd), 0);
}

/* The banner of a failed edit names the file the designer edited: a path
 * through a link (the build tree's share/eddy/levels -> assets/levels) is
 * shown as the file it leads to, relative to the working directory. */
static void designer_paths_follow_links(void **state)
{
    (void)state;
    char base[96], link[160], shown[512], want[512];
    snprintf(base, sizeof base, "/tmp/eddy-links-%d", (int)getpid());
    assert_int_equal(mkdir(base, 0755), 0);
    snprintf(link, sizeof link, "%s/levels", base);
    char cwd[400];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(want, sizeof want, "%s/assets/levels", cwd);
    assert_int_equal(symlink(want, link), 0);
    snprintf(link, sizeof link, "%s/levels/../levels/02-paddle.json", base);
    kit_designer_path(link, shown, sizeof shown);
    assert_string_equal(shown, "assets/levels/02-paddle.json");
    kit_designer_path("/no/such/file.json", shown, sizeof shown); /* kept as given */
    assert_string_equal(shown, "/no/such/file.json");
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", base);
    assert_int_equal(system(cmd), 0);
}

/* Text the player reads says each word once and names colours right (issue
 * 31: "the red red", a grey stone called "blue"): on every shipped level,
 * in its hints, its goal sentence and its tutorial cards, no word follows
 * itself, and a colour word before an object's name is the colour family
 * that object is drawn in. The colour names are pinned on the levels' own
 * colours first. */
static void check_words(const char *id, const game_level *L, const char *text)
{
    static const char *const COLOURS[] = {"red",  "orange", "yellow", "green", "turquoise", "blue",
                                          "purple", "pink", "grey",   "white", "black"};
    char words[80][32];
    int n = 0;
    for (const char *p = text; *p && n < 80;) {
        while (*p && !isalpha((unsigned char)*p)) p++;
        int k = 0;
        while (*p && (isalpha((unsigned char)*p) || *p == '-')) {
            if (k < 31) words[n][k++] = (char)tolower((unsigned char)*p);
            p++;
        }
        words[n][k] = '\0';
        if (k) n++;
    }
    for (int i = 1; i < n; i++)
        if (strcmp(words[i], words[i - 1]) == 0)
            fail_msg("%s: '%s' twice in a row in: %s", id, words[i], text);
    for (int i = 0; i + 1 < n; i++)
        for (size_t c = 0; c < sizeof COLOURS / sizeof COLOURS[0]; c++) {
            if (strcmp(words[i], COLOURS[c]) != 0) continue;
            for (int b = 0; b < L->body_count; b++) {
                char name[GAME_NAME_MAX + 1];
                snprintf(name, sizeof name, "%s", L->bodies[b].name);
                char *dash = strrchr(name, '-');
                if (dash && strlen(dash) <= 3) *dash = '\0';
                size_t len = strlen(name);
                if (!len || !L->bodies[b].has_color || strncmp(words[i + 1], name, len) != 0) continue;
                const char *drawn = game_color_name(L->bodies[b].color);
                if (strcmp(drawn, COLOURS[c]) != 0)
                    fail_msg("%s: '%s %s' but %s is drawn %s (#%02x%02x%02x): %s", id, words[i],
                             words[i + 1], L->bodies[b].name, drawn, L->bodies[b].color.r,
                             L->bodies[b].color.g, L->bodies[b].color.b, text);
            }
        }
}

static void cards_and_hints_read_right(void **state)
{
    (void)state;
    const struct {
        game_color c;
        const char *name;
    } pinned[] = {{{0x8d, 0x99, 0xae}, "grey"},  {{0x6c, 0x75, 0x7d}, "grey"},
                  {{0xef, 0x47, 0x6f}, "red"},   {{0x06, 0xd6, 0xa0}, "green"},
                  {{0xff, 0xd2, 0x3f}, "yellow"}, {{0xff, 0x8c, 0x42}, "orange"},
                  {{0x5a, 0xd1, 0xff}, "blue"}, {{0x4c, 0xc9, 0xf0}, "blue"}};
    for (size_t k = 0; k < sizeof pinned / sizeof pinned[0]; k++)
        assert_string_equal(game_color_name(pinned[k].c), pinned[k].name);
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    int texts = 0;
    for (int i = 0; i < cat.count; i++) {
        game_level *L = NULL;
        eddy_error err = {0};
        if (game_level_load_file(cat.paths[i], &L, &err) != EDDY_OK) fail_msg("%s", err.message);
        for (int h = 0; h < L->hint_count; h++, texts++) check_words(L->id, L, L->hints[h]);
        char goal[400];
        game_goal_sentence(L, goal, sizeof goal);
        check_words(L->id, L, goal), texts++;
        game_tutorial t;
        game_tutorial_start(&t, L);
        for (int c = 0; c < t.count; c++, texts++) {
            check_words(L->id, L, t.cards[c].text);
            if (t.cards[c].late[0]) check_words(L->id, L, t.cards[c].late);
        }
        game_level_destroy(L);
    }
    print_message("%d texts of %d levels read: no word twice, colours as drawn\n", texts, cat.count);
    assert_true(texts > 3 * cat.count);
    game_catalog_close(&cat);
}

/* ------------------------------------------------------------ tutorial */

/* The first level's cards come in order, each waiting for its action, and
 * speak of the level's own key, object and goal in plain words. */
/* An independent measure of what a card would hide: the goals, the nozzles
 * and the objects' centres (with their size) inside its rectangle, counted
 * here from the level, not through game_card_cover. */
static int hidden_elements(const game_sim *sim, const double r[4], char *what, size_t cap)
{
    const game_level *L = game_sim_level(sim);
    int n = 0;
    what[0] = '\0';
    for (int g = 0; g < L->goal_count; g++) {
        const double *q = L->goals[g].rect;
        if (q[0] < r[2] && q[2] > r[0] && q[1] < r[3] && q[3] > r[1])
            n++, snprintf(what + strlen(what), cap - strlen(what), " goal %d", g);
    }
    for (int j = 0; j < L->jet_count; j++) {
        const double *at = L->jets[j].at;
        if (at[0] > r[0] - 0.25 && at[0] < r[2] + 0.25 && at[1] > r[1] - 0.25 && at[1] < r[3] + 0.25)
            n++, snprintf(what + strlen(what), cap - strlen(what), " nozzle %d", j);
    }
    for (int i = 0; i < game_sim_body_count(sim); i++) {
        double c[2];
        eddy_body_world_center(game_sim_body(sim, i), c);
        if (c[0] > r[0] - 0.3 && c[0] < r[2] + 0.3 && c[1] > r[1] - 0.3 && c[1] < r[3] + 0.3)
            n++, snprintf(what + strlen(what), cap - strlen(what), " body %d", i);
    }
    return n;
}

/* Cards never hide the level: the opening card (about 540 x 200 pixels at
 * the window's 1280 x 800, whose tank has some 87 pixels to the metre) and a
 * tutorial card find a place clear of every goal, nozzle and object on every
 * shipped level; and the place chosen hides no more than the middle would. */
static void cards_leave_the_level_in_view(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    assert_int_equal(cat.count, test_count_files(LEVELS_DIR, ".json")); /* 11, 12 too */
    for (int i = 0; i < cat.count; i++) {
        game_session s;
        memset(&s, 0, sizeof s);
        eddy_error err = {0};
        if (game_session_open(&s, &cat, i, NULL, &err) != EDDY_OK) fail_msg("%s", err.message);
        const game_level *L = s.loaded.level;
        double px = fmin(1050.0 / L->asset.width, 650.0 / L->asset.height); /* pixels per metre */
        double sizes[2][2] = {{540 / px, 200 / px}, {640 / px, 90 / px}};
        for (int k = 0; k < 2; k++) {
            double r[4], mid[4];
            double cover = game_card_place(s.sim, sizes[k][0], sizes[k][1], r);
            char what[256];
            int n = hidden_elements(s.sim, r, what, sizeof what);
            if (n > 0)
                fail_msg("%s: a %.1f x %.1f m card at (%.1f, %.1f) hides%s", L->id, sizes[k][0],
                         sizes[k][1], r[0], r[1], what);
            assert_true(r[0] >= -1e-9 && r[2] <= L->asset.width + 1e-9);
            assert_true(r[1] >= -1e-9 && r[3] <= L->asset.height + 1e-9);
            mid[0] = (L->asset.width - sizes[k][0]) / 2, mid[1] = (L->asset.height - sizes[k][1]) / 2;
            mid[2] = mid[0] + sizes[k][0], mid[3] = mid[1] + sizes[k][1];
            assert_true(cover <= game_card_cover(s.sim, mid) + 1e-12);
        }
        /* the win and loss cards (issue 31, level 9): the narrow one, 400 x
           ~300 pixels, finds a place clear of every goal */
        double r[4];
        if (!game_card_place_clear(s.sim, 400 / px, 300 / px, r))
            fail_msg("%s: no place for the win card clear of the goals", L->id);
        for (int g = 0; g < L->goal_count; g++) {
            const double *q = L->goals[g].rect;
            assert_true(r[2] <= q[0] || r[0] >= q[2] || r[3] <= q[1] || r[1] >= q[3]);
        }
        game_session_close(&s);
    }
    game_catalog_close(&cat);
}

/* Distance from point p to the outline of body b (0 inside it), from the
 * body's own shapes: circles and polygons in world space. */
static double distance_to_body(const eddy_body *b, const double p[2])
{
    double best = INFINITY;
    for (int s = 0; s < eddy_body_shape_count(b); s++) {
        eddy_shape_info info;
        if (eddy_body_get_shape(b, s, &info, NULL) != EDDY_OK) continue;
        if (info.type == EDDY_SHAPE_CIRCLE) {
            double c[2];
            eddy_body_world_point(b, info.center[0], info.center[1], c);
            best = fmin(best, fmax(0.0, hypot(p[0] - c[0], p[1] - c[1]) - info.radius));
            continue;
        }
        double w[EDDY_MAX_POLYGON_VERTICES][2];
        int n = info.vertex_count;
        for (int k = 0; k < n; k++) eddy_body_world_point(b, info.vertices[k][0], info.vertices[k][1], w[k]);
        bool inside = true;
        for (int k = 0; k < n; k++) { /* convex, counter-clockwise */
            const double *a = w[k], *c = w[(k + 1) % n];
            double ex = c[0] - a[0], ey = c[1] - a[1], len2 = ex * ex + ey * ey;
            inside = inside && ex * (p[1] - a[1]) - ey * (p[0] - a[0]) >= 0;
            double t = len2 > 0 ? ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / len2 : 0;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            best = fmin(best, hypot(p[0] - a[0] - t * ex, p[1] - a[1] - t * ey));
        }
        if (inside) return 0;
    }
    return best;
}

/* Start positions are clear: no object starts over a current's nozzle (its
 * disc of 0.22 m and the chevron showing its direction, to 0.42 m, plus a
 * little water), and no goal's label starts under an object or in rock on
 * every shipped level. The level waits for the first move, so this is what
 * the player sees. */
static void start_positions_are_clear(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    assert_int_equal(cat.count, test_count_files(LEVELS_DIR, ".json")); /* 11, 12 too */
    for (int i = 0; i < cat.count; i++) {
        game_session s;
        memset(&s, 0, sizeof s);
        eddy_error err = {0};
        if (game_session_open(&s, &cat, i, NULL, &err) != EDDY_OK) fail_msg("%s", err.message);
        const game_level *L = s.loaded.level;
        for (int j = 0; j < L->jet_count; j++)
            for (int b = 0; b < game_sim_body_count(s.sim); b++) {
                double d = distance_to_body(game_sim_body(s.sim, b), L->jets[j].at);
                if (d < 0.5)
                    fail_msg("%s: body %d starts %.2f m from nozzle %c at (%g, %g)", L->id, b, d,
                             L->jets[j].key, L->jets[j].at[0], L->jets[j].at[1]);
            }
        for (int g = 0; g < L->goal_count; g++) {
            const game_goal *goal = &L->goals[g];
            if (!goal->label[0]) continue;
            /* the label: the middle of the goal's bottom edge, or of its top
               edge where rock is at the bottom (as game_render.c puts it) */
            double cx = (goal->rect[0] + goal->rect[2]) / 2, y = goal->rect[1] + 0.2;
            const eddy_asset *a = s.loaded.asset;
            if (eddy_asset_solid_at(a, cx, y) || eddy_asset_solid_at(a, cx - 0.3, y) ||
                eddy_asset_solid_at(a, cx + 0.3, y))
                y = goal->rect[3] - 0.2;
            double at[2] = {cx, y};
            if (eddy_asset_solid_at(a, cx, y)) fail_msg("%s: goal %d's label is in rock", L->id, g);
            for (int b = 0; b < game_sim_body_count(s.sim); b++)
                if (distance_to_body(game_sim_body(s.sim, b), at) < 0.15)
                    fail_msg("%s: goal %d's label starts under body %d", L->id, g, b);
        }
        game_session_close(&s);
    }
    game_catalog_close(&cat);
}

static void tutorial_follows_the_player(void **state)
{
    (void)state;
    game_catalog cat;
    game_catalog_open(&cat, LEVELS_DIR, g_assets, NULL);
    game_session s;
    memset(&s, 0, sizeof s);
    eddy_error err = {0};
    if (game_session_open(&s, &cat, 0, NULL, &err) != EDDY_OK) fail_msg("%s", err.message);
    const game_level *L = s.loaded.level;
    game_tutorial t;
    game_tutorial_start(&t, L);
    assert_true(t.count >= 3);
    char key[32];
    snprintf(key, sizeof key, "Press %c", L->jets[0].key);
    for (int k = 0; k < t.count; k++) { /* no jargon in what the player reads */
        static const char *const words[] = {"mode", "panel", "u_r", "feedback", "vortex", "Box2D", "jet"};
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
            if (strstr(t.cards[k].text, words[w])) fail_msg("card %d says '%s': %s", k, words[w], t.cards[k].text);
    }
    /* the goal and the idea first; it waits for a key or a click (issue 31:
       not gone by itself after a few seconds), and the window says so */
    assert_non_null(strstr(game_tutorial_text(&t), "move the water"));
    assert_non_null(strstr(game_tutorial_text(&t), "Bring the yellow ball into the glowing box at "
                                                   "the top right."));
    for (int f = 0; f < 1200; f++) {
        assert_int_equal(game_session_step(&s, &err), EDDY_OK);
        game_tutorial_update(&t, s.sim, game_sim_time(s.sim));
    }
    assert_non_null(strstr(game_tutorial_text(&t), "move the water"));
    assert_true(game_tutorial_waits_key(&t));
    game_tutorial_next(&t, game_sim_time(s.sim));
    assert_non_null(strstr(game_tutorial_text(&t), key)); /* waits for the current */
    assert_false(game_tutorial_waits_key(&t));
    game_cmd jet = {GAME_CMD_JET, 0, {1, 0, 0, 0}};
    assert_int_equal(game_sim_command(s.sim, &jet, &err), EDDY_OK);
    assert_int_equal(game_session_step(&s, &err), EDDY_OK);
    game_tutorial_update(&t, s.sim, game_sim_time(s.sim));
    assert_non_null(strstr(game_tutorial_text(&t), "carries the yellow ball"));
    for (int f = 0; f < 400; f++) {
        assert_int_equal(game_session_step(&s, &err), EDDY_OK);
        game_tutorial_update(&t, s.sim, game_sim_time(s.sim));
    }
    assert_non_null(strstr(game_tutorial_text(&t), "carries the yellow ball"));
    game_tutorial_next(&t, game_sim_time(s.sim));
    const char *goal = game_tutorial_text(&t);
    assert_non_null(goal);
    assert_non_null(strstr(goal, "glowing box at the top right"));
    print_message("tutorial of %s: %d cards, now: %s\n", L->id, t.count, goal);
    /* the level's own replay wins it: the tutorial is then over */
    game_session_restart(&s, &err);
    game_tutorial_start(&t, L);
    game_replay r;
    assert_int_equal(game_replay_load_file("assets/replays/01-first-current.replay", &r, &err), EDDY_OK);
    int next = 0;
    for (long f = 0; f < 1800 && game_sim_status(s.sim) == GAME_PLAYING; f++) {
        game_replay_feed(&r, s.sim, &next, &err);
        assert_int_equal(game_session_step(&s, &err), EDDY_OK);
        game_tutorial_update(&t, s.sim, game_sim_time(s.sim));
    }
    assert_int_equal(game_sim_status(s.sim), GAME_WON);
    assert_null(game_tutorial_text(&t));
    game_replay_free(&r);
    game_session_close(&s);
    game_catalog_close(&cat);
}

/* ------------------------------------------------------------ sound */

static double rms(const float *x, int frames, int channel)
{
    double e = 0;
    for (int i = 0; i < frames; i++) e += (double)x[2 * i + channel] * x[2 * i + channel];
    return sqrt(e / frames);
}

/* Splashes when bodies knock (a sinking crate landing), a chime when a goal
 * fills, the level's water louder when it moves; the synth makes of these a
 * water sound that grows with the flow, splashes on their side, bells that
 * ring and fade, hums while currents run, and silence when muted. */
static void sound_follows_the_water_and_the_knocks(void **state)
{
    (void)state;
    game_level *L;
    eddy_asset *a;
    /* a crate dropped from 1 m onto the floor, the goal around its landing */
    const char *text =
        "{ \"title\": \"knock\", \"asset\": { \"domain\": [8, 6], \"grid\": [16, 12], \"modes\": 12 },"
        "  \"fluid\": { \"density\": 1000 }, \"buoyancy\": true,"
        "  \"bodies\": [ { \"name\": \"crate\", \"shape\": \"box\", \"hw\": 0.25, \"hh\": 0.25, \"x\": 2,"
        "                  \"y\": 1.3, \"density\": 3000 } ],"
        "  \"goals\": [ { \"rect\": [1, 0, 3, 0.8], \"bodies\": [\"crate\"] } ] }";
    eddy_error err = {0};
    assert_int_equal(game_level_load_memory(text, strlen(text), "knock", &L, &err), EDDY_OK);
    assert_int_equal(game_asset_build(L, "/nonexistent", &a, NULL, &err), EDDY_OK);
    game_sim *sim;
    assert_int_equal(game_sim_create(L, a, &sim, &err), EDDY_OK);
    game_sound_watch *w;
    assert_int_equal(game_sound_watch_create(sim, &w, &err), EDDY_OK);
    int splashes = 0, chimes = 0, first_splash = -1;
    double pan = 0;
    for (int f = 0; f < 120; f++) {
        step_sim(sim);
        game_sound_cues c;
        game_sound_watch_step(w, sim, &c);
        if (c.splash_count && first_splash < 0) first_splash = f, pan = c.splash[0].pan;
        splashes += c.splash_count;
        chimes += c.chimes;
        assert_true(c.water >= 0 && c.water <= 1);
    }
    print_message("a dropped crate: first knock at step %d (pan %.2f), %d knocks, %d chimes\n",
                  first_splash, pan, splashes, chimes);
    assert_true(first_splash > 5);       /* not before it has fallen */
    assert_true(splashes >= 1 && splashes <= 3);
    assert_true(pan < 0);                /* left of the middle, where it landed */
    assert_int_equal(chimes, 1);
    game_sound_watch_destroy(w);
    game_sim_destroy(sim);
    eddy_asset_destroy(a);
    game_level_destroy(L);

    enum { RATE = 48000, N = RATE / 2 };
    static float buf[2 * N];
    game_synth *syn = game_synth_create(RATE);
    game_sound_cues calm = {0}, rush = {0};
    rush.water = 1.0;
    game_synth_cues(syn, &calm);
    game_synth_render(syn, buf, N);
    game_synth_render(syn, buf, N);
    double quiet = rms(buf, N, 0);
    game_synth_cues(syn, &rush);
    game_synth_render(syn, buf, N);
    game_synth_render(syn, buf, N);
    double loud = rms(buf, N, 0);
    print_message("water: %.4f still, %.4f rushing\n", quiet, loud);
    assert_true(quiet > 0);
    assert_true(loud > 3 * quiet);
    /* a splash on the right is louder on the right */
    game_synth_hush(syn);
    game_synth_render(syn, buf, N);
    game_synth_render(syn, buf, N);
    game_synth_splash(syn, 1.0, 1.0);
    game_synth_render(syn, buf, RATE / 10);
    double l = rms(buf, RATE / 10, 0), r = rms(buf, RATE / 10, 1);
    assert_true(r > 3 * l);
    /* a chime rings, then fades */
    game_synth_render(syn, buf, N);
    game_synth_chime(syn, 0, 0, 0.3);
    game_synth_render(syn, buf, RATE / 10);
    double ring = rms(buf, RATE / 10, 0);
    for (int k = 0; k < 4; k++) game_synth_render(syn, buf, N);
    game_synth_render(syn, buf, RATE / 10);
    double later = rms(buf, RATE / 10, 0);
    assert_true(ring > 5 * later);
    /* a current hums while it runs */
    game_sound_cues jet = {0};
    jet.jets = 1;
    game_synth_cues(syn, &jet);
    game_synth_render(syn, buf, N);
    game_synth_render(syn, buf, N);
    double hum = rms(buf, N, 0);
    print_message("bell %.4f then %.4f; hum %.4f\n", ring, later, hum);
    assert_true(hum > 3 * quiet);
    /* muted: silence within a tenth of a second (a fade, not a click),
       voices or not */
    game_synth_fanfare(syn);
    game_synth_set_mute(syn, true);
    game_synth_render(syn, buf, RATE / 10);
    game_synth_render(syn, buf, N);
    for (int i = 0; i < 2 * N; i++) assert_true(buf[i] == 0.0f);
    assert_true(game_synth_voices(syn) > 0);
    game_synth_destroy(syn);
}

/* ------------------------------------------------------------ command line */

typedef struct run_result {
    int code;
    char out[8192], err[4096];
} run_result;

static void slurp(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f) fclose(f);
}

/* Runs eddy-game with args (NULL-terminated) and exactly the environment
 * env (NULL-terminated), stdout and stderr captured. */
static void run_game_env(const char *const *args, char *const *env, run_result *r)
{
    char path[512], out[96], errp[96];
    const char *b = getenv("EDDY_BIN");
    snprintf(path, sizeof path, "%s/eddy-game", b && *b ? b : "build/bin");
    snprintf(out, sizeof out, "/tmp/eddy-frame-out-%d", (int)getpid());
    snprintf(errp, sizeof errp, "/tmp/eddy-frame-err-%d", (int)getpid());
    const char *argv[32] = {path};
    int n = 1;
    for (; args[n - 1] && n < 31; n++) argv[n] = args[n - 1];
    argv[n] = NULL;
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644), e = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(126);
        alarm(test_hang_seconds()); /* a window that does not give up would hang the suite */
        execve(path, (char *const *)argv, env);
        _exit(127);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) fail_msg("waitpid: %s", strerror(errno));
    if (WIFSIGNALED(st)) fail_msg("eddy-game died of signal %d", WTERMSIG(st));
    r->code = WEXITSTATUS(st);
    slurp(out, r->out, sizeof r->out);
    slurp(errp, r->err, sizeof r->err);
    unlink(out), unlink(errp);
}

/* No display, no --headless: one line and 69 at once, not a window drawn
 * offscreen forever. A bad --show is refused whatever else is asked. */
static void no_display_and_bad_overlays_are_refused(void **state)
{
    (void)state;
    char home[600], edb[600];
    snprintf(home, sizeof home, "HOME=/tmp");
    snprintf(edb, sizeof edb, "EDDY_GAME_LEVELS=%s", LEVELS_DIR);
    char *env[] = {home, edb, "PATH=/usr/bin:/bin", NULL};
    run_result r;
    /* a machine with a console display (a KMS device) has a display even
       without DISPLAY: there the window would open, so this part is skipped */
    if (access("/dev/dri/card0", F_OK) != 0 && access("/dev/dri/card1", F_OK) != 0) {
        run_game_env((const char *const[]){"--level", "1", "--frames", "1", NULL}, env, &r);
        if (r.code != 69) fail_msg("exit %d, want 69; stderr: %s", r.code, r.err);
        assert_true(strncmp(r.err, "eddy-game: ", 11) == 0);
        assert_true(strstr(r.err, "no display") || strstr(r.err, "without SDL2"));
        assert_non_null(strstr(r.err, "--headless"));
        assert_string_equal(strchr(r.err, '\n') + 1, "");
    } else {
        print_message("a console display (/dev/dri) is here: the no-display case is not tried\n");
    }
    run_game_env((const char *const[]){"--headless", "--level", "1", "--frames", "2", "--show", "dye,bogus", NULL},
                 env, &r);
    assert_int_equal(r.code, 64);
    assert_non_null(strstr(r.err, "--show: unknown overlay 'bogus'"));
    assert_string_equal(r.out, "");
    run_game_env((const char *const[]){"--show", "", NULL}, env, &r);
    assert_int_equal(r.code, 64);
    run_game_env((const char *const[]){"--headless", "--level", "1", "--frames", "2", "--unlock-all", NULL}, env, &r);
    assert_int_equal(r.code, 64);
}

/* The headless line is JSON whatever the level's title holds. */
static void headless_line_is_json_for_any_title(void **state)
{
    (void)state;
    char level[96];
    snprintf(level, sizeof level, "/tmp/eddy-quote-%d.json", (int)getpid());
    FILE *f = fopen(level, "w");
    fputs("{ \"title\": \"The \\\"big\\\" \\\\ tank \\u00e9\", \"asset\": { \"domain\": [8, 6], "
          "\"grid\": [16, 12], \"modes\": 12 }, \"bodies\": [ { \"name\": \"b\", \"shape\": \"circle\", "
          "\"radius\": 0.3, \"x\": 4, \"y\": 3 } ], \"goals\": [ { \"rect\": [0, 0, 1, 1], \"bodies\": [\"b\"] } ] }",
          f);
    fclose(f);
    /* its asset, built as eddy-level builds it (the game only loads) */
    char assets[96], built[160];
    snprintf(assets, sizeof assets, "/tmp/eddy-quote-%d-assets", (int)getpid());
    snprintf(built, sizeof built, "%s/levels", assets);
    mkdir(assets, 0755);
    mkdir(built, 0755);
    snprintf(built, sizeof built, "%s/levels/eddy-quote-%d.eddy", assets, (int)getpid());
    game_level *L = NULL;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (game_level_load_file(level, &L, &err) != EDDY_OK ||
        game_asset_build(L, "/nonexistent", &a, NULL, &err) != EDDY_OK ||
        eddy_asset_save_file(a, built, &err) != EDDY_OK)
        fail_msg("%s", err.message);
    eddy_asset_destroy(a);
    game_level_destroy(L);
    char *env[] = {"HOME=/tmp", "PATH=/usr/bin:/bin", NULL};
    run_result r;
    run_game_env((const char *const[]){"--headless", "--level", level, "--frames", "30", "--assets",
                                       assets, NULL},
                 env, &r);
    unlink(built);
    snprintf(built, sizeof built, "%s/levels", assets);
    rmdir(built);
    rmdir(assets);
    if (r.code != 0) fail_msg("exit %d: %s", r.code, r.err);
    cJSON *j = cJSON_Parse(r.out);
    if (!j) fail_msg("not JSON: %s", r.out);
    cJSON *title = cJSON_GetObjectItemCaseSensitive(j, "title");
    assert_true(cJSON_IsString(title));
    assert_string_equal(title->valuestring, "The \"big\" \\ tank \xc3\xa9");
    assert_true(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(j, "frames")));
    assert_int_equal(cJSON_GetObjectItemCaseSensitive(j, "frames")->valueint, 30);
    assert_true(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(j, "nan")));
    assert_int_equal(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(j, "bodies")), 1);
    assert_true(cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(j, "timings_ms")));
    cJSON_Delete(j);
    assert_non_null(strchr(r.out, '\n'));
    assert_string_equal(strchr(r.out, '\n') + 1, ""); /* one line */
    unlink(level);
}

/* n frames of dt seconds, each with work_ms of work; the level after them. */
static int frames_of(game_quality *q, int n, double dt, double work_ms)
{
    for (int i = 0; i < n; i++) game_quality_update(q, dt, work_ms);
    return q->level;
}

/* Quality adapts on made-up frame times (no clock is read): 60 Hz frames
 * with 30 ms of work lower the detail a step after a second and another
 * after the next, not below the lowest; frames of 10 ms raise it a step
 * every five seconds back to full. One long frame among quick ones, or
 * frames between the two thresholds, change nothing. What each level
 * draws thins out: fewer tracers, shorter trails, coarser dye. */
static void quality_adapts_to_long_frames(void **state)
{
    (void)state;
    const double dt = 1.0 / 60;
    game_quality q;
    game_quality_reset(&q);
    assert_int_equal(frames_of(&q, 600, dt, 10.0), 0);       /* quick: stays full */
    assert_int_equal(frames_of(&q, 59, dt, 30.0), 0);        /* under a second: not yet */
    assert_int_equal(frames_of(&q, 3, dt, 30.0), 1);         /* just over: one step down */
    assert_int_equal(frames_of(&q, 62, dt, 30.0), 2);
    assert_int_equal(frames_of(&q, 600, dt, 30.0), GAME_QUALITY_LOWEST); /* no lower */
    assert_int_equal(frames_of(&q, 600, dt, 20.0), 2);       /* between: holds */
    for (int k = 0; k < 20; k++) {                            /* a spike now and then */
        assert_int_equal(frames_of(&q, 100, dt, 10.0), 2);
        assert_int_equal(frames_of(&q, 1, dt, 40.0), 2);
    }
    assert_int_equal(frames_of(&q, 298, dt, 10.0), 2);       /* under five seconds: not yet */
    assert_int_equal(frames_of(&q, 4, dt, 10.0), 1);         /* one step up */
    assert_int_equal(frames_of(&q, 302, dt, 10.0), 0);       /* and back to full */
    for (int k = 0; k < 20; k++) {                            /* long frames, broken up */
        assert_int_equal(frames_of(&q, 50, dt, 30.0), 0);
        assert_int_equal(frames_of(&q, 1, dt, 10.0), 0);
    }
    /* a slower display: 30 Hz frames count by their length, not their number */
    game_quality_reset(&q);
    assert_int_equal(frames_of(&q, 29, 1.0 / 30, 40.0), 0);
    assert_int_equal(frames_of(&q, 3, 1.0 / 30, 40.0), 1);

    /* what is drawn at each level: never more than at the level above */
    for (int lv = 0; lv <= GAME_QUALITY_LOWEST; lv++) {
        int every = game_quality_tracer_every(lv), trail = game_quality_trail(lv, GAME_FLOW_TRAIL);
        int cell = game_quality_dye_cell(lv);
        assert_true(every >= 1 && trail >= 1 && trail <= GAME_FLOW_TRAIL && cell >= 1);
        if (lv == 0) assert_true(every == 1 && trail == GAME_FLOW_TRAIL && cell == 1);
        if (lv > 0) {
            assert_true(every >= game_quality_tracer_every(lv - 1));
            assert_true(trail <= game_quality_trail(lv - 1, GAME_FLOW_TRAIL));
            assert_true(cell >= game_quality_dye_cell(lv - 1));
            /* each step down draws less: fewer tracer points or dye texels */
            double before = (double)game_quality_trail(lv - 1, GAME_FLOW_TRAIL) /
                            game_quality_tracer_every(lv - 1) +
                            1.0 / (game_quality_dye_cell(lv - 1) * game_quality_dye_cell(lv - 1));
            double after = (double)trail / every + 1.0 / (cell * cell);
            assert_true(after < before);
        }
    }
    assert_true(game_quality_dye_cell(GAME_QUALITY_LOWEST) > 1); /* the dye too, at the lowest */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quality_adapts_to_long_frames),
        cmocka_unit_test(drawing_follows_level_changes),
        cmocka_unit_test(view_maps_the_tank_and_back),
        cmocka_unit_test(the_lift_never_crushes_a_crate),
        cmocka_unit_test(the_paddle_pushes_along_but_not_into_a_wall),
        cmocka_unit_test(batched_velocity_matches_point_by_point),
        cmocka_unit_test(progress_opens_levels_in_order_and_survives),
        cmocka_unit_test(data_files_go_to_the_users_data_directory),
        cmocka_unit_test(designer_paths_follow_links),
        cmocka_unit_test(tutorial_follows_the_player),
        cmocka_unit_test(cards_and_hints_read_right),
        cmocka_unit_test(cards_leave_the_level_in_view),
        cmocka_unit_test(start_positions_are_clear),
        cmocka_unit_test(sound_follows_the_water_and_the_knocks),
        cmocka_unit_test(no_display_and_bad_overlays_are_refused),
        cmocka_unit_test(headless_line_is_json_for_any_title),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
