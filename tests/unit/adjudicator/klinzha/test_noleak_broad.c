/*
 * test_noleak_broad.c - no report to a KlinZha player leaks what his view
 * does not hold (noleak.h), over 2000 more seeded games: reports, the
 * picture's cells and the legal lists compared, no PNG drawn.
 */
#include "tests/unit/adjudicator/klinzha/noleak.h"

#define GAMES_BROAD	2000	/* broad: reports, cells, legal lists */

START_TEST(reports_depend_on_the_view_alone_in_thousands_of_games)
{
	noleak_run(GAMES_BROAD, false, 0x6b6c7bULL, 30 * GAMES_BROAD);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/klinzha/noleak_broad");
	TCase	*t = tcase_create("noleak");

	tcase_set_timeout(t, 600);
	tcase_add_test(t, reports_depend_on_the_view_alone_in_thousands_of_games);
	suite_add_tcase(s, t);
	return s;
}
