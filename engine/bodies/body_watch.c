// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* body_watch.c - a world's one watcher (body_watch.h): who holds the world and
 * which of its bodies, so that destroying them cannot leave the holder with
 * dangling handles. The port calls the watcher from eddy_body_destroy,
 * eddy_body_add_shape and eddy_world_destroy (body_port.c). */
#include "body_port.h"

#include <string.h>

eddy_result eddyi_port_watch_world(eddy_world *w, const eddy_world_watcher *watcher,
                                  eddy_error *err)
{
    if (!w || !watcher || !watcher->user || !watcher->body_destroyed || !watcher->shape_adding ||
        !watcher->world_destroyed)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "world or watcher is NULL");
    if (w->watcher.user)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "the world is already held by another watcher");
    w->watcher = *watcher;
    return EDDY_OK;
}

void eddyi_port_unwatch_world(eddy_world *w)
{
    if (w)
        memset(&w->watcher, 0, sizeof w->watcher);
}

void eddyi_port_watch_body(eddy_body *b, bool watched)
{
    if (b)
        b->watched = watched;
}
