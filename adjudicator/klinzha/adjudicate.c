/*
 * adjudicate.c - when a KlinZha phase is complete, and playing it: the two
 * set-ups, a move, a draw offer or acceptance, and the end of the game.
 *
 * rules/klinzha.md decisions 7, 9 and 11: after a move come the moving
 * clouds (drawn from the game's generator, recorded in the phase), then
 * the endings in this order: Goal captured, the side to move has no legal
 * move (judged from its own view), 50 moves each without a kill or a Goal
 * pick-up or drop, threefold repetition, the ply cap; the same endings
 * judge a loaded position (settle). Pure; no I/O.
 */
#include <string.h>

#include "adjudicator/klinzha/kz.h"

static const struct game_order *
kz_adjudicate_find(const struct game_order *o, int n, int seat,
    const char *slot)
{
	int	 i;

	for (i = n - 1; i >= 0; i--)
		if (o[i].seat == seat && strcmp(o[i].slot, slot) == 0)
			return &o[i];
	return NULL;
}

bool
kz_adjudicate_ready(const struct game_state *st, const struct game_order *o,
    int n)
{
	int	 due = st->phase == KZ_PHASE_SETUP1 ? st->first : 1 - st->first;
	int	 t = st->turn;

	switch (st->phase) {
	case KZ_PHASE_SETUP1:
	case KZ_PHASE_SETUP2:
		return kz_adjudicate_find(o, n, due, "setup") != NULL;
	case KZ_PHASE_PLAY:
		if (kz_adjudicate_find(o, n, t, "move") != NULL)
			return true;
		if (kz_adjudicate_find(o, n, t, "draw") != NULL &&
		    st->draw_offer == 1 - t)
			return true;
		/* An offer sent after the own move stands on its own. */
		return kz_adjudicate_find(o, n, 1 - t, "draw") != NULL &&
		    st->draw_offer != 1 - t;
	default:
		return false;
	}
}

static void
kz_adjudicate_over(struct game_state *st, int winner, enum kz_end end)
{
	st->phase = KZ_PHASE_OVER;
	st->winner = winner;
	st->end = end;
	st->draw_offer = -1;
}

/*
 * The endings of the position as it stands, st->turn to move (decision 9,
 * in this order): the last move captured the Goal (its side wins), the
 * side to move has no legal move and loses, 50 moves each without a kill
 * or a Goal picked up or put down, the third occurrence of the position
 * in the history, the ply cap. A Goal missing from the board is no loss
 * by itself: a loaded study may leave the Goals out (README.md).
 */
void
kz_adjudicate_end(struct game_state *st)
{
	uint64_t	 key = kz_resolve_key(st);
	int		 i, same = 0;

	if (st->last.type == KZ_EV_MOVE && st->last.goal_taken) {
		kz_adjudicate_over(st, st->last.seat, KZ_END_GOAL);
		return;
	}
	if (!kz_rules_has_move(st, st->turn)) {
		kz_adjudicate_over(st, 1 - st->turn, KZ_END_NO_MOVES);
		return;
	}
	if (st->quiet >= KZ_QUIET_PLIES) {
		kz_adjudicate_over(st, GAME_DRAWN, KZ_END_QUIET);
		return;
	}
	for (i = 0; i < st->nhist; i++)
		if (st->hist[i] == key)
			same++;
	if (same >= 3) {
		kz_adjudicate_over(st, GAME_DRAWN, KZ_END_REPETITION);
		return;
	}
	if (st->ply >= KZ_PLY_CAP)
		kz_adjudicate_over(st, GAME_DRAWN, KZ_END_PLY_CAP);
}

/*
 * game_ops.settle: a loaded position in play is judged as after a move.
 * A state play saved holds the position in its history already; it is
 * not added once more.
 */
void
kz_adjudicate_settle(struct game_state *st)
{
	if (st->phase == KZ_PHASE_PLAY)
		kz_adjudicate_end(st);
}

static int
kz_adjudicate_move(struct game_state *st, const char *text, bool offer,
    struct game_diag *why)
{
	struct kz_move	 m;
	struct kz_grid	 seen;
	int		 seat = st->turn;

	if (kz_order_read(st, seat, text, &m, why) != 0)
		return -1;
	/* The mover's view as he ordered: a crash is told from it. */
	kz_rules_grid_view(st, seat, &seen);
	kz_resolve(&st->pos, seat, st->zone_gap, &m, &seen, &st->last);
	st->ply++;
	st->turn = 1 - seat;
	st->draw_offer = offer ? seat : -1;
	if (st->last.killed != KZ_NONE || st->last.goal_taken)
		st->nhist = 0;
	if (st->last.killed != KZ_NONE || st->last.pickup ||
	    st->last.drop >= 0 || st->last.goal_taken)
		st->quiet = 0;
	else
		st->quiet++;
	/* Decision 11: every X full turns the clouds move. */
	if (st->moving && ++st->cloud_plies >= 2 * st->cloud_every) {
		st->cloud_plies = 0;
		kz_clouds_move(st);
	}
	if (st->nhist < KZ_HISTORY)
		st->hist[st->nhist++] = kz_resolve_key(st);
	kz_adjudicate_end(st);
	return 0;
}

static void
kz_adjudicate_setup(struct game_state *st, const struct game_order *o)
{
	int	 seat = st->phase == KZ_PHASE_SETUP1 ? st->first : 1 - st->first;

	kz_setup_apply(st, seat, o->text);
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = KZ_EV_SETUP;
	st->last.seat = seat;
	st->last.drop = st->last.stop = -1;
	if (st->phase == KZ_PHASE_SETUP1) {
		st->phase = KZ_PHASE_SETUP2;
		st->turn = 1 - st->first;
		return;
	}
	st->phase = KZ_PHASE_PLAY;
	st->turn = st->first;
	st->nhist = 0;
	st->hist[st->nhist++] = kz_resolve_key(st);
	/* A side without any move loses at once (decision 9). */
	kz_adjudicate_end(st);
}

int
kz_adjudicate(struct game_state *st, const struct game_order *o, int n,
    struct game_diag *why)
{
	const struct game_order	*mv, *dr, *other;
	int			 t = st->turn;

	if (!kz_adjudicate_ready(st, o, n)) {
		game_diag_set(why, "kz.err.not_ready", 0);
		return -1;
	}
	if (st->phase != KZ_PHASE_PLAY) {
		kz_adjudicate_setup(st, kz_adjudicate_find(o, n,
		    st->phase == KZ_PHASE_SETUP1 ? st->first : 1 - st->first,
		    "setup"));
		return 0;
	}
	mv = kz_adjudicate_find(o, n, t, "move");
	dr = kz_adjudicate_find(o, n, t, "draw");
	other = kz_adjudicate_find(o, n, 1 - t, "draw");
	if (dr != NULL && st->draw_offer == 1 - t) {
		memset(&st->last, 0, sizeof(st->last));
		st->last.type = KZ_EV_DRAW;
		st->last.seat = t;
		st->last.drop = st->last.stop = -1;
		kz_adjudicate_over(st, GAME_DRAWN, KZ_END_AGREEMENT);
		return 0;
	}
	if (mv != NULL)
		return kz_adjudicate_move(st, mv->text, dr != NULL, why);
	if (other != NULL) {
		/* The last move stays told; only the offer is new. */
		st->draw_offer = 1 - t;
		return 0;
	}
	game_diag_set(why, "kz.err.not_ready", 0);
	return -1;
}
