// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * body_watch.h - how a layer above the bodies (the coupling) holds a world and
 * some of its bodies, and hears of their end before it comes. Not installed.
 *
 * A world has at most one watcher: the coupling registers itself when it is
 * created (so a second coupling on the same world is refused) and marks the
 * bodies it couples as watched. Then
 *   - eddy_body_destroy on a watched body calls body_destroyed first, while
 *     the body is still whole: the watcher forgets it (and may give it back
 *     what it lent it);
 *   - eddy_body_add_shape on a watched body asks shape_adding first; a result
 *     other than EDDY_OK refuses the shape with the watcher's message;
 *   - eddy_world_destroy calls world_destroyed first, while the world and
 *     all its bodies are still whole: the watcher forgets them all.
 * The callbacks must not create or destroy bodies or worlds.
 */
#ifndef EDDY_BODY_WATCH_H
#define EDDY_BODY_WATCH_H

#include "eddy_body.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct eddy_world_watcher {
    void *user; /* not NULL; handed to every callback */
    void (*body_destroyed)(void *user, eddy_body *body);
    eddy_result (*shape_adding)(void *user, eddy_body *body, eddy_error *err);
    void (*world_destroyed)(void *user, eddy_world *world);
} eddy_world_watcher;

/* Registers the world's one watcher (every callback set, user not NULL).
 * EDDY_ERR_ARGUMENT when the world already has one. */
eddy_result eddy_port_watch_world(eddy_world *w, const eddy_world_watcher *watcher,
                                  eddy_error *err);
/* Removes the watcher (its bodies stay marked until unwatched). */
void eddy_port_unwatch_world(eddy_world *w);
/* Marks or unmarks a body of a watched world. */
void eddy_port_watch_body(eddy_body *b, bool watched);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BODY_WATCH_H */
