// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* bench_levels.h - rock the benchmarks build their walled levels from, kept
 * in one place so bench_domain, bench_advection and bench_accuracy time and
 * judge the same cave. */
#ifndef EDDY_BENCH_LEVELS_H
#define EDDY_BENCH_LEVELS_H

#include <eddy/eddy.h>

#include <string.h>

static inline eddy_wall bench_wall_polygon(int n, const double (*p)[2])
{
    eddy_wall w;
    memset(&w, 0, sizeof w);
    w.kind = EDDY_WALL_POLYGON;
    w.point_count = n;
    for (int k = 0; k < n; ++k) w.points[k][0] = p[k][0], w.points[k][1] = p[k][1];
    return w;
}

/* assets/levels/07-cave.json's walls (12 x 7.5 m): a roof with a
 * stalactite, a rock shelf from the east wall, a floor bank and a boulder
 * half sunk in the floor. Writes 4 walls, returns 4. */
static inline int bench_cave_walls(eddy_wall *w)
{
    static const double roof[11][2] = {{0, 6.4}, {1.6, 6.55}, {2.9, 6.2}, {3.6, 5.55}, {4.3, 6.3},
                                       {6.2, 6.75}, {8.4, 6.6}, {10.2, 6.85}, {12, 6.7}, {12, 7.5},
                                       {0, 7.5}};
    static const double shelf[5][2] = {{7.0, 3.05}, {8.6, 2.9}, {12, 2.95}, {12, 3.6}, {7.4, 3.55}};
    static const double bank[5][2] = {{0, 0}, {2.8, 0}, {2.2, 0.55}, {1.2, 0.95}, {0, 1.0}};
    w[0] = bench_wall_polygon(11, roof);
    w[1] = bench_wall_polygon(5, shelf);
    w[2] = bench_wall_polygon(5, bank);
    memset(&w[3], 0, sizeof w[3]);
    w[3].kind = EDDY_WALL_CIRCLE;
    w[3].x = 5.4, w[3].y = 0.0, w[3].radius = 0.9;
    return 4;
}

#endif
