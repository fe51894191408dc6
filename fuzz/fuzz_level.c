// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fuzz_level.c - libFuzzer target for the game's level parser
 * (game_level_load_memory, game/eddy-game/level/game_level.c: the game keys, then
 * the scene keys through eddy_scene_load_memory). Seeds: assets/levels, with
 * the scene dictionary (fuzz/scene.dict) plus fuzz/level.dict.
 *
 * A level that loads must be one the game can start from: a title, an asset
 * recipe with a positive domain, a grid and modes, counts within the
 * game's limits, the scene's bodies (and the paddle as its last one), goals
 * with ordered rectangles naming existing bodies, jets with keys '1'..'9' and
 * finite numbers, and the hash of exactly the bytes given; its text is
 * UTF-8 (so its title is) and one JSON value with nothing after it (issue
 * 22: the game's JSON line repeats the title); eddy-level's build check
 * (level_build.h) then accepts it or refuses it with EDDY_ERR_RANGE naming
 * the asset. A level that does * not load fails with EDDY_ERR_FORMAT (malformed), EDDY_ERR_RANGE (a jet,
 * goal, paddle track or body outside the tank) or MEMORY, a message naming
 * the level, and no level. */
#include "fuzz_util.h"
#include "game_level.h"
#include "level_build.h"

#include <cJSON.h>
#include <math.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* True when text is one JSON value followed by white space only, by cJSON's
 * own end pointer (a check apart from the loader's). */
static bool level_json_ends_at_its_value(const char *text, size_t size)
{
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, size, &end, 0);
    if (!root) return false;
    cJSON_Delete(root);
    for (const char *p = end; p && p < text + size; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') return false;
    return true;
}

static void level_check_recipe(const game_asset_recipe *a)
{
    fuzz_require(isfinite(a->width) && a->width > 0 && isfinite(a->height) && a->height > 0);
    fuzz_require(a->nx >= 2 && a->ny >= 2 && a->modes >= 1);
    fuzz_require(a->paint_count >= 0 && a->paint_count <= GAME_MAX_PAINT);
    for (int p = 0; p < a->paint_count; ++p)
        fuzz_require(strlen(a->paint[p]) >= 1 && strlen(a->paint[p]) < sizeof a->paint[p]);
}

static void level_check_game_keys(const game_level *L, int scene_bodies)
{
    fuzz_require(strlen(L->title) >= 1 && strlen(L->title) < sizeof L->title);
    fuzz_require(isfinite(L->par) && L->par > 0);
    fuzz_require(isfinite(L->time_limit) && L->time_limit >= 0);
    fuzz_require(isfinite(L->hold) && L->hold >= 0 && isfinite(L->damping) && L->damping >= 0);
    fuzz_require(L->body_count >= 0 && L->body_count <= GAME_MAX_BODIES);
    fuzz_require(scene_bodies == L->body_count + (L->paddle.present ? 1 : 0));
    for (int b = 0; b < L->body_count; ++b)
        fuzz_require(isfinite(L->bodies[b].friction) && L->bodies[b].friction >= 0);
    fuzz_require(L->jet_count >= 0 && L->jet_count <= GAME_MAX_JETS);
    for (int j = 0; j < L->jet_count; ++j) {
        const game_jet *jet = &L->jets[j];
        fuzz_require(jet->key >= '1' && jet->key <= '9' && strlen(jet->mode) >= 1);
        fuzz_require(isfinite(jet->strength) && isfinite(jet->hold));
        fuzz_require(isfinite(jet->at[0]) && isfinite(jet->at[1]));
    }
    fuzz_require(L->goal_count >= 0 && L->goal_count <= GAME_MAX_GOALS);
    for (int g = 0; g < L->goal_count; ++g) {
        const game_goal *goal = &L->goals[g];
        fuzz_require(goal->rect[0] < goal->rect[2] && goal->rect[1] < goal->rect[3]);
        fuzz_require(goal->body_count >= 0 && goal->body_count <= GAME_MAX_BODIES);
        for (int b = 0; b < goal->body_count; ++b)
            fuzz_require(goal->bodies[b] >= 0 && goal->bodies[b] < scene_bodies);
    }
    if (L->paddle.present) {
        fuzz_require(isfinite(L->paddle.speed) && L->paddle.speed > 0);
        fuzz_require(L->paddle.start >= 0 && L->paddle.start <= 1);
        for (int k = 0; k < 4; ++k) fuzz_require(isfinite(L->paddle.track[k / 2][k % 2]));
    }
    fuzz_require(isfinite(L->stir.capacity) && isfinite(L->stir.recharge) &&
                 isfinite(L->stir.gain) && isfinite(L->stir.radius));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* an exact-size copy: the parser must not read past size (no NUL) */
    char *text = (char *)fuzz_copy(data, size);
    game_level *L = NULL;
    eddy_error err = {0};
    eddy_result rc = game_level_load_memory(text, size, "fuzz", &L, &err);
    if (rc != EDDY_OK) {
        bool documented = rc == EDDY_ERR_FORMAT || rc == EDDY_ERR_RANGE || rc == EDDY_ERR_MEMORY;
        if (!documented) fprintf(stderr, "unexpected code %d: %s\n", (int)rc, err.message);
        fuzz_require(L == NULL && documented);
        fuzz_require(err.code == rc && strncmp(err.message, "level fuzz: ", 12) == 0);
    } else {
        fuzz_require(L != NULL && L->scene != NULL);
        fuzz_require(L->hash == game_hash_bytes(GAME_HASH_SEED, data, size));
        fuzz_require(eddy_utf8_invalid_at(text, size) < 0);
        fuzz_require(eddy_utf8_invalid_at(L->title, strlen(L->title)) < 0);
        for (int h = 0; h < L->hint_count; h++)
            fuzz_require(eddy_utf8_invalid_at(L->hints[h], strlen(L->hints[h])) < 0);
        fuzz_require(level_json_ends_at_its_value(text, size));
        eddy_scene_view v;
        eddy_scene_get(L->scene, &v);
        level_check_recipe(&L->asset);
        level_check_game_keys(L, v.body_count);
        /* what eddy-level check adds: the asset must be buildable */
        eddy_result built = game_level_check_build(L, &err);
        fuzz_require(built == EDDY_OK ||
                     (built == EDDY_ERR_RANGE && strncmp(err.message, "level fuzz: asset: ", 19) == 0));
        game_level_destroy(L);
    }
    free(text);
    return 0;
}
