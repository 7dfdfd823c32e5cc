/*
 * limits.c - the hourly limits of limits.h, counted in the store.
 *
 * The figures are chosen for a club: a player who mails the judge forty
 * times in an hour is rare, a guesser or a loop is not. Refused sign-ons
 * to one seat lock it against other addresses sooner than an address is
 * stopped, because a seat's password is the secret worth guessing.
 */
#include <inttypes.h>
#include <stdio.h>

#include "adjudicator/judge/limits.h"

static const struct judge_limit_row {
	const char	*kind;		/* events.kind in the store */
	int		 max;
} judge_limits[JUDGE_NLIMITS] = {
	[JUDGE_LIMIT_SIGNON] =	{ "signon",	10 },
	[JUDGE_LIMIT_GUESS] =	{ "guess",	8 },
	[JUDGE_LIMIT_CREATE] =	{ "create",	10 },
	[JUDGE_LIMIT_JOIN] =	{ "join",	10 },
	[JUDGE_LIMIT_REPLY] =	{ "reply",	40 },
};

int
judge_limit_max(const struct judge_session *s, enum judge_limit l)
{
	const struct judge_env	*env = s->env;
	int			 set = 0;

	/* The operator may set those that cost the judge, not the guesses. */
	if (l == JUDGE_LIMIT_CREATE)
		set = env->creates_per_hour;
	else if (l == JUDGE_LIMIT_JOIN)
		set = env->joins_per_hour;
	else if (l == JUDGE_LIMIT_REPLY)
		set = env->answers_per_hour;
	return set > 0 ? set : judge_limits[l].max;
}

bool
judge_limit_full(struct judge_session *s, enum judge_limit l,
    const char *key, time_t *until)
{
	time_t	 first;
	int	 n;

	*until = 0;
	if (db_event_count(s->env->db, judge_limits[l].kind, key,
	    s->env->now - JUDGE_LIMIT_WINDOW + 1, &n, &first) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	if (n < judge_limit_max(s, l))
		return false;
	*until = first + JUDGE_LIMIT_WINDOW;
	return true;
}

int
judge_limit_add(struct judge_session *s, enum judge_limit l, const char *key,
    time_t *until)
{
	time_t	 first;
	int	 n;

	if (db_event_add(s->env->db, judge_limits[l].kind, key, s->env->now) !=
	    DB_OK || db_event_count(s->env->db, judge_limits[l].kind, key,
	    s->env->now - JUDGE_LIMIT_WINDOW + 1, &n, &first) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	if (until != NULL)
		*until = first + JUDGE_LIMIT_WINDOW;
	return n;
}

void
judge_limit_seat_key(int64_t game_id, int seat, char *out, size_t len)
{
	snprintf(out, len, "%" PRId64 ":%d", game_id, seat);
}
