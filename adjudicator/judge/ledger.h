/*
 * ledger.h - the handicap ledger of a pair of players (ledger.c), replayed
 * from their finished games of the same kind. Layer L0 of the judge.
 */
#ifndef PBEMD_JUDGE_LEDGER_H
#define PBEMD_JUDGE_LEDGER_H

#include "adjudicator/judge/session.h"

/* Replays results (1: a won, -1: b won, 0: drawn) into points[0..1]. */
void	judge_ledger_replay(const int *results, int n, int points[2]);
/*
 * The points of seats 0 and 1 of game g, whose players are p[0..n). 0, or
 * -1 on a store error (the session is marked failed).
 */
int	judge_ledger(struct judge_session *, const struct db_game *g,
	    const struct db_player *p, int n, int points[2]);

#endif
