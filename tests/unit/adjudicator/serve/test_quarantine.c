/*
 * test_quarantine.c - adjudicator/serve/quarantine.c, `pbemd quarantine`
 * (issue 13, point 6): a mail that keeps failing is kept whole; the
 * operator lists it, shows it and retries it. A released mail is handled
 * as if it came now, its real reply sent, not taken for a duplicate of
 * itself; a retry that fails again keeps it held and tells the sender
 * nothing. The failing mail is made by a trigger in the store (another
 * connection, as the operator's command is beside the daemon) that
 * refuses the game it creates: a fault of what the mail asks, not of the
 * store, so it counts toward quarantine.
 */
#include "tests/unit/test.h"
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/serve/intake.h"
#include "adjudicator/serve/quarantine.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

#define MAX_FAILURES	3

/* What one step of `pbemd quarantine` wrote, and its exit status. */
struct said {
	char	*out;
	char	*err;
	int	 rc;
};

/* Runs one SQL text on the store through a connection of its own. */
static void
sql(const char *text)
{
	sqlite3	*h;
	char	*err = NULL;

	ck_assert_int_eq(sqlite3_open(F.path, &h), SQLITE_OK);
	ck_assert_msg(sqlite3_exec(h, text, NULL, NULL, &err) == SQLITE_OK,
	    "%s: %s", text, err ? err : "?");
	sqlite3_close(h);
}

/* The text of one value a query on the store returns; owned. */
static char *
sql_text(const char *query)
{
	sqlite3		*h;
	sqlite3_stmt	*st;
	char		*v;

	ck_assert_int_eq(sqlite3_open(F.path, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_prepare_v2(h, query, -1, &st, NULL),
	    SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
	v = xstrdup(sqlite3_column_text(st, 0) ?
	    (const char *)sqlite3_column_text(st, 0) : "(null)");
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

/* Creating the game "poison" fails (a bug the mail runs into), or not. */
static void
poison(bool on)
{
	sql(on ? "CREATE TRIGGER poison BEFORE INSERT ON games WHEN "
	    "NEW.name = 'poison' BEGIN SELECT RAISE(ABORT, 'poisoned'); END" :
	    "DROP TRIGGER poison");
}

/* Alice's mail that creates the game poison, with a Message-ID of id. */
static char *
poison_mail(const char *id)
{
	struct buf	 b;

	buf_init(&b);
	buf_printf(&b, "From: Alice <%s>\r\nTo: judge@example.test\r\n"
	    "Message-ID: <%s>\r\nSubject: a new game\r\n\r\n"
	    "CREATE poison weekeewachee\r\n", ALICE, id);
	return buf_steal(&b);
}

/*
 * The mail comes (uid 0: by pbemd deliver) until it is quarantined: it
 * fails MAX_FAILURES times, and the next attempt sets it aside.
 */
static void
until_quarantined(const char *raw, uint32_t uid)
{
	int	 i;

	for (i = 0; i < MAX_FAILURES; i++)
		ck_assert_int_eq(intake_mail(&F.env, raw, strlen(raw), uid ? 9 :
		    0, uid, false, MAX_FAILURES), INTAKE_RETRY);
	ck_assert_int_eq(intake_mail(&F.env, raw, strlen(raw), uid ? 9 : 0,
	    uid, false, MAX_FAILURES), INTAKE_DONE);
}

/* One step of the command over the fixture's store. */
static struct said
run(enum quarantine_verb verb, int64_t id)
{
	struct said	 s;
	size_t		 olen, elen;
	FILE		*out, *err;

	out = open_memstream(&s.out, &olen);
	err = open_memstream(&s.err, &elen);
	ck_assert_ptr_nonnull(out);
	ck_assert_ptr_nonnull(err);
	F.env.now++;
	switch (verb) {
	case QUARANTINE_LIST:
		s.rc = quarantine_list(F.db, out, err);
		break;
	case QUARANTINE_SHOW:
		s.rc = quarantine_show(F.db, id, out, err);
		break;
	default:
		s.rc = quarantine_retry(&F.env, id, out, err);
		break;
	}
	fclose(out);
	fclose(err);
	return s;
}

static void
said_free(struct said *s)
{
	free(s->out);
	free(s->err);
}

START_TEST(a_mail_that_keeps_failing_is_kept_whole_and_listed)
{
	struct said	 s;
	char		*raw = poison_mail("poison.1@example.test"), *r;

	poison(true);
	until_quarantined(raw, 7);
	r = take(ALICE);
	has(r, "set aside");
	free(r);

	s = run(QUARANTINE_LIST, 0);
	ck_assert_int_eq(s.rc, 0);
	has(s.out, "ID\tRECEIVED (UTC)\tSENDER\tMESSAGE-ID\tREASON\n");
	has(s.out, "\n1\t2023-11-14 22:13:20\talice@example.test\t"
	    "<poison.1@example.test>\tfailed repeatedly\n");
	said_free(&s);

	s = run(QUARANTINE_SHOW, 1);
	ck_assert_int_eq(s.rc, 0);
	has(s.out, "Quarantine:  1\n");
	has(s.out, "Received:    2023-11-14 22:13:20 UTC (IMAP, UIDVALIDITY 9 "
	    "UID 7)\n");
	has(s.out, "Sender:      alice@example.test\n");
	has(s.out, "Reason:      failed repeatedly\n");
	/* The mail itself, byte for byte, at the end. */
	ck_assert_uint_ge(strlen(s.out), strlen(raw));
	ck_assert_str_eq(s.out + strlen(s.out) - strlen(raw), raw);
	said_free(&s);

	/* The server's copy again: it is held, not handled nor answered. */
	ck_assert_int_eq(intake_mail(&F.env, raw, strlen(raw), 9, 7, true,
	    MAX_FAILURES), INTAKE_DONE);
	ck_assert_int_eq(pending(), 0);
	free(raw);
}
END_TEST

/*
 * By pbemd deliver the mail exists nowhere but in the store; the MTA tries
 * again and is answered "done" without a reply. The operator fixes the
 * fault and retries: the game is created, Alice gets the real reply, and
 * a later copy is then a duplicate of a handled mail.
 */
START_TEST(a_released_mail_is_handled_not_answered_duplicate)
{
	struct said	 s;
	char		*raw = poison_mail("poison.2@example.test"), *r, *row;
	struct db_game	 g;
	int		 count;

	poison(true);
	until_quarantined(raw, 0);
	drain();
	ck_assert_int_eq(intake_mail(&F.env, raw, strlen(raw), 0, 0, false,
	    MAX_FAILURES), INTAKE_DONE);
	ck_assert_int_eq(pending(), 0);

	poison(false);
	s = run(QUARANTINE_RETRY, 1);
	ck_assert_msg(s.rc == 0, "rc %d: %s%s", s.rc, s.out, s.err);
	has(s.out, "Quarantine 1: handled");
	said_free(&s);
	r = take(ALICE);
	has(r, "Game poison (weekeewachee) is created");
	hasnt(r, "set aside");
	free(r);
	ck_assert_int_eq(db_game_get(F.db, "poison", &g), DB_OK);
	ck_assert_int_eq(db_failure_get(F.db, "msgid:poison.2@example.test",
	    &count), DB_NONE);
	row = sql_text("SELECT outcome || ': ' || note FROM inbox");
	ck_assert_str_eq(row, "handled: failed repeatedly; released from "
	    "quarantine");
	free(row);

	s = run(QUARANTINE_LIST, 0);
	ck_assert_str_eq(s.out, "No mail is held in quarantine.\n");
	said_free(&s);
	s = run(QUARANTINE_SHOW, 1);
	ck_assert_int_eq(s.rc, 0);
	has(s.out, "Released:    2023-11-14 22:13:2");
	said_free(&s);
	s = run(QUARANTINE_RETRY, 1);
	ck_assert_int_eq(s.rc, 66);
	has(s.err, "released already");
	said_free(&s);

	/* Now handled: the MTA's next copy is a duplicate, not answered. */
	ck_assert_int_eq(intake_mail(&F.env, raw, strlen(raw), 0, 0, false,
	    MAX_FAILURES), INTAKE_DONE);
	ck_assert_int_eq(pending(), 0);
	free(raw);
}
END_TEST

START_TEST(a_retry_that_fails_again_keeps_the_mail_and_tells_nobody)
{
	struct said	 s;
	char		*raw = poison_mail("poison.3@example.test"), *r;

	poison(true);
	until_quarantined(raw, 8);
	drain();
	s = run(QUARANTINE_RETRY, 1);
	ck_assert_int_eq(s.rc, 65);
	has(s.out, "Quarantine 1: failed again");
	said_free(&s);
	ck_assert_int_eq(pending(), 0);
	s = run(QUARANTINE_LIST, 0);
	has(s.out, "\tfailed repeatedly (retried 1 time, in vain)\n");
	said_free(&s);
	s = run(QUARANTINE_SHOW, 1);
	has(s.out, "Retries:     1 in vain, the last at 2023-11-14 22:13:21 "
	    "UTC: store error");
	hasnt(s.out, "Released:");
	said_free(&s);

	poison(false);
	s = run(QUARANTINE_RETRY, 1);
	ck_assert_int_eq(s.rc, 0);
	said_free(&s);
	r = take(ALICE);
	has(r, "Game poison (weekeewachee) is created");
	free(r);
	free(raw);
}
END_TEST

/* A mail without a sender: kept for the operator, unreadable still. */
START_TEST(an_unreadable_mail_is_kept_and_stays_unreadable)
{
	static const char raw[] = "Subject: no sender\r\n\r\nLIST\r\n";
	struct said	 s;

	ck_assert_int_eq(intake_mail(&F.env, raw, sizeof(raw) - 1, 9, 9,
	    false, MAX_FAILURES), INTAKE_UNREADABLE);
	s = run(QUARANTINE_LIST, 0);
	has(s.out, "\n1\t2023-11-14 22:13:20\t-\t-\t");
	said_free(&s);
	s = run(QUARANTINE_SHOW, 1);
	has(s.out, "Sender:      -\n");
	has(s.out, "\n\nSubject: no sender\r\n\r\nLIST\r\n");
	said_free(&s);
	s = run(QUARANTINE_RETRY, 1);
	ck_assert_int_eq(s.rc, 65);
	has(s.out, "still unreadable");
	said_free(&s);
	ck_assert_int_eq(pending(), 0);
	s = run(QUARANTINE_LIST, 0);
	has(s.out, "(retried 1 time, in vain)");
	said_free(&s);

	/* An empty mail is an empty text, kept as well. */
	ck_assert_int_eq(intake_mail(&F.env, "", 0, 9, 12, false,
	    MAX_FAILURES), INTAKE_UNREADABLE);
	s = run(QUARANTINE_SHOW, 2);
	ck_assert_int_eq(s.rc, 0);
	has(s.out, "Size:        0 bytes\n\n");
	said_free(&s);
}
END_TEST

/* Kept cut (only a mail from IMAP can be larger than deliver takes). */
START_TEST(a_mail_kept_cut_says_so)
{
	static const char raw[] = "Subject: huge\r\n\r\nLIST\r\n";
	struct judge_raw text = { raw, 10, 100000000 };
	struct said	 s;

	ck_assert_int_eq(judge_quarantine(&F.env, NULL, 9, 10, "test",
	    &text), JUDGE_HANDLED);
	s = run(QUARANTINE_SHOW, 1);
	has(s.out, "Size:        100000000 bytes, of which only the first 10 "
	    "were kept\n");
	ck_assert_str_eq(s.out + strlen(s.out) - 11, "Subject: h\n");
	said_free(&s);
	s = run(QUARANTINE_RETRY, 1);
	has(s.out, "only the first 10 of its 100000000 bytes were kept");
	said_free(&s);
}
END_TEST

START_TEST(an_unknown_mail_is_said_so)
{
	struct said	 s;

	s = run(QUARANTINE_LIST, 0);
	ck_assert_int_eq(s.rc, 0);
	ck_assert_str_eq(s.out, "No mail is held in quarantine.\n");
	said_free(&s);
	s = run(QUARANTINE_SHOW, 5);
	ck_assert_int_eq(s.rc, 66);
	has(s.err, "no mail 5 in quarantine");
	said_free(&s);
	s = run(QUARANTINE_RETRY, 5);
	ck_assert_int_eq(s.rc, 66);
	said_free(&s);
}
END_TEST

/*
 * The daemon holds the store's write lock longer than the busy timeout:
 * the retry is refused as temporary, and the mail stays held as it was.
 */
START_TEST(a_busy_store_leaves_the_mail_held)
{
	struct said	 s;
	sqlite3		*h;
	char		*raw = poison_mail("poison.4@example.test"), *n;

	poison(true);
	until_quarantined(raw, 11);
	poison(false);
	drain();
	ck_assert_int_eq(sqlite3_open(F.path, &h), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL),
	    SQLITE_OK);
	s = run(QUARANTINE_RETRY, 1);
	ck_assert_int_eq(s.rc, 75);
	has(s.err, "try again later");
	said_free(&s);
	sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close(h);
	n = sql_text("SELECT count(*) FROM quarantine WHERE released IS NULL "
	    "AND retries = 0");
	ck_assert_str_eq(n, "1");
	free(n);
	s = run(QUARANTINE_RETRY, 1);
	ck_assert_int_eq(s.rc, 0);
	said_free(&s);
	free(raw);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/serve/quarantine");
	TCase	*t = tcase_create("quarantine");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_set_timeout(t, 60);
	tcase_add_test(t, a_mail_that_keeps_failing_is_kept_whole_and_listed);
	tcase_add_test(t, a_released_mail_is_handled_not_answered_duplicate);
	tcase_add_test(t,
	    a_retry_that_fails_again_keeps_the_mail_and_tells_nobody);
	tcase_add_test(t, an_unreadable_mail_is_kept_and_stays_unreadable);
	tcase_add_test(t, a_mail_kept_cut_says_so);
	tcase_add_test(t, an_unknown_mail_is_said_so);
	tcase_add_test(t, a_busy_store_leaves_the_mail_held);
	suite_add_tcase(s, t);
	return s;
}
