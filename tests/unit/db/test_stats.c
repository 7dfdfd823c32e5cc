/*
 * test_stats.c - db/stats.c, what the operator's overview counts (issue
 * 17), and db_open_readonly(), the store as `pbemd status` opens it: the
 * outbox by state with its oldest waiting mail, the failing mails oldest
 * first with their texts cut whole and cleaned of control characters, the
 * quarantine's newest held mail, the last mail; a read-only store that
 * refuses to be written, created or read at another schema version.
 */
#include "tests/unit/test.h"
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"

static char		 path[64];
static struct db	*db;

static void
remove_files(void)
{
	char	 p[96];

	unlink(path);
	snprintf(p, sizeof(p), "%s-wal", path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", path);
	unlink(p);
}

static void
setup(void)
{
	char	 why[256] = "";
	int	 fd;

	strcpy(path, "/tmp/pbemd-stats-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	close(fd);
	unlink(path);
	ck_assert_msg(db_open(path, &db, why, sizeof(why)) == DB_OK, "%s", why);
}

static void
teardown(void)
{
	db_close(db);
	db = NULL;
	remove_files();
}

static int64_t
outbox(const char *rcpt, time_t created)
{
	struct db_outbox_row	 r[64];
	int64_t			 id = 0;
	int			 n, i;

	ck_assert_int_eq(db_outbox_add(db, 0, 0, rcpt, "x", 1, created),
	    DB_OK);
	ck_assert_int_eq(db_outbox_due(db, created + 1000000, r, 64, &n),
	    DB_OK);
	for (i = 0; i < n; i++) {
		if (r[i].id > id)
			id = r[i].id;
		db_outbox_row_clear(&r[i]);
	}
	return id;
}

static int64_t
inbox(const char *sender, const char *outcome, const char *note, time_t at)
{
	struct db_inbox	 in;
	int64_t		 id = 0;

	memset(&in, 0, sizeof(in));
	in.sender = sender;
	in.outcome = outcome;
	in.note = note;
	ck_assert_int_eq(db_inbox_insert(db, &in, at, &id), DB_OK);
	return id;
}

START_TEST(the_outbox_is_counted_by_state_with_its_oldest_waiting_mail)
{
	struct db_outbox_stats	 o;
	int64_t			 a, b, c;

	ck_assert_int_eq(db_stats_outbox(db, &o), DB_OK);
	ck_assert_int_eq(o.waiting, 0);
	ck_assert_int_eq(o.oldest, 0);
	a = outbox("a@example.test", 1000);
	b = outbox("b@example.test", 2000);
	c = outbox("c@example.test", 3000);
	(void)outbox("d@example.test", 4000);
	ck_assert_int_eq(db_outbox_sent(db, a, 1500), DB_OK);
	ck_assert_int_eq(db_outbox_retry(db, c, 2, 5000, "451 later"), DB_OK);
	ck_assert_int_eq(db_outbox_failed(db, b, 2500, "550 gone"), DB_OK);
	ck_assert_int_eq(db_stats_outbox(db, &o), DB_OK);
	ck_assert_int_eq(o.waiting, 2);		/* c, d */
	ck_assert_int_eq(o.failing, 1);		/* c */
	ck_assert_int_eq(o.refused, 1);		/* b */
	ck_assert_int_eq(o.sent, 1);		/* a */
	ck_assert_int_eq(o.oldest, 3000);
}
END_TEST

START_TEST(failing_mails_come_oldest_first_cut_whole_and_cleaned)
{
	struct db_outbox_failing	 f[2];
	char				 err[400];
	int64_t				 a, b;
	int				 n = -1, i;

	(void)outbox("ok@example.test", 1000);
	a = outbox("a@example.test", 1100);
	b = outbox("b@example.test", 1200);
	/* A server's answer of 300 bytes, two-byte characters, an escape. */
	strcpy(err, "451 \x1b[31mred");
	for (i = strlen(err); i < 300; i += 2)
		memcpy(err + i, "\xc3\xa4", 2);
	err[300] = '\0';
	ck_assert_int_eq(db_outbox_retry(db, b, 3, 9000, err), DB_OK);
	ck_assert_int_eq(db_outbox_retry(db, a, 1, 8000, "421 busy"), DB_OK);
	ck_assert_int_eq(db_stats_failing(db, f, 2, &n), DB_OK);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(f[0].id, a);
	ck_assert_str_eq(f[0].rcpt, "a@example.test");
	ck_assert_int_eq(f[0].attempts, 1);
	ck_assert_int_eq(f[0].next_try, 8000);
	ck_assert_str_eq(f[0].error, "421 busy");
	ck_assert_str_eq(f[0].game, "");
	ck_assert_int_eq(f[1].id, b);
	ck_assert_int_eq(f[1].attempts, 3);
	ck_assert(strncmp(f[1].error, "451 ?[31mred\xc3\xa4", 14) == 0);
	/* Cut to the field, never inside a character. */
	ck_assert_uint_lt(strlen(f[1].error), sizeof(f[1].error));
	ck_assert_uint_ge(strlen(f[1].error), sizeof(f[1].error) - 3);
	ck_assert_int_eq((unsigned char)f[1].error[strlen(f[1].error) - 1],
	    0xa4);
	/* At most max. */
	ck_assert_int_eq(db_stats_failing(db, f, 1, &n), DB_OK);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(f[0].id, a);
}
END_TEST

START_TEST(the_quarantine_is_counted_with_its_newest_held_mail)
{
	struct db_quarantine_stats	 q;
	int64_t				 i1, i2, i3, rel;

	ck_assert_int_eq(db_stats_quarantine(db, &q), DB_OK);
	ck_assert_int_eq(q.held, 0);
	ck_assert_int_eq(q.newest_id, 0);
	i1 = inbox("old@example.test", "quarantined", "failed 3 times", 100);
	i2 = inbox("eve\x07@example.test", "quarantined", "bad\nnews", 300);
	i3 = inbox("rel@example.test", "quarantined", "released", 400);
	(void)inbox("fine@example.test", "handled", NULL, 500);
	ck_assert_int_eq(db_quarantine_add(db, i1, "a", 1, 1, 100), DB_OK);
	ck_assert_int_eq(db_quarantine_add(db, i2, "b", 1, 1, 300), DB_OK);
	ck_assert_int_eq(db_quarantine_add(db, i3, "c", 1, 1, 400), DB_OK);
	ck_assert_int_eq(db_quarantine_release(db, 3, 450, &rel), DB_OK);
	ck_assert_int_eq(db_stats_quarantine(db, &q), DB_OK);
	ck_assert_int_eq(q.held, 2);
	ck_assert_int_eq(q.released, 1);
	ck_assert_int_eq(q.newest_id, 2);
	ck_assert_int_eq(q.newest, 300);
	ck_assert_str_eq(q.sender, "eve?@example.test");
	ck_assert_str_eq(q.reason, "bad?news");
}
END_TEST

START_TEST(the_last_mail_is_the_newest_inbox_row)
{
	time_t	 t = 0;

	ck_assert_int_eq(db_stats_last_mail(db, &t), DB_NONE);
	(void)inbox("a@example.test", "handled", NULL, 700);
	(void)inbox("b@example.test", "robot", NULL, 900);
	ck_assert_int_eq(db_stats_last_mail(db, &t), DB_OK);
	ck_assert_int_eq(t, 900);
}
END_TEST

/* ---- the store opened for reading only ---- */

START_TEST(a_read_only_store_reads_and_refuses_every_write)
{
	struct db	*ro = NULL;
	char		 why[256] = "";
	int64_t		 v = 0;

	ck_assert_int_eq(db_begin(db), DB_OK);
	ck_assert_int_eq(db_meta_set(db, "k", 7), DB_OK);
	ck_assert_int_eq(db_commit(db), DB_OK);
	ck_assert_msg(db_open_readonly(path, &ro, why, sizeof(why)) == DB_OK,
	    "%s", why);
	ck_assert_int_eq(db_meta_get(ro, "k", &v), DB_OK);
	ck_assert_int_eq(v, 7);
	/* Writes by the judge beside it are seen. */
	ck_assert_int_eq(db_begin(db), DB_OK);
	ck_assert_int_eq(db_meta_set(db, "k", 8), DB_OK);
	ck_assert_int_eq(db_commit(db), DB_OK);
	ck_assert_int_eq(db_meta_get(ro, "k", &v), DB_OK);
	ck_assert_int_eq(v, 8);
	ck_assert_int_ne(db_meta_set(ro, "k", 9), DB_OK);
	db_close(ro);
	ck_assert_int_eq(db_meta_get(db, "k", &v), DB_OK);
	ck_assert_int_eq(v, 8);
}
END_TEST

START_TEST(a_read_only_open_creates_nothing)
{
	struct db	*ro = NULL;
	char		 why[256] = "", gone[96];

	snprintf(gone, sizeof(gone), "%s-gone", path);
	ck_assert_int_eq(db_open_readonly(gone, &ro, why, sizeof(why)), DB_ERR);
	ck_assert_ptr_null(ro);
	ck_assert_msg(strstr(why, gone) != NULL, "why: %s", why);
	ck_assert_int_eq(access(gone, F_OK), -1);
}
END_TEST

START_TEST(a_read_only_open_refuses_another_schema_version)
{
	struct db	*ro = NULL;
	sqlite3		*h;
	char		 why[256] = "";
	int		 have = db_schema_version(db);

	db_close(db);
	db = NULL;
	ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(h, "PRAGMA user_version = 2", NULL, NULL,
	    NULL), SQLITE_OK);
	sqlite3_close(h);
	ck_assert_int_eq(db_open_readonly(path, &ro, why, sizeof(why)), DB_ERR);
	ck_assert_msg(strstr(why, "schema version 2") != NULL, "why: %s", why);
	ck_assert_msg(strstr(why, "migrates it first") != NULL, "why: %s", why);
	ck_assert_int_eq(sqlite3_open(path, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(h, "PRAGMA user_version = 999", NULL,
	    NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
	ck_assert_int_eq(db_open_readonly(path, &ro, why, sizeof(why)), DB_ERR);
	ck_assert_msg(strstr(why, "newer") != NULL, "why: %s", why);
	ck_assert_int_gt(have, 2);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("db/stats");
	TCase	*tc;

	tc = tcase_create("stats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc,
	    the_outbox_is_counted_by_state_with_its_oldest_waiting_mail);
	tcase_add_test(tc, failing_mails_come_oldest_first_cut_whole_and_cleaned);
	tcase_add_test(tc, the_quarantine_is_counted_with_its_newest_held_mail);
	tcase_add_test(tc, the_last_mail_is_the_newest_inbox_row);
	suite_add_tcase(s, tc);

	tc = tcase_create("read only");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_read_only_store_reads_and_refuses_every_write);
	tcase_add_test(tc, a_read_only_open_creates_nothing);
	tcase_add_test(tc, a_read_only_open_refuses_another_schema_version);
	suite_add_tcase(s, tc);
	return s;
}
