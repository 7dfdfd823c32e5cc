/*
 * test_backoff.c - common/backoff.c: the retry schedule and the earlier of
 * two times, as pure functions of their arguments.
 */
#include "tests/unit/test.h"
#include <limits.h>

#include "common/backoff.h"

START_TEST(backoff_is_zero_before_the_first_failure)
{
	ck_assert_int_eq(backoff_delay(0, 5, 600), 0);
	ck_assert_int_eq(backoff_delay(-1, 5, 600), 0);
	ck_assert_int_eq(backoff_delay(INT_MIN, 5, 600), 0);
}
END_TEST

START_TEST(backoff_starts_at_base_and_doubles)
{
	ck_assert_int_eq(backoff_delay(1, 5, 600), 5);
	ck_assert_int_eq(backoff_delay(2, 5, 600), 10);
	ck_assert_int_eq(backoff_delay(3, 5, 600), 20);
	ck_assert_int_eq(backoff_delay(4, 5, 600), 40);
	ck_assert_int_eq(backoff_delay(7, 5, 600), 320);
	ck_assert_int_eq(backoff_delay(1, 60, 3600), 60);
	ck_assert_int_eq(backoff_delay(6, 60, 3600), 1920);
}
END_TEST

START_TEST(backoff_is_capped)
{
	ck_assert_int_eq(backoff_delay(8, 5, 600), 600);	/* 640 */
	ck_assert_int_eq(backoff_delay(9, 5, 600), 600);
	ck_assert_int_eq(backoff_delay(7, 60, 3600), 3600);	/* 3840 */
	/* A cap exactly on the schedule is reached, not passed. */
	ck_assert_int_eq(backoff_delay(4, 5, 40), 40);
	ck_assert_int_eq(backoff_delay(5, 5, 40), 40);
	/* A base above the cap gives the cap at once. */
	ck_assert_int_eq(backoff_delay(1, 900, 600), 600);
}
END_TEST

START_TEST(backoff_never_overflows)
{
	int	 a;

	ck_assert_int_eq(backoff_delay(31, 5, 600), 600);
	ck_assert_int_eq(backoff_delay(64, 5, 600), 600);
	ck_assert_int_eq(backoff_delay(1000, 5, 600), 600);
	ck_assert_int_eq(backoff_delay(INT_MAX, 5, 600), 600);
	/* The largest cap there is: doubling goes past INT_MAX internally. */
	ck_assert_int_eq(backoff_delay(40, 1, INT_MAX), INT_MAX);
	ck_assert_int_eq(backoff_delay(INT_MAX, 3, INT_MAX), INT_MAX);
	ck_assert_int_eq(backoff_delay(31, 1, INT_MAX), 1 << 30);
	/* Never negative, never above the cap, never decreasing. */
	for (a = 1; a < 200; a++) {
		int	 t = backoff_delay(a, 7, 86400);

		ck_assert_msg(t > 0 && t <= 86400, "attempt %d: %d", a, t);
		ck_assert_msg(t >= backoff_delay(a - 1, 7, 86400),
		    "attempt %d: %d is less than before", a, t);
	}
}
END_TEST

START_TEST(earliest_picks_the_earlier_and_ignores_none)
{
	ck_assert_int_eq(backoff_earliest(0, 0), 0);
	ck_assert_int_eq(backoff_earliest(0, 100), 100);
	ck_assert_int_eq(backoff_earliest(100, 0), 100);
	ck_assert_int_eq(backoff_earliest(100, 200), 100);
	ck_assert_int_eq(backoff_earliest(200, 100), 100);
	ck_assert_int_eq(backoff_earliest(100, 100), 100);
	ck_assert_int_eq(backoff_earliest(1700000000, 1700000001), 1700000000);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("common/backoff");
	TCase	*tc;

	tc = tcase_create("delay");
	tcase_add_test(tc, backoff_is_zero_before_the_first_failure);
	tcase_add_test(tc, backoff_starts_at_base_and_doubles);
	tcase_add_test(tc, backoff_is_capped);
	tcase_add_test(tc, backoff_never_overflows);
	suite_add_tcase(s, tc);

	tc = tcase_create("earliest");
	tcase_add_test(tc, earliest_picks_the_earlier_and_ignores_none);
	suite_add_tcase(s, tc);
	return s;
}
