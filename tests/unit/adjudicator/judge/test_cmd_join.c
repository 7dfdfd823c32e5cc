/*
 * test_cmd_join.c - adjudicator/judge/cmd_join.c: JOIN by mail. The last
 * seat taken starts the game and everyone gets his report; the GM cannot
 * take a seat of his own game (and CREATE checks the names it is given);
 * the list of powers an unknown wish is answered with is said whole.
 * (JOIN with wishes is in test_cmd_lobby.c, with the ASSIGN and START that
 * use them.)
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

START_TEST(create_join_and_start_send_reports_to_everyone)
{
	char	*a, *b, *gm;

	two_players("alpha", false);
	a = take("alice@example.test");
	b = take("bob@example.test");
	gm = take("gm@example.test");
	ck_assert_ptr_nonnull(strstr(a, "Subject: [pbemd] alpha: move 0"));
	ck_assert_ptr_nonnull(strstr(a, "SHA-256"));
	ck_assert_ptr_nonnull(strstr(b, "Sie sind der Partie alpha beigetreten"));
	ck_assert_ptr_nonnull(strstr(gm, "You are the game master"));
	free(a);
	free(b);
	free(gm);
}
END_TEST

START_TEST(the_gm_cannot_play_and_names_are_checked)
{
	char	*r;

	mail("gm@example.test", "CREATE 9bad weekeewachee\nCREATE eps chess\n"
	    "CREATE eps weekeewachee");
	r = take("gm@example.test");
	ck_assert_ptr_nonnull(strstr(r, "\"9bad\" cannot be a game name"));
	ck_assert_ptr_nonnull(strstr(r, "There is no game \"chess\""));
	ck_assert_ptr_nonnull(strstr(r, "Game eps (weekeewachee) is created"));
	free(r);
	mail("gm@example.test", "CREATE eps weekeewachee\nJOIN eps gm-secret");
	r = take("gm@example.test");
	ck_assert_ptr_nonnull(strstr(r, "A game called eps exists already"));
	ck_assert_ptr_nonnull(strstr(r, "cannot also play"));
	free(r);
}
END_TEST

/*
 * Issue "The judge in layers": a reply argument is never cut. The German
 * names of the seven powers are 73 bytes; a 64-byte message argument cut
 * them inside "Türkei".
 */
START_TEST(a_long_list_of_powers_is_said_whole)
{
	char	*r;

	mail("gm@example.test", "CREATE sev standard");
	drain();
	mail("carla@example.test", "SET LANGUAGE de\nJOIN sev carla-secret Xanadu");
	r = take("carla@example.test");
	has(r, "Die Mächte sind: Österreich, England, Frankreich, "
	    "Deutschland, Italien, Russland, Türkei.");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_join");
	TCase	*tc;

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, create_join_and_start_send_reports_to_everyone);
	tcase_add_test(tc, the_gm_cannot_play_and_names_are_checked);
	tcase_add_test(tc, a_long_list_of_powers_is_said_whole);
	suite_add_tcase(s, tc);
	return s;
}
