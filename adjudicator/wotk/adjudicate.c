/*
 * adjudicate.c - Way of the Knight: when a phase is complete, playing it,
 * and the end of the game.
 *
 * A phase is the handicap set-up or one move. The judge keeps the orders;
 * they are read back through order.c here, so an order valid when parsed
 * is checked once more against the same state. The draw convention of the
 * two-player games: DRAW with a move offers (the offer rides with the
 * move), DRAW instead of a move accepts a standing offer, any move
 * declines it. End conditions: rules 4 and research 5.
 */
#include <stdio.h>
#include <string.h>

#include "adjudicator/game/duel.h"
#include "adjudicator/wotk/wotk.h"

/* The seat to move in play, the handicapped seat in the set-up. */
static int
wotk_adjudicate_due(const struct game_state *st)
{
	if (st->phase == WOTK_PHASE_SETUP)
		return st->white;
	if (st->phase == WOTK_PHASE_PLAY)
		return wotk_seat_of_color(st, st->pos.side);
	return GAME_NOBODY;
}

bool
wotk_adjudicate_ready(const struct game_state *st,
    const struct game_order *orders, int n)
{
	struct duel_given	 g;
	int			 s = wotk_adjudicate_due(st);

	if (s == GAME_NOBODY)
		return false;
	duel_collect(orders, n, &g);
	if (st->phase == WOTK_PHASE_SETUP)
		return g.setup[s] != NULL;
	return g.move[s] != NULL || (g.draw[s] && st->offer == 1 - s);
}

int
wotk_pending(const struct game_state *st, int seat,
    const struct game_order *orders, int n, struct game_msg *out, int max)
{
	struct duel_given	 g;
	char			 pts[16];

	/* A finished game's due seat is GAME_NOBODY, which is also the GM's
	 * seat (-1): the GM owes nothing, whatever the game says. */
	if (max < 1 || seat < 0 || seat != wotk_adjudicate_due(st) ||
	    wotk_adjudicate_ready(st, orders, n))
		return 0;
	duel_collect(orders, n, &g);
	if (st->phase == WOTK_PHASE_SETUP) {
		snprintf(pts, sizeof(pts), "%d", st->handicap[seat]);
		game_msg_set(&out[0], "wotk.pending.setup", 1, pts);
	} else
		game_msg_set(&out[0], g.draw[seat] ? "wotk.pending.move_draw" :
		    "wotk.pending.move", 0);
	return 1;
}

static void
wotk_adjudicate_push(struct game_state *st)
{
	if (st->pos.halfmove == 0)
		st->nhist = 0;
	if (st->nhist < WOTK_HISTORY)
		st->hist[st->nhist++] = wotk_pos_key(&st->pos);
}

/* Play starts (after the set-up, if any): the first position counts once
 * for repetitions. */
void
wotk_adjudicate_begin(struct game_state *st)
{
	st->phase = WOTK_PHASE_PLAY;
	st->nhist = 0;
	if (st->nhist < WOTK_HISTORY)
		st->hist[st->nhist++] = wotk_pos_key(&st->pos);
}

static void
wotk_adjudicate_finish(struct game_state *st, int winner, enum wotk_end end)
{
	st->phase = WOTK_PHASE_OVER;
	st->winner = winner;
	st->end = end;
	st->offer = -1;
}

static bool
wotk_adjudicate_bare_kings(const struct wotk_pos *p)
{
	return __builtin_popcountll(p->occ[0]) == 1 &&
	    __builtin_popcountll(p->occ[1]) == 1 && p->kings[0] != 0 &&
	    p->kings[1] != 0;
}

/*
 * The end of the game in the position as it stands, the side to move
 * looking for a move (rules 4): it has no King left, no legal move (mate
 * if its one King is attacked, else stalemate), King against King, the
 * 50-move rule, the third occurrence of the position in the history.
 * Mate and stalemate come first: a move that mates wins even on the
 * 100th quiet ply. A win goes to the side not to move.
 */
static void
wotk_adjudicate_judge(struct game_state *st)
{
	struct wotk_move	 m[WOTK_MAX_MOVES];
	const struct wotk_pos	*p = &st->pos;
	int			 i, same = 0;
	int			 other = wotk_seat_of_color(st, 1 - p->side);
	uint64_t		 key;

	if (p->kings[p->side] == 0) {
		wotk_adjudicate_finish(st, other, WOTK_END_KING_TAKEN);
		return;
	}
	if (wotk_gen_legal(p, &st->rules, m) == 0) {
		if (wotk_in_check(p, p->side))
			wotk_adjudicate_finish(st, other, WOTK_END_MATE);
		else
			wotk_adjudicate_finish(st, GAME_DRAWN,
			    WOTK_END_STALEMATE);
		return;
	}
	if (wotk_adjudicate_bare_kings(p)) {
		wotk_adjudicate_finish(st, GAME_DRAWN, WOTK_END_MATERIAL);
		return;
	}
	if (p->halfmove >= 100) {
		wotk_adjudicate_finish(st, GAME_DRAWN, WOTK_END_FIFTY);
		return;
	}
	/* After a move the history ends with this position; a loaded one
	 * may hold it fewer times, or not at all. */
	key = wotk_pos_key(p);
	for (i = 0; i < st->nhist; i++)
		if (st->hist[i] == key)
			same++;
	if (same >= 3)
		wotk_adjudicate_finish(st, GAME_DRAWN, WOTK_END_REPETITION);
}

/* After a move: the new position joins the history, then is judged. */
static void
wotk_adjudicate_end(struct game_state *st)
{
	wotk_adjudicate_push(st);
	wotk_adjudicate_judge(st);
}

/*
 * game_ops.settle: a loaded position in play is judged as after a move,
 * without joining the history once more (its state text holds it when
 * play saved it).
 */
void
wotk_adjudicate_settle(struct game_state *st)
{
	if (st->phase == WOTK_PHASE_PLAY)
		wotk_adjudicate_judge(st);
}

static int
wotk_adjudicate_setup(struct game_state *st, const struct game_order *go,
    struct game_diag *why)
{
	struct wotk_order	 o;
	struct game_order	 canon;
	int			 i;

	if (wotk_order_read(st, go->seat, go->text, &o, &canon, why) != 0)
		return -1;
	wotk_setup_apply(st, &o);
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = WOTK_EV_SETUP;
	st->last.seat = go->seat;
	st->last.nsetup = o.nsetup;
	for (i = 0; i < o.nsetup; i++) {
		st->last.setup_sq[i] = o.setup_sq[i];
		st->last.setup_form[i] = o.setup_form[i];
	}
	st->handicap[go->seat] = 0;
	st->ply++;
	wotk_adjudicate_begin(st);
	return 0;
}

static int
wotk_adjudicate_move(struct game_state *st, const struct game_order *go,
    bool offer, struct game_diag *why)
{
	struct wotk_order	 o;
	struct game_order	 canon;
	struct wotk_last	*l = &st->last;

	if (wotk_order_read(st, go->seat, go->text, &o, &canon, why) != 0 ||
	    o.type != WOTK_O_MOVE)
		return -1;
	memset(l, 0, sizeof(*l));
	l->type = WOTK_EV_MOVE;
	l->seat = go->seat;
	l->move = o.move;
	l->piece = st->pos.sq[o.move.from];
	if (o.move.flags & WOTK_MEP)
		l->victim = WOTK_PIECE(1 - st->pos.side, WOTK_PAWN);
	else if (!(o.move.flags & WOTK_MCASTLE))
		l->victim = st->pos.sq[o.move.to];
	/* canon.text is wotk_move_text()'s, which fits l->text (zeroed). */
	memcpy(l->text, canon.text, sizeof(l->text) - 1);
	wotk_make(&st->pos, &o.move);
	st->ply++;
	/* Any move declines the opponent's offer; the mover's rides. */
	st->offer = offer ? go->seat : -1;
	wotk_adjudicate_end(st);
	return 0;
}

int
wotk_adjudicate(struct game_state *st, const struct game_order *orders,
    int n, struct game_diag *why)
{
	struct duel_given	 g;
	int			 s = wotk_adjudicate_due(st);

	if (!wotk_adjudicate_ready(st, orders, n)) {
		game_diag_set(why, "wotk.err.not_ready", 0);
		return -1;
	}
	duel_collect(orders, n, &g);
	if (st->phase == WOTK_PHASE_SETUP)
		return wotk_adjudicate_setup(st, g.setup[s], why);
	if (g.draw[s] && st->offer == 1 - s) {
		memset(&st->last, 0, sizeof(st->last));
		st->last.type = WOTK_EV_DRAW;
		st->last.seat = s;
		st->ply++;
		wotk_adjudicate_finish(st, GAME_DRAWN, WOTK_END_AGREEMENT);
		return 0;
	}
	return wotk_adjudicate_move(st, g.move[s], g.draw[s], why);
}
