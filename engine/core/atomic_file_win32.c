// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* atomic_file_win32.c - the Windows side of the platform seam: saves that
 * never leave a half-written file, and inputs that are refused unless they
 * are files on a disk. The POSIX twin is atomic_file.c; eddy_file.h states
 * the promises both keep.
 *
 * A save on Windows:
 *   - the path (UTF-8, as everywhere in eddy) is resolved through links and
 *     junctions to the file it names (GetFinalPathNameByHandleW), and that
 *     file is what gets replaced; the link stays a link;
 *   - a target that is not a file on a disk (a directory, a device such as
 *     NUL or CON, a pipe) is refused, never replaced; so are a read-only
 *     target and one with other hard links, unless the save is forced
 *     (EDDY_SAVE_FORCE), as on POSIX;
 *   - the data goes to a new file beside the target, created exclusively
 *     (CREATE_NEW: it can never be a file someone else planted), marked for
 *     deletion while it is written (so a process killed mid-save leaves
 *     nothing behind, as O_TMPFILE does on Linux), flushed to disk
 *     (FlushFileBuffers), unmarked, and then put in the target's place in one
 *     step: ReplaceFileW when the target exists (it keeps the target's
 *     attributes, security descriptor and creation time), MoveFileExW with
 *     MOVEFILE_WRITE_THROUGH when it does not. On any failure the temporary
 *     file is deleted (it is ours: we created it) and the old file is left as
 *     it was.
 * Owners and groups are the file system's security descriptors here, which
 * ReplaceFileW keeps; there is nothing more to check for them. */
#include "core_internal.h"

#ifdef _WIN32

#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ text */

/* path (UTF-8) as a new wide string, or NULL (bad UTF-8, out of memory). */
static wchar_t *wide_of(const char *path)
{
    int n = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, NULL, 0);
    if (n <= 0)
        return NULL;
    wchar_t *w = eddy_alloc((size_t)n * sizeof *w);
    if (w != NULL && MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, w, n) != n) {
        eddy_free(w);
        w = NULL;
    }
    return w;
}

/* The system's words for an error code, without the trailing line break. */
static const char *reason_of(DWORD code, char *buf, size_t size)
{
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL,
                             code, 0, buf, (DWORD)size, NULL);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' || buf[n - 1] == ' ' ||
                     buf[n - 1] == '.'))
        buf[--n] = '\0';
    if (n == 0)
        snprintf(buf, size, "error %lu", (unsigned long)code);
    return buf;
}

static eddy_result io_fail(eddy_error *err, const char *what, const char *path, DWORD code)
{
    char why[160];
    return eddy_fail(err, EDDY_ERR_IO, "cannot %s '%s': %s", what, path,
                     reason_of(code, why, sizeof why));
}

/* ------------------------------------------------------------ targets */

/* What a handle is, in the words of the messages, or NULL for a disk file. */
static const char *kind_of_handle(HANDLE h, const BY_HANDLE_FILE_INFORMATION *info)
{
    switch (GetFileType(h)) {
    case FILE_TYPE_DISK:
        return (info->dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) ? "a directory" : NULL;
    case FILE_TYPE_CHAR: return "a character device";
    case FILE_TYPE_PIPE: return "a pipe";
    default: return "not a regular file";
    }
}

/* Opens path to look at it (not to read it): directories and devices too. */
static HANDLE open_to_inspect(const wchar_t *wpath)
{
    return CreateFileW(wpath, FILE_READ_ATTRIBUTES,
                       FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL, OPEN_EXISTING,
                       FILE_FLAG_BACKUP_SEMANTICS, NULL);
}

/* One save in progress (eddy_file.h: eddy_stage_file). */
struct eddy_staged_file {
    char *path;      /* as the caller named it (for messages) */
    wchar_t *target; /* the file replaced: links followed */
    wchar_t *tmp;    /* the new file beside it, ours from CREATE_NEW on */
    bool exists;     /* the target exists (ReplaceFileW) or not (MoveFileExW) */
    DWORD attributes; /* the target's, when it exists */
};

typedef struct eddy_staged_file save_job;

/* The final path of an existing file, links followed, as a new string. */
static wchar_t *final_path_of(HANDLE h)
{
    DWORD n = GetFinalPathNameByHandleW(h, NULL, 0, FILE_NAME_NORMALIZED);
    if (n == 0)
        return NULL;
    wchar_t *w = eddy_alloc(((size_t)n + 1) * sizeof *w);
    if (w != NULL && GetFinalPathNameByHandleW(h, w, n + 1, FILE_NAME_NORMALIZED) == 0) {
        eddy_free(w);
        w = NULL;
    }
    return w;
}

/* Checks an existing target (kind, read-only, hard links) and takes its
 * final path. */
static eddy_result check_existing(save_job *j, HANDLE h, unsigned flags, eddy_error *err)
{
    BY_HANDLE_FILE_INFORMATION info;
    if (!GetFileInformationByHandle(h, &info)) {
        if (GetFileType(h) == FILE_TYPE_DISK)
            return io_fail(err, "write", j->path, GetLastError());
        memset(&info, 0, sizeof info);
    }
    const char *kind = kind_of_handle(h, &info);
    if (kind != NULL)
        return eddy_fail(err, EDDY_ERR_IO,
                         "cannot write '%s': it is %s, not a regular file; refusing to replace it",
                         j->path, kind);
    bool force = (flags & EDDY_SAVE_FORCE) != 0;
    if (!force && (info.dwFileAttributes & FILE_ATTRIBUTE_READONLY))
        return eddy_fail(err, EDDY_ERR_IO,
                         "cannot write '%s': it is read-only (use --force to replace it)", j->path);
    if (!force && info.nNumberOfLinks > 1)
        return eddy_fail(err, EDDY_ERR_IO,
                         "cannot write '%s': it has %lu hard links and a save would split them "
                         "(use --force to replace it)",
                         j->path, (unsigned long)info.nNumberOfLinks);
    j->target = final_path_of(h);
    if (j->target == NULL)
        return io_fail(err, "write", j->path, GetLastError());
    j->exists = true;
    j->attributes = info.dwFileAttributes;
    return EDDY_OK;
}

/* "<target>.tmp.<pid>.<n>": a fresh name for each try. */
static wchar_t *temp_name(const wchar_t *target, unsigned n)
{
    size_t len = wcslen(target);
    size_t size = len + 48;
    wchar_t *w = eddy_alloc(size * sizeof *w);
    if (w != NULL)
        swprintf(w, size, L"%ls.tmp.%lu.%u", target, (unsigned long)GetCurrentProcessId(), n);
    return w;
}

/* The directory part of a wide path, for a target that does not exist yet. */
static bool check_directory(const save_job *j, eddy_error *err)
{
    size_t len = wcslen(j->target);
    while (len > 0 && j->target[len - 1] != L'\\' && j->target[len - 1] != L'/')
        len--;
    if (len == 0)
        return true; /* the current directory */
    wchar_t *dir = eddy_alloc((len + 1) * sizeof *dir);
    if (dir == NULL) {
        eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", j->path);
        return false;
    }
    memcpy(dir, j->target, len * sizeof *dir);
    dir[len] = L'\0';
    DWORD attr = GetFileAttributesW(dir);
    eddy_free(dir);
    if (attr == INVALID_FILE_ATTRIBUTES || !(attr & FILE_ATTRIBUTE_DIRECTORY)) {
        eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': its directory does not exist", j->path);
        return false;
    }
    return true;
}

static void job_free(save_job *j)
{
    if (j == NULL)
        return;
    eddy_free(j->path);
    eddy_free(j->target);
    eddy_free(j->tmp);
    eddy_free(j);
}

/* A new job for path: the target found and checked, nothing written. */
static eddy_result job_make(const char *path, unsigned flags, save_job **out, eddy_error *err)
{
    *out = NULL;
    if (path == NULL || path[0] == '\0')
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "write file: no path");
    save_job *j = eddy_calloc(1, sizeof *j);
    if (j == NULL || (j->path = eddy_strdup(path)) == NULL) {
        eddy_free(j);
        return eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", path);
    }
    eddy_result rc = EDDY_OK;
    wchar_t *wpath = wide_of(path);
    if (wpath == NULL) {
        rc = eddy_fail(err, EDDY_ERR_ARGUMENT, "cannot write '%s': the path is not UTF-8", path);
    } else {
        HANDLE h = open_to_inspect(wpath);
        if (h != INVALID_HANDLE_VALUE) {
            rc = check_existing(j, h, flags, err);
            CloseHandle(h);
            eddy_free(wpath);
        } else if (GetLastError() == ERROR_FILE_NOT_FOUND) {
            j->target = wpath; /* a new file */
            if (!check_directory(j, err))
                rc = err ? err->code : EDDY_ERR_IO;
        } else {
            rc = io_fail(err, "write", path, GetLastError());
            eddy_free(wpath);
        }
    }
    if (rc != EDDY_OK) {
        job_free(j);
        return rc;
    }
    *out = j;
    return EDDY_OK;
}

/* ------------------------------------------------------------ staging */

/* Marks (or unmarks) an open file for deletion when its last handle closes. */
static bool set_delete_on_close(HANDLE h, bool on)
{
    FILE_DISPOSITION_INFO d;
    d.DeleteFile = on ? TRUE : FALSE;
    return SetFileInformationByHandle(h, FileDispositionInfo, &d, sizeof d) != 0;
}

static bool write_all(HANDLE h, const void *data, size_t size)
{
    const unsigned char *p = data;
    while (size > 0) {
        DWORD chunk = size > (1u << 30) ? (1u << 30) : (DWORD)size;
        DWORD wrote = 0;
        if (!WriteFile(h, p, chunk, &wrote, NULL) || wrote == 0)
            return false;
        p += wrote;
        size -= wrote;
    }
    return true;
}

/* A new file of our own beside the target: CREATE_NEW refuses any name that
 * exists, so a planted file or link is never opened; a taken name is skipped. */
static HANDLE create_temp(save_job *j, eddy_error *err)
{
    for (unsigned n = 0; n < 100; n++) {
        eddy_free(j->tmp);
        j->tmp = temp_name(j->target, n);
        if (j->tmp == NULL) {
            eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", j->path);
            return INVALID_HANDLE_VALUE;
        }
        HANDLE h = CreateFileW(j->tmp, GENERIC_WRITE | DELETE, 0, NULL, CREATE_NEW,
                               FILE_ATTRIBUTE_NORMAL, NULL);
        if (h != INVALID_HANDLE_VALUE)
            return h;
        DWORD code = GetLastError();
        if (code != ERROR_FILE_EXISTS && code != ERROR_ALREADY_EXISTS) {
            eddy_free(j->tmp);
            j->tmp = NULL;
            io_fail(err, "write", j->path, code);
            return INVALID_HANDLE_VALUE;
        }
    }
    eddy_free(j->tmp);
    j->tmp = NULL;
    eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': no free temporary name beside it", j->path);
    return INVALID_HANDLE_VALUE;
}

/* Writes and flushes the data; the file is deleted by the system if this
 * process dies before it is unmarked. */
static eddy_result stage_data(save_job *j, const void *data, size_t size, eddy_error *err)
{
    HANDLE h = create_temp(j, err);
    if (h == INVALID_HANDLE_VALUE)
        return err ? err->code : EDDY_ERR_IO;
    bool marked = set_delete_on_close(h, true);
    if (!write_all(h, data, size) || !FlushFileBuffers(h) || (marked && !set_delete_on_close(h, false))) {
        DWORD code = GetLastError();
        (void)set_delete_on_close(h, true);
        CloseHandle(h);
        (void)DeleteFileW(j->tmp); /* ours, if the mark did not take */
        eddy_free(j->tmp);
        j->tmp = NULL;
        return io_fail(err, "write", j->path, code);
    }
    CloseHandle(h);
    return EDDY_OK;
}

/* Puts the staged file in the target's place in one step. A read-only
 * target (a forced save: job_make refused it otherwise) cannot be replaced
 * while it is read-only: the mark comes off for the replacement and goes
 * back on the new file, as the POSIX side keeps the mode. */
static eddy_result publish(save_job *j, eddy_error *err)
{
    BOOL ok;
    bool read_only = j->exists && (j->attributes & FILE_ATTRIBUTE_READONLY);
    if (read_only)
        (void)SetFileAttributesW(j->target, j->attributes & ~(DWORD)FILE_ATTRIBUTE_READONLY);
    if (j->exists)
        ok = ReplaceFileW(j->target, j->tmp, NULL,
                          REPLACEFILE_WRITE_THROUGH | REPLACEFILE_IGNORE_MERGE_ERRORS, NULL,
                          NULL);
    else
        ok = MoveFileExW(j->tmp, j->target, MOVEFILE_WRITE_THROUGH);
    DWORD code = ok ? 0 : GetLastError();
    if (read_only)
        (void)SetFileAttributesW(j->target, j->attributes);
    if (!ok) {
        (void)DeleteFileW(j->tmp);
        return io_fail(err, "write", j->path, code);
    }
    return EDDY_OK;
}

/* ------------------------------------------------------------ the seam
 * (core_internal.h): file_whole.c's public saves over these. */

eddy_result eddyi_save_begin(const char *path, unsigned flags, eddy_staged_file **out,
                            eddy_error *err)
{
    return job_make(path, flags, out, err);
}

/* The directory must take a new file: make one of our own and let it go. */
eddy_result eddyi_save_probe(eddy_staged_file *j, eddy_error *err)
{
    HANDLE h = create_temp(j, err);
    if (h == INVALID_HANDLE_VALUE)
        return err ? err->code : EDDY_ERR_IO;
    (void)set_delete_on_close(h, true);
    CloseHandle(h);
    (void)DeleteFileW(j->tmp);
    return EDDY_OK;
}

eddy_result eddyi_save_write(eddy_staged_file *j, const void *data, size_t size, eddy_error *err)
{
    return stage_data(j, data, size, err);
}

eddy_result eddyi_save_publish(eddy_staged_file *j, eddy_error *err) { return publish(j, err); }

void eddyi_save_remove_temp(eddy_staged_file *j) { (void)DeleteFileW(j->tmp); }

void eddyi_save_end(eddy_staged_file *j) { job_free(j); }

/* ------------------------------------------------------------ reading */

eddy_result eddy_open_input(const char *path, FILE **out, eddy_error *err)
{
    *out = NULL;
    if (path == NULL || path[0] == '\0')
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "read file: no path");
    wchar_t *wpath = wide_of(path);
    if (wpath == NULL)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "cannot open '%s': the path is not UTF-8", path);
    /* FILE_FLAG_BACKUP_SEMANTICS opens a directory too, so it is named as one;
     * opening a pipe or a device does not wait for a writer. */
    HANDLE h = CreateFileW(wpath, GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL,
                           OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    eddy_free(wpath);
    if (h == INVALID_HANDLE_VALUE)
        return io_fail(err, "open", path, GetLastError());
    BY_HANDLE_FILE_INFORMATION info;
    memset(&info, 0, sizeof info);
    (void)GetFileInformationByHandle(h, &info);
    const char *kind = kind_of_handle(h, &info);
    if (kind != NULL) {
        CloseHandle(h);
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': it is %s, not a regular file", path,
                         kind);
    }
    int fd = _open_osfhandle((intptr_t)h, _O_RDONLY | _O_BINARY);
    if (fd < 0) {
        CloseHandle(h);
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': no descriptor for it", path);
    }
    FILE *f = _fdopen(fd, "rb");
    if (f == NULL) {
        _close(fd);
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': no stream for it", path);
    }
    *out = f;
    return EDDY_OK;
}

#endif /* _WIN32 */
