// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_session.c - one level in the window, all its parts made and freed
 * together (game_session.h).
 */
#include "game_session.h"
#include "game_pool.h"

#include <stdlib.h>
#include <string.h>

int game_catalog_find(const game_catalog *cat, const char *id)
{
    size_t n = strlen(id);
    for (int i = 0; i < cat->count; i++) {
        const char *base = strrchr(cat->paths[i], '/');
        base = base ? base + 1 : cat->paths[i];
        if (strncmp(base, id, n) == 0 && strcmp(base + n, ".json") == 0) return i;
    }
    return -1;
}

/* Frees the sim and everything drawn from it (not the level). */
static void drop_sim(game_session *s)
{
    game_looks_free(&s->looks);
    game_flow_destroy(s->flow);
    game_sim_destroy(s->sim);
    free(s->prev);
    free(s->cur);
    s->flow = NULL, s->sim = NULL, s->prev = s->cur = NULL;
}

static void read_poses(const game_session *s, eddy_pose *out)
{
    for (int i = 0; i < s->looks.body_count; i++)
        eddy_body_get_pose(game_sim_body(s->sim, i), &out[i]);
}

eddy_result game_session_restart(game_session *s, eddy_error *err)
{
    drop_sim(s);
    if (!s->loaded.level) return game_error(err, EDDY_ERR_ARGUMENT, "no level is open");
    eddy_result rc = game_sim_create(s->loaded.level, s->loaded.asset, &s->sim, err);
    if (rc == EDDY_OK && s->pool) rc = game_pool_attach(s->pool, game_sim_coupling(s->sim), err);
    if (rc == EDDY_OK) rc = game_flow_create(s->sim, &s->flow, err);
    if (rc == EDDY_OK) rc = game_looks_make(s->sim, &s->looks, err);
    if (rc == EDDY_OK) {
        size_t n = (size_t)s->looks.body_count + 1;
        s->prev = calloc(n, sizeof *s->prev);
        s->cur = calloc(n, sizeof *s->cur);
        if (!s->prev || !s->cur) rc = game_error(err, EDDY_ERR_MEMORY, "out of memory");
    }
    if (rc != EDDY_OK) {
        drop_sim(s);
        return rc;
    }
    read_poses(s, s->cur);
    memcpy(s->prev, s->cur, (size_t)s->looks.body_count * sizeof *s->cur);
    game_spray_reset(&s->spray);
    return EDDY_OK;
}

eddy_result game_session_open(game_session *s, const game_catalog *cat, int index,
                              const char *spec, eddy_error *err)
{
    game_loaded ld;
    eddy_result rc = spec ? game_load_level(cat, spec, &ld, err) : game_load_index(cat, index, &ld, err);
    if (rc != EDDY_OK) return rc;
    drop_sim(s);
    game_loaded_free(&s->loaded);
    s->loaded = ld;
    s->index = game_catalog_find(cat, ld.level->id);
    return game_session_restart(s, err);
}

eddy_result game_session_adopt(game_session *s, game_loaded *ld, eddy_error *err)
{
    drop_sim(s);
    game_loaded_free(&s->loaded);
    s->loaded = *ld;
    memset(ld, 0, sizeof *ld);
    return game_session_restart(s, err);
}

eddy_result game_session_step(game_session *s, eddy_error *err)
{
    if (!s->sim) return game_error(err, EDDY_ERR_ARGUMENT, "no level is open");
    memcpy(s->prev, s->cur, (size_t)s->looks.body_count * sizeof *s->cur);
    eddy_result rc = game_sim_step(s->sim, err);
    read_poses(s, s->cur);
    game_flow_step(s->flow, s->sim);
    game_spray_step(&s->spray, s->sim);
    return rc;
}

void game_session_close(game_session *s)
{
    drop_sim(s);
    game_loaded_free(&s->loaded);
    s->index = -1;
}
