/*
 * duel.c - the steps the two-player games share: the first mover and the
 * orders given in a phase, by seat and slot.
 *
 * Each game keeps its own rules, its own state and its own messages; the
 * DRAW convention (BRIEF: an offer rides with a move, DRAW instead of a
 * move accepts) is read from the "draw" slot collected here. Pure.
 */
#include <string.h>

#include "adjudicator/game/duel.h"

int
duel_first(struct rng *rng, int first)
{
	if (first != GAME_NOBODY && first != 0 && first != 1)
		return -1;
	if (first != GAME_NOBODY)
		return first;
	return rng != NULL ? (int)rng_below(rng, 2) : 0;
}

void
duel_collect(const struct game_order *orders, int n, struct duel_given *out)
{
	int	 i, s;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < n; i++) {
		s = orders[i].seat;
		if (s != 0 && s != 1)
			continue;
		if (strcmp(orders[i].slot, "setup") == 0)
			out->setup[s] = &orders[i];
		else if (strcmp(orders[i].slot, "move") == 0)
			out->move[s] = &orders[i];
		else if (strcmp(orders[i].slot, "draw") == 0)
			out->draw[s] = true;
	}
}
