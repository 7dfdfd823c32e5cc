/*
 * test_msg.c - adjudicator/game/msg.c: the lines of a view and the cap
 * game_view_add keeps (game.h, GAME_VIEW_MSGS), the text the notice of a
 * full view has in both catalogs, the diagram cut after a whole line at
 * GAME_BOARD_MAX and its notice, and arguments too long for
 * GAME_ARG_MAX cut at a character boundary, never inside a UTF-8
 * sequence.
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

/* German with umlauts and ß (2 bytes each), a Euro sign (3 bytes) and
 * an emoji (4 bytes): 134 bytes, so every helper must cut it. */
static const char	 german[] = "Größenwahnsinnige Übermäßigkeit "
    "äöüÄÖÜß straße Müßiggänger Köln-Düsseldorf 5€ Grüße 😀 "
    "Fußgängerübergänge";

/* Whether s is complete UTF-8: every lead byte has its continuation. */
static bool
utf8_complete(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	int			 need, i;

	while (*p != '\0') {
		need = *p < 0x80 ? 0 : *p >= 0xf0 ? 3 : *p >= 0xe0 ? 2 :
		    *p >= 0xc0 ? 1 : -1;
		if (need < 0)
			return false;
		for (i = 1; i <= need; i++)
			if ((p[i] & 0xc0) != 0x80)
				return false;
		p += need + 1;
	}
	return true;
}

/*
 * arg is text cut to GAME_ARG_MAX: a prefix of it, complete UTF-8, and
 * as long as it can be: the character after the cut would not have fit.
 */
static void
assert_cut(const char *arg, const char *text)
{
	size_t	 n = strlen(arg), next = 1;

	ck_assert_msg(utf8_complete(arg), "partial UTF-8: %s", arg);
	ck_assert_uint_le(n, GAME_ARG_MAX - 1);
	ck_assert_msg(strncmp(arg, text, n) == 0, "not a prefix: %s", arg);
	if (text[n] == '\0')
		return;
	while (((unsigned char)text[n + next] & 0xc0) == 0x80)
		next++;
	ck_assert_msg(n + next > GAME_ARG_MAX - 1,
	    "cut too early: %zu bytes of \"%s\"", n, arg);
}

START_TEST(long_arguments_are_cut_between_characters)
{
	struct game_view	*v = view_new();
	struct game_diag	 d;
	struct game_msg		 m;
	char			 herr[sizeof(german) + 8];
	size_t			 skip;

	ck_assert_uint_gt(strlen(german), 2 * GAME_ARG_MAX);
	ck_assert(utf8_complete(german));
	/* Every start, so the cut meets every byte of every sequence. */
	for (skip = 0; skip < strlen(german); skip++) {
		if (((unsigned char)german[skip] & 0xc0) == 0x80)
			continue;
		game_msg_set(&m, "test.long", 2, german + skip, "kurz");
		assert_cut(m.args[0], german + skip);
		ck_assert_str_eq(m.args[1], "kurz");
		game_msg_arg(&m, "%s", german + skip);
		assert_cut(m.args[2], german + skip);
		game_msg_arg(&m, "Herr %s", german + skip);
		snprintf(herr, sizeof(herr), "Herr %s", german + skip);
		assert_cut(m.args[3], herr);
		game_diag_set(&d, "test.long", 1, german + skip);
		assert_cut(d.msg.args[0], german + skip);
		v->nmsgs = 0;
		game_view_add(v, "test.long", 1, german + skip);
		assert_cut(v->msgs[0].args[0], german + skip);
	}
	free(v);
}
END_TEST

/* The helpers a game quotes a player's text with before it makes the
 * message: the same cut as the arguments themselves. */
START_TEST(a_games_own_argument_buffer_is_cut_the_same_way)
{
	char	 arg[GAME_ARG_MAX], word[GAME_ARG_MAX];
	size_t	 skip, n;

	for (skip = 0; skip < strlen(german); skip++) {
		if (((unsigned char)german[skip] & 0xc0) == 0x80)
			continue;
		game_msg_format(arg, "%.*s", (int)strlen(german + skip),
		    german + skip);
		assert_cut(arg, german + skip);
		/* A word copied by hand to what fits, then cut. */
		n = strlen(german + skip);
		if (n > sizeof(word) - 1)
			n = sizeof(word) - 1;
		memcpy(word, german + skip, n);
		word[n] = '\0';
		game_msg_cut(word, n);
		assert_cut(word, german + skip);
	}
}
END_TEST

START_TEST(umlauts_alone_lose_a_whole_letter_at_the_cut)
{
	struct game_msg	 m;
	char		 text[2 * GAME_ARG_MAX + 1];
	size_t		 i;

	/* 64 times "ä" (0xc3 0xa4): 63 bytes hold 31 of them and half of
	 * the 32nd, which goes. */
	for (i = 0; i < GAME_ARG_MAX; i++)
		memcpy(text + 2 * i, "ä", 2);
	text[2 * GAME_ARG_MAX] = '\0';
	game_msg_set(&m, "test.long", 1, text);
	ck_assert_uint_eq(strlen(m.args[0]), 62);
	ck_assert(utf8_complete(m.args[0]));
	/* A text that fits exactly is kept whole: 31 of them and "x". */
	text[GAME_ARG_MAX - 2] = 'x';
	text[GAME_ARG_MAX - 1] = '\0';
	game_msg_set(&m, "test.long", 1, text);
	ck_assert_str_eq(m.args[0], text);
}
END_TEST

/* Lines of 100 bytes ("0000...\n", "0001...\n", ...) into the diagram. */
static void
board_lines(struct game_view *v, int from, int n)
{
	int	 i;

	for (i = from; i < from + n; i++)
		game_view_board(v, "%04d%095d\n", i, 0);
}

START_TEST(a_diagram_that_fits_is_kept_whole)
{
	struct game_view	*v = view_new();

	board_lines(v, 0, 40);
	game_view_board(v, "%0*d", GAME_BOARD_MAX - 1 - 4000, 7);
	ck_assert_uint_eq(strlen(v->board), GAME_BOARD_MAX - 1);
	ck_assert_int_eq(v->nmsgs, 0);
	free(v);
}
END_TEST

/* game.h, GAME_BOARD_MAX: cut after the last whole line, the marker
 * line, one message; nothing is appended after the cut. */
START_TEST(a_diagram_too_long_is_cut_after_a_whole_line_and_says_so)
{
	struct game_view	*v = view_new();
	size_t			 len, mark = strlen(GAME_BOARD_CUT);

	board_lines(v, 0, 45);
	len = strlen(v->board);
	ck_assert_uint_lt(len, GAME_BOARD_MAX);
	ck_assert_uint_ge(len, GAME_BOARD_MAX - 100 - mark);
	ck_assert_str_eq(v->board + len - mark, GAME_BOARD_CUT);
	/* 40 whole lines (4000 bytes) and the marker: line 40 would have
	 * ended past the room the marker needs. */
	ck_assert_uint_eq(len, 4000 + mark);
	ck_assert_int_eq(strncmp(v->board + 3900, "0039", 4), 0);
	ck_assert_int_eq(v->nmsgs, 1);
	ck_assert_str_eq(v->msgs[0].key, GAME_BOARD_CUT_KEY);
	ck_assert_str_eq(v->msgs[0].key, "game.board_cut");
	ck_assert_str_eq(v->msgs[0].args[0], "4096");
	/* Later lines, even short ones, are left out. */
	game_view_board(v, "x\n");
	ck_assert_uint_eq(strlen(v->board), len);
	ck_assert_int_eq(v->nmsgs, 1);
	free(v);
}
END_TEST

START_TEST(the_notice_of_a_cut_diagram_reads_in_english_and_german)
{
	struct catalog	*en, *de;
	struct game_view *v = view_new();
	struct buf	 out;
	char		 err[256];

	en = catalog_load("templates", "en", NULL, err, sizeof(err));
	ck_assert_msg(en != NULL, "%s", err);
	de = catalog_load("templates", "de", NULL, err, sizeof(err));
	ck_assert_msg(de != NULL, "%s", err);
	board_lines(v, 0, 50);
	buf_init(&out);
	catalog_render(en, &v->msgs[0], &out);
	ck_assert_msg(strstr(out.data, "into 4096 bytes") != NULL, "%s",
	    out.data);
	buf_free(&out);
	buf_init(&out);
	catalog_render(de, &v->msgs[0], &out);
	ck_assert_msg(strstr(out.data, "nicht in 4096 Bytes") != NULL, "%s",
	    out.data);
	buf_free(&out);
	catalog_free(de);
	catalog_free(en);
	free(v);
}
END_TEST

/* game_stat_end: the key of a reason, given as an argument or a key. */
START_TEST(stat_end_names_the_key_of_a_reason)
{
	struct game_stat	 st;

	memset(&st, 0xa5, sizeof(st));
	game_stat_end(&st, "@wotk.reason.mate");
	ck_assert_str_eq(st.end, "wotk.reason.mate");
	game_stat_end(&st, "kz.reason.goal");
	ck_assert_str_eq(st.end, "kz.reason.goal");
	game_stat_end(&st, "");
	ck_assert_str_eq(st.end, "");
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
	tc = tcase_create("game_view_board");
	tcase_add_test(tc, a_diagram_that_fits_is_kept_whole);
	tcase_add_test(tc,
	    a_diagram_too_long_is_cut_after_a_whole_line_and_says_so);
	tcase_add_test(tc,
	    the_notice_of_a_cut_diagram_reads_in_english_and_german);
	suite_add_tcase(s, tc);
	tc = tcase_create("utf8");
	tcase_add_test(tc, long_arguments_are_cut_between_characters);
	tcase_add_test(tc, umlauts_alone_lose_a_whole_letter_at_the_cut);
	tcase_add_test(tc, a_games_own_argument_buffer_is_cut_the_same_way);
	suite_add_tcase(s, tc);
	tc = tcase_create("game_stat_end");
	tcase_add_test(tc, stat_end_names_the_key_of_a_reason);
	suite_add_tcase(s, tc);
	return s;
}
