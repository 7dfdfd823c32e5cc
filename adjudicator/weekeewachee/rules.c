/*
 * rules.c - weekeewachee board geometry, move legality and one move.
 *
 * Everything here reads or changes one struct game_state and nothing else:
 * no I/O, no allocation. Legality is computed from what the mover can see
 * (rules/ari-and-weekeewachee.md 2.4.3: in Blind-Fun an attack on a hidden
 * piece is always legal), so an error never depends on hidden identities.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/weekeewachee/wkw.h"

/* rules 2.1: rock > scissors, scissors > paper, paper > rock and well,
 * well > rock and scissors. Rows attack, columns defend. */
static const bool wkw_beats[WKW_KINDS + 1][WKW_KINDS + 1] = {
	/*		 none	rock	paper	scissors well */
	[WKW_ROCK]	= { false, false, false, true,	 false },
	[WKW_PAPER]	= { false, true,  false, false,	 true },
	[WKW_SCISSORS]	= { false, false, true,	 false,	 false },
	[WKW_WELL]	= { false, true,  false, true,	 false },
};

static const char *const wkw_piece_keys[WKW_KINDS + 1] = {
	"@wkw.piece.X", "@wkw.piece.R", "@wkw.piece.P", "@wkw.piece.S",
	"@wkw.piece.W"
};

int
wkw_rules_square(int file, int rank)
{
	if (file < 0 || file >= WKW_FILES || rank < 1 || rank > WKW_RANKS)
		return -1;
	return (rank - 1) * WKW_FILES + file;
}

int
wkw_rules_file(int sq)
{
	return sq % WKW_FILES;
}

int
wkw_rules_rank(int sq)
{
	return sq / WKW_FILES + 1;
}

void
wkw_rules_square_name(int sq, char out[3])
{
	out[0] = (char)('a' + wkw_rules_file(sq));
	out[1] = (char)('0' + wkw_rules_rank(sq));
	out[2] = '\0';
}

/* White (seat 0) sets up on rank 1, Black on rank 6. */
int
wkw_rules_base_rank(int seat)
{
	return seat == 0 ? 1 : WKW_RANKS;
}

bool
wkw_rules_beats(enum wkw_kind a, enum wkw_kind d)
{
	return wkw_beats[a][d];
}

/* One king step: any of the 8 neighbours, never the square itself. */
bool
wkw_rules_adjacent(int from, int to)
{
	int	 df, dr;

	df = wkw_rules_file(from) - wkw_rules_file(to);
	dr = wkw_rules_rank(from) - wkw_rules_rank(to);
	if (from == to)
		return false;
	return df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

/* The catalog argument naming a kind; WKW_NONE names a hidden piece. */
const char *
wkw_rules_piece_key(enum wkw_kind k)
{
	return wkw_piece_keys[k];
}

/* The diagram letter: upper case White, lower case Black, X/x hidden
 * unless show is set (the referee's eye). */
char
wkw_rules_letter(const struct wkw_square *q, bool show)
{
	char	 c;

	if (q->owner == GAME_NOBODY)
		return '.';
	c = (q->hidden && !show) ? 'X' : WKW_LETTERS[q->kind];
	if (q->owner == 1)
		c = (char)(c - 'A' + 'a');
	return c;
}

static bool
wkw_rules_known_pair(const struct game_state *st, int from, int to)
{
	return !st->board[from].hidden && !st->board[to].hidden;
}

/*
 * Whether seat may move from -> to, as that seat sees the board. xgiven:
 * the order said "x", which claims an enemy piece on the target.
 */
int
wkw_rules_check(const struct game_state *st, int seat, int from, int to,
    bool xgiven, struct game_diag *why)
{
	const struct wkw_square	*a = &st->board[from], *d = &st->board[to];
	char			 f[3], t[3];

	wkw_rules_square_name(from, f);
	wkw_rules_square_name(to, t);
	if (a->owner != seat) {
		game_diag_set(why, "wkw.err.not_your_piece", 1, f);
		return -1;
	}
	if (!wkw_rules_adjacent(from, to)) {
		game_diag_set(why, "wkw.err.not_adjacent", 2, f, t);
		return -1;
	}
	if (d->owner == seat) {
		game_diag_set(why, "wkw.err.own_piece", 2, f, t);
		return -1;
	}
	if (d->owner == GAME_NOBODY) {
		if (xgiven) {
			game_diag_set(why, "wkw.err.nothing_to_take", 2, f, t);
			return -1;
		}
		return 0;
	}
	/* rules 2.4.3: an attack involving a hidden piece is always legal. */
	if (st->blind && !wkw_rules_known_pair(st, from, to))
		return 0;
	if (!wkw_rules_beats(a->kind, d->kind)) {
		game_diag_set(why, "wkw.err.cannot_beat", 4, f, t,
		    wkw_rules_piece_key(a->kind), wkw_rules_piece_key(d->kind));
		return -1;
	}
	return 0;
}

/* A-W3: kept as a defensive rule, "no legal move" is a draw. */
bool
wkw_rules_can_move(const struct game_state *st, int seat)
{
	struct game_diag	 scratch;
	int			 from, to;

	for (from = 0; from < WKW_SQUARES; from++) {
		if (st->board[from].owner != seat)
			continue;
		for (to = 0; to < WKW_SQUARES; to++)
			if (wkw_rules_adjacent(from, to) &&
			    wkw_rules_check(st, seat, from, to, false,
			    &scratch) == 0)
				return true;
	}
	return false;
}

int
wkw_rules_count(const struct game_state *st, int seat)
{
	int	 sq, n = 0;

	for (sq = 0; sq < WKW_SQUARES; sq++)
		if (st->board[sq].owner == seat)
			n++;
	return n;
}

/*
 * Whether a piece of seat stands on the opponent's base row, hidden or
 * not (rules 2.1 and 2.4.2: getting there wins; A-W7).
 */
bool
wkw_rules_home(const struct game_state *st, int seat)
{
	int	 f, sq;

	for (f = 0; f < WKW_FILES; f++) {
		sq = wkw_rules_square(f, wkw_rules_base_rank(1 - seat));
		if (st->board[sq].owner == seat)
			return true;
	}
	return false;
}

/*
 * The position as the players see it (decision 5): squares a1..d6 with
 * hidden pieces as X/x, then the side to move. In Classic nothing is
 * hidden, so this is board plus side to move (A-W4).
 */
void
wkw_rules_key(const struct game_state *st, char out[WKW_KEY_LEN + 1])
{
	int	 sq;

	for (sq = 0; sq < WKW_SQUARES; sq++)
		out[sq] = wkw_rules_letter(&st->board[sq], false);
	out[WKW_SQUARES] = (char)('0' + st->turn);
	out[WKW_KEY_LEN] = '\0';
}

/* WKW_HISTORY exceeds the ply cap, so the guard only protects memory. */
void
wkw_rules_push_key(struct game_state *st)
{
	if (st->nhist >= WKW_HISTORY)
		return;
	wkw_rules_key(st, st->hist[st->nhist]);
	st->nhist++;
}

static void
wkw_rules_step(struct game_state *st, int from, int to)
{
	st->board[to] = st->board[from];
	st->board[from].owner = GAME_NOBODY;
	st->board[from].kind = WKW_NONE;
	st->board[from].hidden = false;
}

/*
 * Plays a move already checked by wkw_rules_check and records it in
 * st->last. A capture or a reveal can never be undone, so every earlier
 * position is gone for good and the repetition history restarts.
 */
void
wkw_rules_move(struct game_state *st, int seat, int from, int to)
{
	struct wkw_square	*a = &st->board[from], *d = &st->board[to];
	struct wkw_last		*l = &st->last;

	memset(l, 0, sizeof(*l));
	l->seat = seat;
	l->from = from;
	l->to = to;
	l->akind = a->kind;
	l->dkind = d->kind;
	if (d->owner == GAME_NOBODY) {
		l->type = WKW_EV_MOVE;
		l->ahidden = a->hidden;
		wkw_rules_step(st, from, to);
		return;
	}
	st->nhist = 0;
	if (!st->blind || wkw_rules_known_pair(st, from, to)) {
		l->type = WKW_EV_CAPTURE;
		wkw_rules_step(st, from, to);
		return;
	}
	/* rules 2.4.3 and decision 3: both revealed, and they stay so. */
	l->type = WKW_EV_ATTACK;
	a->hidden = false;
	d->hidden = false;
	if (wkw_rules_beats(a->kind, d->kind)) {
		l->outcome = WKW_OUT_WON;
		wkw_rules_step(st, from, to);
	} else if (wkw_rules_beats(d->kind, a->kind)) {
		l->outcome = WKW_OUT_LOST;
		a->owner = GAME_NOBODY;
		a->kind = WKW_NONE;
	} else
		l->outcome = WKW_OUT_EQUAL;
}
