/*
 * db.c - opening the database, migrations, transactions, the statement
 * cache, and the people table.
 *
 * WAL with synchronous=FULL: a committed mail must survive a power cut
 * once the message is marked processed on the server. Two callers commit
 * with NORMAL for a while and sync the WAL in one go (db_sync_each(),
 * db_sync()): the daemon's intake for a chunk of mails, before it marks
 * them on the server (serve/daemon.c), and the outbox for its marks
 * (serve/outbox.c says why that is safe). A store that holds a schema is copied beside itself before it
 * is migrated (<path>.pre-v<N>.bak, backup.c), and not migrated when the
 * copy fails.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/log.h"
#include "common/util.h"
#include "db_priv.h"

/* Copies kept beside the store from before migrations (db_migrate_prune). */
#define DB_MIGRATE_COPIES	2
/*
 * SQLite's page cache, in KiB (its default is 2000). Most pages the store
 * reads and writes are the outbox's messages, read once or written once;
 * the tables and indexes the judge reads over and over fit in a quarter of
 * that, and in the mail benchmarks the smaller cache cost no speed and
 * saved 1.5 MB of the daemon's heap (issue 18).
 */
#define DB_CACHE_KIB		512
#define DB_WAL_PAGES		16384	/* 64 MB of 4 KB pages */

#define DB_STR_(x)	#x
#define DB_STR(x)	DB_STR_(x)

extern const char db_schema_sql[];

sqlite3_stmt *
db_stmt(struct db *db, enum db_stmt_id id, const char *sql)
{
	sqlite3_stmt	*st = db->stmt[id];

	if (st == NULL) {
		if (sqlite3_prepare_v3(db->h, sql, -1, SQLITE_PREPARE_PERSISTENT,
		    &st, NULL) != SQLITE_OK) {
			db_fail(db, "prepare");
			return NULL;
		}
		db->stmt[id] = st;
	}
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return st;
}

int
db_fail(struct db *db, const char *what)
{
	db->fault = sqlite3_errcode(db->h);
	log_warnx("db: %s: %s", what, sqlite3_errmsg(db->h));
	return DB_ERR;
}

int
db_col_text(sqlite3_stmt *st, int col, char *out, size_t outlen)
{
	const unsigned char	*s = sqlite3_column_text(st, col);
	size_t			 len;

	if ((len = strlcpy_(out, s ? (const char *)s : "", outlen)) < outlen)
		return DB_OK;
	log_warnx("db: %s of %zu bytes does not fit %zu: row refused",
	    sqlite3_column_name(st, col), len, outlen - 1);
	return DB_ERR;
}

int
db_step_done(struct db *db, sqlite3_stmt *st, const char *what)
{
	int	 rc = sqlite3_step(st);

	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return db_fail(db, what);
	return DB_OK;
}

static int
db_exec(struct db *db, const char *sql, const char *what)
{
	char	*err = NULL;
	int	 rc;

	if ((rc = sqlite3_exec(db->h, sql, NULL, NULL, &err)) != SQLITE_OK) {
		db->fault = rc;
		log_warnx("db: %s: %s", what, err ? err : "?");
		sqlite3_free(err);
		return DB_ERR;
	}
	return DB_OK;
}

int
db_schema_version(struct db *db)
{
	sqlite3_stmt	*st;
	int		 v = -1;

	if (sqlite3_prepare_v2(db->h, "PRAGMA user_version", -1, &st,
	    NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

/*
 * Applies one migration block (the text between "-- migration N" markers)
 * and records its number, in one transaction.
 */
static int
db_migrate_one(struct db *db, int n, const char *sql, size_t len)
{
	struct buf	 b;
	int		 rc;

	buf_init(&b);
	buf_puts(&b, "BEGIN IMMEDIATE;\n");
	buf_add(&b, sql, len);
	buf_printf(&b, "\nPRAGMA user_version = %d;\nCOMMIT;\n", n);
	rc = db_exec(db, b.data, "migrate");
	if (rc != DB_OK)
		db_exec(db, "ROLLBACK", "rollback");
	else
		log_info("db: migrated to schema version %d", n);
	buf_free(&b);
	return rc;
}

/* The next marker at the start of a line from p on, or NULL. */
static const char *
db_migrate_mark(const char *p, const char *mark)
{
	while ((p = strstr(p, mark)) != NULL) {
		if (p == db_schema_sql || p[-1] == '\n')
			return p;
		p += strlen(mark);
	}
	return NULL;
}

/*
 * The number of the last migration of the schema into *last. The numbers
 * must rise: a comment line that begins like a marker would split a block
 * in two.
 */
static int
db_migrate_latest(int *last, char *why, size_t whylen)
{
	const char	*mark = "-- migration ";
	const char	*p;
	int		 n;

	*last = 0;
	for (p = db_migrate_mark(db_schema_sql, mark); p != NULL;
	    p = db_migrate_mark(p + strlen(mark), mark)) {
		if ((n = atoi(p + strlen(mark))) <= *last) {
			snprintf(why, whylen, "schema: migration %d after %d",
			    n, *last);
			return DB_ERR;
		}
		*last = n;
	}
	return DB_OK;
}

/*
 * After a copy before the migration to schema version to: the newest
 * copy of an earlier migration stays beside it, older ones go, so an
 * upgrade leaves at most DB_MIGRATE_COPIES full copies of the store.
 */
static void
db_migrate_prune(const char *path, int to)
{
	struct buf	 name;
	int		 k, kept = 1;

	buf_init(&name);
	for (k = to - 1; k >= 1; k--) {
		buf_reset(&name);
		buf_printf(&name, "%s.pre-v%d.bak", path, k);
		if (access(name.data, F_OK) != 0 ||
		    ++kept <= DB_MIGRATE_COPIES)
			continue;
		if (unlink(name.data) == 0)
			log_info("db: removed the old copy %s", name.data);
	}
	buf_free(&name);
}

/*
 * A copy of the store as it is, before a migration from schema version
 * have to to: <path>.pre-v<to>.bak, made and checked as `pbemd backup`
 * makes one (backup.c). DB_ERR, with why, when it cannot be made: then
 * nothing is migrated.
 */
static int
db_migrate_copy(struct db *db, const char *path, int have, int to,
    char *why, size_t whylen)
{
	struct db_backup_info	 info;
	struct buf		 name;
	char			 reason[256];
	int			 rc = DB_OK;

	buf_init(&name);
	buf_printf(&name, "%s.pre-v%d.bak", path, to);
	if (db_backup_handle(db->h, path, name.data, &info, reason,
	    sizeof(reason)) != DB_BACKUP_OK) {
		snprintf(why, whylen, "%s: not migrated from schema version %d "
		    "to %d: the copy before it failed: %s", path, have, to,
		    reason);
		rc = DB_ERR;
	} else {
		log_info("db: copied to %s before the migration from schema "
		    "version %d to %d: %d pages, integrity %s", name.data, have,
		    to, info.pages, info.check);
		db_migrate_prune(path, to);
	}
	buf_free(&name);
	return rc;
}

/*
 * Brings the store at path to the schema's last version, each migration
 * in its own transaction. A store that holds a schema already is copied
 * first (db_migrate_copy()); a new, empty one is not.
 */
static int
db_migrate(struct db *db, const char *path, char *why, size_t whylen)
{
	const char	*mark = "-- migration ";
	const char	*p, *next, *body;
	int		 have, n, last;

	if ((have = db_schema_version(db)) < 0) {
		snprintf(why, whylen, "cannot read the schema version");
		return DB_ERR;
	}
	if (db_migrate_latest(&last, why, whylen) != DB_OK)
		return DB_ERR;
	if (have > last) {
		snprintf(why, whylen, "database schema version %d is newer than "
		    "this pbemd knows (%d)", have, last);
		return DB_ERR;
	}
	if (have == last)
		return DB_OK;
	if (have > 0 && db_migrate_copy(db, path, have, last, why, whylen) !=
	    DB_OK)
		return DB_ERR;
	for (p = db_migrate_mark(db_schema_sql, mark); p != NULL; p = next) {
		n = atoi(p + strlen(mark));
		body = strchr(p, '\n');
		body = body ? body + 1 : p + strlen(p);
		next = db_migrate_mark(body, mark);
		if (n > have && db_migrate_one(db, n, body,
		    next ? (size_t)(next - body) : strlen(body)) != DB_OK) {
			snprintf(why, whylen, "migration %d failed", n);
			return DB_ERR;
		}
	}
	return DB_OK;
}

int
db_open(const char *path, struct db **out, char *why, size_t whylen)
{
	struct db	*db;
	int		 fd;

	db = xcalloc(1, sizeof(*db));
	/* The store holds addresses, password hashes and secret orders: a
	 * new one is the owner's alone, and SQLite gives its WAL and shared
	 * memory files the same mode. An existing file keeps the mode its
	 * operator chose. */
	if (strcmp(path, ":memory:") != 0 && (fd = open(path, O_RDWR |
	    O_CREAT | O_CLOEXEC, 0600)) >= 0)
		close(fd);
	if (sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		snprintf(why, whylen, "%s: %s", path,
		    db->h ? sqlite3_errmsg(db->h) : "cannot open");
		goto fail;
	}
	sqlite3_busy_timeout(db->h, 10000);
	/* The WAL is copied into the database when the daemon is about to
	 * wait (db_checkpoint()), not while it answers a backlog: only when
	 * it reaches DB_WAL_PAGES (64 MB) does a commit copy it on the spot.
	 * SQLite's default, 4 MB, copied a backlog of mails with pictures
	 * every two seconds of work, 50 ms each (issue 18). */
	if (db_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;"
	    "PRAGMA wal_autocheckpoint = " DB_STR(DB_WAL_PAGES) ";"
	    "PRAGMA foreign_keys = ON; PRAGMA cache_size = -"
	    DB_STR(DB_CACHE_KIB) ";", "pragmas") != DB_OK) {
		snprintf(why, whylen, "%s: cannot set up WAL: %s", path,
		    sqlite3_errmsg(db->h));
		goto fail;
	}
	if (db_migrate(db, path, why, whylen) != DB_OK)
		goto fail;
	*out = db;
	return DB_OK;
fail:
	db_close(db);
	return DB_ERR;
}

int
db_open_readonly(const char *path, struct db **out, char *why,
    size_t whylen)
{
	struct db	*db;
	int		 have, last;

	db = xcalloc(1, sizeof(*db));
	if (sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		snprintf(why, whylen, "%s: %s", path,
		    db->h ? sqlite3_errmsg(db->h) : "cannot open");
		goto fail;
	}
	sqlite3_busy_timeout(db->h, 10000);
	if (db_migrate_latest(&last, why, whylen) != DB_OK)
		goto fail;
	if ((have = db_schema_version(db)) < 0) {
		snprintf(why, whylen, "%s: %s", path, sqlite3_errmsg(db->h));
		goto fail;
	}
	if (have != last) {
		snprintf(why, whylen, "%s: schema version %d, this pbemd's is "
		    "%d: %s", path, have, last, have > last ? "a newer pbemd "
		    "wrote it" : "serve (or any command that writes) migrates "
		    "it first");
		goto fail;
	}
	*out = db;
	return DB_OK;
fail:
	db_close(db);
	return DB_ERR;
}

void
db_close(struct db *db)
{
	int	 i;

	if (db == NULL)
		return;
	for (i = 0; i < DBS_COUNT; i++)
		sqlite3_finalize(db->stmt[i]);
	sqlite3_close(db->h);
	free(db);
}

void
db_fault_clear(struct db *db)
{
	db->fault = SQLITE_OK;
}

bool
db_fault_transient(const struct db *db)
{
	switch (db->fault & 0xff) {
	case SQLITE_FULL:
	case SQLITE_IOERR:
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
	case SQLITE_NOMEM:
	case SQLITE_CANTOPEN:
	case SQLITE_READONLY:
	case SQLITE_PROTOCOL:
		return true;
	}
	return false;
}

int
db_begin(struct db *db)
{
	return db_exec(db, "BEGIN IMMEDIATE", "begin");
}

int
db_commit(struct db *db)
{
	return db_exec(db, "COMMIT", "commit");
}

void
db_rollback(struct db *db)
{
	if (!sqlite3_get_autocommit(db->h))
		db_exec(db, "ROLLBACK", "rollback");
}

int
db_checkpoint(struct db *db)
{
	int	 rc;

	rc = sqlite3_wal_checkpoint_v2(db->h, NULL, SQLITE_CHECKPOINT_PASSIVE,
	    NULL, NULL);
	if (rc != SQLITE_OK && rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
		return db_fail(db, "checkpoint");
	return DB_OK;
}

int
db_sync_each(struct db *db, bool each)
{
	return db_exec(db, each ? "PRAGMA synchronous = FULL" :
	    "PRAGMA synchronous = NORMAL", "synchronous");
}

/*
 * The WAL's own file, synced as a commit with synchronous=FULL syncs it:
 * the commits of NORMAL before are in it, and a power cut keeps every
 * frame the disk has (SQLite replays frames up to the last whole commit).
 */
int
db_sync(struct db *db)
{
	sqlite3_file	*f = NULL;
	int		 rc;

	if (sqlite3_file_control(db->h, "main", SQLITE_FCNTL_JOURNAL_POINTER,
	    &f) != SQLITE_OK)
		return db_fail(db, "sync");
	if (f == NULL || f->pMethods == NULL)
		return DB_OK;		/* no WAL yet: nothing to lose */
	if ((rc = f->pMethods->xSync(f, SQLITE_SYNC_NORMAL)) != SQLITE_OK) {
		db->fault = rc;
		log_warnx("db: sync of the WAL failed: %s",
		    sqlite3_errstr(rc));
		return DB_ERR;
	}
	return DB_OK;
}

int
db_person_lang(struct db *db, const char *addr, char *lang, size_t len)
{
	sqlite3_stmt	*st;
	int		 rc, fit = DB_OK;

	st = db_stmt(db, DBS_PERSON_LANG,
	    "SELECT lang FROM people WHERE address = ?");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, addr, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		fit = db_col_text(st, 0, lang, len);
	sqlite3_reset(st);
	if (rc == SQLITE_ROW)
		return fit;
	return rc == SQLITE_DONE ? DB_NONE : db_fail(db, "person lang");
}

int
db_address_known(struct db *db, const char *addr)
{
	sqlite3_stmt	*st;
	int		 rc, known = 0;

	st = db_stmt(db, DBS_ADDRESS_KNOWN, "SELECT EXISTS(SELECT 1 FROM "
	    "players WHERE address = ?1 AND status = 'active') OR "
	    "EXISTS(SELECT 1 FROM games WHERE gm_address = ?1) OR "
	    "EXISTS(SELECT 1 FROM people WHERE address = ?1)");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, addr, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		known = sqlite3_column_int(st, 0);
	else
		(void)db_fail(db, "address known");
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return DB_ERR;
	return known ? DB_OK : DB_NONE;
}

int
db_person_set_lang(struct db *db, const char *addr, const char *lang,
    time_t now)
{
	sqlite3_stmt	*st;

	st = db_stmt(db, DBS_PERSON_SET, "INSERT INTO people(address, lang, "
	    "created) VALUES (?, ?, ?) ON CONFLICT(address) DO UPDATE SET "
	    "lang = excluded.lang");
	if (st == NULL)
		return DB_ERR;
	sqlite3_bind_text(st, 1, addr, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, lang, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)now);
	return db_step_done(db, st, "person set lang");
}
