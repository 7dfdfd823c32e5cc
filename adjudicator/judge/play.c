/*
 * play.c - playing a phase over the order book (play.h).
 *
 * The stored orders of the phase are read into one order book
 * (game/orderbook.c, the same the referee console plays with) and the game
 * says whether they are ready and what each seat still owes. A game
 * without a clock is played as soon as its orders are ready; a game with
 * one only when the clock says so (judge/tick.c, PROCESS), with the orders
 * there are: missing units hold, and with `cd` a power that sent nothing
 * goes into civil disorder. The notes of what happened go to every report
 * of the phase as an argument, never through the session.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/play.h"
#include "common/log.h"

#define JUDGE_PLAY_SCRATCH	16	/* owed items looked at */

_Static_assert(GAME_SLOT_MAX >= DB_SLOT_MAX, "a stored slot fits a game's");
_Static_assert(GAME_ORDER_MAX >= DB_ORDER_MAX,
    "a stored order fits a game's");

int
judge_play_book(struct judge_session *s, const struct judge_seat *w,
    struct orderbook *book)
{
	struct db_order		*dbo;
	struct game_order	 o;
	int			 n, i;

	orderbook_reset(book);
	dbo = xcalloc(ORDERBOOK_MAX, sizeof(*dbo));
	if (db_orders(s->env->db, w->game.id, w->game.phase, dbo,
	    ORDERBOOK_MAX, &n) != DB_OK) {
		free(dbo);
		judge_store_failed(s);
		return -1;
	}
	for (i = 0; i < n; i++) {
		memset(&o, 0, sizeof(o));
		o.seat = dbo[i].seat;
		/* Stored from a game's order (orders.c): it fits back. */
		strlcpy_(o.slot, dbo[i].slot, sizeof(o.slot));
		strlcpy_(o.text, dbo[i].text, sizeof(o.text));
		/* The store keeps one order per seat and slot, at most
		 * ORDERBOOK_MAX a phase (the parser's bound): it fits. */
		(void)orderbook_put(book, &o);
	}
	free(dbo);
	return 0;
}

void
judge_play_try(struct judge_session *s, struct judge_seat *w,
    struct game_state *st)
{
	struct orderbook	*book;
	struct game_diag	 why;

	/* A game with a clock is played by the clock only. */
	if (judge_clock_owns(s, w))
		return;
	book = orderbook_new();
	if (judge_play_book(s, w, book) != 0 ||
	    !orderbook_ready(book, w->ops, st))
		goto out;
	memset(&why, 0, sizeof(why));
	if (orderbook_adjudicate(book, w->ops, st, &why) != 0) {
		log_warnx("judge: game=%s phase=%d adjudication refused",
		    w->game.name, w->game.phase);
		judge_msg(s, &why.msg, true);
		goto out;
	}
	if (judge_phase_advance(s, w, st) == 0)
		judge_phase_report(s, w, st, NULL, 0);
out:
	orderbook_free(book);
}

/* Whether seat still owes orders; a game's pending() needs room to fill. */
static bool
judge_play_owes(const struct judge_seat *w, const struct game_state *st,
    const struct orderbook *book, int seat)
{
	struct game_msg	 scratch[JUDGE_PLAY_SCRATCH];
	int		 said;

	return orderbook_owed(book, w->ops, st, seat, scratch,
	    JUDGE_PLAY_SCRATCH, &said) > 0;
}

int
judge_play_due(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const struct orderbook *book,
    struct judge_due *d)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_clock_seat	 cs[GAME_MAX_SEATS];
	int			 np, ncs = 0, i, j, k;

	memset(d, 0, sizeof(*d));
	if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS, &np) !=
	    DB_OK || db_clock_seats(s->env->db, w->game.id, cs,
	    GAME_MAX_SEATS, &ncs) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	for (i = 0; i < np; i++) {
		struct db_clock_seat f = { p[i].seat, -1, -1, false };

		/* An open seat (EJECT) of a game of more than two seats is
		 * not awaited either: nobody can order for it until a
		 * take-over, and its units hold as in civil disorder. A
		 * two-seat game cannot be played without it. */
		if (p[i].resigned || (p[i].ejected && w->ops->nseats > 2))
			continue;
		for (j = 0; j < ncs; j++)
			if (cs[j].seat == p[i].seat)
				f = cs[j];
		if (f.cd)
			continue;
		k = d->n++;
		d->seat[k] = p[i].seat;
		d->pending[k] = judge_play_owes(w, st, book, p[i].seat);
		d->none[k] = d->pending[k] &&
		    orderbook_count(book, p[i].seat) == 0;
		d->error[k] = f.error_phase == w->game.phase;
		if (d->pending[k] || d->error[k])
			d->nlate++;
		d->waits[k] = f.wait_phase == w->game.phase;
		if (d->waits[k])
			d->wait = true;
	}
	d->ready = d->nlate == 0 && !d->wait;
	return 0;
}

static void
judge_play_note(struct game_msg *notes, int *n, const char *key,
    const struct judge_seat *w, int seat)
{
	struct game_msg	*m = &notes[(*n)++];

	memset(m, 0, sizeof(*m));
	strlcpy_(m->key, key, sizeof(m->key));	/* keys are literals */
	if (seat >= 0)
		judge_note_seat(m, 0, w, seat);
}

/* What happened to the awaited seats, as notes; -1 on a store error. */
static int
judge_play_notes(struct judge_session *s, const struct judge_seat *w,
    const struct judge_due *d, bool cd, struct game_msg *notes, int *nn)
{
	int	 i;

	for (i = 0; i < d->n; i++) {
		if (d->pending[i])
			judge_play_note(notes, nn, "clock.note.held", w,
			    d->seat[i]);
		if (cd && d->none[i]) {
			judge_play_note(notes, nn, "clock.note.cd", w,
			    d->seat[i]);
			if (judge_clock_put_cd(s, w, d->seat[i]) != 0)
				return -1;
		}
	}
	return 0;
}

int
judge_play_process(struct judge_session *s, struct judge_seat *w,
    enum judge_play_why why)
{
	static const char *const keys[] = {
		"clock.note.early", "clock.note.deadline", "clock.note.grace",
		"clock.note.gm"
	};
	struct game_msg		 notes[2 * GAME_MAX_SEATS + 1];
	struct orderbook	*book;
	struct game_state	*st;
	struct judge_due	 d;
	struct game_diag	 diag;
	struct db_clock		 c;
	bool			 cd;
	int			 nn = 0, rc = -1;

	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return -1;
	book = orderbook_new();
	if (judge_play_book(s, w, book) != 0 ||
	    judge_play_due(s, w, st, book, &d) != 0)
		goto out;
	cd = why == JUDGE_PLAY_GRACE && db_clock_get(s->env->db, w->game.id,
	    &c) == DB_OK && c.cd;
	memset(&diag, 0, sizeof(diag));
	if (orderbook_adjudicate(book, w->ops, st, &diag) != 0) {
		if (why == JUDGE_PLAY_GM)
			judge_msg(s, &diag.msg, true);
		log_info("clock: game=%s phase=%d not processed: orders missing",
		    w->game.name, w->game.phase);
		rc = 1;
		goto out;
	}
	judge_play_note(notes, &nn, keys[why], w, -1);
	if (judge_play_notes(s, w, &d, cd, notes, &nn) != 0)
		goto out;
	log_info("clock: game=%s phase=%d processed why=%d late=%d",
	    w->game.name, w->game.phase, (int)why, d.nlate);
	if (judge_phase_advance(s, w, st) == 0)
		judge_phase_report(s, w, st, notes, nn);
	rc = s->failed ? -1 : 0;
out:
	orderbook_free(book);
	w->ops->free(st);
	return rc;
}
