/*
 * test_cmd_process.c - adjudicator/judge/cmd_process.c: PROCESS, the GM's
 * order to play the phase now: refused while the game cannot go on, and
 * when it names another phase; a mail of two PROCESS lines plays two
 * phases, and the GM's reply and every player's mail hold both reports.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

START_TEST(process_runs_the_phase_now_and_guards_its_phase)
{
	clock_game("g", "move=1h tz=" ZONE);
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS\nSET WAIT");
	drain();
	/* Black has no set-up: the game refuses, and says why. */
	gm("g", "PROCESS");
	expect(GM, "ERROR", NULL);
	ck_assert_int_eq(phase_of("g"), 1);
	mailf(BOB, "SIGNON g bob-secret\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);	/* White waits */
	gm("g", "PROCESS S1901M");
	expect(GM, "nothing was processed", NULL);
	gm("g", "PROCESS");
	ck_assert_int_eq(phase_of("g"), 2);
	expect(GM, "Game g was processed", "The game master had the phase "
	    "processed", NULL);
	expect(ALICE, "The game master had the phase processed",
	    "Both setups", NULL);
}
END_TEST

/*
 * The GM's reply to a mail of several PROCESS lines carries the report of
 * every phase it played, not only of the last.
 */
START_TEST(a_gm_processing_two_phases_gets_both_reports)
{
	char	*r, *first, *second;

	seven("gp", "move=1h retreat=1h adjust=1h");
	r = as_gm("gp", "PROCESS\nPROCESS");
	hasnt(r, "ERROR");
	first = strstr(r, "Spring 1901");
	second = strstr(r, "Fall 1901");
	ck_assert_msg(first != NULL && second != NULL && first < second,
	    "%s", r);
	free(r);
	/* Every player got both reports, one mail each. */
	r = mine(FRA);
	has(r, "Spring 1901");
	has(r, "Fall 1901");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_process");
	TCase	*tc;

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, process_runs_the_phase_now_and_guards_its_phase);
	suite_add_tcase(s, tc);

	tc = tcase_create("seven_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, a_gm_processing_two_phases_gets_both_reports);
	suite_add_tcase(s, tc);
	return s;
}
