/*
 * test_backup.c - adjudicator/serve/backup.c, `pbemd backup` (issue 17):
 * the database of the configuration is copied and the copy's check is
 * said on standard output; each failure is said on standard error with
 * its sysexits code (64 the live database as destination, 66 no
 * database, 73 no place for the copy, 78 a bad configuration).
 */
#include "tests/unit/test.h"
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/serve/backup.h"
#include "db/db.h"

static char	 dir[64], conf[128], dbpath[128], dest[128];

/* What one run wrote, and its exit status. */
struct said {
	char	 out[1024];
	char	 err[1024];
	int	 rc;
};

static void
write_conf(const char *database)
{
	FILE	*f = fopen(conf, "w");

	ck_assert_ptr_nonnull(f);
	fprintf(f, "[smtp]\nurl = smtp://127.0.0.1:1\n[judge]\n"
	    "address = judge@example.test\ndatabase = %s\n", database);
	fclose(f);
}

static void
setup(void)
{
	struct db	*db;
	char		 why[256];

	strcpy(dir, "/tmp/pbemd-cli-backup-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(conf, sizeof(conf), "%s/pbemd.ini", dir);
	snprintf(dbpath, sizeof(dbpath), "%s/pbemd.db", dir);
	snprintf(dest, sizeof(dest), "%s/copy.db", dir);
	write_conf(dbpath);
	ck_assert_int_eq(db_open(dbpath, &db, why, sizeof(why)), DB_OK);
	ck_assert_int_eq(db_begin(db), DB_OK);
	ck_assert_int_eq(db_meta_set(db, "kept", 42), DB_OK);
	ck_assert_int_eq(db_commit(db), DB_OK);
	db_close(db);
}

static void
teardown(void)
{
	char	 cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Runs `pbemd backup -c conf to`. */
static struct said
run(const char *to)
{
	struct said	 s;
	FILE		*out = tmpfile(), *err = tmpfile();
	size_t		 n;

	ck_assert(out != NULL && err != NULL);
	s.rc = backup_main(conf, to, out, err);
	rewind(out);
	rewind(err);
	n = fread(s.out, 1, sizeof(s.out) - 1, out);
	s.out[n] = '\0';
	n = fread(s.err, 1, sizeof(s.err) - 1, err);
	s.err[n] = '\0';
	fclose(out);
	fclose(err);
	return s;
}

static long long
copy_int(const char *sql)
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	long long	 v = -1;

	ck_assert_int_eq(sqlite3_open_v2(dest, &h, SQLITE_OPEN_READONLY,
	    NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

START_TEST(the_database_is_copied_and_the_check_said)
{
	struct said	 s = run(dest);

	ck_assert_msg(s.rc == 0, "rc %d: %s", s.rc, s.err);
	ck_assert_str_eq(s.err, "");
	ck_assert_msg(strstr(s.out, dest) == s.out, "out: %s", s.out);
	ck_assert_msg(strstr(s.out, "integrity_check ok\n") != NULL,
	    "out: %s", s.out);
	ck_assert_msg(strstr(s.out, "schema version ") != NULL, "out: %s",
	    s.out);
	ck_assert_int_eq(copy_int("SELECT value FROM meta WHERE key = 'kept'"),
	    42);
}
END_TEST

START_TEST(the_live_database_as_destination_is_a_usage_error)
{
	struct said	 s = run(dbpath);

	ck_assert_int_eq(s.rc, 64);
	ck_assert_str_eq(s.out, "");
	ck_assert_msg(strstr(s.err, "live database") != NULL, "err: %s", s.err);
}
END_TEST

START_TEST(a_missing_database_is_no_input)
{
	char		 gone[160];
	struct said	 s;

	snprintf(gone, sizeof(gone), "%s/gone.db", dir);
	write_conf(gone);
	s = run(dest);
	ck_assert_int_eq(s.rc, 66);
	ck_assert_msg(strstr(s.err, gone) != NULL, "err: %s", s.err);
	ck_assert_int_eq(access(gone, F_OK), -1);
	ck_assert_int_eq(access(dest, F_OK), -1);
}
END_TEST

START_TEST(no_place_for_the_copy_cannot_create)
{
	char		 there[160];
	struct said	 s;

	snprintf(there, sizeof(there), "%s/none/copy.db", dir);
	s = run(there);
	ck_assert_int_eq(s.rc, 73);
	ck_assert_msg(strstr(s.err, there) != NULL, "err: %s", s.err);
}
END_TEST

START_TEST(a_bad_configuration_is_a_config_error)
{
	struct said	 s;
	FILE		*f = fopen(conf, "w");

	ck_assert_ptr_nonnull(f);
	fputs("[judge]\nno_such_key = 1\n", f);
	fclose(f);
	s = run(dest);
	ck_assert_int_eq(s.rc, 78);
	ck_assert_msg(strstr(s.err, "no_such_key") != NULL, "err: %s", s.err);
	ck_assert_int_eq(access(dest, F_OK), -1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("serve/backup");
	TCase	*tc = tcase_create("backup");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, the_database_is_copied_and_the_check_said);
	tcase_add_test(tc, the_live_database_as_destination_is_a_usage_error);
	tcase_add_test(tc, a_missing_database_is_no_input);
	tcase_add_test(tc, no_place_for_the_copy_cannot_create);
	tcase_add_test(tc, a_bad_configuration_is_a_config_error);
	suite_add_tcase(s, tc);
	return s;
}
