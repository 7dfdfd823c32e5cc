/*
 * orders.c - the referee console's commands about orders: legal and
 * count, play, order and submit, orders, clear, pending and resign.
 *
 * An order line goes the judge's way (judge/orders.c and judge/play.c):
 * the game's parser with the mail's context, each order kept by seat and
 * slot in the order book (game/orderbook.h) as db_order_put keeps it, and
 * the phase played as soon as the game says the kept orders are ready.
 * CLEAR and the confirmation block's "still owed" are the judge's
 * cmd_clear.c and orders.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/referee/referee_priv.h"
#include "common/util.h"

struct referee_list {
	char	**v;
	size_t	  n, cap;
};

static void
referee_list_add(void *arg, const char *order)
{
	struct referee_list	*l = arg;

	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, l->cap * sizeof(*l->v));
	}
	l->v[l->n++] = xstrdup(order);
}

static int
referee_list_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* legal and count: every order the speaker could give, sorted. */
static void
referee_legal(struct referee *r, bool print)
{
	struct referee_list	 l = { NULL, 0, 0 };
	struct game_stat	 now;
	size_t			 i;
	int			 seat;

	if (r->o->ops->legal == NULL) {
		referee_error(r, "%s cannot list its legal orders",
		    r->o->ops->name);
		return;
	}
	/* A finished game takes no order from anyone (its parser refuses
	 * them all): there is none to list, whoever speaks. */
	r->o->ops->stat(r->st, &now);
	if (now.status == GAME_STATUS_OVER) {
		fputs("ok 0\n", r->o->f);
		return;
	}
	if (referee_speaker(r, &seat) == -1)
		return;
	if (r->o->ops->legal(r->st, seat, referee_list_add, &l) < 0) {
		referee_error(r, "%s cannot list the legal orders here",
		    r->o->ops->name);
		goto out;
	}
	if (l.n > 1)
		qsort(l.v, l.n, sizeof(*l.v), referee_list_cmp);
	fprintf(r->o->f, "ok %zu\n", l.n);
	for (i = 0; print && i < l.n; i++)
		referee_print_text(r->o, l.v[i]);
out:
	for (i = 0; i < l.n; i++)
		free(l.v[i]);
	free(l.v);
}

int
referee_cmd_legal(struct referee *r, char *rest)
{
	(void)rest;
	referee_legal(r, true);
	return 0;
}

int
referee_cmd_count(struct referee *r, char *rest)
{
	(void)rest;
	referee_legal(r, false);
	return 0;
}

/* As db_order_put: the same seat and slot replace the earlier order. */
static void
referee_store(struct referee *r, const struct game_order *go)
{
	/* A full book cannot refuse it: referee_line lets the parser give
	 * no more new orders than the book has room for. */
	(void)orderbook_put(r->book, go);
}

/*
 * As judge_orders_flush (judge/orders.c): at the end of a mail, play the
 * phase if the orders are ready.
 */
static void
referee_maybe_play(struct referee *r)
{
	struct game_diag	 why;
	struct game_stat	 now;

	if (!orderbook_ready(r->book, r->o->ops, r->st))
		return;
	memset(&why, 0, sizeof(why));
	if (orderbook_adjudicate(r->book, r->o->ops, r->st, &why) != 0) {
		referee_print_msg(r->o, "failed", &why.msg);
		return;
	}
	orderbook_reset(r->book);
	r->o->ops->stat(r->st, &now);
	fprintf(r->o->f, "played %d\n", now.ply);
	referee_told(r);
}

/*
 * One order line of the speaker, as judge_orders handles it. The orders it
 * yields go on the heap: REFEREE_LINE_ORDERS of them are some 38 KB.
 */
static void
referee_line(struct referee *r, const char *line)
{
	struct game_order	*go;
	struct game_diag	 why;
	int			 seat, n, i, max;

	if (referee_speaker(r, &seat) == -1)
		return;
	max = REFEREE_LINE_ORDERS;
	if (max > orderbook_room(r->book))
		max = orderbook_room(r->book);
	memset(&why, 0, sizeof(why));
	go = xcalloc(REFEREE_LINE_ORDERS, sizeof(*go));
	n = r->o->ops->parse(r->st, seat, line, r->ctx, go, max, &why);
	if (n < 0) {
		referee_print_msg(r->o, "refused", &why.msg);
		goto out;
	}
	fputs("ok\n", r->o->f);
	if (n == 0 && why.msg.key[0] != '\0')
		referee_print_msg(r->o, "note", &why.msg);
	for (i = 0; i < n; i++) {
		go[i].seat = seat;
		referee_store(r, &go[i]);
		fprintf(r->o->f, "order %s\n", go[i].text);
		referee_print_msg(r->o, "echo", &go[i].echo);
	}
out:
	free(go);
}

/* "play LINE": a mail of one order line. */
int
referee_cmd_play(struct referee *r, char *rest)
{
	r->ctx[0] = '\0';
	referee_line(r, rest);
	referee_maybe_play(r);
	r->ctx[0] = '\0';
	return 0;
}

/* "order LINE": the next line of a mail that "submit" ends. */
int
referee_cmd_order(struct referee *r, char *rest)
{
	referee_line(r, rest);
	return 0;
}

int
referee_cmd_submit(struct referee *r, char *rest)
{
	(void)rest;
	r->ctx[0] = '\0';
	fputs("ok\n", r->o->f);
	referee_maybe_play(r);
	return 0;
}

int
referee_cmd_orders(struct referee *r, char *rest)
{
	const struct game_order	*go;
	char			 side[REFEREE_SIDE_MAX];
	int			 i;

	(void)rest;
	fprintf(r->o->f, "ok %d\n", orderbook_count(r->book, -1));
	for (i = 0; (go = orderbook_at(r->book, i)) != NULL; i++) {
		referee_print_side(r->o, go->seat, side);
		fprintf(r->o->f, "order %s %s %s\n", side, go->slot, go->text);
	}
	return 0;
}

/* The seat a command names in its first word, else the speaker. */
static int
referee_named(struct referee *r, char *rest, int *seat)
{
	char	*w = referee_word(&rest);

	if (w == NULL)
		return referee_speaker(r, seat);
	if ((*seat = referee_print_parse_side(r->o, w)) < 0) {
		referee_error(r, "no such side: %s", w);
		return -1;
	}
	return 0;
}

/* "clear [SIDE]": the judge's CLEAR, every kept order of the side goes. */
int
referee_cmd_clear(struct referee *r, char *rest)
{
	int	 seat;

	if (referee_named(r, rest, &seat) == -1)
		return 0;
	fprintf(r->o->f, "ok %d\n", orderbook_clear(r->book, seat));
	return 0;
}

/*
 * "pending [SIDE]": what the side still owes this phase, given its own
 * kept orders (game.h pending), as the judge's confirmation block asks.
 * Without pending() a side owes an order while it is due and has none;
 * the book says nothing then, and the console says it in the judge's
 * words.
 */
int
referee_cmd_pending(struct referee *r, char *rest)
{
	struct game_msg	*m;
	int		 seat, i, n, said;

	if (referee_named(r, rest, &seat) == -1)
		return 0;
	m = xcalloc(GAME_VIEW_MSGS, sizeof(*m));	/* 78 KB */
	n = orderbook_owed(r->book, r->o->ops, r->st, seat, m, GAME_VIEW_MSGS,
	    &said);
	if (r->o->ops->pending == NULL && n > 0) {
		game_msg_set(&m[0], "judge.confirm.incomplete", 0);
		said = 1;
	}
	fprintf(r->o->f, "ok %d\n", n);
	for (i = 0; i < said; i++)
		referee_print_msg(r->o, "pending", &m[i]);
	free(m);
	return 0;
}

/* "resign [SIDE]": the judge's RESIGN. */
int
referee_cmd_resign(struct referee *r, char *rest)
{
	struct game_msg	 m;
	int		 seat;

	if (referee_named(r, rest, &seat) == -1)
		return 0;
	if (r->o->ops->resign(r->st, seat) != 0) {
		game_msg_set(&m, "judge.err.cannot_resign", 0);
		referee_print_msg(r->o, "refused", &m);
		return 0;
	}
	orderbook_reset(r->book);
	r->ctx[0] = '\0';
	fputs("ok\n", r->o->f);
	referee_told(r);
	return 0;
}
