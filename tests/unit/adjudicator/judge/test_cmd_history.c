/*
 * test_cmd_history.c - adjudicator/judge/cmd_history.c: HISTORY is made of
 * the reader's own views (a Blind-Fun game must not leak), needs a sign-on
 * to the game, and refuses ranges and phases the game does not have.
 * (HISTORY of a seven-player game is tested with SUMMARY, in
 * test_cmd_summary.c.)
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/*
 * Blind-Fun: HISTORY is made of the reader's own views, so Black's history
 * never names a White piece that no fight revealed, while the GM's does.
 */
START_TEST(history_of_a_blind_game_shows_the_readers_own_views)
{
	char	*r;

	game("hb", "blind");
	mail(BOB, "HISTORY hb");
	r = take(BOB);
	has(r, "HISTORY needs a SIGNON to a game first");
	free(r);

	r = as(BOB, "bob-secret", "hb", "HISTORY hb 1 1");
	has(r, "=== ");
	has(r, "1 | X  X  X  X  | 1");
	free(r);
	r = as_gm("hb", "HISTORY hb");
	has(r, "=== ");
	hasnt(r, "1 | X  X  X  X  | 1");
	free(r);
	r = as(BOB, "bob-secret", "hb", "HISTORY hb 7");
	has(r, "That range holds no phase");
	free(r);
	r = as(BOB, "bob-secret", "hb", "HISTORY hb Z1999");
	has(r, "has no phase \"Z1999\"");
	free(r);
	game("hc", "");
	r = as(BOB, "bob-secret", "hc", "HISTORY hb");
	has(r, "HISTORY hb needs \"SIGNON hb <password>\"");
	free(r);
}
END_TEST

/*
 * Issue "The judge in layers": HISTORY shows at most 64 broadcasts of a
 * phase, and says so when there are more, instead of leaving them out in
 * silence.
 */
START_TEST(history_says_when_it_leaves_broadcasts_out)
{
	struct buf	 b;
	char		*r;
	int		 i;

	game("loud", "");
	buf_init(&b);
	buf_puts(&b, "SIGNON loud alice-secret\n");
	for (i = 0; i < 65; i++)
		buf_printf(&b, "BROADCAST\nnews %d\nENDPRESS\n", i);
	mail(ALICE, b.data);
	buf_free(&b);
	drain();
	mail(ALICE, "SIGNON loud alice-secret\nHISTORY loud");
	r = take(ALICE);
	has(r, "news 63");
	hasnt(r, "news 64");
	has(r, "only the first 64 broadcasts of this phase are shown");
	free(r);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/cmd_history");
	TCase	*tc;

	tc = tcase_create("two_seats");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, history_of_a_blind_game_shows_the_readers_own_views);
	tcase_add_test(tc, history_says_when_it_leaves_broadcasts_out);
	suite_add_tcase(s, tc);
	return s;
}
