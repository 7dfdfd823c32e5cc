/*
 * judge_orders.c - CLEAR, and the confirmation block that ends the reply to
 * a mail with orders in a game of more than two seats: the power's whole
 * order set for the phase as the judge understood it (not just this
 * mail's lines), the units still without orders, and whether the orders
 * are complete.
 *
 * Orders stay private until the phase is processed: the block goes to the
 * sender and, after BECOME, to the power's own player, never elsewhere.
 * Everything in it comes from the seat's own orders and the game's
 * pending(), which answers for that seat alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge_priv.h"

#define JUDGE_CONFIRM_ORDERS	256
#define JUDGE_CONFIRM_PENDING	64

/* CLEAR: withdraws every order of the seat for this phase. */
void
judge_cmd_clear(struct judge_session *s, struct judge_line *l)
{
	struct judge_seat	*w = &s->who;

	(void)l;
	if (w->game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, w->game.name);
		return;
	}
	if (db_orders_clear(s->env->db, w->game.id, w->game.phase, w->seat) !=
	    DB_OK) {
		judge_store_failed(s);
		return;
	}
	s->ordered = true;
	s->order_phase = w->game.phase;
	judge_ok(s, "judge.cleared", 0);
}

/* The seat's stored orders, each as the game confirms it. */
static int
judge_confirm_list(struct judge_session *s, const struct game_state *st,
    const struct catalog *cat, struct game_order *go, struct buf *out)
{
	struct judge_seat	*w = &s->who;
	struct db_order		*dbo;
	struct game_order	 re;
	struct game_diag	 why;
	char			 ctx[GAME_CTX_MAX];
	int			 n, i, k = 0;

	dbo = xmalloc(JUDGE_CONFIRM_ORDERS * sizeof(*dbo));
	if (db_orders(s->env->db, w->game.id, w->game.phase, dbo,
	    JUDGE_CONFIRM_ORDERS, &n) != DB_OK) {
		judge_store_failed(s);
		free(dbo);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (dbo[i].seat != w->seat)
			continue;
		memset(&go[k], 0, sizeof(go[k]));
		go[k].seat = dbo[i].seat;
		strlcpy_(go[k].slot, dbo[i].slot, sizeof(go[k].slot));
		strlcpy_(go[k].text, dbo[i].text, sizeof(go[k].text));
		buf_puts(out, "    ");
		/* The canonical text reads back (game.h parse); its echo is
		 * the confirmation the player saw when he sent it. */
		ctx[0] = '\0';
		if (w->ops->parse(st, w->seat, dbo[i].text, ctx, &re, 1,
		    &why) == 1)
			catalog_render(cat, &re.echo, out);
		else
			buf_puts(out, dbo[i].text);
		buf_putc(out, '\n');
		k++;
	}
	free(dbo);
	return k;
}

/*
 * Appends the confirmation block to out in cat's language, when this mail
 * gave orders (or CLEAR) in a game of more than two seats whose phase has
 * not moved on since (if it has, the report that follows tells the rest).
 */
void
judge_orders_confirm(struct judge_session *s, const struct catalog *cat,
    struct buf *out)
{
	struct judge_seat	*w = &s->who;
	struct game_order	*go = NULL;
	struct game_msg		 pend[JUDGE_CONFIRM_PENDING];
	struct game_state	*st = NULL;
	struct game_diag	 why;
	struct game_view	*v = NULL;
	char			*text = NULL, arg[GAME_ARG_MAX];
	int			 n, np = 0, i;

	if (!s->ordered || s->failed || !w->on || w->seat < 0 ||
	    w->ops->nseats <= 2 || w->game.status != DB_RUNNING ||
	    w->game.phase != s->order_phase)
		return;
	if (db_phase_state(s->env->db, w->game.id, w->game.phase, &text) !=
	    DB_OK || w->ops->load(text, &st, &why) != 0)
		goto out;
	v = xmalloc(sizeof(*v));
	memset(v, 0, sizeof(*v));
	w->ops->view(st, w->seat, v);
	judge_seat_arg(w->ops, w->seat, arg, sizeof(arg));
	catalog_say(cat, out, "judge.confirm.head", 2, arg, v->phase);
	buf_putc(out, '\n');
	go = xmalloc(JUDGE_CONFIRM_ORDERS * sizeof(*go));
	if ((n = judge_confirm_list(s, st, cat, go, out)) < 0)
		goto out;
	if (n == 0) {
		buf_puts(out, "    ");
		catalog_say(cat, out, "judge.confirm.none", 0);
		buf_putc(out, '\n');
	}
	if (w->ops->pending)
		np = w->ops->pending(st, w->seat, go, n, pend,
		    JUDGE_CONFIRM_PENDING);
	else if (v->due[w->seat] && n == 0)
		np = -1;	/* due, nothing given: no list to show */
	if (np > 0) {
		catalog_say(cat, out, "judge.confirm.pending", 0);
		buf_putc(out, '\n');
		for (i = 0; i < np && i < JUDGE_CONFIRM_PENDING; i++) {
			buf_puts(out, "    ");
			catalog_render(cat, &pend[i], out);
			buf_putc(out, '\n');
		}
	}
	if (!v->due[w->seat] && n == 0)
		catalog_say(cat, out, "judge.confirm.not_due", 0);
	else
		catalog_say(cat, out, np == 0 ? "judge.confirm.complete" :
		    "judge.confirm.incomplete", 0);
	buf_puts(out, "\n\n");
out:
	if (st)
		w->ops->free(st);
	free(text);
	free(go);
	free(v);
}
