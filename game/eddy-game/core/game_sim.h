// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_sim.h - the headless core of eddy-game: one level being played.
 *
 * A sim owns the fluid, the rigid-body world and their coupling for one
 * level, steps them at the fixed GAME_DT, turns the player's commands into
 * forces and motions, and decides when the level is won or lost. It knows
 * nothing of SDL, windows or wall clocks: the same level, asset and commands
 * at the same frames give a bit-identical state (game_sim_hash), which is
 * what replays and the tests rely on.
 *
 * Commands are what a player does, in world units, so a replay does not
 * depend on the window:
 *   PADDLE x y       the paddle's target: it slides along its track towards
 *                    the track's point nearest to (x, y), at its speed limit
 *   JET k on         switch jet k (0-based) on (on = 1) or off (0)
 *   STIR x y vx vy   the mouse moved at (vx, vy) m/s over (x, y): a push of
 *                    force density rho gain (vx, vy) in a disc, for one step
 *   FEEDBACK m       the coupling's feedback (eddy_feedback_mode): a debug
 *                    switch, but it changes the physics, so it is recorded
 * A command given with game_sim_command acts in the next step, and the sim
 * logs it with that step's frame number (game_sim_log).
 */
#ifndef GAME_SIM_H
#define GAME_SIM_H

#include <eddy/eddy_coupling.h>
#include "game_level.h"

typedef enum game_cmd_type {
    GAME_CMD_PADDLE = 1,
    GAME_CMD_JET,
    GAME_CMD_STIR,
    GAME_CMD_FEEDBACK
} game_cmd_type;

typedef struct game_cmd {
    game_cmd_type type;
    int arg;        /* JET: jet index; FEEDBACK: the mode */
    double v[4];    /* PADDLE: x, y; JET: v[0] = 1 on / 0 off; STIR: x, y, vx, vy */
} game_cmd;

/* A command at a frame: the step it acts in (0 = the first step). */
typedef struct game_event {
    long frame;
    game_cmd cmd;
} game_event;

typedef enum game_status {
    GAME_PLAYING = 0,
    GAME_WON,
    GAME_LOST
} game_status;

typedef struct game_sim game_sim;

/* The sim keeps pointers to level and asset: both must outlive it. A value
 * of the level (or asset) the set-up refuses is EDDY_ERR_FORMAT (or RANGE,
 * NUMERIC), never EDDY_ERR_ARGUMENT: the caller's exit code says data. */
eddy_result game_sim_create(const game_level *level, const eddy_asset *asset, game_sim **out,
                            eddy_error *err);
/* The same set-up on an asset that need not be the level's own (its walls
 * and painted modes are not asked for; jets without their mode do nothing):
 * eddy-level check runs the level on a small stand-in of its domain and
 * grid, so that it refuses every value the game would. */
eddy_result game_sim_create_trial(const game_level *level, const eddy_asset *asset,
                                  game_sim **out, eddy_error *err);
void game_sim_destroy(game_sim *sim);

/* Queues a command for the next step and logs it. EDDY_ERR_ARGUMENT for a
 * malformed command (non-finite numbers, a jet that does not exist). */
eddy_result game_sim_command(game_sim *sim, const game_cmd *cmd, eddy_error *err);

/* One fixed step of GAME_DT: commands, stirring, jets, the coupled step, the
 * goals. A body pushed out of the tank is put back inside. */
eddy_result game_sim_step(game_sim *sim, eddy_error *err);

/* ---- state for the front end, the tests and replays */
long game_sim_frame(const game_sim *sim);        /* steps done */
double game_sim_time(const game_sim *sim);       /* frame * GAME_DT */
game_status game_sim_status(const game_sim *sim);
double game_sim_finish_time(const game_sim *sim); /* s, when won or lost */
/* 0 until won, then 1..3: three at or under par with the level's star rule
 * kept (game_level.h "stars"), two under twice the par, else one. */
int game_sim_stars(const game_sim *sim);
double game_sim_stir_used(const game_sim *sim); /* s of stirring so far */
int game_sim_switches(const game_sim *sim);     /* times a current changed state so far */
/* The star rule: whether it held at the win, or holds now while playing. */
bool game_sim_star_rule(const game_sim *sim);
/* Fraction (0..1) of the hold time every goal has been filled for. */
double game_sim_hold_progress(const game_sim *sim);
bool game_sim_goal_filled(const game_sim *sim, int goal);
bool game_sim_jet_on(const game_sim *sim, int jet);
double game_sim_stir_meter(const game_sim *sim); /* s of stirring left */
bool game_sim_stirring(const game_sim *sim);     /* the last step was stirred */
void game_sim_last_stir(const game_sim *sim, double out_xyv[4]);
/* The paddle's target point on its track. */
void game_sim_paddle_target(const game_sim *sim, double out_xy[2]);

/* The feedback mode chosen (FEEDBACK command or the level), and whether the
 * last step ran it (see the feedback policy in game_level.h). */
eddy_feedback_mode game_sim_feedback(const game_sim *sim);
bool game_sim_feedback_active(const game_sim *sim);

const game_level *game_sim_level(const game_sim *sim);
/* The asset the sim runs on (its walls: eddy_asset_walls). */
const eddy_asset *game_sim_asset(const game_sim *sim);
eddy_fluid *game_sim_fluid(const game_sim *sim);
eddy_world *game_sim_world(const game_sim *sim);
eddy_coupling *game_sim_coupling(const game_sim *sim);
/* Scene body i (0 .. body_count-1 are the level's, then the paddle). */
int game_sim_body_count(const game_sim *sim);
eddy_body *game_sim_body(const game_sim *sim, int i);
eddy_body *game_sim_paddle(const game_sim *sim); /* NULL without one */

/* Wall-clock milliseconds of the last step (never used by the simulation). */
typedef struct game_step_timings {
    eddy_coupling_timings coupling;
    double game_ms;  /* commands, jets, damping, goals: the game's own part */
    double step_ms;  /* the whole game_sim_step */
} game_step_timings;
void game_sim_get_timings(const game_sim *sim, game_step_timings *out);

/* FNV-1a over everything that evolves: the fluid's coefficients, every body's
 * pose and velocities, the frame, the status, jets, meter and paddle target. */
uint64_t game_sim_hash(const game_sim *sim);

/* The commands given so far, in order, each with its frame. */
int game_sim_log_count(const game_sim *sim);
const game_event *game_sim_log(const game_sim *sim);

/* True when any number of the state is NaN or infinite. */
bool game_sim_has_nan(const game_sim *sim);
/* True when every dynamic body's centre of mass is inside the tank. */
bool game_sim_bodies_inside(const game_sim *sim);

#endif /* GAME_SIM_H */
