// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* scene_cost.c - what a step of a scene's coupled world costs, from the
 * scene alone (eddy_scene_step_cost, eddy_scene.h): its bodies as the run
 * cost model sees them (engine/coupling/step_cost.c), where they start. */
#include "fluid_internal.h"
#include "scene_internal.h"

#include <math.h>
#include <string.h>

/* A disc about the body's origin that holds it, and its outline's length. */
static void body_extent(const eddy_scene_body *b, double *radius, double *perimeter)
{
    if (b->shape == EDDY_SCENE_CIRCLE) {
        *radius = b->radius;
        *perimeter = 2.0 * M_PI * b->radius;
    } else if (b->shape == EDDY_SCENE_BOX) {
        *radius = hypot(b->hw, b->hh);
        *perimeter = 4.0 * (b->hw + b->hh);
    } else {
        *radius = 0.0, *perimeter = 0.0;
        for (int k = 0; k < b->point_count; ++k) {
            const double *p = b->points[k], *q = b->points[(k + 1) % b->point_count];
            *radius = fmax(*radius, hypot(p[0], p[1]));
            *perimeter += hypot(q[0] - p[0], q[1] - p[1]);
        }
    }
}

eddy_result eddy_scene_step_cost(const eddy_scene *scene, const eddy_step_cost_desc *base,
                                 eddy_step_cost *out, eddy_error *err)
{
    if (!out) return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene step cost: NULL argument");
    memset(out, 0, sizeof *out);
    if (!scene || !base) return eddy_fail(err, EDDY_ERR_ARGUMENT, "scene step cost: NULL argument");
    eddy_scene_view v;
    eddy_scene_get(scene, &v);
    eddy_step_cost_body *bodies =
        v.body_count > 0 ? eddy_calloc((size_t)v.body_count, sizeof *bodies) : NULL;
    if (v.body_count > 0 && !bodies)
        return eddy_fail(err, EDDY_ERR_MEMORY, "scene step cost: out of memory");
    for (int i = 0; i < v.body_count; ++i) {
        bodies[i].x = v.bodies[i].x, bodies[i].y = v.bodies[i].y;
        body_extent(&v.bodies[i], &bodies[i].radius, &bodies[i].perimeter);
        bodies[i].moving = v.bodies[i].type != EDDY_BODY_STATIC;
        if (bodies[i].moving) /* how fast it starts; the live estimate follows it */
            bodies[i].speed = hypot(v.bodies[i].vx, v.bodies[i].vy) +
                              fabs(v.bodies[i].omega) * bodies[i].radius;
    }
    eddy_step_cost_desc d = *base;
    d.bodies = bodies;
    d.body_count = v.body_count;
    if (d.feedback == EDDY_FEEDBACK_DEFAULT) d.feedback = v.feedback;
    if (!(d.dt > 0)) d.dt = v.dt;
    eddy_result rc = eddy_step_cost_estimate(&d, out, err);
    eddy_free(bodies);
    return rc;
}
