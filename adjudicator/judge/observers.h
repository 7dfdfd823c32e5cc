/*
 * observers.h - the observers of a game (observers.c): who they are, and
 * whether one more mail may go to one this hour. Layer L1 of the judge:
 * mail-out (report.c, notify.c and the press use it).
 */
#ifndef PBEMD_JUDGE_OBSERVERS_H
#define PBEMD_JUDGE_OBSERVERS_H

#include <stdbool.h>

#include "adjudicator/judge/session.h"

/* Observers one game holds at most: OBSERVE refuses the next one. */
#define JUDGE_OBSERVERS_MAX	32

/*
 * The observers of game g who are neither its GM nor one of its players
 * (a player who observed before he joined reads his own reports), oldest
 * first, into o[JUDGE_OBSERVERS_MAX]. false on a store error, which
 * marks the session failed.
 */
bool	judge_observers_list(struct judge_session *, const struct db_game *g,
	    struct db_observer *o, int *n);
/*
 * Whether one more mail may go to the observer addr within the hour: it
 * counts as an answer to his address (limits.h JUDGE_LIMIT_REPLY) and is
 * counted when it may go. false (logged) when the hour's answers are used
 * up, or on a store error (the session marked failed).
 */
bool	judge_observers_may_mail(struct judge_session *, const char *addr);
/* Whether w's game in state st may be shown to observers at all. */
bool	judge_observers_open(const struct judge_seat *w,
	    const struct game_state *st);

#endif
