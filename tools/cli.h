// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * cli.h - small helpers shared by the command-line tools (precompute, sim):
 * strict number parsing, one-line error messages, and the mapping from the
 * library's result codes to <sysexits.h> exit codes.
 *
 * Header-only (static inline) so each tool stays a plain list of .c files.
 */
#ifndef EDDY_CLI_H
#define EDDY_CLI_H

#include <eddy/eddy.h>

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sysexits.h>

/* Prints "prog: message" and a newline on stderr; returns code, so that a
 * caller can write `return cli_fail(EX_USAGE, ...)`. */
static inline int cli_fail(const char *prog, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static inline int cli_fail(const char *prog, int code, const char *fmt, ...)
{
    fprintf(stderr, "%s: ", prog);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return code;
}

/* A decimal number with nothing before or after it: digits, an optional
 * point and an optional exponent. Rejects "", " 1", "1x", "0x10" (hex),
 * "inf", "nan" and values that overflow to infinity. */
static inline bool cli_parse_double(const char *s, double *out)
{
    if (!s || !*s)
        return false;
    bool digit = false;
    for (const char *p = s; *p; p++) {
        if (*p >= '0' && *p <= '9')
            digit = true;
        else if (!strchr("+-.eE", *p))
            return false;
    }
    if (!digit)
        return false;
    errno = 0;
    char *end = NULL;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(v) || (errno == ERANGE && fabs(v) > 1.0))
        return false;
    *out = v;
    return true;
}

/* A base-10 integer made only of digits (an optional leading '-'), within
 * [min, max]. Rejects "", "64abc", "1e3", " 7", "+-3". */
static inline bool cli_parse_long(const char *s, long min, long max, long *out)
{
    if (!s || !*s)
        return false;
    const char *p = s + (*s == '-');
    if (!*p)
        return false;
    for (const char *q = p; *q; q++)
        if (*q < '0' || *q > '9')
            return false;
    errno = 0;
    char *end = NULL;
    long v = strtol(s, &end, 10);
    if (errno == ERANGE || *end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* "A" or "A<sep>B" (sep is one character, e.g. 'x' or ','): splits s into
 * at most two parts in a[], b[] (each up to cap bytes). Returns the number of
 * parts (1 or 2), or 0 if s is too long or has more than one separator. */
static inline int cli_split2(const char *s, char sep, char *a, char *b, size_t cap)
{
    const char *mid = strchr(s, sep);
    if (mid && strchr(mid + 1, sep))
        return 0;
    size_t la = mid ? (size_t)(mid - s) : strlen(s);
    if (la >= cap || (mid && strlen(mid + 1) >= cap))
        return 0;
    memcpy(a, s, la);
    a[la] = '\0';
    if (!mid)
        return 1;
    strcpy(b, mid + 1);
    return 2;
}

/* Reports a getopt_long error in one line and returns EX_USAGE. c is what
 * getopt_long returned: '?' (unknown option, or a value given to an option
 * that takes none) or ':' (a value missing; optstring must start with ':').
 * Call with opterr = 0 so getopt itself prints nothing. */
static inline int cli_option_error(const char *prog, int c, char **argv,
                                   const struct option *longs)
{
    const char *arg = optind > 0 ? argv[optind - 1] : "";
    bool is_long = arg[0] == '-' && arg[1] == '-';
    if (c == ':') {
        if (optopt > 0 && optopt < 256 && !is_long)
            return cli_fail(prog, EX_USAGE, "option '-%c' needs a value (see --help)", optopt);
        return cli_fail(prog, EX_USAGE, "option '%s' needs a value (see --help)", arg);
    }
    if (optopt > 0 && optopt < 256 && !is_long)
        return cli_fail(prog, EX_USAGE, "unknown option '-%c' (see --help)", optopt);
    for (const struct option *o = longs; optopt && o->name; o++)
        if (o->val == optopt && o->has_arg == no_argument)
            return cli_fail(prog, EX_USAGE, "option '--%s' takes no value (see --help)", o->name);
    return cli_fail(prog, EX_USAGE, "unknown option '%s' (see --help)", arg);
}

/* ------------------------------------------------------------ files */

/* True when a and b both exist and are one file (same device and inode,
 * symbolic links followed): an output must never be one of the inputs. */
static inline bool cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!a || !b || stat(a, &sa) != 0 || stat(b, &sb) != 0)
        return false;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Refuses (EX_USAGE) writing out_flag's file when it is in_flag's input:
 * the save would destroy the input it was made from. EX_OK otherwise. */
static inline int cli_refuse_same_file(const char *prog, const char *out_flag, const char *out,
                                       const char *in_flag, const char *in)
{
    if (!cli_same_file(out, in))
        return EX_OK;
    return cli_fail(prog, EX_USAGE,
                    "%s '%s' is the same file as the input %s '%s': refusing to overwrite an "
                    "input (write to another file)", out_flag, out, in_flag, in);
}

/* Refuses (EX_USAGE) two outputs that would land in one file: the same
 * name, or (once either exists) the same device and inode. */
static inline int cli_refuse_one_output(const char *prog, const char *flag_a, const char *a,
                                        const char *flag_b, const char *b)
{
    if (!a || !b || (strcmp(a, b) != 0 && !cli_same_file(a, b)))
        return EX_OK;
    return cli_fail(prog, EX_USAGE, "%s '%s' and %s '%s' are the same file: give each its own",
                    flag_a, a, flag_b, b);
}

/* Refuses (EX_CANTCREAT), before any long work, an output path that exists
 * and is not a regular file (links followed): a device such as /dev/null, a
 * FIFO, a socket or a directory is never replaced by a save. */
static inline int cli_refuse_special_output(const char *prog, const char *flag, const char *path)
{
    struct stat st;
    if (!path || stat(path, &st) != 0 || S_ISREG(st.st_mode))
        return EX_OK;
    return cli_fail(prog, EX_CANTCREAT, "%s '%s': it exists and is not a regular file "
                    "(a directory, device, FIFO or socket); refusing to replace it",
                    flag, path);
}

/* After --help or --version: the text must have reached standard output.
 * EX_IOERR with a message on stderr when it did not (e.g. > /dev/full). */
static inline int cli_finish_stdout(const char *prog)
{
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail(prog, EX_IOERR, "cannot write to standard output: %s",
                        errno ? strerror(errno) : "write error");
    return EX_OK;
}

/* Exit code for a failure to load an input file (asset or scene). */
static inline int cli_exit_for_load(eddy_result code)
{
    switch (code) {
    case EDDY_OK: return EX_OK;
    case EDDY_ERR_IO: return EX_NOINPUT;      /* missing or unreadable */
    case EDDY_ERR_FORMAT:                     /* malformed, corrupt, truncated */
    case EDDY_ERR_RANGE:
    case EDDY_ERR_NUMERIC: return EX_DATAERR;
    case EDDY_ERR_MEMORY: return EX_OSERR;
    case EDDY_ERR_ARGUMENT:
    case EDDY_ERR_CAPACITY: return EX_SOFTWARE;
    }
    return EX_SOFTWARE;
}

/* Prints a double so that it parses back to the same value; JSON has no
 * NaN or infinity, so those print as null. */
static inline void cli_print_number(FILE *f, double v)
{
    if (isfinite(v))
        fprintf(f, "%.17g", v);
    else
        fputs("null", f);
}

#endif /* EDDY_CLI_H */
