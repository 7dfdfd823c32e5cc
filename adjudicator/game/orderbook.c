/*
 * orderbook.c - the orders of one phase, kept by seat and slot
 * (orderbook.h).
 *
 * The book is one array in book order: an order for a new seat and slot
 * goes at the end, a replacement overwrites the earlier order where it
 * stands, and clearing a seat closes the gaps without reordering the rest
 * (the referee console has always kept them so; the judge's store sorts by
 * seat and slot instead). It asks the game about the orders and never
 * writes, logs or stores anything; its only allocations are the book itself
 * and the scratch of orderbook_owed().
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/orderbook.h"
#include "common/util.h"

struct orderbook {
	int			 n;
	struct game_order	 o[ORDERBOOK_MAX];
};

struct orderbook *
orderbook_new(void)
{
	return xcalloc(1, sizeof(struct orderbook));
}

void
orderbook_free(struct orderbook *b)
{
	free(b);
}

void
orderbook_reset(struct orderbook *b)
{
	b->n = 0;
}

/* The index of the seat's order for slot, or b->n when there is none. */
static int
orderbook_find(const struct orderbook *b, int seat, const char *slot)
{
	int	 i;

	for (i = 0; i < b->n; i++)
		if (b->o[i].seat == seat && strcmp(b->o[i].slot, slot) == 0)
			break;
	return i;
}

int
orderbook_put(struct orderbook *b, const struct game_order *o)
{
	int	 i;

	i = orderbook_find(b, o->seat, o->slot);
	if (i == ORDERBOOK_MAX)
		return -1;
	b->o[i] = *o;
	if (i == b->n)
		b->n++;
	return 0;
}

int
orderbook_clear(struct orderbook *b, int seat)
{
	int	 i, k = 0, gone;

	for (i = 0; i < b->n; i++)
		if (b->o[i].seat != seat)
			b->o[k++] = b->o[i];
	gone = b->n - k;
	b->n = k;
	return gone;
}

/* Exactly the seat's orders: unlike orderbook_count, a negative seat is
 * a seat too, so every seat is asked about its own orders alone. */
static int
orderbook_mine(const struct orderbook *b, int seat)
{
	int	 i, k = 0;

	for (i = 0; i < b->n; i++)
		if (b->o[i].seat == seat)
			k++;
	return k;
}

int
orderbook_count(const struct orderbook *b, int seat)
{
	return seat < 0 ? b->n : orderbook_mine(b, seat);
}

int
orderbook_room(const struct orderbook *b)
{
	return ORDERBOOK_MAX - b->n;
}

const struct game_order *
orderbook_at(const struct orderbook *b, int i)
{
	if (i < 0 || i >= b->n)
		return NULL;
	return &b->o[i];
}

bool
orderbook_ready(const struct orderbook *b, const struct game_ops *ops,
    const struct game_state *st)
{
	return ops->ready(st, b->o, b->n);
}

int
orderbook_adjudicate(const struct orderbook *b, const struct game_ops *ops,
    struct game_state *st, struct game_diag *why)
{
	return ops->adjudicate(st, b->o, b->n, why);
}

/*
 * The fallback of a game without pending(): a seat owes one order while it
 * is due and has none (game.h).
 */
static int
orderbook_owed_one(const struct orderbook *b, const struct game_ops *ops,
    const struct game_state *st, int seat)
{
	struct game_stat	 now;

	if (seat < 0 || seat >= GAME_MAX_SEATS || orderbook_mine(b, seat) > 0)
		return 0;
	ops->stat(st, &now);
	return now.due[seat] ? 1 : 0;
}

int
orderbook_owed(const struct orderbook *b, const struct game_ops *ops,
    const struct game_state *st, int seat, struct game_msg *out, int max,
    int *said)
{
	struct game_order	*mine;
	int			 i, k = 0, n;

	*said = 0;
	if (ops->pending == NULL)
		return orderbook_owed_one(b, ops, st, seat);
	/* pending() answers for the seat alone: it gets no other seat's
	 * orders, in a heap scratch of the seat's orders in book order. */
	mine = xcalloc(orderbook_mine(b, seat), sizeof(*mine));
	for (i = 0; i < b->n; i++)
		if (b->o[i].seat == seat)
			mine[k++] = b->o[i];
	n = ops->pending(st, seat, mine, k, out, max);
	if (n > 0)
		*said = n < max ? n : max < 0 ? 0 : max;
	free(mine);
	return n;
}
