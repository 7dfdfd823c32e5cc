/*
 * judge_notice.c - what the phase clock says: deadlines in the game's time
 * zone and the reader's language, announcements to the game, and the clock
 * lines of every report.
 *
 * A clock message is a struct game_msg whose time arguments are kept as
 * instants (judge_note_time) and turned into text per reader, so a German
 * player reads "Sa 2026-11-28 20:00 CET" where an English one reads "Sat".
 * Nothing here depends on a game's hidden state: only the clock, the seats
 * and their names are told.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"

#define JUDGE_NOTE_TIME	'\001'	/* marks an argument that is an instant */

void
judge_note_time(struct game_msg *m, int arg, time_t t)
{
	snprintf(m->args[arg], sizeof(m->args[arg]), "%c%lld",
	    JUDGE_NOTE_TIME, (long long)t);
	if (m->nargs <= arg)
		m->nargs = arg + 1;
}

void
judge_note_seat(struct game_msg *m, int arg, const struct judge_seat *w,
    int seat)
{
	snprintf(m->args[arg], sizeof(m->args[arg]), "@%s",
	    w->ops->seat_key(seat));
	if (m->nargs <= arg)
		m->nargs = arg + 1;
}

/* "Sat 2026-11-28 20:00 CET" in the reader's language. */
static void
judge_note_when(const struct catalog *cat, const char *tz, time_t t,
    char *out, size_t outlen)
{
	char		 when[48], key[24];
	const char	*day;
	int		 wday;

	deadline_format(t, tz, when, sizeof(when), &wday);
	snprintf(key, sizeof(key), "clock.wday.%d", wday);
	day = catalog_get(cat, key);
	snprintf(out, outlen, "%s %s", day ? day : "", when);
}

void
judge_note_render(const struct catalog *cat, const char *tz,
    const struct game_msg *m, struct buf *out)
{
	struct game_msg	 r = *m;
	int		 i;

	for (i = 0; i < r.nargs; i++)
		if (r.args[i][0] == JUDGE_NOTE_TIME)
			judge_note_when(cat, tz, (time_t)strtoll(m->args[i] + 1,
			    NULL, 10), r.args[i], sizeof(r.args[i]));
	catalog_render(cat, &r, out);
}

void
judge_note_say(struct judge_session *s, const char *tz,
    const struct game_msg *m, bool error)
{
	buf_puts(&s->reply, "    ");
	if (error) {
		s->nerrors++;
		catalog_say(s->cat, &s->reply, "judge.error_word", 0);
		buf_puts(&s->reply, ": ");
	}
	judge_note_render(s->cat, tz, m, &s->reply);
	buf_putc(&s->reply, '\n');
}

static void
judge_clock_mail(struct judge_session *s, const struct judge_seat *w,
    const char *tz, const char *addr, const struct game_msg *m, int nmsgs)
{
	const struct catalog	*cat;
	struct buf		 subj, body;
	int			 i;

	/* The sender reads the same lines in his reply. */
	if (s->msg && strcasecmp(addr, s->msg->reply_to) == 0)
		return;
	cat = judge_reader_catalog(s, addr);
	buf_init(&subj);
	buf_init(&body);
	catalog_say(cat, &subj, "clock.subject", 1, w->game.name);
	for (i = 0; i < nmsgs; i++) {
		judge_note_render(cat, tz, &m[i], &body);
		buf_putc(&body, '\n');
	}
	judge_queue(s, addr, subj.data, body.data, false, w->game.id);
	buf_free(&subj);
	buf_free(&body);
}

void
judge_clock_tell(struct judge_session *s, const struct judge_seat *w,
    const char *tz, int to, const struct game_msg *m, int nmsgs)
{
	struct db_player	 p[GAME_MAX_SEATS];
	int			 n, i;

	if (to != GAME_SEAT_GM) {
		if (db_players(s->env->db, w->game.id, p, GAME_MAX_SEATS,
		    &n) != DB_OK) {
			judge_store_failed(s);
			return;
		}
		for (i = 0; i < n; i++)
			if (!p[i].resigned && (to == JUDGE_TELL_ALL ||
			    to == p[i].seat))
				judge_clock_mail(s, w, tz, p[i].address, m,
				    nmsgs);
	}
	if (to == GAME_SEAT_GM || to == JUDGE_TELL_ALL)
		judge_clock_mail(s, w, tz, w->game.gm_address, m, nmsgs);
}

void
judge_seat_names(const struct catalog *cat, const struct judge_seat *w,
    const int *seats, int n, struct buf *out)
{
	const char	*name;
	int		 i;

	for (i = 0; i < n; i++) {
		name = catalog_get(cat, w->ops->seat_key(seats[i]));
		buf_printf(out, "%s%s", i ? ", " : "", name ? name :
		    w->ops->seat_key(seats[i]));
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

/*
 * The clock's part of a report: what happened at the phase change (notes),
 * then the deadline as it stands.
 */
void
judge_clock_report(struct judge_session *s, const struct judge_seat *w,
    int seat, const struct catalog *cat, struct buf *out)
{
	struct db_clock	 c;
	int		 i, rc;

	rc = db_clock_get(s->env->db, w->game.id, &c);
	if (rc == DB_ERR)
		judge_store_failed(s);
	if (s->notes && s->notes_game == w->game.id) {
		buf_putc(out, '\n');
		for (i = 0; i < s->nnotes; i++) {
			judge_note_render(cat, rc == DB_OK ? c.tz : "UTC",
			    &s->notes[i], out);
			buf_putc(out, '\n');
		}
	}
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
