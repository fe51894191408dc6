// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* paint_preview.c - the reduced-simulation preview of a painted mode (see
 * paint_preview.h). No SDL. */
#include "paint_preview.h"

#include <eddy/eddy_build.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct paint_preview {
    eddy_asset *asset[2];   /* [PAINT_PREVIEW_EIGEN], [PAINT_PREVIEW_ENRICHED] */
    eddy_fluid *fluid[2];
    int eigen_modes, grid_modes;
    double *kick_eigen;     /* the eigen part of the mode's projection (eigen_modes) */
    double *scratch;        /* eigen_modes */
    double *saved;          /* eigen_modes: the eigen side's state before a kick */
    double capture[2];
    double build_ms, time;
    unsigned long version, source_version;
    int source_page;
};

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

void paint_preview_destroy(paint_preview *p)
{
    if (!p)
        return;
    for (int s = 0; s < 2; ++s) {
        eddy_fluid_destroy(p->fluid[s]);
        eddy_asset_destroy(p->asset[s]);
    }
    free(p->kick_eigen);
    free(p->scratch);
    free(p->saved);
    free(p);
}

static eddy_result build(const paint_doc *doc, int eigen_modes, paint_preview *p,
                         eddy_error *err)
{
    const eddy_mac *g = paint_doc_mac(doc);
    eddy_mode_set *set = NULL;
    eddy_result rc = eddy_mode_set_create(paint_doc_name(doc), g->width, g->height, g->nx, g->ny,
                                          1, &set, err);
    if (rc != EDDY_OK)
        return rc;
    memcpy(eddy_mode_set_field(set, 0), paint_doc_field(doc),
           sizeof(double) * (size_t)paint_doc_field_size(doc));

    const eddy_mode_set *artists[1] = {set};
    eddy_build_report report = {0};
    eddy_build_desc d = {0};
    d.width = g->width;
    d.height = g->height;
    d.nx = g->nx;
    d.ny = g->ny;
    d.modes = eigen_modes;
    d.walls = paint_doc_walls(doc); /* the same rock as the document */
    d.wall_count = paint_doc_wall_count(doc);
    if (paint_doc_tank_height(doc) > g->height) { /* the water of a tank filled to a depth */
        d.height = paint_doc_tank_height(doc);
        d.depth = g->height;
        d.surface_modes = 1; /* the preview steps the fluid alone: no waves */
    }
    rc = eddy_build_asset(&d, &p->asset[PAINT_PREVIEW_EIGEN], err);
    if (rc == EDDY_OK) {
        d.artists = artists;
        d.artist_count = 1;
        d.report = &report;
        rc = eddy_build_asset(&d, &p->asset[PAINT_PREVIEW_ENRICHED], err);
    }
    eddy_mode_set_destroy(set);
    if (rc != EDDY_OK)
        return rc;
    p->grid_modes = report.grid_modes;
    /* The eigen side's basis E is the fluid region's eigenmodes plus, with
     * rock standing free of the tank walls, one circulation mode per island
     * (eddy_asset_info): more than the eigen_modes asked for. The enriched
     * basis is [E | R] with the same E first. */
    eddy_asset_info eigen, enriched;
    eddy_asset_get_info(p->asset[PAINT_PREVIEW_EIGEN], &eigen);
    eddy_asset_get_info(p->asset[PAINT_PREVIEW_ENRICHED], &enriched);
    if (eigen.mode_count > enriched.mode_count)
        return eddy_fail(err, EDDY_ERR_NUMERIC,
                         "the enriched basis has %d modes, fewer than the %d of the eigen basis",
                         enriched.mode_count, eigen.mode_count);
    p->eigen_modes = eigen.mode_count;
    rc = eddy_asset_artist_capture(p->asset[PAINT_PREVIEW_ENRICHED], 0, &p->capture[0],
                                   &p->capture[1]);
    if (rc != EDDY_OK)
        return eddy_fail(err, rc, "the enriched asset has no artist mode");
    return EDDY_OK;
}

eddy_result paint_preview_create(const paint_doc *doc, int eigen_modes, double viscosity,
                                 paint_preview **out, eddy_error *err)
{
    if (!doc || !out)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "NULL argument");
    *out = NULL;
    if (eigen_modes <= 0)
        eigen_modes = PAINT_PREVIEW_EIGEN_MODES;
    if (!(isfinite(viscosity) && viscosity >= 0))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "viscosity %g must be >= 0", viscosity);
    paint_preview *p = calloc(1, sizeof *p);
    if (!p)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory");
    p->source_version = paint_doc_version(doc);
    p->source_page = paint_doc_page(doc);
    double t0 = now_ms();
    eddy_result rc = build(doc, eigen_modes, p, err);
    p->build_ms = now_ms() - t0;

    eddy_fluid_desc fd = {0};
    fd.density = 1.0;
    fd.viscosity = viscosity;
    for (int s = 0; rc == EDDY_OK && s < 2; ++s)
        rc = eddy_fluid_create(p->asset[s], &fd, &p->fluid[s], err);
    if (rc == EDDY_OK) {
        p->kick_eigen = malloc(sizeof(double) * (size_t)p->eigen_modes);
        p->scratch = malloc(sizeof(double) * (size_t)p->eigen_modes);
        p->saved = malloc(sizeof(double) * (size_t)p->eigen_modes);
        if (!p->kick_eigen || !p->scratch || !p->saved)
            rc = eddy_fail(err, EDDY_ERR_MEMORY, "out of memory");
    }
    if (rc == EDDY_OK) {
        /* B = [E | R], so the first |E| coefficients of the mode's projection
         * B^T f are E^T f: what the eigen basis can take of it. */
        const double *proj = eddy_asset_artist_projection(p->asset[PAINT_PREVIEW_ENRICHED], 0);
        memcpy(p->kick_eigen, proj, sizeof(double) * (size_t)p->eigen_modes);
        rc = paint_preview_kick(p, 1.0, err);
    }
    if (rc != EDDY_OK) {
        paint_preview_destroy(p);
        return rc;
    }
    *out = p;
    return EDDY_OK;
}

/* The library's codes say no more than a word: name the cause. */
static eddy_result refused(eddy_error *err, eddy_result rc, const char *side, double amplitude)
{
    if (rc == EDDY_ERR_RANGE)
        return eddy_fail(err, rc, "the %s basis holds no painted mode to excite", side);
    return eddy_fail(err, rc,
                     "exciting the %s fluid by %g times the mode would make its state "
                     "non-finite (the mode or the flow is too strong)",
                     side, amplitude);
}

eddy_result paint_preview_kick(paint_preview *p, double amplitude, eddy_error *err)
{
    if (!isfinite(amplitude))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the amplitude %g is not finite", amplitude);
    for (int k = 0; k < p->eigen_modes; ++k)
        p->scratch[k] = amplitude * p->kick_eigen[k];
    /* both sides or neither: the eigen side is put back if the other refuses */
    memcpy(p->saved, eddy_fluid_coefficients(p->fluid[PAINT_PREVIEW_EIGEN]),
           sizeof(double) * (size_t)p->eigen_modes);
    eddy_result rc = eddy_fluid_add_reduced(p->fluid[PAINT_PREVIEW_EIGEN], p->scratch,
                                            p->eigen_modes);
    if (rc != EDDY_OK)
        return refused(err, rc, "eigenmodes'", amplitude);
    rc = eddy_fluid_excite(p->fluid[PAINT_PREVIEW_ENRICHED], 0, amplitude);
    if (rc != EDDY_OK) {
        eddy_fluid_set_coefficients(p->fluid[PAINT_PREVIEW_EIGEN], p->saved, p->eigen_modes);
        return refused(err, rc, "enriched", amplitude);
    }
    p->version++;
    return EDDY_OK;
}

void paint_preview_reset(paint_preview *p)
{
    for (int s = 0; s < 2; ++s) {
        int n = eddy_fluid_mode_count(p->fluid[s]);
        double *zero = calloc((size_t)n, sizeof *zero);
        if (zero) {
            eddy_fluid_set_coefficients(p->fluid[s], zero, n);
            free(zero);
        }
    }
    p->time = 0;
    p->version++;
}

eddy_result paint_preview_step(paint_preview *p, double dt, double rate, eddy_error *err)
{
    if (!(isfinite(dt) && dt > 0) || !isfinite(rate))
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "bad time step %g or rate %g", dt, rate);
    eddy_result rc = EDDY_OK;
    if (rate != 0) {
        rc = eddy_fluid_excite_rate(p->fluid[PAINT_PREVIEW_ENRICHED], 0, rate);
        for (int k = 0; rc == EDDY_OK && k < p->eigen_modes; ++k)
            p->scratch[k] = rate * dt * p->kick_eigen[k];
        if (rc == EDDY_OK)
            rc = eddy_fluid_add_reduced(p->fluid[PAINT_PREVIEW_EIGEN], p->scratch,
                                        p->eigen_modes);
    }
    for (int s = 0; rc == EDDY_OK && s < 2; ++s)
        rc = eddy_fluid_step(p->fluid[s], dt);
    if (rc == EDDY_ERR_NUMERIC)
        return eddy_fail(err, rc, "the reduced flow went non-finite (the mode is too strong "
                                  "for the step)");
    if (rc != EDDY_OK)
        return eddy_fail(err, rc, "the reduced step was refused (code %d)", (int)rc);
    p->time += dt;
    p->version++;
    return EDDY_OK;
}

void paint_preview_velocity(const paint_preview *p, paint_preview_side side, int n,
                            const double *xy, double *uv)
{
    eddy_fluid_velocity_many(p->fluid[side], n, xy, uv);
}

unsigned long paint_preview_version(const paint_preview *p) { return p->version; }
unsigned long paint_preview_source_version(const paint_preview *p) { return p->source_version; }
int paint_preview_source_page(const paint_preview *p) { return p->source_page; }

void paint_preview_get_info(const paint_preview *p, paint_preview_info *out)
{
    out->eigen_modes = p->eigen_modes;
    out->grid_modes = p->grid_modes;
    out->capture_eigen = p->capture[0];
    out->capture_enriched = p->capture[1];
    out->build_ms = p->build_ms;
    out->time = p->time;
    for (int s = 0; s < 2; ++s) {
        const double *r = eddy_fluid_coefficients(p->fluid[s]);
        int n = eddy_fluid_mode_count(p->fluid[s]);
        double e = 0;
        for (int k = 0; k < n; ++k)
            e += r[k] * r[k];
        out->energy[s] = 0.5 * e;
    }
}
