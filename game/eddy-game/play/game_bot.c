// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_bot.c - the shipped levels' players (game_bot.h).
 */
#include "game_bot.h"

#include <math.h>
#include <string.h>

typedef struct bot {
    game_sim *sim;
    int phase;
    long mark;   /* frame of the last phase change */
} bot;

typedef void (*policy_fn)(bot *b, long frame);

static void give(bot *b, game_cmd_type type, int arg, double x, double y, double vx, double vy)
{
    game_cmd c = {type, arg, {x, y, vx, vy}};
    game_sim_command(b->sim, &c, NULL);
}

static void set_jet(bot *b, int jet, bool on)
{
    if (game_sim_jet_on(b->sim, jet) != on) give(b, GAME_CMD_JET, jet, on ? 1 : 0, 0, 0, 0);
}

static void centre(bot *b, int body, double out[2])
{
    eddy_body_world_center(game_sim_body(b->sim, body), out);
}

static bool stir_left(bot *b) { return game_sim_stir_meter(b->sim) > 0.2; }

/* builtin: push the floating ball along the lid with the mouse */
static void play_builtin(bot *b, long f)
{
    double ball[2];
    centre(b, 0, ball);
    if (f > 120 && game_sim_stir_meter(b->sim) > 0.1)
        give(b, GAME_CMD_STIR, 0, ball[0] - 0.6, ball[1] - 0.2, 5, 0.5);
}

/* Every goal holds its objects: a level whose third star asks for the
 * currents off gets them off now (the objects then stay). */
static void currents_off_when_home(bot *b)
{
    const game_level *L = game_sim_level(b->sim);
    for (int g = 0; g < L->goal_count; g++)
        if (!game_sim_goal_filled(b->sim, g)) return;
    for (int j = 0; j < L->jet_count; j++) set_jet(b, j, false);
}

/* 01: switch the current on, and off once the ball is home */
static void play_first_current(bot *b, long f)
{
    if (f == 30) set_jet(b, 0, true);
    if (f > 30) currents_off_when_home(b);
}

/* 02: full strokes of the paddle as the keyboard gives them (the hint: hold
 * D out, a pause, A back, a pause), one every 5 s: the paddle's goal slides
 * along the track at the paddle's speed. Each stroke's wave nudges the flat
 * crate down the ramp into the pit; keyboard strokes every 3 to 7 s win in
 * 17-45 s (par 35), where the crate left alone stays put (issue 31) */
static void play_sweep(bot *b, long f)
{
    const game_paddle *p = &game_sim_level(b->sim)->paddle;
    double len = hypot(p->track[1][0] - p->track[0][0], p->track[1][1] - p->track[0][1]);
    long stroke = (long)ceil(len / (p->speed * GAME_DT)), k = f % 300;
    bool out = k >= 20 && k < 20 + stroke, back = k >= 150 && k < 150 + stroke;
    if (!out && !back) return;
    double goal[2], step = (out ? 1 : -1) * p->speed * GAME_DT / len;
    game_sim_paddle_target(b->sim, goal);
    for (int d = 0; d < 2; d++) goal[d] += step * (p->track[1][d] - p->track[0][d]);
    give(b, GAME_CMD_PADDLE, 0, goal[0], goal[1], 0, 0);
}

/* 03: current first, then the lift */
static void play_lift(bot *b, long f)
{
    if (f == 10) set_jet(b, 0, true);
    if (f == 150) give(b, GAME_CMD_PADDLE, 0, 1.3, 5.6, 0, 0);
}

/* 04: the cave current frees the cork, the lid current takes it home while
 * stirs push the stone off the ledge, then the floor current carries it */
static void play_sort(bot *b, long f)
{
    double cork[2], stone[2];
    centre(b, 0, cork);
    centre(b, 1, stone);
    if (f == 10) set_jet(b, 1, true);
    if (b->phase == 0 && cork[0] < 7.0) {
        b->phase = 1;
        set_jet(b, 1, false);
        set_jet(b, 0, true);
    }
    if (f > 20 && stone[1] > 2.6 && stir_left(b))
        give(b, GAME_CMD_STIR, 0, stone[0] + 0.5, stone[1] + 0.1, -4, 0);
    if (b->phase == 1 && cork[0] < 3.6 && stone[1] < 1.0) {
        b->phase = 2;
        set_jet(b, 0, false);
        set_jet(b, 2, true);
    }
}

/* 05: raise the lift whenever a crate is on it and lower it again; the
 * current carries the crate over the wall, where it hangs in the water: the
 * current off drops it into the dock; a crate that falls short drifts back
 * along the quay to the lift, which goes up again */
static bool on_lift(const double c[2]) { return fabs(c[0] - 2.05) < 1.0 && c[1] < 0.7; }
static bool over_dock(const double c[2]) { return c[0] > 6.1 && c[1] > 2.2; }

static void play_ferry(bot *b, long f)
{
    double red[2], green[2];
    centre(b, 0, red);
    centre(b, 1, green);
    if (f == 10) set_jet(b, 0, true);
    if (b->phase == 0 && f > 150 && f > b->mark + 60 && (on_lift(red) || on_lift(green))) {
        give(b, GAME_CMD_PADDLE, 0, 2.05, 5.6, 0, 0);
        b->phase = 1, b->mark = f;
    }
    if (b->phase == 1 && f > b->mark + 150) {
        give(b, GAME_CMD_PADDLE, 0, 2.05, 0.1, 0, 0);
        b->phase = 0, b->mark = f;
    }
    bool hanging = over_dock(red) || over_dock(green);
    if (game_sim_jet_on(b->sim, 0) && hanging && f > b->mark + 60) set_jet(b, 0, false);
    if (!game_sim_jet_on(b->sim, 0) && f > 10 && !hanging) set_jet(b, 0, true);
}

/* 06: the stone up on the lift into the east current, which carries it over
 * the ledge and holds it hovering there; the current off drops it onto the
 * ledge; then the cave current frees the cork and the west current takes it home */
static void play_maelstrom(bot *b, long f)
{
    double cork[2], stone[2];
    centre(b, 0, cork);
    centre(b, 1, stone);
    if (f == 10) set_jet(b, 0, true);
    if (b->phase == 0 && f == 160) {
        give(b, GAME_CMD_PADDLE, 0, 1.3, 5.6, 0, 0);
        b->phase = 1, b->mark = f;
    }
    if (b->phase == 1 && f > b->mark + 150) {
        give(b, GAME_CMD_PADDLE, 0, 1.3, 0.1, 0, 0);
        b->phase = 2, b->mark = f;
    }
    if (b->phase == 2 && stone[0] > 8.7 && stone[0] < 11.0 && stone[1] > 3.3 && stone[1] < 6.0) {
        set_jet(b, 0, false);
        b->phase = 3, b->mark = f;
    }
    if (b->phase == 3 && stone[1] < 3.2) {
        set_jet(b, 1, true);
        b->phase = 4, b->mark = f;
    }
    if (b->phase == 4 && cork[0] < 7.0) {
        set_jet(b, 1, false);
        set_jet(b, 2, true);
        b->phase = 5;
    }
}

/* 07: the cave current washes the cork out from under the shelf; once it is
 * out and rising, the roof current takes it east over the shelf */
static void play_cave(bot *b, long f)
{
    double cork[2];
    centre(b, 0, cork);
    if (f == 30) set_jet(b, 0, true);
    if (b->phase == 0 && cork[0] < 6.8 && cork[1] > 3.8) {
        set_jet(b, 0, false);
        set_jet(b, 1, true);
        b->phase = 1;
    }
}

/* 08: the current round the island does it; off once both are home */
static void play_island(bot *b, long f)
{
    if (f == 30) set_jet(b, 0, true);
    if (f > 30) currents_off_when_home(b);
}

/* 09: the whirlpool gathers the leaves; a leaf left out near the bank is
 * stirred towards it, pushing from behind it */
static void play_whirlpool(bot *b, long f)
{
    if (f == 30) set_jet(b, 0, true);
    for (int i = 0; i < 3 && f > 30; i++) {
        double c[2];
        centre(b, i, c);
        double dx = 6.0 - c[0], dy = 3.75 - c[1], d = hypot(dx, dy);
        if (d > 2.6 && stir_left(b)) {
            give(b, GAME_CMD_STIR, 0, c[0] - 0.5 * dx / d, c[1] - 0.5 * dy / d, 4 * dx / d, 4 * dy / d);
            break;
        }
    }
}

/* 10: the undertow; the cork circles in the eddy beside the dive until a
 * stir pushes it east into the diving water */
static void play_undertow(bot *b, long f)
{
    double cork[2];
    centre(b, 0, cork);
    if (f == 30) set_jet(b, 0, true);
    if (f > 240 && cork[0] < 3.4 && cork[1] > 3.5 && stir_left(b))
        give(b, GAME_CMD_STIR, 0, cork[0] - 0.5, cork[1], 4, -1);
}

/* 11: the tow on; off again once the raft is past the middle, so that it
 * coasts into the harbour rather than down the far wall */
static void play_raft(bot *b, long f)
{
    double raft[2];
    centre(b, 0, raft);
    if (f == 30) set_jet(b, 0, true);
    if (b->phase == 0 && raft[0] > 10.0) set_jet(b, 0, false), b->phase = 1;
}

/* 12: both currents on, then the pusher sweeps the shelf: the stones splash
 * in and sink, the floor current rolls them west, the surface current takes
 * the cork and the log east under the shelf */
static void play_sink_or_swim(bot *b, long f)
{
    if (f == 20) set_jet(b, 0, true), set_jet(b, 1, true);
    if (f == 60) give(b, GAME_CMD_PADDLE, 0, 11.1, 5.62, 0, 0);
    if (f == 240) give(b, GAME_CMD_PADDLE, 0, 13.8, 5.62, 0, 0);
}

static const struct {
    const char *id;
    policy_fn play;
} POLICIES[] = {
    {"builtin", play_builtin},        {"01-first-current", play_first_current},
    {"02-paddle", play_sweep},        {"03-lift", play_lift},
    {"04-sort", play_sort},           {"05-ferry", play_ferry},
    {"06-maelstrom", play_maelstrom}, {"07-cave", play_cave},
    {"08-island", play_island},       {"09-whirlpool", play_whirlpool},
    {"10-undertow", play_undertow},   {"11-raft", play_raft},
    {"12-sink-or-swim", play_sink_or_swim},
};

static policy_fn find(const char *id)
{
    for (size_t i = 0; i < sizeof POLICIES / sizeof POLICIES[0]; i++)
        if (strcmp(POLICIES[i].id, id) == 0) return POLICIES[i].play;
    return NULL;
}

bool game_bot_knows(const char *level_id) { return find(level_id) != NULL; }

game_status game_bot_play(game_sim *sim, long max_frames, eddy_error *err)
{
    policy_fn play = find(game_sim_level(sim)->id);
    bot b = {sim, 0, 0};
    long end = max_frames;
    for (long f = game_sim_frame(sim); f < end; f++) {
        if (play && game_sim_status(sim) == GAME_PLAYING) play(&b, f);
        if (game_sim_step(sim, err) != EDDY_OK) break;
        if (game_sim_status(sim) != GAME_PLAYING && end == max_frames) end = f + 91;
    }
    return game_sim_status(sim);
}
