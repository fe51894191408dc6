// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy_file.h - reading and writing whole files the way eddy's own loaders
 * and savers do, for a game's or a tool's files too (saves, replays,
 * screenshots, levels): saves that never leave a half-written file, inputs
 * that never block. In libeddy.
 *
 * USAGE
 *
 *   eddy_error err;
 *   // Save: the old file stays whole until the new one is complete.
 *   if (eddy_write_file_atomic("save/progress", text, strlen(text), &err) != EDDY_OK)
 *       fprintf(stderr, "%s\n", err.message);   // names the path and the step
 *
 *   // Read a whole file, refusing one larger than the limit.
 *   uint8_t *data;
 *   size_t size;
 *   if (eddy_read_file("levels/01.json", 1 << 20, &data, &size, &err) == EDDY_OK) {
 *       ... data[0 .. size) ...
 *       eddy_free(data);
 *   }
 *
 *   // Or open it and read it yourself.
 *   FILE *f;
 *   if (eddy_open_input("replays/01.replay", &f, &err) == EDDY_OK) { ... fclose(f); }
 *
 * SAVES
 *   eddy_write_file_atomic writes the bytes to an anonymous file beside the
 *   target (O_TMPFILE; where that is missing a new file created exclusively,
 *   never through a link), names it "<target>.tmp.<pid>.<hex>" (a name that
 *   is taken is left alone and another tried), flushes it to disk and
 *   renames it over the target in one step, so a reader or a crash sees the
 *   old file or the new one, never a mix. A failed or interrupted save leaves
 *   the old file as it was and no temporary file behind (a kill in the
 *   instant between naming and renaming may leave one, which stays: a save
 *   removes no file it cannot prove its own). A symbolic link at the path is
 *   followed (its target is replaced, the link stays), except one in a
 *   sticky world-writable directory owned by neither this user nor the
 *   directory's owner (the kernel's protected_symlinks rule), which is
 *   refused; a path that is a device, FIFO, socket or directory is refused,
 *   never replaced.
 *   The new file keeps what the replaced one had: its permission bits (never
 *   a set-user-id, set-group-id or sticky bit), owner and group, set before
 *   it takes the name. A target that is read-only (no write bit, or none for
 *   this process), that has other hard links (a rename cannot write through
 *   them: the other names would keep the old data) or whose owner or group
 *   this process cannot give the new file is refused, unless the save is
 *   forced (EDDY_SAVE_FORCE, a tool's --force); forced, the mode is still
 *   kept, the other links keep the old data, and a group that cannot be kept
 *   loses its rights in the new file rather than hand them to another group.
 *   eddy_check_output runs all of these checks (and that the directory
 *   takes new files, by creating one and removing it) without writing the
 *   target, so a tool can refuse a bad
 *   output before its work starts; eddy_stage_file and eddy_commit_file
 *   split a save in two, so that several outputs are replaced only once all
 *   of them are written.
 *
 * INPUTS
 *   eddy_open_input and eddy_read_file open without blocking (a FIFO with no
 *   writer would otherwise wait forever) and refuse anything but a regular
 *   file.
 *
 * ERRORS
 *   EDDY_ERR_ARGUMENT for a NULL or empty path, EDDY_ERR_IO for anything the
 *   file system refused (the message names the path and the reason),
 *   EDDY_ERR_MEMORY when a buffer could not be had.
 *
 * THREADS
 *   Each call stands alone; two threads may read or save different files at
 *   once. Two saves of one path at the same time leave one of the two files.
 */
#ifndef EDDY_FILE_H
#define EDDY_FILE_H

#include "eddy_base.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Writes size bytes of data as the whole new content of path (see SAVES). */
EDDY_API eddy_result eddy_write_file_atomic(const char *path, const void *data, size_t size,
                                            eddy_error *err);

/* Flags of a save: replace a read-only, hard-linked or foreign target too. */
#define EDDY_SAVE_FORCE 1u

/* The same with flags (0 or EDDY_SAVE_FORCE). */
EDDY_API eddy_result eddy_write_file_atomic_flags(const char *path, const void *data, size_t size,
                                                  unsigned flags, eddy_error *err);

/* Whether a save of path with these flags would be refused, found without
 * writing anything: what the save refuses, and a directory that does not
 * exist or takes no new files. EDDY_ERR_IO with the save's own message. */
EDDY_API eddy_result eddy_check_output(const char *path, unsigned flags, eddy_error *err);

/* A save in two steps, for outputs that must all be replaced or none:
 * eddy_stage_file writes and syncs the data beside the target (nothing is
 * replaced yet); eddy_commit_file renames it over the target and
 * eddy_discard_file removes it; either frees the staged file. */
typedef struct eddy_staged_file eddy_staged_file;
EDDY_API eddy_result eddy_stage_file(const char *path, const void *data, size_t size,
                                     unsigned flags, eddy_staged_file **out, eddy_error *err);
EDDY_API eddy_result eddy_commit_file(eddy_staged_file *staged, eddy_error *err);
EDDY_API void eddy_discard_file(eddy_staged_file *staged);

/* Opens a regular file for reading ("rb") without blocking on a FIFO; *out is
 * NULL on failure. Close it with fclose. */
EDDY_API eddy_result eddy_open_input(const char *path, FILE **out, eddy_error *err);

/* Reads the whole regular file at path into a new buffer (*out, released with
 * eddy_free; *out_size bytes). A file larger than max_size bytes, or one that
 * grows while it is read, is refused with EDDY_ERR_IO. */
EDDY_API eddy_result eddy_read_file(const char *path, size_t max_size, uint8_t **out,
                                    size_t *out_size, eddy_error *err);

#ifdef __cplusplus
}
#endif
#endif /* EDDY_FILE_H */
