/*
 * test_backup.c - db/backup.c, and the copy db/db.c takes before a schema
 * migration (issue 17): a copy made while another connection writes is
 * one consistent moment of the store and passes integrity_check; it is
 * one file, the owner's alone, and replaces the destination only when
 * whole; the live store is never a destination; a damaged store gives no
 * copy; a store with a schema is copied beside itself before it is
 * migrated, a new one is not, and a copy that fails stops the migration.
 */
#include "tests/unit/test.h"
#include <sys/stat.h>
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"

extern const char db_schema_sql[];

static char	 dir[64];	/* each test's own directory */
static char	 path[128];	/* the store in it */
static char	 dest[128];	/* the copy */

static void
setup(void)
{
	strcpy(dir, "/tmp/pbemd-backup-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/pbemd.db", dir);
	snprintf(dest, sizeof(dest), "%s/copy.db", dir);
}

static void
teardown(void)
{
	char	 cmd[160];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* How many entries the test's directory holds (. and .. not counted). */
static int
dir_entries(void)
{
	struct dirent	*e;
	DIR		*d = opendir(dir);
	int		 n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

/* How many entries of the test's directory have part in their name. */
static int
dir_has(const char *part)
{
	struct dirent	*e;
	DIR		*d = opendir(dir);
	int		 n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)) != NULL)
		n += strstr(e->d_name, part) != NULL;
	closedir(d);
	return n;
}

static sqlite3 *
raw_open(const char *file)
{
	sqlite3	*h = NULL;

	ck_assert_int_eq(sqlite3_open(file, &h), SQLITE_OK);
	sqlite3_busy_timeout(h, 10000);
	return h;
}

static void
raw_exec(sqlite3 *h, const char *sql)
{
	char	*err = NULL;

	ck_assert_msg(sqlite3_exec(h, sql, NULL, NULL, &err) == SQLITE_OK,
	    "%s: %s", sql, err ? err : "?");
}

/* The single integer a query returns from file, or -1. */
static long long
raw_int(const char *file, const char *sql)
{
	sqlite3_stmt	*st;
	sqlite3		*h = raw_open(file);
	long long	 v = -1;

	ck_assert_msg(sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK,
	    "%s: %s", sql, sqlite3_errmsg(h));
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

/* The single text a query returns from file, into out. */
static void
raw_text(const char *file, const char *sql, char *out, size_t len)
{
	sqlite3_stmt	*st;
	sqlite3		*h = raw_open(file);

	out[0] = '\0';
	ck_assert_int_eq(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		snprintf(out, len, "%s", sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(h);
}

/* A store of the schema's last version with n outbox rows of size bytes. */
static void
make_store(int n, int size)
{
	struct db	*db;
	char		 why[256] = "", *msg;
	int		 i;

	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	msg = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(msg);
	memset(msg, 'x', (size_t)size);
	msg[size] = '\0';
	ck_assert_int_eq(db_begin(db), DB_OK);
	for (i = 0; i < n; i++) {
		msg[i % size] = (char)('a' + i % 26);
		ck_assert_int_eq(db_outbox_add(db, 0, 0, "p@example.test", msg,
		    (size_t)size, 1000 + i), DB_OK);
	}
	ck_assert_int_eq(db_meta_set(db, "made", n), DB_OK);
	ck_assert_int_eq(db_commit(db), DB_OK);
	free(msg);
	db_close(db);
}

/* ---- a copy ---- */

START_TEST(a_copy_holds_the_rows_is_one_file_and_the_owners_alone)
{
	struct db_backup_info	 info;
	struct stat		 sb;
	char			 why[256] = "", mode[16];

	make_store(20, 3000);
	ck_assert_msg(db_backup(path, dest, &info, why, sizeof(why)) ==
	    DB_BACKUP_OK, "%s", why);
	ck_assert_str_eq(info.check, "ok");
	ck_assert_int_gt(info.pages, 1);
	ck_assert_int_gt(info.page_size, 0);
	ck_assert_int_eq(info.schema, raw_int(path, "PRAGMA user_version"));
	ck_assert_int_eq(raw_int(dest, "SELECT count(*) FROM outbox"), 20);
	ck_assert_int_eq(raw_int(dest, "SELECT value FROM meta WHERE key = "
	    "'made'"), 20);
	ck_assert_int_eq(raw_int(dest, "SELECT sum(length(message)) FROM "
	    "outbox"), raw_int(path, "SELECT sum(length(message)) FROM "
	    "outbox"));
	/* One file: no WAL to carry along, nothing left beside it. */
	raw_text(dest, "PRAGMA journal_mode", mode, sizeof(mode));
	ck_assert_str_eq(mode, "delete");
	ck_assert_int_eq(access(dest, F_OK), 0);
	ck_assert_int_eq(stat(dest, &sb), 0);
	ck_assert_int_eq(sb.st_mode & 0777, 0600);
	/* The store (with its -wal and -shm, or not) and the copy. */
	ck_assert_int_ge(dir_entries(), 2);
	ck_assert_int_le(dir_entries(), 4);
	ck_assert_int_eq(dir_has("tmp-"), 0);
}
END_TEST

/* The writer beside the copy: rows of events and a count in meta, both in
 * one transaction, so a copy of one moment has as many rows as the count. */
struct writer {
	atomic_int	 stop;
	atomic_int	 done;		/* transactions committed */
	char		 err[256];
};

static void *
writer_run(void *arg)
{
	struct writer	*w = arg;
	sqlite3		*h;
	char		 sql[256], *err = NULL;
	int		 i;

	if (sqlite3_open(path, &h) != SQLITE_OK)
		return NULL;
	sqlite3_busy_timeout(h, 10000);
	sqlite3_exec(h, "PRAGMA synchronous = OFF", NULL, NULL, NULL);
	for (i = 1; !atomic_load(&w->stop); i++) {
		snprintf(sql, sizeof(sql), "BEGIN IMMEDIATE; INSERT INTO "
		    "events(kind, key, at) VALUES ('w', '%d', %d); INSERT OR "
		    "REPLACE INTO meta(key, value) VALUES ('w', %d); COMMIT;",
		    i, i, i);
		if (sqlite3_exec(h, sql, NULL, NULL, &err) != SQLITE_OK) {
			snprintf(w->err, sizeof(w->err), "%s", err ? err : "?");
			sqlite3_free(err);
			break;
		}
		atomic_store(&w->done, i);
	}
	sqlite3_close(h);
	return NULL;
}

static void
wait_done(struct writer *w, int n)
{
	int	 i;

	for (i = 0; i < 20000 && atomic_load(&w->done) < n &&
	    w->err[0] == '\0'; i++)
		usleep(1000);
	ck_assert_msg(atomic_load(&w->done) >= n, "writer: %d of %d (%s)",
	    atomic_load(&w->done), n, w->err);
}

START_TEST(a_copy_made_while_another_connection_writes_is_one_moment)
{
	struct db_backup_info	 info;
	struct writer		 w;
	pthread_t		 t;
	char			 why[256] = "";
	int			 before, after;
	long long		 rows;

	/* About 1,600 pages: several steps, with writes between them. */
	make_store(100, 64 * 1024);
	memset(&w, 0, sizeof(w));
	ck_assert_int_eq(pthread_create(&t, NULL, writer_run, &w), 0);
	wait_done(&w, 50);
	before = atomic_load(&w.done);
	ck_assert_msg(db_backup(path, dest, &info, why, sizeof(why)) ==
	    DB_BACKUP_OK, "%s", why);
	after = atomic_load(&w.done);
	wait_done(&w, after + 50);
	atomic_store(&w.stop, 1);
	pthread_join(t, NULL);
	ck_assert_msg(w.err[0] == '\0', "writer: %s", w.err);
	/* The writes went on while the copy was made. */
	ck_assert_int_gt(after, before);

	ck_assert_str_eq(info.check, "ok");
	rows = raw_int(dest, "SELECT count(*) FROM events WHERE kind = 'w'");
	/* Every transaction committed before the copy began is in it, none
	 * after it ended, and none by halves. */
	ck_assert_int_ge(rows, before);
	ck_assert_int_le(rows, after);
	ck_assert_int_eq(raw_int(dest, "SELECT value FROM meta WHERE key = "
	    "'w'"), rows);
	ck_assert_int_eq(raw_int(dest, "SELECT count(*) FROM outbox"), 100);
	ck_assert_int_eq(raw_int(dest, "SELECT count(DISTINCT key) FROM "
	    "events WHERE kind = 'w'"), rows);
	/* The store went on without the copy's help. */
	ck_assert_int_eq(raw_int(path, "SELECT count(*) FROM events WHERE "
	    "kind = 'w'"), atomic_load(&w.done));
	fprintf(stderr, "backup under writes: %d pages, %d restarts, %lld of "
	    "%d..%d rows\n", info.pages, info.restarts, rows, before, after);
}
END_TEST

START_TEST(an_existing_copy_is_replaced_whole)
{
	struct db_backup_info	 info;
	char			 why[256] = "";
	FILE			*f;

	make_store(3, 100);
	f = fopen(dest, "w");
	ck_assert_ptr_nonnull(f);
	fputs("yesterday's copy", f);
	fclose(f);
	ck_assert_msg(db_backup(path, dest, &info, why, sizeof(why)) ==
	    DB_BACKUP_OK, "%s", why);
	ck_assert_int_eq(raw_int(dest, "SELECT count(*) FROM outbox"), 3);
}
END_TEST

START_TEST(the_live_store_and_its_journals_are_no_destination)
{
	struct db_backup_info	 info;
	struct db		*db;
	char			 why[256] = "", wal[160], link[160];

	make_store(3, 100);
	/* Open, so that its -wal and -shm exist. */
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	ck_assert_int_eq(db_backup(path, path, &info, why, sizeof(why)),
	    DB_BACKUP_USAGE);
	ck_assert_msg(strstr(why, "live database") != NULL, "why: %s", why);
	snprintf(wal, sizeof(wal), "%s-wal", path);
	ck_assert_int_eq(access(wal, F_OK), 0);
	ck_assert_int_eq(db_backup(path, wal, &info, why, sizeof(why)),
	    DB_BACKUP_USAGE);
	/* Named another way: a link to it, the path with "./" in it. */
	snprintf(link, sizeof(link), "%s/link.db", dir);
	ck_assert_int_eq(symlink(path, link), 0);
	ck_assert_int_eq(db_backup(path, link, &info, why, sizeof(why)),
	    DB_BACKUP_USAGE);
	snprintf(link, sizeof(link), "%s/./pbemd.db", dir);
	ck_assert_int_eq(db_backup(path, link, &info, why, sizeof(why)),
	    DB_BACKUP_USAGE);
	ck_assert_int_eq(db_backup(path, dir, &info, why, sizeof(why)),
	    DB_BACKUP_USAGE);
	ck_assert_msg(strstr(why, "directory") != NULL, "why: %s", why);
	/* The store is as it was. */
	db_close(db);
	ck_assert_int_eq(raw_int(path, "SELECT count(*) FROM outbox"), 3);
}
END_TEST

START_TEST(a_missing_store_is_no_source_and_is_not_created)
{
	struct db_backup_info	 info;
	char			 why[256] = "";

	ck_assert_int_eq(db_backup(path, dest, &info, why, sizeof(why)),
	    DB_BACKUP_NOSOURCE);
	ck_assert_msg(strstr(why, path) != NULL, "why: %s", why);
	ck_assert_int_eq(dir_entries(), 0);
}
END_TEST

START_TEST(a_copy_into_a_missing_folder_fails_and_leaves_nothing)
{
	struct db_backup_info	 info;
	char			 why[256] = "", there[160];

	make_store(1, 10);
	snprintf(there, sizeof(there), "%s/no/such/copy.db", dir);
	ck_assert_int_eq(db_backup(path, there, &info, why, sizeof(why)),
	    DB_BACKUP_CANTCREATE);
	ck_assert_msg(strstr(why, there) != NULL, "why: %s", why);
}
END_TEST

/* Overwrites len bytes of the file at off with garbage. */
static void
scribble(const char *file, off_t off, size_t len)
{
	char	 junk[512];
	int	 fd = open(file, O_WRONLY);

	ck_assert_int_ge(fd, 0);
	ck_assert_uint_le(len, sizeof(junk));
	memset(junk, 0xA5, len);
	ck_assert_int_eq(pwrite(fd, junk, len, off), (ssize_t)len);
	close(fd);
}

START_TEST(a_damaged_store_gives_no_copy_and_keeps_the_old_one)
{
	struct db_backup_info	 info;
	char			 why[512] = "";
	long long		 psize, root;
	sqlite3			*h;

	make_store(40, 3000);
	/* Checkpointed into the file, and the WAL gone. */
	h = raw_open(path);
	raw_exec(h, "PRAGMA journal_mode = DELETE");
	sqlite3_close(h);
	ck_assert_msg(db_backup(path, dest, &info, why, sizeof(why)) ==
	    DB_BACKUP_OK, "%s", why);
	psize = raw_int(path, "PRAGMA page_size");
	root = raw_int(path, "SELECT rootpage FROM sqlite_master WHERE name "
	    "= 'outbox_message'");
	ck_assert_int_gt(root, 1);
	/* The root page of the outbox's messages: its header and cell
	 * pointers. */
	scribble(path, (off_t)((root - 1) * psize), 64);
	ck_assert_int_eq(db_backup(path, dest, &info, why, sizeof(why)),
	    DB_BACKUP_DAMAGED);
	ck_assert_msg(strstr(why, "integrity_check") != NULL, "why: %s", why);
	ck_assert_str_ne(info.check, "ok");
	/* The good copy of before is still there, and nothing beside it. */
	ck_assert_int_eq(raw_int(dest, "SELECT count(*) FROM outbox"), 40);
	ck_assert_int_eq(dir_entries(), 2);
}
END_TEST

/* ---- before a migration ---- */

/* The highest "-- migration N" of db/schema.sql. */
static int
latest_migration(void)
{
	const char	*p = db_schema_sql;
	int		 n, last = 0;

	while ((p = strstr(p, "-- migration ")) != NULL) {
		p += strlen("-- migration ");
		if ((n = atoi(p)) > last)
			last = n;
	}
	return last;
}

/*
 * A store at schema version latest - 1, made with the schema's own blocks
 * (whatever the last one is), holding one game.
 */
static void
make_old_store(void)
{
	const char	*mark = "-- migration ", *p, *next, *body;
	sqlite3		*h = raw_open(path);
	char		*block, sql[64];
	int		 latest = latest_migration();

	for (p = strstr(db_schema_sql, mark); p != NULL; p = next) {
		body = strchr(p, '\n') + 1;
		next = strstr(body, mark);
		if (atoi(p + strlen(mark)) >= latest)
			break;
		block = strndup(body, next ? (size_t)(next - body) :
		    strlen(body));
		raw_exec(h, block);
		free(block);
	}
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", latest - 1);
	raw_exec(h, sql);
	raw_exec(h, "PRAGMA journal_mode = WAL");
	raw_exec(h, "INSERT INTO games(name, kind, seed, gm_address, "
	    "gm_pwhash, status, created) VALUES ('Old', 'wkw', 1, "
	    "'gm@example.test', 'x', 'running', 1)");
	sqlite3_close(h);
}

/* "<path>.pre-v<n>.bak" into out. */
static void
copy_name(int n, char *out, size_t len)
{
	snprintf(out, len, "%s.pre-v%d.bak", path, n);
}

START_TEST(a_store_with_a_schema_is_copied_before_it_is_migrated)
{
	struct db	*db;
	char		 why[256] = "", bak[160];
	int		 latest = latest_migration();

	make_old_store();
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	ck_assert_int_eq(db_schema_version(db), latest);
	db_close(db);
	copy_name(latest, bak, sizeof(bak));
	/* The copy is the store as it was: the old version, its game. */
	ck_assert_int_eq(raw_int(bak, "PRAGMA user_version"), latest - 1);
	ck_assert_int_eq(raw_int(bak, "SELECT count(*) FROM games WHERE name "
	    "= 'Old'"), 1);
	ck_assert_int_eq(raw_int(bak, "SELECT count(*) FROM pragma_integrity_"
	    "check WHERE integrity_check = 'ok'"), 1);
	/* A second open migrates nothing and copies nothing more. */
	ck_assert_int_eq(unlink(bak), 0);
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	db_close(db);
	ck_assert_int_eq(access(bak, F_OK), -1);
}
END_TEST

START_TEST(a_new_store_takes_no_copy)
{
	struct db	*db;
	char		 why[256] = "", bak[160];

	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	db_close(db);
	copy_name(latest_migration(), bak, sizeof(bak));
	ck_assert_int_eq(access(bak, F_OK), -1);
	ck_assert_int_eq(dir_has(".bak"), 0);
}
END_TEST

START_TEST(a_copy_that_fails_stops_the_migration)
{
	struct db	*db = NULL;
	char		 why[512] = "", bak[160];
	int		 latest = latest_migration();

	make_old_store();
	/* Where the copy would go, a directory: it cannot be made. */
	copy_name(latest, bak, sizeof(bak));
	ck_assert_int_eq(mkdir(bak, 0700), 0);
	ck_assert_int_eq(db_open(path, &db, why, sizeof(why)), DB_ERR);
	ck_assert_ptr_null(db);
	ck_assert_msg(strstr(why, "not migrated") != NULL, "why: %s", why);
	ck_assert_msg(strstr(why, "directory") != NULL, "why: %s", why);
	ck_assert_int_eq(raw_int(path, "PRAGMA user_version"), latest - 1);
	/* Once the copy can be made, the migration goes on. */
	ck_assert_int_eq(rmdir(bak), 0);
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	db_close(db);
	ck_assert_int_eq(raw_int(path, "PRAGMA user_version"), latest);
	ck_assert_int_eq(raw_int(bak, "PRAGMA user_version"), latest - 1);
}
END_TEST

START_TEST(only_the_newest_earlier_copy_is_kept_beside_the_new_one)
{
	struct db	*db;
	char		 why[256] = "", bak[160];
	int		 latest = latest_migration(), k;
	FILE		*f;

	ck_assert_int_ge(latest, 4);
	/* Copies of earlier migrations, and a file that is none. */
	for (k = 1; k <= latest - 2; k++) {
		copy_name(k, bak, sizeof(bak));
		ck_assert_ptr_nonnull(f = fopen(bak, "w"));
		fclose(f);
	}
	make_old_store();
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
	db_close(db);
	for (k = 1; k <= latest; k++) {
		copy_name(k, bak, sizeof(bak));
		ck_assert_msg(access(bak, F_OK) == ((k == latest ||
		    k == latest - 2) ? 0 : -1), "%s", bak);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("db/backup");
	TCase	*tc;

	tc = tcase_create("backup");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_copy_holds_the_rows_is_one_file_and_the_owners_alone);
	tcase_add_test(tc, a_copy_made_while_another_connection_writes_is_one_moment);
	tcase_add_test(tc, an_existing_copy_is_replaced_whole);
	tcase_add_test(tc, the_live_store_and_its_journals_are_no_destination);
	tcase_add_test(tc, a_missing_store_is_no_source_and_is_not_created);
	tcase_add_test(tc, a_copy_into_a_missing_folder_fails_and_leaves_nothing);
	tcase_add_test(tc, a_damaged_store_gives_no_copy_and_keeps_the_old_one);
	suite_add_tcase(s, tc);

	tc = tcase_create("before a migration");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_store_with_a_schema_is_copied_before_it_is_migrated);
	tcase_add_test(tc, a_new_store_takes_no_copy);
	tcase_add_test(tc, a_copy_that_fails_stops_the_migration);
	tcase_add_test(tc, only_the_newest_earlier_copy_is_kept_beside_the_new_one);
	suite_add_tcase(s, tc);
	return s;
}
