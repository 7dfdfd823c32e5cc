/*
 * assign.c - who plays which power when a game with more than two
 * seats starts: random serial dictatorship over the players' preference
 * lists, drawn from the game's seed.
 *
 * 1. A player the GM placed with ASSIGN keeps that seat.
 * 2. The other players are put in a random order (Fisher-Yates with the
 *    game's generator, common/rng.h, seeded with the game's seed
 *    xor JUDGE_ASSIGN_SALT, so the draw differs from the game's own).
 * 3. In that order each takes the first seat of his list still free.
 * 4. Whoever is left (no list, or every wish taken) gets, in the same
 *    order, a seat drawn evenly from the free ones.
 * Serial dictatorship is strategy-proof (nobody gains by listing other
 * than his true wishes) and with a random order treats every player
 * alike; since the seed is published at the end of the game, anyone can
 * replay the draw. Pure: no I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/assign.h"
#include "common/rng.h"

#define JUDGE_ASSIGN_SALT	0x61737369676e6564ULL	/* "assigned" */

/*
 * prefs[i][0..nprefs[i]) are player i's wishes, fixed[i] his seat from the
 * GM or JUDGE_ASSIGN_NONE. Fills seat_out[i] for every player; returns -1
 * if the players do not fill the seats exactly or two share a fixed seat.
 */
int
judge_assign(int nseats, int nplayers, const int prefs[][GAME_MAX_SEATS],
    const int *nprefs, const int *fixed, uint64_t seed, int *seat_out)
{
	struct rng	 r;
	bool		 taken[GAME_MAX_SEATS];
	int		 order[GAME_MAX_SEATS], nfree;
	int		 i, j, k, t, p, n = 0;

	if (nplayers != nseats || nseats > GAME_MAX_SEATS || nseats <= 0)
		return -1;
	memset(taken, 0, sizeof(taken));
	for (i = 0; i < nplayers; i++) {
		seat_out[i] = JUDGE_ASSIGN_NONE;
		if (fixed[i] == JUDGE_ASSIGN_NONE) {
			order[n++] = i;
			continue;
		}
		if (fixed[i] < 0 || fixed[i] >= nseats || taken[fixed[i]])
			return -1;
		taken[fixed[i]] = true;
		seat_out[i] = fixed[i];
	}
	rng_seed(&r, seed ^ JUDGE_ASSIGN_SALT);
	for (i = n - 1; i > 0; i--) {
		j = (int)rng_below(&r, (uint32_t)i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < n; i++) {
		p = order[i];
		for (k = 0; k < nprefs[p] && seat_out[p] < 0; k++)
			if (prefs[p][k] >= 0 && prefs[p][k] < nseats &&
			    !taken[prefs[p][k]]) {
				seat_out[p] = prefs[p][k];
				taken[prefs[p][k]] = true;
			}
	}
	for (i = 0; i < n; i++) {
		p = order[i];
		if (seat_out[p] >= 0)
			continue;
		nfree = 0;
		for (k = 0; k < nseats; k++)
			nfree += !taken[k];
		t = (int)rng_below(&r, (uint32_t)nfree);
		for (k = 0; k < nseats; k++)
			if (!taken[k] && t-- == 0)
				break;
		seat_out[p] = k;
		taken[k] = true;
	}
	return 0;
}

void
judge_assign_prefs_text(const int *seats, int n, char *out, size_t len)
{
	size_t	 used = 0;
	int	 i;

	out[0] = '\0';
	/* Each seat is one digit and a comma: GAME_MAX_SEATS fit. */
	for (i = 0; i < n && used + 4 < len; i++)
		used += (size_t)snprintf(out + used, len - used, "%s%d",
		    i ? "," : "", seats[i]);
}

int
judge_assign_prefs_parse(const char *text, int *seats, int max)
{
	char	*e;
	int	 n = 0;

	while (*text && n < max) {
		seats[n++] = (int)strtol(text, &e, 10);
		if (e == text)
			return n - 1;
		text = *e == ',' ? e + 1 : e;
	}
	return n;
}
