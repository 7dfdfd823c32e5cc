/*
 * test_status.c - adjudicator/serve/status.c, `pbemd status` (issue 17):
 * the overview of the configuration's judge on standard output, read from
 * a store opened for reading only; a store that is missing (never
 * created), or of another schema version (never migrated), is 66; a bad
 * configuration 78.
 */
#include "tests/unit/test.h"
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adjudicator/serve/status.h"
#include "db/db.h"

static char	 dir[64], conf[128], dbpath[128];

/* What one run wrote, and its exit status. */
struct said {
	char	 out[4096];
	char	 err[1024];
	int	 rc;
};

static void
write_conf(const char *database)
{
	FILE	*f = fopen(conf, "w");

	ck_assert_ptr_nonnull(f);
	fprintf(f, "[smtp]\nurl = smtp://127.0.0.1:1\n[judge]\n"
	    "address = judge@example.test\ndatabase = %s\n"
	    "templates = templates\n", database);
	fclose(f);
}

static void
setup(void)
{
	strcpy(dir, "/tmp/pbemd-cli-status-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(conf, sizeof(conf), "%s/pbemd.ini", dir);
	snprintf(dbpath, sizeof(dbpath), "%s/pbemd.db", dir);
	write_conf(dbpath);
}

static void
teardown(void)
{
	char	 cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static struct said
run(void)
{
	struct said	 s;
	FILE		*out = tmpfile(), *err = tmpfile();
	size_t		 n;

	ck_assert(out != NULL && err != NULL);
	s.rc = status_main(conf, out, err);
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

/* A store of this pbemd's schema, with one mail in its inbox. */
static void
make_store(void)
{
	struct db	*db;
	struct db_inbox	 in;
	int64_t		 id;
	char		 why[256];

	ck_assert_int_eq(db_open(dbpath, &db, why, sizeof(why)), DB_OK);
	memset(&in, 0, sizeof(in));
	in.sender = "alice@example.test";
	in.outcome = "handled";
	ck_assert_int_eq(db_inbox_insert(db, &in, 1795000000, &id), DB_OK);
	db_close(db);
}

START_TEST(the_overview_goes_to_standard_output)
{
	struct said	 s;

	make_store();
	s = run();
	ck_assert_msg(s.rc == 0, "rc %d: %s", s.rc, s.err);
	ck_assert_str_eq(s.err, "");
	ck_assert_msg(strncmp(s.out, "Judge judge@example.test at ", 28) == 0,
	    "out: %s", s.out);
	ck_assert_msg(strstr(s.out, "\n\nGames\n") != NULL, "out: %s", s.out);
	ck_assert_msg(strstr(s.out, "\n\nOutbox\n") != NULL, "out: %s", s.out);
	ck_assert_msg(strstr(s.out, "\n\nQuarantine\n") != NULL, "out: %s",
	    s.out);
	ck_assert_msg(strstr(s.out, "  last mail  2026-11-18 11:06 UTC (") !=
	    NULL, "out: %s", s.out);
}
END_TEST

START_TEST(a_missing_store_is_66_and_not_created)
{
	struct said	 s = run();

	ck_assert_int_eq(s.rc, 66);
	ck_assert_str_eq(s.out, "");
	ck_assert_msg(strstr(s.err, dbpath) != NULL, "err: %s", s.err);
	ck_assert_int_eq(access(dbpath, F_OK), -1);
}
END_TEST

START_TEST(a_store_of_an_older_schema_is_66_and_not_migrated)
{
	struct said	 s;
	sqlite3		*h;
	sqlite3_stmt	*st;

	make_store();
	ck_assert_int_eq(sqlite3_open(dbpath, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(h, "PRAGMA user_version = 3", NULL, NULL,
	    NULL), SQLITE_OK);
	sqlite3_close(h);
	s = run();
	ck_assert_int_eq(s.rc, 66);
	ck_assert_msg(strstr(s.err, "schema version 3") != NULL, "err: %s",
	    s.err);
	/* Not migrated: still version 3. */
	ck_assert_int_eq(sqlite3_open(dbpath, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, "PRAGMA user_version", -1, &st,
	    NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(st, 0), 3);
	sqlite3_finalize(st);
	sqlite3_close(h);
}
END_TEST

START_TEST(a_bad_configuration_is_78)
{
	struct said	 s;
	FILE		*f = fopen(conf, "w");

	ck_assert_ptr_nonnull(f);
	fputs("[judge]\naddress = judge@example.test\n", f);
	fclose(f);
	s = run();
	ck_assert_int_eq(s.rc, 78);
	ck_assert_msg(strstr(s.err, "missing") != NULL, "err: %s", s.err);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("serve/status");
	TCase	*tc = tcase_create("status");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, the_overview_goes_to_standard_output);
	tcase_add_test(tc, a_missing_store_is_66_and_not_created);
	tcase_add_test(tc, a_store_of_an_older_schema_is_66_and_not_migrated);
	tcase_add_test(tc, a_bad_configuration_is_78);
	suite_add_tcase(s, tc);
	return s;
}
