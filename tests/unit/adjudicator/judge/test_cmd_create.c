/*
 * test_cmd_create.c - adjudicator/judge/cmd_create.c: CREATE by mail. The
 * clock's words are taken from the game's and confirmed; a game created
 * without them is played inside the mail, as before there was a clock;
 * options too long for the store are refused; a mistyped game is answered
 * with the game it was nearest (issue 16). (Which family each option
 * word belongs to is test_opts.c's.)
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"

START_TEST(create_strips_the_clock_words_and_confirms_them)
{
	char	*r;

	mailf(GM, "CREATE g1 weekeewachee blind move=1h grace=30m tz=" ZONE
	    " days=-MTWTF- at=20:00 cd");
	r = take(GM);
	ck_assert_ptr_nonnull(strstr(r, "Game g1 (weekeewachee) is created"));
	ck_assert_ptr_nonnull(strstr(r, "Deadlines: movement 1h, retreats 1d, "
	    "adjustments 1d; grace period 30m"));
	ck_assert_ptr_nonnull(strstr(r, "Time zone Europe/Berlin, days "
	    "-MTWTF-, deadlines at 20:00"));
	ck_assert_ptr_nonnull(strstr(r, "goes into civil disorder"));
	free(r);
	/* The game got its own word only. */
	mailf(GM, "LIST g1");
	expect(GM, "(blind)", NULL);
	mailf(GM, "CREATE g2 weekeewachee move=soon\nLIST g2");
	expect(GM, "The clock option \"move=soon\" is not valid",
	    "There is no game called g2", NULL);
	mailf(GM, "CREATE g3 weekeewachee tz=Mars/Olympus");
	expect(GM, "\"tz=Mars/Olympus\" is not valid", NULL);
}
END_TEST

START_TEST(a_game_without_clock_options_works_as_before)
{
	int		 before;
	char		*r;

	mailf(GM, "CREATE plain weekeewachee");
	r = take(GM);
	ck_assert_ptr_null(strstr(r, "Deadlines:"));
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	mailf(ALICE, "JOIN plain alice-secret");
	mailf(BOB, "JOIN plain bob-secret");
	expect_not(ALICE, "Deadline");
	drain();
	mailf(ALICE, "SIGNON plain alice-secret\nSETUP RPWS");
	mailf(BOB, "SIGNON plain bob-secret\nSETUP RPWS");
	/* Adjudicated inside the mail, without any tick. */
	expect(ALICE, "Both setups are revealed", NULL);
	drain();
	ck_assert_int_eq(judge_next_wake(&F.env), 0);
	before = pending();
	ck_assert_int_eq(judge_tick(&F.env), 0);
	ck_assert_int_eq(pending(), before);
	gm("plain", "APPROVE\nPAUSE");
	expect(GM, "Game plain has no deadlines", NULL);
}
END_TEST

/* Options too long for the store are refused, not kept cut. */
START_TEST(create_options_too_long_to_keep_are_refused)
{
	struct db_game	 g;
	struct buf	 b;
	char		*r;
	int		 i;

	buf_init(&b);
	buf_puts(&b, "CREATE longopts weekeewachee");
	for (i = 0; i < 17; i++)
		buf_puts(&b, " abcdefghijklmnopqrst");
	mail("gm@example.test", b.data);
	r = take("gm@example.test");
	has(r, "too long to be kept");
	free(r);
	ck_assert_int_eq(db_game_get(F.db, "longopts", &g), DB_NONE);
	buf_free(&b);
}
END_TEST

/* Issue 16: "CREATE g diplomcy" suggests diplomacy; a word near no game
 * is refused as before, without a guess. */
START_TEST(a_mistyped_game_is_answered_with_the_nearest)
{
	struct db_game	 g;
	char		*r;

	mail(GM, "CREATE g diplomcy\nCREATE h weekeewacheee\n"
	    "CREATE i chess");
	r = take(GM);
	has(r, "There is no game \"diplomcy\" on this judge. Did you mean "
	    "diplomacy?");
	has(r, "Did you mean weekeewachee?");
	has(r, "There is no game \"chess\" on this judge. Send HELP");
	ck_assert_int_eq(occurrences(r, "Did you mean"), 2);
	free(r);
	mail(GM, "SET LANGUAGE de\nCREATE j klinsha");
	r = take(GM);
	has(r, "Das Spiel \"klinsha\" gibt es bei diesem Schiedsrichter "
	    "nicht. Meinten Sie klinzha?");
	free(r);
	ck_assert_int_eq(db_game_get(F.db, "g", &g), DB_NONE);
	mail(GM, "CREATE g diplomacy");
	r = take(GM);
	has(r, "Game g (standard) is created");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_create");
	TCase	*tc;

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, create_strips_the_clock_words_and_confirms_them);
	tcase_add_test(tc, a_game_without_clock_options_works_as_before);
	suite_add_tcase(s, tc);

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, create_options_too_long_to_keep_are_refused);
	tcase_add_test(tc, a_mistyped_game_is_answered_with_the_nearest);
	suite_add_tcase(s, tc);
	return s;
}
