// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_asset_meaning.c - the loader refuses assets whose bytes are intact
 * but whose numbers mean nothing the run time could trust (issue 15, item 4;
 * engine/fluid/asset_meaning.c, asset_shapes.c, asset.c).
 *
 * Each case builds a valid asset, spoils the meaning of one section and
 * writes it again with correct checksums: either through the asset's own
 * encoder after changing the decoded numbers (eddy_asset_encode), or by
 * rewriting one section of the container and encoding the container again
 * (rewrite_section). The load must fail with EDDY_ERR_FORMAT and a message
 * naming the section and the defect. The valid assets (box, enriched,
 * walled, with shapes, the shipped levels' when built) must still load.
 * Issue 22 adds the consistency checks: panels against their outline, the
 * inverse against the panels' matrix, added mass within its bound, the
 * quadtree table against its grid, grid modes divergence-free and
 * independent. What the checks cost a load is measured by make bench
 * (bench/bench_asset_load.c), not here.
 *
 * With EDDY_SAVE_MEANING_CASES=DIR set, every refused input is also written
 * to DIR/meaning-NAME: that is how tests/data/fuzz/asset/meaning-* (replayed
 * by test_fuzz_regressions through the fuzz target) were made. */
#include "test_util.h"

#include "asset_format.h"
#include "asset_shapes.h"
#include "eddy_build.h"
#include "fluid_internal.h"
#include "eddy_mode.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    eddy_asset *box;      /* 12 box modes on 16 x 16, with two body shapes */
    eddy_asset *enriched; /* 6 eigenmodes + 2 grid modes on 8 x 8 (dense VISC) */
    eddy_asset *walled;   /* an island: 6 walled domain modes + 1 island mode on 16 x 16 */
    eddy_asset *walled_grid; /* the same advecting on the grid: no ADVT (format 3) */
} fixture;

static fixture fx;

/* ------------------------------------------------------------ building */

static eddy_asset *build_box(void)
{
    static const char catalogue[] =
        "{\"shapes\": [{\"name\": \"crate\", \"pieces\": [{\"shape\": \"box\", \"hw\": 0.5, "
        "\"hh\": 0.3}]}, {\"name\": \"duck\", \"pieces\": [{\"shape\": \"circle\", \"radius\": "
        "0.4}, {\"shape\": \"box\", \"hw\": 0.3, \"hh\": 0.2, \"x\": 0.5}]}]}";
    eddy_shape_catalogue *shapes = NULL;
    eddy_error err = {0};
    if (eddy_shape_catalogue_load_memory(catalogue, strlen(catalogue), &shapes, &err) != EDDY_OK)
        fail_msg("catalogue: %s", err.message);
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 16, .ny = 16, .modes = 12};
    d.shapes = shapes;
    eddy_asset *a = NULL;
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("box: %s", err.message);
    eddy_shape_catalogue_destroy(shapes);
    return a;
}

static eddy_asset *build_enriched(void)
{
    eddy_mode_set *set = NULL;
    eddy_error err = {0};
    assert_int_equal(eddy_mode_set_create("jet", 10, 10, 8, 8, 2, &set, &err), EDDY_OK);
    int n = eddy_mode_set_field_size(set);
    for (int k = 0; k < 2; ++k) {
        double *f = eddy_mode_set_field(set, k);
        for (int s = 0; s < n; ++s) f[s] = sin(0.9 * s + 2 * k) * (k + 1);
    }
    const eddy_mode_set *artists[1] = {set};
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 8, .ny = 8, .modes = 6};
    d.artists = artists;
    d.artist_count = 1;
    eddy_asset *a = NULL;
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("enriched: %s", err.message);
    eddy_mode_set_destroy(set);
    return a;
}

static eddy_asset *build_walled(eddy_advection advection)
{
    eddy_wall island = {.kind = EDDY_WALL_CIRCLE, .x = 5, .y = 5, .radius = 1.5};
    eddy_build_desc d = {.width = 10, .height = 10, .nx = 16, .ny = 16, .modes = 6};
    d.advection = advection;
    d.walls = &island;
    d.wall_count = 1;
    eddy_asset *a = NULL;
    eddy_error err = {0};
    if (eddy_build_asset(&d, &a, &err) != EDDY_OK) fail_msg("walled: %s", err.message);
    return a;
}

static int setup(void **state)
{
    (void)state;
    fx.box = build_box();
    fx.enriched = build_enriched();
    fx.walled = build_walled(EDDY_ADVECTION_TENSOR);
    fx.walled_grid = build_walled(EDDY_ADVECTION_GRID);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    eddy_asset_destroy(fx.box);
    eddy_asset_destroy(fx.enriched);
    eddy_asset_destroy(fx.walled);
    eddy_asset_destroy(fx.walled_grid);
    return 0;
}

/* ------------------------------------------------------------ corrupting */

typedef struct bytes {
    unsigned char *data;
    size_t size;
} bytes;

static bytes encode(const eddy_asset *a)
{
    bytes b = {0};
    eddy_error err = {0};
    if (eddy_asset_encode(a, &b.data, &b.size, &err) != EDDY_OK) fail_msg("encode: %s", err.message);
    return b;
}

/* A deep copy through the encoder, to spoil without touching the fixture. */
static eddy_asset *copy_of(const eddy_asset *a)
{
    bytes b = encode(a);
    eddy_asset *c = NULL;
    eddy_error err = {0};
    if (eddy_asset_load_memory(b.data, b.size, &c, &err) != EDDY_OK)
        fail_msg("the valid asset does not load: %s", err.message);
    free(b.data);
    return c;
}

/* The asset's container again with section `tag` rewritten by edit (same
 * size, in a copy) and, when extra is not 0, one more section of that tag
 * holding 16 zero bytes; every checksum is computed afresh. */
static bytes rewrite_section(const eddy_asset *a, uint32_t tag, void (*edit)(uint8_t *, size_t),
                             uint32_t extra)
{
    bytes in = encode(a), out = {0};
    eddy_container c;
    eddy_error err = {0};
    assert_int_equal(eddyi_container_decode(in.data, in.size, KIND_ASSET, EDDY_ASSET_VERSION, &c, &err),
                     EDDY_OK);
    eddy_section s[EDDY_MAX_SECTIONS];
    uint8_t *copies[EDDY_MAX_SECTIONS] = {0};
    static const uint8_t zeros[16] = {0};
    int n = c.count;
    for (int k = 0; k < n; ++k) {
        s[k] = c.sections[k];
        if (s[k].tag == tag && edit) {
            copies[k] = malloc((size_t)s[k].size);
            memcpy(copies[k], s[k].data, (size_t)s[k].size);
            edit(copies[k], (size_t)s[k].size);
            s[k].data = copies[k];
        }
    }
    if (extra) s[n++] = (eddy_section){extra, zeros, sizeof zeros};
    assert_int_equal(eddyi_container_encode(KIND_ASSET, c.version, s, n, &out.data, &out.size, &err),
                     EDDY_OK);
    for (int k = 0; k < c.count; ++k) free(copies[k]);
    free(in.data);
    return out;
}

/* DIR/meaning-WHAT (letters and digits of what, the rest as '-'). */
static void save_case(bytes b, const char *what)
{
    const char *dir = getenv("EDDY_SAVE_MEANING_CASES");
    if (!dir) return;
    char name[128], path[1024];
    size_t n = 0;
    for (const char *c = what; *c && n + 1 < sizeof name; ++c)
        name[n++] = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')
                        ? *c : '-';
    name[n] = '\0';
    snprintf(path, sizeof path, "%s/meaning-%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b.data, 1, b.size, f) != b.size) fail_msg("cannot write %s", path);
    fclose(f);
}

/* The bytes load with EDDY_ERR_FORMAT and a message holding every fragment. */
static void expect_refused(bytes b, const char *what, const char *section, const char *defect)
{
    eddy_asset *a = NULL;
    eddy_error err = {0};
    eddy_result rc = eddy_asset_load_memory(b.data, b.size, &a, &err);
    if (rc == EDDY_OK) fail_msg("%s: loaded", what);
    assert_int_equal(rc, EDDY_ERR_FORMAT);
    assert_null(a);
    if (!strstr(err.message, section) || !strstr(err.message, defect))
        fail_msg("%s: message '%s' lacks '%s' or '%s'", what, err.message, section, defect);
    print_message("%-34s -> %s\n", what, err.message);
    save_case(b, what);
    free(b.data);
}

/* Spoils a copy of a with spoil, encodes it and expects the refusal. */
static void expect_spoiled_refused(const eddy_asset *a, void (*spoil)(eddy_asset *), const char *what,
                                   const char *section, const char *defect)
{
    eddy_asset *c = copy_of(a);
    spoil(c);
    bytes b = encode(c);
    eddy_asset_destroy(c);
    expect_refused(b, what, section, defect);
}

static double *visc(eddy_asset *a, int k, int j)
{
    return &a->viscosity[(size_t)k * (size_t)a->mode_count + (size_t)j];
}

/* ------------------------------------------------------------ VISC */

static void visc_positive(eddy_asset *a) { *visc(a, 0, 0) = -*visc(a, 0, 0); }
static void visc_off_eigenvalue(eddy_asset *a) { *visc(a, 3, 3) *= 1.0 + 1e-9; }
static void visc_huge(eddy_asset *a) { *visc(a, 7, 7) = -1e30; }
static void visc_asymmetric(eddy_asset *a) { *visc(a, 6, 7) += 1e-3; }
static void visc_couples_eigenmodes(eddy_asset *a) { *visc(a, 0, 1) = *visc(a, 1, 0) = 1e-3; }

/* Two grid modes coupled harder than their own dissipation: indefinite. */
static void visc_indefinite(eddy_asset *a)
{
    double c = 2.0 * sqrt(*visc(a, 6, 6) * *visc(a, 7, 7));
    *visc(a, 6, 7) = *visc(a, 7, 6) = c;
}

static void viscosity_must_dissipate(void **state)
{
    (void)state;
    expect_spoiled_refused(fx.box, visc_positive, "VISC entry > 0 (box)", "'VISC'", "> 0");
    expect_spoiled_refused(fx.enriched, visc_positive, "VISC entry > 0 (dense)", "'VISC'", "> 0");
    expect_spoiled_refused(fx.box, visc_off_eigenvalue, "VISC off its eigenvalue by 1e-9", "'VISC'",
                           "eigenvalue");
    expect_spoiled_refused(fx.walled, visc_off_eigenvalue, "VISC off a walled eigenvalue", "'VISC'",
                           "eigenvalue");
    expect_spoiled_refused(fx.enriched, visc_couples_eigenmodes, "VISC couples two eigenmodes",
                           "'VISC'", "couples eigenmodes");
    expect_spoiled_refused(fx.enriched, visc_asymmetric, "VISC not symmetric", "'VISC'",
                           "not symmetric");
    expect_spoiled_refused(fx.enriched, visc_indefinite, "VISC indefinite", "'VISC'",
                           "not negative semidefinite");
    expect_spoiled_refused(fx.enriched, visc_huge, "VISC entry -1e30", "'VISC'", "beyond the bound");
}

/* ------------------------------------------------------------ ADVT */

static void advt_not_skew(eddy_asset *a) { a->tensor.value[a->tensor.nnz / 2] *= 1.0 + 1e-6; }

/* Every entry 10% smaller: still skew and within the bound, but not the
 * tensor of these modes on this domain. */
static void advt_rescaled(eddy_asset *a)
{
    for (int64_t e = 0; e < a->tensor.nnz; ++e) a->tensor.value[e] *= 0.9;
}

static void advt_huge(eddy_asset *a)
{
    for (int64_t e = 0; e < a->tensor.nnz; ++e) a->tensor.value[e] *= 1e150;
}

/* The first entry (k, j) of slot 0 (j > k: its mirror comes later) moved
 * onto the diagonal (k, k), where a skew slot holds nothing. */
static void advt_diagonal(eddy_asset *a)
{
    eddy_tensor *t = &a->tensor;
    t->j[t->start[0]] = t->k[t->start[0]];
}

static void advt_unsorted(eddy_asset *a)
{
    eddy_tensor *t = &a->tensor;
    int64_t e = t->start[1];
    int32_t k = t->k[e], j = t->j[e];
    double v = t->value[e];
    t->k[e] = t->k[e + 1], t->j[e] = t->j[e + 1], t->value[e] = t->value[e + 1];
    t->k[e + 1] = k, t->j[e + 1] = j, t->value[e + 1] = v;
}

static void tensor_must_be_skew_and_sane(void **state)
{
    (void)state;
    assert_true(fx.box->tensor.start[2] - fx.box->tensor.start[1] >= 2);
    expect_spoiled_refused(fx.box, advt_not_skew, "ADVT entry off by 1e-6", "'ADVT'",
                           "not skew-symmetric");
    expect_spoiled_refused(fx.walled, advt_not_skew, "ADVT entry off by 1e-6 (walled)", "'ADVT'",
                           "not skew-symmetric");
    expect_spoiled_refused(fx.box, advt_diagonal, "ADVT entry on a slot's diagonal", "'ADVT'",
                           "not skew-symmetric");
    expect_spoiled_refused(fx.box, advt_huge, "ADVT scaled by 1e150 (still skew)", "'ADVT'",
                           "beyond the bound");
    expect_spoiled_refused(fx.box, advt_unsorted, "ADVT slot out of order", "'ADVT'", "order");
    expect_spoiled_refused(fx.box, advt_rescaled, "ADVT scaled by 0.9 (skew, in bound)", "'ADVT'",
                           "the box modes on a 10 x 10 domain make it");
    expect_spoiled_refused(fx.enriched, advt_rescaled, "ADVT scaled by 0.9 (enriched)", "'ADVT'",
                           "the box modes on a 10 x 10 domain make it");
}

/* ------------------------------------------------------------ header, EMOD, unknown */

static void emod_repeat(uint8_t *p, size_t size)
{
    assert_true(size >= 16);
    memcpy(p + 8, p, 8); /* eigenmode 1 := eigenmode 0 */
}

static void domn_one_mode_fewer(uint8_t *p, size_t size)
{
    (void)size;
    for (int at = 24; at <= 28; at += 4) { /* i32 r, i32 eigenmodes */
        int32_t v = (int32_t)(p[at] | p[at + 1] << 8);
        v -= 1;
        p[at] = (uint8_t)v, p[at + 1] = (uint8_t)(v >> 8);
    }
}

static void domn_grid_halved(uint8_t *p, size_t size)
{
    (void)size;
    p[16] /= 2, p[20] /= 2; /* nx, ny below 256 */
}

/* The domain twice as wide: the eigenvalues recomputed from it disagree with
 * D~ (and the tensor, built for the old domain, would be wrong too). */
static void domn_twice_as_wide(uint8_t *p, size_t size)
{
    (void)size;
    double w;
    memcpy(&w, p, sizeof w); /* f64 width first, little-endian like the file */
    w *= 2;
    memcpy(p, &w, sizeof w);
}

static void domn_eigen_one_more(uint8_t *p, size_t size)
{
    (void)size;
    p[28] += 1; /* one more eigenmode, one grid mode fewer */
}

static void sections_must_agree_with_the_header(void **state)
{
    (void)state;
    expect_refused(rewrite_section(fx.box, TAG_EIGEN, emod_repeat, 0), "EMOD mode given twice",
                   "'EMOD'", "twice");
    expect_refused(rewrite_section(fx.box, TAG_DOMAIN, domn_one_mode_fewer, 0),
                   "DOMN says 11 modes, sections hold 12", "'EMOD'", "eigenmodes need");
    expect_refused(rewrite_section(fx.box, TAG_DOMAIN, domn_twice_as_wide, 0),
                   "DOMN domain twice as wide", "'VISC'", "eigenvalue");
    expect_refused(rewrite_section(fx.box, TAG_DOMAIN, domn_grid_halved, 0), "DOMN grid halved (box)",
                   "'QTRE'", "does not fit the grid");
    expect_refused(rewrite_section(fx.walled, TAG_DOMAIN, domn_grid_halved, 0),
                   "DOMN grid halved (walled)", "'GPSI'", "nodes");
    expect_refused(rewrite_section(fx.enriched, TAG_DOMAIN, domn_eigen_one_more, 0),
                   "DOMN one eigenmode more", "'EMOD'", "eigenmodes need");
    expect_refused(rewrite_section(fx.box, 0, NULL, EDDY_FOURCC('X', 'T', 'R', 'A')),
                   "unknown section XTRA", "unknown section 'XTRA'", "holds only");
}

/* ------------------------------------------------------------ GMOD, WALL */

static void gmod_not_unit(eddy_asset *a)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    size_t n = (size_t)eddy_mac_size(&g), last = (size_t)a->grid_count - 1;
    for (size_t s = 0; s < n; ++s) a->grid_modes[last * n + s] *= 1.01;
}

/* A stream function's scale (asset_stream.c): its remade mode is not unit. */
static void gpsi_not_unit(eddy_asset *a) { a->stream_scale[2] *= 1.01; }

/* Two islands (and so two harmonic modes) around one wall. */
static void wall_islands(eddy_asset *a)
{
    a->island_count = a->harmonic_count = 2;
    a->domain_eigen -= 1;
    a->stream_count -= 1; /* the last eigenmode goes into GMOD, as the first "harmonic" one */
}

static void grid_modes_and_walls_must_be_sane(void **state)
{
    (void)state;
    expect_spoiled_refused(fx.enriched, gmod_not_unit, "GMOD mode scaled by 1.01", "'GMOD'", "norm");
    expect_spoiled_refused(fx.walled, gmod_not_unit, "GMOD mode scaled by 1.01 (walled)", "'GMOD'",
                           "norm");
    expect_spoiled_refused(fx.walled, gpsi_not_unit, "GPSI scale off by 1.01", "'GPSI'", "norm");
    expect_spoiled_refused(fx.walled_grid, gpsi_not_unit, "GPSI scale off by 1.01 (grid advection)",
                           "'GPSI'", "norm");
    expect_spoiled_refused(fx.walled, wall_islands, "WALL two islands of one wall", "'WALL'",
                           "islands");
}

/* ------------------------------------------------------------ format 3: GPSI, grid advection */

static void domn_grid_flag(uint8_t *p, size_t size)
{
    (void)size;
    p[32] |= 4; /* FLAG_GRID_ADVECTION */
}

static void gpsi_node_on_the_box(uint8_t *p, size_t size)
{
    (void)size;
    p[8] |= 1; /* node 0, the box's corner, comes first in the node map */
}

static void gpsi_one_node_more(uint8_t *p, size_t size)
{
    (void)size;
    p[4] += 1;
}

/* The last stream value (the section's last 8 bytes) becomes NaN. */
static void gpsi_nan(uint8_t *p, size_t size)
{
    double nan = NAN;
    memcpy(p + size - 8, &nan, 8);
}

/* The walled asset's sections in a container of format 2, which had no
 * GPSI (a format-2 asset with walls keeps every mode in GMOD). */
static bytes as_format_2(const eddy_asset *a)
{
    bytes in = encode(a), out = {0};
    eddy_container c;
    assert_int_equal(eddyi_container_decode(in.data, in.size, KIND_ASSET, EDDY_ASSET_VERSION, &c, NULL),
                     EDDY_OK);
    assert_int_equal(eddyi_container_encode(KIND_ASSET, 2, c.sections, c.count, &out.data, &out.size,
                                           NULL), EDDY_OK);
    free(in.data);
    return out;
}

static void expect_loads(const eddy_asset *a, const char *what);

/* A box on the grid path whose last mode is (40, 40): not the smallest. */
static void emod_far_mode(eddy_asset *a)
{
    int last = a->eigen_count - 1;
    a->modes[last].k1 = a->modes[last].k2 = 40;
    double k = 40 * M_PI / 10; /* the 10 x 10 box: VISC keeps matching the new eigenvalue */
    *visc(a, last, last) = -2.0 * k * k;
}

static void the_grid_path_format_is_checked(void **state)
{
    (void)state;
    eddy_build_desc bd = {.width = 10, .height = 10, .nx = 16, .ny = 16, .modes = 12,
                          .advection = EDDY_ADVECTION_GRID};
    eddy_asset *box_grid = NULL;
    assert_int_equal(eddy_build_asset(&bd, &box_grid, NULL), EDDY_OK);
    expect_loads(box_grid, "box, advection on the grid");
    expect_spoiled_refused(box_grid, emod_far_mode, "EMOD far mode (grid advection)", "'EMOD'",
                           "smallest modes");
    eddy_asset_destroy(box_grid);
    expect_refused(rewrite_section(fx.enriched, TAG_DOMAIN, domn_grid_flag, 0),
                   "DOMN grid advection in an enriched box", "'DOMN'", "plain box eigenbases only");
    expect_refused(rewrite_section(fx.walled, TAG_DOMAIN, domn_grid_flag, 0),
                   "DOMN grid advection beside ADVT", "'ADVT'", "evaluated on the grid");
    expect_refused(rewrite_section(fx.walled_grid, TAG_STREAM, gpsi_node_on_the_box, 0),
                   "GPSI node on the outer box", "'GPSI'", "outer box");
    expect_refused(rewrite_section(fx.walled_grid, TAG_STREAM, gpsi_one_node_more, 0),
                   "GPSI says one node more", "'GPSI'", "fewer nodes");
    expect_refused(rewrite_section(fx.walled_grid, TAG_STREAM, gpsi_nan, 0), "GPSI value NaN",
                   "'GPSI'", "non-finite");
    expect_refused(as_format_2(fx.walled), "GPSI in a format-2 asset", "unknown section 'GPSI'",
                   "holds only");
}

/* ------------------------------------------------------------ SHAP */

static eddy_panel_shape *panels(eddy_asset *a, int shape) { return &a->shapes[shape].panels; }

static void shap_nan_normal(eddy_asset *a) { panels(a, 0)->normal[0] = NAN; }
static void shap_nan_mid(eddy_asset *a) { panels(a, 1)->mid[3] = NAN; }
static void shap_long_normal(eddy_asset *a)
{
    panels(a, 0)->normal[0] *= 1.0 + 1e-6, panels(a, 0)->normal[1] *= 1.0 + 1e-6;
}
static void shap_inward_normal(eddy_asset *a)
{
    panels(a, 0)->normal[0] *= -1, panels(a, 0)->normal[1] *= -1;
}
static void shap_radius(eddy_asset *a) { panels(a, 1)->radius *= 0.5; }
static void shap_sigma(eddy_asset *a) { panels(a, 0)->sigma_min = panels(a, 0)->sigma_max * 2; }

/* Moves panel 0 outward by its own normal (ends, midpoint, length stay
 * consistent): the outline no longer closes. */
static void shap_open(eddy_asset *a)
{
    eddy_panel_shape *p = panels(a, 0);
    double s = 0.5 * p->length[0], nx = s * p->normal[0], ny = s * p->normal[1];
    p->ends[0] += nx, p->ends[2] += nx, p->mid[0] += nx;
    p->ends[1] += ny, p->ends[3] += ny, p->mid[1] += ny;
    /* and stretch it so that it is no longer a translate of a closing panel */
    double ex = p->ends[2] - p->ends[0], ey = p->ends[3] - p->ends[1];
    p->ends[2] += ex, p->ends[3] += ey;
    p->mid[0] = 0.5 * (p->ends[0] + p->ends[2]), p->mid[1] = 0.5 * (p->ends[1] + p->ends[3]);
    p->length[0] *= 2;
}

/* Every panel reversed: a clockwise outline with inward normals. */
static void shap_clockwise(eddy_asset *a)
{
    eddy_panel_shape *p = panels(a, 0);
    for (int i = 0; i < p->count; ++i) {
        double *e = &p->ends[4 * i], x = e[0], y = e[1];
        e[0] = e[2], e[1] = e[3], e[2] = x, e[3] = y;
        p->normal[2 * i] *= -1, p->normal[2 * i + 1] *= -1;
    }
}

static void shapes_must_be_finite_closed_outlines(void **state)
{
    (void)state;
    assert_int_equal(fx.box->shape_count, 2);
    expect_spoiled_refused(fx.box, shap_nan_normal, "SHAP normal NaN", "'SHAP'", "non-finite");
    expect_spoiled_refused(fx.box, shap_nan_mid, "SHAP midpoint NaN", "'SHAP'", "non-finite");
    expect_spoiled_refused(fx.box, shap_long_normal, "SHAP normal of length 1+1e-6", "'SHAP'",
                           "not a unit vector");
    expect_spoiled_refused(fx.box, shap_inward_normal, "SHAP normal reversed", "'SHAP'",
                           "not the outward one");
    expect_spoiled_refused(fx.box, shap_open, "SHAP panel moved off the outline", "'SHAP'",
                           "closed outlines");
    expect_spoiled_refused(fx.box, shap_clockwise, "SHAP outline clockwise", "'SHAP'",
                           "encloses no area");
    expect_spoiled_refused(fx.box, shap_radius, "SHAP radius halved", "'SHAP'", "bounding radius");
    expect_spoiled_refused(fx.box, shap_sigma, "SHAP sigma_min > sigma_max", "'SHAP'",
                           "singular values");
}

/* ------------------------------------------------------------ valid assets, cost */

static double largest_tensor_entry(const eddy_asset *a)
{
    double m = 0.0;
    for (int64_t e = 0; e < a->tensor.nnz; ++e) m = fmax(m, fabs(a->tensor.value[e]));
    return m;
}

static void expect_loads(const eddy_asset *a, const char *what)
{
    eddy_asset *c = copy_of(a);
    print_message("%-28s loads: largest tensor entry %.3g of the bound %.3g (%.4f)\n", what,
                  largest_tensor_entry(c), eddyi_asset_advection_bound(c),
                  largest_tensor_entry(c) / eddyi_asset_advection_bound(c));
    assert_true(largest_tensor_entry(c) < 0.05 * eddyi_asset_advection_bound(c));
    eddy_asset_destroy(c);
}

/* The shipped levels' assets, when make assets built them ($EDDY_BIN/../assets/levels). */
static int load_shipped_levels(void)
{
    const char *bin = getenv("EDDY_BIN");
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/../assets/levels", bin ? bin : "build/bin");
    DIR *d = opendir(dir);
    if (!d) return 0;
    int count = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".eddy") != 0) continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        eddy_asset *a = NULL;
        eddy_error err = {0};
        if (eddy_asset_load_file(path, &a, &err) != EDDY_OK) fail_msg("%s", err.message);
        expect_loads(a, e->d_name);
        eddy_asset_destroy(a);
        count++;
    }
    closedir(d);
    return count;
}

static void valid_assets_still_load(void **state)
{
    (void)state;
    expect_loads(fx.box, "box 12 modes + shapes");
    expect_loads(fx.enriched, "enriched 6 + 2");
    expect_loads(fx.walled, "walled island");
    expect_loads(fx.walled_grid, "walled island, advection on the grid");
    print_message("%d shipped level assets load\n", load_shipped_levels());
}

/* ------------------------------------------------------------ issue 22: consistency */

/* Every panel moved 2 cm: still straight, closed, outward and of the same
 * lengths, but not on the crate's outline. */
static void shap_shifted(eddy_asset *a)
{
    eddy_panel_shape *p = panels(a, 0);
    for (int i = 0; i < p->count; ++i) {
        p->ends[4 * i] += 0.02, p->ends[4 * i + 2] += 0.02, p->mid[2 * i] += 0.02;
    }
    double reach = 0.0;
    for (int i = 0; i < 2 * p->count; ++i)
        reach = fmax(reach, hypot(p->ends[2 * i], p->ends[2 * i + 1]));
    p->radius = reach;
}

/* The duck's panels under the crate's name (each said to come from the
 * crate's one piece): whole, valid panels, closed and outward, but not the
 * outline of the crate. */
static void shap_swapped(eddy_asset *a)
{
    eddy_panel_shape t = a->shapes[0].panels;
    a->shapes[0].panels = a->shapes[1].panels;
    a->shapes[1].panels = t;
    eddy_panel_shape *p = panels(a, 0);
    for (int i = 0; i < p->count; ++i) p->piece[i] = 0, p->group[i] = 0;
    p->group_count = 1, p->rows = p->count + 1;
}

static void shap_pinv_scaled(eddy_asset *a)
{
    eddy_panel_shape *p = panels(a, 0);
    for (size_t e = 0; e < (size_t)p->count * (size_t)p->rows; ++e) p->pinv[e] *= 1e6;
}

static void shap_pinv_negated(eddy_asset *a)
{
    eddy_panel_shape *p = panels(a, 1);
    for (size_t e = 0; e < (size_t)p->count * (size_t)p->rows; ++e) p->pinv[e] = -p->pinv[e];
}

static void shap_added_mass_huge(eddy_asset *a) { panels(a, 0)->added_mass[0] = 1e300; }

/* Symmetric with a non-negative diagonal, but indefinite. */
static void shap_added_mass_indefinite(eddy_asset *a)
{
    double *m = panels(a, 0)->added_mass;
    m[1] = m[3] = 2.0 * sqrt(m[0] * m[4]);
}

static void shapes_must_match_their_outline(void **state)
{
    (void)state;
    expect_spoiled_refused(fx.box, shap_shifted, "SHAP panels shifted off the crate", "'SHAP'",
                           "outline of its piece");
    expect_spoiled_refused(fx.box, shap_swapped, "SHAP panels of another shape", "'SHAP'",
                           "outline");
    expect_spoiled_refused(fx.box, shap_pinv_scaled, "SHAP inverse scaled by 1e6", "'SHAP'",
                           "not the inverse");
    expect_spoiled_refused(fx.box, shap_pinv_negated, "SHAP inverse negated", "'SHAP'",
                           "not the inverse");
    expect_spoiled_refused(fx.box, shap_added_mass_huge, "SHAP added mass 1e300", "'SHAP'",
                           "larger than a body of its size");
    expect_spoiled_refused(fx.box, shap_added_mass_indefinite, "SHAP added mass indefinite",
                           "'SHAP'", "not positive semidefinite");
}

/* QTRE: the finite part of every level zero, the same shrunk ten times, or
 * inflated; everything infinite; a level missing. */
static void qtre_scale_finite(eddy_asset *a, double f)
{
    eddy_qt_table *t = &a->quadtree_table;
    for (size_t e = 0; e < (size_t)t->levels * (size_t)t->bins; ++e)
        if (isfinite(t->error[e])) t->error[e] *= f;
}
static void qtre_zero(eddy_asset *a) { qtre_scale_finite(a, 0.0); }
static void qtre_tenth(eddy_asset *a) { qtre_scale_finite(a, 0.1); }
static void qtre_inflated(eddy_asset *a) { qtre_scale_finite(a, 1e3); }
static void qtre_infinite(eddy_asset *a)
{
    eddy_qt_table *t = &a->quadtree_table;
    for (size_t e = 0; e < (size_t)t->levels * (size_t)t->bins; ++e) t->error[e] = INFINITY;
}
static void qtre_level_fewer(eddy_asset *a) { a->quadtree_table.levels -= 1; }

static void quadtree_table_must_be_this_grids(void **state)
{
    (void)state;
    assert_non_null(fx.box->quadtree_table.error);
    expect_spoiled_refused(fx.box, qtre_zero, "QTRE all zero", "'QTRE'", "below the deviation");
    expect_spoiled_refused(fx.box, qtre_tenth, "QTRE shrunk ten times", "'QTRE'",
                           "below the deviation");
    expect_spoiled_refused(fx.box, qtre_inflated, "QTRE inflated 1000 times", "'QTRE'",
                           "beyond the bound");
    expect_spoiled_refused(fx.box, qtre_infinite, "QTRE all infinite", "'QTRE'",
                           "beyond the bound");
    expect_spoiled_refused(fx.box, qtre_level_fewer, "QTRE a level fewer", "'QTRE'",
                           "this grid's quadtree");
}

/* GMOD: grid mode 0 replaced by eigenmode 0 (sampled by basis_box.c,
 * scaled to unit grid norm), grid mode 1 a copy of grid mode 0, grid mode
 * 0 with flow into one cell. */
static double *grid_mode(eddy_asset *a, int m)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    return a->grid_modes + (size_t)m * (size_t)eddy_mac_size(&g);
}

static void unit_grid_norm(eddy_asset *a, double *f)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    double n = sqrt(eddy_mac_dot(&g, f, f));
    for (int s = 0; s < eddy_mac_size(&g); ++s) f[s] /= n;
}

static void gmod_copies_eigenmode(eddy_asset *a)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    double *f = grid_mode(a, 0);
    eddyi_box_sample_mode(&a->modes[0], &g, f);
    for (int j = 0; j < g.ny; ++j) f[eddy_mac_u(&g, 0, j)] = f[eddy_mac_u(&g, g.nx, j)] = 0.0;
    for (int i = 0; i < g.nx; ++i) f[eddy_mac_v(&g, i, 0)] = f[eddy_mac_v(&g, i, g.ny)] = 0.0;
    unit_grid_norm(a, f); /* the walls closed exactly, as a grid mode's are */
}

static void gmod_twice(eddy_asset *a)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    memcpy(grid_mode(a, 1), grid_mode(a, 0), (size_t)eddy_mac_size(&g) * sizeof(double));
}

/* (the last grid mode: a walled level's first ones are stored as stream
 * functions, whose curls cannot be anything but divergence-free) */
static void gmod_divergent(eddy_asset *a)
{
    eddy_mac g = eddy_mac_make(a->width, a->height, a->nx, a->ny);
    double *f = grid_mode(a, a->grid_count - 1);
    f[eddy_mac_u(&g, 3, 3)] += 0.05;
    unit_grid_norm(a, f);
}

/* A walled level's second eigenmode stored as a copy of its first (its
 * stream function and scale in 'GPSI'). */
static void gpsi_twice(eddy_asset *a)
{
    memcpy(a->stream + a->stream_nodes, a->stream, (size_t)a->stream_nodes * sizeof *a->stream);
    a->stream_scale[1] = a->stream_scale[0];
}

static void grid_modes_must_be_divergence_free_and_independent(void **state)
{
    (void)state;
    expect_spoiled_refused(fx.enriched, gmod_copies_eigenmode, "GMOD grid mode copies eigenmode 0",
                           "'GMOD'", "not independent of eigenmode 0");
    expect_spoiled_refused(fx.enriched, gmod_twice, "GMOD two grid modes the same", "'GMOD'",
                           "are not independent");
    expect_spoiled_refused(fx.walled, gpsi_twice, "GPSI two walled modes the same", "'GMOD'",
                           "are not independent");
    expect_spoiled_refused(fx.enriched, gmod_divergent, "GMOD flow into one cell", "'GMOD'",
                           "not divergence-free");
    assert_true(fx.walled->grid_count > fx.walled->stream_count); /* an island mode in GMOD */
    expect_spoiled_refused(fx.walled, gmod_divergent, "GMOD flow into one cell (walled)", "'GMOD'",
                           "not divergence-free");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(viscosity_must_dissipate),
        cmocka_unit_test(tensor_must_be_skew_and_sane),
        cmocka_unit_test(sections_must_agree_with_the_header),
        cmocka_unit_test(grid_modes_and_walls_must_be_sane),
        cmocka_unit_test(the_grid_path_format_is_checked),
        cmocka_unit_test(shapes_must_be_finite_closed_outlines),
        cmocka_unit_test(shapes_must_match_their_outline),
        cmocka_unit_test(quadtree_table_must_be_this_grids),
        cmocka_unit_test(grid_modes_must_be_divergence_free_and_independent),
        cmocka_unit_test(valid_assets_still_load),
    };
    return cmocka_run_group_tests_name("asset_meaning", tests, setup, teardown);
}
