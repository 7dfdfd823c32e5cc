/*
 * test_ledger.c - adjudicator/judge/ledger.c: the handicap ledger of a
 * pair of players (Way of the Knight, rules decision 6), replayed from game
 * results.
 */
#include "tests/unit/test.h"

#include "adjudicator/judge/ledger.h"

START_TEST(a_win_raises_the_loser_or_pays_back_the_winner)
{
	/* 1: seat 0's player won, -1: seat 1's, 0: drawn. */
	static const int	 r[] = { 1, 1, 0, -1, -1, -1, 1 };
	static const int	 want[][2] = {
		{ 0, 1 }, { 0, 2 }, { 0, 2 }, { 0, 1 }, { 0, 0 }, { 1, 0 },
		{ 0, 0 },
	};
	int			 pts[2], i;

	judge_ledger_replay(r, 0, pts);
	ck_assert_int_eq(pts[0], 0);
	ck_assert_int_eq(pts[1], 0);
	for (i = 1; i <= 7; i++) {
		judge_ledger_replay(r, i, pts);
		ck_assert_msg(pts[0] == want[i - 1][0] &&
		    pts[1] == want[i - 1][1], "after %d games: %d %d", i,
		    pts[0], pts[1]);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/ledger");
	TCase	*tc = tcase_create("replay");

	tcase_add_test(tc, a_win_raises_the_loser_or_pays_back_the_winner);
	suite_add_tcase(s, tc);
	return s;
}
