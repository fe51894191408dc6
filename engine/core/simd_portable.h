// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* simd_portable.h - simd.h's vectors without the GCC/Clang vector
 * extensions (MSVC's C compiler, or -DEDDY_NO_VECTOR_EXT): plain structs of
 * lanes, each function doing on every lane, in lane order, the one IEEE
 * operation the vector build does, so both builds give the same bits.
 * Included by simd.h only. */
#ifndef EDDY_SIMD_PORTABLE_H
#define EDDY_SIMD_PORTABLE_H

#include <string.h>

typedef struct eddy_v2 {
    double v[2];
} eddy_v2;
/* Comparisons give all bits set (-1) where true, 0 where not, as the
 * vector extensions do. */
typedef struct eddy_v2i {
    long long v[2];
} eddy_v2i;
typedef struct eddy_f4 {
    float v[4];
} eddy_f4;

#define EDDY_LANE(x, i) ((x).v[i])

static inline eddy_v2 eddy_v2_load(const double *p)
{
    eddy_v2 r;
    memcpy(r.v, p, sizeof r.v);
    return r;
}

static inline void eddy_v2_store(double *p, eddy_v2 a) { memcpy(p, a.v, sizeof a.v); }

static inline eddy_v2 eddy_v2_make(double lane0, double lane1)
{
    eddy_v2 r = {{lane0, lane1}};
    return r;
}

static inline eddy_v2 eddy_v2_set(double x) { return eddy_v2_make(x, x); }

/* One lane-wise operation of doubles (op), of integers (iop), of floats. */
#define EDDY_V2_OP(name, op)                                                                       \
    static inline eddy_v2 name(eddy_v2 a, eddy_v2 b)                                               \
    {                                                                                              \
        return eddy_v2_make(a.v[0] op b.v[0], a.v[1] op b.v[1]);                                   \
    }
#define EDDY_V2_CMP(name, op)                                                                      \
    static inline eddy_v2i name(eddy_v2 a, eddy_v2 b)                                              \
    {                                                                                              \
        eddy_v2i r = {{a.v[0] op b.v[0] ? -1LL : 0LL, a.v[1] op b.v[1] ? -1LL : 0LL}};             \
        return r;                                                                                  \
    }
#define EDDY_V2I_OP(name, op)                                                                      \
    static inline eddy_v2i name(eddy_v2i a, eddy_v2i b)                                            \
    {                                                                                              \
        eddy_v2i r = {{a.v[0] op b.v[0], a.v[1] op b.v[1]}};                                       \
        return r;                                                                                  \
    }
#define EDDY_F4_OP(name, op)                                                                       \
    static inline eddy_f4 name(eddy_f4 a, eddy_f4 b)                                               \
    {                                                                                              \
        eddy_f4 r = {{a.v[0] op b.v[0], a.v[1] op b.v[1], a.v[2] op b.v[2], a.v[3] op b.v[3]}};    \
        return r;                                                                                  \
    }

EDDY_V2_OP(eddy_v2_add, +)
EDDY_V2_OP(eddy_v2_sub, -)
EDDY_V2_OP(eddy_v2_mul, *)
EDDY_V2_OP(eddy_v2_div, /)
EDDY_V2_CMP(eddy_v2_lt, <)
EDDY_V2_CMP(eddy_v2_gt, >)
EDDY_V2I_OP(eddy_v2i_add, +)
EDDY_V2I_OP(eddy_v2i_sub, -)
EDDY_V2I_OP(eddy_v2i_and, &)
EDDY_V2I_OP(eddy_v2i_or, |)
EDDY_F4_OP(eddy_f4_add, +)
EDDY_F4_OP(eddy_f4_mul, *)

static inline eddy_v2 eddy_v2_neg(eddy_v2 a) { return eddy_v2_make(-a.v[0], -a.v[1]); }
static inline eddy_v2 eddy_v2_from_int(eddy_v2i k) { return eddy_v2_make((double)k.v[0], (double)k.v[1]); }

static inline eddy_v2i eddy_v2i_set(long long x)
{
    eddy_v2i r = {{x, x}};
    return r;
}

static inline eddy_v2i eddy_v2i_neg(eddy_v2i a) { return eddy_v2i_sub(eddy_v2i_set(0), a); }
static inline eddy_v2i eddy_v2i_not(eddy_v2i a)
{
    eddy_v2i r = {{~a.v[0], ~a.v[1]}};
    return r;
}

/* arithmetic shift right (two's complement, as every target eddy has) */
static inline eddy_v2i eddy_v2i_shr(eddy_v2i a, int n)
{
    eddy_v2i r = {{a.v[0] >> n, a.v[1] >> n}};
    return r;
}

static inline eddy_f4 eddy_f4_load(const float *p)
{
    eddy_f4 r;
    memcpy(r.v, p, sizeof r.v);
    return r;
}

static inline void eddy_f4_store(float *p, eddy_f4 a) { memcpy(p, a.v, sizeof a.v); }

static inline eddy_f4 eddy_f4_set(float x)
{
    eddy_f4 r = {{x, x, x, x}};
    return r;
}

#undef EDDY_V2_OP
#undef EDDY_V2_CMP
#undef EDDY_V2I_OP
#undef EDDY_F4_OP

#endif /* EDDY_SIMD_PORTABLE_H */
