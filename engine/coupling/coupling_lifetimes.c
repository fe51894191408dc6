// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* coupling_lifetimes.c - what the coupling holds of the game's bodies and
 * world and how it lets go (moved here from coupling.c unchanged): the
 * world's watcher (body_watch.h), taking a body over and giving it back, and
 * what the game did in Box2D since the last advance, found before anything is
 * read (LIFETIMES AND MISUSE in eddy_coupling.h). */
#include "coupling_internal.h"
#include "body_watch.h"
#include "surface.h"

#include <math.h>

/* The world's step between two advances: the advance's dt to 1%. The clock
 * reads a step to about 1e-4 of itself (body_port.h); a dt off by 1% moves
 * the bodies 1% further than the water that pushed them. */
#define STEP_TOLERANCE 1e-2

/* ------------------------------------------------------------ lifetimes */


/* body_watch.h: a coupled body is about to be destroyed. */
static void on_body_destroyed(void *user, eddy_body *body)
{
    eddy_coupling *c = user;
    int at = eddyi_coupling_find_body(c, body);
    if (at >= 0) eddyi_coupling_remove_at(c, at, true, NULL);
}

static eddy_result on_shape_adding(void *user, eddy_body *body, eddy_error *err)
{
    (void)user, (void)body;
    return eddy_fail(err, EDDY_ERR_ARGUMENT,
                     "the body is coupled to a fluid and its panels are cut from its shapes: "
                     "remove it from the coupling first (eddy_coupling_remove_body), add the "
                     "shape, then add it again");
}

/* The world is about to be destroyed: give every body back while it is whole
 * (an adopted one stays in the game's world), then forget the world. */
static void on_world_destroyed(void *user, eddy_world *world)
{
    eddy_coupling *c = user;
    (void)world;
    for (int b = 0; b < c->body_count; ++b) eddyi_coupling_release_body(c, b);
    c->body_count = 0;
    c->world = NULL;
}

eddy_result eddyi_coupling_box2d_world_gone(eddy_error *err)
{
    return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the Box2D world was destroyed (or eddy's "
                     "clock body in it) before eddy's handle on it: destroy the coupling, then "
                     "the handle (eddy_world_destroy)");
}

eddy_result eddyi_coupling_watch_world(eddy_coupling *c, eddy_error *err)
{
    if (!eddyi_port_world_live(c->world)) return eddyi_coupling_box2d_world_gone(err);
    eddy_world_watcher w = {c, on_body_destroyed, on_shape_adding, on_world_destroyed};
    eddy_error inner = {0};
    if (eddyi_port_watch_world(c->world, &w, &inner) != EDDY_OK)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the world already has a coupling "
                         "(one per world: destroy that one first)");
    return EDDY_OK;
}

/* Takes the body over: the world tells the coupling before it goes, and it
 * stays awake while forces come every step (the caller's sleep setting is
 * kept to give back). */
void eddyi_coupling_hold_body(eddy_coupling *c, int b)
{
    eddy_body *body = c->bodies[b];
    eddyi_port_watch_body(body, true);
    c->info[b].sleep_enabled = eddy_body_is_sleep_enabled(body);
    eddy_body_enable_sleep(body, false);
}

/* Gives the body back its own mass, gravity scale and sleep setting. */
void eddyi_coupling_release_body(eddy_coupling *c, int b)
{
    eddy_body *body = c->bodies[b];
    eddyi_coupling_body_detach(c, b);
    eddy_body_enable_sleep(body, c->info[b].sleep_enabled);
    eddyi_port_watch_body(body, false);
    eddyi_port_let_state_go(body);
}

/* The end of an advance: the game may step and change its bodies now, so
 * what the step read of them is not answered again (body_port.h). */
void eddyi_coupling_let_states_go(eddy_coupling *c)
{
    for (int b = 0; c && b < c->body_count; ++b) eddyi_port_let_state_go(c->bodies[b]);
}

eddy_result eddyi_coupling_world_gone(eddy_error *err)
{
    return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: its world was destroyed "
                     "(eddy_world_destroy); destroy the coupling");
}

/* ------------------------------------------------------------ what the game did */

/* Each coupled body's state is read here, once for the advance
 * (eddyi_port_hold_state: the getters answer from it until
 * eddyi_coupling_let_states_go).
 * Coupled bodies whose Box2D body (or table body) the game destroyed other
 * than through eddy_body_destroy (the handle is still there): the coupling
 * lets go of them without touching the engine and reports each
 * (eddy_coupling_lost_bodies); the advance goes on for the rest. A body the
 * game makes in the freed slot is another body: not coupled, it gets no
 * forces. */
static void let_go_of_lost_bodies(eddy_coupling *c)
{
    c->lost_count = 0;
    for (int b = 0; b < c->body_count;) {
        eddy_body *body = c->bodies[b];
        if (eddyi_port_hold_state(body)) {
            ++b;
            continue;
        }
        eddy_lost_body *e = &c->lost[c->lost_count++];
        e->body = body;
        e->user_data = eddy_body_game_user_data(body);
        e->engine_id = eddy_body_engine_id(body);
        eddyi_coupling_remove_at(c, b, true, NULL); /* gives back nothing: the engine has nothing */
    }
}

/* Coupled bodies whose shapes the game rebuilt in its engine: each is let
 * go (its own mass, gravity scale and sleep setting back), its shapes read
 * again and it is coupled again with panels cut from them. One whose new
 * shapes cannot be coupled (a segment, say) stays let go, whole, and is
 * reported with the lost bodies. */
static void follow_new_shapes(eddy_coupling *c)
{
    for (int b = 0; b < c->body_count;) {
        eddy_body *body = c->bodies[b];
        if (!eddyi_port_shapes_changed(body)) {
            ++b;
            continue;
        }
        eddy_coupled_body kept = c->info[b];
        eddy_error ignored;
        if (eddyi_coupling_remove_at(c, b, false, &ignored) != EDDY_OK) {
            ++b; /* out of memory: it stays as it was */
            continue;
        }
        eddy_result res = eddyi_port_reread_shapes(body, &ignored);
        if (res == EDDY_OK) res = eddy_coupling_add_body(c, body, &ignored);
        if (res == EDDY_OK) {
            eddyi_port_hold_state(body); /* let go when it was taken out */
            if (kept.drag_set) {
                c->info[c->body_count - 1].drag = kept.drag;
                c->info[c->body_count - 1].drag_set = true;
            }
            continue; /* it is last now; the body after it slid into b */
        }
        eddy_lost_body *e = &c->lost[c->lost_count++];
        e->body = body;
        e->user_data = eddy_body_game_user_data(body);
        e->engine_id = eddy_body_engine_id(body);
    }
}

/* eddy_coupling.h: between two advances the world steps once, by the first
 * one's dt. Not stepped, the forces the last advance handed out still wait
 * and this one would add as much again: refused, and the clock runs on (the
 * next advance wants that one step). Stepped more or by another dt, the
 * forces acted in the first step: refused, and the clock stops (nothing is
 * waiting). Either way before anything moves. */
static eddy_result check_world_step(eddy_coupling *c, eddy_error *err)
{
    if (!c->clock_armed) return EDDY_OK;
    int steps; /* -1: an adopted world, which only the clock's angle tells about */
    const double dt = c->clock_dt, t = eddyi_port_clock_read(c->world, &steps);
    if (steps == 0 || (steps < 0 && t < 1e-3 * dt)) /* the clock reads 0 then */
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the world was not stepped since the "
                         "last eddy_coupling_advance, whose forces still wait in Box2D: step the "
                         "world once after each advance (this advance did nothing)");
    c->clock_armed = false; /* the forces have been used */
    if (fabs(t - dt) <= STEP_TOLERANCE * dt && steps <= 1) return EDDY_OK;
    if (steps > 1)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the world was stepped %d times (%g s) "
                         "since the last eddy_coupling_advance, which handed out forces for one "
                         "step of %g s: step it once per advance (this advance did nothing)",
                         steps, t, dt);
    if (steps < 0 && t >= 1.5 * dt)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the world was stepped by %g s since "
                         "the last eddy_coupling_advance, %.3g times its dt of %g s: step it once "
                         "per advance, by the same dt (this advance did nothing)", t, t / dt, dt);
    return eddy_fail(err, EDDY_ERR_ARGUMENT, "coupling: the world was stepped by %g s since the "
                     "last eddy_coupling_advance, whose dt was %g s: step it once by the same dt "
                     "(this advance did nothing)", t, dt);
}

/* The game changed a coupled body's type. No longer dynamic: it gets its
 * own gravity scale back (Box2D dropped the added mass), and no fluid force
 * (coupling_forces.c reads the type every step). Dynamic now: the added mass
 * and the weight are the coupling's, as for a body added dynamic. */
static void follow_type(eddy_coupling *c, int b, eddy_body_type was, eddy_body_type type)
{
    eddy_body *body = c->bodies[b];
    eddy_coupled_body *info = &c->info[b];
    if (was == EDDY_BODY_DYNAMIC && !eddyi_wet_released(c, b))
        eddy_body_set_gravity_scale(body, info->gravity_scale, NULL);
    if (type != EDDY_BODY_DYNAMIC) {
        info->box2d_added[0] = info->box2d_added[1] = 0.0;
        return;
    }
    info->box2d_added[0] = 0.5 * (info->added[0] + info->added[4]);
    info->box2d_added[1] = info->added[8];
    eddyi_coupling_body_weigh(c, b);
}

/* eddy_coupling.h: a coupled body's mass, gravity scale and sleep setting
 * are pushed every step. What the game set in Box2D since the last advance
 * (directly, or through eddy_body.h) becomes the body's own, which it gets
 * back when the coupling lets go, and the coupling's are pushed again. */
static void resync_body(eddy_coupling *c, int b)
{
    eddy_body *body = c->bodies[b];
    eddy_coupled_body *info = &c->info[b];
    eddy_body_type was = eddyi_port_resync_type(body); /* SetType: followed from now on */
    eddy_body_type type = eddy_body_get_type(body);
    if (was != type) follow_type(c, b, was, type);
    if (type != EDDY_BODY_STATIC && eddy_body_is_sleep_enabled(body)) {
        info->sleep_enabled = true;
        eddy_body_enable_sleep(body, false);
    }
    if (type != EDDY_BODY_DYNAMIC) return;
    double scale = eddy_body_gravity_scale(body); /* Box2D's, whoever set it */
    if (eddyi_wet_released(c, b)) /* dry above a surface: Box2D weighs it (surface_bodies.c) */
        info->gravity_scale = scale;
    else if (scale != 0.0) { /* the weight is the coupling's to apply (coupling_forces.c) */
        info->gravity_scale = scale;
        eddy_body_set_gravity_scale(body, 0.0, NULL);
    }
    double mass, inertia;
    eddy_body_added_mass(body, &mass, &inertia);
    bool game_mass = eddyi_port_resync_mass(body); /* puts the added mass back on top */
    if (mass != info->box2d_added[0] || inertia != info->box2d_added[1])
        eddy_body_set_added_mass(body, info->box2d_added[0], info->box2d_added[1], NULL);
    if (game_mass) eddyi_coupling_body_weigh(c, b); /* the weight the coupling applies */
}

/* What the game did in Box2D since the last advance, before anything is read:
 * a world or bodies it destroyed and a world not stepped once by the last dt
 * (refused), a mass, gravity scale or sleep flag it set (taken on). */
eddy_result eddyi_coupling_check_the_game(eddy_coupling *c, eddy_error *err)
{
    if (!eddyi_port_world_live(c->world)) return eddyi_coupling_box2d_world_gone(err);
    eddy_result res = check_world_step(c, err);
    if (res != EDDY_OK) return res;
    let_go_of_lost_bodies(c);
    follow_new_shapes(c);
    for (int b = 0; b < c->body_count; ++b) resync_body(c, b);
    return EDDY_OK;
}
