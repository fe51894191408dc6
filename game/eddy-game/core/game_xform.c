// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_xform.c - 2D transforms of the drawing through cglm (game_xform.h).
 */
#include "game_xform.h"

#include <math.h>

#define PI 3.14159265358979323846

void game_xform_view(double ox, double oy, double scale, double height_m, mat3 out)
{
    /* translate to the tank's bottom-left pixel, then scale with y flipped */
    glm_translate2d_make(out, (vec2){(float)ox, (float)(oy + scale * height_m)});
    glm_scale2d(out, (vec2){(float)scale, (float)-scale});
}

void game_xform_pose(const eddy_pose *pose, mat3 out)
{
    glm_translate2d_make(out, (vec2){(float)pose->x, (float)pose->y});
    glm_rotate2d(out, (float)pose->angle);
}

void game_xform_mul(mat3 a, mat3 b, mat3 out) { glm_mat3_mul(a, b, out); }

void game_xform_point(mat3 m, double x, double y, float out[2])
{
    vec3 v = {(float)x, (float)y, 1.0f}, r;
    glm_mat3_mulv(m, v, r);
    out[0] = r[0], out[1] = r[1];
}

void game_xform_unproject(mat3 m, double px, double py, double out[2])
{
    mat3 inv;
    glm_mat3_inv(m, inv);
    vec3 v = {(float)px, (float)py, 1.0f}, r;
    glm_mat3_mulv(inv, v, r);
    out[0] = r[0], out[1] = r[1];
}

eddy_pose game_pose_lerp(const eddy_pose *a, const eddy_pose *b, double t)
{
    double d = b->angle - a->angle;
    while (d > PI) d -= 2 * PI;
    while (d < -PI) d += 2 * PI;
    vec2 pa = {(float)a->x, (float)a->y}, pb = {(float)b->x, (float)b->y}, p;
    glm_vec2_lerp(pa, pb, (float)t, p);
    eddy_pose out;
    out.x = p[0], out.y = p[1];
    out.angle = a->angle + d * t;
    out.c = cos(out.angle), out.s = sin(out.angle);
    return out;
}
