// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_png.h - writing an RGB image as a PNG (zlib's deflate and crc32; no
 * SDL), saved atomically. Used for screenshots, headless and in the window.
 */
#ifndef GAME_PNG_H
#define GAME_PNG_H

#include <eddy/eddy.h>

/* rgb: height rows of width * 3 bytes, top row first, rows pitch bytes apart. */
eddy_result game_png_save(const char *path, const unsigned char *rgb, int width, int height,
                          int pitch, eddy_error *err);

/* The same into a malloc'd buffer (free it). */
eddy_result game_png_encode(const unsigned char *rgb, int width, int height, int pitch,
                            unsigned char **out, size_t *out_size, eddy_error *err);

#endif /* GAME_PNG_H */
