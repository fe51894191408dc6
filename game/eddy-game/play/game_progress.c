// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_progress.c - a player's progress and the data directory
 * (game_progress.h).
 */
#include "game_progress.h"
#include "kit_platform.h"
#include <eddy/eddy_file.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define PROGRESS_MAX_BYTES (1 << 20)

/* mkdir -p */
static bool make_dirs(char *path)
{
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            bool ok = kit_make_dir(path) == 0 || errno == EEXIST;
            *p = '/';
            if (!ok) return false;
        }
    return kit_make_dir(path) == 0 || errno == EEXIST;
}

bool game_data_dir(const char *sub, bool make, char *out, size_t cap)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    int n;
    /* the XDG base directory rules: a relative XDG_DATA_HOME is ignored */
    if (xdg && xdg[0] == '/')
        n = snprintf(out, cap, "%s/eddy-game%s%s", xdg, sub && *sub ? "/" : "", sub ? sub : "");
    else if (home && *home)
        n = snprintf(out, cap, "%s/.local/share/eddy-game%s%s", home, sub && *sub ? "/" : "",
                     sub ? sub : "");
    else
        return false;
    if (n < 0 || (size_t)n >= cap) return false;
    return !make || make_dirs(out);
}

bool game_data_file(const char *sub, const char *prefix, const char *ext, char *out, size_t cap)
{
    char dir[900];
    if (!game_data_dir(sub, true, dir, sizeof dir)) return false;
    time_t now = time(NULL);
    struct tm tm;
    if (!kit_local_time(&now, &tm)) return false;
    char stamp[32];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    for (int k = 1; k < 100; k++) {
        char tail[16] = "";
        if (k > 1) snprintf(tail, sizeof tail, "-%d", k);
        int n = snprintf(out, cap, "%s/%s-%s%s.%s", dir, prefix, stamp, tail, ext);
        if (n < 0 || (size_t)n >= cap) return false;
        struct stat st;
        if (stat(out, &st) != 0) return true;
    }
    return false;
}

/* ------------------------------------------------------------ reading */

static int level_index(const game_progress *p, const char *id)
{
    for (int i = 0; i < p->count; i++)
        if (strcmp(p->ids[i], id) == 0) return i;
    return -1;
}

static void keep_extra(game_progress *p, const char *line, size_t len)
{
    size_t have = strlen(p->extra);
    if (have + len + 2 < sizeof p->extra) {
        memcpy(p->extra + have, line, len);
        p->extra[have + len] = '\n';
        p->extra[have + len + 1] = '\0';
    }
}

/* One line: "level ID STARS SECONDS", "unlock-all 0|1", "sound 0|1", or the
 * first version's "ID STARS SECONDS". Anything else is skipped. */
static void parse_line(game_progress *p, const char *line, size_t len)
{
    char buf[256], id[80];
    if (len == 0 || len >= sizeof buf || line[0] == '#') return;
    memcpy(buf, line, len);
    buf[len] = '\0';
    int stars, flag;
    double best;
    char tail;
    if (sscanf(buf, "unlock-all %d %c", &flag, &tail) == 1 && (flag == 0 || flag == 1)) {
        p->unlock_all = flag == 1;
        return;
    }
    if (sscanf(buf, "sound %d %c", &flag, &tail) == 1 && (flag == 0 || flag == 1)) {
        p->muted = flag == 0;
        return;
    }
    if (sscanf(buf, "level %79s %d %lf %c", id, &stars, &best, &tail) != 3 &&
        sscanf(buf, "%79s %d %lf %c", id, &stars, &best, &tail) != 3)
        return;
    if (stars < 1 || stars > 3 || !(best > 0) || !isfinite(best)) return;
    int i = level_index(p, id);
    if (i < 0) {
        char norm[160];
        int n = snprintf(norm, sizeof norm, "level %s %d %.3f", id, stars, best);
        if (n > 0 && (size_t)n < sizeof norm) keep_extra(p, norm, (size_t)n);
        return;
    }
    if (stars > p->stars[i]) p->stars[i] = stars;
    if (p->best[i] == 0 || best < p->best[i]) p->best[i] = best;
}

eddy_result game_progress_open(game_progress *p, const game_catalog *cat,
                               const char *path_override, eddy_error *err)
{
    memset(p, 0, sizeof *p);
    int n = cat->count;
    p->ids = calloc((size_t)n + 1, sizeof *p->ids);
    p->stars = calloc((size_t)n + 1, sizeof *p->stars);
    p->best = calloc((size_t)n + 1, sizeof *p->best);
    if (!p->ids || !p->stars || !p->best) {
        game_progress_close(p);
        return game_error(err, EDDY_ERR_MEMORY, "progress: out of memory");
    }
    p->count = n;
    for (int i = 0; i < n; i++) {
        const char *base = strrchr(cat->paths[i], '/');
        base = base ? base + 1 : cat->paths[i];
        size_t len = strlen(base);
        if (len > 5 && strcmp(base + len - 5, ".json") == 0) len -= 5;
        if (len >= sizeof p->ids[i]) len = sizeof p->ids[i] - 1;
        memcpy(p->ids[i], base, len);
        p->ids[i][len] = '\0';
    }
    if (path_override)
        snprintf(p->path, sizeof p->path, "%s", path_override);
    else if (game_data_dir(NULL, false, p->path, sizeof p->path - 10))
        strcat(p->path, "/progress");
    else
        p->path[0] = '\0';
    uint8_t *data = NULL;
    size_t size = 0;
    if (p->path[0] && eddy_read_file(p->path, PROGRESS_MAX_BYTES, &data, &size, NULL) == EDDY_OK) {
        const char *s = (const char *)data, *end = s + size;
        while (s < end) {
            const char *nl = memchr(s, '\n', (size_t)(end - s));
            size_t len = nl ? (size_t)(nl - s) : (size_t)(end - s);
            parse_line(p, s, len);
            s += len + 1;
        }
    }
    free(data);
    return EDDY_OK;
}

void game_progress_close(game_progress *p)
{
    free(p->ids);
    free(p->stars);
    free(p->best);
    memset(p, 0, sizeof *p);
}

/* ------------------------------------------------------------ rules */

bool game_progress_unlocked(const game_progress *p, int index)
{
    if (index < 0 || index >= p->count) return index < 0; /* outside the list: open */
    return index == 0 || p->unlock_all || p->stars[index] > 0 || p->stars[index - 1] > 0;
}

int game_progress_next(const game_progress *p)
{
    for (int i = 0; i < p->count; i++)
        if (p->stars[i] == 0 && game_progress_unlocked(p, i)) return i;
    return 0;
}

bool game_progress_record(game_progress *p, int index, int stars, double seconds)
{
    if (index < 0 || index >= p->count || stars < 1 || !(seconds > 0)) return false;
    bool best = p->stars[index] == 0 || seconds < p->best[index];
    if (best) p->best[index] = seconds;
    if (stars > p->stars[index]) p->stars[index] = stars;
    return best;
}

/* ------------------------------------------------------------ saving */

eddy_result game_progress_save(const game_progress *p, eddy_error *err)
{
    if (!p->path[0]) return EDDY_OK;
    /* the directory may not exist yet (first win) */
    char dir[sizeof p->path];
    snprintf(dir, sizeof dir, "%s", p->path);
    char *slash = strrchr(dir, '/');
    if (slash && slash != dir) {
        *slash = '\0';
        if (!make_dirs(dir))
            return game_error(err, EDDY_ERR_IO, "cannot make the directory %s", dir);
    }
    size_t cap = 128 + (size_t)p->count * 120 + sizeof p->extra, n = 0;
    char *text = malloc(cap);
    if (!text) return game_error(err, EDDY_ERR_MEMORY, "progress: out of memory");
    n += (size_t)snprintf(text + n, cap - n, "# eddy-game progress\n");
    for (int i = 0; i < p->count; i++)
        if (p->stars[i] > 0)
            n += (size_t)snprintf(text + n, cap - n, "level %s %d %.3f\n", p->ids[i], p->stars[i],
                                  p->best[i]);
    n += (size_t)snprintf(text + n, cap - n, "%s", p->extra);
    n += (size_t)snprintf(text + n, cap - n, "unlock-all %d\nsound %d\n", p->unlock_all ? 1 : 0,
                          p->muted ? 0 : 1);
    eddy_result rc = eddy_write_file_atomic(p->path, text, n, err);
    free(text);
    return rc;
}
