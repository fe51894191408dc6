// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * fault_write.h - a full disk on demand, for the tests of safe saves.
 *
 * Every test program is linked with tests/fault_write.c and
 * -Wl,--wrap=write, so each write() the library (and the apps' code linked
 * into a test) makes goes through a wrapper first. The library itself keeps
 * no test state: the fault lives here, in the test program.
 *
 *   test_fail_writes_after(10);     // the next writes may put 10 bytes in all
 *   rc = eddy_write_file_atomic(path, data, 100, &err);   // EDDY_ERR_IO
 *   test_fail_writes_after(0);      // writes behave again
 *
 * While armed, writes succeed (possibly short) until the budget of bytes is
 * spent; after that every write fails with ENOSPC, as on a full disk. A save
 * no larger than the budget therefore succeeds. Not thread-safe.
 */
#ifndef EDDY_FAULT_WRITE_H
#define EDDY_FAULT_WRITE_H

#include <stddef.h>

/* bytes > 0 arms the fault with that budget; 0 disarms it. */
void test_fail_writes_after(size_t bytes);

#endif
