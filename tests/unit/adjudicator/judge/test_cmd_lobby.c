/*
 * test_cmd_lobby.c - adjudicator/judge/cmd_lobby.c: ASSIGN and START in a
 * game of seven seats (standard Diplomacy), after JOINs with wishes: a
 * game starts only when the GM says so, and his ASSIGNs win over wishes.
 * (EJECT is exercised with TAKEOVER in test_cmd_takeover.c; that only the
 * GM may use these is the command table's, in test_judge.c.)
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

START_TEST(wishes_assignment_and_the_gms_start)
{
	static const char *const join[7] = {
		"F,E,G", "Austria Russia", "GAI de", "", "R", "T", "I"
	};
	char	 a[32], cmd[96], *r;
	int	 i;

	create("sev", "");
	mail("x@example.test", "JOIN sev pwxxxxxx Xyz");
	r = take("x@example.test");
	has(r, "\"Xyz\" names no power of this game. The powers are: Austria, "
	    "England, France, Germany, Italy, Russia, Turkey.");
	free(r);
	for (i = 0; i < 7; i++) {
		addr(i, a, sizeof(a));
		snprintf(cmd, sizeof(cmd), "JOIN sev pass%d%d%d%d %s", i, i, i, i,
		    join[i]);
		mail(a, cmd);
		r = take(a);
		hasnt(r, "ERROR");
		if (i == 0)
			has(r, "your wishes, in this order: France, England, "
			    "Germany");
		if (i == 2)
			has(r, "Ihre Wünsche, in dieser Reihenfolge: "
			    "Deutschland, Österreich, Italien");
		if (i == 3) {
			has(r, "without wishes");
			free(r);
			r = as_gm("sev", "START");
			has(r, "Game sev cannot start yet: seats taken 4/7");
		}
		free(r);
	}
	mail("x@example.test", "JOIN sev pwxxxxxx");
	r = take("x@example.test");
	has(r, "Every seat of game sev is taken");
	free(r);
	r = take(GM);
	has(r, "All 7 seats of game sev are taken");
	free(r);
	/* Nothing has started by itself; a player cannot start it. */
	r = as_power(0, "sev", "START\nA PAR - BUR");
	has(r, "Signed on to game sev. The powers are given out when");
	has(r, "Only the game master");
	has(r, "has not started yet");
	free(r);
	r = as_gm("sev", "ASSIGN France p3@example.test\n"
	    "ASSIGN F p4@example.test\nASSIGN France nobody@example.test\n"
	    "START");
	has(r, "France goes to p3@example.test when the game starts");
	has(r, "France is given to p3@example.test already");
	has(r, "nobody@example.test has not joined game sev");
	has(r, "France: p3@example.test");
	has(r, "England: p0@example.test");
	has(r, "Austria: p1@example.test");
	has(r, "Germany: p2@example.test");
	has(r, "Russia: p4@example.test");
	has(r, "Turkey: p5@example.test");
	has(r, "Italy: p6@example.test");
	has(r, "SHA-256");
	free(r);
	r = mine(0);
	has(r, "You play England.");
	free(r);
	r = mine(2);
	has(r, "Sie spielen Deutschland.");
	free(r);
	r = as_power(3, "sev", "");
	has(r, "Signed on to game sev as France");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_lobby");
	TCase	*tc;

	tc = tcase_create("seven_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, wishes_assignment_and_the_gms_start);
	suite_add_tcase(s, tc);
	return s;
}
