// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_xform.h - the drawing's 2D transforms as cglm 3x3 matrices acting on
 * (x, y, 1): a body's pose (body space -> world), the view (world metres,
 * y up -> window pixels, y down), their product, and the inverse view that
 * maps the mouse back into the tank.
 *
 * Single precision is plenty for pixels; the simulation itself stays in
 * double precision and never sees these matrices. No SDL: the headless tests
 * check what would be drawn through the same functions the window uses.
 */
#ifndef GAME_XFORM_H
#define GAME_XFORM_H

#include <eddy/eddy_body.h>

#include <cglm/cglm.h>

/* World -> pixels for a tank height_m metres high drawn with its top-left
 * corner at (ox, oy) pixels and scale pixels per metre: x' = ox + s x,
 * y' = oy + s (height_m - y). */
void game_xform_view(double ox, double oy, double scale, double height_m, mat3 out);

/* Body space -> world space of a pose: a rotation by its angle, then a
 * translation to its origin. */
void game_xform_pose(const eddy_pose *pose, mat3 out);

/* out = a b (apply b first). */
void game_xform_mul(mat3 a, mat3 b, mat3 out);

/* m (x, y, 1). */
void game_xform_point(mat3 m, double x, double y, float out[2]);

/* The point p with m p = (px, py, 1): pixels back to the world, for the
 * mouse. */
void game_xform_unproject(mat3 m, double px, double py, double out[2]);

/* The pose a fraction t (0..1) of the way from a to b, the angle the short
 * way round (frames are drawn between two physics steps). */
eddy_pose game_pose_lerp(const eddy_pose *a, const eddy_pose *b, double t);

#endif /* GAME_XFORM_H */
