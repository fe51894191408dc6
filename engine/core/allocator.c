// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* allocator.c - the one door through which the library takes and returns
 * memory (eddy_base.h, MEMORY): realloc and free unless the program installs
 * its own function, as Box2D v3's b2SetAllocator lets a game do.
 *
 * The installed function is process state, set once before any eddy object
 * exists (as Box2D's is). Nothing else here has state. */
#include "core_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void *system_resize(void *block, size_t size, void *user)
{
    (void)user;
    if (size == 0) {
        free(block);
        return NULL;
    }
    return realloc(block, size);
}

static eddy_resize_fn *resize_fn = system_resize;
static void *resize_user;

void eddy_set_allocator(eddy_resize_fn *resize, void *user)
{
    resize_fn = resize ? resize : system_resize;
    resize_user = resize ? user : NULL;
}

/* A zero-byte request asks for one byte: size 0 means "release" to the
 * installed function. */
void *eddy_alloc(size_t size) { return resize_fn(NULL, size ? size : 1, resize_user); }

void *eddy_calloc(size_t count, size_t size)
{
    if (size != 0 && count > SIZE_MAX / size) return NULL;
    void *block = eddy_alloc(count * size);
    if (block) memset(block, 0, count * size);
    return block;
}

void *eddy_realloc(void *block, size_t size) { return resize_fn(block, size ? size : 1, resize_user); }

void eddy_free(void *block)
{
    if (block) resize_fn(block, 0, resize_user);
}
