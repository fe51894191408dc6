// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_mode_file.c - mode files (painted fields, snapshot sets): exact round
 * trips, rejection of wrong grids, non-finite values, bad names, truncated
 * and corrupted files with telling messages, and saves that never lose the
 * previous file. Buffers handed to the decoder are malloc'd at their exact
 * size so a sanitizer build catches any read past the end. */
#include "test_util.h"

#include "fluid_internal.h"
#include "eddy_mode.h"
#include "fault_write.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#define KIND_MODE EDDY_FOURCC('M', 'O', 'D', 'E')
#define TAG_MHDR EDDY_FOURCC('M', 'H', 'D', 'R')
#define TAG_MDAT EDDY_FOURCC('M', 'D', 'A', 'T')

/* ------------------------------------------------------------ helpers */

typedef struct scratch_dir {
    char path[64];
} scratch_dir;

static scratch_dir make_dir(void)
{
    scratch_dir d;
    strcpy(d.path, "/tmp/eddy_mode_test_XXXXXX");
    assert_non_null(mkdtemp(d.path));
    return d;
}

/* Counts the files in the directory, deleting them if asked. */
static int visit_entries(const scratch_dir *d, bool delete)
{
    DIR *dir = opendir(d->path);
    assert_non_null(dir);
    int entries = 0;
    struct dirent *e;
    char file[512];
    while ((e = readdir(dir)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(file, sizeof file, "%s/%s", d->path, e->d_name);
        if (delete)
            unlink(file);
        ++entries;
    }
    closedir(dir);
    return entries;
}

static int count_entries(const scratch_dir *d) { return visit_entries(d, false); }

/* Removes the directory and everything in it; returns how many files it held. */
static int remove_dir(const scratch_dir *d)
{
    int entries = visit_entries(d, true);
    rmdir(d->path);
    return entries;
}

static void path_in(const scratch_dir *d, const char *name, char *out, size_t size)
{
    snprintf(out, size, "%s/%s", d->path, name);
}

/* A painted-looking set: random values plus the awkward ones (-0, subnormal,
 * huge, tiny) that a lossy format would change. */
static eddy_mode_set *painted_set(const char *name, int nx, int ny, int count, uint64_t seed)
{
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    if (eddy_mode_set_create(name, 10.0, 7.5, nx, ny, count, &set, &err) != EDDY_OK)
        fail_msg("create failed: %s", err.message);
    for (int k = 0; k < count; ++k) {
        double *f = eddy_mode_set_field(set, k);
        for (int s = 0; s < eddy_mode_set_field_size(set); ++s)
            f[s] = test_random(&seed) * 3.0;
        f[0] = -0.0;
        f[1] = 4.9e-324;
        f[2] = 1.0 / 3.0;
        f[3] = 1.7e308;
    }
    return set;
}

static void assert_sets_identical(const eddy_mode_set *a, const eddy_mode_set *b)
{
    assert_string_equal(eddy_mode_set_name(a), eddy_mode_set_name(b));
    assert_int_equal(eddy_mode_set_kind(a), eddy_mode_set_kind(b));
    eddy_mode_grid ga = eddy_mode_set_grid(a), gb = eddy_mode_set_grid(b);
    assert_memory_equal(&ga.width, &gb.width, sizeof ga.width);
    assert_memory_equal(&ga.height, &gb.height, sizeof ga.height);
    assert_int_equal(ga.nx, gb.nx);
    assert_int_equal(ga.ny, gb.ny);
    assert_int_equal(eddy_mode_set_count(a), eddy_mode_set_count(b));
    for (int k = 0; k < eddy_mode_set_count(a); ++k)
        assert_memory_equal(eddy_mode_set_field_const(a, k), eddy_mode_set_field_const(b, k),
                            (size_t)eddy_mode_set_field_size(a) * sizeof(double));
}

static uint8_t *read_whole(const char *path, size_t *size)
{
    uint8_t *bytes = NULL;
    eddy_error err = {0};
    if (eddy_read_file(path, 1u << 30, &bytes, size, &err) != EDDY_OK)
        fail_msg("read failed: %s", err.message);
    return bytes;
}

/* Loads a copy of bytes[0..size) held in a buffer of exactly that size. */
static eddy_result load_exact(const uint8_t *bytes, size_t size, eddy_error *err)
{
    uint8_t *copy = malloc(size ? size : 1);
    assert_non_null(copy);
    if (size)
        memcpy(copy, bytes, size);
    eddy_mode_set *set = NULL;
    eddy_result rc = eddy_mode_set_load_memory(copy, size, NULL, &set, err);
    if (rc == EDDY_OK)
        assert_non_null(set);
    else
        assert_null(set);
    eddy_mode_set_destroy(set);
    free(copy);
    return rc;
}

/* A hand-made mode file, written from the format description in eddy_mode.h
 * rather than by the library, so the tests pin the format down. */
typedef struct raw_mode {
    uint32_t kind;
    double width, height;
    uint32_t nx, ny, count;
    const char *name;
    uint32_t name_length; /* may disagree with strlen(name) on purpose */
    const double *data;
    size_t data_values;
} raw_mode;

static uint8_t *encode_raw(const raw_mode *m, size_t *size)
{
    eddy_writer head = {0}, body = {0};
    eddyi_write_u32(&head, m->kind);
    eddyi_write_u32(&head, 0);
    eddyi_write_f64(&head, m->width);
    eddyi_write_f64(&head, m->height);
    eddyi_write_u32(&head, m->nx);
    eddyi_write_u32(&head, m->ny);
    eddyi_write_u32(&head, m->count);
    eddyi_write_u32(&head, m->name_length);
    size_t have = strlen(m->name);
    for (uint32_t k = 0; k < m->name_length; k += 4) {
        uint32_t word = 0;
        for (uint32_t b = 0; b < 4 && k + b < m->name_length && k + b < have; ++b)
            word |= (uint32_t)(unsigned char)m->name[k + b] << (8 * b);
        eddyi_write_u32(&head, word);
    }
    eddyi_write_f64s(&body, m->data, m->data_values);
    eddy_section sections[2] = {{TAG_MHDR, head.data, head.size}, {TAG_MDAT, body.data, body.size}};
    uint8_t *out = NULL;
    eddy_error err = {0};
    if (eddyi_container_encode(KIND_MODE, 1, sections, 2, &out, size, &err) != EDDY_OK)
        fail_msg("encode failed: %s", err.message);
    eddyi_writer_free(&head);
    eddyi_writer_free(&body);
    return out;
}

/* A well-formed 3 x 2 grid, two-field raw mode; tests spoil one thing. */
static raw_mode small_raw(double *data, size_t values)
{
    for (size_t k = 0; k < values; ++k)
        data[k] = 0.25 * (double)k - 1.0;
    raw_mode m = {0, 2.0, 1.0, 3, 2, 2, "swirl", 5, data, values};
    return m;
}

#define SMALL_VALUES (2 * ((3 + 1) * 2 + 3 * (2 + 1)))

static void expect_raw_rejected(const raw_mode *m, eddy_result code, const char *word)
{
    size_t size = 0;
    uint8_t *bytes = encode_raw(m, &size);
    eddy_error err = {0};
    assert_int_equal(load_exact(bytes, size, &err), code);
    if (!strstr(err.message, word))
        fail_msg("message '%s' lacks '%s'", err.message, word);
    free(bytes);
}

/* ------------------------------------------------------------ round trips */

static void painted_mode_survives_bit_for_bit(void **state)
{
    (void)state;
    scratch_dir dir = make_dir();
    char path[256];
    path_in(&dir, "jet.mode", path, sizeof path);
    eddy_mode_set *set = painted_set("jet \xc3\xa9t\xc3\xa9", 40, 30, 3, 1);
    eddy_error err = {0};
    assert_int_equal(eddy_mode_set_save(set, path, &err), EDDY_OK);

    eddy_mode_grid want = {10.0, 7.5, 40, 30};
    eddy_mode_set *back = NULL;
    if (eddy_mode_set_load(path, &want, &back, &err) != EDDY_OK)
        fail_msg("load failed: %s", err.message);
    assert_sets_identical(set, back);
    assert_int_equal(eddy_mode_set_kind(back), EDDY_MODE_PAINTED);
    eddy_mode_set_destroy(back);

    /* A snapshot set, loaded without an expected grid. */
    assert_int_equal(eddy_mode_set_assign_kind(set, EDDY_MODE_SNAPSHOTS, &err), EDDY_OK);
    assert_int_equal(eddy_mode_set_rename(set, "recorded", &err), EDDY_OK);
    assert_int_equal(eddy_mode_set_save(set, path, &err), EDDY_OK);
    assert_int_equal(eddy_mode_set_load(path, NULL, &back, &err), EDDY_OK);
    assert_sets_identical(set, back);
    assert_string_equal(eddy_mode_set_name(back), "recorded");
    assert_int_equal(eddy_mode_set_kind(back), EDDY_MODE_SNAPSHOTS);
    eddy_mode_set_destroy(back);
    eddy_mode_set_destroy(set);
    assert_int_equal(remove_dir(&dir), 1); /* no temporary file left behind */
}

static void the_format_is_as_documented(void **state)
{
    (void)state;
    double data[SMALL_VALUES];
    raw_mode m = small_raw(data, SMALL_VALUES);
    size_t size = 0;
    uint8_t *bytes = encode_raw(&m, &size);
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    if (eddy_mode_set_load_memory(bytes, size, NULL, &set, &err) != EDDY_OK)
        fail_msg("load failed: %s", err.message);
    assert_string_equal(eddy_mode_set_name(set), "swirl");
    assert_int_equal(eddy_mode_set_count(set), 2);
    assert_int_equal(eddy_mode_set_field_size(set), SMALL_VALUES / 2);
    /* Field 1, v sample (i=2, j=1): index (nx+1) ny + j nx + i in the field. */
    int s = 4 * 2 + 1 * 3 + 2;
    assert_true(eddy_mode_set_field(set, 1)[s] == data[SMALL_VALUES / 2 + s]);
    assert_null(eddy_mode_set_field(set, 2));
    assert_null(eddy_mode_set_field(set, -1));

    /* And the library writes exactly these bytes for the same set. */
    eddy_mode_set *same = NULL;
    assert_int_equal(eddy_mode_set_create("swirl", 2.0, 1.0, 3, 2, 2, &same, &err), EDDY_OK);
    for (int k = 0; k < 2; ++k)
        memcpy(eddy_mode_set_field(same, k), data + k * (SMALL_VALUES / 2),
               sizeof(double) * (SMALL_VALUES / 2));
    scratch_dir dir = make_dir();
    char path[256];
    path_in(&dir, "swirl.mode", path, sizeof path);
    assert_int_equal(eddy_mode_set_save(same, path, &err), EDDY_OK);
    size_t saved_size = 0;
    uint8_t *saved = read_whole(path, &saved_size);
    assert_int_equal(saved_size, size);
    assert_memory_equal(saved, bytes, size);
    free(saved);
    remove_dir(&dir);
    eddy_mode_set_destroy(same);
    eddy_mode_set_destroy(set);
    free(bytes);
}

/* ------------------------------------------------------------ rejection */

static void wrong_grid_is_rejected(void **state)
{
    (void)state;
    scratch_dir dir = make_dir();
    char path[256];
    path_in(&dir, "a.mode", path, sizeof path);
    eddy_mode_set *set = painted_set("a", 16, 12, 1, 2);
    assert_int_equal(eddy_mode_set_save(set, path, NULL), EDDY_OK);
    eddy_mode_grid wants[3] = {{10.0, 7.5, 32, 12}, {10.0, 7.5, 16, 13}, {10.0, 8.0, 16, 12}};
    for (int k = 0; k < 3; ++k) {
        eddy_mode_set *back = (eddy_mode_set *)(void *)&dir; /* must come back NULL */
        eddy_error err = {0};
        assert_int_equal(eddy_mode_set_load(path, &wants[k], &back, &err), EDDY_ERR_RANGE);
        assert_null(back);
        assert_non_null(strstr(err.message, "grid mismatch"));
        assert_non_null(strstr(err.message, path));
    }
    eddy_mode_set_destroy(set);
    remove_dir(&dir);
}

static void non_finite_values_are_rejected(void **state)
{
    (void)state;
    double bad[3] = {NAN, INFINITY, -INFINITY};
    for (int k = 0; k < 3; ++k) {
        double data[SMALL_VALUES];
        raw_mode m = small_raw(data, SMALL_VALUES);
        data[SMALL_VALUES - 2] = bad[k];
        expect_raw_rejected(&m, EDDY_ERR_FORMAT, "NaN or Inf");
    }
    /* The library never writes such a file. */
    scratch_dir dir = make_dir();
    char path[256];
    path_in(&dir, "nan.mode", path, sizeof path);
    eddy_mode_set *set = painted_set("nan", 8, 8, 2, 3);
    eddy_mode_set_field(set, 1)[5] = NAN;
    eddy_error err = {0};
    assert_int_equal(eddy_mode_set_save(set, path, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "NaN"));
    assert_non_null(strstr(err.message, "field 1"));
    assert_int_equal(access(path, F_OK), -1);
    eddy_mode_set_destroy(set);
    assert_int_equal(remove_dir(&dir), 0);
}

static void bad_names_and_shapes_are_rejected(void **state)
{
    (void)state;
    char long_name[EDDY_MODE_NAME_MAX + 2];
    memset(long_name, 'x', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_mode_set_create(long_name, 1, 1, 4, 4, 1, &set, &err),
                     EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "too long"));
    assert_int_equal(eddy_mode_set_create("", 1, 1, 4, 4, 1, &set, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "empty"));
    assert_int_equal(eddy_mode_set_create("tab\there", 1, 1, 4, 4, 1, &set, &err),
                     EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "control"));
    assert_int_equal(eddy_mode_set_create("ok", 1, 1, 1, 4, 1, &set, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "grid"));
    assert_int_equal(eddy_mode_set_create("ok", NAN, 1, 4, 4, 1, &set, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_mode_set_create("ok", 1, 1, 4, 4, 0, &set, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "count"));
    assert_null(set);
    long_name[EDDY_MODE_NAME_MAX] = '\0'; /* exactly the limit is fine */
    assert_int_equal(eddy_mode_set_create(long_name, 1, 1, 4, 4, 1, &set, &err), EDDY_OK);
    assert_int_equal(eddy_mode_set_rename(set, "", &err), EDDY_ERR_ARGUMENT);
    assert_string_equal(eddy_mode_set_name(set), long_name);
    eddy_mode_set_destroy(set);

    double data[SMALL_VALUES];
    raw_mode m = small_raw(data, SMALL_VALUES);
    m.name_length = 0;
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "empty");
    m = small_raw(data, SMALL_VALUES);
    m.name = "a name far longer than sixty-four bytes, which no mode set may carry at all";
    m.name_length = (uint32_t)strlen(m.name);
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "too long");
    m = small_raw(data, SMALL_VALUES);
    m.nx = 1;
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "grid");
    m = small_raw(data, SMALL_VALUES);
    m.count = 0;
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "count");
    m = small_raw(data, SMALL_VALUES);
    m.kind = 7;
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "kind");
    m = small_raw(data, SMALL_VALUES);
    m.width = -2.0;
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "domain");
    /* Data that does not fit the grid: one value short, one too many. */
    m = small_raw(data, SMALL_VALUES);
    m.data_values = SMALL_VALUES - 1;
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "truncated");
    double more[SMALL_VALUES + 1] = {0};
    m = small_raw(more, SMALL_VALUES + 1);
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "size mismatch");
    /* A huge claimed grid is refused before anything is allocated for it. */
    m = small_raw(data, SMALL_VALUES);
    m.nx = 4000, m.ny = 4000, m.count = 60000;
    expect_raw_rejected(&m, EDDY_ERR_FORMAT, "too large");
}

static void other_file_kinds_are_rejected(void **state)
{
    (void)state;
    eddy_section s = {TAG_MHDR, "abcd", 4};
    uint8_t *bytes = NULL;
    size_t size = 0;
    assert_int_equal(eddyi_container_encode(EDDY_FOURCC('A', 'S', 'S', 'T'), 1, &s, 1, &bytes, &size,
                                           NULL),
                     EDDY_OK);
    eddy_error err = {0};
    assert_int_equal(load_exact(bytes, size, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "kind"));
    free(bytes);
    /* A mode file without its data section. */
    assert_int_equal(eddyi_container_encode(KIND_MODE, 1, &s, 1, &bytes, &size, NULL), EDDY_OK);
    assert_int_equal(load_exact(bytes, size, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "missing section 'MDAT'"));
    free(bytes);
}

/* Every truncation and every single-byte change of a small file is rejected. */
static void truncated_and_corrupted_files_are_rejected(void **state)
{
    (void)state;
    double data[SMALL_VALUES];
    raw_mode m = small_raw(data, SMALL_VALUES);
    size_t size = 0;
    uint8_t *bytes = encode_raw(&m, &size);
    eddy_error err = {0};
    assert_int_equal(load_exact(bytes, size, &err), EDDY_OK);
    for (size_t cut = 0; cut < size; ++cut) {
        assert_int_equal(load_exact(bytes, cut, &err), EDDY_ERR_FORMAT);
        if (!strstr(err.message, "truncated"))
            fail_msg("cut at %zu: '%s' lacks 'truncated'", cut, err.message);
    }
    int checksum_messages = 0;
    for (size_t at = 0; at < size; ++at)
        for (int bit = 0; bit < 8; ++bit) {
            bytes[at] ^= (uint8_t)(1u << bit);
            assert_int_equal(load_exact(bytes, size, &err), EDDY_ERR_FORMAT);
            checksum_messages += strstr(err.message, "checksum") != NULL;
            bytes[at] ^= (uint8_t)(1u << bit);
        }
    /* Past the header fields the container reads unchecked, a flipped bit is
     * a checksum mismatch. */
    assert_true(checksum_messages > (int)(size * 8 * 3 / 4));

    /* One corrupted double in the data of a real saved file names the section. */
    scratch_dir dir = make_dir();
    char path[256];
    path_in(&dir, "c.mode", path, sizeof path);
    eddy_mode_set *set = painted_set("c", 16, 16, 2, 4);
    assert_int_equal(eddy_mode_set_save(set, path, NULL), EDDY_OK);
    size_t file_size = 0;
    uint8_t *file = read_whole(path, &file_size);
    file[file_size - 100] ^= 0x10;
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(file, 1, file_size, f), file_size);
    fclose(f);
    eddy_mode_set *back = NULL;
    assert_int_equal(eddy_mode_set_load(path, NULL, &back, &err), EDDY_ERR_FORMAT);
    if (!strstr(err.message, "checksum mismatch in section 'MDAT'"))
        fail_msg("message: %s", err.message);
    /* And a file cut short on disk. */
    assert_int_equal(truncate(path, (off_t)(file_size / 2)), 0);
    assert_int_equal(eddy_mode_set_load(path, NULL, &back, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "truncated"));
    assert_null(back);
    free(file);
    eddy_mode_set_destroy(set);
    remove_dir(&dir);
    free(bytes);
}

/* ------------------------------------------------------------ safe saves */

static void interrupted_save_keeps_the_previous_file(void **state)
{
    (void)state;
    scratch_dir dir = make_dir();
    char path[256];
    path_in(&dir, "keep.mode", path, sizeof path);
    eddy_mode_set *first = painted_set("first", 24, 16, 2, 5);
    assert_int_equal(eddy_mode_set_save(first, path, NULL), EDDY_OK);

    eddy_mode_set *second = painted_set("second", 24, 16, 3, 6);
    size_t limits[3] = {1, 100, 10000};
    for (int k = 0; k < 3; ++k) {
        test_fail_writes_after(limits[k]);
        eddy_error err = {0};
        eddy_result rc = eddy_mode_set_save(second, path, &err);
        test_fail_writes_after(0);
        assert_int_equal(rc, EDDY_ERR_IO);
        assert_non_null(strstr(err.message, path));

        eddy_mode_set *back = NULL;
        if (eddy_mode_set_load(path, NULL, &back, &err) != EDDY_OK)
            fail_msg("previous file lost: %s", err.message);
        assert_sets_identical(first, back);
        eddy_mode_set_destroy(back);
        assert_int_equal(count_entries(&dir), 1); /* the failed temporary is gone */
    }
    /* An uninterrupted save then replaces it. */
    assert_int_equal(eddy_mode_set_save(second, path, NULL), EDDY_OK);
    eddy_mode_set *back = NULL;
    assert_int_equal(eddy_mode_set_load(path, NULL, &back, NULL), EDDY_OK);
    assert_sets_identical(second, back);
    eddy_mode_set_destroy(back);
    eddy_mode_set_destroy(first);
    eddy_mode_set_destroy(second);
    assert_int_equal(remove_dir(&dir), 1); /* no temporary files left over */
}

static void null_arguments_are_rejected(void **state)
{
    (void)state;
    eddy_error err = {0};
    eddy_mode_set *set = NULL;
    assert_int_equal(eddy_mode_set_create(NULL, 1, 1, 4, 4, 1, &set, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_mode_set_create("a", 1, 1, 4, 4, 1, NULL, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_mode_set_load(NULL, NULL, &set, &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_mode_set_load("/nonexistent/dir/x.mode", NULL, &set, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "/nonexistent/dir/x.mode"));
    assert_int_equal(eddy_mode_set_save(NULL, "x", &err), EDDY_ERR_ARGUMENT);
    assert_int_equal(eddy_mode_set_load_memory(NULL, 0, NULL, &set, &err), EDDY_ERR_FORMAT);
    eddy_mode_set_destroy(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(painted_mode_survives_bit_for_bit),
        cmocka_unit_test(the_format_is_as_documented),
        cmocka_unit_test(wrong_grid_is_rejected),
        cmocka_unit_test(non_finite_values_are_rejected),
        cmocka_unit_test(bad_names_and_shapes_are_rejected),
        cmocka_unit_test(other_file_kinds_are_rejected),
        cmocka_unit_test(truncated_and_corrupted_files_are_rejected),
        cmocka_unit_test(interrupted_save_keeps_the_previous_file),
        cmocka_unit_test(null_arguments_are_rejected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
