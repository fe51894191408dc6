// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* sysexits.h for the Windows build (on the include path of
 * platform/windows/windows.mk only): MinGW has no <sysexits.h>, and the
 * programs' exit codes are the BSD ones on every system, so that scripts and
 * tests read the same numbers. */
#ifndef EDDY_WINDOWS_SYSEXITS_H
#define EDDY_WINDOWS_SYSEXITS_H

#define EX_OK 0
#define EX_USAGE 64
#define EX_DATAERR 65
#define EX_NOINPUT 66
#define EX_NOUSER 67
#define EX_NOHOST 68
#define EX_UNAVAILABLE 69
#define EX_SOFTWARE 70
#define EX_OSERR 71
#define EX_OSFILE 72
#define EX_CANTCREAT 73
#define EX_IOERR 74
#define EX_TEMPFAIL 75
#define EX_PROTOCOL 76
#define EX_NOPERM 77
#define EX_CONFIG 78

#endif /* EDDY_WINDOWS_SYSEXITS_H */
