/*
 * test_njudge.c - adjudicator/judge/njudge.c by mail: each command of
 * njudge this judge does not offer is answered with what to do instead,
 * in the reader's language (issue 16); only in njudge's form, so
 * everyday lines that begin with the same word are not; and the commands
 * both judges share stay this judge's.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/* A line, and the answer it must get (after "ERROR: "). */
static const struct {
	const char	*line;
	const char	*answer;
} rows[] = {
	{ "PHASE Fall 1905 Movement", "PHASE: this judge takes no orders "
	    "for later phases" },
	{ "PREDICT", "PREDICT: this judge has no prediction. Send your "
	    "orders and read the reply" },
	{ "DIARY RECORD", "DIARY: this judge keeps no diary" },
	{ "SET PREFERENCE E[FGR][TAI]", "SET PREFERENCE: name the powers "
	    "you wish for when you join: JOIN <name> <password> F,E,G" },
	{ "set preferences FEG", "SET PREFERENCES: name the powers" },
	{ "GET info", "GET: this judge sends no files" },
	{ "WHO GAME alpha", "WHO GAME: SUMMARY <name> shows a game's powers" },
	{ "WHOGAME alpha FULL", "WHOGAME: SUMMARY <name>" },
	{ "WHO IS bob@example.test", "WHO IS: this judge keeps no directory "
	    "of players" },
	{ "WHOIS bob@example.test", "WHOIS: this judge keeps no directory" },
	{ "REGISTER", "REGISTER: this judge needs no registration. Join a "
	    "game with JOIN" },
	{ "I AM ALSO bob@work.example", "I AM ALSO: this judge knows each "
	    "address on its own" },
	{ "INFO PLAYER bob@example.test", "INFO PLAYER: this judge keeps no "
	    "ratings" },
	{ "VERSION", "VERSION: this judge is pbemd" },
	{ "SET DRAW", "SET DRAW: a draw vote is an order here: write DRAW" },
	{ "SET NO DRAW", "SET NO DRAW: a draw vote is an order here" },
	{ "SET CONCEDE France", "SET CONCEDE: this judge has no concessions" },
	{ "SET VACATION 2026-12-20", "SET VACATION: here it is SET ABSENCE" },
	{ "SET HOLIDAY", "SET HOLIDAY: here it is SET ABSENCE" },
	{ "WITHDRAW", "WITHDRAW: here it is RESIGN" },
	{ "POSTAL PRESS", "POSTAL PRESS: press is delivered at once here" },
	{ "FORCE BEGIN", "FORCE BEGIN: a game starts here when every seat is "
	    "taken" },
	{ "UNSTART", "UNSTART: a started game cannot go back" },
	{ "PROMOTE carol@example.test", "PROMOTE: a game has one game master "
	    "here" },
	{ "SET ALL PRESS", "SET ALL PRESS: the game master gets copies of "
	    "private press when the game is created with the option "
	    "gm-sees-press" },
	{ "SET MODERATED", "SET MODERATED: every game here has its game "
	    "master" },
};

START_TEST(each_njudge_command_is_answered_with_what_to_do)
{
	char	 want[512], *r;

	mail(ALICE, rows[_i].line);
	r = take(ALICE);
	snprintf(want, sizeof(want), "> %s\r\n    ERROR: %s", rows[_i].line,
	    rows[_i].answer);
	has(r, want);
	hasnt(r, "is not a command");
	free(r);
}
END_TEST

START_TEST(the_answers_are_in_the_readers_language)
{
	char	*r;

	mail(ALICE, "SET LANGUAGE de\nPREDICT\nSET PREFERENCE FEG\nWHO IS x");
	r = take(ALICE);
	has(r, "> PREDICT\r\n    FEHLER: PREDICT: eine Vorhersage gibt es bei "
	    "diesem Schiedsrichter nicht.");
	has(r, "SET PREFERENCE: Ihre Wunschmächte nennen Sie beim Beitritt");
	has(r, "WHO IS: ein Verzeichnis der Spieler");
	free(r);
}
END_TEST

/*
 * Only njudge's form is answered so: a mail program's footer or a
 * question that begins with the same word is no njudge command.
 */
START_TEST(everyday_lines_are_no_njudge_command)
{
	char	*r;

	mail(ALICE, "Who is playing France?\nGET\nversion 2\nPhase");
	r = take(ALICE);
	has(r, "> Who is playing France?\r\n    ERROR: \"Who\" is not a "
	    "command, and");
	has(r, "> GET\r\n    ERROR: \"GET\" is not a command, and");
	has(r, "> version 2\r\n    ERROR: \"version\" is not a command, and");
	/* PHASE takes any words, even none. */
	has(r, "> Phase\r\n    ERROR: PHASE: this judge takes no orders");
	free(r);
	mail(ALICE, "Get Outlook for iOS");
	r = take(ALICE);
	has(r, "> Get Outlook for iOS\r\n    ignored:");
	free(r);
}
END_TEST

/*
 * After SIGNON too; the commands both judges share (SET WAIT, SET
 * PASSWORD, HISTORY) stay this judge's, and SET's other words still get
 * SET's usage.
 */
START_TEST(shared_commands_stay_this_judges)
{
	char	*r;

	game("nj", "");
	r = as(ALICE, "alice-secret", "nj", "SET PREFERENCE W\nSET WAIT\n"
	    "SET FOO\nPREDICT\nb1-b2");
	has(r, "> SET PREFERENCE W\r\n    ERROR: SET PREFERENCE: name the "
	    "powers");
	has(r, "> SET WAIT\r\n    ERROR: Game nj has no deadlines");
	has(r, "> SET FOO\r\n    ERROR: SET knows these settings");
	has(r, "> PREDICT\r\n    ERROR: PREDICT: this judge has no "
	    "prediction");
	free(r);
}
END_TEST

/* HELP names them, and says how lines that are no command are read. */
START_TEST(help_names_them_in_both_languages)
{
	char	*r;

	mail(ALICE, "HELP");
	r = take(ALICE);
	has(r, "Commands of njudge this judge does not offer are answered with "
	    "what to do instead: PHASE, PREDICT, DIARY, SET PREFERENCE, GET, "
	    "WHO GAME, WHO IS, REGISTER, I AM ALSO");
	has(r, "(APROVE: \"Did you mean APPROVE?\")");
	free(r);
	mail(ALICE, "SET LANGUAGE de\nHELP");
	r = take(ALICE);
	has(r, "Befehle von njudge, die dieser Schiedsrichter nicht anbietet");
	has(r, "(APROVE: \"Meinten Sie APPROVE?\")");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/njudge");
	TCase	*tc;

	tc = tcase_create("njudge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, each_njudge_command_is_answered_with_what_to_do,
	    0, (int)(sizeof(rows) / sizeof(rows[0])));
	tcase_add_test(tc, the_answers_are_in_the_readers_language);
	tcase_add_test(tc, everyday_lines_are_no_njudge_command);
	tcase_add_test(tc, shared_commands_stay_this_judges);
	tcase_add_test(tc, help_names_them_in_both_languages);
	suite_add_tcase(s, tc);
	return s;
}
