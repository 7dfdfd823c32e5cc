/*
 * test_cmd_clear.c - adjudicator/judge/cmd_clear.c: CLEAR withdraws the
 * sender's orders of the phase, so that the phase waits for new ones.
 * (The confirmation after a CLEAR is in test_orders.c.)
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

START_TEST(clear_withdraws_the_orders_of_the_phase)
{
	char	*r, *a;

	game("cl", "");
	r = as(ALICE, "alice-secret", "cl", "SETUP RPWS\nCLEAR");
	has(r, "All your orders for this phase are withdrawn");
	free(r);
	r = as(BOB, "bob-secret", "cl", "SETUP RPWS");
	hasnt(r, "Both setups are revealed");
	free(r);
	a = take(ALICE);
	hasnt(a, "Both setups are revealed");
	free(a);
	r = as(ALICE, "alice-secret", "cl", "SETUP RPWS");
	has(r, "Both setups are revealed");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_clear");
	TCase	*tc;

	tc = tcase_create("two_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, clear_withdraws_the_orders_of_the_phase);
	suite_add_tcase(s, tc);
	return s;
}
