// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fault_write.c - the write() wrapper of fault_write.h (linked into every
 * test program with -Wl,--wrap=write). */
#include "fault_write.h"

#include <errno.h>
#include <stdbool.h>
#include <sys/types.h>

ssize_t __real_write(int fd, const void *data, size_t size);
ssize_t __wrap_write(int fd, const void *data, size_t size);

static bool armed;
static size_t budget;

void test_fail_writes_after(size_t bytes)
{
    armed = bytes != 0;
    budget = bytes;
}

ssize_t __wrap_write(int fd, const void *data, size_t size)
{
    if (!armed)
        return __real_write(fd, data, size);
    if (budget == 0 && size > 0) {
        errno = ENOSPC;
        return -1;
    }
    ssize_t n = __real_write(fd, data, size < budget ? size : budget);
    if (n > 0)
        budget -= (size_t)n;
    return n;
}
