/*
 * test_assign.c - adjudicator/judge/assign.c: giving out powers at the
 * start: random serial dictatorship over preference lists, drawn from the
 * game's seed.
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/judge/assign.h"

#define N	7

static int	 prefs[N][GAME_MAX_SEATS];
static int	 nprefs[N];
static int	 fixed[N];

static void
clear(void)
{
	int	 i;

	memset(prefs, 0, sizeof(prefs));
	memset(nprefs, 0, sizeof(nprefs));
	for (i = 0; i < N; i++)
		fixed[i] = JUDGE_ASSIGN_NONE;
}

static void
want(int player, int a, int b, int c)
{
	prefs[player][0] = a;
	prefs[player][1] = b;
	prefs[player][2] = c;
	nprefs[player] = 3;
}

/* Every seat exactly once. */
static void
assert_permutation(const int *seat)
{
	bool	 seen[N] = { false };
	int	 i;

	for (i = 0; i < N; i++) {
		ck_assert_int_ge(seat[i], 0);
		ck_assert_int_lt(seat[i], N);
		ck_assert(!seen[seat[i]]);
		seen[seat[i]] = true;
	}
}

START_TEST(distinct_first_wishes_are_all_granted)
{
	int	 seat[N], i;

	clear();
	for (i = 0; i < N; i++)
		want(i, (i + 3) % N, i, (i + 1) % N);
	ck_assert_int_eq(judge_assign(N, N, (const int (*)[GAME_MAX_SEATS])prefs,
	    nprefs, fixed, 12345, seat), 0);
	for (i = 0; i < N; i++)
		ck_assert_int_eq(seat[i], (i + 3) % N);
}
END_TEST

START_TEST(the_gm_assignment_wins_over_wishes)
{
	int	 seat[N], s;

	for (s = 0; s < 200; s++) {
		clear();
		want(0, 2, 1, 0);
		want(1, 2, 1, 0);
		fixed[3] = 2;
		ck_assert_int_eq(judge_assign(N, N,
		    (const int (*)[GAME_MAX_SEATS])prefs, nprefs, fixed,
		    (uint64_t)s * 7919, seat), 0);
		assert_permutation(seat);
		ck_assert_int_eq(seat[3], 2);
		ck_assert_int_ne(seat[0], 2);
		/* One of 0 and 1 gets its second wish, the other its third. */
		ck_assert(seat[0] == 1 || seat[0] == 0);
		ck_assert(seat[1] == 1 || seat[1] == 0);
	}
}
END_TEST

/*
 * Seven players who all want seat 4 first: the winner depends on the seed
 * alone, and over 7000 seeds each player wins about 1000 times.
 */
START_TEST(a_contested_wish_is_drawn_fairly)
{
	int	 wins[N] = { 0 }, seat[N], i, s, again[N];

	for (s = 0; s < 7000; s++) {
		clear();
		for (i = 0; i < N; i++)
			want(i, 4, i == 4 ? 5 : i, 6);
		ck_assert_int_eq(judge_assign(N, N,
		    (const int (*)[GAME_MAX_SEATS])prefs, nprefs, fixed,
		    (uint64_t)s * 0x9e3779b97f4a7c15ULL, seat), 0);
		assert_permutation(seat);
		for (i = 0; i < N; i++)
			if (seat[i] == 4)
				wins[i]++;
		/* The same seed gives the same powers. */
		ck_assert_int_eq(judge_assign(N, N,
		    (const int (*)[GAME_MAX_SEATS])prefs, nprefs, fixed,
		    (uint64_t)s * 0x9e3779b97f4a7c15ULL, again), 0);
		ck_assert_mem_eq(seat, again, sizeof(seat));
	}
	for (i = 0; i < N; i++)
		ck_assert_msg(wins[i] > 850 && wins[i] < 1150,
		    "player %d won seat 4 %d times in 7000", i, wins[i]);
}
END_TEST

START_TEST(players_without_wishes_get_the_seats_left)
{
	int	 seat[N];

	clear();
	want(0, 6, 5, 4);
	ck_assert_int_eq(judge_assign(N, N, (const int (*)[GAME_MAX_SEATS])prefs,
	    nprefs, fixed, 99, seat), 0);
	assert_permutation(seat);
	ck_assert_int_eq(seat[0], 6);
}
END_TEST

START_TEST(impossible_inputs_are_refused)
{
	int	 seat[N];

	clear();
	ck_assert_int_eq(judge_assign(N, N - 1,
	    (const int (*)[GAME_MAX_SEATS])prefs, nprefs, fixed, 1, seat), -1);
	fixed[0] = fixed[1] = 3;
	ck_assert_int_eq(judge_assign(N, N, (const int (*)[GAME_MAX_SEATS])prefs,
	    nprefs, fixed, 1, seat), -1);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/assign");
	TCase	*tc = tcase_create("assign");

	tcase_add_test(tc, distinct_first_wishes_are_all_granted);
	tcase_add_test(tc, the_gm_assignment_wins_over_wishes);
	tcase_add_test(tc, a_contested_wish_is_drawn_fairly);
	tcase_add_test(tc, players_without_wishes_get_the_seats_left);
	tcase_add_test(tc, impossible_inputs_are_refused);
	suite_add_tcase(s, tc);
	return s;
}
