/*
 * adjudicate.c - weekeewachee: when a phase is complete, and playing it.
 *
 * A phase is the sealed setup (Classic) or one move. The judge keeps the
 * orders; here they are read back through order.c, so an order that was
 * valid when parsed is checked once more against the same state. After a
 * move come the end conditions of rules/ari-and-weekeewachee.md 2.3.3.
 */
#include <string.h>

#include "adjudicator/game/duel.h"
#include "adjudicator/weekeewachee/wkw.h"

static bool
wkw_adjudicate_complete(const struct game_state *st, const struct duel_given *g)
{
	if (st->phase != WKW_PHASE_SETUP && st->phase != WKW_PHASE_PLAY)
		return false;
	if (g->draw[0] && g->draw[1])
		return true;
	if (st->phase == WKW_PHASE_SETUP)
		return g->setup[0] != NULL && g->setup[1] != NULL;
	return g->move[st->turn] != NULL;
}

bool
wkw_adjudicate_ready(const struct game_state *st,
    const struct game_order *orders, int n)
{
	struct duel_given	 g;

	duel_collect(orders, n, &g);
	return wkw_adjudicate_complete(st, &g);
}

static void
wkw_adjudicate_finish(struct game_state *st, int winner, enum wkw_end end)
{
	st->phase = WKW_PHASE_OVER;
	st->winner = winner;
	st->end = end;
}

/* Both SETUP orders revealed together (A-W5). */
static int
wkw_adjudicate_setup(struct game_state *st, const struct duel_given *g,
    struct game_diag *why)
{
	struct wkw_order	 o[2];
	struct game_order	 go;
	int			 s, f, sq;

	for (s = 0; s < 2; s++)
		if (wkw_order_read(st, s, g->setup[s]->text, &o[s], &go,
		    why) == -1 || o[s].type != WKW_O_SETUP)
			return -1;
	for (s = 0; s < 2; s++)
		for (f = 0; f < WKW_FILES; f++) {
			sq = wkw_rules_square(f, wkw_rules_base_rank(s));
			st->board[sq].owner = s;
			st->board[sq].kind = o[s].setup[f];
			st->board[sq].hidden = false;
		}
	memset(&st->last, 0, sizeof(st->last));
	st->last.type = WKW_EV_SETUP;
	st->last.seat = GAME_NOBODY;
	st->phase = WKW_PHASE_PLAY;
	st->ply++;
	st->nhist = 0;
	wkw_rules_push_key(st);
	return 0;
}

/* How often the position now on the board stands in the history. */
static int
wkw_adjudicate_repeats(const struct game_state *st)
{
	char	 now[WKW_KEY_LEN + 1];
	int	 i, n = 0;

	wkw_rules_key(st, now);
	for (i = 0; i < st->nhist; i++)
		if (strcmp(st->hist[i], now) == 0)
			n++;
	return n;
}

/*
 * rules 2.3.3 in its order, on the position as it stands with st->turn to
 * move and the other seat the one that moved last: a piece on the
 * opponent's base row wins (A-W7: a capture onto it too; the seat that
 * moved is asked first, the side to move can be there only in a loaded
 * position), every enemy piece taken wins (in Blind-Fun the defender may
 * take the attacker's last piece), then the draws: the third occurrence
 * of the position, no legal move (A-W3), the ply cap. record: the
 * position is new (a move was played) and joins the history before the
 * draws are judged.
 */
static void
wkw_adjudicate_judge(struct game_state *st, bool record)
{
	int	 opp = st->turn, seat = 1 - opp;

	if (wkw_rules_home(st, seat))
		wkw_adjudicate_finish(st, seat, WKW_END_BASE_ROW);
	else if (wkw_rules_home(st, opp))
		wkw_adjudicate_finish(st, opp, WKW_END_BASE_ROW);
	else if (wkw_rules_count(st, opp) == 0)
		wkw_adjudicate_finish(st, seat, WKW_END_CAPTURE_ALL);
	else if (wkw_rules_count(st, seat) == 0)
		wkw_adjudicate_finish(st, opp, WKW_END_CAPTURE_ALL);
	else {
		if (record)
			wkw_rules_push_key(st);
		if (wkw_adjudicate_repeats(st) >= 3)
			wkw_adjudicate_finish(st, GAME_DRAWN,
			    WKW_END_REPETITION);
		else if (!wkw_rules_can_move(st, opp))
			wkw_adjudicate_finish(st, GAME_DRAWN,
			    WKW_END_NO_MOVES);
		else if (st->ply >= WKW_PLY_CAP)
			wkw_adjudicate_finish(st, GAME_DRAWN, WKW_END_PLY_CAP);
	}
}

/*
 * game_ops.settle: a loaded position in play is judged as after a move,
 * without joining the history once more (a state play saved holds it
 * already).
 */
void
wkw_adjudicate_settle(struct game_state *st)
{
	if (st->phase == WKW_PHASE_PLAY)
		wkw_adjudicate_judge(st, false);
}

static int
wkw_adjudicate_move(struct game_state *st, const struct duel_given *g,
    struct game_diag *why)
{
	struct wkw_order	 o;
	struct game_order	 go;
	int			 seat = st->turn;

	if (wkw_order_read(st, seat, g->move[seat]->text, &o, &go,
	    why) == -1)
		return -1;
	if (o.type != WKW_O_MOVE) {
		game_diag_set(why, "wkw.err.syntax", 1, g->move[seat]->text);
		return -1;
	}
	wkw_rules_move(st, seat, o.from, o.to);
	st->ply++;
	st->turn = 1 - seat;
	wkw_adjudicate_judge(st, true);
	return 0;
}

int
wkw_adjudicate(struct game_state *st, const struct game_order *orders, int n,
    struct game_diag *why)
{
	struct duel_given	 g;

	duel_collect(orders, n, &g);
	if (!wkw_adjudicate_complete(st, &g)) {
		game_diag_set(why, "wkw.err.not_ready", 0);
		return -1;
	}
	if (g.draw[0] && g.draw[1]) {
		memset(&st->last, 0, sizeof(st->last));
		st->last.type = WKW_EV_DRAW;
		st->last.seat = GAME_NOBODY;
		st->ply++;
		wkw_adjudicate_finish(st, GAME_DRAWN, WKW_END_AGREEMENT);
		return 0;
	}
	if (st->phase == WKW_PHASE_SETUP)
		return wkw_adjudicate_setup(st, &g, why);
	return wkw_adjudicate_move(st, &g, why);
}
