/*
 * test_duel.c - adjudicator/game/duel.c: the first mover of a two-player game
 * and the orders each seat has given in a phase.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <string.h>

#include "adjudicator/game/duel.h"

START_TEST(first_takes_a_named_seat_and_leaves_the_generator_alone)
{
	struct rng	 r, before;

	rng_seed(&r, 42);
	before = r;
	ck_assert_int_eq(duel_first(&r, 1), 1);
	ck_assert_int_eq(duel_first(&r, 0), 0);
	ck_assert_int_eq(duel_first(&r, 2), -1);
	ck_assert_int_eq(duel_first(&r, GAME_DRAWN), -1);
	ck_assert_mem_eq(&r, &before, sizeof(r));
}
END_TEST

START_TEST(first_draws_from_the_generator_when_nobody_is_named)
{
	struct rng	 r, twin;
	int		 i, seat, seen[2] = { 0, 0 };

	rng_seed(&r, 7);
	rng_seed(&twin, 7);
	for (i = 0; i < 64; i++) {
		seat = duel_first(&r, GAME_NOBODY);
		ck_assert_int_eq(seat, (int)rng_below(&twin, 2));
		seen[seat]++;
	}
	ck_assert(seen[0] > 0 && seen[1] > 0);
	ck_assert_int_eq(duel_first(NULL, GAME_NOBODY), 0);
}
END_TEST

static void
order(struct game_order *o, int seat, const char *slot, const char *text)
{
	memset(o, 0, sizeof(*o));
	o->seat = seat;
	snprintf(o->slot, sizeof(o->slot), "%s", slot);
	snprintf(o->text, sizeof(o->text), "%s", text);
}

START_TEST(collect_keeps_the_last_order_per_seat_and_slot)
{
	struct game_order	 o[7];
	struct duel_given	 g;

	order(&o[0], 0, "move", "b1-b2");
	order(&o[1], 1, "setup", "RPSW");
	order(&o[2], 0, "move", "c1-c2");
	order(&o[3], 1, "draw", "DRAW");
	order(&o[4], 2, "move", "a1-a2");
	order(&o[5], GAME_NOBODY, "draw", "DRAW");
	order(&o[6], 0, "press", "hello");
	duel_collect(o, 7, &g);
	ck_assert_ptr_eq(g.move[0], &o[2]);
	ck_assert_ptr_null(g.move[1]);
	ck_assert_ptr_null(g.setup[0]);
	ck_assert_ptr_eq(g.setup[1], &o[1]);
	ck_assert(!g.draw[0]);
	ck_assert(g.draw[1]);
	duel_collect(o, 0, &g);
	ck_assert_ptr_null(g.move[0]);
	ck_assert(!g.draw[1]);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/game/duel");
	TCase	*tc = tcase_create("duel");

	tcase_add_test(tc,
	    first_takes_a_named_seat_and_leaves_the_generator_alone);
	tcase_add_test(tc, first_draws_from_the_generator_when_nobody_is_named);
	tcase_add_test(tc, collect_keeps_the_last_order_per_seat_and_slot);
	suite_add_tcase(s, tc);
	return s;
}
