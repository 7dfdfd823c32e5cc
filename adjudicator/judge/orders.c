/*
 * orders.c - a mail's order lines (orders.h).
 *
 * Each line goes to the game's parser for the seat that speaks, which
 * answers from that seat's view only; the accepted orders are stored by
 * seat and slot (a later order for the same slot replaces the earlier
 * one). The phase is tried once the mail's orders for a game are all in:
 * at the end of the mail, or before the sender speaks for another game or
 * seat. So the lines of one mail may come in any order (a move and its
 * draw offer), and a later line for a slot still replaces an earlier one.
 * A refused line whose first word begins no order of the game but is
 * near a command ("APROVE") is answered as a mistyped command (issue 16).
 * A game the GM ended that could not record it takes no more orders.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/orderbook.h"
#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/orders.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/play.h"
#include "adjudicator/judge/seats.h"

#define JUDGE_CONFIRM_PENDING	64	/* owed items the block lists */

/* An order is stored as the game gives it: the store's fields hold it. */
_Static_assert(DB_SLOT_MAX >= GAME_SLOT_MAX, "a slot fits the store");
_Static_assert(DB_ORDER_MAX >= GAME_ORDER_MAX, "an order fits the store");

/* Stores one accepted order of w's seat. 0, or -1 (store). */
static int
judge_orders_store(struct judge_session *s, const struct judge_seat *w,
    const struct game_order *o)
{
	struct db_order	 dbo;

	memset(&dbo, 0, sizeof(dbo));
	dbo.seat = w->seat;
	dbo.by_gm = w->by_gm;
	/* The store's fields hold a game's slot and text (above). */
	strlcpy_(dbo.slot, o->slot, sizeof(dbo.slot));
	strlcpy_(dbo.text, o->text, sizeof(dbo.text));
	if (db_order_put(s->env->db, w->game.id, w->game.phase, &dbo,
	    s->inbox_id) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	return 0;
}

/*
 * Whether a line the game refused is a mistyped command (issue 16): its
 * first word begins no order of the game and is near a command. Then it
 * is answered with the command, and the clock's error mark stays as it
 * is: no order was meant.
 */
static bool
judge_orders_typo(struct judge_session *s, const struct judge_line *l,
    const struct game_diag *why, const char *near)
{
	if (!why->foreign || near[0] == '\0')
		return false;
	judge_err(s, "judge.err.not_command_hint", 2, l->argv[0], near);
	return true;
}

/*
 * Whether w's game is over by the judge's row while its state goes on: the
 * GM ended it (TERMINATE) and the game could not record that, so it would
 * take orders the judge will never play.
 */
static bool
judge_orders_ended(const struct judge_seat *w, const struct game_state *st)
{
	struct game_stat	 now;

	if (w->game.status != DB_OVER)
		return false;
	w->ops->stat(st, &now);
	return now.status != GAME_STATUS_OVER;
}

void
judge_orders_line(struct judge_session *s, const struct judge_line *l,
    const char *near)
{
	struct game_order	*o;
	struct game_state	*st;
	struct game_diag	 why;
	struct judge_seat	 w = s->who;
	bool			 first;
	int			 n, i;

	if (w.game.status == DB_FORMING) {
		judge_err(s, "judge.err.not_started", 1, w.game.name);
		return;
	}
	if ((st = judge_phase_load(s, &w, w.game.phase)) == NULL)
		return;
	judge_orders_touched(s);	/* the reply confirms the whole set */
	o = xcalloc(ORDERBOOK_MAX, sizeof(*o));
	memset(&why, 0, sizeof(why));
	n = w.ops->parse(st, w.seat, l->text, s->lines.ctx, o, ORDERBOOK_MAX,
	    &why);
	if (n < 0 && judge_orders_typo(s, l, &why, near))
		goto out;
	if (n < 0 && why.prose) {
		/* rules/diplomacy.md "Lines that are not orders": a
		 * greeting or a footer, quoted back above; no order, no
		 * error, and the clock's error mark stays as it is. */
		judge_ok(s, "judge.orders.ignored", 0);
		s->lines.ignored++;
		goto out;
	}
	if (judge_orders_ended(&w, st)) {
		judge_err(s, "judge.err.ended", 1, w.game.name);
		goto out;
	}
	first = s->lines.mark_game != w.game.id || s->lines.mark_seat != w.seat;
	s->lines.mark_game = w.game.id;
	s->lines.mark_seat = w.seat;
	judge_clock_mark(s, &w, first, n < 0);
	if (n < 0) {
		judge_msg(s, &why.msg, true);
		goto out;
	}
	if (n == 0 && why.msg.key[0] != '\0')
		judge_msg(s, &why.msg, false);
	for (i = 0; i < n; i++) {
		if (judge_orders_store(s, &w, &o[i]) != 0)
			goto out;
		judge_msg(s, &o[i].echo, false);
	}
	s->lines.due = true;
out:
	free(o);
	w.ops->free(st);
}

void
judge_orders_gm_line(struct judge_session *s, const struct judge_line *l,
    const char *near)
{
	struct game_order	 o;
	struct game_state	*st;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX] = "";
	int			 n;

	if ((st = judge_phase_load(s, &s->who, s->who.game.phase)) == NULL)
		return;
	memset(&why, 0, sizeof(why));
	n = s->who.ops->parse(st, GAME_SEAT_GM, l->text, ctx, &o, 1, &why);
	if (n < 0 && judge_orders_typo(s, l, &why, near))
		;	/* answered with the command */
	else if (n < 0 && why.prose) {
		judge_ok(s, "judge.orders.ignored", 0);
		s->lines.ignored++;
	} else
		judge_err(s, "judge.err.gm_orders", 0);
	s->who.ops->free(st);
}

void
judge_orders_touched(struct judge_session *s)
{
	s->lines.given = true;
	s->lines.phase = s->who.game.phase;
}

void
judge_orders_flush(struct judge_session *s)
{
	struct game_state	*st;
	struct judge_seat	 w = s->who;

	if (!s->lines.due)
		return;
	s->lines.due = false;
	if (s->failed || !w.on || w.game.status != DB_RUNNING)
		return;
	if ((st = judge_phase_load(s, &w, w.game.phase)) == NULL)
		return;
	judge_play_try(s, &w, st);
	w.ops->free(st);
}

void
judge_orders_speak_as(struct judge_session *s, const struct judge_seat *w)
{
	/* Signing on again as the same seat goes on with the same orders. */
	if (!s->who.on || s->who.game.id != w->game.id ||
	    s->who.seat != w->seat || s->who.by_gm != w->by_gm)
		judge_orders_flush(s);
	s->who = *w;
	s->lines.ctx[0] = '\0';
}

/* The seat's stored orders, each as the game confirms it; how many. */
static int
judge_orders_list(const struct judge_seat *w, const struct game_state *st,
    const struct orderbook *book, const struct catalog *cat,
    struct buf *out)
{
	const struct game_order	*o;
	struct game_order	 re;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX];
	int			 i, k = 0;

	for (i = 0; i < orderbook_count(book, -1); i++) {
		o = orderbook_at(book, i);
		if (o->seat != w->seat)
			continue;
		buf_puts(out, "    ");
		/* The canonical text reads back (game.h parse); its echo is
		 * the confirmation the player saw when he sent it. */
		ctx[0] = '\0';
		memset(&why, 0, sizeof(why));
		if (w->ops->parse(st, w->seat, o->text, ctx, &re, 1, &why) == 1)
			catalog_render(cat, &re.echo, out);
		else
			buf_puts(out, o->text);
		buf_putc(out, '\n');
		k++;
	}
	return k;
}

/*
 * What the seat still owes, listed, and whether its orders are complete:
 * the same the clock waits for (play.c judge_play_due), so a power told
 * "complete" is one the clock counts as ready. errors: the seat's last
 * mail had lines in error (clock.c judge_clock_mark).
 */
static void
judge_orders_owed(const struct judge_seat *w, const struct game_state *st,
    const struct game_stat *now, const struct orderbook *book, int given,
    bool errors, const struct catalog *cat, struct buf *out)
{
	struct game_msg		*owed;
	int			 n, said, i;

	owed = xcalloc(JUDGE_CONFIRM_PENDING, sizeof(*owed));
	n = orderbook_owed(book, w->ops, st, w->seat, owed,
	    JUDGE_CONFIRM_PENDING, &said);
	if (said > 0) {
		catalog_say(cat, out, "judge.confirm.pending", 0);
		buf_putc(out, '\n');
		for (i = 0; i < said; i++) {
			buf_puts(out, "    ");
			catalog_render(cat, &owed[i], out);
			buf_putc(out, '\n');
		}
	}
	if (!now->due[w->seat] && given == 0)
		catalog_say(cat, out, "judge.confirm.not_due", 0);
	else if (errors)
		catalog_say(cat, out, n == 0 ? "judge.confirm.complete_errors" :
		    "judge.confirm.incomplete_errors", 0);
	else
		catalog_say(cat, out, n == 0 ? "judge.confirm.complete" :
		    "judge.confirm.incomplete", 0);
	buf_puts(out, "\n\n");
	free(owed);
}

/* Whether the clock holds w's seat back for lines in error (1.3). */
static bool
judge_orders_in_error(struct judge_session *s, const struct judge_seat *w)
{
	struct db_clock_seat	 f;

	if (!judge_clock_owns(s, w) || judge_clock_seat(s, w, &f) != 0)
		return false;
	return f.error_phase == w->game.phase;
}

void
judge_orders_confirm(struct judge_session *s, const struct catalog *cat,
    struct buf *out)
{
	struct judge_seat	*w = &s->who;
	struct orderbook	*book = NULL;
	struct game_state	*st;
	struct game_stat	 now;
	char			 arg[GAME_ARG_MAX];
	int			 n;

	if (!s->lines.given || s->failed || !w->on || w->seat < 0 ||
	    w->ops->nseats <= 2 || w->game.status != DB_RUNNING ||
	    w->game.phase != s->lines.phase)
		return;
	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return;
	book = orderbook_new();
	if (judge_play_book(s, w, book) != 0)
		goto out;
	w->ops->stat(st, &now);
	judge_seat_arg(w->ops, w->seat, arg, sizeof(arg));
	catalog_say(cat, out, "judge.confirm.head", 2, arg, now.phase);
	buf_putc(out, '\n');
	if ((n = judge_orders_list(w, st, book, cat, out)) == 0) {
		buf_puts(out, "    ");
		catalog_say(cat, out, "judge.confirm.none", 0);
		buf_putc(out, '\n');
	}
	judge_orders_owed(w, st, &now, book, n, judge_orders_in_error(s, w),
	    cat, out);
out:
	orderbook_free(book);
	w->ops->free(st);
}
