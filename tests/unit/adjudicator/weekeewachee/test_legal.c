/*
 * test_legal.c - weekeewachee's legal orders (legal.c) against its parser.
 *
 * The list must be exactly what the judge accepts: along seeded random
 * games (Classic and Blind-Fun), for both seats at every position, every
 * listed order parses back to itself, and the list equals the canonical
 * texts of every line of every shape the parser takes (any two squares,
 * "-" and "x", setups, draws) that it accepts. In Blind-Fun the list never
 * depends on a hidden identity; once the game is over it is empty.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "common/rng.h"

extern const struct game_ops wkw_ops;

#define LIST_MAX	256
#define GAMES		12
#define PLIES		80

struct list {
	int	 n;
	char	 v[LIST_MAX][GAME_ORDER_MAX];
};

static void
list_add(void *arg, const char *order)
{
	struct list	*l = arg;

	ck_assert_int_lt(l->n, LIST_MAX);
	snprintf(l->v[l->n++], sizeof(l->v[0]), "%s", order);
}

static bool
list_has(const struct list *l, const char *order)
{
	int	 i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i], order) == 0)
			return true;
	return false;
}

static int
list_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void
legal_of(const struct game_state *st, int seat, struct list *l)
{
	l->n = 0;
	ck_assert_int_eq(wkw_ops.legal(st, seat, list_add, l), l->n);
	qsort(l->v, (size_t)l->n, sizeof(l->v[0]), list_cmp);
}

/* The canonical text of line for seat, or "" when it is refused. */
static const char *
canon(const struct game_state *st, int seat, const char *line)
{
	static struct game_order o;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";

	memset(&o, 0, sizeof(o));
	if (wkw_ops.parse(st, seat, line, ctx, &o, 1, &why) != 1)
		return "";
	return o.text;
}

/* Adds the canonical text of line to acc when the parser accepts it. */
static void
accept_into(const struct game_state *st, int seat, const char *line,
    struct list *acc)
{
	const char	*c = canon(st, seat, line);

	if (*c != '\0' && !list_has(acc, c))
		list_add(acc, c);
}

/*
 * The listed orders, sorted, equal the canonical texts of every line the
 * parser accepts: any two squares with "-" and with "x", the draw orders,
 * and with setups every word of four piece letters. Each listed order
 * reads back as itself.
 */
static void
assert_list_is_the_parser(const struct game_state *st, int seat, bool setups)
{
	static const char	 letters[] = "RPSW";
	static struct list	 l, acc;
	char			 line[16];
	unsigned		 a, b, i;

	legal_of(st, seat, &l);
	for (i = 0; i < (unsigned)l.n; i++)
		ck_assert_str_eq(canon(st, seat, l.v[i]), l.v[i]);
	acc.n = 0;
	for (a = 0; a < 24; a++)
		for (b = 0; b < 24; b++)
			for (i = 0; i < 2; i++) {
				line[0] = (char)('a' + a % 4);
				line[1] = (char)('1' + a / 4);
				line[2] = i ? 'x' : '-';
				line[3] = (char)('a' + b % 4);
				line[4] = (char)('1' + b / 4);
				line[5] = '\0';
				accept_into(st, seat, line, &acc);
			}
	for (i = 0; setups && i < 256; i++) {
		snprintf(line, sizeof(line), "SETUP %c%c%c%c",
		    letters[i & 3], letters[(i >> 2) & 3],
		    letters[(i >> 4) & 3], letters[(i >> 6) & 3]);
		accept_into(st, seat, line, &acc);
	}
	accept_into(st, seat, "DRAW?", &acc);
	accept_into(st, seat, "DRAW!", &acc);
	accept_into(st, seat, "PASS", &acc);
	qsort(acc.v, (size_t)acc.n, sizeof(acc.v[0]), list_cmp);
	ck_assert_int_eq(acc.n, l.n);
	for (i = 0; i < (unsigned)l.n; i++)
		ck_assert_str_eq(acc.v[i], l.v[i]);
}

/* A random move of the seat to move (draw orders left out). */
static void
random_move(struct game_state *st, int seat, struct rng *r)
{
	static struct list	 l;
	struct game_order	 o;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";
	int			 i, k = 0, moves[LIST_MAX];

	legal_of(st, seat, &l);
	for (i = 0; i < l.n; i++)
		if (strncmp(l.v[i], "DRAW", 4) != 0)
			moves[k++] = i;
	ck_assert_int_gt(k, 0);
	i = moves[rng_below(r, (uint32_t)k)];
	ck_assert_int_eq(wkw_ops.parse(st, seat, l.v[i], ctx, &o, 1, &why), 1);
	o.seat = seat;
	ck_assert(wkw_ops.ready(st, &o, 1));
	ck_assert_int_eq(wkw_ops.adjudicate(st, &o, 1, &why), 0);
}

static void
setup_both(struct game_state *st, struct rng *r)
{
	static struct list	 l;
	struct game_order	 o[2];
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";
	int			 s;

	for (s = 0; s < 2; s++) {
		legal_of(st, s, &l);
		ck_assert_int_eq(l.n, 24 + 2);
		ck_assert_int_eq(wkw_ops.parse(st, s, l.v[2 + rng_below(r, 24)],
		    ctx, &o[s], 1, &why), 1);
		o[s].seat = s;
	}
	ck_assert_int_eq(wkw_ops.adjudicate(st, o, 2, &why), 0);
}

START_TEST(legal_is_exactly_what_the_parser_accepts)
{
	static const char *const variants[] = { "", "blind" };
	struct game_state	*st;
	struct game_diag	 why;
	struct game_view	 v;
	struct rng		 r;
	int			 g, ply, seat;

	rng_seed(&r, 20240601u + (uint64_t)_i);
	for (g = 0; g < GAMES; g++) {
		ck_assert_int_eq(wkw_ops.create(variants[_i], rng_next(&r),
		    &st, &why), 0);
		ck_assert_int_eq(wkw_ops.start(st, GAME_NOBODY, &why), 0);
		for (seat = 0; seat < 2; seat++)
			assert_list_is_the_parser(st, seat, true);
		if (_i == 0)
			setup_both(st, &r);
		for (ply = 0; ply < PLIES; ply++) {
			wkw_ops.view(st, GAME_SEAT_GM, &v);
			for (seat = 0; seat < 2; seat++)
				assert_list_is_the_parser(st, seat, ply == 0);
			if (v.status != GAME_STATUS_RUNNING)
				break;
			random_move(st, v.due[0] ? 0 : 1, &r);
		}
		wkw_ops.free(st);
	}
}
END_TEST

static struct game_state *
load(const char *board)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			 text[512];

	snprintf(text, sizeof(text), "wkw 1\nvariant: blind\nphase: play\n"
	    "first: 0\nturn: 0\nply: 10\nwinner: -1\nend: none\n"
	    "seed: 000000000000002a\nrng: 0000000000000001 0000000000000002 "
	    "0000000000000003 0000000000000004\nboard: %s\n"
	    "last: none -1 a1 a1 . . 0 none\n", board);
	ck_assert_int_eq(wkw_ops.load(text, &st, &why), 0);
	return st;
}

START_TEST(blind_legal_ignores_hidden_kinds)
{
	/* Same squares and revealed pieces (W b3, r c4); hidden kinds
	 * permuted. The revealed well may take the revealed rock. */
	struct game_state	*a = load("S?R?../..../.W../p?.r./..s?./....");
	struct game_state	*b = load("R?S?../..../.W../s?.r./..p?./....");
	static struct list	 la, lb;
	int			 seat, i;

	for (seat = 0; seat < 2; seat++) {
		legal_of(a, seat, &la);
		legal_of(b, seat, &lb);
		ck_assert_int_eq(la.n, lb.n);
		for (i = 0; i < la.n; i++)
			ck_assert_str_eq(la.v[i], lb.v[i]);
	}
	legal_of(a, 0, &la);
	ck_assert(list_has(&la, "b3xc4"));	/* well beats rock */
	ck_assert(list_has(&la, "b3xa4"));	/* onto a hidden piece */
	ck_assert(list_has(&la, "a1-a2"));
	wkw_ops.free(a);
	wkw_ops.free(b);
}
END_TEST

START_TEST(nothing_is_legal_once_the_game_is_over)
{
	struct game_state	*st = load("R?.../..../..../..../..W?./s?...");
	static struct list	 l;
	struct game_order	 o;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";

	ck_assert_int_eq(wkw_ops.parse(st, 0, "c5-c6", ctx, &o, 1, &why), 1);
	ck_assert_int_eq(wkw_ops.adjudicate(st, &o, 1, &why), 0);
	legal_of(st, 0, &l);
	ck_assert_int_eq(l.n, 0);
	legal_of(st, 1, &l);
	ck_assert_int_eq(l.n, 0);
	wkw_ops.free(st);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/weekeewachee/legal");
	TCase	*tc;

	tc = tcase_create("legal");
	tcase_add_loop_test(tc, legal_is_exactly_what_the_parser_accepts, 0, 2);
	tcase_add_test(tc, blind_legal_ignores_hidden_kinds);
	tcase_add_test(tc, nothing_is_legal_once_the_game_is_over);
	suite_add_tcase(s, tc);
	return s;
}
