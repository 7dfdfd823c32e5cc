/*
 * test_seats.c - adjudicator/judge/seats.c: seats named as players write
 * them, in either language the judge speaks: a name, its first letters
 * when they name one seat alone, lists "F,E,G", "France England" and runs
 * of initials "FEG"; before the start of a game of more than two seats, a
 * seat is named as no power.
 */
#include "tests/unit/test.h"
#include <string.h>

#include "adjudicator/game/game.h"
#include "adjudicator/judge/seats.h"
#include "adjudicator/judge/session.h"
#include "tests/unit/adjudicator/judge/judge_fixture.h"

START_TEST(a_seat_is_named_in_english_or_german)
{
	const struct game_ops	*dip = game_find("standard");

	ck_assert_ptr_nonnull(dip);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "France"), 2);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "frankreich"), 2);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "Fra"), 2);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "G"), 3);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "Deutschland"), 3);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "Türkei"), 6);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "Österreich"), 0);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, "Xanadu"), -1);
	ck_assert_int_eq(judge_seat_named(&F.env, dip, ""), -1);
}
END_TEST

START_TEST(lists_and_initials_name_several_seats_in_order)
{
	const struct game_ops	*dip = game_find("standard");
	char			*w1[] = { "F,E,G" };
	char			*w2[] = { "France", "England" };
	char			*w3[] = { "FEG" };
	char			*w4[] = { "F", "Xanadu" };
	char			*w5[] = { "F,F,E" };
	char			 bad[64] = "";
	int			 out[GAME_MAX_SEATS];

	ck_assert_int_eq(judge_seat_list(&F.env, dip, w1, 1, out,
	    GAME_MAX_SEATS, bad, sizeof(bad)), 3);
	ck_assert_int_eq(out[0], 2);
	ck_assert_int_eq(out[1], 1);
	ck_assert_int_eq(out[2], 3);
	ck_assert_int_eq(judge_seat_list(&F.env, dip, w2, 2, out,
	    GAME_MAX_SEATS, bad, sizeof(bad)), 2);
	ck_assert_int_eq(out[1], 1);
	ck_assert_int_eq(judge_seat_list(&F.env, dip, w3, 1, out,
	    GAME_MAX_SEATS, bad, sizeof(bad)), 3);
	ck_assert_int_eq(out[2], 3);
	/* Named twice: the first place counts. */
	ck_assert_int_eq(judge_seat_list(&F.env, dip, w5, 1, out,
	    GAME_MAX_SEATS, bad, sizeof(bad)), 2);
	ck_assert_int_eq(judge_seat_list(&F.env, dip, w4, 2, out,
	    GAME_MAX_SEATS, bad, sizeof(bad)), -1);
	ck_assert_str_eq(bad, "Xanadu");
}
END_TEST

START_TEST(names_and_arguments_are_in_the_readers_language)
{
	const struct game_ops	*dip = game_find("standard");
	struct buf		 b;
	char			 arg[GAME_ARG_MAX];

	buf_init(&b);
	judge_seat_all_names(F.de, dip, &b);
	ck_assert_str_eq(b.data, "Österreich, England, Frankreich, "
	    "Deutschland, Italien, Russland, Türkei");
	buf_free(&b);
	judge_seat_arg(dip, 6, arg, sizeof(arg));
	ck_assert_str_eq(arg, "@dip.power.6");
	judge_seat_arg(dip, GAME_SEAT_GM, arg, sizeof(arg));
	ck_assert_str_eq(arg, "@judge.the_gm");
}
END_TEST

START_TEST(a_seat_before_the_start_names_no_power)
{
	struct judge_seat	 w;
	char			 arg[GAME_ARG_MAX];

	memset(&w, 0, sizeof(w));
	w.ops = game_find("standard");
	ck_assert_ptr_nonnull(w.ops);
	w.game.status = DB_FORMING;
	judge_seat_arg_in(&w, 2, arg, sizeof(arg));
	ck_assert_str_eq(arg, "@judge.seat.queued");
	judge_seat_arg_in(&w, GAME_SEAT_GM, arg, sizeof(arg));
	ck_assert_str_eq(arg, "@judge.the_gm");
	w.game.status = DB_RUNNING;
	judge_seat_arg_in(&w, 2, arg, sizeof(arg));
	ck_assert_str_eq(arg, "@dip.power.2");
	/* Two seats: a seat is its colour from the first JOIN on. */
	w.ops = game_find("weekeewachee");
	ck_assert_ptr_nonnull(w.ops);
	w.game.status = DB_FORMING;
	judge_seat_arg_in(&w, 0, arg, sizeof(arg));
	ck_assert_str_ne(arg, "@judge.seat.queued");
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/judge/seats");
	TCase	*tc = tcase_create("naming");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, a_seat_is_named_in_english_or_german);
	tcase_add_test(tc, lists_and_initials_name_several_seats_in_order);
	tcase_add_test(tc, names_and_arguments_are_in_the_readers_language);
	tcase_add_test(tc, a_seat_before_the_start_names_no_power);
	suite_add_tcase(s, tc);
	return s;
}
