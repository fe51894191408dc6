// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_port_link.c - linked into the shared Box2D adapters only
 * (libeddy-box2d.so, libeddy-box2d-v3.so; the static archives call
 * libeddy.a's helpers directly). The backend (engine/bodies/body_box2d_v24.cpp
 * or body_box2d_v3.c) calls the port's eddyi_port_* helpers, which
 * libeddy.so does not export; each is defined here, hidden, as a call
 * through the table libeddy.so hands out (eddy_adapter_port, eddy_rigid.h;
 * body_port.h, "the adapter ABI"). Nothing of the port is copied into the
 * adapter: every world and body is made, kept and freed by libeddy.so.
 *
 * The backend reaches the port first through eddyi_port_world_create or
 * eddyi_port_adopt_world (its public entry points); those refuse, with a
 * message, a libeddy.so of another release. Every other helper is called only
 * for a world made by one of them, so the table is there.
 */
#include "body_port.h"
#include "eddy_rigid.h"

#include <stddef.h>

static const struct eddy_adapter_port *port(void)
{
    return eddy_adapter_port(EDDYI_ADAPTER_ABI);
}

/* The one refusal: libeddy.so is not of the adapter's release. */
static eddy_result port_missing(eddy_error *err)
{
    return eddy_fail(err, EDDY_ERR_ARGUMENT,
                     "the Box2D adapter (eddy %s) does not match the libeddy it runs on "
                     "(eddy_version() %d): install both from one release",
                     EDDY_VERSION_STRING, eddy_version());
}

eddy_result eddyi_port_world_create(const eddyi_body_engine *e, const eddy_world_desc *desc,
                                    eddy_world **out, eddy_error *err)
{
    if (out) *out = NULL;
    return port() ? port()->world_create(e, desc, out, err) : port_missing(err);
}

eddy_result eddyi_port_adopt_world(const eddyi_body_engine *e, eddy_native_world *n,
                                   eddy_world **out, eddy_error *err)
{
    if (out) *out = NULL;
    return port() ? port()->adopt_world(e, n, out, err) : port_missing(err);
}

eddy_result eddyi_port_adopt_body(eddy_world *w, eddy_native_ref native, eddy_body **out,
                                  eddy_error *err)
{
    return port()->adopt_body(w, native, out, err);
}

eddy_result eddyi_port_adopt_shape(eddy_body *b, eddy_native_ref native, const eddy_shape_info *raw,
                                   eddy_error *err)
{
    return port()->adopt_shape(b, native, raw, err);
}

eddy_body *eddyi_port_find_shape(eddy_body *b, eddy_native_ref native, int *index)
{
    return port()->find_shape(b, native, index);
}

bool eddyi_port_body_live(const eddy_body *b)
{
    return port()->body_live(b);
}

bool eddyi_port_world_live(const eddy_world *w)
{
    return port()->world_live(w);
}

bool eddyi_port_is_solid(const eddy_body *b, int index)
{
    return port()->is_solid(b, index);
}

bool eddyi_port_pair_reported(const eddy_sensor_event *e)
{
    return port()->pair_reported(e);
}

void eddyi_port_push_event(eddy_world *w, bool begin, const eddy_sensor_event *e)
{
    port()->push_event(w, begin, e);
}

void eddyi_port_ray_offer(eddy_port_ray *r, eddy_body *b, int shape, double px, double py,
                          double nx, double ny, double fraction)
{
    port()->ray_offer(r, b, shape, px, py, nx, ny, fraction);
}

void eddyi_port_query_offer(eddy_port_query *q, eddy_body *b)
{
    port()->query_offer(q, b);
}

bool eddyi_port_read_by_getters(eddy_body *b, eddy_port_state *out)
{
    return port()->read_by_getters(b, out);
}

void eddyi_port_wrench_by_pushes(eddy_body *b, double fx, double fy, double torque)
{
    port()->wrench_by_pushes(b, fx, fy, torque);
}
