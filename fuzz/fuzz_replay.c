// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fuzz_replay.c - libFuzzer target for the game's replay parser
 * (game_replay_parse, game/eddy-game/level/game_replay.c). Seeds: assets/replays.
 *
 * A replay that parses must be one the game can feed: a level id that fits,
 * events in frame order, each before the recording's end, each command of a
 * known type with arguments in range and finite numbers. Writing it
 * (game_replay_format) and parsing the text again must give the same replay
 * bit for bit, as the file format promises. A replay that does not parse
 * fails with EDDY_ERR_FORMAT (or MEMORY), a message naming the replay, and
 * an empty result. */
#include "fuzz_util.h"
#include "game_replay.h"

#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void replay_check_events(const game_replay *r)
{
    fuzz_require(r->frames >= 0 && r->count >= 0);
    fuzz_require(strlen(r->level_id) >= 1 && strlen(r->level_id) < sizeof r->level_id);
    for (int i = 0; i < r->count; ++i) {
        const game_event *e = &r->events[i];
        fuzz_require(e->frame >= 0 && e->frame < r->frames);
        fuzz_require(i == 0 || r->events[i - 1].frame <= e->frame);
        const game_cmd *c = &e->cmd;
        switch (c->type) {
        case GAME_CMD_JET:
            fuzz_require(c->arg >= 0 && c->arg < GAME_MAX_JETS);
            fuzz_require(c->v[0] == 0.0 || c->v[0] == 1.0);
            break;
        case GAME_CMD_FEEDBACK: fuzz_require(c->arg >= 1 && c->arg <= 4); break;
        case GAME_CMD_PADDLE:
        case GAME_CMD_STIR:
            for (int k = 0; k < 4; ++k) fuzz_require(isfinite(c->v[k]));
            break;
        default: fuzz_require(!"a parsed event has an unknown command type");
        }
    }
}

static bool replay_events_equal(const game_event *a, const game_event *b)
{
    return a->frame == b->frame && a->cmd.type == b->cmd.type && a->cmd.arg == b->cmd.arg &&
           memcmp(a->cmd.v, b->cmd.v, sizeof a->cmd.v) == 0;
}

static void replay_check_round_trip(const game_replay *r)
{
    char *text = game_replay_format(r);
    fuzz_require(text != NULL);
    game_replay again;
    eddy_error err = {0};
    eddy_result rc = game_replay_parse(text, strlen(text), "formatted", &again, &err);
    if (rc != EDDY_OK) fprintf(stderr, "a formatted replay does not parse: %s\n%s", err.message, text);
    fuzz_require(rc == EDDY_OK);
    fuzz_require(strcmp(again.level_id, r->level_id) == 0 && again.level_hash == r->level_hash);
    fuzz_require(again.frames == r->frames && again.count == r->count);
    for (int i = 0; i < r->count; ++i)
        fuzz_require(replay_events_equal(&again.events[i], &r->events[i]));
    game_replay_free(&again);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* an exact-size copy: the parser must not read past size (no NUL) */
    char *text = (char *)fuzz_copy(data, size);
    game_replay r;
    eddy_error err = {0};
    eddy_result rc = game_replay_parse(text, size, "fuzz", &r, &err);
    if (rc != EDDY_OK) {
        fuzz_require(rc == EDDY_ERR_FORMAT || rc == EDDY_ERR_MEMORY);
        fuzz_require(err.code == rc && strncmp(err.message, "replay", 6) == 0);
        fuzz_require(r.events == NULL && r.count == 0);
    } else {
        fuzz_require(eddy_utf8_invalid_at(text, size) < 0); /* its words reach messages */
        replay_check_events(&r);
        replay_check_round_trip(&r);
        game_replay_free(&r);
    }
    free(text);
    return 0;
}
