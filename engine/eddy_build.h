/*
 * eddy_build.h - the offline half of eddy: building and saving assets.
 *
 * The `precompute` tool is a thin command line over this header; tests and
 * tools that need an asset in memory call it directly.
 *
 *   eddy_build_desc d = {0};            // zero fields take the defaults below
 *   d.width = 10; d.height = 10; d.nx = d.ny = 64; d.modes = 73;
 *   eddy_asset *a;
 *   eddy_error err;
 *   if (eddy_build_asset(&d, &a, &err) != EDDY_OK) { report(err.message); }
 *   eddy_asset_save_file(a, "level.eddy", &err);   // atomic: temp name + rename
 *   eddy_asset_destroy(a);
 *
 * Building is not real-time work: it allocates freely and may take seconds.
 */
#ifndef EDDY_BUILD_H
#define EDDY_BUILD_H

#include "eddy.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Progress of a long build: fraction in [0,1] of the named stage. */
typedef void (*eddy_progress_fn)(void *user, const char *stage, double fraction);

typedef struct eddy_build_desc {
    double width, height;     /* domain in metres. Default 10 x 10. */
    int nx, ny;               /* MAC grid cells. Default 64 x 64. */
    int modes;                /* box eigenmodes. Default 73 (the paper's game). */
    eddy_progress_fn progress; /* optional */
    void *progress_user;
} eddy_build_desc;

/* Builds a box-domain asset: eigenbasis, exact advection tensor, viscosity. */
eddy_result eddy_build_asset(const eddy_build_desc *desc, eddy_asset **out, eddy_error *err);

/* Serialises an asset into a new malloc'd buffer (free() it). */
eddy_result eddy_asset_encode(const eddy_asset *asset, unsigned char **out, size_t *out_size,
                              eddy_error *err);

/* Writes an asset to path atomically: a temporary name, then rename. On any
 * failure the file previously at path is left intact. */
eddy_result eddy_asset_save_file(const eddy_asset *asset, const char *path, eddy_error *err);

/* What an eddy file holds, section by section (for `precompute info`). */
typedef struct eddy_file_section {
    char tag[5];          /* four characters and a terminating zero */
    unsigned long long size; /* bytes */
} eddy_file_section;

/* Lists up to max sections of the file at path into out and sets *count; the
 * file is fully validated first (same checks as eddy_asset_load_file). */
eddy_result eddy_file_sections(const char *path, eddy_file_section *out, int max, int *count,
                               eddy_error *err);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BUILD_H */
