/*
 * orderbook.h - the orders of one phase, kept by seat and slot.
 *
 * Between two phases the orders of a game are kept by seat and slot: a
 * later order for the same seat and slot replaces the earlier one in its
 * place (game.h). The book is that pipeline written once for whoever keeps
 * them in memory (the referee console, and later the judge): keep, clear a
 * seat, ask the game whether they are ready, play them, and what a seat
 * still owes. Pure: no I/O, no SQL, no log.
 */
#ifndef PBEMD_ORDERBOOK_H
#define PBEMD_ORDERBOOK_H

#include <stdbool.h>

#include "adjudicator/game/game.h"

#define ORDERBOOK_MAX	256	/* orders of one phase: Zombie-Diplomacy's two boards fit */

/* Opaque; it lives on the heap (ORDERBOOK_MAX orders of ~600 bytes). */
struct orderbook;

/* An empty book, owned by the caller; orderbook_free() accepts NULL. */
struct orderbook	*orderbook_new(void);
void			 orderbook_free(struct orderbook *);

/* Empties the book for the next phase. */
void	orderbook_reset(struct orderbook *);

/*
 * Keeps a copy of o (its seat, slot, text and echo). An order for a seat
 * and slot the book holds replaces the earlier one in its place, so the
 * book keeps the order in which each seat and slot was first given.
 * Returns 0, or -1 when o is new and the book is full (nothing changed; a
 * replacement always fits).
 */
int	orderbook_put(struct orderbook *, const struct game_order *o);

/* The seat's orders go, the others keep their order; returns how many went. */
int	orderbook_clear(struct orderbook *, int seat);

/* How many orders the seat has in the book; seat < 0: all of them (the
 * game master gives no orders: every game's parse refuses GAME_SEAT_GM). */
int	orderbook_count(const struct orderbook *, int seat);

/* How many more new orders fit. */
int	orderbook_room(const struct orderbook *);

/* The ith order in book order, 0 <= i < orderbook_count(b, -1), else NULL.
 * Borrowed: valid until the next put, clear, reset or free. */
const struct game_order	*orderbook_at(const struct orderbook *, int i);

/* game_ops.ready and game_ops.adjudicate over every order in the book, in
 * book order; the caller resets the book once the phase is played. */
bool	orderbook_ready(const struct orderbook *, const struct game_ops *,
	    const struct game_state *);
int	orderbook_adjudicate(const struct orderbook *, const struct game_ops *,
	    struct game_state *, struct game_diag *why);

/*
 * What seat still owes given its own orders in the book (game_ops.pending
 * over the seat's orders alone, in book order). Fills up to max messages
 * into out, sets *said to how many it filled and returns how many things
 * are owed (0: the seat's orders are complete). A game without pending():
 * 1 when the seat is due and has no order in the book (nothing filled, the
 * caller says it), else 0.
 */
int	orderbook_owed(const struct orderbook *, const struct game_ops *,
	    const struct game_state *, int seat, struct game_msg *out, int max,
	    int *said);

#endif
