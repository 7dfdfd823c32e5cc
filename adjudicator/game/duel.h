/*
 * duel.h - what the two-player games (weekeewachee, KlinZha, Way of the
 * Knight, ARI) do alike around their rules: who moves first, and which
 * orders each seat has given in a phase.
 *
 * The rules themselves stay in each game; these helpers only read the
 * judge's orders and the seeded generator. Pure; no allocation.
 */
#ifndef PBEMD_DUEL_H
#define PBEMD_DUEL_H

#include <stdbool.h>

#include "adjudicator/game/game.h"
#include "common/rng.h"

/*
 * The seat that moves first: first when the judge names seat 0 or 1
 * (the loser of the last game between the two); when it names nobody,
 * one drawn from rng, or seat 0 for a game without chance (rng NULL).
 * -1 when first is neither a seat nor GAME_NOBODY; rng is then untouched.
 */
int	 duel_first(struct rng *rng, int first);

/* Which orders each seat has given in this phase (borrowed pointers). */
struct duel_given {
	const struct game_order	*setup[2];	/* slot "setup" */
	const struct game_order	*move[2];	/* slot "move" */
	bool			 draw[2];	/* slot "draw" */
};

/*
 * Collects orders[0..n) by seat and slot; a later order replaces an
 * earlier one, as in the judge. Orders of other seats are passed over.
 */
void	 duel_collect(const struct game_order *orders, int n,
	    struct duel_given *out);

#endif
