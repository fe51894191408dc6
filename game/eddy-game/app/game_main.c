// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_main.c - eddy-game's command line.
 *
 *   eddy-game [--level L] [--demo REPLAY] [--record FILE] [window options]
 *   eddy-game --headless --level L --frames N [--record FILE] [--replay FILE]
 *             [--screenshot OUT.png]
 *
 * The headless mode runs the same simulation as the window, without a
 * display: it plays a replay (or nothing) for N fixed steps, may record what
 * it played, may draw the final frame into a PNG through SDL's software
 * renderer, and prints one JSON line with the final state and its hash.
 * Every failure is one "eddy-game: " line on stderr and a <sysexits.h> code.
 */
#include "cli.h"
#include "kit_status.h"
#include "game_pool.h"
#include "game_replay.h"
#include "game_run.h"
#ifndef EDDY_GAME_NO_SDL
#include "game_app.h"
#include "game_shot.h"
#endif

#include "game_view.h"

#include <cJSON.h>
#include <inttypes.h>
#include <math.h>

static const char *const PROG = "eddy-game";

static void usage(FILE *f)
{
    fprintf(f,
            "usage: eddy-game [--level L] [--demo REPLAY] [--record FILE] [--size WxH]\n"
            "                 [--fullscreen] [--frames N] [--screenshot OUT.png] [--workers N]\n"
            "       eddy-game --headless --level L --frames N [--record FILE]\n"
            "                 [--replay FILE] [--screenshot OUT.png] [--size WxH] [--workers N]\n"
            "\n"
            "A physics puzzle in a water tank: move the objects into their goals with the\n"
            "fluid. Drag the paddle, switch the painted jets on and off, stir the water.\n"
            "In the window, H shows every key.\n"
            "\n"
            "  -l, --level L        a level: a file, a number (1, 2, ...), a name\n"
            "                       (01-first-current) or 'builtin'\n"
            "      --headless       no window: play N steps and print the final state\n"
            "  -n, --frames N       steps (1/60 s each) to play; in a window, quit after N\n"
            "                       (or after N frames drawn while the game waits)\n"
            "      --replay FILE    play the commands of a recorded replay (headless)\n"
            "      --demo FILE      the same, shown in the window\n"
            "      --record FILE    save what was played as a replay (atomically) at the end\n"
            "      --screenshot F   save the last frame as a PNG\n"
            "      --max-seconds S  headless: stop after S seconds of CPU time (default: four\n"
            "                       times the run's estimate, at least 60)\n"
            "      --force          replace --record and --screenshot files even when they are\n"
            "                       read-only, have other hard links or another owner\n"
            "      --size WxH       window or screenshot size in pixels (1280x800)\n"
            "      --fullscreen     a borderless full-screen window (F11 switches)\n"
            "      --unlock-all     open every level (kept in the progress file)\n"
            "      --workers N      run the water's step on N threads (1..16, default 1): the\n"
            "                       same state, bit for bit, on any N (replays play the same)\n"
            "      --show LIST      overlays on at the start, comma-separated: dye, tracers,\n"
            "                       arrows, panels, quadtree, samples, timings, help, none\n"
            "                       (default dye,tracers); also for headless screenshots\n"
            "      --levels DIR     where the level files are (default: share/eddy/levels beside\n"
            "                       the program's bin/, as installed or in the build tree)\n"
            "      --assets DIR     where the built assets are (default: share/eddy/assets)\n"
            "  -q, --quiet          headless: no JSON line\n"
            "  -h, --help           this text\n"
            "  -V, --version        the version\n"
            "\n"
            "A run estimated at more than an hour of work is refused before it starts\n"
            "(64 for --frames, 65 for a replay); one past its budget stops (65).\n"
            "Exit codes: 0 ok, 64 usage, 65 bad level or replay, 66 missing input,\n"
            "69 no display or no SDL in this build, 70 internal error, 71 out of memory,\n"
            "73 cannot write an output.\n");
}

typedef struct options {
    const char *level, *replay, *demo, *record, *screenshot, *levels_dir, *assets_dir, *show;
    long frames;
    double max_seconds;
    bool headless, fullscreen, quiet, unlock_all, force;
    long width, height;
    long workers;
} options;

static int exit_for(eddy_result rc)
{
    return kit_exit_code(kit_status_of(rc, KIT_INTERNAL));
}

/* The outputs (--record, --screenshot) must be regular files (or new), apart
 * from each other and from every input (--level as a file, --replay, --demo). */
static int check_outputs(const options *o)
{
    const char *out_flag[2] = {"--record", "--screenshot"};
    const char *out[2] = {o->record, o->screenshot};
    const char *in_flag[3] = {"--level", "--replay", "--demo"};
    const char *in[3] = {o->level, o->replay, o->demo};
    int rc = cli_refuse_one_output(PROG, out_flag[0], out[0], out_flag[1], out[1]);
    for (int i = 0; i < 2 && rc == EX_OK; i++) {
        if (!out[i]) continue;
        rc = cli_check_output(PROG, out_flag[i], out[i], o->force);
        for (int k = 0; k < 3 && rc == EX_OK; k++)
            rc = cli_refuse_same_file(PROG, out_flag[i], out[i], in_flag[k], in[k]);
    }
    return rc;
}

static int parse_args(int argc, char **argv, options *o)
{
    enum { OPT_HEADLESS = 256, OPT_REPLAY, OPT_DEMO, OPT_RECORD, OPT_SHOT, OPT_SIZE, OPT_FULL,
           OPT_LEVELS, OPT_ASSETS, OPT_SHOW, OPT_UNLOCK, OPT_FORCE, OPT_BUDGET, OPT_WORKERS };
    static const struct option longs[] = {
        {"level", required_argument, NULL, 'l'},   {"frames", required_argument, NULL, 'n'},
        {"headless", no_argument, NULL, OPT_HEADLESS},
        {"replay", required_argument, NULL, OPT_REPLAY},
        {"demo", required_argument, NULL, OPT_DEMO},
        {"record", required_argument, NULL, OPT_RECORD},
        {"screenshot", required_argument, NULL, OPT_SHOT},
        {"size", required_argument, NULL, OPT_SIZE},
        {"fullscreen", no_argument, NULL, OPT_FULL},
        {"unlock-all", no_argument, NULL, OPT_UNLOCK},
        {"force", no_argument, NULL, OPT_FORCE},
        {"max-seconds", required_argument, NULL, OPT_BUDGET},
        {"workers", required_argument, NULL, OPT_WORKERS},
        {"show", required_argument, NULL, OPT_SHOW},
        {"levels", required_argument, NULL, OPT_LEVELS},
        {"assets", required_argument, NULL, OPT_ASSETS},
        {"quiet", no_argument, NULL, 'q'},         {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},       {NULL, 0, NULL, 0}};
    memset(o, 0, sizeof *o);
    o->frames = -1;
    o->width = 1280, o->height = 800;
    o->workers = 1;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":l:n:qhV", longs, NULL)) != -1) {
        switch (c) {
        case 'l': o->level = optarg; break;
        case 'n':
            if (!cli_parse_long(optarg, 0, GAME_MAX_FRAMES, &o->frames))
                return cli_fail(PROG, EX_USAGE, "--frames: expected an integer in 0..%ld (an hour "
                                "at 60 Hz), not '%s'", GAME_MAX_FRAMES, optarg);
            break;
        case OPT_HEADLESS: o->headless = true; break;
        case OPT_REPLAY: o->replay = optarg; break;
        case OPT_DEMO: o->demo = optarg; break;
        case OPT_RECORD: o->record = optarg; break;
        case OPT_SHOT: o->screenshot = optarg; break;
        case OPT_SIZE: {
            char a[32], b[32];
            if (cli_split2(optarg, 'x', a, b, sizeof a) != 2 || !cli_parse_long(a, 64, 8192, &o->width) ||
                !cli_parse_long(b, 64, 8192, &o->height))
                return cli_fail(PROG, EX_USAGE, "--size: expected WxH with each in 64..8192, "
                                "not '%s'", optarg);
            break;
        }
        case OPT_FULL: o->fullscreen = true; break;
        case OPT_UNLOCK: o->unlock_all = true; break;
        case OPT_FORCE: o->force = true; break;
        case OPT_BUDGET:
            if (!cli_parse_budget(optarg, &o->max_seconds))
                return cli_fail(PROG, EX_USAGE, "--max-seconds: expected CPU seconds in (0, %g], "
                                "not '%s'", CLI_RUN_MAX_SECONDS, optarg);
            break;
        case OPT_WORKERS:
            if (!cli_parse_long(optarg, 1, GAME_POOL_MAX, &o->workers))
                return cli_fail(PROG, EX_USAGE, "--workers: expected a thread count in 1..%d, "
                                "not '%s'", GAME_POOL_MAX, optarg);
            break;
        case OPT_SHOW: o->show = optarg; break;
        case OPT_LEVELS: o->levels_dir = optarg; break;
        case OPT_ASSETS: o->assets_dir = optarg; break;
        case 'q': o->quiet = true; break;
        case 'h': usage(stdout); return -1;
        case 'V': printf("eddy-game %s\n", EDDY_VERSION_STRING); return -1;
        default: return cli_option_error(PROG, c, argv, longs);
        }
    }
    if (optind < argc) return cli_fail(PROG, EX_USAGE, "unexpected argument '%s'", argv[optind]);
    if (o->headless) {
        if (o->demo) return cli_fail(PROG, EX_USAGE, "--demo shows a replay in the window; "
                                     "headless, use --replay");
        if (o->fullscreen) return cli_fail(PROG, EX_USAGE, "--fullscreen needs the window");
        if (o->unlock_all) return cli_fail(PROG, EX_USAGE, "--unlock-all is for the window");
        if (!o->level) return cli_fail(PROG, EX_USAGE, "--headless needs --level");
        if (o->frames < 0 && !o->replay)
            return cli_fail(PROG, EX_USAGE, "--headless needs --frames (or a --replay to play)");
    } else if (o->replay) {
        return cli_fail(PROG, EX_USAGE, "--replay is for --headless; in the window, use --demo");
    } else if (o->force) {
        return cli_fail(PROG, EX_USAGE, "--force is for the outputs of --headless");
    } else if (o->max_seconds > 0) {
        return cli_fail(PROG, EX_USAGE, "--max-seconds is for --headless");
    }
    if (o->show) {
        game_view v = {0};
        char bad[48];
        if (!game_view_parse(o->show, &v, bad, sizeof bad))
            return cli_fail(PROG, EX_USAGE, "--show: unknown overlay '%s' (%s)", bad, GAME_VIEW_NAMES);
    }
    if (o->screenshot) {
        size_t n = strlen(o->screenshot);
        if (n < 5 || strcmp(o->screenshot + n - 4, ".png") != 0)
            return cli_fail(PROG, EX_USAGE, "--screenshot: the file name must end in .png");
    }
    return check_outputs(o);
}

/* ------------------------------------------------------------ headless */

typedef struct phase_sums {
    double advect, diffuse, forces_fluid, panels, feedback, forces, bodies, game, step;
    long n;
} phase_sums;

static void add_timings(phase_sums *p, const game_step_timings *t)
{
    p->advect += t->coupling.fluid.advect_ms;
    p->diffuse += t->coupling.fluid.diffuse_ms;
    p->forces_fluid += t->coupling.fluid.forces_ms;
    p->panels += t->coupling.panels_ms;
    p->feedback += t->coupling.feedback_ms;
    p->forces += t->coupling.forces_ms;
    p->bodies += t->coupling.bodies_ms;
    p->game += t->game_ms;
    p->step += t->step_ms;
    p->n++;
}

/* Rounds to 4 decimals, as the line has always shown them. */
static double r4(double x) { return round(x * 1e4) / 1e4; }

/* The headless result as one JSON line, built with cJSON so that any level
 * title (quotes, backslashes, UTF-8) stays valid JSON. Returns false when
 * memory ran out. */
static bool print_summary(const game_sim *sim, const phase_sums *p, double render_ms)
{
    const game_level *L = game_sim_level(sim);
    static const char *const STATUS[] = {"playing", "won", "lost"};
    cJSON *o = cJSON_CreateObject();
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, game_sim_hash(sim));
    cJSON_AddStringToObject(o, "level", L->id);
    cJSON_AddStringToObject(o, "title", L->title);
    cJSON_AddNumberToObject(o, "frames", (double)game_sim_frame(sim));
    cJSON_AddNumberToObject(o, "time", r4(game_sim_time(sim)));
    cJSON_AddStringToObject(o, "status", STATUS[game_sim_status(sim)]);
    if (game_sim_status(sim) != GAME_PLAYING) {
        cJSON_AddNumberToObject(o, "finish_time", r4(game_sim_finish_time(sim)));
        cJSON_AddNumberToObject(o, "stars", game_sim_stars(sim));
    }
    cJSON_AddStringToObject(o, "hash", hash);
    cJSON_AddBoolToObject(o, "nan", game_sim_has_nan(sim));
    cJSON_AddBoolToObject(o, "inside", game_sim_bodies_inside(sim));
    cJSON *bodies = cJSON_AddArrayToObject(o, "bodies");
    for (int i = 0; bodies && i < game_sim_body_count(sim); i++) {
        eddy_pose pose;
        eddy_body_get_pose(game_sim_body(sim, i), &pose);
        double q[3] = {r4(pose.x), r4(pose.y), r4(pose.angle)};
        cJSON *b = cJSON_CreateArray();
        for (int k = 0; b && k < 3; k++) cJSON_AddItemToArray(b, cJSON_CreateNumber(q[k]));
        cJSON_AddItemToArray(bodies, b);
    }
    double n = p->n > 0 ? (double)p->n : 1;
    cJSON *t = cJSON_AddObjectToObject(o, "timings_ms");
    const char *names[] = {"advect", "diffuse", "stir_forces", "panels", "feedback",
                           "body_forces", "box2d", "game", "step"};
    double vals[] = {p->advect, p->diffuse, p->forces_fluid, p->panels, p->feedback,
                     p->forces, p->bodies, p->game, p->step};
    for (int k = 0; t && k < 9; k++) cJSON_AddNumberToObject(t, names[k], r4(vals[k] / n));
    if (t && render_ms >= 0) cJSON_AddNumberToObject(t, "render", r4(render_ms));
    char *text = cJSON_PrintUnformatted(o);
    cJSON_Delete(o);
    if (!text) return false;
    printf("%s\n", text);
    cJSON_free(text);
    return true;
}

/* The run's work, estimated before it starts (game_level_step_cost): the
 * level's frames in each feedback mode it plays in, the level's own and
 * those the replay switches to (a debug switch that changes the physics,
 * and the cost: naive feedback sums every panel at every grid sample).
 * Over GAME_MAX_RUN_SECONDS: refused, naming the replay (65) or --frames (64). */
static int check_run_cost(const options *o, const game_loaded *ld, const game_replay *replay,
                          long frames, double *estimate)
{
    eddy_scene_view v;
    eddy_scene_get(ld->level->scene, &v);
    int mode = v.feedback == EDDY_FEEDBACK_DEFAULT ? EDDY_FEEDBACK_EXACT : (int)v.feedback;
    long in_mode[EDDY_FEEDBACK_OFF + 1] = {0}, at = 0;
    for (int i = 0; i <= replay->count; i++) {
        long until = i < replay->count && replay->events[i].frame < frames ? replay->events[i].frame
                                                                           : frames;
        if (until > at) in_mode[mode] += until - at, at = until;
        if (i < replay->count && replay->events[i].cmd.type == GAME_CMD_FEEDBACK)
            mode = replay->events[i].cmd.arg;
    }
    double total = 0.0, dearest = 0.0;
    int dearest_mode = mode;
    for (int m = EDDY_FEEDBACK_EXACT; m <= EDDY_FEEDBACK_OFF; m++) {
        if (in_mode[m] == 0) continue;
        eddy_step_cost cost;
        eddy_error err = {0};
        if (game_level_step_cost(ld->level, ld->asset, (eddy_feedback_mode)m, &cost, &err) != EDDY_OK)
            return cli_fail(PROG, exit_for(err.code), "%s", err.message);
        total += (double)in_mode[m] * cost.total;
        if (cost.total > dearest) dearest = cost.total, dearest_mode = m;
    }
    *estimate = total;
    if (total <= GAME_MAX_RUN_SECONDS) return EX_OK;
    if (o->replay && o->frames < 0)
        return cli_fail(PROG, EX_DATAERR, "--replay %s: its %ld frames would take about %.3g s of "
                        "work (%ld of them with feedback %s at %.3g ms a frame), more than the %g s "
                        "a run may take", o->replay, frames, total, in_mode[dearest_mode],
                        eddy_feedback_name((eddy_feedback_mode)dearest_mode), 1e3 * dearest,
                        GAME_MAX_RUN_SECONDS);
    return cli_fail(PROG, EX_USAGE, "--frames %ld: about %.3g s of work (up to %.3g ms a frame, "
                    "feedback %s), more than the %g s a run may take: ask for fewer frames",
                    frames, total, 1e3 * dearest,
                    eddy_feedback_name((eddy_feedback_mode)dearest_mode), GAME_MAX_RUN_SECONDS);
}

#define CHECK_EVERY 64       /* frames between looks at the run's budget */
#define CHECK_DEAR_FRAME 1e-4 /* s: frames estimated dearer look at the clock every frame */

static int run_headless(const options *o, const char *argv0, game_pool *pool)
{
    game_catalog cat;
    game_catalog_open(&cat, o->levels_dir, o->assets_dir, argv0);
    game_loaded ld;
    eddy_error err = {0};
    eddy_result rc = game_load_level(&cat, o->level, &ld, &err);
    if (rc != EDDY_OK) {
        game_catalog_close(&cat);
        return cli_fail(PROG, exit_for(rc), "%s", err.message);
    }
    game_replay replay = {0};
    int code = EX_OK;
    if (o->replay) {
        rc = game_replay_load_file(o->replay, &replay, &err);
        if (rc != EDDY_OK) code = cli_fail(PROG, exit_for(rc), "%s", err.message);
        else if (strcmp(replay.level_id, ld.level->id) != 0)
            code = cli_fail(PROG, EX_DATAERR, "--replay %s: recorded on level '%s', not '%s'",
                            o->replay, replay.level_id, ld.level->id);
    }
    game_sim *sim = NULL;
    if (code == EX_OK && (rc = game_sim_create(ld.level, ld.asset, &sim, &err)) != EDDY_OK)
        code = cli_fail(PROG, exit_for(rc), "%s", err.message);
    if (code == EX_OK && (rc = game_pool_attach(pool, game_sim_coupling(sim), &err)) != EDDY_OK)
        code = cli_fail(PROG, exit_for(rc), "--workers: %s", err.message);
    long frames = o->frames >= 0 ? o->frames : replay.frames;
    double estimate = 0.0;
    if (code == EX_OK) code = check_run_cost(o, &ld, &replay, frames, &estimate);
    if (code == EX_OK && o->replay && replay.level_hash != ld.level->hash)
        fprintf(stderr, "eddy-game: warning: %s was recorded on another version of level "
                "'%s'; it may play out differently\n", o->replay, ld.level->id);
#ifndef EDDY_GAME_NO_SDL
    game_shot *shot = NULL;
    if (code == EX_OK && o->screenshot &&
        game_shot_create(sim, (int)o->width, (int)o->height, &shot, &err) != EDDY_OK)
        code = cli_fail(PROG, EX_UNAVAILABLE, "--screenshot: %s", err.message);
    char bad[48];
    if (code == EX_OK && shot && o->show && !game_shot_show(shot, o->show, bad, sizeof bad))
        code = cli_fail(PROG, EX_USAGE, "--show: unknown overlay '%s' (%s)", bad, GAME_VIEW_NAMES);
#else
    if (code == EX_OK && o->screenshot)
        code = cli_fail(PROG, EX_UNAVAILABLE, "--screenshot: this eddy-game was built without "
                        "SDL2 (install libsdl2-dev, libsdl2-ttf-dev and zlib1g-dev, rebuild)");
#endif
    phase_sums sums = {0};
    int next = 0;
    cli_budget budget = cli_budget_start(estimate, o->max_seconds);
    bool dear = frames > 0 && estimate / (double)frames > CHECK_DEAR_FRAME;
    for (long f = 0; f < frames && code == EX_OK; f++) {
        if (f > 0 && (dear || f % CHECK_EVERY == 0) &&
            (code = cli_budget_check(PROG, &budget, "frame", f, frames,
                                     f % CHECK_EVERY == 0 ? game_sim_coupling(sim) : NULL,
                                     GAME_MAX_RUN_SECONDS)) != EX_OK)
            break;
        if ((rc = game_replay_feed(&replay, sim, &next, &err)) != EDDY_OK) {
            code = cli_fail(PROG, exit_for(rc), "%s", err.message); /* names the line */
            break;
        }
        if ((rc = game_sim_step(sim, &err)) != EDDY_OK) {
            /* non-finite state, a stir or excite the level's scene asks of
               the asset: the level's values (data); anything else is ours */
            code = cli_fail(PROG, rc == EDDY_ERR_NUMERIC || rc == EDDY_ERR_RANGE ||
                                          rc == EDDY_ERR_FORMAT ? EX_DATAERR : EX_SOFTWARE,
                            "frame %ld: %s", f, err.message);
            break;
        }
        game_step_timings t;
        game_sim_get_timings(sim, &t);
        add_timings(&sums, &t);
#ifndef EDDY_GAME_NO_SDL
        if (shot) game_shot_step(shot);
#endif
    }
    double render_ms = -1;
    /* both outputs are written beside their targets first and replace them
       only once both are complete */
    eddy_staged_file *staged[2] = {NULL, NULL};
    if (code == EX_OK && o->record) {
        game_replay rec;
        char *text = NULL;
        if ((rc = game_replay_from_sim(sim, &rec, &err)) == EDDY_OK) {
            text = game_replay_format(&rec);
            rc = text ? eddy_stage_file(o->record, text, strlen(text), cli_save_flags(o->force),
                                        &staged[0], &err)
                      : game_error(&err, EDDY_ERR_MEMORY, "replay: out of memory");
            game_replay_free(&rec);
        }
        free(text);
        if (rc != EDDY_OK)
            code = cli_fail(PROG, rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT,
                            "--record: %s", err.message);
    }
#ifndef EDDY_GAME_NO_SDL
    if (code == EX_OK && shot) {
        unsigned char *png = NULL;
        size_t size = 0;
        rc = game_shot_encode(shot, &png, &size, &render_ms, &err);
        if (rc == EDDY_OK)
            rc = eddy_stage_file(o->screenshot, png, size, cli_save_flags(o->force), &staged[1],
                                 &err);
        free(png);
        if (rc != EDDY_OK)
            code = cli_fail(PROG, rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT,
                            "--screenshot: %s", err.message);
    }
    game_shot_destroy(shot);
#endif
    static const char *const staged_flag[2] = {"--record", "--screenshot"};
    for (int k = 0; k < 2; k++) {
        if (code != EX_OK) {
            eddy_discard_file(staged[k]);
        } else if (staged[k] && eddy_commit_file(staged[k], &err) != EDDY_OK) {
            code = cli_fail(PROG, EX_CANTCREAT, "%s: %s", staged_flag[k], err.message);
        }
    }
    if (code == EX_OK && !o->quiet && !print_summary(sim, &sums, render_ms))
        code = cli_fail(PROG, EX_OSERR, "out of memory for the summary line");
    if (code == EX_OK)
        code = cli_finish_stdout(PROG);
    game_sim_destroy(sim);
    game_replay_free(&replay);
    game_loaded_free(&ld);
    game_catalog_close(&cat);
    return code;
}

int main(int argc, char **argv)
{
    options o;
    int code = parse_args(argc, argv, &o);
    if (code < 0) return cli_finish_stdout(PROG);
    if (code != EX_OK) return code;
    game_pool *pool = NULL;
    eddy_error err = {0};
    if (game_pool_create((int)o.workers, &pool, &err) != EDDY_OK)
        return cli_fail(PROG, err.code == EDDY_ERR_MEMORY ? EX_OSERR : EX_USAGE, "--workers: %s",
                        err.message);
    if (o.headless) {
        code = run_headless(&o, argv[0], pool);
        game_pool_destroy(pool);
        return code;
    }
#ifdef EDDY_GAME_NO_SDL
    game_pool_destroy(pool);
    return cli_fail(PROG, EX_UNAVAILABLE, "this eddy-game was built without SDL2, so it has no "
                    "window; install libsdl2-dev, libsdl2-ttf-dev and zlib1g-dev and rebuild, "
                    "or use --headless");
#else
    game_app_options ao = {0};
    ao.level = o.level;
    ao.demo = o.demo;
    ao.record = o.record;
    ao.screenshot = o.screenshot;
    ao.frames = o.frames;
    ao.width = (int)o.width, ao.height = (int)o.height;
    ao.fullscreen = o.fullscreen;
    ao.unlock_all = o.unlock_all;
    ao.show = o.show;
    ao.levels_dir = o.levels_dir;
    ao.assets_dir = o.assets_dir;
    ao.argv0 = argv[0];
    ao.pool = pool;
    code = game_app_run(&ao);
    game_pool_destroy(pool);
    return code;
#endif
}
