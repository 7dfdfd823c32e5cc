/*
 * judge_tick.c - the phase clock at work: judge_tick() is called by the
 * daemon each time it wakes, by `pbemd tick` from cron and after each mail
 * of `pbemd deliver`, with the time in env->now.
 *
 * For each running game with a clock, one step at a time, each in its own
 * transaction: set up a new phase's proposal; process the phase early when
 * every awaited power's orders are complete and error-free and nobody SET
 * WAIT; at the approved deadline remind the late powers and tell the GM; at
 * the end of the grace period process with the orders there are (missing
 * units hold) and, if the game says so, put powers that sent nothing into
 * civil disorder. What a step sent is recorded in clocks.sent in the same
 * transaction as the mail, so a crash neither skips nor repeats a notice.
 * Downtime and the next wake-up are in judge_downtime.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adjudicator/judge/judge_priv.h"
#include "common/log.h"

#define JUDGE_TICK_GAMES	512
#define JUDGE_TICK_STEPS	4	/* steps per game and tick */
#define JUDGE_TICK_ORDERS	256
#define JUDGE_TICK_PENDING	16	/* what a reminder lists */

/* Who the phase is waiting for. Seats in civil disorder are not awaited. */
struct judge_due {
	int	 n;				/* awaited seats */
	int	 seat[GAME_MAX_SEATS];
	bool	 pending[GAME_MAX_SEATS];	/* orders incomplete */
	bool	 none[GAME_MAX_SEATS];		/* ... and not one given */
	bool	 error[GAME_MAX_SEATS];		/* last orders had errors */
	int	 nlate;
	bool	 wait;				/* someone SET WAIT */
	bool	 ready;
};

struct judge_orders {
	int			 n;
	struct game_order	 o[JUDGE_TICK_ORDERS];
};

void
judge_tick_session(struct judge_session *s, const struct judge_env *env)
{
	judge_session_begin(s, env, NULL);
}

/* Commits or, after a store error, rolls back. 0 or -1. */
int
judge_tick_finish(struct judge_session *s)
{
	int	 rc = 0;

	if (s->failed || db_commit(s->env->db) != DB_OK) {
		db_rollback(s->env->db);
		rc = -1;
	}
	judge_session_end(s);
	return rc;
}

static void
judge_clock_conf(const struct db_clock *c, struct deadline_conf *conf)
{
	int	 i;

	memset(conf, 0, sizeof(*conf));
	conf->on = true;
	for (i = 0; i < DEADLINE_KINDS; i++)
		conf->secs[i] = c->secs[i];
	conf->grace = c->grace;
	conf->at = c->at;
	strlcpy_(conf->days, c->days, sizeof(conf->days));
	strlcpy_(conf->tz, c->tz, sizeof(conf->tz));
	conf->cd = c->cd;
}

/*
 * The judge's proposal for the deadline of c's phase from start: the
 * clock's rules and the absences of the players still in the game.
 */
int
judge_clock_propose(struct judge_session *s, const struct judge_seat *w,
    struct db_clock *c, time_t start)
{
	struct db_absence	 a[32];
	struct deadline_span	 span[32];
	struct db_player	 p[GAME_MAX_SEATS];
	struct deadline_conf	 conf;
	int			 na, np, n = 0, i, j;

	if (db_absences(s->env->db, w->game.id, s->env->now, a, 32, &na) !=
	    DB_OK || db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS,
	    &np) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	for (i = 0; i < na; i++)
		for (j = 0; j < np; j++)
			if (p[j].seat == a[i].seat && !p[j].resigned) {
				span[n].from = a[i].from;
				span[n++].to = a[i].to;
			}
	judge_clock_conf(c, &conf);
	c->proposed = deadline_propose(&conf, c->kind, start,
	    c->last_deadline, span, n);
	return 0;
}

bool
judge_clock_owns(struct judge_session *s, const struct judge_seat *w)
{
	struct db_clock	 c;

	switch (db_clock_get(s->env->db, w->game.id, &c)) {
	case DB_OK:
		return true;
	case DB_ERR:
		judge_store_failed(s);
		return true;
	}
	return false;
}

void
judge_clock_phase_begun(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st)
{
	struct db_clock		 c;
	struct game_view	 v;

	switch (db_clock_get(s->env->db, w->game.id, &c)) {
	case DB_NONE:
		return;
	case DB_ERR:
		judge_store_failed(s);
		return;
	}
	memset(&v, 0, sizeof(v));
	w->ops->view(st, GAME_SEAT_GM, &v);
	/* rules/judge-conventions.md 1.4: never before the last deadline. */
	if (c.deadline)
		c.last_deadline = c.deadline;
	c.phase = w->game.phase;
	c.kind = (int)v.phase_kind;
	c.started = s->env->now;
	c.proposed = c.deadline = c.grace_end = 0;
	c.sent = 0;
	if (v.status == GAME_STATUS_RUNNING &&
	    judge_clock_propose(s, w, &c, s->env->now) != 0)
		return;
	if (db_clock_put(s->env->db, &c) != DB_OK)
		judge_store_failed(s);
}

static int
judge_tick_orders(struct judge_session *s, const struct judge_seat *w,
    struct judge_orders *o)
{
	struct db_order	*dbo;
	int		 i;

	dbo = xcalloc(JUDGE_TICK_ORDERS, sizeof(*dbo));
	memset(o, 0, sizeof(*o));
	if (db_orders(s->env->db, w->game.id, w->game.phase, dbo,
	    JUDGE_TICK_ORDERS, &o->n) != DB_OK) {
		free(dbo);
		judge_store_failed(s);
		return -1;
	}
	for (i = 0; i < o->n; i++) {
		o->o[i].seat = dbo[i].seat;
		strlcpy_(o->o[i].slot, dbo[i].slot, sizeof(o->o[i].slot));
		strlcpy_(o->o[i].text, dbo[i].text, sizeof(o->o[i].text));
	}
	free(dbo);
	return 0;
}

/*
 * What seat still owes, as the game says (pending), else: a seat that is
 * due and has given no order. Fills up to max messages when out is given.
 */
static int
judge_seat_pending(const struct judge_seat *w, const struct game_state *st,
    const struct game_view *v, int seat, const struct judge_orders *o,
    struct game_msg *out, int max)
{
	struct game_order	*mine;
	struct game_msg		 scratch[JUDGE_TICK_PENDING];
	int			 n = 0, i, rc;

	mine = xcalloc(JUDGE_TICK_ORDERS, sizeof(*mine));
	for (i = 0; i < o->n; i++)
		if (o->o[i].seat == seat)
			mine[n++] = o->o[i];
	if (w->ops->pending) {
		if (out == NULL) {
			out = scratch;
			max = JUDGE_TICK_PENDING;
		}
		rc = w->ops->pending(st, seat, mine, n, out, max);
	} else
		rc = seat < GAME_MAX_SEATS && v->due[seat] && n == 0;
	free(mine);
	return rc;
}

static int
judge_due(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st, const struct judge_orders *o,
    struct judge_due *d)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_clock_seat	 cs[GAME_MAX_SEATS];
	struct game_view	 v;
	int			 np, ncs = 0, i, j, k;

	memset(d, 0, sizeof(*d));
	if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS, &np) !=
	    DB_OK || db_clock_seats(s->env->db, w->game.id, cs,
	    GAME_MAX_SEATS, &ncs) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	memset(&v, 0, sizeof(v));
	w->ops->view(st, GAME_SEAT_GM, &v);
	for (i = 0; i < np; i++) {
		struct db_clock_seat f = { p[i].seat, -1, -1, false };
		bool has = false;

		if (p[i].resigned)
			continue;
		for (j = 0; j < ncs; j++)
			if (cs[j].seat == p[i].seat)
				f = cs[j];
		if (f.cd)
			continue;
		for (j = 0; j < o->n; j++)
			if (o->o[j].seat == p[i].seat)
				has = true;
		k = d->n++;
		d->seat[k] = p[i].seat;
		d->pending[k] = judge_seat_pending(w, st, &v, p[i].seat, o,
		    NULL, 0) > 0;
		d->none[k] = d->pending[k] && !has;
		d->error[k] = f.error_phase == w->game.phase;
		if (d->pending[k] || d->error[k])
			d->nlate++;
		if (f.wait_phase == w->game.phase)
			d->wait = true;
	}
	d->ready = d->nlate == 0 && !d->wait;
	return 0;
}

static void
judge_note_add(struct game_msg *notes, int *n, const char *key,
    const struct judge_seat *w, int seat)
{
	struct game_msg	*m = &notes[(*n)++];

	memset(m, 0, sizeof(*m));
	strlcpy_(m->key, key, sizeof(m->key));
	if (seat >= 0)
		judge_note_seat(m, 0, w, seat);
}

static int
judge_put_cd(struct judge_session *s, const struct judge_seat *w, int seat)
{
	struct db_clock_seat	 cs[GAME_MAX_SEATS], f = { seat, -1, -1, true };
	int			 n, i;

	if (db_clock_seats(s->env->db, w->game.id, cs, GAME_MAX_SEATS, &n) !=
	    DB_OK)
		return -1;
	for (i = 0; i < n; i++)
		if (cs[i].seat == seat)
			f = cs[i];
	f.cd = true;
	return db_clock_seat_put(s->env->db, w->game.id, &f);
}

/*
 * Plays the phase with the orders there are; missing orders are the game's
 * to fill (Diplomacy: the units hold). 0 when played, 1 when the game
 * refused to play without the missing orders, -1 on a store error.
 */
int
judge_clock_process(struct judge_session *s, struct judge_seat *w,
    enum judge_process_why why)
{
	static const char *const keys[] = {
		"clock.note.early", "clock.note.deadline", "clock.note.grace",
		"clock.note.gm"
	};
	struct game_msg		 notes[2 * GAME_MAX_SEATS + 1];
	struct game_state	*st;
	struct judge_orders	*o;
	struct judge_due	 d;
	struct game_diag	 diag;
	struct db_clock		 c;
	bool			 cd;
	int			 nn = 0, i, rc = -1;

	if ((st = judge_load(s, w)) == NULL)
		return -1;
	o = xmalloc(sizeof(*o));
	if (judge_tick_orders(s, w, o) != 0 || judge_due(s, w, st, o, &d) != 0)
		goto out;
	cd = why == JUDGE_PROCESS_GRACE && db_clock_get(s->env->db, w->game.id,
	    &c) == DB_OK && c.cd;
	memset(&diag, 0, sizeof(diag));
	if (w->ops->adjudicate(st, o->o, o->n, &diag) != 0) {
		if (why == JUDGE_PROCESS_GM)
			judge_msg(s, &diag.msg, true);
		log_info("clock: game=%s phase=%d not processed: orders missing",
		    w->game.name, w->game.phase);
		rc = 1;
		goto out;
	}
	judge_note_add(notes, &nn, keys[why], w, -1);
	for (i = 0; i < d.n; i++) {
		if (d.pending[i])
			judge_note_add(notes, &nn, "clock.note.held", w,
			    d.seat[i]);
		if (cd && d.none[i]) {
			judge_note_add(notes, &nn, "clock.note.cd", w,
			    d.seat[i]);
			if (judge_put_cd(s, w, d.seat[i]) != DB_OK) {
				judge_store_failed(s);
				goto out;
			}
		}
	}
	log_info("clock: game=%s phase=%d processed why=%d late=%d",
	    w->game.name, w->game.phase, (int)why, d.nlate);
	s->notes = notes;
	s->nnotes = nn;
	s->notes_game = w->game.id;
	if (judge_advance(s, w, st) == 0)
		judge_after_phase(s, w, st);
	s->notes = NULL;
	s->nnotes = 0;
	rc = s->failed ? -1 : 0;
out:
	free(o);
	w->ops->free(st);
	return rc;
}

/* At the deadline: each late power its reminder, the GM one notice. */
static void
judge_tick_remind(struct judge_session *s, const struct judge_seat *w,
    const struct db_clock *c, const struct game_state *st,
    const struct judge_orders *o, const struct judge_due *d)
{
	struct game_msg		 m[JUDGE_TICK_PENDING + 2];
	struct game_view	 v;
	int			 i, n;

	memset(&v, 0, sizeof(v));
	w->ops->view(st, GAME_SEAT_GM, &v);
	for (i = 0; i < d->n; i++) {
		if (!d->pending[i] && !d->error[i])
			continue;
		memset(m, 0, sizeof(m));
		game_msg_set(&m[0], "clock.late.player", 1, w->game.name);
		judge_note_time(&m[0], 1, c->deadline);
		judge_note_time(&m[0], 2, c->grace_end);
		n = 1;
		if (d->error[i])
			game_msg_set(&m[n++], "clock.late.errors", 0);
		if (d->pending[i] && w->ops->pending)
			n += judge_seat_pending(w, st, &v, d->seat[i], o,
			    &m[n], JUDGE_TICK_PENDING);
		judge_clock_tell(s, w, c->tz, d->seat[i], m, n);
	}
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
	judge_clock_tell(s, w, c->tz, GAME_SEAT_GM, m, n);
	log_info("clock: game=%s phase=%d deadline passed late=%d",
	    w->game.name, w->game.phase, d->nlate);
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
	judge_clock_tell(s, w, c->tz, GAME_SEAT_GM, m, n);
}

bool
judge_tick_lookup(struct judge_session *s, const char *name,
    struct judge_seat *w)
{
	memset(w, 0, sizeof(*w));
	if (db_game_get(s->env->db, name, &w->game) != DB_OK ||
	    w->game.status != DB_RUNNING ||
	    (w->ops = game_find(w->game.kind)) == NULL)
		return false;
	w->on = true;
	w->seat = GAME_SEAT_GM;
	return true;
}

/* The clock's step for a game whose phase changed under it. */
static int
judge_tick_begin(struct judge_session *s, struct judge_seat *w)
{
	struct game_state	*st;
	struct game_msg		 m;
	struct db_clock		 c;

	if ((st = judge_load(s, w)) == NULL)
		return -1;
	judge_clock_phase_begun(s, w, st);
	w->ops->free(st);
	if (s->failed || db_clock_get(s->env->db, w->game.id, &c) != DB_OK)
		return -1;
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, "clock.tell.proposed", 1, w->game.name);
	judge_note_time(&m, 1, c.proposed);
	judge_clock_tell(s, w, c.tz, JUDGE_TELL_ALL, &m, 1);
	return 1;
}

/* What is due now for one game: 1 when a step was taken, 0 if none. */
static int
judge_tick_step(struct judge_session *s, struct judge_seat *w,
    struct db_clock *c)
{
	struct game_state	*st;
	struct judge_orders	*o;
	struct judge_due	 d;
	time_t			 now = s->env->now;
	int			 rc = 0, r;

	if ((st = judge_load(s, w)) == NULL)
		return -1;
	o = xmalloc(sizeof(*o));
	if (judge_tick_orders(s, w, o) != 0 || judge_due(s, w, st, o, &d) != 0) {
		rc = -1;
		goto out;
	}
	if (d.ready && !(c->sent & DB_SENT_HELD))
		rc = judge_clock_process(s, w, JUDGE_PROCESS_EARLY) == 0;
	else if (c->deadline && (now >= c->grace_end ||
	    (now >= c->deadline && d.nlate == 0))) {
		if (c->sent & DB_SENT_STUCK)
			goto out;
		r = judge_clock_process(s, w, d.nlate ? JUDGE_PROCESS_GRACE :
		    JUDGE_PROCESS_DEADLINE);
		if (r == 1) {
			judge_tick_gm_notice(s, w, c, "clock.stuck",
			    c->grace_end, &d);
			c->sent |= DB_SENT_STUCK;
		}
		rc = r >= 0;
	} else if (c->deadline && now >= c->deadline &&
	    !(c->sent & DB_SENT_LATE)) {
		judge_tick_remind(s, w, c, st, o, &d);
		c->sent |= DB_SENT_LATE;
		rc = 1;
	} else if (!c->deadline && c->proposed && now >= c->proposed &&
	    !(c->sent & DB_SENT_UNAPPROVED)) {
		judge_tick_gm_notice(s, w, c, "clock.unapproved", c->proposed,
		    NULL);
		c->sent |= DB_SENT_UNAPPROVED;
		rc = 1;
	}
	/* A processed phase wrote its own clock row; a notice marks it. */
	if (rc == 1 && c->phase == w->game.phase &&
	    db_clock_put(s->env->db, c) != DB_OK)
		judge_store_failed(s);
out:
	free(o);
	w->ops->free(st);
	return rc;
}

static int
judge_tick_game(const struct judge_env *env, const char *name)
{
	struct judge_session	 s;
	struct judge_seat	 w;
	struct db_clock		 c;
	int			 did = 0;

	if (db_begin(env->db) != DB_OK)
		return -1;
	judge_tick_session(&s, env);
	if (judge_tick_lookup(&s, name, &w) &&
	    db_clock_get(env->db, w.game.id, &c) == DB_OK) {
		if (c.phase != w.game.phase)
			did = judge_tick_begin(&s, &w);
		else if (!c.paused)
			did = judge_tick_step(&s, &w, &c);
	}
	if (judge_tick_finish(&s) != 0 || did < 0) {
		log_warnx("clock: game=%s step failed; rolled back", name);
		return -1;
	}
	return did;
}

time_t
judge_tick(const struct judge_env *env)
{
	char	(*names)[DB_NAME_MAX];
	int	 n = 0, i, step;

	judge_clock_downtime(env);
	names = xcalloc(JUDGE_TICK_GAMES, sizeof(*names));
	if (db_clock_games(env->db, names, JUDGE_TICK_GAMES, &n) != DB_OK)
		n = 0;
	for (i = 0; i < n; i++)
		for (step = 0; step < JUDGE_TICK_STEPS; step++)
			if (judge_tick_game(env, names[i]) != 1)
				break;
	free(names);
	return judge_next_wake(env);
}
