/*
 * judge_downtime.c - the clock's heartbeat and its next wake-up.
 *
 * judge_tick() keeps the time of its last run in meta. When the judge comes
 * back after a silence longer than env->downtime_slack (it was down, or
 * could not reach its mail), every deadline, grace end and proposal that
 * passed meanwhile moves on by the time lost and the game is told, so
 * nobody is late for time the judge lost (rules/judge-conventions.md 1.1
 * "time warp", 7.12). serve and tick keep the heartbeat; deliver keeps it
 * only where one of them does, so that a mail the MTA hands over after a
 * downtime, before the first tick, is not judged on lost time, while an
 * installation on deliver alone never counts a quiet day as downtime.
 * judge_next_wake() tells the daemon when the clock
 * next has something to do, so its wait for mail is cut short.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge_priv.h"
#include "common/backoff.h"
#include "common/log.h"

#define JUDGE_TICK_GAMES	512
#define JUDGE_HEARTBEAT		"heartbeat"

/*
 * Downtime: if the last tick is longer ago than the slack, every time of a
 * running clock that passed in between moves on by the time lost, and the
 * game is told (rules/judge-conventions.md 7.12).
 */
void
judge_clock_downtime(const struct judge_env *env)
{
	char			(*names)[DB_NAME_MAX];
	struct judge_session	 s;
	struct judge_seat	 w;
	struct db_clock		 c, old;
	struct game_msg		 m;
	int64_t			 alive = 0;
	int			 n = 0, i, rc;

	if (env->downtime_slack <= 0 || db_begin(env->db) != DB_OK)
		return;
	judge_tick_session(&s, env);
	names = xcalloc(JUDGE_TICK_GAMES, sizeof(*names));
	rc = db_meta_get(env->db, JUDGE_HEARTBEAT, &alive);
	if (rc == DB_ERR)
		judge_store_failed(&s);
	else if (rc == DB_OK && env->now - alive > env->downtime_slack &&
	    db_clock_games(env->db, names, JUDGE_TICK_GAMES, &n) != DB_OK)
		judge_store_failed(&s);
	for (i = 0; i < n && !s.failed && rc == DB_OK &&
	    env->now - alive > env->downtime_slack; i++) {
		if (!judge_tick_lookup(&s, names[i], &w) ||
		    db_clock_get(env->db, w.game.id, &c) != DB_OK || c.paused)
			continue;
		old = c;
		c.proposed = deadline_shift(c.proposed, alive, env->now);
		c.deadline = deadline_shift(c.deadline, alive, env->now);
		c.grace_end = deadline_shift(c.grace_end, alive, env->now);
		if (c.deadline != old.deadline && c.grace_end < c.deadline +
		    c.grace)
			c.grace_end = c.deadline + c.grace;
		if (memcmp(&c, &old, sizeof(c)) == 0)
			continue;
		if (c.deadline > env->now)
			c.sent &= ~DB_SENT_LATE;
		if (c.grace_end > env->now)
			c.sent &= ~DB_SENT_STUCK;
		if (c.proposed > env->now)
			c.sent &= ~DB_SENT_UNAPPROVED;
		memset(&m, 0, sizeof(m));
		game_msg_set(&m, c.deadline ? "clock.down" :
		    "clock.down_proposed", 1, w.game.name);
		judge_note_time(&m, 1, (time_t)alive);
		judge_note_time(&m, 2, env->now);
		judge_note_time(&m, 3, c.deadline ? c.deadline : c.proposed);
		judge_clock_tell(&s, &w, c.tz, JUDGE_TELL_ALL, &m, 1);
		if (db_clock_put(env->db, &c) != DB_OK)
			judge_store_failed(&s);
		log_info("clock: game=%s deadline moved by %llds of downtime",
		    w.game.name, (long long)(env->now - alive));
	}
	if (!s.failed && !(rc == DB_NONE && env->downtime_if_kept) &&
	    db_meta_set(env->db, JUDGE_HEARTBEAT, env->now) != DB_OK)
		judge_store_failed(&s);
	free(names);
	judge_tick_finish(&s);
}

time_t
judge_next_wake(const struct judge_env *env)
{
	char		(*names)[DB_NAME_MAX];
	struct db_game	 g;
	struct db_clock	 c;
	time_t		 next = 0;
	int		 n = 0, i;

	names = xcalloc(JUDGE_TICK_GAMES, sizeof(*names));
	if (db_clock_games(env->db, names, JUDGE_TICK_GAMES, &n) != DB_OK)
		n = 0;
	for (i = 0; i < n; i++) {
		if (db_game_get(env->db, names[i], &g) != DB_OK ||
		    db_clock_get(env->db, g.id, &c) != DB_OK)
			continue;
		if (c.phase != g.phase) {
			next = backoff_earliest(next, env->now);
			continue;
		}
		if (c.paused)
			continue;
		if (c.deadline) {
			if (!(c.sent & DB_SENT_LATE))
				next = backoff_earliest(next, c.deadline);
			if (!(c.sent & DB_SENT_STUCK))
				next = backoff_earliest(next, c.grace_end);
		} else if (c.proposed && !(c.sent & DB_SENT_UNAPPROVED))
			next = backoff_earliest(next, c.proposed);
	}
	free(names);
	return next;
}
