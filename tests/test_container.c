// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_container.c - the binary container, its little-endian helpers and safe saves.
 *
 * The robustness tests are exhaustive on a small file: every truncation
 * length and every single-byte change (all 8 single-bit flips and the full
 * inversion of each byte) must be rejected with EDDY_ERR_FORMAT. Buffers
 * handed to the decoder are malloc'd at their exact size so a sanitizer build
 * catches any read past the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "fluid_internal.h"
#include "fault_write.h"

#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KIND_ASSET EDDY_FOURCC('A', 'S', 'S', 'T')
#define KIND_MODE EDDY_FOURCC('M', 'O', 'D', 'E')
#define TAG_HEAD EDDY_FOURCC('H', 'E', 'A', 'D')
#define TAG_EMPT EDDY_FOURCC('E', 'M', 'P', 'T')
#define TAG_ODD EDDY_FOURCC('O', 'D', 'D', '1')
#define TAG_ONE EDDY_FOURCC('O', 'N', 'E', '1')
#define TAG_BIG EDDY_FOURCC('B', 'I', 'G', '1')

#define HEADER_SIZE 32
#define ENTRY_SIZE 24

/* ------------------------------------------------------------ helpers */

static void put_u32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(uint8_t *b, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get_u32(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
}

static uint64_t get_u64(const uint8_t *b)
{
    return (uint64_t)get_u32(b) | ((uint64_t)get_u32(b + 4) << 32);
}

/* Bit-by-bit CRC-32 straight from the definition, to check the table-driven one. */
static uint32_t reference_crc32(const uint8_t *b, size_t n)
{
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        crc ^= b[i];
        for (int k = 0; k < 8; k++)
            crc = (crc & 1u) ? (crc >> 1) ^ 0xEDB88320u : crc >> 1;
    }
    return ~crc;
}

/* Deterministic test bytes. */
static void fill_pattern(uint8_t *b, size_t n, uint32_t seed)
{
    uint32_t x = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; i++) {
        x = x * 1664525u + 1013904223u;
        b[i] = (uint8_t)(x >> 24);
    }
}

/* Five sections: ordinary, empty, odd-sized (so padding follows), one byte, larger. */
static uint8_t head_bytes[12], odd_bytes[13], one_byte[1], big_bytes[301];

static int sample_sections(eddy_section *s)
{
    fill_pattern(head_bytes, sizeof head_bytes, 1);
    fill_pattern(odd_bytes, sizeof odd_bytes, 2);
    fill_pattern(one_byte, sizeof one_byte, 3);
    fill_pattern(big_bytes, sizeof big_bytes, 4);
    s[0] = (eddy_section){TAG_HEAD, head_bytes, sizeof head_bytes};
    s[1] = (eddy_section){TAG_EMPT, NULL, 0};
    s[2] = (eddy_section){TAG_ODD, odd_bytes, sizeof odd_bytes};
    s[3] = (eddy_section){TAG_ONE, one_byte, sizeof one_byte};
    s[4] = (eddy_section){TAG_BIG, big_bytes, sizeof big_bytes};
    return 5;
}

static void encode_sample(uint32_t kind, uint32_t version, uint8_t **buf, size_t *size)
{
    eddy_section s[8];
    int n = sample_sections(s);
    eddy_error err;
    assert_int_equal(eddyi_container_encode(kind, version, s, n, buf, size, &err), EDDY_OK);
}

/* Decodes a private copy of exactly len bytes (so ASan sees any overread). */
static eddy_result decode_copy(const uint8_t *data, size_t len, eddy_error *err)
{
    uint8_t *copy = malloc(len > 0 ? len : 1);
    assert_non_null(copy);
    if (len > 0)
        memcpy(copy, data, len);
    eddy_container c;
    eddy_result rc = eddyi_container_decode(copy, len, KIND_ASSET, 1, &c, err);
    free(copy);
    return rc;
}

static void refresh_header_crc(uint8_t *buf)
{
    put_u32(buf + 28, eddyi_crc32(buf, 28));
}

static void refresh_table_crc(uint8_t *buf)
{
    uint32_t count = get_u32(buf + 20);
    put_u32(buf + 24, eddyi_crc32(buf + HEADER_SIZE, (size_t)count * ENTRY_SIZE));
    refresh_header_crc(buf);
}

static uint8_t *entry_at(uint8_t *buf, int i)
{
    return buf + HEADER_SIZE + ENTRY_SIZE * i;
}

/* Decodes buf and expects EDDY_ERR_FORMAT with word in the message. */
static void expect_format_error(const uint8_t *buf, size_t size, const char *word)
{
    eddy_error err = {0};
    assert_int_equal(decode_copy(buf, size, &err), EDDY_ERR_FORMAT);
    assert_int_equal(err.code, EDDY_ERR_FORMAT);
    if (strstr(err.message, word) == NULL)
        fail_msg("message \"%s\" lacks \"%s\"", err.message, word);
    assert_null(strchr(err.message, '\n'));
}

/* ------------------------------------------------------------ CRC */

static void crc32_matches_the_standard(void **state)
{
    (void)state;
    assert_int_equal(eddyi_crc32("123456789", 9), 0xCBF43926u);
    assert_int_equal(eddyi_crc32("", 0), 0u);
    uint8_t b[1000];
    fill_pattern(b, sizeof b, 99);
    for (size_t n = 0; n <= sizeof b; n += 37)
        assert_int_equal(eddyi_crc32(b, n), reference_crc32(b, n));
}

/* ------------------------------------------------------------ round trip */

static void round_trip_keeps_every_section(void **state)
{
    (void)state;
    eddy_section s[8];
    int n = sample_sections(s);
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);

    eddy_container c;
    eddy_error err = {0};
    assert_int_equal(eddyi_container_decode(buf, size, KIND_ASSET, 1, &c, &err), EDDY_OK);
    assert_int_equal(c.kind, KIND_ASSET);
    assert_int_equal(c.version, 1);
    assert_int_equal(c.count, n);
    for (int i = 0; i < n; i++) {
        const eddy_section *found = eddyi_container_find(&c, s[i].tag);
        assert_non_null(found);
        assert_int_equal(found->tag, s[i].tag);
        assert_int_equal(found->size, s[i].size);
        if (s[i].size > 0)
            assert_memory_equal(found->data, s[i].data, s[i].size);
        size_t offset = (size_t)((const uint8_t *)found->data - buf);
        assert_int_equal(offset % 8, 0);
        assert_true(offset + found->size <= size);
    }
    assert_null(eddyi_container_find(&c, EDDY_FOURCC('N', 'O', 'N', 'E')));

    /* Exact size: header, table, then sections packed at 8-byte boundaries. */
    size_t expect = HEADER_SIZE + ENTRY_SIZE * (size_t)n;
    for (int i = 0; i < n; i++)
        expect = (expect + 7) / 8 * 8 + s[i].size;
    assert_int_equal(size, expect);
    assert_memory_equal(buf, "EDDYFILE", 8);
    assert_int_equal(get_u32(buf + 16), 0x01020304u);
    free(buf);
}

static void empty_container_round_trips(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    eddy_error err;
    assert_int_equal(eddyi_container_encode(KIND_MODE, 3, NULL, 0, &buf, &size, &err), EDDY_OK);
    assert_int_equal(size, HEADER_SIZE);
    eddy_container c;
    assert_int_equal(eddyi_container_decode(buf, size, KIND_MODE, 3, &c, &err), EDDY_OK);
    assert_int_equal(c.count, 0);
    assert_int_equal(c.version, 3);
    free(buf);
}

static void encoding_is_deterministic_and_little_endian(void **state)
{
    (void)state;
    uint8_t data[3] = {7, 8, 9};
    eddy_section s = {EDDY_FOURCC('A', 'B', 'C', 'D'), data, 3};
    uint8_t *buf;
    size_t size;
    eddy_error err;
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 0x01020304u, &s, 1, &buf, &size, &err),
                     EDDY_OK);
    static const uint8_t start[] = {'E', 'D', 'D', 'Y', 'F', 'I', 'L', 'E', 'A', 'S', 'S', 'T',
                                    4,   3,   2,   1,   4,   3,   2,   1,   1,   0,   0,   0};
    assert_memory_equal(buf, start, sizeof start);
    assert_memory_equal(entry_at(buf, 0), "ABCD", 4);
    assert_int_equal(get_u32(entry_at(buf, 0) + 4), reference_crc32(data, 3));
    assert_int_equal(get_u64(entry_at(buf, 0) + 8), 56);
    assert_int_equal(get_u64(entry_at(buf, 0) + 16), 3);
    assert_int_equal(size, 59);
    assert_int_equal(get_u32(buf + 28), reference_crc32(buf, 28));
    free(buf);
}

static void encode_rejects_bad_arguments(void **state)
{
    (void)state;
    uint8_t d[4] = {0};
    eddy_section dup[2] = {{TAG_HEAD, d, 4}, {TAG_HEAD, d, 4}};
    eddy_section no_data = {TAG_HEAD, NULL, 4};
    eddy_section many[EDDY_MAX_SECTIONS + 1];
    for (int i = 0; i <= EDDY_MAX_SECTIONS; i++)
        many[i] = (eddy_section){EDDY_FOURCC('S', 'E', 'C', i), NULL, 0};
    uint8_t *buf = (uint8_t *)1;
    size_t size = 1;
    eddy_error err = {0};

    assert_int_equal(eddyi_container_encode(KIND_ASSET, 1, dup, 2, &buf, &size, &err),
                     EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "duplicate"));
    assert_null(buf);
    assert_int_equal(size, 0);
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 1, &no_data, 1, &buf, &size, &err),
                     EDDY_ERR_ARGUMENT);
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 1, many, EDDY_MAX_SECTIONS + 1, &buf,
                                           &size, &err),
                     EDDY_ERR_ARGUMENT);
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 1, many, -1, &buf, &size, &err),
                     EDDY_ERR_ARGUMENT);
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 1, many, EDDY_MAX_SECTIONS, &buf, &size,
                                           &err),
                     EDDY_OK);
    free(buf);
}

/* ------------------------------------------------------------ corruption */

static void every_truncation_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    for (size_t len = 0; len < size; len++)
        expect_format_error(buf, len, "truncated");
    assert_int_equal(decode_copy(buf, size, NULL), EDDY_OK);

    eddy_container c;
    eddy_error err = {0};
    assert_int_equal(eddyi_container_decode(NULL, 0, KIND_ASSET, 1, &c, &err), EDDY_ERR_FORMAT);
    free(buf);
}

static void every_byte_change_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    static const uint8_t masks[] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF};
    size_t rejected = 0;
    for (size_t at = 0; at < size; at++) {
        for (size_t m = 0; m < sizeof masks; m++) {
            buf[at] ^= masks[m];
            eddy_error err = {0};
            eddy_result rc = decode_copy(buf, size, &err);
            if (rc != EDDY_ERR_FORMAT)
                fail_msg("flip 0x%02x at byte %zu of %zu gave %d", masks[m], at, size, rc);
            assert_true(err.message[0] != '\0');
            rejected++;
            buf[at] ^= masks[m];
        }
    }
    assert_int_equal(rejected, size * sizeof masks);
    assert_int_equal(decode_copy(buf, size, NULL), EDDY_OK);
    free(buf);
}

static void appended_bytes_are_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    uint8_t *longer = calloc(size + 8, 1);
    assert_non_null(longer);
    memcpy(longer, buf, size);
    for (size_t extra = 1; extra <= 8; extra++)
        expect_format_error(longer, size + extra, "trailing");
    free(longer);
    free(buf);
}

static void nonzero_padding_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    /* ODD1 (13 bytes) is followed by 3 bytes of padding before ONE1. */
    uint64_t odd_end = get_u64(entry_at(buf, 2) + 8) + get_u64(entry_at(buf, 2) + 16);
    assert_int_equal(odd_end % 8, 5);
    buf[odd_end + 1] = 0x5A;
    expect_format_error(buf, size, "padding");
    free(buf);
}

static void bad_magic_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    memcpy(buf, "PNGFILE!", 8);
    refresh_header_crc(buf);
    expect_format_error(buf, size, "magic");
    expect_format_error((const uint8_t *)"GIF89a, not an eddy file at all....", 35, "magic");
    free(buf);
}

static void big_endian_mark_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    static const uint8_t swapped[4] = {1, 2, 3, 4};
    memcpy(buf + 16, swapped, 4);
    refresh_header_crc(buf);
    expect_format_error(buf, size, "big-endian");
    expect_format_error(buf, size, "0x04030201");

    put_u32(buf + 16, 0xDEADBEEFu);
    refresh_header_crc(buf);
    expect_format_error(buf, size, "byte order mark");
    free(buf);
}

static void newer_version_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 7, &buf, &size);
    expect_format_error(buf, size, "version 7 is newer than this build reads (1)");
    eddy_container c;
    assert_int_equal(eddyi_container_decode(buf, size, KIND_ASSET, 7, &c, NULL), EDDY_OK);
    assert_int_equal(c.version, 7);
    free(buf);
}

static void wrong_kind_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_MODE, 1, &buf, &size);
    expect_format_error(buf, size, "file kind 'MODE' where 'ASST' was expected");
    free(buf);
}

static void duplicate_tag_is_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    put_u32(entry_at(buf, 2), TAG_HEAD); /* ODD1 renamed to HEAD */
    refresh_table_crc(buf);
    expect_format_error(buf, size, "duplicate section 'HEAD'");
    free(buf);
}

static void overlapping_sections_are_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    /* ONE1 moved to the start of HEAD: they overlap; the CRCs stay valid. */
    uint64_t head_offset = get_u64(entry_at(buf, 0) + 8);
    put_u64(entry_at(buf, 3) + 8, head_offset);
    put_u32(entry_at(buf, 3) + 4, eddyi_crc32(buf + head_offset, 1));
    refresh_table_crc(buf);
    expect_format_error(buf, size, "overlap");
    free(buf);
}

static void misplaced_sections_are_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    uint8_t *big = entry_at(buf, 4);
    uint64_t offset = get_u64(big + 8);

    put_u64(big + 8, 8); /* inside the header */
    refresh_table_crc(buf);
    expect_format_error(buf, size, "header");

    put_u64(big + 8, HEADER_SIZE + ENTRY_SIZE * 4); /* inside the table */
    refresh_table_crc(buf);
    expect_format_error(buf, size, "table");

    put_u64(big + 8, offset + 4); /* unaligned */
    refresh_table_crc(buf);
    expect_format_error(buf, size, "aligned");

    put_u64(big + 8, offset + 8); /* past the end of the file */
    refresh_table_crc(buf);
    expect_format_error(buf, size, "truncated: section 'BIG1' ends at byte");

    put_u64(big + 8, UINT64_MAX - 7); /* offset + size wraps around */
    refresh_table_crc(buf);
    expect_format_error(buf, size, "overflow");

    put_u64(big + 8, offset);
    put_u64(big + 16, UINT64_MAX); /* size alone wraps around */
    refresh_table_crc(buf);
    expect_format_error(buf, size, "overflow");
    free(buf);
}

static void too_many_sections_are_rejected(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    put_u32(buf + 20, EDDY_MAX_SECTIONS + 1);
    refresh_header_crc(buf);
    expect_format_error(buf, size, "sections");
    put_u32(buf + 20, UINT32_MAX);
    refresh_header_crc(buf);
    expect_format_error(buf, size, "sections");
    free(buf);
}

static void corrupted_section_names_its_tag(void **state)
{
    (void)state;
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    buf[get_u64(entry_at(buf, 4) + 8) + 100] ^= 0x10;
    expect_format_error(buf, size, "checksum mismatch in section 'BIG1'");
    free(buf);
}

static void unprintable_tags_are_shown_in_hex(void **state)
{
    (void)state;
    uint8_t d[1] = {1};
    eddy_section s[2] = {{0x00000001u, d, 1}, {0x00000002u, d, 1}};
    uint8_t *buf;
    size_t size;
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 1, s, 2, &buf, &size, NULL), EDDY_OK);
    put_u32(entry_at(buf, 1), 1u);
    refresh_table_crc(buf);
    expect_format_error(buf, size, "duplicate section 0x00000001");
    free(buf);
}

/* ------------------------------------------------------------ reader / writer */

static void writer_bytes_are_little_endian(void **state)
{
    (void)state;
    eddy_writer w = {0};
    eddyi_write_u32(&w, 0x01020304u);
    eddyi_write_i32(&w, -2);
    eddyi_write_u64(&w, 0x0102030405060708ull);
    eddyi_write_f64(&w, 1.0);
    assert_false(w.failed);
    static const uint8_t expect[] = {4, 3, 2, 1, 0xFE, 0xFF, 0xFF, 0xFF, 8, 7, 6, 5, 4, 3,
                                     2, 1, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F};
    assert_int_equal(w.size, sizeof expect);
    assert_memory_equal(w.data, expect, sizeof expect);
    eddyi_writer_free(&w);
    assert_null(w.data);
    assert_int_equal(w.size, 0);
}

static void writer_and_reader_round_trip(void **state)
{
    (void)state;
    const double values[] = {0.0, -0.0, 1.5, -3.25e-300, 4.9e-324, HUGE_VAL, -HUGE_VAL, NAN,
                             1.0 / 3.0};
    const size_t nv = sizeof values / sizeof values[0];
    eddy_writer w = {0};
    eddyi_write_u32(&w, 0xDEADBEEFu);
    eddyi_write_i32(&w, INT32_MIN);
    eddyi_write_i32(&w, INT32_MAX);
    eddyi_write_i32(&w, -1);
    eddyi_write_u64(&w, UINT64_MAX - 1);
    for (int i = 0; i < 100; i++) /* crosses the writer's first growth */
        eddyi_write_f64(&w, i * 0.5);
    eddyi_write_f64s(&w, values, nv);
    eddyi_write_f64s(&w, values, 0);
    assert_false(w.failed);

    eddy_section s = {TAG_HEAD, w.data, w.size};
    eddy_reader r = eddyi_reader_make(&s);
    assert_int_equal(eddyi_read_u32(&r), 0xDEADBEEFu);
    assert_int_equal(eddyi_read_i32(&r), INT32_MIN);
    assert_int_equal(eddyi_read_i32(&r), INT32_MAX);
    assert_int_equal(eddyi_read_i32(&r), -1);
    assert_true(eddyi_read_u64(&r) == UINT64_MAX - 1);
    for (int i = 0; i < 100; i++)
        assert_true(eddyi_read_f64(&r) == i * 0.5);
    double back[16];
    assert_true(eddyi_read_f64s(&r, back, nv));
    assert_memory_equal(back, values, nv * sizeof(double)); /* bit-identical, NaN and -0 too */
    assert_true(eddyi_read_f64s(&r, back, 0));
    assert_int_equal(r.left, 0);
    assert_false(r.failed);
    eddyi_writer_free(&w);
}

static void reader_stops_at_the_end(void **state)
{
    (void)state;
    uint8_t data[12];
    fill_pattern(data, sizeof data, 5);
    eddy_section s = {TAG_HEAD, data, sizeof data};
    eddy_reader r = eddyi_reader_make(&s);
    assert_int_equal(eddyi_read_u64(&r), get_u64(data));
    assert_false(r.failed);
    assert_int_equal(eddyi_read_u64(&r), 0); /* 4 bytes left, 8 wanted */
    assert_true(r.failed);
    assert_int_equal(r.left, 0);
    assert_int_equal(eddyi_read_u32(&r), 0); /* failure sticks */
    assert_true(r.failed);

    r = eddyi_reader_make(&s);
    double out[2] = {42.0, 42.0};
    assert_false(eddyi_read_f64s(&r, out, 2)); /* 16 wanted, 12 there */
    assert_true(r.failed);
    assert_true(out[0] == 42.0 && out[1] == 42.0);

    r = eddyi_reader_make(&s);
    assert_false(eddyi_read_f64s(&r, out, SIZE_MAX)); /* n * 8 would overflow */
    assert_true(r.failed);

    eddy_section empty = {TAG_EMPT, NULL, 0};
    r = eddyi_reader_make(&empty);
    assert_false(r.failed);
    assert_int_equal(eddyi_read_i32(&r), 0);
    assert_true(r.failed);

    r = eddyi_reader_make(NULL);
    assert_true(r.failed);
}

/* ------------------------------------------------------------ files */

typedef struct temp_dir {
    char path[PATH_MAX];
} temp_dir;

static int make_temp_dir(void **state)
{
    temp_dir *d = calloc(1, sizeof *d);
    if (d == NULL)
        return -1;
    const char *base = getenv("TMPDIR");
    snprintf(d->path, sizeof d->path, "%s/eddy_container_XXXXXX", base ? base : "/tmp");
    if (mkdtemp(d->path) == NULL) {
        free(d);
        return -1;
    }
    *state = d;
    return 0;
}

/* Removes the files a test left (it makes no subdirectories) and the directory. */
static int remove_temp_dir(void **state)
{
    temp_dir *d = *state;
    DIR *dir = opendir(d->path);
    if (dir != NULL) {
        struct dirent *e;
        char file[PATH_MAX + 256];
        while ((e = readdir(dir)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(file, sizeof file, "%s/%s", d->path, e->d_name);
            remove(file);
        }
        closedir(dir);
    }
    rmdir(d->path);
    free(d);
    return 0;
}

static int count_entries(const char *path)
{
    DIR *dir = opendir(path);
    assert_non_null(dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(dir);
    return n;
}

static void expect_file_holds(const char *path, const uint8_t *data, size_t size)
{
    uint8_t *back;
    size_t back_size;
    eddy_error err = {0};
    assert_int_equal(eddy_read_file(path, 1 << 20, &back, &back_size, &err), EDDY_OK);
    assert_int_equal(back_size, size);
    if (size > 0)
        assert_memory_equal(back, data, size);
    free(back);
}

static void failed_save_keeps_the_old_file(void **state)
{
    temp_dir *d = *state;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/level.eddy", d->path);
    uint8_t v1[100], v2[200];
    fill_pattern(v1, sizeof v1, 10);
    fill_pattern(v2, sizeof v2, 20);
    eddy_error err = {0};

    assert_int_equal(eddy_write_file_atomic(path, v1, sizeof v1, &err), EDDY_OK);
    expect_file_holds(path, v1, sizeof v1);

    test_fail_writes_after(10);
    eddy_result rc = eddy_write_file_atomic(path, v2, sizeof v2, &err);
    test_fail_writes_after(0);
    assert_int_equal(rc, EDDY_ERR_IO);
    assert_int_equal(err.code, EDDY_ERR_IO);
    assert_non_null(strstr(err.message, path));
    expect_file_holds(path, v1, sizeof v1);
    assert_int_equal(count_entries(d->path), 1); /* no temporary file left */

    assert_int_equal(eddy_write_file_atomic(path, v2, sizeof v2, &err), EDDY_OK);
    expect_file_holds(path, v2, sizeof v2);
    assert_int_equal(count_entries(d->path), 1);
}

static void fault_injection_spares_small_writes(void **state)
{
    temp_dir *d = *state;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/small.bin", d->path);
    uint8_t data[10];
    fill_pattern(data, sizeof data, 30);
    test_fail_writes_after(10);
    eddy_result rc = eddy_write_file_atomic(path, data, sizeof data, NULL);
    test_fail_writes_after(0);
    assert_int_equal(rc, EDDY_OK);
    expect_file_holds(path, data, sizeof data);
}

static void save_into_missing_directory_fails(void **state)
{
    temp_dir *d = *state;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/no/such/dir/level.eddy", d->path);
    eddy_error err = {0};
    uint8_t data[4] = {1, 2, 3, 4};
    assert_int_equal(eddy_write_file_atomic(path, data, sizeof data, &err), EDDY_ERR_IO);
    assert_int_equal(err.code, EDDY_ERR_IO);
    assert_non_null(strstr(err.message, path));
    assert_int_equal(count_entries(d->path), 0);
}

static void read_file_checks_its_input(void **state)
{
    temp_dir *d = *state;
    char path[PATH_MAX + 32], missing[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/data.bin", d->path);
    snprintf(missing, sizeof missing, "%s/missing.bin", d->path);
    uint8_t data[64];
    fill_pattern(data, sizeof data, 40);
    eddy_error err = {0};
    uint8_t *back = (uint8_t *)1;
    size_t size = 1;

    assert_int_equal(eddy_read_file(missing, 1000, &back, &size, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, missing));
    assert_null(back);
    assert_int_equal(size, 0);

    assert_int_equal(eddy_write_file_atomic(path, data, sizeof data, &err), EDDY_OK);
    assert_int_equal(eddy_read_file(path, sizeof data - 1, &back, &size, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, path));
    assert_null(back);
    assert_int_equal(eddy_read_file(path, sizeof data, &back, &size, &err), EDDY_OK);
    assert_int_equal(size, sizeof data);
    assert_memory_equal(back, data, sizeof data);
    free(back);

    assert_int_equal(eddy_read_file(d->path, 1000, &back, &size, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, d->path));

    assert_int_equal(eddy_write_file_atomic(path, NULL, 0, &err), EDDY_OK);
    assert_int_equal(eddy_read_file(path, 1000, &back, &size, &err), EDDY_OK);
    assert_int_equal(size, 0);
    free(back);
}

static void saved_container_loads_back(void **state)
{
    temp_dir *d = *state;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/asset.eddy", d->path);
    uint8_t *buf;
    size_t size;
    encode_sample(KIND_ASSET, 1, &buf, &size);
    eddy_error err = {0};
    assert_int_equal(eddy_write_file_atomic(path, buf, size, &err), EDDY_OK);
    uint8_t *back;
    size_t back_size;
    assert_int_equal(eddy_read_file(path, 1 << 20, &back, &back_size, &err), EDDY_OK);
    eddy_container c;
    assert_int_equal(eddyi_container_decode(back, back_size, KIND_ASSET, 1, &c, &err), EDDY_OK);
    const eddy_section *odd = eddyi_container_find(&c, TAG_ODD);
    assert_non_null(odd);
    assert_int_equal(odd->size, sizeof odd_bytes);
    assert_memory_equal(odd->data, odd_bytes, sizeof odd_bytes);
    free(back);
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crc32_matches_the_standard),
        cmocka_unit_test(round_trip_keeps_every_section),
        cmocka_unit_test(empty_container_round_trips),
        cmocka_unit_test(encoding_is_deterministic_and_little_endian),
        cmocka_unit_test(encode_rejects_bad_arguments),
        cmocka_unit_test(every_truncation_is_rejected),
        cmocka_unit_test(every_byte_change_is_rejected),
        cmocka_unit_test(appended_bytes_are_rejected),
        cmocka_unit_test(nonzero_padding_is_rejected),
        cmocka_unit_test(bad_magic_is_rejected),
        cmocka_unit_test(big_endian_mark_is_rejected),
        cmocka_unit_test(newer_version_is_rejected),
        cmocka_unit_test(wrong_kind_is_rejected),
        cmocka_unit_test(duplicate_tag_is_rejected),
        cmocka_unit_test(overlapping_sections_are_rejected),
        cmocka_unit_test(misplaced_sections_are_rejected),
        cmocka_unit_test(too_many_sections_are_rejected),
        cmocka_unit_test(corrupted_section_names_its_tag),
        cmocka_unit_test(unprintable_tags_are_shown_in_hex),
        cmocka_unit_test(writer_bytes_are_little_endian),
        cmocka_unit_test(writer_and_reader_round_trip),
        cmocka_unit_test(reader_stops_at_the_end),
        cmocka_unit_test_setup_teardown(failed_save_keeps_the_old_file, make_temp_dir,
                                        remove_temp_dir),
        cmocka_unit_test_setup_teardown(fault_injection_spares_small_writes, make_temp_dir,
                                        remove_temp_dir),
        cmocka_unit_test_setup_teardown(save_into_missing_directory_fails, make_temp_dir,
                                        remove_temp_dir),
        cmocka_unit_test_setup_teardown(read_file_checks_its_input, make_temp_dir,
                                        remove_temp_dir),
        cmocka_unit_test_setup_teardown(saved_container_loads_back, make_temp_dir,
                                        remove_temp_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
