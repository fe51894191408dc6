// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* file_whole.c - the parts of eddy_file.h that need no operating system of
 * their own: the public saves (checked, staged, committed, discarded) over
 * the platform's steps, and reading a whole open file. Opening inputs and
 * the steps of a save are the platform seam (core_internal.h, "the save seam"):
 * atomic_file.c (POSIX) and atomic_file_win32.c (Windows). */
#include "core_internal.h"

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>

eddy_result eddy_check_output(const char *path, unsigned flags, eddy_error *err)
{
    eddy_staged_file *j = NULL;
    eddy_result rc = eddyi_save_begin(path, flags, &j, err);
    if (rc == EDDY_OK)
        rc = eddyi_save_probe(j, err);
    if (j != NULL)
        eddyi_save_end(j);
    return rc;
}

eddy_result eddy_stage_file(const char *path, const void *data, size_t size, unsigned flags,
                            eddy_staged_file **out, eddy_error *err)
{
    if (out == NULL)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "stage file: no output pointer");
    *out = NULL;
    if (data == NULL && size > 0)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "write file '%s': %zu bytes but no data",
                         path ? path : "", size);
    eddy_staged_file *j = NULL;
    eddy_result rc = eddyi_save_begin(path, flags, &j, err);
    if (rc != EDDY_OK)
        return rc;
    rc = eddyi_save_write(j, data, size, err);
    if (rc != EDDY_OK) {
        eddyi_save_end(j);
        return rc;
    }
    *out = j;
    return EDDY_OK;
}

eddy_result eddy_commit_file(eddy_staged_file *staged, eddy_error *err)
{
    if (staged == NULL)
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "commit file: nothing staged");
    eddy_result rc = eddyi_save_publish(staged, err);
    eddyi_save_end(staged);
    return rc;
}

void eddy_discard_file(eddy_staged_file *staged)
{
    if (staged == NULL)
        return;
    eddyi_save_remove_temp(staged);
    eddyi_save_end(staged);
}

eddy_result eddy_write_file_atomic_flags(const char *path, const void *data, size_t size,
                                         unsigned flags, eddy_error *err)
{
    eddy_staged_file *staged = NULL;
    eddy_result rc = eddy_stage_file(path, data, size, flags, &staged, err);
    return rc == EDDY_OK ? eddy_commit_file(staged, err) : rc;
}

eddy_result eddy_write_file_atomic(const char *path, const void *data, size_t size,
                                   eddy_error *err)
{
    return eddy_write_file_atomic_flags(path, data, size, 0, err);
}

/* ------------------------------------------------------------ reading */

/* Size of an open regular file, checked against max_size. */
static eddy_result file_size(FILE *f, const char *path, size_t max_size, size_t *size,
                             eddy_error *err)
{
#ifdef _WIN32
    struct _stat64 st; /* 64-bit sizes on Windows too */
    if (_fstat64(_fileno(f), &st) != 0)
#else
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
#endif
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': %s", path, strerror(errno));
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
    FILE *f = NULL;
    eddy_result rc = eddy_open_input(path, &f, err);
    if (rc != EDDY_OK)
        return rc;
    rc = read_open_file(f, path, max_size, out, out_size, err);
    fclose(f);
    return rc;
}
