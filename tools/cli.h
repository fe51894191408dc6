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
#include <eddy/eddy_coupling.h> /* eddy_step_cost */
#include <eddy/eddy_file.h>     /* eddy_check_output, EDDY_SAVE_FORCE */

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sysexits.h> /* on Windows: platform/windows/include/sysexits.h */
#include <time.h>
#include <unistd.h>
#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h> /* the CPU clock and budget below */
#undef near /* minwindef.h makes near and far empty */
#undef far
#else
#include <sys/resource.h>
#endif

/* Prints "prog: message" and a newline on stderr; returns code, so that a
 * caller can write `return cli_fail(EX_USAGE, ...)`. */
static inline int cli_fail(const char *prog, int code, const char *fmt, ...)
#if defined(__GNUC__)
    EDDY_PRINTF(3, 4)
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

/* Which file a path names: its device and inode, symbolic links followed.
 * Windows' stat() gives every file inode 0, so there the volume's serial
 * number and the file's index come from an open handle instead. False when
 * the file does not exist or cannot be opened. */
typedef struct cli_file_id {
    unsigned long long dev, ino;
} cli_file_id;

static inline bool cli_file_identity(const char *path, cli_file_id *id)
{
    if (!path)
        return false;
#ifdef _WIN32
    wchar_t wide[4096];
    if (!MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, wide, 4096))
        return false;
    /* access 0: the identity only; BACKUP_SEMANTICS opens folders too */
    HANDLE h = CreateFileW(wide, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                           OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    if (h == INVALID_HANDLE_VALUE)
        return false;
    BY_HANDLE_FILE_INFORMATION info;
    BOOL ok = GetFileInformationByHandle(h, &info);
    CloseHandle(h);
    if (!ok)
        return false;
    id->dev = info.dwVolumeSerialNumber;
    id->ino = ((unsigned long long)info.nFileIndexHigh << 32) | info.nFileIndexLow;
#else
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    id->dev = (unsigned long long)st.st_dev;
    id->ino = (unsigned long long)st.st_ino;
#endif
    return true;
}

/* True when a and b both exist and are one file (cli_file_identity): an
 * output must never be one of the inputs. */
static inline bool cli_same_file(const char *a, const char *b)
{
    cli_file_id ia, ib;
    if (!cli_file_identity(a, &ia) || !cli_file_identity(b, &ib))
        return false;
    return ia.dev == ib.dev && ia.ino == ib.ino;
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

/* Refuses (EX_CANTCREAT), before any long work, an output that its save
 * would refuse (eddy_check_output): a path that exists and is not a regular
 * file (links followed: a device such as /dev/null, a FIFO, a socket or a
 * directory is never replaced), a directory that does not exist or takes no
 * new files, and, unless force, a read-only file, one with other hard links
 * or one whose owner the save could not keep. NULL path: nothing to check. */
static inline int cli_check_output(const char *prog, const char *flag, const char *path,
                                   bool force)
{
    if (!path)
        return EX_OK;
    eddy_error err = {0};
    eddy_result rc = eddy_check_output(path, force ? EDDY_SAVE_FORCE : 0, &err);
    if (rc == EDDY_OK)
        return EX_OK;
    const char *hint = strstr(err.message, "a forced save does") ? "; --force replaces it" : "";
    return cli_fail(prog, rc == EDDY_ERR_MEMORY ? EX_OSERR : EX_CANTCREAT, "%s: %s%s", flag,
                    err.message, hint);
}

/* The save flags of a tool's --force. */
static inline unsigned cli_save_flags(bool force)
{
    return force ? EDDY_SAVE_FORCE : 0u;
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

/* ------------------------------------------------------------ work budgets */

/* A run (sim's steps, eddy-game's frames, eddy-level solve's play) is
 * estimated before it starts (eddy_step_cost_estimate, eddy_coupling.h) and
 * refused over CLI_RUN_MAX_SECONDS. While it runs, its CPU time is watched
 * against a budget of CLI_BUDGET_FACTOR times the estimate, at least
 * CLI_BUDGET_FLOOR seconds (or what --max-seconds says): bodies that heap up
 * or a flow that speeds up stop it with a message, not hours later. CPU
 * time, not wall time: a busy machine does not stop a run that is within
 * its budget. */
#define CLI_RUN_MAX_SECONDS 3600.0
#define CLI_BUDGET_FACTOR 4.0
#define CLI_BUDGET_FLOOR 60.0

typedef struct cli_budget {
    double start;    /* CPU seconds when the run started */
    double limit;    /* CPU seconds it may take */
    double estimate; /* what it was estimated to take */
} cli_budget;

static inline double cli_cpu_seconds(void)
{
#ifdef _WIN32
    FILETIME created, ended, kernel, user;
    if (!GetProcessTimes(GetCurrentProcess(), &created, &ended, &kernel, &user))
        return 0.0;
    ULARGE_INTEGER k = {.u = {kernel.dwLowDateTime, kernel.dwHighDateTime}};
    ULARGE_INTEGER u = {.u = {user.dwLowDateTime, user.dwHighDateTime}};
    return 1e-7 * (double)(k.QuadPart + u.QuadPart); /* 100 ns ticks */
#endif
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* max_seconds > 0: the user's own budget; else the estimate's. */
static inline cli_budget cli_budget_start(double estimate, double max_seconds)
{
    cli_budget b = {cli_cpu_seconds(), max_seconds, estimate};
    if (!(max_seconds > 0.0))
        b.limit = fmax(CLI_BUDGET_FLOOR, CLI_BUDGET_FACTOR * estimate);
    return b;
}

/* CPU seconds used so far. */
static inline double cli_budget_used(const cli_budget *b)
{
    return cli_cpu_seconds() - b->start;
}

static inline bool cli_budget_spent(const cli_budget *b)
{
    return cli_budget_used(b) > b->limit;
}

/* Parses --max-seconds: CPU seconds in (0, CLI_RUN_MAX_SECONDS]. */
static inline bool cli_parse_budget(const char *s, double *out)
{
    return cli_parse_double(s, out) && *out > 0.0 && *out <= CLI_RUN_MAX_SECONDS;
}

/* For a loop the tool cannot look into (eddy-level solve's bot): the kernel
 * stops the process once it has used limit more seconds of CPU time
 * (RLIMIT_CPU, then SIGXCPU), with one "prog: message" line and EX_DATAERR;
 * nothing has been saved by then. */
static char cli_cpu_message[512];
static size_t cli_cpu_message_length;

static void cli_on_cpu_limit(int sig)
{
    (void)sig;
    if (write(STDERR_FILENO, cli_cpu_message, cli_cpu_message_length) < 0) {
        /* nothing more can be said */
    }
    _exit(EX_DATAERR);
}

#ifdef _WIN32
/* Windows has no RLIMIT_CPU: a watchdog thread looks at the process's CPU
 * time five times a second and stops the process as SIGXCPU would. */
static double cli_cpu_deadline;

static DWORD WINAPI cli_cpu_watchdog(LPVOID unused)
{
    (void)unused;
    while (cli_cpu_seconds() < cli_cpu_deadline) Sleep(200);
    cli_on_cpu_limit(0);
    return 0;
}
#endif

static inline void cli_limit_cpu(const char *prog, double limit, const char *what)
{
    int n = snprintf(cli_cpu_message, sizeof cli_cpu_message, "%s: %s: over its budget of %.0f "
                     "s of CPU time; stopped\n", prog, what, ceil(limit));
    cli_cpu_message_length = n > 0 && (size_t)n < sizeof cli_cpu_message ? (size_t)n : 0;
#ifdef _WIN32
    cli_cpu_deadline = cli_cpu_seconds() + ceil(limit);
    HANDLE t = CreateThread(NULL, 0, cli_cpu_watchdog, NULL, 0, NULL);
    if (t) CloseHandle(t);
    return;
#else
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cli_on_cpu_limit;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGXCPU, &sa, NULL) != 0)
        return;
    struct rlimit rl;
    if (getrlimit(RLIMIT_CPU, &rl) != 0)
        return;
    rlim_t want = (rlim_t)ceil(cli_cpu_seconds() + limit);
    if (rl.rlim_max != RLIM_INFINITY && want > rl.rlim_max)
        want = rl.rlim_max;
    if (rl.rlim_cur == RLIM_INFINITY || want < rl.rlim_cur) {
        rl.rlim_cur = want;
        (void)setrlimit(RLIMIT_CPU, &rl);
    }
#endif
}

/* One line on what a step costs: "about 1.2 ms a step (fluid 0.1, panels
 * 0.9 for 230 panels, 45 pairs near, feedback naive 0.1, bodies 0.1)". */
static inline void cli_describe_cost(const eddy_step_cost *c, eddy_feedback_mode feedback,
                                     char *out, size_t cap)
{
    snprintf(out, cap, "about %.3g ms a step: fluid %.3g, panels %.3g (%.0f panels, %.0f pairs of "
             "bodies near each other), feedback %s %.3g, bodies %.3g", 1e3 * c->total,
             1e3 * c->fluid, 1e3 * c->panels, c->panel_count, c->near_pairs,
             eddy_feedback_name(feedback), 1e3 * c->feedback, 1e3 * c->bodies);
}

/* A run's look at its budget before step i of n (unit: "step", "frame"):
 * over its CPU budget, or (with coupling, every few steps) the steps left at
 * what a step costs with the bodies where they are now would take the run
 * past max_total seconds: one line and EX_DATAERR. Else EX_OK. */
static inline int cli_budget_check(const char *prog, const cli_budget *b, const char *unit,
                                   long i, long n, const eddy_coupling *coupling,
                                   double max_total)
{
    double used = cli_budget_used(b);
    if (used > b->limit)
        return cli_fail(prog, EX_DATAERR, "%s %ld of %ld: the run has taken %.3g s of CPU time, "
                        "over its budget of %.3g s (estimated %.3g s); stopped (--max-seconds "
                        "sets another budget)", unit, i, n, used, b->limit, b->estimate);
    if (!coupling) return EX_OK;
    eddy_step_cost now;
    eddy_coupling_step_cost(coupling, &now);
    double left = (double)(n - i) * now.total;
    if (used + left <= max_total) return EX_OK;
    char said[256];
    cli_describe_cost(&now, eddy_coupling_feedback(coupling), said, sizeof said);
    return cli_fail(prog, EX_DATAERR, "%s %ld of %ld: the %ss left would take about %.3g s more "
                    "(%s, as the bodies are now), over the %g s a run may take; stopped", unit, i,
                    n, unit, left, said, max_total);
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
