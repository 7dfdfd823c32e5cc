/*
 * cmd_absence.c - SET ABSENCE <from> [TO <to>] and SET NOABSENCE: a
 * player says on which days he is away (rules/judge-conventions.md 1.4).
 *
 * An absence never moves a deadline the GM approved; it keeps the judge's
 * later proposals out of those days, and the GM is told, with a warning
 * when the current deadline falls inside. Other players are not told where
 * anyone is.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/cmd_absence.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"

/* The days of SET ABSENCE: one day, "d1 d2" or "d1 TO d2". */
static int
judge_absence_days(const struct judge_line *l, const char *tz,
    struct deadline_span *out)
{
	struct deadline_span	 a, b;
	const char		*last;

	if (l->argc == 3)
		last = l->argv[2];
	else if (l->argc == 4)
		last = l->argv[3];
	else if (l->argc == 5 && strcasecmp(l->argv[3], "TO") == 0)
		last = l->argv[4];
	else
		return -1;
	if (deadline_parse_day(l->argv[2], tz, &a) != 0 ||
	    deadline_parse_day(last, tz, &b) != 0 || b.to < a.from)
		return -1;
	out->from = a.from;
	out->to = b.to;
	return 0;
}

static void
judge_absence_tell_gm(struct judge_session *s, struct db_clock *c,
    const struct deadline_span *away)
{
	struct game_msg	 m[2];
	int		 n = 1;

	memset(m, 0, sizeof(m));
	game_msg_set(&m[0], "clock.absence.gm", 0);
	judge_note_seat(&m[0], 0, &s->who, s->who.seat);
	strlcpy_(m[0].args[1], s->who.game.name, sizeof(m[0].args[1]));
	judge_note_time(&m[0], 2, away->from);
	judge_note_time(&m[0], 3, away->to);
	if (c->deadline >= away->from && c->deadline <= away->to) {
		game_msg_set(&m[n], "clock.absence.clash", 0);
		judge_note_time(&m[n++], 0, c->deadline);
	}
	judge_notify_notes(s, &s->who, c->tz, GAME_SEAT_GM, m, n);
}

/* SET NOABSENCE (SET NO ABSENCE): the player's absences are gone. */
void
judge_cmd_set_noabsence(struct judge_session *s, const struct judge_line *l)
{
	struct db_clock		 c;

	(void)l;
	if (!judge_clock_here(s, &c))
		return;
	if (db_absence_clear(s->env->db, s->who.game.id, s->who.seat) != DB_OK)
		judge_store_failed(s);
	else
		judge_ok(s, "clock.absence_cleared", 0);
}

/* A proposal not yet approved is only a proposal: make it anew. */
static void
judge_absence_repropose(struct judge_session *s, struct db_clock *c,
    const struct deadline_span *away)
{
	struct game_msg		 m;

	if (c->deadline || c->proposed < away->from ||
	    c->proposed > away->to ||
	    judge_clock_propose(s, &s->who, c, c->started) != 0)
		return;
	if (db_clock_put(s->env->db, c) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, "clock.tell.reproposed", 1, s->who.game.name);
	judge_note_time(&m, 1, c->proposed);
	judge_note_say(s, c->tz, &m, false);
	judge_notify_notes(s, &s->who, c->tz, JUDGE_NOTIFY_ALL, &m, 1);
}

/* Whether the seat may announce one more absence; says why not. */
static bool
judge_absence_room(struct judge_session *s)
{
	struct db_absence	 a[JUDGE_ABSENCES_MAX];
	int			 n, i, mine = 0;

	if (db_absences(s->env->db, s->who.game.id, s->env->now, a,
	    JUDGE_ABSENCES_MAX, &n) != DB_OK) {
		judge_store_failed(s);
		return false;
	}
	for (i = 0; i < n; i++)
		if (a[i].seat == s->who.seat)
			mine++;
	if (mine >= JUDGE_ABSENCES_SEAT) {
		judge_err(s, "clock.err.absence_full", 0);
		return false;
	}
	return true;
}

/* SET ABSENCE <yyyy-mm-dd> [[TO] <yyyy-mm-dd>] */
void
judge_cmd_set_absence(struct judge_session *s, const struct judge_line *l)
{
	struct deadline_span	 away;
	struct db_clock		 c;
	struct game_msg		 m;
	time_t			 now = s->env->now;

	if (!judge_clock_here(s, &c))
		return;
	if (judge_absence_days(l, c.tz, &away) != 0) {
		judge_err(s, "clock.err.absence_usage", 0);
		return;
	}
	if (away.to < now) {
		judge_err(s, "clock.err.past", 0);
		return;
	}
	if (away.from > now + DEADLINE_MAX_AHEAD) {
		judge_err(s, "clock.err.far", 0);
		return;
	}
	if (away.to - away.from + 1 > DEADLINE_MAX_AWAY) {
		judge_err(s, "clock.err.absence_long", 0);
		return;
	}
	if (!judge_absence_room(s))
		return;
	if (db_absence_add(s->env->db, s->who.game.id, s->who.seat, away.from,
	    away.to, now) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	memset(&m, 0, sizeof(m));
	game_msg_set(&m, "clock.absence_set", 0);
	judge_note_time(&m, 0, away.from);
	judge_note_time(&m, 1, away.to);
	judge_note_say(s, c.tz, &m, false);
	judge_absence_tell_gm(s, &c, &away);
	judge_absence_repropose(s, &c, &away);
}
