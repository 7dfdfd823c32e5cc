/*
 * ledger.c - the handicap ledger the judge keeps per pair of players
 * (Way of the Knight, rules/way-of-the-knight.md decision 6).
 *
 * The ledger is not stored: it is the sum of the finished games of the
 * same kind between the same two addresses, replayed oldest first. Each
 * win lowers the winner's points by one if he has any, else raises the
 * loser's by one; draws change nothing. So at most one of the two holds
 * points. The points go to the game through game_ops.handicap before
 * start(); the game decides what they mean.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/ledger.h"
#include "common/util.h"

/* Finished games of a pair replayed; a pair that played more has its
 * first 4096 counted (db_match_results gives them oldest first). */
#define JUDGE_LEDGER_GAMES	4096

/* Replays results (1: a won, -1: b won, 0: drawn) into points[0..1]. */
void
judge_ledger_replay(const int *results, int n, int points[2])
{
	int	 i, w;

	points[0] = points[1] = 0;
	for (i = 0; i < n; i++) {
		if (results[i] == 0)
			continue;
		w = results[i] > 0 ? 0 : 1;
		if (points[w] > 0)
			points[w]--;
		else
			points[1 - w]++;
	}
}

/*
 * The points of seats 0 and 1 of game g, whose players are p[0..n). 0, or
 * -1 on a store error (already reported).
 */
int
judge_ledger(struct judge_session *s, const struct db_game *g,
    const struct db_player *p, int n, int points[2])
{
	static const int	 none[2];
	const char		*a = NULL, *b = NULL;
	int			*res, nres, ab[2], i;

	memcpy(points, none, sizeof(none));
	for (i = 0; i < n; i++) {
		if (p[i].seat == 0)
			a = p[i].address;
		else if (p[i].seat == 1)
			b = p[i].address;
	}
	if (n != 2 || a == NULL || b == NULL)
		return 0;
	res = xmalloc(JUDGE_LEDGER_GAMES * sizeof(*res));
	if (db_match_results(s->env->db, g->kind, a, b, g->id, res,
	    JUDGE_LEDGER_GAMES, &nres) != DB_OK) {
		free(res);
		judge_store_failed(s);
		return -1;
	}
	judge_ledger_replay(res, nres, ab);
	points[0] = ab[0];
	points[1] = ab[1];
	free(res);
	return 0;
}
