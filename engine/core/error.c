// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* error.c - result codes and the messages the library hands back instead of printing. */
#include "core_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

const char *eddy_result_name(eddy_result code)
{
    switch (code) {
    case EDDY_OK: return "ok";
    case EDDY_ERR_ARGUMENT: return "argument";
    case EDDY_ERR_IO: return "io";
    case EDDY_ERR_FORMAT: return "format";
    case EDDY_ERR_MEMORY: return "memory";
    case EDDY_ERR_NUMERIC: return "numeric";
    case EDDY_ERR_RANGE: return "range";
    case EDDY_ERR_CAPACITY: return "capacity";
    }
    return "unknown";
}

eddy_result eddy_fail(eddy_error *err, eddy_result code, const char *fmt, ...)
{
    if (err) {
        err->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

void eddyi_clear_error(eddy_error *err)
{
    if (err) {
        err->code = EDDY_OK;
        err->message[0] = '\0';
    }
}

/* A monotonic clock in milliseconds, for the timings only (never for
 * results). Windows: the performance counter; elsewhere CLOCK_MONOTONIC. */
double eddyi_now_ms(void)
{
#ifdef _WIN32
    LARGE_INTEGER count, rate;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&rate);
    return (double)count.QuadPart * 1e3 / (double)rate.QuadPart;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
#endif
}
