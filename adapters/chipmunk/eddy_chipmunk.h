// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_chipmunk.h - couple Chipmunk2D 7 bodies to eddy's water: a small
 * adapter (adapters/chipmunk/eddy_chipmunk.c) that fills eddy's rigid-body
 * table (eddy_rigid.h) from a cpSpace. It is not part of libeddy but its own
 * small archive, libeddy-chipmunk.a (installed with this header when
 * Chipmunk's headers were found); link it before libeddy (make
 * install-check builds examples/own_world_chipmunk.c with this line):
 *   LINK: cc game.c $(pkg-config --cflags eddy) -leddy-chipmunk $(pkg-config --libs eddy) -lchipmunk -lm -o game
 * Debian's libchipmunk-dev is a debug build whose cpSpaceNew prints two
 * lines to standard output.
 *
 * USAGE
 *
 *   cpSpace *space = cpSpaceNew();  cpSpaceSetGravity(space, cpv(0, -9.81));
 *   eddy_chipmunk *cm;  eddy_chipmunk_create(space, &cm, &err);
 *   eddy_world *w;      eddy_chipmunk_world(cm, &w, &err);
 *   eddy_body *crate;   eddy_chipmunk_body(cm, w, crate_cp_body, &crate, &err);
 *   eddy_coupling_create(fluid, w, &cd, &c, &err);  eddy_coupling_add_body(c, crate, &err);
 *   each frame: eddy_coupling_advance(c, dt, &err); eddy_chipmunk_step(cm, dt);
 *   before cpBodyFree on a body eddy knows: eddy_chipmunk_forget(cm, body);
 *   at the end: eddy_coupling_destroy, eddy_world_destroy, eddy_chipmunk_destroy,
 *   then the space.
 *
 * What Chipmunk lacks, the adapter adds: a per-body gravity scale (a force
 * of (scale - 1) m g added by eddy_chipmunk_step before cpSpaceStep), the
 * world's clock (the seconds eddy_chipmunk_step has stepped), and the news of
 * a body's end (eddy_chipmunk_forget: Chipmunk frees without telling).
 * Sleep is space-wide in Chipmunk: a body's "sleep enabled" is kept for
 * eddy and a coupled body is woken every step. Shapes: circles and polygons
 * without rounding (segments are refused).
 */
#ifndef EDDY_CHIPMUNK_H
#define EDDY_CHIPMUNK_H

#include <eddy/eddy_rigid.h>

#include <chipmunk/chipmunk.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct eddy_chipmunk eddy_chipmunk;

/* An adapter over the space (not owned; it must outlive the adapter). */
eddy_result eddy_chipmunk_create(cpSpace *space, eddy_chipmunk **out, eddy_error *err);
void eddy_chipmunk_destroy(eddy_chipmunk *cm);
/* The eddy world of the space (one per adapter; eddy_world_destroy frees it). */
eddy_result eddy_chipmunk_world(eddy_chipmunk *cm, eddy_world **out, eddy_error *err);
/* The adapter's table (eddy_rigid.h), for a game that wraps its entries
 * (to count or log them) before eddy_world_from_rigid; eddy_chipmunk_body
 * works on such a world too. */
void eddy_chipmunk_table(eddy_chipmunk *cm, eddy_rigid_interface *out);
/* An eddy handle on a body of the space. */
eddy_result eddy_chipmunk_body(eddy_chipmunk *cm, eddy_world *w, cpBody *body, eddy_body **out,
                               eddy_error *err);
/* The Chipmunk body behind a handle of this adapter (NULL: none, or gone). */
cpBody *eddy_chipmunk_body_of(const eddy_chipmunk *cm, const eddy_body *b);
/* The game is about to free the body: eddy hears it is gone. */
void eddy_chipmunk_forget(eddy_chipmunk *cm, cpBody *body);
/* cpSpaceStep with the gravity scales eddy set, and the clock. */
void eddy_chipmunk_step(eddy_chipmunk *cm, double dt);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_CHIPMUNK_H */
