/*
 * test_cmd_become.c - adjudicator/judge/cmd_become.c: BECOME, the GM's
 * orders for a power in a Blind-Fun game: once per mail, the power's
 * player gets the copy, and HISTORY says who gave the orders.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/* Who is to move in a running Blind-Fun game, from a report. */
static bool
white_to_move(const char *g)
{
	char	*r = as(ALICE, "alice-secret", g, "");
	bool	 w = strstr(r, "White to move.") != NULL;

	ck_assert_msg(w || strstr(r, "Black to move.") != NULL, "%s", r);
	free(r);
	return w;
}

START_TEST(become_orders_for_a_power_copy_its_player_and_mark_history)
{
	const char	*seat, *mover, *mpw, *order;
	char		 lines[128], *r, *p, *o;
	bool		 w;

	game("bc", "blind");
	w = white_to_move("bc");
	seat = w ? "White" : "Black";
	mover = w ? ALICE : BOB;
	mpw = w ? "alice-secret" : "bob-secret";
	order = w ? "b1-b2" : "b6-b5";
	snprintf(lines, sizeof(lines), "BECOME %s\n%s\nBECOME White", seat,
	    order);
	r = as_gm("bc", lines);
	has(r, "The rest of this mail speaks for");
	has(r, "Only one BECOME per mail");
	hasnt(r, "ERROR: It is not your turn");
	free(r);
	p = take(mover);
	has(p, "The game master acted for");
	has(p, order);
	free(p);
	o = as(w ? BOB : ALICE, w ? "bob-secret" : "alice-secret", "bc", "HISTORY bc");
	snprintf(lines, sizeof(lines), "The orders of %s in this phase were "
	    "given by the game master", seat);
	has(o, lines);
	free(o);
	(void)mpw;
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_become");
	TCase	*tc;

	tc = tcase_create("two_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc,
	    become_orders_for_a_power_copy_its_player_and_mark_history);
	suite_add_tcase(s, tc);
	return s;
}
