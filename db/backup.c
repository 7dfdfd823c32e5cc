/*
 * backup.c - a consistent copy of the store while the judge runs, with
 * SQLite's online backup API: `pbemd backup` (db_backup()) and the copy
 * db_open() takes before a schema migration (db_backup_handle()).
 *
 * The copy goes to a temporary file beside the destination, a few hundred
 * pages a step with a pause between steps, so the daemon's writes are never
 * held up for long (in WAL mode a step only reads). A write by another
 * connection makes SQLite start the copy again; after a few such restarts
 * the rest is copied in one step, which in WAL mode holds a snapshot but
 * blocks no writer. The copy is switched from WAL to a rollback journal
 * (one self-contained file), synced, opened anew and checked whole with
 * PRAGMA integrity_check, and only then renamed over the destination, the
 * directory synced after. A copy that fails on the way leaves no file
 * behind and the destination as it was; the live database is never a
 * destination. No log lines: the caller says what came of it.
 */
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "db_priv.h"

#define DB_BACKUP_STEP_PAGES	256	/* pages a step: 1 MB of 4 KB pages */
#define DB_BACKUP_PAUSE_MS	10	/* between steps: a writer's turn */
#define DB_BACKUP_BUSY_MS	50	/* after a step found the store locked */
#define DB_BACKUP_BUSY_TRIES	200	/* ... so 10 s locked, then give up */
#define DB_BACKUP_RESTARTS	3	/* then the rest in one step */
#define DB_BACKUP_CHECK_ROWS	3	/* integrity_check lines kept */

/* The files of one copy: the temporary one and where it goes. */
struct db_backup_files {
	char	*tmp;		/* owned; NULL once renamed or removed */
	char	*dir;		/* owned: the destination's directory */
};

/* Whether st is the same file as path, or as one of its journals. */
static bool
db_backup_same(const struct stat *st, const char *path)
{
	static const char *const sfx[] = { "", "-wal", "-shm", "-journal" };
	struct stat	 o;
	struct buf	 b;
	size_t		 i;
	bool		 same = false;

	buf_init(&b);
	for (i = 0; i < sizeof(sfx) / sizeof(sfx[0]) && !same; i++) {
		buf_reset(&b);
		buf_printf(&b, "%s%s", path, sfx[i]);
		same = stat(b.data, &o) == 0 && o.st_dev == st->st_dev &&
		    o.st_ino == st->st_ino;
	}
	buf_free(&b);
	return same;
}

/* DB_BACKUP_OK when dest may be written: not the live store, no folder. */
static enum db_backup_status
db_backup_dest_ok(const char *path, const char *dest, char *why,
    size_t whylen)
{
	struct stat	 st;

	if (dest[0] == '\0') {
		snprintf(why, whylen, "no destination named");
		return DB_BACKUP_USAGE;
	}
	if (stat(dest, &st) != 0)
		return DB_BACKUP_OK;
	if (S_ISDIR(st.st_mode)) {
		snprintf(why, whylen, "%s is a directory: name the file of the "
		    "copy", dest);
		return DB_BACKUP_USAGE;
	}
	if (db_backup_same(&st, path)) {
		snprintf(why, whylen, "%s is the live database (or one of its "
		    "journals): refused", dest);
		return DB_BACKUP_USAGE;
	}
	return DB_BACKUP_OK;
}

/* The directory of dest, owned: "." when it names none. */
static char *
db_backup_dirname(const char *dest)
{
	const char	*slash = strrchr(dest, '/');

	if (slash == NULL)
		return xstrdup(".");
	if (slash == dest)
		return xstrdup("/");
	return xstrndup(dest, (size_t)(slash - dest));
}

/* Removes the temporary file and what SQLite may have left beside it. */
static void
db_backup_discard(struct db_backup_files *f)
{
	static const char *const sfx[] = { "-journal", "-wal", "-shm" };
	struct buf	 b;
	size_t		 i;

	if (f->tmp != NULL) {
		buf_init(&b);
		for (i = 0; i < sizeof(sfx) / sizeof(sfx[0]); i++) {
			buf_reset(&b);
			buf_printf(&b, "%s%s", f->tmp, sfx[i]);
			(void)unlink(b.data);
		}
		buf_free(&b);
		(void)unlink(f->tmp);
	}
	free(f->tmp);
	free(f->dir);
	memset(f, 0, sizeof(*f));
}

/* A new empty file beside dest, the owner's alone (mkstemp: 0600). */
static enum db_backup_status
db_backup_tmp(const char *dest, struct db_backup_files *f, char *why,
    size_t whylen)
{
	struct buf	 b;
	int		 fd;

	buf_init(&b);
	buf_printf(&b, "%s.tmp-XXXXXX", dest);
	if ((fd = mkstemp(b.data)) < 0) {
		snprintf(why, whylen, "%s: cannot create a file beside it: %s",
		    dest, strerror(errno));
		buf_free(&b);
		return DB_BACKUP_CANTCREATE;
	}
	close(fd);
	f->tmp = buf_steal(&b);
	f->dir = db_backup_dirname(dest);
	return DB_BACKUP_OK;
}

/* What an SQLite code means for the copy: locked, or the copy failed. */
static enum db_backup_status
db_backup_code(int rc)
{
	switch (rc & 0xff) {
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		return DB_BACKUP_BUSY;
	default:
		return DB_BACKUP_IOERR;
	}
}

/*
 * The pages of src into dst, a step at a time. Locked steps are tried
 * again DB_BACKUP_BUSY_TRIES times in a row; restarts are counted.
 */
static enum db_backup_status
db_backup_pages(sqlite3 *src, sqlite3 *dst, struct db_backup_info *info,
    char *why, size_t whylen)
{
	sqlite3_backup	*bk;
	int		 rc, busy = 0, left = -1, pages = DB_BACKUP_STEP_PAGES;

	if ((bk = sqlite3_backup_init(dst, "main", src, "main")) == NULL) {
		snprintf(why, whylen, "cannot begin the copy: %s",
		    sqlite3_errmsg(dst));
		return db_backup_code(sqlite3_errcode(dst));
	}
	for (;;) {
		rc = sqlite3_backup_step(bk, pages);
		if (rc == SQLITE_DONE)
			break;
		if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
			if (++busy > DB_BACKUP_BUSY_TRIES)
				break;
			sqlite3_sleep(DB_BACKUP_BUSY_MS);
			continue;
		}
		if (rc != SQLITE_OK)
			break;
		busy = 0;
		/* No fewer left than after the last step: a write by another
		 * connection restarted the copy. */
		if (left >= 0 && sqlite3_backup_remaining(bk) >= left &&
		    ++info->restarts >= DB_BACKUP_RESTARTS)
			pages = -1;
		left = sqlite3_backup_remaining(bk);
		sqlite3_sleep(DB_BACKUP_PAUSE_MS);
	}
	info->pages = sqlite3_backup_pagecount(bk);
	(void)sqlite3_backup_finish(bk);
	if (rc == SQLITE_DONE)
		return DB_BACKUP_OK;
	if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
		snprintf(why, whylen, "the database stayed locked for %d s: try "
		    "again", DB_BACKUP_BUSY_TRIES * DB_BACKUP_BUSY_MS / 1000);
	else
		snprintf(why, whylen, "the copy failed: %s", sqlite3_errstr(rc));
	return db_backup_code(rc);
}

/* Copies src into the file tmp, as a database with a rollback journal. */
static enum db_backup_status
db_backup_write(sqlite3 *src, const char *tmp, struct db_backup_info *info,
    char *why, size_t whylen)
{
	enum db_backup_status	 rc;
	sqlite3			*dst = NULL;
	char			*err = NULL;

	if (sqlite3_open_v2(tmp, &dst, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		snprintf(why, whylen, "%s: %s", tmp, dst ?
		    sqlite3_errmsg(dst) : "cannot open");
		rc = DB_BACKUP_CANTCREATE;
		goto out;
	}
	if ((rc = db_backup_pages(src, dst, info, why, whylen)) != DB_BACKUP_OK)
		goto out;
	/* The copy keeps the source's WAL mode: a backup is one file. */
	if (sqlite3_exec(dst, "PRAGMA journal_mode = DELETE", NULL, NULL,
	    &err) != SQLITE_OK) {
		snprintf(why, whylen, "%s: %s", tmp, err ? err : "journal mode");
		rc = DB_BACKUP_IOERR;
	}
out:
	sqlite3_free(err);
	if (dst != NULL && sqlite3_close(dst) != SQLITE_OK && rc == DB_BACKUP_OK) {
		snprintf(why, whylen, "%s: cannot close the copy", tmp);
		rc = DB_BACKUP_IOERR;
	}
	return rc;
}

/* fsync(2) of a file or a directory. */
static int
db_backup_sync(const char *path, int flags)
{
	int	 fd, rc;

	if ((fd = open(path, flags | O_CLOEXEC)) < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* The first integer a pragma answers on h, or -1. */
static int
db_backup_pragma(sqlite3 *h, const char *sql)
{
	sqlite3_stmt	*st;
	int		 v = -1;

	if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

/*
 * PRAGMA integrity_check over a new connection to the file written: "ok",
 * or its first lines, into info->check; with the copy's schema version
 * and page size.
 */
static enum db_backup_status
db_backup_check(const char *tmp, struct db_backup_info *info, char *why,
    size_t whylen)
{
	sqlite3_stmt	*st = NULL;
	sqlite3		*h = NULL;
	struct buf	 b;
	const char	*row;
	int		 rc, n = 0;

	if (sqlite3_open_v2(tmp, &h, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(h, "PRAGMA integrity_check", -1, &st,
	    NULL) != SQLITE_OK) {
		snprintf(why, whylen, "%s: cannot open the copy: %s", tmp,
		    h ? sqlite3_errmsg(h) : "?");
		sqlite3_close(h);
		return DB_BACKUP_IOERR;
	}
	buf_init(&b);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		if (n++ < DB_BACKUP_CHECK_ROWS) {
			row = (const char *)sqlite3_column_text(st, 0);
			buf_printf(&b, "%s%s", n > 1 ? "; " : "",
			    row ? row : "?");
		}
	if (rc != SQLITE_DONE)
		buf_printf(&b, "%s%s", b.len ? "; " : "", sqlite3_errmsg(h));
	sqlite3_finalize(st);
	info->schema = db_backup_pragma(h, "PRAGMA user_version");
	info->page_size = db_backup_pragma(h, "PRAGMA page_size");
	sqlite3_close(h);
	strlcpy_(info->check, b.len ? b.data : "?", sizeof(info->check));
	buf_free(&b);
	if (rc != SQLITE_DONE || n != 1 || strcmp(info->check, "ok") != 0) {
		snprintf(why, whylen, "the copy fails PRAGMA integrity_check "
		    "(the database itself may be damaged): %s", info->check);
		return DB_BACKUP_DAMAGED;
	}
	return DB_BACKUP_OK;
}

enum db_backup_status
db_backup_handle(sqlite3 *src, const char *path, const char *dest,
    struct db_backup_info *info, char *why, size_t whylen)
{
	struct db_backup_files	 f = { NULL, NULL };
	enum db_backup_status	 rc;

	memset(info, 0, sizeof(*info));
	info->schema = -1;
	why[0] = '\0';
	if ((rc = db_backup_dest_ok(path, dest, why, whylen)) != DB_BACKUP_OK ||
	    (rc = db_backup_tmp(dest, &f, why, whylen)) != DB_BACKUP_OK ||
	    (rc = db_backup_write(src, f.tmp, info, why, whylen)) !=
	    DB_BACKUP_OK)
		goto out;
	if (db_backup_sync(f.tmp, O_RDONLY) != 0) {
		snprintf(why, whylen, "%s: fsync: %s", f.tmp, strerror(errno));
		rc = DB_BACKUP_IOERR;
		goto out;
	}
	if ((rc = db_backup_check(f.tmp, info, why, whylen)) != DB_BACKUP_OK)
		goto out;
	if (rename(f.tmp, dest) != 0) {
		snprintf(why, whylen, "%s: cannot rename the copy into place: "
		    "%s", dest, strerror(errno));
		rc = DB_BACKUP_CANTCREATE;
		goto out;
	}
	free(f.tmp);
	f.tmp = NULL;
	/* The rename itself must survive a power cut. */
	if (db_backup_sync(f.dir, O_RDONLY | O_DIRECTORY) != 0) {
		snprintf(why, whylen, "%s: fsync of its directory: %s", dest,
		    strerror(errno));
		rc = DB_BACKUP_IOERR;
	}
out:
	db_backup_discard(&f);
	return rc;
}

enum db_backup_status
db_backup(const char *path, const char *dest, struct db_backup_info *info,
    char *why, size_t whylen)
{
	enum db_backup_status	 rc;
	sqlite3			*src = NULL;

	memset(info, 0, sizeof(*info));
	info->schema = -1;
	/* Read-only: a missing store is an error, not a new empty one. */
	if (sqlite3_open_v2(path, &src, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK ||
	    db_backup_pragma(src, "PRAGMA user_version") < 0) {
		snprintf(why, whylen, "%s: %s", path, src ?
		    sqlite3_errmsg(src) : "cannot open");
		sqlite3_close(src);
		return DB_BACKUP_NOSOURCE;
	}
	sqlite3_busy_timeout(src, DB_BACKUP_BUSY_MS * DB_BACKUP_BUSY_TRIES);
	rc = db_backup_handle(src, path, dest, info, why, whylen);
	sqlite3_close(src);
	return rc;
}
