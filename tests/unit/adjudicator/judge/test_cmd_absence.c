/*
 * test_cmd_absence.c - adjudicator/judge/cmd_absence.c: SET ABSENCE moves
 * the judge's proposal off the days a player is away and tells the GM, or
 * warns him of a deadline he approved; its limits; SET NOABSENCE.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"

START_TEST(an_absence_moves_the_proposal_and_tells_the_gm)
{
	struct db_clock	 c;
	struct deadline_span day;
	char		 day_text[16];
	struct tm	 tm;

	clock_game("g", "move=1d at=20:00 tz=" ZONE);
	drain();
	c = clock_of("g");
	tz_local(c.proposed, ZONE, &tm, NULL, 0);
	snprintf(day_text, sizeof(day_text), "%04d-%02d-%02d",
	    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	ck_assert_int_eq(deadline_parse_day(day_text, ZONE, &day), 0);
	ck_assert(c.proposed >= day.from && c.proposed <= day.to);
	mailf(BOB, "SIGNON g bob-secret\nSET ABSENCE %s", day_text);
	expect(BOB, "Notiert", NULL);
	expect(GM, "Black will be away from game g", "The judge now proposes",
	    NULL);
	expect(ALICE, "The judge now proposes", NULL);
	ck_assert_int_eq(clock_of("g").proposed, c.proposed + 86400);
	mailf(BOB, "SIGNON g bob-secret\nSET ABSENCE 2026-12-01 TO 2026-12-31\n"
	    "SET ABSENCE 2026-12-02 2026-12-01\nSET NOABSENCE");
	expect(BOB, "höchstens 15 Tage", "SET ABSENCE jjjj-mm-tt",
	    "gelöscht", NULL);
	/* Approved deadlines stay: the GM is warned instead. */
	gm("g", "APPROVE");
	drain();
	c = clock_of("g");
	tz_local(c.deadline, ZONE, &tm, NULL, 0);
	snprintf(day_text, sizeof(day_text), "%04d-%02d-%02d",
	    tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
	mailf(ALICE, "SIGNON g alice-secret\nSET ABSENCE %s", day_text);
	expect(GM, "White will be away", "The current deadline", NULL);
	ck_assert_int_eq(clock_of("g").deadline, c.deadline);
}
END_TEST

/*
 * Issue "The judge in layers": the proposal reads at most four absences a
 * seat; a fifth one not over is refused, not silently left out.
 */
START_TEST(a_fifth_absence_is_refused_until_the_others_are_cleared)
{
	clock_game("g", "move=1d tz=" ZONE);
	drain();
	mail(ALICE, "SIGNON g alice-secret\nSET ABSENCE 2026-12-01\n"
	    "SET ABSENCE 2026-12-03\nSET ABSENCE 2026-12-05\n"
	    "SET ABSENCE 2026-12-07\nSET ABSENCE 2026-12-09");
	expect(ALICE, "You have announced four absences already", NULL);
	mail(ALICE, "SIGNON g alice-secret\nSET NOABSENCE\nSET ABSENCE 2026-12-09");
	expect_not(ALICE, "four absences");
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_absence");
	TCase	*tc;

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, an_absence_moves_the_proposal_and_tells_the_gm);
	tcase_add_test(tc,
	    a_fifth_absence_is_refused_until_the_others_are_cleared);
	suite_add_tcase(s, tc);
	return s;
}
