/*
 * test_cmd_press.c - adjudicator/judge/cmd_press.c: PRESS and BROADCAST by
 * mail. The sender's reply quotes the text sent. Private press reaches its
 * recipients only, with two seats and with seven; the GM gets a copy if
 * the game says so, grey press is anonymous; a broadcast goes to all and
 * into the history; a PRESS without ENDPRESS is not sent; a game without
 * press refuses the players' but not the GM's.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

START_TEST(private_press_reaches_only_its_recipient)
{
	char	*r, *b, *g;

	game("pp", "");
	r = as(ALICE, "alice-secret", "pp", "PRESS TO Black\nMeet me at c3.\n"
	    "  indented line\nENDPRESS\nb1-b2");
	has(r, "Sent to Black (2 lines).");
	/* Issue 16: the reply quotes the text sent, line by line, before
	 * it says where it went. */
	has(r, "> PRESS TO Black\r\n");
	has(r, "> Meet me at c3.\r\n>   indented line\r\n> ENDPRESS\r\n"
	    "    Sent to Black (2 lines).");
	free(r);
	b = take(BOB);
	has(b, "Press in game pp from White to Black:");
	has(b, "Meet me at c3.");
	has(b, "  indented line");
	hasnt(b, "ENDPRESS");
	hasnt(b, "alice@");
	hasnt(b, "Reply-To: alice");
	free(b);
	g = take(GM);
	hasnt(g, "Meet me");
	free(g);
}
END_TEST

START_TEST(gm_sees_press_and_grey_press_is_anonymous)
{
	char	*r, *b, *g;

	game("gp", "press=grey gm-sees-press");
	r = as(ALICE, "alice-secret", "gp", "PRESS TO B\nSecret plan.\nENDPRESS");
	has(r, "Sent to Black");
	free(r);
	b = take(BOB);
	has(b, "Press in game gp from anonymous to Black:");
	has(b, "Secret plan.");
	hasnt(b, "White");
	free(b);
	g = take(GM);
	has(g, "Copy for the game master: press in game gp from White");
	has(g, "Secret plan.");
	free(g);
	/* The judge's options are not the game's. */
	mail(DAVE, "LIST gp");
	r = take(DAVE);
	has(r, "press=grey gm-sees-press");
	free(r);
	mail(GM, "CREATE gq weekeewachee press=loud");
	r = take(GM);
	has(r, "The option \"press=loud\" has a value");
	free(r);
}
END_TEST

START_TEST(broadcast_goes_to_all_and_into_history)
{
	char	*r, *b, *g;

	game("bb", "");
	r = as(BOB, "bob-secret", "bb", "BROADCAST\nHello all.\nENDPRESS");
	has(r, "Sent to everybody");
	free(r);
	b = take(ALICE);
	has(b, "Press in game bb from Black to everybody:");
	has(b, "Hello all.");
	free(b);
	g = take(GM);
	has(g, "Hello all.");
	free(g);
	r = as(ALICE, "alice-secret", "bb", "HISTORY bb");
	has(r, "Broadcast from Black:");
	has(r, "  | Hello all.");
	free(r);
}
END_TEST

START_TEST(press_without_endpress_is_not_sent)
{
	char	*r, *b;

	game("ne", "");
	r = as(ALICE, "alice-secret", "ne", "PRESS TO Black\nI will go b1-b2\n"
	    "b1-b2");
	has(r, "the message was NOT sent");
	free(r);
	b = take(BOB);
	hasnt(b, "b1-b2");
	free(b);
	r = as(ALICE, "alice-secret", "ne", "PRESS TO White\nhi\nENDPRESS");
	has(r, "no recipient besides you");
	free(r);
	r = as(ALICE, "alice-secret", "ne", "PRESS TO Zebra\nhi\nENDPRESS");
	has(r, "\"Zebra\" names no power");
	free(r);
}
END_TEST

START_TEST(no_press_games_refuse_player_press_but_not_the_gm)
{
	char	*r, *b;

	game("np", "press=none");
	r = as(ALICE, "alice-secret", "np", "BROADCAST\nhi\nENDPRESS");
	has(r, "Game np is played without press");
	free(r);
	r = as_gm("np", "BROADCAST\nWelcome.\nENDPRESS");
	has(r, "Sent to everybody");
	free(r);
	b = take(BOB);
	has(b, "from the game master to everybody");
	free(b);
}
END_TEST

START_TEST(private_press_reaches_only_its_recipients)
{
	char	*r;
	int	 i;

	seven("prs", "");
	r = as_power(ENG, "prs",
	    "PRESS TO F,G\nLet us share Belgium.\nENDPRESS");
	has(r, "Sent to France, Germany (1 line)");
	free(r);
	for (i = 0; i < 7; i++) {
		r = mine(i);
		if (i == FRA || i == GER) {
			has(r, "Press in game prs from England to France, "
			    "Germany:");
			has(r, "Let us share Belgium.");
			hasnt(r, "p1@example.test");
		} else
			hasnt(r, "Belgium");
		free(r);
	}
	r = take(GM);
	hasnt(r, "Belgium");
	free(r);
	/* With gm-sees-press the GM gets a copy, and nobody else more. */
	drain();
	seven("prg", "gm-sees-press");
	free(as_power(TUR, "prg", "PRESS TO Russia\nBlack Sea?\nENDPRESS"));
	r = take(GM);
	has(r, "Copy for the game master: press in game prg from Turkey to "
	    "Russia:");
	free(r);
	for (i = 0; i < 7; i++) {
		r = mine(i);
		if (i == RUS)
			has(r, "Black Sea?");
		else
			hasnt(r, "Black Sea?");
		free(r);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_press");
	TCase	*tc;

	tc = tcase_create("two_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, private_press_reaches_only_its_recipient);
	tcase_add_test(tc, gm_sees_press_and_grey_press_is_anonymous);
	tcase_add_test(tc, broadcast_goes_to_all_and_into_history);
	tcase_add_test(tc, press_without_endpress_is_not_sent);
	tcase_add_test(tc, no_press_games_refuse_player_press_but_not_the_gm);
	suite_add_tcase(s, tc);

	tc = tcase_create("seven_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, private_press_reaches_only_its_recipients);
	suite_add_tcase(s, tc);
	return s;
}
