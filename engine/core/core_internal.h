// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * core_internal.h - the core layer: what every other layer of the engine shares.
 * Errors and timing, the MAC grid's geometry, a box eigenmode as a value, the
 * binary container with its little-endian readers and writers, whole-file
 * reads and atomic writes (the dense linear algebra has its own header,
 * dense.h). Nothing here knows about fluids, panels or bodies. Not installed.
 */
#ifndef EDDY_CORE_INTERNAL_H
#define EDDY_CORE_INTERNAL_H

#include "eddy_base.h"
#include "eddy_file.h"
#include "eddy_mac.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdio.h>

/* Strict C17 does not define M_PI. */
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ------------------------------------------------------------ error.c */

/* eddy_fail is public (eddy_base.h). */
void eddyi_clear_error(eddy_error *err);

/* utf8.c: eddy_utf8_invalid_at is public (eddy_base.h). */

/* ------------------------------------------------------------ the save seam */

/* The steps of a save, one set per platform (atomic_file.c for POSIX,
 * atomic_file_win32.c for Windows); file_whole.c makes eddy_file.h's public
 * saves of them. begin finds and checks the target (nothing written; *out
 * is NULL on failure), probe checks that its directory takes a new file,
 * write stages the data beside it, publish puts it in the target's place,
 * remove_temp deletes what write staged, end frees the job. */
eddy_result eddyi_save_begin(const char *path, unsigned flags, eddy_staged_file **out,
                            eddy_error *err);
eddy_result eddyi_save_probe(eddy_staged_file *job, eddy_error *err);
eddy_result eddyi_save_write(eddy_staged_file *job, const void *data, size_t size,
                            eddy_error *err);
eddy_result eddyi_save_publish(eddy_staged_file *job, eddy_error *err);
void eddyi_save_remove_temp(eddy_staged_file *job);
void eddyi_save_end(eddy_staged_file *job);

/* ------------------------------------------------------------ allocator.c */

/* Every allocation of the engine goes through eddy_alloc, eddy_calloc,
 * eddy_realloc and eddy_free (eddy_base.h), exported from libeddy so that
 * the builder library shares the one allocator. strdup through them: */
static inline char *eddy_strdup(const char *text)
{
    size_t n = strlen(text) + 1;
    char *copy = (char *)eddy_alloc(n);
    if (copy) memcpy(copy, text, n);
    return copy;
}

/* ------------------------------------------------------------ mac_grid.c */

/* The staggered grid (eddy_mac, its index helpers, inner product and
 * divergence) is public: eddy_mac.h. */

/* ------------------------------------------------------------ outline.c */

/* A convex polygon as the rigid-body solver holds it: Box2D v3 merges points
 * closer than 4 linear slops (0.02 m) and drops a point within 2 slops
 * (0.01 m) of the line through its neighbours (2.4 is more forgiving), so
 * polygons either version would change are refused, with some margin, and
 * the geometry reported is the geometry simulated. */
#define EDDY_OUTLINE_MAX_VERTICES 8
#define EDDY_OUTLINE_MIN_EDGE 0.025
#define EDDY_OUTLINE_MIN_CORNER 0.0125
/* The n vertices (counter-clockwise): 3..EDDY_OUTLINE_MAX_VERTICES, every edge
 * at least EDDY_OUTLINE_MIN_EDGE, strictly convex, every vertex at least
 * EDDY_OUTLINE_MIN_CORNER off the line through its neighbours. The one check
 * of bodies' polygons and of the convex pieces of a level's walls.
 * EDDY_ERR_ARGUMENT naming the vertex or edge and the limit. */
eddy_result eddyi_convex_outline_check(const double (*v)[2], int n, eddy_error *err);

/* ------------------------------------------------------------ box eigenmodes */

/* Box eigenmode k: stream function psi = N sin(a x) sin(b y),
 * a = k1 pi / W, b = k2 pi / H, velocity (dpsi/dy, -dpsi/dx),
 * lambda = a^2 + b^2, N = 2 / sqrt(lambda W H) so that |phi|_L2 = 1. */
typedef struct eddy_box_mode {
    int k1, k2;
    double lambda;
} eddy_box_mode;

/* Largest wave number per axis a box basis may use (bounds stack scratch). */
#define EDDY_MAX_WAVE 512

/* The mode as a value lives here because two layers evaluate it: the fluid
 * (fluid/basis_box.c: its velocity, norm and projections) and the panels
 * (panels/panel_feedback_*.c: the panels' feedback onto it, 5.18). */

/* The modes grouped by k1 for sums that factor as sin(k1 x) times a sum
 * over the group: order[start[k1] .. start[k1 + 1]) are the indices of the
 * modes with that k1, in increasing order (a counting sort). order holds
 * count values, start max_k1 + 2; every k1 is in 0..max_k1. */
static inline void eddy_box_modes_by_k1(const eddy_box_mode *modes, int count, int max_k1,
                                        int *order, int *start)
{
    for (int k1 = 0; k1 <= max_k1 + 1; ++k1) start[k1] = 0;
    for (int k = 0; k < count; ++k) ++start[modes[k].k1 + 1];
    for (int k1 = 0; k1 <= max_k1; ++k1) start[k1 + 1] += start[k1];
    for (int k = 0; k < count; ++k) order[start[modes[k].k1]++] = k; /* start[k1] moves on */
    for (int k1 = max_k1; k1 >= 0; --k1) start[k1 + 1] = start[k1];
    start[0] = 0;
}

/* ------------------------------------------------------------ container.c */

/* The versioned binary container every eddy file uses. Layout, all integers
 * little-endian:
 *   header (32 bytes): magic "EDDYFILE", u32 kind (fourcc of the file type),
 *   u32 version, u32 byte-order mark 0x01020304, u32 section count,
 *   u32 CRC-32 of the section table, u32 CRC-32 of the first 28 header bytes;
 *   section table: per section u32 tag (fourcc), u32 CRC-32 of the data,
 *   u64 offset from the file start, u64 size;
 *   section data, each 8-byte aligned. */
#define EDDY_FOURCC(a, b, c, d) \
    ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

typedef struct eddy_section {
    uint32_t tag;
    const void *data;
    uint64_t size;
} eddy_section;

#define EDDY_MAX_SECTIONS 64

typedef struct eddy_container {
    uint32_t kind;
    uint32_t version;
    int count;
    eddy_section sections[EDDY_MAX_SECTIONS]; /* data points into the parsed buffer */
} eddy_container;

uint32_t eddyi_crc32(const void *data, size_t size);

/* Serialises sections into a new malloc'd buffer. */
eddy_result eddyi_container_encode(uint32_t kind, uint32_t version, const eddy_section *sections,
                                  int count, uint8_t **out, size_t *out_size, eddy_error *err);
/* Checks and indexes a buffer; rejects anything malformed with a message. */
eddy_result eddyi_container_decode(const void *data, size_t size, uint32_t kind,
                                  uint32_t max_version, eddy_container *out, eddy_error *err);
const eddy_section *eddyi_container_find(const eddy_container *c, uint32_t tag);

/* atomic_file.c: atomic saves and non-blocking reads are public:
 * eddy_file.h. */

/* Bounded little-endian reader and growable writer for section payloads. */
typedef struct eddy_reader {
    const uint8_t *p;
    size_t left;
    bool failed;
} eddy_reader;

eddy_reader eddyi_reader_make(const eddy_section *s);
uint32_t eddyi_read_u32(eddy_reader *r);
int32_t eddyi_read_i32(eddy_reader *r);
uint64_t eddyi_read_u64(eddy_reader *r);
double eddyi_read_f64(eddy_reader *r);
/* Reads n doubles into out; false (and r->failed) if fewer remain. */
bool eddyi_read_f64s(eddy_reader *r, double *out, size_t n);
/* Reads a string written by eddyi_write_string, of 1..max printable bytes, into
 * out (max + 1 bytes). NULL on success, else what is wrong ("too short",
 * "has a bad length", "is not zero-padded", "has a control byte"). */
const char *eddyi_read_string(eddy_reader *r, char *out, size_t max);

typedef struct eddy_writer {
    uint8_t *data;
    size_t size, capacity;
    bool failed; /* an allocation failed */
} eddy_writer;

void eddyi_write_u32(eddy_writer *w, uint32_t v);
void eddyi_write_i32(eddy_writer *w, int32_t v);
void eddyi_write_u64(eddy_writer *w, uint64_t v);
void eddyi_write_f64(eddy_writer *w, double v);
void eddyi_write_f64s(eddy_writer *w, const double *v, size_t n);
/* u32 byte length, then the bytes in 4-byte words, zero-padded. */
void eddyi_write_string(eddy_writer *w, const char *s);
void eddyi_writer_free(eddy_writer *w);

/* ------------------------------------------------------------ timing */

double eddyi_now_ms(void);

#endif /* EDDY_CORE_INTERNAL_H */
