/*
 * test_cmd_wait.c - adjudicator/judge/cmd_wait.c: SET WAIT holds the phase
 * until its deadline though every order is in; SET NOWAIT (or SET NO
 * WAIT) undoes it; it holds one phase only.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"

START_TEST(set_wait_holds_the_phase_until_its_deadline)
{
	struct db_clock	 c;

	clock_game("g", "move=1h grace=1h tz=" ZONE);
	gm("g", "APPROVE");
	drain();
	mailf(ALICE, "SIGNON g alice-secret\nSET WAIT\nSETUP RPWS");
	expect(ALICE, "will not be processed before its deadline", NULL);
	mailf(BOB, "SIGNON g bob-secret\nSETUP RPWS");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);
	/* SET NOWAIT and SET WAIT again: still waiting. */
	mailf(ALICE, "SIGNON g alice-secret\nSET NOWAIT\nSET NO WAIT\nSET WAIT");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 1);
	c = clock_of("g");
	F.env.now = c.deadline;
	drain();
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	expect(ALICE, "processed at its deadline", "Both setups", NULL);
	/* WAIT held one phase only. */
	ck_assert_int_eq(clock_of("g").phase, 2);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_wait");
	TCase	*tc;

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, set_wait_holds_the_phase_until_its_deadline);
	suite_add_tcase(s, tc);
	return s;
}
