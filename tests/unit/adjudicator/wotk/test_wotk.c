/*
 * test_wotk.c - Way of the Knight through its game_ops, as the judge
 * drives it: orders (notation, alignment choice, errors), whole games to
 * mate, repetition and agreement, the handicap set-up and castling with an
 * improved corner piece, the view's diagram and cells, and the state text
 * round trip for every state reached.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

extern const struct game_ops wotk_ops;

/* save(load(save(s))) == save(s) (STYLE.md 12). */
static void
roundtrip(const struct game_state *st)
{
	tg_state_roundtrip(&wotk_ops, st);
}

static struct game_state *
new_game(const char *options, const int *handicap, int first)
{
	struct game_state	*st;
	struct game_diag	 why;

	ck_assert_int_eq(wotk_ops.create(options, 42, &st, &why), 0);
	roundtrip(st);
	if (handicap != NULL)
		ck_assert_int_eq(wotk_ops.handicap(st, handicap, 2, &why), 0);
	ck_assert_int_eq(wotk_ops.start(st, first, &why), 0);
	roundtrip(st);
	return st;
}

/* Parses line for seat; returns 0 with the order, or -1 and why's key. */
static int
parse(const struct game_state *st, int seat, const char *line,
    struct game_order *o, char *key)
{
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";
	int			 n;

	memset(&why, 0, sizeof(why));
	n = wotk_ops.parse(st, seat, line, ctx, o, 1, &why);
	if (key != NULL)
		snprintf(key, GAME_KEY_MAX, "%s", n < 0 ? why.msg.key : "");
	return n == 1 ? 0 : -1;
}

/* Plays one line (and a DRAW of the same seat first if draw). */
static void
play(struct game_state *st, int seat, const char *line, bool draw)
{
	struct game_order	 o[2];
	struct game_diag	 why;
	char			 key[GAME_KEY_MAX];
	int			 n = 0;

	if (draw) {
		ck_assert_int_eq(parse(st, seat, "DRAW", &o[n], key), 0);
		n++;
	}
	ck_assert_msg(parse(st, seat, line, &o[n], key) == 0, "%s: %s", line,
	    key);
	n++;
	ck_assert(wotk_ops.ready(st, o, n));
	ck_assert_int_eq(wotk_ops.adjudicate(st, o, n, &why), 0);
	roundtrip(st);
}

static bool
view_has(const struct game_view *v, const char *key)
{
	int	 i;

	for (i = 0; i < v->nmsgs; i++)
		if (strcmp(v->msgs[i].key, key) == 0)
			return true;
	return false;
}

START_TEST(moves_in_every_notation)
{
	struct game_state	*st = new_game("", NULL, 0);
	struct game_order	 o;
	char			 key[GAME_KEY_MAX];

	ck_assert_int_eq(parse(st, 0, "e2-e4", &o, key), 0);
	ck_assert_str_eq(o.text, "e2-e4");
	ck_assert_str_eq(o.slot, "move");
	ck_assert_int_eq(parse(st, 0, "  E2 E4 ", &o, key), 0);
	ck_assert_str_eq(o.text, "e2-e4");
	ck_assert_int_eq(parse(st, 0, "Ng1-f3", &o, key), 0);
	ck_assert_str_eq(o.text, "g1-f3");
	ck_assert_int_eq(parse(st, 0, "g1f3+", &o, key), 0);
	ck_assert_int_eq(parse(st, 0, "Bg1-f3", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.piece_differs");
	ck_assert_int_eq(parse(st, 1, "e7-e5", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.not_your_turn");
	ck_assert_int_eq(parse(st, 0, "e2-e5", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.cannot_move");
	ck_assert_int_eq(parse(st, 0, "e7-e5", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.not_your_piece");
	ck_assert_int_eq(parse(st, 0, "e2xe3", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.nothing_to_take");
	ck_assert_int_eq(parse(st, 0, "O-O", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.castle");
	ck_assert_int_eq(parse(st, 0, "hello", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.syntax");
	ck_assert_int_eq(parse(st, GAME_SEAT_GM, "e2-e4", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.no_seat");
	wotk_ops.free(st);
}
END_TEST

/* rules 2: where two forms exist the move must name one. */
START_TEST(alignment_choice_is_part_of_the_move)
{
	struct game_state	*st = new_game("", NULL, 1);
	struct game_order	 o;
	struct game_view	 v;
	char			 key[GAME_KEY_MAX];

	/* Seat 1 moved first, so seat 1 plays White. */
	ck_assert_int_eq(parse(st, 0, "e2-e4", &o, key), -1);
	play(st, 1, "e2-e4", false);
	play(st, 0, "d7-d5", false);
	ck_assert_int_eq(parse(st, 1, "e4xd5", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.choose2");
	ck_assert_int_eq(parse(st, 1, "e4xd5=N", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.choose2");
	ck_assert_int_eq(parse(st, 1, "b1-c3=N", &o, key), 0);
	ck_assert_int_eq(parse(st, 1, "b1-c3=J", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.form_wrong");
	ck_assert_int_eq(parse(st, 1, "e4xd5=zebra", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.form_unknown");
	ck_assert_int_eq(parse(st, 1, "e4:d5 (Priester)", &o, key), 0);
	ck_assert_str_eq(o.text, "e4xd5=I");
	ck_assert_str_eq(o.echo.key, "wotk.echo.improve");
	play(st, 1, "e4xd5 = squire", false);
	wotk_ops.view(st, 0, &v);
	ck_assert(view_has(&v, "wotk.ev.capture"));
	ck_assert(view_has(&v, "wotk.ev.improve"));
	ck_assert(strstr(v.board, "S2") != NULL);
	ck_assert(v.due[0] && !v.due[1]);
	wotk_ops.free(st);
}
END_TEST

/* Fool's mate: the one-King check rule gives chess mate (rules 4). */
START_TEST(mate_ends_the_game)
{
	struct game_state	*st = new_game("", NULL, 0);
	struct game_order	 o;
	struct game_view	 v;
	char			 key[GAME_KEY_MAX];

	play(st, 0, "f2-f3", false);
	play(st, 1, "e7-e5", false);
	play(st, 0, "g2-g4", false);
	play(st, 1, "d8-h4", false);
	wotk_ops.view(st, GAME_SEAT_GM, &v);
	ck_assert_int_eq(v.status, GAME_STATUS_OVER);
	ck_assert_int_eq(v.winner, 1);
	ck_assert(view_has(&v, "wotk.result.win"));
	ck_assert_str_eq(v.msgs[v.nmsgs - 2].args[1], "@wotk.reason.mate");
	ck_assert_int_eq(parse(st, 0, "e2-e4", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.game_over");
	wotk_ops.free(st);
}
END_TEST

START_TEST(threefold_repetition_draws)
{
	struct game_state	*st = new_game("", NULL, 0);
	struct game_view	 v;
	struct game_msg		 m[2];
	int			 i;

	for (i = 0; i < 2; i++) {
		play(st, 0, "g1-f3", false);
		play(st, 1, "g8-f6", false);
		play(st, 0, "f3-g1", false);
		wotk_ops.view(st, GAME_SEAT_GM, &v);
		ck_assert_int_eq(v.status, GAME_STATUS_RUNNING);
		play(st, 1, "f6-g8", false);
	}
	wotk_ops.view(st, GAME_SEAT_GM, &v);
	ck_assert_int_eq(v.status, GAME_STATUS_OVER);
	ck_assert_int_eq(v.winner, GAME_DRAWN);
	ck_assert_str_eq(v.msgs[v.nmsgs - 2].args[0],
	    "@wotk.reason.repetition");
	/* Over, nobody is due; the GM's seat (-1, GAME_NOBODY's value too)
	 * owes nothing and is never used as an index (found by the
	 * referee console's "pending gm" under UBSan). */
	ck_assert_int_eq(wotk_ops.pending(st, GAME_SEAT_GM, NULL, 0, m, 2), 0);
	wotk_ops.free(st);
}
END_TEST

/* The draw convention: DRAW rides with a move, DRAW alone accepts. */
START_TEST(draw_offer_rides_with_the_move)
{
	struct game_state	*st = new_game("", NULL, 0);
	struct game_order	 o[2];
	struct game_view	 v;
	struct game_msg	 	 m[2];
	char			 key[GAME_KEY_MAX];

	ck_assert_int_eq(parse(st, 0, "DRAW", &o[0], key), 0);
	ck_assert_str_eq(o[0].slot, "draw");
	ck_assert(!wotk_ops.ready(st, o, 1));
	ck_assert_int_eq(wotk_ops.pending(st, 0, o, 1, m, 2), 1);
	ck_assert_str_eq(m[0].key, "wotk.pending.move_draw");
	ck_assert_int_eq(parse(st, 1, "draw", &o[1], key), -1);
	ck_assert_str_eq(key, "wotk.err.draw_turn");
	play(st, 0, "e2-e4", true);
	wotk_ops.view(st, 1, &v);
	ck_assert(view_has(&v, "wotk.info.draw_offer"));
	/* A move declines it. */
	play(st, 1, "e7-e5", false);
	wotk_ops.view(st, 0, &v);
	ck_assert(!view_has(&v, "wotk.info.draw_offer"));
	play(st, 0, "g1-f3", true);
	ck_assert_int_eq(parse(st, 1, "DRAW", &o[0], key), 0);
	ck_assert_str_eq(o[0].echo.key, "wotk.echo.draw_accept");
	ck_assert(wotk_ops.ready(st, o, 1));
	ck_assert_int_eq(wotk_ops.adjudicate(st, o, 1,
	    &(struct game_diag){ 0 }), 0);
	roundtrip(st);
	wotk_ops.view(st, 0, &v);
	ck_assert_int_eq(v.winner, GAME_DRAWN);
	ck_assert(view_has(&v, "wotk.ev.draw_agreed"));
	wotk_ops.free(st);
}
END_TEST

/*
 * rules 6 and 5: the handicapped seat plays White, spends all points
 * before the first move, and a Rook improved on h1 still castles.
 */
START_TEST(handicap_setup_and_castling_with_improved_corner)
{
	static const int	 pts[2] = { 0, 3 };
	struct game_state	*st = new_game("", pts, 0);
	struct game_order	 o;
	struct game_view	 v;
	char			 key[GAME_KEY_MAX];

	wotk_ops.view(st, 1, &v);
	ck_assert(v.due[1] && !v.due[0]);
	ck_assert(view_has(&v, "wotk.info.setup_due"));
	ck_assert_int_eq(wotk_ops.legal(st, 1, NULL, NULL), -1);
	ck_assert_int_eq(parse(st, 1, "e2-e4", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.setup_first");
	ck_assert_int_eq(parse(st, 0, "SETUP h1=G", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.no_setup");
	ck_assert_int_eq(parse(st, 1, "SETUP h1=G", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.setup_points");
	ck_assert_int_eq(parse(st, 1, "SETUP h1=Q b2=S", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.setup_points");
	ck_assert_int_eq(parse(st, 1, "SETUP b1=B c2=S", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.setup_way");
	ck_assert_int_eq(parse(st, 1, "SETUP h1=G h1=F b2=S", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.setup_twice");
	ck_assert_int_eq(parse(st, 1, "SETUP e8=Q b2=S", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.not_your_piece");
	ck_assert_int_eq(parse(st, 1, "setup h1 nightrider, b2=I c2=s", &o,
	    key), 0);
	ck_assert_str_eq(o.text, "SETUP h1=G b2=I c2=S");
	play(st, 1, "SETUP h1=G b2=I c2=S", false);
	wotk_ops.view(st, 0, &v);
	ck_assert(view_has(&v, "wotk.ev.setup"));
	ck_assert(v.due[1]);
	play(st, 1, "g1-f3", false);
	play(st, 0, "a7-a6", false);
	play(st, 1, "e2-e3", false);
	play(st, 0, "a6-a5", false);
	play(st, 1, "f1-e2", false);
	play(st, 0, "a5-a4", false);
	ck_assert_int_eq(parse(st, 1, "0-0", &o, key), 0);
	ck_assert_str_eq(o.text, "O-O");
	play(st, 1, "O-O", false);
	wotk_ops.view(st, 1, &v);
	/* White's side at the bottom: rank 1 is the last diagram row. */
	ck_assert(strstr(v.board, "1 | R5  N3  B3  Q8  :   G6  K11 .   | 1")
	    != NULL);
	wotk_ops.free(st);
}
END_TEST

/* The cells are the diagram's twin: names, labels with level, shades. */
START_TEST(view_cells_follow_the_board)
{
	struct game_state	*st = new_game("", NULL, 0);
	struct game_view	 v;
	const struct game_cell	*c;
	int			 i, n;

	play(st, 0, "e2-e4", false);
	wotk_ops.view(st, 0, &v);
	ck_assert_int_eq(v.cells.n, 64);
	ck_assert_int_eq(v.cells.rows, 8);
	c = &v.cells.cell[7 * 8 + 0];	/* bottom left for White: a1 */
	ck_assert_str_eq(c->name, "a1");
	ck_assert_str_eq(c->label, "R5");
	ck_assert_int_eq(c->shade, GAME_SHADE_DARK);
	ck_assert_int_eq(c->marks, 0);
	ck_assert_int_eq(c->owner, GAME_OWNER_SEAT0);
	c = &v.cells.cell[4 * 8 + 4];
	ck_assert_str_eq(c->name, "e4");
	ck_assert_int_eq(c->shade, GAME_SHADE_PLAIN);	/* e4 is light */
	ck_assert_int_eq(c->marks, GAME_MARK_LAST);
	c = &v.cells.cell[6 * 8 + 4];
	ck_assert_str_eq(c->name, "e2");
	ck_assert_int_eq(c->marks, GAME_MARK_LAST);
	/* A mark lies on the board's colouring; it replaces no square's. */
	for (i = n = 0; i < 64; i++) {
		c = &v.cells.cell[i];
		ck_assert_int_eq(c->shade, (c->row + c->col) % 2 ?
		    GAME_SHADE_DARK : GAME_SHADE_PLAIN);
		n += c->marks != 0;
	}
	ck_assert_int_eq(n, 2);
	c = &v.cells.cell[0 * 8 + 4];
	ck_assert_str_eq(c->name, "e8");
	ck_assert_str_eq(c->label, "K11");
	ck_assert_int_eq(c->owner, GAME_OWNER_SEAT1);
	wotk_ops.view(st, 1, &v);	/* Black sees the board turned */
	ck_assert_str_eq(v.cells.cell[0].name, "h1");
	ck_assert_str_eq(v.cells.cell[63].name, "a8");
	ck_assert(strncmp(v.board, "    h   g", 9) == 0);
	ck_assert(view_has(&v, "wotk.info.you"));
	ck_assert_str_eq(v.msgs[0].args[0], "@wotk.color.1");
	wotk_ops.free(st);
}
END_TEST

static void
count_emit(void *arg, const char *order)
{
	(void)order;
	(*(int *)arg)++;
}

START_TEST(legal_resign_and_options)
{
	struct game_state	*st = new_game("paths=alternative double-gain",
	    NULL, 0);
	struct game_diag	 why;
	struct game_view	 v;
	int			 n = 0;

	ck_assert_int_eq(wotk_ops.legal(st, 0, count_emit, &n), 21);
	ck_assert_int_eq(n, 21);	/* 20 moves and DRAW */
	ck_assert_int_eq(wotk_ops.legal(st, 1, count_emit, &n), 0);
	/*
	 * 8916 in the standard table, plus four: after 1.d3/d4 Nh6 the
	 * Bishop takes on h6, after 1.e3/e4 Na6 on a6, and in the
	 * alternative table a Bishop may then become an Archbishop or a
	 * Guard (research 3: aligned to the same alignment or neutral).
	 */
	ck_assert_uint_eq(wotk_ops.perft(st, 3), 8920);
	ck_assert_int_eq(wotk_ops.resign(st, 1), 0);
	roundtrip(st);
	wotk_ops.view(st, 0, &v);
	ck_assert_int_eq(v.winner, 0);
	ck_assert(view_has(&v, "wotk.legend.alternative"));
	wotk_ops.free(st);
	ck_assert_int_eq(wotk_ops.create("zebra", 1, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.option");
	ck_assert_int_eq(wotk_ops.load("wotk 9\n", &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.state_version");
	ck_assert_int_eq(wotk_ops.load("nonsense", &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.state_corrupt");
}
END_TEST

/* Loads a saved game in play, White (seat 0) to move, at fen; the
 * load's result. */
static int
load_position(const char *options, const char *fen, struct game_state **out,
    struct game_diag *why)
{
	char	 text[1024];

	snprintf(text, sizeof(text), "wotk 1\noptions: %s\nphase: play\n"
	    "white: 0\nhandicap: 0 0\nply: 10\nwinner: -1\nend: none\n"
	    "offer: -1\nseed: 0000000000000001\nrng: 0000000000000001 "
	    "0000000000000002 0000000000000003 0000000000000004\n"
	    "fen: %s\nlast: none -1 0 0 0 0 0 0 -\nsetup:\nhist:\n",
	    options, fen);
	return wotk_ops.load(text, out, why);
}

static struct game_state *
at_position(const char *options, const char *fen)
{
	struct game_state	*st;
	struct game_diag	 why;

	ck_assert_msg(load_position(options, fen, &st, &why) == 0, "%s: %s",
	    fen, why.msg.key);
	roundtrip(st);
	return st;
}

/*
 * Issue 14: in the alternative table the Queen taking on h7 becomes the
 * Duke, "the Lord under another name" (decision 3); players write it as
 * either, in the English and German texts alike (both use Lord and
 * Duke), and the order is printed with the Duke's W as before. The
 * standard table is unchanged: its Lord is L, and it has no Duke.
 */
START_TEST(alternative_duke_is_written_as_players_write_it)
{
	static const char *const lines[] = {
		"b1xh7=L", "b1xh7=l", "b1xh7=W", "b1xh7=Lord",
		"b1xh7 = lord", "B1XH7=DUKE", "b1xh7=Duke", "b1:h7 (Lord)",
		"Qb1xh7=Duke", "b1xh7",
	};
	struct game_state	*st, *w;
	struct game_order	 o;
	struct game_view	 v;
	struct game_diag	 why;
	char			 key[GAME_KEY_MAX], a[4096], b[4096];
	size_t			 i;

	st = at_position("paths=alternative",
	    "l3k3/7r/8/8/8/8/8/KQ6 w - - 0 1");
	w = at_position("paths=alternative",
	    "w3k3/7r/8/8/8/8/8/KQ6 w - - 0 1");
	ck_assert_uint_lt(wotk_ops.save(st, a, sizeof(a)), sizeof(a));
	ck_assert_uint_lt(wotk_ops.save(w, b, sizeof(b)), sizeof(b));
	ck_assert_str_eq(a, b);
	ck_assert(strstr(a, "\nfen: w3k3/") != NULL);
	wotk_ops.free(w);
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]); i++) {
		ck_assert_msg(parse(st, 0, lines[i], &o, key) == 0, "%s: %s",
		    lines[i], key);
		ck_assert_str_eq(o.text, "b1xh7=W");
	}
	play(st, 0, "b1xh7=Lord", false);
	wotk_ops.view(st, 1, &v);
	ck_assert(strstr(v.board, "W9") != NULL);
	ck_assert(view_has(&v, "wotk.ev.improve"));
	wotk_ops.free(st);

	st = at_position("paths=standard",
	    "l3k3/7r/8/8/8/8/8/KQ6 w - - 0 1");
	ck_assert_int_eq(parse(st, 0, "b1xh7=lord", &o, key), 0);
	ck_assert_str_eq(o.text, "b1xh7=L");
	ck_assert_int_eq(parse(st, 0, "b1xh7=Duke", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.form_unknown");
	ck_assert_int_eq(parse(st, 0, "b1xh7=W", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.form_unknown");
	wotk_ops.free(st);
	ck_assert_int_eq(load_position("paths=standard",
	    "w3k3/7r/8/8/8/8/8/KQ6 w - - 0 1", &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.state_corrupt");
}
END_TEST

/* text with the line key ("\nphase: ") begins replaced by line ("\nphase:
 * over"); into out. */
static void
with_line(const char *text, const char *key, const char *line, char *out,
    size_t len)
{
	const char	*p = strstr(text, key), *e;

	ck_assert_ptr_nonnull(p);
	e = p + 1 + strcspn(p + 1, "\n");
	snprintf(out, len, "%.*s%s%s", (int)(p - text), text, line, e);
}

/*
 * A game is over exactly when it has a winner or is drawn (state.c):
 * fuzz_state's twin in klinzha (tests/fuzz/state/klinzha-over-without-
 * winner) holds here too, a state "phase: over" with winner -1 made the
 * view name the winner's colour at index -1 (tests/fuzz/state/wotk-over-
 * without-winner). A finished game loads; over without a winner, or going
 * on with one, does not.
 */
START_TEST(state_is_over_exactly_with_a_winner)
{
	struct game_state	*st = new_game("", NULL, 0), *back;
	struct game_diag	 why;
	char			 text[4096], bad[4096];

	ck_assert_uint_lt(wotk_ops.save(st, text, sizeof(text)), sizeof(text));
	with_line(text, "\nphase: ", "\nphase: over", bad, sizeof(bad));
	ck_assert_int_eq(wotk_ops.load(bad, &back, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.state_corrupt");
	ck_assert_int_eq(wotk_ops.resign(st, 1), 0);
	ck_assert_uint_lt(wotk_ops.save(st, text, sizeof(text)), sizeof(text));
	ck_assert_int_eq(wotk_ops.load(text, &back, &why), 0);
	wotk_ops.free(back);
	with_line(text, "\nphase: ", "\nphase: play", bad, sizeof(bad));
	ck_assert_int_eq(wotk_ops.load(bad, &back, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.state_corrupt");
	wotk_ops.free(st);
}
END_TEST

/* A saved position in play from a FEN (seat 0 plays White), as a game
 * master gives one to the referee console; loaded, then settled. */
static struct game_state *
settled(const char *fen, const char *hist)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			 text[2048];

	snprintf(text, sizeof(text), "wotk 1\noptions: paths=standard\n"
	    "phase: play\nwhite: 0\nhandicap: 0 0\nply: 10\nwinner: -1\n"
	    "end: none\noffer: -1\nseed: 0000000000000001\n"
	    "rng: 0000000000000001 0000000000000002 0000000000000003 "
	    "0000000000000004\nfen: %s\nlast: none -1 0 0 0 0 0 0 -\n"
	    "setup:\nhist:%s\n", fen, hist);
	ck_assert_msg(wotk_ops.load(text, &st, &why) == 0, "%s: %s", fen,
	    why.msg.key);
	wotk_ops.settle(st);
	roundtrip(st);
	return st;
}

/*
 * Issue 14: a loaded position is judged as after a move (rules 4,
 * research 8 C3 and C4): mate wins for the side not to move, stalemate,
 * King against King and the 50-move rule draw, a position with a move
 * goes on, and a finished one takes no orders and lists none.
 */
START_TEST(settle_judges_a_loaded_position)
{
	struct game_state	*st;
	struct game_order	 o;
	struct game_stat	 now;
	char			 key[GAME_KEY_MAX];
	int			 n = 0;

	st = settled("7k/8/8/8/8/8/6PP/r6K w - - 0 1", "");
	tg_assert_over(&wotk_ops, st, 1, "wotk", "@wotk.reason.mate");
	ck_assert_int_eq(wotk_ops.legal(st, 0, count_emit, &n), 0);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(parse(st, 0, "DRAW", &o, key), -1);
	ck_assert_str_eq(key, "wotk.err.game_over");
	wotk_ops.stat(st, &now);
	ck_assert_int_eq(now.ply, 10);
	wotk_ops.free(st);
	st = settled("R6k/6pp/8/8/8/8/8/7K b - - 0 1", "");
	tg_assert_over(&wotk_ops, st, 0, "wotk", "@wotk.reason.mate");
	wotk_ops.free(st);
	st = settled("7k/8/8/8/8/8/5q2/7K w - - 0 1", "");
	tg_assert_over(&wotk_ops, st, GAME_DRAWN, "wotk",
	    "@wotk.reason.stalemate");
	wotk_ops.free(st);
	st = settled("7k/8/8/8/8/8/8/K7 b - - 0 1", "");
	tg_assert_over(&wotk_ops, st, GAME_DRAWN, "wotk",
	    "@wotk.reason.material");
	wotk_ops.free(st);
	st = settled("7k/8/8/8/8/8/7P/K7 w - - 100 80", "");
	tg_assert_over(&wotk_ops, st, GAME_DRAWN, "wotk",
	    "@wotk.reason.fifty");
	wotk_ops.free(st);
	/* C2b: in check with four moves; the game goes on. */
	st = settled("4r2k/8/8/8/8/8/7P/4K3 w - - 0 1", "");
	ck_assert_int_eq(tg_turn(&wotk_ops, st), 0);
	ck_assert_int_eq(wotk_ops.legal(st, 0, count_emit, &n), 5);
	wotk_ops.free(st);
}
END_TEST

/* The history a loaded state brings counts the position it shows: held
 * three times, it is a draw by repetition. */
START_TEST(settle_counts_the_loaded_history)
{
	struct game_state	*st = new_game("", NULL, 0), *back;
	struct game_diag	 why;
	char			 text[4096], more[4200], *h;
	int			 i;

	for (i = 0; i < 2; i++) {
		play(st, 0, "g1-f3", false);
		play(st, 1, "g8-f6", false);
		play(st, 0, "f3-g1", false);
		play(st, 1, "f6-g8", false);
		if (i == 0)
			ck_assert_uint_lt(wotk_ops.save(st, text,
			    sizeof(text)), sizeof(text));
	}
	tg_assert_over(&wotk_ops, st, GAME_DRAWN, "wotk",
	    "@wotk.reason.repetition");
	wotk_ops.free(st);
	/* After the first round the start position is held twice, the
	 * first and the last key: once more makes three. */
	h = strstr(text, "\nhist: ");
	ck_assert_ptr_nonnull(h);
	ck_assert_uint_eq(strlen(h), 1 + 5 + 5 * 17 + 1);
	snprintf(more, sizeof(more), "%.*s %.16s\n", (int)(strlen(text) - 1),
	    text, h + 7);
	ck_assert_int_eq(wotk_ops.load(text, &back, &why), 0);
	wotk_ops.settle(back);
	ck_assert_int_eq(tg_turn(&wotk_ops, back), 0);
	wotk_ops.free(back);
	ck_assert_int_eq(wotk_ops.load(more, &back, &why), 0);
	wotk_ops.settle(back);
	tg_assert_over(&wotk_ops, back, GAME_DRAWN, "wotk",
	    "@wotk.reason.repetition");
	wotk_ops.free(back);
}
END_TEST

/* Words too long for their buffers are refused and quoted cut between
 * characters: an option of CREATE, a form name in SETUP. */
START_TEST(long_words_are_quoted_between_characters)
{
	static const int	 pts[2] = { 0, 3 };
	struct game_state	*st;
	struct game_diag	 why;
	char			 line[128];
	char			 ctx[GAME_CTX_MAX] = "";
	struct game_order	 o;

	tg_long_option_quoted(&wotk_ops, "wotk.err.option", 30);
	st = new_game("", pts, 0);
	tg_umlauts(line, sizeof(line), "SETUP h1=x");
	ck_assert_int_eq(wotk_ops.parse(st, 1, line, ctx, &o, 1, &why), -1);
	ck_assert_str_eq(why.msg.key, "wotk.err.form_unknown");
	ck_assert_msg(tg_utf8_complete(why.msg.args[0]), "%s",
	    why.msg.args[0]);
	ck_assert_uint_eq(strlen(why.msg.args[0]), 19);
	wotk_ops.free(st);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/wotk/wotk");
	TCase	*tc = tcase_create("game");

	tcase_add_test(tc, moves_in_every_notation);
	tcase_add_test(tc, alignment_choice_is_part_of_the_move);
	tcase_add_test(tc, mate_ends_the_game);
	tcase_add_test(tc, threefold_repetition_draws);
	tcase_add_test(tc, draw_offer_rides_with_the_move);
	tcase_add_test(tc, handicap_setup_and_castling_with_improved_corner);
	tcase_add_test(tc, view_cells_follow_the_board);
	tcase_add_test(tc, legal_resign_and_options);
	tcase_add_test(tc, alternative_duke_is_written_as_players_write_it);
	tcase_add_test(tc, long_words_are_quoted_between_characters);
	tcase_add_test(tc, state_is_over_exactly_with_a_winner);
	tcase_add_test(tc, settle_judges_a_loaded_position);
	tcase_add_test(tc, settle_counts_the_loaded_history);
	suite_add_tcase(s, tc);
	return s;
}
