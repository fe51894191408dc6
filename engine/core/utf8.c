// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* utf8.c - is a text well-formed UTF-8? Every loader that keeps a name or a
 * title, or repeats a line in a message, checks its text with this, so that
 * what the tools print (the game's JSON line, precompute info --json) is
 * always valid UTF-8 and valid JSON.
 *
 * Well-formed as RFC 3629 defines it (table 3-7 of the Unicode standard):
 * a sequence is the shortest form of a code point in U+0000..U+10FFFF that
 * is not a surrogate (U+D800..U+DFFF). The lead byte says how many bytes
 * follow and, for the three lead bytes that can start an overlong, a
 * surrogate or a too large code point (E0, ED, F0, F4), the first of them
 * has a narrower range than 80..BF. */
#include "core_internal.h"

/* Bytes after lead byte b (-1: b cannot start a sequence), and the range of
 * the first of them. */
static int sequence_of(unsigned char b, unsigned char *lo, unsigned char *hi)
{
    *lo = 0x80, *hi = 0xBF;
    if (b < 0x80) return 0;
    if (b >= 0xC2 && b <= 0xDF) return 1;
    if (b >= 0xE0 && b <= 0xEF) {
        if (b == 0xE0) *lo = 0xA0;      /* shorter forms are overlong */
        else if (b == 0xED) *hi = 0x9F; /* U+D800.. are surrogates */
        return 2;
    }
    if (b >= 0xF0 && b <= 0xF4) {
        if (b == 0xF0) *lo = 0x90;      /* overlong */
        else if (b == 0xF4) *hi = 0x8F; /* above U+10FFFF */
        return 3;
    }
    return -1; /* 80..C1 (continuation bytes, overlong two-byte leads), F5..FF */
}

long eddy_utf8_invalid_at(const char *text, size_t size)
{
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < size;) {
        unsigned char lo, hi;
        int more = sequence_of(s[i], &lo, &hi);
        if (more < 0 || (size_t)more >= size - i) return (long)i; /* bad lead, or cut short */
        for (int k = 1; k <= more; k++) {
            unsigned char c = s[i + (size_t)k];
            unsigned char min = k == 1 ? lo : 0x80, max = k == 1 ? hi : 0xBF;
            if (c < min || c > max) return (long)i;
        }
        i += (size_t)more + 1;
    }
    return -1;
}
