/*
 * notify.c - short mails about a game that are not reports: a seat was
 * taken over, a player was removed, the GM is asked to decide, and the
 * clock's announcements and reminders.
 *
 * Each reader gets the text in his own language. A notice carries only
 * what every participant may know (seat names, the game's name, the
 * clock); the GM's notices may also name addresses, never a password.
 * What goes to the whole game goes to its observers too, each mail within
 * the observer's hour of answers (observers.c); the GM's notices and the
 * notices to one seat do not.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/notice.h"
#include "adjudicator/judge/notify.h"
#include "adjudicator/judge/observers.h"
#include "adjudicator/judge/queue.h"

/* The notice, with tail (or NULL) after a blank line. */
static void
judge_notify_v(struct judge_session *s, const struct db_game *g,
    const char *addr, const struct buf *tail, const char *key, int nargs,
    va_list ap)
{
	const struct catalog	*cat = judge_reader_catalog(s, addr);
	struct buf		 subj, body;

	buf_init(&subj);
	buf_init(&body);
	catalog_say(cat, &subj, "judge.notice.subject", 1, g->name);
	catalog_vsay(cat, &body, key, nargs, ap);
	buf_puts(&body, "\n");
	if (tail != NULL) {
		buf_putc(&body, '\n');
		buf_add(&body, tail->data, tail->len);
	}
	judge_queue(s, addr, subj.data, body.data, COMPOSE_GENERATED, g->id);
	buf_free(&subj);
	buf_free(&body);
}

/* One notice to addr. The arguments are nargs strings. */
void
judge_notify(struct judge_session *s, const struct db_game *g,
    const char *addr, const char *key, int nargs, ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	judge_notify_v(s, g, addr, NULL, key, nargs, ap);
	va_end(ap);
}

/* The same with tail after it. */
void
judge_notify_copy(struct judge_session *s, const struct db_game *g,
    const char *addr, const struct buf *tail, const char *key, int nargs,
    ...)
{
	va_list	 ap;

	va_start(ap, nargs);
	judge_notify_v(s, g, addr, tail, key, nargs, ap);
	va_end(ap);
}

/*
 * The same notice to every active player of the game and to its GM, except
 * the address except (may be NULL; the sender reads it in his reply).
 */
void
judge_notify_all(struct judge_session *s, const struct db_game *g,
    const char *except, const char *key, int nargs, ...)
{
	struct db_player	 p[GAME_MAX_SEATS];
	struct db_observer	 o[JUDGE_OBSERVERS_MAX];
	va_list			 ap;
	int			 n, no, i;

	if (db_players(s->env->db, g->id, p, GAME_MAX_SEATS, &n) != DB_OK) {
		judge_store_failed(s);
		return;
	}
	for (i = 0; i <= n; i++) {
		const char *addr = i < n ? p[i].address : g->gm_address;

		if (i < n && (p[i].resigned || p[i].ejected))
			continue;
		if (except && strcasecmp(addr, except) == 0)
			continue;
		va_start(ap, nargs);
		judge_notify_v(s, g, addr, NULL, key, nargs, ap);
		va_end(ap);
	}
	if (!judge_observers_list(s, g, o, &no))
		return;
	for (i = 0; i < no; i++) {
		if ((except && strcasecmp(o[i].address, except) == 0) ||
		    !judge_observers_may_mail(s, o[i].address))
			continue;
		va_start(ap, nargs);
		judge_notify_v(s, g, o[i].address, NULL, key, nargs, ap);
		va_end(ap);
	}
}

static void
judge_notify_mail(struct judge_session *s, const struct judge_seat *w,
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
	judge_queue(s, addr, subj.data, body.data, COMPOSE_GENERATED,
	    w->game.id);
	buf_free(&subj);
	buf_free(&body);
}

/* The same to every observer, each within his hour's answers. */
static void
judge_notify_observers(struct judge_session *s, const struct judge_seat *w,
    const char *tz, const struct game_msg *m, int nmsgs)
{
	struct db_observer	 o[JUDGE_OBSERVERS_MAX];
	int			 n, i;

	if (!judge_observers_list(s, &w->game, o, &n))
		return;
	for (i = 0; i < n; i++)
		if (!(s->msg && strcasecmp(o[i].address, s->msg->reply_to) ==
		    0) && judge_observers_may_mail(s, o[i].address))
			judge_notify_mail(s, w, tz, o[i].address, m, nmsgs);
}

void
judge_notify_notes(struct judge_session *s, const struct judge_seat *w,
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
			if (!p[i].resigned && !p[i].ejected &&
			    (to == JUDGE_NOTIFY_ALL ||
			    to == JUDGE_NOTIFY_PLAYERS || to == p[i].seat))
				judge_notify_mail(s, w, tz, p[i].address, m,
				    nmsgs);
	}
	if (to == GAME_SEAT_GM || to == JUDGE_NOTIFY_ALL)
		judge_notify_mail(s, w, tz, w->game.gm_address, m, nmsgs);
	if (to == JUDGE_NOTIFY_ALL)
		judge_notify_observers(s, w, tz, m, nmsgs);
}
