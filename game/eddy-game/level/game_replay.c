// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_replay.c - reading, writing and feeding replays (game_replay.h).
 */
#include "game_replay.h"
#include <eddy/eddy_file.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REPLAY_MAX_BYTES (64u << 20)
#define REPLAY_MAX_FRAMES GAME_MAX_FRAMES

static const char *const FEEDBACK_NAMES[] = {"", "exact", "quadtree", "naive", "off"};

#if defined(__GNUC__)
EDDY_PRINTF(4, 5)
#endif
static eddy_result rfail(eddy_error *err, const char *name, int line, const char *fmt, ...)
{
    if (!err) return EDDY_ERR_FORMAT;
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return game_error(err, EDDY_ERR_FORMAT, "replay %.80s:%d: %s", name, line, msg);
}

void game_replay_free(game_replay *r)
{
    if (!r) return;
    free(r->events);
    free(r->lines);
    memset(r, 0, sizeof *r);
}

/* Splits a line into at most max words (in place). */
static int split(char *line, char **words, int max)
{
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(line, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
        if (n == max) return max + 1;
        words[n++] = w;
    }
    return n;
}

static bool parse_double(const char *s, double *out)
{
    if (!s || !*s) return false;
    for (const char *p = s; *p; p++)
        if (!strchr("0123456789+-.eE", *p)) return false;
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (*end || errno == ERANGE || !isfinite(v)) return false;
    *out = v;
    return true;
}

static bool parse_long(const char *s, long lo, long hi, long *out)
{
    if (!s || !*s) return false;
    for (const char *p = s; *p; p++)
        if (*p < '0' || *p > '9') return false;
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (*end || errno == ERANGE || v < lo || v > hi) return false;
    *out = v;
    return true;
}

static eddy_result parse_event(char **w, int n, const char *name, int line, game_event *ev,
                               long last_frame, eddy_error *err)
{
    memset(ev, 0, sizeof *ev);
    if (!parse_long(w[0], last_frame, REPLAY_MAX_FRAMES, &ev->frame))
        return rfail(err, name, line, "expected a frame number >= %ld, not '%.20s'", last_frame,
                     w[0]);
    const char *cmd = n > 1 ? w[1] : "";
    int want = -1;
    if (strcmp(cmd, "paddle") == 0) ev->cmd.type = GAME_CMD_PADDLE, want = 2;
    else if (strcmp(cmd, "stir") == 0) ev->cmd.type = GAME_CMD_STIR, want = 4;
    else if (strcmp(cmd, "jet") == 0) ev->cmd.type = GAME_CMD_JET, want = 2;
    else if (strcmp(cmd, "feedback") == 0) ev->cmd.type = GAME_CMD_FEEDBACK, want = 1;
    else
        return rfail(err, name, line, "unknown command '%.20s' (paddle, stir, jet, feedback)",
                     cmd);
    if (n - 2 != want)
        return rfail(err, name, line, "'%s' takes %d values, not %d", cmd, want, n - 2);
    if (ev->cmd.type == GAME_CMD_JET) {
        long k, on;
        if (!parse_long(w[2], 0, GAME_MAX_JETS - 1, &k) || !parse_long(w[3], 0, 1, &on))
            return rfail(err, name, line, "expected 'jet K 0|1' with K in 0..%d",
                         GAME_MAX_JETS - 1);
        ev->cmd.arg = (int)k;
        ev->cmd.v[0] = (double)on;
    } else if (ev->cmd.type == GAME_CMD_FEEDBACK) {
        int m = 0;
        for (int k = 1; k <= 4; k++)
            if (strcmp(w[2], FEEDBACK_NAMES[k]) == 0) m = k;
        if (!m) return rfail(err, name, line, "feedback: expected exact, quadtree, naive or off");
        ev->cmd.arg = m;
    } else {
        for (int k = 0; k < want; k++)
            if (!parse_double(w[2 + k], &ev->cmd.v[k]))
                return rfail(err, name, line, "'%.30s' is not a finite number", w[2 + k]);
    }
    return EDDY_OK;
}

eddy_result game_replay_parse(const char *text, size_t size, const char *name, game_replay *out,
                              eddy_error *err)
{
    memset(out, 0, sizeof *out);
    if (size > REPLAY_MAX_BYTES) return rfail(err, name, 0, "larger than 64 MiB");
    if (memchr(text, 0, size)) return rfail(err, name, 0, "a zero byte in the text");
    long bad = eddy_utf8_invalid_at(text, size); /* its words are echoed in messages */
    if (bad >= 0) {
        int at = 1;
        for (long i = 0; i < bad; i++) at += text[i] == '\n';
        return rfail(err, name, at, "the text is not UTF-8 (byte %ld)", bad);
    }
    char *copy = malloc(size + 1);
    if (!copy) {
        return game_error(err, EDDY_ERR_MEMORY, "replay: out of memory");
    }
    memcpy(copy, text, size);
    copy[size] = '\0';
    eddy_result rc = EDDY_OK;
    int line = 0, cap = 0, stage = 0; /* 0 magic, 1 level, 2 frames, 3 events, 4 after end */
    for (char *l = copy, *nl; l && rc == EDDY_OK; l = nl) {
        nl = strchr(l, '\n');
        if (nl) *nl++ = '\0';
        line++;
        char *hash = strchr(l, '#');
        if (hash) *hash = '\0';
        char *w[8];
        int n = split(l, w, 7);
        if (n == 0) continue;
        if (stage == 0) {
            if (n != 3 || strcmp(w[0], "eddy-game") || strcmp(w[1], "replay") || strcmp(w[2], "1"))
                rc = rfail(err, name, line, "not an eddy-game replay (expected 'eddy-game replay 1')");
            stage = 1;
        } else if (stage == 1) {
            if (n != 3 || strcmp(w[0], "level") || strlen(w[1]) >= sizeof out->level_id ||
                strlen(w[2]) != 16 || strspn(w[2], "0123456789abcdef") != 16)
                rc = rfail(err, name, line, "expected 'level ID HASH' (16 hex digits)");
            else {
                snprintf(out->level_id, sizeof out->level_id, "%s", w[1]);
                out->level_hash = strtoull(w[2], NULL, 16);
            }
            stage = 2;
        } else if (stage == 2) {
            if (n != 2 || strcmp(w[0], "frames") ||
                !parse_long(w[1], 0, REPLAY_MAX_FRAMES, &out->frames))
                rc = rfail(err, name, line, "expected 'frames N' with N in 0..%ld (an hour at "
                           "60 Hz)", REPLAY_MAX_FRAMES);
            stage = 3;
        } else if (stage == 3) {
            if (n == 1 && strcmp(w[0], "end") == 0) {
                stage = 4;
                continue;
            }
            if (out->count == cap) {
                cap = cap ? 2 * cap : 256;
                game_event *grown = realloc(out->events, (size_t)cap * sizeof *grown);
                if (grown) out->events = grown;
                int *lines = grown ? realloc(out->lines, (size_t)cap * sizeof *lines) : NULL;
                if (!lines) {
                    rc = rfail(err, name, line, "out of memory");
                    break;
                }
                out->lines = lines;
            }
            long last = out->count ? out->events[out->count - 1].frame : 0;
            rc = parse_event(w, n, name, line, &out->events[out->count], last, err);
            if (rc == EDDY_OK) {
                if (out->events[out->count].frame >= out->frames)
                    rc = rfail(err, name, line, "frame %ld is not before the end (frames %ld)",
                               out->events[out->count].frame, out->frames);
                out->lines[out->count] = line;
                out->count++;
            }
        } else {
            rc = rfail(err, name, line, "text after 'end'");
        }
    }
    free(copy);
    snprintf(out->source, sizeof out->source, "%s", name ? name : "replay");
    if (rc == EDDY_OK && stage != 4)
        rc = rfail(err, name, line, "truncated: no 'end' line");
    if (rc != EDDY_OK) game_replay_free(out);
    return rc;
}

eddy_result game_replay_load_file(const char *path, game_replay *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    uint8_t *data = NULL;
    size_t size = 0;
    eddy_error inner = {0};
    if (eddy_read_file(path, REPLAY_MAX_BYTES, &data, &size, &inner) != EDDY_OK) {
        return game_error(err, inner.code, "replay: %s", inner.message);
    }
    eddy_result rc = game_replay_parse((const char *)data, size, path, out, err);
    free(data);
    return rc;
}

char *game_replay_format(const game_replay *r)
{
    size_t cap = 256 + (size_t)r->count * 120, len = 0;
    char *s = malloc(cap);
    if (!s) return NULL;
    len += (size_t)snprintf(s + len, cap - len, "eddy-game replay 1\nlevel %s %016" PRIx64
                            "\nframes %ld\n", r->level_id, r->level_hash, r->frames);
    for (int i = 0; i < r->count; i++) {
        const game_event *e = &r->events[i];
        const game_cmd *c = &e->cmd;
        int n = 0;
        switch (c->type) {
        case GAME_CMD_PADDLE:
            n = snprintf(s + len, cap - len, "%ld paddle %.17g %.17g\n", e->frame, c->v[0], c->v[1]);
            break;
        case GAME_CMD_STIR:
            n = snprintf(s + len, cap - len, "%ld stir %.17g %.17g %.17g %.17g\n", e->frame,
                         c->v[0], c->v[1], c->v[2], c->v[3]);
            break;
        case GAME_CMD_JET:
            n = snprintf(s + len, cap - len, "%ld jet %d %d\n", e->frame, c->arg, c->v[0] != 0);
            break;
        case GAME_CMD_FEEDBACK:
            n = snprintf(s + len, cap - len, "%ld feedback %s\n", e->frame,
                         c->arg >= 1 && c->arg <= 4 ? FEEDBACK_NAMES[c->arg] : "exact");
            break;
        }
        len += (size_t)n;
    }
    snprintf(s + len, cap - len, "end\n");
    return s;
}

eddy_result game_replay_save_file(const game_replay *r, const char *path, eddy_error *err)
{
    char *text = game_replay_format(r);
    if (!text) {
        return game_error(err, EDDY_ERR_MEMORY, "replay: out of memory");
    }
    eddy_result rc = eddy_write_file_atomic(path, text, strlen(text), err);
    free(text);
    return rc;
}

eddy_result game_replay_from_sim(const game_sim *sim, game_replay *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    const game_level *L = game_sim_level(sim);
    snprintf(out->level_id, sizeof out->level_id, "%s", L->id);
    out->level_hash = L->hash;
    out->frames = game_sim_frame(sim);
    out->count = game_sim_log_count(sim);
    if (out->count > 0) {
        out->events = malloc((size_t)out->count * sizeof *out->events);
        if (!out->events) {
            out->count = 0;
            return game_error(err, EDDY_ERR_MEMORY, "replay: out of memory");
        }
        memcpy(out->events, game_sim_log(sim), (size_t)out->count * sizeof *out->events);
    }
    return EDDY_OK;
}

eddy_result game_replay_feed(const game_replay *r, game_sim *sim, int *next, eddy_error *err)
{
    long f = game_sim_frame(sim);
    while (*next < r->count && r->events[*next].frame <= f) {
        const game_event *e = &r->events[(*next)++];
        if (e->frame < f) continue; /* a frame already stepped past */
        eddy_result rc = game_sim_command(sim, &e->cmd, err);
        if (rc == EDDY_ERR_ARGUMENT && r->lines) /* the file asks what the level lacks */
            return rfail(err, r->source, r->lines[*next - 1], "frame %ld: %s", e->frame,
                         err ? err->message : "command refused");
        if (rc != EDDY_OK) return rc;
    }
    return EDDY_OK;
}
