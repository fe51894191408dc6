// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_png.h - writing an RGB image as a PNG (zlib's deflate and crc32; no
 * SDL), saved atomically. The one PNG writer of eddy-game (screenshots,
 * headless and in the window) and eddy-paint (its screenshots).
 */
#ifndef KIT_PNG_H
#define KIT_PNG_H

#include <eddy/eddy.h>

#include <stddef.h>

/* rgb: height rows of width * 3 bytes, top row first, rows pitch bytes apart. */
eddy_result kit_png_save(const char *path, const unsigned char *rgb, int width, int height,
                         int pitch, eddy_error *err);

/* The same into a malloc'd buffer (free it). */
eddy_result kit_png_encode(const unsigned char *rgb, int width, int height, int pitch,
                           unsigned char **out, size_t *out_size, eddy_error *err);

#endif /* KIT_PNG_H */
