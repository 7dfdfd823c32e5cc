/*
 * judge_notify.c - short mails about a game that are not reports: a seat
 * was taken over, a player was removed, the GM is asked to decide.
 *
 * Each reader gets the text in his own language. A notice carries only
 * what every participant may know (seat names, the game's name); the GM's
 * notices may also name addresses, never a password.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "adjudicator/judge/judge_priv.h"

static void
judge_notify_v(struct judge_session *s, const struct db_game *g,
    const char *addr, const char *key, int nargs, va_list ap)
{
	const struct catalog	*cat = judge_reader_catalog(s, addr);
	struct game_msg		 m;
	struct buf		 subj, body;
	int			 i;

	memset(&m, 0, sizeof(m));
	strlcpy_(m.key, key, sizeof(m.key));
	for (i = 0; i < nargs && i < GAME_MSG_ARGS; i++)
		strlcpy_(m.args[i], va_arg(ap, const char *), sizeof(m.args[i]));
	m.nargs = i;
	buf_init(&subj);
	buf_init(&body);
	catalog_say(cat, &subj, "judge.notice.subject", 1, g->name);
	catalog_render(cat, &m, &body);
	buf_puts(&body, "\n");
	judge_queue(s, addr, subj.data, body.data, false, g->id);
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
	judge_notify_v(s, g, addr, key, nargs, ap);
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
	va_list			 ap;
	int			 n, i;

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
		judge_notify_v(s, g, addr, key, nargs, ap);
		va_end(ap);
	}
}
