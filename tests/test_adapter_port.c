// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* test_adapter_port.c - the Box2D adapter as a library apart from libeddy
 * (docs/design.md, "Libraries"):
 *   - libeddy hands the port's helpers to a shared adapter as one table
 *     (eddy_adapter_port, eddy_rigid.h): whole, made of the port's own
 *     functions, and refused to an adapter of another release;
 *   - the shared adapter (BUILD/libeddy-box2d[-v3].so over BUILD/libeddy.so,
 *     loaded here with dlopen beside this program's static copies) runs the
 *     same world as the static archive, bit for bit: contacts, a sensor's
 *     events, a ray cast and a point query, each of which the shared adapter
 *     reaches through the table (engine/bodies/body_port_link.c).
 * BUILD is the parent of $EDDY_BIN (the Makefile's test runs set it). */
#include "test_util.h"
#include "body_port.h"
#include "eddy_body.h"
#include "eddy_rigid.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void table_is_the_ports_own(void **state)
{
    (void)state;
    const struct eddy_adapter_port *t = eddy_adapter_port(EDDY_VERSION);
    assert_non_null(t);
    assert_int_equal(t->abi, EDDY_VERSION);
    assert_ptr_equal(t->world_create, eddyi_port_world_create);
    assert_ptr_equal(t->adopt_world, eddyi_port_adopt_world);
    assert_ptr_equal(t->adopt_body, eddyi_port_adopt_body);
    assert_ptr_equal(t->adopt_shape, eddyi_port_adopt_shape);
    assert_ptr_equal(t->find_shape, eddyi_port_find_shape);
    assert_ptr_equal(t->body_live, eddyi_port_body_live);
    assert_ptr_equal(t->world_live, eddyi_port_world_live);
    assert_ptr_equal(t->is_solid, eddyi_port_is_solid);
    assert_ptr_equal(t->pair_reported, eddyi_port_pair_reported);
    assert_ptr_equal(t->push_event, eddyi_port_push_event);
    assert_ptr_equal(t->ray_offer, eddyi_port_ray_offer);
    assert_ptr_equal(t->query_offer, eddyi_port_query_offer);
    assert_ptr_equal(t->read_by_getters, eddyi_port_read_by_getters);
    assert_ptr_equal(t->wrench_by_pushes, eddyi_port_wrench_by_pushes);
}

static void other_releases_get_no_table(void **state)
{
    (void)state;
    assert_null(eddy_adapter_port(0));
    assert_null(eddy_adapter_port(EDDY_VERSION + 1));
    assert_null(eddy_adapter_port(EDDY_VERSION - 1));
    assert_null(eddy_adapter_port(EDDY_MAKE_VERSION(EDDY_VERSION_MAJOR + 1, EDDY_VERSION_MINOR,
                                                    EDDY_VERSION_PATCH)));
}

/* The calls the scene makes, from one copy of the libraries or the other. */
typedef struct api {
    eddy_result (*world_create)(const eddy_world_desc *, eddy_world **, eddy_error *);
    void (*body_get_backend)(eddy_body_backend_info *);
    void (*world_destroy)(eddy_world *);
    eddy_result (*world_step)(eddy_world *, double, int, eddy_error *);
    eddy_result (*body_create)(eddy_world *, const eddy_body_desc *, eddy_body **, eddy_error *);
    eddy_result (*body_add_shape)(eddy_body *, const eddy_shape_desc *, int *, eddy_error *);
    void (*body_get_pose)(const eddy_body *, eddy_pose *);
    void (*body_linear_velocity)(const eddy_body *, double[2]);
    void (*world_get_sensor_events)(const eddy_world *, eddy_sensor_events *);
    bool (*world_ray_cast)(const eddy_world *, double, double, double, double, eddy_ray_hit *);
    int (*world_query_point)(const eddy_world *, double, double, eddy_body **, int);
} api;

enum { STEPS = 150, PER_STEP = 6 };

/* What a run records: the ball's pose and velocity and the sensor's event
 * counts after each step, then the ray's hit and the query's count. */
typedef struct trace {
    double step[STEPS][PER_STEP];
    double ray_fraction, ray_point[2];
    int ray_hit_ball, query_count, begins;
} trace;

/* A ball dropped onto a static floor through a static sensor box. */
static void run_scene(const api *a, trace *t)
{
    eddy_error err;
    memset(t, 0, sizeof *t);
    eddy_world_desc wd = {0};
    wd.gravity[1] = -9.81;
    eddy_world *w = NULL;
    assert_int_equal(a->world_create(&wd, &w, &err), EDDY_OK);

    eddy_body_desc gd = {0};
    eddy_body *ground = NULL, *gate = NULL, *ball = NULL;
    assert_int_equal(a->body_create(w, &gd, &ground, &err), EDDY_OK);
    eddy_shape_desc floor = {0};
    floor.type = EDDY_SHAPE_BOX;
    floor.half_width = 10, floor.half_height = 0.5;
    assert_int_equal(a->body_add_shape(ground, &floor, NULL, &err), EDDY_OK);

    eddy_body_desc sd = {0};
    sd.position[1] = 2.0;
    assert_int_equal(a->body_create(w, &sd, &gate, &err), EDDY_OK);
    eddy_shape_desc sensor = {0};
    sensor.type = EDDY_SHAPE_BOX;
    sensor.half_width = 1, sensor.half_height = 1;
    sensor.is_sensor = true;
    assert_int_equal(a->body_add_shape(gate, &sensor, NULL, &err), EDDY_OK);

    eddy_body_desc bd = {0};
    bd.type = EDDY_BODY_DYNAMIC;
    bd.position[0] = 0.3, bd.position[1] = 5.0;
    assert_int_equal(a->body_create(w, &bd, &ball, &err), EDDY_OK);
    eddy_shape_desc round = {0};
    round.type = EDDY_SHAPE_CIRCLE;
    round.radius = 0.5;
    assert_int_equal(a->body_add_shape(ball, &round, NULL, &err), EDDY_OK);

    for (int i = 0; i < STEPS; ++i) {
        assert_int_equal(a->world_step(w, 1.0 / 60.0, 0, &err), EDDY_OK);
        eddy_pose p;
        double v[2];
        eddy_sensor_events ev;
        a->body_get_pose(ball, &p);
        a->body_linear_velocity(ball, v);
        a->world_get_sensor_events(w, &ev);
        double row[PER_STEP] = {p.x, p.y, p.angle, v[0], v[1], ev.begin_count + 0.5 * ev.end_count};
        memcpy(t->step[i], row, sizeof row);
        for (int k = 0; k < ev.begin_count; ++k)
            if (ev.begin[k].sensor == gate && ev.begin[k].visitor == ball) t->begins++;
    }
    eddy_ray_hit hit;
    if (a->world_ray_cast(w, 0.3, 9.0, 0.3, -9.0, &hit)) {
        t->ray_fraction = hit.fraction;
        t->ray_point[0] = hit.point[0], t->ray_point[1] = hit.point[1];
        t->ray_hit_ball = hit.body == ball;
    }
    eddy_pose p;
    a->body_get_pose(ball, &p);
    eddy_body *found[4];
    t->query_count = a->world_query_point(w, p.x, p.y, found, 4);
    if (t->query_count != 1 || found[0] != ball) t->query_count = -t->query_count - 1;
    a->world_destroy(w);
}

static void *symbol(void *lib, const char *name)
{
    void *f = dlsym(lib, name);
    if (!f) fail_msg("dlsym %s: %s", name, dlerror());
    return f;
}

/* A function of lib into f: dlsym's object pointer copied into the function
 * pointer (POSIX guarantees they are alike; ISO C has no cast for it). */
#define LOAD(f, lib, name)                                                                    \
    do {                                                                                      \
        void *found_ = symbol((lib), (name));                                                 \
        memcpy(&(f), &found_, sizeof(f));                                                     \
    } while (0)

static void shared_adapter_runs_the_static_bits(void **state)
{
    (void)state;
    api st = {
        eddy_world_create, eddy_body_get_backend, eddy_world_destroy, eddy_world_step,
        eddy_body_create, eddy_body_add_shape, eddy_body_get_pose, eddy_body_linear_velocity,
        eddy_world_get_sensor_events, eddy_world_ray_cast, eddy_world_query_point,
    };
    static trace a, b;
    run_scene(&st, &a);
    /* the scene is a real one: the ball passed into the sensor and came to
     * rest on the floor, where the ray and the query find it */
    assert_int_equal(a.begins, 1);
    assert_true(a.ray_hit_ball);
    assert_int_equal(a.query_count, 1);
    assert_true(fabs(a.step[STEPS - 1][1] - 1.0) < 0.02);
    assert_true(fabs(a.ray_point[1] - 1.5) < 0.02);

    /* The shared pair from the build tree: libeddy.so first, so that the
     * adapter's DT_NEEDED (its soname) is the one already loaded. */
    const char *bin = getenv("EDDY_BIN");
    char dir[512], path[700];
    snprintf(dir, sizeof dir, "%s/..", bin && *bin ? bin : "build/bin");
    eddy_body_backend_info info;
    eddy_body_get_backend(&info);
    bool v3 = strcmp(info.name, "box2d-v3") == 0;
    snprintf(path, sizeof path, "%s/libeddy.so", dir);
    void *eddy = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!eddy) fail_msg("dlopen %s: %s", path, dlerror());
    snprintf(path, sizeof path, "%s/libeddy-box2d%s.so", dir, v3 ? "-v3" : "");
    void *adapter = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!adapter) fail_msg("dlopen %s: %s", path, dlerror());
    /* the adapter defines no eddy_* but its own entry points: the port's
     * calls are libeddy.so's */
    assert_null(dlsym(adapter, "eddyi_port_world_create"));
    api sh;
    LOAD(sh.world_create, adapter, "eddy_world_create");
    LOAD(sh.body_get_backend, adapter, "eddy_body_get_backend");
    LOAD(sh.world_destroy, eddy, "eddy_world_destroy");
    LOAD(sh.world_step, eddy, "eddy_world_step");
    LOAD(sh.body_create, eddy, "eddy_body_create");
    LOAD(sh.body_add_shape, eddy, "eddy_body_add_shape");
    LOAD(sh.body_get_pose, eddy, "eddy_body_get_pose");
    LOAD(sh.body_linear_velocity, eddy, "eddy_body_linear_velocity");
    LOAD(sh.world_get_sensor_events, eddy, "eddy_world_get_sensor_events");
    LOAD(sh.world_ray_cast, eddy, "eddy_world_ray_cast");
    LOAD(sh.world_query_point, eddy, "eddy_world_query_point");
    eddy_body_backend_info shared_info;
    sh.body_get_backend(&shared_info);
    assert_string_equal(shared_info.name, info.name);
    run_scene(&sh, &b);
    for (int i = 0; i < STEPS; ++i)
        if (memcmp(a.step[i], b.step[i], sizeof a.step[i]) != 0)
            fail_msg("step %d: the shared adapter's ball is at (%a, %a), the static one's at (%a, %a)",
                     i, b.step[i][0], b.step[i][1], a.step[i][0], a.step[i][1]);
    assert_memory_equal(&a, &b, sizeof a);
    dlclose(adapter);
    dlclose(eddy);
}

int main(void)
{
    alarm(test_hang_seconds());
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_is_the_ports_own),
        cmocka_unit_test(other_releases_get_no_table),
        cmocka_unit_test(shared_adapter_runs_the_static_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
