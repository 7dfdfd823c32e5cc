/*
 * test_cmd_setclock.c - adjudicator/judge/cmd_setclock.c: the GM changes the
 * clock of his game (issue 16): SET MOVE, SET RETREAT, SET ADJUST, SET
 * GRACE, SET DAYS and SET AT, by mail on a fake clock. A change is
 * announced to every player (in his language) and holds from the next
 * phase on, the current proposal staying; values are checked as CREATE
 * checks its clock words and a refused one changes nothing; only the GM,
 * only a game with a clock that is not over.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

START_TEST(set_move_is_announced_and_holds_from_the_next_phase)
{
	struct db_clock	 c0, c;

	clock_game("g", "move=1h tz=" ZONE);
	drain();
	c0 = clock_of("g");
	gm("g", "SET MOVE 48h");
	expect(GM, "The game master changed the clock of game g: movement "
	    "phases last 2d, from the next phase on.", NULL);
	expect(ALICE, "Subject: [pbemd] g: deadline", "movement phases last "
	    "2d, from the next phase on", NULL);
	expect(BOB, "Bewegungsphasen dauern 2d", NULL);
	c = clock_of("g");
	ck_assert_int_eq(c.secs[0], 48 * 3600);
	ck_assert_int_eq(c.proposed, c0.proposed);	/* this one stays */
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	mailf(BOB, "SIGNON g bob-secret\nSETUP RPWS");
	judge_tick(&F.env);
	c = clock_of("g");
	ck_assert_int_gt(c.phase, c0.phase);
	ck_assert_int_eq(c.proposed, c.started + 48 * 3600);
}
END_TEST

START_TEST(values_are_checked_as_create_checks_them)
{
	struct db_clock	 c0, c;

	clock_game("g", "move=1h tz=" ZONE);
	drain();
	c0 = clock_of("g");
	gm("g", "SET MOVE 61d\nSET RETREAT soon\nSET DAYS -------\n"
	    "SET AT 25:00\nSET GRACE x\nSET ADJUST 0");
	expect(GM, "\"move=61d\" is not valid", "\"retreat=soon\" is not "
	    "valid", "\"days=-------\" is not valid", "\"at=25:00\" is not "
	    "valid", "\"grace=x\" is not valid", "\"adjust=0\" is not valid",
	    NULL);
	expect_not(ALICE, "changed the clock");
	c = clock_of("g");
	ck_assert_int_eq(memcmp(c.secs, c0.secs, sizeof(c.secs)), 0);
	ck_assert_int_eq(c.grace, c0.grace);
	ck_assert_str_eq(c.days, c0.days);
	ck_assert_int_eq(c.at, -1);
	/* A morning clock time on afternoon-only days cannot hold. */
	gm("g", "SET AT 09:00\nSET DAYS smtwtfs");
	expect(GM, "deadlines are at 09:00", "\"days=smtwtfs\" is not valid",
	    NULL);
	ck_assert_int_eq(clock_of("g").at, 9 * 60);
	ck_assert_str_eq(clock_of("g").days, c0.days);
	gm("g", "SET AT ANY\nSET DAYS -MTWTF-\nSET GRACE 0\nSET RETREAT 2h\n"
	    "SET ADJUST 90m");
	expect(GM, "deadlines may fall at any time of day",
	    "deadlines fall on the days -MTWTF-",
	    "there is no grace period after a deadline",
	    "retreat phases last 2h", "adjustment phases last 1h30m", NULL);
	expect(BOB, "keine Nachfrist", NULL);
	c = clock_of("g");
	ck_assert_int_eq(c.at, -1);
	ck_assert_str_eq(c.days, "-MTWTF-");
	ck_assert_int_eq(c.grace, 0);
	ck_assert_int_eq(c.secs[1], 2 * 3600);
	ck_assert_int_eq(c.secs[2], 90 * 60);
	gm("g", "SET GRACE 12h\nSET MOVE");
	expect(GM, "the grace period after a deadline is 12h",
	    "Write SET MOVE 48h", NULL);
	ck_assert_int_eq(clock_of("g").grace, 12 * 3600);
}
END_TEST

START_TEST(only_the_gm_of_a_game_with_a_clock_changes_it)
{
	clock_game("g", "move=1h tz=" ZONE);
	drain();
	mailf(ALICE, "SIGNON g alice-secret\nSET MOVE 2h");
	expect(ALICE, "Only the game master", NULL);
	ck_assert_int_eq(clock_of("g").secs[0], 3600);
	gm("g", "TERMINATE\nSET MOVE 2h");
	expect(GM, "Game g is not running", NULL);
	ck_assert_int_eq(clock_of("g").secs[0], 3600);
	game("nc", "");
	gm("nc", "SET MOVE 2h");
	expect(GM, "Game nc has no deadlines", NULL);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_setclock");
	TCase	*tc;

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, set_move_is_announced_and_holds_from_the_next_phase);
	tcase_add_test(tc, values_are_checked_as_create_checks_them);
	tcase_add_test(tc, only_the_gm_of_a_game_with_a_clock_changes_it);
	suite_add_tcase(s, tc);
	return s;
}
