/*
 * test_cmd_terminate.c - adjudicator/judge/cmd_terminate.c: TERMINATE
 * (issue 16), the GM's end of a running game. A Diplomacy game ends as it
 * stands, without a winner: every player and the GM get the final report
 * with the supply centres as the standings, the GM's note and the seed
 * revealed; orders are refused after it, a second TERMINATE too, and
 * ROLLBACK takes the game back. A game that cannot record the end
 * (weekeewachee) is over by the judge's row all the same, and its clock
 * plays nothing more. Only the GM may end a game, and only a running one.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

#define ENDED		"The game master ended game "
#define SEED_SHOWN	"Its random seed was "

static struct db_game
game_row(const char *g)
{
	struct db_game	 row;

	ck_assert_int_eq(db_game_get(F.db, g, &row), DB_OK);
	return row;
}

START_TEST(terminate_ends_a_diplomacy_game_with_the_standings_to_all)
{
	char	*r;
	int	 i, was;

	seven("gt", "");
	r = as_power(FRA, "gt", "A PAR - BUR");
	free(r);
	was = phase_of("gt");
	r = as_gm("gt", "TERMINATE");
	has(r, "Game gt is ended.");
	has(r, "The game master ended the game in 1901, without a winner.");
	has(r, ENDED "gt here.");
	has(r, SEED_SHOWN);
	free(r);
	ck_assert_int_eq(game_row("gt").status, DB_OVER);
	ck_assert_int_eq(game_row("gt").winner, GAME_NOBODY);
	ck_assert_int_eq(phase_of("gt"), was + 1);
	for (i = 0; i < 7; i++) {
		r = mine(i);
		has(r, "The game master ended the game in 1901");
		has(r, "France: 3 supply centres, 3 units.");
		has(r, ENDED "gt here.");
		has(r, SEED_SHOWN);
		/* The orders given were not played. */
		hasnt(r, "A PAR - BUR");
		free(r);
	}
	/* Nothing more is played or ended. */
	r = as_power(FRA, "gt", "A PAR H");
	has(r, "ERROR");
	free(r);
	r = as_gm("gt", "TERMINATE");
	has(r, "Game gt is not running.");
	free(r);
	/* ROLLBACK takes the game back to the phase it was ended in. */
	r = as_gm("gt", "ROLLBACK");
	hasnt(r, "ERROR");
	free(r);
	ck_assert_int_eq(game_row("gt").status, DB_RUNNING);
	r = as_power(FRA, "gt", "A PAR H");
	hasnt(r, "ERROR");
	free(r);
}
END_TEST

START_TEST(terminate_ends_a_game_that_cannot_record_it)
{
	char	*r;

	game("wt", "");
	r = as_gm("wt", "TERMINATE");
	has(r, "Game wt is ended.");
	has(r, SEED_SHOWN);
	free(r);
	ck_assert_int_eq(game_row("wt").status, DB_OVER);
	ck_assert_int_eq(game_row("wt").winner, GAME_NOBODY);
	r = take(ALICE);
	has(r, ENDED "wt here.");
	has(r, SEED_SHOWN);
	free(r);
	r = take(BOB);
	has(r, ENDED "wt here.");
	free(r);
	r = as(ALICE, "alice-secret", "wt", "SETUP RPWS");
	has(r, "ERROR");
	free(r);
}
END_TEST

START_TEST(only_the_gm_ends_a_running_game)
{
	char	*r;

	seven("gg", "");
	r = as_power(AUS, "gg", "TERMINATE");
	has(r, "ERROR");
	free(r);
	ck_assert_int_eq(game_row("gg").status, DB_RUNNING);
	create("gf", "");
	r = as_gm("gf", "TERMINATE");
	has(r, "Game gf is not running.");
	free(r);
	ck_assert_int_eq(game_row("gf").status, DB_FORMING);
}
END_TEST

/* A game with a clock is played no more after it ended. */
START_TEST(the_clock_plays_no_ended_game)
{
	char	*r;
	int	 ph;

	seven("gc", "move=1h approve=auto");
	r = as_gm("gc", "TERMINATE");
	hasnt(r, "ERROR");
	hasnt(r, "Deadline");
	free(r);
	drain();
	ph = phase_of("gc");
	F.env.now += 3 * 86400;
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("gc"), ph);
	ck_assert_int_eq(pending(), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_terminate");
	TCase	*tc = tcase_create("terminate");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc,
	    terminate_ends_a_diplomacy_game_with_the_standings_to_all);
	tcase_add_test(tc, terminate_ends_a_game_that_cannot_record_it);
	tcase_add_test(tc, only_the_gm_ends_a_running_game);
	tcase_add_test(tc, the_clock_plays_no_ended_game);
	suite_add_tcase(s, tc);
	return s;
}
