/*
 * test_phase.c - adjudicator/judge/phase.c: one loader of a phase's state,
 * one error policy. A state that does not load is a broken invariant: the
 * sender is told the game is left alone, the mail is still handled, and
 * his other games go on. Before the judge's layers, HISTORY and SUMMARY
 * skipped such a phase in silence (and swallowed a store error). The
 * start report of a white-press game says who plays which power (issue
 * 16), to the players and the GM; grey and no press do not, nor does an
 * observer's.
 */
#include "tests/unit/test.h"
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"

#define ROSTER	"Who plays which seat"

/* Overwrites the stored state of game g's current phase with garbage. */
static void
break_state(const char *g)
{
	sqlite3	*db;
	char	*sql;

	ck_assert_int_eq(sqlite3_open(F.path, &db), SQLITE_OK);
	sqlite3_busy_timeout(db, 5000);
	sql = sqlite3_mprintf("UPDATE phases SET state = 'no such state' "
	    "WHERE game_id = (SELECT id FROM games WHERE name = %Q) AND "
	    "no = (SELECT phase FROM games WHERE name = %Q)", g, g);
	ck_assert_int_eq(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	ck_assert_int_eq(sqlite3_changes(db), 1);
	sqlite3_free(sql);
	sqlite3_close(db);
}

START_TEST(a_state_that_does_not_load_is_said_and_the_other_games_go_on)
{
	char	*r;
	int	 was;

	two_players("broken", false);
	two_players("fine", false);
	drain();
	break_state("broken");
	was = phase_of("fine");
	mail(BOB, "SIGNON fine bob-secret\nSETUP RPWS");
	mail(ALICE, "SIGNON broken alice-secret\nSETUP RPWS\nHISTORY broken\n"
	    "SIGNON fine alice-secret\nSETUP RPWS");
	r = take(ALICE);
	has(r, "> SETUP RPWS\r\n    ERROR: The stored state of game broken "
	    "cannot be read");
	has(r, "> HISTORY broken\r\n\r\n    ERROR: The stored state of game "
	    "broken cannot be read");
	has(r, "Signed on to game fine");
	free(r);
	ck_assert_int_eq(phase_of("fine"), was + 1);
	/* SUMMARY says it too, where it kept quiet before. */
	mail(CAROL, "SUMMARY broken");
	r = take(CAROL);
	has(r, "The stored state of game broken cannot be read");
	free(r);
}
END_TEST

/* seven_kind() with an observer and without draining, so the start
 * reports stay queued; returns the GM's reply to START (owned). */
static char *
seven_started(const char *g, const char *opts)
{
	char	 a[32], cmd[96], lines[1024] = "";
	int	 i;

	create(g, opts);
	snprintf(cmd, sizeof(cmd), "OBSERVE %s", g);
	mail("eve@example.test", cmd);
	for (i = 0; i < 7; i++) {
		addr(i, a, sizeof(a));
		snprintf(cmd, sizeof(cmd), "JOIN %s pass%d%d%d%d", g, i, i, i,
		    i);
		mail(a, cmd);
		snprintf(lines + strlen(lines), sizeof(lines) - strlen(lines),
		    "ASSIGN %s %s\n", power[i], a);
	}
	drain();
	strlcpy_(lines + strlen(lines), "START", sizeof(lines) - strlen(lines));
	return as_gm(g, lines);
}

START_TEST(a_white_press_start_report_says_who_plays_which_power)
{
	char	*r;

	r = seven_started("gw", "");
	has(r, "- Italy: p4@example.test");
	free(r);
	r = mine(FRA);
	has(r, ROSTER);
	has(r, "- Austria: p0@example.test");
	has(r, "- France: p2@example.test");
	has(r, "- Turkey: p6@example.test");
	free(r);
	r = take("eve@example.test");
	has(r, "You observe this game");
	hasnt(r, ROSTER);
	hasnt(r, "p0@example.test");
	free(r);
	/* The later reports do not repeat it. */
	free(as_gm("gw", "PROCESS"));
	r = mine(FRA);
	has(r, "Fall 1901");
	hasnt(r, ROSTER);
	free(r);
}
END_TEST

START_TEST(grey_and_no_press_keep_the_players_hidden)
{
	char	*r;

	free(seven_started("gg", "press=grey"));
	r = mine(FRA);
	has(r, "SHA-256");
	hasnt(r, ROSTER);
	hasnt(r, "p0@example.test");
	free(r);
	drain();
	free(seven_started("gn", "press=none"));
	r = mine(ENG);
	has(r, "SHA-256");
	hasnt(r, ROSTER);
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/phase");
	TCase	*tc = tcase_create("load");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc,
	    a_state_that_does_not_load_is_said_and_the_other_games_go_on);
	suite_add_tcase(s, tc);
	tc = tcase_create("start");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc,
	    a_white_press_start_report_says_who_plays_which_power);
	tcase_add_test(tc, grey_and_no_press_keep_the_players_hidden);
	suite_add_tcase(s, tc);
	return s;
}
