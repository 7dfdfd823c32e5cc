/*
 * test_cmd_resign.c - adjudicator/judge/cmd_resign.c: RESIGN gives the
 * game up as a new phase row; in a two-player game the opponent wins and
 * the seed is revealed; it is a player's command, for a running game. In a
 * game that goes on it is an event inside the phase: the clock keeps its
 * approved deadline, grace and marks, and the others get a short notice.
 */
#include "tests/unit/test.h"
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge.h"
#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

START_TEST(a_resignation_ends_a_two_player_game)
{
	struct db_game	 g;
	char		*r;
	int		 was;

	two_players("res", false);
	drain();
	was = phase_of("res");
	mail(ALICE, "SIGNON res alice-secret\nRESIGN");
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
	mail(BOB, "SIGNON res bob-secret\nRESIGN");
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
	mail(ALICE, "JOIN forming alice-secret\nRESIGN");
	r = take(ALICE);
	has(r, "> RESIGN\r\n    ERROR:");
	hasnt(r, "You resigned");
	free(r);
}
END_TEST

/* The flags row of seat in game g. */
static struct db_clock_seat
flags_of(const char *g, int seat)
{
	struct db_clock_seat	 cs[GAME_MAX_SEATS], f = { seat, -1, -1, false };
	struct db_game		 game;
	int			 n, i;

	ck_assert_int_eq(db_game_get(F.db, g, &game), DB_OK);
	ck_assert_int_eq(db_clock_seats(F.db, game.id, cs, GAME_MAX_SEATS, &n),
	    DB_OK);
	for (i = 0; i < n; i++)
		if (cs[i].seat == seat)
			f = cs[i];
	return f;
}

START_TEST(a_resignation_inside_a_phase_keeps_the_clock)
{
	struct db_clock	 before, after;
	char		*r;
	int		 was;

	seven("rs", "move=72h grace=24h tz=" ZONE);
	free(as_gm("rs", "APPROVE"));
	free(as_power(GER, "rs", "SET WAIT"));
	free(as_power(FRA, "rs", "A PAR - BUR\nA MAR - XYZ"));
	drain();
	before = clock_of("rs");
	ck_assert(before.deadline != 0);
	was = phase_of("rs");
	ck_assert_int_eq(flags_of("rs", FRA).error_phase, was);
	F.env.now += 3600;
	r = as_power(ENG, "rs", "RESIGN");
	has(r, "You resigned from game rs.");
	free(r);
	/* A new phase row of the same phase: the clock goes on as it was. */
	ck_assert_int_eq(phase_of("rs"), was + 1);
	after = clock_of("rs");
	ck_assert_int_eq(after.phase, was + 1);
	ck_assert_int_eq(after.deadline, before.deadline);
	ck_assert_int_eq(after.grace_end, before.grace_end);
	ck_assert_int_eq(after.proposed, before.proposed);
	ck_assert_int_eq(after.started, before.started);
	ck_assert_int_eq(after.sent, before.sent);
	ck_assert_int_eq(flags_of("rs", GER).wait_phase, was + 1);
	ck_assert_int_eq(flags_of("rs", FRA).error_phase, was + 1);
	/* The others hear it in one short notice, not a new report. */
	ck_assert_int_eq(mails_to("p3@example.test"), 1);
	r = mine(FRA);
	ck_assert_int_eq(occurrences(r, "Message-ID:"), 1);
	has(r, "England resigned from game rs. Nothing else changes");
	hasnt(r, "proposes");
	hasnt(r, "Deadline proposed");
	free(r);
	r = take(GM);
	has(r, "England resigned from game rs.");
	free(r);
	/* France's orders stay given. */
	r = as_power(FRA, "rs", "F BRE H");
	has(r, "order: A PAR - BUR");
	free(r);
	/* A tick changes nothing: the deadline is still ahead. */
	judge_tick(&F.env);
	ck_assert_int_eq(phase_of("rs"), was + 1);
	ck_assert_int_eq(clock_of("rs").deadline, before.deadline);
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
	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, a_resignation_inside_a_phase_keeps_the_clock);
	suite_add_tcase(s, tc);
	return s;
}
