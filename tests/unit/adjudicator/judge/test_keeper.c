/*
 * test_keeper.c - adjudicator/judge/keeper.c, the judgekeeper role (issue
 * 17), and what it opens by mail: STATUS alone gives a keeper the judge's
 * overview (the text of `pbemd status`) before his games as their GM,
 * LIST ALL the overview's table of every game; anyone else gets the
 * ordinary answers. The address that counts is the one the reply goes
 * to, so a forged From: opens nothing; a German keeper reads German.
 */
#include "tests/unit/test.h"

#include "adjudicator/judge/keeper.h"
#include "tests/unit/adjudicator/judge/clock_fixture.h"

#define KEEPER	"ops@example.test"

START_TEST(keepers_are_matched_whole_and_without_case)
{
	struct judge_env	 env;

	memset(&env, 0, sizeof(env));
	ck_assert(!judge_keeper(&env, KEEPER));
	env.keepers = "ops@example.test, Root@Example.TEST\t third@x.test";
	ck_assert(judge_keeper(&env, "ops@example.test"));
	ck_assert(judge_keeper(&env, "OPS@example.test"));
	ck_assert(judge_keeper(&env, "root@example.test"));
	ck_assert(judge_keeper(&env, "third@x.test"));
	ck_assert(!judge_keeper(&env, "ops@example.tes"));
	ck_assert(!judge_keeper(&env, "xops@example.test"));
	ck_assert(!judge_keeper(&env, "ops@example.test, Root@Example.TEST"));
	ck_assert(!judge_keeper(&env, "third@x"));
	ck_assert(!judge_keeper(&env, ""));
	ck_assert(!judge_keeper(&env, NULL));
}
END_TEST

/* A running game with a clock, a forming one, a terminated one. */
static void
games(void)
{
	char	*r;

	clock_game("clocked", "move=1h");
	gm("clocked", "APPROVE");
	drain();
	mail(GM, "CREATE lobby weekeewachee");
	drain();
	clock_game("ended", "");
	gm("ended", "TERMINATE");
	r = take(GM);
	has(r, "Game ended is ended.");
	free(r);
	drain();
	F.env.keepers = "someone@example.test " KEEPER;
}

START_TEST(a_keeper_s_status_is_the_judge_s_overview)
{
	char	*r;

	games();
	mail(KEEPER, "STATUS");
	r = take(KEEPER);
	has(r, "> STATUS\r\n"
	    "    Judge judge@example.test at ");
	has(r, "\r\n\r\n    Games\r\n"
	    "      waiting for players  1\r\n"
	    "      running              1\r\n"
	    "      finished             1\r\n");
	has(r, "\r\n\r\n    Running games\r\n"
	    "      GAME     KIND          STATE    PHASE   DEADLINE\r\n"
	    "      clocked  weekeewachee  running  move 0  ");
	has(r, "\r\n\r\n    Outbox\r\n      waiting  ");
	has(r, "\r\n\r\n    Quarantine\r\n      held      0\r\n");
	has(r, "\r\n\r\n    Mail and clock\r\n      last mail  ");
	/* He leads no game: no word about it. */
	hasnt(r, "game master of no game");
	hasnt(r, "ERROR");
	free(r);
}
END_TEST

START_TEST(a_keeper_who_leads_games_reads_them_after_the_overview)
{
	char	*r;

	games();
	F.env.keepers = GM;
	mail(GM, "STATUS");
	r = take(GM);
	has(r, "    Running games\r\n");
	/* After the overview's last line, an empty one. */
	has(r, "      last tick  never (serve and tick run the clock)\r\n"
	    "\r\n    You are the game master of these games:\r\n");
	ck_assert(strstr(r, "Running games") <
	    strstr(r, "You are the game master of these games:"));
	free(r);
}
END_TEST

START_TEST(anyone_else_gets_the_ordinary_status)
{
	char	*r;

	games();
	mail(ALICE, "STATUS");
	r = take(ALICE);
	has(r, "> STATUS\r\n    You are the game master of no game.\r\n");
	hasnt(r, "Outbox");
	hasnt(r, "Running games");
	free(r);
	/* The GM reads his games, not the judge's. */
	mail(GM, "STATUS");
	r = take(GM);
	has(r, "You are the game master of these games:");
	hasnt(r, "Outbox");
	free(r);
}
END_TEST

/* The reply goes to the sender the judge answers: a From: that claims a
 * keeper's address, with a Reply-To the judge knows, opens nothing. */
START_TEST(a_forged_keeper_s_address_opens_nothing)
{
	char	*r;

	games();
	mail_reply_to(KEEPER, ALICE, "STATUS\nLIST ALL");
	r = take(ALICE);
	hasnt(r, "Outbox");
	hasnt(r, "GAME ");
	has(r, "You are the game master of no game.");
	free(r);
	r = take(KEEPER);
	ck_assert_str_eq(r, "");
	free(r);
}
END_TEST

START_TEST(a_keeper_s_list_all_is_the_table_of_every_game)
{
	char	*r;

	games();
	mail(KEEPER, "LIST ALL");
	r = take(KEEPER);
	has(r, "> LIST ALL\r\nGames on this judge:\r\n"
	    "    GAME     KIND          STATE                PHASE   "
	    "DEADLINE\r\n"
	    "    clocked  weekeewachee  running              move 0  ");
	has(r, "\r\n    ended    weekeewachee  finished             move 0  "
	    "-\r\n"
	    "    lobby    weekeewachee  waiting for players  -       -\r\n");
	hasnt(r, "seats taken");
	free(r);
	/* Past the last page, as for anyone. */
	mail(KEEPER, "LIST ALL 2");
	r = take(KEEPER);
	has(r, "No games on this page: LIST ALL shows the first.");
	hasnt(r, "GAME ");
	free(r);
	/* Anyone else: the ordinary list. */
	mail(ALICE, "LIST ALL");
	r = take(ALICE);
	has(r, "ended: weekeewachee, finished, seats taken 2/2");
	hasnt(r, "GAME ");
	free(r);
}
END_TEST

START_TEST(a_german_keeper_reads_german)
{
	char	*r;

	games();
	mail(KEEPER, "SET SPRACHE de\nSTATUS\nLISTE ALL");
	r = take(KEEPER);
	has(r, "    Schiedsrichter judge@example.test am ");
	has(r, "    Laufende Partien\r\n"
	    "      PARTIE   SPIEL         STAND  PHASE  ABGABETERMIN\r\n");
	has(r, "    Postausgang\r\n");
	has(r, "    PARTIE   SPIEL         STAND               PHASE  "
	    "ABGABETERMIN\r\n");
	hasnt(r, "Running games");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("judge/keeper");
	TCase	*tc;

	tc = tcase_create("keeper");
	tcase_add_test(tc, keepers_are_matched_whole_and_without_case);
	suite_add_tcase(s, tc);

	tc = tcase_create("by mail");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_add_test(tc, a_keeper_s_status_is_the_judge_s_overview);
	tcase_add_test(tc,
	    a_keeper_who_leads_games_reads_them_after_the_overview);
	tcase_add_test(tc, anyone_else_gets_the_ordinary_status);
	tcase_add_test(tc, a_forged_keeper_s_address_opens_nothing);
	tcase_add_test(tc, a_keeper_s_list_all_is_the_table_of_every_game);
	tcase_add_test(tc, a_german_keeper_reads_german);
	suite_add_tcase(s, tc);
	return s;
}
