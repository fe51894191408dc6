// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_sim.c - one level being played (game_sim.h). No SDL, no wall clock in
 * anything that changes the state: the clock only fills the timings.
 */
#include "game_sim.h"
#include "game_push.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PENDING_STIRS 8
#define STIR_MAX_SPEED 8.0   /* m/s of mouse speed that still adds force */
#define WALL_THICKNESS 1.0
#define KEEP_INSIDE 0.02     /* m: a centre of mass closer to a wall is put back */

struct game_sim {
    const game_level *level;
    const eddy_asset *asset;
    eddy_scene_view view;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *coupling;
    int body_count;              /* scene bodies, paddle included */
    eddy_body **bodies;
    eddy_body *walls;            /* the tank's four walls, one static body */
    eddy_body **push_list;       /* bodies then walls: what the paddle may press */
    eddy_body *paddle;
    double paddle_angle;
    double paddle_s, paddle_target_s; /* 0..1 along the track */
    bool paddle_moved;           /* in the current step */
    eddy_feedback_mode feedback; /* the mode the feedback runs in when it runs */
    int jet_artist[GAME_MAX_JETS];
    bool jet_on[GAME_MAX_JETS];
    double *scratch;             /* mode_count doubles */
    int mode_count;

    int pending_count;
    double pending[MAX_PENDING_STIRS][4];
    bool stirred;
    double last_stir[4];
    double meter;
    double stir_used;   /* s of stirring so far (the star rule) */
    int switches;       /* times a current changed state so far (the star rule) */
    bool rule_met;      /* the star rule held at the finish */

    long frame;
    long hold_frames;
    game_status status;
    double finish_time;
    bool filled[GAME_MAX_GOALS];

    game_event *log;
    int log_count, log_cap;
    game_step_timings timings;
};

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static eddy_result sim_fail(eddy_error *err, eddy_result code, const char *msg)
{
    return game_error(err, code, "%s", msg);
}

/* ------------------------------------------------------------ set-up */

static eddy_result add_walls(eddy_world *world, double w, double h, eddy_body **out,
                             eddy_error *err)
{
    eddy_body_desc bd = {0};
    eddy_body *walls;
    eddy_result rc = eddy_body_create(world, &bd, &walls, err);
    *out = walls;
    const double t = WALL_THICKNESS;
    const double box[4][4] = {{w / 2, -t / 2, w / 2 + t, t / 2},
                              {w / 2, h + t / 2, w / 2 + t, t / 2},
                              {-t / 2, h / 2, t / 2, h / 2 + t},
                              {w + t / 2, h / 2, t / 2, h / 2 + t}};
    for (int k = 0; k < 4 && rc == EDDY_OK; ++k) {
        eddy_shape_desc sd = {0};
        sd.type = EDDY_SHAPE_BOX;
        sd.center[0] = box[k][0], sd.center[1] = box[k][1];
        sd.half_width = box[k][2], sd.half_height = box[k][3];
        rc = eddy_body_add_shape(walls, &sd, NULL, err);
    }
    return rc;
}

static eddy_result add_body(const eddy_scene_body *sb, double friction, eddy_world *world,
                            eddy_body **out, eddy_error *err)
{
    eddy_body_desc bd = {0};
    bd.type = sb->type;
    bd.position[0] = sb->x, bd.position[1] = sb->y;
    bd.angle = sb->angle;
    bd.linear_velocity[0] = sb->vx, bd.linear_velocity[1] = sb->vy;
    bd.angular_velocity = sb->omega;
    if (sb->type == EDDY_BODY_DYNAMIC) {
        /* The dynamic pressure model loads only panels facing the flow and has
           no skin friction, so nothing in it slows a spin: a little damping
           stands in for the fluid's shear. */
        bd.angular_damping = 0.8;
        bd.linear_damping = 0.05;
    }
    eddy_result rc = eddy_body_create(world, &bd, out, err);
    if (rc != EDDY_OK) return rc;
    eddy_shape_desc sd;
    eddy_scene_body_shape(sb, &sd);
    sd.friction = friction;
    sd.frictionless = friction == 0;
    sd.restitution = 0.1;
    return eddy_body_add_shape(*out, &sd, NULL, err);
}

/* The values the set-up refuses all come from the level file (or its
 * asset): the library calls them arguments, the game's exit codes call them
 * data (65, not 70). */
static eddy_result as_data_error(eddy_result rc, eddy_error *err)
{
    if (rc != EDDY_ERR_ARGUMENT && rc != EDDY_ERR_CAPACITY) return rc;
    if (err) err->code = EDDY_ERR_FORMAT;
    return EDDY_ERR_FORMAT;
}

static eddy_result sim_setup(const game_level *level, const eddy_asset *asset, game_sim **out,
                             eddy_error *err);

eddy_result game_sim_create(const game_level *level, const eddy_asset *asset, game_sim **out,
                            eddy_error *err)
{
    if (!level || !asset || !out) return sim_fail(err, EDDY_ERR_ARGUMENT, "game: NULL argument");
    *out = NULL;
    eddy_result rc = game_level_check_asset(level, asset, err);
    if (rc != EDDY_OK) return rc;
    return as_data_error(sim_setup(level, asset, out, err), err);
}

eddy_result game_sim_create_trial(const game_level *level, const eddy_asset *asset,
                                  game_sim **out, eddy_error *err)
{
    if (!level || !asset || !out) return sim_fail(err, EDDY_ERR_ARGUMENT, "game: NULL argument");
    *out = NULL;
    return as_data_error(sim_setup(level, asset, out, err), err);
}

static eddy_result sim_setup(const game_level *level, const eddy_asset *asset, game_sim **out,
                             eddy_error *err)
{
    eddy_result rc = EDDY_OK;
    game_sim *s = calloc(1, sizeof *s);
    if (!s) return sim_fail(err, EDDY_ERR_MEMORY, "game: out of memory");
    s->level = level;
    s->asset = asset;
    eddy_scene_get(level->scene, &s->view);

    eddy_fluid_desc fd = {0};
    eddy_scene_fluid_desc(level->scene, &fd);
    fd.max_stirs = s->view.stir_count + MAX_PENDING_STIRS + 8;
    eddy_error inner = {0};
    rc = eddy_fluid_create(asset, &fd, &s->fluid, &inner);
    if (rc != EDDY_OK) game_error(err, rc, "level %.60s: fluid: %s", level->id, inner.message);
    if (rc == EDDY_OK) rc = eddy_scene_apply_initial(level->scene, s->fluid, err);
    if (rc == EDDY_OK) {
        s->mode_count = eddy_fluid_mode_count(s->fluid);
        s->scratch = calloc((size_t)s->mode_count, sizeof(double));
        s->body_count = s->view.body_count;
        s->bodies = calloc((size_t)s->body_count + 1, sizeof *s->bodies);
        s->push_list = calloc((size_t)s->body_count + 1, sizeof *s->push_list);
        if (!s->scratch || !s->bodies || !s->push_list) rc = sim_fail(err, EDDY_ERR_MEMORY, "game: out of memory");
    }
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    if (rc == EDDY_OK) {
        eddy_world_desc wd = {0};
        wd.gravity[0] = s->view.gravity[0], wd.gravity[1] = s->view.gravity[1];
        if ((rc = eddy_world_create(&wd, &s->world, &inner)) != EDDY_OK)
            game_error(err, rc, "level %.60s: gravity: %s", level->id, inner.message);
    }
    if (rc == EDDY_OK) rc = add_walls(s->world, info.width, info.tank_height, &s->walls, err);
    /* the level's walls inside the tank: rock to collide with (the fluid has
       them in its basis) */
    if (rc == EDDY_OK) rc = eddy_scene_add_rock(s->world, asset, NULL, err);
    if (rc == EDDY_OK) {
        eddy_coupling_desc cd = {0};
        cd.feedback = s->view.feedback;
        cd.no_buoyancy = !s->view.buoyancy;
        cd.max_bodies = s->body_count + 1;
        /* A game needs the strengths to a few digits, not to 1e-6: a handful
           of sweeps across bodies (5.17) keeps the step inside a frame. */
        cd.schwarz_tolerance = 1e-3;
        cd.schwarz_max_iterations = level->coupling.schwarz_iterations;
        cd.no_wall_images = !level->coupling.wall_images;
        /* the waves of a tank filled to a depth (eddy_surface.h) */
        cd.wave_viscosity = s->view.wave_viscosity < 0   ? 0.0
                            : s->view.wave_viscosity > 0 ? s->view.wave_viscosity
                                                         : -1.0;
        rc = eddy_coupling_create(s->fluid, s->world, &cd, &s->coupling, err);
    }
    for (int i = 0; i < s->body_count && rc == EDDY_OK; ++i) {
        eddy_error inner = {0};
        double friction = i < level->body_count ? level->bodies[i].friction : 0.4;
        rc = add_body(&s->view.bodies[i], friction, s->world, &s->bodies[i], &inner);
        if (rc == EDDY_OK) rc = eddy_coupling_add_body(s->coupling, s->bodies[i], &inner);
        if (rc == EDDY_OK && s->view.bodies[i].drag >= 0)
            rc = eddy_coupling_set_drag(s->coupling, s->bodies[i], s->view.bodies[i].drag, &inner);
        if (rc != EDDY_OK && i == level->body_count)
            game_error(err, rc, "level %.60s: paddle: %s", level->id, inner.message);
        else if (rc != EDDY_OK)
            game_error(err, rc, "level %.60s: bodies[%d]: %s", level->id, i, inner.message);
    }
    if (rc == EDDY_OK) {
        memcpy(s->push_list, s->bodies, (size_t)s->body_count * sizeof *s->bodies);
        s->push_list[s->body_count] = s->walls;
    }
    if (rc == EDDY_OK && level->paddle.present) {
        s->paddle = s->bodies[level->body_count];
        s->paddle_angle = s->view.bodies[level->body_count].angle;
        s->paddle_s = s->paddle_target_s = level->paddle.start;
    }
    for (int j = 0; j < level->jet_count && rc == EDDY_OK; j++) {
        s->jet_artist[j] = eddy_asset_find_artist(asset, level->jets[j].mode);
        s->jet_on[j] = level->jets[j].on;
    }
    s->meter = level->stir.capacity;
    s->feedback = s->view.feedback == EDDY_FEEDBACK_DEFAULT ? EDDY_FEEDBACK_EXACT : s->view.feedback;
    if (rc != EDDY_OK) {
        game_sim_destroy(s);
        return rc;
    }
    *out = s;
    return EDDY_OK;
}

void game_sim_destroy(game_sim *s)
{
    if (!s) return;
    eddy_coupling_destroy(s->coupling);
    eddy_world_destroy(s->world);
    eddy_fluid_destroy(s->fluid);
    free(s->scratch);
    free(s->bodies);
    free(s->push_list);
    free(s->log);
    free(s);
}

/* ------------------------------------------------------------ commands */

static bool finite_all(const double *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return false;
    return true;
}

/* The parameter (0..1) of the track point nearest to (x, y). */
static double track_param(const game_level *L, double x, double y)
{
    const double(*t)[2] = L->paddle.track;
    double ex = t[1][0] - t[0][0], ey = t[1][1] - t[0][1], ee = ex * ex + ey * ey;
    if (!(ee > 0)) return 0;
    double s = ((x - t[0][0]) * ex + (y - t[0][1]) * ey) / ee;
    return s < 0 ? 0 : s > 1 ? 1 : s;
}

static void track_point(const game_level *L, double s, double out[2])
{
    const double(*t)[2] = L->paddle.track;
    out[0] = t[0][0] + s * (t[1][0] - t[0][0]);
    out[1] = t[0][1] + s * (t[1][1] - t[0][1]);
}

eddy_result game_sim_command(game_sim *s, const game_cmd *cmd, eddy_error *err)
{
    if (!s || !cmd) return sim_fail(err, EDDY_ERR_ARGUMENT, "game: NULL argument");
    if (!finite_all(cmd->v, 4))
        return sim_fail(err, EDDY_ERR_ARGUMENT, "game: a command with a non-finite number");
    switch (cmd->type) {
    case GAME_CMD_PADDLE:
        if (s->paddle) s->paddle_target_s = track_param(s->level, cmd->v[0], cmd->v[1]);
        break;
    case GAME_CMD_JET:
        if (cmd->arg < 0 || cmd->arg >= s->level->jet_count)
            return game_error(err, EDDY_ERR_ARGUMENT, "jet %d: the level has %d jet%s", cmd->arg,
                            s->level->jet_count, s->level->jet_count == 1 ? "" : "s");
        if (s->jet_on[cmd->arg] != (cmd->v[0] != 0)) s->switches++;
        s->jet_on[cmd->arg] = cmd->v[0] != 0;
        break;
    case GAME_CMD_STIR:
        if (s->pending_count < MAX_PENDING_STIRS)
            memcpy(s->pending[s->pending_count++], cmd->v, sizeof cmd->v);
        break;
    case GAME_CMD_FEEDBACK:
        if (cmd->arg < EDDY_FEEDBACK_EXACT || cmd->arg > EDDY_FEEDBACK_OFF ||
            eddy_coupling_set_feedback(s->coupling, (eddy_feedback_mode)cmd->arg) != EDDY_OK)
            return sim_fail(err, EDDY_ERR_ARGUMENT, "game: no such feedback mode");
        s->feedback = (eddy_feedback_mode)cmd->arg;
        break;
    default:
        return sim_fail(err, EDDY_ERR_ARGUMENT, "game: unknown command");
    }
    if (s->log_count == s->log_cap) {
        int cap = s->log_cap ? 2 * s->log_cap : 256;
        game_event *grown = realloc(s->log, (size_t)cap * sizeof *grown);
        if (!grown) return sim_fail(err, EDDY_ERR_MEMORY, "game: out of memory");
        s->log = grown, s->log_cap = cap;
    }
    s->log[s->log_count].frame = s->frame;
    s->log[s->log_count].cmd = *cmd;
    s->log_count++;
    return EDDY_OK;
}

/* ------------------------------------------------------------ the step */

static void apply_stirs(game_sim *s)
{
    const game_stir_rule *rule = &s->level->stir;
    s->stirred = false;
    bool can = rule->enabled && s->status == GAME_PLAYING && s->meter > 0;
    for (int k = 0; k < s->pending_count && can; k++) {
        double vx = s->pending[k][2], vy = s->pending[k][3], sp = hypot(vx, vy);
        if (sp > STIR_MAX_SPEED) vx *= STIR_MAX_SPEED / sp, vy *= STIR_MAX_SPEED / sp;
        if (sp <= 0) continue;
        double scale = s->view.density * rule->gain / s->pending_count;
        eddy_stir st = {s->pending[k][0], s->pending[k][1], rule->radius, scale * vx, scale * vy};
        if (eddy_fluid_add_stir(s->fluid, &st) == EDDY_OK) {
            s->stirred = true;
            memcpy(s->last_stir, s->pending[k], sizeof s->last_stir);
        }
    }
    if (s->stirred) s->stir_used += GAME_DT;
    if (s->stirred)
        s->meter = fmax(0.0, s->meter - GAME_DT);
    else
        s->meter = fmin(rule->capacity, s->meter + rule->recharge * GAME_DT);
    s->pending_count = 0;
}

/* A jet drives the flow towards its painted field (chapter 5.2's artist
 * mode, stored as its projection p into the basis): while jets are on, the
 * coefficients relax towards sum_j strength_j p_j at the largest "hold" rate
 * k among them, r <- r + (1 - exp(-k dt)) (target - r). Pumping only along p
 * is not enough: the nonlinear advection hands a jet's energy to the other
 * modes within seconds and a painted current along the lid breaks into
 * eddies; relaxing the whole state keeps the current where it was painted,
 * which a puzzle needs. The price, which the game states: while a jet runs,
 * stirring and the paddle's waves fade at the same rate. */
static void apply_jets(game_sim *s)
{
    const double *r = eddy_fluid_coefficients(s->fluid);
    double k = 0;
    for (int i = 0; i < s->mode_count; i++) s->scratch[i] = 0;
    for (int j = 0; j < s->level->jet_count; j++) {
        if (!s->jet_on[j] || s->jet_artist[j] < 0) continue;
        const double *p = eddy_asset_artist_projection(s->asset, s->jet_artist[j]);
        for (int i = 0; i < s->mode_count; i++) s->scratch[i] += s->level->jets[j].strength * p[i];
        if (s->level->jets[j].hold > k) k = s->level->jets[j].hold;
    }
    if (!(k > 0)) return;
    double a = 1 - exp(-k * GAME_DT);
    for (int i = 0; i < s->mode_count; i++) s->scratch[i] = r[i] + a * (s->scratch[i] - r[i]);
    eddy_fluid_set_coefficients(s->fluid, s->scratch, s->mode_count);
}

/* Bottom friction: r <- exp(-damping dt) r. */
static void apply_damping(game_sim *s)
{
    if (!(s->level->damping > 0)) return;
    const double *r = eddy_fluid_coefficients(s->fluid);
    double f = exp(-s->level->damping * GAME_DT);
    for (int k = 0; k < s->mode_count; k++) s->scratch[k] = f * r[k];
    eddy_fluid_set_coefficients(s->fluid, s->scratch, s->mode_count);
}

/* The paddle slides towards its target at its speed limit, but only as far
 * as it can without pressing a body into the level's fixed parts or the
 * walls (game_push.h): it pushes, it does not crush. */
static void move_paddle(game_sim *s)
{
    if (!s->paddle) return;
    const game_level *L = s->level;
    double len = hypot(L->paddle.track[1][0] - L->paddle.track[0][0],
                       L->paddle.track[1][1] - L->paddle.track[0][1]);
    double step = len > 0 ? L->paddle.speed * GAME_DT / len : 1.0;
    double d = s->paddle_target_s - s->paddle_s;
    if (d > step) d = step;
    if (d < -step) d = -step;
    if (d != 0) {
        double from[2], to[2];
        track_point(L, s->paddle_s, from);
        track_point(L, s->paddle_s + d, to);
        d *= game_push_fraction(s->paddle, s->push_list, s->body_count + 1, to[0] - from[0],
                                to[1] - from[1], GAME_DT);
    }
    s->paddle_s += d;
    s->paddle_moved = d != 0;
    double p[2];
    track_point(L, s->paddle_s, p);
    eddy_body_move_kinematic(s->paddle, p[0], p[1], s->paddle_angle, GAME_DT, NULL);
}

/* A body squeezed through a wall by the paddle or a contact is put back. */
static void keep_inside(game_sim *s)
{
    const double W = s->level->asset.width, H = s->level->asset.height;
    for (int i = 0; i < s->body_count; i++) {
        eddy_body *b = s->bodies[i];
        if (eddy_body_get_type(b) != EDDY_BODY_DYNAMIC) continue;
        double c[2];
        eddy_body_world_center(b, c);
        double cx = fmin(fmax(c[0], KEEP_INSIDE), W - KEEP_INSIDE);
        double cy = fmin(fmax(c[1], KEEP_INSIDE), H - KEEP_INSIDE);
        if (cx == c[0] && cy == c[1]) continue;
        eddy_pose p;
        eddy_body_get_pose(b, &p);
        eddy_body_set_transform(b, p.x + cx - c[0], p.y + cy - c[1], p.angle, NULL);
        double v[2];
        eddy_body_linear_velocity(b, v);
        if (cx != c[0]) v[0] = 0;
        if (cy != c[1]) v[1] = 0;
        eddy_body_set_velocity(b, v[0], v[1], eddy_body_angular_velocity(b), NULL);
    }
}

/* The level's star rule (game_level.h "stars") as things stand. */
static bool star_rule_holds(const game_sim *s)
{
    const game_star_rule *r = &s->level->stars;
    if (r->max_stirring >= 0 && s->stir_used > r->max_stirring + 1e-9) return false;
    if (r->max_switches >= 0 && s->switches > r->max_switches) return false;
    for (int j = 0; r->currents_off && j < s->level->jet_count; j++)
        if (s->jet_on[j]) return false;
    return true;
}

static void check_goals(game_sim *s)
{
    const game_level *L = s->level;
    bool all = true;
    for (int g = 0; g < L->goal_count; g++) {
        const game_goal *goal = &L->goals[g];
        bool in = true;
        for (int k = 0; k < goal->body_count && in; k++) {
            double c[2];
            eddy_body_world_center(s->bodies[goal->bodies[k]], c);
            in = c[0] >= goal->rect[0] && c[0] <= goal->rect[2] && c[1] >= goal->rect[1] &&
                 c[1] <= goal->rect[3];
        }
        s->filled[g] = in;
        all = all && in;
    }
    if (s->status != GAME_PLAYING) return;
    s->hold_frames = all ? s->hold_frames + 1 : 0;
    double t = (double)s->frame * GAME_DT;
    if (all && (double)s->hold_frames * GAME_DT >= L->hold - 1e-9) {
        s->status = GAME_WON;
        s->finish_time = t;
        s->rule_met = star_rule_holds(s);
    } else if (L->time_limit > 0 && t >= L->time_limit - 1e-9) {
        s->status = GAME_LOST;
        s->finish_time = t;
    }
}

eddy_result game_sim_step(game_sim *s, eddy_error *err)
{
    double t0 = now_ms();
    double t = (double)s->frame * GAME_DT;
    apply_stirs(s);
    apply_jets(s);
    eddy_result rc = eddy_scene_apply_forces(s->level->scene, s->fluid, t, err);
    if (rc != EDDY_OK) return rc;
    s->paddle_moved = false;
    move_paddle(s);
    apply_damping(s);
    /* the feedback policy of game_level.h: by default only a moving paddle
       folds its panels into the fluid (with every other body's) */
    bool feed = s->level->coupling.feedback_always || s->paddle_moved;
    eddy_coupling_set_feedback(s->coupling, feed ? s->feedback : EDDY_FEEDBACK_OFF);
    double t1 = now_ms();
    eddy_error inner = {0};
    rc = eddy_coupling_step(s->coupling, GAME_DT, &inner);
    double t2 = now_ms();
    if (rc != EDDY_OK && rc != EDDY_ERR_RANGE) { /* RANGE: a body outside, fixed below */
        if (err) *err = inner;
        return rc;
    }
    keep_inside(s);
    s->frame++;
    check_goals(s);
    double t3 = now_ms();
    eddy_coupling_get_timings(s->coupling, &s->timings.coupling);
    s->timings.game_ms = (t1 - t0) + (t3 - t2);
    s->timings.step_ms = t3 - t0;
    return EDDY_OK;
}

/* ------------------------------------------------------------ queries */

long game_sim_frame(const game_sim *s) { return s->frame; }
double game_sim_time(const game_sim *s) { return (double)s->frame * GAME_DT; }
game_status game_sim_status(const game_sim *s) { return s->status; }
double game_sim_finish_time(const game_sim *s) { return s->finish_time; }

int game_sim_stars(const game_sim *s)
{
    if (s->status != GAME_WON) return 0;
    if (s->finish_time <= s->level->par && s->rule_met) return 3;
    return s->finish_time <= 2 * s->level->par ? 2 : 1;
}

double game_sim_stir_used(const game_sim *s) { return s->stir_used; }
int game_sim_switches(const game_sim *s) { return s->switches; }
bool game_sim_star_rule(const game_sim *s)
{
    return s->status == GAME_WON ? s->rule_met : star_rule_holds(s);
}

double game_sim_hold_progress(const game_sim *s)
{
    if (s->status == GAME_WON) return 1;
    if (!(s->level->hold > 0)) return 0;
    double p = (double)s->hold_frames * GAME_DT / s->level->hold;
    return p > 1 ? 1 : p;
}

bool game_sim_goal_filled(const game_sim *s, int g)
{
    return g >= 0 && g < s->level->goal_count && s->filled[g];
}
bool game_sim_jet_on(const game_sim *s, int j)
{
    return j >= 0 && j < s->level->jet_count && s->jet_on[j];
}
double game_sim_stir_meter(const game_sim *s) { return s->meter; }
bool game_sim_stirring(const game_sim *s) { return s->stirred; }
void game_sim_last_stir(const game_sim *s, double out[4]) { memcpy(out, s->last_stir, sizeof s->last_stir); }

void game_sim_paddle_target(const game_sim *s, double out[2])
{
    if (!s->paddle) {
        out[0] = out[1] = 0;
        return;
    }
    track_point(s->level, s->paddle_target_s, out);
}

eddy_feedback_mode game_sim_feedback(const game_sim *s) { return s->feedback; }
bool game_sim_feedback_active(const game_sim *s)
{
    return eddy_coupling_feedback(s->coupling) != EDDY_FEEDBACK_OFF;
}

const game_level *game_sim_level(const game_sim *s) { return s->level; }
const eddy_asset *game_sim_asset(const game_sim *s) { return s->asset; }
eddy_fluid *game_sim_fluid(const game_sim *s) { return s->fluid; }
eddy_world *game_sim_world(const game_sim *s) { return s->world; }
eddy_coupling *game_sim_coupling(const game_sim *s) { return s->coupling; }
int game_sim_body_count(const game_sim *s) { return s->body_count; }
eddy_body *game_sim_body(const game_sim *s, int i)
{
    return i >= 0 && i < s->body_count ? s->bodies[i] : NULL;
}
eddy_body *game_sim_paddle(const game_sim *s) { return s->paddle; }
void game_sim_get_timings(const game_sim *s, game_step_timings *out) { *out = s->timings; }
int game_sim_log_count(const game_sim *s) { return s->log_count; }
const game_event *game_sim_log(const game_sim *s) { return s->log; }

static uint64_t hash_doubles(uint64_t h, const double *v, int n)
{
    for (int i = 0; i < n; i++) {
        double x = v[i] + 0.0; /* -0 and 0 hash alike */
        h = game_hash_bytes(h, &x, sizeof x);
    }
    return h;
}

uint64_t game_sim_hash(const game_sim *s)
{
    uint64_t h = GAME_HASH_SEED;
    h = hash_doubles(h, eddy_fluid_coefficients(s->fluid), s->mode_count);
    for (int i = 0; i < s->body_count; i++) {
        eddy_pose p;
        double v[2];
        eddy_body_get_pose(s->bodies[i], &p);
        eddy_body_linear_velocity(s->bodies[i], v);
        double q[6] = {p.x, p.y, p.angle, v[0], v[1], eddy_body_angular_velocity(s->bodies[i])};
        h = hash_doubles(h, q, 6);
    }
    double misc[7] = {(double)s->frame, (double)s->status, (double)s->hold_frames, s->meter,
                      s->paddle_target_s, s->paddle_s, (double)s->feedback};
    h = hash_doubles(h, misc, 7);
    for (int j = 0; j < s->level->jet_count; j++) h = game_hash_bytes(h, &s->jet_on[j], 1);
    return h;
}

bool game_sim_has_nan(const game_sim *s)
{
    if (!finite_all(eddy_fluid_coefficients(s->fluid), s->mode_count)) return true;
    for (int i = 0; i < s->body_count; i++) {
        eddy_pose p;
        double v[2];
        eddy_body_get_pose(s->bodies[i], &p);
        eddy_body_linear_velocity(s->bodies[i], v);
        double q[6] = {p.x, p.y, p.angle, v[0], v[1], eddy_body_angular_velocity(s->bodies[i])};
        if (!finite_all(q, 6)) return true;
    }
    return false;
}

bool game_sim_bodies_inside(const game_sim *s)
{
    const double W = s->level->asset.width, H = s->level->asset.height;
    for (int i = 0; i < s->body_count; i++) {
        double c[2];
        eddy_body_world_center(s->bodies[i], c);
        if (!(c[0] >= 0 && c[0] <= W && c[1] >= 0 && c[1] <= H)) return false;
    }
    return true;
}
