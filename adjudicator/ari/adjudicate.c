/*
 * adjudicate.c - ARI: when a ply is complete, and playing it.
 *
 * A phase is one action of the side to move, or the acceptance of a draw
 * the other side offered with its last move (the two-player DRAW
 * convention: an offer rides with a move, the opponent accepts with DRAW
 * instead of a move, any move declines). The orders are read back through
 * order.c, so an order valid when parsed is checked once more. After each
 * action come the end conditions of rules 1.4.4, decision 2 and A-10.
 */
#include <string.h>

#include "adjudicator/ari/ari.h"
#include "adjudicator/game/duel.h"

/* Whether the side to move accepts a standing offer with DRAW. */
static bool
ari_adjudicate_accepts(const struct game_state *st,
    const struct duel_given *g)
{
	return g->draw[st->pos.turn] && st->offer == 1 - st->pos.turn;
}

bool
ari_adjudicate_ready(const struct game_state *st,
    const struct game_order *orders, int n)
{
	struct duel_given	 g;

	if (st->status != ARI_RUNNING)
		return false;
	duel_collect(orders, n, &g);
	return g.move[st->pos.turn] != NULL || ari_adjudicate_accepts(st, &g);
}

/* What seat still owes: its action, unless it accepts a standing offer. */
int
ari_adjudicate_pending(const struct game_state *st, int seat,
    const struct game_order *orders, int n, struct game_msg *out, int max)
{
	if (max < 1 || st->status != ARI_RUNNING || seat != st->pos.turn ||
	    ari_adjudicate_ready(st, orders, n))
		return 0;
	switch (st->pos.stage) {
	case ARI_STAGE_OPENING:
		game_msg_set(&out[0], "ari.pending.die", 0);
		break;
	case ARI_STAGE_QUEENS:
		game_msg_set(&out[0], "ari.pending.queen", 0);
		break;
	case ARI_STAGE_PLAY:
		game_msg_set(&out[0], "ari.pending.move", 0);
		break;
	}
	return 1;
}

static void
ari_adjudicate_finish(struct game_state *st, int winner, enum ari_end end)
{
	st->status = ARI_OVER;
	st->winner = winner;
	st->end = end;
	st->offer = -1;
}

/* How often the position now on the board stands in the history. */
static int
ari_adjudicate_repeats(const struct game_state *st)
{
	char	 now[ARI_KEY_LEN + 1];
	int	 i, n = 0;

	ari_rules_key(&st->pos, now);
	for (i = 0; i < st->nhist; i++)
		if (strcmp(st->hist[i], now) == 0)
			n++;
	return n;
}

/*
 * The position as it stands, in this order: the side to move has no legal
 * action and loses (A-1, decision 2: its queen would be taken); the
 * position has arisen for the third time since play began; the ply
 * cap. record: the position is new (an action was played) and joins the
 * history first, if it is one of play and the game goes on.
 */
static void
ari_adjudicate_judge(struct game_state *st, bool record)
{
	if (!ari_rules_can_act(&st->pos)) {
		ari_adjudicate_finish(st, 1 - st->pos.turn, ARI_END_CAPTURE);
		return;
	}
	if (st->pos.stage == ARI_STAGE_PLAY) {
		if (record && st->nhist <= ARI_PLY_CAP)
			ari_rules_key(&st->pos, st->hist[st->nhist++]);
		if (ari_adjudicate_repeats(st) >= 3) {
			ari_adjudicate_finish(st, GAME_DRAWN,
			    ARI_END_REPETITION);
			return;
		}
	}
	if (st->ply >= ARI_PLY_CAP)
		ari_adjudicate_finish(st, GAME_DRAWN, ARI_END_PLY_CAP);
}

/*
 * game_ops.settle: a loaded running position is judged as after an
 * action, without joining the history once more (a state play saved
 * holds it already).
 */
void
ari_adjudicate_settle(struct game_state *st)
{
	if (st->status == ARI_RUNNING)
		ari_adjudicate_judge(st, false);
}

static int
ari_adjudicate_action(struct game_state *st, const struct duel_given *g,
    struct game_diag *why)
{
	struct ari_action	 a;
	struct game_order	 go;
	int			 mover = st->pos.turn;
	const char		*text = g->move[mover]->text;
	bool			 draw;

	if (ari_order_read(st, mover, text, &a, &draw, &go, why) == -1)
		return -1;
	if (draw) {
		game_diag_set(why, "ari.err.syntax", 1, text);
		return -1;
	}
	ari_rules_apply(&st->pos, &a);
	st->ply++;
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = ARI_EV_ACTION;
	st->last.seat = mover;
	st->last.act = a;
	/* Any move declines a standing offer; DRAW with it makes a new one. */
	st->offer = g->draw[mover] ? mover : -1;
	ari_adjudicate_judge(st, true);
	return 0;
}

int
ari_adjudicate(struct game_state *st, const struct game_order *orders, int n,
    struct game_diag *why)
{
	struct duel_given	 g;

	if (!ari_adjudicate_ready(st, orders, n)) {
		game_diag_set(why, "ari.err.not_ready", 0);
		return -1;
	}
	duel_collect(orders, n, &g);
	if (ari_adjudicate_accepts(st, &g)) {
		memset(&st->last, 0, sizeof(st->last));
		st->last.type = ARI_EV_DRAW;
		st->last.seat = st->pos.turn;
		st->last.act.from = st->last.act.to = ARI_OFF;
		st->ply++;
		ari_adjudicate_finish(st, GAME_DRAWN, ARI_END_AGREEMENT);
		return 0;
	}
	return ari_adjudicate_action(st, &g, why);
}
