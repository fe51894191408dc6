// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* atomic_file.c - whole-file reads, and writes that never leave a half-written file.
 *
 * A save goes to "<path>.tmp.<pid>" in the same directory (so the final rename
 * stays on one file system), is flushed and fsync'ed, and only then renamed
 * over path. rename() replaces the old file in one step, so a reader (or a
 * crash) sees either the old file or the new one, never a mix. On any failure
 * the temporary file is removed and the old file is left as it was. */
#include "eddy_core.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* TEST-ONLY fault injection, the library's one piece of global state: when
 * nonzero, a save of more than this many bytes writes only that many to its
 * temporary file and then fails as a full disk would. Production code never
 * sets it; tests set it, check the outcome, and set it back to 0. It is not
 * thread-safe, which is fine for its single purpose. */
static size_t debug_fail_after_bytes;

void eddy_debug_fail_write_after(size_t bytes)
{
    debug_fail_after_bytes = bytes;
}

/* ------------------------------------------------------------ writing */

/* "<path>.tmp.<pid>" in a new buffer, or NULL if out of memory. */
static char *temp_path_for(const char *path)
{
    long pid = (long)getpid();
    int length = snprintf(NULL, 0, "%s.tmp.%ld", path, pid);
    if (length < 0)
        return NULL;
    char *tmp = eddy_alloc((size_t)length + 1);
    if (tmp != NULL)
        snprintf(tmp, (size_t)length + 1, "%s.tmp.%ld", path, pid);
    return tmp;
}

/* Writes data to an open file; false with errno set on failure (or on an
 * injected fault, reported as ENOSPC after the allowed bytes are written). */
static bool fault_injected(size_t size)
{
    return debug_fail_after_bytes != 0 && size > debug_fail_after_bytes;
}

static bool write_bytes(FILE *f, const void *data, size_t size)
{
    bool inject = fault_injected(size);
    size_t n = inject ? debug_fail_after_bytes : size;
    errno = 0;
    if (n > 0 && fwrite(data, 1, n, f) != n) {
        if (errno == 0)
            errno = EIO;
        return false;
    }
    if (inject) {
        errno = ENOSPC;
        return false;
    }
    return true;
}

/* Pushes data through the C library and the kernel to the disk, then closes
 * f (always). false with errno set on failure. */
static bool flush_sync_close(FILE *f)
{
    bool ok = fflush(f) == 0 && fsync(fileno(f)) == 0;
    int saved = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    errno = saved;
    return ok;
}

/* Makes the rename itself durable by syncing the directory entry. Best
 * effort: the new file is already in place, so a failure here changes nothing
 * the caller could act on. */
static void sync_parent_directory(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir;
    if (slash == NULL) {
        dir = eddy_alloc(2);
        if (dir != NULL)
            strcpy(dir, ".");
    } else {
        size_t length = slash == path ? 1 : (size_t)(slash - path);
        dir = eddy_alloc(length + 1);
        if (dir != NULL) {
            memcpy(dir, path, length);
            dir[length] = '\0';
        }
    }
    if (dir == NULL)
        return;
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
    eddy_free(dir);
}

/* Creates (or truncates a stale) temporary file; never follows a symbolic
 * link planted at its name. NULL with errno set on failure. */
static FILE *create_temp(const char *tmp)
{
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
        return NULL;
    FILE *f = fdopen(fd, "wb");
    if (f == NULL) {
        int saved = errno;
        close(fd);
        remove(tmp);
        errno = saved;
    }
    return f;
}

/* Writes, syncs and renames the temporary file; removes it on any failure. */
static eddy_result write_through_temp(const char *path, const char *tmp, const void *data,
                                      size_t size, eddy_error *err)
{
    FILE *f = create_temp(tmp);
    if (f == NULL)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': cannot create '%s': %s", path, tmp,
                         strerror(errno));
    const char *step = "write to";
    const char *note = fault_injected(size) ? " (test fault injection)" : "";
    bool ok = write_bytes(f, data, size);
    int saved = errno;
    if (!ok) {
        fclose(f);
    } else if (!flush_sync_close(f)) {
        ok = false;
        saved = errno;
        step = "flush of";
    } else if (rename(tmp, path) != 0) {
        ok = false;
        saved = errno;
        step = "rename of";
    }
    if (ok) {
        sync_parent_directory(path);
        return EDDY_OK;
    }
    remove(tmp);
    return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': %s '%s' failed%s: %s", path, step, tmp,
                     note, strerror(saved));
}

eddy_result eddy_write_file_atomic(const char *path, const void *data, size_t size,
                                   eddy_error *err)
{
    if (path == NULL || path[0] == '\0')
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "write file: no path");
    if (data == NULL && size > 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "write file '%s': %zu bytes but no data", path,
                         size);
    char *tmp = temp_path_for(path);
    if (tmp == NULL)
        return eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", path);
    eddy_result rc = write_through_temp(path, tmp, data, size, err);
    eddy_free(tmp);
    return rc;
}

/* ------------------------------------------------------------ reading */

/* Size of an open regular file, checked against max_size. */
static eddy_result file_size(FILE *f, const char *path, size_t max_size, size_t *size,
                             eddy_error *err)
{
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': not a regular file", path);
    if (st.st_size < 0 || (uintmax_t)st.st_size > (uintmax_t)max_size)
        return eddy_fail(err, EDDY_ERR_IO,
                         "cannot read '%s': %jd bytes is more than the limit of %zu", path,
                         (intmax_t)st.st_size, max_size);
    *size = (size_t)st.st_size;
    return EDDY_OK;
}

/* Reads exactly size bytes, and checks that the file has no more. */
static eddy_result read_exactly(FILE *f, const char *path, uint8_t *buf, size_t size,
                                eddy_error *err)
{
    size_t got = size > 0 ? fread(buf, 1, size, f) : 0;
    if (ferror(f))
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
    if (got != size)
        return eddy_fail(err, EDDY_ERR_IO, "short read of '%s': got %zu of %zu bytes", path, got,
                         size);
    if (fgetc(f) != EOF)
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': it grew while being read", path);
    return EDDY_OK;
}

static eddy_result read_open_file(FILE *f, const char *path, size_t max_size, uint8_t **out,
                                  size_t *out_size, eddy_error *err)
{
    size_t size = 0;
    eddy_result rc = file_size(f, path, max_size, &size, err);
    if (rc != EDDY_OK)
        return rc;
    uint8_t *buf = eddy_alloc(size > 0 ? size : 1);
    if (buf == NULL)
        return eddy_fail(err, EDDY_ERR_MEMORY, "cannot read '%s': out of memory for %zu bytes",
                         path, size);
    rc = read_exactly(f, path, buf, size, err);
    if (rc != EDDY_OK) {
        eddy_free(buf);
        return rc;
    }
    *out = buf;
    *out_size = size;
    return EDDY_OK;
}

eddy_result eddy_read_file(const char *path, size_t max_size, uint8_t **out, size_t *out_size,
                           eddy_error *err)
{
    if (out == NULL || out_size == NULL)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "read file: no output pointer");
    *out = NULL;
    *out_size = 0;
    if (path == NULL || path[0] == '\0')
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "read file: no path");
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return eddy_fail(err, EDDY_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
    eddy_result rc = read_open_file(f, path, max_size, out, out_size, err);
    fclose(f);
    return rc;
}
