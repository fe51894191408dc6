// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_png.c - a PNG writer: signature, IHDR (8-bit RGB), one IDAT holding
 * the zlib stream of the filtered rows, IEND; each chunk with its CRC-32.
 * Each row takes the filter (none, sub, up, Paeth) whose residuals have the
 * smallest sum of magnitudes, the usual heuristic of the PNG specification.
 */
#include "kit_png.h"
#include <eddy/eddy_file.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static eddy_result fail(eddy_error *err, eddy_result code, const char *fmt, ...)
{
    if (!err) return code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->code = code;
    return code;
}

static int paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Writes 1 + 3 width bytes at out: the filter type, then row's residuals
 * under it against the row above (up, NULL for the first row). */
static void filter_row(const unsigned char *row, const unsigned char *up, size_t stride,
                       unsigned char *out, unsigned char *cand)
{
    long best = -1;
    for (int filter = 0; filter < 4; ++filter) {
        long cost = 0;
        for (size_t i = 0; i < stride; ++i) {
            int a = i >= 3 ? row[i - 3] : 0, b = up ? up[i] : 0;
            int c = (i >= 3 && up) ? up[i - 3] : 0;
            int pred = filter == 0 ? 0 : filter == 1 ? a : filter == 2 ? b : paeth(a, b, c);
            cand[i] = (unsigned char)(row[i] - pred);
            cost += cand[i] < 128 ? cand[i] : 256 - cand[i];
        }
        if (best < 0 || cost < best) {
            best = cost;
            out[0] = (unsigned char)(filter == 3 ? 4 : filter);
            memcpy(out + 1, cand, stride);
        }
    }
}

static void put_u32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8), p[3] = (unsigned char)v;
}

/* Appends a chunk (length, type, data, CRC over type and data) at *pos. */
static void put_chunk(unsigned char *buf, size_t *pos, const char *type, const unsigned char *data,
                      size_t len)
{
    unsigned char *p = buf + *pos;
    put_u32(p, (uint32_t)len);
    memcpy(p + 4, type, 4);
    if (len) memcpy(p + 8, data, len);
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, p + 4, (uInt)(len + 4));
    put_u32(p + 8 + len, (uint32_t)crc);
    *pos += len + 12;
}

eddy_result kit_png_encode(const unsigned char *rgb, int width, int height, int pitch,
                            unsigned char **out, size_t *out_size, eddy_error *err)
{
    *out = NULL;
    *out_size = 0;
    if (!rgb || width < 1 || height < 1 || width > 16384 || height > 16384 || pitch < 3 * width)
        return fail(err, EDDY_ERR_ARGUMENT, "png: bad image size");
    size_t row = 1 + 3 * (size_t)width, raw_size = row * (size_t)height;
    unsigned char *raw = malloc(raw_size), *cand = malloc(3 * (size_t)width);
    uLongf zcap = compressBound((uLong)raw_size);
    unsigned char *z = malloc(zcap);
    unsigned char *png = malloc(zcap + 128);
    if (!raw || !cand || !z || !png) {
        free(raw), free(cand), free(z), free(png);
        return fail(err, EDDY_ERR_MEMORY, "png: out of memory");
    }
    for (int y = 0; y < height; y++)
        filter_row(rgb + (size_t)pitch * (size_t)y, y ? rgb + (size_t)pitch * (size_t)(y - 1) : NULL,
                   3 * (size_t)width, raw + row * (size_t)y, cand);
    free(cand);
    uLongf zlen = zcap;
    int zrc = compress2(z, &zlen, raw, (uLong)raw_size, 6);
    free(raw);
    if (zrc != Z_OK) {
        free(z), free(png);
        return fail(err, EDDY_ERR_MEMORY, "png: deflate failed (%d)", zrc);
    }
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    size_t pos = 0;
    memcpy(png, sig, 8);
    pos = 8;
    unsigned char ihdr[13];
    put_u32(ihdr, (uint32_t)width);
    put_u32(ihdr + 4, (uint32_t)height);
    ihdr[8] = 8;  /* bits per channel */
    ihdr[9] = 2;  /* colour type: RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* adaptive filtering, filter types per row */
    ihdr[12] = 0; /* no interlace */
    put_chunk(png, &pos, "IHDR", ihdr, 13);
    put_chunk(png, &pos, "IDAT", z, zlen);
    put_chunk(png, &pos, "IEND", NULL, 0);
    free(z);
    *out = png;
    *out_size = pos;
    return EDDY_OK;
}

eddy_result kit_png_save(const char *path, const unsigned char *rgb, int width, int height,
                          int pitch, eddy_error *err)
{
    unsigned char *png;
    size_t size;
    eddy_result rc = kit_png_encode(rgb, width, height, pitch, &png, &size, err);
    if (rc != EDDY_OK) return rc;
    rc = eddy_write_file_atomic(path, png, size, err);
    free(png);
    return rc;
}
