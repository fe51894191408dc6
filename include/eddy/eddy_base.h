// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_base.h - what every eddy header shares: the version, the marks on
 * exported functions, result codes and errors. Included by the other headers;
 * a program includes eddy.h (the fluid), eddy_body.h, eddy_coupling.h, or
 * the builder's eddy_build.h, eddy_mode.h and eddy_scene.h.
 *
 * LIBRARIES
 *   libeddy        the run time: eddy.h, eddy_body.h, eddy_coupling.h, and
 *                  eddy_file.h (atomic saves, safe reads), eddy_mac.h (the
 *                  staggered grid). Depends on libm only: no Box2D.
 *                  pkg-config --cflags --libs eddy
 *   libeddy-box2d, libeddy-box2d-v3
 *                  the Box2D adapters (2.4, v3): eddy's own Box2D worlds
 *                  (eddy_world_create) and a game's (eddy_box2d_v24.h,
 *                  eddy_box2d_v3.h), linked before libeddy; one libeddy
 *                  serves both and the Chipmunk adapter (eddy_chipmunk.h).
 *                  pkg-config --cflags --libs eddy-box2d (or eddy-box2d-v3)
 *   libeddy-scene  JSON scenes, the files a game's levels are written in:
 *                  eddy_scene.h, on top of libeddy and a Box2D adapter
 *                  (cJSON).
 *                  pkg-config --cflags --libs eddy-scene
 *   libeddy-build  the precompute side: eddy_build.h, eddy_grid.h,
 *                  eddy_mode.h, on top of both (LAPACKE, OpenBLAS, FFTW,
 *                  ARPACK, CHOLMOD). pkg-config --cflags --libs eddy-build
 *   Each comes as a shared library (soname libeddy.so.MAJOR.MINOR while the
 *   major version is 0: every 0.x release may change the ABI) and a static
 *   one. Headers are included as <eddy/eddy.h>. A game needs libeddy and, to
 *   read scenes, libeddy-scene; only the tools that build assets need
 *   libeddy-build.
 *
 * VERSION
 *   EDDY_VERSION is the version a program was compiled against, eddy_version()
 *   the one of the library it runs with; compare them to catch a mismatch:
 *     if (eddy_version() != EDDY_VERSION) { ... }
 *
 * MEMORY
 *   eddy allocates when objects are created, loaded or built, never inside a
 *   step. Every block goes through eddy_alloc, eddy_realloc and eddy_free,
 *   which use realloc and free unless the program installs its own function
 *   with eddy_set_allocator (as Box2D v3's b2SetAllocator), before it
 *   creates any eddy object. Buffers eddy hands you (eddy_asset_encode,
 *   eddy_scene_to_json) are released with eddy_free. Memory that Box2D,
 *   cJSON, LAPACK, ARPACK, CHOLMOD or FFTW take for themselves is theirs
 *   (Box2D v3 has b2SetAllocator).
 *
 * THREADS
 *   eddy has no global state but the allocator above: every object is
 *   reached through the handle you pass. Distinct objects may be used on distinct threads at the same
 *   time; one object is used by one thread at a time. Each header says
 *   which objects may be shared read-only and the few calls that must not
 *   run concurrently.
 */
#ifndef EDDY_BASE_H
#define EDDY_BASE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* EDDY_API marks the run-time library's functions, EDDY_SCENE_API the scene
 * library's, EDDY_BUILD_API the builder library's. On ELF the libraries are
 * compiled with -fvisibility=hidden: these marks are their only exported
 * symbols. On Windows a DLL exports what they mark: the library's own build
 * defines EDDY_EXPORTS (EDDY_SCENE_EXPORTS, EDDY_BUILD_EXPORTS) and a program
 * linking the DLL defines EDDY_DLL, which turns the marks into imports; with
 * neither (a static library) they are empty. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(EDDY_EXPORTS)
#define EDDY_API __declspec(dllexport)
#elif defined(EDDY_DLL)
#define EDDY_API __declspec(dllimport)
#else
#define EDDY_API
#endif
#if defined(EDDY_SCENE_EXPORTS)
#define EDDY_SCENE_API __declspec(dllexport)
#elif defined(EDDY_DLL)
#define EDDY_SCENE_API __declspec(dllimport)
#else
#define EDDY_SCENE_API
#endif
#if defined(EDDY_BUILD_EXPORTS)
#define EDDY_BUILD_API __declspec(dllexport)
#elif defined(EDDY_DLL)
#define EDDY_BUILD_API __declspec(dllimport)
#else
#define EDDY_BUILD_API
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define EDDY_API __attribute__((visibility("default")))
#define EDDY_SCENE_API __attribute__((visibility("default")))
#define EDDY_BUILD_API __attribute__((visibility("default")))
#else
#define EDDY_API
#define EDDY_SCENE_API
#define EDDY_BUILD_API
#endif

/* EDDY_PRINTF(f, a) lets GCC and Clang check a printf-style function's
 * format string (argument f) against its arguments (from a). MinGW's C
 * library takes the C99 formats only through its own printf, which GCC names
 * gnu_printf there; MSVC has no such check. */
#if defined(__MINGW32__) && !defined(__clang__)
#define EDDY_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define EDDY_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define EDDY_PRINTF(f, a)
#endif

/* ---------------------------------------------------------------- version */

#define EDDY_VERSION_MAJOR 0
#define EDDY_VERSION_MINOR 1
#define EDDY_VERSION_PATCH 0
#define EDDY_VERSION_STRING "0.1.0"

/* One number that grows with every release: 10000 major + 100 minor + patch. */
#define EDDY_MAKE_VERSION(major, minor, patch) ((major) * 10000 + (minor) * 100 + (patch))
#define EDDY_VERSION \
    EDDY_MAKE_VERSION(EDDY_VERSION_MAJOR, EDDY_VERSION_MINOR, EDDY_VERSION_PATCH)

/* The version of the library the program runs with, as EDDY_VERSION and as
 * EDDY_VERSION_STRING. */
EDDY_API int eddy_version(void);
EDDY_API const char *eddy_version_string(void);

/* ---------------------------------------------------------------- memory */

/* A program's allocator, one function with realloc's contract: block NULL
 * asks for a new block of size bytes, size 0 releases block (and returns
 * NULL), anything else resizes block keeping its contents. A new or resized
 * block is aligned as malloc's are; NULL means out of memory (block is then
 * left as it was). user is the pointer given to eddy_set_allocator. */
typedef void *eddy_resize_fn(void *block, size_t size, void *user);

/* Installs the function eddy takes all its memory from (NULL: realloc and
 * free again). Call it before creating any eddy object and never while one
 * exists: a block must go back to the allocator it came from. Not
 * thread-safe; the calls below are, as far as the installed function is. */
EDDY_API void eddy_set_allocator(eddy_resize_fn *resize, void *user);

/* eddy's own allocation calls, through the installed function, with
 * malloc's, calloc's, realloc's and free's contracts. Release with
 * eddy_free the buffers eddy hands you (eddy_asset_encode,
 * eddy_scene_to_json); with no allocator installed, free() does as well. */
EDDY_API void *eddy_alloc(size_t size);
EDDY_API void *eddy_calloc(size_t count, size_t size);
EDDY_API void *eddy_realloc(void *block, size_t size);
EDDY_API void eddy_free(void *block);

/* ---------------------------------------------------------------- errors */

typedef enum eddy_result {
    EDDY_OK = 0,
    EDDY_ERR_ARGUMENT,    /* a NULL pointer, a negative size, a NaN input */
    EDDY_ERR_IO,          /* a file could not be opened, read or written */
    EDDY_ERR_FORMAT,      /* malformed data: asset, scene, mode file */
    EDDY_ERR_MEMORY,      /* an allocation failed (never inside a step) */
    EDDY_ERR_NUMERIC,     /* a singular matrix, a state that went non-finite */
    EDDY_ERR_RANGE,       /* a value outside what the asset or domain allows */
    EDDY_ERR_CAPACITY     /* a fixed-size queue or table is full */
} eddy_result;

typedef struct eddy_error {
    eddy_result code;
    char message[256];
} eddy_error;

/* A short constant name for a result code, e.g. "format". */
EDDY_API const char *eddy_result_name(eddy_result code);

/* Fills err (when not NULL) with code and a printf-style message (cut to fit
 * message) and returns code: how eddy reports every failure, and a program's
 * own code may report its failures the same way.
 *   if (count < 1) return eddy_fail(err, EDDY_ERR_ARGUMENT, "count %d: must be >= 1", count); */
EDDY_API eddy_result eddy_fail(eddy_error *err, eddy_result code, const char *fmt, ...)
    EDDY_PRINTF(3, 4);

/* ---------------------------------------------------------------- text */

/* The byte offset of the first byte of text[0 .. size) that does not start a
 * well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
 * nothing above U+10FFFF, no sequence cut short), or -1 when all of it is
 * UTF-8. Every eddy loader that keeps a name or a title, or repeats a line
 * in a message, refuses text this finds wrong. */
EDDY_API long eddy_utf8_invalid_at(const char *text, size_t size);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_BASE_H */
