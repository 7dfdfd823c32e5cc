/*
 * test_msg.c - adjudicator/game/msg.c: the lines of a view and the cap
 * game_view_add keeps (game.h, GAME_VIEW_MSGS), and the text the notice
 * of a full view has in both catalogs.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "adjudicator/render/catalog.h"

/* A view is ~94 KB: on the heap. */
static struct game_view *
view_new(void)
{
	struct game_view	*v = calloc(1, sizeof(*v));

	ck_assert_ptr_nonnull(v);
	return v;
}

/* Adds n lines "test.line" numbered from 0. */
static void
add_lines(struct game_view *v, int n)
{
	char	 num[16];
	int	 i;

	for (i = 0; i < n; i++) {
		snprintf(num, sizeof(num), "%d", i);
		game_view_add(v, "test.line", 2, num, "x");
	}
}

static void
assert_lines_intact(const struct game_view *v, int n)
{
	char	 num[16];
	int	 i;

	for (i = 0; i < n; i++) {
		snprintf(num, sizeof(num), "%d", i);
		ck_assert_str_eq(v->msgs[i].key, "test.line");
		ck_assert_int_eq(v->msgs[i].nargs, 2);
		ck_assert_str_eq(v->msgs[i].args[0], num);
		ck_assert_str_eq(v->msgs[i].args[1], "x");
	}
}

START_TEST(a_view_takes_as_many_lines_as_it_has_slots)
{
	struct game_view	*v = view_new();

	add_lines(v, GAME_VIEW_MSGS);
	ck_assert_int_eq(v->nmsgs, GAME_VIEW_MSGS);
	assert_lines_intact(v, GAME_VIEW_MSGS);
	free(v);
}
END_TEST

START_TEST(a_full_view_says_in_its_last_slot_how_many_lines_were_left_out)
{
	struct game_view	*v = view_new();

	add_lines(v, GAME_VIEW_MSGS + 45);
	ck_assert_int_eq(v->nmsgs, GAME_VIEW_MSGS);
	assert_lines_intact(v, GAME_VIEW_MSGS - 1);
	ck_assert_str_eq(v->msgs[GAME_VIEW_MSGS - 1].key, GAME_VIEW_FULL);
	ck_assert_str_eq(v->msgs[GAME_VIEW_MSGS - 1].key, "game.view_full");
	ck_assert_int_eq(v->msgs[GAME_VIEW_MSGS - 1].nargs, 1);
	/* The line the notice replaced and the 45 after it. */
	ck_assert_str_eq(v->msgs[GAME_VIEW_MSGS - 1].args[0], "46");
	free(v);
}
END_TEST

START_TEST(the_first_line_too_many_leaves_out_two)
{
	struct game_view	*v = view_new();

	add_lines(v, GAME_VIEW_MSGS + 1);
	ck_assert_int_eq(v->nmsgs, GAME_VIEW_MSGS);
	assert_lines_intact(v, GAME_VIEW_MSGS - 1);
	ck_assert_str_eq(v->msgs[GAME_VIEW_MSGS - 1].key, GAME_VIEW_FULL);
	ck_assert_str_eq(v->msgs[GAME_VIEW_MSGS - 1].args[0], "2");
	/* Counted on as the adds keep coming. */
	add_lines(v, 1000);
	ck_assert_int_eq(v->nmsgs, GAME_VIEW_MSGS);
	ck_assert_str_eq(v->msgs[GAME_VIEW_MSGS - 1].args[0], "1002");
	free(v);
}
END_TEST

START_TEST(the_notice_of_a_full_view_reads_in_english_and_german)
{
	struct catalog	*en, *de;
	struct game_view *v = view_new();
	struct buf	 out;
	char		 err[256];

	en = catalog_load("templates", "en", NULL, err, sizeof(err));
	ck_assert_msg(en != NULL, "%s", err);
	de = catalog_load("templates", "de", NULL, err, sizeof(err));
	ck_assert_msg(de != NULL, "%s", err);
	add_lines(v, GAME_VIEW_MSGS + 45);
	buf_init(&out);
	catalog_render(en, &v->msgs[GAME_VIEW_MSGS - 1], &out);
	ck_assert_msg(strstr(out.data, "46 more lines") != NULL, "%s",
	    out.data);
	buf_free(&out);
	buf_init(&out);
	catalog_render(de, &v->msgs[GAME_VIEW_MSGS - 1], &out);
	ck_assert_msg(strstr(out.data, "46 weitere Zeilen") != NULL, "%s",
	    out.data);
	buf_free(&out);
	catalog_free(de);
	catalog_free(en);
	free(v);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/game/msg");
	TCase	*tc;

	tc = tcase_create("game_view_add");
	tcase_add_test(tc, a_view_takes_as_many_lines_as_it_has_slots);
	tcase_add_test(tc,
	    a_full_view_says_in_its_last_slot_how_many_lines_were_left_out);
	tcase_add_test(tc, the_first_line_too_many_leaves_out_two);
	tcase_add_test(tc,
	    the_notice_of_a_full_view_reads_in_english_and_german);
	suite_add_tcase(s, tc);
	return s;
}
