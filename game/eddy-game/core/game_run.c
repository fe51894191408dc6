// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_run.c - the level catalog and loading a level with its asset.
 */
#include "game_run.h"
#include "game_embedded.h"

#include <stdlib.h>
#include <string.h>

void game_catalog_open(game_catalog *cat, const char *levels_override,
                       const char *assets_override, const char *argv0)
{
    memset(cat, 0, sizeof *cat);
    game_find_levels_dir(levels_override, argv0, cat->levels_dir, sizeof cat->levels_dir);
    game_find_assets_dir(assets_override, argv0, cat->assets_dir, sizeof cat->assets_dir);
    cat->count = game_list_levels(cat->levels_dir, &cat->paths);
}

void game_catalog_close(game_catalog *cat)
{
    game_free_list(cat->paths, cat->count);
    cat->paths = NULL;
    cat->count = 0;
}

void game_loaded_free(game_loaded *l)
{
    eddy_asset_destroy(l->asset);
    game_level_destroy(l->level);
    memset(l, 0, sizeof *l);
}

static eddy_result finish(const game_catalog *cat, game_loaded *out, eddy_error *err)
{
    eddy_result rc = game_asset_for_level(out->level, cat->assets_dir, &out->asset, err);
    if (rc != EDDY_OK) game_loaded_free(out);
    return rc;
}

/* The built-in level and its asset, both from the program's own bytes. */
static eddy_result load_embedded(game_loaded *out, eddy_error *err)
{
    eddy_result rc = game_level_load_memory((const char *)game_builtin_level,
                                            game_builtin_level_size, "builtin", &out->level, err);
    if (rc == EDDY_OK)
        rc = game_asset_from_memory(out->level, game_builtin_asset, game_builtin_asset_size,
                                    &out->asset, err);
    if (rc != EDDY_OK) game_loaded_free(out);
    return rc;
}

eddy_result game_load_index(const game_catalog *cat, int index, game_loaded *out, eddy_error *err)
{
    memset(out, 0, sizeof *out);
    if (index < 0) return load_embedded(out, err);
    if (index >= cat->count)
        return game_error(err, EDDY_ERR_RANGE, "level %d: there are %d levels in %s", index + 1,
                          cat->count, cat->levels_dir);
    eddy_result rc = game_level_load_file(cat->paths[index], &out->level, err);
    return rc == EDDY_OK ? finish(cat, out, err) : rc;
}

static bool all_digits(const char *s)
{
    if (!*s) return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return false;
    return true;
}

eddy_result game_load_level(const game_catalog *cat, const char *spec, game_loaded *out,
                            eddy_error *err)
{
    memset(out, 0, sizeof *out);
    if (!spec || strcmp(spec, "builtin") == 0) return game_load_index(cat, -1, out, err);
    size_t n = strlen(spec);
    if (strchr(spec, '/') || (n > 5 && strcmp(spec + n - 5, ".json") == 0)) {
        eddy_result rc = game_level_load_file(spec, &out->level, err);
        return rc == EDDY_OK ? finish(cat, out, err) : rc;
    }
    if (cat->count == 0)
        return game_error(err, EDDY_ERR_IO, "--level %s: no level files in %s (--levels DIR "
                          "says where they are; --level builtin needs none)", spec, cat->levels_dir);
    if (all_digits(spec) && n < 6) {
        int k = atoi(spec);
        if (k < 1 || k > cat->count)
            return game_error(err, EDDY_ERR_RANGE, "--level %s: there are levels 1..%d in %s",
                              spec, cat->count, cat->levels_dir);
        return game_load_index(cat, k - 1, out, err);
    }
    for (int i = 0; i < cat->count; i++) {
        const char *base = strrchr(cat->paths[i], '/');
        base = base ? base + 1 : cat->paths[i];
        if (strncmp(base, spec, n) == 0 && strcmp(base + n, ".json") == 0)
            return game_load_index(cat, i, out, err);
    }
    return game_error(err, EDDY_ERR_IO, "--level %s: no such level file, number or name in %s",
                      spec, cat->levels_dir);
}
