/*
 * test_cmd_summary.c - adjudicator/judge/cmd_summary.c: SUMMARY of a
 * seven-player game, addresses for the GM only, with its HISTORY; the
 * supply centres at the end of each year.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

/* The holding orders of every power but France, by player. */
static const char *const holds[7] = {
	"A BUD H, A VIE H, F TRI H", "A LVP H, F EDI H, F LON H", NULL,
	"A BER H, A MUN H, F KIE H", "A ROM H, A VEN H, F NAP H",
	"A MOS H, A WAR H, F SEV H, F STP/SC H", "A CON H, A SMY H, F ANK H"
};

START_TEST(history_and_summary_of_a_seven_player_game)
{
	char	*r;

	seven("his", "");
	r = as_power(ITA, "his", "BROADCAST\nPeace in our time.\nENDPRESS\n"
	    "HISTORY his");
	has(r, "=== S1901M (phase 1) ===");
	has(r, "Broadcast from Italy:");
	has(r, "  | Peace in our time.");
	free(r);
	mail("x@example.test", "SUMMARY his");
	r = take("x@example.test");
	has(r, "Game his (standard), running.");
	has(r, "Current phase: S1901M");
	has(r, "France: playing");
	hasnt(r, "<p2@example.test>");
	free(r);
	r = as_gm("his", "SUMMARY his");
	has(r, "France: playing <p2@example.test>");
	free(r);
}
END_TEST

/* France walks into Belgium while everyone else holds. */
START_TEST(summary_tabulates_centres_per_year)
{
	static const char *const fra[2] = {
		"A PAR - BUR, A MAR H, F BRE H",
		"A BUR - BEL, A MAR H, F BRE H"
	};
	char	*r;
	int	 y, i;

	seven("tal", "");
	for (y = 0; y < 2; y++)
		for (i = 0; i < 7; i++) {
			r = as_power(i, "tal", i == FRA ? fra[y] : holds[i]);
			hasnt(r, "ERROR");
			free(r);
		}
	mail("x@example.test", "SUMMARY tal");
	r = take("x@example.test");
	has(r, "Current phase: W1901A");
	has(r, "Supply centres at the end of each year:");
	has(r, "        Aus  Eng  Fra  Ger  Ita  Rus  Tur");
	has(r, "1900      3    3    3    3    3    4    3");
	has(r, "1901      3    3    4    3    3    4    3");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_summary");
	TCase	*tc;

	tc = tcase_create("seven_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, history_and_summary_of_a_seven_player_game);
	tcase_add_test(tc, summary_tabulates_centres_per_year);
	suite_add_tcase(s, tc);
	return s;
}
