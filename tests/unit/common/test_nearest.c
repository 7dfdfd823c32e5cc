/*
 * test_nearest.c - common/nearest.c: the distance between two words (a
 * swap of neighbours is one edit, case does not count) and how many
 * edits a typo of a word may hold.
 */
#include "tests/unit/test.h"
#include <string.h>

#include "common/nearest.h"

START_TEST(equal_words_are_at_no_distance_whatever_their_case)
{
	ck_assert_int_eq(nearest_distance("APPROVE", "approve"), 0);
	ck_assert_int_eq(nearest_distance("", ""), 0);
}
END_TEST

START_TEST(each_letter_added_dropped_or_changed_is_one_edit)
{
	ck_assert_int_eq(nearest_distance("APROVE", "APPROVE"), 1);
	ck_assert_int_eq(nearest_distance("PROCES", "PROCESS"), 1);
	ck_assert_int_eq(nearest_distance("SUMARY", "SUMMARY"), 1);
	ck_assert_int_eq(nearest_distance("diplomcy", "diplomacy"), 1);
	ck_assert_int_eq(nearest_distance("SIGNOFF", "SIGNON"), 2);
	ck_assert_int_eq(nearest_distance("", "MAP"), 3);
	ck_assert_int_eq(nearest_distance("hallo", "HELP"), 3);
}
END_TEST

START_TEST(two_neighbours_swapped_are_one_edit)
{
	ck_assert_int_eq(nearest_distance("JION", "JOIN"), 1);
	ck_assert_int_eq(nearest_distance("SINGON", "SIGNON"), 1);
	ck_assert_int_eq(nearest_distance("ab", "ba"), 1);
	/* A swap and a change: two. */
	ck_assert_int_eq(nearest_distance("ab", "bc"), 2);
}
END_TEST

START_TEST(words_too_long_are_far_from_everything)
{
	char	 w[NEAREST_MAX + 2];

	memset(w, 'a', sizeof(w) - 1);
	w[sizeof(w) - 1] = '\0';
	ck_assert_int_eq(nearest_distance(w, w), NEAREST_FAR);
	ck_assert_int_eq(nearest_distance("a", w), NEAREST_FAR);
	w[NEAREST_MAX] = '\0';
	ck_assert_int_eq(nearest_distance(w, w), 0);
}
END_TEST

START_TEST(a_typo_holds_a_third_of_the_word_at_least_one_edit)
{
	ck_assert_int_eq(nearest_limit(""), 1);
	ck_assert_int_eq(nearest_limit("Hi"), 1);
	ck_assert_int_eq(nearest_limit("hallo"), 1);
	ck_assert_int_eq(nearest_limit("APROVE"), 2);
	ck_assert_int_eq(nearest_limit("diplomcy"), 2);
	ck_assert_int_eq(nearest_limit("BROADCAZT"), 3);
}
END_TEST

START_TEST(same_letters_are_a_swap_not_a_change)
{
	ck_assert(nearest_same_letters("LSIT", "list"));
	ck_assert(nearest_same_letters("MPA", "MAP"));
	ck_assert(nearest_same_letters("", ""));
	ck_assert(!nearest_same_letters("Lisa", "LIST"));
	ck_assert(!nearest_same_letters("Max", "MAP"));
	ck_assert(!nearest_same_letters("SETT", "SET"));
	ck_assert(!nearest_same_letters("aab", "abb"));
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("common/nearest");
	TCase	*tc = tcase_create("nearest");

	tcase_add_test(tc, equal_words_are_at_no_distance_whatever_their_case);
	tcase_add_test(tc, each_letter_added_dropped_or_changed_is_one_edit);
	tcase_add_test(tc, two_neighbours_swapped_are_one_edit);
	tcase_add_test(tc, words_too_long_are_far_from_everything);
	tcase_add_test(tc,
	    a_typo_holds_a_third_of_the_word_at_least_one_edit);
	tcase_add_test(tc, same_letters_are_a_swap_not_a_change);
	suite_add_tcase(s, tc);
	return s;
}
