// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * sim.c - runs a scene headless and prints JSON Lines.
 *
 *   sim --asset A --scene S.json --steps N [--dt SECONDS] [--every K]
 *       [--probe X,Y]... [--workers N]
 *
 * One record per K steps (and step 0):
 *   {"step":n,"t":...,"energy":...,"probes":[[u,v],...]}
 * then one summary line with per-phase timings:
 *   {"summary":{"steps":N,"modes":r,...,"timings_ms":{"forces":{"mean":..,
 *    "median":..,"max":..},"advect":{..},"diffuse":{..},"total":{..}}}}
 * Numbers are printed with %.17g so they read back to the same doubles. The
 * records depend only on the asset, the scene and the flags (the fluid is
 * deterministic); only the summary's timings vary between runs.
 *
 * Step n's forces are the scene's stirs active at t = (n-1) dt, the time at
 * the start of that step; record n is the state at t = n dt.
 */
#include "cli.h"
#include "cli_workers.h"

#include <eddy/eddy.h>
#include <eddy/eddy_build.h> /* EDDY_BUILD_MAX_SIDE */
#include <eddy/eddy_scene.h>
#include <eddy/eddy_surface.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PROG "sim"
/* Timings of every step are kept for the medians: 5 numbers a step. */
#define STEPS_MAX 10000000L
/* The longest step: a second of game time per step is far past anything the
 * explicit coupling or Box2D integrates meaningfully, and keeps every time
 * t = steps * dt finite. */
#define DT_MAX 1.0
/* The most work a run may ask for is CLI_RUN_MAX_SECONDS (cli.h), estimated
 * before it starts by the run cost model (eddy_scene_step_cost: the tensor,
 * the grid, the feedback, the bodies and how near they start to one
 * another); while it runs, its CPU time is held to its budget and every
 * CHECK_EVERY steps the bodies as they are now are estimated again. */
#define CHECK_EVERY 64
#define CHECK_DEAR_STEP 1e-4 /* s: steps estimated dearer look at the clock every step */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: sim --asset FILE --scene FILE --steps N [options]\n"
            "\n"
            "Runs a scene (JSON, see docs/cli.md) on a fluid made from an asset written\n"
            "by precompute, and prints JSON Lines on stdout: a record every K steps\n"
            "(and step 0) with the time, kinetic energy and the velocity at each probe,\n"
            "then one summary line with per-phase timings. For an asset filled to a depth\n"
            "(precompute --depth) every body has its submerged share and every record\n"
            "the surface's mean level and wave energy.\n"
            "\n"
            "  --asset FILE     the asset (required)\n"
            "  --scene FILE     the scene (required)\n"
            "  --steps N        steps to run, 0..%ld (required)\n"
            "  --dt SECONDS     step length in (0, %g] (default: the scene's dt, else 1/60)\n"
            "  --every K        a record every K steps, K >= 1 (default 1)\n"
            "  --probe X,Y      a point inside the domain to report; repeatable\n"
            "  --max-seconds S  stop the run after S seconds of CPU time (default: four\n"
            "                   times its estimate, at least 60)\n"
            "  --workers N      run the coupled step on N threads, 1..%d (default 1); the\n"
            "                   records are the same, bit for bit, on any N\n"
            "  -h, --help       this text\n"
            "  -V, --version    the eddy version\n"
            "\n"
            "exit codes: 0 ok, 64 usage (unknown option, malformed value, probe outside\n"
            "the domain, a run estimated at more than an hour of work), 65 bad data\n"
            "(corrupt asset, invalid scene, mode out of range, the fluid blew up, a run\n"
            "past its budget), 66 missing input, 70 internal error, 71 out of memory,\n"
            "74 cannot write the output\n"
            "\n"
            "example: sim --asset level.eddy --scene demo.json --steps 600 --every 60 \\\n"
            "             --probe 5,5 --probe 2.5,7.5\n",
            STEPS_MAX, DT_MAX, CLI_WORKERS_MAX);
}

typedef struct probe {
    double x, y;
    const char *text; /* as given, for messages */
} probe;

typedef struct options {
    const char *asset_path;
    const char *scene_path;
    long steps;
    bool have_steps;
    double dt; /* 0: the scene's */
    long every;
    probe *probes;
    int probe_count;
    double max_seconds; /* 0: the budget of the estimate */
    long workers;
} options;

static bool parse_probe(const char *s, probe *p)
{
    char a[64], b[64];
    if (cli_split2(s, ',', a, b, sizeof a) != 2)
        return false;
    p->text = s;
    return cli_parse_double(a, &p->x) && cli_parse_double(b, &p->y);
}

/* Returns EX_OK with *o filled, or an exit code (message printed); -1 means
 * --help or --version was handled and the program should exit 0. */
static int parse_args(int argc, char **argv, options *o)
{
    enum { OPT_ASSET = 256, OPT_SCENE, OPT_STEPS, OPT_DT, OPT_EVERY, OPT_PROBE, OPT_BUDGET,
           OPT_WORKERS };
    static const struct option longs[] = {
        {"asset", required_argument, NULL, OPT_ASSET},
        {"scene", required_argument, NULL, OPT_SCENE},
        {"steps", required_argument, NULL, OPT_STEPS},
        {"dt", required_argument, NULL, OPT_DT},
        {"every", required_argument, NULL, OPT_EVERY},
        {"probe", required_argument, NULL, OPT_PROBE},
        {"max-seconds", required_argument, NULL, OPT_BUDGET},
        {"workers", required_argument, NULL, OPT_WORKERS},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    opterr = 0;
    int c;
    while ((c = getopt_long(argc, argv, ":hV", longs, NULL)) != -1) {
        switch (c) {
        case OPT_ASSET: o->asset_path = optarg; break;
        case OPT_SCENE: o->scene_path = optarg; break;
        case OPT_STEPS:
            if (!cli_parse_long(optarg, 0, STEPS_MAX, &o->steps))
                return cli_fail(PROG, EX_USAGE, "--steps '%s': expected an integer in 0..%ld", optarg,
                                STEPS_MAX);
            o->have_steps = true;
            break;
        case OPT_DT:
            if (!cli_parse_double(optarg, &o->dt) || !(o->dt > 0.0) || o->dt > DT_MAX)
                return cli_fail(PROG, EX_USAGE, "--dt '%s': expected a number of seconds in (0, %g]",
                                optarg, DT_MAX);
            break;
        case OPT_EVERY:
            if (!cli_parse_long(optarg, 1, LONG_MAX, &o->every))
                return cli_fail(PROG, EX_USAGE, "--every '%s': expected an integer >= 1", optarg);
            break;
        case OPT_BUDGET:
            if (!cli_parse_budget(optarg, &o->max_seconds))
                return cli_fail(PROG, EX_USAGE, "--max-seconds '%s': expected CPU seconds in "
                                "(0, %g]", optarg, CLI_RUN_MAX_SECONDS);
            break;
        case OPT_WORKERS:
            if (!cli_parse_long(optarg, 1, CLI_WORKERS_MAX, &o->workers))
                return cli_fail(PROG, EX_USAGE, "--workers '%s': expected a thread count in 1..%d",
                                optarg, CLI_WORKERS_MAX);
            break;
        case OPT_PROBE: {
            probe p;
            if (!parse_probe(optarg, &p))
                return cli_fail(PROG, EX_USAGE, "--probe '%s': expected X,Y in metres (e.g. 2.5,7.5)",
                                optarg);
            probe *grown = realloc(o->probes, (size_t)(o->probe_count + 1) * sizeof *grown);
            if (!grown)
                return cli_fail(PROG, EX_OSERR, "out of memory");
            o->probes = grown;
            o->probes[o->probe_count++] = p;
            break;
        }
        case 'h': usage(stdout); return -1;
        case 'V': printf("sim (eddy) %s\n", EDDY_VERSION_STRING); return -1;
        default: return cli_option_error(PROG, c, argv, longs);
        }
    }
    if (optind < argc)
        return cli_fail(PROG, EX_USAGE, "unexpected argument '%s' (see --help)", argv[optind]);
    if (!o->asset_path)
        return cli_fail(PROG, EX_USAGE, "missing --asset FILE (see --help)");
    if (!o->scene_path)
        return cli_fail(PROG, EX_USAGE, "missing --scene FILE (see --help)");
    if (!o->have_steps)
        return cli_fail(PROG, EX_USAGE, "missing --steps N (see --help)");
    return EX_OK;
}

/* ------------------------------------------------------------ statistics */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Prints {"mean":..,"median":..,"max":..} of v[0..n); sorts v. */
static void print_stats(const char *name, double *v, long n)
{
    printf("\"%s\":", name);
    if (n <= 0) {
        printf("{\"mean\":null,\"median\":null,\"max\":null}");
        return;
    }
    double sum = 0.0;
    for (long i = 0; i < n; i++)
        sum += v[i];
    qsort(v, (size_t)n, sizeof *v, compare_doubles);
    double median = (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    printf("{\"mean\":");
    cli_print_number(stdout, sum / (double)n);
    printf(",\"median\":");
    cli_print_number(stdout, median);
    printf(",\"max\":");
    cli_print_number(stdout, v[n - 1]);
    printf("}");
}

static void print_number_field(const char *name, double v, bool first)
{
    printf(first ? "\"%s\":" : ",\"%s\":", name);
    cli_print_number(stdout, v);
}

/* Every coupled body: pose and velocity of its origin (and, in a tank filled
 * to a depth, the share of it under water). */
static void print_bodies(const eddy_coupling *coupling, eddy_body *const *bodies, int count)
{
    printf(",\"bodies\":[");
    for (int b = 0; b < count; b++) {
        eddy_pose p;
        eddy_body_get_pose(bodies[b], &p);
        double v[2];
        eddy_body_point_velocity(bodies[b], p.x, p.y, v);
        printf(b ? ",{" : "{");
        print_number_field("x", p.x, true);
        print_number_field("y", p.y, false);
        print_number_field("angle", p.angle, false);
        print_number_field("vx", v[0], false);
        print_number_field("vy", v[1], false);
        print_number_field("omega", eddy_body_angular_velocity(bodies[b]), false);
        if (eddy_coupling_has_surface(coupling))
            print_number_field("submerged", eddy_coupling_body_submerged(coupling, bodies[b]), false);
        putchar('}');
    }
    putchar(']');
}

static void print_record(const eddy_fluid *fluid, const eddy_coupling *coupling,
                         eddy_body *const *bodies, int body_count, long step, double t,
                         const options *o)
{
    printf("{\"step\":%ld,\"t\":", step);
    cli_print_number(stdout, t);
    printf(",\"energy\":");
    cli_print_number(stdout, eddy_fluid_kinetic_energy(fluid));
    printf(",\"probes\":[");
    for (int i = 0; i < o->probe_count; i++) {
        double uv[2];
        eddy_coupling_velocity(coupling, o->probes[i].x, o->probes[i].y, uv); /* u_r + u_p */
        printf(i ? ",[" : "[");
        cli_print_number(stdout, uv[0]);
        putchar(',');
        cli_print_number(stdout, uv[1]);
        putchar(']');
    }
    putchar(']');
    print_bodies(coupling, bodies, body_count);
    if (eddy_coupling_has_surface(coupling)) { /* the water's mean level and its waves */
        printf(",\"surface\":{");
        print_number_field("mean", eddy_coupling_surface_mean(coupling), true);
        print_number_field("wave_energy", eddy_coupling_surface_energy(coupling), false);
        putchar('}');
    }
    printf("}\n");
}

/* ------------------------------------------------------------ run */

#define PHASES 8
static const char *const PHASE_NAMES[PHASES] = {"forces", "advect", "diffuse", "panels",
                                                "body_forces", "feedback", "bodies", "total"};

typedef struct run_state {
    eddy_asset *asset;
    eddy_scene *scene;
    eddy_fluid *fluid;
    eddy_world *world;
    eddy_coupling *coupling;
    eddy_body **bodies;
    int body_count;
    double *phase[PHASES]; /* one value per step */
    double *terms;
    double *sweeps;
    long capped; /* steps whose Schwarz sweeps stopped at the work cap */
    cli_workers *pool; /* --workers (cli_workers.h), or NULL */
} run_state;

static void run_free(run_state *s)
{
    eddy_coupling_destroy(s->coupling);
    cli_workers_stop(s->pool); /* after the coupling it ran */
    eddy_world_destroy(s->world);
    free(s->bodies);
    free(s->sweeps);
    eddy_fluid_destroy(s->fluid);
    eddy_scene_destroy(s->scene);
    eddy_asset_destroy(s->asset);
    for (int i = 0; i < PHASES; i++)
        free(s->phase[i]);
    free(s->terms);
}

static void record_timings(run_state *s, long i)
{
    eddy_coupling_timings tm;
    eddy_coupling_get_timings(s->coupling, &tm);
    const double values[PHASES] = {tm.fluid.forces_ms, tm.fluid.advect_ms, tm.fluid.diffuse_ms,
                                   tm.panels_ms, tm.forces_ms, tm.feedback_ms, tm.bodies_ms,
                                   tm.total_ms};
    for (int p = 0; p < PHASES; p++)
        s->phase[p][i] = values[p];
    s->terms[i] = tm.fluid.taylor_terms;
    s->sweeps[i] = tm.schwarz_iterations;
    s->capped += tm.schwarz_capped;
}

/* A scene that failed to load: the library's I/O messages name the file,
 * its format messages do not. */
static int scene_failed(const char *path, const eddy_error *err)
{
    if (err->code == EDDY_ERR_IO)
        return cli_fail(PROG, cli_exit_for_load(err->code), "%s", err->message);
    return cli_fail(PROG, cli_exit_for_load(err->code), "%s: %s", path, err->message);
}

static int run(const options *o, run_state *s)
{
    eddy_error err = {0};
    struct stat st;
    /* A missing input is EX_NOINPUT whatever the loader would call it. */
    if (stat(o->asset_path, &st) != 0)
        return cli_fail(PROG, EX_NOINPUT, "cannot open asset '%s': %s", o->asset_path, strerror(errno));
    if (stat(o->scene_path, &st) != 0)
        return cli_fail(PROG, EX_NOINPUT, "cannot open scene '%s': %s", o->scene_path, strerror(errno));
    if (eddy_asset_load_file(o->asset_path, &s->asset, &err) != EDDY_OK) /* names the file */
        return cli_fail(PROG, cli_exit_for_load(err.code), "%s", err.message);
    if (eddy_scene_load_file(o->scene_path, &s->scene, &err) != EDDY_OK)
        return scene_failed(o->scene_path, &err);

    eddy_asset_info info;
    eddy_asset_get_info(s->asset, &info);
    if (!(info.width <= EDDY_BUILD_MAX_SIDE && info.height <= EDDY_BUILD_MAX_SIDE))
        return cli_fail(PROG, EX_DATAERR, "%s: its domain %g x %g m is larger than any asset "
                        "precompute makes (each side at most %g m)", o->asset_path, info.width,
                        info.height, EDDY_BUILD_MAX_SIDE);
    for (int i = 0; i < o->probe_count; i++) {
        const probe *p = &o->probes[i];
        if (!(p->x >= 0.0 && p->x <= info.width && p->y >= 0.0 && p->y <= info.height))
            return cli_fail(PROG, EX_USAGE, "--probe %s: outside the domain [0,%g] x [0,%g]", p->text,
                            info.width, info.height);
    }
    double dt = o->dt > 0.0 ? o->dt : eddy_scene_dt(s->scene);
    if (!(dt > 0.0 && dt <= DT_MAX))
        return cli_fail(PROG, EX_DATAERR, "%s: \"dt\" %g: a step must be in (0, %g] seconds "
                        "(or give --dt)", o->scene_path, dt, DT_MAX);
    /* what the run will cost: refused before it starts when over the limit */
    eddy_step_cost_desc base = {.mode_count = info.mode_count,
                                .tensor_nonzeros = info.tensor_nonzeros,
                                .walls = info.wall_count > 0, .advection = info.advection,
                                .width = info.width, .height = info.height, .nx = info.nx,
                                .ny = info.ny, .dt = dt};
    eddy_step_cost cost;
    if (eddy_scene_step_cost(s->scene, &base, &cost, &err) != EDDY_OK)
        return cli_fail(PROG, cli_exit_for_load(err.code), "%s: %s", o->scene_path, err.message);
    eddy_scene_view counted;
    eddy_scene_get(s->scene, &counted);
    char said[256];
    cli_describe_cost(&cost, counted.feedback, said, sizeof said);
    if ((double)o->steps * cost.total > CLI_RUN_MAX_SECONDS)
        return cli_fail(PROG, EX_USAGE, "--steps %ld: about %.3g s of work (%s); at most %g s: "
                        "ask for fewer steps", o->steps, (double)o->steps * cost.total, said,
                        CLI_RUN_MAX_SECONDS);

    eddy_fluid_desc desc = {0};
    eddy_scene_fluid_desc(s->scene, &desc);
    eddy_result res = eddy_fluid_create(s->asset, &desc, &s->fluid, &err);
    if (res != EDDY_OK)
        return cli_fail(PROG, res == EDDY_ERR_MEMORY ? EX_OSERR : EX_DATAERR, "%s: %s",
                        o->scene_path, err.message);
    res = eddy_scene_apply_initial(s->scene, s->fluid, &err);
    if (res != EDDY_OK)
        return cli_fail(PROG, res == EDDY_ERR_MEMORY ? EX_OSERR : EX_DATAERR, "%s: %s",
                        o->scene_path, err.message);

    if (!isfinite(eddy_fluid_kinetic_energy(s->fluid)))
        return cli_fail(PROG, EX_DATAERR, "%s: init_modes: the initial energy overflows (amplitudes too large)",
                        o->scene_path);

    /* The rigid bodies and the coupling (an empty world when there are none). */
    eddy_scene_view view;
    eddy_scene_get(s->scene, &view);
    s->body_count = view.body_count;
    s->bodies = calloc(view.body_count > 0 ? (size_t)view.body_count : 1, sizeof *s->bodies);
    if (!s->bodies)
        return cli_fail(PROG, EX_OSERR, "out of memory for %d bodies", view.body_count);
    res = eddy_scene_build_world(s->scene, s->fluid, &s->world, &s->coupling, s->bodies, &err);
    if (res != EDDY_OK)
        return cli_fail(PROG, res == EDDY_ERR_MEMORY ? EX_OSERR : EX_DATAERR, "%s: %s",
                        o->scene_path, err.message);
    if (o->workers > 1) { /* the game's way: a pool of threads as the coupling's task system */
        char why[160];
        if (!(s->pool = cli_workers_start((int)o->workers, why, sizeof why)))
            return cli_fail(PROG, CLI_WORKERS_THREADS ? EX_OSERR : EX_USAGE, "--workers: %s", why);
        if ((res = cli_workers_attach(s->pool, s->coupling, &err)) != EDDY_OK)
            return cli_fail(PROG, res == EDDY_ERR_MEMORY ? EX_OSERR : EX_SOFTWARE, "--workers: %s",
                            err.message);
    }

    /* Everything the loop needs, before the loop. */
    size_t n = o->steps > 0 ? (size_t)o->steps : 1;
    for (int i = 0; i < PHASES; i++)
        if (!(s->phase[i] = malloc(n * sizeof(double))))
            return cli_fail(PROG, EX_OSERR, "out of memory for the timings of %ld steps", o->steps);
    if (!(s->terms = malloc(n * sizeof(double))) || !(s->sweeps = malloc(n * sizeof(double))))
        return cli_fail(PROG, EX_OSERR, "out of memory for the timings of %ld steps", o->steps);

    long every = o->every > 0 ? o->every : 1;
    double energy_first = eddy_fluid_kinetic_energy(s->fluid);
    cli_budget budget = cli_budget_start((double)o->steps * cost.total, o->max_seconds);
    print_record(s->fluid, s->coupling, s->bodies, s->body_count, 0, 0.0, o);
    for (long step = 1; step <= o->steps; step++) {
        res = eddy_scene_apply_forces(s->scene, s->fluid, (double)(step - 1) * dt, &err);
        if (res != EDDY_OK) /* the scene's stirs and excites: its values, so data */
            return cli_fail(PROG, res == EDDY_ERR_MEMORY ? EX_OSERR : EX_DATAERR, "%s: step %ld: %s",
                            o->scene_path, step, err.message);
        res = eddy_coupling_step(s->coupling, dt, &err);
        if (res != EDDY_OK)
            return cli_fail(PROG, res == EDDY_ERR_NUMERIC || res == EDDY_ERR_RANGE ? EX_DATAERR
                                                                                   : EX_SOFTWARE,
                            "step %ld: %s", step, err.message);
        record_timings(s, step - 1);
        /* the CPU clock every step when steps are dear, the rest now and then */
        bool dear = cost.total > CHECK_DEAR_STEP;
        if ((dear || step % CHECK_EVERY == 0) && step < o->steps) {
            int code = cli_budget_check(PROG, &budget, "step", step, o->steps,
                                        step % CHECK_EVERY == 0 ? s->coupling : NULL,
                                        CLI_RUN_MAX_SECONDS);
            if (code != EX_OK) return code;
        }
        if (step % every == 0) {
            print_record(s->fluid, s->coupling, s->bodies, s->body_count, step, (double)step * dt, o);
            if (ferror(stdout)) /* nobody reads the records: stop now, not after the run */
                return cli_finish_stdout(PROG);
        }
    }
    double energy_last = eddy_fluid_kinetic_energy(s->fluid);

    printf("{\"summary\":{\"steps\":%ld,\"every\":%ld,\"records\":%ld,\"modes\":%d,\"dt\":", o->steps,
           every, o->steps / every + 1, eddy_fluid_mode_count(s->fluid));
    cli_print_number(stdout, dt);
    printf(",\"energy_first\":");
    cli_print_number(stdout, energy_first);
    printf(",\"energy_last\":");
    cli_print_number(stdout, energy_last);
    printf(",\"timings_ms\":{");
    for (int i = 0; i < PHASES; i++) {
        if (i)
            putchar(',');
        print_stats(PHASE_NAMES[i], s->phase[i], o->steps);
    }
    printf("},");
    print_stats("taylor_terms", s->terms, o->steps);
    putchar(',');
    print_stats("schwarz_iterations", s->sweeps, o->steps);
    printf(",\"schwarz_capped_steps\":%ld", s->capped);
    printf(",\"bodies\":%d,\"feedback\":\"%s\"", s->body_count, eddy_feedback_name(view.feedback));
    printf("}}\n");
    return cli_finish_stdout(PROG);
}

int main(int argc, char **argv)
{
    options o = {.every = 1};
    int rc = parse_args(argc, argv, &o);
    if (rc == -1) {
        free(o.probes);
        return cli_finish_stdout(PROG);
    }
    if (rc == EX_OK) {
        run_state s = {0};
        rc = run(&o, &s);
        run_free(&s);
    }
    free(o.probes);
    return rc;
}
