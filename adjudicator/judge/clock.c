/*
 * clock.c - the phase clock's row of a game (clock.h).
 *
 * The judge proposes a deadline for every phase from the clock's settings
 * and the players' absences (deadline.c does the arithmetic); the game
 * master approves it (judge/cmd_deadline.c) and the clock driver
 * (judge/tick.c) acts on it. What a step sent is recorded in the row's
 * sent flags in the same transaction as the mail, so a crash neither skips
 * nor repeats a notice. Nothing here depends on a game's hidden state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/clock.h"
#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"

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
	c.approve = conf->approve_auto ? DB_APPROVE_AUTO : DB_APPROVE_GM;
	c.remind = conf->remind;
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
	deadline_duration_format(conf->remind ? conf->remind :
	    JUDGE_GM_REMIND, grace, sizeof(grace));
	judge_ok(s, conf->approve_auto ? "clock.created.auto" :
	    "clock.created.gm", 1, grace);
	deadline_duration_format(conf->remind, grace, sizeof(grace));
	judge_ok(s, conf->remind ? "clock.created.remind" :
	    "clock.created.no_remind", 1, grace);
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

void
judge_clock_store(struct judge_session *s, const struct db_clock *c)
{
	if (db_clock_put(s->env->db, c) != DB_OK)
		judge_store_failed(s);
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
	conf->approve_auto = c->approve == DB_APPROVE_AUTO;
	conf->remind = c->remind;
}

int
judge_clock_setting(struct db_clock *c, const char *word, char *why,
    size_t whylen)
{
	struct deadline_conf	 conf;
	int			 i;

	judge_clock_conf(c, &conf);
	if (strcasecmp(word, "at=any") == 0)
		conf.at = -1;
	else if (deadline_option(word, &conf, why, whylen) != 1) {
		snprintf(why, whylen, "%s", word);
		return -1;
	}
	if (deadline_conf_check(&conf, why, whylen) != 0)
		return -1;
	for (i = 0; i < DEADLINE_KINDS; i++)
		c->secs[i] = conf.secs[i];
	c->grace = conf.grace;
	c->at = conf.at;
	strlcpy_(c->days, conf.days, sizeof(c->days));
	return 0;
}

int
judge_clock_propose(struct judge_session *s, const struct judge_seat *w,
    struct db_clock *c, time_t start)
{
	struct db_absence	 a[JUDGE_ABSENCES_MAX];
	struct deadline_span	 span[JUDGE_ABSENCES_MAX];
	struct db_player	 p[GAME_MAX_SEATS];
	struct deadline_conf	 conf;
	int			 na, np, n = 0, i, j;

	if (db_absences(s->env->db, w->game.id, s->env->now, a,
	    JUDGE_ABSENCES_MAX, &na) != DB_OK || db_players(s->env->db,
	    w->game.id, p, GAME_MAX_SEATS, &np) != DB_OK) {
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

void
judge_clock_begin(struct judge_session *s, const struct judge_seat *w,
    const struct game_state *st)
{
	struct db_clock		 c;
	struct game_stat	 now;

	switch (db_clock_get(s->env->db, w->game.id, &c)) {
	case DB_NONE:
		return;
	case DB_ERR:
		judge_store_failed(s);
		return;
	}
	w->ops->stat(st, &now);
	/* rules/judge-conventions.md 1.4: never before the last deadline. */
	if (c.deadline)
		c.last_deadline = c.deadline;
	c.phase = w->game.phase;
	c.kind = (int)now.phase_kind;
	c.started = s->env->now;
	c.proposed = c.deadline = c.grace_end = 0;
	c.sent = 0;
	if (now.status == GAME_STATUS_RUNNING &&
	    judge_clock_propose(s, w, &c, s->env->now) != 0)
		return;
	/* approve=auto: the proposal holds unless the GM changes it. */
	if (c.approve == DB_APPROVE_AUTO && c.proposed) {
		c.deadline = c.proposed;
		c.grace_end = c.deadline + c.grace;
	}
	judge_clock_store(s, &c);
}

time_t
judge_clock_gm_remind_at(const struct db_clock *c)
{
	if (c->approve != DB_APPROVE_GM || c->deadline || !c->proposed)
		return 0;
	return deadline_remind_at(c->started, c->proposed,
	    c->remind ? c->remind : JUDGE_GM_REMIND);
}

time_t
judge_clock_remind_at(const struct db_clock *c)
{
	return c->deadline ? deadline_remind_at(c->started, c->deadline,
	    c->remind) : 0;
}

int
judge_clock_seat(struct judge_session *s, const struct judge_seat *w,
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
 * not count as ready until a mail without errors.
 */
void
judge_clock_mark(struct judge_session *s, const struct judge_seat *w,
    bool first, bool error)
{
	struct db_clock_seat	 f;
	int			 want;

	if ((!first && !error) || !judge_clock_owns(s, w) ||
	    judge_clock_seat(s, w, &f) != 0)
		return;
	want = error ? w->game.phase : (first ? -1 : f.error_phase);
	if (f.error_phase == want)
		return;
	f.error_phase = want;
	if (db_clock_seat_put(s->env->db, w->game.id, &f) != DB_OK)
		judge_store_failed(s);
}

int
judge_clock_put_cd(struct judge_session *s, const struct judge_seat *w,
    int seat)
{
	struct db_clock_seat	 cs[GAME_MAX_SEATS], f = { seat, -1, -1, true };
	int			 n, i;

	if (db_clock_seats(s->env->db, w->game.id, cs, GAME_MAX_SEATS, &n) !=
	    DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	for (i = 0; i < n; i++)
		if (cs[i].seat == seat)
			f = cs[i];
	f.cd = true;
	if (db_clock_seat_put(s->env->db, w->game.id, &f) != DB_OK) {
		judge_store_failed(s);
		return -1;
	}
	return 0;
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
		judge_notify_notes(s, w, c.tz, GAME_SEAT_GM, &m, 1);
	}
}

static void
judge_report_line(const struct catalog *cat, const char *tz,
    struct buf *out, const char *key, time_t t1, time_t t2)
{
	struct game_msg	 m;

	memset(&m, 0, sizeof(m));
	strlcpy_(m.key, key, sizeof(m.key));
	if (t1)
		judge_note_time(&m, 0, t1);
	if (t2)
		judge_note_time(&m, 1, t2);
	judge_note_render(cat, tz, &m, out);
	buf_putc(out, '\n');
}

static bool
judge_seat_in_cd(struct judge_session *s, int64_t game_id, int seat)
{
	struct db_clock_seat	 cs[GAME_MAX_SEATS];
	int			 n, i;

	if (db_clock_seats(s->env->db, game_id, cs, GAME_MAX_SEATS, &n) !=
	    DB_OK) {
		judge_store_failed(s);
		return false;
	}
	for (i = 0; i < n; i++)
		if (cs[i].seat == seat)
			return cs[i].cd;
	return false;
}

void
judge_clock_notes(struct judge_session *s, const struct judge_seat *w,
    const struct catalog *cat, const struct game_msg *notes, int nnotes,
    struct buf *out)
{
	struct db_clock	 c;
	int		 i, rc;

	if (nnotes <= 0)
		return;
	if ((rc = db_clock_get(s->env->db, w->game.id, &c)) == DB_ERR)
		judge_store_failed(s);
	for (i = 0; i < nnotes; i++) {
		judge_note_render(cat, rc == DB_OK ? c.tz : "UTC", &notes[i],
		    out);
		buf_putc(out, '\n');
	}
}

void
judge_clock_report(struct judge_session *s, const struct judge_seat *w,
    int seat, const struct catalog *cat, struct buf *out)
{
	struct db_clock	 c;
	int		 rc;

	rc = db_clock_get(s->env->db, w->game.id, &c);
	if (rc == DB_ERR)
		judge_store_failed(s);
	if (rc != DB_OK || w->game.status != DB_RUNNING)
		return;
	buf_putc(out, '\n');
	if (c.paused)
		judge_report_line(cat, c.tz, out, "clock.report.paused", 0, 0);
	else if (c.deadline && c.grace)
		judge_report_line(cat, c.tz, out, "clock.report.deadline",
		    c.deadline, c.grace_end);
	else if (c.deadline)
		judge_report_line(cat, c.tz, out, "clock.report.deadline_only",
		    c.deadline, 0);
	else if (c.proposed) {
		judge_report_line(cat, c.tz, out, "clock.report.proposed",
		    c.proposed, 0);
		if (seat == GAME_SEAT_GM)
			judge_report_line(cat, c.tz, out,
			    "clock.report.approve_hint", 0, 0);
	}
	if (seat >= 0 && judge_seat_in_cd(s, w->game.id, seat))
		judge_report_line(cat, c.tz, out, "clock.report.cd", 0, 0);
}
