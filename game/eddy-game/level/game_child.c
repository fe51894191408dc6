// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* game_child.c - the live rebuild's private folder, file stamps and child
 * process, for POSIX and for Windows (game_child.h). */
#include "game_child.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
/* ------------------------------------------------------------ Windows */
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

/* UTF-8 to a malloc'ed UTF-16 string; NULL on a bad name or no memory. */
static wchar_t *wide(const char *s)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, NULL, 0);
    wchar_t *w = n > 0 ? malloc((size_t)n * sizeof *w) : NULL;
    if (w && MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, s, -1, w, n) != n) {
        free(w);
        w = NULL;
    }
    return w;
}

/* What Windows said, as text. */
static void win_why(char *why, size_t cap, const char *what, DWORD code)
{
    char text[256] = "";
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL,
                             code, 0, text, sizeof text, NULL);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r' || text[n - 1] == '.'))
        text[--n] = '\0';
    snprintf(why, cap, "%s: %s (error %lu)", what, n ? text : "failed", (unsigned long)code);
}

bool game_private_dir(char *dir, size_t cap, char *why, size_t why_cap)
{
    wchar_t tmp[MAX_PATH + 1];
    DWORD n = GetTempPathW(MAX_PATH + 1, tmp);
    if (n == 0 || n > MAX_PATH) {
        win_why(why, why_cap, "no temporary folder", GetLastError());
        return false;
    }
    char base[3 * MAX_PATH + 1];
    if (!WideCharToMultiByte(CP_UTF8, 0, tmp, -1, base, sizeof base, NULL, NULL)) {
        win_why(why, why_cap, "the temporary folder's name", GetLastError());
        return false;
    }
    for (char *c = base; *c; ++c)
        if (*c == '\\') *c = '/';
    size_t len = strlen(base);
    if (len && base[len - 1] == '/') base[--len] = '\0';
    /* a name no one can guess ahead of the game; CreateDirectoryW fails on
     * one that exists, so a folder planted there is never used */
    for (int attempt = 0; attempt < 16; ++attempt) {
        LARGE_INTEGER t;
        QueryPerformanceCounter(&t);
        unsigned long long r = (unsigned long long)t.QuadPart * 6364136223846793005ULL +
                               (unsigned long long)GetCurrentProcessId() * 1442695040888963407ULL +
                               (unsigned long long)attempt;
        int k = snprintf(dir, cap, "%s/eddy-game-%012llx", base, r >> 16 & 0xffffffffffffULL);
        if (k <= 0 || (size_t)k >= cap) {
            snprintf(why, why_cap, "the temporary folder's name is too long");
            return false;
        }
        wchar_t *w = wide(dir);
        if (!w) {
            snprintf(why, why_cap, "the temporary folder's name is not UTF-8");
            return false;
        }
        BOOL made = CreateDirectoryW(w, NULL);
        DWORD code = GetLastError();
        free(w);
        if (made) return true;
        if (code != ERROR_ALREADY_EXISTS) {
            win_why(why, why_cap, "cannot make a private folder", code);
            return false;
        }
    }
    snprintf(why, why_cap, "cannot make a private folder: every name tried exists");
    return false;
}

void game_private_dir_remove(const char *dir)
{
    char pattern[4200];
    snprintf(pattern, sizeof pattern, "%s/*", dir);
    wchar_t *w = wide(pattern), *wd = wide(dir);
    WIN32_FIND_DATAW e;
    HANDLE h = w ? FindFirstFileW(w, &e) : INVALID_HANDLE_VALUE;
    if (h != INVALID_HANDLE_VALUE) {
        do {
            if (e.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) continue; /* . and .. */
            size_t n = wcslen(wd) + wcslen(e.cFileName) + 2;
            wchar_t *f = malloc(n * sizeof *f);
            if (f) {
                swprintf(f, n, L"%ls/%ls", wd, e.cFileName);
                DeleteFileW(f);
                free(f);
            }
        } while (FindNextFileW(h, &e));
        FindClose(h);
    }
    if (wd) RemoveDirectoryW(wd);
    free(w);
    free(wd);
}

game_stamp game_file_stamp(const char *path)
{
    game_stamp s = {0, 0, false};
    wchar_t *w = wide(path);
    WIN32_FILE_ATTRIBUTE_DATA a;
    if (w && GetFileAttributesExW(w, GetFileExInfoStandard, &a)) {
        s.exists = true;
        s.size = (long long)((unsigned long long)a.nFileSizeHigh << 32 | a.nFileSizeLow);
        unsigned long long t = (unsigned long long)a.ftLastWriteTime.dwHighDateTime << 32 |
                               a.ftLastWriteTime.dwLowDateTime;
        s.mtime_ns = (long long)(t * 100ULL); /* 100 ns ticks */
    }
    free(w);
    return s;
}

/* One argument for the command line, quoted the way the C run time splits
 * it again (backslashes are literal except before a quote). */
static size_t quote_arg(const char *a, char *out, size_t at, size_t cap)
{
#define PUT(ch) do { if (at + 1 < cap) out[at] = (ch); at++; } while (0)
    PUT('"');
    for (const char *p = a;; ++p) {
        size_t slashes = 0;
        while (*p == '\\') ++p, ++slashes;
        if (*p == '\0') { /* double them before the closing quote */
            for (size_t k = 0; k < 2 * slashes; ++k) PUT('\\');
            break;
        }
        if (*p == '"') {
            for (size_t k = 0; k < 2 * slashes + 1; ++k) PUT('\\');
        } else {
            for (size_t k = 0; k < slashes; ++k) PUT('\\');
        }
        PUT(*p);
    }
    PUT('"');
    PUT(' ');
#undef PUT
    return at;
}

bool game_child_start(game_child *c, char *const argv[], const char *log, char *why, size_t cap)
{
    c->id = 0;
    char line[16384];
    size_t at = 0;
    for (int i = 0; argv[i]; ++i) at = quote_arg(argv[i], line, at, sizeof line);
    if (at == 0 || at >= sizeof line) {
        snprintf(why, cap, "cannot run %.300s: its command line is too long", argv[0]);
        return false;
    }
    line[at - 1] = '\0'; /* the last space */
    wchar_t *wline = wide(line), *wlog = wide(log);
    SECURITY_ATTRIBUTES inherit = {sizeof inherit, NULL, TRUE};
    HANDLE err = INVALID_HANDLE_VALUE, out = INVALID_HANDLE_VALUE;
    bool ok = false;
    if (!wline || !wlog) {
        snprintf(why, cap, "cannot run %.300s: a name is not UTF-8", argv[0]);
        goto done;
    }
    /* the log is a new file: a name that exists (even a link) is refused */
    DeleteFileW(wlog);
    err = CreateFileW(wlog, GENERIC_WRITE, FILE_SHARE_READ, &inherit, CREATE_NEW,
                      FILE_ATTRIBUTE_NORMAL, NULL);
    if (err == INVALID_HANDLE_VALUE) {
        win_why(why, cap, "cannot create the build's log", GetLastError());
        goto done;
    }
    out = CreateFileW(L"NUL", GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, &inherit,
                      OPEN_EXISTING, 0, NULL);
    STARTUPINFOW si;
    memset(&si, 0, sizeof si);
    si.cb = sizeof si;
    si.dwFlags = STARTF_USESTDHANDLES;
    si.hStdInput = NULL;
    si.hStdOutput = out != INVALID_HANDLE_VALUE ? out : NULL;
    si.hStdError = err;
    PROCESS_INFORMATION pi;
    /* no window of its own; the application found from the command line
     * (beside the game first, then PATH: ".exe" added) */
    if (!CreateProcessW(NULL, wline, NULL, NULL, TRUE, CREATE_NO_WINDOW, NULL, NULL, &si, &pi)) {
        char what[400];
        snprintf(what, sizeof what, "cannot run %.300s", argv[0]);
        win_why(why, cap, what, GetLastError());
        goto done;
    }
    CloseHandle(pi.hThread);
    c->id = (intptr_t)pi.hProcess;
    ok = true;
done:
    if (err != INVALID_HANDLE_VALUE) CloseHandle(err);
    if (out != INVALID_HANDLE_VALUE) CloseHandle(out);
    free(wline);
    free(wlog);
    return ok;
}

game_child_state game_child_poll(game_child *c, int *code)
{
    HANDLE h = (HANDLE)c->id;
    DWORD w = WaitForSingleObject(h, 0);
    if (w == WAIT_TIMEOUT) return GAME_CHILD_RUNNING;
    DWORD exit_code = 0;
    bool got = w == WAIT_OBJECT_0 && GetExitCodeProcess(h, &exit_code);
    CloseHandle(h);
    c->id = 0;
    if (!got) return GAME_CHILD_LOST;
    *code = (int)exit_code;
    return GAME_CHILD_EXITED;
}

void game_child_stop(game_child *c)
{
    if (c->id == 0) return;
    HANDLE h = (HANDLE)c->id;
    TerminateProcess(h, 1);
    WaitForSingleObject(h, INFINITE);
    CloseHandle(h);
    c->id = 0;
}

FILE *game_open_log(const char *path)
{
    wchar_t *w = wide(path);
    FILE *f = w ? _wfopen(w, L"r") : NULL;
    free(w);
    return f;
}

#else
/* ------------------------------------------------------------ POSIX */
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

bool game_private_dir(char *dir, size_t cap, char *why, size_t why_cap)
{
    const char *tmp = getenv("TMPDIR");
    tmp = tmp && *tmp && strlen(tmp) < 3000 ? tmp : "/tmp";
    snprintf(dir, cap, "%s/eddy-game-XXXXXX", tmp);
    if (mkdtemp(dir)) return true;
    snprintf(why, why_cap, "cannot make a private directory in %s: %s", tmp, strerror(errno));
    return false;
}

/* Only this process's own directory is read, so no entry can be another
 * user's. */
void game_private_dir_remove(const char *dir)
{
    DIR *d = opendir(dir);
    if (d) {
        int fd = dirfd(d);
        for (struct dirent *e; (e = readdir(d)) != NULL;)
            if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) unlinkat(fd, e->d_name, 0);
        closedir(d);
    }
    rmdir(dir);
}

game_stamp game_file_stamp(const char *path)
{
    struct stat st;
    game_stamp s = {0, 0, false};
    if (stat(path, &st) == 0) {
        s.exists = true;
        s.size = (long long)st.st_size;
        s.mtime_ns = (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec;
    }
    return s;
}

bool game_child_start(game_child *c, char *const argv[], const char *log, char *why, size_t cap)
{
    c->id = 0;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, log,
                                     O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
    pid_t pid = 0;
    int rc = strchr(argv[0], '/') ? posix_spawn(&pid, argv[0], &fa, NULL, argv, environ)
                                  : posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        snprintf(why, cap, "cannot run %.300s: %s", argv[0], strerror(rc));
        return false;
    }
    c->id = pid;
    return true;
}

game_child_state game_child_poll(game_child *c, int *code)
{
    int status = 0;
    pid_t w = waitpid((pid_t)c->id, &status, WNOHANG);
    if (w == 0) return GAME_CHILD_RUNNING;
    c->id = 0;
    if (w < 0) return GAME_CHILD_LOST;
    if (!WIFEXITED(status)) return GAME_CHILD_KILLED;
    *code = WEXITSTATUS(status);
    return GAME_CHILD_EXITED;
}

void game_child_stop(game_child *c)
{
    if (c->id <= 0) return;
    kill((pid_t)c->id, SIGTERM);
    while (waitpid((pid_t)c->id, NULL, 0) < 0 && errno == EINTR) {}
    c->id = 0;
}

FILE *game_open_log(const char *path)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW);
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (!f && fd >= 0) close(fd);
    return f;
}
#endif
