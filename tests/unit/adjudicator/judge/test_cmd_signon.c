/*
 * test_cmd_signon.c - adjudicator/judge/cmd_signon.c: SIGNON by mail. A
 * wrong password changes nothing and the lines after it are not used; the
 * GM signs on with the password CREATE generated for him; the orders given
 * for one game are tried before the sender signs on to another.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

START_TEST(a_wrong_password_changes_nothing)
{
	char	*r;
	int	 before;

	two_players("beta", false);
	free(take("alice@example.test"));
	free(take("bob@example.test"));
	free(take("gm@example.test"));
	before = pending();
	mail("alice@example.test", "SIGNON beta wrongpw\nSETUP RPWS");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "> SIGNON beta ********"));
	ck_assert_ptr_nonnull(strstr(r, "password does not match"));
	ck_assert_ptr_nonnull(strstr(r, "Not used, because the sign-on"));
	free(r);
	ck_assert_int_eq(pending(), before);
	ck_assert_int_eq(pending(), 0);
	mail("alice@example.test", "SIGNON nosuch alicepw");
	r = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(r, "There is no game called nosuch"));
	free(r);
}
END_TEST

START_TEST(the_gm_signs_on_with_the_generated_password)
{
	char	*r, pw[32], cmd[64];

	mail("gm@example.test", "CREATE zeta weekeewachee");
	r = take("gm@example.test");
	gm_password(r, pw, sizeof(pw));
	free(r);
	snprintf(cmd, sizeof(cmd), "SIGNON zeta %s\nb1-b2", pw);
	mail("gm@example.test", cmd);
	r = take("gm@example.test");
	ck_assert_ptr_nonnull(strstr(r, "as its game master"));
	ck_assert_ptr_nonnull(strstr(r, "gives no orders"));
	ck_assert_ptr_null(strstr(r, pw));
	free(r);
}
END_TEST

/*
 * Issue "The judge in layers": the orders of one game are tried when the
 * sender signs on to another in the same mail (before, SIGNON forgot them
 * and a two-player game waited for the next mail).
 */
START_TEST(orders_are_tried_before_a_signon_to_another_game)
{
	struct db_game	 a, b;

	two_players("one", false);
	two_players("two", false);
	drain();
	mail("bob@example.test", "SIGNON one bobpw\nSETUP RPWS\n"
	    "SIGNON two bobpw\nSETUP RPWS");
	drain();
	ck_assert_int_eq(db_game_get(F.db, "one", &a), DB_OK);
	ck_assert_int_eq(db_game_get(F.db, "two", &b), DB_OK);
	mail("alice@example.test", "SIGNON one alicepw\nSETUP RPWS\n"
	    "SIGNON two alicepw\nSETUP RPWS");
	ck_assert_int_eq(db_game_get(F.db, "one", &a), DB_OK);
	ck_assert_int_eq(db_game_get(F.db, "two", &b), DB_OK);
	/* Both set-ups are played: each game is one phase further. */
	ck_assert_int_eq(a.phase, b.phase);
	ck_assert_int_eq(mails_to("bob@example.test"), 2);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_signon");
	TCase	*tc;

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a_wrong_password_changes_nothing);
	tcase_add_test(tc, the_gm_signs_on_with_the_generated_password);
	tcase_add_test(tc, orders_are_tried_before_a_signon_to_another_game);
	suite_add_tcase(s, tc);
	return s;
}
