// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_asset.c - asset files: bit-exact round trip, atomic saves, and every
 * truncated, corrupted or inconsistent file refused with a message. */
#include "test_util.h"

#include "fluid_internal.h"
#include "fault_write.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void assert_same_asset(const eddy_asset *a, const eddy_asset *b)
{
    assert_true(a->width == b->width && a->height == b->height);
    assert_int_equal(a->nx, b->nx);
    assert_int_equal(a->ny, b->ny);
    assert_int_equal(a->mode_count, b->mode_count);
    assert_int_equal(a->eigen_count, b->eigen_count);
    size_t r = (size_t)a->mode_count;
    for (size_t m = 0; m < (size_t)a->eigen_count; ++m) {
        assert_int_equal(a->modes[m].k1, b->modes[m].k1);
        assert_int_equal(a->modes[m].k2, b->modes[m].k2);
        assert_true(a->modes[m].lambda == b->modes[m].lambda);
    }
    assert_memory_equal(a->viscosity, b->viscosity, r * r * sizeof(double));
    assert_int_equal(a->tensor.nnz, b->tensor.nnz);
    assert_memory_equal(a->tensor.start, b->tensor.start, (r + 1) * sizeof(int64_t));
    size_t n = (size_t)a->tensor.nnz;
    assert_memory_equal(a->tensor.k, b->tensor.k, n * sizeof(int32_t));
    assert_memory_equal(a->tensor.j, b->tensor.j, n * sizeof(int32_t));
    assert_memory_equal(a->tensor.value, b->tensor.value, n * sizeof(double));
}

static void round_trip_is_bit_exact(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(12, 7, 48, 28, 60);
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_memory(data, size, &b, &err), EDDY_OK);
    assert_same_asset(a, b);
    /* through a file as well, and a fluid made from either steps identically */
    char path[] = "/tmp/eddy-asset-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    assert_int_equal(eddy_asset_save_file(a, path, &err), EDDY_OK);
    eddy_asset *c = NULL;
    assert_int_equal(eddy_asset_load_file(path, &c, &err), EDDY_OK);
    assert_same_asset(a, c);
    eddy_fluid *fa = test_make_fluid(a, 0), *fc = test_make_fluid(c, 0);
    eddy_stir st = {.x = 4, .y = 3, .radius = 1, .fx = 100};
    eddy_fluid_add_stir(fa, &st);
    eddy_fluid_add_stir(fc, &st);
    for (int s = 0; s < 100; ++s) eddy_fluid_step(fa, 0.02), eddy_fluid_step(fc, 0.02);
    assert_memory_equal(eddy_fluid_coefficients(fa), eddy_fluid_coefficients(fc), 60 * sizeof(double));
    eddy_fluid_destroy(fa), eddy_fluid_destroy(fc);
    unlink(path);
    free(data);
    eddy_asset_destroy(a), eddy_asset_destroy(b), eddy_asset_destroy(c);
}

static void every_truncation_is_refused(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 8, 8, 9);
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    for (size_t cut = 0; cut < size; ++cut) {
        unsigned char *copy = malloc(cut ? cut : 1); /* exact size: ASan sees over-reads */
        memcpy(copy, data, cut);
        eddy_asset *b = NULL;
        eddy_error err = {0};
        assert_int_equal(eddy_asset_load_memory(copy, cut, &b, &err), EDDY_ERR_FORMAT);
        assert_null(b);
        assert_true(strlen(err.message) > 5);
        free(copy);
    }
    free(data);
    eddy_asset_destroy(a);
}

static void every_byte_corruption_is_refused(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 8, 8, 9);
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    for (size_t at = 0; at < size; ++at) {
        data[at] ^= 0x5a;
        eddy_asset *b = NULL;
        eddy_error err = {0};
        assert_int_equal(eddy_asset_load_memory(data, size, &b, &err), EDDY_ERR_FORMAT);
        assert_null(b);
        data[at] ^= 0x5a;
    }
    free(data);
    eddy_asset_destroy(a);
}

/* Files whose checksums are right but whose content is not: rebuilt with the
 * container encoder around hand-made sections. */
static eddy_result load_crafted(const eddy_section *sections, int count, eddy_error *err)
{
    uint8_t *data;
    size_t size;
    assert_int_equal(eddyi_container_encode(EDDY_FOURCC('A', 'S', 'S', 'T'), EDDY_ASSET_VERSION,
                                           sections, count, &data, &size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    eddy_result res = eddy_asset_load_memory(data, size, &b, err);
    assert_true(res == EDDY_OK || b == NULL);
    eddy_asset_destroy(b);
    free(data);
    return res;
}

typedef struct crafted {
    eddy_writer w[4];
    eddy_section s[4];
} crafted;

/* A valid 2-mode asset written field by field; tweak() may spoil one field. */
static void craft(crafted *c, double width, int modes_field, int k1, uint64_t nnz, int32_t kidx,
                  double value)
{
    memset(c, 0, sizeof *c);
    eddyi_write_f64(&c->w[0], width);
    eddyi_write_f64(&c->w[0], 10.0);
    eddyi_write_i32(&c->w[0], 8);
    eddyi_write_i32(&c->w[0], 8);
    eddyi_write_i32(&c->w[0], modes_field);
    eddyi_write_i32(&c->w[0], modes_field);
    eddyi_write_u32(&c->w[0], 1);
    eddyi_write_i32(&c->w[1], k1), eddyi_write_i32(&c->w[1], 1);
    eddyi_write_i32(&c->w[1], 1), eddyi_write_i32(&c->w[1], 2);
    /* D~ is minus the eigenvalues (the loader recomputes them) */
    double a1 = k1 * M_PI / width, b = M_PI / 10.0;
    eddyi_write_f64(&c->w[2], -(a1 * a1 + b * b));
    eddyi_write_f64(&c->w[2], -(M_PI * M_PI / (width * width) + 4 * b * b));
    /* slot 0 holds A_0 = [[0, v], [-v, 0]]: skew, as the loader requires (and
     * v = 0, the closed form of these modes, for the baseline) */
    eddyi_write_u64(&c->w[3], nnz);
    eddyi_write_u64(&c->w[3], 0), eddyi_write_u64(&c->w[3], 2), eddyi_write_u64(&c->w[3], 2);
    eddyi_write_i32(&c->w[3], kidx), eddyi_write_i32(&c->w[3], 1);
    eddyi_write_i32(&c->w[3], 1), eddyi_write_i32(&c->w[3], kidx);
    eddyi_write_f64(&c->w[3], value), eddyi_write_f64(&c->w[3], -value);
    const uint32_t tags[4] = {EDDY_FOURCC('D', 'O', 'M', 'N'), EDDY_FOURCC('E', 'M', 'O', 'D'),
                              EDDY_FOURCC('V', 'I', 'S', 'C'), EDDY_FOURCC('A', 'D', 'V', 'T')};
    for (int s = 0; s < 4; ++s) c->s[s] = (eddy_section){tags[s], c->w[s].data, c->w[s].size};
}

static void uncraft(crafted *c)
{
    for (int s = 0; s < 4; ++s) eddyi_writer_free(&c->w[s]);
}

static void inconsistent_content_is_refused(void **state)
{
    (void)state;
    crafted c;
    eddy_error err = {0};
    /* slot 0's entries are 0: these two modes have no closed-form coupling */
    craft(&c, 10.0, 2, 1, 2, 0, 0.0);
    if (load_crafted(c.s, 4, &err) != EDDY_OK) fail_msg("the baseline is refused: %s", err.message);
    uncraft(&c);

    struct {
        double width;
        int modes, k1;
        uint64_t nnz;
        int32_t kidx;
        double value;
        const char *word;
    } bad[] = {
        {-3.0, 2, 1, 2, 0, 0.5, "domain"},
        {NAN, 2, 1, 2, 0, 0.5, "domain"},
        {10.0, 0, 1, 2, 0, 0.5, "modes"},
        {10.0, 2, 0, 2, 0, 0.5, "wave"},
        {10.0, 2, 9999, 2, 0, 0.5, "wave"},
        {10.0, 2, 1, 2, 7, 0.5, "outside"},
        {10.0, 2, 1, 2, 0, INFINITY, "finite"},
        {10.0, 2, 1, 1u << 30, 0, 0.5, "entries"},
    };
    for (size_t b = 0; b < sizeof bad / sizeof bad[0]; ++b) {
        craft(&c, bad[b].width, bad[b].modes, bad[b].k1, bad[b].nnz, bad[b].kidx, bad[b].value);
        err.message[0] = 0;
        assert_int_equal(load_crafted(c.s, 4, &err), EDDY_ERR_FORMAT);
        if (!strstr(err.message, bad[b].word))
            fail_msg("case %zu: message '%s' lacks '%s'", b, err.message, bad[b].word);
        uncraft(&c);
    }
    /* a missing section is named */
    craft(&c, 10.0, 2, 1, 2, 0, 0.0);
    assert_int_equal(load_crafted(c.s, 3, &err), EDDY_ERR_FORMAT);
    assert_non_null(strstr(err.message, "ADVT"));
    uncraft(&c);
}

static void missing_file_and_failed_save(void **state)
{
    (void)state;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_file("/nonexistent/level.eddy", &a, &err), EDDY_ERR_IO);
    assert_non_null(strstr(err.message, "/nonexistent/level.eddy"));
    /* An interrupted save leaves the previous asset whole and loadable. */
    eddy_asset *v1 = test_build_asset(10, 10, 8, 8, 5), *v2 = test_build_asset(10, 10, 8, 8, 30);
    char path[] = "/tmp/eddy-asset-XXXXXX";
    close(mkstemp(path));
    assert_int_equal(eddy_asset_save_file(v1, path, &err), EDDY_OK);
    test_fail_writes_after(100);
    assert_int_equal(eddy_asset_save_file(v2, path, &err), EDDY_ERR_IO);
    test_fail_writes_after(0);
    assert_int_equal(eddy_asset_load_file(path, &a, &err), EDDY_OK);
    assert_int_equal(a->mode_count, 5);
    eddy_asset_destroy(a), eddy_asset_destroy(v1), eddy_asset_destroy(v2);
    unlink(path);
}

static void bad_build_requests_fail(void **state)
{
    (void)state;
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 1, .ny = 8, .modes = 4};
    eddy_asset *a = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_build_asset(&d, &a, &err), EDDY_ERR_ARGUMENT);
    assert_non_null(strstr(err.message, "grid"));
    d.nx = 8, d.modes = -2;
    assert_int_equal(eddy_build_asset(&d, &a, &err), EDDY_ERR_ARGUMENT);
    d.modes = 4, d.width = INFINITY;
    assert_int_equal(eddy_build_asset(&d, &a, &err), EDDY_ERR_ARGUMENT);
    assert_null(a);
}

/* The 5.19 table every asset carries: round trip, and refusal of a table
 * that would not bound the error (growing with distance, negative, NaN). */
static void quadtree_table_round_trips_and_is_checked(void **state)
{
    (void)state;
    eddy_asset *a = test_build_asset(10, 10, 32, 32, 12);
    const eddy_qt_table *t = &a->quadtree_table;
    assert_true(t->levels >= 3 && t->bins > 10);
    assert_true(t->panel_length == 10.0 / 32);
    unsigned char *data;
    size_t size;
    assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
    eddy_asset *b = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_asset_load_memory(data, size, &b, &err), EDDY_OK);
    assert_int_equal(b->quadtree_table.levels, t->levels);
    assert_memory_equal(b->quadtree_table.error, t->error,
                        (size_t)t->levels * (size_t)t->bins * sizeof(double));
    free(data);
    eddy_asset_destroy(b);
    const double spoil[3] = {1e9, -1.0, NAN};
    for (int k = 0; k < 3; ++k) {
        size_t at = (size_t)(t->levels - 1) * (size_t)t->bins + (size_t)t->bins / 2;
        double keep = t->error[at];
        t->error[at] = spoil[k];
        assert_int_equal(eddy_asset_encode(a, &data, &size, NULL), EDDY_OK);
        assert_int_equal(eddy_asset_load_memory(data, size, &b, &err), EDDY_ERR_FORMAT);
        assert_non_null(strstr(err.message, "QTRE"));
        free(data);
        t->error[at] = keep;
    }
    eddy_asset_destroy(a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip_is_bit_exact),
        cmocka_unit_test(every_truncation_is_refused),
        cmocka_unit_test(every_byte_corruption_is_refused),
        cmocka_unit_test(inconsistent_content_is_refused),
        cmocka_unit_test(missing_file_and_failed_save),
        cmocka_unit_test(bad_build_requests_fail),
        cmocka_unit_test(quadtree_table_round_trips_and_is_checked),
    };
    return cmocka_run_group_tests_name("asset", tests, NULL, NULL);
}
