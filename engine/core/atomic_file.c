// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* atomic_file.c - whole-file reads, and writes that never leave a half-written file.
 *
 * A save never destroys what it does not own:
 *   - a symbolic link at the path is followed (up to SYMLINK_DEPTH links) and
 *     its final target is what gets replaced, atomically, in the target's own
 *     directory; the link stays a link;
 *   - a path that exists and is not a regular file (a device such as
 *     /dev/null, a FIFO, a socket, a directory) is refused, never replaced;
 *   - the replacement keeps the target's permission bits, owner and group
 *     (set on the new file before it takes the target's name);
 *   - a target that is read-only, has other hard links (a rename cannot
 *     write through them: the other names would keep the old data) or whose
 *     owner or group this process cannot give the new file is refused,
 *     unless the caller forces the save (EDDY_SAVE_FORCE); forced, the mode
 *     is still kept, and a group that cannot be kept loses its rights in the
 *     new file rather than handing them to another group.
 * eddy_check_output runs every one of these checks (and that the directory
 * exists and takes new files) without writing, so a tool can refuse a bad
 * output before any long work; eddy_stage_file and eddy_commit_file split a
 * save in two so that several outputs are replaced only once all of them
 * are written.
 * The data goes first to an anonymous file in the target's directory
 * (O_TMPFILE), is flushed and fsync'ed, given a fresh name
 * "<target>.tmp.<pid>.<12 hex digits>" (linkat, which never replaces or
 * follows what is there) and at once renamed over the target. rename()
 * replaces the old file in one step, so a reader (or a crash) sees either
 * the old file or the new one, never a mix; a process killed while writing
 * leaves nothing behind, because an anonymous file vanishes with its last
 * descriptor. Where O_TMPFILE is not supported the named temporary file is
 * created exclusively (O_CREAT | O_EXCL | O_NOFOLLOW) and written. A name
 * that is taken (by a file, or a link someone planted) is never opened,
 * followed or removed: another fresh name is tried (issue 30). A save
 * removes no file but its own temporary one: a "<target>.tmp.*" file left
 * by a run killed between naming and renaming (or, without O_TMPFILE, while
 * writing) stays, since no save can prove that a file of that name is not
 * the user's. On any failure the temporary file is removed and the old file
 * is left as it was; messages name the temporary file only once it exists.
 *
 * Symbolic links are followed as the kernel's fs.protected_symlinks would:
 * a link in a sticky, world-writable directory (/tmp) is followed only when
 * this process or the directory's owner owns it, so a link another user
 * planted there is refused, not written through.
 *
 * eddy_check_output proves the directory takes new files by creating one
 * (anonymous, or named and removed at once) instead of asking access(), so
 * "-o /proc/x" is refused before any work.
 *
 * Reads open with O_NONBLOCK and refuse anything but a regular file, so a
 * FIFO given as an input never blocks the caller. */
/* O_TMPFILE, AT_EMPTY_PATH (Linux); without them saves use a named file. */
#define _GNU_SOURCE
#include "core_internal.h"

/* The POSIX side of the platform seam; engine/core/atomic_file_win32.c is its
 * Windows twin, with the same promises (eddy_file.h). */
#ifndef _WIN32

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Links followed before a path is refused as a loop. */
#define SYMLINK_DEPTH 40

/* ------------------------------------------------------------ paths */

/* A malloc'd copy of the first n bytes of s. */
static char *copy_prefix(const char *s, size_t n)
{
    char *p = eddy_alloc(n + 1);
    if (p != NULL) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

/* The directory part of path ("." when it has none), malloc'd. */
static char *directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        return copy_prefix(".", 1);
    return copy_prefix(path, slash == path ? 1 : (size_t)(slash - path));
}

/* The target of the symbolic link at link: absolute as read, or relative to
 * the link's own directory. malloc'd; NULL with errno set. */
static char *link_target(const char *link)
{
    char buf[PATH_MAX];
    ssize_t n = readlink(link, buf, sizeof buf - 1);
    if (n < 0)
        return NULL;
    if ((size_t)n >= sizeof buf - 1) {
        errno = ENAMETOOLONG;
        return NULL;
    }
    buf[n] = '\0';
    const char *slash = strrchr(link, '/');
    if (buf[0] == '/' || slash == NULL)
        return copy_prefix(buf, (size_t)n);
    size_t dir = (size_t)(slash - link) + 1;
    char *joined = eddy_alloc(dir + (size_t)n + 1);
    if (joined != NULL) {
        memcpy(joined, link, dir);
        memcpy(joined + dir, buf, (size_t)n + 1);
    }
    return joined;
}

/* fs.protected_symlinks, checked by the library itself (a link is read
 * with readlink, which the kernel's rule does not cover): a link in a
 * sticky, world-writable directory may be followed only when its owner is
 * this process's user or the directory's owner. */
static bool link_may_be_followed(const char *link, const struct stat *link_st)
{
    if (link_st->st_uid == geteuid())
        return true;
    char *dir = directory_of(link);
    struct stat dst;
    bool ok = dir != NULL && stat(dir, &dst) == 0 &&
              (!((dst.st_mode & S_ISVTX) && (dst.st_mode & S_IWOTH)) ||
               dst.st_uid == link_st->st_uid);
    eddy_free(dir);
    return ok;
}

/* Follows symbolic links from path to the file a save must replace (which
 * may not exist yet). malloc'd into *out. */
static eddy_result resolve_target(const char *path, char **out, eddy_error *err)
{
    char *cur = copy_prefix(path, strlen(path));
    for (int depth = 0; cur != NULL; depth++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            *out = cur;
            return EDDY_OK;
        }
        if (!link_may_be_followed(cur, &st)) {
            eddy_result rc = eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': the symbolic link "
                                       "'%s' belongs to user %ju, in a shared sticky directory; "
                                       "refusing to follow it", path, cur,
                                       (uintmax_t)st.st_uid);
            eddy_free(cur);
            return rc;
        }
        if (depth == SYMLINK_DEPTH) {
            eddy_free(cur);
            return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': more than %d symbolic links",
                             path, SYMLINK_DEPTH);
        }
        char *next = link_target(cur);
        int saved = errno;
        eddy_free(cur);
        if (next == NULL && saved != ENOMEM)
            return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': cannot read its symbolic link: %s",
                             path, strerror(saved));
        cur = next;
    }
    return eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", path);
}

static const char *kind_of(mode_t mode)
{
    return S_ISDIR(mode)    ? "a directory"
           : S_ISFIFO(mode) ? "a FIFO"
           : S_ISCHR(mode)  ? "a character device"
           : S_ISBLK(mode)  ? "a block device"
           : S_ISSOCK(mode) ? "a socket"
                            : "not a regular file";
}

/* Refuses a target that exists and is not a regular file: a save replaces
 * files, never devices, FIFOs, sockets or directories. */
static eddy_result check_target_kind(const char *path, const char *target, eddy_error *err)
{
    struct stat st;
    if (lstat(target, &st) != 0 || S_ISREG(st.st_mode))
        return EDDY_OK;
    return eddy_fail(err, EDDY_ERR_IO,
                     "cannot write '%s': it is %s, not a regular file; refusing to replace it",
                     path, kind_of(st.st_mode));
}

/* ------------------------------------------------------------ what a save may replace */

/* How the replacement of an existing target is made to look like it: its
 * permission bits (never set-user-id, set-group-id or sticky), and its owner
 * and group when they differ from what a new file of this process gets. */
typedef struct replace_plan {
    bool exists;
    mode_t mode;      /* permission bits for the new file (exists only) */
    uid_t uid;        /* (uid_t)-1: leave */
    gid_t gid;        /* (gid_t)-1: leave */
} replace_plan;

static bool in_my_groups(gid_t gid)
{
    if (gid == getegid())
        return true;
    gid_t groups[256];
    int n = getgroups((int)(sizeof groups / sizeof groups[0]), groups);
    for (int i = 0; i < n; i++)
        if (groups[i] == gid)
            return true;
    return false;
}

/* The directory a new file goes into must exist and take new names. */
static eddy_result check_directory(const char *path, const char *dir, eddy_error *err)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': its directory '%s' %s", path, dir,
                         errno == ENOENT ? "does not exist" : strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': '%s' is not a directory", path,
                         dir);
    if (access(dir, W_OK | X_OK) != 0)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': cannot create files in '%s': %s",
                         path, dir, strerror(errno));
    return EDDY_OK;
}

/* What replacing an existing regular file would change that a save must not
 * change silently: a read-only file (no write permission bit, or none for
 * this process), hard links (rename gives the path a new inode and leaves
 * the other names on the old one), an owner or group this process cannot
 * give the new file. Each is refused unless EDDY_SAVE_FORCE; forced, the
 * new file keeps the mode, and when its group cannot be kept it loses the
 * group's permissions rather than hand them to another group. */
static eddy_result plan_replacement(const char *path, const struct stat *st, unsigned flags,
                                    replace_plan *plan, eddy_error *err)
{
    bool force = (flags & EDDY_SAVE_FORCE) != 0;
    plan->exists = true;
    plan->mode = st->st_mode & 0777;
    plan->uid = (uid_t)-1;
    plan->gid = (gid_t)-1;
    bool read_only = (st->st_mode & 0222) == 0 || access(path, W_OK) != 0;
    if (read_only && !force)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': it is read-only (mode %03o); "
                         "refusing to replace it (a forced save does)", path,
                         (unsigned)(st->st_mode & 0777));
    if (st->st_nlink > 1 && !force)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': it has %ju hard links, which a "
                         "replacement would split from it; refusing to replace it (a forced save "
                         "does)", path, (uintmax_t)st->st_nlink);
    bool root = geteuid() == 0;
    bool keep_owner = st->st_uid == geteuid() || root;
    bool keep_group = st->st_gid == getegid() || root || in_my_groups(st->st_gid);
    if ((!keep_owner || !keep_group) && !force)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': it belongs to user %ju, group "
                         "%ju, which a replacement written by user %ju cannot keep; refusing to "
                         "replace it (a forced save does)", path, (uintmax_t)st->st_uid,
                         (uintmax_t)st->st_gid, (uintmax_t)geteuid());
    if (keep_owner && st->st_uid != geteuid())
        plan->uid = st->st_uid;
    if (keep_group && st->st_gid != getegid())
        plan->gid = st->st_gid;
    if (!keep_group)
        plan->mode &= ~(mode_t)0070; /* never hand the group's rights to another group */
    return EDDY_OK;
}

/* Everything a save of path would refuse, checked without writing: the
 * target's kind, its directory, and what replacing it would change. */
static eddy_result check_save(const char *path, const char *target, unsigned flags,
                              replace_plan *plan, eddy_error *err)
{
    memset(plan, 0, sizeof *plan);
    eddy_result rc = check_target_kind(path, target, err);
    if (rc != EDDY_OK)
        return rc;
    char *dir = directory_of(target);
    if (dir == NULL)
        return eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", path);
    rc = check_directory(path, dir, err);
    eddy_free(dir);
    struct stat st;
    if (rc == EDDY_OK && stat(target, &st) == 0)
        rc = plan_replacement(path, &st, flags, plan, err);
    return rc;
}

/* Gives the new file the target's mode and owner (plan_replacement). */
static bool apply_plan(int fd, const replace_plan *plan)
{
    if (!plan->exists)
        return true;
    if ((plan->uid != (uid_t)-1 || plan->gid != (gid_t)-1) && fchown(fd, plan->uid, plan->gid) != 0)
        return false;
    return fchmod(fd, plan->mode) == 0;
}

/* ------------------------------------------------------------ writing */

/* Writes data to fd; false with errno set on failure. */
static bool write_all(int fd, const void *data, size_t size)
{
    size_t left = size;
    const uint8_t *p = data;
    while (left > 0) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        p += n;
        left -= (size_t)n;
    }
    return true;
}

/* fsync, then close (always). false with errno set on failure. */
static bool sync_close(int fd)
{
    bool ok = fsync(fd) == 0;
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    errno = saved;
    return ok;
}

/* Makes the rename itself durable by syncing the directory entry. Best
 * effort: the new file is already in place, so a failure here changes nothing
 * the caller could act on. */
static void sync_directory(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        (void)fsync(fd);
        close(fd);
    }
}

/* One save in progress: where it goes and what went wrong. Staged, its data
 * is complete and synced under the temporary name; committed, that name is
 * renamed over the target. */
struct eddy_staged_file {
    char *path;         /* as the caller named it (for messages) */
    char *target;       /* the file replaced: path with its links followed */
    char *dir;          /* target's directory */
    char *tmp;          /* "<target>.tmp.<pid>.<hex>" once it exists, else NULL */
    const void *data;   /* while staging only */
    size_t size;
    replace_plan plan;
};

typedef struct eddy_staged_file save_job;

/* Removes the temporary file (if it has a name yet) and says which step
 * failed, naming only a file that exists. */
static eddy_result report(const save_job *j, const char *step, int saved, eddy_error *err)
{
    if (j->tmp == NULL)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': %s a temporary file in '%s' "
                         "failed: %s", j->path, step, j->dir, strerror(saved));
    (void)unlink(j->tmp);
    return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': %s '%s' failed: %s", j->path, step,
                     j->tmp, strerror(saved));
}

/* Names tried for a temporary file before a save gives up (each taken name
 * is a file or link already there, which is left alone). */
#define TEMP_ATTEMPTS 64

/* A fresh candidate name "<target>.tmp.<pid>.<12 hex digits>", the digits
 * mixed from the clock, the job's address and the attempt (not a secret:
 * the name is only ever created exclusively). malloc'd, NULL if out of memory. */
static char *temp_name(const save_job *j, unsigned attempt)
{
    struct timespec ts = {0, 0};
    (void)clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^ (uint64_t)(uintptr_t)j ^
                 ((uint64_t)attempt * 0x9E3779B97F4A7C15u);
    x ^= x >> 31, x *= 0xBF58476D1CE4E5B9u, x ^= x >> 29; /* splitmix-style finaliser */
    unsigned long long digits = (unsigned long long)(x & 0xFFFFFFFFFFFFu);
    long pid = (long)getpid();
    int length = snprintf(NULL, 0, "%s.tmp.%ld.%012llx", j->target, pid, digits);
    char *tmp = length >= 0 ? eddy_alloc((size_t)length + 1) : NULL;
    if (tmp != NULL)
        snprintf(tmp, (size_t)length + 1, "%s.tmp.%ld.%012llx", j->target, pid, digits);
    return tmp;
}

/* Creates a new named temporary file exclusively: never one that exists,
 * never through a link. The fd, with j->tmp set; -1 with errno set. */
static int create_named(save_job *j)
{
    for (unsigned attempt = 0; attempt < TEMP_ATTEMPTS; attempt++) {
        char *name = temp_name(j, attempt);
        if (name == NULL) {
            errno = ENOMEM;
            return -1;
        }
        int fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd >= 0) {
            j->tmp = name;
            return fd;
        }
        int saved = errno;
        eddy_free(name);
        if (saved != EEXIST) {
            errno = saved;
            return -1;
        }
    }
    errno = EEXIST;
    return -1;
}

/* Renames the complete temporary file over the target. */
static eddy_result publish(const save_job *j, eddy_error *err)
{
    if (rename(j->tmp, j->target) != 0) {
        int saved = errno;
        return report(j, "rename of", saved, err);
    }
    sync_directory(j->dir);
    return EDDY_OK;
}

/* The named way: a fresh name is created exclusively (create_named),
 * written, synced. */
static eddy_result stage_named(save_job *j, eddy_error *err)
{
    int fd = create_named(j);
    if (fd < 0)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': cannot create a temporary file "
                         "in '%s': %s", j->path, j->dir, strerror(errno));
    if (!write_all(fd, j->data, j->size)) {
        int saved = errno;
        close(fd);
        return report(j, "write to", saved, err);
    }
    if (!apply_plan(fd, &j->plan)) {
        int saved = errno;
        close(fd);
        return report(j, "keeping the owner and mode of", saved, err);
    }
    if (!sync_close(fd)) {
        int saved = errno;
        return report(j, "flush of", saved, err);
    }
    return EDDY_OK;
}

#ifdef O_TMPFILE
/* Links the anonymous file fd to a fresh temporary name (linkat fails on a
 * name that exists, file or link, and leaves it alone: the next name is
 * tried). Sets j->tmp; false when linking is not possible here. */
static bool link_anonymous(int fd, save_job *j)
{
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    for (unsigned attempt = 0; attempt < TEMP_ATTEMPTS; attempt++) {
        char *name = temp_name(j, attempt);
        if (name == NULL)
            return false;
        /* AT_SYMLINK_FOLLOW resolves the /proc magic link to fd's file; the
           new name itself is never followed */
        if (linkat(AT_FDCWD, proc, AT_FDCWD, name, AT_SYMLINK_FOLLOW) == 0 ||
            linkat(fd, "", AT_FDCWD, name, AT_EMPTY_PATH) == 0) {
            j->tmp = name;
            return true;
        }
        int saved = errno;
        eddy_free(name);
        if (saved != EEXIST)
            return false;
    }
    return false;
}

/* The anonymous way. *fallback is set when O_TMPFILE or linking it is not
 * available here; the caller then stages the named way. */
static eddy_result stage_anonymous(save_job *j, bool *fallback, eddy_error *err)
{
    int fd = open(j->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    if (fd < 0) {
        *fallback = true;
        return EDDY_OK;
    }
    if (!write_all(fd, j->data, j->size)) {
        int saved = errno;
        close(fd);
        return report(j, "write to", saved, err);
    }
    if (!apply_plan(fd, &j->plan)) {
        int saved = errno;
        close(fd);
        return report(j, "keeping the owner and mode of", saved, err);
    }
    if (fsync(fd) != 0) {
        int saved = errno;
        close(fd);
        return report(j, "flush of", saved, err);
    }
    if (!link_anonymous(fd, j)) {
        close(fd);
        *fallback = true;
        return EDDY_OK;
    }
    if (close(fd) != 0) {
        int saved = errno;
        return report(j, "flush of", saved, err);
    }
    return EDDY_OK;
}
#endif

static eddy_result stage_data(save_job *j, eddy_error *err)
{
    bool fallback = true;
#ifdef O_TMPFILE
    fallback = false;
    eddy_result rc = stage_anonymous(j, &fallback, err);
    if (!fallback)
        return rc;
#endif
    return stage_named(j, err);
}

static void job_free(save_job *j)
{
    if (j == NULL)
        return;
    eddy_free(j->path);
    eddy_free(j->tmp);
    eddy_free(j->dir);
    eddy_free(j->target);
    eddy_free(j);
}

/* A new job for path: links followed, the target checked (check_save). */
static eddy_result job_make(const char *path, unsigned flags, save_job **out, eddy_error *err)
{
    *out = NULL;
    if (path == NULL || path[0] == '\0')
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "write file: no path");
    save_job *j = eddy_calloc(1, sizeof *j);
    if (j == NULL)
        return eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", path);
    eddy_result rc = resolve_target(path, &j->target, err);
    if (rc == EDDY_OK)
        rc = check_save(path, j->target, flags, &j->plan, err);
    if (rc == EDDY_OK) {
        j->path = copy_prefix(path, strlen(path));
        j->dir = directory_of(j->target);
        if (j->path == NULL || j->dir == NULL)
            rc = eddy_fail(err, EDDY_ERR_MEMORY, "write file '%s': out of memory", path);
    }
    if (rc != EDDY_OK) {
        job_free(j);
        return rc;
    }
    *out = j;
    return EDDY_OK;
}

/* Proves that the target's directory takes a new file by making one: an
 * anonymous file where O_TMPFILE works, else a named one (exclusively)
 * removed at once. access() alone passed "-o /proc/x" (issue 30). */
static eddy_result probe_directory(save_job *j, eddy_error *err)
{
    int fd = -1;
#ifdef O_TMPFILE
    fd = open(j->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
    if (fd >= 0) {
        close(fd);
        return EDDY_OK;
    }
#endif
    fd = create_named(j);
    if (fd < 0)
        return eddy_fail(err, EDDY_ERR_IO, "cannot write '%s': cannot create a file in '%s': %s",
                         j->path, j->dir, strerror(errno));
    close(fd);
    (void)unlink(j->tmp);
    return EDDY_OK;
}

/* ------------------------------------------------------------ the seam
 * (core_internal.h): file_whole.c's public saves over these. */

eddy_result eddyi_save_begin(const char *path, unsigned flags, eddy_staged_file **out,
                            eddy_error *err)
{
    return job_make(path, flags, out, err);
}

eddy_result eddyi_save_probe(eddy_staged_file *j, eddy_error *err) { return probe_directory(j, err); }

eddy_result eddyi_save_write(eddy_staged_file *j, const void *data, size_t size, eddy_error *err)
{
    j->data = data;
    j->size = size;
    eddy_result rc = stage_data(j, err);
    j->data = NULL;
    return rc;
}

eddy_result eddyi_save_publish(eddy_staged_file *j, eddy_error *err) { return publish(j, err); }

void eddyi_save_remove_temp(eddy_staged_file *j) { (void)unlink(j->tmp); }

void eddyi_save_end(eddy_staged_file *j) { job_free(j); }

/* ------------------------------------------------------------ reading */

eddy_result eddy_open_input(const char *path, FILE **out, eddy_error *err)
{
    *out = NULL;
    if (path == NULL || path[0] == '\0')
        return eddy_fail(err, EDDY_ERR_ARGUMENT, "read file: no path");
    /* O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return eddy_fail(err, EDDY_ERR_IO, "cannot open '%s': %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int saved = errno;
        close(fd);
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': %s", path, strerror(saved));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': it is %s, not a regular file", path,
                         kind_of(st.st_mode));
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (f == NULL) {
        int saved = errno;
        close(fd);
        return eddy_fail(err, EDDY_ERR_IO, "cannot read '%s': %s", path, strerror(saved));
    }
    *out = f;
    return EDDY_OK;
}

#endif /* !_WIN32 */
