/*
 * test_phase.c - adjudicator/judge/phase.c: one loader of a phase's state,
 * one error policy. A state that does not load is a broken invariant: the
 * sender is told the game is left alone, the mail is still handled, and
 * his other games go on. Before the judge's layers, HISTORY and SUMMARY
 * skipped such a phase in silence (and swallowed a store error).
 */
#include "tests/unit/test.h"
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

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

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/phase");
	TCase	*tc = tcase_create("load");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc,
	    a_state_that_does_not_load_is_said_and_the_other_games_go_on);
	suite_add_tcase(s, tc);
	return s;
}
