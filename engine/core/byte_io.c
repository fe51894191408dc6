// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* byte_io.c - little-endian readers and writers for section payloads.
 *
 * Every value is assembled or split byte by byte, so the files are the same on
 * any host whatever its byte order or alignment rules. Doubles travel as their
 * IEEE 754 bit pattern, stored like a u64.
 *
 * The reader never reads past the end of its section: a read that does not fit
 * returns 0, sets `failed` and empties the reader, so every later read fails
 * too and a loader only needs to check `failed` once at the end.
 *
 * The writer is zero-initialised by the caller (eddy_writer w = {0};). When an
 * allocation fails it sets `failed` and ignores every later write, so again
 * one check at the end is enough. */
#include "core_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ reader */

eddy_reader eddyi_reader_make(const eddy_section *s)
{
    eddy_reader r = {0};
    if (s == NULL || (s->data == NULL && s->size > 0)) {
        r.failed = true;
        return r;
    }
    r.p = s->data;
    r.left = (size_t)s->size;
    return r;
}

/* Hands out the next n bytes, or NULL (and marks the reader failed) if fewer remain. */
static const uint8_t *take(eddy_reader *r, size_t n)
{
    if (r->failed || r->left < n) {
        r->failed = true;
        r->left = 0;
        return NULL;
    }
    const uint8_t *at = r->p;
    if (n == 0)
        return at; /* p may be NULL for an empty section: no arithmetic on it */
    r->p += n;
    r->left -= n;
    return at;
}

static uint32_t load_u32(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
}

static uint64_t load_u64(const uint8_t *b)
{
    return (uint64_t)load_u32(b) | ((uint64_t)load_u32(b + 4) << 32);
}

static double double_from_bits(uint64_t bits)
{
    double d;
    memcpy(&d, &bits, sizeof d); /* reinterprets the bit pattern, no struct layout involved */
    return d;
}

uint32_t eddyi_read_u32(eddy_reader *r)
{
    const uint8_t *b = take(r, 4);
    return b ? load_u32(b) : 0;
}

/* Two's complement decoding without relying on an implementation-defined cast. */
int32_t eddyi_read_i32(eddy_reader *r)
{
    uint32_t v = eddyi_read_u32(r);
    if (v <= (uint32_t)INT32_MAX)
        return (int32_t)v;
    return -(int32_t)(~v) - 1;
}

uint64_t eddyi_read_u64(eddy_reader *r)
{
    const uint8_t *b = take(r, 8);
    return b ? load_u64(b) : 0;
}

double eddyi_read_f64(eddy_reader *r)
{
    return double_from_bits(eddyi_read_u64(r));
}

/* On failure out is left untouched. */
bool eddyi_read_f64s(eddy_reader *r, double *out, size_t n)
{
    if (r->failed || n > r->left / 8) {
        r->failed = true;
        r->left = 0;
        return false;
    }
    const uint8_t *b = take(r, n * 8);
    for (size_t i = 0; i < n; i++)
        out[i] = double_from_bits(load_u64(b + 8 * i));
    return true;
}

/* A string: u32 byte length, then the bytes in whole 4-byte words, zero-padded. */
const char *eddyi_read_string(eddy_reader *r, char *out, size_t max)
{
    uint32_t len = eddyi_read_u32(r);
    if (r->failed) return "too short";
    if (len < 1 || len > max) return "has a bad length";
    size_t padded = ((size_t)len + 3u) & ~(size_t)3u;
    const uint8_t *b = take(r, padded);
    if (!b) return "too short";
    for (size_t i = 0; i < padded; i++) {
        if (i >= len) {
            if (b[i] != 0) return "is not zero-padded";
            continue;
        }
        if (b[i] < 0x20 || b[i] == 0x7f) return "has a control byte";
        out[i] = (char)b[i];
    }
    out[len] = '\0';
    if (eddy_utf8_invalid_at(out, len) >= 0) return "is not UTF-8";
    return NULL;
}

/* ------------------------------------------------------------ writer */

/* Makes room for extra more bytes; false (and w->failed) if that is impossible. */
static bool reserve(eddy_writer *w, size_t extra)
{
    if (w->failed)
        return false;
    if (extra > SIZE_MAX - w->size) {
        w->failed = true;
        return false;
    }
    size_t need = w->size + extra;
    if (need <= w->capacity)
        return true;
    size_t capacity = w->capacity ? w->capacity : 256;
    while (capacity < need)
        capacity = capacity > SIZE_MAX / 2 ? need : capacity * 2;
    uint8_t *grown = eddy_realloc(w->data, capacity);
    if (grown == NULL) {
        w->failed = true; /* the old buffer stays valid for eddyi_writer_free */
        return false;
    }
    w->data = grown;
    w->capacity = capacity;
    return true;
}

static void store_u32(uint8_t *b, uint32_t v)
{
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
}

static void store_u64(uint8_t *b, uint64_t v)
{
    store_u32(b, (uint32_t)v);
    store_u32(b + 4, (uint32_t)(v >> 32));
}

static uint64_t bits_of_double(double d)
{
    uint64_t bits;
    memcpy(&bits, &d, sizeof bits);
    return bits;
}

void eddyi_write_u32(eddy_writer *w, uint32_t v)
{
    if (!reserve(w, 4))
        return;
    store_u32(w->data + w->size, v);
    w->size += 4;
}

void eddyi_write_i32(eddy_writer *w, int32_t v)
{
    eddyi_write_u32(w, (uint32_t)v); /* conversion to unsigned is modular: two's complement */
}

void eddyi_write_u64(eddy_writer *w, uint64_t v)
{
    if (!reserve(w, 8))
        return;
    store_u64(w->data + w->size, v);
    w->size += 8;
}

void eddyi_write_f64(eddy_writer *w, double v)
{
    eddyi_write_u64(w, bits_of_double(v));
}

void eddyi_write_f64s(eddy_writer *w, const double *v, size_t n)
{
    if (n > SIZE_MAX / 8) {
        w->failed = true;
        return;
    }
    if (n == 0 || !reserve(w, n * 8))
        return;
    for (size_t i = 0; i < n; i++)
        store_u64(w->data + w->size + 8 * i, bits_of_double(v[i]));
    w->size += n * 8;
}

void eddyi_write_string(eddy_writer *w, const char *s)
{
    size_t len = strlen(s);
    if (len > UINT32_MAX - 3) {
        w->failed = true;
        return;
    }
    eddyi_write_u32(w, (uint32_t)len);
    for (size_t b = 0; b < len; b += 4) {
        uint32_t word = 0;
        for (size_t q = 0; q < 4 && b + q < len; ++q)
            word |= (uint32_t)(unsigned char)s[b + q] << (8 * q);
        eddyi_write_u32(w, word);
    }
}

void eddyi_writer_free(eddy_writer *w)
{
    if (w == NULL)
        return;
    eddy_free(w->data);
    *w = (eddy_writer){0};
}
