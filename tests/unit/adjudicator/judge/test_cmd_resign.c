/*
 * test_cmd_resign.c - adjudicator/judge/cmd_resign.c: RESIGN gives the
 * game up as a new phase row; in a two-player game the opponent wins and
 * the seed is revealed; it is a player's command, for a running game.
 */
#include "tests/unit/test.h"
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

START_TEST(a_resignation_ends_a_two_player_game)
{
	struct db_game	 g;
	char		*r;
	int		 was;

	two_players("res", false);
	drain();
	was = phase_of("res");
	mail(ALICE, "SIGNON res alicepw\nRESIGN");
	r = take(ALICE);
	has(r, "You resigned from game res.");
	has(r, "seed was");
	free(r);
	ck_assert_int_eq(db_game_get(F.db, "res", &g), DB_OK);
	ck_assert_int_eq(g.status, DB_OVER);
	ck_assert_int_eq(g.phase, was + 1);
	ck_assert_int_eq(g.winner, 1);		/* Bob, Black */
	r = take(BOB);			/* he reads German */
	has(r, "Zufallsstartwert war");
	free(r);
	/* Over: nothing left to resign. */
	mail(BOB, "SIGNON res bobpw\nRESIGN");
	r = take(BOB);
	has(r, "> RESIGN\r\n    FEHLER:");
	hasnt(r, "Sie haben die Partie res aufgegeben");
	free(r);
}
END_TEST

START_TEST(resign_is_a_players_command_for_a_running_game)
{
	char	*r, pw[32];

	mail(GM, "CREATE forming weekeewachee");
	r = take(GM);
	gm_password(r, pw, sizeof(pw));
	free(r);
	mailf(GM, "SIGNON forming %s\nRESIGN", pw);
	r = take(GM);
	has(r, "Only a player signed on to a game can use RESIGN");
	free(r);
	mail(ALICE, "JOIN forming alicepw\nRESIGN");
	r = take(ALICE);
	has(r, "> RESIGN\r\n    ERROR:");
	hasnt(r, "You resigned");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_resign");
	TCase	*tc = tcase_create("resign");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_resignation_ends_a_two_player_game);
	tcase_add_test(tc, resign_is_a_players_command_for_a_running_game);
	suite_add_tcase(s, tc);
	return s;
}
