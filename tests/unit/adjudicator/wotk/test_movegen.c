/*
 * test_movegen.c - the move generator of Way of the Knight against the
 * rules' test positions and perft.
 *
 * tests/data/wotk/positions.txt holds every position of
 * rules/way-of-the-knight.md 8.2 to 8.4 (option variants included), the
 * handicap-castling and alternative-table positions, each with its exact
 * move list; tests/data/wotk/perft.txt the chess perft counts with
 * experience switched off. Also: every form's reach on an empty board
 * (research 4.2 and 4.4 "d4" and "a1" counts) and the ways of improving.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/wotk/wotk.h"

#define LINE_MAX_	1024
#define CASES_MAX	128

struct tcase_row {
	char	 id[16];
	char	 options[64];
	char	 fen[128];
	char	 scope[16];
	char	 expect[LINE_MAX_];
};

static char *
trim(char *s)
{
	char	*e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n'))
		*--e = '\0';
	return s;
}

/* The i-th data row of file (0-based); returns the row count when i < 0. */
static int
read_row(const char *file, int i, struct tcase_row *r)
{
	char	 line[LINE_MAX_], *f[5], *p;
	FILE	*fp = fopen(file, "r");
	int	 n = 0, k;

	/* Counting runs outside any test: no ck_assert there. */
	if (fp == NULL) {
		if (i >= 0)
			ck_abort_msg("cannot open %s", file);
		return 0;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		p = trim(line);
		if (*p == '\0' || *p == '#')
			continue;
		if (n++ != i)
			continue;
		for (k = 0; k < 5; k++) {
			f[k] = p;
			p = strchr(p, '|');
			if (p == NULL && k < 4)
				ck_abort_msg("bad row %d of %s", i, file);
			if (p != NULL)
				*p++ = '\0';
		}
		snprintf(r->id, sizeof(r->id), "%s", trim(f[0]));
		snprintf(r->options, sizeof(r->options), "%s", trim(f[1]));
		snprintf(r->fen, sizeof(r->fen), "%s", trim(f[2]));
		snprintf(r->scope, sizeof(r->scope), "%s", trim(f[3]));
		snprintf(r->expect, sizeof(r->expect), "%s", trim(f[4]));
	}
	fclose(fp);
	return n;
}

static int
cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted, blank-separated words of s ('_' inside a word is a blank). */
static void
canon(char *s, char *out, size_t outlen)
{
	char	*w[WOTK_MAX_MOVES], *p;
	size_t	 n = 0, i, len = 0;

	for (p = strtok(s, " "); p != NULL && n < WOTK_MAX_MOVES;
	    p = strtok(NULL, " "))
		w[n++] = p;
	qsort(w, n, sizeof(w[0]), cmp);
	out[0] = '\0';
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(out + len, outlen - len, "%s%s",
		    i ? " " : "", w[i]);
	for (p = out; *p; p++)
		if (*p == '_')
			*p = ' ';
}

static int
square(const char *s)
{
	return (s[1] - '1') * 8 + (s[0] - 'a');
}

START_TEST(position_has_the_expected_moves)
{
	struct tcase_row	 r;
	struct wotk_rules	 rules;
	struct wotk_pos		 p;
	struct wotk_move	 m[WOTK_MAX_MOVES];
	struct game_diag	 why;
	char			 got[8 * LINE_MAX_], want[8 * LINE_MAX_];
	char			 all[8 * LINE_MAX_], t[WOTK_MOVE_TEXT];
	int			 n, i, from = -1, to = -1, k = 0;
	size_t			 len = 0;

	read_row("tests/data/wotk/positions.txt", _i, &r);
	ck_assert_msg(wotk_options(r.options, &rules, &why) == 0, "%s", r.id);
	if (strcmp(r.scope, "bad") == 0) {
		ck_assert_msg(wotk_fen_read(r.fen, &rules, &p) != 0,
		    "%s: position accepted", r.id);
		return;
	}
	ck_assert_msg(wotk_fen_read(r.fen, &rules, &p) == 0, "%s: FEN", r.id);
	n = wotk_gen_legal(&p, &rules, m);
	if (strcmp(r.scope, "count") == 0) {
		ck_assert_msg(n == atoi(r.expect), "%s: %d moves, want %s",
		    r.id, n, r.expect);
		return;
	}
	if (strlen(r.scope) == 2)
		from = square(r.scope);
	else if (strlen(r.scope) == 5) {
		from = square(r.scope);
		to = square(r.scope + 3);
	}
	all[0] = '\0';
	for (i = 0; i < n; i++) {
		if ((from >= 0 && m[i].from != from) ||
		    (to >= 0 && m[i].to != to))
			continue;
		wotk_move_text(&p, &m[i], t);
		for (char *c = t; *c; c++)
			if (*c == ' ')
				*c = '_';
		len += (size_t)snprintf(all + len, sizeof(all) - len, "%s%s",
		    k++ ? " " : "", t);
	}
	canon(all, got, sizeof(got));
	if (strcmp(r.expect, "-") == 0)
		r.expect[0] = '\0';
	canon(r.expect, want, sizeof(want));
	ck_assert_msg(strcmp(got, want) == 0, "%s: got [%s], want [%s]", r.id,
	    got, want);
}
END_TEST

START_TEST(perft_counts)
{
	struct tcase_row	 r;
	struct wotk_rules	 rules;
	struct wotk_pos		 p;
	struct game_diag	 why;
	uint64_t		 got;

	read_row("tests/data/wotk/perft.txt", _i, &r);
	ck_assert(wotk_options(r.options, &rules, &why) == 0);
	ck_assert_msg(wotk_fen_read(r.fen, &rules, &p) == 0, "%s", r.id);
	got = wotk_perft(&p, &rules, atoi(r.scope));
	ck_assert_msg(got == strtoull(r.expect, NULL, 10),
	    "%s: perft %s = %llu, want %s", r.id, r.scope,
	    (unsigned long long)got, r.expect);
}
END_TEST

/* research 4.2/4.4: targets from d4 and a1 on an empty board. */
START_TEST(forms_reach_the_documented_squares)
{
	static const struct {
		int	 form, d4, a1;
	} want[] = {
		{ WOTK_SQUIRE, 6, 3 }, { WOTK_PRIEST, 8, 3 },
		{ WOTK_KNIGHT, 8, 2 }, { WOTK_BISHOP, 13, 7 },
		{ WOTK_BARON, 12, 4 }, { WOTK_ARCHBISHOP, 17, 9 },
		{ WOTK_ROOK, 14, 14 }, { WOTK_NIGHTRIDER, 12, 6 },
		{ WOTK_FOOL, 16, 5 }, { WOTK_CARDINAL, 21, 9 },
		{ WOTK_CHANCELLOR, 22, 16 }, { WOTK_QUEEN, 27, 21 },
		{ WOTK_LORD, 25, 13 }, { WOTK_RAVEN, 26, 20 },
		{ WOTK_KING, 8, 3 }, { WOTK_GUARD, 12, -1 },
		{ WOTK_EARL, 14, -1 }, { WOTK_SHIP, 12, -1 },
		{ WOTK_WATCHTOWER, 16, -1 }, { WOTK_CANNON, 16, -1 },
		{ WOTK_GIRAFFE, 21, -1 }, { WOTK_DUKE, 25, 13 },
	};
	size_t	 i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		ck_assert_msg(__builtin_popcountll(wotk_targets(want[i].form,
		    27, 0)) == want[i].d4, "form %c from d4",
		    wotk_forms[want[i].form].letter);
		if (want[i].a1 >= 0)
			ck_assert_msg(__builtin_popcountll(wotk_targets(
			    want[i].form, 0, 0)) == want[i].a1,
			    "form %c from a1",
			    wotk_forms[want[i].form].letter);
	}
}
END_TEST

/* The standard table has 16 forms on 11 levels; improving follows it. */
START_TEST(standard_ways_of_improving)
{
	struct wotk_rules	 r;
	struct game_diag	 why;
	int			 f, n = 0;

	ck_assert_int_eq(wotk_options("", &r, &why), 0);
	for (f = 0; f < WOTK_FORMS; f++)
		if (r.paths->forms & (1u << f))
			n++;
	ck_assert_int_eq(n, 16);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_PAWN, 1),
	    (1u << WOTK_SQUIRE) | (1u << WOTK_PRIEST));
	ck_assert_uint_eq(wotk_reach(&r, WOTK_SQUIRE, 2), 1u << WOTK_BARON);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_PRIEST, 2),
	    1u << WOTK_ARCHBISHOP);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_ARCHBISHOP, 1), 1u << WOTK_ROOK);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_ROOK, 1),
	    (1u << WOTK_NIGHTRIDER) | (1u << WOTK_FOOL));
	ck_assert_uint_eq(wotk_reach(&r, WOTK_ROOK, 3),
	    (1u << WOTK_CHANCELLOR) | (1u << WOTK_QUEEN));
	ck_assert_uint_eq(wotk_reach(&r, WOTK_QUEEN, 3), 1u << WOTK_KING);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_KING, 1), 1u << WOTK_KING);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_PAWN, 10), 1u << WOTK_KING);
}
END_TEST

/* The alternative table: 22 forms; the Duke stands where the Lord was. */
START_TEST(alternative_ways_of_improving)
{
	struct wotk_rules	 r;
	struct game_diag	 why;
	int			 f, n = 0;

	ck_assert_int_eq(wotk_options("paths=alternative", &r, &why), 0);
	for (f = 0; f < WOTK_FORMS; f++)
		if (r.paths->forms & (1u << f))
			n++;
	ck_assert_int_eq(n, 22);
	ck_assert_int_eq(wotk_form_by_letter(&r, 'w'), WOTK_DUKE);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_SQUIRE, 1), 1u << WOTK_KNIGHT);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_KNIGHT, 1),
	    (1u << WOTK_BARON) | (1u << WOTK_GUARD));
	ck_assert_uint_eq(wotk_reach(&r, WOTK_GUARD, 1),
	    (1u << WOTK_EARL) | (1u << WOTK_ROOK) | (1u << WOTK_SHIP));
	ck_assert_uint_eq(wotk_reach(&r, WOTK_SHIP, 1),
	    (1u << WOTK_FOOL) | (1u << WOTK_WATCHTOWER));
	ck_assert_uint_eq(wotk_reach(&r, WOTK_FOOL, 1),
	    (1u << WOTK_GIRAFFE) | (1u << WOTK_CARDINAL));
	ck_assert_uint_eq(wotk_reach(&r, WOTK_CANNON, 1),
	    1u << WOTK_CHANCELLOR);
	ck_assert_uint_eq(wotk_reach(&r, WOTK_QUEEN, 1), 1u << WOTK_DUKE);
	ck_assert_int_eq(wotk_options("paths=fancy", &r, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.option");
}
END_TEST

/*
 * Issue 14: the alternative table's Duke is the Lord under another name
 * (decision 3), so its letters and names are the Lord's too: L and W in
 * either case, Lord and Duke (the German texts use the same two words).
 * The standard table reads nothing differently: no W, no Duke there.
 */
START_TEST(duke_is_written_as_the_lord_too)
{
	static const char *const duke[] = {
		"L", "l", "W", "w", "Lord", "LORD", "lord", "Duke", "DUKE",
		"duke",
	};
	struct wotk_rules	 r;
	struct wotk_pos		 pl, pw;
	struct game_diag	 why;
	char			 out[WOTK_FEN_MAX];
	size_t			 i;

	ck_assert_int_eq(wotk_options("paths=alternative", &r, &why), 0);
	ck_assert_int_eq(wotk_form_by_letter(&r, 'L'), WOTK_DUKE);
	ck_assert_int_eq(wotk_form_by_letter(&r, 'l'), WOTK_DUKE);
	for (i = 0; i < sizeof(duke) / sizeof(duke[0]); i++)
		ck_assert_msg(wotk_form_by_name(&r, duke[i]) == WOTK_DUKE,
		    "%s", duke[i]);
	ck_assert_int_eq(wotk_fen_read("l3k3/7r/8/8/8/8/8/KL6 w - - 0 1", &r,
	    &pl), 0);
	ck_assert_int_eq(wotk_fen_read("w3k3/7r/8/8/8/8/8/KW6 w - - 0 1", &r,
	    &pw), 0);
	ck_assert_mem_eq(&pl, &pw, sizeof(pl));
	ck_assert_int_eq(WOTK_FORM_OF(pl.sq[1]), WOTK_DUKE);
	wotk_fen_write(&pl, out, sizeof(out));
	ck_assert_str_eq(out, "w3k3/7r/8/8/8/8/8/KW6 w - - 0 1");

	ck_assert_int_eq(wotk_options("", &r, &why), 0);
	ck_assert_int_eq(wotk_form_by_letter(&r, 'l'), WOTK_LORD);
	ck_assert_int_eq(wotk_form_by_name(&r, "Lord"), WOTK_LORD);
	ck_assert_int_eq(wotk_form_by_letter(&r, 'W'), -1);
	ck_assert_int_eq(wotk_form_by_name(&r, "Duke"), -1);
	ck_assert_int_eq(wotk_fen_read("l3k3/7r/8/8/8/8/8/KL6 w - - 0 1", &r,
	    &pl), 0);
	wotk_fen_write(&pl, out, sizeof(out));
	ck_assert_str_eq(out, "l3k3/7r/8/8/8/8/8/KL6 w - - 0 1");
	ck_assert_int_eq(wotk_fen_read("w3k3/7r/8/8/8/8/8/KW6 w - - 0 1", &r,
	    &pw), -1);
}
END_TEST

/* FEN text round trip, including improved forms and clocks. */
START_TEST(fen_round_trip)
{
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/8/8/8/8/8/8/F3K2C b KQkq - 7 31",
		"j3r3/7k/8/8/V6r/8/8/4K3 w - - 0 1",
		"7k/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	};
	struct wotk_rules	 r;
	struct wotk_pos		 p;
	struct game_diag	 why;
	char			 out[WOTK_FEN_MAX];
	size_t			 i;

	ck_assert_int_eq(wotk_options("", &r, &why), 0);
	for (i = 0; i < sizeof(fens) / sizeof(fens[0]); i++) {
		ck_assert_int_eq(wotk_fen_read(fens[i], &r, &p), 0);
		wotk_fen_write(&p, out, sizeof(out));
		ck_assert_str_eq(out, fens[i]);
	}
	/* A castling right needs its King and corner piece; e.p. its pawn. */
	ck_assert_int_eq(wotk_fen_read("r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1",
	    &r, &p), -1);
	ck_assert_int_eq(wotk_fen_read("4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
	    &r, &p), -1);
	/* The side not to move may not stand in check with its one King. */
	ck_assert_int_eq(wotk_fen_read("4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
	    &r, &p), -1);
	ck_assert_int_eq(wotk_fen_read("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1",
	    &r, &p), 0);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/wotk/movegen");
	TCase	*tc;
	struct tcase_row r;

	tc = tcase_create("positions");
	tcase_add_loop_test(tc, position_has_the_expected_moves, 0,
	    read_row("tests/data/wotk/positions.txt", -1, &r));
	suite_add_tcase(s, tc);
	tc = tcase_create("perft");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, perft_counts, 0,
	    read_row("tests/data/wotk/perft.txt", -1, &r));
	suite_add_tcase(s, tc);
	tc = tcase_create("forms");
	tcase_add_test(tc, forms_reach_the_documented_squares);
	tcase_add_test(tc, standard_ways_of_improving);
	tcase_add_test(tc, alternative_ways_of_improving);
	tcase_add_test(tc, duke_is_written_as_the_lord_too);
	tcase_add_test(tc, fen_round_trip);
	suite_add_tcase(s, tc);
	return s;
}
