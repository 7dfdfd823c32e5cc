/*
 * cmd_deadline.c - the deadline of a phase by mail: the GM's APPROVE of
 * the judge's proposal, SET DEADLINE, SET APPROVE gm|auto, SET REMIND,
 * EXTEND (a player's request, the GM's own extension, EXTEND GRANT and
 * EXTEND REFUSE), PAUSE and RESUME.
 *
 * The game master approves deadlines: the judge proposes one per phase
 * (clock.c), the GM confirms it or sets another; with approve=auto the
 * proposal holds unless the GM changes it. Every change of a
 * deadline is announced to the whole game; a request goes to the GM alone
 * and a refusal to the asker alone (rules/judge-conventions.md 1.4, 9).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_deadline.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/seats.h"
#include "common/log.h"

/* A seat has one open request a phase (a second is refused): they fit. */
#define JUDGE_MAX_REQUESTS	16
_Static_assert(JUDGE_MAX_REQUESTS >= GAME_MAX_SEATS, "every seat's request");

/*
 * Says key (game, t) to the sender and announces it to the rest of the
 * game.
 */
static void
judge_deadline_announce(struct judge_session *s, const struct db_clock *c,
    const char *key, time_t t)
{
	struct game_msg	 m;

	memset(&m, 0, sizeof(m));
	game_msg_set(&m, key, 1, s->who.game.name);
	if (t)
		judge_note_time(&m, 1, t);
	judge_note_say(s, c->tz, &m, false);
	judge_notify_notes(s, &s->who, c->tz, JUDGE_NOTIFY_ALL, &m, 1);
}

/* A new deadline t from the GM: grace follows, notices start again. */
static void
judge_deadline_move(struct judge_session *s, struct db_clock *c, time_t t)
{
	c->deadline = t;
	c->grace_end = t + c->grace;
	if (judge_clock_remind_at(c) > s->env->now)
		c->sent &= ~DB_SENT_REMINDED;
	if (c->deadline > s->env->now)
		c->sent &= ~DB_SENT_LATE;
	if (c->grace_end > s->env->now)
		c->sent &= ~DB_SENT_STUCK;
	c->sent &= ~DB_SENT_UNAPPROVED;
}

/* APPROVE: the GM confirms the judge's proposal. */
void
judge_cmd_approve(struct judge_session *s, const struct judge_line *l)
{
	struct db_clock	 c;
	struct game_msg	 m;

	(void)l;
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
	judge_deadline_move(s, &c, c.proposed);
	judge_clock_store(s, &c);
	judge_deadline_announce(s, &c, "clock.tell.approved", c.deadline);
}

/*
 * SET APPROVE gm|auto: who makes the judge's proposals hold. Switching to
 * auto while a proposal awaits approval makes it hold now (a new one from
 * now if it passed), announced like an APPROVE.
 */
void
judge_cmd_set_approve(struct judge_session *s, const struct judge_line *l)
{
	struct db_clock	 c;
	bool		 to_auto;

	if (strcasecmp(l->argv[2], "auto") != 0 &&
	    strcasecmp(l->argv[2], "gm") != 0) {
		judge_err(s, "clock.err.approve_usage", 0);
		return;
	}
	if (!judge_clock_here(s, &c))
		return;
	to_auto = strcasecmp(l->argv[2], "auto") == 0;
	c.approve = to_auto ? DB_APPROVE_AUTO : DB_APPROVE_GM;
	log_info("judge: game=%s approve=%s", s->who.game.name,
	    to_auto ? "auto" : "gm");
	judge_ok(s, to_auto ? "clock.approve_auto" : "clock.approve_gm", 1,
	    s->who.game.name);
	if (!to_auto || c.deadline || !c.proposed) {
		judge_clock_store(s, &c);
		return;
	}
	/* Paused, RESUME moves the proposal and the deadline on alike. */
	if (!c.paused && c.proposed <= s->env->now &&
	    judge_clock_propose(s, &s->who, &c, s->env->now) != 0)
		return;
	judge_deadline_move(s, &c, c.proposed);
	judge_clock_store(s, &c);
	judge_deadline_announce(s, &c, "clock.tell.approved", c.deadline);
}

/* SET REMIND <duration> | 0: how long before the deadline late powers are
 * reminded (0: never). */
void
judge_cmd_set_remind(struct judge_session *s, const struct judge_line *l)
{
	struct db_clock	 c;
	char		 d[16];
	int		 secs = 0;

	if (strcmp(l->argv[2], "0") != 0 &&
	    deadline_duration(l->argv[2], &secs) != 0) {
		judge_err(s, "clock.err.remind_usage", 0);
		return;
	}
	if (!judge_clock_here(s, &c))
		return;
	c.remind = secs;
	if (judge_clock_remind_at(&c) > s->env->now)
		c.sent &= ~DB_SENT_REMINDED;
	judge_clock_store(s, &c);
	deadline_duration_format(secs, d, sizeof(d));
	judge_ok(s, secs ? "clock.remind_set" : "clock.remind_off", 2,
	    s->who.game.name, d);
}

/* A time the GM names: in the future, and not absurdly far. */
static bool
judge_deadline_when(struct judge_session *s, const struct db_clock *c,
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

/* SET DEADLINE <yyyy-mm-dd hh:mm> | +<duration> */
void
judge_cmd_set_deadline(struct judge_session *s, const struct judge_line *l)
{
	struct db_clock	 c;
	time_t		 t;

	if (!judge_clock_here(s, &c) || !judge_deadline_when(s, &c, l->argv[2],
	    l->argc > 3 ? l->argv[3] : NULL, &t))
		return;
	judge_deadline_move(s, &c, t);
	judge_clock_store(s, &c);
	judge_deadline_announce(s, &c, "clock.tell.deadline_set", t);
}

/* Moves the deadline (or the proposal) on by secs and announces it. */
static void
judge_deadline_extend_by(struct judge_session *s, struct db_clock *c, int secs)
{
	time_t	 base = c->deadline ? c->deadline : c->proposed;

	if (base < s->env->now)
		base = s->env->now;
	judge_deadline_move(s, c, base + secs);
	judge_clock_store(s, c);
	judge_deadline_announce(s, c, "clock.tell.extended", c->deadline);
}

/* The open requests of this phase into e[JUDGE_MAX_REQUESTS]; false on a
 * store error. */
static bool
judge_deadline_requests(struct judge_session *s, struct db_extension *e,
    int *n)
{
	if (db_extensions_open(s->env->db, s->who.game.id, s->who.game.phase,
	    e, JUDGE_MAX_REQUESTS, n) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	return true;
}

/* A player's EXTEND <duration>: a request to the GM. */
static void
judge_deadline_ask(struct judge_session *s, const struct judge_line *l,
    struct db_clock *c)
{
	struct db_extension	 e[JUDGE_MAX_REQUESTS];
	struct game_msg		 m;
	char			 d[16];
	int			 secs, n, i;

	if (l->argc != 2 || deadline_duration(l->argv[1], &secs) != 0 ||
	    secs > DEADLINE_MAX_AWAY) {
		judge_err(s, "clock.err.extend_usage", 0);
		return;
	}
	if (!judge_deadline_requests(s, e, &n))
		return;
	for (i = 0; i < n; i++)
		if (e[i].seat == s->who.seat) {
			judge_err(s, "clock.err.extend_open", 0);
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
	judge_notify_notes(s, &s->who, c->tz, GAME_SEAT_GM, &m, 1);
}

/* EXTEND GRANT|REFUSE [power] by the GM. */
static void
judge_deadline_settle(struct judge_session *s, const struct judge_line *l,
    bool grant)
{
	struct db_extension	 e[JUDGE_MAX_REQUESTS];
	struct db_clock		 c;
	struct game_msg		 m;
	int			 n, i, seat = -1, secs = 0, hits = 0;

	if (!judge_clock_here(s, &c))
		return;
	if (l->argc > 2 && (seat = judge_seat_named(s->env, s->who.ops,
	    l->argv[2])) < 0) {
		judge_err(s, "clock.err.no_power", 1, l->argv[2]);
		return;
	}
	if (!judge_deadline_requests(s, e, &n))
		return;
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
		judge_note_time(&m, 1, c.deadline ? c.deadline : c.proposed);
		judge_notify_notes(s, &s->who, c.tz, e[i].seat, &m, 1);
	}
	if (hits == 0)
		judge_err(s, "clock.err.no_request", 0);
	else if (grant)
		judge_deadline_extend_by(s, &c, secs);
	else
		judge_ok(s, "clock.ext.refused_gm", 0);
}

/*
 * EXTEND <duration>: a player asks the GM for more time; the GM's own
 * extension moves the deadline on and answers every open request.
 */
void
judge_cmd_extend(struct judge_session *s, const struct judge_line *l)
{
	struct db_extension	 e[JUDGE_MAX_REQUESTS];
	struct db_clock		 c;
	int			 secs, n, i;

	if (!judge_clock_here(s, &c))
		return;
	if (s->who.seat != GAME_SEAT_GM && !s->who.by_gm) {
		judge_deadline_ask(s, l, &c);
		return;
	}
	if (deadline_duration(l->argv[1], &secs) != 0) {
		judge_err(s, "clock.err.extend_usage", 0);
		return;
	}
	if (!judge_deadline_requests(s, e, &n))
		return;
	for (i = 0; i < n; i++)
		if (db_extension_settle(s->env->db, e[i].id, DB_EXT_GRANTED,
		    s->env->now) != DB_OK)
			judge_store_failed(s);
	judge_deadline_extend_by(s, &c, secs);
}

void
judge_cmd_extend_grant(struct judge_session *s, const struct judge_line *l)
{
	judge_deadline_settle(s, l, true);
}

void
judge_cmd_extend_refuse(struct judge_session *s, const struct judge_line *l)
{
	judge_deadline_settle(s, l, false);
}

void
judge_cmd_pause(struct judge_session *s, const struct judge_line *l)
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
	judge_deadline_announce(s, &c, "clock.tell.paused", 0);
}

void
judge_cmd_resume(struct judge_session *s, const struct judge_line *l)
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
	judge_deadline_announce(s, &c, c.deadline ? "clock.tell.resumed" :
	    "clock.tell.resumed_proposed", c.deadline ? c.deadline :
	    c.proposed);
}

