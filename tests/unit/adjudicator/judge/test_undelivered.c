/*
 * test_undelivered.c - adjudicator/judge/undelivered.c: a mail of a game
 * that the SMTP server refused for good is told to the GM once, naming
 * the seat and the server's answer, and his STATUS lists it; a refused
 * mail to the GM himself, or of no game, is told to nobody.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/* Marks every queued mail to rcpt refused for good, with why. */
static int
refuse_all(const char *rcpt, const char *why)
{
	struct db_outbox_row	 rows[128];
	int			 n, i, done = 0;

	ck_assert_int_eq(db_outbox_due(F.db, F.env.now + 1, rows, 128, &n),
	    DB_OK);
	for (i = 0; i < n; i++) {
		if (strcmp(rows[i].rcpt, rcpt) == 0) {
			ck_assert_int_eq(db_outbox_failed(F.db, rows[i].id,
			    F.env.now, why), DB_OK);
			done++;
		}
		db_outbox_row_clear(&rows[i]);
	}
	return done;
}

START_TEST(the_gm_learns_once_that_a_players_mail_was_refused)
{
	char	*r;

	game("ud", "");
	mail(ALICE, "SIGNON ud alice-secret\nSETUP RPWS");
	ck_assert_int_ge(refuse_all(ALICE, "550 5.1.1 <alice@example.test>: "
	    "mailbox unknown"), 1);
	drain();
	judge_undelivered(&F.env);
	r = take(GM);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	has(r, "The mail server refused for good a mail of game ud to the "
	    "player of White (alice@example.test): \"550 5.1.1 "
	    "<alice@example.test>: mailbox unknown\"");
	has(r, "SET ADDRESS");
	free(r);
	/* Told once: a second round says nothing more, nor the next mails
	 * to the same dead address. */
	judge_undelivered(&F.env);
	ck_assert_int_eq(mails_to(GM), 0);
	mail(BOB, "SIGNON ud bob-secret\nSETUP RPWS");	/* reports to both */
	ck_assert_int_ge(refuse_all(ALICE, "550 gone"), 1);
	drain();
	judge_undelivered(&F.env);
	ck_assert_int_eq(mails_to(GM), 0);
	/* The GM's STATUS keeps the record; the players' does not. */
	r = as_gm("ud", "STATUS ud");
	has(r, "Refused for good by the mail server");
	has(r, "a mail to alice@example.test: \"550 5.1.1");
	free(r);
	mail(BOB, "SIGNON ud bob-secret\nSTATUS ud");
	r = take(BOB);
	hasnt(r, "Refused for good");
	hasnt(r, "alice@");
	free(r);
}
END_TEST

START_TEST(a_refused_mail_to_the_gm_or_of_no_game_is_told_to_nobody)
{
	game("ug", "");
	mail(GM, "STATUS ug");			/* the GM's own reply */
	mail(DAVE, "HELP");			/* a mail of no game */
	ck_assert_int_eq(refuse_all(GM, "550 gone"), 1);
	ck_assert_int_eq(refuse_all(DAVE, "550 gone"), 1);
	judge_undelivered(&F.env);
	ck_assert_int_eq(pending(), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/undelivered");
	TCase	*tc = tcase_create("judge");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, the_gm_learns_once_that_a_players_mail_was_refused);
	tcase_add_test(tc,
	    a_refused_mail_to_the_gm_or_of_no_game_is_told_to_nobody);
	suite_add_tcase(s, tc);
	return s;
}
