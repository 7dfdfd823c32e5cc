/*
 * test_cmd_rollback.c - adjudicator/judge/cmd_rollback.c: ROLLBACK takes
 * the game back one phase as a new phase row, keeps that phase's orders
 * without playing them again by itself, and stops at the first phase.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"

START_TEST(rollback_restores_the_phase_and_keeps_its_orders)
{
	char	*a;

	clock_game("g", "move=1h tz=" ZONE);
	mailf(ALICE, "SIGNON g alice-secret\nSETUP RPWS");
	mailf(BOB, "SIGNON g bob-secret\nSETUP SWPR");
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 2);
	drain();
	gm("g", "ROLLBACK");
	ck_assert_int_eq(phase_of("g"), 3);
	expect(GM, "Game g went back one phase", NULL);
	a = take(ALICE);
	ck_assert_msg(strstr(a, "took game g back one phase") != NULL, "%s", a);
	ck_assert_msg(strstr(a, "Both setups are revealed") == NULL, "%s", a);
	free(a);
	/* The orders are kept, but the phase is not run again by itself. */
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("g"), 3);
	gm("g", "PROCESS");
	ck_assert_int_eq(phase_of("g"), 4);
	expect(ALICE, "Both setups are revealed", NULL);
	/* Back twice: to the set-up, then nothing before it. */
	gm("g", "ROLLBACK\nROLLBACK");
	expect(GM, "went back one phase", "has no earlier phase", NULL);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_rollback");
	TCase	*tc;

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, rollback_restores_the_phase_and_keeps_its_orders);
	suite_add_tcase(s, tc);
	return s;
}
