// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* container.c - the versioned, checksummed binary container of every eddy file.
 *
 * Layout (all integers little-endian, written byte by byte):
 *
 *   bytes  0..7   magic "EDDYFILE"
 *          8..11  kind: fourcc of the file type (e.g. 'ASST' for an asset)
 *         12..15  version of that file type
 *         16..19  byte-order mark 0x01020304
 *         20..23  section count n (at most EDDY_MAX_SECTIONS)
 *         24..27  CRC-32 of the section table
 *         28..31  CRC-32 of bytes 0..27
 *   32 .. 32+24n  section table, per section: u32 tag (fourcc), u32 CRC-32 of
 *                 its data, u64 offset from the start of the file, u64 size
 *   then          section data, each section starting at a multiple of 8
 *
 * Every byte of a valid file is accounted for: the header and the table by
 * their checksums, section data by its own checksum, and the alignment gaps
 * between sections must be zero. The file ends exactly where the last section
 * ends (or where the table ends if every section is empty). So any change to
 * a single byte, and any truncation or extension, is rejected.
 *
 * The encoder lays sections out in table order at the next multiple of 8; the
 * decoder accepts any order as long as sections are aligned, lie after the
 * table, do not overlap and leave only zero bytes in between.
 *
 * Messages name tags and kinds as 4 characters in quotes ('ADVT'), or as hex
 * when they are not printable. They do not say which kind of file was being
 * read beyond the fourcc: a loader prefixes its own context ("asset: ...").
 *
 * CRC-32 is the common IEEE one (reflected polynomial 0xEDB88320, initial
 * value and final xor 0xFFFFFFFF), the same as zlib's crc32. */
#include "core_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_SIZE 32u
#define ENTRY_SIZE 24u
#define HEADER_CRC_SPAN 28u
#define BYTE_ORDER_MARK 0x01020304u
#define SWAPPED_ORDER_MARK 0x04030201u
#define ALIGNMENT 8u

static const uint8_t magic[8] = {'E', 'D', 'D', 'Y', 'F', 'I', 'L', 'E'};

/* ------------------------------------------------------------ CRC-32 */

/* crc_table[b] is the remainder of b (reflected) after eight shifts. */
static const uint32_t crc_table[256] = {
    0x00000000u, 0x77073096u, 0xee0e612cu, 0x990951bau, 0x076dc419u, 0x706af48fu,
    0xe963a535u, 0x9e6495a3u, 0x0edb8832u, 0x79dcb8a4u, 0xe0d5e91eu, 0x97d2d988u,
    0x09b64c2bu, 0x7eb17cbdu, 0xe7b82d07u, 0x90bf1d91u, 0x1db71064u, 0x6ab020f2u,
    0xf3b97148u, 0x84be41deu, 0x1adad47du, 0x6ddde4ebu, 0xf4d4b551u, 0x83d385c7u,
    0x136c9856u, 0x646ba8c0u, 0xfd62f97au, 0x8a65c9ecu, 0x14015c4fu, 0x63066cd9u,
    0xfa0f3d63u, 0x8d080df5u, 0x3b6e20c8u, 0x4c69105eu, 0xd56041e4u, 0xa2677172u,
    0x3c03e4d1u, 0x4b04d447u, 0xd20d85fdu, 0xa50ab56bu, 0x35b5a8fau, 0x42b2986cu,
    0xdbbbc9d6u, 0xacbcf940u, 0x32d86ce3u, 0x45df5c75u, 0xdcd60dcfu, 0xabd13d59u,
    0x26d930acu, 0x51de003au, 0xc8d75180u, 0xbfd06116u, 0x21b4f4b5u, 0x56b3c423u,
    0xcfba9599u, 0xb8bda50fu, 0x2802b89eu, 0x5f058808u, 0xc60cd9b2u, 0xb10be924u,
    0x2f6f7c87u, 0x58684c11u, 0xc1611dabu, 0xb6662d3du, 0x76dc4190u, 0x01db7106u,
    0x98d220bcu, 0xefd5102au, 0x71b18589u, 0x06b6b51fu, 0x9fbfe4a5u, 0xe8b8d433u,
    0x7807c9a2u, 0x0f00f934u, 0x9609a88eu, 0xe10e9818u, 0x7f6a0dbbu, 0x086d3d2du,
    0x91646c97u, 0xe6635c01u, 0x6b6b51f4u, 0x1c6c6162u, 0x856530d8u, 0xf262004eu,
    0x6c0695edu, 0x1b01a57bu, 0x8208f4c1u, 0xf50fc457u, 0x65b0d9c6u, 0x12b7e950u,
    0x8bbeb8eau, 0xfcb9887cu, 0x62dd1ddfu, 0x15da2d49u, 0x8cd37cf3u, 0xfbd44c65u,
    0x4db26158u, 0x3ab551ceu, 0xa3bc0074u, 0xd4bb30e2u, 0x4adfa541u, 0x3dd895d7u,
    0xa4d1c46du, 0xd3d6f4fbu, 0x4369e96au, 0x346ed9fcu, 0xad678846u, 0xda60b8d0u,
    0x44042d73u, 0x33031de5u, 0xaa0a4c5fu, 0xdd0d7cc9u, 0x5005713cu, 0x270241aau,
    0xbe0b1010u, 0xc90c2086u, 0x5768b525u, 0x206f85b3u, 0xb966d409u, 0xce61e49fu,
    0x5edef90eu, 0x29d9c998u, 0xb0d09822u, 0xc7d7a8b4u, 0x59b33d17u, 0x2eb40d81u,
    0xb7bd5c3bu, 0xc0ba6cadu, 0xedb88320u, 0x9abfb3b6u, 0x03b6e20cu, 0x74b1d29au,
    0xead54739u, 0x9dd277afu, 0x04db2615u, 0x73dc1683u, 0xe3630b12u, 0x94643b84u,
    0x0d6d6a3eu, 0x7a6a5aa8u, 0xe40ecf0bu, 0x9309ff9du, 0x0a00ae27u, 0x7d079eb1u,
    0xf00f9344u, 0x8708a3d2u, 0x1e01f268u, 0x6906c2feu, 0xf762575du, 0x806567cbu,
    0x196c3671u, 0x6e6b06e7u, 0xfed41b76u, 0x89d32be0u, 0x10da7a5au, 0x67dd4accu,
    0xf9b9df6fu, 0x8ebeeff9u, 0x17b7be43u, 0x60b08ed5u, 0xd6d6a3e8u, 0xa1d1937eu,
    0x38d8c2c4u, 0x4fdff252u, 0xd1bb67f1u, 0xa6bc5767u, 0x3fb506ddu, 0x48b2364bu,
    0xd80d2bdau, 0xaf0a1b4cu, 0x36034af6u, 0x41047a60u, 0xdf60efc3u, 0xa867df55u,
    0x316e8eefu, 0x4669be79u, 0xcb61b38cu, 0xbc66831au, 0x256fd2a0u, 0x5268e236u,
    0xcc0c7795u, 0xbb0b4703u, 0x220216b9u, 0x5505262fu, 0xc5ba3bbeu, 0xb2bd0b28u,
    0x2bb45a92u, 0x5cb36a04u, 0xc2d7ffa7u, 0xb5d0cf31u, 0x2cd99e8bu, 0x5bdeae1du,
    0x9b64c2b0u, 0xec63f226u, 0x756aa39cu, 0x026d930au, 0x9c0906a9u, 0xeb0e363fu,
    0x72076785u, 0x05005713u, 0x95bf4a82u, 0xe2b87a14u, 0x7bb12baeu, 0x0cb61b38u,
    0x92d28e9bu, 0xe5d5be0du, 0x7cdcefb7u, 0x0bdbdf21u, 0x86d3d2d4u, 0xf1d4e242u,
    0x68ddb3f8u, 0x1fda836eu, 0x81be16cdu, 0xf6b9265bu, 0x6fb077e1u, 0x18b74777u,
    0x88085ae6u, 0xff0f6a70u, 0x66063bcau, 0x11010b5cu, 0x8f659effu, 0xf862ae69u,
    0x616bffd3u, 0x166ccf45u, 0xa00ae278u, 0xd70dd2eeu, 0x4e048354u, 0x3903b3c2u,
    0xa7672661u, 0xd06016f7u, 0x4969474du, 0x3e6e77dbu, 0xaed16a4au, 0xd9d65adcu,
    0x40df0b66u, 0x37d83bf0u, 0xa9bcae53u, 0xdebb9ec5u, 0x47b2cf7fu, 0x30b5ffe9u,
    0xbdbdf21cu, 0xcabac28au, 0x53b39330u, 0x24b4a3a6u, 0xbad03605u, 0xcdd70693u,
    0x54de5729u, 0x23d967bfu, 0xb3667a2eu, 0xc4614ab8u, 0x5d681b02u, 0x2a6f2b94u,
    0xb40bbe37u, 0xc30c8ea1u, 0x5a05df1bu, 0x2d02ef8du,
};

uint32_t eddyi_crc32(const void *data, size_t size)
{
    const uint8_t *b = data;
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < size; i++)
        crc = crc_table[(crc ^ b[i]) & 0xFFu] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

/* ------------------------------------------------------------ bytes */

static uint32_t get_u32(const uint8_t *b)
{
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
}

static uint64_t get_u64(const uint8_t *b)
{
    return (uint64_t)get_u32(b) | ((uint64_t)get_u32(b + 4) << 32);
}

static void put_u32(uint8_t *b, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b[i] = (uint8_t)(v >> (8 * i));
}

static void put_u64(uint8_t *b, uint64_t v)
{
    put_u32(b, (uint32_t)v);
    put_u32(b + 4, (uint32_t)(v >> 32));
}

/* A fourcc as text for messages: 'ABCD', or 0x... if not printable ASCII. */
typedef struct fourcc_text {
    char s[16];
} fourcc_text;

static fourcc_text fourcc_name(uint32_t code)
{
    fourcc_text t;
    char c[4];
    for (int i = 0; i < 4; i++) {
        c[i] = (char)((code >> (8 * i)) & 0xFFu);
        if (c[i] < 0x20 || c[i] > 0x7E || c[i] == '\'') {
            snprintf(t.s, sizeof t.s, "0x%08" PRIx32, code);
            return t;
        }
    }
    snprintf(t.s, sizeof t.s, "'%c%c%c%c'", c[0], c[1], c[2], c[3]);
    return t;
}

static uint64_t table_end_for(uint64_t count)
{
    return HEADER_SIZE + ENTRY_SIZE * count;
}

/* ------------------------------------------------------------ encode */

static eddy_result check_sections(const eddy_section *sections, int count, eddy_error *err)
{
    if (count < 0 || count > EDDY_MAX_SECTIONS)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "section count %d is outside 0..%d", count,
                         EDDY_MAX_SECTIONS);
    if (count > 0 && sections == NULL)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "%d sections but no section array", count);
    for (int i = 0; i < count; i++) {
        if (sections[i].data == NULL && sections[i].size > 0)
            return eddy_fail(err, EDDY_ERR_ARGUMENT, "section %s has %" PRIu64 " bytes but no data",
                             fourcc_name(sections[i].tag).s, sections[i].size);
        for (int j = 0; j < i; j++)
            if (sections[j].tag == sections[i].tag)
                return eddy_fail(err, EDDY_ERR_ARGUMENT, "duplicate section %s",
                                 fourcc_name(sections[i].tag).s);
    }
    return EDDY_OK;
}

/* Places each section at the next aligned offset; fails if the file would not fit in memory. */
static eddy_result plan_layout(const eddy_section *sections, int count, uint64_t *offsets,
                               size_t *total, eddy_error *err)
{
    uint64_t cursor = table_end_for((uint64_t)count);
    for (int i = 0; i < count; i++) {
        if (cursor > UINT64_MAX - (ALIGNMENT - 1))
            return eddy_fail(err, EDDY_ERR_RANGE, "sections too large for one file");
        uint64_t start = (cursor + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
        if (sections[i].size > UINT64_MAX - start)
            return eddy_fail(err, EDDY_ERR_RANGE, "sections too large for one file");
        offsets[i] = start;
        cursor = start + sections[i].size;
    }
    if ((uint64_t)(size_t)cursor != cursor)
        return eddy_fail(err, EDDY_ERR_RANGE, "a file of %" PRIu64 " bytes does not fit in memory",
                         cursor);
    *total = (size_t)cursor;
    return EDDY_OK;
}

static void write_header(uint8_t *buf, uint32_t kind, uint32_t version, int count)
{
    memcpy(buf, magic, sizeof magic);
    put_u32(buf + 8, kind);
    put_u32(buf + 12, version);
    put_u32(buf + 16, BYTE_ORDER_MARK);
    put_u32(buf + 20, (uint32_t)count);
    put_u32(buf + 24, eddyi_crc32(buf + HEADER_SIZE, ENTRY_SIZE * (size_t)count));
    put_u32(buf + 28, eddyi_crc32(buf, HEADER_CRC_SPAN));
}

eddy_result eddyi_container_encode(uint32_t kind, uint32_t version, const eddy_section *sections,
                                  int count, uint8_t **out, size_t *out_size, eddy_error *err)
{
    if (out == NULL || out_size == NULL)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "container encode: no output pointer");
    *out = NULL;
    *out_size = 0;
    eddy_result rc = check_sections(sections, count, err);
    if (rc != EDDY_OK)
        return rc;
    uint64_t offsets[EDDY_MAX_SECTIONS];
    size_t total = 0;
    rc = plan_layout(sections, count, offsets, &total, err);
    if (rc != EDDY_OK)
        return rc;

    uint8_t *buf = eddy_calloc(total, 1); /* zero-filled: the alignment gaps must be zero */
    if (buf == NULL)
        return eddy_fail(err, EDDY_ERR_MEMORY, "out of memory for a %zu-byte file", total);
    for (int i = 0; i < count; i++) {
        const eddy_section *s = &sections[i];
        uint8_t *entry = buf + HEADER_SIZE + ENTRY_SIZE * (size_t)i;
        if (s->size > 0)
            memcpy(buf + offsets[i], s->data, (size_t)s->size);
        put_u32(entry, s->tag);
        put_u32(entry + 4, eddyi_crc32(buf + offsets[i], (size_t)s->size));
        put_u64(entry + 8, offsets[i]);
        put_u64(entry + 16, s->size);
    }
    write_header(buf, kind, version, count);
    *out = buf;
    *out_size = total;
    return EDDY_OK;
}

/* ------------------------------------------------------------ decode */

typedef struct entry {
    uint32_t tag, crc;
    uint64_t offset, size;
} entry;

static eddy_result check_header(const uint8_t *p, size_t size, uint32_t kind,
                                uint32_t max_version, eddy_error *err)
{
    if (size < HEADER_SIZE)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "truncated: the file has %zu bytes, less than the %u-byte header", size,
                         HEADER_SIZE);
    if (memcmp(p, magic, sizeof magic) != 0)
        return eddy_fail(err, EDDY_ERR_FORMAT, "not an eddy file (bad magic)");
    /* The order mark comes before the header checksum: in a byte-swapped file
     * the checksum is swapped too, and the order mark is the telling error. */
    uint32_t bom = get_u32(p + 16);
    if (bom == SWAPPED_ORDER_MARK)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "written with byte order mark 0x%08" PRIx32
                         ": big-endian files are not supported", bom);
    if (bom != BYTE_ORDER_MARK)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "bad byte order mark 0x%08" PRIx32 " (expected 0x%08" PRIx32 ")", bom,
                         BYTE_ORDER_MARK);
    if (get_u32(p + 28) != eddyi_crc32(p, HEADER_CRC_SPAN))
        return eddy_fail(err, EDDY_ERR_FORMAT, "checksum mismatch in the file header");
    uint32_t file_kind = get_u32(p + 8);
    if (file_kind != kind)
        return eddy_fail(err, EDDY_ERR_FORMAT, "file kind %s where %s was expected",
                         fourcc_name(file_kind).s, fourcc_name(kind).s);
    uint32_t version = get_u32(p + 12);
    if (version > max_version)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "version %" PRIu32 " is newer than this build reads (%" PRIu32 ")", version,
                         max_version);
    uint32_t count = get_u32(p + 20);
    if (count > EDDY_MAX_SECTIONS)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%" PRIu32 " sections, more than the %d allowed",
                         count, EDDY_MAX_SECTIONS);
    return EDDY_OK;
}

static eddy_result read_table(const uint8_t *p, size_t size, uint32_t count, entry *entries,
                              eddy_error *err)
{
    uint64_t table_end = table_end_for(count);
    if (table_end > size)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "truncated: the section table ends at byte %" PRIu64
                         " but the file has %zu",
                         table_end, size);
    if (get_u32(p + 24) != eddyi_crc32(p + HEADER_SIZE, (size_t)(table_end - HEADER_SIZE)))
        return eddy_fail(err, EDDY_ERR_FORMAT, "checksum mismatch in the section table");
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = p + HEADER_SIZE + ENTRY_SIZE * i;
        entries[i] = (entry){get_u32(e), get_u32(e + 4), get_u64(e + 8), get_u64(e + 16)};
    }
    return EDDY_OK;
}

/* Alignment, bounds and uniqueness of one table entry. */
static eddy_result check_entry(const entry *entries, uint32_t i, uint64_t table_end, size_t size,
                               eddy_error *err)
{
    const entry *e = &entries[i];
    const fourcc_text tag = fourcc_name(e->tag);
    const char *name = tag.s;
    if (e->offset > UINT64_MAX - e->size)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "section %s: offset %" PRIu64 " plus size %" PRIu64 " overflows", name,
                         e->offset, e->size);
    if (e->offset % ALIGNMENT != 0)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "section %s starts at byte %" PRIu64 ", which is not 8-byte aligned",
                         name, e->offset);
    if (e->offset < table_end)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "section %s starts at byte %" PRIu64
                         ", inside the header or section table (they end at %" PRIu64 ")",
                         name, e->offset, table_end);
    if (e->offset + e->size > size)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "truncated: section %s ends at byte %" PRIu64 " but the file has %zu",
                         name, e->offset + e->size, size);
    for (uint32_t j = 0; j < i; j++)
        if (entries[j].tag == e->tag)
            return eddy_fail(err, EDDY_ERR_FORMAT, "duplicate section %s", name);
    return EDDY_OK;
}

/* order[] lists the entries by offset (then size), by insertion sort: n <= 64. */
static void sort_by_offset(const entry *entries, uint32_t count, uint32_t *order)
{
    for (uint32_t i = 0; i < count; i++) {
        uint32_t j = i;
        while (j > 0) {
            const entry *prev = &entries[order[j - 1]];
            const entry *cur = &entries[i];
            if (prev->offset < cur->offset ||
                (prev->offset == cur->offset && prev->size <= cur->size))
                break;
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

static eddy_result check_gap_is_zero(const uint8_t *p, uint64_t from, uint64_t to,
                                     eddy_error *err)
{
    for (uint64_t at = from; at < to; at++)
        if (p[at] != 0)
            return eddy_fail(err, EDDY_ERR_FORMAT,
                             "nonzero padding byte 0x%02x at byte %" PRIu64, (unsigned)p[at], at);
    return EDDY_OK;
}

/* Sections in file order must not overlap, gaps must be zero, and the file
 * must end where the last section does. */
static eddy_result check_placement(const uint8_t *p, size_t size, const entry *entries,
                                   uint32_t count, eddy_error *err)
{
    uint32_t order[EDDY_MAX_SECTIONS];
    sort_by_offset(entries, count, order);
    uint64_t cursor = table_end_for(count);
    const entry *last = NULL; /* set before any overlap can be seen: check_entry keeps
                                 every section past the table, where cursor starts */
    for (uint32_t k = 0; k < count; k++) {
        const entry *e = &entries[order[k]];
        if (e->offset < cursor)
            return eddy_fail(err, EDDY_ERR_FORMAT, "sections %s and %s overlap",
                             fourcc_name(last->tag).s, fourcc_name(e->tag).s);
        eddy_result rc = check_gap_is_zero(p, cursor, e->offset, err);
        if (rc != EDDY_OK)
            return rc;
        cursor = e->offset + e->size;
        last = e;
    }
    if (cursor != size)
        return eddy_fail(err, EDDY_ERR_FORMAT,
                         "%" PRIu64 " trailing bytes after the last section, which ends at byte %"
                         PRIu64,
                         (uint64_t)size - cursor, cursor);
    return EDDY_OK;
}

static eddy_result check_data(const uint8_t *p, const entry *entries, uint32_t count,
                              eddy_error *err)
{
    for (uint32_t i = 0; i < count; i++) {
        const entry *e = &entries[i];
        if (eddyi_crc32(p + e->offset, (size_t)e->size) != e->crc)
            return eddy_fail(err, EDDY_ERR_FORMAT, "checksum mismatch in section %s",
                             fourcc_name(e->tag).s);
    }
    return EDDY_OK;
}

static eddy_result decode_into(const uint8_t *p, size_t size, uint32_t kind,
                               uint32_t max_version, eddy_container *out, eddy_error *err)
{
    eddy_result rc = check_header(p, size, kind, max_version, err);
    if (rc != EDDY_OK)
        return rc;
    uint32_t count = get_u32(p + 20);
    entry entries[EDDY_MAX_SECTIONS];
    rc = read_table(p, size, count, entries, err);
    for (uint32_t i = 0; rc == EDDY_OK && i < count; i++)
        rc = check_entry(entries, i, table_end_for(count), size, err);
    if (rc == EDDY_OK)
        rc = check_placement(p, size, entries, count, err);
    if (rc == EDDY_OK)
        rc = check_data(p, entries, count, err);
    if (rc != EDDY_OK)
        return rc;

    out->kind = kind;
    out->version = get_u32(p + 12);
    out->count = (int)count;
    for (uint32_t i = 0; i < count; i++)
        out->sections[i] = (eddy_section){entries[i].tag, p + entries[i].offset, entries[i].size};
    return EDDY_OK;
}

eddy_result eddyi_container_decode(const void *data, size_t size, uint32_t kind,
                                  uint32_t max_version, eddy_container *out, eddy_error *err)
{
    if (out == NULL)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "container decode: no output pointer");
    memset(out, 0, sizeof *out);
    if (data == NULL && size > 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "container decode: %zu bytes but no data", size);
    if (data == NULL)
        return eddy_fail(err, EDDY_ERR_FORMAT, "truncated: the file is empty");
    eddy_result rc = decode_into(data, size, kind, max_version, out, err);
    if (rc != EDDY_OK)
        memset(out, 0, sizeof *out); /* no half-filled index on failure */
    return rc;
}

const eddy_section *eddyi_container_find(const eddy_container *c, uint32_t tag)
{
    if (c == NULL)
        return NULL;
    for (int i = 0; i < c->count; i++)
        if (c->sections[i].tag == tag)
            return &c->sections[i];
    return NULL;
}
