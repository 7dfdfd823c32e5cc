/*
 * limits.h - how often one address, or one seat, may do a costly or risky
 * thing within an hour (issue 13): refused sign-ons, CREATE, JOIN and
 * TAKEOVER, and replies to one correspondent.
 *
 * The per-mail limits (judge.c) bound what one mail costs; these bound
 * what many mails cost. They count in the store (db/events.c), inside the
 * mail's transaction, so a mail rolled back counts for nothing. Layer L0
 * of the judge: it calls only the store and the session.
 */
#ifndef PBEMD_JUDGE_LIMITS_H
#define PBEMD_JUDGE_LIMITS_H

#include <stdbool.h>
#include <time.h>

#include "adjudicator/judge/session.h"

#define JUDGE_LIMIT_WINDOW	3600	/* seconds: the limits are per hour */

enum judge_limit {
	JUDGE_LIMIT_SIGNON,	/* refused sign-ons from one address */
	JUDGE_LIMIT_GUESS,	/* refused sign-ons to one seat of one game */
	JUDGE_LIMIT_CREATE,	/* CREATE lines of one address */
	JUDGE_LIMIT_JOIN,	/* JOIN, TAKEOVER, OBSERVE lines of one address */
	JUDGE_LIMIT_REPLY,	/* replies to one address */
	JUDGE_NLIMITS
};

/*
 * How many l allows within the window: the operator's figure for CREATE,
 * JOIN and answers when he set one (env.h), else the judge's.
 */
int	judge_limit_max(const struct judge_session *, enum judge_limit);
/*
 * Whether key has used up l in the window ending now. When it has, *until
 * is when the oldest counted event leaves the window (one more is then
 * allowed). False also on a store error, which marks the session failed.
 */
bool	judge_limit_full(struct judge_session *, enum judge_limit,
	    const char *key, time_t *until);
/*
 * Counts one more of l for key. Returns how many the window holds now,
 * this one included, or -1 on a store error (the session marked failed);
 * *until (may be NULL) is when the oldest of them leaves the window.
 */
int	judge_limit_add(struct judge_session *, enum judge_limit,
	    const char *key, time_t *until);
/* The key of one seat of a game (GAME_SEAT_GM for its GM): "12:3". */
void	judge_limit_seat_key(int64_t game_id, int seat, char *out, size_t len);

#endif
