/*
 * test_wkw.c - weekeewachee through its game_ops, as the judge drives it.
 *
 * Covers every scenario T-W1..T-W11 of rules/ari-and-weekeewachee.md 2.6,
 * a whole Classic game, the Blind-Fun shuffle and first-mover draw from the
 * seed, the state text round trip for every state reached, and that a
 * Blind-Fun view or error never depends on a hidden identity. Positions
 * are written as state text and loaded, the same path the judge uses.
 */
#include "tests/unit/test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/game.h"
#include "common/rng.h"
#include "tests/unit/adjudicator/diplomacy/support_game.h"

extern const struct game_ops wkw_ops;

#define STATE_MAX	65536
#define RANKS		6

/* save(load(save(s))) == save(s) (STYLE.md 12); called on every state. */
static void
roundtrip(const struct game_state *st)
{
	tg_state_roundtrip(&wkw_ops, st);
}

static struct game_state *
new_game(const char *options, uint64_t seed, int first)
{
	struct game_state	*st;
	struct game_diag	 why;

	ck_assert_int_eq(wkw_ops.create(options, seed, &st, &why), 0);
	roundtrip(st);
	ck_assert_int_eq(wkw_ops.start(st, first, &why), 0);
	roundtrip(st);
	return st;
}

/*
 * A position in the notation of the rules (ranks 6 to 1, digits for empty
 * squares, upper case White); '?' after a letter: hidden (Blind-Fun).
 * As loaded (a decided one is not settled yet); NULL and why when refused.
 */
static struct game_state *
loaded_at(const char *variant, const char *fen, int turn, int ply,
    struct game_diag *why)
{
	char			 board[128], rank[RANKS][16], text[1024];
	struct game_state	*st;
	const char		*p = fen;
	size_t			 n;
	int			 r, i;

	for (r = 0; r < RANKS; r++) {
		n = 0;
		for (; *p != '\0' && *p != '/'; p++)
			if (*p >= '1' && *p <= '4')
				for (i = 0; i < *p - '0'; i++)
					rank[r][n++] = '.';
			else
				rank[r][n++] = *p;
		rank[r][n] = '\0';
		if (*p == '/')
			p++;
	}
	/* The state text lists rank 1 first. */
	snprintf(board, sizeof(board), "%s/%s/%s/%s/%s/%s", rank[5], rank[4],
	    rank[3], rank[2], rank[1], rank[0]);
	snprintf(text, sizeof(text), "wkw 1\nvariant: %s\nphase: play\n"
	    "first: 0\nturn: %d\nply: %d\nwinner: -1\nend: none\n"
	    "seed: 000000000000002a\nrng: 0000000000000001 0000000000000002 "
	    "0000000000000003 0000000000000004\nboard: %s\n"
	    "last: none -1 a1 a1 . . 0 none\n", variant, turn, ply, board);
	if (wkw_ops.load(text, &st, why) != 0)
		return NULL;
	return st;
}

/* The same, a position play could have reached (the round trip settles). */
static struct game_state *
position_at(const char *variant, const char *fen, int turn, int ply)
{
	struct game_state	*st;
	struct game_diag	 why;

	if ((st = loaded_at(variant, fen, turn, ply, &why)) == NULL)
		ck_abort_msg("position %s: %s", fen, why.msg.key);
	roundtrip(st);
	return st;
}

static struct game_state *
position(const char *variant, const char *fen, int turn)
{
	return position_at(variant, fen, turn, 10);
}

/* Parses one line; returns the diag key or "" when accepted. */
static const char *
try_order(const struct game_state *st, int seat, const char *line,
    struct game_order *o)
{
	static struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";

	memset(&why, 0, sizeof(why));
	memset(o, 0, sizeof(*o));
	if (wkw_ops.parse(st, seat, line, ctx, o, 1, &why) == 1)
		return "";
	return why.msg.key;
}

/* One order that must be accepted as canon, then the phase is played. */
static void
play(struct game_state *st, int seat, const char *line, const char *canon)
{
	struct game_order	 o;
	struct game_diag	 why;

	ck_assert_str_eq(try_order(st, seat, line, &o), "");
	ck_assert_str_eq(o.text, canon);
	ck_assert(wkw_ops.ready(st, &o, 1));
	ck_assert_int_eq(wkw_ops.adjudicate(st, &o, 1, &why), 0);
	roundtrip(st);
}

static void
refused(const struct game_state *st, int seat, const char *line,
    const char *key)
{
	struct game_order	 o;

	ck_assert_str_eq(try_order(st, seat, line, &o), key);
}

static void
setup_both(struct game_state *st, const char *white, const char *black)
{
	struct game_order	 o[2];
	struct game_diag	 why;

	ck_assert_str_eq(try_order(st, 0, white, &o[0]), "");
	ck_assert(!wkw_ops.ready(st, o, 1));
	ck_assert_str_eq(try_order(st, 1, black, &o[1]), "");
	ck_assert(wkw_ops.ready(st, o, 2));
	ck_assert_int_eq(wkw_ops.adjudicate(st, o, 2, &why), 0);
	roundtrip(st);
}

static const struct game_msg *
find_msg(const struct game_view *v, const char *key)
{
	return tg_find(v, key, NULL);
}

/* The diagram letter on a square for a viewer (White's diagram layout). */
static char
cell(const struct game_state *st, int seat, const char *sq)
{
	static struct game_view	 v;
	const char		*line;
	int			 r;

	wkw_ops.view(st, seat, &v);
	ck_assert(seat != 1);
	line = v.board;
	/* header and border, then rank 6 first */
	for (r = 0; r < 2 + (6 - (sq[1] - '0')); r++)
		line = strchr(line, '\n') + 1;
	return line[4 + 3 * (sq[0] - 'a')];
}

static void
assert_over(const struct game_state *st, int winner, const char *reason)
{
	tg_assert_over(&wkw_ops, st, winner, "wkw", reason);
}

static int
turn_of(const struct game_state *st)
{
	return tg_turn(&wkw_ops, st);
}

/* T-W1: the White well on b3 (S6's example). */
START_TEST(tw1_well_beats_scissors_not_well_or_paper)
{
	static const char *const targets[] = {
		"a2", "b2", "c2", "a3", "c3", "a4", "b4", "c4"
	};
	static const char *const expect[] = {
		"b3-a2", "b3-b2", "b3-c2", "b3-a3", "b3-c3", NULL, NULL, "b3xc4"
	};
	struct game_state	*st = position("classic",
				    "3r/4/pws1/1W2/4/R1SP", 0);
	struct game_order	 o;
	char			 line[16];
	size_t			 i;

	for (i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		snprintf(line, sizeof(line), "b3-%s", targets[i]);
		if (expect[i] == NULL) {
			ck_assert_str_eq(try_order(st, 0, line, &o),
			    "wkw.err.cannot_beat");
			continue;
		}
		ck_assert_str_eq(try_order(st, 0, line, &o), "");
		ck_assert_str_eq(o.text, expect[i]);
	}
	refused(st, 0, "b3-a4", "wkw.err.cannot_beat");
	refused(st, 0, "b3xb4", "wkw.err.cannot_beat");
	ck_assert_str_eq(try_order(st, 0, "B3XC4", &o), "");
	ck_assert_str_eq(o.slot, "move");
	ck_assert_str_eq(o.echo.key, "wkw.echo.capture");
	ck_assert_str_eq(o.echo.args[2], "@wkw.piece.W");
	ck_assert_str_eq(o.echo.args[3], "@wkw.piece.S");
	play(st, 0, "b3 c4", "b3xc4");
	ck_assert_int_eq(cell(st, 0, "c4"), 'W');
	ck_assert_int_eq(turn_of(st), 1);
	wkw_ops.free(st);
}
END_TEST

/* T-W2 */
START_TEST(tw2_base_row_wins_and_game_is_over)
{
	struct game_state	*st = position("classic", "p3/2R1/4/4/4/3W", 0);
	struct game_order	 o;

	play(st, 0, "c5-c6", "c5-c6");
	assert_over(st, 0, "@wkw.reason.base_row");
	refused(st, 1, "a6-a5", "wkw.err.game_over");
	refused(st, 0, "c6-c5", "wkw.err.game_over");
	ck_assert(!wkw_ops.ready(st, &o, 0));
	wkw_ops.free(st);
}
END_TEST

/* T-W3, A-W7 */
START_TEST(tw3_capture_onto_base_row_wins_only_if_it_beats)
{
	struct game_state	*st = position("classic", "r2s/P3/4/4/4/3W", 0);

	play(st, 0, "a5xa6", "a5xa6");
	assert_over(st, 0, "@wkw.reason.base_row");
	wkw_ops.free(st);
	st = position("classic", "r2s/S3/4/4/4/3W", 0);
	refused(st, 0, "a5xa6", "wkw.err.cannot_beat");
	refused(st, 0, "a5-a6", "wkw.err.cannot_beat");
	wkw_ops.free(st);
}
END_TEST

/* T-W4 */
START_TEST(tw4_capturing_the_last_piece_wins)
{
	struct game_state	*st = position("classic", "4/4/3p/2S1/4/R3", 0);

	play(st, 0, "c3xd4", "c3xd4");
	assert_over(st, 0, "@wkw.reason.capture_all");
	wkw_ops.free(st);
}
END_TEST

/* T-W5, A-W4 */
START_TEST(tw5_third_occurrence_is_a_draw)
{
	static const char *const moves[] = {
		"a1-a2", "a6-a5", "a2-a1", "a5-a6",
		"a1-a2", "a6-a5", "a2-a1", "a5-a6"
	};
	struct game_state	*st = new_game("", 7, 0);
	char			 text[STATE_MAX];
	int			 i;

	setup_both(st, "SETUP RPWS", "setup s w p r");
	wkw_ops.save(st, text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "board: RPWS/..../..../..../..../"
	    "swpr\n"));
	for (i = 0; i < 8; i++) {
		ck_assert_int_eq(turn_of(st), i % 2);
		play(st, i % 2, moves[i], moves[i]);
		if (i == 3)
			/* second occurrence: play goes on */
			ck_assert_int_eq(turn_of(st), 0);
	}
	assert_over(st, GAME_DRAWN, "@wkw.reason.repetition");
	wkw_ops.free(st);
}
END_TEST

/* T-W6 */
START_TEST(tw6_illegal_shapes_are_refused_and_change_nothing)
{
	struct game_state	*st = new_game("", 7, 0);
	char			 before[STATE_MAX], after[STATE_MAX];
	struct game_view	 v;

	setup_both(st, "SETUP RPWS", "SETUP SWPR");
	wkw_ops.save(st, before, sizeof(before));
	refused(st, 0, "a1-a3", "wkw.err.not_adjacent");
	refused(st, 0, "b1-d2", "wkw.err.not_adjacent");
	refused(st, 0, "a1-a1", "wkw.err.not_adjacent");
	refused(st, 0, "a1-b1", "wkw.err.own_piece");
	refused(st, 0, "PASS", "wkw.err.no_pass");
	refused(st, 0, "pass", "wkw.err.no_pass");
	refused(st, 0, "a6-a5", "wkw.err.not_your_piece");
	refused(st, 0, "a2-a3", "wkw.err.not_your_piece");
	refused(st, 0, "a1xa2", "wkw.err.nothing_to_take");
	refused(st, 0, "a1-e2", "wkw.err.bad_square");
	refused(st, 0, "a0-a1", "wkw.err.bad_square");
	refused(st, 0, "hello", "wkw.err.syntax");
	refused(st, 0, "", "wkw.err.syntax");
	refused(st, 0, "a1--a2", "wkw.err.syntax");
	refused(st, 0, "RESIGN", "wkw.err.resign_not_order");
	refused(st, 1, "a6-a5", "wkw.err.not_your_turn");
	refused(st, 0, "SETUP RPWS", "wkw.err.setup_done");
	refused(st, 2, "a1-a2", "wkw.err.no_seat");
	wkw_ops.save(st, after, sizeof(after));
	ck_assert_str_eq(before, after);
	wkw_ops.view(st, 0, &v);
	ck_assert(v.due[0] && !v.due[1]);
	ck_assert(!wkw_ops.ready(st, NULL, 0));
	wkw_ops.free(st);
}
END_TEST

/* T-W7 */
START_TEST(tw7_blind_attacker_wins)
{
	struct game_state	*st = position("blind",
				    "3p?/4/2s?1/1R?2/4/W?3", 0);
	struct game_order	 o;
	struct game_view	 v;
	const struct game_msg	*m;

	ck_assert_str_eq(try_order(st, 0, "b3-c4", &o), "");
	ck_assert_str_eq(o.text, "b3xc4");
	ck_assert_str_eq(o.echo.key, "wkw.echo.attack");
	play(st, 0, "b3xc4", "b3xc4");
	ck_assert_int_eq(turn_of(st), 1);
	ck_assert_int_eq(cell(st, 0, "c4"), 'R');
	ck_assert_int_eq(cell(st, 0, "b3"), '.');
	ck_assert_int_eq(cell(st, 0, "a1"), 'X');
	wkw_ops.view(st, 1, &v);
	m = find_msg(&v, "wkw.ev.attack");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->args[0], "@wkw.piece.R");
	ck_assert_str_eq(m->args[1], "b3");
	ck_assert_str_eq(m->args[2], "@wkw.piece.S");
	ck_assert_str_eq(m->args[3], "c4");
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.ev.attack_won"));
	wkw_ops.free(st);
}
END_TEST

/* T-W8 */
START_TEST(tw8_blind_attacker_loses)
{
	struct game_state	*st = position("blind",
				    "3p?/4/2r?1/1S?2/4/W?3", 0);
	struct game_view	 v;

	play(st, 0, "b3xc4", "b3xc4");
	ck_assert_int_eq(turn_of(st), 1);
	ck_assert_int_eq(cell(st, 0, "b3"), '.');
	ck_assert_int_eq(cell(st, 0, "c4"), 'r');
	wkw_ops.view(st, 0, &v);
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.ev.attack_lost"));
	wkw_ops.free(st);
}
END_TEST

/* T-W9, A-W2 */
START_TEST(tw9_blind_equal_kinds_both_stay_revealed)
{
	struct game_state	*st = position("blind",
				    "3s?/4/2p?1/1P?2/4/W?3", 0);
	struct game_view	 v;

	play(st, 0, "b3xc4", "b3xc4");
	ck_assert_int_eq(turn_of(st), 1);
	ck_assert_int_eq(cell(st, 0, "b3"), 'P');
	ck_assert_int_eq(cell(st, 0, "c4"), 'p');
	wkw_ops.view(st, 1, &v);
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.ev.attack_equal"));
	/* Now both are known and equal: the Classic rule forbids it. */
	refused(st, 1, "c4xb3", "wkw.err.cannot_beat");
	wkw_ops.free(st);
}
END_TEST

/* T-W10 */
START_TEST(tw10_blind_hidden_piece_scores_and_is_revealed)
{
	struct game_state	*st = position("blind",
				    "p?3/2W?1/4/4/4/1R?2", 0);
	struct game_view	 v;

	ck_assert_int_eq(cell(st, 0, "c5"), 'X');
	play(st, 0, "c5-c6", "c5-c6");
	assert_over(st, 0, "@wkw.reason.base_row");
	ck_assert_int_eq(cell(st, 0, "c6"), 'W');
	ck_assert_int_eq(cell(st, 0, "a6"), 'p');
	wkw_ops.view(st, 1, &v);
	ck_assert_ptr_nonnull(strstr(v.board, "W*"));
	ck_assert_ptr_null(strchr(v.board, 'X'));
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.info.revealed"));
	ck_assert_str_eq(find_msg(&v, "wkw.ev.moved")->args[1],
	    "@wkw.piece.W");
	wkw_ops.free(st);
}
END_TEST

/* T-W11 */
START_TEST(tw11_blind_known_pair_follows_classic_rule)
{
	struct game_state	*st = position("blind",
				    "3p?/4/2r1/1S2/4/W?3", 0);

	refused(st, 0, "b3xc4", "wkw.err.cannot_beat");
	wkw_ops.free(st);
	st = position("blind", "3p?/4/2r1/1S?2/4/W?3", 0);
	play(st, 0, "b3xc4", "b3xc4");
	ck_assert_int_eq(cell(st, 0, "b3"), '.');
	ck_assert_int_eq(cell(st, 0, "c4"), 'r');
	wkw_ops.free(st);
}
END_TEST

START_TEST(classic_game_played_to_a_win)
{
	static const char *const game[][2] = {
		{ "a1-a2", "a1-a2" }, { "d6-d5", "d6-d5" },
		{ "a2-a3", "a2-a3" }, { "D5 D4", "d5-d4" },
		{ "a3-a4", "a3-a4" }, { "d4-d3", "d4-d3" },
		{ "a4-a5", "a4-a5" }, { "d3-d2", "d3-d2" },
		{ "a5-b5", "a5-b5" }, { "d2-c2", "d2-c2" },
		{ "b5-c5", "b5-c5" }
	};
	struct game_state	*st = new_game("classic", 99, 0);
	struct game_view	 v;
	size_t			 i;

	refused(st, 0, "a1-a2", "wkw.err.setup_first");
	setup_both(st, "SETUP R P W S", "SETUP rpws");
	wkw_ops.view(st, 0, &v);
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.ev.setup"));
	for (i = 0; i < sizeof(game) / sizeof(game[0]); i++)
		play(st, (int)i % 2, game[i][0], game[i][1]);
	/* Black's scissors take the paper on White's base row (A-W7). */
	play(st, 1, "c2-b1", "c2xb1");
	assert_over(st, 1, "@wkw.reason.base_row");
	wkw_ops.view(st, 0, &v);
	ck_assert_int_eq(v.ply, 13);
	ck_assert_str_eq(find_msg(&v, "wkw.ev.captured")->args[0],
	    "@wkw.piece.S");
	ck_assert_str_eq(find_msg(&v, "wkw.ev.captured")->args[2],
	    "@wkw.piece.P");
	ck_assert_ptr_null(find_msg(&v, "wkw.info.revealed"));
	ck_assert_int_eq(wkw_ops.resign(st, 0), -1);
	wkw_ops.free(st);
}
END_TEST

START_TEST(setup_orders_are_checked)
{
	struct game_state	*st = new_game("", 5, 1);
	struct game_order	 o;
	char			 canon[GAME_ORDER_MAX];

	refused(st, 0, "SETUP RPW", "wkw.err.setup_missing");
	refused(st, 0, "SETUP RRPW", "wkw.err.setup_twice");
	refused(st, 0, "SETUP RPWX", "wkw.err.setup_letter");
	refused(st, 0, "SETUP RPWSR", "wkw.err.setup_twice");
	ck_assert_str_eq(try_order(st, 1, " setup  w s p r ", &o), "");
	ck_assert_str_eq(o.text, "SETUP WSPR");
	ck_assert_str_eq(o.slot, "setup");
	ck_assert_str_eq(o.echo.args[0], "@wkw.piece.W");
	snprintf(canon, sizeof(canon), "%s", o.text);
	ck_assert_str_eq(try_order(st, 1, canon, &o), "");
	ck_assert_str_eq(o.text, "SETUP WSPR");
	setup_both(st, "SETUP SPWR", "SETUP WSPR");
	ck_assert_int_eq(turn_of(st), 1);
	ck_assert_int_eq(cell(st, 0, "a1"), 'S');
	ck_assert_int_eq(cell(st, 0, "a6"), 'w');
	wkw_ops.free(st);
	st = new_game("blind", 5, 0);
	refused(st, 0, "SETUP RPWS", "wkw.err.setup_blind");
	wkw_ops.free(st);
}
END_TEST

START_TEST(draw_needs_both_seats_in_one_phase)
{
	struct game_state	*st = new_game("", 3, 0);
	struct game_order	 o[3];
	struct game_diag	 why;

	setup_both(st, "SETUP RPWS", "SETUP RPWS");
	ck_assert_str_eq(try_order(st, 1, "draw?", &o[0]), "");
	ck_assert_str_eq(o[0].text, "DRAW?");
	ck_assert_str_eq(o[0].slot, "draw");
	ck_assert(!wkw_ops.ready(st, o, 1));
	/* The mover ignores the offer: it lapses with the move. */
	ck_assert_str_eq(try_order(st, 0, "a1-a2", &o[1]), "");
	ck_assert(wkw_ops.ready(st, o, 2));
	ck_assert_int_eq(wkw_ops.adjudicate(st, o, 2, &why), 0);
	ck_assert_int_eq(turn_of(st), 1);
	ck_assert_str_eq(try_order(st, 0, "DRAW?", &o[0]), "");
	ck_assert_str_eq(try_order(st, 1, "Draw!", &o[1]), "");
	ck_assert_str_eq(o[1].text, "DRAW!");
	ck_assert(wkw_ops.ready(st, o, 2));
	ck_assert_int_eq(wkw_ops.adjudicate(st, o, 2, &why), 0);
	roundtrip(st);
	assert_over(st, GAME_DRAWN, "@wkw.reason.agreement");
	wkw_ops.free(st);
}
END_TEST

START_TEST(resign_gives_the_game_to_the_other_seat)
{
	struct game_state	*st = new_game("blind", 3, 0);
	struct game_view	 v;

	ck_assert_int_eq(wkw_ops.resign(st, 0), 0);
	roundtrip(st);
	assert_over(st, 1, "@wkw.reason.resign");
	wkw_ops.view(st, 1, &v);
	ck_assert_str_eq(find_msg(&v, "wkw.ev.resigned")->args[0],
	    "@wkw.seat.0");
	ck_assert_ptr_null(strchr(v.board, 'X'));
	ck_assert_int_eq(wkw_ops.resign(st, 1), -1);
	wkw_ops.free(st);
}
END_TEST

/* The engine's own replay of start(): first mover, then White's and
 * Black's Fisher-Yates shuffle, all from the seed. */
static void
expected_start(uint64_t seed, int *first, char white[5], char black[5])
{
	struct rng	 r;
	char		*rows[2] = { white, black };
	char		 t;
	uint32_t	 j;
	int		 s, i;

	rng_seed(&r, seed);
	*first = (int)rng_below(&r, 2);
	for (s = 0; s < 2; s++) {
		memcpy(rows[s], "RPSW", 5);
		for (i = 3; i > 0; i--) {
			j = rng_below(&r, (uint32_t)i + 1);
			t = rows[s][i];
			rows[s][i] = rows[s][j];
			rows[s][j] = t;
		}
	}
}

START_TEST(blind_shuffle_is_determined_by_the_seed)
{
	struct game_state	*a, *b, *c;
	char			 sa[STATE_MAX], sb[STATE_MAX], want[128];
	char			 white[5], black[5];
	struct game_view	 v;
	int			 first, i;

	a = new_game("Blind", 12345, GAME_NOBODY);
	b = new_game("BLIND", 12345, GAME_NOBODY);
	wkw_ops.save(a, sa, sizeof(sa));
	wkw_ops.save(b, sb, sizeof(sb));
	ck_assert_str_eq(sa, sb);
	expected_start(12345, &first, white, black);
	for (i = 0; i < 4; i++)
		black[i] = (char)(black[i] - 'A' + 'a');
	snprintf(want, sizeof(want), "board: %c?%c?%c?%c?/..../..../..../..../"
	    "%c?%c?%c?%c?\n", white[0], white[1], white[2], white[3],
	    black[0], black[1], black[2], black[3]);
	ck_assert_ptr_nonnull(strstr(sa, want));
	ck_assert_int_eq(turn_of(a), first);
	wkw_ops.view(a, 0, &v);
	ck_assert_ptr_nonnull(strstr(v.board, "1 | X  X  X  X  | 1"));
	ck_assert_ptr_nonnull(strstr(v.board, "6 | x  x  x  x  | 6"));
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.ev.shuffled"));
	wkw_ops.view(a, GAME_SEAT_GM, &v);
	ck_assert_int_eq(v.board[strstr(v.board, "1 | ") - v.board + 4],
	    white[0]);
	c = new_game("blind", 12346, GAME_NOBODY);
	wkw_ops.save(c, sb, sizeof(sb));
	ck_assert_str_ne(sa, sb);
	wkw_ops.free(a);
	wkw_ops.free(b);
	wkw_ops.free(c);
}
END_TEST

START_TEST(first_mover_is_drawn_from_the_seed)
{
	struct game_state	*st;
	char			 w[5], b[5];
	int			 seen[2] = { 0, 0 }, first, seed;

	for (seed = 1; seed <= 16; seed++) {
		st = new_game("", (uint64_t)seed, GAME_NOBODY);
		expected_start((uint64_t)seed, &first, w, b);
		setup_both(st, "SETUP RPWS", "SETUP RPWS");
		ck_assert_int_eq(turn_of(st), first);
		seen[first]++;
		wkw_ops.free(st);
	}
	ck_assert_int_gt(seen[0], 0);
	ck_assert_int_gt(seen[1], 0);
	st = new_game("", 1, 1);
	setup_both(st, "SETUP RPWS", "SETUP RPWS");
	ck_assert_int_eq(turn_of(st), 1);
	wkw_ops.free(st);
}
END_TEST

static void
assert_same_views(const struct game_state *a, const struct game_state *b)
{
	static struct game_view	 va, vb;
	int			 seat;

	for (seat = 0; seat < 2; seat++) {
		wkw_ops.view(a, seat, &va);
		wkw_ops.view(b, seat, &vb);
		ck_assert_str_eq(va.board, vb.board);
		ck_assert(memcmp(&va, &vb, sizeof(va)) == 0);
	}
}

START_TEST(blind_views_and_errors_ignore_hidden_kinds)
{
	static const char *const orders[] = {
		"b3xc4", "b3-c4", "b3-b4", "b3-b5", "a1-a2", "a1-b1", "c4-c3",
		"d6-d5", "b3xa3", "SETUP RPWS", "DRAW?", "x", "a6-a5"
	};
	/* Same squares, same revealed pieces (w, r), hidden kinds permuted. */
	struct game_state	*a = position("blind",
				    "1wp?1/4/2s?r/1R?2/4/W?P?2", 0);
	struct game_state	*b = position("blind",
				    "1ws?1/4/2p?r/1P?2/4/R?W?2", 0);
	static struct game_view	 ga, gb;
	struct game_order	 oa, ob;
	char			 ka[GAME_KEY_MAX], kb[GAME_KEY_MAX];
	size_t			 i;
	int			 seat;

	/* The referee does see the difference. */
	wkw_ops.view(a, GAME_SEAT_GM, &ga);
	wkw_ops.view(b, GAME_SEAT_GM, &gb);
	ck_assert_str_ne(ga.board, gb.board);
	assert_same_views(a, b);
	for (seat = 0; seat < 2; seat++)
		for (i = 0; i < sizeof(orders) / sizeof(orders[0]); i++) {
			snprintf(ka, sizeof(ka), "%s",
			    try_order(a, seat, orders[i], &oa));
			snprintf(kb, sizeof(kb), "%s",
			    try_order(b, seat, orders[i], &ob));
			ck_assert_str_eq(ka, kb);
			ck_assert(memcmp(&oa, &ob, sizeof(oa)) == 0);
		}
	/* A hidden piece moving onto an empty square reveals nothing. */
	play(a, 0, "a1-a2", "a1-a2");
	play(b, 0, "a1-a2", "a1-a2");
	assert_same_views(a, b);
	play(a, 1, "c6-c5", "c6-c5");
	play(b, 1, "c6-c5", "c6-c5");
	assert_same_views(a, b);
	wkw_ops.free(a);
	wkw_ops.free(b);
}
END_TEST

START_TEST(options_choose_the_variant_and_unknown_words_fail)
{
	struct game_state	*st;
	struct game_diag	 why;
	char			 text[STATE_MAX];

	ck_assert_int_eq(wkw_ops.create("  ", 1, &st, &why), 0);
	wkw_ops.save(st, text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "variant: classic\n"));
	wkw_ops.free(st);
	ck_assert_int_eq(wkw_ops.create(" BLIND ", 1, &st, &why), 0);
	wkw_ops.save(st, text, sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "variant: blind\n"));
	refused(st, 0, "a1-a2", "wkw.err.not_started");
	ck_assert_int_eq(wkw_ops.start(st, 0, &why), 0);
	ck_assert_int_eq(wkw_ops.start(st, 0, &why), -1);
	ck_assert_str_eq(why.msg.key, "wkw.err.already_started");
	wkw_ops.free(st);
	ck_assert_int_eq(wkw_ops.create("blind owner-sees", 1, &st, &why), -1);
	ck_assert_ptr_null(st);
	ck_assert_str_eq(why.msg.key, "wkw.err.option");
	ck_assert_str_eq(why.msg.args[0], "owner-sees");
	ck_assert_int_eq(wkw_ops.create("classic blind", 1, &st, &why), -1);
	ck_assert_str_eq(why.msg.key, "wkw.err.option_conflict");
	ck_assert_str_eq(wkw_ops.name, "weekeewachee");
	ck_assert_int_eq(wkw_ops.nseats, 2);
	ck_assert_str_eq(wkw_ops.seat_key(0), "wkw.seat.0");
	ck_assert_str_eq(wkw_ops.seat_key(1), "wkw.seat.1");
	ck_assert_ptr_eq(game_find("weekeewachee"), &wkw_ops);
}
END_TEST

START_TEST(load_refuses_unknown_versions_and_broken_text)
{
	struct game_state	*st = new_game("", 1, 0);
	struct game_state	*bad;
	struct game_diag	 why;
	char			 text[STATE_MAX], *p;
	size_t			 need;

	wkw_ops.save(st, text, sizeof(text));
	text[4] = '2';
	ck_assert_int_eq(wkw_ops.load(text, &bad, &why), -1);
	ck_assert_str_eq(why.msg.key, "wkw.err.state_version");
	text[4] = '1';
	p = strstr(text, "phase: setup");
	memcpy(p, "phase: sexup", 12);
	ck_assert_int_eq(wkw_ops.load(text, &bad, &why), -1);
	ck_assert_str_eq(why.msg.key, "wkw.err.state_corrupt");
	ck_assert_int_eq(wkw_ops.load("", &bad, &why), -1);
	ck_assert_int_eq(wkw_ops.load("wkw 1\n", &bad, &why), -1);
	/* Two White rocks cannot be. */
	ck_assert_int_eq(wkw_ops.load("wkw 1\nvariant: classic\nphase: play\n"
	    "first: 0\nturn: 0\nply: 1\nwinner: -1\nend: none\n"
	    "seed: 0000000000000001\nrng: 0000000000000001 0000000000000002 "
	    "0000000000000003 0000000000000004\n"
	    "board: RR../..../..../..../..../rpsw\n"
	    "last: none -1 a1 a1 . . 0 none\n", &bad, &why), -1);
	/* A truncated buffer still reports the length needed. */
	need = wkw_ops.save(st, NULL, 0);
	ck_assert_uint_gt(need, 10);
	ck_assert_uint_eq(wkw_ops.save(st, text, 10), need);
	ck_assert_uint_eq(strlen(text), 9);
	wkw_ops.free(st);
}
END_TEST

START_TEST(view_puts_each_players_base_row_at_the_bottom)
{
	struct game_state	*st = new_game("", 1, 0);
	struct game_view	 v;
	const char		*white =
	    "    a  b  c  d\n"
	    "  +-------------+\n"
	    "6 | s  w  p  r  | 6\n"
	    "5 | .  .  .  .  | 5\n"
	    "4 | .  .  .  .  | 4\n"
	    "3 | .  .  .  .  | 3\n"
	    "2 | .  .  .  .  | 2\n"
	    "1 | R  P  W  S  | 1\n"
	    "  +-------------+\n"
	    "    a  b  c  d\n";
	const char		*black =
	    "    d  c  b  a\n"
	    "  +-------------+\n"
	    "1 | S  W  P  R  | 1\n"
	    "2 | .  .  .  .  | 2\n"
	    "3 | .  .  .  .  | 3\n"
	    "4 | .  .  .  .  | 4\n"
	    "5 | .  .  .  .  | 5\n"
	    "6 | r  p  w  s  | 6\n"
	    "  +-------------+\n"
	    "    d  c  b  a\n";

	wkw_ops.view(st, 0, &v);
	ck_assert(v.due[0] && v.due[1]);
	ck_assert_str_eq(find_msg(&v, "wkw.info.setup_due")->args[0], "1");
	wkw_ops.view(st, 1, &v);
	ck_assert_str_eq(find_msg(&v, "wkw.info.setup_due")->args[0], "6");
	setup_both(st, "SETUP RPWS", "SETUP SWPR");
	wkw_ops.view(st, 0, &v);
	ck_assert_str_eq(v.board, white);
	ck_assert_str_eq(find_msg(&v, "wkw.turn")->args[0], "@wkw.seat.0");
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.legend"));
	ck_assert_ptr_nonnull(find_msg(&v, "wkw.variant.classic"));
	wkw_ops.view(st, 1, &v);
	ck_assert_str_eq(v.board, black);
	wkw_ops.view(st, GAME_SEAT_GM, &v);
	ck_assert_str_eq(v.board, white);
	ck_assert_int_eq(v.seat, GAME_SEAT_GM);
	play(st, 0, "b1-b2", "b1-b2");
	wkw_ops.view(st, 1, &v);
	ck_assert_str_eq(find_msg(&v, "wkw.ev.moved")->args[1],
	    "@wkw.piece.P");
	wkw_ops.free(st);
}
END_TEST

START_TEST(blind_defender_beating_the_last_attacker_wins)
{
	struct game_state	*st = position("blind", "3p?/4/2r?1/1S?2/4/4",
				    0);

	play(st, 0, "b3xc4", "b3xc4");
	assert_over(st, 1, "@wkw.reason.capture_all");
	wkw_ops.free(st);
}
END_TEST

/* README.md: after 1000 phases the game is drawn. */
START_TEST(ply_cap_draws_the_game)
{
	struct game_state	*st = position_at("classic",
				    "swpr/4/4/4/4/RPWS", 0, 998);

	play(st, 0, "a1-a2", "a1-a2");
	ck_assert_int_eq(turn_of(st), 1);
	play(st, 1, "a6-a5", "a6-a5");
	assert_over(st, GAME_DRAWN, "@wkw.reason.ply_cap");
	wkw_ops.free(st);
}
END_TEST

/* An unknown option word is quoted cut between characters. */
static void
count_emit(void *arg, const char *order)
{
	(void)order;
	(*(int *)arg)++;
}

/* A loaded position, settled as the referee console settles it. */
static struct game_state *
settled(const char *variant, const char *fen, int turn)
{
	struct game_state	*st;
	struct game_diag	 why;

	if ((st = loaded_at(variant, fen, turn, 10, &why)) == NULL)
		ck_abort_msg("position %s: %s", fen, why.msg.key);
	wkw_ops.settle(st);
	roundtrip(st);
	return st;
}

/*
 * Issue 14: a position already decided, loaded as running: a piece on the
 * opponent's base row has won for its owner (rules 2.1, A-W7), whoever is
 * to move and hidden or not, and the game takes no orders; a piece one
 * step short plays on; both sides home cannot be and is refused.
 */
START_TEST(settle_ends_a_position_with_a_piece_home)
{
	struct game_state	*st;
	struct game_diag	 why;
	int			 n = 0;

	st = settled("classic", "r1R1/1p2/2s1/3w/4/PWS1", 1);
	assert_over(st, 0, "@wkw.reason.base_row");
	ck_assert_int_eq(wkw_ops.legal(st, 1, count_emit, &n), 0);
	ck_assert_int_eq(n, 0);
	refused(st, 1, "a6-a5", "wkw.err.game_over");
	refused(st, 1, "DRAW?", "wkw.err.game_over");
	wkw_ops.free(st);
	st = settled("classic", "r1R1/1p2/2s1/3w/4/PWS1", 0);
	assert_over(st, 0, "@wkw.reason.base_row");
	wkw_ops.free(st);
	st = settled("blind", "r?1R?1/1p?2/2s?1/3w?/4/P?W?S?1", 1);
	assert_over(st, 0, "@wkw.reason.base_row");
	wkw_ops.free(st);
	st = settled("classic", "r3/2R1/2s1/3w/4/PWSp", 0);
	assert_over(st, 1, "@wkw.reason.base_row");
	wkw_ops.free(st);
	st = settled("classic", "r3/1pR1/2s1/3w/4/PWS1", 0);
	ck_assert_int_eq(turn_of(st), 0);
	wkw_ops.free(st);
	ck_assert_ptr_null(loaded_at("classic", "r1R1/4/2s1/3w/4/PWSp", 0,
	    10, &why));
	ck_assert_str_eq(why.msg.key, "wkw.err.state_corrupt");
}
END_TEST

START_TEST(a_long_option_word_is_quoted_between_characters)
{
	tg_long_option_quoted(&wkw_ops, "wkw.err.option", 30);
}
END_TEST

Suite *
test_suite(void)
{
	Suite	*s = suite_create("adjudicator/weekeewachee");
	TCase	*tc;

	tc = tcase_create("rules_scenarios");
	tcase_add_test(tc, tw1_well_beats_scissors_not_well_or_paper);
	tcase_add_test(tc, tw2_base_row_wins_and_game_is_over);
	tcase_add_test(tc, tw3_capture_onto_base_row_wins_only_if_it_beats);
	tcase_add_test(tc, tw4_capturing_the_last_piece_wins);
	tcase_add_test(tc, tw5_third_occurrence_is_a_draw);
	tcase_add_test(tc, tw6_illegal_shapes_are_refused_and_change_nothing);
	tcase_add_test(tc, tw7_blind_attacker_wins);
	tcase_add_test(tc, tw8_blind_attacker_loses);
	tcase_add_test(tc, tw9_blind_equal_kinds_both_stay_revealed);
	tcase_add_test(tc, tw10_blind_hidden_piece_scores_and_is_revealed);
	tcase_add_test(tc, tw11_blind_known_pair_follows_classic_rule);
	suite_add_tcase(s, tc);

	tc = tcase_create("game_flow");
	tcase_add_test(tc, classic_game_played_to_a_win);
	tcase_add_test(tc, setup_orders_are_checked);
	tcase_add_test(tc, draw_needs_both_seats_in_one_phase);
	tcase_add_test(tc, resign_gives_the_game_to_the_other_seat);
	tcase_add_test(tc, blind_defender_beating_the_last_attacker_wins);
	tcase_add_test(tc, options_choose_the_variant_and_unknown_words_fail);
	tcase_add_test(tc, a_long_option_word_is_quoted_between_characters);
	tcase_add_test(tc, ply_cap_draws_the_game);
	tcase_add_test(tc, settle_ends_a_position_with_a_piece_home);
	suite_add_tcase(s, tc);

	tc = tcase_create("seeded_generator");
	tcase_add_test(tc, blind_shuffle_is_determined_by_the_seed);
	tcase_add_test(tc, first_mover_is_drawn_from_the_seed);
	suite_add_tcase(s, tc);

	tc = tcase_create("hidden_information");
	tcase_add_test(tc, blind_views_and_errors_ignore_hidden_kinds);
	suite_add_tcase(s, tc);

	tc = tcase_create("state_and_view");
	tcase_add_test(tc, load_refuses_unknown_versions_and_broken_text);
	tcase_add_test(tc, view_puts_each_players_base_row_at_the_bottom);
	suite_add_tcase(s, tc);
	return s;
}
