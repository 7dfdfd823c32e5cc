/*
 * test_noleak.c - no report to a KlinZha player leaks what his view does
 * not hold (noleak.h): 100 seeded games, every order list and a batch of
 * near misses put to the parser, every 7th report drawn as a PNG.
 */
#include "tests/unit/adjudicator/klinzha/noleak.h"

#define GAMES		100	/* deep: parser probes and PNGs */

START_TEST(reports_depend_on_the_view_alone)
{
	noleak_run(GAMES, true, 0x6b6c7aULL, 3000);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/klinzha/noleak");
	TCase	*t = tcase_create("noleak");

	tcase_set_timeout(t, 600);
	tcase_add_test(t, reports_depend_on_the_view_alone);
	suite_add_tcase(s, t);
	return s;
}
