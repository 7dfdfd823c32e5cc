/*
 * downtime.c - the clock's heartbeat and its next wake-up.
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

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/deadline.h"
#include "adjudicator/judge/downtime.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/phase.h"
#include "common/backoff.h"
#include "common/log.h"

/* Moves every time of one game's clock on by the downtime, and tells. */
static void
judge_downtime_game(struct judge_session *s, const char *name, time_t alive)
{
	struct judge_seat	 w;
	struct db_clock		 c, old;
	struct game_msg		 m;
	time_t			 now = s->env->now;

	if (!judge_phase_running(s, name, &w) ||
	    db_clock_get(s->env->db, w.game.id, &c) != DB_OK || c.paused)
		return;
	old = c;
	c.proposed = deadline_shift(c.proposed, alive, now);
	c.deadline = deadline_shift(c.deadline, alive, now);
	c.grace_end = deadline_shift(c.grace_end, alive, now);
	if (c.deadline != old.deadline && c.grace_end < c.deadline + c.grace)
		c.grace_end = c.deadline + c.grace;
	if (memcmp(&c, &old, sizeof(c)) == 0)
		return;
	if (c.deadline > now)
		c.sent &= ~DB_SENT_LATE;
	if (c.grace_end > now)
		c.sent &= ~DB_SENT_STUCK;
	if (c.proposed > now)
		c.sent &= ~DB_SENT_UNAPPROVED;
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, c.deadline ? "clock.down" : "clock.down_proposed", 1,
	    w.game.name);
	judge_note_time(&m, 1, alive);
	judge_note_time(&m, 2, now);
	judge_note_time(&m, 3, c.deadline ? c.deadline : c.proposed);
	judge_notify_notes(s, &w, c.tz, JUDGE_NOTIFY_ALL, &m, 1);
	if (db_clock_put(s->env->db, &c) != DB_OK)
		judge_store_failed(s);
	log_info("clock: game=%s deadline moved by %llds of downtime",
	    w.game.name, (long long)(now - alive));
}

struct judge_downtime {
	struct judge_session	*s;
	time_t			 alive;		/* the last tick */
};

static int
judge_downtime_one(void *arg, const struct db_game_ref *g)
{
	struct judge_downtime	*d = arg;

	judge_downtime_game(d->s, g->name, d->alive);
	return d->s->failed ? -1 : 0;
}

void
judge_downtime(const struct judge_env *env)
{
	struct judge_downtime	 d;
	struct judge_session	 s;
	int64_t			 alive = 0;
	int			 rc;

	if (env->downtime_slack <= 0 || db_begin(env->db) != DB_OK)
		return;
	judge_session_begin(&s, env, NULL);
	rc = db_meta_get(env->db, JUDGE_HEARTBEAT, &alive);
	if (rc == DB_ERR)
		judge_store_failed(&s);
	else if (rc == DB_OK && env->now - alive > env->downtime_slack) {
		d.s = &s;
		d.alive = (time_t)alive;
		if (judge_phase_each_clock(env, judge_downtime_one, &d) != 0)
			judge_store_failed(&s);
	}
	if (!s.failed && !(rc == DB_NONE && env->downtime_if_kept) &&
	    db_meta_set(env->db, JUDGE_HEARTBEAT, env->now) != DB_OK)
		judge_store_failed(&s);
	(void)judge_session_commit(&s);
}

struct judge_wake {
	const struct judge_env	*env;
	time_t			 next;		/* 0: nothing yet */
};

/* The next time one game's clock has something to do, folded in. */
static int
judge_wake_one(void *arg, const struct db_game_ref *ref)
{
	struct judge_wake	*w = arg;
	struct db_game		 g;
	struct db_clock		 c;
	time_t			 at;

	if (db_game_get(w->env->db, ref->name, &g) != DB_OK ||
	    db_clock_get(w->env->db, g.id, &c) != DB_OK)
		return 0;
	if (c.phase != g.phase)
		w->next = backoff_earliest(w->next, w->env->now);
	else if (c.paused)
		return 0;
	else if (c.deadline) {
		at = judge_clock_remind_at(&c);
		if (at > w->env->now && !(c.sent & DB_SENT_REMINDED))
			w->next = backoff_earliest(w->next, at);
		if (!(c.sent & DB_SENT_LATE))
			w->next = backoff_earliest(w->next, c.deadline);
		if (!(c.sent & DB_SENT_STUCK))
			w->next = backoff_earliest(w->next, c.grace_end);
	} else if (c.proposed && !(c.sent & DB_SENT_UNAPPROVED)) {
		w->next = backoff_earliest(w->next, c.proposed);
		at = judge_clock_gm_remind_at(&c);
		if (at > w->env->now && !(c.sent & DB_SENT_GM_REMINDED))
			w->next = backoff_earliest(w->next, at);
	}
	return 0;
}

time_t
judge_next_wake(const struct judge_env *env)
{
	struct judge_wake	 w = { env, 0 };

	(void)judge_phase_each_clock(env, judge_wake_one, &w);
	return w.next;
}
