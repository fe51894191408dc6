// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fuzz_util.h - helpers shared by the libFuzzer targets in fuzz/.
 *
 * Every eddy binary file is a checksummed container (engine/core/container.c), so
 * almost every mutation of a valid file dies at a CRC check and the decoders
 * behind it would see little. fuzz_fix_checksums() rewrites the header,
 * table and section checksums of a copy of the input so that the loaders'
 * own validation gets exercised too; the targets run the loader on the raw
 * input (the CRC path) and on the repaired copy (everything behind it).
 *
 * Invariant violations found by the harness (as opposed to the sanitizers)
 * end in fuzz_require(), which aborts so libFuzzer records the input. The
 * regression test (tests/test_fuzz_regressions.c) includes the targets'
 * sources with its own fuzz_require, a cmocka failure, to replay the inputs
 * that once crashed through exactly the same checks. */
#ifndef EDDY_FUZZ_UTIL_H
#define EDDY_FUZZ_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef fuzz_require
#define fuzz_require(cond)                                                          \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: harness invariant failed: %s\n", __FILE__,      \
                    __LINE__, #cond);                                               \
            abort();                                                                \
        }                                                                           \
    } while (0)
#endif

static inline uint32_t fuzz_get_u32(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
}

static inline uint64_t fuzz_get_u64(const uint8_t *b)
{
    return (uint64_t)fuzz_get_u32(b) | ((uint64_t)fuzz_get_u32(b + 4) << 32);
}

static inline void fuzz_put_u32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++) b[i] = (uint8_t)(v >> (8 * i));
}

/* The container's checksum, CRC-32 (the reflected polynomial 0xEDB88320 of
 * zlib and PNG), a bit at a time: the harness's own copy, so that the
 * targets need only the public API; were it to differ from the library's
 * table-driven one, no repaired input would ever load. */
static inline uint32_t fuzz_crc32(const uint8_t *data, size_t size)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < size; i++) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; bit++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return crc ^ 0xFFFFFFFFu;
}

/* At most this many sections in a container (the loader's own limit). */
#define FUZZ_MAX_SECTIONS 64u

/* Recomputes every checksum of a container image in place, as far as the
 * image's own (possibly nonsensical) header and table allow. Returns false
 * when the buffer is too short to hold a header; the bytes are then left as
 * they were. The container layout is the one documented in container.c:
 * 32-byte header (CRC of the table at 24, CRC of bytes 0..27 at 28), then
 * 24-byte table entries (tag, CRC, u64 offset, u64 size). */
static inline int fuzz_fix_checksums(uint8_t *p, size_t size)
{
    if (size < 32) return 0;
    uint32_t count = fuzz_get_u32(p + 20);
    if (count <= FUZZ_MAX_SECTIONS && 32u + 24u * (uint64_t)count <= size) {
        for (uint32_t i = 0; i < count; i++) {
            uint8_t *e = p + 32 + 24 * (size_t)i;
            uint64_t off = fuzz_get_u64(e + 8), len = fuzz_get_u64(e + 16);
            if (off <= size && len <= size - off)
                fuzz_put_u32(e + 4, fuzz_crc32(p + off, (size_t)len));
        }
        fuzz_put_u32(p + 24, fuzz_crc32(p + 32, 24 * (size_t)count));
    }
    fuzz_put_u32(p + 28, fuzz_crc32(p, 28));
    return 1;
}

/* An exact-size heap copy, so ASan sees any read past the end. */
static inline uint8_t *fuzz_copy(const uint8_t *data, size_t size)
{
    uint8_t *copy = malloc(size ? size : 1);
    fuzz_require(copy != NULL);
    for (size_t i = 0; i < size; i++) copy[i] = data[i];
    return copy;
}

#endif
