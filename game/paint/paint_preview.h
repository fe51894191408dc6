// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * paint_preview.h - eddy-paint's preview of a painted mode in the reduced
 * simulation (chapter 5.2 and the jet experiment of 5.4). No SDL.
 *
 * From the document's current mode it builds, in memory, the asset a game
 * would get: box eigenmodes enriched with the painted field (eddy_build_desc's
 * artists, eq. 5.10), and next to it the same eigenmodes alone. Both reduced
 * fluids are excited with the painted mode (eddy_fluid_excite on the enriched
 * one; the eigen part of the same projection on the other) and stepped, so
 * the designer sees what the game will do with the mode, and what the
 * eigenmodes alone would have made of it (figure 5.4).
 */
#ifndef PAINT_PREVIEW_H
#define PAINT_PREVIEW_H

#include "paint_doc.h"

#define PAINT_PREVIEW_EIGEN_MODES 63 /* the chapter's jet experiment */

typedef enum paint_preview_side {
    PAINT_PREVIEW_EIGEN = 0,   /* eigenmodes only */
    PAINT_PREVIEW_ENRICHED = 1 /* eigenmodes + the painted mode */
} paint_preview_side;

typedef struct paint_preview_info {
    int eigen_modes;         /* modes of the eigen basis E (eigenmodes and island modes) */
    int grid_modes;          /* modes the enrichment added (0 or 1 for one field) */
    double capture_eigen;    /* fraction of the mode's energy the eigenmodes hold */
    double capture_enriched; /* the same for the enriched basis (1 up to round-off) */
    double build_ms;         /* time to build both assets */
    double time;             /* seconds simulated since the build */
    double energy[2];        /* |r|^2 / 2 of each side (m^4/s^2, density 1) */
} paint_preview_info;

typedef struct paint_preview paint_preview;

/* Builds both assets from the current mode of doc (the mode must have a
 * divergence-free part) with eigen_modes eigenmodes of the domain (0: the
 * default above; rock standing free of the tank walls adds one circulation
 * mode per island to both bases, as in the game's assets) and the given
 * viscosity (m^2/s, >= 0), and excites both fluids once with amplitude 1.
 * Messages do not start with "preview:" (the caller says what failed). */
eddy_result paint_preview_create(const paint_doc *doc, int eigen_modes, double viscosity,
                                 paint_preview **out, eddy_error *err);
void paint_preview_destroy(paint_preview *p); /* accepts NULL */

/* Adds amplitude times the painted mode to both fluids at once. */
eddy_result paint_preview_kick(paint_preview *p, double amplitude, eddy_error *err);
/* Sets both fluids to rest. */
void paint_preview_reset(paint_preview *p);
/* One step of dt on both sides; with rate != 0 the mode is also excited
 * continuously at that rate (1/s) during the step. */
eddy_result paint_preview_step(paint_preview *p, double dt, double rate, eddy_error *err);

/* Velocity of one side at n points (xy, uv: 2n doubles). */
void paint_preview_velocity(const paint_preview *p, paint_preview_side side, int n,
                            const double *xy, double *uv);
/* Changes whenever a side's velocity changes. */
unsigned long paint_preview_version(const paint_preview *p);
void paint_preview_get_info(const paint_preview *p, paint_preview_info *out);
/* The document version and mode the preview was built from. */
unsigned long paint_preview_source_version(const paint_preview *p);
int paint_preview_source_page(const paint_preview *p);

#endif /* PAINT_PREVIEW_H */
