// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_level.c - reading a level (game_level.h).
 *
 * The document is split in two: the scene keys go, as JSON, to the engine's
 * scene parser (so bodies, stirs, excite ... are checked by the same code as
 * every other scene, with the same messages); the game keys are read here by
 * small helpers that name the field on every error.
 */
#include "game_level.h"
#include "level_place.h"
#include <eddy/eddy_file.h>

#include <cJSON.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEVEL_MAX_BYTES (1u << 20)

static const char *const SCENE_KEYS[] = {"comment", "fluid", "gravity", "init_modes", "stirs",
                                         "excite", "feedback", "buoyancy", "bodies", "walls",
                                         "wave_viscosity"};
static const char *const GAME_KEYS[] = {"title", "hint",  "asset",  "par",   "time_limit", "hold",
                                        "damping", "paddle", "jets", "goals", "stir", "coupling", "stars"};
/* Keys of a paddle that describe its outline and start: they go to the scene. */
static const char *const PADDLE_SHAPE_KEYS[] = {"shape", "hw", "hh", "radius", "points",
                                                "x", "y", "angle"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

uint64_t game_hash_bytes(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* ------------------------------------------------------------ errors */

eddy_result game_error(eddy_error *err, eddy_result code, const char *fmt, ...)
{
    if (!err) return code;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t n = strlen(msg), cap = sizeof err->message;
    if (n >= cap) {
        n = cap - 1;
        memcpy(msg + n - 3, "...", 3);
    }
    memcpy(err->message, msg, n);
    err->message[n] = '\0';
    err->code = code;
    return code;
}

typedef struct parse_ctx {
    const char *id;
    eddy_error *err;
} parse_ctx;

#if defined(__GNUC__)
EDDY_PRINTF(3, 4)
#endif
static eddy_result fail(const parse_ctx *c, eddy_result code, const char *fmt, ...)
{
    if (!c->err) return code;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return game_error(c->err, code, "level %.60s: %s", c->id, msg);
}

static bool in_list(const char *key, const char *const *list, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(key, list[i]) == 0) return true;
    return false;
}

/* Unknown and duplicate keys of an object, against a list of allowed ones. */
static eddy_result check_keys(const parse_ctx *c, const cJSON *obj, const char *path,
                              const char *const *allowed, int n)
{
    for (const cJSON *k = obj->child; k; k = k->next) {
        const char *key = k->string ? k->string : "";
        if (!in_list(key, allowed, n))
            return fail(c, EDDY_ERR_FORMAT, "unknown field '%s%s%.40s'", path, path[0] ? "." : "",
                        key);
        for (const cJSON *o = obj->child; o != k; o = o->next)
            if (o->string && strcmp(o->string, key) == 0)
                return fail(c, EDDY_ERR_FORMAT, "duplicate field '%s%s%.40s'", path,
                            path[0] ? "." : "", key);
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ values */

enum { ANY, GE0, GT0 };

static eddy_result get_number(const parse_ctx *c, const cJSON *obj, const char *path,
                              const char *key, int rule, double def, double *out)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) {
        *out = def;
        return EDDY_OK;
    }
    double x = cJSON_IsNumber(v) ? v->valuedouble : NAN;
    bool ok = isfinite(x) && (rule == ANY || (rule == GE0 && x >= 0) || (rule == GT0 && x > 0));
    if (!ok)
        return fail(c, EDDY_ERR_FORMAT, "%s%s%s: expected %s", path, path[0] ? "." : "", key,
                    rule == ANY ? "a finite number" : rule == GE0 ? "a number >= 0"
                                                                  : "a number > 0");
    *out = x + 0.0;
    return EDDY_OK;
}

/* A string of at most cap - 1 bytes (at least one when required) without
 * control characters; name is the field's full name for the message. */
static eddy_result text_value(const parse_ctx *c, const cJSON *v, const char *name,
                              bool required, char *out, size_t cap)
{
    size_t len = cJSON_IsString(v) ? strlen(v->valuestring) : 0;
    bool ok = cJSON_IsString(v) && len < cap && (len > 0 || !required);
    for (size_t i = 0; ok && i < len; i++)
        if ((unsigned char)v->valuestring[i] < 0x20) ok = false;
    if (!ok)
        return fail(c, EDDY_ERR_FORMAT, "%s: expected a string of %d..%d bytes without "
                    "control characters", name, required ? 1 : 0, (int)cap - 1);
    memcpy(out, v->valuestring, len + 1);
    return EDDY_OK;
}

static eddy_result get_text(const parse_ctx *c, const cJSON *obj, const char *path,
                            const char *key, bool required, char *out, size_t cap)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) {
        if (required)
            return fail(c, EDDY_ERR_FORMAT, "%s%smissing field '%s'", path, path[0] ? ": " : "",
                        key);
        return EDDY_OK;
    }
    char name[160];
    snprintf(name, sizeof name, "%s%s%s", path, path[0] ? "." : "", key);
    return text_value(c, v, name, required, out, cap);
}

static bool valid_name(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n > GAME_NAME_MAX) return false;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
              ch == '-' || ch == '_' || ch == '.'))
            return false;
    }
    return true;
}

static int hex_digit(char ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* "#rrggbb" */
static eddy_result get_color(const parse_ctx *c, const cJSON *obj, const char *path,
                             game_color *out, bool *has)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, "color");
    if (!v) return EDDY_OK;
    const char *s = cJSON_IsString(v) ? v->valuestring : "";
    bool ok = strlen(s) == 7 && s[0] == '#';
    int d[6] = {0};
    for (int i = 0; ok && i < 6; i++) ok = (d[i] = hex_digit(s[i + 1])) >= 0;
    if (!ok) return fail(c, EDDY_ERR_FORMAT, "%s.color: expected \"#rrggbb\"", path);
    out->r = (uint8_t)(d[0] * 16 + d[1]);
    out->g = (uint8_t)(d[2] * 16 + d[3]);
    out->b = (uint8_t)(d[4] * 16 + d[5]);
    if (has) *has = true;
    return EDDY_OK;
}

/* An array of n finite numbers. */
static eddy_result get_numbers(const parse_ctx *c, const cJSON *v, const char *path, int n,
                               double *out)
{
    bool ok = cJSON_IsArray(v) && cJSON_GetArraySize(v) == n;
    int i = 0;
    for (const cJSON *e = ok ? v->child : NULL; e; e = e->next, i++)
        if (!cJSON_IsNumber(e) || !isfinite(e->valuedouble))
            ok = false;
        else
            out[i] = e->valuedouble + 0.0;
    if (!ok) return fail(c, EDDY_ERR_FORMAT, "%s: expected an array of %d finite numbers", path, n);
    return EDDY_OK;
}

static eddy_result get_int(const parse_ctx *c, const cJSON *v, const char *path, int lo, int hi,
                           int *out)
{
    double x = cJSON_IsNumber(v) ? v->valuedouble : NAN;
    if (!(x >= lo && x <= hi && x == floor(x)))
        return fail(c, EDDY_ERR_FORMAT, "%s: expected an integer in %d..%d", path, lo, hi);
    *out = (int)x;
    return EDDY_OK;
}

/* The level's step as the run cost model sees it, from the recipe alone
 * (the asset is not built yet): its modes (the box eigenmodes, one grid mode
 * per painted mode file, one island mode per wall at most), the most tensor
 * entries those can have (a box keeps about 2.5 e^2 of its own, grid modes
 * fill 3 r^2 each, walls all r^3) or the grid path where the build may take
 * it, the grid, the level's feedback (as if it always ran), its sweeps and
 * its bodies where they start. */
eddy_result game_level_step_cost(const game_level *L, const eddy_asset *asset,
                                 eddy_feedback_mode feedback, eddy_step_cost *out,
                                 eddy_error *err)
{
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    eddy_step_cost_desc d = {.width = L->asset.width, .height = L->asset.height,
                             .nx = L->asset.nx, .ny = L->asset.ny, .feedback = feedback,
                             .schwarz_max_iterations = L->coupling.schwarz_iterations};
    if (asset) {
        eddy_asset_info info;
        eddy_asset_get_info(asset, &info);
        d.mode_count = info.mode_count;
        d.tensor_nonzeros = info.tensor_nonzeros;
        d.walls = info.wall_count > 0;
        d.advection = info.advection;
    } else {
        double e = L->asset.modes, g = L->asset.paint_count + v.wall_count, r = e + g;
        d.mode_count = (int)r;
        d.walls = v.wall_count > 0;
        d.tensor_nonzeros = (int64_t)(d.walls ? r * r * r : fmin(r * r * r, 2.5 * e * e + 3.0 * g * r * r));
        /* the build takes the cheaper path where it has two: walls, or box
           eigenmodes alone (eddy.h, eddy_advection) */
        d.advection = d.walls || L->asset.paint_count == 0 ? EDDY_ADVECTION_AUTO
                                                           : EDDY_ADVECTION_TENSOR;
    }
    return eddy_scene_step_cost(L->scene, &d, out, err);
}

/* An hour of the level (GAME_HOUR_OF_FRAMES frames) must be estimated at
 * no more than GAME_MAX_RUN_SECONDS of work: what would take hours to play
 * out headless or in a replay is refused now, by eddy-level check too. */
static eddy_result check_run_cost(const parse_ctx *c, const game_level *L)
{
    eddy_step_cost cost;
    eddy_error inner = {0};
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    if (game_level_step_cost(L, NULL, v.feedback, &cost, &inner) != EDDY_OK)
        return fail(c, EDDY_ERR_RANGE, "%s", inner.message);
    double hour = GAME_HOUR_OF_FRAMES * cost.total;
    /* the water as fast as the fastest body drives it (issue 30): name it */
    double fastest = 0.0;
    for (int b = 0; b < v.body_count; ++b)
        fastest = fmax(fastest, hypot(v.bodies[b].vx, v.bodies[b].vy));
    if (hour > GAME_MAX_RUN_SECONDS)
        return fail(c, EDDY_ERR_RANGE, "a frame would cost about %.3g ms (fluid %.3g ms, %.0f "
                    "Taylor terms, bodies starting at a velocity of up to %.3g m/s; feedback %s "
                    "%.3g ms, %.0f panels, %.0f pairs of bodies near each other): an hour of play "
                    "would be %.3g s of work, over the %g s a run may take", 1e3 * cost.total,
                    1e3 * cost.fluid, cost.taylor_terms, fastest, eddy_feedback_name(v.feedback),
                    1e3 * cost.feedback, cost.panel_count, cost.near_pairs, hour,
                    GAME_MAX_RUN_SECONDS);
    return EDDY_OK;
}

/* ------------------------------------------------------------ game keys */

static eddy_result parse_asset(const parse_ctx *c, const cJSON *a, game_asset_recipe *r)
{
    static const char *const keys[] = {"domain", "grid", "modes", "paint", "depth", "surface_modes"};
    if (!cJSON_IsObject(a)) return fail(c, EDDY_ERR_FORMAT, "asset: expected an object");
    eddy_result rc = check_keys(c, a, "asset", keys, COUNT(keys));
    if (rc != EDDY_OK) return rc;
    const cJSON *dom = cJSON_GetObjectItemCaseSensitive(a, "domain");
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(a, "grid");
    const cJSON *modes = cJSON_GetObjectItemCaseSensitive(a, "modes");
    if (!dom || !grid) return fail(c, EDDY_ERR_FORMAT, "asset: needs 'domain' and 'grid'");
    double wh[2];
    if ((rc = get_numbers(c, dom, "asset.domain", 2, wh)) != EDDY_OK) return rc;
    if (!(wh[0] >= 1 && wh[0] <= 1000 && wh[1] >= 1 && wh[1] <= 1000))
        return fail(c, EDDY_ERR_FORMAT, "asset.domain: each side must be in 1..1000 m");
    r->width = wh[0], r->height = wh[1];
    if (!cJSON_IsArray(grid) || cJSON_GetArraySize(grid) != 2)
        return fail(c, EDDY_ERR_FORMAT, "asset.grid: expected [nx, ny]");
    if ((rc = get_int(c, cJSON_GetArrayItem(grid, 0), "asset.grid[0]", 8, 512, &r->nx)) ||
        (rc = get_int(c, cJSON_GetArrayItem(grid, 1), "asset.grid[1]", 8, 512, &r->ny)))
        return rc;
    r->modes = 73;
    if (modes && (rc = get_int(c, modes, "asset.modes", 1, 1024, &r->modes))) return rc;
    /* a tank filled to a depth (eddy_surface.h): the grid covers the water */
    const cJSON *depth = cJSON_GetObjectItemCaseSensitive(a, "depth");
    const cJSON *smodes = cJSON_GetObjectItemCaseSensitive(a, "surface_modes");
    if (depth && (!cJSON_IsNumber(depth) || !(depth->valuedouble > 0) ||
                  !(depth->valuedouble < r->height)))
        return fail(c, EDDY_ERR_FORMAT, "asset.depth: expected metres in (0, %g), below the "
                    "tank's top", r->height);
    r->depth = depth ? depth->valuedouble : 0;
    if (smodes && !depth)
        return fail(c, EDDY_ERR_FORMAT, "asset.surface_modes: only for a tank with a 'depth'");
    if (smodes && (rc = get_int(c, smodes, "asset.surface_modes", 1, 512, &r->surface_modes)))
        return rc;
    const cJSON *paint = cJSON_GetObjectItemCaseSensitive(a, "paint");
    if (paint) {
        if (!cJSON_IsArray(paint) || cJSON_GetArraySize(paint) > GAME_MAX_PAINT)
            return fail(c, EDDY_ERR_FORMAT, "asset.paint: expected an array of at most %d names",
                        GAME_MAX_PAINT);
        for (const cJSON *e = paint->child; e; e = e->next) {
            int i = r->paint_count;
            if (!cJSON_IsString(e) || !valid_name(e->valuestring))
                return fail(c, EDDY_ERR_FORMAT, "asset.paint[%d]: expected the name of a file "
                            "assets/modes/NAME.paint (letters, digits, '-', '_', '.')", i);
            for (int k = 0; k < i; k++)
                if (strcmp(r->paint[k], e->valuestring) == 0)
                    return fail(c, EDDY_ERR_FORMAT, "asset.paint[%d]: '%s' is listed twice", i,
                                e->valuestring);
            snprintf(r->paint[i], sizeof r->paint[i], "%s", e->valuestring);
            r->paint_count++;
        }
    }
    return EDDY_OK;
}

static eddy_result parse_paddle(const parse_ctx *c, const cJSON *p, game_level *L,
                                cJSON *scene_body)
{
    static const char *const keys[] = {"shape", "hw",    "hh",    "radius", "points", "x",
                                       "y",     "angle", "track", "speed",  "color"};
    if (!cJSON_IsObject(p)) return fail(c, EDDY_ERR_FORMAT, "paddle: expected an object");
    eddy_result rc = check_keys(c, p, "paddle", keys, COUNT(keys));
    if (rc != EDDY_OK) return rc;
    const cJSON *track = cJSON_GetObjectItemCaseSensitive(p, "track");
    if (!track) return fail(c, EDDY_ERR_FORMAT, "paddle: missing field 'track'");
    bool ok = cJSON_IsArray(track) && cJSON_GetArraySize(track) == 2;
    for (int i = 0; ok && i < 2; i++)
        if (get_numbers(c, cJSON_GetArrayItem(track, i), "paddle.track[i]", 2, L->paddle.track[i]))
            ok = false;
    if (!ok)
        return fail(c, EDDY_ERR_FORMAT, "paddle.track: expected [[x0, y0], [x1, y1]]");
    if ((rc = get_number(c, p, "paddle", "speed", GT0, 4.0, &L->paddle.speed))) return rc;
    L->paddle.color = (game_color){224, 232, 242};
    if ((rc = get_color(c, p, "paddle", &L->paddle.color, NULL))) return rc;
    double x = 0, y = 0;
    if ((rc = get_number(c, p, "paddle", "x", ANY, L->paddle.track[0][0], &x)) ||
        (rc = get_number(c, p, "paddle", "y", ANY, L->paddle.track[0][1], &y)))
        return rc;
    /* the start is the point of the track nearest to (x, y) */
    double ex = L->paddle.track[1][0] - L->paddle.track[0][0];
    double ey = L->paddle.track[1][1] - L->paddle.track[0][1];
    double ee = ex * ex + ey * ey, s = 0;
    if (ee > 0) s = ((x - L->paddle.track[0][0]) * ex + (y - L->paddle.track[0][1]) * ey) / ee;
    L->paddle.start = s < 0 ? 0 : s > 1 ? 1 : s;
    for (const cJSON *k = p->child; k; k = k->next)
        if (in_list(k->string, PADDLE_SHAPE_KEYS, COUNT(PADDLE_SHAPE_KEYS)) &&
            strcmp(k->string, "x") != 0 && strcmp(k->string, "y") != 0)
            cJSON_AddItemToObject(scene_body, k->string, cJSON_Duplicate(k, true));
    cJSON_AddItemToObject(scene_body, "x",
                          cJSON_CreateNumber(L->paddle.track[0][0] + L->paddle.start * ex));
    cJSON_AddItemToObject(scene_body, "y",
                          cJSON_CreateNumber(L->paddle.track[0][1] + L->paddle.start * ey));
    cJSON_AddStringToObject(scene_body, "type", "kinematic");
    L->paddle.present = true;
    return EDDY_OK;
}

static eddy_result parse_jets(const parse_ctx *c, const cJSON *a, game_level *L)
{
    static const char *const keys[] = {"mode", "key", "strength", "hold", "label", "at", "on",
                                       "color"};
    static const game_color palette[] = {{255, 107, 154}, {80, 230, 200}, {255, 196, 70},
                                         {150, 130, 255}, {120, 220, 90}};
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > GAME_MAX_JETS)
        return fail(c, EDDY_ERR_FORMAT, "jets: expected an array of at most %d objects",
                    GAME_MAX_JETS);
    for (const cJSON *j = a->child; j; j = j->next) {
        int i = L->jet_count;
        game_jet *jet = &L->jets[i];
        char path[32];
        snprintf(path, sizeof path, "jets[%d]", i);
        if (!cJSON_IsObject(j)) return fail(c, EDDY_ERR_FORMAT, "%s: expected an object", path);
        eddy_result rc = check_keys(c, j, path, keys, COUNT(keys));
        if (rc || (rc = get_text(c, j, path, "mode", true, jet->mode, sizeof jet->mode)) ||
            (rc = get_number(c, j, path, "strength", GT0, 1.0, &jet->strength)) ||
            (rc = get_number(c, j, path, "hold", GT0, 1.0, &jet->hold)))
            return rc;
        size_t mlen = strlen(jet->mode) < sizeof jet->label - 1 ? strlen(jet->mode)
                                                                : sizeof jet->label - 1;
        memcpy(jet->label, jet->mode, mlen);
        jet->label[mlen] = '\0';
        if ((rc = get_text(c, j, path, "label", false, jet->label, sizeof jet->label))) return rc;
        const cJSON *key = cJSON_GetObjectItemCaseSensitive(j, "key");
        jet->key = '1' + i;
        if (key) {
            const char *s = cJSON_IsString(key) ? key->valuestring : "";
            if (strlen(s) != 1 || s[0] < '1' || s[0] > '9')
                return fail(c, EDDY_ERR_FORMAT, "%s.key: expected one of \"1\" .. \"9\"", path);
            jet->key = s[0];
        }
        for (int k = 0; k < i; k++)
            if (L->jets[k].key == jet->key)
                return fail(c, EDDY_ERR_FORMAT, "%s.key: '%c' is already the key of jets[%d]",
                            path, jet->key, k);
        const cJSON *at = cJSON_GetObjectItemCaseSensitive(j, "at");
        if (!at) return fail(c, EDDY_ERR_FORMAT, "%s: missing field 'at'", path);
        char sub[48];
        snprintf(sub, sizeof sub, "%s.at", path);
        if ((rc = get_numbers(c, at, sub, 2, jet->at))) return rc;
        const cJSON *on = cJSON_GetObjectItemCaseSensitive(j, "on");
        if (on && !cJSON_IsBool(on))
            return fail(c, EDDY_ERR_FORMAT, "%s.on: expected true or false", path);
        jet->on = on && cJSON_IsTrue(on);
        jet->color = palette[i % COUNT(palette)];
        if ((rc = get_color(c, j, path, &jet->color, NULL))) return rc;
        L->jet_count++;
    }
    return EDDY_OK;
}

static int body_by_name(const game_level *L, const char *name)
{
    for (int b = 0; b < L->body_count; b++)
        if (strcmp(L->bodies[b].name, name) == 0) return b;
    return -1;
}

static eddy_result parse_goals(const parse_ctx *c, const cJSON *a, game_level *L)
{
    static const char *const keys[] = {"rect", "bodies", "label"};
    if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) > GAME_MAX_GOALS)
        return fail(c, EDDY_ERR_FORMAT, "goals: expected an array of at most %d objects",
                    GAME_MAX_GOALS);
    for (const cJSON *g = a->child; g; g = g->next) {
        int i = L->goal_count;
        game_goal *goal = &L->goals[i];
        char path[32], sub[48];
        snprintf(path, sizeof path, "goals[%d]", i);
        if (!cJSON_IsObject(g)) return fail(c, EDDY_ERR_FORMAT, "%s: expected an object", path);
        eddy_result rc = check_keys(c, g, path, keys, COUNT(keys));
        if (rc || (rc = get_text(c, g, path, "label", false, goal->label, sizeof goal->label)))
            return rc;
        const cJSON *rect = cJSON_GetObjectItemCaseSensitive(g, "rect");
        if (!rect) return fail(c, EDDY_ERR_FORMAT, "%s: missing field 'rect'", path);
        snprintf(sub, sizeof sub, "%s.rect", path);
        if ((rc = get_numbers(c, rect, sub, 4, goal->rect))) return rc;
        if (!(goal->rect[0] < goal->rect[2] && goal->rect[1] < goal->rect[3]))
            return fail(c, EDDY_ERR_FORMAT, "%s: expected x0 < x1 and y0 < y1", sub);
        const cJSON *bodies = cJSON_GetObjectItemCaseSensitive(g, "bodies");
        if (!cJSON_IsArray(bodies) || cJSON_GetArraySize(bodies) < 1)
            return fail(c, EDDY_ERR_FORMAT, "%s.bodies: expected an array of body names", path);
        int k = 0;
        for (const cJSON *e = bodies->child; e; e = e->next, k++) {
            int b = cJSON_IsString(e) ? body_by_name(L, e->valuestring) : -1;
            if (b < 0)
                return fail(c, EDDY_ERR_FORMAT, "%s.bodies[%d]: no body is named '%.40s'", path,
                            k, cJSON_IsString(e) ? e->valuestring : "?");
            for (int q = 0; q < goal->body_count; q++)
                if (goal->bodies[q] == b)
                    return fail(c, EDDY_ERR_FORMAT, "%s.bodies[%d]: '%s' is listed twice", path,
                                k, e->valuestring);
            goal->bodies[goal->body_count++] = b;
        }
        L->goal_count++;
    }
    return EDDY_OK;
}

static eddy_result parse_stir(const parse_ctx *c, const cJSON *s, game_stir_rule *r)
{
    static const char *const keys[] = {"enabled", "capacity", "recharge", "gain", "radius"};
    r->enabled = true;
    r->capacity = 4, r->recharge = 0.5, r->gain = 3, r->radius = 0.7;
    if (!s) return EDDY_OK;
    if (cJSON_IsBool(s)) {
        r->enabled = cJSON_IsTrue(s);
        return EDDY_OK;
    }
    if (!cJSON_IsObject(s))
        return fail(c, EDDY_ERR_FORMAT, "stir: expected true, false or an object");
    eddy_result rc = check_keys(c, s, "stir", keys, COUNT(keys));
    const cJSON *en = cJSON_GetObjectItemCaseSensitive(s, "enabled");
    if (!rc && en && !cJSON_IsBool(en))
        return fail(c, EDDY_ERR_FORMAT, "stir.enabled: expected true or false");
    if (en) r->enabled = cJSON_IsTrue(en);
    if (rc || (rc = get_number(c, s, "stir", "capacity", GT0, r->capacity, &r->capacity)) ||
        (rc = get_number(c, s, "stir", "recharge", GE0, r->recharge, &r->recharge)) ||
        (rc = get_number(c, s, "stir", "gain", GT0, r->gain, &r->gain)) ||
        (rc = get_number(c, s, "stir", "radius", GT0, r->radius, &r->radius)))
        return rc;
    return EDDY_OK;
}

/* "hint": one string, or an array of 1..GAME_MAX_HINTS of them, each more
 * telling than the one before (the player asks for them one by one). */
static eddy_result parse_hints(const parse_ctx *c, const cJSON *root, game_level *L)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "hint");
    L->hint_count = 0;
    if (!v) return EDDY_OK;
    if (!cJSON_IsArray(v)) {
        eddy_result rc = text_value(c, v, "hint", false, L->hints[0], sizeof L->hints[0]);
        if (rc == EDDY_OK) L->hint_count = L->hints[0][0] ? 1 : 0;
        return rc;
    }
    int n = cJSON_GetArraySize(v);
    if (n < 1 || n > GAME_MAX_HINTS)
        return fail(c, EDDY_ERR_FORMAT, "hint: expected a string or an array of 1..%d strings",
                    GAME_MAX_HINTS);
    for (int i = 0; i < n; i++) {
        char name[24]; /* "hint[" + any int + "]" */
        snprintf(name, sizeof name, "hint[%d]", i);
        eddy_result rc = text_value(c, cJSON_GetArrayItem(v, i), name, true, L->hints[i],
                                    sizeof L->hints[i]);
        if (rc) return rc;
    }
    L->hint_count = n;
    return EDDY_OK;
}

/* "stars": what the third star asks besides the par time. */
static eddy_result parse_stars(const parse_ctx *c, const cJSON *o, game_star_rule *r)
{
    static const char *const keys[] = {"stirring", "currents_off", "switches"};
    r->max_stirring = -1;
    r->max_switches = -1;
    r->currents_off = false;
    if (!o) return EDDY_OK;
    if (!cJSON_IsObject(o)) return fail(c, EDDY_ERR_FORMAT, "stars: expected an object");
    eddy_result rc = check_keys(c, o, "stars", keys, COUNT(keys));
    if (rc) return rc;
    const cJSON *off = cJSON_GetObjectItemCaseSensitive(o, "currents_off");
    if (off && !cJSON_IsBool(off))
        return fail(c, EDDY_ERR_FORMAT, "stars.currents_off: expected true or false");
    r->currents_off = off && cJSON_IsTrue(off);
    if (cJSON_GetObjectItemCaseSensitive(o, "stirring") &&
        (rc = get_number(c, o, "stars", "stirring", GE0, 0, &r->max_stirring)))
        return rc;
    const cJSON *sw = cJSON_GetObjectItemCaseSensitive(o, "switches");
    if (sw && (rc = get_int(c, sw, "stars.switches", 0, 1000, &r->max_switches))) return rc;
    return EDDY_OK;
}

static eddy_result parse_coupling(const parse_ctx *c, const cJSON *o, game_coupling_rule *r)
{
    static const char *const keys[] = {"wall_images", "schwarz_iterations", "feedback_when"};
    r->wall_images = true;
    r->schwarz_iterations = 6;
    r->feedback_always = false;
    if (!o) return EDDY_OK;
    if (!cJSON_IsObject(o)) return fail(c, EDDY_ERR_FORMAT, "coupling: expected an object");
    eddy_result rc = check_keys(c, o, "coupling", keys, COUNT(keys));
    if (rc) return rc;
    const cJSON *im = cJSON_GetObjectItemCaseSensitive(o, "wall_images");
    if (im && !cJSON_IsBool(im))
        return fail(c, EDDY_ERR_FORMAT, "coupling.wall_images: expected true or false");
    if (im) r->wall_images = cJSON_IsTrue(im);
    const cJSON *when = cJSON_GetObjectItemCaseSensitive(o, "feedback_when");
    if (when) {
        const char *w = cJSON_IsString(when) ? when->valuestring : "";
        if (strcmp(w, "always") != 0 && strcmp(w, "paddle") != 0)
            return fail(c, EDDY_ERR_FORMAT, "coupling.feedback_when: expected \"paddle\" or "
                        "\"always\"");
        r->feedback_always = strcmp(w, "always") == 0;
    }
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, "schwarz_iterations");
    if (it) return get_int(c, it, "coupling.schwarz_iterations", 1, 100, &r->schwarz_iterations);
    return EDDY_OK;
}

/* ------------------------------------------------------------ the scene half */

/* The level's bodies without their game keys, into scene_bodies. */
static eddy_result split_bodies(const parse_ctx *c, const cJSON *bodies, game_level *L,
                                cJSON *scene_bodies)
{
    if (!cJSON_IsArray(bodies)) return EDDY_OK; /* the scene parser says what is wrong */
    if (cJSON_GetArraySize(bodies) > GAME_MAX_BODIES)
        return fail(c, EDDY_ERR_FORMAT, "bodies: at most %d bodies", GAME_MAX_BODIES);
    int i = 0;
    for (const cJSON *b = bodies->child; b; b = b->next, i++) {
        cJSON *copy = cJSON_Duplicate(b, true);
        if (!copy) return fail(c, EDDY_ERR_MEMORY, "out of memory");
        cJSON_AddItemToArray(scene_bodies, copy);
        if (!cJSON_IsObject(b)) continue;
        char path[32];
        snprintf(path, sizeof path, "bodies[%d]", i);
        game_body_info *info = &L->bodies[i];
        eddy_result rc = get_text(c, b, path, "name", false, info->name, sizeof info->name);
        if (rc) return rc;
        if (cJSON_GetObjectItemCaseSensitive(b, "name") && !valid_name(info->name))
            return fail(c, EDDY_ERR_FORMAT, "%s.name: expected 1..%d letters, digits, '-', '_' "
                        "or '.'", path, GAME_NAME_MAX);
        for (int k = 0; k < i && info->name[0]; k++)
            if (strcmp(L->bodies[k].name, info->name) == 0)
                return fail(c, EDDY_ERR_FORMAT, "%s.name: '%s' is already bodies[%d]", path,
                            info->name, k);
        if ((rc = get_color(c, b, path, &info->color, &info->has_color)) ||
            (rc = get_number(c, b, path, "friction", GE0, 0.4, &info->friction)))
            return rc;
        cJSON_DeleteItemFromObjectCaseSensitive(copy, "name");
        cJSON_DeleteItemFromObjectCaseSensitive(copy, "color");
        cJSON_DeleteItemFromObjectCaseSensitive(copy, "friction");
    }
    L->body_count = i;
    return EDDY_OK;
}

static eddy_result load_scene(const parse_ctx *c, cJSON *scene, bool with_paddle,
                              eddy_scene **out)
{
    char *text = cJSON_PrintUnformatted(scene);
    if (!text) return fail(c, EDDY_ERR_MEMORY, "out of memory");
    eddy_error inner = {0};
    eddy_result rc = eddy_scene_load_memory(text, strlen(text), out, &inner);
    free(text);
    if (rc == EDDY_OK) return rc;
    if (with_paddle) { /* the level's own bodies were fine: the paddle is at fault */
        const char *at = strstr(inner.message, "bodies[");
        const char *end = at ? strchr(at, ']') : NULL;
        if (at && end)
            return fail(c, rc, "%.*spaddle%s", (int)(at - inner.message), inner.message, end + 1);
        return fail(c, rc, "paddle: %s", inner.message);
    }
    return fail(c, rc, "%s", inner.message);
}

static eddy_result parse_root(const parse_ctx *c, const cJSON *root, game_level *L)
{
    if (!cJSON_IsObject(root)) return fail(c, EDDY_ERR_FORMAT, "expected a JSON object");
    const char *allowed[COUNT(SCENE_KEYS) + COUNT(GAME_KEYS)];
    int n = 0;
    for (int i = 0; i < COUNT(SCENE_KEYS); i++) allowed[n++] = SCENE_KEYS[i];
    for (int i = 0; i < COUNT(GAME_KEYS); i++) allowed[n++] = GAME_KEYS[i];
    eddy_result rc = check_keys(c, root, "", allowed, n);
    if (rc) return rc;

    if ((rc = get_text(c, root, "", "title", true, L->title, sizeof L->title)) ||
        (rc = parse_hints(c, root, L)) ||
        (rc = get_number(c, root, "", "par", GT0, 60, &L->par)) ||
        (rc = get_number(c, root, "", "time_limit", GE0, 0, &L->time_limit)) ||
        (rc = get_number(c, root, "", "hold", GE0, 1.0, &L->hold)) ||
        (rc = get_number(c, root, "", "damping", GE0, 0.1, &L->damping)))
        return rc;
    const cJSON *asset = cJSON_GetObjectItemCaseSensitive(root, "asset");
    if (!asset) return fail(c, EDDY_ERR_FORMAT, "missing field 'asset'");
    if ((rc = parse_asset(c, asset, &L->asset))) return rc;

    cJSON *scene = cJSON_CreateObject();
    cJSON *scene_bodies = cJSON_CreateArray();
    if (!scene || !scene_bodies) {
        cJSON_Delete(scene);
        cJSON_Delete(scene_bodies);
        return fail(c, EDDY_ERR_MEMORY, "out of memory");
    }
    for (const cJSON *k = root->child; k; k = k->next)
        if (in_list(k->string, SCENE_KEYS, COUNT(SCENE_KEYS)) && strcmp(k->string, "bodies") != 0)
            cJSON_AddItemToObject(scene, k->string, cJSON_Duplicate(k, true));
    const cJSON *bodies = cJSON_GetObjectItemCaseSensitive(root, "bodies");
    rc = split_bodies(c, bodies, L, scene_bodies);
    if (rc == EDDY_OK && bodies && !cJSON_IsArray(bodies)) /* let the scene parser name it */
        cJSON_AddItemToObject(scene, "bodies", cJSON_Duplicate(bodies, true));
    else
        cJSON_AddItemToObject(scene, "bodies", scene_bodies), scene_bodies = NULL;
    cJSON_Delete(scene_bodies);
    if (rc == EDDY_OK) rc = load_scene(c, scene, false, &L->scene);
    const cJSON *paddle = cJSON_GetObjectItemCaseSensitive(root, "paddle");
    if (rc == EDDY_OK && paddle) {
        cJSON *pb = cJSON_CreateObject();
        rc = pb ? parse_paddle(c, paddle, L, pb) : fail(c, EDDY_ERR_MEMORY, "out of memory");
        if (rc == EDDY_OK) {
            cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(scene, "bodies"), pb);
            eddy_scene_destroy(L->scene);
            L->scene = NULL;
            rc = load_scene(c, scene, true, &L->scene);
        } else {
            cJSON_Delete(pb);
        }
    }
    cJSON_Delete(scene);
    if (rc) return rc;

    const cJSON *jets = cJSON_GetObjectItemCaseSensitive(root, "jets");
    const cJSON *goals = cJSON_GetObjectItemCaseSensitive(root, "goals");
    if ((jets && (rc = parse_jets(c, jets, L))) || (goals && (rc = parse_goals(c, goals, L))) ||
        (rc = parse_stir(c, cJSON_GetObjectItemCaseSensitive(root, "stir"), &L->stir)) ||
        (rc = parse_coupling(c, cJSON_GetObjectItemCaseSensitive(root, "coupling"), &L->coupling)) ||
        (rc = parse_stars(c, cJSON_GetObjectItemCaseSensitive(root, "stars"), &L->stars)))
        return rc;
    if (L->stars.currents_off && L->jet_count == 0)
        return fail(c, EDDY_ERR_FORMAT, "stars.currents_off: the level has no currents");
    if (L->stars.max_switches >= 0 && L->jet_count == 0)
        return fail(c, EDDY_ERR_FORMAT, "stars.switches: the level has no currents to switch");
    if (L->stars.max_stirring >= 0 && !L->stir.enabled)
        return fail(c, EDDY_ERR_FORMAT, "stars.stirring: the level has no stirring");
    if (L->goal_count == 0) return fail(c, EDDY_ERR_FORMAT, "goals: a level needs at least one goal");

    /* everything the game places must be inside the tank */
    const double W = L->asset.width, H = L->asset.height;
    for (int i = 0; i < L->jet_count; i++)
        if (!(L->jets[i].at[0] >= 0 && L->jets[i].at[0] <= W && L->jets[i].at[1] >= 0 &&
              L->jets[i].at[1] <= H))
            return fail(c, EDDY_ERR_RANGE, "jets[%d].at: outside the %g x %g m tank", i, W, H);
    for (int i = 0; i < L->goal_count; i++) {
        const double *r = L->goals[i].rect;
        if (r[0] < 0 || r[1] < 0 || r[2] > W || r[3] > H)
            return fail(c, EDDY_ERR_RANGE, "goals[%d].rect: outside the %g x %g m tank", i, W, H);
    }
    for (int e = 0; L->paddle.present && e < 2; e++)
        if (!(L->paddle.track[e][0] > 0 && L->paddle.track[e][0] < W &&
              L->paddle.track[e][1] > 0 && L->paddle.track[e][1] < H))
            return fail(c, EDDY_ERR_RANGE, "paddle.track[%d]: outside the %g x %g m tank", e, W, H);
    eddy_scene_view v;
    eddy_scene_get(L->scene, &v);
    for (int b = 0; b < v.body_count; b++)
        if (!(v.bodies[b].x > 0 && v.bodies[b].x < W && v.bodies[b].y > 0 && v.bodies[b].y < H)) {
            if (b == L->body_count) return fail(c, EDDY_ERR_RANGE, "paddle: outside the tank");
            return fail(c, EDDY_ERR_RANGE, "bodies[%d]: (%g, %g) is outside the %g x %g m tank",
                        b, v.bodies[b].x, v.bodies[b].y, W, H);
        }
    char why[256];
    if (!level_place_check(L, why, sizeof why)) return fail(c, EDDY_ERR_RANGE, "%s", why);
    return check_run_cost(c, L);
}

void game_level_destroy(game_level *level)
{
    if (!level) return;
    eddy_scene_destroy(level->scene);
    free(level);
}

eddy_result game_level_load_memory(const char *text, size_t size, const char *id,
                                   game_level **out, eddy_error *err)
{
    parse_ctx c = {id ? id : "?", err};
    if (!text || !out) return fail(&c, EDDY_ERR_ARGUMENT, "NULL argument");
    *out = NULL;
    if (eddy_utf8_invalid_at(c.id, strlen(c.id)) >= 0) { /* the id is echoed, as JSON too */
        c.id = "?";
        return fail(&c, EDDY_ERR_FORMAT, "the level's file name is not UTF-8");
    }
    if (size > LEVEL_MAX_BYTES)
        return fail(&c, EDDY_ERR_FORMAT, "larger than %u bytes", LEVEL_MAX_BYTES);
    game_level *L = calloc(1, sizeof *L);
    if (!L) return fail(&c, EDDY_ERR_MEMORY, "out of memory");
    snprintf(L->id, sizeof L->id, "%s", c.id);
    L->hash = game_hash_bytes(GAME_HASH_SEED, text, size);
    /* UTF-8, one JSON object and nothing after it, no \u0000: as scenes */
    char what[80];
    snprintf(what, sizeof what, "level %.60s", c.id);
    cJSON *root = NULL;
    eddy_error inner = {0};
    eddy_result rc = eddy_json_check_text(text, size, what, &inner);
    if (rc != EDDY_OK) {
        if (err) game_error(err, rc, "%s", inner.message);
    } else if (!(root = cJSON_ParseWithLength(text, size))) {
        rc = fail(&c, EDDY_ERR_MEMORY, "out of memory"); /* the text parsed once already */
    } else {
        rc = parse_root(&c, root, L);
    }
    cJSON_Delete(root);
    if (rc != EDDY_OK) {
        game_level_destroy(L);
        return rc;
    }
    *out = L;
    return EDDY_OK;
}

eddy_result game_level_load_file(const char *path, game_level **out, eddy_error *err)
{
    /* the id: the file name without its directory and ".json" */
    const char *base = strrchr(path ? path : "", '/');
    base = base ? base + 1 : (path ? path : "");
    char id[64];
    snprintf(id, sizeof id, "%s", base);
    size_t n = strlen(id);
    if (n > 5 && strcmp(id + n - 5, ".json") == 0) id[n - 5] = '\0';
    FILE *f = NULL;
    eddy_error open_err = {0};
    if (eddy_open_input(path, &f, &open_err) != EDDY_OK) {
        parse_ctx c = {id, err};
        return fail(&c, EDDY_ERR_IO, "%s", open_err.message);
    }
    char *buf = malloc(LEVEL_MAX_BYTES + 1);
    size_t got = buf ? fread(buf, 1, LEVEL_MAX_BYTES + 1, f) : 0;
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        free(buf);
        parse_ctx c = {id, err};
        return fail(&c, buf ? EDDY_ERR_IO : EDDY_ERR_MEMORY, "cannot read '%s'", path);
    }
    eddy_result rc = game_level_load_memory(buf, got, id, out, err);
    free(buf);
    return rc;
}

eddy_result game_level_check_asset(const game_level *L, const eddy_asset *asset, eddy_error *err)
{
    parse_ctx c = {L->id, err};
    eddy_asset_info info;
    eddy_asset_get_info(asset, &info);
    double water = L->asset.depth > 0 ? L->asset.depth : L->asset.height;
    if (fabs(info.width - L->asset.width) > 1e-9 || fabs(info.tank_height - L->asset.height) > 1e-9 ||
        fabs(info.height - water) > 1e-9 || info.nx != L->asset.nx || info.ny != L->asset.ny ||
        (L->asset.surface_modes > 0 && info.surface_mode_count != L->asset.surface_modes))
        return fail(&c, EDDY_ERR_RANGE, "asset: the asset is %g x %g m filled %g m deep on %d x %d "
                    "cells, the level wants %g x %g m filled %g m on %d x %d (rebuild it: make "
                    "assets)", info.width, info.tank_height, info.height, info.nx, info.ny,
                    L->asset.width, L->asset.height, water, L->asset.nx, L->asset.ny);
    eddy_error inner = {0};
    if (eddy_scene_check_asset_walls(L->scene, asset, &inner) != EDDY_OK)
        return fail(&c, EDDY_ERR_RANGE, "walls: %s (rebuild it: make assets)", inner.message);
    for (int j = 0; j < L->jet_count; j++)
        if (eddy_asset_find_artist(asset, L->jets[j].mode) < 0)
            return fail(&c, EDDY_ERR_RANGE, "jets[%d].mode: the asset has no artist mode '%s' "
                        "(paint it in assets/modes/ and list it in asset.paint)", j,
                        L->jets[j].mode);
    return EDDY_OK;
}
