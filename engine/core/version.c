// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* version.c - the version the library was built as (eddy_base.h), for
 * programs to compare with the EDDY_VERSION they were compiled against. */
#include "core_internal.h"

int eddy_version(void) { return EDDY_VERSION; }

const char *eddy_version_string(void) { return EDDY_VERSION_STRING; }
