// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* kit_status.c - endings to exit codes (kit_status.h). */
#include "kit_status.h"

#include <sysexits.h>

int kit_exit_code(kit_status s)
{
    switch (s) {
    case KIT_DONE: return EX_OK;
    case KIT_BAD_USAGE: return EX_USAGE;
    case KIT_BAD_DATA: return EX_DATAERR;
    case KIT_NO_INPUT: return EX_NOINPUT;
    case KIT_UNAVAILABLE: return EX_UNAVAILABLE;
    case KIT_NO_MEMORY: return EX_OSERR;
    case KIT_CANT_WRITE: return EX_CANTCREAT;
    case KIT_INTERNAL: break;
    }
    return EX_SOFTWARE;
}

kit_status kit_status_of(eddy_result rc, kit_status otherwise)
{
    switch (rc) {
    case EDDY_OK: return KIT_DONE;
    case EDDY_ERR_IO: return KIT_NO_INPUT;
    case EDDY_ERR_MEMORY: return KIT_NO_MEMORY;
    case EDDY_ERR_FORMAT:
    case EDDY_ERR_RANGE:
    case EDDY_ERR_NUMERIC: return KIT_BAD_DATA;
    default: return otherwise;
    }
}
