// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_flow.h - what makes the water visible: coloured dye advected on the
 * true velocity u_r + u_p (eddy_coupling_velocity), and tracer particles with
 * trails. No SDL: the window and the headless screenshot draw the same
 * fields. Nothing here feeds back into the simulation.
 *
 * Cost. The velocity is sampled once per physics step on a coarse grid
 * (GAME_FLOW_VX x GAME_FLOW_VY points) and interpolated bilinearly for every
 * dye cell and tracer. The panels' part u_p falls off like a dipole, so the
 * full u_r + u_p is evaluated only at points within a margin of a body's
 * bounding circle; farther out the reduced field u_r alone is used (it
 * already holds what the feedback folded in). That keeps the sampling to a
 * millisecond or two with a dozen bodies.
 */
#ifndef GAME_FLOW_H
#define GAME_FLOW_H

#include "game_sim.h"

#define GAME_FLOW_VX 48
#define GAME_FLOW_VY 30
#define GAME_FLOW_DYE_W 240
#define GAME_FLOW_DYE_H 150
#define GAME_FLOW_DYE_MAX 1.6   /* ink per channel at most */
#define GAME_FLOW_TRACERS 420
#define GAME_FLOW_TRAIL 14

typedef struct game_flow game_flow;

typedef struct game_tracer {
    double xy[GAME_FLOW_TRAIL][2]; /* newest first */
    int len;                       /* points of the trail in use */
    double age, life;              /* s */
    double speed;                  /* m/s at the newest point */
} game_tracer;

eddy_result game_flow_create(const game_sim *sim, game_flow **out, eddy_error *err);
void game_flow_destroy(game_flow *flow);

/* Fresh dye (faint bands across the tank) and tracers. */
void game_flow_reset(game_flow *flow, const game_sim *sim);

/* After each physics step: sample the velocity, advect dye and tracers by
 * GAME_DT, add the dye of the jets that are on, the stirring and the paddle. */
void game_flow_step(game_flow *flow, const game_sim *sim);

/* Dye: w x h cells, three floats (r, g, b ink) per cell, row 0 at the bottom. */
const float *game_flow_dye(const game_flow *flow, int *w, int *h);

/* The sampled velocity, bilinear (m/s). */
void game_flow_velocity(const game_flow *flow, double x, double y, double uv[2]);

int game_flow_tracer_count(const game_flow *flow);
const game_tracer *game_flow_tracer(const game_flow *flow, int i);

/* Wall-clock ms of the last game_flow_step: sampling, dye, tracers. */
void game_flow_cost(const game_flow *flow, double *sample_ms, double *dye_ms, double *tracer_ms);

#endif /* GAME_FLOW_H */
