/*
 * movegen.c - moves of Way of the Knight: generation, making a move, the
 * check rule, perft and the position key for repetitions.
 *
 * Moves are written into the caller's array (STYLE.md 6: no allocation);
 * a move already carries the form the piece ends in, so an alignment
 * choice is two moves, like a promotion in chess (research 3). Making a
 * move copies the position (copy-make). No I/O.
 */
#include <string.h>

#include "adjudicator/wotk/wotk.h"

#define SQ(f, r)	((r) * 8 + (f))

/*
 * Levels a move gains (rules 1): capturing an enemy of at least half the
 * mover's level (2 x victim >= mover; pawns always), or ending on the rank
 * level + 5 or beyond, counted from the mover's side (research 2: ">="; the
 * option exact-rank wants "=="). +1 at most, +2 with double-gain.
 */
static int
wotk_gain(const struct wotk_rules *r, int form, int victim, int color, int to)
{
	int	 lvl = wotk_forms[form].level, cap = 0, rank, rr;

	if (!r->experience || lvl >= WOTK_LEVEL_MAX)
		return 0;
	if (victim >= 0 && 2 * wotk_forms[victim].level >= lvl)
		cap = 1;
	rr = wotk_rel_rank(color, to);
	rank = r->exact_rank ? rr == lvl + 5 : rr >= lvl + 5;
	return r->double_gain ? cap + rank : (cap | rank);
}

/* Adds from-to, once per form the piece may end in. */
static int
wotk_add(const struct wotk_pos *p, const struct wotk_rules *r, int from,
    int to, int flags, struct wotk_move *out, int n)
{
	int		 form = WOTK_FORM_OF(p->sq[from]), victim = -1, g;
	uint32_t	 forms;

	if (p->sq[to] != 0) {
		victim = WOTK_FORM_OF(p->sq[to]);
		flags |= WOTK_MCAPTURE;
	} else if (flags & WOTK_MEP)
		victim = WOTK_PAWN;
	g = wotk_gain(r, form, victim, p->side, to);
	forms = g == 0 ? 1u << form : wotk_reach(r, form, g);
	for (; forms != 0 && n < WOTK_MAX_MOVES; forms &= forms - 1) {
		out[n].from = (uint8_t)from;
		out[n].to = (uint8_t)to;
		out[n].form = (uint8_t)__builtin_ctz(forms);
		out[n].flags = (uint8_t)flags;
		n++;
	}
	return n;
}

/* research 4.3: chess pawn moves, no promotion; the double step from the
 * 2nd rank (a level-1 piece there never moved). */
static int
wotk_gen_pawn(const struct wotk_pos *p, const struct wotk_rules *r, int s,
    struct wotk_move *out, int n)
{
	uint64_t	 occ = p->occ[0] | p->occ[1], t;
	int		 c = p->side, dir = c == WOTK_WHITE ? 8 : -8;
	int		 rr = wotk_rel_rank(c, s);

	if (rr < 8 && !(occ & (1ULL << (s + dir)))) {
		n = wotk_add(p, r, s, s + dir, 0, out, n);
		if (rr == 2 && !(occ & (1ULL << (s + 2 * dir))))
			n = wotk_add(p, r, s, s + 2 * dir, WOTK_MDOUBLE, out,
			    n);
	}
	t = wotk_pawn_attacks(c, s);
	for (t &= p->occ[1 - c]; t != 0; t &= t - 1)
		n = wotk_add(p, r, s, __builtin_ctzll(t), 0, out, n);
	if (p->ep >= 0 && (wotk_pawn_attacks(c, s) & (1ULL << p->ep)))
		n = wotk_add(p, r, s, p->ep, WOTK_MEP, out, n);
	return n;
}

/*
 * rules 5: the unmoved King and an unmoved corner piece (any form: a
 * handicap improvement keeps the right); not out of, through or into check
 * while the player has one King (research 5), always with strict-castling.
 */
static int
wotk_gen_castle(const struct wotk_pos *p, const struct wotk_rules *r,
    struct wotk_move *out, int n)
{
	uint64_t	 occ = p->occ[0] | p->occ[1];
	int		 c = p->side, base = c == WOTK_WHITE ? 0 : 56;
	int		 kr = c == WOTK_WHITE ? WOTK_WK : WOTK_BK;
	int		 qr = c == WOTK_WHITE ? WOTK_WQ : WOTK_BQ;
	bool		 chk;

	if (!(p->castle & (kr | qr)) || n + 2 > WOTK_MAX_MOVES)
		return n;
	chk = r->strict_castling || __builtin_popcountll(p->kings[c]) == 1;
	if ((p->castle & kr) && !(occ & (3ULL << (base + 5))) && (!chk ||
	    (!wotk_attacked(p, base + 4, 1 - c) &&
	    !wotk_attacked(p, base + 5, 1 - c) &&
	    !wotk_attacked(p, base + 6, 1 - c))))
		out[n++] = (struct wotk_move){ (uint8_t)(base + 4),
		    (uint8_t)(base + 6), WOTK_KING, WOTK_MCASTLE };
	if ((p->castle & qr) && !(occ & (7ULL << (base + 1))) && (!chk ||
	    (!wotk_attacked(p, base + 4, 1 - c) &&
	    !wotk_attacked(p, base + 3, 1 - c) &&
	    !wotk_attacked(p, base + 2, 1 - c))))
		out[n++] = (struct wotk_move){ (uint8_t)(base + 4),
		    (uint8_t)(base + 2), WOTK_KING, WOTK_MCASTLE };
	return n;
}

/* Every pseudo-legal move of the side to move; returns how many. */
int
wotk_gen(const struct wotk_pos *p, const struct wotk_rules *r,
    struct wotk_move *out)
{
	uint64_t	 own = p->occ[p->side], occ = p->occ[0] | p->occ[1];
	uint64_t	 bb, t;
	int		 n = 0, s, f;

	for (bb = own; bb != 0; bb &= bb - 1) {
		s = __builtin_ctzll(bb);
		f = WOTK_FORM_OF(p->sq[s]);
		if (f == WOTK_PAWN) {
			n = wotk_gen_pawn(p, r, s, out, n);
			continue;
		}
		for (t = wotk_targets(f, s, occ) & ~own; t != 0; t &= t - 1)
			n = wotk_add(p, r, s, __builtin_ctzll(t), 0, out, n);
	}
	return wotk_gen_castle(p, r, out, n);
}

int
wotk_king_count(const struct wotk_pos *p, int color)
{
	return __builtin_popcountll(p->kings[color]);
}

/* Check exists only for a player with exactly one King (rules 4). */
bool
wotk_in_check(const struct wotk_pos *p, int color)
{
	if (wotk_king_count(p, color) != 1)
		return false;
	return wotk_attacked(p, __builtin_ctzll(p->kings[color]), 1 - color);
}

/*
 * research 5, the unified test: after the move, a mover with exactly one
 * King may not have it attacked; with several (or a new second one) all is
 * allowed.
 */
bool
wotk_legal_after(const struct wotk_pos *before, const struct wotk_pos *after)
{
	return !wotk_in_check(after, before->side);
}

int
wotk_gen_legal(const struct wotk_pos *p, const struct wotk_rules *r,
    struct wotk_move *out)
{
	struct wotk_pos	 q;
	int		 n, i, k = 0;

	if (p->kings[p->side] == 0)
		return 0;	/* the last King is gone: the game is over */
	n = wotk_gen(p, r, out);
	for (i = 0; i < n; i++) {
		q = *p;
		wotk_make(&q, &out[i]);
		if (wotk_legal_after(p, &q))
			out[k++] = out[i];
	}
	return k;
}

/* Castling rights kept by a move from or to each square. */
static int
wotk_castle_keep(int sq)
{
	switch (sq) {
	case SQ(4, 0):	return ~(WOTK_WK | WOTK_WQ);
	case SQ(7, 0):	return ~WOTK_WK;
	case SQ(0, 0):	return ~WOTK_WQ;
	case SQ(4, 7):	return ~(WOTK_BK | WOTK_BQ);
	case SQ(7, 7):	return ~WOTK_BK;
	case SQ(0, 7):	return ~WOTK_BQ;
	}
	return ~0;
}

/*
 * Plays m. The 50-move counter restarts on captures, pawn moves and any
 * improvement (research 5: improvements cannot be undone either).
 */
void
wotk_make(struct wotk_pos *p, const struct wotk_move *m)
{
	uint8_t		 piece = p->sq[m->from], corner;
	int		 c = p->side, from = m->from, to = m->to;
	bool		 reset;

	reset = (m->flags & (WOTK_MCAPTURE | WOTK_MEP)) ||
	    WOTK_FORM_OF(piece) == WOTK_PAWN || WOTK_FORM_OF(piece) != m->form;
	if (m->flags & WOTK_MCASTLE) {
		int rf = to > from ? from + 3 : from - 4;
		int rt = to > from ? from + 1 : from - 1;

		corner = p->sq[rf];
		wotk_take(p, rf);
		wotk_take(p, from);
		wotk_put(p, to, piece);
		wotk_put(p, rt, corner);
	} else {
		if (m->flags & WOTK_MEP)
			wotk_take(p, c == WOTK_WHITE ? to - 8 : to + 8);
		wotk_take(p, to);
		wotk_take(p, from);
		wotk_put(p, to, WOTK_PIECE(c, m->form));
	}
	p->ep = (m->flags & WOTK_MDOUBLE) ? (from + to) / 2 : -1;
	p->castle &= wotk_castle_keep(from) & wotk_castle_keep(to);
	p->halfmove = reset ? 0 : p->halfmove + 1;
	if (c == WOTK_BLACK)
		p->fullmove++;
	p->side = 1 - c;
}

uint64_t
wotk_perft(const struct wotk_pos *p, const struct wotk_rules *r, int depth)
{
	struct wotk_move	 m[WOTK_MAX_MOVES];
	struct wotk_pos		 q;
	uint64_t		 total = 0;
	int			 n, i;

	if (depth <= 0)
		return 1;
	if (p->kings[p->side] == 0)
		return 0;
	n = wotk_gen(p, r, m);
	for (i = 0; i < n; i++) {
		q = *p;
		wotk_make(&q, &m[i]);
		if (!wotk_legal_after(p, &q))
			continue;
		total += depth == 1 ? 1 : wotk_perft(&q, r, depth - 1);
	}
	return total;
}

/* Whether the side to move could take en passant at all (repetition keys
 * count the e.p. right only then, as FIDE does). */
static bool
wotk_ep_matters(const struct wotk_pos *p)
{
	if (p->ep < 0)
		return false;
	return (wotk_pawn_attacks(1 - p->side, p->ep) &
	    p->pawns[p->side]) != 0;
}

/*
 * The position for repetitions (research 5: every piece's form, side to
 * move, castling and e.p. rights), hashed with FNV-1a and a splitmix
 * finaliser: fixed, so keys saved in the state stay valid.
 */
uint64_t
wotk_pos_key(const struct wotk_pos *p)
{
	uint64_t	 h = 0xcbf29ce484222325ULL;
	int		 i;

	for (i = 0; i < WOTK_SQUARES; i++)
		h = (h ^ p->sq[i]) * 0x100000001b3ULL;
	h = (h ^ (uint64_t)p->side) * 0x100000001b3ULL;
	h = (h ^ (uint64_t)p->castle) * 0x100000001b3ULL;
	h = (h ^ (uint64_t)(wotk_ep_matters(p) ? p->ep + 1 : 0)) *
	    0x100000001b3ULL;
	return rng_splitmix(&h);
}
