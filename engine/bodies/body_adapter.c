// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_adapter.c - the port's helpers as one table for the shared Box2D
 * adapters (eddy_adapter_port, eddy_rigid.h; the table is body_port.h's
 * struct eddy_adapter_port). libeddy.so exports this one function to them
 * instead of its internals, so an adapter holds no copy of the port (and of
 * the allocator behind it): every world and body it makes is libeddy's own.
 */
#include "body_port.h"
#include "eddy_rigid.h"

#include <stddef.h>

static const struct eddy_adapter_port port_helpers = {
    .abi = EDDYI_ADAPTER_ABI,
    .world_create = eddyi_port_world_create,
    .adopt_world = eddyi_port_adopt_world,
    .adopt_body = eddyi_port_adopt_body,
    .adopt_shape = eddyi_port_adopt_shape,
    .find_shape = eddyi_port_find_shape,
    .body_live = eddyi_port_body_live,
    .world_live = eddyi_port_world_live,
    .is_solid = eddyi_port_is_solid,
    .pair_reported = eddyi_port_pair_reported,
    .push_event = eddyi_port_push_event,
    .ray_offer = eddyi_port_ray_offer,
    .query_offer = eddyi_port_query_offer,
    .read_by_getters = eddyi_port_read_by_getters,
    .wrench_by_pushes = eddyi_port_wrench_by_pushes,
};

const struct eddy_adapter_port *eddy_adapter_port(unsigned abi)
{
    return abi == EDDYI_ADAPTER_ABI ? &port_helpers : NULL;
}
