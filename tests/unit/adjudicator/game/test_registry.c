/*
 * test_registry.c - adjudicator/game/registry.c: games by name and alias,
 * and the name a mistyped one was nearest (issue 16).
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/game/game.h"

START_TEST(games_are_found_by_name_and_alias_in_any_case)
{
	ck_assert_ptr_nonnull(game_find("standard"));
	ck_assert_ptr_eq(game_find("Diplomacy"), game_find("standard"));
	ck_assert_ptr_null(game_find("diplomcy"));
}
END_TEST

START_TEST(a_mistyped_name_is_answered_with_the_nearest)
{
	ck_assert_str_eq(game_nearest("diplomcy"), "diplomacy");
	ck_assert_str_eq(game_nearest("DIPLOMACY!"), "diplomacy");
	ck_assert_str_eq(game_nearest("standrad"), "standard");
	ck_assert_str_eq(game_nearest("klinsha"), "klinzha");
	ck_assert_str_eq(game_nearest("zombi"), "zombie");
}
END_TEST

START_TEST(a_word_near_no_game_gets_no_guess)
{
	ck_assert_ptr_null(game_nearest("chess"));
	ck_assert_ptr_null(game_nearest(""));
	ck_assert_ptr_null(game_nearest("dip"));
	ck_assert_ptr_null(game_nearest("monopoly"));
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/game/registry");
	TCase	*tc = tcase_create("registry");

	tcase_add_test(tc, games_are_found_by_name_and_alias_in_any_case);
	tcase_add_test(tc, a_mistyped_name_is_answered_with_the_nearest);
	tcase_add_test(tc, a_word_near_no_game_gets_no_guess);
	suite_add_tcase(s, tc);
	return s;
}
