// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_no_flow_through.c - water goes round a fixed body, not through it
 * (issue 19, item 4). The reference is a fine potential-flow solution
 * written here: the body's outline cut into many vortex panels, cosine
 * spaced towards every corner, whose strengths make the stream function of
 * the whole flow (the gyre's, in closed form, plus the panels') the same
 * constant at every panel's midpoint, with no net circulation: the exact
 * condition for no flow through the outline. It is checked against itself
 * at half the panels. eddy's flow is eddy_coupling_velocity (the reduced
 * flow plus its panels), as a probe sees it. Three measures:
 *   - full chords across the body, outline to outline: the flux through
 *     each over the stream's (|U| times its length);
 *   - the velocity 0.15 m outside the faces against the reference, over 2 |U|;
 *   - the inflow through the outline grown by 5 mm (the integral of the
 *     inward normal velocity where it is inward) over |U| times the width,
 *     against the reference's. */
#include "coupling_rig.h"
#include "sheet_reference.h"

#define REF_MAX 1024

/* ------------------------------------------------------------ the reference */

typedef struct reference {
    int n;
    double ends[REF_MAX][4];
    double gamma[REF_MAX];
    double amp, width, height; /* the gyre: psi = amp N sin(pi x / W) sin(pi y / H) */
} reference;

static double gyre_norm(double w, double h)
{
    double lambda = M_PI * M_PI * (1 / (w * w) + 1 / (h * h));
    return 2 / sqrt(lambda * w * h);
}

static double ambient_psi(const reference *f, double x, double y)
{
    return f->amp * gyre_norm(f->width, f->height) * sin(M_PI * x / f->width) *
           sin(M_PI * y / f->height);
}

/* -1/(2 pi) times the integral of ln |z - zeta| along the segment: the stream
 * function of a unit counter-clockwise vortex sheet (u = dpsi/dy). */
static double ref_psi(const reference *f, double x, double y)
{
    return ambient_psi(f, x, y) + sheet_field_psi((const double(*)[4])f->ends, f->gamma, f->n, x, y);
}

static void ref_velocity(const reference *f, double x, double y, double uv[2])
{
    const double h = 1e-6;
    uv[0] = (ref_psi(f, x, y + h) - ref_psi(f, x, y - h)) / (2 * h);
    uv[1] = -(ref_psi(f, x + h, y) - ref_psi(f, x - h, y)) / (2 * h);
}

/* The polygon (counter-clockwise corners) cut into per_side panels a side in
 * cosine spacing; unknowns gamma and the outline's stream function C. */
static double ambient_of(const void *flow, double x, double y) { return ambient_psi(flow, x, y); }

static void solve_reference(reference *f, int corners, const double (*v)[2], int per_side)
{
    f->n = sheet_solve(f->ends, f->gamma, corners, v, per_side, ambient_of, f);
}

/* ------------------------------------------------------------ the measures */

typedef void (*velocity_fn)(const void *user, double x, double y, double uv[2]);

static void eddy_velocity(const void *user, double x, double y, double uv[2])
{
    eddy_coupling_velocity(user, x, y, uv);
}

static void reference_velocity(const void *user, double x, double y, double uv[2])
{
    ref_velocity(user, x, y, uv);
}

/* Where the segment p + t d (t in [0, 1]) leaves the convex polygon through
 * its far side, entering at t0: the chord's ends on the outline. */
static bool chord_ends(int corners, const double (*v)[2], const double p[2], const double d[2],
                       double *t0, double *t1)
{
    double lo = -INFINITY, hi = INFINITY;
    for (int k = 0; k < corners; ++k) {
        const double *a = v[k], *b = v[(k + 1) % corners];
        double nx = b[1] - a[1], ny = -(b[0] - a[0]); /* outward */
        double num = nx * (a[0] - p[0]) + ny * (a[1] - p[1]), den = nx * d[0] + ny * d[1];
        if (den > 0) hi = fmin(hi, num / den);
        else if (den < 0) lo = fmax(lo, num / den);
        else if (num < 0) return false;
    }
    *t0 = lo, *t1 = hi;
    return hi > lo;
}

/* Largest flux through full chords across the stream and along its
 * diagonals, over |U| times the chord's length (midpoint rule, 4000 points). */
static double worst_chord(velocity_fn f, const void *user, int corners, const double (*v)[2],
                          const double c[2], double half, const double U[2])
{
    double speed = hypot(U[0], U[1]), worst = 0;
    double ex = U[0] / speed, ey = U[1] / speed;
    const double dirs[3][2] = {{-ey, ex}, {-ey + ex, ex + ey}, {-ey - ex, ex - ey}}; /* across, diagonals */
    for (int k = 0; k < 3; ++k) {
        double dl = hypot(dirs[k][0], dirs[k][1]), d[2] = {dirs[k][0] / dl, dirs[k][1] / dl};
        double nrm[2] = {d[1], -d[0]};
        for (int o = -4; o <= 4; ++o) {
            double off = 0.22 * half * o;
            double p[2] = {c[0] + off * nrm[0], c[1] + off * nrm[1]};
            double t0, t1;
            if (!chord_ends(corners, v, p, d, &t0, &t1) || t1 - t0 < 0.2 * half) continue;
            const int n = 4000;
            double flux = 0;
            for (int i = 0; i < n; ++i) {
                double t = t0 + (t1 - t0) * (i + 0.5) / n, uv[2];
                f(user, p[0] + t * d[0], p[1] + t * d[1], uv);
                flux += (uv[0] * nrm[0] + uv[1] * nrm[1]) * (t1 - t0) / n;
            }
            double across = fabs(U[0] * nrm[0] + U[1] * nrm[1]) * (t1 - t0);
            if (across > 0.3 * speed * (t1 - t0)) worst = fmax(worst, fabs(flux) / across);
        }
    }
    return worst;
}

/* Inflow through the outline grown by gap (straight stretches and quarter
 * arcs round the corners), over |U| times the width across the stream. */
static double inflow(velocity_fn f, const void *user, int corners, const double (*v)[2],
                     double gap, const double U[2])
{
    double total = 0, speed = hypot(U[0], U[1]), lo = INFINITY, hi = -INFINITY;
    for (int k = 0; k < corners; ++k) {
        const double *a = v[k], *b = v[(k + 1) % corners], *c = v[(k + 2) % corners];
        double len = hypot(b[0] - a[0], b[1] - a[1]);
        double n1[2] = {(b[1] - a[1]) / len, -(b[0] - a[0]) / len};
        double len2 = hypot(c[0] - b[0], c[1] - b[1]);
        double n2[2] = {(c[1] - b[1]) / len2, -(c[0] - b[0]) / len2};
        const int ns = 2000;
        for (int i = 0; i < ns; ++i) {
            double t = (i + 0.5) / ns, uv[2];
            double x = a[0] + t * (b[0] - a[0]) + gap * n1[0], y = a[1] + t * (b[1] - a[1]) + gap * n1[1];
            f(user, x, y, uv);
            total += fmax(0, -(uv[0] * n1[0] + uv[1] * n1[1])) * len / ns;
        }
        double t1 = atan2(n1[1], n1[0]), t2 = atan2(n2[1], n2[0]);
        double sweep = remainder(t2 - t1, 2 * M_PI);
        const int na = 200;
        for (int i = 0; i < na; ++i) {
            double t = t1 + sweep * (i + 0.5) / na, nx = cos(t), ny = sin(t), uv[2];
            f(user, b[0] + gap * nx, b[1] + gap * ny, uv);
            total += fmax(0, -(uv[0] * nx + uv[1] * ny)) * gap * fabs(sweep) / na;
        }
        double p = -a[0] * U[1] / speed + a[1] * U[0] / speed;
        lo = fmin(lo, p), hi = fmax(hi, p);
    }
    return total / (speed * (hi - lo));
}

/* Largest |u - u_ref| over 2 |U| at points 0.15 m outside each face. */
static double face_error(const rig *r, const reference *f, int corners, const double (*v)[2],
                         const double U[2], double *rms_rel)
{
    double worst = 0, speed = hypot(U[0], U[1]), sum = 0;
    int count = 0;
    for (int k = 0; k < corners; ++k) {
        const double *a = v[k], *b = v[(k + 1) % corners];
        double len = hypot(b[0] - a[0], b[1] - a[1]);
        double nrm[2] = {(b[1] - a[1]) / len, -(b[0] - a[0]) / len};
        for (int i = 0; i <= 8; ++i) {
            double t = -0.25 + 1.5 * i / 8; /* beyond both corners too */
            double x = a[0] + t * (b[0] - a[0]) + 0.15 * nrm[0], y = a[1] + t * (b[1] - a[1]) + 0.15 * nrm[1];
            double ue[2], ur[2];
            eddy_coupling_velocity(r->c, x, y, ue);
            ref_velocity(f, x, y, ur);
            double e = hypot(ue[0] - ur[0], ue[1] - ur[1]);
            worst = fmax(worst, e / (2 * speed));
            sum += e * e / fmax(ur[0] * ur[0] + ur[1] * ur[1], 0.01 * speed * speed), ++count;
        }
    }
    *rms_rel = sqrt(sum / count);
    return worst;
}

/* ------------------------------------------------------------ the tests */

typedef struct fixed_case {
    const char *name;
    body_spec spec;
    int corners;
    double v[8][2]; /* world corners, counter-clockwise */
} fixed_case;

static void world_corners(fixed_case *fc)
{
    const body_spec *s = &fc->spec;
    double c = cos(s->angle), sn = sin(s->angle);
    if (s->shape == EDDY_SHAPE_BOX) {
        double hw = 0.5 * s->size, hh = 0.5 * s->size * s->aspect;
        const double loc[4][2] = {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
        fc->corners = 4;
        for (int k = 0; k < 4; ++k)
            fc->v[k][0] = s->x + c * loc[k][0] - sn * loc[k][1], fc->v[k][1] = s->y + sn * loc[k][0] + c * loc[k][1];
    } else {
        fc->corners = s->vertex_count;
        for (int k = 0; k < s->vertex_count; ++k)
            fc->v[k][0] = s->x + c * s->vertices[k][0] - sn * s->vertices[k][1],
            fc->v[k][1] = s->y + sn * s->vertices[k][0] + c * s->vertices[k][1];
    }
}

static void fixed_bodies_keep_the_water_out(void **state)
{
    (void)state;
    fixed_case cases[4];
    memset(cases, 0, sizeof cases);
    cases[0].name = "0.6 m square";
    cases[0].spec = (body_spec){.shape = EDDY_SHAPE_BOX, .size = 0.6, .aspect = 1};
    cases[1].name = "0.8 x 0.4 box, 30 deg";
    cases[1].spec = (body_spec){.shape = EDDY_SHAPE_BOX, .size = 0.8, .aspect = 0.5, .angle = M_PI / 6};
    cases[2].name = "triangle";
    cases[2].spec = (body_spec){.shape = EDDY_SHAPE_POLYGON, .vertex_count = 3,
                                .vertices = {{-0.4, -0.25}, {0.45, -0.2}, {0.05, 0.35}}};
    cases[3].name = "2:1 octagon";
    octagon_spec(&cases[3].spec, 0.5);
    for (int k = 0; k < 4; ++k) {
        rig_desc d = {.width = 10, .height = 10};
        rig r = make_rig(&d);
        set_gyre(&r, 20.0);
        fixed_case *fc = &cases[k];
        fc->spec.type = EDDY_BODY_STATIC, fc->spec.x = 5, fc->spec.y = 7.5;
        add_body(&r, &fc->spec);
        world_corners(fc);
        step(&r, 1);
        double U[2], centre[2] = {5, 7.5};
        eddy_fluid_velocity(r.fluid, 5, 7.5, U);
        reference fine = {.amp = 20, .width = 10, .height = 10}, half = fine;
        solve_reference(&fine, fc->corners, (const double(*)[2])fc->v, 120);
        solve_reference(&half, fc->corners, (const double(*)[2])fc->v, 60);
        /* the closed-form gyre is the fluid's: same velocity at a point */
        const double hx = 1e-6, px = 3.3, py = 2.1;
        double b[2], a[2] = {(ambient_psi(&fine, px, py + hx) - ambient_psi(&fine, px, py - hx)) / (2 * hx),
                             -(ambient_psi(&fine, px + hx, py) - ambient_psi(&fine, px - hx, py)) / (2 * hx)};
        eddy_fluid_velocity(r.fluid, px, py, b);
        assert_true(hypot(a[0] - b[0], a[1] - b[1]) < 1e-6 * hypot(b[0], b[1]));
        double radius = 0.45;
        double chord_e = worst_chord(eddy_velocity, r.c, fc->corners, (const double(*)[2])fc->v, centre, radius, U);
        double chord_r = worst_chord(reference_velocity, &fine, fc->corners, (const double(*)[2])fc->v, centre, radius, U);
        double in_e = inflow(eddy_velocity, r.c, fc->corners, (const double(*)[2])fc->v, 0.005, U);
        double in_r = inflow(reference_velocity, &fine, fc->corners, (const double(*)[2])fc->v, 0.005, U);
        double in_h = inflow(reference_velocity, &half, fc->corners, (const double(*)[2])fc->v, 0.005, U);
        double rms, face = face_error(&r, &fine, fc->corners, (const double(*)[2])fc->v, U, &rms);
        eddy_coupling_timings t;
        eddy_coupling_get_timings(r.c, &t);
        print_message("%-22s (%3d panels) in a %.2f m/s stream: chords carry %.1f%% (reference "
                      "%.2f%%); 0.15 m out off by %.1f%% of 2U (rms %.1f%% of the local speed); "
                      "inflow 5 mm out %.1f%% of U w, reference %.1f%% (%.1f%% at half its panels)\n",
                      fc->name, t.panel_count, hypot(U[0], U[1]), 100 * chord_e, 100 * chord_r,
                      100 * face, 100 * rms, 100 * in_e, 100 * in_r, 100 * in_h);
        assert_true(chord_r < 0.01);               /* the reference keeps out... */
        assert_true(fabs(in_h / in_r - 1) < 0.1);  /* ...and is converged */
        assert_true(chord_e < 0.05);
        assert_true(face < 0.10);
        assert_true(in_e < 1.5 * in_r && in_e > in_r / 1.5);
        free_rig(&r);
    }
}

/* Probe points just outside each coupled body: 8 on a circle of 0.35 m
 * about its origin (its faces are 0.25-0.3 m out), where the fine probe
 * outline corrects the flow. Returns the count. */
static int points_round_bodies(eddy_body *const *bodies, int count, double *xy)
{
    int n = 0;
    for (int b = 0; b < count; ++b) {
        eddy_pose p;
        eddy_body_get_pose(bodies[b], &p);
        for (int k = 0; k < 8; ++k, ++n) {
            xy[2 * n] = p.x + 0.35 * cos(k * M_PI / 4 + 0.1);
            xy[2 * n + 1] = p.y + 0.35 * sin(k * M_PI / 4 + 0.1);
        }
    }
    return n;
}

/* The probes solve each body's fine outline once a step and keep it: a
 * coupling read near its moving bodies every step must give, bit for bit,
 * what one read only at the end gives (a strength kept past its step would
 * not: dropping the step's invalidation fails here), also after a body is
 * taken out and the other moves down a slot. */
static void probes_follow_every_step(void **state)
{
    (void)state;
    rig r[2];
    eddy_body *bodies[2][2];
    for (int k = 0; k < 2; ++k) {
        rig_desc d = {.width = 10, .height = 10, .gravity = G};
        r[k] = make_rig(&d);
        set_gyre(&r[k], 20.0);
        body_spec square = {.type = EDDY_BODY_DYNAMIC, .shape = EDDY_SHAPE_BOX, .size = 0.6,
                            .aspect = 1, .x = 4, .y = 6, .density = 600};
        body_spec octagon = {.type = EDDY_BODY_DYNAMIC, .x = 6.5, .y = 4, .density = 1500};
        octagon_spec(&octagon, 0.5);
        bodies[k][0] = add_body(&r[k], &square);
        bodies[k][1] = add_body(&r[k], &octagon);
    }
    double xy[2][2 * 16], uv[2][2 * 16], coarse[2 * 16];
    for (int s = 0; s < 30; ++s) {
        step(&r[0], 1), step(&r[1], 1);
        int n = points_round_bodies(bodies[0], 2, xy[0]);
        eddy_coupling_velocity_many(r[0].c, n, xy[0], uv[0]);
    }
    int n = points_round_bodies(bodies[0], 2, xy[0]);
    assert_int_equal(points_round_bodies(bodies[1], 2, xy[1]), n);
    assert_memory_equal(xy[0], xy[1], sizeof(double) * 2 * (size_t)n); /* queries moved nothing */
    eddy_coupling_velocity_many(r[0].c, n, xy[0], uv[0]);
    eddy_coupling_velocity_many(r[1].c, n, xy[1], uv[1]);
    assert_memory_equal(uv[0], uv[1], sizeof(double) * 2 * (size_t)n);
    /* the fine outline does change what these points read */
    eddy_fluid_velocity_many(r[0].fluid, n, xy[0], coarse);
    double moved = 0.0;
    for (int i = 0; i < 2 * n; ++i) moved = fmax(moved, fabs(uv[0][i] - coarse[i]));
    assert_true(moved > 1e-3);
    /* the square taken out: the octagon moves down a slot */
    eddy_error err = {0};
    for (int k = 0; k < 2; ++k)
        assert_int_equal(eddy_coupling_remove_body(r[k].c, bodies[k][0], &err), EDDY_OK);
    n = points_round_bodies(&bodies[0][1], 1, xy[0]);
    points_round_bodies(&bodies[1][1], 1, xy[1]);
    eddy_coupling_velocity_many(r[0].c, n, xy[0], uv[0]);
    eddy_coupling_velocity_many(r[1].c, n, xy[1], uv[1]);
    assert_memory_equal(uv[0], uv[1], sizeof(double) * 2 * (size_t)n);
    for (int s = 0; s < 5; ++s) {
        step(&r[0], 1), step(&r[1], 1);
        n = points_round_bodies(&bodies[0][1], 1, xy[0]);
        eddy_coupling_velocity_many(r[0].c, n, xy[0], uv[0]);
    }
    n = points_round_bodies(&bodies[0][1], 1, xy[0]);
    points_round_bodies(&bodies[1][1], 1, xy[1]);
    eddy_coupling_velocity_many(r[0].c, n, xy[0], uv[0]);
    eddy_coupling_velocity_many(r[1].c, n, xy[1], uv[1]);
    assert_memory_equal(uv[0], uv[1], sizeof(double) * 2 * (size_t)n);
    free_rig(&r[0]), free_rig(&r[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fixed_bodies_keep_the_water_out),
        cmocka_unit_test(probes_follow_every_step),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
