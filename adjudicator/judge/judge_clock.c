/*
 * judge_clock.c - the mail commands of the phase clock.
 *
 * The game master approves deadlines: the judge proposes one per phase
 * (judge_tick.c), the GM confirms it with APPROVE or sets another with SET
 * DEADLINE, grants or refuses a player's EXTEND request, and may PROCESS,
 * PAUSE, RESUME and ROLLBACK. Players may SET WAIT (no early processing)
 * and announce an ABSENCE. Every change of a deadline is announced to the
 * whole game; WAIT and absences only to those they concern
 * (rules/judge-conventions.md 1.4, 9).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"
#include "common/log.h"

#define JUDGE_MAX_REQUESTS	16

int
judge_clock_created(struct judge_session *s, const struct db_game *g,
    const struct deadline_conf *conf)
{
	struct db_clock	 c;
	char		 d[3][16], grace[16], at[16];
	int		 i;

	memset(&c, 0, sizeof(c));
	c.game_id = g->id;
	for (i = 0; i < DEADLINE_KINDS; i++) {
		c.secs[i] = conf->secs[i];
		deadline_duration_format(conf->secs[i], d[i], sizeof(d[i]));
	}
	c.grace = conf->grace;
	strlcpy_(c.days, conf->days, sizeof(c.days));
	c.at = conf->at;
	strlcpy_(c.tz, conf->tz, sizeof(c.tz));
	c.cd = conf->cd;
	c.phase = g->phase;
	if (db_clock_put(s->env->db, &c) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	deadline_duration_format(conf->grace, grace, sizeof(grace));
	judge_ok(s, "clock.created", 4, d[0], d[1], d[2],
	    conf->grace ? grace : "0");
	if (conf->at >= 0)
		snprintf(at, sizeof(at), "%02d:%02d", conf->at / 60,
		    conf->at % 60);
	judge_ok(s, conf->at >= 0 ? "clock.created.at" : "clock.created.zone",
	    3, conf->tz, conf->days, conf->at >= 0 ? at : "");
	if (conf->cd)
		judge_ok(s, "clock.created.cd", 0);
	return 0;
}

/*
 * The signed-on game's clock, for a command that needs one: false (and the
 * reason said) when the game is not running or has no clock.
 */
bool
judge_clock_here(struct judge_session *s, struct db_clock *c)
{
	if (s->who.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, s->who.game.name);
		return false;
	}
	switch (db_clock_get(s->env->db, s->who.game.id, c)) {
	case DB_NONE:
		judge_err(s, "clock.err.no_clock", 1, s->who.game.name);
		return false;
	case DB_ERR:
		judge_store_failed(s);
		return false;
	}
	return true;
}

static void
judge_clock_store(struct judge_session *s, const struct db_clock *c)
{
	if (db_clock_put(s->env->db, c) != DB_OK)
		judge_store_failed(s);
}

/*
 * Says key (game, t) to the sender and announces it to the rest of the
 * game.
 */
static void
judge_clock_announce(struct judge_session *s, const struct db_clock *c,
    const char *key, time_t t)
{
	struct game_msg	 m;

	memset(&m, 0, sizeof(m));
	game_msg_set(&m, key, 1, s->who.game.name);
	if (t)
		judge_note_time(&m, 1, t);
	judge_note_say(s, c->tz, &m, false);
	judge_clock_tell(s, &s->who, c->tz, JUDGE_TELL_ALL, &m, 1);
}

/* A new deadline t from the GM: grace follows, notices start again. */
static void
judge_clock_move(struct judge_session *s, struct db_clock *c, time_t t)
{
	c->deadline = t;
	c->grace_end = t + c->grace;
	if (c->deadline > s->env->now)
		c->sent &= ~DB_SENT_LATE;
	if (c->grace_end > s->env->now)
		c->sent &= ~DB_SENT_STUCK;
	c->sent &= ~DB_SENT_UNAPPROVED;
}

/* APPROVE alone is the deadline's; APPROVE TAKEOVER ... the lobby's. */
void
judge_cmd_approve(struct judge_session *s, struct judge_line *l)
{
	struct db_clock	 c;
	struct game_msg	 m;

	if (l->argc > 2) {
		judge_lobby_approve(s, l);
		return;
	}
	if (l->argc == 2) {
		judge_err(s, "judge.err.usage", 1, "APPROVE");
		return;
	}
	if (!judge_clock_here(s, &c))
		return;
	memset(&m, 0, sizeof(m));
	if (c.deadline) {
		game_msg_set(&m, "clock.err.approved", 0);
		judge_note_time(&m, 0, c.deadline);
		judge_note_say(s, c.tz, &m, true);
		return;
	}
	if (c.proposed <= s->env->now) {
		/* Approving a time that has passed would make everyone late. */
		game_msg_set(&m, "clock.reproposed", 0);
		judge_note_time(&m, 0, c.proposed);
		if (judge_clock_propose(s, &s->who, &c, s->env->now) != 0)
			return;
		judge_note_time(&m, 1, c.proposed);
		judge_note_say(s, c.tz, &m, true);
		judge_clock_store(s, &c);
		return;
	}
	judge_clock_move(s, &c, c.proposed);
	judge_clock_store(s, &c);
	judge_clock_announce(s, &c, "clock.tell.approved", c.deadline);
}

/* A time the GM names: in the future, and not absurdly far. */
static bool
judge_clock_when(struct judge_session *s, const struct db_clock *c,
    const char *w1, const char *w2, time_t *t)
{
	if (deadline_parse_when(w1, w2, c->tz, s->env->now, t) != 0) {
		judge_err(s, "clock.err.when", 0);
		return false;
	}
	if (*t <= s->env->now) {
		judge_err(s, "clock.err.past", 0);
		return false;
	}
	if (*t > s->env->now + DEADLINE_MAX_AHEAD) {
		judge_err(s, "clock.err.far", 0);
		return false;
	}
	return true;
}

static void
judge_set_deadline(struct judge_session *s, struct judge_line *l)
{
	struct db_clock	 c;
	time_t		 t;

	if (!s->who.on || (s->who.seat != GAME_SEAT_GM && !s->who.by_gm)) {
		judge_err(s, "judge.err.not_gm", 1, "SET DEADLINE");
		return;
	}
	if (l->argc < 3 || l->argc > 4) {
		judge_err(s, "clock.err.when", 0);
		return;
	}
	if (!judge_clock_here(s, &c) || !judge_clock_when(s, &c, l->argv[2],
	    l->argc > 3 ? l->argv[3] : NULL, &t))
		return;
	judge_clock_move(s, &c, t);
	judge_clock_store(s, &c);
	judge_clock_announce(s, &c, "clock.tell.deadline_set", t);
}

/* Moves the deadline (or the proposal) on by secs and announces it. */
static void
judge_clock_extend_by(struct judge_session *s, struct db_clock *c, int secs)
{
	time_t	 base = c->deadline ? c->deadline : c->proposed;

	if (base < s->env->now)
		base = s->env->now;
	judge_clock_move(s, c, base + secs);
	judge_clock_store(s, c);
	judge_clock_announce(s, c, "clock.tell.extended", c->deadline);
}

static void
judge_extend_ask(struct judge_session *s, struct judge_line *l,
    struct db_clock *c)
{
	struct game_msg	 m;
	char		 d[16];
	int		 secs;

	if (l->argc != 2 || deadline_duration(l->argv[1], &secs) != 0 ||
	    secs > DEADLINE_MAX_AWAY) {
		judge_err(s, "clock.err.extend_usage", 0);
		return;
	}
	if (db_extension_add(s->env->db, s->who.game.id, s->who.game.phase,
	    s->who.seat, secs, s->env->now) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	deadline_duration_format(secs, d, sizeof(d));
	judge_ok(s, "clock.ext.asked", 1, d);
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, "clock.ext.gm", 0);
	judge_note_seat(&m, 0, &s->who, s->who.seat);
	strlcpy_(m.args[1], s->who.game.name, sizeof(m.args[1]));
	strlcpy_(m.args[2], d, sizeof(m.args[2]));
	judge_note_time(&m, 3, c->deadline ? c->deadline : c->proposed);
	judge_clock_tell(s, &s->who, c->tz, GAME_SEAT_GM, &m, 1);
}

/* EXTEND GRANT|REFUSE [power] by the GM. */
static void
judge_extend_settle(struct judge_session *s, struct judge_line *l,
    struct db_clock *c, bool grant)
{
	struct db_extension	 e[JUDGE_MAX_REQUESTS];
	struct game_msg		 m;
	int			 n, i, seat = -1, secs = 0, hits = 0;

	if (l->argc > 2 && (seat = judge_seat_named(s->env, s->who.ops,
	    l->argv[2])) < 0) {
		judge_err(s, "clock.err.no_power", 1, l->argv[2]);
		return;
	}
	if (db_extensions_open(s->env->db, s->who.game.id, s->who.game.phase,
	    e, JUDGE_MAX_REQUESTS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i < n; i++) {
		if (seat >= 0 && e[i].seat != seat)
			continue;
		hits++;
		if (e[i].secs > secs)
			secs = e[i].secs;
		if (db_extension_settle(s->env->db, e[i].id, grant ?
		    DB_EXT_GRANTED : DB_EXT_REFUSED, s->env->now) != DB_OK) {
			judge_store_failed(s);
			return;
		}
		if (grant)
			continue;
		memset(&m, 0, sizeof(m));
		game_msg_set(&m, "clock.ext.refused", 1, s->who.game.name);
		judge_note_time(&m, 1, c->deadline ? c->deadline : c->proposed);
		judge_clock_tell(s, &s->who, c->tz, e[i].seat, &m, 1);
	}
	if (hits == 0)
		judge_err(s, "clock.err.no_request", 0);
	else if (grant)
		judge_clock_extend_by(s, c, secs);
	else
		judge_ok(s, "clock.ext.refused_gm", 0);
}

void
judge_cmd_extend(struct judge_session *s, struct judge_line *l)
{
	struct db_extension	 e[JUDGE_MAX_REQUESTS];
	struct db_clock		 c;
	int			 secs, n, i;

	if (!judge_clock_here(s, &c))
		return;
	if (s->who.seat != GAME_SEAT_GM && !s->who.by_gm) {
		judge_extend_ask(s, l, &c);
		return;
	}
	if (l->argc >= 2 && strcasecmp(l->argv[1], "GRANT") == 0)
		judge_extend_settle(s, l, &c, true);
	else if (l->argc >= 2 && strcasecmp(l->argv[1], "REFUSE") == 0)
		judge_extend_settle(s, l, &c, false);
	else if (l->argc == 2 && deadline_duration(l->argv[1], &secs) == 0) {
		/* The GM's own extension answers every open request. */
		if (db_extensions_open(s->env->db, s->who.game.id,
		    s->who.game.phase, e, JUDGE_MAX_REQUESTS, &n) != DB_OK) {
			judge_store_failed(s);
			return;
		}
		for (i = 0; i < n; i++)
			if (db_extension_settle(s->env->db, e[i].id,
			    DB_EXT_GRANTED, s->env->now) != DB_OK)
				judge_store_failed(s);
		judge_clock_extend_by(s, &c, secs);
	} else
		judge_err(s, "clock.err.extend_usage", 0);
}

void
judge_cmd_pause(struct judge_session *s, struct judge_line *l)
{
	struct db_clock	 c;

	(void)l;
	if (!judge_clock_here(s, &c))
		return;
	if (c.paused) {
		judge_err(s, "clock.err.paused", 1, s->who.game.name);
		return;
	}
	c.paused = s->env->now;
	judge_clock_store(s, &c);
	judge_clock_announce(s, &c, "clock.tell.paused", 0);
}

void
judge_cmd_resume(struct judge_session *s, struct judge_line *l)
{
	struct db_clock	 c;
	time_t		 lost;

	(void)l;
	if (!judge_clock_here(s, &c))
		return;
	if (!c.paused) {
		judge_err(s, "clock.err.not_paused", 1, s->who.game.name);
		return;
	}
	/* The pause does not count: every time of the phase moves on. */
	lost = s->env->now - c.paused;
	if (c.proposed)
		c.proposed += lost;
	if (c.deadline)
		c.deadline += lost;
	if (c.grace_end)
		c.grace_end += lost;
	c.paused = 0;
	judge_clock_store(s, &c);
	judge_clock_announce(s, &c, c.deadline ? "clock.tell.resumed" :
	    "clock.tell.resumed_proposed", c.deadline ? c.deadline :
	    c.proposed);
}

void
judge_cmd_process(struct judge_session *s, struct judge_line *l)
{
	struct game_state	*st;
	struct game_view	 v;

	if (s->who.game.status != DB_RUNNING) {
		judge_err(s, "judge.err.not_running", 1, s->who.game.name);
		return;
	}
	/* njudge's guard: PROCESS <phase> does nothing once it moved on. */
	if (l->argc > 1) {
		if ((st = judge_load(s, &s->who)) == NULL)
			return;
		memset(&v, 0, sizeof(v));
		s->who.ops->view(st, GAME_SEAT_GM, &v);
		s->who.ops->free(st);
		if (strcasecmp(v.phase, l->argv[1]) != 0) {
			judge_err(s, "clock.err.phase_moved", 3,
			    s->who.game.name, v.phase, l->argv[1]);
			return;
		}
	}
	if (judge_clock_process(s, &s->who, JUDGE_PROCESS_GM) == 0)
		judge_ok(s, "clock.processed", 1, s->who.game.name);
}

void
judge_clock_signed_on(struct judge_session *s, const struct judge_seat *w)
{
	struct db_clock_seat	 cs[GAME_MAX_SEATS];
	struct db_clock		 c;
	struct game_msg		 m;
	int			 n, i;

	if (db_clock_get(s->env->db, w->game.id, &c) != DB_OK ||
	    db_clock_seats(s->env->db, w->game.id, cs, GAME_MAX_SEATS,
	    &n) != DB_OK)
		return;
	for (i = 0; i < n; i++) {
		if (cs[i].seat != w->seat || !cs[i].cd)
			continue;
		/* rules/judge-conventions.md 1.4: a sign-on ends disorder. */
		cs[i].cd = false;
		if (db_clock_seat_put(s->env->db, w->game.id, &cs[i]) != DB_OK) {
			judge_store_failed(s);
			return;
		}
		judge_ok(s, "clock.cd_back", 0);
		memset(&m, 0, sizeof(m));
		game_msg_set(&m, "clock.cd_back.gm", 0);
		judge_note_seat(&m, 0, w, w->seat);
		strlcpy_(m.args[1], w->game.name, sizeof(m.args[1]));
		m.nargs = 2;
		judge_clock_tell(s, w, c.tz, GAME_SEAT_GM, &m, 1);
	}
}

/* The flags row of the signed-on seat (a fresh one if it has none). */
static int
judge_seat_flags(struct judge_session *s, const struct judge_seat *w,
    struct db_clock_seat *f)
{
	struct db_clock_seat	 cs[GAME_MAX_SEATS];
	int			 n, i;

	f->seat = w->seat;
	f->wait_phase = f->error_phase = -1;
	f->cd = false;
	if (db_clock_seats(s->env->db, w->game.id, cs, GAME_MAX_SEATS, &n) !=
	    DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (cs[i].seat == w->seat)
			*f = cs[i];
	return 0;
}

/*
 * rules/judge-conventions.md 1.3: a power whose orders had an error does
 * not count as ready until a mail without errors. The first order line of
 * a mail clears the mark, any line in error sets it.
 */
void
judge_clock_order_line(struct judge_session *s, const struct judge_seat *w,
    bool error)
{
	struct db_clock_seat	 f;
	bool			 first;
	int			 want;

	first = s->orders_game != w->game.id || s->orders_seat != w->seat;
	s->orders_game = w->game.id;
	s->orders_seat = w->seat;
	if ((!first && !error) || !judge_clock_owns(s, w) ||
	    judge_seat_flags(s, w, &f) != 0)
		return;
	want = error ? w->game.phase : (first ? -1 : f.error_phase);
	if (f.error_phase == want)
		return;
	f.error_phase = want;
	if (db_clock_seat_put(s->env->db, w->game.id, &f) != DB_OK)
		judge_store_failed(s);
}

static void
judge_set_wait(struct judge_session *s, bool wait)
{
	struct db_clock_seat	 f;
	struct db_clock		 c;

	if (!s->who.on || s->who.seat == GAME_SEAT_GM) {
		judge_err(s, "judge.err.not_player", 1, wait ? "SET WAIT" :
		    "SET NOWAIT");
		return;
	}
	if (!judge_clock_here(s, &c) || judge_seat_flags(s, &s->who, &f) != 0)
		return;
	f.wait_phase = wait ? s->who.game.phase : -1;
	if (db_clock_seat_put(s->env->db, s->who.game.id, &f) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	judge_ok(s, wait ? "clock.wait_set" : "clock.nowait_set", 1,
	    s->who.game.name);
}

/* SET DEADLINE, WAIT, NOWAIT, NO WAIT, ABSENCE, NOABSENCE, NO ABSENCE. */
bool
judge_clock_set(struct judge_session *s, struct judge_line *l)
{
	const char	*w = l->argv[1];
	bool		 no = false;

	if (strcasecmp(w, "DEADLINE") == 0) {
		judge_set_deadline(s, l);
		return true;
	}
	if (strcasecmp(w, "NO") == 0 && l->argc > 2) {
		no = true;
		w = l->argv[2];
	} else if (strncasecmp(w, "NO", 2) == 0 && (strcasecmp(w + 2,
	    "WAIT") == 0 || strcasecmp(w + 2, "ABSENCE") == 0)) {
		no = true;
		w += 2;
	}
	if (strcasecmp(w, "WAIT") == 0)
		judge_set_wait(s, !no);
	else if (strcasecmp(w, "ABSENCE") == 0)
		judge_set_absence(s, l, no);
	else
		return false;
	return true;
}
