/*
 * test_play.c - adjudicator/judge/play.c: playing a phase over the order
 * book. A classic game of weekeewachee is played to a win; at the end of
 * the grace period a phase of standard Diplomacy is played with the orders
 * there are, missing units holding, and with cd a power that sent nothing
 * goes into civil disorder until its player signs on again.
 */
#include "tests/unit/test.h"

#include "tests/unit/adjudicator/judge/clock_fixture.h"
#include "tests/unit/adjudicator/judge/two_seats_fixture.h"

/* Game g of standard Diplomacy with clock words: the seven powers of P
 * JOIN with their wish and the GM STARTs. */
static void
seven_on_clock(const char *g, const char *words)
{
	char		*r;
	int		 i;

	mailf(GM, "CREATE %s standard %s", g, words);
	r = take(GM);
	ck_assert_msg(strstr(r, "is created") != NULL, "%s", r);
	gm_password(r, gmpw, sizeof(gmpw));
	free(r);
	for (i = 0; i < 7; i++)
		mailf(P[i].addr, "JOIN %s password%d %s", g, i, P[i].power);
	gm(g, "START");
	for (i = 0; i < 7; i++)
		free(take(P[i].addr));
	r = take(GM);
	ck_assert_msg(strstr(r, "ERROR") == NULL, "%s", r);
	free(r);
}

/* Power i of P gives its orders for g, by mail; the reply is dropped. */
static void
orders(const char *g, int i, const char *text)
{
	mailf(P[i].addr, "SIGNON %s password%d\n%s", g, i, text);
	free(take(P[i].addr));
}

/*
 * White's paper walks up the b file and takes the rock on a6 (a capture
 * onto the base row wins, A-W7) while Black shuffles its scissors.
 */
START_TEST(a_classic_game_is_played_to_a_win)
{
	static const char *w[] = { "b1-b2", "b2-b3", "b3-b4", "b4-b5", "b5xa6" };
	static const char *bl[] = { "d6-d5", "d5-d6", "d6-d5", "d5-d6", "d6-d5" };
	char		*a, *b, *r;
	bool		 white_first;
	int		 i;

	two_players("gamma", false);
	free(take("alice@example.test"));
	free(take("bob@example.test"));
	free(take("gm@example.test"));
	free(play("gamma", true, "SETUP RPWS"));
	r = play("gamma", false, "SETUP R P W S");
	ck_assert_ptr_nonnull(strstr(r, "> SETUP R P W S"));
	a = take("alice@example.test");
	ck_assert_ptr_nonnull(strstr(a, "Both setups are revealed"));
	white_first = strstr(a, "White to move.") != NULL;
	ck_assert(white_first || strstr(a, "Black to move.") != NULL);
	free(a);
	free(r);
	for (i = 0; i < 5; i++) {
		if (!white_first || i > 0)
			free(play("gamma", false, bl[white_first ? i - 1 : i]));
		r = play("gamma", true, w[i]);
		ck_assert_msg(strstr(r, "ERROR") == NULL, "%s", r);
		if (i < 4)
			free(r);
	}
	ck_assert_ptr_nonnull(strstr(r, "White wins"));
	ck_assert_ptr_nonnull(strstr(r, "random seed was"));
	free(r);
	b = take("bob@example.test");
	ck_assert_ptr_nonnull(strstr(b, "Weiß"));
	ck_assert_ptr_nonnull(strstr(b, "Zufallsstartwert war"));
	free(b);
	r = play("gamma", true, "a1-a2");
	ck_assert_ptr_nonnull(strstr(r, "The game is over"));
	free(r);
}
END_TEST

START_TEST(a_power_without_orders_holds_and_goes_into_civil_disorder)
{
	struct db_clock	 c;
	char		*r;
	int		 i;

	seven_on_clock("dg", "move=1h grace=30m cd tz=" ZONE);
	ck_assert_int_eq(clock_of("dg").proposed, F.env.now + 3600);
	gm("dg", "APPROVE");
	free(take(GM));
	for (i = 0; i < 7; i++)
		if (i != 4)	/* Italy sends nothing */
			orders("dg", i, P[i].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, phase_of("dg"));
	c = clock_of("dg");
	F.env.now = c.deadline;
	judge_tick(&F.env);
	expect(P[4].addr, "Your orders for game dg are missing", "A VEN", NULL);
	expect(GM, "Late:", "- Italy", NULL);
	F.env.now = c.grace_end;
	judge_tick(&F.env);
	r = take(P[0].addr);
	ck_assert_msg(strstr(r, "processed at the end of the grace period") &&
	    strstr(r, "Italy had no complete orders: units without orders "
	    "held") && strstr(r, "Italy sent no orders at all and is now in "
	    "civil disorder") && strstr(r, "no order, the unit holds"), "%s", r);
	free(r);
	expect(P[4].addr, "Your power is in civil disorder", NULL);
	/* Italy is not awaited any more: the six others finish the phase. */
	for (i = 0; i < 7; i++)
		if (i != 4)
			orders("dg", i, P[i].hold);
	c = clock_of("dg");
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, c.phase + 1);
	expect(P[0].addr, "Every order was in", NULL);
	/* A sign-on ends the disorder, and the GM is told. */
	mailf(P[4].addr, "SIGNON dg password4");
	expect(P[4].addr, "no longer in civil disorder", NULL);
	expect(GM, "Italy signed on again", NULL);
	for (i = 0; i < 7; i++)
		if (i != 4)
			orders("dg", i, P[i].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, c.phase + 1);	/* waits */
	orders("dg", 4, P[4].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dg").phase, c.phase + 2);
}
END_TEST

START_TEST(without_cd_a_late_power_only_holds_for_the_phase)
{
	struct db_clock	 c;
	int		 i;

	seven_on_clock("dh", "move=1h grace=0 tz=" ZONE);
	gm("dh", "SET DEADLINE +2h");
	for (i = 0; i < 6; i++)
		orders("dh", i, P[i].hold);
	c = clock_of("dh");
	F.env.now = c.deadline;
	judge_tick(&F.env);
	expect(P[0].addr, "processed at the end of the grace period",
	    "Turkey had no complete orders", NULL);
	expect_not(P[0].addr, "civil disorder");
	/* Turkey is awaited again in the next phase. */
	for (i = 0; i < 6; i++)
		orders("dh", i, P[i].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dh").phase, c.phase + 1);
	orders("dh", 6, P[6].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("dh").phase, c.phase + 2);
}
END_TEST

/* An open seat (EJECT) is not awaited: the six others finish the phase. */
START_TEST(an_open_seat_does_not_hold_the_phase_back)
{
	struct db_clock	 c;
	int		 i;

	seven_on_clock("de", "move=1h tz=" ZONE);
	gm("de", "APPROVE\nEJECT Italy");
	drain();
	c = clock_of("de");
	for (i = 0; i < 7; i++)
		if (i != 4)
			orders("de", i, P[i].hold);
	judge_tick(&F.env);
	ck_assert_int_eq(clock_of("de").phase, c.phase + 1);
	expect(P[0].addr, "Every order was in", NULL);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/play");
	TCase	*tc;

	tc = tcase_create("judge");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, a_classic_game_is_played_to_a_win);
	suite_add_tcase(s, tc);

	tc = tcase_create("clock");
	tcase_add_checked_fixture(tc, clock_setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc,
	    a_power_without_orders_holds_and_goes_into_civil_disorder);
	tcase_add_test(tc, without_cd_a_late_power_only_holds_for_the_phase);
	tcase_add_test(tc, an_open_seat_does_not_hold_the_phase_back);
	suite_add_tcase(s, tc);
	return s;
}
