// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * panel_lid.h - a body that pierces a free surface's mean level, imaged in it
 * (issue 35, item 1). Internal to the engine.
 *
 * For the reduced flow and the panels the mean water level of a tank filled
 * to a depth is a rigid lid (the waves are solved apart, surface.h). Under a
 * rigid lid the flow round a body reaching through it is, by reflection, the
 * flow round the closed body made of its wet part and the wet part's mirror
 * image in the lid, in the mirrored stream: the lid is that flow's streamline
 * psi = 0 (chapter 5.3.3, wall images, applied to the lid). So a piercing
 * body gets one more image copy, across the lid (strength -gamma), and its
 * own solve is no longer its whole outline's pseudo-inverse (5.16) but the
 * wet part's with its image folded in:
 *
 *   the panels below the lid (midpoint under it) carry gamma, the ones above
 *   carry nothing (their image would lie inside the wet part), and the wet
 *   panels' stream function, real less imaged,
 *       sum_j [psi_j(m_i) - psi_j'(m_i)] gamma_j = -Phi_i,
 *   matches at every wet midpoint m_i the flux Phi_i of the relative flow
 *   through the wet outline from the lid up to m_i (the running sum of the
 *   one-point fluxes b of 5.14, half of panel i's own): the whole flow's
 *   stream function is then the lid's, 0, along the wet outline.
 *
 * The kernel psi - psi' is the half plane's Green's function, positive
 * definite: the square system is solved by LU once a step (its geometry is
 * fixed within one), and each Schwarz sweep (5.17) applies the factors to
 * the fluxes the other bodies, wall images and walls add. The body's own lid
 * image is in its system, so the sweeps leave it out of what the body sees;
 * every other body sees it as any image. Zero net circulation (5.15) holds
 * by symmetry. A body wholly under water or out of it is not touched.
 */
#ifndef EDDY_PANEL_LID_H
#define EDDY_PANEL_LID_H

#include "panel.h"

typedef struct eddy_panel_lid eddy_panel_lid;

eddy_result eddyi_panel_lid_create(int max_bodies, int max_panels, eddy_panel_lid **out,
                                  eddy_error *err);
void eddyi_panel_lid_destroy(eddy_panel_lid *lid);
/* Set-up time (add_body): room for one more body of this many panels. */
eddy_result eddyi_panel_lid_reserve(eddy_panel_lid *lid, int panels, eddy_error *err);

/* Whether body b, placed, reaches through the lid (midpoints on both sides). */
bool eddyi_panel_lid_pierces(const eddy_panel_world *w, const eddy_panel_world_body *b);

/* After placement and images: every piercing body's wet system, factored. A
 * body whose system is singular falls back to its pseudo-inverse. */
void eddyi_panel_lid_place(eddy_panel_world *w);

/* gamma of body t from its fluxes b (5.14 plus what the sweep adds): true
 * when t is solved here, false when the caller applies the pseudo-inverse. */
bool eddyi_panel_lid_solve(const eddy_panel_world *w, int t, const double *b, double *gamma);

/* A probe's fine outline of body t (panel_probe.c) solved the same way, with
 * its own lid image, from its fluxes b: true when t has a lid system here. */
bool eddyi_panel_lid_probe_solve(const eddy_panel_world *w, int t, const eddy_panel_shape *fine,
                                const double *b, double *gamma);

/* The copy of body t that its own solve holds (-1: none): the sweeps leave it
 * out of what t sees. */
int eddyi_panel_lid_own_copy(const eddy_panel_world *w, int t);

/* Which of body t's panels its lid solve gives strength (1: the wet ones in
 * its system) and which it leaves at zero (0), from the body's first panel;
 * NULL when t is not solved here. The fast path evaluates its near blocks
 * only on the wet rows and columns (panel_fast.c). */
const unsigned char *eddyi_panel_lid_wet(const eddy_panel_world *w, int t);

#endif /* EDDY_PANEL_LID_H */
