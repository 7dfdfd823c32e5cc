/*
 * test_cmd_observers.c - adjudicator/judge/cmd_observe.c and observers.c:
 * OBSERVE (issue 16). An observer of a Diplomacy game gets every report
 * (as "You observe this game", without the GM's hints), the
 * announcements to the whole game and the broadcasts, never private
 * press; MAP answers him; UNOBSERVE, SIGNOFF <game> end it; WATCH is
 * OBSERVE. A forming game's observer gets the start report, in the
 * language he asked for. Refused: games that hide something (Blind-Fun),
 * games whose GM said observers=no, the game's own players and GM, games
 * that are over, more than a game may hold. OBSERVE is bounded per mail
 * and per hour like JOIN. Each mail to an observer counts as an answer
 * to his address: past the hour's limit none goes.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/seven_seats_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

#define EVE	"eve@example.test"
#define ZOE	"zoe@example.test"

/* Every power's holding orders: the phase is played (with a clock, by
 * the tick, early). */
static void
all_hold(const char *g)
{
	int	 i;

	for (i = 0; i < 7; i++)
		free(as_power(i, g, P[i].hold));
	judge_tick(&F.env);
}

START_TEST(an_observer_gets_the_public_mail_and_no_private_press)
{
	char	*r;

	seven("go", "move=1h");
	mail(EVE, "OBSERVE go");
	r = take(EVE);
	has(r, "You observe game go now");
	free(r);
	/* Private press reaches its recipient only. */
	free(as_power(FRA, "go", "PRESS TO Germany\nLet us share Belgium.\n"
	    "ENDPRESS"));
	r = take(EVE);
	hasnt(r, "Belgium");
	free(r);
	r = mine(GER);
	has(r, "Let us share Belgium.");
	free(r);
	/* A broadcast and an announcement to the game reach him. */
	free(as_power(ITA, "go", "BROADCAST\nPeace in our time.\nENDPRESS"));
	free(as_gm("go", "APPROVE"));
	r = take(EVE);
	has(r, "Peace in our time.");
	has(r, "The game master approved the deadline of game go");
	free(r);
	/* The report of the phase, as an observer reads it. */
	all_hold("go");
	r = take(EVE);
	has(r, "You observe this game");
	has(r, "Italy: A VEN H");
	has(r, "Deadline");
	hasnt(r, "Send APPROVE");
	hasnt(r, "You are the game master");
	free(r);
	/* MAP answers him with the report of his own, a mail of its own. */
	mail(EVE, "MAP go");
	r = take(EVE);
	has(r, "goes to your address in a mail of its own");
	has(r, "You observe this game");
	has(r, "filename=\"go-S1901M.png\"");
	free(r);
	/* UNOBSERVE ends it: nothing more comes. */
	mail(EVE, "UNOBSERVE go\nUNOBSERVE go");
	r = take(EVE);
	has(r, "You no longer observe game go");
	has(r, "You do not observe game go");
	free(r);
	free(as_power(ITA, "go", "BROADCAST\nAnyone there?\nENDPRESS"));
	all_hold("go");
	ck_assert_int_eq(mails_to(EVE), 0);
	mail(EVE, "MAP go");
	r = take(EVE);
	has(r, "Only the players, the game master and the observers of go");
	free(r);
}
END_TEST

START_TEST(watch_and_signoff_game_are_observe_and_unobserve)
{
	char	*r;

	seven("gw", "");
	mail(EVE, "WATCH gw\nWATCH gw");
	r = take(EVE);
	has(r, "You observe game gw now");
	has(r, "You observe game gw already");
	free(r);
	mail(EVE, "SIGNOFF gw\nOBSERVE gw");
	r = take(EVE);
	has(r, "You no longer observe game gw");
	hasnt(r, "You observe game gw now");	/* not read after SIGNOFF */
	free(r);
	all_hold("gw");
	ck_assert_int_eq(mails_to(EVE), 0);
	/* SIGNOFF with a word that is no game of his is SIGNOFF. */
	mail(EVE, "SIGNOFF thanks");
	r = take(EVE);
	hasnt(r, "ERROR");
	free(r);
}
END_TEST

START_TEST(a_forming_game_s_observer_gets_the_start_in_his_language)
{
	char	 a[32], cmd[96], lines[1024] = "";
	char	*r;
	int	 i;

	create("gf", "");
	mail(EVE, "OBSERVE gf de");
	r = take(EVE);
	has(r, "Sie beobachten jetzt die Partie gf");
	has(r, "Berichte beginnen mit dem Start");
	free(r);
	for (i = 0; i < 7; i++) {
		addr(i, a, sizeof(a));
		snprintf(cmd, sizeof(cmd), "JOIN gf pass%d%d%d%d", i, i, i, i);
		mail(a, cmd);
		snprintf(lines + strlen(lines), sizeof(lines) - strlen(lines),
		    "ASSIGN %s %s\n", power[i], a);
	}
	strlcpy_(lines + strlen(lines), "START", sizeof(lines) - strlen(lines));
	free(as_gm("gf", lines));
	r = take(EVE);
	has(r, "Sie beobachten diese Partie");
	has(r, "SHA-256");
	free(r);
}
END_TEST

START_TEST(observers_are_refused_where_they_would_see_too_much)
{
	char	*r;

	two_players("blind", true);
	drain();
	mail(EVE, "OBSERVE blind");
	r = take(EVE);
	has(r, "hides part of the position from its players");
	free(r);
	create("closed", "observers=no");
	mail(EVE, "OBSERVE closed");
	r = take(EVE);
	has(r, "does not allow observers");
	free(r);
	mail(GM, "CREATE bad standard observers=maybe");
	r = take(GM);
	has(r, "ERROR");
	free(r);
	seven("mine", "");
	mail("p2@example.test", "OBSERVE mine");
	r = take("p2@example.test");
	has(r, "You play in game mine or lead it");
	free(r);
	mail(GM, "OBSERVE mine\nOBSERVE nosuch\nOBSERVE mine fr");
	r = take(GM);
	has(r, "You play in game mine or lead it");
	has(r, "nosuch");
	has(r, "not \"fr\"");
	free(r);
	free(as_gm("mine", "TERMINATE"));
	mail(EVE, "OBSERVE mine");
	r = take(EVE);
	has(r, "Game mine is over");
	free(r);
}
END_TEST

START_TEST(a_game_holds_at_most_its_observers)
{
	char	 a[48], *r;
	int	 i;

	create("gm", "");
	for (i = 0; i < 32; i++) {
		snprintf(a, sizeof(a), "o%d@example.test", i);
		mail(a, "OBSERVE gm");
	}
	drain();
	mail(EVE, "OBSERVE gm");
	r = take(EVE);
	has(r, "Game gm has 32 observers already");
	free(r);
	/* One who observes already is told so, not refused. */
	mail("o3@example.test", "OBSERVE gm");
	r = take("o3@example.test");
	has(r, "You observe game gm already");
	free(r);
}
END_TEST

/* A subscription to a game's mail is bounded as a JOIN is: three a mail,
 * joins_per_hour an hour. */
START_TEST(observe_is_bounded_per_mail_and_per_hour)
{
	char	*r;

	F.env.joins_per_hour = 5;
	create("ga", "");
	create("gb", "");
	create("gc", "");
	create("gd", "");
	mail(EVE, "OBSERVE ga\nWATCH gb\nOBSERVE gc\nOBSERVE ga\nOBSERVE gd");
	r = take(EVE);
	has(r, "You observe game ga now");
	has(r, "You observe game gb now");
	has(r, "You observe game gc now");
	has(r, "You observe game ga already");
	has(r, "OBSERVE is done at most 3 times per mail");
	hasnt(r, "You observe game gd");
	free(r);
	mail(EVE, "OBSERVE gd\nWATCH gd");
	r = take(EVE);
	has(r, "You observe game gd now");
	has(r, "WATCH is done at most 5 times per hour for one address");
	free(r);
}
END_TEST

/* Every mail to an observer counts as an answer to his address. */
START_TEST(an_observer_s_mail_counts_against_his_answers)
{
	char	*r;

	F.env.answers_per_hour = 3;
	seven("gl", "");
	mail(ZOE, "OBSERVE gl");	/* answer 1 */
	drain();
	free(as_power(ITA, "gl", "BROADCAST\nOne.\nENDPRESS"));	/* 2 */
	free(as_power(ITA, "gl", "BROADCAST\nTwo.\nENDPRESS"));	/* 3 */
	free(as_power(ITA, "gl", "BROADCAST\nThree.\nENDPRESS"));
	all_hold("gl");
	r = take(ZOE);
	has(r, "One.");
	has(r, "Two.");
	hasnt(r, "Three.");
	hasnt(r, "You observe this game");
	free(r);
	/* An hour later he reads again. */
	F.env.now += 3700;
	all_hold("gl");
	r = take(ZOE);
	has(r, "You observe this game");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_observe");
	TCase	*tc = tcase_create("observe");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 300);
	tcase_add_test(tc,
	    an_observer_gets_the_public_mail_and_no_private_press);
	tcase_add_test(tc, watch_and_signoff_game_are_observe_and_unobserve);
	tcase_add_test(tc,
	    a_forming_game_s_observer_gets_the_start_in_his_language);
	tcase_add_test(tc, observers_are_refused_where_they_would_see_too_much);
	tcase_add_test(tc, a_game_holds_at_most_its_observers);
	tcase_add_test(tc, observe_is_bounded_per_mail_and_per_hour);
	tcase_add_test(tc, an_observer_s_mail_counts_against_his_answers);
	suite_add_tcase(s, tc);
	return s;
}
