// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* precompute.h - the parts of the precompute tool, one per subcommand. */
#ifndef EDDY_PRECOMPUTE_H
#define EDDY_PRECOMPUTE_H

#define PROG "precompute"

/* `precompute info FILE [--json]`; argv[0] is "info". Returns an exit code. */
int precompute_info(int argc, char **argv);

#endif
