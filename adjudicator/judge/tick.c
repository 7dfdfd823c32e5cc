/*
 * tick.c - the phase clock at work: judge_tick() is called by the daemon
 * each time it wakes, by `pbemd tick` from cron and after each mail of
 * `pbemd deliver`, with the time in env->now.
 *
 * For every running game with a clock, however many (they are read a page
 * at a time), one step at a time, each in its own transaction: set up a
 * new phase's proposal; process the phase early when every awaited power's
 * orders are complete and error-free and nobody SET WAIT; at the approved
 * deadline remind the late powers and tell the GM; at the end of the grace
 * period process with the orders there are (play.c). What a step sent is
 * recorded in clocks.sent in the same transaction as the mail, so a crash
 * neither skips nor repeats a notice. Downtime and the next wake-up are in
 * downtime.c. Layer L4 of the judge: nothing below calls it.
 */
#include <stdlib.h>
#include <string.h>

#include "adjudicator/game/orderbook.h"
#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/downtime.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/phase.h"
#include "adjudicator/judge/play.h"
#include "common/log.h"

#define JUDGE_TICK_STEPS	4	/* steps per game and tick */
#define JUDGE_TICK_PENDING	16	/* what a reminder lists */

/*
 * One seat's reminder, before the deadline (remind=) or after it: the
 * deadline, its errors, what it owes.
 */
static void
judge_tick_remind_seat(struct judge_session *s, const struct judge_seat *w,
    const struct db_clock *c, const struct game_state *st,
    const struct orderbook *book, const struct judge_due *d, int i,
    bool before)
{
	static const char *const keys[2][2] = {
		{ "clock.late.player_errors", "clock.late.player" },
		{ "clock.remind.player_errors", "clock.remind.player" }
	};
	struct game_msg	 m[JUDGE_TICK_PENDING + 2];
	int		 n = 1, said = 0;

	memset(m, 0, sizeof(m));
	game_msg_set(&m[0], keys[before][d->pending[i]], 1, w->game.name);
	judge_note_time(&m[0], 1, c->deadline);
	judge_note_time(&m[0], 2, c->grace_end);
	if (d->pending[i] && d->error[i])
		game_msg_set(&m[n++], "clock.late.errors", 0);
	if (d->pending[i])
		(void)orderbook_owed(book, w->ops, st, d->seat[i], &m[n],
		    JUDGE_TICK_PENDING, &said);
	judge_notify_notes(s, w, c->tz, d->seat[i], m, n + said);
}

/* At the deadline: each late power its reminder, the GM one notice. */
static void
judge_tick_remind(struct judge_session *s, const struct judge_seat *w,
    const struct db_clock *c, const struct game_state *st,
    const struct orderbook *book, const struct judge_due *d)
{
	struct game_msg	 m[JUDGE_TICK_PENDING + 2];
	int		 i, n;

	for (i = 0; i < d->n; i++)
		if (d->pending[i] || d->error[i])
			judge_tick_remind_seat(s, w, c, st, book, d, i, false);
	memset(m, 0, sizeof(m));
	game_msg_set(&m[0], "clock.late.gm", 1, w->game.name);
	judge_note_time(&m[0], 1, c->deadline);
	judge_note_time(&m[0], 2, c->grace_end);
	n = 1;
	for (i = 0; i < d->n && n < JUDGE_TICK_PENDING; i++)
		if (d->pending[i] || d->error[i]) {
			game_msg_set(&m[n], d->pending[i] ?
			    "clock.late.gm_seat" : "clock.late.gm_errors", 0);
			judge_note_seat(&m[n++], 0, w, d->seat[i]);
		}
	judge_notify_notes(s, w, c->tz, GAME_SEAT_GM, m, n);
	log_info("clock: game=%s phase=%d deadline passed late=%d",
	    w->game.name, w->game.phase, d->nlate);
}

/* remind= before the deadline: each power whose orders are not complete. */
static void
judge_tick_before(struct judge_session *s, const struct judge_seat *w,
    const struct db_clock *c, const struct game_state *st,
    const struct orderbook *book, const struct judge_due *d)
{
	int	 i, n = 0;

	for (i = 0; i < d->n; i++)
		if (d->pending[i] || d->error[i]) {
			judge_tick_remind_seat(s, w, c, st, book, d, i, true);
			n++;
		}
	log_info("clock: game=%s phase=%d reminded=%d before the deadline",
	    w->game.name, w->game.phase, n);
}

static void
judge_tick_gm_notice(struct judge_session *s, const struct judge_seat *w,
    const struct db_clock *c, const char *key, time_t t,
    const struct judge_due *d)
{
	struct game_msg	 m[GAME_MAX_SEATS + 1];
	int		 i, n = 1;

	memset(m, 0, sizeof(m));
	game_msg_set(&m[0], key, 1, w->game.name);
	judge_note_time(&m[0], 1, t);
	for (i = 0; d && i < d->n; i++)
		if (d->pending[i]) {
			game_msg_set(&m[n], "clock.late.gm_seat", 0);
			judge_note_seat(&m[n++], 0, w, d->seat[i]);
		}
	judge_notify_notes(s, w, c->tz, GAME_SEAT_GM, m, n);
}

/* The proposal passed unapproved: the GM is asked, the players told. */
static void
judge_tick_unapproved(struct judge_session *s, const struct judge_seat *w,
    const struct db_clock *c)
{
	struct game_msg	 m;

	judge_tick_gm_notice(s, w, c, "clock.unapproved", c->proposed, NULL);
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, "clock.unapproved.players", 1, w->game.name);
	judge_note_time(&m, 1, c->proposed);
	judge_notify_notes(s, w, c->tz, JUDGE_NOTIFY_PLAYERS, &m, 1);
	log_info("clock: game=%s phase=%d proposal passed unapproved",
	    w->game.name, w->game.phase);
}

/* The clock's step for a game whose phase changed under it. */
static int
judge_tick_begin(struct judge_session *s, struct judge_seat *w)
{
	struct game_state	*st;
	struct game_msg		 m;
	struct db_clock		 c;

	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return -1;
	judge_clock_begin(s, w, st);
	w->ops->free(st);
	if (s->failed || db_clock_get(s->env->db, w->game.id, &c) != DB_OK)
		return -1;
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, c.deadline ? "clock.tell.deadline" :
	    "clock.tell.proposed", 1, w->game.name);
	judge_note_time(&m, 1, c.deadline ? c.deadline : c.proposed);
	judge_notify_notes(s, w, c.tz, JUDGE_NOTIFY_ALL, &m, 1);
	return 1;
}

/* The deadline or the grace end passed: play, or tell the GM it cannot. */
static int
judge_tick_due(struct judge_session *s, struct judge_seat *w,
    struct db_clock *c, const struct judge_due *d)
{
	int	 r;

	if (c->sent & DB_SENT_STUCK)
		return 0;
	r = judge_play_process(s, w, d->nlate ? JUDGE_PLAY_GRACE :
	    JUDGE_PLAY_DEADLINE);
	if (r == 1) {
		judge_tick_gm_notice(s, w, c, "clock.stuck", c->grace_end, d);
		c->sent |= DB_SENT_STUCK;
	}
	return r >= 0;
}

/* What is due now for one game: 1 when a step was taken, 0 if none. */
static int
judge_tick_step(struct judge_session *s, struct judge_seat *w,
    struct db_clock *c)
{
	struct orderbook	*book;
	struct game_state	*st;
	struct judge_due	 d;
	time_t			 now = s->env->now;
	time_t			 gm_at = judge_clock_gm_remind_at(c);
	time_t			 at = judge_clock_remind_at(c);
	int			 rc = 0;

	if ((st = judge_phase_load(s, w, w->game.phase)) == NULL)
		return -1;
	book = orderbook_new();
	if (judge_play_book(s, w, book) != 0 ||
	    judge_play_due(s, w, st, book, &d) != 0) {
		rc = -1;
		goto out;
	}
	if (d.ready && !(c->sent & DB_SENT_HELD))
		rc = judge_play_process(s, w, JUDGE_PLAY_EARLY) == 0;
	else if (c->deadline && (now >= c->grace_end ||
	    (now >= c->deadline && d.nlate == 0)))
		rc = judge_tick_due(s, w, c, &d);
	else if (c->deadline && now >= c->deadline &&
	    !(c->sent & DB_SENT_LATE)) {
		judge_tick_remind(s, w, c, st, book, &d);
		c->sent |= DB_SENT_LATE;
		rc = 1;
	} else if (!c->deadline && c->proposed && now >= c->proposed &&
	    !(c->sent & DB_SENT_UNAPPROVED)) {
		judge_tick_unapproved(s, w, c);
		c->sent |= DB_SENT_UNAPPROVED;
		rc = 1;
	} else if (gm_at && now >= gm_at && now < c->proposed &&
	    !(c->sent & DB_SENT_GM_REMINDED)) {
		judge_tick_gm_notice(s, w, c, "clock.gm_remind", c->proposed,
		    NULL);
		c->sent |= DB_SENT_GM_REMINDED;
		rc = 1;
	} else if (at && now >= at && now < c->deadline &&
	    !(c->sent & DB_SENT_REMINDED)) {
		judge_tick_before(s, w, c, st, book, &d);
		c->sent |= DB_SENT_REMINDED;
		rc = 1;
	}
	/* A processed phase wrote its own clock row; a notice marks it. */
	if (rc == 1 && c->phase == w->game.phase)
		judge_clock_store(s, c);
out:
	orderbook_free(book);
	w->ops->free(st);
	return rc;
}

/* One step of one game in a transaction of its own: 1 taken, 0 none, -1. */
static int
judge_tick_game(const struct judge_env *env, const char *name)
{
	struct judge_session	 s;
	struct judge_seat	 w;
	struct db_clock		 c;
	int			 did = 0;

	if (db_begin(env->db) != DB_OK)
		return -1;
	judge_session_begin(&s, env, NULL);
	if (judge_phase_running(&s, name, &w) &&
	    db_clock_get(env->db, w.game.id, &c) == DB_OK) {
		if (c.phase != w.game.phase)
			did = judge_tick_begin(&s, &w);
		else if (!c.paused)
			did = judge_tick_step(&s, &w, &c);
	}
	if (judge_session_commit(&s) != 0 || did < 0) {
		log_warnx("clock: game=%s step failed; rolled back", name);
		return -1;
	}
	return did;
}

/* Every step due of one game, one transaction each. */
static int
judge_tick_steps(void *arg, const struct db_game_ref *g)
{
	const struct judge_env	*env = arg;
	int			 step;

	for (step = 0; step < JUDGE_TICK_STEPS; step++)
		if (judge_tick_game(env, g->name) != 1)
			break;
	return 0;	/* a game that failed does not stop the others */
}

time_t
judge_tick(const struct judge_env *env)
{
	judge_downtime(env);
	if (judge_phase_each_clock(env, judge_tick_steps, (void *)env) != 0)
		log_warnx("clock: the running games cannot be read");
	return judge_next_wake(env);
}
