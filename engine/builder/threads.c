// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* threads.c - the builder runs its BLAS on the calling thread only.
 *
 * Debian's threaded OpenBLAS would spread the enrichment's matrix products
 * over every core: a game that builds a level's asset while it plays would
 * lose its cores to it, and the sums would be split differently on machines
 * with different core counts. One thread keeps builds reproducible bit for
 * bit and leaves the cores to the program. */
#include "builder_internal.h"

#include <cblas.h> /* OpenBLAS: openblas_set_num_threads */

/* OpenBLAS's cblas.h says so by defining OPENBLAS_CONST; a build on another
 * BLAS (reference BLAS, MSYS2's or a vendor's) has nothing to pin, and its
 * threads are its own setting. */
#if defined(OPENBLAS_CONST)
void eddyi_builder_pin_threads(void) { openblas_set_num_threads(1); }
#else
void eddyi_builder_pin_threads(void) {}
#endif
